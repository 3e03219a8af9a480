"""The ``memory-pipeline`` script ends its process without the interpreter's teardown: its exit code, its output
and the exit handlers must survive that."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from memory_pipeline.cli import EXIT_OK, EXIT_USAGE
from memory_pipeline.lake import Lake


def _script(lake: Path, *args: str, prelude: str = "") -> subprocess.CompletedProcess:
    Lake(lake).ensure_layout()  # an empty lake: a command on a lake that is not there stops before it starts
    code = f"{prelude}\nfrom memory_pipeline.cli.app import script\nscript({['--lake', str(lake), *args]!r})\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


def test_script_flushes_a_long_output_to_a_pipe(tmp_path):
    done = _script(tmp_path / "lake", "sql", "SELECT range AS n FROM range(50000)", "--format", "csv")
    assert done.returncode == EXIT_OK, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "n" and len(lines) == 50_001 and lines[-1] == "49999"


def test_script_exits_with_the_commands_code_and_message(tmp_path):
    done = _script(tmp_path / "lake", "run", "--conversation", "nobody")
    assert done.returncode == EXIT_USAGE
    assert "unknown conversation(s): nobody" in done.stderr


def test_script_runs_the_exit_handlers(tmp_path):
    prelude = "import atexit\natexit.register(lambda: print('exit handler ran', flush=True))"
    done = _script(tmp_path / "lake", "sql", "SELECT 1 AS one", "--format", "csv", prelude=prelude)
    assert done.returncode == EXIT_OK, done.stderr[-2000:]
    assert done.stdout.rstrip().endswith("exit handler ran")


def test_script_waits_for_the_threads_still_working(tmp_path):
    prelude = (
        "import threading, time\n"
        "from concurrent.futures import ThreadPoolExecutor\n"
        "threading.Thread(target=lambda: (time.sleep(3), print('thread finished', flush=True))).start()\n"
        "ThreadPoolExecutor(1).submit(lambda: (time.sleep(3.5), print('pool task finished', flush=True)))"
    )
    done = _script(tmp_path / "lake", "sql", "SELECT 1 AS one", "--format", "csv", prelude=prelude)
    assert done.returncode == EXIT_OK, done.stderr[-2000:]
    assert "thread finished" in done.stdout and "pool task finished" in done.stdout
