"""A fake of the LLM interface's client for the classifier tests: ``run(requests)`` answers each request
with a function of it, validated by the request's response model, or fails it."""

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
    """Answers every request with ``answer(request)``: a dict for the response model, or None to fail it."""

    def __init__(self, answer):
        self.answer = answer
        self.batches: list[list[FakeRequest]] = []

    def run(self, requests):
        self.batches.append(list(requests))
        out = []
        for request in requests:
            value = self.answer(request)
            if value is None:
                out.append(FakeResult(request, None, "backend down"))
            else:
                out.append(FakeResult(request, request.response_model.model_validate(value)))
        return out


def candidate_number(request: FakeRequest, snippet: str) -> int:
    """The number the prompt gives the candidate whose line contains ``snippet``."""
    for line in request.messages[1]["content"].splitlines():
        head, dot, rest = line.partition(". ")
        if dot and head.isdigit() and snippet in rest:
            return int(head)
    raise AssertionError(f"no candidate with {snippet!r} in the request for {request.item_id}")
