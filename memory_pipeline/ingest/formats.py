"""Which reader handles a file: detection by content, and the one table of readers.

Detection looks at the parsed payload, not the file name, because the real files do not name their format
(MSC ships as ``test.txt``). Each format has one unambiguous marker, checked most specific first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest import canonical, locomo, memorybank, msc
from memory_pipeline.ingest.errors import ErrorCode, IngestError
from memory_pipeline.ingest.model import Conversation
from memory_pipeline.ingest.source import SourceDocument

Reader = Callable[[SourceDocument, IngestConfig], list[Conversation]]

READERS: dict[str, Reader] = {
    canonical.FORMAT: canonical.read,
    locomo.FORMAT: locomo.read,
    msc.FORMAT: msc.read,
    memorybank.FORMAT: memorybank.read,
}

_DETECTORS: tuple[tuple[str, Callable[[Any], bool]], ...] = (
    (locomo.FORMAT, locomo.looks_like_locomo),
    (msc.FORMAT, msc.looks_like_msc),
    (canonical.FORMAT, canonical.looks_canonical),
    (memorybank.FORMAT, memorybank.looks_like_memorybank),
)


def detect_format(path: str | Path, payload: Any) -> str:
    """The name of the format whose marker ``payload`` carries; ``unknown_format`` when none does."""
    for name, matches in _DETECTORS:
        if matches(payload):
            return name
    raise IngestError(
        ErrorCode.UNKNOWN_FORMAT,
        f"cannot tell the format (known: {sorted(READERS)}); pass one explicitly if the file is one of them",
        file=path,
    )


def reader_for(fmt: str, path: str | Path) -> Reader:
    try:
        return READERS[fmt]
    except KeyError:
        raise IngestError(
            ErrorCode.UNKNOWN_FORMAT, f"unsupported format {fmt!r} (known: {sorted(READERS)})", file=path
        ) from None
