"""Evaluation rules that need no lake: evidence ids, answer dates, the grounding rule, AUPRC."""

from __future__ import annotations

import json
from datetime import datetime

import numpy as np
import pytest

from memory_pipeline.evaluation.answers import Interval, parse_answer_interval
from memory_pipeline.evaluation.evidence import resolve_evidence
from memory_pipeline.evaluation.gate_metrics import average_precision
from memory_pipeline.evaluation.questions import scored_questions
from memory_pipeline.ingest.locomo import normalise_evidence_ids
from memory_pipeline.evaluation.temporal import event_interval, grounds, grounds_near, session_day


def day(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["D1:3"], ["D1:3"]),
        (["D:11:26"], ["D11:26"]),
        (["D30:05"], ["D30:5"]),
        (["D8:6; D9:17"], ["D8:6", "D9:17"]),
        (["D1:18", "D", "D1:20"], ["D1:18", "D1:20"]),
        (["D2:1", "D2:01"], ["D2:1"]),
        (["D01:3", "D1:03"], ["D1:3"]),
        ("D8:6; D9:17", ["D8:6", "D9:17"]),
    ],
)
def test_evidence_ids_are_normalised_and_split(raw, expected):
    assert normalise_evidence_ids(raw) == expected


def test_evidence_that_names_no_turn_is_dropped():
    resolved = resolve_evidence("c1", ["D1:1", "D9:9"], {"c1:D1:1", "c1:D1:2"})
    assert resolved.turn_ids == ("c1:D1:1",)
    assert resolved.unresolved == ("D9:9",)


def test_audit_corrections_replace_the_files_evidence(tmp_path):
    audit = tmp_path / "audit.json"
    audit.write_text(
        json.dumps(
            [
                {"question_id": "locomo_0_qa1", "correct_evidence": ["D1:02"]},
                {"question_id": "locomo_0_qa0", "correct_evidence": []},
            ]
        )
    )
    samples = [
        {
            "sample_id": "c1",
            "qa": [
                {"question": "q0", "answer": "a", "evidence": ["D1:1"], "category": 4},
                {"question": "q1", "answer": "a", "evidence": ["D1:1"], "category": 1},
                {"question": "q2", "adversarial_answer": "x", "evidence": ["D1:1"], "category": 5},
            ],
        }
    ]
    locomo = tmp_path / "locomo.json"
    locomo.write_text(json.dumps(samples))
    questions = scored_questions(locomo, audit)
    assert [(q.question_id, q.evidence_ids, q.corrected) for q in questions] == [
        ("locomo_0_qa0", ("D1:1",), False),
        ("locomo_0_qa1", ("D1:2",), True),
    ]


@pytest.mark.parametrize(
    ("answer", "start", "end"),
    [
        ("7 May 2023", "2023-05-07", "2023-05-08"),
        (2022, "2022-01-01", "2023-01-01"),
        ("May 2023", "2023-05-01", "2023-06-01"),
        ("June, 2023", "2023-06-01", "2023-07-01"),
        ("The week before 9 June 2023", "2023-06-02", "2023-06-09"),
        ("The Friday before 15 July 2023", "2023-07-14", "2023-07-15"),
        ("The weekend before 17 July 2023", "2023-07-15", "2023-07-17"),
        ("two weekends before 17 July 2023", "2023-07-08", "2023-07-10"),
        ("The weekend after 3June, 2022.", "2022-06-04", "2022-06-06"),
        ("The week of 23 August 2023", "2023-08-21", "2023-08-28"),
        ("February 24, 2023", "2023-02-24", "2023-02-25"),
        ("Januarty 5, 2024", "2024-01-05", "2024-01-06"),
        ("The sunday before 3` July 2023", "2023-07-02", "2023-07-03"),
        ("April.2023", "2023-04-01", "2023-05-01"),
        ("The week before October 13th, 2023.", "2023-10-06", "2023-10-13"),
        ("The summer of 2022", "2022-06-01", "2022-09-01"),
        ("first weekend of August 2023", "2023-08-05", "2023-08-07"),
        ("last week of September 2023", "2023-09-24", "2023-10-01"),
        ("early August, 2023", "2023-08-01", "2023-08-11"),
    ],
)
def test_answers_parse_into_intervals(answer, start, end):
    assert parse_answer_interval(answer) == Interval(day(start), day(end))


@pytest.mark.parametrize("answer", ["10 years ago", "four months", "Seattle", "13 August", "Maybe"])
def test_answers_without_an_absolute_date_give_no_interval(answer):
    assert parse_answer_interval(answer) is None


def test_grounding_needs_overlap_and_at_most_twice_the_width():
    answer = Interval(day("2023-06-02"), day("2023-06-09"))  # a week
    assert grounds(Interval(day("2023-06-05"), day("2023-06-06")), answer)
    assert grounds(Interval(day("2023-06-01"), day("2023-06-15")), answer)  # exactly twice as wide
    assert not grounds(Interval(day("2023-06-01"), day("2023-06-16")), answer)  # wider
    assert not grounds(Interval(day("2023-06-01"), day("2023-07-01")), answer)  # the whole month
    assert not grounds(session_day(day("2023-06-09T13:00")), answer)  # the day after: no overlap
    assert not grounds(None, answer)


def test_point_events_and_the_near_reading():
    answer = Interval(day("2023-05-07"), day("2023-05-08"))
    assert grounds(event_interval(day("2023-05-07T10:00"), None), answer)
    assert not grounds(session_day(day("2023-05-08T13:56")), answer)
    assert grounds_near(session_day(day("2023-05-08T13:56")), answer)  # one answer-width away
    assert not grounds_near(session_day(day("2023-05-09T13:56")), answer)


def test_average_precision():
    labels = np.array([True, False, True, False])
    assert average_precision(labels, np.array([0.9, 0.8, 0.7, 0.1])) == pytest.approx((1 + 2 / 3) / 2)
    assert average_precision(labels, np.array([0.9, 0.1, 0.8, 0.2])) == pytest.approx(1.0)
    assert np.isnan(average_precision(np.array([False, False]), np.array([0.3, 0.2])))
