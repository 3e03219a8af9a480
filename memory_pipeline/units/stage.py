"""The engine entry point of the ``fta_units`` stage: turns, segments and memory entries in; units and their
lineage out (seed 002, Fact-Time-Affect units; seed 004, grounding at formation)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import polars as pl
import pyarrow as pa

from memory_pipeline.extraction.extractor import normalised_text, session_participants
from memory_pipeline.grounding import WE, YOU, unresolved_deixis
from memory_pipeline.lake import stable_id
from memory_pipeline.schemas import FTA_UNITS, MEMORY_SOURCES
from memory_pipeline.units.builders import BuilderResources, BuildFailure, BuildOutcome, load_builder
from memory_pipeline.config import UnitsConfig
from memory_pipeline.units.describe import content_of, content_sentences
from memory_pipeline.units.fusion import SessionCarry
from memory_pipeline.units.records import EntrySpan, EntryView, SegmentView, TurnView, UnitDraft

UNIT_KIND = "fta_unit"
ENTRY_KIND = "entry"
TURN_ORDER = ("conversation_id", "session_index", "turn_index", "seq")
SEGMENT_COLUMNS = ("segment_id", "conversation_id", "session_id", "start_turn_index", "turn_ids")


@dataclass
class UnitsResult:
    """``fta_units`` rows, their ``memory_sources`` rows (memory_kind ``fta_unit``), the segments a builder
    failed on (counted and listed), and the stage's figures."""

    units: pl.DataFrame
    sources: pl.DataFrame
    failures: list[BuildFailure] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)

    def failures_frame(self) -> pl.DataFrame:
        columns = ["segment_id", "conversation_id", "session_id", "error", "handled_as"]
        rows = [{name: getattr(f, name) for name in columns} for f in self.failures]
        return pl.DataFrame(rows, schema={name: pl.String for name in columns})


def build_fta_units(
    turns: pl.DataFrame,
    segments: pl.DataFrame,
    entries: pl.DataFrame,
    sources: pl.DataFrame,
    resources: BuilderResources,
    config: UnitsConfig | None = None,
) -> UnitsResult:
    """Units of every segment of one or more conversations, carried over and fused within each session.

    ``turns``, ``entries`` and ``sources`` are the ``turns``, ``memory_entries`` and ``memory_sources`` tables;
    ``segments`` the ``segments`` table (segment_id, conversation_id, session_id, start_turn_index, turn_ids, ...).
    ``config.builder`` names the builder (``rules``, ``llm``); ``resources`` holds what it uses, loaded once by the
    caller. Ids are ``stable_id(conversation_id, "fta_unit", source turn ids..., normalised content)``, assigned
    after fusion, so a re-run of the same input yields the same units.
    """
    started = time.perf_counter()
    config = config or UnitsConfig()
    builder = load_builder(config, resources)
    order = TurnOrder.of(turns)
    views = segment_views(turns, segments, entries, sources, order, config.llm.context_turns)
    outcome = builder.build(views)
    describer = resources.describer(config)
    finals, fused, fused_partial = carry_and_fuse(views, outcome, config, describer)
    unit_rows, source_rows = unit_frames(finals, order, config.rules.max_gap_turns)
    units = pl.from_arrow(pa.Table.from_pylist(unit_rows, schema=FTA_UNITS))
    lineage = pl.from_arrow(pa.Table.from_pylist(source_rows, schema=MEMORY_SOURCES))
    seconds = time.perf_counter() - started
    n_turns = sum(len(v.turns) for v in views)
    metrics = unit_metrics(units, n_turns, len(views), fused, outcome, seconds)
    metrics["fused_partial_units"] = fused_partial
    metrics["builder"] = getattr(builder, "label", builder.name)
    return UnitsResult(units, lineage, outcome.failures, metrics)


# -- inputs ---------------------------------------------------------------------------------------------------
def ordered_turns(turns: pl.DataFrame) -> pl.DataFrame:
    order = [c for c in TURN_ORDER if c in turns.columns]
    return turns.sort(order) if order else turns


