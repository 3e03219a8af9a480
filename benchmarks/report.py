"""What the benchmarks share: how they print their figures (an aligned key/value table, plus an optional JSON
file), the folder they work in, and the ``memory-pipeline`` command they run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def print_numbers(numbers: dict, decimals: int = 3, json_path: Path | None = None) -> None:
    width = max(len(key) for key in numbers)
    for key, value in numbers.items():
        shown = f"{value:10.{decimals}f}" if isinstance(value, float) else f"{value:>10}"
        print(f"{key:<{width}}  {shown}")
    if json_path is not None:
        json_path.write_text(json.dumps(numbers, indent=2))


@contextmanager
def work_folder(keep: Path | None, prefix: str) -> Iterator[Path]:
    """``keep`` (created if needed, left in place) or a temporary folder removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        folder = keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        yield folder


def cli_command(lake: Path, *args: str) -> list[str]:
    """``memory-pipeline --lake LAKE ARGS`` in this interpreter, as a separate process would run it."""
    return [sys.executable, "-m", "memory_pipeline.cli", "--lake", str(lake), *args]


def timed_cli(lake: Path, *args: str) -> float:
    """Wall seconds of one ``memory-pipeline`` command, process start and exit included."""
    started = time.perf_counter()
    subprocess.run(cli_command(lake, *args), check=True)
    return time.perf_counter() - started

