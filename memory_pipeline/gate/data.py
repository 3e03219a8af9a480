"""Gate supervision from released labels: MSC persona summaries and LoCoMo QA evidence.

* MSC (persona summary sessions): a turn whose ``persona_text`` is non-empty stated a persona fact the
  annotators summarised, so it is a positive; every other turn is a negative.
* LoCoMo: a turn cited as evidence by a QA item is a positive. Cited ids are messy in the release
  ("D:11:26", "D30:05", several ids in one string), so they are normalised; the audit file's corrected
  evidence replaces the cited one where the audit found an error.

Every example keeps its conversation as ``group`` so splits can keep whole conversations on one side.
Context is the preceding messages of the same session (seed 000 B.1 takes them "from the current dialogue").
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from memory_pipeline.gate.packing import Message

EVIDENCE_ID = re.compile(r"D:?(\d+):0*(\d+)")
MAX_CONTEXT = 5  # the largest k compared (seed 000 C.1)
ANSWERABLE_CATEGORIES = frozenset({1, 2, 3, 4})  # category 5 is adversarial (questions about unsaid things)


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


def normalise_evidence_ids(raw: str) -> list[str]:
    """All dialogue ids in one cited string, as ``D<session>:<turn>`` without leading zeros."""
    return [f"D{session}:{turn}" for session, turn in EVIDENCE_ID.findall(raw)]


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


@dataclass(frozen=True)
class LocomoTurn:
    conversation_id: str
    session_index: int
    dia_id: str
    speaker: str
    text: str
    image_caption: str | None


def _locomo_sessions(sample: dict) -> list[tuple[int, list[dict]]]:
    conversation = sample["conversation"]
    sessions = []
    for key, value in conversation.items():
        match = re.fullmatch(r"session_(\d+)", key)
        if match and isinstance(value, list):
            sessions.append((int(match.group(1)), value))
    return sorted(sessions)


def locomo_turns(sample: dict) -> list[LocomoTurn]:
    """The conversation's turns in dialogue order."""
    conversation_id = sample["sample_id"]
    return [
        LocomoTurn(
            conversation_id=conversation_id,
            session_index=session_index,
            dia_id=turn["dia_id"],
            speaker=turn["speaker"],
            text=turn.get("text") or "",
            image_caption=turn.get("blip_caption"),
        )
        for session_index, session in _locomo_sessions(sample)
        for turn in session
    ]


def load_audit_corrections(audit_path: Path | None) -> dict[tuple[int, str], list[str]]:
    """(conversation position in the release, question text) -> corrected evidence ids."""
    if audit_path is None or not Path(audit_path).exists():
        return {}
    corrections: dict[tuple[int, str], list[str]] = {}
    for entry in json.loads(Path(audit_path).read_text(encoding="utf-8")):
        match = re.match(r"locomo_(\d+)_qa", entry.get("question_id", ""))
        if match and entry.get("correct_evidence") is not None:
            ids = [i for raw in entry["correct_evidence"] for i in normalise_evidence_ids(str(raw))]
            corrections[(int(match.group(1)), entry["question"].strip())] = ids
    return corrections


def evidence_categories_by_turn(
    sample: dict, position: int, corrections: dict[tuple[int, str], list[str]]
) -> dict[str, set[int]]:
    """dia_id -> the QA categories that cite it (audited evidence where available)."""
    cited: dict[str, set[int]] = {}
    for qa in sample.get("qa", []):
        corrected = corrections.get((position, str(qa.get("question", "")).strip()))
        raw_ids = corrected if corrected is not None else qa.get("evidence", [])
        for raw in raw_ids:
            for dia_id in normalise_evidence_ids(str(raw)):
                cited.setdefault(dia_id, set()).add(int(qa.get("category", 0)))
    return cited


def load_locomo(path: Path) -> list[dict]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def load_locomo_examples(
    samples: list[dict], corrections: dict[tuple[int, str], list[str]], label_categories: frozenset[int]
) -> list[GateExample]:
    """Every turn of every conversation; positive when cited by a QA item of ``label_categories``."""
    examples: list[GateExample] = []
    for position, sample in enumerate(samples):
        cited = evidence_categories_by_turn(sample, position, corrections)
        turns = locomo_turns(sample)
        for session_index in sorted({turn.session_index for turn in turns}):
            messages = [
                (
                    f"{turn.conversation_id}:{turn.dia_id}",
                    Message(turn.speaker, turn.text, turn.image_caption),
                    int(bool(cited.get(turn.dia_id, set()) & label_categories)),
                    frozenset(cited.get(turn.dia_id, set())),
                )
                for turn in turns
                if turn.session_index == session_index
            ]
            examples.extend(_session_examples(sample["sample_id"], "locomo", messages))
    return examples


def locomo_turns_frame(sample: dict) -> pl.DataFrame:
    """A TURNS-shaped frame of one conversation (both LoCoMo speakers are users), for scoring end to end."""
    turns = locomo_turns(sample)
    return pl.DataFrame(
        {
            "turn_id": [f"{turn.conversation_id}:{turn.dia_id}" for turn in turns],
            "conversation_id": [turn.conversation_id for turn in turns],
            "session_index": [turn.session_index for turn in turns],
            "seq": list(range(len(turns))),
            "speaker": [turn.speaker for turn in turns],
            "role": ["user"] * len(turns),
            "text": [turn.text for turn in turns],
            "image_caption": [turn.image_caption for turn in turns],
        },
        schema_overrides={"session_index": pl.Int32, "seq": pl.Int32},
    )


def subsample(examples: list[GateExample], limit: int | None, seed: int) -> list[GateExample]:
    """A seeded random subset (order kept), or everything when ``limit`` is None or not smaller."""
    if limit is None or limit >= len(examples):
        return list(examples)
    chosen = sorted(random.Random(seed).sample(range(len(examples)), limit))
    return [examples[index] for index in chosen]
