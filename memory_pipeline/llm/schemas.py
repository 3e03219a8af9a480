"""Response models of the project's prompts: the JSON schema each answer is decoded under and validated against.

Every field is required and no extra keys are allowed, so the schemas are also valid for OpenAI's strict
structured outputs; "unknown" (or an empty list) stands for "not stated" instead of null, which small models
handle more reliably. Every string and list has an upper bound: a constrained decoder then cannot loop (a small
model otherwise repeats list items or a phrase until the token limit), and a stage's row sizes stay bounded.
A rule that relates fields (which basis a consolidation action needs) is written as a union of variants, so the
decoder enforces it too instead of leaving it to a retry.

What depends on the item an answer is about (the turn numbers of the window, the candidate ids shown) comes from
the request's context (``LLMRequest.context``) twice: :meth:`schema_for` narrows the schema the answer is decoded
under (turn numbers in range, ids as an enum, one entry per candidate), and the validators check the answer
against it (with the OpenAI backend a server may not enforce every keyword). A violation is a validation error,
fed back to the model on the next attempt like a malformed answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def schema_for(cls, context: Mapping[str, Any] | None) -> dict[str, Any]:
        """The JSON schema to decode an answer about the item described by ``context`` under."""
        return cls.model_json_schema()


def _context(info: ValidationInfo) -> dict:
    return info.context or {}


# Bounds shared by the models: a label, a short phrase, one sentence, a quote.
Label = Annotated[str, Field(max_length=48)]
Phrase = Annotated[str, Field(max_length=120)]
Sentence = Annotated[str, Field(max_length=300)]
TurnNumber = Annotated[int, Field(ge=0, le=100_000)]


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
    start_turn: TurnNumber
    end_turn: TurnNumber  # inclusive
    boundary_trigger: BoundaryTrigger


class SegmentsAnswer(_Answer):
    """Contiguous segments of a window. With context ``{"first_turn": a, "last_turn": b}`` they must tile a..b:
    in order, no gap, no overlap."""

    segments: list[Segment] = Field(min_length=1, max_length=40)

    @classmethod
    def schema_for(cls, context: Mapping[str, Any] | None) -> dict[str, Any]:
        schema = cls.model_json_schema()
        if context and "first_turn" in context:
            first, last = context["first_turn"], context["last_turn"]
            for bound in ("start_turn", "end_turn"):
                schema["$defs"]["Segment"]["properties"][bound].update(minimum=first, maximum=last)
            schema["properties"]["segments"]["maxItems"] = last - first + 1
        return schema

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
    summary: Phrase
    content_text: Sentence
    participants: list[Label] = Field(max_length=8)
    emotion_or_state: Phrase
    intention_or_plan: Phrase
    time_orientation: TimeOrientation
    content_type: ContentType
    event_time_text: Phrase  # the time expression as written in the turns, "unknown" when there is none
    status: UnitStatus
    evidence_turns: list[TurnNumber] = Field(min_length=1, max_length=40)


class FTAUnitsAnswer(_Answer):
    """Units of one segment (possibly none). With context ``{"turns": [numbers shown]}`` every evidence turn must
    be one of the segment's turns."""

    units: list[FTAUnit] = Field(max_length=12)

    @classmethod
    def schema_for(cls, context: Mapping[str, Any] | None) -> dict[str, Any]:
        schema = cls.model_json_schema()
        if context and context.get("turns"):
            evidence = schema["$defs"]["FTAUnit"]["properties"]["evidence_turns"]
            evidence["items"] = {"type": "integer", "enum": sorted(set(context["turns"]))}
            evidence["maxItems"] = len(set(context["turns"]))
        return schema

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
    candidate_id: Label
    relation: Relation
    confidence: float = Field(ge=0.0, le=1.0)


def _one_entry_per_candidate(schema: dict[str, Any], context: Mapping[str, Any] | None, field: str,
                              entries: tuple[str, ...]) -> dict[str, Any]:
    """``schema`` with the candidate ids as an enum and exactly as many entries as candidates."""
    if context and context.get("candidates"):
        ids = list(context["candidates"])
        for entry in entries:
            schema["$defs"][entry]["properties"]["candidate_id"] = {"type": "string", "enum": ids}
        schema["properties"][field].update(minItems=len(ids), maxItems=len(ids))
    return schema


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

    links: list[LinkJudgement] = Field(max_length=32)

    @classmethod
    def schema_for(cls, context: Mapping[str, Any] | None) -> dict[str, Any]:
        return _one_entry_per_candidate(cls.model_json_schema(), context, "links", ("LinkJudgement",))

    @model_validator(mode="after")
    def _one_per_candidate(self, info: ValidationInfo) -> LinksAnswer:
        _check_candidates([link.candidate_id for link in self.links], info)
        return self


# -- consolidation (relation decisions between a target memory and earlier ones, seed 000 §3.3, A.4) ---------------

# A decision that hides a memory must name a basis that can justify it and quote the target (seed 000, A.4);
# ignore and qualify hide nothing and carry neither. ``anchor`` must be a verbatim quote from the target: whether
# it really occurs there is the stage's acceptance check (``accepted``/``reject_reason``), not a schema error.


class KeepDecision(_Answer):
    candidate_id: Label
    action: Literal["ignore", "qualify"]
    basis: Literal["none"]
    scope: Literal[""]
    anchor: Literal[""]


class DedupDecision(_Answer):
    candidate_id: Label
    action: Literal["dedup"]
    basis: Literal["same_fact", "same_event"]
    scope: Annotated[str, Field(min_length=1, max_length=120)]
    anchor: Annotated[str, Field(min_length=1, max_length=160)]


class SupersedeDecision(_Answer):
    candidate_id: Label
    action: Literal["supersede"]
    basis: Literal["event_correction", "state_change"]
    scope: Annotated[str, Field(min_length=1, max_length=120)]
    anchor: Annotated[str, Field(min_length=1, max_length=160)]


ConsolidationDecision = KeepDecision | DedupDecision | SupersedeDecision


class ConsolidationAnswer(_Answer):
    """One decision per candidate shown (context ``{"candidates": [...]}``)."""

    decisions: list[ConsolidationDecision] = Field(max_length=32)

    @classmethod
    def schema_for(cls, context: Mapping[str, Any] | None) -> dict[str, Any]:
        variants = ("KeepDecision", "DedupDecision", "SupersedeDecision")
        return _one_entry_per_candidate(cls.model_json_schema(), context, "decisions", variants)

    @model_validator(mode="after")
    def _one_per_candidate(self, info: ValidationInfo) -> ConsolidationAnswer:
        _check_candidates([decision.candidate_id for decision in self.decisions], info)
        return self


# -- check (the one-request smoke test behind `memory-pipeline llm check`) -----------------------------------------


class CheckAnswer(_Answer):
    person: Label
    place: Label
    year: Annotated[int, Field(ge=1000, le=2999)]
