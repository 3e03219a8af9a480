"""The ``llm`` link classifier: one request per new memory with its candidates, through the LLM interface.

It talks to the LLM only through the client of the interface contract, duck-typed: ``client.run(requests)``
returns one result per request with ``request.item_id``, ``ok``, ``value`` (the validated response model) and
``error``. Candidates are shown numbered, so the model never has to copy an id; numbers outside the list are
ignored. A failed request leaves its memory without links and is reported as an error; only under
``on_failure = "rules"`` is the memory classified by the rules instead, and those links say
``rules(llm_failed)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory_pipeline.links.base import (
    LIFECYCLE_MOVES,
    NONE,
    RELATIONS,
    ClassifierResources,
    JobResult,
    LinkContext,
    LinkProposal,
)
from memory_pipeline.links.candidates import CandidateJob
from memory_pipeline.config import LinksConfig
from memory_pipeline.links.rules import RuleLinkClassifier
from memory_pipeline.llm.prompts import Prompt, load_prompt_file
from memory_pipeline.llm.types import LLMRequest
from memory_pipeline.memory_frame import Memory

NAME = "llm"
STAGE = "links"
PROMPT_PATH = Path(__file__).with_name("prompts") / "links.md"
CONFIDENCE = {"low": 0.4, "medium": 0.7, "high": 0.9}


class LinkAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    candidate: int = Field(ge=1)
    relation: Literal["same_episode_as", "updates", "contradicts", "followup_of", "supports", "unknown"]
    confidence: Literal["low", "medium", "high"] = "medium"
    lifecycle_status: Literal["completed", "cancelled", "contradicted", "unchanged"] = "unchanged"


class LinksAnswer(BaseModel):
    """The response model of a ``links`` request; its JSON schema constrains decoding."""

    model_config = ConfigDict(extra="forbid")

    links: list[LinkAnswer]


def describe(memory: Memory, max_chars: int) -> str:
    """One memory as the prompt shows it: text, when it was said, its event time and type where known."""
    text = " ".join(memory.text.split())
    if len(text) > max_chars:
        text = text[: max_chars - 1] + "…"
    notes = [f"said {memory.session_time:%Y-%m-%d}" if memory.session_time else "said on an unknown date"]
    if memory.explicit_time:
        notes.append(f"about {memory.event_time_text or f'{memory.event_start:%Y-%m-%d}'}")
    if memory.content_type:
        notes.append(memory.content_type)
    head = f"{memory.speaker}: {text}" if memory.speaker else text
    return f"{head} ({'; '.join(notes)})"


def numbered_candidates(job: CandidateJob, memories: Mapping[str, Memory], max_chars: int) -> str:
    """The job's candidates as the prompt shows them, numbered from 1: ``1. <describe(memory)>``."""
    return "\n".join(
        f"{n}. {describe(memories[c.memory_id], max_chars)}" for n, c in enumerate(job.candidates, start=1)
    )


def candidates_request(
    make_request: Callable[..., Any], prompt: Prompt, stage: str, job: CandidateJob, memories: Mapping[str, Memory],
    response_model: type[BaseModel], max_tokens: int, max_chars: int, slots: tuple[str, str],
) -> Any:
    """The request that asks about ``job``'s target against its numbered candidates. ``slots`` names the prompt's
    variables for the target's date and text (each stage's prompt words them its own way)."""
    target = memories[job.target_id]
    time_slot, text_slot = slots
    return make_request(
        stage=stage,
        conversation_id=target.conversation_id,
        item_id=job.target_id,
        messages=prompt.render(**{
            time_slot: f"{target.session_time:%Y-%m-%d}" if target.session_time else "unknown date",
            text_slot: describe(target, max_chars),
            "candidates": numbered_candidates(job, memories, max_chars),
        }),
        response_model=response_model,
        prompt=prompt.name,
        prompt_version=prompt.version,
        max_tokens=max_tokens,
    )


def ask(
    client: Any, jobs: Sequence[CandidateJob], request_for: Callable[[CandidateJob], Any], response_model: type[BaseModel]
) -> list[tuple[Any, str | None]]:
    """One request per job in one ``client.run`` call; per job, in order, ``(answer, None)`` with the validated
    answer or ``(None, error)`` when there is no result, the call failed or the answer does not validate."""
    if not jobs:
        return []
    results = client.run([request_for(job) for job in jobs])
    by_item = {result.request.item_id: result for result in results}
    return [_answer_of(by_item.get(job.target_id), response_model) for job in jobs]


def _answer_of(result: Any, response_model: type[BaseModel]) -> tuple[Any, str | None]:
    if result is None:
        return None, "no result for this request"
    if not result.ok:
        return None, result.error or "the LLM call failed"
    try:
        return response_model.model_validate(result.value), None
    except ValidationError as exc:
        return None, f"invalid answer: {exc.error_count()} errors"


def proposals_from(answer: LinksAnswer, job: CandidateJob) -> tuple[LinkProposal, ...]:
    """The answer's links as proposals; numbers outside the candidate list and ``unknown`` are dropped."""
    out: dict[str, LinkProposal] = {}
    for item in answer.links:
        if not 1 <= item.candidate <= len(job.candidates):
            continue
        candidate = job.candidates[item.candidate - 1].memory_id
        relation = item.relation if item.relation in RELATIONS else NONE
        lifecycle = item.lifecycle_status if item.lifecycle_status in LIFECYCLE_MOVES else None
        out.setdefault(candidate, LinkProposal(candidate, relation, CONFIDENCE[item.confidence], lifecycle, "llm"))
    return tuple(out.values())


@dataclass
class LLMLinkClassifier:
    client: Any
    make_request: Callable[..., Any]
    config: LinksConfig = field(default_factory=LinksConfig)
    prompt: Prompt = field(default_factory=lambda: load_prompt_file(PROMPT_PATH))
    name: str = NAME

    def request_for(self, job: CandidateJob, context: LinkContext) -> Any:
        return candidates_request(
            self.make_request, self.prompt, STAGE, job, context.memories, LinksAnswer,
            self.config.max_tokens, self.config.max_text_chars, slots=("new_time", "new_memory"),
        )

    def classify(self, jobs: Sequence[CandidateJob], context: LinkContext) -> list[JobResult]:
        if not jobs:
            return []
        answers = ask(self.client, jobs, lambda job: self.request_for(job, context), LinksAnswer)
        results = [
            JobResult(job.target_id, proposals_from(answer, job) if error is None else (), NAME, error)
            for job, (answer, error) in zip(jobs, answers, strict=True)
        ]
        return self._fall_back(jobs, results, context)

    def _fall_back(self, jobs: Sequence[CandidateJob], results: list[JobResult], context: LinkContext) -> list[JobResult]:
        failed = [n for n, result in enumerate(results) if result.error is not None]
        if not failed or self.config.on_failure != "rules":
            return results
        redone = RuleLinkClassifier().classify([jobs[n] for n in failed], context)
        for n, result in zip(failed, redone, strict=True):
            results[n] = JobResult(result.target_id, result.proposals, f"rules({NAME}_failed)")
        return results


def llm_classifier(config: LinksConfig, resources: ClassifierResources) -> LLMLinkClassifier:
    """Registry factory: needs ``resources.client``."""
    if resources.client is None:
        raise ValueError("the llm link classifier needs an LLM client (ClassifierResources.client)")
    return LLMLinkClassifier(resources.client, resources.make_request or LLMRequest, config)
