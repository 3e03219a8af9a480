"""Deictic grounding at formation (seed 004): who "you" and "we" are, decided while the turn is at hand.

A memory is read later, out of its conversation, so "you" means nothing there. When a session has exactly two
named participants, "you" is the other one; "we/us/our" is resolved only when the turn itself says who "we" are
("my husband and I ... we", "you and I", "both of us"). Anything else keeps the pronoun as said, and
:func:`unresolved_deixis` reports it, so a reader (and a metric) can tell an unresolved memory from a resolved one.

Used by the extractor's realisation (token level, with the parse) and by the units stage (text level: the same
patterns decide what counts as a referring "you").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from memory_pipeline.chat_spelling import CHAT_INTERJECTIONS
from memory_pipeline.parsing import ParsedDoc, Role

YOU = "you"
WE = "we"
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself", "yourselves", "u", "ur"})
FIRST_PLURAL = frozenset({"we", "us", "our", "ours", "ourselves"})
ADDRESSEE = "addressee"
ASSISTANT = "assistant"  # the declared role of a speaker that is a chat assistant (turns.role)

# "you" that points at no one: discourse markers ("you know,", "mind you"). Matched at the word's position.
DISCOURSE_YOU = re.compile(
    r"you\s+(?:know|see)(?=\s*(?:[,.!?;:)…-]|$|what\b))|you\s+bet\b|"
    # the "you" of a rule, anyone's, not the listener's: the mark a test asks of everyone ("680, and you need 720",
    # "you need fewer than 15 minors to pass"); money one needs is the listener's ("you need £50 for the ticket")
    r"you\s+(?:need|have\s+to\s+(?:get|score)|must\s+(?:get|score))\s+"
    r"(?:at\s+least\s+|fewer\s+than\s+|less\s+than\s+|more\s+than\s+|over\s+|under\s+)?\d+(?:\.\d+)?"
    r"(?!\s*(?:quid|pounds?|dollars?|euros?|bucks|grand|k)\b)(?=\s*(?:%|points?|marks?|percent|minors)?\s*(?:[,.!?;]|$|to\s+pass))",
    re.IGNORECASE,
)
DISCOURSE_BEFORE = re.compile(r"\bmind\s+$", re.IGNORECASE)
# "you" that means more people than the addressee ("you guys", "both of you"): never one name.
PLURAL_YOU = re.compile(
    r"(?:you|u)\s+(?:guys|all(?!\s+the\s+(?:way|time))|two|both|lot|folks|people|ladies)\b|y'all", re.IGNORECASE
)
PLURAL_BEFORE = re.compile(r"\b(?:both|all|each|either|neither|any|some|none|one)\s+of\s+$", re.IGNORECASE)
# The turn says that "we" are the speaker and the addressee: "you and I", "both of us", or the conversation
# itself ("since we last talked", "when we spoke"). A talk told as news ("we talked all night and decided long
# distance won't work") is as often with someone else.
_TALKED = r"(?:spoke|talked|chatted|caught\s+up)"
WE_THE_PAIR = re.compile(
    r"\b(?:you\s+and\s+(?:i|me)|(?:i|me)\s+and\s+you|both\s+of\s+us|the\s+two\s+of\s+us|we\s+both|us\s+both|"
    rf"we\s+two|us\s+two|we\s+last\s+{_TALKED}|(?:since|when|after|(?:the\s+)?last\s+time)\s+we\s+{_TALKED})\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z]+")  # "we're" is "we" + "re"
HYPHENS = frozenset({"-", "‐", "‑", "–"})


@dataclass(frozen=True)
class Perspective:
    """Who the deictic words of one turn point to: ``addressee`` for "you" (set only when it is clear whom the
    turn addresses), ``we`` for "we/us/our" (set only when the turn says who they are), ``third`` for
    "she/he/her/him/his" from token ``third_from`` up to token ``third_until`` (set only when the turn names one
    other person before, or the turns before it were about one; ``third_until`` is where it names the next, None
    when it names no other); ``third_named`` whether ``third`` is a proper name rather than "Ana's sister";
    ``third_gender`` the gender of its pronouns, as the first that may mean it shows (None: no pronoun shows one),
    since a pronoun of the other gender is someone else ("Arjun is sweet, he makes her laugh")."""

    addressee: str | None = None
    we: str | None = None
    third: str | None = None
    third_from: int = 0
    third_until: int | None = None
    third_named: bool = True
    third_gender: str | None = None
    # sentences that name a day before the session: there a verb whose past and present look alike ("quit",
    # "put", "cut") is past, and keeps its form ("I quit smoking on New Year's Day", said on 10 January)
    looking_back: frozenset[int] = frozenset()
    # (character where a sentence that calls someone starts, whom): from there on "you" is that one ("Sam you
    # legend. Josh, you're on food.": the second "you" is Josh); before the first, ``addressee``
    calls: tuple[tuple[int, str], ...] = ()
    # the one a question just before asked after ("How's Gerald?"): whom a subject the answer dropped means
    # ("Hibernating again."), where the answer's words do not point at them themselves ("Visited her yesterday")
    asked_after: str | None = None
    # whether "you" is an assistant, whom "let's" does not make a partner in a plan ("let's start with the budget")
    to_an_assistant: bool = False

    def addressee_at(self, at: int) -> str | None:
        """Whom "you" means at character ``at`` of the turn: the one the last sentence that called someone up
        to there called, else the turn's addressee."""
        called = [whom for start, whom in self.calls if start <= at]
        return called[-1] if called else self.addressee


