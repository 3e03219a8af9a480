"""Gold evidence ids of LoCoMo questions: normalised, corrected by the audit, resolved to lake turn ids.

LoCoMo cites evidence as dialogue ids (``D1:3``), but a few strings are malformed (``D:11:26``, ``D30:05``,
``D8:6; D9:17``, a bare ``D``). Scoring against a wrong or unresolvable id would silently count a miss, so ids
are normalised first, and an id that names no turn of the conversation is dropped and reported, not scored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

EVIDENCE_ID_PATTERN = re.compile(r"D:?(\d+):0*(\d+)")


def normalise_evidence_ids(raw_ids: Iterable[str]) -> list[str]:
    """Every well-formed ``D<session>:<turn>`` found in the strings, in order, without duplicates.

    One string may hold several ids; a string with none (``"D"``) contributes nothing.
    """
    found: list[str] = []
    for raw in raw_ids:
        for session, turn in EVIDENCE_ID_PATTERN.findall(str(raw)):
            dia_id = f"D{int(session)}:{int(turn)}"
            if dia_id not in found:
                found.append(dia_id)
    return found


def load_audit_corrections(path: Path) -> dict[str, list[str]]:
    """``question_id -> corrected evidence ids`` from a locomo-audit errors file.

    Entries without a non-empty ``correct_evidence`` are skipped: the audit then has no better citation to offer.
    """
    entries = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(entries, dict):
        entries = list(entries.values())
    corrections: dict[str, list[str]] = {}
    for entry in entries:
        corrected = entry.get("correct_evidence")
        if entry.get("question_id") and corrected:
            corrections[str(entry["question_id"])] = [str(e) for e in corrected]
    return corrections


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
