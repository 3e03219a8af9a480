import json

import numpy as np

from memory_pipeline.gate.data import (
    ANSWERABLE_CATEGORIES,
    load_audit_corrections,
    load_locomo,
    load_locomo_examples,
    load_msc_examples,
    normalise_evidence_ids,
)


def test_malformed_evidence_ids_are_normalised_and_split():
    assert normalise_evidence_ids("D1:3") == ["D1:3"]
    assert normalise_evidence_ids("D:11:26") == ["D11:26"]
    assert normalise_evidence_ids("D30:05") == ["D30:5"]
    assert normalise_evidence_ids("D8:6; D9:17") == ["D8:6", "D9:17"]
    assert normalise_evidence_ids("no id here") == []


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


def test_locomo_evidence_labels_and_whole_conversation_groups(locomo_dev):
    samples = load_locomo(locomo_dev)
    audit = load_audit_corrections(locomo_dev.parent / "locomo-audit.errors.dev.json")
    examples = load_locomo_examples(samples, audit, ANSWERABLE_CATEGORIES)
    assert {e.group for e in examples} == {s["sample_id"] for s in samples}
    by_id = {e.example_id: e for e in examples}
    # conv-26 D1:3 ("I went to a LGBTQ support group yesterday") is cited by the first QA item.
    assert by_id["conv-26:D1:3"].label == 1
    assert by_id["conv-26:D1:1"].label == 0  # a greeting
    # Context never crosses a session boundary: the first turn of a session has none.
    assert by_id["conv-26:D2:1"].context == ()
    positive_rate = np.mean([e.label for e in examples])
    assert 0.1 < positive_rate < 0.5
