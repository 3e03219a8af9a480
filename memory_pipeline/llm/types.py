"""What a stage hands to the LLM layer and what it gets back, and what a backend promises the client.

These types carry no backend or Dagster dependency, so stages can build requests and read results in tests with
no model installed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

Message = Mapping[str, str]


@dataclass(frozen=True)
class LLMRequest:
    """One question about one item of one conversation.

    ``response_model`` both constrains decoding (its JSON schema) and validates the answer. ``context`` is handed to
    pydantic validation (``model_validate_json(..., context=context)``), so a response model can check an answer
    against the item it is about (turn numbers inside the window, candidate ids that exist) and a violation is
    fed back to the model like any other validation error.
    """

    stage: str
    conversation_id: str
    item_id: str
    messages: tuple[Message, ...]
    response_model: type[BaseModel]
    prompt: str
    prompt_version: str
    max_tokens: int = 512
    context: Mapping[str, Any] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LLMResult:
    """The validated answer to one request, or why there is none after every attempt."""

    request: LLMRequest
    value: BaseModel | None
    error: str | None
    attempts: int
    cached: bool

    @property
    def ok(self) -> bool:
        return self.value is not None


@dataclass(frozen=True)
class BackendRequest:
    """One chat completion as a backend sees it: the messages of this attempt and the schema to decode under."""

    messages: tuple[Message, ...]
    json_schema: Mapping[str, Any]
    schema_name: str
    max_tokens: int


# The error prefix of a prompt the engine refused (too long for its context): a settled error, whatever the retries.
REFUSED = "refused: "


@dataclass(frozen=True)
class Completion:
    """A backend's answer to one :class:`BackendRequest`.

    ``error`` is set when no answer came back at all (transport failure after the backend's own retries); a
    truncated or empty answer is not an error here, the client judges it from ``text`` and ``finish_reason``.
    An error starting with :data:`REFUSED` is the request's own (the engine refused the prompt), so asking again
    gives the same error; any other error is the transport's.
    """

    text: str | None
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    latency_ms: float
    error: str | None = None


class Backend(Protocol):
    """A model behind one batch call. ``name`` is the registry name, ``model_id`` names the weights,
    ``decoding`` holds the backend's own settings that change its answers (they go into the cache key)."""

    name: str
    model_id: str
    decoding: Mapping[str, Any]

    def generate(self, requests: Sequence[BackendRequest]) -> list[Completion]:
        """One answer per request, in order; never raises for a single request's failure."""
        ...

    def close(self) -> None:
        """Release the model or connections; the backend is unusable afterwards."""
        ...
