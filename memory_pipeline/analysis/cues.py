"""Word lists and parse-level cues the link and consolidation rules read from one memory.

Everything here works on the parser's representation (:class:`~memory_pipeline.parsing.ParsedDoc`): lemmas,
part-of-speech tags and dependency labels, so an inflected or paraphrased cue ("called it off", "cancelling",
"we're not going anymore") is found without listing surface forms. The lists are general English, not the
wording of any test conversation.
"""

from __future__ import annotations

import re
from functools import lru_cache
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from memory_pipeline.analysis.clauses import (
    FIRST_PERSON, SELF, SUBJECT_LABELS, THIRD_PERSON, children, heads_up, is_self_token, parent, sentence_asks,
    subject_key, subject_of, subject_token, subtree,
)
from memory_pipeline.extraction.lexicon import (
    ANAPHORA, ARRANGED_EVENT_NOUNS, BOOKED_TIME_NOUNS, CLIPPED_WORDS, EMOTION_TABLE, FAMILY_NOUNS, FORESEEN_FEELINGS,
    PERSONAL_PRONOUNS, REGISTRATION_LEMMAS, TAKEN_PART_IN, a_feeling_word,
)
from memory_pipeline.chat_spelling import CHAT_INTERJECTIONS
from memory_pipeline.extraction.referents import PERSON_NOUNS
from memory_pipeline.parsing import ParsedDoc

# How FTA units may name the person whose memory it is.
SELF_WORDS = frozenset({"user", "the user", "speaker"})
NEGATIONS = frozenset({"not", "n't", "never", "no", "nobody", "nothing", "neither", "nor"})

MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
TIME_WORDS = (
    MONTHS
    | WEEKDAYS
    | frozenset(
        "today tonight yesterday tomorrow week weekend month year day days night morning afternoon evening "
        "last next ago now soon later earlier recently currently time times hour minute moment season "
        "spring summer autumn fall winter christmas beginning middle end".split()
    )
)
# A day of the month ("the 26th"), which the tagger calls a noun: a date, not a thing the event is about.
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")
# Verbs that carry little of what an event is about; two memories sharing only these share no event.
LIGHT_VERBS = frozenset(
    "be have do get go make take say tell think feel want plan will would can could shall should may might must "
    "let start begin keep try need seem look know see come give put use mean hope like love happen occur".split()
)
# Verbs of the mind: what they do to "it" is no deed done to a thing ("I won't forget that", "I'll remember it").
MIND_VERBS = frozenset({"forget", "remember", "enjoy", "miss", "believe", "imagine", "appreciate", "understand"})
STOP_WORDS = frozenset(
    "a an the this that these those and or but so of in on at to for with from by about as into onto over "
    "very really just also too quite pretty much many more most some any all both each every other such "
    "own same lot lots thing things something anything everything stuff way kind sort bit one ones".split()
)

# Plans and intentions: a lemma that makes its clause future-directed, or the lemma pair of a phrase.
PLAN_LEMMAS = frozenset({"plan", "intend", "hope", "aim", "schedule", "arrange", "prepare", "decide", "resolve"})
# Plan lemmas whose past tense still holds: a decision taken stands ("I've decided to move", "we decided to sell
# the car in May"), where "planned to" or "hoped to" tell of an intention given up or overtaken.
DECISION_LEMMAS = frozenset({"decide", "resolve"})
NOUN_PLANS = frozenset({"plan", "schedule", "arrange", "prepare"})  # "planning a trip", "arranging a party"
PLAN_PHRASES = (("go", "to"), ("want", "to"), ("look", "forward"), ("think", "about"), ("think", "of"), ("about", "to"))
MODAL_FUTURE = frozenset({"will", "shall", "'ll", "gonna"})

# A plan called off or postponed with no new date: lemma, or (verb lemma, particle or object lemma).
CANCEL_LEMMAS = frozenset({"cancel", "scrap", "abandon", "postpone", "shelve", "ditch", "skip", "axe"})
CANCEL_PHRASES = (("call", "off"), ("give", "up"), ("decide", "against"), ("put", "hold"), ("pull", "out"),
                  ("back", "out"), ("drop", "out"), ("fall", "through"), ("decide", "not"), ("change", "mind"))
# A negated future or present plan that ends it ("not going anymore", "won't go after all").
CANCEL_ADVERBS = frozenset({"anymore", "longer", "after all"})
# Verbs of an event coming about (lemma, particle): negated, the event did not take place ("Skye didn't happen", "I
# never ended up running the half marathon").
# "Never got round to painting it", "didn't get to go": the chance for it never came.
CAME_ABOUT = frozenset({("happen", ""), ("occur", ""), ("end", "up"), ("get", "round"), ("get", "around"), ("get", "to")})
# Verbs whose subject is the event itself, not its doer: "the trip is off", "Skye didn't happen", "the flat fell
# through".
EVENT_SUBJECT_VERBS = frozenset({"be", "happen", "occur", "fall"})
# Denial of what was said: a negation governed by one of these.
DENIAL_HEADS = frozenset({"say", "mean", "plan", "intend", "true", "right", "correct"})
# Explicit corrections of an earlier statement, as lemma sequences.
CORRECTION_PHRASES = (
    ("actually",), ("correction",), ("i", "mean"), ("turn", "out"), ("instead",), ("rather",),
    ("reschedule",), ("push", "back"), ("bring", "forward"), ("postpone", "to"), ("postpone", "until"),
    ("wrong",), ("mistake",),
)
# Words that take up a question or an offer: "actually" before one is a change of heart about the offer ("Actually
# yes, could you take me to the assessment?"), not a correction of an earlier statement. Not "no": "actually no, the
# party is on Saturday" corrects.
ASSENT_WORDS = frozenset({"yes", "yeah", "yep", "yup", "sure", "ok", "okay"})
# Verbs that, in the passive, say an arranged event was changed ("got moved to Friday", "was changed to 5pm"), and
# that move one to a date they name ("I swapped my soup day to the 20th").
CHANGED_EVENT_VERBS = frozenset({"move", "change", "shift", "switch", "swap", "push", "bring", "delay", "defer"})
RESCHEDULE_LEMMAS = frozenset({"postpone", "reschedule", "rebook"})
# Nouns of the day an event is set for: "new" before one gives the event's new day in a clause of its own ("the
# workshop got postponed, new date is March 19", "the new deadline is Friday").
DAY_SET_NOUNS = frozenset({"date", "deadline", "day"})
# Verbs whose subject is an event that will not be on its day: "Atlas slipped, new date is October 21", "the
# rebrand is slipping to July".
SLIP_LEMMAS = frozenset({"slip", "slide"})
# Verbs that call an event off, which only move it when the memory gives its new day: "they cancelled the derm
# appointment, new date is 2nd September", "the dentist had to cancel, rebooked for the 20th".
CALLED_OFF_FOR_NOW = frozenset({"cancel", "postpone"})
# A report that something was done.
COMPLETION_LEMMAS = frozenset({"finish", "complete", "manage", "attend", "accomplish", "achieve", "return", "win"})


@dataclass(frozen=True)
class Cue:
    """A cue found in a text: its kind, the verbatim span that shows it, and the token it hangs on."""

    kind: str
    span: str
    at: int = 0
    word: int | None = None  # the cue's own word where it is not ``at`` ("after all" on "moving"): ``at`` is the event


# People named by how they relate to the speaker: nouns to the tagger, people all the same.
RELATIVES = FAMILY_NOUNS | frozenset(
    "sibling granny son daughter friend boss roommate neighbor neighbour colleague coworker".split()
)


@dataclass(frozen=True)
class Event:
    """What one clause is about: its content lemmas and, among them, the things (nouns and non-person names)."""

    words: frozenset[str] = frozenset()
    nouns: frozenset[str] = frozenset()
    # who did it, for a reported deed: SELF for the speaker ("I finished the course"), a person's name ("Jess
    # started the course", said by Kai), or "" when a thing is the subject ("the trip was fun"); for an arranged
    # event, who it is for ("Tom is going to the doctor": tom), "" when no one is said
    doer: str = ""
    # the names set before one of its nouns that say which of its kind it is ("the Focus viewing", "the Japan
    # trip"), as event stems: a clause that calls off the Focus viewing is not about a viewing of a Golf
    specifiers: frozenset[str] = frozenset()
    # the common nouns set before an arranged event's noun to say which kind it is, with that noun, as event stems
    # ("the eye test": ("eye", "test")): an eye test is not the blood test
    kinds: frozenset[tuple[str, str]] = frozenset()
    # (verb stem, particle) of its verbs that carry a particle of direction ("moving out": ("mov", "out")): moving
    # in is not moving out, though both are "move"
    directions: frozenset[tuple[str, str]] = frozenset()
    # the lemmas of its verbs, light ones too ("kept the machine": keep), and the verb a particle makes of one ("took
    # it back": return): what was done to its things, which its words alone may not say
    verbs: frozenset[str] = frozenset()

    @staticmethod
    def joined(events: Iterable[Event]) -> Event:
        """One event of several clauses: their words, things, specifiers, kinds and directions together (a doer is
        one clause's own)."""
        events = list(events)
        return Event(
            frozenset().union(*(e.words for e in events)),
            frozenset().union(*(e.nouns for e in events)),
            specifiers=frozenset().union(*(e.specifiers for e in events)),
            kinds=frozenset().union(*(e.kinds for e in events)),
            directions=frozenset().union(*(e.directions for e in events)),
            verbs=frozenset().union(*(e.verbs for e in events)),
        )

    def goes_the_other_way(self, other: Event) -> bool:
        """The two say one verb with opposite particles: "I'm moving out on the 31st" and "when I moved in, in 2023",
        "check in" and "check out", "log on" and "log off" are two acts, not one."""
        return bool(self._reversed_verbs(other))

    def _reversed_verbs(self, other: Event) -> frozenset[str]:
        return frozenset(verb for verb, particle in self.directions for their_verb, theirs in other.directions
                         if verb == their_verb and OPPOSITE_PARTICLES.get(particle) == theirs)

    def only_reversed(self, other: Event) -> bool:
        """The two share nothing but one verb said with opposite particles, and the things it is done to or at:
        "moving out of the flat" and "when we moved in" (the flat) are two acts; "log on early to finish the
        report" and "logged off at 6, report finished" share the finishing too, one piece of work."""
        reversed_verbs = self._reversed_verbs(other)
        if not reversed_verbs:
            return False
        shared = event_stems(self.words) & event_stems(other.words)
        return not shared - reversed_verbs - event_stems(self.nouns | other.nouns)

    def overlap(self, other: Event) -> float:
        """Share of the smaller clause's words the two share; 0 unless they share a thing, which one of them may
        name with a verb ("planning to hike Mount Rainier" and "did the hike"). A relative shared alone is no
        thing ("I'll do Mom's side of the invitations" and "Mom told me it was the right size"), as two memories
        that both name Tom are not one event; with more in common it is ("visit my grandma", "visited grandma")."""
        if not self.words or not other.words or self.only_reversed(other):
            return 0.0
        mine, theirs = event_stems(self.words), event_stems(other.words)
        shared = mine & theirs
        things = (event_stems(self.nouns) & theirs) | (event_stems(other.nouns) & mine)
        if not things or (things <= RELATIVE_STEMS and not shared - RELATIVE_STEMS):
            return 0.0
        return len(shared) / min(len(mine), len(theirs))


# Endings that make the noun of a verb's event ("renewal", "payment", "booking", "cancellation", "completion").
EVENT_NOUN_SUFFIXES = ("ation", "ion", "ment", "ing", "al")


def event_stem(lemma: str) -> str:
    """The lemma without a derivational ending, a doubled last consonant or a final e, so that a verb and the noun of
    its event compare equal ("move" and "the move", "renew" and "renewal", "cancel" and "cancellation"), as do the two
    lemmas the parser gives one -ing word ("bouldere" as a verb, "bouldering" as a noun). A key to compare by,
    never shown: different words may share one ("personal", "person"), which only two memories' other words decide."""
    for suffix in EVENT_NOUN_SUFFIXES:
        if lemma.endswith(suffix) and len(lemma) - len(suffix) >= 3:
            lemma = lemma[: -len(suffix)]
            break
    if len(lemma) > 3 and lemma[-1] == lemma[-2] and lemma[-1] not in "aeiou":
        lemma = lemma[:-1]
    return lemma[:-1] if len(lemma) > 3 and lemma.endswith("e") else lemma


@lru_cache(maxsize=8192)  # asked for every pair of memories a link or a slot compares
def event_stems(lemmas: frozenset[str]) -> frozenset[str]:
    return frozenset(event_stem(lemma) for lemma in lemmas)


RELATIVE_STEMS = event_stems(RELATIVES)
# Particles of a verb that point opposite ways: "move in" / "move out", "switch on" / "switch off". Not up and
# down: chat goes "up" or "down" to one place alike ("driving down to Cornwall", "drove up to Cornwall").
OPPOSITE_PARTICLES = {"in": "out", "out": "in", "on": "off", "off": "on"}


def find_phrase(doc: ParsedDoc, phrase: tuple[str, ...], gap: int = 2) -> tuple[int, int] | None:
    """Token range of ``phrase`` as lemmas (lower-cased words also match), allowing ``gap`` words between parts."""
    words = doc.forms
    for start, (lemma, lower) in enumerate(words):
        if phrase[0] not in (lemma, lower):
            continue
        position, end = start, start
        for part in phrase[1:]:
            found = next(
                (j for j in range(position + 1, min(len(words), position + 2 + gap)) if part in words[j]), None
            )
            if found is None:
                break
            position = end = found
        else:
            return start, end + 1
    return None


def phrase_cue(doc: ParsedDoc, kind: str, phrases) -> Cue | None:
    for phrase in phrases:
        found = find_phrase(doc, phrase)
        if found is not None:
            return Cue(kind, doc.span_text(*found), found[0])
    return None


def negated_heads(doc: ParsedDoc, through_adverbs: bool = True) -> list[int]:
    """Tokens governing a negation (``neg`` arcs, or a negation word attached as a modifier); a negated adverb
    negates its verb too ("no longer lives": ``no`` hangs on ``longer``, which hangs on ``lives``), unless
    ``through_adverbs`` is off: then only what a negation hangs on itself ("Not yet, I'll do it this week" plans
    what it says, and "not now, but I will go" goes)."""
    heads = []
    for arc in doc.arcs:
        word = doc.tokens[arc.dep].lower
        if _contrast(doc, arc.dep):
            continue
        if arc.label == "neg" or (word in NEGATIONS and arc.label in ("advmod", "det")):
            if doc.tokens[arc.head].pos != "ADV":
                heads.append(arc.head)
            elif through_adverbs:
                heads.append(arc.head)
                heads.extend(parent.head for parent in doc.parents(arc.head))
    return heads


