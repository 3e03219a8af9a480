"""The in-memory shape every reader produces, whatever the source format.

Readers only translate; they never decide what is valid. Everything they build is checked afterwards by
:mod:`memory_pipeline.ingest.validate`, so the four formats share one set of rules and one set of error codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

ROLES: tuple[str, ...] = ("user", "assistant", "other")


@dataclass(slots=True)
class Speaker:
    name: str
    role: str  # one of ROLES; kept a plain str so a bad value reaches validation instead of failing here


@dataclass(slots=True)
class Turn:
    ref: str  # the source's own turn id (LoCoMo dia_id "D1:3"), or "S<session_index>:<turn_number>"
    speaker: str
    text: str
    timestamp: datetime | None = None
    image_caption: str | None = None
    timestamp_utc_offset_minutes: int | None = None  # the timestamp's zone, when the source gave one


@dataclass(slots=True)
class Session:
    session_id: str
    session_index: int  # 1-based, in conversation order
    start_time: datetime  # naive, in the conversation's own clock
    turns: list[Turn] = field(default_factory=list)
    utc_offset_minutes: int | None = None  # start_time's zone, when the source gave one

    @property
    def said(self) -> tuple[tuple[str, str, str | None], ...]:
        """What was said, turn by turn (who, the words, an image's caption): what tells two copies of a session
        apart, whatever their ids and turn refs."""
        return tuple((turn.speaker, turn.text, turn.image_caption) for turn in self.turns)

    @property
    def start_instant(self) -> datetime:
        """UTC when the zone is known, else the wall clock: what session order is judged on."""
        if self.utc_offset_minutes is None:
            return self.start_time
        return self.start_time - timedelta(minutes=self.utc_offset_minutes)


@dataclass(slots=True)
class Conversation:
    conversation_id: str
    speakers: list[Speaker]
    sessions: list[Session]
    source_format: str
    metadata: dict[str, Any] = field(default_factory=dict)
    # The provenance block of a canonical file written by our own ingest; None for a first-hand source file.
    source: dict[str, Any] | None = None

    @property
    def n_turns(self) -> int:
        return sum(len(session.turns) for session in self.sessions)

    def role_of(self, speaker: str) -> str | None:
        for declared in self.speakers:
            if declared.name == speaker:
                return declared.role
        return None


def default_turn_ref(session_index: int, turn_number: int) -> str:
    """Ref for sources without turn ids: ``S<session_index>:<turn_number>``, both 1-based like LoCoMo's."""
    return f"S{session_index}:{turn_number}"
