"""The ``llm`` unit builder: one request per segment, JSON-schema constrained, validated (seed 002, FTA extraction).

All segments of a chunk go to the client in one ``run`` call (the LLM interface contract); answers are mapped back
by segment id. The model copies time expressions as written; the project's :class:`TemporalResolver` resolves them
against the turn's own session time (seed 004), never against "today", and an expression the segment does not
contain is dropped. A failed request, or an answer that does not validate, gives no units for that segment
(counted and listed) unless ``on_failure = "rules"``: then the rules builder builds it, and its rows say
``rules(llm_failed)``.

Carryover and fusion are the stage's, after the batch: the requests are independent, so a segment's prompt does
not carry the previous segment's open units; it shows the turns just before it as reference only (seed 004).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory_pipeline.llm.prompts import Prompt, load_prompt_file
from memory_pipeline.llm.types import LLMRequest

from memory_pipeline.units.builders import BuilderResources, BuildFailure, BuildOutcome
from memory_pipeline.config import UnitsConfig
from memory_pipeline.units.describe import most_sensitive
from memory_pipeline.units.records import (
    UNKNOWN,
    ContentType,
    SegmentView,
    Status,
    TimeOrientation,
    TurnView,
    UnitDraft,
    UnitFields,
)

NAME = "llm"
STAGE = "fta_units"
PROMPT_PATH = Path(__file__).with_name("prompts") / "fta_units.md"
FAILED_RULES_LABEL = "rules(llm_failed)"


class UnitAnswer(BaseModel):
    """One unit as the model gives it; turn numbers are the segment's (1-based, inclusive)."""

    model_config = ConfigDict(extra="forbid")

    speaker: str = Field(min_length=1, max_length=80)
    summary: str = Field(min_length=1, max_length=300)
    content_text: str = Field(min_length=1, max_length=800)
    participants: list[str] = Field(max_length=12)
    emotion_or_state: str = Field(max_length=120)
    intention_or_plan: str = Field(max_length=200)
    time_orientation: TimeOrientation
    content_type: ContentType
    event_time_text: str | None = Field(default=None, max_length=80)
    evidence_turns: list[int] = Field(min_length=2, max_length=2)
    source_turns: list[int] = Field(min_length=1, max_length=40)
    status: Status


class UnitsAnswer(BaseModel):
    """The response model of an ``fta_units`` request; its JSON schema constrains decoding."""

    model_config = ConfigDict(extra="forbid")

    units: list[UnitAnswer] = Field(max_length=40)


class InvalidUnits(ValueError):
    """An answer whose units cannot be placed in their segment."""


def render_turn(label: str, turn: TurnView, max_chars: int) -> str:
    text = " ".join(turn.text.split())
    if len(text) > max_chars:
        text = text[: max_chars - 1] + "…"
    return f"{label}. {turn.speaker or 'unknown'}: {text}"


def describe_position(segment: SegmentView) -> str:
    where = "The segment starts the session." if segment.index == 0 else "The segment continues the session."
    ends = "It ends the session." if segment.last_in_session else "The session goes on after it."
    return f"{where} {ends}"


def render_context(segment: SegmentView, max_chars: int) -> str:
    if not segment.context:
        return ""
    lines = [render_turn(f"e{n}", t, max_chars) for n, t in enumerate(segment.context, start=1)]
    return "Earlier turns (reference only, never a source of a unit):\n\n" + "\n".join(lines) + "\n\n"


