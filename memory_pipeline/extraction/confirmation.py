"""A bare "yes" or "no" to a yes/no question: the memory is what the question asked, said as a statement.

An assistant often restates what it heard ("So you're starting at Siemens on the 14th?") and the user only says
"yep"; a friend asks "Did you get the job?" and hears "yes!". The fact is in the question, the speaker's
commitment to it in the answer, and the answer alone carries nothing a memory could say ("Lena noted: yep."). So
an admitted turn that is nothing but a confirmation or a denial, answering a yes/no question that closed the
other speaker's turn just before, is extracted from that question turned into a statement: "Lena is starting the
new job at Siemens on the 14th." (or "... is not ...") stays the answering speaker's memory, sourced from the
answer, with the question's turn beside it in ``memory_sources`` (role ``restated``).

A bare date answers a "when" question the same way: "When are the GCSE results out?" - "22 August." is "Carla
answered: the GCSE results are out on 22 August.", where the answer alone had been "Carla noted: 22 August.", a
date of nothing. A date said as the answer's first sentence, with more said after it ("When do you move out?" -
"On 1 February. The landlord is being difficult."), is read as the answerer's own words with the fact asked put
first: "I move out on 1 February. The landlord is being difficult."; before, the date had been hung on whatever the
answer went on to say and the move was nowhere.

A yes or a no said first, with more after it ("Did you get the job?" - "Yes! I start on Monday."), is read like
the dated answer that goes on: "I did get the job. I start on Monday.", where the rest alone had been kept
("Lena starts on Monday") and the job was nowhere.

A yes with nothing but a date after it ("Want me to remind you to ring the vet?" - "yes tomorrow morning") dates what
was asked: "Lena wants Assistant to remind Lena to ring the vet tomorrow morning.", where the date had stood alone
("Lena noted: tomorrow morning."); the question's own date said again ("yes the 23rd") is the plain yes. A date
answer to "when" may open on a "yeah" or an "oh" and end on a place ("next Tuesday at the health centre"), and a
"how long" question is answered the same way by a length or a "since" ("How long have you been on sertraline?" -
"since March" is "Lena has been on sertraline since March.").

A value that answers what a thing is ("What's your budget for a 1 bed?" - "1400 max", "How old is he now?" - "7
now"), or a follow-up that names a thing alone ("And the car loan?" - "down to about 3k"), is said of the thing:
"Lena's budget for a 1 bed is 1400 max.", "Lena answered: the car loan is down to about 3k.", where the value had
stood alone ("Lena noted: 1400 max."). Only a number said first, with no verb, no person and no count of what is
left ("two more left"), is such a value; an answer that says a fact of its own is read as said.

A thing, a person or a place said alone that answers "what", "who" or "where" ("Who are the trustees?" - "me and my
cousin", "Where's the key?" - "under the pot, as always") is put in what was asked, in the answerer's words: "the
trustees are me and my cousin", "the key is under the pot, as always"; where it cannot take the question's own
place ("Where will you keep the bike?" - "the shed"), the question is its topic: "the shed is where I will keep the
bike". Before, the fragment stood alone ("Lena noted: the shed.").

Only what an answer settles is restated: a question that asks which one (another wh-word, "... or ..."), a
question followed by more words in its turn, an answer that adds words of its own in the same breath ("yes at
3"), and, for an answer that goes on, a question with the asker's own "I" ("Shall I book it?") are left to the
ordinary extraction of the answer. The word lists are English, like the rest of the extractor's lexicon, and
the question is turned round on spaCy's English labels and tags: under another parser a question whose shape is
not recognised is restated by no rule, and the answer is read as said.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

import polars as pl

from memory_pipeline.analysis.clauses import subtree
from memory_pipeline.extraction.lexicon import DISCOURSE_WORDS, TRAILING_FILLERS
from memory_pipeline.extraction.normalise import INFORMAL_3SG, Speaker, mentions_speaker, third_person
from memory_pipeline.extraction.phrase import Phrase
from memory_pipeline.parsing import ParsedDoc, Parser, Token

# An answer made only of these says yes (with "please", "thanks", an "ok" or a laugh beside it); at least one
# word of CONFIRMING must be there, so a bare "ok" or "thanks" is no confirmation.
CONFIRMING = (
    r"yes+|ye+a+h*|yep+|yup+|ya+|yah|yeh|yas+|aye|correct|exactly|indeed|absolutely|definitely|certainly|of course"
    r"|sure|right|that'?s right|that is right|that'?s correct|that is correct|you got it|you bet|uh[- ]?huh|mhm+"
    r"|(?:i|it|we|he|she|they) (?:do|did|am|is|are|was|were|have|has|will|can)|sure (?:is|am|do|did|have|will)"
)
DENYING = (
    r"no+|nope|nah+|not really|not at all|not anymore|not yet|no longer|negative"
    r"|(?:i'?m|i am|it'?s|it is|we'?re|we are|they'?re|they are|he'?s|she'?s) not"
    r"|(?:i|it|we|he|she|they) (?:don'?t|didn'?t|isn'?t|aren'?t|wasn'?t|haven'?t|won'?t|can'?t)"
)
ASIDE = r"please|thanks|thank you|thx|ok|okay|lol|haha+|ha|still|then|that|too|for sure|sadly|unfortunately"
_SEPARATOR = r"[\s,.!;:…~-]*"
_CONFIRMS = re.compile(rf"(?:(?:{ASIDE}){_SEPARATOR})*(?:{CONFIRMING})(?:{_SEPARATOR}(?:{CONFIRMING}|{ASIDE}))*{_SEPARATOR}", re.IGNORECASE)
_DENIES = re.compile(rf"(?:(?:{ASIDE}){_SEPARATOR})*(?:{DENYING})(?:{_SEPARATOR}(?:{DENYING}|{ASIDE}))*{_SEPARATOR}", re.IGNORECASE)
# Emoji and other symbols a reply is often padded with; a reply of symbols only is a yes when it holds a thumbs-up.
_SYMBOLS = re.compile(r"[^\w\s'’,.!?;:…~-]")
_THUMBS_UP = "\U0001f44d"

# What may open the question before its clause ("So", "Just to confirm,", "Got it. And") and the tag that may
# close it (", right?", ", isn't it?"): neither is part of what is asked.
QUESTION_LEAD = re.compile(
    r"^(?:(?:and|so|ok|okay|alright|all right|also|great|perfect|cool|nice|got it|noted|just to confirm|to confirm|"
    r"just to check|just checking|quick check|quick question|one more thing|then|oh|um+|sorry|wait)\b\s*[,:;.!-]*\s*)+",
    re.IGNORECASE,
)
_TAG = re.compile(
    r"(?:\s*,\s*(?:right|correct|yeah|yes|no|ok|okay|yea|true|then|huh|eh)|\s*,?\s*(?:(?:is|are|was|were|do|does|did|have|"
    r"has|had|will|would|can|could|should)n'?t (?:it|you|he|she|they|we|i|there)|(?:is|are|was|were|do|does|did|have|"
    r"has|will|would|can) (?:it|you|he|she|they|we|i|there)))\s*\?+\s*$",
    re.IGNORECASE,
)
# A question opened the Spanish way ("¿Quieres que busque ...?"), which an assistant asks a user who wants replies in
# Spanish: the English parse cannot turn it round.
_SPANISH_MARKS = re.compile(r"[¿¡]")
WH_WORDS = frozenset({"what", "when", "where", "who", "whom", "whose", "why", "how", "which", "whatever", "wat", "wut"})
SUBJECT_LABELS = frozenset({"nsubj", "nsubjpass", "nsubj:pass", "expl", "csubj"})
# Auxiliaries that open an inverted question; "do" is dropped again in the statement where English drops it.
INVERTING = frozenset(
    {"is", "are", "am", "was", "were", "do", "does", "did", "have", "has", "had", "will", "would", "can", "could",
     "should", "shall", "may", "might", "must", "'re", "'s"}
)
NEGATIONS = frozenset({"n't", "not", "nt"})
DO_SUPPORT = {"VBZ": "does", "VBD": "did", "VBP": "do"}


@dataclass(frozen=True)
class Restatement:
    """What a bare answer answered: the question's turn, who asked it, and the question as a statement."""

    question_turn_id: str
    asker: str | None
    text: str
    answered_as: str = "confirmed"  # how the answerer's frame says it: "confirmed", or "answered" for a date
    # The text is in the answerer's own words, not the asker's: an answer that goes on after its yes, no or date
    in_own_words: bool = False


def bare_answer(text: str) -> bool | None:
    """True when ``text`` is nothing but a yes ("yep", "yes that's right", "correct!", "👍"), False when it is
    nothing but a no ("nope", "not anymore"), None otherwise."""
    bare = " ".join(_SYMBOLS.sub(" ", (text or "").replace("’", "'")).split())
    if not bare:
        return True if _THUMBS_UP in (text or "") else None
    if _CONFIRMS.fullmatch(bare):
        return True
    if _DENIES.fullmatch(bare):
        return False
    return None


