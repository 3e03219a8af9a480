import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import polars as pl
import pytest
import torch
from safetensors.torch import load_file, save_file

from memory_pipeline.config import GateConfig
from memory_pipeline.gate.infer import (
    batch_to_device,
    collate,
    gate_metrics,
    length_sorted_batches,
    predict_probabilities,
    score_turns,
    user_turn_messages,
)
from memory_pipeline.devices import default_batch_size
from memory_pipeline.gate.model import WEIGHTS_FILE, GateArtifact, GateModel, save_gate_weights
from memory_pipeline.gate.packing import PackedInput
from memory_pipeline.schemas import GATE_SCORES
from tests.test_gate_helpers import packaged_tokenizer, tiny_network

GATE_SCORES_POLARS = pl.from_arrow(GATE_SCORES.empty_table()).schema


def test_length_sorted_batches_are_sorted_and_cover_everything():
    lengths = [5, 40, 12, 40, 3, 27, 8]
    batches = length_sorted_batches(lengths, 3)
    flat = [index for batch in batches for index in batch]
    assert sorted(flat) == list(range(len(lengths)))
    assert [lengths[i] for i in flat] == sorted(lengths, reverse=True)


class LengthNetwork(torch.nn.Module):
    """Logit = number of real tokens: lets a test see which input each probability came from."""

    def forward(self, input_ids, attention_mask, target_mask):
        return attention_mask.sum(dim=1).float() / 10.0


def test_predictions_come_back_in_the_original_order():
    lengths = [7, 30, 3, 18, 30, 11, 2, 25]
    packed = [PackedInput(input_ids=[101] * n, target_mask=[1] * n) for n in lengths]
    probabilities = predict_probabilities(LengthNetwork(), packed, pad_id=0, batch_size=3, device="cpu")
    expected = 1 / (1 + np.exp(-np.array(lengths) / 10.0))
    np.testing.assert_allclose(probabilities, expected, rtol=1e-6)


def test_collate_pads_ragged_items_and_marks_real_and_target_tokens():
    batch = [
        PackedInput(input_ids=[101, 5, 6, 102], target_mask=[0, 1, 1, 0]),
        PackedInput(input_ids=[101, 7, 102], target_mask=[0, 1, 0]),
        PackedInput(input_ids=[101, 8, 9, 10, 11, 102], target_mask=[0, 0, 1, 1, 1, 0]),
        PackedInput(input_ids=[101, 102], target_mask=[0, 0]),
    ]
    tensors = collate(batch, pad_id=99)
    expected = {
        "input_ids": [
            [101, 5, 6, 102, 99, 99],
            [101, 7, 102, 99, 99, 99],
            [101, 8, 9, 10, 11, 102],
            [101, 102, 99, 99, 99, 99],
        ],
        "attention_mask": [
            [1, 1, 1, 1, 0, 0],
            [1, 1, 1, 0, 0, 0],
            [1, 1, 1, 1, 1, 1],
            [1, 1, 0, 0, 0, 0],
        ],
        "target_mask": [
            [0, 1, 1, 0, 0, 0],
            [0, 1, 0, 0, 0, 0],
            [0, 0, 1, 1, 1, 0],
            [0, 0, 0, 0, 0, 0],
        ],
    }
    assert set(tensors) == set(expected)
    for name, rows in expected.items():
        assert tensors[name].dtype == torch.long, name
        assert torch.equal(tensors[name], torch.tensor(rows)), name
    assert all(torch.equal(moved, tensors[name]) for name, moved in batch_to_device(tensors, "cpu").items())


def turns_frame() -> pl.DataFrame:
    rows = [
        ("c1", 1, 0, "Ann", "user", "Hi Bob!"),
        ("c1", 1, 1, "Bob", "assistant", "Hello Ann, how was your week?"),
        ("c1", 1, 2, "Ann", "user", "I adopted a rescue dog named Biscuit on Saturday."),
        ("c1", 2, 3, "Ann", "user", "Morning."),
        ("c1", 2, 4, "Sys", "other", "session resumed"),
        ("c2", 1, 0, "Cid", "user", "I'm training for the Boston marathon in April."),
    ]
    return pl.DataFrame(
        {
            "turn_id": [f"{c}:{seq}" for c, _, seq, *_ in rows],
            "conversation_id": [r[0] for r in rows],
            "session_index": [r[1] for r in rows],
            "seq": [r[2] for r in rows],
            "speaker": [r[3] for r in rows],
            "role": [r[4] for r in rows],
            "text": [r[5] for r in rows],
        }
    )


