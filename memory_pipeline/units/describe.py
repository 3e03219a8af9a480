"""The Fact-Time-Affect fields of a rules-built unit, read from the entries it keeps (seed 002, FTA anchors).

Nothing here invents words: the content is the entries' sentences in order, the event time is the one an entry
resolved from a time expression against its own turn's session time (seed 004), and every label comes from a rule
over those words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from memory_pipeline.extraction.scope import EXTERNAL, GENERIC, INTERNAL, USER_PII
from memory_pipeline.units import cues
from memory_pipeline.units.affect import Affect, AffectAnalyser, feelings_by_holder
from memory_pipeline.units.records import UNKNOWN, EntryView, Piece, UnitDraft, UnitFields

SCOPE_ORDER = (USER_PII, INTERNAL, EXTERNAL, GENERIC)  # the most sensitive scope present governs the unit
BASIS_EXPRESSION = "expression"
BASIS_SESSION = "session"
# A time expression that says how long, not when ("all afternoon", "for 4 years", "a few days").
DURATION = re.compile(
    r"^(?:for|over|all|the\s+(?:whole|entire|past))?\s*(?:the\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|a few|a couple of|several|many|some)?\s*(?:more\s+)?(?:hours?|days?|weeks?|months?|years?|"
    r"decades?|afternoon|morning|evening|night)$",
    re.I,
)


def content_sentences(pieces: Sequence[Piece]) -> list[tuple[str | None, str]]:
    """``(speaker, sentence)`` of every piece in order; "<name> noted:" is dropped when the sentence before it was
    said by the same speaker (the unit already says whose words follow)."""
    out: list[tuple[str | None, str]] = []
    for piece in pieces:
        for sentence in piece.texts:
            body, verb = cues.strip_attribution(sentence)
            if verb == "noted" and out and out[-1][0] == piece.speaker and body:
                sentence = body[:1].upper() + body[1:]
            out.append((piece.speaker, sentence))
    return out


def content_of(sentences: Sequence[tuple[str | None, str]]) -> str:
    """A rules unit's content_text: its sentences in order."""
    return " ".join(s for _, s in sentences)


def session_day(moment: datetime | None) -> tuple[datetime | None, datetime | None]:
    if moment is None:
        return None, None
    day = datetime(moment.year, moment.month, moment.day)
    return day, day + timedelta(days=1)


def orientation_of(piece: Piece) -> str:
    """past / present / future of one piece: from its entry's resolved event against the session day when the
    entry has one, else from tense and modality cues of its words."""
    entry = piece.entry
    if entry is not None and entry.event_time_basis == BASIS_EXPRESSION and entry.event_start is not None:
        day_start, day_end = session_day(piece.dialogue_time)
        if day_start is not None:
            if entry.event_end is not None and entry.event_end <= day_start:
                return "past"
            if entry.event_start >= day_end:
                return "future"
            if not (entry.event_start >= day_start and entry.event_end is not None and entry.event_end <= day_end):
                return "present"
            # the session's own day: earlier or later that day ("this morning I had the interview", "tonight we're
            # going out"), which the words tell
    # a supposition or a wish tells no time of its own ("if I won the lottery I'd buy a boat", "I wish I had a dog")
    told = [t for text in piece.texts for t in cues.sentences(text) if not cues.SUPPOSED.search(t)]
    text = " ".join(told)
    if not told:
        return UNKNOWN
    if cues.FUTURE_CUE.search(text):
        return "future"
    if cues.past_tense(text):
        return "past"
    return "present" if cues.content_words(text) else UNKNOWN


def combined_orientation(orientations: Sequence[str]) -> str:
    known = {o for o in orientations if o != UNKNOWN}
    if not known:
        return UNKNOWN
    return known.pop() if len(known) == 1 else "mixed"


def content_type(
    text: str, orientation: str, plan: str | None, emotional: bool, addressee_named: bool, dated_plan: bool = False
) -> str:
    """The first rule that fits, most specific first (seed 002's content types). A plan is one by a word that looks
    ahead, or by the date its entry resolved ahead of the session (``dated_plan``: "Lena has a neurology appointment
    on the 23rd" needs no "will")."""
    if cues.RISK.search(text):
        return "risk_signal"
    if plan is not None and orientation in ("future", "mixed") and (dated_plan or cues.FUTURE_CUE.search(text)):
        return "homework_or_plan"
    if addressee_named and cues.SUPPORT.search(text):
        return "support_interaction"
    if emotional and orientation != "past" and cues.PRESENT_STATE.search(text):
        return "current_state"
    if cues.RELATIONSHIP.search(text):
        return "relationship_event"
    if orientation in ("past", "mixed"):
        return "event"
    if emotional and orientation == "present":
        return "current_state"
    if cues.BELIEF.search(text):
        return "belief_candidate"
    return "general_fact"


