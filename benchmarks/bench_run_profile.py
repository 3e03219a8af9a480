"""Where the seconds of ``memory-pipeline run --all`` go: a sampling profile of the whole command, attributed.

The run is timed end to end by ``bench_pipeline.py``; this script says what the time outside the models is. It
ingests a conversation file into a scratch lake and runs ``run --all`` under py-spy (a sampling profiler in its
own process: it neither slows the run much nor distorts it the way cProfile's per-call hooks do), then assigns
every sample of the main thread to one bucket, by the functions it passes through:

* ``interpreter``, ``start``: samples with no Python frame (the interpreter starting and exiting); the CLI's own
  imports and argument parsing, before the lake is opened;
* ``dagster_instance``, ``deciding``: opening Dagster's instance; registering partitions and finding stale ones;
* ``model_loads``: the resources that load the gate, spaCy and MiniLM, with the libraries they import;
* ``<step> model`` / ``<step> rules``: inside an asset's compute (below Dagster's ``execute_core_compute``),
  the samples within one of the engine's model calls (``predict_probabilities``, ``Embedder.encode``,
  ``parse_batch``: tokenising and packing included) and the rest (the pipeline's own rules, Parquet writes,
  metadata);
* ``dagster_run``: the run's machinery around the steps (plan, events, the event log's writes);
* ``views``: refreshing the lake's DuckDB views at the end.

Samples of other threads (tqdm's monitor, pools) are counted apart and left out of the buckets.

    pip install -e '.[profile]'        # py-spy
    python benchmarks/bench_run_profile.py path/to/locomo10.json [--rate 50] [--json out.json] [--keep DIR]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from report import cli_command, print_numbers, work_folder

# The engine's model calls.
MODEL_CALLS = ("predict_probabilities", "Embedder.encode", "parse_batch")
ASSET_FRAME = re.compile(r"^(\w+) \((?:.*/)?assets/\w+\.py:\d+\)$")
# The steps in chain order, for the summary's rows (a step not named here is listed after them).
CHAIN = ("ingestion", "gate_scores", "segments", "extraction", "units", "memory_embeddings", "consolidation")
# Outside the steps, the first of these functions (in this order) that a sample passes through names its bucket.
PHASES = (
    ("setup_for_execution", "model_loads"),
    ("refresh_views", "views"),
    ("execute_chunk", "dagster_run"),
    ("dagster_instance", "dagster_instance"),
    ("_run_partitions_locked", "deciding"),
)


def bucket_of(frames: list[str]) -> str | None:
    """The bucket of one sample (frames outermost first); None for a sample of a thread other than the main one."""
    if not frames:
        return "interpreter"  # no Python frame: the interpreter starting or exiting
    if "threading.py" in frames[0]:
        return None
    compute = next((n for n, frame in enumerate(frames) if frame.startswith("execute_core_compute (")), None)
    if compute is not None:
        step = next((m.group(1) for m in map(ASSET_FRAME.match, frames[compute:]) if m), None)
        if step is None:
            return "dagster_run"
        in_model = any(_calls(frame, MODEL_CALLS) for frame in frames[compute:])
        return f"{step} {'model' if in_model else 'rules'}"
    for function, bucket in PHASES:
        if any(_calls(frame, (function,)) for frame in frames):
            return bucket
    return "start"


def _calls(frame: str, functions: tuple[str, ...]) -> bool:
    """Whether a py-spy frame ("name (file:line)") is one of ``functions``; a method matches with or without its
    class."""
    name = frame.split(" (", 1)[0]
    return any(name == function or name.endswith("." + function) for function in functions)


def attribute(raw_lines: Iterable[str], rate: float) -> tuple[Counter, float]:
    """Seconds per bucket from py-spy's raw (folded) output, and the seconds of samples from other threads."""
    seconds: Counter = Counter()
    other_threads = 0.0
    for line in raw_lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not count.isdigit():
            continue
        bucket = bucket_of(stack.split(";") if stack else [])
        if bucket is None:
            other_threads += int(count) / rate
        else:
            seconds[bucket] += int(count) / rate
    return seconds, other_threads


def py_spy() -> str:
    found = shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))
    if found is None:
        raise SystemExit("py-spy is not installed: pip install -e '.[profile]'")
    return found


def profile_run(source: Path, lake: Path, rate: int, raw: Path) -> float:
    """Ingest ``source`` into ``lake`` (not profiled), then run the chain under py-spy; the run's wall seconds.

    ``--force``, so that a kept lake (``--keep``) that is already up to date is profiled doing the same work."""
    subprocess.run(cli_command(lake, "ingest", str(source)), check=True, capture_output=True)
    record = [py_spy(), "record", "--rate", str(rate), "--format", "raw", "--output", str(raw), "--"]
    started = time.perf_counter()
    subprocess.run([*record, *cli_command(lake, "run", "--all", "--force")], check=True)
    return time.perf_counter() - started


def summary(seconds: Counter, other_threads: float, wall: float) -> dict[str, float]:
    """The buckets in pipeline order, then the totals the README quotes: steps' model work, steps' rules, and the
    run outside its steps."""
    numbers: dict[str, float] = {"run_wall_s": wall, "sampled_s": sum(seconds.values())}
    order = ["interpreter", "start", "dagster_instance", "deciding", "model_loads"]
    steps = sorted({name.rsplit(" ", 1)[0] for name in seconds if " " in name}, key=_step_order)
    order += [f"{step} {part}" for step in steps for part in ("model", "rules")]
    order += ["dagster_run", "views"]
    for bucket in order:
        numbers[f"{bucket.replace(' ', '_')}_s"] = seconds.get(bucket, 0.0)
    numbers["steps_model_s"] = sum(value for name, value in seconds.items() if name.endswith(" model"))
    numbers["steps_rules_s"] = sum(value for name, value in seconds.items() if name.endswith(" rules"))
    numbers["outside_steps_s"] = numbers["sampled_s"] - numbers["steps_model_s"] - numbers["steps_rules_s"]
    numbers["other_threads_s"] = other_threads
    return numbers


def _step_order(step: str) -> tuple[int, str]:
    return (CHAIN.index(step) if step in CHAIN else len(CHAIN), step)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("conversations", type=Path, help="a conversation file ingest reads (e.g. locomo10.json)")
    parser.add_argument("--rate", type=int, default=50, help="samples per second (default 50)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--keep", type=Path, help="build the lake (and py-spy's raw profile) here and keep them")
    args = parser.parse_args(argv)

    with work_folder(args.keep, "bench-run-profile-") as folder:
        raw = folder / "run.pyspy.txt"
        wall = profile_run(args.conversations.resolve(), folder / "lake", args.rate, raw)
        seconds, other_threads = attribute(raw.read_text().splitlines(), args.rate)
    print_numbers(summary(seconds, other_threads, wall), decimals=2, json_path=args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
