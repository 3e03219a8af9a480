"""The ``segments`` stage: Boundary-preserving Window Segmentation (seed 002) behind interchangeable detectors.

:func:`build_segments` is the entry point; :func:`load_detector` builds the detector named in
:class:`SegmentsConfig` (``embedding``, the default, or ``llm``) from the models the caller loaded.
"""

from memory_pipeline.segments.base import (
    SEED_TRIGGERS,
    SEGMENT_DETECTORS,
    TRIGGERS,
    UNSEGMENTED,
    BoundaryDetector,
    Detection,
    DetectorResources,
    EmbeddingDetectorConfig,
    LLMDetectorConfig,
    SegmentsConfig,
    SessionTurns,
    Span,
    Window,
    WindowDetector,
    load_detector,
)
from memory_pipeline.segments.bws import Segment, WindowFailure, run_bws
from memory_pipeline.segments.stage import SegmentsResult, build_segments, sessions_from_turns

__all__ = [
    "SEED_TRIGGERS",
    "SEGMENT_DETECTORS",
    "TRIGGERS",
    "UNSEGMENTED",
    "BoundaryDetector",
    "Detection",
    "DetectorResources",
    "EmbeddingDetectorConfig",
    "LLMDetectorConfig",
    "Segment",
    "SegmentsConfig",
    "SegmentsResult",
    "SessionTurns",
    "Span",
    "Window",
    "WindowDetector",
    "WindowFailure",
    "build_segments",
    "load_detector",
    "run_bws",
    "sessions_from_turns",
]
