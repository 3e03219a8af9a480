"""Provenance of a memory (seed 004): ``stated`` when the speaker asserts it as the point of what they say,
``inferred`` when it is only implied in passing: by a question, a request, or a hedged remark."""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.parsing import ParsedDoc

STATED = "stated"
INFERRED = "inferred"
HEDGES = frozenset({"maybe", "might", "perhaps", "possibly", "probably", "guess", "wonder", "unsure", "whether"})


@dataclass(frozen=True)
class UnitMood:
    """How one realised range was said."""

    question: bool = False
    request: bool = False

    @property
    def declarative(self) -> bool:
        return not (self.question or self.request)


def hedged(doc: ParsedDoc, start: int, end: int) -> bool:
    return any(t.lower in HEDGES for t in doc.tokens[start:end])


def provenance(doc: ParsedDoc, ranges: list[tuple[int, int]], moods: list[UnitMood]) -> str:
    """``stated`` when at least one unit is a plain, unhedged declaration; otherwise ``inferred``."""
    for (start, end), mood in zip(ranges, moods):
        if mood.declarative and not hedged(doc, start, end):
            return STATED
    return INFERRED
