"""The ``embedding`` detector (the default; no LLM): boundaries where the similarity between short blocks of
turns drops, nudged by cues.

Every turn is embedded once, in one batched call for all the sessions of a call, with the embedder the caller
already loaded; windows only slice those vectors. Inside a window, the gap before turn ``g`` is scored by how
far the cosine between the mean vector of the ``block_turns`` turns before it and of those after it lies below
the nearest peaks on either side (TextTiling's depth score), plus ``cue_bonus`` per cue of turn ``g``.
Boundaries are taken best-first while they score at least ``depth_threshold`` and leave every segment at least
``min_segment_turns`` long; never after a greeting-only turn nor before a closing/thanks-only turn. The detector
sees only the window's turns, so a gap near the window's tail is judged with less context: exactly the tail
that BWS keeps provisional and shows again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from memory_pipeline.extraction.temporal import TemporalResolver
from memory_pipeline.segments.base import (
    Detection,
    DetectorResources,
    EmbeddingDetectorConfig,
    SegmentsConfig,
    SessionTurns,
    Span,
    Window,
)
from memory_pipeline.segments.cues import TurnCues, session_cues

NAME = "embedding"
TOPIC_CHANGE = "topic_change"


@dataclass
class EmbeddingDetector:
    """Configured with a loaded embedder (anything with ``encode(texts) -> float32 array``, L2-normalised)."""

    embedder: object
    config: EmbeddingDetectorConfig = field(default_factory=EmbeddingDetectorConfig)
    resolver: TemporalResolver = field(default_factory=TemporalResolver)
    name: str = NAME

    def prepare(self, sessions: Sequence[SessionTurns]) -> BoundEmbeddingDetector:
        """Embeds every turn of ``sessions`` in one call and finds their cues, for windows of these sessions."""
        vectors = self.vectors(sessions)
        per_session: dict[tuple[str, str], SessionFeatures] = {}
        offset = 0
        for session in sessions:
            rows = vectors[offset : offset + len(session)]
            offset += len(session)
            per_session[session.key] = SessionFeatures(rows, self.cues(session))
        return BoundEmbeddingDetector(per_session, self.config, self.name)

    def vectors(self, sessions: Sequence[SessionTurns]) -> np.ndarray:
        """One row per turn of ``sessions``, in order: the embedder's vectors of their texts, in one call."""
        texts = [text for session in sessions for text in session.texts]
        return np.asarray(self.embedder.encode(texts), dtype=np.float32) if texts else np.zeros((0, 1), np.float32)

    def cues(self, session: SessionTurns) -> list[TurnCues]:
        if not self.config.use_cues:
            return [TurnCues()] * len(session)
        return session_cues(session.texts, self.resolver, self.config.phatic_max_words)


@dataclass(frozen=True)
class SessionFeatures:
    vectors: np.ndarray  # one row per turn
    cues: list[TurnCues]


@dataclass
class BoundEmbeddingDetector:
    features: dict[tuple[str, str], SessionFeatures]
    config: EmbeddingDetectorConfig
    label: str

    def detect(self, windows: Sequence[Window]) -> list[Detection]:
        return [self.detect_window(window) for window in windows]

    def detect_window(self, window: Window) -> Detection:
        features = self.features[window.session.key]
        vectors = features.vectors[window.start : window.end + 1]
        cues = features.cues[window.start : window.end + 1]
        scores = gap_scores(vectors, cues, self.config)
        allowed = [not cues[g - 1].greeting and not cues[g].leans_back for g in range(1, len(cues))]
        cuts = choose_boundaries(scores, allowed, self.config.depth_threshold, self.config.min_segment_turns)
        return Detection(spans_from_cuts(window, cuts, cues), self.label)


def block_similarities(vectors: np.ndarray, block_turns: int) -> np.ndarray:
    """``sim[g-1]`` for each gap ``g`` in 1..n-1: cosine of the mean vectors of the blocks either side of it."""
    n = len(vectors)
    if n < 2:
        return np.zeros(0, dtype=np.float32)
    cumulative = np.vstack([np.zeros((1, vectors.shape[1]), dtype=np.float64), np.cumsum(vectors, axis=0)])
    gaps = np.arange(1, n)
    left_from = np.maximum(gaps - block_turns, 0)
    right_to = np.minimum(gaps + block_turns, n)
    left = cumulative[gaps] - cumulative[left_from]
    right = cumulative[right_to] - cumulative[gaps]
    norms = np.linalg.norm(left, axis=1) * np.linalg.norm(right, axis=1)
    return np.where(norms > 0, np.einsum("ij,ij->i", left, right) / np.maximum(norms, 1e-12), 0.0)


def depth_scores(similarities: np.ndarray) -> np.ndarray:
    """TextTiling depth: how far each value lies below the highest point reached climbing left and right."""
    n = len(similarities)
    depth = np.zeros(n, dtype=np.float64)
    for i in range(n):
        left = i
        while left > 0 and similarities[left - 1] >= similarities[left]:
            left -= 1
        right = i
        while right < n - 1 and similarities[right + 1] >= similarities[right]:
            right += 1
        depth[i] = (similarities[left] - similarities[i]) + (similarities[right] - similarities[i])
    return depth


def gap_scores(vectors: np.ndarray, cues: Sequence[TurnCues], config: EmbeddingDetectorConfig) -> np.ndarray:
    """Score of each gap ``g`` in 1..n-1 (index ``g-1``): depth of the similarity drop plus the cue bonus."""
    depth = depth_scores(block_similarities(vectors, config.block_turns))
    bonus = np.array([config.cue_bonus * len(cues[g].triggers) for g in range(1, len(cues))], dtype=np.float64)
    return depth + bonus if len(depth) else depth


def choose_boundaries(
    scores: np.ndarray, allowed: Sequence[bool], threshold: float, min_segment_turns: int
) -> list[int]:
    """Gaps (as the window-local index of the turn after them) chosen best-first, in order."""
    n = len(scores) + 1
    chosen: list[int] = []
    # ties go to the earlier gap, so the answer does not depend on sort stability
    for index in sorted(range(len(scores)), key=lambda i: (-scores[i], i)):
        if scores[index] < threshold:
            break
        gap = index + 1
        if not allowed[index]:
            continue
        edges = [0, *chosen, n]
        if all(abs(gap - edge) >= min_segment_turns for edge in edges):
            chosen.append(gap)
    return sorted(chosen)


def spans_from_cuts(window: Window, cuts: Sequence[int], cues: Sequence[TurnCues]) -> tuple[Span, ...]:
    """Spans in session positions; each after the first opens with its turn's strongest cue, else a topic change."""
    starts = [0, *cuts]
    ends = [*(cut - 1 for cut in cuts), window.size - 1]
    spans = []
    for n, (start, end) in enumerate(zip(starts, ends)):
        trigger = "session_start" if n == 0 else (cues[start].triggers or [TOPIC_CHANGE])[0]
        spans.append(Span(window.start + start, window.start + end, trigger))
    return tuple(spans)


def embedding_detector(config: SegmentsConfig, resources: DetectorResources) -> EmbeddingDetector:
    """Registry factory: needs ``resources.embedder``."""
    if resources.embedder is None:
        raise ValueError("the embedding segment detector needs an embedder (DetectorResources.embedder)")
    return EmbeddingDetector(resources.embedder, config.embedding)
