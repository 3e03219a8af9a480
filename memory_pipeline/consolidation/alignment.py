"""Deterministic alignment (seed 000 A.4): exact duplicates, then state slots in time order.

* Exact duplicates: equal normalised text (:func:`~memory_pipeline.consolidation.validator.normalise_text`)
  counts as one fact only with evidence that it is one occurrence: a shared source turn, or, for memories
  without source turns, the same message time unless the memory reports an event. Two runs told in the same
  words on different days stay two memories.
* State slots (:mod:`memory_pipeline.analysis.slots`): the memories that set one subject's slot are read in
  conversation order. Repeating the current value is a duplicate of the memory that set it (for exclusive
  slots); another value supersedes it. The current value is always the last one stated, so a return to an
  earlier value ("moved back to Lisbon") supersedes the value before it and does not revive the old memory.
  An appointment stated again only replaces the earlier one while that one is still ahead, or within a few
  weeks with an explicit correction: two dentist appointments months apart are two appointments.
* A death (``life = dead``) ends every state of the one who died: "Gran is in hospital", then "Gran passed away"
  supersedes the hospital. Only that person's: the keys hold the subject, so another's states stay.

The proposals go through the same validator and status checks as the classifier's; a state change between
memories of the same message time is refused there (no strict order).
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Sequence
from datetime import timedelta

from memory_pipeline.analysis import SELF, Reading, SlotValue
from memory_pipeline.analysis.slots import DEAD, EVENT_SLOTS, EXCLUSIVE_SLOTS, KIN_WORDS, MEASURE_UNITS, NEW_VALUE, NONE_VALUE
from memory_pipeline.consolidation.base import (
    ALIGNMENT,
    DEDUP,
    EVENT_CORRECTION,
    SAME_EVENT,
    SAME_FACT,
    STATE_CHANGE,
    SUPERSEDE,
    Proposal,
)
from memory_pipeline.config import ConsolidationConfig
from memory_pipeline.consolidation.validator import normalise_text
from memory_pipeline.links.rules import dated_slot, named_for_whom, state_changes
from memory_pipeline.memory_frame import Memory

EXACT_METHOD, STATE_METHOD = "rules:exact", "rules:state"
# Slots whose scope is an arranged thing, which a later memory may name by its head noun alone ("my appointment").
# Not health: "ankle injury" and "knee injury" share a head and are two injuries.
NAMED_BRIEFLY = frozenset({"appointment", "schedule"})


def exact_duplicates(memories: Sequence[Memory], readings: dict[str, Reading], config: ConsolidationConfig) -> list[Proposal]:
    """A dedup for every later memory whose normalised text equals an earlier one's of the same occurrence."""
    kept: dict[tuple[str, str, str], list[Memory]] = {}
    proposals = []
    for memory in memories:
        key = (memory.conversation_id, memory.memory_kind, normalise_text(memory.text))
        if not key[2]:
            continue
        earlier = next((m for m in kept.get(key, []) if _one_occurrence(m, memory, readings)), None)
        if earlier is None:
            kept.setdefault(key, []).append(memory)
            continue
        shared = sorted(set(memory.source_turn_ids) & set(earlier.source_turn_ids))
        proposals.append(
            Proposal(
                memory.memory_id, earlier.memory_id, DEDUP, ALIGNMENT, EXACT_METHOD,
                basis=SAME_EVENT if shared else SAME_FACT,
                scope=f"source turn {shared[0]}" if shared else f"said at {memory.session_time}",
                anchor=short_anchor(memory.text, config.anchor_max_words),
                similarity=1.0,
                note="same normalised text",
            )
        )
    return proposals


def _one_occurrence(a: Memory, b: Memory, readings: dict[str, Reading]) -> bool:
    if a.source_turn_ids or b.source_turn_ids:
        return bool(set(a.source_turn_ids) & set(b.source_turn_ids))
    eventlike = any(r is not None and r.report for r in (readings.get(a.memory_id), readings.get(b.memory_id)))
    return not eventlike and a.session_time == b.session_time


