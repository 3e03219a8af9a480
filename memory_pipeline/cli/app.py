"""The parser and the dispatch: each command group adds its own subcommands (``register``)."""

from __future__ import annotations

import argparse
import atexit
import os
import sys
import threading
from collections.abc import Sequence
from typing import NoReturn

from memory_pipeline.cli import context, evaluate, forget, gate, ingest, llm, query, run
from memory_pipeline.cli.common import EXIT_OK, EXIT_USAGE
from memory_pipeline.config import PipelineConfig, resolve_lake_dir
from memory_pipeline.lake import Lake

DESCRIPTION = "Turn conversation logs into a queryable long-term memory store (Dagster, Parquet, DuckDB)."


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; ``argv`` lets a group skip heavy argument modules it will not need."""
    parser = argparse.ArgumentParser(prog="memory-pipeline", description=DESCRIPTION)
    parser.add_argument("--lake", help="lake folder (default: $MEMORY_PIPELINE_LAKE or ./data_lake)")
    commands = parser.add_subparsers(dest="command", required=True)
    ingest.register(commands)
    run.register(commands)
    query.register(commands)
    context.register(commands)
    gate.register(commands, argv)
    evaluate.register(commands)
    forget.register(commands)
    llm.register(commands)
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
    if getattr(args, "needs_lake", False) and not Lake(config.lake_dir).exists():
        print(
            f"no lake at {config.lake_dir}: check --lake or MEMORY_PIPELINE_LAKE, or start one there with "
            f"`memory-pipeline --lake {config.lake_dir} ingest PATH`",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        return args.handler(args, config)
    except BrokenPipeError:  # `memory-pipeline status | head` closed the pipe: not a failure
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def script(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``memory-pipeline`` script and ``python -m memory_pipeline.cli``: :func:`main`, then the process ends
    without tearing the interpreter down.

    Once torch, transformers and spaCy are loaded, Python's finalisation (freeing every module and object one by
    one) takes 1-2 s after the work is done and written. What a clean exit owes is kept, in the interpreter's own
    order: other threads are waited for (thread pools told to finish first), the exit handlers run (logging's
    flush, temporary folders' clean-up, a vLLM engine's shutdown) and the standard streams are flushed. Every
    write of the lake is already atomic and closed by then. In-process callers (tests, notebooks) call
    :func:`main`, which returns.
    """
    code = main(argv)
    wait_for_threads = getattr(threading, "_shutdown", None)
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if wait_for_threads is None or run_exit_handlers is None:  # not CPython's hooks: exit the ordinary way
        sys.exit(code)
    wait_for_threads()
    run_exit_handlers()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # a reader that went away, or a stream closed by the caller
            pass
    os._exit(code)
