"""kill -9 during each step of a run: the next ``run`` completes, and the lake equals an uninterrupted run's,
byte for byte, with no temporary file left anywhere.

The killed run is a process of its own (that is what a kill needs); the run that completes the lake is run in
this process, so it reuses the models an earlier test loaded instead of importing and loading them again, and the
byte-for-byte comparison with the reference (made in a process of its own) also says that which process ran a
step does not change what it writes.

The steps are read from the asset graph, so a stage added later is covered without editing this file.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from assets.definitions import build_definitions
from memory_pipeline.cli import EXIT_OK, main
from memory_pipeline.cli.orchestration import chain_of, dagster_instance, lake_chain, stale_partitions
from memory_pipeline.lake import Lake
from tests.pipeline_runs import copy_lake, start_cli, tables_snapshot, temporaries

pytestmark = pytest.mark.slow  # every test runs the pipeline, the killed runs in processes of their own

CHAIN = chain_of(build_definitions())
STEPS = list(CHAIN.step_assets())
# The default run kills one step in the middle of the chain, with steps done before it and steps not started
# after it; the long tier (`--full`) kills every step.
MIDDLE_STEP = STEPS[len(STEPS) // 2]


@dataclass
class KilledRun:
    returncode: int
    moment: str  # what the test saw when it killed: the step's first file, or only its start
    output: str


def _tables_of(step: str) -> list[str]:
    return [asset for asset, owner in CHAIN.steps.items() if owner == step]


def _step_has_written(lake: Path, tables: list[str]) -> bool:
    return any(any((lake / "tables" / table).glob("*/*")) for table in tables)


def run_and_kill_during(lake: Path, step: str, timeout: float = 600) -> KilledRun:
    """Start ``run --all`` and SIGKILL its process group inside ``step``: as soon as the step has put a file (a
    temporary one or a finished partition) into one of its tables, or, for a step whose assets are no lake
    table, as soon as it says it started."""
    process = start_cli(lake, "run", "--all")
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True)
    reader.start()
    output: list[str] = []
    started = False
    started_line = re.compile(rf"\b{re.escape(step)} started$")
    tables = [table for table in _tables_of(step) if table in CHAIN.assets]
    deadline = time.monotonic() + timeout
    moment = "not killed: the run ended first"
    while process.poll() is None and time.monotonic() < deadline:
        while not lines.empty():
            line = lines.get()
            output.append(line)
            started = started or bool(started_line.search(line.rstrip()))
        if started and (not tables or _step_has_written(lake, tables)):
            moment = "after its first file" if tables else "at its start"
            os.killpg(process.pid, signal.SIGKILL)
            break
        time.sleep(0.002)
    else:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            moment = "timed out"
    process.wait()
    reader.join(timeout=10)
    while not lines.empty():
        output.append(lines.get())
    return KilledRun(process.returncode, moment, "".join(output))


def run_here(capsys, lake: Path, *args: str) -> str:
    """The CLI in this process (reusing loaded models); asserts it succeeded and returns what it printed."""
    capsys.readouterr()
    assert main(["--lake", str(lake), *args]) == EXIT_OK
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "step", [pytest.param(step, marks=() if step == MIDDLE_STEP else pytest.mark.full) for step in STEPS]
)
def test_kill_9_during_a_step_then_run_completes_the_lake(step, synthetic_lake, synthetic_reference, tmp_path, capsys):
    lake = copy_lake(synthetic_lake, tmp_path / "lake")
    killed = run_and_kill_during(lake, step)
    assert killed.returncode == -signal.SIGKILL, f"{killed.moment}:\n{killed.output}"
    print(f"killed {step} {killed.moment}")

    rerun = run_here(capsys, lake, "run", "--all")
    assert "marked run" in rerun and "failed: its process ended" in rerun, rerun

    assert tables_snapshot(lake) == tables_snapshot(synthetic_reference)
    assert temporaries(lake) == []
    store = Lake(lake)
    instance = dagster_instance(store)
    assert stale_partitions(instance, store, lake_chain(store), store.partitions("conversations")) == []
    statuses = sorted(run.status.value for run in instance.get_runs())
    assert statuses == ["FAILURE", "SUCCESS"], statuses  # the killed run is failed, not "started" forever


def test_a_killed_writers_temporary_file_is_removed_by_the_next_run(synthetic_reference, tmp_path, capsys):
    """A writer killed between creating its temporary file and renaming it: the next run (here a no-op) removes
    the file, and leaves alone the one of a writer that is still alive."""
    lake = copy_lake(synthetic_reference, tmp_path / "lake")
    target = Lake(lake).partition_path("memory_entries", "synth-0000")
    script = (
        "import sys, time; from pathlib import Path; from memory_pipeline.lake import atomic_write\n"
        "def write(tmp):\n    tmp.write_bytes(b'PAR1 half'); print(tmp, flush=True); time.sleep(600)\n"
        f"atomic_write(Path({str(target)!r}), write)\n"
    )
    writers = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    dead, live = writers
    try:
        dead_file, live_file = (Path(writer.stdout.readline().strip()) for writer in writers)
        dead.kill()
        dead.wait()
        assert dead_file.exists() and live_file.exists()
        assert main(["--lake", str(lake), "run", "--all"]) == EXIT_OK
        assert "removed 1 temporary file(s)" in capsys.readouterr().out
        assert not dead_file.exists() and live_file.exists()
    finally:
        live.kill()
        live.wait()
    assert Lake(lake).remove_orphan_temporaries() == [live_file]  # dead now, so an orphan in its turn
    assert temporaries(lake) == []
    assert tables_snapshot(lake) == tables_snapshot(synthetic_reference)


def test_chunk_size_changes_the_runs_not_the_tables(synthetic_lake, synthetic_reference, tmp_path, capsys):
    """``run --max-per-run 1`` gives each conversation its own Dagster run and writes the very bytes the
    one-chunk run wrote (in a process of its own): no stage's output depends on which conversations shared its
    run, nor on the process."""
    lake = copy_lake(synthetic_lake, tmp_path / "lake")
    output = run_here(capsys, lake, "run", "--all", "--max-per-run", "1")
    conversations = len(Lake(synthetic_reference).partitions("turns"))
    assert conversations >= 2
    assert [f"run {n}/{conversations}" in output for n in range(1, conversations + 1)] == [True] * conversations
    assert tables_snapshot(lake) == tables_snapshot(synthetic_reference)
    with pytest.raises(SystemExit) as refused:
        main(["--lake", str(lake), "run", "--all", "--max-per-run", "0"])
    assert refused.value.code != EXIT_OK
    assert "--max-per-run: must be at least 1" in capsys.readouterr().err
