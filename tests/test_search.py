"""Search over a small lake, lineage back to the source turns, and the terminal formatting."""

from __future__ import annotations

from datetime import datetime

import polars as pl
import pytest

from memory_pipeline.config import ExtractorConfig, ParserConfig
from memory_pipeline.embeddings import embed_memories
from memory_pipeline.extraction import TemporalResolver, extract_memories
from memory_pipeline.parsing import load_parser
from memory_pipeline.schemas import TURNS
from memory_pipeline.search import format_hits, format_lineage, lineage, search

pytestmark = pytest.mark.slow  # spaCy and the MiniLM embedder

SESSION = datetime(2023, 5, 8, 13, 56)
TEXTS = {
    "c1:D1:1": ("Caroline", "I went to a LGBTQ support group yesterday and it was so powerful."),
    "c1:D1:2": ("Melanie", "I painted that lake sunrise last year! It's special to me."),
    "c1:D1:3": ("Caroline", "I'm researching adoption agencies because I want to be a mom."),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory, embedder):
    from memory_pipeline.lake import Lake

    lake = Lake(tmp_path_factory.mktemp("lake"))
    lake.ensure_layout()
    ids = list(TEXTS)
    turns = pl.from_arrow(
        pl.DataFrame(
            {
                "turn_id": ids,
                "conversation_id": ["c1"] * 3,
                "session_id": ["c1:S1"] * 3,
                "session_index": [1] * 3,
                "session_time": [SESSION] * 3,
                "turn_index": [1, 2, 3],
                "seq": [1, 2, 3],
                "speaker": [TEXTS[i][0] for i in ids],
                "role": ["user"] * 3,
                "text": [TEXTS[i][1] for i in ids],
                "timestamp": [None] * 3,
                "source_ref": [i.split(":", 1)[1] for i in ids],
                "image_caption": [None] * 3,
                "session_utc_offset_minutes": [None] * 3,
                "session_time_utc": [None] * 3,
                "timestamp_utc_offset_minutes": [None] * 3,
            }
        ).to_arrow().cast(TURNS)
    )
    gate = pl.DataFrame({"turn_id": ids, "admitted": [True] * 3})
    result = extract_memories(turns, gate, load_parser(ParserConfig()), ExtractorConfig(), TemporalResolver())
    lake.write_partition("turns", "c1", turns)
    lake.write_partition("memory_entries", "c1", result.entries)
    lake.write_partition("memory_sources", "c1", result.sources)
    lake.write_partition("memory_embeddings", "c1", embed_memories(result.entries, embedder))
    return lake, result.entries


def test_search_ranks_the_relevant_memory_first_and_carries_its_source(built, embedder):
    lake, _ = built
    hits = search(lake, embedder, "When did Caroline go to the LGBTQ support group?", conversation_id="c1", k=2)
    assert len(hits) == 2 and hits[0].score >= hits[1].score
    top = hits[0]
    assert top.text.startswith("Caroline went to a LGBTQ support group yesterday")
    assert top.event_start == datetime(2023, 5, 7) and top.event_time_text == "yesterday"
    assert [s.turn_id for s in top.sources] == ["c1:D1:1"]
    assert top.sources[0].text == TEXTS["c1:D1:1"][1]
    printed = format_hits(hits)
    assert "2023-05-07 (yesterday)" in printed and "c1:D1:1" in printed


def test_a_memory_dated_only_by_its_session_shows_no_event_day(built, embedder):
    """"I'm researching adoption agencies" says no time: the session's day stands in for it in the table, and the
    printout had shown that day as the event's, as if the turn had said it."""
    lake, _ = built
    hits = search(lake, embedder, "What is Caroline researching?", conversation_id="c1", k=1)
    assert hits[0].event_time_basis == "session" and hits[0].event_start is not None
    assert "event - (no date resolved)" in format_hits(hits)
    assert "event       - (no date resolved)" in format_lineage(lineage(lake, hits[0].memory_id))


def test_search_embeds_memories_that_lack_a_stored_vector(built, embedder):
    lake, _ = built
    lake.delete_partition("memory_embeddings", "c1")
    try:
        hits = search(lake, embedder, "What did Melanie paint?", k=1)
        assert hits[0].text.startswith("Melanie painted that lake sunrise last year")
    finally:
        entries = lake.read_partition("memory_entries", "c1")
        lake.write_partition("memory_embeddings", "c1", embed_memories(entries, embedder))


def test_lineage_returns_the_source_turns(built):
    lake, entries = built
    memory_id = entries.filter(pl.col("source_turn_id") == "c1:D1:3")["memory_id"][0]
    item = lineage(lake, memory_id)
    assert item.text.startswith("Caroline is researching adoption agencies")
    assert [(s.turn_id, s.text) for s in item.sources] == [("c1:D1:3", TEXTS["c1:D1:3"][1])]
    printed = format_lineage(item)
    assert memory_id in printed and "c1:D1:3" in printed and "researching adoption agencies" in printed
    assert lineage(lake, "no-such-id") is None
    assert format_lineage(None) == "no memory with that id"


def test_search_on_an_empty_lake(tmp_path, embedder):
    from memory_pipeline.lake import Lake

    empty = Lake(tmp_path / "empty")
    assert search(empty, embedder, "anything") == []
    assert format_hits([]) == "no memories found"
    assert lineage(empty, "x") is None


def test_lineage_when_the_conversation_id_looks_like_a_date(built, tmp_path):
    """The folder ``conversation_id=2024-01-05`` reads like a Hive partition; the id must stay the string."""
    from memory_pipeline.lake import Lake

    lake, entries = built
    dated, cid = Lake(tmp_path / "dated"), "2024-01-05"
    for table in ("turns", "memory_entries", "memory_sources"):
        dated.write_partition(table, cid, lake.read_partition(table, "c1").with_columns(conversation_id=pl.lit(cid)))
    memory_id = entries.filter(pl.col("source_turn_id") == "c1:D1:3")["memory_id"][0]
    item = lineage(dated, memory_id)
    assert item.conversation_id == cid
    assert [s.turn_id for s in item.sources] == ["c1:D1:3"]
