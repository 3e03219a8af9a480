"""MemoryBank (Zhong et al., 2024): ``{user_key: {name, history: {"2023-04-27": [{query, response}, ...]}}}``.

Each user chats with an AI companion: the user is a ``user`` speaker, the companion a ``assistant`` speaker
named ``AI``. One session per date, ordered by date (JSON object key order carries no meaning), starting at
``IngestConfig.default_session_hour``; each exchange becomes the user's turn followed by the companion's.
A date whose list is empty had no conversation: it is not a session (a session must have turns) and is listed
in ``metadata["dates_without_turns"]`` so nothing disappears unseen. The summaries and personality profiles in
the file are derived by the original authors and are not ingested.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import datetime
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn, default_turn_ref
from memory_pipeline.ingest.shape import require_dict, require_list, require_str
from memory_pipeline.ingest.source import SourceDocument
from memory_pipeline.ingest.validate import check_conversation_id

FORMAT = "memorybank"
ASSISTANT_NAME = "AI"
_NON_SLUG = re.compile(r"[^a-z0-9]+")


def looks_like_memorybank(payload: Any) -> bool:
    if not isinstance(payload, dict) or not payload:
        return False
    return all(isinstance(user, dict) and "history" in user for user in payload.values())


def read(doc: SourceDocument, config: IngestConfig) -> list[Conversation]:
    users = require_dict(doc.payload, "a MemoryBank file")
    conversations = []
    for key, user in users.items():
        try:
            conversations.append(conversation_from_user(key, user, config))
        except IngestError as exc:
            raise exc.located(record=f"user {key!r}") from exc
    return conversations


def name_slug(name: str) -> str:
    """The id part for a user's name: lower-case ASCII words joined by "-". A name with letters beyond ASCII
    (the Chinese release's "张伟", or "Zoë" beside "Zoé") keeps what transliterates ("zoe") and adds a short
    digest of the name itself, so that no two names share an id and none is left without one."""
    ascii_words = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = _NON_SLUG.sub("-", ascii_words.lower()).strip("-")
    if name.isascii():
        return slug
    digest = hashlib.sha256(name.strip().encode("utf-8")).hexdigest()[:8]
    return f"{slug}-{digest}" if slug else digest


def conversation_from_user(key: str, user: Any, config: IngestConfig) -> Conversation:
    user = require_dict(user, "a user")
    name = require_str(user.get("name", key), "'name'").strip()
    if not name_slug(name):
        raise IngestError(ErrorCode.MISSING_CONVERSATION_ID, f"user {key!r} has no name to build an id from")
    cid = check_conversation_id(f"memorybank-{name_slug(name)}")
    try:
        history = require_dict(user.get("history"), "'history'")
        dated = sorted((session_date(date, config), date) for date in history)
        with_turns = [(start, date) for start, date in dated if require_list(history[date], f"history[{date!r}]")]
        sessions = [
            session_from_exchanges(date, index, start, history[date], name)
            for index, (start, date) in enumerate(with_turns, 1)
        ]
    except IngestError as exc:
        raise exc.located(conversation_id=cid) from exc
    metadata = {"user_key": key, "dates_without_turns": [date for _, date in dated if not history[date]]}
    return Conversation(cid, [Speaker(name, "user"), Speaker(ASSISTANT_NAME, "assistant")], sessions, FORMAT, metadata)


def session_date(date: str, config: IngestConfig) -> datetime:
    try:
        return datetime.strptime(date, "%Y-%m-%d").replace(hour=config.default_session_hour)
    except ValueError as exc:
        raise IngestError(
            ErrorCode.BAD_SESSION_TIME, f"history key {date!r} is not a date (YYYY-MM-DD)", session_id=date
        ) from exc


def session_from_exchanges(date: str, session_index: int, start: datetime, exchanges: list[Any], user: str) -> Session:
    turns: list[Turn] = []
    for exchange in exchanges:
        exchange = require_dict(exchange, "an exchange", session_id=date)
        for field, speaker in (("query", user), ("response", ASSISTANT_NAME)):
            ref = default_turn_ref(session_index, len(turns) + 1)
            text = require_str(exchange.get(field), f"'{field}'", session_id=date, turn_ref=ref)
            turns.append(Turn(ref, speaker, text))
    return Session(date, session_index, start, turns)