THIRD_PERSON = frozenset({"she", "he", "her", "him", "his", "hers"})
HE, SHE = "he", "she"
PRONOUN_GENDER = {"he": HE, "him": HE, "his": HE, "himself": HE, "she": SHE, "her": SHE, "hers": SHE, "herself": SHE}
# The forms of "he" and "she" that are done to someone (or own something: "her" is both)
OBJECT_PRONOUNS = frozenset({"him", "her"})
SUBJECTS = frozenset({"nsubj", "nsubjpass"})
# Arcs from a verb that has no subject of its own to the one whose subject it shares: "Dad took him and invited
# him", "Tom wants to see him".
SHARED_SUBJECT = frozenset({"conj", "xcomp"})


def clause_subject(doc: ParsedDoc, k: int) -> int | None:
    """The subject of the clause token ``k`` is an object or a subject in: that of the nearest verb above it with
    a subject other than ``k`` ("Tom told her": Tom). A pronoun that is the subject of a verb inside another
    clause's object ("he makes her laugh", "let him go") is that clause's object, so the clause above counts; a
    verb that shares its subject ("took him and invited him", "wants to see him") takes the one it shares."""
    verb = _verb_above(doc, k)
    while verb is not None:
        subjects = [arc.dep for arc in doc.children(verb) if arc.label in SUBJECTS]
        others = [s for s in subjects if s != k]
        if others:
            return others[0]
        shared = [arc.head for arc in doc.parents(verb) if arc.label in SHARED_SUBJECT]
        if shared:
            verb = shared[0]
        elif subjects:
            verb = _verb_above(doc, verb)
        else:
            return None
    return None


def _verb_above(doc: ParsedDoc, k: int) -> int | None:
    """The nearest verb of which token ``k`` is a dependent, at any depth."""
    seen = {k}
    heads = [arc.head for arc in doc.parents(k)]
    while heads and heads[0] not in seen:
        head = heads[0]
        if doc.tokens[head].pos in ("VERB", "AUX"):
            return head
        seen.add(head)
        heads = [arc.head for arc in doc.parents(head)]
    return None


def third_person_referent(doc: ParsedDoc, excluded: Sequence[str | None]) -> tuple[str, int, int, int] | None:
    """``(name, start, end, until)`` of the first person a turn names besides its speaker and addressee ("Ana's
    great, she just got a job"), whom a later "she" or "he" of the turn is taken to mean up to token ``until``,
    where the turn names another person (``len(doc)`` when it names none); None when it names no other person.
    No gender is guessed, so a pronoun after two names stays as said; one before the second name can only mean
    the first ("Priya's thrilled, her mum wants to meet Mum" had kept "her": "Mum", named after it, had made two)."""
    skip = {part.lower() for name in excluded if name for part in name.split()}
    found: dict[str, tuple[int, int]] = {}
    for start, end in _named_people(doc):
        name = bare_name(doc.span_text(start, end))
        if name and not any(part.lower() in skip for part in name.split()):
            found.setdefault(name, (start, end))
    if not found:
        return None
    (name, (start, end)), *others = found.items()
    until = others[0][1][0] if others else len(doc)
    # "Karen won. We're getting a rescue greyhound, his name is Jet": an animal brought in after the name with a name
    # of its own is a second one a "he" or "she" may mean; "Sarah came round with her dog. she stayed" is Sarah
    until = next((k for k in range(end, until) if doc.tokens[k].lower in PET_NOUNS and doc.tokens[k].pos == "NOUN"
                  and _given_a_name(doc, k)), until)
    owned = _owned_someone(doc, start, end)
    # "Ben's sister got engaged. She told me": the sister is a second person the turn names, so "she" after her is
    # either of the two and stays as said
    return name, start, end, min(until, owned) if owned is not None else until


def _given_a_name(doc: ParsedDoc, animal: int) -> bool:
    """The animal at ``animal`` is given a name right after it: "a greyhound called Jet", "a puppy named Poppy", "a
    whippet, his name is Bolt"."""
    after = [t.lower for t in doc.tokens[animal + 1 : animal + 5]]
    return bool({"called", "named"} & set(after[:2])) or any(
        a in ("his", "her", "its") and b == "name" for a, b in zip(after, after[1:]))


def bare_name(text: str) -> str:
    """A name as written without its possessive and an article the tagger took in: "Ana's" is Ana, "a Mrs Owen" Mrs
    Owen."""
    return re.sub(r"['’]s$", "", re.sub(r"^(?:a|an)\s+(?=[A-Z])", "", text.strip()))


# Nouns of someone a "she" or "he" may mean: relatives, the people of one's life, pets. (This module sits below
# extraction, so it keeps its own list rather than import the extractor's family words.)
ANIMATE_NOUNS = frozenset(
    """mother father mom mum dad parent sister brother wife husband partner girlfriend boyfriend fiance fiancé
    fiancee fiancée grandma grandpa grandmother grandfather aunt uncle cousin niece nephew son daughter kid child
    baby friend bestie boss colleague coworker co-worker manager roommate flatmate housemate neighbour neighbor
    teacher doctor ex dog cat puppy kitten pet horse grandson granddaughter grandchild grandkid stepson stepdaughter
    stepdad stepfather stepmum stepmom stepmother stepbrother stepsister godson goddaughter""".split()
)


