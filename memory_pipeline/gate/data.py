"""Gate supervision from released labels: MSC persona summaries and LoCoMo QA evidence.

* MSC (persona summary sessions): a turn whose ``persona_text`` is non-empty stated a persona fact the
  annotators summarised, so it is a positive; every other turn is a negative.
* LoCoMo: a turn cited as evidence by a QA item is a positive (optionally also a turn an ``observation``
  record names as the source of a fact). Conversations and questions come from the
  LoCoMo reader of :mod:`memory_pipeline.ingest.locomo`, which normalises the messy cited ids and applies the
  audit's corrected evidence, exactly as the evaluation sees them.

Every example keeps its conversation as ``group`` so splits can keep whole conversations on one side.
Context is the preceding messages of the same session (seed 000 B.1 takes them "from the current dialogue").
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from memory_pipeline.gate.packing import Message
from memory_pipeline.ingest.locomo import Question
from memory_pipeline.ingest.model import Conversation

MAX_CONTEXT = 5  # the largest k compared (seed 000 C.1)


@dataclass(frozen=True)
class GateExample:
    """One target turn, its preceding messages (oldest first) and its admission label."""

    example_id: str
    group: str
    source: str
    target: Message
    context: tuple[Message, ...]
    label: int
    evidence_categories: frozenset[int] = field(default_factory=frozenset)

    def is_evidence(self, categories: frozenset[int]) -> bool:
        return bool(self.evidence_categories & categories)


def _session_examples(
    group: str, source: str, messages: list[tuple[str, Message, int, frozenset[int]]]
) -> list[GateExample]:
    """One example per message of a session; ``messages`` are (example id, message, label, categories)."""
    examples = []
    for position, (example_id, target, label, categories) in enumerate(messages):
        context = tuple(message for _, message, _, _ in messages[max(0, position - MAX_CONTEXT) : position])
        examples.append(
            GateExample(
                example_id=example_id,
                group=group,
                source=source,
                target=target,
                context=context,
                label=label,
                evidence_categories=categories,
            )
        )
    return examples


# --- MSC -----------------------------------------------------------------------------------------------


def load_msc_examples(msc_dir: Path) -> list[GateExample]:
    """Every turn of every MSC persona-summary session (``session_N/{valid,test}.txt``)."""
    examples: list[GateExample] = []
    for path in sorted(Path(msc_dir).glob("session_*/*.txt")):
        with open(path, encoding="utf-8") as handle:
            for line_number, line in enumerate(handle):
                if not line.strip():
                    continue
                dialog = json.loads(line).get("dialog", [])
                group = f"msc:{path.parent.name}:{path.stem}:{line_number}"
                messages = [
                    (
                        f"{group}:{index}",
                        Message(speaker=str(item.get("id", "")), text=str(item.get("text", ""))),
                        int(bool(str(item.get("persona_text") or "").strip())),
                        frozenset(),
                    )
                    for index, item in enumerate(dialog)
                ]
                examples.extend(_session_examples(group, "msc", messages))
    return examples


# --- LoCoMo --------------------------------------------------------------------------------------------


def cited_categories(questions: list[Question]) -> dict[tuple[str, str], frozenset[int]]:
    """``(conversation id, dia id) -> the categories of the questions citing that turn``."""
    cited: dict[tuple[str, str], set[int]] = {}
    for question in questions:
        for dia_id in question.evidence_ids:
            cited.setdefault((question.conversation_id, dia_id), set()).add(question.category)
    return {key: frozenset(categories) for key, categories in cited.items()}


def locomo_examples(
    conversations: list[Conversation],
    questions: list[Question],
    label_categories: frozenset[int],
    extra_positives: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset(),
) -> list[GateExample]:
    """Every turn of every conversation; positive when cited by a question of ``label_categories`` or named in
    ``extra_positives`` (``(conversation id, dia id)``, e.g. observation sources). ``evidence_categories``
    always holds the citing questions only, so evaluation labels do not change with the training labels."""
    cited = cited_categories(questions)
    examples: list[GateExample] = []
    for conversation in conversations:
        cid = conversation.conversation_id
        for session in conversation.sessions:
            messages = []
            for turn in session.turns:
                categories = cited.get((cid, turn.ref), frozenset())
                message = Message(turn.speaker, turn.text, turn.image_caption)
                label = int(bool(categories & label_categories) or (cid, turn.ref) in extra_positives)
                messages.append((f"{cid}:{turn.ref}", message, label, categories))
            examples.extend(_session_examples(cid, "locomo", messages))
    return examples


def subsample(examples: list[GateExample], limit: int | None, seed: int) -> list[GateExample]:
    """A seeded random subset (order kept), or everything when ``limit`` is None or not smaller."""
    if limit is None or limit >= len(examples):
        return list(examples)
    chosen = sorted(random.Random(seed).sample(range(len(examples)), limit))
    return [examples[index] for index in chosen]