# A question that chat opens on its verb, "do you" left out: "Want me to book the table?", "Need a lift?"
_DROPPED_DO_YOU = re.compile(r"(?:want|need|fancy)\s+(?!\w+ing\b)\w", re.IGNORECASE)  # not "Fancy coming ...?"
# A question that only asks whether what was just said is right: the statement before it is what is asked.
_CHECKS = re.compile(
    r"(?:(?:is|was) (?:that|this|it) (?:right|correct|ok|okay|accurate)|(?:does|did) that (?:sound )?right|"
    r"have i got that right|did i get that right|right|correct|yes|yeah|ok|okay|no)\?+",
    re.IGNORECASE,
)


def asked_yes_or_no(text: str) -> str | None:
    """The yes/no question that closes ``text``, without what opens or tags it ("Got it. So you're starting on
    the 14th, right?" -> "you're starting on the 14th"), or the statement a closing check asks about ("Your flight
    lands on the 15th. Is that right?" -> "Your flight lands on the 15th"); None when the turn does not end on one."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join((text or "").replace("’", "'").split()))
    last = sentences[-1] if sentences else ""
    if len(sentences) > 1 and _CHECKS.fullmatch(last) and sentences[-2].endswith("."):
        last = sentences[-2][:-1] + "?"
    if not last.endswith("?"):
        return None
    asked = QUESTION_LEAD.sub("", _TAG.sub("", last)).strip().rstrip("?").strip()
    if _DROPPED_DO_YOU.match(asked):
        asked = "do you " + asked[0].lower() + asked[1:]  # "Want me to book the table?": chat drops "do you"
    words = asked.lower().split()
    # "when's the party" asks which one as "when is" does
    if len(words) < 2 or words[0].split("'")[0] in WH_WORDS or " or " in f" {asked.lower()} " or "?" in asked or _SPANISH_MARKS.search(asked):
        return None
    return asked


def asked_when(text: str, wh: str = "when") -> str | None:
    """What the "when" question that closes ``text`` asks when of, as a yes/no question would ask it ("Nice! When
    do you move in?" -> "do you move in"); None when the turn does not end on one. ``wh``: the words that open
    the question ("how long" for :func:`asked_how_long`)."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join((text or "").replace("’", "'").split()))
    last = sentences[-1] if sentences else ""
    if not last.endswith("?") or _SPANISH_MARKS.search(last):
        return None
    asked = re.match(rf"{wh}(?:(?P<is>'s)\b\s*|\s+)(.+)", QUESTION_LEAD.sub("", last).strip().rstrip("?").strip(), re.IGNORECASE)
    if asked is None:
        return None
    of = f"is {asked.group(2)}" if asked["is"] else asked.group(2)  # "When's the party" asks when the party is
    words = re.findall(r"[\w']+", of.lower())
    # two things asked ("when is your exam, and where?"), a wish ("when would you like a reminder?"), or a past
    # with "did", whose verb would need its past form again ("when did you get back?"): read as said
    if len(words) < 2 or words[0] in UNRESTATED_WHEN or set(words) & (WH_WORDS | {"or"}):
        return None
    return of


def asked_how_long(text: str) -> str | None:
    """What the "how long" question that closes ``text`` asks the length of, as a yes/no question would ask it
    ("How long have you been on sertraline?" -> "have you been on sertraline", "How long are you away for?" ->
    "are you away"); None when the turn does not end on one."""
    of = asked_when(text, "how long")
    return of and re.sub(r"\s+for$", "", of)


# A question that asks the value of its subject with "be": "What's your budget for a 1 bed?", "How much is the rent
# now?", "How old is Bella?"; the subject and what follows it are after the "is".
_ASKS_A_VALUE = re.compile(
    r"(?:what|which|how(?:\s+(?:much|many|old|big|far|long|tall|heavy))?)(?P<be>'s|'re|\s+(?:is|are|was|were))\s+(?P<of>.+)",
    re.IGNORECASE,
)
# What a follow-up that names only its thing opens on: "And the balance transfer card?", "And your rent?"
_A_THING_NAMED = re.compile(r"(?:the|your|his|her|their|our)\s+\w", re.IGNORECASE)


def asked_a_value(text: str) -> tuple[str, str | None] | None:
    """What the value question that closes ``text`` asks of and its "be" ("What's your budget?" -> ("your budget",
    "is")), or the thing a follow-up names alone, with no "be" ("Noted. And the car loan?" -> ("the car loan",
    None)); None when the turn ends on neither."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join((text or "").replace("’", "'").split()))
    last = sentences[-1] if sentences else ""
    if not last.endswith("?") or _SPANISH_MARKS.search(last):
        return None
    asked = QUESTION_LEAD.sub("", last).strip().rstrip("?").strip()
    if " or " in f" {asked.lower()} " or "," in asked:
        return None  # "what's the rent, and when is it due?": two things asked
    if value := _ASKS_A_VALUE.fullmatch(asked):
        return value["of"], {"'s": "is", "'re": "are"}.get(value["be"].strip().lower(), value["be"].strip().lower())
    return (asked, None) if _A_THING_NAMED.match(asked) else None


# A length of time: "two years", "about 6 months", "a couple of weeks".
_A_LENGTH = re.compile(r"\b(?:minute|hour|day|week|fortnight|month|year|decade)s?\b", re.IGNORECASE)


def as_a_length(said: str) -> str | None:
    """A date answer to "how long" as the adjunct a statement takes: "since about November" and "for a year" as
    said, "three weeks" with "for"; None for a date that is no length ("in May", "two years ago")."""
    said = said.strip().rstrip(".!").strip()
    first = said.split()[0].lower() if said else ""
    if first in ("since", "for"):
        return first + said[len(first):]
    if _A_DAY_AFTER_THE_LENGTH.search(said):
        return None  # "10 years in June": a length reached on a day, an anniversary, no length up to now
    return f"for {said}" if _A_LENGTH.search(said) and not said.lower().endswith(" ago") else None


# A day after a length, which makes it a length reached then: "10 years in June", "3 years next month"
_A_DAY_AFTER_THE_LENGTH = re.compile(r"\b(?:in|on|next|this|by|till|until|at)\s+\w", re.IGNORECASE)
# Verbs a length is said after with no "for": "the visa takes about a week", "it lasts two hours"
_TAKES = re.compile(r"\b(?:take|takes|took|last|lasts|lasted|need|needs|require|requires)\b", re.IGNORECASE)


# The auxiliaries after "when" of questions a bare date is not restated for.
UNRESTATED_WHEN = frozenset({"did", "didn't", "would", "could", "should", "might", "shall"})


# Words a bare date may be said with ("On the 1st of April", "probably in June", "sometime next week").
DATE_ANSWER_WORDS = frozenset({"on", "in", "at", "by", "around", "about", "from", "probably", "maybe", "sometime",
                               "hopefully", "early", "mid", "late", "the", "of", "end", "start", "beginning", "middle",
                               "for", "since"})
# Words that open a date said relative to now ("next week", "tomorrow"), which takes no preposition.
RELATIVE_DAY_WORDS = frozenset({"next", "last", "this", "tomorrow", "tonight", "today", "yesterday"})
# How a date is joined to the statement when the answer says none: a time "at", a day "on", a month or a year "in";
# one said with its own preposition, relative to now or counted back ("two weeks ago") as said.
_A_TIME = re.compile(r"\d+\s*(?:am|pm|o'clock)\b|\d+:\d\d|\b(?:noon|midday|midnight)\b", re.IGNORECASE)
_A_DAY = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE)
_A_YEAR = re.compile(r"(?:19|20)\d\d")
_AS_SAID = frozenset(DATE_ANSWER_WORDS - {"the", "of", "end", "start", "beginning", "middle"}) | RELATIVE_DAY_WORDS


def as_a_date_answer(doc: ParsedDoc, dates: list[tuple[int, int]]) -> str | None:
    """The parsed answer as the date it is, joined as a statement's adjunct ("22 August." -> "on 22 August",
    "June" -> "in June", "next week" as said); None when it says more than a date (``dates``: the character
    spans of its temporal expressions)."""
    covered = [t for t in doc.tokens if any(lo <= t.idx < hi for lo, hi in dates)]
    where = _where_said(doc, covered)
    rest = [t for t in doc.tokens if t not in covered and t.i not in where and t.pos != "PUNCT" and t.lower not in DATE_ANSWER_WORDS]
    if not covered or rest:
        return None
    said = doc.text.strip().rstrip(".!").strip()
    first = said.split()[0]
    if first.lower() in DATE_ANSWER_WORDS | RELATIVE_DAY_WORDS:
        said = first.lower() + said[len(first):]  # "The day after" is mid-sentence now; "June" keeps its capital
    if first.lower() in _AS_SAID or said.lower().endswith(" ago"):
        return said
    time = _A_TIME.search(said)
    if time and not _A_DAY.search(said[: time.start()]):  # "5pm", "10am on Friday"; "22nd July at 2pm" is a day
        return f"at {said}"
    a_day = _A_DAY.search(said) is not None and not _A_YEAR.fullmatch(said)
    return f"{'on' if a_day else 'in'} {said}"


# Prepositions of a place said after the date, as part of the same answer: "Tuesday morning at the health centre".
PLACE_PREPOSITIONS = frozenset({"at", "in"})


def _where_said(doc: ParsedDoc, covered: list) -> set[int]:
    """The tokens of a place said after a date ("next Tuesday at the health centre", "Friday in Leeds"): a phrase of
    "at" or "in" after the first date word that names a thing and holds no date; the date is then the thing's, and
    the place comes with it."""
    if not covered:
        return set()
    dated = {t.i for t in covered}
    where: set[int] = set()
    for t in doc.tokens:
        if t.lower in PLACE_PREPOSITIONS and t.i > min(dated) and t.i not in dated:
            phrase = subtree(doc, t.i)
            if not dated & set(phrase) and any(doc.tokens[k].pos in ("NOUN", "PROPN") for k in phrase):
                where |= set(phrase)
    return where


def _span(doc: ParsedDoc, i: int) -> tuple[int, int]:
    """The token range the subtree of ``i`` covers."""
    covered = subtree(doc, i)
    return covered[0], covered[-1] + 1


def _words(doc: ParsedDoc, lo: int, hi: int) -> str:
    """The text of tokens ``lo..hi-1``, "" for an empty range."""
    return doc.span_text(lo, hi) if lo < hi else ""


def _inverted(doc: ParsedDoc, denied: bool) -> str | None:
    """An inverted question as a statement: "Is the dentist still on Thursday" -> "the dentist is still on
    Thursday", "Did you book it" -> "you did book it", "Do you want me to book it" -> "you want me to book it"."""
    aux = doc.tokens[0]
    negated = len(doc) > 1 and doc.tokens[1].lower in NEGATIONS
    after_aux = 2 if negated else 1
    subjects = [arc.dep for k in range(len(doc)) for arc in doc.children(k) if arc.label in SUBJECT_LABELS and arc.dep >= after_aux]
    if not subjects:
        return None
    lo, hi = _span(doc, min(subjects))
    if lo < after_aux:
        return None
    # "are the slides due", "is the rent late": the small parse hangs the adjective asked of on the noun before it,
    # which English puts after its noun only as what is said of it
    while aux.lemma.lower() == "be" and hi - 1 > lo and doc.tokens[hi - 1].pos == "ADJ" and any(
            a.label == "amod" and a.head < hi - 1 for a in doc.parents(hi - 1)):
        hi -= 1
    heads = [a.head for a in doc.parents(0) if a.label in ("aux", "auxpass")]
    # "are the exam results out": the small parse makes "exam" the subject and "results" a verb, which no
    # "are ... results" can be; the noun stays in the subject
    helped = set(heads) if aux.lemma.lower() == "do" else set()  # "did you sort out": "sort" taken for a noun
    while hi < len(doc) and hi not in helped and (
            doc.tokens[hi].pos == "NOUN" or (doc.tokens[hi].tag == "VBZ" and aux.lemma.lower() == "be")):
        hi += 1
    # "are Ana and Tom still together", "are you and your partner still planning it": the parse may cut the
    # subject at its "and" or after it; the other one is in it too
    if hi + 1 < len(doc) and doc.tokens[hi].lower in ("and", "&"):
        hi += 1
    if doc.tokens[hi - 1].lower in ("and", "&"):
        while hi < len(doc) and doc.tokens[hi].pos in ("PROPN", "NOUN", "PRON", "DET") and hi not in heads:
            hi += 1
    # "Did your flight change": the small parse takes the bare verb closing a "do" question for a noun of the subject
    # ("flight change"), leaving "did" no verb; a "do" needs one, and the subject keeps the noun before it
    if (aux.lemma.lower() == "do" and not heads and hi == len(doc) and hi - 2 > lo - 1 and doc.tokens[hi - 1].pos == "NOUN"
            and doc.tokens[hi - 1].tag == "NN" and doc.tokens[hi - 2].pos in ("NOUN", "PROPN")):
        hi -= 1
    if aux.lemma.lower() == "do" and not heads and hi == len(doc) and any(doc.tokens[k].pos == "ADP" for k in range(lo, hi)):
        return None  # "did your mum like the present": "like" read as a preposition, the "do" left no verb of its own
    if aux.lemma.lower() == "be" and hi < len(doc) and doc.tokens[hi].tag in ("VB", "VBP"):
        return None  # "is the new ramen place any good": "place" read as a verb, no statement to make of it
    if not heads and any(doc.tokens[k].pos == "VERB" for k in range(lo, hi)):
        return None  # "are you guys coming": the parse put the verb inside the subject, no statement to make of it
    verb = doc.tokens[heads[0]] if heads else None  # "Do you still take metformin": "take", past "still"
    auxiliary, tail = aux.lower, _words(doc, hi, len(doc))
    if aux.lemma.lower() == "do" and verb is not None and verb.tag == "VB":
        if aux.lower == "does" and not denied and heads[0] >= hi:  # "does your sister arrive" -> "arrives"
            at = verb.idx - doc.tokens[hi].idx
            tail, auxiliary = f"{tail[:at]}{third_person(verb.text)}{tail[at + len(verb.text):]}", ""
        elif aux.tag == "VBP" and not denied:
            auxiliary = ""
    elif auxiliary in ("'re", "'s"):
        auxiliary = {"'re": "are", "'s": "is"}[auxiliary]
    words = [_words(doc, lo, hi), auxiliary, "not" if denied else "", _words(doc, after_aux, lo), tail]
    return " ".join(w for w in words if w)


