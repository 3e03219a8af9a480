"""FTA units on LoCoMo dev: units alone against entries alone and against speaker-attributed raw turns.

Runs the pipeline's engine pieces in-process: LoCoMo reader -> shipped gate -> extractor (with and without deictic
grounding) -> segments (``--segments bws``, the default: the ``segments`` stage as the chain runs it, BWS with the
embedding detector; ``--segments fixed``: every session cut into windows of ``--window`` consecutive turns, the
stand-in used before the stage existed) -> ``build_fta_units`` (rules builder) -> the evaluation's retrieval and
temporal-grounding functions (``memory_pipeline/evaluation/``), with one MiniLM encoder for every corpus.

Rules were chosen on the ``--tune`` conversations only; the figures to report are those of the others.

    python benchmarks/bench_units.py [--locomo FILE] [--segments bws|fixed] [--window 8] [--tune conv-26,conv-30] [--cache DIR] [--json OUT]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent))

from report import print_numbers  # noqa: E402

from memory_pipeline.config import EmbedderConfig, ExtractorConfig, GateConfig, ParserConfig  # noqa: E402
from memory_pipeline.evaluation.evidence import resolve_evidence  # noqa: E402
from memory_pipeline.evaluation.questions import scored_questions  # noqa: E402
from memory_pipeline.evaluation.retrieval import (  # noqa: E402
    encode,
    memory_corpus,
    memory_source_turns,
    recall_at_budget,
    recall_at_k,
    retrieve,
    turn_corpus,
)
from memory_pipeline.evaluation.temporal import MemoryEvent, event_interval, temporal_outcomes  # noqa: E402
from memory_pipeline.grounding import WE, YOU  # noqa: E402
from memory_pipeline.ingest import read_source  # noqa: E402
from memory_pipeline.ingest.frames import conversation_frames  # noqa: E402
from memory_pipeline.lake import stable_id  # noqa: E402
from memory_pipeline.schemas import MEMORY_EMBEDDINGS  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
LOCOMO_DEV = SHARED_DATA / "locomo" / "locomo10.dev.json"
TUNE = ("conv-26", "conv-30")


@dataclass
class MemoEncoder:
    """The evaluation's encoder, remembering every text it encoded (on disk with ``--cache``)."""

    embedder: object
    path: Path | None = None
    memo: dict[str, np.ndarray] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def model_name(self) -> str:
        return self.embedder.model_name

    def load(self) -> MemoEncoder:
        if self.path is not None and self.path.exists():
            data = np.load(self.path)
            self.memo = {key: data[key] for key in data.files}
        return self

    def save(self) -> None:
        if self.path is not None:
            np.savez(self.path, **self.memo)

    def encode(self, texts: list[str]) -> np.ndarray:
        keys = [hashlib.sha1(t.encode()).hexdigest() for t in texts]
        todo = sorted({k: t for k, t in zip(keys, texts) if k not in self.memo}.items())
        if todo:
            started = time.perf_counter()
            vectors = self.embedder.encode([t for _, t in todo])
            self.seconds += time.perf_counter() - started
            self.memo.update({k: v for (k, _), v in zip(todo, vectors)})
        return np.stack([self.memo[k] for k in keys]) if keys else np.zeros((0, 384), np.float32)


def locomo_turns(path: Path) -> pl.DataFrame:
    frames = []
    for conversation in read_source(path):
        _, turns = conversation_frames(conversation, {"file": path.name, "path": path.name, "format": "locomo", "sha256": ""})
        frames.append(turns)
    return pl.concat(frames)


def fixed_windows(turns: pl.DataFrame, window: int) -> pl.DataFrame:
    """Stand-in for the segments stage: each session cut into runs of ``window`` consecutive turns."""
    rows = []
    ordered = turns.sort("conversation_id", "session_index", "turn_index", "seq")
    for frame in ordered.partition_by(["conversation_id", "session_id"], maintain_order=True):
        ids, indices = frame["turn_id"].to_list(), frame["turn_index"].to_list()
        for start in range(0, len(ids), window):
            chunk = ids[start : start + window]
            rows.append(
                {
                    "segment_id": stable_id(frame["conversation_id"][0], frame["session_id"][0], *chunk),
                    "conversation_id": frame["conversation_id"][0],
                    "session_id": frame["session_id"][0],
                    "start_turn_index": indices[start],
                    "end_turn_index": indices[start + len(chunk) - 1],
                    "turn_ids": chunk,
                    "boundary_trigger": "fixed_window",
                    "detector": f"fixed-{window}",
                }
            )
    return pl.DataFrame(rows)


