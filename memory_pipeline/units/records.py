"""The records the ``fta_units`` stage passes around: what a builder sees of a segment, and the unit drafts it
returns. A draft becomes a unit (with a persistent id) only after carryover and fusion (seed 002, Eq. 4-5)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal, get_args

from memory_pipeline.extraction.temporal import said_in
from memory_pipeline.llm.schemas import ContentType, TimeOrientation, UnitStatus
from memory_pipeline.memory_frame import EXPRESSION_BASIS
from memory_pipeline.parsing.words import sentence_spans

# Seed 002's vocabularies (its unit-construction prompt; defined once, with the LLM response models), plus the
# lifecycle of the issue.
Status = UnitStatus
Completeness = Literal["complete", "partial", "unknown"]
Lifecycle = Literal["pending", "completed", "cancelled", "contradicted", "archived", "unknown"]
TIME_ORIENTATIONS, CONTENT_TYPES, STATUSES = get_args(TimeOrientation), get_args(ContentType), get_args(Status)
COMPLETENESS, LIFECYCLE = get_args(Completeness), get_args(Lifecycle)
UNKNOWN = "unknown"
# Where a sentence a unit keeps lies: (memory_entries.memory_id, start, end) in that entry's text.
EntrySpan = tuple[str, int, int]


@dataclass(frozen=True)
class EntryView:
    """The ``memory_entries`` row of one turn, as far as units need it."""

    memory_id: str
    text: str
    units: tuple[str, ...]
    provenance: str | None
    scope: str | None
    event_time_text: str | None
    event_start: datetime | None
    event_end: datetime | None
    event_time_basis: str | None
    people: tuple[str, ...] = ()
    # the date of each sentence that says one (memory_entries.dates): (expression, start, end)
    dates: tuple[tuple[str, datetime, datetime], ...] = ()

    def date_of(self, sentence: str) -> tuple[str, datetime, datetime] | None:
        """The date ``sentence`` (one of :meth:`sentences`) says, when it says one."""
        lowered = sentence.lower()
        return next((d for d in self.dates if said_in(d[0].lower(), lowered)), None)

    def dated(self, date: tuple[str, datetime, datetime]) -> EntryView:
        """This entry as seen by the sentences of one of its dates: that date is their event."""
        text, start, end = date
        return replace(self, event_time_text=text, event_start=start, event_end=end, event_time_basis=EXPRESSION_BASIS)

    def sentences(self) -> list[tuple[str, EntrySpan]]:
        """Each sentence of each realised unit, with where it lies in the entry's text (the units joined by one
        space, as the extractor joins them)."""
        out: list[tuple[str, EntrySpan]] = []
        offset = 0
        for unit in self.units:
            out.extend((unit[a:b], (self.memory_id, offset + a, offset + b)) for a, b in sentence_spans(unit))
            offset += len(unit) + 1
        return out


@dataclass(frozen=True)
class TurnView:
    """One turn of a segment; ``entry`` is its memory entry when the gate admitted it and it yielded one."""

    turn_id: str
    position: int  # 0-based place in the segment
    turn_index: int
    speaker: str | None
    text: str
    session_time: datetime | None
    timestamp: datetime | None = None
    entry: EntryView | None = None

    @property
    def dialogue_time(self) -> datetime | None:
        return self.timestamp or self.session_time


@dataclass(frozen=True)
class SegmentView:
    """A segment's turns in order, with the session's named participants and where it sits in the session."""

    segment_id: str
    conversation_id: str
    session_id: str
    turns: tuple[TurnView, ...]
    participants: tuple[str, ...]
    index: int  # 0-based place among the session's segments
    last_in_session: bool
    context: tuple[TurnView, ...] = ()  # the turns just before the segment (reference only, never a source)

    @property
    def addressee_of(self) -> dict[str, str]:
        """speaker -> the other participant, when the session has exactly two named ones."""
        if len(self.participants) != 2:
            return {}
        a, b = self.participants
        return {a: b, b: a}


@dataclass(frozen=True)
class Piece:
    """Words of one turn that a unit keeps: ``texts`` are sentences of the turn's entry (speaker's wording)."""

    turn_id: str
    speaker: str | None
    texts: tuple[str, ...]
    entry: EntryView | None = None
    session_time: datetime | None = None
    dialogue_time: datetime | None = None
    spans: tuple[EntrySpan, ...] = ()  # where ``texts`` lie in entry texts (the asker's, for a question's words)


@dataclass(frozen=True)
class OpenQuestion:
    """A question asked of ``addressee`` that the unit's segment did not see answered."""

    turn_id: str
    asker: str | None
    addressee: str | None
    text: str
    spans: tuple[EntrySpan, ...] = ()  # its sentences in the asker's entry
    # the asker's entry when the question is all of it: the unit that keeps the question's words keeps the entry,
    # and with it the entry's date ("drinks are next Friday, you coming?" / "obviously")
    entry: EntryView | None = None


@dataclass(frozen=True)
class UnitFields:
    """The Fact-Time-Affect fields of a unit (seed 002: fact, time and affect anchors; construction status)."""

    summary: str
    content_text: str
    participants: tuple[str, ...]
    emotion_or_state: str
    valence: float | None
    intention_or_plan: str
    time_orientation: str
    content_type: str
    event_time_text: str | None
    event_start: datetime | None
    event_end: datetime | None
    event_time_basis: str | None
    completeness: str
    status: str
    provenance: str
    scope: str
    affect_holder: str | None = None  # whose feeling emotion_or_state is; None: not known or no feeling

    def with_(self, **changes) -> UnitFields:
        return replace(self, **changes)


@dataclass
class UnitDraft:
    """A unit before carryover, fusion and id assignment.

    A rules draft carries ``pieces`` and is described from them once its extent is final; an LLM draft arrives
    with its ``fields`` already set. ``evidence`` is every turn of its span, ``sources`` the turns whose words
    its content keeps. ``partial_reason`` says why it is underspecified (None when it is not).
    """

    conversation_id: str
    session_id: str
    segment_ids: list[str]
    speaker: str | None
    builder: str
    pieces: list[Piece] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    open_question: OpenQuestion | None = None
    partial_reason: str | None = None
    fields: UnitFields | None = None
    session_time: datetime | None = None
    dialogue_time: datetime | None = None

    @property
    def partial(self) -> bool:
        return self.partial_reason is not None

    @property
    def words(self) -> int:
        if self.fields is not None:
            return len(self.fields.content_text.split())
        return sum(len(text.split()) for piece in self.pieces for text in piece.texts)

    @property
    def entry_spans(self) -> list[EntrySpan]:
        return [span for piece in self.pieces for span in piece.spans]

    @property
    def entry_ids(self) -> list[str]:
        return list(dict.fromkeys(p.entry.memory_id for p in self.pieces if p.entry is not None))

    def add_evidence(self, *turn_ids: str) -> None:
        for turn_id in turn_ids:
            if turn_id not in self.evidence:
                self.evidence.append(turn_id)

    def add_piece(self, piece: Piece) -> None:
        self.pieces.append(piece)
        if piece.turn_id not in self.sources:
            self.sources.append(piece.turn_id)
        self.add_evidence(piece.turn_id)
        if self.session_time is None:
            self.session_time, self.dialogue_time = piece.session_time, piece.dialogue_time
