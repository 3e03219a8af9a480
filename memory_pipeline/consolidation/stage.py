"""The engine entry point of consolidation: a memory frame in, ``consolidation_decisions`` and ``memory_status`` out.

1. deterministic alignment (:mod:`~memory_pipeline.consolidation.alignment`), applied as it is proposed;
2. relation decisions: every memory still active is a target; its candidates are earlier active memories
   (K_u nearest, cosine floor, N_u kept, pairs decided in step 1 left out), collected for all targets before
   any is classified, then classified in one batch and applied in conversation order.

Every proposal passes the validator (:mod:`~memory_pipeline.consolidation.validator`) and, if it hides a
memory, the status checks (:class:`~memory_pipeline.consolidation.status.StatusBook`); every proposal is
recorded, with the reason when it was not applied. A classifier failure (an LLM request that failed) leaves
its target without decisions and is counted in ``errors``; the rules never stand in for it. Memory text is
never touched: consolidation writes status and replacement links only.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import polars as pl

from memory_pipeline.analysis import Reading
from memory_pipeline.consolidation.alignment import exact_duplicates, state_transitions
from memory_pipeline.consolidation.base import HIDING, ConsolidationClassifier, ConsolidationContext, Proposal
from memory_pipeline.config import ConsolidationConfig
from memory_pipeline.consolidation.status import StatusBook, status_frame, status_problems
from memory_pipeline.consolidation.validator import reject_reason
from memory_pipeline.lake import stable_id
from memory_pipeline.links.base import PENDING
from memory_pipeline.links.candidates import CandidateJob, candidate_jobs, with_candidates
from memory_pipeline.links.rules import dated_events_corrected, moved_from_the_date_named
from memory_pipeline.links.stage import ItemError, initial_lifecycles
from memory_pipeline.memory_frame import Memory, memories_by_id
from memory_pipeline.schemas import CONSOLIDATION_DECISIONS


@dataclass
class ConsolidationResult:
    decisions: pl.DataFrame  # CONSOLIDATION_DECISIONS: every proposal, applied or not
    status: pl.DataFrame  # MEMORY_STATUS: one row per memory
    errors: list[ItemError] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)


@dataclass
class DecisionLog:
    """Applies proposals through the validator and the status book, and keeps a row for each."""

    memories: dict[str, Memory]
    readings: dict[str, Reading]
    book: StatusBook
    config: ConsolidationConfig
    rows: list[dict] = field(default_factory=list)
    pairs: set[frozenset[str]] = field(default_factory=set)
    # Decisions so far per conversation: a decision's id holds its ordinal within its conversation, so the ids of
    # a conversation do not depend on which other conversations shared its run.
    made: Counter[str] = field(default_factory=Counter)

    def apply(self, proposal: Proposal) -> bool:
        """Validate and, when it stands, apply ``proposal``; True when it was applied."""
        target = self.memories[proposal.target_id]
        candidate = self.memories.get(proposal.candidate_id) if proposal.candidate_id else None
        reason = reject_reason(proposal, target, candidate, self.readings, self.config.anchor_max_words)
        if reason is None and proposal.action in HIDING:
            reason = self.book.refusal(proposal)
        decision_id = stable_id(
            target.conversation_id, str(self.made[target.conversation_id]), proposal.stage, proposal.method,
            proposal.target_id, proposal.candidate_id or "", proposal.action,
        )
        if reason is None and proposal.action in HIDING:
            self.book.apply(proposal, decision_id)
        if proposal.candidate_id:
            self.pairs.add(frozenset((proposal.target_id, proposal.candidate_id)))
        self.made[target.conversation_id] += 1
        self.rows.append(
            {
                "decision_id": decision_id,
                "conversation_id": target.conversation_id,
                "memory_kind": target.memory_kind,
                "target_id": proposal.target_id,
                "candidate_id": proposal.candidate_id,
                "stage": proposal.stage,
                "action": proposal.action,
                "basis": proposal.basis,
                "scope": proposal.scope,
                "anchor": proposal.anchor,
                "similarity": proposal.similarity,
                "method": proposal.method,
                "accepted": reason is None,
                "reject_reason": reason,
                "note": proposal.note,
            }
        )
        return reason is None

    def frame(self) -> pl.DataFrame:
        """The decisions in the contract's columns, then ``note``; with none, the same columns (a partition's
        file must not depend on whether the chunk it ran in decided anything)."""
        notes = pl.Series("note", [r["note"] for r in self.rows], dtype=pl.String)
        if not self.rows:
            return pl.from_arrow(CONSOLIDATION_DECISIONS.empty_table()).with_columns(notes)
        arrow = pl.DataFrame(self.rows, infer_schema_length=None).to_arrow()
        contract = arrow.select(CONSOLIDATION_DECISIONS.names).cast(CONSOLIDATION_DECISIONS)
        return pl.from_arrow(contract).with_columns(notes)


def consolidate(
    frame: pl.DataFrame,
    vectors: np.ndarray,
    readings: dict[str, Reading],
    classifier: ConsolidationClassifier,
    config: ConsolidationConfig | None = None,
    lifecycles: dict[str, str | None] | None = None,
    moved_at: dict[str, datetime] | None = None,
) -> ConsolidationResult:
    """Statuses and decisions for every memory of ``frame``.

    ``lifecycles`` (from the links stage, :func:`memory_pipeline.links.final_lifecycles`) go into
    ``memory_status.lifecycle_status``; without them the lifecycles before any link are used. ``moved_at``: when
    each of those moves happened (``links.changed_at``).
    """
    config = config or ConsolidationConfig()
    started = time.perf_counter()
    memories = memories_by_id(frame)
    ordered = [memories[memory_id] for memory_id in frame["memory_id"].to_list()]
    lifecycles = lifecycles if lifecycles is not None else initial_lifecycles(memories, readings)
    log = DecisionLog(memories, readings, StatusBook(memories), config)

    for proposal in exact_duplicates(ordered, readings, config):
        log.apply(proposal)
    for proposal in state_transitions(ordered, readings, config, log.book.is_active):
        log.apply(proposal)
    aligned = len(log.rows)

    jobs = candidate_jobs(
        frame, vectors, config.top_k, config.min_similarity, config.keep,
        is_target=log.book.is_active, is_candidate=log.book.is_active, skip_pairs=frozenset(log.pairs),
        cross_kind=config.cross_kind,
    )
    jobs = with_corrected_dates(jobs, memories, readings, config, log.book.is_active, frozenset(log.pairs))
    plans = frozenset(memory_id for memory_id, state in lifecycles.items() if state == PENDING)
    judged = classifier.judge(jobs, ConsolidationContext(memories, readings, plans, config))
    errors = []
    for job in sorted(judged, key=lambda j: (memories[j.target_id].conversation_id, memories[j.target_id].position)):
        if job.error is not None:
            errors.append(ItemError(job.target_id, job.error))
            continue
        for proposal in job.proposals:
            log.apply(proposal)

    problems = status_problems(log.book.rows, memories)
    if problems:
        raise RuntimeError("consolidation left an inconsistent status: " + "; ".join(problems[:5]))
    decisions = log.frame()
    status = status_frame(log.book.rows, memories, readings, lifecycles, moved_at)
    return ConsolidationResult(decisions, status, errors, _metrics(decisions, status, aligned, len(jobs), errors, classifier, started))


def with_corrected_dates(jobs, memories, readings, config: ConsolidationConfig, is_active, skip_pairs) -> list[CandidateJob]:
    """``jobs`` with every active dated memory a target's correction names among its candidates, as the links stage
    has them (:func:`~memory_pipeline.links.rules.dated_events_corrected`): "we're moving the ship date to January
    14" corrects "the app is due to ship on December 5", whose embedding may be far from it; so does the date a target
    names as replaced ("it came on the 19th in the end, not the 12th": :func:`~memory_pipeline.links.rules.
    moved_from_the_date_named`), which the links stage already compares and finds it contradicts."""
    def corrected(memory_id: str) -> list:
        return (dated_events_corrected(memories, readings, memory_id, config.rules.event_overlap)
                + moved_from_the_date_named(memories, readings, memory_id))

    return with_candidates(jobs, {
        memory_id: [old.memory_id for old in corrected(memory_id)
                    if is_active(old.memory_id) and frozenset((memory_id, old.memory_id)) not in skip_pairs]
        for memory_id in memories if is_active(memory_id)
    })


def _metrics(decisions, status, aligned, jobs, errors, classifier, started) -> dict:
    fired = Counter(
        f"{row['stage']}:{row['action']}:{'accepted' if row['accepted'] else 'rejected'}"
        for row in decisions.iter_rows(named=True)
    )
    rejected = Counter(decisions.filter(~pl.col("accepted"))["reject_reason"].to_list())
    return {
        "memories": status.height,
        "alignment_proposals": aligned,
        "relation_jobs": jobs,
        "decisions": dict(sorted(fired.items())),
        "rejected": dict(sorted(rejected.items())),
        "status": dict(sorted(Counter(status["status"].to_list()).items())),
        "errors": len(errors),
        "classifier": classifier.name,
        "seconds": time.perf_counter() - started,
    }
