"""The engine entry point of the ``links`` stage: a memory frame in, the ``links`` table and lifecycle moves out.

Every memory is compared with its candidates (:mod:`memory_pipeline.links.candidates`) by the configured
classifier, all jobs at once (an LLM classifier sends one batch). Links are then written in conversation
order, and a link that reports a pending plan done, called off or denied moves that plan's lifecycle, once:
a plan that is no longer pending keeps the state the first such link gave it. The move is recorded on the
link itself (``lifecycle_change``, ``changed_at``), and :func:`lifecycle_updates` lists the moves for the
integrator to apply to ``fta_units.lifecycle_status``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np
import polars as pl

from memory_pipeline.analysis import Reading
from memory_pipeline.lake import stable_id
from memory_pipeline.links.base import (
    LIFECYCLE_MOVES,
    PENDING,
    RELATIONS,
    JobResult,
    LinkClassifier,
    LinkContext,
)
from memory_pipeline.links.candidates import candidate_jobs
from memory_pipeline.links.rules import with_followed_up_plans
from memory_pipeline.config import LinksConfig
from memory_pipeline.memory_frame import Memory, memories_by_id
from memory_pipeline.schemas import LINKS

LIFECYCLE_UPDATES = {
    "memory_id": pl.String,
    "lifecycle_status": pl.String,
    "changed_by_link": pl.String,
    "changed_at": pl.Datetime("us"),
}
# Lifecycle values that say nothing: the memory's reading decides whether it is a plan.
UNKNOWN_LIFECYCLES = frozenset({None, "", "unknown"})


@dataclass(frozen=True)
class ItemError:
    """A memory the classifier could not judge, and why."""

    memory_id: str
    error: str


@dataclass
class LinksResult:
    links: pl.DataFrame  # the LINKS table
    lifecycle: pl.DataFrame  # lifecycle_updates: one row per move, in order
    errors: list[ItemError] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)


def initial_lifecycles(memories: dict[str, Memory], readings: dict[str, Reading]) -> dict[str, str | None]:
    """Each memory's lifecycle before any link: a unit's own ``lifecycle_status`` when it has one; otherwise
    ``pending`` for a plan (the speaker's own future action, or a sign-up or present progressive of the speaker
    whose date lies ahead, that the memory does not call off), else none. A unit built ``pending`` for a date
    ahead is no plan when its text only calls something off ("I withdrew, so tomorrow's interview is off"):
    it calls off or denies, and plans or arranges nothing of its own."""
    out: dict[str, str | None] = {}
    for memory_id, memory in memories.items():
        reading = readings.get(memory_id)
        if memory.lifecycle_status not in UNKNOWN_LIFECYCLES:
            out[memory_id] = None if memory.lifecycle_status == PENDING and _only_calls_off(reading) else memory.lifecycle_status
            continue
        planned = reading is not None and (bool(reading.plan.words) or (bool(reading.arranged.words) and _dated_ahead(memory)))
        is_plan = memory.content_type == "homework_or_plan" or (
            planned and reading.cancel is None and reading.denial is None
        )
        out[memory_id] = PENDING if is_plan else None
    return out


def _only_calls_off(reading: Reading | None) -> bool:
    """The memory calls something off or denies it, and states no plan nor arrangement of its own."""
    return reading is not None and (reading.cancel is not None or reading.denial is not None) and not (
        reading.plan.words or reading.arranged.words)


def _dated_ahead(memory: Memory) -> bool:
    """The memory's event, from a time expression, lies mostly after the day it was said: the middle of its window
    does ("at the end of the month", said on the 21st, is the 21st to the 31st)."""
    if not memory.explicit_time or memory.session_time is None:
        return False
    end = memory.event_end or memory.event_start
    return (memory.event_start + (end - memory.event_start) / 2).date() > memory.session_time.date()


# The widest time expression whose start is taken for when a thing happened: "last week" is; "this year" (its
# first of January) is not, and a plan called off "this year" in April had moved in January
WIDEST_DATED_CHANGE = timedelta(days=31)


def changed_at(memory: Memory) -> datetime | None:
    """When what a memory reports happened: its event time from an expression no wider than a month, else when it
    was said."""
    narrow = memory.event_end is None or memory.event_end - memory.event_start <= WIDEST_DATED_CHANGE
    if memory.explicit_time and narrow and (memory.session_time is None or memory.event_start <= memory.session_time):
        return memory.event_start
    return memory.session_time


def build_links(
    frame: pl.DataFrame,
    vectors: np.ndarray,
    readings: dict[str, Reading],
    classifier: LinkClassifier,
    config: LinksConfig | None = None,
) -> LinksResult:
    """Links from every memory of ``frame`` to its related earlier memories, and the lifecycle moves they cause."""
    config = config or LinksConfig()
    started = time.perf_counter()
    memories = memories_by_id(frame)
    lifecycles = initial_lifecycles(memories, readings)
    jobs = candidate_jobs(
        frame, vectors, config.top_k, config.min_similarity, config.keep, cross_kind=config.cross_kind
    )
    plans = frozenset(memory_id for memory_id, state in lifecycles.items() if state == PENDING)
    context = LinkContext(memories, readings, plans, config)
    # the embedding's similarities only: a plan added for what a memory calls off or moves has none to store
    similarity = {(job.target_id, c.memory_id): c.similarity for job in jobs for c in job.candidates}
    results = classifier.classify(with_followed_up_plans(jobs, context), context)
    rows, errors = _link_rows(results, memories, similarity, dict(lifecycles))
    links = _links_frame(rows)
    return LinksResult(
        links=links,
        lifecycle=lifecycle_updates(links),
        errors=errors,
        metrics={
            "memories": frame.height,
            "jobs": len(jobs),
            "candidate_pairs": len(similarity),
            "links": links.height,
            "lifecycle_moves": int(links["lifecycle_change"].is_not_null().sum()),
            "errors": len(errors),
            "classifier": classifier.name,
            "seconds": time.perf_counter() - started,
        },
    )


def _link_rows(
    results: list[JobResult], memories: dict[str, Memory], similarity: dict, state: dict[str, str | None]
) -> tuple[list[dict], list[ItemError]]:
    rows: list[dict] = []
    errors: list[ItemError] = []
    for result in sorted(results, key=lambda r: (memories[r.target_id].conversation_id, memories[r.target_id].position)):
        if result.error is not None:
            errors.append(ItemError(result.target_id, result.error))
            continue
        new = memories[result.target_id]
        for proposal in result.proposals:
            if proposal.relation not in RELATIONS or proposal.candidate_id not in memories:
                continue
            link_id = stable_id(new.memory_id, proposal.candidate_id)
            change = None
            if proposal.lifecycle in LIFECYCLE_MOVES and state.get(proposal.candidate_id) == PENDING:
                change = state[proposal.candidate_id] = proposal.lifecycle
            rows.append(
                {
                    "link_id": link_id,
                    "src_memory_id": new.memory_id,
                    "dst_memory_id": proposal.candidate_id,
                    "conversation_id": new.conversation_id,
                    "memory_kind": new.memory_kind,
                    "relation": proposal.relation,
                    "confidence": proposal.confidence,
                    "similarity": similarity.get((new.memory_id, proposal.candidate_id)),
                    "method": result.method,
                    "detail": proposal.detail,
                    "lifecycle_change": change,
                    "changed_at": changed_at(new) if change else None,
                }
            )
    return rows, errors


def _links_frame(rows: list[dict]) -> pl.DataFrame:
    if not rows:
        return pl.from_arrow(LINKS.empty_table())
    return pl.from_arrow(pl.DataFrame(rows, infer_schema_length=None).to_arrow().select(LINKS.names).cast(LINKS))


def lifecycle_updates(links: pl.DataFrame) -> pl.DataFrame:
    """The lifecycle moves recorded on ``links``: memory_id, lifecycle_status, changed_by_link, changed_at."""
    moved = links.filter(pl.col("lifecycle_change").is_not_null())
    return moved.select(
        pl.col("dst_memory_id").alias("memory_id"),
        pl.col("lifecycle_change").alias("lifecycle_status"),
        pl.col("link_id").alias("changed_by_link"),
        pl.col("changed_at").cast(pl.Datetime("us")),
    ).cast(LIFECYCLE_UPDATES)


def final_lifecycles(initial: dict[str, str | None], links: pl.DataFrame) -> dict[str, str | None]:
    """Each memory's lifecycle after the moves on ``links`` (one move per plan, so order does not matter)."""
    out = dict(initial)
    for row in lifecycle_updates(links).iter_rows(named=True):
        out[row["memory_id"]] = row["lifecycle_status"]
    return out
