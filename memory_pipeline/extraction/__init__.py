"""Dependency-guided memory extraction (seed 000, §3.2), temporal grounding, provenance and scope."""

from memory_pipeline.extraction.extractor import (
    EXTRACTOR_VERSION,
    ExtractionResult,
    admitted_turns,
    extract_memories,
    parse_admitted,
)
from memory_pipeline.extraction.temporal import TemporalMention, TemporalResolver
from memory_pipeline.extraction.turn import TurnExtraction, extract_turn

__all__ = [
    "EXTRACTOR_VERSION",
    "ExtractionResult",
    "TemporalMention",
    "TemporalResolver",
    "TurnExtraction",
    "admitted_turns",
    "extract_memories",
    "extract_turn",
    "parse_admitted",
]
