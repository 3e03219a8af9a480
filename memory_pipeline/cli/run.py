"""``memory-pipeline run`` and ``status``: materialise the stale partitions; say what is where."""

from __future__ import annotations

import argparse
import sys

from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from memory_pipeline.cli.llm import add_llm_flags, checked_settings, llm_overrides
from memory_pipeline.cli.orchestration import (
    dagster_instance,
    lake_chain,
    registered_partitions,
    run_partitions,
    stale_partitions,
)
from memory_pipeline.cli.render import progress_logger
from memory_pipeline.config import PipelineConfig
from memory_pipeline.lake import Lake


def register(commands: argparse._SubParsersAction) -> None:
    run = commands.add_parser("run", help="materialise every per-conversation asset through Dagster")
    which = run.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every registered conversation (the default)")
    which.add_argument("--conversation", nargs="+", metavar="ID", help="only these conversations")
    run.add_argument("--force", action="store_true", help="re-materialise even what is up to date")
    run.add_argument(
        "--max-per-run", type=_positive, metavar="N",
        help="conversations per Dagster run (default 25): each run loads the models once, so larger chunks load "
             "them less often and hold more conversations in memory at once",
    )
    add_llm_flags(run)
    run.set_defaults(handler=cmd_run, needs_lake=True)

    status = commands.add_parser("status", help="partitions and what is materialised")
    status.set_defaults(handler=cmd_status, needs_lake=True)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def cmd_run(args, config: PipelineConfig) -> int:
    if args.max_per_run:
        config = config.model_copy(update={"run": config.run.model_copy(update={"max_partitions_per_run": args.max_per_run})})
    lake = Lake(config.lake_dir)
    overrides = llm_overrides(args, lake.root)
    _, problem = checked_settings(args, lake.root, overrides)
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    return run_and_report(lake, None if args.all else args.conversation, args.force, config, overrides)


def run_and_report(
    lake: Lake, conversation_ids: list[str] | None, force: bool, config: PipelineConfig, llm: dict | None = None
) -> int:
    """:func:`run_partitions` with the terminal lines every caller (``run``, ``eval``) prints."""
    outcome = run_partitions(
        lake, conversation_ids, force=force, max_per_run=config.run.max_partitions_per_run, progress=progress_logger(),
        llm=llm,
    )
    if outcome.unknown:
        print(f"unknown conversation(s): {', '.join(outcome.unknown)} (ingest them first)", file=sys.stderr)
        return EXIT_USAGE
    if not outcome.ran:
        if conversation_ids is None:
            with dagster_instance(lake) as instance:
                conversation_ids = registered_partitions(instance)
        if not conversation_ids:
            print(f"nothing to do: no conversation in {lake.root}; add some with "
                  f"`memory-pipeline --lake {lake.root} ingest PATH...` (or `ingest --samples`)")
            return EXIT_OK
        print(f"nothing to do: {len(conversation_ids)} conversation(s) up to date")
        return EXIT_OK
    print(f"{'done' if outcome.ok else 'finished with failures'}: "
          f"{len(outcome.ran)} conversation(s) in {outcome.seconds:.1f}s")
    print(f"query: memory-pipeline --lake {lake.root} sql \"SELECT * FROM memories LIMIT 5\"")
    return EXIT_OK if outcome.ok else EXIT_FAILED


def cmd_status(args, config: PipelineConfig) -> int:
    import dagster as dg

    from memory_pipeline.ingest import inbox_fingerprints

    lake = Lake(config.lake_dir)
    chain = lake_chain(lake)
    with dagster_instance(lake) as instance:
        registered = registered_partitions(instance)
        stale = set(stale_partitions(instance, lake, chain, registered))
        materialized = {
            asset: instance.get_materialized_partitions(dg.AssetKey.from_user_string(asset)) for asset in chain.assets
        }
    print(f"lake: {lake.root}")
    print(f"inbox: {len(inbox_fingerprints(lake))} conversation file(s); "
          f"quarantine: {len(list(lake.quarantine_dir.glob('*.reason.json')))} file(s)")
    print(f"partitions: {len(registered)} registered, {len(registered) - len(stale)} up to date, {len(stale)} to run")
    for cid in registered:
        done = sum(cid in materialized[asset] for asset in chain.assets)
        print(f"  {cid:<40} {done}/{len(chain.assets)} assets  {'stale' if cid in stale else 'up to date'}")
    for table in lake.tables():
        print(f"table {table:<24} {len(lake.partitions(table))} partition(s)")
    if "llm_calls" in lake.tables():
        from memory_pipeline.llm.ledger import ledger_totals

        totals = ledger_totals(lake.read_table("llm_calls"))
        print(f"llm: {totals.calls} call(s), {totals.prompt_tokens + totals.completion_tokens} token(s), "
              f"{totals.failed_items}/{totals.items} item(s) failed, {totals.cache_hits} cache hit(s), "
              f"{totals.seconds:.1f}s (latest run of each stage)")
    return EXIT_OK
