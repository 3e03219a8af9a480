"""The ``llm`` consolidation classifier: one request per target with its candidates (seed 000 A.4, A.6).

Through the LLM interface contract, duck-typed (``client.run(requests)``, results with ``request.item_id``,
``ok``, ``value``, ``error``). Answers are read leniently and checked strictly: aliases of the four actions
are normalised (``duplicate`` -> ``dedup``), anything else is kept as said and rejected by the validator as an
unknown action, and a candidate number outside the list is recorded as rejected. A failed request gives its
target no decisions and is counted as an error: consolidation never falls back to the rules on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from memory_pipeline.consolidation.base import RELATION, ConsolidationContext, JudgedJob, Proposal
from memory_pipeline.config import ConsolidationConfig
from memory_pipeline.links.base import ClassifierResources
from memory_pipeline.links.candidates import CandidateJob
from memory_pipeline.links.llm import ask, candidates_request
from memory_pipeline.llm.prompts import Prompt, load_prompt_file
from memory_pipeline.llm.types import LLMRequest

NAME = "llm"
STAGE = "consolidation"
PROMPT_PATH = Path(__file__).with_name("prompts") / "consolidation.md"
ACTION_ALIASES = {
    "duplicate": "dedup", "duplicates": "dedup", "dup": "dedup", "deduplicate": "dedup", "redundant": "dedup",
    "supersedes": "supersede", "superseded": "supersede", "replace": "supersede", "outdated": "supersede",
    "keep": "ignore", "none": "ignore", "unrelated": "ignore", "skip": "ignore",
    "qualifies": "qualify", "compatible": "qualify", "related": "qualify",
}


class DecisionAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    candidate: int
    action: str = Field(max_length=40)
    basis: str | None = Field(None, max_length=40)
    scope: str | None = Field(None, max_length=200)
    anchor: str | None = Field(None, max_length=300)


class DecisionsAnswer(BaseModel):
    """The response model of a ``consolidation`` request."""

    model_config = ConfigDict(extra="ignore")

    decisions: list[DecisionAnswer]


def normalise_action(action: str) -> str:
    word = action.strip().lower()
    return ACTION_ALIASES.get(word, word)


def proposals_from(answer: DecisionsAnswer, job: CandidateJob) -> tuple[Proposal, ...]:
    """One proposal per answered candidate (the first answer for a number counts)."""
    out: list[Proposal] = []
    seen: set[int] = set()
    for item in answer.decisions:
        if item.candidate in seen:
            continue
        seen.add(item.candidate)
        inside = 1 <= item.candidate <= len(job.candidates)
        candidate = job.candidates[item.candidate - 1] if inside else None
        action = normalise_action(item.action)
        note = f"llm said {item.action!r}" if action != item.action else "llm"
        out.append(
            Proposal(
                job.target_id, candidate.memory_id if candidate else None, action, RELATION, NAME,
                basis=(item.basis or "").strip().lower() or None, scope=item.scope, anchor=item.anchor,
                similarity=candidate.similarity if candidate else None,
                note=note if inside else f"{note}; candidate number {item.candidate} is not in the list",
            )
        )
    return tuple(out)


@dataclass
class LLMConsolidationClassifier:
    client: Any
    make_request: Callable[..., Any]
    config: ConsolidationConfig = field(default_factory=ConsolidationConfig)
    prompt: Prompt = field(default_factory=lambda: load_prompt_file(PROMPT_PATH))
    name: str = NAME

    def request_for(self, job: CandidateJob, context: ConsolidationContext) -> Any:
        return candidates_request(
            self.make_request, self.prompt, STAGE, job, context.memories, DecisionsAnswer,
            self.config.max_tokens, self.config.max_text_chars, slots=("target_time", "target"),
        )

    def judge(self, jobs: Sequence[CandidateJob], context: ConsolidationContext) -> list[JudgedJob]:
        if not jobs:
            return []
        answers = ask(self.client, jobs, lambda job: self.request_for(job, context), DecisionsAnswer)
        return [
            JudgedJob(job.target_id, proposals_from(answer, job) if error is None else (), error)
            for job, (answer, error) in zip(jobs, answers, strict=True)
        ]


def llm_classifier(config: ConsolidationConfig, resources: ClassifierResources) -> LLMConsolidationClassifier:
    """Registry factory: needs ``resources.client``."""
    if resources.client is None:
        raise ValueError("the llm consolidation classifier needs an LLM client (ClassifierResources.client)")
    return LLMConsolidationClassifier(resources.client, resources.make_request or LLMRequest, config)
