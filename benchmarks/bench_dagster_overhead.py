"""Per-partition cost of the Dagster layer: ``memory-pipeline run --all`` against the engine called directly.

Generates N small synthetic conversations (canonical format, 4 turns each, so model work is tiny and the
orchestration cost dominates), then on two fresh lakes:

* CLI path: ``memory-pipeline --lake A ingest FILE`` and ``memory-pipeline --lake A run --all`` (subprocesses,
  as a user runs them: interpreter start, imports, Dagster runs per chunk, event log, asset checks);
* direct path, in this process: the same engine functions the assets of the default chain call
  (``ingest_files``, ``inbox_frames``, ``score_turns``, ``extract_memories``, ``build_segments``,
  ``build_fta_units``, ``embed_memories``, ``link_and_consolidate``) in a plain loop, each model loaded once,
  every partition written through ``Lake.write_partition``.

Overhead per partition = (CLI run seconds - direct seconds, model loads included) / N. The CLI reloads each
model once per chunk of ``max_partitions_per_run`` conversations; that is part of what is measured.

With ``--postgres`` the CLI path runs a second time on a third lake whose Dagster instance is stored in a
throwaway PostgreSQL server (``tests/postgres_server.py``: Debian's postgresql-15 on 127.0.0.1, fsync on), and
both overheads are reported, measured in the same invocation.

    python benchmarks/bench_dagster_overhead.py [--n 200] [--postgres] [--json out.json] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from report import print_numbers, timed_cli, work_folder

from memory_pipeline.synthetic import synthetic_conversations


def cli_path(lake: Path, source: Path, prefix: str = "cli") -> dict[str, float]:
    return {
        f"{prefix}_startup_s": _startup_seconds(),
        f"{prefix}_ingest_s": timed_cli(lake, "ingest", str(source)),
        f"{prefix}_run_s": timed_cli(lake, "run", "--all"),
    }


def postgres_cli_path(lake: Path, source: Path) -> dict[str, float]:
    """:func:`cli_path` with the lake's Dagster instance in a throwaway PostgreSQL server, keys ``pg_*``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ is not installed
    from tests.postgres_server import PostgresServer, unavailable_reason, use_postgres_instance

    reason = unavailable_reason()
    if reason:
        raise SystemExit(f"--postgres: {reason}")
    with PostgresServer() as server:
        use_postgres_instance(lake, server.create_database("bench"))
        return cli_path(lake, source, prefix="pg")


