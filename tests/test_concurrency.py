"""Eight ``memory-pipeline run`` processes at once on one lake, with SQLite and with Postgres instance storage:
every one succeeds, they take turns on the lake's run lock, exactly one does the work (no partition is
materialised twice), and the lake equals an uninterrupted serial run's, byte for byte."""

from __future__ import annotations

import re
from collections import Counter

import dagster as dg
import pytest

from memory_pipeline.cli.orchestration import dagster_instance, lake_chain
from memory_pipeline.lake import Lake
from tests.conftest import SYNTHETIC_CONVERSATIONS
from tests.pipeline_runs import copy_lake, start_cli, tables_snapshot, temporaries

pytestmark = pytest.mark.slow

RUNS_AT_ONCE = 8


@pytest.mark.parametrize("storage", ["sqlite", pytest.param("postgres", marks=pytest.mark.full)])
def test_runs_at_once_take_turns_and_do_the_work_once(storage, synthetic_lake, synthetic_reference, tmp_path, request):
    lake = copy_lake(synthetic_lake, tmp_path / "lake")
    if storage == "postgres":
        from tests.postgres_server import use_postgres_instance

        server = request.getfixturevalue("postgres_server")
        use_postgres_instance(lake, server.create_database(f"lake_{tmp_path.name.lower()}"))

    processes = [start_cli(lake, "run", "--all") for _ in range(RUNS_AT_ONCE)]
    outputs = [process.communicate(timeout=900)[0] for process in processes]
    for process, output in zip(processes, outputs, strict=True):
        assert process.returncode == 0, output

    workers = [output for output in outputs if f"done: {SYNTHETIC_CONVERSATIONS} conversation(s)" in output]
    assert len(workers) == 1, outputs
    assert sum("nothing to do" in output for output in outputs) == RUNS_AT_ONCE - 1, outputs
    waits = [len(re.findall(r"waiting for the run of pid \d+ on \S+ on this lake", output)) for output in outputs]
    assert max(waits) == 1 and sum(waits) >= 1, outputs  # at most one message per waiting run

    assert tables_snapshot(lake) == tables_snapshot(synthetic_reference)
    assert temporaries(lake) == []
    store = Lake(lake)
    instance = dagster_instance(store)
    assert type(instance.event_log_storage).__name__.lower().startswith(storage)
    assert [run.status for run in instance.get_runs()] == [dg.DagsterRunStatus.SUCCESS]
    for asset in lake_chain(store).assets:
        records = instance.fetch_materializations(dg.AssetKey(asset), limit=1000).records
        assert Counter(record.partition_key for record in records) == Counter(store.partitions("conversations")), asset
