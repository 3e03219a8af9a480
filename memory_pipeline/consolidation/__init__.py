"""Consolidation (seed 000 §3.3, A.4): statuses and replacement links, never rewritten text.

Entry points: :func:`consolidate_memories` (read, align, decide, validate) and :func:`consolidate` when the
readings and the classifier are at hand; :func:`status_checks` for the checks a materialisation runs.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from memory_pipeline.analysis import read_frame
from memory_pipeline.consolidation.base import (
    ACTIONS,
    CONSOLIDATION_CLASSIFIERS,
    ConsolidationClassifier,
    load_consolidation_classifier,
)
from memory_pipeline.consolidation.checks import dangling_link_ends, status_checks
from memory_pipeline.config import ConsolidationConfig
from memory_pipeline.consolidation.stage import ConsolidationResult, consolidate
from memory_pipeline.links.base import ClassifierResources
from memory_pipeline.parsing import Parser


def consolidate_memories(
    frame: pl.DataFrame,
    vectors: np.ndarray,
    parser: Parser,
    config: ConsolidationConfig | None = None,
    resources: ClassifierResources | None = None,
    lifecycles: dict[str, str | None] | None = None,
) -> ConsolidationResult:
    """Read every memory of ``frame`` by parsing its text with ``parser``, then :func:`consolidate` with the configured
    classifier. For a frame without its tables at hand; the pipeline reads the parses memories carry instead
    (:func:`memory_pipeline.consolidation.run.link_and_consolidate`)."""
    config = config or ConsolidationConfig()
    classifier = load_consolidation_classifier(config, resources)
    return consolidate(frame, vectors, read_frame(frame, parser), classifier, config, lifecycles)


__all__ = [
    "ACTIONS",
    "CONSOLIDATION_CLASSIFIERS",
    "ConsolidationClassifier",
    "ConsolidationConfig",
    "ConsolidationResult",
    "consolidate",
    "consolidate_memories",
    "dangling_link_ends",
    "load_consolidation_classifier",
    "status_checks",
]
