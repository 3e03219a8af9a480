"""The Dagster layer: definitions, dynamic partitions, the inbox sensor, checks and chunked runs."""

from __future__ import annotations

import json
import shutil
from importlib import resources as package_resources
from pathlib import Path

import dagster as dg
import pytest

from assets.definitions import PER_CONVERSATION_ASSETS, build_definitions
from assets.ingestion import ingestion
from assets.partitions import backfill_policy, conversation_partitions
from assets.sensors import inbox_sensor
from memory_pipeline.ingest import inbox_file, ingest_files
from memory_pipeline.lake import Lake
from memory_pipeline.cli.orchestration import PARTITION_RANGE_END_TAG, PARTITION_RANGE_START_TAG
from memory_pipeline.config import (
    ConsolidationConfig,
    EmbedderConfig,
    ExtractorConfig,
    GateConfig,
    LinksConfig,
    ParserConfig,
    SegmentsConfig,
    UnitsConfig,
)
from memory_pipeline.schemas import TABLES, column_descriptions, table_description
from resources import (
    ConsolidationSettingsResource,
    EmbedderResource,
    ExtractorResource,
    GateModelResource,
    LakeResource,
    ParserResource,
    SituationsSettingsResource,
)

SAMPLES = Path(str(package_resources.files("memory_pipeline") / "samples"))


def _sample_ids() -> list[str]:
    return sorted(json.loads(p.read_text())["conversation_id"] for p in SAMPLES.glob("*.json"))


@pytest.fixture
def defs(lake: Lake) -> dg.Definitions:
    return build_definitions(lake_dir=str(lake.root))


def test_every_per_conversation_asset_shares_partitions_and_backfill_policy(defs):
    graph = defs.resolve_asset_graph()
    keys = PER_CONVERSATION_ASSETS.resolve(graph)
    assert {k.to_user_string() for k in keys} >= {"turns", "gate_scores", "memory_entries", "memory_embeddings"}
    for key in keys:
        node = graph.get(key)
        assert node.partitions_def == conversation_partitions
        assert node.backfill_policy == backfill_policy
        assert node.automation_condition is not None


def test_gpu_steps_use_the_gpu_pool(defs):
    job = defs.resolve_job_def("memory_job")
    pools = {node.name: node.definition.pool for node in job.graph.node_dict.values()}
    assert pools["gate_scores"] == "gpu"
    assert pools["memory_embeddings"] == "gpu"
    assert pools["ingestion"] is None


def _described_columns(metadata) -> dict[str, str | None]:
    return {column.name: column.description for column in metadata["dagster/column_schema"].value.columns}


def test_every_table_asset_shows_its_contract_before_any_run(defs):
    graph = defs.resolve_asset_graph()
    for table in TABLES:
        if table == "llm_calls":  # a ledger every LLM-using step writes its rows of: no asset of its own
            continue
        node = graph.get(dg.AssetKey(table))
        assert _described_columns(node.metadata) == column_descriptions(table), table
    assert graph.get(dg.AssetKey("turns")).description == table_description("turns")


def test_column_lineage_names_real_columns_of_upstream_assets(defs):
    """Every declared column exists in its table's contract and comes from contract columns of the asset's
    ancestors; the definitions carry it, so the UI shows it before any run."""
    from assets.lineage import COLUMN_SOURCES

    graph = defs.resolve_asset_graph()
    assert {"memory_entries", "memory_embeddings", "gate_scores"} <= set(COLUMN_SOURCES)
    for table, sources in COLUMN_SOURCES.items():
        node = graph.get(dg.AssetKey(table))
        ancestors = {key.to_user_string() for key in graph.get_ancestor_asset_keys(node.key)}
        assert set(sources) <= set(TABLES[table].names), table
        for column, upstream in sources.items():
            for source in upstream:
                asset, name = source.split(".", 1)
                assert asset in ancestors and name in TABLES[asset].names, f"{table}.{column} <- {source}"
        declared = node.metadata["dagster/column_lineage"].value.deps_by_column
        assert {column: {f"{dep.asset_key.to_user_string()}.{dep.column_name}" for dep in deps}
                for column, deps in declared.items()} == {column: set(up) for column, up in sources.items()}
        tagged = {column.name: set(column.tags or {}) for column in node.metadata["dagster/column_schema"].value.columns}
        assert {name: tags for name, tags in tagged.items() if tags} == {  # what the open-source UI shows
            column: {f"from {source}" for source in upstream} for column, upstream in sources.items()
        }
    memory_text = COLUMN_SOURCES["memory_entries"]
    assert "turns.text" in memory_text["text"] and "turns.session_time" in memory_text["event_start"]
    assert memory_text["scope"] == ("turns.text",)