# A sentence that only dates the thing just named: "It's on October 13.", "That was last week", "it is tomorrow".
IT_IS = re.compile(r"^(?:it|that|this)(?:'s|’s| is| was| will be)\b", re.IGNORECASE)
# A short lead-in before the sentence's subject: "Guess what, Nora signed up ...", "Oh well, Nora ...".
LEAD_IN = re.compile(r"^(?:[a-z']+\s){0,2}[a-z']+,\s*")


def planned_event(draft: UnitDraft) -> str | None:
    """A plan said without a modal ("Jon is hosting a competition next month"): the owner's sentence about
    themself that holds a time expression its entry resolved to after the session day (not one the extractor
    only appended in parentheses), or such a sentence about "it" right after one about themself ("Nora signed
    up for the marathon. It's on October 13": the date is the marathon's). Not a sentence that tells of an
    intention overtaken ("was going to go to the concert on May 20, but ..."): the date is ahead, the plan given up."""
    for piece in draft.pieces:
        entry = piece.entry
        if piece.speaker != draft.speaker or entry is None or orientation_of(piece) != "future" or not entry.event_time_text:
            continue
        before = None
        for sentence in piece.texts:
            body, _ = cues.strip_attribution(sentence)
            if entry.event_time_text in sentence and f"({entry.event_time_text}" not in sentence:
                if _overtaken(body, entry.event_time_text):
                    before = None
                    continue
                if _about_speaker(_after_its_date(body, entry.event_time_text), draft.speaker):
                    return _without_lead_in(body, draft.speaker).rstrip(".!")
                if before is not None and IT_IS.match(body):
                    return f"{_without_lead_in(before, draft.speaker).rstrip('.!')}: {body.rstrip('.!')}"
            before = body if _about_speaker(body, draft.speaker) else None
    return None


def _after_its_date(sentence: str, date_text: str) -> str:
    """The sentence from its subject on when it opens with its date ("In June we're going to Berlin", "Next month,
    Nora is hosting ..."): the date said first is no subject."""
    found = re.match(rf"(?:(?:in|on|at|by|from|this|next|until)\s+)?{re.escape(date_text)}\s*,?\s*", sentence, re.IGNORECASE)
    return sentence[found.end():] if found else sentence


def _overtaken(sentence: str, date_text: str) -> bool:
    """The date is said in an intention overtaken ("was going to go to the concert on May 20, but I sold my
    ticket"), not in what replaced it after a "but" ("I was gonna fly, but I'm driving on Friday")."""
    found = cues.FUTURE_IN_THE_PAST.search(sentence)
    if found is None:
        return False
    but = re.search(r"\bbut\b", sentence[found.end():])
    return date_text in sentence[found.start(): found.end() + but.start() if but else len(sentence)]


def _without_lead_in(sentence: str, speaker: str | None) -> str:
    """"Guess what, Nora signed up ..." -> "Nora signed up ..."; a sentence that opens with its subject as is."""
    found = LEAD_IN.match(sentence.lower())
    if found is None or (speaker and sentence.lower().startswith(speaker.lower())):
        return sentence
    return sentence[found.end():]


def _about_speaker(sentence: str, speaker: str | None) -> bool:
    """The sentence's subject is its speaker (the extractor writes the speaker's name for "I") or a "we" that
    includes them: "Dad starts his new job next Monday", said by Mom, is Dad's news, not Mom's plan."""
    lowered = sentence.lower()
    if speaker and not lowered.startswith(speaker.lower()) and LEAD_IN.match(lowered):
        lowered = LEAD_IN.sub("", lowered)
        return lowered.startswith(f"{speaker.lower()} ") or lowered.split(" ", 1)[0] in ("we", "we'll", "we're")
    return (bool(speaker) and lowered.startswith(speaker.lower())) or lowered.split(" ", 1)[0] in ("we", "we'll", "we're", "our")


def expression_interval(entry: EntryView | None, anchored_only: bool = True) -> tuple[datetime, datetime] | None:
    """The entry's event when it was resolved from a time expression (not the session-day default); with
    ``anchored_only``, not when that expression is a duration ("all afternoon", "for 4 years"), which says how long,
    not when."""
    if entry is None or entry.event_time_basis != BASIS_EXPRESSION or entry.event_start is None:
        return None
    if anchored_only and DURATION.match((entry.event_time_text or "").strip()):
        return None
    return entry.event_start, entry.event_end or entry.event_start


def disjoint(a: tuple[datetime, datetime] | None, b: tuple[datetime, datetime] | None) -> bool:
    """Two dated events that cannot be one: both known and not overlapping."""
    return a is not None and b is not None and (a[1] <= b[0] or b[1] <= a[0]) and a != b


