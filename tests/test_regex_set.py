"""RegexSet skips a pattern only where it could not have matched: the same matches as scanning every pattern."""

from __future__ import annotations

import re

import pytest

from memory_pipeline.extraction.regex_set import DIGIT, RegexSet, required_literals
from memory_pipeline.extraction.temporal import CUE_PATTERNS


def every_match(patterns, text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.re.pattern) for pattern in patterns for m in pattern.finditer(text)]


def set_matches(regex_set: RegexSet, text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.re.pattern) for m in regex_set.finditer(text)]


@pytest.mark.parametrize(
    ("pattern", "literals"),
    [
        (r"\b(?:\d+|a|an|two)\s+weeks?\s+ago\b", {"week"}),  # the longest literal the match must hold
        (r"\b(?:jan(?:uary)?|feb(?:ruary)?)\s+(?:the|a)\b", {"jan", "feb"}),  # one of the branches
        (r"\bthe\s+\d{1,2}(?:st|nd|rd|th)\b", {DIGIT}),  # a digit is rarer than "the"
        (r"(?:(?<=\bon )|(?<=\bby ))\d{1,2}/\d{1,2}", {DIGIT}),  # a look-behind needs nothing of the match
        (r"(?:last\s+)?Week", {"week"}),  # folded; an optional part needs nothing
        (r"\bSINCE\s+(?:[a-z]+)", {"since"}),
        (r"\b[0-9]{4}\b", {DIGIT}),
        (r"\\day", {"\\day"}),  # a backslash written out is a literal like any other, not the digit mark
    ],
)
def test_the_literals_every_match_must_contain(pattern, literals):
    assert required_literals(re.compile(pattern, re.IGNORECASE)) == literals


def test_a_written_out_backslash_d_is_found_where_there_is_no_digit():
    regex_set = RegexSet.of([re.compile(r"\\d")])
    assert [m.group() for m in regex_set.finditer(r"grep for \d in it")] == ["\\d"]


@pytest.mark.parametrize("pattern", [r"(?:foo)?\w+", r"\b[a-z]{3}\b", r"(?:yes|\w)", r".", r"(?:ab)*"])
def test_a_pattern_with_no_literal_it_must_contain_is_always_scanned(pattern):
    compiled = re.compile(pattern, re.IGNORECASE)
    assert required_literals(compiled) is None
    assert set_matches(RegexSet.of([compiled]), "no cue here") == every_match([compiled], "no cue here")


class CountingPattern:
    """A compiled pattern that counts its scans."""

    def __init__(self, pattern: str) -> None:
        self.compiled = re.compile(pattern, re.IGNORECASE)
        self.pattern, self.flags, self.scans = self.compiled.pattern, self.compiled.flags, 0

    def finditer(self, text: str):
        self.scans += 1
        return self.compiled.finditer(text)


def test_a_pattern_is_not_scanned_in_a_text_without_its_literals():
    ago, weekday = CountingPattern(r"\b\d+\s+days?\s+ago\b"), CountingPattern(r"\bon\s+(?:monday|friday)\b")
    regex_set = RegexSet.of([ago, weekday])
    assert [m.group() for m in regex_set.finditer("See you on Friday, it was 3 days ago")] == ["3 days ago", "on Friday"]
    assert (ago.scans, weekday.scans) == (1, 1)
    assert list(regex_set.finditer("Nothing dated in this one at all")) == []
    assert (ago.scans, weekday.scans) == (1, 1)
    assert regex_set.needs[0] == {DIGIT}
    assert list(regex_set.finditer("Agony in 3 days")) == []  # a digit is there, so that one is scanned, and fails
    assert (ago.scans, weekday.scans) == (2, 1)


# Letters a case-insensitive pattern reads as ASCII ones (Turkish dotted and dotless i, the long s, the Kelvin
# sign), full-width and Arabic-Indic digits (``\d`` matches any script's), curly apostrophes, upper case.
AWKWARD = [
    "ſince Monday",
    "SİNCE MONDAY, back \u0131n 3 weeks",
    "two wee\u212as ago",
    "on the \u0662\u0662nd",
    "on \uff13/\uff14",
    "see you on 3/22 or the 9th",
    "New Year\u2019s Eve, Valentine's Day, the week before 9 June 2023",
    "we leave on the 25th, not the 8th; back by mid-august or the end of next month",
    "TMRW or nxt wk, 2 wks ago, this wknd, sat night, in the autumn",
    "\U0001f389 Thanksgiving!! the day before yesterday \u2014 la\u017fst night",
    "",
]


@pytest.mark.parametrize("text", AWKWARD)
def test_the_temporal_cues_match_exactly_as_every_pattern_scanned(text):
    cues = RegexSet.of(CUE_PATTERNS)
    assert set_matches(cues, text) == every_match(CUE_PATTERNS, text)


def test_the_temporal_cues_match_exactly_as_every_pattern_scanned_on_the_dev_turns(locomo_dev):
    from memory_pipeline.ingest import read_source, turns_frame

    cues = RegexSet.of(CUE_PATTERNS)
    texts = [text for conversation in read_source(locomo_dev) for text in turns_frame(conversation)["text"].to_list()]
    found = [every_match(CUE_PATTERNS, text) for text in texts]
    assert sum(map(bool, found)) > 100  # the dev turns do date things
    assert [set_matches(cues, text) for text in texts] == found