@dataclass(frozen=True)
class TurnOrder:
    """Where every turn sits: its rank over all turns, and its session's turns in order."""

    rank: dict[str, int]
    session_of: dict[str, tuple[str, str]]
    sessions: dict[tuple[str, str], list[str]]

    @classmethod
    def of(cls, turns: pl.DataFrame) -> TurnOrder:
        rank: dict[str, int] = {}
        session_of: dict[str, tuple[str, str]] = {}
        sessions: dict[tuple[str, str], list[str]] = {}
        for turn_id, conversation_id, session_id in ordered_turns(turns).select("turn_id", "conversation_id", "session_id").rows():
            rank[turn_id] = len(rank)
            session_of[turn_id] = (conversation_id, session_id)
            sessions.setdefault((conversation_id, session_id), []).append(turn_id)
        return cls(rank, session_of, sessions)

    def place(self, turn_id: str) -> int:
        """0-based place of the turn in its session."""
        key = self.session_of[turn_id]
        return self.rank[turn_id] - self.rank[self.sessions[key][0]]


def entry_views(entries: pl.DataFrame, sources: pl.DataFrame) -> dict[str, EntryView]:
    """turn_id -> the entry sourced from it (its first source turn, by ``memory_sources`` where it says so)."""
    first_turn: dict[str, str] = {}
    if sources.height and {"memory_id", "turn_id"} <= set(sources.columns):
        chosen = sources
        if "memory_kind" in sources.columns:
            chosen = chosen.filter(pl.col("memory_kind").fill_null(ENTRY_KIND) == ENTRY_KIND)
        if "role" in chosen.columns:
            chosen = chosen.filter(pl.col("role").fill_null("source") == "source")
        for memory_id, turn_id in chosen.select("memory_id", "turn_id").rows():
            first_turn.setdefault(memory_id, turn_id)
    views: dict[str, EntryView] = {}
    for row in entries.iter_rows(named=True):
        turn_id = row.get("source_turn_id") or first_turn.get(row["memory_id"])
        if turn_id is None or turn_id in views:
            continue
        views[turn_id] = EntryView(
            memory_id=row["memory_id"],
            text=row.get("text") or "",
            units=tuple(row.get("units") or [row.get("text") or ""]),
            provenance=row.get("provenance"),
            scope=row.get("scope"),
            event_time_text=row.get("event_time_text"),
            event_start=row.get("event_start"),
            event_end=row.get("event_end"),
            event_time_basis=row.get("event_time_basis"),
            people=tuple(row.get("people") or ()),
            dates=tuple((d["text"], d["start"], d["end"]) for d in row.get("dates") or () if d.get("start") is not None),
        )
    return views


def segment_views(
    turns: pl.DataFrame,
    segments: pl.DataFrame,
    entries: pl.DataFrame,
    sources: pl.DataFrame,
    order: TurnOrder | None = None,
    context_turns: int = 0,
) -> list[SegmentView]:
    """Every segment with its turns and their entries, in conversation, session and turn order.

    Raises ``ValueError`` when a segment names a turn the turns table does not have: units must resolve to turns.
    """
    missing_columns = [c for c in SEGMENT_COLUMNS if c not in segments.columns]
    if missing_columns:
        raise ValueError(f"segments frame lacks {missing_columns}")
    order = order or TurnOrder.of(turns)
    ordered = ordered_turns(turns)
    rows = {row["turn_id"]: row for row in ordered.iter_rows(named=True)}
    participants = session_participants(ordered)
    by_turn = entry_views(entries, sources)
    session_rank = {key: n for n, key in enumerate(order.sessions)}
    grouped: dict[tuple[str, str], list[dict]] = {}
    for segment in segments.iter_rows(named=True):
        grouped.setdefault((segment["conversation_id"], segment["session_id"]), []).append(segment)
    views: list[SegmentView] = []
    for key in sorted(grouped, key=lambda k: (session_rank.get(k, len(session_rank)), k)):
        in_session = sorted(grouped[key], key=lambda s: s["start_turn_index"])
        session = order.sessions.get(key, [])
        for index, segment in enumerate(in_session):
            unknown = [t for t in segment["turn_ids"] if t not in rows]
            if unknown:
                raise ValueError(f"segment {segment['segment_id']} names turns the turns table lacks: {unknown[:3]}")
            first = order.place(segment["turn_ids"][0]) if segment["turn_ids"] else 0
            context = session[max(0, first - context_turns) : first]
            views.append(
                SegmentView(
                    segment_id=segment["segment_id"],
                    conversation_id=key[0],
                    session_id=key[1],
                    turns=tuple(turn_view(rows[t], n, by_turn.get(t)) for n, t in enumerate(segment["turn_ids"])),
                    participants=tuple(participants.get(key, [])),
                    index=index,
                    last_in_session=index == len(in_session) - 1,
                    context=tuple(turn_view(rows[t], -len(context) + n, by_turn.get(t)) for n, t in enumerate(context)),
                )
            )
    return views


