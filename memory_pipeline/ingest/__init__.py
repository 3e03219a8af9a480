"""Ingestion: source files in four formats -> validated conversations -> canonical inbox files -> frames.

Plain Python (no Dagster). The Dagster layer calls :func:`ingest_files` to fill the inbox (or
:func:`drain_landing` for the drop folder), :func:`inbox_fingerprints` to know the partitions, and, per
partition, :func:`inbox_frames` of :func:`inbox_file` to build the ``conversations`` and ``turns`` tables.
The inbox belongs to :mod:`memory_pipeline.ingest.inbox`; formats and decisions are in ``docs/FORMATS.md``.
"""

from __future__ import annotations

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.formats import READERS, detect_format
from memory_pipeline.ingest.frames import conversation_frames, turns_frame
from memory_pipeline.ingest.inbox import (
    IngestReport,
    QuarantinedFile,
    conversation_id_of,
    describe_report,
    drain_landing,
    inbox_file,
    inbox_fingerprints,
    inbox_frames,
    ingest_files,
    load_inbox_conversation,
    read_source,
)
from memory_pipeline.ingest.model import Conversation, Session, Speaker, Turn

FORMATS: tuple[str, ...] = tuple(sorted(READERS))

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
    "conversation_id_of",
    "describe_report",
    "detect_format",
    "drain_landing",
    "inbox_file",
    "inbox_fingerprints",
    "inbox_frames",
    "ingest_files",
    "load_inbox_conversation",
    "read_source",
    "turns_frame",
]
