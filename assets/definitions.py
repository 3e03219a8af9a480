"""The code location: what `dagster dev -w workspace.yaml` and the CLI load."""

from __future__ import annotations

import dagster as dg

from assets import consolidation, evaluation, gate, ingestion, memories, situations
from assets.partitions import conversation_partitions
from assets.progress import progress_logger
from assets.sensors import automation_sensor, inbox_sensor
from memory_pipeline.config import RunConfig
from resources import (
    ConsolidationSettingsResource,
    EmbedderResource,
    ExtractorResource,
    GateModelResource,
    LakeResource,
    LLMResource,
    ParserResource,
    SituationsSettingsResource,
)

ASSETS = dg.load_assets_from_modules([ingestion, gate, memories, situations, consolidation, evaluation])

# Every asset partitioned by conversation, whatever its module: a new stage joins the job (and the CLI's chain,
# which reads the same graph) by existing.
PER_CONVERSATION_ASSETS = dg.AssetSelection.assets(
    *[spec.key for asset in ASSETS for spec in asset.specs if asset.partitions_def == conversation_partitions]
)

memory_job = dg.define_asset_job(
    "memory_job",
    selection=PER_CONVERSATION_ASSETS,
    partitions_def=conversation_partitions,
    description="Carries a chunk of conversations through the whole chain (the CLI's `run`).",
)


def build_executor(name: str) -> dg.ExecutorDefinition:
    """Steps as processes here, or as Kubernetes jobs (GPU requests come from the GPU assets' op tags)."""
    if name == "k8s":
        from dagster_k8s import k8s_job_executor

        return k8s_job_executor.configured({"max_concurrent": 8, "env_vars": ["MEMORY_PIPELINE_LAKE"]})
    if name == "in_process":
        return dg.in_process_executor
    return dg.multiprocess_executor.configured({"max_concurrent": 2})


def build_definitions(lake_dir: str = "", executor: str | None = None) -> dg.Definitions:
    """``lake_dir`` empty: ``$MEMORY_PIPELINE_LAKE``, else ``./data_lake`` (resolved when a run starts)."""
    return dg.Definitions(
        executor=build_executor(executor or RunConfig().executor),
        assets=ASSETS,
        jobs=[memory_job],
        sensors=[inbox_sensor, automation_sensor],
        loggers={"progress": progress_logger},
        resources={
            "lake": LakeResource(lake_dir=lake_dir),
            "gate": GateModelResource(),
            "parser": ParserResource(),
            "extractor": ExtractorResource(),
            "embedder": EmbedderResource(),
            "consolidation_settings": ConsolidationSettingsResource(),
            "situations_settings": SituationsSettingsResource(),
            "llm": LLMResource(lake_dir=lake_dir),
        },
    )


defs = build_definitions()
