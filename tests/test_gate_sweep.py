import numpy as np

from memory_pipeline.gate.sweep import choose_threshold, keep_ratio_at_recall, sweep_thresholds


def test_threshold_choice_and_keep_ratio_at_recall():
    labels = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    scores = np.array([0.9, 0.8, 0.7, 0.25, 0.6, 0.3, 0.2, 0.1, 0.05, 0.01])
    # Ranking needs the top 6 turns to reach all 4 positives (0.95 of 4 rounds up to 4).
    assert keep_ratio_at_recall(scores, labels, 0.95) == 0.6
    assert keep_ratio_at_recall(scores, labels, 0.75) == 0.3
    rows = sweep_thresholds(scores, labels, [0.1, 0.2, 0.3, 0.5])
    chosen = choose_threshold(rows, 0.95)
    assert chosen.threshold == 0.2 and chosen.recall == 1.0 and chosen.keep_ratio == 0.7
    # Ties in score are broken against the ranking: a constant score must keep everything.
    assert keep_ratio_at_recall(np.ones(10), labels, 0.95) == 1.0
