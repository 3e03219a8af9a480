"""The one way stages call an LLM: a batch of requests in, one validated answer or recorded failure per request out.

A run asks the cache first; everything still unanswered goes to the backend in one call per attempt round.
Each answer is judged (transport error, truncation, empty, invalid JSON, schema or context violation); a judged
failure is sent back in the next round with the error appended to the conversation, up to
``LLMConfig.max_retries`` times. A transport error is final for that item: the backend has already spent its own
retries on it. Every attempt and every cache hit is a ledger row.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ValidationError

from memory_pipeline.llm.backends import load_backend
from memory_pipeline.llm.cache import CacheEntry, ResponseCache, cache_key
from memory_pipeline.llm.config import LLMConfig
from memory_pipeline.llm.ledger import CallRecord, call_id
from memory_pipeline.llm.types import REFUSED, Backend, BackendRequest, Completion, LLMRequest, LLMResult, Message

# Sent after a rejected answer. Part of the cache key: a different wording may give different answers.
RETRY_FEEDBACK = "That answer cannot be used: {error}\nReply again with only the corrected JSON object."
_MAX_ERROR_CHARS = 800


def describe_validation_error(error: ValidationError) -> str:
    """Pydantic's errors as one short line per problem, without its documentation links."""
    parts = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(p) for p in problem["loc"])
        parts.append(f"{where}: {problem['msg']}" if where else problem["msg"])
    return "; ".join(parts)


def request_schema(request: LLMRequest) -> dict:
    """The JSON schema ``request``'s answer is decoded under: narrowed to its item by the response model's
    ``schema_for(context)`` where the model has one (the project's response models do)."""
    narrow = getattr(request.response_model, "schema_for", None)
    return narrow(request.context) if narrow is not None else request.response_model.model_json_schema()


def judge(request: LLMRequest, completion: Completion) -> tuple[BaseModel | None, str | None]:
    """The validated answer, or why this completion cannot be used."""
    if completion.error is not None:
        return None, completion.error
    if completion.finish_reason == "length":
        return None, f"truncated: the answer reached the {request.max_tokens}-token limit before its JSON ended"
    if not completion.text or not completion.text.strip():
        return None, "empty: the response carried no answer"
    try:
        return request.response_model.model_validate_json(completion.text, context=request.context), None
    except ValidationError as error:
        return None, f"invalid: {describe_validation_error(error)}"[:_MAX_ERROR_CHARS]