def test_turn_checks_are_declared(defs):
    check_keys = {key.name for key in defs.resolve_asset_graph().asset_check_keys}
    assert {"turn_ids_unique", "turn_texts_non_empty", "sessions_ordered"} <= check_keys
    assert {"memories_have_sources", "source_turns_exist", "admitted_ratio_in_band"} <= check_keys


def test_sensor_registers_new_inbox_files_and_requests_changed_ones(lake: Lake, tmp_path):
    ingest_files(lake, [SAMPLES])
    resources = {"lake": LakeResource(lake_dir=str(lake.root))}
    with dg.instance_for_test() as instance:
        context = dg.build_sensor_context(instance=instance, resources=resources)
        first = inbox_sensor(context)
        added = [key for request in first.dynamic_partitions_requests for key in request.partition_keys]
        assert sorted(added) == _sample_ids()
        assert first.run_requests == []
        instance.add_dynamic_partitions(conversation_partitions.name, added)

        again = inbox_sensor(dg.build_sensor_context(instance=instance, resources=resources, cursor=first.cursor))
        assert again.dynamic_partitions_requests == [] and again.run_requests == []

        changed_id = added[0]
        changed_file = inbox_file(lake, changed_id)
        payload = json.loads(changed_file.read_text())
        payload["sessions"][0]["turns"][0]["text"] += " (edited)"
        changed_file.write_text(json.dumps(payload))
        third = inbox_sensor(dg.build_sensor_context(instance=instance, resources=resources, cursor=first.cursor))
        assert [r.partition_key for r in third.run_requests] == [changed_id]


def test_sensor_drains_landing_folder_and_quarantines_bad_files(lake: Lake):
    landing = lake.root / "landing"
    landing.mkdir()
    shutil.copy(sorted(SAMPLES.glob("*.json"))[0], landing / "good.json")
    (landing / "bad.json").write_text("{ broken")
    with dg.instance_for_test() as instance:
        result = inbox_sensor(
            dg.build_sensor_context(instance=instance, resources={"lake": LakeResource(lake_dir=str(lake.root))})
        )
    assert len(result.dynamic_partitions_requests[0].partition_keys) == 1
    assert len(list(lake.quarantine_dir.glob("*.reason.json"))) == 1
    assert sorted(p.name for p in (landing / "processed").iterdir()) == ["bad.json", "good.json"]


