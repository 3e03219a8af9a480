"""The gate shipped inside the package: small, self-describing, and sensible on obvious cases."""

import json

import polars as pl
import pytest

from memory_pipeline.config import GateConfig
from memory_pipeline.gate.infer import score_turns
from memory_pipeline.gate.model import ARTIFACT_CONFIG, SHIPPED_WEIGHTS_DIR, WEIGHTS_FILE, GateModel
from memory_pipeline.gate.packing import LAYOUTS


@pytest.fixture(scope="module")
def shipped() -> GateModel:
    return GateModel.load(GateConfig(device="cpu"))


def test_shipped_weights_are_small_and_described():
    # The bound is "well under 64 MB"; a fine-tuned MiniLM block is 7.1 MB of float32.
    assert (SHIPPED_WEIGHTS_DIR / WEIGHTS_FILE).stat().st_size <= 32 * 1024 * 1024
    config = json.loads((SHIPPED_WEIGHTS_DIR / ARTIFACT_CONFIG).read_text())
    assert {"encoder", "trained_layers", "context_k", "max_length", "threshold"} <= config.keys()
    assert config["context_k"] in (0, 1, 3, 5) and 0.0 < config["threshold"] < 1.0
    assert (SHIPPED_WEIGHTS_DIR / "MODEL_CARD.md").exists()


@pytest.mark.slow
def test_shipped_gate_ranks_a_personal_fact_above_a_greeting(shipped):
    turns = pl.DataFrame(
        {
            "turn_id": ["t:0", "t:1", "t:2", "t:3"],
            "conversation_id": ["t"] * 4,
            "session_index": [1] * 4,
            "seq": [0, 1, 2, 3],
            "speaker": ["Jo", "Sam", "Jo", "Sam"],
            "role": ["user"] * 4,
            "text": [
                "Hey Sam! Good to see you!",
                "Hi Jo!",
                "So what have you been up to?",
                "I just started a new job as a pediatric nurse in Seattle, and I adopted a puppy named Max.",
            ],
        }
    )
    scores = dict(zip(*score_turns(shipped, turns).select("turn_id", "p_admit")))
    assert scores["t:3"] > scores["t:1"] and scores["t:3"] > scores["t:0"]
    assert shipped.model_id.startswith("gate-") and shipped.context_k in (0, 1, 3, 5)


def test_shipped_gate_names_the_layout_it_was_trained_on(shipped):
    # inference packs in this layout (test_gate_infer); the card tells a reader which one it is
    config = json.loads((SHIPPED_WEIGHTS_DIR / ARTIFACT_CONFIG).read_text())
    assert config["packing"] in LAYOUTS and shipped.packing == config["packing"]
    assert f"Input layout `{config['packing']}`" in (SHIPPED_WEIGHTS_DIR / "MODEL_CARD.md").read_text()
