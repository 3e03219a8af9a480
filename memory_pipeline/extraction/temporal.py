"""Temporal grounding at formation (seed 003: protect temporal anchors; seed 004: resolve deixis at formation).

Expressions are found from the parse (DATE/TIME entities) and from cheap patterns the tagger misses, then
resolved against the turn's own session time, never the wall clock, into a half-open interval
``[start, end)`` of naive datetimes. Fixed rules cover the forms conversations use most and those the generic
recogniser gets wrong or leaves open ("last year" is the calendar year, "the week before 9 June 2023",
"two weekends ago", seasons); everything else goes to Microsoft's recognizers-text, which is accurate offline but
costs milliseconds per call, so it is asked only about the expression itself and its model is built once per
:class:`TemporalResolver` and reused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from memory_pipeline.analysis.clauses import heads_up, subtree
from memory_pipeline.chat_spelling import CHAT_INTERJECTIONS, CHAT_TIME_WORDS, PLEASE_WORDS
from memory_pipeline.extraction.lexicon import (
    APPOINTMENT_NOUNS,
    ARRANGED_EVENT_NOUNS,
    BOOKED_TIME_NOUNS,
    CLIPPED_WORDS,
    LEADING_FILLERS,
    OCCASION_NOUNS,
    REGISTRATION_LEMMAS,
    SAME_IN_PAST,
    TAKEN_PART_IN,
    a_feeling_word,
)
from memory_pipeline.extraction.clauses import let_me_know, same_form_told_past
from memory_pipeline.extraction.observances import OBSERVANCE, easter_sunday, from_a_table, observance_days
from memory_pipeline.extraction.referents import PERSON_NOUNS
from memory_pipeline.extraction.regex_set import RegexSet
from memory_pipeline.parsing import Arc, ParsedDoc, Token

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january february march april may june july august september october november december".split()
)
MONTH_ABBR = {m[:3]: n + 1 for n, m in enumerate(MONTHS)} | {"sept": 9}
SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}  # first month of each season
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple": 2, "a couple": 2, "a couple of": 2, "couple of": 2,
}
# Vague counts become ranges: (fewest, most) units back.
VAGUE_COUNTS = {"few": (2, 4), "a few": (2, 4), "several": (3, 7), "many": (5, 15)}

_MONTH_IN_FULL = r"(?:january|february|march|april|may|june|july|august|september|sept|october|november|december)"
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_WEEKDAY_ABBR = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?"
WEEKDAY_ABBR = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "weds": "wednesday", "thu": "thursday",
                "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"}
_A_DAY = r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
# What may follow a lower-case day and month where no preposition said it is a date: the end, punctuation, a year,
# or a word that starts another phrase; not a verb ("the 5th may work") nor a noun ("2 march flowers")
_A_MONTH_ENDS = (
    r"(?=\s*(?:$|[^\w\s]|\s+(?:(?:19|20)\d\d|and|or|to|for|at|in|on|from|next|this|last|then|now|so|but|until|till|"
    r"instead|too|again|fyi|btw|lol|tho|though|please|pls|ok|okay|right|hopefully|probably|maybe)\b))"
)
_ORDINAL_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_SUFFIXED_DAY = r"\d{1,2}(?:st|nd|rd|th)"
# Words before an ordinal that make it a place in a race, not a day ("came 2nd not 3rd", "finished 4th")
_NOT_A_PLACE = "".join(rf"(?<!\b{word} )" for word in ("came", "come", "finished", "finish", "placed", "ranked", "got", "in"))
# A day with its month, either way round: "September 12", "the 14th of February", "28 February".
_DAY_OF_MONTH = rf"(?:{_MONTH}\s+{_ORDINAL_DAY}|(?:the\s+)?{_ORDINAL_DAY}\s+(?:of\s+)?{_MONTH})"
_RANGE_TO = r"(?:to|through|thru|till|until|-|–)"
# two days written as ordinals, from one to the other ("20th to 31st") or a pair after "the" ("the 2nd and 3rd"; a
# bare "2nd and 3rd" is mostly a rank: "she came 2nd and 3rd")
_TWO_ORDINAL_DAYS = (rf"(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)\s*{_RANGE_TO}|the\s+\d{{1,2}}(?:st|nd|rd|th)\s+and)"
                     rf"\s*(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)")
TWO_ORDINAL_DAYS = re.compile(_TWO_ORDINAL_DAYS, re.IGNORECASE)
_YEAR = r"(?:19|20)\d\d"
_SLASHED_DAY = r"\d{1,2}/\d{1,2}(?:/(?:\d{4}|\d{2}))?"
YEAR_RANGE = re.compile(rf"\b(?:between\s+{_YEAR}\s+and\s+{_YEAR}|{_YEAR}\s*{_RANGE_TO}\s*(?:{_YEAR}|\d\d))\b", re.IGNORECASE)

# The stretch since the talk before: "since we last talked", "since I last saw you", "since our last chat", "since
# the last time we spoke". The words after the pronoun are kept apart: a memory says "Leo and Sam" for the "we".
SINCE_WE_LAST_TALKED = re.compile(
    r"\bsince\s+(?:(?:we|i|you)\s+(?P<verb>last\s+(?:talked|spoke|chatted|caught\s+up|messaged|texted|met|saw))"
    r"(?:\s+(?:each\s+other|(?:to\s+)?(?:you|u)))?|(?:our|my|your)\s+(?P<talk>last\s+(?:chat|talk|conversation|call|catch[- ]?up))"
    r"|the\s+last\s+time\s+(?:we|i|you)\s+(?P<time>(?:talked|spoke|chatted|caught\s+up|met)))\b",
    re.IGNORECASE,
)

# (the observances first: "Easter Monday", "Chinese New Year" are names of their own, not "Easter", "New Year")
_HOLIDAY = (
    rf"(?:{OBSERVANCE}|valentine'?s day|new year(?:'?s)?(?: eve| day)?|christmas(?: eve| day)?|boxing day|thanksgiving|halloween|"
    r"independence day|mother'?s day|father'?s day|memorial day|labor day|easter(?: sunday| weekend)?)"
)
# A holiday's name where it begins: what it is called after is no person ("Valentine" of "Valentine's Day").
HOLIDAY = re.compile(rf"{_HOLIDAY}\b", re.IGNORECASE)
# An observance the calendar dates (:mod:`observances`), as the resolver reads it: "last/this/next" may stand before,
# and "week" or "weekend" after it ("the eid weekend", "diwali week": the week or weekend of its day)
AN_OBSERVANCE = re.compile(rf"(?:(last|this|next|the) )?({OBSERVANCE})(?: (week|weekend))?", re.IGNORECASE)
_COUNT = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a couple|couple of|a few|few|several|many)"
_UNIT = r"(?:day|week|weekend|month|year)s?"
_LENGTH_WORD = r"(?:day|week|month|year)s?"  # a unit that is only a length: a weekend is also a time
# "a week", "per month": the period of a rate ("five days a week", "two months per year")
_PER_PERIOD = r"(?:a|an|per|each|every)\s+(?:day|week|weekend|fortnight|month|year)\b"

# (a "sat", "sun" or "wed" that may be the verb or the thing opens one only before a dash or "to": "the car sat until
# Thursday", "we sat through sunday mass" are none)
_WEEKDAY_RUN = (rf"(?:(?:{_WEEKDAY}|(?!(?:sat|sun|wed)\b){_WEEKDAY_ABBR})\s*(?:to|through|thru|till|until|-|–)"
                rf"|(?:sat|sun|wed)\.?\s*(?:-|–|to))\s*(?:{_WEEKDAY}|{_WEEKDAY_ABBR})(?![\w'])")
_CHAT_DAY = r"(?:tmrw|tmr|tmrow|tmw|2moro|2morrow|2mrw|tonite|2nite|2day|yday|ystrdy)"
_CHAT_UNIT = r"(?:wknd|wkend|wks?|mnths?|yrs?)"


def _stretchable(words: tuple[str, ...]) -> str:
    """A pattern of ``words`` with any letter typed many times over ("yesterdayyy", "NEXT WEEKKKK", "tomorrowww")."""
    return "(?:" + "|".join("".join(f"{re.escape(c)}+" for c in word) for word in words) + ")"


# Time words as chat stretches them for emphasis; :func:`_spelled_out` writes them back
_STRETCHED_DAYS = ("yesterday", "today", "tonight", "tomorrow")
_STRETCHED_UNITS = ("weekend", "week", "month", "year", *(f"{d}day" for d in ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")))
STRETCHED = {word: re.compile(rf"\b{_stretchable((word,))}\b", re.IGNORECASE) for word in _STRETCHED_DAYS + _STRETCHED_UNITS}


def _after_preposition(pattern: str, prepositions: tuple[str, ...]) -> str:
    """``pattern`` where one of ``prepositions`` comes before it, the preposition not part of the match
    (Python's look-behind takes fixed widths only, so one per preposition)."""
    behind = "|".join(rf"(?<=\b{word} )" for word in prepositions)
    return rf"(?:{behind}){pattern}"


# Words that name the date a thing no longer holds on, right before it ("back on the 15th now, not the 8th", "7 March
# instead of the 21st", "the 9th rather than the 2nd"): that date is the one replaced (:func:`replaced_dates`).
REPLACED_BEFORE = ("not", "instead of", "rather than")
# Words a date a thing was moved to follows ("pushed back to the 9th", "moved it to the 3rd")
MOVED_TO = ("back to", "moved to", "pushed to", "changed to", "shifted to", "forward to", "bumped to", "postponed to",
            "delayed to", "moved it to", "moved us to", "moved me to", "moved them to", "moved him to", "moved her to",
            "pushed it to")

# A short weekday before a day of the month ("thurs 25th", "sat the 19th", "fri 17 oct"): the day with a suffix or
# a month; with neither, only a number no clock hour can be ("fri 17", not "drinks sat 8" nor "sat 10 to 2"). Not a
# place after a verb "sat" ("I sat 2nd", "we sat 3rd row"), nor "the sun" ("the sun 1st thing"), as a rank's
# nouns keep out the ordinals of a date.
_NOT_SAT_BY_SOMEONE = "".join(rf"(?<!\b{word} )" for word in ("i", "we", "he", "she", "they", "you", "it", "who", "the"))
SHORT_WEEKDAY_AND_DAY = (
    rf"{_NOT_SAT_BY_SOMEONE}\b(?:{_WEEKDAY_ABBR}|weds\.?)\s+(?:the\s+)?"
    rf"(?:{_SUFFIXED_DAY}\b(?!\s+(?:floor|place|round|century|grade|year|time|row|thing)\b)(?:\s+(?:of\s+)?{_MONTH}\b)?"
    rf"|{_A_DAY}\s+(?:of\s+)?{_MONTH}\b|(?:1[3-9]|2\d|3[01])(?=\s*(?:$|[,;!?)]|\.(?!\d))))"
)

# A length from a day, said after "for": a stay that starts that day ("off for two weeks from Monday", "away for a
# fortnight from 21 June", "for 10 days from the 3rd").
LASTING_FROM = re.compile(
    rf"(?:{_COUNT}\s+{_UNIT}|(?:a|one)\s+fortnight)\s+from\s+(?:tomorrow|(?:this\s+|next\s+)?{_WEEKDAY}"
    rf"|(?:the\s+)?{_ORDINAL_DAY}(?:\s+(?:of\s+)?{_MONTH})?|{_MONTH}\s+{_A_DAY})\b",
    re.IGNORECASE,
)

# Patterns for expressions the entity tagger tends to miss; matched on the turn text, case-insensitively.
CUE_PATTERNS = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\b(?:the day before yesterday|yesterday|today|tonight|tomorrow|last night|this (?:morning|afternoon|evening))\b",
        rf"\b(?:the\s+)?(?:last|this coming|this|next|past|coming|this past)\s+(?:few\s+)?(?:{_UNIT}|{_WEEKDAY}|summer|winter|spring|fall|autumn)\b",
        rf"\b{_COUNT}\s+{_UNIT}\s+ago\b",
        # "three weeks back", as "ago"; not a way back somewhere ("two days back home", "a week back at work")
        rf"\b{_COUNT}\s+{_UNIT}\s+back\b(?!\s+(?:to|from|home|in|into|at|on|up|then|when|with)\b)",
        rf"\b(?:in|within)\s+(?:(?:about|around|roughly|approximately|nearly|almost|just|only)\s+)?{_COUNT}\s+{_UNIT}\b",
        # the date may be "the 9th of June" or "the 9 June" too ("the week before the 9 June birthday")
        # or a holiday ("the week before Christmas", "the day after Thanksgiving")
        rf"\bthe\s+(?:week|weekend|day|morning|afternoon|evening|night|{_WEEKDAY})\s+(?:before|after|of)\s+(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|{_MONTH}\s+\d{{1,2}}|(?:(?:last|this|next)\s+)?{_HOLIDAY}\b)(?:,?\s+\d{{4}})?",
        rf"\b(?:since|in)\s+(?:{_MONTH}\s+)?(?:19|20)\d\d\b",
        rf"\b(?:on|last|this|next)\s+{_WEEKDAY}\b",
        # a weekday or a day of the month a deadline is set against ("no later than friday", "not later than the
        # 14th"), and a weekday right after the hour of it ("by 5pm friday", "at noon saturday"; with "on" between,
        # each is its own and the hour takes the day), which lower-case chat hides from the tagger
        _after_preposition(rf"(?:{_WEEKDAY}|the\s+\d{{1,2}}(?:st|nd|rd|th))\b", ("later than", "sooner than", "earlier than")),
        rf"(?<![-–])\b(?:\d{{1,2}}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|noon|midday|midnight)\s+{_WEEKDAY}\b",
        rf"\b{_WEEKDAY},?\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)\b",  # "Saturday the 22nd", which the tagger cuts short
        # the same with the weekday cut short, as chat and rotas write it ("thurs 25th", "sat 19th", "fri 17 oct"):
        # one day, the 25th that is a Thursday, where the abbreviation alone had been the coming Thursday and the
        # day lost (:data:`SHORT_WEEKDAY_AND_DAY`)
        SHORT_WEEKDAY_AND_DAY,
        # a range of days from a day of a month ("September 12 to 16", "the 14th of February to the 18th"),
        # which the tagger cuts short or recognizers-text reads without its last day
        rf"\b{_DAY_OF_MONTH}\s*{_RANGE_TO}\s*(?:{_DAY_OF_MONTH}|(?:the\s+)?{_ORDINAL_DAY})\b(?:,?\s+(?:19|20)\d\d\b)?",
        # two days that share the month said after the last ("the 6th to 13th of June", "the 14th and 15th of
        # May"), which recognizers-text reads without the last day or the tagger reads as the last day alone
        rf"\b(?:the\s+)?{_ORDINAL_DAY}\s*(?:{_RANGE_TO}|and)\s*(?:the\s+)?{_ORDINAL_DAY}\s+(?:of\s+)?{_MONTH}\b(?:,?\s+(?:19|20)\d\d\b)?",
        # a range of years, which the tagger and recognizers-text cut into its two years ("from 2019 to 2021",
        # "2015-2018", "between 2010 and 2014"); the second year may be cut short ("2019-21")
        YEAR_RANGE.pattern,
        SINCE_WE_LAST_TALKED.pattern,
        # two days of a month not named, read as of the month the days are in ("away from the 3rd to the 10th"); with
        # no "from" both written as ordinals ("20th to 31st", "the 16th to the 18th", "the 2nd and 3rd"), as "5 to 10"
        # is a count
        _after_preposition(rf"the\s+{_ORDINAL_DAY}\s*{_RANGE_TO}\s*(?:the\s+)?{_ORDINAL_DAY}\b(?!\s+(?:of\s+)?{_MONTH})",
                           ("from",)),
        rf"\b{_TWO_ORDINAL_DAYS}\b(?!\s+(?:of\s+)?{_MONTH})",
        # a stay of nights from a day ("two nights from Friday", "4 nights from the 26th"): that day to the last morning
        rf"\b{_COUNT}\s+nights?\s+from\s+(?:tomorrow|(?:this\s+|next\s+)?{_WEEKDAY}|the\s+\d{{1,2}}(?:st|nd|rd|th))\b",
        r"\bthe other day\b",
        r"\bthese days\b",
        rf"\bsince\s+(?:{_MONTH}|{_WEEKDAY}|last\s+(?:{_UNIT}|{_WEEKDAY}|summer|winter|spring|fall|autumn))\b",
        rf"\b(?:last|this|next|on)\s+{_WEEKDAY_ABBR}\b",
        # chat's spellings: "tmrw", "this wknd", "nxt wk", "2 wks ago"; a weekday abbreviation that is no other
        # word ("thurs", "tues", "weds", "fri"; "mon" only away from an apostrophe: "c'mon"), or any one before a
        # part of the day ("sat night")
        rf"\b{_CHAT_DAY}\b",
        # (not beside the day it closes: "EOD Friday", "by EOD tomorrow", "monday EOD" are that day's)
        rf"(?<!day )(?<!tomorrow )(?<!tmrw )\b(?:eod|eow|eom)\b(?!\s+(?:on\s+)?(?:{_WEEKDAY}|{_WEEKDAY_ABBR}|tomorrow|tmrw|today|tonight|yesterday|the\s+\d|{_MONTH})\b)",
        # a run of weekdays ("I've got the kids Tuesday to Thursday", "Mon-Wed"), which the tagger cuts in two
        rf"\b(?:from\s+)?{_WEEKDAY_RUN}(?:\s+(?:this|next)\s+week\b)?",
        rf"\b{_stretchable(_STRETCHED_DAYS)}\b",
        # a weekday stretched on its own ("see you fridayyyy"); unstretched, the tagger finds it
        rf"\b(?=[a-z]*([a-z])\1\1){_stretchable(_STRETCHED_UNITS[4:])}\b",
        rf"\b(?:last|this|next|nxt|on)\s+{_stretchable(_STRETCHED_UNITS)}\b",
        rf"\b(?:last|this|next|nxt|past|coming)\s+(?:{_CHAT_UNIT}|{_UNIT}|{_WEEKDAY}|{_WEEKDAY_ABBR})(?![\w'])",
        rf"\b{_COUNT}\s+{_CHAT_UNIT}\s+ago\b",
        r"\b(?:thurs|thur|tues|weds|fri)\b|(?<![\w'’])mon\b(?!['’])",
        rf"\b{_WEEKDAY_ABBR}\s+(?:night|morning|evening|afternoon)\b",
        rf"\b(?:(?:last|this|next)\s+)?{_HOLIDAY}\b",
        # a day of the month or a month after a preposition, which the tagger misses in lower-case chat ("we leave
        # on the 25th", "before the 20th", "end of august"); the preposition stays outside the expression
        # ("in the 4th" is a quarter or an inning, not a day); "booked for the 26th"
        _after_preposition(r"the\s+\d{1,2}(?:st|nd|rd|th)\b", ("on", "by", "before", "after", "until", "till", "from", "since", "for")),
        # the date replaced, which the tagger reads as an ordinal there ("not the 8th")
        _after_preposition(r"the\s+\d{1,2}(?:st|nd|rd|th)\b", REPLACED_BEFORE),
        # a day of the month set against the one it replaces ("it's the 31st not the 24th", "the 9th, not the 2nd"),
        # not a place in a race ("came 2nd not the 3rd")
        rf"{_NOT_A_PLACE}(?:\bthe\s+)?\b{_SUFFIXED_DAY}(?=,?\s+(?:{'|'.join(REPLACED_BEFORE)})\s+(?:the\s+)?{_SUFFIXED_DAY}\b(?!\s+(?:floor|place|round|century|grade|year|time)))",
        # the date a thing was moved to ("got pushed back to the 9th"; "to the 5th" alone may be a floor)
        _after_preposition(r"the\s+\d{1,2}(?:st|nd|rd|th)\b(?!\s+(?:floor|place|round|century|grade|year|time))", MOVED_TO),
        # the day a date now is ("the new date is the 17th", "it's now the 9th"): the same ordinals of a rank kept out
        _after_preposition(r"the\s+\d{1,2}(?:st|nd|rd|th)\b(?!\s+(?:floor|place|round|century|grade|year|time|one|of|in|week|"
                           r"day|month|most|best|worst|largest|biggest|[a-z]+est)\b)",
                           ("date is", "date's", "day is", "is now", "'s now", "it's", "it is")),
        _after_preposition(rf"(?:(?:early|mid|late)[- ])?{_MONTH}\b(?!\s+(?:i|we|you|he|she|they|be)\b)",
                           ("on", "by", "before", "after", "until", "till", "in", "from", "since", "of")),
        # a part of a month with no preposition, which lower-case chat hides from the tagger ("late march works for
        # me", "mid april then?"), as "late March" is found; not the modal ("leaving early may be better")
        rf"(?<!running )(?<!running\s\s)\b(?:early|mid|late)[- ]{_MONTH}\b(?!\s+(?:i|we|you|he|she|they|be|have|not|starts?|is|was)\b)",
        # a day "of" its month, which the tagger cuts in two when the month is "May" (also a modal): "the 5th"
        # and "May" had been two expressions, the first dated in the month the turn was said; "of" is required,
        # since "the 5th may work" is the modal
        rf"\b(?:the\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th))\s+of\s+{_MONTH}\b",
        rf"\b(?:the\s+)?(?:end|beginning|start|middle)\s+of\s+{_MONTH}\b",
        r"\b(?:the\s+)?(?:end|beginning|start|middle)\s+of\s+(?:(?:the|this|next|last)\s+)?(?:week|month|quarter|year)\b(?!\s+\d)",
        r"\b(?:this|next|last)\s+quarter\b",
        # a decade after a preposition ("I grew up in the 90s"), which the tagger takes for a number
        _after_preposition(r"the\s+(?:early\s+|late\s+|mid[- ]?)?(?:(?:19|20)?\d0'?s|'\d0s)\b",
                           ("in", "during", "since", "through", "from", "by", "until", "till")),
        # a day and its month in lower-case chat ("pushed back to 15 august", "flights on 16 may"); "may" is the
        # month only where no verb follows it ("the 5th may work" is the modal), and a bare number only where no
        # noun does ("2 march flowers"); a day with its suffix before any other month is one whatever follows
        # ("missing the 10k on the 14th dec obviously", "9th sept suits everyone")
        rf"\b(?:{_NOT_A_PLACE}(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\s+(?:of\s+)?(?!(?:may|march)\b){_MONTH}\b"
        rf"|(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b{_A_MONTH_ENDS})",
        # and the month first ("moved up to nov 20", "due jan 9"), not a time ("may 5:30"); "may" and "march", which
        # are verbs too, only where a phrase ends after the day ("may 5 people come" is the modal)
        rf"\b(?:(?!(?:may|march)\b){_MONTH}\s+{_A_DAY}\b(?!\s*[:.]\d)|(?:may|march)\s+{_A_DAY}\b{_A_MONTH_ENDS})",
        # a run of months ("refunding £60 for july to september", "jan-mar"), which the tagger and recognizers-text
        # read as the first month alone; not the modal ("may to")
        rf"\b{_MONTH}\s*{_RANGE_TO}\s*(?!may\s+(?:i|we|you|he|she|they|be|have|not)\b){_MONTH}\b",
        # a quarter of the year ("target is Q3", "in Q1 2027")
        r"\b[qQ][1-4](?:\s+(?:19|20)\d\d)?\b",
        # working days ahead ("in 3 business days")
        rf"\b(?:in|within)\s+{_COUNT}\s+(?:business|working)\s+days?\b",
        # the British "at the weekend", which the tagger leaves out ("i'll renew it at the weekend")
        _after_preposition(r"the\s+weekend\b", ("at",)),
        # a season after a preposition ("in the autumn", "by spring"), which the tagger leaves out
        _after_preposition(r"(?:the\s+)?(?:summer|winter|spring|fall|autumn)\b",
                           ("in", "by", "over", "during", "until", "till", "since", "before", "after")),
        r"\b(?:earlier|later)\s+this\s+(?:week|month|year)\b",
        rf"\b{_COUNT}\s+{_UNIT}\s+from\s+(?:now|today)\b",
        # counted from a day ahead ("two weeks from Friday", "a week from tomorrow"); after "for" it is a stay that
        # starts then ("off for two weeks from Monday", "away for a fortnight from 21 June"): the days from that day
        # for that long (:data:`LASTING_FROM`), where the day alone had dated it
        rf"(?<!\bfor ){_COUNT}\s+{_UNIT}\s+from\s+(?:tomorrow|(?:this\s+|next\s+)?{_WEEKDAY})\b",
        _after_preposition(LASTING_FROM.pattern, ("for",)),
        # the British "a week on Friday", "a week today", "Friday week", "tomorrow week": a week after that day; "a
        # fortnight on Saturday", "Saturday fortnight": two
        rf"\b(?:a|one)\s+(?:week|fortnight)\s+(?:on\s+)?(?:today|tomorrow|{_WEEKDAY})\b",
        rf"\b(?:{_WEEKDAY}|tomorrow)\s+(?:week|fortnight)\b",
        r"\b(?:in\s+)?(?:a|one)\s+fortnight(?:\s+ago)?\b",
        rf"\b(?:the\s+)?(?:week|weekend|{_WEEKDAY})\s+after\s+next\b",
        # and the one before last, where "last" names nothing after it ("the week before last Christmas" does)
        rf"\b(?:the\s+)?(?:week|weekend|{_WEEKDAY})\s+before\s+last\b"
        rf"(?!\s+(?:{_UNIT}|{_WEEKDAY}|{_MONTH}|{_HOLIDAY}|summer|winter|spring|fall|autumn|night|time)\b)",
        # "the first weekend of june", "the last friday of next month", which lower-case chat hides from the tagger
        rf"\b(?:the\s+)?(?:first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(?:week|weekend|{_WEEKDAY})\s+(?:of|in)\s+(?:{_MONTH}|(?:this|next|last)\s+month)\b",
        # a numeric date, month first (en-us), after a preposition: "the party is on 3/22"; a bare "1/2" or "24/7"
        # is a fraction or a rate
        _after_preposition(rf"{_SLASHED_DAY}\b", ("on", "by", "before", "after", "until", "till", "from", "since")),
        # two such dates, from one to the other ("from 12/11 to 19/11"): one stay, not two days; not scores out of
        # ten ("from 7/10 to 3/10"), nor, with dots, times ("from 9.30 to 10.15")
        _after_preposition(rf"(?!\d{{1,2}}/10\b){_SLASHED_DAY}\s*{_RANGE_TO}\s*{_SLASHED_DAY}\b(?!\s+of\b)", ("from",)),
        # a date written with dots, day first: with its year anywhere ("15.06.2024"), without it only written in
        # full after "on" ("on 04.06"), since "3.5" and "12.50" are amounts and "by 10.10" or "to 11.10" times
        rf"\b\d{{1,2}}\.\d{{1,2}}\.{_YEAR}\b",
        _after_preposition(r"(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\b(?!\.\d|\s*(?:am|pm)\b)", ("on",)),
    )
]
# The cue patterns as one set, each scanned only in a text that has a literal its matches need (most have none).
CUES = RegexSet.of(CUE_PATTERNS)
# Habitual, age and other non-anchoring uses of date words: not temporal anchors.
NON_ANCHOR = re.compile(
    r"\b(?:every|each|daily|weekly|monthly|yearly|annually|once a|twice a|times a|per)\b|"
    r"(?:years?|months?|weeks?|days?) old|(?:year|month|week|day)-old|"
    # a period sized by a count of units, which is a kind of period, not one of them ("a four-day week" at work)
    rf"^(?:(?:a|an|the|my|our)\s+)?(?:\d+|{_COUNT})-(?:hour|day|week|month)\s+(?:week|month|year)s?$|"
    # a count of units per unit is a rate ("five days a week" said as one expression)
    rf"\b{_COUNT}\s+{_UNIT}\s+{_PER_PERIOD}|"
    r"^24/7$|"
    # an age by its decade, when the tagger takes the possessive in ("our early 50s")
    r"^(?:my|his|her|our|their|your)\s+(?:early\s+|late\s+|mid[- ]?)?\d0'?s$|"
    # an amount per period ("1400 a month", "300 per week"): money or a count, not a year
    r"^\d+(?:[.,]\d+)?\s+(?:a|an|per|each|every)\s+(?:day|week|fortnight|month|year)$|"
    # a length made an adjective ("30-day terms", "a two-week course"): how long something lasts, not when
    rf"^(?:a\s+)?{_COUNT}-(?:day|week|month|year|night)$|"
    r"\bage\b|^(?:the\s+)?(?:one|some|a|the|all|that|this|whole|entire)?\s*(?:day|days|time|night)$|^someday$|"
    # a time the talk named before ("away that weekend", "in Rome that week"): not this one nor the last
    r"^(?:that|those)\s+(?:week|weekend|month|summer|winter|spring|autumn|fall|morning|afternoon|evening)s?$|"
    rf"^(?:on\s+)?(?:{_WEEKDAY}|weekend)s$|"
    # parts of the day in the plural, alone or after a weekday ("Monday mornings", "evenings"): a habit
    r"\b(?:mornings|afternoons|evenings|nights)$|"
    # bare plural units ("for years", "so many days", "our days"): durations with no anchor
    r"^(?:the|our|my|his|her|their|so many|many|for|these|those|all)?\s*(?:years|months|weeks|days|nights)$|"
    # hours and minutes: a length or a time of day, never which day ("for about an hour", "in 20 minutes")
    r"\b(?:hours?|minutes?|seconds?)$|"
    # evaluative days ("a long day", "the big day"): which day is not said; "(my) last day (at Acme)" is a
    # day of something else, not yesterday
    r"^(?:a|an|the|our|my|that)\s+(?!other\s+day$)(?:\w+\s+)?day$|^(?:first|last|final)\s+day$|"
    # a stretch counted from a start of one's own ("first month at the new company", "my second year at uni"):
    # how far into something, not which month; "the first week of March" names one and is matched whole
    r"^(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+|your\s+)?(?:first|second|third|fourth|fifth|sixth|"
    r"\d{1,2}(?:st|nd|rd|th))\s+(?:week|month|year|semester|term)s?$|"
    # a bare small number is an age or a count, not a date ("since I was 17"); "9-5" is working hours
    r"^(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty)$|^\d{1,2}\s*-\s*\d{1,2}$",
    re.IGNORECASE,
)
# A length counted from another event ("two days before the op", "the week after my op", "six weeks after the op",
# "12 weeks post-op"): what it counts from follows it. When that is a date of the turn, the two are one expression
# ("two days before the 11th"); otherwise its date is said elsewhere or not at all, and the session day, from
# which the length alone would be counted, is no stand-in for it.
OFFSET = re.compile(
    rf"(?:(?:about|around|roughly|some|almost|nearly|over|just|only)\s+)?"
    rf"(?:{_COUNT}(?:\s*(?:to|or|-|–)\s*{_COUNT})?\s+{_UNIT}|(?:a|one)\s+fortnight|(?:the\s+)?(?:week|weekend|day|{_WEEKDAY}))",
    re.IGNORECASE,
)
OFFSET_FROM = re.compile(r"\s*(?:before|after|from|post-(?=\w))", re.IGNORECASE)
# The same with nothing after it ("remind me the day before", "two days after, she rang"): counted from a date said
# in another turn or not at all, which the session day is no stand-in for (it had been the day before the session).
OFFSET_FROM_UNSAID = re.compile(rf"(?:{OFFSET.pattern}|the\s+night)\s+(?:before|after)", re.IGNORECASE)
# A range of counts of one unit ("10-12 weeks", "2 to 3 months"), and one after "in" or "within", which counts ahead
LENGTH_RANGE = re.compile(rf"(?:(?:about|around|roughly|maybe)\s+)?\d+\s*(?:-|–|to)\s*\d+\s+{_UNIT}", re.IGNORECASE)
LENGTH_RANGE_AHEAD = re.compile(rf"(in|within) (\d+)\s*(?:-|–|to)\s*(\d+) ({_UNIT})", re.IGNORECASE)
# Words after a length that make it the time still to run ("three days until the move", "two weeks away", "two days
# to go", "only a week left"): ahead of the session in talk that is not past.
STILL_TO_RUN_AFTER = re.compile(r"\s+(?:until|till|'?til|left|away|to go|from now)\b", re.IGNORECASE)
# "In three years" after "the first time" or a first told in the perfect ("first time in 3 years", "the first
# holiday I've had in 3 years"): the stretch behind, which it is the first of (:func:`_the_first_in`).
IN_A_LENGTH = re.compile(rf"in\s+{_COUNT}\s+{_UNIT}", re.IGNORECASE)
FIRSTS = frozenset({"first", "only", "best", "worst", "longest", "happiest", "biggest"})
# A length one has, or was given, to do a thing in ("I have three months to do the corrections", "we've got two
# weeks to decide", "I have three months for the corrections"): the time from now on, as "left" says.
TIME_GIVEN_BEFORE = re.compile(r"\b(?:have|has|'ve|got|given)\s+(?:(?:only|just)\s+)?$", re.IGNORECASE)
TIME_GIVEN_AFTER = re.compile(
    r"\s+(?:to\s+(?!the\b|a\b|an\b|my\b|your\b|our\b|his\b|her\b|their\b)[a-z]|"
    # or what it is for ("I have three months for the corrections", "we've got two weeks for the move")
    r"for\s+(?:the|my|your|our|his|her|their|this|that)\b)",
    re.IGNORECASE,
)
# What makes a count of units after it a length added to one that runs now ("for another three months", "a further
# two weeks"): it goes on from the session, not up to it.
_MORE = r"(?:another|a further|an additional|an extra)"
MORE_LENGTH = re.compile(rf"{_MORE} {_COUNT} {_UNIT}", re.IGNORECASE)
# A count of units alone ("two weeks", "3 months", "another two weeks"): how long, which the tense places.
# A count or a span of counts ("6-8 weeks", "4 to 6 weeks")
_COUNTS = rf"(?:\d+\s*(?:-|–|to)\s*\d+|{_COUNT})"
BARE_LENGTH = re.compile(rf"(?:(?:about|around|roughly|nearly|almost|over|up to|like|{_MORE}) )?{_COUNTS} {_UNIT}", re.IGNORECASE)
# What makes a count of units before it an amount of something ("20 days of work"), not a stretch of time.
AMOUNT_OF = re.compile(rf"\s+of\s+(?!(?:the|this|next|last|that|{_MONTH}|{_WEEKDAY})\b)[a-z]", re.IGNORECASE)
# What makes a count of units before it a rate ("five days a week", "two months per year"): how often, like "three
# times a week", not a stretch of time.
RATE_OF = re.compile(rf"\s+{_PER_PERIOD}", re.IGNORECASE)
# ... and a count of units "in" a period, a rate or a product's terms ("15 days in a month" of travel on a pass)
RATE_IN = re.compile(rf"{_COUNT}\s+{_UNIT}\s+(?:in|out\s+of)\s+(?:a|an|one|each|every)\s+(?:day|week|fortnight|month|year)", re.IGNORECASE)
# Verbs whose object is a length the thing takes: "the visa takes 5 days", "it lasted two weeks", "it needs a week".
LASTING_LEMMAS = frozenset({"take", "last", "need", "require"})
# Verbs whose object is a length one guesses or is told a thing will take: "I told Dmitri 2 weeks", "the builder
# quoted 6 weeks", "I'd guess two months": an estimate, no stretch of the calendar.
ESTIMATING_LEMMAS = frozenset({"tell", "say", "quote", "estimate", "guess", "reckon"})
# The first nights or days of a stay or a trip, with no month said: "the first 4 nights", "for the first few days".
FIRST_NIGHTS = re.compile(rf"(?:for\s+)?(?:the\s+)?first\s+{_COUNT}\s+(?:night|day|week)s?\b", re.IGNORECASE)
# A length added to another ("an extra week", "another week", "two more days"): how much longer than some other
# end, which is not the session; a time only when counted from now ("in another week").
FURTHER_LENGTH = re.compile(
    rf"(?:for\s+)?(?:(?:an?|one)\s+(?:extra|additional)|another|{_COUNT}\s+(?:more|extra|additional))\s+{_UNIT}",
    re.IGNORECASE,
)
FURTHER_FROM_NOW_BEFORE = re.compile(r"\b(?:in|within)\s+$", re.IGNORECASE)
# A count of months or years, the stretches :func:`_a_finished_stretch` may find over before the session
# ("forty years": the tens, which no other count here needs, as careers and marriages are told in them)
_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?"
# A rough count's hedge ("about three years", "almost 4 months")
_ROUGHLY = r"(?:(?:about|around|roughly|nearly|almost|over|just)\s+)?"
FINISHED_STRETCH = re.compile(
    rf"(?:for\s+)?{_ROUGHLY}(?:{_COUNT}|{_TENS})\s+(?:months?|years?|decades?)",
    re.IGNORECASE,
)
# One unit of time, said after "for", is a length ("for a week", "for about a month", "for a fortnight", "for a
# whole year"); after "by", an amount a date moved by ("extended by a week", "pushed back by a day").
A_LENGTH = re.compile(
    r"(?:(?:for|by)\s+)?(?:about|around|almost|nearly|over|just|only)?\s*(?:a|an|one)\s+(?:(?:whole|full|entire)\s+)?"
    r"(?:day|week|fortnight|month|year|weekend)",
    re.IGNORECASE,
)
# What may stand between a wider date and the one that narrows it: "next month, June 14th", "next month, on the 15th".
APPOSITION = re.compile(r"\s*[,;:-]?\s*(?:on|in|at)?\s*", re.IGNORECASE)
# Adverbs of how often, which make a weekday after them a habit ("usually Tuesday and Thursday")
USUALLY_WORDS = frozenset({"usually", "normally", "generally", "typically", "mostly", "always"})
_USUALLY = "(?:" + "|".join(sorted(USUALLY_WORDS)) + ")"
BARE_WEEKDAY = re.compile(rf"(?:on\s+)?{_WEEKDAY}", re.IGNORECASE)
# Adverbs of how often besides those that make a weekday right after them a habit: in the clause of a weekday, a
# part of the day or an hour they tell a habit too ("I often swim in the evening", "I rarely eat after 8pm").
HABIT_ADVERBS = USUALLY_WORDS | frozenset({"often", "rarely", "seldom", "sometimes"})
# A part of the day alone ("in the morning", "the afternoon", "at night"): which part, not which day.
A_PART_OF_THE_DAY = re.compile(r"(?:(?:in|at|during)\s+)?(?:the\s+)?(?:morning|afternoon|evening|night)", re.IGNORECASE)
# Verbs of liking and preferring, whose present tells a standing taste ("I prefer batch cooking on Sunday", "I like
# to run in the morning"); with "would" it may be a choice for one day ("I'd like to meet on Friday").
PREFERRING_LEMMAS = frozenset({"prefer", "like", "love", "enjoy", "hate"})
# A dose of a medicine ("amlodipine 5mg", "2 puffs", "sertraline 50 mg"): a part of the day or an hour said with it
# in talk that is not past is when the dose is taken, a habit ("5mg in the morning", "50mg, both morning").
A_DOSE = re.compile(r"\b\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ml|iu|units?|puffs?|tablets?|capsules?|drops?)\b", re.IGNORECASE)
A_DOSING_TIME = re.compile(r"(?:(?:both|each|every)\s+)?(?:(?:in|at|during)\s+)?(?:the\s+)?(?:morning|afternoon|evening|night)s?", re.IGNORECASE)
# Nouns in -ing that name no doing ("the wedding on Sunday"); a doing the tagger left a noun ("batch cooking") is one.
NOUNS_IN_ING = frozenset(
    "morning evening wedding meeting thing something nothing anything everything building ceiling spring king ring "
    "string wing darling sibling".split()
)
# Words that make a verb with "would" a standing preference still, though only for a part of the day or an hour
# ("I'd rather run in the morning"); a weekday after them may be a choice of one ("I'd rather meet on Friday").
RATHER_WORDS = frozenset({"rather", "prefer", "sooner"})
# How often a week, or every day but some: weekdays said after it are the days of that habit ("I go to the gym three
# times a week, Monday, Wednesday and Friday", "I swim every day now except Sunday"), not one coming day.
_A_WEEK_RATE = rf"(?:(?:once|twice|thrice|{_COUNT}\s+times)\s+(?:a|per|each)\s+week)"
_EVERY_DAY_BUT = (
    r"(?:(?:every|each)\s+(?:single\s+)?(?:day|night|morning|evening|weekday)|daily)(?:\s+(?:now|still))?\s+"
    r"(?:except|but|apart\s+from|other\s+than|besides|bar)(?:\s+for)?"
)
# What makes the expression after it no anchor: a frequency ("once a week", "twice a month", "every second
# Tuesday", "each Monday") or a greeting ("happy new year", "merry Christmas").
NON_ANCHOR_BEFORE = re.compile(
    r"(?:\b(?:every|each|once|twice|thrice|times|per)\s+(?:other\s+|second\s+|third\s+|single\s+)?|"
    # the other weekdays of a habit: "every Tuesday and Friday", "each Monday, Wednesday and Friday"
    rf"\b(?:every|each|{_USUALLY})\s+(?:on\s+)?{_WEEKDAY}s?(?:\s*,\s*{_WEEKDAY}s?)*\s*(?:,|and|or|&)\s*(?:on\s+)?|"
    # the weekdays of a rate a week or of every day but some, and the others said with them (:data:`_A_WEEK_RATE`)
    rf"\b(?:{_A_WEEK_RATE}|{_EVERY_DAY_BUT})\s*[,:]?\s*(?:on\s+)?(?:{_WEEKDAY}s?\s*(?:,|and|or|&)\s*(?:on\s+)?)*|"
    # a weekday said with how often: "usually Tuesday", "normally on Fridays"
    rf"\b{_USUALLY}\s+(?:on\s+)?|"
    # the part of the day of a weekly habit: "every Saturday morning"
    rf"\b(?:every|each|{_USUALLY})\s+(?:on\s+)?{_WEEKDAY}\s+|"
    r"\b(?:happy|merry)\s+|"
    # an age by its decade: "in his 40s", "in our early 30s"
    r"\bin\s+(?:my|his|her|our|their|your|ur)\s+(?:early\s+|late\s+|mid[- ]?)?)$",
    re.IGNORECASE,
)
# What follows a weekday that makes it a habit: a part of the day in the plural, after any other weekdays said with
# it ("on Sunday evenings", "on Monday and Thursday evenings").
NON_ANCHOR_AFTER = re.compile(
    rf"(?:\s*(?:,|and|or|&)\s*(?:on\s+)?{_WEEKDAY})*\s+(?:mornings|afternoons|evenings|nights)\b", re.IGNORECASE
)
# A count of things before "a week" ("three gym sessions a week", "two espressos a day"): a rate, as "twice a week".
RATE_BEFORE = re.compile(rf"\b{_COUNT}\s+[a-z'-]+(?:\s+[a-z'-]+)?\s+$", re.IGNORECASE)
PER_PERIOD = re.compile(r"(?:a|an|per)\s+(?:day|week|weekend|month|year|fortnight)", re.IGNORECASE)
# Words after which a number names a thing, not a year ("unit 1204", "Room 1105", "the PIN is 1234", "flight 2210").
_IDENTIFIER_WORDS = (
    r"(?:unit|apt|apartment|suite|room|flat|no|number|floor|building|box|flight|bus|train|platform|gate|ext|"
    r"extension|code|pin|password|door|house|lot|block|ticket|order|account|route|bay|seat)"
)
IDENTIFIER_BEFORE = re.compile(rf"(?:\b{_IDENTIFIER_WORDS}\.?(?:\s+(?:is|was|'s))?\s*#?|#)\s*$", re.IGNORECASE)
IDENTIFIER_NUMBER = re.compile(rf"{_IDENTIFIER_WORDS}\.?\s*#?\s*\d+", re.IGNORECASE)
# A house number before a street's name ("1204 Pine Street").
STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][\w'-]*\s+){1,3}(?:street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|way|court|ct|"
    r"place|pl|terrace|crescent|close|square)\b",
    re.IGNORECASE,
)
# Words that make a four-digit number after them a year whatever its value ("built in 1850").
YEAR_PREPOSITIONS = re.compile(r"\b(?:in|since|from|by|until|till|of|around|circa|before|after|back in)\s+$", re.IGNORECASE)
# The years a bare four-digit number may be, said without a preposition: a life's years, not a code's digits.
BARE_YEARS = range(1900, 2100)
# A clock time alone ("around 6:30", "at 7pm") is the hour of a habit, not a day, in a sentence that says the habit.
CLOCK_TIME = re.compile(r"^(?:at|around|about|by|until|till)?\s*\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?$", re.IGNORECASE)
# A time of day alone, with no day in it ("noon", "4:30", "7pm", "at 9 o'clock"): which hour, not which day.
TIME_OF_DAY = re.compile(
    r"(?:(?:at|around|about|by|until|till|from)\s+)?(?:noon|midday|midnight|\d{1,2}:\d\d(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|"
    r"\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|o'clock))",
    re.IGNORECASE,
)
# Hours and minutes (and seconds) as a clock shows them, and the words that make them a time taken ("in 4:12").
CLOCK_READING = re.compile(r"(?:in\s+)?\d{1,2}:\d\d(?::\d\d)?", re.IGNORECASE)
TIME_TAKEN_BEFORE = re.compile(r"\b(?:in|of)\s+(?:just\s+|under\s+|about\s+|around\s+|roughly\s+)?$", re.IGNORECASE)
# Words that tell a habit: how often ("every", "usually") or a rate ("four times a week, before work at 6:30").
# "As usual" says the same: "7:30 at the library as usual" is the hour the group always meets.
HABIT_WORDS = re.compile(rf"\b(?:every|each|{_USUALLY}|as\s+usual)\b|\b(?:once|twice|thrice|times)\s+(?:a|per)\b", re.IGNORECASE)
# A routine said without "every": a weekday in the plural, the days, nights or ends of the week so ("on Saturdays",
# "mondays", "on weeknights", "weekends"), or a rate by its word ("weekly", "daily"). A clock time in the sentence
# is the routine's hour ("piano lessons saturdays 10am", "my weekly 1:1 is at 2pm"), and a weekday said with the
# plural days the day of the routine's steps ("we shop on sundays, so have the list ready saturday night").
ROUTINE_DAYS = re.compile(rf"\b(?:{_WEEKDAY}s|weekdays|weeknights|weekends)\b", re.IGNORECASE)
ROUTINE_RATES = re.compile(r"\b(?:weekly|daily|nightly|fortnightly)\b", re.IGNORECASE)
# Two or more weekdays said together ("mon wed fri", "tuesday and thursday", "Mon/Thu"): the days of a routine, as
# one day is not said twice; "Monday or Tuesday" offers a choice of one.
_A_WEEKDAY = r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\.?)(?![a-z])"
WEEKDAY_LIST = re.compile(rf"\b{_A_WEEKDAY}(?:\s*(?:,|and|&|/|\+)?\s*\b{_A_WEEKDAY})+", re.IGNORECASE)
# A weekday, or a weekday's part of the day, as the routine rules read it ("fri", "on friday night")
ROUTINE_WEEKDAY = re.compile(rf"(?:on\s+)?{_A_WEEKDAY}(?:\s+(?:morning|afternoon|evening|night))?", re.IGNORECASE)
# Words before a day that make it one day still, though said beside a routine: which week ("next Monday"), or the
# day the routine starts ("lessons start on Monday, then it's mondays and thursdays")
ONE_DAY_BEFORE = re.compile(r"\b(?:this|next|last|coming|past|that|starting|from|beginning)\s+(?:on\s+)?$", re.IGNORECASE)
STARTING_LEMMAS = frozenset({"start", "begin", "restart", "resume"})
# Words of one coming occasion, not a routine's step ("I work saturdays, so I'll come on Friday", "let's meet on
# Friday")
ONE_OFF_WORDS = frozenset({"will", "'ll", "shall", "gonna"})
# ... and said anywhere before a routine's hour or weekday, with "can", "let's" and "this week"
ONE_OFF_BEFORE = re.compile(
    rf"\b(?:{'|'.join(sorted(w for w in ONE_OFF_WORDS if w[0].isalpha()))}|can|could|let(?:'s|’s|\s+us)|lets|(?:this|next|coming)\s+week(?:end)?)\b"
    r"|['’]ll\b", re.IGNORECASE)
# Two hours said together ("at 8am and 8pm"): the hours of a habit in the simple present ("I take my tablets at
# 8am and 8pm"), one of each day.
TWO_HOURS = re.compile(rf"{TIME_OF_DAY.pattern}\s*(?:and|&)\s*{TIME_OF_DAY.pattern}", re.IGNORECASE)
# The hours a session runs between ("4:30-5:15", "10-11am", "from 5 to 5:45"): in a routine's sentence its hours.
HOUR_RANGE = re.compile(
    r"(?:from\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:-|–|to|till|until)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)?", re.IGNORECASE)
FUTURE_CUES = {"will", "'ll", "gonna", "shall", "plan", "planning", "going", "next", "soon", "hope", "hoping"}
# What belongs to a verb's clause besides the verb when its tense is read: auxiliaries, negation, adverbs.
CLAUSE_MARKERS = {"aux", "auxpass", "neg", "advmod"}
# Verbs that set a date for something ("I booked a flight for April 20", "they moved my appointment to March 12",
# "Tom's pencilled in the fitting for April 4th"): said in the past tense, the date they set is as likely ahead
# of the session as behind it.
SCHEDULING_LEMMAS = {"book", "schedule", "reschedule", "move", "postpone", "push", "delay", "set", "arrange",
                     "reserve", "plan", "fix", "change", "bring", "pencil", "slot", "extend", "renew", "prolong",
                     "swap", "switch"}
SCHEDULED_BEFORE = ("for", "to", "until", "till")
# Verbs of granting time: the date after their "until" is the limit they set ("the seller has given us until the
# end of September", "they gave me till Friday to decide"), which the past of the granting does not put behind.
GRANTING_LEMMAS = frozenset({"give", "grant", "allow"})
# Verbs of offering or agreeing to a time, whose past tense is the offer's, not the time's ("offered another week").
OFFERING_LEMMAS = frozenset({"offer", "promise", "agree", "propose", "extend"})
# "a week", "one month": the count of one unit, which the resolver reads ahead as the calendar week or month.
ONE_UNIT = re.compile(r"^(?:a|an|one)\s+", re.IGNORECASE)
# Verbs that move a date ("moved to May 6th", "postponed until the 9th", "swapped my shift to the 20th"): the date
# they moved from no longer holds.
RESCHEDULING_LEMMAS = {"move", "reschedule", "postpone", "push", "delay", "bring", "change", "shift", "put", "defer",
                       "rebook", "rearrange", "bump", "slip", "swap", "switch"}
# Chat's asides the tagger may take for a noun after a date ("on the 15th btw", "the 3rd lol").
CHAT_ASIDES = frozenset({"btw", "lol", "tbh", "fyi", "haha", "imo", "rn", "lmao", "ngl", "xx", "x"})
# Verbs of bringing news ("the clinic rang this morning and moved my appointment to the 2nd"): a date of theirs is
# when the news came, not the date the thing was moved from.
CALL_LEMMAS = frozenset({"ring", "call", "phone", "email", "e-mail", "text", "message"})
NEWS_LEMMAS = CALL_LEMMAS | frozenset({"tell", "say", "hear", "learn", "confirm", "announce", "notify", "inform", "contact"})
# Verbs whose infinitive complement is ahead of them ("decided to move in June", "agreed to meet on the 20th"):
# their own tense does not date what it completes.
PROSPECTIVE_LEMMAS = {"decide", "plan", "agree", "promise", "arrange", "intend", "vow", "resolve", "offer", "volunteer",
                      "choose", "aim", "expect", "hope", "schedule", "book"}
# Prepositions after which a phrase is a time ("at the Christmas party", "in the 2019 season").
TIME_PREPOSITIONS = ("at", "in", "during", "over", "before", "after", "until", "till", "since", "by")
# A preposition of time right before a year or a holiday: the phrase is a time, whatever noun the parse made it
# modify ("at Christmas Tom proposed", "on New Year's Eve Jake's car got towed"); with "the" between it is a noun
# phrase again ("working on the Christmas card list", "on the 2025 budget")
TIME_PREPOSITION_BEFORE = re.compile(rf"\b(?:{'|'.join(TIME_PREPOSITIONS)}|on)\s+$", re.IGNORECASE)
# The same, with "the" allowed: before a decade, which a noun phrase takes too ("in the 80s my dad was a DJ")
TIME_PREPOSITION_THE_BEFORE = re.compile(rf"\b(?:{'|'.join(TIME_PREPOSITIONS)}|on)\s+(?:the\s+)?$", re.IGNORECASE)
# Prepositions before a gerund that happened when the verb they hang on did (:func:`_past_a_gerund_of_a_preposition`)
TIME_OR_MANNER_PREPOSITIONS = frozenset({"without", "after", "before", "since", "while", "upon", "by", "despite"})
# Verbs whose object may be a film, a book or an album named by a year ("watched 1917", "reading 1984")
MEDIA_VERBS = frozenset({"watch", "rewatch", "see", "read", "reread", "play", "replay", "stream", "listen", "binge"})
# Prefixes of a verb done again or ahead ("rebooked", "prearranged"), which keep its meaning for the rules.
VERB_PREFIXES = ("re", "pre")
# What one signs up or registers "for": the date after it is the event's ("signed up for a 10k on November 17"), where
# what it is for is an event, as what one gets tickets for always is (:func:`_booked_for`).
BOOKING_HEADS = REGISTRATION_LEMMAS | {"sign"}
# Verbs of inviting: what one is invited "to" lies ahead of the invitation, and a date right after it is that
# event's ("invited me to her wedding on Saturday"), not the day of the inviting ("invited me on Monday to ...").
INVITING_LEMMAS = frozenset({"invite"})
# Verbs of being let into an event ("my paper got accepted to the workshop in May", "admitted to the final"):
# like an invitation, they come before the event, so a date right after the event is its own. Only an event's:
# "accepted to Stanford in May" is as likely the day of the letter.
ADMITTING_LEMMAS = frozenset({"accept", "admit"})
# Verbs of getting a place at something that happens later ("I got the summer internship", "she landed a June
# placement"): a season or month that names what was got is its time, which the getting's past does not put behind.
OBTAINING_LEMMAS = frozenset({"get", "land", "win", "secure", "accept", "offer", "receive"})
OBTAINED_NOUNS = ARRANGED_EVENT_NOUNS | frozenset(
    "internship job placement residency fellowship position contract course class program programme camp semester "
    "term".split()
)
# Verbs whose object may be an event one takes part in ("I've entered the half marathon on April 27th"): in
# the perfect, a date right after the object is the event's.
ENTERING_LEMMAS = frozenset({"enter"})
# Prepositions of where and with whom an appointment is ("at Specsavers", "with Dr Okafor"): they sit between it and
# its date and tell nothing of when.
PLACE_AND_COMPANY_PREPOSITIONS = frozenset({"at", "with"})
# Verbs that set or call off an appointment ("I booked a checkup on the 3rd", "I cancelled his grooming appointment on
# Saturday"): a date right after the appointment is its own, which their past does not put behind. Not verbs that
# move one: the date after what was moved is as often the one it was moved from, or the day of the moving.
ARRANGING_LEMMAS = frozenset({"book", "schedule", "reserve", "arrange", "cancel", "confirm"})
# Words that make what follows a deadline: in talk that is not past ("I need it done before the weekend", "by the
# 20th") the date they name is still ahead, whatever day of the week it is said.
DEADLINE_BEFORE = ("before", "by", "until", "till")
# ... and a comparison that sets one ("no later than the 14th", said on the 15th, is next month's)
LATER_THAN_BEFORE = re.compile(r"\b(?:later|sooner|earlier)\s+than\s+$", re.IGNORECASE)
# Working days counted from now to the last day a thing may come on ("within 5 working days")
WORKING_DAYS_WITHIN = re.compile(rf"within\s+{_COUNT}\s+(?:business|working)\s+days?", re.IGNORECASE)
# A window from now: "within" and a length ("within 14 days", "within about a fortnight")
# The "a" or "one" of one unit, at the start or after "within" ("within a week": seven days from now)
ONE_WITHIN = re.compile(r"^((?:within\s+)?)(?:a|an|one)\s+(?!fortnight)", re.IGNORECASE)
WITHIN_A_LENGTH = re.compile(rf"within\s+{_ROUGHLY}(?:{_COUNT}\s+{_UNIT}|(?:a|one)\s+fortnight)", re.IGNORECASE)
# Words after a window said that tell it was not kept, or is over ("they promised a reply within 5 working days and
# it never came", "they said within two working days but it took a month"): a time gone, no date ahead.
A_WINDOW_NOT_KEPT = re.compile(
    r"\b(?:never|took|taken|didn['’]?t|did\s+not|hasn['’]?t|has\s+not|haven['’]?t|have\s+not|wasn['’]?t|weren['’]?t|"
    r"was\s+(?:late|ages|weeks|months)|nothing\s+(?:ever\s+)?(?:came|arrived|happened))\b", re.IGNORECASE)
THE_WEEKEND = re.compile(r"the\s+weekend", re.IGNORECASE)
# Words that set a date ahead right before it ("due jan 9", "effective jan 1", "starting feb 3")
DUE_WORDS = ("due", "effective", "starting")
# One of them, and the preposition a deadline may take after it ("due by april", "due on the 3rd", "due in march");
# a "was" or "were" before it (group 1) tells of a date gone by; group 2 is the word
DUE_BEFORE = re.compile(
    rf"\b((?:was|were)\s+)?({'|'.join(DUE_WORDS)})\s+(?:(?:by|on|in|before)\s+)?(?:the\s+)?$", re.IGNORECASE)
# Verbs of staying whose bare length after them is how long a stay lasts, as "for" says ("staying 2 weeks")
STAYING_WORDS = ("stay", "stays", "staying")
# Words that end the clause a "due" after a noun belongs to ("paid the deposit, balance due by april": the balance is
# a clause of its own, set apart from "paid")
CLAUSE_BREAKS = frozenset({",", ";", ".", "!", "?", "-", "(", ")", "and", "but", "so", "then"})


@dataclass(frozen=True)
class TemporalMention:
    """One temporal expression of a turn, with its interval ``[start, end)`` when it could be resolved."""

    text: str
    char_start: int
    char_end: int
    start: datetime | None = None
    end: datetime | None = None
    kind: str = "unresolved"  # point, range, duration, unresolved
    # for a bare day of the month set in the month of another expression ("the 18th" after "the 12th of October"):
    # that expression's words
    month_from: str | None = None

    @property
    def resolved(self) -> bool:
        return self.start is not None and self.end is not None

    def kept_in(self, lowered: str) -> bool:
        """The expression is in a memory's (lower-cased) text; one with a pronoun ("since we last talked") by its
        words after it, as the memory names the people ("since Leo and Sam last talked")."""
        return said_in((since_we_last_talked(self.text) or self.text).lower(), lowered)


def said_in(expression: str, lowered: str) -> bool:
    """The lower-cased ``expression`` is in ``lowered`` as whole words: "tuesday" (of "a Tuesday reminder") is not in
    "tuesdays at 18:00"."""
    return expression in lowered and re.search(rf"(?<!\w){re.escape(expression)}(?!\w)", lowered) is not None


@dataclass
class TemporalResolver:
    """Finds and resolves temporal expressions; the recognizers-text model is built on first use and kept."""

    culture: str = "en-us"
    _model: object = field(default=None, repr=False)
    _cache: dict = field(default_factory=dict, repr=False)

    # -- finding ------------------------------------------------------------------------------------------
    def find(self, doc: ParsedDoc) -> list[tuple[int, int]]:
        """Character spans of the temporal expressions in ``doc`` (entities and cue patterns, merged)."""
        spans: list[tuple[int, int]] = []
        plain = doc.text.replace("’", "'")  # the holiday patterns spell the apostrophe plainly
        for ent in doc.entities:
            if ent.label in ("DATE", "TIME"):
                first = _past_a_leading_name(doc, plain, ent.start, ent.end)
                if first < ent.end - 1 and _a_title(doc, doc.tokens[first].idx, doc.tokens[first].end, doc.tokens[first].text):
                    first += 1  # "watched 1917 last week": the film, then the week
                if first < ent.end - 1 and _an_age_turned(doc, first):
                    first += 1  # "my mum turns 60 next month": the age, then the month
                first = _past_a_kind_of_shift(doc, first, ent.end)  # "I'm on nights next week": the week
                last = _before_a_joining_word(doc, first, _before_a_clause_joint(doc, first, ent.end))
                if first < last and not a_holiday_naming_a_person(doc, doc.tokens[first].idx, doc.tokens[last - 1].end):
                    spans.append((doc.tokens[first].idx, doc.tokens[last - 1].end))
        spans.extend(m.span() for m in CUES.finditer(doc.text) if not a_holiday_naming_a_person(doc, *m.span()))
        spans.extend(m.span() for m in MONTH_AIMED_FOR.finditer(doc.text)
                     if not _a_persons_name(doc, *m.span()) and not _a_name_it_may_be(doc, *m.span()))
        spans.extend(m.span() for m in BARE_DAY_OF_MONTH.finditer(doc.text)
                     if _a_day_by_itself(doc, *m.span()) or _a_day_moved_to(doc, *m.span()) or _a_day_taken(doc, *m.span())
                     or _a_day_alone(doc, *m.span()))
        spans.extend(m.span() for m in DAY_WITHOUT_THE.finditer(doc.text) if _a_day_alone(doc, *m.span(), the=False))
        spans.extend(m.span() for m in HEDGED_DAY_OF_MONTH.finditer(doc.text) if _a_day_hedged(doc, *m.span()))
        spans.extend(m.span() for m in SLASHED_AFTER_TO.finditer(doc.text) if _moved_to(doc, m.start()))
        spans.extend(m.span() for m in MONTH_AFTER_TO.finditer(doc.text) if _moved_to(doc, m.start()))
        merged: list[list[int]] = []
        for start, end in sorted(spans):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            elif merged and _counted_from(doc.text, *merged[-1], start):
                merged[-1][1] = end  # "two days before" + "the 11th": one date, two days before the 11th
            elif merged and doc.text[merged[-1][1] : start].isspace() and PART_OF_DAY.fullmatch(doc.text[start:end]):
                merged[-1][1] = end  # "Saturday" + "morning": that day, not a morning of the session's own day
            else:
                merged.append([start, end])
        split = [part for s, e in merged for part in _moved_from_to(doc, s, e)]
        return [(s, e) for s, e in split if _anchors(doc, s, e)]

    def ground(
        self, doc: ParsedDoc, session_time: datetime | None, said_before: Sequence[TemporalMention] = (),
        last_talked: datetime | None = None,
    ) -> list[TemporalMention]:
        """Every temporal expression of ``doc``, resolved against ``session_time`` where possible; ``said_before``
        are those of the turns just before it in its session, whose month a bare day of the month may be in ("We fly
        out on the 12th of October." - "We land at 6am on the 13th"); ``last_talked`` when the session before it
        in the conversation was, which "since we last talked" counts from."""
        mentions = []
        day_first = _writes_day_first(doc.text)
        spans = self.find(doc)
        for start, end in spans:
            text = doc.text[start:end]
            resolved, resolved_as = None, text
            if OFFSET.fullmatch(text) and OFFSET_FROM.match(doc.text, end) or OFFSET_FROM_UNSAID.fullmatch(text):
                pass  # counted from an event that is no date of the turn ("two days before the op", "the day before")
            elif SINCE_WE_LAST_TALKED.fullmatch(text):
                # "Anything new since we last talked?" asks; it tells nothing of the stretch to date
                resolved = None if _asked_in(doc, start) else _since_the_session_before(last_talked, session_time)
            elif session_time is not None:
                tense, either_side = tense_at(doc, start), False
                if _after_word(doc, start, ("since",)):
                    tense = "past"  # "back since the 15th": what it counts from has come, whatever the verb's tense
                elif _compared_with(doc.text, start, text):
                    tense = "past"  # "30 kg more than February", "up from 45 kg in January": what it was then
                elif (due := DUE_BEFORE.search(doc.text[max(0, start - 32) : start])) and not due.group(1) and not (
                        due.group(2).lower() == "due" and _due_of_a_thing_told_past(doc, max(0, start - 32) + due.start(2))):
                    # "got promoted, effective jan 1", "didn't finish it, it's now due jan 9", "paid the deposit,
                    # balance due by april": the date the word sets lies ahead whatever the tense of the story
                    # around it ("it was due jan 9", "missed the payment due on the 3rd" stay past)
                    tense = "future"
                elif tense == "past" and _moved_to_a_day_gone_by(doc, start):
                    pass  # "they moved it to the 6th and we went": the day it was moved to came, and the turn says so
                elif tense == "past" and (
                    scheduled_date(doc, start) or _moved_from_date(doc, start) or _a_limit_told(doc, start)
                    or _a_promise_by(doc, start) or _a_time_invited_for(doc, start, text) or _a_date_given_out(doc, start)
                ):
                    tense = "future" if _a_stay_or_pass_bought(doc, start) else "present"
                elif tense == "past" and _the_time_of_a_thing_set_out(doc, start, text):
                    # "my leave for August got approved", "they cancelled our June holiday": the asking or the answer
                    # comes before the time of what was set out, so its past does not date it; where the time may
                    # as well be the deed's ("they approved my leave in August"), the reading nearer the session
                    tense, either_side = "present", _a_time_the_deed_may_have(doc, start, text)
                elif tense == "past" and _after_word(doc, start, ("until", "till", "til")) and (
                        (verb := _governor(doc, start)) is not None and _in_the_present_perfect(doc, verb)):
                    # "I've put it on hold till june", "we've paused it until March": a present perfect tells a state
                    # that holds now, so the day it lasts until is the nearest, not the past one ("we stayed till
                    # june", "I had waited until december")
                    tense = "present"
                elif tense == "past" and _a_day_in_the_present_perfect(doc, start):
                    # "they've pencilled in Wednesday 2nd April", "I've taken Friday off": the present perfect
                    # takes no day gone by ("I saw him on Friday", not "I've seen him on Friday"), so the day it
                    # governs is the one arranged, the nearest, as in present talk
                    tense = "present"
                elif tense == "past" and NOW_BEFORE.search(doc.text[max(0, start - 16) : start]):
                    tense = "present"  # "the data came late, so now its march 27": the date as it stands now
                elif IN_A_LENGTH.fullmatch(text) and _the_first_in(doc, start):
                    tense = "past"  # "first time in 3 years I have no debt": the three years behind, not ahead
                elif tense == "present" and (_after_word(doc, start, DEADLINE_BEFORE) or LATER_THAN_BEFORE.search(doc.text, 0, start)):
                    tense = "future"
                elif tense == "present" and _a_time_owed_for(doc, start):
                    # "I owe £212 for march", said in June: what is owed is mostly for a time gone, rent or a bill
                    # may be for the month to come; the nearer (it had been next March)
                    either_side = True
                elif tense == "present" and _a_window_from_now(doc, start, end, text):
                    # "he has to return the deposit within 14 days", "they said they'd reply within 8 weeks": a window
                    # set in talk that is not past runs from now on; it had been the stretch up to the session. "A
                    # week" is seven days, not the calendar week
                    tense, resolved_as = "future", ONE_WITHIN.sub(r"\g<1>1 ", text)
                elif (tense == "past" and WORKING_DAYS_WITHIN.fullmatch(text) and not _a_window_not_kept(doc, start, end)
                      and dates_the_news(doc, TemporalMention(text, start, end), SAYING_LEMMAS)):
                    tense = "future"  # "within 5 working days, they said": what was said is still to come
                elif tense == "present" and _at_the_weekend(doc, start, text):
                    # "are you around at the weekend?", "I'm at my mum's at the weekend": the coming one, as in
                    # talk ahead; "the weekend" alone in the present had been the last ("how was the weekend")
                    tense = "future"
                elif tense == "present" and (_after_word(doc, start, ("for",)) or _a_stay_ahead(doc, start)) and BARE_LENGTH.fullmatch(text):
                    # "she wants me off running for two weeks", "landing the 14th, staying 2 weeks": the weeks from
                    # now; a perfect ("I've been off for two weeks") reads past and keeps the stretch up to the session
                    tense = "future"
                elif tense == "past" and _time_off_granted(doc, start, end, text) and _granted_as_the_news(doc, start, spans, said_before):
                    # "she signed me off work for two weeks", "work gave me a week off": the leave runs from the
                    # granting, which is the latest news, so from now on; it had been the weeks up to the session
                    tense, resolved_as = "future", ONE_UNIT.sub("1 ", text)
                elif (tense == "present" or _left_alone(doc, end)) and (length := _still_to_run(doc, text, end)):
                    tense, resolved_as = "future", length  # "only two weeks left": the two weeks ahead
                elif tense != "past" and _a_length_granted(doc, end, text):
                    # "the vet gives her 2-3 months", "I'll give him a week": the time from now on, a prognosis or
                    # a grace; "a week" alone ahead had read as the calendar week, so counted as one week
                    tense, resolved_as = "future", ONE_UNIT.sub("1 ", text)
                elif tense != "past" and LENGTH_RANGE.fullmatch(text) and (
                        ahead := re.search(r"\b(in|within)\s+$", doc.text[max(0, start - 7) : start], re.IGNORECASE)):
                    # "within" ends in "in ": the word itself says which ("within 2-3 weeks" is from now on)
                    resolved_as = f"{ahead.group(1).lower()} {text}"
                elif MORE_LENGTH.fullmatch(text) and (tense == "present" or _offered(doc, start)):
                    # "it's another two weeks until the results": more of a length still running, so ahead; in past
                    # talk ("we stayed for another two days") it stays the stretch up to the session, unless what
                    # was past is the offer of it ("they offered £65 for another 14 days", "he agreed another week")
                    tense, resolved_as = "future", ONE_UNIT.sub("1 ", text)
                if written := _in_words(text, day_first):
                    resolved_as = written
                elif LASTING_FROM.fullmatch(text) and _after_word(doc, start, ("for",)):
                    resolved_as = f"for {text}"  # "away for two weeks from Saturday": a stay, not a day counted on
                governed = bool(_clause_of(doc, start))
                resolved = self.resolve(resolved_as, session_time, tense, governed)
                if either_side:
                    resolved = self._nearer(resolved, self.resolve(resolved_as, session_time, "past", governed), session_time)
                if not day_first and (other := _read_the_other_way(text)) is not None:
                    resolved = self._nearer(resolved, self.resolve(other, session_time, tense, governed), session_time)
            if resolved is not None and _after_word(doc, start, ("since",)) and not _a_subject(doc, start):
                resolved = _up_to_the_session(resolved, session_time)
            elif resolved is not None and _after_word(doc, start, ("before",)) and HOLIDAY.fullmatch(text) and _a_deadline_before(doc, start):
                resolved = _up_to_the_day(resolved, session_time)
            if resolved is None:
                mentions.append(TemporalMention(text, start, end))
            else:
                mentions.append(TemporalMention(text, start, end, *resolved))
        mentions = self._from_the_day_it_was_said(doc, mentions, session_time)
        mentions = _until_after_the_start(doc, self._in_appositions(doc, mentions, session_time))
        in_month = _in_month_said_before(mentions, session_time, said_before, doc)
        in_period = _a_weekday_of_the_period_said(doc, in_month, session_time, said_before)
        near_a_holiday = _the_day_of_the_holiday_occasion(doc, _indefinite_periods_give_way(doc, in_period), session_time)
        said_of = _the_day_said_of_an_observance(doc, near_a_holiday)
        return _a_part_of_the_day_said(doc, _on_the_day_said(doc, said_of), session_time)

    def _from_the_day_it_was_said(
        self, doc: ParsedDoc, mentions: list[TemporalMention], session_time: datetime | None
    ) -> list[TemporalMention]:
        """"Tomorrow" or "tonight" told as another said it on a past day ("my mum called yesterday and said she'd come
        tomorrow", "on Monday he said he'd send it tomorrow"): a future in the past ("'d", "would") under a verb of
        saying, in a sentence that dates a day gone by, is counted from that day, not from the session."""
        if session_time is None:
            return mentions
        today = session_time.replace(hour=0, minute=0, second=0, microsecond=0)
        out = list(mentions)
        for n, mention in enumerate(mentions):
            if not mention.resolved or mention.text.lower() not in SAID_DAYS or not _told_as_said_ahead(doc, mention.char_start):
                continue
            sentence = _sentence_at(doc, mention.char_start)
            days_gone = [
                other for other in mentions
                if other is not mention and other.resolved and other.end <= today
                and other.end - other.start == timedelta(days=1) and _sentence_at(doc, other.char_start) == sentence
            ]
            if days_gone:
                said_on = days_gone[0].start.replace(hour=session_time.hour, minute=session_time.minute)
                again = self.resolve(mention.text, said_on, "future")
                if again is not None:
                    out[n] = TemporalMention(mention.text, mention.char_start, mention.char_end, *again)
        return out

    def _in_appositions(
        self, doc: ParsedDoc, mentions: list[TemporalMention], session_time: datetime | None
    ) -> list[TemporalMention]:
        """A date said right after a wider one, a comma or a preposition between, narrows it ("next month, June
        14th", "next month, on Saturday the 15th"). Read alone, its year or month is a guess from the tense, which
        may put it outside the wider one ("we've rescheduled it for next month, June 14th": a past tense, so last
        June); then it is read again in the direction of the wider one, and kept so if it now lies inside."""
        out = list(mentions)
        for n in range(1, len(out)):
            wide, narrow = out[n - 1], out[n]
            if session_time is None or not (wide.resolved and narrow.resolved) or within(narrow, wide):
                continue
            if not APPOSITION.fullmatch(doc.text[wide.char_end : narrow.char_start]):
                continue
            tense = "future" if wide.start > session_time else "past" if wide.end <= session_time else None
            again = self.resolve(narrow.text, session_time, tense) if tense else None
            if again is not None and wide.start <= again[0] and again[1] <= wide.end:
                out[n] = TemporalMention(narrow.text, narrow.char_start, narrow.char_end, *again)
        return out

    # -- resolving ----------------------------------------------------------------------------------------
    def resolve(
        self, text: str, session_time: datetime, tense: str = "present", governed: bool = False
    ) -> tuple[datetime, datetime, str] | None:
        """``(start, end, kind)`` of one expression said at ``session_time``; ``tense`` is past/present/future,
        ``governed`` whether a verb governs the expression (see :func:`_day_of_month`)."""
        key = (text.lower(), session_time.date(), tense, governed)
        if key not in self._cache:
            anchor = session_time.date()
            cleaned = _clean(text)
            offset = re.fullmatch(rf"({_COUNT}) ({_UNIT}) (before|after|from(?! (?:now|today)$)) (.+)", cleaned)
            anniversary = re.fullmatch(rf"({_COUNT}) years? ago,? (this .+)", cleaned)
            stay = re.fullmatch(rf"({_COUNT}) nights? from (.+)", cleaned)
            lasting = re.fullmatch(rf"({_COUNT}) ({_UNIT}) from (.+)", _clean(text[4:])) if text.lower().startswith("for ") else None
            ahead = LENGTH_RANGE_AHEAD.fullmatch(re.sub(r"\s+", " ", text.lower().strip()))
            try:
                if ahead is not None:
                    return self._a_range_ahead(ahead, session_time, tense, governed)
                if lasting is not None:
                    return self._lasting(lasting, session_time, tense, governed)
                if offset is not None:
                    return self._offset(offset, session_time, tense, governed)
                if stay is not None:
                    return self._stay(stay, session_time, tense, governed)
                if anniversary is not None:
                    return self._years_before(anniversary, session_time)
                result = resolve_by_rule(cleaned, anchor, tense, governed)
                next_to = NEXT_TO.fullmatch(cleaned) if result is None else None
                if next_to is not None:
                    # what it is next to, read as any expression is ("the week before Christmas": the recogniser's
                    # Christmas), rather than the whole handed to the recogniser, which read "the week" alone
                    inner = self.resolve(next_to.group(3), session_time, tense, governed)
                    result = None if inner is None else _next_to(next_to.group(1), next_to.group(2), inner[0].date())
                if result is None and not AN_OBSERVANCE.fullmatch(cleaned):
                    # (an observance its calendar gives no day of is left undated: recognizers-text knows none of
                    # them, and had read "Good Friday" as a plain Friday)
                    result = self._recognize(_spelled_out(text), session_time, tense)
            except (ValueError, OverflowError):
                # "built 3000 years ago", "tomorrow" said on 31 December 9999: outside the calendar datetime
                # can hold; the expression stays in the memory, unresolved, and the turn is extracted as usual
                result = None
            self._cache[key] = result
        return self._cache[key]

    def _offset(
        self, offset: re.Match, session_time: datetime, tense: str, governed: bool
    ) -> tuple[datetime, datetime, str] | None:
        """"Two days before the 11th", "three weeks after May 2nd", "two weeks from Friday": the day that many units
        before or after the first day of the date it counts from (which is resolved as any expression is)."""
        ref = self.resolve(offset.group(4), session_time, tense, governed)
        n = _count(offset.group(1))
        if ref is None or n is None:
            return None
        return _days(_shift(ref[0].date(), offset.group(2).rstrip("s"), -n if offset.group(3) == "before" else n))

    def _a_range_ahead(
        self, ahead: re.Match, session_time: datetime, tense: str, governed: bool
    ) -> tuple[datetime, datetime, str] | None:
        """"In 10-12 weeks", "within 2-3 days": from the first of the two counts ahead to the end of the second, each
        read as "in 10 weeks" is; the range read as one length had been the twelve weeks up to the session. "Within"
        sets only the far end ("I'll reply within 1-2 days"): from now up to the second count."""
        if ahead.group(1).lower() == "within" and tense != "past":
            return self.resolve(f"within {ahead.group(3)} {ahead.group(4)}", session_time, "future", governed)
        first = self.resolve(f"{ahead.group(1)} {ahead.group(2)} {ahead.group(4)}", session_time, tense, governed)
        last = self.resolve(f"{ahead.group(1)} {ahead.group(3)} {ahead.group(4)}", session_time, tense, governed)
        if first is None or last is None:
            return None
        return first[0], last[1], "range"

    def _stay(self, stay: re.Match, session_time: datetime, tense: str, governed: bool) -> tuple[datetime, datetime, str] | None:
        """"Two nights from Friday", "4 nights from the 26th": the first day (resolved as any expression is) to the
        morning after the last night, both included (Friday to Sunday)."""
        ref = self.resolve(stay.group(2), session_time, tense, governed)
        n = _count(stay.group(1))
        if ref is None or n is None:
            return None
        return ref[0], _day(ref[0].date() + timedelta(days=n + 1)), "range"

    def _lasting(self, lasting: re.Match, session_time: datetime, tense: str, governed: bool) -> tuple[datetime, datetime, str] | None:
        """"For a fortnight from 21 June", "for two weeks from Saturday": from that day (resolved as any expression
        is) for that long, as "the 2nd for a week" is; the day alone had dated the stay."""
        ref = self.resolve(lasting.group(3), session_time, tense, governed)
        n = _count(lasting.group(1)) or VAGUE_COUNTS.get(lasting.group(1), (3, 3))[0]
        if ref is None:
            return None
        return ref[0], _day(_shift(ref[0].date(), lasting.group(2).rstrip("s"), n)), "range"

    @staticmethod
    def _nearer(one: tuple | None, other: tuple | None, session_time: datetime) -> tuple | None:
        """Of two readings of one date, the one nearer the session ("moved the inspection to 03/06", said on 22 May,
        is the 3rd of June, not next March): a date is mostly said of the weeks around the talk."""
        if one is None or other is None:
            return one or other
        return min((one, other), key=lambda r: abs(r[0] - session_time))

    def _years_before(self, anniversary: re.Match, session_time: datetime) -> tuple[datetime, datetime, str] | None:
        """"Three years ago this August", "a year ago this Christmas", "ten years ago this week": this year's
        August (Christmas, week) that many years back, not the day of the session that many years back."""
        this = self.resolve(anniversary.group(2), session_time)
        n = _count(anniversary.group(1))
        if this is None or n is None:
            return None
        return _years_back(this[0], n), _years_back(this[1], n), this[2]

    def _recognize(self, text: str, session_time: datetime, tense: str) -> tuple[datetime, datetime, str] | None:
        if self._model is None:
            from recognizers_date_time import DateTimeRecognizer

            self._model = DateTimeRecognizer(self.culture).get_datetime_model()
        for result in self._model.parse(text, session_time):
            values = (result.resolution or {}).get("values") or []
            interval = _pick(values, session_time.date(), tense)
            if interval is not None:
                return interval
        return None


# A slashed date after "to", a date only where a verb of moving one governs it ("moved my appointment to 15/03"):
# "the odds went to 10/11", "improved my mark to 17/12" are no days.
SLASHED_AFTER_TO = RegexSet.of([re.compile(_after_preposition(rf"{_SLASHED_DAY}\b", ("to",)))])


# A month a thing is aimed for or starts in, which lower-case chat hides from the tagger as the verb or the modal
# ("we'll try for march", "a new DD starting may"); only where the phrase ends after it ("for may be" is the modal),
# its name in full ("a present for jan" is a person), never a name the tagger tells (:func:`_a_persons_name`: "a
# card for June") nor one that goes on ("for may's help", "for may to read").
MONTH_AIMED_FOR = RegexSet.of([re.compile(_after_preposition(
    rf"(?:(?:early|mid|late)[- ])?{_MONTH_IN_FULL}\b(?!['’]s\b|\s+to\b){_A_MONTH_ENDS}", ("for", "starting")),
    re.IGNORECASE)])


# A month after "to", a date only where a verb of moving one governs it ("the deadline got pushed to May", which the
# tagger leaves out as the modal; "we went to May's party", "talk to May" are no months, nor is a name that goes
# on: "we moved to August Road").
MONTH_AFTER_TO = RegexSet.of(
    [re.compile(_after_preposition(rf"{_MONTH}\b(?!['’]s\b|\s+(?-i:[A-Z]))", ("to",)), re.IGNORECASE)]
)


# Words that open a clause of their own, so that no date of the tagger runs on across them: "moving in the summer
# so the weekend thing will change" ("so far", "so long" are the date's own)
CLAUSE_JOINTS = frozenset({"so", "but", "because", "cos", "coz", "though"})


def _before_a_clause_joint(doc: ParsedDoc, first: int, end: int) -> int:
    """The end of an entity ``[first, end)`` of the tagger cut before a word that opens another clause
    (:data:`CLAUSE_JOINTS`): "in the summer so the weekend" had been read as one date, the weekend of the summer's."""
    for k in range(first + 1, end):
        after = doc.tokens[k + 1].lower if k + 1 < len(doc.tokens) else ""
        if doc.tokens[k].lower in CLAUSE_JOINTS and after not in ("far", "long", "much", "many"):
            return k
    return end


def _before_a_joining_word(doc: ParsedDoc, first: int, end: int) -> int:
    """The end of an entity ``[first, end)`` of the tagger without the word it took too many at its end: a
    conjunction ("at 8am and 8pm" tagged "8am and"), a "please" ("at 1:30 please"), or a preposition whose object
    is after it ("at 7pm about my class" tagged "7pm about"). The time is then read as the time it is, an hour."""
    while end - 1 > first:
        word = doc.tokens[end - 1]
        governs_after = any(arc.label == "pobj" and arc.dep >= end for arc in doc.children(word.i))
        aside = word.lower in CHAT_ASIDES or word.lower in PLEASE_WORDS  # the tagger makes "please" a noun
        if not (word.pos in ("CCONJ", "INTJ") or aside or (word.pos == "ADP" and governs_after)):
            break
        end -= 1
    return end


def _moved_to(doc: ParsedDoc, char: int) -> bool:
    """The "to" before character ``char`` hangs on a verb of moving a date (:func:`_moves_a_date`), also where the
    tagger read it as an infinitive's "to" ("they moved the launch to may": "may" taken for the modal)."""
    word = _token_at(doc, char)
    if word is None or word.i == 0 or doc.tokens[word.i - 1].lower != "to":
        return False
    up = next(iter(doc.parents(word.i - 1)), None)
    infinitive_to = up is not None and up.label == "prep" and doc.tokens[word.i - 1].pos == "PART"
    return _moves_a_date(doc, word.i - 1) or (infinitive_to and _lemma_in(doc.tokens[up.head], RESCHEDULING_LEMMAS))


# A date written in numbers: day (or month), month (or day), and the year if any ("15/03", "04.06", "01/02/2025").
NUMERIC_DATE = re.compile(r"\b(\d{1,2})([/.])(\d{1,2})(?:\2(\d{4}|\d{2}))?\b")


def _writes_day_first(text: str) -> bool:
    """The turn writes its numeric dates day first: one of them can be read no other way ("from 12/11 to 19/11",
    where 19 is no month, so the 12th of November too), or it writes them with dots, as those who put the day
    first do ("04.03", "15.06.2024"). Otherwise they are read month first, as recognizers-text reads them."""
    for m in NUMERIC_DATE.finditer(text):
        first, second = int(m.group(1)), int(m.group(3))
        if not 1 <= second <= 12 or m.group(0) == "24/7":
            continue
        if m.group(2) == "/" and 12 < first <= 31:
            return True
        # dots with the year, or after "on": "3.5", "at 10.12" and "£14.05" are amounts and times
        if m.group(2) == "." and 1 <= first <= 31 and (m.group(4) or DOTTED_DAY_BEFORE.search(text, 0, m.start())):
            return True
    return False


DOTTED_DAY_BEFORE = re.compile(r"\bon\s+$", re.IGNORECASE)


def _read_the_other_way(text: str) -> str | None:
    """A single slashed date that may be read either way round ("03/06", "3/4"), read day first, in words; None
    where only one way is a date ("3/22", "15/03") or it is no single slashed date."""
    m = NUMERIC_DATE.fullmatch(text.strip())
    if m is None or m.group(2) != "/" or not (1 <= int(m.group(1)) <= 12 and 1 <= int(m.group(3)) <= 12):
        return None
    return _in_words(text, day_first=True)


def _in_words(text: str, day_first: bool) -> str | None:
    """A numeric date, or a range of two, in words where the turn writes them day first ("15/03" is "15 march",
    "01/02/25" "1 february 2025") or where it is a range ("3/8 - 3/12" is "march 8 to march 12", which
    recognizers-text reads as its first day alone); None where it is no such date, or one recognizers-text reads
    as written (a single date month first)."""
    parts = re.split(rf"\s*{_RANGE_TO}\s*", text.strip())
    if len(parts) > 2 or (len(parts) == 1 and not day_first) or (len(parts) == 2 and "." in text):
        return None  # two with dots are as often times ("9.30 to 10.15")
    words = []
    for part in parts:
        m = NUMERIC_DATE.fullmatch(part)
        if m is None:
            return None
        day, month = (int(m.group(1)), int(m.group(3))) if day_first else (int(m.group(3)), int(m.group(1)))
        if not (1 <= day <= 31 and 1 <= month <= 12):
            return None
        year = f"20{m.group(4)}" if m.group(4) and len(m.group(4)) == 2 else m.group(4) or ""
        words.append(f"{day} {MONTHS[month - 1]} {year}".strip())
    return " to ".join(words)


# "The 9th" with no preposition before it: a day of the month only where the parse says it stands by itself
# (:func:`_a_day_by_itself`), or it is the day taken or the whole of what its sentence says (:func:`_a_day_taken`,
# :func:`_a_day_alone`); without "the" only the last ("21st it is": "came 2nd" is a place).
BARE_DAY_OF_MONTH = RegexSet.of([re.compile(r"\bthe\s+(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b", re.IGNORECASE)])
# ... after a hedge of when ("starts around the 18th", "back roughly the 18th"), the day it is near (:func:`_a_day_hedged`)
DAY_HEDGES = ("around", "roughly", "approximately", "circa")
HEDGED_DAY_OF_MONTH = RegexSet.of([re.compile(_after_preposition(
    r"the\s+(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b", DAY_HEDGES), re.IGNORECASE)])
DAY_WITHOUT_THE = RegexSet.of([re.compile(r"(?<!\bthe )\b(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b", re.IGNORECASE)])
# Verbs whose object, a day of the month alone, is a day one works, covers or can manage ("can you cover the 18th?",
# "I'm working the 18th", "I can't do the 18th", "I can't make the 22nd"): in talk that is not past a day to come
# (what was done is as often one of several things: "I did the 2nd" of the exercises).
DAY_TAKING_LEMMAS = frozenset({"cover", "work", "do", "swap", "make", "keep", "block"})
# The words a sentence may hold besides a day of the month for the day to be all it says: a choice offered or
# agreed ("ok the 22nd then", "how about the 22nd?", "21st it is", "the 21st instead?").
DAY_ALONE_WORDS = CHAT_INTERJECTIONS | LEADING_FILLERS | frozenset(
    {"then", "instead", "how", "what", "about", "maybe", "perhaps", "it", "is", "'s", "works", "suits", "yes",
     "yeah", "sure", "fine", "right", "say"})
# The roles in which such an ordinal is a time: the clause's subject ("the 9th is better for us") or the time
# of the clause ("I'm free the 9th"); as an object or a complement it is as often one of several things or a
# rank ("I liked the 2nd better", "she was the 3rd to arrive"), and after a preposition the cue patterns decide.
DAY_BY_ITSELF_LABELS = frozenset({"nsubj", "nsubjpass", "npadvmod"})
# Verbs whose object, an ordinal alone, is a day someone names: "now they're saying the 17th", "he confirmed the 3rd".
DAY_NAMING_LEMMAS = frozenset({"say", "confirm", "suggest", "propose"})
# Nouns that a day of the month is said to be ("the date is the 17th", "moving day is the 3rd"), besides the
# appointments one has on a day ("Op is provisionally the 23rd", "the wedding's the 14th"); not a game or a class,
# which are as often one of a series ("his test was the 5th he took" is one).
DATED_NOUNS = APPOINTMENT_NOUNS | frozenset({"date", "day", "delivery", "start", "operation", "trip", "holiday"})
# Words that make the subject one of a ranked set ("my favourite scan was the 2nd"), not a day.
RANKING_WORDS = frozenset({"favourite", "favorite", "best", "worst", "first", "last", "next", "other"})


def _until_after_the_start(doc: ParsedDoc, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """"They fly in on Wednesday and stay until Sunday": a weekday after "until" or "till" ends what a day said
    before it in the sentence began, so it is the first such weekday on or after that day, not the one nearest the
    session (said on a Saturday, that Sunday had been the day after, before they even come)."""
    out = list(mentions)
    for n in range(1, len(out)):
        end, before = out[n], out[n - 1]
        if not (end.resolved and before.resolved) or end.start >= before.start:
            continue
        if not BARE_WEEKDAY.fullmatch(end.text) or not _after_word(doc, end.char_start, ("until", "till", "til")):
            continue
        if not _one_stay(doc, _governor(doc, before.char_start), _governor(doc, end.char_start)):
            continue
        weekday = WEEKDAYS.index(end.text.lower().strip())  # after "until", never "on Sunday"
        day = before.start.date() + timedelta(days=(weekday - before.start.weekday()) % 7)
        out[n] = TemporalMention(end.text, end.char_start, end.char_end, *_days(day))
    return out


def _one_stay(doc: ParsedDoc, start_verb: int | None, end_verb: int | None) -> bool:
    """The verbs of a start and of an "until" tell one stay: the same verb ("from Wednesday until Sunday") or two
    joined by "and" ("fly in on Wednesday and stay until Sunday"), not two clauses of their own ("the wedding is
    next Saturday, I'm at my mum's until Tuesday")."""
    if start_verb is None or end_verb is None:
        return False
    return start_verb == end_verb or any(
        arc.label == "conj" and {arc.head, arc.dep} == {start_verb, end_verb} for arc in doc.parents(end_verb)
    )


# Months that are given names too, which a lower-case chat hides from the tagger ("sorry for may, she didn't mean
# it", "a present for june"): after "for" a month only where aimed, planned or paid for ("we're hoping for may",
# "the rent for may"); after "starting" only where a thing starts ("a new DD starting may", not "we're starting
# may on the rota").
MONTHS_ALSO_NAMES = frozenset({"may", "june", "april", "august"})
AIMING_OR_PAYING_FOR_LEMMAS = frozenset({
    "try", "aim", "hope", "plan", "book", "schedule", "wait", "train", "save", "budget", "target", "push", "shoot",
    "rent", "tax", "bill", "payment", "pay", "invoice", "statement", "salary", "fee", "charge", "refund", "credit",
    "hoping", "hoped",  # the tagger's lemma of "hoping" is "hop"
})


def _a_name_it_may_be(doc: ParsedDoc, start: int, end: int) -> bool:
    """A lower-case month that is a name too, after "for" or "starting" with no sign that it is the month: no year
    after it ("for may 2026"), no word of aiming or paying before "for", no thing before "starting"."""
    if doc.text[start:end] not in MONTHS_ALSO_NAMES or re.match(r"\s+(?:19|20)\d\d\b", doc.text[end:]):
        return False
    preposition = next((t for t in reversed(doc.tokens) if t.idx < start), None)
    before = next((t for t in reversed(doc.tokens) if preposition is not None and t.idx < preposition.idx), None)
    if preposition is None or before is None:
        return True
    if preposition.lower == "starting":
        return before.pos not in ("NOUN", "PROPN")
    return not {before.lemma.lower(), before.lower} & AIMING_OR_PAYING_FOR_LEMMAS


# Verbs of a sum owed for a time: "I owe £212 for march", "they still owe me for april"
OWING_LEMMAS = frozenset({"owe"})


def _a_time_owed_for(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` follows "for" in a clause of owing (:data:`OWING_LEMMAS`): the time a sum is owed
    for, mostly one gone ("I owe £212 in council tax for march", said in June), at times the next ("I owe £650 for
    july", the rent), so either side of the session, not the coming one a present tense reads."""
    verb = _governor(doc, char)
    return verb is not None and _after_word(doc, char, ("for",)) and _lemma_in(doc.tokens[verb], OWING_LEMMAS)


def _a_window_from_now(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """The expression at ``[start, end)`` (``text``) is "within" and a length (:data:`WITHIN_A_LENGTH`; "within" may
    stand before it: "within a fortnight"), which the rest of the sentence does not say was missed: a deadline, an
    obligation, an expectation or a condition ("has to pay within 28 days", "should be in my account within 10 days",
    "if it isn't resolved within 8 weeks") lies ahead of the talk that sets it."""
    window = WITHIN_A_LENGTH.fullmatch(text) or (
        _after_word(doc, start, ("within",)) and (BARE_LENGTH.fullmatch(text) or A_LENGTH.fullmatch(text)))
    return bool(window) and not _a_window_not_kept(doc, start, end)


def _a_window_not_kept(doc: ParsedDoc, start: int, end: int) -> bool:
    """The rest of the sentence after a window said tells it was missed or is over ("within 5 working days, it
    never came"; "within two working days but it took a month")."""
    last = doc.sentences[_sentence_at(doc, start)][1] - 1
    return bool(A_WINDOW_NOT_KEPT.search(doc.text[end : doc.tokens[last].idx + len(doc.tokens[last].text)]))


# Festivals' names that are also given names and surnames ("my colleague Ramadan", "Dr Eid", "Sarah Eid").
FESTIVALS_ALSO_NAMES = frozenset({"eid", "ramadan"})
# Words of a festival's greeting, no name of a person after the festival's ("Eid Mubarak", "Ramadan Kareem").
FESTIVAL_GREETINGS = frozenset({"mubarak", "kareem", "saeed", "sameach"})
# Titles before a person's name ("Dr Eid", "Mr Eid", "Imam Ramadan").
NAME_TITLES = frozenset({"dr", "mr", "mrs", "ms", "miss", "prof", "sheikh", "imam"})
# What only a person does, of which a name is the subject ("Ramadan said he'd send the report", "Eid texted me"):
# not "come" nor "go", said of a festival as well ("Ramadan came early this year", "eid went well").
PERSONS_DEED_LEMMAS = CALL_LEMMAS | frozenset({"say", "tell", "promise", "mention", "send", "ask", "reply", "teach", "visit", "offer", "agree", "invite"})
# What is done to a person, of which a name is the object ("I asked Ramadan", "tell Ramadan I said hi", "I'm seeing
# Ramadan on friday"): one does not ask, tell or meet a festival.
TO_A_PERSON_LEMMAS = CALL_LEMMAS | frozenset({"ask", "tell", "see", "meet", "invite", "thank", "visit"})


def _come_round(doc: ParsedDoc, verb: int) -> bool:
    """The verb is a visit: "come" or "pop" with "over", "round" or "by" ("Eid came over"), not "Ramadan came early"."""
    return doc.tokens[verb].lemma.lower() in ("come", "pop") and any(
        a.label == "prt" and doc.tokens[a.dep].lower in ("over", "round", "by") for a in doc.children(verb))


def a_holiday_naming_a_person(doc: ParsedDoc, start: int, end: int) -> bool:
    """The words at ``[start, end)`` are a holiday's name that names a person, no date: one inside a longer name of a
    person the tagger read ("Tariq Ramadan is speaking tonight", "Ramadan Abdullah called", "Holi Patel starts on
    monday"), or a capitalised festival that is also a name (:data:`FESTIVALS_ALSO_NAMES`) where a title or a word
    for a person stands before it ("Dr Eid", "my colleague Ramadan"), it does what a person does
    (:data:`PERSONS_DEED_LEMMAS`), has done to it what is done to one (:data:`TO_A_PERSON_LEMMAS`), or is said to be
    one ("Ramadan is my neighbour"). "Ramadan is going well", "eid was lovely", "a party for Eid" are the festival."""
    if HOLIDAY.fullmatch(doc.text[start:end].replace("’", "'")) is None:
        return False
    if any(e.label == "PERSON" and doc.tokens[e.start].idx <= start and end <= doc.tokens[e.end - 1].end
           and any(t.pos == "PROPN" and t.text[:1].isupper() and t.lower not in FESTIVAL_GREETINGS and not start <= t.idx < end
                   for t in doc.tokens[e.start:e.end])
           for e in doc.entities):
        return True
    words = [t for t in doc.tokens if start <= t.idx < end]
    if len(words) != 1 or words[0].lower not in FESTIVALS_ALSO_NAMES or not words[0].text[0].isupper():
        return False
    name = words[0]
    before = doc.tokens[name.i - 1].lower.rstrip(".") if name.i > 0 else ""
    if before in NAME_TITLES or before in PERSON_NOUNS or before in ("colleague", "neighbour", "boss", "cousin"):
        return True
    for arc in doc.parents(name.i):
        lemma = doc.tokens[arc.head].lemma.lower()
        if arc.label == "nsubj" and (lemma in PERSONS_DEED_LEMMAS or _come_round(doc, arc.head) or lemma == "be" and any(
                a.label == "attr" and doc.tokens[a.dep].lemma.lower() in PERSON_NOUNS | {"neighbour", "colleague", "boss"}
                for a in doc.children(arc.head))):
            return True
        if arc.label == "dobj" and lemma in TO_A_PERSON_LEMMAS:
            return True
    return False


def _a_persons_name(doc: ParsedDoc, start: int, end: int) -> bool:
    """The words at ``[start, end)`` are one word the tagger reads as a person ("a card for June", "thanks for May's
    help"): a name, though it is a month's."""
    words = [t for t in doc.tokens if start <= t.idx < end]
    return len(words) == 1 and words[0].ent == "PERSON"


def _past_a_leading_name(doc: ParsedDoc, plain: str, start: int, end: int) -> int:
    """The first token of a date entity after any place or person name the tagger took into it ("Manchester the
    weekend after next", read whole, had been handed to recognizers-text, which made it this month): proper nouns
    that are no month, weekday or holiday (``plain`` is the text with plain apostrophes), followed by a word of time
    that is no name or number."""
    first = start
    while first < end - 1:
        token = doc.tokens[first]
        if token.pos != "PROPN" or re.fullmatch(_MONTH, token.lower) or token.lower in WEEKDAYS or HOLIDAY.match(plain, token.idx):
            break
        first += 1
    rest = doc.tokens[first]
    # only before words of time ("the weekend after next", "next week", "tomorrow"); "Summer 2019" stays whole
    return first if first > start and rest.pos not in ("PROPN", "NUM") else start


# Shifts and parts of the day in the plural ("on nights", "doing earlies", "working weekends"): a kind of work or a
# count ("two nights"), not a time, before the time they are done in.
SHIFTS_IN_THE_PLURAL = frozenset({"nights", "days", "lates", "earlies", "mornings", "afternoons", "evenings", "weekends"})
# Words that may open a time by themselves after such a plural ("nights next week", "nights tomorrow")
TIME_OPENERS = frozenset({"next", "last", "this", "the", "that", "all", "tomorrow", "tonight", "today", "on"}) | frozenset(WEEKDAYS)


def _past_a_kind_of_shift(doc: ParsedDoc, first: int, end: int) -> int:
    """The first token of a date entity after a shift or a part of the day in the plural the tagger took into it,
    with any count before it (:data:`SHIFTS_IN_THE_PLURAL`), where a word that opens a time follows: "nights next
    week" had been read as a night, the session's own, and "nights tomorrow" as nothing; "two nights next week" is
    the week. Not "two days ago", whose days are the time."""
    shift = first + 1 if first < end - 2 and _count(doc.tokens[first].lower) is not None else first
    if shift < end - 1 and doc.tokens[shift].lower in SHIFTS_IN_THE_PLURAL and doc.tokens[shift + 1].lower in TIME_OPENERS:
        return shift + 1
    return first


def _an_age_turned(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a number right after a form of "turn" ("turns 60 next month", "turned 13 last week"): the age
    reached, which the tagger takes into the date after it."""
    return doc.tokens[k].pos == "NUM" and k > 0 and doc.tokens[k - 1].lemma.lower() == "turn"


def _a_subject(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is the subject of a clause ("since the 15th is booked": a reason, not a start)."""
    token = next((t for t in doc.tokens if t.idx >= char), None)
    if token is None:
        return False
    head = token.i
    while (up := next(iter(doc.parents(head)), None)) is not None and up.label in ("det", "amod", "compound", "nummod"):
        head = up.head
    return any(arc.label in ("nsubj", "nsubjpass") for arc in doc.parents(head))


# What a figure is compared with, right before a month: "more than February", "faster than October", "up from 45 kg
# in January", "down from 80 in March": the figure then. Not a deadline ("no later than March"), a preference ("rather
# than June") or a change still to come ("rent is going up from £900 in September").
COMPARED_WITH = re.compile(
    r"(?:\b(?P<than>\w+)\s+than|(?P<before>\S+)\s+(?:up|down)\s+from\b[^.!?;]{0,40}?\bin)\s+$", re.IGNORECASE
)
NOT_COMPARING = frozenset({"later", "sooner", "earlier", "rather", "other", "before"})
CHANGING_VERBS = re.compile(r"go|goes|going|went|gone|come|comes|coming|will|'ll|gonna", re.IGNORECASE)


def _compared_with(text: str, start: int, expression: str) -> bool:
    """The month at ``start`` is what a figure is compared with (:data:`COMPARED_WITH`), so behind the session."""
    compared = COMPARED_WITH.search(text, 0, start)
    if compared is None or not re.fullmatch(rf"(?:in\s+)?{_MONTH}", expression.strip(), re.IGNORECASE):
        return False
    if compared.group("than") is not None:  # a comparative before it: "more", "faster", "heavier", not "spring"
        word = compared.group("than").lower()
        return word not in NOT_COMPARING and (word in ("more", "less", "fewer", "better", "worse") or word.endswith("er"))
    return not CHANGING_VERBS.fullmatch(compared.group("before"))

def since_we_last_talked(text: str) -> str | None:
    """The words of a "since we last talked" between its pronouns ("last talked", "last saw" of "since I last saw
    you"), which a memory keeps as said where it names the people; None for any other expression."""
    m = SINCE_WE_LAST_TALKED.fullmatch(text.strip())
    return None if m is None else next(group for group in m.groups() if group)


def _since_the_session_before(
    last_talked: datetime | None, session_time: datetime | None
) -> tuple[datetime, datetime, str] | None:
    """"Since we last talked, I've started running": the days from the session before up to this one, a stretch
    that dates the memory only where no date of its own does ("since we last spoke I went to a pride parade last
    week" is of last week), so read as a length. Unresolved in a first session, whose talk before is not known."""
    if last_talked is None or session_time is None or last_talked > session_time:
        return None
    return _day(last_talked.date()), _day(session_time.date() + timedelta(days=1)), "duration"


def _up_to_the_session(resolved: tuple[datetime, datetime, str], session_time: datetime) -> tuple[datetime, datetime, str]:
    """"Since the 15th", "since New Year's Day", "since the start of December", "since mid-April": a day or a part
    of a period the stretch runs from, up to the day it is said, as "since March" does (the rules read a "since"
    they see in the expression so; the tagger often leaves it out)."""
    start, _, kind = resolved
    if kind not in ("point", "range") or start > session_time:
        return resolved
    return start, _day(session_time.date() + timedelta(days=1)), "range"


def _up_to_the_day(resolved: tuple[datetime, datetime, str], session_time: datetime) -> tuple[datetime, datetime, str]:
    """"Before Christmas" ahead of the session ("hopefully done before Christmas"): the days from the session up to
    the holiday, not the holiday itself; one behind ("we met before Christmas") stays the day it counts from."""
    today = session_time.replace(hour=0, minute=0, second=0, microsecond=0)
    return (today, resolved[0], "range") if resolved[0] > today else resolved


# Words that make a "before" a deadline ("I need to finish it before Christmas", "it has to be done before Easter",
# "hopefully sorted before Christmas", "I'll pay it back before Christmas"); "have", "has", "got" and "want" do so
# with their "to"; "hoping" is written out, the lemmatiser reads it as "hop".
DEADLINE_CUE_LEMMAS = frozenset({"need", "must", "should", "hope", "hoping", "hopefully", "finish", "complete", "sort",
                                 "pay", "gotta", "deadline", "done", "ready"})
DEADLINE_CUE_BEFORE_TO = frozenset({"have", "has", "had", "got", "want", "wants"})
# Words right before "before" that put the event close to the day, not anywhere up to it ("just before Christmas")
CLOSE_BEFORE = frozenset({"just", "right", "shortly", "straight", "soon"})


def _a_deadline_before(doc: ParsedDoc, start: int) -> bool:
    """The "before" right ahead of the expression at ``start`` sets a deadline: its sentence has a word of one
    (:data:`DEADLINE_CUE_LEMMAS`, "have to", "want to"), tells no habit ("I always get the flu before Christmas")
    and says no "just before" ("everything gets crazy just before Christmas"): only then is it every day up to the
    holiday; a plan or a habit said before one is the days close to it, and the holiday day is the nearer."""
    at = _token_at(doc, start)
    if at is None or at.i < 1:
        return False
    if at.i >= 2 and doc.tokens[at.i - 2].lower in CLOSE_BEFORE:  # the word before the "before"
        return False
    first, last = doc.sentences[at.sent] if doc.sentences else (0, len(doc.tokens))
    words = doc.tokens[first:last]
    if any(t.lower in HABIT_ADVERBS for t in words):
        return False
    return any(
        t.lower in DEADLINE_CUE_LEMMAS or _lemma_in(t, DEADLINE_CUE_LEMMAS)
        or (t.lower in DEADLINE_CUE_BEFORE_TO and t.i + 1 < len(doc.tokens) and doc.tokens[t.i + 1].lower == "to")
        for t in words
    )


def _lone_ordinal(doc: ParsedDoc, start: int, end: int, tags: tuple[str, ...]) -> Token | None:
    """The ordinal's word at ``[start, end)`` ("the 9th"), tagged one of ``tags``, when its noun phrase holds
    nothing but its article; else None."""
    word = next((t for t in doc.tokens if start <= t.idx < end and t.text[:1].isdigit()), None)
    if word is None or word.pos not in tags or not all(arc.label == "det" for arc in doc.children(word.i)):
        return None
    return word


def _a_day_by_itself(doc: ParsedDoc, start: int, end: int) -> bool:
    """The ordinal at ``[start, end)`` ("the 9th") heads a noun phrase of its own, with nothing in it but its
    article, as the subject or the time of its clause: a day of the month, which the tagger leaves out when no
    preposition or month comes with it ("the 9th is better for us", "I'm free the 9th"). One that modifies a
    noun after it ("the 5th floor"), or has words of its own ("the 3rd in line", "the 2nd to arrive"), ranks or
    counts; an adjective reading ("I liked the 2nd better") is no noun phrase."""
    word = _lone_ordinal(doc, start, end, ("NOUN", "PROPN", "NUM"))
    if word is not None and any(arc.label in DAY_BY_ITSELF_LABELS or _a_day_named(doc, arc) for arc in doc.parents(word.i)):
        return True
    word = _lone_ordinal(doc, start, end, ("NOUN", "PROPN", "NUM", "ADJ"))  # "my scan is the 28th" tags it ADJ
    ends_its_clause = word is not None and (word.i + 1 == len(doc.tokens) or doc.tokens[word.i + 1].lower in CLAUSE_BREAKS)
    return ends_its_clause and any(_what_an_event_is(doc, arc) for arc in doc.parents(word.i))


def _a_day_taken(doc: ParsedDoc, start: int, end: int) -> bool:
    """The ordinal at ``[start, end)`` ("the 18th"), alone in its noun phrase, is the object of a verb of working,
    covering or managing a day (:data:`DAY_TAKING_LEMMAS`) said not in the past: "ok ill ask maureen to cover the
    18th", "I'm working the 18th", "I can't do the 18th", "can you do the 18th or the 19th?", which had no date (the
    18th of "I'll ask Maureen to cover the 18th." was found only where the tagger took the capital for a name and
    the day for a date)."""
    word = _a_day_in_its_own_phrase(doc, start, end)
    if word is None:
        return False
    arcs = [a for arc in doc.parents(word.i) for a in (doc.parents(arc.head) if arc.label == "conj" else [arc])]
    return any(arc.label == "dobj" and _lemma_in(doc.tokens[arc.head], DAY_TAKING_LEMMAS)
               and doc.tokens[arc.head].tag not in ("VBD", "VBN") for arc in arcs)


def _a_day_hedged(doc: ParsedDoc, start: int, end: int) -> bool:
    """The ordinal at ``[start, end)`` after a hedge of when ("the sale starts around the 18th", "back roughly the
    18th", "done approximately the 20th") is a day near which a thing is, where it is alone in its phrase and is no
    rank that "be" gives a person ("he was roughly the 10th in the queue"; :func:`_what_an_event_is`)."""
    word = _a_day_in_its_own_phrase(doc, start, end)
    return word is not None and not any(arc.label == "attr" and not _what_an_event_is(doc, arc) for arc in doc.parents(word.i))


def _a_day_in_its_own_phrase(doc: ParsedDoc, start: int, end: int) -> Token | None:
    """The ordinal's word at ``[start, end)`` ("the 18th") when its phrase holds nothing else but its article, a
    hedge ("roughly the 18th") and other days joined to it ("the 18th or the 19th", "the 18th but not the 19th"):
    not "the 2nd one", "the 10th in the queue", which rank a thing."""
    word = next((t for t in doc.tokens if start <= t.idx < end and t.text[:1].isdigit()), None)
    if word is None or word.pos not in ("NOUN", "PROPN", "NUM", "ADJ") or not all(
            arc.label in ("det", "cc", "neg", "punct") or arc.label == "conj" and _an_ordinal(doc.tokens[arc.dep])
            or arc.label == "advmod" and doc.tokens[arc.dep].lower in DAY_HEDGES for arc in doc.children(word.i)):
        return None
    return word


def _an_ordinal(word: Token) -> bool:
    return bool(re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", word.lower))


def _a_day_alone(doc: ParsedDoc, start: int, end: int, the: bool = True) -> bool:
    """The ordinal at ``[start, end)`` is all its sentence says but for the words of offering or agreeing a day
    (:data:`DAY_ALONE_WORDS`): "ok the 22nd then", "how about the 22nd?", "the 21st?", "21st it is", a day put
    forward or settled, which had no date. Another word must say so, or, after "the", a question ("the 21st?"): a
    bare "2nd!" is as often a place, and "the 2nd." an answer to "which one?". A day asked about beside another sentence is put forward, and dates not
    what that sentence tells."""
    word = next((t for t in doc.tokens if start <= t.idx < end and t.text[:1].isdigit()), None)
    if word is None or not doc.sentences:
        return False
    first, last = next((s, e) for s, e in doc.sentences if s <= word.i < e)
    if doc.tokens[last - 1].text == "?" and len(doc.sentences) > 1:
        return False  # "can't, it's Hannah's hen do. the 21st?": a day put forward is not the day of what is told
    others = [t for t in doc.tokens[first:last] if t.i != word.i and t.pos != "PUNCT" and not (the and t.i == word.i - 1)]
    asked = doc.tokens[last - 1].text == "?"
    return all(t.lower in DAY_ALONE_WORDS for t in others) and (bool(others) or the and asked)


def _a_day_named(doc: ParsedDoc, arc: Arc) -> bool:
    """The ordinal is the object of a verb of naming a day: "the builder's now saying the 17th" (unlike "I liked
    the 2nd", one of several things)."""
    return arc.label == "dobj" and doc.tokens[arc.head].lemma.lower() in DAY_NAMING_LEMMAS


def _what_an_event_is(doc: ParsedDoc, arc: Arc) -> bool:
    """The ordinal is what "be" says an event or a date is: "the op is provisionally the 23rd", "the date is the 9th"
    (unlike "he was the 3rd", a rank of a person, or "our flat is the 2nd", a floor)."""
    if arc.label != "attr" or not (doc.tokens[arc.head].lemma.lower() == "be" or doc.tokens[arc.head].lower == "'s"):
        return False
    subject = next((a.dep for a in doc.children(arc.head) if a.label in ("nsubj", "nsubjpass")), None)
    if subject is None:
        return False
    word = doc.tokens[subject].lemma.lower()
    ranked = any(doc.tokens[a.dep].lower in RANKING_WORDS or doc.tokens[a.dep].tag == "JJS" for a in doc.children(subject))
    return CLIPPED_WORDS.get(word, word) in DATED_NOUNS and not ranked


def _a_day_moved_to(doc: ParsedDoc, start: int, end: int) -> bool:
    """The ordinal at ``[start, end)`` ("the 11th"), with nothing in its noun phrase but its article, is the object
    of a "to" (until, till) that hangs on a verb of moving a date (:func:`_moves_a_date`): the day a thing was moved
    to ("she moved it to the 11th", "they postponed it to the 9th"). The "to" pattern is left out of the cue
    patterns, since "to the 5th" is as often a floor or a rank; the verb of moving says it is a day here."""
    word = _lone_ordinal(doc, start, end, ("NOUN", "PROPN", "NUM", "ADJ"))
    return word is not None and any(
        arc.label == "pobj" and doc.tokens[arc.head].lower in ("to", "until", "till") and _moves_a_date(doc, arc.head)
        for arc in doc.parents(word.i)
    )


def _moved_from_to(doc: ParsedDoc, start: int, end: int) -> list[tuple[int, int]]:
    """The span ``start..end`` as one date expression, or as two where it is the date a thing was moved from and
    the one it was moved to ("moved the exam from April 22 to April 24", "pushed it back from the 8th to the
    15th"): its "to" (until, till) hangs on a verb of moving a date (:func:`_moves_a_date`), so the two are no
    range of days ("we're away from April 22 to April 24" is one)."""
    for t in doc.tokens:
        if start < t.idx and t.end < end and t.lower in SCHEDULED_BEFORE and 0 < t.i < len(doc.tokens) - 1 \
                and _moves_a_date(doc, t.i) and not _moved_somewhere_before(doc, t.i, start):
            first = doc.tokens[t.i - 1].end
            lead = re.match(r"from\s+", doc.text[start:first], re.IGNORECASE)
            return [(start + (lead.end() if lead else 0), first), (doc.tokens[t.i + 1].idx, end)]
    return [(start, end)]


def _moved_to_a_day_gone_by(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is the day a thing was moved to (:func:`_moves_a_date`), and the sentence goes on
    to tell in the past how it went (:func:`_how_it_went_after`): "they moved it to the 6th and we went",
    "rescheduled for the 3rd and it went fine". The moved day is then behind; alone ("they moved it to the 6th") it
    is the arrangement's, ahead."""
    at = _token_at(doc, char)
    before = at.i - 1 if at is not None and at.lower not in SCHEDULED_BEFORE else at.i if at is not None else -1
    return before >= 0 and doc.tokens[before].lower in SCHEDULED_BEFORE and _moves_a_date(doc, before) and (
        _how_it_went_after(doc, char, WENT_TO_LEMMAS))


def _moved_somewhere_before(doc: ParsedDoc, preposition: int, start: int) -> bool:
    """The verb the ``preposition`` hangs on moved its subject somewhere said before the date at ``start`` ("we
    moved to Leeds from 2019 to 2021"): a move of home, whose "from ... to" is the stay's range, not a date moved.
    A verb with an object moved that ("they moved my appointment to the other clinic from 3 June to 10 June")."""
    verb = _above_the_prepositions(doc, preposition)
    arcs = doc.children(verb)
    return not any(arc.label in ("dobj", "obj") for arc in arcs) and any(
        arc.label == "prep" and doc.tokens[arc.dep].lower in ("to", "into") and doc.tokens[arc.dep].end <= start for arc in arcs
    )


def _moved_from_date(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is the date a thing was moved from ("moved the exam from April 22 to ..."): it
    follows "from", which hangs on a verb of moving a date, or is followed in its sentence by the date moved to
    ("pushed it back from June 14 to June 21", where the parse hangs "from" on "back"). It was the arrangement's
    date, which a past tense of the moving does not put behind."""
    at = next((t.i for t in doc.tokens if t.idx >= char), None)
    if not at or doc.tokens[at - 1].lower != "from":
        return False
    sent = doc.tokens[at].sent
    return _moves_a_date(doc, at - 1) or any(
        t.lower in SCHEDULED_BEFORE and _moves_a_date(doc, t.i) for t in doc.tokens[at + 1 :] if t.sent == sent
    )


# A part of the day the tagger finds apart from the day it belongs to ("yesterday afternoon", "Monday evening").
PART_OF_DAY = re.compile(r"(?:morning|afternoon|evening|night)s?", re.IGNORECASE)
# A part of the day said as a greeting where a turn opens ("Morning. The Dolomites were amazing", "morning! please
# call me Hana", "Hi, good evening all"): what comes before and after it. The greeting stands alone, up to a word of
# address or a name; "Morning was rough" and "morning's better for me" use the word as a noun.
GREETING_BEFORE = re.compile(r"^\W*(?:(?:hi|hey|hello|hiya|oh)\W+)?(?:good\s+)?$", re.IGNORECASE)
GREETING_AFTER = re.compile(
    r"(?:\s+(?:all|everyone|everybody|guys|folks|team|y'all|there|mate|[A-Z][a-z]+))?\s*(?:[^\w\s'’]|$)"
)
GREETING_WORDS = re.compile(r"(?:morning|afternoon|evening)", re.IGNORECASE)


def _counted_from(text: str, start: int, end: int, next_start: int) -> bool:
    """The expression at ``[start, end)`` is a count of units and only "before" or "after" stands between it and
    the one at ``next_start``, from which it counts ("two days before the 11th"), or it ends in that word itself
    and only space stands between (the tagger's "two days before", then "Christmas")."""
    span, between = re.sub(r"\s+", " ", text[start:end]), text[end:next_start]
    count = rf"(?:(?:about|around|roughly) )?{_COUNT} {_UNIT}"
    if re.fullmatch(count, span, re.IGNORECASE):
        return re.fullmatch(r"\s+(?:before|after)\s+", between, re.IGNORECASE) is not None
    return re.fullmatch(rf"{count} (?:before|after)", span, re.IGNORECASE) is not None and between.isspace()


def _a_greeting(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """"Morning." or "Good evening!" opening the turn greets; it is no time of what the turn tells (it had been
    appended to the memory as "(morning)" and dated the session day)."""
    return bool(
        GREETING_WORDS.fullmatch(text) and GREETING_BEFORE.search(doc.text[:start]) and GREETING_AFTER.match(doc.text, end)
    )


def _a_length(doc: ParsedDoc, start: int, text: str) -> bool:
    """"For a week", "for about a month": how long, not which week ("I'm off work for a week in June" is in June,
    not the week up to the session); "by a week": how far a date moved ("extend my leave by a week"). "For the
    week" names one and stays an anchor."""
    if not A_LENGTH.fullmatch(text):
        return False
    before = doc.text[max(0, start - 5) : start]
    return text.lower().startswith(("for", "by")) or re.search(r"\b(?:for|by)\s+$", before, re.IGNORECASE) is not None


def _token_at(doc: ParsedDoc, char: int) -> Token | None:
    return next((t for t in doc.tokens if t.idx <= char < t.end), None)


def _last_token_before(doc: ParsedDoc, end: int) -> Token | None:
    return next((t for t in reversed(doc.tokens) if t.idx < end), None)


def _after_a_time_preposition(doc: ParsedDoc, start: int, the: bool = False) -> bool:
    """A preposition of time right before ``start`` (:data:`TIME_PREPOSITION_BEFORE`; with ``the``, "the" may stand
    between, :data:`TIME_PREPOSITION_THE_BEFORE`)."""
    before = doc.text[max(0, start - 12) : start]
    return (TIME_PREPOSITION_THE_BEFORE if the else TIME_PREPOSITION_BEFORE).search(before) is not None


def _a_title(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A four-digit number that names a film, a book or an album, not a year: what one watches, reads or plays
    (:data:`MEDIA_VERBS`: "watched 1917", "reading 1984"), or a number ending such a title ("watched Blade Runner
    2049"). A year after a preposition of time stays one ("in 2019"), and so does a year lived ("we survived 2020",
    "I remember 1998") or an edition ("we met at Glastonbury 2019")."""
    if not re.fullmatch(r"\d{4}", text) or _after_a_time_preposition(doc, start):
        return False
    token = _token_at(doc, start)
    up = next(iter(doc.parents(token.i)), None) if token is not None else None
    if up is not None and up.label in ("nummod", "compound", "appos") and doc.tokens[up.head].pos == "PROPN":
        up = next(iter(doc.parents(up.head)), None)  # the title the number ends: what is watched
    return up is not None and up.label == "dobj" and doc.tokens[up.head].lemma.lower() in MEDIA_VERBS


# The parts a show or a book comes in, which a number after them counts ("Wednesday season 2", "Sunday series 3")
SHOW_PARTS = frozenset({"season", "series", "episode"})
# Words of a day that open a title as they open a date ("Friday Night Lights", "Tomorrow People")
TITLE_DAY_WORDS = frozenset(WEEKDAYS) | {"today", "tomorrow", "yesterday", "tonight"}


def _a_day_in_a_title(doc: ParsedDoc, start: int, end: int) -> bool:
    """A capitalised day word the tagger read as the first of a name before a numbered season of a show ("watching
    Wednesday season 2", "Sunday series 3 is out"): the title of a show, no date. A day before other capitalised
    words keeps its date, as chat capitalises what happens that day ("Tuesday Night Salsa Class is cancelled",
    "Friday Night Curry at ours"); a title like "Friday Night Lights" is told apart only by what one knows of it."""
    first = next((t for t in doc.tokens if start <= t.idx < end and t.lower in TITLE_DAY_WORDS), None)
    if first is None or first.pos != "PROPN" or not first.text[:1].isupper():
        return False
    word = first
    while (up := next(iter(doc.parents(word.i)), None)) is not None and up.label == "compound":
        word = doc.tokens[up.head]
        if word.lower in SHOW_PARTS:
            return any(doc.tokens[arc.dep].pos == "NUM" for arc in doc.children(word.i))
        if not word.text[:1].isupper():
            return False
    return False


def _a_decade_as_a_style(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A decade right before a noun, with no preposition of time before it: a style ("80s music", "a 90s kid"),
    not a time; "in the 80s my dad was a DJ" is one."""
    if not re.fullmatch(r"(?:the\s+)?'?(?:19|20)?\d0'?s", text, re.IGNORECASE):
        return False
    if _after_a_time_preposition(doc, start, the=True):
        return False
    after = next((t for t in doc.tokens if t.idx >= end), None)
    return after is not None and after.tag in ("NN", "NNS") and doc.text[end : after.idx].isspace()


# Hedges before a length ("the waiting list is about eight weeks")
_ABOUT = r"(?:about|around|roughly|nearly|almost|approximately|just over|just under|over|under)"


def _a_stage(doc: ParsedDoc, start: int, text: str) -> bool:
    """A count of units after "at" is a stage, not a stretch up to now: "they might induce me at 38 weeks", "babies
    walk at 12 months"."""
    return bool(re.fullmatch(rf"{_COUNT}\s+{_LENGTH_WORD}", text, re.IGNORECASE)) and bool(
        re.search(r"\bat\s+$", doc.text[max(0, start - 4) : start], re.IGNORECASE))


def _a_length_of_a_thing(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A count of units said of a thing with "is" ("the course is 6 weeks", "my phone plan is 24 months"), or a span
    of counts ("the wait is 10 to 14 weeks", "the course is 6-8 weeks", which had been the fourteen weeks up to the
    session): how long it lasts. Not of "it" or "that", whose "is" tells how long ago or until ("it's been 6 weeks",
    "it's 3 weeks till the wedding"), nor with a word that counts from a time after it ("6 weeks since the op")."""
    if not re.fullmatch(rf"(?:{_ABOUT}\s+)?{_COUNTS}\s+{_LENGTH_WORD}", text, re.IGNORECASE):
        return False
    last = _last_token_before(doc, end)
    up = next(iter(doc.parents(last.i)), None) if last is not None else None
    if up is None or up.label not in ("attr", "acomp") or doc.tokens[up.head].lemma.lower() != "be":
        return False
    be = up.head
    if doc.tokens[be].lower == "been" or any(doc.tokens[a.dep].lower in ("been", "has", "have") for a in doc.children(be)):
        return False
    subjects = [doc.tokens[a.dep] for a in doc.children(be) if a.label in ("nsubj", "nsubjpass")]
    if not subjects or any(t.lower in ("it", "that", "this", "there") for t in subjects):
        return False
    return STILL_TO_RUN_AFTER.match(doc.text, end) is None and not re.match(r"\s+(?:since|ago|before|after)\b", doc.text[end:], re.IGNORECASE)


def _a_finished_stretch(doc: ParsedDoc, start: int, text: str) -> bool:
    """"For three years", "for 6 months" of a verb in the simple past or the past perfect ("I worked at the bakery
    for three years and then quit", "we had lived in Japan for a year"): a stretch that ended at some time the turn
    does not say, so not the years up to the session, as the present perfect's is ("we've been married for three
    years"). Days and weeks stay: "I was sick for a week" is most often the one just gone."""
    if not FINISHED_STRETCH.fullmatch(text):
        return False
    if not (text.lower().startswith("for") or re.search(r"\bfor\s+$", doc.text[max(0, start - 5) : start], re.IGNORECASE)):
        return False
    clause = _clause_of(doc, start)
    if not clause:
        return False
    verb, helpers = clause[0], {t.lower.replace("’", "'") for t in clause[1:]}
    if helpers & {"have", "has", "'ve", "ve", "now", "already"}:
        return False  # "I've had them for 3 years now": a perfect the tagger may read as a past, still running
    # "we were married for twenty years" is over as "we had lived there for a year" is (the parse may hang the
    # participle on "were" as its complement)
    above = [doc.tokens[a.head] for a in doc.parents(verb.i) if a.label == "acomp"]
    helpers |= {t.lower for t in above if t.lemma == "be"}
    return (verb.tag == "VBD" and not _have_got(doc, verb)) or (verb.tag == "VBN" and bool(helpers & {"had", "was", "were"}))


def _a_time_it_takes(doc: ParsedDoc, end: int, text: str) -> bool:
    """A count of units that a verb of lasting takes as its object (:data:`LASTING_LEMMAS`): "the e-visa takes like 3
    days", "it lasted two weeks", "the renewal needs about ten days", or one of estimating (:data:`ESTIMATING_LEMMAS`:
    "I told Dmitri 2 weeks"): how long, not when; it had been the days up to the session. Not a time off taken ("I
    took two days off"), which is a stretch of the calendar."""
    if not BARE_LENGTH.fullmatch(text):
        return False
    unit = _last_token_before(doc, end)
    up = next(iter(doc.parents(unit.i)), None) if unit is not None else None
    if up is None or up.label not in ("dobj", "npadvmod", "obj", "attr") or up.head == unit.i:
        return False
    verb = doc.tokens[up.head]
    if not _lemma_in(verb, LASTING_LEMMAS | ESTIMATING_LEMMAS) or verb.pos not in ("VERB", "AUX"):
        return False
    return not any(doc.tokens[a.dep].lower in ("off", "out") for a in doc.children(verb.i) if a.label == "prt") \
        and not re.match(r"\s+(?:off|out)\b", doc.text[end:], re.IGNORECASE)


def _the_first_nights(doc: ParsedDoc, end: int, text: str) -> bool:
    """"The first 4 nights", "for the first few days": the first days of a stay or a trip the turn may not date, no
    stretch of the calendar (it had been the session's own day); "the first two weeks of March" is those days."""
    return bool(FIRST_NIGHTS.match(text)) and " of " not in text.lower() and not re.match(r"\s+of\b", doc.text[end:])


def _a_stretch_between(doc: ParsedDoc, start: int, text: str) -> bool:
    """"She married Pete after six months", "I quit after six weeks": in the past, a length "after" which a
    thing happened is counted from another event, not back from the session (it had dated the wedding the six
    months up to the day it was told). Ahead it counts from now ("I'll call you after two weeks")."""
    if not (BARE_LENGTH.fullmatch(text) and re.search(r"\bafter\s+$", doc.text[max(0, start - 8) : start], re.IGNORECASE)):
        return False
    return tense_at(doc, start) == "past"


def _a_time_taken(doc: ParsedDoc, start: int, text: str) -> bool:
    """"Finished in 4:12", "a time of 1:58:30": hours and minutes a race or a task took, not a time of day
    (which is said "at 4:12"), so no date of the session day. So is a reading no clock shows ("my 10k PB is now
    52:30", "26:00 at parkrun"), and one to the second not said "at" ("1:47:32, a new PB"): it had dated the turn
    the session's day, over the "yesterday" of the run."""
    before = doc.text[max(0, start - 20) : start]
    reading = CLOCK_READING.fullmatch(text)
    if reading is None:
        return False
    hours, *rest = re.findall(r"\d+", text)
    if int(hours) >= 24 or (len(rest) == 2 and not re.search(r"\bat\s+$", before, re.IGNORECASE)):
        return True
    return text.lower().startswith("in") or TIME_TAKEN_BEFORE.search(before) is not None


# Bodies of people that meet on a weekday week after week: a weekday before one names which, no day
# ("the Monday group closed", "captain of the tuesday team").
STANDING_GROUP_NOUNS = frozenset({"group", "team", "club", "league", "squad", "crew", "choir", "band", "circle", "side"})
# Work a weekend names, done at weekends week in week out: "all the weekend shifts", "the weekend rota", "the weekend rate"
WEEKEND_WORK_NOUNS = frozenset({"shift", "rota", "rate", "staff", "job", "cover", "pay", "hours", "work", "team",
                                "crew", "allowance", "premium", "supplement", "timetable", "service"})
# Things held on a weekday week in week out, which the weekday names: "the thursday market is doing well", "giving
# up the sunday pitch", "the saturday stall" (a market day, not one Thursday)
STANDING_WEEKDAY_THINGS = frozenset({"market", "stall", "pitch"})
# Goods or a line of them a season names, what they are for and not when anything happens: "not taking the summer
# range", "the winter menu", "my winter coat"; a holiday, break, term, party or job in a season is still then
SEASONAL_GOODS = frozenset({"range", "collection", "line", "menu", "catalogue", "catalog", "stock", "wardrobe",
                            "clothes", "coat", "jacket", "dress", "tyres", "tires", "boots", "uniform", "duvet"})


def _the_standing_one(doc: ParsedDoc, start: int) -> bool:
    """The weekday's market, stall or pitch at ``start`` is told as the standing one ("the thursday market is doing
    £250ish", "giving up the sunday pitch"), not one day's: not in past talk ("the saturday market was quiet"), a trip
    to it ("I'm going to the saturday market") or a clause that says which week ("is on this week")."""
    clause = _clause_of(doc, start)
    at = _token_at(doc, start)
    words = {t.lower for t in doc.tokens[slice(*doc.sentences[at.sent])]} if at is not None else set()
    return (tense_at(doc, start) != "past" and not any(_lemma_in(t, TRIP_LEMMAS) for t in clause)
            and not words & {"this", "next", "today", "tomorrow", "tonight"})


def _classifies_a_noun(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """The expression at ``[start, end)`` is an ordinal, a part of the day, a year or a holiday that modifies a noun
    after it: it ranks or classifies that noun ("for the 3rd time", "on the 5th floor", "the evening data analytics
    certificate", "a 2019 Yaris", "your Christmas card list"), and is no date; a year or a holiday still is when the
    whole phrase is a time after a preposition ("at the Christmas party", "in the 2019 season"), and a holiday is the time of an occasion it names ("the
    Christmas party was fun", "our Thanksgiving dinner")."""
    ordinal = re.fullmatch(r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)", text, re.IGNORECASE)
    weekday = re.fullmatch(rf"(?:the\s+|my\s+|our\s+)?{_WEEKDAY}", text, re.IGNORECASE)
    part_of_day = re.fullmatch(r"(?:the\s+|my\s+|our\s+|an?\s+)?(?:morning|afternoon|evening|night)", text, re.IGNORECASE)
    season = re.fullmatch(r"(?:the\s+|my\s+|our\s+|this\s+|next\s+|last\s+)?(?:spring|summer|autumn|fall|winter)", text, re.IGNORECASE)
    weekend = re.fullmatch(r"(?:all\s+)?(?:the\s+|my\s+|our\s+)?weekend", text, re.IGNORECASE)
    if not (ordinal or weekday or part_of_day or season or weekend or re.fullmatch(rf"(?:19|20)\d\d|{_HOLIDAY}", text, re.IGNORECASE)):
        return False
    last = _last_token_before(doc, end)
    up = next(iter(doc.parents(last.i)), None) if last is not None else None
    if season:
        # "the summer range", "this winter's menu" is the season's, "our summer holiday" is in it
        return up is not None and up.label == "compound" and doc.tokens[up.head].idx >= end and (
            doc.tokens[up.head].lemma.lower() in SEASONAL_GOODS or doc.tokens[up.head].lower in SEASONAL_GOODS)
    labels = ("amod", "nummod", "compound") + (("nmod",) if weekday else ())  # "the tuesday women's team"
    if up is None or up.label not in labels or doc.tokens[up.head].idx < end:
        return False
    if doc.tokens[up.head].lower in CHAT_ASIDES:
        return False  # "her bday is on the 15th btw": the tagger made "btw" a noun the day modifies
    if weekend:
        # "all the weekend shifts", "the weekend rota", "the weekend rate": work done at weekends, a kind of shift, not
        # the coming or the last weekend; "the weekend trip" may still be one weekend's
        return doc.tokens[up.head].lemma.lower() in WEEKEND_WORK_NOUNS
    if ordinal or part_of_day:
        return True  # "the evening data analytics certificate", "a night shift": a kind of course or shift
    if weekday:
        # "the Thursday sessions", "my Monday classes": the ones held on that weekday, a habit; so is a group that
        # meets on it ("the Monday group closed", "the tuesday women's team"); one meeting ("the Friday meeting")
        # may still be this Friday's
        head = doc.tokens[up.head]
        if head.lemma.lower() in STANDING_WEEKDAY_THINGS:
            return _the_standing_one(doc, start)
        return head.tag == "NNS" or head.lemma.lower() in STANDING_GROUP_NOUNS
    if _after_a_time_preposition(doc, start):
        return False  # "at Christmas Tom proposed", "in 2019 Anna moved": the parse hung the time on the name after it
    noun = up.head
    while (link := next(iter(doc.parents(noun)), None)) is not None and link.label == "compound":
        noun = link.head  # "Christmas card list": the phrase is the list's
    if re.fullmatch(_HOLIDAY, text, re.IGNORECASE) and doc.tokens[noun].lemma.lower() in OCCASION_NOUNS:
        return False  # "the Christmas party was fun": the party was at Christmas
    return not (link is not None and link.label == "pobj" and doc.tokens[link.head].lower in TIME_PREPOSITIONS)


def _a_named_period(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A week, month or year, or an evening or night, named by a noun before it ("Welcome week is 14 September",
    "exam week", "Pride month", "parents evening is next Tuesday", "quiz night"), which the tagger may take in or
    leave out: the name of a period or an event, whose date the turn says or not; read as a date it had been the
    week up to the session, or the session's own evening. "This week", "next month", "Friday night" are dates still."""
    words = text.lower().split()
    if words[-1] not in ("week", "month", "year", "evening", "night") or set(words) & {"this", "next", "last", "past", "coming", "that"}:
        return False
    unit = _last_token_before(doc, end)
    if unit is None or HOLIDAY.search(text):
        return False  # "New Year"
    if words in (["week"], ["month"], ["year"], ["evening"], ["night"]) and _named_by_the_word_before(doc, unit.i):
        return True  # "freshers week is 22nd september", "welcome week", "I've got parents evening": the unit word alone
    return any(
        arc.label in ("compound", "poss") and doc.tokens[arc.dep].pos in ("NOUN", "PROPN")
        and not _a_time_word(doc.tokens[arc.dep].lower)  # "Friday week" is a week after Friday
        and doc.tokens[arc.dep].lower not in ("tomorrow", "tonight", "today", "yesterday")
        for arc in doc.children(unit.i)
    )


# Words before a week, month or year that say how it went or which one it is, not what it is called ("busy week",
# "long month", "whole week")
HOW_A_TIME_WENT = frozenset({
    "busy", "long", "short", "quiet", "hard", "tough", "rough", "good", "bad", "great", "lovely", "nice", "mad",
    "crazy", "slow", "big", "normal", "usual", "whole", "full", "same", "other", "first", "final", "previous",
    "following", "late", "early", "free", "entire", "half", "working", "school",
})


def _named_by_the_word_before(doc: ParsedDoc, i: int) -> bool:
    """The word right before the week, month or year at token ``i`` names the period ("freshers week", "welcome week",
    "fashion month"), whatever arc the parse gave it: a noun or an adjective that is no time word, does not say how
    the time went (:data:`HOW_A_TIME_WENT`) nor feels, and has no determiner of its own ("a busy week", "my week")."""
    if i == 0:
        return False
    word = doc.tokens[i - 1]
    if word.pos not in ("NOUN", "PROPN", "ADJ") or _a_time_word(word.lower) or word.lower in HOW_A_TIME_WENT:
        return False
    if a_feeling_word(word) or re.fullmatch(r"\d.*", word.text):
        return False
    return i < 2 or doc.tokens[i - 2].pos not in ("DET", "PRON", "NUM") and doc.tokens[i - 2].tag != "PRP$"


def _a_time_word(word: str) -> bool:
    """A weekday, month or season, spelt out or short ("friday", "sept", "summer")."""
    return word in WEEKDAYS or word in WEEKDAY_ABBR or word in MONTHS or word in MONTH_ABBR or word in SEASONS


def _measures_a_noun(doc: ParsedDoc, start: int, end: int) -> bool:
    """The expression at ``[start, end)`` is a count of units in the possessive that measures the noun it
    belongs to ("five weeks' rent", "a month's rent", "two weeks' notice"): as much of the thing as that time
    takes, no stretch of the calendar. A possessive with no count is a time ("last week's party", "Saturday's
    game"), and so is one of "time" ("in two weeks' time")."""
    for token in doc.tokens:
        if not (start <= token.idx < end) or not re.fullmatch(_UNIT, token.lower):
            continue
        up = next(iter(doc.parents(token.i)), None)
        if up is None or up.label != "poss" or doc.tokens[up.head].lemma.lower() == "time":
            continue
        if re.search(rf"(?<![\w'’]){BARE_LENGTH.pattern}$", doc.text[: token.end], re.IGNORECASE):
            return True
    return False


# Words of lateness: a count of units that measures one says how late or early a thing came ("two weeks late",
# "three days early", "a month overdue"), no stretch of the calendar. Any other word after the length leaves it a
# time: "two weeks ago", "two weeks later", "seven years now", "five years already".
LATENESS_WORDS = frozenset({"late", "early", "overdue", "behind"})
# What may follow an age said as a count of units ("she's 4 months now", "he's 6 weeks old and huge")
AGE_FOLLOWERS = frozenset({"now", "old", "today", "already", "and", "but", "so", "yet"})
# Comparatives that are times themselves: "two weeks later" is a date, "two years older" no date.
RELATIVE_TIME_WORDS = frozenset({"later", "earlier", "sooner"})


def _measures_a_degree(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """The expression at ``[start, end)`` is a bare count of units whose unit the parse makes the measure
    (``npadvmod``) of a word of lateness after it (:data:`LATENESS_WORDS`: "that's two weeks late", "it came three
    days early", which the grammar may take in whole), of a comparative ("she's two years older than me") or of
    "pregnant" ("35 weeks pregnant"): how late, how much older, how far along; no stretch of the calendar. "Three
    weeks sober" stays a stretch up to now, as "sober for three weeks" is."""
    if not re.match(rf"{BARE_LENGTH.pattern}\b", text, re.IGNORECASE):
        return False
    for token in doc.tokens:
        if not (start <= token.idx < end) or not re.fullmatch(_UNIT, token.lower):
            continue
        up = next(iter(doc.parents(token.i)), None)
        if up is not None and up.label == "npadvmod" and up.head > token.i and _a_degree_word(doc.tokens[up.head]):
            return True
    return False


def _a_degree_word(token: Token) -> bool:
    if token.lower in RELATIVE_TIME_WORDS:
        return False
    return token.lower in LATENESS_WORDS or token.lower == "pregnant" or token.tag in ("JJR", "RBR")


def _an_age(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A count of units said of a person with a plain "is/was" and nothing after it to count from: an age ("she's
    almost 4 months now", "he was 6 weeks"), not the months up to the session. "It's been 4 months" (the time
    since), "we're 3 weeks into the course" and "she's 6 months sober" (:func:`_measures_a_degree`) stay."""
    if not re.fullmatch(rf"{_ROUGHLY}{_COUNT}\s+{_LENGTH_WORD}", text, re.IGNORECASE):
        return False
    last, first = _last_token_before(doc, end), _token_at(doc, start)
    if last is None or first is None:
        return False
    before = doc.tokens[first.i - 1] if first.i > 0 else None
    after = doc.tokens[last.i + 1] if last.i + 1 < len(doc.tokens) else None
    if before is not None and before.pos == "ADP":
        return False  # "off for 2 weeks", "married for 3 years": how long
    if after is not None and after.pos != "PUNCT" and after.lower not in AGE_FOLLOWERS:
        return False  # "2 weeks out from surgery", "2 years cancer free", "3 weeks sober": a stretch up to now
    clause = _clause_of(doc, start)
    if not clause or clause[0].lemma != "be" or any(t.lower in ("been", "have", "has", "'ve", "had") for t in clause):
        return False
    subjects = [doc.tokens[a.dep] for a in doc.children(clause[0].i) if a.label == "nsubj"]
    return bool(subjects) and all(s.lower in ("i", "he", "she", "they", "we", "you") or s.ent == "PERSON" for s in subjects)


def _sizes_a_noun(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """The expression at ``[start, end)`` is a count and a unit that modify a noun after them, the adjective
    "two-week" written with a space ("a two week course", "his one month checkup", "a 6 month lease"): how long
    the thing lasts or how old it is, no stretch of the calendar (:func:`sizes_the_noun_after`); so does one that
    sizes "one" ("the 7 day one", a pass), which the tagger may take in."""
    if re.fullmatch(rf"(?:the\s+|an?\s+)?{_COUNT}[\s-]+(?:day|week|month|year)\s+ones?", text, re.IGNORECASE):
        return True
    counted = re.fullmatch(rf"(?:an?\s+(?=\d))?((?:{_ABOUT}\s+)?{_COUNT}\s+{_LENGTH_WORD})", text, re.IGNORECASE)
    if counted is None:
        return False  # an article before a count in figures is the noun's ("a 5 year fix", "an 18 month deal")
    last = _last_token_before(doc, end)
    return last is not None and (sizes_the_noun_after(doc, last.i) or _a_length_before_a_word(doc, last, counted.group(1)))


def _a_length_beside_a_noun(doc: ParsedDoc, end: int, text: str) -> bool:
    """A count of units the parse sets beside a noun, a comma between, with no verb of its own ("moved it to a 0%
    card, 18 months", "two kittens, both girls, 10 weeks", "Tuesday evenings, 12 weeks"): the noun's term, age or
    length, said as an aside; no stretch of the calendar (it had been the weeks up to the session)."""
    if not BARE_LENGTH.fullmatch(text):
        return False
    up = _arc_above_the_unit(doc, end)
    return up is not None and up.label == "appos" and up.head < up.dep


SPREAD_OVER_BEFORE = re.compile(r"\b(?:over|across)\s+$", re.IGNORECASE)
# A change told as where it stands now ("I'm down 5kg", "the rent is up 10%", "she's up by two stone"): "over" a
# length after it is the stretch the change took, behind the session, not a term.
A_CHANGE_TOLD = re.compile(r"\b(?:up|down)\s+(?:by\s+)?(?:(?:about|around|almost|nearly|over|like)\s+)?[£$€]?\d", re.IGNORECASE)
# Verbs of a change that "over" a length may follow in present talk ("prices rise 5% over 2 years").
CHANGE_LEMMAS = frozenset({"lose", "gain", "drop", "rise", "fall", "grow", "shrink", "double", "triple", "halve",
                           "increase", "decrease", "improve"})


def _a_term_spread_over(doc: ParsedDoc, start: int, text: str) -> bool:
    """A count of units after "over" or "across" in present talk ("they offer 0% over 36 months", "you pay it back
    across 12 months"): the term a payment or a plan is spread over, not the months up to the session. In the past
    ("I lost 8 kg over 6 months") or the perfect ("I've been here over 3 months") it stays the stretch behind, and
    so does a change told as it stands now ("I'm down 5kg over 3 months", "the price is up 20% over 2 years")."""
    if not BARE_LENGTH.fullmatch(text) or not SPREAD_OVER_BEFORE.search(doc.text[max(0, start - 8) : start]):
        return False
    if _told_in_the_perfect(doc, start) or _a_change_over(doc, start):
        return False
    return tense_at(doc, start) != "past"


def _told_in_the_perfect(doc: ParsedDoc, start: int) -> bool:
    """The clause of the expression at ``start`` is in the perfect ("I've waited 3 weeks", "we've been trying 2
    years"): a length in it runs up to the session."""
    return any(t.lower.replace("’", "'") in ("have", "has", "'ve", "been") for t in _clause_of(doc, start))


def _a_change_over(doc: ParsedDoc, start: int) -> bool:
    """The sentence before the expression at ``start`` tells a change: "down 5kg", "up 20%", or a verb of change
    (:data:`CHANGE_LEMMAS`) in the expression's clause."""
    first = _token_at(doc, start)
    sentence_start = doc.tokens[doc.sentences[first.sent][0]].idx if first is not None and doc.sentences else 0
    if A_CHANGE_TOLD.search(doc.text, sentence_start, start):
        return True
    return any(_lemma_in(t, CHANGE_LEMMAS) for t in _clause_of(doc, start))


def _a_length_granted(doc: ParsedDoc, end: int, text: str) -> bool:
    """A count of units a verb of granting takes as its object (:data:`GRANTING_LEMMAS`: "the vet gives her maybe 2-3
    months", "they allow you 14 days", "I'll give him a week", which the parse hangs on the verb as a time): the
    time from now on that is granted, as "left" says, not the months up to the session."""
    if not BARE_LENGTH.fullmatch(re.sub(r"^(?:maybe|perhaps|only|just)\s+", "", text, flags=re.IGNORECASE)):
        return False
    up = _arc_above_the_unit(doc, end)
    return up is not None and up.label in ("dobj", "npadvmod") and _lemma_in(doc.tokens[up.head], GRANTING_LEMMAS)


# Verbs that grant time off work ("she signed me off for two weeks", "work gave me a week off", "they allowed me 5
# days off"), with "off" beside them
LEAVE_GRANTING_LEMMAS = GRANTING_LEMMAS | frozenset({"sign"})


def _time_off_granted(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A bare length of leave a verb of granting gives in the past, "off" beside it ("the GP signed me off work for a
    month", "my manager gave me three days off"): the leave begins with the granting, the news of the turn, so it
    runs from now on. Not a past told as a story: the passive ("I was signed off for a month"), a verb joined to
    another past one ("they gave me a week off and we went to Wales"), or a time said with it ("gave me a week off
    after the funeral"); "I've been off for two weeks" has no verb of granting and stays the stretch up to now."""
    bare = re.sub(r"^(?:only|just)\s+", "", text, flags=re.IGNORECASE)
    off_after = re.match(r"\s+off\b", doc.text[end:], re.IGNORECASE) is not None
    if not BARE_LENGTH.fullmatch(bare) or (COUNTED_LENGTH_AFTER.match(doc.text, end) and not off_after):
        return False
    verb = _governor(doc, start)
    if verb is None or not _lemma_in(doc.tokens[verb], LEAVE_GRANTING_LEMMAS):
        return False
    children = [(arc.label, doc.tokens[arc.dep]) for arc in doc.children(verb)]
    if not off_after and not any(word.lower == "off" for _, word in children):
        return False
    if any(label == "auxpass" for label, _ in children) or any(label == "conj" and word.tag == "VBD" for label, word in children):
        return False
    return not any(label == "prep" and word.lower in TIME_PREPOSITIONS for label, word in children)


# Spans that say the granting was recent ("the GP signed me off today for two weeks"): the only times that may be
# said beside it for the leave to run from now on
RECENT_GRANTING_TIMES = frozenset({"today", "this morning", "this afternoon", "earlier today"})
# Words that tell a leave as a story rather than the news: when it was ("when I broke my leg", "once", "my old
# boss", "and then another 2"), that it is over ("since I returned"), or that it is not a fact ("if they gave me");
# "back" only as the adverb ("I'm back at work now", not "with my back")
LEAVE_TOLD_AS_A_STORY = frozenset({
    "when", "whenever", "once", "used", "old", "ex", "former", "previous", "ago", "after", "then",
    "before", "while", "since", "until", "till", "if", "ever", "always", "usually", "every",
    # ... or says it was not granted, or only nearly ("work never gave me a week off", "she almost signed me off",
    # "I wish they'd given me a week off", "they gave me a week off twice")
    "never", "nobody", "no", "not", "n't", "almost", "nearly", "twice", "wish", "hardly",
})
# ... and the verbs that do so ("I returned on Monday", "remember when Gran died?")
STORY_LEMMAS = frozenset({"return", "remember"})


def _granted_as_the_news(
    doc: ParsedDoc, start: int, spans: list[tuple[int, int]], said_before: Sequence[TemporalMention],
) -> bool:
    """The granting of the leave at ``start`` is the news of the turn, so happened just now: nothing else in the
    turn is told in the past ("..., they were great", "I went back last week"), no word sets it in a story or
    ends it ("when I broke my leg", "my old boss once gave me", "I'm back at work now"), no time is said but
    a recent one ("today", "this morning"), and the turns just before dated nothing ("I was poorly in march" -
    "yeah the GP signed me off for 3 weeks"). "The doctor's just signed me off for ten days" is the news."""
    verb = _governor(doc, start)
    if any(mention.resolved for mention in said_before):
        return False
    if any(s != start and doc.text[s:e].lower() not in RECENT_GRANTING_TIMES for s, e in spans):
        return False
    for n, word in enumerate(doc.tokens):
        if word.lower in LEAVE_TOLD_AS_A_STORY or word.lemma.lower() in STORY_LEMMAS or (
                word.lower == "back" and not word.tag.startswith("NN")):
            return False
        if n != verb and word.tag in ("VBD", "VBN"):
            return False
    return True


def _offered(doc: ParsedDoc, start: int) -> bool:
    """The verb that governs the expression at ``start`` offers or agrees to what it tells (:data:`OFFERING_LEMMAS`):
    "they offered £65 for another 14 days" was an offer of the days from then on."""
    verb = _governor(doc, start)
    return verb is not None and _lemma_in(doc.tokens[verb], OFFERING_LEMMAS)


def _arc_above_the_unit(doc: ParsedDoc, end: int) -> Arc | None:
    """The arc that hangs the last word of the length ending at ``end`` (its unit) on its head, or None."""
    unit = _last_token_before(doc, end)
    return next(iter(doc.parents(unit.i)), None) if unit is not None else None


def _a_time_to_do_a_thing(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A count of units before a "to" and a verb ("then 2 weeks to make them", "about a month to get the results
    back"): how long the doing takes, not the weeks up to the session. A length one has or got to do it in ("I have
    three months to do them", :func:`_still_to_run`) runs from now, and "two weeks to go" is still to run. A wait
    told in the perfect ("I've been waiting 6 weeks to see a consultant") runs up to now, and one told ahead ("it'll
    be 3 weeks to get the parts", "it's going to be a month to hear back") from now on: when, not how long."""
    if not BARE_LENGTH.fullmatch(text) or STILL_TO_RUN_AFTER.match(doc.text, end):
        return False
    if TIME_GIVEN_BEFORE.search(doc.text, 0, start):
        return False
    if _told_in_the_perfect(doc, start) or tense_at(doc, start) == "future":
        return False
    after = [t for t in doc.tokens if t.idx >= end][:2]
    return len(after) == 2 and after[0].tag == "TO" and after[1].tag == "VB"


# Words after a length that count it from or to a time, or say it has run up to now ("3 weeks ago", "two weeks
# since the op", "5 years now", "100 days sober", "3 weeks into the job"): those keep their dates.
COUNTED_LENGTH_AFTER = re.compile(
    r"\s*(?:ago|back|since|from|before|after|later|earlier|now|already|today|old|in|into|of|out|off|on|clean|free|"
    r"sober|straight|running|post|postpartum|pregnant|until|till|'?til|left|away|to\s+go|and\s+counting)\b", re.IGNORECASE)
# Words of a clause that tell a length has run up to now, whatever the tagger made of its tense ("we live here now 5
# weeks", "already 4 years in Berlin", "I've been off 2 weeks", "been married 10 years").
UP_TO_NOW_WORDS = frozenset({"have", "has", "'ve", "ve", "had", "been", "now", "already", "since", "still", "yet"})
# Verbs of a state that runs on, whose length in the simple present is the L2 way of the perfect ("I live in Munich
# 3 weeks", "I know her 2 weeks", "we wait 3 weeks for the letter"): the stretch up to now still.
RUNNING_STATE_LEMMAS = frozenset({"live", "know", "wait", "marry", "date", "stay", "hurt", "ache", "cough", "ignore",
                                  "look", "search", "feel", "try"})
# What says a length is of what has not been ("we don't talk 3 weeks"): the stretch up to now still
NEGATIONS = frozenset({"not", "n't", "no", "never", "nt"})
# Verbs whose bare days or weeks in the present are a week's pattern, an allowance or a stay ("I work 6 days", "I can
# take only 2 weeks", "we head to Lisbon 5 days"), or how far a thing is put off ("the roof is delayed three
# weeks"); with any other a length runs up to now ("the baby cries 3 days")
PATTERN_LEMMAS = frozenset({"work", "do", "go", "take", "help", "head", "fly", "travel", "cover", "teach", "volunteer",
                            "delay", "postpone", "push", "extend"})
# States kept up that a length after them counts up to now ("sober 100 days", "smoke free 6 weeks").
KEPT_UP_WORDS = frozenset({"sober", "clean", "free", "dry"})


def _a_bare_length_in_present_talk(doc: ParsedDoc, start: int, end: int, text: str) -> bool:
    """A count of units with no preposition or time word before it, said in the simple present, in a clause with
    no perfect and no "now" or "already": the length of a thing, not the stretch up to the session ("I work in
    the salon 6 days" (a week), "they offer 24 months at 0%", a term, "she's off nursery 3 days", "I can take only
    2 weeks", an allowance, "we go to Porto 4 days", a stay). It had been the days up to the session. A length
    runs up to now only in the perfect or with "now", "already" or "since" ("I've been off 2 weeks", "we live here
    now 5 weeks"); one counted from or to a time ("3 weeks ago", "2 weeks till the move") or after a preposition
    ("for a week", "in 2 weeks") is read by its own rule, and so are a stay and a grace ahead ("staying 2 weeks",
    "I'll give him a week"). Days and weeks only with a verb of a pattern, an allowance, a stay or a delay
    (:data:`PATTERN_LEMMAS`): "he vomits 2 days" ran up to now. Past talk ("I was off 2 weeks") keeps the stretch
    behind."""
    bare = re.sub(r"^(?:only|just)\s+", "", text, flags=re.IGNORECASE)
    if not BARE_LENGTH.fullmatch(bare) or MORE_LENGTH.fullmatch(bare) or COUNTED_LENGTH_AFTER.match(doc.text, end):
        return False
    first = _token_at(doc, start)
    before = doc.tokens[first.i - 1] if first is not None and first.i > 0 else None
    if before is None or before.pos in ("ADP", "DET", "AUX", "PUNCT", "SCONJ") or before.lemma.lower() == "be":
        return False  # "for 2 weeks", "the 2 weeks", "it's 2 weeks", a length at the head of the turn ("2 weeks!")
    if before.lower in ("past", "last", "next", "first", "coming", "been") or before.lower in KEPT_UP_WORDS or _a_time_word(before.lower):
        return False
    up = _arc_above_the_unit(doc, end)
    months_or_years = re.search(r"(?:month|year)s?$", bare, re.IGNORECASE) is not None
    if months_or_years and (up is None or up.label not in ("dobj", "obj")):
        return False  # "I work here 5 years", L2 for "I've worked": months and years only as a term got or given
    if _a_stay_ahead(doc, start) or _a_length_granted(doc, end, text) or TIME_GIVEN_BEFORE.search(doc.text, 0, start):
        return False
    clause = _clause_of(doc, start)
    words = {t.lower.replace("’", "'") for t in (clause or doc.tokens[doc.sentences[first.sent][0] : first.i])}
    if words & UP_TO_NOW_WORDS or any(_lemma_in(t, RUNNING_STATE_LEMMAS) for t in clause):
        return False
    if words & NEGATIONS or not any(t.pos in ("VERB", "AUX") for t in clause):
        return False  # "we don't talk 3 weeks", "in pain 2 weeks": what has not been, or no verb, ran up to now
    if not months_or_years and not any(_lemma_in(t, PATTERN_LEMMAS) for t in clause):
        return False  # "he vomits 2 days", "our wifi is down 3 days": a trouble running up to now
    return tense_at(doc, start) == "present"


def _how_long_a_habit_takes(doc: ParsedDoc, start: int, text: str) -> bool:
    """A length or a range of lengths after "in", in a clause with an adverb of how often ("I usually finish a book
    in 2-3 days", "the swelling normally goes down in a week"): how long the thing takes each time it happens, not
    a time ahead of the session ("in two weeks I start" is one)."""
    after_in = text.lower().startswith("in ") or re.search(r"\bin\s+$", doc.text[max(0, start - 4) : start], re.IGNORECASE)
    if not after_in or not BARE_LENGTH.fullmatch(re.sub(r"^in\s+", "", text, flags=re.IGNORECASE)):
        return False
    return any(t.lower in HABIT_ADVERBS for t in _clause_of(doc, start))


def _a_length_before_a_word(doc: ParsedDoc, unit: Token, text: str) -> bool:
    """A count of more than one with the unit in the singular, and a word after it: the adjective whatever the
    parse made of it ("her 12 week scan", which it may read as "12 week" and a subject "scan")."""
    count = _count(text.split()[0].lower())
    after = doc.tokens[unit.i + 1] if unit.i + 1 < len(doc.tokens) else None
    return (
        count is not None and count > 1 and not unit.lower.endswith("s") and after is not None
        and (after.pos in ("NOUN", "ADJ", "PROPN") or after.lower == "one")  # "the 7 day one": a pass that long
        and after.lower not in RELATIVE_TIME_WORDS
    )


def sizes_the_noun_after(doc: ParsedDoc, unit: int) -> bool:
    """Token ``unit`` is a unit of length that the parse makes a compound or adjective of a noun after it ("month"
    in "his one month checkup", "week" in "a two week course"). A weekend is a time as well as a length ("a weekend
    yoga class" is held on one), so only days, weeks, months and years count."""
    if not re.fullmatch(_LENGTH_WORD, doc.tokens[unit].lower):
        return False
    up = next(iter(doc.parents(unit)), None)
    # a compound's head is a noun whatever its tag ("her 20 week scan" tags "scan" an adjective)
    return (
        up is not None
        and up.head > unit
        and (up.label == "compound" or (up.label == "amod" and doc.tokens[up.head].tag in ("NN", "NNS", "NNP", "NNPS")))
    )


# A sum right before a period ("£190 a week", "$40 for the day", "900 quid for the year"), with "for" or "per" between
AMOUNT_BEFORE = re.compile(
    r"(?:[£$€¥]\s?\d[\d,.]*k?|\b\d[\d,.]*\s*(?:k|quid|pounds?|dollars?|euros?|p|pence|bucks))\s+(?:(?:for|per)\s+)?$",
    re.IGNORECASE)
# A mileage right after a bare year ("2013, 142k miles", "2019 with 40,000 miles on it", "2016, 60k on the clock"):
# the year is the model's, which the car is told by
MILEAGE_AFTER = re.compile(
    r"\s*[,;:-]?\s*(?:(?:and|with|only|just|about|around)\s+)*\d[\d,.]*\s*k?\s*(?:miles|mi|km|kms|kilometres|kilometers"
    r"|on\s+the\s+clock)\b", re.IGNORECASE)
# A year after these is a time ("by 2030, 100 miles of cycle lanes", "till 2027, 10,000 miles a year"), and a
# distance followed by these is a distance or a rate ("30 miles from London", "40 km a week"), no mileage
YEAR_AS_A_TIME_BEFORE = re.compile(r"\b(?:by|till|til|until|after|before|since|from|in|of|to|through)\s+$", re.IGNORECASE)
DISTANCE_GOES_ON = re.compile(r"\s*(?:from|away|a|an|per|every|each|of|out)\b", re.IGNORECASE)


def _a_model_year(doc: ParsedDoc, start: int, end: int) -> bool:
    """A bare year with a mileage right after it (:data:`MILEAGE_AFTER`): a car told by its model year and miles.
    Not a year said as a time (:data:`YEAR_AS_A_TIME_BEFORE`) nor one before a distance or a rate
    (:data:`DISTANCE_GOES_ON`: "2016, 30 miles from London", "2024, 12 miles every sunday")."""
    mileage = MILEAGE_AFTER.match(doc.text, end)
    if mileage is None or YEAR_AS_A_TIME_BEFORE.search(doc.text[max(0, start - 10) : start]):
        return False
    return DISTANCE_GOES_ON.match(doc.text, mileage.end()) is None
THE_PERIOD = re.compile(r"(?:the\s+)?(?:hour|day|night|week|month|year)", re.IGNORECASE)
# An indefinite article before a weekday: any one of them ("on a saturday", "a friday night")
ANY_ONE_BEFORE = re.compile(r"\ban?\s+$", re.IGNORECASE)


def _a_price_or_rate_term(doc: ParsedDoc, start: int, text: str) -> bool:
    """The expression at ``start`` (``text``) is the period a price or a rate is for: after a sum ("£612 for the
    year", "£190 a week", "$40 for the day"), or "by the week" ("renting a car by the week", "paid by the hour"),
    which hires or pays by the unit. Read as dates they had been the year up to the session, the coming week. "For
    the week" with no sum ("I'm in Paris for the week") names one and stays a date."""
    before = doc.text[max(0, start - 24) : start]
    if (PER_PERIOD.fullmatch(text) or THE_PERIOD.fullmatch(text)) and AMOUNT_BEFORE.search(before):
        return True
    return THE_PERIOD.fullmatch(text) is not None and text.lower().startswith("the") and re.search(
        r"\bby\s+$", before, re.IGNORECASE) is not None


def _anchors(doc: ParsedDoc, start: int, end: int) -> bool:
    """The expression at ``[start, end)`` dates something: not a habitual, age or other non-anchoring use by its
    own words, nor by the words before it (a frequency or a greeting), nor a clock time alone in a sentence that
    tells a habit ("I go to the gym every morning, around 6:30")."""
    text = doc.text[start:end].strip()
    if NON_ANCHOR.search(text) or NON_ANCHOR_BEFORE.search(doc.text[max(0, start - 40) : start]):
        return False
    if re.fullmatch(rf"(?:on\s+)?{_WEEKDAY}", text, re.IGNORECASE) and NON_ANCHOR_AFTER.match(doc.text, end):
        return False
    if PER_PERIOD.fullmatch(text) and RATE_BEFORE.search(doc.text[max(0, start - 40) : start]):
        return False
    if _a_price_or_rate_term(doc, start, text):
        return False  # "£612 for the year", "renting by the week, £190 a week": what a thing costs, not when
    if re.fullmatch(rf"{_WEEKDAY}(?:\s+(?:morning|afternoon|evening|night))?", text, re.IGNORECASE) and ANY_ONE_BEFORE.search(
            doc.text[max(0, start - 8) : start]):
        return False  # "£800 minimum spend on a saturday": any Saturday, not the coming one
    if _names_a_thing(doc.text, start, end, text) or _a_greeting(doc, start, end, text):
        return False
    if _classifies_a_noun(doc, start, end, text) or _a_length(doc, start, text) or _a_time_taken(doc, start, text):
        return False
    if _a_title(doc, start, end, text) or _a_day_in_a_title(doc, start, end) or _a_decade_as_a_style(doc, start, end, text):
        return False
    if _a_named_period(doc, start, end, text):
        return False  # "Welcome week is 14 September": the week's name; its date is the 14th
    if _a_length_of_a_thing(doc, start, end, text) or _a_stage(doc, start, text):
        return False  # "the course is 6 weeks", "induce me at 38 weeks": how long it is, or a stage, not when
    if _a_finished_stretch(doc, start, text) or _a_stretch_between(doc, start, text):
        return False  # "I worked at the bakery for three years": over before the session, not the years up to it
    if _sizes_a_noun(doc, start, end, text):
        return False  # "his one month checkup", "a two week course": the noun's length, not the month up to now
    if _a_length_beside_a_noun(doc, end, text) or _a_term_spread_over(doc, start, text):
        return False  # "a new card, 18 months", "0% over 36 months": a term or an age, not the months up to now
    if _a_time_to_do_a_thing(doc, start, end, text):
        return False  # "then 2 weeks to make them": how long the making takes, not the weeks up to now
    if _a_bare_length_in_present_talk(doc, start, end, text):
        return False  # "I work in the salon 6 days", "they offer 24 months at 0%": a pattern or a term, not when
    if BARE_LENGTH.fullmatch(text) and AMOUNT_OF.match(doc.text, end):
        return False  # "roughly 20 days of work", "three years of experience": an amount; "two weeks of June" is a time
    if re.fullmatch(rf"(?:in\s+)?{_COUNTS}\s+{_UNIT}", text, re.IGNORECASE) and RATE_OF.match(doc.text, end) or RATE_IN.fullmatch(text):
        return False  # "in the office five days a week", "she comes in 2-3 days a week", "15 days in a month": a rate
    if _how_long_a_habit_takes(doc, start, text):
        return False  # "I usually read a book in 2-3 days": how long each time takes, not a time ahead
    if TWO_ORDINAL_DAYS.fullmatch(text) and (after := next((t for t in doc.tokens if t.idx >= end), None)) is not None \
            and after.pos == "NOUN" and not re.fullmatch(_UNIT, after.lower):
        return False  # "the 1st and 2nd floors", "my 2nd and 3rd choices": ranks of a noun
    if _a_time_it_takes(doc, end, text) or _the_first_nights(doc, end, text):
        return False  # "the visa takes 5 days", "the first 4 nights": how long, not when
    if FURTHER_LENGTH.fullmatch(text) and not FURTHER_FROM_NOW_BEFORE.search(doc.text[max(0, start - 8) : start]):
        return False  # "stay an extra week", "need another week": longer than something else, not this week
    if _measures_a_noun(doc, start, end):
        return False  # "five weeks' rent", "two weeks' notice": the noun's amount; "in two weeks' time" is a time
    if _measures_a_degree(doc, start, end, text):
        return False  # "two weeks late", "three days early": how late or early, not two weeks up to now
    if _an_age(doc, start, end, text):
        return False  # "she's almost 4 months now": how old, not the months up to now
    if re.fullmatch(_YEAR, text) and _a_model_year(doc, start, end):
        return False  # "2013, 142k miles", "bought the corolla!! 2021, 31k miles": a car's model year, not the event's
    if YEAR_RANGE.fullmatch(text) and _counts_the_noun_after(doc, start, end):
        return False  # "between 1900 and 2000 calories": two counts, no years
    if _the_time_of_a_habit(doc, start, text):
        return False  # "I normally swim on Friday", "I never drink coffee after 2pm": the Fridays, the hours of a habit
    if _the_time_of_a_dose(doc, start, text):
        return False  # "amlodipine 5mg in the morning", "sertraline 50mg, both morning": when each dose is taken
    if _the_time_of_a_routine(doc, start, text):
        return False  # "piano lessons saturdays 10am", "office days are tuesday and thursday": a routine's days and hours
    if CLOCK_TIME.match(text):
        first = _token_at(doc, start)
        if first is not None:
            sentence = doc.sentences[first.sent]
            if HABIT_WORDS.search(doc.span_text(*sentence)):
                return False
    return True


def _the_time_of_a_habit(doc: ParsedDoc, start: int, text: str) -> bool:
    """A weekday, a part of the day or an hour in a clause that tells a habit or a standing taste is the time of
    that habit, not one day (it had dated the memory the session day, or the coming Sunday):

    * an adverb of how often: "I normally swim on Friday", "I often cycle in the evening";
    * "never" in talk that is not past, with a part of the day or an hour: "I never drink coffee after 2pm" ("he
      never showed up on Friday", "I never know what to wear on Saturday" are one day);
    * a verb of liking or preferring in the present, not with "would": "I prefer batch cooking on Sunday", "I love
      a swim in the morning", a weekday only after "on" and with a doing liked ("I'd like to meet on Friday", "I
      prefer to fly on Monday", "I prefer the Friday slot" choose a day, "I loved the show on Saturday" tells one);
    * "would rather" or "would prefer", for a part of the day only: "I'd rather run in the morning" ("I'd rather do
      it at 3pm" chooses an hour)."""
    weekday = bool(BARE_WEEKDAY.fullmatch(text)) or _at_the_weekend(doc, start, text)  # "I always run at the weekend"
    if not (weekday or A_PART_OF_THE_DAY.fullmatch(text) or TIME_OF_DAY.fullmatch(text)):
        return False
    clause = _clause_of(doc, start)
    words = {t.lower.replace("’", "'") for t in clause}
    if words & HABIT_ADVERBS:
        return True
    tense = tense_at(doc, start) if clause else None
    not_past = bool(clause) and tense != "past"
    if "never" in words and not_past and not weekday:
        return True  # "I never know what to wear on Saturday" is that Saturday
    if _at_the_weekend(doc, start, text) and tense != "past" and NEVER_OR_HARDLY_EVER.search(_sentence_before(doc, start)):
        return True  # "I never see him at the weekend", "she hardly ever rings at the weekend": none of them
    if _at_the_weekend(doc, start, text) and tense == "present" and _a_state_of_it(doc, start):
        return True  # "it's busy at the weekend", "it's quiet at the weekend": how it is each weekend
    would = bool(words & {"would", "'d"})
    # a weekday only after "on" and with a doing that is liked ("I prefer batch cooking on Sunday"); "I prefer the
    # Friday slot", "I prefer to fly on Monday", "I like the idea of a picnic on Sunday" choose one
    on_a_weekday = weekday and (text.lower().startswith("on") or _after_word(doc, start, ("on",))) and _a_doing_liked_before(doc, start)
    present = not_past and tense == "present"  # "I'll prefer the train on Friday" is one Friday
    liked = any(_lemma_in(t, PREFERRING_LEMMAS) for t in clause) or on_a_weekday  # "Tom loves cycling on Sunday"
    if not would and present and (on_a_weekday or not weekday) and liked:
        return True
    # a part of the day only: "I'd rather do it at 3pm" chooses an hour
    return would and bool(A_PART_OF_THE_DAY.fullmatch(text)) and bool(words & RATHER_WORDS)


NEVER_OR_HARDLY_EVER = re.compile(r"\b(?:never|hardly\s+ever)\b", re.IGNORECASE)


def _sentence_before(doc: ParsedDoc, start: int) -> str:
    """The words of the sentence of ``start`` before it."""
    at = _token_at(doc, start)
    return "" if at is None else doc.text[doc.tokens[doc.sentences[at.sent][0]].idx : start]


def _a_state_of_it(doc: ParsedDoc, start: int) -> bool:
    """Before ``start`` in its sentence, "it" with a copula and an adjective ("it's busy", "it is dead quiet"): a
    state told of a time as it always is, not of one day ("I'm busy at the weekend", a person's, is the coming one)."""
    at = _token_at(doc, start)
    if at is None:
        return False
    words = doc.tokens[doc.sentences[at.sent][0] : at.i]
    return any(
        it.lower == "it" and be.lemma.lower() == "be" and any(t.pos == "ADJ" for t in words[n + 2 : n + 4])
        for n, (it, be) in enumerate(zip(words, words[1:]))
    )


def _at_the_weekend(doc: ParsedDoc, start: int, text: str) -> bool:
    """"At the weekend", the British way of saying a weekend as a weekday is said ("at the weekend" as "on Saturday"):
    one coming or gone by, or, with a word of how often or beside a routine's days, the weekends of a habit."""
    return bool(THE_WEEKEND.fullmatch(text)) and _after_word(doc, start, ("at",))


def _the_time_of_a_dose(doc: ParsedDoc, start: int, text: str) -> bool:
    """A part of the day or an hour after a dose in its sentence (:data:`A_DOSE`), in talk that is not past, is
    when the dose is taken each day ("she takes amlodipine 5mg in the morning", "memantine 10mg and sertraline 50mg,
    both morning"); it had dated the medicine the session day. One dose taken ("she had 10mg at 8am") is a time."""
    if not (A_DOSING_TIME.fullmatch(text) or TIME_OF_DAY.fullmatch(text)):
        return False
    # a dose before it in its sentence ("the pharmacy opens at 9am, I need 20mg" has none before the hour)
    return bool(A_DOSE.search(_sentence_before(doc, start))) and tense_at(doc, start) == "present"


def _the_time_of_a_routine(doc: ParsedDoc, start: int, text: str) -> bool:
    """A weekday or an hour said as a routine's, with no word of how often before it (:func:`_the_time_of_a_habit`
    reads those), is no one day (it had dated the routine the session day or the coming weekday, and made it a plan
    whose day passed untold):

    * a weekday among others said together (:data:`WEEKDAY_LIST`): "gym mon wed fri", "office days are tuesday and
      thursday"; two singular ones only in the simple present ("we met on Saturday and Sunday", "I'm seeing her
      Tuesday and Thursday" are days);
    * an hour in the sentence of such days, of plural days or of a rate word (:data:`ROUTINE_DAYS`): "mon wed fri at
      7am", "lessons are saturdays 10am", "a reminder at 10:30 on weeknights", "my weekly 1:1 is at 2pm";
    * a weekday in the sentence of plural days, in talk not past: "we shop on sundays, so have the list ready
      saturday night";
    * a run of weekdays ("mon-fri") in the sentence of plural days, or told with one's "goes"
      (:func:`_a_run_of_days_kept`): "nursery wednesday to friday, mum has her mondays", "he goes to preschool mon-fri";
    * an hour "now" in the present: "the class is at 6pm now"; two hours said together in the simple present: "I
      take my tablets at 8am and 8pm".

    Which week ("next Monday", "this saturday night") or the day a routine starts ("starting Monday", "lessons start
    on Monday, then it's mondays") is one day still."""
    text = text.strip()
    now = re.search(r"\s+now$", text, re.IGNORECASE)  # the tagger may take "now" in: "at 8pm now"
    hour = bool(TIME_OF_DAY.fullmatch(text[: now.start()] if now else text) or TWO_HOURS.fullmatch(text)
                or HOUR_RANGE.fullmatch(text[: now.start()] if now else text))
    run = bool(A_WEEKDAY_RUN.fullmatch(text))  # "mon-fri", "wednesday to friday"
    weekday = bool(ROUTINE_WEEKDAY.fullmatch(text)) or _at_the_weekend(doc, start, text) or run  # "on Tuesdays ... at the weekend"
    at = _token_at(doc, start)
    if not (hour or weekday) or at is None or ONE_DAY_BEFORE.search(doc.text[max(0, start - 16) : start]):
        return False
    first, last = doc.sentences[at.sent]
    begins = doc.tokens[first].idx
    sentence, offset = doc.text[begins : doc.tokens[last - 1].end], start - begins
    lists = [m for m in WEEKDAY_LIST.finditer(sentence) if _lists_a_routine(doc, begins, m)]
    if weekday and any(m.start() <= offset < m.end() for m in lists):
        return True
    plural_days = bool(ROUTINE_DAYS.search(sentence))
    # one coming occasion said before it: "I'll send you the weekly report at 5pm", "I work weekends, so I can meet
    # you at 5pm", "let's meet on Friday", "football is tuesdays, but this week it's Wednesday"
    one_off = bool(ONE_OFF_BEFORE.search(sentence[:offset]))
    if hour and not one_off and (lists or plural_days or ROUTINE_RATES.search(sentence)) and not _a_day_of_its_own(doc, start, lists):
        return True
    clause = _clause_of(doc, start)
    tense = tense_at(doc, start)
    if weekday:
        one_off = one_off or any(_lemma_in(t, STARTING_LEMMAS) or t.lower in ONE_OFF_WORDS for t in clause)
        habit = plural_days or (run and _a_run_of_days_kept(doc, clause, tense, start, start + len(text)))
        return habit and tense != "past" and not one_off and not _asked_in(doc, start)
    # two hours of a habit in the simple present ("I take my tablets at 8am and 8pm"), not of things that are at
    # them ("the flights are at 6am and 9pm")
    simple_present = tense == "present" and not _progressive(clause) and not _a_day_of_its_own(doc, start, lists)
    return simple_present and not now and not any(t.lemma == "be" for t in clause) and any(
        m.start() <= offset < m.end() for m in TWO_HOURS.finditer(sentence))


# A run of weekdays with nothing before it that says which week ("mon-fri", "wednesday to friday"; "from", "this",
# "next" are read before it): of one week only when the turn says so
A_WEEKDAY_RUN = re.compile(_WEEKDAY_RUN, re.IGNORECASE)
# Verbs whose simple present tells how long one thing runs, not a habit: "the festival runs thurs-sun".
RUNNING_LEMMAS = LASTING_LEMMAS | frozenset({"be", "run", "happen"})
# Verbs of a trip or a visit, whose simple present is as often an arrangement ("we fly out sat to tues", "my parents
# visit tuesday to friday", "the electrician comes mon-tue"): no habit told by the run alone. "Goes" is the one way
# a child's or a carer's week is told ("he goes to nursery mon-fri").
TRIP_LEMMAS = frozenset({"go", "come", "visit", "stay", "fly", "travel", "arrive", "leave", "head", "drive", "camp"})


def _a_run_of_days_kept(doc: ParsedDoc, clause: list[Token], tense: str, start: int, end: int) -> bool:
    """A run of weekdays told with one's "goes" is the days one goes each week ("he goes to preschool mon-fri",
    "she goes to nursery wednesday to friday"); "I'm away mon-fri", "the fair runs thurs to sun", "I'm working
    mon-fri" and other doings in the present ("i cover mon-wed while she's away") are one week's."""
    if not clause or tense != "present" or _progressive(clause) or _lemma_in(clause[0], RUNNING_LEMMAS):
        return False
    if start <= clause[0].idx < end:
        return False  # the parse took a day of the run for the verb ("away mon-wed": "wed")
    # only one's "goes" ("he goes to preschool mon-fri"), not "goes off" or "goes up" ("the water goes off mon-wed" is
    # the works' week): another doing told with a run is as often this week's ("they strike mon-wed")
    verb = clause[0]
    particle = verb.i + 1 < len(doc.tokens) and doc.tokens[verb.i + 1].tag == "RP"
    return verb.lemma == "go" and verb.tag == "VBZ" and not particle and not any(t.pos == "AUX" for t in clause)


def _a_day_of_its_own(doc: ParsedDoc, start: int, lists: list[re.Match]) -> bool:
    """The hour at ``start`` is said with a day of the verb it belongs to that is no routine's ("the shop is open
    weekdays, I'll go on Friday at 10am", "my weekly review is tomorrow at 3pm"): that day's hour."""
    verb = _governor(doc, start)
    sentence = _sentence_at(doc, start)
    for ent in doc.entities:
        first = doc.tokens[ent.start].idx
        if ent.label != "DATE" or doc.tokens[ent.start].sent != sentence or _governor(doc, first) != verb:
            continue
        words = doc.text[first : doc.tokens[ent.end - 1].end]
        if TIME_OF_DAY.fullmatch(words) or HOUR_RANGE.fullmatch(words):
            continue  # the tagger's DATE "10-11am" is the hour itself, no day
        routine = ROUTINE_DAYS.search(words) or ROUTINE_RATES.search(words) or NON_ANCHOR.search(words)
        listed = any(m.start() <= first - doc.tokens[doc.sentences[sentence][0]].idx < m.end() for m in lists)
        if not (routine or listed):
            return True
    return False


def routine_times(doc: ParsedDoc) -> set[int]:
    """The tokens of the days and hours the tagger found that are a routine's (:func:`_the_time_of_a_routine`): no
    date, yet what the sentence says ("bedtime reminder at 10:30 on weeknights" keeps its words beside a kept
    sentence, as a dated thing does)."""
    return {
        k for ent in doc.entities if ent.label in ("DATE", "TIME")
        and _the_time_of_a_routine(doc, doc.tokens[ent.start].idx, doc.span_text(ent.start, ent.end))
        for k in range(ent.start, ent.end)
    }


def _lists_a_routine(doc: ParsedDoc, begins: int, listed: re.Match) -> bool:
    """Weekdays said together (:data:`WEEKDAY_LIST`) name a routine's days: three or more, or a plural among them
    ("mon wed fri", "tuesdays and fridays"); two singular ones in the simple present ("office days are tuesday and
    thursday"), not in past talk nor an arrangement ("we met on Saturday and Sunday", "I'm seeing her Tuesday and
    Thursday"), nor of one week ("next Monday and Tuesday")."""
    start = begins + listed.start()
    if ONE_DAY_BEFORE.search(doc.text[max(0, start - 16) : start]):
        return False
    days = re.findall(_A_WEEKDAY, listed.group(0), re.IGNORECASE)
    if len(days) > 2 or any(day.lower().endswith("days") for day in days):
        return True
    if re.match(r"\s+(?:mornings|afternoons|evenings|nights)\b", doc.text[begins + listed.end() :], re.IGNORECASE):
        return True  # "tues and thurs evenings"
    if re.match(r"\s+now\b", doc.text[begins + listed.end() :], re.IGNORECASE) and tense_at(doc, start) == "present" \
            and not _progressive(_clause_of(doc, start)) and _held_as_they_stand(doc, start):
        return True  # "she has them mon and tues now", "he's got tutoring tues and thurs now": the days as they stand
    # two singular days are a routine's only as days of a kind ("office days are tuesday and thursday"); "the
    # conference is Monday and Tuesday", "I'm free Tuesday and Thursday" are the days of one week
    sentence_before = doc.text[doc.tokens[doc.sentences[_token_at(doc, start).sent][0]].idx : start]
    return tense_at(doc, start) == "present" and not _progressive(_clause_of(doc, start)) and bool(DAYS_OF_A_KIND.search(sentence_before))


# What says a thing's days were moved or dropped for once ("they moved them", "the party's off"): one week's days
ONE_WEEK_CHANGED = frozenset({"off", "cancel", "cancelled", "canceled", "instead", "not"})


def _held_as_they_stand(doc: ParsedDoc, start: int) -> bool:
    """Two weekdays "now" (at ``start``) are held by someone as a routine ("she has them mon and tues now", "the
    kids have swimming monday and wednesday now", "she goes to her dad's fri and sat now"), not one thing's days as
    moved ("the exams are monday and tuesday now, they moved them", "the plumber comes thursday and friday now",
    "we're free saturday and sunday now the party's off"): a one-off's rearranged days are its dates."""
    sentence = [t for t in doc.tokens if t.sent == _sentence_at(doc, start)]
    if any(t.lemma in RESCHEDULING_LEMMAS or t.lower in ONE_WEEK_CHANGED for t in sentence):
        return False
    clause = _clause_of(doc, start)
    if any(t.lemma in ("have", "get") and t.pos in ("VERB", "AUX") for t in clause):
        return True
    # a person's own comings and goings ("she goes to her dad's friday and saturday now"), not a tradesman's visit
    # ("the plumber comes ...") nor how things stand ("we're free ...")
    verbs = [t for t in clause if t.pos == "VERB" and t.lemma != "be"]
    return any(doc.tokens[a.dep].pos == "PRON" for v in verbs for a in doc.children(v.i) if a.label == "nsubj")


# The days or times of a kind two weekdays may name: "office days", "my gym nights", "late shifts"
DAYS_OF_A_KIND = re.compile(r"\b(?:days|nights|shifts|evenings|mornings)\b", re.IGNORECASE)


def _progressive(clause: list[Token]) -> bool:
    """The clause is in the progressive ("I'm seeing her", "we're doing the shop"): an arrangement, or what goes on
    now; a gerund alone ("doing swimming instead") is no progressive."""
    return any(t.tag == "VBG" for t in clause) and any(t.lemma == "be" for t in clause)


def _a_doing_liked_before(doc: ParsedDoc, start: int) -> bool:
    """Before character ``start`` in its sentence, a doing that a verb of liking takes ("I prefer batch cooking",
    "Tom loves cycling"), not a clause of its own ("I love that we're going to Paris on Friday" is one Friday)."""
    at = _token_at(doc, start)
    if at is None:
        return False  # no parse (the segments' cue finder reads text alone)
    sentence = at.sent
    return any(
        (t.tag == "VBG" or t.pos == "NOUN" and t.lower.endswith("ing") and t.lower not in NOUNS_IN_ING)
        and any(a.label in ("xcomp", "dobj") and _lemma_in(doc.tokens[a.head], PREFERRING_LEMMAS) for a in doc.parents(t.i))
        for t in doc.tokens if t.idx < start and t.sent == sentence
    )


def _counts_the_noun_after(doc: ParsedDoc, start: int, end: int) -> bool:
    """A number of ``[start, end)`` counts a noun after it ("2001 songs"), or a noun follows it straight away
    ("between 1900 and 2000 calories", which the parse hangs on "between")."""
    after = next((t for t in doc.tokens if t.idx >= end), None)
    if after is not None and after.pos == "NOUN" and not re.fullmatch(_UNIT, after.lower):
        return True
    return any(
        arc.label == "nummod" and doc.tokens[arc.head].idx >= end and doc.tokens[arc.head].pos == "NOUN"
        for t in doc.tokens if start <= t.idx < end for arc in doc.parents(t.i)
    )


# A four-digit number beside another group of digits is a piece of a longer number ("my Flying Blue is 2051 887 340",
# "the code is 2019 4471", "call 0207 946 0958"), not a year; "expires 2036" and "back in 2019" stand alone. Groups of
# three digits or more only: "in 2019 20 of us went" is a year and a count.
DIGIT_GROUPS = re.compile(r"\d{4}(?: \d{3,})+|(?:\d{3,} )+\d{4}")
GROUP_OF_DIGITS_AFTER = re.compile(r" \d{3,}\b")
GROUP_OF_DIGITS_BEFORE = re.compile(r"\b\d{3,} $")


def _names_a_thing(text: str, start: int, end: int, expression: str) -> bool:
    """The expression is a number that names a flat, a room, a code or a house, not a year: after a word of such
    things ("unit 1204", "Room 1105", "the PIN is 1234"), before a street's name ("1204 Pine Street"), or a bare
    four-digit number no life's year has ("it's 1204") with no preposition of time before it ("built in 1850" is
    one), or a group of digits beside others (:data:`DIGIT_GROUPS`)."""
    if IDENTIFIER_NUMBER.fullmatch(expression) or DIGIT_GROUPS.fullmatch(expression):
        return True
    if not re.fullmatch(r"\d{4}", expression):
        return False
    if GROUP_OF_DIGITS_AFTER.match(text, end) or GROUP_OF_DIGITS_BEFORE.search(text[max(0, start - 8) : start]):
        return True  # "2051 887 340": one number in groups
    before = text[max(0, start - 24) : start]
    if IDENTIFIER_BEFORE.search(before) or STREET_AFTER.match(text, end):
        return True
    return int(expression) not in BARE_YEARS and not YEAR_PREPOSITIONS.search(before)


def _on_the_day_said(doc: ParsedDoc, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """A time of day (:data:`TIME_OF_DAY`) names an hour, not a day: read alone it falls on the session day. Said
    with one day that the same verb governs ("slept until noon on Sunday", "the call is at 4:30 on Thursday"), it is
    that day's hour, and the session day had dated the memory when the hour came first. So with a week or a weekend
    that is no length ("found her at the bus stop at 2am last week"): an hour of some day in it. A day of another
    verb ("I got up at 6am and we're flying out on Friday") leaves it as it was."""
    out = list(mentions)
    for n, hour in enumerate(mentions):
        if not (hour.resolved and TIME_OF_DAY.fullmatch(hour.text.strip())):
            continue
        verb = _governor(doc, hour.char_start)
        sentence = _sentence_at(doc, hour.char_start)
        days = {
            (day.start, day.end) for day in mentions
            if day is not hour and day.resolved and (day.end - day.start == timedelta(days=1) or _a_week_said(day))
            and not TIME_OF_DAY.fullmatch(day.text.strip())
            and _sentence_at(doc, day.char_start) == sentence and _governor(doc, day.char_start) == verb
        }
        if len(days) == 1:
            start, end = days.pop()
            out[n] = TemporalMention(hour.text, hour.char_start, hour.char_end, start, end, hour.kind)
    return out


# Holidays whose day is the same wherever they are kept, so an occasion they name is held by it: "mother's day"
# (11 May to the engine, Mothering Sunday in March in the UK) or "thanksgiving" may be another country's day, and
# "the mothers day lunch is on the 30th" keeps the plain reading.
FIXED_DAY_HOLIDAY = re.compile(
    r"(?:valentine'?s day|new year(?:'?s)?(?: eve| day)?|christmas(?: eve| day)?|boxing day|halloween|easter(?: sunday| weekend)?)",
    re.IGNORECASE,
)
# Verbs of getting an occasion ready: the day they govern is when it was done ("we booked the christmas meal on the
# 4th", "ordered the halloween costumes on the 2nd"), not the occasion's.
GETTING_AN_OCCASION_LEMMAS = ARRANGING_LEMMAS | frozenset({"order", "buy", "pay", "organise", "organize", "plan", "sort"})


def _the_day_of_the_holiday_occasion(doc: ParsedDoc, mentions: list[TemporalMention], session_time: datetime | None) -> list[TemporalMention]:
    """A bare day of the month ("the 19th") that the verb of an occasion named by a holiday governs ("I'll give
    her the bag at the christmas social on the 19th", said in October) is the last day of that number up to the
    holiday (19 December): a Christmas fair, a Halloween party are held before or on it; a New Year's party also
    in the days after it ("the new year party is on the 3rd" is 3 January), whichever is nearer. Read alone it had
    been the coming 19th, in November. The day must be the occasion's own (:func:`_the_occasion_s_own_day`), of a
    holiday whose day is the same everywhere (:data:`FIXED_DAY_HOLIDAY`), and, unless told in the past, not behind
    the session ("the christmas party at work is on the 2nd", said on 27 December, is in January). A holiday that
    names no occasion ("we're away for christmas, back on the 2nd") leaves the day as it was."""
    out = list(mentions)
    occasions = [m for m in mentions if m.resolved and HOLIDAY.fullmatch(_clean(m.text).removeprefix("the "))
                 and m.end - m.start <= timedelta(days=1) and _names_an_occasion(doc, m)]
    today = datetime.combine(session_time.date(), datetime.min.time()) if session_time is not None else None
    for n, mention in enumerate(mentions):
        day = re.fullmatch(r"the (\d{1,2})(?:st|nd|rd|th)", _clean(mention.text))
        verb = _governor(doc, mention.char_start) if day and mention.resolved else None
        said_with = [h for h in occasions if verb is not None and _governor(doc, h.char_start) == verb]
        if len(said_with) != 1 or not FIXED_DAY_HOLIDAY.fullmatch(_clean(said_with[0].text).removeprefix("the ")) \
                or not _the_occasion_s_own_day(doc, said_with[0], verb):
            continue
        holiday = said_with[0].start
        held = sorted((d for step in (0, -1) if (d := _nth_of_the_month(holiday.year, holiday.month + step, int(day.group(1))))
                       and (d <= holiday or (holiday.month, holiday.day) == (1, 1))), key=lambda d: abs(d - holiday))
        if held and today is not None and held[0] < today and tense_at(doc, mention.char_start) != "past":
            continue
        if held and held[0] != mention.start:
            out[n] = TemporalMention(mention.text, mention.char_start, mention.char_end, held[0], held[0] + timedelta(days=1),
                                     mention.kind, month_from=said_with[0].text)
    return out


# How far from its calendar's day the day a turn says an observance falls on may lie and still be that observance's:
# a festival begun at the sighting of the moon, or at sundown the evening before, is kept a day or two apart.
SAID_DAY_SLACK = timedelta(days=2)
# Verbs that put an observance on a day by its first day ("diwali is on the 20th", "Hanukkah starts on the 14th",
# "eid falls on a saturday"); one that ends, runs or lasts until a day ("ramadan ends on the 19th", "runs until the
# 19th") speaks of its last day, and the first day is no guide to which 19th is meant.
OBSERVANCE_ON_A_DAY_LEMMAS = frozenset({"be", "start", "begin", "fall"})


def _the_day_said_of_an_observance(doc: ParsedDoc, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """An observance (:data:`AN_OBSERVANCE`) that is the subject of the verb governing a day ("diwali is on the
    20th", "eid is on saturday", "Hanukkah starts on the 14th") falls on that day, as the turn says: a bare day of
    the month or weekday is the one nearest the calendar's day (the 20th of October, said on 20 September, had been
    that day itself), and where it lies within :data:`SAID_DAY_SLACK` of it the observance takes it, as moon
    sighting or the evening a festival begins may move it from the table's day. A day further off leaves both as
    they were read. Only a verb of the first day does so (:data:`OBSERVANCE_ON_A_DAY_LEMMAS`: "ramadan ends on the
    19th" is its last day), only with the day hung on that very verb (:func:`_a_day_of_the_verb`: "the party is on
    the 19th and good friday is a day off", "eid and the 21st are both booked" name two days), and only a lunar
    festival moves (:func:`from_a_table`): a day counted from Easter or fixed by a rule takes the day said only
    where it is its own."""
    out = list(mentions)
    for n, holiday in enumerate(mentions):
        if not (holiday.resolved and (named := AN_OBSERVANCE.fullmatch(_clean(holiday.text))) and not named.group(3)
                and _the_subject(doc, holiday)):
            continue
        verb = _governor(doc, holiday.char_start)
        if verb is None or doc.tokens[verb].lemma.lower() not in OBSERVANCE_ON_A_DAY_LEMMAS:
            continue
        slack = SAID_DAY_SLACK if from_a_table(named.group(2)) else timedelta(0)
        for k, day in enumerate(mentions):
            if day is holiday or not day.resolved or day.end - day.start != timedelta(days=1) \
                    or _governor(doc, day.char_start) != verb or not _a_day_of_the_verb(doc, day, verb):
                continue
            said = _the_reading_nearest(_clean(day.text), day.start.date(), holiday.start.date())
            if abs(said - holiday.start.date()) <= slack:
                out[k] = replace(day, start=_day(said), end=_day(said + timedelta(days=1)))
                out[n] = replace(holiday, start=_day(said), end=_day(said) + (holiday.end - holiday.start))
                break
    return out


def _a_day_of_the_verb(doc: ParsedDoc, day: TemporalMention, verb: int) -> bool:
    """The day hangs on ``verb`` itself ("is on the 20th", "starts tomorrow", "is saturday"), through "on" at most,
    not as one of words joined by "and" nor after "until", "by" or "to"."""
    inside = [t for t in doc.tokens if day.char_start <= t.idx < day.char_end]
    top = next((t for t in inside if not any(day.char_start <= doc.tokens[a.head].idx < day.char_end for a in doc.parents(t.i))), None)
    arc = next(iter(doc.parents(top.i)), None) if top is not None else None
    if arc is None or arc.label == "conj":
        return False
    if arc.label == "pobj":
        prep = doc.tokens[arc.head]
        return prep.lower == "on" and any(a.head == verb and a.label == "prep" for a in doc.parents(prep.i))
    return arc.head == verb


def _the_subject(doc: ParsedDoc, mention: TemporalMention) -> bool:
    """The mention's last word is the subject of a verb ("diwali" of "diwali is on the 20th")."""
    last = _last_token_before(doc, mention.char_end)
    return last is not None and any(arc.label in ("nsubj", "nsubjpass") for arc in doc.parents(last.i))


def _the_reading_nearest(text: str, read: date, near: date) -> date:
    """The day ``text`` names nearest ``near`` where it is a bare day of the month (of that month or the one before
    or after) or a bare weekday (within three days either side); else the day it was ``read`` as."""
    if m := re.fullmatch(r"(?:the )?(\d{1,2})(?:st|nd|rd|th)?", text):
        days = [d.date() for step in (-1, 0, 1) if (d := _nth_of_the_month(near.year, near.month + step, int(m.group(1))))]
        return min(days, key=lambda d: abs(d - near), default=read)
    if m := re.fullmatch(rf"(?:a |the )?({_WEEKDAY})", text):
        return near + timedelta(days=(WEEKDAYS.index(m.group(1)) - near.weekday() + 3) % 7 - 3)
    return read


def _the_occasion_noun(doc: ParsedDoc, holiday: TemporalMention) -> Token | None:
    """The noun after the holiday that it modifies ("social" of "the christmas social", "party" of "the new
    year's party"), None where it names none."""
    last = _last_token_before(doc, holiday.char_end)
    if last is not None and last.lower in ("'s", "’s"):
        last = doc.tokens[last.i - 1]
    up = next(iter(doc.parents(last.i)), None) if last is not None else None
    if up is not None and up.label in ("compound", "amod", "nmod", "poss") and doc.tokens[up.head].pos == "NOUN" \
            and doc.tokens[up.head].idx >= holiday.char_end:
        return doc.tokens[up.head]
    return None


def _names_an_occasion(doc: ParsedDoc, holiday: TemporalMention) -> bool:
    """The holiday modifies a noun after it ("the christmas social", "the new year's party"): an occasion it names."""
    return _the_occasion_noun(doc, holiday) is not None


def _the_occasion_s_own_day(doc: ParsedDoc, holiday: TemporalMention, verb: int) -> bool:
    """The day the verb governs is the occasion's: the occasion is the verb's subject ("the halloween party is on
    the 25th"), the place one is at or goes to ("at the christmas social on the 19th", "going to the christmas fair
    on the 13th"), or what one has or does ("we're having the christmas party on the 19th"), not what is booked,
    ordered or bought then ("we booked the christmas meal on the 4th" is the day of the booking)."""
    noun = _the_occasion_noun(doc, holiday)
    arc = next(iter(doc.parents(noun.i)), None) if noun is not None else None
    if arc is None:
        return False
    if arc.label in ("nsubj", "nsubjpass"):
        return arc.head == verb
    if arc.label == "pobj":
        prep = doc.tokens[arc.head]
        return prep.lower in ("at", "to") and any(a.head == verb for a in doc.parents(prep.i))
    return arc.label == "dobj" and arc.head == verb and doc.tokens[verb].lemma.lower() not in GETTING_AN_OCCASION_LEMMAS


def _nth_of_the_month(year: int, month: int, day: int) -> datetime | None:
    """That day of the month counted from ``year``'s (month 0 is the December before); None where it has none."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    try:
        return datetime(year, month, day)
    except ValueError:
        return None


# A part of the day had or taken as a thing, with no word of which day ("take the morning off", "a free morning").
A_PART_OF_THE_DAY_HAD = re.compile(r"(?:the|a|an)\s+(?:[a-z]+\s+)?(?:morning|afternoon|evening|night)", re.IGNORECASE)


# Words that put a part of the day had in the day it is said, wherever they sit in its sentence ("I've got a busy
# morning, speak later", "a long afternoon ahead of me"): it stays the session day's, whatever day the turn names.
A_CUE_OF_NOW = re.compile(r"\b(?:(?:ahead\s+of|in\s+front\s+of)\s+(?:me|us|him|her|them)|(?:speak|talk|chat)\s+(?:later|soon|tonight|tomorrow))\b",
                          re.IGNORECASE)

# Words of today that date the part itself, said in its own clause ("a free morning today", "today I've got the
# afternoon off"); in another clause they date something else ("just found out today the op is on Friday, I'll
# need the morning off").
TODAY_IN_THE_CLAUSE = re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b", re.IGNORECASE)

# "now" right beside the part ("a busy morning now", "now a free afternoon"); "so now I've got a free morning on
# friday" or "the plumber's coming friday now" tell a change, not which day the part is.
NOW_BEFORE_THE_PART = re.compile(r"\bnow\s*$", re.IGNORECASE)
NOW_AFTER_THE_PART = re.compile(r"\s*(?:off\s+)?now\b", re.IGNORECASE)


def _a_part_of_the_day_said(doc: ParsedDoc, mentions: list[TemporalMention], session_time: datetime | None) -> list[TemporalMention]:
    """A part of the day that is a thing had or taken, no time after a preposition ("I'll need to take the morning
    off", "I've got a free morning"), is of the one day ahead named with it, not of the session day, which had dated
    the plan: a day in its sentence ("the echo is booked for the 18th, I've got a free morning") or the one before
    it, which the part goes on about ("The funeral is Friday. It'll be a hard morning."), or anywhere in the turn
    where it is taken off or free ("I'll need to take the morning off. Her GP appointment is on Thursday"). A day
    said after it in a sentence of its own is news of another thing ("I've got a long evening in front of me. The
    interview is on Thursday"). In past talk ("I had a lovely evening"), with a cue of now ("I've got a busy
    morning, speak later. The GP is on Friday"; "a long afternoon ahead of me"; "a free morning today"), alone, or
    with two days named, it is left as it was."""
    if session_time is None:
        return mentions
    today = datetime.combine(session_time.date(), datetime.min.time())
    ahead = [day for day in mentions if day.resolved and day.end - day.start == timedelta(days=1) and day.start > today
             and not A_PART_OF_THE_DAY_HAD.fullmatch(day.text.strip())]
    out = list(mentions)
    for n, part in enumerate(mentions):
        if not (part.resolved and A_PART_OF_THE_DAY_HAD.fullmatch(part.text.strip()) and part.start == today
                and not TIME_PREPOSITION_BEFORE.search(doc.text[max(0, part.char_start - 8) : part.char_start])
                and tense_at(doc, part.char_start) != "past"):  # "spent the morning baking" was today's
            continue
        sentence = _sentence_at(doc, part.char_start)
        if A_CUE_OF_NOW.search(doc.span_text(*doc.sentences[sentence])) or _said_as_today(doc, part):
            continue
        anywhere = _taken_off_or_free(doc, part)
        days = {(day.start, day.end) for day in ahead
                if anywhere or _sentence_at(doc, day.char_start) in (sentence, sentence - 1)}
        if len(days) == 1:
            start, end = days.pop()
            out[n] = TemporalMention(part.text, part.char_start, part.char_end, start, end, part.kind)
    return out


def _said_as_today(doc: ParsedDoc, part: TemporalMention) -> bool:
    """The part is dated as today's by its own clause ("I've got the morning off today", "today I've got a free
    afternoon") or by "now" beside it ("a busy morning now"): a day elsewhere in the turn is not its."""
    sentence = doc.sentences[_sentence_at(doc, part.char_start)]
    first, last = doc.tokens[sentence[0]].idx, doc.tokens[sentence[1] - 1].idx + len(doc.tokens[sentence[1] - 1].text)
    before, after = doc.text[first : part.char_start], doc.text[part.char_end : last]
    clause = re.split(r"[,;:]", before)[-1] + part.text + re.split(r"[,;:]", after)[0]
    return bool(TODAY_IN_THE_CLAUSE.search(clause) or NOW_BEFORE_THE_PART.search(before) or NOW_AFTER_THE_PART.match(after))


def _taken_off_or_free(doc: ParsedDoc, part: TemporalMention) -> bool:
    """The part of the day is taken off or free ("take the morning off", "I've got a free afternoon"): leave from
    a thing to come, so of the day the turn names even in a sentence of its own."""
    return bool(re.search(r"\bfree\b", part.text, re.IGNORECASE) or re.match(r"\s+off\b", doc.text[part.char_end :], re.IGNORECASE))


def _a_week_said(mention: TemporalMention) -> bool:
    """The mention is a week or a weekend said as a time, not a length ("last week", "this weekend"; not "2 days")."""
    return timedelta(days=1) < mention.end - mention.start <= timedelta(days=7) and not BARE_LENGTH.fullmatch(
        mention.text.strip())


def _governor(doc: ParsedDoc, char: int) -> int | None:
    """The index of the verb that governs the expression at ``char`` (:func:`_clause_of`), None when none does."""
    clause = _clause_of(doc, char)
    return clause[0].i if clause else None


def _in_month_said_before(
    mentions: list[TemporalMention], session_time: datetime | None = None, said_before: Sequence[TemporalMention] = (),
    doc: ParsedDoc | None = None,
) -> list[TemporalMention]:
    """A bare day of the month after a month named earlier in the turn, or in the turns just before it
    (``said_before``), is a day of that month ("we fly out on the 14th of February and come back on the 18th",
    "seven in March actually, her birthday is on the 14th"), in the year that month resolved to; so is one right
    after a bare day that itself took a month so, in that month ("free on the 20th" of July - "move it to the
    27th?"), the expression it took it from kept as ``month_from``; after a day of the month, only a later day is
    ("... and pay by the 10th" may be before it, so it keeps its own reading), and not one its own tense puts on the
    other side of the session ("they want to start in April instead. The workshop on the 10th never happened": the
    10th is behind), unless it is the day of a thing booked for that month in its sentence (:func:`_of_the_month_booked`)."""
    out = list(mentions)
    for n, mention in enumerate(out):
        day = re.fullmatch(rf"(?:the )?(\d{{1,2}})(?:st|nd|rd|th)(?: ?(?:{_RANGE_TO}|and) ?(?:the )?(\d{{1,2}})(?:st|nd|rd|th))?",
                           _clean(mention.text))
        if day and not day.group(2) and not _clean(mention.text).startswith("the "):
            day = None  # a bare "5th" is no day by itself
        # a date said since the month has moved the talk on: "In June we're going to Berlin." - "I started on
        # Monday." - "My exam is on the 20th" is this month's 20th (durations, hours and the day it is said, "packing
        # today lol", say no other day)
        earlier = [m for m in [*said_before, *out[:n]] if m.resolved and m.kind != "duration"
                   and not TIME_OF_DAY.fullmatch(_clean(m.text)) and not _the_day_it_is(m, session_time)]
        last = earlier[-1] if earlier else None
        month = last if last is not None and (_a_day_of_a_month(last) or _names_one_month(last)) else None
        if not (day and mention.resolved and month):
            continue
        month_end = _day(_month_start(month.start.year, month.start.month + 1))
        whole_month = month.start.day == 1 and month.end == month_end
        # read alone, the day would be the very day it is said, which talk calls "today": an earlier day of the
        # month ahead is meant ("freshers week is 22nd september, we're driving her up on the 20th", said on 20 Aug);
        # only an earlier one, leading up to that day: "the wedding is 4th october, the hen do is on the 12th" is no
        # 12 October, after the wedding
        today_ahead = session_time is not None and mention.start.date() == session_time.date() < month.start.date() \
            and doc is not None and tense_at(doc, mention.char_start) != "past" \
            and int(day.group(1)) < (month.end - timedelta(days=1)).day
        if not whole_month and int(day.group(1)) < (month.end - timedelta(days=1)).day and not today_ahead:
            continue
        try:
            start = date(month.start.year, month.start.month, int(day.group(1)))
            last = start if not day.group(2) else _last_of_two_days(start, int(day.group(2)))
        except ValueError:
            continue  # no 31st in that month: the day is of another
        if session_time is not None and (start > session_time.date()) != (mention.start.date() > session_time.date()) \
                and not today_ahead and not _of_the_month_booked(doc, month, mention, out):
            continue
        if day.group(2) and (mention.end - mention.start).days == 1:
            last = start  # "the 3rd and 17th": two days, the first kept
        kind = "range" if last > start else "point"
        out[n] = TemporalMention(mention.text, mention.char_start, mention.char_end, _day(start),
                                 _day(last + timedelta(days=1)), kind, month_from=month.text)
    return out


def _last_of_two_days(start: date, day: int) -> date:
    """The last of two days of a month said after ``start`` ("the 16th to the 18th" of June): in its month, or the next
    when it is earlier ("the 28th to the 2nd")."""
    if day >= start.day:
        return date(start.year, start.month, day)
    following = _month_start(start.year, start.month + 1)
    return date(following.year, following.month, day)


# A weekday said as a day of a stretch already named: "the Thursday", "the Saturday afternoon"
THE_WEEKDAY = re.compile(rf"({_WEEKDAY})(?:\s+(?:morning|afternoon|evening|night))?", re.IGNORECASE)


def _a_weekday_of_the_period_said(
    doc: ParsedDoc, mentions: list[TemporalMention], session_time: datetime | None, said_before: Sequence[TemporalMention],
) -> list[TemporalMention]:
    """A weekday said with "the" ("we want to leave on the Thursday", "the Saturday afternoon is free") is a day of
    the stretch ahead named last before it, in the turn or the turns just before ("the week after Easter", "a long
    weekend in June", "the 20th to the 31st"), where it had been the coming Thursday; a plain weekday after it in the
    turn ("... and be back on Sunday") is the first such day after it. Alone, or with no stretch ahead that holds
    that weekday, it reads as before."""
    out = list(mentions)
    anchor: datetime | None = None
    for n, mention in enumerate(out):
        named = THE_WEEKDAY.fullmatch(_clean(mention.text))
        if not (named and mention.resolved and mention.end - mention.start <= timedelta(days=1)):
            continue
        weekday = WEEKDAYS.index(named.group(1).lower())
        if tense_at(doc, mention.char_start) == "past":
            continue  # "I saw her on the Monday": a day of a stretch gone by
        if doc.text[: mention.char_start].lower().rstrip().endswith("the"):
            period = next((m for m in reversed([*said_before, *out[:n]]) if m.resolved and m.kind != "duration"
                           and timedelta(days=2) <= m.end - m.start <= timedelta(days=31)
                           and (session_time is None or m.end > session_time)
                           and _a_weekday_in(m.start, m.end, weekday) is not None), None)
            day = _a_weekday_in(period.start, period.end, weekday) if period is not None else None
        elif anchor is not None:
            day = _a_weekday_in(anchor + timedelta(days=1), anchor + timedelta(days=8), weekday)
        else:
            continue
        if day is None:
            continue
        start = day + (mention.start - _day(mention.start.date()))  # keep the part of the day
        out[n] = TemporalMention(mention.text, mention.char_start, mention.char_end, start, start + (mention.end - mention.start), mention.kind)
        anchor = day
    return out


def _a_weekday_in(start: datetime, end: datetime, weekday: int) -> datetime | None:
    """The first day of ``weekday`` (Monday 0) in ``[start, end)``, at midnight; None when there is none."""
    first = _day(start.date())
    first += timedelta(days=(weekday - first.weekday()) % 7)
    return first if first < end else None


def _the_day_it_is(mention: TemporalMention, session_time: datetime | None) -> bool:
    """The mention is the day the turn is said ("today", "tonight", "this morning")."""
    return session_time is not None and mention.start <= session_time < mention.end and mention.end - mention.start <= timedelta(days=1)


def _of_the_month_booked(doc: ParsedDoc | None, month: TemporalMention, day: TemporalMention,
                         mentions: list[TemporalMention]) -> bool:
    """The day is of a thing booked for the month named before it in its sentence ("I've registered for the December
    sitting on the 1st": the past of the registering put the 1st behind, the sitting is ahead); not a deed of its
    own beside a month ahead ("the exam is in December but I registered on the 1st")."""
    if doc is None or month not in mentions or not scheduled_date(doc, month.char_start):
        return False
    return _sentence_at(doc, month.char_start) == _sentence_at(doc, day.char_start)


# "A weekend", "a long weekend", "a quiet week": which one is not said. Read alone it is the one just lived (or the
# next, in future talk); beside a date of its own sentence it is only how long ("a weekend in Edinburgh in August").
INDEFINITE_PERIOD = re.compile(r"(?:a|an)\s+(?:[a-z-]+\s+)?(?:week|weekend)", re.IGNORECASE)


def _indefinite_periods_give_way(doc: ParsedDoc, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """An indefinite period with another date in its sentence is a length, so that date dates the memory: "I'm
    planning a weekend in edinburgh in august" is in August, "Bali for a long weekend, from August 15 to 18" is the
    15th to the 18th, where the coming weekend had won by coming first. Alone it keeps its reading ("we had a lovely
    weekend in Cornwall": the last one)."""
    out = list(mentions)
    for n, mention in enumerate(mentions):
        if not (mention.resolved and mention.kind != "duration" and INDEFINITE_PERIOD.fullmatch(_clean(mention.text))):
            continue
        sentence = _sentence_at(doc, mention.char_start)
        if any(
            other is not mention and other.resolved and other.kind != "duration"
            and not INDEFINITE_PERIOD.fullmatch(_clean(other.text)) and _sentence_at(doc, other.char_start) == sentence
            for other in mentions
        ):
            out[n] = replace(mention, kind="duration")
    return out


def _a_day_of_a_month(mention: TemporalMention) -> bool:
    """``mention`` is a bare day that itself took the month of an expression before it ("free on the 20th", after
    "the reunion is in July"): the month of a bare day said next ("can we move it to the 27th?"). A bare day read
    alone sets none ("rent is due on the 1st and my birthday is on the 20th": the 1st may be next month's because it
    has passed); a time said between ("tomorrow", "on Monday") has moved the talk on."""
    return mention.resolved and mention.month_from is not None


def _names_one_month(mention: TemporalMention) -> bool:
    """``mention`` names a month ("in March", "the 14th of February", "September 12 to 16", "next month") and lies
    in it."""
    if not mention.resolved or not re.search(rf"\b(?:{_MONTH}|(?:this|next|last) month)\b", mention.text, re.IGNORECASE):
        return False
    last = mention.end - timedelta(days=1)
    return (mention.start.year, mention.start.month) == (last.year, last.month)


names_one_month = _names_one_month  # a later clause's bare day is read in it (turn)


def within(inner: TemporalMention, outer: TemporalMention) -> bool:
    """Both resolved, and ``inner``'s interval lies inside ``outer``'s and is shorter: it narrows it."""
    if not (inner.resolved and outer.resolved):
        return False
    return outer.start <= inner.start and inner.end <= outer.end and inner.end - inner.start < outer.end - outer.start


def narrowed(event: TemporalMention, mentions: list[TemporalMention]) -> TemporalMention:
    """The first of ``mentions`` (durations aside) that narrows ``event``, else ``event`` itself: "next month,
    on Saturday the 15th" is on the 15th, "in June, on the 14th" on the 14th."""
    return next((m for m in mentions if m.kind != "duration" and within(m, event)), event)


def runs_up_to_the_session(mention: TemporalMention, session_time: datetime | None) -> bool:
    """The mention is a stretch from a day gone by up to the day it was said ("since March", "for the past six
    months"), not a day or a period of its own."""
    if session_time is None or not mention.resolved:
        return False
    return mention.start.date() < session_time.date() and mention.end.date() == session_time.date() + timedelta(days=1)


def moved_from(doc: ParsedDoc, mentions: list[TemporalMention]) -> set[int]:
    """The ``id`` of each of ``mentions`` that a later date of its sentence replaced: the date a thing was moved
    from ("my appointment on April 8 was moved to May 6th", "postponed the party on the 2nd until the 9th"),
    which no longer dates it. The later date follows to/until/till/for, hung (through "from", "to Thursday" in
    "from Monday to Thursday") on a verb of moving a date (:data:`RESCHEDULING_LEMMAS`); a date after "from" on such
    a verb is one moved from wherever the new one is said ("they moved it from Wednesday. It's Friday now")."""
    replaced: set[int] = set()
    for n, new in enumerate(mentions):
        at = next((t.i for t in doc.tokens if t.idx >= new.char_start), None)
        if at and doc.tokens[at - 1].lower == "from" and _moves_a_date(doc, at - 1) and _an_event_moved(doc, at - 1):
            replaced.add(id(new))  # "the clinic moved it from Wednesday. it's Friday now": what was, said alone
        elif at and doc.tokens[at - 1].lower in SCHEDULED_BEFORE and _moves_a_date(doc, at - 1):
            sent = doc.tokens[at].sent
            replaced |= {id(old) for old in mentions[:n]
                         if _sentence_at(doc, old.char_start) == sent and not dates_the_news(doc, old)}
    return replaced


# Participles of making: a year after them says how old a thing is ("a house built in 1930", "the wine was bottled
# in 2015"), not when what the talk tells of happened.
MAKING_LEMMAS = frozenset({"build", "make", "manufacture", "produce", "construct", "found", "establish", "release",
                           "publish", "print", "design", "bottle"})


def dates_a_thing(doc: ParsedDoc, mention: TemporalMention) -> bool:
    """``mention`` is a year that says when a thing was made or what it is from, not when anything told of happened:
    "from" a year after "be" ("the boiler is from 1998"), a year after a participle of making ("built in 1930"), or a
    year that sizes up a thing ("a 2015 model"). Another date of the turn then dates the event ("The boiler is from
    1998. It broke on Sunday")."""
    if not re.fullmatch(rf"(?:(?:from|in)\s+)?(?:the\s+)?{_YEAR}s?", mention.text, re.IGNORECASE):
        return False
    year = next((t for t in doc.tokens if t.idx >= mention.char_start and re.match(_YEAR, t.text)), None)
    up = next(iter(doc.parents(year.i)), None) if year is not None else None
    if up is None:
        return False
    head = doc.tokens[up.head]
    if up.label in ("nummod", "compound", "amod"):
        return head.pos == "NOUN" and head.lemma.lower() not in TAKEN_PART_IN  # "a 2015 model", not "our 2019 trip"
    verb = next((doc.tokens[a.head] for a in doc.parents(head.i)), None) if up.label == "pobj" else None
    if verb is None:
        return False
    if head.lower == "from":
        return verb.lemma.lower() == "be"
    return head.lower == "in" and verb.tag == "VBN" and _lemma_in(verb, MAKING_LEMMAS)


def dates_the_news(doc: ParsedDoc, mention: TemporalMention, lemmas: frozenset[str] = NEWS_LEMMAS) -> bool:
    """The verb ``mention`` hangs on is one of bringing news (``lemmas``: "rang this morning", "emailed me today to
    say ..."): it dates the call, which moved nothing from that day."""
    verb = _governor(doc, mention.char_start)
    return verb is not None and _lemma_in(doc.tokens[verb], lemmas)


def replaced_dates(doc: ParsedDoc, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """The ``mentions`` the sentence names as the date a thing no longer holds on: moved from (:func:`moved_from`),
    or said right after "not", "instead of", "rather than" (:data:`REPLACED_BEFORE`: "I'm back on the 15th now, not
    the 8th"). A later memory names an arrangement by its old date so ("It's now 7 March instead of the 21st")."""
    moved = moved_from(doc, mentions)
    before = re.compile(rf"\b(?:{'|'.join(REPLACED_BEFORE)})\s+$", re.IGNORECASE)
    return [m for m in mentions if id(m) in moved or before.search(doc.text[max(0, m.char_start - 20) : m.char_start])
            or _put_right_after(doc, m, mentions) or _meant_before_another_now(doc, m, mentions)
            or _ruled_out_for_another(doc, m, mentions)]


# A time the speaker rules out, "not" right before its preposition ("not in april", "not after summer", "not on
# friday"); "not until june", "not before june", "not by friday" say when it will be, and are left out
RULED_OUT_TIME = re.compile(r"\bnot\s+(?:in|on|at|after|during)\s+(?:the\s+)?$", re.IGNORECASE)
# ... or "not" a few words before it, in its own clause ("decided not to do the exam in april"), which rules the
# time out only where the later date says "instead"
RULED_OUT_DEED = re.compile(r"\bnot\b[^.!?;,]{0,30}\s(?:in|on|at|after|during)\s+(?:the\s+)?$", re.IGNORECASE)
INSTEAD = re.compile(r"\binstead\b", re.IGNORECASE)


def _ruled_out_for_another(doc: ParsedDoc, mention: TemporalMention, mentions: list[TemporalMention]) -> bool:
    """The speaker rules ``mention`` out and names the time that holds after it: "promoted! not after the summer,
    from today", "the party's not on friday, it's saturday" (:data:`RULED_OUT_TIME`), or, with the deed between the
    "not" and the date, a later date said "instead" ("we're not going to Spain in July, we're going in August
    instead": :data:`RULED_OUT_DEED`). The ruled-out one had dated the memory. A later date that is no clock time is
    needed: "I'm not working on friday" alone dates the not working."""
    lead = re.match(r"(?:in|on|at|after|during)\s+(?:the\s+)?", mention.text, re.IGNORECASE)  # "on friday" as one
    before = doc.text[max(0, mention.char_start - 50) : mention.char_start + (lead.end() if lead else 0)].replace("’", "'")
    direct = RULED_OUT_TIME.search(before) is not None
    if not direct and not RULED_OUT_DEED.search(before):
        return False
    for other in mentions:
        if other.char_start < mention.char_end or other.char_start - mention.char_end > 120 or CLOCK_TIME.fullmatch(other.text):
            continue
        if direct or INSTEAD.search(doc.text[mention.char_end : other.char_end + 12]):
            return True
    return False


# What an arrangement was to be before it changed ("it was meant to be this friday", "delivery was supposed to be
# end of april", "we were going to go on the 3rd", "we were due to complete on the 28th"): a verb of meaning,
# supposing or going "to", and a few words of the clause before the date. A plan said in the present is meant or
# supposed ("the flight is supposed to leave on friday"), never "is going to" or "is due to", which tell a plain
# future ("we're going to Rome on friday but coming back on monday", "the baby is due to arrive on the 3rd")
MEANT_BEFORE = re.compile(
    r"\b(?:(?:was|were)\s+(?:meant|supposed|due|going)|(?:is|are|'s|'re)\s+(?:meant|supposed))\s+to\b[^.!?;,]{0,40}$",
    re.IGNORECASE)
# A day an arrangement was said not to keep, right before the date: "it wasn't on the 2nd in the end", "the fitter
# didn't come on the 3rd", "isn't on friday any more". Only with a later date said of the same arrangement
# (:func:`_meant_before_another_now`): "I didn't sleep on monday" alone replaces nothing.
NOT_HELD_ON = re.compile(
    r"\b(?:(?:was|were|is|are)n'?t|(?:was|were|is|are)\s+not|did\s*n'?t\s+\w+|did\s+not\s+\w+)\s+(?:on|in|at)?\s*$",
    re.IGNORECASE)
# What says the date after it is the one that holds now ("but now they're saying mid june", "so now it's tuesday",
# "but it's actually the 9th", "in the end it was the 6th")
NOW_HOLDS = re.compile(r"\b(?:but|now|instead|actually|in\s+the\s+end)\b", re.IGNORECASE)
# How the later date is said of the same arrangement, right before it: "now" or "instead" in its own clause ("so now
# it's next tuesday", "and now I'm seeing her on the 9th"), a bare "it's" ("but it's actually the 9th"), a verb of
# moving ("but it's moved to the 10th") or of saying ("now he says thursday", "the builder says august"). A new
# subject with a verb of its own names another event: "but my mum comes on the 1st", "but we're away till the 25th",
# "but the party is on saturday", "but results come out in august".
SAID_OF_THE_SAME = re.compile(
    r"(?:\b(?:now|instead)\b[^.!?;,]{0,40}"
    r"|\b(?:it'?s|its|it\s+is|it\s+was)\s+(?:now\s+|actually\s+|instead\s+)?(?:on\s+|in\s+|at\s+)?"
    r"|\b(?:moved|pushed|changed|put|brought|postponed|rescheduled|delayed|bumped|shifted|swapped|switched)"
    r"(?:\s+(?:it|them|us|me|him|her))?(?:\s+(?:back|forward|up|off))?\s+(?:to|till|until|for)\s+"
    r"|\b(?:say|says|saying|said|reckon|reckons|thinking)\b[^.!?;,]{0,30})$",
    re.IGNORECASE)


def _meant_before_another_now(doc: ParsedDoc, mention: TemporalMention, mentions: list[TemporalMention]) -> bool:
    """``mention`` is the date an arrangement was meant or supposed to have (:data:`MEANT_BEFORE`), and a later date
    of the turn follows a "but" or a "now" (:data:`NOW_HOLDS`) and is said of the same arrangement
    (:data:`SAID_OF_THE_SAME`): "it was meant to be this friday but they need to fix a scratch so now it's next
    tuesday", "delivery was supposed to be end of april but now they're saying mid june". The old date had stayed
    the live one. So is a day said not to be kept ("it wasn't on the 2nd in the end, it was the 6th": :data:`NOT_HELD_ON`),
    and a verb of moving may have its object between it and the date ("but he's moved it to the 24th"). "It was
    supposed to be on friday and it was" names no other; "it's meant to rain on saturday but
    sunday looks nice" names another day of its own."""
    before = doc.text[max(0, mention.char_start - 60) : mention.char_start].replace("’", "'")
    if not (MEANT_BEFORE.search(before) or NOT_HELD_ON.search(before)):
        return False
    return any(
        other.char_start >= mention.char_end and other.char_start - mention.char_end <= 120
        and NOW_HOLDS.search(between := doc.text[mention.char_end : other.char_start].replace("’", "'"))
        and (SAID_OF_THE_SAME.search(between) or re.match(r"\s+(?:now|instead)\b", doc.text[other.char_end :], re.IGNORECASE))
        and not CLOCK_TIME.fullmatch(other.text)
        for other in mentions
    )


# Words that take back what was just said and say it again: "the 3rd of August, no wait the 10th", "I said the
# wedding was June 14, it's actually June 21", "friday. actually sorry, saturday", "Tuesday at 5. no wait, it's
# Wednesday": one or more of them, after the old date (and its hour) and before the new one ("no" only with a
# break after it: "a cat, no dogs" says no dogs)
_TAKEN_BACK = r"(?:no(?=\s*[,.!;:\-–—]|\s+(?:wait|sorry)\b)|wait|sorry|actually|oops|my\s+bad|i\s+mean|scratch\s+that|make\s+(?:that|it))"
_A_BREAK = r"[\s,;:.!\-–—]*"
SELF_REPAIRS = re.compile(
    rf"^{_A_BREAK}(?:at\s+\d{{1,2}}(?::\d\d)?\s*(?:am|pm)?{_A_BREAK})?"
    rf"(?:(?:{_TAKEN_BACK}\b{_A_BREAK})+(?:(?:it'?s|it\s+is|its)\s+)?(?:actually\s+|really\s+)?"
    r"|(?:but\s+)?(?:it'?s|it\s+is|its)\s+(?:actually|really)\s+)(?:(?:on|in)\s+)?",
    re.IGNORECASE,
)
# What may follow the date put in the old one's place: the sentence goes on with no verb of its own ("the 10th, we're
# in Cornwall on the 3rd" starts another clause after its comma; "sorry Tuesday is when I'm free" is no repair)
REPAIR_ENDS = re.compile(r"^\s*(?:$|[,.!?;:)]|lol\b|haha\b|now\b|instead\b|then\b)", re.IGNORECASE)


def _put_right_after(doc: ParsedDoc, mention: TemporalMention, mentions: list[TemporalMention]) -> bool:
    """The speaker takes the date back and names another: "the 3rd of August, no wait the 10th", "last time I said
    the wedding was June 14, it's actually June 21"."""
    repair = SELF_REPAIRS.match(doc.text[mention.char_end : mention.char_end + 48])
    return repair is not None and any(
        m.char_start == mention.char_end + repair.end() and REPAIR_ENDS.match(doc.text[m.char_end : m.char_end + 12])
        # an hour put right leaves the day ("Monday at 10. no wait, 11am"); a day asked is offered, not put right
        # ("Can't do Friday, sorry. Saturday?")
        and not CLOCK_TIME.fullmatch(m.text) and not doc.text[m.char_end : m.char_end + 2].strip().startswith("?")
        for m in mentions
    )


def _an_event_moved(doc: ParsedDoc, preposition: int) -> bool:
    """The verb the ``preposition`` hangs on moves an event ("moved the party from Saturday", "moved it from
    Wednesday"), not a person or a state that starts then ("moving me to the Leeds office from the 3rd", "changing
    to 4 days a week from June": the date the new state starts)."""
    verb = _the_verb_above(doc, preposition)
    moved = [a.dep for a in doc.children(verb) if a.label in ("dobj", "nsubjpass", "nsubj", "npadvmod")]
    return any(doc.tokens[k].lemma.lower() in ARRANGED_EVENT_NOUNS | {"date", "deadline", "day", "it", "them"} for k in moved)


def _moves_a_date(doc: ParsedDoc, preposition: int) -> bool:
    """The ``preposition`` hangs, directly or through another preposition, on a verb of moving a date."""
    node = _the_verb_above(doc, preposition)
    return doc.tokens[node].pos == "VERB" and _lemma_in(doc.tokens[node], RESCHEDULING_LEMMAS)


def _the_verb_above(doc: ParsedDoc, preposition: int) -> int:
    """The word the ``preposition`` hangs on through other prepositions, and through "back" or "forward" ("pushed
    the launch back from the 3rd")."""
    node = _above_the_prepositions(doc, preposition)
    if doc.tokens[node].lower in ("back", "forward") and (up := next(iter(doc.parents(node)), None)) is not None:
        node = up.head
    return node


def _above_the_prepositions(doc: ParsedDoc, preposition: int) -> int:
    """The word the ``preposition`` hangs on, directly or through other prepositions ("from 2019 to 2021")."""
    node = preposition
    while (up := next(iter(doc.parents(node)), None)) is not None and doc.tokens[node].pos == "ADP":
        node = up.head
    return node


# Days named from the day something was said, which a report of the saying counts from that day
SAID_DAYS = frozenset({"tomorrow", "tonight", "today", "the day after tomorrow"})
SAYING_LEMMAS = frozenset({"say", "tell", "text", "promise", "write", "message", "mention", "swear", "claim"})
AGREEING_LEMMAS = frozenset({"agree", "decide", "arrange", "plan"})
# The modals that look ahead from a past saying ("she said she would visit", "he said he'll call"); "she said she
# can't come on friday" tells of that Friday.
FUTURE_IN_THE_PAST = frozenset({"would", "'d", "will", "'ll", "wo"})


# Verbs that give out or settle a date: "the date has been announced: 9 July", "the judging has been announced for
# Wednesday 9 July", "the date's been set: 9 July"
ANNOUNCING_LEMMAS = frozenset({"announce", "publish", "release", "reveal", "confirm", "set", "fix", "decide",
                               "finalise", "finalize", "agree", "arrange", "schedule", "book", "change", "move"})
# What sets a date apart as the value of what was given out: "the date has been set: 9 July", "announced - 9 July"
GIVEN_OUT_MARKS = frozenset({":", "-", "–", "—"})


def _a_date_given_out(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is the date a verb of announcing or setting (:data:`ANNOUNCING_LEMMAS`) gave out:
    set apart after a colon or a dash right after its clause ("The judging date has been announced: Wednesday 9 July",
    "They've announced the date: 9 July"), or after "for" ("The judging has been announced for Wednesday 9 July"). The
    announcing is past, the date announced is the event's, as in present talk; with the past it had been last year's
    July. A date after "on" ("the results were announced on 9 March") is the announcing's own."""
    at = _token_at(doc, char)
    if at is None or at.i == 0:
        return False
    before = doc.tokens[at.i - 1]
    if before.text not in GIVEN_OUT_MARKS and before.lower != "for":
        return False
    verb = next((t for t in reversed(doc.tokens[: before.i]) if t.pos in ("VERB", "AUX") or t.sent != at.sent), None)
    # with a particle it sets no date: "I set up the stall for 9 March"
    return verb is not None and verb.sent == at.sent and _lemma_in(verb, ANNOUNCING_LEMMAS) and not any(
        a.label == "prt" for a in doc.children(verb.i))


def _told_as_said_ahead(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` dates a verb with "'d" or "would" that a past verb of saying governs ("said she'd
    come tomorrow"): what the one who spoke then looked ahead to."""
    verb = _governor(doc, char)
    if verb is None or not any(doc.tokens[a.dep].lower.replace("’", "'") in ("'d", "would") for a in doc.children(verb)):
        return False
    return any(
        arc.label in ("ccomp", "xcomp") and doc.tokens[arc.head].tag == "VBD"
        and doc.tokens[arc.head].lemma.lower() in SAYING_LEMMAS
        for arc in doc.parents(verb)
    )


def _the_first_in(doc: ParsedDoc, start: int) -> bool:
    """The "in <length>" at ``start`` closes "the first time" ("first time in 3 years", "the only time in months")
    or a first or a superlative told in the perfect ("the first holiday I've had in 3 years"): the stretch behind,
    which it is the first of. "My first job in two weeks", "our first scan in 3 weeks" look ahead."""
    at = next((t.i for t in doc.tokens if t.idx >= start), None)
    if at is None or at < 2:
        return False
    if doc.tokens[at - 1].lower == "time" and doc.tokens[at - 2].lower in FIRSTS:
        return True
    sent, perfect = doc.tokens[at].sent, False
    for k in range(at - 1, max(-1, at - 9), -1):
        token = doc.tokens[k]
        if token.sent != sent:
            return False
        if token.lower in FIRSTS:
            return perfect
        if token.pos in ("VERB", "AUX"):
            if token.tag == "VBN" and k > 0 and doc.tokens[k - 1].lemma == "have":
                perfect = True  # "I've had": the participle, its "have" read next
            elif not (token.lemma == "have" and perfect):
                return False
    return False


def _sentence_at(doc: ParsedDoc, char: int) -> int | None:
    """The sentence of the token at (or first after) character ``char``."""
    return next((t.sent for t in doc.tokens if t.idx >= char), None)


def _asked_in(doc: ParsedDoc, char: int) -> bool:
    """The sentence of character ``char`` ends in a question mark."""
    sentence = _sentence_at(doc, char)
    return sentence is not None and "?" in doc.tokens[doc.sentences[sentence][1] - 1].text


def tense_at(doc: ParsedDoc, char: int) -> str:
    """past / future / present of the clause the expression at character ``char`` belongs to (from tags and
    modal cues); of its whole sentence when the parse gives it no verb.

    The clause, not the sentence: "I booked Japan, flying to Tokyo on October 3rd" dates the flight, which is
    ahead, and "I haven't smoked in 3 years, so that's going well" measures the not smoking, which is behind.
    """
    sent = next((n for n, (s, e) in enumerate(doc.sentences) if doc.tokens[s].idx <= char < doc.tokens[e - 1].end + 1), 0)
    start, end = doc.sentences[sent] if doc.sentences else (0, len(doc.tokens))
    sentence = [t for t in doc.tokens[start:end]]
    first = next((t for t in sentence if t.pos not in ("PUNCT", "INTJ")), None)
    imperative = first is not None and (first.lower == "please" or (first.tag == "VB" and first.lower == first.lemma)) and not (
        _past_by_its_conjunct(doc, first))  # "quit again in april and it stuck": "I" dropped before a past
    clause = _clause_of(doc, char)
    words = clause if clause else _up_to_the_next_clause(sentence, char)
    if (imperative and (not clause or first in clause)) or _sounds_future(doc, words):
        return "future"
    if clause and _a_thing_done_then(doc, clause[0], char):
        return "past"
    if _not_told_by_the_tense(doc, char, clause):
        return "present"
    if any(_tells_past(doc, t) for t in words) if clause else any(
        t.tag in ("VBD", "VBN") and not _have_got(doc, t) for t in words
    ):
        return "past"
    if clause and (_bare_complement_of_the_past(doc, _governor(doc, char)) or _purpose_of_a_past_deed(doc, _governor(doc, char), char)):
        return "past"
    return "present"


# Verbs of getting ready: in the perfect progressive ("I've been saving up for a trip to Japan in September") they
# go on now towards the date, unlike "I've been going to the gym a lot in January", which tells of then.
PREPARING_LEMMAS = frozenset({"train", "save", "prepare", "plan", "practise", "practice", "study", "revise",
                              "organise", "organize", "arrange", "budget", "rehearse", "prep"})
# Verbs whose "on <date>" is the date chosen ("we agreed on 20 Sept", "settled on the 8th"): the choosing is
# past, the day chosen may lie either side of it.
CHOOSING_LEMMAS = frozenset({"agree", "settle", "decide"})
# A past participle that stands alone as the verdict on an arrangement ("8 June at mine, done.", "Saturday it
# is, sorted"): it tells that the day is agreed, not that the day is past.
VERDICTS = frozenset({"do", "sort", "agree", "settle", "confirm", "lock", "fix"})


def _the_day_chosen(doc: ParsedDoc, verb: Token, at: Token) -> bool:
    """The expression at ``at`` is what the verb of choosing chose: the object of its one "on", with nothing else
    chosen beside it ("we agreed on 20 Sept"; not "we agreed on a price on Friday", "we decided on Friday to cancel",
    "agreed on Monday that she would move out", where the date is when the choosing happened)."""
    arcs = doc.children(verb.i)
    ons = [a.dep for a in arcs if doc.tokens[a.dep].lower == "on"]
    if len(ons) != 1 or any(a.label in ("dobj", "xcomp", "ccomp") for a in arcs):
        return False
    return any(a.head == ons[0] and a.label == "pobj" for k in range(at.i, min(at.i + 4, len(doc))) for a in doc.parents(k))


# Verbs of picking one of several: a day or month picked "for" ("the book club chose Middlemarch for June", "we
# picked a film for Friday") is the one the thing is set for, which the past of the picking does not date.
PICKING_LEMMAS = frozenset({"pick", "choose", "shortlist"})
A_DAY_OR_MONTH = re.compile(rf"(?:(?:the|early|mid|late)[\s-]+)*(?:{_MONTH}|{_WEEKDAY}|\d{{1,2}}(?:st|nd|rd|th)\b)", re.IGNORECASE)


def _the_day_picked(doc: ParsedDoc, verb: Token, at: Token, char: int) -> bool:
    """The expression at ``char`` names a day or a month right after the "for" of a verb of picking ("they chose
    Middlemarch for June"); not a day of the picking ("I picked the kids up on Friday"), a length ("chose it for two
    weeks"), the picked day itself ("we picked Saturday and it poured" may be gone by), nor one the turn says went by
    ("picked a film for Friday and it was great")."""
    if not A_DAY_OR_MONTH.match(doc.text, char) or _how_it_went_after(doc, char) or not _after_word(doc, char, ("for",)):
        return False
    return any(a.label == "prep" and a.dep == at.i - 1 for a in doc.children(verb.i))


# What one books, gets or buys to go away: a journey or a stay, which lies either side of the booking ("the venue",
# "a table" may be booked for a month or in it, and keep the tense's reading).
BOOKING_LEMMAS = frozenset({"book", "reserve"})
# Those and "schedule", which set a thing a day of its own: "scan scheduled, ...", "booked her in with the nurse"
BOOKED_A_DAY_LEMMAS = BOOKING_LEMMAS | frozenset({"schedule"})
TRIP_NOUNS = frozenset(
    "trip holiday honeymoon break getaway flight ticket week weekend fortnight cruise cottage hotel villa airbnb "
    "tour vacation stay train ferry".split()
)
# What one gets or buys for a trip ahead: "got tickets to Madrid for March" (not "bought a villa in Spain in
# October", a purchase then, nor "got the train to Leeds in December", a journey then).
BOUGHT_FOR_A_TRIP = frozenset({"ticket", "flight"})


def _a_booking(doc: ParsedDoc, verb: Token) -> bool:
    """"I booked a trip to Lisbon in May", "we got tickets to Madrid for March", "booked a week in Lanzarote in
    February": a journey or stay somewhere, whose month the past of the booking does not date (said in February,
    it is this May, not last). Without a place ("I booked the flights in March and we fly in June") the month may
    be the booking's, and the tense keeps it."""
    bought = verb.lemma.lower() in ("get", "buy")
    if not (_lemma_in(verb, BOOKING_LEMMAS) or bought):
        return False
    booked = [a.dep for a in doc.children(verb.i) if a.label in ("dobj", "npadvmod")
              and doc.tokens[a.dep].lemma.lower() in (BOUGHT_FOR_A_TRIP if bought else TRIP_NOUNS)]
    return bool(booked) and any(_a_place(doc, k) for k in [verb.i, *booked])


def _a_place(doc: ParsedDoc, head: int) -> bool:
    """``head`` has a "to" or "in" whose object is a name that is no month: "to Lisbon", "in Bath"."""
    for prep in (a.dep for a in doc.children(head) if a.label == "prep" and doc.tokens[a.dep].lower in ("to", "in")):
        for obj in (a.dep for a in doc.children(prep) if a.label == "pobj"):
            word = doc.tokens[obj]
            if (word.pos == "PROPN" or word.ent in ("GPE", "LOC")) and not re.fullmatch(_MONTH, word.lower):
                return True
    return False


# Leave and the work plans set out for a time to come: with the trips, stays, appointments and occasions, what a
# time is asked for, granted, refused, booked or called off ahead of ("my leave for August", "the rota for July").
LEAVE_AND_ROTA_NOUNS = frozenset("leave overtime shift cover rota roster timetable schedule duty".split())
# Of those, the plans of work one reads when they come out: "did you see the rota for July?"
WORK_PLAN_NOUNS = frozenset({"rota", "roster", "timetable", "schedule", "duty"})
TIME_SET_OUT_NOUNS = ARRANGED_EVENT_NOUNS | OCCASION_NOUNS | TRIP_NOUNS | LEAVE_AND_ROTA_NOUNS
# Verbs by which a time to come is asked for, granted or refused, booked or called off: their past is the asking
# or the answer, not the time ("my leave for August got approved", "they refused my holiday for June").
SETTING_OUT_LEMMAS = ARRANGING_LEMMAS | frozenset(
    {"approve", "request", "grant", "refuse", "reject", "deny", "decline", "authorise", "authorize", "sanction",
     "accept", "apply", "ask"})
# Verbs that do so only with their particle: "turned down my leave", "put in for leave", "signed off my holiday"
SETTING_OUT_WITH_PARTICLE = {"turn": "down", "put": "in", "sign": "off"}
# Verbs by which a plan of work is made known or read: "the rota for July came out", "did you see the rota for July?"
MAKING_KNOWN_LEMMAS = frozenset({"see", "check", "publish", "post", "release", "send", "issue", "announce"})
MAKING_KNOWN_WITH_PARTICLE = {"come": "out", "put": "up"}
# Prepositions that put a time on the noun before them ("leave for August", "a week off from the 9th")
A_THINGS_TIME_PREPOSITIONS = frozenset({"for", "from", "on", "in", "over", "during", "between", "at"})
# Of those, the ones that may as well tell when a deed was done ("they approved my leave in August")
A_DEEDS_TIME_PREPOSITIONS = frozenset({"on", "in", "over", "during", "at"})


def _the_time_of_a_thing_set_out(doc: ParsedDoc, char: int, text: str) -> bool:
    """The expression at ``char`` (``text``) is the time of a thing set out ahead of it (:data:`TIME_SET_OUT_NOUNS`:
    leave, a trip, a rota, an appointment), whose verb asks for it, grants or refuses it, books or cancels it
    (:data:`SETTING_OUT_LEMMAS`), or, for a plan of work, makes it known: "my leave for August got approved", "I've
    requested leave from the 9th to the 16th of June", "they cancelled our June holiday", "did you see the rota for
    July?". The asking and the answer come before the time, so their past does not date it: said in June, August is
    this August, not last year's. Not a length ("approved my leave for two weeks"), not a noun the deed is done to
    then ("I took my leave in August", "the rota for July was a nightmare"), and not where the turn goes on to tell
    how it went ("they approved my leave for August and we went to Cornwall")."""
    return _a_thing_set_out_and_its_verb(doc, char, text) is not None


def _a_time_the_deed_may_have(doc: ParsedDoc, char: int, text: str) -> bool:
    """The time of a thing set out (:func:`_the_time_of_a_thing_set_out`) follows "in", "on" or another preposition
    that may as well tell when the deed was done (:data:`A_DEEDS_TIME_PREPOSITIONS`), after the object of a verb in
    the simple past: "they approved my leave in August", "I cancelled my holiday in June" may tell when the approving
    or the cancelling was. Before its verb the phrase is the noun's own ("my holiday in August got approved"), and a
    perfect takes no time of its own ("they've cancelled my shift on the 27th of June")."""
    found = _a_thing_set_out_and_its_verb(doc, char, text)
    if found is None:
        return False
    noun, verb = found
    at = _token_at(doc, char)
    return (at is not None and doc.tokens[at.i - 1].lower in A_DEEDS_TIME_PREPOSITIONS and verb.i < noun.i
            and not _in_the_perfect(doc, verb.i))


def _a_thing_set_out_and_its_verb(doc: ParsedDoc, char: int, text: str) -> tuple[Token, Token] | None:
    """The noun and the verb of :func:`_the_time_of_a_thing_set_out`, where the expression is the time of one."""
    at = _token_at(doc, char)
    if at is None or A_LENGTH.fullmatch(text) or BARE_LENGTH.fullmatch(text):
        return None
    noun = _the_thing_a_time_is_of(doc, at)
    if noun is None:
        return None
    verb, steps = noun, 0
    while verb is not None and verb.pos not in ("VERB", "AUX") and steps < 6:
        verb = next((doc.tokens[a.head] for a in doc.parents(verb.i) if a.head != verb.i), None)
        steps += 1
    if verb is None or verb.pos not in ("VERB", "AUX") or _how_it_went_after(doc, max(char, verb.idx)):
        return None  # after the verb: "my leave for August was approved" has its own "was"
    if doc.tokens[at.i - 1].lower == "in" and _lemma_in(verb, BOOKING_LEMMAS) and verb.i < noun.i and not (
            _in_the_perfect(doc, verb.i)):
        return None  # "I booked my holiday in January": the month one booked in, as :func:`_a_booking` reads it
    # "got my leave for August approved": what was got done to it
    done_to_it = [doc.tokens[a.dep] for a in doc.children(verb.i) if a.label in ("ccomp", "xcomp")]
    if any(_with_its_particle(doc, v, SETTING_OUT_LEMMAS, SETTING_OUT_WITH_PARTICLE) for v in [verb, *done_to_it]):
        return noun, verb
    if noun.lemma.lower() in WORK_PLAN_NOUNS and _with_its_particle(doc, verb, MAKING_KNOWN_LEMMAS, MAKING_KNOWN_WITH_PARTICLE):
        return noun, verb
    return None


def _the_thing_a_time_is_of(doc: ParsedDoc, at: Token) -> Token | None:
    """The thing set out (:data:`TIME_SET_OUT_NOUNS`) whose time the expression starting at token ``at`` is: the
    noun right before the preposition that opens it ("my leave for August", "annual leave from the 9th"; any noun
    before "off", "a week off from the 9th", "time off in August"), or the noun it modifies ("our June holiday")."""
    k = at.i - 1
    if k > 0 and doc.tokens[k].lower in A_THINGS_TIME_PREPOSITIONS:
        k -= 1
        if k > 0 and doc.tokens[k].lower == "off" and doc.tokens[k - 1].pos == "NOUN":
            return doc.tokens[k - 1]
        noun = doc.tokens[k]
    else:
        up = next(iter(doc.parents(at.i)), None)
        if up is None or up.label not in ("compound", "nmod", "amod") or up.head < at.i:
            return None
        noun = doc.tokens[up.head]
    lemma = noun.lemma.lower()
    return noun if noun.pos == "NOUN" and CLIPPED_WORDS.get(lemma, lemma) in TIME_SET_OUT_NOUNS else None


def _with_its_particle(doc: ParsedDoc, verb: Token, lemmas: frozenset[str], with_particle: dict[str, str]) -> bool:
    """``verb`` is one of ``lemmas``, or one of ``with_particle`` with its particle ("turned down", "came out")."""
    if _lemma_in(verb, lemmas):
        return True
    particle = with_particle.get(verb.lemma.lower())
    return particle is not None and any(
        a.label == "prt" and doc.tokens[a.dep].lower == particle for a in doc.children(verb.i))


def _not_told_by_the_tense(doc: ParsedDoc, char: int, clause: list[Token]) -> bool:
    """The expression at ``char`` is a day chosen or agreed, which the past of the choosing does not date: the
    object of "on" after a verb of choosing, a month of what was booked, the day a bare verdict ("done",
    "sorted") settles, or the day one "meant" in putting a slip right."""
    if not clause:
        return False
    verb = clause[0]
    at = _token_at(doc, char)
    if _lemma_in(verb, CHOOSING_LEMMAS) and at is not None and _the_day_chosen(doc, verb, at):
        return True
    if _lemma_in(verb, PICKING_LEMMAS) and at is not None and _the_day_picked(doc, verb, at, char):
        return True
    if _lemma_in(verb, {"mean"}) and verb.tag == "VBD":
        return True  # "sorry, I meant Thursday not Tuesday": the meaning was past, the day is the one put right
    if _a_booking(doc, verb) and re.match(rf"(?:(?:in|for|of|early|late|mid|the)[\s-]+)*{_MONTH}\b", doc.text[char:], re.IGNORECASE):
        return True
    return (
        verb.tag == "VBN" and _lemma_in(verb, VERDICTS)
        and not any(a.label in ("nsubj", "nsubjpass", "dobj", "aux", "auxpass") for a in doc.children(verb.i))
    )


# Participles after a noun that say when a thing is to happen, not that it was done: "the concert scheduled on the
# 14th", "a market held in july", "the parcel expected on monday"
NOT_DONE_YET_LEMMAS = frozenset(SCHEDULING_LEMMAS | PROSPECTIVE_LEMMAS) | frozenset(
    {"hold", "host", "run", "due", "expect", "mean", "suppose", "slate", "time", "need", "want"})
# Verbs whose object a participle completes: what one has or gets done may lie ahead ("I'll have the headshots done
# on the 22nd", "get the boiler serviced in may")
HAVING_DONE_LEMMAS = frozenset({"have", "get", "want", "need", "like", "leave"})


def _a_thing_done_then(doc: ParsedDoc, verb: Token, char: int) -> bool:
    """The date at ``char`` dates a past participle that tells what was done to the noun before it ("owes me for
    headshots done on july 22nd", "the photos taken on the 3rd", "the repairs done in june still aren't paid"): a deed
    already done, so past, whatever the tense of the clause the noun is in; read with that clause's present it had
    been next year's July. Not a participle of arranging ("the concert scheduled on the 14th"), nor one that completes
    what is had or got done ("I'll have the headshots done on the 22nd"), nor a date after "for", "by", "until"."""
    if verb.tag != "VBN" or _lemma_in(verb, NOT_DONE_YET_LEMMAS):
        return False
    if any(a.label in ("aux", "auxpass", "nsubj", "nsubjpass") for a in doc.children(verb.i)):
        return False
    noun = next((doc.tokens[a.head] for a in doc.parents(verb.i) if a.label == "acl"), None)
    if noun is None or noun.pos not in ("NOUN", "PROPN") or noun.i > verb.i:
        return False
    if any(a.label == "dobj" and _lemma_in(doc.tokens[a.head], HAVING_DONE_LEMMAS) for a in doc.parents(noun.i)):
        return False
    if _told_ahead(doc, noun):
        return False  # "the photos taken in july will go in the album": the noun's own clause looks ahead
    at = _token_at(doc, char)
    if at is not None and at.pos == "ADP":
        preposition = at  # the expression takes in its preposition ("carrots sown on tuesday": "on tuesday")
    else:
        for _ in range(3):  # from "the" or "july" of "the 22nd", "july 22nd" up to the preposition's object
            up = next(iter(doc.parents(at.i)), None) if at is not None else None
            if up is None or up.label not in ("det", "compound", "nummod", "amod"):
                break
            at = doc.tokens[up.head]
        preposition = next((doc.tokens[a.head] for a in doc.parents(at.i) if a.label == "pobj"), None) if at is not None else None
    return preposition is not None and preposition.lower in ("on", "in", "at") and any(
        a.head == verb.i and a.label == "prep" for a in doc.parents(preposition.i))


# Auxiliaries and words that put a clause ahead of now, or make it a rule for any time ("will", "won't", "should",
# "better"): the deed a participle tells inside it may be as far ahead
AHEAD_AUXILIARIES = frozenset({"will", "'ll", "wo", "shall", "would", "'d", "should", "must", "might", "may", "can",
                               "could", "better", "gonna", "going"})


def _told_ahead(doc: ParsedDoc, noun: Token) -> bool:
    """The clause ``noun`` is in (its verb, up to three heads above) has an auxiliary of :data:`AHEAD_AUXILIARIES`,
    or its verb says the thing still needs something (:data:`NEEDING_LEMMAS`)."""
    at = noun
    for _ in range(3):
        up = next(iter(doc.parents(at.i)), None)
        if up is None:
            return False
        at = doc.tokens[up.head]
        if at.pos in ("VERB", "AUX"):
            # before the verb: "better be in one piece", not "looks much better"
            return any(doc.tokens[a.dep].lower.replace("’", "'") in AHEAD_AUXILIARIES for a in doc.children(at.i)
                       if a.label in ("aux", "advmod") and a.dep < at.i) or at.lower in AHEAD_AUXILIARIES or (
                at.lemma in NEEDING_LEMMAS)  # "the leaflets printed in november need to be collected"
    return False


# Verbs of what is still to be done to a thing ("need to be collected", "want fixing")
NEEDING_LEMMAS = frozenset({"need", "want"})


def _bare_complement_of_the_past(doc: ParsedDoc, verb: int | None) -> bool:
    """The verb is a bare infinitive hung on a verb in the past, and happened then ("they let me go on Monday",
    "she made me cry on Sunday"); one with "to" may lie ahead of it ("I decided to go on Monday")."""
    if verb is None or doc.tokens[verb].tag != "VB" or any(doc.tokens[a.dep].lower == "to" for a in doc.children(verb)):
        return False
    if any(a.label == "aux" and doc.tokens[a.dep].lower.replace("’", "'") in FUTURE_IN_THE_PAST for a in doc.children(verb)) and any(
        _lemma_in(doc.tokens[a.head], SAYING_LEMMAS | AGREEING_LEMMAS) for a in doc.parents(verb)
    ):
        return False  # "she said she would visit on 20 Sept": what was said or agreed then may still lie ahead
    return any(
        arc.label in ("ccomp", "xcomp") and not let_me_know(doc, doc.tokens[arc.head]) and _tells_past(doc, doc.tokens[arc.head])
        for arc in doc.parents(verb)
    )


# Deeds in the past whose "to" of purpose happened with them: going somewhere to do a thing ("I went to Paris to see
# my sister on Friday") and having to do it ("we had to put Luna to sleep on Friday"). What one bought, took, saved
# or called for may still lie ahead ("I bought tickets to see Taylor Swift in August").
DONE_FOR_A_PURPOSE = frozenset({"go", "come", "drive", "fly", "walk", "travel", "head", "pop", "rush", "ride", "have"})


def _purpose_of_a_past_deed(doc: ParsedDoc, verb: int | None, char: int) -> bool:
    """The verb is a "to" infinitive of purpose or result hung on a going or a having to in the past
    (:data:`DONE_FOR_A_PURPOSE`), and the date at ``char`` hangs on that verb: it happened then ("we had to put Luna
    to sleep on Friday" had been read as the coming Friday, so a pet's death became a plan). Not a date of a thing
    the purpose is for ("to pick up the dress for the wedding on Saturday", "to train for the race in July", whose
    "for" is looked for in the whole purpose, as the parse may hang the day on the verb), nor an infinitive that
    books."""
    if verb is None or doc.tokens[verb].tag != "VB" or not any(doc.tokens[a.dep].lower == "to" for a in doc.children(verb)):
        return False
    if _lemma_in(doc.tokens[verb], SCHEDULING_LEMMAS) or not _hangs_on(doc, char, verb):
        return False
    if not _a_day(doc, char):
        return False  # "went to the travel agent to sort out our honeymoon in September": a month may lie ahead
    if any(doc.tokens[k].lower == "for" for k in subtree(doc, verb)):
        return False  # "to buy stuff for the party on Saturday": the parse may hang the party's day on the buying
    arc = next((a for a in doc.parents(verb) if a.label == "advcl"), None)
    while arc is not None:
        head = doc.tokens[arc.head]
        if head.tag == "VBD":
            had_to = head.lemma.lower() != "have" or any(doc.tokens[a.dep].lower == "to" for a in doc.children(arc.dep))
            return _lemma_in(head, DONE_FOR_A_PURPOSE) and had_to and _tells_past(doc, head)
        arc = next((a for a in doc.parents(head.i) if a.label in ("xcomp", "advcl") and head.tag == "VB"), None)
    return False


def _a_day(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` names a day (a weekday, a day of the month, "yesterday"), not a month or more,
    which a week's error in reading it would not move by a year."""
    return bool(re.match(
        rf"(?:on\s+|this\s+|last\s+|the\s+)?(?:{_WEEKDAY}|\d{{1,2}}(?:st|nd|rd|th)?\b|yesterday|tonight|tomorrow)",
        doc.text[char:], re.IGNORECASE))


def _hangs_on(doc: ParsedDoc, char: int, verb: int) -> bool:
    """The expression at ``char`` is said of ``verb`` itself: up its parse through prepositions and the
    expression's own words, not through a noun ("the dress for the wedding on Saturday" dates the wedding)."""
    k = next((t.i for t in doc.tokens if t.idx >= char), None)
    seen = set()
    while k is not None and k not in seen and k != verb:
        seen.add(k)
        up = next(iter(doc.parents(k)), None)
        if up is None:
            return False
        head = doc.tokens[up.head]
        if head.pos in ("NOUN", "PROPN", "PRON") and head.idx < char:
            return False
        k = up.head
    return k == verb


def _up_to_the_next_clause(sentence: list[Token], char: int) -> list[Token]:
    """The words of a sentence whose parse gives the expression at ``char`` no verb, up to the first "and", "but"
    or "so" after it: a clause joined there says its own tense ("my subscription renews on the 15th and it's gone
    up": the tagger read "renews" as a noun, and "gone" had put the 15th in the past); and from the last comma before
    it, where the words after that comma have a verb before the expression. The expression's own short weekday is
    none of them, though the tagger may take it for a verb ("the quiz is sat 18 oct": "is sat" had read as a passive
    past and put the 18th a year back)."""
    cut = next((n for n, t in enumerate(sentence) if t.idx > char and t.pos == "CCONJ"), len(sentence))
    words = [t for t in sentence[:cut] if t.idx != char or t.lower.rstrip(".") not in WEEKDAY_ABBR]
    # a clause of its own after a comma says its own tense ("the litter pick got rained off, we're doing it may 9
    # instead", where the parse read "may" as the modal): from the comma on, where a verb stands before the date
    comma = max((n for n, t in enumerate(words) if t.idx < char and t.text in (",", ";")), default=None)
    if comma is not None and any(t.pos == "VERB" and t.idx < char for t in words[comma + 1 :]):
        return words[comma + 1 :]
    return words


def _tells_past(doc: ParsedDoc, verb: Token) -> bool:
    """A word of a verb's clause that puts it in the past: a past form, or a participle that tells of the past."""
    if _have_got(doc, verb):
        return False
    return (
        verb.tag == "VBD"
        or (verb.tag == "VBN" and _perfect_or_bare(doc, verb))
        or _past_by_its_conjunct(doc, verb)
        or same_form_told_past(doc, verb)
        or _had_done(doc, verb)
    )


def _had_done(doc: ParsedDoc, verb: Token) -> bool:
    """A participle that a past "had" makes another do ("we had Bella put to sleep on thursday", "I had my hair cut
    on friday"): the causative tells a deed done then; the parse hangs the participle on "had" as a clause of its
    own, so its tense had been read from the participle alone, as present."""
    return verb.tag == "VBN" and any(
        arc.label in ("ccomp", "xcomp") and doc.tokens[arc.head].lower == "had" for arc in doc.parents(verb.i)
    )


def _past_by_its_conjunct(doc: ParsedDoc, verb: Token) -> bool:
    """A bare verb whose past is its present ("put", "set", "cut"), tagged present, with no auxiliary, joined by
    "and" to a verb in the past: the joined clauses tell one story, so it is past too ("the viewing went well
    and we put in an offer on Friday"; "we put in an offer on Friday and the landlord accepted it"). A verb with
    a present form of its own says its tense itself ("I loved it and we move in on Friday")."""
    if verb.lower not in SAME_IN_PAST or verb.tag not in ("VBP", "VB"):
        return False
    if any(arc.label in ("aux", "auxpass") for arc in doc.children(verb.i)):
        return False
    joined = [doc.tokens[arc.head] for arc in doc.parents(verb.i) if arc.label == "conj"]
    joined += [doc.tokens[arc.dep] for arc in doc.children(verb.i) if arc.label == "conj"]
    return any(other.tag == "VBD" and not _have_got(doc, other) for other in joined)


def _have_got(doc: ParsedDoc, verb: Token) -> bool:
    """"Have got" is having or having to ("I've got a dentist appointment on Friday", "I've got to go back in
    June"): a present, though its form is a perfect; "have gotten" and "had got" stay past. "'s got" is read so
    only with an object or a complement, since "'s" may be "is" ("it's got stolen")."""
    if verb.lower != "got":
        return False
    helpers = [doc.tokens[arc.dep].lower.replace("’", "'") for arc in doc.children(verb.i) if arc.label in ("aux", "auxpass")]
    if any(h in ("have", "has", "'ve", "ve") for h in helpers):
        return True
    completed = any(arc.label in ("dobj", "xcomp", "ccomp") for arc in doc.children(verb.i))
    return completed and (any(h in ("'s", "s") for h in helpers) or _a_subjects_s_before(doc, verb))


def _a_subjects_s_before(doc: ParsedDoc, verb: Token) -> bool:
    """The word right before "got" is an "'s" the parse took for a possessive of the subject ("mum's got her scan on
    the 22nd", "Tom's got an interview"): with "got" right after it owns nothing, so it is the "has" of "has got"."""
    before = doc.tokens[verb.i - 1] if verb.i > 0 else None
    if before is None or before.lower.replace("’", "'") not in ("'s", "s") or before.tag != "POS":
        return False
    return any(arc.label == "nsubj" and before.i in subtree(doc, arc.dep) for arc in doc.children(verb.i))


def _perfect_or_bare(doc: ParsedDoc, participle: Token) -> bool:
    """A past participle that tells of the past: perfect ("have moved") or on its own ("moved last week" in chat),
    not a present passive ("is getting promoted in June", "gets paid on the 1st")."""
    if any(
        arc.label == "aux" and doc.tokens[arc.head].tag == "VBG" and _lemma_in(doc.tokens[arc.head], PREPARING_LEMMAS)
        for arc in doc.parents(participle.i)
    ):
        return False  # "I've been training for a triathlon in June": getting ready, now, for what lies ahead
    helpers = [doc.tokens[arc.dep] for arc in doc.children(participle.i) if arc.label in ("aux", "auxpass")]
    if helpers:  # "'s been" is "has been" ("she's been on the list for 14 months"), as "is been" is no English
        return any(h.lemma.lower() == "have" or h.tag == "VBD" or (participle.lower == "been" and h.lower in ("'s", "’s"))
                   for h in helpers)
    # a bare participle that completes or modifies another word tells no tense ("I need it done before the 20th"),
    # nor one chat says with "not" and no subject, a state now ("not allowed to lift anything for 4 weeks")
    if any(a.label == "neg" for a in doc.children(participle.i)) and not any(
            a.label in ("nsubj", "nsubjpass") for a in doc.children(participle.i)) and any(
            a.label == "xcomp" for a in doc.children(participle.i)):
        return False  # "not allowed to ...", "not supposed to ..." (not "not impressed with the food on Friday")
    return not any(arc.label in ("ccomp", "xcomp", "oprd", "acomp", "amod", "acl") for arc in doc.parents(participle.i))


def _clause_of(doc: ParsedDoc, char: int) -> list[Token]:
    """The verb that governs the expression at ``char``, with its auxiliaries, negation and adverbs, and the verbs
    it completes ("have to go back in June": go, have); empty when no verb governs it. A verb that looks ahead
    (:data:`PROSPECTIVE_LEMMAS`) is not climbed to: "I decided to move to Berlin in June" moves after the deciding,
    so the past of "decided" does not date June."""
    at = next((t.i for t in doc.tokens if t.end > char), None)
    # from the expression's head: its own words are no verb even where tagged so ("in may" as a modal)
    parents = doc.parents(at) if at is not None else []
    node, steps = (parents[0].head if parents and parents[0].head != at else None), 0
    stray = bool(parents) and parents[0].label == "punct"
    while node is not None and doc.tokens[node].pos not in ("VERB", "AUX") and steps < 12:
        parents = doc.parents(node)
        stray = stray or (bool(parents) and parents[0].label == "punct")
        node = parents[0].head if parents and parents[0].head != node else None
        steps += 1
    if node is None or doc.tokens[node].pos not in ("VERB", "AUX"):
        return []
    if stray and any(t.text in (",", ";") for t in doc.tokens[min(node, at) + 1 : max(node, at)]):
        return []  # hung as if punctuation on the verb of the clause before a comma: "rained off btw, we're doing it may 9"
    node = _past_a_gerund_adjunct(doc, _past_a_gerund_of_a_preposition(doc, _past_a_way_to(doc, node)))
    words: list[Token] = []
    while True:
        words.append(doc.tokens[node])
        words.extend(doc.tokens[arc.dep] for arc in doc.children(node) if arc.label in CLAUSE_MARKERS)
        completes = [
            arc.head for arc in doc.parents(node)
            if arc.label == "xcomp" and not _lemma_in(doc.tokens[arc.head], PROSPECTIVE_LEMMAS)
        ]
        if not completes or len(words) > 16:
            return words
        node = completes[0]


def _past_a_way_to(doc: ParsedDoc, verb: int) -> int:
    """"On the way to work", "on my way to school": the parse may make the place an infinitive of "way" ("to work"),
    which has no tense; the verb the way hangs on tells it ("I fell off my bike on the way to work on Thursday")."""
    up = next(iter(doc.parents(verb)), None)
    if up is None or up.label not in ("relcl", "acl") or doc.tokens[up.head].lower != "way":
        return verb
    if not any(doc.tokens[a.head].lower == "on" for a in doc.parents(up.head)):
        return verb  # "I figured out a way to work from home on Friday": a means, whose infinitive is ahead
    if not any(doc.tokens[a.dep].lower == "to" for a in doc.children(verb)):
        return verb
    node, steps = up.head, 0
    while node is not None and doc.tokens[node].pos not in ("VERB", "AUX") and steps < 6:
        node = next((a.head for a in doc.parents(node) if a.head != node), None)
        steps += 1
    return node if node is not None and doc.tokens[node].pos in ("VERB", "AUX") else verb


def _past_a_gerund_of_a_preposition(doc: ParsedDoc, verb: int) -> int:
    """A gerund after a preposition of time or manner has no tense of its own ("ran 5k without stopping on Sunday",
    "after getting home on Friday I'll call"): the verb the preposition hangs on tells it. After "about", "on" or
    "against" it is what was talked of, agreed or decided, which may lie ahead."""
    if doc.tokens[verb].tag != "VBG":
        return verb
    up = next(iter(doc.parents(verb)), None)
    if up is None or up.label != "pcomp" or doc.tokens[up.head].lower not in TIME_OR_MANNER_PREPOSITIONS:
        return verb  # "we talked about going to the beach on Saturday": the going is ahead of the talk
    over = next(iter(doc.parents(up.head)), None)
    if over is None or doc.tokens[over.head].pos not in ("VERB", "AUX"):
        return verb
    return over.head


def _past_a_gerund_adjunct(doc: ParsedDoc, verb: int) -> int:
    """A gerund right after what its verb did, with no comma between, tells what the doer was doing then ("I
    sprained my ankle playing five-a-side on Thursday", "hurt my back walking the dog on Saturday"): the verb it
    hangs on tells its tense. Set off by a comma it may be a step of its own ("I booked Japan, flying to Tokyo on
    October 3rd")."""
    if doc.tokens[verb].tag != "VBG" or any(a.label in ("aux", "auxpass", "nsubj") for a in doc.children(verb)):
        return verb
    up = next((a for a in doc.parents(verb) if a.label == "advcl"), None)
    if up is None or up.head > verb or doc.tokens[up.head].pos not in ("VERB", "AUX"):
        return verb
    if any(t.pos == "PUNCT" for t in doc.tokens[up.head + 1 : verb]):
        return verb
    return up.head


def _sounds_future(doc: ParsedDoc, words: list[Token]) -> bool:
    """A future cue among ``words``; "going" only as "going to <verb>" (not "that's going well"). "Supposed to" and
    "meant to" look ahead when said in the present ("the party is supposed to be on the 23rd"), or in the past with
    a "but" that tells what stands in the way now ("they were meant to get married on August 23rd, but his
    grandmother can't fly"); otherwise they tell of a thing missed ("I meant to reply on Friday", "I was supposed
    to go on the 2nd but I was ill") and keep their tense."""
    for word in words:
        if word.lower in ("going", "supposed", "meant"):
            if any(arc.label == "xcomp" for arc in doc.children(word.i)) and (
                word.lower == "going" or _arranged_still(doc, word)
            ):
                return True
        elif word.lower in FUTURE_CUES:
            return True
    return False


def _arranged_still(doc: ParsedDoc, word: Token) -> bool:
    """``word`` ("supposed", "meant") with a present "be" ("is supposed to"), or a "but" after it, before the next
    full stop, followed by a verb that is not in the past ("... but his grandmother can't fly", "... but they've
    moved it"): the arrangement's date is still ahead."""
    if any(arc.label in ("aux", "auxpass") and doc.tokens[arc.dep].tag in ("VBZ", "VBP") for arc in doc.children(word.i)):
        return True
    after_but = None
    for token in doc.tokens[word.i + 1 :]:
        if token.text in (".", "!", "?", ";"):
            break
        if token.lower == "but":
            after_but = []
        elif after_but is not None and token.pos in ("VERB", "AUX"):
            after_but.append(token)
    return bool(after_but) and after_but[0].tag not in ("VBD", "VBN")


def scheduled_date(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is the date a scheduling verb of its sentence set ("booked a flight for April
    20"): introduced by for/to/until, with such a verb before it in the sentence; or the date of an event signed
    up for ("signed up for a 10k on November 17") or of a limit granted ("has given us until the end of
    September"), or the first day of a stay or a pass booked or bought (:func:`_a_stay_or_pass_bought`), which a
    past tense does not put behind."""
    at = next((t.i for t in doc.tokens if t.idx >= char), None)
    if at is None or at == 0:
        return False
    if _a_stay_or_pass_bought(doc, char):
        return True
    if _names_what_was_obtained(doc, at):
        return True
    if any(arc.label in ("compound", "amod", "nmod", "poss", "pobj") for arc in doc.parents(at)) and _in_what_was_booked(doc, at):
        return True  # "registered for the December sitting": the sitting's December, ahead whatever the tense
    sent = doc.tokens[at].sent
    if _a_limit_granted(doc, at - 1):
        return True
    if doc.tokens[at - 1].lower in SCHEDULED_BEFORE:
        # a thing that slipped "to" a date was moved there ("the cutover slipped to march"); "sales slipped until
        # March" tells how long they fell
        slipped = doc.tokens[at - 1].lower == "to" and any(_lemma_in(t, {"slip"}) for t in doc.tokens[:at] if t.sent == sent)
        # what was "put back to" a date was moved there ("the op has been put back to the 10th of June"), as what was
        # pushed back was; "put" alone is too common a verb to be one of scheduling
        put_back = doc.tokens[at - 1].lower == "to" and _moves_a_date(doc, at - 1)
        return slipped or put_back or any(
            _lemma_in(t, SCHEDULING_LEMMAS) and t.pos == "VERB" for t in doc.tokens[:at] if t.sent == sent)
    comma = at - 1
    while comma > 0 and doc.tokens[comma].lower.replace("’", "'") in ("its", "it", "'s", "is", "on"):
        comma -= 1  # "booked my theory test, its 2nd october"
    if doc.tokens[comma].text == "," and comma > 0 and (
            _in_what_was_booked(doc, _before_where_and_with(doc, comma - 1)) or _a_thing_booked_headline(doc, comma - 1)) \
            and not _told_done_after(doc, char):
        # "finally got a dermatology appointment, 14th August", "flights booked, 13th to 17th march": the date set
        # beside it is its own
        return True
    if _a_dated_noun_set_apart(doc, at):
        return True  # "ordered it from Waltons, delivery on the 20th of march": the delivery's day, ahead
    on = at if doc.tokens[at].lower in ("on", "in") else at - 1
    return _dates_what_follows(doc, on) and on > 0 and _in_what_was_booked(doc, _before_where_and_with(doc, on - 1))


def _a_thing_booked_headline(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a participle of booking right after the noun booked, chat's headline of a thing done ("flights
    booked", "hotel reserved", "scan scheduled"): what follows after a comma is the booked thing's date. A pronoun
    before it ("we booked, ...") tells a deed, whose day the tense keeps."""
    return k > 0 and doc.tokens[k].tag in ("VBN", "VBD") and _lemma_in(doc.tokens[k], BOOKED_A_DAY_LEMMAS) \
        and doc.tokens[k - 1].pos in ("NOUN", "PROPN")


def _a_dated_noun_set_apart(doc: ParsedDoc, at: int) -> bool:
    """Token ``at`` starts a date after "on" or "for" that follows a noun of a thing to come on a day
    (:data:`DATED_NOUNS`: a delivery, an appointment, a start) which opens a fragment of its own after a comma, with
    no verb up to the next break: "ordered it from Waltons, delivery on the 20th", "paid the deposit, the fitting for
    the 3rd". The note gives the thing's own day, which the past of the deed before the comma does not date; with a
    verb the fragment is a clause that tells its own tense ("..., delivery on the 3rd was late")."""
    on = at - 1 if doc.tokens[at - 1].lower in ("on", "for") else at if doc.tokens[at].lower in ("on", "for") else None
    if on is None or on < 2 or CLIPPED_WORDS.get(doc.tokens[on - 1].lemma.lower(), doc.tokens[on - 1].lemma.lower()) not in DATED_NOUNS:
        return False
    comma = on - 2
    while comma > 0 and doc.tokens[comma].pos in ("DET", "PRON") and doc.tokens[comma].tag in ("DT", "PRP$"):
        comma -= 1  # "..., the delivery on", "..., her appointment on"
    if doc.tokens[comma].text not in (",", ";", "-"):
        return False
    last = on
    while last + 1 < len(doc) and doc.tokens[last + 1].lower not in CLAUSE_BREAKS:
        last += 1
    return not any(t.pos in ("VERB", "AUX") for t in doc.tokens[comma + 1 : last + 1])


# Verbs by which one has a stay or a pass to come: "booked the airbnb, 4 nights from the 26th", "found a hostel, 4
# nights from the 5th", "bought my pass, activated from the 1st".
STAY_GETTING_LEMMAS = frozenset(SCHEDULING_LEMMAS | OBTAINING_LEMMAS | {"buy", "find", "pay", "grab"})
# Words after which "from" a day starts a thing's use: "activated from the 1st", "valid from Monday".
IN_USE_WORDS = frozenset({"activate", "activated", "valid", "active", "live"})
STAY_OF_NIGHTS = re.compile(rf"{_COUNT}\s+nights?\s+from\b", re.IGNORECASE)


def _a_stay_or_pass_bought(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is a stay of nights from a day ("4 nights from the 26th") or the day a pass is in
    use from ("activated from the 1st"), in a sentence that books, finds or buys it (:data:`STAY_GETTING_LEMMAS`):
    the stay and the pass lie ahead of the booking, so the past of "I booked the airbnb" does not put the 26th
    behind, as "booked flights to Oslo for the 3rd" does not. "We stayed 4 nights from the 5th" tells of a stay."""
    at = _token_at(doc, char)
    if at is None:
        return False
    stay = STAY_OF_NIGHTS.match(doc.text, char) is not None
    in_use = at.i >= 2 and doc.tokens[at.i - 1].lower == "from" and (
        doc.tokens[at.i - 2].lower in IN_USE_WORDS or doc.tokens[at.i - 2].lemma.lower() in IN_USE_WORDS)
    if not (stay or in_use):
        return False
    return any(_lemma_in(t, STAY_GETTING_LEMMAS) and t.pos == "VERB" for t in doc.tokens[: at.i] if t.sent == at.sent)


# Verbs of telling, under which "not until" or "not before" is what was told, a limit ahead of the telling ("they
# said not until January", "she told me not before March").
TELLING_LEMMAS = frozenset({"say", "tell", "reply", "answer", "promise", "confirm", "warn"})


# Words right before a date that say it is the date now ("so now it's march 27", "it's now the 9th")
NOW_BEFORE = re.compile(r"\b(?:now\s+(?:it'?s|its|it\s+is|is)|(?:it'?s|its|it\s+is|is)\s+now)\s+(?:on\s+)?(?:the\s+)?$", re.IGNORECASE)
# Verbs of promising: the day a thing was promised by is the day set, either side of the promise
PROMISING_LEMMAS = frozenset({"promise", "guarantee", "swear", "commit"})


def _a_time_invited_for(doc: ParsedDoc, char: int, text: str) -> bool:
    """The expression at ``char`` (``text``) is a holiday, or a time after "for", in a clause of inviting ("grace
    invited me to melbourne for christmas", "the neighbours invited us round on christmas eve", "they've invited us
    over for the 14th"): the time of what one is invited to, which lies ahead of the inviting, so the past of
    "invited" had put it in the year gone by. A length ("invited me to stay for two weeks") keeps the tense's
    reading, as does a day of the inviting ("invited me on Monday to her wedding")."""
    if not any(_lemma_in(word, INVITING_LEMMAS) for word in _clause_of(doc, char)) or _how_it_went_after(doc, char):
        return False
    if HOLIDAY.fullmatch(_clean(text)) is not None:
        return True
    return _after_word(doc, char, ("for",)) and _a_day(doc, char)


# Verbs that tell, in the past, how an occasion went: "nobody came", "we had a great time", "was chaos", "I couldn't
# make it", "they never turned up"
HOW_IT_WENT_LEMMAS = frozenset({"go", "come", "have", "be", "make", "turn", "show", "end", "enjoy"})
# Of those, the ones that tell an occasion was gone to, not only a state of the moving ("moved it to the 16th and it
# was a pain to sort out", "... and I had to ring them" may still have the 16th ahead)
WENT_TO_LEMMAS = HOW_IT_WENT_LEMMAS - {"be", "have"}


def _how_it_went_after(doc: ParsedDoc, char: int, lemmas: frozenset[str] = HOW_IT_WENT_LEMMAS) -> bool:
    """The turn goes on after the expression at ``char`` to tell how the occasion went, in the past
    (:data:`HOW_IT_WENT_LEMMAS`): "Mum invited everyone for easter but nobody came", "she invited me for the 5th but
    I couldn't make it". The invitation's time is then behind too. "they invited us for christmas, we said yes!" tells
    only of the answer."""
    at = _token_at(doc, char)
    if at is None:
        return False
    for t in doc.tokens[at.i + 1 :]:
        if not _lemma_in(t, lemmas) or (t.lemma.lower() == "have" and any(
                a.label in ("aux", "auxpass") for a in doc.parents(t.i))):
            continue  # "we had already said yes": a perfect of another verb
        if t.tag == "VBD" or any(a.label == "aux" and doc.tokens[a.dep].lower == "could" for a in doc.children(t.i)):
            return True
    return False


def _due_of_a_thing_told_past(doc: ParsedDoc, char: int) -> bool:
    """The "due" at ``char`` follows a noun, whose clause (up to :data:`CLAUSE_BREAKS`) has a verb in the past: "I
    missed the payment due on the 3rd", "paid the bill due by the 5th just in time", "the rent due in march was
    late". The date is of the thing the past verb tells of, so it stays behind; "paid the deposit, balance due by
    april" sets the balance apart in a clause of its own, which has no verb, and lies ahead."""
    due = _token_at(doc, char)
    if due is None or due.i == 0 or (doc.tokens[due.i - 1].pos not in ("NOUN", "PROPN") and doc.tokens[due.i - 1].lower != "one"):
        return False
    first = due.i
    while first > 0 and doc.tokens[first - 1].lower not in CLAUSE_BREAKS:
        first -= 1
    last = due.i
    while last + 1 < len(doc) and doc.tokens[last + 1].lower not in CLAUSE_BREAKS:
        last += 1
    # a verb of saying tells when it was said, not when the thing is due ("he said another payment due 31 july")
    return any(_told_past(doc, t) for t in doc.tokens[first : last + 1]
               if t.pos in ("VERB", "AUX") and not _lemma_in(t, SAYING_LEMMAS | TELLING_LEMMAS))


def _told_past(doc: ParsedDoc, verb: Token) -> bool:
    """``verb`` is in the simple past ("missed", "was") or a perfect ("have paid")."""
    return verb.tag == "VBD" or (verb.tag == "VBN" and any(
        a.label == "aux" and doc.tokens[a.dep].lemma.lower() == "have" for a in doc.children(verb.i)))


def _a_promise_by(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` follows "by", "before" or "until" and hangs on a verb of promising: "the agency
    promised it by friday" sets a day that may lie ahead (the past of "promised" had put it behind)."""
    verb = _governor(doc, char)
    return (verb is not None and _lemma_in(doc.tokens[verb], PROMISING_LEMMAS)
            and _after_word(doc, char, DEADLINE_BEFORE) and not _told_done_after(doc, char))


def _told_done_after(doc: ParsedDoc, char: int) -> bool:
    """A verb in the simple past later in the sentence of ``char`` tells how it turned out ("promised it by Monday
    but it came Tuesday", "booked my test, on Monday I passed it"): the date is of a story gone by."""
    at = _token_at(doc, char)
    return at is not None and any(t.tag == "VBD" and t.i > at.i and t.sent == at.sent and not _have_got(doc, t)
                                  for t in doc.tokens)


def _a_limit_told(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` is inside a "not until", "not till" or "not before" said right after a verb of
    telling (:data:`TELLING_LEMMAS`), no other verb between: "they said not until the annual cycle in January", said
    in June, is the coming January (the past of "said" had put it behind). Only such a report of what one was told:
    "I didn't get paid, not until March" tells of a March gone. (The parse hangs the "until" anywhere in the phrase,
    so the words between are read.)"""
    at = _token_at(doc, char)
    node, steps = at.i if at is not None else None, 0
    while node is not None and doc.tokens[node].pos not in ("VERB", "AUX") and steps < 12:
        node = next((arc.head for arc in doc.parents(node) if arc.head != node), None)
        steps += 1
    if node is None or at is None or node > at.i or not _lemma_in(doc.tokens[node], TELLING_LEMMAS):
        return False
    between = doc.tokens[node + 1 : at.i]
    if any(t.pos in ("VERB", "AUX") for t in between):
        return False
    return any(
        first.lower == "not" and second.lower in ("until", "till", "before") for first, second in zip(between, between[1:])
    )


def _a_limit_granted(doc: ParsedDoc, until: int) -> bool:
    """Token ``until`` is an "until" or "till" that hangs on a verb of granting time (:data:`GRANTING_LEMMAS`): "the
    seller has given us until the end of September" sets a limit; "I stayed until the end of September" tells of a
    stretch, and its past stands."""
    if doc.tokens[until].lower not in ("until", "till"):
        return False
    return any(_lemma_in(doc.tokens[arc.head], GRANTING_LEMMAS) for arc in doc.parents(until))


def _still_to_run(doc: ParsedDoc, text: str, end: int) -> str | None:
    """The length the expression says is still to run from the session, without an "only" or "just" before it: a
    count of units followed by until, left, away, to go or from now ("three days until the move", "the wedding is
    three weeks away"), or one had to do a thing in ("I have three months to do them"); said in the present it had
    been the stretch up to the session."""
    length = re.fullmatch(rf"(?:(?:only|just)\s+)?({BARE_LENGTH.pattern})", text, re.IGNORECASE)
    if length is None:
        return None
    time_given = TIME_GIVEN_BEFORE.search(doc.text, 0, end - len(text)) and TIME_GIVEN_AFTER.match(doc.text, end)
    return length.group(1) if STILL_TO_RUN_AFTER.match(doc.text, end) or time_given else None


def _left_alone(doc: ParsedDoc, end: int) -> bool:
    """The word after the expression is a "left" that is its sentence's only past form ("only two weeks left until
    the exam"): the tense read from it is no past talk, as "I had two days left" is."""
    after = next((t for t in doc.tokens if t.idx >= end), None)
    if after is None or after.lower != "left":
        return False
    return not any(
        t.i != after.i and (t.tag == "VBD" or t.lower in ("had", "was", "were"))
        for t in doc.tokens
        if t.sent == after.sent
    )


def _names_what_was_obtained(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a season or a month that names a place one got, landed or was offered ("I got the summer
    internship", "they offered me a September start on the course"): the time of the thing got, not of the getting.
    A season that names anything else ("we had a summer wedding") is the clause's, and its tense stands."""
    if not _month_or_season(doc.tokens[k].lower):
        return False
    up = next(iter(doc.parents(k)), None)
    if up is None or up.label not in ("compound", "nmod", "amod") or doc.tokens[up.head].lemma.lower() not in OBTAINED_NOUNS:
        return False
    role = next(iter(doc.parents(up.head)), None)
    return role is not None and role.label in ("dobj", "nsubjpass", "dative") and _lemma_in(doc.tokens[role.head], OBTAINING_LEMMAS)


def _dates_what_follows(doc: ParsedDoc, preposition: int) -> bool:
    """Token ``preposition`` puts the date after it on the noun before it: "on" a day, or "in" a month or a season
    ("the workshop in May"); "in two weeks" counts from the day it is said, whatever the noun."""
    word = doc.tokens[preposition].lower
    if word == "on":
        return True
    after = doc.tokens[preposition + 1].lower if preposition + 1 < len(doc.tokens) else ""
    return word == "in" and _month_or_season(after)


def _month_or_season(word: str) -> bool:
    """``word`` (lower-case) names a month, whole or clipped ("may", "sept"), or a season."""
    return re.fullmatch(_MONTH, word) is not None or word in SEASONS


def _in_what_was_booked(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` ends what one signed up, registered or bought tickets for, was invited to, or an appointment
    booked or called off (:data:`ARRANGING_LEMMAS`), so an "on <date>" right after it is that event's date ("signed
    up for a 10k on November 17", "got tickets for the show on Friday", "invited me to the final round on the 25th",
    "cancelled the appointment on Saturday"), not the day of the signing ("signed up on Monday for the race"). The
    parse hangs such a date on the verb either way, so the order of the words decides."""
    seen = set()
    while k not in seen:
        seen.add(k)
        up = next(iter(doc.parents(k)), None)
        if up is None:
            return False
        if up.label == "pobj" and doc.tokens[up.head].lower == "for":
            booker = next(iter(doc.parents(up.head)), None)
            return booker is not None and _booked_for(doc, booker.head, k)
        if up.label == "pobj" and doc.tokens[up.head].lower == "to":
            inviter = next(iter(doc.parents(up.head)), None)
            admitted_to_event = doc.tokens[k].lemma.lower() in ARRANGED_EVENT_NOUNS
            if inviter is not None and (
                _lemma_in(doc.tokens[inviter.head], INVITING_LEMMAS)
                or (admitted_to_event and _lemma_in(doc.tokens[inviter.head], ADMITTING_LEMMAS))
            ):
                return True
        if up.label in ("prt", "prep") and _booked_in(doc, up.head):
            # "they've booked her in with the nurse on the 28th": one booked in is given an appointment, whose day
            # this is; a perfect takes no day of its own, while "I booked the car in on Monday" may be the booking's
            return _in_the_perfect(doc, up.head)
        if up.label == "dobj" and _lemma_in(doc.tokens[up.head], ENTERING_LEMMAS):
            # "I've entered the Greenwich Half on April 27th": a perfect takes no day of its own, so the day is
            # the race's; "I entered the office on Monday" is the day of the entering
            return _in_the_perfect(doc, up.head)
        if (
            up.label == "dobj" and doc.tokens[k].lemma.lower() in APPOINTMENT_NOUNS
            and _lemma_in(doc.tokens[up.head], ARRANGING_LEMMAS)
        ) or _a_booked_time_got(doc, k):
            return True  # "cancelled his grooming appointment on Saturday": the appointment's Saturday
        k = up.head
    return False


def _booked_in(doc: ParsedDoc, verb: int) -> bool:
    """``verb`` books someone or something in ("booked her in", "we've booked the car in"): a verb of booking with the
    particle "in" and an object."""
    arcs = doc.children(verb)
    return _lemma_in(doc.tokens[verb], BOOKED_A_DAY_LEMMAS) and any(
        a.label == "prt" and doc.tokens[a.dep].lower == "in" for a in arcs) and any(a.label == "dobj" for a in arcs)


def _a_booked_time_got(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is an appointment or a booking (:data:`BOOKED_TIME_NOUNS`) that one got or secured ("finally got
    a GP appointment on the 12th"): what was got is a time ahead, so the day after it is the appointment's. Not a
    thing got that is done as it is got ("I got a jab on Monday", "got a new job on Monday")."""
    up = next(iter(doc.parents(k)), None)
    return (up is not None and up.label == "dobj" and doc.tokens[k].lemma.lower() in BOOKED_TIME_NOUNS
            and _lemma_in(doc.tokens[up.head], OBTAINING_LEMMAS)
            and not _told_done_after(doc, doc.tokens[k].idx))  # "got a reservation on the 10th and the sushi was great"


def _before_where_and_with(doc: ParsedDoc, k: int) -> int:
    """The token before the phrases of place or company that end at token ``k`` ("an eye test at Specsavers",
    "a GP appointment with Dr Okafor at the surgery"), or ``k`` itself: such a phrase between an appointment and
    "on <date>" leaves the date the appointment's."""
    moved = True
    while moved and k > 0:
        moved = False
        for p in range(k - 1, 0, -1):
            if doc.tokens[p].lower in PLACE_AND_COMPANY_PREPOSITIONS and max(subtree(doc, p)) == k:
                k, moved = p - 1, True
                break
    return k


def _booked_for(doc: ParsedDoc, booker: int, booked: int) -> bool:
    """Token ``booker`` signs up, registers or gets tickets for ``booked``, an event with a day of its own: tickets
    (the booker, or what it books) are for one whatever its name ("booked tickets for Hamilton on Friday"), a sign-up
    only for a noun of :data:`TAKEN_PART_IN` ("signed up for a 10k on November 17"). One for a service, an app or a
    membership ("I signed up for Audible on Friday", "registered for the gym on Friday") starts on the day of the
    signing, which the past puts behind. A month signed up for is the time of what it is for ("registered for the
    December sitting", where the parse may make the month the object)."""
    tickets = [booker] + [a.dep for a in doc.children(booker) if a.label == "dobj"]
    if any(doc.tokens[k].lemma.lower() == "ticket" for k in tickets):
        return True
    word = doc.tokens[booked]
    # a perfect takes no day of its own: "I've signed up for Chester on 6 October" is the race's day, whatever it is
    return _lemma_in(doc.tokens[booker], BOOKING_HEADS) and (
        word.lemma.lower() in TAKEN_PART_IN or _month_or_season(word.lower) or _in_the_perfect(doc, booker))


def _in_the_perfect(doc: ParsedDoc, verb: int) -> bool:
    """``verb`` has "have" for its auxiliary: a perfect, which takes no day of its own ("I've entered the Greenwich
    Half on April 27th", "I've signed up for Chester on 6 October": the day is the race's)."""
    return any(a.label == "aux" and doc.tokens[a.dep].lemma.lower() == "have" for a in doc.children(verb))


def _a_day_in_the_present_perfect(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` names one day (:func:`_a_day`) and a verb in the present perfect governs it ("I've
    booked Friday", "they've pencilled in the 2nd"): English tells a day gone by in the simple past, so the perfect
    of a verb that arranges a day (:func:`_arranges_a_day`) tells one arranged. Only a day the verb takes, one after
    "for" or "to" ("I've asked for Wednesday off"), or after the "in" of "pencilled in", "booked in" (no day is "in"
    a day as in a month): a day after "on" or another preposition of time is chat's loose past ("we've booked the
    venue on Saturday"), and so is a day the turn says went by ("I've booked Tuesday off and it was bliss"). The day
    must be the verb's own, not a noun's ("I've missed Monday's class")."""
    if not _a_day(doc, char) or re.match(r"on\b", doc.text[char:], re.IGNORECASE):
        return False
    at = _token_at(doc, char)
    before = at.i - 1 if at is not None else -1
    if before >= 0 and doc.tokens[before].lower == "the":
        before -= 1  # "for the 2nd"
    if before >= 0 and doc.tokens[before].pos == "ADP" and doc.tokens[before].lower not in ("for", "to", "in"):
        return False
    verb = _governor(doc, char)
    if verb is None or not _arranges_a_day(doc, verb) or not _hangs_on(doc, char, verb) or _how_it_went_after(doc, char):
        return False
    # the "have" must be one: "she's moved ..." may be "is"
    return _in_the_present_perfect(doc, verb) and any(
        a.label == "aux" and doc.tokens[a.dep].lemma.lower() == "have" for a in doc.children(verb))


# The present forms of the auxiliary "have"
PRESENT_HAVES = frozenset({"have", "has", "'ve", "ve", "'s"})
# Verbs whose perfect sets or settles a day ("I've booked Tuesday 25th", "they've offered Friday", "they've
# pencilled in the 2nd"). Chat says any other verb's perfect of a day gone by ("my grandad has passed away Tuesday",
# "I've had my jab Monday", "I've told my boss Monday", "I've given her the money Saturday", "I've moved house the
# 1st"), so only these read the day as the one arranged.
ARRANGING_A_DAY_LEMMAS = OFFERING_LEMMAS | frozenset(
    {"book", "schedule", "reschedule", "set", "arrange", "reserve", "plan", "fix", "pencil", "slot", "ask", "confirm",
     "request", "pick", "choose", "invite"})


def _arranges_a_day(doc: ParsedDoc, verb: int) -> bool:
    """``verb`` sets or settles a day (:data:`ARRANGING_A_DAY_LEMMAS`), or takes one off ("I've taken Friday off";
    not "I've taken mum to the hospital Monday")."""
    lemma = doc.tokens[verb].lemma.lower()
    if lemma == "take":
        return any(doc.tokens[a.dep].lower == "off" for a in doc.children(verb))
    return lemma in ARRANGING_A_DAY_LEMMAS


def _in_the_present_perfect(doc: ParsedDoc, verb: int) -> bool:
    """``verb`` has a present "have" for its auxiliary ("I've put it on hold", "she has paused it"), not "had"."""
    return any(a.label == "aux" and doc.tokens[a.dep].lower in PRESENT_HAVES for a in doc.children(verb))


def _lemma_in(word: Token, lemmas: set[str] | frozenset[str]) -> bool:
    """``word``'s lemma is one of ``lemmas``, or, with a re- or pre- prefix, its stem's is: the lemmatiser guesses
    at prefixed forms it does not know ("rebooked" as "rebooke"), so the stem is read by the regular endings."""
    if word.lemma.lower() in lemmas:
        return True
    prefix = next((p for p in VERB_PREFIXES if word.lower.startswith(p) and len(word.lower) > len(p) + 2), None)
    return prefix is not None and any(base in lemmas for base in _regular_bases(word.lower[len(prefix) :]))


def _regular_bases(form: str) -> set[str]:
    """The base forms a regular verb form may have, among some that are no words: "booked" -> book, "moving" ->
    move, "setting" -> set."""
    bases = {form}
    for ending in ("ing", "ed", "es", "s", "d"):
        if form.endswith(ending) and len(form) > len(ending) + 1:
            base = form[: -len(ending)]
            bases |= {base, base + "e", base[:-1] if base[-1] == base[-2] else base}
    return bases


def _a_stay_ahead(doc: ParsedDoc, char: int) -> bool:
    """The expression at ``char`` follows a verb of staying (:data:`STAYING_WORDS`) that no past verb governs:
    "landing the 14th, staying 2 weeks" runs ahead, "staying 2 weeks at my sister's was too much" is behind."""
    at = next((t.i for t in doc.tokens if t.idx >= char), None)
    if at is None or at == 0 or doc.tokens[at - 1].lower not in STAYING_WORDS:
        return False
    return not any(doc.tokens[k].tag == "VBD" for k in heads_up(doc, at - 1))


def _after_word(doc: ParsedDoc, char: int, words: tuple[str, ...]) -> bool:
    """The expression at ``char`` follows one of ``words`` (before/by/until/till: a deadline; since)."""
    at = next((t.i for t in doc.tokens if t.idx >= char), None)
    return at is not None and at > 0 and doc.tokens[at - 1].lower in words


# --- rules -------------------------------------------------------------------------------------------------
def _spelled_out(text: str) -> str:
    """``text`` with chat's spellings of time words written out ("this wknd" -> "this weekend", "sat night" ->
    "saturday night"), for the rules and for recognizers-text alike."""
    text = re.sub(r"[\w']+", lambda m: CHAT_TIME_WORDS.get(m.group(0).lower(), m.group(0)), text)
    for word, stretched in STRETCHED.items():
        text = stretched.sub(word, text)
    text = WEEKDAY_RUN.sub(lambda m: f"{_weekday_named(m.group(1))} to {_weekday_named(m.group(2))}", text)
    return re.sub(
        rf"\b({'|'.join(WEEKDAY_ABBR)})\.?(?= (?:night|morning|evening|afternoon)\b)",
        lambda m: WEEKDAY_ABBR[m.group(1).lower()], text, flags=re.IGNORECASE,
    )


# A run of weekdays, each named in full or short: "Tuesday to Thursday", "mon-wed", "Mon to Wed"
WEEKDAY_RUN = re.compile(rf"\b(?=(?:{_WEEKDAY_RUN}))({_WEEKDAY}|{_WEEKDAY_ABBR})\s*(?:to|through|thru|till|until|-|–)\s*"
                         rf"({_WEEKDAY}|{_WEEKDAY_ABBR})(?![\w'])", re.IGNORECASE)


def _weekday_named(word: str) -> str:
    word = word.lower().rstrip(".")
    return WEEKDAY_ABBR.get(word, word)


# Two hours a thing runs between, said as a clock says them ("2-3pm", "4:30-5:15", "10am to 12"), not two days
_HOURS_OF_A_DAY = (r"(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:-|–|to|till|until)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)"
                   r"|\d{1,2}:\d\d\s*(?:-|–|to|till|until)\s*\d{1,2}(?::\d\d)?|\d{1,2}\s*(?:am|pm)\s*(?:-|–|to|till|until)\s*\d{1,2}(?::\d\d)?)")


def _clean(text: str) -> str:
    text = text.lower().replace("’", "'").strip(" .,!?;:\"'")
    text = re.sub(r"\s+", " ", text)
    text = _spelled_out(text)
    # the day of "Saturday morning" or "tomorrow night" is that day; "last night" and "this morning" are rules; so
    # is the day of "saturday 25th in the morning", "tomorrow in the evening"
    text = re.sub(r"^(.+?),? in the (?:morning|afternoon|evening)$", r"\1", text)
    # ... and of "friday 2-3pm", "tomorrow 4:30-5:15": the hours the day runs between (read whole, the recogniser had
    # put "friday 2-3pm" in the week gone by)
    text = re.sub(rf"^((?:on )?(?:the )?{_WEEKDAY}|today|tomorrow),? (?:from )?{_HOURS_OF_A_DAY}$", r"\1", text)
    if not HOLIDAY.fullmatch(text):  # "bonfire night", "burns night" are names of days, not a day's night
        text = re.sub(r"^(?!(?:last|this) \w+$)(.+?) (?:morning|afternoon|evening|night)$", r"\1", text)
    text = re.sub(r"^(?:just|only|sometime|around|about|roughly|approximately|circa)\s+", "", text)
    text = re.sub(r"^(?:no|not) (?:later|sooner) than ", "", text)  # "no later than friday": the deadline's day
    text = re.sub(rf"^(?:for )?{_MORE} (?={_COUNT} {_UNIT}$)", "", text)  # "another three months": three months more
    text = re.sub(rf"\b({'|'.join(WEEKDAY_ABBR)})\.?$", lambda m: WEEKDAY_ABBR[m.group(1)], text)
    # "thurs 25th", "fri 17 oct": the weekday in full, which the rules and recognizers-text read with its day ("the
    # sun 1st thing" is the sun)
    text = re.sub(rf"(?<!the )\b({'|'.join(WEEKDAY_ABBR)})\.?(?= (?:the )?\d)", lambda m: WEEKDAY_ABBR[m.group(1)], text)
    text = re.sub(r"\b(?:a|one) fortnight\b", "two weeks", text)
    text = re.sub(rf"^({_COUNT} {_UNIT}) from today$", r"\1 from now", text)
    # "in about two weeks": the hedge qualifies the count, and "in" still counts it ahead from now
    text = re.sub(rf"^(in|within) (?:about|around|roughly|approximately|nearly|almost|just|only) (?={_COUNT} {_UNIT}$)", r"\1 ", text)
    if re.fullmatch(rf"(?:in|within) {_COUNT} {_UNIT}", text):
        return text  # "in two weeks" is a time ahead, not the duration "two weeks"
    return re.sub(r"^(?:on|in|at|during|by|around|about|over|for|throughout)\s+", "", text)


def _nth_weekday_of(nth: str, weekday: int, first: date) -> date:
    """The first, second, third, fourth or last ``weekday`` (0 = Monday) of the month that begins on ``first``."""
    if nth == "last":
        last = _month_start(first.year, first.month + 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * ("first", "second", "third", "fourth").index(nth))


def _day(d: date) -> datetime:
    return datetime(d.year, d.month, d.day)


def _days(start: date, n: int = 1, kind: str = "point") -> tuple[datetime, datetime, str]:
    return _day(start), _day(start + timedelta(days=n)), kind


def _month_start(year: int, month: int) -> date:
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    return date(year, month, 1)


def _month(year: int, month: int, n: int = 1) -> tuple[datetime, datetime, str]:
    return _day(_month_start(year, month)), _day(_month_start(year, month + n)), "range"


def _year(year: int, n: int = 1) -> tuple[datetime, datetime, str]:
    return datetime(year, 1, 1), datetime(year + n, 1, 1), "range"


# "The week before 9 June", "the day after Thanksgiving", "the weekend of the 14th": a period next to a date.
NEXT_TO = re.compile(rf"the (week|weekend|day|morning|afternoon|evening|night|{_WEEKDAY}) (before|after|of) (.+)")


def _next_to(unit: str, rel: str, ref: date) -> tuple[datetime, datetime, str]:
    """The week, weekend, day or weekday ``rel`` ("before", "after", "of") the day ``ref``; a part of the day is
    its day ("the morning of June 3rd", "the night before the 3rd": the 2nd)."""
    if unit in ("morning", "afternoon", "evening", "night"):
        unit = "day"
    if rel == "of":
        if unit == "weekend":  # the Saturday and Sunday of the date's week ("the weekend of the 14th of May")
            return _days(ref + timedelta(days=5 - ref.weekday()), 2, "range")
        return _week(ref) if unit == "week" else _days(ref)
    sign = -1 if rel == "before" else 1
    if unit == "week":
        return _days(ref - timedelta(days=7), 7, "range") if sign < 0 else _days(ref + timedelta(days=1), 7, "range")
    if unit == "day":
        return _days(ref + timedelta(days=sign))
    if unit == "weekend":
        sat = _weekend_before(ref) if sign < 0 else _weekday_after(ref, 5)
        return _days(sat, 2, "range")
    wd = WEEKDAYS.index(unit)
    return _days(_weekday_before(ref, wd) if sign < 0 else _weekday_after(ref, wd))


def _weekday_after(d: date, weekday: int) -> date:
    """The first day after ``d`` that is ``weekday`` (0 is Monday): a week on when ``d`` is one."""
    return d + timedelta(days=(weekday - d.weekday()) % 7 or 7)


def _weekday_before(d: date, weekday: int) -> date:
    """The last day before ``d`` that is ``weekday`` (0 is Monday): a week back when ``d`` is one."""
    return d - timedelta(days=(d.weekday() - weekday) % 7 or 7)


def _week(d: date) -> tuple[datetime, datetime, str]:
    monday = d - timedelta(days=d.weekday())
    return _days(monday, 7, "range")


def _weekend_before(d: date) -> date:
    """Saturday of the last full weekend that ended before ``d``."""
    saturday = _weekday_before(d, 5)
    if saturday + timedelta(days=1) >= d:  # d is that Saturday or Sunday
        saturday -= timedelta(days=7)
    return saturday


def _count(word: str) -> int | None:
    word = word.strip()
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def _season(name: str, year: int) -> tuple[datetime, datetime, str]:
    return _month(year, SEASONS[name], 3)


def _season_for(name: str, anchor: date, tense: str, which: str) -> tuple[datetime, datetime, str]:
    this = _season(name, anchor.year if not (name == "winter" and anchor.month < 3) else anchor.year - 1)
    if which == "last" or (which == "" and tense == "past" and this[0].date() > anchor):
        return _season(name, this[0].year - 1)
    if which == "next" or (which == "" and tense == "future" and this[1].date() <= anchor):
        return _season(name, this[0].year + 1)
    if which == "" and tense == "present" and _long_past(this[1].date(), anchor):
        return _season(name, this[0].year + 1)  # "the race is in the spring", said in December
    return this


# In present talk a date without a year is the coming one ("she starts in March", said in November), unless it
# has only just passed ("the party in December was fun" is past talk; "my trip in June" said on 2 July is not).
JUST_PASSED = timedelta(days=31)
# A day of the month that passed this recently is the one verbless present talk means; an older one, the coming one.
JUST_SAID = timedelta(days=7)


def _long_past(end: date, anchor: date) -> bool:
    """A stretch that ended (``end`` exclusive) more than :data:`JUST_PASSED` before ``anchor``."""
    return end + JUST_PASSED <= anchor


def _month_number(word: str) -> int | None:
    return MONTH_ABBR.get(word[:4] if word.startswith("sept") else word[:3]) if word[:3] in MONTH_ABBR else None


def _nearest_observance(name: str, which: str, anchor: date, tense: str) -> tuple[datetime, datetime, str] | None:
    """The days of the observance ``name`` (:func:`observance_days`) the tense points to, as :func:`_nearest_year`
    places a day of a month: in past talk the last one begun by the session, in future talk the first not over, in
    present talk the first that has not long passed (:data:`JUST_PASSED`); "last" is the last one over, "next" the
    first to come. One lasting several days (Ramadan, Hanukkah) is a range."""
    found = observance_days(name, range(anchor.year - 1, anchor.year + 2))
    if not found:
        return None
    if which == "last":
        days = [(first, n) for first, n in reversed(found) if first + timedelta(days=n) <= anchor]
    elif which == "next":
        days = [(first, n) for first, n in found if first > anchor]
    elif tense == "past":
        days = [(first, n) for first, n in reversed(found) if first <= anchor]
    elif tense == "future":
        days = [(first, n) for first, n in found if first + timedelta(days=n) > anchor]
    else:
        days = [(first, n) for first, n in found if not _long_past(first + timedelta(days=n), anchor)]
    if not days:
        return None
    first, n = days[0]
    return _days(first, n, "point" if n == 1 else "range")


def _nearest_year(month: int, day: int | None, anchor: date, tense: str) -> int:
    """The year of ``day`` ``month`` (of the whole month when ``day`` is None) as the tense places it: last year's
    if it is still ahead in past talk, next year's if it has passed in future talk, and in present talk the
    coming one unless it only just passed (:data:`JUST_PASSED`)."""
    first = date(anchor.year, month, 1) if day is None else date(anchor.year, month, min(day, 28))
    last = _month_start(anchor.year, month + 1) - timedelta(days=1) if day is None else first
    if tense == "past" and first > anchor:
        return anchor.year - 1
    if tense == "future" and last < anchor:
        return anchor.year + 1
    if tense == "present":
        if _long_past(last + timedelta(days=1), anchor):
            return anchor.year + 1
        previous_end = _month_start(anchor.year - 1, month + 1) if day is None else date(anchor.year - 1, month, first.day) + timedelta(days=1)
        if first > anchor and not _long_past(previous_end, anchor):
            return anchor.year - 1  # "the party in December", said on 3 January
    return anchor.year


def resolve_by_rule(
    text: str, anchor: date, tense: str, governed: bool = False
) -> tuple[datetime, datetime, str] | None:
    """The fixed rules; ``None`` when none applies (the caller then asks recognizers-text). ``governed``: a verb
    governs the expression, so a day of the month in present talk is the coming one (:func:`_day_of_month`)."""
    if text in ("today", "tonight", "now", "this morning", "this afternoon", "this evening", "earlier today",
                "later today", "later tonight"):
        return _days(anchor)
    m = re.fullmatch(rf"(a week|two weeks) (?:on )?(today|tomorrow|{_WEEKDAY})|(?:coming )?(tomorrow|{_WEEKDAY}) (week|fortnight)", text)
    if m:
        # a week after the day named ("a week on Friday", "Friday week", "tomorrow week"), or a fortnight ("a
        # fortnight on Saturday", which _clean wrote "two weeks on saturday", "Saturday fortnight"): today,
        # tomorrow, or the coming weekday (today, if it is that day); "tomorrow week" had been tomorrow
        day, weeks = m.group(2) or m.group(3), 2 if "two" in (m.group(1) or "") or m.group(4) == "fortnight" else 1
        if day in WEEKDAYS:
            return _days(anchor + timedelta(days=(WEEKDAYS.index(day) - anchor.weekday()) % 7 + 7 * weeks))
        return _days(anchor + timedelta(days=7 * weeks + (day == "tomorrow")))
    if text in ("yesterday", "last night") or text.startswith("yesterday "):
        return _days(anchor - timedelta(days=1))
    if text == "the day before yesterday":
        return _days(anchor - timedelta(days=2))
    if text == "tomorrow" or text.startswith("tomorrow "):
        return _days(anchor + timedelta(days=1))
    if text == "the other day":
        return _days(anchor - timedelta(days=7), 6, "range")
    if text == "these days":
        return _days(anchor - timedelta(days=30), 31, "range")

    m = re.fullmatch(r"(earlier|later) this (week|month|year)", text)
    if m:
        return _rest_of_period(m.group(1), m.group(2), anchor)

    m = re.fullmatch(rf"{TIME_OF_DAY.pattern},?\s+(?:on\s+)?((?:(?:last|this|next) )?{_WEEKDAY}|today|tomorrow|tonight)", text, re.IGNORECASE)
    if m:
        # the hour of a day ("by 5pm friday", "2pm saturday"): that day, which recognizers-text had put in the week
        # gone by in present talk
        return resolve_by_rule(m.group(1), anchor, tense, governed)

    m = re.fullmatch(rf"{TIME_OF_DAY.pattern}\s+((?:last|this|next) (?:week|weekend|month))", text, re.IGNORECASE)
    if m:
        # an hour of some day in that week ("found her at 2am last week"), which recognizers-text put on the session day
        return resolve_by_rule(m.group(1), anchor, tense, governed)

    m = re.fullmatch(r"(?:the )?(end|beginning|start|middle) of (?:(?:the|this|next|last) )?(?:week|month|quarter|year)", text)
    if m:
        which = "last" if " last " in text else "next" if " next " in text else "this"
        period = _relative(which, text.rsplit(" ", 1)[1], anchor, tense)
        return _from_the_session_day(_part_of(m.group(1), period[0].date(), period[1].date()), anchor, tense)

    m = re.fullmatch(r"(?:the )?(first|last) day of (?:the )?((?:this|next|last) )?(week|month|year)", text)
    if m:
        # that day of the period ("the last day of the month": its last day), which recognizers-text put a day early;
        # with no period named, of the one before or after where the tense puts this one's day on the wrong side
        period = _relative((m.group(2) or "this ").strip(), m.group(3), anchor, tense)
        day = period[0].date() if m.group(1) == "first" else period[1].date() - timedelta(days=1)
        step = (-1 if tense == "past" and day > anchor else 1 if tense == "future" and day < anchor else 0) if not m.group(2) else 0
        if step:
            return resolve_by_rule(f"the {m.group(1)} day of {'last' if step < 0 else 'next'} {m.group(3)}", anchor, tense)
        return _days(day)

    m = re.fullmatch(rf"(?:the )?(first|second|third|fourth|last) ({_WEEKDAY}) of (?:the )?((?:this|next|last) )?month", text)
    if m:
        # that weekday of the month ("pays on the last friday of the month": its last Friday, which recognizers-text
        # read as the Friday just gone); with no month named, of the one before or after where the tense puts this
        # one's day on the wrong side
        day = _nth_weekday_of(m.group(1), WEEKDAYS.index(m.group(2)), _relative((m.group(3) or "this ").strip(), "month", anchor, tense)[0].date())
        step = (-1 if tense == "past" and day > anchor else 1 if tense == "future" and day < anchor else 0) if not m.group(3) else 0
        if step:
            day = _nth_weekday_of(m.group(1), WEEKDAYS.index(m.group(2)), _month_start(anchor.year, anchor.month + step))
        return _days(day)

    m = re.fullmatch(r"q([1-4])(?: ((?:19|20)\d\d))?", text)
    if m:
        # a quarter of the year said, or of the year the tense points to when this year's is on the wrong side
        quarter, year = int(m.group(1)), int(m.group(2)) if m.group(2) else anchor.year
        if not m.group(2) and tense == "future" and date(year, 3 * quarter, 1) < anchor.replace(day=1):
            year += 1
        return _month(year, 3 * quarter - 2, 3)

    m = re.fullmatch(rf"(?:(in|within) )?({_COUNT}) (?:business|working) days?", text)
    if m and tense != "past" and (n := _count(m.group(2))):
        # the day that many working days ahead; "it took 3 business days" is how long, not when; "within" is any
        # day from now up to it, as "within two weeks" is ("a refund within 5 working days")
        day = anchor
        while n:
            day += timedelta(days=1)
            n -= day.weekday() < 5
        return (_day(anchor), _day(day + timedelta(days=1)), "duration") if m.group(1) == "within" else _days(day)

    m = re.fullmatch(r"(early|mid|late|later)[- ](last|this|next) (week|month|year)", text)
    if m:
        # "early next month" is the start of the month after the session's, counted here: recognizers-text adds a
        # month to the day ("early next month" on 31 January fell in March)
        period = _relative(m.group(2), m.group(3), anchor, tense)
        part = {"early": "beginning", "mid": "middle"}.get(m.group(1), "end")
        return _from_the_session_day(_part_of(part, period[0].date(), period[1].date()), anchor, tense)

    m = re.fullmatch(r"(?:(last|this|next) )?easter( sunday| weekend)?", text)
    if m:
        # a moveable feast: this year's, or the one the tense points to when this year's is on the wrong side
        year = {"last": anchor.year - 1, "next": anchor.year + 1}.get(m.group(1) or "", anchor.year)
        if not m.group(1) and tense == "past" and easter_sunday(year) > anchor:
            year -= 1
        elif not m.group(1) and tense != "past" and _long_past(easter_sunday(year) + timedelta(days=1), anchor):
            year += 1
        sunday = easter_sunday(year)
        return _days(sunday - timedelta(days=2), 4, "range") if m.group(2) == " weekend" else _days(sunday)

    m = re.fullmatch(r"(?:(last|this|next) )?boxing day", text)
    if m:
        # 26 December, which recognizers-text does not know, read as New Year's Day is
        pointed = {"last": "past", "next": "future"}.get(m.group(1) or "", tense)
        return _days(date(_nearest_year(12, 26, anchor, pointed), 12, 26))

    m = AN_OBSERVANCE.fullmatch(text)
    if m:
        # a feast counted from Easter, a day a rule sets or a lunar festival (:mod:`observances`): the one the tense
        # points to, or "last"/"next" do, as a day of a month is; none where its calendar does not reach
        day = _nearest_observance(m.group(2), m.group(1) or "", anchor, tense)
        # (the weekend of it had been the weekend before the session, "the eid weekend" read as "the weekend")
        return _next_to(m.group(3), "of", day[0].date()) if day is not None and m.group(3) else day

    m = re.fullmatch(r"(?:(last|this|next|the) )?new year(?:'?s)?( eve| day)?", text)
    if m:
        # 1 January (the eve: 31 December), the one the tense points to, or "last"/"next" do, as a day of a month
        month, day = (12, 31) if m.group(2) == " eve" else (1, 1)
        pointed = {"last": "past", "next": "future"}.get(m.group(1) or "", tense)
        return _days(date(_nearest_year(month, day, anchor, pointed), month, day))

    m = re.fullmatch(rf"(?:the )?(week|weekend|{_WEEKDAY}) before last", text)
    if m:
        # seven days before last week, last weekend or last <weekday>, as "last" reads them ("the Friday before last")
        last = resolve_by_rule(f"last {m.group(1)}", anchor, "past", governed)
        return None if last is None else (last[0] - timedelta(days=7), last[1] - timedelta(days=7), last[2])

    m = re.fullmatch(rf"(?:the )?(week|weekend|{_WEEKDAY}) after next", text)
    if m:
        # the week after next week: "the Monday after next", said on a Wednesday, is twelve days on
        monday = anchor - timedelta(days=anchor.weekday()) + timedelta(days=14)
        if m.group(1) in WEEKDAYS:
            return _days(monday + timedelta(days=WEEKDAYS.index(m.group(1))))
        return _days(monday, 7, "range") if m.group(1) == "week" else _days(monday + timedelta(days=5), 2, "range")

    m = re.fullmatch(rf"(?:the )?(first|1st|second|2nd|third|3rd|fourth|4th|last) (week|weekend|{_WEEKDAY}) (?:of|in) (.+)", text)
    if m:
        inner = resolve_by_rule(m.group(3), anchor, tense, governed)
        if inner is not None and 28 <= (inner[1] - inner[0]).days <= 31:
            return _nth_in_month(m.group(1), m.group(2), inner[0].date(), inner[1].date())

    m = re.fullmatch(rf"(?:the )?(first|last) ({_COUNT}) (day|week)s (?:of|in) (.+)", text)
    if m and (n := _count(m.group(2))):
        # "the first two weeks of March": its first fourteen days; "the last 3 days of June": its last three
        inner = resolve_by_rule(m.group(4), anchor, tense, governed)
        if inner is not None and 28 <= (inner[1] - inner[0]).days <= 31:
            days = min(n * (7 if m.group(3) == "week" else 1), (inner[1] - inner[0]).days)
            first = inner[0].date() if m.group(1) == "first" else inner[1].date() - timedelta(days=days)
            return _days(first, days, "range")

    m = re.fullmatch(rf"(?:the )?{_WEEKDAY},? ((?:the )?\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}(?:,? (?:19|20)\d\d)?)", text)
    if m:
        # "Friday 17 October", "sat 18th oct": the month said, the day is that of the month; the weekday only
        # repeats it (recognizers-text had put "saturday 18 oct" in the year before)
        return resolve_by_rule(m.group(1), anchor, tense, governed)

    # "Wednesday the 25th", "the wednesday 25th": the 25th that is a Wednesday, not the coming Wednesday
    m = re.fullmatch(rf"(?:the )?({_WEEKDAY}),? (?:the )?(\d{{1,2}})(?:st|nd|rd|th)?", text)
    if m:
        return _weekday_and_day(WEEKDAYS.index(m.group(1)), int(m.group(2)), anchor, tense, governed)

    m = NEXT_TO.fullmatch(text)
    if m:
        inner = resolve_by_rule(m.group(3), anchor, tense, governed)
        return None if inner is None else _next_to(m.group(1), m.group(2), inner[0].date())

    m = re.fullmatch(rf"(.+?),? for ({_COUNT}) ({_UNIT})", text)
    if m and not m.group(1).startswith(("since ", "from ")):
        # "the 2nd for a week": the stay starts on the date and lasts that long
        inner = resolve_by_rule(_clean(m.group(1)), anchor, tense, governed)
        n = _count(m.group(2)) or VAGUE_COUNTS.get(m.group(2), (3, 3))[0]
        if inner is not None and inner[2] == "point":
            return inner[0], _day(_shift(inner[0].date(), m.group(3).rstrip("s"), n)), "range"

    m = re.fullmatch(rf"(?:from )?{_WEEKDAY},? ((?:the )?\d.*?) ?({_RANGE_TO}) ?{_WEEKDAY},? ((?:the )?\d.*)", text)
    if m:
        # "Monday 13th to Friday 17th": the days of the month from one to the other, the weekdays only repeating
        # them (the first weekday alone had been read, the coming Monday)
        return resolve_by_rule(f"{m.group(1)} {m.group(2)} {m.group(3)}", anchor, tense, governed)

    last_day = rf"(?:the )?{_ORDINAL_DAY}(?: (?:of )?{_MONTH})?|{_MONTH} {_ORDINAL_DAY}"
    m = re.fullmatch(rf"(?:from )?({_DAY_OF_MONTH}) ?{_RANGE_TO} ?({last_day}),?(?: ((?:19|20)\d\d))?", text)
    if m:
        return _day_range(m.group(1), m.group(2), int(m.group(3)) if m.group(3) else None, anchor, tense)
    m = re.fullmatch(
        rf"(?:from )?((?:the )?{_ORDINAL_DAY}) ?({_RANGE_TO}|and) ?((?:the )?{_ORDINAL_DAY} (?:of )?{_MONTH}),?(?: ((?:19|20)\d\d))?", text
    )
    if m:
        days = _day_range(m.group(1), m.group(3), int(m.group(4)) if m.group(4) else None, anchor, tense)
        if days is not None and m.group(2) == "and" and days[1] - days[0] > timedelta(days=2):
            return days[0], days[0] + timedelta(days=1), "point"  # "the 3rd and 17th": two days, not those between
        return days

    m = re.fullmatch(rf"(?:from )?({_YEAR}) ?{_RANGE_TO} ?({_YEAR}|\d\d)|between ({_YEAR}) and ({_YEAR})", text)
    if m:
        # the years from the first to the last, both whole: "2019 to 2021" ends with 2021, not at its start
        first, last = m.group(1) or m.group(3), m.group(2) or m.group(4)
        first, last = int(first), int(last if len(last) == 4 else first[:2] + last)
        if first < last:
            return _year(first, last - first + 1)

    m = re.fullmatch(rf"(?:from )?(?:the )?({_ORDINAL_DAY}) ?({_RANGE_TO}|and) ?(?:the )?({_ORDINAL_DAY})", text)
    if m:
        # "the 3rd to the 10th": the first day read as "the 3rd" alone is, the last in its month or the next; a month
        # without the last day is not meant ("20th to 31st" said in November is December's)
        first = _day_of_month(int(re.match(r"\d+", m.group(1)).group(0)), anchor, tense, governed)
        for step in range(3) if first is not None else ():
            month = _month_start(first[0].year, first[0].month + step)
            days = _day_range(f"{month.strftime('%B').lower()} {m.group(1)}", m.group(3), month.year, anchor, tense)
            if days is not None:
                if m.group(2) == "and" and days[1] - days[0] > timedelta(days=2):
                    return days[0], days[0] + timedelta(days=1), "point"  # "the 3rd and 17th": two days
                return days

    m = re.fullmatch(r"(since|from) (.+)", text)
    if m and m.group(1) == "from" and tense != "past":
        # "we'll need someone for Thursdays from January", "it's three days a week from May": a start ahead
        ahead = resolve_by_rule(m.group(2), anchor, tense)
        if ahead is not None and ahead[0].date() > anchor:
            return ahead
    if m:
        inner = resolve_by_rule(m.group(2), anchor, "past")
        return (inner[0], _day(anchor + timedelta(days=1)), "range") if inner else None

    m = re.fullmatch(rf"({_COUNT}) ({_UNIT}) (?:ago|back)", text)
    if m:
        return _ago(m.group(1), m.group(2).rstrip("s"), anchor)

    m = re.fullmatch(rf"({_COUNT}) (year|month|week) and a half ago", text)
    if m and (n := _count(m.group(1))):
        # "a year and a half ago": the calendar month (or, for weeks, the day) that far back
        days = {"year": 365, "month": 30, "week": 7}[m.group(2)] * (2 * n + 1) // 2
        back = anchor - timedelta(days=days)
        return _days(back) if m.group(2) == "week" else _month(back.year, back.month)

    m = re.fullmatch(rf"(?:from )?({_WEEKDAY}) (?:to|through|thru|till|until|-) ({_WEEKDAY})(?: (this|next) week)?", text)
    if m:
        # "Monday to Wednesday next week": those days of that week; with no week said, the coming ones
        first, last = WEEKDAYS.index(m.group(1)), WEEKDAYS.index(m.group(2))
        monday = anchor - timedelta(days=anchor.weekday())
        if m.group(3) == "next" or (m.group(3) is None and tense != "past" and first < anchor.weekday()):
            monday += timedelta(days=7)
        elif m.group(3) is None and tense == "past" and first >= anchor.weekday():
            monday -= timedelta(days=7)
        return _days(monday + timedelta(days=first), (last - first) % 7 + 1, "range")

    m = re.fullmatch(rf"(?:the )?(last|past|this past|previous|this coming|this|current|next|coming|following) ({_UNIT}|quarter|{_WEEKDAY}|summer|winter|spring|fall|autumn)", text)
    if m:
        return _relative(m.group(1), m.group(2), anchor, tense)

    m = re.fullmatch(rf"(?:from |between )?({_MONTH})\s*(?:-|–|\s(?:to|through|thru|till|until|and)\s)\s*({_MONTH})"
                     r"((?:,? (?:19|20)\d\d|,? (?:this|last|next) year)?)", text)
    if m and (first := resolve_by_rule(m.group(1) + m.group(3), anchor, tense)) and (last := _month_number(m.group(2))):
        # "july to september": from the first month, as the tense reads it alone (or with the year said after the
        # last: "june to august last year"), to the end of the last, in the same year or the next ("november to
        # february"); recognizers-text had read the first month alone
        start = first[0]
        end = _month(start.year + (last < start.month), last)[1]
        if tense == "past" and end.date() > anchor + timedelta(days=1) and not m.group(3):
            # a run told as over is wholly behind ("from jan to mar I was off", said in January: last year's)
            start, end = start.replace(year=start.year - 1), end.replace(year=end.year - 1)
        return start, end, "range"

    m = re.fullmatch(rf"(last|this|next|this coming|this past|past|coming) ({_MONTH})", text)
    if m and (month := _month_number(m.group(2))):
        # "next September", said in January, is this year's (the next one to come), not a year later
        which = m.group(1)
        if which in ("next", "coming", "this coming"):
            year = anchor.year if month > anchor.month else anchor.year + 1
        elif which in ("last", "past", "this past"):
            year = anchor.year if month < anchor.month else anchor.year - 1
        else:
            year = anchor.year
        return _month(year, month)

    m = re.fullmatch(rf"(?:the )?(?:last|past) ({_COUNT}) ({_UNIT})", text)
    if m:
        return _span_back(m.group(1), m.group(2).rstrip("s"), anchor)

    m = re.fullmatch(rf"(?:the )?(?:last|past) few ({_UNIT})", text)
    if m:
        return _span_back("a few", m.group(1).rstrip("s"), anchor)

    m = re.fullmatch(rf"({_COUNTS}) ({_UNIT})", text)
    if m and m.group(1) not in ("a", "an", "one") and not m.group(2).startswith("weekend"):
        # A bare duration ("for 4 years", "for 2-3 weeks", the longer of the two): the stretch that ends (past,
        # present) or starts (future) at the session.
        n = _count(re.split(r"\s*(?:-|–|to)\s*", m.group(1))[-1]) or VAGUE_COUNTS.get(m.group(1), (3, 3))[1]
        unit = m.group(2).rstrip("s")
        back = _shift(anchor, unit, -n)
        if tense == "future":
            return _day(anchor), _day(_shift(anchor, unit, n)), "duration"
        return _day(back), _day(anchor + timedelta(days=1)), "duration"

    m = re.fullmatch(rf"(?:the )?({_WEEKDAY})(?: (?:morning|afternoon|evening|night))?", text)
    if m:  # a bare weekday, or a part of one ("sat night"): the last one in past talk, otherwise the coming one
        wd = WEEKDAYS.index(m.group(1))
        return _days(_weekday_before(anchor, wd) if tense == "past" else _weekday_after(anchor, wd))

    m = re.fullmatch(r"(?:the )?(?:(last|this|next|past) )?(summer|winter|spring|fall|autumn)(?: of)?(?: (\d{4}))?", text)
    if m:
        if m.group(3):
            return _season(m.group(2), int(m.group(3)))
        return _season_for(m.group(2), anchor, tense, {"past": "last"}.get(m.group(1) or "", m.group(1) or ""))

    m = re.fullmatch(r"(?:the year )?((?:19|20)\d\d)", text)
    if m:
        return _year(int(m.group(1)))

    m = re.fullmatch(
        rf"(?:(early|mid|late|the end of|end of|the beginning of|beginning of|the start of)[- ])?({_MONTH})"
        r"(?:,? ((?:19|20)\d\d)|,? (this|last|next) year)?",
        text,
    )
    if m and _month_number(m.group(2)):
        month = _month_number(m.group(2))
        # the year said in words ("I'm doing dry January this year", "in March last year"), which recognizers-text
        # had left unresolved
        said = {"this": 0, "last": -1, "next": 1}.get(m.group(4) or "")
        if m.group(3):
            year = int(m.group(3))
        else:
            year = anchor.year + said if said is not None else _nearest_year(month, None, anchor, tense)
        start, end, _ = _month(year, month)
        part = (m.group(1) or "").replace("the ", "")
        if part in ("early", "beginning of", "start of"):
            end = start + timedelta(days=10)
        elif part == "mid":
            start, end = start + timedelta(days=10), start + timedelta(days=20)
        elif part in ("late", "end of"):
            start = start + timedelta(days=20)
        return start, end, "range"

    # "13 September next year": the year said in words
    said_year = re.search(r",? (next|last|this) year$", text)
    dated = text[: said_year.start()] if said_year else text
    m = re.fullmatch(rf"(?:the )?(\d{{1,2}})(?:st|nd|rd|th)?(?: of)? ({_MONTH}),?(?: ((?:19|20)\d\d))?", dated) or re.fullmatch(
        rf"({_MONTH}) (\d{{1,2}})(?:st|nd|rd|th)?,?(?: ((?:19|20)\d\d))?", dated
    )
    if m:
        first, second, year_text = m.groups()
        day_text, month_text = (first, second) if first[0].isdigit() else (second, first)
        month = _month_number(month_text)
        if month is None:
            return None
        if said_year:
            year_text = str(anchor.year + {"next": 1, "last": -1, "this": 0}[said_year.group(1)])
        year = int(year_text) if year_text else _nearest_year(month, int(day_text), anchor, tense)
        try:
            return _days(date(year, month, int(day_text)))
        except ValueError:
            return None

    m = re.fullmatch(rf"(in|within) ({_COUNT}) ({_UNIT})", text)
    if m:
        if tense == "past" or m.group(1) == "within":
            # "I finished it in two weeks", "within a month": how long it took or may take, not when
            return resolve_by_rule(f"{m.group(2)} {m.group(3)}", anchor, tense)
        text = f"{m.group(2)} {m.group(3)} from now"  # "in two weeks I start therapy": that far ahead

    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?", text)
    if m:
        month, day = int(m.group(1)), int(m.group(2))
        if month > 12 >= day:
            month, day = day, month  # "22/3": only the day-first reading is a date
        year = int(m.group(3)) if m.group(3) else None
        if year is not None and year < 100:
            year += 2000
        try:
            return _days(date(year or _nearest_year(month, day, anchor, tense), month, day))
        except ValueError:
            return None

    m = re.fullmatch(rf"({_COUNT}) ({_UNIT}) (?:later|from now)", text)
    if m:
        n = _count(m.group(1)) or VAGUE_COUNTS.get(m.group(1), (3, 3))[0]
        unit = m.group(2).rstrip("s")
        ahead = _shift(anchor, unit, n)
        if unit == "weekend":
            saturday = ahead + timedelta(days=(5 - ahead.weekday()) % 7)
            return _days(saturday - timedelta(days=7), 2, "range")
        return {"day": _days(ahead), "week": _week(ahead)}.get(unit) or (
            _month(ahead.year, ahead.month) if unit == "month" else _year(ahead.year)
        )

    m = re.fullmatch(r"(?:the )?(\d{1,2})(?:st|nd|rd|th)", text)
    if m and 1 <= int(m.group(1)) <= 31:
        return _day_of_month(int(m.group(1)), anchor, tense, governed)

    m = re.fullmatch(r"(?:the )?(?:early |late |mid )?((?:1[89]|20)\d0)'?s", text)
    if m:
        return _year(int(m.group(1)), 10)

    m = re.fullmatch(r"(?:the )?(?:christmas )?holidays?(?: season)?", text)
    if m:
        year = anchor.year - 1 if tense == "past" and anchor < date(anchor.year, 12, 20) else anchor.year
        return _day(date(year, 12, 20)), _day(date(year + 1, 1, 2)), "range"

    m = re.fullmatch(r"(?:the )?(?:early |late |mid )?'?(\d)0'?s", text)
    if m:  # "the 90s": the decade in the last hundred years
        decade = 1900 + 10 * int(m.group(1))
        return _year(decade + 100 if decade + 100 <= anchor.year else decade, 10)

    m = re.fullmatch(r"(last|this|next) semester", text)
    if m:  # half-years: January-June and July-December
        half = 1 if anchor.month <= 6 else 7
        start = _month_start(anchor.year, half + 6 * {"last": -1, "this": 0, "next": 1}[m.group(1)])
        return _month(start.year, start.month, 6)

    m = re.fullmatch(r"(last|this|next) season", text)
    if m:
        return _year(anchor.year + {"last": -1, "this": 0, "next": 1}[m.group(1)])

    m = re.fullmatch(r"(?:a|an|the|my|our|this|that)?\s*(?:[a-z-]+ )?(week|weekend|month|year|summer|winter|spring|fall|autumn)", text)
    if m:
        # "a busy week", "my week", "an awesome summer": the one just lived (or, in future talk, the next one)
        unit = m.group(1)
        if unit in SEASONS:
            return _season_for(unit, anchor, tense, "")
        if tense == "future":
            # the weekend ahead is the coming one (on a Sunday, the next); a week, month or year ahead is the
            # current one while less than half of it has gone ("plan meals for the week", said on a Monday)
            if unit == "weekend":
                ahead = "this" if anchor.weekday() != 6 else "next"
            else:
                start, end, _ = _relative("this", unit, anchor, tense)
                ahead = "this" if (anchor - start.date()).days * 2 < (end - start).days else "next"
            return _relative(ahead, unit, anchor, tense)
        if unit == "weekend":
            if anchor.weekday() >= 5 or (anchor.weekday() == 4 and tense == "present"):
                # said on a Friday, "the weekend" of present talk is the one starting tomorrow
                return _days(anchor - timedelta(days=anchor.weekday() - 5), 2, "range")
            return _relative("last", unit, anchor, tense)
        days = {"week": 7, "month": 30, "year": 365}[unit]
        return _days(anchor - timedelta(days=days - 1), days, "range")
    return None


def _rest_of_period(side: str, unit: str, anchor: date) -> tuple[datetime, datetime, str]:
    """"Earlier this week": from the week's start up to the session; "later this month": from the day after it
    to the month's end. Said on the period's first or last day, the session's own day, never an empty interval."""
    start, end, _ = _relative("this", unit, anchor, "present")
    today, tomorrow = _day(anchor), _day(anchor + timedelta(days=1))
    first, last = (start, today) if side == "earlier" else (tomorrow, end)
    return (first, last, "range") if first < last else (today, tomorrow, "range")


def _nth_in_month(nth: str, unit: str, first: date, end: date) -> tuple[datetime, datetime, str]:
    """"The first weekend of June": the weekend of the month's first Saturday; "the last Friday of May": its last
    Friday; "the second week of April": its second seven days (the 8th to the 14th), the last week its last seven.
    ``[first, end)`` is the month; recognizers-text had read the whole month."""
    n = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}.get(nth, 0)
    if unit == "week":
        return _days(first + timedelta(days=7 * (n - 1)), 7, "range") if n else _days(end - timedelta(days=7), 7, "range")
    wd = 5 if unit == "weekend" else WEEKDAYS.index(unit)
    if n:
        day = first + timedelta(days=(wd - first.weekday()) % 7 + 7 * (n - 1))
    else:
        last = end - timedelta(days=1)
        day = last - timedelta(days=(last.weekday() - wd) % 7)
    return _days(day, 2, "range") if unit == "weekend" else _days(day)


def _from_the_session_day(part: tuple[datetime, datetime, str], anchor: date, tense: str) -> tuple[datetime, datetime, str]:
    """A part of a period that the session day falls in, cut at that day on the side the tense looks to: "I get the
    contract at the end of the month", said on the 28th, is from then on; "it was busy at the end of the month", up
    to then."""
    start, end, kind = part
    if tense != "past" and start.date() < anchor < end.date():
        return _day(anchor), end, kind
    if tense == "past" and start.date() <= anchor < end.date() - timedelta(days=1):
        return start, _day(anchor + timedelta(days=1)), kind
    return part


def _part_of(part: str, first: date, end: date) -> tuple[datetime, datetime, str]:
    """The first, middle or last third of the days ``[first, end)`` ("the end of next month": its last ten days,
    "the beginning of the week": Monday to Wednesday), rounded up, as "the end of August" is from the 21st; of a
    year, three months ("the end of the year": October to December)."""
    days = (end - first).days
    if days > 300:
        return _month(first.year, {"beginning": 1, "start": 1, "middle": 5}.get(part, 10), 3)
    third = -(-days // 3)
    if part in ("beginning", "start"):
        return _days(first, third, "range")
    if part == "middle":
        return _days(first + timedelta(days=(days - third) // 2), third, "range")
    return _days(end - timedelta(days=third), third, "range")


def _day_of_month(day: int, anchor: date, tense: str, governed: bool = False) -> tuple[datetime, datetime, str] | None:
    """"The 14th": this month's, or the next month's in future talk once it has passed, the last month's in past
    talk when it has not come yet; in present talk ("the wedding is on the 14th", "Sam turns 40 on the 22nd",
    "I start on the 26th", said on 1 February) the coming one. Only where no verb governs it (not ``governed``)
    may one that passed within the last week be meant ("pics from the party on the 1st", said on the 4th): a
    present verb would have said a past one in the past tense."""
    candidates = []
    for step in (-1, 0, 1):
        first = _month_start(anchor.year, anchor.month + step)
        try:
            candidates.append(date(first.year, first.month, day))
        except ValueError:
            continue  # no 31st in that month
    if tense == "future":
        ahead = [d for d in candidates if d >= anchor]
        chosen = ahead[0] if ahead else None
    elif tense == "past":
        behind = [d for d in candidates if d <= anchor]
        chosen = behind[-1] if behind else None
    else:
        recent = [] if governed else [d for d in candidates if anchor - JUST_SAID <= d <= anchor]
        ahead = [d for d in candidates if d >= anchor]
        chosen = recent[-1] if recent else ahead[0] if ahead else None
    return _days(chosen) if chosen else None


def _day_and_month(text: str) -> tuple[int, int | None]:
    """The day and the month (``None`` when not said) of "September 12", "the 14th of February" or "the 18th"."""
    day = int(re.search(r"\d{1,2}", text).group(0))
    month = re.search(_MONTH, re.sub(r"\d{1,2}(?:st|nd|rd|th)?", "", text))
    return day, _month_number(month.group(0)) if month else None


def _day_range(
    first: str, last: str, year: int | None, anchor: date, tense: str
) -> tuple[datetime, datetime, str] | None:
    """"September 12 to 16": the days from the first to the last, both included; the last day's month, when not
    said, is the first's, or the next month's when the day is earlier ("28 February to the 3rd"). Without a
    year, the first day takes the year the tense points to, as a single date would."""
    start_day, start_month = _day_and_month(first)
    end_day, end_month = _day_and_month(last)
    if start_month is None and end_month is not None:
        # "the 6th to 13th of June": the last day's month, or the month before when the first day is later
        # ("the 28th to 3rd of March")
        start_month = end_month if start_day <= end_day else (end_month - 2) % 12 + 1
    if end_month is None:
        end_month = start_month if end_day >= start_day else start_month % 12 + 1
    start_year = year or _nearest_year(start_month, start_day, anchor, tense)
    end_year = start_year + (1 if end_month < start_month else 0)
    try:
        start, end = date(start_year, start_month, start_day), date(end_year, end_month, end_day)
    except ValueError:
        return None
    return (_day(start), _day(end + timedelta(days=1)), "range") if start <= end else None


def _weekday_and_day(
    weekday: int, day: int, anchor: date, tense: str, governed: bool = False
) -> tuple[datetime, datetime, str] | None:
    """"Saturday the 15th": the 15th that is a Saturday, the next one (or, in past talk, the last one) within a
    year; when none is, the weekday was a slip and the day of the month counts. A day said without its month is
    one of a month nearby (as :func:`_day_of_month` reads it), so in past talk, when neither this month's nor the
    last month's fits the weekday but this month's or the next month's coming one does, that one is meant: the
    past verb is an arrangement made for it ("on Thursday the 10th, I took the afternoon off for it", said on
    Friday the 4th of April), not a Thursday the 10th half a year back."""
    step = -1 if tense == "past" else 1
    if tense == "past":
        nearby = []
        for n in (0, -1, 1):
            first = _month_start(anchor.year, anchor.month + n)
            try:
                nearby.append(date(first.year, first.month, day))
            except ValueError:
                continue
        fitting = [d for d in nearby if d.weekday() == weekday]
        if fitting and not any(d <= anchor for d in fitting):
            return _days(min(fitting))
    for n in range(13):
        first = _month_start(anchor.year, anchor.month + step * n)
        try:
            candidate = date(first.year, first.month, day)
        except ValueError:
            continue
        ahead = candidate >= anchor if step > 0 else candidate <= anchor
        if ahead and candidate.weekday() == weekday:
            return _days(candidate)
    return _day_of_month(day, anchor, tense, governed)


def _shift(d: date, unit: str, n: int) -> date:
    if unit in ("day",):
        return d + timedelta(days=n)
    if unit in ("week", "weekend"):
        return d + timedelta(days=7 * n)
    months = n if unit == "month" else 12 * n
    first = _month_start(d.year, d.month + months)
    return date(first.year, first.month, min(d.day, 28))


def _years_back(moment: datetime, n: int) -> datetime:
    """The same day ``n`` years earlier; 29 February, in a year that has none, the 28th."""
    try:
        return moment.replace(year=moment.year - n)
    except ValueError:
        return moment.replace(year=moment.year - n, day=28)


def _ago(count: str, unit: str, anchor: date) -> tuple[datetime, datetime, str]:
    if count in VAGUE_COUNTS:
        few, most = VAGUE_COUNTS[count]
        start = _shift(anchor, unit, -most)
        end = _shift(anchor, unit, -few)
        if unit == "year":
            return _year(start.year, end.year - start.year + 1)
        if unit == "month":
            return _month(start.year, start.month, (end.year - start.year) * 12 + end.month - start.month + 1)
        return _days(start, (end - start).days + 1, "range")
    n = _count(count) or 1
    back = _shift(anchor, unit, -n)
    if unit == "day":
        return _days(back)
    if unit == "week":
        return _week(back)
    if unit == "weekend":
        return _days(_weekend_before(anchor) - timedelta(days=7 * (n - 1)), 2, "range")
    if unit == "month":
        return _month(back.year, back.month)
    return _year(back.year)


def _span_back(count: str, unit: str, anchor: date) -> tuple[datetime, datetime, str]:
    n = _count(count) or VAGUE_COUNTS.get(count, (3, 3))[1]
    return _day(_shift(anchor, unit, -n)), _day(anchor + timedelta(days=1)), "duration"


def _relative(which: str, unit: str, anchor: date, tense: str) -> tuple[datetime, datetime, str]:
    step = {"last": -1, "past": -1, "this past": -1, "previous": -1, "next": 1, "coming": 1, "this coming": 1,
            "following": 1}.get(which, 0)
    unit = unit.rstrip("s") if unit.rstrip("s") in ("day", "week", "weekend", "month", "year") else unit
    if which in ("coming", "this coming") and unit in (*WEEKDAYS, "weekend"):
        # the first one still to come ("this coming Friday", said on a Wednesday, is in two days; "next Friday"
        # is the one of next week), not the one after it
        if unit == "weekend":
            return _days(_weekday_after(anchor, 5), 2, "range")
        return _days(_weekday_after(anchor, WEEKDAYS.index(unit)))
    if unit in WEEKDAYS:
        wd = WEEKDAYS.index(unit)
        if step < 0:
            return _days(_weekday_before(anchor, wd))
        monday = anchor - timedelta(days=anchor.weekday()) + timedelta(days=7 * max(step, 0))
        if step == 0 and tense != "past" and wd < anchor.weekday():
            # "her birthday is this Friday", said on a Sunday, is not the Friday just gone
            monday += timedelta(days=7)
        return _days(monday + timedelta(days=wd))
    if unit in SEASONS:
        return _season_for(unit, anchor, tense, {-1: "last", 1: "next"}.get(step, "this"))
    if unit == "day":
        return _days(anchor + timedelta(days=step))
    if unit == "week":
        return _week(anchor + timedelta(days=7 * step))
    if unit == "weekend":
        if step < 0:
            return _days(_weekend_before(anchor), 2, "range")
        saturday = anchor + timedelta(days=(5 - anchor.weekday()) % 7)
        if anchor.weekday() == 6:
            saturday = anchor - timedelta(days=1)
        return _days(saturday + timedelta(days=7 * step), 2, "range")
    if unit == "month":
        return _month(anchor.year, anchor.month + step)
    if unit == "quarter":  # calendar quarters: January to March, April to June, ...
        return _month(anchor.year, (anchor.month - 1) // 3 * 3 + 1 + 3 * step, 3)
    return _year(anchor.year + step)


# --- recognizers-text values --------------------------------------------------------------------------------
def _parse_when(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _interval(value: dict, anchor: date) -> tuple[datetime, datetime, str] | None:
    kind = value.get("type", "")
    timex = value.get("timex", "")
    if kind in ("date", "datetime"):
        when = _parse_when(value.get("value", ""))
        return _days(when.date()) if when else None
    if kind in ("time", "timerange", "datetimerange") and value.get("value") != "not resolved":
        when = _parse_when(value.get("start", "")) if kind == "datetimerange" else None
        return _days(when.date() if when else anchor)
    if kind == "daterange":
        season = re.fullmatch(r"(\d{4})-(SU|WI|SP|FA)", timex)
        if season:
            name = {"SU": "summer", "WI": "winter", "SP": "spring", "FA": "fall"}[season.group(2)]
            return _season(name, int(season.group(1)))
        start, end = _parse_when(value.get("start", "")), _parse_when(value.get("end", ""))
        if value.get("Mod") == "since" and start:
            return start, _day(anchor + timedelta(days=1)), "range"
        if start and end:
            return start, end, "range"
    if kind == "duration" and value.get("value", "").isdigit():
        seconds = int(value["value"])
        return _day(anchor) - timedelta(seconds=seconds), _day(anchor + timedelta(days=1)), "duration"
    return None


def _pick(values: list[dict], anchor: date, tense: str) -> tuple[datetime, datetime, str] | None:
    """Of recognizers' alternative readings (past and future), the one the sentence's tense points to; in present
    talk the nearest of those that have not long passed (:data:`JUST_PASSED`), as for the rules' dates without a
    year: "I'm spending Christmas in Berlin", said in June, is the Christmas ahead, not the nearer one gone."""
    intervals = [iv for iv in (_interval(v, anchor) for v in values) if iv is not None]
    if not intervals:
        return None
    if len(intervals) == 1:
        return intervals[0]
    intervals.sort(key=lambda iv: iv[0])
    if tense == "past":
        past = [iv for iv in intervals if iv[0].date() <= anchor]
        return past[-1] if past else intervals[0]
    if tense == "future":
        future = [iv for iv in intervals if iv[1].date() > anchor]
        return future[0] if future else intervals[-1]
    recent_or_coming = [iv for iv in intervals if not _long_past(iv[1].date(), anchor)] or intervals
    return min(recent_or_coming, key=lambda iv: abs((iv[0].date() - anchor).days))
