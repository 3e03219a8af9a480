"""The data lake: Parquet partitions on disk, one file per table per conversation.

Layout (DESIGN §2, §3)::

    <lake>/inbox/<conversation_id>.json           validated conversations (:mod:`memory_pipeline.ingest.inbox`)
    <lake>/tables/<table>/conversation_id=<id>/part-0.parquet
    <lake>/quarantine/<file> + <file>.reason.json
    <lake>/models/                                 trained or downloaded model artefacts
    <lake>/warehouse.duckdb                        views only (see :mod:`memory_pipeline.warehouse`)
    <lake>/.dagster/                               the persistent Dagster home used by the CLI

A partition is written to a temporary file in the same folder, fsynced and renamed over the old one, so a
reader (DuckDB, a later stage) sees either the previous version or the new one, never half a file. A temporary
file's name says which process on which host writes it, so one left by a killed writer can be told from a live
writer's and removed (:meth:`Lake.remove_orphan_temporaries`). ``memory-pipeline run`` holds
:meth:`Lake.run_lock` for its whole duration, so runs on one lake take turns.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import secrets
import shutil
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from memory_pipeline.schemas import TABLES

# Partition keys become folder names and Dagster partition keys, so they are kept to a safe alphabet.
CONVERSATION_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
PART_FILE = "part-0.parquet"
RUN_LOCK_FILE = ".run.lock"
# ".<target name>.<host>-<pid>.<random>.tmp", and DuckDB's "<that>.wal" beside a warehouse being built.
_TEMPORARY = re.compile(r"^\..+\.(?P<host>[A-Za-z0-9_]+)-(?P<pid>\d+)\.[A-Za-z0-9_]+\.tmp(\.wal)?$")


class SchemaMismatch(ValueError):
    """A stage tried to write a frame that lacks columns its table promises."""


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def stable_id(*parts: str, length: int = 16) -> str:
    """Deterministic id from its inputs, so a re-run of the same input yields the same ids."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
    return digest[:length]


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", socket.gethostname()) or "host"


def temporary_path(target: Path) -> Path:
    """A new, empty file beside ``target`` whose name carries this host and process id (see
    :func:`is_orphan_temporary`); the caller renames it over ``target`` or removes it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{target.name}.{_host()}-{os.getpid()}."
    while True:
        path = target.parent / f"{prefix}{secrets.token_hex(4)}.tmp"
        try:
            # Not mkstemp: its 0600 would survive the rename, and a lake's files take the umask like any other
            # file the user writes (readers such as a BI tool or the UI may run as another account).
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return path


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        return True
    return True


def temporary_owner(path: Path) -> tuple[str, int] | None:
    """``(host, pid)`` of the writer of a temporary file named by :func:`temporary_path`; None for any other file."""
    match = _TEMPORARY.match(path.name)
    return (match["host"], int(match["pid"])) if match else None


def is_orphan_temporary(path: Path) -> bool:
    """A temporary file of :func:`temporary_path` whose writer, a process of this host, no longer exists.

    A file written from another host (a pod sharing the volume) is never called an orphan: its pid means nothing
    here. A reused pid keeps an orphan until that process ends too, which errs on the side of a live writer.
    """
    owner = temporary_owner(path)
    return owner is not None and owner[0] == _host() and not _pid_alive(owner[1])


def atomic_write(target: Path, write) -> None:
    """Create or replace ``target`` through ``write(temporary_path)``: a reader sees the old file or the new one."""
    tmp = temporary_path(target)
    try:
        write(tmp)
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def _conform(table_name: str, data: pl.DataFrame | pa.Table) -> pa.Table:
    """Cast to the contract's schema (extra columns kept, missing ones refused)."""
    arrow = data.to_arrow() if isinstance(data, pl.DataFrame) else data
    schema = TABLES.get(table_name)
    if schema is None:
        return arrow
    missing = [name for name in schema.names if name not in arrow.column_names]
    if missing:
        raise SchemaMismatch(f"table {table_name!r} is missing columns {missing}")
    contract = [arrow.column(name).cast(schema.field(name).type) for name in schema.names]
    extra_names = [name for name in arrow.column_names if name not in schema.names]
    extras = [arrow.column(name) for name in extra_names]
    return pa.Table.from_arrays(contract + extras, names=list(schema.names) + extra_names)


