"""Cosine search over memory embeddings, and the lineage of one memory back to its source turns.

Both read the lake's Parquet files directly (Polars for search, DuckDB for a single-memory lookup), so they
work while the pipeline writes and need no warehouse refresh. Search sees what is current: active memories
by default, what was valid at a time with ``as_of``, superseded ones too with ``include_superseded``, and, for
questions about time or change, the memories one replacement link away (:mod:`memory_pipeline.retrieval`).
The CLI prints what they return with :func:`format_hits` and :func:`format_lineage`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import duckdb
import polars as pl

from memory_pipeline.embeddings import Embedder
from memory_pipeline.lake import PART_FILE, Lake


@dataclass(frozen=True)
class SourceTurn:
    turn_id: str
    speaker: str | None
    session_time: datetime | None
    text: str | None  # None when the turn is missing from the lake (a dangling link)
    role: str = "source"


@dataclass(frozen=True)
class Lineage:
    """A memory with its time, formation details and the turns it came from."""

    memory_id: str
    conversation_id: str
    text: str
    speaker: str | None
    session_time: datetime | None
    event_time_text: str | None
    event_start: datetime | None
    event_end: datetime | None
    provenance: str | None = None
    scope: str | None = None
    extractor: str | None = None
    event_time_basis: str | None = None  # "session" where the turn said no time and the session's day stands in
    sources: list[SourceTurn] = field(default_factory=list)

    @classmethod
    def from_row(cls, row: dict, sources: list[SourceTurn], **extra) -> Lineage:
        """From a ``memory_entries`` row (as a dict); ``extra`` fills a subclass's own fields."""
        names = ("memory_id", "conversation_id", "text", "speaker", "session_time", "event_time_text",
                 "event_start", "event_end", "provenance", "scope", "extractor", "event_time_basis")
        return cls(**{name: row.get(name) for name in names}, sources=sources, **extra)


@dataclass(frozen=True)
class SearchHit(Lineage):
    """A memory found by :func:`search`, with its cosine similarity to the question and its status."""

    score: float = 0.0
    memory_kind: str = "entry"
    status: str = "active"
    replaced_by: str | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    lifecycle: str | None = None
    via: str = "hit"  # hit, or history: one replacement link away from a hit
    as_of: datetime | None = None  # the time the search read the store at, if any
    updated_by: str | None = None  # active, but this later memory changed part of what it says

    @property
    def outdated(self) -> bool:
        """Not current; read as of a time, not valid then (a memory replaced since is not outdated there)."""
        from memory_pipeline.retrieval.rank import outdated_at

        return outdated_at(self.status, self.valid_from, self.valid_to, self.as_of)


def _source_turns(lake: Lake, links: pl.DataFrame, conversation_ids: list[str]) -> dict[str, list[SourceTurn]]:
    turns = lake.read_table("turns", conversation_ids).select("turn_id", "speaker", "session_time", "text")
    joined = links.join(turns, on="turn_id", how="left")
    out: dict[str, list[SourceTurn]] = {}
    for row in joined.sort("turn_id").iter_rows(named=True):
        out.setdefault(row["memory_id"], []).append(
            SourceTurn(row["turn_id"], row["speaker"], row["session_time"], row["text"], row.get("role") or "source")
        )
    return out


def search(
    lake: Lake,
    embedder: Embedder,
    question: str,
    conversation_id: str | None = None,
    k: int = 10,
    as_of: datetime | None = None,
    include_superseded: bool = False,
) -> list[SearchHit]:
    """The ``k`` visible memories most similar to ``question`` (cosine), optionally within one conversation.

    Visible: active memories; with ``as_of``, those valid then; with ``include_superseded``, superseded ones
    too. A question about time or change also gets the memories its hits replaced or were replaced by. A lake
    without status tables is all active. Stored vectors are used when they come from the embedder's model;
    memories without such a vector are embedded on the fly, so question and memories always share one space.
    """
    from memory_pipeline.retrieval import load_store, retrieve
    from memory_pipeline.retrieval.cues import naming_the_user

    store = load_store(lake, embedder, [conversation_id] if conversation_id else None).at(as_of)
    if store.frame.height == 0 or k <= 0:
        return []
    question = naming_the_user(question, store.speakers)
    hits = retrieve(store, question, embedder.encode([question])[0], k, "cosine", as_of, include_superseded)
    return [
        SearchHit.from_row(
            hit.row, store.source_turns(hit.row), score=hit.score, memory_kind=hit.row["memory_kind"],
            status=hit.row["status"], replaced_by=hit.row["replaced_by"], valid_from=hit.row["valid_from"],
            valid_to=hit.row["valid_to"], lifecycle=hit.row["lifecycle"], via=hit.via, as_of=as_of,
            updated_by=hit.row.get("updated_by") if as_of is None else None,
        )
        for hit in hits
    ]


def _glob(lake: Lake, table: str) -> str:
    return str(lake.tables_dir / table / "*" / PART_FILE)


# Where each kind of memory and its lineage live: an id printed by search may be an entry's or a unit's.
MEMORY_TABLES = (("memory_entries", "memory_sources"), ("fta_units", "unit_sources"))


