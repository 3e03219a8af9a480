"""Any OpenAI-compatible chat endpoint (``vllm serve``, a hosted API) through the ``openai`` client.

A batch is sent as concurrent requests (at most ``openai.concurrency`` in flight). Transport faults (timeout,
refused connection, HTTP 429 and 5xx) are retried by tenacity with exponential backoff and full jitter; the
client's own retries are off so that one policy, with one configured budget, applies. A request whose retries
run out comes back as a :class:`Completion` with ``error`` set: one dead request never fails its batch.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import httpx
import openai
from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_random_exponential

from memory_pipeline.llm.config import LLMConfig
from memory_pipeline.llm.types import BackendRequest, Completion

# Connection-level failures and answers that say "try again later"; a 4xx other than 429 would fail again.
TRANSIENT = (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError)


def describe(error: BaseException) -> str:
    """A short, stable error text for the ledger (kind first, so failures can be grouped)."""
    if isinstance(error, openai.APITimeoutError):
        return "timeout: no answer within the configured timeout"
    if isinstance(error, openai.APIConnectionError):
        return f"connection: {error.__cause__ or error}"
    if isinstance(error, openai.APIStatusError):
        return f"http {error.status_code}: {error.message}"[:500]
    return f"{type(error).__name__}: {error}"[:500]


class OpenAIBackend:
    name = "openai"

    def __init__(self, config: LLMConfig) -> None:
        settings = config.openai
        self.model_id = config.model
        self.decoding: dict = {}  # whatever the server decodes with is the server's; its model name stands for it
        self._sampling = config.sampling
        self._settings = settings
        self._client = openai.OpenAI(
            base_url=config.base_url,
            # vllm serve without --api-key accepts any key; the client insists on one being set.
            api_key=os.environ.get(settings.api_key_env) or "EMPTY",
            # openai's own Timeout: its HTTP library changes between releases (openai 3.63 moved to httpx2, which
            # refuses an httpx.Timeout)
            timeout=openai.Timeout(settings.timeout_s, connect=settings.connect_timeout_s),
            max_retries=0,
        )

    def _create(self, request: BackendRequest):
        return self._client.chat.completions.create(
            model=self.model_id,
            messages=list(request.messages),
            max_completion_tokens=request.max_tokens,
            temperature=self._sampling.temperature,
            top_p=self._sampling.top_p,
            seed=self._sampling.seed,
            response_format={
                "type": "json_schema",
                "json_schema": {
                    "name": request.schema_name,
                    "schema": dict(request.json_schema),
                    "strict": self._settings.strict_schema,
                },
            },
        )

    def _one(self, request: BackendRequest) -> Completion:
        settings = self._settings
        retrying = Retrying(
            stop=stop_after_attempt(1 + settings.transport_retries),
            wait=wait_random_exponential(multiplier=settings.backoff_initial_s, max=settings.backoff_max_s),
            retry=retry_if_exception(lambda error: isinstance(error, TRANSIENT)),
            reraise=True,
        )
        start = time.perf_counter()
        try:
            response = retrying(self._create, request)
        except (openai.OpenAIError, httpx.HTTPError, ValueError) as error:
            return Completion(None, None, 0, 0, (time.perf_counter() - start) * 1000, error=describe(error))
        latency = (time.perf_counter() - start) * 1000
        usage = response.usage
        prompt_tokens = usage.prompt_tokens if usage else 0
        completion_tokens = usage.completion_tokens if usage else 0
        if not response.choices:
            return Completion(None, None, prompt_tokens, completion_tokens, latency)
        choice = response.choices[0]
        return Completion(choice.message.content, choice.finish_reason, prompt_tokens, completion_tokens, latency)

    def generate(self, requests: Sequence[BackendRequest]) -> list[Completion]:
        """One completion per request, in order; each row's latency is that request's own time, retries included."""
        if not requests:
            return []
        workers = min(self._settings.concurrency, len(requests))
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="llm-openai") as pool:
            return list(pool.map(self._one, requests))

    def close(self) -> None:
        self._client.close()