def _declared(doc: ParsedDoc, denied: bool) -> str | None:
    """A question asked in the order of a statement ("your sister's flight lands on Friday"), denied where the
    answer said no: "not" after its auxiliary, or "does not land" for a verb standing alone."""
    root = doc.roots[0] if doc.roots else None
    if root is None or not _said_of_someone(doc, root):
        return None
    if not denied:
        return doc.text
    auxiliaries = [arc.dep for arc in doc.children(root) if arc.label in ("aux", "auxpass") and arc.dep < root]
    at = auxiliaries[0] if auxiliaries else (root if doc.tokens[root].pos == "AUX" else None)
    if at is not None:
        return f"{_words(doc, 0, at + 1)} not {_words(doc, at + 1, len(doc))}".strip()
    verb = doc.tokens[root]
    support = DO_SUPPORT.get(verb.tag)
    if verb.pos != "VERB" or support is None:
        return None
    return f"{_words(doc, 0, root)} {support} not {verb.lemma} {_words(doc, root + 1, len(doc))}".strip()


def _said_of_someone(doc: ParsedDoc, root: int) -> bool:
    """A question in the order of a statement has its subject before its verb and before any auxiliary ("Want me
    to set a reminder?" has none: its "me" is the subject of what is wanted; "Sam, are you coming?" has its "are"
    first), and is not what the asker thinks ("I think you'd enjoy it, don't you?" asks for no fact of the asker's
    mind)."""
    subjects = [a.dep for a in doc.children(root) if a.label in SUBJECT_LABELS]
    helpers = [a.dep for a in doc.children(root) if a.label in ("aux", "auxpass")]
    if not subjects or min(subjects) > min([root, *helpers]):
        return False
    if doc.tokens[min(subjects)].lower in INFORMAL_3SG:
        return False  # "Wanna give it a try?": chat's "want to", read as a noun, with its "you" dropped
    return doc.tokens[min(subjects)].lower not in ("i", "we")


def _tidied(statement: str, denied: bool) -> str:
    """English for what turning a question round leaves: "not still" is "no longer" ("does not still take" is
    "does not take ... any more"), "not ever" is "never", and a yes keeps no "ever" ("have you ever been" -> "has
    been") and says "some" for "any" ("do you have any plans" -> "has some plans") and no "yet"."""
    if re.search(r"\b(?:do|does|did) not still\b", statement):
        statement = re.sub(r"\b(do|does|did) not still\b", r"\1 not", statement) + " any more"
    statement = re.sub(r"\bnot still\b", "no longer", statement)
    statement = re.sub(r"\bstill (is|are|was|were) not\b", r"\1 no longer", statement)  # "Marco still is not at Google"
    if denied:
        return re.sub(r"\bnot ever\b", "never", statement)
    # a yes says "some" where the question asked "any" ("Do you have any plans?" - "yes" has some plans), no "any"
    # before a comparison ("any better", "any good") and no "anymore", "ever" or "yet" ("Have you told anyone
    # yet?" - "yes" has told someone; "do you play tennis anymore?" - "yes" plays tennis)
    statement = re.sub(r"\b[Aa]ny (?=(?:good|better|worse|different|easier|harder|closer|bigger|smaller|use)\b)", "", statement)
    statement = re.sub(r"\b[Aa]ny(thing|one|body|where|time)?\b", lambda m: "some" + (m[1] or ""), statement)
    return re.sub(r"\s+(?:ever|yet|anymore)\b", "", statement)


