"""``memory-pipeline``: the command line, and the one engine module that drives Dagster.

Every command takes ``--lake DIR`` (else ``$MEMORY_PIPELINE_LAKE``, else ``./data_lake``). ``run`` goes through
Dagster with a persistent Dagster home inside the lake (``<lake>/.dagster``), so runs, partitions and lineage
show up in the UI started with ``DAGSTER_HOME=<lake>/.dagster dagster dev -w workspace.yaml``.

Exit status: 0 success; 1 a run or query failed; 2 bad usage; 3 some input was quarantined.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Sequence
from importlib import resources as package_resources
from pathlib import Path

from memory_pipeline.config import PipelineConfig, resolve_lake_dir
from memory_pipeline.ingest import FORMATS
from memory_pipeline.lake import Lake

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_QUARANTINED = 0, 1, 2, 3

# The per-conversation chain, in materialisation order, with the table each asset writes and the asset
# whose newer materialisation makes it stale. Siblings written by one step share their upstream.
CHAIN: dict[str, str | None] = {
    "conversations": None,
    "turns": None,
    "gate_scores": "turns",
    "memory_entries": "gate_scores",
    "memory_sources": "gate_scores",
    "extraction_diagnostics": "gate_scores",
    "memory_embeddings": "memory_entries",
}


# -- Dagster plumbing -------------------------------------------------------------------------------------
def dagster_instance(lake: Lake):
    """The lake's own persistent Dagster instance (sqlite storage under ``<lake>/.dagster``)."""
    import dagster as dg

    home = lake.dagster_home
    home.mkdir(parents=True, exist_ok=True)
    settings = home / "dagster.yaml"
    if not settings.exists():
        settings.write_text("telemetry:\n  enabled: false\n")
    return dg.DagsterInstance.from_config(str(home))


def register_partitions(instance, conversation_ids: Sequence[str]) -> list[str]:
    from assets.partitions import conversation_partitions

    known = set(instance.get_dynamic_partitions(conversation_partitions.name))
    new = [cid for cid in conversation_ids if cid not in known]
    if new:
        instance.add_dynamic_partitions(conversation_partitions.name, new)
    return new


def stale_partitions(instance, lake: Lake, candidates: Sequence[str]) -> list[str]:
    """Partitions whose inbox content changed, or with an asset missing or older than its upstream."""
    import dagster as dg
    from dagster._core.events import DagsterEventType

    from memory_pipeline.ingest import inbox_fingerprints

    fingerprints = inbox_fingerprints(lake)
    latest = {
        asset: instance.get_latest_storage_id_by_partition(
            dg.AssetKey(asset), DagsterEventType.ASSET_MATERIALIZATION
        )
        for asset in CHAIN
    }
    recorded = _recorded_inbox_hashes(lake, candidates)
    stale = []
    for cid in candidates:
        missing = any(cid not in latest[asset] or not lake.has_partition(asset, cid) for asset in CHAIN)
        outdated = any(
            upstream is not None and latest[asset][cid] < latest[upstream][cid]
            for asset, upstream in CHAIN.items()
            if not missing
        )
        if missing or outdated or recorded.get(cid) != fingerprints.get(cid):
            stale.append(cid)
    return stale


def _recorded_inbox_hashes(lake: Lake, candidates: Sequence[str]) -> dict[str, str]:
    frame = lake.read_table("conversations", list(candidates))
    if frame.is_empty() or "inbox_sha256" not in frame.columns:
        return {}
    return dict(zip(frame["conversation_id"].to_list(), frame["inbox_sha256"].to_list(), strict=True))


def contiguous_chunks(ordered: Sequence[str], chosen: set[str], max_size: int) -> list[list[str]]:
    """Runs of consecutive chosen keys (a Dagster partition range is contiguous), at most max_size each."""
    chunks: list[list[str]] = []
    current: list[str] = []
    for key in ordered:
        if key in chosen and len(current) < max_size:
            current.append(key)
            continue
        if current:
            chunks.append(current)
        current = [key] if key in chosen else []
    if current:
        chunks.append(current)
    return chunks


