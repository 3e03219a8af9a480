"""One schema-constrained request end to end: the engine behind ``memory-pipeline llm check``."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from memory_pipeline.llm.client import LLMClient
from memory_pipeline.llm.prompts import load_prompt
from memory_pipeline.llm.schemas import CheckAnswer

CHECK_SENTENCE = "Last spring Maya Okafor moved from Leeds to Lisbon, in April 2023, to start a new job."


@dataclass(frozen=True)
class CheckReport:
    backend: str
    model: str
    prompt_version: str
    ok: bool
    attempts: int
    latency_ms: float  # all attempts together
    prompt_tokens: int
    completion_tokens: int
    answer: BaseModel | None
    error: str | None

    def lines(self) -> list[str]:
        """The report as the CLI prints it."""
        shown = self.answer.model_dump_json() if self.answer is not None else f"FAILED: {self.error}"
        return [
            f"backend     {self.backend}",
            f"model       {self.model}",
            f"prompt      {self.prompt_version}",
            f"latency     {self.latency_ms:.0f} ms over {self.attempts} attempt(s)",
            f"tokens      {self.prompt_tokens} prompt + {self.completion_tokens} completion",
            f"answer      {shown}",
        ]


def check(client: LLMClient) -> CheckReport:
    """Send one fresh request (the cache is bypassed, so the figures are a real call's) and report on it.
    Its ledger rows (stage "check") stay in the client's ledger like any other call's."""
    before = len(client.ledger)
    prompt = load_prompt("check")
    request = prompt.request(
        stage="check", conversation_id="check", item_id="check", response_model=CheckAnswer, max_tokens=64,
        sentence=CHECK_SENTENCE,
    )
    [result] = client.run([request], use_cache=False)
    records = client.ledger[before:]
    return CheckReport(
        backend=client.backend.name,
        model=client.model_id,
        prompt_version=prompt.version,
        ok=result.ok,
        attempts=result.attempts,
        latency_ms=sum(r.latency_ms for r in records),
        prompt_tokens=sum(r.prompt_tokens for r in records),
        completion_tokens=sum(r.completion_tokens for r in records),
        answer=result.value,
        error=result.error,
    )
