"""What every per-conversation asset shares: the partitions, the backfill policy, automation, metadata."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import dagster as dg
import polars as pl

from assets.lineage import column_lineage, column_tags
from memory_pipeline.config import RunConfig
from memory_pipeline.schemas import TABLES, column_descriptions, table_description

RUN_DEFAULTS = RunConfig()

conversation_partitions = dg.DynamicPartitionsDefinition(name="conversations")

# One run carries a chunk of conversations through the whole chain, so each step loads its model once for
# up to this many conversations; the same policy on every asset keeps the chunks aligned along the chain.
backfill_policy = dg.BackfillPolicy.multi_run(max_partitions_per_run=RUN_DEFAULTS.max_partitions_per_run)

# New partitions and updated upstreams materialise by themselves (eager). The cron tick combined with
# missing() catches anything left behind (a failed run, a sensor that was off) without re-requesting every
# partition at each tick, which a bare on_cron over dynamic partitions would do.
AC = dg.AutomationCondition
catch_up_on_schedule = (
    AC.cron_tick_passed(RUN_DEFAULTS.schedule_cron).since_last_handled()
    & AC.missing()
    & ~AC.any_deps_missing()
    & ~AC.in_progress()
).with_label("scheduled_catch_up")
automation = (AC.eager() | catch_up_on_schedule).with_label("eager_or_scheduled_catch_up")

# For @multi_asset, which takes the automation condition per spec (see conversation_spec).
PER_CONVERSATION_STEP = dict(partitions_def=conversation_partitions, backfill_policy=backfill_policy)
PER_CONVERSATION = dict(**PER_CONVERSATION_STEP, automation_condition=automation)


def conversation_spec(key: str, **kwargs) -> dg.AssetSpec:
    """An output of a per-conversation multi-asset, with the shared automation condition and, for a contract
    table, its description and column schema from ``schemas.py``."""
    if key in TABLES:
        kwargs.setdefault("description", table_description(key))
        kwargs["metadata"] = {**contract_metadata(key), **kwargs.get("metadata", {})}
    return dg.AssetSpec(key, automation_condition=automation, **kwargs)


def contract_frame(table: str) -> pl.DataFrame:
    """An empty frame with the contract's columns and dtypes."""
    return pl.from_arrow(TABLES[table].empty_table())


def column_schema(table: str, dtypes: Mapping[str, pl.DataType] | None = None) -> dg.TableSchema:
    """The columns of ``table`` with their descriptions from the contract and what each is computed from.

    ``dtypes`` is what was written (extra columns included, without a description); by default the contract's.
    """
    described = column_descriptions(table)
    dtypes = contract_frame(table).schema if dtypes is None else dtypes
    return dg.TableSchema(
        columns=[
            dg.TableColumn(name=name, type=str(dtype), description=described.get(name), tags=column_tags(table, name))
            for name, dtype in dtypes.items()
        ]
    )


def contract_metadata(table: str) -> dict[str, dg.MetadataValue]:
    """Definition metadata of a contract table's asset: its column schema and column lineage, shown before any
    materialisation."""
    return {"dagster/column_schema": dg.MetadataValue.table_schema(column_schema(table)), **_lineage_metadata(table)}


def _lineage_metadata(table: str) -> dict[str, dg.MetadataValue]:
    lineage = column_lineage(table)
    return {} if lineage is None else {"dagster/column_lineage": dg.MetadataValue.column_lineage(lineage)}


def run_metadata(table: str, dtypes: Mapping[str, pl.DataType]) -> dict[str, dg.MetadataValue]:
    """Column schema (with descriptions, of the columns written) and column lineage of one materialisation."""
    return {
        "dagster/column_schema": dg.MetadataValue.table_schema(column_schema(table, dtypes)),
        **_lineage_metadata(table),
    }


def partition_metadata(
    frame: pl.DataFrame, hide_in_preview: Sequence[str] = (), preview_rows: int = 5
) -> dict[str, dg.MetadataValue]:
    """Row count and a preview of the rows one materialisation event stands for."""
    preview = frame.drop(hide_in_preview, strict=False).head(preview_rows)
    return {
        "dagster/row_count": dg.MetadataValue.int(frame.height),
        "preview": dg.MetadataValue.md(_markdown_table(preview)),
    }


def _markdown_table(frame: pl.DataFrame, max_chars: int = 120) -> str:
    if frame.is_empty():
        return "_no rows_"
    header = "| " + " | ".join(frame.columns) + " |"
    rule = "| " + " | ".join("---" for _ in frame.columns) + " |"
    rows = [
        "| " + " | ".join(_cell(value, max_chars) for value in row) + " |" for row in frame.iter_rows()
    ]
    return "\n".join([header, rule, *rows])


def _cell(value: object, max_chars: int) -> str:
    text = "" if value is None else str(value)
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= max_chars else text[: max_chars - 1] + "…"


@contextmanager
def timed() -> Iterator[dict[str, float]]:
    """``with timed() as t: ...`` then ``t["seconds"]``."""
    box: dict[str, float] = {}
    start = time.perf_counter()
    try:
        yield box
    finally:
        box["seconds"] = time.perf_counter() - start


@dataclass
class PartitionOutputs:
    """What one step wrote for the conversations of its run: the frames, per-partition seconds, total seconds."""

    frames: dict[str, pl.DataFrame] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    total_seconds: float = 0.0

    def concat(self) -> pl.DataFrame:
        return pl.concat(list(self.frames.values()), how="diagonal_relaxed")


