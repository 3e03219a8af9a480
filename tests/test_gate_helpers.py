"""Shared builders for the gate tests (no tests here): the packaged tokenizer and a tiny random BERT."""

from __future__ import annotations

import torch
from transformers import AutoTokenizer, BertConfig, BertModel

from memory_pipeline.gate.model import GateNetwork, resolve_encoder_dir


def packaged_tokenizer():
    return AutoTokenizer.from_pretrained(resolve_encoder_dir(None))


def tiny_network(seed: int = 0) -> GateNetwork:
    """A 2-block BERT with the packaged vocabulary: fast enough to train inside a unit test."""
    torch.manual_seed(seed)
    tokenizer = packaged_tokenizer()
    config = BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=512,
    )
    return GateNetwork(BertModel(config))
