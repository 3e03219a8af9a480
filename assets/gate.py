"""gate_scores: the salience gate's admission probability for every user turn."""

import dagster as dg

from assets.partitions import (
    GPU_STEP,
    PER_CONVERSATION,
    check_result,
    combine_metadata,
    contract_metadata,
    write_each_conversation,
)
from memory_pipeline.quality import admitted_ratio_in_band
from resources import GateModelResource, LakeResource


@dg.asset(
    deps=["turns"],
    group_name="gate",
    kinds={"pytorch", "parquet"},
    metadata=contract_metadata("gate_scores"),
    check_specs=[dg.AssetCheckSpec("admitted_ratio_in_band", asset="gate_scores")],
    **PER_CONVERSATION,
    **GPU_STEP,
)
def gate_scores(context: dg.AssetExecutionContext, lake: LakeResource, gate: GateModelResource):
    """Scores each user turn with its k preceding messages; turns with p >= tau are admitted."""
    from memory_pipeline.gate import gate_metrics, score_turns  # torch: loaded by the step, not the code location

    store, model = lake.lake, gate.model
    device = str(model.device)
    written = write_each_conversation(
        context, lake, "gate_scores", lambda cid: score_turns(model, store.read_partition("turns", cid))
    )
    per_partition = {cid: gate_metrics(frame, written.seconds[cid], device, model.precision) for cid, frame in written.frames.items()}
    all_scores = written.concat()
    metadata = combine_metadata(context, "gate_scores", per_partition, written.frames, written.total_seconds)
    metadata.update(
        {f"gate/{key}": value for key, value in gate_metrics(all_scores, written.total_seconds, device, model.precision).items()}
    )
    metadata["gate_model_id"] = model.model_id
    return dg.MaterializeResult(
        metadata=metadata,
        check_results=[
            check_result(
                admitted_ratio_in_band(all_scores, gate.config.admitted_ratio_band),
                dg.AssetCheckSeverity.WARN,
            )
        ],
    )
