"""What every LLM-using step does with its ledger: write its rows of ``llm_calls``, sum them into metadata."""

from __future__ import annotations

import dagster as dg
import polars as pl

LEDGER_CHECK = "llm_failure_rate"


def drain(resources) -> pl.DataFrame:
    """The calls the step's client made since the last drain (none without an LLM), as ``llm_calls`` rows."""
    from memory_pipeline.llm.ledger import ledger_frame

    client = getattr(resources, "client", None)
    return ledger_frame(client.drain_ledger() if client is not None else [])


def write_ledger(store, conversation_id: str, stages: tuple[str, ...], calls: pl.DataFrame) -> pl.DataFrame:
    """Replace ``stages``' rows of the conversation's ``llm_calls`` partition with its rows of ``calls`` (none
    without an LLM, so a switch back to the rules leaves no stale rows); return those rows."""
    from memory_pipeline.llm.ledger import with_stage_rows

    new = calls.filter(pl.col("conversation_id") == conversation_id)
    ledger = store.read_partition("llm_calls", conversation_id) if store.has_partition("llm_calls", conversation_id) else None
    for stage in stages:
        ledger = with_stage_rows(ledger, stage, new.filter(pl.col("stage") == stage))
    store.write_partition("llm_calls", conversation_id, ledger)
    return new


def ledger_metadata(ledger: pl.DataFrame) -> dict[str, dg.MetadataValue]:
    """``llm/calls``, tokens, failures, cache hits, seconds: the sums of this step's ``llm_calls`` rows."""
    from memory_pipeline.llm.ledger import ledger_totals

    totals = ledger_totals(ledger).as_dict()
    return {f"llm/{key}": (dg.MetadataValue.float(float(value)) if isinstance(value, float) else dg.MetadataValue.int(int(value)))
            for key, value in totals.items()}