def _startup_seconds() -> float:
    """Interpreter start plus the CLI's imports: a fixed cost of every command, not of any partition."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import memory_pipeline.cli"], check=True)
    return time.perf_counter() - started


def direct_path(lake_dir: Path, source: Path) -> dict[str, float]:
    """The engine functions the default chain's assets call, in a plain loop; returns seconds per part."""
    import polars as pl

    from memory_pipeline import warehouse
    from memory_pipeline.config import PipelineConfig
    from memory_pipeline.embeddings import Embedder, embed_memories
    from memory_pipeline.extraction import extract_memories
    from memory_pipeline.gate import GateModel, score_turns
    from memory_pipeline.ingest import inbox_file, inbox_frames, ingest_files
    from memory_pipeline.lake import Lake
    from memory_pipeline.consolidation.run import link_and_consolidate
    from memory_pipeline.extraction import TemporalResolver
    from memory_pipeline.parsing import load_parser
    from memory_pipeline.segments import DetectorResources, build_segments, load_detector
    from memory_pipeline.units import BuilderResources, build_fta_units
    from memory_pipeline.units.affect import AffectAnalyser

    config = PipelineConfig(lake_dir=lake_dir)
    lake = Lake(lake_dir)
    lake.ensure_layout()
    seconds: dict[str, float] = {}

    started = time.perf_counter()
    report = ingest_files(lake, [source], config=config.ingest)
    seconds["direct_ingest_s"] = time.perf_counter() - started

    started = time.perf_counter()
    gate, parser, embedder = GateModel.load(config.gate), load_parser(config.parser), Embedder.load(config.embedder)
    detector = load_detector(config.segments, DetectorResources(embedder=embedder))
    builder = BuilderResources(affect=AffectAnalyser.load(), resolver=TemporalResolver())
    seconds["direct_model_load_s"] = time.perf_counter() - started

    started = time.perf_counter()
    for conversation_id in sorted(report.accepted):
        conversations, turns = inbox_frames(inbox_file(lake, conversation_id), config.ingest)
        lake.write_partition("conversations", conversation_id, conversations)
        lake.write_partition("turns", conversation_id, turns)
        scores = score_turns(gate, turns)
        lake.write_partition("gate_scores", conversation_id, scores)
        result = extract_memories(turns, scores, parser, config.extractor)
        lake.write_partition("memory_entries", conversation_id, result.entries)
        lake.write_partition("memory_sources", conversation_id, result.sources)
        lake.write_partition("extraction_diagnostics", conversation_id, result.diagnostics)
        segments = build_segments(turns, detector, config.segments).segments
        lake.write_partition("segments", conversation_id, segments)
        units = build_fta_units(turns, segments, result.entries, result.sources, builder, config.units)
        lake.write_partition("fta_units", conversation_id, units.units)
        lake.write_partition("unit_sources", conversation_id, units.sources)
        embeddings = pl.concat([embed_memories(result.entries, embedder, "entry"),
                                embed_memories(units.units, embedder, "fta_unit")])
        lake.write_partition("memory_embeddings", conversation_id, embeddings)
        store = link_and_consolidate(
            result.entries, pl.concat([result.sources, units.sources]), turns, embeddings, parser, config.links,
            config.consolidation, units=units.units,
        )
        lake.write_partition("links", conversation_id, store.links.links)
        lake.write_partition("consolidation_decisions", conversation_id, store.consolidation.decisions)
        lake.write_partition("memory_status", conversation_id, store.consolidation.status)
    warehouse.refresh_views(lake)
    seconds["direct_loop_s"] = time.perf_counter() - started
    seconds["direct_partitions"] = len(report.accepted)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=200, help="synthetic conversations (partitions)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (default: a temporary one)")
    parser.add_argument("--postgres", action="store_true", help="also with the Dagster instance on PostgreSQL")
    args = parser.parse_args(argv)

    with work_folder(args.keep, "bench-dagster-") as work:
        source = work / "synthetic.json"
        source.write_text(json.dumps(synthetic_conversations(args.n)))
        numbers: dict[str, float] = {"partitions": args.n}
        numbers.update(cli_path(work / "lake-cli", source))
        if args.postgres:
            numbers.update(postgres_cli_path(work / "lake-cli-postgres", source))
        numbers.update(direct_path(work / "lake-direct", source))

    direct_total = numbers["direct_model_load_s"] + numbers["direct_loop_s"]
    numbers["overhead_per_partition_s"] = (numbers["cli_run_s"] - direct_total) / args.n
    numbers["cli_run_per_partition_s"] = numbers["cli_run_s"] / args.n
    numbers["direct_per_partition_s"] = numbers["direct_loop_s"] / args.n
    numbers["ingest_overhead_per_partition_s"] = (numbers["cli_ingest_s"] - numbers["direct_ingest_s"]) / args.n
    if args.postgres:
        numbers["pg_overhead_per_partition_s"] = (numbers["pg_run_s"] - direct_total) / args.n
        numbers["pg_run_per_partition_s"] = numbers["pg_run_s"] / args.n

    print_numbers(numbers, decimals=4, json_path=args.json)
    print(
        f"\nDagster overhead: {numbers['overhead_per_partition_s'] * 1000:.0f} ms per partition "
        f"(run --all {numbers['cli_run_per_partition_s'] * 1000:.0f} ms vs direct "
        f"{(direct_total / args.n) * 1000:.0f} ms per partition, model loads included)"
    )
    if args.postgres:
        print(
            f"with Postgres instance storage: {numbers['pg_overhead_per_partition_s'] * 1000:.0f} ms per partition "
            f"(run --all {numbers['pg_run_per_partition_s'] * 1000:.0f} ms per partition)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
