"""Whom a "he" or "she" means when the turn itself does not say: the one person the last turns talked about.

Within a turn, :func:`memory_pipeline.grounding.third_person_referent` reads "she" after the name the turn gives.
Across turns people do the same: "LeBron is incredible. Have you ever met him?" - "A few times. He's real chill."
The answer's memory is read alone later, so its "he" has to become LeBron. This module follows, per session, whom
the talk is about (the *focus*): the one person a turn mentions, by name or as "my/your <relative>", kept while
the next turns go on with "he" or "she", and dropped

* when a turn brings in anyone else (another name, "a guy", "the actor", "her brother"), or two people at once;
* when a pronoun's gender goes against what is known of the focus ("my sister" is she; a name tells nothing
  until a pronoun has stood for it);
* after :data:`FOCUS_TURNS` turns without a word of them.

Every turn's text is read, not only the admitted ones: the question that named the person is often one the gate
left out. Those turns are not parsed, so a name is one the parser found as a person somewhere in the
conversation, matched as written. Reading text rather than parses keeps the rule one rule for both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from memory_pipeline.chat_spelling import AMBIGUOUS_APOSTROPHE_LESS, APOSTROPHE_LESS, CHAT_ABBREVIATIONS, CHAT_TIME_WORDS
from memory_pipeline.extraction.lexicon import CHAT_INTERJECTIONS, DISCOURSE_WORDS, STOP_WORDS
from memory_pipeline.grounding import (
    ANIMATE_NOUNS, HE, PERSON_ROLES, PET_NOUNS, PRONOUN_GENDER, SAINTS_PLACE_NOUNS, SHE, a_saints_place, bare_name,
    possessive,
)
from memory_pipeline.parsing import ParsedDoc

# How many turns a person stays the one "he" or "she" may mean without being mentioned again: the other side's
# answer and the speaker's next turn, one exchange.
FOCUS_TURNS = 2

MALE_NOUNS = frozenset(
    "father dad papa brother husband boyfriend fiance fiancé grandpa grandfather uncle nephew son boy guy man "
    "gentleman grandson stepson stepdad stepfather stepbrother godson".split()
)
FEMALE_NOUNS = frozenset(
    "mother mom mum mama sister wife girlfriend fiancee fiancée grandma grandmother aunt niece daughter girl woman "
    "lady landlady granddaughter stepdaughter stepmum stepmom stepmother stepsister goddaughter".split()
)
# Words for a person with no name: a turn that uses one may mean that person by its "he" or "she".
PERSON_NOUNS = ANIMATE_NOUNS | MALE_NOUNS | FEMALE_NOUNS | frozenset(
    """person someone somebody stranger kid child actor actress player author writer artist singer musician coach
    nurse officer customer client patient student mentor trainer therapist counselor counsellor vet surgeon
    landlord landlady owner driver waiter waitress guest host friend buddy mate pal classmate teammate plumber
    electrician builder decorator dentist gp physio physiotherapist optician pharmacist consultant midwife nanny
    babysitter childminder carer cleaner mechanic contractor barber hairdresser stylist receptionist postman
    courier technician engineer lawyer solicitor accountant agent recruiter interviewer director ceo founder
    tutor instructor priest vicar neighbor""".split()
)
# Those one has one of for a matter of one's own, named by their role: "my landlord", "my builder", "my solicitor"
# is one person as "my boss" is ("my landlord is keeping my deposit" - "What did he say?" - "he says the carpet was
# dirty" had kept "he"). Not a clinician (:data:`CLINICIANS`), whom talk of someone's care names beside them.
ONES_OWN_ROLES = frozenset(
    """landlord landlady builder solicitor lawyer accountant agent tutor coach trainer instructor mentor cleaner
    nanny childminder babysitter mechanic plumber electrician contractor decorator hairdresser barber supervisor
    employer lodger tenant""".split()
)
# Entity types no one is called: "Saturday was fun" has a proper noun as its subject.
NOT_NAMES = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"})
_OWNERS = {"my": "speaker", "your": "addressee", "ur": "addressee"}
_PRONOUN = re.compile(r"\b(?:" + "|".join(PRONOUN_GENDER) + r")\b", re.IGNORECASE)
_SUBJECT_PRONOUN = re.compile(r"\b(?:he|she)\b", re.IGNORECASE)
_RELATIVE = re.compile(
    r"\b(my|your|ur)\s+(?:(?:little|big|older|younger|elder|baby|best|late|new|old)\s+)?([a-zé-]+)\b", re.IGNORECASE
)
_WORD = re.compile(r"[A-Za-zé-]+")
# "in law" after a kin word, spaced or hyphenated ("my mother in law", "my sister-in-law"): someone else than the
# kin word alone says ("my mother in law is staying" - "she flies home Sunday" had been the speaker's mother). Not
# where "law" is the field ("my son in law school", "my daughter in law enforcement").
LAW_AS_A_FIELD = frozenset("enforcement school firm firms student students degree practice exams course".split())
_IN_LAW = re.compile(r"(?:\s*-\s*|\s+)in\s*-?\s*law\b(?!-)(?!\s+(?:" + "|".join(sorted(LAW_AS_A_FIELD)) + r")\b)",
                     re.IGNORECASE)
# Kin one calls by the word alone, as a name ("Mum rang", "Dad's op went fine")
BARE_KIN = frozenset({"mum", "mom", "dad", "nan", "nana", "gran", "granny", "grandad", "grandma", "grandpa"})
# A word right before that makes the kin someone's or someone ("her mum", "the dad")
_DETERMINED = re.compile(r"\b(?:the|a|an|her|his|their|our|your|ur|my|whose)\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class Focus:
    """The person the talk is about: how a memory writes them, whether that is a proper name (and so one of the
    memory's people), the gender a pronoun or a relative word gave, and the last turn that mentioned them."""

    referent: str
    named: bool
    gender: str | None
    since: int
    pet: bool = False


@dataclass(frozen=True)
class Carried:
    """The focus a turn's "he/she/his/her" stand for, up to character ``until_char`` of the turn, where it first
    mentions a person of its own (None when it mentions none)."""

    referent: str
    named: bool
    until_char: int | None

    def shifted(self, by: int) -> Carried:
        """The same focus over the turn's text with ``by`` characters put in before the mention that ends it."""
        return self if self.until_char is None else Carried(self.referent, self.named, self.until_char + by)


@dataclass(frozen=True)
class _Mention:
    at: int
    referent: str | None  # None: someone with no name the memory could write ("a guy", "her brother")
    named: bool
    gender: str | None
    pet: bool = False


def _gender(noun: str) -> str | None:
    return HE if noun in MALE_NOUNS else SHE if noun in FEMALE_NOUNS else None


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and word[:-1] in PERSON_NOUNS else word


# Words of chat the tagger may call proper nouns when typed in lower case: never a name.
NOT_LOWER_CASE_NAMES = (
    CHAT_INTERJECTIONS | DISCOURSE_WORDS | STOP_WORDS | frozenset(CHAT_ABBREVIATIONS) | frozenset(APOSTROPHE_LESS)
    | frozenset(CHAT_TIME_WORDS) | AMBIGUOUS_APOSTROPHE_LESS | frozenset({"ya", "gonna", "wanna", "gotta"})
)
# Words after which a capitalised word is a title, a place or a role ("the Hobbit", "in Seattle", "at Rossi's").
_NOT_A_PERSON = re.compile(r"\b(?:the|in|at)[ \t]+$", re.IGNORECASE)
# A name owned after a saint's word is a place's: "St Brigid's" is a church, a hospital or a home, "St Luke
# primary" a school; not after a title ("Mr St. Clair").
_SAINTS = re.compile(r"\b(?:St\.?|Saint)[ \t]+$")
_OWNED = re.compile(r"['’]")
_A_PLACE_AFTER = re.compile(r"['’]|[ \t]+(?:" + "|".join(sorted(SAINTS_PLACE_NOUNS)) + r")\b", re.IGNORECASE)
# A name that opens with a saint's word and goes on ("St Oswald", "Saint Joseph"), not "Saint" alone (a dog's name)
_A_SAINTS_NAME = re.compile(r"(?:St\.?|Saint)\s+\S")
# A title ("Dr", "Mrs."), and one right before: "Dr St Pierre" is someone
_TITLE = r"\b(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?"
_TITLED = re.compile(_TITLE + r"[ \t]+$")


def _a_saints_place_at(text: str, start: int, end: int) -> bool:
    """The name at ``text[start:end]`` is, there, a saint's place: "at St Mary's", "St Luke primary"."""
    saint = _SAINTS.search(text, max(0, start - 8), start)
    return bool(saint and _A_PLACE_AFTER.match(text, end) and not _TITLED.search(text, max(0, saint.start() - 8), saint.start()))


# What stands right before a name inside a sentence: a lower-case word ("with Ines") or a title ("Dr. Patel"). Not
# a comma: "Wow, Awesome" and "Oh, Nice" are how chat opens a sentence.
_INSIDE_A_SENTENCE = re.compile(rf"(?:[a-z'’]|{_TITLE})[ \t]+$")
# Verbs after which a "he" or "she" is whom someone speaks of, not the speaker named.
_SAYING = r"\b(?:said|says|told|tells|thinks|thought|heard)\b"
_REPORTED = re.compile(_SAYING + r"[^.!?\n]*$")
# A "he" or "she" later in the name's sentence, opening the next, or opening the next turn ("Jonah quit." -
# "He hated the commute"); not after a verb of saying ("Jonah told me she's pregnant" is someone else).
def _told_of(pronouns: str) -> re.Pattern:
    """One of ``pronouns`` later in the sentence, opening the next, or opening the next turn, not after a verb of
    saying."""
    return re.compile(r"(?:(?!" + _SAYING + r")[^.!?\n])*(?:[.!?]+[ \t]+|[.!?]*[ \t]*\n)?(?i:\b(?:" + pronouns + r")\b)")


_TOLD_OF = _told_of("he|she")


def acting_names(doc: ParsedDoc) -> set[str]:
    """The proper names a turn has doing or owning something ("Marcus quit", "Dev's brother", "Dr. Patel isn't
    happy"), whatever entity type the tagger gave them: the small tagger calls Marcus a place and Glasgow a
    person, but a place is seldom the subject of what people tell of each other, and a name that never is one
    in a whole conversation is no one "he" or "she" is carried over to."""
    names = set()
    for token in doc.tokens:
        entity = next((e for e in doc.entities if e.start <= token.i < e.end), None)
        if not (token.pos == "PROPN" or _a_name_tagged_a_noun(token, entity)) or token.lower in (
                DISCOURSE_WORDS | CHAT_INTERJECTIONS) or not any(arc.label in PERSON_ROLES for arc in doc.parents(token.i)):
            continue  # "Haha is she okay?": chat's interjections open sentences as if they were names
        if entity is not None and entity.label in NOT_NAMES:
            continue
        text = doc.span_text(entity.start, entity.end) if entity is not None else token.text
        names.add(bare_name(text))
    return names


def _a_name_tagged_a_noun(token, entity) -> bool:
    """A capitalised word the tagger called a common noun but the recogniser a name: the small tagger does so with
    a first name it does not know opening a turn ("Anaya is 14, she's in year 10"), which had left her no one a
    "she" could be carried over to all session. The recogniser's name is no proof of a person (it calls "Physio" one
    too): :func:`conversation_names` still asks for a sign of someone. Not a plural the tagger took back to its
    singular ("Gymnastics is on wednesdays"): a name keeps its letters."""
    return (token.pos == "NOUN" and entity is not None and token.text[:1].isupper() and entity.label not in NOT_NAMES
            and token.lemma.lower() == token.lower)


@dataclass(frozen=True)
class Names:
    """The names a conversation's turns are searched for (``pattern``), and those of them a "he" or "she" may be
    carried over to (``people``); a name seen but not kept still marks someone else in the talk."""

    pattern: re.Pattern | None
    people: frozenset[str]
    pets: frozenset[str] = frozenset()  # of them, those of animals (:func:`pet_names`)
    searched: frozenset[str] = frozenset()


NO_NAMES = Names(None, frozenset())


_PET = r"(?i:" + "|".join(sorted(PET_NOUNS, key=len, reverse=True)) + r")"
_PET_NAME = r"([A-Z][a-z]+)"
# How owners give a pet's name: "a cocker spaniel called Biscuit", "my old lab Bella", "a kitten! Luna, 12 weeks",
# "2 goldfish, Bubbles and Finn", "Max, he's my border collie", "Rocky, 6 year old staffie"; and "we adopted a cat
# ... his name is Pickles" (no one else brought in between). Not "my dog walker Dan": a pet word before a person's
# word is someone who looks after the pet.
_PET_NAMED = (
    re.compile(r"\b" + _PET + r"\s+(?:called|named)\s+" + _PET_NAME + r"\b"),
    re.compile(r"\b(?i:my|our|your|his|her|their)\s+(?:[a-z-]+\s+){0,2}?" + _PET + r"\s+" + _PET_NAME + r"\b"),
    re.compile(r"\b" + _PET + r"[,:!]+\s+" + _PET_NAME + r"(?:\s+and\s+" + _PET_NAME + r")?(?=\s*(?:[,.!?;]|$))"),
    re.compile(r"(?<![\w'’])" + _PET_NAME + r",\s+(?:(?i:he|she)['’]s\s+)?(?:(?i:my|our|a|an)\s+|\d+[\s-](?:year|month|week)s?[\s-]old\s+)"
               r"(?:[\w-]+\s+){0,2}?" + _PET + r"(?=\s*(?:[,.!?;)]|$|\s+(?:and|but|who|that)\b))"),
)
_PET_THEN_NAME_IS = re.compile(r"\b" + _PET + r"\b(?P<between>[^\n]*?)\b(?i:his|her|its)\s+name\s+(?:is|was|['’]s)\s+" + _PET_NAME + r"\b")


def pet_names(text: str) -> set[str]:
    """The names ``text`` gives pets (:data:`_PET_NAMED`): a name a conversation uses this way is an animal's, whom
    a "he" or "she" about a vet, a walk or a crate means rather than the person named last."""
    found = {name for pattern in _PET_NAMED for match in pattern.finditer(text) for name in match.groups() if name}
    for match in _PET_THEN_NAME_IS.finditer(text):
        # "I met a guy with a dog, his name is Tom": a person in the sentence may be whose name it is
        opening = max(text.rfind(stop, 0, match.start()) for stop in ".!?\n") + 1
        around = text[opening : match.start()] + match.group("between")
        if not any(_singular(w.lower()) in PERSON_NOUNS - PET_NOUNS for w in _WORD.findall(around)):
            found.add(match.group(len(match.groups())))
    return {name for name in found if name.lower() not in NOT_LOWER_CASE_NAMES | NOT_NAMES_OF_PETS}


# Capitalised words after a pet word that are no name: "my dog I mean", "the cat The end"
NOT_NAMES_OF_PETS = frozenset({"i", "the", "and", "but", "so", "he", "she", "it", "they", "we", "you", "my", "our"})


def with_pets(names: Names, pets: Iterable[str]) -> Names:
    """``names`` with the pets' names looked for too (:func:`pet_names`)."""
    pets = frozenset(pets)
    if not pets:
        return names
    searched = names.searched | pets
    return Names(_names_pattern(searched), names.people, pets, searched)


def _names_pattern(names: Iterable[str]) -> re.Pattern:
    ordered = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<![\w'’])(?:" + "|".join(re.escape(n) for n in ordered) + r")(?![\w])")


def conversation_names(
    candidates: Iterable[str],
    texts: Sequence[str],
    participants: Iterable[str],
    is_person: Callable[[str, bool], bool] | None = None,
) -> Names:
    """The names of the people a conversation talks about, besides its participants and their short forms ("Mel"
    for Melanie).

    ``candidates`` are the names it has doing something (:func:`acting_names`); people are those written with a
    capital that the conversation (``texts``) also uses inside a sentence or goes on about with a "he" or "she"
    in the same turn ("Marcus quit. He walked out"): a capitalised word seen only at a sentence's start is as
    likely a common word ("Fingers crossed", "Physio twice a week"). Never people: a name written all in
    capitals ("NYC", "GP"), or one the conversation puts after "the", "in" or "at" ("the Hobbit", "in Seattle"):
    a title, a place or a role, whatever the tagger made of it. ``is_person(name, typed_lower)`` answers that from
    evidence kept elsewhere (:class:`PersonEvidence`) instead of searching ``texts``."""
    parts = [part.lower() for name in participants if name for part in name.split()]
    if is_person is None:
        said = "\n".join(texts)  # one search per name; no pattern below crosses a line
        is_person = lambda name, typed_lower: _a_person(name, said, told_of_only=typed_lower)  # noqa: E731
    searched, people = set(), set()
    for name in {c.strip() for c in candidates}:
        typed_lower = name.islower()
        if not (name[:1].isupper() or (typed_lower and _a_name_typed_in_lower_case(name))):
            continue
        if any(p.startswith(w.lower()) or w.lower().startswith(p) for w in name.split() for p in parts):
            continue
        person = name.upper() != name and is_person(name, typed_lower)
        if a_saints_place(name.split(), 0, len(name.split())) and not person:
            continue  # "St Brigid's" (the tagger's name for "St Brigid's have offered her a place"): a place
        if typed_lower and not person:
            continue  # a lower-case word with no sign of being someone is as likely a common word the tagger misread
        searched.add(name)
        if person:
            people.add(name)
    if not searched:
        return NO_NAMES
    return Names(_names_pattern(searched), frozenset(people), searched=frozenset(searched))


def _a_person(name: str, said: str, told_of_only: bool = False) -> bool:
    """``name`` is never after "the", "in" or "at" in ``said``, and once at least inside a sentence or followed by
    a "he" or "she" later in its sentence or opening the next ("Marcus quit. He ..."). A name typed in lower case
    (``told_of_only``) is inside a sentence wherever it stands, which tells nothing: only a "he" or "she" does."""
    ruled_out, seen_as_one = _person_evidence(name, said, told_of_only)
    return seen_as_one and not ruled_out


def _person_evidence(name: str, said: str, told_of_only: bool) -> tuple[bool, bool]:
    """(ruled out, seen as someone) for ``name`` in ``said`` (:func:`_a_person`): what one stretch of text tells,
    which later stretches can only add to."""
    person = False
    for match in re.finditer(r"(?<![\w'’])" + re.escape(name) + r"(?![\w])", said):
        before = said[max(0, match.start() - 8) : match.start()]
        if _a_saints_place_at(said, match.start(), match.end()):
            continue  # "mum is at St Mary's": the place this once; "my friend Mary" is still someone
        if _A_SAINTS_NAME.match(name) and not _TITLED.search(before):
            continue  # "St Oswald's rang": a place wherever no title ("Dr St Pierre") makes it a surname
        if _NOT_A_PERSON.search(before):
            return True, person
        if told_of_only:
            person = person or bool(_TOLD_OF_IN_LOWER_CASE.match(said, match.end()) or _WITH_ME.match(said, match.end()))
        else:
            person = person or bool(_INSIDE_A_SENTENCE.search(before) or _TOLD_OF.match(said, match.end()))
    return False, person


class PersonEvidence:
    """What a conversation's text so far tells of each name being someone (:func:`_person_evidence`), kept as its
    sessions are added: each session's words are searched once per name, not again for every later session
    (:func:`names_known_by_session` asks after every session)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.known: dict[tuple[str, bool], tuple[bool, bool, int]] = {}  # (ruled out, seen as one, texts read)

    def add(self, texts: Iterable[str]) -> None:
        self.texts.append("\n".join(texts))  # no pattern crosses a line

    def is_person(self, name: str, told_of_only: bool) -> bool:
        ruled_out, person, read = self.known.get((name, told_of_only), (False, False, 0))
        for said in self.texts[read:]:
            if ruled_out:
                break
            out, seen = _person_evidence(name, said, told_of_only)
            ruled_out, person = ruled_out or out, person or seen
        self.known[(name, told_of_only)] = (ruled_out, person, len(self.texts))
        return person and not ruled_out


def _a_name_typed_in_lower_case(name: str) -> bool:
    """Chat types names in lower case ("tom and i signed the lease", "raj is freaking out about the car"), and the
    tagger still calls them proper nouns; not its words of chat ("omg", "lol", "ur", "bc"), which it calls so too."""
    return len(name) >= 3 and not any(word in NOT_LOWER_CASE_NAMES for word in name.split())


def as_written(name: str) -> str:
    """A name as a memory writes it: "tom" typed in lower case is Tom."""
    return " ".join(word[:1].upper() + word[1:] for word in name.split()) if name.islower() else name


# For a name typed in lower case, any pronoun of a person after it in its sentence or opening the next ("tom asked
# me to move in with him"), or the speaker beside it ("tom and i signed the lease"): the signs left that it is one.
_TOLD_OF_IN_LOWER_CASE = _told_of("he|she|him|his|her")
_WITH_ME = re.compile(r"[ \t]+and[ \t]+(?:i|me)\b")


def _mentions(text: str, names: Names, speaker: str | None, addressee: str | None) -> list[_Mention]:
    """The people ``text`` mentions, in order: names, the speaker's or addressee's relatives and pets ("my
    sister" is the speaker's sister), and people with no name."""
    found: list[_Mention] = []
    taken: set[int] = set()
    for match in names.pattern.finditer(text) if names.pattern else ():
        if _a_saints_place_at(text, match.start(), match.end()):
            continue  # "mum's at St Mary's now": a place, not the Mary named before
        pet = match.group() in names.pets
        person = pet or match.group() in names.people
        found.append(_Mention(match.start(), match.group() if person else None, person, None, pet))
        taken.update(range(match.start(), match.end()))
    owners = {"speaker": speaker, "addressee": addressee}
    for match in _RELATIVE.finditer(text):
        noun, said_as, end = _kin_word(text, match)
        if noun not in PERSON_NOUNS and _singular(noun) not in PERSON_NOUNS:
            continue
        if _SAID_TO_BE_MINE.search(text, 0, match.start()):
            # "Ravi got the job. So now he's my boss.", "Ruth is my mother": who the one just mentioned is to the
            # speaker, no second person; the relative's word gives them a gender. Not a relative's word that owns
            # ("Tom is my sister's husband"): the word it owns says who they are, and gives the gender
            owned = _OWNED_RELATIVE.match(text, match.end())
            word = match if owned is None else owned
            if found and found[-1].at < match.start() and found[-1].gender is None:
                found[-1] = replace(found[-1], gender=_gender(_singular(word.group(word.lastindex).lower())))
            taken.update(range(match.start(), word.end()))
            continue
        named = next((n for n, m in enumerate(found) if m.named and m.at == _past_spaces(text, end)), None)
        if named is not None:
            # "my sister Anjali", "my cousin Diogo": one person, called by name, of the relative's gender
            found[named] = replace(found[named], gender=_gender(noun))
            taken.update(range(match.start(), end))
            continue
        owner = owners[_OWNERS[match.group(1).lower()]]
        single = noun in ANIMATE_NOUNS or noun in MALE_NOUNS or noun in FEMALE_NOUNS or noun in ONES_OWN_ROLES
        referent = f"{possessive(owner)} {said_as}" if owner and single else None
        found.append(_Mention(match.start(), referent, False, _gender(noun), noun in PET_NOUNS))
        taken.update(range(match.start(), end))
    for match in _WORD.finditer(text):
        said_of = _SAID_OF_SOMEONE.search(text, 0, match.start())
        if said_of and not _THERE_IS.search(text, 0, said_of.end()):
            continue  # "she's a vet", "he works as a plumber": what someone is, no one else
        if match.start() not in taken and _singular(_kin_word(text, match)[0]) in PERSON_NOUNS:
            noun = _singular(_kin_word(text, match)[0])
            named = next((n for n, m in enumerate(found) if m.named and m.at == _past_spaces(text, match.end())), None)
            if named is not None:
                # "my uni friend Grace", "our neighbour Dev": the word says who the one named is, no one else
                found[named] = replace(found[named], gender=found[named].gender or _gender(noun))
                continue
            # "Mum had her hip replaced": a parent called by the word, capitalised as a name, is the speaker's
            own = speaker and noun in BARE_KIN and match.group()[0].isupper() and not _DETERMINED.search(text, 0, match.start())
            # "a puppy", "the cat": an animal, maybe the one the talk is about, not someone else brought in
            found.append(_Mention(match.start(), f"{possessive(speaker)} {noun}" if own else None, False, _gender(noun),
                                  noun in PET_NOUNS))
    return sorted(found, key=lambda m: m.at)


def _kin_word(text: str, match: re.Match) -> tuple[str, str, int]:
    """The kin word a match (of :data:`_RELATIVE` or :data:`_WORD`) ends on, lower case and without its "in law";
    that word as written with its "in law"; and where the whole ends: "my mother in law" is ("mother",
    "mother in law"), "her sister-in-law" ("sister", "sister-in-law")."""
    word = match.group(match.lastindex or 0)
    hyphened = re.fullmatch(r"(.+?)-in-law", word, re.IGNORECASE)
    if hyphened:
        return hyphened.group(1).lower(), word, match.end()
    spaced = _IN_LAW.match(text, match.end())
    if spaced and word.lower() in MALE_NOUNS | FEMALE_NOUNS:
        return word.lower(), word + text[match.end():spaced.end()], spaced.end()
    return word.lower(), word, match.end()


# What a person noun says of someone when it follows these: their job or role, not another person.
_SAID_OF_SOMEONE = re.compile(
    r"\b(?:is|was|are|were|be|been|being|as|become|became|becoming)\s+(?:a|an|the)\s+(?:\w+\s+)?$|['’]s\s+(?:a|an)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


# A copula after its subject right before "my/your <relative>", maybe with one adverb: "he's my boss", "Ruth is my
# mother", "Steve is officially my stepdad" say who someone already mentioned is ("How is your dad?" asks of him).
_SAID_TO_BE_MINE = re.compile(
    r"(?:\b(?:he|she|He|She|(?!(?:How|Where|What|Who|Why|When|Which|Is|Was|It|This|That|There|Here)\b)[A-Z][a-z]+)"
    r"(?:\s+(?:is|was|became)|['’]s))\s+(?:(?:now|officially|also|still|actually)\s+)?$"
)
# What a relative's word owns: "my sister's husband", "my brother's new girlfriend"
_OWNED_RELATIVE = re.compile(r"['’]s\s+(?:(?:little|big|older|younger|elder|baby|best|late|new|old|ex)\s+)?([a-zé-]+)\b",
                             re.IGNORECASE)
# "Her name is Jess": the "her" is Jess, no one before her.
_NAME_IS = re.compile(r"\b(?:his|her)\s+name\s+(?:is|was|['’]s)\s+$", re.IGNORECASE)


# "There was a man on the train", "it was a guy from work": a copula that brings someone in, not one that says
# what someone is.
_THERE_IS = re.compile(r"\b(?:there|it)\s*(?:['’]s|is|was|are|were)\s+(?:a|an|the)\s+(?:\w+\s+)?$", re.IGNORECASE)


def _named_as_told(text: str, said: list[_Mention]) -> tuple[list[_Mention], int | None]:
    """``said`` with a person given a name by "his/her name is ..." ("I've been seeing someone. Her name is Jess",
    "My neighbour came round. His name is Dev") as one person: the someone or the relative before the name is
    them, and the pronoun gives their gender; and where that
    pronoun starts (None when the turn names no one so), before which another "he/she" would be someone else."""
    for mention in said:
        hit = _NAME_IS.search(text, 0, mention.at) if mention.named else None
        if hit is None:
            continue
        gender = mention.gender or PRONOUN_GENDER[hit.group().split()[0].lower()]
        kept = [replace(m, gender=gender) if m is mention else m for m in said if m is mention or m.named or m.at > mention.at]
        return kept, hit.start()
    return said, None


def _past_spaces(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t":
        at += 1
    return at


def _pronoun_genders(text: str, before: int | None = None, after: int = 0, pattern: re.Pattern = _PRONOUN) -> set[str]:
    return {PRONOUN_GENDER[m.group().lower()] for m in pattern.finditer(text) if m.start() >= after
            and (before is None or m.start() < before)}


class SessionFocus:
    """The focus of one session, read turn by turn in order (:meth:`read`). ``genders`` are what the
    conversation's pronouns have shown of its names so far, shared by its sessions: a Rosa who was "she" last
    week is no "him" today."""

    def __init__(self, names: Names, genders: dict[str, str], said_before: Sequence[Sequence[str]] = ()) -> None:
        self.names = names
        self.genders = genders
        self.said_before = said_before  # the conversation's turns before this one, session by session
        self.focus: Focus | None = None
        self.pet: Focus | None = None  # the animal the session last named, whom a "she" at the vet may mean

    def read(self, index: int, text: str, speaker: str | None, addressee: str | None) -> Carried | None:
        """What this turn's pronouns before its own first mention carry over, then the focus after the turn."""
        said, own_name = _named_as_told(text, _mentions(text, self.names, speaker, addressee))
        self._note_kin_genders(said)
        until = said[0].at if said else None
        genders = _pronoun_genders(text, own_name if own_name is not None else until)
        focus = self.focus if self.focus and index - self.focus.since <= FOCUS_TURNS else None
        carries = focus is not None and len(genders) == 1 and focus.gender in (None, *genders)
        cared_for = self._cared_for(text, own_name if own_name is not None else until, genders)
        if not (focus and focus.pet) and cared_for:
            # "my partner Sam slept on the sofa" - "she's booked in at the vet": the puppy, not Sam
            focus, carries = replace(self.pet, since=index), True
        carried = Carried(as_written(focus.referent), focus.named and not focus.pet, until) if carries else None
        if carried:
            focus = self._with_gender(replace(focus, since=index), next(iter(genders)))
        self._note_pet(index, text, said)
        if said and carried and all(_a_clinician(text, m) for m in said):
            # "She has been diagnosed ... The surgeon wants to operate": a doctor, a nurse, the staff with no name
            # and no gender are no one the talk moved to
            self.focus = focus
        elif said:
            # a he or she before the person the turn brings in is someone else: two people, no one focus
            self.focus = None if genders else self._introduced(index, text, said)
        elif carried:
            self.focus = focus
        elif genders:
            self.focus = None  # a he or she the focus cannot be: the talk has moved to someone else
        return carried

    def _note_kin_genders(self, said: list[_Mention]) -> None:
        """Keep for the whole conversation the gender a relative's word gives a name ("my brother Callum is doing
        Saturdays"): a later bare "Callum covers Saturdays" tells none, and a "she" two turns on ("Sundays she goes
        to church") is someone else, not Callum."""
        for mention in said:
            if mention.named and mention.gender and not mention.pet:
                self.genders.setdefault(mention.referent, mention.gender)

    def _cared_for(self, text: str, before: int | None, genders: set[str]) -> bool:
        """The turn's "he" or "she" (before ``before``) all stand in sentences about looking after an animal (a
        vet, a jab, fleas, a crate: :data:`PET_CARE_WORDS`), and the session has named one of that gender."""
        pet = self.pet
        if pet is None or len(genders) != 1 or pet.gender not in (None, *genders):
            return False
        # whole sentences: the care word may stand after the first one mentioned ("her jab at the vet": the vet)
        end = len(text) if before is None else before
        sentences = [m.group() for m in re.finditer(r"[^.!?\n]+", text)
                     if m.start() < end and _PRONOUN.search(text, m.start(), min(m.end(), end))]
        # "he's bringing his crate so Bruno can sleep in it": a sentence that names the pet means someone else
        return bool(sentences) and all(_about_care(sentence) and pet.referent not in sentence for sentence in sentences)

    def _note_pet(self, index: int, text: str, said: list[_Mention]) -> None:
        """Keep the last animal the turn names (or the one it goes on about) as the session's pet."""
        pets = [m for m in said if m.pet and m.referent is not None]
        if pets:
            last = pets[-1]
            after = _pronoun_genders(text, after=last.at, pattern=_SUBJECT_PRONOUN)
            gender = last.gender or self.genders.get(last.referent) or (next(iter(after)) if len(after) == 1 else None)
            self.pet = Focus(last.referent, last.named, gender, index, pet=True)
            if gender and last.named:
                self.genders.setdefault(last.referent, gender)

    def _introduced(self, index: int, text: str, said: list[_Mention]) -> Focus | None:
        """The one person the turn mentions (by name or as a relative), or None where it mentions more or
        someone with no name, or brings in with a name a "he" or "she" it reports ("Jonah told me she's ...").
        A name's gender is that of the "he" or "she" after it, when they all agree. A named animal counts as a
        person does: "my son Tom adopted a dog called Max, he's 3" names two, and a "he" in the next turn stays as
        said (it may be either; the session's pet is still whom talk of its care means, :meth:`_cared_for`)."""
        if self.pet is not None:
            # "A limp is worth a vet visit in an older dog. How old is Bella?": a bare "dog" is the pet or any dog,
            # and the vet no one the talk moves to
            said = [m for m in said if not (m.pet and m.referent is None) and not _a_clinician(text, m)] or said
        people = {m.referent for m in said}
        if len(people) != 1 or None in people:
            return None
        first = said[0]
        focus = Focus(first.referent, first.named, first.gender or self._known_gender(first), index, first.pet)
        # only a "he" or "she" after the name tells its gender: "Dr. Patel ran bloodwork and his liver enzymes are
        # high" is the dog's liver
        after = _pronoun_genders(text, after=first.at, pattern=_SUBJECT_PRONOUN)
        if not after or not first.named:
            return self._with_gender(focus, next(iter(after))) if len(after) == 1 else focus
        pronoun = _SUBJECT_PRONOUN.search(text, first.at)
        if _REPORTED.search(text, first.at, pronoun.start()):
            # "Jonah told me she's pregnant": the "she" the name reports on is a second person; but one of the
            # gender the name is known to have says what they said of themself ("my brother Karim said he'd do it"
            # had ended the focus, and the next turn's "he's sending his payslips" was no one's)
            return focus if focus.gender == PRONOUN_GENDER[pronoun.group().lower()] else None
        told = _TOLD_OF.match(text, first.at + len(first.referent))
        return self._with_gender(focus, next(iter(after))) if len(after) == 1 and told else focus

    def _known_gender(self, mention: _Mention) -> str | None:
        """The gender the conversation has given the name: kept from the turns read with it known, or told by a
        "he" or "she" after it in a turn said before it was known as a name. Names are learned a session at a time,
        so "her review with Dr Okafor ... but he's moved it" in November went unread, and December's "Dr Okafor
        switched her ..." - "to check her kidneys" had made them Dr Okafor's."""
        if mention.referent in self.genders or not mention.named or mention.pet:
            return self.genders.get(mention.referent)
        told = {gender for session in self.said_before for n, text in enumerate(session)
                for gender in _told_genders(text, mention.referent, self.names, self.genders, session[:n])}
        if len(told) != 1:
            return None
        self.genders[mention.referent] = next(iter(told))
        return self.genders[mention.referent]

    def _with_gender(self, focus: Focus, gender: str) -> Focus:
        if focus.gender is None and focus.named:
            self.genders[focus.referent] = gender
        return focus if focus.gender else replace(focus, gender=gender)


_OBJECT_PRONOUN = re.compile(r"\b(?:him|her)\b", re.IGNORECASE)
# Words of calling or telling before a name: a "he" or "she" after it may be whom the call was about ("got a call
# from Dr Okafor. she's got a UTI" is the patient's UTI).
_CALLED_OR_TOLD = re.compile(
    r"\b(?:calls?|called|calling|rang|ring|rung|phon(?:e|es|ed|ing)|text(?:s|ed|ing)?|messag(?:e|es|ed|ing)|e-?mail(?:s|ed|ing)?"
    r"|ask(?:s|ed|ing)?|told|tell(?:s|ing)?|spoke|speak(?:s|ing)?|talk(?:s|ed|ing)?|heard|hear(?:s|ing)?)\b[^.!?\n]*$",
    re.IGNORECASE,
)


def _told_genders(text: str, name: str, names: Names, genders: Mapping[str, str], session_before: Sequence[str]) -> set[str]:
    """The genders of the "he" or "she" that go on about ``name`` in ``text``: later in its sentence or opening the
    next, not after a verb of saying, with no one else mentioned and no "him" or "her" between ("Dr Okafor was
    meant to see her but he's moved it" is a he; "Dr Okafor switched her to ramipril. She started it Friday" tells
    nothing: the "she" may be the one switched). Only when nothing else could be meant: not after the name owned
    ("phoned Sam's. she answered"), nor after a verb of calling or telling before it ("got a call from Dr Okafor.
    she's got a UTI"), nor where the session (``session_before``, its turns before ``text``) has talked of someone
    else of that gender ("my mum's been poorly" - the patient; "my mum and Dr Singh disagree, she wants surgery")."""
    found = set()
    for match in re.finditer(r"(?<![\w'’])" + re.escape(name) + r"(?![\w])", text):
        told = _TOLD_OF.match(text, match.end())
        if told is None or _OWNED.match(text, match.end()):
            continue
        between = text[match.end() : told.end()]
        pronoun = _SUBJECT_PRONOUN.search(between)
        if _OBJECT_PRONOUN.search(between, 0, pronoun.start()) or _mentions(between[: pronoun.start()], names, None, None):
            continue
        sentence = text[: match.start()].rsplit(".", 1)[-1]
        gender = PRONOUN_GENDER[pronoun.group().lower()]
        if _CALLED_OR_TOLD.search(sentence) or _another_of_gender(
                [*session_before, text[: match.end()]], name, gender, names, genders):
            continue
        found.add(gender)
    return found


def _another_of_gender(texts: Sequence[str], name: str, gender: str, names: Names, genders: Mapping[str, str]) -> bool:
    """``texts`` talk of someone of ``gender`` besides ``name``: a relative's word ("my mum"), a name known to be
    of it, or a "he"/"she"/"him"/"her" before the name is said."""
    for text in texts:
        if gender in _pronoun_genders(text, before=text.find(name) if name in text else None):
            return True
        for mention in _mentions(text, names, None, None):
            if mention.referent != name and (mention.gender or genders.get(mention.referent)) == gender:
                return True
    return False


# Words of looking after an animal: a "he" or "she" in a sentence with one is the session's pet, not the person
# named last ("my partner Sam slept on the sofa" - "she goes to the vet on Friday"). Words people share with
# animals (a jab, a booster, racing) are none: "she had her covid jab" is mum's.
PET_CARE_WORDS = frozenset(
    """flea fleas worming wormer wormed crate kennel kennels walkies leash collar microchip microchipped
    neuter neutered spay spayed groomer groomers kibble farrier hutch paw paws""".split()
)


# "The vet" is the practice or the animal's doctor; "a vet" is a trade ("she's training to be a vet")
THE_VET = re.compile(r"\b(?:the|our|my|his|her|their)\s+vets?\b", re.IGNORECASE)


def _about_care(sentence: str) -> bool:
    """The sentence tells of looking after an animal: one of :data:`PET_CARE_WORDS`, or "the vet"."""
    return bool(THE_VET.search(sentence)) or any(w.lower() in PET_CARE_WORDS for w in _WORD.findall(sentence))


# Those who treat someone: said with no name, they are no one the talk moves to
CLINICIANS = frozenset(
    "doctor doc gp nurse surgeon consultant physio physiotherapist midwife paramedic specialist dentist therapist "
    "anaesthetist anesthetist radiologist oncologist cardiologist pharmacist carer vet".split()
)


def _a_clinician(text: str, mention: _Mention) -> bool:
    """The mention is a doctor, nurse, surgeon ... with no name ("the surgeon", "the GP"); a friend or a neighbour
    may be the one the talk moves to ("A friend from church has been bringing her food. She ...")."""
    word = _WORD.match(text, mention.at)
    return (mention.referent is None and not mention.named and word is not None
            and _singular(word.group().lower()) in CLINICIANS)


def _said_order(row: Mapping) -> tuple:
    return row["conversation_id"], row.get("session_index") or 0, row.get("session_id") or "", row.get("turn_index") or 0


def names_known_by_session(
    turns: Sequence[Mapping], acting: Mapping[tuple[str, int], set[str]]
) -> dict[tuple[str, int], Names]:
    """``{(conversation_id, session_index): Names}``: the names (:func:`conversation_names`) of the turns up to the
    end of each session, from the names acting in them (``acting``, by session) and their speakers. What a turn's
    "he" or "she" may mean never depends on a later session, so a conversation fed a session at a time gets the
    memories, and the memory ids, it gets fed at once ("Mum ... she" in March had made "Mum" a person in February's
    turns, rewriting them when March arrived)."""
    by_session: dict[str, dict[int, list[Mapping]]] = {}
    for row in turns:
        by_session.setdefault(row["conversation_id"], {}).setdefault(row.get("session_index") or 0, []).append(row)
    out: dict[tuple[str, int], Names] = {}
    for conversation, sessions in by_session.items():
        candidates: set[str] = set()
        evidence = PersonEvidence()
        speakers: set[str] = set()
        pets: set[str] = set()
        for index in sorted(sessions):
            rows = sessions[index]
            pets |= {name for row in rows for name in pet_names(row.get("text") or "")}
            candidates |= acting.get((conversation, index), set())
            evidence.add(row.get("text") or "" for row in rows)
            speakers |= {row["speaker"] for row in rows if row.get("speaker")}
            known = conversation_names(candidates, (), speakers, evidence.is_person) if candidates else NO_NAMES
            out[(conversation, index)] = with_pets(known, pets)
    return out


def carried_referents(
    turns: Sequence[Mapping], names: Mapping[tuple[str, int], Names], addressees: Mapping[str, str | None]
) -> dict[str, Carried]:
    """``{turn_id: Carried}`` for the turns whose "he/she" mean a person an earlier turn of the session mentioned.

    ``turns`` are rows (conversation_id, session_index, session_id, turn_index, turn_id, speaker, text), all of
    them, admitted or not; ``names`` the names known by the end of each session (:func:`names_known_by_session`);
    ``addressees`` whom each turn's "you" means (``{turn_id: name}``)."""
    focus: dict[tuple[str, str | None], SessionFocus] = {}
    genders: dict[str, dict[str, str]] = {}
    said: dict[str, list[list[str]]] = {}
    carried: dict[str, Carried] = {}
    for row in sorted(turns, key=_said_order):
        conversation = row["conversation_id"]
        known = names.get((conversation, row.get("session_index") or 0), NO_NAMES)
        session = (conversation, row.get("session_id"))
        if session not in focus:
            said.setdefault(conversation, []).append([])
            focus[session] = SessionFocus(known, genders.setdefault(conversation, {}), said[conversation])
        found = focus[session].read(row.get("turn_index") or 0, row.get("text") or "", row.get("speaker"),
                                    addressees.get(row["turn_id"]))
        said[conversation][-1].append(row.get("text") or "")
        if found is not None:
            carried[row["turn_id"]] = found
    return carried


# A question after someone that closes a turn: "How's Gerald?", "And how is your mum doing?", "How was your sister
# today?", "And your dad?", "What's Ana doing these days?". The one asked after is what a subject dropped in the
# answer means ("Hibernating again.", "Staying with my parents for now"): had been read as the answerer's doing.
_ASKED_AFTER = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:and|so)\s+)?(?:how(?:['’]s|\s+is|\s+was)\s+(?P<who>[^.!?]+?)"
    r"(?:\s+(?:doing|getting\s+on|holding\s+up|coping|feeling|keeping|settling\s+in))?(?:\s+(?:these\s+days|now|today|lately))?"
    # "what's Ana doing these days?", "what is your brother up to now?"
    r"|what(?:['’]s|\s+is)\s+(?P<doer>[^.!?]+?)\s+(?:doing|up\s+to)(?:\s+(?:these\s+days|now|today|lately))?"
    # "Is she eating normally?", "Is Sam sleeping better?": "Eating fine" answers of her
    r"|(?:is|was)\s+(?P<being>he|she|[A-Z][a-z]+)\s+[a-z]+ing(?:\s+[a-z]+)?"
    r"|and\s+(?P<other>(?:your|ur)\s+[a-z]+|[A-Z][a-z]+))\s*\?+\s*$",
    re.IGNORECASE,
)


def asked_after(
    turns: Sequence[Mapping], names: Mapping[tuple[str, int], Names], addressees: Mapping[str, str | None],
    carried: Mapping[str, Carried],
) -> dict[str, str]:
    """``{turn_id: referent}`` for the turns that answer a question after one person the turn before closed with
    (:data:`_ASKED_AFTER`), asked by the other speaker: a person by name, the answerer's relative or pet ("your
    mum" is theirs), or the "he/she" the question carried over. Nothing for a thing asked after ("How's the new
    job?", whose "Loving it so far" is the answerer's) or two people. Rows, names and addressees are those of
    :func:`carried_referents`; ``carried`` its result."""
    out: dict[str, str] = {}
    before: Mapping | None = None
    for row in sorted(turns, key=_said_order):
        same_session = before is not None and (before["conversation_id"], before.get("session_id")) == (
            row["conversation_id"], row.get("session_id"))
        if same_session and before.get("speaker") != row.get("speaker"):
            referent = _one_asked_after(before, names, addressees, carried)
            if referent is not None:
                out[row["turn_id"]] = referent
        before = row
    return out


def _one_asked_after(
    question: Mapping, names: Mapping[tuple[str, int], Names], addressees: Mapping[str, str | None],
    carried: Mapping[str, Carried],
) -> str | None:
    asked = _ASKED_AFTER.search(question.get("text") or "")
    if asked is None or _ASKED_AFTER_YOU.search(question.get("text") or ""):
        return None  # "How are you? How's Jake?": the answer may be of either
    group = next(g for g in ("who", "doer", "being", "other") if asked.group(g))
    who = asked.group(group).strip()
    known = names.get((question["conversation_id"], question.get("session_index") or 0), NO_NAMES)
    if who.lower() in ("he", "she", "him", "her"):
        focus = carried.get(question["turn_id"])
        if focus is None or (focus.until_char is not None and focus.until_char < asked.start(group)):
            # "Biscuit is a lovely name. How is she settling in?": the one the question itself named first
            said = _mentions(question.get("text") or "", known, question.get("speaker"), addressees.get(question["turn_id"]))
            people = {m.referent for m in said}
            return as_written(said[0].referent) if len(people) == 1 and None not in people else None
        return focus.referent
    said = _mentions(who, known, question.get("speaker"), addressees.get(question["turn_id"]))
    people = {mention.referent for mention in said}
    called = _CALLED_BY_RELATION.sub("", who)  # "your hamster Nibbles" is Nibbles
    if len(people) != 1 or None in people or not (_RELATIVE.fullmatch(who) or said[0].referent == called):
        return None  # "How's the new job?" names no one; "How's Sam's new job?" asks after a thing of Sam's
    return as_written(said[0].referent)


_ASKED_AFTER_YOU = re.compile(
    r"\bhow\s+(?:(?:are|r)\s+)?(?:you|u|ya)\b|\bhow(?:\s+have|['’]ve)\s+(?:you|u)\s+been\b|\bhow['’]re\s+you\b"
    r"|\b(?:how|what)\s+about\s+(?:you|u)\b"
    r"|\bhow(?:['’]s|\s+is)\s+(?:it\s+going|life|things)\b|\bhow\s+(?:are|r)\s+things\b"
    r"|\b(?:you|u)\s+(?:ok|okay|alright|good|well)\b|\bhope\s+(?:you|u)['’]?(?:re|r| are)?\s+(?:well|ok|good)\b",
    re.IGNORECASE,
)
_CALLED_BY_RELATION = re.compile(r"^(?:your|ur)\s+[a-z]+\s+(?=[A-Z])")
