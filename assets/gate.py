"""gate_scores: the salience gate's admission probability for every user turn."""

import dagster as dg
import polars as pl

from assets.partitions import GPU_STEP, PER_CONVERSATION, check_result, combine_metadata, timed
from memory_pipeline.gate import gate_metrics, score_turns
from memory_pipeline.quality import admitted_ratio_in_band
from resources import GateModelResource, LakeResource


@dg.asset(
    deps=["turns"],
    group_name="gate",
    kinds={"pytorch", "parquet"},
    check_specs=[dg.AssetCheckSpec("admitted_ratio_in_band", asset="gate_scores")],
    **PER_CONVERSATION,
    **GPU_STEP,
)
def gate_scores(context: dg.AssetExecutionContext, lake: LakeResource, gate: GateModelResource):
    """Scores each user turn with its k preceding messages; turns with p >= tau are admitted."""
    store, model = lake.lake, gate.model
    frames: list[pl.DataFrame] = []
    per_partition: dict[str, dict] = {}
    with timed() as clock:
        for conversation_id in context.partition_keys:
            with timed() as step:
                scores = score_turns(model, store.read_partition("turns", conversation_id))
            store.write_partition("gate_scores", conversation_id, scores)
            frames.append(scores)
            per_partition[conversation_id] = gate_metrics(scores, step["seconds"], str(model.device))
    lake.refresh_views()
    all_scores = pl.concat(frames)
    metadata = combine_metadata(per_partition, frames, clock["seconds"])
    metadata.update(
        {f"gate/{key}": value for key, value in gate_metrics(all_scores, clock["seconds"], str(model.device)).items()}
    )
    metadata["gate_model_id"] = model.model_id
    return dg.MaterializeResult(
        metadata=metadata,
        check_results=[
            check_result(
                admitted_ratio_in_band(all_scores, (gate.admitted_ratio_min, gate.admitted_ratio_max)),
                dg.AssetCheckSeverity.WARN,
            )
        ],
    )
