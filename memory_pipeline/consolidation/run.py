"""Links and consolidation for one conversation, the way the pipeline runs them: one reading of every memory,
shared by both stages (from the parses the memories carry; only a memory without one is parsed), and the links'
lifecycle moves handed to consolidation."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from memory_pipeline.analysis import read_frame, stored_docs
from memory_pipeline.config import ConsolidationConfig, LinksConfig
from memory_pipeline.consolidation.base import load_consolidation_classifier
from memory_pipeline.consolidation.stage import ConsolidationResult, consolidate
from memory_pipeline.links.base import ClassifierResources, load_link_classifier
from memory_pipeline.links.stage import LinksResult, build_links, final_lifecycles, initial_lifecycles
from memory_pipeline.memory_frame import memories_by_id, memory_frame, memory_vectors
from memory_pipeline.parsing import Parser


@dataclass
class LinkedStore:
    links: LinksResult
    consolidation: ConsolidationResult
    memories: int


def link_and_consolidate(
    entries: pl.DataFrame,
    sources: pl.DataFrame,
    turns: pl.DataFrame,
    embeddings: pl.DataFrame,
    parser: Parser,
    links_config: LinksConfig,
    consolidation_config: ConsolidationConfig,
    resources: ClassifierResources | None = None,
    units: pl.DataFrame | None = None,
) -> LinkedStore:
    """Every memory of one conversation (entries, and units when given) linked to related earlier ones, then
    consolidated into statuses; each classifier as configured (``"llm"`` needs ``resources.client``)."""
    frame = memory_frame(entries, units, sources, turns)
    vectors = memory_vectors(frame, embeddings)
    readings = read_frame(frame, parser, stored_docs(entries, units))
    links = build_links(frame, vectors, readings, load_link_classifier(links_config, resources), links_config)
    lifecycles = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), links.links)
    moved_at = dict(links.lifecycle.select("memory_id", "changed_at").iter_rows())
    consolidation = consolidate(
        frame, vectors, readings, load_consolidation_classifier(consolidation_config, resources),
        consolidation_config, lifecycles, moved_at,
    )
    return LinkedStore(links, consolidation, frame.height)
