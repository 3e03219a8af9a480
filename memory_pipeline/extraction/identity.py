"""A bare name or a bare "my <relative>" answering who someone is: the answer said with what the question asked.

"What's your brother's name?" - "Tomasz. He's a chef." and "Who is Priya?" - "My boss. She just had surgery."
answer the question with a fragment that means nothing alone: the answer's memory had lost the name ("Nina's
brother is a chef") or kept it bare ("Omar noted: Yusuf."), and "Priya is Nina's boss", the one fact the answer
was given for, was nowhere. As for a bare "yes" (:mod:`.confirmation`), the question closing the other speaker's
turn just before, put to the answerer or to no one, supplies what is missing: the fragment becomes a sentence in
the answerer's voice, "Tomasz is my brother.", "Priya is my boss.", and the rest of the answer follows as said.
The answer is then extracted like any turn ("Tomasz is Nina's brother. Tomasz is a chef"), with the question's
turn beside it in ``memory_sources`` (role ``restated``).

Only these shapes are read, so that nothing is made up:

* "What's <whose> name?" ("his", "her", "your sister's", "Ana's son's", "the baby's"), "What did they call
  her?", "What's he called?" or "Who is your/his/her <someone>?", answered by a name alone, maybe said again in full ("Yusuf. Yusuf Karim Haddad."): "<Name> is
  <whose>". A "his" or "her" is the person the talk was about when the question was asked (:mod:`.referents`),
  where that person has no name yet ("Anjali is Asha's sister."); otherwise it stays as said ("His name is Yusuf
  Karim Haddad.", "Vikram is her husband.").
* "Who is <Name>?" answered by "my/our <relative>" ("My ex-wife.", "my old boss from Siemens."): "<Name> is my
  ex-wife.".

A question that asks anything else ("Who is coming?", "What's the plan?"), an answer that does not open on the
fragment alone ("Anjali, I think", "My god.", "Dunno."), and one to a question put to someone else are read as
said. The word lists are English, like the rest of the extractor's lexicon.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import polars as pl

from memory_pipeline.extraction.confirmation import QUESTION_LEAD, previous_turns
from memory_pipeline.extraction.referents import (
    FEMALE_NOUNS, MALE_NOUNS, NOT_LOWER_CASE_NAMES, PERSON_NOUNS, PRONOUN_GENDER, SHE, HE, Carried,
)
from memory_pipeline.extraction.temporal import MONTHS, WEEKDAYS
from memory_pipeline.grounding import possessive

_NAME_WORD = r"[A-Z][\w'’-]*"
_NAME = rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{0,3}}"
_COPULA = r"(?:'s|[ \t]+is|[ \t]+was)"
# Whose name a question asks: "his", "your brother's", "the baby's", "Ana's son's".
_OWNED = r"[a-z -]{1,30}?'s"
_WHOSE = rf"(?i:his|her|your)|(?i:his|her|your|the)[ \t]+{_OWNED}|{_NAME}'s(?:[ \t]+{_OWNED})?"
# "What's her name?", "what is your brother's name, so I can note it?", "What was his name again?"
_NAME_QUESTION = re.compile(
    rf"(?i:what)(?P<copula>{_COPULA})[ \t]+(?P<whose>{_WHOSE})[ \t]+(?i:name)(?:[ \t]+(?i:again))?(?:[ \t]*,[^?]*)?"
)
# "Who is your boss?", "who's her husband?"
_SOMEONE_QUESTION = re.compile(
    rf"(?i:who)(?P<copula>{_COPULA})[ \t]+(?P<whose>(?i:his|her|your)[ \t]+[a-z -]{{1,30}}?)(?:[ \t]+(?i:again))?"
)
# "What did they call her?", "what have you named him?", "What's he called?": the name of a "him" or a "her"
_CALLED_QUESTION = re.compile(
    r"(?i:what)(?:[ \t]+(?i:did|do|have|will)[ \t]+(?i:they|you|u|we|she|he)[ \t]+(?i:call|name|called|named)"
    r"[ \t]+(?P<object>(?i:him|her))|(?:'s|[ \t]+is)[ \t]+(?P<subject>(?i:he|she))[ \t]+(?i:called))"
)
# "Who is Hana?", "And who's Marek again?"
_WHO_IS_QUESTION = re.compile(rf"(?i:who)(?P<copula>{_COPULA})[ \t]+(?P<name>{_NAME})(?:[ \t]+(?i:again))?")
# The end of a fragment the answer opens on: a sentence's end or the turn's.
_FRAGMENT_END = r"[ \t]*(?:[.!…]+(?:\s+|$)|$)"
_NAME_ANSWER = re.compile(rf"[ \t]*(?P<name>{_NAME}){_FRAGMENT_END}")
_RELATIVE_ANSWER = re.compile(
    rf"[ \t]*(?P<relative>(?i:my|our)[ \t]+[a-z'’ -]{{1,40}}?(?:[ \t]+(?:from|at)[ \t]+[\w ]{{1,30}}?)?){_FRAGMENT_END}"
)
# Capitalised one-word answers that say no name ("Dunno.", "Nobody.") or a day, not someone.
NOT_A_NAME = frozenset(
    "dunno unsure nobody noone nothing none undecided unknown secret forgot whatever same neither both "
    "wait pass sorry hmm maybe why what who where when which idk nope yep yes no ok okay sure exactly".split()
) | frozenset(WEEKDAYS) | frozenset(MONTHS)
# What a relative's noun may open on: "my ex-wife", "my stepdad", "my great-aunt" are a wife, a dad, an aunt.
_KIN_PREFIX = re.compile(r"^(?:ex-?|step-?|great-?|grand-?)")


@dataclass(frozen=True)
class NamedAnswer:
    """An answer said with what it answers (``text``), the question's turn, and the person the rewritten answer
    opens on by name, whom its later "he" or "she" mean (None where it opens on "his name"/"her name")."""

    question_turn_id: str
    text: str
    person: Carried | None


@dataclass(frozen=True)
class Asked:
    """What an identity question asks: the name of ``whose`` ("his", "your brother's"), or, with ``name`` set,
    who that named person is; ``copula`` ("is", "was") keeps the question's tense."""

    copula: str
    whose: str | None = None
    name: str | None = None


