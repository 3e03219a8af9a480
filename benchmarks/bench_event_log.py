"""The lake's event-log storage against Dagster's own SQLite storage, on the same events, in one process.

Records the events of real chunked runs first (the ``ingestion`` step over N synthetic conversations in chunks
of ``--chunk``: a run's planned events and one materialisation per asset and partition, as every step of the
chain writes them), then stores that same sequence into fresh, empty databases three ways, interleaved and best
of ``--repeats``:

* ``dagster``: Dagster's ``SqliteEventLogStorage``, one ``store_event`` per event (what a lake used before);
* ``kept``: :class:`~memory_pipeline.cli.event_log.SqliteKeptConnectionEventLogStorage`, one event at a time;
* ``kept_batched``: the same storage given Dagster's batches (each run's planned events, each step output's
  materialisations), as ``run`` does with ``DAGSTER_EVENT_BATCH_SIZE`` set.

    python benchmarks/bench_event_log.py [--n 100] [--chunk 25] [--repeats 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from pathlib import Path

from report import print_numbers


def record_events(work: Path, n: int, chunk: int) -> list:
    """The event log entries of chunked ingestion runs over ``n`` synthetic conversations, in storage order."""
    import dagster as dg

    from assets.ingestion import ingestion
    from assets.partitions import conversation_partitions
    from memory_pipeline.cli.orchestration import PARTITION_RANGE_END_TAG, PARTITION_RANGE_START_TAG
    from memory_pipeline.ingest import ingest_files
    from memory_pipeline.lake import Lake
    from memory_pipeline.synthetic import synthetic_conversations
    from resources import LakeResource

    lake = Lake(work / "lake")
    lake.ensure_layout()
    source = work / "synthetic.json"
    source.write_text(json.dumps(synthetic_conversations(n)))
    ids = sorted(ingest_files(lake, [source]).accepted)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions(conversation_partitions.name, ids)
        run_ids = []
        for start in range(0, len(ids), chunk):
            keys = ids[start : start + chunk]
            result = dg.materialize(
                [ingestion], instance=instance, resources={"lake": LakeResource(lake_dir=str(lake.root))},
                tags={PARTITION_RANGE_START_TAG: keys[0], PARTITION_RANGE_END_TAG: keys[-1]},
            )
            run_ids.append(result.run_id)
        return [entry for run_id in run_ids for entry in instance.all_logs(run_id)]


def dagster_batches(events: list) -> list[list]:
    """The batches Dagster hands the storage: a run's planned events together, a step output's materialisations
    together, every other event alone."""
    from dagster import DagsterEventType

    def kind(entry):
        event = entry.dagster_event
        if event is None:
            return None
        if event.event_type in (DagsterEventType.ASSET_MATERIALIZATION_PLANNED,
                                DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED):
            return ("planned", entry.run_id)
        if event.event_type == DagsterEventType.ASSET_MATERIALIZATION:
            return ("materialised", entry.run_id, event.step_key, event.asset_key)
        return None

    batches: list[list] = []
    for key, group in itertools.groupby(events, key=kind):
        batches.extend([list(group)] if key is not None else [[entry] for entry in group])
    return batches


def store_seconds(storage_class, events: list, batches: list[list] | None) -> float:
    with tempfile.TemporaryDirectory(prefix="bench-event-log-") as folder:
        storage = storage_class(folder)
        started = time.perf_counter()
        if batches is None:
            for event in events:
                storage.store_event(event)
        else:
            for batch in batches:
                if len(batch) > 1:
                    storage.store_event_batch(batch)
                else:
                    storage.store_event(batch[0])
        seconds = time.perf_counter() - started
        storage.dispose()
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100, help="synthetic conversations (partitions)")
    parser.add_argument("--chunk", type=int, default=25, help="conversations per run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)

    from dagster._core.storage.event_log.sqlite.sqlite_event_log import SqliteEventLogStorage

    from memory_pipeline.cli.event_log import SqliteKeptConnectionEventLogStorage

    with tempfile.TemporaryDirectory(prefix="bench-event-log-") as work:
        events = record_events(Path(work), args.n, args.chunk)
    batches = dagster_batches(events)
    ways = {
        "dagster": (SqliteEventLogStorage, None),
        "kept": (SqliteKeptConnectionEventLogStorage, None),
        "kept_batched": (SqliteKeptConnectionEventLogStorage, batches),
    }
    best = {name: float("inf") for name in ways}
    for _ in range(args.repeats):
        for name, (storage_class, grouped) in ways.items():
            best[name] = min(best[name], store_seconds(storage_class, events, grouped))

    numbers: dict = {"events": len(events), "batches": len(batches), "partitions": args.n}
    for name, seconds in best.items():
        numbers[f"{name}_s"] = seconds
        numbers[f"{name}_ms_per_event"] = 1000 * seconds / len(events)
    numbers["speedup_kept"] = best["dagster"] / best["kept"]
    numbers["speedup_kept_batched"] = best["dagster"] / best["kept_batched"]
    print_numbers(numbers, decimals=3, json_path=args.json)
    print(f"\n{len(events)} events: Dagster's SQLite log {best['dagster']:.2f} s, kept connections "
          f"{best['kept']:.2f} s ({numbers['speedup_kept']:.1f}x), and batched {best['kept_batched']:.2f} s "
          f"({numbers['speedup_kept_batched']:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
