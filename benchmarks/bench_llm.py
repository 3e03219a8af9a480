"""Cost of the LLM segments prompt per 1,000 turns: vLLM in-process on this machine, real LoCoMo turns.

A few windows of ``--window`` consecutive turns (seed 002: W = 20) from the first sessions of the first
LoCoMo dev conversation are sent as one batch, the way the segments stage sends a chunk; calls, tokens and
seconds come from the client's ledger and are extrapolated linearly to 1,000 turns (windows of W turns, no
overlap: the stage's re-reading of a provisional last segment adds a little on top). Engine start-up is reported
apart: it is paid once per step, not per turn.

    python benchmarks/bench_llm.py [--windows 4] [--window 20] [--model FOLDER] [--json out.json]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from report import print_numbers

from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import turns_frame
from memory_pipeline.llm import (
    LLMConfig,
    build_client,
    format_turns,
    ledger_frame,
    ledger_totals,
    load_prompt,
    prepare_model,
)
from memory_pipeline.llm.schemas import SegmentsAnswer

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
LOCOMO_DEV = SHARED_DATA / "locomo" / "locomo10.dev.json"


def segment_requests(path: Path, windows: int, size: int, max_tokens: int) -> tuple[list, int]:
    """``windows`` segments requests over consecutive, non-overlapping windows within sessions, and the turns read."""
    prompt = load_prompt("segments")
    turns = turns_frame(read_source(path)[0])
    requests, read = [], 0
    for (session,), session_turns in turns.group_by("session_index", maintain_order=True):
        rows = session_turns.sort("turn_index").to_dicts()
        for start in range(0, len(rows), size):
            window = rows[start : start + size]
            if len(requests) == windows or len(window) < size:
                break
            first, last = window[0]["turn_index"], window[-1]["turn_index"]
            requests.append(prompt.request(
                stage="segments", conversation_id=window[0]["conversation_id"], item_id=f"s{session}:{first}",
                response_model=SegmentsAnswer, max_tokens=max_tokens,
                context={"first_turn": first, "last_turn": last},
                session_time=str(window[0]["session_time"]),
                window_position="These turns open the session." if start == 0 else
                "These turns continue the session; earlier turns are already segmented.",
                turns=format_turns((t["turn_index"], t["speaker"], t["text"]) for t in window),
                first_turn=first, last_turn=last,
            ))
            read += len(window)
    return requests, read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path, default=LOCOMO_DEV)
    parser.add_argument("--windows", type=int, default=4)
    parser.add_argument("--window", type=int, default=20)
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--model", type=Path, help="a prepared model folder (default: SmolLM2-135M, prepared now)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not args.locomo.exists():
        raise SystemExit(f"LoCoMo file not found: {args.locomo} (set MEMORY_PIPELINE_SHARED_DATA or pass --locomo)")

    requests, turns = segment_requests(args.locomo, args.windows, args.window, args.max_tokens)
    with tempfile.TemporaryDirectory() as scratch:
        model = args.model or prepare_model("smollm2-135m", Path(scratch) / "smollm2-135m")
        start = time.perf_counter()
        client = build_client(LLMConfig(backend="vllm", model=str(model)), cache_dir=None)
        engine_start = time.perf_counter() - start
        start = time.perf_counter()
        results = client.run(requests)
        wall = time.perf_counter() - start
        totals = ledger_totals(ledger_frame(client.drain_ledger()))
        client.close()

    per_1000 = 1000 / turns
    print_numbers({
        # Other processes on a small machine slow decoding in proportion; the figures are read against this.
        "load average (1 min) at end": os.getloadavg()[0],
        "model": client.model_id,
        "windows (requests)": len(requests),
        "turns read": turns,
        "answers valid": sum(r.ok for r in results),
        "attempts": sum(r.attempts for r in results),
        "backend calls": totals.calls,
        "engine start s": engine_start,
        "batch wall s": wall,
        "prompt tokens": totals.prompt_tokens,
        "completion tokens": totals.completion_tokens,
        "completion tokens/s": totals.completion_tokens / wall,
        "per 1000 turns: calls": totals.calls * per_1000,
        "per 1000 turns: prompt tokens": totals.prompt_tokens * per_1000,
        "per 1000 turns: completion tokens": totals.completion_tokens * per_1000,
        "per 1000 turns: seconds": wall * per_1000,
    }, decimals=1, json_path=args.json)


if __name__ == "__main__":
    main()
