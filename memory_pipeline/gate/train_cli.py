"""``memory-pipeline gate train``: rebuild the shipped gate from the released labels, reproducibly.

Steps: load MSC persona labels and LoCoMo evidence labels; keep whole LoCoMo conversations on one side
(train on ``--train-conversations``, validate on the rest); for every k, cache the frozen encoder part, train
the top block(s) and head, early-stop on validation BCE; pick k by validation BCE (seed 000 C.1); score the
held-out conversations end to end through :func:`score_turns`; sweep thresholds and pick the default tau;
compute the reference baselines; write weights, config, report, plot and model card.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import polars as pl
import torch

from memory_pipeline.config import GateConfig, resolve_lake_dir
from memory_pipeline.devices import choose_device
from memory_pipeline.gate import baselines, sweep
from memory_pipeline.gate.data import GateExample, load_msc_examples, locomo_examples, subsample
from memory_pipeline.gate.infer import score_turns
from memory_pipeline.gate.model import (
    PACKAGED_ENCODER,
    SHIPPED_WEIGHTS_DIR,
    GateArtifact,
    GateModel,
    resolve_encoder_dir,
    save_gate_weights,
)
from memory_pipeline.gate.model_card import write_model_card
from memory_pipeline.gate.packing import DEFAULT_LAYOUT, LAYOUTS
from memory_pipeline.gate.train import (
    TrainOutcome,
    TrainSettings,
    cache_examples,
    load_trainable_network,
    train_gate,
)
from memory_pipeline.ingest import read_source, turns_frame
from memory_pipeline.ingest.locomo import ANSWERABLE_CATEGORIES, load_audit_corrections, read_questions
from memory_pipeline.ingest.locomo import FORMAT as LOCOMO_FORMAT

DEFAULT_TRAIN_CONVERSATIONS = ("conv-26", "conv-30", "conv-41")
ALL_CATEGORIES = frozenset({1, 2, 3, 4, 5})
AUDIT_FILE_NAME = "locomo-audit.errors.dev.json"
SHIPPED_FILES = ("gate.safetensors", "config.json", "MODEL_CARD.md")


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The labelled data every gate command reads (MSC persona labels, a LoCoMo file with its audit) and the
    input layout its turns are packed in, which the trained gate records and is always scored with."""
    parser.add_argument("--msc", type=Path, help="MSC persona-summary folder holding session_N/{valid,test}.txt")
    parser.add_argument("--locomo", type=Path, required=True, help="LoCoMo JSON (e.g. locomo10.dev.json)")
    parser.add_argument(
        "--locomo-audit", type=Path, help=f"corrected evidence; default: {AUDIT_FILE_NAME} beside --locomo"
    )
    parser.add_argument(
        "--packing", choices=list(LAYOUTS), default=DEFAULT_LAYOUT,
        help="input layout to train on: " + ", ".join(f"{name} ({words})" for name, words in LAYOUTS.items())
             + f" (default: {DEFAULT_LAYOUT})",
    )


