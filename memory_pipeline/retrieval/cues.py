"""What a question asks about besides its words: time, people, feelings; and whether it asks about history.

The cue score c(q, m) of seed 002 (Eq. 8) matches these cues against a memory's anchors: its event time,
its speaker and the names it mentions (an FTA unit's participants too), and its affect (an FTA unit's
emotion/state, or feeling words in its text). It is the mean over the cue kinds the question has, so a
question without cues scores every memory 0 and ranking falls back to the cosine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from memory_pipeline.analysis.cues import MONTHS
from memory_pipeline.extraction.lexicon import EMOTION_TABLE

MONTH_NUMBERS = {
    name: number
    for number, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
         ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"),
         ("november", "nov"), ("december", "dec")],
        start=1,
    )
    for name in names
}
TIME_QUESTION = re.compile(
    r"\b(when|what (?:date|day|time|year|month)|how long|how many (?:days|weeks|months|years)|since|until|"
    r"before|after|ago|last (?:week|month|year|weekend)|next (?:week|month|year)|yesterday|tomorrow)\b",
    re.IGNORECASE,
)
# Seed 000 A.4: questions about time or change may also see superseded memories.
HISTORY_QUESTION = re.compile(
    r"\b(when|previously|used to|how long|currently|changed?|changes|before|anymore|any more|still|former(?:ly)?|"
    r"originally|at first|no longer|earlier|at the time|back then|now|since|switch(?:ed)?|moved?)\b",
    re.IGNORECASE,
)
# Of those, the questions about the present state ("Where does she live now?"): what is current answers them, and
# what it replaced is history to show after it, not before.
PRESENT_QUESTION = re.compile(r"\b(now|currently|still|anymore|any more|no longer|these days|at the moment)\b", re.IGNORECASE)
AFFECT_WORDS = frozenset(
    "feel feels felt feeling feelings emotion emotional happy happiness sad sadness angry anger upset excited "
    "excitement nervous anxious anxiety worried worry proud pride grateful gratitude stressed stress lonely "
    "loneliness scared afraid fear love loved hate enjoy enjoyed frustrated frustration disappointed relieved "
    "hopeful thrilled glad depressed overwhelmed motivated inspired calm content joy joyful hurt miss missed "
    "heartbroken ashamed embarrassed jealous confident insecure comforted resentful resent devastated furious "
    "fuming livid mad annoyed irritated bitter terrified frightened dreading dread gutted guilty regret regrets "
    "regretted relief shocked surprised disgusted homesick exhausted bored miserable unhappy delighted elated "
    "ecstatic panicked panic grief grieving tense uneasy".split()
)
# Question words that ask of any feeling ("How does Tom feel about the flat?"); any other asks of one kind of
# feeling ("Who is resentful?"), which a memory of joy does not answer
ANY_FEELING = frozenset("feel feels felt feeling feelings emotion emotional".split())
# Everyday words of feeling bad or good, answered by any bad or good feeling (and by a memory only "negative" or
# "positive"); a marked word ("resentful", "proud") only by its own kind
EVERYDAY_BAD = frozenset("upset worried worry stressed stress sad unhappy anxious down low".split())
EVERYDAY_GOOD = frozenset("happy glad pleased good".split())
BAD_FEELINGS = frozenset({"sadness", "fear", "anger", "disgust", "negative"})
GOOD_FEELINGS = frozenset({"joy", "positive"})
QUESTION_WORDS = frozenset("what when where who whom whose why how which did does do is are was were has have can could would will should".split())
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
YEAR = re.compile(r"\b(19\d\d|20\d\d)\b")


@dataclass(frozen=True)
class QuestionCues:
    asks_time: bool
    months: frozenset[int]
    years: frozenset[int]
    people: frozenset[str]  # lower-cased names
    affect: frozenset[str]
    history: bool
    present: bool = False  # asks about the present state (a history question too)


# An agent's way of naming the one it talks for ("what is the user's diet?", "where does the user live now?")
THE_USER = re.compile(r"\bthe\s+user\b(?!\s+(?:interface|name|id|account|agent|guide|manual)\b)", re.IGNORECASE)


def naming_the_user(question: str, speakers: Iterable[str]) -> str:
    """``question`` with "the user" written as the name of the one speaker whose memories the store holds (an
    assistant's chat: only the user's turns make memories): the memories say "Tom is vegetarian", and a question
    about "the user" had matched them too weakly to pass the packet's threshold. With several speakers (two
    friends) "the user" names no one in particular and stays."""
    named = {speaker for speaker in speakers if speaker}
    if len(named) != 1:
        return question
    return THE_USER.sub(named.pop(), question)


def question_cues(question: str) -> QuestionCues:
    words = WORD.findall(question)
    lower = [w.lower().strip("'’") for w in words]
    months = frozenset(MONTH_NUMBERS[w] for w, raw in zip(lower, words) if w in MONTH_NUMBERS and (w != "may" or raw == "May"))
    people = frozenset(
        w.lower().removesuffix("'s").removesuffix("’s")
        for n, w in enumerate(words)
        if w[0].isupper() and w.lower() not in QUESTION_WORDS and w.lower() not in MONTHS and (n > 0 or len(words) == 1)
    )
    return QuestionCues(
        asks_time=bool(TIME_QUESTION.search(question)),
        months=months,
        years=frozenset(int(y) for y in YEAR.findall(question)),
        people=people,
        affect=frozenset(w for w in lower if w in AFFECT_WORDS),
        history=bool(HISTORY_QUESTION.search(question)),
        present=bool(PRESENT_QUESTION.search(question)),
    )


@dataclass(frozen=True)
class MemoryAnchors:
    """What the cue score reads from a memory."""

    explicit_time: bool
    event_start: datetime | None
    people: frozenset[str]
    affect: frozenset[str]


def memory_anchors(row: dict) -> MemoryAnchors:
    text = row.get("text") or ""
    words = {w.lower() for w in WORD.findall(text)}
    people = {w.lower() for w in WORD.findall(text) if w[0].isupper()}
    for field in ("speaker", "participants"):
        value = row.get(field) or ""
        people.update(part.lower() for part in WORD.findall(value))
    affect = words & AFFECT_WORDS
    state = (row.get("emotion_or_state") or "").lower()
    if state and state != "unknown":
        affect |= {w for w in WORD.findall(state)} or {state}
    explicit = row.get("event_start") is not None and row.get("event_time_basis") == "expression"
    return MemoryAnchors(explicit, row.get("event_start") if explicit else None, frozenset(people), frozenset(affect))


def without_shared_names(cues: QuestionCues, speakers: Iterable[str]) -> QuestionCues:
    """The cues less the name of a store's only speaker: every memory is theirs, so the name tells none apart, and
    as a cue it had let every memory of theirs past the packet's threshold ("yes that's right" for "where does Tom
    live?")."""
    speakers = {speaker for speaker in speakers if speaker}
    if len(speakers) != 1:
        return cues
    named = {word.lower() for word in WORD.findall(speakers.pop())}
    return replace(cues, people=cues.people - named) if cues.people & named else cues


