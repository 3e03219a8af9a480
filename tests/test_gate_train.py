import argparse
import random

import numpy as np
import pytest
import torch

from memory_pipeline.gate import train_cli
from memory_pipeline.gate.infer import collate
from memory_pipeline.gate.packing import Message, pack_turn
from memory_pipeline.gate.train import (
    TrainSettings,
    cache_frozen_states,
    collate_cached,
    positive_class_weight,
    shuffled_length_buckets,
    train_gate,
)
from tests.test_gate_helpers import packaged_tokenizer, tiny_network


@pytest.mark.parametrize(
    ("positives", "negatives", "expected"),
    [(100, 300, 3.0), (100, 50, 1.0), (10, 1000, 10.0), (0, 5, 10.0), (7, 7, 1.0)],
)
def test_positive_class_weight_is_clipped_between_one_and_ten(positives, negatives, expected):
    assert positive_class_weight(positives, negatives, max_weight=10.0) == pytest.approx(expected)


def test_length_buckets_cover_every_index_once():
    lengths = [random.Random(1).randint(3, 90) for _ in range(333)]
    batches = shuffled_length_buckets(lengths, 8, random.Random(0))
    flat = [index for batch in batches for index in batch]
    assert sorted(flat) == list(range(333))
    assert all(len(batch) <= 8 for batch in batches)


FACTS = [
    "I work as a nurse at the hospital downtown.",
    "My daughter turns five next month and loves painting.",
    "I moved to Denver last year for my new job.",
    "I am allergic to peanuts so I cook at home.",
]
CHATTER = ["Hi!", "Haha yes.", "Okay, bye!", "Cool, thanks."]


def test_a_tiny_training_run_lowers_the_loss():
    tokenizer = packaged_tokenizer()
    network = tiny_network()
    texts = FACTS + CHATTER
    labels = np.array([1] * len(FACTS) + [0] * len(CHATTER))
    packed = [pack_turn(tokenizer, Message("a", text), [Message("b", "How are you?")], 1, 64) for text in texts]
    settings = TrainSettings(
        trainable_layers=1, epochs=8, patience=8, micro_batch=4, accumulation=1, layer_lr=1e-3, head_lr=1e-2
    )
    first_trainable = network.n_layers - settings.trainable_layers
    cached = cache_frozen_states(network, packed, first_trainable, tokenizer.pad_token_id, "cpu")
    outcome = train_gate(network, cached, labels, cached, labels, settings, log=lambda _: None)
    assert outcome.train_losses[-1] < outcome.train_losses[0]
    assert min(outcome.val_losses) < outcome.val_losses[0]
    assert outcome.positive_weight == 1.0
    # Only what is trainable is shipped: the top block and the head.
    assert {name.split(".")[0] for name in outcome.state} == {"head", "layers"}
    assert {name.split(".")[1] for name in outcome.state if name.startswith("layers")} == {"1"}


def test_cached_top_block_matches_the_full_forward_pass():
    tokenizer = packaged_tokenizer()
    network = tiny_network().eval()
    packed = [pack_turn(tokenizer, Message("a", text), [], 0, 64) for text in FACTS]
    cached = cache_frozen_states(network, packed, 1, tokenizer.pad_token_id, "cpu")
    with torch.inference_mode():
        full = network(**collate(packed, tokenizer.pad_token_id))
        hidden, attention_mask, target_mask = collate_cached(cached, torch.device("cpu"))
        top = network.forward_from_layer(1, hidden, attention_mask, target_mask)
    # The cache is stored in half precision, hence the tolerance.
    assert torch.allclose(full, top, atol=2e-2)


def test_gate_train_arguments_have_the_documented_defaults():
    parser = argparse.ArgumentParser()
    train_cli.configure(parser)
    args = parser.parse_args(["--locomo", "locomo.json"])
    assert args.k == [1, 3, 5] and args.epochs == TrainSettings.epochs and not args.install
    assert args.train_conversations == list(train_cli.DEFAULT_TRAIN_CONVERSATIONS)
    assert args.packing == TrainSettings.packing == "ctx-target-v1"


def test_source_weighting_gives_each_sources_positives_its_own_weight():
    from memory_pipeline.gate.train import source_positive_weights

    # LoCoMo: 1 positive in 4 (w+ = 3); MSC: 3 positives in 4 (N-/N+ < 1, clipped up to 1); a source with
    # 1 positive in 21 is clipped down to the maximum.
    labels = np.array([1, 0, 0, 0, 1, 1, 1, 0] + [1] + [0] * 20)
    sources = ["locomo"] * 4 + ["msc"] * 4 + ["rare"] * 21
    weights, by_source = source_positive_weights(labels, sources, max_weight=10.0)
    assert by_source == {"locomo": 3.0, "msc": 1.0, "rare": 10.0}
    assert weights[:8].tolist() == [3.0, 1, 1, 1, 1.0, 1.0, 1.0, 1]
    assert weights[8] == 10.0 and set(weights[9:].tolist()) == {1.0}


def test_source_weighting_with_one_source_is_the_pooled_weighting():
    from memory_pipeline.gate.train import weighted_loss

    labels = np.array([1, 0, 0, 0, 1, 0, 0, 0])
    logits, targets = torch.linspace(-2, 2, 8), torch.from_numpy(labels.astype(np.float32))
    indices = np.arange(8)
    pooled, weight, none = weighted_loss(labels, None, TrainSettings(), "cpu")
    by_source, mean_weight, by = weighted_loss(labels, ["locomo"] * 8, TrainSettings(source_weighting=True), "cpu")
    assert (weight, none, mean_weight, by) == (3.0, {}, 3.0, {"locomo": 3.0})
    assert by_source(logits, targets, indices).item() == pytest.approx(pooled(logits, targets, indices).item())
    # Mixed sources: MSC's positives no longer dilute LoCoMo's weight.
    mixed = np.concatenate([labels, np.ones(8, dtype=np.int64)])
    _, pooled_weight, _ = weighted_loss(mixed, None, TrainSettings(), "cpu")
    _, mean_weight, by = weighted_loss(mixed, ["locomo"] * 8 + ["msc"] * 8, TrainSettings(source_weighting=True), "cpu")
    assert pooled_weight == 1.0 and by == {"locomo": 3.0, "msc": 1.0} and mean_weight == pytest.approx(1.4)
    with pytest.raises(ValueError, match="source of every training example"):
        weighted_loss(labels, None, TrainSettings(source_weighting=True), "cpu")


def test_training_with_source_weighting_records_each_sources_weight():
    tokenizer = packaged_tokenizer()
    network = tiny_network()
    labels = np.array([1] * len(FACTS) + [0] * len(CHATTER))
    packed = [pack_turn(tokenizer, Message("a", text), [], 0, 64) for text in FACTS + CHATTER]
    cached = cache_frozen_states(network, packed, 1, tokenizer.pad_token_id, "cpu")
    sources = ["msc"] * 2 + ["locomo"] * (len(labels) - 2)
    settings = TrainSettings(epochs=2, fixed_epoch=2, micro_batch=4, accumulation=1, source_weighting=True)
    outcome = train_gate(network, cached, labels, [], np.zeros(0), settings, log=lambda _: None,
                         train_sources=sources)
    n_locomo_positive = len(FACTS) - 2
    assert outcome.source_positive_weights == {
        "locomo": max(len(CHATTER) / n_locomo_positive, 1.0), "msc": 1.0
    }
    assert len(outcome.train_losses) == 2 and np.isfinite(outcome.train_losses).all()