def tiny_model(threshold=0.5) -> GateModel:
    return GateModel(
        network=tiny_network().eval(),
        tokenizer=packaged_tokenizer(),
        model_id="gate-test",
        threshold=threshold,
        context_k=1,
        max_length=128,
        batch_size=2,
        device=torch.device("cpu"),
        dtype=torch.float32,
    )


def test_score_turns_scores_only_user_turns_and_conforms_to_gate_scores(lake):
    scores = score_turns(tiny_model(threshold=0.5), turns_frame())
    assert scores["turn_id"].to_list() == ["c1:0", "c1:2", "c1:3", "c2:0"]
    assert scores.columns == GATE_SCORES.names
    assert scores.schema == GATE_SCORES_POLARS
    assert ((scores["p_admit"] >= 0.5) == scores["admitted"]).all()
    assert set(scores["gate_model_id"]) == {"gate-test"} and set(scores["context_k"]) == {1}
    lake.write_partition("gate_scores", "c1", scores.filter(pl.col("conversation_id") == "c1"))


def test_context_is_the_k_preceding_messages_of_the_same_session():
    user_rows, targets, contexts = user_turn_messages(turns_frame(), k=2)
    assert user_rows["turn_id"].to_list() == ["c1:0", "c1:2", "c1:3", "c2:0"]
    assert [target.text for target in targets] == user_rows["text"].to_list()
    assert [[message.text for message in context] for context in contexts] == [
        [],
        ["Hi Bob!", "Hello Ann, how was your week?"],
        [],  # a new session
        [],  # a new conversation
    ]
    _, _, last_only = user_turn_messages(turns_frame(), k=1)
    assert [message.text for message in last_only[1]] == ["Hello Ann, how was your week?"]


def test_scores_do_not_depend_on_the_batch_size():
    turns = turns_frame().with_columns(image_caption=pl.Series([None, None, "a dog on a lawn", None, None, None]))
    model = tiny_model()
    one_by_one = score_turns(replace(model, batch_size=1), turns)
    batched = score_turns(replace(model, batch_size=32), turns)
    assert one_by_one["turn_id"].to_list() == batched["turn_id"].to_list()
    np.testing.assert_allclose(one_by_one["p_admit"].to_numpy(), batched["p_admit"].to_numpy(), atol=1e-5)


def test_score_turns_on_no_turns_gives_an_empty_conforming_frame():
    empty = turns_frame().clear()
    scores = score_turns(tiny_model(), empty)
    assert scores.height == 0 and scores.schema == GATE_SCORES_POLARS


def test_gate_metrics_summarise_scores():
    scores = score_turns(tiny_model(threshold=0.0), turns_frame())
    metrics = gate_metrics(scores, seconds=2.0, device="cpu", precision="bfloat16")
    assert metrics["turns_scored"] == 4 and metrics["admitted_ratio"] == 1.0
    assert sum(metrics["score_histogram"]["counts"]) == 4 and len(metrics["score_histogram"]["counts"]) == 10
    assert metrics["turns_per_second"] == 2.0 and metrics["device"] == "cpu" and metrics["precision"] == "bfloat16"


def write_tiny_gate(root: Path) -> tuple[Path, Path]:
    """A saved tiny encoder and gate weights, loadable by GateModel.load like the shipped gate."""
    network = tiny_network()
    encoder_dir, weights_dir = root / "encoder", root / "weights"
    network.encoder.save_pretrained(encoder_dir)
    packaged_tokenizer().save_pretrained(encoder_dir)
    artifact = GateArtifact(
        encoder=str(encoder_dir), trained_layers=[1], context_k=1, max_length=512, threshold=0.4
    )
    save_gate_weights(network, artifact, weights_dir)
    return encoder_dir, weights_dir


