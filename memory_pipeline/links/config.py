"""Re-export: the settings live in :mod:`memory_pipeline.config` with every other stage's."""

from memory_pipeline.config import LinksConfig

__all__ = ["LinksConfig"]
