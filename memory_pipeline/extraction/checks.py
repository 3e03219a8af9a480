"""Lineage checks the Dagster asset checks call: every memory has a source turn, every source turn exists."""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl


@dataclass(frozen=True)
class CheckResult:
    passed: bool
    description: str
    failures: list[str] = field(default_factory=list)  # offending ids, at most ``limit`` of them

    @property
    def failure_count(self) -> int:
        return len(self.failures)


def memories_have_sources(entries: pl.DataFrame, sources: pl.DataFrame, limit: int = 50) -> CheckResult:
    """Every ``memory_id`` of ``entries`` appears in ``sources`` at least once."""
    missing = entries.select("memory_id").join(sources.select("memory_id").unique(), on="memory_id", how="anti")
    ids = missing["memory_id"].to_list()
    return CheckResult(not ids, f"{len(ids)} of {entries.height} memories have no source turn", ids[:limit])


def sources_exist(sources: pl.DataFrame, turns: pl.DataFrame, limit: int = 50) -> CheckResult:
    """Every ``turn_id`` that ``sources`` points at is a row of ``turns``."""
    dangling = sources.select("memory_id", "turn_id").join(turns.select("turn_id").unique(), on="turn_id", how="anti")
    ids = [f"{m} -> {t}" for m, t in dangling.iter_rows()]
    return CheckResult(not ids, f"{len(ids)} of {sources.height} source links point at missing turns", ids[:limit])


def empty_rate_within(diagnostics: pl.DataFrame, bound: float) -> CheckResult:
    """The extractor's empty-output rate stays under ``bound`` in every partition."""
    over = diagnostics.filter(pl.col("empty_rate") > bound)
    ids = [f"{c}: {r:.4f}" for c, r in over.select("conversation_id", "empty_rate").iter_rows()]
    return CheckResult(not ids, f"{len(ids)} partitions exceed an empty-output rate of {bound}", ids)
