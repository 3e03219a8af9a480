"""Batched inference: pack every user turn with its context, score in length-sorted batches.

Sorting by length before batching keeps padding (wasted encoder work) small; the scores are put back into
the caller's order afterwards. Only user-role turns are targets (seed 000 C.1), but any message can be context.
"""

from __future__ import annotations

from itertools import chain
from typing import Iterable, Sequence

import numpy as np
import polars as pl
import torch

from memory_pipeline.devices import computing_in
from memory_pipeline.gate.model import GateModel, GateNetwork
from memory_pipeline.gate.packing import Message, PackedInput, pack_turns
from memory_pipeline.schemas import GATE_SCORES

TARGET_ROLE = "user"
HISTOGRAM_BINS = 10


def length_sorted_batches(lengths: Sequence[int], batch_size: int) -> list[list[int]]:
    """Indices grouped into batches of similar length, longest first (so memory peaks early, not late)."""
    order = sorted(range(len(lengths)), key=lambda index: (-lengths[index], index))
    return [order[start : start + batch_size] for start in range(0, len(order), batch_size)]


def collate(batch: Sequence[PackedInput], pad_id: int) -> dict[str, torch.Tensor]:
    """Padded ``input_ids``, ``attention_mask`` and ``target_mask`` for a batch, built in numpy in one pass.

    Every item's tokens are concatenated and written through the mask of real positions at once, rather than
    row by row: at GPU speeds the per-row tensor building cost more than the encoder.
    """
    lengths = np.fromiter((len(item) for item in batch), dtype=np.int64, count=len(batch))
    real = np.arange(lengths.max()) < lengths[:, None]
    input_ids = np.full(real.shape, pad_id, dtype=np.int64)
    input_ids[real] = _concatenated(item.input_ids for item in batch)
    target_mask = np.zeros(real.shape, dtype=np.int64)
    target_mask[real] = _concatenated(item.target_mask for item in batch)
    return {
        "input_ids": torch.from_numpy(input_ids),
        "attention_mask": torch.from_numpy(real.astype(np.int64)),
        "target_mask": torch.from_numpy(target_mask),
    }


def _concatenated(lists: Iterable[list[int]]) -> np.ndarray:
    return np.fromiter(chain.from_iterable(lists), dtype=np.int64)


def batch_to_device(batch: dict[str, torch.Tensor], device: torch.device | str) -> dict[str, torch.Tensor]:
    """Move a collated batch; to a GPU through pinned memory, asynchronously, so the host can go on working."""
    device = torch.device(device)
    if device.type != "cuda":
        return {name: tensor.to(device) for name, tensor in batch.items()}
    return {name: tensor.pin_memory().to(device, non_blocking=True) for name, tensor in batch.items()}


def pad_token_id(tokenizer) -> int:
    return tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0


def predict_probabilities(
    network: GateNetwork,
    packed: Sequence[PackedInput],
    pad_id: int,
    batch_size: int,
    device: torch.device,
    precision: str = "float32",
) -> np.ndarray:
    """p_admit for every packed input, in the order given, computed in ``precision`` (devices.computing_in).

    The logits stay on the device until every batch is queued, then come back in one transfer: a transfer per
    batch would make the host wait for each batch instead of collating the next one while the GPU computes.
    """
    if not packed:
        return np.zeros(0, dtype=np.float32)
    batches = length_sorted_batches([len(item) for item in packed], batch_size)
    with torch.inference_mode(), computing_in(precision, device):
        logits = [
            network(**batch_to_device(collate([packed[i] for i in indices], pad_id), device))
            for indices in batches
        ]
        scores = torch.sigmoid(torch.cat(logits).float()).cpu().numpy()
    probabilities = np.zeros(len(packed), dtype=np.float32)
    probabilities[[index for indices in batches for index in indices]] = scores
    return probabilities


def pack_user_turns(model: GateModel, turns: pl.DataFrame) -> tuple[pl.DataFrame, list[PackedInput]]:
    """The user turns' rows (conversation, then ``seq`` order) and their packed inputs."""
    user_rows, targets, contexts = user_turn_messages(turns, model.context_k)
    return user_rows, pack_turns(
        model.tokenizer, targets, contexts, model.context_k, model.max_length, model.packing
    )


def user_turn_messages(turns: pl.DataFrame, k: int) -> tuple[pl.DataFrame, list[Message], list[list[Message]]]:
    """The user turns' rows (conversation, then ``seq`` order), each one's message and its context messages.

    Context is the ``k`` preceding messages of any role within the same session: a new session starts a new
    dialogue, and the closing lines of yesterday's talk say nothing about today's first turn.
    """
    ordered = turns.sort(["conversation_id", "seq"]).with_row_index("position")
    session_keys = [name for name in ("conversation_id", "session_index") if name in ordered.columns]
    new_session = pl.any_horizontal(pl.col(name).ne_missing(pl.col(name).shift(1)) for name in session_keys)
    ordered = ordered.with_columns(
        session_start=pl.when(new_session | (pl.col("position") == 0)).then(pl.col("position")).forward_fill()
    )
    captions = ordered["image_caption"] if "image_caption" in ordered.columns else [None] * ordered.height
    messages = [
        Message(speaker=str(speaker), text=text, image_caption=caption)
        for speaker, text, caption in zip(ordered["speaker"], ordered["text"].fill_null(""), captions)
    ]
    user_rows = ordered.filter(pl.col("role") == TARGET_ROLE)
    targets = [messages[position] for position in user_rows["position"]]
    contexts = [
        messages[max(start, position - k) : position]
        for position, start in zip(user_rows["position"], user_rows["session_start"])
    ]
    return user_rows.drop("position", "session_start"), targets, contexts


def score_turns(model: GateModel, turns: pl.DataFrame) -> pl.DataFrame:
    """One GATE_SCORES row per user turn: p_admit, admitted (p >= threshold), the settings and model id."""
    user_rows, packed = pack_user_turns(model, turns)
    probabilities = predict_probabilities(
        model.network, packed, pad_token_id(model.tokenizer), model.batch_size, model.device, model.precision
    )
    n = user_rows.height
    frame = pl.DataFrame(
        {
            "turn_id": user_rows["turn_id"],
            "conversation_id": user_rows["conversation_id"],
            "p_admit": probabilities,
            "admitted": probabilities >= model.threshold,
            "threshold": [model.threshold] * n,
            "context_k": [model.context_k] * n,
            "gate_model_id": [model.model_id] * n,
        },
        schema=pl.Schema(pl.from_arrow(GATE_SCORES.empty_table()).schema),
    )
    return frame


def gate_metrics(scores: pl.DataFrame, seconds: float, device, precision: str) -> dict:
    """Summary numbers for Dagster metadata: volume, admitted ratio, score histogram, speed, device, precision."""
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
        "precision": precision,
    }