def execute_chunk(defs, instance, chunk: list[str], progress: logging.Logger) -> bool:
    """One Dagster run over a contiguous range of partitions; on failure, retry each alone."""
    from dagster._core.storage.tags import ASSET_PARTITION_RANGE_END_TAG, ASSET_PARTITION_RANGE_START_TAG

    job = defs.resolve_job_def("memory_job")
    result = job.execute_in_process(
        instance=instance,
        tags={ASSET_PARTITION_RANGE_START_TAG: chunk[0], ASSET_PARTITION_RANGE_END_TAG: chunk[-1]},
        run_config={"loggers": {"progress": {}}},
        raise_on_error=False,
    )
    if result.success:
        return True
    if len(chunk) == 1:
        progress.error(f"FAILED {chunk[0]} (run {result.run_id}); see `dagster` UI or the run logs")
        return False
    progress.warning(f"chunk {chunk[0]}..{chunk[-1]} failed; isolating the failing conversation(s)")
    return all([execute_chunk(defs, instance, [key], progress) for key in chunk])


# -- commands ---------------------------------------------------------------------------------------------
def cmd_ingest(args, config: PipelineConfig) -> int:
    paths = [Path(p) for p in args.paths]
    if args.samples:
        paths.append(Path(str(package_resources.files("memory_pipeline") / "samples")))
    if not paths:
        print("nothing to ingest: give PATH... or --samples", file=sys.stderr)
        return EXIT_USAGE
    report = ingest_and_register(Lake(config.lake_dir), paths, args.format, config)
    return EXIT_QUARANTINED if report.quarantined else EXIT_OK


def ingest_and_register(lake: Lake, paths: list[Path], fmt: str | None, config: PipelineConfig):
    """Validate into the inbox, then register every accepted conversation as a Dagster partition."""
    from memory_pipeline.ingest import describe_report, ingest_files

    lake.ensure_layout()
    report = ingest_files(lake, paths, fmt=fmt, config=config.ingest)
    new = register_partitions(dagster_instance(lake), report.accepted)
    print(describe_report(report))
    print(f"registered {len(new)} new partition(s); lake: {lake.root}")
    return report


def cmd_run(args, config: PipelineConfig) -> int:
    from assets.partitions import conversation_partitions
    from memory_pipeline.ingest import inbox_fingerprints

    lake = Lake(config.lake_dir)
    lake.ensure_layout()
    instance = dagster_instance(lake)
    register_partitions(instance, sorted(inbox_fingerprints(lake)))
    ordered = list(instance.get_dynamic_partitions(conversation_partitions.name))
    requested = ordered if args.all or not args.conversation else args.conversation
    unknown = sorted(set(requested) - set(ordered))
    if unknown:
        print(f"unknown conversation(s): {', '.join(unknown)} (ingest them first)", file=sys.stderr)
        return EXIT_USAGE
    stale = set(requested) if args.force else set(stale_partitions(instance, lake, requested))
    if not stale:
        print(f"nothing to do: {len(requested)} conversation(s) up to date")
        return EXIT_OK
    from assets.definitions import build_definitions  # imports the models' libraries: only when needed

    chunks = contiguous_chunks(ordered, stale, config.run.max_partitions_per_run)
    progress = _progress_logger()
    defs = build_definitions(lake_dir=str(lake.root))
    started = time.perf_counter()
    ok = True
    for number, chunk in enumerate(chunks, start=1):
        progress.info(f"run {number}/{len(chunks)}: {len(chunk)} conversation(s) {chunk[0]} .. {chunk[-1]}")
        ok = execute_chunk(defs, instance, chunk, progress) and ok
    from memory_pipeline import warehouse

    warehouse.refresh_views(lake)
    elapsed = time.perf_counter() - started
    print(f"{'done' if ok else 'finished with failures'}: {len(stale)} conversation(s) in {elapsed:.1f}s")
    print(f"query: memory-pipeline --lake {lake.root} sql \"SELECT * FROM memories LIMIT 5\"")
    return EXIT_OK if ok else EXIT_FAILED


def cmd_sql(args, config: PipelineConfig) -> int:
    import duckdb

    from memory_pipeline import warehouse

    lake = Lake(config.lake_dir)
    try:
        with warehouse.connect(lake, read_only=True) as con:
            relation = con.sql(args.query)
            if relation is None:
                return EXIT_OK
            frame = relation.pl()
    except duckdb.Error as error:
        print(f"query failed: {error}", file=sys.stderr)
        return EXIT_FAILED
    _print_frame(frame, args.format)
    return EXIT_OK


