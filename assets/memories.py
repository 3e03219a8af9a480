"""memory_entries (+ lineage and diagnostics) and memory_embeddings: the extractor's output, searchable."""

import dagster as dg
import polars as pl

from assets.partitions import (
    GPU_STEP,
    PER_CONVERSATION,
    PER_CONVERSATION_STEP,
    check_result,
    combine_metadata,
    contract_metadata,
    conversation_spec,
    timed,
    write_each_conversation,
)
from memory_pipeline.quality import empty_output_rate_under, memories_have_sources, sources_exist
from resources import EmbedderResource, ExtractorResource, LakeResource, ParserResource


@dg.multi_asset(
    specs=[
        conversation_spec("memory_entries", deps=["turns", "gate_scores"]),
        conversation_spec("memory_sources", deps=["turns", "gate_scores"]),
        conversation_spec("extraction_diagnostics", deps=["turns", "gate_scores"]),
    ],
    check_specs=[
        dg.AssetCheckSpec("memories_have_sources", asset="memory_sources"),
        dg.AssetCheckSpec("source_turns_exist", asset="memory_sources"),
        dg.AssetCheckSpec("empty_output_rate", asset="extraction_diagnostics"),
    ],
    group_name="memories",
    can_subset=False,
    **PER_CONVERSATION_STEP,
)
def extraction(
    context: dg.AssetExecutionContext, lake: LakeResource, parser: ParserResource, extractor: ExtractorResource
):
    """Dependency-guided extraction, temporal grounding, provenance and scope: no generative model."""
    from memory_pipeline.extraction import extract_memories, parse_admitted  # loaded by the step only

    store, settings = lake.lake, extractor.config
    outputs: dict[str, dict[str, pl.DataFrame]] = {
        "memory_entries": {}, "memory_sources": {}, "extraction_diagnostics": {}
    }
    turn_frames: list[pl.DataFrame] = []
    per_partition: dict[str, dict] = {}
    with timed() as clock:
        chunk = {
            cid: (store.read_partition("turns", cid), store.read_partition("gate_scores", cid))
            for cid in context.partition_keys
        }
        docs = parse_admitted(chunk, parser.parser)  # the chunk's parse in one batch, on every core
        for conversation_id, (turns, scores) in chunk.items():
            result = extract_memories(
                turns, scores, parser.parser, settings, extractor.resolver, docs=docs[conversation_id]
            )
            for table, frame in (
                ("memory_entries", result.entries),
                ("memory_sources", result.sources),
                ("extraction_diagnostics", result.diagnostics),
            ):
                store.write_partition(table, conversation_id, frame)
                outputs[table][conversation_id] = frame
            turn_frames.append(turns)
            figures = _scalars(result.metrics)
            figures.pop("turns_per_second")  # the rules' rate alone: the parse was made for the whole chunk
            per_partition[conversation_id] = {"memories": result.entries.height, **figures}
    lake.refresh_views()
    entries, sources, diagnostics = (
        pl.concat(list(outputs[table].values()), how="diagonal_relaxed") for table in outputs
    )
    for table in outputs:
        yield dg.MaterializeResult(
            asset_key=table,
            metadata=combine_metadata(context, table, per_partition, outputs[table], clock["seconds"]),
            check_results=_checks_for(table, entries, sources, diagnostics, pl.concat(turn_frames), settings),
        )
    context.log.info(f"{entries.height} memories from {int(diagnostics['admitted_turns'].sum())} admitted turns")


def _checks_for(table, entries, sources, diagnostics, turns, settings) -> list[dg.AssetCheckResult]:
    if table == "memory_sources":
        return [
            check_result(memories_have_sources(entries, sources), asset_key=table),
            check_result(sources_exist(sources, turns), asset_key=table),
        ]
    if table == "extraction_diagnostics":
        outcome = empty_output_rate_under(diagnostics, settings.empty_output_bound)
        return [check_result(outcome, dg.AssetCheckSeverity.WARN, asset_key=table)]
    return []


def _scalars(metrics: dict) -> dict:
    return {key: value for key, value in metrics.items() if isinstance(value, (int, float, str, bool))}


@dg.asset(
    deps=["memory_entries", "fta_units"],
    group_name="memories",
    kinds={"pytorch", "parquet"},
    metadata=contract_metadata("memory_embeddings"),
    **PER_CONVERSATION,
    **GPU_STEP,
)
def memory_embeddings(context: dg.AssetExecutionContext, lake: LakeResource, embedder: EmbedderResource):
    """Sentence embeddings of every memory, entries and FTA units, for cosine search (``memory-pipeline search``).

    One encode call per conversation for its entries and units together: not one per table (each call costs), and
    not one per chunk, whose batches would mix conversations and so make a vector's last bits depend on which
    conversations shared its run (the tables are byte-identical whatever the chunking; tested).
    """
    from memory_pipeline.embeddings import conversation_memory_tables, embed_memory_tables

    store, model = lake.lake, embedder.embedder

    def embed(conversation_id: str) -> pl.DataFrame:
        return embed_memory_tables(conversation_memory_tables(store, conversation_id), model)

    written = write_each_conversation(context, lake, "memory_embeddings", embed)
    per_partition = {cid: {"memories": frame.height} for cid, frame in written.frames.items()}
    metadata = combine_metadata(
        context, "memory_embeddings", per_partition, written.frames, written.total_seconds
    )
    metadata.update({
        "model": model.model_name, "dimension": model.dimension, "device": str(model.device), "precision": model.precision,
    })
    return dg.MaterializeResult(metadata=metadata)
