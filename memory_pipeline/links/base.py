"""What a link classifier receives and returns, and the registry of classifiers by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from memory_pipeline.analysis import Reading
from memory_pipeline.links.candidates import CandidateJob
from memory_pipeline.config import LinksConfig
from memory_pipeline.memory_frame import Memory
from memory_pipeline.registry import Registry

# Relations from the new memory to the old one (seed 002). "none" is never stored.
SAME_EPISODE, UPDATES, CONTRADICTS, FOLLOWUP, SUPPORTS, NONE = (
    "same_episode_as", "updates", "contradicts", "followup_of", "supports", "none",
)
RELATIONS = (SAME_EPISODE, UPDATES, CONTRADICTS, FOLLOWUP, SUPPORTS)
# Lifecycle of a plan, and the moves a link may cause (only ever from pending).
PENDING, COMPLETED, CANCELLED, CONTRADICTED = "pending", "completed", "cancelled", "contradicted"
LIFECYCLE_MOVES = frozenset({COMPLETED, CANCELLED, CONTRADICTED})


@dataclass(frozen=True)
class LinkProposal:
    """The classifier's verdict on one (new, old) pair; ``lifecycle`` is the old plan's proposed new state."""

    candidate_id: str
    relation: str
    confidence: float
    lifecycle: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class JobResult:
    """The verdicts for one new memory, or the error that left it without any."""

    target_id: str
    proposals: tuple[LinkProposal, ...]
    method: str
    error: str | None = None


@dataclass(frozen=True)
class LinkContext:
    """Everything a classifier may read: the memories, their readings, and which of them are plans."""

    memories: dict[str, Memory]
    readings: dict[str, Reading]
    plans: frozenset[str]
    config: LinksConfig = field(default_factory=LinksConfig)

    @cached_property
    def plans_in_order(self) -> list[Memory]:
        """The plans in conversation order, sorted once: every memory that calls off or moves something walks them,
        and the order makes the links the same on every run."""
        return sorted((self.memories[plan_id] for plan_id in self.plans), key=lambda m: (m.conversation_id, m.position))


class LinkClassifier(Protocol):
    name: str

    def classify(self, jobs: Sequence[CandidateJob], context: LinkContext) -> list[JobResult]:
        """One result per job, in job order."""
        ...


@dataclass(frozen=True)
class ClassifierResources:
    """What a classifier factory may need: an LLM client and the ``LLMRequest`` constructor."""

    client: Any = None
    make_request: Callable[..., Any] | None = None


LinkClassifierFactory = Callable[[LinksConfig, ClassifierResources], LinkClassifier]

LINK_CLASSIFIERS: Registry[LinkClassifierFactory] = Registry(
    "link classifier",
    {
        "rules": "memory_pipeline.links.rules:rule_classifier",
        "llm": "memory_pipeline.links.llm:llm_classifier",
    },
)


def load_link_classifier(config: LinksConfig, resources: ClassifierResources | None = None) -> LinkClassifier:
    return LINK_CLASSIFIERS.get(config.classifier)(config, resources or ClassifierResources())