def state_transitions(
    memories: Sequence[Memory], readings: dict[str, Reading], config: ConsolidationConfig, is_active
) -> list[Proposal]:
    """Dedup and supersede proposals from the state slots, in conversation order."""
    current: dict[tuple, tuple[Memory, SlotValue]] = {}
    proposals: list[Proposal] = []
    proposed: set[tuple[str, str]] = set()
    for memory in memories:
        reading = readings.get(memory.memory_id)
        if reading is None or not is_active(memory.memory_id):
            continue
        # a memory that says anything new besides a value it repeats is no repeat ("promoted to senior analyst at
        # Monzo" repeats the employer but changes the job): it is not dropped for the value it shares
        slots = [dated_slot(memory, slot) for slot in reading.state_slots if slot.matchable]
        slots = [_for_whom_known(current, memory, slot) for slot in slots]
        keys = [_known_key(current, (memory.conversation_id, memory.memory_kind, *slot.key)) for slot in slots]
        repeats_only = all(key in current and current[key][1].state == slot.state for key, slot in zip(keys, slots, strict=True))
        for key, slot in zip(keys, slots, strict=True):
            before = current.get(key)
            if before is not None and not (slot.slot in EVENT_SLOTS and not _same_appointment(before[0], memory, reading, config)):
                proposal = _transition(before, memory, slot, config)
                if proposal is not None and proposal.action == DEDUP and not repeats_only:
                    proposal = None
                if proposal is not None and (proposal.target_id, proposal.candidate_id) not in proposed:
                    proposed.add((proposal.target_id, proposal.candidate_id))
                    proposals.append(proposal)
                if proposal is not None and proposal.action == DEDUP:
                    continue  # the earlier statement of the value stays the current one
                if slot.negated and not state_changes(before[1], slot):
                    continue  # "quit Harcourt" while at Monzo denies another value: Monzo stays the current one
            current[key] = (memory, slot)
            ended = _ended_by_death(current, key, memory, slot, config) if slot.slot == "life" and slot.state == DEAD else (
                _ended_with_the_pastime(current, key, memory, slot, config))
            for proposal in ended:
                if (proposal.target_id, proposal.candidate_id) not in proposed:
                    proposed.add((proposal.target_id, proposal.candidate_id))
                    proposals.append(proposal)
    return proposals


def _ended_with_the_pastime(current: dict[tuple, tuple[Memory, SlotValue]], key: tuple, memory: Memory,
                            stopped: SlotValue, config: ConsolidationConfig) -> list[Proposal]:
    """A supersede of each memory that holds how often or how much of a pastime its subject keeps up, when they
    stop it: "I quit smoking" ends "I smoke about 10 cigarettes a day" (``quantity[smoke cigarette per day]``), and
    "Ella quit ballet" ends "Ella does ballet twice a week". The quantities leave ``current``."""
    if stopped.slot != "activity" or stopped.value != NONE_VALUE or stopped.negated:
        return []
    words = stopped.scope.split()
    ended = [k for k in current if k[:-2] == key[:-2] and k[-2] == "quantity" and _of_the_pastime(words, k[-1].split())
             and current[k][0].memory_id != memory.memory_id]
    return _supersede_each(current, ended, memory, stopped, f"{stopped.scope} stopped", config)


def _ended_by_death(current: dict[tuple, tuple[Memory, SlotValue]], key: tuple, memory: Memory, death: SlotValue,
                    config: ConsolidationConfig) -> list[Proposal]:
    """A supersede of each memory that holds a state of the one who died, which then holds no more: "Gran is in
    hospital" ends with "Gran passed away". The states leave ``current``, so nothing said after compares with them."""
    if key[1] in KIN_WORDS:
        return []  # "Jun's dad died": a bare "dad" is anyone's, whose other states it must not end
    ended = [k for k in current if k[:-2] == key[:-2] and k[-2] != "life" and current[k][0].memory_id != memory.memory_id]
    return _supersede_each(current, ended, memory, death, DEAD, config)


def _supersede_each(current: dict[tuple, tuple[Memory, SlotValue]], ended: list[tuple], memory: Memory, cause: SlotValue,
                    became: str, config: ConsolidationConfig) -> list[Proposal]:
    """A supersede by ``memory`` of the memory that holds each state in ``ended``, which leaves ``current``: what
    ``cause`` (a death, a pastime stopped) ended holds no more, and nothing said after compares with it."""
    out = []
    for k in ended:
        old_memory, old_slot = current.pop(k)
        out.append(Proposal(memory.memory_id, old_memory.memory_id, SUPERSEDE, ALIGNMENT, STATE_METHOD, STATE_CHANGE,
                            describe_scope(old_slot, memory.speaker), short_anchor(cause.anchor, config.anchor_max_words),
                            note=f"{old_slot.state} -> {became}"))
    return out


# What a bare verb of a habit is of when it is stopped: "quit smoking" is cigarettes; "quit drinking" is alcohol,
# not the coffee or water one drinks
HABIT_OBJECTS = {"smoke": frozenset({"cigarette", "cig", "fag", "pack", "joint"}),
                 "drink": frozenset({"beer", "wine", "pint", "glass", "unit", "bottle", "can", "shot", "cocktail"}),
                 "vape": frozenset()}