# Words for an animal someone keeps: a species or a breed, as owners call their pets ("my old lab Bella", "a cocker
# spaniel called Biscuit", "a rescue greyhound"). A "he" or "she" after one may be the animal, not a person named
# before it ("Karen won. We're getting a greyhound, his name is Jet").
PET_NOUNS = frozenset(
    """dog dogs puppy puppies pup pups cat cats kitten kittens kitty pet pets horse horses pony ponies rabbit
    rabbits bunny bunnies hamster hamsters gerbil gerbils guinea ferret ferrets parrot parrots budgie budgies
    goldfish tortoise tortoises lab labs labrador retriever spaniel collie greyhound greyhounds whippet lurcher
    terrier staffie poodle cockapoo labradoodle beagle pug dachshund husky shepherd alsatian corgi chihuahua
    schnauzer tabby""".split()
)


def _owned_someone(doc: ParsedDoc, start: int, end: int) -> int | None:
    """Where the name at ``start..end`` owns someone ("Ben's sister", "Mrs Okafor's dog"): that noun's index."""
    for k in range(start, end):
        for arc in doc.parents(k):
            if arc.label != "poss":
                continue
            # the owned noun, or a compound of it where the parse made the verb after it a noun ("Priya's mum rang")
            owned = [arc.head, *(a.dep for a in doc.children(arc.head) if a.label == "compound")]
            if any(doc.tokens[j].lemma.lower() in ANIMATE_NOUNS for j in owned):
                return arc.head
    return None


# Roles in which a proper name is a person the turn talks about ("Ana's great", "Jen's doing well").
PERSON_ROLES = frozenset({"nsubj", "nsubjpass", "poss", "appos"})


def _named_people(doc: ParsedDoc) -> list[tuple[int, int]]:
    """Token spans of the people a turn names: PERSON entities, and proper names the small tagger leaves
    untagged or calls an organisation that stand as a subject or an owner (it misses many first names); never
    chat's interjections, which it takes for either."""
    spans = [(_with_a_title(doc, _past_interjections(doc, e.start, e.end)), e.end)
             for e in doc.entities if e.label == "PERSON"]
    spans = [(start, end) for start, end in spans if start < end]
    covered = {i for start, end in spans for i in range(start, end)}
    for token in doc.tokens:
        if token.i in covered or token.pos != "PROPN" or token.ent not in ("", "ORG", "GPE") or not token.text[:1].isupper():
            continue
        if token.lower in CHAT_INTERJECTIONS:
            continue  # "Haha is she okay?", "nah was at my sister's": no one the turn names
        if _told_who_they_are(doc, token.i):
            spans.append((token.i, token.i + 1))  # "Becky the new HCA? she seems nice": Becky, whatever her role
        elif token.ent != "GPE" and not _with_an_article(doc, token.i) and any(
                arc.label in PERSON_ROLES for arc in doc.parents(token.i)):
            spans.append((token.i, token.i + 1))
    return sorted((start, end) for start, end in spans if _may_be_a_person(doc, start, end))


ARTICLES = frozenset({"the", "a", "an"})


def _with_an_article(doc: ParsedDoc, k: int) -> bool:
    """The capitalised word at ``k`` takes an article, as a role or a title does ("the new HCA", "the GP"), not a
    first name: "Becky the new HCA? she seems nice" had given "she" to the HCA."""
    return any(arc.label == "det" and doc.tokens[arc.dep].lower in ARTICLES for arc in doc.children(k))


def _told_who_they_are(doc: ParsedDoc, k: int) -> bool:
    """The name at ``k`` is followed by what person it is, in apposition: a word for a person ("Becky the new nurse",
    which the tagger may call a place) or, after a name it left untagged, a role with an article ("Becky the new
    HCA"); not a place's ("Lisbon, the capital")."""
    return any(
        arc.label == "appos" and arc.dep > k and (
            doc.tokens[arc.dep].lemma.lower() in PERSON_ROLE_NOUNS
            or doc.tokens[k].ent == "" and _with_an_article(doc, arc.dep))
        for arc in doc.children(k)
    )


# The last word of the name of a street, a building or a firm, which the small tagger calls a person or leaves
# untagged ("its in Hackney, Mare Street. her room is 850" had made "her" Street's): no "she" means one. Words
# that are also surnames ("Lane", "Hill", "Park", "Green", "Close") are left out.
PLACE_AND_FIRM_WORDS = frozenset(
    """street st road rd avenue ave crescent terrace square gardens boulevard station hospital school college
    university centre center ltd inc plc llc council""".split()
)


# Words that name a place after a saint ("St Brigid's", "Saint Mary's", "St. Thomas'"): a church, a hospital, a
# school or a care home, never the one a later "she" or "he" means ("gran's been at St Brigid's a month, she's
# calmer now" had made it "Brigid is calmer now"). The place is that mention's: "my friend Mary" is still someone.
SAINT_WORDS = frozenset({"st", "st.", "saint"})
POSSESSIVE_MARKS = frozenset({"'s", "’s", "'", "’"})
# Nouns after a saint's name that make it a place's ("St Luke primary", "St Anne church")
SAINTS_PLACE_NOUNS = PLACE_AND_FIRM_WORDS | frozenset("church chapel cathedral hospice primary academy parish".split())
# Titles before a surname that opens with "St" ("Mr St. Clair", "Dr St Pierre"): a person's
NAME_TITLES = frozenset("mr mr. mrs mrs. ms ms. miss dr dr. prof prof.".split())


def _a_saint_word(word: str) -> bool:
    return word[:1] == "S" and word.lower() in SAINT_WORDS


