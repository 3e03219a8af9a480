"""``memory-pipeline llm prepare-model`` and ``llm check``, and the ``--llm-*`` flags ``run`` shares with them.

Precedence everywhere: the lake's ``memory_pipeline.toml`` ``[llm]`` (or ``--config FILE``) < the
``MEMORY_PIPELINE_LLM_*`` environment variables < these flags.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from memory_pipeline.config import PipelineConfig


def add_llm_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("LLM (optional; the non-generative stages are the default)")
    group.add_argument("--llm-backend", choices=["none", "vllm", "openai"], help="override the configured backend")
    group.add_argument("--llm-model", metavar="NAME_OR_FOLDER",
                       help="a prepared model folder, a known name (prepared into <lake>/models on first use), or the "
                            "served model's name for openai")
    group.add_argument("--llm-base-url", metavar="URL", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    group.add_argument("--config", metavar="FILE", help="a TOML file with an [llm] table instead of the lake's")


def llm_overrides(args, lake_dir: Path) -> dict[str, str | None]:
    """The flags as resource config for the run (unset flags are None: the file and environment stand)."""
    return {
        "config_file": str(Path(args.config).resolve()) if getattr(args, "config", None) else None,
        "backend": args.llm_backend,
        "model": resolve_model(args.llm_model, args.llm_backend, lake_dir),
        "base_url": args.llm_base_url,
    }


def resolve_model(model: str | None, backend: str | None, lake_dir: Path) -> str | None:
    """A known model name becomes its prepared folder under ``<lake>/models`` for the in-process backend."""
    from memory_pipeline.llm.prepare import KNOWN_MODELS, prepare_model

    if model is None or backend == "openai" or Path(model).exists() or model not in KNOWN_MODELS:
        return model
    return str(prepare_model(model, lake_dir / "models" / model))


def register(commands: argparse._SubParsersAction) -> None:
    llm = commands.add_parser("llm", help="LLM backend tools: prepare a packaged model, check an endpoint")
    llm_commands = llm.add_subparsers(dest="llm_command", required=True)
    prepare = llm_commands.add_parser("prepare-model", help="turn a packaged GGUF model into a folder vLLM loads")
    prepare.add_argument("name", help="e.g. smollm2-135m")
    prepare.add_argument("--out", required=True, help="folder to write (skipped when already complete)")
    prepare.set_defaults(handler=cmd_prepare_model)
    check = llm_commands.add_parser("check", help="send one schema-constrained request and show what came back")
    add_llm_flags(check)
    check.set_defaults(handler=cmd_check)


def cmd_prepare_model(args, config: PipelineConfig) -> int:
    from memory_pipeline.llm.prepare import KNOWN_MODELS, prepare_model

    if args.name not in KNOWN_MODELS:
        print(f"unknown model {args.name!r}; known: {', '.join(sorted(KNOWN_MODELS))}", file=sys.stderr)
        return EXIT_USAGE
    print(f"prepared: {prepare_model(args.name, args.out)}")
    return EXIT_OK


def cmd_check(args, config: PipelineConfig) -> int:
    from memory_pipeline.llm.check import check
    from memory_pipeline.llm.client import build_client

    settings, problem = checked_settings(args, config.lake_dir)
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    client = build_client(settings, cache_dir=None)  # a check always asks the backend
    if client is None:
        print("no LLM backend configured (set --llm-backend, MEMORY_PIPELINE_LLM_BACKEND or [llm] backend)",
              file=sys.stderr)
        return EXIT_USAGE
    try:
        report = check(client)
    finally:
        client.close()
    print("\n".join(report.lines()))
    return EXIT_OK if report.answer is not None else EXIT_FAILED


def checked_settings(args, lake_dir: Path, overrides: dict | None = None):
    """The effective LLM settings and None, or None and one line that says what is wrong with them (a config file
    missing or not TOML, a value out of range, a backend without a model): told before a run starts, not found by
    every partition in turn and left in the Dagster event log."""
    import tomllib

    from pydantic import ValidationError

    from memory_pipeline.llm.backends import missing_setting
    from memory_pipeline.llm.config import load_llm_config

    given = dict(overrides if overrides is not None else llm_overrides(args, lake_dir))
    config_file = given.pop("config_file")
    try:
        settings = load_llm_config(lake_dir, config_file=config_file, overrides=given)
    except FileNotFoundError as error:
        return None, f"LLM settings: no such config file: {error.filename}"
    except tomllib.TOMLDecodeError as error:
        return None, f"LLM settings: {config_file or 'memory_pipeline.toml'} is not valid TOML: {error}"
    except ValidationError as error:
        wrong = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors())
        return None, f"LLM settings: {wrong}"
    problem = missing_setting(settings)
    return (None, f"LLM settings: {problem}") if problem else (settings, None)
