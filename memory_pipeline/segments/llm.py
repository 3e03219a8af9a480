"""The ``llm`` detector: each window's numbered turns in, JSON segments with a boundary trigger out.

It talks to the LLM only through the client of the LLM interface contract, duck-typed: ``client.run(requests)``
returns one result per request with ``request.item_id``, ``ok``, ``value`` (the validated response model, or
None) and ``error``. One round of BWS is one ``client.run`` call with one request per unfinished session.

An answer is checked further than its schema can say: its spans must tile the window. Small slips (at most
``max_repair_turns`` turns left out or given twice, numbers past the window's end) are repaired and listed;
anything else is rejected, and a rejected answer is a failure like a failed call.

A failure is never silently replaced by the rules. By default (``on_failure = "skip"``) the window gets no LLM
output: its turns are kept whole as one final segment with trigger ``unsegmented`` and detector ``llm(failed)``,
so coverage still holds, and the window is counted and listed. Only ``on_failure = "rules"`` segments it with
the fallback detector, and then its rows say ``<fallback>(llm_failed)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory_pipeline.llm.prompts import Prompt, load_prompt_file
from memory_pipeline.llm.types import LLMRequest

from memory_pipeline.segments.base import (
    UNSEGMENTED,
    BoundaryDetector,
    Detection,
    DetectorResources,
    LLMDetectorConfig,
    SeedTrigger,
    SegmentsConfig,
    SessionTurns,
    Span,
    Window,
    WindowDetector,
)

NAME = "llm"
FAILED_LABEL = "llm(failed)"
STAGE = "segments"
PROMPT_PATH = Path(__file__).with_name("prompts") / "segments.md"


class SegmentAnswer(BaseModel):
    """One segment as the model gives it: turn numbers of the window (1-based, inclusive)."""

    model_config = ConfigDict(extra="forbid")

    start: int = Field(ge=1)
    end: int = Field(ge=1)
    trigger: SeedTrigger
    reason: str = Field(max_length=300)


class SegmentationAnswer(BaseModel):
    """The response model of a ``segments`` request; its JSON schema constrains decoding."""

    model_config = ConfigDict(extra="forbid")

    segments: list[SegmentAnswer] = Field(min_length=1)


class InvalidSegmentation(ValueError):
    """An answer that cannot be made to tile its window without guessing."""


def render_turns(window: Window, max_chars: int) -> str:
    session = window.session
    lines = []
    for number, position in enumerate(range(window.start, window.end + 1), start=1):
        text = " ".join(session.texts[position].split())
        if len(text) > max_chars:
            text = text[: max_chars - 1] + "…"
        lines.append(f"{number}. {session.speakers[position]}: {text}")
    return "\n".join(lines)


def describe_position(window: Window) -> str:
    where = "Turn 1 is the first turn of the session." if window.start == 0 else (
        "The window starts in the middle of the session; what came before turn 1 is already segmented."
    )
    if window.reaches_session_end:
        return f"{where} Turn {window.size} is the last turn of the session."
    return f"{where} The session goes on after turn {window.size}, so the last segment may be cut off."


def spans_from_answer(
    answer: SegmentationAnswer, window: Window, max_repair_turns: int
) -> tuple[tuple[Span, ...], tuple[str, ...]]:
    """The answer as spans tiling the window, and the repairs made; raises :class:`InvalidSegmentation`."""
    n = window.size
    for number, segment in enumerate(answer.segments, start=1):
        if segment.start > segment.end:
            raise InvalidSegmentation(f"segment {number} runs backwards ({segment.start}..{segment.end})")
    repairs: list[str] = []
    inside = [s for s in answer.segments if s.start <= n]
    if not inside:
        raise InvalidSegmentation(f"no segment starts inside turns 1..{n}")
    if len(inside) < len(answer.segments) or any(s.end > n for s in inside):
        repairs.append(f"cut to turns 1..{n}")
    ranges: list[list] = []  # [start, end, trigger, reason], window numbering
    uncovered = doubled = 0
    next_free = 1
    for segment in sorted(inside, key=lambda s: (s.start, s.end)):
        start, end = segment.start, min(segment.end, n)
        if start > next_free:
            uncovered += start - next_free
            if ranges:
                ranges[-1][1] = start - 1
            else:
                start = 1
        elif start < next_free:
            doubled += min(end, next_free - 1) - start + 1
            start = next_free
            if start > end:
                continue
        ranges.append([start, end, segment.trigger, segment.reason])
        next_free = end + 1
    if next_free <= n:
        uncovered += n - next_free + 1
        ranges[-1][1] = n
    if uncovered + doubled > max_repair_turns:
        raise InvalidSegmentation(
            f"{uncovered} turns left out and {doubled} given twice (at most {max_repair_turns} are repaired)"
        )
    if uncovered:
        repairs.append(f"{uncovered} left-out turns joined to a neighbour")
    if doubled:
        repairs.append(f"{doubled} doubly covered turns kept in the first segment")
    spans = tuple(
        Span(window.start + start - 1, window.start + end - 1, trigger, reason) for start, end, trigger, reason in ranges
    )
    return spans, tuple(repairs)


@dataclass
class LLMDetector:
    """Configured with a client and the ``LLMRequest`` constructor; ``fallback`` is used only under ``"rules"``."""

    client: Any
    make_request: Callable[..., Any]
    config: LLMDetectorConfig = field(default_factory=LLMDetectorConfig)
    on_failure: Literal["skip", "rules"] = "skip"
    fallback: BoundaryDetector | None = None
    prompt: Prompt = field(default_factory=lambda: load_prompt_file(PROMPT_PATH))
    name: str = NAME

    def __post_init__(self) -> None:
        if self.on_failure == "rules" and self.fallback is None:
            raise ValueError('on_failure = "rules" needs a fallback detector')

    def prepare(self, sessions: Sequence[SessionTurns]) -> BoundLLMDetector:
        return BoundLLMDetector(self, list(sessions))

    def request_for(self, window: Window) -> Any:
        session = window.session
        messages = self.prompt.render(
            session_time=f"{session.session_time:%Y-%m-%d %H:%M}" if session.session_time else "unknown",
            position=describe_position(window),
            n_turns=window.size,
            turns=render_turns(window, self.config.max_turn_chars),
        )
        return self.make_request(
            stage=STAGE,
            conversation_id=session.conversation_id,
            item_id=window.window_id,
            messages=messages,
            response_model=SegmentationAnswer,
            prompt=self.prompt.name,
            prompt_version=self.prompt.version,
            max_tokens=self.config.max_tokens,
        )


@dataclass
class BoundLLMDetector:
    detector: LLMDetector
    sessions: list[SessionTurns]
    _fallback: WindowDetector | None = None

    def detect(self, windows: Sequence[Window]) -> list[Detection]:
        """One ``client.run`` call for all ``windows``; failed windows handled as ``on_failure`` says."""
        if not windows:
            return []
        results = self.detector.client.run([self.detector.request_for(window) for window in windows])
        by_item = {result.request.item_id: result for result in results}
        detections: list[Detection | None] = []
        failed: list[tuple[int, str]] = []
        for index, window in enumerate(windows):
            detection, error = self._read(window, by_item.get(window.window_id))
            detections.append(detection)
            if error is not None:
                failed.append((index, error))
        for index, detection in zip((i for i, _ in failed), self._on_failure(windows, failed)):
            detections[index] = detection
        return detections  # type: ignore[return-value]  # every None was replaced above

    def _read(self, window: Window, result: Any) -> tuple[Detection | None, str | None]:
        if result is None:
            return None, "no result for this request"
        if not result.ok:
            return None, result.error or "the LLM call failed"
        try:
            answer = SegmentationAnswer.model_validate(result.value)
            spans, repairs = spans_from_answer(answer, window, self.detector.config.max_repair_turns)
        except (InvalidSegmentation, ValidationError) as exc:
            return None, f"invalid segmentation: {exc}"
        return Detection(spans, self.detector.name, repairs=repairs), None

    def _on_failure(self, windows: Sequence[Window], failed: list[tuple[int, str]]) -> list[Detection]:
        if not failed:
            return []
        if self.detector.on_failure == "skip":
            return [
                Detection((Span(windows[i].start, windows[i].end, UNSEGMENTED),), FAILED_LABEL, error, final=True)
                for i, error in failed
            ]
        fallback = self._fallback_detector()
        label = f"{self.detector.fallback.name}(llm_failed)"
        answers = fallback.detect([windows[i] for i, _ in failed])
        return [dataclasses.replace(a, detector=label, error=error) for a, (_, error) in zip(answers, failed)]

    def _fallback_detector(self) -> WindowDetector:
        # prepared on the first failure only: a run without failures never pays for the fallback's features
        if self._fallback is None:
            self._fallback = self.detector.fallback.prepare(self.sessions)
        return self._fallback


def llm_detector(config: SegmentsConfig, resources: DetectorResources) -> LLMDetector:
    """Registry factory: needs ``resources.client``; under ``on_failure = "rules"`` also the embedder."""
    if resources.client is None:
        raise ValueError("the llm segment detector needs an LLM client (DetectorResources.client)")
    fallback = None
    if resources.on_failure == "rules":
        from memory_pipeline.segments.embedding import embedding_detector

        fallback = embedding_detector(config, resources)
    return LLMDetector(
        client=resources.client,
        make_request=resources.make_request or LLMRequest,
        config=config.llm,
        on_failure=resources.on_failure,
        fallback=fallback,
    )