def _last_sentence(text: str) -> tuple[int, str]:
    """Where the last sentence of ``text`` starts, and the sentence."""
    starts = [0, *(m.end() for m in re.finditer(r"[.!?]+\s+", text.rstrip()))]
    return starts[-1], text[starts[-1]:].strip()


def asked_who(text: str) -> Asked | None:
    """The identity question that closes ``text`` ("Nice! What's your brother's name?"), None when it closes on
    none."""
    _, last = _last_sentence(" ".join((text or "").replace("’", "'").split()))
    if not last.endswith("?"):
        return None
    asked = QUESTION_LEAD.sub("", last).rstrip("?!").strip()
    recalled = asked.lower().endswith(" again")
    for pattern in (_NAME_QUESTION, _SOMEONE_QUESTION):
        match = pattern.fullmatch(asked)
        if match is None or match["whose"].lower() == "your":  # "What's your name?": the answerer's own
            continue
        # "Who is your daughter dating?" asks of someone else, not who the daughter is
        if pattern is _SOMEONE_QUESTION and match["whose"].split()[-1].lower() not in PERSON_NOUNS:
            continue
        return Asked(_copula(match["copula"], recalled), whose=match["whose"])
    match = _CALLED_QUESTION.fullmatch(asked)
    if match:
        pronoun = (match["object"] or match["subject"]).lower()
        return Asked("is", whose="his" if pronoun in ("him", "he") else "her")
    match = _WHO_IS_QUESTION.fullmatch(asked)
    if match and _a_name(match["name"]):
        return Asked(_copula(match["copula"], recalled), name=match["name"])
    return None


def _copula(said: str, recalled: bool) -> str:
    """The question's tense, but the present for one that asks to be reminded ("What was your brother's name
    again?" asks of a brother who is, not one who was)."""
    return "was" if said.strip() == "was" and not recalled else "is"


def _a_name(words: str) -> bool:
    """Capitalised words none of which is a word of chat, a function word or an answer that gives no name."""
    return not any(w.lower().strip("'’") in NOT_LOWER_CASE_NAMES | NOT_A_NAME for w in words.split())


def name_given(answer: str) -> tuple[str, int] | None:
    """The name ``answer`` opens on alone, in full where the next sentence says it again at more length
    ("Yusuf. Yusuf Karim Haddad."), and where the rest of the answer starts; None when it opens on anything else."""
    match = _NAME_ANSWER.match(answer)
    if match is None or not _a_name(match["name"]):
        return None
    name, end = match["name"], match.end()
    fuller = _NAME_ANSWER.match(answer, end)
    if fuller and fuller["name"].startswith(name + " ") and _a_name(fuller["name"]):
        name, end = fuller["name"], fuller.end()
    return name, end