def a_saints_place(words: Sequence[str], start: int, end: int) -> bool:
    """The name of ``words[start:end]`` is a place's: it opens with "St" or "Saint" and a name ("St Brigid's"), or
    follows one and is owned or has a place's noun after it ("St" "Brigid" "'s", "St Luke primary"). Not after a
    title ("Mr St. Clair", "Dr St Pierre"), nor "Saint" alone ("Saint is my dog's name"); a name after a street's
    "St." that ends a sentence ("we're on Hoe St. Ana came round") owns nothing, and stays someone."""
    if _a_saint_word(words[start]):
        return end - start > 1 and not (start > 0 and words[start - 1].lower() in NAME_TITLES)
    if start == 0 or not _a_saint_word(words[start - 1]) or (start > 1 and words[start - 2].lower() in NAME_TITLES):
        return False
    return end < len(words) and (words[end] in POSSESSIVE_MARKS or words[end].lower() in SAINTS_PLACE_NOUNS)


# The letters a name is written in; a grade or a code the tagger calls a person is not ("A*AA! He got in").
_NAME_LETTERS = re.compile(r"[^\W\d_]+(?:[-'’.\s]+[^\W\d_]+)*\.?")
def _may_be_a_person(doc: ParsedDoc, start: int, end: int) -> bool:
    """The name at ``start..end`` may be whom a later "he" or "she" means: it is written in letters, it is not
    coordinated with a place ("Bristol and Leeds both made offers. He needs AAB": Bristol is one of the places), and
    it is not where something is (:func:`_a_place_it_is_in`)."""
    if not _NAME_LETTERS.fullmatch(doc.span_text(start, end)) or a_saints_place([t.text for t in doc.tokens], start, end):
        return False
    if _a_place_it_is_in(doc, start, end):
        return False
    head = end - 1
    compounded = [a.head for a in doc.parents(head) if a.label == "compound"]
    if any(doc.tokens[k].lower in PLACE_AND_FIRM_WORDS for k in (head, *compounded)) and not _said_to_be_a_person(doc, head):
        return False
    neighbours = [a.dep for a in doc.children(head) if a.label == "conj"] + [a.head for a in doc.parents(head) if a.label == "conj"]
    return not any(doc.tokens[k].ent in ("GPE", "LOC", "FAC") for k in neighbours)


def _a_place_it_is_in(doc: ParsedDoc, start: int, end: int) -> bool:
    """The name right after an "in" that says where a thing is or one lives, not owning anything, is a place ("the
    consulate in Izmir is on the 12th. I must send her the letter" had made "her" Izmir's, the tagger calling the town
    a person), as it is across turns (:mod:`.extraction.referents` rules out a name after "in"); "in Ana's room" is
    Ana's, and an "in" a verb or a word of feeling takes is a person's ("believe in Lucy", "disappointed in Mark",
    "loop in Kate")."""
    if start == 0 or doc.tokens[start - 1].lower != "in" or (end < len(doc.tokens) and doc.tokens[end].text in POSSESSIVE_MARKS):
        return False
    heads = [doc.tokens[arc.head] for arc in doc.parents(start - 1) if arc.label == "prep"]
    return any(head.pos in ("NOUN", "PROPN") or head.lemma in WHERE_ONE_IS_VERBS for head in heads)


# Verbs whose "in" says where one is ("she lives in Hull", "he's working in Leeds"), not whom one means
WHERE_ONE_IS_VERBS = frozenset({"be", "live", "stay", "work", "study", "bear", "grow", "base", "settle", "move"})


# Nouns that say what a person is ("Maria Street is a great teacher", "Tom Road is our new neighbour"): with a name
# for their subject, the name is a person's, whatever its last word
PERSON_ROLE_NOUNS = (ANIMATE_NOUNS - PET_NOUNS) | frozenset(
    """nurse tutor coach student mentor lawyer dentist surgeon vet midwife therapist woman man lady guy girl boy
    person bloke""".split()
)


def _said_to_be_a_person(doc: ParsedDoc, head: int) -> bool:
    """The name whose last word is ``head`` is the subject of an "is" that says what person it is ("Maria Street
    is a great teacher. her class loves her"): a surname that is also a street's word, not a street."""
    for arc in doc.parents(head):
        if arc.label != "nsubj" or doc.tokens[arc.head].lemma != "be":
            continue
        said = [doc.tokens[a.dep] for a in doc.children(arc.head) if a.label == "attr"]
        if any(t.lemma.lower() in PERSON_ROLE_NOUNS for t in said):
            return True
    return False


def _past_interjections(doc: ParsedDoc, start: int, end: int) -> int:
    """Where a person's name starts inside an entity the tagger took a leading "FYI" or "omg" into ("FYI Luis"), or
    an article ("a Mrs Owen": an older way to bring someone in, which had been written "see a Mrs Owen again")."""
    while start < end and (doc.tokens[start].lower in CHAT_INTERJECTIONS or doc.tokens[start].lower in ARTICLES):
        start += 1
    return start


def _with_a_title(doc: ParsedDoc, start: int) -> int:
    """Where a name starts with the title the tagger left out of it ("Mr" of "Mr Dawson"): the title is part of how
    the memory writes the person, and no second person beside them ("Mr Dawson ... He says" had kept "He")."""
    return start - 1 if start > 0 and doc.tokens[start - 1].lower in NAME_TITLES else start


def session_addressee(speaker: str | None, participants: Sequence[str]) -> str | None:
    """The other participant when the session has exactly two named ones and ``speaker`` is one of them."""
    named = list(dict.fromkeys(p for p in participants if p and p.strip()))
    if speaker is None or len(named) != 2 or speaker not in named:
        return None
    return named[1] if named[0] == speaker else named[0]


