"""What every command shares: exit statuses, and what to say about a conversation a query names."""

from __future__ import annotations

import difflib

from memory_pipeline.lake import Lake

# 0 success; 1 a run or query failed; 2 bad usage; 3 some input was quarantined.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_QUARANTINED = 0, 1, 2, 3


def conversation_problem(lake: Lake, conversation_id: str) -> str | None:
    """Why a query cannot read ``conversation_id``'s memories, with what to do about it; None when it can.

    An unknown id names the closest known ones (ids are case-sensitive, so "R3-olga" misses "r3-olga"); a known
    conversation that has not been run yet says to run it.
    """
    if lake.has_partition("memory_entries", conversation_id) or lake.has_partition("fta_units", conversation_id):
        return None
    known = sorted(set(lake.partitions("conversations")) | {path.stem for path in lake.inbox_files()})
    if conversation_id in known:
        return f"conversation {conversation_id!r} has no memories yet: run it first (memory-pipeline run --conversation {conversation_id})"
    lowered = {name.lower(): name for name in known}
    if conversation_id.lower() in lowered:
        close = [lowered[conversation_id.lower()]]
    else:
        close = [lowered[name] for name in difflib.get_close_matches(conversation_id.lower(), list(lowered), n=3, cutoff=0.75)]
    hint = f"; did you mean {', '.join(repr(name) for name in close)}?" if close else " (ingest it first)"
    return f"no conversation {conversation_id!r} in {lake.root}{hint}"