def test_chunked_materialisation_writes_each_partition_and_passes_checks(lake: Lake):
    ingest_files(lake, [SAMPLES])
    ids = _sample_ids()
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions(conversation_partitions.name, ids)
        result = dg.materialize(
            [ingestion],
            instance=instance,
            resources={"lake": LakeResource(lake_dir=str(lake.root))},
            tags={PARTITION_RANGE_START_TAG: ids[0], PARTITION_RANGE_END_TAG: ids[-1]},
        )
        assert result.success
        assert instance.get_materialized_partitions(dg.AssetKey("turns")) == set(ids)
        checks = result.get_asset_check_evaluations()
        assert {c.check_name for c in checks} == {"turn_ids_unique", "turn_texts_non_empty", "sessions_ordered"}
        assert all(c.passed for c in checks)
        materialisations = result.asset_materializations_for_node("ingestion")
        assert materialisations[0].metadata["partitions"].value == len(ids)
        for materialisation in materialisations:  # what was written is the contract, every column described
            table = materialisation.asset_key.to_user_string()
            assert _described_columns(materialisation.metadata) == column_descriptions(table), table
        # Each partition's event carries its own rows and figures, not the chunk's (nor every partition's).
        turns = {m.partition: m.metadata for m in materialisations if m.asset_key == dg.AssetKey("turns")}
        assert sorted(turns) == ids
        for conversation_id, metadata in turns.items():
            rows = lake.read_partition("turns", conversation_id).height
            assert metadata["dagster/row_count"].value == rows == metadata["turns"].value, conversation_id
            assert "per_partition" not in metadata
            assert metadata["seconds"] == materialisations[0].metadata["seconds"]  # the run's, which timings read
        assert len({metadata["dagster/row_count"].value for metadata in turns.values()}) > 1  # the samples differ
    assert lake.partitions("turns") == ids


@pytest.mark.slow
def test_gate_asset_records_metadata_and_warns_outside_the_band(lake: Lake):
    from assets.gate import gate_scores
    from resources.models import GateSettings

    ingest_files(lake, [SAMPLES])
    conversation_id = _sample_ids()[0]
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions(conversation_partitions.name, [conversation_id])
        resources = {"lake": LakeResource(lake_dir=str(lake.root))}
        dg.materialize([ingestion], instance=instance, partition_key=conversation_id, resources=resources)
        result = dg.materialize(
            [gate_scores],
            instance=instance,
            partition_key=conversation_id,
            resources={**resources, "gate": GateModelResource(settings=GateSettings(admitted_ratio_band=[0.99, 1.0]))},
        )
    assert result.success  # a warning check does not fail the run
    (check,) = result.get_asset_check_evaluations()
    assert check.check_name == "admitted_ratio_in_band" and not check.passed
    assert check.severity == dg.AssetCheckSeverity.WARN
    metadata = result.asset_materializations_for_node("gate_scores")[0].metadata
    for key in ("gate/turns_scored", "gate/admitted_ratio", "gate/turns_per_second", "gate/device", "gate_model_id"):
        assert key in metadata, key
    assert _described_columns(metadata) == column_descriptions("gate_scores")
    assert "p_admit" in metadata["dagster/column_lineage"].value.deps_by_column
    user_turns = lake.read_partition("turns", conversation_id).filter(role="user").height
    assert lake.read_partition("gate_scores", conversation_id).height == user_turns


def test_automation_materialises_new_partitions_once(defs):
    with dg.instance_for_test() as instance:
        first = dg.evaluate_automation_conditions(defs=defs, instance=instance)
        assert first.total_requested == 0
        instance.add_dynamic_partitions(conversation_partitions.name, ["a", "b"])
        second = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=first.cursor)
        for asset in ("conversations", "turns", "gate_scores", "memory_embeddings"):
            assert second.get_requested_partitions(dg.AssetKey(asset)) == {"a", "b"}, asset
        third = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=second.cursor)
        assert third.total_requested == 0  # no re-request every tick, unlike a bare on_cron


def test_cli_chain_is_read_from_the_asset_graph(defs):
    from memory_pipeline.cli.orchestration import chain_of

    chain = chain_of(defs)
    job_assets = {key.to_user_string() for key in PER_CONVERSATION_ASSETS.resolve(defs.resolve_asset_graph())}
    assert set(chain.assets) == job_assets
    position = {asset: n for n, asset in enumerate(chain.assets)}
    for asset, parents in chain.parents.items():
        assert all(position[parent] < position[asset] for parent in parents), asset
    assert chain.parents["gate_scores"] == ("turns",)
    assert "evaluation_report" not in chain.parents  # not partitioned by conversation
    # siblings of one multi-asset step share the step: its time is counted once
    assert chain.steps["memory_entries"] == chain.steps["memory_sources"] == "extraction"


