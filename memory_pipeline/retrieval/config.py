"""Re-export: the settings live in :mod:`memory_pipeline.config` with every other stage's."""

from memory_pipeline.config import RetrievalConfig

LOCOMO_K = 25  # seed 002: K = 25 on LoCoMo (denser facts tolerate a larger set)

__all__ = ["LOCOMO_K", "RetrievalConfig"]
