"""Carryover and local fusion across segment boundaries (seed 002, Eq. 4-5), the same for every builder.

Units still open at a segment's end are carried into the next segment's build: *partial* ones (underspecified: a
question about them was left unanswered, or the statement is cut off) until the session ends, *provisional* ones
(complete, but their last turn is within ``boundary_turns`` of a segment boundary that a detector may have drawn
mid-story) for the next segment only. A unit of the next segment that completes or refines a carried unit is fused
into it before any id is assigned, so the pair becomes one unit; partial units never completed are finalised as
partial when the session ends, not dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from memory_pipeline.units import cues
from memory_pipeline.units.describe import disjoint, most_sensitive
from memory_pipeline.units.records import UNKNOWN, SegmentView, UnitDraft, UnitFields

Redescribe = Callable[[UnitDraft], UnitFields]
# Content types a fused unit may be refined into when the first part said no more than this.
WEAK_TYPES = ("general_fact", UNKNOWN)


def draft_text(draft: UnitDraft, own_only: bool = False) -> str:
    if draft.pieces:
        return " ".join(t for p in draft.pieces if not own_only or p.speaker == draft.speaker for t in p.texts)
    return draft.fields.content_text if draft.fields is not None else ""


def shares_subject(a: UnitDraft, b: UnitDraft, names: Sequence[str]) -> bool:
    return bool(cues.subject_words(draft_text(a, True), names) & cues.subject_words(draft_text(b, True), names))


def dated_apart(a: UnitDraft, b: UnitDraft) -> bool:
    """Both units are dated from a time expression, at times that do not overlap: two events, not one."""
    interval = lambda d: (d.fields.event_start, d.fields.event_end) if d.fields and d.fields.event_time_basis == "expression" else None  # noqa: E731
    return disjoint(interval(a), interval(b))


def answers(carried: UnitDraft, candidate: UnitDraft) -> bool:
    """``candidate`` is said by the one the carried unit's open question was put to."""
    question = carried.open_question
    if question is None or candidate.speaker == question.asker:
        return False
    return question.addressee in (None, candidate.speaker)


def compatible(carried: UnitDraft, candidate: UnitDraft, adjacent: bool, early: bool, names: Sequence[str]) -> bool:
    """Can ``candidate`` (built in a later segment of the same session) complete or refine ``carried``?

    An answer to its open question right after the boundary does; so does the same speaker going on about the
    same subject, or going on at all ("It was ...") right after the boundary.
    """
    if answers(carried, candidate):
        return (adjacent and early) or shares_subject(carried, candidate, names)
    if candidate.speaker != carried.speaker or dated_apart(carried, candidate):
        return False
    if adjacent and early and cues.opens_continuation(draft_text(candidate, True)):
        return True
    return (adjacent and early or carried.partial) and shares_subject(carried, candidate, names)


def fuse(carried: UnitDraft, candidate: UnitDraft, short_answer_words: int, redescribe: Redescribe, names: Sequence[str]) -> None:
    """``candidate`` joins ``carried`` (which keeps its place): words, evidence, segments and anchors combined."""
    question = carried.open_question
    answered = answers(carried, candidate)
    # decided before the question's words may leave: a rules question unit answered at length is still rules-built,
    # and is re-described from the answer's words alone (merging its old fields would keep the question's words)
    both_rules = bool(carried.pieces) and bool(candidate.pieces)
    if answered and carried.pieces and candidate.pieces:
        answer_words = cues.content_words(" ".join(candidate.pieces[0].texts), names)
        if len(answer_words) > short_answer_words:
            # the answer says it on its own: the question stays evidence, its words go
            carried.pieces = [p for p in carried.pieces if p.turn_id != question.turn_id or p.speaker != question.asker]
            carried.sources = [t for t in carried.sources if t != question.turn_id or any(p.turn_id == t for p in carried.pieces)]
    if not any(p.speaker == carried.speaker for p in carried.pieces) and candidate.speaker is not None:
        carried.speaker = candidate.speaker  # an unanswered question now carries its answer
    for piece in candidate.pieces:
        carried.add_piece(piece)
    for turn_id in candidate.sources:
        if turn_id not in carried.sources:
            carried.sources.append(turn_id)
    carried.add_evidence(*candidate.evidence)
    carried.segment_ids.extend(s for s in candidate.segment_ids if s not in carried.segment_ids)
    carried.open_question, carried.partial_reason = candidate.open_question, candidate.partial_reason
    if both_rules:
        carried.fields = redescribe(carried)
    else:
        carried.fields = merge_fields(carried.fields, candidate.fields, carried.partial)
    if carried.builder != candidate.builder:
        carried.builder = f"{carried.builder}+{candidate.builder}"


