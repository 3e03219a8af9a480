"""Which device a model runs on, in what precision, and how wide its batches are there: one rule for the gate, the
embedder and the in-process LLM."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


def choose_device(requested: str = "auto") -> str:
    """``"cuda"`` when asked for or, under ``"auto"``, when a GPU is visible; else ``"cpu"``.

    Any explicit device string (``"cuda:1"``, ``"cpu"``) is returned as given. torch is imported only for
    ``"auto"``, so choosing a device explicitly costs nothing.
    """
    if requested != "auto":
        return requested
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def default_batch_size(device) -> int:
    """256 on CUDA, 32 elsewhere, for the encoders (gate and embedder) when their config names none.

    A GPU needs wide batches to fill its cores (the bare gate encoder on an H200 scored 10,900 turns/s at batch 32
    and 59,109 at 256); a CPU is already busy at 32, and wider batches there only add padding (MiniLM over the
    LoCoMo dev entries and units on 2 cores: 12.9 s at 32 against 14.7 s at 64, one call per conversation).
    """
    return 256 if str(device).startswith("cuda") else 32


def choose_precision(requested: str, device) -> str:
    """``"bfloat16"``, ``"float16"`` or ``"float32"``: what an encoder computes in on ``device``.

    Under ``"auto"``, bfloat16 where the hardware does it natively: a CUDA GPU with bf16 (float16 on an older
    one), or a CPU with AVX512-BF16 or AMX, where the encoders run 1.4-1.8x faster (2 cores of an AVX512-BF16
    EPYC: the gate 13.3 s against 8.2 s, MiniLM 6.1 s against 4.3 s, on 1,000 LoCoMo turns) and move little (the
    gate's p_admit by at most 0.007, an embedding's cosine to its float32 self at least 0.9999). Elsewhere float32:
    a CPU without those instructions only emulates bf16, which is slower than float32. An explicit choice is
    returned as given.
    """
    if requested != "auto":
        return requested
    import torch

    if str(device).startswith("cuda"):  # a GPU too old for bf16 still has fast fp16
        return "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
    return "bfloat16" if cpu_has_native_bf16() else "float32"


def cpu_has_native_bf16() -> bool:
    """AVX512-BF16 or AMX on this CPU (torch's own probes; private, so a torch without them reads as no)."""
    import torch

    probes = ("_is_avx512_bf16_supported", "_is_amx_tile_supported")
    return any(bool(getattr(torch.cpu, probe, lambda: False)()) for probe in probes)


@contextmanager
def computing_in(precision: str, device) -> Iterator[None]:
    """Run an encoder's forward passes in ``precision``. bfloat16 comes through autocast: the weights stay float32
    and each matrix product runs in bfloat16 (casting the weights themselves instead was 6% faster for the gate
    but moved MiniLM's vectors about 25 times as far from their float32 selves)."""
    if precision == "float32":
        yield
        return
    import torch

    with torch.autocast(torch.device(device).type, dtype=getattr(torch, precision)):
        yield