def _of_the_pastime(stopped: list[str], measured: list[str]) -> bool:
    """The quantity scope ``measured`` is how often or how much of the pastime ``stopped``: the same words first,
    then, after a bare verb, only a period, a unit or what the habit is of ("smoke cigarette per day", "run per
    week"; not "drink coffee per day" when drinking stops)."""
    if measured[: len(stopped)] != stopped:
        return False
    rest = measured[len(stopped):]
    if len(stopped) > 1 or not rest or rest[0] == "per":
        return True
    return rest[0] in HABIT_OBJECTS.get(stopped[0], frozenset()) or rest[0] in MEASURE_UNITS


def _for_whom_known(current: dict[tuple, tuple[Memory, SlotValue]], memory: Memory, slot: SlotValue) -> SlotValue:
    """``slot``, or, said with no owner, as the one third person's whose schedule of it is known ("football moved
    to thursdays" after "dev has football club on wednesdays"): :func:`named_for_whom`."""
    here = (memory.conversation_id, memory.memory_kind)
    if here + slot.key in current:
        return slot
    known = named_for_whom(slot, [before for key, (_, before) in sorted(current.items(), key=lambda item: item[1][0].position)
                                  if key[:2] == here])
    return slot if known is None else replace(slot, subject=known.subject, scope=known.scope)


def _known_key(current: dict[tuple, tuple[Memory, SlotValue]], key: tuple) -> tuple:
    """``key``, or the one current key it names more briefly or more fully: "my appointment" (scope
    ``appointment``) is the dentist appointment already known when it is the only appointment of that subject; a
    "dentist appointment" said after "my appointment" is that one too. Two known appointments leave it as said."""
    if key in current or not key[-1] or key[-2] not in NAMED_BRIEFLY:
        return key
    same = [k for k in current if k[:-1] == key[:-1] and k[-1] and _one_names_the_other(k[-1], key[-1])]
    return same[0] if len(same) == 1 else key


def _one_names_the_other(scope: str, other: str) -> bool:
    """One scope is the other's last words: "appointment" and "dentist appointment", not "doctor appointment"."""
    short, long = sorted((scope.split(), other.split()), key=len)
    return long[len(long) - len(short):] == short


# Words that say a state came back after it ended, which the memories between may not have told
RETURNED = re.compile(r"\b(?:back|again|once more)\b", re.IGNORECASE)


def _transition(before: tuple[Memory, SlotValue], memory: Memory, slot: SlotValue, config: ConsolidationConfig) -> Proposal | None:
    old_memory, old_slot = before
    scope = describe_scope(slot, memory.speaker)
    anchor = short_anchor(slot.anchor, config.anchor_max_words)
    if slot.state == old_slot.state and slot.value != NEW_VALUE:
        if slot.slot not in EXCLUSIVE_SLOTS or RETURNED.search(memory.text):
            return None  # "Elena and Marcus are back together": a state come back is news, no copy to drop
        basis = SAME_EVENT if slot.slot in EVENT_SLOTS else SAME_FACT
        return Proposal(memory.memory_id, old_memory.memory_id, DEDUP, ALIGNMENT, STATE_METHOD, basis, scope, anchor,
                        note=f"{slot.describe()} repeated")
    if not state_changes(old_slot, slot) and slot.value != NEW_VALUE:
        return None  # a new record ("New 10k PB") replaces the one before, even one said the same way
    basis = EVENT_CORRECTION if slot.slot in EVENT_SLOTS else STATE_CHANGE
    return Proposal(memory.memory_id, old_memory.memory_id, SUPERSEDE, ALIGNMENT, STATE_METHOD, basis, scope, anchor,
                    note=f"{old_slot.state} -> {slot.state}")


def _same_appointment(old: Memory, new: Memory, reading: Reading, config: ConsolidationConfig) -> bool:
    """The new statement is about the old appointment: that one is still ahead when the new one is said, or
    the new one corrects it within ``reschedule_days``."""
    if new.session_time is None:
        return False
    ahead = old.explicit_time and old.event_end is not None and new.session_time < old.event_end
    recent = old.session_time is not None and new.session_time - old.session_time <= timedelta(days=config.reschedule_days)
    return ahead or (recent and reading.correction is not None)


def describe_scope(slot: SlotValue, speaker: str | None) -> str:
    """``Nora residence``, ``Nora appointment: dentist appointment``, ``Nora's sister residence``."""
    name = speaker or "user"
    subject = slot.subject.replace(SELF, name, 1) if slot.subject.startswith(SELF) else slot.subject
    return f"{subject} {slot.slot}" + (f": {slot.scope}" if slot.scope else "")


def short_anchor(text: str, max_words: int) -> str:
    """The first ``max_words`` words of a verbatim span (still a verbatim quote, with spacing normalised)."""
    return " ".join((text or "").split()[:max_words])
