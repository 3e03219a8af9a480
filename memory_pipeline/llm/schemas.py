"""Response models of the project's prompts: the JSON schema each answer is decoded under and validated against.

Every field is required and no extra keys are allowed, so the schemas are also valid for OpenAI's strict
structured outputs; "unknown" (or an empty list) stands for "not stated" instead of null, which small models
handle more reliably. Checks that need the item the answer is about (turn numbers inside the window, candidate
ids that were shown) read the request's validation context: ``LLMRequest.context``. A violation is a validation
error, fed back to the model on the next attempt like a malformed answer.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _context(info: ValidationInfo) -> dict:
    return info.context or {}


# -- segments (boundary-preserving window segmentation, seed 002) -------------------------------------------------

# Why a new segment starts. The vocabulary of seed 002's segmentation step, so segments built by the rules and by
# an LLM can be compared trigger by trigger.
BoundaryTrigger = Literal[
    "session_start",
    "topic_change",
    "goal_change",
    "emotion_shift",
    "new_time_reference",
    "new_person_or_relationship",
    "problem_to_support_transition",
    "support_strategy_transition",
    "homework_or_plan_creation",
    "correction_or_contradiction",
    "risk_signal",
    "unknown",
]


class Segment(_Answer):
    start_turn: int = Field(ge=0, description="number of the first turn of the segment")
    end_turn: int = Field(ge=0, description="number of the last turn of the segment (inclusive)")
    boundary_trigger: BoundaryTrigger


class SegmentsAnswer(_Answer):
    """Contiguous segments of a window. With context ``{"first_turn": a, "last_turn": b}`` they must tile a..b:
    in order, no gap, no overlap."""

    segments: list[Segment] = Field(min_length=1)

    @model_validator(mode="after")
    def _tiles_the_window(self, info: ValidationInfo) -> SegmentsAnswer:
        context = _context(info)
        if "first_turn" not in context:
            return self
        expected = context["first_turn"]
        for segment in self.segments:
            if segment.end_turn < segment.start_turn:
                raise ValueError(f"segment {segment.start_turn}-{segment.end_turn} ends before it starts")
            if segment.start_turn != expected:
                raise ValueError(
                    f"segment starting at turn {segment.start_turn} should start at turn {expected}: segments "
                    "must follow each other with no gap and no overlap"
                )
            expected = segment.end_turn + 1
        if expected != context["last_turn"] + 1:
            raise ValueError(f"the last segment must end at turn {context['last_turn']}, not {expected - 1}")
        return self


# -- fta_units (Fact-Time-Affect units, seed 002) -------------------------------------------------------------------

TimeOrientation = Literal["past", "present", "future", "mixed", "unknown"]
ContentType = Literal[
    "event",
    "current_state",
    "relationship_event",
    "belief_candidate",
    "homework_or_plan",
    "support_interaction",
    "risk_signal",
    "general_fact",
]
UnitStatus = Literal["complete", "partial", "pending", "unknown"]


class FTAUnit(_Answer):
    summary: str
    content_text: str
    participants: list[str]
    emotion_or_state: str
    intention_or_plan: str
    time_orientation: TimeOrientation
    content_type: ContentType
    event_time_text: str  # the time expression as written in the turns, "unknown" when there is none
    status: UnitStatus
    evidence_turns: list[int] = Field(min_length=1)


class FTAUnitsAnswer(_Answer):
    """Units of one segment (possibly none). With context ``{"turns": [numbers shown]}`` every evidence turn must
    be one of the segment's turns."""

    units: list[FTAUnit]

    @model_validator(mode="after")
    def _evidence_in_segment(self, info: ValidationInfo) -> FTAUnitsAnswer:
        shown = _context(info).get("turns")
        if shown is None:
            return self
        allowed = set(shown)
        for n, unit in enumerate(self.units):
            outside = sorted(set(unit.evidence_turns) - allowed)
            if outside:
                raise ValueError(f"unit {n}: evidence turns {outside} are not turns of this segment {sorted(allowed)}")
        return self


# -- links (relations between a new unit and earlier ones, seed 002) ------------------------------------------------

Relation = Literal["same_episode_as", "updates", "contradicts", "followup_of", "supports", "none"]


class LinkJudgement(_Answer):
    candidate_id: str
    relation: Relation
    confidence: float = Field(ge=0.0, le=1.0)


def _check_candidates(ids: list[str], info: ValidationInfo) -> None:
    """With context ``{"candidates": [ids shown]}``: each shown id answered exactly once, no other id."""
    shown = _context(info).get("candidates")
    if shown is None:
        return
    unknown = sorted(set(ids) - set(shown))
    if unknown:
        raise ValueError(f"unknown candidate ids {unknown}; the candidates are {list(shown)}")
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"candidate ids {repeated} are answered more than once")
    missing = [i for i in shown if i not in ids]
    if missing:
        raise ValueError(f"no answer for candidates {missing}")


class LinksAnswer(_Answer):
    """One judgement per candidate shown (context ``{"candidates": [...]}``)."""

    links: list[LinkJudgement]

    @model_validator(mode="after")
    def _one_per_candidate(self, info: ValidationInfo) -> LinksAnswer:
        _check_candidates([link.candidate_id for link in self.links], info)
        return self


# -- consolidation (relation decisions between a target memory and earlier ones, seed 000 §3.3, A.4) ---------------

Action = Literal["ignore", "dedup", "supersede", "qualify"]
Basis = Literal["same_fact", "same_event", "event_correction", "state_change", "none"]
# A hiding decision must name a basis that can justify it (seed 000, A.4); ignore/qualify hide nothing.
ALLOWED_BASIS: dict[str, frozenset[str]] = {
    "ignore": frozenset({"none"}),
    "qualify": frozenset({"none"}),
    "dedup": frozenset({"same_fact", "same_event"}),
    "supersede": frozenset({"event_correction", "state_change"}),
}


class ConsolidationDecision(_Answer):
    """``anchor`` is a short verbatim quote from the target; whether it really occurs there is the stage's
    acceptance check (recorded as ``accepted``/``reject_reason``), not a schema error."""

    candidate_id: str
    action: Action
    basis: Basis
    scope: str
    anchor: str

    @model_validator(mode="after")
    def _basis_fits_action(self) -> ConsolidationDecision:
        if self.basis not in ALLOWED_BASIS[self.action]:
            allowed = " or ".join(sorted(ALLOWED_BASIS[self.action]))
            raise ValueError(f"candidate {self.candidate_id}: action {self.action!r} needs basis {allowed}, not {self.basis!r}")
        if self.action in ("dedup", "supersede") and not self.anchor.strip():
            raise ValueError(f"candidate {self.candidate_id}: {self.action} needs a verbatim anchor from the target")
        return self


class ConsolidationAnswer(_Answer):
    """One decision per candidate shown (context ``{"candidates": [...]}``)."""

    decisions: list[ConsolidationDecision]

    @model_validator(mode="after")
    def _one_per_candidate(self, info: ValidationInfo) -> ConsolidationAnswer:
        _check_candidates([decision.candidate_id for decision in self.decisions], info)
        return self


# -- check (the one-request smoke test behind `memory-pipeline llm check`) -----------------------------------------


class CheckAnswer(_Answer):
    person: str
    place: str
    year: int
