"""Helpers for tests that run ``memory-pipeline`` as separate processes, as a user does: start one, kill it,
and compare what two lakes hold."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from memory_pipeline.lake import temporary_owner

# Names that only a write in progress has: our temporary files, a SQLite journal.
TEMPORARY_SUFFIXES = (".tmp", ".tmp.wal", "-journal")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cli_command(lake: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "memory_pipeline.cli", "--lake", str(lake), *args]


def start_cli(lake: Path, *args: str) -> subprocess.Popen:
    """``memory-pipeline --lake LAKE ARGS`` in a process group of its own (so a kill reaches every process it
    starts), stdout and stderr together as text lines."""
    return subprocess.Popen(
        cli_command(lake, *args),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def run_cli(lake: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    return subprocess.run(cli_command(lake, *args), capture_output=True, text=True, timeout=timeout)


def copy_lake(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


def tables_snapshot(lake: Path) -> dict[str, bytes]:
    """Every file under ``tables/``, by path relative to the lake, with its bytes."""
    return {
        str(path.relative_to(lake)): path.read_bytes()
        for path in sorted((lake / "tables").rglob("*"))
        if path.is_file()
    }


def temporaries(lake: Path) -> list[Path]:
    """Files anywhere under the lake (Dagster's folder included) that only an unfinished write leaves."""
    return sorted(
        Path(folder) / name
        for folder, _, files in os.walk(lake)
        for name in files
        if name.endswith(TEMPORARY_SUFFIXES) or temporary_owner(Path(name))
    )
