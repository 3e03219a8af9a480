"""Ingestion: source files in four formats -> validated conversations -> canonical inbox files -> frames.

Plain Python (no Dagster). The Dagster layer calls :func:`ingest_files` to fill the inbox and, per partition,
:func:`load_inbox_conversation` + :func:`conversation_frames` (or :func:`inbox_frames`) to build the
``conversations`` and ``turns`` tables. Formats and decisions are documented in ``docs/FORMATS.md``.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.formats import READERS, detect_format
from memory_pipeline.ingest.frames import conversation_frames
from memory_pipeline.ingest.inbox import (
    IngestReport,
    QuarantinedFile,
    ingest_files,
    load_inbox_conversation,
    read_source,
)
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn
from memory_pipeline.lake import sha256_file

FORMATS: tuple[str, ...] = tuple(sorted(READERS))


def inbox_frames(path: str | Path, config: IngestConfig | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """``(conversations, turns)`` of one inbox file; a file placed in the inbox by hand, without a source block,
    is described by its own name and hash and has no ``ingested_at``."""
    path = Path(path)
    conv = load_inbox_conversation(path, config)
    source = conv.source or {"file": path.name, "path": path.name, "format": "canonical", "sha256": sha256_file(path)}
    return conversation_frames(conv, source)


__all__ = [
    "FORMATS",
    "Conversation",
    "ErrorCode",
    "IngestConfig",
    "IngestError",
    "IngestReport",
    "QuarantinedFile",
    "Session",
    "Speaker",
    "Turn",
    "conversation_frames",
    "detect_format",
    "inbox_frames",
    "ingest_files",
    "load_inbox_conversation",
    "read_source",
]
