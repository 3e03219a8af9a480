"""`memory-pipeline eval locomo` and the `evaluation_report` asset on the first sessions of a real LoCoMo conversation."""

from __future__ import annotations

import json
import re

import dagster as dg
import pytest

from assets.evaluation import evaluation_report
from memory_pipeline.cli import EXIT_OK, main
from resources import EmbedderResource, LakeResource


SESSIONS = 6  # of conv-30's 19: 119 turns and 44 of its 105 questions, a third of the whole conversation's time


def _session_number(key: str) -> int | None:
    """LoCoMo names per-session records "session_3", "session_3_date_time", "session_3_summary",
    "events_session_3"; the number of the session, or None for a key that belongs to none."""
    match = re.search(r"session_(\d+)", key)
    return int(match.group(1)) if match else None


def first_sessions(sample: dict, sessions: int) -> dict:
    """A LoCoMo sample cut to its first sessions: the later ones gone from every per-session record, and only the
    questions whose evidence lies wholly inside what is kept."""
    def kept(record: dict) -> dict:
        return {k: v for k, v in record.items() if (_session_number(k) or 0) <= sessions}

    def inside(question: dict) -> bool:
        return all(int(ref.split(":")[0][1:]) <= sessions for ref in question.get("evidence", []) if ref)

    cut = {key: kept(value) if isinstance(value, dict) else value for key, value in sample.items()}
    cut["qa"] = [question for question in sample["qa"] if inside(question)]
    return cut


@pytest.fixture(scope="module")
def one_conversation(tmp_path_factory):
    from tests.conftest import LOCOMO_DEV, require_shared

    samples = json.loads(require_shared(LOCOMO_DEV).read_text())
    path = tmp_path_factory.mktemp("locomo") / "conv-30.json"
    path.write_text(json.dumps([first_sessions(s, SESSIONS) for s in samples if s["sample_id"] == "conv-30"]))
    return path


@pytest.mark.slow
def test_eval_cli_and_asset_agree(one_conversation, tmp_path):
    lake_dir, out = tmp_path / "lake", tmp_path / "report"
    assert main(["--lake", str(lake_dir), "eval", "locomo", str(one_conversation), "--out", str(out)]) == EXIT_OK
    metrics = json.loads((out / "metrics.json").read_text())
    for key in ("gate_keep_ratio", "gate_evidence_recall", "store_evidence_coverage", "recall@10", "recall@200w"):
        assert 0.0 <= metrics[key] <= 1.0, key
    assert metrics["recall@25"] >= metrics["recall@10"] >= metrics["recall@5"]
    assert (out / "report.md").read_text().strip()
    assert len(list(out.glob("*.png"))) >= 3

    asset_out = tmp_path / "asset_report"
    result = dg.materialize(
        [evaluation_report],
        resources={"lake": LakeResource(lake_dir=str(lake_dir)), "embedder": EmbedderResource()},
        run_config={"ops": {"evaluation_report": {"config": {
            "locomo_path": str(one_conversation), "out_dir": str(asset_out)}}}},
    )
    assert result.success
    metadata = result.asset_materializations_for_node("evaluation_report")[0].metadata
    assert any(key.startswith("plot/") for key in metadata)
    asset_metrics = json.loads((asset_out / "metrics.json").read_text())
    assert asset_metrics["recall@10"] == metrics["recall@10"]
    assert asset_metrics["gate_keep_ratio"] == metrics["gate_keep_ratio"]
