"""Many regular expressions over one text, each scanned only where it can match.

The temporal finder runs some thirty case-insensitive patterns over every turn (segments, extraction) and every
memory (links, consolidation), and most texts contain no date at all. Python's ``re`` cannot skip ahead in a
case-insensitive pattern that starts at a word boundary, so each one tried every position of every text: about 1%
of ``run --all`` went to scans that found nothing.

:class:`RegexSet` reads each pattern's syntax tree once and finds the literals one of which every match must
contain ("ago" for "two weeks ago", one of the month names for a date, any digit for "the 22nd"). A text is folded
once, the literals it contains are looked up once, and a pattern whose literals are all absent is not scanned: it
could not have matched. The matches are those of the patterns themselves, on the text itself, in the same order,
so the set changes the speed and nothing else; a pattern whose tree it cannot read is always scanned.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

try:  # the parser ``re`` compiles with; its module was renamed in Python 3.11
    from re import _constants as _sre_constants
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - Python before 3.11
    import sre_constants as _sre_constants  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

# Stands for "some decimal digit" in a pattern's literals: checked with ``\d`` itself, so a digit of any script
# counts, as it does for the pattern. In capitals, so that no folded literal can be spelt the same.
DIGIT = "ANY DIGIT"
_ANY_DIGIT = re.compile(r"\d")

# Letters that ``re.IGNORECASE`` matches to an ASCII letter but that folding would not turn into it: the dotted
# and dotless i of Turkish (the long s and the Kelvin sign fold to "s" and "k" by themselves).
_FOLD_TO_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i"})


def fold(text: str) -> str:
    """``text`` as the literals are compared with it: case-folded, every letter a case-insensitive pattern would
    read as an ASCII one written as that letter."""
    return text.translate(_FOLD_TO_ASCII).casefold()


@dataclass(frozen=True)
class RegexSet:
    """Compiled patterns; :meth:`finditer` yields what ``pattern.finditer(text)`` would for each pattern in turn.
    ``needs`` holds each pattern's literals, one of which any of its matches contains (None: always scanned)."""

    patterns: tuple[re.Pattern, ...]
    needs: tuple[frozenset[str] | None, ...] = field(init=False)
    _words: tuple[str, ...] = field(init=False, repr=False)  # every literal but the digit mark, each looked up once
    _digit: bool = field(init=False, repr=False)  # whether any pattern needs a digit

    def __post_init__(self) -> None:
        needs = tuple(required_literals(pattern) for pattern in self.patterns)
        literals = {literal for need in needs if need for literal in need}
        object.__setattr__(self, "needs", needs)
        object.__setattr__(self, "_words", tuple(sorted(literals - {DIGIT})))
        object.__setattr__(self, "_digit", DIGIT in literals)

    @classmethod
    def of(cls, patterns: Iterable[re.Pattern]) -> RegexSet:
        return cls(tuple(patterns))

    def finditer(self, text: str) -> Iterator[re.Match]:
        present = self.literals_in(text)
        for pattern, need in zip(self.patterns, self.needs):
            if need is None or not need.isdisjoint(present):
                yield from pattern.finditer(text)

    def literals_in(self, text: str) -> set[str]:
        folded = fold(text)
        present = {word for word in self._words if word in folded}
        if self._digit and _ANY_DIGIT.search(text):
            present.add(DIGIT)
        return present


def required_literals(pattern: re.Pattern) -> frozenset[str] | None:
    """Folded literals (or :data:`DIGIT`) one of which every match of ``pattern`` contains, or None when no such set
    is read from its tree (then the pattern is always scanned). Only the set's choice among several candidates is a
    guess, which affects speed alone."""
    try:
        tree = _sre_parse.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError, RecursionError):  # a bytes pattern, or a tree this reader does not know
        return None
    return _required(tree)


def _required(items: Sequence) -> frozenset[str] | None:
    """The best literal set among the items of a sequence (each item must match, so any one's set will do)."""
    candidates: list[frozenset[str]] = []
    run = ""
    for op, value in items:
        if op is _sre_constants.LITERAL:
            run += chr(value)
            continue
        if run:
            candidates.append(frozenset({fold(run)}))
            run = ""
        found = _required_of(op, value)
        if found:
            candidates.append(found)
    if run:
        candidates.append(frozenset({fold(run)}))
    return max(candidates, key=_selectivity, default=None)


def _required_of(op, value) -> frozenset[str] | None:
    c = _sre_constants
    if op is c.SUBPATTERN:
        return _required(value[-1])
    if op is c.ATOMIC_GROUP:
        return _required(value)
    if op is c.BRANCH:
        branches = [_required(branch) for branch in value[1]]
        return None if any(not branch for branch in branches) else frozenset().union(*branches)
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        least, _, item = value
        return _required(item) if least >= 1 else None
    if op is c.IN and _only_digits(value):
        return frozenset({DIGIT})
    return None  # a class, a wildcard, a boundary or a look-around: no literal it must contain


def _only_digits(members) -> bool:
    c = _sre_constants
    return bool(members) and all(
        (op is c.CATEGORY and value is c.CATEGORY_DIGIT) or (op is c.RANGE and 48 <= value[0] <= value[1] <= 57)
        or (op is c.LITERAL and 48 <= value <= 57)
        for op, value in members
    )


def _selectivity(literals: frozenset[str]) -> tuple[int, int]:
    """Rarer sets first: the shortest literal decides (a three-letter word is in most texts, a month name in few);
    a digit counts as a four-letter word; then fewer literals."""
    shortest = min(4 if literal == DIGIT else len(literal) for literal in literals)
    return shortest, -len(literals)