def turn_view(row: dict, position: int, entry: EntryView | None) -> TurnView:
    return TurnView(
        turn_id=row["turn_id"],
        position=position,
        turn_index=int(row.get("turn_index") or 0),
        speaker=row.get("speaker"),
        text=row.get("text") or "",
        session_time=row.get("session_time"),
        timestamp=row.get("timestamp"),
        entry=entry,
    )


# -- carryover, fusion, rows ----------------------------------------------------------------------------------
def carry_and_fuse(
    views: Sequence[SegmentView], outcome: BuildOutcome, config: UnitsConfig, describer
) -> tuple[list[UnitDraft], int, int]:
    """Final units of every session (seed 002, Eq. 4-5), how many fusions happened, and how many of them completed
    a partial unit (the others joined a provisional one)."""
    finals: list[UnitDraft] = []
    fused = fused_partial = 0
    sessions: dict[tuple[str, str], list[SegmentView]] = {}
    for view in views:
        sessions.setdefault((view.conversation_id, view.session_id), []).append(view)
    for in_session in sessions.values():
        names = in_session[0].participants
        carry = SessionCarry(
            boundary_turns=config.boundary_turns,
            max_carried=config.max_carried,
            short_answer_words=config.rules.short_answer_words,
            redescribe=lambda draft, names=names: describer.describe(draft, names),
            names=names,
        )
        for view in in_session:
            carry.step(view, outcome.drafts.get(view.segment_id, []))
        finals.extend(carry.close())
        fused += carry.fused
        fused_partial += carry.fused_partial
    return finals, fused, fused_partial


def evidence_span(turn_ids: Sequence[str], order: TurnOrder, max_gap: int) -> list[str]:
    """The unit's key turns in session order, with gaps of at most ``max_gap`` turns filled in (the exchange
    around them); longer gaps stay open, so a unit fused across distant segments does not swallow them."""
    known = sorted({t for t in turn_ids if t in order.rank}, key=order.rank.__getitem__)
    if not known:
        return []
    session = order.sessions[order.session_of[known[0]]]
    places = [order.place(t) for t in known]
    span = [places[0]]
    for place in places[1:]:
        span.extend(range(span[-1] + 1, place + 1) if place - span[-1] <= max_gap + 1 else [place])
    return [session[p] for p in span]


def unit_frames(finals: Sequence[UnitDraft], order: TurnOrder, max_gap: int) -> tuple[list[dict], list[dict]]:
    """``fta_units`` and ``memory_sources`` rows; units in turn order, ids assigned here and only here."""
    rows: list[dict] = []
    lineage: list[dict] = []
    seen: set[str] = set()
    last = len(order.rank)
    placed = sorted(finals, key=lambda d: min((order.rank.get(t, last) for t in [*d.sources, *d.evidence]), default=last))
    for draft in placed:
        fields = draft.fields
        if fields is None or not fields.content_text.strip():
            continue
        sources = sorted(draft.sources, key=lambda t: order.rank.get(t, last))
        span = evidence_span([*draft.evidence, *draft.sources], order, max_gap)
        memory_id = stable_id(draft.conversation_id, UNIT_KIND, *sources, normalised_text(fields.content_text))
        if memory_id in seen:
            continue
        seen.add(memory_id)
        rows.append(unit_row(draft, memory_id, sources, span))
        lineage.extend(
            {
                "memory_id": memory_id,
                "turn_id": turn_id,
                "conversation_id": draft.conversation_id,
                "memory_kind": UNIT_KIND,
                "role": "source" if turn_id in sources else "evidence",
            }
            for turn_id in span
        )
    return rows, lineage


