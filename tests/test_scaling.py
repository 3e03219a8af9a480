"""The scale-out configuration that can be checked without a cluster: instance YAML, k8s executor, GPU tags."""

from __future__ import annotations

import pytest
import yaml
from dagster._config import validate_config
from dagster._core.instance.config import dagster_instance_config

from assets.definitions import build_definitions
from tests.conftest import REPO_ROOT

DEPLOY = REPO_ROOT / "deploy"


def test_instance_yaml_passes_dagsters_schema():
    config, _ = dagster_instance_config(str(DEPLOY))
    assert config["run_launcher"]["class"] == "K8sRunLauncher"
    assert config["concurrency"]["pools"]["granularity"] == "op"


def test_launcher_and_storage_configs_validate_against_their_classes():
    dagster_k8s = pytest.importorskip("dagster_k8s", reason="the `deploy` extra is not installed")
    dagster_postgres = pytest.importorskip("dagster_postgres", reason="the `deploy` extra is not installed")
    raw = yaml.safe_load((DEPLOY / "dagster.yaml").read_text())
    launcher = validate_config(dagster_k8s.K8sRunLauncher.config_type(), raw["run_launcher"]["config"])
    assert launcher.success, launcher.errors
    storage = validate_config(dagster_postgres.DagsterPostgresStorage.config_type(), raw["storage"]["postgres"])
    assert storage.success, storage.errors


def test_k8s_executor_keeps_gpu_requests_on_gpu_steps_only():
    pytest.importorskip("dagster_k8s", reason="the `deploy` extra is not installed")
    job = build_definitions(executor="k8s").resolve_job_def("memory_job")
    assert job.executor_def.name == "k8s"
    gpu_steps = {
        name
        for name, node in job.graph.node_dict.items()
        if "nvidia.com/gpu" in str(node.definition.tags.get("dagster-k8s/config", ""))
    }
    # the encoders, and the steps that may run an in-process vLLM (they pass through quickly without one)
    assert gpu_steps == {"gate_scores", "memory_embeddings", "segments", "units", "consolidation"}


def test_deploy_storage_connects_through_the_driver_dagster_postgres_installs():
    """SQLAlchemy 2.1 maps a bare ``postgresql://`` to psycopg 3, which dagster-postgres does not bring."""
    dagster_postgres = pytest.importorskip("dagster_postgres", reason="the `deploy` extra is not installed")
    import sqlalchemy

    raw = yaml.safe_load((DEPLOY / "dagster.yaml").read_text())["storage"]["postgres"]["postgres_db"]
    settings = {**raw, "hostname": "db", "username": "dagster", "password": "secret", "db_name": "dagster"}
    url = dagster_postgres.utils.pg_url_from_config({"postgres_db": settings})
    assert sqlalchemy.engine.make_url(url).get_dialect().driver == "psycopg2"
