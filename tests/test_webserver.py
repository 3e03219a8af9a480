"""`dagster-webserver -w workspace.yaml` serves the asset graph with its partitions (over real HTTP)."""

from __future__ import annotations

import time

import pytest
import requests

from memory_pipeline.cli import EXIT_OK, main
from tests.dagster_ui import serve_ui

ASSET_NODES_QUERY = """
{
  assetNodes {
    assetKey { path }
    groupName
    isPartitioned
    partitionDefinition { name type }
    partitionKeys
  }
}
"""


@pytest.fixture
def webserver(tmp_path):
    """The UI as the README starts it: DAGSTER_HOME inside a lake that the CLI has ingested into."""
    lake = tmp_path / "lake"
    assert main(["--lake", str(lake), "ingest", "--samples"]) == EXIT_OK
    with serve_ui(lake) as url:
        yield url


@pytest.mark.slow
@pytest.mark.webserver
def test_graphql_lists_partitioned_asset_nodes(webserver):
    deadline = time.monotonic() + 120
    while True:  # the code location loads in a subprocess after the server answers
        reply = requests.post(f"{webserver}/graphql", json={"query": ASSET_NODES_QUERY}, timeout=30)
        reply.raise_for_status()
        nodes = reply.json().get("data", {}).get("assetNodes") or []
        if nodes or time.monotonic() > deadline:
            break
        time.sleep(2)
    by_key = {"/".join(node["assetKey"]["path"]): node for node in nodes}
    for key in ("conversations", "turns", "gate_scores", "memory_entries", "memory_sources", "memory_embeddings"):
        assert key in by_key, f"{key} missing from {sorted(by_key)}"
        assert by_key[key]["isPartitioned"]
        assert by_key[key]["partitionDefinition"]["name"] == "conversations"
        assert by_key[key]["partitionDefinition"]["type"] == "DYNAMIC"
    assert "evaluation_report" in by_key and not by_key["evaluation_report"]["isPartitioned"]
    # the UI shares the CLI's instance: the partitions `ingest` registered are there
    assert len(by_key["turns"]["partitionKeys"]) == 4
    assert all(key.startswith("sample-") for key in by_key["turns"]["partitionKeys"])
