"""The engine entry point of the ``segments`` stage: the turns of one or more conversations in, segments out."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import polars as pl
import pyarrow as pa

from memory_pipeline.lake import stable_id
from memory_pipeline.schemas import SEGMENTS
from memory_pipeline.segments.base import BoundaryDetector, SegmentsConfig, SessionTurns
from memory_pipeline.segments.bws import BWSOutcome, WindowFailure, run_bws

SESSION_ORDER = ("conversation_id", "session_index", "turn_index", "seq")


@dataclass
class SegmentsResult:
    """The ``segments`` rows, the windows the primary detector failed on (counted and listed), and figures."""

    segments: pl.DataFrame
    failures: list[WindowFailure] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)

    def failures_frame(self) -> pl.DataFrame:
        columns = ["window_id", "conversation_id", "session_id", "start", "end", "error", "handled_as"]
        rows = [{name: getattr(failure, name) for name in columns} for failure in self.failures]
        return pl.DataFrame(rows, schema={name: pl.Int64 if name in ("start", "end") else pl.String for name in columns})


def turn_text(text: str | None, image_caption: str | None) -> str:
    """What a detector reads of a turn: its text, and the caption of an image it shared (part of what was said)."""
    text = text or ""
    return f"{text} [image: {image_caption}]" if image_caption else text


def sessions_from_turns(turns: pl.DataFrame) -> list[SessionTurns]:
    """Every session of ``turns`` (a ``turns`` table frame), in conversation and session order."""
    if turns.height == 0:
        return []
    order = [column for column in SESSION_ORDER if column in turns.columns]
    sessions = []
    for frame in turns.sort(order).partition_by(["conversation_id", "session_id"], maintain_order=True):
        captions = frame["image_caption"].to_list() if "image_caption" in frame.columns else [None] * frame.height
        speakers = [speaker or role or "speaker" for speaker, role in zip(frame["speaker"], frame["role"])]
        sessions.append(
            SessionTurns(
                conversation_id=frame["conversation_id"][0],
                session_id=frame["session_id"][0],
                turn_ids=tuple(frame["turn_id"].to_list()),
                texts=tuple(turn_text(text, caption) for text, caption in zip(frame["text"].to_list(), captions)),
                speakers=tuple(speakers),
                turn_indices=tuple(int(i) for i in frame["turn_index"].to_list()),
                session_time=frame["session_time"][0] if "session_time" in frame.columns else None,
            )
        )
    return sessions


def build_segments(turns: pl.DataFrame, detector: BoundaryDetector, config: SegmentsConfig) -> SegmentsResult:
    """Cut every session of ``turns`` into contiguous segments that cover it (seed 002, BWS).

    ``detector`` is built once by the caller over its loaded models (:func:`~memory_pipeline.segments.load_detector`).
    Segment ids are ``stable_id(conversation_id, session_id, *turn_ids)``, so a re-run gives the same ids.
    """
    started = time.perf_counter()
    sessions = sessions_from_turns(turns)
    prepared = detector.prepare(sessions)
    prepared_at = time.perf_counter()
    outcome = run_bws(sessions, prepared, config)
    frame = segments_frame(sessions, outcome)
    finished = time.perf_counter()
    return SegmentsResult(
        frame,
        outcome.failures,
        summary(sessions, outcome, frame, detector.name, prepared_at - started, finished - started),
    )


def segments_frame(sessions: Sequence[SessionTurns], outcome: BWSOutcome) -> pl.DataFrame:
    rows = []
    for session in sessions:
        for segment in outcome.segments[session.key]:
            turn_ids = list(session.turn_ids[segment.start : segment.end + 1])
            rows.append(
                {
                    "segment_id": stable_id(session.conversation_id, session.session_id, *turn_ids),
                    "conversation_id": session.conversation_id,
                    "session_id": session.session_id,
                    "start_turn_index": session.turn_indices[segment.start],
                    "end_turn_index": session.turn_indices[segment.end],
                    "turn_ids": turn_ids,
                    "boundary_trigger": segment.trigger,
                    "detector": segment.detector,
                }
            )
    return pl.from_arrow(pa.Table.from_pylist(rows, schema=SEGMENTS))


def summary(
    sessions: Sequence[SessionTurns],
    outcome: BWSOutcome,
    frame: pl.DataFrame,
    detector: str,
    prepare_seconds: float,
    seconds: float,
) -> dict:
    n_turns = sum(len(session) for session in sessions)
    n_segments = frame.height
    return {
        "detector": detector,
        "sessions": len(sessions),
        "turns": n_turns,
        "segments": n_segments,
        "turns_per_segment": n_turns / n_segments if n_segments else 0.0,
        "segments_per_session": n_segments / len(sessions) if sessions else 0.0,
        "windows": outcome.windows,
        "rounds": outcome.rounds,
        "failed_windows": len(outcome.failures),
        "repaired_windows": outcome.repaired_windows,
        "prepare_seconds": prepare_seconds,
        "seconds": seconds,
    }
