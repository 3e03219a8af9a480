"""Hand-built test frames, completed to a table's contract: columns a test does not care about are typed nulls."""

from __future__ import annotations

import polars as pl

from memory_pipeline.schemas import TABLES


def conform(frame: pl.DataFrame, table: str) -> pl.DataFrame:
    """``frame`` with every missing contract column of ``table`` added as nulls, cast to the contract's types."""
    schema = TABLES[table]
    missing = [name for name in schema.names if name not in frame.columns]
    filled = frame.with_columns([pl.lit(None).alias(name) for name in missing]).select(schema.names)
    return pl.from_arrow(filled.to_arrow().cast(schema))
