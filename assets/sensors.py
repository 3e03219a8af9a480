"""Sensors: new inbox files become partitions; automation materialises them."""

import json

import dagster as dg

from assets.partitions import conversation_partitions
from memory_pipeline.ingest import describe_report, drain_landing, inbox_fingerprints
from resources import LakeResource


@dg.sensor(
    name="inbox_sensor",
    minimum_interval_seconds=30,
    default_status=dg.DefaultSensorStatus.RUNNING,
    asset_selection=["conversations", "turns"],
    description="Ingests files dropped in landing/, registers inbox conversations as partitions and "
    "re-materialises a conversation whose inbox file changed (noticed by content hash).",
)
def inbox_sensor(context: dg.SensorEvaluationContext, lake: LakeResource) -> dg.SensorResult:
    store = lake.lake
    report = drain_landing(store)
    if report is not None:
        context.log.info(describe_report(report))
    seen: dict[str, str] = json.loads(context.cursor) if context.cursor else {}
    current = inbox_fingerprints(store)
    registered = set(context.instance.get_dynamic_partitions(conversation_partitions.name))
    new = sorted(cid for cid in current if cid not in registered)
    changed = sorted(cid for cid, sha in current.items() if cid in registered and seen.get(cid) not in (None, sha))
    return dg.SensorResult(
        # New partitions materialise through their automation condition; a changed one needs a request,
        # and eager automation carries the update down the chain.
        run_requests=[dg.RunRequest(partition_key=cid, run_key=f"{cid}:{current[cid]}") for cid in changed],
        dynamic_partitions_requests=[conversation_partitions.build_add_request(new)] if new else [],
        cursor=json.dumps(current, sort_keys=True),
    )


automation_sensor = dg.AutomationConditionSensorDefinition(
    "memory_automation",
    target=dg.AssetSelection.all(),
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=30,
)
