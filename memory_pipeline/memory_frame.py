"""One frame for both kinds of memory: memory entries and FTA units, as links, consolidation and retrieval read them.

``memory_entries`` and ``fta_units`` carry their text and time under different names; :func:`memory_frame`
lines them up under :data:`MEMORY_FRAME`, adds each memory's source turns and its position in the
conversation (the seq of its first source turn), and sorts by conversation and position, so "earlier" means
the same thing in every stage. :func:`memory_vectors` puts the stored embeddings in the frame's row order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import polars as pl

ENTRY, FTA_UNIT = "entry", "fta_unit"
# event_time_basis of an event time resolved from an expression of the text (not the session-day fallback).
EXPRESSION_BASIS = "expression"

MEMORY_FRAME: dict[str, pl.DataType] = {
    "memory_id": pl.String,
    "conversation_id": pl.String,
    "memory_kind": pl.String,
    "speaker": pl.String,
    "text": pl.String,
    "session_time": pl.Datetime("us"),
    "event_start": pl.Datetime("us"),
    "event_end": pl.Datetime("us"),
    "event_time_text": pl.String,
    "event_time_basis": pl.String,
    "content_type": pl.String,
    "lifecycle_status": pl.String,
    "participants": pl.String,
    "emotion_or_state": pl.String,
    "intention_or_plan": pl.String,
    "time_orientation": pl.String,
    "provenance": pl.String,
    "scope": pl.String,
    "source_turn_ids": pl.List(pl.String),
    "position": pl.Int64,
}

# fta_units column -> frame column, where the names differ (DESIGN §3).
UNIT_COLUMNS = {"content_text": "text", "dialogue_time": "session_time"}


def empty_memory_frame() -> pl.DataFrame:
    return pl.DataFrame(schema=MEMORY_FRAME)


def memory_frame(
    entries: pl.DataFrame | None = None,
    units: pl.DataFrame | None = None,
    sources: pl.DataFrame | None = None,
    turns: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """Entries and units as one frame with :data:`MEMORY_FRAME`'s columns, in conversation order.

    ``sources`` (``memory_sources`` rows) gives each memory its source turns (an entry also has its
    ``source_turn_id``); ``turns`` gives positions: a memory sits at the ``seq`` of its first source turn.
    Without turns, the source turn ids are compared with their numbers read as numbers (``D2:3`` < ``D10:1``).
    """
    parts = [_entries_part(entries), _units_part(units)]
    frame = pl.concat([p for p in parts if p is not None] or [empty_memory_frame()], how="vertical_relaxed")
    frame = _with_sources(frame, sources)
    return _with_positions(frame, turns).select(list(MEMORY_FRAME)).cast(MEMORY_FRAME)


def _entries_part(entries: pl.DataFrame | None) -> pl.DataFrame | None:
    if entries is None or entries.height == 0:
        return None
    frame = entries.with_columns(
        pl.lit(ENTRY).alias("memory_kind"),
        pl.concat_list(pl.col("source_turn_id")).list.drop_nulls().alias("source_turn_ids"),
    )
    return _conform(frame)


def _units_part(units: pl.DataFrame | None) -> pl.DataFrame | None:
    if units is None or units.height == 0:
        return None
    renamed = units.rename({old: new for old, new in UNIT_COLUMNS.items() if old in units.columns and new not in units.columns})
    frame = renamed.with_columns(pl.lit(FTA_UNIT).alias("memory_kind"))
    if "event_time_basis" not in frame.columns:
        # a unit's event time comes from its time anchor; without one it has none (no session-day fallback)
        frame = frame.with_columns(
            pl.when(pl.col("event_start").is_not_null()).then(pl.lit(EXPRESSION_BASIS)).otherwise(None).alias("event_time_basis")
        )
    if "participants" in frame.columns and frame.schema["participants"] != pl.String:
        frame = frame.with_columns(pl.col("participants").cast(pl.List(pl.String)).list.join(", "))
    return _conform(frame)


def _conform(frame: pl.DataFrame) -> pl.DataFrame:
    missing = [pl.lit(None, dtype=dtype).alias(name) for name, dtype in MEMORY_FRAME.items() if name not in frame.columns]
    return frame.with_columns(missing).select(list(MEMORY_FRAME)).cast(MEMORY_FRAME)


def _with_sources(frame: pl.DataFrame, sources: pl.DataFrame | None) -> pl.DataFrame:
    if sources is None or sources.height == 0 or frame.height == 0:
        return frame
    listed = sources.group_by("memory_id").agg(pl.col("turn_id").drop_nulls().unique().alias("listed"))
    joined = frame.join(listed, on="memory_id", how="left")
    merged = pl.concat_list(pl.col("source_turn_ids").fill_null([]), pl.col("listed").fill_null([])).list.unique().list.sort()
    return joined.with_columns(merged.alias("source_turn_ids")).drop("listed")


def _with_positions(frame: pl.DataFrame, turns: pl.DataFrame | None) -> pl.DataFrame:
    if frame.height == 0:
        return frame.with_columns(pl.lit(None, dtype=pl.Int64).alias("position"))
    if turns is not None and turns.height:
        seq = dict(zip(turns["turn_id"].to_list(), turns["seq"].to_list(), strict=True))
        first = [min((seq[t] for t in ids if t in seq), default=None) for ids in frame["source_turn_ids"].to_list()]
        frame = frame.with_columns(pl.Series("first_seq", first, dtype=pl.Int64))
    else:
        frame = frame.with_columns(pl.lit(None, dtype=pl.Int64).alias("first_seq"))
    keys = [_natural_key(min(ids) if ids else "") for ids in frame["source_turn_ids"].to_list()]
    frame = frame.with_columns(pl.Series("turn_key", keys, dtype=pl.List(pl.String)))
    frame = frame.sort(["conversation_id", "session_time", "first_seq", "turn_key", "memory_kind", "memory_id"], nulls_last=True)
    frame = frame.with_columns(pl.int_range(pl.len()).over("conversation_id").cast(pl.Int64).alias("position"))
    return frame.drop("first_seq", "turn_key")


def _natural_key(turn_id: str) -> list[str]:
    """Numbers zero-padded, so a plain sort puts D2 before D10."""
    return [part.zfill(8) if part.isdigit() else part for part in re.split(r"(\d+)", turn_id)]


def memory_vectors(
    frame: pl.DataFrame, embeddings: pl.DataFrame, encoder=None, model_name: str | None = None
) -> np.ndarray:
    """The frame's vectors in row order, L2-normalised; rows without a stored vector are encoded with
    ``encoder`` (an :class:`~memory_pipeline.embeddings.Embedder`), or raise when there is none."""
    stored = embeddings
    if model_name is not None and "model" in stored.columns:
        stored = stored.filter(pl.col("model") == model_name)
    by_id = dict(zip(stored["memory_id"].to_list(), stored["vector"].to_list(), strict=True)) if stored.height else {}
    ids = frame["memory_id"].to_list()
    missing = [n for n, memory_id in enumerate(ids) if by_id.get(memory_id) is None]
    if missing and encoder is None:
        raise ValueError(f"{len(missing)} memories have no stored vector and no encoder was given")
    dimension = len(next(iter(by_id.values()))) if by_id else (encoder.dimension if encoder is not None else 0)
    matrix = np.zeros((len(ids), dimension), dtype=np.float32)
    for n, memory_id in enumerate(ids):
        if by_id.get(memory_id) is not None:
            matrix[n] = np.asarray(by_id[memory_id], dtype=np.float32)
    if missing:
        texts = frame["text"].fill_null("").to_list()
        matrix[missing] = encoder.encode([texts[n] for n in missing])
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1.0, norms)


@dataclass(frozen=True)
class Memory:
    """One row of the memory frame."""

    memory_id: str
    conversation_id: str
    memory_kind: str
    speaker: str | None
    text: str
    session_time: datetime | None
    event_start: datetime | None
    event_end: datetime | None
    event_time_text: str | None
    event_time_basis: str | None
    content_type: str | None
    lifecycle_status: str | None
    source_turn_ids: tuple[str, ...]
    position: int

    @classmethod
    def from_row(cls, row: dict) -> Memory:
        values = {name: row.get(name) for name in cls.__dataclass_fields__}
        values["text"] = values["text"] or ""
        values["source_turn_ids"] = tuple(values["source_turn_ids"] or ())
        return cls(**values)

    @property
    def explicit_time(self) -> bool:
        """The event time comes from a time expression, not from the day the memory was said."""
        return self.event_start is not None and self.event_time_basis == EXPRESSION_BASIS


def memories_by_id(frame: pl.DataFrame) -> dict[str, Memory]:
    return {row["memory_id"]: Memory.from_row(row) for row in frame.iter_rows(named=True)}
