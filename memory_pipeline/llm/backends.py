"""LLM backends by name (``LLMConfig.backend``), imported only when chosen: vLLM is never imported unless asked for."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from memory_pipeline.llm.config import LLMConfig
from memory_pipeline.llm.types import Backend
from memory_pipeline.registry import Registry

BackendFactory = Callable[[LLMConfig], Backend]

# "none" is not a backend: build_client returns no client for it and stages use their rules.
LLM_BACKENDS: Registry[BackendFactory] = Registry(
    "LLM backend",
    {
        "vllm": "memory_pipeline.llm.vllm_backend:VLLMBackend",
        "openai": "memory_pipeline.llm.openai_backend:OpenAIBackend",
    },
)


def load_backend(config: LLMConfig) -> Backend:
    """The configured backend, started (for vllm: the model is loaded)."""
    if config.backend == "none":
        raise ValueError("LLM backend 'none' has no backend to load")
    problem = missing_setting(config)
    if problem:
        raise ValueError(problem)
    return LLM_BACKENDS.get(config.backend)(config)


def missing_setting(config: LLMConfig) -> str | None:
    """What a configured backend lacks to start, said so a user can fix it; None when nothing is missing."""
    if config.backend != "none" and not config.model:
        return (f"LLM backend {config.backend!r} needs a model (--llm-model, llm.model in the config file or "
                "MEMORY_PIPELINE_LLM_MODEL)")
    return None


def model_identity(model: str) -> str:
    """How a model is named in the cache key and the ledger.

    A hub id or a served model name is itself. A local folder is its name plus a digest of its config and of the
    names and sizes of its files: the same weights moved elsewhere keep their cache, other weights put in the
    same folder do not inherit it, and no path of this machine lands in the lake.
    """
    folder = Path(model).expanduser()
    if not folder.is_dir():
        return model
    digest = hashlib.sha256()
    config = folder / "config.json"
    if config.is_file():
        digest.update(config.read_bytes())
    listing = sorted((p.name, p.stat().st_size) for p in folder.iterdir() if p.is_file())
    digest.update(json.dumps(listing).encode())
    return f"{folder.resolve().name}@{digest.hexdigest()[:12]}"
