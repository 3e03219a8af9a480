"""What building the store did and cost: extractor diagnostics, LLM calls and tokens, seconds per stage.

The extractor's own diagnostics table is passed through when the lake has one; the rates that the seed paper
reports (empty outputs, whole-turn fallback) are also recomputed here from the contract columns, so they exist
for any extractor that fills ``memory_entries`` and ``memory_sources``.
"""

from __future__ import annotations

import polars as pl

from memory_pipeline.lake import Lake

DIAGNOSTICS_TABLE = "extraction_diagnostics"
LLM_CALLS_TABLE = "llm_calls"
WEIGHT_COLUMN = "admitted_turns"
# Rates of the extractor's diagnostics table and the counts they are made of.
RATE_PARTS = {
    "empty_rate": ("empty_outputs", "admitted_turns"),
    "fallback_rate": ("fallback_turns", "admitted_turns"),
    "fragment_rate": ("fragment_turns", "admitted_turns"),
    "content_token_retention": ("retained_tokens", "content_tokens"),
    "temporal_preservation": ("temporal_preserved", "temporal_expressions"),
}


def source_turn_ids(entries: pl.DataFrame, sources: pl.DataFrame) -> set[str]:
    """Every turn that is a source of at least one memory."""
    from_entries = entries["source_turn_id"].drop_nulls().to_list()
    return set(from_entries) | set(sources["turn_id"].drop_nulls().to_list())


def extractor_rates(gate_scores: pl.DataFrame, entries: pl.DataFrame, sources: pl.DataFrame) -> dict[str, float | int]:
    """Empty-output and fallback rates over admitted turns, mean coverage, memories per admitted turn."""
    admitted = set(gate_scores.filter(pl.col("admitted").fill_null(False))["turn_id"].to_list())
    with_memory = source_turn_ids(entries, sources)
    fallback_turns = set(entries.filter(pl.col("fallback").fill_null(False))["source_turn_id"].drop_nulls().to_list())
    n_admitted = len(admitted)
    coverage = entries["coverage"].drop_nulls()
    return {
        "n_memories": int(entries.height),
        "n_admitted_turns": n_admitted,
        "extractor_empty_rate": len(admitted - with_memory) / n_admitted if n_admitted else float("nan"),
        "extractor_fallback_rate": len(admitted & fallback_turns) / n_admitted if n_admitted else float("nan"),
        "extractor_mean_coverage": float(coverage.mean()) if coverage.len() else float("nan"),
        "memories_per_admitted_turn": entries.height / n_admitted if n_admitted else float("nan"),
    }


def lake_diagnostics(lake: Lake, conversation_ids: list[str]) -> dict[str, float]:
    """The extractor's diagnostics table over the conversations; empty when the lake has no such table.

    Integer columns are counts and are summed. A rate whose numerator and denominator counts are in the table
    is recomputed from the sums (a mean of per-conversation rates would weigh a 4-turn chat like a 600-turn
    one); any other float column is averaged with admitted turns as weights, when that column exists.
    """
    if DIAGNOSTICS_TABLE not in lake.tables():
        return {}
    frame = lake.read_table(DIAGNOSTICS_TABLE, conversation_ids)
    counts = {name: int(frame[name].sum()) for name, dtype in frame.schema.items() if dtype.is_integer()}
    weights = frame[WEIGHT_COLUMN].cast(pl.Float64) if WEIGHT_COLUMN in frame.columns else None
    summary: dict[str, float] = dict(counts)
    for name, dtype in frame.schema.items():
        if not dtype.is_float():
            continue
        numerator, denominator = RATE_PARTS.get(name, (None, None))
        if numerator in counts and denominator in counts:
            summary[name] = counts[numerator] / counts[denominator] if counts[denominator] else float("nan")
        elif weights is not None and weights.sum() > 0:
            summary[name] = float((frame[name].fill_null(0.0) * weights).sum() / weights.sum())
        else:
            summary[name] = float(frame[name].mean())
    return summary


def construction_cost(lake: Lake, conversation_ids: list[str], stage_seconds: dict | None) -> dict[str, float | int]:
    """The LLM ledger's totals (calls, tokens, failures, cache hits, seconds; 0 for the non-generative default,
    see :func:`memory_pipeline.llm.ledger.ledger_totals`) and the caller's seconds per stage."""
    from memory_pipeline.llm.ledger import ledger_frame, ledger_totals

    calls = lake.read_table(LLM_CALLS_TABLE, conversation_ids) if LLM_CALLS_TABLE in lake.tables() else ledger_frame([])
    cost: dict[str, float | int] = {f"llm_{key}": value for key, value in ledger_totals(calls).as_dict().items()}
    seconds = {str(stage): float(value) for stage, value in (stage_seconds or {}).items()}
    cost.update({f"seconds_{stage}": value for stage, value in seconds.items()})
    if seconds:
        cost["seconds_total"] = sum(seconds.values())
    return cost
