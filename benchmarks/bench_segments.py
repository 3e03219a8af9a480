"""Segment boundaries at known joins, segment sizes, and the stage's cost beside the bare encoder.

Sessions of different conversations are joined end to end (``memory_pipeline.evaluation.segment_joins``), so
every join is a boundary to find. Thresholds are chosen on one part of the data and reported on others:

* ``tune``: a grid over the embedding detector's settings on MSC **valid** (session_2 files), best F1 at +-1 turn
  on trimmed joins. Nothing reported as a result comes from this split.
* ``report``: the shipped ``SegmentsConfig()`` on MSC **test** (session_2 files) and the five LoCoMo **dev**
  conversations: precision and recall at the joins (exact and +-1), segments per session, turns per segment;
  then seconds per 1,000 turns of ``build_segments`` on LoCoMo dev's real sessions beside the embedder's own
  encode time of the same texts.

    python benchmarks/bench_segments.py tune [--sessions 450]
    python benchmarks/bench_segments.py ablate [--sessions 450]     (cue machinery on/off, MSC valid)
    python benchmarks/bench_segments.py report [--sessions 450] [--json out.json]
    python benchmarks/bench_segments.py cost [--json out.json]       (only the cost figures, LoCoMo dev)
    python benchmarks/bench_segments.py gate-states [--layer 4]      (the gate encoder's own states as the
        detector's vectors, which would save the stage's encode: settings chosen on MSC valid as in ``tune``,
        reported on MSC test and LoCoMo dev beside the shipped MiniLM detector)
    python benchmarks/bench_segments.py report --detector llm --llm-backend vllm|openai --llm-model NAME
        [--splits msc_test] [--no-untrimmed] [--no-cost]     (smaller runs for a slow LLM)
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

import numpy as np
import polars as pl

from memory_pipeline.config import EmbedderConfig
from memory_pipeline.embeddings import Embedder
from memory_pipeline.evaluation.segment_joins import (
    JoinedSessions,
    boundary_scores,
    chance_precision,
    join_sessions,
)
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import turns_frame
from memory_pipeline.segments import (
    BoundaryDetector,
    DetectorResources,
    EmbeddingDetectorConfig,
    SegmentsConfig,
    build_segments,
    load_detector,
)
from memory_pipeline.segments.embedding import EmbeddingDetector

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import print_numbers  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
LOCOMO_DEV = SHARED_DATA / "locomo" / "locomo10.dev.json"
MSC_VALID = SHARED_DATA / "msc" / "msc_dialogue" / "session_2" / "valid.txt"
MSC_TEST = SHARED_DATA / "msc" / "msc_dialogue" / "session_2" / "test.txt"
PIECES_PER_SESSION = 3
TRIM = 2  # turns cut from each end of a piece: no goodbye-then-hello at a join


class MemoEmbedder:
    """Encodes each distinct text once across calls, so a settings grid pays for the encoder once."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self.cache: dict[str, np.ndarray] = {}

    def encode(self, texts):
        missing = list(dict.fromkeys(t for t in texts if t not in self.cache))
        for text, vector in zip(missing, self.embedder.encode(missing)):
            self.cache[text] = vector
        return np.stack([self.cache[t] for t in texts]) if texts else np.zeros((0, self.embedder.dimension), np.float32)


def turns_of(path: Path, max_sessions: int | None = None) -> pl.DataFrame:
    """The ``turns`` frame of a source file, cut after ``max_sessions`` sessions (whole conversations)."""
    frames, sessions = [], 0
    for conversation in read_source(path):
        frames.append(turns_frame(conversation))
        sessions += len(conversation.sessions)
        if max_sessions is not None and sessions >= max_sessions:
            break
    return pl.concat(frames)


def join_figures(joined: JoinedSessions, detector: BoundaryDetector, config: SegmentsConfig) -> dict:
    result = build_segments(joined.turns, detector, config)
    exact, near = boundary_scores(result.segments, joined.joins, 0), boundary_scores(result.segments, joined.joins, 1)
    n_turns = joined.turns.height
    return {
        "synthetic_sessions": len(joined.joins),
        "joins": joined.n_joins,
        "turns": n_turns,
        "boundaries": exact.boundaries,
        "precision_exact": exact.precision,
        "recall_exact": exact.recall,
        "f1_exact": exact.f1,
        "precision_pm1": near.precision,
        "recall_pm1": near.recall,
        "f1_pm1": near.f1,
        "chance_precision_exact": chance_precision(joined, 0),
        "chance_precision_pm1": chance_precision(joined, 1),
        "segments_per_source_session": result.segments.height / joined.n_pieces,
        "turns_per_segment": n_turns / result.segments.height,
        "failed_windows": len(result.failures),
    }