def as_statement(doc: ParsedDoc, denied: bool = False) -> str | None:
    """The parsed question (from :func:`asked_yes_or_no`) said as the statement a yes confirms, or as its
    negation for a no; None when its shape is not one this can turn round (no subject, no verb)."""
    tokens = [t for t in doc.tokens if t.pos != "PUNCT"]
    if len(tokens) < 2 or not any(t.pos in ("VERB", "AUX") for t in tokens):
        return None
    if not any(t.pos in ("NOUN", "PROPN", "NUM") or t.lower in ("you", "your", "yours") for t in tokens):
        return None  # "Is that right?" alone: nothing to remember
    if doc.tokens[0].lower in INVERTING and doc.tokens[0].pos in ("AUX", "VERB"):
        statement = _inverted(doc, denied)
    elif any(arc.label in SUBJECT_LABELS for arc in doc.arcs):  # "still seeing Tom?" says nothing of whom
        statement = _declared(doc, denied)
    else:
        return None
    return statement and _tidied(statement, denied)


def previous_turns(turns: pl.DataFrame) -> dict[str, tuple[str, str | None, str]]:
    """turn_id -> (turn_id, speaker, text) of the turn just before it in its session."""
    order = [c for c in ("conversation_id", "session_index", "turn_index", "seq") if c in turns.columns]
    rows = turns.sort(order).select("conversation_id", "session_id", "turn_id", "speaker", "text").rows()
    before: dict[str, tuple[str, str | None, str]] = {}
    for earlier, later in zip(rows, rows[1:]):
        if earlier[:2] == later[:2]:
            before[later[2]] = (earlier[2], earlier[3], earlier[4] or "")
    return before


@dataclass(frozen=True)
class _Answer:
    """An answer to the other speaker's question, waiting for its parses: ``asked`` is the yes/no question as a
    sentence, or what a "when" question asks when of; ``rest`` what a yes, a no or a date said first goes on with;
    ``opening`` the date said first."""

    turn_id: str
    question_turn_id: str
    asker: str | None
    asked: str
    text: str
    denied: bool = False
    rest: str | None = None
    opening: str | None = None
    how_long: bool = False  # the question asked "how long", not "when"
    be: str | None = None  # the "is" or "are" a value question asked with ("What's your budget?")
    joined: bool = False  # the yes and the rest said in one breath ("yes tomorrow morning")


def restatements(
    turns: pl.DataFrame, answers: pl.DataFrame, parser: Parser, addressees: Mapping[str, str | None],
    find_dates: Callable[[ParsedDoc], list[tuple[int, int]]] | None = None, named: Collection[str] = frozenset(),
) -> dict[str, Restatement]:
    """The restatement of every answer among ``answers`` (admitted turns) to the other speaker's yes/no question
    just before it, bare or said first, of a date, bare or said first, that answers a "when" question (``find_dates``:
    the temporal expressions of a parse, as the resolver finds them), or of a value that answers a "what" or "how
    much" question, by the answer's turn_id.
    ``addressees``: whom each turn's "you" means; a question put to someone else ("Sam, are you coming on Friday?"
    answered by Lena) is not the answerer's to confirm, one put to no one in particular is. ``named``: the answers
    a name answers who someone is in (:mod:`.identity`), which no fragment restatement reads."""
    before = previous_turns(turns)
    yes_no: list[_Answer] = []
    when: list[_Answer] = []
    values: list[_Answer] = []
    counts: list[_Answer] = []
    things: list[_Answer] = []  # a thing, a person or a place said alone after "what", "who" or "where"
    for turn_id, speaker, text in answers.select("turn_id", "speaker", "text").rows():
        text = text or ""
        question = before.get(turn_id)
        if question is None or question[1] == speaker or addressees.get(question[0]) not in (None, speaker):
            continue
        answer = bare_answer(text)
        opened = None if answer is not None else opened_by_an_answer(text)
        breath = None if answer is not None or opened else yes_in_one_breath(text) or no_in_one_breath(text)
        sentence = asked_yes_or_no(question[2]) if answer is not None or opened or breath else None
        if sentence is not None:
            denied = (not (answer if opened is None else opened[0])) if not breath else yes_in_one_breath(text) is None
            rest = breath or (opened and opened[1])
            yes_no.append(_Answer(turn_id, question[0], question[1], sentence, text, denied, rest, joined=bool(breath)))
        elif answer is None and find_dates is not None and (of := asked_when(question[2]) or asked_how_long(question[2])):
            said = _LEADING_FILLER.sub("", text)  # "yeah next monday. also ...": the date is the answer
            opening = opening_sentence(said)
            if len(said.split()) <= MAX_DATE_ANSWER_WORDS or opening:
                first, rest = opening or (None, None)
                how_long = asked_when(question[2]) is None
                when.append(_Answer(turn_id, question[0], question[1], of, said, rest=rest, opening=first, how_long=how_long))
        elif answer is None and (many := asked_how_many(question[2])) and (count := _A_COUNT_FIRST.match(text)):
            counts.append(_Answer(turn_id, question[0], question[1], many[1], text, opening=count["count"], rest=many[0]))
        elif answer is None and turn_id not in named and not re.search(r"\d", text) and (wh := asked_wh(question[2])):
            said = _LEADING_FILLER.sub("", text)  # "oh the garage": the place is the answer
            things.append(_Answer(turn_id, question[0], question[1], wh.asked, said, opening=wh.wh, be=wh.be))
        elif answer is None and (value := asked_a_value(question[2])) and len(text.split()) <= MAX_DATE_ANSWER_WORDS:
            values.append(_Answer(turn_id, question[0], question[1], value[0], text, be=value[1]))
    texts = {(a.turn_id, "asked"): a.asked for a in yes_no + when + values + counts + things}
    texts |= {(a.turn_id, "count"): a.opening for a in counts}
    # a rest said without a full stop gets one: the tagger reads a bare "the 23rd" as a date only as a sentence
    texts |= {(a.turn_id, "rest"): _as_a_sentence(a.rest) for a in yes_no if a.rest is not None and find_dates is not None}
    texts |= {(a.turn_id, "value"): _as_a_sentence(_said_first(a.rest)[0]) for a in yes_no if a.joined and find_dates is not None}
    # only a short answer can be a bare date: a longer one is not parsed whole for it
    texts |= {(a.turn_id, "answer"): a.text for a in when if len(a.text.split()) <= MAX_DATE_ANSWER_WORDS}
    texts |= {(a.turn_id, "opening"): a.opening for a in when if a.opening is not None}
    texts |= {(a.turn_id, "answer"): a.text for a in values + things}
    parsed = dict(zip(texts, parser.parse_batch(list(texts.values()))))
    out = {a.turn_id: _yes_or_no_restated(a, parsed, find_dates, parser.parse) for a in yes_no}
    out |= {a.turn_id: _when_restated(a, parsed, find_dates) for a in when}
    out |= {a.turn_id: _value_restated(a, parsed) for a in values}
    out |= {a.turn_id: _count_restated(a, parsed, find_dates) for a in counts}
    out |= {a.turn_id: _wh_restated(a, parsed, find_dates) for a in things}
    return {turn_id: restated for turn_id, restated in out.items() if restated is not None}


def _as_a_sentence(text: str) -> str:
    """``text`` ending on a full stop where it ends on no stop of its own."""
    return text if re.search(r"[.!?…]\W*$", text) else text.rstrip() + "."


def _yes_or_no_restated(
    answer: _Answer, parsed: Mapping[tuple[str, str], ParsedDoc], find_dates: Callable | None,
    parse: Callable[[str], ParsedDoc] | None = None,
) -> Restatement | None:
    """A yes or a no as the question it settles, said as a statement; said first, in the answerer's words with the
    rest after it, unless the rest gives a date of its own where the question gives one ("Would you like a reminder
    before January?" - "Yes, remind me in December.": the answer's date dates the memory)."""
    doc = parsed[(answer.turn_id, "asked")]
    statement = as_statement(doc, answer.denied)
    if not statement:
        return None
    if answer.rest is None:
        return Restatement(answer.question_turn_id, answer.asker, statement[0].upper() + statement[1:] + ".")
    rest_doc = parsed.get((answer.turn_id, "rest"))
    if answer.denied and _NOT_YET.match(answer.text) and rest_doc is not None and find_dates(rest_doc):
        return None  # "Have you paid?" - "not yet, friday": a no for now and the day it will be, no denial to state
    dated = None if rest_doc is None or answer.denied else as_a_date_answer(rest_doc, find_dates(rest_doc))
    if dated is not None:
        return _confirmed_with_its_date(answer, statement, doc, rest_doc, dated, find_dates)
    if answer.joined:
        return _confirmed_with_a_value(answer, statement, doc, parsed.get((answer.turn_id, "value")), find_dates, parse)
    if rest_doc is not None and find_dates(doc) and find_dates(rest_doc):
        return None
    own = in_the_answerers_words(statement)
    if not own or _asks_or_bids(answer.rest) or (answer.denied and " and I " in f" {own} "):
        return None  # "Are you and Ana going?" - "No, Ana's sick. I might go alone.": the no is not both
    return Restatement(answer.question_turn_id, answer.asker, f"{own[0].upper()}{own[1:]}. {answer.rest}", in_own_words=True)


