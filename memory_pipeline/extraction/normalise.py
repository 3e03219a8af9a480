"""First-person normalisation and default subjects (seed 000, A.3 "span construction and realization").

Memory text is read later, out of its conversation, so "I" must become the speaker: tokens are rewritten one by
one ("I" -> the speaker's name, "my" -> "<name>'s", "am" -> "is", "want" -> "wants"), keeping every other word
of the source. A span that starts with a verb gets its subject back; a request becomes "<name> asks to ..."; a
question "<name> asks: ..."; and a span that still does not say whose statement it is becomes
"<name> noted: ...". When no speaker name is known the name is "User", as in the paper.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from memory_pipeline.chat_spelling import PLEASE_WORDS
from memory_pipeline.extraction.clauses import (
    QUESTION_AUXILIARIES,
    REQUEST_OPENERS,
    is_event_on_its_own,
    let_me_know,
    opens_a_header,
    same_form_told_past,
    tag_question_at,
)
from memory_pipeline.extraction.lexicon import (
    CHAT_INTERJECTIONS, MONEY_SIGNS, PLACE_ENTITIES, SAME_IN_PAST, a_feeling_word,
)
from memory_pipeline.extraction.phrase import Phrase
from memory_pipeline.extraction.temporal import WEEKDAYS
from memory_pipeline.grounding import (
    CLAUSE_CLOSERS,
    FIRST_PLURAL,
    OBJECT_PRONOUNS,
    PRONOUN_GENDER,
    SECOND_PERSON,
    THIRD_PERSON,
    Perspective,
    bare_name,
    called_participant,
    clause_subject,
    in_a_name,
    in_hyphenated_word,
    in_quotation,
    in_thank_you_noun,
    is_subject,
    possessive,
    second_person_use,
    split_subject_head,
)
from memory_pipeline.parsing import ParsedDoc, Role, Token
from memory_pipeline.parsing.base import calmed
from memory_pipeline.parsing.roles import TIME_ENTITIES, TIME_WORDS
from memory_pipeline.parsing.words import Word

DEFAULT_SPEAKER = "User"
# "Would you like me to send it?", "would you prefer Friday?": the listener's wish is asked, no deed of theirs.
LISTENERS_WISHES = frozenset({"like", "want", "prefer", "care"})
SKIPPABLE_ADVERBS = frozenset({"really", "also", "just", "never", "always", "still", "totally", "actually", "finally", "even", "recently", "already", "definitely", "kinda", "often", "usually", "sometimes"})
CONTRACTIONS_AFTER_I = {"'m": " is", "’m": " is", "'ve": " has", "’ve": " has", "'ll": " will", "’ll": " will"}
# The second half of a contraction written without its apostrophe, as spaCy splits it off "im", "ive", "youre"
BARE_CONTRACTIONS = frozenset({"m", "ve", "re", "d", "ll"})
IRREGULAR_3SG = {"am": "is", "have": "has", "do": "does", "are": "is", "be": "is"}
# Chat contractions of a verb with "to", as spaCy splits them ("gonna" -> "gon" + "na"; "wanna" whole or split):
# after a named subject they take the auxiliary or the agreement that "I" did not need ("I gonna" -> "is gonna").
INFORMAL_3SG = {"wanna": "wants to", "wan": "wants", "gonna": "is gonna", "gon": "is gon", "gotta": "has gotta"}
PLURAL_CONTRACTIONS = {"'re": " are", "'ve": " have", "'ll": " will"}
# Verbs of feeling and wanting: opening a turn bare, they dropped "I" ("Love this song", "Need a break", "Thanks!
# Appreciate your help"); they are not requests to the listener.
NOT_IMPERATIVE = frozenset({"love", "like", "need", "want", "hope", "miss", "hate", "prefer", "adore", "guess", "reckon", "suppose",
                            "appreciate"})
# Verbs that are orders with an object ("Wish them luck!", "Think about it", "Bet on red", "Doubt everything you
# read") but dropped "I" before a clause of their own ("Wish you were here", "Think I'll skip the gym", "Bet it was
# amazing", "Doubt it'll happen", "Wonder if he'll call").
NOT_IMPERATIVE_BEFORE_A_CLAUSE = frozenset({"wish", "think", "bet", "doubt", "wonder"})
# What a thing does to one, said of the thing ("exhausting", "so boring"): opening a sentence alone it dropped
# "it's", never "I'm" (one is "exhausted", "bored").
WHAT_A_THING_DOES_TO_ONE = frozenset(
    "exhausting tiring boring amazing annoying frustrating depressing terrifying exciting interesting confusing "
    "overwhelming disappointing embarrassing surprising shocking satisfying rewarding "
    "inspiring devastating humiliating intimidating thrilling fascinating draining infuriating irritating "
    "heartbreaking nerve-wracking exhilarating refreshing".split()
)
# Pronouns in the object case, which the parser may take for a clause's subject ("Wish them luck").
OBJECT_CASE = frozenset({"me", "him", "her", "us", "them"})
# Verbs after "don't" that make no order not to: of the mind and of having, whose "I" chat dropped ("don't feel
# like I'm making an impact", "dont know what to do", "don't have time", "dont wanna go", "don't buy it" for not
# believing it), and the reassurances that preface what follows ("don't worry, I sorted it", "don't be silly",
# "don't judge me but ..."); "never mind" is one of them.
NO_ORDERS_NOT_TO = NOT_IMPERATIVE | frozenset(
    {"feel", "think", "know", "have", "care", "mind", "get", "see", "understand", "believe", "remember", "recall",
     "wanna", "mean", "buy", "worry", "be", "judge", "hate", "laugh", "freak", "panic"}
)
PAST_DATE_WORDS = frozenset({"yesterday", "ago", "last", "earlier", "previous"})
# Verbs whose past is their present (SAME_IN_PAST, "I quit last Friday"): the tagger often calls them present, so
# with a past date in the sentence they stay as written instead of agreeing as "quits".
# Irregular pasts that are also rarer verbs of their own ("felt" wool, "found" a company, "saw" wood, "fell" a
# tree): the lemmatiser keeps them as bases, but a turn that opens with one dropped "I" in the past ("Felt really
# strong at the end", "Found a new cafe"), and no one is asked to do it.
PAST_BEFORE_BASE = frozenset({"felt", "found", "saw", "fell", "wound"})
# What a sentence may open on that goes on with the story before it: "... yesterday. and set up a new one"
STORY_GOES_ON = frozenset({"and", "then", "also"})
# What one asks an assistant to set ("and set a reminder for Thursday", "then set an alarm for 6"): a thing it keeps
# for the speaker. One set up oneself says so ("and set up a reminder on my phone").
ASSISTANT_SET_THINGS = frozenset({"reminder", "alarm", "timer", "alert", "notification"})
# Devices of one's own that one sets a reminder on oneself: "I paid the bill. and set a reminder on my phone"
OWN_DEVICES = frozenset({"phone", "mobile", "iphone", "watch", "laptop", "tablet", "ipad", "computer"})
# Where one asks an assistant to put a thing ("then put it in my calendar", "and put the date in my diary").
ASSISTANT_KEPT_PLACES = frozenset({"calendar", "diary", "schedule", "planner", "notes", "agenda", "reminders"})
# What opens a next step of the story, before a verb whose "I" was dropped: "I finished the report. then set off
# for the station" is the speaker's, "Priya then set off ...", as much as after "and".
STORY_NEXT_WORDS = frozenset({"then", "afterwards"})
# Words that make a sentence tell of a habit, where a same-form verb is present ("I hit the gym every day").
HABIT_WORDS = frozenset({"every", "each", "usually", "always", "often", "normally", "daily", "weekly", "sometimes"})
# "I better go", "I rather stay": a modal sense that keeps the verb bare
MODAL_ADVERBS = frozenset({"better", "rather", "sooner"})
# Entity types of a name, which the tagger may take for a verb ("UCLA for psych")
NAME_ENTITIES = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "NORP", "WORK_OF_ART", "EVENT"})
# Words that may open a request after a comma ("..., so call me", "then text me").
REQUEST_CONNECTIVES = frozenset({"so", "then", "and"})
# Ways to travel a chat fragment names with no verb ("then train to Jaipur", "ferry back Sunday"), which the tagger
# may take for orders
TRANSPORT_NOUNS = frozenset({"train", "bus", "coach", "ferry", "taxi", "cab", "flight", "boat", "tram", "uber"})
# Words an order may open with before its verb: "always reply in English", "just use metric", "do remind me"
STANDING_ORDER_WORDS = frozenset({"always", "just", "do"})
# What one tells an assistant to do every time; "always forget my keys" is the speaker's own habit
ANSWERING_VERBS = frozenset(
    "give use reply answer write send remind tell show check put keep include add convert round call text email book list".split()
)
# An auxiliary before a grounded subject "you" ("are you ok?" -> "is Mel ok?").
INVERTED_AUX = {"are": "is", "were": "was", "have": "has", "do": "does"}
# An auxiliary before an inverted subject "I" ("am I late?" -> "is Nora late?", "do I use" -> "does Nora use").
INVERTED_AUX_I = {"am": "is", "have": "has", "do": "does"}


def third_person(verb: str) -> str:
    """Present-tense third-person singular of a verb form used with "I" ("go" -> "goes", "try" -> "tries")."""
    lower = verb.lower()
    if lower in IRREGULAR_3SG:
        out = IRREGULAR_3SG[lower]
    elif lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        out = lower + "es"
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        out = lower[:-1] + "ies"
    else:
        out = lower + "s"
    if len(verb) > 1 and verb.isupper():
        return out.upper()  # "I LOVE NYC" -> "LOVES"
    return out.capitalize() if verb[:1].isupper() else out


@dataclass(frozen=True)
class Speaker:
    name: str

    @classmethod
    def of(cls, name: str | None) -> "Speaker":
        cleaned = (name or "").strip()
        return cls(cleaned if cleaned else DEFAULT_SPEAKER)

    @property
    def possessive(self) -> str:
        return possessive(self.name)


def rewrite_range(
    doc: ParsedDoc,
    start: int,
    end: int,
    speaker: Speaker,
    perspective: Perspective | None = None,
    *,
    dropped_subject_verb: int | None = None,
) -> Phrase:
    """Source text of tokens ``start..end-1`` with first-person singular forms attributed to ``speaker`` and,
    where ``perspective`` says who they are, "you" and "we" forms grounded too (seed 004); each word keeps the
    token it was written from. ``dropped_subject_verb``: the verb near the range's start whose subject the turn
    dropped and the caller puts back as the speaker's name ("Love this song"); it agrees with that name."""
    perspective = perspective or Perspective()
    parts: list[str] = []
    renamed: list[bool] = []  # per part: a pronoun written as the name(s) it stands for
    # "i", "you" or "we" just replaced (or put back): the next verb agrees with the name(s)
    subject: str | None = "i" if dropped_subject_verb is not None else None
    # "Still waiting for the results" dropped "I'm": "is" goes before the adverbs ("<name> is still waiting"), as
    # it would have been said, not between them and the verb
    # and "Just been to the gym" dropped "I've": "has" goes there too ("<name> has just been to the gym")
    be_first = None
    if dropped_subject_verb is not None and dropped_subject_verb > start:
        been = doc.tokens[dropped_subject_verb].lower == "been"
        be_first = "is " if _dropped_i_am(doc, dropped_subject_verb) else "has " if been else None
    calls = _calls_of_the_addressee(doc, start, end, perspective)
    for k in range(start, end):
        token = doc.tokens[k]
        text, lower = token.text, token.lower.replace("’", "'")
        space = token.space if k < end - 1 else ""
        if k in calls:
            # "Kwame you do bathroom": the call goes, its "you" is written as the name
            if parts:
                parts[-1] = parts[-1].rstrip() + space
            parts.append("")
            renamed.append(False)
            continue
        if k == start and be_first:
            parts.append(be_first + _lowered_first(text) + space)
            renamed.append(False)
            continue
        if (
            in_hyphenated_word(doc.text, token.idx, token.end)
            or in_quotation(doc.text, token.idx)
            or in_a_name(doc.text, token.idx, token.end)
            or in_thank_you_noun(doc.text, token.idx, token.end)
        ):
            # "me-time", "all-you-can-eat", "U of T", "thank you cards"; a quotation keeps its speaker's pronouns
            parts.append(text + space)
            renamed.append(False)
            subject = None
            continue
        if lower == "i":
            # "do I use", "am I late": the auxiliary before an inverted "I" agrees with the name instead, and the
            # verb after it stays bare ("does Nora use", "is Nora late")
            inverted = k > start and not _in_plural_subject(doc, k) and _inverted_auxiliary(doc, k)
            if inverted and doc.tokens[k - 1].lower.replace("’", "'") in INVERTED_AUX_I:
                previous = doc.tokens[k - 1]
                word = INVERTED_AUX_I[previous.lower.replace("’", "'")]
                parts[-1] = (word.capitalize() if previous.text[:1].isupper() else word) + previous.space
            parts.append(speaker.name + space)
            renamed.append(True)
            # "my sister and I live": a coordinated subject is plural, its verb stays as written
            subject = None if inverted or _in_plural_subject(doc, k) else "i"
            continue
        grounded = _grounded(doc, k, lower, perspective)
        if grounded is not None:
            # "do you and Marta want": a coordinated subject is plural, its verbs stay as written
            plural = _in_plural_subject(doc, k)
            inverted = lower in ("you", "u") and k > start and (
                _agree_before(parts, doc.tokens[k - 1], is_subject(doc, k) and not plural)
                # "did you do", "can you see": an auxiliary that needs no change still keeps the verb after bare
                or (not plural and _inverted_auxiliary(doc, k))
            )
            parts.append(grounded + space)
            # "you" becomes the addressee's name; "we" becomes several names and is read as "we" still
            renamed.append(lower not in FIRST_PLURAL)
            # after an inverted auxiliary the verb that follows is bare ("does Mel have"): no agreement
            subject = _subject_kind(lower) if is_subject(doc, k) and not inverted and not plural else None
            continue
        if lower == "my" and _an_oath(doc, k):
            parts.append(text + space)  # "oh my god", "my goodness": no one's god
            renamed.append(False)
            subject = None
            continue
        renamed.append(lower in ("me", "my", "mine"))
        if _shares_first_person_singular(doc, k):
            parts.append(third_person(text) + space)  # "I'm 29 and still have roommates": "... and still has"
            continue
        if lower == "na" and parts and parts[-1] == "wants" and doc.tokens[k - 1].lower == "wan":
            parts.append(" to" + space)  # "I wan|na go" -> "<name> wants to go"
            continue
        if subject is None and k > start and renamed[-2] and lower in BARE_CONTRACTIONS | {"s"} and (
            _a_contraction_of_the_pronoun_before(doc, k)
        ):
            # "youd applied", "and id do his wed": chat's contraction after a pronoun written as a name, where the
            # parse gave the pronoun no verb to agree with, is spelled out all the same ("Sam had applied", not
            # "Samd"; with its apostrophe, "Sam'd" and "Chiara's been" are left as they read)
            parts[-1] = parts[-1].rstrip() + " "
            parts.append((_spelled_out_after_name(doc, k, lower) or text).lstrip() + space)
            continue
        if subject is not None:
            agreed = _agree_after(doc, k, lower, text, subject, opens=k == dropped_subject_verb and not be_first,
                                  looking_back=token.sent in perspective.looking_back)
            if agreed is not None:
                parts.append(agreed + space)
                subject = None
                continue
            if token.pos in ("VERB", "AUX") or (lower not in SKIPPABLE_ADVERBS and token.pos != "ADV"):
                subject = None
        if _contracted_verb_after_an_owner(doc, k, start) and renamed[-2]:
            # "mine's still The Sopranos": "mine" is written "Leo's", so its "'s" is written out ("Leo's is still")
            parts[-1] = parts[-1].rstrip() + " "
            parts.append(("has" if _the_perfects_has(doc, k) else "is") + space)
            continue
        if lower == "me":
            parts.append(speaker.name + space)
        elif lower in ("my", "mine"):
            parts.append(speaker.possessive + space)
        elif lower == "myself":
            parts.append("themself" + space)
        elif _negation_without_its_apostrophe(doc, k):
            parts.append(("N'T" if text.isupper() else "n't") + space)  # "Sam doesnt have one" -> "doesn't"
        else:
            parts.append(text + space)
    return _traced(parts, renamed, start).strip()