def relative_given(answer: str) -> tuple[str, int] | None:
    """The "my/our <relative>" ``answer`` opens on alone ("My ex-wife.", "my old boss from Siemens"), with where
    the rest of the answer starts; None when its noun is no person's ("My god.", "My bad, she's ...")."""
    match = _RELATIVE_ANSWER.match(answer)
    if match is None:
        return None
    said = re.split(r"\s+(?:from|at)\s+", match["relative"], maxsplit=1)[0].split()
    nouns = [_KIN_PREFIX.sub("", word.lower()).split("'")[0].split("’")[0] for word in said[1:]]
    if len(nouns) > 4 or not any(noun in PERSON_NOUNS for noun in nouns[-2:]):
        return None
    return match["relative"][:1].lower() + match["relative"][1:], match.end()


def whose_said(whose: str, referent: Carried | None) -> str:
    """Whose name was asked, in the answerer's words: "your brother's" is "my brother", a "his" or "her" the
    person the asker meant where they have no name yet ("Asha's sister"), else as said."""
    words = re.sub(r"['’]s?$", "", whose.strip()).split()
    owner, rest = words[0].lower(), words[1:]
    if owner == "your":
        return " ".join(["my", *rest])
    if owner in ("his", "her") and referent is not None and not referent.named:
        return f"{possessive(referent.referent)} {' '.join(rest)}" if rest else referent.referent
    return " ".join([owner if owner in ("his", "her", "the") else words[0], *rest])


def answered(asked: Asked, answer: str, referent: Carried | None) -> tuple[str, str | None] | None:
    """``answer`` with the fragment it opens on said as the sentence it answers ("Tomasz. He's a chef." ->
    "Tomasz is my brother. He's a chef."), and the name it then opens on; None when it does not open on the
    fragment the question wants."""
    given = relative_given(answer) if asked.name else name_given(answer)
    if given is None:
        return None
    fragment, end = given
    rest = answer[end:].strip()
    if asked.name:
        statement, name = f"{asked.name} {asked.copula} {fragment}", asked.name
    elif (whose := whose_said(asked.whose, referent)) in ("his", "her"):
        statement, name = f"{whose} name {asked.copula} {fragment}", None
    else:
        statement, name = f"{fragment} {asked.copula} {whose}", fragment
    return f"{statement}. {rest}".strip(), name and _told_of(name, _gender(asked, fragment), rest)


def _gender(asked: Asked, relative: str) -> str | None:
    """The gender the question or the relative gave the person ("his", "your brother's", "my ex-wife")."""
    words = [_KIN_PREFIX.sub("", re.sub(r"['’]s$", "", w.lower())) for w in re.findall(r"[\w'’-]+", asked.whose or relative)]
    genders = {PRONOUN_GENDER.get(w) or (HE if w in MALE_NOUNS else SHE if w in FEMALE_NOUNS else None) for w in words}
    known = genders - {None}
    return next(iter(known)) if len(known) == 1 else None


def _told_of(name: str, gender: str | None, rest: str) -> str | None:
    """``name`` where every "he/she/his/her" of the rest of the answer is of one gender, the person's where known
    ("Tomasz. He's a chef, so he's picky."); None where they may be two people ("Anjali. He proposed ...")."""
    said = {PRONOUN_GENDER[w.lower()] for w in re.findall(r"[A-Za-z]+", rest) if w.lower() in PRONOUN_GENDER}
    return name if said and len(said | ({gender} if gender else set())) == 1 else None


def named_answers(
    turns: pl.DataFrame,
    answers: pl.DataFrame,
    addressees: Mapping[str, str | None],
    carried: Mapping[str, Carried],
) -> dict[str, NamedAnswer]:
    """The answer said with what it answers (:func:`answered`) for every admitted turn among ``answers`` that
    answers the other speaker's identity question just before it, by the answer's turn_id. ``addressees``: whom
    each turn's "you" means (a question put to someone else is not the answerer's to answer); ``carried``: whom
    each turn's "he/she/his/her" mean (:mod:`.referents`), read for the question's "his" or "her"."""
    before = previous_turns(turns)
    out: dict[str, NamedAnswer] = {}
    for turn_id, speaker, text in answers.select("turn_id", "speaker", "text").rows():
        question = before.get(turn_id)
        if question is None or question[1] == speaker or addressees.get(question[0]) not in (None, speaker):
            continue
        asked = asked_who(question[2])
        if asked is None or asked.name == speaker:
            continue
        said = answered(asked, text or "", _meant(carried.get(question[0]), question[2]))
        if said:
            out[turn_id] = NamedAnswer(question[0], said[0], said[1] and Carried(said[1], True, None))
    return out


def _meant(referent: Carried | None, question: str) -> Carried | None:
    """The person a "his" or "her" of the question's last sentence stands for, where the question turn carries
    one that far (its own first mention of someone ends it)."""
    if referent is None:
        return None
    start, _ = _last_sentence(question)
    return referent if referent.until_char is None or referent.until_char > start else None