# A "not yet" said first: no for now, what follows often when it will be ("not yet, next weekend").
_NOT_YET = re.compile(r"\W*not\s+yet\b", re.IGNORECASE)


def _confirmed_with_its_date(
    answer: _Answer, statement: str, doc: ParsedDoc, rest_doc: ParsedDoc, dated: str, find_dates: Callable
) -> Restatement | None:
    """A yes with nothing but a date after it: the date joined to what was asked ("Want me to set a reminder to
    call the bank?" - "yes, tomorrow morning" is "Lena wants a reminder to call the bank tomorrow morning"; "Did you
    send the report?" - "yep on Monday" is "Lena did send the report on Monday"). Where the question gives a date
    the answer only says it again ("The party is on the 23rd?" - "yes the 23rd") and is the plain yes; another
    date beside the question's is read as said, as neither can be known to be the memory's."""
    if not find_dates(doc):
        said = f"{statement} {dated}"
    elif all(_said_again(rest_doc.text[lo:hi], doc.text) for lo, hi in find_dates(rest_doc)):
        said = statement
    else:
        return None
    return Restatement(answer.question_turn_id, answer.asker, said[0].upper() + said[1:] + ".")


def _confirmed_with_a_value(
    answer: _Answer, statement: str, doc: ParsedDoc, value_doc: ParsedDoc | None, find_dates: Callable,
    parse: Callable[[str], ParsedDoc] | None = None,
) -> Restatement | None:
    """A yes or a no said in one breath with a value or a thing and no verb: what was asked, in the answerer's
    words, with the value joined to it ("Did they fix the boiler?" - "yes £240 in the end" is "they did fix the
    boiler, £240 in the end"; "Did your train change?" - "no still the 9th" is "my train did not change, still the
    9th"), where the value alone had been kept ("Lena noted: £240 in the end.") and what it was of was nowhere.
    Words of their own ("yeah much better", "yes I think so") are read as said, and so is a value beside a question
    that gives a date ("Is it on Thursday?" - "yes at 3"), which may be its own date or a time of it."""
    if value_doc is None or find_dates(doc) or not a_value_said(value_doc, find_dates):
        return None
    if answer.denied and answer.joined and _a_noun_first(value_doc):
        return None  # "no idea", "no hot water, no heating": "no" is the noun's, it answers no question's "no"
    value, more = _said_first(answer.rest)
    own = in_the_answerers_words(statement)
    if not own or _asks_or_bids(more) or (answer.denied and " and I " in f" {own} "):
        return None
    said = f"{own[0].upper()}{own[1:]}, {value.strip().rstrip('.!…').strip()}. {more}".strip()
    dates = find_dates(parse(said)) if parse is not None else []
    if dates and not find_dates(value_doc):
        return None  # "Are you still on nights?" - "no days now": "on nights, days now" joined reads as a date
    if _asked_in_the_past(doc) and any(
            not _PLACED_BY_ITSELF.search(said[s:e]) and not _A_BARE_LENGTH.fullmatch(said[s:e]) for s, e in dates):
        # "Did your plans change?" - "yes august instead": joined to "did change", the past would put August a year
        # back and "friday" in the week gone; the answer is read as said, its date as it was meant. A length ("2 days
        # from home") or a date placed by its own word ("£500 last week") reads the same joined
        return None
    return Restatement(answer.question_turn_id, answer.asker, said, in_own_words=True)


def _a_noun_first(doc: ParsedDoc) -> bool:
    """The value opens on a noun or an adjective, so a "no" right before it is its determiner ("no idea", "no hot
    water"), where "no still the 14th" and "no, a little Aygo" deny and go on."""
    first = next((t for t in doc.tokens if t.pos != "PUNCT"), None)
    return first is not None and first.pos in ("NOUN", "ADJ", "PROPN")


# Words that place a date on their side of today whatever the tense around it: "£500 last week", "no tomorrow now".
_PLACED_BY_ITSELF = re.compile(r"\b(?:last|next|this|ago|yesterday|tomorrow|today|tonight|since)\b", re.IGNORECASE)


def _asked_in_the_past(doc: ParsedDoc) -> bool:
    """The question asks of a past ("did your plans change", "have you booked it", "were they late")."""
    return any(t.tag == "VBD" for t in doc.tokens) or (
        any(t.lemma.lower() == "have" for t in doc.tokens) and any(t.tag == "VBN" for t in doc.tokens))


def a_value_said(doc: ParsedDoc, find_dates: Callable) -> bool:
    """The parsed words after a yes or a no are a value or a thing and nothing more ("£135 on the spot", "about £65
    a month", "a little Aygo", "still the 14th"): short, no verb, in no one's person, with a number, a noun or a
    date in them ("much better" has none)."""
    words = [t for t in doc.tokens if t.pos != "PUNCT"]
    return (
        0 < len(words) <= MAX_DATE_ANSWER_WORDS
        and not any(t.pos in ("VERB", "AUX") for t in words)
        and not _A_PERSON_SAID.search(doc.text.replace("’", "'"))
        and (any(t.pos in ("NUM", "NOUN", "PROPN") or t.text[:1].isdigit() for t in words) or bool(find_dates(doc)))
    )


def _said_first(text: str) -> tuple[str, str]:
    """The first sentence of ``text`` and what follows it ("£39.90. I'll order the other one" -> ("£39.90.", "I'll
    order the other one")), or all of it and ""."""
    opening = opening_sentence(text)
    return opening or (text, "")


