"""LoCoMo questions as the evaluation scores them: categories 1-4, normalised and audit-corrected evidence.

Category 5 (adversarial) questions have no answer in the conversation, so they have no evidence to retrieve
and are left out. Question ids follow the locomo-audit convention ``locomo_<conversation index>_qa<qa index>``
(0-based, file order, counting every QA item), so audit corrections line up with the file they were made for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from memory_pipeline.evaluation.evidence import normalise_evidence_ids

SCORED_CATEGORIES = (1, 2, 3, 4)
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


@dataclass(frozen=True)
class Question:
    question_id: str
    conversation_id: str
    category: int
    question: str
    answer: str
    evidence_ids: tuple[str, ...]  # normalised dialogue ids (``D1:3``), after audit corrections
    corrected: bool  # True when the audit replaced the file's evidence


def question_id(conversation_index: int, qa_index: int) -> str:
    return f"locomo_{conversation_index}_qa{qa_index}"


def read_locomo(path: Path) -> list[dict]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path} is not a LoCoMo file: expected a list of conversations")
    return data


def conversation_ids(samples: list[dict]) -> list[str]:
    return [str(sample["sample_id"]) for sample in samples]


def read_questions(samples: list[dict], corrections: dict[str, list[str]] | None = None) -> list[Question]:
    """The scored questions of every conversation, in file order."""
    corrections = corrections or {}
    questions: list[Question] = []
    for conversation_index, sample in enumerate(samples):
        for qa_index, qa in enumerate(sample.get("qa", [])):
            category = int(qa.get("category", 0))
            if category not in SCORED_CATEGORIES:
                continue
            qid = question_id(conversation_index, qa_index)
            corrected = qid in corrections
            raw_evidence = corrections[qid] if corrected else qa.get("evidence", [])
            questions.append(
                Question(
                    question_id=qid,
                    conversation_id=str(sample["sample_id"]),
                    category=category,
                    question=str(qa.get("question", "")),
                    answer=str(qa.get("answer", "")).strip(),
                    evidence_ids=tuple(normalise_evidence_ids(raw_evidence)),
                    corrected=corrected,
                )
            )
    return questions