def turn_addressee(text: str, speaker: str | None, participants: Sequence[str]) -> str | None:
    """Whom "you" means in one turn: the participant it calls by name ("Wes, you should apply", "see you Sunday,
    Kim!", "Kwame you do bathroom", "@alex can you review them"), in a group as between two; else the other one of
    two participants. A turn that calls several people one sentence after another has a "you" for each
    (:func:`sentence_calls`)."""
    return vocative(text, speaker, participants) or session_addressee(speaker, participants)


_NAME_WORD = r"[A-Za-z][A-Za-z'-]*"
_CALLED = rf"(?P<called>{_NAME_WORD})"
_SECOND_PERSON_NEXT = r"(?:you|your|you're|youre|u|ur)\b"
# "Mikey I literally came to the last three": a name opening a sentence right before "I" calls the one it names
_FIRST_PERSON_NEXT = r"(?:i|i'm|i’m|im|i've|i’ve|i'll|i’ll|i'd|i’d)\b"
# Words after which a sentence is whole, so a name closing it with no comma is no object but a call ("You've got
# this Ana", "nailed it Sam"; "did you see Ana?" sees her)
CLAUSE_CLOSERS = frozenset("it this that them me us him her too again then now though tonight today".split())
_CLAUSE_CLOSER = rf"(?:{'|'.join(sorted(CLAUSE_CLOSERS))})"
# "Kwame, Priya and I are going": a list goes on after the comma, no one is called
_LIST_GOES_ON = r"\s*[A-Za-z][A-Za-z'-]*\s*(?:,|and\b|&)"
# Where a name calls someone: opening a sentence (after at most a greeting) before a comma, a "you" or an "I",
# or a clause after a comma before a "you" ("Josh you're on food, Ana you bring the tent"); closing a clause
# after a comma, or a sentence after a word that ends it whole; after "@"; after the thanks, wishes and greetings
# said to someone ("thank you Sam", "well done Chi").
CALLS = (
    re.compile(rf"(?:^|[.!?]\s+)(?:(?:hey|hi|hello|ok|okay|oh|so|and|well|yes|yeah|right)\s*,?\s+)?{_CALLED}(?:\s*[,!:](?!{_LIST_GOES_ON})|\s+(?={_SECOND_PERSON_NEXT}))", re.I),
    re.compile(rf",\s*{_CALLED}\s*(?:[.!?]+|$)", re.I),
    # not after a copula: "Was it Tom?", "is that Sam?" say who it is
    re.compile(rf"\b(?<!is )(?<!was )(?<!'s )(?<!are )(?<!were ){_CLAUSE_CLOSER}\s+{_CALLED}\s*(?:[,.!?]|$)", re.I),
    re.compile(rf",\s*{_CALLED}\s+(?={_SECOND_PERSON_NEXT})", re.I),  # a clause opened by a call: see _SENTENCE_END
    re.compile(r"(?P<called>@[A-Za-z][A-Za-z'-]*)"),
    re.compile(rf"\byou\s+{_CALLED}\s*(?=[,!.?]|$)", re.I),
    re.compile(rf"\b(?:thanks|thank you|thx|ty|congrats|congratulations|well done|good luck|happy birthday|love you|miss you|see you)\s*,?\s+{_CALLED}\b(?!['’])", re.I),
)
SHORT_FORM_MIN = 3  # letters; "Chi" calls Chioma, "Al" is too short to call anyone


def vocative(text: str, speaker: str | None, participants: Sequence[str]) -> str | None:
    """The other participant a turn calls by name (:data:`CALLS`), by their name or a short form of it ("Chi" for
    Chioma, "Becca" for Rebecca); of several called, the one called last before the first "you"."""
    text = text or ""
    return _callee(text, _calls(text, speaker, participants))


# Where a sentence ends (its closing marks and the space after them, or a line break), or a clause that may call
# someone of its own begins ("Josh you're on food, Ana you bring the tent")
_SENTENCE_END = re.compile(rf"[.!?]+\s+|\n+|,\s*(?={_NAME_WORD}\s+{_SECOND_PERSON_NEXT})", re.I)


