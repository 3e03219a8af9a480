"""Segment boundaries against known ones: sessions of different conversations joined end to end.

Where one conversation's session ends and another's begins, the topic changes for certain, so each join is a
boundary a segmenter should find. Within a piece there are real topic changes too, which count against
precision here: precision at the joins is a lower bound on a detector's precision, and is shown beside the
precision of boundaries placed at random at the same rate. Pieces can be trimmed of their first and last turns,
so a join is not given away by a goodbye followed by a hello; speakers are renamed per piece (A, B, ...), so it
is not given away by new names either.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import polars as pl

from memory_pipeline.schemas import TURNS

SESSION_ORDER = ("conversation_id", "session_index", "turn_index", "seq")


@dataclass(frozen=True)
class JoinedSessions:
    """A ``turns`` frame of synthetic one-session conversations, and where each has its joins (turn positions)."""

    turns: pl.DataFrame
    joins: dict[str, list[int]]

    @property
    def n_joins(self) -> int:
        return sum(len(positions) for positions in self.joins.values())

    @property
    def n_pieces(self) -> int:
        return self.n_joins + len(self.joins)


@dataclass(frozen=True)
class BoundaryScores:
    joins: int
    boundaries: int  # predicted: segment starts after a session's first turn
    matched: int  # joins paired one-to-one with a predicted boundary within the tolerance
    tolerance: int

    @property
    def precision(self) -> float:
        return self.matched / self.boundaries if self.boundaries else 0.0

    @property
    def recall(self) -> float:
        return self.matched / self.joins if self.joins else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def session_pieces(turns: pl.DataFrame, trim: int, min_turns: int) -> list[pl.DataFrame]:
    """Every session of ``turns`` without its first and last ``trim`` turns; shorter leftovers are skipped."""
    order = [column for column in SESSION_ORDER if column in turns.columns]
    pieces = []
    for frame in turns.sort(order).partition_by(["conversation_id", "session_id"], maintain_order=True):
        piece = frame.slice(trim, max(frame.height - 2 * trim, 0))
        if piece.height >= min_turns:
            pieces.append(piece)
    return pieces


def join_sessions(
    turns: pl.DataFrame, pieces_per_session: int = 3, trim: int = 2, min_piece_turns: int = 4, seed: int = 0
) -> JoinedSessions:
    """Synthetic sessions of ``pieces_per_session`` pieces, each from a different conversation, in a seeded order."""
    pieces = session_pieces(turns, trim, min_piece_turns)
    random.Random(seed).shuffle(pieces)
    groups = group_distinct(pieces, pieces_per_session)
    frames, joins = [], {}
    for number, group in enumerate(groups):
        conversation_id = f"join-{number:04d}"
        frames.append(joined_frame(conversation_id, group))
        starts = [sum(piece.height for piece in group[:k]) for k in range(1, len(group))]
        joins[conversation_id] = starts
    joined = pl.concat(frames) if frames else pl.from_arrow(TURNS.empty_table())
    return JoinedSessions(joined, joins)


def group_distinct(pieces: Sequence[pl.DataFrame], size: int) -> list[list[pl.DataFrame]]:
    """Pieces in order into groups of ``size`` with no two from one conversation; incomplete groups are dropped."""
    open_groups: list[list[pl.DataFrame]] = []
    complete: list[list[pl.DataFrame]] = []
    for piece in pieces:
        conversation = piece["conversation_id"][0]
        home = next((g for g in open_groups if all(p["conversation_id"][0] != conversation for p in g)), None)
        if home is None:
            home = []
            open_groups.append(home)
        home.append(piece)
        if len(home) == size:
            open_groups.remove(home)
            complete.append(home)
    return complete


def joined_frame(conversation_id: str, group: Sequence[pl.DataFrame]) -> pl.DataFrame:
    rows = []
    for piece in group:
        aliases: dict[str, str] = {}
        for row in piece.iter_rows(named=True):
            speaker = aliases.setdefault(row["speaker"], chr(ord("A") + len(aliases)))
            rows.append(
                {
                    **row,
                    "turn_id": f"{conversation_id}:{row['turn_id']}",
                    "conversation_id": conversation_id,
                    "session_id": "session_1",
                    "session_index": 1,
                    "session_time": group[0]["session_time"][0],
                    "turn_index": len(rows),
                    "seq": len(rows),
                    "speaker": speaker,
                    "source_ref": row["turn_id"],
                }
            )
    return pl.from_arrow(pl.DataFrame(rows, infer_schema_length=None).to_arrow().select(TURNS.names).cast(TURNS))


def predicted_boundaries(segments: pl.DataFrame) -> dict[str, list[int]]:
    """Turn positions where a segment starts, other than the session's first turn, per conversation."""
    starts = segments.filter(pl.col("start_turn_index") > 0).group_by("conversation_id").agg(pl.col("start_turn_index"))
    return {row[0]: sorted(row[1]) for row in starts.iter_rows()}


def boundary_scores(segments: pl.DataFrame, joins: Mapping[str, Sequence[int]], tolerance: int = 0) -> BoundaryScores:
    """Joins found by a segment start at most ``tolerance`` turns away, each start counting for one join at most."""
    predicted = predicted_boundaries(segments)
    matched = 0
    for conversation_id, positions in joins.items():
        free = list(predicted.get(conversation_id, []))
        for join in positions:
            near = [b for b in free if abs(b - join) <= tolerance]
            if near:
                free.remove(min(near, key=lambda b: (abs(b - join), b)))
                matched += 1
    n_boundaries = sum(len(predicted.get(conversation_id, [])) for conversation_id in joins)
    return BoundaryScores(sum(len(p) for p in joins.values()), n_boundaries, matched, tolerance)


def chance_precision(joined: JoinedSessions, tolerance: int = 0) -> float:
    """Precision of boundaries placed at random gaps: the share of gaps within ``tolerance`` of a join."""
    gaps = near = 0
    lengths = joined.turns.group_by("conversation_id").len()
    for conversation_id, n_turns in lengths.iter_rows():
        positions = joined.joins.get(conversation_id, [])
        for gap in range(1, n_turns):
            gaps += 1
            near += any(abs(gap - join) <= tolerance for join in positions)
    return near / gaps if gaps else 0.0
