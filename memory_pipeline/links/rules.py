"""The rule classifier of links (the default): relations from slots, event words, cues and times.

For a new memory and an older candidate, the first rule that fires decides:

1. same subject and slot: another value -> ``updates``; the same value -> ``supports``;
2. the old memory is a plan about the same event: called off -> ``followup_of`` (plan cancelled); denied ->
   ``contradicts`` (plan contradicted); reported as done with a fitting time -> ``followup_of`` (completed);
3. same event, with a negation, denial or correction the old one lacks -> ``contradicts``;
4. same event and overlapping event times -> ``same_episode_as``;
5. similar (cosine) and sharing a noun -> ``supports`` (an elaboration);
6. otherwise no link.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from memory_pipeline.analysis import Event, Reading
from memory_pipeline.analysis.slots import NONE_VALUE, SlotValue
from memory_pipeline.links.base import (
    CANCELLED,
    COMPLETED,
    CONTRADICTED,
    CONTRADICTS,
    FOLLOWUP,
    NONE,
    SAME_EPISODE,
    SUPPORTS,
    UPDATES,
    ClassifierResources,
    JobResult,
    LinkContext,
    LinkProposal,
)
from memory_pipeline.links.candidates import CandidateJob
from memory_pipeline.config import LinksConfig
from memory_pipeline.memory_frame import Memory

NAME = "rules"
NEGATION_OVERLAP = 0.67
TRANSITION_STATES = {"yes": "have", "has": "have", NONE_VALUE: "gone", "recovered": "gone"}


def state_changes(old: SlotValue, new: SlotValue) -> bool:
    """Whether ``new`` changes the state ``old`` recorded: any other value of an exclusive slot; for ownership
    and health, only a move between having and not having."""
    if new.state == old.state:
        return False
    if new.exclusive:
        return True
    return TRANSITION_STATES.get(new.state) != TRANSITION_STATES.get(old.state)


def event_overlap(new: Reading, old: Reading) -> float:
    """Share of the smaller memory's content words the two share; 0 unless they share a noun or name."""
    if not new.words or not old.words or not (new.nouns & old.nouns):
        return 0.0
    return len(new.words & old.words) / min(len(new.words), len(old.words))


def intervals_overlap(a: Memory, b: Memory, grace: timedelta = timedelta(0)) -> bool:
    if a.event_start is None or b.event_start is None:
        return False
    a_end = a.event_end or a.event_start
    b_end = b.event_end or b.event_start
    return a.event_start < b_end + grace and b.event_start < a_end + grace


def report_fits_plan(plan: Memory, report: Memory, grace: timedelta) -> bool:
    """A report can be the plan's outcome: its event falls in the planned window (give or take ``grace``), or,
    when the report gives no time, it was said no earlier than the window's start."""
    if not plan.explicit_time:
        return True
    if report.explicit_time:
        return intervals_overlap(plan, report, grace)
    return report.session_time is None or report.session_time >= plan.event_start - grace


def classify_pair(
    new: Memory, old: Memory, new_reading: Reading, old_reading: Reading, similarity: float,
    old_is_plan: bool, config: LinksConfig,
) -> LinkProposal:
    """The relation from ``new`` to the older ``old`` (relation ``none`` when no rule fires)."""
    shared = [(old_reading.slot(slot.key), slot) for slot in new_reading.state_slots if old_reading.slot(slot.key)]
    changed = [(before, slot) for before, slot in shared if state_changes(before, slot)]
    if changed:
        before, slot = changed[0]
        return LinkProposal(old.memory_id, UPDATES, 0.9, detail=f"{before.describe()} -> {slot.state}")
    repeated = [slot for before, slot in shared if slot.state == before.state]
    if repeated:
        return LinkProposal(old.memory_id, SUPPORTS, 0.8, detail=f"{repeated[0].describe()} again")
    overlap = event_overlap(new_reading, old_reading)
    same_event = overlap >= config.event_overlap
    if old_is_plan:
        outcome = _plan_outcome(new, old, new_reading, old_reading, config)
        if outcome is not None:
            return LinkProposal(old.memory_id, *outcome)
    if same_event and _contradiction(new, old, new_reading, old_reading, overlap):
        cue = new_reading.denial or new_reading.correction
        return LinkProposal(old.memory_id, CONTRADICTS, 0.7, detail=f"{cue.kind}: {cue.span}" if cue else "negation")
    if same_event and intervals_overlap(new, old):
        return LinkProposal(old.memory_id, SAME_EPISODE, round(0.5 + overlap / 2, 3), detail=f"event words {overlap:.2f}")
    if similarity >= config.supports_min_similarity and new_reading.nouns & old_reading.nouns:
        return LinkProposal(old.memory_id, SUPPORTS, round(similarity, 3), detail="elaboration")
    return LinkProposal(old.memory_id, NONE, 0.0)


def _plan_outcome(
    new: Memory, plan: Memory, reading: Reading, plan_reading: Reading, config: LinksConfig
) -> tuple[str, float, str, str] | None:
    """What a later memory says became of a plan: the clause of its cancellation, denial or report must be
    about the plan's event (its own words, not the rest of either memory)."""
    if new.session_time is None or plan.session_time is None or new.session_time <= plan.session_time:
        return None  # a plan is followed up later, not in the session that made it
    planned = plan_reading.plan if plan_reading.plan.words else Event(plan_reading.words, plan_reading.nouns)
    about = lambda event: event.overlap(planned) >= config.event_overlap  # noqa: E731
    if reading.cancel is not None and about(reading.cancelled):
        return FOLLOWUP, 0.8, CANCELLED, f"called off: {reading.cancel.span}"
    if reading.denial is not None and about(reading.denied):
        return CONTRADICTS, 0.8, CONTRADICTED, f"denied: {reading.denial.span}"
    if not reading.future and any(about(event) for event in reading.reports):
        if report_fits_plan(plan, new, timedelta(days=config.plan_grace_days)):
            return FOLLOWUP, 0.8, COMPLETED, "reported done"
    return None


def _contradiction(new: Memory, old: Memory, new_reading: Reading, old_reading: Reading, overlap: float) -> bool:
    """A denial of the same event; a correction that gives it another date; or a negation the old memory
    lacks of what the two both say (a stray "no" elsewhere in a long memory is not a contradiction).
    Discourse words like "actually" alone correct nothing."""
    if new_reading.denial is not None:
        return True
    if new_reading.correction is not None and new.explicit_time and old.explicit_time and new.event_start != old.event_start:
        return True
    return bool(new_reading.negated_words & old_reading.words) and not old_reading.negated and overlap >= NEGATION_OVERLAP


class RuleLinkClassifier:
    """Classifies every candidate pair with :func:`classify_pair`; never fails."""

    name = NAME

    def classify(self, jobs: Sequence[CandidateJob], context: LinkContext) -> list[JobResult]:
        results = []
        for job in jobs:
            new = context.memories[job.target_id]
            proposals = tuple(
                classify_pair(
                    new,
                    context.memories[candidate.memory_id],
                    context.readings[job.target_id],
                    context.readings[candidate.memory_id],
                    candidate.similarity,
                    candidate.memory_id in context.plans,
                    context.config,
                )
                for candidate in job.candidates
            )
            results.append(JobResult(job.target_id, proposals, NAME))
        return results


def rule_classifier(config: LinksConfig, resources: ClassifierResources) -> RuleLinkClassifier:
    """Registry factory; the rules need nothing beyond the readings in the context."""
    return RuleLinkClassifier()