def entry_sources_of(entries: pl.DataFrame) -> pl.DataFrame:
    """The entries' ``memory_sources`` rows (one source turn each, as the extractor writes them)."""
    return entries.select(
        "memory_id", pl.col("source_turn_id").alias("turn_id"), "conversation_id",
        pl.lit("entry").alias("memory_kind"), pl.lit("source").alias("role"),
    )


def timed(fn):
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def cached_frame(cache: Path | None, name: str, build):
    """(frame, seconds): from the cache when it has it (with the seconds it took then), else built and stored."""
    if cache is not None and (cache / f"{name}.parquet").exists():
        seconds = json.loads((cache / "seconds.json").read_text()).get(name, math.nan)
        return pl.read_parquet(cache / f"{name}.parquet"), seconds
    frame, seconds = timed(build)
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        frame.write_parquet(cache / f"{name}.parquet")
        times_path = cache / "seconds.json"
        times = json.loads(times_path.read_text()) if times_path.exists() else {}
        times_path.write_text(json.dumps({**times, name: seconds}))
    return frame, seconds


def you_rate(frame: pl.DataFrame, kind: str) -> float:
    return float(frame["unresolved_deixis"].list.contains(kind).mean()) if frame.height else math.nan


def says_you(frame: pl.DataFrame) -> float:
    """Share of texts with any second-person word at all (discourse markers included): the plain reading."""
    return float(frame["text"].str.contains(r"(?i)\b(?:you|your|yours|yourself|yourselves)\b").mean()) if frame.height else math.nan


def words_per_item(frame: pl.DataFrame) -> float:
    return float(frame["text"].str.split(" ").list.len().mean()) if frame.height else math.nan


def retrieval(questions, evidence, turns, corpora: dict[str, tuple[pl.DataFrame, pl.DataFrame]], encoder) -> dict[str, list]:
    """Outcomes per corpus: stored memories (entries, units, ...) and the raw-turn baselines."""
    empty = pl.from_arrow(MEMORY_EMBEDDINGS.empty_table())
    outcomes: dict[str, list] = {name: [] for name in [*corpora, "speaker", "raw"]}
    for conversation_id in sorted({q.conversation_id for q in questions}):
        asked = [q for q in questions if q.conversation_id == conversation_id]
        mine = pl.col("conversation_id") == conversation_id
        found = {
            name: memory_corpus(conversation_id, items.filter(mine), sources.filter(mine), empty, encoder)[0]
            for name, (items, sources) in corpora.items()
        }
        part = turns.filter(mine)
        found["speaker"] = turn_corpus("speaker", conversation_id, part, encoder, speaker_prefix=True)
        found["raw"] = turn_corpus("raw", conversation_id, part, encoder, speaker_prefix=False)
        vectors = encode(encoder, [q.question for q in asked])
        for name, corpus in found.items():
            outcomes[name].extend(retrieve(corpus, q, evidence[q.question_id], v) for q, v in zip(asked, vectors))
    return outcomes


def grounding(questions, evidence, turns, items: pl.DataFrame, sources: pl.DataFrame) -> dict:
    session_times = dict(zip(turns["turn_id"].to_list(), turns["session_time"].to_list()))
    turns_of = memory_source_turns(items, sources)
    memories = [
        MemoryEvent(mid, frozenset(turns_of.get(mid, ())), event_interval(start, end), basis == "expression")
        for mid, start, end, basis in items.select("memory_id", "event_start", "event_end", "event_time_basis").rows()
    ]
    found = temporal_outcomes(questions, evidence, session_times, memories)
    n = len(found)
    share = lambda flag: sum(getattr(o, flag) for o in found) / n if n else math.nan  # noqa: E731
    return {"n": n, "strict": share("memory_grounded"), "near": share("memory_near"), "session_rule": share("session_rule_grounded")}


