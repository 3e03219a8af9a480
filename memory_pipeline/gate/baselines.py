"""Reference rankings the gate must beat, computed in the same evaluation as the gate itself.

* longest turns: keep the longest turns first (long turns tend to carry facts);
* logistic regression on frozen sentence embeddings (all-MiniLM-L6-v2, mean pooled) of the packed turn,
  trained on the training conversations' evidence labels.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from sklearn.linear_model import LogisticRegression

from memory_pipeline.gate.data import GateExample
from memory_pipeline.gate.packing import (
    CONTEXT_MARKER,
    DEFAULT_LAYOUT,
    TARGET_MARKER,
    anonymous_speaker_ids,
    render_line,
)


def longest_turn_scores(examples: Sequence[GateExample], layout: str = DEFAULT_LAYOUT) -> np.ndarray:
    return np.array([len(example.target.rendered_text(layout)) for example in examples], dtype=np.float64)


def packed_text(example: GateExample, k: int, layout: str = DEFAULT_LAYOUT) -> str:
    """The packed turn as text (the layout the gate compared with reads), for a sentence embedder."""
    window = list(example.context)[-k:] if k > 0 else []
    names = anonymous_speaker_ids(example.target, window)
    context = " ".join(render_line(message, names, layout) for message in window)
    return f"{CONTEXT_MARKER} {context} {TARGET_MARKER} {render_line(example.target, names, layout)}"


def packed_embeddings(embedder, examples: Sequence[GateExample], k: int, layout: str = DEFAULT_LAYOUT) -> np.ndarray:
    """Normalised frozen sentence embeddings of the packed turns."""
    texts = [packed_text(e, k, layout) for e in examples]
    return embedder.encode(texts, batch_size=64, normalize_embeddings=True)


def logistic_scores(train_vectors: np.ndarray, train_labels: np.ndarray, test_vectors: np.ndarray, seed: int):
    """P(evidence) from a class-balanced logistic regression fitted on the training vectors."""
    classifier = LogisticRegression(class_weight="balanced", max_iter=2000, random_state=seed)
    classifier.fit(train_vectors, train_labels)
    return classifier.predict_proba(test_vectors)[:, 1]


def frozen_embedding_scores(
    embedder,
    train: Sequence[GateExample],
    train_labels: np.ndarray,
    test: Sequence[GateExample],
    k: int,
    seed: int,
    layout: str = DEFAULT_LAYOUT,
) -> np.ndarray:
    """P(evidence) from a class-balanced logistic regression over frozen embeddings of the packed turns."""
    train_vectors, test_vectors = (packed_embeddings(embedder, examples, k, layout) for examples in (train, test))
    return logistic_scores(train_vectors, train_labels, test_vectors, seed)
