"""The whole online path on the real LoCoMo dev file, through the CLI and Dagster (skips without the data)."""

from __future__ import annotations

import json

import pytest

from memory_pipeline.cli import EXIT_OK, main
from memory_pipeline.lake import Lake

LOCOMO_IDS = ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"]


@pytest.mark.slow
@pytest.mark.full  # the default run has one real conversation through extraction and evaluation
def test_locomo_dev_end_to_end(locomo_dev, tmp_path, capsys):
    lake_dir = tmp_path / "lake"
    assert main(["--lake", str(lake_dir), "ingest", str(locomo_dev)]) == EXIT_OK
    assert main(["--lake", str(lake_dir), "run", "--all"]) == EXIT_OK
    lake = Lake(lake_dir)
    assert lake.partitions("turns") == LOCOMO_IDS
    capsys.readouterr()

    def sql(query: str) -> list[dict]:
        assert main(["--lake", str(lake_dir), "sql", query, "--format", "json"]) == EXIT_OK
        return json.loads(capsys.readouterr().out)

    assert sql("SELECT count(*) AS n FROM turns") == [{"n": 2760}]
    assert sql("SELECT count(*) AS n FROM conversations") == [{"n": 5}]
    first = sql("SELECT turn_id, speaker, role, session_time FROM turns WHERE turn_id = 'conv-26:D1:3'")
    assert first == [
        {"turn_id": "conv-26:D1:3", "speaker": "Caroline", "role": "user", "session_time": "2023-05-08 13:56:00"}
    ]
    # every user turn is scored, every memory is traced to existing turns
    assert sql("SELECT count(*) AS n FROM gate_scores") == [{"n": 2760}]
    orphans = sql(
        "SELECT count(*) AS n FROM memory_sources s LEFT JOIN turns t USING (turn_id) WHERE t.turn_id IS NULL"
    )
    assert orphans == [{"n": 0}]
    admitted = sql("SELECT count(*) AS n FROM gate_scores WHERE admitted")[0]["n"]
    memories = sql("SELECT count(*) AS n FROM memories WHERE memory_kind = 'entry'")[0]["n"]
    assert 0 < admitted < 2760
    assert memories >= 0.99 * admitted  # one entry per admitted turn, empty outputs <= 0.5%
