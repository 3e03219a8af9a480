"""What every unit builder shares: its interface, what it may use, what it returns, and the registry by name.

A builder turns segments into unit drafts, all segments of a chunk at once (the LLM builder sends one request
per segment in one batch). Carryover, fusion, ids and frames are the stage's (``stage.py``), the same for every
builder, so a builder never assigns an id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from memory_pipeline.extraction.temporal import TemporalResolver
from memory_pipeline.registry import Registry
from memory_pipeline.units.affect import MIN_WORD_VALENCE, AffectAnalyser
from memory_pipeline.config import UnitsConfig
from memory_pipeline.units.describe import Describer
from memory_pipeline.units.records import SegmentView, UnitDraft

RULES_VERSION = "fta-rules/1"


@dataclass(frozen=True)
class BuildFailure:
    """A segment a builder could not build; ``handled_as`` says what was done instead ("skipped" or the rules)."""

    segment_id: str
    conversation_id: str
    session_id: str
    error: str
    handled_as: str


@dataclass
class BuildOutcome:
    drafts: dict[str, list[UnitDraft]] = field(default_factory=dict)  # segment id -> drafts in segment order
    failures: list[BuildFailure] = field(default_factory=list)


class UnitBuilder(Protocol):
    name: str

    def build(self, segments: Sequence[SegmentView]) -> BuildOutcome: ...


@dataclass
class BuilderResources:
    """What builders may need, loaded once by the caller. ``client`` and ``make_request`` follow the LLM
    interface contract (``LLMClient.run``; ``memory_pipeline.llm.types.LLMRequest``)."""

    affect: AffectAnalyser
    resolver: TemporalResolver | None = None  # resolves the LLM's time expressions (built once per run)
    client: Any = None  # duck-typed: run(requests) -> results in the same order
    make_request: Callable[..., Any] | None = None
    on_failure: Literal["skip", "rules"] | None = None  # None: UnitsConfig.on_failure

    def describer(self, config: UnitsConfig) -> Describer:
        return Describer(self.affect, config.rules.summary_words)

    @property
    def rules_label(self) -> str:
        return f"{RULES_VERSION}+vader+{self.affect.lexicon}"

    @property
    def sentiment_words(self) -> frozenset[str]:
        """VADER's clearly affective words: a sentence made only of these evaluates, it does not inform."""
        return frozenset(w for w, v in self.affect.sentiment.lexicon.items() if abs(v) >= MIN_WORD_VALENCE)


BuilderFactory = Callable[[UnitsConfig, BuilderResources], UnitBuilder]

# ``UnitsConfig.builder`` -> factory, imported only when chosen (the rules builder needs no LLM package).
UNIT_BUILDERS: Registry[BuilderFactory] = Registry(
    "unit builder",
    {
        "rules": "memory_pipeline.units.rules:rules_builder",
        "llm": "memory_pipeline.units.llm:llm_builder",
    },
)


def load_builder(config: UnitsConfig, resources: BuilderResources) -> UnitBuilder:
    return UNIT_BUILDERS.get(config.builder)(config, resources)