def unit_row(draft: UnitDraft, memory_id: str, sources: list[str], span: list[str]) -> dict:
    fields = draft.fields
    return {
        "memory_id": memory_id,
        "conversation_id": draft.conversation_id,
        "session_id": draft.session_id,
        "segment_id": draft.segment_ids[0],
        "segment_ids": list(draft.segment_ids),
        "speaker": draft.speaker,
        "summary": fields.summary,
        "content_text": fields.content_text,
        "text": fields.content_text,
        "participants": list(fields.participants),
        "emotion_or_state": fields.emotion_or_state,
        "valence": fields.valence,
        "affect_holder": fields.affect_holder,
        "intention_or_plan": fields.intention_or_plan,
        "time_orientation": fields.time_orientation,
        "content_type": fields.content_type,
        "dialogue_time": draft.dialogue_time,
        "session_time": draft.session_time,
        "event_time_text": fields.event_time_text,
        "event_start": fields.event_start,
        "event_end": fields.event_end,
        "event_time_basis": fields.event_time_basis,
        "status": fields.status,
        "completeness": fields.completeness,
        # plans start pending; the links stage moves them on (completed, cancelled, ...)
        "lifecycle_status": "pending" if fields.status == "pending" else "unknown",
        "provenance": fields.provenance,
        "scope": fields.scope,
        "builder": draft.builder,
        "source_turn_id": sources[0] if sources else (span[0] if span else None),
        "source_turn_ids": sources,
        "evidence_turn_ids": span,
        "entry_ids": draft.entry_ids,
        "unresolved_deixis": unresolved_deixis(fields.content_text),
        "entry_spans": [{"memory_id": m, "start": a, "end": b} for m, a, b in kept_entry_spans(draft)],
    }


def kept_entry_spans(draft: UnitDraft) -> list[EntrySpan]:
    """The entry sentences the unit's content_text is made of; none when that text is not exactly them (a model
    wrote it, or fusion merged a model's text in), so a reader never takes another text's words for it."""
    if not draft.pieces or draft.fields.content_text != content_of(content_sentences(draft.pieces)):
        return []
    return draft.entry_spans


def unit_metrics(units: pl.DataFrame, n_turns: int, n_segments: int, fused: int, outcome: BuildOutcome, seconds: float) -> dict:
    n = units.height
    words = units["content_text"].str.split(" ").list.len().sum() if n else 0
    deixis = units["unresolved_deixis"] if n else pl.Series([], dtype=pl.List(pl.String))
    return {
        "turns": n_turns,
        "segments": n_segments,
        "units": n,
        "units_per_turn": n / n_turns if n_turns else 0.0,
        "words_per_unit": words / n if n else 0.0,
        "unresolved_you_rate": float(deixis.list.contains(YOU).mean()) if n else 0.0,
        "unresolved_we_rate": float(deixis.list.contains(WE).mean()) if n else 0.0,
        "partial_units": int((units["completeness"] == "partial").sum()) if n else 0,
        "pending_units": int((units["status"] == "pending").sum()) if n else 0,
        "fused_units": fused,
        "content_types": dict(Counter(units["content_type"].to_list())) if n else {},
        "failed_segments": len(outcome.failures),
        "failed_segment_ids": [f.segment_id for f in outcome.failures],
        "seconds": seconds,
        "seconds_per_1000_turns": 1000 * seconds / n_turns if n_turns else 0.0,
    }
