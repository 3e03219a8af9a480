"""LoCoMo (Maharana et al., 2024): a JSON list of samples, each with ``conversation`` and ``qa``.

Contract relied on by evaluation: ``conversation_id`` is the ``sample_id`` and each turn's ref is its
``dia_id``, so the turn id of ``D1:3`` in ``conv-26`` is ``conv-26:D1:3``, the id the QA evidence cites.
Only the conversation is ingested: the QA, summaries and observations stay in the original file, which
evaluation reads itself. Sessions come from the ``session_N`` lists in numeric order; a
``session_N_date_time`` without its list (conv-26 has several) is not a session.
"""

from __future__ import annotations

import re
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn
from memory_pipeline.ingest.shape import optional_str, require_dict, require_list, require_str
from memory_pipeline.ingest.source import SourceDocument
from memory_pipeline.ingest.times import parse_locomo_time
from memory_pipeline.ingest.validate import check_conversation_id

FORMAT = "locomo"
SESSION_KEY = re.compile(r"^session_(\d+)$")
# Both LoCoMo speakers are people talking to each other; neither is an assistant.
SPEAKER_ROLE = "user"


def looks_like_locomo(payload: Any) -> bool:
    return (
        isinstance(payload, list)
        and bool(payload)
        and isinstance(payload[0], dict)
        and "sample_id" in payload[0]
        and "conversation" in payload[0]
    )


def read(doc: SourceDocument, config: IngestConfig) -> list[Conversation]:
    samples = require_list(doc.payload, "a LoCoMo file")
    conversations = []
    for index, sample in enumerate(samples):
        try:
            conversations.append(conversation_from_sample(sample))
        except IngestError as exc:
            raise exc.located(record=doc.where(index)) from exc
    return conversations


def conversation_from_sample(sample: Any) -> Conversation:
    sample = require_dict(sample, "a LoCoMo sample")
    cid = check_conversation_id(sample.get("sample_id"))
    try:
        body = require_dict(sample.get("conversation"), "'conversation'")
        speakers = declared_speakers(body)
        sessions = [session_from_body(body, number, index) for index, number in enumerate(session_numbers(body), 1)]
    except IngestError as exc:
        raise exc.located(conversation_id=cid) from exc
    return Conversation(cid, speakers, sessions, FORMAT, {"sample_id": cid})


def declared_speakers(body: dict[str, Any]) -> list[Speaker]:
    return [Speaker(require_str(body.get(key), f"'{key}'"), SPEAKER_ROLE) for key in ("speaker_a", "speaker_b")]


def session_numbers(body: dict[str, Any]) -> list[int]:
    """The N of every ``session_N`` list, ascending numerically (so session_10 follows session_9)."""
    return sorted(int(match.group(1)) for key in body if (match := SESSION_KEY.match(key)))


def session_from_body(body: dict[str, Any], number: int, session_index: int) -> Session:
    session_id = f"session_{number}"
    try:
        raw_time = body.get(f"{session_id}_date_time")
        if raw_time is None:
            raise IngestError(ErrorCode.MISSING_SESSION_TIME, f"no '{session_id}_date_time' for this session")
        raw_time = require_str(raw_time, f"'{session_id}_date_time'")
        try:
            start_time = parse_locomo_time(raw_time)
        except ValueError as exc:
            raise IngestError(ErrorCode.BAD_SESSION_TIME, str(exc)) from exc
        turns = [turn_from_item(item) for item in require_list(body[session_id], f"'{session_id}'")]
    except IngestError as exc:
        raise exc.located(session_id=session_id) from exc
    return Session(session_id, session_index, start_time, turns)


def turn_from_item(item: Any) -> Turn:
    item = require_dict(item, "a LoCoMo turn")
    ref = require_str(item.get("dia_id"), "'dia_id'")
    try:
        return Turn(
            ref=ref,
            speaker=require_str(item.get("speaker"), "'speaker'"),
            text=require_str(item.get("text"), "'text'"),
            image_caption=optional_str(item.get("blip_caption"), "'blip_caption'"),
        )
    except IngestError as exc:
        raise exc.located(turn_ref=ref) from exc