# Owners that stand for what they own ("mine's broken", "yours's in the car"): written as a name's possessive, a
# contracted verb after one would make "Leo's's"
STANDALONE_OWNERS = frozenset({"mine", "yours", "hers", "ours"})
# What a contracted "'s" is "has" before ("mine's been fixed", "mine's got a crack"); else it is "is"
AFTER_HAS = frozenset({"been", "got", "gotten", "had"})


def _contracted_verb_after_an_owner(doc: ParsedDoc, k: int, start: int) -> bool:
    """Token ``k`` is the "'s" of "is" or "has" right after an owner that stands alone ("mine's in my mum's loft"),
    not a possessive mark: after "of" the owner is part of a noun's name ("a friend of mine's car got towed")."""
    if k <= start or doc.tokens[k].lower.replace("’", "'") != "'s" or doc.tokens[k - 1].space:
        return False
    return doc.tokens[k - 1].lower in STANDALONE_OWNERS and not (k >= 2 and doc.tokens[k - 2].lower == "of")


def _the_perfects_has(doc: ParsedDoc, k: int) -> bool:
    """The "'s" at ``k`` is "has": a perfect's participle or "got" follows it, past an adverb ("mine's just been
    serviced", "mine's got a crack")."""
    for token in doc.tokens[k + 1 : k + 4]:
        if token.lower in AFTER_HAS:
            return True
        if token.pos not in ("ADV", "PART"):
            return False
    return False


