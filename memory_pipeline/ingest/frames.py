"""The ``conversations`` and ``turns`` frames of the table contract, built from one conversation.

The frames depend only on the conversation and its source block (``ingested_at`` included), never on the clock,
so the same inbox file always gives the same frames and a re-materialised partition is byte-identical.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import polars as pl
import pyarrow as pa

from memory_pipeline.ingest.model import Conversation
from memory_pipeline.schemas import CONVERSATIONS, TURNS


def conversation_frames(conv: Conversation, source: dict[str, Any]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """``(conversations, turns)`` with exactly the dtypes of :data:`schemas.CONVERSATIONS` and :data:`schemas.TURNS`."""
    return conversations_frame(conv, source), turns_frame(conv)


def conversations_frame(conv: Conversation, source: dict[str, Any]) -> pl.DataFrame:
    row = {
        "conversation_id": conv.conversation_id,
        "source_file": source.get("file"),
        "source_sha256": source.get("sha256"),
        "format": source.get("format", conv.source_format),
        "n_sessions": len(conv.sessions),
        "n_turns": conv.n_turns,
        "speakers": [speaker.name for speaker in conv.speakers],
        "speaker_roles": [speaker.role for speaker in conv.speakers],
        "ingested_at": parse_ingested_at(source.get("ingested_at")),
        "first_session_time": conv.sessions[0].start_time if conv.sessions else None,
        "last_session_time": conv.sessions[-1].start_time if conv.sessions else None,
    }
    return _typed_frame([row], CONVERSATIONS)


def turns_frame(conv: Conversation) -> pl.DataFrame:
    """One row per turn. ``seq`` is the 0-based order in the conversation, ``turn_index`` the 0-based position
    in its session; ``source_ref`` is the source's own turn id, also the tail of ``turn_id``."""
    rows = []
    for session in conv.sessions:
        for turn_index, turn in enumerate(session.turns):
            rows.append(
                {
                    "turn_id": f"{conv.conversation_id}:{turn.ref}",
                    "conversation_id": conv.conversation_id,
                    "session_id": session.session_id,
                    "session_index": session.session_index,
                    "session_time": session.start_time,
                    "session_utc_offset_minutes": session.utc_offset_minutes,
                    "session_time_utc": _utc(session.start_time, session.utc_offset_minutes),
                    "turn_index": turn_index,
                    "seq": len(rows),
                    "speaker": turn.speaker,
                    "role": conv.role_of(turn.speaker),
                    "text": turn.text,
                    "timestamp": turn.timestamp,
                    "source_ref": turn.ref,
                    "image_caption": turn.image_caption,
                    "timestamp_utc_offset_minutes": turn.timestamp_utc_offset_minutes,
                }
            )
    return _typed_frame(rows, TURNS)


def _utc(local: datetime, offset_minutes: int | None) -> datetime | None:
    return None if offset_minutes is None else local - timedelta(minutes=offset_minutes)


def parse_ingested_at(value: Any) -> datetime | None:
    """The source block's UTC ``ingested_at`` (naive ISO); None for a file that did not come through ingest."""
    return datetime.fromisoformat(value).replace(tzinfo=None) if isinstance(value, str) else None


def _typed_frame(rows: list[dict[str, Any]], schema: pa.Schema) -> pl.DataFrame:
    # Going through Arrow with the contract's schema pins every dtype (Int32, Datetime("us"), List(String))
    # even for an empty frame or an all-null column.
    return pl.from_arrow(pa.Table.from_pylist(rows, schema=schema))