def _contrast(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is the "not" of "X, not Y" ("on Thursdays at 6pm, not Wednesdays", "tired, not sad"): it sets
    aside another value after a comma and negates nothing of the clause, wherever the parse hangs it."""
    if doc.tokens[k].lower != "not" or k == 0 or doc.tokens[k - 1].text != ",":
        return False
    after = doc.tokens[k + 1] if k + 1 < len(doc.tokens) else None
    return after is not None and after.pos not in ("VERB", "AUX", "PART")


def negated_lemmas(doc: ParsedDoc) -> frozenset[str]:
    """Lemmas of the negated predicates; for a negated copula, also its complement ("isn't vegetarian")."""
    out: set[str] = set()
    for head in negated_heads(doc):
        out.add(doc.tokens[head].lemma.lower())
        out.update(doc.tokens[a.dep].lemma.lower() for a in doc.children(head) if a.label in ("acomp", "attr", "dobj", "xcomp"))
    return frozenset(out)


def is_future(doc: ParsedDoc) -> bool:
    """A future-directed statement: a modal future, ``going to``/``plan to``/``want to``, or a plan lemma."""
    for token in doc.tokens:
        if token.lower in MODAL_FUTURE or (token.tag == "MD" and token.lemma.lower() in ("will", "shall")):
            return True
        if token.pos == "VERB" and token.lemma.lower() in PLAN_LEMMAS and not _as_planned(doc, token.i):
            return True
    for phrase in PLAN_PHRASES:
        found = find_phrase(doc, phrase, gap=0)
        if found is not None:
            first = doc.tokens[found[0]]
            # "going to" as a future only in the progressive (is going to run), not "went to the park"
            if phrase == ("go", "to") and first.tag != "VBG":
                continue
            if phrase == ("go", "to") and found[1] < len(doc.tokens) and doc.tokens[found[1]].pos not in ("VERB", "AUX"):
                continue
            return True
    return False


# The words that compare what happened with what was planned: "it was at the bowling like planned", "the party went
# ahead as we planned"
AS_PLANNED_MARKERS = frozenset({"as", "like"})


def _as_planned(doc: ParsedDoc, i: int) -> bool:
    """The plan verb at ``i`` says, in the past, that what happened was what was planned ("like planned", "as we
    arranged"): a report of the plan kept, not a plan."""
    token = doc.tokens[i]
    if token.tag not in ("VBN", "VBD"):
        return False
    before = doc.tokens[i - 1].lower if i > 0 else ""
    return before in AS_PLANNED_MARKERS or any(doc.tokens[k].lower in AS_PLANNED_MARKERS for k in children(doc, i, "mark", "intj"))


def cancel_cues(doc: ParsedDoc) -> Iterator[Cue]:
    """Every sign of a plan called off: cancel/call off/give up/..., a postponement without a new date, a thing said
    to be off, an event that did not come about or will not be, or a negated plan with anymore/no longer/after
    all. One memory may give several ("Skye didn't happen, we cancelled it"), and only some name the event."""
    for token in doc.tokens:
        lemma = token.lemma.lower()
        if lemma in CANCEL_LEMMAS and token.pos in ("VERB", "NOUN", "ADJ"):
            if not (lemma == "postpone" and (_has_new_date(doc, token.i) or _had_in_the_end(doc, token.i))):
                if not (lemma in CALLED_OFF_FOR_NOW and _given_a_new_day(doc, token.i)):
                    yield Cue("cancel", token.text, token.i)
    for found in (phrase_cue(doc, "cancel", CANCEL_PHRASES), _declared_off(doc), _did_not_come_about(doc),
                  _no_such_event_ahead(doc), _not_going(doc), _will_not_take_part(doc)):
        if found is not None:
            yield found
    text = doc.text.lower()
    heads = negated_heads(doc)
    if is_future(doc):
        # a state that ended, said beside a plan of the memory's own, is the plan's reason ("I'm going to buy a new
        # blazer, my old one doesn't fit anymore"); said alone it may well end an arrangement ("I don't need the van
        # anymore", "we don't have the Friday slot anymore")
        heads = [head for head in heads if not _present_state(doc, head)]
    if heads and any(adverb in text for adverb in CANCEL_ADVERBS):
        for adverb in ("anymore", "no longer", "after all"):
            start = text.find(adverb)
            if start >= 0:
                word = next((t.i for t in doc.tokens if t.idx >= start), None)
                yield Cue("cancel", doc.text[start : start + len(adverb)], heads[0], word)
                return


# Verbs of refusing what someone asked for: "my leave got refused", "they rejected my request", "the swap was
# declined", "my holiday was denied", "HR vetoed it"
REFUSING_LEMMAS = frozenset({"refuse", "reject", "decline", "deny", "veto"})


# Adverbs that tell a thing came about after waiting: "she finally had it", "we eventually went".
IN_THE_END_ADVERBS = frozenset({"finally", "eventually"})
# Verbs of having, doing or going to an event: what a delayed event "finally" got is one of these ("finally had it",
# "eventually did it", "we finally went", "played it in the end"); "they eventually split up", "I finally rang them",
# "I eventually withdrew" tell of something else that came after the delay.
EVENT_DONE_VERBS = frozenset({"have", "do", "go", "play", "attend", "hold", "sit"})
# Particles that keep the going the event's own ("we eventually went in", "it finally went ahead"); any other turns
# the verb into another ("gave up", "went off", "had out").
EVENT_REACHED_PARTICLES = frozenset({"in", "ahead", "through"})
# Where a going after a delay goes that is not the event: "the match was postponed, we eventually went home".
GONE_ELSEWHERE = frozenset({"home", "away", "back", "elsewhere"})


def _had_in_the_end(doc: ParsedDoc, postponed: int) -> bool:
    """The sentence that puts the event off goes on to tell it came about in the end: "the op was postponed twice
    but she finally had it on Wednesday", "it got postponed, we eventually went in June". A delay told on the way
    to it done, not a calling off. The verb that says so is one of having, doing or going, with the event as "it" or
    nothing: "I finally had time to breathe", "it finally stopped snowing", "they eventually split up", "I finally
    rang them" tell of something else."""
    sentence = doc.tokens[postponed].sent

    def of_the_event(verb: int) -> bool:
        objects = children(doc, verb, "dobj")
        particles = children(doc, verb, "prt")
        return (doc.tokens[verb].lemma.lower() in EVENT_DONE_VERBS
                and not [k for k in children(doc, verb, "neg", "xcomp", "ccomp") if k != postponed]
                and all(doc.tokens[o].lower == "it" for o in objects)
                and all(doc.tokens[k].lower in EVENT_REACHED_PARTICLES for k in particles)
                and not any(doc.tokens[k].lower in GONE_ELSEWHERE for k in children(doc, verb, "advmod", "npadvmod")))

    return any(token.i > postponed and token.sent == sentence and token.tag == "VBD" and of_the_event(token.i)
               and any(doc.tokens[k].lower in IN_THE_END_ADVERBS for k in children(doc, token.i, "advmod"))
               for token in doc.tokens)


def _present_state(doc: ParsedDoc, head: int) -> bool:
    """The negated ``head`` is a simple present that governs no clause after it: a state or habit that holds no more
    ("my old one doesn't fit anymore", "it no longer works"), not a plan called off. A progressive ("not going
    anymore"), a future or modal ("won't go after all"), a past ("didn't go after all") and a present that governs
    the plan ("don't want to go anymore") are plans."""
    token = doc.tokens[head]
    if token.pos == "ADV":  # "no longer works": the negated adverb's verb says what ended
        up = parent(doc, head)
        return up is not None and doc.tokens[up[0]].pos in ("VERB", "AUX") and _present_state(doc, up[0])
    auxiliaries = [doc.tokens[a] for a in children(doc, head, "aux", "auxpass")]
    if token.tag in ("VBZ", "VBP"):
        present = not auxiliaries
    elif token.tag == "VB":
        present = bool(auxiliaries) and all(a.lemma.lower() == "do" and a.tag in ("VBZ", "VBP") for a in auxiliaries)
    else:
        present = False
    # an English complement follows its verb; a clause before it is one spliced on with a comma ("I'm going to buy
    # a new blazer, my old one doesn't fit anymore" hangs the plan on "fit")
    return present and not [k for k in children(doc, head, "xcomp", "ccomp") if k > head]


def _declared_off(doc: ParsedDoc) -> Cue | None:
    """"The trip is off", "the slideshow's off then": a thing said to be off is called off (the cue sits on the
    copula, whose subject is what was called off). Not a person ("Sofia is off to bed"), not "off to"/"off for"."""
    for arc in doc.arcs:
        if arc.label != "advmod" or doc.tokens[arc.dep].lower != "off" or doc.tokens[arc.head].lemma.lower() != "be":
            continue
        after = doc.tokens[arc.dep + 1].lower if arc.dep + 1 < len(doc.tokens) else ""
        subjects = [a for a in children(doc, arc.head, "nsubj") if is_thing(doc, a)]
        if subjects and after not in ("to", "for"):
            return Cue("cancel", doc.span_text(arc.head, arc.dep + 1), arc.head)
    return None


def _did_not_come_about(doc: ParsedDoc) -> Cue | None:
    """A negated verb of coming about: the event never took place, whatever became of the plan ("Sadly Skye didn't
    happen", "I never ended up running it", "never got round to painting the kitchen", "didn't get to go")."""
    for head in negated_heads(doc):
        token = doc.tokens[head]
        particles = [doc.tokens[p].lower for p in children(doc, head, "prt")]
        # the tagger makes "round" in "got round to" an adverb, and "to go" in "didn't get to go" a complement
        particles += [doc.tokens[p].lower for p in children(doc, head, "advmod") if doc.tokens[p].lower in ("round", "around")]
        particles += ["to" for k in children(doc, head, "xcomp") if any(doc.tokens[a].lower == "to" for a in children(doc, k, "aux"))]
        particles = particles or [""]
        if token.lemma.lower() == "get" and not _a_chance_gone(doc, head):
            continue  # "I haven't got round to it yet", "I don't get to see her often": still ahead, or a habit
        if any((token.lemma.lower(), particle) in CAME_ABOUT for particle in particles):
            return Cue("cancel", doc.span_text(head, head + 1), head)
    return None


def _a_chance_gone(doc: ParsedDoc, head: int) -> bool:
    """A negated "get round to" / "get to" in the simple past ("never got round to painting it", "didn't get to
    go"), with no "yet" or "still": the chance went by. A perfect, "yet" or a present leaves it open."""
    helpers = [doc.tokens[k] for k in children(doc, head, "aux")]
    past = doc.tokens[head].tag == "VBD" or any(h.tag == "VBD" and h.lemma.lower() == "do" for h in helpers)
    perfect = any(h.lemma.lower() == "have" for h in helpers)
    still_open = any(doc.tokens[k].lower in ("yet", "still") for k in children(doc, head, "advmod"))
    return past and not perfect and not still_open


def _not_going(doc: ParsedDoc) -> Cue | None:
    """A negated present progressive of going, the arrangement's own form turned down ("Update on Montreal: I'm not
    going", "we're not going to the wedding"): the trip is off. Not the future "going to <verb>" ("I'm not going to
    lie"), which says nothing of a trip, nor a past ("I wasn't going"), nor things that go ("it's not going well")."""
    for head in negated_heads(doc):
        token = doc.tokens[head]
        if token.lemma.lower() != "go" or token.tag != "VBG" or not _present_be(doc, head):
            continue
        if any(doc.tokens[k].pos in ("VERB", "AUX") for k in children(doc, head, "xcomp")):
            continue
        if all(_someone(doc, k) for k in children(doc, head, "nsubj")):
            return Cue("cancel", doc.span_text(head, head + 1), head)
    return None


# Verbs of taking part in or bringing about an event: negated in the future ("I'm not going to do the Dublin
# marathon", "we won't be hosting Christmas"), the speaker turns the event down. Not make, take or move, whose
# negated futures are idioms or keep the event ("won't make a big deal of it", "won't take no for an answer",
# "won't move the meeting"); "make it to" is read apart.
TAKING_PART_LEMMAS = frozenset("do run go attend join enter race compete travel fly visit host apply start hold throw".split())
# A negated future of taking part in anything but an event (lexicon.TAKEN_PART_IN) or a place is about something
# else ("won't go into the details", "won't start the new job until March").
# The prepositions of what one goes to or takes part in: "to the wedding", "in the race", "at the festival".
TAKING_PART_PREPOSITIONS = frozenset({"to", "in", "at"})


def _will_not_take_part(doc: ParsedDoc) -> Cue | None:
    """A negated future of taking part, said of someone ("I'm not going to do the marathon this year", "we won't be
    hosting the party", "I won't make it to the wedding", "I'm not going to Rome"): the event is off for them. Only
    with an event or a place as what they would have done or gone to, so "I'm not going to lie", "I won't go into
    the details of the wedding" and "I won't start the new job until March" call nothing off; not a condition nor
    what one would bring about ("if I don't get the job I won't move to Oslo")."""
    for head in negated_heads(doc, through_adverbs=False):
        verb = _taking_part_in_future(doc, head)
        if verb is None or _conditional(doc, head) or _conditional(doc, verb) or _put_off_until(doc, verb):
            continue
        subjects = children(doc, head, "nsubj") or children(doc, verb, "nsubj")
        if not subjects or not all(_someone(doc, k) for k in subjects):
            continue
        if _names_what_is_taken_part_in(doc, verb):
            return Cue("cancel", doc.span_text(head, verb + 1), verb)
    return None


def _conditional(doc: ParsedDoc, verb: int) -> bool:
    """The verb's clause is a condition, has one, or hangs on one: "if I don't go", "if I don't get the job I won't
    move"."""
    clauses, up = [verb] + children(doc, verb, "advcl"), parent(doc, verb)
    while up is not None and up[0] not in clauses:  # the parse may hang the clause on the condition's object
        clauses.append(up[0])
        up = parent(doc, up[0])
    return any(marked_by(doc, k, CONDITION_WORDS) for k in clauses)


CONDITION_WORDS = frozenset({"if", "unless"})


def marked_by(doc: ParsedDoc, verb: int, words: frozenset[str]) -> bool:
    """The clause of ``verb`` opens with one of ``words`` ("if I don't go", "once I graduate")."""
    return any(doc.tokens[m].lower in words for m in children(doc, verb, "mark"))


def _put_off_until(doc: ParsedDoc, verb: int) -> bool:
    """"I won't start until Monday": not before a time, which is a later start, not none."""
    return any(doc.tokens[arc.dep].lower in ("until", "till", "til") for arc in doc.children(verb) if arc.label == "prep")


def _taking_part_in_future(doc: ParsedDoc, head: int) -> int | None:
    """The verb of taking part that the negated ``head`` puts in the future: itself with "will"/"'ll"/"gonna" ("won't
    run"), or the verb "going to" governs ("not going to do"), or "going" itself with where it goes ("not going to
    Rome")."""
    token = doc.tokens[head]
    if token.lemma.lower() == "go" and token.tag == "VBG":
        verbs = [k for k in children(doc, head, "xcomp") if doc.tokens[k].pos in ("VERB", "AUX")]
        verb = verbs[0] if verbs else None
    else:
        modal = any(doc.tokens[a].lower in MODAL_FUTURE or doc.tokens[a].lemma.lower() in ("will", "shall")
                    for a in children(doc, head, "aux"))
        verb = head if modal else None
    if verb is None:
        return None
    lemma = doc.tokens[verb].lemma.lower()
    made_it = lemma == "make" and any(doc.tokens[o].lower == "it" for o in children(doc, verb, "dobj"))
    return verb if lemma in TAKING_PART_LEMMAS or made_it else None


def _names_what_is_taken_part_in(doc: ParsedDoc, verb: int) -> bool:
    """The verb's object, or the object of its "to", "in" or "at", is an event (:data:`TAKEN_PART_IN`) or a place
    or event by name ("the Dublin marathon", "to Rome"), not a time."""
    objects = children(doc, verb, "dobj") + [k for arc in doc.children(verb) if arc.label == "prep"
                                             and doc.tokens[arc.dep].lower in TAKING_PART_PREPOSITIONS
                                             for k in children(doc, arc.dep, "pobj")]
    return any(doc.tokens[k].lemma.lower() in TAKEN_PART_IN or (doc.tokens[k].pos == "PROPN" and not _a_time(doc.tokens[k]))
               for k in objects)


def _a_time(token) -> bool:
    """"(in) June", "(on) Monday": a time, which no one takes part in, though the tagger makes it a proper noun."""
    return token.ent in ("DATE", "TIME") or token.lower in WEEKDAYS or token.lower in MONTHS


def _someone(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` names a person: a personal pronoun, or a name the parser took for a person's or for no entity
    (it misses first names it does not know)."""
    token = doc.tokens[k]
    return token.lower in PERSONAL_PRONOUNS or token.ent == "PERSON" or (token.pos == "PROPN" and not token.ent)


def _no_such_event_ahead(doc: ParsedDoc) -> Cue | None:
    """A negated existential in the future: "there isn't going to be a wedding", "there won't be a party". The cue
    sits on the "be", whose complement is what will not take place; a present one ("there's no milk") is no cue."""
    negated = set(negated_heads(doc, through_adverbs=False))
    for token in doc.tokens:
        if token.lemma.lower() != "be" or not children(doc, token.i, "attr"):
            continue
        up = parent(doc, token.i)
        going = up[0] if up and up[1] == "xcomp" and doc.tokens[up[0]].lemma.lower() == "go" else None
        clause = [token.i] + ([going] if going is not None else [])
        existential = any(doc.tokens[e].lower == "there" for head in clause for e in children(doc, head, "expl"))
        modals = [a for a in children(doc, token.i, "aux") if doc.tokens[a].lower in MODAL_FUTURE
                  or doc.tokens[a].lemma.lower() in ("will", "shall")]
        future = going is not None or bool(modals)
        if existential and future and negated & set(clause):
            return Cue("cancel", doc.span_text(min(clause), token.i + 1), token.i)
    return None


ORDINAL_DAY = re.compile(r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)")


def _has_new_date(doc: ParsedDoc, verb: int, named: bool = False) -> bool:
    """The verb says where the event goes: a "to/until/till/for" dependent ("postponed to later"); with ``named``,
    one whose phrase holds a DATE entity or is a day by itself ("moved my appointment to March 12", "to the 16th",
    "to Friday"; not "moved to Denver", which names no date, nor "to the 5th floor")."""
    for arc in doc.children(verb):
        if doc.tokens[arc.dep].lower in ("to", "until", "till", "for"):
            if not named or any(doc.tokens[k].ent == "DATE" for k in subtree(doc, arc.dep)):
                return True
            objects = [a.dep for a in doc.children(arc.dep) if a.label == "pobj"]
            if any(doc.tokens[k].lower in WEEKDAYS or ORDINAL_DAY.fullmatch(doc.tokens[k].lower) for k in objects):
                return True
    return False


def correction_cue(doc: ParsedDoc) -> Cue | None:
    """An explicit correction: a correction word, an arranged event changed in the passive, or an event moved to
    a new date ("postponed the bar exam to next February", "moved my appointment to March 12"; not "moved to
    Denver", which names no date)."""
    found = phrase_cue(doc, "correction", CORRECTION_PHRASES)
    if found is not None and not _assents(doc, found.at) and not _said_in_passing(doc, found.at):
        return found
    new_day = new_day_given(doc)
    if new_day is not None:
        # the verb that moved or called the event off names it ("the workshop got postponed, new date is March 19");
        # without one, the new day's own clause does ("the new date for the launch is May 2")
        moved = next((t.i for t in doc.tokens if t.pos == "VERB" and _moves_off_its_day(t)
                      and _given_a_new_day(doc, t.i)), None)
        if moved is not None or not any(_moves_off_its_day(t) for t in doc.tokens if t.pos == "VERB"):
            at = new_day if moved is None else moved
            return Cue("correction", doc.tokens[at].text, at)
    for token in doc.tokens:
        lemma = token.lemma.lower()
        if lemma in CHANGED_EVENT_VERBS and any(a.label == "auxpass" for a in doc.children(token.i)):
            auxiliaries = [a.dep for a in doc.children(token.i) if a.label == "auxpass"]
            return Cue("correction", doc.span_text(min(auxiliaries + [token.i]), token.i + 1), token.i)
        if _reschedules(token) and token.pos == "VERB" and _has_new_date(doc, token.i, named=True):
            return Cue("correction", token.text, token.i)
        if token.lower == "now" and _now_set_for(doc, token.i):
            return Cue("correction", token.text, token.i)
        if _slipped_to_a_day_now(doc, token):
            return Cue("correction", token.text, token.i)
    return None


# Verbs whose subject is a thing that will be later than it was due: "completion has slipped", "the kitchen is
# delayed two weeks".
LATE_LEMMAS = SLIP_LEMMAS | {"delay"}


def _slipped_to_a_day_now(doc: ParsedDoc, token) -> bool:
    """A thing said to slip or be delayed, whose sentence goes on to the day it is "now" on: "completion has
    slipped, now looking like the 4th of July", "the kitchen is delayed, now mid December". The new day follows
    "now"; a person who slipped ("Zoe slipped on the ice in January, now her knee hurts") moved no event."""
    if token.lemma.lower() not in LATE_LEMMAS or token.pos != "VERB" or sentence_asks(doc, token.i):
        return False
    subject = subject_token(doc, token.i)
    if subject is None or doc.tokens[subject].pos != "NOUN":
        return False
    start, end = doc.sentences[token.sent] if doc.sentences else (0, len(doc.tokens))
    now = next((t.i for t in doc.tokens[token.i + 1 : end] if t.lower == "now"), None)
    day = next((t.i for t in doc.tokens[now + 1 : end] if _a_day(t)), None) if now is not None else None
    # the day is the thing's ("now it's early May"), not that of someone's doings ("my grip slipped, now I train
    # on Mondays")
    return day is not None and not any(
        t.lower not in ("it", "its", "it's", "that", "this") and any(a.label in SUBJECT_LABELS for a in doc.parents(t.i))
        for t in doc.tokens[now + 1 : day])


# Words that a replaced thing follows: "Lisbon instead of Porto", "Croatia rather than Greece"
REPLACED_AFTER = {"of": "instead", "than": "rather"}


@dataclass(frozen=True)
class Replacement:
    """What a memory says was swapped: the things no longer so (``old``: "porto") and what stands in their place
    (``new``: "lisbon"), as lower-case lemmas of names and nouns, and who swapped them (``doer``: SELF for the
    speaker or "we", else the subject's key, "self's sister")."""

    old: frozenset[str] = frozenset()
    new: frozenset[str] = frozenset()
    doer: str = SELF


# What makes a swap a thought, a question or a maybe, not a change made: "we thought about Lisbon instead of Porto",
# "should we do Rome instead?", "maybe next year we'll try Rome instead of Paris"
SWAP_HEDGES = frozenset({"maybe", "might", "could", "should", "would", "perhaps", "think", "thought", "thinking", "consider",
                         "considering", "wonder", "if", "unless", "whether"})
# Verbs whose swaps are a change of what one does or where one goes, not a taste ("eating salad instead of burgers")
SWAPPING_LEMMAS = frozenset({"do", "go", "have", "host", "book", "move", "head", "fly", "drive", "take", "get", "choose",
                             "pick", "switch", "change", "stay", "visit", "hold", "make", "be"})


def replacement(doc: ParsedDoc, names: frozenset[str] = frozenset()) -> Replacement:
    """A thing swapped for another: "we're doing Lisbon instead of Porto", "she's moving to York instead, not
    Leeds", "Croatia rather than Greece". The thing replaced is a name after "instead of" or "rather than", or one
    a "not" denies where it stands for a clause's object ("..., not Leeds"), or a noun so said of a verb of doing,
    going or having ("we're having a roast instead of the barbecue"); what replaces it is the other name of that
    clause. Not a swap asked, thought of or hedged ("should we do Rome instead of Paris?", "we thought about Lisbon
    instead of Porto"), nor one whose replaced thing the memory names again ("... but we're sticking with Porto")."""
    old, new, doer = set(), set(), SELF
    for token in doc.tokens:
        replaced = None
        if token.lower in REPLACED_AFTER and any(
                doc.tokens[k].lower == REPLACED_AFTER[token.lower] for k in (token.i - 1, *(a.dep for a in doc.children(token.i)))
                if 0 <= k < len(doc.tokens)):
            # its object, or the name right after it where the parse made it a conjunct ("Lisbon instead of Porto")
            replaced = next((a.dep for a in doc.children(token.i) if a.label == "pobj"), None) or next(
                (t.i for t in doc.tokens[token.i + 1 : token.i + 4] if t.pos in ("PROPN", "NOUN")), None)
        elif token.lower == "not" and any(a.label == "neg" for a in doc.parents(token.i)):
            head = next(a.head for a in doc.parents(token.i))
            if doc.tokens[head].pos == "PROPN" or doc.tokens[head].pos == "NOUN" and not any(
                    doc.tokens[d.dep].lower in ("every", "any", "all", "much", "many") for d in doc.children(head)):
                replaced = head
        if replaced is None or doc.tokens[replaced].pos not in ("PROPN", "NOUN"):
            continue
        sentence = doc.tokens[replaced].sent
        words = [t for t in doc.tokens if t.sent == sentence]
        lemma = doc.tokens[replaced].lemma.lower()
        verb = _governing_verb(doc, replaced)
        if "?" in doc.text[words[0].idx : words[-1].end + 1] or any(t.lower in SWAP_HEDGES or t.lemma.lower() in SWAP_HEDGES for t in words):
            continue
        if sum(1 for t in doc.tokens if t.lemma.lower() == lemma) > 1:
            continue  # "... instead of Porto but we're sticking with Porto": still Porto
        if doc.tokens[replaced].pos == "NOUN" and (verb is None or doc.tokens[verb].lemma.lower() not in SWAPPING_LEMMAS):
            continue
        old.add(lemma)
        doer = subject_of(doc, verb, names) if verb is not None else SELF
        new.update(t.lemma.lower() for t in words if t.i != replaced and t.pos in ("PROPN", "NOUN")
                   and any(a.label in ("dobj", "pobj", "attr", "appos", "conj") for a in doc.parents(t.i))
                   and t.lemma.lower() not in old)
    return Replacement(frozenset(old), frozenset(new - old), doer)


def _governing_verb(doc: ParsedDoc, i: int) -> int | None:
    """The verb above token ``i`` in its clause."""
    k, seen = i, set()
    while k not in seen:
        seen.add(k)
        up = next(iter(doc.parents(k)), None)
        if up is None:
            return None
        k = up.head
        if doc.tokens[k].pos in ("VERB", "AUX"):
            return k
    return None


def _reschedules(token) -> bool:
    """The token is a verb that moves an event in time ("moved", "postponed", "rebooked": the tagger's lemma of the
    last is "rebooke")."""
    return token.lemma.lower() in CHANGED_EVENT_VERBS | RESCHEDULE_LEMMAS or token.lower.startswith(("rebook", "re-book"))


def _moves_off_its_day(token) -> bool:
    """The token moves an event ("moved", "pushed", "rebooked"), says it slipped, or calls it off ("cancelled")."""
    return _reschedules(token) or token.lemma.lower() in SLIP_LEMMAS | CALLED_OFF_FOR_NOW


def new_day_given(doc: ParsedDoc) -> int | None:
    """Where a memory gives an event a new day in words of their own: "new date is March 19", "the new deadline is
    Friday" (a day said after the noun), or "rebooked for the 20th". Not a new day still to be found ("we need to
    pick a new date") nor a new thing that is no day ("a new date night place")."""
    for token in doc.tokens:
        if token.lower.startswith(("rebook", "re-book")) and token.pos == "VERB" and _has_new_date(doc, token.i, named=True):
            return token.i
    return next((k for k in _new_day_nouns(doc) if any(_a_day(t) for t in doc.tokens[k + 1 :])), None)


def _a_day(token) -> bool:
    """The token is part of a date: a DATE entity, a weekday, a month or a day of the month ("the 20th")."""
    month = token.lower in MONTHS and token.pos not in ("AUX", "VERB")  # "march 19", not "we may"
    return token.ent == "DATE" or month or token.lower in WEEKDAYS or bool(ORDINAL_DAY.fullmatch(token.lower))


def _now_set_for(doc: ParsedDoc, now: int) -> bool:
    """"Our wedding is now on July 12th", "the exam's now in June": an arranged event said to be on a date "now",
    which tells that its date changed as plainly as "moved to" does."""
    up = next(iter(doc.parents(now)), None)
    if up is None or up.label != "advmod" or doc.tokens[up.head].lemma != "be":
        return False
    be = up.head
    subjects = [a.dep for a in doc.children(be) if a.label == "nsubj"]
    dated = [a.dep for a in doc.children(be) if a.label in ("prep", "npadvmod", "attr")
             and any(doc.tokens[k].ent in ("DATE", "TIME") or doc.tokens[k].lower in WEEKDAYS for k in subtree(doc, a.dep))]
    return bool(dated) and any(doc.tokens[k].lemma.lower() in ARRANGED_EVENT_NOUNS for k in subjects)


def _assents(doc: ParsedDoc, i: int) -> bool:
    """The cue word at ``i`` is "actually" before a yes (a comma between them or not): an answer, no correction."""
    if doc.tokens[i].lower != "actually":
        return False
    after = [t for t in doc.tokens[i + 1 : i + 3] if t.pos != "PUNCT"]
    return bool(after) and after[0].lower in ASSENT_WORDS


# Subjects of a clause that sums up what was just said: "so that works out actually", "it was fun actually".
SUMMING_UP_SUBJECTS = frozenset({"that", "this", "it"})
# Words of a clause that says what went before was wrong, a correction however it ends: "that's wrong actually".
WRONG_WORDS = frozenset({"wrong", "incorrect", "mistake", "mistaken", "inaccurate"})


def _said_in_passing(doc: ParsedDoc, i: int) -> bool:
    """The cue word at ``i`` is "actually" ending a clause that sums up what was said before it, with no value of
    its own: "the units arrive on the 14th so that works out actually", "it was quite fun actually" say "as it
    happens", and correct nothing. A clause that gives a value still corrects (:func:`_a_value`): "it's on the 9th
    actually", "it's 3pm actually", "it's in Leeds actually", "it was my sister actually", and so does one that
    says it was wrong ("that's wrong actually")."""
    if doc.tokens[i].lower != "actually":
        return False
    _, end = doc.sentences[doc.tokens[i].sent] if doc.sentences else (0, len(doc.tokens))
    if any(t.pos != "PUNCT" for t in doc.tokens[i + 1 : end]):
        return False
    up = next(iter(doc.parents(i)), None)
    if up is None:
        return False
    # the subject nearest the verb: the parse may hang what went before on it too ("units arriving on the 14th so
    # that works out" has "units" and "that" for subjects of "works")
    subjects = [a.dep for a in doc.children(up.head) if a.label in SUBJECT_LABELS and a.dep < up.head]
    if not subjects or doc.tokens[max(subjects)].lower not in SUMMING_UP_SUBJECTS:
        return False
    said = range(max(subjects) + 1, i)
    return not any(_a_value(doc, k) or doc.tokens[k].lower in WRONG_WORDS for k in said)


def _a_value(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` gives a value a correction may set: a day, a time, a number or a dose ("3pm", "20mg"), a name or
    a place ("Leeds", "Tom"), a relative ("my brother's"), or where or when it is ("at the community centre");
    not a word that only judges ("lovely", "a relief", "works out")."""
    token = doc.tokens[k]
    return (_a_day(token) or (token.ent != "" and token.ent != "ORDINAL") or token.pos in ("NUM", "PROPN") or any(c.isdigit() for c in token.text)
            or token.lemma.lower() in RELATIVES or _where_or_when_it_is(doc, k))


def _where_or_when_it_is(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a preposition of place or time with its object, said of a "be": "it's at the community centre",
    not "it worked out in the end" nor "good for a first go"."""
    up = next(iter(doc.parents(k)), None)
    return (doc.tokens[k].lower in DATING_PREPOSITIONS and bool(children(doc, k, "pobj")) and up is not None
            and doc.tokens[up.head].lemma.lower() == "be")


def denial_cue(doc: ParsedDoc) -> Cue | None:
    """A negation of saying, meaning, planning or being true: the speaker denies an earlier statement."""
    for head in negated_heads(doc):
        token = doc.tokens[head]
        if token.lemma.lower() in DENIAL_HEADS:
            start = min([head] + [a.dep for a in doc.children(head) if a.label in ("neg", "aux", "advmod")])
            return Cue("denial", doc.span_text(start, head + 1), head)
    return None


def is_report(doc: ParsedDoc) -> bool:
    """A statement about something that happened: a past-tense main verb or a completion verb."""
    for token in doc.tokens:
        if token.pos not in ("VERB", "AUX"):
            continue
        if token.lemma.lower() in COMPLETION_LEMMAS:
            return True
        if token.tag == "VBD" and not any(a.label in ("aux",) and doc.tokens[a.dep].tag == "MD" for a in doc.children(token.i)):
            return True
        if token.tag == "VBN" and any(doc.tokens[a.dep].lemma.lower() == "have" for a in doc.children(token.i)):
            return True
    return False


# Verbs whose event a later memory names with a noun: "Hana is getting married in June" and "the wedding was
# beautiful" are one event, so the verb is read as the noun.
EVENT_NOUNS = {"marry": "wedding", "wed": "wedding", "graduate": "graduation", "retire": "retirement",
               "celebrate": "celebration", "propose": "proposal", "compete": "competition", "perform": "performance"}


# The events of a life whose verb names the event itself, whatever it takes: one marries, graduates or retires once
# in a while, while one proposes a four-day week or performs badly in a test.
LIFE_EVENTS = frozenset({"wedding", "graduation", "retirement", "time-off"})  # "time-off": see content_lemma


def content_lemma(doc: ParsedDoc, i: int, names: frozenset[str]) -> str | None:
    """The token's lemma when it carries content (see :func:`content_lemmas`), else None."""
    token = doc.tokens[i]
    lemma = token.lemma.lower()
    if lemma.endswith("s") and lemma[:-1] in WEEKDAYS:
        lemma = lemma[:-1]
    if token.pos not in ("NOUN", "PROPN", "VERB", "ADJ") or not any(c.isalnum() for c in lemma):
        return None
    if lemma == "take" and token.pos == "VERB" and any(doc.tokens[k].lower == "off" for k in children(doc, i, "prt", "advmod")):
        return "time-off"  # "take next week off", "didn't end up taking the week off": time off work is the event
    if lemma in LIGHT_VERBS or lemma in STOP_WORDS or lemma in TIME_WORDS or lemma in names:
        return None
    if token.lower in CHAT_INTERJECTIONS:
        return None  # "btw", "lol" tagged as nouns: shared by two memories, they made one episode of them
    if ORDINAL.fullmatch(lemma):
        return None
    if token.lower in names or token.lower in FIRST_PERSON:
        return None
    if token.pos == "VERB":
        return EVENT_NOUNS.get(lemma, lemma)
    whole = _hyphenated(doc, i)
    if whole is not None and doc.tokens[i - 2].lower in WORD_PREFIXES:
        return whole  # "the pre-op assessment" is no op, "her ex-husband" no husband: the word is the whole
    if i > 0 and doc.tokens[i - 1].lower in PREFIXES_NO_WORD_ALONE:
        return f"{doc.tokens[i - 1].lower}-{token.lower}"  # "the anti inflammatories" are the anti-inflammatories
    # a clipped noun is the word it clips ("the op", "hydro"), unless a compound makes it another word ("photo op");
    # only a noun: "to vet the candidates" is no veterinary
    if lemma in CLIPPED_WORDS and not children(doc, i, "compound"):
        return CLIPPED_WORDS[lemma]
    return lemma


# Prefixes that make, with a hyphen, a word of another thing than the word after them: "pre-op", "post-op", "ex-wife".
WORD_PREFIXES = frozenset({"pre", "post", "ex", "non", "anti"})
# Those of them that are no word alone, so chat that leaves out the hyphen still means the whole word ("started the
# anti inflammatories", "my pre op assessment"); not "post" or "ex" ("the post office", "my ex rang").
PREFIXES_NO_WORD_ALONE = frozenset({"pre", "non", "anti"})


def is_thing(doc: ParsedDoc, i: int) -> bool:
    token = doc.tokens[i]
    return token.pos == "NOUN" or (token.pos == "PROPN" and token.ent != "PERSON")


# Particles the parser may hang on a verb as a preposition and still mean the direction ("checked out of the
# hotel"); "in" and "on" so hung are places and times ("moved in 2023", "checked on the baby").
DIRECTION_PREPOSITIONS = frozenset({"out", "off", "up", "down"})


def _particles_of_direction(doc: ParsedDoc, verb: int) -> list[str]:
    """The particles of direction of ``verb`` ("moving out", "checked out of", "switch it off")."""
    found = [doc.tokens[k].lower for k in children(doc, verb, "prt")]
    found += [doc.tokens[k].lower for k in children(doc, verb, "prep", "advmod") if doc.tokens[k].lower in DIRECTION_PREPOSITIONS]
    return [particle for particle in found if particle in OPPOSITE_PARTICLES]


def event_of(doc: ParsedDoc, tokens, names: frozenset[str]) -> Event:
    words, nouns, directions, verbs = set(), set(), set(), set()
    for i in tokens:
        if doc.tokens[i].pos == "VERB":
            verbs.update(_verb_lemmas(doc, i))
        lemma = content_lemma(doc, i, names)
        if lemma is not None:
            words.add(lemma)
            if doc.tokens[i].pos == "VERB":
                directions.update((event_stem(lemma), particle) for particle in _particles_of_direction(doc, i))
            # a verb read as the noun of its event names that event as a noun would: "I'm retiring at the end of
            # July" and "I retired last month" are one retirement, though neither says the noun
            if is_thing(doc, i) or (doc.tokens[i].pos == "VERB" and lemma in LIFE_EVENTS):
                nouns.add(lemma)
    return Event(frozenset(words), frozenset(nouns), directions=frozenset(directions), verbs=frozenset(verbs))


# Verbs with a particle that say what one verb says: "took the machine back" returned it, "signed up" registered,
# "turned it down" refused it. (verb, particle) -> the verb.
PHRASAL_VERBS = {
    **{(verb, "back"): "return" for verb in ("take", "send", "bring", "give", "hand", "drop", "post", "carry")},
    ("sign", "up"): "register", ("turn", "down"): "refuse",
}


def _verb_lemmas(doc: ParsedDoc, verb: int) -> tuple[str, ...]:
    """The lemma of ``verb``, and beside it the one verb it makes with its particle (:data:`PHRASAL_VERBS`)."""
    lemma = doc.tokens[verb].lemma.lower()
    particles = (doc.tokens[k].lower for k in children(doc, verb, "prt", "advmod"))
    return (lemma, *{PHRASAL_VERBS[lemma, particle] for particle in particles if (lemma, particle) in PHRASAL_VERBS})


def _modified_noun(doc: ParsedDoc, i: int) -> int | None:
    """The common noun after token ``i`` that it modifies, or None."""
    up = next(iter(doc.parents(i)), None)
    if up is None or up.head <= i or doc.tokens[up.head].tag not in ("NN", "NNS"):
        return None
    # a noun before a noun is a compound, whichever label the parse gives it ("a dentist appointment": amod)
    if up.label == "compound" or (up.label == "amod" and doc.tokens[i].tag in ("NN", "NNS")):
        return up.head
    return None


def naming_specifiers(doc: ParsedDoc, tokens, names: frozenset[str]) -> frozenset[str]:
    """The event stems of the proper names among ``tokens`` that the parse makes a compound of a common noun after
    them ("Focus" in "the Focus viewing", "Japan" in "the Japan trip"): they say which one of the noun's kind."""
    out = set()
    for i in tokens:
        if doc.tokens[i].tag in ("NNP", "NNPS") and _modified_noun(doc, i) is not None:
            lemma = content_lemma(doc, i, names)
            if lemma is not None:
                out.add(event_stem(lemma))
    return frozenset(out)


def named_kinds(doc: ParsedDoc, tokens, names: frozenset[str]) -> frozenset[tuple[str, str]]:
    """(kind, noun) event stems of the common nouns among ``tokens`` set before an arranged event's noun ("eye" in
    "the eye test", "hairdresser" in "the hairdresser appointment"): they tell one test from another, not a test
    from a haircut (:func:`links.rules.names_its_kind`)."""
    out = set()
    for i in tokens:
        noun = _modified_noun(doc, i) if doc.tokens[i].tag in ("NN", "NNS") else None
        if noun is None or doc.tokens[noun].lemma.lower() not in ARRANGED_EVENT_NOUNS:
            continue
        lemma = content_lemma(doc, i, names)
        if lemma is not None:
            out.add((event_stem(lemma), event_stem(doc.tokens[noun].lemma.lower())))
    return frozenset(out)


def clause_event(doc: ParsedDoc, predicate: int, names: frozenset[str]) -> Event:
    """What the predicate's clause is about, its subject left out ("Tom and Ana called off the trip" -> trip)."""
    return event_of(doc, subtree(doc, predicate, skip=SUBJECT_LABELS), names)


# Adjuncts that give a reason, not the event: "(cancelled the trip) because of work", "... since I was sick".
# Chat spells "because" many ways, and the parser hangs "bc of the rain" on the verb as a bare modifier.
REASON_PREPOSITIONS = frozenset({"because", "due", "owing", "since", "thanks", "bc", "b/c", "cuz", "cos", "coz", "cause"})


ACTIVE_SUBJECT_LABELS = tuple(label for label in SUBJECT_LABELS if label != "nsubjpass")


def spliced_remark(doc: ParsedDoc, at: int, arc) -> bool:
    """``arc`` hangs a bare noun phrase on the verb ``at`` after it, set off by a comma ("cancelled the Focus
    viewing, no point after driving the Golf", "cancelled the dentist, no time this week"): a verbless remark on
    the clause, not part of what the verb takes."""
    if arc.label != "npadvmod" or arc.dep < at:
        return False
    first = min(subtree(doc, arc.dep))
    return first > 0 and doc.tokens[first - 1].text == ","


def opening_frame(doc: ParsedDoc, at: int, arc) -> bool:
    """``arc`` hangs on the verb ``at`` a verbless phrase that opens the sentence and ends at a comma or colon
    ("Bad news, the wedding's pushed to October", "Change of plan, they moved the interview"): how the news is
    announced, none of the event's words (they had diluted its overlap with the plan's below the bar)."""
    if arc.dep > at:
        return False
    phrase = [k for k in subtree(doc, arc.dep) if doc.tokens[k].pos != "PUNCT"]
    if not phrase or any(doc.tokens[k].pos in ("VERB", "AUX") for k in phrase):
        return False
    first, last = min(phrase), max(phrase)
    opens = first == doc.sentences[doc.tokens[first].sent][0]
    if not (opens and last + 1 < at and doc.tokens[last + 1].text in (",", ":", "-", "–", "—")):
        return False
    # a subject is a frame only beside the verb's real one after it ("The wedding in Leeds, the one in June, got
    # pushed" is the wedding's)
    return arc.label not in SUBJECT_LABELS or any(
        a.label in SUBJECT_LABELS and last < a.dep < at for a in doc.children(at) if a.dep != arc.dep)


def cue_event(doc: ParsedDoc, at: int, names: frozenset[str], cue: int | None = None,
              left: frozenset[int] = frozenset()) -> Event:
    """What a cancellation, denial or correction at token ``at`` is about: its clause without the cue word itself and without
    a reason ("I cancelled the Japan trip because of work" -> japan, trip), so that only the event's own words
    are compared with the plan's. ``cue`` is the cue word when it is not the clause's predicate ``at``; ``left``,
    other words that are none of the event's."""
    reasons = [a.dep for a in doc.children(at) if a.label == "advcl" or (
        a.label in ("prep", "npadvmod", "advmod", "mark") and doc.tokens[a.dep].lower in REASON_PREPOSITIONS)
        or spliced_remark(doc, at, a) or opening_frame(doc, at, a)]
    left_out = {k for reason in reasons for k in subtree(doc, reason)} | {at if cue is None else cue} | left
    # the doer is left out, not a passive subject: "the trip got cancelled" is about the trip, as the subject of a
    # copula or of "happen" is: "the trip is off", "Skye didn't happen"
    # ... or of "slip": "Atlas slipped" is about Atlas
    event_subject = doc.tokens[at].lemma.lower() in EVENT_SUBJECT_VERBS | SLIP_LEMMAS
    skip = () if event_subject else ACTIVE_SUBJECT_LABELS
    tokens = [k for k in subtree(doc, at, skip=skip) if k not in left_out]
    event = replace(
        event_of(doc, tokens, names), specifiers=naming_specifiers(doc, tokens, names), kinds=named_kinds(doc, tokens, names)
    )
    pronouns = children(doc, at, "dobj", "nsubjpass", *(("nsubj",) if event_subject else ()))
    if not event.words and any(doc.tokens[o].lower in ANAPHORA for o in pronouns):
        # "the conference went online, so I cancelled it", "it's now 7 March instead": what "it" stands for is
        # named elsewhere in the memory
        event = event_of(doc, [k for k in range(len(doc.tokens)) if k not in left_out], names)
    return event


def correction_event(doc: ParsedDoc, at: int, names: frozenset[str]) -> Event:
    """What a correction at token ``at`` is about: a verb's own clause ("the hike got postponed to next weekend" ->
    hike); a word's ("actually", "instead") is the clause of the predicate it sits in, whose verb counts ("they're
    taking me out for lunch on Friday actually" -> lunch, not every other clause of the memory)."""
    head, seen = at, {at}
    while doc.tokens[head].pos not in ("VERB", "AUX") and (up := parent(doc, head)) is not None and up[0] not in seen:
        head = up[0]
        seen.add(head)
    # "the new date" says when, not what: "Orion slipped, the new date is November 4" is about Orion
    days = frozenset(k for day in _new_day_nouns(doc) for k in (day, *children(doc, day, "amod")))
    event = cue_event(doc, at, names, left=days) if head == at else cue_event(doc, head, names, cue=at, left=days)
    if event.nouns <= UNNAMED_ARRANGEMENTS:
        # "the dentist rang and moved my appointment", "the dentist had to cancel, rebooked for the 20th": which
        # appointment it is, the rest of the sentence names
        sentence = doc.tokens[at].sent
        rest = event_of(doc, [t.i for t in doc.tokens if t.sent == sentence and t.i not in days | {at}
                              and t.lemma.lower() not in UNNAMED_ARRANGEMENTS], names)
        if rest.nouns:
            return rest
    return event


# Nouns that name an arrangement without saying what it is for: "my appointment", "the booking".
UNNAMED_ARRANGEMENTS = frozenset({"appointment", "booking", "reservation", "slot"})


def _new_day_nouns(doc: ParsedDoc) -> list[int]:
    """The day nouns "new" is said of as what is now set ("the new date is March 19", "New date June 9."): not one
    still to be found ("we need to pick a new date", "no new date until March"), asked ("Is the new deadline
    Friday?"), a person or an outing ("my new date", "a new date on Saturday", "date night")."""
    return [t.i for t in doc.tokens if t.lemma.lower() in DAY_SET_NOUNS and t.pos == "NOUN"
            and any(doc.tokens[a.dep].lower == "new" for a in doc.children(t.i) if a.label == "amod")
            and not any(a.label == "poss" or (a.label == "det" and doc.tokens[a.dep].lower in ("no", "a", "an"))
                        for a in doc.children(t.i))
            and not any(a.label in ("dobj", "pobj", "compound", "attr", "conj") for a in doc.parents(t.i))
            and not sentence_asks(doc, t.i)]


def _given_a_new_day(doc: ParsedDoc, cancel: int) -> bool:
    """The thing called off at ``cancel`` is given a new day in the memory (:func:`new_day_given`): in its own
    sentence or one of the two after, and, where the new day says what it is for ("the new date for the party"), the same
    thing: "I cancelled Netflix. The new date for the party is the 20th." cancels Netflix."""
    day = new_day_given(doc)
    if day is None or not 0 <= doc.tokens[day].sent - doc.tokens[cancel].sent <= 2:
        return False  # "the workshop got postponed, their CEO is sick. new date march 19"
    named = {doc.tokens[k].lemma.lower() for prep in children(doc, day, "prep") if doc.tokens[prep].lower == "for"
             for k in subtree(doc, prep) if doc.tokens[k].pos in ("NOUN", "PROPN")}
    called_off = {doc.tokens[k].lemma.lower() for k in range(len(doc.tokens))
                  if doc.tokens[k].sent == doc.tokens[cancel].sent and doc.tokens[k].pos in ("NOUN", "PROPN")}
    return not named or bool(named & called_off)


# Future predicates that state a condition or a feeling rather than an action ("is gonna be lucky", "will keep it
# up", "I'm gonna miss you"): they foresee, they plan nothing.
NOT_PLANS = frozenset({"be", "have", "keep", "continue", "stay", "remain", "need", "feel", "seem"}) | FORESEEN_FEELINGS


# Verbs whose negated future is still a plan: "I won't forget to call mum", "we won't miss the wedding".
KEPT_WHEN_NEGATED = frozenset({"forget", "fail", "miss"})


def planned_clause(doc: ParsedDoc, names: frozenset[str]) -> tuple[list[int], Event]:
    """The tokens of the speaker's own planned clause and its event, or ``([], Event())`` when the memory states none.

    The planned predicate is the verb a modal future (will, 'll, gonna), ``going to``, or a present verb of
    planning governs ("plan to visit", or "planning a trip" itself); it must have the speaker as subject and be
    an action. A wish ("want to") is not a plan.
    """
    overtaken = {k for going in range(len(doc.tokens)) if _future_in_the_past(doc, going) for k in subtree(doc, going)}
    negated = set(negated_heads(doc, through_adverbs=False))
    for token in doc.tokens:
        lemma = token.lemma.lower()
        predicate = None
        if token.lower in MODAL_FUTURE or (token.tag == "MD" and lemma in ("will", "shall")):
            up = parent(doc, token.i)
            predicate = up[0] if up else None
        elif token.tag == "VBG" and lemma == "go" and children(doc, token.i, "xcomp"):
            if _future_in_the_past(doc, token.i):
                continue
            predicate = children(doc, token.i, "xcomp")[0]
        elif token.pos == "VERB" and lemma in PLAN_LEMMAS and (
                token.tag not in ("VBD", "VBN") or lemma in DECISION_LEMMAS):
            # "planned to" / "hoped to" tell of a past intention, not an open plan; "I hope it heals" is a wish
            # for something else, and only "planning a trip" names its plan without a verb
            xcomps = children(doc, token.i, "xcomp")
            predicate = xcomps[0] if xcomps else (token.i if lemma in NOUN_PLANS else None)
        elif arranged(doc, token.i):
            predicate = token.i
        elif lemma == "let":
            predicate = _proposed(doc, token.i)
        if predicate is None or doc.tokens[predicate].lemma.lower() in NOT_PLANS:
            continue
        if {token.i, predicate} & negated and doc.tokens[predicate].lemma.lower() not in KEPT_WHEN_NEGATED:
            continue  # "I'm not going to do the marathon", "we won't move": an event turned down, no plan
        if subject_of(doc, predicate, names) != SELF or _asked_of_another(doc, predicate):
            continue
        clause = [k for k in subtree(doc, predicate, skip=SUBJECT_LABELS) if k not in overtaken]
        timing = time_adjuncts(doc, clause)
        event = event_of(doc, [k for k in clause if k not in timing], names)
        if (
            not event.nouns
            and doc.tokens[predicate].lemma.lower() not in LIGHT_VERBS | MIND_VERBS
            and any(doc.tokens[o].lower in ANAPHORA for o in children(doc, predicate, "dobj"))
        ):
            # "my Adobe subscription renews on the 15th, I'm going to cancel it": "it" is named elsewhere in the
            # memory, as a cancellation of "it" is (cue_event); not in an idiom of a light verb ("gonna make it")
            # nor what the mind does with it ("won't forget that"), which name no thing done to
            event = event_of(doc, [k for k in range(len(doc.tokens)) if k not in overtaken], names)
        if event.words:
            return clause, event
    return [], Event()


# Words that open a time adjunct: "(buy her a card) after the exams", "(paint the kitchen) once the move is done".
TIME_ADJUNCT_WORDS = frozenset({"after", "before", "until", "till", "til", "during", "once", "when", "while"})


def time_adjuncts(doc: ParsedDoc, clause: Sequence[int]) -> set[int]:
    """The tokens of the adjuncts of time of the verbs in ``clause``: a phrase or clause that opens with after,
    before, until, during, once, when (:data:`TIME_ADJUNCT_WORDS`). It dates a plan; what it names is not what is
    planned, so "I'm going to buy her a card after the exams" is not done by "I finished my exams"."""
    out: set[int] = set()
    arcs = [a for k in clause if doc.tokens[k].pos in ("VERB", "AUX") for a in doc.children(k)]
    for arc in arcs:
        if arc.label not in ("prep", "advcl"):
            continue
        tokens = subtree(doc, arc.dep)
        if doc.tokens[tokens[0]].lower in TIME_ADJUNCT_WORDS:
            out.update(tokens)
    return out


def _future_in_the_past(doc: ParsedDoc, i: int) -> bool:
    """Token ``i`` is the "going" of "was going to move there (but ...)": the future of a past moment, an
    intention given up or overtaken, like "planned to", and no open plan; nor part of the plan that replaced it
    ("was gonna fly, so I'll drive instead")."""
    token = doc.tokens[i]
    return token.tag == "VBG" and token.lemma.lower() == "go" and bool(children(doc, i, "xcomp")) and any(
        doc.tokens[a].tag == "VBD" for a in children(doc, i, "aux"))


REQUEST_FORM = re.compile(r"\basks(?: [A-Z][\w'-]*(?: [A-Z][\w'-]*)?)?(?: not| never)? to\b")


def _clause_before(doc: ParsedDoc, i: int) -> str:
    """The memory's text from the last sentence end or comma before token ``i`` up to the token: "Gina asks Jon
    to wait, Gina will send it" asks for the wait, not the sending."""
    before = doc.text[: doc.tokens[i].idx]
    cut = max(before.rfind(mark) for mark in (". ", "! ", "? ", ", "))
    return before[cut + 1 :] if cut >= 0 else before


def _asked_of_another(doc: ParsedDoc, predicate: int) -> bool:
    """The predicate is what the speaker asks someone to do ("Sam asks Assistant to help Sam plan meals", parsed
    from "can you help me plan meals"): the other's action, not the speaker's plan."""
    if any(doc.tokens[a].lower in MODAL_FUTURE or doc.tokens[a].tag == "MD" for a in children(doc, predicate, "aux")):
        return False  # "..., Gina will send it": what one is asked to do is never said with a modal of its own
    if REQUEST_FORM.search(_clause_before(doc, predicate)):
        return True  # the extractor's "<name> asks [<name>] to ...", whose inserted words a stored parse lacks
    seen, i = set(), predicate
    while i not in seen:
        seen.add(i)
        up = parent(doc, i)
        if up is None or up[1] not in ("xcomp", "ccomp"):
            return False
        head = up[0]
        if doc.tokens[head].lemma.lower() in ("ask", "beg", "request") or any(
            doc.tokens[s].lemma.lower() in ("you", "u") for s in children(doc, head, *SUBJECT_LABELS)
        ):
            return True
        i = head
    return False


# Verbs of getting tickets for something ("got tickets for the show"); signing up is lexicon.REGISTRATION_LEMMAS.
TICKET_VERBS = frozenset({"buy", "get", "book"})
# Verbs of getting an appointment or a booking (lexicon.BOOKED_TIME_NOUNS): "finally got a GP appointment".
BOOKED_TIME_GETTING_VERBS = frozenset({"get", "secure", "land"})
# Verbs of timetabled events, which English puts in the simple present with a date: "I start my new job on
# the 18th", "we fly out Friday", "school begins next week".
SCHEDULED_VERBS = frozenset(
    {"start", "begin", "leave", "fly", "arrive", "depart", "return", "graduate", "move", "open", "finish", "end", "land"}
)
# A frequency on a verb: "usually", "every Tuesday", "on weekends", "three times a week".
HABIT_ADVERBS = frozenset({"usually", "often", "always", "regularly", "daily", "weekly", "nightly", "frequently", "normally"})
HABIT_DETERMINERS = frozenset({"every", "each"})
HABIT_MULTIPLES = frozenset({"once", "twice", "thrice"})
# Adverbs of the present that the parse may hang an amount on ("twice a week now").
NOW_WORDS = frozenset({"now", "nowadays", "currently"})
HABIT_PLURALS = frozenset({w + "s" for w in WEEKDAYS} | {"weekends", "mornings", "evenings", "nights", "afternoons"})


def with_arcs_hung_on_now(doc: ParsedDoc, arcs: list) -> list:
    """``arcs`` and the amounts the parse hangs on a "now" among them, as it would "two weeks" on "ago" ("I go
    bouldering twice a week now": "a week" is a child of "now")."""
    return arcs + [a for n in arcs if n.label == "advmod" and doc.tokens[n.dep].lower in NOW_WORDS
                   for a in doc.children(n.dep) if a.label == "npadvmod"]


def habitual(doc: ParsedDoc, verb: int) -> bool:
    """The verb carries a frequency: an adverb, "every/each <time>", "<n> times a <unit>", "twice a week", "on
    Tuesdays"; also where the parse hangs it on a "now" after it (:func:`with_arcs_hung_on_now`)."""
    for arc in with_arcs_hung_on_now(doc, list(doc.children(verb))):
        word = doc.tokens[arc.dep]
        if arc.label == "advmod" and word.lower in HABIT_ADVERBS:
            return True
        if arc.label in ("npadvmod", "tmod", "obl"):
            if any(doc.tokens[d].lower in HABIT_DETERMINERS for d in children(doc, arc.dep, "det")):
                return True
            if word.lemma.lower() == "time" and children(doc, arc.dep, "nummod", "npadvmod"):
                return True
            multiples = children(doc, arc.dep, "predet", "advmod", "quantmod")
            if any(doc.tokens[d].lower in HABIT_MULTIPLES for d in multiples):
                return True  # "twice a week", "once a month"
        if arc.label == "prep" and word.lower in ("on", "in"):
            if any(doc.tokens[o].lower in HABIT_PLURALS for o in children(doc, arc.dep, "pobj")):
                return True
        if arc.label == "prep" and any(doc.tokens[d].lower in HABIT_DETERMINERS
                                       for t in children(doc, arc.dep, "npadvmod") for d in children(doc, t, "det")):
            return True  # "I go to the gym every morning before work": the parse hangs the frequency on "before"
    return False


def _scheduled(doc: ParsedDoc, token_i: int) -> bool:
    """A timetabled event in the simple present with a date of its own ("I start my new job on the 18th"), not a
    habit ("I leave at 8 every day") nor a negation. A going or coming "back" is a return ("I go back to work on 1st
    September", "she comes back on the 20th"), whose frequency the parse may hang on "back" ("I go back to work on
    Mondays")."""
    token = doc.tokens[token_i]
    back = _back_of(doc, token_i)
    timetabled = token.lemma.lower() in SCHEDULED_VERBS or back is not None
    if token.tag not in ("VBP", "VBZ") or not timetabled or children(doc, token_i, "aux", "neg"):
        return False
    dated = any(doc.tokens[k].ent in ("DATE", "TIME") for k in subtree(doc, token_i))
    return dated and not habitual(doc, token_i) and not (back is not None and _said_as_a_habit(doc, token_i))


# Verbs that say a return with "back", timetabled like "return": "I go back to work on 1st September"
RETURNING_LEMMAS = frozenset({"go", "come"})
# Words of a frequency anywhere in a clause: "on Mondays", "every Christmas", "most days"
FREQUENCY_WORDS = HABIT_PLURALS | HABIT_DETERMINERS | HABIT_ADVERBS | HABIT_MULTIPLES | {"most"}


def _back_of(doc: ParsedDoc, token_i: int) -> int | None:
    """The "back" of a person's going or coming back ("I go back to work", "Jen comes back from Vietnam"), or None;
    not of a thing's ("things go back to normal in January")."""
    if doc.tokens[token_i].lemma.lower() not in RETURNING_LEMMAS:
        return None
    subject = subject_token(doc, token_i)
    said = doc.tokens[subject] if subject is not None else None
    person = said is not None and (said.lower in FIRST_PERSON | THIRD_PERSON | {"they"} or said.pos == "PROPN"
                                   or said.lemma.lower() in RELATIVES)
    if not person:
        return None
    return next((k for k in children(doc, token_i, "advmod", "prt") if doc.tokens[k].lower == "back"), None)


def _said_as_a_habit(doc: ParsedDoc, token_i: int) -> bool:
    """A frequency anywhere in the verb's clause, where the parse may hang it on "back" or the place gone back to
    ("I go back to work on Mondays", "I go back to bed at 2pm most days"), or a year gone back to ("we go back to
    2019 with that client"), which no return on a day is."""
    clause = subtree(doc, token_i)
    to_a_year = any(doc.tokens[k].lower == "to" and any(doc.tokens[o].ent == "DATE" for o in children(doc, k, "pobj"))
                    for k in clause)
    return to_a_year or any(doc.tokens[k].lower in FREQUENCY_WORDS for k in clause)


def arrangement_event(doc: ParsedDoc, names: frozenset[str]) -> Event:
    """What the speaker signed up for, registered for, booked or bought tickets for, is doing in the present
    progressive ("we're hosting my parents"), has timetabled ("I start the new job on the 18th") or has on a date
    ("my dentist appointment is on Thursday the 20th"), or an empty event. Each is a plan when the event's date
    lies ahead, which only the caller knows: "I signed up for the marathon. It's on October 13"."""
    negated = set(negated_heads(doc, through_adverbs=False))
    for token in doc.tokens:
        if (event := _own_dated_event(doc, token.i, names)).words:
            return event
        if token.i not in negated and (event := _interview_of_the_speaker(doc, token.i, names)).words:
            return event
        if token.i not in negated and (event := _a_visit_or_delivery(doc, token.i, names)).words:
            return event
        if token.i not in negated and (event := _seen_by_a_carer(doc, token.i, names)).words:
            return event
        if token.i not in negated and (event := _anothers_arrangement(doc, token.i, names)).words:
            return event
        if token.pos != "VERB" or token.i in negated:  # "I'm not going", "we didn't book it": nothing arranged
            continue
        lemma = token.lemma.lower()
        particles = {doc.tokens[p].lower for p in children(doc, token.i, "prt")}
        tickets = lemma in TICKET_VERBS and any(doc.tokens[o].lemma.lower() == "ticket" for o in children(doc, token.i, "dobj"))
        progressive = token.tag == "VBG" and lemma not in NOT_PLANS and _present_be(doc, token.i)
        booked_time = lemma in BOOKED_TIME_GETTING_VERBS and any(
            doc.tokens[o].lemma.lower() in BOOKED_TIME_NOUNS for o in children(doc, token.i, "dobj"))
        signed_up = lemma in REGISTRATION_LEMMAS or (lemma == "sign" and "up" in particles) or tickets or booked_time
        if not (signed_up or progressive or _scheduled(doc, token.i)):
            continue
        if subject_of(doc, token.i, names) != SELF:
            continue
        clause = subtree(doc, token.i, skip=SUBJECT_LABELS)
        timing = time_adjuncts(doc, clause)
        clause = [k for k in clause if k not in timing]
        if (event := event_of(doc, clause, names)).words:
            return event
    return Event()


# Verbs of booking or setting a day, which tell an arrangement whoever made it: "the echo is booked for the 18th",
# "her op is scheduled for Friday", "they've booked her in with the nurse on the 28th".
BOOKING_LEMMAS = REGISTRATION_LEMMAS | frozenset({"schedule", "arrange"})
# Subjects that foresee, not arrange: "it's raining tomorrow", "there's a storm coming on Friday".
NO_ONE_SUBJECTS = frozenset({"it", "there", "this", "that", "weather", "rain", "snow", "price", "prices"})
# Verbs of what befalls, not what is arranged: "she's getting worse", "prices are going up in April".
BEFALLING_LEMMAS = frozenset({"get", "rain", "snow", "grow", "turn", "die"})


def _anothers_arrangement(doc: ParsedDoc, i: int, names: frozenset[str]) -> Event:
    """An arrangement told of someone or something else, which a carer or a householder follows as closely as
    their own: a booking by anyone or by no one said ("the echo is booked for the 18th", "they've booked her in
    with the nurse on the 28th"), a present progressive with a date ahead ("he's moving in on Monday the 26th",
    "the old shed is coming down next weekend", "they're starting monday"), or a timetabled simple present with a
    date ("she moves on the 7th of April"). Like the speaker's own, a plan when its date lies ahead, which "she had
    it on Wednesday" or "he came home on the 2nd" settles. The speaker's own are :func:`arrangement_event`'s; not
    a habit ("she goes to the day centre on Mondays"), a forecast ("it's raining tomorrow") nor a negation."""
    token = doc.tokens[i]
    lemma = token.lemma.lower()
    if token.pos != "VERB" or children(doc, i, "neg") or habitual(doc, i) or subject_of(doc, i, names) == SELF:
        return Event()
    subject = subject_token(doc, i)
    if subject is not None and doc.tokens[subject].lemma.lower() in NO_ONE_SUBJECTS:
        return Event()
    booked = lemma in BOOKING_LEMMAS and token.tag in ("VBN", "VBD", "VBZ") and _dated_ahead_in(doc, i)
    timetabled = lemma not in NOT_PLANS | BEFALLING_LEMMAS and (_progressive_dated(doc, i) or _scheduled(doc, i))
    if not (booked or timetabled):
        return Event()
    # its own clause, with what it is said of ("the old shed"), not a clause hung on it ("waltons forgot the battens,
    # they're sending replacements"); all it governs when its own clause names nothing ("she's coming out Friday
    # and moving in with me")
    for clause in (subtree(doc, i, skip=("ccomp", "advcl", "parataxis", "conj")), subtree(doc, i)):
        timing = time_adjuncts(doc, clause)
        if (event := event_of(doc, [k for k in clause if k not in timing], names)).words:
            return replace(event, doer=arranged_for(doc, subject, names) if subject is not None else "")
    return Event()


def arranged_for(doc: ParsedDoc, k: int, names: frozenset[str]) -> str:
    """Who an arrangement is for, by the subject or owner word ``k`` that names them: SELF, a name or a relative
    ("Tom is going to the doctor on Friday": tom; "my son is sitting his exam": self's son; "her clinic appointment":
    a he or she), kept as the arrangement's doer, whose deed alone settles it; "" for a thing ("the old shed is
    coming down"), which anyone may tell came about."""
    token = doc.tokens[k]
    person = (is_self_token(doc, k, names) or token.ent == "PERSON" or token.pos == "PROPN" or token.lemma.lower() in RELATIVES
              or token.lower in THIRD_PERSON | {"his", "they", "them", "their"})
    return subject_key(doc, k, names) if person else ""


def _progressive_dated(doc: ParsedDoc, i: int) -> bool:
    """A present progressive with a date in its clause and none gone by ("she's going in for respite from the 24th",
    "he's moving in on Monday the 26th"); whether the date lies ahead is the memory's date's to tell."""
    return doc.tokens[i].tag == "VBG" and _present_be(doc, i) and _dated_ahead_in(doc, i)


def _dated_ahead_in(doc: ParsedDoc, i: int) -> bool:
    """A date in token ``i``'s clause, and none gone by: "booked for the 18th", not "booked in last week"."""
    return _dated_in(doc, subtree(doc, i)) and not any(doc.tokens[k].lower in BEHIND_DATE_WORDS for k in subtree(doc, i))


def _interview_of_the_speaker(doc: ParsedDoc, i: int, names: frozenset[str]) -> Event:
    """An interview someone else set up with the speaker, as the clause that says so with who set it up: "St Anne's
    invited me for an interview next Friday" (to a second interview, to interview), "Bristol want to interview me on
    the 28th", "they're interviewing me on Monday". Like a sign-up, a plan when its date lies ahead. Not the
    speaker's own interviewing of others ("I'm interviewing candidates"), nor one told as done ("they interviewed me
    last week")."""
    token = doc.tokens[i]
    lemma = token.lemma.lower()
    if token.pos != "VERB" or not any(is_self_token(doc, k, names) for k in children(doc, i, "dobj")):
        return Event()
    if lemma == "invite":
        # "invited me for an interview", "to a second round", "to interview"
        to = [o for p in children(doc, i, "prep") if doc.tokens[p].lower in ("for", "to") for o in children(doc, p, "pobj")]
        invited_to = any(doc.tokens[o].lemma.lower() in INTERVIEW_NOUNS or _an_interview_round(doc, o) for o in to)
        if not (invited_to or any(doc.tokens[k].lemma.lower() == "interview" for k in children(doc, i, "xcomp"))):
            return Event()
        top = i
    elif lemma == "interview" and token.tag != "VBD" and not _said_done(doc, i):
        # the one who wants or is going to interview the speaker is the subject of the verb above
        top = next((k for k in [i, *heads_up(doc, i)] if children(doc, k, "nsubj")), i)
    else:
        return Event()
    clause = subtree(doc, top)
    timing = time_adjuncts(doc, clause)
    return event_of(doc, [k for k in clause if k not in timing and not is_self_token(doc, k, names)], names)


# Those who see one for one's health: "the physio can see me on the 16th", "the clinic wants to see me again".
CARERS = frozenset(
    "doctor gp nurse physio physiotherapist consultant surgeon specialist dentist hygienist optician clinic hospital "
    "surgery therapist counsellor counselor psychiatrist psychologist neurologist dermatologist cardiologist "
    "podiatrist midwife osteopath chiropractor registrar oncologist".split()
)


# Where one is seen for one's health, which English dates as it would the appointment: "falls clinic is on the 24th".
CLINIC_NOUNS = frozenset({"clinic", "hospital", "dentist", "gp", "physio", "hospice"})


def _seen_by_a_carer(doc: ParsedDoc, i: int, names: frozenset[str]) -> Event:
    """An appointment said as who will see the speaker and when: "the physio can see me on the 16th", "the fracture
    clinic wants to see me again on the 13th", "the GP wants to see me in October". Like a booking, a plan when its
    date lies ahead, which "saw the physio" or "the physio went fine" settles. Not a seeing told as done ("the
    doctor saw me on Monday"), nor one with no date, nor another's seeing ("the doctor can see Tom").
    """
    token = doc.tokens[i]
    if token.pos != "VERB" or token.lemma.lower() != "see" or _said_done(doc, i):
        return Event()
    if habitual(doc, i) or any(doc.tokens[k].lower in ("every", "each", "twice", "weekly", "monthly") or
                               doc.tokens[k].lower.rstrip("s") in WEEKDAYS and doc.tokens[k].lower.endswith("s")
                               for k in subtree(doc, i)):
        return Event()  # "my GP sees me every 3 months", "the physio sees me on Tuesdays": a routine, no plan
    if not any(is_self_token(doc, k, names) for k in children(doc, i, "dobj")):
        return Event()
    # the one who sees, or who wants to or can: the subject of "see" or of the verb it completes
    top = next((k for k in [i, *heads_up(doc, i)] if children(doc, k, "nsubj")), i)
    carers = [s for s in children(doc, top, "nsubj") if doc.tokens[s].lemma.lower() in CARERS]
    if not carers or _said_done(doc, top) or not _dated_in(doc, subtree(doc, i)):
        return Event()
    clause = subtree(doc, top)
    timing = time_adjuncts(doc, clause)
    return event_of(doc, [k for k in clause if k not in timing and not is_self_token(doc, k, names)], names)


def _dated_in(doc: ParsedDoc, tokens: Iterable[int]) -> bool:
    """A date the tagger knows among ``tokens``, or a bare day of the month it may miss ("an engineer is coming on the
    5th", "my second hydro session is on the 5th", which it tags an ordinal)."""
    return any(doc.tokens[k].ent in ("DATE", "TIME") or re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", doc.tokens[k].lower)
               for k in tokens)


# Who comes to one's home to do a job, and what is delivered: "the plumber is coming on Tuesday", "the sofa's being
# delivered Saturday", "my parcel is arriving on Friday"
VISITORS = frozenset(
    "plumber electrician engineer technician builder decorator painter fitter installer gardener cleaner courier "
    "handyman joiner carpenter roofer locksmith surveyor inspector assessor mechanic tradesman tradesperson".split()
)
DELIVERED = frozenset("parcel package delivery order shopping sofa bed fridge mattress furniture wardrobe".split())
VISITING_LEMMAS = frozenset({"come", "arrive", "visit", "deliver", "fit", "install", "collect"})


def _a_visit_or_delivery(doc: ParsedDoc, i: int, names: frozenset[str]) -> Event:
    """A visit or a delivery the speaker awaits, said of the one who comes or the thing that arrives, in the present
    progressive or the future, or in the passive ("the plumber is coming on Tuesday between 8 and 12", "my parcel is
    arriving on Friday", "the sofa is being delivered on Saturday", "an engineer will come on the 3rd"): like a
    booking, a plan when its date lies ahead, which "he came", "it arrived" or "he didn't show" settles. Not one told
    as done ("the plumber came yesterday")."""
    token = doc.tokens[i]
    if token.pos != "VERB" or token.lemma.lower() not in VISITING_LEMMAS or token.tag in ("VBD",):
        return Event()
    subjects = children(doc, i, "nsubj", "nsubjpass")
    if not subjects or doc.tokens[subjects[0]].lemma.lower() not in VISITORS | DELIVERED:
        return Event()
    helpers = {doc.tokens[a].lower for a in children(doc, i, "aux", "auxpass")}
    ahead = token.tag == "VBG" or helpers & {"will", "'ll", "shall", "gonna"} or (token.tag == "VBN" and helpers & {"being", "be"})
    if not ahead or not _dated_in(doc, subtree(doc, i)):
        return Event()
    clause = subtree(doc, i)
    timing = time_adjuncts(doc, clause)
    return event_of(doc, [k for k in clause if k not in timing], names)


# The rounds of a selection, each an interview one is asked to: "the second round is on Thursday", "a final round".
INTERVIEW_ROUND_ORDINALS = frozenset({"first", "second", "third", "fourth", "final", "last", "next", "1st", "2nd", "3rd"})


def _an_interview_round(doc: ParsedDoc, i: int) -> bool:
    """Token ``i`` is "round" with an ordinal before it: "I've got the second round on Thursday", "the final round";
    not a round of something else ("my second round of chemo")."""
    if any(doc.tokens[p].lower == "of" for p in children(doc, i, "prep")):
        return False  # "my second round of chemo", "a final round of drinks"
    return doc.tokens[i].lemma.lower() == "round" and doc.tokens[i].pos == "NOUN" and any(
        doc.tokens[k].lower in INTERVIEW_ROUND_ORDINALS for k in children(doc, i, "amod", "compound"))


def _own_dated_event(doc: ParsedDoc, i: int, names: frozenset[str]) -> Event:
    """The event token ``i`` gives a date for: a "be" whose subject is an arranged event, the speaker's, no one's or
    another's ("my dentist appointment is on Thursday", "the workshop is on Tuesday", "her memory clinic appointment
    is on 2 June": a carer follows it as their own, and "she had it" or "it got moved" acts on it), or a clinic dated
    on the "be" itself ("falls clinic is on 24 September at 10"); or a "have" of the speaker's with one as its object
    ("I have an interview at 3"); with a date or time in the clause, not negated and no habit. A day that is
    someone's ("my sister's birthday is 14 December") is no arranged event."""
    token = doc.tokens[i]
    lemma = token.lemma.lower()
    if lemma == "be":
        events = [s for s in children(doc, i, "nsubj") if _arranged_event_noun(doc, i, s)
                  or (doc.tokens[s].lemma.lower() in CLINIC_NOUNS and _dated_directly(doc, i))]
    elif _having(doc, i) and subject_of(doc, i, names) == SELF:
        events = [o for o in children(doc, i, "dobj") if _arranged_event_noun(doc, i, o)]
    else:
        return Event()
    dated = _dated_in(doc, subtree(doc, i))
    if not events or not dated or children(doc, i, "neg") or habitual(doc, i) or _said_off(doc, i):
        return Event()
    owners = children(doc, events[0], "poss")
    return replace(event_of(doc, subtree(doc, events[0]), names), doer=arranged_for(doc, owners[0], names) if owners else "")


# What a "be" says of an event that no longer holds: "tomorrow's interview is off", "the op is cancelled".
CALLED_OFF_WORDS = frozenset({"off", "cancelled", "canceled"})


def _said_off(doc: ParsedDoc, be: int) -> bool:
    """The "be" says its event is off: a call-off, which arranges nothing ("so tomorrow's interview is off")."""
    return any(doc.tokens[k].lower in CALLED_OFF_WORDS for k in children(doc, be, "acomp", "advmod", "prt", "prep", "attr"))


# Prepositions that date what they hang on ("a fitting on the 22nd", "the tasting is at 3"), unlike "about", or
# "for" and "until", which measure a state ("running is off for three months").
DATING_PREPOSITIONS = frozenset({"on", "at", "in", "after", "before"})
# The shortest "-ing" noun read as an event by its form: "meeting", "fitting", "tasting"; not "thing", "ring", "spring".
ING_EVENT_MIN_LETTERS = 7


def _arranged_event_noun(doc: ParsedDoc, verb: int, noun: int) -> bool:
    """Token ``noun`` names an event one has or that is on a date: a noun of :data:`ARRANGED_EVENT_NOUNS`, or a
    singular noun made from a verb by "-ing" ("a fitting", "a tasting", "the screening") whose date hangs on the
    noun or on ``verb`` itself by a dating preposition or bare ("is next Saturday"), not inside a clause or an
    "about" ("I have a feeling it's on Friday" names no event)."""
    token = doc.tokens[noun]
    if token.lemma.lower() in ARRANGED_EVENT_NOUNS or _hyphenated(doc, noun) in ARRANGED_EVENT_NOUNS:
        return True
    if _an_interview_round(doc, noun):
        return True
    if token.tag != "NN" or not token.lower.endswith("ing") or len(token.lower) < ING_EVENT_MIN_LETTERS or token.ent:
        return False
    return _dated_directly(doc, verb) or _dated_directly(doc, noun)


def _hyphenated(doc: ParsedDoc, k: int) -> str | None:
    """The word token ``k`` closes when the tokenizer split it at a written hyphen ("check-up" is "check", "-",
    "up"), lower-cased and whole; None when ``k`` follows no hyphen written without spaces."""
    if k < 2 or doc.tokens[k - 1].text not in ("-", "\u2010", "\u2011"):
        return None
    before, hyphen, token = doc.tokens[k - 2], doc.tokens[k - 1], doc.tokens[k]
    if before.idx + len(before.text) != hyphen.idx or hyphen.idx + len(hyphen.text) != token.idx:
        return None
    return f"{before.lower}-{token.lower}"


def _dated_directly(doc: ParsedDoc, head: int) -> bool:
    """A date or time entity hangs on ``head`` bare (npadvmod, tmod) or as the object of a dating preposition."""
    for arc in doc.children(head):
        if arc.label in ("npadvmod", "tmod") and doc.tokens[arc.dep].ent in ("DATE", "TIME"):
            return True
        if arc.label == "prep" and doc.tokens[arc.dep].lower in DATING_PREPOSITIONS:
            if any(doc.tokens[o].ent in ("DATE", "TIME") for o in children(doc, arc.dep, "pobj")):
                return True
    return False


def _having(doc: ParsedDoc, i: int) -> bool:
    """Token ``i`` is "have", or the "got" of "have got", which is having though its form is a perfect ("I've got a
    call with my accountant on Thursday"); "I got a call" is a past event."""
    token = doc.tokens[i]
    if token.lemma.lower() == "have":
        return True
    helpers = {doc.tokens[a].lower.replace("\u2019", "'") for a in children(doc, i, "aux")}
    return token.lower == "got" and bool(helpers & {"have", "has", "'ve", "ve"})


# Words of a date that lies ahead (or is today) in an arrangement's clause: "I'm meeting Sara on Friday".
AHEAD_DATE_WORDS = WEEKDAYS | MONTHS | frozenset({"tomorrow", "tonight", "today", "next", "weekend", "later", "soon"})
BEHIND_DATE_WORDS = frozenset({"yesterday", "last", "ago", "earlier", "these", "lately", "past"})


def _present_be(doc: ParsedDoc, i: int) -> bool:
    """Token ``i`` has a present-tense "be" as its auxiliary: "am/is/are <doing>"."""
    return any(doc.tokens[a].lemma.lower() == "be" and doc.tokens[a].tag in ("VBP", "VBZ") for a in children(doc, i, "aux"))


# "Let's" before these is a way of speaking, not a proposal: "let's see", "let's hope so", "let's face it".
NOT_PROPOSALS = frozenset({"see", "hope", "say", "face", "pray", "agree", "not", "just", "put", "assume", "wait"})


def _proposed(doc: ParsedDoc, let: int) -> int | None:
    """The verb a "let's" proposes ("let's grab dinner on Friday", "let's move it to 4 May then"): what a group
    settles on is said so as often as with "will"; None for a way of speaking ("let's see") or a "let" of
    permission ("let me know", "let him go")."""
    if doc.tokens[let].tag != "VB" or children(doc, let, "nsubj"):
        return None  # "art lets us get our emotions out": said of something, no proposal
    for verb in children(doc, let, "ccomp", "xcomp"):
        subjects = [doc.tokens[k].lower.replace("’", "'") for k in children(doc, verb, "nsubj")]
        if subjects in (["'s"], ["us"]) and doc.tokens[verb].lemma.lower() not in NOT_PROPOSALS and _something_settled(doc, verb):
            return verb
    return None


def _something_settled(doc: ParsedDoc, verb: int) -> bool:
    """What a "let's" proposes names a thing or a time ("let's grab dinner", "let's move it to 4 May"); "let's play
    it by ear", "let's call it a night" and "let's talk about something else" settle nothing."""
    named = [o for o in children(doc, verb, "dobj") if doc.tokens[o].pos in ("NOUN", "PROPN")]
    dated = any(doc.tokens[k].ent in ("DATE", "TIME") for k in subtree(doc, verb))
    return bool(named) or dated


def arranged(doc: ParsedDoc, i: int) -> bool:
    """A present progressive with a date ahead in its clause: an arrangement, which English says without a modal
    ("I'm meeting Sara for lunch on Friday", "we're flying out tomorrow"), the passive one too ("we're getting
    married in June", which the parse heads with "married")."""
    token = doc.tokens[i]
    if token.pos != "VERB" or token.tag not in ("VBG", "VBN"):
        return False
    progressive = [i] if token.tag == "VBG" else [a for a in children(doc, i, "auxpass") if doc.tokens[a].tag == "VBG"]
    # the parse hangs the "be" on "getting" ("Jess is getting married") or on the participle ("we're getting married")
    if not progressive or not any(_present_be(doc, head) for head in {*progressive, i}):
        return False
    dated = {doc.tokens[k].lower for k in subtree(doc, i) if doc.tokens[k].ent in ("DATE", "TIME")}
    return bool(dated & AHEAD_DATE_WORDS) and not dated & BEHIND_DATE_WORDS


# Verbs of starting something that goes on ("I start hydrotherapy the week after next", "I'm starting physio on
# Monday"): such a plan is done once the thing is under way, so a report of it any time after the start tells it.
START_LEMMAS = frozenset({"start", "begin", "commence"})


def started_events(doc: ParsedDoc, names: frozenset[str]) -> tuple[Event, ...]:
    """The clauses of the speaker's verbs of starting, not told in the past nor negated: what a plan to start is
    about, when it is the memory's plan."""
    return tuple(
        clause_event(doc, token.i, names) for token in doc.tokens
        if token.pos == "VERB" and token.lemma.lower() in START_LEMMAS and token.tag in ("VB", "VBP", "VBZ", "VBG")
        and not children(doc, token.i, "neg") and subject_of(doc, token.i, names) == SELF
    )


def _moved_somewhere(doc: ParsedDoc, verb: int) -> bool:
    """A verb of moving with an object and a "to"/"until" after it: a thing moved to another time ("moved the visit
    to the 9th"), whether or not the date was read; "I moved to Leeds" has no object and is done."""
    objects = children(doc, verb, "dobj")
    return bool(objects) and any(doc.tokens[p].lower in ("to", "until", "till")
                                 for k in (verb, *objects) for p in children(doc, k, "prep"))


def report_events(doc: ParsedDoc, names: frozenset[str], moved: Cue | None = None) -> tuple[Event, ...]:
    """The events the memory reports as done: clauses of past-tense or completion verbs, not negated, with
    the speaker or a named person as subject (the doer kept), or with a thing as subject ("the trip was amazing":
    then the thing is the event). A verb of moving or rescheduling that is the memory's correction cue (``moved``:
    "the professor moved the exam to April 24") tells that the event's date changed, not that it was done."""
    negated = set(negated_heads(doc))
    redated = new_day_given(doc) is not None
    out = []
    for token in doc.tokens:
        if token.pos not in ("VERB", "AUX") or token.i in negated:
            continue
        if _reschedules(token) and (moved is not None and token.i == moved.at or _moved_somewhere(doc, token.i)):
            continue  # "the fitter moved the measuring visit to the 9th": its date changed, it was not done
        if redated and any(_moves_off_its_day(doc.tokens[k]) for k in subtree(doc, token.i)):
            continue  # "the dentist had to cancel, rebooked for the 20th": a new day told, nothing done
        perfect = token.tag == "VBN" and any(doc.tokens[a].lemma.lower() == "have" for a in children(doc, token.i, "aux"))
        if not (token.tag == "VBD" or perfect or token.lemma.lower() in COMPLETION_LEMMAS):
            continue
        if not (token.tag == "VBD" or perfect) and _a_time_still_to_come(doc, token.i):
            continue  # "(a job lined up) once I graduate": the graduation is ahead
        subjects = children(doc, token.i, "nsubj", "nsubjpass")
        doer = subject_of(doc, token.i, names)
        relative = bool(subjects) and doc.tokens[subjects[0]].lemma.lower() in RELATIVES
        if doer == SELF or (subjects and doc.tokens[subjects[0]].ent == "PERSON") or relative:
            # a relative's deed is theirs ("my dad retired last month"), not a thing reported, which any plan of
            # its words may take as done
            clause = subtree(doc, token.i, skip=SUBJECT_LABELS)
            if any(_moved_somewhere(doc, k) and doc.tokens[k].lemma.lower() in CHANGED_EVENT_VERBS | RESCHEDULE_LEMMAS
                   for k in clause if k != token.i):
                continue  # "Marcus noted: the fitter moved the visit to the 9th": a change told, nothing done
            ahead = {k for c in clause for a in children(doc, c, "advcl")
                     if doc.tokens[a].tag != "VBD" and _a_time_still_to_come(doc, a) for k in subtree(doc, a)}
            event = event_of(doc, [k for k in clause if k not in ahead], names)
            out.append(replace(event, doer=doer))
        elif any(is_thing(doc, s) for s in subjects):
            # not the clauses it holds that are denied: "I never built that ramp, the physio said ..." reports no ramp
            denied = {k for n in negated if n != token.i for k in subtree(doc, n)}
            out.append(event_of(doc, [k for k in subtree(doc, token.i) if k not in denied], names))
    return tuple(e for e in out if e.words)


# Words that tell a thing has come about, said of the thing: it came ("my passport arrived", "the bonus came
# through", "£14,230 landed"), it is done ("the bench is done", "dad's will is sorted", "the visa was approved"), or it
# is in place ("the shed's up", "raised beds are in", "Biscuit is home").
CAME_ABOUT_VERBS = frozenset({"arrive", "come", "land", "finish", "complete", "approve", "fix", "sort", "clear"})
CAME_ABOUT_STATES = frozenset({"do", "done", "finish", "finished", "complete", "sort", "sorted", "fix", "fixed",
                               "approve", "approved", "up", "in", "home", "through", "ready"})
# The owners a thing may have and still be the speaker's: "my passport", "our shed"
OWN_POSSESSIVES = frozenset({"my", "our", "i", "we"})


def came_about(doc: ParsedDoc) -> frozenset[tuple[str, str]]:
    """(thing, word) for each thing a clause tells, not negated, has come about, with the word that tells it: "my
    passport arrived yesterday" (passport, arrive), "the shed's up" (shed, up), "the shed's painted now" (shed,
    paint), "the bench is done" (bench, do). The thing is the clause's subject, a noun of the speaker's or of no
    one's ("Dan's passport came" is Dan's); the word is a verb of coming or finishing in the past, a state of being
    in place after "be", or the participle of a passive, which a plan of that verb ("paint the shed") may own."""
    negated = set(negated_heads(doc))
    out = set()
    for token in doc.tokens:
        if token.i in negated:
            continue
        lemma = token.lemma.lower()
        if token.pos in ("VERB", "AUX") and lemma in CAME_ABOUT_VERBS and token.tag == "VBD":
            word = lemma
        elif token.tag == "VBN" and children(doc, token.i, "auxpass"):
            word = lemma  # "the shed's painted", "the visa was approved", "the bench is done"
        elif lemma == "be":
            states = [k for k in children(doc, token.i, "advmod", "prt", "acomp", "prep")
                      if doc.tokens[k].lower in CAME_ABOUT_STATES and not children(doc, k, "pobj")]
            idioms = [k for k in states if _up_for_something(doc, k)]
            if idioms:
                # "the house is up for sale": what came about is its being for sale, which only a plan to put it up
                # for sale owns ("sale"); a plan to put up a shed does not
                word = _what_it_is_up_for(doc, idioms[0])
            elif states:
                word = doc.tokens[states[0]].lower  # "the shed's up", "raised beds are in", "it's done"
            else:
                continue
        else:
            continue
        for subject in children(doc, token.i, "nsubj", "nsubjpass"):
            owners = [doc.tokens[k].lower for k in children(doc, subject, "poss")]
            if is_thing(doc, subject) and all(owner in OWN_POSSESSIVES for owner in owners):
                out.add((doc.tokens[subject].lemma.lower(), word))
    return frozenset(out)


# The verbs a headline passive may not be of: "Lunch was", "Rent had" are no thing come about.
NO_HEADLINE_VERBS = frozenset({"be", "have", "get", "go", "say", "seem", "look", "feel"})
# The parts of speech that name which thing a headline tells of: "train tickets", "hotel in Paris", "for Lily"
NAMING_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM"})


def headline_passives(doc: ParsedDoc) -> frozenset[tuple[str, str, frozenset[str]]]:
    """(thing, verb, naming words) for each passive chat says as a headline, its "be" left out: "train tickets
    booked!" (ticket, book, {train}), "hotel in Paris booked" (hotel, book, {paris}), "haircut booked for Lily"
    (haircut, book, {lily}). The parser reads these as an active past with the thing for its subject; the thing has
    no article or owner (a headline drops them: "the price dropped" is the price's own doing) and is no person
    ("Mum called", "boss emailed" tell what they did); the verb stands alone, with no helper, object or complement
    ("Biometrics went fine" is a verdict). A question ("Flights booked? Nope", "Flights booked?!") tells nothing
    came about. The naming words are every noun, name, adjective or number of the thing's phrase and of the verb's
    prepositions, so that a rule can hold them to a plan's: "piano lessons booked" is not "the swimming lessons"."""
    if any(t.lower in HEADLINE_NOT_DONE_WORDS for t in doc.tokens) or NOT_YET.search(doc.text):
        return frozenset()  # "almost booked", "booked soon hopefully", "(I think)", "Not yet. Tickets booked tomorrow"
    negated = set(negated_heads(doc))
    out = set()
    for token in doc.tokens:
        if token.tag not in ("VBD", "VBN") or token.i in negated or not _a_headline_passive(doc, token.i):
            continue
        if _asked_after(doc, token.i):
            continue
        subject = children(doc, token.i, "nsubj")[0]
        phrase = set(subtree(doc, subject)) | {k for p in children(doc, token.i, "prep", "agent") for k in subtree(doc, p)}
        naming = frozenset(doc.tokens[k].lemma.lower() for k in phrase
                           if k != subject and doc.tokens[k].pos in NAMING_POS)
        out.add((doc.tokens[subject].lemma.lower(), token.lemma.lower(), naming))
    return frozenset(out)


# Words by which a headline tells a thing not yet or not surely done: half, hoped for, thought, still ahead
HEADLINE_NOT_DONE_WORDS = frozenset({"almost", "nearly", "half", "partly", "partially", "mostly", "soon", "hopefully",
                                     "think", "thought", "tomorrow", "later", "maybe", "probably", "if"})
NOT_YET = re.compile(r"\bnot\s+yet\b", re.IGNORECASE)


def _asked_after(doc: ParsedDoc, verb: int) -> bool:
    """A "?" follows ``verb`` in its sentence, however the sentence ends: "Flights booked?! Already?"."""
    sentence = next(((s, e) for s, e in doc.sentences if s <= verb < e), None)
    if sentence is None:
        return False
    following = next((doc.tokens[s].idx for s, _ in doc.sentences if s >= sentence[1]), len(doc.text))
    return "?" in doc.text[doc.tokens[verb].idx : following]


def _a_headline_passive(doc: ParsedDoc, verb: int) -> bool:
    token = doc.tokens[verb]
    if doc.parents(verb) or token.lemma.lower() in NO_HEADLINE_VERBS:
        return False
    if children(doc, verb, "aux", "auxpass", "neg", "dobj", "iobj", "ccomp", "xcomp", "attr", "acomp", "dative"):
        return False
    subjects = children(doc, verb, "nsubj")
    owners = [doc.tokens[k].lower for k in children(doc, subjects[0], "poss")] if subjects else []
    return (len(subjects) == 1 and is_thing(doc, subjects[0]) and not children(doc, subjects[0], "det")
            and all(owner in OWN_POSSESSIVES for owner in owners) and doc.tokens[subjects[0]].lemma.lower() not in PERSON_NOUNS | RELATIVES | CARERS)


# The states of being in place, which "for" a thing makes an idiom of ("up for sale"); "ready for collection" is ready.
IN_PLACE_STATES = frozenset({"up", "in", "home", "through"})


def _up_for_something(doc: ParsedDoc, state: int) -> bool:
    """The state word starts an idiom of what a thing is there for, not of its being in place: "the shed is up for
    sale", "the car's in for its MOT", "it's up for grabs" ("for" with a thing after it, hung on the state word or
    on its "be"); "the shed's up for now" is still up."""
    after = state + 1
    if doc.tokens[state].lower not in IN_PLACE_STATES or after >= len(doc.tokens) or doc.tokens[after].lower != "for":
        return False
    return any(doc.tokens[o].pos in ("NOUN", "PROPN") for o in children(doc, after, "pobj"))


def _what_it_is_up_for(doc: ParsedDoc, state: int) -> str:
    """The thing after "up for" or "in for" (:func:`_up_for_something`), as a lemma: "up for sale" gives "sale"."""
    return next(doc.tokens[o].lemma.lower() for o in children(doc, state + 1, "pobj") if doc.tokens[o].pos in ("NOUN", "PROPN"))


# What an employer offers or turns one down for: "offered me the job", "I didn't get the role". A "place" counts
# only at a name ("a place at Imperial"): "a place at the nursery for Ava", "a place to stay" are no job; a
# "contract" is as often a phone's.
HIRING_NOUNS = frozenset({"job", "offer", "position", "role", "post"})
# Verbs that make an offer with "offer" for their object: "they made me an offer", "sent me an offer".
OFFER_MAKING_VERBS = frozenset({"make", "give", "send", "extend"})
# What one is invited to that is an interview: "invited me for an interview", "to an audition".
INTERVIEW_NOUNS = frozenset({"interview", "audition"})
# The common nouns for one who hires or admits: "the school offered me the job", "the company went with someone else"
# (not "the agency", which lets flats as often).
EMPLOYER_NOUNS = frozenset({"company", "firm", "school", "university", "college", "employer", "team", "panel",
                            "hospital", "recruiter", "startup", "studio", "practice", "department", "manager", "boss",
                            "hr"})
# Whom an employer picks instead of the speaker: "they went with someone else", "with an internal candidate".
OTHER_CANDIDATES = frozenset({"someone", "somebody", "candidate", "applicant", "person", "one"})


def _said_done(doc: ParsedDoc, verb: int) -> bool:
    """``verb`` is told as done: a simple past, a perfect, or a past passive ("was offered", "got offered")."""
    token = doc.tokens[verb]
    if token.tag == "VBD":
        return True
    helpers = children(doc, verb, "aux", "auxpass")
    return token.tag == "VBN" and any(doc.tokens[a].lemma.lower() in ("have", "be", "get") for a in helpers)


def _by_an_employer(doc: ParsedDoc, verb: int, names: frozenset[str]) -> Event | None:
    """Who does ``verb`` when it may be one who hires: "they", a name ("Lumen", "St Anne's"), or a common noun for
    one (:data:`EMPLOYER_NOUNS`: "the school"), as an event of the name (empty for the others); None for the speaker
    and for anyone else ("the landlord", "Mum"). A name is kept as spelled, since the tagger lemmatises a firm's
    name it takes for a plural ("Lumen offered me" -> "luman")."""
    subjects = children(doc, verb, "nsubj")
    if not subjects or subject_of(doc, verb, names) == SELF:
        return None
    head = doc.tokens[subjects[0]]
    if head.pos == "PRON":
        return Event() if head.lower in ("they", "them") else None
    if not head.text[:1].isupper():
        return Event() if head.lemma.lower() in EMPLOYER_NOUNS else None
    if head.ent == "PERSON" or head.lower in RELATIVES:
        return None  # "Sam said no", "Mum said no": a person's no, not an employer's
    words = frozenset(doc.tokens[k].lower for k in subtree(doc, subjects[0]) if content_lemma(doc, k, names) is not None)
    return Event(words, words)


def _names_the_speaker(doc: ParsedDoc, tokens, names: frozenset[str]) -> bool:
    """The speaker alone among ``tokens``: a job is offered to one ("made us an offer on the flat" is a bid)."""
    return any(is_self_token(doc, k, names) and doc.tokens[k].lower not in ("us", "we", "our") for k in tokens)


def offers_made(doc: ParsedDoc, names: frozenset[str]) -> tuple[Event, ...]:
    """The offers of a job or a place someone made the speaker, told as done: "Lumen offered me the job", "they made
    me an offer", "they offered me a place", "I was offered the post". Each is the offer's words with the one who
    made it ("Lumen"), so that the offer is known to be the employer's a plan names. Not "I offered to help", "Mum
    offered me a cup of tea", "the landlord rejected our offer", nor a negated offer ("they never offered me the
    job")."""
    negated = set(negated_heads(doc))
    out = []
    for token in doc.tokens:
        if token.lemma.lower() != "offer":
            continue
        verb = token.i if token.pos == "VERB" else next(
            (k for k in heads_up(doc, token.i) if doc.tokens[k].pos == "VERB"), None)
        if verb is None or verb in negated or not _said_done(doc, verb):
            continue
        if token.pos != "VERB" and doc.tokens[verb].lemma.lower() not in OFFER_MAKING_VERBS:
            continue  # "rejected our offer", "accepted their offer": an offer, not made to the speaker here
        offered = [k for k in subtree(doc, verb) if k != verb]
        hiring = {doc.tokens[k].lemma.lower() for k in offered} & HIRING_NOUNS
        if not hiring and not any(_a_place_at_a_name(doc, k) for k in offered):
            continue  # a cup of tea, a lift, a discount
        passive = any(is_self_token(doc, k, names) for k in children(doc, verb, "nsubjpass"))
        offerer = _by_an_employer(doc, verb, names)
        offered_to = [k for k in subtree(doc, verb) if k not in subtree(doc, children(doc, verb, "nsubj")[0])] if offerer else []
        if passive or (offerer is not None and _names_the_speaker(doc, offered_to, names)):
            out.append(_with_the_employer(event_of(doc, subtree(doc, verb, skip=SUBJECT_LABELS), names), offerer or Event()))
    return tuple(out)


def _a_place_at_a_name(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a place offered at a name: "a place at Imperial", "a place on the Rowan Clinic scheme"."""
    return doc.tokens[k].lemma.lower() == "place" and any(
        doc.tokens[p].lower in ("at", "on", "in") and any(doc.tokens[o].pos == "PROPN" for o in subtree(doc, p) if o != p)
        for p in children(doc, k, "prep"))


def _with_the_employer(clause: Event, employer: Event) -> Event:
    """What an offer or a rejection said (its things, "the job", "the loan") with who made it as its doer, whose
    name is then no other thing it names ("Lumen offered me the job")."""
    return Event(clause.words | employer.words, clause.nouns | employer.nouns, doer=" ".join(sorted(employer.words)))


# The verbs a rejection is told with: "didn't get/land the job", "went with someone else", "said no", "rejected
# me", "turned me down".
REJECTING_LEMMAS = frozenset({"get", "land", "go", "say", "reject", "turn"})


def rejections(doc: ParsedDoc, names: frozenset[str]) -> tuple[Event, ...]:
    """The speaker turned down for what they applied for, told as done: "they went with someone else" (an internal
    candidate, ...), "Edinburgh said no", "Kestrel rejected me", "they turned me down", "I didn't get the job" (the
    role, the offer, a place, it). Each is the words of the one who said no ("Edinburgh") and of what was not got.
    Not the speaker saying no ("I said no to the promotion"), nor "I didn't get the email"."""
    negated = set(negated_heads(doc))
    out = []
    for token in doc.tokens:
        lemma = token.lemma.lower()
        if token.pos != "VERB" or lemma not in REJECTING_LEMMAS:
            continue  # every memory's reading comes here: the cheap test first
        if lemma in ("get", "land") and token.i in negated and subject_of(doc, token.i, names) == SELF:
            # "I didn't get the job" (not "it": "I didn't get it" is as often not understanding)
            objects = [k for k in children(doc, token.i, "dobj") if doc.tokens[k].lemma.lower() in HIRING_NOUNS]
            if objects:
                out.append(event_of(doc, subtree(doc, token.i, skip=SUBJECT_LABELS), names))
            continue
        by = _by_an_employer(doc, token.i, names) if _said_done(doc, token.i) else None
        if by is None:
            continue
        # the "no" said is a negation the parse may hang on the verb: it is what is said, not a denial of saying
        said_no = lemma == "say" and token.i + 1 < len(doc.tokens) and doc.tokens[token.i + 1].lower == "no"
        if token.i in negated and not said_no:
            continue
        chose_another = lemma == "go" and any(
            doc.tokens[o].lemma.lower() in OTHER_CANDIDATES
            for p in children(doc, token.i, "prep") if doc.tokens[p].lower == "with" for o in children(doc, p, "pobj"))
        turning = lemma == "reject" or (lemma == "turn" and "down" in {doc.tokens[k].lower for k in children(doc, token.i, "prt")})
        turned_down = turning and any(
            is_self_token(doc, k, names) or (_names_the_speaker(doc, children(doc, k, "poss"), names)
                                            and doc.tokens[k].lemma.lower() in ("application", "applicant"))
            for k in children(doc, token.i, "dobj"))
        if said_no and event_of(doc, subtree(doc, token.i, skip=SUBJECT_LABELS), names).nouns:
            continue  # a no to something named ("Mum said no to the dog", "he said no worries") is no rejection
        if chose_another or said_no or turned_down:
            # what they said no to goes with it: "turned me down for the loan" is no news of an interview
            out.append(_with_the_employer(event_of(doc, subtree(doc, token.i, skip=SUBJECT_LABELS), names), by))
    return tuple(out)


STILL_TO_COME_WORDS = TIME_ADJUNCT_WORDS | CONDITION_WORDS


def _a_time_still_to_come(doc: ParsedDoc, verb: int) -> bool:
    """A present verb that opens a clause of time or condition ("once I graduate", "when I finish", "if I pass"):
    English puts what is still to come there in the present, so it is no deed done, nor part of the deed it times
    ("I've got a job lined up once I graduate" tells nothing of a graduation)."""
    return marked_by(doc, verb, STILL_TO_COME_WORDS)


def content_lemmas(doc: ParsedDoc, names: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """What the memory is about: (content lemmas, the lemmas of things among them).

    Light verbs, stop words, time words, pronouns and the speaker's own name are left out, so two memories
    that share only "Maya went ... last week" share nothing. People are content words but not things: two
    memories about Tom are not about one event because both name him.
    """
    event = event_of(doc, range(len(doc.tokens)), names)
    return event.words, event.nouns


def says_here(doc: ParsedDoc) -> bool:
    """The memory says "here" of where its speaker is ("I've been here three weeks", "I moved here in May"), not the
    "here" that hands something over at a sentence's start ("Here's the list")."""
    return any(
        t.lower == "here" and t.pos == "ADV" and t.i != doc.sentences[t.sent][0] and not _still(doc, t.i)
        for t in doc.tokens
    )


def _still(doc: ParsedDoc, here: int) -> bool:
    """"I'm still here", "Still here, Berlin is on hold": the speaker stayed where they were."""
    heads = [a.head for a in doc.parents(here)]
    near = [a.dep for k in [here, *heads] for a in doc.children(k) if a.label == "advmod"]
    return any(doc.tokens[k].lower == "still" for k in near)


def present_subjects(doc: ParsedDoc) -> frozenset[str]:
    """The subjects of verbs in the present, lower case ("Pip is settling in well": pip): what is there now."""
    out = set()
    for token in doc.tokens:
        tags = {token.tag} | {doc.tokens[a.dep].tag for a in doc.children(token.i) if a.label == "aux"}
        if token.pos in ("VERB", "AUX") and tags & {"VBZ", "VBP"} and not tags & {"VBD"}:
            out.update(doc.tokens[a.dep].lemma.lower() for a in doc.children(token.i) if a.label == "nsubj")
    return frozenset(out)


# How a thing "went", said of it afterwards: "the hen went really well", "the party went great"
WENT_VERDICTS = frozenset({"well", "badly", "great", "fine", "brilliantly", "smoothly", "ok", "okay", "amazing", "perfectly"})


def judged_afterwards(doc: ParsedDoc) -> frozenset[str]:
    """What a memory says, in the past, was good or bad ("Lisbon was amazing!", "the wedding was beautiful", "the
    Lisbon trip was great"), went well or badly ("the hen went really well") or was done ("Ben's wedding done"): the
    subject's words, lower case, a thing that has happened. A verdict in the present ("Lisbon is amazing") or on
    what is to come is none."""
    out: set[str] = set()
    for subject in _judged_subjects(doc):
        # "the Lisbon trip", "Christmas in Cork": the words that say which
        said = [subject, *(a.dep for a in doc.children(subject) if a.label == "compound")]
        said += [o.dep for a in doc.children(subject) if a.label == "prep" and doc.tokens[a.dep].lower in ("in", "at")
                 for o in doc.children(a.dep) if o.label == "pobj"]
        out.update(doc.tokens[k].lemma.lower() for k in said)
    return frozenset(out)


def judged_owners(doc: ParsedDoc) -> frozenset[str]:
    """The names that own what a memory judges afterwards ("Rachel's wedding was lovely": rachel), lower case: a
    verdict on Rachel's wedding is none on Ben's."""
    return frozenset(doc.tokens[a.dep].lemma.lower() for subject in _judged_subjects(doc) for a in doc.children(subject)
                     if a.label == "poss" and doc.tokens[a.dep].pos == "PROPN")


def _judged_subjects(doc: ParsedDoc) -> Iterator[int]:
    """The subjects (token indices) of the past verdicts of :func:`judged_afterwards`: of "was" with an adjective,
    of "went" with how it went, or of a bare "done" ("ben's wedding done"); never a pronoun ("it was lovely": of
    what, the memory does not say)."""
    for token in doc.tokens:
        if not (_a_past_verdict(doc, token) or _went_how(doc, token) or _a_bare_done(doc, token)):
            continue
        for subject in (a.dep for a in doc.children(token.i) if a.label == "nsubj"):
            if doc.tokens[subject].pos not in ("PRON", "DET"):
                yield subject


def _a_past_verdict(doc: ParsedDoc, token) -> bool:
    """"was amazing": the past copula with an adjective."""
    return token.lemma.lower() == "be" and token.tag == "VBD" and any(
        a.label == "acomp" and doc.tokens[a.dep].pos == "ADJ" for a in doc.children(token.i))


def _went_how(doc: ParsedDoc, token) -> bool:
    """"went really well", "went great": the past "go" with how it went (:data:`WENT_VERDICTS`)."""
    return token.lemma.lower() == "go" and token.tag == "VBD" and any(
        a.label in ("advmod", "acomp") and doc.tokens[a.dep].lower in WENT_VERDICTS for a in doc.children(token.i))


def _a_bare_done(doc: ParsedDoc, token) -> bool:
    """Chat's "X done" ("ben's wedding done", "hen do done!"): a bare past participle of "do" heading its clause, with
    no auxiliary ("the wedding is done and dusted" is said with one, "what's to be done" is no report)."""
    return (token.lower == "done" and token.tag == "VBN" and not any(a.label == "aux" or a.label == "auxpass"
            for a in doc.children(token.i)) and not any(True for _ in doc.parents(token.i)))


def places_gone_to(doc: ParsedDoc) -> frozenset[str]:
    """Where a memory says someone goes or stays, lower case: the object of "to", "in" or "at" after a verb or a
    noun of going ("going to Lisbon in May", "a trip to Rome", "Christmas in Cork"), a name; not the one gone with
    ("with Jordan") nor a time ("in May")."""
    out: set[str] = set()
    for token in doc.tokens:
        if token.lower not in ("to", "in", "at") or not any(a.label == "prep" for a in doc.parents(token.i)):
            continue
        for obj in (a.dep for a in doc.children(token.i) if a.label == "pobj"):
            word = doc.tokens[obj]
            if word.pos == "PROPN" and word.ent not in ("DATE", "TIME"):
                out.add(word.lemma.lower())
    return frozenset(out)


NAMING_LEMMAS = frozenset({"call", "name"})


def given_names(doc: ParsedDoc) -> frozenset[str]:
    """The names a memory gives a thing it introduces ("a greyhound called Pip", "a boat named Aurora"): by that
    name the thing is told of later, when it is there ("Pip is settling in well")."""
    out = set()
    for token in doc.tokens:
        if token.lemma not in NAMING_LEMMAS or not any(a.label == "acl" for a in doc.parents(token.i)):
            continue
        out.update(doc.tokens[a.dep].lemma.lower() for a in doc.children(token.i) if doc.tokens[a.dep].pos == "PROPN")
    return frozenset(out)


FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP"})
INNER_CLAUSES = frozenset({"conj", "parataxis", "advcl", "ccomp", "relcl"})


def clause_heads(doc: ParsedDoc) -> list[int]:
    """Predicates that head their own clause: sentence roots, conjoined or paratactic verbs, and complement,
    adverbial or relative clauses with their own subject or a tense of their own. The tense counts where the parse
    lost the subject to the clause before: in "I work at Brightline and my sister just had a baby" it makes "my
    sister" a second workplace and "had" an adverbial clause, which is still a second fact."""
    own_subject = {a.head for a in doc.arcs if a.label in ("nsubj", "nsubjpass", "csubj", "expl")}
    heads = list(doc.roots)
    for arc in doc.arcs:
        verb = doc.tokens[arc.dep]
        if verb.pos not in ("VERB", "AUX"):
            continue
        if arc.label in ("conj", "parataxis") or (
            arc.label in ("ccomp", "advcl", "relcl") and (arc.dep in own_subject or verb.tag in FINITE_TAGS)
        ):
            heads.append(arc.dep)
    return heads


def clause_count(doc: ParsedDoc, measured: frozenset[str] = frozenset(), names: frozenset[str] = frozenset()) -> int:
    """The clauses that state a fact (:func:`clause_heads`, less those that only judge, :func:`only_judges`, or
    react, :func:`only_reacts`, those that ask, :func:`only_asks`, and those that tell no fact of their own,
    :func:`tells_nothing_of_its_own`). A memory with one is a single fact: hiding it loses nothing but that fact. Clauses that name the thing a quantity
    of the memory measures (``measured``: "I got a pay rise! My salary is now £35,500", "we're still renting, our
    rent is £1,100") tell one fact, its new value, which a later value replaces whole; not where the measure is
    someone else's ("My husband Tom's salary is £48,000": ``names`` are the speaker's)."""
    facts = _fact_heads(doc)
    of_the_measure = [head for head in facts if _names_the_measure(doc, head, measured, names)]
    return max(len(facts) - len(of_the_measure) + bool(of_the_measure), 1)


def clause_words(doc: ParsedDoc, names: frozenset[str] = frozenset()) -> tuple[frozenset[str], ...]:
    """The content lemmas of each clause that states a fact (those :func:`clause_count` counts), each without the
    clauses inside it: "we're getting the windows replaced, fitters coming on 16 March" -> {window, replace},
    {fitter, come}. What a supersede would hide, clause by clause."""
    return tuple(event_of(doc, _own_words(doc, head), names).words for head in _fact_heads(doc))


def _fact_heads(doc: ParsedDoc) -> list[int]:
    """The heads of the clauses that state a fact, as :func:`clause_count` counts them."""
    return [head for head in clause_heads(doc) if states_a_fact(doc, head)]


# Verbs that say a plan is late: "completion has slipped", "the part is delayed", "it got rescheduled"
LATENESS_VERBS = LATE_LEMMAS | {"postpone", "reschedule"}
# Verbs that say it only with "back": "the fitters were pushed back" (never "I'm moving house", "pushing me")
LATE_WITH_BACK = frozenset({"push", "put", "move", "set"})


def late_clauses(doc: ParsedDoc) -> tuple[bool, ...]:
    """For each clause :func:`clause_words` reads, whether it only says a plan is late: its own verb is one of
    lateness ("the part is delayed", "the build got pushed back") and its subject is no person, for a person who
    slips or is delayed tells of them ("I slipped on the ice", "Jess is moving to Berlin")."""
    return tuple(_says_lateness(doc, head) for head in _fact_heads(doc))


def _says_lateness(doc: ParsedDoc, head: int) -> bool:
    lemma = doc.tokens[head].lemma.lower()
    backward = any(doc.tokens[k].lower == "back" for k in children(doc, head, "prt", "advmod"))
    if lemma not in LATENESS_VERBS and not (lemma in LATE_WITH_BACK and backward):
        return False
    return not any(_a_person(doc, k) for k in children(doc, head, "nsubj", "nsubjpass"))


def _names_the_measure(doc: ParsedDoc, head: int, measured: frozenset[str], names: frozenset[str]) -> bool:
    """The clause of ``head`` names a measured word, and only as the speaker's (no owner, or "my", or their name)."""
    said = [k for k in _own_words(doc, head) if doc.tokens[k].lemma.lower() in measured]
    return bool(said) and all(
        is_self_token(doc, owner, names) for k in said for owner in children(doc, k, "poss")
    )


def states_a_fact(doc: ParsedDoc, head: int) -> bool:
    return not (
        only_judges(doc, head) or only_reacts(doc, head) or only_asks(doc, head) or _our_frame(doc, head)
        or tells_nothing_of_its_own(doc, head) or _only_supposes(doc, head) or _an_exclamation(doc, head)
        or _a_feeling_said_alone(doc, head) or _only_says_who_got_in_touch(doc, head)
    )


# Verbs of getting in touch: "DFS called", "the school rang me", "Mum texted to say ..." (the tagger's lemma of
# "texted" is "texte")
GETTING_IN_TOUCH_VERBS = frozenset({"call", "ring", "phone", "email", "e-mail", "text", "texte", "message", "dm"})
# what one gets in touch "to" do, when what follows is the news: "called to say", "texted to let me know"
TELLING_VERBS = frozenset({"say", "tell", "let", "confirm", "explain"})
# words a bare call may carry and still tell nothing: "DFS just called back", "they finally rang"
CALL_ADVERBS = frozenset({"just", "finally", "back", "again", "earlier"})


def _only_says_who_got_in_touch(doc: ParsedDoc, head: int) -> bool:
    """The clause of ``head`` only says who brought the news told beside it in its sentence: "DFS called, the
    sofa is delayed to 4 April", "the school rang me, the trip is off", "Mum texted to say the party is on Friday".
    The call is the channel, not a fact of its own: when a later memory moves the news, nothing else is lost. A
    call that says when, why or about what ("Mum called on Sunday", "I rang the GP about my results"), one not
    made ("they never called"), or one said alone keeps its fact."""
    token = doc.tokens[head]
    if token.lemma.lower() not in GETTING_IN_TOUCH_VERBS or token.pos != "VERB":
        return False
    news = [k for k in clause_heads(doc) if k != head and doc.tokens[k].sent == token.sent]
    if not news:
        return False
    for arc in doc.children(head):
        child = doc.tokens[arc.dep]
        if arc.label in ("nsubj", "punct", "cc", "aux") or arc.label in INNER_CLAUSES:
            continue
        if arc.label in ("dobj", "dative") and child.lower in ("me", "us"):
            continue
        if arc.label in ("advmod", "prt") and child.lower in CALL_ADVERBS:
            continue
        if arc.label == "xcomp" and child.lemma.lower() in TELLING_VERBS:
            continue
        return False  # a time, a reason, a negation, what or whom it was about: a fact of its own
    return True


def _a_feeling_said_alone(doc: ParsedDoc, head: int) -> bool:
    """``head`` roots a sentence of a feeling and no verb of its own ("Honestly less stress.", "Such a relief.",
    "Gutted."), which extraction keeps beside the fact it goes with: no second fact of the memory, so a later state
    still replaces the memory whole. One that names someone or an amount is a fact ("Tom's thrilled")."""
    start, end = doc.sentences[doc.tokens[head].sent]
    tokens = [t for t in doc.tokens[start:end] if t.pos not in ("PUNCT", "SYM")]
    if any(t.pos in ("PROPN", "NUM", "PRON") for t in tokens):
        return False
    verbs = [t for t in tokens if t.pos in ("VERB", "AUX")]
    return any(map(a_feeling_word, tokens)) and all(map(a_feeling_word, verbs))


SUPPOSING_MARKS = frozenset({"if", "unless", "whether"})
# "Thank god", "thank goodness": relief said, nothing thanked
EXCLAMATION_OBJECTS = frozenset({"god", "goodness", "heaven", "heavens", "fuck", "christ"})


def _only_supposes(doc: ParsedDoc, head: int) -> bool:
    """A clause under "if", "unless" or "whether" supposes, it does not tell: "I'm vegetarian, so keep that in mind if you
    suggest recipes" states one fact."""
    return any(doc.tokens[k].lower in SUPPOSING_MARKS for k in children(doc, head, "mark"))


def _an_exclamation(doc: ParsedDoc, head: int) -> bool:
    return doc.tokens[head].lemma.lower() == "thank" and any(
        doc.tokens[k].lower in EXCLAMATION_OBJECTS for k in children(doc, head, "dobj", "npadvmod")
    )


def tells_nothing_of_its_own(doc: ParsedDoc, head: int) -> bool:
    """The clause of ``head`` names nothing but how its person feels, or nothing at all, beside the fact it comes
    with: "Rafa is feeling a bit weird", "I'm so happy here", "I love it", "(I've) been there about a year". Chat
    says a state with such a clause more often than without, and the feeling or the time so far goes with the
    state: when a later memory replaces the state, nothing else is lost. A clause that names someone or something,
    an amount or a place keeps its fact ("I'm worried about my mum", "the 50 wasn't doing much", "I'm excited to
    start at Google"), and so does one with a complement clause ("I'm happy to take it")."""
    arcs = doc.children(head)
    if any(arc.label in ("xcomp", "attr", "dobj") and not _a_pronoun(doc, arc.dep) for arc in arcs):
        return False
    words = _own_words(doc, head)
    if _says_again_of_another(doc, head, words):
        return False
    feelings = _feeling_words(doc, head)
    # whose feeling it is names no other fact ("my mum is so proud"); whose anything else does
    whose = {k for arc in arcs if arc.label in ("nsubj", "nsubjpass") and _a_person(doc, arc.dep) for k in subtree(doc, arc.dep)}
    own = [k for k in words if k not in whose or not feelings]
    if any(_names_someone_or_an_amount(doc.tokens[k]) for k in own):
        return False
    return all(k in feelings for k in own if content_lemma(doc, k, frozenset()) is not None)


# Words that say a state again of someone else: "... and my sister does too", "nor does my mum"
ELLIPSIS_WORDS = frozenset({"too", "also", "neither", "nor", "either"})


def _says_again_of_another(doc: ParsedDoc, head: int, words: list[int]) -> bool:
    """The clause of ``head`` (its own ``words``) says the state before it again, of someone else: "my sister does
    too", "so is my mum" (a "so" right before the verb, its subject after it; not "I'm so happy", "so far")."""
    if any(doc.tokens[k].lower in ELLIPSIS_WORDS for k in words):
        return True
    subjects = children(doc, head, "nsubj", "nsubjpass", "expl")
    return head > 0 and doc.tokens[head - 1].lower == "so" and bool(subjects) and min(subjects) > head


def _own_words(doc: ParsedDoc, head: int) -> list[int]:
    """The tokens of the clause of ``head``, less the clauses inside it."""
    return [head] + [k for arc in doc.children(head) if arc.label not in INNER_CLAUSES for k in subtree(doc, arc.dep)]


def _a_pronoun(doc: ParsedDoc, i: int) -> bool:
    return doc.tokens[i].pos == "PRON"


def _a_person(doc: ParsedDoc, i: int) -> bool:
    token = doc.tokens[i]
    return token.lower in PERSONAL_PRONOUNS or token.ent == "PERSON" or token.lemma.lower() in RELATIVES


def _names_someone_or_an_amount(token) -> bool:
    """A name, a number or an entity other than a date or a time ("about a year", "since May" tell how long)."""
    if token.ent in ("DATE", "TIME"):
        return False
    return bool(token.ent) or token.pos in ("NUM", "PROPN")


def _feeling_words(doc: ParsedDoc, head: int) -> set[int]:
    """The clause's words of feeling: those of the emotion table, and whatever "feel" takes as its complement
    ("feeling a bit weird", "felt rough")."""
    out = {head} if doc.tokens[head].lemma.lower() in EMOTION_TABLE else set()
    for arc in doc.children(head):
        adjective = doc.tokens[arc.dep]
        if arc.label in ("acomp", "oprd") and (adjective.lower in EMOTION_TABLE or doc.tokens[head].lemma == "feel"):
            out.add(arc.dep)
    return out


def _our_frame(doc: ParsedDoc, head: int) -> bool:
    """The extractor's own "<name> noted:" or "<name> asks ..." before what was said, as a memory's text reads when
    parsed again (the memory's stored parse has the turn's words only): no fact of its own."""
    token = doc.tokens[head]
    if token.lower not in ("noted", "asks"):
        return False
    named = any(doc.tokens[a.dep].pos == "PROPN" and a.dep < head for a in doc.children(head) if a.label == "nsubj")
    following = doc.tokens[head + 1].text if head + 1 < len(doc.tokens) else ""
    return named and (token.lower == "asks" or following == ":")


def only_asks(doc: ParsedDoc, head: int) -> bool:
    """The clause of ``head`` asks and states nothing: an order or a request, a bare verb with no subject ("suggest
    some easy lunches", "remind me to ask about whitening", which the memory writes "<name> asks ... to"), or a
    question whose verb comes before its subject ("is that a lot for Cardiff?", "can I take ibuprofen with it?").
    The facts told around it ("I'm vegan, can you suggest ...") are what the memory holds."""
    token = doc.tokens[head]
    arcs = doc.children(head)
    subjects = [arc.dep for arc in arcs if arc.label in ("nsubj", "nsubjpass", "expl", "csubj")]
    if token.tag == "VB" and not subjects and _no_auxiliary_but_a_dont(doc, arcs):
        # an order opens its sentence, or is joined to one ("suggest some lunches and send me a list"); a bare verb
        # joined to a statement shares its subject ("Ana will move to Leeds and start a new job")
        up = doc.parents(head)
        return not up or (up[0].label == "conj" and only_asks(doc, up[0].head))
    if token.lower == "asks" and _our_frame(doc, head):
        return True
    if not subjects or not _ends_in_a_question_mark(doc, head):
        return False
    before_subject = [head] + [arc.dep for arc in arcs if arc.label in ("aux", "auxpass")]
    return min(before_subject) < min(subjects)


# What one asks a listener not to do: "don't suggest", "don't forget", "don't worry".
ASKED_OF_THE_LISTENER = frozenset(
    {"suggest", "recommend", "send", "tell", "remind", "forget", "mention", "include", "book", "worry", "bother",
     "schedule", "add", "call", "text", "let", "put", "show", "ask", "give"}
)


def _no_auxiliary_but_a_dont(doc: ParsedDoc, arcs) -> bool:
    """A bare verb's auxiliaries leave it an order: none, or the "don't" of a negative one that asks something of
    the listener ("please don't suggest meat recipes", "don't forget the cake", "don't send me any more"); chat's
    "don't" with a dropped "I" is a statement ("Don't have a car so I cycle", "don't drink coffee tbh")."""
    helpers = [doc.tokens[arc.dep] for arc in arcs if arc.label in ("aux", "auxpass")]
    if not helpers:
        return True
    if not any(arc.label == "neg" for arc in arcs) or not all(h.lemma.lower() == "do" and h.tag in ("VB", "VBP") for h in helpers):
        return False
    head = doc.tokens[arcs[0].head] if arcs else None
    sentence = {t.lower for t in doc.tokens if head is not None and t.sent == head.sent}
    of_me = any(doc.tokens[arc.dep].lower in ("me", "us") for arc in arcs if arc.label in ("dobj", "dative", "iobj"))
    return "please" in sentence or of_me or (head is not None and head.lemma.lower() in ASKED_OF_THE_LISTENER)


def _ends_in_a_question_mark(doc: ParsedDoc, head: int) -> bool:
    """The sentence of ``head`` ends in "?" (looked for after its last word too, as the stored parse of a memory
    keeps its words only)."""
    sentence = next(((s, e) for s, e in doc.sentences if s <= head < e), None)
    if sentence is None:
        return False
    words = [t for t in doc.tokens[sentence[0] : sentence[1]] if t.text.strip()]
    following = next((doc.tokens[s].idx for s, _ in doc.sentences if s >= sentence[1]), len(doc.text))
    return bool(words) and ("?" in words[-1].text or "?" in doc.text[words[-1].end : following])


def only_judges(doc: ParsedDoc, head: int) -> bool:
    """The clause of ``head`` is a verdict on a thing and nothing more: a copula with an adjective ("Nights are
    brutal", "it was so good", "that's amazing") that names no one, no number and no time in its own words.
    Replacing the fact beside it loses no other fact. A clause that says who, how much or when ("Berlin is
    expensive", "the rent is high at £900") keeps it, and so does one said of a person, which may be a state of
    theirs ("I'm vegan", "my sister is pregnant")."""
    token = doc.tokens[head]
    if token.lemma != "be":
        return False
    children = doc.children(head)
    subjects = [doc.tokens[arc.dep] for arc in children if arc.label in ("nsubj", "expl")]
    if not subjects or not all(_a_thing_judged(doc, subject) for subject in subjects):
        return False
    if not any(arc.label == "acomp" for arc in children) or any(arc.label in ("attr", "prep", "ccomp", "xcomp") for arc in children):
        return False
    return _names_no_one_no_amount_no_time(doc, head)


# Verbs that say how a thing just told weighs on the speaker: "it's killing us", "which isn't helping", "that sucks"
REACTION_VERBS = frozenset({
    "help", "kill", "suck", "stink", "rock", "rule", "bother", "annoy", "stress", "worry", "scare",
    "frighten", "upset", "depress", "drive", "bug", "frustrate", "matter", "amaze", "terrify", "sting",
})
# what a thing may drive one to: "it's driving me mad"
REACTION_OBJECTS = frozenset({"me", "us", "him", "her", "them", "you"})


def only_reacts(doc: ParsedDoc, head: int) -> bool:
    """The clause of ``head`` is the speaker's reaction to the fact beside it and nothing more: "our rent is £1,100
    and it's killing us", "Jay weighs 92kg, which isn't helping", "that sucks", "it's driving me mad". Its subject
    is the thing just told ("it", "that", "which"), its verb one of :data:`REACTION_VERBS`, and it names no one but
    by a pronoun, no number and no time: a later value replaces the fact and loses nothing. "which worries my
    doctor" names a person and keeps its fact; "it pays for the heating" is no reaction, and "it hurts to walk" is
    a symptom."""
    if doc.tokens[head].lemma.lower() not in REACTION_VERBS:
        return False
    children = doc.children(head)
    subjects = [doc.tokens[arc.dep] for arc in children if arc.label == "nsubj"]
    if not subjects or not all(s.lower in ("it", "that", "this", "which") for s in subjects):
        return False
    if any(arc.label in ("dobj", "dative") and doc.tokens[arc.dep].lower not in REACTION_OBJECTS for arc in children):
        return False
    if any(arc.label in ("prep", "attr", "ccomp", "xcomp", "advcl", "acomp") for arc in children):
        return False  # "it drives me to work weekends", "it's killing me to pay it": what it does is a fact
    return _names_no_one_no_amount_no_time(doc, head)


def _names_no_one_no_amount_no_time(doc: ParsedDoc, head: int) -> bool:
    """The clause of ``head`` has no entity, number or name in its own words."""
    return not any(doc.tokens[k].ent or doc.tokens[k].pos in ("NUM", "PROPN") for k in _own_words(doc, head))


def _a_thing_judged(doc: ParsedDoc, subject) -> bool:
    """A subject that is no person nor anyone's: "it", "that", "this", a "which" of the thing just named ("150 over
    95, which is too high"), or a common noun no one owns that names no relative ("nights", "the food"); not "I",
    "my sister", nor "my dog" or "my knee", whose state is a fact about their owner."""
    if subject.pos == "PRON" or subject.tag == "WDT":
        return subject.lower in ("it", "that", "this", "which", "everything")
    owned = any(arc.label == "poss" for arc in doc.children(subject.i))
    return subject.pos == "NOUN" and subject.lemma.lower() not in RELATIVES and not subject.ent and not owned
