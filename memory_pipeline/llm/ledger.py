"""The ``llm_calls`` ledger: one row per attempt sent to a backend, and one per answer taken from the cache.

Call ids are a hash of stage, conversation, item, prompt version and attempt, never of time or of a counter, so
re-running unchanged input gives the same ids, and a fully cached re-run gives a byte-identical ledger.

A cached row has ``cached = True``, ``latency_ms = 0`` and the attempt number and token counts of the call that
originally produced the answer: the ledger says what every answer cost to make, and :func:`ledger_totals` keeps
what this run spent (non-cached rows) apart from what the cache saved (cached rows).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

import polars as pl
import pyarrow as pa

from memory_pipeline.lake import stable_id
from memory_pipeline.schemas import LLM_CALLS


def call_id(stage: str, conversation_id: str, item_id: str, prompt_version: str, attempt: int) -> str:
    return stable_id(stage, conversation_id, item_id, prompt_version, str(attempt))


@dataclass(frozen=True)
class CallRecord:
    call_id: str
    stage: str
    conversation_id: str
    item_id: str
    backend: str
    model: str
    prompt_version: str
    prompt_tokens: int
    completion_tokens: int
    latency_ms: float
    attempt: int
    ok: bool
    error: str | None
    cached: bool


def ledger_frame(records: Iterable[CallRecord]) -> pl.DataFrame:
    """The records, in order, as a frame with exactly the ``llm_calls`` schema (typed even when empty)."""
    return pl.from_arrow(pa.Table.from_pylist([asdict(record) for record in records], schema=LLM_CALLS))


@dataclass(frozen=True)
class LedgerTotals:
    """Sums over a ledger. ``calls``, tokens and ``seconds`` count backend calls of this run only; cache hits and
    the tokens they saved are counted apart. An item failed when its last attempt failed."""

    calls: int
    cache_hits: int
    items: int
    failed_items: int
    failed_calls: int
    prompt_tokens: int
    completion_tokens: int
    cached_prompt_tokens: int
    cached_completion_tokens: int
    seconds: float

    @property
    def failure_rate(self) -> float:
        return self.failed_items / self.items if self.items else 0.0

    def as_dict(self) -> dict[str, int | float]:
        return {**asdict(self), "failure_rate": self.failure_rate}


def ledger_totals(frame: pl.DataFrame) -> LedgerTotals:
    made = frame.filter(~pl.col("cached"))
    hits = frame.filter(pl.col("cached"))
    last = frame.sort("attempt").group_by(["stage", "conversation_id", "item_id"]).agg(pl.col("ok").last())
    return LedgerTotals(
        calls=made.height,
        cache_hits=hits.height,
        items=last.height,
        failed_items=last.filter(~pl.col("ok")).height,
        failed_calls=made.filter(~pl.col("ok")).height,
        prompt_tokens=int(made["prompt_tokens"].sum()),
        completion_tokens=int(made["completion_tokens"].sum()),
        cached_prompt_tokens=int(hits["prompt_tokens"].sum()),
        cached_completion_tokens=int(hits["completion_tokens"].sum()),
        seconds=float(made["latency_ms"].sum()) / 1000.0,
    )


def with_stage_rows(existing: pl.DataFrame | None, stage: str, new: pl.DataFrame) -> pl.DataFrame:
    """A conversation's ledger with ``stage``'s rows replaced by ``new`` (every LLM-using step owns its rows of
    the one ``llm_calls`` partition); sorted by stage and call id, so a re-run writes the same bytes."""
    kept = existing.filter(pl.col("stage") != stage) if existing is not None and existing.height else None
    frames = [frame for frame in (kept, new) if frame is not None]
    combined = pl.concat(frames, how="vertical_relaxed") if frames else ledger_frame([])
    return combined.sort("stage", "call_id", "attempt", maintain_order=True)
