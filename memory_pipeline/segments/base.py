"""What every part of the ``segments`` stage shares: the trigger vocabulary, the configuration, the records a
detector sees and returns, the detector interface and the registry of detectors by name.

Positions inside a session are 0-based and inclusive at both ends (``Span(0, 3)`` is four turns); they are the
session's global turn numbering, not the window's, so a detector's answer can be placed without arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

from memory_pipeline.config import EmbeddingDetectorConfig, LLMDetectorConfig, SegmentsConfig
from memory_pipeline.llm.schemas import BoundaryTrigger
from memory_pipeline.registry import Registry

if TYPE_CHECKING:
    from memory_pipeline.embeddings import Embedder

# Boundary cues of seed 002 (its BWS prompt's vocabulary), which the LLM detector may answer with; defined once,
# with the LLM response models.
SeedTrigger = BoundaryTrigger
SEED_TRIGGERS: tuple[str, ...] = get_args(SeedTrigger)
# Our own addition: a window the LLM gave no usable answer for, kept whole so that coverage still holds.
UNSEGMENTED = "unsegmented"
TRIGGERS: tuple[str, ...] = (*SEED_TRIGGERS, UNSEGMENTED)


@dataclass(frozen=True)
class SessionTurns:
    """One session's turns in order. ``turn_indices`` are the turns table's ``turn_index`` of each position."""

    conversation_id: str
    session_id: str
    turn_ids: tuple[str, ...]
    texts: tuple[str, ...]
    speakers: tuple[str, ...]
    turn_indices: tuple[int, ...]
    session_time: datetime | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.conversation_id, self.session_id)

    def __len__(self) -> int:
        return len(self.turn_ids)


@dataclass(frozen=True)
class Window:
    """Positions ``start..end`` (inclusive) of one session, as shown to a detector."""

    session: SessionTurns
    start: int
    end: int

    @property
    def size(self) -> int:
        return self.end - self.start + 1

    @property
    def reaches_session_end(self) -> bool:
        return self.end == len(self.session) - 1

    @property
    def window_id(self) -> str:
        """Readable and unique within a run: names the window in LLM requests and failure lists."""
        return f"{self.session.conversation_id}/{self.session.session_id}/{self.start}-{self.end}"


@dataclass(frozen=True)
class Span:
    """A detected segment: positions ``start..end`` of the session, inclusive, and its boundary trigger."""

    start: int
    end: int
    trigger: str
    reason: str = ""


@dataclass(frozen=True)
class Detection:
    """A detector's answer for one window: contiguous spans covering it exactly.

    ``detector`` is what the rows built from it say in their ``detector`` column. ``error`` is set when the
    primary detector failed on this window (the spans then come from a fallback or stand for no output);
    ``final`` says the spans must not be re-read (nothing was detected, so there is no provisional tail).
    ``repairs`` lists the corrections applied to the detector's raw answer.
    """

    spans: tuple[Span, ...]
    detector: str
    error: str | None = None
    final: bool = False
    repairs: tuple[str, ...] = ()


class WindowDetector(Protocol):
    """A detector bound to the sessions of one call: answers a batch of windows, one per active session."""

    def detect(self, windows: Sequence[Window]) -> list[Detection]: ...


class BoundaryDetector(Protocol):
    """A configured detector. ``prepare`` does the per-call work once for every session (e.g. embeds each turn)."""

    name: str

    def prepare(self, sessions: Sequence[SessionTurns]) -> WindowDetector: ...


@dataclass(frozen=True)
class DetectorResources:
    """What detectors may need, loaded once by the caller. ``on_failure`` and ``make_request`` follow the LLM
    interface contract (``LLMConfig.on_failure``; ``memory_pipeline.llm.types.LLMRequest``)."""

    embedder: Embedder | None = None
    client: Any = None  # duck-typed LLM client: run(requests) -> results in the same order
    on_failure: Literal["skip", "rules"] = "skip"
    make_request: Callable[..., Any] | None = None


DetectorFactory = Callable[[SegmentsConfig, DetectorResources], BoundaryDetector]

# ``SegmentsConfig.detector`` -> factory, imported only when chosen (the LLM detector needs no embedder and the
# embedding detector no LLM package).
SEGMENT_DETECTORS: Registry[DetectorFactory] = Registry(
    "segment detector",
    {
        "embedding": "memory_pipeline.segments.embedding:embedding_detector",
        "llm": "memory_pipeline.segments.llm:llm_detector",
    },
)


def load_detector(config: SegmentsConfig, resources: DetectorResources) -> BoundaryDetector:
    """The detector named by ``config.detector``, built over the given resources."""
    return SEGMENT_DETECTORS.get(config.detector)(config, resources)