def tune(args: argparse.Namespace) -> int:
    """Grid on MSC valid. The join F1 alone would pick segments as long as the joined pieces (a property of the
    benchmark, not of conversations), so the granularity is fixed by design first (``--granularity``: turns per
    segment on the joined sessions) and the settings that find joins best at that granularity win."""
    embedder = MemoEmbedder(Embedder.load(EmbedderConfig(device=args.device)))
    joined = join_sessions(turns_of(MSC_VALID, args.sessions), PIECES_PER_SESSION, TRIM)
    config = SegmentsConfig()
    rows = []
    grid = itertools.product((2, 3, 4, 5), (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5), (0.0, 0.03), (3, 4, 5, 6))
    for block, threshold, bonus, min_turns in grid:
        settings = EmbeddingDetectorConfig(
            block_turns=block, depth_threshold=threshold, cue_bonus=bonus, min_segment_turns=min_turns
        )
        figures = join_figures(joined, EmbeddingDetector(embedder, settings), config)
        rows.append({**settings.model_dump(), **figures})
    table = pl.DataFrame(rows).sort("f1_pm1", descending=True)
    if args.out:
        table.write_csv(args.out)
    low, high = args.granularity
    shown = (
        "block_turns", "depth_threshold", "cue_bonus", "min_segment_turns", "f1_pm1", "precision_pm1",
        "recall_pm1", "recall_exact", "turns_per_segment",
    )
    with pl.Config(tbl_rows=10, tbl_cols=12, tbl_width_chars=200):
        print(f"best at {low}..{high} turns per segment:")
        print(table.filter(pl.col("turns_per_segment").is_between(low, high)).select(shown).head(10))
        print("best overall (for reference):")
        print(table.select(shown).head(5))
    print(f"\nMSC valid: {len(joined.joins)} synthetic sessions, {joined.n_joins} joins, {joined.turns.height} turns")
    return 0


ABLATIONS = {
    "shipped": {},
    "cue_bonus=0": {"cue_bonus": 0.0},
    "no_cues": {"use_cues": False},
}


def ablate(args: argparse.Namespace) -> int:
    """The shipped settings against variants without parts of the cue machinery, on MSC valid only."""
    embedder = MemoEmbedder(Embedder.load(EmbedderConfig(device=args.device)))
    turns = turns_of(MSC_VALID, args.sessions)
    config = SegmentsConfig()
    numbers: dict = {}
    for trim in (TRIM, 0):
        joined = join_sessions(turns, PIECES_PER_SESSION, trim)
        for name, change in ABLATIONS.items():
            settings = config.embedding.model_copy(update=change)
            figures = join_figures(joined, EmbeddingDetector(embedder, settings), config)
            tag = f"{'trimmed' if trim else 'untrimmed'}.{name}"
            numbers.update({f"{tag}.{key}": figures[key] for key in ("f1_pm1", "precision_pm1", "recall_pm1", "recall_exact", "turns_per_segment")})
    print_numbers(numbers, decimals=3)
    return 0


def make_detector(args: argparse.Namespace, embedder: Embedder | None) -> tuple[BoundaryDetector, SegmentsConfig]:
    config = SegmentsConfig(detector=args.detector)
    if args.detector != "llm":
        return load_detector(config, DetectorResources(embedder=embedder)), config
    try:
        from memory_pipeline.llm import LLMConfig, build_client
    except ImportError:
        sys.exit("--detector llm needs memory_pipeline.llm (the LLM-backends package), absent from this checkout")
    client = build_client(LLMConfig(backend=args.llm_backend, model=args.llm_model), None)
    return load_detector(config, DetectorResources(embedder=embedder, client=client)), config


def report(args: argparse.Namespace) -> int:
    embedder = Embedder.load(EmbedderConfig(device=args.device))
    # the joined sessions reuse the source sessions' texts: encode each once; the cost figures use the bare embedder
    detector, config = make_detector(args, MemoEmbedder(embedder))
    numbers: dict = {"detector": args.detector}
    readers = {"msc_test": lambda: turns_of(MSC_TEST, args.sessions), "locomo_dev": lambda: turns_of(LOCOMO_DEV)}
    for split in args.splits.split(","):
        turns = readers[split]()
        for trim in (TRIM, 0) if args.untrimmed else (TRIM,):
            joined = join_sessions(turns, PIECES_PER_SESSION, trim)
            tag = f"{split}_{'trimmed' if trim else 'untrimmed'}"
            numbers.update({f"{tag}.{key}": value for key, value in join_figures(joined, detector, config).items()})
    if args.cost:
        numbers.update(cost_figures(turns_of(LOCOMO_DEV), make_detector(args, embedder)[0], config, embedder))
    print_numbers(numbers, decimals=3, json_path=args.json)
    return 0


