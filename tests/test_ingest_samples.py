"""The bundled sample conversations: valid canonical files with the shape the demo and the later stages need."""

from __future__ import annotations

from datetime import timedelta
from importlib import resources
from pathlib import Path

import pytest

from memory_pipeline.ingest import ingest_files, read_source

SAMPLES = Path(str(resources.files("memory_pipeline") / "samples"))
SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


def test_there_are_four_samples_two_of_each_kind():
    conversations = [read_source(path)[0] for path in SAMPLE_FILES]
    kinds = sorted(tuple(sorted({s.role for s in conv.speakers})) for conv in conversations)
    assert kinds == [("assistant", "user"), ("assistant", "user"), ("user",), ("user",)]


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=[p.stem for p in SAMPLE_FILES])
def test_sample_is_a_realistic_multi_session_conversation(path):
    (conv,) = read_source(path)
    assert conv.conversation_id == path.stem and conv.conversation_id.startswith("sample-")
    assert 3 <= len(conv.sessions) <= 5 and 40 <= conv.n_turns <= 70
    starts = [session.start_time for session in conv.sessions]
    assert all(later - earlier >= timedelta(days=14) for earlier, later in zip(starts, starts[1:]))
    assert {turn.speaker for session in conv.sessions for turn in session.turns} == {s.name for s in conv.speakers}


def test_samples_ingest_cleanly(lake):
    report = ingest_files(lake, [SAMPLES])
    assert sorted(report.new) == [p.stem for p in SAMPLE_FILES] and not report.quarantined
