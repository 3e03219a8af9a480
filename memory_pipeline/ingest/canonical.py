"""The canonical format: our own JSON, and the form of every file in the lake's inbox (docs/FORMATS.md).

A file holds one conversation object, a JSON list of them, or JSON Lines with one per line. The reader is
strict about keys because it is also the reader of the inbox: an unknown key would otherwise be dropped
without anyone noticing. The writer is the inverse of the reader, so reading an inbox file and writing it
again gives the same bytes.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn, default_turn_ref
from memory_pipeline.ingest.shape import (
    optional_str,
    reject_unknown_keys,
    require_dict,
    require_list,
    require_str,
)
from memory_pipeline.ingest.source import SourceDocument
from memory_pipeline.ingest.times import BadTimeZone, LocalTime, parse_iso_zoned
from memory_pipeline.ingest.validate import check_conversation_id

FORMAT = "canonical"
CONVERSATION_KEYS = ("conversation_id", "speakers", "sessions", "metadata", "source")
SPEAKER_KEYS = ("name", "role")
SESSION_KEYS = ("session_id", "start_time", "turns")
TURN_KEYS = ("id", "speaker", "text", "timestamp", "image_caption")


def looks_canonical(payload: Any) -> bool:
    """A conversation object, or a non-empty list of them (JSON list or JSON Lines). ``sessions`` alone is the
    marker, so a file that lacks its id is reported as ``missing_conversation_id``, not as an unknown format."""
    first = payload[0] if isinstance(payload, list) and payload else payload
    return isinstance(first, dict) and "sessions" in first


def read(doc: SourceDocument, config: IngestConfig) -> list[Conversation]:
    if isinstance(doc.payload, dict):
        return [conversation_from_dict(doc.payload, config)]
    records = require_list(doc.payload, "a canonical file")
    conversations = []
    for index, record in enumerate(records):
        try:
            conversations.append(conversation_from_dict(record, config))
        except IngestError as exc:
            raise exc.located(record=doc.where(index)) from exc
    return conversations


def conversation_from_dict(obj: Any, config: IngestConfig) -> Conversation:
    obj = require_dict(obj, "a conversation")
    cid = check_conversation_id(obj.get("conversation_id"))
    try:
        reject_unknown_keys(obj, CONVERSATION_KEYS, "the conversation")
        speakers = [speaker_from_dict(item) for item in require_list(obj.get("speakers"), "'speakers'")]
        raw_sessions = require_list(obj.get("sessions"), "'sessions'")
        sessions = [session_from_dict(item, index, config) for index, item in enumerate(raw_sessions, start=1)]
        metadata = require_dict(obj.get("metadata", {}), "'metadata'")
        source = require_dict(obj["source"], "'source'") if "source" in obj else None
    except IngestError as exc:
        raise exc.located(conversation_id=cid) from exc
    return Conversation(cid, speakers, sessions, FORMAT, metadata, source)


def speaker_from_dict(obj: Any) -> Speaker:
    obj = require_dict(obj, "a speaker")
    reject_unknown_keys(obj, SPEAKER_KEYS, "a speaker")
    name = require_str(obj.get("name"), "speaker 'name'")
    if "role" not in obj:
        raise IngestError(ErrorCode.BAD_SPEAKER, f"speaker {name!r} has no role (user, assistant or other)")
    return Speaker(name, require_str(obj["role"], f"role of speaker {name!r}"))


def session_from_dict(obj: Any, session_index: int, config: IngestConfig) -> Session:
    obj = require_dict(obj, f"session {session_index}")
    session_id = require_str(obj.get("session_id", f"S{session_index}"), f"session {session_index} 'session_id'")
    try:
        reject_unknown_keys(obj, SESSION_KEYS, "the session")
        start = session_start(obj, config)
        raw_turns = require_list(obj.get("turns"), "'turns'")
        turns = [turn_from_dict(item, session_index, number, config) for number, item in enumerate(raw_turns, 1)]
    except IngestError as exc:
        raise exc.located(session_id=session_id) from exc
    return Session(session_id, session_index, start.local, turns, utc_offset_minutes=start.utc_offset_minutes)


def session_start(obj: dict[str, Any], config: IngestConfig) -> LocalTime:
    if obj.get("start_time") is None:
        raise IngestError(ErrorCode.MISSING_SESSION_TIME, "session has no 'start_time'")
    value = require_str(obj["start_time"], "'start_time'")
    return _zoned(value, "'start_time'", ErrorCode.BAD_SESSION_TIME, config)


def _zoned(value: str, what: str, code: ErrorCode, config: IngestConfig) -> LocalTime:
    try:
        return parse_iso_zoned(value, config.default_session_hour)
    except BadTimeZone as exc:
        raise IngestError(ErrorCode.BAD_TIME_ZONE, f"{what} {value!r}: {exc}") from exc
    except ValueError as exc:
        raise IngestError(code, f"{what} {value!r} is not an ISO 8601 date-time") from exc


def turn_from_dict(obj: Any, session_index: int, number: int, config: IngestConfig) -> Turn:
    obj = require_dict(obj, f"turn {number}")
    ref = require_str(obj.get("id", default_turn_ref(session_index, number)), f"turn {number} 'id'")
    try:
        reject_unknown_keys(obj, TURN_KEYS, "the turn")
        turn = Turn(
            ref=ref,
            speaker=require_str(obj.get("speaker"), "'speaker'"),
            text=require_str(obj.get("text"), "'text'"),
            image_caption=optional_str(obj.get("image_caption"), "'image_caption'"),
        )
        stamp = turn_timestamp(obj.get("timestamp"), config)
        if stamp is not None:
            turn.timestamp, turn.timestamp_utc_offset_minutes = stamp.local, stamp.utc_offset_minutes
    except IngestError as exc:
        raise exc.located(turn_ref=ref) from exc
    return turn


def turn_timestamp(value: Any, config: IngestConfig) -> LocalTime | None:
    if value is None:
        return None
    return _zoned(require_str(value, "'timestamp'"), "'timestamp'", ErrorCode.BAD_TURN_TIMESTAMP, config)


# -- writing ------------------------------------------------------------------------------------------------
def conversation_to_dict(conv: Conversation, source: dict[str, Any] | None) -> dict[str, Any]:
    """The canonical document of ``conv``; every turn gets an explicit id so refs survive a re-read."""
    document: dict[str, Any] = {
        "conversation_id": conv.conversation_id,
        "speakers": [{"name": speaker.name, "role": speaker.role} for speaker in conv.speakers],
        "sessions": [session_to_dict(session) for session in conv.sessions],
        "metadata": conv.metadata,
    }
    if source is not None:
        document["source"] = source
    return document


def session_to_dict(session: Session) -> dict[str, Any]:
    return {
        "session_id": session.session_id,
        "start_time": LocalTime(session.start_time, session.utc_offset_minutes).isoformat(),
        "turns": [turn_to_dict(turn) for turn in session.turns],
    }


def turn_to_dict(turn: Turn) -> dict[str, Any]:
    item: dict[str, Any] = {"id": turn.ref, "speaker": turn.speaker, "text": turn.text}
    if turn.timestamp is not None:
        item["timestamp"] = LocalTime(turn.timestamp, turn.timestamp_utc_offset_minutes).isoformat()
    if turn.image_caption is not None:
        item["image_caption"] = turn.image_caption
    return item


def encode(document: dict[str, Any]) -> bytes:
    """Stable bytes: fixed key order from the builders, UTF-8 kept readable, one trailing newline."""
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