def event_of(pieces: Sequence[Piece], content: str) -> tuple[str | None, datetime | None, datetime | None, str | None]:
    """The most specific event an entry resolved from a time expression the content keeps: the narrowest anchored
    one (the first of equals), else a duration; else the session day."""
    lowered = content.lower()
    for anchored_only in (True, False):
        dated = [
            p.entry
            for p in pieces
            if expression_interval(p.entry, anchored_only) is not None
            and p.entry.event_time_text
            and p.entry.event_time_text.lower() in lowered
        ]
        if dated:
            best = min(dated, key=lambda e: (e.event_end or e.event_start) - e.event_start)
            return best.event_time_text, best.event_start, best.event_end, BASIS_EXPRESSION
    day_start, day_end = session_day(pieces[0].dialogue_time if pieces else None)
    return None, day_start, day_end, BASIS_SESSION if day_start is not None else None


def summary_of(speaker: str | None, sentences: Sequence[tuple[str | None, str]], limit: int) -> str:
    """The owner's first sentence, without its attribution, cut to ``limit`` words."""
    own = [s for who, s in sentences if who == speaker] or [s for _, s in sentences]
    body, verb = cues.strip_attribution(own[0]) if own else ("", None)
    if verb is not None and speaker:
        body = f"{speaker}: {body}"
    words = body.split()
    return " ".join(words[:limit]) + (" …" if len(words) > limit else "")


def participants_of(speaker: str | None, content: str, session_participants: Sequence[str], pieces: Sequence[Piece]) -> list[str]:
    """The owner, then every session participant and named person the content mentions."""
    named = [speaker] if speaker else []
    people = [p for piece in pieces if piece.entry is not None for p in piece.entry.people]
    nickname = lambda name: any(p != name and p.startswith(name) for p in session_participants)  # noqa: E731
    for name in [*session_participants, *people]:
        if name and name not in named and name in content and not nickname(name):
            named.append(name)
    return named


@dataclass
class Describer:
    """Builds :class:`UnitFields` for rules drafts; holds the affect lexicons (loaded once by the caller)."""

    affect: AffectAnalyser
    summary_words: int = 16

    def whose_affect(
        self, own_text: str, draft: UnitDraft, session_participants: Sequence[str], participants: Sequence[str]
    ) -> tuple[Affect, str | None]:
        """The feeling the owner's sentences tell and whose it is: the owner's own where they name one ("Greta is
        dreading it"), else one they tell another has ("Karim is over the moon"; "she's devastated": someone not
        named, None), which is not made the owner's (the sister's grief had been the speaker's current state); else
        the owner's words' mere leaning ("positive")."""
        names = [*session_participants, *participants]
        held = feelings_by_holder(own_text, draft.speaker, names)
        # joined as said, with commas: "great, another flat tyre" is ironic only so
        own = self.affect.analyse(", ".join(h.text for h in held if h.own), session_participants)
        if own.named or all(h.own for h in held):
            return own, draft.speaker
        for h in held:
            if not h.own and (other := self.affect.analyse(h.text, session_participants)).named:
                return other, h.holder
        return own, draft.speaker

    def describe(self, draft: UnitDraft, session_participants: Sequence[str]) -> UnitFields:
        sentences = content_sentences(draft.pieces)
        content = content_of(sentences)
        own_text = " ".join(s for who, s in sentences if who == draft.speaker) or content
        participants = participants_of(draft.speaker, content, session_participants, draft.pieces)
        affect, holder = self.whose_affect(own_text, draft, session_participants, participants)
        dated = planned_event(draft)
        plan = cues.intention(own_text, draft.speaker, session_participants) or dated
        orientation = combined_orientation([orientation_of(p) for p in draft.pieces if p.speaker == draft.speaker])
        others = [p for p in participants if p != draft.speaker and p in session_participants]
        emotional = affect.emotion_or_state != UNKNOWN and holder == draft.speaker
        kind = content_type(own_text, orientation, plan, emotional, bool(others), dated is not None)
        event_text, start, end, basis = event_of(draft.pieces, content)
        completeness = "partial" if draft.partial else "complete"
        status = "pending" if kind == "homework_or_plan" else completeness
        entries = [p.entry for p in draft.pieces if p.entry is not None]
        return UnitFields(
            summary=summary_of(draft.speaker, sentences, self.summary_words),
            content_text=content,
            participants=tuple(participants),
            emotion_or_state=affect.emotion_or_state,
            valence=affect.valence,
            affect_holder=holder if affect.emotion_or_state != UNKNOWN else None,
            intention_or_plan=plan or UNKNOWN,
            time_orientation=orientation,
            content_type=kind,
            event_time_text=event_text,
            event_start=start,
            event_end=end,
            event_time_basis=basis,
            completeness=completeness,
            status=status,
            provenance="stated" if any(e.provenance == "stated" for e in entries) else "inferred",
            scope=most_sensitive(e.scope for e in entries),
        )


def most_sensitive(scopes) -> str:
    present = set(scopes)
    return next((s for s in SCOPE_ORDER if s in present), GENERIC)
