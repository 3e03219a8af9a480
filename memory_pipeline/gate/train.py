"""Training: class-weighted BCE on the top encoder block(s) and the head, early-stopped on validation loss.

Seed 000 (A.2, B.1) fine-tunes a whole ModernBERT-base. Here the bottom blocks stay frozen and their output is
computed once and cached, so each epoch only runs the trainable top block(s): that is what makes a run fit in
minutes on a shared two-core CPU, and it keeps the shipped weights small. The objective, weight clipping,
warm-up, accumulation and checkpoint selection follow the paper.
"""

from __future__ import annotations

import contextlib
import copy
import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np
import torch
from torch import nn

from memory_pipeline.gate.data import GateExample
from memory_pipeline.gate.infer import batch_to_device, collate, length_sorted_batches, pad_token_id
from memory_pipeline.gate.model import GateNetwork, load_network
from memory_pipeline.gate.packing import DEFAULT_LAYOUT, PackedInput, pack_turns


@dataclass(frozen=True)
class TrainSettings:
    """Optimisation settings; paper values noted where this differs."""

    trainable_layers: int = 1
    epochs: int = 6  # paper: at most 10; six fit the CPU budget for one k (see docs/GATE.md)
    patience: int = 2
    micro_batch: int = 16  # paper: 4 x 4 accumulation; larger micro-batches run faster on CPU
    accumulation: int = 2
    # Paper: 2e-5 for every weight of a fully fine-tuned encoder. The head starts from random and only one
    # block moves here, so both get larger steps or a few epochs would barely leave the initialisation.
    layer_lr: float = 1e-4
    head_lr: float = 1e-3
    weight_decay: float = 0.01
    warmup_ratio: float = 0.1
    max_positive_weight: float = 10.0
    seed: int = 20260726
    device: str = "cpu"
    # Cross-validation picks an epoch count; the final fit then keeps that epoch of the same schedule instead of
    # early-stopping on a validation set it no longer has.
    fixed_epoch: int | None = None
    class_weighting: bool = True
    # With class weighting, compute w+ within each training source (LoCoMo, MSC) and weight that source's
    # positives by it, instead of one w+ over the pooled set: MSC's persona labels are two-thirds positive, so
    # pooling them dilutes the in-domain LoCoMo positives' weight (about 3 on their own) to about 1.2.
    source_weighting: bool = False
    # Epoch (1-based) from which the weights at the end of each epoch are averaged (0: off). The model scored
    # after epoch e >= average_from, and kept at the end, is the uniform mean of the epoch-end weights
    # average_from..e: a tail average that smooths the last epochs' noise at no inference cost.
    average_from: int = 0
    # The input layout the training turns are packed in; the artifact records it and inference packs with it.
    packing: str = DEFAULT_LAYOUT


@dataclass
class TrainOutcome:
    """The best checkpoint (by validation BCE) and the curve that chose it."""

    state: dict[str, torch.Tensor]
    positive_weight: float  # with source weighting: the mean weight of a training positive
    source_positive_weights: dict[str, float] = field(default_factory=dict)  # w+ by source, source weighting only
    train_losses: list[float] = field(default_factory=list)
    val_losses: list[float] = field(default_factory=list)
    best_epoch: int = 0
    val_probabilities: np.ndarray | None = None
    epoch_probabilities: list[np.ndarray] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def best_val_loss(self) -> float:
        return self.val_losses[self.best_epoch] if self.val_losses else float("nan")


def positive_class_weight(n_positive: int, n_negative: int, max_weight: float = 10.0) -> float:
    """w+ = clip(N- / N+, 1, w_max) (seed 000 eq. 3): up-weights the rarer positives, but boundedly."""
    if n_positive == 0:
        return max_weight
    return float(min(max(n_negative / n_positive, 1.0), max_weight))