def read_chunk(lake, table: str, conversation_ids: Sequence[str]) -> pl.DataFrame:
    """The partitions of ``table`` for every conversation of a chunked run, as one frame: the situation-level
    stages build a chunk at once, so an LLM backend gets one request batch for all its conversations."""
    return pl.concat([lake.read_partition(table, cid) for cid in conversation_ids], how="diagonal_relaxed")


def write_split_by_conversation(
    lake, built: Mapping[str, pl.DataFrame], conversation_ids: Sequence[str]
) -> dict[str, dict[str, pl.DataFrame]]:
    """A chunk's tables (``{table: frame}``, every row carrying its ``conversation_id``) written as one partition
    per conversation; returns ``{table: {conversation_id: its rows}}``."""
    written: dict[str, dict[str, pl.DataFrame]] = {table: {} for table in built}
    for table, frame in built.items():
        for conversation_id in conversation_ids:
            rows = frame.filter(pl.col("conversation_id") == conversation_id)
            lake.write_partition(table, conversation_id, rows)
            written[table][conversation_id] = rows
    return written


def write_each_conversation(
    context: dg.AssetExecutionContext, lake, table: str, build: Callable[[str], pl.DataFrame]
) -> PartitionOutputs:
    """Build and atomically write one partition of ``table`` per conversation of the run, then refresh views."""
    outputs = PartitionOutputs()
    with timed() as clock:
        for conversation_id in context.partition_keys:
            with timed() as one:
                frame = build(conversation_id)
            lake.lake.write_partition(table, conversation_id, frame)
            outputs.frames[conversation_id] = frame
            outputs.seconds[conversation_id] = one["seconds"]
    outputs.total_seconds = clock["seconds"]
    lake.refresh_views()
    return outputs


def combine_metadata(
    context: dg.AssetExecutionContext,
    table: str,
    per_partition: Mapping[str, dict],
    frames: Mapping[str, pl.DataFrame],
    seconds: float,
    hide_in_preview: Sequence[str] = (),
) -> dict:
    """Metadata for one materialisation of ``table`` that may cover several partitions (a chunked run).

    Dagster records one materialisation event per partition. What holds for the whole run (the column schema and
    lineage, the run's seconds, how many partitions it carried) is returned for every event; what belongs to one
    conversation (its row count, its preview, its figures from ``per_partition``) goes on that partition's event
    only. Copying every partition's figures onto every partition's event made a chunk's events grow with the
    square of its size (12 KB of 26 KB per event at 25 conversations).
    """
    combined = pl.concat(list(frames.values()), how="diagonal_relaxed") if frames else contract_frame(table)
    metadata: dict = run_metadata(table, combined.schema)
    metadata["partitions"] = dg.MetadataValue.int(len(frames))
    metadata["seconds"] = dg.MetadataValue.float(round(seconds, 3))
    own = {}
    for conversation_id, frame in frames.items():
        values = {**partition_metadata(frame, hide_in_preview), **per_partition.get(conversation_id, {})}
        # a run-wide key (the run's seconds, which the step timings read) is never shadowed by a partition's
        own[conversation_id] = {key: value for key, value in values.items() if key not in metadata}
    if len(own) > 1:
        add_partition_metadata(context, table, own)
    else:  # one event (or none): it carries its partition's own metadata itself
        metadata.update(own.popitem()[1] if own else partition_metadata(combined, hide_in_preview))
    return metadata


def add_partition_metadata(context: dg.AssetExecutionContext, table: str, per_partition: Mapping[str, dict]) -> None:
    """``context.add_asset_metadata(metadata, asset_key=table, partition_key=key)`` for each partition, with the
    run's keys checked once: Dagster's method checks each call's key against the run's range, and for dynamic
    partitions that reads every registered partition key from the instance again on every call (2 ms a call at
    100 conversations, and growing with the lake), so the public method is not used here."""
    outside = sorted(set(per_partition) - set(context.partition_keys))
    if outside:
        raise ValueError(f"partitions {outside} are not in this run")
    step = context.op_execution_context._step_execution_context  # noqa: SLF001 - see the docstring
    for partition_key, metadata in per_partition.items():
        step._metadata_accumulator = step._metadata_accumulator.with_additional_asset_metadata(  # noqa: SLF001
            asset_key=dg.AssetKey(table), partition_key=partition_key, metadata=metadata
        )


def check_result(outcome, severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR, asset_key=None):
    """An engine :class:`~memory_pipeline.quality.CheckOutcome` as a Dagster check result."""
    return dg.AssetCheckResult(
        check_name=outcome.name,
        asset_key=asset_key,
        passed=bool(outcome.passed),
        severity=severity,
        description=outcome.description,
        metadata={key: dg.MetadataValue.json(value) if isinstance(value, (list, dict)) else value
                  for key, value in outcome.metadata.items()},
    )


# Under the Kubernetes run launcher / k8s_job_executor these tags put the step's pod on a GPU node; other
# launchers ignore them. Only the GPU assets carry them (and the `gpu` pool, so one step holds the GPU).
GPU_OP_TAGS = {
    "dagster-k8s/config": {
        "container_config": {"resources": {"limits": {"nvidia.com/gpu": "1"}}},
    }
}
GPU_STEP = dict(pool="gpu", op_tags=GPU_OP_TAGS)