def _print_frame(frame, fmt: str) -> None:
    import polars as pl

    if fmt == "csv":
        printable = frame.with_columns(
            [pl.col(c).cast(pl.String) for c, dtype in frame.schema.items() if dtype.is_nested()]
        )
        sys.stdout.write(printable.write_csv())
    elif fmt == "json":
        sys.stdout.write(json.dumps(frame.to_dicts(), default=_json_value, indent=2) + "\n")
    else:
        with pl.Config(tbl_rows=200, tbl_cols=-1, fmt_str_lengths=80, tbl_width_chars=200):
            print(frame)


def _json_value(value):
    """SUM() of integers comes back as a DECIMAL; keep numbers numbers, and times as ISO-like strings."""
    from decimal import Decimal

    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return str(value)


def cmd_status(args, config: PipelineConfig) -> int:
    import dagster as dg

    from assets.partitions import conversation_partitions
    from memory_pipeline.ingest import inbox_fingerprints

    lake = Lake(config.lake_dir)
    instance = dagster_instance(lake)
    registered = list(instance.get_dynamic_partitions(conversation_partitions.name))
    stale = set(stale_partitions(instance, lake, registered))
    materialized = {asset: instance.get_materialized_partitions(dg.AssetKey(asset)) for asset in CHAIN}
    print(f"lake: {lake.root}")
    print(f"inbox: {len(inbox_fingerprints(lake))} conversation file(s); "
          f"quarantine: {len(list(lake.quarantine_dir.glob('*.reason.json')))} file(s)")
    print(f"partitions: {len(registered)} registered, {len(registered) - len(stale)} up to date, {len(stale)} to run")
    for cid in registered:
        done = sum(cid in materialized[asset] for asset in CHAIN)
        print(f"  {cid:<40} {done}/{len(CHAIN)} assets  {'stale' if cid in stale else 'up to date'}")
    for table in lake.tables():
        print(f"table {table:<24} {len(lake.partitions(table))} partition(s)")
    return EXIT_OK


def cmd_search(args, config: PipelineConfig) -> int:
    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.search import format_hits, search

    lake = Lake(config.lake_dir)
    hits = search(lake, Embedder.load(config.embedder), args.question, conversation_id=args.conversation, k=args.k)
    print(format_hits(hits))
    return EXIT_OK


def cmd_lineage(args, config: PipelineConfig) -> int:
    from memory_pipeline.search import format_lineage, lineage

    lake = Lake(config.lake_dir)
    record = lineage(lake, args.memory_id)
    if record is None:
        print(f"no memory {args.memory_id!r}", file=sys.stderr)
        return EXIT_FAILED
    print(format_lineage(record))
    return EXIT_OK


def cmd_gate_train(args, config: PipelineConfig) -> int:
    from memory_pipeline.gate import train_cli

    return train_cli.run(args)


def cmd_eval_locomo(args, config: PipelineConfig) -> int:
    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.evaluation import evaluate_locomo

    lake = Lake(config.lake_dir)
    report = ingest_and_register(lake, [Path(args.locomo_json)], "locomo", config)
    if report.quarantined or not report.accepted:
        print("the LoCoMo file did not ingest cleanly; see the quarantine folder", file=sys.stderr)
        return EXIT_FAILED
    run_args = argparse.Namespace(all=False, conversation=report.accepted, force=False)
    if (status := cmd_run(run_args, config)) != EXIT_OK:
        return status
    metrics = evaluate_locomo(
        lake,
        Path(args.locomo_json),
        Embedder.load(config.embedder),
        Path(args.out),
        corrections=Path(args.corrections) if args.corrections else None,
        stage_seconds=_stage_seconds(lake, report.accepted),
    )
    print(json.dumps({k: v for k, v in metrics.items() if not isinstance(v, (dict, list))}, indent=2))
    print(f"report: {Path(args.out) / 'report.md'}")
    return EXIT_OK


# One asset per step: the outputs of a multi-asset step all carry that step's time.
STAGE_ASSETS = {"ingestion": "turns", "gate": "gate_scores", "extraction": "memory_entries", "embeddings": "memory_embeddings"}


