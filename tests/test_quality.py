"""The data-quality rules behind the asset checks, on frames that break them."""

from __future__ import annotations

from datetime import datetime

import polars as pl

from memory_pipeline import quality


def _turns(**overrides) -> pl.DataFrame:
    base = {
        "turn_id": ["c:1", "c:2", "c:3"],
        "conversation_id": ["c"] * 3,
        "session_index": [1, 1, 2],
        "session_time": [datetime(2023, 5, 1), datetime(2023, 5, 1), datetime(2023, 6, 1)],
        "seq": [0, 1, 2],
        "text": ["hello", "I moved to Lyon", "great"],
    }
    base.update(overrides)
    return pl.DataFrame(base)


def test_clean_turns_pass_every_check():
    assert all(check(_turns()).passed for check in quality.TURN_CHECKS)


def test_duplicate_turn_ids_fail_with_examples():
    outcome = quality.turn_ids_unique(_turns(turn_id=["c:1", "c:1", "c:3"]))
    assert not outcome.passed
    assert outcome.metadata["examples"] == ["c:1"]


def test_blank_text_fails():
    outcome = quality.turn_texts_non_empty(_turns(text=["hello", "   ", "x"]))
    assert not outcome.passed and outcome.metadata["empty"] == 1


def test_an_image_shared_without_words_is_no_empty_turn():
    captioned = _turns(text=["hello", "", "x"], image_caption=[None, "a photo of a bowl of ramen", None])
    assert quality.turn_texts_non_empty(captioned).passed
    uncaptioned = _turns(text=["hello", "", "x"], image_caption=[None, "  ", None])
    assert not quality.turn_texts_non_empty(uncaptioned).passed


def test_backwards_session_fails():
    times = [datetime(2023, 5, 1), datetime(2023, 5, 1), datetime(2023, 4, 1)]
    assert not quality.sessions_ordered(_turns(session_time=times)).passed


def test_lineage_checks_catch_orphans_and_dangling_sources():
    entries = pl.DataFrame({"memory_id": ["m1", "m2"]})
    sources = pl.DataFrame({"memory_id": ["m1"], "turn_id": ["c:9"]})
    assert not quality.memories_have_sources(entries, sources).passed
    outcome = quality.sources_exist(sources, _turns())
    assert not outcome.passed and outcome.metadata["examples"] == ["c:9"]


def test_admitted_ratio_band_and_empty_output_rate():
    scores = pl.DataFrame({"admitted": [True, False, False, False] * 10})
    assert quality.admitted_ratio_in_band(scores, (0.2, 0.9)).passed
    assert not quality.admitted_ratio_in_band(scores, (0.3, 0.9)).passed
    # a short conversation's share is no sign of a broken gate
    assert quality.admitted_ratio_in_band(scores.head(4), (0.3, 0.9)).passed
    diagnostics = pl.DataFrame({"admitted_turns": [600, 400], "empty_outputs": [5, 0]})
    assert quality.empty_output_rate_under(diagnostics, 0.005).passed
    assert not quality.empty_output_rate_under(diagnostics.with_columns(empty_outputs=pl.lit(3)), 0.005).passed
