"""``memory-pipeline forget CONVERSATION_ID``: erase a conversation from the lake and from Dagster's records.

Dagster's event log keeps materialisation metadata, and a chunked run's previews show rows of whichever
conversations shared the chunk; an event cannot be edited, only deleted with its run. So erasure deletes every
run that materialised the conversation (events, logs, captured step output), then re-materialises the other
conversations those runs carried, so their current state and history start again from runs that never saw the
forgotten text (runs are deterministic: their tables come back byte for byte). The SQLite files are vacuumed,
because a deleted row otherwise lingers in free pages.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import sys
import time
from collections.abc import Iterable
from contextlib import closing

from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK
from memory_pipeline.cli.orchestration import dagster_instance, lake_chain, registered_partitions, run_partitions
from memory_pipeline.cli.render import progress_logger
from memory_pipeline.config import PipelineConfig
from memory_pipeline.erasure import ErasureReport, append_audit, erase_conversation_files
from memory_pipeline.lake import Lake

VACUUM_CHECKPOINT_ATTEMPTS = 10  # a reader holding the write-ahead log gets about 5 s to let go


def register(commands: argparse._SubParsersAction) -> None:
    forget = commands.add_parser("forget", help="erase a conversation: files, tables, cache, Dagster history")
    forget.add_argument("conversation_id")
    forget.add_argument(
        "--no-rerun", action="store_true",
        help="leave the conversations that shared a run with it stale instead of re-materialising them now",
    )
    forget.set_defaults(handler=cmd_forget, needs_lake=True)


def cmd_forget(args, config: PipelineConfig) -> int:
    lake = Lake(config.lake_dir)
    with dagster_instance(lake) as instance:
        known = set(registered_partitions(instance)) | set(lake.partitions("conversations"))
    if args.conversation_id not in known and not (lake.inbox / f"{args.conversation_id}.json").exists():
        print(f"no conversation {args.conversation_id!r} in {lake.root}", file=sys.stderr)
        return EXIT_FAILED
    report = forget(lake, args.conversation_id, rerun=not args.no_rerun,
                    max_per_run=config.run.max_partitions_per_run)
    print(f"forgot {report.conversation_id}: {report.total_rows} row(s) in {len(report.rows_removed)} table(s), "
          f"{len(report.files_removed)} file(s), {report.dagster_runs_deleted} Dagster run(s)")
    if report.conversations_rerun:
        print(f"re-materialised {len(report.conversations_rerun)} conversation(s) that shared those runs")
    return EXIT_OK


def forget(lake: Lake, conversation_id: str, *, rerun: bool = True, max_per_run: int = 25) -> ErasureReport:
    """Erase ``conversation_id`` everywhere, rebuild the views, append an audit record; return what was removed.

    The Python equivalent of ``memory-pipeline forget``. Safe to repeat.
    """
    from memory_pipeline import warehouse

    instance = dagster_instance(lake)
    runs, co_run = _runs_that_saw(instance, lake, conversation_id)
    report = erase_conversation_files(lake, conversation_id)
    if conversation_id in registered_partitions(instance):
        from assets.partitions import conversation_partitions

        instance.delete_dynamic_partition(conversation_partitions.name, conversation_id)
    for run_id in sorted(runs):
        instance.delete_run(run_id)
        shutil.rmtree(lake.dagster_home / "storage" / run_id, ignore_errors=True)  # captured step output
    _repoint_asset_records(instance, lake, runs)
    report.dagster_runs_deleted = len(runs)
    instance.dispose()  # its kept connections go, so nothing holds the erased rows' pages in a WAL file
    _vacuum(lake)
    warehouse.refresh_views(lake)
    if rerun and co_run:
        outcome = run_partitions(lake, sorted(co_run), max_per_run=max_per_run, progress=progress_logger())
        report.conversations_rerun = outcome.ran
    append_audit(lake, report)
    return report


def _runs_that_saw(instance, lake: Lake, conversation_id: str) -> tuple[set[str], set[str]]:
    """The runs that materialised the conversation, and the other conversations those runs materialised."""
    import dagster as dg

    runs: set[str] = set()
    for asset in lake_chain(lake).assets:
        records = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey.from_user_string(asset), asset_partitions=[conversation_id]),
            limit=10_000,  # Dagster's ceiling per fetch; one partition has far fewer
        ).records
        runs.update(record.run_id for record in records)
    co_run: set[str] = set()
    for run_id in runs:
        co_run.update(_partitions_materialised(instance, run_id))
    co_run.discard(conversation_id)
    return runs, co_run


def _partitions_materialised(instance, run_id: str) -> Iterable[str]:
    import dagster as dg

    for entry in instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION):
        partition = entry.dagster_event.partition if entry.dagster_event else None
        if partition:
            yield partition


def _repoint_asset_records(instance, lake: Lake, deleted_runs: set[str]) -> None:
    """Point each asset whose cached latest materialisation came from a deleted run at its latest remaining one.

    Dagster's ``delete_run`` removes a run's events but not the copy of the asset's latest materialisation that
    its asset table keeps, metadata preview and all: when the forgotten conversation was the last one an asset
    materialised, that copy (its texts) outlived the erasure. The rows are rewritten through the storage's own
    method, so they hold exactly what Dagster would have stored for that event.
    """
    import dagster as dg
    from dagster._core.storage.event_log.schema import AssetKeyTable

    storage = instance.event_log_storage
    keys = [dg.AssetKey.from_user_string(asset) for asset in lake_chain(lake).assets]
    for record in instance.get_asset_records(keys):
        key, latest = record.asset_entry.asset_key, record.asset_entry.last_materialization_record
        if latest is None or latest.run_id not in deleted_runs:
            continue
        remaining = instance.fetch_materializations(key, limit=1).records
        with storage.index_transaction() as conn:
            if remaining:
                storage._store_asset_event(conn, remaining[0].event_log_entry, remaining[0].storage_id)  # noqa: SLF001
            else:
                conn.execute(
                    AssetKeyTable.update()
                    .where(AssetKeyTable.c.asset_key == key.to_string())
                    .values(last_materialization=None, last_run_id=None)
                )


def _vacuum(lake: Lake) -> None:
    """Rewrite the instance's SQLite files so deleted rows leave no trace in free pages or in the write-ahead log
    (no-op on Postgres). A reader in another process (the UI) can hold the log open for a moment; one that keeps
    it past the retries makes this fail loudly, since the erased rows would still be on disk."""
    for path in sorted(lake.dagster_home.rglob("*.db")):
        with closing(sqlite3.connect(path)) as con:
            con.execute("VACUUM")
            for attempt in range(VACUUM_CHECKPOINT_ATTEMPTS):
                busy, _, _ = con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                if not busy:
                    break
                time.sleep(0.1 * (attempt + 1))
            else:
                raise RuntimeError(
                    f"{path}: another process holds its write-ahead log open, so erased rows would stay on disk; "
                    "close it (the Dagster UI?) and run forget again"
                )