def cost(args: argparse.Namespace) -> int:
    embedder = Embedder.load(EmbedderConfig(device=args.device))
    detector, config = make_detector(args, embedder)
    print_numbers(cost_figures(turns_of(LOCOMO_DEV), detector, config, embedder), decimals=3, json_path=args.json)
    return 0


def cost_figures(turns: pl.DataFrame, detector: BoundaryDetector, config: SegmentsConfig, embedder: Embedder) -> dict:
    """Wall and CPU seconds per 1,000 turns of the stage and of the bare encoder over the same texts, after a
    warm-up. CPU time (all threads of this process) is what the pipeline's budget counts, and it is less
    disturbed than wall time by other work on the machine."""
    from memory_pipeline.segments.stage import sessions_from_turns

    texts = [text for session in sessions_from_turns(turns) for text in session.texts]
    embedder.encode(texts[:64])
    wall, cpu = time.perf_counter(), time.process_time()
    embedder.encode(texts)
    encode_wall, encode_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    result = build_segments(turns, detector, config)
    stage_wall, stage_cpu = time.perf_counter() - wall, time.process_time() - cpu
    per_k = 1000 / len(texts)
    triggers = result.segments["boundary_trigger"].value_counts().sort("boundary_trigger").rows()
    return {
        **{f"real_sessions.trigger.{trigger}": count for trigger, count in triggers},
        "real_sessions.sessions": result.metrics["sessions"],
        "real_sessions.turns": len(texts),
        "real_sessions.segments_per_session": result.metrics["segments_per_session"],
        "real_sessions.turns_per_segment": result.metrics["turns_per_segment"],
        "real_sessions.windows": result.metrics["windows"],
        "stage_wall_s_per_1k_turns": stage_wall * per_k,
        "stage_cpu_s_per_1k_turns": stage_cpu * per_k,
        "bare_encode_wall_s_per_1k_turns": encode_wall * per_k,
        "bare_encode_cpu_s_per_1k_turns": encode_cpu * per_k,
        "stage_to_bare_encode_cpu": stage_cpu / encode_cpu,
        "load_average_1min": os.getloadavg()[0],
    }


class GateStatesDetector(EmbeddingDetector):
    """The embedding detector over given vectors (one per turn id) instead of the embedder's; cues are found once
    per session across the settings of a grid."""

    def __init__(self, by_turn: dict[str, np.ndarray], settings: EmbeddingDetectorConfig, found: dict) -> None:
        super().__init__(embedder=None, config=settings)
        self.by_turn, self.found = by_turn, found

    def vectors(self, sessions):
        return np.stack([self.by_turn[turn_id] for session in sessions for turn_id in session.turn_ids])

    def cues(self, session):
        key = (session.key, session.texts, self.config.use_cues, self.config.phatic_max_words)
        if key not in self.found:
            self.found[key] = super().cues(session)
        return self.found[key]


def gate_states(turns: pl.DataFrame, layer: int, device: str) -> dict[str, np.ndarray]:
    """turn id -> the mean of the gate encoder's hidden states over the turn's own tokens after ``layer`` blocks
    (the gate's packed input: the turn with its context), L2-normalised: what the gate computes anyway."""
    import torch

    from memory_pipeline.config import GateConfig
    from memory_pipeline.gate import GateModel
    from memory_pipeline.gate.infer import batch_to_device, collate, length_sorted_batches, pack_user_turns, pad_token_id
    from memory_pipeline.gate.model import target_mean_pool

    gate = GateModel.load(GateConfig(device=device))
    rows, packed = pack_user_turns(gate, turns)
    states = np.zeros((len(packed), gate.network.encoder.config.hidden_size), dtype=np.float32)
    with torch.inference_mode():
        for indices in length_sorted_batches([len(item) for item in packed], gate.batch_size):
            batch = batch_to_device(collate([packed[i] for i in indices], pad_token_id(gate.tokenizer)), gate.device)
            hidden = gate.network.encoder(
                input_ids=batch["input_ids"], attention_mask=batch["attention_mask"], output_hidden_states=True
            ).hidden_states[layer]
            states[indices] = target_mean_pool(hidden, batch["target_mask"]).float().cpu().numpy()
    states /= np.linalg.norm(states, axis=1, keepdims=True)
    return dict(zip(rows["turn_id"].to_list(), states, strict=True))


