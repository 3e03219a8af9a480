"""Candidate neighbours of each memory: earlier memories of the same conversation, by embedding similarity.

Both the links stage and consolidation ask the same question (seed 000 A.4, seed 002): for a memory, which
earlier or equal-time memories of its conversation are similar enough to be related? The procedure follows
the seed: take the ``top_k`` most similar memories that come before it, then drop ineligible ones (inactive,
below ``min_similarity``, pairs already decided), and keep at most ``keep`` by decreasing similarity.

"Before" is the frame's ``position`` (session time, then turn order), so two memories of one session are
ordered by their turns and a pair is only ever looked at once, from the later memory.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl


@dataclass(frozen=True)
class Candidate:
    memory_id: str
    similarity: float


@dataclass(frozen=True)
class CandidateJob:
    """One memory (the target, the newer one) and its candidates, most similar first."""

    target_id: str
    candidates: tuple[Candidate, ...]


def with_candidates(jobs: Sequence[CandidateJob], related: Mapping[str, Sequence[str]]) -> list[CandidateJob]:
    """``jobs`` with each target's ``related`` memories among its candidates (similarity 0.0: the embedding did not
    bring them), and a job of its own for a target that had none: whichever classifier runs is asked about those
    pairs (plans a memory calls off or moves, dated memories its correction moves)."""
    candidates = {job.target_id: list(job.candidates) for job in jobs}
    for target_id, old_ids in related.items():
        listed = {candidate.memory_id for candidate in candidates.get(target_id, [])}
        unlisted = [Candidate(old_id, 0.0) for old_id in dict.fromkeys(old_ids) if old_id not in listed]
        if unlisted:
            candidates[target_id] = candidates.get(target_id, []) + unlisted
    return [CandidateJob(target_id, tuple(listed)) for target_id, listed in candidates.items()]


def candidate_jobs(
    frame: pl.DataFrame,
    vectors: np.ndarray,
    top_k: int,
    min_similarity: float,
    keep: int,
    is_target: Callable[[str], bool] | None = None,
    is_candidate: Callable[[str], bool] | None = None,
    skip_pairs: Container[frozenset[str]] = frozenset(),
    cross_kind: bool = False,
) -> list[CandidateJob]:
    """A job for every target memory with at least one candidate, in frame order.

    ``frame`` is a memory frame (sorted by conversation and position) and ``vectors`` its L2-normalised rows.
    Memories are compared within their conversation, and within their kind unless ``cross_kind``.
    """
    if frame.height == 0:
        return []
    ids = frame["memory_id"].to_list()
    group_columns = ["conversation_id"] if cross_kind else ["conversation_id", "memory_kind"]
    jobs: list[tuple[int, CandidateJob]] = []
    indexed = frame.with_row_index("row")
    for _, group in indexed.group_by(group_columns, maintain_order=True):
        rows = group.sort("position")["row"].to_list()
        similarities = vectors[rows] @ vectors[rows].T
        for n, row in enumerate(rows):
            target = ids[row]
            if n == 0 or (is_target is not None and not is_target(target)):
                continue
            earlier = similarities[n, :n]
            order = np.argsort(-earlier, kind="stable")[:top_k]
            chosen: list[Candidate] = []
            for m in order:
                candidate, similarity = ids[rows[m]], float(earlier[m])
                if similarity < min_similarity:
                    break  # sorted: the rest are lower
                if is_candidate is not None and not is_candidate(candidate):
                    continue
                if frozenset((target, candidate)) in skip_pairs:
                    continue
                chosen.append(Candidate(candidate, similarity))
                if len(chosen) == keep:
                    break
            if chosen:
                jobs.append((row, CandidateJob(target, tuple(chosen))))
    return [job for _, job in sorted(jobs, key=lambda pair: pair[0])]