def merge_fields(a: UnitFields | None, b: UnitFields | None, partial: bool) -> UnitFields:
    """Anchors of two fused units (used when they are not both rules drafts, whose words are re-read instead)."""
    if a is None or b is None:
        return a or b  # type: ignore[return-value]
    orientations = {o for o in (a.time_orientation, b.time_orientation) if o != UNKNOWN}
    first_event = a if a.event_time_basis == "expression" or b.event_time_basis != "expression" else b
    completeness = "partial" if partial else b.completeness
    status = "pending" if "pending" in (a.status, b.status) else ("partial" if partial else b.status)
    return a.with_(
        content_text=f"{a.content_text} {b.content_text}".strip(),
        participants=tuple(dict.fromkeys(a.participants + b.participants)),
        emotion_or_state=_join_known(a.emotion_or_state, b.emotion_or_state),
        affect_holder=_one_holder(a, b),
        valence=a.valence if b.valence is None else b.valence if a.valence is None else (a.valence + b.valence) / 2,
        intention_or_plan=a.intention_or_plan if a.intention_or_plan != UNKNOWN else b.intention_or_plan,
        time_orientation=orientations.pop() if len(orientations) == 1 else ("mixed" if orientations else UNKNOWN),
        content_type=b.content_type if a.content_type in WEAK_TYPES else a.content_type,
        event_time_text=first_event.event_time_text,
        event_start=first_event.event_start,
        event_end=first_event.event_end,
        event_time_basis=first_event.event_time_basis,
        completeness=completeness,
        status=status,
        provenance="stated" if "stated" in (a.provenance, b.provenance) else a.provenance,
        scope=most_sensitive((a.scope, b.scope)),
    )


def _one_holder(a: UnitFields, b: UnitFields) -> str | None:
    """Whose the fused unit's feelings are: the one holder of those it names, None where they are two people's."""
    holders = {f.affect_holder for f in (a, b) if f.emotion_or_state != UNKNOWN}
    return holders.pop() if len(holders) == 1 else None


def _join_known(a: str, b: str) -> str:
    known = [x for x in dict.fromkeys((a, b)) if x and x != UNKNOWN]
    return "; ".join(known) if known else UNKNOWN


@dataclass
class SessionCarry:
    """Carryover state through one session's segments, in order."""

    boundary_turns: int
    max_carried: int
    short_answer_words: int
    redescribe: Redescribe
    names: Sequence[str]
    carried: list[tuple[UnitDraft, int]] = field(default_factory=list)  # (unit, index of its last segment)
    final: list[UnitDraft] = field(default_factory=list)
    fused: int = 0
    fused_partial: int = 0  # of which the carried unit was partial (the rest were provisional)

    def step(self, segment: SegmentView, drafts: list[UnitDraft]) -> None:
        """Fuse this segment's drafts into carried units where they complete them; finalise, or carry, the rest."""
        positions = {t.turn_id: t.position for t in segment.turns}
        remaining = list(drafts)
        fused: list[UnitDraft] = []
        still_carried: list[tuple[UnitDraft, int]] = []
        for unit, last_index in self.carried:
            adjacent = segment.index == last_index + 1
            match = next((d for d in remaining if compatible(unit, d, adjacent, self._early(d, positions), self.names)), None)
            if match is not None:
                self.fused_partial += unit.partial
                fuse(unit, match, self.short_answer_words, self.redescribe, self.names)
                remaining.remove(match)
                fused.append(unit)  # it ends in this segment now, and may be carried on from here
                self.fused += 1
            elif unit.partial:
                still_carried.append((unit, last_index))
            else:
                self.final.append(unit)  # provisional, and nothing completed it
        self.carried = still_carried
        for draft in fused + remaining:
            if draft.partial or (not segment.last_in_session and self._near_end(draft, positions, len(segment.turns))):
                self.carried.append((draft, segment.index))
            else:
                self.final.append(draft)
        while len(self.carried) > self.max_carried:
            self.final.append(self.carried.pop(0)[0])

    def close(self) -> list[UnitDraft]:
        """Session end: every unit still carried is finalised as it stands (partial ones as partial)."""
        self.final.extend(unit for unit, _ in self.carried)
        self.carried = []
        return self.final

    def _early(self, draft: UnitDraft, positions: dict[str, int]) -> bool:
        first = min((positions[t] for t in draft.sources if t in positions), default=None)
        return first is not None and first <= self.boundary_turns

    def _near_end(self, draft: UnitDraft, positions: dict[str, int], size: int) -> bool:
        last = max((positions[t] for t in draft.evidence if t in positions), default=None)
        return last is not None and last >= size - self.boundary_turns
