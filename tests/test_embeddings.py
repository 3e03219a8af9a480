"""The MiniLM embedder: dimension, device, precision, normalised float32 vectors, and memory_embeddings rows."""

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


@pytest.mark.slow
def test_a_repeated_text_is_encoded_once_and_gets_its_vector_in_every_place(embedder, monkeypatch):
    seen: list[list[str]] = []
    encode = embedder.model.encode
    monkeypatch.setattr(embedder.model, "encode", lambda texts, **kw: (seen.append(list(texts)), encode(texts, **kw))[1])
    texts = ["thanks!", "We moved to Lisbon.", "thanks!", "I start my new job on Monday.", "We moved to Lisbon."]
    vectors = embedder.encode(texts)
    assert seen == [["thanks!", "We moved to Lisbon.", "I start my new job on Monday."]]
    assert vectors.shape == (5, 384)
    assert np.array_equal(vectors[0], vectors[2]) and np.array_equal(vectors[1], vectors[4])
    assert not np.array_equal(vectors[0], vectors[1])
    assert np.allclose(vectors[3], embedder.encode(["I start my new job on Monday."])[0], atol=1e-6)


@pytest.mark.slow
def test_entries_and_units_are_embedded_in_one_call_in_table_order(embedder, monkeypatch):
    from memory_pipeline.embeddings import embed_memory_tables

    calls = []
    encode = embedder.encode
    monkeypatch.setattr(embedder, "encode", lambda texts: (calls.append(len(texts)), encode(texts))[1])
    entries = pl.DataFrame({"memory_id": ["e1", "e2"], "conversation_id": ["c1", "c2"], "text": ["one", "two"]})
    units = pl.DataFrame({"memory_id": ["u1"], "conversation_id": ["c1"], "text": ["one"]})
    frame = embed_memory_tables({"entry": entries, "fta_unit": units, "none": units.head(0)}, embedder)
    assert calls == [3]
    assert frame["memory_id"].to_list() == ["e1", "e2", "u1"]
    assert frame["memory_kind"].to_list() == ["entry", "entry", "fta_unit"]
    assert frame["conversation_id"].to_list() == ["c1", "c2", "c1"]
    assert frame["vector"][0].to_list() == frame["vector"][2].to_list()  # a unit that is one entry's text


@pytest.mark.slow
def test_embedder_batch_size_defaults_to_the_device_and_an_explicit_one_wins():
    from memory_pipeline.config import EmbedderConfig
    from memory_pipeline.devices import default_batch_size
    from memory_pipeline.embeddings import Embedder

    assert default_batch_size("cpu") == 32 and default_batch_size("cuda:1") == 256
    assert EmbedderConfig().batch_size is None
    assert Embedder.load(EmbedderConfig(device="cpu")).batch_size == 32
    assert Embedder.load(EmbedderConfig(device="cpu", batch_size=8)).batch_size == 8


def test_precision_auto_follows_the_hardware_and_an_explicit_one_wins(monkeypatch):
    import memory_pipeline.devices as devices

    assert devices.choose_precision("float32", "cpu") == "float32"
    assert devices.choose_precision("bfloat16", "cpu") == "bfloat16"
    monkeypatch.setattr(devices, "cpu_has_native_bf16", lambda: True)
    assert devices.choose_precision("auto", "cpu") == "bfloat16"
    monkeypatch.setattr(devices, "cpu_has_native_bf16", lambda: False)
    assert devices.choose_precision("auto", "cpu") == "float32"


def test_bfloat16_runs_the_matrix_products_in_bfloat16_and_leaves_the_weights_alone():
    import torch

    from memory_pipeline.devices import computing_in

    layer = torch.nn.Linear(8, 3)
    inputs = torch.randn(4, 8)
    with computing_in("bfloat16", "cpu"):
        rounded = layer(inputs)
    with computing_in("float32", "cpu"):
        reference = layer(inputs)
    assert rounded.dtype == torch.bfloat16 and reference.dtype == torch.float32
    assert layer.weight.dtype == torch.float32
    assert torch.allclose(rounded.float(), reference, rtol=0.02, atol=0.05)


@pytest.mark.slow
def test_bfloat16_vectors_stay_next_to_their_float32_selves(embedder):
    from dataclasses import replace

    texts = ["Caroline went to a support group.", "We moved to Lisbon in May.", "thanks!"]
    reference = replace(embedder, precision="float32").encode(texts)
    rounded = replace(embedder, precision="bfloat16").encode(texts)
    assert rounded.dtype == np.float32
    assert not np.array_equal(reference, rounded)  # the rounding did happen
    assert (reference * rounded).sum(axis=1).min() > 0.999


def test_precision_auto_on_a_gpu_is_its_half_precision(monkeypatch):
    import torch

    from memory_pipeline.devices import choose_precision

    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *args, **kwargs: True)
    assert choose_precision("auto", "cuda") == "bfloat16"
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *args, **kwargs: False)
    assert choose_precision("auto", "cuda:1") == "float16"
    assert choose_precision("float32", "cuda") == "float32"