def source_positive_weights(
    labels: np.ndarray, sources: Sequence[str], max_weight: float = 10.0
) -> tuple[np.ndarray, dict[str, float]]:
    """Per-example loss weights: each source's positives get that source's own w+ (:func:`positive_class_weight`
    over its examples alone), every negative 1. Returns the weights and w+ by source."""
    sources = np.asarray(sources)
    by_source = {}
    weights = np.ones(len(labels), dtype=np.float32)
    for source in sorted(set(sources.tolist())):
        in_source = sources == source
        n_positive = int(labels[in_source].sum())
        by_source[source] = positive_class_weight(n_positive, int(in_source.sum()) - n_positive, max_weight)
        weights[in_source & (labels == 1)] = by_source[source]
    return weights, by_source


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


@dataclass(frozen=True)
class CachedInput:
    """Hidden states entering the first trainable block, unpadded, stored in half precision to save memory."""

    hidden: torch.Tensor
    target_mask: torch.Tensor

    def __len__(self) -> int:
        return self.hidden.shape[0]


def cache_frozen_states(
    network: GateNetwork,
    packed: Sequence[PackedInput],
    first_trainable: int,
    pad_id: int,
    device: torch.device,
    batch_size: int = 64,
) -> list[CachedInput]:
    cached: list[CachedInput | None] = [None] * len(packed)
    network.eval()
    with torch.inference_mode():
        for indices in length_sorted_batches([len(item) for item in packed], batch_size):
            batch = batch_to_device(collate([packed[i] for i in indices], pad_id), device)
            hidden = network.hidden_before_layer(first_trainable, batch["input_ids"], batch["attention_mask"])
            for row, index in enumerate(indices):
                length = len(packed[index])
                cached[index] = CachedInput(
                    hidden=hidden[row, :length].to("cpu", torch.float16).clone(),
                    target_mask=torch.tensor(packed[index].target_mask),
                )
    return cached  # type: ignore[return-value]


def load_trainable_network(encoder_dir, device: torch.device) -> tuple[GateNetwork, object]:
    """The encoder and a fresh head on ``device``; refused unless its top blocks can run on cached states."""
    network, tokenizer = load_network(encoder_dir)
    if not network.supports_cached_training():
        raise ValueError(f"{encoder_dir}: training on cached states needs a BERT-family encoder (encoder.layer)")
    return network.to(device), tokenizer


def cache_examples(
    network: GateNetwork, tokenizer, examples: Sequence[GateExample], k: int, max_length: int,
    first_trainable: int, device: torch.device, layout: str = DEFAULT_LAYOUT,
) -> list[CachedInput]:
    """Pack ``examples`` with k context messages in ``layout``; cache the hidden states entering ``first_trainable``."""
    packed = pack_turns(
        tokenizer, [e.target for e in examples], [e.context for e in examples], k, max_length, layout
    )
    return cache_frozen_states(network, packed, first_trainable, pad_token_id(tokenizer), device)