def test_every_engine_setting_can_be_set_from_run_config(monkeypatch):
    """Run config reaches the engine configs; an invalid value fails with the engine's own message."""
    for resource, engine in (
        (GateModelResource, GateConfig), (ParserResource, ParserConfig),
        (ExtractorResource, ExtractorConfig), (EmbedderResource, EmbedderConfig),
    ):
        settings_fields = set(resource.model_fields["settings"].annotation.model_fields)
        assert settings_fields == set(engine.model_fields), resource.__name__

    seen = {}

    @dg.asset
    def probe(gate: GateModelResource, parser: ParserResource, extractor: ExtractorResource):
        seen.update(gate=gate.config, parser=parser.config, extractor=extractor.config)

    for cls in (GateModelResource, ParserResource, ExtractorResource):  # the probe reads configs only
        monkeypatch.setattr(cls, "load", lambda self: object())
    run_config = {
        "resources": {
            "gate": {"config": {"settings": {"context_k": 3, "max_length": 256, "device": "cpu", "batch_size": 64}}},
            "parser": {"config": {"settings": {"batch_size": 8}}},
            "extractor": {"config": {"settings": {"coverage_rho": 0.6}}},
        }
    }
    resources = {"gate": GateModelResource(), "parser": ParserResource(), "extractor": ExtractorResource()}
    assert dg.materialize([probe], resources=resources, run_config=run_config).success
    assert (seen["gate"].context_k, seen["gate"].max_length, seen["gate"].device) == (3, 256, "cpu")
    assert seen["gate"].batch_size == 64 and GateModelResource().config.batch_size is None  # None: per device
    assert seen["parser"].batch_size == 8 and seen["extractor"].coverage_rho == 0.6
    bad = {"resources": {"gate": {"config": {"settings": {"device": "tpu"}}}}}
    assert not dg.materialize([probe], resources=resources, run_config=bad, raise_on_error=False).success


def test_situation_and_consolidation_settings_are_typed_from_the_engine_configs():
    """The segments, units, links and consolidation settings mirror their engine configs field by field, nested
    sections included, and reach the engine through run config; a cross-field rule of the engine still applies."""
    for resource, field, engine in (
        (SituationsSettingsResource, "segments", SegmentsConfig), (SituationsSettingsResource, "units", UnitsConfig),
        (ConsolidationSettingsResource, "links", LinksConfig),
        (ConsolidationSettingsResource, "consolidation", ConsolidationConfig),
    ):
        assert set(resource.model_fields[field].annotation.model_fields) == set(engine.model_fields), field
    seen = {}

    @dg.asset
    def probe(situations_settings: SituationsSettingsResource):
        seen.update(segments=situations_settings.segments_config, units=situations_settings.units_config)

    def run(settings: dict) -> bool:
        run_config = {"resources": {"situations_settings": {"config": settings}}}
        return dg.materialize([probe], resources={"situations_settings": SituationsSettingsResource()},
                              run_config=run_config, raise_on_error=False).success

    assert run({"segments": {"window_turns": 16, "min_forward_step": 8, "embedding": {"block_turns": 2}},
                "units": {"on_failure": "rules", "rules": {"max_gap_turns": 5}}})
    assert (seen["segments"].window_turns, seen["segments"].embedding.block_turns) == (16, 2)
    assert seen["segments"].embedding.depth_threshold == SegmentsConfig().embedding.depth_threshold
    assert (seen["units"].on_failure, seen["units"].rules.max_gap_turns) == ("rules", 5)
    assert not run({"segments": {"window_turns": 4}})  # the default forward step (10) is not inside the window
    assert not run({"units": {"on_failure": "retry"}})  # a Literal is checked by the engine model
