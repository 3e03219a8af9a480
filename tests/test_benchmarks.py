"""Every benchmark script still imports: they are run by hand, so a renamed engine function would otherwise
break one silently (two did, after the LoCoMo reader moved)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def test_every_benchmark_module_imports():
    names = sorted(path.stem for path in BENCHMARKS.glob("bench_*.py"))
    assert len(names) >= 9
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    done = subprocess.run(
        [sys.executable, "-c", script, *names], cwd=BENCHMARKS.parent, capture_output=True, text=True,
        env={"PYTHONPATH": f"{BENCHMARKS}:{BENCHMARKS.parent}", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
