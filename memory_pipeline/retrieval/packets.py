"""Context packets (seed 002, Eq. 11): what an agent puts in its prompt to answer one question.

A packet keeps apart the primary memories (FTA-scored hits), their linked neighbours, the source turns the
primaries came from (speaker, time, text), and supporting entries (memories of the other kind formed from the
same turns: the entries behind a unit). It is filled in that order within a word budget, counting the words
of memory and turn texts; an item that does not fit is skipped and smaller ones after it may still go in.
Memories that are not current are marked outdated with what replaced them.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime

import numpy as np

from memory_pipeline.memory_frame import EXPRESSION_BASIS
from memory_pipeline.retrieval.config import RetrievalConfig
from memory_pipeline.retrieval.rank import Hit, neighbours, outdated_at, plan_note, primary_mask, retrieve, status_marker
from memory_pipeline.retrieval.store import MemoryStore


@dataclass(frozen=True)
class PacketMemory:
    memory_id: str
    memory_kind: str
    speaker: str | None
    text: str
    said_at: datetime | None
    event_time_text: str | None
    event_start: datetime | None
    status: str
    replaced_by: str | None
    valid_from: datetime | None
    valid_to: datetime | None
    lifecycle: str | None
    score: float
    via: str  # hit / history / neighbour / supporting
    relation: str | None
    source_turn_ids: tuple[str, ...]
    scope: str | None = None
    as_of: datetime | None = None  # the time the packet reads the store at, if any
    updated_by: str | None = None  # active, but this later memory changed part of what it says
    event_end: datetime | None = None

    @property
    def outdated(self) -> bool:
        """Not current; in a packet read as of a time, not valid then."""
        return outdated_at(self.status, self.valid_from, self.valid_to, self.as_of)

    @property
    def words(self) -> int:
        return len(self.text.split())

    @classmethod
    def of(cls, hit: Hit, as_of: datetime | None = None) -> PacketMemory:
        row = hit.row
        said = row["event_time_basis"] == EXPRESSION_BASIS  # a time the turn said, not the session's day
        return cls(
            row["memory_id"], row["memory_kind"], row["speaker"], row["text"] or "", row["session_time"],
            row["event_time_text"], row["event_start"] if said else None,
            row["status"], row["replaced_by"], row["valid_from"], row["valid_to"], row["lifecycle"],
            round(hit.score, 4), hit.via, hit.relation, tuple(row["source_turn_ids"] or ()), row.get("scope"), as_of,
            row.get("updated_by"), row["event_end"] if said else None,
        )


@dataclass(frozen=True)
class PacketTurn:
    turn_id: str
    speaker: str | None
    said_at: datetime | None
    text: str
    for_memory: str

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass
class ContextPacket:
    question: str
    conversation_id: str | None
    as_of: datetime | None
    budget_words: int
    primary: list[PacketMemory] = field(default_factory=list)
    neighbours: list[PacketMemory] = field(default_factory=list)
    turns: list[PacketTurn] = field(default_factory=list)
    supporting: list[PacketMemory] = field(default_factory=list)

    @property
    def words(self) -> int:
        return sum(item.words for part in (self.primary, self.neighbours, self.turns, self.supporting) for item in part)

    def items(self) -> list[PacketMemory | PacketTurn]:
        """Everything in the packet, in reading order."""
        return [*self.primary, *self.neighbours, *self.turns, *self.supporting]

    def to_dict(self) -> dict:
        return {
            "question": self.question,
            "conversation_id": self.conversation_id,
            "as_of": self.as_of,
            "budget_words": self.budget_words,
            "words": self.words,
            "primary": [asdict(m) | {"outdated": m.outdated} for m in self.primary],
            "neighbours": [asdict(m) | {"outdated": m.outdated} for m in self.neighbours],
            "source_turns": [asdict(t) for t in self.turns],
            "supporting": [asdict(m) | {"outdated": m.outdated} for m in self.supporting],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), default=str, indent=2)

    def to_text(self) -> str:
        """The packet as prompt text: one section per part, dates on every line, outdated memories marked."""
        lines = [f"Question: {self.question}"]
        if self.as_of is not None:
            lines.append(f"As of: {self.as_of:%Y-%m-%d %H:%M}")
        sections = (
            ("Memories (most relevant first)", self.primary),
            ("Linked memories", self.neighbours),
            ("Source turns", self.turns),
            ("Supporting entries", self.supporting),
        )
        for title, items in sections:
            if items:
                lines.append(f"\n## {title}")
                lines.extend(_line(item) for item in items)
        if len(lines) == 1 + (self.as_of is not None):
            lines.append("\n(no memories found)")
        return "\n".join(lines)


def _line(item: PacketMemory | PacketTurn) -> str:
    if isinstance(item, PacketTurn):
        when = f"{item.said_at:%Y-%m-%d %H:%M}" if item.said_at else "-"
        return f"- [{when}] {item.speaker or '?'}: {item.text}"
    said = f"{item.said_at:%Y-%m-%d}" if item.said_at else "-"
    notes = []
    if item.event_start is not None:
        notes.append(f"event {item.event_start:%Y-%m-%d}" + (f" ({item.event_time_text})" if item.event_time_text else ""))
    if note := plan_note(item.lifecycle, item.event_end, item.as_of):
        notes.append(note)
    if item.relation:
        notes.append(item.relation)
    marker = status_marker(item.status, item.replaced_by, item.outdated, item.updated_by)
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"- [{said}] {marker}{item.text}{tail}"


def build_packet(
    store: MemoryStore,
    question: str,
    question_vector: np.ndarray,
    conversation_id: str | None = None,
    as_of: datetime | None = None,
    budget_words: int | None = None,
    config: RetrievalConfig | None = None,
    k: int | None = None,
) -> ContextPacket:
    """The context packet for ``question`` over ``store`` (one conversation when given)."""
    config = config or RetrievalConfig()
    budget = budget_words or config.budget_words
    store = store.restrict(conversation_id).at(as_of)
    hits = retrieve(store, question, question_vector, k or config.k, "fta", as_of, False, config)
    mask = primary_mask(store, question, as_of, False, config)
    linked = neighbours(store, hits, question_vector, config.neighbours_per_hit, mask)
    packet = ContextPacket(question, conversation_id, as_of, budget)
    left = budget
    for hit in hits:
        left = _add(packet.primary, PacketMemory.of(hit, as_of), left)
    for hit in linked:
        left = _add(packet.neighbours, PacketMemory.of(hit, as_of), left)
    for memory in packet.primary:
        for turn in store.source_turns(store.rows[store.index[memory.memory_id]]):
            if turn.text and all(t.turn_id != turn.turn_id for t in packet.turns):
                left = _add(packet.turns, PacketTurn(turn.turn_id, turn.speaker, turn.session_time, turn.text, memory.memory_id), left)
    for hit in _supporting(store, packet, mask):
        left = _add(packet.supporting, PacketMemory.of(hit, as_of), left)
    return packet


def _add(part: list, item, left: int) -> int:
    if item.words <= left:
        part.append(item)
        return left - item.words
    return left


def _supporting(store: MemoryStore, packet: ContextPacket, mask: np.ndarray) -> list[Hit]:
    """Memories of another kind than a primary one, formed from its source turns."""
    included = {m.memory_id for m in packet.primary + packet.neighbours}
    out = []
    for memory in packet.primary:
        turns = set(memory.source_turn_ids)
        for i, row in enumerate(store.rows):
            if row["memory_id"] in included or row["memory_kind"] == memory.memory_kind or not mask[i]:
                continue
            if turns & set(row["source_turn_ids"] or ()):
                included.add(row["memory_id"])
                out.append(Hit(row, 0.0, 0.0, 0.0, "supporting"))
    return out
