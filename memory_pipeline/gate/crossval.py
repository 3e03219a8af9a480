"""Leave-one-conversation-out cross-validation of gate recipes, and the final fit of the winner.

Every choice that shapes the shipped gate (training labels, context size k, trainable blocks, class weighting,
the epoch to stop at, the threshold) is made on out-of-fold scores: each LoCoMo dev conversation is scored by a
gate trained without it. The conversations a figure is reported on therefore never chose anything about the
model that produced it. The frozen blocks are cached once per recipe (they do not depend on the fold), so a
fold costs only its epochs.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Callable, Sequence

import numpy as np
import torch

from memory_pipeline.gate import sweep
from memory_pipeline.gate.data import GateExample
from memory_pipeline.gate.model import GateNetwork
from memory_pipeline.gate.train import (
    CachedInput,
    TrainSettings,
    cache_examples,
    load_trainable_network,
    seed_everything,
    train_gate,
)


@dataclass(frozen=True)
class Recipe:
    """One training configuration compared by cross-validation."""

    name: str
    k: int = 1
    trainable_layers: int = 1
    observations: bool = False  # LoCoMo observation sources as extra positives
    msc_examples: int = 1000
    class_weighting: bool = True  # w+ = clip(N-/N+, 1, 10), seed 000 eq. 3; False: plain BCE
    average_from: int = 0  # tail-average the epoch-end weights from this epoch on (TrainSettings.average_from)
    source_weighting: bool = False  # w+ within each source, LoCoMo and MSC (TrainSettings.source_weighting)

    @classmethod
    def parse(cls, spec: str) -> Recipe:
        """``name[:key=value,...]``, e.g. ``obs-k3:k=3,observations=1``; unknown keys are an error."""
        name, _, options = spec.partition(":")
        # Every option is an int or a 0/1 switch; the annotations say which (strings under postponed evaluation).
        kinds = {f.name: bool if f.type in ("bool", bool) else int for f in fields(cls) if f.name != "name"}
        values: dict[str, object] = {}
        for option in filter(None, options.split(",")):
            key, _, raw = option.partition("=")
            if key not in kinds:
                raise ValueError(f"unknown recipe option {key!r} in {spec!r}")
            values[key] = kinds[key](int(raw))
        return cls(name=name, **values)  # type: ignore[arg-type]

    def spec(self) -> str:
        """The command-line spelling :meth:`parse` reads back: the name and every option off its default."""
        defaults = Recipe(self.name)
        options = [
            f"{f.name}={int(getattr(self, f.name))}"
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(defaults, f.name)
        ]
        return self.name + (":" + ",".join(options) if options else "")

    def weights(self, epoch: int) -> str:
        """Which weights a fit that stops after ``epoch`` keeps."""
        if self.average_from and epoch > self.average_from:
            return f"mean of epochs {self.average_from}-{epoch}"
        return f"epoch {epoch}"


@dataclass
class Fold:
    """One held-out conversation: its turns, evidence labels, and the held-out scores after every epoch."""

    conversation_id: str
    turn_ids: list[str]
    evidence: np.ndarray
    epoch_probabilities: list[np.ndarray] = field(default_factory=list)
    seconds: float = 0.0


def evaluation_labels(examples: Sequence[GateExample], categories: frozenset[int]) -> np.ndarray:
    return np.array([e.is_evidence(categories) for e in examples], dtype=np.int64)


@dataclass
class Prepared:
    """A recipe's network with a fresh head, and every example's frozen-block states, cached once."""

    network: GateNetwork
    examples: list[GateExample]
    cached: list[CachedInput]
    labels: np.ndarray
    sources: np.ndarray


def prepare(encoder_dir, locomo, msc, recipe: Recipe, settings: TrainSettings, max_length: int) -> Prepared:
    device = torch.device(settings.device)
    seed_everything(settings.seed)  # the head's initialisation is the same for every recipe, fold and final fit
    network, tokenizer = load_trainable_network(encoder_dir, device)
    first_trainable = network.n_layers - recipe.trainable_layers
    examples = list(locomo) + list(msc)
    cached = cache_examples(
        network, tokenizer, examples, recipe.k, max_length, first_trainable, device, settings.packing
    )
    labels = np.array([e.label for e in examples], dtype=np.int64)
    return Prepared(network, examples, cached, labels, np.array([e.source for e in examples]))


def recipe_settings(settings: TrainSettings, recipe: Recipe, fixed_epoch: int) -> TrainSettings:
    """The recipe's training switches on the run's settings, keeping epoch ``fixed_epoch`` of the schedule."""
    return replace(
        settings, trainable_layers=recipe.trainable_layers, class_weighting=recipe.class_weighting,
        source_weighting=recipe.source_weighting, average_from=recipe.average_from, fixed_epoch=fixed_epoch,
    )


def cross_validate(
    encoder_dir,
    locomo: Sequence[GateExample],
    msc: Sequence[GateExample],
    recipe: Recipe,
    settings: TrainSettings,
    evidence_categories: frozenset[int],
    max_length: int = 256,
    log: Callable[[str], None] = print,
    after_fold: Callable[[Fold, GateNetwork, list[GateExample]], None] | None = None,
) -> list[Fold]:
    """Train ``recipe`` once per LoCoMo conversation left out; every fold starts from the same weights.

    ``locomo`` carries the recipe's training labels; evaluation labels come from ``evidence_categories`` of
    the citing questions, identical for every recipe. MSC examples only ever train. ``after_fold`` sees each
    fold's network with the weights its last epoch keeps, and the held-out examples, before the next fold
    overwrites them: the fold models are not kept, so a measurement that needs them (another precision, the
    whole encoder instead of cached states) runs there.
    """
    prepared = prepare(encoder_dir, locomo, msc, recipe, settings, max_length)
    network, examples, cached, labels = prepared.network, prepared.examples, prepared.cached, prepared.labels
    initial = copy.deepcopy(network.trainable_state(network.n_layers - recipe.trainable_layers))
    fold_settings = recipe_settings(settings, recipe, settings.epochs)
    folds = []
    for held_out in sorted({e.group for e in locomo}):
        train_index = [i for i, e in enumerate(examples) if e.group != held_out]
        test_index = [i for i, e in enumerate(examples) if e.group == held_out]
        test_examples = [examples[i] for i in test_index]
        network.load_trainable_state(initial)
        evidence = evaluation_labels(test_examples, evidence_categories)
        outcome = train_gate(
            network, [cached[i] for i in train_index], labels[train_index],
            [cached[i] for i in test_index], evidence, fold_settings, log=log,
            train_sources=prepared.sources[train_index],
        )
        fold = Fold(held_out, [e.example_id for e in test_examples], evidence, outcome.epoch_probabilities,
                    outcome.seconds)
        log(f"{recipe.name}: fold {held_out} in {fold.seconds:.0f}s, keep@95 by epoch "
            + " ".join(f"{sweep.keep_ratio_at_recall(p, evidence):.3f}" for p in fold.epoch_probabilities))
        folds.append(fold)
        if after_fold is not None:
            after_fold(fold, network, test_examples)
    return folds


def pooled(folds: Sequence[Fold], epoch: int) -> tuple[np.ndarray, np.ndarray]:
    """Out-of-fold scores of every held-out turn after ``epoch`` (0-based), with their evidence labels."""
    return (
        np.concatenate([fold.epoch_probabilities[epoch] for fold in folds]),
        np.concatenate([fold.evidence for fold in folds]),
    )


def _spread(values: Sequence[float]) -> dict:
    array = np.asarray(values, dtype=np.float64)
    return {"mean": float(array.mean()), "sd": float(array.std(ddof=1)) if len(array) > 1 else 0.0,
            "min": float(array.min()), "max": float(array.max())}


def summarise(recipe: Recipe, folds: Sequence[Fold], target_recall: float = sweep.TARGET_RECALL) -> dict:
    """Per epoch: pooled keep ratio at the target recall, AUPRC, and their spread over folds; then the chosen
    epoch (lowest pooled keep ratio, ties to the higher AUPRC) with its threshold and per-fold operating points.
    """
    epochs = min(len(fold.epoch_probabilities) for fold in folds)
    by_epoch = []
    for epoch in range(epochs):
        scores, labels = pooled(folds, epoch)
        by_epoch.append({
            "epoch": epoch + 1,
            "keep_at_target": sweep.keep_ratio_at_recall(scores, labels, target_recall),
            "auprc": sweep.auprc(scores, labels),
            "fold_keep_at_target": _spread(
                [sweep.keep_ratio_at_recall(f.epoch_probabilities[epoch], f.evidence, target_recall) for f in folds]
            ),
            "fold_auprc": _spread([sweep.auprc(f.epoch_probabilities[epoch], f.evidence) for f in folds]),
        })
    best = min(by_epoch, key=lambda row: (row["keep_at_target"], -row["auprc"]))
    epoch = best["epoch"] - 1
    scores, labels = pooled(folds, epoch)
    fine = sweep.sweep_thresholds(scores, labels, sweep.FINE_THRESHOLDS)
    chosen = sweep.choose_threshold(fine, target_recall)
    per_fold = [operating_point(f.epoch_probabilities[epoch], f.evidence, chosen.threshold) for f in folds]
    return {
        "recipe": asdict(recipe),
        "epochs_run": epochs,
        "by_epoch": by_epoch,
        "chosen_epoch": best["epoch"],
        "keep_at_target": best["keep_at_target"],
        "auprc": best["auprc"],
        "threshold": chosen.as_dict(),
        "folds_at_threshold": {f.conversation_id: point for f, point in zip(folds, per_fold)},
        "fold_recall_at_threshold": _spread([p["recall"] for p in per_fold]),
        "fold_keep_at_threshold": _spread([p["keep_ratio"] for p in per_fold]),
        "curve": [row.as_dict() for row in fine],
        "turns": int(len(labels)),
        "evidence_turns": int(labels.sum()),
        "fold_seconds": {f.conversation_id: round(f.seconds, 1) for f in folds},
    }


def operating_point(probabilities: np.ndarray, evidence: np.ndarray, threshold: float) -> dict:
    admitted = probabilities >= threshold
    return {
        "keep_ratio": float(admitted.mean()),
        "recall": float((admitted & (evidence == 1)).sum() / max(int(evidence.sum()), 1)),
        "turns": int(len(evidence)),
        "evidence_turns": int(evidence.sum()),
    }


def best_recipe(summaries: Sequence[dict], target_recall: float = sweep.TARGET_RECALL) -> dict:
    """The recipe that would ship the lowest keep ratio: at its cross-validated threshold (a grid point), with the
    pooled recall reaching the target; ties go to the lower ideal keep ratio (the ranking's own, at the best
    possible threshold), then to the higher AUPRC.

    The shipped figure, not the ideal one, decides because it is what the issue's target measures and what a user
    gets; the two can disagree by up to a grid step's worth of turns (docs/GATE.md, second round).
    """

    return min(summaries, key=lambda summary: shipping_order(summary, target_recall))


def shipping_order(summary: dict, target_recall: float = sweep.TARGET_RECALL) -> tuple:
    """The sort key of :func:`best_recipe`: the recipe that would ship first."""
    point = summary["threshold"]
    return (point["recall"] < target_recall, point["keep_ratio"], summary["keep_at_target"], -summary["auprc"])


def fit_final(
    encoder_dir,
    locomo: Sequence[GateExample],
    msc: Sequence[GateExample],
    recipe: Recipe,
    settings: TrainSettings,
    epoch: int,
    max_length: int = 256,
    log: Callable[[str], None] = print,
) -> GateNetwork:
    """Train the chosen recipe on every dev conversation and keep epoch ``epoch`` of the same schedule the
    folds ran, so the shipped weights are what cross-validation measured, with one more conversation."""
    prepared = prepare(encoder_dir, locomo, msc, recipe, settings, max_length)
    train_gate(prepared.network, prepared.cached, prepared.labels, [], np.zeros(0, dtype=np.int64),
               recipe_settings(settings, recipe, epoch), log=log, train_sources=prepared.sources)
    return prepared.network


def plot_curves(summaries: Sequence[dict], path, title: str) -> None:
    """Cross-validated evidence recall against keep ratio, one line per recipe (its chosen epoch)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 4.2))
    for summary in sorted(summaries, key=lambda s: s["keep_at_target"]):
        curve = summary["curve"]
        axis.plot([row["keep_ratio"] for row in curve], [row["recall"] for row in curve], lw=1.2,
                  label=f"{summary['recipe']['name']} ({100 * summary['keep_at_target']:.1f}% keep at 95%)")
    axis.axhline(sweep.TARGET_RECALL, color="tab:green", ls=":", lw=1)
    axis.axvline(0.55, color="tab:red", ls=":", lw=1)
    axis.set_xlabel("keep ratio (admitted / user turns)")
    axis.set_ylabel("evidence recall")
    axis.set_xlim(0.2, 1.0)
    axis.set_ylim(0.6, 1.005)
    axis.set_title(title, fontsize=10)
    axis.legend(loc="lower right", fontsize=7)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
    plt.close(figure)


