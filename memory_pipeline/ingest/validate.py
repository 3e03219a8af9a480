"""The rules every conversation must satisfy, whatever format it came from.

Readers translate; this module judges. Each broken rule raises :class:`IngestError` with its own code. Nothing
is repaired, dropped or truncated here: a conversation is either accepted exactly as read or refused.
"""

from __future__ import annotations

import re
from datetime import datetime

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import ROLES, Conversation, Session, Turn
from memory_pipeline.ingest.times import LocalTime
from memory_pipeline.lake import CONVERSATION_ID_PATTERN

# Tab and newline are ordinary text; every other C0/C1 control character (and DEL) signals a broken export.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Refs become part of turn ids (``<conversation_id>:<ref>``), which people type into SQL and URLs.
TURN_REF_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$")


def validate_conversation(conv: Conversation, config: IngestConfig) -> Conversation:
    """Return ``conv`` unchanged if it satisfies every rule, else raise the first broken one."""
    check_conversation_id(conv.conversation_id)
    check_speakers(conv)
    if conv.n_turns == 0:
        raise IngestError(ErrorCode.NO_TURNS, "conversation has no turns", conversation_id=conv.conversation_id)
    check_sessions(conv)
    seen_refs: set[str] = set()
    for session in conv.sessions:
        for turn in session.turns:
            check_turn(conv, session, turn, seen_refs, config)
    return conv


def check_conversation_id(conversation_id: object) -> str:
    if not isinstance(conversation_id, str) or not conversation_id.strip():
        raise IngestError(ErrorCode.MISSING_CONVERSATION_ID, "conversation id is missing or empty")
    if not CONVERSATION_ID_PATTERN.match(conversation_id):
        raise IngestError(
            ErrorCode.UNSAFE_CONVERSATION_ID,
            f"conversation id {conversation_id!r} must match {CONVERSATION_ID_PATTERN.pattern}",
        )
    return conversation_id


def check_speakers(conv: Conversation) -> None:
    cid = conv.conversation_id
    if not conv.speakers:
        raise IngestError(ErrorCode.BAD_SPEAKER, "conversation declares no speakers", conversation_id=cid)
    names: set[str] = set()
    for speaker in conv.speakers:
        if not speaker.name.strip():
            raise IngestError(ErrorCode.BAD_SPEAKER, "a speaker has an empty name", conversation_id=cid)
        if speaker.name in names:
            raise IngestError(ErrorCode.BAD_SPEAKER, f"speaker {speaker.name!r} is declared twice", conversation_id=cid)
        if speaker.role not in ROLES:
            raise IngestError(
                ErrorCode.BAD_SPEAKER,
                f"speaker {speaker.name!r} has role {speaker.role!r}, expected one of {list(ROLES)}",
                conversation_id=cid,
            )
        names.add(speaker.name)


def check_sessions(conv: Conversation) -> None:
    """Sessions are non-empty, uniquely named, never go back in time (equal start times are allowed), and none
    repeats an earlier one word for word at the same start: a session pasted twice into an export (its turns would
    be extracted twice, the copies left beside each other)."""
    seen_ids: set[str] = set()
    seen: dict[tuple, str] = {}
    previous: Session | None = None
    for session in conv.sessions:
        where = {"conversation_id": conv.conversation_id, "session_id": session.session_id}
        if session.session_id in seen_ids:
            raise IngestError(ErrorCode.DUPLICATE_SESSION_ID, "session id appears twice", **where)
        seen_ids.add(session.session_id)
        if not session.turns:
            raise IngestError(ErrorCode.EMPTY_SESSION, "session has no turns", **where)
        said = (session.start_time, session.said)
        if said in seen:
            raise IngestError(
                ErrorCode.REPEATED_SESSION, f"repeats session {seen[said]} word for word, at the same start", **where
            )
        seen[said] = session.session_id
        check_calendar_room(session.start_time, ErrorCode.BAD_SESSION_TIME, "start time", where)
        if previous is not None and _starts_before(session, previous):
            raise IngestError(
                ErrorCode.BACKWARDS_SESSION_TIME,
                f"starts at {_shown(session)}, before the previous session "
                f"{previous.session_id} at {_shown(previous)}",
                **where,
            )
        previous = session


# The pipeline computes with days around each time ("tomorrow", the day an event falls on, UTC offsets), so a
# time at the very ends of what a datetime holds (a 9999-12-31 placeholder) cannot be computed with.
EARLIEST_TIME, LATEST_TIME = datetime(1, 1, 3), datetime(9999, 12, 29)


def check_calendar_room(moment: datetime, code: ErrorCode, label: str, where: dict[str, str]) -> None:
    if not EARLIEST_TIME <= moment <= LATEST_TIME:
        raise IngestError(
            code, f"{label} {moment.isoformat()} is outside {EARLIEST_TIME.date()}..{LATEST_TIME.date()}, the "
            "times the pipeline can count days from", **where,
        )


def _starts_before(session: Session, previous: Session) -> bool:
    """On the UTC instants when both zones are known (a session in another zone may read earlier on the wall
    clock and still be later), else on the wall clocks, the only thing the two have in common."""
    if session.utc_offset_minutes is not None and previous.utc_offset_minutes is not None:
        return session.start_instant < previous.start_instant
    return session.start_time < previous.start_time


def _shown(session: Session) -> str:
    return LocalTime(session.start_time, session.utc_offset_minutes).isoformat()


def check_turn(conv: Conversation, session: Session, turn: Turn, seen_refs: set[str], config: IngestConfig) -> None:
    where = {"conversation_id": conv.conversation_id, "session_id": session.session_id, "turn_ref": turn.ref}
    if not TURN_REF_PATTERN.match(turn.ref):
        raise IngestError(ErrorCode.BAD_TURN_ID, f"turn id {turn.ref!r} must match {TURN_REF_PATTERN.pattern}", **where)
    if turn.ref in seen_refs:
        raise IngestError(ErrorCode.DUPLICATE_TURN_ID, "turn id appears twice in the conversation", **where)
    seen_refs.add(turn.ref)
    if conv.role_of(turn.speaker) is None:
        declared = [speaker.name for speaker in conv.speakers]
        raise IngestError(
            ErrorCode.UNKNOWN_SPEAKER,
            f"speaker {turn.speaker!r} is not among the declared speakers {declared}",
            **where,
        )
    if turn.timestamp is not None:
        check_calendar_room(turn.timestamp, ErrorCode.BAD_TURN_TIMESTAMP, "timestamp", where)
    check_text(turn, where, config)


def check_text(turn: Turn, where: dict[str, str], config: IngestConfig) -> None:
    # An image shared without words is still a turn: its caption carries the content.
    if not turn.text.strip() and not (turn.image_caption and turn.image_caption.strip()):
        raise IngestError(ErrorCode.EMPTY_TEXT, "turn text is empty", **where)
    for label, value in (("text", turn.text), ("image caption", turn.image_caption or "")):
        found = _CONTROL.search(value)
        if found:
            raise IngestError(
                ErrorCode.CONTROL_CHARACTERS,
                f"{label} contains control character U+{ord(found.group()):04X} at offset {found.start()}",
                **where,
            )
    if len(turn.text) > config.max_turn_chars:
        raise IngestError(
            ErrorCode.TURN_TOO_LONG,
            f"text is {len(turn.text)} characters, over the limit of {config.max_turn_chars} "
            "(IngestConfig.max_turn_chars)",
            **where,
        )
