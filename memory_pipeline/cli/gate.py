"""``memory-pipeline gate train``: retrain the salience gate (see docs/GATE.md)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from memory_pipeline.config import PipelineConfig


def register(commands: argparse._SubParsersAction, argv: Sequence[str] | None) -> None:
    """``gate train``'s arguments live in a module that imports torch: add them only when ``gate`` is asked for."""
    gate = commands.add_parser("gate", help="salience gate tools")
    gate_commands = gate.add_subparsers(dest="gate_command", required=True)
    train = gate_commands.add_parser("train", help="train the gate from MSC persona labels and LoCoMo evidence")
    if argv is None or "gate" in argv:
        from memory_pipeline.gate import train_cli

        train_cli.configure(train)
    train.set_defaults(handler=cmd_gate_train)


def cmd_gate_train(args, config: PipelineConfig) -> int:
    from memory_pipeline.gate import train_cli

    return train_cli.run(args)
