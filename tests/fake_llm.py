"""A fake of the LLM interface's client for the LLM stage tests (segments, fta_units, links, consolidation):
``run(requests)`` answers each request with a function of it, validated by the request's response model, or
fails it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FakeRequest:
    stage: str
    conversation_id: str
    item_id: str
    messages: tuple
    response_model: type
    prompt: str
    prompt_version: str
    max_tokens: int = 512


@dataclass(frozen=True)
class FakeResult:
    request: FakeRequest
    value: object
    error: str | None = None
    attempts: int = 1
    cached: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None and self.value is not None


class FakeClient:
    """Answers every request with ``answer(request)``: a dict or model for the response model, None to fail it
    with ``error``, or an Exception to fail it with the exception's text (after 3 attempts).

    Every ``run`` call's requests are kept in ``batches``. ``reverse`` returns the results in reverse order (the
    stages match results by ``item_id``, not by position); ``model_id`` is what a labelled builder reads.
    """

    def __init__(self, answer, *, error: str = "backend down", reverse: bool = False, model_id: str | None = None):
        self.answer = answer
        self.error = error
        self.reverse = reverse
        if model_id is not None:
            self.model_id = model_id
        self.batches: list[list[FakeRequest]] = []

    def run(self, requests):
        self.batches.append(list(requests))
        out = []
        for request in reversed(requests) if self.reverse else requests:
            value = self.answer(request)
            if value is None:
                out.append(FakeResult(request, None, self.error))
            elif isinstance(value, Exception):
                out.append(FakeResult(request, None, str(value), attempts=3))
            else:
                out.append(FakeResult(request, request.response_model.model_validate(value)))
        return out


def in_order(answers):
    """An ``answer`` for :class:`FakeClient` that gives ``answers`` one after the other, one per request."""
    remaining = iter(answers)
    return lambda request: next(remaining)


def candidate_number(request: FakeRequest, snippet: str) -> int:
    """The number the prompt gives the candidate whose line contains ``snippet``."""
    for line in request.messages[1]["content"].splitlines():
        head, dot, rest = line.partition(". ")
        if dot and head.isdigit() and snippet in rest:
            return int(head)
    raise AssertionError(f"no candidate with {snippet!r} in the request for {request.item_id}")
