"""The inbox as the source of partitions: which conversations exist and whether their content changed.

``inbox/`` holds only canonical files written by :func:`memory_pipeline.ingest.ingest_files`, one per
conversation, named ``<conversation_id>.json``. ``landing/`` is the drop folder for files of any supported
format: :func:`drain_landing` ingests them (bad ones go to quarantine) and moves the originals aside.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest import IngestReport, ingest_files
from memory_pipeline.lake import CONVERSATION_ID_PATTERN, Lake, sha256_file


def landing_dir(lake: Lake) -> Path:
    return lake.root / "landing"


def inbox_fingerprints(lake: Lake) -> dict[str, str]:
    """``{conversation_id: sha256 of its inbox file}`` for every well-named inbox file."""
    fingerprints: dict[str, str] = {}
    for path in lake.inbox_files():
        conversation_id = path.name.split(".", 1)[0]
        if path.suffix == ".json" and CONVERSATION_ID_PATTERN.match(conversation_id):
            fingerprints[conversation_id] = sha256_file(path)
    return fingerprints


def drain_landing(lake: Lake, config: IngestConfig | None = None) -> IngestReport | None:
    """Ingest every file dropped in ``landing/`` and move it to ``landing/processed/``."""
    folder = landing_dir(lake)
    dropped = sorted(p for p in folder.glob("*") if p.is_file() and not p.name.startswith(".")) if folder.exists() else []
    if not dropped:
        return None
    report = ingest_files(lake, dropped, config=config or IngestConfig())
    processed = folder / "processed"
    processed.mkdir(exist_ok=True)
    for path in dropped:
        shutil.move(str(path), processed / path.name)
    return report


def describe_report(report: IngestReport) -> str:
    """A few lines for the terminal or a sensor log: what was accepted and what was refused, and why."""
    lines = [
        f"ingested {len(report.accepted)} conversation(s): {len(report.new)} new, "
        f"{len(report.changed)} changed, {len(report.unchanged)} unchanged"
    ]
    for item in report.quarantined:
        lines.append(f"QUARANTINED {item.path}: [{item.code}] {item.error}")
    return "\n".join(lines)
