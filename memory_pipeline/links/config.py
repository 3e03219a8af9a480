"""Settings of the links stage (seed 002; numbers shared with seed 000 A.4 and DESIGN §5).

Lives here until the merge wires it into :class:`memory_pipeline.config.PipelineConfig` as ``links``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class LinksConfig(BaseModel):
    classifier: str = "rules"  # a name in LINK_CLASSIFIERS: "rules" (default) or "llm"
    top_k: int = Field(20, ge=1)  # K: nearest earlier memories looked at
    min_similarity: float = 0.45  # cosine floor
    keep: int = Field(10, ge=1)  # N: candidates kept per memory
    # Entries and FTA units are two readings of the same turns; linking across them would relate a turn to itself.
    cross_kind: bool = False
    # Rules: share of the smaller memory's content words two memories must share to be about one event.
    event_overlap: float = 0.5
    # Rules: "supports" needs this cosine and a shared noun.
    supports_min_similarity: float = 0.6
    # Rules: a report may fall this many days outside the planned window and still be its follow-up.
    plan_grace_days: int = 7
    # LLM: answer cap, and memory text cut to this many characters in the prompt.
    max_tokens: int = 768
    max_text_chars: int = 400
    # LLM failure: "skip" leaves the memory without links (counted and listed); "rules" classifies it with the
    # rules and says so in the link's method ("rules(llm_failed)").
    on_failure: Literal["skip", "rules"] = "skip"