def split_figures(name, ids, turns, entries_before, entries, units, unit_sources, entry_sources, questions, encoder, units_before) -> dict:
    """Every figure of one split (tuning or reporting conversations)."""
    inside = pl.col("conversation_id").is_in(ids)
    units_before = units_before.filter(inside)
    turns, entries_before, entries = turns.filter(inside), entries_before.filter(inside), entries.filter(inside)
    units, unit_sources, entry_sources = units.filter(inside), unit_sources.filter(inside), entry_sources.filter(inside)
    asked = [q for q in questions if q.conversation_id in ids]
    known = set(turns["turn_id"].to_list())
    evidence = {q.question_id: resolve_evidence(q.conversation_id, q.evidence_ids, known).turn_ids for q in asked}
    asked = [q for q in asked if evidence[q.question_id]]
    unit_items = units.select("memory_id", "conversation_id", "text", "source_turn_id", "event_start", "event_end", "event_time_basis")
    stated_only = unit_sources.filter(pl.col("role") == "source")
    corpora = {
        "entries": (entries, entry_sources),
        "units": (unit_items, unit_sources),
        "units_source_role": (unit_items, stated_only),
    }
    outcomes = retrieval(asked, evidence, turns, corpora, encoder)
    figures: dict = {"conversations": ",".join(ids), "questions": len(asked), "turns": turns.height}
    for corpus, found in outcomes.items():
        figures[f"{corpus}_recall@200w"] = recall_at_budget(found, 200)
        figures[f"{corpus}_recall@400w"] = recall_at_budget(found, 400)
        figures[f"{corpus}_recall@10"] = recall_at_k(found, 10)
    figures.update(
        entries=entries.height,
        units=units.height,
        entries_per_turn=entries.height / turns.height,
        units_per_turn=units.height / turns.height,
        words_per_entry=words_per_item(entries),
        words_per_unit=words_per_item(units),
        unresolved_you_entries_before=you_rate(entries_before, YOU),
        unresolved_you_entries=you_rate(entries, YOU),
        unresolved_you_units_before=you_rate(units_before, YOU),
        unresolved_you_units=you_rate(units, YOU),
        says_you_entries_before=says_you(entries_before),
        says_you_entries=says_you(entries),
        says_you_units=says_you(units),
        unresolved_we_entries_before=you_rate(entries_before, WE),
        unresolved_we_entries=you_rate(entries, WE),
        unresolved_we_units_before=you_rate(units_before, WE),
        unresolved_we_units=you_rate(units, WE),
        partial_units=int((units["completeness"] == "partial").sum()),
        pending_units=int((units["status"] == "pending").sum()),
    )
    for corpus, (items, sources) in {"entries": (entries, entry_sources), "units": (unit_items, unit_sources)}.items():
        g = grounding(asked, evidence, turns, items, sources)
        figures[f"temporal_questions"] = g["n"]
        figures[f"{corpus}_temporal_strict"] = g["strict"]
        figures[f"{corpus}_temporal_near"] = g["near"]
        figures["session_rule_temporal_strict"] = g["session_rule"]
    g = grounding(asked, evidence, turns, unit_items, stated_only)
    figures["units_source_role_temporal_strict"] = g["strict"]
    return {f"{name}.{key}": value for key, value in figures.items()}


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--locomo", type=Path, default=LOCOMO_DEV)
    args.add_argument("--segments", choices=["bws", "fixed"], default="bws")
    args.add_argument("--window", type=int, default=8, help="turns per window with --segments fixed")
    args.add_argument("--tune", default=",".join(TUNE))
    args.add_argument("--cache", type=Path, default=None, help="keep gate scores, entries and vectors between runs")
    args.add_argument("--json", type=Path, default=None)
    args.add_argument("--only", choices=["tune", "report"], default=None, help="figures of one split only")
    opts = args.parse_args()
    if not opts.locomo.exists():
        raise SystemExit(f"LoCoMo file not found: {opts.locomo} (set MEMORY_PIPELINE_SHARED_DATA or pass --locomo)")

    from memory_pipeline.embeddings import Embedder
    from memory_pipeline.extraction import TemporalResolver, extract_memories
    from memory_pipeline.parsing import load_parser
    from memory_pipeline.units import AffectAnalyser, BuilderResources, build_fta_units

    turns = locomo_turns(opts.locomo)
    parser, resolver = load_parser(ParserConfig()), TemporalResolver()

    def gate_scores():
        from memory_pipeline.gate import GateModel, score_turns

        return score_turns(GateModel.load(GateConfig(device="cpu")), turns)

    def extraction(ground: bool):
        return lambda: extract_memories(turns, scores, parser, ExtractorConfig(ground_deixis=ground), resolver).entries

    scores, gate_s = cached_frame(opts.cache, "gate_scores", gate_scores)
    parser.parse_batch(turns["text"].to_list()[:32])  # warm-up, so the timed run is the steady state
    entries_before, _ = cached_frame(opts.cache, "entries_ungrounded", extraction(False))
    entries, extract_s = cached_frame(opts.cache, "entries", extraction(True))
    entry_sources = entry_sources_of(entries)
    embedder = Embedder.load(EmbedderConfig(device="cpu"))
    if opts.segments == "bws":
        from memory_pipeline.config import SegmentsConfig
        from memory_pipeline.segments import DetectorResources, build_segments, load_detector

        config = SegmentsConfig()
        detector = load_detector(config, DetectorResources(embedder=embedder))
        segmented, segments_s = timed(lambda: build_segments(turns, detector, config))
        segments, segments_label = segmented.segments, "BWS, embedding detector (the segments stage's default)"
    else:
        segments, segments_s = timed(lambda: fixed_windows(turns, opts.window))
        segments_label = f"fixed windows of {opts.window} turns"
    resources = BuilderResources(AffectAnalyser.load())
    result, units_s = timed(lambda: build_fta_units(turns, segments, entries, entry_sources, resources))
    ungrounded = build_fta_units(turns, segments, entries_before, entry_sources_of(entries_before), resources).units
    encoder = MemoEncoder(embedder, opts.cache / "vectors.npz" if opts.cache else None).load()
    _, entry_embed_s = timed(lambda: Embedder.encode(encoder.embedder, entries["text"].to_list()))
    _, unit_embed_s = timed(lambda: Embedder.encode(encoder.embedder, result.units["text"].to_list()))

    questions = scored_questions(opts.locomo)
    ids = turns["conversation_id"].unique(maintain_order=True).to_list()
    tune = [c for c in ids if c in opts.tune.split(",")]
    report = [c for c in ids if c not in tune]
    n = turns.height
    numbers: dict = {
        "segments": segments_label,
        "turns": n,
        "segments_count": segments.height,
        "turns_per_segment": n / max(segments.height, 1),
        "units_builder": result.metrics["builder"],
        "fused_units": result.metrics["fused_units"],
        "gate_s_per_1000_turns": 1000 * gate_s / n,
        "extraction_s_per_1000_turns": 1000 * extract_s / n,
        "segments_s_per_1000_turns": 1000 * segments_s / n,
        "units_s_per_1000_turns": 1000 * units_s / n,
        "entry_embedding_s_per_1000_turns": 1000 * entry_embed_s / n,
        "unit_embedding_s_per_1000_turns": 1000 * unit_embed_s / n,
        "units_vs_extraction": units_s / extract_s,
        "units_vs_gate_extraction_embedding": units_s / (gate_s + extract_s + entry_embed_s),
        "segments_and_units_vs_gate_extraction_embedding": (segments_s + units_s) / (gate_s + extract_s + entry_embed_s),
    }
    for name, chosen in (("tune", tune), ("report", report)):
        if chosen and opts.only in (None, name):
            numbers.update(
                split_figures(name, chosen, turns, entries_before, entries, result.units, result.sources,
                              entry_sources, questions, encoder, ungrounded)
            )
    encoder.save()
    print_numbers(numbers, json_path=opts.json)


if __name__ == "__main__":
    main()
