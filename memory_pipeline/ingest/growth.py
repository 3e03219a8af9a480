"""How a file of a conversation the inbox already holds relates to it, session by session.

Conversations grow: an operator sends the whole conversation again with a session more, or only this week's
sessions, or, by mistake, an older export. Comparing whole files (equal or not) had made every one of these a
replacement, so a file of this week's sessions silently dropped every session before it. A session is compared
by what was said (its start and its turns' speakers and words), never by its id or turn refs, which a file of
new sessions numbers from 1 again.

:func:`compare` names the relation; :func:`appended` builds the stored conversation with the new sessions after
it, their default ids and turn refs numbered on from the stored ones.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from memory_pipeline.ingest.model import Conversation, Session, default_turn_ref

Relation = Literal["same", "extends", "continues", "edits", "older", "drops"]


@dataclass(frozen=True)
class Growth:
    """``relation`` of the incoming file to the stored conversation: ``same`` sessions; ``extends`` (every
    stored session and more: a longer export); ``continues`` (new sessions, all after the stored ones: appended);
    ``edits`` (sessions changed where they were); ``older`` (nothing the inbox lacks: an older or partial
    export); ``drops`` (stored sessions missing and the rest no continuation: refused unless replacing)."""

    relation: Relation
    new: tuple[Session, ...] = ()
    missing: tuple[Session, ...] = ()
    # the stored conversation's speakers where the file names others ("Raj" renamed "Rajesh"), else empty
    speakers_before: tuple[str, ...] = ()


def session_key(session: Session) -> tuple[datetime, tuple[tuple[str, str, str | None], ...]]:
    """A session as compared between two files: when it started and what was said, not its id or turn refs."""
    return session.start_instant, session.said


def compare(stored: Conversation, incoming: Conversation) -> Growth:
    """How ``incoming`` relates to ``stored`` (:class:`Growth`). Sessions that say what the stored ones it lacks
    said, at other starts, are those sessions with their times corrected: an edit, not sessions more."""
    stored_keys = {session_key(s) for s in stored.sessions}
    incoming_keys = {session_key(s) for s in incoming.sessions}
    new = tuple(s for s in incoming.sessions if session_key(s) not in stored_keys)
    missing = tuple(s for s in stored.sessions if session_key(s) not in incoming_keys)
    before = sorted(s.name for s in stored.speakers)
    renamed = tuple(before) if before != sorted(s.name for s in incoming.speakers) else ()
    if not new:
        return Growth("same" if not missing else "older", missing=missing, speakers_before=renamed)
    if not missing:
        return Growth("extends", new=new, speakers_before=renamed)
    if {s.said for s in missing} <= {s.said for s in new}:
        # every session it lacks is here, at another start or with its speakers renamed
        return Growth("edits", new=new, missing=missing, speakers_before=renamed)
    last = max(s.start_instant for s in stored.sessions)
    if all(s.start_instant > last for s in new):
        return Growth("continues", new=new, missing=missing, speakers_before=renamed)
    if {s.start_instant for s in missing} <= {s.start_instant for s in new}:
        return Growth("edits", new=new, missing=missing, speakers_before=renamed)
    return Growth("drops", new=new, missing=missing, speakers_before=renamed)


def describe_edit(growth: Growth) -> str:
    """Which sessions an edit changed and which it added: "edited S1 (2024-09-02); added S3 (2024-10-14)"."""
    starts = {s.start_instant for s in growth.missing}
    words = {s.said for s in growth.missing}
    edited = tuple(s for s in growth.new if s.start_instant in starts or s.said in words)
    added = tuple(s for s in growth.new if s not in edited)
    return "; ".join(f"{label} {describe_sessions(sessions)}" for label, sessions in (("edited", edited), ("added", added)) if sessions)


def appended(stored: Conversation, new: tuple[Session, ...], incoming: Conversation) -> Conversation:
    """``stored`` with ``new`` after its sessions. A session id or turn ref the file left to its default
    (``S1``, ``S1:2``) is renumbered from the session's place in the whole conversation; one the source gave
    (LoCoMo's ``D3:1``) is kept. Speakers the new sessions declare are added."""
    merged = copy.deepcopy(stored)
    known = {speaker.name for speaker in merged.speakers}
    merged.speakers += [copy.deepcopy(s) for s in incoming.speakers if s.name not in known]
    for offset, session in enumerate(new, start=1):
        index = len(stored.sessions) + offset
        moved = copy.deepcopy(session)
        if moved.session_id == f"S{session.session_index}":
            moved.session_id = f"S{index}"
        for number, turn in enumerate(moved.turns, start=1):
            if turn.ref == default_turn_ref(session.session_index, number):
                turn.ref = default_turn_ref(index, number)
        moved.session_index = index
        merged.sessions.append(moved)
    return merged


def describe_sessions(sessions: tuple[Session, ...]) -> str:
    """"S1 (2024-09-02), S2 (2024-09-16)": which sessions, by id and day."""
    return ", ".join(f"{s.session_id} ({s.start_time:%Y-%m-%d})" for s in sessions)
