"""Erasure on request: after ``forget``, no file under the lake holds the conversation, and nothing else changed."""

from __future__ import annotations

import json
from importlib import resources as package_resources
from pathlib import Path

import polars as pl
import pytest

from memory_pipeline.cli import EXIT_OK, main
from memory_pipeline.cli.forget import forget
from memory_pipeline.cli.orchestration import dagster_instance, registered_partitions, stale_partitions, lake_chain
from memory_pipeline.erasure import audit_path
from memory_pipeline.lake import Lake

pytestmark = pytest.mark.slow  # runs the pipeline twice

CANARY = "ZQX-canary-7731"
SAMPLES = Path(str(package_resources.files("memory_pipeline") / "samples"))


def _canary_conversation() -> dict:
    return {
        "conversation_id": "canary-talk",
        "speakers": [{"name": "Ivo", "role": "user"}, {"name": "Pia", "role": "user"}],
        "sessions": [{
            "session_id": "S1", "start_time": "2024-05-02T10:00:00",
            "turns": [
                {"speaker": "Ivo", "text": f"My new passport number is {CANARY} and I moved to Porto last week."},
                {"speaker": "Pia", "text": f"Noted, {CANARY} it is. How is Porto treating you?"},
                {"speaker": "Ivo", "text": "I love it, I started a pottery class there on Tuesdays."},
            ],
        }],
    }


def _files_with(root: Path, needle: str) -> list[str]:
    """Raw bytes of every file, and the decoded strings of every Parquet file (their pages are compressed)."""
    hits = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if needle.encode() in path.read_bytes():
            hits.append(str(path.relative_to(root)))
        elif path.suffix == ".parquet":
            frame = pl.read_parquet(path)
            strings = [c for c, t in frame.schema.items() if t == pl.String]
            if any(frame[c].str.contains(needle, literal=True).any() for c in strings):
                hits.append(str(path.relative_to(root)))
    return hits


def _tables(lake: Lake, exclude: str) -> dict[str, bytes]:
    return {
        str(p.relative_to(lake.root)): p.read_bytes()
        for p in sorted(lake.tables_dir.rglob("*.parquet")) if f"conversation_id={exclude}" not in str(p)
    }


def test_forget_leaves_no_trace_and_the_rest_intact(tmp_path: Path, capsys):
    source = tmp_path / "canary.json"
    source.write_text(json.dumps(_canary_conversation()))
    landing = tmp_path / "lake" / "landing" / "processed"
    landing.mkdir(parents=True)
    (landing / "canary.json").write_bytes(source.read_bytes())  # as if it had been dropped in landing/
    lake = Lake(tmp_path / "lake")
    assert main(["--lake", str(lake.root), "ingest", str(SAMPLES), str(source)]) == EXIT_OK
    assert main(["--lake", str(lake.root), "run", "--all"]) == EXIT_OK
    assert _files_with(lake.root, CANARY)  # the search can see it: Dagster's records hold previews of it
    others_before = _tables(lake, "canary-talk")

    report = forget(lake, "canary-talk")

    assert _files_with(lake.root, CANARY) == []
    assert report.rows_removed["turns"] == 3 and report.total_rows > 3
    assert report.dagster_runs_deleted >= 1
    assert set(report.conversations_rerun) == set(registered_partitions(dagster_instance(lake)))  # they shared the run
    assert _tables(lake, "canary-talk") == others_before  # byte for byte
    instance = dagster_instance(lake)
    assert "canary-talk" not in registered_partitions(instance)
    remaining = registered_partitions(instance)
    assert stale_partitions(instance, lake, lake_chain(lake), remaining) == []
    audit = [json.loads(line) for line in audit_path(lake).read_text().splitlines()]
    assert audit[-1]["conversation_id"] == "canary-talk" and audit[-1]["total_rows"] == report.total_rows
    assert CANARY not in audit_path(lake).read_text()

    capsys.readouterr()
    assert main(["--lake", str(lake.root), "sql", "SELECT count(*) AS n FROM turns WHERE conversation_id = 'canary-talk'",
                 "--format", "json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out) == [{"n": 0}]
    assert main(["--lake", str(lake.root), "forget", "canary-talk"]) != EXIT_OK  # already gone: says so


def test_forget_leaves_no_trace_when_the_conversation_was_the_last_one_materialised(sample_lake, tmp_path: Path):
    """Run alone and last, the conversation's materialisations are every asset's latest: Dagster's asset table
    keeps a copy of each (previews of its texts) that deleting the run does not remove."""
    import dagster as dg

    from tests.pipeline_runs import copy_lake

    source = tmp_path / "canary.json"
    source.write_text(json.dumps(_canary_conversation()))
    lake = Lake(copy_lake(sample_lake.root, tmp_path / "lake"))  # the samples ingested and run, as a user's lake
    for step in (["ingest", str(source)], ["run", "--all"]):
        assert main(["--lake", str(lake.root), *step]) == EXIT_OK
    with dagster_instance(lake) as instance:
        latest = instance.get_latest_materialization_event(dg.AssetKey("turns"))
        assert latest.dagster_event.partition == "canary-talk"

    report = forget(lake, "canary-talk")

    assert report.conversations_rerun == []  # it shared no run: nothing re-materialised over the copies
    assert _files_with(lake.root, CANARY) == []
    with dagster_instance(lake) as instance:
        latest = instance.get_latest_materialization_event(dg.AssetKey("turns"))
        assert latest.dagster_event.partition in registered_partitions(instance)  # a sample's, still there
