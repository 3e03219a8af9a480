"""Erasure on request: everything the lake holds about one conversation goes, and an audit line says so.

:func:`erase_conversation_files` removes the lake's files (the inbox file, every table partition, the LLM
response cache, the original drop file in ``landing/processed`` and quarantined copies of it) and returns what it
removed, counted; the Dagster side (the partition, the runs that materialised it and their event logs) is the
CLI's job, since the engine never drives Dagster. :func:`append_audit` records the erasure without any content:
which conversation, when, and how many rows and files.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import pyarrow.parquet as pq

from memory_pipeline.ingest.inbox import inbox_file, landing_dir
from memory_pipeline.lake import Lake, sha256_file

AUDIT_FILE = "erasures.jsonl"
LLM_CACHE_DIR = "llm_cache"


@dataclass
class ErasureReport:
    """What one erasure removed. Holds ids and counts only, never text."""

    conversation_id: str
    rows_removed: dict[str, int] = field(default_factory=dict)
    files_removed: list[str] = field(default_factory=list)  # lake-relative paths
    dagster_runs_deleted: int = 0
    conversations_rerun: list[str] = field(default_factory=list)
    erased_at: str = ""

    @property
    def total_rows(self) -> int:
        return sum(self.rows_removed.values())


def audit_path(lake: Lake) -> Path:
    return lake.root / "audit" / AUDIT_FILE


def erase_conversation_files(lake: Lake, conversation_id: str) -> ErasureReport:
    """Remove every file of the lake that holds this conversation; safe to repeat (a second call removes nothing)."""
    report = ErasureReport(conversation_id)
    source_sha = _source_sha256(lake, conversation_id)
    for table in lake.tables():
        if lake.has_partition(table, conversation_id):
            path = lake.partition_path(table, conversation_id)
            report.rows_removed[table] = pq.ParquetFile(path).metadata.num_rows
            lake.delete_partition(table, conversation_id)
            report.files_removed.append(_relative(lake, path))
    for path in _files_holding(lake, conversation_id, source_sha):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
        report.files_removed.append(_relative(lake, path))
    return report


def _files_holding(lake: Lake, conversation_id: str, source_sha: str | None) -> list[Path]:
    """The inbox file, the cache folder, and source copies (dropped originals, quarantined versions) of it."""
    found = [p for p in (inbox_file(lake, conversation_id), lake.root / LLM_CACHE_DIR / conversation_id) if p.exists()]
    processed = landing_dir(lake) / "processed"
    if source_sha and processed.exists():
        found += [p for p in sorted(processed.iterdir()) if p.is_file() and sha256_file(p) == source_sha]
    if lake.quarantine_dir.exists():
        for reason in sorted(lake.quarantine_dir.glob("*.reason.json")):
            if _names_conversation(reason, conversation_id):
                found += [p for p in (reason, reason.with_name(reason.name.removesuffix(".reason.json"))) if p.exists()]
    return found


def _source_sha256(lake: Lake, conversation_id: str) -> str | None:
    path = inbox_file(lake, conversation_id)
    if not path.exists():
        return None
    source = json.loads(path.read_text(encoding="utf-8")).get("source") or {}
    return source.get("sha256")


def _names_conversation(reason: Path, conversation_id: str) -> bool:
    try:
        record = json.loads(reason.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return record.get("conversation_id") == conversation_id


def _relative(lake: Lake, path: Path) -> str:
    return str(path.relative_to(lake.root))


def append_audit(lake: Lake, report: ErasureReport) -> Path:
    """Append one JSON line (what, when, how many) and fsync it: the record must survive a crash right after."""
    report.erased_at = report.erased_at or datetime.now(timezone.utc).isoformat(timespec="seconds")
    record = {
        **asdict(report),
        "files_removed": len(report.files_removed),
        "total_rows": report.total_rows,
    }
    path = audit_path(lake)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, sort_keys=True) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return path