@dataclass
class LLMBuilder:
    """Configured with a client and the ``LLMRequest`` constructor; ``fallback`` is used only under ``"rules"``."""

    client: Any
    make_request: Callable[..., Any]
    config: UnitsConfig
    resources: BuilderResources
    on_failure: Literal["skip", "rules"] = "skip"
    fallback: Any = None  # a RulesBuilder
    prompt: Prompt = field(default_factory=lambda: load_prompt_file(PROMPT_PATH))
    name: str = NAME

    @property
    def label(self) -> str:
        model = getattr(self.client, "model_id", None)
        return f"llm:{model}+{self.prompt.version}" if model else f"llm+{self.prompt.version}"

    def request_for(self, segment: SegmentView) -> Any:
        llm = self.config.llm
        first = segment.turns[0].session_time if segment.turns else None
        messages = self.prompt.render(
            session_time=f"{first:%Y-%m-%d %H:%M}" if first else "unknown",
            participants=", ".join(segment.participants) or "unknown",
            position=describe_position(segment),
            context=render_context(segment, llm.max_turn_chars),
            n_turns=len(segment.turns),
            turns="\n".join(render_turn(str(n), t, llm.max_turn_chars) for n, t in enumerate(segment.turns, start=1)),
        )
        return self.make_request(
            stage=STAGE,
            conversation_id=segment.conversation_id,
            item_id=segment.segment_id,
            messages=messages,
            response_model=UnitsAnswer,
            prompt=self.prompt.name,
            prompt_version=self.prompt.version,
            max_tokens=llm.max_tokens,
        )

    def build(self, segments: Sequence[SegmentView]) -> BuildOutcome:
        outcome = BuildOutcome()
        if not segments:
            return outcome
        results = self.client.run([self.request_for(s) for s in segments])
        by_item = {result.request.item_id: result for result in results}
        for segment in segments:
            try:
                outcome.drafts[segment.segment_id] = self.read(segment, by_item.get(segment.segment_id))
            except (InvalidUnits, ValidationError) as exc:
                outcome.failures.append(self.fail(segment, str(exc), outcome))
        return outcome

    def read(self, segment: SegmentView, result: Any) -> list[UnitDraft]:
        if result is None:
            raise InvalidUnits("no result for this request")
        if not result.ok:
            raise InvalidUnits(result.error or "the LLM call failed")
        value = result.value.model_dump() if isinstance(result.value, BaseModel) else result.value
        answer = UnitsAnswer.model_validate(value)
        if len(answer.units) > self.config.llm.max_units:
            raise InvalidUnits(f"{len(answer.units)} units for one segment (at most {self.config.llm.max_units})")
        return [self.draft(segment, unit) for unit in answer.units]

    def fail(self, segment: SegmentView, error: str, outcome: BuildOutcome) -> BuildFailure:
        handled = "skipped"
        if self.on_failure == "rules" and self.fallback is not None:
            outcome.drafts[segment.segment_id] = self.fallback.build_segment(segment, FAILED_RULES_LABEL)
            handled = FAILED_RULES_LABEL
        return BuildFailure(segment.segment_id, segment.conversation_id, segment.session_id, error[:500], handled)

    def draft(self, segment: SegmentView, unit: UnitAnswer) -> UnitDraft:
        """A validated unit placed in its segment, with its time resolved by the project's resolver."""
        turns = segment.turns
        first, last = unit.evidence_turns
        if not 1 <= first <= last <= len(turns):
            raise InvalidUnits(f"evidence_turns {unit.evidence_turns} outside turns 1..{len(turns)}")
        if any(not first <= n <= last for n in unit.source_turns):
            raise InvalidUnits(f"source_turns {unit.source_turns} outside evidence_turns {unit.evidence_turns}")
        if unit.speaker not in segment.participants and unit.speaker not in {t.speaker for t in turns}:
            raise InvalidUnits(f"speaker {unit.speaker!r} is not a participant")
        span = turns[first - 1 : last]
        sources = [turns[n - 1] for n in sorted(set(unit.source_turns))]
        draft = UnitDraft(segment.conversation_id, segment.session_id, [segment.segment_id], unit.speaker, self.label)
        draft.sources = [t.turn_id for t in sources]
        draft.evidence = [t.turn_id for t in span]
        draft.session_time, draft.dialogue_time = sources[0].session_time, sources[0].dialogue_time
        draft.partial_reason = "llm_partial" if unit.status == "partial" else None
        draft.fields = self.fields(segment, unit, span, sources)
        return draft

    def fields(self, segment: SegmentView, unit: UnitAnswer, span: Sequence[TurnView], sources: Sequence[TurnView]) -> UnitFields:
        said = " ".join(t.text for t in (*segment.context, *segment.turns)).lower()
        window = " ".join(t.text for t in span)
        names = [p for p in dict.fromkeys([unit.speaker, *unit.participants]) if p and (p in segment.participants or p.lower() in said)]
        event_text, start, end, basis = self.event(unit.event_time_text, window, sources[0].dialogue_time, unit.time_orientation)
        entries = [t.entry for t in sources if t.entry is not None]
        completeness = {"partial": "partial", "unknown": UNKNOWN}.get(unit.status, "complete")
        return UnitFields(
            summary=unit.summary.strip(),
            content_text=" ".join(unit.content_text.split()),
            participants=tuple(names),
            emotion_or_state=unit.emotion_or_state.strip() or UNKNOWN,
            # the prompt asks for the speaker's own feeling
            affect_holder=unit.speaker if unit.emotion_or_state.strip() not in ("", UNKNOWN) else None,
            valence=self.resources.affect.analyse(unit.content_text, segment.participants).valence,
            intention_or_plan=unit.intention_or_plan.strip() or UNKNOWN,
            time_orientation=unit.time_orientation,
            content_type=unit.content_type,
            event_time_text=event_text,
            event_start=start,
            event_end=end,
            event_time_basis=basis,
            completeness=completeness,
            status=unit.status,
            provenance="stated" if any(t.speaker == unit.speaker for t in sources) else "inferred",
            scope=most_sensitive(e.scope for e in entries),
        )

    def event(
        self, text: str | None, window: str, session_time: datetime | None, orientation: str
    ) -> tuple[str | None, datetime | None, datetime | None, str | None]:
        """The event interval of the expression the model copied, resolved against when its first source turn
        was said (``session_time`` here: the turn's timestamp, else its session's start); that day when there is
        none, when the segment does not contain it, or when it does not resolve."""
        day = datetime(session_time.year, session_time.month, session_time.day) if session_time else None
        session = (None, day, day + timedelta(days=1) if day else None, "session" if day else None)
        if not text or not text.strip() or session_time is None or text.strip().lower() not in window.lower():
            return session
        tense = orientation if orientation in ("past", "future") else "present"
        resolved = self.resources.resolver.resolve(text.strip(), session_time, tense) if self.resources.resolver else None
        if resolved is None:
            return (text.strip(), *session[1:])
        start, end, _ = resolved
        return text.strip(), start, end, "expression"


def llm_builder(config: UnitsConfig, resources: BuilderResources) -> LLMBuilder:
    """Registry factory: needs ``resources.client``; under ``on_failure = "rules"`` builds the rules fallback too."""
    if resources.client is None:
        raise ValueError("the llm unit builder needs an LLM client (BuilderResources.client)")
    on_failure = resources.on_failure or config.on_failure
    fallback = None
    if on_failure == "rules":
        from memory_pipeline.units.rules import rules_builder

        fallback = rules_builder(config, resources)
    return LLMBuilder(
        client=resources.client,
        make_request=resources.make_request or LLMRequest,
        config=config,
        resources=resources,
        on_failure=on_failure,
        fallback=fallback,
    )