def gate_states_report(args: argparse.Namespace) -> int:
    """Settings for the gate's states chosen on MSC valid (best F1 at +-1 in the granularity band, over the
    ``tune`` grid with lower thresholds, since these vectors sit closer together), then MSC test and LoCoMo dev
    with them beside the shipped detector."""
    cues: dict = {}
    valid = join_sessions(turns_of(MSC_VALID, args.sessions), PIECES_PER_SESSION, TRIM)
    vectors = gate_states(valid.turns, args.layer, args.device)
    config = SegmentsConfig()
    low, high = args.granularity
    best, best_f1 = None, -1.0
    grid = itertools.product((2, 3, 4, 5), (0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 0.25, 0.3), (0.0, 0.03), (3, 4, 5, 6))
    for block, threshold, bonus, min_turns in grid:
        settings = EmbeddingDetectorConfig(
            block_turns=block, depth_threshold=threshold, cue_bonus=bonus, min_segment_turns=min_turns
        )
        figures = join_figures(valid, GateStatesDetector(vectors, settings, cues), config)
        if low <= figures["turns_per_segment"] <= high and figures["f1_pm1"] > best_f1:
            best, best_f1 = settings, figures["f1_pm1"]
    if best is None:
        raise SystemExit(f"no setting gives {low}..{high} turns per segment on MSC valid; widen --granularity")
    numbers: dict = {"layer": args.layer, "chosen_on_msc_valid": best.model_dump_json(), "msc_valid.f1_pm1": best_f1}
    minilm = MemoEmbedder(Embedder.load(EmbedderConfig(device=args.device)))
    shown = ("f1_pm1", "precision_pm1", "recall_pm1", "recall_exact", "turns_per_segment")
    readers = {"msc_test": lambda: turns_of(MSC_TEST, args.sessions), "locomo_dev": lambda: turns_of(LOCOMO_DEV)}
    for split, read in readers.items():
        turns = read()
        for trim in (TRIM, 0):
            joined = join_sessions(turns, PIECES_PER_SESSION, trim)
            tag = f"{split}_{'trimmed' if trim else 'untrimmed'}"
            ours = join_figures(joined, GateStatesDetector(gate_states(joined.turns, args.layer, args.device), best, cues), config)
            shipped = join_figures(joined, EmbeddingDetector(minilm, config.embedding), config)
            numbers.update({f"{tag}.gate_states.{key}": ours[key] for key in shown})
            numbers.update({f"{tag}.minilm.{key}": shipped[key] for key in shown})
    print_numbers(numbers, decimals=3, json_path=args.json)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("tune", "ablate", "report", "cost", "gate-states"):
        command = sub.add_parser(name)
        command.add_argument("--sessions", type=int, default=450, help="MSC sessions read (whole conversations)")
        command.add_argument("--device", default="cpu", choices=("cpu", "cuda", "auto"))
    for name in ("tune", "gate-states"):
        sub.choices[name].add_argument("--granularity", type=float, nargs=2, default=(5.0, 7.0), metavar=("LOW", "HIGH"))
    sub.choices["gate-states"].add_argument("--layer", type=int, default=4, help="hidden states after this many blocks")
    sub.choices["gate-states"].add_argument("--json", type=Path)
    sub.choices["tune"].add_argument("--out", type=Path, help="write the whole grid here (CSV)")
    for name in ("report", "cost"):
        sub.choices[name].add_argument("--json", type=Path)
        sub.choices[name].add_argument("--detector", default="embedding", choices=("embedding", "llm"))
        sub.choices[name].add_argument("--llm-backend", default="openai")
        sub.choices[name].add_argument("--llm-model")
    # An LLM detector on CPU takes minutes per round of windows: these make a smaller, stated measurement.
    sub.choices["report"].add_argument("--splits", default="msc_test,locomo_dev", help="comma-separated")
    sub.choices["report"].add_argument("--no-untrimmed", dest="untrimmed", action="store_false")
    sub.choices["report"].add_argument("--no-cost", dest="cost", action="store_false")
    args = parser.parse_args(argv)
    commands = {"tune": tune, "ablate": ablate, "report": report, "cost": cost, "gate-states": gate_states_report}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
