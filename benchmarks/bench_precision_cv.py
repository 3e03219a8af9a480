"""The gate's cross-validated recall when inference runs in lower precision: issue 12's bar, measured directly.

Issue 12 keeps a lower-precision encoder only if the gate's cross-validated evidence recall at the chosen
threshold stays within 0.5 points. ``bench_precision.py`` compares precisions on the shipped gate, which saw
every LoCoMo dev conversation in training; this script measures the bar itself. It retrains the shipped recipe
once per LoCoMo dev conversation left out (exactly as ``memory-pipeline gate cv`` does, same seed and schedule;
about 35 minutes on two CPU cores), and scores each held-out conversation with its fold model the way inference
runs: the whole encoder over inputs packed to the gate's max length, once in float32 and once per variant.

For each precision it reports, pooled over the folds and per fold: the keep ratio and evidence recall at the
shipped tau, the keep ratio the ranking needs for 95% recall, the tau cross-validation would choose from these
scores, and against float32 the decisions and evidence decisions that flip and the largest change of a
probability. The float32 column should reproduce the cross-validated figures in docs/GATE.md; the scores
cross-validation itself recorded (top blocks over cached, float16-stored states of the lower ones) are reported
beside it as ``cached_states``, so any gap between the two ways of scoring is visible rather than assumed.

    python benchmarks/bench_precision_cv.py [--variants bfloat16,int8] [--out cv_precision.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import torch

from bench_gate import SHARED_DATA
from bench_precision import quantised
from memory_pipeline.config import GateConfig
from memory_pipeline.gate import crossval, sweep
from memory_pipeline.gate.crossval import Fold, Recipe
from memory_pipeline.gate.data import GateExample, load_msc_examples, locomo_examples, subsample
from memory_pipeline.gate.infer import pad_token_id, predict_probabilities
from memory_pipeline.gate.model import SHIPPED_WEIGHTS_DIR, GateArtifact, GateNetwork, load_network, resolve_encoder_dir
from memory_pipeline.gate.packing import pack_turns
from memory_pipeline.gate.train import TrainSettings
from memory_pipeline.gate.train_cli import ALL_CATEGORIES, AUDIT_FILE_NAME
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.locomo import (
    ANSWERABLE_CATEGORIES,
    load_audit_corrections,
    read_observation_refs,
    read_questions,
)
from memory_pipeline.ingest.locomo import FORMAT as LOCOMO_FORMAT

# The recipe of the shipped weights (weights/MODEL_CARD.md); main() checks it against weights/config.json.
SHIPPED_RECIPE = "qa-2blocks-msc3000-avg2-srcw:trainable_layers=2,msc_examples=3000,average_from=2,source_weighting=1"
CPU = torch.device("cpu")


def held_out_scorer(
    tokenizer, recipe: Recipe, max_length: int, layout: str, variants: list[str], batch_size: int
):
    """The ``after_fold`` hook: each held-out conversation scored by its fold model in every precision.

    Returns the hook and the dict it fills: precision -> one score array per fold, and precision -> seconds.
    """
    scores: dict[str, list[np.ndarray]] = {precision: [] for precision in ["float32", *variants]}
    seconds: dict[str, float] = dict.fromkeys(scores, 0.0)

    def score(fold: Fold, network: GateNetwork, examples: list[GateExample]) -> None:
        network.eval()
        packed = pack_turns(tokenizer, [e.target for e in examples], [e.context for e in examples], recipe.k,
                            max_length, layout)
        for precision in scores:
            started = time.perf_counter()
            # int8 is float32 arithmetic over quantised Linear layers
            scorer, computed_in = (quantised(network), "float32") if precision == "int8" else (network, precision)
            scores[precision].append(
                predict_probabilities(scorer, packed, pad_token_id(tokenizer), batch_size, CPU, computed_in)
            )
            seconds[precision] += time.perf_counter() - started

    return score, scores, seconds


def operating_points(fold_scores: list[np.ndarray], folds: list[Fold], threshold: float) -> dict:
    """Pooled and per-fold figures of one set of out-of-fold scores."""
    pooled_scores = np.concatenate(fold_scores)
    evidence = np.concatenate([fold.evidence for fold in folds])
    rechosen = sweep.choose_threshold(sweep.sweep_thresholds(pooled_scores, evidence, sweep.FINE_THRESHOLDS))
    return {
        "at_shipped_tau": crossval.operating_point(pooled_scores, evidence, threshold),
        "keep_at_95_recall": sweep.keep_ratio_at_recall(pooled_scores, evidence),
        "auprc": sweep.auprc(pooled_scores, evidence),
        "rechosen_tau": rechosen.as_dict(),
        "folds_at_shipped_tau": {
            fold.conversation_id: crossval.operating_point(scores, fold.evidence, threshold)
            for fold, scores in zip(folds, fold_scores, strict=True)
        },
    }


def against_float32(variant: list[np.ndarray], float32: list[np.ndarray], folds: list[Fold], threshold: float) -> dict:
    """What the variant changes at the shipped tau, turn by turn."""
    a, b = np.concatenate(float32), np.concatenate(variant)
    evidence = np.concatenate([fold.evidence for fold in folds]) == 1
    flipped = (a >= threshold) != (b >= threshold)
    return {
        "decisions_flipped": int(flipped.sum()),
        "evidence_decisions_flipped": int((flipped & evidence).sum()),
        "evidence_lost": int((flipped & evidence & (a >= threshold)).sum()),
        "evidence_gained": int((flipped & evidence & (b >= threshold)).sum()),
        "max_abs_probability_change": float(np.abs(a - b).max()),
        "recall_change_points": 100 * (
            crossval.operating_point(b, evidence.astype(np.int64), threshold)["recall"]
            - crossval.operating_point(a, evidence.astype(np.int64), threshold)["recall"]
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path, default=SHARED_DATA / "locomo" / "locomo10.dev.json")
    parser.add_argument("--msc", type=Path, default=SHARED_DATA / "msc" / "msc_personasummary")
    parser.add_argument("--recipe", default=SHIPPED_RECIPE, help="name[:key=value,...] as `gate cv --recipe`")
    parser.add_argument("--epochs", type=int, default=5, help="the schedule; the fold model keeps its last epoch")
    parser.add_argument("--seed", type=int, default=TrainSettings.seed)
    parser.add_argument("--variants", default="bfloat16,int8", help="comma-separated: bfloat16, int8")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--out", type=Path, help="also write the result here as JSON")
    args = parser.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    if unknown := set(variants) - {"bfloat16", "int8"}:
        parser.error(f"unknown variants: {sorted(unknown)}")
    if not args.locomo.exists() or not args.msc.exists():
        parser.error(f"needs the shared LoCoMo and MSC data ({args.locomo}, {args.msc})")

    recipe = Recipe.parse(args.recipe)
    artifact = GateArtifact.read(SHIPPED_WEIGHTS_DIR)
    if args.recipe == SHIPPED_RECIPE and (
        artifact.context_k != recipe.k or len(artifact.trained_layers) != recipe.trainable_layers
    ):
        parser.error("the shipped weights' config.json does not match SHIPPED_RECIPE: update the constant")
    threshold = artifact.threshold
    encoder_dir = resolve_encoder_dir(artifact.encoder)
    _, tokenizer = load_network(encoder_dir)
    max_length = GateConfig().max_length

    conversations = read_source(args.locomo, LOCOMO_FORMAT)
    audit = args.locomo.with_name(AUDIT_FILE_NAME)
    questions = read_questions(args.locomo, load_audit_corrections(audit) if audit.exists() else {})
    locomo = locomo_examples(conversations, questions, ALL_CATEGORIES,
                             read_observation_refs(args.locomo) if recipe.observations else ())
    msc = subsample(load_msc_examples(args.msc), recipe.msc_examples, args.seed) if recipe.msc_examples else []

    # trained and scored in the shipped weights' layout, as the recipe that made them was
    hook, scores, seconds = held_out_scorer(tokenizer, recipe, max_length, artifact.packing, variants,
                                            args.batch_size)
    settings = TrainSettings(epochs=args.epochs, seed=args.seed, device="cpu", packing=artifact.packing)
    started = time.perf_counter()
    folds = crossval.cross_validate(encoder_dir, locomo, msc, recipe, settings, ANSWERABLE_CATEGORIES,
                                    after_fold=hook)
    cached = [fold.epoch_probabilities[-1] for fold in folds]
    result = {
        "recipe": recipe.spec(),
        "packing": artifact.packing,
        "shipped_tau": threshold,
        "max_length": max_length,
        "torch_threads": torch.get_num_threads(),
        "seconds": round(time.perf_counter() - started, 1),
        "scoring_seconds": {precision: round(value, 1) for precision, value in seconds.items()},
        "cached_states": operating_points(cached, folds, threshold),
        **{precision: operating_points(fold_scores, folds, threshold) for precision, fold_scores in scores.items()},
        "against_float32": {
            variant: against_float32(scores[variant], scores["float32"], folds, threshold) for variant in variants
        },
    }
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