class LLMClient:
    """Batch-first: one backend call per attempt round for every request still needing an answer."""

    def __init__(self, config: LLMConfig, backend: Backend, cache: ResponseCache | None = None) -> None:
        self.config = config
        self.backend = backend
        self.cache = cache
        self._ledger: list[CallRecord] = []

    @property
    def model_id(self) -> str:
        return self.backend.model_id

    def _key(self, request: LLMRequest, schema: dict) -> str:
        return cache_key(
            {
                "backend": self.backend.name,
                "model": self.model_id,
                "decoding": dict(self.backend.decoding),
                "prompt_version": request.prompt_version,
                "messages": [dict(m) for m in request.messages],
                "schema": schema,
                "max_tokens": request.max_tokens,
                "sampling": self.config.sampling.model_dump(),
                "retry": RETRY_FEEDBACK,
            }
        )

    def _record(self, request: LLMRequest, attempt: int, *, tokens: tuple[int, int], latency_ms: float,
                error: str | None, cached: bool) -> None:
        self._ledger.append(
            CallRecord(
                call_id=call_id(
                    request.stage, request.conversation_id, request.item_id, request.prompt_version, attempt
                ),
                stage=request.stage,
                conversation_id=request.conversation_id,
                item_id=request.item_id,
                backend=self.backend.name,
                model=self.model_id,
                prompt_version=request.prompt_version,
                prompt_tokens=tokens[0],
                completion_tokens=tokens[1],
                latency_ms=latency_ms,
                attempt=attempt,
                ok=error is None,
                error=error,
                cached=cached,
            )
        )

    def _still_settled(self, entry: CacheEntry) -> bool:
        """A stored failure stands for this run unless failures are not to be kept, or this run allows more
        attempts than the stored one had (a refused prompt stays refused however many are allowed)."""
        if not self.config.cache_failures:
            return False
        return entry.error.startswith(REFUSED) or entry.attempts > self.config.max_retries

    def _keeps(self, completion: Completion, error: str | None) -> bool:
        """Whether a final outcome goes into the cache: a validated answer, or a settled failure (the model
        answered and no attempt validated, or the engine refused the prompt), never a transport failure."""
        if self.cache is None:
            return False
        if error is None:
            return True
        settled = completion.error is None or completion.error.startswith(REFUSED)
        return settled and self.config.cache_failures

    def _from_cache(self, request: LLMRequest, key: str) -> LLMResult | None:
        entry = self.cache.get(request.conversation_id, key) if self.cache is not None else None
        if entry is None or (entry.error is not None and not self._still_settled(entry)):
            return None
        if entry.error is not None:
            self._record(request, entry.attempts, tokens=(entry.prompt_tokens, entry.completion_tokens),
                         latency_ms=0.0, error=entry.error, cached=True)
            return LLMResult(request, None, entry.error, entry.attempts, cached=True)
        try:
            value = request.response_model.model_validate_json(entry.text, context=request.context)
        except ValidationError:  # stricter validation since it was stored: ask again
            return None
        self._record(request, entry.attempts, tokens=(entry.prompt_tokens, entry.completion_tokens),
                     latency_ms=0.0, error=None, cached=True)
        return LLMResult(request, value, None, entry.attempts, cached=True)

    def run(self, requests: Sequence[LLMRequest], use_cache: bool = True) -> list[LLMResult]:
        """One result per request, in the same order. ``use_cache=False`` neither reads nor writes the cache."""
        schemas = [request_schema(r) for r in requests]
        keys = [self._key(r, schema) for r, schema in zip(requests, schemas, strict=True)]
        results: list[LLMResult | None] = [
            self._from_cache(r, k) if use_cache else None for r, k in zip(requests, keys, strict=True)
        ]
        # The messages each request is asked with; a rejected answer and its error are appended for the next round.
        dialogues: dict[int, list[Message]] = {
            i: list(r.messages) for i, r in enumerate(requests) if results[i] is None
        }
        pending = sorted(dialogues)
        for attempt in range(1, self.config.max_retries + 2):
            if not pending:
                break
            completions = self.backend.generate(
                [
                    BackendRequest(
                        messages=tuple(dialogues[i]),
                        json_schema=schemas[i],
                        schema_name=requests[i].response_model.__name__,
                        max_tokens=requests[i].max_tokens,
                    )
                    for i in pending
                ]
            )
            retry = []
            for i, completion in zip(pending, completions, strict=True):
                request = requests[i]
                value, error = judge(request, completion)
                self._record(request, attempt, tokens=(completion.prompt_tokens, completion.completion_tokens),
                             latency_ms=completion.latency_ms, error=error, cached=False)
                if value is not None or completion.error is not None or attempt > self.config.max_retries:
                    results[i] = LLMResult(request, value, error, attempt, cached=False)
                    if use_cache and self._keeps(completion, error):
                        entry = CacheEntry(completion.text or "", completion.prompt_tokens,
                                           completion.completion_tokens, attempt, error=error)
                        self.cache.put(request.conversation_id, keys[i], entry)
                else:
                    if completion.text and completion.text.strip():
                        dialogues[i].append({"role": "assistant", "content": completion.text})
                    dialogues[i].append({"role": "user", "content": RETRY_FEEDBACK.format(error=error)})
                    retry.append(i)
            pending = retry
        return results  # every slot is filled: the last round turns each remaining failure into a result

    @property
    def ledger(self) -> tuple[CallRecord, ...]:
        """The rows recorded since the last drain, without draining them."""
        return tuple(self._ledger)

    def drain_ledger(self) -> list[CallRecord]:
        """The ``llm_calls`` rows recorded since the last drain, in the order the calls were made."""
        records, self._ledger = self._ledger, []
        return records

    def close(self) -> None:
        self.backend.close()


def build_client(config: LLMConfig, cache_dir: Path | None) -> LLMClient | None:
    """A client over the configured backend (loaded now), or ``None`` when the backend is ``"none"``.
    ``cache_dir`` is normally ``<lake>/llm_cache``; ``None`` or ``config.cache = False`` runs without a cache."""
    if config.backend == "none":
        return None
    cache = ResponseCache(cache_dir) if cache_dir is not None and config.cache else None
    return LLMClient(config, load_backend(config), cache)