def cv_baselines(
    locomo: Sequence[GateExample], evidence_categories: frozenset[int], k: int, seed: int, layout: str
) -> dict:
    """The reference rankings under the same leave-one-conversation-out protocol (pooled keep ratio, AUPRC),
    reading the turns in the gates' layout."""
    from sentence_transformers import SentenceTransformer

    from memory_pipeline.gate import baselines
    from memory_pipeline.gate.model import resolve_encoder_dir

    embedder = SentenceTransformer(str(resolve_encoder_dir(None)), device="cpu")
    labels = evaluation_labels(locomo, evidence_categories)
    longest = baselines.longest_turn_scores(locomo, layout)
    logistic = np.zeros(len(locomo))
    train_labels = np.array([e.label for e in locomo], dtype=np.int64)
    # once: the embedder is frozen, only the fit moves
    vectors = baselines.packed_embeddings(embedder, locomo, k, layout)
    for held_out in sorted({e.group for e in locomo}):
        test = [i for i, e in enumerate(locomo) if e.group == held_out]
        train = [i for i, e in enumerate(locomo) if e.group != held_out]
        logistic[test] = baselines.logistic_scores(vectors[train], train_labels[train], vectors[test], seed)
    return {
        name: {"keep_at_target": sweep.keep_ratio_at_recall(scores, labels), "auprc": sweep.auprc(scores, labels)}
        for name, scores in {"longest_turns": longest, "logistic_regression_frozen_minilm": logistic}.items()
    }

