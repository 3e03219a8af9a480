"""From scored candidates to units: selection per clause, span widening, integrity checks, merging (seed 000, A.3).

A unit is one or more contiguous token ranges of the source (one per sentence it touches), so realisation is
always the source wording in source order. Selection takes candidates best first, up to Kc new units per clause;
a candidate that overlaps a unit already taken widens it instead. A first-person attitude predicate
(want, like, love, prefer, hate) is pulled into the unit of its nested action, so "I want to learn Japanese" is
never stored as "learns Japanese". Units that sit next to an anaphoric or contrastive continuation are merged,
as are all units of a turn that yields more than Kt.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.analysis.clauses import subtree
from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction.clauses import Clause, in_reaction_sentence, is_content, is_discourse_only, is_event_on_its_own
from memory_pipeline.extraction.lexicon import (
    ANAPHORA,
    ATTITUDE_VERBS,
    CONTRAST,
    FIRST_PERSON,
    GRADED_BY_SO,
    LEADING_FILLERS,
    MONEY_SIGNS,
    TRAILING_FILLERS,
    VAGUE_ACTORS,
    is_a_code,
)
from memory_pipeline.extraction.scoring import Candidate, an_answer_given, build_span, find_actor
from memory_pipeline.grounding import split_subject_head
from memory_pipeline.parsing import Arc, ParsedDoc, Role, Token

MIN_UNIT_WORDS = 3


@dataclass
class Unit:
    ranges: list[tuple[int, int]]  # token ranges [start, end), source order, at most one per sentence
    predicate: int
    score: float
    actor: int | None = None
    own_actor: bool = False

    @property
    def start(self) -> int:
        return self.ranges[0][0]

    def tokens(self) -> set[int]:
        return {k for a, b in self.ranges for k in range(a, b)}

    def overlaps(self, lo: int, hi: int) -> bool:
        return any(a < hi and lo < b for a, b in self.ranges)

    def absorb(self, doc: ParsedDoc, lo: int, hi: int) -> None:
        """Add tokens ``lo..hi-1``; ranges in the same sentence become one contiguous range."""
        sent = doc.tokens[lo].sent
        merged = False
        for n, (a, b) in enumerate(self.ranges):
            if doc.tokens[a].sent == sent:
                self.ranges[n] = (min(a, lo), max(b, hi))
                merged = True
                break
        if not merged:
            self.ranges.append((lo, hi))
        self.ranges.sort()


def trim(doc: ParsedDoc, lo: int, hi: int) -> tuple[int, int]:
    """Drop punctuation, conjunctions and fillers from the edges of a range, never cutting a written word."""
    while lo < hi and (
        doc.tokens[lo].pos in ("PUNCT", "CCONJ", "INTJ") or doc.tokens[lo].lower in LEADING_FILLERS
    ) and not _heads_what_follows(doc, lo, hi) and not _a_no_of_a_noun(doc, lo, hi) and not _so_of_degree(doc, lo, hi):
        lo += 1
    while hi > lo and (
        doc.tokens[hi - 1].pos in ("PUNCT", "CCONJ", "SCONJ") and doc.tokens[hi - 1].text not in ")\"'”’"
        and not is_a_code(doc.tokens[hi - 1])  # "I complained, ref ZX-4410": the tagger may call a code punctuation
        or doc.tokens[hi - 1].lower in TRAILING_FILLERS
    ):
        hi -= 1
    return whole_words(doc, lo, hi) if lo < hi else (lo, hi)


def _heads_what_follows(doc: ParsedDoc, k: int, hi: int) -> bool:
    """The word at ``k``, tagged an interjection, is the head of the words after it ("Sorry about yesterday",
    "Sorry for the late reply": "about yesterday" hangs on "Sorry"): the phrase's own word, not a filler before it,
    so cutting it leaves its complement alone ("about yesterday"). Chat's interjections and fillers stay fillers
    whatever hangs on them ("Oh yeah, we went", "Like in sports, ..."), and so does one with only other
    interjections or punctuation after it."""
    word = doc.tokens[k]
    return word.pos == "INTJ" and word.lower not in LEADING_FILLERS and any(
        k < arc.dep < hi and doc.tokens[arc.dep].pos not in ("PUNCT", "INTJ") for arc in doc.children(k)
    )


def _a_no_of_a_noun(doc: ParsedDoc, k: int, hi: int) -> bool:
    """The word at ``k`` is a "no" that determines a noun after it ("no emojis pls", which chat's tagger calls an
    interjection): cutting it says the opposite."""
    return doc.tokens[k].lower == "no" and any(arc.label == "det" and k < arc.head < hi for arc in doc.parents(k))


def _so_of_degree(doc: ParsedDoc, k: int, hi: int) -> bool:
    """The word at ``k`` is a "so" that grades the word after it, with which it makes one phrase ("so far we have 5
    volunteers", "so much fun"), no filler: cut, "far we have 5" had read as the name "Far"."""
    return doc.tokens[k].lower == "so" and k + 1 < hi and doc.tokens[k + 1].lower in GRADED_BY_SO and any(
        arc.head == k + 1 and arc.label == "advmod" for arc in doc.parents(k)
    )


def whole_words(doc: ParsedDoc, lo: int, hi: int) -> tuple[int, int]:
    """Widen a range to the written words (runs of text between spaces, within a sentence) its edge tokens
    belong to, without the punctuation at the words' outer edges.

    The parser splits some words into tokens ("Gonna" -> "Gon" + "na", "all-you-can-eat" -> seven tokens), and a
    parse that goes wrong on them can put the pieces in different phrases; a memory must still never start with
    "na" or "you-can-eat".
    """
    tokens = doc.tokens
    start, end = lo, hi
    while start > 0 and not tokens[start - 1].space and tokens[start - 1].sent == tokens[lo].sent:
        start -= 1
    while start < lo and tokens[start].pos == "PUNCT":
        start += 1
    while end < len(tokens) and not tokens[end - 1].space and tokens[end].sent == tokens[hi - 1].sent:
        end += 1
    while end > hi and tokens[end - 1].pos == "PUNCT":
        end -= 1
    return start, end


def is_fact_token(token: Token) -> bool:
    """A number, a currency sign, a code or a named entity other than a bare count or rank: a word no memory may
    lose."""
    return token.pos == "NUM" or token.text in MONEY_SIGNS or is_a_code(token) or bool(
        token.ent and token.ent not in ("ORDINAL", "CARDINAL"))


def widen(doc: ParsedDoc, lo: int, hi: int, clause: Clause, anchors: set[int]) -> tuple[int, int]:
    """Pull named entities, numbers, money and temporal expressions of the clause into the range."""
    for k in range(clause.start, clause.end):
        if k in anchors or is_fact_token(doc.tokens[k]):
            lo, hi = min(lo, k), max(hi, k + 1)
    return lo, hi


def with_split_subject(doc: ParsedDoc, lo: int, clause: Clause) -> int:
    """The range's start moved back over the first half of its subject, and over the inverted auxiliary before it,
    where the parse hung the two halves on two verbs ("Are you and Marta coming" had lost "Are you and")."""
    first = split_subject_head(doc, lo)
    if first is None:
        return lo
    heads = [a.head for a in doc.parents(first) if a.label in ("nsubj", "nsubjpass")]
    return max(clause.start, min([first, *heads]))


def passes_integrity(doc: ParsedDoc, lo: int, hi: int, cand: Candidate) -> bool:
    """Reject very short, discourse-only and incomplete copular realisations (seed 000, A.3)."""
    words = [t for t in doc.tokens[lo:hi] if t.pos != "PUNCT"]
    # "we broke up" and "said yes" ("they asked us to the stag. said yes") are news in two words
    short_news = is_event_on_its_own(doc, cand.predicate) or an_answer_given(doc, cand.predicate)
    if len(words) < MIN_UNIT_WORDS and not (len(words) == 2 and short_news):
        return False
    if is_discourse_only(doc, lo, hi) or in_reaction_sentence(doc, cand.predicate):
        return False
    token = doc.tokens[cand.predicate]
    if token.lemma == "be" and not cand.cue and not _a_babys_sex(doc, cand.predicate):
        actor = doc.tokens[cand.actor].lower if cand.actor is not None else ""
        if actor in VAGUE_ACTORS or not any(is_content(t) for t in words):
            return False
    if any(t.text in MONEY_SIGNS for t in doc.tokens[cand.clause.start : cand.clause.end]) and not any(
        t.text in MONEY_SIGNS for t in words
    ):
        return False
    return True


# States a headline gives a thing in one word, besides a participle: "refund pending", "visa approved".
HEADLINE_STATES = frozenset({"pending", "underway", "ongoing"})
# Sayings of the same shape, which tell no thing's state: "fingers crossed", "point taken".
SAYINGS_LIKE_HEADLINES = frozenset({("fingers", "crossed"), ("point", "taken"), ("message", "received"),
                                    ("mind", "blown"), ("noted", "thanks")})


def a_headline(doc: ParsedDoc, lo: int, hi: int) -> bool:
    """The range is a sentence of its own of a thing and its state, the verb "be" left out as in a headline
    ("application submitted!! did it last night", "out of stock. refund pending", "offer accepted"). The thing is a
    noun, not a pronoun nor an adverb ("it arrived", "finally done" are no headline); the tagger may call a noun
    opening a sentence a verb ("refund pending"). A thing of more words (:func:`_a_headlines_thing`: "pension
    transfer done!!", "the new boiler fitted") takes a participle or a state word, not a past ("my sister called"
    is a deed told in full)."""
    words = [t for t in doc.tokens[lo:hi] if t.pos != "PUNCT"]
    start, end = doc.sentences[doc.tokens[lo].sent]
    alone = all(t.pos == "PUNCT" for t in [*doc.tokens[start:lo], *doc.tokens[hi:end]])
    if not 2 <= len(words) <= HEADLINE_MAX_WORDS or not alone or (words[-2].lower, words[-1].lower) in SAYINGS_LIKE_HEADLINES:
        return False
    *thing, state = words
    if any(t.ent == "PERSON" for t in thing):
        return False  # "Tom called. Miss him so much": a person's deed, said in full, is the units' to judge
    if len(thing) > 1:
        return _a_headlines_thing(doc, thing) and (state.lower in HEADLINE_STATES or state.tag == "VBN")
    if state.lower in HEADLINE_STATES:
        return thing[0].pos in ("NOUN", "PROPN") or thing[0].tag == "VB"
    return thing[0].pos in ("NOUN", "PROPN") and state.tag in ("VBN", "VBD")  # "visa approved": tagged past


# A headline's words: its thing of at most three ("the new boiler", "pension transfer") and the state.
HEADLINE_MAX_WORDS = 4
# What may go before the noun of a headline's thing: "the", "my", "new", a noun of its kind ("council tax").
HEADLINE_DETERMINERS = frozenset({"the", "my", "our", "his", "her", "their", "this", "that"})


def _a_headlines_thing(doc: ParsedDoc, thing: list[Token]) -> bool:
    """The words name one thing: a noun last, and before it only an article or possessive, adjectives and nouns
    that modify it ("pension transfer", "the new boiler", "our council tax"), all of them hung on that noun."""
    head = thing[-1]
    if head.pos not in ("NOUN", "PROPN"):
        return False
    before = thing[:-1]
    return all(
        (t.lower in HEADLINE_DETERMINERS or t.pos in ("ADJ", "NOUN", "PROPN"))
        and any(a.head in {u.i for u in thing} for a in doc.parents(t.i))
        for t in before
    )


# What "it's ..." announces of a baby: "It's a girl!", "It's twins!".
BABYS_SEX = frozenset({"girl", "boy", "twins", "triplets"})


def _a_babys_sex(doc: ParsedDoc, be: int) -> bool:
    """"It's a girl!", "It's twins": the sex of a baby told, with nothing after the noun ("it's a boy thing" is
    not). A vague "it" and a copula are otherwise no fact, and the news had been dropped."""
    attributes = [a.dep for a in doc.children(be) if a.label == "attr"]
    return any(
        doc.tokens[k].lower in BABYS_SEX and not any(a.label in ("compound", "amod") for a in doc.children(k))
        and all(doc.tokens[j].pos in ("DET", "PUNCT") or j == k for j in range(be + 1, k + 1))
        and (k + 1 >= len(doc) or doc.tokens[k + 1].pos == "PUNCT")
        for k in attributes
    )


def select_units(
    doc: ParsedDoc, clause: Clause, candidates: list[Candidate], config: ExtractorConfig, anchors: set[int]
) -> list[Unit]:
    """Up to Kc units for one clause."""
    units: list[Unit] = []
    for cand in candidates:
        lo, hi = trim(doc, min(cand.span), max(cand.span) + 1)
        if lo >= hi:
            continue
        lo, hi = widen(doc, lo, hi, clause, anchors)
        lo, hi = trim(doc, with_split_subject(doc, with_its_adjective(doc, lo, cand.predicate, clause), clause), hi)
        hi = through_words_hung_on_a_hedge(doc, hi)
        host = next((u for u in units if u.overlaps(lo, hi)), None)
        if host is not None:
            host.absorb(doc, lo, hi)
            continue
        if len(units) >= config.clause_limit or not passes_integrity(doc, lo, hi, cand):
            continue
        units.append(Unit([(lo, hi)], cand.predicate, cand.score, cand.actor, cand.own_actor))
    for unit in units:
        keep_attitude(doc, unit, clause, config)
    return units


# Verbs of a hedge said after a statement, with "I" and nothing after: "it went well I think", "she did great I guess".
HEDGE_VERBS = frozenset({"think", "guess", "reckon", "suppose", "hope", "believe", "imagine", "bet"})


def through_words_hung_on_a_hedge(doc: ParsedDoc, hi: int) -> int:
    """The range's end moved over the adverbs or adjectives right after it that the parser hung on a hedge closing
    the sentence ("my speech went down well I think": "well" hung on "think", and the memory said "went down",
    the opposite); the hedge's "I think" is left to its own candidate. Not over a hedge with an object or clause of
    its own ("well I think we should go"), nor over punctuation ("it went. I think so")."""
    end = hi
    while end < len(doc) and doc.tokens[end].pos in ("ADV", "ADJ", "INTJ"):
        end += 1  # the parser may start a sentence at the adverb: no punctuation is between them
    if end == hi or end + 1 >= len(doc) or doc.tokens[end].lower != "i":
        return hi
    hedge = doc.tokens[end + 1]
    words = range(hi, end)
    after = [t for t in doc.tokens[end + 2 : doc.sentences[hedge.sent][1]] if t.pos != "PUNCT"]
    hung = all(any(a.head == hedge.i for a in doc.parents(k)) or any(a.head in words for a in doc.parents(k)) for k in words)
    said_alone = not after and hedge.lemma in HEDGE_VERBS and any(a.dep == end and a.label == "nsubj" for a in doc.children(hedge.i))
    return end if hung and said_alone else hi


def with_its_adjective(doc: ParsedDoc, lo: int, predicate: int, clause: Clause) -> int:
    """Where a range that opens on the "to" of an infinitive an adjective governs starts once it keeps that
    adjective ("Sad to lose you", "so sorry to hear about your dad", "glad to hear the surgery went well"): the
    feeling is what the sentence says, and without it the memory read "to lose Luis". So for an "-ing" after the
    preposition of an adjective or a noun said alone ("it's perfect for relaxing after work", "proud of you for
    starting your own business", "good luck with moving house"), which alone had read as the speaker's doing
    ("Leo is relaxing after work"); an "it", "that" or "this" the adjective is said of comes along with its verb.
    Whatever governs it, an "-ing" keeps a "without" before it ("got through the eulogy without crying" had become
    "David is crying")."""
    up = _governing_adjective(doc, lo, predicate)
    if up is None or not clause.start <= up.head < lo:
        return lo
    kept = up.dep if lo == predicate and doc.tokens[up.dep].lower == "without" else lo
    head = doc.tokens[up.head]
    if lo == predicate and head.lemma == "be":
        vague = _vague_subject_of(doc, up.head, clause)  # "it's handy for getting to work": "for" hangs on "'s"
        return min([up.head, *vague]) if vague else kept
    # "congrats to my sister on passing ...", "just back from visiting my parents", "done with studying for
    # today": a word said alone, with no subject, that the "-ing" hangs on
    said_alone = lo == predicate and (head.pos in ("NOUN", "INTJ", "ADV") or (
        head.tag == "VBN" and not any(a.label in ("nsubj", "nsubjpass", "aux", "auxpass") for a in doc.children(head.i))))
    if head.pos != "ADJ" and not said_alone:
        return kept
    governed = set(subtree(doc, up.head))
    if any(doc.tokens[k].pos not in ("ADV", "ADJ") and k not in governed for k in range(up.head + 1, lo)):
        return kept
    degree = [a.dep for a in doc.children(up.head) if a.label == "advmod" and clause.start <= a.dep < up.head]
    return min([up.head, *degree, *_vague_subject_of(doc, up.head, clause)])


def _vague_subject_of(doc: ParsedDoc, adjective: int, clause: Clause) -> list[int]:
    """The vague subject ("it", "that") of the "be" that ``adjective`` completes (or of ``adjective``, a "be"
    itself), and that verb: "it's" of "it's perfect for ..."; nothing for another subject ("I'm so sorry to hear
    ..." keeps its own unit)."""
    verb = adjective if doc.tokens[adjective].lemma == "be" else next(
        (a.head for a in doc.parents(adjective) if a.label == "acomp" and doc.tokens[a.head].lemma == "be"), None)
    if verb is None:
        return []
    subject = next((a.dep for a in doc.children(verb) if a.label == "nsubj"), None)
    if subject is None or doc.tokens[subject].lower not in VAGUE_ACTORS or not clause.start <= subject:
        return []
    return [subject, verb]


def _governing_adjective(doc: ParsedDoc, lo: int, predicate: int) -> Arc | None:
    """The arc from the word that governs a range opening on its predicate's "to" (an infinitive) or on the
    predicate itself, the "-ing" object of a preposition (the arc then from the preposition's head)."""
    if doc.tokens[lo].lower == "to":
        return next((a for a in doc.parents(predicate) if a.label in ("xcomp", "advcl")), None)
    if lo != predicate or doc.tokens[lo].tag != "VBG":
        return None
    preposition = next((a.head for a in doc.parents(predicate) if a.label == "pcomp"), None)
    return None if preposition is None else next((a for a in doc.parents(preposition) if a.label == "prep"), None)


def keep_attitude(doc: ParsedDoc, unit: Unit, clause: Clause, config: ExtractorConfig) -> None:
    """If the unit's predicate is the nested action of a first-person attitude predicate, include the attitude."""
    for arc in doc.parents(unit.predicate):
        head = doc.tokens[arc.head]
        if arc.role is not Role.CLAUSE or head.lemma not in ATTITUDE_VERBS:
            continue
        actor, own = find_actor(doc, head.i)
        if actor is None or doc.tokens[actor].lower not in FIRST_PERSON:
            continue
        if not clause.start <= actor < clause.end:
            continue
        span = build_span(doc, head.i, clause, config.clause_depth, config.noun_phrase_depth)
        lo, hi = trim(doc, min(span | {actor}), max(span | {actor}) + 1)
        unit.absorb(doc, lo, hi)
        unit.predicate, unit.actor, unit.own_actor = head.i, actor, own


def content_set(doc: ParsedDoc, unit: Unit) -> set[str]:
    return {doc.tokens[k].lower for k in unit.tokens() if is_content(doc.tokens[k])}


def suppress_near_duplicates(doc: ParsedDoc, units: list[Unit], threshold: float) -> list[Unit]:
    """Drop a unit whose content words overlap another's by ``threshold`` of the smaller set, where the two say it
    of one subject and both assert it or both deny it (:func:`_said_alike`)."""
    kept: list[Unit] = []
    for unit in units:
        words = content_set(doc, unit)
        duplicate = False
        for other in kept:
            other_words = content_set(doc, other)
            smaller = min(len(words), len(other_words))
            if smaller and len(words & other_words) / smaller >= threshold and _said_alike(doc, unit, other):
                duplicate = True
                if len(words) > len(other_words):
                    # keep the fuller wording, with its own predicate and subject: "I have to retake it. I booked
                    # the retake" had kept the first's borrowed subject, "Priya Priya booked the retake"
                    other.ranges, other.predicate = list(unit.ranges), unit.predicate
                    other.actor, other.own_actor = unit.actor, unit.own_actor
                break
        if not duplicate:
            kept.append(unit)
    return kept


def _said_alike(doc: ParsedDoc, unit: Unit, other: Unit) -> bool:
    """Of one subject, and both asserted or both denied: "I'm not pregnant. Tom's wife is pregnant" and "I'm
    pregnant. Tom's wife is pregnant too" are two facts, though every word of the first is in the second. The
    speaker's "I" and "we" are one subject; a unit without a subject may be of anyone's. Units that share tokens
    are one statement cut two ways, whatever their subjects."""
    if unit.tokens() & other.tokens():
        return True
    subjects = [doc.tokens[u.actor].lower for u in (unit, other) if u.actor is not None]
    if len(subjects) == 2 and subjects[0] != subjects[1] and not set(subjects) <= FIRST_PERSON:
        return False
    denied = [any(doc.tokens[k].lower in NEGATIONS for k in u.tokens()) for u in (unit, other)]
    return denied[0] == denied[1]


# ("no" is left out: "no joke", "no regrets" deny nothing said)
NEGATIONS = frozenset({"not", "n't", "never", "nt"})


def continues_previous(doc: ParsedDoc, unit: Unit) -> bool:
    """An anaphoric subject or a contrast cue at the unit's start ties it to the unit before it."""
    start = unit.start
    window = [doc.tokens[k].lower for k in range(max(0, start - 2), min(len(doc.tokens), start + 1))]
    if any(w in CONTRAST for w in window):
        return True
    return unit.actor is not None and doc.tokens[unit.actor].lower in ANAPHORA


def merge_units(doc: ParsedDoc, units: list[Unit], turn_limit: int) -> list[Unit]:
    """Merge on anaphora or contrast; beyond Kt units, merge everything into one (nothing is discarded)."""
    units = sorted(units, key=lambda u: u.start)
    merged: list[Unit] = []
    for unit in units:
        if merged and continues_previous(doc, unit):
            for lo, hi in unit.ranges:
                merged[-1].absorb(doc, lo, hi)
        else:
            merged.append(unit)
    if len(merged) > turn_limit:
        first = merged[0]
        for unit in merged[1:]:
            for lo, hi in unit.ranges:
                first.absorb(doc, lo, hi)
        merged = [first]
    return merged


def coverage(doc: ParsedDoc, start: int, realisation: str) -> tuple[int, int]:
    """(retained, total) content-token occurrences of the source from ``start`` on: a token counts as retained
    when its lowercase form is a substring of the lowercase realisation (seed 000, A.3; no lemmas, no word
    boundaries, repeated occurrences counted separately)."""
    haystack = realisation.lower()
    total = retained = 0
    for token in doc.tokens[start:]:
        if is_content(token):
            total += 1
            retained += token.lower in haystack
    return retained, total

