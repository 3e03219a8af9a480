"""The Dagster UI in a real browser, as a user inspecting lineage sees it: headless Chromium (Debian's
``chromium``, driven by Playwright; nothing downloads a browser) on ``dagster-webserver`` over a lake built from
the samples.

It checks that the asset graph shows the chain from ``turns`` to the memory tables, that a memory table's page
shows its partitions and its latest materialisation's metadata (row count, preview, timings), and that every
column says what it is computed from (``assets/lineage.py``). Screenshots are kept in ``tests/artifacts/ui/``
(``$MEMORY_PIPELINE_TEST_ARTIFACTS/ui`` when set); their paths are printed.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
import requests

from assets.definitions import build_definitions
from assets.lineage import COLUMN_SOURCES, UPSTREAM_TAG_PREFIX
from memory_pipeline.cli.orchestration import chain_of
from memory_pipeline.lake import Lake
from tests.conftest import REPO_ROOT
from tests.dagster_ui import serve_ui
from tests.pipeline_runs import copy_lake

pytestmark = [pytest.mark.slow, pytest.mark.webserver, pytest.mark.browser]

MEMORY_TABLE = "memory_entries"
LAST_STAGE = "memory_embeddings"
TIMEOUT_MS = 120_000  # the code location loads in its own process after the server answers; this machine is slow


def chromium_executable() -> str:
    """Debian's Chromium (``$MEMORY_PIPELINE_CHROMIUM`` overrides), or a skip that says how to get it."""
    found = os.environ.get("MEMORY_PIPELINE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip("no Chromium: apt-get install chromium (scripts/test-deps.sh does it as root)")
    return found


def artifacts_folder() -> Path:
    folder = Path(os.environ.get("MEMORY_PIPELINE_TEST_ARTIFACTS", REPO_ROOT / "tests" / "artifacts")) / "ui"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def ui(sample_lake: Lake, tmp_path_factory):
    """A browser page on the UI of a copy of the sample lake, past the first-run dialog; yields (url, page, lake)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the `test` extra")
    executable = chromium_executable()
    lake = copy_lake(sample_lake.root, tmp_path_factory.mktemp("ui") / "lake")
    with serve_ui(lake) as url, sync_api.sync_playwright() as playwright:
        # --no-sandbox: Chromium's sandbox refuses to run as root, which CI is.
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            page = browser.new_page(viewport={"width": 1600, "height": 1000})
            page.set_default_timeout(TIMEOUT_MS)
            sync_api.expect.set_options(timeout=TIMEOUT_MS)
            page.goto(f"{url}/asset-groups")
            _get_past_first_run_dialog(page, sync_api)
            yield url, page, Lake(lake)
        finally:
            browser.close()


def _get_past_first_run_dialog(page, sync_api) -> None:
    """A new Dagster home opens with a "Join the Dagster community" dialog over the page; skip it as a user would."""
    skip = page.get_by_role("button", name="Skip")
    try:
        skip.wait_for(state="visible", timeout=60_000)
    except sync_api.TimeoutError:
        return  # this Dagster home has seen it already
    skip.click()
    sync_api.expect(page.get_by_text("Join the Dagster community")).to_be_hidden()


def _screenshot(page, name: str) -> None:
    path = artifacts_folder() / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")


def test_asset_graph_shows_the_chain_from_turns_to_the_memory_tables(ui):
    from playwright.sync_api import expect

    url, page, _ = ui
    chain = chain_of(build_definitions())
    upstream, frontier = set(), {LAST_STAGE}
    while frontier:  # every ancestor of the last stage inside the chain: turns, the gate, the memory tables
        frontier = {parent for asset in frontier for parent in chain.parents[asset]} - upstream
        upstream |= frontier
    assert {"turns", "gate_scores", MEMORY_TABLE} <= upstream
    # The graph opens one level deep; a depth as long as the chain shows all of it (the "All" button's view).
    page.goto(f"{url}/assets/{LAST_STAGE}?view=lineage&lineageScope=upstream&lineageDepth={len(chain.assets)}")
    graph_nodes = page.locator("foreignObject")
    for asset in sorted(upstream | {LAST_STAGE}):
        expect(graph_nodes.get_by_text(asset, exact=True).first).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Loading"))).to_have_count(0)  # every node with its partitions' status
    _screenshot(page, "asset-graph-upstream-of-memory-embeddings")


def test_memory_table_page_shows_partitions_and_latest_materialisation_metadata(ui):
    from playwright.sync_api import expect

    url, page, lake = ui
    partitions = lake.partitions(MEMORY_TABLE)
    page.goto(f"{url}/assets/{MEMORY_TABLE}?view=partitions")
    expect(page.get_by_text(f"Materialized ({len(partitions)})")).to_be_visible()
    for partition in partitions:
        expect(page.get_by_text(partition, exact=True).first).to_be_visible()
    page.get_by_text(partitions[0], exact=True).first.click()  # its latest materialisation, with metadata
    for key in ("dagster/row_count", "preview", "seconds"):
        expect(page.get_by_text(key, exact=True).first).to_be_visible()
    _screenshot(page, "memory-entries-partitions")

    page.goto(f"{url}/assets/{MEMORY_TABLE}")
    expect(page.get_by_text("Latest materialization").first).to_be_visible()
    expect(page.get_by_text("Row count", exact=True)).to_be_visible()
    for key in ("preview", "seconds"):  # the overview's metadata table
        expect(page.get_by_text(key, exact=True).first).to_be_visible()


def test_columns_say_where_a_memorys_text_time_and_scope_come_from(ui):
    from playwright.sync_api import expect

    url, page, _ = ui
    page.goto(f"{url}/assets/{MEMORY_TABLE}")
    expect(page.get_by_text("Columns", exact=True)).to_be_visible()
    for column in ("text", "event_start", "event_end", "event_time_text", "scope", "source_turn_id"):
        row = page.locator("tr", has=page.get_by_text(column, exact=True))
        for source in COLUMN_SOURCES[MEMORY_TABLE][column]:
            expect(row.get_by_text(f"{UPSTREAM_TAG_PREFIX}{source}", exact=True)).to_be_visible()
    _screenshot(page, "memory-entries-columns")

    # The same lineage as Dagster's own column-lineage metadata on the latest materialisation, for its API.
    query = """{ assetNodes(assetKeys: [{path: ["%s"]}]) { assetMaterializations(limit: 1) { metadataEntries {
        label ... on TableColumnLineageMetadataEntry { lineage { columnName columnDeps { assetKey { path } columnName } } }
    } } } }""" % MEMORY_TABLE
    reply = requests.post(f"{url}/graphql", json={"query": query}, timeout=60)
    entries = reply.json()["data"]["assetNodes"][0]["assetMaterializations"][0]["metadataEntries"]
    (lineage,) = [entry["lineage"] for entry in entries if entry["label"] == "dagster/column_lineage"]
    served = {
        item["columnName"]: {f"{dep['assetKey']['path'][-1]}.{dep['columnName']}" for dep in item["columnDeps"]}
        for item in lineage
    }
    assert served == {column: set(sources) for column, sources in COLUMN_SOURCES[MEMORY_TABLE].items()}
