"""Multi-Session Chat (Xu et al., 2022): JSON Lines, one episode per line, many conversations per file.

An episode holds ``previous_dialogs`` (the N-1 earlier sessions) and ``dialog`` (session N). The data gives no
dates, only how long ago each earlier session was, so sessions are laid out backwards from
``IngestConfig.msc_base_date``: session N starts at the base date and earlier session k at
``base - time_back_k``. ``time_back`` counts back from the *last* session, not from the next one: in
``session_3`` files the first session's ``time_back`` is its own gap (``time_num``/``time_unit``) plus the
second session's ``time_back`` (e.g. "5 days 1 hour ago" = 1 hour + "5 days ago"), and that first gap matches
the one ``session_2`` files give for the same episode.

Speakers are "Speaker 1" and "Speaker 2", both people. Earlier sessions carry text only and alternate starting
with Speaker 1. In ``dialog`` the ``id`` names the speaker, except that a few episodes carry a raw crowdworker
number in place of "Speaker 1"; such a turn gets the speaker its position in the alternation gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn, default_turn_ref
from memory_pipeline.ingest.shape import require_dict, require_list, require_str
from memory_pipeline.ingest.source import SourceDocument
from memory_pipeline.ingest.times import parse_iso, parse_time_ago
from memory_pipeline.ingest.validate import check_conversation_id

FORMAT = "msc"
SPEAKERS = ("Speaker 1", "Speaker 2")
SPEAKER_ID = re.compile(r"^Speaker \d+$")
UNSAFE_ID_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


def looks_like_msc(payload: Any) -> bool:
    first = payload[0] if isinstance(payload, list) and payload else payload
    return isinstance(first, dict) and "dialog" in first and "previous_dialogs" in first


def read(doc: SourceDocument, config: IngestConfig) -> list[Conversation]:
    episodes = doc.payload if isinstance(doc.payload, list) else [doc.payload]
    base = parse_iso(config.msc_base_date, config.default_session_hour)
    split = safe_id_part(doc.path.stem)
    conversations = []
    for index, episode in enumerate(episodes):
        try:
            conversations.append(conversation_from_episode(episode, split, base))
        except IngestError as exc:
            raise exc.located(record=doc.where(index)) from exc
    return conversations


def safe_id_part(text: str) -> str:
    """Conversation ids allow only letters, digits, '.', '_' and '-'; anything else becomes '-'."""
    return UNSAFE_ID_CHARS.sub("-", text).strip("-")


def msc_conversation_id(split: str, n_sessions: int, initial_data_id: str) -> str:
    return f"msc-{split}-s{n_sessions}-{safe_id_part(initial_data_id)}"


def conversation_from_episode(episode: Any, split: str, base: datetime) -> Conversation:
    episode = require_dict(episode, "an MSC episode")
    metadata = require_dict(episode.get("metadata"), "'metadata'")
    initial_id = metadata.get("initial_data_id")
    if not isinstance(initial_id, str) or not initial_id.strip():
        raise IngestError(ErrorCode.MISSING_CONVERSATION_ID, "episode has no 'metadata.initial_data_id'")
    previous = require_list(episode.get("previous_dialogs"), "'previous_dialogs'")
    cid = check_conversation_id(msc_conversation_id(split, len(previous) + 1, initial_id))
    try:
        time_backs = [previous_time_back(item, index) for index, item in enumerate(previous, 1)]
        sessions = [
            previous_session(require_dict(item, f"previous dialog {index}"), index, base, time_back)
            for index, (item, time_back) in enumerate(zip(previous, time_backs, strict=True), 1)
        ]
        sessions.append(final_session(require_list(episode.get("dialog"), "'dialog'"), len(previous) + 1, base))
    except IngestError as exc:
        raise exc.located(conversation_id=cid) from exc
    speakers = [Speaker(name, "user") for name in SPEAKERS]
    return Conversation(
        cid, speakers, sessions, FORMAT, {"split": split, "initial_data_id": initial_id, "time_back": time_backs}
    )


def previous_time_back(item: Any, session_index: int) -> str:
    item = require_dict(item, f"previous dialog {session_index}")
    if item.get("time_back") is None:
        raise IngestError(ErrorCode.MISSING_SESSION_TIME, "no 'time_back'", session_id=f"session_{session_index}")
    return require_str(item["time_back"], "'time_back'", session_id=f"session_{session_index}")


def previous_session(item: dict[str, Any], session_index: int, base: datetime, time_back: str) -> Session:
    session_id = f"session_{session_index}"
    try:
        start_time = base - parse_time_ago(time_back)
    except ValueError as exc:
        raise IngestError(ErrorCode.BAD_SESSION_TIME, str(exc), session_id=session_id) from exc
    dialog = require_list(item.get("dialog"), "'dialog'", session_id=session_id)
    # Earlier sessions carry no speaker ids at all.
    turns = session_turns(dialog, session_index, lambda _utterance, number: speaker_by_position(number))
    return Session(session_id, session_index, start_time, turns)


def final_session(dialog: list[Any], session_index: int, base: datetime) -> Session:
    turns = session_turns(dialog, session_index, lambda utterance, number: speaker_of(utterance.get("id"), number))
    return Session(f"session_{session_index}", session_index, base, turns)


def session_turns(
    dialog: list[Any], session_index: int, speaker_for: Callable[[dict[str, Any], int], str]
) -> list[Turn]:
    session_id = f"session_{session_index}"
    turns = []
    for number, utterance in enumerate(dialog, 1):
        ref = default_turn_ref(session_index, number)
        utterance = require_dict(utterance, "an utterance", session_id=session_id, turn_ref=ref)
        text = require_str(utterance.get("text"), "'text'", session_id=session_id, turn_ref=ref)
        turns.append(Turn(ref, speaker_for(utterance, number), text))
    return turns


def speaker_by_position(number: int) -> str:
    return SPEAKERS[(number - 1) % 2]


def speaker_of(item_id: Any, number: int) -> str:
    """The id when it names a speaker; a raw crowdworker number stands in for the speaker whose turn it is."""
    if isinstance(item_id, str) and SPEAKER_ID.match(item_id):
        return item_id
    return speaker_by_position(number)
