"""Links between memories (seed 002): relations from each memory to related earlier ones, and plan lifecycles.

Entry points: :func:`link_memories` (read, classify, link) and :func:`build_links` when the readings and the
classifier are already at hand; :func:`lifecycle_updates` lists the lifecycle moves recorded on the links.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from memory_pipeline.analysis import read_frame
from memory_pipeline.links.base import (
    LINK_CLASSIFIERS,
    RELATIONS,
    ClassifierResources,
    LinkClassifier,
    load_link_classifier,
)
from memory_pipeline.config import LinksConfig
from memory_pipeline.links.stage import LinksResult, build_links, final_lifecycles, initial_lifecycles, lifecycle_updates
from memory_pipeline.parsing import Parser


def link_memories(
    frame: pl.DataFrame,
    vectors: np.ndarray,
    parser: Parser,
    config: LinksConfig | None = None,
    resources: ClassifierResources | None = None,
) -> LinksResult:
    """Read every memory of ``frame`` by parsing its text with ``parser``, then :func:`build_links` with the configured
    classifier. For a frame without its tables at hand; the pipeline reads the parses memories carry instead
    (:func:`memory_pipeline.consolidation.run.link_and_consolidate`)."""
    config = config or LinksConfig()
    classifier = load_link_classifier(config, resources)
    return build_links(frame, vectors, read_frame(frame, parser), classifier, config)


__all__ = [
    "LINK_CLASSIFIERS",
    "RELATIONS",
    "ClassifierResources",
    "LinkClassifier",
    "LinksConfig",
    "LinksResult",
    "build_links",
    "final_lifecycles",
    "initial_lifecycles",
    "lifecycle_updates",
    "link_memories",
    "load_link_classifier",
]
