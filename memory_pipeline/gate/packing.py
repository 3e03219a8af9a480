"""Packing: the target turn and its preceding messages become one marked, anonymised token sequence.

The layout follows seed 000 A.1/A.2: ``[CONTEXT]`` separates the preceding messages from the ``[TARGET]``,
speakers become anonymous letters so the gate learns what is said rather than who says it (the target's
speaker is always ``S1``), and the sequence is cut from the left so the target and its nearest context survive
the length limit. The markers are plain text rather than new vocabulary entries, so any stock encoder can be
used without resizing its embedding table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from memory_pipeline.chat_spelling import written_out

CONTEXT_MARKER = "[CONTEXT]"
TARGET_MARKER = "[TARGET]"
# A gate's weights are only right for the layout they were trained on, so the layout is part of the gate: training
# records it in the artifact's config and inference packs with the recorded one, never with whatever the code
# would choose today. v1 packs messages as typed; v2 writes out chat's spellings first (memory_pipeline/
# chat_spelling.py). A new layout gets a new name and stays beside the old ones while any gate uses them.
AS_TYPED = "ctx-target-v1"
WRITTEN_OUT = "ctx-target-v2"
LAYOUTS = {AS_TYPED: "messages as typed", WRITTEN_OUT: "chat's spellings written out"}  # name: what it does
# What a new gate trains on unless told otherwise: the shipped gate's layout, so that its recipe, run again,
# ships it again. Over three seeds v2 trained no better gate (docs/GATE.md, "The layout to train on").
DEFAULT_LAYOUT = AS_TYPED


def check_layout(layout: str) -> None:
    """A ValueError naming the known layouts unless ``layout`` is one (a config from a newer version, a typo)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown gate input layout {layout!r}; this version packs {', '.join(LAYOUTS)}")


@dataclass(frozen=True)
class Message:
    """One dialogue message as the gate sees it; an image caption is part of what was shared."""

    speaker: str
    text: str
    image_caption: str | None = None

    def rendered_text(self, layout: str = DEFAULT_LAYOUT) -> str:
        text = " ".join(self.text.split())
        if layout == WRITTEN_OUT:
            text = written_out(text)
        if self.image_caption:
            text = f"{text} [image: {' '.join(self.image_caption.split())}]".strip()
        return text


@dataclass(frozen=True)
class PackedInput:
    """Token ids ready for the encoder; ``target_mask`` marks the target message's own tokens."""

    input_ids: list[int]
    target_mask: list[int]

    def __len__(self) -> int:
        return len(self.input_ids)


def anonymous_speaker_ids(target: Message, context: Sequence[Message]) -> dict[str, str]:
    """``S1``, ``S2``, ... by order of appearance walking back from the target, so the target speaker is ``S1``.

    Numbered ids rather than letters, because an uncased tokenizer reads a bare ``A`` as the article "a".
    """
    names: dict[str, str] = {target.speaker: "S1"}
    for message in reversed(context):
        if message.speaker not in names:
            names[message.speaker] = f"S{len(names) + 1}"
    return names


def render_line(message: Message, names: dict[str, str], layout: str = DEFAULT_LAYOUT) -> str:
    return f"{names[message.speaker]}: {message.rendered_text(layout)}"


def pack_turn(
    tokenizer, target: Message, context: Sequence[Message], k: int, max_length: int, layout: str = DEFAULT_LAYOUT
) -> PackedInput:
    """Pack one target with its last ``k`` context messages (:func:`pack_turns` for one item)."""
    return pack_turns(tokenizer, [target], [context], k, max_length, layout)[0]


def pack_turns(
    tokenizer,
    targets: Sequence[Message],
    contexts: Sequence[Sequence[Message]],
    k: int,
    max_length: int,
    layout: str = DEFAULT_LAYOUT,
) -> list[PackedInput]:
    """Pack each target with the last ``k`` messages of its context in ``layout``, oldest tokens cut first.

    Context is dropped token by token from the left; only when the target alone does not fit is the target
    itself cut, keeping its beginning (where a statement usually is) and both markers. All strings are rendered
    first and tokenised in one call per list: a fast tokenizer encodes a list in Rust, where one call per
    string spent most of the gate's time in Python.
    """
    check_layout(layout)
    if not targets:
        return []
    windows = [list(context)[-k:] if k > 0 else [] for context in contexts]
    names = [anonymous_speaker_ids(target, window) for target, window in zip(targets, windows, strict=True)]
    bodies = [" ".join(render_line(message, n, layout) for message in window) for window, n in zip(windows, names)]
    target_lines = [f"{TARGET_MARKER} {render_line(target, n, layout)}" for target, n in zip(targets, names)]

    marker_ids = _encode(tokenizer, [CONTEXT_MARKER])[0]
    prefix, suffix = _special_token_layout(tokenizer)
    budget = max_length - len(prefix) - len(suffix)
    return [
        _assemble(prefix, suffix, marker_ids, body_ids, target_ids, budget)
        for body_ids, target_ids in zip(_encode(tokenizer, bodies), _encode(tokenizer, target_lines))
    ]


def _assemble(
    prefix: list[int], suffix: list[int], marker_ids: list[int], body_ids: list[int], target_ids: list[int],
    budget: int,
) -> PackedInput:
    """One input from its encoded parts: the target keeps its beginning, the context its end."""
    target_ids = target_ids[: budget - len(marker_ids)]
    body_budget = budget - len(target_ids) - len(marker_ids)
    context_ids = marker_ids + body_ids[max(0, len(body_ids) - body_budget) :]
    input_ids = prefix + context_ids + target_ids + suffix
    target_mask = [0] * (len(prefix) + len(context_ids)) + [1] * len(target_ids) + [0] * len(suffix)
    return PackedInput(input_ids=input_ids, target_mask=target_mask)


def _encode(tokenizer, texts: list[str]) -> list[list[int]]:
    encoded = tokenizer(texts, add_special_tokens=False, return_attention_mask=False, return_token_type_ids=False)
    return encoded["input_ids"]


def _special_token_layout(tokenizer) -> tuple[list[int], list[int]]:
    """The special tokens the encoder expects before and after a single sequence ([CLS] ... [SEP] for BERT)."""
    probe = _encode(tokenizer, ["a"])[0]
    wrapped = tokenizer("a", add_special_tokens=True)["input_ids"]
    for start in range(len(wrapped) - len(probe) + 1):
        if wrapped[start : start + len(probe)] == probe:
            return list(wrapped[:start]), list(wrapped[start + len(probe) :])
    raise ValueError("the tokenizer's special-token layout could not be determined")