def _said_again(date: str, question: str) -> bool:
    """The answer's ``date`` is one the question said ("the 23rd" in "start on the 23rd?")."""
    words = [w for w in re.findall(r"[\w']+", date.lower()) if w not in DATE_ANSWER_WORDS]
    return bool(words) and re.search(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b", question.lower()) is not None


# What opens a request or an order: "Don't wait up", "Please bring wine", "Let's meet at 8".
_A_REQUEST = re.compile(r"^\W*(?:don'?t|do not|please|pls|let'?s|can you|could you|would you)\b", re.IGNORECASE)


def _asks_or_bids(rest: str) -> bool:
    """What an answer goes on with asks or bids the asker do something ("Saturday. You're coming, right?", "Late
    tonight. Don't wait up."): the whole answer is read as said, so that it stays a question or a request (the
    restatement before it had folded it into a statement)."""
    return "?" in rest or _A_REQUEST.search(rest.replace("’", "'")) is not None


def _when_restated(
    answer: _Answer, parsed: Mapping[tuple[str, str], ParsedDoc], find_dates: Callable
) -> Restatement | None:
    """A date that answers "when" as the statement asked about with the date joined to it; said first, in the
    answerer's words with the rest after it."""
    doc = parsed[(answer.turn_id, "asked")]
    if any(arc.label in ("relcl", "acl", "ccomp", "advcl") for arc in doc.arcs):
        return None  # "when was the last time you had a holiday": a clause inside, no statement to make of it
    statement = as_statement(doc)
    if not statement:
        return None
    whole = parsed.get((answer.turn_id, "answer"))
    if whole is not None and (date := _the_answers_date(answer, whole, find_dates)):
        if answer.how_long and _TAKES.search(statement) and date.startswith("for "):
            date = date[len("for "):]  # "the visa takes about a week", not "takes for"
        return Restatement(answer.question_turn_id, answer.asker, f"{statement[0].upper()}{statement[1:]} {date}.", "answered")
    first = parsed.get((answer.turn_id, "opening"))
    own = in_the_answerers_words(statement) if first is not None else None
    if not own or _asks_or_bids(answer.rest) or not (date := _the_answers_date(answer, first, find_dates)):
        return None
    said = f"{own[0].upper()}{own[1:]} {date}. {answer.rest}"
    return Restatement(answer.question_turn_id, answer.asker, said, "answered", in_own_words=True)


# Words of a count of what is left, which is no value of the thing asked: "And the Klarna?" - "one more left"
COUNTING_DOWN = frozenset({"left", "remaining", "more", "outstanding", "to go"})
# What a value may open on before its number: "£950", "about 1,400", "down to about 3k", "a bit over 11k", "maybe 1200"
VALUE_LEAD_POS = frozenset({"SYM", "ADV", "ADP", "DET"})
# The answerer's own person, or the asker's: words in the asker's voice that the answer would say of the wrong one
_A_PERSON_SAID = re.compile(r"\b(?:i|me|my|mine|we|us|our|you|your|i'm|i've|im)\b", re.IGNORECASE)


def a_value_answer(doc: ParsedDoc) -> bool:
    """The parsed answer is a value and nothing more: a number, said first, with what it counts or how it is said
    ("1400 max", "7 now", "down to about 1,400", "£2,450 net"), no verb, short, in no one's person, no count of
    what is left ("two more left")."""
    words = [t for t in doc.tokens if t.pos != "PUNCT"]
    # "3k" and "11k" are tagged as names or nouns: a word of digits is a number whatever its tag
    number = next((k for k, t in enumerate(words) if t.pos == "NUM" or t.text[:1].isdigit()), None)
    return (
        number is not None
        and len(words) <= MAX_DATE_ANSWER_WORDS
        and all(t.pos in VALUE_LEAD_POS for t in words[:number])  # "not sure, maybe 1200" is no value said
        and not any(t.pos in ("VERB", "AUX") for t in words)
        and not _A_PERSON_SAID.search(doc.text.replace("’", "'"))
        and not any(w in COUNTING_DOWN for w in re.findall(r"[a-z]+(?: go)?", doc.text.lower()))
    )


# The wh-words whose answer is a thing, a person or a place said alone: "What tools do you have?" - "a drill, a hand
# saw", "Who are the executors?" - "me and my brother", "Where will you work?" - "in the shed".
THING_WH_WORDS = frozenset({"what", "which", "who", "whom", "where"})
# Answers that name nothing the question asked of ("no idea", "nothing yet", "not sure"): read as said.
NON_ANSWER_WORDS = frozenset(
    "nothing none nobody noone nowhere idea clue dunno idk sure unsure depends whatever anything anywhere anyone "
    "everything everywhere not".split()
)
# Places said with no preposition: "Where will you stay?" - "home", "upstairs, in the spare room".
PLACE_ADVERBS = frozenset({"home", "upstairs", "downstairs", "outside", "inside", "abroad", "here", "there", "locally",
                           "online", "nearby", "indoors", "outdoors", "overseas"})
# Pronouns a clause after the fragment may open on that take it back up as someone named ("the plumber, he came
# today"): the fragment is then the rest's topic, not an answer.
_DISLOCATED = frozenset({"he", "she", "they"})
# The answerer's own subject right after the comma: the words before were fronted in a clause that answers by itself
# ("On that whiteboard, I wrote down some quotes", "Besides the classes, we're offering mentoring").
_FRONTED_BEFORE = frozenset({"i", "we"})


@dataclass(frozen=True)
class AskedWh:
    """A "what", "which", "who" or "where" question: ``wh`` its word, ``asked`` the rest from its auxiliary on ("do
    you have", "will you do the woodwork", "are the executors"), ``be`` the "is" or "are" it opens on, if any."""

    wh: str
    asked: str
    be: str | None = None


def asked_wh(text: str) -> AskedWh | None:
    """The thing, person or place question that closes ``text`` ("Nice. What tools do you have?" -> ("what", "do
    you have"), "Where's the original will?" -> ("where", "is the original will", "is")); None when the turn ends on
    none, or on two things asked ("where and when?", "what's the rent, and ...")."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join((text or "").replace("’", "'").split()))
    last = sentences[-1] if sentences else ""
    if not last.endswith("?") or _SPANISH_MARKS.search(last):
        return None
    asked = QUESTION_LEAD.sub("", last).strip().rstrip("?").strip()
    if " or " in f" {asked.lower()} " or "," in asked or "?" in asked:
        return None
    words = asked.split()
    wh, _, be = words[0].lower().partition("'") if words else ("", "", "")
    if wh not in THING_WH_WORDS:
        return None
    if be:  # "where's he going" is asked as "where is he going"
        words = [{"s": "is", "re": "are"}.get(be, be), *words[1:]]
    elif len(words) > 2 and words[1].lower() not in INVERTING and words[2].lower() in INVERTING:
        words = words[2:]  # "what tools do you have": the thing asked of is what the answer names
    else:
        words = words[1:]
    if len(words) < 2 or words[0].lower() not in INVERTING or set(re.findall(r"[\w']+", " ".join(words).lower())) & (
            WH_WORDS | {"name", "called", "like"}):
        return None  # "what's her name" is :mod:`.identity`'s; "what's the flat like" asks no thing
    be = words[0].lower() if words[0].lower() in ("is", "are", "was", "were") else None
    return AskedWh(wh, " ".join(words), be)


def _a_fragment_first(doc: ParsedDoc) -> int | None:
    """Where the thing, person or place the answer opens on ends, when it says no verb ("the garage, but it's full
    of junk" -> after "garage", "me and my brother" -> its end): before its first sentence's stop, or before the
    comma or "and"/"but" that opens the first clause with a verb; None when the answer opens on a clause ("it's in
    the garage"), on a number or on no answer ("no idea", "not sure")."""
    tokens = doc.tokens
    stop = next((t.i for t in tokens if t.pos == "PUNCT" and t.text[:1] in ".!?…;"), len(tokens))
    verb = next((t.i for t in tokens[:stop] if t.pos in ("VERB", "AUX")), None)
    end = stop
    if verb is not None:
        # a comma or a conjunction ends the thing named, not a hyphen inside a word ("down-to-earth attitude is ...")
        end = next((k for k in range(verb - 1, -1, -1) if tokens[k].text == "," or tokens[k].pos == "CCONJ"), None)
        if end is None:
            return None
        while end > 0 and (tokens[end - 1].text == "," or tokens[end - 1].pos == "CCONJ"):
            end -= 1
        after = [t for t in tokens[end:verb] if t.pos not in ("PUNCT", "CCONJ")]
        if after and after[0].lower in _DISLOCATED | _FRONTED_BEFORE:
            return None  # "the plumber, he came today": a topic, then what is said of it
    words = [t for t in tokens[:end] if t.pos != "PUNCT"]
    if not words or len(words) > MAX_DATE_ANSWER_WORDS:
        return None
    if words[0].lower in DISCOURSE_WORDS:
        return None  # "Thanks, Maria!", "Yeah, mine too": chat's glue before the answer, no thing named
    if any(t.text.lower() in ("'s", "’s") and k + 1 < end and tokens[k + 1].pos in ("ADJ", "ADV", "DET")
           for k, t in enumerate(tokens[:end])):
        return None  # "my fam's small": a contracted "is" the tagger took for an owner's, a clause
    if any(t.pos in ("NUM", "INTJ") or t.text[:1].isdigit() or t.lower in NON_ANSWER_WORDS | TRAILING_FILLERS for t in words):
        return None  # a number is a value (:func:`_value_restated`); "haha", "no idea": no thing named
    if not any(t.pos in ("NOUN", "PROPN", "PRON") or t.lower in PLACE_ADVERBS for t in words):
        return None
    return end


def _wh_restated(
    answer: _Answer, parsed: Mapping[tuple[str, str], ParsedDoc], find_dates: Callable | None
) -> Restatement | None:
    """A thing, a person or a place said alone that answers "what", "who" or "where", put in what was asked, in the
    answerer's words, with the rest of the answer as said: "Who are the executors?" - "me and my brother" is "the
    executors are me and my brother", "What tools do you have?" - "a drill, a hand saw, that's about it" is "I have a
    drill, a hand saw, that's about it", "Where is the spare key?" - "under the mat" is "the spare key is under the
    mat"; before, the fragment stood alone ("Lena noted: under the mat.") and what it answered was nowhere. Where
    the answer cannot be put in the question's own place (a place said with no preposition, "the garage"; a
    question that goes on after its verb, "what do you want for dinner"), the question is kept as its topic:
    "where I will do the woodwork: the garage, but it's full of junk". A date is the "when" rule's, a number the
    value rule's, and a fragment that is the topic of a clause after it ("the plumber, he came") is read as said."""
    said = parsed[(answer.turn_id, "answer")]
    end = _a_fragment_first(said)
    if end is None or (find_dates is not None and any(lo < said.tokens[end - 1].idx + len(said.tokens[end - 1].text)
                                                       for lo, _ in find_dates(said))):
        return None
    asked = parsed[(answer.turn_id, "asked")]
    wh, words = answer.opening, [t for t in asked.tokens if t.pos != "PUNCT"]
    named = [t for t in said.tokens[:end] if t.pos != "PUNCT"]
    if wh != "who" and all(t.ent == "PERSON" or t.pos == "PRON" for t in named if t.pos in ("NOUN", "PROPN", "PRON")):
        # "Melanie, it's changed them", "mine too": a name called or a pronoun is no thing or place asked for
        return None
    if wh in ("what", "which") and all(t.pos == "PROPN" or t.text[:1].isupper() for t in named) and len(named) == 1:
        # "What's the plan for Sunday?" - "Tomasz.": a word alone with a capital may be a name, which says who, not
        # what (the small parse tags "Tomasz" a noun)
        return None
    if answer.be is not None and len(words) > 1 and not any(t.pos == "VERB" for t in words):
        # "who are the executors", "where is the original will" (its "will" taken for a verb): what something is;
        # "what's wrong", "what are you allergic to", "who's the letter from" ask no thing the answer can stand for,
        # and their fragment is kept as said
        if not _a_noun_phrase(asked, words[1:]):
            return None
        statement, last = f"{_words(asked, words[1].i, len(asked))} {answer.be}", words[0]
    else:
        statement, last = as_statement(asked), words[-1] if words else None
        if not statement or last is None:
            return None
    fits = _placed(said) if wh == "where" else last.pos in ("VERB", "ADP", "AUX") and last.lower != "like"
    own = in_the_answerers_words(statement)
    if not own or _asks_or_bids(answer.text):
        return None
    text = answer.text.strip()
    if fits:
        said_as = f"{own} {text}"
    else:  # "the garage is where I will do the woodwork, but it's full of junk"
        fragment = said.text[: said.tokens[end - 1].idx + len(said.tokens[end - 1].text)]
        said_as = f"{fragment} {_be_of(said, end)} {wh} {own}{text[len(fragment):]}"
    return Restatement(answer.question_turn_id, answer.asker, _as_a_sentence(said_as[0].upper() + said_as[1:]), "answered",
                       in_own_words=True)


# The labels of words that make what follows "is/are" a clause of its own, not a thing named: "what's wrong",
# "what are you grateful for", "what is it you're worried about".
_PREDICATE_LABELS = frozenset({"acomp", "ccomp", "xcomp"})
# Adjectives of a place in a sequence, which the answer takes ("What's next on your list?" - "the car tax": next on
# the list is the car tax), unlike one said of a person or thing ("wrong", "allergic").
_RANK_WORDS = frozenset({"next", "first", "last"})


def _a_noun_phrase(doc: ParsedDoc, words: list[Token]) -> bool:
    """The ``words`` after a question's "is/are" name a thing an answer can be said to be ("the executors", "the
    spare key to the shed", "the original will"): no adjective or clause said of a subject ("wrong", "you allergic
    to", "it you're worried about"), no verb, and no preposition left without its object at the end ("the letter
    from", "that for", "you off to")."""
    if not words:
        return False
    for word in words:
        labels = {arc.label for arc in doc.parents(word.i)}
        if (labels & _PREDICATE_LABELS and word.lower not in _RANK_WORDS) or (word.pos in ("VERB", "AUX") and word.tag != "MD"):
            return False
        if word.pos == "ADP" and not any(arc.label in ("pobj", "pcomp") for arc in doc.children(word.i)):
            return False
    return True


def _be_of(doc: ParsedDoc, end: int) -> str:
    """The "is" or "are" the fragment before ``end`` takes as a subject ("the garage is", "my sister and her kids
    are")."""
    words = doc.tokens[:end]
    plural = any(t.lower in ("and", "&") for t in words) or next(
        (t.tag in ("NNS", "NNPS") for t in reversed(words) if t.pos in ("NOUN", "PROPN", "PRON")), False)
    return "are" if plural else "is"


def _placed(doc: ParsedDoc) -> bool:
    """The answer opens on a place's preposition or on a place said alone ("in the shed", "at my mum's", "home")."""
    first = next((t for t in doc.tokens if t.pos != "PUNCT"), None)
    return first is not None and (first.pos == "ADP" or first.lower in PLACE_ADVERBS)


def _value_restated(answer: _Answer, parsed: Mapping[tuple[str, str], ParsedDoc]) -> Restatement | None:
    """A value that answers a "what" or "how much" question, or a follow-up that names a thing alone, as the thing
    asked of said to be the value: "What's your budget for a 1 bed?" - "1400 max" is "your budget for a 1 bed is
    1400 max", "How old is he now?" - "7 now" is "he is 7 now" (what the question ends on said once), "And the
    car loan?" - "down to about 3k" is "the car loan is down to about 3k"."""
    said = parsed[(answer.turn_id, "answer")]
    thing = _a_thing_asked_of(parsed[(answer.turn_id, "asked")])
    if thing is None or not a_value_answer(said):
        return None
    subject, be, tail = thing
    value = said.text.strip().rstrip(".!").strip()
    if answer.be is None and _A_BARE_LENGTH.fullmatch(value):
        return None  # "And the wedding?" - "3 weeks!": when it comes, not what the wedding is
    # "How old is he now?" - "7 now": the answer says again what the question ends on
    if not set(re.findall(r"[\w']+", tail.lower())) <= set(re.findall(r"[\w']+", value.lower())):
        value = f"{value} {tail}"
    text = f"{subject} {answer.be or be} {value}"
    return Restatement(answer.question_turn_id, answer.asker, f"{text[0].upper()}{text[1:]}.", "answered")


# A "how many" question: what it counts ("people", "days a week", or nothing) and the question after it, from its
# auxiliary on ("How many people are you expecting?" -> "people", "are you expecting").
_ASKS_HOW_MANY = re.compile(
    r"how many\s+(?P<what>(?:[\w'-]+\s+)*?)(?P<asked>(?:are|were|is|was|do|does|did|have|has|had|will|would|can)\b.+)",
    re.IGNORECASE,
)
# A count said first, up to its first comma or stop: "8 of us", "about 12 girls. I've made a group", "10, two dropped
# out", "4 days."; what follows it is the answerer's own words.
_A_COUNT_FIRST = re.compile(r"\s*(?P<count>(?:(?:about|around|roughly|maybe|only|just|like|over|under)\s+)?\d+[^,.!?;…]*)")


def asked_how_many(text: str) -> tuple[str, str] | None:
    """What the "how many" question closing ``text`` counts and what it asks, as a yes/no question would ask it
    ("Lovely! How many days a week are you in the office?" -> ("days a week", "are you in the office")); None
    when the turn ends on no such question, or on two things asked."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join((text or "").replace("’", "'").split()))
    last = sentences[-1] if sentences else ""
    if not last.endswith("?") or _SPANISH_MARKS.search(last):
        return None
    asked = _ASKS_HOW_MANY.fullmatch(QUESTION_LEAD.sub("", last).strip().rstrip("?").strip())
    if asked is None or re.search(r",|\bor\b|\band\b", asked[0]) or set(asked[0].lower().split()) & WH_WORDS - {"how"}:
        return None
    return asked["what"].strip(), asked["asked"]


def _count_restated(
    answer: _Answer, parsed: Mapping[tuple[str, str], ParsedDoc], find_dates: Callable | None = None
) -> Restatement | None:
    """A count said first that answers "how many", as what was asked in the answerer's words with the count in it:
    "How many people are you expecting?" - "about 12" is "I am expecting about 12 people", "How many are coming?" -
    "8 of us, maybe 9" is "8 of us are coming, maybe 9", where the count alone had been kept ("Lena noted: 8 of
    us.") and what it counted was nowhere. A count with a verb ("2 left", "3 I think") is read as said."""
    count_doc = parsed[(answer.turn_id, "count")]
    words = [t for t in count_doc.tokens if t.pos != "PUNCT"]
    if any(t.pos in ("VERB", "AUX") for t in words) or len(words) > 6 or any(t.lower in COUNTING_DOWN for t in words):
        return None
    count, what = answer.opening.strip(), answer.rest
    # what the count is of, where the question gives it: "times a week", "hours"; "of you" names who, not a unit
    unit = "" if not what or what.lower().startswith("of ") else what.lower()
    numbers = [k for k, t in enumerate(words) if t.pos == "NUM" or t.text[:1].isdigit()]
    after = [t.lower for t in words[numbers[0] + 1:]] if numbers else []
    if unit and after and after != unit.split()[: len(after)]:
        return None  # "How many times a week do you run?" - "2 at the moment", "4 maybe": the unit asked is not said
    if not unit and find_dates is not None and find_dates(count_doc):
        return None  # "How many are coming?" - "20 last year": a count of its own time, not of what was asked
    said_after = [t.lower for t in words if not (t.pos == "NUM" or t.text[:1].isdigit() or t.pos in VALUE_LEAD_POS)]
    if what and said_after == what.lower().split()[: len(said_after)]:
        count = " ".join(t.text for t in words if t.pos == "NUM" or t.text[:1].isdigit() or t.pos in VALUE_LEAD_POS) + f" {what}"
    asked_doc = parsed[(answer.turn_id, "asked")]
    statement = as_statement(asked_doc)
    if statement is not None:
        own = in_the_answerers_words(statement)
        own = own and f"{own} {count}"
    elif asked_doc.tokens[0].lemma.lower() == "do":
        return None  # "How many did": a "do" question with no subject after it, no statement to make
    else:
        own = in_the_answerers_words(f"{count} {answer.asked}")  # "How many are coming?": the count is the subject
    if not own:
        return None
    said = own + answer.text[len(answer.opening):]
    return Restatement(answer.question_turn_id, answer.asker, said[0].upper() + said[1:], "answered", in_own_words=True)


# A length and nothing more ("3 weeks", "about 2 months", "6-8 weeks", "a fortnight"): after a follow-up that names a
# thing alone ("And the results?" - "2 weeks") it tells when the thing comes, no value of it to say with "is".
_A_BARE_LENGTH = re.compile(
    r"(?:(?:about|around|roughly|maybe|only|just|another|like)\s+)?(?:\d+(?:\s*(?:-|–|to)\s*\d+)?|an?|one|two|three|four|"
    r"five|six|seven|eight|nine|ten|eleven|twelve|a\s+couple\s+of|a\s+few)\s+"
    r"(?:minute|hour|day|week|fortnight|month|year|decade)s?",
    re.IGNORECASE,
)


# Personal pronouns a plural "be" goes with: "How old are they now?"
_PLURAL_PRONOUNS = frozenset({"they", "you", "we"})


def _a_thing_asked_of(doc: ParsedDoc) -> tuple[str, str, str] | None:
    """The thing a value is asked of, the "is" or "are" it takes, and the adverbs the question ends on ("the rent
    now" -> ("the rent", "is", "now"), "the payments to your sister" -> (..., "are", "")); None where it says more
    than a thing ("the flat like", "you on", "your sister coming")."""
    tokens = [t for t in doc.tokens if t.pos != "PUNCT"]
    end = len(tokens)
    while end > 1 and tokens[end - 1].pos == "ADV":
        end -= 1
    thing = tokens[:end]
    if not thing or any(t.pos in ("VERB", "AUX", "ADV", "INTJ", "SCONJ", "CCONJ") for t in thing):
        return None
    if thing[-1].pos not in ("NOUN", "PROPN", "PRON", "NUM"):
        return None  # "what are you on": a preposition left at the end asks for its object
    # the thing's own noun, before what it is of: "the payments to your sister" are payments
    first_preposition = next((k for k, t in enumerate(thing) if t.pos == "ADP"), end)
    nouns = [t for t in thing[:first_preposition] if t.pos in ("NOUN", "PROPN", "PRON")]
    if not nouns:
        return None
    head = nouns[-1]
    plural = head.tag in ("NNS", "NNPS") or head.lower in _PLURAL_PRONOUNS
    return doc.span_text(thing[0].i, thing[-1].i + 1), "are" if plural else "is", _words(doc, thing[-1].i + 1, len(doc))


def _the_answers_date(answer: _Answer, said: ParsedDoc, find_dates: Callable) -> str | None:
    """The date ``said`` (the whole answer or its first sentence) as the statement's adjunct: a length for "how
    long"; for "when" none that lies behind ("When do you get your keys?" - "Yesterday! We're in!": the present
    asked is past now), the past of what is said after the date being the rest's own ("Mid May. Mei started last
    week.")."""
    date = as_a_date_answer(said, find_dates(said))
    if date is None:
        return None
    if answer.how_long:
        return as_a_length(said.text)
    return None if _PAST_DATE.search(said.text) else date


# A date that lies behind, which the present of a "when" question does not fit.
_PAST_DATE = re.compile(r"\b(?:yesterday|ago|last)\b", re.IGNORECASE)
# A bare date answer is short ("On the 1st of April, hopefully."); a longer reply says more than when.
MAX_DATE_ANSWER_WORDS = 8
# An answer's first sentence and the rest ("On 1 February. The landlord is ..."): the first ends on ".", "!" or
# "…" after two word characters, so that "5 p.m. tomorrow" is not cut after its "p.".
_OPENING = re.compile(r"\s*(?P<opening>[^.!?…]*\w\w[.!…]+)\s+(?P<rest>\S.*)", re.DOTALL)
# The asker's second person said by the answerer; a statement with an "I" of the asker's is not restated, as the
# answerer's words would make it theirs.
_YOURS_AS_MINE = {"you're": "I'm", "you've": "I've", "you'll": "I'll", "you'd": "I'd", "your": "my", "yours": "mine",
                  "yourself": "myself"}
_ASKERS_OWN = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'll|i'd)\b", re.IGNORECASE)


# A yes or a no said first, with more after it: "Yes! I start on Monday.", "nope, I eat fish now", "Not really,
# Radiohead is too slow for running".
_ANSWER_FIRST = re.compile(r"\s*(?P<answer>[^.,!?;:…]+?)\s*[.,!;:…]+\s+(?P<rest>\S.*)", re.DOTALL)


def opened_by_an_answer(text: str) -> tuple[bool, str] | None:
    """Whether ``text`` opens on a bare yes (True) or no (False) with more said after it, and what follows; None
    when it opens on neither."""
    match = _ANSWER_FIRST.fullmatch(text)
    if match is None:
        return None
    answer = bare_answer(match["answer"])
    return None if answer is None else (answer, text[match.start("rest"):])


def yes_in_one_breath(text: str) -> str | None:
    """What a yes said with no pause goes on with ("yes tomorrow morning" -> "tomorrow morning", "yep on the
    20th" -> "on the 20th"); None when ``text`` opens on no yes. Only a date after it is read so
    (:func:`_confirmed_with_its_date`): "yes at 3" beside a question's own day, or "yeah much better", is not."""
    words = list(re.finditer(r"\S+", text))
    for k in range(len(words) - 1, 0, -1):
        if bare_answer(text[: words[k - 1].end()]) is True:
            return text[words[k].start():]
    return None


def no_in_one_breath(text: str) -> str | None:
    """What a no said with no pause goes on with ("no still the 14th" -> "still the 14th"); None when ``text``
    opens on no no. The shortest no is taken: a "still" after it is said of what follows, not of the no."""
    words = list(re.finditer(r"\S+", text))
    for k in range(1, len(words)):
        if bare_answer(text[: words[k - 1].end()]) is False:
            return text[words[k].start():]
    return None


# Words a date answer may open on before its date: "yeah next monday", "oh, Friday", "um the 14th".
_LEADING_FILLER = re.compile(r"^\s*(?:(?:yeah|yes|yep|yup|oh|um+|erm+|uh+|hmm+|well|ok|okay)\b[\s,.!]*)+(?=\S)", re.IGNORECASE)


def opening_sentence(text: str) -> tuple[str, str] | None:
    """The first sentence of ``text`` and what follows it, where the first is short enough to be a bare date
    answer and more follows; None otherwise."""
    match = _OPENING.fullmatch(text.replace("’", "'"))
    if match is None or len(match["opening"].split()) > MAX_DATE_ANSWER_WORDS:
        return None
    return match["opening"], text[match.start("rest"):]


def in_the_answerers_words(statement: str) -> str | None:
    """A statement put to the answerer said by them ("you are moving to Leeds" -> "I am moving to Leeds", "your
    exam is" -> "my exam is"); None where it holds the asker's own "I" or "my"."""
    if _ASKERS_OWN.search(statement):
        return None
    said = re.sub(r"\b(?:you (?:guys|all|two|both)|y'all)\b", "we", statement, flags=re.IGNORECASE)  # "are you guys coming"
    said = re.sub(r"\byou (are|were)\b", lambda m: "I am" if m[1].lower() == "are" else "I was", said, flags=re.IGNORECASE)
    said = re.sub(r"\b(?:you're|you've|you'll|you'd|your|yours|yourself)\b", lambda m: _YOURS_AS_MINE[m[0].lower()], said,
                  flags=re.IGNORECASE)
    # "you and Sam are" -> "Sam and I are", "you and my brother did" -> "my brother and I did"
    said = re.sub(r"^you and ((?:my|the|his|her|their|our) )?(\w+)", r"\1\2 and I", said, flags=re.IGNORECASE)
    # "you" before its verb is "I" ("now you love him" -> "now I love him"), elsewhere "me" ("they told you")
    said = re.sub(r"\byou\b(?=(\s+[\w']+)?)", lambda m: "me" if _an_object_you(m[1]) else "I", said, flags=re.IGNORECASE)
    return said


# Words that follow a "you" that is no subject: "told you about it", "for you", "see you at 8", "thank you".
_AFTER_AN_OBJECT = frozenset(
    "to for about with at on in of from by into up out back off over a an the this that these those some any my his "
    "her our their and or but so too as than".split()
)


def _an_object_you(after: str | None) -> bool:
    """The "you" before the word ``after`` (None at the end) is an object, not a subject."""
    return after is None or after.strip().lower() in _AFTER_AN_OBJECT


def restated_docs(texts: Mapping[str, str], parser: Parser) -> dict[str, ParsedDoc]:
    """The parse of each restated answer's text, by the answer's turn_id, in one batch."""
    ids = list(texts)
    return dict(zip(ids, parser.parse_batch([texts[i] for i in ids])))


def as_the_answer(phrase: Phrase, asker: str | None, answerer: str | None, answered_as: str = "confirmed") -> Phrase:
    """A restatement extracted in the asker's voice, made the answerer's: the frame the asker's words would get
    ("Assistant noted: the dentist is on Thursday") says who confirmed (or ``answered_as``) them instead ("Lena
    confirmed: ..."), and goes where the words name the answerer already ("Lena is starting at Siemens on the
    14th")."""
    frame = f"{Speaker.of(asker).name} noted: "
    if not phrase.text.startswith(frame):
        return phrase
    said = Phrase(phrase.text[len(frame):], tuple(w.shifted(-len(frame)) for w in phrase.words))
    answering = Speaker.of(answerer)
    return said.capitalised() if mentions_speaker(said.text, answering) else f"{answering.name} {answered_as}: " + said
