"""Word lists and parse-level cues the link and consolidation rules read from one memory.

Everything here works on the parser's representation (:class:`~memory_pipeline.parsing.ParsedDoc`): lemmas,
part-of-speech tags and dependency labels, so an inflected or paraphrased cue ("called it off", "cancelling",
"we're not going anymore") is found without listing surface forms. The lists are general English, not the
wording of any test conversation.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.parsing import ParsedDoc

FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"})
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
        "spring summer autumn fall winter christmas".split()
    )
)
# Verbs that carry little of what an event is about; two memories sharing only these share no event.
LIGHT_VERBS = frozenset(
    "be have do get go make take say tell think feel want plan will would can could shall should may might must "
    "let start begin keep try need seem look know see come give put use mean hope like love".split()
)
STOP_WORDS = frozenset(
    "a an the this that these those and or but so of in on at to for with from by about as into onto over "
    "very really just also too quite pretty much many more most some any all both each every other such "
    "own same lot lots thing things something anything everything stuff way kind sort bit one ones".split()
)

# Plans and intentions: a lemma that makes its clause future-directed, or the lemma pair of a phrase.
PLAN_LEMMAS = frozenset({"plan", "intend", "hope", "aim", "schedule", "arrange", "prepare"})
PLAN_PHRASES = (("go", "to"), ("want", "to"), ("look", "forward"), ("think", "about"), ("think", "of"), ("about", "to"))
MODAL_FUTURE = frozenset({"will", "shall", "'ll", "gonna"})

# A plan called off or postponed with no new date: lemma, or (verb lemma, particle or object lemma).
CANCEL_LEMMAS = frozenset({"cancel", "scrap", "abandon", "postpone", "shelve", "ditch", "skip", "axe"})
CANCEL_PHRASES = (("call", "off"), ("give", "up"), ("decide", "against"), ("put", "hold"), ("pull", "out"),
                  ("back", "out"), ("drop", "out"), ("fall", "through"))
# A negated future or present plan that ends it ("not going anymore", "won't go after all").
CANCEL_ADVERBS = frozenset({"anymore", "longer", "after all"})
# Denial of what was said: a negation governed by one of these.
DENIAL_HEADS = frozenset({"say", "mean", "plan", "intend", "true", "right", "correct"})
# Explicit corrections of an earlier statement, as lemma sequences.
CORRECTION_PHRASES = (
    ("actually",), ("correction",), ("i", "mean"), ("turn", "out"), ("instead",), ("rather",),
    ("reschedule",), ("push", "back"), ("bring", "forward"), ("postpone", "to"), ("postpone", "until"),
    ("wrong",), ("mistake",),
)
# Verbs that, in the passive, say an arranged event was changed ("got moved to Friday", "was changed to 5pm").
CHANGED_EVENT_VERBS = frozenset({"move", "change", "shift", "switch", "push", "bring", "delay"})
# A report that something was done.
COMPLETION_LEMMAS = frozenset({"finish", "complete", "manage", "attend", "accomplish", "achieve", "return", "win"})


@dataclass(frozen=True)
class Cue:
    """A cue found in a text: its kind and the verbatim span that shows it."""

    kind: str
    span: str


def lemmas(doc: ParsedDoc) -> list[str]:
    return [t.lemma.lower() for t in doc.tokens]


def find_phrase(doc: ParsedDoc, phrase: tuple[str, ...], gap: int = 2) -> tuple[int, int] | None:
    """Token range of ``phrase`` as lemmas (lower-cased words also match), allowing ``gap`` words between parts."""
    words = [(t.lemma.lower(), t.lower) for t in doc.tokens]
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
            return Cue(kind, doc.span_text(*found))
    return None


def negated_heads(doc: ParsedDoc) -> list[int]:
    """Tokens governing a negation (``neg`` arcs, or a negation word attached as a modifier); a negated adverb
    negates its verb too ("no longer lives": ``no`` hangs on ``longer``, which hangs on ``lives``)."""
    heads = []
    for arc in doc.arcs:
        word = doc.tokens[arc.dep].lower
        if arc.label == "neg" or (word in NEGATIONS and arc.label in ("advmod", "det")):
            heads.append(arc.head)
            if doc.tokens[arc.head].pos == "ADV":
                heads.extend(parent.head for parent in doc.parents(arc.head))
    return heads


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
        if token.pos == "VERB" and token.lemma.lower() in PLAN_LEMMAS:
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


def cancel_cue(doc: ParsedDoc) -> Cue | None:
    """A plan called off: cancel/call off/give up/..., a postponement without a new date, or a negated plan
    with anymore/no longer/after all."""
    for token in doc.tokens:
        lemma = token.lemma.lower()
        if lemma in CANCEL_LEMMAS and token.pos in ("VERB", "NOUN", "ADJ"):
            if lemma == "postpone" and _has_new_date(doc, token.i):
                continue
            return Cue("cancel", token.text)
    found = phrase_cue(doc, "cancel", CANCEL_PHRASES)
    if found is not None:
        return found
    text = doc.text.lower()
    if negated_heads(doc) and any(adverb in text for adverb in CANCEL_ADVERBS):
        for adverb in ("anymore", "no longer", "after all"):
            start = text.find(adverb)
            if start >= 0:
                return Cue("cancel", doc.text[start : start + len(adverb)])
    return None


def _has_new_date(doc: ParsedDoc, verb: int) -> bool:
    for arc in doc.children(verb):
        token = doc.tokens[arc.dep]
        if token.lower in ("to", "until", "till", "for"):
            return True
    return False


def correction_cue(doc: ParsedDoc) -> Cue | None:
    """An explicit correction: a correction word, or an arranged event changed in the passive."""
    found = phrase_cue(doc, "correction", CORRECTION_PHRASES)
    if found is not None:
        return found
    for token in doc.tokens:
        if token.lemma.lower() in CHANGED_EVENT_VERBS and any(a.label == "auxpass" for a in doc.children(token.i)):
            auxiliaries = [a.dep for a in doc.children(token.i) if a.label == "auxpass"]
            return Cue("correction", doc.span_text(min(auxiliaries + [token.i]), token.i + 1))
    return None


def denial_cue(doc: ParsedDoc) -> Cue | None:
    """A negation of saying, meaning, planning or being true: the speaker denies an earlier statement."""
    for head in negated_heads(doc):
        token = doc.tokens[head]
        if token.lemma.lower() in DENIAL_HEADS:
            start = min([head] + [a.dep for a in doc.children(head) if a.label in ("neg", "aux", "advmod")])
            return Cue("denial", doc.span_text(start, head + 1))
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


def content_lemmas(doc: ParsedDoc, names: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """What the memory is about: (content lemmas, the lemmas of things among them).

    Light verbs, stop words, time words, pronouns and the speaker's own name are left out, so two memories
    that share only "Maya went ... last week" share nothing. People are content words but not things: two
    memories about Tom are not about one event because both name him.
    """
    words: set[str] = set()
    nouns: set[str] = set()
    for token in doc.tokens:
        lemma = token.lemma.lower()
        if lemma.endswith("s") and lemma[:-1] in WEEKDAYS:
            lemma = lemma[:-1]
        if token.pos not in ("NOUN", "PROPN", "VERB", "ADJ") or not any(c.isalnum() for c in lemma):
            continue
        if lemma in LIGHT_VERBS or lemma in STOP_WORDS or lemma in TIME_WORDS or lemma in names:
            continue
        if token.lower in names or token.lower in FIRST_PERSON:
            continue
        words.add(lemma)
        if token.pos == "NOUN" or (token.pos == "PROPN" and token.ent != "PERSON"):
            nouns.add(lemma)
    return frozenset(words), frozenset(nouns)


def clause_count(doc: ParsedDoc) -> int:
    """Predicates that head their own clause: sentence roots, conjoined or paratactic verbs, and complement,
    adverbial or relative clauses with their own subject. A memory with one is a single fact."""
    own_subject = {a.head for a in doc.arcs if a.label in ("nsubj", "nsubjpass", "csubj", "expl")}
    count = len(doc.roots)
    for arc in doc.arcs:
        if doc.tokens[arc.dep].pos not in ("VERB", "AUX"):
            continue
        if arc.label in ("conj", "parataxis") or (arc.label in ("ccomp", "advcl", "relcl") and arc.dep in own_subject):
            count += 1
    return max(count, 1)
