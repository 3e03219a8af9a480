"""evaluation_report: LLM-free LoCoMo evidence metrics over the lake, with plots in the UI."""

import base64
from pathlib import Path

import dagster as dg
from pydantic import Field

from resources import EmbedderResource, LakeResource


class EvaluationConfig(dg.Config):
    locomo_path: str = Field(description="LoCoMo JSON whose conversations are in the lake (absolute path)")
    corrections_path: str | None = Field(default=None, description="audit JSON with corrected evidence ids")
    out_dir: str = Field(default="", description="report folder; empty: <lake>/reports/locomo")


@dg.asset(
    deps=["memory_entries", "memory_sources", "memory_embeddings", "gate_scores"],
    group_name="evaluation",
    kinds={"python", "duckdb"},
)
def evaluation_report(
    context: dg.AssetExecutionContext, config: EvaluationConfig, lake: LakeResource, embedder: EmbedderResource
) -> dg.MaterializeResult:
    """Gate recall, store coverage, retrieval recall beside raw-turn baselines, temporal grounding.

    The LoCoMo conversations must already be materialised (``memory-pipeline eval locomo`` does both).
    """
    from memory_pipeline.evaluation import evaluate_locomo, headline  # heavy: loaded by the step only

    store = lake.lake
    out_dir = Path(config.out_dir) if config.out_dir else store.root / "reports" / "locomo"
    metrics = evaluate_locomo(
        store,
        Path(config.locomo_path),
        embedder.embedder,
        out_dir,
        corrections=Path(config.corrections_path) if config.corrections_path else None,
    )
    metadata: dict = {key: value for key, value in headline(metrics).items()}
    metadata["report"] = dg.MetadataValue.path(str(out_dir / "report.md"))
    for plot in sorted(out_dir.glob("*.png")):
        encoded = base64.b64encode(plot.read_bytes()).decode("ascii")
        metadata[f"plot/{plot.stem}"] = dg.MetadataValue.md(f"![{plot.stem}](data:image/png;base64,{encoded})")
    return dg.MaterializeResult(metadata=metadata)
