"""Gate throughput beside its floor: a bare encoder forward pass over the same packed inputs.

The floor is what no gate implementation on this encoder can beat (same inputs, same length-sorted batches,
same dtype, no packing, no head, no frame building); the ratio gate/floor says how much the gate's own work
(packing, pooling, head, Polars) costs on top. Both run in the same process, one after the other.

    python benchmarks/bench_gate.py [--device cpu|cuda|auto] [--batch-size 32] [--conversations 2]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import polars as pl
import torch

from memory_pipeline.config import GateConfig
from memory_pipeline.gate.infer import (
    collate,
    length_sorted_batches,
    pack_user_turns,
    pad_token_id,
    score_turns,
)
from memory_pipeline.gate.model import GateModel
from memory_pipeline.ingest import read_source, turns_frame

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MEMORY_PIPELINE_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))


def benchmark_turns(locomo: Path, conversations: int) -> pl.DataFrame:
    """Real LoCoMo turns when the data is beside the checkout, else a synthetic chat of similar length."""
    if locomo.exists():
        return pl.concat([turns_frame(conversation) for conversation in read_source(locomo)[:conversations]])
    lines = [
        "Hey! How have you been lately?",
        "Pretty good. I finally signed up for that pottery class downtown, it starts next Tuesday evening.",
        "Nice, that sounds fun. My sister just had her second baby, so I've been helping out a lot.",
        "Ha, yes.",
    ]
    n = 1000
    return pl.DataFrame(
        {
            "turn_id": [f"synthetic:{i}" for i in range(n)],
            "conversation_id": ["synthetic"] * n,
            "session_index": [i // 40 for i in range(n)],
            "seq": list(range(n)),
            "speaker": ["a" if i % 2 else "b" for i in range(n)],
            "role": ["user"] * n,
            "text": [lines[i % len(lines)] for i in range(n)],
        }
    )


def synchronise(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def time_gate(model: GateModel, turns: pl.DataFrame) -> float:
    synchronise(model.device)
    started = time.perf_counter()
    score_turns(model, turns)
    synchronise(model.device)
    return time.perf_counter() - started


def time_bare_encoder(model: GateModel, turns: pl.DataFrame) -> float:
    """Encoder forward only, over the gate's own packed inputs and batches (packing not timed)."""
    _, packed = pack_user_turns(model, turns)
    pad_id = pad_token_id(model.tokenizer)
    batches = [
        {name: t.to(model.device) for name, t in collate([packed[i] for i in indices], pad_id).items()}
        for indices in length_sorted_batches([len(item) for item in packed], model.batch_size)
    ]
    synchronise(model.device)
    started = time.perf_counter()
    with torch.inference_mode():
        for batch in batches:
            model.network.encoder(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"])
    synchronise(model.device)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", choices=["auto", "cpu", "cuda"], default="cpu")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--conversations", type=int, default=2, help="LoCoMo dev conversations to score")
    parser.add_argument("--repeats", type=int, default=3, help="best of this many timed runs")
    parser.add_argument("--locomo", type=Path, default=SHARED_DATA / "locomo" / "locomo10.dev.json")
    args = parser.parse_args()

    model = GateModel.load(GateConfig(device=args.device, batch_size=args.batch_size))
    turns = benchmark_turns(args.locomo, args.conversations)
    n_user = turns.filter(pl.col("role") == "user").height
    score_turns(model, turns.head(64))  # warm-up: kernels, allocator, tokenizer caches

    # Interleaved, best of n: on a shared machine the load drifts, and both sides should see the same drift.
    gate_runs, floor_runs = [], []
    for _ in range(args.repeats):
        gate_runs.append(time_gate(model, turns))
        floor_runs.append(time_bare_encoder(model, turns))
    gate_seconds, floor_seconds = min(gate_runs), min(floor_runs)
    result = {
        "device": str(model.device),
        "dtype": str(model.dtype).removeprefix("torch."),
        "torch_threads": torch.get_num_threads(),
        "batch_size": args.batch_size,
        "context_k": model.context_k,
        "turns": n_user,
        "gate_turns_per_second": round(n_user / gate_seconds, 1),
        "bare_encoder_turns_per_second": round(n_user / floor_seconds, 1),
        "gate_over_floor": round(floor_seconds / gate_seconds, 3),
        "gate_seconds_runs": [round(seconds, 2) for seconds in gate_runs],
        "bare_encoder_seconds_runs": [round(seconds, 2) for seconds in floor_runs],
        "gate_model_id": model.model_id,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