def sentence_calls(text: str, speaker: str | None, participants: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """``(start, whom)`` for each sentence (or clause opened by a call) of a turn that calls someone
    (:func:`vocative`, read in that sentence alone): the one its "you" means, and the "you" of the sentences after
    it up to the next that calls someone ("Sam you legend. Josh, you're on food." is Sam's legend and Josh's
    food)."""
    text = text or ""
    calls = _calls(text, speaker, participants)
    starts = [0, *(m.end() for m in _SENTENCE_END.finditer(text))]
    found = []
    for start, end in zip(starts, [*starts[1:], len(text)]):
        whom = _callee(text[start:end], [(at - start, name) for at, name in calls if start <= at < end])
        if whom is not None:
            found.append((start, whom))
    return tuple(found)


# A pet name or short form opening a sentence before "I" ("Mikey I literally came to the last three"); a name as
# written there is as often the subject of what follows ("Sam I think is running late").
PET_CALL_BEFORE_I = re.compile(rf"(?:^|[.!?]\s+){_CALLED}\s+(?={_FIRST_PERSON_NEXT})", re.I)


def _calls(text: str, speaker: str | None, participants: Sequence[str]) -> list[tuple[int, str]]:
    """``(character, whom)`` of every call (:data:`CALLS`, :data:`PET_CALL_BEFORE_I`) of another participant in
    ``text``, in order."""
    others = [p for p in dict.fromkeys(p.strip() for p in participants if p and p.strip()) if p != (speaker or "").strip()]
    found = [
        (m.start("called"), whom)
        for pattern in CALLS
        for m in pattern.finditer(text)
        if (whom := called_participant(m.group("called"), others, marked=_marked(text, m))) is not None
    ]
    found += [
        (m.start("called"), whom)
        for m in PET_CALL_BEFORE_I.finditer(text)
        if (whom := called_participant(m.group("called"), others)) is not None
        and m.group("called").lower() != whom.split()[0].lower()
    ]
    return sorted(set(found))


def _callee(text: str, calls: Sequence[tuple[int, str]]) -> str | None:
    """Of the ``calls`` in ``text``, the one called last before its first "you", else the first."""
    if not calls:
        return None
    you = re.search(rf"\b{_SECOND_PERSON_NEXT}", text, re.I)
    before = [whom for at, whom in calls if you is None or at < you.start()]
    return before[-1] if before else calls[0][1]


def _marked(text: str, match: re.Match) -> bool:
    """The call is set off as one: an @-mention, or a comma (or "!", ":") right after the name."""
    return match.group("called").startswith("@") or bool(re.match(r"\s*[,!:]", text[match.end("called") :]))


# Words that are no one's call unless set off by a comma or "@" ("Will, you coming?" may call Will; "Will you be
# there?" asks), and that never call anyone by a short form ("Lol you're funny" does not call Lola, nor "Man, you
# were lucky" Mandy): English function words, chat's interjections, the words people call anyone by, and first
# names that are also words.
NOT_CALLS = frozenset(
    """a about all also am an and any are as at be been but by can could did do does done even ever for from get
    glad got had has have he her here hers him his how i if in is it its just let like made may me might more most
    much must my no nor not now of off on once only or our out over own same she should so some such than that the
    their them then there these they this those to too under until up us very was we were what when where which while
    who why will with would yet you your came come go going gone make see seen said say take told tell bet hope wish
    know think thought love miss hey hi hello hiya yo sup yes yeah yep nope no ok okay sure thanks well good great
    nice cool sorry please man mate bro bruv dude guys guy girl girls babe baby hun hon honey love darling dear
    sweetie bestie sis fam boss buddy pal kid kids folks everyone everybody all y'all grace joy faith hope rose
    mark bill will may june april summer penny pat sue rob jack frank don art ray max chase sky dawn""".split()
) | CHAT_INTERJECTIONS


def called_participant(word: str, others: Sequence[str], marked: bool = True) -> str | None:
    """The one participant ``word`` calls: their name or first name, else, for a capitalised word that is no
    common word, the only one whose name begins with it or, from four letters, holds it ("Becca" in Rebecca), or
    whom it is a pet name of (:func:`pet_name_of`: "Joshy" for Josh). ``marked``: set off by a comma or "@"; a
    common word that is also a name ("Will", "Hope") calls only so."""
    lowered = word.lower().strip("'-@")
    common = lowered in NOT_CALLS
    exact = [p for p in others if p.lower() == lowered or p.split()[0].lower() == lowered]
    if exact:
        return exact[0] if marked or not common else None
    at_mention = word.startswith("@")
    if common or len(lowered) < SHORT_FORM_MIN or not (word[:1].isupper() or at_mention):
        return None
    short = [p for p in others if p.lower().startswith(lowered) or (len(lowered) >= 4 and lowered in p.lower())
             or pet_name_of(lowered, p)]
    return short[0] if len(short) == 1 else None


# Endings that make a pet name of a name or of its first letters ("Joshy", "Mikey", "Benji", "Charlie", "Dani"); not
# an "s", which chat's possessive without its apostrophe ends in ("Toms car").
PET_NAME_ENDINGS = ("ie", "ey", "ji", "y", "i")
# A pet name made of a part of the first name keeps at least this many letters of it ("Marky" for Marco): from
# three, "Mary" would call a Marco and "Lucy" a Lucas.
PET_NAME_PART_MIN = 4


def pet_name_of(word: str, name: str) -> bool:
    """``word`` (lower case) is a pet name of ``name``: its first name, or the first four or more letters of it,
    with a pet name's ending ("Joshy", "Mikey", "Benji" for Ben, "Marky" for Marco: a part keeps at least
    :data:`PET_NAME_PART_MIN` letters, so "Mary" is no pet name of Marco; a hard "c" is as often
    written "k" or "ck", as in "Vicky" for Victoria); the whole first name may double its last letter first
    ("Tommy" for Tom). "Sunny" is no pet name of Sunil, "Marry" none of Marco: a doubled letter after a part of a
    name makes an everyday word more often than a pet name."""
    said, first = _as_said(word), _as_said(name.split()[0].lower())
    for ending in PET_NAME_ENDINGS:
        stem = said.removesuffix(ending)
        if stem == said or len(stem) < SHORT_FORM_MIN:
            continue
        if stem in (first, first + first[-1]) or (len(stem) >= PET_NAME_PART_MIN and first.startswith(stem)):
            return True
    return False


def _as_said(word: str) -> str:
    """``word`` with its "c" and "ck" written "k", as a pet name may spell them ("Marky": "Marko")."""
    return word.replace("ck", "k").replace("c", "k")


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def second_person_use(text: str, at: int) -> str:
    """``referential``, ``plural`` or ``discourse`` for the second-person word starting at character ``at``."""
    before = text[max(0, at - 16) : at]
    if PLURAL_YOU.match(text, at) or PLURAL_BEFORE.search(before):
        return "plural"
    if DISCOURSE_YOU.match(text, at) or DISCOURSE_BEFORE.search(before):
        return "discourse"
    return "referential"


def _is_us_the_country(word: str) -> bool:
    return word == "US"


def in_hyphenated_word(text: str, start: int, end: int) -> bool:
    """The word at ``start:end`` of ``text`` is joined by a hyphen to a word before or after it ("me" in
    "me-time"): part of that word, not a pronoun."""
    joined_before = start >= 2 and text[start - 1] in HYPHENS and text[start - 2].isalnum()
    joined_after = text[end : end + 1] in HYPHENS and text[end + 1 : end + 2].isalnum()
    return joined_before or joined_after


def in_quotation(text: str, at: int) -> bool:
    """Character ``at`` lies inside quoted words (``my boss said "you're getting promoted"``, ``he texted me 'I'm
    done with you'``), whose pronouns are the quoted speaker's: kept as written, never grounded to this turn's
    speaker or listener."""
    before = text[:at]
    if before.count("“") > before.count("”"):
        return True
    if before.count('"') % 2 == 1 and '"' in text[at:]:
        return True
    return any(start < at < end for start, end in single_quoted(text)) or in_code(text, at)


def in_code(text: str, at: int) -> bool:
    """Character ``at`` lies in code written between backticks (a fenced block or `inline`): kept as written,
    so "for i in range" keeps its "i"."""
    fences = text[:at].count("```")
    if fences % 2 == 1:
        return True
    line_start = text.rfind("\n", 0, at) + 1
    return text[line_start:at].replace("```", "").count("`") % 2 == 1 and "`" in text[at:]


def in_a_name(text: str, start: int, end: int) -> bool:
    """The word at ``start:end`` is a capital "U" of a university's short name ("U of T", "U of M"), not "you"."""
    return text[start:end] == "U" and re.match(r"\s+of\s+[A-Z](?:[A-Z]*\b)", text[end:]) is not None


# Things named "thank you" (a compound noun, "thank-you cards" unhyphenated): their "you" thanks no one. In the
# singular, several are verbs too ("thank you text me when you're back"), and bare "thank you" before any word is
# the thanks itself: a noun follows it as a thing only in the plural, or after an article or an owner, where "thank
# you" is a noun whatever follows (below).
THANK_YOU_NOUNS = frozenset({"cards", "notes", "letters", "messages", "gifts", "presents", "emails", "texts", "speeches"})
# "Thank you" is a noun of its own after an article or an owner, maybe with a word of size or warmth between ("as a
# thank you", "a big thank you to everyone", "a thank you note"), and words quoted after a verb of saying ("to say
# thank you", "I said thank you to Tom"): neither thanks the listener, and both had become "thanks <listener>".
THANK_YOU_SIZES = frozenset({"big", "huge", "massive", "little", "small", "special", "quick", "proper", "heartfelt",
                             "belated", "lovely", "warm", "sincere", "personal", "public"})
_THANK_YOU_BEFORE = re.compile(
    r"(?:(?P<determiner>\b(?i:a|an|the|my|your|his|her|our|their|some|that|this)\s+(?:(?P<size>[A-Za-z]+)\s+)?)"
    r"|(?P<said>\b(?i:say|says|said|saying)\s+))?(?i:thank)\s+$"
)
_NOUN_AFTER = re.compile(r"\s+([A-Za-z]+)")


def in_thank_you_noun(text: str, start: int, end: int) -> bool:
    """The word at ``start:end`` is the "you" of "thank you" naming a thing ("send thank you cards by July", "a thank
    you note to her", "as a thank you") or quoted after a verb of saying ("to say thank you"), no pronoun: written
    as it was, never grounded to the listener."""
    if text[start:end].lower() not in SECOND_PERSON:
        return False  # asked of every word of a memory: the look back is for a "you" alone
    thank = _THANK_YOU_BEFORE.search(text, max(0, start - 24), start)  # "a heartfelt thank " at most
    if thank is None:
        return False
    if thank.group("size") is not None and thank.group("size").lower() not in THANK_YOU_SIZES:
        thank = _THANK_YOU_BEFORE.search(text, thank.start("size"), start)  # "a lot thank you": no size, no article
    if thank.group("said") is not None or thank.group("determiner") is not None:
        return True
    after = _NOUN_AFTER.match(text, end)
    return after is not None and after.group(1).lower() in THANK_YOU_NOUNS


# Single quotes share their mark with the apostrophe ("can't", "Jess' car", "'til"): a quote opens at a mark that
# starts a word after a space, a bracket or a colon (not a clipped word: 'til, 'cause, 'cuz, 'em, 'kay, nor a year:
# '99) and closes at the first mark after a word that ends one, before punctuation or the end, or before a space;
# after an "s" or an "n" and before a lower-case word the mark is an apostrophe ("my parents' place", "goin' home").
_SINGLE_OPEN = re.compile(
    r"(?:^|(?<=[\s(\[:,]))['‘](?=[^\s'‘’\d])"
    r"(?!(?:til|till|cause|cos|coz|cuz|em|bout|round|kay|tis|twas|sup|nuff|n|s)\b)",
    re.IGNORECASE,
)
_SINGLE_CLOSE = re.compile(r"(?<=\S)['’](?=$|[.,!?;:)\]]|\s+(?![a-z]))|(?<=[^\ssSnN])['’](?=\s+[a-z])")


@lru_cache(maxsize=4096)
@lru_cache(maxsize=256)
def single_quoted(text: str) -> tuple[tuple[int, int], ...]:
    """The ``[start, end)`` spans of the words in single quotes, marks included. Kept for the texts read last:
    :func:`in_quotation` asks it of every word of a text."""
    spans, at = [], 0
    while (opening := _SINGLE_OPEN.search(text, at)) is not None:
        closing = _SINGLE_CLOSE.search(text, opening.end())
        if closing is None:
            break
        spans.append((opening.start(), closing.end()))
        at = closing.end()
    return tuple(spans)


def unresolved_deixis(text: str) -> list[str]:
    """The deictic kinds (``"you"``, ``"we"``) that ``text`` still uses without saying who is meant.

    Discourse markers ("you know,") point at no one and are not counted; "US" in capitals is the country.
    """
    found: set[str] = set()
    for match in _WORD.finditer(text or ""):
        word = match.group(0)
        lower = word.lower()
        if lower not in SECOND_PERSON and lower not in FIRST_PLURAL:
            continue
        if (
            in_hyphenated_word(text, match.start(), match.end())
            or in_quotation(text, match.start())
            or in_a_name(text, match.start(), match.end())
            or in_thank_you_noun(text, match.start(), match.end())
        ):
            continue  # "all-you-can-eat", "we-time": part of a word, not a pronoun
        if lower in SECOND_PERSON and second_person_use(text, match.start()) != "discourse":
            found.add(YOU)
        elif lower in FIRST_PLURAL and not _is_us_the_country(word):
            found.add(WE)
    return sorted(found)


def noun_phrase(doc: ParsedDoc, head: int) -> tuple[int, int]:
    """Token range of a noun phrase: its head with its modifiers and function words ("my little brother"), without
    a coordinating conjunction hanging off its edge ("my husband and [I]") or a subordinator the parse hung on it
    ("so Tom and I can have a break": "so" is no part of who "we" are)."""
    span, stack = {head}, [head]
    while stack:
        for arc in doc.children(stack.pop()):
            if arc.role in (Role.MODIFIER, Role.FUNCTION) and arc.dep not in span and doc.tokens[arc.dep].pos not in ("PUNCT", "CCONJ", "SCONJ"):
                span.add(arc.dep)
                stack.append(arc.dep)
    # the parse hangs "in law" as a place ("in" what?): without it a father-in-law was told as the speaker's father
    return min(span), in_law_end(doc, max(span)) or max(span) + 1


# How "in law" is cut after a kin word: "father in law", "mother-in-law", "in - law"
IN_LAW_SPELLINGS = (["in", "law"], ["-", "in", "-", "law"], ["in", "-", "law"], ["-", "in", "law"], ["in-law"], ["-", "in-law"])


def in_law_end(doc: ParsedDoc, kin: int) -> int | None:
    """The token after the "in law" that follows the kin word ``kin`` ("my father in law", "my mother-in-law"), or
    None; "my son in law enforcement" is a son who works there."""
    for said in IN_LAW_SPELLINGS:
        after = kin + 1 + len(said)
        if [t.lower for t in doc.tokens[kin + 1 : after]] == said and not (
                after < len(doc.tokens) and doc.tokens[after].pos in ("NOUN", "PROPN")):
            return after
    return None


def we_partner(doc: ParsedDoc) -> str | tuple[int, int] | None:
    """Who besides the speaker "we" are, when the turn says so: :data:`ADDRESSEE` ("you and I", "both of us"),
    the token range of a phrase coordinated with "I"/"me" ("my husband and I"), or None when the turn does not say.
    """
    if not any(t.lower in FIRST_PLURAL for t in doc.tokens):
        return None
    if WE_THE_PAIR.search(doc.text):
        return ADDRESSEE
    for token in doc.tokens:
        if token.lower not in ("i", "me"):
            continue
        # "me and my sister": the conjunct after the pronoun is its partner. "my husband and I": the one it hangs
        # from, when a conjunction joins them; a parse that hangs "me" from a noun across a comma ("the
        # festival, me and my sister") has not found a partner.
        partners = [a.dep for a in doc.children(token.i) if a.role is Role.COORD]
        partners += [a.head for a in doc.parents(token.i) if a.role is Role.COORD and _conjunction_between(doc, a.head, token.i)]
        for partner in partners:
            if doc.tokens[partner].lower in SECOND_PERSON:
                return ADDRESSEE
            if doc.tokens[partner].pos in ("NOUN", "PROPN"):
                return noun_phrase(doc, partner)
    return None


def _conjunction_between(doc: ParsedDoc, a: int, b: int) -> bool:
    return any(doc.tokens[k].pos == "CCONJ" for k in range(min(a, b) + 1, max(a, b)))


def split_subject_head(doc: ParsedDoc, k: int) -> int | None:
    """The first half of a coordinated subject whose second half is token ``k``, when the parse hung the halves on
    two verbs ("Are you and Marta coming": "you" on "Are", "Marta" on "coming", a conjunct of "Are"); else None."""
    if k < 2 or doc.tokens[k - 1].pos != "CCONJ" or not any(a.label in ("nsubj", "nsubjpass") for a in doc.parents(k)):
        return None
    verbs = {a.head for a in doc.parents(k) if a.label in ("nsubj", "nsubjpass")}
    heads = {a.head for v in verbs for a in doc.parents(v) if a.label == "conj"}
    first = k - 2
    if any(a.label in ("nsubj", "nsubjpass") and a.head in heads for a in doc.parents(first)):
        return first
    return None


def is_subject(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is the actor of its predicate, or the subject of a passive ("you have been married since 2015"):
    the verb after it agrees with it. (A passive's "'s" stays as written: the parse's "she's been", "he's got" are
    "has", not "is".)"""
    nxt = doc.tokens[k + 1] if k + 1 < len(doc.tokens) else None
    contracted = nxt is not None and nxt.lower.replace("’", "'") == "'s"
    if any(a.role is Role.ACTOR or (a.label == "nsubjpass" and not contracted) for a in doc.parents(k)):
        return True
    return nxt is not None and nxt.lower.replace("’", "'") in ("'re", "'ve", "'ll", "'d")
