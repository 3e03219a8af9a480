"""Who a clause is about, and what it is about: subjects and content words of one predicate's clause.

Shared by the slot rules (whose residence, whose appointment) and the plan rules (the event of a plan, of a
report, of a cancellation), so that "Ana is going to run the marathon" is compared with "Ana ran the
marathon" on the words of those clauses, not on everything else the two memories say.
"""

from __future__ import annotations

from collections.abc import Iterator

from memory_pipeline.grounding import in_law_end, third_person_referent
from memory_pipeline.parsing import ParsedDoc

SELF = "self"
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"})
SUBJECT_LABELS = ("nsubj", "nsubjpass", "csubj")
# Relations through which a predicate shares its head's subject ("going to run", "quit and moved").
SUBJECT_SHARING = ("xcomp", "conj", "acomp", "attr", "pcomp", "advcl")
HOUSEHOLD = frozenset({"family", "household"})
THIRD_PERSON = frozenset({"he", "she", "him", "her"})


def parent(doc: ParsedDoc, i: int) -> tuple[int, str] | None:
    parents = doc.parents(i)
    return (parents[0].head, parents[0].label) if parents else None


def heads_up(doc: ParsedDoc, i: int) -> Iterator[int]:
    """The tokens above ``i``, nearest first."""
    seen = {i}
    while (up := parent(doc, i)) is not None and up[0] not in seen:
        i = up[0]
        seen.add(i)
        yield i


def children(doc: ParsedDoc, i: int, *labels: str) -> list[int]:
    return [a.dep for a in doc.children(i) if not labels or a.label in labels]


def is_self_token(doc: ParsedDoc, i: int, names: frozenset[str]) -> bool:
    token = doc.tokens[i]
    # the lemma too: a stored parse reads a "we" written as names ("Ana and Ben") with its pronoun's lemma
    return token.lower in FIRST_PERSON or token.lemma.lower() in FIRST_PERSON or token.lower in names or token.lemma.lower() in names


def subject_of(doc: ParsedDoc, predicate: int, names: frozenset[str]) -> str:
    """Who the predicate is about: SELF for the speaker (first person, the speaker's name, or no subject at all:
    a memory is its speaker's), ``self's <noun>`` for the speaker's relative, else the subject's lemma."""
    subject = subject_token(doc, predicate)
    return SELF if subject is None else subject_key(doc, subject, names)


def subject_token(doc: ParsedDoc, predicate: int) -> int | None:
    """The predicate's subject, or the one it shares with the clause it hangs on ("going to run", "quit and
    moved"); ``None`` when there is none."""
    seen: set[int] = set()
    i = predicate
    while i not in seen:
        seen.add(i)
        subjects = children(doc, i, *SUBJECT_LABELS)
        if subjects:
            return subjects[0]
        up = parent(doc, i)
        if up is None or up[1] not in SUBJECT_SHARING:
            break
        i = up[0]
    return None


def subject_key(doc: ParsedDoc, i: int, names: frozenset[str]) -> str:
    group = [i] + children(doc, i, "conj")
    if any(is_self_token(doc, j, names) for j in group):
        return SELF
    owners = children(doc, i, "poss")
    token = doc.tokens[i]
    lemma = token.lower if token.pos == "PROPN" else token.lemma.lower()
    if in_law_end(doc, i) is not None:
        lemma += "-in-law"  # "my father in law died" is not the speaker's father
    if token.lower in THIRD_PERSON:
        # "Tom didn't like Denver, he moved back": the one other person named before the pronoun
        referent = third_person_referent(doc, tuple(names))
        if referent is not None and referent[2] <= i < referent[3]:
            return referent[0].split()[-1].lower()
    if owners and is_self_token(doc, owners[0], names):
        # "our family moved": the speaker's household is the speaker
        return SELF if lemma in HOUSEHOLD else f"{SELF}'s {lemma}"
    return lemma


def sentence_asks(doc: ParsedDoc, i: int) -> bool:
    """The sentence of token ``i`` has a question mark: it asks, whatever it also says ("Is the new deadline
    Friday?", "Does Sam do Mondays?"). The parse an entry carries has its words only, so the mark is looked for in
    the text between the sentence's last word and the next sentence too ("Is the landlord's offer £450 now?" had
    been read as telling the offer)."""
    start, end = doc.sentences[doc.tokens[i].sent] if doc.sentences else (0, len(doc.tokens))
    if any(t.text == "?" for t in doc.tokens[start:end]):
        return True
    if end <= start:
        return False
    following = doc.tokens[end].idx if end < len(doc.tokens) else len(doc.text)
    return "?" in doc.text[doc.tokens[end - 1].end : following]


def subtree(doc: ParsedDoc, i: int, skip: tuple[str, ...] = ()) -> list[int]:
    """Token ``i`` and everything it governs, leaving out dependents attached with a label in ``skip``."""
    out, stack = [], [i]
    while stack:
        j = stack.pop()
        if j in out:
            continue
        out.append(j)
        stack.extend(a.dep for a in doc.children(j) if a.label not in skip)
    return sorted(out)
