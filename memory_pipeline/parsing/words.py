"""A memory's own parse, cut from the parse of the turn it came from, and stored with it.

A rules-built memory is the turn's own words, rewritten only where a pronoun becomes a name ("I" -> "Ana") or a
verb agrees with it ("am" -> "is"), and framed by words of our own ("Ana noted:"). Parsing that text again gave
the link and consolidation rules a second, worse reading of words the extractor had already parsed in context:
the frame became a clause of its own ("noted" a past-tense report, two clauses where the turn said one), and the
second parse cost as much model time as the first. Instead the extractor records which token of the turn each
word of the memory came from (:class:`Word`), and :func:`words_doc` cuts the memory's parse out of the turn's:
the same lemmas, tags, entity types and dependency arcs, re-indexed over the memory's words, with a pronoun
that became a name read as that name. The frame words have no token and are left out.

The parse travels as a plain record (:func:`doc_record`; its Arrow type is ``schemas.PARSE_TYPE``), so a later
step in another process reads it without a parser; :func:`slice_doc` and :func:`concat_docs` build the parse of a
unit from the sentences of the entries it keeps.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memory_pipeline.parsing.base import Arc, Entity, ParsedDoc, Token
from memory_pipeline.parsing.roles import Role

# Where a memory's text breaks into sentences: after . ! ? followed by space and an upper-case letter, a digit, a
# quote or a bracket (the extractor closes every realised unit with a full stop and capitalises what follows);
# not after a title that stands before a name ("Dr. Patel", "Mrs. Okafor"), whose full stop ends no sentence.
_TITLES = ("Dr", "Mr", "Mrs", "Ms", "Mx", "Prof", "Rev")
SENTENCE_BREAK = re.compile(
    "".join(rf"(?<!\b{title}\.)" for title in _TITLES) + r"(?<=[.!?])\s+(?=[\"'(A-Z0-9])"
)
POSSESSIVE = re.compile(r"['’]s?$")  # "Ana's", and "James'" for a name that ends in s
ROLES = {role.value: role for role in Role}

@dataclass(frozen=True, slots=True)
class Word:
    """One word of a memory's text and the token of the turn's parse it was written from."""

    source: int  # token index in the turn's parse
    at: int  # character offset in the memory's text
    length: int  # characters in the memory's text ("Ana's" for "my": 5)
    renamed: bool = False  # a pronoun written as the name of the one person it stands for

    def shifted(self, offset: int) -> Word:
        return Word(self.source, self.at + offset, self.length, self.renamed)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every sentence of ``text``, without surrounding whitespace, split at
    :data:`SENTENCE_BREAK`; empty pieces are left out."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in [*SENTENCE_BREAK.finditer(text), None]:
        end = match.start() if match else len(text)
        piece = text[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((start + lead, start + len(piece.rstrip())))
        if match:
            start = match.end()
    return spans


def words_doc(source: ParsedDoc, text: str, words: Sequence[Word]) -> ParsedDoc:
    """The parse of ``text`` (a memory) cut from ``source`` (the turn's parse) along ``words``.

    Tokens come in text order, each with its source token's lemma, POS, tag and entity type (a verb made to
    agree keeps its tag), except a renamed pronoun, which reads as the name it was written as (a proper noun,
    PERSON); a "we" written as several names keeps its pronoun's lemma. A dependency whose head is not
    among the words attaches to the nearest ancestor that is, within the same sentence of ``text``; each
    sentence's root is the head of its largest subtree (the others stay unattached, as fragments)."""
    words = sorted(words, key=lambda w: (w.at, w.source))
    sentence_of = _sentence_index(text, [w.at for w in words])
    tokens = tuple(_token(n, word, source.tokens[word.source], text, sentence_of[n]) for n, word in enumerate(words))
    copies: dict[int, list[int]] = {}
    for n, word in enumerate(words):
        copies.setdefault(word.source, []).append(n)
    arcs: dict[tuple[int, int], Arc] = {}  # one arc per pair: in a graph two parents may climb to one ancestor
    for n, word in enumerate(words):
        for arc in source.parents(word.source):
            head = _nearest_kept_ancestor(source, arc.head, copies, words, n, sentence_of)
            if head is not None and head != n:
                arcs.setdefault((head, n), Arc(head, n, arc.label, arc.role))
    return _assemble(text, tokens, list(arcs.values()))


def _token(n: int, word: Word, source: Token, text: str, sentence: int) -> Token:
    written = text[word.at : word.at + word.length]
    space = _space_after(text, word.at + word.length)
    if word.renamed:
        name = POSSESSIVE.sub("", written).lower()
        return Token(n, written, name, "PROPN", "NNP", word.at, space, "PERSON", sentence)
    return Token(n, written, source.lemma, source.pos, source.tag, word.at, space, source.ent, sentence)


def _space_after(text: str, end: int) -> str:
    gap = text[end : end + 1]
    return gap if gap.isspace() else ""


def _sentence_index(text: str, offsets: Sequence[int]) -> list[int]:
    spans = sentence_spans(text)
    out = []
    for at in offsets:
        out.append(next((k for k, (start, end) in enumerate(spans) if start <= at < end), max(len(spans) - 1, 0)))
    return out


def _nearest_kept_ancestor(
    source: ParsedDoc, head: int, copies: dict[int, list[int]], words: Sequence[Word], n: int, sentence_of: list[int]
) -> int | None:
    """The copy (closest in the text) of the nearest ancestor of a word that the memory keeps, in its sentence."""
    seen: set[int] = set()
    while head not in seen:
        seen.add(head)
        same_sentence = [k for k in copies.get(head, []) if sentence_of[k] == sentence_of[n]]
        if same_sentence:
            return min(same_sentence, key=lambda k: abs(words[k].at - words[n].at))
        parents = source.parents(head)
        if not parents:
            return None
        head = parents[0].head
    return None


