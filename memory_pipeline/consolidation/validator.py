"""The validator of hiding decisions (seed 000 A.4): a dedup or supersede stands only with its evidence.

:func:`reject_reason` returns why a proposal cannot be applied, or None. It checks what the proposal says
about itself (action, basis, scope, a short verbatim anchor found in the target) and what the memories say
(shared provenance or an explicit shared date for a duplicate event, a strict message-time order for a state
change, an explicit correction cue for a corrected event, and that hiding the memory loses no other fact).
It checks support, not truth: a well-supported wrong label passes.
"""

from __future__ import annotations

import re
import unicodedata

from memory_pipeline.analysis import Reading
from memory_pipeline.consolidation.base import (
    ACTIONS,
    BASES,
    DEDUP,
    EVENT_CORRECTION,
    HIDING,
    SAME_EVENT,
    STATE_CHANGE,
    Proposal,
)
from memory_pipeline.memory_frame import Memory

# Reasons a proposal is not applied; the decisions table records them.
UNKNOWN_ACTION = "unknown_action"
NOT_A_CANDIDATE = "candidate_not_in_list"
MISSING_BASIS, BASIS_MISFIT = "missing_basis", "basis_does_not_fit_action"
MISSING_SCOPE, MISSING_ANCHOR = "missing_scope", "missing_anchor"
ANCHOR_NOT_IN_TARGET, ANCHOR_TOO_LONG = "anchor_not_in_target", "anchor_too_long"
SAME_EVENT_UNSUPPORTED = "same_event_without_shared_source_or_date"
NO_STRICT_ORDER = "state_change_without_strict_time_order"
NO_CORRECTION = "event_correction_without_correction_cue"
HIDES_OTHER_FACTS = "would_hide_other_facts"

BOUNDARY_PUNCTUATION = " \t\n.,;:!?\"'“”‘’()[]{}-–—…"
DATE_PREFIX = re.compile(r"^\s*\[?\d{4}-\d{2}-\d{2}(?:[ t]\d{1,2}:\d{2}(?::\d{2})?)?\]?\s*[:\-–]?\s*")


def normalise_text(text: str) -> str:
    """NFKC, lower case, one space between words, boundary punctuation trimmed, a leading date stripped."""
    text = DATE_PREFIX.sub("", unicodedata.normalize("NFKC", text or ""))
    return " ".join(text.lower().split()).strip(BOUNDARY_PUNCTUATION)


def reject_reason(
    proposal: Proposal,
    target: Memory,
    candidate: Memory | None,
    readings: dict[str, Reading],
    anchor_max_words: int,
) -> str | None:
    """Why ``proposal`` may not be applied, or None when it may."""
    if proposal.action not in ACTIONS:
        return UNKNOWN_ACTION
    if candidate is None:
        return NOT_A_CANDIDATE
    if proposal.action not in HIDING:
        return None
    reason = _fields(proposal) or _anchor(proposal, target, anchor_max_words)
    reason = reason or _evidence(proposal, target, candidate, readings.get(target.memory_id))
    if reason is not None:
        return reason
    hidden = readings.get(proposal.hidden_id)
    if hidden is not None and not hidden.single_fact and not _all_of_the_moved_plan(hidden, readings.get(target.memory_id)):
        return HIDES_OTHER_FACTS
    return None


def _all_of_the_moved_plan(hidden: Reading, target: Reading | None) -> bool:
    """Every clause of the memory a correction would hide tells of the plan it moves: it shares a word with the
    corrected event, or only says the plan is late (:func:`~memory_pipeline.analysis.cues.late_clauses`). "We're
    getting our windows replaced, sash windows, fitters coming on 16 March", moved by "the window fitters are
    postponed to 13 April", holds no other fact; beside "and my sister is staying with us", or "and I'm moving house
    in April", it does."""
    if target is None or target.correction is None or not target.corrected.words or not hidden.clause_words:
        return False
    return all(
        bool(words & target.corrected.words) or late
        for words, late in zip(hidden.clause_words, hidden.late_clauses, strict=True)
    )


def _fields(proposal: Proposal) -> str | None:
    if not proposal.basis:
        return MISSING_BASIS
    if proposal.basis not in BASES[proposal.action]:
        return BASIS_MISFIT
    if not (proposal.scope or "").strip():
        return MISSING_SCOPE
    if not (proposal.anchor or "").strip():
        return MISSING_ANCHOR
    return None


def _anchor(proposal: Proposal, target: Memory, anchor_max_words: int) -> str | None:
    anchor = normalise_text(proposal.anchor)
    if not anchor or anchor not in normalise_text(target.text):
        return ANCHOR_NOT_IN_TARGET
    if len(anchor.split()) > anchor_max_words:
        return ANCHOR_TOO_LONG
    return None


def _evidence(proposal: Proposal, target: Memory, candidate: Memory, target_reading: Reading | None) -> str | None:
    if proposal.action == DEDUP and proposal.basis == SAME_EVENT and not same_occurrence(target, candidate):
        return SAME_EVENT_UNSUPPORTED
    if proposal.basis == STATE_CHANGE and not strictly_later(target, candidate):
        return NO_STRICT_ORDER
    if proposal.basis == EVENT_CORRECTION and (target_reading is None or target_reading.correction is None):
        return NO_CORRECTION
    return None


def same_occurrence(a: Memory, b: Memory) -> bool:
    """Evidence that two memories tell one occurrence: a shared source turn, or the same explicit event date."""
    if set(a.source_turn_ids) & set(b.source_turn_ids):
        return True
    return a.explicit_time and b.explicit_time and a.event_start == b.event_start and a.event_end == b.event_end


def strictly_later(target: Memory, candidate: Memory) -> bool:
    return target.session_time is not None and candidate.session_time is not None and target.session_time > candidate.session_time

