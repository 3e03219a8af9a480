"""`dagster-webserver -w workspace.yaml` serves the asset graph with its partitions (over real HTTP)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest
import requests

from memory_pipeline.cli import EXIT_OK, main
from tests.conftest import REPO_ROOT

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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def webserver(tmp_path):
    """The UI as the README starts it: DAGSTER_HOME inside a lake that the CLI has ingested into."""
    lake = tmp_path / "lake"
    assert main(["--lake", str(lake), "ingest", "--samples"]) == EXIT_OK
    port = _free_port()
    env = {**os.environ, "DAGSTER_HOME": str(lake / ".dagster"), "MEMORY_PIPELINE_LAKE": str(lake)}
    process = subprocess.Popen(
        [sys.executable, "-m", "dagster_webserver", "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"dagster-webserver exited: {process.stderr.read().decode()[-2000:]}")
            try:
                if requests.get(f"{url}/server_info", timeout=2).ok:
                    break
            except requests.ConnectionError:
                time.sleep(1)
        else:
            pytest.fail("dagster-webserver did not answer within 180 s")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


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