def _assemble(text: str, tokens: tuple[Token, ...], arcs: Sequence[Arc]) -> ParsedDoc:
    """Sentences as token ranges and one root per sentence, from tokens in text order and their arcs."""
    sentences: list[tuple[int, int]] = []
    for token in tokens:
        if sentences and tokens[sentences[-1][0]].sent == token.sent:
            sentences[-1] = (sentences[-1][0], token.i + 1)
        else:
            sentences.append((token.i, token.i + 1))
    governed = {arc.dep for arc in arcs}
    children: dict[int, list[int]] = {}
    for arc in arcs:
        children.setdefault(arc.head, []).append(arc.dep)
    roots = []
    for start, end in sentences:
        tops = [k for k in range(start, end) if k not in governed]
        if tops:
            roots.append(max(tops, key=lambda k: (_subtree_size(k, children), -k)))
    return ParsedDoc(
        text=text,
        tokens=tokens,
        arcs=tuple(arcs),
        entities=_entities(tokens),
        sentences=tuple(sentences),
        roots=tuple(roots),
    )


def _subtree_size(k: int, children: dict[int, list[int]]) -> int:
    size, stack, seen = 0, [k], set()
    while stack:
        j = stack.pop()
        if j in seen:
            continue
        seen.add(j)
        size += 1
        stack.extend(children.get(j, []))
    return size


def _entities(tokens: Sequence[Token]) -> tuple[Entity, ...]:
    """Runs of adjacent tokens with one entity type (where the turn's entity boundaries are not kept)."""
    out: list[Entity] = []
    start = 0
    for k in range(1, len(tokens) + 1):
        if k == len(tokens) or tokens[k].ent != tokens[start].ent or tokens[k].sent != tokens[start].sent:
            if tokens[start].ent:
                text = " ".join(t.text for t in tokens[start:k])
                out.append(Entity(start, k, tokens[start].ent, text))
            start = k
    return tuple(out)


def slice_doc(doc: ParsedDoc, start: int, end: int) -> ParsedDoc:
    """The part of ``doc`` whose tokens start within characters ``start..end-1`` of its text, as a doc of its
    own over that text span (arcs that leave the span are dropped)."""
    kept = [t for t in doc.tokens if start <= t.idx < end]
    index = {t.i: n for n, t in enumerate(kept)}
    tokens = tuple(
        Token(n, t.text, t.lemma, t.pos, t.tag, t.idx - start, t.space, t.ent, t.sent) for n, t in enumerate(kept)
    )
    arcs = [Arc(index[a.head], index[a.dep], a.label, a.role) for a in doc.arcs if a.head in index and a.dep in index]
    return _assemble(doc.text[start:end], tokens, arcs)


def concat_docs(docs: Sequence[ParsedDoc], separator: str = " ") -> ParsedDoc:
    """One doc of several, their texts joined by ``separator``; each keeps its own sentences and arcs."""
    tokens: list[Token] = []
    arcs: list[Arc] = []
    text, sentence = "", 0
    for doc in docs:
        if text and doc.text:
            text += separator
        base, offset = len(tokens), len(text)
        sentences = {t.sent for t in doc.tokens}
        renumber = {s: sentence + k for k, s in enumerate(sorted(sentences))}
        tokens.extend(
            Token(base + t.i, t.text, t.lemma, t.pos, t.tag, t.idx + offset, t.space, t.ent, renumber[t.sent])
            for t in doc.tokens
        )
        arcs.extend(Arc(base + a.head, base + a.dep, a.label, a.role) for a in doc.arcs)
        text += doc.text
        sentence += len(sentences)
    return _assemble(text, tuple(tokens), arcs)


def doc_record(doc: ParsedDoc) -> dict:
    """``doc`` as a value of ``schemas.PARSE_TYPE`` (its text is the memory's own and is not repeated)."""
    return {
        "tokens": [
            {"text": t.text, "lemma": t.lemma, "pos": t.pos, "tag": t.tag, "ent": t.ent, "at": t.idx} for t in doc.tokens
        ],
        "arcs": [{"head": a.head, "dep": a.dep, "label": a.label, "role": a.role.value} for a in doc.arcs],
        "sentences": [[start, end] for start, end in doc.sentences],
        "roots": list(doc.roots),
    }


def doc_from_record(record: dict, text: str) -> ParsedDoc:
    """The :class:`ParsedDoc` a :func:`doc_record` value describes, over the memory's ``text``."""
    sentences = tuple((int(s[0]), int(s[1])) for s in record["sentences"])
    sentence_of = {k: n for n, (start, end) in enumerate(sentences) for k in range(start, end)}
    raw = record["tokens"]
    tokens = []
    for n, t in enumerate(raw):
        space = _space_after(text, t["at"] + len(t["text"]))
        tokens.append(
            Token(n, t["text"], t["lemma"], t["pos"], t["tag"], t["at"], space, t["ent"] or "", sentence_of.get(n, 0))
        )
    arcs = tuple(Arc(a["head"], a["dep"], a["label"], ROLES[a["role"]]) for a in record["arcs"])
    return ParsedDoc(
        text=text,
        tokens=tuple(tokens),
        arcs=arcs,
        entities=_entities(tokens),
        sentences=sentences,
        roots=tuple(int(r) for r in record["roots"]),
    )
