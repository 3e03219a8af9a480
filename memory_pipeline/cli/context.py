"""``memory-pipeline context``: the context packet an agent puts in its prompt to answer one question."""

from __future__ import annotations

import argparse
import sys

from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK, conversation_problem
from memory_pipeline.cli.query import at_least_one, moment, question
from memory_pipeline.config import PipelineConfig
from memory_pipeline.lake import Lake


def register(commands: argparse._SubParsersAction) -> None:
    context = commands.add_parser(
        "context",
        help="primary memories, linked neighbours, source turns and supporting entries for a question, in a word budget",
    )
    context.add_argument("question", type=question)
    context.add_argument("--conversation", required=True, help="the conversation to answer from")
    context.add_argument("--as-of", type=moment, metavar="DATETIME", help="answer from what was current then")
    context.add_argument("--budget-words", type=at_least_one, default=400, help="words of memory and turn text (default 400)")
    context.add_argument("-k", type=at_least_one, default=None, help="primary memories at most (default 10)")
    context.add_argument("--format", choices=("text", "json"), default="text")
    context.add_argument("--redact", action="store_true", help="mask the text of USER_PII memories and their turns")
    context.set_defaults(handler=cmd_context, needs_lake=True)


def cmd_context(args, config: PipelineConfig) -> int:
    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.retrieval import RetrievalConfig, context_packet

    lake = Lake(config.lake_dir)
    if (problem := conversation_problem(lake, args.conversation)) is not None:
        print(problem, file=sys.stderr)
        return EXIT_FAILED
    settings = RetrievalConfig(k=args.k) if args.k else RetrievalConfig()
    packet = context_packet(
        lake, Embedder.load(config.embedder), args.question, args.conversation, args.as_of, args.budget_words, settings
    )
    if args.redact:
        from memory_pipeline.redaction import redact_packet

        packet = redact_packet(packet)
    print(packet.to_json() if args.format == "json" else packet.to_text())
    return EXIT_OK
