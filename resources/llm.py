"""The LLM as a Dagster resource: its configuration resolved once per step, its client built only if a stage asks.

Configuration precedence is the engine's (:func:`memory_pipeline.llm.config.load_llm_config`): the lake's
``memory_pipeline.toml`` ``[llm]`` (or ``config_file``) < ``MEMORY_PIPELINE_LLM_*`` environment variables < the
fields below, which ``memory-pipeline run --llm-backend/--llm-model/--llm-base-url`` fill through run config and
the launchpad can set too. Empty fields count as not given. The API key is read from the environment variable the
config names, never from here, so it never reaches run config, metadata or the lake.
"""

from __future__ import annotations

from typing import Any

import dagster as dg
from pydantic import PrivateAttr

from memory_pipeline.config import resolve_lake_dir


class LLMResource(dg.ConfigurableResource):
    lake_dir: str = ""
    config_file: str | None = None
    backend: str | None = None  # none / vllm / openai
    model: str | None = None  # a model folder for vllm, the served model's name for openai
    base_url: str | None = None  # openai: e.g. http://127.0.0.1:8000/v1

    _config: Any = PrivateAttr(default=None)
    _client: Any = PrivateAttr(default=None)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        from memory_pipeline.llm.config import load_llm_config

        overrides = {"backend": self.backend or None, "model": self.model or None, "base_url": self.base_url or None}
        self._config = load_llm_config(resolve_lake_dir(self.lake_dir or None), self.config_file or None,
                                       overrides=overrides)

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    @property
    def config(self):
        """The effective :class:`~memory_pipeline.llm.config.LLMConfig` of this step."""
        if self._config is None:
            raise RuntimeError("LLMResource used outside a run: its configuration is resolved per step")
        return self._config

    def uses_llm(self, stage: str) -> bool:
        return self.config.uses_llm(stage)

    def client(self):
        """The step's client (the model loads on first use), or None when no backend is configured."""
        if self._client is None and self.config.backend != "none":
            from memory_pipeline.llm.client import build_client

            self._client = build_client(self.config, resolve_lake_dir(self.lake_dir or None) / "llm_cache")
        return self._client
