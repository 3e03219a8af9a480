"""Batched inference: pack every user turn with its context, score in length-sorted batches.

Sorting by length before batching keeps padding (wasted encoder work) small; the scores are put back into
the caller's order afterwards. Only user-role turns are targets (seed 000 C.1), but any message can be context.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import polars as pl
import torch

from memory_pipeline.gate.model import GateModel, GateNetwork
from memory_pipeline.gate.packing import Message, PackedInput, pack_turn
from memory_pipeline.schemas import GATE_SCORES

TARGET_ROLE = "user"
HISTOGRAM_BINS = 10


def length_sorted_batches(lengths: Sequence[int], batch_size: int) -> list[list[int]]:
    """Indices grouped into batches of similar length, longest first (so memory peaks early, not late)."""
    order = sorted(range(len(lengths)), key=lambda index: (-lengths[index], index))
    return [order[start : start + batch_size] for start in range(0, len(order), batch_size)]


def collate(batch: Sequence[PackedInput], pad_id: int) -> dict[str, torch.Tensor]:
    width = max(len(item) for item in batch)
    input_ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    attention_mask = torch.zeros((len(batch), width), dtype=torch.long)
    target_mask = torch.zeros((len(batch), width), dtype=torch.long)
    for row, item in enumerate(batch):
        input_ids[row, : len(item)] = torch.tensor(item.input_ids)
        attention_mask[row, : len(item)] = 1
        target_mask[row, : len(item)] = torch.tensor(item.target_mask)
    return {"input_ids": input_ids, "attention_mask": attention_mask, "target_mask": target_mask}


def pad_token_id(tokenizer) -> int:
    return tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0


def predict_probabilities(
    network: GateNetwork, packed: Sequence[PackedInput], pad_id: int, batch_size: int, device: torch.device
) -> np.ndarray:
    """p_admit for every packed input, in the order given."""
    probabilities = np.zeros(len(packed), dtype=np.float32)
    with torch.inference_mode():
        for indices in length_sorted_batches([len(item) for item in packed], batch_size):
            batch = {name: t.to(device) for name, t in collate([packed[i] for i in indices], pad_id).items()}
            logits = network(**batch)
            probabilities[indices] = torch.sigmoid(logits.float()).cpu().numpy()
    return probabilities


def _message(row: dict) -> Message:
    return Message(speaker=str(row["speaker"]), text=str(row["text"] or ""), image_caption=row.get("image_caption"))


def pack_user_turns(model: GateModel, turns: pl.DataFrame) -> tuple[list[dict], list[PackedInput]]:
    """Rows of the user turns (conversation, then ``seq`` order) and their packed inputs.

    Context is the ``k`` preceding messages of any role within the same session: a new session starts a new
    dialogue, and the closing lines of yesterday's talk say nothing about today's first turn.
    """
    ordered = turns.sort(["conversation_id", "seq"])
    targets: list[dict] = []
    packed: list[PackedInput] = []
    session_history: list[Message] = []
    current_session: tuple | None = None
    for row in ordered.iter_rows(named=True):
        session = (row["conversation_id"], row.get("session_index"))
        if session != current_session:
            current_session, session_history = session, []
        message = _message(row)
        if row["role"] == TARGET_ROLE:
            targets.append(row)
            packed.append(pack_turn(model.tokenizer, message, session_history, model.context_k, model.max_length))
        session_history.append(message)
        del session_history[: max(0, len(session_history) - model.context_k)]
    return targets, packed


def score_turns(model: GateModel, turns: pl.DataFrame) -> pl.DataFrame:
    """One GATE_SCORES row per user turn: p_admit, admitted (p >= threshold), the settings and model id."""
    targets, packed = pack_user_turns(model, turns)
    probabilities = predict_probabilities(
        model.network, packed, pad_token_id(model.tokenizer), model.batch_size, model.device
    )
    frame = pl.DataFrame(
        {
            "turn_id": [row["turn_id"] for row in targets],
            "conversation_id": [row["conversation_id"] for row in targets],
            "p_admit": probabilities,
            "admitted": probabilities >= model.threshold,
            "threshold": [model.threshold] * len(targets),
            "context_k": [model.context_k] * len(targets),
            "gate_model_id": [model.model_id] * len(targets),
        },
        schema=pl.Schema(pl.from_arrow(GATE_SCORES.empty_table()).schema),
    )
    return frame


def gate_metrics(scores: pl.DataFrame, seconds: float, device) -> dict:
    """Summary numbers for Dagster metadata: volume, admitted ratio, score histogram, speed, device."""
    n = scores.height
    probabilities = scores["p_admit"].to_numpy() if n else np.zeros(0, dtype=np.float32)
    counts, edges = np.histogram(probabilities, bins=HISTOGRAM_BINS, range=(0.0, 1.0))
    admitted = int(scores["admitted"].sum()) if n else 0
    return {
        "turns_scored": n,
        "turns_admitted": admitted,
        "admitted_ratio": admitted / n if n else 0.0,
        "score_histogram": {
            "bin_edges": [round(float(edge), 2) for edge in edges],
            "counts": [int(count) for count in counts],
        },
        "turns_per_second": n / seconds if seconds > 0 else 0.0,
        "seconds": seconds,
        "device": str(device),
    }
