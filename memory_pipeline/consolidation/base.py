"""Decisions, what a consolidation classifier receives and returns, and the registry of classifiers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from memory_pipeline.analysis import Reading
from memory_pipeline.config import ConsolidationConfig
from memory_pipeline.links.base import ClassifierResources
from memory_pipeline.links.candidates import CandidateJob
from memory_pipeline.memory_frame import Memory
from memory_pipeline.registry import Registry

IGNORE, DEDUP, SUPERSEDE, QUALIFY = "ignore", "dedup", "supersede", "qualify"
ACTIONS = (IGNORE, DEDUP, SUPERSEDE, QUALIFY)
HIDING = frozenset({DEDUP, SUPERSEDE})
SAME_FACT, SAME_EVENT, EVENT_CORRECTION, STATE_CHANGE = "same_fact", "same_event", "event_correction", "state_change"
# Which basis may justify which hiding action (seed 000 A.6).
BASES = {DEDUP: frozenset({SAME_FACT, SAME_EVENT}), SUPERSEDE: frozenset({EVENT_CORRECTION, STATE_CHANGE})}
ALIGNMENT, RELATION = "alignment", "relation"
ACTIVE, SUPERSEDED, DROPPED = "active", "superseded", "dropped"


@dataclass(frozen=True)
class Proposal:
    """A proposed decision on the pair (target: the newer memory, candidate: the older one).

    dedup hides the target (the later copy) behind the candidate; supersede hides the candidate behind the
    target. ``note`` says where a proposal came from (the slot change, an alias that was normalised).
    """

    target_id: str
    candidate_id: str | None
    action: str
    stage: str
    method: str
    basis: str | None = None
    scope: str | None = None
    anchor: str | None = None
    similarity: float | None = None
    note: str = ""

    @property
    def hidden_id(self) -> str | None:
        return self.target_id if self.action == DEDUP else self.candidate_id

    @property
    def keeper_id(self) -> str | None:
        return self.candidate_id if self.action == DEDUP else self.target_id


@dataclass(frozen=True)
class JudgedJob:
    """A classifier's proposals for one target, or the error that left it without any."""

    target_id: str
    proposals: tuple[Proposal, ...]
    error: str | None = None


@dataclass(frozen=True)
class ConsolidationContext:
    memories: dict[str, Memory]
    readings: dict[str, Reading]
    plans: frozenset[str]
    config: ConsolidationConfig = field(default_factory=ConsolidationConfig)


class ConsolidationClassifier(Protocol):
    name: str

    def judge(self, jobs: Sequence[CandidateJob], context: ConsolidationContext) -> list[JudgedJob]:
        """One result per job, in job order."""
        ...


ConsolidationClassifierFactory = Callable[[ConsolidationConfig, ClassifierResources], ConsolidationClassifier]

CONSOLIDATION_CLASSIFIERS: Registry[ConsolidationClassifierFactory] = Registry(
    "consolidation classifier",
    {
        "rules": "memory_pipeline.consolidation.rules:rule_classifier",
        "llm": "memory_pipeline.consolidation.llm:llm_classifier",
    },
)


def load_consolidation_classifier(
    config: ConsolidationConfig, resources: ClassifierResources | None = None
) -> ConsolidationClassifier:
    return CONSOLIDATION_CLASSIFIERS.get(config.classifier)(config, resources or ClassifierResources())
