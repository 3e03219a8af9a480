"""The extractor's diagnostics on one real LoCoMo conversation, every turn admitted (bars from the issue)."""

from __future__ import annotations

import polars as pl
import pytest

from memory_pipeline.config import ExtractorConfig, ParserConfig
from memory_pipeline.extraction import TemporalResolver, extract_memories
from memory_pipeline.quality import memories_have_sources, sources_exist
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import conversation_frames
from memory_pipeline.parsing import load_parser

pytestmark = pytest.mark.slow  # spaCy over a real conversation


@pytest.fixture
def first_conversation(locomo_dev):
    conversation = read_source(locomo_dev)[0]
    _, turns = conversation_frames(conversation, {"file": locomo_dev.name, "path": str(locomo_dev), "format": "locomo", "sha256": ""})
    return turns


def test_diagnostics_meet_the_bars_on_a_real_conversation(first_conversation):
    turns = first_conversation
    gate = turns.select("turn_id", pl.lit(True).alias("admitted"))
    result = extract_memories(turns, gate, load_parser(ParserConfig()), ExtractorConfig(), TemporalResolver())
    m = result.metrics
    assert m["admitted_turns"] == turns.height
    assert m["empty_rate"] <= 0.005
    assert m["content_token_retention"] >= 0.85
    assert m["temporal_preservation"] >= 0.95
    assert memories_have_sources(result.entries, result.sources).passed
    assert sources_exist(result.sources, turns).passed
    # every memory names its speaker, and the ids are unique
    assert all(s in t for s, t in result.entries.select("speaker", "text").iter_rows())
    assert result.entries["memory_id"].n_unique() == result.entries.height
