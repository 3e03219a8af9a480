"""A backfill of many small conversations through ``memory-pipeline run --all``: failures, time per partition,
and whether the run's memory stays flat.

Generates N synthetic conversations (one session, 2 to 4 turns: ``memory_pipeline.synthetic``), ingests them
into a fresh lake, then runs ``memory-pipeline run --all`` as a subprocess (chunks of ``--max-per-run``
partitions, 25 by default as for a user) while sampling the memory (PSS) of its process tree every ``--interval`` seconds.

* failures: a non-zero exit, a ``FAILED`` line, or a partition of some asset not materialised or still stale;
* seconds per partition: the run's wall time / N (interpreter start and model loads included);
* flat memory: the peak memory during the last quarter of the chunks against the first quarter's (the chunk is read
  from the run's progress lines). Every chunk is its own Dagster run that loads the models again, so chunks are
  the unit to compare; growth beyond ``--max-growth`` (a fraction) means something accumulates as partitions pass.

    python benchmarks/bench_backfill.py [--n 1000] [--max-per-run 25] [--json out.json] [--keep DIR]

Exit status 1 when a failure or growth was seen (the test suite runs it with a small N).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from report import cli_command, print_numbers, work_folder

from memory_pipeline.synthetic import synthetic_conversations


def tree_memory_kib(pid: int) -> tuple[int, int]:
    """Memory of ``pid`` and its descendants in KiB, and how many processes that is ((0, 0) once it has gone).

    Proportional set size (PSS), not RSS: a forked child shares its parent's pages, and RSS would count them twice.
    A child that has not yet exec'd (the same command line as its parent: Dagster starts ``tail`` processes to
    capture logs) is skipped, since it may share its parent's very address space and report all of it.
    """
    total, processes, pending = 0, 0, [(pid, b"")]
    while pending:
        current, parent_command = pending.pop()
        try:
            command = Path(f"/proc/{current}/cmdline").read_bytes()
            if command == parent_command:
                continue
            rollup = Path(f"/proc/{current}/smaps_rollup").read_text()
            total += next((int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:")), 0)
            processes += 1
            for task in Path(f"/proc/{current}/task").iterdir():
                pending.extend((int(child), command) for child in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total, processes


CHUNK_LINE = re.compile(r"\brun (\d+)/(\d+): ")


def run_sampled(command: list[str], interval: float) -> tuple[int, str, float, dict[int, int], int]:
    """Run ``command`` (``run --all``) to the end; return its exit status, output, wall seconds, the peak KiB of
    its process tree during each chunk (0: before the first chunk starts, read from its progress lines) and the
    most processes that tree had at once."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output: list[str] = []
    chunk = [0]

    def read() -> None:
        for line in process.stdout:
            output.append(line)
            match = CHUNK_LINE.search(line)
            if match:
                chunk[0] = int(match[1])

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    peaks: dict[int, int] = {}
    most_processes = 0
    while process.poll() is None:
        kib, processes = tree_memory_kib(process.pid)
        peaks[chunk[0]] = max(peaks.get(chunk[0], 0), kib)
        most_processes = max(most_processes, processes)
        time.sleep(interval)
    seconds = time.perf_counter() - started
    reader.join(timeout=30)
    return process.returncode, "".join(output), seconds, peaks, most_processes


def quarter_peaks(chunk_peaks: dict[int, int]) -> tuple[int, int]:
    """Peak KiB over the first quarter of the chunks and over the last quarter, each at least two chunks long
    (fewer than four chunks: the first and the last chunk).

    Two, because the first chunk runs lighter than every later one: Dagster keeps the last finished step's context,
    and with it that run's models, until the next run replaces it, so from the second chunk on one earlier set of
    models is resident. That is bounded; what the comparison looks for is growth beyond it.
    """
    chunks = sorted(number for number in chunk_peaks if number > 0)
    if not chunks:
        return 0, 0
    quarter = max(2, len(chunks) // 4) if len(chunks) >= 4 else 1
    return max(chunk_peaks[c] for c in chunks[:quarter]), max(chunk_peaks[c] for c in chunks[-quarter:])


def incomplete_partitions(lake_dir: Path) -> int:
    """(asset, partition) pairs of the chain not materialised, plus conversations still stale after the run."""
    from memory_pipeline.cli.orchestration import dagster_instance, lake_chain, registered_partitions, stale_partitions
    from memory_pipeline.lake import Lake

    lake = Lake(lake_dir)
    instance, chain = dagster_instance(lake), lake_chain(lake)
    registered = registered_partitions(instance)
    missing = sum(len(set(registered) - set(lake.partitions(asset))) for asset in chain.assets)
    return missing + len(stale_partitions(instance, lake, chain, registered))


def backfill(work: Path, n: int, interval: float, max_per_run: int) -> dict:
    source = work / "synthetic.json"
    source.write_text(json.dumps(synthetic_conversations(n, turns=(2, 4))))
    lake = work / "lake"
    subprocess.run(cli_command(lake, "ingest", str(source)), check=True, stdout=subprocess.DEVNULL)
    status, output, seconds, chunk_peaks, most_processes = run_sampled(
        cli_command(lake, "run", "--all", "--max-per-run", str(max_per_run)), interval
    )
    first, last = quarter_peaks(chunk_peaks)
    (work / "run.log").write_text(output)
    return {
        "partitions": n,
        "exit_status": status,
        "failed_lines": sum("FAILED" in line for line in output.splitlines()),
        "incomplete_partitions": incomplete_partitions(lake),
        "run_s": seconds,
        "seconds_per_partition": seconds / n,
        "chunks": len([c for c in chunk_peaks if c > 0]),
        "most_processes": most_processes,
        "pss_peak_mib": max(chunk_peaks.values(), default=0) / 1024,
        "pss_first_quarter_peak_mib": first / 1024,
        "pss_last_quarter_peak_mib": last / 1024,
        "memory_growth": (last - first) / first if first else 0.0,
        "pss_chunk_peaks_mib": " ".join(str(round(chunk_peaks[c] / 1024)) for c in sorted(chunk_peaks) if c > 0),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="synthetic conversations (partitions)")
    parser.add_argument("--max-per-run", type=int, default=25, help="conversations per Dagster run (chunk)")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between memory samples")
    parser.add_argument("--max-growth", type=float, default=0.10, help="last / first quarter peak memory - 1, at most")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (default: a temporary one)")
    args = parser.parse_args(argv)

    with work_folder(args.keep, "bench-backfill-") as work:
        numbers = backfill(work, args.n, args.interval, args.max_per_run)
    numbers["flat_memory"] = numbers["memory_growth"] <= args.max_growth
    print_numbers(numbers, decimals=3, json_path=args.json)
    ok = (
        numbers["exit_status"] == 0
        and numbers["failed_lines"] == 0
        and numbers["incomplete_partitions"] == 0
        and numbers["flat_memory"]
    )
    print(
        f"\nbackfill of {args.n} conversations: {'ok' if ok else 'NOT OK'}, "
        f"{numbers['seconds_per_partition']:.3f} s per partition, peak PSS first quarter "
        f"{numbers['pss_first_quarter_peak_mib']:.0f} MiB, last quarter {numbers['pss_last_quarter_peak_mib']:.0f} MiB"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
