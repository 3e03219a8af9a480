"""Gold answers of temporal questions, read as calendar intervals.

LoCoMo's temporal answers are short phrases anchored on an absolute date ("7 May 2023", "June 2023", "2022",
"The week before 9 June 2023", "The Friday before 15 July 2023", "The summer of 2022") with the annotators'
typos ("Januarty 5, 2024", "21Janury, 2022", "3` July 2023", "April.2023"). An answer with no absolute
anchor ("10 years ago", "four months") gives no interval: the evaluation cannot tell what it should overlap.
Intervals are half-open ``[start, end)`` at day resolution, in the conversation's own clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from difflib import SequenceMatcher

MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
SEASONS = {"spring": (3, 6), "summer": (6, 9), "fall": (9, 12), "autumn": (9, 12)}  # months [first, end)
# A misspelt month still names the month if it starts with the month's first three letters and is this close.
MONTH_SIMILARITY = 0.75

WORD = r"[a-z]+"
YEAR = r"((?:19|20)\d{2})"
DAY = r"(\d{1,2})"


@dataclass(frozen=True)
class Interval:
    """A half-open span of time ``[start, end)``."""

    start: datetime
    end: datetime

    @property
    def width(self) -> timedelta:
        return self.end - self.start

    def overlaps(self, other: Interval) -> bool:
        return self.start < other.end and other.start < self.end


def day_span(first: date, days: int = 1) -> Interval:
    start = datetime(first.year, first.month, first.day)
    return Interval(start, start + timedelta(days=days))


def month_span(year: int, month: int, months: int = 1) -> Interval:
    end_year, end_month = divmod(month - 1 + months, 12)
    return Interval(datetime(year, month, 1), datetime(year + end_year, end_month + 1, 1))


def month_number(word: str) -> int | None:
    """1-12 for a month name, its abbreviation, or a close misspelling; None for any other word."""
    for index, name in enumerate(MONTHS, start=1):
        if word == name or word == name[:3] or (word == "sept" and index == 9):
            return index
        if (
            len(word) > 3
            and word.startswith(name[:3])
            and SequenceMatcher(None, word, name).ratio() >= MONTH_SIMILARITY
        ):
            return index
    return None


def normalise_answer(answer: str) -> str:
    """Lower case, ordinals and glued digits split off, punctuation gone: ``"3June, 2022."`` -> ``"3 june 2022"``."""
    text = str(answer).lower()
    text = re.sub(r"(\d+)(?:st|nd|rd|th)\b", r"\1", text)
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)
    text = re.sub(r"([a-z])(\d)", r"\1 \2", text)
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return " ".join(_month_token(word) for word in text.split())


def _month_token(word: str) -> str:
    """Replace a month word by ``m<number>`` so the anchor patterns need not know spellings."""
    number = month_number(word) if word.isalpha() else None
    return f"m{number}" if number else word


MONTH = r"m(\d{1,2})"
ANCHORS = (
    ("day", re.compile(rf"\b{DAY} {MONTH} {YEAR}\b")),
    ("day_us", re.compile(rf"\b{MONTH} {DAY} {YEAR}\b")),
    ("month", re.compile(rf"\b{MONTH} {YEAR}\b")),
    ("year", re.compile(rf"\b{YEAR}\b")),
)


def parse_answer_interval(answer: str | int) -> Interval | None:
    """The calendar interval a temporal answer names, or None when it names no absolute date."""
    text = normalise_answer(str(answer))
    for kind, pattern in ANCHORS:
        match = pattern.search(text)
        if match is None:
            continue
        prefix = text[: match.start()].strip()
        if kind in ("day", "day_us"):
            day, month = (match.group(1), match.group(2)) if kind == "day" else (match.group(2), match.group(1))
            anchor = _safe_date(int(match.group(3)), int(month), int(day))
            if anchor is not None:
                return relative_to_day(prefix, anchor)
            return month_span(int(match.group(3)), int(month)) if 1 <= int(month) <= 12 else None
        if kind == "month":
            month, year = int(match.group(1)), int(match.group(2))
            return relative_to_month(prefix, year, month) if 1 <= month <= 12 else None
        return relative_to_year(prefix, int(match.group(1)))
    return None


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _count(word: str | None) -> int:
    if not word:
        return 1
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word, 1)


def relative_to_day(prefix: str, anchor: date) -> Interval:
    """Apply the qualifier before a day anchor: "the week before", "the friday before", "the weekend of", ..."""
    weekday = "|".join(WEEKDAYS)
    if m := re.search(rf"(?:\b({WORD}|\d+) )?weekends? before$", prefix):
        return weekend_before(anchor, _count(m.group(1)))
    if re.search(r"weekends? after$", prefix):
        return weekend_after(anchor)
    if re.search(r"weekend of$", prefix):
        return weekend_of(anchor)
    if m := re.search(rf"(?:\b({WORD}|\d+) )?weeks? before$", prefix):
        n = _count(m.group(1))
        return day_span(anchor - timedelta(days=7 * n), 7)
    if m := re.search(rf"(?:\b({WORD}|\d+) )?weeks? after$", prefix):
        n = _count(m.group(1))
        return day_span(anchor + timedelta(days=1 + 7 * (n - 1)), 7)
    if re.search(r"week of$", prefix):
        return day_span(anchor - timedelta(days=anchor.weekday()), 7)
    if m := re.search(rf"\b({weekday}) before$", prefix):
        return day_span(weekday_before(anchor, WEEKDAYS.index(m.group(1))))
    if m := re.search(rf"\b({weekday}) after$", prefix):
        return day_span(weekday_after(anchor, WEEKDAYS.index(m.group(1))))
    if m := re.search(rf"(?:\b({WORD}|\d+) )?\bdays? before$", prefix):
        return day_span(anchor - timedelta(days=_count(m.group(1))))
    return day_span(anchor)


def relative_to_month(prefix: str, year: int, month: int) -> Interval:
    """Apply the qualifier before a month anchor: "early", "late", "first weekend of", "last week of", ..."""
    whole = month_span(year, month)
    first = whole.start.date()
    last_day = (whole.end - timedelta(days=1)).day
    if re.search(r"first weekend of$", prefix):
        return day_span(weekday_after(first - timedelta(days=1), WEEKDAYS.index("saturday")), 2)
    if re.search(r"first week of$", prefix):
        return day_span(first, 7)
    if re.search(r"last week of$", prefix):
        return day_span(whole.end.date() - timedelta(days=7), 7)
    if re.search(r"\bearly$", prefix):
        return day_span(first, 10)
    if re.search(r"\bmid$", prefix):
        return day_span(first + timedelta(days=10), 10)
    if re.search(r"\b(late|end of)$", prefix):
        return day_span(first + timedelta(days=20), last_day - 20)
    return whole


def relative_to_year(prefix: str, year: int) -> Interval:
    """A year, or a season of it ("the summer of 2022")."""
    if m := re.search(rf"\b({'|'.join(SEASONS)})(?: of)?$", prefix):
        first, end = SEASONS[m.group(1)]
        return month_span(year, first, end - first)
    return Interval(datetime(year, 1, 1), datetime(year + 1, 1, 1))


def weekday_before(anchor: date, weekday: int) -> date:
    """The last given weekday strictly before ``anchor``."""
    return anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)


def weekday_after(anchor: date, weekday: int) -> date:
    """The first given weekday strictly after ``anchor``."""
    return anchor + timedelta(days=(weekday - anchor.weekday() - 1) % 7 + 1)


def weekend_before(anchor: date, count: int = 1) -> Interval:
    """The count-th Saturday-Sunday that ends before ``anchor`` (a Sunday anchor is not its own weekend)."""
    saturday = weekday_before(anchor - timedelta(days=1), WEEKDAYS.index("saturday"))
    return day_span(saturday - timedelta(days=7 * (count - 1)), 2)


def weekend_after(anchor: date) -> Interval:
    return day_span(weekday_after(anchor, WEEKDAYS.index("saturday")), 2)


def weekend_of(anchor: date) -> Interval:
    """The Saturday-Sunday nearest ``anchor``: its own weekend, the one just past (Mon, Tue) or the next one."""
    saturday_offset = {0: -2, 1: -3, 2: 3, 3: 2, 4: 1, 5: 0, 6: -1}[anchor.weekday()]
    return day_span(anchor + timedelta(days=saturday_offset), 2)
