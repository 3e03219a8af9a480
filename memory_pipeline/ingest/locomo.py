"""LoCoMo (Maharana et al., 2024): a JSON list of samples, each with ``conversation`` and ``qa``.

The one place that knows LoCoMo's shape. The conversation is read by :func:`read` (a reader like the other
formats, so the gate, the evaluation and ingestion see the same turns); the QA items, with their cited evidence
normalised and audit corrections applied, by :func:`read_questions`. Only the conversation is ingested into the
lake. Contract relied on by the gate and the evaluation: ``conversation_id`` is the ``sample_id`` and each
turn's ref is its ``dia_id``, so the turn id of ``D1:3`` in ``conv-26`` is ``conv-26:D1:3``, the id the QA
evidence cites. Sessions come from the ``session_N`` lists in numeric order; a ``session_N_date_time`` without
its list (conv-26 has several) is not a session.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn
from memory_pipeline.ingest.shape import optional_str, require_dict, require_list, require_str
from memory_pipeline.ingest.source import SourceDocument, load_document
from memory_pipeline.ingest.times import parse_locomo_time
from memory_pipeline.ingest.validate import check_conversation_id

FORMAT = "locomo"
SESSION_KEY = re.compile(r"^session_(\d+)$")
# Both LoCoMo speakers are people talking to each other; neither is an assistant.
SPEAKER_ROLE = "user"
# Category 5 is adversarial: it asks about something that was never said, so it has no answer to find.
ANSWERABLE_CATEGORIES = frozenset({1, 2, 3, 4})
# Cited ids are messy in the release: "D:11:26", "D30:05", several ids in one string, a bare "D".
EVIDENCE_ID_PATTERN = re.compile(r"D:?(\d+):0*(\d+)")


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


# --- questions and their evidence ------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """One QA item of a LoCoMo file."""

    question_id: str  # locomo_<conversation index>_qa<qa index>, 0-based in file order (the audit's convention)
    conversation_id: str
    category: int
    question: str
    answer: str
    evidence_ids: tuple[str, ...]  # normalised dialogue ids (``D1:3``), after audit corrections
    corrected: bool  # True when the audit replaced the file's evidence


def question_id(conversation_index: int, qa_index: int) -> str:
    return f"locomo_{conversation_index}_qa{qa_index}"


def normalise_evidence_ids(raw_ids: str | Iterable[object]) -> list[str]:
    """Every well-formed dialogue id in the cited strings as ``D<session>:<turn>`` without zero padding
    (``D01:03`` is ``D1:3``, the ref of that turn), in order, without duplicates. One string may hold several
    ids; a string with none (``"D"``) contributes nothing."""
    found: list[str] = []
    for raw in [raw_ids] if isinstance(raw_ids, str) else raw_ids:
        for session, turn in EVIDENCE_ID_PATTERN.findall(str(raw)):
            dia_id = f"D{int(session)}:{int(turn)}"
            if dia_id not in found:
                found.append(dia_id)
    return found


def load_audit_corrections(path: str | Path) -> dict[str, tuple[str, ...]]:
    """``question_id -> corrected evidence ids`` (normalised) from a locomo-audit errors file (a JSON list of
    entries, or an object of them).

    An entry whose ``correct_evidence`` names no id (absent, empty, or nothing well-formed) is left out: the
    audit then has no better citation to offer, and the file's own evidence stands.
    """
    entries = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(entries, dict):
        entries = list(entries.values())
    corrections: dict[str, tuple[str, ...]] = {}
    for entry in entries:
        corrected = normalise_evidence_ids(entry.get("correct_evidence") or [])
        if entry.get("question_id") and corrected:
            corrections[str(entry["question_id"])] = tuple(corrected)
    return corrections


def read_questions(
    path: str | Path, corrections: Mapping[str, Sequence[str]] | None = None, config: IngestConfig | None = None
) -> list[Question]:
    """Every QA item of every conversation of a LoCoMo file, in file order, adversarial ones included; an item
    the audit corrects cites the corrected evidence instead of its own."""
    corrections = corrections or {}
    doc = load_document(Path(path), config or IngestConfig())
    questions: list[Question] = []
    for conversation_index, sample in enumerate(require_list(doc.payload, "a LoCoMo file")):
        sample = require_dict(sample, "a LoCoMo sample")
        cid = check_conversation_id(sample.get("sample_id"))
        for qa_index, qa in enumerate(sample.get("qa", [])):
            qid = question_id(conversation_index, qa_index)
            corrected = qid in corrections
            cited = corrections[qid] if corrected else qa.get("evidence", [])
            questions.append(
                Question(
                    question_id=qid,
                    conversation_id=cid,
                    category=int(qa.get("category", 0)),
                    question=str(qa.get("question", "")),
                    answer=str(qa.get("answer", "")).strip(),
                    evidence_ids=tuple(normalise_evidence_ids(cited)),
                    corrected=corrected,
                )
            )
    return questions


def read_observation_refs(path: str | Path, config: IngestConfig | None = None) -> set[tuple[str, str]]:
    """``(conversation id, dia id)`` of every turn a LoCoMo ``observation`` record names as its source.

    Observations are the annotators' per-session list of facts each speaker revealed, each citing the turn(s)
    it came from: a denser "worth remembering" signal than QA evidence, which only marks what a question
    happened to ask. Ids are normalised like evidence ids; a record citing nothing well-formed adds nothing.
    """
    doc = load_document(Path(path), config or IngestConfig())
    refs: set[tuple[str, str]] = set()
    for sample in require_list(doc.payload, "a LoCoMo file"):
        sample = require_dict(sample, "a LoCoMo sample")
        cid = check_conversation_id(sample.get("sample_id"))
        for by_speaker in (sample.get("observation") or {}).values():
            for records in (by_speaker or {}).values() if isinstance(by_speaker, dict) else ():
                for record in records or ():
                    if isinstance(record, (list, tuple)) and len(record) >= 2:
                        refs.update((cid, ref) for ref in normalise_evidence_ids(record[1:]))
    return refs
