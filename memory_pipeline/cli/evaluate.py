"""``memory-pipeline eval locomo``: ingest, run and score a LoCoMo file (see docs/EVALUATION.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK
from memory_pipeline.cli.ingest import ingest_and_register
from memory_pipeline.cli.orchestration import stage_seconds
from memory_pipeline.cli.run import run_and_report
from memory_pipeline.config import PipelineConfig
from memory_pipeline.lake import Lake


def register(commands: argparse._SubParsersAction) -> None:
    evaluate = commands.add_parser("eval", help="evaluation against gold data")
    eval_commands = evaluate.add_subparsers(dest="eval_command", required=True)
    locomo = eval_commands.add_parser("locomo", help="LLM-free LoCoMo evidence metrics")
    locomo.add_argument("locomo_json")
    locomo.add_argument("--out", required=True, help="folder for metrics.json, report.md and plots")
    locomo.add_argument("--corrections", help="audit JSON with corrected evidence ids")
    locomo.set_defaults(handler=cmd_eval_locomo)


def cmd_eval_locomo(args, config: PipelineConfig) -> int:
    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.evaluation import evaluate_locomo

    lake = Lake(config.lake_dir)
    report = ingest_and_register(lake, [Path(args.locomo_json)], "locomo", config)
    if report.quarantined or not report.accepted:
        print("the LoCoMo file did not ingest cleanly; see the quarantine folder", file=sys.stderr)
        return EXIT_FAILED
    if (status := run_and_report(lake, report.accepted, False, config)) != EXIT_OK:
        return status
    metrics = evaluate_locomo(
        lake,
        Path(args.locomo_json),
        Embedder.load(config.embedder),
        Path(args.out),
        corrections=Path(args.corrections) if args.corrections else None,
        stage_seconds=stage_seconds(lake, report.accepted),
    )
    print(json.dumps({k: v for k, v in metrics.items() if not isinstance(v, (dict, list))}, indent=2))
    print(f"report: {Path(args.out) / 'report.md'}")
    return EXIT_OK
