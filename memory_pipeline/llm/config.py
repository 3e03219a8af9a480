"""The ``[llm]`` settings: which backend the LLM-capable stages use, and how it is called.

Precedence, lowest to highest: defaults, ``[llm]`` of ``<lake>/memory_pipeline.toml`` (or of the file passed as
``--config``), the ``MEMORY_PIPELINE_LLM_*`` environment variables, explicit overrides (the CLI flags). An API key
is never a setting: only the name of the environment variable that holds it is, so it cannot reach the lake, the
cache or any metadata.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

CONFIG_FILE_NAME = "memory_pipeline.toml"
# The builder/detector value of a row that a stage's rules built because its LLM answer failed
# (only with on_failure = "rules"); one spelling for every stage, so SQL can count them.
RULES_AFTER_LLM_FAILURE = "rules(llm_failed)"
# Environment variable -> top-level LLMConfig field.
ENV_VARS: dict[str, str] = {
    "MEMORY_PIPELINE_LLM_BACKEND": "backend",
    "MEMORY_PIPELINE_LLM_MODEL": "model",
    "MEMORY_PIPELINE_LLM_BASE_URL": "base_url",
}


class _Strict(BaseModel):
    # A misspelt key in a TOML file is an error, not a silently ignored setting.
    model_config = ConfigDict(extra="forbid")


class SamplingSettings(_Strict):
    """Decoding settings; part of the cache key. Temperature 0 makes re-runs repeatable (seed 000 uses it)."""

    temperature: float = 0.0
    top_p: float = 1.0
    seed: int | None = 0


class VLLMSettings(_Strict):
    """In-process ``vllm.LLM`` engine options."""

    dtype: str = "auto"  # "auto" takes the checkpoint's dtype (bfloat16 for a prepared SmolLM2)
    max_model_len: int = 2048
    gpu_memory_utilization: float = 0.9
    tensor_parallel_size: int = 1
    # None: eager on CPU (graph capture buys nothing there and costs start-up time), CUDA graphs on GPU.
    enforce_eager: bool | None = None
    cpu_kv_cache_gib: int = 1  # VLLM_CPU_KVCACHE_SPACE when it is not already set
    # JSON without whitespace between tokens: fewer tokens per answer, and no room for a small model to wander
    # into endless indentation. An engine-wide setting in vLLM (`vllm serve --structured-outputs-config`).
    compact_json: bool = True
    # The grammar engine behind schema-constrained decoding (vLLM's "auto" allows no compact_json).
    structured_outputs_backend: Literal["xgrammar", "guidance"] = "xgrammar"


class OpenAISettings(_Strict):
    """Any OpenAI-compatible endpoint (``vllm serve``, a hosted API)."""

    api_key_env: str = "OPENAI_API_KEY"  # the variable's name only; unset means no key (fine for vllm serve)
    concurrency: int = Field(default=8, ge=1)
    timeout_s: float = Field(default=120.0, gt=0)
    connect_timeout_s: float = Field(default=10.0, gt=0)
    # Transport retries (timeout, refused connection, 429, 5xx), with exponential backoff and full jitter.
    transport_retries: int = Field(default=4, ge=0)
    backoff_initial_s: float = Field(default=0.5, ge=0)
    backoff_max_s: float = Field(default=30.0, ge=0)
    # OpenAI's strict structured outputs; servers that do not know the flag ignore it.
    strict_schema: bool = True


class LLMConfig(_Strict):
    """Everything the LLM layer needs; stages read ``uses_llm`` and ``on_failure``."""

    backend: Literal["none", "vllm", "openai"] = "none"
    model: str | None = None  # a model folder or hub id for vllm, the served model name for openai
    base_url: str | None = None  # openai only, e.g. http://127.0.0.1:8000/v1
    # Validation retries: an answer that is not valid JSON under the schema is sent back with the error.
    max_retries: int = Field(default=2, ge=0)
    on_failure: Literal["skip", "rules"] = "skip"  # "rules": the stage's rule builder, marked per row
    # The asset check on llm_calls warns when more than this share of a step's items end without a valid answer.
    max_failure_rate: float = Field(default=0.1, ge=0.0, le=1.0)
    stages: dict[str, Literal["llm", "rules"]] = Field(default_factory=dict)
    cache: bool = True
    # Keep settled failures (no attempt validated, or the engine refused the prompt) in the cache too, so a re-run
    # gives the same failure without asking; false asks them again on every run (a transport failure always is).
    cache_failures: bool = True
    sampling: SamplingSettings = Field(default_factory=SamplingSettings)
    vllm: VLLMSettings = Field(default_factory=VLLMSettings)
    openai: OpenAISettings = Field(default_factory=OpenAISettings)

    def uses_llm(self, stage: str) -> bool:
        """True when a backend is set and the stage is not pinned to its rules."""
        return self.backend != "none" and self.stages.get(stage, "llm") == "llm"


def _deep_merge(base: dict[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in update.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load_llm_config(
    lake_dir: str | os.PathLike[str] | None,
    config_file: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> LLMConfig:
    """The effective :class:`LLMConfig`: defaults < file ``[llm]`` < environment < ``overrides``.

    The file is ``config_file`` when given (it must exist), else ``<lake_dir>/memory_pipeline.toml`` when that
    exists. ``environ`` defaults to ``os.environ``; empty variables count as unset. ``overrides`` holds top-level
    or nested fields; ``None`` values count as not given, so CLI flags can be passed through unconditionally.
    """
    settings: dict[str, Any] = {}
    path = Path(config_file) if config_file is not None else None
    if path is None and lake_dir is not None and (Path(lake_dir) / CONFIG_FILE_NAME).is_file():
        path = Path(lake_dir) / CONFIG_FILE_NAME
    if path is not None:
        with open(path, "rb") as handle:
            settings = dict(tomllib.load(handle).get("llm", {}))
    env = os.environ if environ is None else environ
    from_env = {field: env[name] for name, field in ENV_VARS.items() if env.get(name)}
    given = {key: value for key, value in (overrides or {}).items() if value is not None}
    return LLMConfig.model_validate(_deep_merge(_deep_merge(settings, from_env), given))
