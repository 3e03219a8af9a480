"""Gate throughput beside its floor: a bare encoder forward pass over the same packed inputs.

The floor is what no gate implementation on this encoder can beat (same inputs, same length-sorted batches,
same dtype and precision, no packing, no head, no frame building); the ratio gate/floor says how much the gate's own work
(packing, pooling, head, Polars) costs on top. Both run in the same process, one after the other.
``--packing-only`` times the host side alone instead: packing and collating every turn the old way (one
``pack_turn`` and one tokenizer call per string per turn, tensors filled row by row) against the batch path.

    python benchmarks/bench_gate.py [--device cpu|cuda|auto] [--batch-size N] [--precision auto|float32|bfloat16]
        [--conversations 2] [--packing-only]
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
from memory_pipeline.devices import computing_in
from memory_pipeline.gate.infer import (
    batch_to_device,
    collate,
    length_sorted_batches,
    pack_user_turns,
    pad_token_id,
    score_turns,
    user_turn_messages,
)
from memory_pipeline.gate.model import GateModel
from memory_pipeline.gate.packing import PackedInput, pack_turn
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
        batch_to_device(collate([packed[i] for i in indices], pad_id), model.device)
        for indices in length_sorted_batches([len(item) for item in packed], model.batch_size)
    ]
    synchronise(model.device)
    started = time.perf_counter()
    with torch.inference_mode(), computing_in(model.precision, model.device):
        for batch in batches:
            model.network.encoder(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"])
    synchronise(model.device)
    return time.perf_counter() - started


def collate_row_by_row(batch: list[PackedInput], pad_id: int) -> dict[str, torch.Tensor]:
    """The collate before the vectorised one, kept here as the reference the packing benchmark compares with."""
    width = max(len(item) for item in batch)
    input_ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    attention_mask = torch.zeros((len(batch), width), dtype=torch.long)
    target_mask = torch.zeros((len(batch), width), dtype=torch.long)
    for row, item in enumerate(batch):
        input_ids[row, : len(item)] = torch.tensor(item.input_ids)
        attention_mask[row, : len(item)] = 1
        target_mask[row, : len(item)] = torch.tensor(item.target_mask)
    return {"input_ids": input_ids, "attention_mask": attention_mask, "target_mask": target_mask}


def time_packing_per_turn(model: GateModel, turns: pl.DataFrame) -> float:
    # Both sides read the frame through user_turn_messages, so the speed-up is that of packing and collating.
    started = time.perf_counter()
    _, targets, contexts = user_turn_messages(turns, model.context_k)
    packed = [
        pack_turn(model.tokenizer, target, context, model.context_k, model.max_length, model.packing)
        for target, context in zip(targets, contexts)
    ]
    pad_id = pad_token_id(model.tokenizer)
    for indices in length_sorted_batches([len(item) for item in packed], model.batch_size):
        collate_row_by_row([packed[i] for i in indices], pad_id)
    return time.perf_counter() - started


def time_packing_batched(model: GateModel, turns: pl.DataFrame) -> float:
    started = time.perf_counter()
    _, packed = pack_user_turns(model, turns)
    pad_id = pad_token_id(model.tokenizer)
    for indices in length_sorted_batches([len(item) for item in packed], model.batch_size):
        collate([packed[i] for i in indices], pad_id)
    return time.perf_counter() - started


def interleaved_best(timers, model: GateModel, turns: pl.DataFrame, repeats: int) -> list[list[float]]:
    """Each timer's runs, taken in turn: on a shared machine the load drifts, and all sides should see it."""
    runs: list[list[float]] = [[] for _ in timers]
    for _ in range(repeats):
        for timer, seconds in zip(timers, runs):
            seconds.append(timer(model, turns))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", choices=["auto", "cpu", "cuda"], default="cpu")
    parser.add_argument("--batch-size", type=int, help="default: the gate's own (32 on CPU, 256 on CUDA)")
    parser.add_argument("--precision", choices=["auto", "float32", "bfloat16"], default="auto",
                        help="what the gate and the bare encoder compute in (auto: devices.choose_precision)")
    parser.add_argument("--conversations", type=int, default=2, help="LoCoMo dev conversations to score")
    parser.add_argument("--repeats", type=int, default=3, help="best of this many timed runs")
    parser.add_argument("--locomo", type=Path, default=SHARED_DATA / "locomo" / "locomo10.dev.json")
    parser.add_argument("--packing-only", action="store_true", help="time packing and collating, per turn vs batched")
    args = parser.parse_args()

    model = GateModel.load(GateConfig(device=args.device, batch_size=args.batch_size, precision=args.precision))
    turns = benchmark_turns(args.locomo, args.conversations)
    n_user = turns.filter(pl.col("role") == "user").height
    settings = {
        "device": str(model.device),
        "batch_size": model.batch_size,
        "context_k": model.context_k,
        "turns": n_user,
    }
    if args.packing_only:
        time_packing_batched(model, turns.head(64))  # warm-up: tokenizer caches
        per_turn_runs, batched_runs = interleaved_best(
            [time_packing_per_turn, time_packing_batched], model, turns, args.repeats
        )
        per_turn_seconds, batched_seconds = min(per_turn_runs), min(batched_runs)
        result = {
            **settings,
            "per_turn_packing_turns_per_second": round(n_user / per_turn_seconds, 1),
            "batched_packing_turns_per_second": round(n_user / batched_seconds, 1),
            "packing_speed_up": round(per_turn_seconds / batched_seconds, 2),
            "per_turn_seconds_runs": [round(seconds, 3) for seconds in per_turn_runs],
            "batched_seconds_runs": [round(seconds, 3) for seconds in batched_runs],
        }
        print(json.dumps(result, indent=2))
        return

    score_turns(model, turns.head(64))  # warm-up: kernels, allocator, tokenizer caches
    gate_runs, floor_runs = interleaved_best([time_gate, time_bare_encoder], model, turns, args.repeats)
    gate_seconds, floor_seconds = min(gate_runs), min(floor_runs)
    result = {
        **settings,
        "dtype": str(model.dtype).removeprefix("torch."),
        "precision": model.precision,
        "torch_threads": torch.get_num_threads(),
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
