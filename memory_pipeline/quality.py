"""Data-quality checks over lake frames, as plain functions the asset checks (and tests) call.

Each returns a :class:`CheckOutcome`; the Dagster layer turns it into an ``AssetCheckResult``, so the rules
live here, testable without Dagster.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import polars as pl


@dataclass(frozen=True)
class CheckOutcome:
    name: str
    passed: bool
    description: str
    metadata: dict = field(default_factory=dict)


def _examples(values: pl.Series, limit: int = 5) -> list[str]:
    return [str(v) for v in values.head(limit).to_list()]


def turn_ids_unique(turns: pl.DataFrame) -> CheckOutcome:
    duplicated = turns.filter(pl.col("turn_id").is_duplicated())["turn_id"].unique().sort()
    return CheckOutcome(
        "turn_ids_unique",
        duplicated.is_empty(),
        "every turn_id appears once",
        {"duplicates": duplicated.len(), "examples": _examples(duplicated)},
    )


def _blank(column: str) -> pl.Expr:
    return pl.col(column).is_null() | (pl.col(column).str.strip_chars() == "")


def turn_texts_non_empty(turns: pl.DataFrame) -> CheckOutcome:
    """Every turn says something: words, or, for an image shared without any, a caption of what it shows (the
    formats allow that turn, and extraction reads the caption)."""
    silent = _blank("text") & (_blank("image_caption") if "image_caption" in turns.columns else pl.lit(True))
    empty = turns.filter(silent)["turn_id"]
    return CheckOutcome(
        "turn_texts_non_empty",
        empty.is_empty(),
        "no turn is empty (an image-only turn has its caption)",
        {"empty": empty.len(), "examples": _examples(empty)},
    )


def sessions_ordered(turns: pl.DataFrame) -> CheckOutcome:
    """Sessions follow each other in time, and turns keep their order inside the conversation."""
    sessions = (
        # UTC where the source gave zones: sessions recorded in different zones still order by instant.
        turns.with_columns(_session_instant(turns).alias("instant"))
        .group_by("conversation_id", "session_index")
        .agg(pl.col("instant").min().alias("session_time"), pl.col("seq").min().alias("first_seq"))
        .sort("conversation_id", "session_index")
    )
    backwards = sessions.filter(
        (pl.col("session_time") < pl.col("session_time").shift(1).over("conversation_id"))
        | (pl.col("first_seq") < pl.col("first_seq").shift(1).over("conversation_id"))
    )
    return CheckOutcome(
        "sessions_ordered",
        backwards.is_empty(),
        "session times and turn order never go backwards",
        {"out_of_order_sessions": backwards.height},
    )


def _session_instant(turns: pl.DataFrame) -> pl.Expr:
    """The UTC instant when every session of the conversation has a zone, else the wall clock (as ingest does)."""
    if "session_time_utc" not in turns.columns:
        return pl.col("session_time")
    some_unzoned = pl.col("session_time_utc").is_null().any().over("conversation_id")
    return pl.when(some_unzoned).then(pl.col("session_time")).otherwise(pl.col("session_time_utc"))


TURN_CHECKS = (turn_ids_unique, turn_texts_non_empty, sessions_ordered)


# Below this many scored turns the admitted share says nothing of the gate: 5 turns of news admitted whole are no
# sign of a broken threshold (at 30 turns and a share near one half, one standard error is still 9 points).
RATIO_MIN_TURNS = 30


def admitted_ratio_in_band(scores: pl.DataFrame, band: tuple[float, float]) -> CheckOutcome:
    """The gate admits a share of user turns inside ``band``, judged on a conversation of at least
    :data:`RATIO_MIN_TURNS` scored turns (a backfill of one short chat had warned on every run)."""
    ratio = float(scores["admitted"].mean()) if scores.height else 0.0
    low, high = band
    return CheckOutcome(
        "admitted_ratio_in_band",
        scores.height < RATIO_MIN_TURNS or low <= ratio <= high,
        f"the gate admits between {low:.0%} and {high:.0%} of user turns (judged from {RATIO_MIN_TURNS} turns on)",
        {"admitted_ratio": round(ratio, 4), "band": list(band), "scored": scores.height},
    )


def memories_have_sources(entries: pl.DataFrame, sources: pl.DataFrame) -> CheckOutcome:
    orphans = entries.join(sources.select("memory_id").unique(), on="memory_id", how="anti")["memory_id"]
    return CheckOutcome(
        "memories_have_sources",
        orphans.is_empty(),
        "every memory is traced to at least one source turn",
        {"memories_without_source": orphans.len(), "examples": _examples(orphans)},
    )


def sources_exist(sources: pl.DataFrame, turns: pl.DataFrame) -> CheckOutcome:
    dangling = sources.join(turns.select("turn_id"), on="turn_id", how="anti")["turn_id"].unique().sort()
    return CheckOutcome(
        "source_turns_exist",
        dangling.is_empty(),
        "every source turn of a memory exists in turns",
        {"dangling_source_turns": dangling.len(), "examples": _examples(dangling)},
    )


def empty_output_rate_under(diagnostics: pl.DataFrame, bound: float) -> CheckOutcome:
    """Over the partitions of ``extraction_diagnostics`` at hand: empty outputs / admitted turns <= bound."""
    admitted = int(diagnostics["admitted_turns"].sum()) if diagnostics.height else 0
    empty = int(diagnostics["empty_outputs"].sum()) if diagnostics.height else 0
    rate = empty / admitted if admitted else 0.0
    return CheckOutcome(
        "empty_output_rate",
        rate <= bound,
        f"the extractor leaves at most {bound:.1%} of admitted turns without a memory",
        {"empty_output_rate": round(rate, 4), "admitted_turns": admitted, "empty_outputs": empty},
    )


def consolidation_checks(
    links: pl.DataFrame, status: pl.DataFrame, conversation_of: Mapping[str, str]
) -> list[CheckOutcome]:
    """No status cycles, every replacement resolves to a memory that is active or replaced later, both ends of
    every link are memories of its conversation (``conversation_of``: memory id -> conversation id; the rules
    live in :mod:`memory_pipeline.consolidation.checks`)."""
    from memory_pipeline.consolidation.checks import dangling_link_ends, status_checks

    problems = {**status_checks(status), "link_ends_exist": dangling_link_ends(links, conversation_of)}
    descriptions = {
        "no_status_cycles": "no memory is (transitively) replaced by itself",
        "replacements_resolve": "every replaced_by points at an existing memory that is active or replaced later",
        "link_ends_exist": "both ends of every link are memories of the conversation",
    }
    return [
        CheckOutcome(name, not found, descriptions[name], {"problems": len(found), "examples": found[:5]})
        for name, found in problems.items()
    ]


def llm_failure_rate_under(ledger: pl.DataFrame, bound: float) -> CheckOutcome:
    """At most ``bound`` of the items sent to the LLM ended without a valid answer."""
    from memory_pipeline.llm.ledger import ledger_totals

    totals = ledger_totals(ledger)
    return CheckOutcome(
        "llm_failure_rate",
        totals.failure_rate <= bound,
        f"at most {bound:.0%} of LLM items fail after their retries",
        {"failure_rate": round(totals.failure_rate, 4), "items": totals.items, "failed_items": totals.failed_items},
    )


def segments_cover_sessions(segments: pl.DataFrame, turns: pl.DataFrame) -> CheckOutcome:
    """Every turn of every session is in exactly one segment (no gap, no overlap)."""
    covered = segments.select("conversation_id", pl.col("turn_ids").alias("turn_id")).explode("turn_id")
    counts = covered.group_by("turn_id").len()
    twice = counts.filter(pl.col("len") > 1)["turn_id"]
    missing = turns.select("turn_id").join(covered.select("turn_id"), on="turn_id", how="anti")["turn_id"]
    return CheckOutcome(
        "segments_cover_each_session_once",
        twice.is_empty() and missing.is_empty(),
        "segments cover every turn of each session exactly once",
        {"turns_in_no_segment": missing.len(), "turns_in_two_segments": twice.len(),
         "examples": _examples(pl.concat([missing, twice]))},
    )
