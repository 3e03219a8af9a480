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