def read_audit(args: argparse.Namespace) -> dict:
    """The audit's corrections: the default file beside ``--locomo`` is optional, a named one must exist."""
    audit = args.locomo_audit or args.locomo.parent / AUDIT_FILE_NAME
    return load_audit_corrections(audit) if args.locomo_audit or audit.exists() else {}


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``memory-pipeline gate train``."""
    add_data_arguments(parser)
    parser.add_argument(
        "--train-conversations", nargs="+", default=list(DEFAULT_TRAIN_CONVERSATIONS),
        help="LoCoMo conversations to train on; the others are held out for validation and the sweep",
    )
    parser.add_argument("--encoder", help=f"local encoder folder (default: {PACKAGED_ENCODER})")
    parser.add_argument("--out", type=Path, help="output folder (default: <lake>/models/gate/<UTC time>)")
    parser.add_argument("--install", action="store_true", help="also copy the result into the package weights")
    parser.add_argument("--k", nargs="+", type=int, default=[1, 3, 5], help="context sizes to compare")
    parser.add_argument("--epochs", type=int, default=TrainSettings.epochs)
    parser.add_argument("--seed", type=int, default=TrainSettings.seed)
    parser.add_argument("--max-train-examples", type=int, help="cap on training examples (seeded subsample)")
    parser.add_argument("--max-msc-examples", type=int, default=1000, help="MSC turns sampled into training")
    parser.add_argument("--train-max-length", type=int, default=256, help="token limit while training")
    parser.add_argument("--trainable-layers", type=int, default=TrainSettings.trainable_layers)
    parser.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto")


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    torch.manual_seed(args.seed)
    lake_dir = resolve_lake_dir(getattr(args, "lake", None))  # the main CLI may carry a global --lake
    out = args.out or lake_dir / "models" / "gate" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    out = Path(out).expanduser().resolve()
    out.mkdir(parents=True, exist_ok=True)
    device = torch.device(choose_device(args.device))
    encoder_dir = resolve_encoder_dir(args.encoder)

    conversations = read_source(args.locomo, LOCOMO_FORMAT)
    locomo = locomo_examples(conversations, read_questions(args.locomo, read_audit(args)), ALL_CATEGORIES)
    train_ids = set(args.train_conversations)
    held_out = [e for e in locomo if e.group not in train_ids]
    train = [e for e in locomo if e.group in train_ids]
    if args.msc:
        train += subsample(load_msc_examples(args.msc), args.max_msc_examples, args.seed)
    train = subsample(train, args.max_train_examples, args.seed)
    if not held_out or not train:
        print("need both training and held-out conversations", file=sys.stderr)
        return 2
    print(f"training examples: {len(train)} ({sum(e.label for e in train)} positive); "
          f"held-out turns: {len(held_out)} in {sorted({e.group for e in held_out})}")

    settings = TrainSettings(
        trainable_layers=args.trainable_layers, epochs=args.epochs, seed=args.seed, device=str(device),
        packing=args.packing,
    )
    outcomes: dict[int, TrainOutcome] = {}
    best_network = None
    for k in args.k:
        network, outcome = train_for_k(encoder_dir, train, held_out, k, args.train_max_length, settings, device)
        outcomes[k] = outcome
        print(f"k={k}: best val BCE {outcome.best_val_loss:.4f} at epoch {outcome.best_epoch + 1} "
              f"({outcome.seconds:.0f}s)")
        if min(outcomes, key=lambda key: outcomes[key].best_val_loss) == k:
            best_network = network
    chosen_k = min(outcomes, key=lambda key: outcomes[key].best_val_loss)
    first_trainable = best_network.n_layers - args.trainable_layers
    artifact = GateArtifact(
        encoder=args.encoder or PACKAGED_ENCODER,
        trained_layers=list(range(first_trainable, best_network.n_layers)),
        context_k=chosen_k,
        max_length=512,
        threshold=0.5,
        packing=settings.packing,
    )
    save_gate_weights(best_network, artifact, out)

    report = evaluate_held_out(out, conversations, held_out, train, chosen_k, args, device)
    artifact = replace(artifact, threshold=report["chosen"]["threshold"])
    artifact.write(out)
    final = GateModel.load(GateConfig(weights_dir=str(out), device=args.device))
    report.update(
        {
            "model_id": final.model_id,
            "context_k_selection": {
                str(k): {"val_bce": o.val_losses, "best_epoch": o.best_epoch + 1, "seconds": round(o.seconds, 1),
                         "positive_weight": o.positive_weight}
                for k, o in outcomes.items()
            },
            "chosen_k": chosen_k,
            "data": data_summary(train, held_out, args),
            "settings": {**settings.__dict__, "train_max_length": args.train_max_length},
            "command": " ".join(sys.argv),
            "seconds": round(time.perf_counter() - started, 1),
        }
    )
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    write_model_card(report, artifact, out / "MODEL_CARD.md")
    print(f"gate written to {out} (k={chosen_k}, tau={artifact.threshold}, model id {final.model_id})")
    if args.install:
        install(out)
    return 0


def train_for_k(encoder_dir, train, held_out, k, max_length, settings, device):
    network, tokenizer = load_trainable_network(encoder_dir, device)
    first_trainable = network.n_layers - settings.trainable_layers
    cache_started = time.perf_counter()
    train_cached, held_out_cached = (
        cache_examples(network, tokenizer, examples, k, max_length, first_trainable, device, settings.packing)
        for examples in (train, held_out)
    )
    print(f"k={k}: cached frozen states in {time.perf_counter() - cache_started:.0f}s")
    outcome = train_gate(
        network, train_cached, labels_of(train), held_out_cached, labels_of(held_out), settings
    )
    return network, outcome


def labels_of(examples: list[GateExample]) -> np.ndarray:
    return np.array([e.label for e in examples], dtype=np.int64)


def evaluate_held_out(out: Path, conversations, held_out, train, k, args, device) -> dict:
    """Score the held-out conversations end to end, sweep tau, and rank the baselines on the same turns."""
    model = GateModel.load(GateConfig(weights_dir=str(out), device=args.device))
    groups = {e.group for e in held_out}
    frames = [turns_frame(c) for c in conversations if c.conversation_id in groups]
    turns = pl.concat(frames)
    scoring_started = time.perf_counter()
    scores = score_turns(model, turns)
    scoring_seconds = time.perf_counter() - scoring_started
    by_id = {e.example_id: e for e in held_out}
    ordered = [by_id[turn_id] for turn_id in scores["turn_id"]]
    probabilities = scores["p_admit"].to_numpy().astype(np.float64)
    answerable = np.array([e.is_evidence(ANSWERABLE_CATEGORIES) for e in ordered], dtype=np.int64)
    any_category = np.array([e.is_evidence(ALL_CATEGORIES) for e in ordered], dtype=np.int64)

    coarse = sweep.sweep_thresholds(probabilities, answerable, sweep.COARSE_THRESHOLDS)
    fine = sweep.sweep_thresholds(probabilities, answerable, sweep.FINE_THRESHOLDS)
    chosen = sweep.choose_threshold(coarse + fine)
    sweep.plot_sweep(coarse, fine, chosen, out / "gate_sweep.png",
                     f"held-out LoCoMo dev ({len(ordered)} turns), gate k={k}")

    from sentence_transformers import SentenceTransformer

    embedder = SentenceTransformer(str(resolve_encoder_dir(None)), device=str(device))
    train_locomo = [e for e in train if e.source == "locomo"]
    logistic = baselines.frozen_embedding_scores(
        embedder, train_locomo, labels_of(train_locomo), ordered, k, args.seed, model.packing
    )
    rankings = {
        "gate": probabilities,
        "longest_turns": baselines.longest_turn_scores(ordered, model.packing),
        "logistic_regression_frozen_minilm": logistic,
    }
    admitted = probabilities >= chosen.threshold
    missed = [
        {"turn_id": e.example_id, "p_admit": round(float(p), 4), "categories": sorted(e.evidence_categories),
         "text": e.target.rendered_text()}
        for e, p, a, y in zip(ordered, probabilities, admitted, answerable) if y and not a
    ]
    return {
        "held_out_conversations": sorted({e.group for e in held_out}),
        "turns": len(ordered),
        "evidence_turns": int(answerable.sum()),
        "evidence_turns_any_category": int(any_category.sum()),
        "chosen": chosen.as_dict(),
        "recall_any_category_at_chosen": float((admitted & (any_category == 1)).sum() / max(any_category.sum(), 1)),
        "sweep_coarse": [row.as_dict() for row in coarse],
        "sweep_fine": [row.as_dict() for row in fine],
        "keep_ratio_at_95_recall": {name: sweep.keep_ratio_at_recall(s, answerable) for name, s in rankings.items()},
        "auprc": {name: sweep.auprc(s, answerable) for name, s in rankings.items()},
        "scoring_turns_per_second": len(ordered) / scoring_seconds,
        "missed_evidence": missed,
    }


def data_summary(train, held_out, args) -> dict:
    def count(examples, source):
        chosen = [e for e in examples if e.source == source]
        return {"examples": len(chosen), "positive": int(sum(e.label for e in chosen)),
                "conversations": len({e.group for e in chosen})}

    return {
        "train": {"msc": count(train, "msc"), "locomo": count(train, "locomo"),
                  "locomo_conversations": sorted({e.group for e in train if e.source == "locomo"})},
        "held_out": {"locomo": count(held_out, "locomo")},
        "max_msc_examples": args.max_msc_examples,
        "max_train_examples": args.max_train_examples,
    }


def install(out: Path) -> None:
    SHIPPED_WEIGHTS_DIR.mkdir(parents=True, exist_ok=True)
    for name in SHIPPED_FILES:
        shutil.copy2(out / name, SHIPPED_WEIGHTS_DIR / name)
    print(f"installed into {SHIPPED_WEIGHTS_DIR}")


if __name__ == "__main__":
    cli = argparse.ArgumentParser(prog="python -m memory_pipeline.gate.train_cli")
    configure(cli)
    sys.exit(run(cli.parse_args()))