def collate_cached(
    batch: Sequence[CachedInput], device: torch.device
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    width = max(len(item) for item in batch)
    dim = batch[0].hidden.shape[1]
    hidden = torch.zeros((len(batch), width, dim), dtype=torch.float32)
    attention_mask = torch.zeros((len(batch), width), dtype=torch.long)
    target_mask = torch.zeros((len(batch), width), dtype=torch.long)
    for row, item in enumerate(batch):
        hidden[row, : len(item)] = item.hidden.float()
        attention_mask[row, : len(item)] = 1
        target_mask[row, : len(item)] = item.target_mask
    return hidden.to(device), attention_mask.to(device), target_mask.to(device)


def shuffled_length_buckets(lengths: Sequence[int], batch_size: int, rng: random.Random) -> list[list[int]]:
    """Random batches of similar length: shuffle, sort within chunks of 50 batches, shuffle the batches."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    chunk = batch_size * 50
    batches = []
    for start in range(0, len(order), chunk):
        piece = sorted(order[start : start + chunk], key=lambda index: lengths[index])
        batches.extend(piece[i : i + batch_size] for i in range(0, len(piece), batch_size))
    rng.shuffle(batches)
    return batches


def build_optimizer(network: GateNetwork, first_trainable: int, settings: TrainSettings) -> torch.optim.AdamW:
    block_parameters = [p for p in network.encoder.parameters() if p.requires_grad]
    return torch.optim.AdamW(
        [
            {"params": block_parameters, "lr": settings.layer_lr},
            {"params": list(network.head.parameters()), "lr": settings.head_lr},
        ],
        weight_decay=settings.weight_decay,
    )


def warmup_then_linear_decay(optimizer, total_steps: int, warmup_ratio: float):
    warmup = max(1, math.ceil(total_steps * warmup_ratio))

    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (total_steps - step) / max(1, total_steps - warmup))

    return torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


def evaluate_cached(
    network: GateNetwork,
    first_trainable: int,
    cached: Sequence[CachedInput],
    labels: np.ndarray,
    device: torch.device,
) -> tuple[float, np.ndarray]:
    """Plain (unweighted) mean BCE and the probabilities, so losses compare across k and class balance."""
    network.eval()
    logits = np.zeros(len(cached), dtype=np.float32)
    with torch.inference_mode():
        for indices in length_sorted_batches([len(item) for item in cached], 64):
            hidden, attention_mask, target_mask = collate_cached([cached[i] for i in indices], device)
            batch_logits = network.forward_from_layer(first_trainable, hidden, attention_mask, target_mask)
            logits[indices] = batch_logits.float().cpu().numpy()
    loss = nn.functional.binary_cross_entropy_with_logits(
        torch.from_numpy(logits), torch.from_numpy(labels.astype(np.float32))
    ).item()
    return loss, 1.0 / (1.0 + np.exp(-logits))


class WeightAverage:
    """The running uniform mean of the trainable weights at the epoch ends added so far (empty until one is)."""

    def __init__(self, network: GateNetwork, first_trainable: int):
        self.network, self.first_trainable = network, first_trainable
        self.mean: dict[str, torch.Tensor] = {}
        self.count = 0

    def add(self) -> None:
        current = self.network.trainable_state(self.first_trainable)
        self.count += 1
        if not self.mean:
            self.mean = {name: value.detach().clone().float() for name, value in current.items()}
            return
        for name, value in current.items():
            self.mean[name] += (value.detach().float() - self.mean[name]) / self.count

    def kept_state(self) -> dict[str, torch.Tensor]:
        """What a fit keeps now: the average once there is one, else the live weights (a copy either way)."""
        if self.mean:
            return copy.deepcopy(self.mean)
        return copy.deepcopy(self.network.trainable_state(self.first_trainable))

    @contextlib.contextmanager
    def applied(self):
        """The averaged weights in the network for the duration (training then goes on from the live ones)."""
        if not self.mean:
            yield
            return
        live = copy.deepcopy(self.network.trainable_state(self.first_trainable))
        self.network.load_trainable_state(self.mean)
        try:
            yield
        finally:
            self.network.load_trainable_state(live)


def weighted_loss(labels: np.ndarray, sources: Sequence[str] | None, settings: TrainSettings, device):
    """``(loss, w+, w+ by source)`` for a training run. ``loss(logits, targets, indices)`` applies the run's
    positive weighting to a batch (``indices`` locate its examples in ``labels``). ``w+`` is the pooled weight,
    or with ``TrainSettings.source_weighting`` the mean weight of a training positive; ``w+ by source`` is empty
    unless weighting by source. The pooled path is the one every earlier recipe trained with, kept as it was so
    that their figures reproduce exactly."""
    if not (settings.class_weighting and settings.source_weighting):
        n_positive = int(labels.sum())
        weight = (
            positive_class_weight(n_positive, len(labels) - n_positive, settings.max_positive_weight)
            if settings.class_weighting
            else 1.0
        )
        pooled = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(weight, device=device))
        return (lambda logits, targets, indices: pooled(logits, targets)), weight, {}
    if sources is None or len(sources) != len(labels):
        raise ValueError("source weighting needs the source of every training example")
    example_weights, by_source = source_positive_weights(labels, sources, settings.max_positive_weight)
    weights = torch.from_numpy(example_weights).to(device)
    per_example = nn.BCEWithLogitsLoss(reduction="none")

    def loss(logits, targets, indices):
        return (per_example(logits, targets) * weights[indices]).mean()

    mean_positive = float(example_weights[labels == 1].mean()) if labels.any() else 1.0
    return loss, mean_positive, by_source


def train_gate(
    network: GateNetwork,
    train_cached: Sequence[CachedInput],
    train_labels: np.ndarray,
    val_cached: Sequence[CachedInput],
    val_labels: np.ndarray,
    settings: TrainSettings,
    log=print,
    train_sources: Sequence[str] | None = None,
) -> TrainOutcome:
    """Train the top block(s) and head on cached hidden states.

    Kept checkpoint: the best validation BCE (patience applies), or with ``settings.fixed_epoch`` that epoch of
    the ``settings.epochs`` schedule (no validation set needed). Every epoch's validation probabilities are kept
    in ``epoch_probabilities``, which is what cross-validation reads.
    """
    started = time.perf_counter()
    seed_everything(settings.seed)
    rng = random.Random(settings.seed)
    device = torch.device(settings.device)
    first_trainable = network.n_layers - settings.trainable_layers
    network.freeze_below(first_trainable)

    loss_fn, weight, by_source = weighted_loss(train_labels, train_sources, settings, device)
    optimizer = build_optimizer(network, first_trainable, settings)
    steps_per_epoch = math.ceil(math.ceil(len(train_cached) / settings.micro_batch) / settings.accumulation)
    scheduler = warmup_then_linear_decay(optimizer, steps_per_epoch * settings.epochs, settings.warmup_ratio)
    targets = torch.from_numpy(train_labels.astype(np.float32)).to(device)

    outcome = TrainOutcome(state={}, positive_weight=weight, source_positive_weights=by_source)
    last_epoch = settings.fixed_epoch or settings.epochs
    average = WeightAverage(network, first_trainable)
    for epoch in range(last_epoch):
        network.train()
        batches = shuffled_length_buckets([len(item) for item in train_cached], settings.micro_batch, rng)
        epoch_loss = 0.0
        for number, indices in enumerate(batches):
            hidden, attention_mask, target_mask = collate_cached([train_cached[i] for i in indices], device)
            logits = network.forward_from_layer(first_trainable, hidden, attention_mask, target_mask)
            loss = loss_fn(logits, targets[indices], indices)
            (loss / settings.accumulation).backward()
            epoch_loss += loss.item() * len(indices)
            if (number + 1) % settings.accumulation == 0 or number + 1 == len(batches):
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad(set_to_none=True)
        outcome.train_losses.append(epoch_loss / len(train_cached))
        if settings.average_from and epoch + 1 >= settings.average_from:
            average.add()
        if settings.fixed_epoch is not None and not len(val_cached):
            log(f"  epoch {epoch + 1}: train loss {outcome.train_losses[-1]:.4f}")
            continue
        with average.applied():
            val_loss, val_probabilities = evaluate_cached(network, first_trainable, val_cached, val_labels, device)
        outcome.val_losses.append(val_loss)
        outcome.epoch_probabilities.append(val_probabilities)
        log(f"  epoch {epoch + 1}: train loss {outcome.train_losses[-1]:.4f}  val BCE {val_loss:.4f}")
        if settings.fixed_epoch is not None:
            continue
        if val_loss <= min(outcome.val_losses):
            outcome.best_epoch = epoch
            outcome.state = average.kept_state()
            outcome.val_probabilities = val_probabilities
        elif epoch - outcome.best_epoch >= settings.patience:
            break
    if settings.fixed_epoch is not None:
        outcome.best_epoch = last_epoch - 1
        outcome.state = average.kept_state()
        outcome.val_probabilities = outcome.epoch_probabilities[-1] if outcome.epoch_probabilities else None
    network.load_trainable_state(outcome.state)
    outcome.seconds = time.perf_counter() - started
    return outcome
