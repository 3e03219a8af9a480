"""Which device a model runs on: one rule for the gate, the embedder and the in-process LLM."""

from __future__ import annotations


def choose_device(requested: str = "auto") -> str:
    """``"cuda"`` when asked for or, under ``"auto"``, when a GPU is visible; else ``"cpu"``.

    Any explicit device string (``"cuda:1"``, ``"cpu"``) is returned as given. torch is imported only for
    ``"auto"``, so choosing a device explicitly costs nothing.
    """
    if requested != "auto":
        return requested
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"
