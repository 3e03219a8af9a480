"""How well the salience gate keeps the turns that later questions need.

The labels are the gold evidence turns (the union of the evidence of the scored questions); every other
scored turn is a negative. A gate that keeps few turns but nearly all evidence turns is what the store needs:
the recall/keep curve over tau shows that trade-off, AUPRC summarises the ranking independent of tau.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
from sklearn.metrics import average_precision_score

CURVE_TAUS = tuple(np.round(np.linspace(0.0, 1.0, 101), 2))


@dataclass(frozen=True)
class GateSummary:
    n_scored: int
    n_kept: int
    n_evidence: int  # evidence turns that the gate scored
    n_evidence_kept: int
    auprc: float  # NaN when there is no evidence turn or no negative

    @property
    def keep_ratio(self) -> float:
        return self.n_kept / self.n_scored if self.n_scored else float("nan")

    @property
    def evidence_recall(self) -> float:
        return self.n_evidence_kept / self.n_evidence if self.n_evidence else float("nan")


def evidence_labels(scores: pl.DataFrame, evidence_turn_ids: set[str]) -> np.ndarray:
    return scores["turn_id"].is_in(sorted(evidence_turn_ids)).to_numpy()


def average_precision(labels: np.ndarray, scores: np.ndarray) -> float:
    """Area under the precision-recall curve (step-wise average precision); NaN when it is undefined."""
    if labels.size == 0 or labels.all() or not labels.any():
        return float("nan")
    return float(average_precision_score(labels, scores))


def gate_summary(
    scores: pl.DataFrame, evidence_turn_ids: set[str], unlabelled: set[str] = frozenset()
) -> GateSummary:
    """Keep ratio, evidence recall and AUPRC of the gate's decisions in ``scores`` (a gate_scores frame).

    ``unlabelled`` turns are neither positives nor negatives for AUPRC: for a slice of the questions (one
    category), the evidence of the other questions is still evidence, and counting it as negative would
    punish the gate for keeping it.
    """
    labels = evidence_labels(scores, evidence_turn_ids)
    admitted = scores["admitted"].fill_null(False).to_numpy()
    p_admit = scores["p_admit"].fill_null(0.0).to_numpy()
    ranked = labels | ~evidence_labels(scores, unlabelled - evidence_turn_ids)
    return GateSummary(
        n_scored=int(scores.height),
        n_kept=int(admitted.sum()),
        n_evidence=int(labels.sum()),
        n_evidence_kept=int((labels & admitted).sum()),
        auprc=average_precision(labels[ranked], p_admit[ranked]),
    )


def recall_keep_curve(
    scores: pl.DataFrame, evidence_turn_ids: set[str], taus: tuple[float, ...] = CURVE_TAUS
) -> list[dict[str, float]]:
    """Keep ratio and evidence recall had the gate admitted ``p_admit >= tau``, for each tau."""
    labels = evidence_labels(scores, evidence_turn_ids)
    p_admit = scores["p_admit"].fill_null(0.0).to_numpy()
    curve = []
    for tau in taus:
        kept = p_admit >= tau
        curve.append(
            {
                "tau": float(tau),
                "keep_ratio": float(kept.mean()) if kept.size else float("nan"),
                "evidence_recall": float((kept & labels).sum() / labels.sum()) if labels.any() else float("nan"),
            }
        )
    return curve