@dataclass(frozen=True)
class Lake:
    root: Path

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", Path(self.root).resolve())

    # -- layout ---------------------------------------------------------------------------------------
    @property
    def inbox(self) -> Path:
        return self.root / "inbox"

    @property
    def tables_dir(self) -> Path:
        return self.root / "tables"

    @property
    def quarantine_dir(self) -> Path:
        return self.root / "quarantine"

    @property
    def models_dir(self) -> Path:
        return self.root / "models"

    @property
    def warehouse_path(self) -> Path:
        return self.root / "warehouse.duckdb"

    @property
    def dagster_home(self) -> Path:
        return self.root / ".dagster"

    def exists(self) -> bool:
        """Whether anything of a lake is at ``root``: an inbox, tables, a quarantine, the warehouse, a Dagster
        instance or the lake's own settings (``memory_pipeline.toml``, written before the first run). A command that
        only reads a lake checks this first, so a mistyped ``--lake`` is an error instead of a new empty lake left
        behind."""
        return any(
            path.exists()
            for path in (self.inbox, self.tables_dir, self.quarantine_dir, self.warehouse_path, self.dagster_home,
                         self.root / "memory_pipeline.toml")
        )

    def ensure_layout(self) -> None:
        for folder in (self.inbox, self.tables_dir, self.quarantine_dir, self.models_dir):
            folder.mkdir(parents=True, exist_ok=True)

    # -- crash safety and turns -----------------------------------------------------------------------
    def remove_orphan_temporaries(self) -> list[Path]:
        """Delete the temporary files that killed writers left anywhere in the lake (not a live writer's);
        return them. Dagster's own folder is left to Dagster."""
        removed = []
        for folder, subfolders, files in os.walk(self.root):
            if Path(folder) == self.root and self.dagster_home.name in subfolders:
                subfolders.remove(self.dagster_home.name)
            for name in files:
                path = Path(folder) / name
                if is_orphan_temporary(path):
                    path.unlink(missing_ok=True)
                    removed.append(path)
        return removed

    @contextmanager
    def run_lock(self, on_wait: Callable[[str], None] = lambda holder: None) -> Iterator[None]:
        """Hold the lake's run lock (an ``flock`` on ``<lake>/.run.lock``) for the ``with`` block.

        When another process holds it, ``on_wait`` is called once with what that holder wrote ("pid N on
        HOST") and the call blocks until it is released. The kernel releases it when the holder's process ends,
        however it ends, so a killed run never leaves the lake locked.
        """
        self.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.root / RUN_LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                on_wait(os.pread(fd, 200, 0).decode(errors="replace").strip() or "another process")
                fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"pid {os.getpid()} on {socket.gethostname()}\n".encode(), 0)
            try:
                yield
            finally:
                os.ftruncate(fd, 0)
        finally:
            os.close(fd)

    def partition_path(self, table: str, conversation_id: str) -> Path:
        check_conversation_id(conversation_id)
        return self.tables_dir / table / f"conversation_id={conversation_id}" / PART_FILE

    # -- partitions -----------------------------------------------------------------------------------
    def write_partition(self, table: str, conversation_id: str, data: pl.DataFrame | pa.Table) -> Path:
        """Replace exactly one partition of one table, atomically."""
        arrow = _conform(table, data)
        if "conversation_id" in arrow.column_names:
            others = set(arrow.column("conversation_id").to_pylist()) - {conversation_id}
            if others:
                raise ValueError(f"rows of {sorted(others)} written into partition {conversation_id!r}")
        target = self.partition_path(table, conversation_id)
        atomic_write(target, lambda tmp: pq.write_table(arrow, tmp, compression="zstd"))
        return target

    def has_partition(self, table: str, conversation_id: str) -> bool:
        return self.partition_path(table, conversation_id).exists()

    def read_partition(self, table: str, conversation_id: str) -> pl.DataFrame:
        path = self.partition_path(table, conversation_id)
        if not path.exists():
            raise FileNotFoundError(f"no partition {conversation_id!r} of table {table!r} at {path}")
        return pl.read_parquet(path)

    def read_table(self, table: str, conversation_ids: list[str] | None = None) -> pl.DataFrame:
        """All partitions of a table (or the listed ones), as one frame; empty with its schema if none."""
        ids = conversation_ids if conversation_ids is not None else self.partitions(table)
        paths = [self.partition_path(table, cid) for cid in ids if self.has_partition(table, cid)]
        if not paths:
            schema = TABLES.get(table)
            return pl.from_arrow(schema.empty_table()) if schema is not None else pl.DataFrame()
        return pl.concat([pl.read_parquet(p) for p in paths], how="diagonal_relaxed")

    def partitions(self, table: str) -> list[str]:
        folder = self.tables_dir / table
        if not folder.exists():
            return []
        return sorted(
            p.name.split("=", 1)[1]
            for p in folder.iterdir()
            if p.is_dir() and p.name.startswith("conversation_id=") and (p / PART_FILE).exists()
        )

    def tables(self) -> list[str]:
        if not self.tables_dir.exists():
            return []
        return sorted(p.name for p in self.tables_dir.iterdir() if p.is_dir() and self.partitions(p.name))

    def delete_partition(self, table: str, conversation_id: str) -> None:
        path = self.partition_path(table, conversation_id)
        if path.parent.exists():
            shutil.rmtree(path.parent)

    # -- inbox and quarantine -------------------------------------------------------------------------
    def inbox_files(self) -> list[Path]:
        if not self.inbox.exists():
            return []
        return sorted(p for p in self.inbox.iterdir() if p.is_file() and not p.name.startswith("."))

    def quarantine(self, source: Path, reason: dict) -> Path:
        """Copy a rejected file aside with a ``.reason.json`` beside it; the original is left untouched."""
        self.quarantine_dir.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        target = self.quarantine_dir / f"{stamp}-{source.name}"
        if source.exists() and source.is_file():
            shutil.copy2(source, target)
        else:
            target.write_bytes(b"")
        record = {"file": str(source), "quarantined_as": target.name, "at": stamp, **reason}
        reason_path = target.with_name(target.name + ".reason.json")
        atomic_write(reason_path, lambda tmp: tmp.write_text(json.dumps(record, indent=2)))
        return target


def check_conversation_id(conversation_id: str) -> str:
    if not isinstance(conversation_id, str) or not CONVERSATION_ID_PATTERN.match(conversation_id):
        raise ValueError(
            f"conversation id {conversation_id!r} must match {CONVERSATION_ID_PATTERN.pattern} "
            "(letters, digits, '.', '_' or '-', at most 128 characters)"
        )
    return conversation_id
