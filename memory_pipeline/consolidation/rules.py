"""The rule classifier of consolidation's relation decisions (the default).

Each (target, candidate) pair is related with the link rules (:func:`memory_pipeline.links.rules.classify_pair`)
and the relation mapped to a decision:

* ``updates`` (a slot changed) -> ``supersede`` with basis ``state_change`` (``event_correction`` for an
  appointment), anchored on the target's slot phrase;
* ``contradicts`` with an explicit correction in the target -> ``supersede`` / ``event_correction``, anchored
  on the correction words; a denial or plain negation is qualified, not hidden (the plan's lifecycle says it);
* ``same_episode_as`` between near-identical memories -> ``dedup`` / ``same_event``;
* any other relation -> ``qualify``; no relation -> ``ignore``.

The validator then decides what stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_pipeline.analysis.slots import EVENT_SLOTS
from memory_pipeline.consolidation.alignment import describe_scope, short_anchor
from memory_pipeline.consolidation.base import (
    DEDUP,
    EVENT_CORRECTION,
    IGNORE,
    QUALIFY,
    RELATION,
    SAME_EVENT,
    STATE_CHANGE,
    SUPERSEDE,
    ConsolidationContext,
    JudgedJob,
    Proposal,
)
from memory_pipeline.config import ConsolidationConfig
from memory_pipeline.links.base import CONTRADICTS, NONE, SAME_EPISODE, UPDATES, ClassifierResources
from memory_pipeline.links.candidates import Candidate, CandidateJob
from memory_pipeline.links.rules import another_partner, classify_pair, shared_slots, slots_said_before, state_changes

NAME = "rules"


def decide(target_id: str, candidate: Candidate, context: ConsolidationContext) -> Proposal:
    """The decision the rules propose for one pair."""
    target = context.memories[target_id]
    old = context.memories[candidate.memory_id]
    reading, old_reading = context.readings[target_id], context.readings[candidate.memory_id]
    config = context.config
    said_before = slots_said_before(context.memories, context.readings, target)
    link = classify_pair(
        target, old, reading, old_reading, candidate.similarity, candidate.memory_id in context.plans, config.rules,
        said_before=said_before,
    )
    base = dict(target_id=target_id, candidate_id=candidate.memory_id, stage=RELATION, method=NAME,
                similarity=candidate.similarity, note=f"{link.relation}: {link.detail}" if link.detail else link.relation)
    changed = next((slot for before, slot in shared_slots(target, old, reading, old_reading, said_before) if state_changes(before, slot)),
                   None) if link.relation == UPDATES else None
    if link.relation == UPDATES and changed is None and (partners := another_partner(reading, old_reading)) is not None:
        changed = partners[1]  # "Felix is my boyfriend now" after "Marcus is my boyfriend now": the partner changed
    if changed is not None:
        basis = EVENT_CORRECTION if changed.slot in EVENT_SLOTS else STATE_CHANGE
        return Proposal(action=SUPERSEDE, basis=basis, scope=describe_scope(changed, target.speaker),
                        anchor=short_anchor(changed.anchor, config.anchor_max_words), **base)
    if link.relation == CONTRADICTS and reading.correction is not None:
        return Proposal(action=SUPERSEDE, basis=EVENT_CORRECTION, scope=_event_scope(reading, old_reading),
                        anchor=reading.correction.span, **base)
    if link.relation == SAME_EPISODE and candidate.similarity >= config.dedup_min_similarity and not _a_plan_and_how_it_went(
        old_reading, reading
    ):
        return Proposal(action=DEDUP, basis=SAME_EVENT, scope=_event_scope(reading, old_reading),
                        anchor=short_anchor(target.text, config.anchor_max_words), **base)
    return Proposal(action=QUALIFY if link.relation != NONE else IGNORE, **base)


def _a_plan_and_how_it_went(old_reading, reading) -> bool:
    """The earlier memory arranges or plans the event and the later one reports it done ("Lena has an appointment
    on 2 December for the prescription", then "Lena got the prescription on 2 December"): one episode, but the
    report is the news, no copy to drop. The plan's lifecycle records the completion."""
    planned = old_reading.future or bool(old_reading.plan.words) or bool(old_reading.arranged.words)
    # a booking said twice plans and reports alike: a copy still ("I booked a table at Nando's for Friday")
    plans_again = reading.future or bool(reading.plan.words) or bool(reading.arranged.words)
    return planned and reading.report and not plans_again


def _event_scope(reading, old_reading) -> str:
    shared = sorted(reading.nouns & old_reading.nouns) or sorted(reading.words & old_reading.words)
    return "event: " + " ".join(shared[:6])


class RuleConsolidationClassifier:
    name = NAME

    def judge(self, jobs: Sequence[CandidateJob], context: ConsolidationContext) -> list[JudgedJob]:
        return [
            JudgedJob(job.target_id, tuple(decide(job.target_id, candidate, context) for candidate in job.candidates))
            for job in jobs
        ]


def rule_classifier(config: ConsolidationConfig, resources: ClassifierResources) -> RuleConsolidationClassifier:
    return RuleConsolidationClassifier()

