"""Named days of the year whose date a calendar gives, not their words: the feasts of the Christian year counted from
Easter, and observances on a day fixed by a rule ("Remembrance Sunday", "Bonfire Night").

Each is found by a pattern (:data:`OBSERVANCE`, which the temporal resolver's holiday pattern takes in, so that "Good
Friday" is one name, not the plain weekday) and dated by :func:`observance_days`: the days it falls on in the years
asked about, from which the resolver picks the one the tense points to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date, timedelta


def easter_sunday(year: int) -> date:
    """Western Easter Sunday of ``year`` (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    weekday_shift = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * weekday_shift) // 451
    month, day = divmod(h + weekday_shift - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _nth_sunday_from(first: date, n: int) -> date:
    """The ``n``-th Sunday on or after ``first``."""
    return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (n - 1))


# A lower-case "good friday" or "black friday" may be a Friday that was good or black ("we had a good friday night
# out", "have a good friday!", "a really good friday"): after an article or a word of degree the adjective is meant.
# Written with capitals it is the day's name, whatever stands before it ("a Good Friday service").
_AN_ADJECTIVE_AFTER = "".join(
    rf"(?<!\b{word} )" for word in ("a", "an", "another", "such", "very", "really", "pretty", "quite", "so", "super", "real", "proper")
)


def _named_friday(adjective: str) -> str:
    title = adjective.capitalize()
    return rf"(?:(?-i:{title} Friday|{adjective.upper()} FRIDAY)|{_AN_ADJECTIVE_AFTER}{adjective} friday)"


_SAINT = r"(?:st\.?|saint) "
_S = r"['’]?s"  # a possessive, its apostrophe straight, curly or left out ("st georges day")

# Days of the Christian year counted from Easter Sunday, as the Western churches and the Church of England keep
# them: (name, days from Easter). Mothering Sunday, the UK's Mother's Day, is the fourth Sunday of Lent, three
# weeks before Easter; "Easter Saturday" is said in the UK of the day before Easter.
FROM_EASTER: tuple[tuple[str, int], ...] = (
    (r"shrove tuesday|pancake day", -47),
    (r"ash wednesday", -46),
    (r"mothering sunday", -21),
    (r"palm sunday", -7),
    (r"maundy thursday|holy thursday", -3),
    (_named_friday("good"), -2),
    (r"holy saturday|easter saturday", -1),
    (r"easter monday", 1),
    (r"ascension day|ascension thursday", 39),
    (r"pentecost(?: sunday)?|whit sunday|whitsunday", 49),
    (r"whit monday|whitmonday", 50),
)

# Observances on one day of the year: (name, month, day).
ON_A_DAY: tuple[tuple[str, int, int], ...] = (
    (r"burns night", 1, 25),
    (rf"{_SAINT}david{_S} day", 3, 1),
    (rf"{_SAINT}(?:patrick|paddy){_S} day", 3, 17),
    (r"earth day", 4, 22),
    (rf"{_SAINT}george{_S} day", 4, 23),
    (r"all saints['’]? day", 11, 1),
    (r"bonfire night|guy fawkes (?:night|day)", 11, 5),
    (r"remembrance day|armistice day", 11, 11),
    (rf"{_SAINT}andrew{_S} day", 11, 30),
    (r"hogmanay", 12, 31),
)

# Observances on a weekday a rule sets: (name, the day in a year).
BY_A_RULE: tuple[tuple[str, Callable[[int], date]], ...] = (
    # the second Sunday of November, the one nearest Armistice Day
    (r"remembrance sunday", lambda year: _nth_sunday_from(date(year, 11, 1), 2)),
    # the day after the fourth Thursday of November (Thanksgiving in the US)
    (_named_friday("black"), lambda year: date(year, 11, 22) + timedelta(days=(3 - date(year, 11, 22).weekday()) % 7 + 1)),
    # the fourth Sunday before Christmas
    (r"advent sunday", lambda year: _nth_sunday_from(date(year, 11, 27), 1)),
)

# Days named but not dated: no calendar here gives their day with confidence ("Whitsun" is Pentecost to the Church
# but in the UK also the late May bank holiday and the half term around it). They are still one name, never a person nor a plain weekday.
UNDATED: tuple[str, ...] = (r"whitsun",)

# Every name above, as one pattern.
OBSERVANCE = "(?:" + "|".join(
    [name for name, _ in FROM_EASTER] + [name for name, *_ in ON_A_DAY] + [name for name, _ in BY_A_RULE]
    + list(UNDATED)
) + ")"
_FROM_EASTER = [(re.compile(name, re.IGNORECASE), offset) for name, offset in FROM_EASTER]
_ON_A_DAY = [(re.compile(name, re.IGNORECASE), month, day) for name, month, day in ON_A_DAY]
_BY_A_RULE = [(re.compile(name, re.IGNORECASE), rule) for name, rule in BY_A_RULE]


def observance_days(name: str, years: Iterable[int]) -> list[tuple[date, int]] | None:
    """The days the observance ``name`` (as :data:`OBSERVANCE` matches it) falls on in ``years``: each one's first day
    and its length in days, in order; None where it is no observance or one left undated."""
    years = list(years)
    for pattern, offset in _FROM_EASTER:
        if pattern.fullmatch(name):
            return [(easter_sunday(year) + timedelta(days=offset), 1) for year in years]
    for pattern, month, day in _ON_A_DAY:
        if pattern.fullmatch(name):
            return [(date(year, month, day), 1) for year in years]
    for pattern, rule in _BY_A_RULE:
        if pattern.fullmatch(name):
            return [(rule(year), 1) for year in years]
    return None
