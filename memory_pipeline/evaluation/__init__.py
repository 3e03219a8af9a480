"""LoCoMo evidence evaluation of a materialised lake: gate, store, retrieval against baselines, temporal grounding.

The engine entry points are :func:`evaluate_locomo` and :func:`headline`; see docs/EVALUATION.md.
"""

from memory_pipeline.evaluation.locomo import evaluate_locomo, headline
from memory_pipeline.evaluation.retrieval import TextEncoder

__all__ = ["TextEncoder", "evaluate_locomo", "headline"]