def _negation_without_its_apostrophe(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is the "nt" spaCy splits from chat's "dont", "hasnt", "isnt", "cant" as it splits "don't": the
    memory writes the contraction out ("i havent decided" had become "Sam hasnt decided")."""
    return doc.tokens[k].lower == "nt" and k > 0 and not doc.tokens[k - 1].space and doc.tokens[k - 1].pos in ("AUX", "VERB")


# Words that make an exclamation of "my" before them ("oh my god", "my goodness", "my bad"), not a possession.
OATH_WORDS = frozenset({"god", "gosh", "goodness", "lord", "heavens", "gawd", "bad"})


def _an_oath(doc: ParsedDoc, k: int) -> bool:
    """"my" opens an exclamation ("oh my god that's amazing", "my goodness congratulations", "my bad, sorry"),
    not a possession: "my god-daughter" and "my bad knee" stay the speaker's."""
    if k + 1 >= len(doc) or doc.tokens[k + 1].lower not in OATH_WORDS:
        return False
    after = doc.tokens[k + 2] if k + 2 < len(doc) else None
    if after is not None and after.text in ("-", "'s", "’s"):
        return False
    return doc.tokens[k + 1].lower != "bad" or after is None or after.pos not in ("NOUN", "PROPN", "ADJ")


def _calls_of_the_addressee(doc: ParsedDoc, start: int, end: int, perspective: Perspective) -> set[int]:
    """Tokens of the range that call the addressee next to a "you" written as their name ("Kwame you do bathroom",
    "Raj, can you", "swap with you Kwame,", "You've got this Ana"), by an @-mention, or opening a sentence right
    before an "I" written as the speaker's ("Mikey I literally came to the last three"), with the comma after such
    a call: kept, the name would be said twice, or stand as the subject of the speaker's verb."""
    found: set[int] = set()
    for k in range(start, end):
        token = doc.tokens[k]
        addressee = perspective.addressee_at(token.idx)
        if not addressee:
            continue
        comma = k + 1 < end and doc.tokens[k + 1].text == ","
        mention = token.text.startswith("@")
        if not mention and token.pos not in ("PROPN", "NOUN") and not _the_name_mistagged(token, addressee):
            continue  # "Can you and Sam come?", "I hope you can": a word of the clause, no call
        if called_participant(token.text, [addressee], marked=mention or comma) is None:
            continue
        found.update(_call_tokens(doc, k, start, end, comma, mention, addressee))
    return found


def _call_tokens(doc: ParsedDoc, k: int, start: int, end: int, comma: bool, mention: bool, addressee: str) -> range:
    """The tokens from ``k`` that are a call of ``addressee`` (the name, with the comma after it where that comma
    only sets the call off), or none: a name beside a referential "you", a pet name before "I", a name closing a
    clause that said "you"."""
    token = doc.tokens[k]
    opening = k == start or doc.tokens[k - 1].text in (".", "!", "?")
    if k - 1 >= start and _referential_you(doc, k - 1) or mention:
        return range(k, k + 1)  # "swap with you Kwame, you take ...": the comma still parts the clauses
    if opening and comma and not _listed(doc, k) and any(_referential_you(doc, j) for j in range(k + 2, end)):
        return range(k, k + 2)  # "Raj, can you have it ready?": Raj is written for the "you"
    if k + 1 + comma < end and _referential_you(doc, k + 1 + comma):
        return range(k, k + 1 + comma)
    if opening and not comma and k + 1 < end and doc.tokens[k + 1].lower == "i" and not _the_name_itself(token, addressee):
        return range(k, k + 1)  # "Mikey I literally came": a pet name calls; "Sam I think is late" may be the subject
    said_you = any(_referential_you(doc, j) for j in range(start, k) if doc.tokens[j].sent == token.sent)
    if _closing_after_a_whole_clause(doc, k, start, end) and said_you:
        return range(k, k + 1)  # "You've got this Ana": Ana is written for the "you"
    return range(0)


def _closing_after_a_whole_clause(doc: ParsedDoc, k: int, start: int, end: int) -> bool:
    """Token ``k`` closes its sentence right after a word that ends a clause whole (:data:`CLAUSE_CLOSERS`)."""
    closes = k + 1 == end or doc.tokens[k + 1].pos == "PUNCT" or doc.tokens[k + 1].sent != doc.tokens[k].sent
    # "Was it Tom?", "is that Sam?": the name is what the copula says it is, no call
    after_a_copula = k > 1 and doc.tokens[k - 2].lemma.lower() == "be"
    return k > start and closes and doc.tokens[k - 1].lower in CLAUSE_CLOSERS and not after_a_copula


def _the_name_itself(token: Token, addressee: str) -> bool:
    """The token is the addressee's first name as written, not a pet name or a short form of it."""
    return token.lower == addressee.split()[0].lower()


def _the_name_mistagged(token: Token, addressee: str) -> bool:
    """The addressee's own first name, tagged as an adverb or adjective the small tagger takes a rare name for
    ("raj you're on bins" tags "raj" ADV); a verb or auxiliary of the same spelling ("will you come") is no call."""
    return token.pos in ("ADV", "ADJ", "INTJ", "X") and _the_name_itself(token, addressee)


def _listed(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` opens a list or an apposition ("Kwame, Priya, Sam and I are going"; "Anna, my sister, ..."),
    not a call."""
    arcs = [*doc.children(k), *doc.parents(k)]
    return any(arc.label in ("conj", "appos") for arc in arcs)


def _referential_you(doc: ParsedDoc, k: int) -> bool:
    token = doc.tokens[k]
    return token.lower.replace("’", "'") in SECOND_PERSON and second_person_use(doc.text, token.idx) == "referential"


def _traced(parts: list[str], renamed: list[bool], start: int) -> Phrase:
    """The parts joined, each part's word (its text without surrounding spaces) traced to token ``start + n``."""
    words, at = [], 0
    for n, part in enumerate(parts):
        word = part.strip()
        if word:
            words.append(Word(start + n, at + len(part) - len(part.lstrip()), len(word), renamed[n]))
        at += len(part)
    return Phrase("".join(parts), tuple(words))


def _grounded(doc: ParsedDoc, k: int, lower: str, perspective: Perspective) -> str | None:
    """The name(s) a second-person or first-person-plural token stands for, or None to keep it as said."""
    token = doc.tokens[k]
    addressee = perspective.addressee_at(token.idx)
    if addressee and lower in SECOND_PERSON and lower != "yourselves":
        if second_person_use(doc.text, token.idx) != "referential":
            return None
        return possessive(addressee) if lower in ("your", "yours", "ur") else addressee
    if perspective.we and lower in FIRST_PLURAL and token.text != "US":
        if lower in ("our", "ours"):
            return possessive(perspective.we)
        return "themselves" if lower == "ourselves" else perspective.we
    if perspective.third and lower in THIRD_PERSON and token.pos == "PRON" and _in_third_range(k, perspective):
        if not _may_mean_third(doc, k, perspective):
            return None
        return possessive(perspective.third) if owner_pronoun(doc, k) else perspective.third
    return None


def _in_third_range(k: int, perspective: Perspective) -> bool:
    return perspective.third_from <= k and (perspective.third_until is None or k < perspective.third_until)


def _may_mean_third(doc: ParsedDoc, k: int, perspective: Perspective) -> bool:
    """The pronoun at ``k`` can stand for ``perspective.third``: it has the referent's gender ("Arjun is sweet, he
    makes her laugh": "her" is someone else), and it is no object of a clause whose subject is the referent, who
    would be "himself" there ("Dad's even invited him": "him" is someone else). An owner may well be the
    subject's own ("Sammy will stay with his dad")."""
    if perspective.third_gender and PRONOUN_GENDER[doc.tokens[k].lower] != perspective.third_gender:
        return False
    return not done_by(doc, k, lambda subject: _stands_for_third(doc, subject, perspective))


def _stands_for_third(doc: ParsedDoc, k: int, perspective: Perspective) -> bool:
    """Token ``k`` is a word of the referent's name, or a pronoun that is written as it."""
    token = doc.tokens[k]
    if token.lower in name_words(perspective.third or ""):
        return True
    return (
        token.lower in THIRD_PERSON and token.pos == "PRON" and _in_third_range(k, perspective)
        and perspective.third_gender in (None, PRONOUN_GENDER[token.lower])
    )


def name_words(name: str) -> set[str]:
    """The words of a referent as a memory writes it, in lower case: "Kate's dad" is "kate" and "dad"."""
    return {bare_name(word).lower() for word in name.split()}


def owner_pronoun(doc: ParsedDoc, k: int) -> bool:
    """The "his", "hers" or "her" at ``k`` owns what follows ("her bike"), rather than being the one something is
    done to or given to ("tell her congratulations")."""
    lower = doc.tokens[k].lower
    owned = doc.tokens[k].tag == "PRP$" or any(arc.label == "poss" for arc in doc.parents(k))
    return lower in ("his", "hers") or (lower == "her" and owned and not _given_to(doc, k))


def done_by(doc: ParsedDoc, k: int, stands_for: Callable[[int], bool]) -> bool:
    """The "him" or "her" at ``k`` is whom its clause's subject does something to, and that subject is one
    ``stands_for`` says is the referent: then the pronoun is someone else, as the same person would be "himself"
    or "herself" ("Steve took him fishing", "Tom told her he loves her")."""
    if doc.tokens[k].lower not in OBJECT_PRONOUNS or owner_pronoun(doc, k):
        return False
    subject = clause_subject(doc, k)
    return subject is not None and stands_for(subject)


# Verbs whose first object is the one given to: "tell her congratulations", "bought her flowers".
GIVING_VERBS = frozenset(
    {"give", "tell", "send", "buy", "bring", "show", "wish", "offer", "lend", "owe", "hand", "teach", "promise", "text", "email"}
)
# What is given, told or wished, not owned: after a giving verb, "her" before one of these is whom it is for.
GIVEN_THINGS = frozenset(
    """congratulations congrats flowers present presents gift gifts card cards money news message messages text
    letter email update updates advice directions recipe tickets ticket invite invitation hug lift ride photos
    pictures chocolates chocolate wine birthday best love regards thanks apology something anything everything""".split()
)


def _given_to(doc: ParsedDoc, k: int) -> bool:
    """The "her" at ``k`` right after a giving verb, before a thing given ("tell her congratulations", "bought her
    flowers"), is whom it is given to, which the tagger reads as an owner; "told her brother", "send her address",
    "sent her mum a card" keep the owner."""
    if k == 0 or doc.tokens[k - 1].pos != "VERB" or doc.tokens[k - 1].lemma.lower() not in GIVING_VERBS:
        return False
    if not any(doc.tokens[arc.head].lower in GIVEN_THINGS for arc in doc.parents(k)):
        return False
    owned = {arc.head for arc in doc.parents(k)}
    objects = {arc.dep for arc in doc.children(k - 1) if arc.label in ("dobj", "dative", "iobj", "npadvmod") and arc.dep > k}
    return not objects - owned


def _in_plural_subject(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` ("I", "you") is one of a coordinated subject: a conjunct ("my sister and I"), the head of one
    ("you and Marta"), the first of two halves the parse hung on two verbs ("are you and Marta coming"), or one
    of two subjects the parse hangs on the same verb ("my partner and I are moving")."""
    if any(arc.label == "conj" for arc in doc.children(k)) or (k + 2 < len(doc) and split_subject_head(doc, k + 2) == k):
        return True
    for arc in doc.parents(k):
        if arc.label == "conj":
            return True
        coordinated = k > 0 and doc.tokens[k - 1].lower in ("and", "&")  # not a vocative the parse made a subject
        if coordinated and arc.label == "nsubj" and sum(a.label == "nsubj" for a in doc.children(arc.head)) > 1:
            return True
    return False


def _inverted_auxiliary(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` (a subject pronoun) comes right after an auxiliary of its own predicate, as in a question
    ("did you do", "do I use", "am I late"): that auxiliary carries the tense and agreement, so the verb after the
    subject is bare. The auxiliary must be the subject's own head (a copula "am I") or an ``aux`` of that head."""
    previous = doc.tokens[k - 1]
    if previous.pos != "AUX" and previous.tag != "MD":
        return False
    heads = [arc.head for arc in doc.parents(k) if arc.label in ("nsubj", "nsubjpass")]
    if not heads:
        return False
    head = heads[0]
    if head == k - 1:
        return True
    return any(arc.label in ("aux", "auxpass") and arc.dep == k - 1 for arc in doc.children(head))


def _agree_before(parts: list[str], previous: Token, subject: bool) -> bool:
    """Fix the word before a grounded "you": an inverted auxiliary ("are you" -> "is <name>"; True) or
    "thank you" -> "thanks <name>"."""
    lower = previous.lower.replace("’", "'")
    if subject and lower in INVERTED_AUX:
        word = INVERTED_AUX[lower]
        parts[-1] = (word.capitalize() if previous.text[:1].isupper() else word) + previous.space
        return True
    if lower == "thank":
        parts[-1] = previous.text + "s" + previous.space
    return False


def _agree_after(
    doc: ParsedDoc, k: int, lower: str, text: str, subject: str, opens: bool = False, looking_back: bool = False
) -> str | None:
    """The verb form after a replaced subject, or None when token ``k`` needs no change. ``opens``: ``k`` opens a
    turn that dropped its subject, where the tagger reads a present verb as an imperative (VB);
    ``looking_back``: its sentence names a day before the session."""
    token = doc.tokens[k]
    if subject == "third":
        return _spelled_out_after_name(doc, k, lower)
    told_as_past = looking_back or _told_as_past(doc, *doc.sentences[token.sent])
    if opens and sees_you(doc, k):
        return "will " + text.lower()  # "See you Friday": the speaker will see them then
    # before the present an opening bare verb is read as: "quit again in april and it stuck" is past
    if lower in SAME_IN_PAST and (
        told_as_past or _past_narrative(doc, k) or _news_on_its_own(doc, k) or same_form_told_past(doc, token)
    ):
        return None
    if opens and token.tag == "VB" and token.pos == "VERB" and not told_as_past and not _past_form(token):
        return third_person(text)
    if opens and lower == "been":
        return "has " + lower  # "been looking at flats", "been to Rome twice": "I've" was dropped
    if opens and _dropped_i_am(doc, k):
        return "is " + _lowered_first(text)  # "Playing guitar tonight", "Proud of you", "Done with X": "I'm" dropped
    if lower in BARE_CONTRACTIONS and not doc.tokens[k - 1].space:
        lower = "'" + lower  # chat's "im", "ive", "youre", "id", which spaCy splits like "I'm"
    if lower in CONTRACTIONS_AFTER_I or lower in ("'re", "'d"):
        if lower == "'d":
            return _had_or_would(doc, k)
        if subject == "we":
            return PLURAL_CONTRACTIONS.get(lower)
        return CONTRACTIONS_AFTER_I.get(lower, " is")
    if subject == "we":
        return None
    if subject == "you" and lower == "were":
        return "Was" if text[:1].isupper() else "was"
    if lower in INFORMAL_3SG:
        return INFORMAL_3SG[lower]
    if doc.tokens[k - 1].lower in MODAL_ADVERBS or _past_form(token):
        return None  # a past the tagger read as present: "I almost forgot", "I PASSED!" (shouted, read as VBP)
    if token.tag == "VB" and any(arc.label == "aux" and doc.tokens[arc.dep].tag == "MD" for arc in doc.children(k)):
        return None  # "will you be ...?": the modal, inverted before the subject, keeps the verb after it bare
    if token.tag == "VBP" or (token.pos in ("VERB", "AUX") and lower in IRREGULAR_3SG) or _bare_after_adverbs(doc, k, subject):
        return third_person(text)
    return None


def _had_or_would(doc: ParsedDoc, k: int) -> str:
    """What the contraction "'d" at token ``k`` stands for: "had" before a participle or "better", past an adverb
    ("I'd already left"), else "would". A past the tagger reads after chat's "youd" ("youd left": VBD) is the
    participle too, where its form is no base ("I'd put it" stays "would")."""
    if k + 1 < len(doc.tokens) and doc.tokens[k + 1].lower == "better":
        return " had"
    nxt = next((t for t in doc.tokens[k + 1 : k + 3] if t.pos != "ADV"), None)
    participle = nxt is not None and (nxt.tag == "VBN" or (nxt.tag == "VBD" and nxt.lower != nxt.lemma.lower()))
    return " had" if participle else " would"


# Chat's pronouns with a contraction and no apostrophe, as the tokenizer splits them: "hes", "shes", "id", "youd"
CONTRACTED_PRONOUNS = frozenset({"i", "you", "u", "he", "she"})


def _a_contraction_of_the_pronoun_before(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is the contraction split from the pronoun before it, with its apostrophe or without ("he's",
    "hes", "id", "youd")."""
    lower = doc.tokens[k].lower.replace("’", "'")
    return (
        k > 0 and not doc.tokens[k - 1].space and doc.tokens[k - 1].lower in CONTRACTED_PRONOUNS
        and lower.lstrip("'") in BARE_CONTRACTIONS | {"s"}
    )


def _spelled_out_after_name(doc: ParsedDoc, k: int, lower: str) -> str | None:
    """A contraction after a name written for a pronoun, spelled out: "Jen's a nurse" reads as Jen owning
    something, and "Ana'll" is no English. The name agrees as the pronoun did, so every other word stays. Chat's
    "hes", "shes", "id", "youd" are the same contractions without their apostrophe ("Gazs been there 15 yrs" and
    "Deand do his wed" had been written)."""
    if _a_contraction_of_the_pronoun_before(doc, k):
        lower = "'" + lower.lstrip("'")
    if lower == "'s":
        return " has" if doc.tokens[k].lemma == "have" or _the_perfects_has(doc, k) else " is"
    if lower in ("'m", "'re"):
        return " is"
    if lower == "'ve":
        return " has"
    if lower == "'ll":
        return " will"
    return _had_or_would(doc, k) if lower == "'d" else None


def _bare_after_adverbs(doc: ParsedDoc, k: int, subject: str) -> bool:
    """The tagger reads a present verb after some adverbs as bare ("I no longer drink coffee": VB), though "I"
    is its subject."""
    token = doc.tokens[k]
    if subject != "i" or token.tag != "VB" or token.pos != "VERB" or any(arc.label == "aux" for arc in doc.children(k)):
        return False  # "can I join you": the modal before "I" keeps the verb bare
    return any(arc.label == "nsubj" and doc.tokens[arc.dep].lower == "i" for arc in doc.children(k))


def _shares_first_person_singular(doc: ParsedDoc, k: int) -> bool:
    """Present verb ``k`` has no subject of its own and is coordinated with the finite present verb of a main
    clause whose subject is "I", so it agrees with the speaker's name like that verb does ("I'm 29 and still
    have roommates"). Kept narrow: a long chat sentence often parses a coordination wrong, and a bare verb after
    "to", "gonna" or a relative clause ("the chances I get and leave ...") must stay as written. A conjunct the
    tagger misread (:func:`_misread_conjunct`) agrees only with a present main verb, never with a copula ("I'm
    happy and healthy")."""
    misread = doc.tokens[k].tag != "VBP" and _misread_conjunct(doc, k)
    if doc.tokens[k].tag != "VBP" and not misread:
        return False
    verb = next((arc.head for arc in doc.parents(k) if arc.label == "aux"), k)  # "... and have been there"
    if _has_subject(doc, verb) or _has_subject(doc, k) or (verb == k and any(arc.label == "aux" for arc in doc.children(verb))):
        return False  # its own subject, or its own auxiliary ("... and will go") that agrees instead
    before = next((t for t in reversed(doc.tokens[:k]) if t.pos not in ("ADV", "PART")), None)
    if before is None or before.pos != "CCONJ":
        return False  # "... and they're inspiring": a subject the parse did not attach; no coordination at all
    for arc in doc.parents(verb):
        head = doc.tokens[arc.head]
        if arc.label != "conj" or head.tag not in ("VBP", "VBZ", "VBD") or any(a.label == "relcl" for a in doc.parents(head.i)):
            continue
        if misread and (head.tag != "VBP" or head.pos != "VERB"):
            continue
        if any(doc.tokens[a.dep].lower == "i" for a in doc.children(head.i) if a.label == "nsubj"):
            return True
    return False


def _misread_conjunct(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` may be a present verb the tagger read otherwise after "and": a bare verb without an auxiliary of
    its own ("I go and get it": VB), or a lone adjective or noun with nothing hanging on it ("I cook and clean",
    "I supervise and panic"), which a real adjective or noun rarely is right after a verb."""
    token = doc.tokens[k]
    if token.tag == "VB":
        return token.pos == "VERB" and not any(arc.label == "aux" for arc in doc.children(k))
    lone = not any(doc.tokens[arc.dep].pos != "PUNCT" for arc in doc.children(k))
    return token.tag in ("JJ", "NN") and token.text.isalpha() and token.lower == token.lemma and lone


def _subject_kind(lower: str) -> str | None:
    if lower in ("she", "he"):
        return "third"
    return "you" if lower in ("you", "u") else "we" if lower == "we" else None


def mentions_speaker(text: str, speaker: Speaker) -> bool:
    return speaker.name.lower() in text.lower()


def _opening_words(doc: ParsedDoc, start: int, end: int) -> list[Token]:
    """The words of tokens ``start..end`` after the interjections and connectives that may open a request."""
    words = [t for t in doc.tokens[start:end] if t.pos != "PUNCT"]
    while words and (words[0].lower in CHAT_INTERJECTIONS or words[0].lower in REQUEST_CONNECTIVES):
        words = words[1:]
    return words


def offer_start(doc: ParsedDoc, start: int, end: int) -> int | None:
    """Token where the offered action starts, when tokens ``start..end`` open with "let me" and a verb ("Let me
    check with Marta"): the speaker's own intention, which no one is asked to carry out. "Let me know" is the
    idiom for "tell me", a request."""
    words = _opening_words(doc, start, end)
    if len(words) > 2 and [t.lower for t in words[:2]] == ["let", "me"] and words[2].pos in ("VERB", "AUX"):
        return None if words[2].lemma == "know" else words[2].i
    return None


def request_start(doc: ParsedDoc, start: int, end: int) -> int | None:
    """Token where the requested action starts, when tokens ``start..end`` are a request addressed to the listener."""
    words = _opening_words(doc, start, end)
    if not words or offer_start(doc, start, end) is not None:
        return None
    lowers = [t.lower for t in words]
    offset = _please(lowers)
    negation = _negation_opening(lowers[offset:])
    if negation:
        # "Please never suggest recipes with peanuts", "don't schedule anything before 2pm": an order not to
        rest = [t for t in words[offset + negation :] if t.lower != "please"]
        verb = rest[0] if rest else None
        if verb is None or verb.tag != "VB" or verb.lemma in NO_ORDERS_NOT_TO or _has_subject(doc, verb.i):
            return None
        return None if _a_preface(doc, verb.i) else verb.i
    if tuple(lowers[offset : offset + 2]) in REQUEST_OPENERS:
        rest = [t for t in words[offset + 2 :] if t.lower != "please"]
        if rest and rest[0].tag == "VB" and rest[0].lemma not in LISTENERS_WISHES:
            return rest[0].i
    if lowers[offset : offset + 2] == ["let", "'s"] or lowers[offset : offset + 1] == ["lets"]:
        rest = words[offset + (2 if lowers[offset] == "let" else 1) :]
        return rest[0].i if rest else None
    first = words[offset]
    if _order_read_as_a_noun(doc, words[offset:]):
        return first.i
    if _a_standing_order(doc, words[offset:]):
        # "always give temps in fahrenheit", "please do remind me about climbing": an order all the same (the
        # dropped "I" had made it the speaker's habit); "always" stays in what is asked, an emphatic "do" does not
        return first.i if first.lower != "do" else words[offset + 1].i
    if first.lemma in NOT_IMPERATIVE or _told_as_past(doc, start, end) or _past_form(first) or opens_a_header(doc, first.i):
        return None
    if _a_way_to_travel(first, words[offset + 1] if len(words) > offset + 1 else None):
        return None  # "then train to Jaipur", "train yes": the way to travel, which the tagger took for a verb
    if first.lemma in NOT_IMPERATIVE_BEFORE_A_CLAUSE and before_a_clause_of_its_own(doc, first.i):
        return None
    if first.lower in SAME_IN_PAST and _past_narrative(doc, first.i) and not let_me_know(doc, first):
        return None  # "quit again in april and it stuck this time": "I" dropped before a past, no order
    if sees_you(doc, first.i) or _admires_you(doc, first.i) or _names_a_thing(doc, first.i):
        return None
    if first.pos != "VERB" or first.lower != first.lemma or _has_subject(doc, first.i) or _named(doc, first):
        return None
    # the tagger reads "..., so call me" as a present verb: done to the speaker, it is still an order
    to_speaker = _done_to_the_speaker(doc, first.i)
    if first.tag == "VB" or (first.tag == "VBP" and to_speaker):
        shares_subject = any(arc.role is Role.COORD and _finite(doc, arc.head) for arc in doc.parents(first.i))
        if not shares_subject or to_speaker:
            return first.i
    return None


def _a_way_to_travel(word: Token, after: Token | None) -> bool:
    """``word`` names a way to travel before where or whether ("train to Jaipur", "ferry back", "train yes")."""
    return word.lower in TRANSPORT_NOUNS and after is not None and after.lower in ("to", "from", "back", "yes", "it")


def _a_standing_order(doc: ParsedDoc, words: list[Token]) -> bool:
    """The words open with "always" or "just" before a verb of what an assistant is told to do ("always give temps
    in fahrenheit", "just use metric"), or an emphatic "do" before any verb of an order ("please do remind me"),
    with no subject of their own."""
    if len(words) < 2 or words[0].lower not in STANDING_ORDER_WORDS or words[1].tag != "VB" or _has_subject(doc, words[1].i):
        return False
    return words[1].lemma in ANSWERING_VERBS if words[0].lower != "do" else words[1].lemma not in NOT_IMPERATIVE


def before_a_clause_of_its_own(doc: ParsedDoc, verb: int) -> bool:
    """Verb ``verb`` governs a clause with a subject of its own ("Wish you were here", "Think I'll skip it"), not
    an object the parser took for one ("Wish them luck": "them" is no subject)."""
    return any(
        doc.tokens[s].lower not in OBJECT_CASE
        for arc in doc.children(verb) if arc.label == "ccomp"
        for s in (a.dep for a in doc.children(arc.dep) if a.label in ("nsubj", "nsubjpass"))
    )


# Verbs of errands the tagger reads as nouns when they open a sentence ("Book a table for two", "Text my mum"):
# with an article or a possessive right after them, they are orders.
ERRAND_VERBS = frozenset({"book", "text", "email", "message", "ring", "order", "schedule", "add", "note", "call"})


def _order_read_as_a_noun(doc: ParsedDoc, words: list[Token]) -> bool:
    """The words open with an errand verb the tagger took for a noun heading the sentence, an article or a
    possessive after it ("Book a tasting with the caterer", parsed as "Book" with "a tasting" in apposition)."""
    if len(words) < 2 or words[0].lower not in ERRAND_VERBS or words[0].pos not in ("NOUN", "PROPN"):
        return False
    if any(True for _ in doc.parents(words[0].i)):
        return False  # not the head of its sentence: a noun ("the book a friend lent me" has its own verb)
    return words[1].tag in ("DT", "PRP$") and words[1].lower not in ("this", "that", "these", "those")


def _a_preface(doc: ParsedDoc, verb: int) -> bool:
    """The order not to is said before "but" and the news it prefaces ("Don't tell anyone but we're getting
    married on June 15th"): what follows is the fact, not part of an order."""
    sentence = doc.tokens[verb].sent
    return any(t.lower == "but" and t.sent == sentence for t in doc.tokens[verb + 1 :])


def _negation_opening(lowers: list[str]) -> int:
    """How many words of a negative order open ``lowers``: "never", "don't" / "dont" (one word or "do" + "n't"),
    "do not"; 0 when none does."""
    if lowers[:1] in (["never"], ["dont"]):
        return 1
    if lowers[:1] == ["do"] and lowers[1:2] in (["n't"], ["not"], ["nt"]):
        return 2
    return 0


def request_negation(doc: ParsedDoc, start: int, end: int) -> str:
    """"not" or "never" when the request of tokens ``start..end`` (:func:`request_start`) is an order not to do
    something, so it is told as one ("Maya asks Assistant never to suggest recipes with peanuts"); else ""."""
    lowers = [t.lower for t in _opening_words(doc, start, end)]
    lowers = lowers[_please(lowers) :]
    if not _negation_opening(lowers):
        return ""
    return "never" if lowers[0] == "never" else "not"


def a_proposal(doc: ParsedDoc, start: int, end: int) -> bool:
    """The request of tokens ``start..end`` (:func:`request_start`) opens with "let's": the speaker proposes what
    both will do ("let's meet at the station at 6"), which no one is asked to do alone."""
    lowers = [t.lower for t in _opening_words(doc, start, end)]
    lowers = lowers[_please(lowers) :]
    return lowers[:2] == ["let", "'s"] or lowers[:1] == ["lets"]


def _please(lowers: list[str]) -> int:
    """How many words of "please" open a request's words (0 or 1): what is asked comes after it."""
    return 1 if lowers[:1] == ["please"] else 0


def _a_name_told_of(doc: ParsedDoc, k: int, be: int) -> bool:
    """The bare verb opens a name the tagger misread, which a finite "was" or "is" then tells of: "Wet Leg on Saturday
    was unreal", "Fix Radio this morning was hilarious" (a band, a show). The verb's object is a capitalised name
    right after it, and what "be" says of it is an adjective; an order has its own words ("Enjoy the day, it was
    great" is parted by a comma, and is caught before this). Both are written with capitals, as a name is: the tagger
    reads a small word as a name too ("tell tom friday is fine" is an order)."""
    name = k + 1
    return (
        doc.tokens[be].tag in ("VBD", "VBZ")
        and name < be
        and doc.tokens[k].text[:1].isupper()
        and doc.tokens[name].text[:1].isupper()
        and doc.tokens[name].tag in ("NNP", "NNPS")
        and any(arc.dep == name and arc.label in ("dobj", "compound", "npadvmod", "attr") for arc in doc.children(k))
        and any(arc.label == "acomp" for arc in doc.children(be))
    )


def _names_a_thing(doc: ParsedDoc, k: int) -> bool:
    """The bare verb the turn opens with is a noun of a subject the tagger misread ("call with the bank went fine":
    the subject of "went"; "start date is April 1st": a "start" with an "is" of its own). Nobody is asked to do it."""
    # a bare verb as a clause's subject is more often a misparse of an order ("Enjoy the good feels tomorrow, Jon
    # earned it") than a subject; a gerund is one ("Playing video games is a great way to unwind"), unless a comma
    # parts it from its verb or the verb has a subject of its own ("Going to the gym tonight, is that ok?")
    # and so is a bare verb right before the "is" it is the subject of: a noun ("take home is about £2,480",
    # "check in is at 3"), where a misparsed order has its own words between ("Enjoy the day, Jon earned it")
    for arc in doc.parents(k):
        subject_of_is = arc.label == "csubj" and doc.tokens[arc.head].lemma == "be" and (
            arc.head - k <= 2 or _a_name_told_of(doc, k, arc.head))
        if arc.label in ("nsubj", "nsubjpass") or (arc.label == "csubj" and doc.tokens[k].tag == "VBG") or subject_of_is:
            between = doc.tokens[min(k, arc.head) + 1 : max(k, arc.head)]
            others = [a for a in doc.children(arc.head) if a.label in ("nsubj", "nsubjpass", "expl") and a.dep != k]
            if not others and not any(t.text == "," for t in between):
                return True
    # "start date is April 1st" ("Start" read as a modifier of "date" when capitalised), "start date was ..."
    if any(arc.label in ("amod", "compound") and any(a.label in ("nsubj", "nsubjpass") for a in doc.parents(arc.head))
           for arc in doc.parents(k)):
        return True
    if _heads_a_list_of_things(doc, k) or _a_value_named(doc, k):
        return True
    return any(arc.label in ("aux", "auxpass") and doc.tokens[arc.dep].tag in ("VBZ", "VBD") for arc in doc.children(k))


# Nouns of a goal, a limit or a sum that chat writes before the sum with no verb ("target £300", "budget £50 a week"):
# a label and its value. Not the verbs of paying out ("pay £300", "spend £50", "save £20"), which are orders.
VALUE_NOUNS = frozenset({"target", "aim", "goal", "budget", "limit", "total", "max", "min", "rent", "salary", "price", "fee"})


def _a_value_named(doc: ParsedDoc, k: int) -> bool:
    """The bare verb the turn opens with is a noun of a goal or a sum with its value right after it ("target £300",
    "aim £500 for the hospice", "budget 50 a week"): what the value is, no order ("Imran asks Assistant to target
    £300" had been written) and no deed."""
    token = doc.tokens[k]
    after = doc.tokens[k + 1] if k + 1 < len(doc) else None
    return token.lemma in VALUE_NOUNS and after is not None and (
        after.text in MONEY_SIGNS or after.pos == "NUM" or after.ent in ("MONEY", "QUANTITY", "PERCENT", "CARDINAL"))


def _heads_a_list_of_things(doc: ParsedDoc, k: int) -> bool:
    """The bare verb heads a list whose other items are things ("spotify premium, amazon prime £8.99, xbox game
    pass £14.99"; "pay rent, council tax, phone"): a verb is joined to verbs, so the tagger read a word that can be
    a verb as one where it opens a list of names or nouns. An order's list hangs on its object ("buy milk, eggs
    and bread")."""
    joined = [doc.tokens[arc.dep] for arc in doc.children(k) if arc.label == "conj"]
    return bool(joined) and all(t.pos in ("NOUN", "PROPN") for t in joined)


def sees_you(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` opens "see you (Wednesday)", the speaker's own "I'll see you": a meeting agreed, not an order."""
    after = doc.tokens[k + 1] if k + 1 < len(doc.tokens) else None
    return doc.tokens[k].lower == "see" and after is not None and after.lower in ("you", "ya", "u", "y'all")


def _admires_you(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` opens "look at you(!)", "look at you go", "look at u, all grown up": praise, not an order (a
    "look at your calendar" is one)."""
    words = [t.lower for t in doc.tokens[k : k + 4]]
    return words[:3] in (["look", "at", "you"], ["look", "at", "u"]) and (
        len(words) == 3 or doc.tokens[k + 3].pos == "PUNCT" or words[3] in ("go", "now", "all"))


# Base forms that end like a regular past ("Shred the cheese", "Embed the video"); "-eed" verbs are left out too.
BASE_FORMS_IN_ED = frozenset({"shred", "embed", "imbed"})


def _regular_past(token: Token) -> bool:
    """A past form the tagger read as a bare verb, its lemma unchanged: "Booked it just in time, Sofia" is no order
    to book. Only a regular "-ed" form of more than four letters counts ("wed", "need", "feed" are base forms)."""
    word = token.lower
    return len(word) > 4 and word.endswith("ed") and not word.endswith("eed") and word not in BASE_FORMS_IN_ED


def _irregular_past(token: Token) -> bool:
    """An irregular past the tagger read as a present or bare verb ("I almost forgot": VBP): its lemma is another
    word ("forget"). The present forms whose lemma differs ("am", "are") agree by their own table."""
    word = token.lower.replace("’", "'")
    return token.tag in ("VB", "VBP") and token.pos in ("VERB", "AUX") and (
        token.lemma != word and word not in IRREGULAR_3SG or word in PAST_BEFORE_BASE
    )


def _past_form(token: Token) -> bool:
    """A past form, regular or irregular, that the tagger read as a bare or present verb."""
    return _regular_past(token) or _irregular_past(token)


def _named(doc: ParsedDoc, token: Token) -> bool:
    """A name the tagger took for a verb ("UCLA for psych" as an order to "UCLA"): an entity's word, or an acronym
    (a word the tagger saw in capitals: not in a text written in capitals throughout, nor among shouted words,
    "BENCHED 80KG today", which it read in lower case)."""
    seen = calmed(doc.text)[token.idx : token.idx + len(token.text)]
    acronym = len(token.text) > 1 and seen.isupper() and token.text.isalpha()
    return token.ent in NAME_ENTITIES or acronym


def _done_to_the_speaker(doc: ParsedDoc, k: int) -> bool:
    """Verb ``k`` has "me" or "us" as its object ("..., so call me after 8"): the speaker does not call themself, so
    a bare verb coordinated with the speaker's own is still a request to the listener."""
    return any(doc.tokens[arc.dep].lower in ("me", "us") for arc in doc.children(k) if arc.label in ("dobj", "dative"))


def dropped_subject_verb(doc: ParsedDoc, start: int, end: int) -> int | None:
    """The verb that opens tokens ``start..end`` after at most a few adverbs ("Just finished my first
    marathon"), when there is one: its subject was dropped, as chat does. A verb in the third person dropped "it",
    not "I" ("Makes sense", "Sounds good", "Looks like rain"): the speaker is not put back before it."""
    if all(a_feeling_word(t) or t.pos in ("PUNCT", "ADV") or t.lower in SKIPPABLE_ADVERBS for t in doc.tokens[start:end]):
        return None  # "gutted.", "relieved.": a feeling said alone, no verb with its subject dropped
    if any(arc.label == "acl" and arc.head < start for k in range(start, end) for arc in doc.parents(k)
           if doc.tokens[k].tag == "VBN"):
        return None  # "Isla Rose, | born on the 28th": the participle describes the name before it
    if opens_with_a_dropped_it(doc, start, end):
        return None  # "was the plumber, he's fixed the leak": "it" was dropped, not "I"
    for k in range(start, end):
        token = doc.tokens[k]
        if token.tag == "VBZ" and token.lower.endswith("s"):  # a real "-s" form: the tagger calls "Got(ta)" VBZ too
            return None
        if token.pos in ("VERB", "AUX") and (_names_a_thing(doc, k) or _admires_you(doc, k)):
            return None  # "start date is April 1st", "look at you!": no one's verb, nothing was dropped
        after = doc.tokens[k + 1] if k + 1 < len(doc) else None
        if token.lower in WHAT_A_THING_DOES_TO_ONE and (after is None or after.pos not in ("PRON", "PROPN", "DET", "ADP", "NOUN")):
            return None  # "exhausting. 12 hour shifts": "it's" was dropped ("Boring everyone with my photos" is one's deed)
        if token.pos in ("VERB", "AUX") and _the_listeners_doing(doc, k):
            return None
        if _a_way_to_travel(token, after):
            return None  # "ferry back Sunday": the way to travel, no verb ("Priya ferries back")
        if token.pos in ("VERB", "AUX") and _object_of_a_preposition(doc, k):
            return None  # "it's perfect for | relaxing after work": the object of a preposition, whose doer is not said
        if token.pos in ("VERB", "AUX") and k + 1 < len(doc) and doc.tokens[k + 1].lower == "me" and any(
                a.dep == k + 1 for a in doc.children(k) if a.label in ("dobj", "dative")):
            return None  # "Took me 4 hours", "Cost me £50": "it" was dropped, the speaker is the object
        if token.pos in ("VERB", "AUX") and _said_of_a_thing(doc, k):
            return None  # "Arrived in my account on the 27th", "refunded on parentpay": the parcel, not the speaker
        if _a_feeling_said_of_something(doc, k) or back_to(doc, k):
            return k
        if (token.pos in ("VERB", "AUX") and not _named(doc, token)) or (token.lower in INFORMAL_3SG and _informal_with_action(doc, k, end)):
            return k
        if token.lower not in SKIPPABLE_ADVERBS and not (
                k == start and token.lower in STORY_NEXT_WORDS and _after_a_told_past(doc, token.sent)):
            return None
    return None


# Verbs of arriving, said of a parcel, a payment or a visitor as often as of oneself ("Arrived on the 17th as
# promised", "Came on 2 October in the end", "should arrive friday"): "turn" and "show" with "up". Not "land",
# which chat says alone of a flight far more ("Landed! Taxi now").
ARRIVING = frozenset({"arrive", "come", "turn", "show"})
# What is done to an order or a payment: said bare, with no object ("refunded on parentpay", "Dispatched today"),
# they dropped "it was", not "I" ("Cancelled my membership" is the speaker's deed).
DONE_TO_AN_ORDER = frozenset({"refund", "reimburse", "deliver", "dispatch", "ship", "cancel"})
# Adverbs that take the one arriving somewhere, or rank them: "Came home", "Arrived back", "Came second", "Came across".
WHERE_ONE_GOES = frozenset({"home", "back", "here", "there", "over", "in", "out", "down", "up", "across", "along",
                            "round", "around", "away", "first", "second", "third", "last", "close"})
# Prepositions that say where the one arriving got to ("Arrived at Heathrow", "Came to the party", "Arrived in Rome"):
# "in" only before a place's name.
TOWARDS = frozenset({"to", "at", "into", "onto", "in"})


def _said_of_a_thing(doc: ParsedDoc, k: int) -> bool:
    """Verb ``k`` opens with its subject dropped and tells of a thing or another, not of the speaker: an order
    done to (:data:`DONE_TO_AN_ORDER`) with no object, or an arrival (:data:`ARRIVING`) that goes nowhere
    ("Arrived on the 17th as promised", "Arrived in my account", "Came on 2 October"). A traveller's arrival keeps the
    speaker: one somewhere ("Arrived in Lisbon", "Came home early", "Came second"), or one right after the speaker's
    own going ("Just got back from Japan! Arrived Saturday night")."""
    verb = doc.tokens[k]
    if verb.tag == "MD":  # "should arrive friday": the verb the modal goes with
        verb = next((doc.tokens[a.head] for a in doc.parents(k) if a.label == "aux"), verb)
    arcs = list(doc.children(verb.i))
    if verb.lemma in MERIT_VERBS and verb.tag in ("VBD", "VBN"):
        # "deserved", "well deserved", "well earned!": praise of the news just told ("it was deserved"); with
        # no object no one is said to deserve anything ("Marcus deserved." had been the speaker's)
        return not any(a.label in ("dobj", "dative", "ccomp", "xcomp", "attr") for a in arcs)
    if verb.lemma in DONE_TO_AN_ORDER and verb.tag in ("VBD", "VBN"):
        if any(a.label in ("dobj", "dative", "ccomp", "xcomp") for a in arcs):
            return False
        return verb.lemma not in DONE_BY_PEOPLE_TOO or _let_down_by_another(doc, verb.i) or _a_thing_told_of(doc, verb.i)
    particles = {doc.tokens[a.dep].lower for a in arcs if a.label == "prt"}
    turned_up = verb.lemma in ("turn", "show")
    if verb.lemma not in ARRIVING or turned_up != (particles == {"up"}):
        return False
    if (particles and not turned_up) or any(a.label in ("dobj", "attr", "acomp", "xcomp", "ccomp") for a in arcs):
        return False  # "Came up with a plan", "Came across an old photo", "Arrived safe"
    if _goes_somewhere(doc, verb.i) or _on_the_move_before(doc, verb.sent):
        return False
    return _a_thing_before(doc, verb.i) or not _how_one_got_there(doc, verb.i)


# Verbs of merit, which take what is merited: said bare, their participle praises what was just told.
MERIT_VERBS = frozenset({"deserve", "earn"})
# Of the verbs done to an order, those a person does as often, said bare: "Cancelled yesterday, too ill to go",
# "Delivered on my promise". They are the speaker's unless the turn tells of a thing (:func:`_a_thing_told_of`).
DONE_BY_PEOPLE_TOO = frozenset({"cancel", "deliver"})
# Verbs of getting a thing sent, and the things sent, that make a bare arrival or cancelling the thing's: "Ordered
# new glasses. Arrived yesterday", "the parcel? cancelled, they ran out"
ORDERING = frozenset({"order", "buy", "purchase", "post", "send", "ship", "dispatch", "refund", "return"})
THINGS_SENT = frozenset({"order", "parcel", "package", "delivery", "refund", "item", "courier", "shipment"})
# Ways of travelling and journeys, after "by" or "after", that make an arrival a traveller's: "Came by train",
# "Arrived yesterday after a 12 hour flight"
JOURNEYS = TRANSPORT_NOUNS | frozenset({"car", "plane", "bike", "foot", "air", "tube", "drive", "journey", "trip", "ride"})
# Adverbs of an arrival's time that a person keeps, not a parcel: "Arrived late last night", "Came early to help"
PUNCTUALITY = frozenset({"late", "early", "earlier", "later", "promptly"})


def _a_thing_before(doc: ParsedDoc, k: int) -> bool:
    """The turn before verb ``k`` tells of a thing ordered or sent (:data:`ORDERING`, :data:`THINGS_SENT`): "Ordered
    a rug from ikea. should arrive friday", "the parcel? came this morning"."""
    return any((t.pos == "VERB" and t.lemma in ORDERING) or (t.pos == "NOUN" and t.lemma in THINGS_SENT)
               for t in doc.tokens[:k])


def _a_thing_told_of(doc: ParsedDoc, k: int) -> bool:
    """Around verb ``k`` the turn tells of a thing: one ordered before it (:func:`_a_thing_before`), or "it" the
    subject of a clause after it ("delivered yesterday but it was the wrong size")."""
    return _a_thing_before(doc, k) or any(
        t.lower == "it" and any(a.label in ("nsubj", "nsubjpass") for a in doc.parents(t.i)) for t in doc.tokens[k + 1 :])


def _let_down_by_another(doc: ParsedDoc, k: int) -> bool:
    """Verb ``k`` is done "on me" or "on us": "cancelled on me again" is someone else letting the speaker down."""
    return any(a.label == "prep" and doc.tokens[a.dep].lower == "on" and any(
        doc.tokens[o.dep].lower in ("me", "us") for o in doc.children(a.dep) if o.label == "pobj")
        for a in doc.children(k))


def _how_one_got_there(doc: ParsedDoc, k: int) -> bool:
    """Arrival ``k`` says how its traveller got there, which a parcel or a payment never does: late or early
    (:data:`PUNCTUALITY`, "Arrived an hour early"), on or in time, "by" a way of travelling or by itself ("Came by
    train", "Came by yesterday"), after a journey (:data:`JOURNEYS`), or in a state ("Showed up drunk")."""
    arcs = list(doc.children(k))
    arcs += [b for a in arcs for b in doc.children(a.dep) if a.label in ("advmod", "npadvmod")]  # "late last night"
    for a in arcs:
        word = doc.tokens[a.dep]
        objects = [doc.tokens[o.dep].lower for o in doc.children(a.dep) if o.label == "pobj"]
        if a.label == "advmod" and word.lower in PUNCTUALITY:
            return True
        if a.label in ("advcl", "oprd") and word.pos == "ADJ" and word.tag == "JJ":
            return True
        if a.label == "prep" and (
                (word.lower in ("on", "in") and objects == ["time"])
                or (word.lower == "by" and (not objects or objects[0] in JOURNEYS))
                or (word.lower == "after" and any(o in JOURNEYS for o in objects))):
            return True
    return False


def _goes_somewhere(doc: ParsedDoc, k: int) -> bool:
    """Verb ``k`` says where to: home, back, across (:data:`WHERE_ONE_GOES`), to or at somewhere, in a place
    (:data:`TOWARDS`): "Came home early", "Landed at Heathrow", "Arrived in Lisbon"; not "in my account", "in the
    post" or "in the end", where a parcel or a payment arrives."""
    arcs = list(doc.children(k))
    arcs += [b for a in arcs if a.label == "advmod" for b in doc.children(a.dep)]  # "Showed up late to the meeting"
    for a in arcs:
        word = doc.tokens[a.dep].lower
        if a.label in ("advmod", "npadvmod", "prep") and word in WHERE_ONE_GOES - {"in"}:
            return True
        if a.label != "prep" or word not in TOWARDS:
            continue
        for place in (doc.tokens[o.dep] for o in doc.children(a.dep) if o.label == "pobj"):
            if word != "in" or place.ent in PLACE_ENTITIES or place.pos == "PROPN":
                return True
    return False


def _on_the_move_before(doc: ParsedDoc, sentence: int) -> bool:
    """The sentence before tells of the speaker going somewhere, with "I" or "we" or the subject dropped ("Just got
    back from Japan!", "We flew to Rome"): the arrival after it is theirs. Not one about a thing ("I ordered a
    sofa", "Part was wrong")."""
    if sentence == 0:
        return False
    root = doc.roots[sentence - 1]
    subjects = [doc.tokens[a.dep].lower for a in doc.children(root) if a.label in ("nsubj", "nsubjpass")]
    return all(s in ("i", "we") for s in subjects) and _goes_somewhere(doc, root)


def _dropped_i_am(doc: ParsedDoc, k: int) -> bool:
    """The word at ``k``, opening a range whose subject was dropped, dropped "I'm" with it, so "is" goes back before
    it: an "-ing" ("Playing guitar tonight"), an adjective ("Proud of you"), a state ("Done with X", "Back to X")."""
    token = doc.tokens[k]
    return token.tag == "VBG" or token.pos == "ADJ" or _done_with(doc, k) or back_to(doc, k)


def _heads_its_sentence(doc: ParsedDoc, k: int) -> bool:
    return next(iter(doc.parents(k)), None) is None


def _done_with(doc: ParsedDoc, k: int) -> bool:
    """A participle that heads its sentence as a state, with "with", "of" or "from" and no object: "Done with
    studying for today", "Fed up of waiting", "Back from ..." ("I'm" was dropped; "Finished my essay" did a deed)."""
    token = doc.tokens[k]
    if token.tag != "VBN" or not _heads_its_sentence(doc, k):
        return False
    arcs = list(doc.children(k))
    return not any(a.label in ("dobj", "nsubj", "aux", "auxpass") for a in arcs) and any(
        a.label == "prep" and doc.tokens[a.dep].lower in ("with", "of", "from") for a in arcs)


# Where children go back to after a break: in a parent's "back to school today finally" it is the kids who are back,
# as often as a pupil or a teacher themself, so no one is put before it.
SCHOOLING = frozenset({"school", "nursery", "preschool", "daycare", "kindergarten", "playgroup"})


def back_to(doc: ParsedDoc, k: int) -> bool:
    """"Back to paying the full rent", "back from visiting my parents": "back" heading its sentence with "to" or
    "from" after it dropped "I'm"; not "back to school" (:data:`SCHOOLING`)."""
    token = doc.tokens[k]
    preps = [a.dep for a in doc.children(k) if a.label == "prep" and doc.tokens[a.dep].lower in ("to", "from")]
    if any(doc.tokens[o.dep].lower in SCHOOLING for p in preps for o in doc.children(p) if o.label == "pobj"):
        return False
    return token.lower == "back" and _heads_its_sentence(doc, k) and bool(preps)


def _a_feeling_said_of_something(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is an adjective that heads its sentence and says what it is felt about: "So proud of you for
    taking this step", "Sad to lose you", "Sorry for missing your call" dropped "I'm" as "Went to the park" dropped
    "I" ("gutted." alone is a feeling said, no one's doing)."""
    token = doc.tokens[k]
    if token.pos != "ADJ" or not a_feeling_word(token) or not _heads_its_sentence(doc, k):
        return False  # "Good for relaxing after work" says what a thing is good for
    return any(
        (a.label == "prep" and doc.tokens[a.dep].lower in ("of", "for", "about", "with", "to"))
        or (a.label in ("xcomp", "ccomp") and any(doc.tokens[c.dep].lower == "to" for c in doc.children(a.dep)))
        for a in doc.children(k)
    )


def _object_of_a_preposition(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is the "-ing" object of a preposition, or one joined to it ("great for clearing the mind and
    calming the soul")."""
    arcs = list(doc.parents(k))
    if any(arc.label == "pcomp" for arc in arcs):
        return True
    return any(arc.label == "conj" and any(up.label == "pcomp" for up in doc.parents(arc.head)) for arc in arcs)


# Verbs of living with someone: "Living with your brother, brave." remarks on the listener's home
LIVING_WITH = frozenset({"live", "move", "stay", "share"})


def _the_listeners_doing(doc: ParsedDoc, k: int) -> bool:
    """An opening "-ing" of living with the listener's own people ("Living with your brother, brave.", "Moving in
    with your sister, bold."): a remark on what the listener is doing, which dropped "you're", not "I'm". Meeting
    the listener's team or going to their place ("Heading to your place after work") is the speaker's doing."""
    token = doc.tokens[k]
    if token.tag != "VBG" or token.lemma.lower() not in LIVING_WITH:
        return False
    _, end = doc.sentences[token.sent]
    return any(doc.tokens[j].lower == "with" and doc.tokens[j + 1].lower == "your" for j in range(k + 1, end - 1))


def _informal_with_action(doc: ParsedDoc, k: int, end: int) -> bool:
    """"Gonna"/"wanna"/"gotta" (which the tagger may call a noun) followed by an action: "Gonna continue my
    studies" dropped "I", while "Gonna be a big change" dropped "it", so "be" does not count."""
    following = next((t for t in doc.tokens[k + 1 : end] if t.pos in ("VERB", "AUX")), None)
    return following is not None and following.lemma != "be"


def _told_as_past(doc: ParsedDoc, start: int, end: int) -> bool:
    """The words say when, in the past ("Lost my job yesterday", which the tagger may read as an order): no
    request is about yesterday."""
    return any(t.ent == "DATE" and t.lower in PAST_DATE_WORDS for t in doc.tokens[start:end])


def _past_narrative(doc: ParsedDoc, k: int) -> bool:
    """Another verb of token ``k``'s sentence is in the past tense and nothing says the sentence is about a habit
    ("I hurt my ankle, so I dropped out": hurt is past too; "I hit the gym every day since I moved" is not). After a
    full stop and "and" or "then" it goes on with the story of the sentence before as well ("I paid the fine online
    yesterday. and set up a direct debit"): chat puts a full stop where it means a comma, unless the words mark an
    order ("... and set a reminder for Thursday pls"). Without such a word it may be an order after news ("I had a
    great time. Put the photos in the album")."""
    sentence = doc.tokens[k].sent
    start, end = doc.sentences[sentence]
    words = doc.tokens[start:end]
    if any(t.lower in HABIT_WORDS for t in words):
        return False
    if any(t.tag == "VBD" and t.i != k for t in words):
        return True
    opening = [t for t in doc.tokens[start:k] if t.pos != "PUNCT"]
    if sentence == 0 or not opening or any(t.lower not in STORY_GOES_ON for t in opening):
        return False
    return not _marked_as_an_order(doc, k, start, end) and _after_a_told_past(doc, sentence)


def _after_a_told_past(doc: ParsedDoc, sentence: int) -> bool:
    """The sentence before ``sentence`` tells a past, not a habit ("I paid the fine yesterday."): what goes on
    from it with "and" or "then" goes on with the story."""
    if sentence == 0:
        return False
    before = doc.tokens[slice(*doc.sentences[sentence - 1])]
    return any(t.tag == "VBD" for t in before) and not any(t.lower in HABIT_WORDS for t in before)


def _marked_as_an_order(doc: ParsedDoc, k: int, start: int, end: int) -> bool:
    """The bare verb ``k`` of the sentence ``start..end`` is asked of the assistant whatever the past before it: a
    "please" says so ("I booked the dentist. and set a reminder for the day before pls"), and so does a thing only an
    assistant keeps for the speaker: a reminder or an alarm set ("then set a reminder for 9"), or a thing put in the
    speaker's calendar or diary ("then put it in my calendar")."""
    if any(t.lower in PLEASE_WORDS for t in doc.tokens[start:end]):
        return True
    def labelled(head: int, label: str) -> list[int]:
        return [arc.dep for arc in doc.children(head) if arc.label == label]

    verb = doc.tokens[k]
    if verb.lemma.lower() == "set" and not labelled(k, "prt"):
        things = [o for o in labelled(k, "dobj") if doc.tokens[o].lemma.lower() in ASSISTANT_SET_THINGS]
        # "and set a reminder on my phone": set on a device of one's own, it is the speaker's deed
        on = [o for h in [k, *things] for p in labelled(h, "prep") if doc.tokens[p].lower == "on" for o in labelled(p, "pobj")]
        return bool(things) and not any(doc.tokens[o].lower in OWN_DEVICES for o in on)
    if verb.lemma.lower() == "put":
        places = [o for p in labelled(k, "prep") if doc.tokens[p].lower in ("in", "on", "into") for o in labelled(p, "pobj")]
        return any(doc.tokens[o].lower in ASSISTANT_KEPT_PLACES for o in places)
    return False



def _news_on_its_own(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a same-form verb that is a whole fact by itself ("I quit", "we split up") in a sentence that
    tells of no habit: news of a thing done, not "quits"."""
    start, end = doc.sentences[doc.tokens[k].sent]
    # "when I quit, I'll travel", "if I quit now I lose my bonus": a condition or a time ahead, not news
    conditional = any(arc.label == "mark" for arc in doc.children(k)) or any(
        t.tag == "MD" or t.lower in ("'ll", "will") for t in doc.tokens[start:end])
    return is_event_on_its_own(doc, k) and not conditional and not any(t.lower in HABIT_WORDS for t in doc.tokens[start:end])


def _has_subject(doc: ParsedDoc, k: int) -> bool:
    """Verb ``k`` has a subject of its own; chat's interjection before an order, which the tagger may make its
    subject ("aww send it to me", "lol call me later"), is no one."""
    return any(a.label in ("nsubj", "ACT-arg") and doc.tokens[a.dep].lower not in CHAT_INTERJECTIONS
               for a in doc.children(k))


def _finite(doc: ParsedDoc, k: int) -> bool:
    """A verb with its own subject or auxiliary: a bare verb coordinated with it ("I'll finish my thesis and
    [celebrate]") shares that subject, so it is no request."""
    return _has_subject(doc, k) or any(a.label == "aux" for a in doc.children(k))


def is_question(doc: ParsedDoc, start: int, end: int) -> bool:
    """Tokens ``start..end`` are asked: their sentence ends with "?", unless a question of its own follows them
    after a comma ("I got the job, did Mum tell you?" states the job)."""
    sent = doc.tokens[start].sent
    s_start, s_end = doc.sentences[sent]
    if doc.tokens[s_end - 1].text == "?" and _hedged_statement(doc, s_start, s_end):
        return False
    if end < len(doc.tokens) and doc.tokens[end - 1].text == "?":
        return True
    if doc.tokens[s_end - 1].text != "?":
        return _asked_without_a_mark(doc, start, s_end)
    return not any(tag_question_at(doc, k, s_end) for k in range(max(start + 2, end - 1), min(end + 2, s_end)))


# What a statement may close on, unsure of itself, before a "?" that asks nothing: "it went ok I think?"
HEDGES = frozenset({"think", "guess", "hope", "suppose", "reckon", "believe"})
WH_OPENERS = frozenset({"what", "when", "where", "who", "why", "how", "which"})
# The subjects of a wh-question asked without its mark: the listener, or the two together.
ASKED_SUBJECTS = frozenset({"you", "u", "ya", "we", "y'all"})


def _hedged_statement(doc: ParsedDoc, s_start: int, s_end: int) -> bool:
    """The sentence ``s_start..s_end`` (closed by "?") is a statement with "I think" at its end ("my exam went ok
    I think?", "she's moving in March i guess?"): chat's "?" there says the speaker is unsure, not that they ask.
    One that opens as a question ("is it Friday I think?") still asks."""
    words = [t for t in doc.tokens[s_start:s_end] if t.pos != "PUNCT"]
    if len(words) < 4 or words[-2].lower != "i" or words[-1].lemma not in HEDGES:
        return False
    # a question still opens as one, or checks what the listener does ("You're still coming Friday I think?")
    return words[0].lower not in CHAT_QUESTION_AUXILIARIES | WH_OPENERS | ASKED_SUBJECTS


# Chat's spellings of the auxiliaries that open a question ("r u coming"), beside the written ones; not "had",
# which opens a condition ("had I known it was this bad I'd have left").
CHAT_QUESTION_AUXILIARIES = (QUESTION_AUXILIARIES - {"had"}) | {"r", "am", "may", "shall"}
# An auxiliary cliticised on the wh-word before it ("when's the op", "how's your mum", "where'd you go").
CLITIC_AUXILIARIES = frozenset({"'s", "’s", "'re", "’re", "'d", "’d", "'ll", "’ll", "'ve", "’ve"})
# Verbs after an inverted auxiliary that announce news rather than ask ("did I mention / tell you", "did you hear",
# "can I just say").
NEWS_OPENERS = frozenset({"mention", "tell", "hear", "say"})
SUBJECT_PRONOUNS = frozenset({"i", "you", "u", "he", "she", "it", "we", "they", "ya", "y'all"})


def _asked_without_a_mark(doc: ParsedDoc, start: int, s_end: int) -> bool:
    """Chat asks without a question mark: a sentence that opens with an auxiliary (maybe after a wh-word, with the
    listener for its subject) and then its subject, with two or more words after them and no full stop or "!" to
    close it ("is she the one who made u redo the deck", "can i be the godmother 👀", "where should we go for
    dinner"). Not "did it!" nor "can't wait" (no subject), nor "is it me or ..." cut short."""
    words = [t for t in doc.tokens[start:s_end] if t.pos != "PUNCT" and t.lower not in CHAT_INTERJECTIONS]
    last = next((t for t in reversed(doc.tokens[start:s_end]) if t.pos != "SYM" and not _emoji(t.text)), None)
    if last is None or last.text in (".", "!", "...", "…") or len(words) < 3:
        return False
    if _an_offer_that_dropped_do_you(words):
        return True
    wh = words[0].lower in WH_OPENERS
    if wh:
        asker, words = words[0], words[1:]
        if len(words) > 2 and _in_the_wh_phrase(doc, asker, words[0]) and _question_auxiliary(words[1]):
            words = words[1:]  # "what time is it on", "how long is the drive": the wh-word's own noun or adverb
        if _asked_of_the_wh_word(doc, asker, words[0]):
            return True  # "who's taking you", "who is coming tonight": the wh-word is the subject asked for
    # the parse puts the subject right after the auxiliary, whoever it is: "how was his cardiology appt", "does dad
    # know", "is the GP open on saturdays" (one's own deed after "did" has no subject: "did the shopping")
    inverted = _subject_after_auxiliary(doc, words[0]) and (wh or not _it_dropped_before_a_copula(doc, words[0]))
    if wh and not (words[1].lower in ASKED_SUBJECTS or (inverted and words[1].lower not in SELF_SUBJECTS)):
        return False  # "what have I done, ..." and "why did I say yes" exclaim, and tell what follows
    if len(words) < 3 and not inverted:
        return False
    aux, subject = words[0], words[1]
    if len(words) < 3:  # "how was it", "how's your mum"
        return _question_auxiliary(aux)
    verb = words[3] if words[2].lower == "just" and len(words) > 3 else words[2]
    if verb.lemma in NEWS_OPENERS and any(arc.label in ("ccomp", "xcomp") for arc in doc.children(verb.i)):
        return False  # "did I mention I'm moving to Leeds", "can I just say how proud I am": news told, not asked
    if aux.lemma == "do" and subject.lower == "it" and not any(t.pos in ("VERB", "AUX") for t in words[2:]):
        # "did it last night": "do" is the deed itself, its "I" dropped; "did it really happen like that" and "did
        # you see it" ask
        return False
    return _question_auxiliary(aux) and (
        subject.lower in SUBJECT_PRONOUNS or subject.pos == "PROPN" or inverted
    )


def _question_auxiliary(token: Token) -> bool:
    """``token`` may open a question as its auxiliary: written out ("is", "r", "can"), or cliticised on the wh-word
    before it ("when's the op", "how's your mum", which had been told: "Doris noted: when's the op")."""
    return token.lower in CHAT_QUESTION_AUXILIARIES or token.lower in CLITIC_AUXILIARIES and token.pos == "AUX"


def _in_the_wh_phrase(doc: ParsedDoc, wh: Token, word: Token) -> bool:
    """``word``, right after the wh-word, is what the wh-word asks which or how much of ("what time", "which
    day", "how long", "how far"): the phrase is asked as one, and the auxiliary comes after it."""
    return word.i == wh.i + 1 and word.pos in ("NOUN", "ADV", "ADJ") and any(arc.head == word.i for arc in doc.parents(wh.i))


def _asked_of_the_wh_word(doc: ParsedDoc, wh: Token, aux: Token) -> bool:
    """The wh-word is the subject asked for, an auxiliary after it and the verb it heads heading the sentence
    ("who's taking you", "who is coming tonight", "what's happened"). Not "who knows" or "who cares" (no
    auxiliary: they exclaim), nor "who'd have thought" (a "would" of what no one would: they exclaim too), nor a
    clause a sentence is about ("what's done is done")."""
    if not _question_auxiliary(aux) or aux.lemma == "would" or aux.lower in ("'d", "’d"):
        return False
    return any(
        arc.label in ("nsubj", "nsubjpass") and arc.head > aux.i and not any(True for _ in doc.parents(arc.head))
        and any(a.dep == aux.i and a.label in ("aux", "auxpass") for a in doc.children(arc.head))
        for arc in doc.parents(wh.i)
    )


# Verbs chat offers help with, "do you" dropped ("want me to pick you up after work", "need us to bring anything")
OFFERING_VERBS = frozenset({"want", "need"})


def _an_offer_that_dropped_do_you(words: list[Token]) -> bool:
    """``words`` open with "want me to" or "need us to" and go on: the listener is asked, since the speaker would
    not say "I want me to" ("want me to come to the scan too" had become "Dan wants Dan to come to the scan
    too"); "wants me to move" and "want to come" tell or stay as they are."""
    return (
        len(words) >= 4
        and words[0].lower in OFFERING_VERBS
        and words[1].lower in ("me", "us")
        and words[2].lower == "to"
    )


# The speaker as the subject of a wh-word and an auxiliary, which exclaims rather than asks ("what have I done").
SELF_SUBJECTS = frozenset({"i", "me"})
SUBJECT_LABELS = frozenset({"nsubj", "nsubjpass", "expl"})


def _subject_after_auxiliary(doc: ParsedDoc, aux: Token) -> bool:
    """``aux`` is an auxiliary (or a copula) with its verb's subject right after it: the inversion of a question
    ("does dad know", "was his appt ok"). The subject's words (its article, possessive, compounds) run from the
    word after ``aux`` to the subject itself; an object there ("did the shopping") is no subject."""
    if not _question_auxiliary(aux):
        return False
    verb = next((arc.head for arc in doc.parents(aux.i) if arc.label in ("aux", "auxpass")), aux.i)
    if verb == aux.i and aux.lemma == "do" or doc.tokens[verb].lower == "please":
        return False  # "did my tax return this morning", "does my head in": "do" is the deed; "do the dishes please"
    if aux.lemma == "do" and _a_chore_then_another(doc, aux, verb):
        return False  # "did the school run then went to work": the tagger made "run" the verb and "school" its subject
    for arc in doc.children(verb):
        if arc.label in SUBJECT_LABELS and arc.dep > aux.i:
            between = range(aux.i + 1, arc.dep)
            return all(any(aux.i < p.head <= arc.dep for p in doc.parents(k)) for k in between)
    return False


def _a_chore_then_another(doc: ParsedDoc, aux: Token, verb: int) -> bool:
    """"Did" before a chore named by two nouns, then another thing done ("did the school run then went to work",
    "did the food shop then picked up mum", "did the school run then the big shop"): "do" is the deed, the
    speaker's "I" dropped. A question's "did" has a bare verb and goes on with one ("did the kids eat then go to
    bed", "did the dog eat then?"); a past verb or a "then" and a noun after it are told."""
    if doc.tokens[verb].tag == "VBD":
        return True  # "went", "met": no verb after "did" is past
    after = [t for t in doc.tokens[aux.i + 1:] if t.sent == aux.sent and t.pos != "PUNCT"]
    return any(t.lower == "then" and k + 1 < len(after) and after[k + 1].tag in ("VBD", "DT", "PRP$")
               for k, t in enumerate(after))


# A copula's complements that say what its subject is like or is ("is your mum ok", "was the funeral nice"): with
# one, an inverted copula asks.
COPULA_PREDICATES = frozenset({"acomp", "attr", "oprd"})
# The speaker's own, which no one asks the date of ("is my birthday on friday")
FIRST_PERSON_OWNERS = frozenset({"my", "our"})


def _it_dropped_before_a_copula(doc: ParsedDoc, aux: Token) -> bool:
    """An inverted copula whose "it" chat dropped, told: "is my birthday on friday", "was my mums funeral last week"
    (it's my birthday on Friday: one's own event and its date), "was the consultant this time, she said it's all
    clear", "were the neighbours again, playing music till 3" (it was the neighbours again, run on past a comma),
    "is the 14th not the 15th" (a correction, not the Nth). "is your mum ok", "was the funeral nice", "is the shop
    open" and "is my mum ok" say what the subject is like, and ask; "is the wedding in june" asks too."""
    if aux.lemma != "be" or any(arc.label in ("aux", "auxpass") for arc in doc.parents(aux.i)):
        return False
    sentence = [t for t in doc.tokens if t.sent == aux.sent]
    if any(t.lower == "not" and t.i + 1 < len(doc.tokens) and doc.tokens[t.i + 1].tag in ("DT", "CD") for t in sentence):
        return True  # "is the 14th not the 15th"
    subject = next((arc.dep for arc in doc.children(aux.i) if arc.label in SUBJECT_LABELS and arc.dep > aux.i), None)
    if subject is None:
        subject = _a_definite_complement(doc, aux)  # "was the electrician, she's ...": the parse saw no subject
    if subject is None or _a_predicate_said(doc, aux, subject, sentence):
        return False
    owned = any(doc.tokens[arc.dep].lower in FIRST_PERSON_OWNERS  # "was my dads op": the parse may own a noun before it
                for k in range(aux.i + 1, subject + 1) for arc in doc.children(k) if arc.label == "poss")
    dated = any(t.ent in TIME_ENTITIES or t.lower in TIME_WORDS or t.lower in WEEKDAYS for t in sentence)
    return owned and dated or _runs_on_past_a_comma(doc, subject, sentence)


def opens_with_a_dropped_it(doc: ParsedDoc, start: int, end: int) -> bool:
    """Tokens ``start..end`` open their sentence with a copula whose "it" chat dropped, told
    (:func:`_it_dropped_before_a_copula`): "was the plumber, he's fixed the leak", "is my birthday on friday". Its
    subject is "it", never the speaker: "It was the plumber, ...", not "<name> was the plumber"."""
    words = [t for t in doc.tokens[start:end] if t.pos != "PUNCT"]
    if not words or words[0].i != doc.sentences[words[0].sent][0]:
        return False
    return _it_dropped_before_a_copula(doc, words[0])


# What makes a noun after a bare copula one thing known to both ("was the electrician", "was my turn to cook")
DEFINITE_DETERMINERS = frozenset({"the", "this", "that"})


def _a_definite_complement(doc: ParsedDoc, aux: Token) -> int | None:
    """The noun right after a subjectless copula that the parse made its complement, when it is definite or owned:
    "was the electrician, she's rewired the kitchen", "was my turn to cook yesterday" (it was ...). "was a nurse for
    years" names no known thing and stays the speaker's. The tagger may call a trade an adjective ("the cleaner")."""
    for arc in doc.children(aux.i):
        if arc.label != "attr" or arc.dep < aux.i or doc.tokens[arc.dep].pos not in ("NOUN", "PROPN", "ADJ"):
            continue
        if any(doc.tokens[d.dep].lower in DEFINITE_DETERMINERS and d.label == "det" or d.label == "poss"
               for d in doc.children(arc.dep)):
            return arc.dep
    return None


def _a_predicate_said(doc: ParsedDoc, aux: Token, subject: int, sentence: list[Token]) -> bool:
    """Before any comma, the copula says what its subject is or does: a complement ("is the shop open", "is she the
    one"), or an adjective or a verb the parse hung on the copula or after the subject ("were the kids good for
    you", "is my mum coming tomorrow"); "to cook" in "is my turn to cook tonight" is the subject's own."""
    comma = next((t.i for t in sentence if t.i > subject and t.text == ","), sentence[-1].i + 1)
    for t in sentence:
        if not subject < t.i < comma:
            continue
        up = [arc for arc in doc.parents(t.i) if arc.head == aux.i or arc.head == subject and arc.label == "amod"]
        if up and (t.pos in ("ADJ", "VERB", "AUX") or up[0].label in COPULA_PREDICATES):
            return True
    return False


def _runs_on_past_a_comma(doc: ParsedDoc, subject: int, sentence: list[Token]) -> bool:
    """After the subject, a comma and more told ("..., she said it's all clear", "..., playing music till 3"); not
    a question put after it ("is the party tonight, do you know")."""
    comma = next((t.i for t in sentence if t.i > subject and t.text == ","), None)
    after = [t for t in sentence if comma is not None and t.i > comma and t.pos != "PUNCT"]
    return bool(after) and after[0].lower not in CHAT_QUESTION_AUXILIARIES | WH_OPENERS


def _emoji(text: str) -> bool:
    """A token of symbols only ("👀", "😅"): chat ends a question with one as often as with a mark, so it is looked
    past for the mark that closes the sentence."""
    return bool(text) and all(unicodedata.category(c) in ("So", "Sk", "Mn", "Cf") for c in text)


def attribute(text: Phrase, speaker: Speaker, *, question: bool = False) -> Phrase:
    """Make a realised span say whose it is, without inventing content."""
    if question:
        return f"{speaker.name} asks: " + text.rstrip("?") + "?"
    if mentions_speaker(text.text, speaker):
        return text.capitalised()
    lead = text.text.split(" ", 1)[0]
    if lead and lead[0].isupper() and lead not in ("It", "This", "That", "The", "There", "We", "They", "He", "She", "You", "Our", "A", "An", "So"):
        return f"{speaker.name} noted: " + text
    return f"{speaker.name} noted: " + text.uncapitalised()


def _lowered_first(word: str) -> str:
    """A sentence's first word moved after "is": lower-cased, unless the turn shouts it ("GOING TO PARIS")."""
    return word if word.isupper() and len(word) > 1 else word[:1].lower() + word[1:]
