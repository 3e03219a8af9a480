"""The state-changes conversation (tests/fixtures/state_changes.json), or another fixture of the same kind, carried
through extraction, links and consolidation once per test session, with lookups by turn ref (``"S3:2"``).

Only Nora's turns are admitted (no gate model), so the memories are exactly her statements.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from memory_pipeline.analysis import Reading, read_frame, stored_docs
from memory_pipeline.config import ExtractorConfig
from memory_pipeline.consolidation import ConsolidationConfig, ConsolidationResult, consolidate, load_consolidation_classifier
from memory_pipeline.embeddings import embed_memories
from memory_pipeline.extraction import extract_memories
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import conversation_frames
from memory_pipeline.lake import Lake
from memory_pipeline.links import LinksConfig, LinksResult, build_links, final_lifecycles, initial_lifecycles, load_link_classifier
from memory_pipeline.memory_frame import memories_by_id, memory_frame, memory_vectors

FIXTURES = Path(__file__).with_name("fixtures")
PATH = FIXTURES / "state_changes.json"
CONVERSATION = "state-changes"
USER = "Nora"


@dataclass(frozen=True)
class Built:
    turns: pl.DataFrame
    entries: pl.DataFrame
    sources: pl.DataFrame
    embeddings: pl.DataFrame
    frame: pl.DataFrame
    vectors: np.ndarray
    readings: dict[str, Reading]
    links: LinksResult
    lifecycles: dict[str, str | None]
    consolidation: ConsolidationResult

    @property
    def conversation_id(self) -> str:
        return self.turns["conversation_id"][0]

    def id_of(self, ref: str) -> str:
        """The memory formed from turn ``ref`` (``"S1:2"``)."""
        found = self.entries.filter(pl.col("source_turn_id") == f"{self.conversation_id}:{ref}")["memory_id"]
        assert found.len() == 1, f"no single memory from {ref}"
        return found[0]

    def ref_of(self, memory_id: str | None) -> str | None:
        if memory_id is None:
            return None
        turn = self.entries.filter(pl.col("memory_id") == memory_id)["source_turn_id"][0]
        return turn.split(":", 1)[1]

    def status_of(self, ref: str) -> dict:
        return self.consolidation.status.filter(pl.col("memory_id") == self.id_of(ref)).row(0, named=True)

    def write(self, lake: Lake) -> None:
        """The tables a materialised lake would hold for the conversation."""
        for table, frame in (
            ("turns", self.turns), ("memory_entries", self.entries), ("memory_sources", self.sources),
            ("memory_embeddings", self.embeddings), ("links", self.links.links),
            ("consolidation_decisions", self.consolidation.decisions), ("memory_status", self.consolidation.status),
        ):
            lake.write_partition(table, self.conversation_id, frame)


def turns_frame(path: Path = PATH) -> pl.DataFrame:
    conversation = read_source(path)[0]
    _, turns = conversation_frames(conversation, {"file": path.name, "path": path.name, "format": "canonical", "sha256": ""})
    return turns


def _build(parser, resolver, embedder, path: Path) -> Built:
    turns = turns_frame(path)
    gate = turns.select("turn_id", (pl.col("speaker") == USER).alias("admitted"))
    extracted = extract_memories(turns, gate, parser, ExtractorConfig(), resolver)
    embeddings = embed_memories(extracted.entries, embedder)
    frame = memory_frame(extracted.entries, sources=extracted.sources, turns=turns)
    vectors = memory_vectors(frame, embeddings)
    readings = read_frame(frame, parser, stored_docs(extracted.entries))  # as the pipeline reads them
    links = build_links(frame, vectors, readings, load_link_classifier(LinksConfig()))
    lifecycles = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), links.links)
    config = ConsolidationConfig()
    result = consolidate(frame, vectors, readings, load_consolidation_classifier(config), config, lifecycles)
    return Built(turns, extracted.entries, extracted.sources, embeddings, frame, vectors, readings, links, lifecycles, result)


_BUILT: dict[tuple[int, int, Path], Built] = {}


def build(parser, resolver, embedder, path: Path = PATH) -> Built:
    """Built once per test session and fixture (the models are session fixtures): every test module shares it."""
    key = (id(parser), id(embedder), path)
    if key not in _BUILT:
        _BUILT[key] = _build(parser, resolver, embedder, path)
    return _BUILT[key]
