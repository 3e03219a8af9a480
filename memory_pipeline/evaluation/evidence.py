"""Gold evidence of LoCoMo questions resolved to lake turn ids.

Evidence ids arrive normalised and audit-corrected from :mod:`memory_pipeline.ingest.locomo`. An id that names no
turn of the conversation would silently count as a miss, so it is dropped and reported, not scored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ResolvedEvidence:
    """The lake turn ids a question's evidence names, and the dialogue ids that named no turn."""

    turn_ids: tuple[str, ...]
    unresolved: tuple[str, ...]


def resolve_evidence(conversation_id: str, dia_ids: Iterable[str], known_turn_ids: set[str]) -> ResolvedEvidence:
    """Map ``D1:3`` to ``<conversation_id>:D1:3`` and keep only ids the turns table has."""
    resolved: list[str] = []
    unresolved: list[str] = []
    for dia_id in dia_ids:
        turn_id = f"{conversation_id}:{dia_id}"
        if turn_id in known_turn_ids:
            resolved.append(turn_id)
        else:
            unresolved.append(dia_id)
    return ResolvedEvidence(tuple(resolved), tuple(unresolved))
