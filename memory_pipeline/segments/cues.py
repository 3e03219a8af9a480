"""Surface cues of a turn that make a segment boundary before it likelier, or forbid one next to it.

Seed 002 names the boundary cues its LLM detector looks for; these are the ones a rule can see cheaply, without
a parse: a time reference not yet heard in the session (found by the extractor's own temporal finder), a person
or relationship not yet mentioned, a plan or commitment, a correction. Greetings and closings are the other way
round: they never stand alone, so a greeting sticks to what follows and a closing or a bare thanks to what
precedes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memory_pipeline.extraction.temporal import TemporalResolver
from memory_pipeline.parsing import ParsedDoc

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
GREETING = re.compile(
    r"^\W*(?:hi+|hey+|hello|hiya|howdy|greetings|good (?:morning|afternoon|evening|to see you)|"
    r"long time no (?:see|talk)|nice to (?:see|meet|hear from) you|(?:it'?s |so )?(?:great|good|nice) to "
    r"(?:see|hear from|talk to|chat with) you|what'?s up|how (?:are|have) you(?: been| doing)?|how'?s it going|"
    r"how(?:'s| is| has) (?:your|life|everything|things))\b",
    re.IGNORECASE,
)
CLOSING = re.compile(
    r"\b(?:bye|goodbye|see (?:you|ya)|talk (?:to you )?(?:soon|later)|take care|good ?night|catch you later|ttyl|"
    r"have a (?:good|great|nice|wonderful|lovely|fun) (?:one|day|night|evening|weekend|time))\b",
    re.IGNORECASE,
)
ACKNOWLEDGEMENT = re.compile(
    r"^\W*(?:thanks|thank you|thx|ok(?:ay)?|sure|yes|yeah|yep|yup|cool|great|nice|awesome|wow|lol|haha|"
    r"you too|me too|same here|definitely|absolutely|sounds (?:good|great|fun)|glad|congrat\w*|agreed|totally|"
    r"exactly|no problem|no worries|of course|good (?:luck|idea)|that'?s (?:great|awesome|cool|nice|amazing|"
    r"wonderful|so cool|true))\b",
    re.IGNORECASE,
)
RELATION = re.compile(
    r"\b(?:my|our|his|her|their|your)\s+(?:\w+\s+)?(mom|mother|dad|father|parents?|sister|brother|siblings?|wife|"
    r"husband|partner|spouse|boyfriend|girlfriend|fianc[ée]e?|son|daughter|kids?|children|child|baby|cousin|aunt|"
    r"uncle|grand(?:ma|pa|mother|father|parents?|kids?|son|daughter)|niece|nephew|friends?|bff|roommate|"
    r"neighbou?r|boss|co-?workers?|colleagues?|classmates?|teacher|coach|therapist|mentor|family|in-laws?)\b",
    re.IGNORECASE,
)
INTRODUCED_NAME = re.compile(r"\b(?:named|called|name is|met|meet)\s+([A-Z][a-z]+)")
PLAN = re.compile(
    r"\b(?:i|we)\s*(?:'ll|will|am going to|'m going to|are going to|'re going to|'m gonna|am gonna|plan to|"
    r"'m planning|am planning|'re planning|intend to|promise|(?:have |'ve )?decided to)\b|\blet'?s\b|"
    r"\b(?:my|our) (?:plan|goal)\b|\bhomework\b|\bsign(?:ed)? up for\b",
    re.IGNORECASE,
)
CORRECTION = re.compile(
    r"^\W*(?:actually|no,|nope|wait|correction)\b|\b(?:i meant|i misspoke|i was wrong|that'?s not (?:true|right|"
    r"what i (?:said|meant))|not exactly|to correct|i stand corrected|scratch that|i mean,)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class TurnCues:
    """Cues of one turn, ``new_*`` relative to the earlier turns of its session."""

    greeting: bool = False  # a turn of greetings only: sticks to the turn after it
    leans_back: bool = False  # a closing, thanks or acknowledgement only: sticks to the turn before it
    new_time_reference: bool = False
    new_person_or_relationship: bool = False
    plan: bool = False
    correction: bool = False

    @property
    def triggers(self) -> list[str]:
        """Boundary triggers this turn would open a segment with, strongest first."""
        named = (
            ("correction_or_contradiction", self.correction),
            ("homework_or_plan_creation", self.plan),
            ("new_person_or_relationship", self.new_person_or_relationship),
            ("new_time_reference", self.new_time_reference),
        )
        return [trigger for trigger, present in named if present]


def session_cues(texts: Sequence[str], resolver: TemporalResolver, phatic_max_words: int) -> list[TurnCues]:
    """The cues of every turn of one session, in order."""
    seen_times: set[str] = set()
    seen_people: set[str] = set()
    cues = []
    for text in texts:
        times = set(time_references(text, resolver))
        people = set(people_mentioned(text))
        greeting, leans_back = phatic_kind(text, phatic_max_words)
        cues.append(
            TurnCues(
                greeting=greeting,
                leans_back=leans_back,
                new_time_reference=bool(times - seen_times),
                new_person_or_relationship=bool(people - seen_people),
                plan=bool(PLAN.search(text)),
                correction=bool(CORRECTION.search(text)),
            )
        )
        seen_times |= times
        seen_people |= people
    return cues


def time_references(text: str, resolver: TemporalResolver) -> list[str]:
    """Normalised temporal expressions of ``text`` that anchor a time (the extractor's finder, without a parse)."""
    doc = ParsedDoc(text=text, tokens=(), arcs=(), entities=(), sentences=(), roots=())
    return [" ".join(text[start:end].lower().split()) for start, end in resolver.find(doc)]


def people_mentioned(text: str) -> list[str]:
    """Relationship words ("my sister") and introduced names ("a friend named Jo"), normalised."""
    relations = [match.group(1).lower().rstrip("s") for match in RELATION.finditer(text)]
    return relations + [match.group(1).lower() for match in INTRODUCED_NAME.finditer(text)]


def phatic_kind(text: str, max_words: int) -> tuple[bool, bool]:
    """``(greeting, leans_back)``: whether every sentence is a short greeting / closing-or-acknowledgement."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s]
    if not sentences or any(len(s.split()) > max_words for s in sentences):
        return False, False
    kinds = [_phatic_sentence(s) for s in sentences]
    if any(kind is None for kind in kinds):
        return False, False
    if kinds[0] == "greeting":
        return True, False
    return False, True


def _phatic_sentence(sentence: str) -> str | None:
    if GREETING.search(sentence):
        return "greeting"
    if CLOSING.search(sentence) or ACKNOWLEDGEMENT.search(sentence):
        return "closing"
    return None
