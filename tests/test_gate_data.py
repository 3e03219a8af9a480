import json

import numpy as np

from memory_pipeline.gate.data import cited_categories, load_msc_examples, locomo_examples
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.locomo import (
    ANSWERABLE_CATEGORIES,
    load_audit_corrections,
    read_observation_refs,
    read_questions,
)


def test_msc_turns_with_persona_text_are_positive(tmp_path):
    session = {
        "dialog": [
            {"id": "bot_0", "text": "Hi, how are you?", "persona_text": ""},
            {"id": "bot_1", "text": "Great, I just got back from my shift.", "persona_text": "I am a nurse."},
            {"id": "bot_0", "text": "Nice!"},
        ]
    }
    folder = tmp_path / "session_2"
    folder.mkdir()
    (folder / "valid.txt").write_text(json.dumps(session) + "\n")
    examples = load_msc_examples(tmp_path)
    assert [e.label for e in examples] == [0, 1, 0]
    assert examples[2].context == (examples[0].target, examples[1].target)
    assert len({e.group for e in examples}) == 1


def small_locomo(tmp_path):
    """One conversation whose QA cites with zero padding, and an audit whose empty correction must not count."""
    turns = [("D1:1", "Ana", "Hi Bo!"), ("D1:2", "Bo", "I got a dog."), ("D1:3", "Ana", "I moved to Porto.")]
    sample = {
        "sample_id": "c1",
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [{"dia_id": dia, "speaker": who, "text": text} for dia, who, text in turns],
        },
        "qa": [
            {"question": "What pet?", "answer": "a dog", "evidence": ["D01:2"], "category": 4},
            {"question": "Where?", "answer": "Porto", "evidence": ["D1:3"], "category": 4},
            {"question": "A cat?", "adversarial_answer": "yes", "evidence": ["D1:1"], "category": 5},
        ],
        "observation": {
            "session_1_observation": {
                "Bo": [["Bo got a dog.", "D1:2"], ["Bo has a garden.", ["D01:01", "D"]]],
                "Ana": [["A record without a source."]],
            }
        },
    }
    audit = [
        {"question_id": "locomo_0_qa1", "correct_evidence": []},
        {"question_id": "locomo_0_qa2", "correct_evidence": ["D"]},
    ]
    (tmp_path / "locomo.json").write_text(json.dumps([sample]))
    (tmp_path / "audit.json").write_text(json.dumps(audit))
    return tmp_path / "locomo.json", tmp_path / "audit.json"


def test_gate_labels_follow_the_one_evidence_reading(tmp_path):
    locomo, audit = small_locomo(tmp_path)
    assert load_audit_corrections(audit) == {}  # neither correction names a turn: the file's evidence stands
    questions = read_questions(locomo, load_audit_corrections(audit))
    assert [q.evidence_ids for q in questions] == [("D1:2",), ("D1:3",), ("D1:1",)]
    examples = locomo_examples(read_source(locomo), questions, ANSWERABLE_CATEGORIES)
    assert [(e.example_id, e.label) for e in examples] == [("c1:D1:1", 0), ("c1:D1:2", 1), ("c1:D1:3", 1)]
    assert examples[0].evidence_categories == frozenset({5})
    assert cited_categories(questions)[("c1", "D1:2")] == frozenset({4})


def test_observation_sources_add_training_positives_but_not_evaluation_labels(tmp_path):
    locomo, _ = small_locomo(tmp_path)
    observed = read_observation_refs(locomo)
    assert observed == {("c1", "D1:2"), ("c1", "D1:1")}  # "D01:01" normalised, "D" and a bare record ignored
    questions = read_questions(locomo)
    plain = locomo_examples(read_source(locomo), questions, ANSWERABLE_CATEGORIES)
    with_observations = locomo_examples(read_source(locomo), questions, ANSWERABLE_CATEGORIES, observed)
    assert [e.label for e in plain] == [0, 1, 1]
    assert [e.label for e in with_observations] == [1, 1, 1]
    # What a turn is evidence for is read from the questions alone, whatever trains the gate.
    assert [e.evidence_categories for e in with_observations] == [e.evidence_categories for e in plain]


def test_locomo_evidence_labels_and_whole_conversation_groups(locomo_dev):
    conversations = read_source(locomo_dev)
    corrections = load_audit_corrections(locomo_dev.parent / "locomo-audit.errors.dev.json")
    examples = locomo_examples(conversations, read_questions(locomo_dev, corrections), ANSWERABLE_CATEGORIES)
    assert {e.group for e in examples} == {c.conversation_id for c in conversations}
    by_id = {e.example_id: e for e in examples}
    # conv-26 D1:3 ("I went to a LGBTQ support group yesterday") is cited by the first QA item.
    assert by_id["conv-26:D1:3"].label == 1
    assert by_id["conv-26:D1:1"].label == 0  # a greeting
    # Context never crosses a session boundary: the first turn of a session has none.
    assert by_id["conv-26:D2:1"].context == ()
    # Every turn of the dev file; positives are the distinct turns the answerable questions cite after the audit.
    assert (len(examples), sum(e.label for e in examples)) == (2760, 672)
    positive_rate = np.mean([e.label for e in examples])
    assert 0.1 < positive_rate < 0.5
    # Observations name far more source turns than the questions cite (the denser training signal).
    observed = read_observation_refs(locomo_dev)
    assert len(observed) > 1.5 * sum(e.label for e in examples)
    assert observed <= {(e.group, e.example_id.split(":", 1)[1]) for e in examples}
