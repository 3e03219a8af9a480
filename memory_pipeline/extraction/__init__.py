"""Dependency-guided memory extraction (seed 000, §3.2), temporal grounding, provenance and scope."""

from memory_pipeline.extraction.checks import CheckResult, empty_rate_within, memories_have_sources, sources_exist
from memory_pipeline.extraction.extractor import EXTRACTOR_VERSION, ExtractionResult, admitted_turns, extract_memories
from memory_pipeline.extraction.temporal import TemporalMention, TemporalResolver
from memory_pipeline.extraction.turn import TurnExtraction, extract_turn

__all__ = [
    "EXTRACTOR_VERSION",
    "CheckResult",
    "ExtractionResult",
    "TemporalMention",
    "TemporalResolver",
    "TurnExtraction",
    "admitted_turns",
    "empty_rate_within",
    "extract_memories",
    "extract_turn",
    "memories_have_sources",
    "sources_exist",
]
