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
    timed,
)
from assets.llm_ledger import LEDGER_CHECK, drain, ledger_metadata, write_ledger
from resources import ConsolidationSettingsResource, LakeResource, LLMResource, ParserResource

UPSTREAM = ["turns", "memory_entries", "memory_sources", "fta_units", "unit_sources", "memory_embeddings"]
TABLES = ("links", "consolidation_decisions", "memory_status")
LLM_STAGES = ("links", "consolidation")


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
    """Links to related earlier memories (moving plan lifecycles), then statuses with replacements and validity."""
    from memory_pipeline.consolidation.run import link_and_consolidate
    from memory_pipeline.links.base import ClassifierResources
    from memory_pipeline.quality import consolidation_checks

    store = lake.lake
    links_config, consolidation_config = _configs(consolidation_settings, llm)
    resources = ClassifierResources(client=llm.client()) if any(llm.uses_llm(s) for s in LLM_STAGES) else None
    outputs: dict[str, list[pl.DataFrame]] = {table: [] for table in TABLES}
    ledgers, checks, per_partition = [], [], {}
    with timed() as clock:
        for conversation_id in context.partition_keys:
            read = lambda table: store.read_partition(table, conversation_id)  # noqa: E731
            result = link_and_consolidate(
                read("memory_entries"), pl.concat([read("memory_sources"), read("unit_sources")]), read("turns"),
                read("memory_embeddings"), parser.parser, links_config, consolidation_config, resources,
                units=read("fta_units"),
            )
            frames = {
                "links": result.links.links,
                "consolidation_decisions": result.consolidation.decisions,
                "memory_status": result.consolidation.status,
            }
            for table, frame in frames.items():
                store.write_partition(table, conversation_id, frame)
                outputs[table].append(frame)
            ledgers.append(write_ledger(store, conversation_id, LLM_STAGES, drain(resources)))
            memory_ids = read("memory_entries")["memory_id"].to_list() + read("fta_units")["memory_id"].to_list()
            checks += consolidation_checks(frames["links"], frames["memory_status"], memory_ids)
            per_partition[conversation_id] = {"memories": result.memories, "links": frames["links"].height,
                                              "hidden": frames["memory_status"].filter(pl.col("status") != "active").height}
    lake.refresh_views()
    ledger = pl.concat(ledgers)
    for table in TABLES:
        metadata = combine_metadata(table, per_partition, outputs[table], clock["seconds"])
        metadata.update(ledger_metadata(ledger))
        yield dg.MaterializeResult(asset_key=table, metadata=metadata, check_results=_checks_for(table, checks, ledger, llm))


def _configs(settings: ConsolidationSettingsResource, llm: LLMResource):
    """The stages' configs, with the LLM classifiers chosen where a backend is set and the stage not pinned."""
    links_config, consolidation_config = settings.links_config, settings.consolidation_config
    if llm.uses_llm("links"):
        links_config = links_config.model_copy(update={"classifier": "llm", "on_failure": llm.config.on_failure})
    if llm.uses_llm("consolidation"):
        consolidation_config = consolidation_config.model_copy(update={"classifier": "llm"})
    return links_config, consolidation_config


def _checks_for(table: str, checks, ledger: pl.DataFrame, llm: LLMResource) -> list[dg.AssetCheckResult]:
    from memory_pipeline.quality import llm_failure_rate_under

    if table == "memory_status":
        names = {"no_status_cycles", "replacements_resolve"}
    elif table == "links":
        names = {"link_ends_exist"}
    else:
        return []
    merged = {}
    for outcome in checks:  # one outcome per conversation: the check fails if any conversation fails it
        if outcome.name in names:
            kept = merged.setdefault(outcome.name, outcome)
            if not outcome.passed and kept.passed:
                merged[outcome.name] = outcome
    results = [check_result(outcome, asset_key=table) for outcome in merged.values()]
    if table == "links":
        results.append(check_result(
            llm_failure_rate_under(ledger, llm.config.max_failure_rate), dg.AssetCheckSeverity.WARN, asset_key=table))
    return results
