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


def _frames(*names: str) -> str:
    return ";".join(names)


def test_run_profile_attributes_each_sample_to_its_phase(monkeypatch):
    """bench_run_profile's buckets, on stacks shaped like py-spy's raw output of `run --all`."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bench_run_profile as profile

    main = ("_run_module_as_main (<frozen runpy>:198)", "<module> (memory_pipeline/cli/__main__.py:7)",
            "_run_partitions_locked (memory_pipeline/cli/orchestration.py:295)")
    chunk = (*main, "execute_chunk (memory_pipeline/cli/orchestration.py:194)")
    compute = (*chunk, "execute_core_compute (dagster/_core/execution/plan/compute.py:188)")
    lines = [
        _frames(*compute, "gate_scores (assets/gate.py:32)", "score_turns (memory_pipeline/gate/infer.py:122)",
                "predict_probabilities (memory_pipeline/gate/infer.py:77)") + " 40",
        _frames(*compute, "gate_scores (assets/gate.py:32)",
                "pack_user_turns (memory_pipeline/gate/infer.py:60)") + " 2",
        _frames(*compute, "extraction (/abs/path/assets/memories.py:50)",
                "SpacyParser.parse_batch (memory_pipeline/parsing/spacy.py:9)") + " 10",
        _frames(*compute, "extraction (/abs/path/assets/memories.py:50)", "extract_turn (x.py:1)") + " 4",
        _frames(*compute, "iterate_with_context (dagster/_utils/__init__.py:394)") + " 1",
        _frames(*chunk, "_LoadedPerStep.setup_for_execution (resources/models.py:78)") + " 8",
        _frames(*chunk, "store_event_batch (memory_pipeline/cli/event_log.py:80)") + " 3",
        _frames(*main, "definitions (memory_pipeline/cli/orchestration.py:60)",
                "build_definitions (assets/definitions.py:50)") + " 5",
        _frames(*main, "dagster_instance (memory_pipeline/cli/orchestration.py:40)") + " 6",
        _frames(*main, "refresh_views (memory_pipeline/warehouse.py:20)") + " 2",
        _frames("_run_module_as_main (<frozen runpy>:189)", "_get_module_details (<frozen runpy>:112)") + " 7",
        _frames("Thread._bootstrap (threading.py:1002)", "TMonitor.run (tqdm/_monitor.py:69)") + " 9",
        " 20",
    ]
    seconds, other_threads = profile.attribute(lines, rate=10)
    assert seconds == {
        "gate_scores model": 4.0, "gate_scores rules": 0.2, "extraction model": 1.0, "extraction rules": 0.4,
        "dagster_run": 0.4, "model_loads": 0.8, "deciding": 0.5, "dagster_instance": 0.6, "views": 0.2,
        "start": 0.7, "interpreter": 2.0,
    }
    assert other_threads == 0.9
    numbers = profile.summary(seconds, other_threads, wall=12.0)
    assert numbers["steps_model_s"] == 5.0
    assert abs(numbers["steps_rules_s"] - 0.6) < 1e-9
    assert abs(numbers["outside_steps_s"] - (numbers["sampled_s"] - 5.6)) < 1e-9
    keys = list(numbers)
    assert keys.index("gate_scores_model_s") < keys.index("extraction_model_s") < keys.index("dagster_run_s")
