"""A backfill of many small synthetic conversations through ``memory-pipeline run --all``: no failure, every
partition of every asset materialised, flat memory, time per partition printed.

It runs ``benchmarks/bench_backfill.py``, the one implementation of the measurement. The suite uses 40
conversations in four chunks of 10 (``run --max-per-run 10``): four chunks are what the flat-memory comparison
needs, and the full 1,000 would take the suite past its budget; ``MEMORY_PIPELINE_BACKFILL_N=1000`` runs the backfill whose figures docs/OPERATIONS.md reports
(about 25 minutes on this project's 2-core machine with other work beside it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

pytestmark = [pytest.mark.slow, pytest.mark.full]  # the default run has chunked runs in tests/test_crash.py

CONVERSATIONS = int(os.environ.get("MEMORY_PIPELINE_BACKFILL_N", "40"))
PER_RUN = 10 if CONVERSATIONS < 100 else 25


def test_backfill_of_small_conversations_has_no_failure_and_flat_memory(tmp_path):
    figures = tmp_path / "backfill.json"
    result = subprocess.run(
        [sys.executable, "benchmarks/bench_backfill.py", "--n", str(CONVERSATIONS), "--max-per-run", str(PER_RUN),
         "--json", str(figures)],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=3600,
    )
    print(result.stdout)
    numbers = json.loads(figures.read_text())
    assert numbers["exit_status"] == 0 and numbers["failed_lines"] == 0, result.stdout + result.stderr[-3000:]
    assert numbers["incomplete_partitions"] == 0
    assert numbers["chunks"] >= 4
    assert numbers["flat_memory"], f"peak memory per chunk (PSS, MiB): {numbers['pss_chunk_peaks_mib']}"
    assert result.returncode == 0
