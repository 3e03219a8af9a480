"""Per-partition extractor diagnostics (seed 000, C.4), plus temporal-anchor preservation (seed 003).

All rates are over admitted turns. Content-token retention follows the paper's coverage definition (a source
content token counts as retained when its lowercase form is a substring of the lowercase entry), summed over
turns. Temporal preservation is the share of temporal expressions of admitted turns that appear in the entry
text and were resolved to an interval.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from memory_pipeline.extraction.turn import TurnExtraction

DIAGNOSTIC_COLUMNS = (
    "conversation_id", "extractor", "parser", "admitted_turns", "entries", "empty_outputs", "empty_rate",
    "fallback_turns", "fallback_rate", "fragment_turns", "fragment_rate", "content_tokens", "retained_tokens",
    "content_token_retention", "temporal_expressions", "temporal_preserved", "temporal_preservation",
    "units_per_turn",
)


def _ratio(num: float, den: float, empty: float) -> float:
    return num / den if den else empty


def summarise(results: Sequence[TurnExtraction]) -> dict[str, float | int]:
    """The diagnostic figures of a set of turn extractions."""
    admitted = len(results)
    empty = sum(r.empty for r in results)
    fallback = sum(r.fallback for r in results)
    fragment = sum(r.fragment for r in results if not r.empty)
    content = sum(r.content_tokens for r in results)
    retained = sum(r.retained_tokens for r in results)
    temporal = sum(len(r.mentions) for r in results)
    preserved = sum(r.temporal_preserved for r in results)
    units = sum(len(r.units) for r in results)
    return {
        "admitted_turns": admitted,
        "entries": admitted - empty,
        "empty_outputs": empty,
        "empty_rate": _ratio(empty, admitted, 0.0),
        "fallback_turns": fallback,
        "fallback_rate": _ratio(fallback, admitted, 0.0),
        "fragment_turns": fragment,
        "fragment_rate": _ratio(fragment, admitted, 0.0),
        "content_tokens": content,
        "retained_tokens": retained,
        "content_token_retention": _ratio(retained, content, 1.0),
        "temporal_expressions": temporal,
        "temporal_preserved": preserved,
        "temporal_preservation": _ratio(preserved, temporal, 1.0),
        "units_per_turn": _ratio(units, admitted, 0.0),
    }


def diagnostics_frame(
    per_conversation: dict[str, Sequence[TurnExtraction]], extractor: str, parser: str
) -> pl.DataFrame:
    """One row per conversation (partition)."""
    rows = [
        {"conversation_id": cid, "extractor": extractor, "parser": parser, **summarise(results)}
        for cid, results in sorted(per_conversation.items())
    ]
    schema = {
        "conversation_id": pl.String, "extractor": pl.String, "parser": pl.String,
        "admitted_turns": pl.Int64, "entries": pl.Int64, "empty_outputs": pl.Int64, "empty_rate": pl.Float64,
        "fallback_turns": pl.Int64, "fallback_rate": pl.Float64, "fragment_turns": pl.Int64,
        "fragment_rate": pl.Float64, "content_tokens": pl.Int64, "retained_tokens": pl.Int64,
        "content_token_retention": pl.Float64, "temporal_expressions": pl.Int64, "temporal_preserved": pl.Int64,
        "temporal_preservation": pl.Float64, "units_per_turn": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema).select(DIAGNOSTIC_COLUMNS)
