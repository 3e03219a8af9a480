"""Temporal grounding: does a memory from the gold evidence carry the event time the answer names?

A category-2 question is grounded when some memory sourced from one of its gold evidence turns has an event
interval that overlaps the answer's interval and is no more than :data:`MAX_WIDTH_RATIO` times as wide.
The width bound keeps a vague memory ("in 2023") from grounding a precise answer ("7 May 2023") by
overlap alone. Beside it, the same test for the rule "event date = session date" (the evidence turn's
session day), which a store gets for free by stamping memories with their session time: a grounding
number only means something above that.

A second, lenient reading ("near") asks only that the event and the answer together span at most
MAX_WIDTH_RATIO answer-widths: the event is at most that wide and lies within one answer-width of the
answer. It forgives an off-by-one day ("yesterday" stamped with the session day) but also a session in 2023
for the answer "2022". The strict reading is the headline; the near one is reported because it is the
reading that reproduces the published reference for the session-date rule (about 0.77 on the dev set).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from memory_pipeline.evaluation.answers import Interval, day_span, parse_answer_interval
from memory_pipeline.ingest.locomo import Question

MAX_WIDTH_RATIO = 2.0
# A point event (start == end) is read as one microsecond wide, so it overlaps the day it falls in.
POINT = timedelta(microseconds=1)


def event_interval(start: datetime | None, end: datetime | None) -> Interval | None:
    """A memory's ``event_start..event_end`` as an interval; a missing end makes it a point."""
    if start is None:
        return None
    end = end if end is not None and end > start else start + POINT
    return Interval(start, end)


def grounds(event: Interval | None, answer: Interval) -> bool:
    """True when ``event`` overlaps ``answer`` and is at most MAX_WIDTH_RATIO times as wide."""
    if event is None:
        return False
    return event.overlaps(answer) and event.width <= MAX_WIDTH_RATIO * answer.width


def grounds_near(event: Interval | None, answer: Interval) -> bool:
    """True when ``event`` and ``answer`` together span at most MAX_WIDTH_RATIO answer-widths."""
    if event is None:
        return False
    hull = max(event.end, answer.end) - min(event.start, answer.start)
    return hull <= MAX_WIDTH_RATIO * answer.width


def session_day(session_time: datetime) -> Interval:
    return day_span(session_time.date())


@dataclass(frozen=True)
class MemoryEvent:
    """What temporal grounding needs of one memory: its source turns and its event interval."""

    memory_id: str
    source_turn_ids: frozenset[str]
    event: Interval | None
    from_expression: bool = False  # the event came from a time expression, not from the session-day fallback


@dataclass(frozen=True)
class TemporalOutcome:
    question_id: str
    conversation_id: str
    answer: str
    answer_interval: Interval
    memory_grounded: bool
    expression_grounded: bool  # grounded by a memory whose event came from a time expression of its turn
    session_rule_grounded: bool
    memory_near: bool
    session_rule_near: bool


def temporal_outcomes(
    questions: Iterable[Question],
    evidence_turns: dict[str, tuple[str, ...]],
    session_times: dict[str, datetime],
    memories: Iterable[MemoryEvent],
) -> list[TemporalOutcome]:
    """One outcome per category-2 question whose answer names a date and whose evidence resolved to turns.

    ``evidence_turns`` maps question id to resolved turn ids; ``session_times`` maps turn id to session time.
    """
    memories_by_turn: dict[str, list[MemoryEvent]] = {}
    for memory in memories:
        for turn_id in memory.source_turn_ids:
            memories_by_turn.setdefault(turn_id, []).append(memory)
    outcomes: list[TemporalOutcome] = []
    for question in questions:
        turns = evidence_turns.get(question.question_id, ())
        answer = parse_answer_interval(question.answer) if question.category == 2 else None
        if answer is None or not turns:
            continue
        candidates = [m for turn_id in turns for m in memories_by_turn.get(turn_id, [])]
        session_days = [session_day(session_times[t]) for t in turns if session_times.get(t) is not None]
        outcomes.append(
            TemporalOutcome(
                question_id=question.question_id,
                conversation_id=question.conversation_id,
                answer=question.answer,
                answer_interval=answer,
                memory_grounded=any(grounds(m.event, answer) for m in candidates),
                expression_grounded=any(grounds(m.event, answer) for m in candidates if m.from_expression),
                session_rule_grounded=any(grounds(day, answer) for day in session_days),
                memory_near=any(grounds_near(m.event, answer) for m in candidates),
                session_rule_near=any(grounds_near(day, answer) for day in session_days),
            )
        )
    return outcomes