def _stage_seconds(lake: Lake, conversation_ids: list[str]) -> dict[str, float]:
    """Seconds per stage spent on these conversations' latest materialisations, from Dagster's event log.

    A chunked run records one materialisation per partition with the chunk's time, so each run counts once.
    """
    import dagster as dg

    instance = dagster_instance(lake)
    seconds: dict[str, float] = {}
    for stage, asset in STAGE_ASSETS.items():
        records = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey(asset), asset_partitions=conversation_ids), limit=10_000
        ).records
        latest_per_partition = {}
        for record in records:  # newest first
            latest_per_partition.setdefault(record.partition_key, record)
        per_run = {
            record.run_id: record.asset_materialization.metadata.get("seconds")
            for record in latest_per_partition.values()
        }
        seconds[stage] = round(sum(float(value.value) for value in per_run.values() if value is not None), 3)
    return seconds


# -- parser -----------------------------------------------------------------------------------------------
def _progress_logger() -> logging.Logger:
    logger = logging.getLogger("memory_pipeline.progress")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; ``gate train``'s arguments (whose module imports torch) only when asked for."""
    parser = argparse.ArgumentParser(prog="memory-pipeline", description=__doc__.split("\n\n")[0])
    parser.add_argument("--lake", help="lake folder (default: $MEMORY_PIPELINE_LAKE or ./data_lake)")
    commands = parser.add_subparsers(dest="command", required=True)

    ingest = commands.add_parser("ingest", help="validate conversation files, copy them into the inbox, register partitions")
    ingest.add_argument("paths", nargs="*", help="files or folders")
    ingest.add_argument("--format", choices=FORMATS, help="skip detection")
    ingest.add_argument("--samples", action="store_true", help="also ingest the bundled sample conversations")
    ingest.set_defaults(handler=cmd_ingest)

    run = commands.add_parser("run", help="materialise every per-conversation asset through Dagster")
    which = run.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every registered conversation (the default)")
    which.add_argument("--conversation", nargs="+", metavar="ID", help="only these conversations")
    run.add_argument("--force", action="store_true", help="re-materialise even what is up to date")
    run.set_defaults(handler=cmd_run)

    sql = commands.add_parser("sql", help="run a read-only SQL query against the warehouse views")
    sql.add_argument("query")
    sql.add_argument("--format", choices=["table", "csv", "json"], default="table")
    sql.set_defaults(handler=cmd_sql)

    status = commands.add_parser("status", help="partitions and what is materialised")
    status.set_defaults(handler=cmd_status)

    search = commands.add_parser("search", help="memories ranked by cosine similarity to a question")
    search.add_argument("question")
    search.add_argument("--conversation", help="restrict to one conversation")
    search.add_argument("-k", type=int, default=10)
    search.set_defaults(handler=cmd_search)

    lineage = commands.add_parser("lineage", help="a memory and the turns it came from")
    lineage.add_argument("memory_id")
    lineage.set_defaults(handler=cmd_lineage)

    gate = commands.add_parser("gate", help="salience gate tools")
    gate_commands = gate.add_subparsers(dest="gate_command", required=True)
    train = gate_commands.add_parser("train", help="train the gate from MSC persona labels and LoCoMo evidence")
    if argv is None or "gate" in argv:
        from memory_pipeline.gate import train_cli

        train_cli.configure(train)
    train.set_defaults(handler=cmd_gate_train)

    evaluate = commands.add_parser("eval", help="evaluation against gold data")
    eval_commands = evaluate.add_subparsers(dest="eval_command", required=True)
    locomo = eval_commands.add_parser("locomo", help="LLM-free LoCoMo evidence metrics")
    locomo.add_argument("locomo_json")
    locomo.add_argument("--out", required=True, help="folder for metrics.json, report.md and plots")
    locomo.add_argument("--corrections", help="audit JSON with corrected evidence ids")
    locomo.set_defaults(handler=cmd_eval_locomo)
    return parser


def _quiet_libraries() -> None:
    """Keep the terminal for our progress lines: no beta warnings, no per-load weight bars."""
    import warnings

    warnings.filterwarnings("ignore", message=".*is currently in beta.*")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TQDM_DISABLE", "1")


def main(argv: Sequence[str] | None = None) -> int:
    _quiet_libraries()
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv).parse_args(argv)
    config = PipelineConfig(lake_dir=resolve_lake_dir(args.lake))
    try:
        return args.handler(args, config)
    except BrokenPipeError:  # `memory-pipeline status | head` closed the pipe: not a failure
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
