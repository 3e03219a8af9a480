"""The evaluation's figures, drawn with matplotlib's object API so no global pyplot state is touched."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from matplotlib.figure import Figure

CORPUS_LABELS = {"memory": "memory store", "raw": "raw turns", "speaker": '"<speaker> said:" turns'}


def _save(figure: Figure, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    return path


def plot_gate_curve(curve: list[dict], operating_point: tuple[float, float], path: Path) -> Path:
    """Evidence-turn recall against keep ratio as tau sweeps 0..1, with the gate's own threshold marked."""
    figure = Figure(figsize=(5.5, 4.5))
    axes = figure.add_subplot()
    keep = [point["keep_ratio"] for point in curve]
    recall = [point["evidence_recall"] for point in curve]
    axes.plot(keep, recall, marker=".", label="gate (tau from 0 to 1)")
    axes.plot([0, 1], [0, 1], linestyle="--", color="grey", label="random keep")
    axes.scatter([operating_point[0]], [operating_point[1]], color="red", zorder=3, label="operating threshold")
    axes.set_xlabel("keep ratio (share of turns admitted)")
    axes.set_ylabel("evidence-turn recall")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1.02)
    axes.set_title("Salience gate: recall of gold evidence turns")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    return _save(figure, path)


def plot_recall_by_category(per_category: dict[str, dict[str, float]], k: int, path: Path) -> Path:
    """Grouped bars: recall@k per question category, memory store beside the two baselines."""
    figure = Figure(figsize=(7, 4.5))
    axes = figure.add_subplot()
    categories = list(per_category)
    positions = np.arange(len(categories))
    width = 0.8 / len(CORPUS_LABELS)
    for offset, (corpus, label) in enumerate(CORPUS_LABELS.items()):
        values = [per_category[c].get(corpus, np.nan) for c in categories]
        axes.bar(positions + (offset - 1) * width, values, width, label=label)
    axes.set_xticks(positions, categories)
    axes.set_ylabel(f"recall@{k} (share of questions)")
    axes.set_ylim(0, 1.15)
    axes.set_title(f"Retrieval recall@{k} by question category")
    axes.legend(loc="upper center", ncol=len(CORPUS_LABELS), fontsize="small")
    axes.grid(axis="y", alpha=0.3)
    return _save(figure, path)


def plot_recall_by_budget(curves: dict[str, list[dict]], path: Path) -> Path:
    """Recall against the number of words read, memory store against the two baselines."""
    figure = Figure(figsize=(6, 4.5))
    axes = figure.add_subplot()
    for corpus, label in CORPUS_LABELS.items():
        points = curves.get(corpus, [])
        axes.plot([p["words"] for p in points], [p["recall"] for p in points], marker=".", label=label)
    axes.set_xlabel("reading budget (words of retrieved text, in rank order)")
    axes.set_ylabel("recall (share of questions)")
    axes.set_ylim(0, 1.02)
    axes.set_title("Retrieval recall at a reading budget")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    return _save(figure, path)
