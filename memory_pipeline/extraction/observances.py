"""Named days of the year whose date a calendar gives, not their words: the feasts of the Christian year counted from
Easter, observances on a day fixed by a rule ("Remembrance Sunday", "Bonfire Night"), and festivals of lunar and
lunisolar calendars (Eid, Diwali, Chinese New Year, Hanukkah), kept as data for a span of years.

Each is found by a pattern (:data:`OBSERVANCE`, which the temporal resolver's holiday pattern takes in, so that "Good
Friday" is one name, not the plain weekday, and "Eid" or "Diwali" no person) and dated by :func:`observance_days`:
the days it falls on in the years asked about, from which the resolver picks the one the tense points to.
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

# Festivals of lunar and lunisolar calendars: the Gregorian first day of each, as published calendars and
# astronomical calculation give them for the years below (the Islamic ones by the Umm al-Qura calendar, which the
# Turkish Diyanet's calculated calendar matches for every year here; Diwali and Holi as India's gazetted holidays and
# Drik Panchang give them, in the North Indian reckoning most UK temples keep (in 2028 the Tamil calendar puts
# Deepavali on 15 November, a month after); Chinese New Year by the Chinese calendar; the Jewish ones by the
# arithmetic Hebrew calendar, each the day itself, begun at sundown the evening before). A festival that begins at
# the sighting of the moon may be kept a day either side of its date here, and each community keeps its own.
_RAMADAN_STARTS = (
    date(2019, 5, 6), date(2020, 4, 24), date(2021, 4, 13), date(2022, 4, 2), date(2023, 3, 23), date(2024, 3, 11),
    date(2025, 3, 1), date(2026, 2, 18), date(2027, 2, 8), date(2028, 1, 28), date(2029, 1, 16), date(2030, 1, 5),
    date(2030, 12, 26), date(2031, 12, 15), date(2032, 12, 4), date(2033, 11, 23), date(2034, 11, 12),
    date(2035, 11, 1), date(2036, 10, 20),
)
_EID_AL_FITR = (
    date(2019, 6, 4), date(2020, 5, 24), date(2021, 5, 13), date(2022, 5, 2), date(2023, 4, 21), date(2024, 4, 10),
    date(2025, 3, 30), date(2026, 3, 20), date(2027, 3, 9), date(2028, 2, 26), date(2029, 2, 14), date(2030, 2, 4),
    date(2031, 1, 24), date(2032, 1, 14), date(2033, 1, 2), date(2033, 12, 23), date(2034, 12, 12), date(2035, 12, 1),
    date(2036, 11, 19),
)
_EID_AL_ADHA = (
    date(2019, 8, 11), date(2020, 7, 31), date(2021, 7, 20), date(2022, 7, 9), date(2023, 6, 28), date(2024, 6, 16),
    date(2025, 6, 6), date(2026, 5, 27), date(2027, 5, 16), date(2028, 5, 5), date(2029, 4, 24), date(2030, 4, 13),
    date(2031, 4, 2), date(2032, 3, 22), date(2033, 3, 11), date(2034, 3, 1), date(2035, 2, 18), date(2036, 2, 7),
)
_ISLAMIC_YEARS = range(2019, 2037)
_DIWALI = (
    date(2019, 10, 27), date(2020, 11, 14), date(2021, 11, 4), date(2022, 10, 24), date(2023, 11, 12), date(2024, 10, 31),
    date(2025, 10, 20), date(2026, 11, 8), date(2027, 10, 29), date(2028, 10, 17), date(2029, 11, 5), date(2030, 10, 26),
    date(2031, 11, 14), date(2032, 11, 2), date(2033, 10, 22), date(2034, 11, 10), date(2035, 10, 30),
)
_HOLI = (
    date(2019, 3, 21), date(2020, 3, 10), date(2021, 3, 29), date(2022, 3, 18), date(2023, 3, 8), date(2024, 3, 25),
    date(2025, 3, 14), date(2026, 3, 4), date(2027, 3, 22), date(2028, 3, 11), date(2029, 3, 1), date(2030, 3, 20),
    date(2031, 3, 9), date(2032, 3, 27), date(2033, 3, 16), date(2034, 3, 5), date(2035, 3, 24),
)
_HINDU_YEARS = range(2019, 2036)
_CHINESE_NEW_YEAR = (
    date(2019, 2, 5), date(2020, 1, 25), date(2021, 2, 12), date(2022, 2, 1), date(2023, 1, 22), date(2024, 2, 10),
    date(2025, 1, 29), date(2026, 2, 17), date(2027, 2, 6), date(2028, 1, 26), date(2029, 2, 13), date(2030, 2, 3),
    date(2031, 1, 23), date(2032, 2, 11), date(2033, 1, 31), date(2034, 2, 19), date(2035, 2, 8), date(2036, 1, 28),
)
_ROSH_HASHANAH = (
    date(2019, 9, 30), date(2020, 9, 19), date(2021, 9, 7), date(2022, 9, 26), date(2023, 9, 16), date(2024, 10, 3),
    date(2025, 9, 23), date(2026, 9, 12), date(2027, 10, 2), date(2028, 9, 21), date(2029, 9, 10), date(2030, 9, 28),
    date(2031, 9, 18), date(2032, 9, 6), date(2033, 9, 24), date(2034, 9, 14), date(2035, 10, 4), date(2036, 9, 22),
)
_HANUKKAH = (
    date(2019, 12, 23), date(2020, 12, 11), date(2021, 11, 29), date(2022, 12, 19), date(2023, 12, 8), date(2024, 12, 26),
    date(2025, 12, 15), date(2026, 12, 5), date(2027, 12, 25), date(2028, 12, 13), date(2029, 12, 2), date(2030, 12, 21),
    date(2031, 12, 10), date(2032, 11, 28), date(2033, 12, 17), date(2034, 12, 7), date(2035, 12, 26), date(2036, 12, 14),
)
_PASSOVER = (
    date(2019, 4, 20), date(2020, 4, 9), date(2021, 3, 28), date(2022, 4, 16), date(2023, 4, 6), date(2024, 4, 23),
    date(2025, 4, 13), date(2026, 4, 2), date(2027, 4, 22), date(2028, 4, 11), date(2029, 3, 31), date(2030, 4, 18),
    date(2031, 4, 8), date(2032, 3, 27), date(2033, 4, 14), date(2034, 4, 4), date(2035, 4, 24), date(2036, 4, 12),
)
_HEBREW_AND_CHINESE_YEARS = range(2019, 2037)

# "holi" in chat is also a clipped "holiday" ("I'm going on holi next week", "back from holi", "my holi was amazing"):
# written small after "on", "from" or an owner's word it is the holiday; capitalised, or after any other word ("for
# holi", "playing holi", "holi is next week"), the festival.
_HOLI_NAMED = "(?:(?-i:Holi|HOLI)|" + "".join(
    rf"(?<!\b{word} )" for word in ("on", "from", "my", "our", "your", "his", "her", "their", "ur")
) + "holi)"

# (name, each one's first day and length in days, the years they cover). A bare "Eid" is either Eid: the one the
# tense points to. Ramadan runs from its first day up to Eid al-Fitr; Passover is the eight days kept outside Israel.
_EID_AL = r"eid(?:[- ](?:al|ul|el)[- ]|-)"
LUNAR: tuple[tuple[str, tuple[tuple[date, int], ...], range], ...] = (
    (r"ramadh?an|ramzan", tuple((start, (eid - start).days) for start, eid in zip(_RAMADAN_STARTS, _EID_AL_FITR)), _ISLAMIC_YEARS),
    (rf"{_EID_AL}fitr", tuple((d, 1) for d in _EID_AL_FITR), _ISLAMIC_YEARS),
    (rf"{_EID_AL}(?:adha|azha|zuha)|bakri? ?eid", tuple((d, 1) for d in _EID_AL_ADHA), _ISLAMIC_YEARS),
    (r"eid", tuple(sorted((d, 1) for d in _EID_AL_FITR + _EID_AL_ADHA)), _ISLAMIC_YEARS),
    (r"diwali|divali", tuple((d, 1) for d in _DIWALI), _HINDU_YEARS),
    (_HOLI_NAMED, tuple((d, 1) for d in _HOLI), _HINDU_YEARS),
    (r"(?:chinese|lunar) new year", tuple((d, 1) for d in _CHINESE_NEW_YEAR), _HEBREW_AND_CHINESE_YEARS),
    (r"rosh ha-?sh[ao]nah?", tuple((d, 2) for d in _ROSH_HASHANAH), _HEBREW_AND_CHINESE_YEARS),
    (r"yom kippur", tuple((d + timedelta(days=9), 1) for d in _ROSH_HASHANAH), _HEBREW_AND_CHINESE_YEARS),
    (r"c?hanukk?ah|chanukk?ah", tuple((d, 8) for d in _HANUKKAH), _HEBREW_AND_CHINESE_YEARS),
    (r"passover|pesach", tuple((d, 8) for d in _PASSOVER), _HEBREW_AND_CHINESE_YEARS),
)

# Days named but not dated: no calendar here gives their day with confidence (Vaisakhi is kept on 13 or 14 April by
# different reckonings; "Whitsun" is Pentecost to the Church but in the UK also the late May bank holiday and the
# half term around it). They are still one name, never a person nor a plain weekday.
UNDATED: tuple[str, ...] = (r"vaisakhi|baisakhi", r"whitsun")

# Every name above, as one pattern (each alternative tried in this order: "easter monday" before a holiday pattern
# that would stop at "easter", "chinese new year" before "new year").
OBSERVANCE = "(?:" + "|".join(
    [name for name, _ in FROM_EASTER] + [name for name, *_ in ON_A_DAY] + [name for name, _ in BY_A_RULE]
    + [name for name, *_ in LUNAR] + list(UNDATED)
) + ")"
_FROM_EASTER = [(re.compile(name, re.IGNORECASE), offset) for name, offset in FROM_EASTER]
_ON_A_DAY = [(re.compile(name, re.IGNORECASE), month, day) for name, month, day in ON_A_DAY]
_BY_A_RULE = [(re.compile(name, re.IGNORECASE), rule) for name, rule in BY_A_RULE]
_LUNAR = [(re.compile(name, re.IGNORECASE), days, years) for name, days, years in LUNAR]


def from_a_table(name: str) -> bool:
    """``name`` is a lunar festival (:data:`LUNAR`): its day comes from a table and may be kept a day or two apart
    where the moon is sighted late or the festival begins the evening before; a day counted or fixed by a rule is
    the same everywhere."""
    return any(pattern.fullmatch(name) for pattern, *_ in _LUNAR)


def observance_days(name: str, years: Iterable[int]) -> list[tuple[date, int]] | None:
    """The days the observance ``name`` (as :data:`OBSERVANCE` matches it) falls on in ``years``: each one's first day
    and its length in days, in order; None where it is no observance, is one left undated, or the table of a lunar
    festival does not cover every one of ``years`` (a day outside it is unknown, not absent)."""
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
    for pattern, days, covered in _LUNAR:
        if pattern.fullmatch(name):
            if not all(year in covered for year in years):
                return None
            return [(first, length) for first, length in days if first.year in years]
    return None