def lineage(lake: Lake, memory_id: str) -> Lineage | None:
    """The memory (an entry or an FTA unit) and every turn it was formed from (``None`` when no memory has that
    id). A unit's formation details: its ``builder`` stands where an entry has its ``extractor``."""
    # Not Hive partitioning: the id is the files' own string column, never a cast of the folder name.
    query = (
        "SELECT {columns} FROM read_parquet($glob, union_by_name = true, hive_partitioning = false) "
        "WHERE memory_id = $memory_id"
    )
    with duckdb.connect() as con:
        for table, sources_table in MEMORY_TABLES:
            if not lake.partitions(table):
                continue
            params = {"glob": _glob(lake, table), "memory_id": memory_id}
            memory = pl.from_arrow(con.sql(query.format(columns="*"), params=params).to_arrow_table())
            if memory.height == 0:
                continue
            if lake.partitions(sources_table):
                params = {"glob": _glob(lake, sources_table), "memory_id": memory_id}
                links = pl.from_arrow(con.sql(query.format(columns="memory_id, turn_id, role"), params=params).to_arrow_table())
            else:
                links = pl.DataFrame(schema={"memory_id": pl.String, "turn_id": pl.String, "role": pl.String})
            row = memory.row(0, named=True)
            row.setdefault("extractor", row.get("builder"))
            sources = _source_turns(lake, links, [row["conversation_id"]]).get(memory_id, [])
            return Lineage.from_row(row, sources)
    return None


# --- terminal output ----------------------------------------------------------------------------------------
def _when(start: datetime | None, end: datetime | None, text: str | None, basis: str | None = None) -> str:
    """An event interval ``[start, end)`` as days: one day, or first .. last day; none where the turn's time was not
    said or not resolved and only the session's day stands in for it ("When I was 12 we moved to Cardiff" is no
    event of that day)."""
    if basis == "session":
        return "- (no date resolved)"
    if start is None:
        return "-"
    span = start.date().isoformat()
    last = (end - timedelta(microseconds=1)).date() if end is not None else start.date()
    if last > start.date():
        span += f" .. {last.isoformat()}"
    return f"{span} ({text})" if text else span


def _day(moment: datetime | None) -> str:
    return moment.date().isoformat() if moment is not None else "-"


def _indent(text: str, prefix: str, width: int = 100) -> str:
    return textwrap.fill(text or "", width=width, initial_indent=prefix, subsequent_indent=" " * len(prefix))


def _plan_end(hit: SearchHit) -> datetime | None:
    """When the planned thing was to be over: its event's end, where the turn said a time."""
    return hit.event_end if hit.event_time_basis != "session" else None


def format_hits(hits: list[SearchHit]) -> str:
    """Numbered hits: score, memory text, event time, session time, and the source turns."""
    from memory_pipeline.retrieval.rank import plan_note, status_marker

    if not hits:
        return "no memories found"
    lines: list[str] = []
    for n, hit in enumerate(hits, 1):
        marker = status_marker(hit.status, hit.replaced_by, hit.outdated, hit.updated_by)
        lines.append(_indent(marker + hit.text, f"{n:>2}. [{hit.score:.3f}] "))
        session = hit.session_time.strftime("%Y-%m-%d %H:%M") if hit.session_time else "-"
        lines.append(f"      event {_when(hit.event_start, hit.event_end, hit.event_time_text, hit.event_time_basis)} · said {session} · {hit.memory_id}")
        notes = [note] if (note := plan_note(hit.lifecycle, _plan_end(hit), hit.as_of)) else []
        if hit.status != "active":
            notes.append(f"valid {_day(hit.valid_from)} .. {_day(hit.valid_to)}")
        if hit.via != "hit":
            notes.append("linked by replacement")
        if notes:
            lines.append("      " + " · ".join(notes))
        for turn in hit.sources:
            lines.append(_indent(f"{turn.speaker or '?'}: {turn.text if turn.text is not None else '(turn missing)'}", f"      ← {turn.turn_id} "))
    return "\n".join(lines)


def format_lineage(item: Lineage | None) -> str:
    """The memory's fields, then each source turn in full."""
    if item is None:
        return "no memory with that id"
    session = item.session_time.strftime("%Y-%m-%d %H:%M") if item.session_time else "-"
    lines = [
        f"memory      {item.memory_id}  ({item.conversation_id})",
        _indent(item.text, "text        "),
        f"speaker     {item.speaker or '-'}",
        f"said        {session}",
        f"event       {_when(item.event_start, item.event_end, item.event_time_text, item.event_time_basis)}",
        f"provenance  {item.provenance or '-'} · scope {item.scope or '-'} · {item.extractor or '-'}",
        f"sources     {len(item.sources)}",
    ]
    for turn in item.sources:
        when = turn.session_time.strftime("%Y-%m-%d %H:%M") if turn.session_time else "-"
        lines.append(f"  {turn.turn_id} [{turn.role}] {turn.speaker or '?'} at {when}")
        lines.append(_indent(turn.text if turn.text is not None else "(turn missing from the lake)", "    "))
    return "\n".join(lines)
