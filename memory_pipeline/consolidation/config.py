"""Settings of consolidation (seed 000 §3.3, A.4, B.1; numbers in DESIGN §5).

Lives here until the merge wires it into :class:`memory_pipeline.config.PipelineConfig` as ``consolidation``.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from memory_pipeline.links.config import LinksConfig


class ConsolidationConfig(BaseModel):
    classifier: str = "rules"  # a name in CONSOLIDATION_CLASSIFIERS: "rules" (default) or "llm"
    top_k: int = Field(20, ge=1)  # K_u
    min_similarity: float = 0.45
    keep: int = Field(10, ge=1)  # N_u
    cross_kind: bool = False  # entries and units are consolidated apart (two stores of the same turns)
    # Rules: a same-episode pair at least this similar is proposed as a duplicate (the validator still asks
    # for a shared source turn or an explicit shared event date).
    dedup_min_similarity: float = 0.9
    # An appointment said again within this many days of the last, with a correction cue, is the same one.
    reschedule_days: int = 31
    # Validator: an anchor is a short quote.
    anchor_max_words: int = 16
    # Thresholds of the pair rules, shared with the links stage.
    rules: LinksConfig = Field(default_factory=LinksConfig)
    # LLM: answer cap (B.1: 1024 output tokens) and memory text cut in the prompt.
    max_tokens: int = 1024
    max_text_chars: int = 400
