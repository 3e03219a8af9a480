"""Shared fixtures: a fresh lake per test, and the real data beside the repo when it is there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memory_pipeline.lake import Lake

REPO_ROOT = Path(__file__).resolve().parents[1]
# The data sets live beside the checkout (../shared/data) and are never committed; tests that need them skip.
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
LOCOMO_DEV = SHARED_DATA / "locomo" / "locomo10.dev.json"


# The long tier: the same behaviours again at full scale or on a second backend (the whole LoCoMo dev file, real
# vLLM in-process and served, a kill -9 in every step, Postgres, a 40-conversation backfill). The default run
# keeps one test of each behaviour so it stays well under 15 minutes on a 2-core machine; `--full` (what CI runs
# through `scripts/test.sh --full`) adds the rest. Deselected, not skipped: a skip would read as something missing.
FULL_OPTION = "--full"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(FULL_OPTION, action="store_true", help="also run the long tier (tests marked `full`)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption(FULL_OPTION) or os.environ.get("MEMORY_PIPELINE_FULL_TESTS") == "1":
        return
    long_tier = [item for item in items if item.get_closest_marker("full")]
    if long_tier:
        config.hook.pytest_deselected(items=long_tier)
        items[:] = [item for item in items if not item.get_closest_marker("full")]


def require_shared(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"real data not available: {path} is absent (set MEMORY_PIPELINE_SHARED_DATA)")
    return path


@pytest.fixture
def shared_data() -> Path:
    return require_shared(SHARED_DATA)


@pytest.fixture
def locomo_dev() -> Path:
    return require_shared(LOCOMO_DEV)


@pytest.fixture
def lake(tmp_path: Path) -> Lake:
    lake = Lake(tmp_path / "lake")
    lake.ensure_layout()
    return lake


@pytest.fixture(scope="session")
def sample_lake(tmp_path_factory) -> Lake:
    """The bundled samples ingested and run through the whole pipeline, once per session. Read it; copy it before
    anything that writes (the UI writes into its Dagster home)."""
    from memory_pipeline.cli import EXIT_OK, main

    root = tmp_path_factory.mktemp("samples") / "lake"
    assert main(["--lake", str(root), "ingest", "--samples"]) == EXIT_OK
    assert main(["--lake", str(root), "run", "--all"]) == EXIT_OK
    return Lake(root)


# Models shared by many test modules: loaded once per test session, not once per module.
@pytest.fixture(scope="session")
def parser():
    from memory_pipeline.config import ParserConfig
    from memory_pipeline.parsing import load_parser

    return load_parser(ParserConfig())


@pytest.fixture(scope="session")
def resolver():
    from memory_pipeline.extraction import TemporalResolver

    return TemporalResolver()


@pytest.fixture(scope="session")
def embedder():
    from memory_pipeline.config import EmbedderConfig
    from memory_pipeline.embeddings import Embedder

    return Embedder.load(EmbedderConfig(device="cpu"))


# Two small synthetic conversations: enough for a step to be caught between two partitions, small enough that a
# whole run is mostly model loading. Shared by the crash and concurrency tests, which compare against one
# uninterrupted run.
SYNTHETIC_CONVERSATIONS = 2


@pytest.fixture(scope="session")
def synthetic_lake(tmp_path_factory) -> Path:
    """A lake with the synthetic conversations ingested and nothing run; tests copy it and never change it."""
    import json

    from memory_pipeline.cli import EXIT_OK, main
    from memory_pipeline.synthetic import synthetic_conversations

    folder = tmp_path_factory.mktemp("synthetic")
    source = folder / "synthetic.json"
    source.write_text(json.dumps(synthetic_conversations(SYNTHETIC_CONVERSATIONS)))
    assert main(["--lake", str(folder / "lake"), "ingest", str(source)]) == EXIT_OK
    return folder / "lake"


@pytest.fixture(scope="session")
def synthetic_reference(synthetic_lake, tmp_path_factory) -> Path:
    """A copy of ``synthetic_lake`` after one uninterrupted ``memory-pipeline run --all`` in its own process."""
    from tests.pipeline_runs import copy_lake, run_cli

    lake = copy_lake(synthetic_lake, tmp_path_factory.mktemp("reference") / "lake")
    result = run_cli(lake, "run", "--all")
    assert result.returncode == 0, result.stdout + result.stderr
    return lake


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL server for the session (tests/postgres_server.py), or a skip saying what is missing."""
    from tests.postgres_server import PostgresServer, unavailable_reason

    reason = unavailable_reason()
    if reason:
        pytest.skip(reason)
    with PostgresServer() as server:
        yield server
