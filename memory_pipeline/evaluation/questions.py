"""LoCoMo questions as the evaluation scores them: the answerable categories, audit-corrected evidence.

Category 5 (adversarial) questions have no answer in the conversation, so they have no evidence to retrieve
and are left out. Question ids, evidence normalisation and audit corrections are the LoCoMo reader's
(:mod:`memory_pipeline.ingest.locomo`), so the evaluation and the gate's labels agree on every cited turn.
"""

from __future__ import annotations

from pathlib import Path

from memory_pipeline.ingest.locomo import ANSWERABLE_CATEGORIES, Question, load_audit_corrections, read_questions

CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def scored_questions(locomo_path: Path, corrections: Path | None = None) -> list[Question]:
    """The answerable questions of a LoCoMo file in file order, with the audit's evidence where it corrects."""
    audit = load_audit_corrections(corrections) if corrections else {}
    return [q for q in read_questions(locomo_path, audit) if q.category in ANSWERABLE_CATEGORIES]
