"""The lake's event-log storage (kept connections, batched writes) against Dagster's own SQLite storage, and the
models a process keeps from run to run."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import dagster as dg
import pytest

from assets.ingestion import ingestion
from assets.partitions import conversation_partitions
from memory_pipeline.cli.event_log import (
    EVENT_BATCH_SIZE_VARIABLE,
    KEPT_ENGINES,
    SqliteKeptConnectionEventLogStorage,
    event_batches,
)
from memory_pipeline.cli.orchestration import PARTITION_RANGE_END_TAG, PARTITION_RANGE_START_TAG, dagster_instance
from memory_pipeline.ingest import ingest_files
from memory_pipeline.lake import Lake
from resources import LakeResource
from resources.models import LoadedModels, ParserResource, ParserSettings

SAMPLES = Path(__file__).resolve().parents[1] / "memory_pipeline" / "samples"


def _chunked_ingestion(lake: Lake, instance) -> list[str]:
    """Two chunked runs of the ingestion step (planned events and one materialisation per partition)."""
    ids = sorted(ingest_files(lake, [SAMPLES]).accepted)
    instance.add_dynamic_partitions(conversation_partitions.name, ids)
    for _ in range(2):
        result = dg.materialize(
            [ingestion], instance=instance, resources={"lake": LakeResource(lake_dir=str(lake.root))},
            tags={PARTITION_RANGE_START_TAG: ids[0], PARTITION_RANGE_END_TAG: ids[-1]},
        )
        assert result.success
    return ids


def _index_rows(home: Path) -> list[tuple]:
    """What the cross-run index holds, without what differs from run to run (ids, run ids, times, payloads)."""
    with sqlite3.connect(home / "history" / "runs" / "index.db") as con:
        events = con.execute(
            "SELECT dagster_event_type, asset_key, partition, step_key FROM event_logs ORDER BY id"
        ).fetchall()
        keys = con.execute("SELECT asset_key FROM asset_keys ORDER BY asset_key").fetchall()
        tags = con.execute("SELECT asset_key, key, value FROM asset_event_tags ORDER BY id").fetchall()
    # Data versions hash each lake's own inputs; which tags an event has, and its partition's, must agree.
    return [*events, *keys, *[(asset, key, "" if "version" in key else value) for asset, key, value in tags]]


def test_batched_kept_connection_log_stores_what_dagsters_sqlite_log_stores(tmp_path: Path, monkeypatch):
    batches: list[int] = []
    store = SqliteKeptConnectionEventLogStorage._store_asset_events  # noqa: SLF001
    monkeypatch.setattr(SqliteKeptConnectionEventLogStorage, "_store_asset_events",
                        lambda self, events: (batches.append(len(events)), store(self, events))[1])
    plain_lake, kept_lake = Lake(tmp_path / "plain"), Lake(tmp_path / "kept")
    plain_home = plain_lake.dagster_home
    plain_home.mkdir(parents=True)
    (plain_home / "dagster.yaml").write_text(  # Dagster's default storage, named so the lake's override stays out
        f"storage:\n  sqlite:\n    base_dir: {plain_home}\ntelemetry:\n  enabled: false\n"
    )
    with dagster_instance(plain_lake) as plain:
        assert type(plain.event_log_storage).__name__ == "SqliteEventLogStorage"
        ids = _chunked_ingestion(plain_lake, plain)
    with dagster_instance(kept_lake) as kept, event_batches():
        assert isinstance(kept.event_log_storage, SqliteKeptConnectionEventLogStorage)
        assert _chunked_ingestion(kept_lake, kept) == ids
    assert max(batches) >= len(ids)  # a chunk's planned events and its materialisations went as batches
    rows = _index_rows(kept_lake.dagster_home)
    assert rows == _index_rows(plain_home)
    assert sum(row[0] == "ASSET_MATERIALIZATION" for row in rows) == 2 * 2 * len(ids)  # 2 runs x 2 assets

    # Plain Dagster (what `dagster dev` opens) reads the lake's log as its own.
    reader = dg.DagsterInstance.from_config(str(kept_lake.dagster_home))
    assert reader.get_materialized_partitions(dg.AssetKey("turns")) == set(ids)
    latest = reader.get_latest_materialization_event(dg.AssetKey("turns"))
    assert latest.asset_materialization.partition in ids
    reader.dispose()


def test_kept_engines_are_bounded_and_leave_no_write_ahead_log_behind(tmp_path: Path):
    storage = SqliteKeptConnectionEventLogStorage(str(tmp_path))
    for n in range(KEPT_ENGINES + 3):
        with storage.run_connection(f"run-{n}") as conn:
            conn.exec_driver_sql("SELECT 1")
    assert len(storage._engines) == KEPT_ENGINES  # noqa: SLF001 - the bound is what is tested
    assert "index" in storage._engines  # noqa: SLF001
    storage.dispose()
    assert sorted(p.name for p in tmp_path.glob("*-wal")) == []
    assert len(list(tmp_path.glob("run-*.db"))) == KEPT_ENGINES + 3


def test_event_batches_switch_is_scoped_and_yields_to_the_environment(monkeypatch):
    monkeypatch.delenv(EVENT_BATCH_SIZE_VARIABLE, raising=False)
    import os

    with event_batches():
        assert int(os.environ[EVENT_BATCH_SIZE_VARIABLE]) > 0
    assert EVENT_BATCH_SIZE_VARIABLE not in os.environ
    monkeypatch.setenv(EVENT_BATCH_SIZE_VARIABLE, "0")  # a user who turned batches off keeps them off
    with event_batches():
        assert os.environ[EVENT_BATCH_SIZE_VARIABLE] == "0"
    assert os.environ[EVENT_BATCH_SIZE_VARIABLE] == "0"


def test_loaded_models_keep_one_per_kind_and_reload_on_other_settings():
    models, loads = LoadedModels(), []

    def loader(value):
        def load():
            loads.append(value)
            return object()
        return load

    first = models.get("parser", "a", loader("a"))
    assert models.get("parser", "a", loader("a")) is first
    other = models.get("embedder", "a", loader("e"))
    assert other is not first and models.get("parser", "a", loader("a")) is first
    replaced = models.get("parser", "b", loader("b"))
    assert replaced is not first and loads == ["a", "e", "b"]


@pytest.mark.slow
def test_a_process_loads_the_parser_once_for_all_its_runs():
    from resources.models import PROCESS_MODELS

    PROCESS_MODELS.clear()
    try:
        first, second = ParserResource(), ParserResource()
        first.setup_for_execution(None)
        second.setup_for_execution(None)
        assert first.parser is second.parser
        other = ParserResource(settings=ParserSettings(batch_size=8))
        other.setup_for_execution(None)
        assert other.parser is not first.parser and other.parser.batch_size == 8
        with pytest.MonkeyPatch.context() as patch:  # a stand-in loader neither serves nor is served the real one
            patch.setattr(ParserResource, "load", lambda self: object())
            stand_in = ParserResource()
            stand_in.setup_for_execution(None)
            assert not hasattr(stand_in.parser, "parse_batch")
        again = ParserResource()
        again.setup_for_execution(None)
        assert hasattr(again.parser, "parse_batch")
    finally:
        PROCESS_MODELS.clear()
