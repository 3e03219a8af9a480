"""``memory-pipeline ingest``: validate files into the inbox and register their partitions."""

from __future__ import annotations

import argparse
import sys
from importlib import resources as package_resources
from pathlib import Path

from memory_pipeline.cli.common import EXIT_OK, EXIT_QUARANTINED, EXIT_USAGE
from memory_pipeline.config import PipelineConfig
from memory_pipeline.ingest import FORMATS
from memory_pipeline.lake import Lake


def register(commands: argparse._SubParsersAction) -> None:
    ingest = commands.add_parser("ingest", help="validate conversation files, copy them into the inbox, register partitions")
    ingest.add_argument("paths", nargs="*", help="files or folders")
    ingest.add_argument("--format", choices=FORMATS, help="skip detection")
    ingest.add_argument("--samples", action="store_true", help="also ingest the bundled sample conversations")
    ingest.add_argument(
        "--replace", action="store_true",
        help="a file that lacks sessions the inbox holds becomes the whole conversation (refused without this)",
    )
    ingest.set_defaults(handler=cmd_ingest)


def cmd_ingest(args, config: PipelineConfig) -> int:
    paths = [Path(p) for p in args.paths]
    if args.samples:
        paths.append(Path(str(package_resources.files("memory_pipeline") / "samples")))
    if not paths:
        print("nothing to ingest: give PATH... or --samples", file=sys.stderr)
        return EXIT_USAGE
    missing = [path for path in paths if not path.exists()]
    if missing:
        # A mistyped path is the caller's error, not a bad conversation: quarantine would record an empty file.
        for path in missing:
            print(f"no such file or folder: {path}", file=sys.stderr)
        print("nothing ingested", file=sys.stderr)
        return EXIT_USAGE
    report = ingest_and_register(Lake(config.lake_dir), paths, args.format, config, replace=args.replace)
    return EXIT_QUARANTINED if report.quarantined else EXIT_OK


def ingest_and_register(lake: Lake, paths: list[Path], fmt: str | None, config: PipelineConfig, replace: bool = False):
    """Validate into the inbox, then register every accepted conversation as a Dagster partition."""
    from memory_pipeline.cli.orchestration import dagster_instance, register_partitions
    from memory_pipeline.ingest import describe_report, ingest_files

    lake.ensure_layout()
    report = ingest_files(lake, paths, fmt=fmt, config=config.ingest, replace=replace)
    with dagster_instance(lake) as instance:
        new = register_partitions(instance, report.accepted)
    print(describe_report(report))
    print(f"registered {len(new)} new partition(s); lake: {lake.root}")
    return report