def cue_score(cues: QuestionCues, anchors: MemoryAnchors) -> float:
    """Mean over the question's cue kinds of whether the memory matches it (0 when the question has none)."""
    scores = []
    if cues.months or cues.years:
        start = anchors.event_start
        scores.append(float(start is not None and (start.month in cues.months or start.year in cues.years)))
    elif cues.asks_time:
        scores.append(float(anchors.explicit_time))
    if cues.people:
        scores.append(float(bool(cues.people & anchors.people)))
    if cues.affect:
        scores.append(float(feels_as_asked(cues.affect, anchors.affect)))
    return sum(scores) / len(scores) if scores else 0.0


def feels_as_asked(asked: frozenset[str], felt: frozenset[str]) -> bool:
    """Whether a memory's feeling words and emotions (``felt``: "anger", "furious") answer the question's feeling
    words (``asked``): any feeling answers "feel"; "resentful" is answered by anger, the word itself, or a feeling
    word the emotion table does not place (kept, as before, from a question's word of no known emotion)."""
    if not felt:
        return False
    for word in asked:
        emotions = set(EMOTION_TABLE.get(word, ()))
        if word in EVERYDAY_BAD:
            emotions |= BAD_FEELINGS  # "Is Priya worried?" is answered by her being upset, or by a bad week
        if word in EVERYDAY_GOOD:
            emotions |= GOOD_FEELINGS
        if word in ANY_FEELING or word in felt or not emotions or emotions & felt:
            return True
    return False
