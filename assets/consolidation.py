"""links, consolidation_decisions, memory_status: what relates to what, and what is true now (one step: the
memories are parsed once for both stages; the LLM classifiers run when an LLM backend is configured)."""

import dagster as dg
import polars as pl

from assets.partitions import (
    GPU_STEP,
    PER_CONVERSATION_STEP,
    check_result,
    combine_metadata,
    conversation_spec,
    read_chunk,
    timed,
    write_split_by_conversation,
)
from assets.llm_ledger import LEDGER_CHECK, drain, ledger_metadata, write_ledger
from resources import ConsolidationSettingsResource, LakeResource, LLMResource, ParserResource

UPSTREAM = ["turns", "memory_entries", "memory_sources", "fta_units", "unit_sources", "memory_embeddings"]
TABLES = ("links", "consolidation_decisions", "memory_status")
LLM_STAGES = ("links", "consolidation")
CHECKS_OF = {"memory_status": ("no_status_cycles", "replacements_resolve"), "links": ("link_ends_exist",)}


@dg.multi_asset(
    name="consolidation",
    specs=[conversation_spec(table, deps=UPSTREAM) for table in TABLES],
    check_specs=[
        dg.AssetCheckSpec("no_status_cycles", asset="memory_status"),
        dg.AssetCheckSpec("replacements_resolve", asset="memory_status"),
        dg.AssetCheckSpec("link_ends_exist", asset="links"),
        dg.AssetCheckSpec(LEDGER_CHECK, asset="links"),
    ],
    group_name="consolidation",
    can_subset=False,
    **PER_CONVERSATION_STEP,
    **GPU_STEP,
)
def consolidation(
    context: dg.AssetExecutionContext,
    lake: LakeResource,
    parser: ParserResource,
    consolidation_settings: ConsolidationSettingsResource,
    llm: LLMResource,
):
    """Links to related earlier memories (moving plan lifecycles), then statuses with replacements and validity:
    one pass over the whole chunk (an LLM classifier gets one request batch), written one partition each."""
    from memory_pipeline.consolidation.run import link_and_consolidate
    from memory_pipeline.links.base import ClassifierResources
    from memory_pipeline.quality import consolidation_checks, llm_failure_rate_under

    store = lake.lake
    links_config, consolidation_config = _configs(consolidation_settings, llm)
    resources = ClassifierResources(client=llm.client()) if any(llm.uses_llm(s) for s in LLM_STAGES) else None
    chunk = {table: read_chunk(store, table, context.partition_keys) for table in UPSTREAM}
    with timed() as clock:
        result = link_and_consolidate(
            chunk["memory_entries"], pl.concat([chunk["memory_sources"], chunk["unit_sources"]]), chunk["turns"],
            chunk["memory_embeddings"], parser.parser, links_config, consolidation_config, resources,
            units=chunk["fta_units"],
        )
    built = {
        "links": result.links.links,
        "consolidation_decisions": result.consolidation.decisions,
        "memory_status": result.consolidation.status,
    }
    written = write_split_by_conversation(store, built, context.partition_keys)
    calls = drain(resources)
    ledger = pl.concat([write_ledger(store, cid, LLM_STAGES, calls) for cid in context.partition_keys])
    lake.refresh_views()
    memories = pl.concat([chunk["memory_entries"].select("memory_id", "conversation_id"),
                          chunk["fta_units"].select("memory_id", "conversation_id")])
    per_partition = {
        cid: {
            "memories": status.height,  # one status row per memory
            "links": written["links"][cid].height,
            "hidden": status.filter(pl.col("status") != "active").height,
        }
        for cid, status in written["memory_status"].items()
    }
    outcomes = consolidation_checks(built["links"], built["memory_status"], dict(memories.iter_rows()))
    failure_rate = llm_failure_rate_under(ledger, llm.config.max_failure_rate)
    for table in TABLES:
        metadata = combine_metadata(context, table, per_partition, written[table], clock["seconds"])
        metadata.update(ledger_metadata(ledger))
        checks = [check_result(o, asset_key=table) for o in outcomes if o.name in CHECKS_OF.get(table, ())]
        if table == "links":
            checks.append(check_result(failure_rate, dg.AssetCheckSeverity.WARN, asset_key=table))
        yield dg.MaterializeResult(asset_key=table, metadata=metadata, check_results=checks)


def _configs(settings: ConsolidationSettingsResource, llm: LLMResource):
    """The stages' configs, with the LLM classifiers chosen where a backend is set and the stage not pinned."""
    links_config, consolidation_config = settings.links_config, settings.consolidation_config
    if llm.uses_llm("links"):
        links_config = links_config.model_copy(update={"classifier": "llm", "on_failure": llm.config.on_failure})
    if llm.uses_llm("consolidation"):
        consolidation_config = consolidation_config.model_copy(update={"classifier": "llm"})
    return links_config, consolidation_config