def test_batch_size_defaults_to_the_device_and_an_explicit_one_wins(tmp_path):
    _, weights_dir = write_tiny_gate(tmp_path)
    assert GateModel.load(GateConfig(weights_dir=str(weights_dir), device="cpu")).batch_size == 32
    assert GateModel.load(GateConfig(weights_dir=str(weights_dir), device="cpu", batch_size=8)).batch_size == 8
    assert default_batch_size(torch.device("cuda")) == 256


def test_model_id_changes_when_the_weights_change(tmp_path):
    _, weights_dir = write_tiny_gate(tmp_path)
    config = GateConfig(weights_dir=str(weights_dir), device="cpu")
    first = GateModel.load(config)
    assert first.threshold == pytest.approx(0.4) and first.context_k == 1
    assert GateModel.load(config).model_id == first.model_id

    state = load_file(str(weights_dir / WEIGHTS_FILE))
    state["head.bias"] = state["head.bias"] + 0.5
    save_file(state, str(weights_dir / WEIGHTS_FILE))
    changed = GateModel.load(config)
    assert changed.model_id != first.model_id

    config_path = weights_dir / "config.json"
    artifact = json.loads(config_path.read_text())
    config_path.write_text(json.dumps({**artifact, "threshold": 0.3}))
    assert GateModel.load(config).model_id != changed.model_id


def test_bfloat16_scores_stay_next_to_float32_ones():
    from dataclasses import replace

    model = tiny_model(threshold=0.5)
    reference = score_turns(model, turns_frame())["p_admit"].to_numpy()
    rounded = score_turns(replace(model, precision="bfloat16"), turns_frame())["p_admit"].to_numpy()
    assert not np.array_equal(reference, rounded)  # the forward pass did run in bfloat16
    assert np.abs(reference - rounded).max() < 0.02


def test_gate_weights_follow_the_precision_on_cuda_and_stay_float32_on_cpu():
    from memory_pipeline.gate.model import inference_dtype

    assert inference_dtype(torch.device("cuda"), "bfloat16") == torch.bfloat16
    assert inference_dtype(torch.device("cuda"), "float16") == torch.float16
    assert inference_dtype(torch.device("cuda"), "float32") == torch.float32
    assert inference_dtype(torch.device("cpu"), "bfloat16") == torch.float32


def test_a_gate_is_scored_in_the_layout_it_was_trained_on(tmp_path):
    """The layout is part of the gate: written in its config by training, read back by inference. The same news
    typed two ways scores the same only for a gate trained with chat's spellings written out."""
    from memory_pipeline.gate.packing import AS_TYPED, WRITTEN_OUT

    _, weights_dir = write_tiny_gate(tmp_path)
    config_path = weights_dir / "config.json"
    turns = pl.DataFrame({
        "turn_id": ["t:0", "t:1"], "conversation_id": ["t"] * 2, "session_index": [1, 2], "seq": [0, 1],
        "speaker": ["Jo"] * 2, "role": ["user"] * 2, "text": ["im off tmrw tho", "I'm off tomorrow though"],
    })
    scores = {}
    for layout in (AS_TYPED, WRITTEN_OUT):
        config_path.write_text(json.dumps({**json.loads(config_path.read_text()), "packing": layout}))
        model = GateModel.load(GateConfig(weights_dir=str(weights_dir), device="cpu"))
        assert model.packing == layout
        scores[layout] = score_turns(model, turns)["p_admit"].to_list()
    assert scores[WRITTEN_OUT][0] == pytest.approx(scores[WRITTEN_OUT][1], abs=1e-6)
    assert scores[AS_TYPED][0] != pytest.approx(scores[AS_TYPED][1], abs=1e-4)
    assert scores[AS_TYPED][1] == pytest.approx(scores[WRITTEN_OUT][1], abs=1e-6)  # nothing to write out


def test_a_gate_in_a_layout_this_version_cannot_pack_is_refused(tmp_path):
    _, weights_dir = write_tiny_gate(tmp_path)
    config_path = weights_dir / "config.json"
    config_path.write_text(json.dumps({**json.loads(config_path.read_text()), "packing": "ctx-target-v9"}))
    with pytest.raises(ValueError, match="unknown gate input layout 'ctx-target-v9'"):
        GateModel.load(GateConfig(weights_dir=str(weights_dir), device="cpu"))
