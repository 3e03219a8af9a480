"""``memory-pipeline gate cv`` / ``gate train``: choose and retrain the salience gate (see docs/GATE.md)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from memory_pipeline.config import PipelineConfig


def register(commands: argparse._SubParsersAction, argv: Sequence[str] | None) -> None:
    """The gate commands' arguments live in modules that import torch: add them only when ``gate`` is asked for."""
    gate = commands.add_parser("gate", help="salience gate tools")
    gate_commands = gate.add_subparsers(dest="gate_command", required=True)
    cv = gate_commands.add_parser(
        "cv", help="compare gate recipes by leave-one-conversation-out cross-validation; --install ships the best"
    )
    train = gate_commands.add_parser(
        "train", help="train one gate on chosen conversations, validated on the others (a quick held-out check)"
    )
    if argv is None or "gate" in argv:
        from memory_pipeline.gate import cv_cli, train_cli

        cv_cli.configure(cv)
        train_cli.configure(train)
    cv.set_defaults(handler=cmd_gate_cv)
    train.set_defaults(handler=cmd_gate_train)


def cmd_gate_cv(args, config: PipelineConfig) -> int:
    from memory_pipeline.gate import cv_cli

    return cv_cli.run(args)


def cmd_gate_train(args, config: PipelineConfig) -> int:
    from memory_pipeline.gate import train_cli

    return train_cli.run(args)
