"""segments, fta_units (+ unit_sources): each session cut into situations, each situation into Fact-Time-Affect
units with their evidence turns. Non-generative by default; the LLM detector and builder when a backend is set."""

from dataclasses import replace

import dagster as dg
import polars as pl

from assets.llm_ledger import LEDGER_CHECK, drain, ledger_metadata, write_ledger
from assets.partitions import (
    GPU_STEP,
    PER_CONVERSATION,
    PER_CONVERSATION_STEP,
    check_result,
    combine_metadata,
    contract_metadata,
    conversation_spec,
    read_chunk,
    timed,
    write_split_by_conversation,
)
from resources import EmbedderResource, ExtractorResource, LakeResource, LLMResource, SituationsSettingsResource


@dg.asset(
    deps=["turns"],
    group_name="situations",
    kinds={"parquet"},
    description="Each session cut into contiguous situations (seed 002 BWS); they cover every turn exactly once.",
    metadata=contract_metadata("segments"),
    check_specs=[
        dg.AssetCheckSpec("segments_cover_each_session_once", asset="segments"),
        dg.AssetCheckSpec(LEDGER_CHECK, asset="segments"),
    ],
    **PER_CONVERSATION,
    **GPU_STEP,
)
def segments(
    context: dg.AssetExecutionContext,
    lake: LakeResource,
    embedder: EmbedderResource,
    llm: LLMResource,
    situations_settings: SituationsSettingsResource,
):
    """One BWS pass over every session of the chunk (the detector batches across them), then one partition each."""
    from memory_pipeline.quality import llm_failure_rate_under, segments_cover_sessions
    from memory_pipeline.segments import DetectorResources, build_segments, load_detector

    store = lake.lake
    config = situations_settings.segments_config
    uses_llm = llm.uses_llm("segments")
    if uses_llm:
        config = config.model_copy(update={"detector": "llm"})
    resources = DetectorResources(
        embedder=embedder.embedder, client=llm.client() if uses_llm else None,
        on_failure=llm.config.on_failure,
    )
    turns = read_chunk(store, "turns", context.partition_keys)
    with timed() as clock:
        result = build_segments(turns, load_detector(config, resources), config)
    frames = write_split_by_conversation(store, {"segments": result.segments}, context.partition_keys)["segments"]
    calls = drain(resources if uses_llm else None)
    ledger = pl.concat([write_ledger(store, cid, ("segments",), calls) for cid in context.partition_keys])
    lake.refresh_views()
    per_partition = {cid: {"segments": frame.height} for cid, frame in frames.items()}
    metadata = combine_metadata(context, "segments", per_partition, frames, clock["seconds"])
    metadata.update(ledger_metadata(ledger))
    metadata["failed_windows"] = dg.MetadataValue.int(len(result.failures))
    metadata.update({f"segments/{k}": v for k, v in result.metrics.items() if isinstance(v, (int, float, str))})
    return dg.MaterializeResult(
        metadata=metadata,
        check_results=[
            check_result(segments_cover_sessions(result.segments, turns)),
            check_result(llm_failure_rate_under(ledger, llm.config.max_failure_rate), dg.AssetCheckSeverity.WARN),
        ],
    )


@dg.multi_asset(
    name="units",
    specs=[
        conversation_spec("fta_units", deps=["turns", "segments", "memory_entries", "memory_sources"]),
        conversation_spec("unit_sources", deps=["turns", "segments", "memory_entries", "memory_sources"]),
    ],
    check_specs=[
        dg.AssetCheckSpec("units_have_evidence", asset="unit_sources"),
        dg.AssetCheckSpec("unit_evidence_turns_exist", asset="unit_sources"),
        dg.AssetCheckSpec(LEDGER_CHECK, asset="fta_units"),
    ],
    group_name="situations",
    can_subset=False,
    **PER_CONVERSATION_STEP,
    **GPU_STEP,
)
def units(
    context: dg.AssetExecutionContext,
    lake: LakeResource,
    extractor: ExtractorResource,
    llm: LLMResource,
    situations_settings: SituationsSettingsResource,
):
    """Fact-Time-Affect units per segment, partial ones carried over and fused, every unit traced to its turns."""
    from memory_pipeline.quality import llm_failure_rate_under, memories_have_sources, sources_exist
    from memory_pipeline.units import BuilderResources, build_fta_units
    from memory_pipeline.units.affect import AffectAnalyser

    store = lake.lake
    config = situations_settings.units_config
    uses_llm = llm.uses_llm("fta_units")
    if uses_llm:
        config = config.model_copy(update={"builder": "llm", "on_failure": llm.config.on_failure})
    resources = BuilderResources(
        affect=AffectAnalyser.load(), resolver=extractor.resolver, client=llm.client() if uses_llm else None
    )
    def chunk(table: str) -> pl.DataFrame:
        return read_chunk(store, table, context.partition_keys)

    turns = chunk("turns")
    with timed() as clock:  # one build for the chunk: the LLM builder sends one request batch for all its segments
        result = build_fta_units(turns, chunk("segments"), chunk("memory_entries"), chunk("memory_sources"),
                                 resources, config)
    written = write_split_by_conversation(
        store, {"fta_units": result.units, "unit_sources": result.sources}, context.partition_keys
    )
    calls = drain(resources if uses_llm else None)
    ledger = pl.concat([write_ledger(store, cid, ("fta_units",), calls) for cid in context.partition_keys])
    lake.refresh_views()
    per_partition = {cid: {"units": frame.height} for cid, frame in written["fta_units"].items()}
    all_units, all_sources = result.units, result.sources
    lineage_checks = [
        check_result(replace(memories_have_sources(all_units, all_sources), name="units_have_evidence"),
                     asset_key="unit_sources"),
        check_result(replace(sources_exist(all_sources, turns), name="unit_evidence_turns_exist"),
                     asset_key="unit_sources"),
    ]
    for table, frames in written.items():
        metadata = combine_metadata(context, table, per_partition, frames, clock["seconds"])
        checks = lineage_checks if table == "unit_sources" else [
            check_result(llm_failure_rate_under(ledger, llm.config.max_failure_rate), dg.AssetCheckSeverity.WARN,
                         asset_key=table)]
        if table == "fta_units":
            metadata.update(ledger_metadata(ledger))
            metadata["failed_segments"] = dg.MetadataValue.int(len(result.failures))
        yield dg.MaterializeResult(asset_key=table, metadata=metadata, check_results=checks)
