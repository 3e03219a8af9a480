"""Text that knows which token of the turn each of its words was written from.

The extractor builds a memory by cutting, rewriting and framing the turn's words; every step that used to take
and return a ``str`` takes and returns a :class:`Phrase`, so the finished memory carries a
:class:`~memory_pipeline.parsing.words.Word` for each word that came from the turn (and none for the frame words it
added). That is what lets a later stage read the memory from the turn's parse instead of parsing it again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from memory_pipeline.parsing.words import Word


@dataclass(frozen=True)
class Phrase:
    text: str = ""
    words: tuple[Word, ...] = ()

    def __add__(self, other: Phrase | str) -> Phrase:
        other = other if isinstance(other, Phrase) else Phrase(other)
        offset = len(self.text)
        return Phrase(self.text + other.text, self.words + tuple(w.shifted(offset) for w in other.words))

    def __radd__(self, other: str) -> Phrase:
        return Phrase(other) + self

    def __bool__(self) -> bool:
        return bool(self.text)

    @classmethod
    def join(cls, separator: str, phrases: Iterable[Phrase]) -> Phrase:
        out = Phrase()
        for n, phrase in enumerate(phrases):
            out = out + separator + phrase if n else phrase
        return out

    def with_first(self, change: Callable[[str], str]) -> Phrase:
        """The first character changed (upper- or lower-cased); the words after it move when the change alters its
        length ("ﬁ" -> "FI"), and a word that starts with it takes the new length."""
        first = change(self.text[:1])
        delta = len(first) - len(self.text[:1])
        if not delta:
            return Phrase(first + self.text[1:], self.words)
        words = tuple(
            Word(w.source, w.at, w.length + delta, w.renamed) if w.at == 0 else w.shifted(delta) for w in self.words
        )
        return Phrase(first + self.text[1:], words)

    def capitalised(self) -> Phrase:
        return self.with_first(str.upper)

    def uncapitalised(self) -> Phrase:
        """The first letter lower-cased, unless its word is written in capitals ("UCLA", "CALL ME") or is a name
        written for a pronoun ("your help" -> "Sam's help"): then the word stays as it is."""
        first_word = self.text.split(" ", 1)[0]
        if len(first_word) > 1 and first_word.isupper():
            return self
        if any(w.at == 0 and w.renamed for w in self.words):
            return self
        return self.with_first(str.lower)

    def rstrip(self, chars: str | None = None) -> Phrase:
        return self._clip(len(self.text.rstrip(chars)))

    def strip(self) -> Phrase:
        lead = len(self.text) - len(self.text.lstrip())
        kept = self._clip(len(self.text.rstrip()))
        return Phrase(kept.text[lead:], tuple(w.shifted(-lead) for w in kept.words if w.at >= lead))

    def _clip(self, end: int) -> Phrase:
        """The first ``end`` characters, with the words that lie wholly inside them."""
        return Phrase(self.text[:end], tuple(w for w in self.words if w.at + w.length <= end))
