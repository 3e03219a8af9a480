"""Operating-point selection: keep ratio and evidence recall across thresholds (seed 000 C.3).

False rejections remove evidence from every later stage, so the default threshold is the one with the lowest
keep ratio that still admits at least 95% of the gold evidence turns of held-out conversations.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from sklearn.metrics import average_precision_score

COARSE_THRESHOLDS = tuple(round(0.1 * step, 1) for step in range(1, 10))
FINE_THRESHOLDS = tuple(round(0.01 * step, 2) for step in range(1, 100))
TARGET_RECALL = 0.95


@dataclass(frozen=True)
class SweepRow:
    threshold: float
    keep_ratio: float
    recall: float
    precision: float
    admitted: int

    def as_dict(self) -> dict:
        return asdict(self)


def sweep_thresholds(probabilities: np.ndarray, labels: np.ndarray, thresholds) -> list[SweepRow]:
    rows = []
    positives = max(int(labels.sum()), 1)
    for threshold in thresholds:
        admitted = probabilities >= threshold
        hits = int((admitted & (labels == 1)).sum())
        rows.append(
            SweepRow(
                threshold=float(threshold),
                keep_ratio=float(admitted.mean()) if len(labels) else 0.0,
                recall=hits / positives,
                precision=hits / int(admitted.sum()) if admitted.any() else 0.0,
                admitted=int(admitted.sum()),
            )
        )
    return rows


def choose_threshold(rows: list[SweepRow], target_recall: float = TARGET_RECALL) -> SweepRow:
    """The row with the lowest keep ratio among those reaching the target recall (ties: higher threshold)."""
    eligible = [row for row in rows if row.recall >= target_recall]
    if not eligible:
        return min(rows, key=lambda row: row.threshold)
    return min(eligible, key=lambda row: (row.keep_ratio, -row.threshold))


def keep_ratio_at_recall(scores: np.ndarray, labels: np.ndarray, target_recall: float = TARGET_RECALL) -> float:
    """Fraction of turns a ranking by ``scores`` must keep (best first) to admit ``target_recall`` of positives.

    Ties are broken pessimistically (positives last), so a score that cannot rank is not flattered.
    """
    order = np.lexsort((labels, -scores))
    needed = math.ceil(target_recall * int(labels.sum()))
    if needed == 0:
        return 0.0
    found = np.cumsum(labels[order])
    position = int(np.searchsorted(found, needed)) + 1
    return position / len(labels)


def auprc(scores: np.ndarray, labels: np.ndarray) -> float:
    return float(average_precision_score(labels, scores)) if labels.any() else float("nan")


def plot_sweep(coarse: list[SweepRow], fine: list[SweepRow], chosen: SweepRow, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 4.2))
    thresholds = [row.threshold for row in fine]
    axis.plot(thresholds, [row.keep_ratio for row in fine], label="keep ratio", color="tab:blue")
    axis.plot(thresholds, [row.recall for row in fine], label="evidence recall", color="tab:green")
    axis.plot(thresholds, [row.precision for row in fine], label="evidence precision", color="tab:gray", lw=1)
    axis.scatter([row.threshold for row in coarse], [row.keep_ratio for row in coarse], color="tab:blue", s=14)
    axis.scatter([row.threshold for row in coarse], [row.recall for row in coarse], color="tab:green", s=14)
    axis.axhline(TARGET_RECALL, color="tab:green", ls=":", lw=1)
    axis.axvline(chosen.threshold, color="tab:red", ls="--", lw=1, label=f"default tau = {chosen.threshold:.2f}")
    axis.set_xlabel("threshold tau")
    axis.set_ylabel("fraction")
    axis.set_ylim(0, 1.02)
    axis.set_title(title, fontsize=10)
    axis.legend(loc="center right", fontsize=8)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
    plt.close(figure)
