"""Settings of the ``fta_units`` stage (seed 002, FTA units). Lives here until the stage is wired into
:mod:`memory_pipeline.config` (``PipelineConfig.units``) at merge."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class RulesBuilderConfig(BaseModel):
    """The non-generative builder. Chosen on LoCoMo conv-26 and conv-30 only (docs/UNITS.md)."""

    max_unit_words: int = Field(default=60, ge=8)  # a unit stops growing here; the next statement opens a new one
    max_gap_turns: int = Field(default=3, ge=1)  # a speaker's statement continues their unit at most this far on
    short_answer_words: int = Field(default=3, ge=0)  # an answer this short keeps the question's words with it
    summary_words: int = Field(default=16, ge=4)


class LLMBuilderConfig(BaseModel):
    """The LLM builder: one request per segment, JSON-schema constrained and validated."""

    max_tokens: int = Field(default=1024, ge=64)
    max_turn_chars: int = Field(default=600, ge=40)  # longer turns are cut in the prompt (never in the data)
    context_turns: int = Field(default=2, ge=0)  # turns before the segment shown as reference only (seed 004)
    max_units: int = Field(default=12, ge=1)


class UnitsConfig(BaseModel):
    """The ``fta_units`` stage: which builder, and how units carry over segment boundaries."""

    builder: str = "rules"
    on_failure: Literal["skip", "rules"] = "skip"  # an LLM failure: no units for that segment, or the rules' units
    # A unit whose last turn lies this close to the end of a segment that is not the session's last is kept
    # provisional: it may still fuse with the next segment's first units (seed 002, carryover and fusion).
    boundary_turns: int = Field(default=2, ge=0)
    max_carried: int = Field(default=4, ge=1)  # partial units carried at once; the oldest are finalised first
    rules: RulesBuilderConfig = Field(default_factory=RulesBuilderConfig)
    llm: LLMBuilderConfig = Field(default_factory=LLMBuilderConfig)
