"""Boundary-preserving Window Segmentation (seed 002, §BWS and Algorithm 1) as a pure algorithm.

Per session, a window of W turns starting at ``s`` goes to the detector, which tiles it with spans. Every span
but the last is final; the last stays provisional and the next window starts at its first turn, so a boundary
near the window's tail is decided again with the turns that follow. At the session's end every span is final.

Two points where Algorithm 1 is silent or loses turns, decided here:

* A window that comes back as one span gives no boundary to restart from. Algorithm 1 then moves ``s`` one turn
  forward and never finalises the turns it stepped over. Here the window moves ``min_forward_step`` turns, and
  the turns it stepped over stay the head of the provisional segment: the detector saw them in one span with
  the turns that are shown again, so the next window's first span continues them. Segments may therefore be
  longer than W, and coverage holds.
* A window's first span continues the provisional segment, whose start boundary an earlier window saw; it keeps
  that window's trigger (``session_start`` for a session's first segment), because the current window cannot see
  what lies before its first turn.

Sessions advance in rounds: each round asks the detector for one window of every unfinished session at once, so
an LLM detector sends one batch per round, while BWS stays sequential within a session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from memory_pipeline.segments.base import (
    Detection,
    SegmentsConfig,
    SessionTurns,
    Span,
    Window,
    WindowDetector,
)

SESSION_START = "session_start"
# The turn after a window that was kept whole (no detection) starts a segment at a window edge, not a boundary.
WINDOW_EDGE_TRIGGER = "unknown"


@dataclass(frozen=True)
class Segment:
    """A final segment: session positions ``start..end`` inclusive."""

    start: int
    end: int
    trigger: str
    detector: str

    @property
    def size(self) -> int:
        return self.end - self.start + 1


@dataclass(frozen=True)
class WindowFailure:
    """A window the primary detector gave no usable answer for; ``handled_as`` is what its rows say instead."""

    window_id: str
    conversation_id: str
    session_id: str
    start: int
    end: int
    error: str
    handled_as: str


@dataclass
class BWSOutcome:
    segments: dict[tuple[str, str], list[Segment]]
    failures: list[WindowFailure]
    rounds: int
    windows: int
    repaired_windows: int


@dataclass
class SessionCursor:
    """The BWS state of one session: where the next window starts and where the provisional segment began."""

    session: SessionTurns
    start: int = 0
    segment_start: int = 0
    provisional_trigger: str = SESSION_START
    finalised: list[Segment] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.start >= len(self.session)

    def window(self, window_turns: int) -> Window:
        return Window(self.session, self.start, min(self.start + window_turns - 1, len(self.session) - 1))

    def advance(self, window: Window, detection: Detection, min_forward_step: int) -> None:
        """Finalise what ``detection`` settles and move to the next window (Algorithm 1, lines 6-12)."""
        spans = list(require_tiling(detection, window))
        # a kept-whole window names itself; otherwise the first span continues the provisional segment
        first_trigger = spans[0].trigger if detection.final else self.provisional_trigger
        spans[0] = Span(self.segment_start, spans[0].end, first_trigger, spans[0].reason)
        if detection.final or window.reaches_session_end:
            self._finalise(spans, detection.detector)
            self.start = self.segment_start = window.end + 1
            self.provisional_trigger = WINDOW_EDGE_TRIGGER
        elif len(spans) == 1:
            self.start += min_forward_step
        else:
            self._finalise(spans[:-1], detection.detector)
            self.start = self.segment_start = spans[-1].start
            self.provisional_trigger = spans[-1].trigger

    def _finalise(self, spans: Sequence[Span], detector: str) -> None:
        self.finalised.extend(Segment(s.start, s.end, s.trigger, detector) for s in spans)


def require_tiling(detection: Detection, window: Window) -> tuple[Span, ...]:
    """The detection's spans, after checking they tile the window: contiguous, in order, start to end."""
    spans = detection.spans
    problem = None
    if not spans:
        problem = "no spans"
    elif spans[0].start != window.start or spans[-1].end != window.end:
        problem = f"spans cover {spans[0].start}..{spans[-1].end}"
    else:
        for before, after in zip(spans, spans[1:]):
            if after.start != before.end + 1:
                problem = f"span {after.start}..{after.end} does not follow {before.start}..{before.end}"
                break
        if problem is None and any(s.start > s.end for s in spans):
            problem = "a span ends before it starts"
    if problem is not None:
        raise ValueError(
            f"detector {detection.detector!r} did not tile window {window.window_id} "
            f"({window.start}..{window.end}): {problem}"
        )
    return spans


def run_bws(sessions: Sequence[SessionTurns], detector: WindowDetector, config: SegmentsConfig) -> BWSOutcome:
    """Segment every session; one ``detector.detect`` call per round with one window per unfinished session."""
    cursors = [SessionCursor(session) for session in sessions]
    failures: list[WindowFailure] = []
    rounds = windows = repaired = 0
    while active := [cursor for cursor in cursors if not cursor.done]:
        batch = [cursor.window(config.window_turns) for cursor in active]
        detections = detector.detect(batch)
        if len(detections) != len(batch):
            raise ValueError(f"detector answered {len(detections)} windows for {len(batch)}")
        for cursor, window, detection in zip(active, batch, detections):
            if detection.error is not None:
                failures.append(failure_of(window, detection))
            repaired += bool(detection.repairs)
            cursor.advance(window, detection, config.min_forward_step)
        rounds += 1
        windows += len(batch)
    segments = {cursor.session.key: cursor.finalised for cursor in cursors}
    return BWSOutcome(segments, failures, rounds, windows, repaired)


def failure_of(window: Window, detection: Detection) -> WindowFailure:
    return WindowFailure(
        window_id=window.window_id,
        conversation_id=window.session.conversation_id,
        session_id=window.session.session_id,
        start=window.start,
        end=window.end,
        error=detection.error or "",
        handled_as=detection.detector,
    )
