"""``memory-pipeline sql``, ``search`` and ``lineage``: read the memory store."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime

from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK, conversation_problem
from memory_pipeline.cli.render import OUTPUT_FORMATS, print_frame
from memory_pipeline.config import PipelineConfig
from memory_pipeline.lake import Lake


def register(commands: argparse._SubParsersAction) -> None:
    sql = commands.add_parser("sql", help="run a read-only SQL query against the warehouse views")
    sql.add_argument("query", type=statement)
    sql.add_argument("--format", choices=OUTPUT_FORMATS, default="table")
    sql.set_defaults(handler=cmd_sql, needs_lake=True)

    search = commands.add_parser(
        "search", help="current memories ranked by cosine similarity to a question (superseded ones on request)"
    )
    search.add_argument("question", type=question)
    search.add_argument("--conversation", help="restrict to one conversation")
    search.add_argument("-k", type=at_least_one, default=10)
    search.add_argument("--as-of", type=moment, metavar="DATETIME", help="what was current then (ISO date or date-time)")
    search.add_argument("--include-superseded", action="store_true", help="also memories that were replaced")
    search.add_argument("--redact", action="store_true", help="mask the text of USER_PII memories and their turns")
    search.set_defaults(handler=cmd_search, needs_lake=True)

    lineage = commands.add_parser("lineage", help="a memory and the turns it came from")
    lineage.add_argument("memory_id")
    lineage.set_defaults(handler=cmd_lineage, needs_lake=True)


def moment(text: str) -> datetime:
    """An ``--as-of`` value: an ISO date (the start of that day) or date-time, in the conversation's clock. A zone
    written after it ("Z", "+09:00") is dropped: the lake keeps each session's time on its own wall clock, and the
    time as written is read on that clock."""
    try:
        return datetime.fromisoformat(text.strip()).replace(tzinfo=None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date or date-time: {text!r}") from None


def at_least_one(text: str) -> int:
    """A count option (``-k``, ``--budget-words``): a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def not_empty(what: str):
    """An argument type that refuses blank text, naming ``what`` was left empty."""

    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"the {what} is empty")
        return text

    return check


statement, question = not_empty("query"), not_empty("question")


def cmd_sql(args, config: PipelineConfig) -> int:
    import duckdb

    from memory_pipeline import warehouse

    try:
        frame = warehouse.query(Lake(config.lake_dir), args.query)
    except duckdb.Error as error:
        print(f"query failed: {error}", file=sys.stderr)
        return EXIT_FAILED
    print_frame(frame, args.format)
    return EXIT_OK


def cmd_search(args, config: PipelineConfig) -> int:
    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.search import format_hits, search

    lake = Lake(config.lake_dir)
    if args.conversation is not None and (problem := conversation_problem(lake, args.conversation)) is not None:
        print(problem, file=sys.stderr)
        return EXIT_FAILED
    hits = search(
        lake, Embedder.load(config.embedder), args.question, conversation_id=args.conversation, k=args.k,
        as_of=args.as_of, include_superseded=args.include_superseded,
    )
    if args.redact:
        from memory_pipeline.redaction import redact_hits

        hits = redact_hits(hits)
    print(format_hits(hits))
    return EXIT_OK


def cmd_lineage(args, config: PipelineConfig) -> int:
    from memory_pipeline.search import format_lineage, lineage

    record = lineage(Lake(config.lake_dir), args.memory_id)
    if record is None:
        print(f"no memory {args.memory_id!r}", file=sys.stderr)
        return EXIT_FAILED
    print(format_lineage(record))
    return EXIT_OK
