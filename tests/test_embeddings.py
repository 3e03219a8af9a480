"""The MiniLM embedder: dimension, device, normalised float32 vectors, and memory_embeddings rows."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from memory_pipeline.devices import choose_device
from memory_pipeline.embeddings import embed_memories
from memory_pipeline.schemas import MEMORY_EMBEDDINGS


@pytest.mark.slow
def test_loaded_model_describes_itself(embedder):
    assert embedder.dimension == 384
    assert embedder.device == "cpu"
    assert "MiniLM" in embedder.model_name


@pytest.mark.slow
def test_vectors_are_normalised_float32(embedder):
    vectors = embedder.encode(["Caroline went to a support group.", "Melanie painted a sunrise."])
    assert vectors.dtype == np.float32 and vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.encode([]).shape == (0, 384)


@pytest.mark.slow
def test_similar_texts_are_closer(embedder):
    a, b, c = embedder.encode(["I adopted a puppy.", "We got a new dog from the shelter.", "The stock market fell today."])
    assert a @ b > a @ c


@pytest.mark.slow
def test_embed_memories_rows(embedder):
    entries = pl.DataFrame({"memory_id": ["m1", "m2"], "conversation_id": ["c1", "c1"], "text": ["one", "two"]})
    frame = embed_memories(entries, embedder)
    assert frame.columns == MEMORY_EMBEDDINGS.names
    assert frame["model"].to_list() == [embedder.model_name] * 2
    assert len(frame["vector"][0]) == 384
    empty = embed_memories(entries.head(0), embedder)
    assert empty.height == 0 and empty.columns == MEMORY_EMBEDDINGS.names


def test_device_choice_respects_an_explicit_request():
    assert choose_device("cpu") == "cpu"
    assert choose_device("auto") in ("cpu", "cuda")
