"""Temporal grounding: expressions resolved against the turn's own session time, never the wall clock."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

import pytest

from memory_pipeline.extraction.observances import observance_days
from memory_pipeline.extraction.temporal import resolve_by_rule

SESSION = datetime(2023, 5, 8, 13, 56)  # "1:56 pm on 8 May, 2023", a Monday


def _days(mention):
    return mention.start.date(), mention.end.date()


def ground_one(parser, resolver, text, session=SESSION):
    mentions = resolver.ground(parser.parse(text), session)
    assert len(mentions) == 1, mentions
    return mentions[0]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expression, first, end",
    [
        ("I went to a support group yesterday.", "yesterday", date(2023, 5, 7), date(2023, 5, 8)),
        ("I painted that sunrise last year.", "last year", date(2022, 1, 1), date(2023, 1, 1)),
        ("We are going camping next month.", "next month", date(2023, 6, 1), date(2023, 7, 1)),
        ("I ran a charity race last Sunday.", "last Sunday", date(2023, 5, 7), date(2023, 5, 8)),
        ("We went camping two weekends ago.", "two weekends ago", date(2023, 4, 29), date(2023, 5, 1)),
        ("I have been painting since 2016.", "since 2016", date(2016, 1, 1), date(2023, 5, 9)),
        ("We went to the beach last summer.", "last summer", date(2022, 6, 1), date(2022, 9, 1)),
        ("I got my tattoo a few years ago.", "a few years ago", date(2019, 1, 1), date(2022, 1, 1)),
        ("My exam is tomorrow.", "tomorrow", date(2023, 5, 9), date(2023, 5, 10)),
    ],
)
def test_relative_expressions_resolve_against_the_session(parser, resolver, text, expression, first, end):
    mention = ground_one(parser, resolver, text)
    assert mention.text.lower() == expression.lower()
    assert _days(mention) == (first, end)


@pytest.mark.slow
def test_next_weekday_is_the_one_in_the_following_week(parser, resolver):
    # Said on Monday 8 May: "next Friday" is Friday of next week (recognizers-text's reading, kept on purpose).
    mention = ground_one(parser, resolver, "My sister arrives next Friday.")
    assert _days(mention) == (date(2023, 5, 19), date(2023, 5, 20))


@pytest.mark.slow
def test_the_same_words_resolve_differently_in_another_session(parser, resolver):
    mention = ground_one(parser, resolver, "I went to a support group yesterday.", datetime(2023, 7, 1, 9, 0))
    assert _days(mention) == (date(2023, 6, 30), date(2023, 7, 1))


def test_anchored_to_an_explicit_date():
    start, end, _ = resolve_by_rule("the week before 9 june 2023", date(2023, 6, 20), "past")
    assert (start.date(), end.date()) == (date(2023, 6, 2), date(2023, 6, 9))
    start, end, _ = resolve_by_rule("the sunday before 25 may 2023", date(2023, 6, 20), "past")
    assert start.date() == date(2023, 5, 21)


@pytest.mark.slow
def test_month_without_year_follows_the_tense(parser, resolver):
    past = ground_one(parser, resolver, "I visited Paris in June.", datetime(2023, 5, 8))
    future = ground_one(parser, resolver, "I will visit Paris in June.", datetime(2023, 5, 8))
    assert past.start.date() == date(2022, 6, 1)
    assert future.start.date() == date(2023, 6, 1)


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expected",
    [
        # a count of units that measures how far an adjective or adverb goes is a degree, not a time
        ("Ugh, that's over two weeks late.", []),
        ("The part arrived two weeks late.", []),
        ("The parcel came three days early.", []),
        ("The rent is a month overdue.", []),
        # how much older, how far along, how old: no time either
        ("She's two years older than me.", []),
        ("Anjali can't fly because she's 35 weeks pregnant.", []),
        ("Meera was there, she's almost 4 months now.", []),
        ("Leila had her 20 week scan, everything looks healthy.", []),
        ("My cousin is 28 weeks pregnant and her 12 week scan was fine.", []),
        # a stretch that ended: over before the session, not the years up to it
        ("He was an engineer for forty years.", []),
        ("We were married for twenty-five years.", []),
        # any other word after the length leaves it a time
        ("I saw her two weeks ago.", [date(2023, 5, 22)]),
        ("Two weeks back I went to Rome.", [date(2023, 5, 22)]),  # "back" as "ago": that week, not the two up to now
        ("Two weeks later we moved.", [date(2023, 6, 19)]),
        # a length up to now stays the stretch it names
        ("Seven years now, and I've finally found my real muses.", [date(2016, 6, 8)]),
        ("5 years already! Time flies.", [date(2018, 6, 8)]),
        ("We've been married for 25 years.", [date(1998, 6, 8)]),
        ("I'm 3 weeks sober today.", [date(2023, 5, 18), date(2023, 6, 8)]),
        ("It's been 4 months since the accident.", [date(2023, 2, 8)]),
        ("I'm 2 years cancer free!", [date(2021, 6, 8)]),
        ("I'm 2 weeks out from surgery.", [date(2023, 5, 25)]),
    ],
)
def test_a_length_that_measures_a_degree_is_no_time(parser, resolver, text, expected):
    said = datetime(2023, 6, 8, 12)
    assert [m.start.date() for m in resolver.ground(parser.parse(text), said)] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expression, first, end",
    [
        # a length from a day after "for" is a stay from that day for that long: it had been a length and the day
        # alone, so the stay was dated its first day
        (date(2025, 2, 19), "I'm off for two weeks from Monday.", "two weeks from Monday", date(2025, 2, 24), date(2025, 3, 10)),
        (date(2025, 5, 24), "I'm away for a fortnight from 21 June.", "a fortnight from 21 June", date(2025, 6, 21), date(2025, 7, 5)),
        (date(2025, 5, 24), "we're away for 10 days from the 3rd", "10 days from the 3rd", date(2025, 6, 3), date(2025, 6, 13)),
        (date(2025, 3, 10), "I'm away for a fortnight from the 20th.", "a fortnight from the 20th", date(2025, 3, 20), date(2025, 4, 3)),
        (date(2025, 5, 24), "I was away for a fortnight from 21 April.", "a fortnight from 21 April", date(2025, 4, 21), date(2025, 5, 5)),
        # without "for" it is still the day that far on
        (date(2025, 5, 24), "two weeks from Saturday", "two weeks from Saturday", date(2025, 6, 14), date(2025, 6, 15)),
    ],
)
def test_a_stay_from_a_day_runs_from_that_day(parser, resolver, said, text, expression, first, end):
    mention = ground_one(parser, resolver, text, datetime(said.year, said.month, said.day, 12))
    assert (mention.text, *_days(mention)) == (expression, first, end)


@pytest.mark.slow
@pytest.mark.parametrize(
    "text", ["I go to yoga Monday mornings.", "Saturday mornings are for football.", "Evenings are hard for me."]
)
def test_parts_of_the_day_in_the_plural_are_a_habit_not_a_date(parser, resolver, text):
    assert resolver.ground(parser.parse(text), datetime(2025, 2, 19, 12)) == []


@pytest.mark.slow
def test_ages_and_habits_are_not_anchors(parser, resolver):
    assert resolver.ground(parser.parse("I am 18 years old and I run every day."), SESSION) == []
    assert resolver.ground(parser.parse("Pepper is a kitten, she's only 4 months old."), SESSION) == []
    # a fraction or a rate is no date
    assert resolver.ground(parser.parse("I work 24/7 and add 1/2 cup of sugar."), SESSION) == []
    # a frequency says how often, not when; a greeting names no event
    assert resolver.ground(parser.parse("Down to once a week now, twice a month soon."), SESSION) == []
    assert resolver.ground(parser.parse("Book club is still every second Tuesday."), SESSION) == []
    assert resolver.ground(parser.parse("Happy new year! How were the holidays?"), SESSION) == []
    # a length of time is no date: "for a week", "for about an hour"
    assert [m.text for m in resolver.ground(parser.parse("I'm off work for a week in June."), SESSION)] == ["June"]
    assert resolver.ground(parser.parse("I was annoyed for about an hour."), SESSION) == []
    # the hour of a habit is no day; the same hour of a one-off is
    assert resolver.ground(parser.parse("I go to the gym every morning before work, around 6:30."), SESSION) == []
    assert [m.text for m in resolver.ground(parser.parse("The call is at 6:30 tomorrow."), SESSION)] != []


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expected",
    [
        # a part of the day opening the turn as a greeting is no time of what follows (it had been appended to the
        # memory as "(morning)" and dated the session day)
        ("Morning! Got the keys to the new flat.", []),
        ("morning. can you keep answers short from now on?", []),
        ("Good afternoon, the plumber finally came.", []),
        ("Hi, good evening all. We're back from Crete.", []),
        ("Evening Priya! The interview went well.", []),
        ("morning :) the bike is fixed", []),
        # the same word as a noun or a time stays one
        ("Morning was rough, the baby was up all night.", ["Morning"]),
        ("We landed this morning.", ["this morning"]),
        ("Morning, afternoon, whatever suits you. Let's say Friday.", ["Friday"]),
    ],
)
def test_a_greeting_is_no_time(parser, resolver, text, expected):
    assert [m.text for m in resolver.ground(parser.parse(text), SESSION)] == expected


@pytest.mark.slow
def test_a_weekday_abbreviation_that_is_another_word_is_no_date(parser, resolver):
    assert resolver.ground(parser.parse("I sat with her on the couch and we wed in June."), SESSION)[0].text == "June"


def _event_of(parser, resolver, said: date, text: str):
    """The event time the extractor gives Priya's ``text`` said at noon on ``said``, and the mentions it found."""
    from memory_pipeline.config import ExtractorConfig
    from memory_pipeline.extraction.turn import extract_turn

    session = datetime(said.year, said.month, said.day, 12, 0)
    result = extract_turn(parser.parse(text), "Priya", session, ExtractorConfig(), resolver, addressee="Tom")
    return result.event, result.mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first",
    [
        # the narrower date said after a wider one is read inside it: a past tense alone would have put June
        # 14th last year, a Saturday the 15th this month's Wednesday
        (date(2025, 5, 3), "We've rescheduled Mum's party for next month, June 14th.", date(2025, 6, 14)),
        (date(2025, 1, 10), "We're throwing her a party next month, on Saturday the 15th.", date(2025, 2, 15)),
    ],
)
def test_a_date_that_narrows_a_wider_one_dates_the_memory(parser, resolver, said, text, first):
    event, mentions = _event_of(parser, resolver, said, text)
    assert event is not None and _days(event) == (first, first + timedelta(days=1)), mentions


@pytest.mark.parametrize(
    "said, text, first",
    [
        # "a (long) weekend" does not say which: beside a date of its sentence it is a length, the coming weekend
        # had dated the trip
        (date(2025, 7, 1), "im planning a weekend in edinburgh in august for the fringe", date(2025, 8, 1)),
        (date(2025, 7, 15), "Yes, I'll go to Bali for a long weekend instead, from August 15 to 18.", date(2025, 8, 15)),
        (date(2025, 11, 20), "I'm heading to Paris for a long weekend in January too.", date(2026, 1, 1)),
        # alone it is the one just lived
        (date(2025, 7, 1), "We had a lovely weekend in Cornwall.", date(2025, 6, 28)),
    ],
)
def test_an_indefinite_period_beside_a_date_is_only_how_long(parser, resolver, said, text, first):
    event, mentions = _event_of(parser, resolver, said, text)
    assert event is not None and event.start.date() == first, mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expression, first",
    [
        # a bare day after a month named earlier in the turn is a day of that month (a later one than a day said)
        (date(2025, 1, 12), "We fly out on the 14th of February and come back on the 18th.", "the 18th", date(2025, 2, 18)),
        (date(2025, 1, 12), "Seven in March actually, her birthday is on the 14th", "the 14th", date(2025, 3, 14)),
        (date(2025, 1, 12), "We're going to Lisbon in May. We fly out on the 20th.", "the 20th", date(2025, 5, 20)),
        # an earlier day than the one said is not read into its month
        (date(2025, 1, 12), "We fly out on the 14th of February and pay by the 10th.", "the 10th", date(2025, 2, 10)),
        # ... unless alone it would be the very day it is said: an earlier day of the month ahead; in past talk the
        # day said it is
        (date(2025, 8, 12), "orientation is 15th september, we're moving her in on the 12th", "the 12th", date(2025, 9, 12)),
        (date(2025, 8, 12), "the wedding is 4th october, the hen do was on the 12th", "the 12th", date(2025, 8, 12)),
        # ... and only an earlier day, leading up to it: a later one is no day after the one said (as before)
        (date(2025, 6, 9), "the christening is 3rd august, the party for it is on the 9th", "the 9th", date(2025, 6, 9)),
        (date(2025, 6, 9), "the course begins 2nd july, the kit list comes on the 9th", "the 9th", date(2025, 6, 9)),
        # past talk of an arrangement for a coming day: the 10th of this month is the Thursday; the last
        # Thursday the 10th, six months back, had been taken
        (date(2025, 4, 4), "Yes, on Thursday the 10th, I took the afternoon off for it.", "on Thursday the 10th",
         date(2025, 4, 10)),
        # a past one nearby that fits the weekday still comes first in past talk
        (date(2025, 4, 4), "We met on Monday the 10th.", "on Monday the 10th", date(2025, 3, 10)),
        # no month nearby fits: the last one that does, as before
        (date(2025, 4, 4), "We met on Friday the 10th.", "on Friday the 10th", date(2025, 1, 10)),
        # "the <weekday> <day>" is that day of the month that falls on the weekday, not the coming weekday: the
        # 25th that is a Wednesday is in June (said on Friday 11 April 2025), the 14th that is a Saturday in June
        (date(2025, 4, 11), "the bus leaves on the wednesday 25th at 9", "the wednesday 25th", date(2025, 6, 25)),
        (date(2025, 4, 11), "we're having the party the saturday 14th", "the saturday 14th", date(2025, 6, 14)),
        # guards: "the wednesday" alone is still a Wednesday; "wednesday the 16th" as before
        (date(2025, 4, 11), "see you on the wednesday", "wednesday", date(2025, 4, 16)),
        (date(2025, 4, 11), "see you wednesday the 16th", "wednesday the 16th", date(2025, 4, 16)),
        # a bare day of an occasion a holiday names is the last day of that number up to the holiday; read alone
        # it had been the coming one, a month or two early
        (date(2025, 10, 14), "we're doing the raffle at the christmas fair on the 13th", "the 13th", date(2025, 12, 13)),
        (date(2025, 9, 2), "the halloween party at school is on the 25th", "the 25th", date(2025, 10, 25)),
        (date(2025, 12, 2), "the new year's eve party is on the 31st", "the 31st", date(2025, 12, 31)),
        # a holiday that names no occasion leaves the day as it was
        (date(2025, 10, 14), "christmas is at my sister's, and my birthday is on the 20th", "the 20th", date(2025, 10, 20)),
        # a New Year's occasion may fall after the holiday; none that is not past falls behind the session
        (date(2025, 12, 29), "the new year drinks are on the 4th", "the 4th", date(2026, 1, 4)),
        (date(2025, 10, 14), "the new year party is on the 2nd", "the 2nd", date(2026, 1, 2)),
        (date(2025, 12, 28), "the christmas party for the office is on the 3rd", "the 3rd", date(2026, 1, 3)),
        (date(2025, 12, 28), "the christmas party for the office was on the 3rd", "the 3rd", date(2025, 12, 3)),
        # the day something was done for the occasion is its own, not the occasion's
        (date(2025, 10, 14), "we reserved the christmas lunch on the 6th", "the 6th", date(2025, 10, 6)),
        (date(2025, 10, 14), "we paid for the christmas meal on the 2nd", "the 2nd", date(2025, 10, 2)),
        (date(2025, 10, 14), "we're going to the christmas market on the 6th", "the 6th", date(2025, 12, 6)),
        # a holiday whose day differs between countries keeps the plain reading (Mothering Sunday is in March)
        (date(2025, 3, 18), "the mother's day meal is on the 30th", "the 30th", date(2025, 3, 30)),
    ],
)
def test_a_day_of_the_month_is_read_against_the_turn_and_the_session(parser, resolver, said, text, expression, first):
    mentions = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12, 0))
    mention = next(m for m in mentions if m.text == expression)
    assert mention.start.date() == first, mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first",
    [
        # the date a thing was moved to dates it, not the one it was moved from; two dates of two deeds, the first
        (date(2025, 4, 30), "My dentist appointment on April 8 was moved to May 6th.", date(2025, 5, 6)),
        (date(2025, 4, 30), "They postponed the party on the 2nd until the 9th.", date(2025, 5, 9)),
        (date(2025, 4, 30), "I flew to Rome on April 8 and went on to Paris on April 12.", date(2025, 4, 8)),
        # "from X to Y" on a verb of moving: the date moved to, in the year ahead, not a range from the old date
        (date(2025, 3, 29), "The professor moved the statistics exam from April 22 to April 24.", date(2025, 4, 24)),
        (date(2025, 4, 30), "They pushed my appointment back from the 8th to the 15th.", date(2025, 5, 15)),
        # a bare "the Nth" after the "to" of a verb of moving, which the tagger leaves untagged after a pronoun
        # object: the day moved to, not no date at all
        (date(2025, 3, 4), "She moved it to the 11th because of another job.", date(2025, 3, 11)),
        (date(2025, 3, 4), "Greta had to move it to the 11th.", date(2025, 3, 11)),
        (date(2025, 4, 30), "They postponed it to the 9th.", date(2025, 5, 9)),
        # a day swapped to is one moved to, ahead however past the swapping
        (date(2025, 4, 30), "I swapped my shift to the 12th so I can make the christening.", date(2025, 5, 12)),
    ],
)
def test_the_date_a_thing_was_moved_to_dates_the_memory(parser, resolver, said, text, first):
    event, mentions = _event_of(parser, resolver, said, text)
    assert event is not None and event.start.date() == first, mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first",
    [
        # a day set against the one it replaces dates the memory; the one denied never does
        (date(2025, 4, 30), "The recital is actually the 23rd not the 16th.", date(2025, 5, 23)),
        (date(2025, 4, 30), "Her party is the 9th, not the 2nd.", date(2025, 5, 9)),
        # the only date is the one taken back: nothing dates the memory
        (date(2025, 4, 30), "It's the later one I mean, not the 8th.", None),
        (date(2025, 4, 30), "The wedding is next summer, sorry, not this year.", date(2026, 6, 1)),
        # the date an arrangement was meant or supposed to have gives way to the one a "but" or "now" says holds:
        # the old one had stayed the memory's date
        (date(2025, 4, 30), "the fitting was supposed to be next monday but now it's the 14th", date(2025, 5, 14)),
        (date(2025, 4, 30), "it was meant to be on friday, they've got a backlog so now it's saturday", date(2025, 5, 3)),
        (date(2025, 4, 30), "the kitchen was due to be done by june but the builder says august now", date(2025, 8, 1)),
        # guards: no other date, or none after a "but" or "now", leaves the one meant
        (date(2025, 4, 30), "we were meant to go on saturday but it rained", date(2025, 4, 26)),
        (date(2025, 4, 30), "it's supposed to be on friday and I'm off on the 9th", date(2025, 5, 2)),
        # a later date said of the same arrangement: moved to it, or "now" in its clause
        (date(2025, 4, 30), "the viewing was supposed to be on the 6th but it's been moved to the 13th", date(2025, 5, 13)),
        (date(2025, 4, 30), "we were going to drive up on friday but now we're going on the 9th", date(2025, 5, 9)),
        # the verb of moving with its object before the date, and a day said not to be kept ("wasn't on", "didn't
        # come on") before the one that holds now
        (date(2025, 4, 30), "the scan was meant to be next week but the hospital moved it to the 20th", date(2025, 5, 20)),
        (date(2025, 4, 30), "the plasterer didn't come on monday, now it's thursday", date(2025, 5, 1)),
        (date(2025, 4, 30), "the quiz wasn't on the 3rd in the end, it was on the 10th", date(2025, 4, 10)),
        (date(2025, 4, 30), "the roofer didnt start on the 28th, now saying the 6th", date(2025, 5, 6)),
        # guards: a day not kept with no later day of the same arrangement, or one of another's, stands
        (date(2025, 4, 30), "I didn't go on monday but my brother goes on friday", date(2025, 4, 28)),
        (date(2025, 4, 30), "the bins weren't collected on tuesday", date(2025, 4, 29)),
        # guards: "is going to" and "is due to" tell a plain future, and a later date with a new subject and verb of
        # its own is another event's, a deadline or a stay: the first date stands
        (date(2025, 4, 30), "we're going to Paris on saturday but flying home on tuesday", date(2025, 5, 3)),
        (date(2025, 4, 30), "the puppy is due to come home on the 10th but my sister visits on the 8th", date(2025, 5, 10)),
        (date(2025, 4, 30), "he's going to turn 50 on the 12th but the party is on the 17th", date(2025, 5, 12)),
        (date(2025, 4, 30), "the kids are meant to go back on the 6th but we're in spain till the 9th", date(2025, 5, 6)),
        (date(2025, 4, 30), "it's supposed to snow on friday but saturday looks clear", date(2025, 5, 2)),
        (date(2025, 4, 30), "the gig is meant to be on friday but the band might pull out, we'll know by thursday",
         date(2025, 5, 2)),
        (date(2025, 4, 30), "the match was meant to be in june, still is I think, but tickets go on sale in may",
         date(2025, 6, 1)),
        # a time ruled out with "not" before its preposition gives way to the one said after it; with the deed
        # between the "not" and the date, only where the later date is said "instead"
        (date(2025, 4, 30), "they made me manager, not after summer like they said, from today", date(2025, 4, 30)),
        (date(2025, 4, 30), "I start the new role not in july, from monday", date(2025, 5, 5)),
        (date(2025, 4, 30), "the move is not in june, it's in august", date(2025, 8, 1)),
        (date(2025, 4, 30), "I won't do the exam. not sitting it in june, I'll sit it in november instead",
         date(2025, 11, 1)),
        # guards: "not until" and "not before" say when it will be, a "not" with no "instead" leaves the first date,
        # and one alone stands
        (date(2025, 4, 30), "the shop won't open, not until june, maybe july", date(2025, 6, 1)),
        (date(2025, 4, 30), "I'm not working on friday, so I'm free on saturday", date(2025, 5, 2)),
        (date(2025, 4, 30), "we're not going away in june, we're skint", date(2025, 6, 1)),
        # guards: a place in a race, a count, a floor are no days
        (date(2025, 4, 30), "I have 5 not 6 cats at the moment.", None),
        (date(2025, 4, 30), "He finished 3rd rather than 2nd place.", None),
        (date(2025, 4, 30), "Our flat is 4th not 5th floor.", None),
    ],
)
def test_the_day_said_against_a_denied_one_dates_the_memory(parser, resolver, said, text, first):
    event, mentions = _event_of(parser, resolver, said, text)
    assert (event.start.date() if event is not None else None) == first, mentions


@pytest.mark.slow
def test_a_date_moved_from_one_day_to_another_is_two_dates_not_a_range(parser, resolver):
    from memory_pipeline.extraction.temporal import replaced_dates

    said = datetime(2025, 3, 29, 12, 0)
    doc = parser.parse("The professor moved the statistics exam from April 22 to April 24.")
    mentions = resolver.ground(doc, said)
    assert [(m.text, m.start.date(), m.end.date()) for m in mentions] == [
        ("April 22", date(2025, 4, 22), date(2025, 4, 23)),
        ("April 24", date(2025, 4, 24), date(2025, 4, 25)),
    ]
    assert [m.text for m in replaced_dates(doc, mentions)] == ["April 22"]
    # a stay from one day to another, with no verb of moving, is still one range of days
    stay = ground_one(parser, resolver, "We're away from April 22 to April 24.", said)
    assert _days(stay) == (date(2025, 4, 22), date(2025, 4, 25))
    # nor is the stay after a move of home, whose destination was said before it
    home = ground_one(parser, resolver, "We moved to Leeds from 2019 to 2021.", said)
    assert _days(home) == (date(2019, 1, 1), date(2022, 1, 1))
    # a thing moved somewhere and to another day is still a date moved
    mentions = resolver.ground(parser.parse("They moved my appointment to the other clinic from 3 June to 10 June."), said)
    assert [m.text for m in mentions] == ["3 June", "10 June"]


@pytest.mark.slow
def test_without_a_session_time_nothing_is_resolved(parser, resolver):
    mention = ground_one(parser, resolver, "I went there yesterday.", None)
    assert not mention.resolved


@pytest.mark.slow
def test_recognizer_is_built_once_and_reused(parser, resolver):
    resolver.resolve("christmas", SESSION, "past")
    model = resolver._model
    resolver.resolve("new year's eve", SESSION, "future")
    assert model is not None and resolver._model is model


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, first, end",
    [
        ("My car broke down last Fri.", date(2023, 7, 7), date(2023, 7, 8)),
        ("I met him on Valentine's Day.", date(2023, 2, 14), date(2023, 2, 15)),
        ("I went there in mid-June.", date(2023, 6, 11), date(2023, 6, 21)),
        ("I've been vegan since March.", date(2023, 3, 1), date(2023, 7, 13)),
        ("I was there in the 90s.", date(1990, 1, 1), date(2000, 1, 1)),
        ("I finished my degree last semester.", date(2023, 1, 1), date(2023, 7, 1)),
        # numeric dates after a preposition, month first unless only day first is a date
        ("The party is on 7/22.", date(2023, 7, 22), date(2023, 7, 23)),
        ("I moved here on 12/1/2022.", date(2022, 12, 1), date(2022, 12, 2)),
        ("The report is due by 22/7.", date(2023, 7, 22), date(2023, 7, 23)),
        # a fortnight is two weeks; "from now" is ahead; the week after next is the one after the coming one
        ("We met a fortnight ago.", date(2023, 6, 26), date(2023, 7, 3)),
        ("My exam is two weeks from now.", date(2023, 7, 24), date(2023, 7, 31)),
        ("We're going away the week after next.", date(2023, 7, 24), date(2023, 7, 31)),
        ("We're going away the weekend after next.", date(2023, 7, 29), date(2023, 7, 31)),
        ("I start the Monday after next.", date(2023, 7, 24), date(2023, 7, 25)),
        # the British "tomorrow week" is a week after tomorrow (it had been tomorrow), "a fortnight on Saturday" and
        # "Saturday fortnight" two weeks after the coming Saturday (they had been the Saturday)
        ("Susan is coming tomorrow week.", date(2023, 7, 20), date(2023, 7, 21)),
        ("Susan is coming a fortnight on Saturday.", date(2023, 7, 29), date(2023, 7, 30)),
        ("Susan arrives Saturday fortnight.", date(2023, 7, 29), date(2023, 7, 30)),
        ("The op is a fortnight today.", date(2023, 7, 26), date(2023, 7, 27)),
        # a weekday with a day of the month: the 22nd that is a Saturday (the one ahead, not this Saturday)
        ("The party is on Saturday the 22nd.", date(2023, 7, 22), date(2023, 7, 23)),
        ("The party is on Saturday the 19th.", date(2023, 8, 19), date(2023, 8, 20)),
        # chat's spellings of time words
        ("shift starts at 7 tmrw", date(2023, 7, 13), date(2023, 7, 14)),
        ("gonna order it this wknd", date(2023, 7, 15), date(2023, 7, 17)),
        ("flying out nxt wk", date(2023, 7, 17), date(2023, 7, 24)),
        ("we met 2 wks ago", date(2023, 6, 26), date(2023, 7, 3)),
        ("dentist appt thurs at 3", date(2023, 7, 13), date(2023, 7, 14)),
        ("landed sat night, still jetlagged", date(2023, 7, 8), date(2023, 7, 9)),
        # a part of a weekday is read as the weekday: the coming one in talk that is not past
        ("im going out sat night", date(2023, 7, 15), date(2023, 7, 16)),
        ("we could meet monday night", date(2023, 7, 17), date(2023, 7, 18)),
        ("fri works for me", date(2023, 7, 14), date(2023, 7, 15)),
        ("see u mon", date(2023, 7, 17), date(2023, 7, 18)),
        # a day with its suffix before a short month, whatever word follows
        ("skipping the parkrun on the 22nd jul honestly", date(2023, 7, 22), date(2023, 7, 23)),
        ("3rd aug suits everyone", date(2023, 8, 3), date(2023, 8, 4)),
        # Easter moves: computed for the year the tense points to
        ("We went skiing over Easter.", date(2023, 4, 9), date(2023, 4, 10)),
        ("We're hosting Easter at our place.", date(2024, 3, 31), date(2024, 4, 1)),
        ("I'll see my parents over the Easter weekend.", date(2024, 3, 29), date(2024, 4, 2)),
        # New Year is 1 January (with or without "'s"; recognizers-text had read "New Year" as the last year), its
        # eve the 31st of December, each the one the tense points to
        # ... and "since" one runs up to the day it is said, as "since March" does
        ("Since New Year I've been vegetarian.", date(2023, 1, 1), date(2023, 7, 13)),
        ("I've been vegetarian since New Year's.", date(2023, 1, 1), date(2023, 7, 13)),
        ("I haven't had a drink since Christmas.", date(2022, 12, 25), date(2023, 7, 13)),
        ("My dad has been in hospital since the 10th.", date(2023, 7, 10), date(2023, 7, 13)),
        # "since" as "because": the day is a subject, no start
        ("I'm flying out early, since the 10th is when the movers come.", date(2023, 7, 10), date(2023, 7, 11)),
        # "the other day" is some day of the last week, not a day the talk calls good or long
        ("My wife got promoted to head nurse the other day.", date(2023, 7, 5), date(2023, 7, 11)),
        ("The other day I ran into Tom at the market.", date(2023, 7, 5), date(2023, 7, 11)),
        ("My brother is flying in from Cairo later today.", date(2023, 7, 12), date(2023, 7, 13)),
        # a place the tagger took into the date is no part of it (the whole had been read as this month)
        ("We're driving up to my parents' in Manchester the weekend after next.", date(2023, 7, 29), date(2023, 7, 31)),
        ("We'll spend New Year's Eve in Lisbon.", date(2023, 12, 31), date(2024, 1, 1)),
        ("Last New Year we were in Rome.", date(2023, 1, 1), date(2023, 1, 2)),
    ],
)
def test_abbreviations_holidays_and_vaguer_forms(parser, resolver, text, first, end):
    mention = ground_one(parser, resolver, text, datetime(2023, 7, 12, 15, 0))  # a Wednesday
    assert _days(mention) == (first, end)


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first",
    [
        # a day of the month in present talk is the coming one, unless one passed within the last week
        (date(2023, 8, 2), "My sister's wedding is on the 14th.", date(2023, 8, 14)),
        (date(2025, 3, 4), "my partner Sam turns 40 on the 22nd", date(2025, 3, 22)),
        (date(2025, 3, 4), "pics from the party on the 1st!", date(2025, 3, 1)),
        (date(2023, 8, 20), "My sister's wedding was on the 14th.", date(2023, 8, 14)),
        (date(2023, 8, 20), "I'll call you on the 14th.", date(2023, 9, 14)),
        # a date that a past-tense verb set is not therefore in the past
        (date(2024, 1, 17), "I booked a flight to Rome for April 20.", date(2024, 4, 20)),
        (date(2024, 2, 28), "The dentist moved my appointment to March 12.", date(2024, 3, 12)),
        # a prefixed scheduling verb the lemmatiser does not know ("rebooked" as "rebooke") is still one
        (date(2025, 2, 1), "We rebooked the flight for the 7th of March.", date(2025, 3, 7)),
        (date(2025, 2, 1), "We prebooked a table for the 7th of March.", date(2025, 3, 7)),
        (date(2024, 1, 17), "I visited Rome in April.", date(2023, 4, 1)),
        # "in two weeks" is that far ahead, unless it says how long something took
        (date(2024, 1, 17), "In two weeks I'm starting physical therapy.", date(2024, 1, 29)),
        (date(2024, 1, 17), "I'll see you in a few days.", date(2024, 1, 19)),
        (date(2024, 1, 17), "I finished the whole course in two weeks.", date(2024, 1, 3)),
        # a hedge between "in" and the count keeps it a time ahead, as "in two weeks" is (the week two ahead)
        (date(2024, 1, 17), "I'll see you in about two weeks.", date(2024, 1, 29)),
        (date(2024, 1, 17), "The results should come in around three weeks.", date(2024, 2, 5)),
        (date(2024, 1, 17), "We're moving in roughly two months.", date(2024, 3, 1)),
        # the tense is the clause's that holds the date, not the sentence's
        (date(2024, 7, 1), "I booked Japan, flying to Tokyo on October 3rd!", date(2024, 10, 3)),
        (date(2024, 5, 27), "the dentist found two cavities, I have to go back in June", date(2024, 6, 1)),
        (date(2024, 3, 1), "my boss said you're getting promoted in June", date(2024, 6, 1)),
        # what one decided, planned or agreed to do is ahead of the deciding, not in its past
        (date(2025, 3, 9), "I decided to move to Berlin in June.", date(2025, 6, 1)),
        (date(2025, 3, 9), "We agreed to meet on the 20th.", date(2025, 3, 20)),
        (date(2025, 3, 9), "I tried to call her on the 2nd.", date(2025, 3, 2)),
        (date(2024, 1, 5), "I haven't smoked in 3 years, so at least that's going well", date(2021, 1, 5)),
        # present talk: the coming date, unless it only just passed
        (date(2023, 11, 18), "she starts in March", date(2024, 3, 1)),
        (date(2023, 12, 28), "I'm training for the Brighton half on April 7", date(2024, 4, 7)),
        (date(2023, 12, 28), "I'm running a marathon in the spring", date(2024, 3, 1)),
        (date(2024, 2, 10), "My birthday is in December", date(2024, 12, 1)),
        (date(2024, 8, 10), "Pics from my trip in July!", date(2024, 7, 1)),
        (date(2023, 5, 8), "I went there in May", date(2023, 5, 1)),
        # the expression's own words are no verb: "in may" is the month, in future talk the coming one
        (date(2024, 6, 10), "I'll be there in may", date(2025, 5, 1)),
        # a bare participle that completes another verb tells no tense
        (date(2024, 6, 10), "I need it done before the 20th", date(2024, 6, 20)),
        # lower-case chat the tagger misses, after a preposition
        (date(2024, 6, 10), "we leave on the 25th", date(2024, 6, 25)),
        # a day of the month by itself, heading its own noun phrase: a subject, or the time of its clause
        (date(2025, 5, 26), "Yeah, the 9th is better for us.", date(2025, 6, 9)),
        (date(2025, 5, 26), "I'm free the 9th.", date(2025, 6, 9)),
        (date(2024, 6, 10), "probably end of august", date(2024, 8, 21)),
        # said on a Friday, the weekend is the coming one
        (date(2024, 3, 8), "yes pls, over the weekend", date(2024, 3, 9)),
        (date(2023, 3, 31), "I started a weekend yoga class", date(2023, 3, 25)),  # past talk on a Friday: the last one
        # before/by/until in talk that is not past: a deadline, still ahead whatever the day
        (date(2023, 5, 8), "I need to finish the report before the weekend.", date(2023, 5, 13)),
        (date(2023, 5, 8), "I have to pay the rent by the 5th.", date(2023, 6, 5)),
        (date(2023, 5, 8), "We had a barbecue over the weekend.", date(2023, 5, 6)),
        (date(2023, 5, 8), "I was busy until the weekend.", date(2023, 5, 6)),
        # the weekend ahead is the coming one, on a Sunday the next
        (date(2023, 5, 8), "I'll clean the garage on the weekend.", date(2023, 5, 13)),
        (date(2023, 5, 14), "I'll clean the garage on the weekend.", date(2023, 5, 20)),
        # "at the weekend" (found though the tagger leaves it out): ahead in talk ahead or in the present, as "on
        # Saturday" is; behind in past talk ("the weekend" alone in the present is still the last)
        (date(2023, 5, 11), "i'll sort the car out at the weekend", date(2023, 5, 13)),
        (date(2023, 5, 11), "Are you about at the weekend?", date(2023, 5, 13)),
        (date(2023, 5, 11), "we're at the in-laws at the weekend", date(2023, 5, 13)),
        (date(2023, 5, 11), "we had friends over at the weekend", date(2023, 5, 6)),
        (date(2023, 5, 11), "the weekend was a washout", date(2023, 5, 6)),
        # next/last <month> is the next or last one to come or gone, not a year further
        (date(2024, 1, 15), "We're thinking next September, probably in Porto.", date(2024, 9, 1)),
        (date(2024, 10, 2), "We got married last September.", date(2024, 9, 1)),
        (date(2024, 5, 8), "My exam is next May.", date(2025, 5, 1)),
        # a week ahead is the current one while less than half of it has gone, else the next
        (date(2024, 6, 3), "Can you help me plan meals for the week?", date(2024, 6, 3)),
        (date(2024, 6, 7), "I'll be in Paris for the week.", date(2024, 6, 10)),
        # the date of an event signed up for is the event's, ahead, however past the signing is
        (date(2024, 10, 21), "I signed up for a half marathon on November 17 instead.", date(2024, 11, 17)),
        (date(2024, 10, 21), "I got tickets for the concert on Friday!", date(2024, 10, 25)),
        (date(2024, 10, 21), "I signed up on Monday for the race.", date(2024, 10, 14)),
        # what one was invited to is ahead of the invitation: its date is the event's, not the inviting's
        (date(2025, 2, 16), "They invited me to the final onsite round on the 25th.", date(2025, 2, 25)),
        (date(2025, 2, 19), "Sam invited us to her wedding on Saturday.", date(2025, 2, 22)),
        (date(2025, 2, 16), "We went to the final round on the 25th.", date(2025, 1, 25)),
        (date(2025, 2, 19), "Sam invited us on Monday to her wedding.", date(2025, 2, 17)),
        # a holiday one is invited for, or a day after "for", is the time of the visit, ahead of the inviting; a
        # holiday told of as gone by stays behind
        (date(2025, 5, 28), "my aunt invited us to dublin for christmas", date(2025, 12, 25)),
        (date(2025, 11, 30), "the Patels invited us over on new year's eve", date(2025, 12, 31)),
        (date(2025, 5, 28), "jo invited me round for the 9th", date(2025, 6, 9)),
        (date(2025, 5, 28), "we went to dublin for christmas", date(2024, 12, 25)),
        (date(2025, 5, 28), "jo invited me round on the 9th and we watched a film", date(2025, 5, 9)),
        # guards: the turn goes on to tell how the occasion went, in the past: it is behind, and so is its date
        (date(2025, 5, 28), "my aunt invited the whole family for easter but hardly anyone came", date(2025, 4, 20)),
        (date(2025, 5, 28), "jo invited me round for the 9th but I couldn't go in the end", date(2025, 5, 9)),
        (date(2025, 5, 28), "the neighbours invited us over for the 3rd and we had a lovely time", date(2025, 5, 3)),
        # an answer told after it is no telling of how it went: still ahead
        (date(2025, 5, 28), "jo invited me round for the 9th, I said yes straight away", date(2025, 6, 9)),
        # so is an event one was accepted to, and the month after it ("in May") as much as a day ("on the 25th");
        # a place one was accepted to names no event, and "went to a concert in May" is past talk of a past May
        (date(2024, 2, 5), "My paper got accepted to the workshop in Montreal in May!", date(2024, 5, 1)),
        (date(2024, 2, 5), "I got accepted to a conference in Tokyo in October.", date(2024, 10, 1)),
        (date(2024, 2, 5), "I got accepted to Stanford in May.", date(2023, 5, 1)),
        (date(2024, 2, 5), "I went to a concert in May.", date(2023, 5, 1)),
        (date(2024, 2, 5), "Sam invited us to her wedding in June.", date(2024, 6, 1)),
        (date(2024, 2, 5), "I signed up for a half marathon in April.", date(2024, 4, 1)),
        (date(2024, 2, 5), "I booked a dentist appointment in March.", date(2024, 3, 1)),
        (date(2024, 2, 5), "I signed up in March for the race.", date(2023, 3, 1)),
        # a season that names a place one got is that place's time, ahead; one that names anything else is the
        # clause's, behind in past talk
        (date(2024, 4, 24), "I got the summer internship at Cascadia Robotics in Seattle!", date(2024, 6, 1)),
        (date(2024, 4, 24), "I was offered a summer placement.", date(2024, 6, 1)),
        (date(2024, 4, 24), "I went to summer camp.", date(2023, 6, 1)),
        (date(2024, 10, 21), "I got a new job on Monday.", date(2024, 10, 14)),
        # "have got" is having (or having to), not a past getting; "have gotten" is
        (date(2025, 2, 3), "I've got a dentist appointment on Friday.", date(2025, 2, 7)),
        (date(2025, 2, 3), "I've got a dentist appointment on 14 February.", date(2025, 2, 14)),
        (date(2025, 2, 3), "She's got her first vet appointment on the 12th.", date(2025, 2, 12)),
        (date(2025, 2, 3), "I've got to go back in June.", date(2025, 6, 1)),
        (date(2025, 2, 3), "I've gotten a new job in January.", date(2025, 1, 1)),
        (date(2025, 2, 3), "I had got a new job in March.", date(2024, 3, 1)),
        # "this <weekday>" in talk that is not past is the coming one once this week's has gone
        (date(2025, 3, 9), "Mia's birthday is this Friday.", date(2025, 3, 14)),
        (date(2025, 3, 9), "I'm seeing her this Monday.", date(2025, 3, 10)),
        (date(2025, 3, 12), "I saw her this Monday.", date(2025, 3, 10)),
        (date(2025, 3, 12), "I'm seeing her this Friday.", date(2025, 3, 14)),
        # a day of the month that a verb in present talk governs is the coming one, even one just passed; only
        # verbless talk ("pics from the party on the 1st!") means one of the last week
        (date(2025, 2, 1), "I start on the 26th.", date(2025, 2, 26)),
        (date(2025, 2, 1), "Our flight is on the 26th.", date(2025, 2, 26)),
        (date(2025, 2, 1), "I fly out on the 28th.", date(2025, 2, 28)),
        # recognizers-text's readings in present talk: the coming one unless it only just passed, as a date of the
        # rules is
        (date(2025, 6, 22), "I'm spending Christmas in Berlin.", date(2025, 12, 25)),
        # a day of the month a thing is booked for
        (date(2025, 2, 1), "I booked a table for the 26th.", date(2025, 2, 26)),
        (date(2025, 2, 1), "the movers are booked for the 26th", date(2025, 2, 26)),
        (date(2025, 2, 20), "Tom's pencilled in the fitting for April 4th instead.", date(2025, 4, 4)),
        (date(2025, 2, 20), "They slotted me in for the 26th.", date(2025, 2, 26)),
        (date(2025, 1, 10), "Christmas in Berlin is lovely, we loved it.", date(2024, 12, 25)),
        (date(2025, 3, 4), "the party on the 1st!", date(2025, 3, 1)),
        # what "since" counts from has come, whatever the tense ("back since the 15th" is not next month's 15th)
        (date(2025, 4, 27), "Back at work since the 15th, mornings only.", date(2025, 4, 15)),
        (date(2025, 4, 27), "I'm on antibiotics since the 20th.", date(2025, 4, 20)),
        # the tagger calls "put" present, so Friday had been the coming one though the clause is joined to "went"
        (date(2025, 1, 20), "The viewing went well and we put in an offer on Friday.", date(2025, 1, 17)),
        (date(2025, 1, 20), "We put in an offer on Friday and the landlord accepted it.", date(2025, 1, 17)),
        # a verb with a present form of its own keeps its tense ("we move in on Friday" is ahead)
        (date(2025, 1, 20), "I loved it and we move in on Friday.", date(2025, 1, 24)),
        # a same-form verb that can only be past: one subject would "let"s or "quit"s, harm to one's body is
        # planned by no one, and a bare infinitive hung on it happened then
        (date(2024, 3, 20), "Trattoria Nonna let me go on Monday.", date(2024, 3, 18)),
        (date(2024, 3, 20), "She quit on Friday.", date(2024, 3, 15)),
        (date(2024, 3, 20), "I hurt my knee at netball on Saturday.", date(2024, 3, 16)),
        (date(2024, 3, 20), "Mum will let me borrow the car on Saturday.", date(2024, 3, 23)),
        (date(2024, 3, 20), "I decided to go on Monday.", date(2024, 3, 25)),
        # a "to" of purpose or result on a deed in the past happened with it ("put to sleep" had been a plan)
        (date(2024, 12, 2), "We had to put Luna to sleep on Friday.", date(2024, 11, 29)),
        (date(2024, 12, 2), "I went to Paris to see my sister on Friday.", date(2024, 11, 29)),
        # ...not one that may lie ahead: what was promised, saved up for, or booked, or said ahead
        (date(2024, 12, 2), "I promised to call her on Friday.", date(2024, 12, 6)),
        (date(2024, 12, 2), "I saved up to buy a bike on Friday.", date(2024, 12, 6)),
        (date(2024, 12, 2), "I'm going to Paris to see my sister on Friday.", date(2024, 12, 6)),
        # ...nor what was bought, taken or called for, nor the day of a thing the purpose is for
        (date(2024, 6, 12), "I bought tickets to see Taylor Swift in August.", date(2024, 8, 1)),
        (date(2024, 6, 12), "I went to the bank to get a loan for the wedding in August.", date(2024, 8, 1)),
        (date(2024, 6, 12), "I went to the shop to buy stuff for the party on Saturday.", date(2024, 6, 15)),
        (date(2024, 6, 12), "I took the day off to prepare for the interview on Friday.", date(2024, 6, 14)),
        (date(2024, 6, 12), "I called the garage to get the car in on Thursday.", date(2024, 6, 13)),
        # a month of the purpose may lie ahead whatever the parse hangs it on
        (date(2024, 6, 12), "I went to the travel agent to sort out our honeymoon in September.", date(2024, 9, 1)),
        # what is extended or renewed until a month runs to the coming one (said in August, January is next year's)
        (date(2025, 8, 16), "Not yet, I extended my leave until January.", date(2026, 1, 1)),
        (date(2025, 8, 16), "My sister renewed her maternity cover until February.", date(2026, 2, 1)),
        (date(2025, 8, 16), "I renewed my passport in January.", date(2025, 1, 1)),
        # what a figure is compared with was then: behind the session, whatever the tense
        (date(2024, 5, 10), "That's 30 kg more than February!", date(2024, 2, 1)),
        (date(2024, 5, 10), "I can now bench press 60 kg, up from 45 kg in January.", date(2024, 1, 1)),
        (date(2025, 2, 8), "That's almost two minutes faster than October.", date(2024, 10, 1)),
        # ...not a deadline, a preference or a change still to come
        (date(2024, 6, 12), "Please send the report no later than Monday.", date(2024, 6, 17)),
        (date(2024, 6, 12), "Rent is going up from £900 in September.", date(2024, 9, 1)),
        (date(2024, 6, 12), "I'd like it done sooner than September.", date(2024, 9, 1)),
        # a request to let one know, and a verb hung on "let", have no tense of their own
        (date(2024, 5, 8), "Sam, let me know by Friday.", date(2024, 5, 10)),
        (date(2024, 5, 8), "Tom let us know on Sunday if you can come.", date(2024, 5, 12)),
        (date(2024, 5, 8), "I'll let Sam set the date on Monday.", date(2024, 5, 13)),
        # a day and month with its year in words
        (date(2024, 6, 22), "We're getting married on 13 September next year.", date(2025, 9, 13)),
        (date(2024, 6, 22), "We met on 2 May last year.", date(2023, 5, 2)),
        # and a month with its year in words ("dry January this year" had been unresolved)
        (date(2024, 1, 6), "Doing dry January this year, not a drop.", date(2024, 1, 1)),
        (date(2024, 6, 22), "We moved in March last year.", date(2023, 3, 1)),
        (date(2024, 6, 22), "The new job starts in February next year.", date(2025, 2, 1)),
        # the day right after an appointment booked or called off is the appointment's: the past of "cancelled"
        # had put it on the Saturday before
        (date(2025, 2, 20), "Also I cancelled his grooming appointment on Saturday.", date(2025, 2, 22)),
        (date(2025, 2, 20), "I booked a checkup on the 3rd.", date(2025, 3, 3)),
        # ...with where or with whom between, or set beside it after a comma; an appointment got is one too, and
        # the "'s" of "Jo's got" is the "has" of "has got" (each had been put behind by the past form)
        (date(2025, 11, 16), "I've booked a scan at the Royal London on Thursday.", date(2025, 11, 20)),
        (date(2025, 11, 16), "I booked a checkup with Dr Patel on Friday.", date(2025, 11, 21)),
        (date(2025, 7, 8), "Finally got an appointment with the dermatologist, 3rd August.", date(2025, 8, 3)),
        (date(2025, 9, 18), "booked my driving test, its 2nd october", date(2025, 10, 2)),
        (date(2025, 9, 18), "booked the vet, it's on the 3rd", date(2025, 10, 3)),
        (date(2025, 7, 8), "I got a hospital appointment on the 2nd.", date(2025, 8, 2)),
        (date(2025, 3, 10), "Jo's got a job interview on the 5th.", date(2025, 4, 5)),
        # ...not a thing got that is done as it is got, what is no appointment, nor a possessive that owns
        (date(2025, 7, 9), "I got a flu jab on Monday.", date(2025, 7, 7)),
        (date(2025, 11, 16), "I had a scan at the Royal London on Thursday.", date(2025, 11, 13)),
        (date(2025, 11, 16), "I booked the venue at the hotel on Monday.", date(2025, 11, 10)),
        (date(2025, 3, 10), "I got an email, 5th March.", date(2025, 3, 5)),
        (date(2025, 3, 10), "Jo's bike got stolen on the 5th.", date(2025, 3, 5)),
        # what is no arranged event, or a day said with no object between, is the day of the doing
        (date(2025, 2, 20), "I cancelled the gym on Saturday.", date(2025, 2, 15)),
        (date(2025, 2, 20), "I cancelled on Saturday because I was sick.", date(2025, 2, 15)),
        # the month of a journey or stay booked somewhere is the trip's: this May, not last
        (date(2025, 2, 3), "I booked a trip to Lisbon in May.", date(2025, 5, 1)),
        (date(2025, 2, 3), "We just booked our honeymoon in Bali in September!", date(2025, 9, 1)),
        (date(2025, 2, 3), "I got tickets to Madrid for March.", date(2025, 3, 1)),
        (date(2025, 12, 10), "We booked a week in Lanzarote in February.", date(2026, 2, 1)),
        # with no place, or something other than a trip, the month may be the booking's
        (date(2025, 6, 10), "I booked the venue in March.", date(2025, 3, 1)),
        (date(2025, 2, 3), "I booked a trip in May.", date(2024, 5, 1)),
        # what was bought, or a journey taken, is dated by the tense
        (date(2025, 2, 3), "We bought a villa in Spain in October.", date(2024, 10, 1)),
        (date(2025, 2, 3), "I got the train to Leeds in December to see mum.", date(2024, 12, 1)),
        # "until" after a present perfect: the state holds now, so the month it lasts until is the coming one
        (date(2025, 5, 20), "I've paused the gym membership until july", date(2025, 7, 1)),
        (date(2025, 11, 4), "we've put the extension on hold till march", date(2026, 3, 1)),
        # ... not after a simple past or a past perfect
        (date(2025, 5, 20), "we rented the flat until february", date(2025, 2, 1)),
        (date(2025, 5, 20), "I had saved until march for it", date(2025, 3, 1)),
        # a delivery or an appointment noted after a comma, with no verb of its own, has its own day, ahead of the
        # past deed before the comma
        (date(2025, 4, 5), "bought a new fridge online, delivery on the 18th", date(2025, 4, 18)),
        (date(2025, 4, 5), "rang the dentist, appointment on the 11th of april", date(2025, 4, 11)),
        # ... not one with a verb, which tells its own tense, nor a deed after the comma
        (date(2025, 4, 5), "bought a new fridge, the delivery on the 2nd was a mess", date(2025, 4, 2)),
        (date(2025, 4, 5), "bought a new fridge, they brought it on the 2nd", date(2025, 4, 2)),
        # one booked in, in the perfect, has an appointment on the day after
        (date(2025, 11, 3), "the GP has booked him in with a physio on the 20th", date(2025, 11, 20)),
        (date(2025, 11, 3), "they've booked my dad in on the 25th", date(2025, 11, 25)),
        (date(2025, 11, 3), "I booked the boiler in on the 2nd and they serviced it", date(2025, 11, 2)),
        # a headline of a thing booked ("hotel booked,") sets the date after the comma on that thing
        (date(2025, 1, 20), "train booked, 2nd to 5th february", date(2025, 2, 2)),
        (date(2025, 1, 20), "room reserved, 24th january", date(2025, 1, 24)),
        # ... not a deed told with a pronoun, nor a headline of a thing that is not booked
        (date(2025, 1, 20), "we booked, 2nd to 5th january was all they had", date(2025, 1, 2)),
        (date(2025, 1, 20), "car washed, 2nd january", date(2025, 1, 2)),
        # the day a thing was moved to, when the turn goes on to say it was gone to, is behind
        (date(2025, 8, 11), "they pushed the meeting back to the 4th and we went along", date(2025, 8, 4)),
        (date(2025, 8, 11), "she rescheduled for the 7th and it went really well", date(2025, 8, 7)),
        # ... not where what follows tells only of the moving, nor alone
        (date(2025, 8, 11), "they pushed the meeting back to the 14th", date(2025, 8, 14)),
        (date(2025, 8, 11), "they moved it to the 14th and it was a hassle", date(2025, 8, 14)),
        # a participle after a noun tells a deed already done, whatever the tense of the clause the noun is in: the
        # day or month is behind, not next year's
        (date(2025, 10, 6), "the client still owes me for the logo work done on august 14th", date(2025, 8, 14)),
        (date(2026, 2, 10), "the repairs done in november still aren't paid", date(2025, 11, 1)),
        (date(2025, 10, 6), "the shed painted on the 28th looks much better", date(2025, 9, 28)),
        # ... not a participle of arranging, nor one that completes what one has or gets done, nor "for" a date
        (date(2025, 10, 6), "the recital scheduled on the 28th is sold out", date(2025, 10, 28)),
        (date(2025, 10, 6), "I'll have the carpets cleaned on the 28th", date(2025, 10, 28)),
        (date(2025, 10, 6), "the room booked for the 28th is ready", date(2025, 10, 28)),
        # ... nor in a clause that looks ahead: the photos will be taken first
        (date(2025, 4, 10), "the photos taken in july will go in the album", date(2025, 7, 1)),
        (date(2025, 10, 6), "the report written in december will be the final one", date(2025, 12, 1)),
        (date(2025, 10, 6), "the leaflets printed in november need to be collected", date(2025, 11, 1)),
        # a day governed by a present perfect is one arranged (English tells a day gone by in the simple past): the
        # nearest, not last year's or last week's
        (date(2025, 3, 20), "the council have slotted in Tuesday 1st April for the hearing", date(2025, 4, 1)),
        (date(2025, 3, 20), "they've offered us Tuesday 8th April for the hearing", date(2025, 4, 8)),
        (date(2025, 3, 20), "we've taken Friday off for the move", date(2025, 3, 21)),
        (date(2025, 3, 20), "I've asked for Wednesday off", date(2025, 3, 26)),
        # ... not a simple past or a past perfect, a stretch from a day, "been", a day after "on" (chat's loose
        # past), nor a month
        (date(2025, 3, 20), "we took Friday off for the move", date(2025, 3, 14)),
        (date(2025, 3, 20), "I had put the 2nd aside for it", date(2025, 3, 2)),
        (date(2025, 3, 20), "I've been off work from Tuesday", date(2025, 3, 18)),
        (date(2025, 3, 20), "I've been at my sister's on Sunday", date(2025, 3, 16)),
        (date(2025, 3, 20), "we've painted the fence on Saturday", date(2025, 3, 15)),
        (date(2025, 3, 20), "I've put on two kilos in January", date(2025, 1, 1)),
        # ... nor the perfect of a verb that arranges no day, which chat says of a day gone by
        (date(2025, 3, 20), "my grandad has passed away Tuesday", date(2025, 3, 18)),
        (date(2025, 3, 20), "I've had my jab Monday", date(2025, 3, 17)),
        (date(2025, 3, 19), "we've had the funeral Friday 7th", date(2025, 3, 7)),
        (date(2025, 3, 20), "I've taken mum to the hospital Monday", date(2025, 3, 17)),
        (date(2025, 3, 20), "I've booked Tuesday off and it was bliss", date(2025, 3, 18)),
        (date(2025, 3, 20), "I've told my boss Monday that I'm leaving", date(2025, 3, 17)),
        (date(2025, 3, 20), "I've given the money to her Saturday", date(2025, 3, 15)),
        (date(2025, 6, 20), "we selected the winners for March", date(2025, 3, 1)),
        # a month beside its day that the tagger read as a verb ("sept" as a past) is no tense of the sentence
        (date(2025, 5, 14), "9th sept works for me", date(2025, 9, 9)),
        (date(2025, 3, 20), "my nephew was born on Friday 14 June", date(2024, 6, 14)),
        # a day or month after the "for" of a verb of picking is the one the thing picked is set for
        (date(2025, 4, 10), "the choir chose the Faure requiem for May", date(2025, 5, 1)),
        (date(2025, 9, 2), "they shortlisted me for October", date(2025, 10, 1)),
        (date(2025, 3, 20), "we picked a film for Friday", date(2025, 3, 21)),
        # ... not a day of the picking, the day picked itself, a day the turn says went by, nor a month after "in"
        (date(2025, 3, 20), "I picked the kids up on Friday", date(2025, 3, 14)),
        (date(2025, 3, 20), "we picked Saturday and it poured", date(2025, 3, 15)),
        (date(2025, 3, 20), "we picked a film for Friday and it was great", date(2025, 3, 14)),
        (date(2025, 3, 20), "I picked strawberries in June", date(2024, 6, 1)),
    ],
)
def test_dates_that_tense_alone_would_put_on_the_wrong_side_of_the_session(parser, resolver, said, text, first):
    mention = ground_one(parser, resolver, text, datetime(said.year, said.month, said.day, 12, 0))
    assert mention.start.date() == first


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text",
    [
        (datetime(2024, 1, 17), "The temple was built 3000 years ago."),
        (datetime(2024, 1, 17), "Over the last 3000 years it changed."),
        (datetime(2024, 1, 17), "That is 1000000 days."),
        (datetime(9999, 12, 31), "I'll see you tomorrow."),
        (datetime(1, 1, 1), "Last year was hard."),
    ],
)
def test_a_date_outside_the_calendar_is_left_unresolved_not_an_error(parser, resolver, said, text):
    mention = ground_one(parser, resolver, text, said)
    assert not mention.resolved and mention.text.lower() in text.lower()


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first, end",
    [
        # part of a week, month or year: its first, middle or last third (of a year, three months)
        (date(2023, 5, 8), "The deadline is end of the month.", date(2023, 5, 21), date(2023, 6, 1)),
        (date(2023, 5, 8), "We're moving at the end of next month.", date(2023, 6, 21), date(2023, 7, 1)),
        (date(2023, 5, 8), "I'll be done by the end of the week.", date(2023, 5, 12), date(2023, 5, 15)),
        (date(2023, 5, 8), "We got married at the beginning of the year.", date(2023, 1, 1), date(2023, 4, 1)),
        # calendar quarters: the end of this one (April to June) is its last third, 31 of 91 days
        (date(2023, 5, 8), "I need the migration done by the end of the quarter.", date(2023, 5, 31), date(2023, 7, 1)),
        (date(2023, 5, 8), "The reorg happens next quarter.", date(2023, 7, 1), date(2023, 10, 1)),
        # the rest of a period on one side of the session; on its first or last day, that day, never empty
        (date(2023, 5, 10), "Earlier this week I adopted a cat.", date(2023, 5, 8), date(2023, 5, 10)),
        (date(2023, 5, 8), "Earlier this week I adopted a cat.", date(2023, 5, 8), date(2023, 5, 9)),
        # a span of weekdays in a week said, or the coming ones; "and a half" back
        (date(2024, 3, 13), "I'm off work from Monday to Wednesday next week.", date(2024, 3, 18), date(2024, 3, 21)),
        (date(2024, 3, 13), "I'm away Friday to Sunday.", date(2024, 3, 15), date(2024, 3, 18)),
        (date(2024, 3, 13), "I moved here a year and a half ago.", date(2022, 9, 1), date(2022, 10, 1)),
        (date(2023, 5, 10), "I have a dentist appointment later this week.", date(2023, 5, 11), date(2023, 5, 15)),
        (date(2023, 5, 14), "I have a dentist appointment later this week.", date(2023, 5, 14), date(2023, 5, 15)),
        # a range of days in a month takes the year the tense points to, its last day included
        (date(2025, 1, 8), "The Lisbon trip is September 12 to 16.", date(2025, 9, 12), date(2025, 9, 17)),
        (date(2025, 4, 30), "The conference is March 3 to 5.", date(2026, 3, 3), date(2026, 3, 6)),
        (date(2025, 4, 30), "The trip is June 2 to June 9.", date(2025, 6, 2), date(2025, 6, 10)),
        (date(2025, 4, 30), "The conference was March 3 to 5.", date(2025, 3, 3), date(2025, 3, 6)),
        (date(2025, 1, 12), "We're away from the 14th of February to the 18th.", date(2025, 2, 14), date(2025, 2, 19)),
        (date(2025, 1, 12), "We're in Rome from 28 February to 3 March.", date(2025, 2, 28), date(2025, 3, 4)),
        # the month said once, after the last day; two days joined by "and" are both, when they are neighbours
        (date(2025, 3, 23), "Faro, the 6th to 13th of June?", date(2025, 6, 6), date(2025, 6, 14)),
        (date(2025, 3, 23), "We're in Faro 6th-13th June.", date(2025, 6, 6), date(2025, 6, 14)),
        (date(2025, 1, 12), "We're in Rome from the 28th to the 3rd of March.", date(2025, 2, 28), date(2025, 3, 4)),
        (date(2025, 4, 27), "The offsite is on the 14th and 15th of May.", date(2025, 5, 14), date(2025, 5, 16)),
        (date(2025, 4, 27), "I'm on call the 3rd and 17th of May.", date(2025, 5, 3), date(2025, 5, 4)),
        # two days with no month: of the month the first falls in, as "the 3rd" alone; the last may be in the next
        (date(2025, 2, 11), "We're away from the 3rd to the 10th.", date(2025, 3, 3), date(2025, 3, 11)),
        (date(2025, 2, 11), "I was off from the 28th to the 2nd.", date(2025, 1, 28), date(2025, 2, 3)),
        # a range of years: every year of it, the last one whole ("2019 to 2021" ends with 2021)
        (date(2026, 2, 11), "I lived in Leeds from 2019 to 2021.", date(2019, 1, 1), date(2022, 1, 1)),
        (date(2026, 2, 11), "I worked there between 2015 and 2018.", date(2015, 1, 1), date(2019, 1, 1)),
        (date(2026, 2, 11), "From 2010 until 2014 I taught in Spain.", date(2010, 1, 1), date(2015, 1, 1)),
        (date(2026, 2, 11), "We lived abroad 2019-21.", date(2019, 1, 1), date(2022, 1, 1)),
        # "since" a part of a period runs from it up to the session, as "since March" does
        (date(2024, 12, 27), "I've been off sugar since the start of December.", date(2024, 12, 1), date(2024, 12, 28)),
        (date(2024, 5, 22), "I've been walking to work since mid-April.", date(2024, 4, 11), date(2024, 5, 23)),
        # "N years ago this August": this year's August, N years back, not the session's day N years back
        (date(2024, 7, 31), "My dad passed away three years ago this August.", date(2021, 8, 1), date(2021, 9, 1)),
        (date(2024, 5, 22), "We got engaged a year ago this Christmas.", date(2023, 12, 25), date(2023, 12, 26)),
        # the first or last day of a period, on the day it is said too
        (date(2024, 5, 31), "It's the last day of the month and I still haven't paid the rent.", date(2024, 5, 31), date(2024, 6, 1)),
        (date(2025, 12, 31), "Last day of the year!", date(2025, 12, 31), date(2026, 1, 1)),
        (date(2024, 5, 10), "The project ends on the last day of next month.", date(2024, 6, 30), date(2024, 7, 1)),
        (date(2025, 1, 5), "We went out on the last day of the year.", date(2024, 12, 31), date(2025, 1, 1)),
        # numeric dates: with dots, day first; with slashes, day first where one of the turn's can be read no other
        # way; a range of two is one stay
        (date(2024, 5, 22), "My exam is on 15.06.2024 in the main hall.", date(2024, 6, 15), date(2024, 6, 16)),
        (date(2024, 5, 22), "My dentist appointment is on 04.06 at 9.", date(2024, 6, 4), date(2024, 6, 5)),
        (date(2024, 3, 8), "They moved my visa appointment to 15/03.", date(2024, 3, 15), date(2024, 3, 16)),
        # a date either way round is the reading nearer the session (the 3rd of June, not next March)
        (date(2024, 5, 22), "The landlord moved the inspection to 03/06, which is annoying.", date(2024, 6, 3), date(2024, 6, 4)),
        # ... and a turn's "24/7", times and prices are no sign of it
        (date(2024, 10, 15), "The shop is open 24/7 so I'll go on 3/4.", date(2025, 3, 4), date(2025, 3, 5)),
        (date(2024, 10, 15), "It cost £14.05 and the party is on 3/4.", date(2025, 3, 4), date(2025, 3, 5)),
        (date(2024, 10, 31), "I'll be away from 12/11 to 19/11 in Osaka.", date(2024, 11, 12), date(2024, 11, 20)),
        (date(2024, 5, 22), "We're in Rome from 3/8 - 3/12.", date(2025, 3, 8), date(2025, 3, 13)),
        # "in three years" after a first or a superlative is the stretch behind; after "is" it is still ahead
        (date(2024, 1, 14), "First time in 3 years I have no debt.", date(2021, 1, 14), date(2024, 1, 15)),
        (date(2024, 1, 14), "It's the first holiday I've had in two years.", date(2022, 1, 14), date(2024, 1, 15)),
        (date(2024, 1, 14), "My first holiday is in two weeks.", date(2024, 1, 22), date(2024, 1, 29)),
        (date(2024, 10, 15), "I'm starting my first job in two weeks.", date(2024, 10, 28), date(2024, 11, 4)),
        (date(2024, 10, 15), "We have our first scan in 3 weeks.", date(2024, 11, 4), date(2024, 11, 11)),
        # a length one has to do a thing in is the time from now on, not the months up to the session
        (date(2024, 4, 20), "I have three months to do the corrections.", date(2024, 4, 20), date(2024, 7, 20)),
        (date(2024, 4, 20), "We've got two weeks to decide.", date(2024, 4, 20), date(2024, 5, 4)),
        # or one has for a thing ("for the ..."): ahead too; what one had is behind
        (date(2024, 4, 20), "I have six weeks for the dissertation.", date(2024, 4, 20), date(2024, 6, 1)),
        (date(2024, 4, 20), "We've got ten days for the move.", date(2024, 4, 20), date(2024, 4, 30)),
        (date(2024, 4, 20), "I had two weeks for the project.", date(2024, 4, 6), date(2024, 4, 21)),
        # the nth weekend, weekday or week of a month, not the whole month
        (date(2025, 2, 16), "What if we aim for the first weekend of June?", date(2025, 6, 7), date(2025, 6, 9)),
        (date(2025, 2, 16), "the party is the last friday of next month", date(2025, 3, 28), date(2025, 3, 29)),
        # of "the month" said in it: that month's, not the weekday just gone (said on Thursday 27 February)
        (date(2025, 2, 27), "my salary lands on the last friday of the month", date(2025, 2, 28), date(2025, 3, 1)),
        (date(2025, 2, 27), "we met up on the second tuesday of the month", date(2025, 2, 11), date(2025, 2, 12)),
        # "before" a holiday ahead: the days up to it, not the holiday itself; one behind stays the day
        (date(2025, 2, 16), "The garden should be sorted before Christmas.", date(2025, 2, 16), date(2025, 12, 25)),
        (date(2025, 2, 16), "We got engaged just before Christmas.", date(2024, 12, 25), date(2024, 12, 26)),
        # only a deadline runs up to it: a habit, a plan or a "just before" ahead is the days close to the holiday,
        # the holiday day the nearer reading (each had been every day from the session on)
        (date(2025, 2, 16), "The town gets mad just before Easter.", date(2025, 4, 20), date(2025, 4, 21)),
        (date(2025, 2, 16), "We always visit my gran before Christmas.", date(2025, 12, 25), date(2025, 12, 26)),
        (date(2025, 2, 16), "The roads are awful before Christmas.", date(2025, 12, 25), date(2025, 12, 26)),
        (date(2025, 2, 16), "We'll put the lights up before Christmas eve.", date(2025, 12, 24), date(2025, 12, 25)),
        (date(2025, 2, 16), "I have to renew my passport before Easter.", date(2025, 2, 16), date(2025, 4, 20)),
        # a past "had" that made another do the deed: the weekday behind (said on Sunday 16 February)
        (date(2025, 2, 16), "We had the cat neutered on tuesday.", date(2025, 2, 11), date(2025, 2, 12)),
        (date(2025, 2, 16), "I'm having my hair cut on tuesday.", date(2025, 2, 18), date(2025, 2, 19)),
        (date(2025, 2, 16), "I'm away the second week of April.", date(2025, 4, 8), date(2025, 4, 15)),
        # a day, week or weekend counted from a date written "the 9th of June" or "the 9 June", not that date
        (date(2025, 2, 16), "We fly out the week before the 9th of June.", date(2025, 6, 2), date(2025, 6, 9)),
        (date(2025, 2, 16), "Drinks the day after the 3 March launch?", date(2025, 3, 4), date(2025, 3, 5)),
        (date(2025, 2, 16), "I'll call you the Monday after the 21st of March.", date(2025, 3, 24), date(2025, 3, 25)),
        # or from a holiday, read as the holiday is on its own
        (date(2025, 2, 16), "We're flying the week before Christmas.", date(2025, 12, 18), date(2025, 12, 25)),
        (date(2025, 2, 16), "We drove up the day after Thanksgiving.", date(2024, 11, 29), date(2024, 11, 30)),
        (date(2025, 2, 16), "I'm off the day before Halloween.", date(2025, 10, 30), date(2025, 10, 31)),
        (date(2025, 2, 16), "We're moving two days after Easter.", date(2025, 4, 22), date(2025, 4, 23)),
        (date(2025, 2, 16), "My flight is three days before Christmas.", date(2025, 12, 22), date(2025, 12, 23)),
        # the one before last: seven days before what "last" names
        (date(2025, 2, 19), "I started the new job the week before last.", date(2025, 2, 3), date(2025, 2, 10)),
        (date(2025, 2, 19), "We went hiking the weekend before last.", date(2025, 2, 8), date(2025, 2, 10)),
        (date(2025, 2, 19), "It arrived the Friday before last.", date(2025, 2, 7), date(2025, 2, 8)),
        # "this coming" is the first one still to come, not next week's; "back" counts back as "ago" does
        (date(2025, 2, 19), "Let's do it this coming weekend.", date(2025, 2, 22), date(2025, 2, 24)),
        (date(2025, 2, 19), "Are you free the coming Friday?", date(2025, 2, 21), date(2025, 2, 22)),
        (date(2025, 2, 19), "I saw her three weeks back.", date(2025, 1, 27), date(2025, 2, 3)),
        # a part of the day is of the day said before it, not a second date on the session's own day
        (date(2025, 2, 19), "It all happened yesterday afternoon.", date(2025, 2, 18), date(2025, 2, 19)),
        (date(2025, 2, 19), "I'm busy Saturday morning.", date(2025, 2, 22), date(2025, 2, 23)),
        (date(2025, 2, 17), "The dentist is on Friday 2-3pm.", date(2025, 2, 21), date(2025, 2, 22)),
        (date(2025, 2, 19), "We went dancing last Friday night.", date(2025, 2, 14), date(2025, 2, 15)),
        (date(2025, 2, 19), "We land the morning of March 3rd.", date(2025, 3, 3), date(2025, 3, 4)),
        (date(2025, 2, 19), "I won't sleep the night before the 3rd of March.", date(2025, 3, 2), date(2025, 3, 3)),
        # a count from a day ahead
        (date(2025, 2, 19), "My exam is two weeks from Friday.", date(2025, 3, 7), date(2025, 3, 8)),
        (date(2025, 2, 19), "She arrives a week from tomorrow.", date(2025, 2, 27), date(2025, 2, 28)),
        # the British week after a day
        (date(2025, 2, 19), "See you a week on Friday.", date(2025, 2, 28), date(2025, 3, 1)),
        (date(2025, 2, 19), "My exam is Friday week.", date(2025, 2, 28), date(2025, 3, 1)),
        (date(2025, 2, 19), "The results come a week today.", date(2025, 2, 26), date(2025, 2, 27)),
        (date(2025, 2, 19), "We fly a week tomorrow.", date(2025, 2, 27), date(2025, 2, 28)),
        # the weekend of a date is the Saturday and Sunday of its week
        (date(2025, 2, 16), "We're camping the weekend of the 12th of April.", date(2025, 4, 12), date(2025, 4, 14)),
        (date(2025, 2, 16), "The fair is the weekend of 16 April.", date(2025, 4, 19), date(2025, 4, 21)),
    ],
)
def test_parts_of_a_period(parser, resolver, said, text, first, end):
    mention = ground_one(parser, resolver, text, datetime(said.year, said.month, said.day, 12, 0))
    assert _days(mention) == (first, end)


@pytest.mark.slow
def test_a_date_with_a_stay_is_the_stay(parser, resolver):
    mention = ground_one(parser, resolver, "I'm flying to NYC on the 2nd for a week", datetime(2023, 12, 28, 12))
    assert _days(mention) == (date(2024, 1, 2), date(2024, 1, 9))  # the 2nd of next month, for seven days


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expected",
    [
        # a part of the day before its noun classifies it: a kind of class or person, not the session day
        ("I signed up for an evening pottery course, it starts on the 3rd of June.", ["the 3rd of June"]),
        ("I'm really not a morning person.", []),
        # so does a weekend before work done at weekends: a kind of shift, not the last or the coming weekend
        ("yeah, he keeps giving me all the weekend shifts and the new guy gets none", []),
        ("I hate working the weekend shift", []),
        ("the weekend rate is £14", []),
        ("I'm doing the weekend shift this saturday", ["this saturday"]),
        ("the weekend trip was lovely", ["the weekend"]),
        # a week named by a noun before it is a period's name ("exam week" had been the week up to the session)
        ("Orientation week is 20 September.", ["20 September"]),
        ("exam week starts on Monday.", ["on Monday"]),
        ("freshers week is 21st September.", ["21st September"]),
        ("intro week starts on Monday.", ["on Monday"]),
        # a week said with how it went or which one it is stays a time
        ("busy week at work.", ["busy week"]),
        ("It's been a long week.", ["a long week"]),
        ("I've been off the whole week.", ["the whole week"]),
        # the same words as the time stay one
        ("We had a lovely evening at the pub.", ["a lovely evening"]),
        ("This week is mad.", ["This week"]),
        ("Saturday morning we went to the market.", ["Saturday morning"]),
    ],
)
def test_a_part_of_the_day_that_classifies_a_noun_and_a_named_week_are_no_times(parser, resolver, text, expected):
    assert [m.text for m in resolver.ground(parser.parse(text), SESSION)] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expected",
    [
        # a lower-case weekday or a day of the month after "no later than", and a weekday after an hour, are that day:
        # these had no date ("2pm saturday" had been the Saturday gone)
        (date(2025, 3, 4), "they need to respond no later than friday", [("friday", date(2025, 3, 7))]),
        (date(2025, 3, 4), "they need to respond no later than the 14th", [("the 14th", date(2025, 3, 14))]),
        (date(2025, 10, 15), "they need to respond no later than the 14th", [("the 14th", date(2025, 11, 14))]),
        (date(2025, 3, 4), "respond by 5pm friday", [("5pm friday", date(2025, 3, 7))]),
        (date(2025, 3, 4), "they need to respond no later than 5pm friday", [("5pm friday", date(2025, 3, 7))]),
        (date(2025, 3, 4), "send it by noon friday", [("noon friday", date(2025, 3, 7))]),
        (date(2025, 3, 4), "I'm free 2pm saturday", [("2pm saturday", date(2025, 3, 8))]),
        (date(2025, 3, 4), "we met at 2pm saturday", [("2pm saturday", date(2025, 3, 1))]),
        (date(2025, 3, 4), "they responded no later than friday", [("no later than friday", date(2025, 2, 28))]),
        # an ordinal that ranks a thing after "later than" is none
        (date(2025, 3, 4), "she finished later than the 3rd runner", []),
        (date(2025, 3, 4), "it came out later than the 2nd one", []),
    ],
)
def test_a_day_after_a_deadline_s_than_or_an_hour_is_that_day(parser, resolver, said, text, expected):
    mentions = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12, 0))
    assert [(m.text, m.start.date()) for m in mentions if m.resolved] == expected, mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expected",
    [
        # a shift or a part of the day in the plural, with any count, before a time is what is done then, not a
        # time: "nights next week" had been a night, the session's, and "nights tomorrow" nothing
        (date(2025, 7, 10), "I'm on nights next week", [("next week", date(2025, 7, 14), date(2025, 7, 21))]),
        (date(2025, 7, 10), "Is he on nights next week?", [("next week", date(2025, 7, 14), date(2025, 7, 21))]),
        (date(2025, 7, 10), "back on nights next month", [("next month", date(2025, 8, 1), date(2025, 9, 1))]),
        (date(2025, 7, 10), "im on nights the week after next", [("the week after next", date(2025, 7, 21), date(2025, 7, 28))]),
        (date(2025, 7, 10), "I'm on nights this weekend", [("this weekend", date(2025, 7, 12), date(2025, 7, 14))]),
        (date(2025, 7, 10), "I'm on nights tomorrow", [("tomorrow", date(2025, 7, 11), date(2025, 7, 12))]),
        (date(2025, 7, 10), "I was on nights last week", [("last week", date(2025, 6, 30), date(2025, 7, 7))]),
        (date(2025, 7, 10), "two nights next week", [("next week", date(2025, 7, 14), date(2025, 7, 21))]),
        # "that week" is one the talk named before, so none; the days of "two days ago" are the time
        (date(2025, 9, 7), "cant make it, im on nights that week", []),
        (date(2025, 7, 10), "two days ago I started nights", [("two days ago", date(2025, 7, 8), date(2025, 7, 9))]),
        (date(2025, 7, 10), "two nights from Friday at the hotel", [("two nights from Friday", date(2025, 7, 11), date(2025, 7, 14))]),
        (date(2025, 7, 10), "I hate nights", []),
    ],
)
def test_a_shift_in_the_plural_before_a_time_is_no_part_of_it(parser, resolver, said, text, expected):
    mentions = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12, 0))
    assert [(m.text, m.start.date(), m.end.date()) for m in mentions if m.resolved] == expected, mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expression, first",
    [
        # a short weekday before a day of the month is that day: the abbreviation alone had been the coming
        # weekday and the day lost ("thurs 25th" said on Wednesday 17 September had been the 18th)
        (date(2025, 9, 17), "union meeting thurs 25th 2pm in the canteen", "thurs 25th", date(2025, 9, 25)),
        (date(2025, 6, 20), "the meeting is weds 25th, 1pm", "weds 25th", date(2025, 6, 25)),
        (date(2025, 9, 6), "i can do overtime sun 14th", "sun 14th", date(2025, 9, 14)),
        (date(2025, 9, 6), "on sun 14th", "on sun 14th", date(2025, 9, 14)),
        (date(2025, 9, 6), "doing overtime mon 15th", "mon 15th", date(2025, 9, 15)),
        (date(2025, 9, 6), "doing overtime sat 13th", "sat 13th", date(2025, 9, 13)),
        (date(2025, 10, 5), "the quiz is fri 17 oct", "fri 17 oct", date(2025, 10, 17)),
        (date(2025, 10, 5), "the quiz is Fri 17th October", "Fri 17th October", date(2025, 10, 17)),
        (date(2025, 10, 5), "the quiz is sat 18 oct", "sat 18 oct", date(2025, 10, 18)),
        (date(2025, 10, 5), "the quiz is fri 17", "fri 17", date(2025, 10, 17)),
        (date(2025, 10, 5), "can you do thurs the 9th?", "thurs the 9th", date(2025, 10, 9)),
        (date(2025, 10, 20), "the quiz was fri 17th", "fri 17th", date(2025, 10, 17)),
        # a run of such days, short or in full, is the days between (the first weekday alone had been read)
        (date(2025, 10, 5), "I'm away from mon 13th to fri 17th", "mon 13th to fri 17th", date(2025, 10, 13)),
        (date(2025, 10, 5), "I'm away Monday 13th to Friday 17th", "Monday 13th to Friday 17th", date(2025, 10, 13)),
        # guards: a place after the verb "sat", the sun, and a clock hour after a weekday date no day of the month
        (date(2025, 10, 5), "I sat 2nd in the exam", None, None),
        (date(2025, 10, 5), "we sat 3rd row at the concert", None, None),
        (date(2025, 10, 5), "drinks sat 8?", None, None),
        (date(2025, 10, 5), "I'm working sat 10 to 2", None, None),
        (date(2025, 10, 5), "the sun 1st thing in the morning is lovely", None, None),
    ],
)
def test_a_short_weekday_before_a_day_of_the_month_is_that_day(parser, resolver, said, text, expression, first):
    mentions = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12, 0))
    if expression is None:
        assert not any(re.search(r"\b(?:mon|tue|wed|thu|fri|sat|sun)\w*\.?\s+(?:the\s+)?\d", m.text, re.IGNORECASE)
                       for m in mentions if m.resolved), mentions
    else:
        assert mentions[0].text == expression and mentions[0].start.date() == first, mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expected",
    [
        # a lone ordinal that someone names, or that an appointment or a date is said to be, is a day of the month
        (date(2025, 6, 2), "the plumber can't come on the 4th, he's now saying the 11th", ["the 4th", "the 11th"]),
        (date(2025, 6, 2), "they've confirmed the 19th", ["the 19th"]),
        (date(2025, 6, 2), "My scan is hopefully the 20th.", ["the 20th"]),
        (date(2025, 6, 2), "the hearing's the 26th so I need the papers soon", ["the 26th"]),
        (date(2025, 6, 2), "Moving date is the 30th", ["the 30th"]),
        # a day worked, covered or managed, in talk not past, and a day that is all its sentence says, put forward
        # or agreed: these had no date
        (date(2025, 4, 5), "ok ill ask maureen to cover the 18th", ["the 18th"]),
        (date(2025, 4, 5), "can you cover the 18th?", ["the 18th"]),
        (date(2025, 4, 5), "I'm working the 18th", ["the 18th"]),
        (date(2025, 4, 5), "I can't do the 18th", ["the 18th"]),
        (date(2025, 4, 5), "I can do the 18th but not the 19th", ["the 18th", "the 19th"]),
        (date(2025, 4, 5), "I can't make the 22nd", ["the 22nd"]),
        (date(2025, 3, 8), "ok the 22nd then", ["the 22nd"]),
        (date(2025, 3, 8), "how about the 22nd?", ["the 22nd"]),
        (date(2025, 6, 1), "21st it is", ["21st"]),
        # a day after a hedge of when is the day it is near (these had no date)
        (date(2026, 2, 10), "the sale starts around the 18th", ["the 18th"]),
        (date(2026, 2, 10), "the course starts roughly the 18th", ["the 18th"]),
        (date(2026, 2, 10), "I'll be back around the 18th", ["the 18th"]),
        (date(2026, 2, 10), "it should be done approximately the 20th", ["approximately the 20th"]),
        (date(2026, 2, 10), "he was roughly the 10th in the queue", []),
        (date(2026, 2, 10), "around the 2nd week we'll know", []),
        # guards: a thing done, a rank, a choice after "which", a place, and a day asked about beside what is told
        (date(2025, 4, 5), "I did the 2nd", []),
        (date(2025, 4, 5), "I'm doing the 2nd one", []),
        (date(2025, 4, 5), "we're doing the 3rd floor", []),
        (date(2025, 4, 5), "which one? the 2nd", []),
        (date(2025, 4, 5), "2nd!", []),
        (date(2025, 4, 5), "she came 2nd", []),
        (date(2025, 6, 1), "can't, it's Hannah's hen do. the 21st?", []),
        # guards: a rank, one of a series or a favourite stays no day
        (date(2025, 6, 2), "His test was the 5th he took.", []),
        (date(2025, 6, 2), "my favourite match was the 2nd", []),
        (date(2025, 6, 2), "he was the 3rd in line", []),
        (date(2025, 6, 2), "I watched the 2nd and loved it", []),
        (date(2025, 6, 2), "She said the 2nd chapter was best.", []),
        (date(2025, 6, 2), "That was the 4th.", []),
    ],
)
def test_a_day_named_or_that_an_appointment_is_is_a_day_of_the_month(parser, resolver, said, text, expected):
    mentions = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12, 0))
    assert [m.text for m in mentions] == expected, mentions


@pytest.mark.slow
def test_ordinals_and_verbs_that_are_no_dates(parser, resolver):
    assert resolver.ground(parser.parse("This is the 3rd time I tried."), SESSION) == []
    assert resolver.ground(parser.parse("You may want to call her."), SESSION) == []
    assert resolver.ground(parser.parse("c'mon, it's fine"), SESSION) == []
    assert resolver.ground(parser.parse("We were down 10 in the 4th and I hit the buzzer-beater."), SESSION) == []
    # a year or a holiday before its noun classifies it ("a 2019 Yaris", "the Christmas card list"), unless the
    # phrase is a time after a preposition ("at the Christmas party"); "the 2019 season" is itself a time
    assert resolver.ground(parser.parse("I bought a 2019 Yaris hybrid."), SESSION) == []
    assert resolver.ground(parser.parse("We bought a 2018 Golf."), SESSION) == []
    assert resolver.ground(parser.parse("Add me to your Christmas card list."), SESSION) == []
    assert [m.text for m in resolver.ground(parser.parse("We put up the Christmas tree yesterday."), SESSION)] == ["yesterday"]
    assert [m.text for m in resolver.ground(parser.parse("I met her at the Christmas party."), SESSION)] == ["Christmas"]
    # a holiday that names an occasion is its time, whatever the phrase's role
    assert [m.text for m in resolver.ground(parser.parse("The Christmas party was so much fun."), SESSION)] == ["Christmas"]
    assert [m.text for m in resolver.ground(parser.parse("We hosted our first Thanksgiving dinner."), SESSION)] == ["Thanksgiving"]
    assert [m.text for m in resolver.ground(parser.parse("The 2019 season was great."), SESSION)] == ["2019 season"]
    assert [m.text for m in resolver.ground(parser.parse("We moved here in 2019."), SESSION)] == ["in 2019"]
    # a number that names a flat, a room, a code or a house is no year ("unit 1204" had dated a memory 1204)
    for text in ("It's 250 Harbourfront Lane, unit 1204.", "Room 1105, second floor.", "I live at 1204 Pine Street.",
                 "The PIN is 1987.", "apt 1502"):
        assert resolver.ground(parser.parse(text), SESSION) == [], text
    # ...while a year stays one, after a preposition of time whatever its value
    assert [m.text for m in resolver.ground(parser.parse("It was built in 1850."), SESSION)] == ["1850"]
    assert [m.text for m in resolver.ground(parser.parse("It was 2019, I think."), SESSION)] == ["2019"]
    # hours and minutes a race took are no time of day
    assert resolver.ground(parser.parse("I did it! Finished in 4:12."), SESSION) == []
    assert resolver.ground(parser.parse("My finishing time of 3:45:10 was a PB."), SESSION) == []
    assert [m.text for m in resolver.ground(parser.parse("The call is at 4:12 tomorrow."), SESSION)] == ["4:12 tomorrow"]
    # ...nor is a reading no clock shows, or one to the second not said "at": "yesterday" dates the run
    for text in ("My 10k PB is now 52:30, I ran it yesterday.", "I ran the Bath Half yesterday: 1:47:32, a new PB."):
        assert [m.text for m in resolver.ground(parser.parse(text), SESSION) if m.resolved] == ["yesterday"], text
    assert [m.text for m in resolver.ground(parser.parse("The alarm went off at 06:15:00."), SESSION)] == ["06:15:00"]
    # an ordinal before its noun counts or ranks it
    assert resolver.ground(parser.parse("I'm doing it for the 3rd time."), SESSION) == []
    assert [m.text for m in resolver.ground(parser.parse("We moved to the 5th floor on the 3rd."), SESSION)] == ["the 3rd"]
    # ... and one that ranks by itself, or is one of several things, is no day either
    assert resolver.ground(parser.parse("I liked the 2nd better."), SESSION) == []
    assert resolver.ground(parser.parse("She was the 3rd to arrive."), SESSION) == []
    # "to the Nth" with no verb of moving a date is a place or a rank, as before
    assert resolver.ground(parser.parse("We went up to the 5th."), SESSION) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, expression, first",
    [
        # "May" is also a modal, so the tagger leaves it out of the day's date: the day and its month had come
        # out as two expressions, and the entry was dated the 5th of the month it was said in
        (date(2025, 3, 2), "I start on the 5th of May.", "the 5th of May", date(2025, 5, 5)),
        (date(2025, 3, 2), "Since Kestrel offered me a job! I start on the 5th of May.", "the 5th of May", date(2025, 5, 5)),
        (date(2025, 3, 2), "the exam is on the 12th of may", "the 12th of may", date(2025, 5, 12)),
    ],
)
def test_a_day_of_may_is_one_date(parser, resolver, said, text, expression, first):
    mentions = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12, 0))
    assert [m.text for m in mentions] == [expression], mentions
    assert mentions[0].start.date() == first


@pytest.mark.slow
def test_the_5th_that_may_be_is_no_month(parser, resolver):
    # without "of", "may" after a day is the modal it usually is
    mentions = resolver.ground(parser.parse("The 5th may work for us."), SESSION)
    assert all("may" not in m.text.lower() for m in mentions), mentions


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expression",
    [
        ("They want more bloods two days before the op.", "two days"),
        ("My sister is coming to stay the week after my op.", "the week"),
        ("HR signed me off for four weeks from the date of the op.", "four weeks"),
        ("I'm not allowed to drive until six weeks after the op.", "six weeks"),
        ("The physio reckons I could fly about 12 weeks post-op.", "about 12 weeks"),
        ("He said six to nine months before I'm running again.", "six to nine months"),
        # ... and with nothing after it at all: counted from a date of another turn, no day before the session
        ("Jo wants a reminder the day before.", "the day before"),
        ("Mum wants a text the day before.", "the day before"),
    ],
)
def test_a_length_counted_from_an_event_that_is_no_date_dates_nothing(parser, resolver, text, expression):
    # counted from the session day it had been a stretch up to the session (or the week just gone)
    mention = ground_one(parser, resolver, text, datetime(2025, 2, 16, 11, 0))
    assert mention.text == expression and not mention.resolved


@pytest.mark.slow
def test_a_length_counted_from_a_date_is_a_day(parser, resolver):
    mentions = resolver.ground(parser.parse("They want more bloods two days before the 11th."), datetime(2025, 2, 16, 11))
    assert [(m.text, _days(m)) for m in mentions] == [
        ("two days before the 11th", (date(2025, 3, 9), date(2025, 3, 10)))
    ]
    mention = ground_one(parser, resolver, "We fly two weeks before Christmas.", datetime(2025, 2, 16, 11))
    assert _days(mention) == (date(2025, 12, 11), date(2025, 12, 12))
    # "the day before yesterday" and "the day after tomorrow" are days of their own
    assert _days(ground_one(parser, resolver, "I rang her the day before yesterday.", datetime(2025, 2, 16, 11)))[0] == date(2025, 2, 14)


@pytest.mark.slow
def test_a_fortnight_for_how_long_and_a_week_a_date_moved_by_are_no_anchors(parser, resolver):
    said = datetime(2025, 3, 23, 18, 30)
    # "for a fortnight" is a length, as "for a week" is; it had been the fortnight up to the session
    assert resolver.ground(parser.parse("I pulled my calf so I'm off running for a fortnight."), said) == []
    # and "for a whole year" as "for a year": it had been the year up to the session ("the club signed him for a
    # whole year" is no year gone)
    assert resolver.ground(parser.parse("The club just signed him for a whole year."), said) == []
    assert [m.text for m in resolver.ground(parser.parse("We were in Lisbon for a full week in May."), said)] == ["May"]
    # "by a week" is how far the leave moved, not the week ahead; the date it moved to still dates it
    mention = ground_one(parser, resolver, "HR agreed to extend my leave by a week, so I'm back on the 15th of April.", said)
    assert _days(mention) == (date(2025, 4, 15), date(2025, 4, 16))
    # "in a fortnight" is still a time ahead
    assert _days(ground_one(parser, resolver, "See you in a fortnight.", said)) == (date(2025, 3, 31), date(2025, 4, 7))


@pytest.mark.slow
def test_a_further_length_counted_from_the_session_is_still_a_time(parser, resolver):
    said = datetime(2025, 2, 3, 21, 0)  # a Monday
    # after "in" it is counted from now
    assert ground_one(parser, resolver, "I'll see you in another week.", said).resolved


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "first", "end"),
    [
        # a length followed by until, left, away, to go: still to run from the session, not the stretch up to it
        ("Three days until the move.", date(2024, 5, 27), date(2024, 5, 30)),
        ("The wedding is three weeks away.", date(2024, 5, 27), date(2024, 6, 17)),
        ("Only two weeks left until the exam!", date(2024, 5, 27), date(2024, 6, 10)),
        ("Just a week to go.", date(2024, 5, 27), date(2024, 6, 3)),
        # a length granted, and a range of counts after "in": ahead of the session too (each had been behind)
        ("The doctor gives him maybe 4-6 weeks.", date(2024, 5, 27), date(2024, 7, 8)),
        # ... also told ahead, "a week" as one week from now, not the calendar week or the week up to now
        ("I'll ring the landlord and give him a week.", date(2024, 5, 27), date(2024, 6, 3)),
        # more of a length offered or agreed in the past: from now on, the offer is what was past
        ("The hotel offered a discount for another 10 days.", date(2024, 5, 27), date(2024, 6, 6)),
        ("They promised the scaffolding for another two weeks.", date(2024, 5, 27), date(2024, 6, 10)),
        # ... while one given or stayed in past talk is still behind
        ("I gave it a week and nothing changed.", date(2024, 5, 21), date(2024, 5, 28)),
        ("We stayed for another three days.", date(2024, 5, 24), date(2024, 5, 28)),
        ("The new boiler arrives in 3-4 weeks.", date(2024, 6, 17), date(2024, 7, 1)),
        # "within" a range: from now up to the larger count ("within" had been read as "in")
        ("We should hear within 3-4 weeks.", date(2024, 5, 27), date(2024, 6, 24)),
        # a wait told ahead to do a thing is from now on, not how long the doing takes
        ("It'll be 2 weeks to get the new tyres.", date(2024, 5, 27), date(2024, 6, 10)),
        ("It's going to be 3 weeks to fix the roof.", date(2024, 5, 27), date(2024, 6, 17)),
        # time off granted in the past runs from the granting, the news of the turn, so from now on
        ("My doctor signed me off for three weeks.", date(2024, 5, 27), date(2024, 6, 17)),
        ("The GP has signed her off work for another 2 weeks.", date(2024, 5, 27), date(2024, 6, 10)),
        ("My boss gave me four days off.", date(2024, 5, 27), date(2024, 5, 31)),
        ("the school gave us a week off", date(2024, 5, 27), date(2024, 6, 3)),
        # ... not leave told as a story: taken, had, in the passive, or with a past after it
        ("I took two weeks off.", date(2024, 5, 13), date(2024, 5, 28)),
        ("I was signed off for three weeks.", date(2024, 5, 6), date(2024, 5, 28)),
        ("They gave me two weeks off and we drove to Cornwall.", date(2024, 5, 13), date(2024, 5, 28)),
        # ... nor leave granted as the news said "just" or of no time, while a story around it keeps it behind: a
        # when-clause, "once" or an old boss, another past in the turn, or "back" at work
        ("The GP has just signed me off for ten days.", date(2024, 5, 27), date(2024, 6, 6)),
        ("HR granted her 5 days off.", date(2024, 5, 27), date(2024, 6, 1)),
        ("When I tore my hamstring the physio signed me off for 4 weeks.", date(2024, 4, 29), date(2024, 5, 28)),
        ("Work gave me a week off when my grandad had his fall.", date(2024, 5, 21), date(2024, 5, 28)),
        ("My old manager once gave me 2 days off.", date(2024, 5, 25), date(2024, 5, 28)),
        ("The doctor gave me 2 weeks off, which was a lifesaver.", date(2024, 5, 13), date(2024, 5, 28)),
        ("They signed me off for 3 weeks, I'm back in the office now.", date(2024, 5, 6), date(2024, 5, 28)),
        ("If they gave me a week off I'd sleep for days.", date(2024, 5, 21), date(2024, 5, 28)),
        # ... nor leave never granted, or only nearly
        ("My work never gave me a week off.", date(2024, 5, 21), date(2024, 5, 28)),
        ("The GP almost signed me off for two weeks.", date(2024, 5, 13), date(2024, 5, 28)),
        ("Nobody gave me two days off.", date(2024, 5, 25), date(2024, 5, 28)),
        # in past talk it is what ran then
        ("We waited two weeks until the results came.", date(2024, 5, 13), date(2024, 5, 28)),
        ("I had two days left.", date(2024, 5, 25), date(2024, 5, 28)),
        # a wait to do a thing told in the perfect, and a change "over" a length told as it stands now: behind
        ("I've been waiting 5 weeks to hear from the council.", date(2024, 4, 22), date(2024, 5, 28)),
        ("We've tried 3 years to sell the flat.", date(2021, 5, 27), date(2024, 5, 28)),
        ("I'm up 4kg over 6 weeks.", date(2024, 4, 15), date(2024, 5, 28)),
        ("Our energy bill is up 30% over 2 years.", date(2022, 5, 27), date(2024, 5, 28)),
    ],
)
def test_a_length_still_to_run_is_ahead_of_the_session(parser, resolver, text, first, end):
    assert _days(ground_one(parser, resolver, text, datetime(2024, 5, 27, 9))) == (first, end)


@pytest.mark.slow
def test_a_season_after_a_preposition_is_found(parser, resolver):
    # the tagger leaves "the autumn" out; a season after a preposition is a time as a month after one is
    mention = ground_one(parser, resolver, "We could do a parkrun together in the autumn!", datetime(2025, 6, 22, 20))
    assert mention.text == "the autumn" and _days(mention) == (date(2025, 9, 1), date(2025, 12, 1))


@pytest.mark.slow
def test_the_other_weekdays_of_a_habit_are_no_anchors(parser, resolver):
    said = datetime(2025, 3, 23, 18, 30)
    mentions = resolver.ground(parser.parse("Physio restarts on Tuesday, then it's every Tuesday and Friday."), said)
    assert [m.text for m in mentions] == ["on Tuesday"]  # "Friday" had been dated the coming Friday
    assert resolver.ground(parser.parse("I see her every Monday, Wednesday and Friday."), said) == []


@pytest.mark.slow
def test_a_weekday_that_names_a_habit_of_plural_things_is_no_date(parser, resolver):
    said = datetime(2025, 2, 16, 11, 5)
    # "the Thursday sessions" are the ones held on Thursdays; they had been dated last Thursday
    assert resolver.ground(parser.parse("I've stopped the Thursday sessions, it's just Mondays now."), said) == []
    # one meeting may still be a Friday's
    assert ground_one(parser, resolver, "The Friday meeting got moved.", said).resolved


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a group that meets on a weekday is named by it; it had been dated the last or the coming weekday
        ("The Thursday group has folded, not enough volunteers.", []),
        ("She plays for the saturday veterans' team.", []),
        ("He's joined the Wednesday walking club.", []),
        # ... and so does a market, a stall or a pitch held on it week after week
        ("The friday market is ticking over, about £300 a week.", []),
        ("I'm handing back the saturday pitch.", []),
        # one meeting, match or party on a weekday, and a group met on a day, are that day
        ("The Monday match got called off.", ["Monday"]),
        ("I'm going to the market on friday.", ["on friday"]),
        ("The saturday market was dead quiet.", ["saturday"]),
        ("I'm going to the saturday market with mum.", ["saturday"]),
        ("The Saturday party was great.", ["Saturday"]),
        ("I'm meeting the team on Monday.", ["on Monday"]),
    ],
)
def test_a_weekday_that_names_a_group_is_no_date(parser, resolver, text, expected):
    said = datetime(2025, 2, 16, 11, 5)  # a Sunday
    assert [m.text for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "dated_by_the_season"),
    [
        # goods a season names are what they are for, not a time: they had been dated the coming summer or winter
        ("We've decided not to stock their summer collection.", False),
        ("The autumn menu goes live next week.", False),
        ("I finally bought a decent winter coat.", False),
        # a holiday, a party, a job in a season is still then, and a season alone is a time
        ("Our summer holiday is in Crete.", True),
        ("I got a summer job at the garden centre.", True),
        ("The winter was brutal.", True),
    ],
)
def test_goods_a_season_names_are_no_date(parser, resolver, text, dated_by_the_season):
    said = datetime(2025, 2, 16, 11, 5)
    mentions = resolver.ground(parser.parse(text), said)
    assert any(re.search(r"summer|autumn|winter", m.text, re.IGNORECASE) for m in mentions) == dated_by_the_season



@pytest.mark.slow
def test_a_weekday_said_with_how_often_is_a_habit(parser, resolver):
    said = datetime(2025, 2, 2, 18, 30)  # a Sunday
    # "usually Tuesday, Thursday" had dated the coming Tuesday and Thursday
    texts = [m.text for m in resolver.ground(parser.parse("I run three times a week, usually Tuesday, Thursday and Sunday."), said)]
    assert not any("day" in t.lower() for t in texts), texts
    assert resolver.ground(parser.parse("I normally swim on Friday."), said) == []
    # without a word of how often, the weekday is still a day
    assert _days(ground_one(parser, resolver, "I swim on Friday.", said)) == (date(2025, 2, 7), date(2025, 2, 8))


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expected",
    [
        # a weekday, a part of the day or an hour in a clause that tells a habit or a standing taste: the time of
        # the habit, not the session day or the coming weekday
        ("I usually walk the dog in the morning.", []),
        ("She never eats after 8pm.", []),
        ("I'll never book flights at 6am again.", []),
        ("I like doing the laundry on Saturday.", []),
        ("Tom loves cycling to the coast on Sunday.", []),
        ("I'd rather do the long run in the morning.", []),
        ("I'd prefer to cycle in the morning, before work.", []),
        # one day still: a past "never", a past liking, "would" with a weekday, a weekday chosen, a future
        ("He never turned up on Tuesday.", ["on Tuesday"]),
        ("We enjoyed the concert on Saturday.", ["on Saturday"]),
        ("I'd rather meet on Thursday, if that's ok.", ["on Thursday"]),
        ("I'd love to come over on Saturday.", ["on Saturday"]),
        ("I prefer the Thursday slot, thanks.", ["Thursday"]),
        ("I like the place, we sign the lease on Monday.", ["on Monday"]),
        ("The heating never came on this morning.", ["this morning"]),
        # a weekday with a liking but no doing liked, or with "never" of one day
        ("I like the idea of a barbecue on Sunday.", ["on Sunday"]),
        ("I prefer to travel on Monday, the trains are quieter.", ["on Monday"]),
        ("I never know what to wear on Saturday, it's black tie.", ["on Saturday"]),
        ("I love that we're going to Paris on Friday.", ["on Friday"]),
        ("I'd rather do it at 3pm.", ["3pm"]),
        # the hour or part of the day a dose is taken, and an hour "as usual": a habit's
        ("Dad takes bisoprolol 5mg in the morning.", []),
        ("She takes omeprazole 20 mg and the statin, both morning.", []),
        ("I use 2 puffs of the brown one at 7am.", []),
        ("Band practice, 8pm at the church hall as usual.", []),
        # one dose had, a dose after the hour, a past part of the day, a day "as usual": times still
        ("He had 5mg at 6pm and it settled him.", ["6pm"]),
        ("The surgery opens at 8am, I need 40mg.", ["8am"]),
        ("I took 2 tablets this morning.", ["this morning"]),
        ("We're on Friday as usual.", ["on Friday"]),
    ],
)
def test_the_time_of_a_habit_or_a_standing_taste_is_no_date(parser, resolver, text, expected):
    said = datetime(2025, 2, 5, 18, 30)  # a Wednesday
    assert [m.text for m in resolver.ground(parser.parse(text), said)] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, expected",
    [
        # a routine's days and hours said without "every": plural days, days said together, a rate word, an hour
        # "now", two hours of the simple present; each had dated the routine the session day or the coming weekday
        ("I take my vitamins at 7am and 7pm.", []),
        ("Leo has swimming lessons sundays 9am.", []),
        ("Yoga is mon wed fri at 6:30am.", []),
        ("My team days are monday and wednesday.", []),
        ("running club tues and thurs evenings", []),
        ("I walk the dog at 9:30 on weekdays.", []),
        ("Remind me on weeknights at 9pm to take the bins out.", []),
        ("My weekly call with the agency is at 11am.", []),
        ("Choir is on thursdays, so have my folder ready wednesday night.", []),
        # the hours a routine's session runs between, and two days "now" (the days as they stand)
        ("Ballet is on saturdays 9-10am.", []),
        ("Gymnastics is fridays now 4:45-5:30.", []),
        ("He has his lessons monday and thursday now.", []),
        ("She's got her tutoring tuesday and friday now.", []),
        ("He stays at his mum's saturday and sunday now.", []),
        # one day still: no routine said, which week, the day a routine starts, an arrangement, the past, a choice,
        # a coming occasion beside a routine, a day of the hour's own
        ("My bus leaves at 7am.", ["7am"]),
        ("The vet is on Thursday at 10.", ["on Thursday"]),
        ("We're seeing them Saturday and Sunday.", ["Saturday", "Sunday"]),
        ("We stayed in Leeds on Friday and Saturday.", ["on Friday", "Saturday"]),
        ("I'll be in Paris next Tuesday and Wednesday.", ["next Tuesday", "Wednesday"]),
        ("Can we do Monday or Wednesday?", ["Monday", "Wednesday"]),
        ("Her classes are on saturdays but this Saturday she's off.", ["this Saturday"]),
        ("Choir starts on Monday, then it's mondays and thursdays.", ["on Monday"]),
        ("The gym is shut on sundays, so I'll run on Saturday.", ["on Saturday"]),
        ("The pool is open weekdays, so let's swim on Friday.", ["on Friday"]),
        ("The pool is open weekdays and I'm going tomorrow at 7am.", ["tomorrow", "7am"]),
        ("It's 9pm now and the pizza hasn't come.", ["9pm now"]),
        # two days of one week: being free or busy, an event on two days; an hour of one coming occasion beside a
        # routine word; an hour "now" (one meeting moved as often as a standing time); two hours things are at
        ("I'm free Monday and Thursday if that helps.", ["Monday", "Thursday"]),
        ("We're busy Saturday and Sunday.", ["Saturday", "Sunday"]),
        ("The conference is Monday and Tuesday.", ["Monday", "Tuesday"]),
        ("Thursday and Friday work for me.", ["Thursday", "Friday"]),
        ("I'll send you the weekly report at 5pm.", ["5pm"]),
        ("I work weekends, so I can meet you at 5pm.", ["5pm"]),
        # "at the weekend" said with a word of how often, or beside a routine's days, is the weekends of a habit
        ("Mum has the kids on Wednesdays and I have them at the weekend.", []),
        ("I always do the big shop at the weekend.", []),
        ("I'll see you at the weekend.", ["the weekend"]),
        # ... as with "never" or "hardly ever", or with "it" and a state in the simple present; a person's state is one
        ("We never eat out at the weekend.", []),
        ("She hardly ever rings at the weekend.", []),
        ("It's really quiet at the weekend.", []),
        ("I'm busy at the weekend.", ["the weekend"]),
        ("It was quiet at the weekend.", ["the weekend"]),
        ("Football is tuesdays, but this week it's Wednesday.", ["this week", "Wednesday"]),
        ("The meeting is at 3pm now.", ["3pm now"]),
        ("The dentist is on Friday 2-3pm.", ["on Friday 2-3pm"]),
        ("I'm seeing her monday and thursday now.", ["monday", "thursday"]),
        ("We were at the fair 2-5pm on Saturday.", ["2-5pm", "on Saturday"]),
        ("The flights are at 6am and 9pm.", ["6am and 9pm"]),
        # two days "now" of one thing moved or dropped are its dates: only a routine held is of no date
        ("The interviews are thursday and friday now, they moved them.", ["thursday", "friday"]),
        ("The electrician comes monday and tuesday now.", ["monday", "tuesday"]),
        ("We're around saturday and sunday now the trip is off.", ["saturday", "sunday"]),
        # a run of weekdays with no week said: told with one's "goes", or beside plural days, a week's pattern;
        # being away, a thing that runs, a trip or a visit, another doing, the past and a week said are one week's
        ("She goes to the childminder mon-thurs, 8 till 3.", []),
        ("She goes to the childminder tuesday to thursday.", []),
        ("Dad has him on mondays, and the creche tuesday to friday.", []),
        ("I'm away mon-wed for work.", ["mon-wed"]),
        ("The show runs thursday to sunday.", ["thursday to sunday"]),
        ("My sister visits tuesday to thursday.", ["tuesday to thursday"]),
        ("The plumber comes mon-tues.", ["mon-tues."]),
        ("We were in Devon friday to sunday.", ["friday to sunday"]),
        ("I'm doing the early shifts tues-thurs.", ["tues-thurs."]),
        ("I'll cover monday to wednesday.", ["monday to wednesday"]),
        ("They strike mon-wed.", ["mon-wed."]),
        ("The water goes off mon-wed for the works.", ["mon-wed"]),
    ],
)
def test_the_days_and_hours_of_a_routine_are_no_date(parser, resolver, text, expected):
    said = datetime(2025, 2, 5, 18, 30)  # a Wednesday
    assert [m.text for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the day a thing was moved to, which the tagger missed after "back to"
        ("the delivery got pushed back to the 9th", ["the 9th"]),
        ("they moved us to the 5th floor", []),
        ("we went back to the 1st place we saw", []),
        # the day a date now is
        ("the exam's new date is the 17th", ["the 17th"]),
        ("the vet appointment is now the 9th", ["the 9th"]),
        ("it's the 3rd time I've asked", []),
        ("it's the 5th one I've bought", []),
    ],
)
def test_the_day_a_thing_was_moved_to_is_found(parser, resolver, text, expected):
    said = datetime(2024, 9, 3, 10)
    assert [m.text for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
def test_an_hour_is_read_without_the_word_the_tagger_took_after_it(parser, resolver):
    said = datetime(2025, 2, 5, 18, 30)
    # the tagger's "7pm about": read as an hour, it is the hour of the habit "every" tells, no date
    assert resolver.ground(parser.parse("remind me every monday and thursday at 7pm about my French class"), said) == []
    # "please" after the hour is no part of it
    assert [m.text for m in resolver.ground(parser.parse("Ping me at 4pm please, I'll be out."), said)] == ["4pm"]
    # a preposition whose object is in the entity stays ("two weeks from now" is one expression)
    assert [m.text for m in resolver.ground(parser.parse("I'll know two weeks from now."), said)] == ["two weeks from now"]



@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the tagger ran the date on across "so" or "but" into the next clause: "the summer so the weekend" had been
        # one date, the coming weekend
        ("we are off to Spain in the spring so the weekend plans are off", ["the spring"]),
        ("Dan starts nursery in the new year so the weekend routine changes", ["the new year"]),
        # "so far" is no other clause
        ("it's been quiet this week so far", ["this week"]),
    ],
)
def test_a_date_stops_where_another_clause_begins(parser, resolver, text, expected):
    said = datetime(2025, 2, 5, 18, 30)
    assert [m.text for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
def test_the_day_after_what_was_entered_is_the_events(parser, resolver):
    said = datetime(2025, 2, 2, 18, 30)
    # a perfect takes no day of its own: the day is the race's, ahead (it had been April of the year before)
    mention = ground_one(parser, resolver, "I've entered the Greenwich Half on April 27th.", said)
    assert _days(mention) == (date(2025, 4, 27), date(2025, 4, 28))
    # in the past tense the day is the entering's
    mention = ground_one(parser, resolver, "I entered the office on Monday and saw him.", said)
    assert _days(mention) == (date(2025, 1, 27), date(2025, 1, 28))


@pytest.mark.slow
def test_the_month_of_a_sitting_registered_for_is_ahead(parser, resolver):
    said = datetime(2024, 9, 2, 18, 30)
    # the past of the registering had put December, and the 1st in it, a year back
    mentions = resolver.ground(parser.parse("Yes, I've registered for the December sitting on the 1st."), said)
    assert [_days(m) for m in mentions] == [(date(2024, 12, 1), date(2025, 1, 1)), (date(2024, 12, 1), date(2024, 12, 2))]
    mentions = resolver.ground(parser.parse("I've registered for the June sitting of the TOEFL on the 15th."), said)
    assert [_days(m) for m in mentions] == [(date(2025, 6, 1), date(2025, 7, 1)), (date(2025, 6, 15), date(2025, 6, 16))]
    # a month that names a thing enjoyed is still the one gone
    assert _days(ground_one(parser, resolver, "I loved the December concert.", said)) == (date(2023, 12, 1), date(2024, 1, 1))
    # a deed of its own beside a month ahead keeps its day behind
    mentions = resolver.ground(parser.parse("The exam is in December but I registered on the 1st."), said)
    assert _days(mentions[1]) == (date(2024, 9, 1), date(2024, 9, 2))
    mentions = resolver.ground(parser.parse("We're going to Paris in December, the deposit was paid on the 1st."), said)
    assert _days(mentions[1]) == (date(2024, 9, 1), date(2024, 9, 2))


@pytest.mark.slow
def test_a_length_said_in_the_present_runs_from_the_session(parser, resolver):
    said = datetime(2025, 4, 13, 20, 5)
    # "for two weeks" in present talk had been the two weeks up to the session
    mention = ground_one(parser, resolver, "She wants me off running for two weeks.", said)
    assert _days(mention) == (date(2025, 4, 13), date(2025, 4, 27))
    # in the perfect it is the stretch up to the session, as before
    mention = ground_one(parser, resolver, "I've been off work for two weeks.", said)
    assert _days(mention) == (date(2025, 3, 30), date(2025, 4, 14))
    # time off granted with a date of its own in the sentence is not counted from the session
    for text in ("The GP signed him off for two weeks in February.", "They gave me two weeks off in January."):
        mentions = resolver.ground(parser.parse(text), said)
        assert _days(mentions[0]) == (date(2025, 3, 30), date(2025, 4, 14)), text
    # ... nor with a return told after it, or a date of the turns just before; "today" is the granting's own time
    mentions = resolver.ground(parser.parse("The nurse signed me off for 2 weeks. I returned on Friday."), said)
    assert _days(mentions[0]) == (date(2025, 3, 30), date(2025, 4, 14))
    before = resolver.ground(parser.parse("I was in hospital in January."), said)
    mentions = resolver.ground(parser.parse("yeah the consultant signed me off for 2 weeks"), said, before)
    assert _days(mentions[0]) == (date(2025, 3, 30), date(2025, 4, 14))
    mentions = resolver.ground(parser.parse("yeah the consultant signed me off for 2 weeks"), said)
    assert _days(mentions[0]) == (date(2025, 4, 13), date(2025, 4, 27))
    mentions = resolver.ground(parser.parse("Today the consultant signed him off for 2 weeks."), said)
    assert [_days(m) for m in mentions] == [(date(2025, 4, 13), date(2025, 4, 14)), (date(2025, 4, 13), date(2025, 4, 27))]


@pytest.mark.slow
def test_a_clause_joined_by_and_says_its_own_tense_where_the_parse_gives_no_verb(parser, resolver):
    # the tagger reads "renews" as a noun, so the whole sentence was read and "gone" put the 15th in January
    said = datetime(2025, 2, 3, 9, 0)
    mention = ground_one(parser, resolver, "Also my Adobe subscription renews on the 15th and it's gone up to £57 a month.", said)
    assert _days(mention) == (date(2025, 2, 15), date(2025, 2, 16))


@pytest.mark.slow
def test_a_day_its_tense_puts_behind_is_no_day_of_a_month_ahead(parser, resolver):
    said = datetime(2025, 2, 24, 10, 0)
    text = "They want to start in April instead. The workshop on the 10th never happened."
    mentions = resolver.ground(parser.parse(text), said)
    assert [(m.text, _days(m)[0]) for m in mentions] == [("April", date(2025, 4, 1)), ("the 10th", date(2025, 2, 10))]
    # on the same side of the session, the month said before still holds
    text = "We fly out on the 14th of March and come back on the 18th."
    assert [_days(m)[0] for m in resolver.ground(parser.parse(text), said)] == [date(2025, 3, 14), date(2025, 3, 18)]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        # a length made an adjective, or an amount of something
        "I sent the invoice with 30-day terms.", "They're paying £400 a day, roughly 20 days of work.",
        "I have ten years of experience.", "She booked a two-week course.",
        # the same adjective written with a space: the count and unit modify the noun after them
        "She booked a two week course.", "He has his three month checkup.", "We took a 6 month lease.",
        # a rate: how often, like "three times a week"
        "They want someone in the office five days a week.", "I work three days a week now.",
        "She trains two days per week.", "We spend two months a year in Spain.",
        # a length in the possessive that measures a noun: rent or notice that much time buys
        "The deposit is five weeks' rent, so £1,550 each.", "I had to give two weeks' notice at work.",
        "The deposit is a month's rent.", "I need a few days' rest.",
        # a length added to another: beyond some other end, not the week up to the session
        "He's letting me stay an extra week for £300.", "We need another week to pack.",
        "Can I keep the van a couple more days?", "The builders need two more weeks.",
    ],
)
def test_a_length_that_measures_something_else_is_no_date(parser, resolver, text):
    # each had been a stretch up to the session
    assert resolver.ground(parser.parse(text), datetime(2025, 4, 28, 9, 0)) == []


@pytest.mark.slow
def test_a_length_before_a_noun_leaves_the_date_of_the_turn(parser, resolver):
    said = datetime(2025, 1, 10, 20, 15)  # a Friday
    # "one month" had been the month up to the session, and as the first date it dated the memory
    mentions = resolver.ground(parser.parse("We have his one month checkup with Dr. Patel next Thursday."), said)
    assert [(m.text, _days(m)) for m in mentions] == [("next Thursday", (date(2025, 1, 16), date(2025, 1, 17)))]
    # a length that is no modifier still dates
    assert ground_one(parser, resolver, "I'll see him in two weeks.", said).resolved


@pytest.mark.slow
def test_a_possessive_that_names_a_time_still_dates(parser, resolver):
    said = datetime(2025, 1, 20, 18, 45)  # a Monday
    # "in two weeks' time" is after two weeks; "last week's party" was last week: neither is a measure
    assert ground_one(parser, resolver, "I'll be back in two weeks' time.", said).resolved
    assert _days(ground_one(parser, resolver, "Last week's party was fun.", said)) == (date(2025, 1, 13), date(2025, 1, 20))


@pytest.mark.slow
def test_the_first_or_last_days_or_weeks_of_a_month(parser, resolver):
    said = datetime(2025, 4, 28, 9, 0)
    # had been the two weeks up to the session
    mention = ground_one(parser, resolver, "I spent the first two weeks of March in Spain.", said)
    assert _days(mention) == (date(2025, 3, 1), date(2025, 3, 15))
    mention = ground_one(parser, resolver, "I'm away the last 3 days of June.", said)
    assert _days(mention) == (date(2025, 6, 28), date(2025, 7, 1))


@pytest.mark.slow
def test_another_length_runs_on_from_the_session(parser, resolver):
    said = datetime(2025, 4, 9, 19, 0)
    # "another three months" had been the three months up to the session, as if it had already passed
    mention = ground_one(parser, resolver, "He stays on the ursodiol for another three months.", said)
    assert mention.text == "another three months"
    assert _days(mention) == (date(2025, 4, 9), date(2025, 7, 9))
    mention = ground_one(parser, resolver, "It's another two weeks until the results come back.", said)
    assert _days(mention) == (date(2025, 4, 9), date(2025, 4, 23))
    # in past talk it stays the stretch up to the session, as a bare length does
    mention = ground_one(parser, resolver, "We stayed for another two days.", said)
    assert _days(mention) == (date(2025, 4, 7), date(2025, 4, 10))
    # an amount of something is no date, with "another" as without
    assert resolver.ground(parser.parse("I have another ten days of leave."), said) == []


@pytest.mark.slow
def test_a_time_of_day_is_on_the_day_said_with_it(parser, resolver):
    said = datetime(2025, 4, 9, 19, 0)  # a Wednesday
    # "noon" had been the session day, and as the first date of the turn it dated the memory
    mentions = resolver.ground(parser.parse("Biscuit slept until noon on Sunday."), said)
    assert [(m.text, _days(m)) for m in mentions] == [
        ("noon", (date(2025, 4, 6), date(2025, 4, 7))), ("on Sunday", (date(2025, 4, 6), date(2025, 4, 7)))
    ]
    mentions = resolver.ground(parser.parse("The call is at 4:30 on Thursday, then dinner."), said)
    assert {_days(m) for m in mentions} == {(date(2025, 4, 10), date(2025, 4, 11))}
    # a time of another verb keeps its own day
    mentions = resolver.ground(parser.parse("I got up at 6am and we're flying out on Friday."), said)
    assert [_days(m)[0] for m in mentions] == [date(2025, 4, 9), date(2025, 4, 11)]
    # alone, a time of day is still the session day
    assert _days(ground_one(parser, resolver, "I got home at midnight.", said))[0] == date(2025, 4, 9)
    # with a week of the same verb, an hour of some day in that week ("2am" had been the session day, "last week" lost)
    for text in ("The alarm went off at 3am last week.", "They found the dog by the river at 2am last week."):
        mentions = resolver.ground(parser.parse(text), said)
        assert {_days(m) for m in mentions} == {(date(2025, 3, 31), date(2025, 4, 7))}, text
    mentions = resolver.ground(parser.parse("She rang me at 11pm last weekend."), said)
    assert {_days(m) for m in mentions} == {(date(2025, 4, 5), date(2025, 4, 7))}
    # a length is no week to fall in, and a week of another verb leaves the hour its own day
    mentions = resolver.ground(parser.parse("He's been up at 5am for 3 days."), said)
    assert _days(mentions[0])[0] == date(2025, 4, 9)
    mentions = resolver.ground(parser.parse("I woke at 4am, last week was awful."), said)
    assert _days(mentions[0]) == (date(2025, 4, 9), date(2025, 4, 10))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a part of the day had or taken, with one day ahead in the turn: that day's (it had been the session day)
        ("The scan is on Friday at 9. I'll have to take the morning off work.",
         [("on Friday", date(2025, 4, 11)), ("the morning", date(2025, 4, 11))]),
        ("the plumber's booked for the 15th, I've got a free morning", [("the 15th", date(2025, 4, 15)), ("a free morning", date(2025, 4, 15))]),
        # past talk, a part of the day after a preposition, two days, or no day: as it was
        ("We had a lovely evening at the Crown, and we're off to York on Friday.",
         [("a lovely evening", date(2025, 4, 9)), ("on Friday", date(2025, 4, 11))]),
        ("We're off to York on Friday. I'll pack in the morning.", [("on Friday", date(2025, 4, 11)), ("the morning", date(2025, 4, 9))]),
        ("Football on Saturday and lunch on Sunday, so I've got a free morning.",
         [("on Saturday", date(2025, 4, 12)), ("on Sunday", date(2025, 4, 13)), ("a free morning", date(2025, 4, 9))]),
        ("I've got a busy morning, speak later.", [("a busy morning", date(2025, 4, 9))]),
        # a day of another sentence, or a cue of now, leaves a part of the day had as the session day's
        ("I've got a hectic afternoon, chat later. Physio's on Friday.", [("a hectic afternoon", date(2025, 4, 9)), ("on Friday", date(2025, 4, 11))]),
        ("I've got a long evening in front of me. The interview is on Thursday.",
         [("a long evening", date(2025, 4, 9)), ("on Thursday", date(2025, 4, 10))]),
        ("I've got a busy afternoon ahead of me, the wedding is on Saturday",
         [("a busy afternoon", date(2025, 4, 9)), ("on Saturday", date(2025, 4, 12))]),
        # ... but one taken off is of the day the turn names
        ("The MOT is on Monday. I'll book the afternoon off.", [("on Monday", date(2025, 4, 14)), ("the afternoon", date(2025, 4, 14))]),
        # "now" or "today" of another clause tells no day of the part, which keeps the day said with it
        ("so now I've got a free morning on saturday", [("a free morning", date(2025, 4, 12)), ("on saturday", date(2025, 4, 12))]),
        ("found out today the MRI is on Friday, I'll need the afternoon off",
         [("today", date(2025, 4, 9)), ("on Friday", date(2025, 4, 11)), ("the afternoon", date(2025, 4, 11))]),
        ("the electrician is coming thursday now, I'll take the afternoon off",
         [("coming thursday", date(2025, 4, 10)), ("the afternoon", date(2025, 4, 10))]),
        # a day of the sentence before is the one the part goes on about
        ("The christening is Saturday. It'll be a long afternoon.", [("Saturday", date(2025, 4, 12)), ("a long afternoon", date(2025, 4, 12))]),
        ("Driving test on Thursday. I've got an early morning.", [("on Thursday", date(2025, 4, 10)), ("an early morning", date(2025, 4, 10))]),
        # ... but today or now said of the part itself keeps it the session day's
        ("I've got a free morning today, the dentist is on Friday.",
         [("a free morning", date(2025, 4, 9)), ("today", date(2025, 4, 9)), ("on Friday", date(2025, 4, 11))]),
        ("The dentist is on Friday. I've got a busy morning now.", [("on Friday", date(2025, 4, 11)), ("a busy morning", date(2025, 4, 9))]),
    ],
)
def test_a_part_of_the_day_taken_is_of_the_day_the_turn_names(parser, resolver, text, expected):
    said = datetime(2025, 4, 9, 8, 0)  # a Wednesday
    assert [(m.text, m.start.date()) for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "until"),
    [
        # said on Saturday 19 November 2022: the stay ends on the Sunday after the Wednesday they come
        ("They fly in on Wednesday and stay with us until Sunday.", date(2022, 11, 27)),
        ("We arrive on Friday and stay until Tuesday.", date(2022, 11, 29)),
        # with no start before it, the weekday is the nearest one
        ("I'm off work until Monday.", date(2022, 11, 21)),
        # a date of another clause starts nothing the "until" ends
        ("The wedding is next Saturday, I'm at my mum's until Tuesday.", date(2022, 11, 22)),
    ],
)
def test_until_a_weekday_ends_what_the_day_before_it_began(parser, resolver, text, until):
    mentions = resolver.ground(parser.parse(text), datetime(2022, 11, 19, 15))
    assert mentions[-1].start.date() == until



@pytest.mark.parametrize(
    ("text", "said", "first", "end"),
    [
        # the month after the session's, whatever day it is said on (a month added to 31 January is not March)
        ("early next month", date(2025, 1, 31), date(2025, 2, 1), date(2025, 2, 11)),
        ("mid next month", date(2025, 10, 31), date(2025, 11, 11), date(2025, 11, 21)),
        ("late next month", date(2025, 5, 31), date(2025, 6, 21), date(2025, 7, 1)),
        ("later next month", date(2025, 1, 31), date(2025, 2, 19), date(2025, 3, 1)),
        ("early last month", date(2025, 3, 31), date(2025, 2, 1), date(2025, 2, 11)),
        ("early next year", date(2025, 11, 20), date(2026, 1, 1), date(2026, 4, 1)),
    ],
)
def test_a_part_of_a_month_counted_from_the_session_falls_in_that_month(text, said, first, end):
    start, stop, _ = resolve_by_rule(text, said, "future")
    assert (start.date(), stop.date()) == (first, end)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("at christmas Tom proposed to me!!!", date(2024, 12, 25)),
        ("and on new year's eve jake's car got towed lol", date(2024, 12, 31)),
        ("at easter jake's parents came over", date(2024, 3, 31)),
    ],
)
def test_a_holiday_after_a_preposition_of_time_is_a_time_whatever_name_follows(parser, resolver, text, day):
    # the parse hangs the holiday on the name or possessive after it, as it does "Christmas card"
    mention = ground_one(parser, resolver, text, datetime(2025, 1, 10, 12))
    assert mention.start.date() == day


@pytest.mark.slow
def test_a_holiday_that_classifies_a_noun_is_still_no_date(parser, resolver):
    assert resolver.ground(parser.parse("we sent our christmas card list out"), datetime(2025, 4, 25, 12)) == []


@pytest.mark.parametrize(
    ("name", "year", "day"),
    [
        # feasts counted from Easter (20 April 2025, 5 April 2026)
        ("good friday", 2025, date(2025, 4, 18)),
        ("good friday", 2026, date(2026, 4, 3)),
        ("shrove tuesday", 2026, date(2026, 2, 17)),
        ("pancake day", 2025, date(2025, 3, 4)),
        ("ash wednesday", 2026, date(2026, 2, 18)),
        ("mothering sunday", 2025, date(2025, 3, 30)),
        ("mothering sunday", 2026, date(2026, 3, 15)),
        ("palm sunday", 2026, date(2026, 3, 29)),
        ("maundy thursday", 2025, date(2025, 4, 17)),
        ("easter monday", 2026, date(2026, 4, 6)),
        ("ascension day", 2025, date(2025, 5, 29)),
        ("pentecost", 2025, date(2025, 6, 8)),
        ("whit monday", 2026, date(2026, 5, 25)),
        # days a rule sets
        ("remembrance sunday", 2025, date(2025, 11, 9)),
        ("remembrance sunday", 2026, date(2026, 11, 8)),
        ("black friday", 2025, date(2025, 11, 28)),
        ("black friday", 2026, date(2026, 11, 27)),
        ("advent sunday", 2025, date(2025, 11, 30)),
        ("advent sunday", 2026, date(2026, 11, 29)),
        # and days of the year, however the saint's day is spelt
        ("burns night", 2026, date(2026, 1, 25)),
        ("st patricks day", 2026, date(2026, 3, 17)),
        ("saint george's day", 2026, date(2026, 4, 23)),
        ("st. andrew’s day", 2026, date(2026, 11, 30)),
        ("bonfire night", 2026, date(2026, 11, 5)),
    ],
)
def test_an_observance_falls_on_the_day_its_calendar_gives(name, year, day):
    assert observance_days(name, [year]) == [(day, 1)]


def test_a_name_no_calendar_here_dates_gives_no_days():
    # "Whitsun" is Pentecost to the Church, and the late May bank holiday and half term in the UK
    assert observance_days("whitsun", [2025]) is None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "expected"),
    [
        # a feast counted from Easter is its own day, not the next plain weekday of its name (A2: Good Friday had
        # been the coming Friday, Easter Monday Easter Sunday)
        (date(2025, 3, 1), "the fun run is on Good Friday", [("Good Friday", date(2025, 4, 18))]),
        (date(2025, 3, 1), "we're off on good friday", [("good friday", date(2025, 4, 18))]),
        (date(2025, 3, 1), "we're going to a Good Friday service", [("Good Friday", date(2025, 4, 18))]),
        (date(2025, 2, 20), "the service is on Ash Wednesday", [("Ash Wednesday", date(2025, 3, 5))]),
        (date(2025, 3, 1), "the service is on Palm Sunday", [("Palm Sunday", date(2025, 4, 13))]),
        (date(2025, 3, 1), "we're doing a cake sale on Mothering Sunday", [("Mothering Sunday", date(2025, 3, 30))]),
        (date(2025, 3, 1), "choir's singing on Easter Monday", [("Easter Monday", date(2025, 4, 21))]),
        (date(2025, 3, 1), "the shop is closed on good friday and easter monday",
         [("good friday", date(2025, 4, 18)), ("easter monday", date(2025, 4, 21))]),
        (date(2025, 5, 1), "the picnic is on Whit Monday", [("Whit Monday", date(2025, 6, 9))]),
        (date(2025, 3, 1), "the week before Good Friday", [("the week before Good Friday", date(2025, 4, 11))]),
        # the one the tense points to, or "last" and "next" do
        (date(2025, 5, 10), "good friday was fun", [("good friday", date(2025, 4, 18))]),
        (date(2025, 5, 10), "last Good Friday we went to the coast", [("last Good Friday", date(2025, 4, 18))]),
        (date(2025, 5, 10), "next good friday I'll be in Spain", [("next good friday", date(2026, 4, 3))]),
        # days a rule sets, and days of the year the resolver had not known
        (date(2025, 11, 1), "the bazaar is on Remembrance Sunday", [("Remembrance Sunday", date(2025, 11, 9))]),
        (date(2025, 11, 20), "we laid a wreath on remembrance sunday", [("remembrance sunday", date(2025, 11, 9))]),
        (date(2025, 11, 20), "I'm working black friday", [("black friday", date(2025, 11, 28))]),
        (date(2025, 10, 20), "we're going to the fireworks on bonfire night", [("bonfire night", date(2025, 11, 5))]),
        (date(2025, 1, 10), "we're having haggis for Burns Night", [("Burns Night", date(2025, 1, 25))]),
        (date(2025, 4, 1), "the parade is on St George’s Day", [("St George’s Day", date(2025, 4, 23))]),
        (date(2025, 4, 2), "I'm organising a litter pick on Earth Day, the 22nd.", [("Earth Day", date(2025, 4, 22))]),
        # guards: "good" or "black" after an article or a word of degree is an adjective of a plain Friday
        (date(2025, 5, 10), "see you friday", [("friday", date(2025, 5, 16))]),
        (date(2025, 5, 10), "we had a good friday night out", [("friday night", date(2025, 5, 9))]),
        (date(2025, 5, 10), "it was a really good friday", [("friday", date(2025, 5, 9))]),
        (date(2025, 11, 20), "it was a black friday for the markets", [("friday", date(2025, 11, 14))]),
        # ... and a name no calendar here dates is no date at all
        (date(2025, 5, 10), "the whitsun half term is the week after next", [("the week after next", date(2025, 5, 19))]),
    ],
)
def test_an_observance_is_its_own_day_not_the_weekday_it_names(parser, resolver, said, text, expected):
    found = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12))
    assert [(m.text, m.start.date()) for m in found if m.resolved] == expected


def _lunar(name):
    return [first for first, _ in observance_days(name, range(2019, 2036))]


def test_the_lunar_festivals_keep_their_calendars_rules():
    # the tables are data; these are the rules of the calendars they come from, which a mistyped day breaks
    ramadan = observance_days("ramadan", range(2019, 2036))
    assert all(29 <= n <= 30 for _, n in ramadan)  # a lunar month, up to Eid al-Fitr
    for name in ("eid al-fitr", "eid al-adha"):
        days = _lunar(name)
        assert all((later - earlier).days in (354, 355) for earlier, later in zip(days, days[1:]))  # a lunar year
    # Eid al-Adha is the 10th of the twelfth month: two months of 29 or 30 days and nine days after Eid al-Fitr
    assert all(67 <= (adha - fitr).days <= 69 for fitr, adha in zip(_lunar("eid al-fitr"), _lunar("eid al-adha")))
    # the Hebrew calendar: Rosh Hashanah 163 days after Passover, never on a Sunday, Wednesday or Friday; Passover
    # never on a Monday, Wednesday or Friday; Hanukkah 83 or 84 days after Rosh Hashanah; all in their seasons
    passover, rosh_hashanah, hanukkah = _lunar("passover"), _lunar("rosh hashanah"), _lunar("hanukkah")
    assert all((new_year - first).days == 163 for first, new_year in zip(passover, rosh_hashanah))
    assert not {d.weekday() for d in rosh_hashanah} & {6, 2, 4} and not {d.weekday() for d in passover} & {0, 2, 4}
    assert all((candles - new_year).days in (83, 84) for new_year, candles in zip(rosh_hashanah, hanukkah))
    assert all(date(d.year, 1, 21) <= d <= date(d.year, 2, 20) for d in _lunar("chinese new year"))
    assert all(date(d.year, 10, 17) <= d <= date(d.year, 11, 15) for d in _lunar("diwali"))
    assert all(date(d.year, 2, 26) <= d <= date(d.year, 3, 30) for d in _lunar("holi"))
    # a year the tables do not reach is unknown, not a year without the festival
    assert observance_days("eid", [2018, 2019]) is None and observance_days("vaisakhi", [2025]) is None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "expected"),
    [
        # festivals of lunar calendars, from their tables; had no date (Chinese New Year had been 1 January)
        (date(2026, 2, 10), "the iftar is during ramadan", [("ramadan", date(2026, 2, 18), date(2026, 3, 20))]),
        (date(2026, 3, 10), "we're having a party for eid", [("eid", date(2026, 3, 20), date(2026, 3, 21))]),
        (date(2026, 4, 14), "eid was lovely", [("eid", date(2026, 3, 20), date(2026, 3, 21))]),
        (date(2026, 4, 14), "we're saving up for eid al-adha", [("eid al-adha", date(2026, 5, 27), date(2026, 5, 28))]),
        (date(2025, 10, 1), "we're going to the temple for diwali", [("diwali", date(2025, 10, 20), date(2025, 10, 21))]),
        (date(2025, 10, 1), "last diwali we went to Leicester", [("last diwali", date(2024, 10, 31), date(2024, 11, 1))]),
        (date(2025, 1, 20), "we're celebrating Chinese New Year at my aunt's",
         [("Chinese New Year", date(2025, 1, 29), date(2025, 1, 30))]),
        (date(2025, 12, 1), "we light candles for hanukkah", [("hanukkah", date(2025, 12, 15), date(2025, 12, 23))]),
        (date(2025, 1, 2), "Hanukkah was lovely", [("Hanukkah", date(2024, 12, 26), date(2025, 1, 3))]),
        (date(2025, 3, 20), "passover is next month",
         [("passover", date(2025, 4, 13), date(2025, 4, 21)), ("next month", date(2025, 4, 1), date(2025, 5, 1))]),
        # the week or weekend of one is the week or weekend of its day (had been the weekend before the session)
        (date(2026, 3, 10), "we're away over the eid weekend", [("the eid weekend", date(2026, 3, 21), date(2026, 3, 23))]),
        (date(2026, 3, 30), "the eid weekend was busy", [("the eid weekend", date(2026, 3, 21), date(2026, 3, 23))]),
        # beyond the tables, no date rather than a guess
        (date(2037, 3, 1), "we're having a party for eid", []),
        # guards: a surname, greetings, a word that holds the letters
        (date(2026, 2, 10), "Tariq Ramadan is speaking tonight", [("tonight", date(2026, 2, 10), date(2026, 2, 11))]),
        (date(2026, 3, 21), "eid mubarak!!", []),
        (date(2025, 11, 1), "happy diwali!!", []),
        (date(2025, 5, 10), "holiday was great", []),
        # "holi" written small after "on", "from" or an owner's word is chat's holiday, not the festival
        (date(2026, 2, 20), "I'm going on holi next week", [("next week", date(2026, 2, 23), date(2026, 3, 2))]),
        (date(2026, 2, 20), "back from holi, work tomorrow ugh", [("tomorrow", date(2026, 2, 21), date(2026, 2, 22))]),
        (date(2026, 2, 20), "my holi was amazing, Spain was hot", []),
        (date(2026, 2, 20), "we're going to the temple for holi", [("holi", date(2026, 3, 4), date(2026, 3, 5))]),
        (date(2026, 2, 20), "I'm off on Holi", [("Holi", date(2026, 3, 4), date(2026, 3, 5))]),
    ],
)
def test_a_lunar_festival_is_the_day_its_table_gives(parser, resolver, said, text, expected):
    found = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12))
    assert [(m.text, *_days(m)) for m in found if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "expected"),
    [
        # the day a turn says an observance falls on is the one nearest its calendar's day, and the observance's
        # own where the two lie within two days (a moon sighting, a festival begun the evening before)
        (date(2026, 3, 10), "eid is on saturday",
         [("eid", date(2026, 3, 21), date(2026, 3, 22)), ("on saturday", date(2026, 3, 21), date(2026, 3, 22))]),
        (date(2025, 12, 1), "Hanukkah starts on the 14th",
         [("Hanukkah", date(2025, 12, 14), date(2025, 12, 22)), ("the 14th", date(2025, 12, 14), date(2025, 12, 15))]),
        # (A11: "the 20th", said on 20 September, had been that day itself)
        (date(2025, 9, 20), "diwali is on the 20th",
         [("diwali", date(2025, 10, 20), date(2025, 10, 21)), ("the 20th", date(2025, 10, 20), date(2025, 10, 21))]),
        (date(2025, 3, 1), "Good Friday is on the 18th",
         [("Good Friday", date(2025, 4, 18), date(2025, 4, 19)), ("the 18th", date(2025, 4, 18), date(2025, 4, 19))]),
        # guards: a day too far from the calendar's, or one the observance is not the subject of, stays as read;
        # so does a day said of any other thing
        (date(2026, 3, 10), "eid is on monday",
         [("eid", date(2026, 3, 20), date(2026, 3, 21)), ("on monday", date(2026, 3, 16), date(2026, 3, 17))]),
        (date(2026, 3, 10), "we're going to the park on saturday for eid",
         [("on saturday", date(2026, 3, 14), date(2026, 3, 15)), ("eid", date(2026, 3, 20), date(2026, 3, 21))]),
        (date(2025, 9, 20), "the party is on the 20th", [("the 20th", date(2025, 9, 20), date(2025, 9, 21))]),
        # a verb of its end speaks of its last day: the first is no guide to the day, and the start stays
        (date(2026, 3, 1), "ramadan ends on the 19th",
         [("ramadan", date(2026, 2, 18), date(2026, 3, 20)), ("the 19th", date(2026, 3, 19), date(2026, 3, 20))]),
        (date(2026, 3, 25), "ramadan ended on thursday",
         [("ramadan", date(2026, 2, 18), date(2026, 3, 20)), ("on thursday", date(2026, 3, 19), date(2026, 3, 20))]),
        (date(2025, 12, 1), "hanukkah ends on the 22nd",
         [("hanukkah", date(2025, 12, 15), date(2025, 12, 23)), ("the 22nd", date(2025, 12, 22), date(2025, 12, 23))]),
        # two days joined by "and" are two days; a day counted from Easter never moves
        (date(2025, 4, 1), "the party is on the 19th and good friday is a day off",
         [("the 19th", date(2025, 4, 19), date(2025, 4, 20)), ("good friday", date(2025, 4, 18), date(2025, 4, 19))]),
        (date(2025, 4, 1), "good friday and the 19th are both days off",
         [("good friday", date(2025, 4, 18), date(2025, 4, 19)), ("the 19th", date(2025, 4, 19), date(2025, 4, 20))]),
        (date(2026, 3, 10), "eid and the 21st are both booked",
         [("eid", date(2026, 3, 20), date(2026, 3, 21)), ("the 21st", date(2026, 3, 21), date(2026, 3, 22))]),
    ],
)
def test_the_day_a_turn_says_an_observance_falls_on_is_near_its_calendars(parser, resolver, said, text, expected):
    found = resolver.ground(parser.parse(text), datetime(said.year, said.month, said.day, 12))
    assert [(m.text, *_days(m)) for m in found if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        "first month at the new company done!",
        "my second year at uni was the hardest",
        "my first week at the job was rough",
    ],
)
def test_how_far_into_something_is_no_date(parser, resolver, text):
    assert resolver.ground(parser.parse(text), datetime(2025, 1, 31, 12)) == []


@pytest.mark.slow
def test_the_first_week_of_a_month_stays_a_date(parser, resolver):
    mention = ground_one(parser, resolver, "the first week of march is busy", datetime(2025, 1, 31, 12))
    assert _days(mention) == (date(2025, 3, 1), date(2025, 3, 8))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "years_to_the_session"),
    [
        # over at some time the turn does not say: not the years up to the session
        ("i worked at the bakery for three years and then quit", False),
        ("i lived in japan for 6 months", False),
        ("we had lived there for two years when the flood came", False),
        # the present perfect runs up to the session
        ("we've been married for three years", True),
        ("i have lived here for two years", True),
        ("I've had them for 3 years now!", True),  # the tagger reads "had" after "'ve" as a past
    ],
)
def test_a_stretch_told_in_the_simple_past_is_over_not_up_to_now(parser, resolver, text, years_to_the_session):
    said = datetime(2025, 5, 16, 12)
    mentions = resolver.ground(parser.parse(text), said)
    assert bool(mentions) == years_to_the_session
    if mentions:
        assert mentions[0].end.date() == date(2025, 5, 17)


@pytest.mark.parametrize(
    ("tense", "said", "first", "end"),
    [
        # the part of the month the session day falls in, cut at that day on the side the tense looks to
        ("future", date(2025, 4, 28), date(2025, 4, 28), date(2025, 5, 1)),
        ("past", date(2025, 4, 28), date(2025, 4, 21), date(2025, 4, 29)),
        ("future", date(2025, 4, 10), date(2025, 4, 21), date(2025, 5, 1)),
    ],
)
def test_the_end_of_the_month_said_in_it_is_cut_at_the_session_day(tense, said, first, end):
    start, stop, _ = resolve_by_rule("the end of the month", said, tense)
    assert (start.date(), stop.date()) == (first, end)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "dated"),
    [
        # a year that names a film, a book or an album is no date; a year lived, or an edition, is one
        ("watched 1917 last week, still thinking about it", "last week"),
        ("then we watched Blade Runner 2049 at home", None),
        ("now I'm reading 1984 for book club", None),
        ("we survived 2020 somehow", "2020"),
        ("I remember 1998 vividly", "1998"),
        ("we met at Glastonbury 2019", "2019"),
        # a day before a show's numbered season is a title, no date; a day before capitalised words, a part of the
        # day or a name keeps its date (chat capitalises what happens that day)
        ("finally caught up on Wednesday season 2", None),
        ("Tuesday Night Salsa Class is cancelled", "Tuesday"),
        ("Sunday Roast at my sister's was great", "Sunday"),
        ("can you do Friday Night instead", "Friday Night"),
        ("see you Friday Tom", "Friday"),
        ("the Thursday episode was the best one", "Thursday"),
        # ages by decade, decades as a style, amounts per period and lengths of things date nothing
        ("my uncle is in his 40s and still lives with his mum", None),
        ("we're both in our early 50s now", None),
        ("I love 80s music", None),
        ("I grew up in the 90s", "the 90s"),
        ("our budget is 1400 a month max", None),
        ("the course is 6 weeks and my phone plan is 24 months", None),
        ("it's been 6 weeks since the surgery", "6 weeks"),
        ("the waiting list is about eight weeks", None),  # a length with a hedge
        # ... and a span of counts, which had been the longer count up to now; "it", a perfect or a past keep theirs
        ("the physio course is 8 to 10 weeks", None),
        ("apparently the backlog is 3-4 months at the passport office", None),
        ("it's been 6-8 weeks since the surgery", "6-8 weeks"),
        ("we were in Spain 2 to 3 weeks", "2 to 3 weeks"),
        ("they might induce me at 38 weeks", None),  # a stage, not the 38 weeks up to now
        ("at least 3 weeks ago I told him", "at least 3 weeks ago"),
        # "on the" before a holiday or a year is a noun phrase again
        ("I'm still working on the christmas card list", None),
        ("I put it on the 2025 budget", None),
        # stretched time words; a day and its month in lower case, not before a verb or a noun
        ("i quit my job yesterdayyy", "yesterdayyy"),
        ("GOING TO PARIS NEXT WEEKKKK", "NEXT WEEKKKK"),
        ("see you fridayyyy", "fridayyyy"),
        ("the move got pushed back to 15 august, the landlord needs time", "15 august"),
        ("I bought 2 march flowers", None),
        ("The 5th may work for us.", "The 5th"),
        ("the 14th dec obviously works best", "14th dec"),
        # the possessive of the sun, of an exam in capitals, and the verb "sat" are no weekdays
        ("the sun's out at last", None),
        ("the SAT's were brutal", None),
        ("she sat on the bench", None),
        ("our sat nav's broken", None),
        # numbers with dots or slashes that are amounts, scores, times or versions, not dates
        ("I lost 3.5 kilos since the op", None),
        ("honestly the food was 10/10, we went up to 9/10 on the wine", None),
        ("the shop shuts by 10.30 tonight", "tonight"),
        ("we upgraded to 3.10.12 on the servers", None),
        ("the gym is open from 10.05 to 11.10", None),
        ("my pain went from 7/10 to 3/10 after the injection", "7/10"),  # a score, read as before, not a range
        ("the odds went to 10/11 in the final", None),
        # a month after "to" that a verb of moving a date governs, "may" too, which the tagger takes for the modal
        ("ugh, the audit got pushed to May!", "May"),
        ("they moved the launch to may", "may"),
        ("I talked to May's mum about it", None),
        ("we moved to August Road in the end", None),
        ("I eat between 1900 and 2000 calories a day", None),  # two counts, no years
        # a period sized by a count of units is a kind of period ("a four-day week" at work), not the week gone
        ("I switched to a four-day week at work", None),
        # the period a price or a rate is for, and a weekday after "a", are no dates; without a sum they still are
        ("the breakdown cover is £95 for the year", None),
        ("we hire the van by the week, £240 a week", None),
        ("parking is £4 per day there", None),
        ("the venue wants a £500 minimum spend on a friday", None),
        ("I'm off to Lisbon for the week", "the week"),
        ("I'll call her on friday", "on friday"),
        ("I paid £40 on saturday", "on saturday"),
        # a bare year with a mileage after it is the car's model year; a year after "in" is still one
        ("it's a 2014, 88k miles, full service history", None),
        ("found a golf, 2019 with 40,000 miles on it", None),
        ("we moved here in 2014, 90 miles from the coast", "in 2014"),
        ("by 2031, 80 miles of new tram lines", "2031"),
        ("2017, 25 miles from Bristol, that's where we grew up", "2017"),
        ("2023, 15 km every saturday, my best year of running", "2023"),
    ],
)
def test_numbers_and_lengths_that_are_or_are_not_dates(parser, resolver, text, dated):
    mentions = resolver.ground(parser.parse(text), datetime(2025, 1, 10, 12))
    assert [m.text for m in mentions] == ([dated] if dated else [])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "first"),
    [
        # a bare length after "staying" is how long a stay lasts from now, as after "for"; it had been the weeks up
        # to the session (said on Friday 10 January 2025)
        ("my brother's flying in, staying 10 days", date(2025, 1, 10)),
        ("she's staying for 3 weeks", date(2025, 1, 10)),
        # past talk keeps the stretch up to the session
        ("we stayed 2 weeks in Crete", date(2024, 12, 27)),
        ("staying 10 days at my in-laws' was too much", date(2024, 12, 31)),
    ],
)
def test_how_long_a_stay_lasts(parser, resolver, text, first):
    mention = ground_one(parser, resolver, text, datetime(2025, 1, 10, 12))
    assert mention.start.date() == first


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "dated"),
    [
        # a bare count of days or weeks in the simple present is a pattern, an allowance or a length ahead, not the
        # days up to the session
        ("she does the childminder 3 days and nursery the rest", None),
        ("I help at the shop 2 days so tuesdays are out", None),
        ("my boss says I can take just 3 weeks, the rest unpaid", None),
        ("we head to Lisbon 5 days, then Porto", None),
        ("the roof is delayed three weeks, so now it's october", "october"),
        # months and years only as a term a verb takes as its object
        ("you get 36 months at 0% from the dealer", None),
        # the stretch up to now stays: the perfect, "now", "already", a state kept up, an L2 present of living
        ("I've been off work 2 weeks and I'm bored", "2 weeks"),
        ("we live in Leeds now 6 weeks", "6 weeks"),
        ("already 3 weeks in the new flat", "3 weeks"),
        ("I live in Madrid 4 weeks and still no friends", "4 weeks"),
        ("I teach there 3 years", "3 years"),
        ("alcohol free 5 weeks!!", "5 weeks"),
        # ... and so do a pain or a search running on, what has not been, and words with no verb
        ("my tooth hurts 4 days, can't sleep", "4 days"),
        ("we don't talk 3 weeks now he's sulking", "3 weeks"),
        ("the heating doesn't work 2 weeks, landlord ignores me", "2 weeks"),
        ("the baby cries 3 days nonstop", "3 days"),
        ("our wifi is down 3 days", "3 days"),
        # and so do lengths counted from or to a time, and past talk
        ("2 weeks till the wedding, I'm panicking", "2 weeks"),
        ("my brother's flying in, staying 10 days", "10 days"),
        ("I was in bed 3 days with the flu", "3 days"),
        ("we spent 4 days in Rome", "4 days"),
    ],
)
def test_a_bare_length_in_present_talk_is_no_stretch_up_to_now(parser, resolver, text, dated):
    mentions = resolver.ground(parser.parse(text), datetime(2025, 1, 10, 12))
    assert [m.text for m in mentions] == ([dated] if dated else [])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        # a gerund after a preposition of time or manner takes its verb's tense (said on Tuesday 28 May 2024)
        ("ran 5k without stopping on sunday", date(2024, 5, 26)),
        ("after getting home on friday I'll call you", date(2024, 5, 31)),
        # what was talked of, agreed or decided may lie ahead
        ("we talked about going to the beach on saturday", date(2024, 6, 1)),
        ("we agreed on leaving on friday", date(2024, 5, 31)),
    ],
)
def test_a_gerund_after_a_preposition_of_time_takes_its_verbs_tense(parser, resolver, text, day):
    assert ground_one(parser, resolver, text, datetime(2024, 5, 28, 12)).start.date() == day


def test_late_this_month_said_in_it_starts_at_the_session_day():
    start, end, _ = resolve_by_rule("late this month", date(2025, 1, 28), "future")
    assert (start.date(), end.date()) == (date(2025, 1, 28), date(2025, 2, 1))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "tomorrow"),
    [
        # a future in the past under a verb of saying, in a sentence that dates the saying: counted from that day
        ("my mum called yesterday and said she'd come tomorrow", date(2024, 5, 29)),
        ("on monday he said he'd send it tomorrow", date(2024, 5, 28)),
        # no day of the saying, or no saying: from the session
        ("he said he'd send it tomorrow", date(2024, 5, 30)),
        ("yesterday was rough and I'll call you tomorrow", date(2024, 5, 30)),
    ],
)
def test_tomorrow_as_another_said_it_is_counted_from_the_day_they_said_it(parser, resolver, text, tomorrow):
    mentions = resolver.ground(parser.parse(text), datetime(2024, 5, 29, 12))
    assert next(m for m in mentions if m.text == "tomorrow").start.date() == tomorrow


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "first", "end"),
    [
        # a date set by "due" or "effective" lies ahead whatever the story's tense; "was due" stays behind
        (date(2026, 12, 18), "i got promoted to senior engineer, effective jan 1", date(2027, 1, 1), date(2027, 1, 2)),
        (date(2026, 12, 31), "didnt finish the migration lol, its now due jan 9", date(2027, 1, 9), date(2027, 1, 10)),
        (date(2026, 12, 31), "it was due jan 9 but I missed it", date(2026, 1, 9), date(2026, 1, 10)),
        # with "by", "on" or "in" between: "paid the deposit, rest due by march" is this March, not last
        (date(2026, 1, 14), "paid the £50 deposit, the rest due by march", date(2026, 3, 1), date(2026, 4, 1)),
        (date(2026, 1, 14), "sent the form off, payment due on the 2nd", date(2026, 2, 2), date(2026, 2, 3)),
        (date(2026, 1, 14), "it was due by march but they let me off", date(2025, 3, 1), date(2025, 4, 1)),
        # guards: a "due" after a noun that a past verb governs is of that past story, subject or object
        (date(2026, 1, 14), "I forgot the invoice due on the 5th, they charged me interest", date(2026, 1, 5), date(2026, 1, 6)),
        (date(2026, 1, 14), "the car tax due in december was paid late", date(2025, 12, 1), date(2026, 1, 1)),
        (date(2026, 1, 14), "settled the bill due by the 10th with a day to spare", date(2026, 1, 10), date(2026, 1, 11)),
        # a verb of saying tells when it was said: what it says is due still lies ahead
        (date(2026, 1, 14), "the accountant said the second instalment due 31 july", date(2026, 7, 31), date(2026, 8, 1)),
        # work chat's own dates: the month first in lower case, quarters, working days, the end of the year
        (date(2026, 11, 5), "the api docs deadline moved up to nov 20 fyi", date(2026, 11, 20), date(2026, 11, 21)),
        (date(2026, 7, 1), "we're kicking off the checkout redesign, target is Q3", date(2026, 7, 1), date(2026, 10, 1)),
        (date(2026, 11, 5), "we need it by q1 2027", date(2027, 1, 1), date(2027, 4, 1)),
        (date(2026, 11, 5), "the bank will send it in 3 business days", date(2026, 11, 10), date(2026, 11, 11)),
        # within so many working days: from now up to the last of them, also when told as said (5 Nov 2026 is a
        # Thursday: the 4th working day is Wednesday the 11th); a time taken stays unresolved (guard below)
        (date(2026, 11, 5), "the claim gets paid within 4 working days", date(2026, 11, 5), date(2026, 11, 12)),
        (date(2026, 11, 5), "within 4 business days the letter said", date(2026, 11, 5), date(2026, 11, 12)),
        (date(2026, 7, 1), "we need this by end of year", date(2026, 10, 1), date(2027, 1, 1)),
    ],
)
def test_deadlines_as_work_chat_says_them(parser, resolver, said, text, first, end):
    mention = ground_one(parser, resolver, text, datetime(said.year, said.month, said.day, 12))
    assert _days(mention) == (first, end)


@pytest.mark.slow
@pytest.mark.parametrize("text", [
    "the parcel came within 2 working days",
    # a window said, then told as missed or over: no date ahead
    "the bank promised a decision within 3 working days and nothing ever came",
    "the agent said within four working days but it took six weeks",
    "they told me within 5 working days, it didn't happen",
])
def test_working_days_a_thing_took_are_no_date(parser, resolver, text):
    mention = ground_one(parser, resolver, text, datetime(2026, 11, 5, 12))
    assert not mention.resolved


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Since we last talked I've started running.", "last talked"),
        ("since I last saw you she's grown so much", "last saw"),
        ("A lot has happened since I last spoke to you.", "last spoke"),
        ("Since our last chat I got promoted.", "last chat"),
        ("A lot has changed since the last time we spoke.", "spoke"),
        ("It's been ages since we last caught up!", "last caught up"),
    ],
)
def test_since_we_last_talked_runs_from_the_session_before(parser, resolver, text, kept):
    from memory_pipeline.extraction.temporal import since_we_last_talked

    before, said = datetime(2024, 3, 2, 18, 30), datetime(2024, 3, 20, 19)
    [mention] = [m for m in resolver.ground(parser.parse(text), said, last_talked=before) if since_we_last_talked(m.text)]
    assert (mention.start, mention.end) == (datetime(2024, 3, 2), datetime(2024, 3, 21))
    assert mention.kind == "duration"  # a date of the turn's own says when, as a length beside it would
    assert since_we_last_talked(mention.text) == kept and mention.kept_in(f"... leo and sam {kept} ...")
    # a first session has no talk before to count from
    [alone] = [m for m in resolver.ground(parser.parse(text), said) if since_we_last_talked(m.text)]
    assert not alone.resolved
    # nor does a question date anything by it
    [asked] = [m for m in resolver.ground(parser.parse(text.rstrip(".!") + "?"), said, last_talked=before)
               if since_we_last_talked(m.text)]
    assert not asked.resolved


@pytest.mark.parametrize("text", ["I haven't talked to him since last week.", "We last spoke in March.",
                                  "Since we talked about it I've been saving.", "since our last holiday"])
def test_other_talk_is_no_talk_before(text):
    from memory_pipeline.extraction.temporal import since_we_last_talked

    assert all(since_we_last_talked(text[i:]) is None for i in range(len(text)))


@pytest.mark.parametrize(
    ("text", "dated"),
    [
        # a length after which a thing happened counts from another event, not back from the session
        ("She married Pete after six months.", False),
        ("My aunt got remarried after three years as a widow.", False),
        ("After three weeks in hospital she came home.", False),
        # ahead, it counts from now; "for" a stretch keeps its own reading
        ("I'll call you after two weeks.", True),
        ("I've been off work for two weeks.", True),
    ],
)
def test_a_length_after_which_something_happened_is_no_date(parser, resolver, text, dated):
    assert any(m.resolved for m in resolver.ground(parser.parse(text), SESSION)) == dated


@pytest.mark.parametrize(
    ("text", "expression"),
    [("My mum turns 60 next month.", "next month"), ("Jack turned 13 last week.", "last week"),
     ("She turned 90 on Sunday.", "on Sunday")],
)
def test_an_age_turned_is_no_part_of_the_date_after_it(parser, resolver, text, expression):
    assert [m.text for m in resolver.ground(parser.parse(text), SESSION) if m.resolved] == [expression]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, first",
    [
        # a service, an app, a membership or a newsletter signed up for starts on the day of the signing, which the
        # past puts behind (each had been dated the coming Friday, and made a plan)
        ("I signed up for Audible on Friday.", date(2024, 3, 1)),
        ("I signed up for the gym on Friday.", date(2024, 3, 1)),
        ("Oh and I signed up for Duolingo on Friday, it's a 30 day free trial.", date(2024, 3, 1)),
        ("I registered for the newsletter on Friday.", date(2024, 3, 1)),
        # an event signed up for keeps its own day, ahead
        ("I signed up for the half marathon on Sunday.", date(2024, 3, 10)),
        ("I signed up for a pottery class on Friday.", date(2024, 3, 8)),
        ("I registered for the conference on 3 May.", date(2024, 5, 3)),
        # and so does whatever was signed up for in the perfect, which takes no day of its own (a race by its place)
        ("I've signed up for Chester on 6 October, it's official.", date(2024, 10, 6)),
        # tickets are for an event whatever its name, got by the verb or the tickets
        ("I booked tickets for Hamilton on Friday.", date(2024, 3, 8)),
        ("I got tickets for the show on Friday.", date(2024, 3, 8)),
    ],
)
def test_the_day_of_a_sign_up_is_the_events_only_for_an_event(parser, resolver, text, first):
    mention = ground_one(parser, resolver, text, datetime(2024, 3, 4, 10))  # a Monday
    assert _days(mention) == (first, first + timedelta(days=1)), mention


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first",
    [
        # a day of the month on a present verb is the coming one, as a weekday is
        (date(2024, 10, 1), "My subscription renews on the 28th.", date(2024, 10, 28)),
        # a past verb keeps it behind, and verbless talk may still mean one just gone
        (date(2024, 10, 1), "I paid it on the 3rd.", date(2024, 9, 3)),
        (date(2024, 10, 1), "We moved in on the 25th.", date(2024, 9, 25)),
        (date(2024, 10, 1), "The meter readings from the 25th.", date(2024, 9, 25)),
        (date(2025, 3, 4), "pics from the party on the 1st!", date(2025, 3, 1)),
    ],
)
def test_a_day_of_the_month_follows_the_tense_of_its_verb(parser, resolver, said, text, first):
    mention = ground_one(parser, resolver, text, datetime(said.year, said.month, said.day, 10))
    assert _days(mention) == (first, first + timedelta(days=1)), mention


@pytest.mark.slow
@pytest.mark.parametrize(
    "said, text, first",
    [
        # a limit granted lies ahead, though the granting is in the perfect or the past (it had been a year back)
        (date(2024, 8, 13), "The seller has given us until the end of September.", date(2024, 9, 21)),
        (date(2024, 8, 13), "The landlord has given us until the 5th to move out.", date(2024, 9, 5)),
        (date(2024, 8, 13), "They gave me till Friday to decide.", date(2024, 8, 16)),
        (date(2024, 8, 13), "We have until the end of September to find a buyer.", date(2024, 9, 21)),
        # a stretch told in the past ends behind
        (date(2024, 10, 13), "I stayed until the end of September.", date(2024, 9, 21)),
        (date(2024, 8, 13), "I stayed until the end of September.", date(2023, 9, 21)),
        (date(2024, 8, 13), "I waited until Friday.", date(2024, 8, 9)),
        # "not until" or "not before" told by someone is what they told, ahead of the telling (said in August, the
        # coming March, not the March gone); without a verb of telling it stays the tense's
        (date(2024, 8, 13), "HR said not until the review round in March.", date(2025, 3, 1)),
        (date(2024, 8, 13), "the landlord told us not before October, annoyingly", date(2024, 10, 1)),
        (date(2024, 8, 13), "He didn't call back, not until March.", date(2024, 3, 1)),
        (date(2024, 8, 13), "It wasn't until March that I noticed.", date(2024, 3, 1)),
    ],
)
def test_a_limit_granted_until_a_date_is_ahead(parser, resolver, said, text, first):
    mention = ground_one(parser, resolver, text, datetime(said.year, said.month, said.day, 10))
    assert mention.start.date() == first, mention


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        # the weekdays of a rate a week, or of every day but some, are those of a habit, not one coming day
        "I go to the gym three times a week, Monday, Wednesday and Friday.",
        "I run twice a week, on Tuesday and Thursday.",
        "I go swimming every day now except Sunday.",
        "but the gym is going great, i go every day now except sunday",
        # the hour of a rate is a habit's
        "Four times a week, before work at 6:30.",
    ],
)
def test_the_weekdays_of_a_frequency_are_no_date(parser, resolver, text):
    assert resolver.ground(parser.parse(text), datetime(2024, 3, 4, 10)) == []


@pytest.mark.slow
def test_a_weekday_after_a_frequency_said_apart_is_still_a_day(parser, resolver):
    said = datetime(2024, 3, 4, 10)  # a Monday
    mentions = resolver.ground(parser.parse("I train three times a week, and on Friday I hurt my knee."), said)
    assert [(m.text, m.start.date()) for m in mentions] == [("on Friday", date(2024, 3, 1))]
    assert _days(ground_one(parser, resolver, "I go to the gym on Wednesday.", said)) == (date(2024, 3, 6), date(2024, 3, 7))


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, first",
    [
        # a year a thing is from, was made in, or that sizes it up says how old it is; the event is another date's
        # (the year had dated the boiler breaking)
        ("The boiler is from 1998. It broke on Sunday and we had no heating for two days.", date(2024, 11, 10)),
        ("The house was built in 1930 and we moved in on Friday.", date(2024, 11, 8)),
        ("It's a 2015 model and it died on Sunday.", date(2024, 11, 10)),
        # alone, it still dates the memory; the year of a deed keeps its place as the first date
        ("The boiler is from 1998.", date(1998, 1, 1)),
        ("We got married in 1998 and renewed our vows on Sunday.", date(1998, 1, 1)),
    ],
)
def test_a_year_a_thing_is_from_gives_way_to_the_events_date(parser, resolver, text, first):
    event, mentions = _event_of(parser, resolver, date(2024, 11, 12), text)
    assert event is not None and event.start.date() == first, mentions


def test_expressions_are_found_in_text_with_no_parse(resolver):
    # the segments' cue finder reads text alone: a weekday after "on" beside a verb of liking had no token to read
    from memory_pipeline.segments.cues import time_references

    assert time_references("I prefer batch cooking on Sunday, never after 8pm.", resolver)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "dated"),
    [
        # a length a verb of lasting takes, a length that sizes a thing, a rate "in" a period, the first nights of a
        # stay: how long, not when (each had been a stretch around the session)
        ("the permit usually takes about 4 days", None),
        ("the heatwave lasted three weeks", None),
        ("the paperwork needs about ten days", None),
        ("I went for the 5 day one in the end", None),
        ("the ticket gives you 10 days in a month", None),
        ("can we get a quiet room for the first 3 nights", None),
        # a term or an age set beside a noun, a term spread "over", a time to do a thing in, a count after an
        # article that sizes a noun: no stretch up to the session (each had been one)
        ("switched to a new phone contract, 24 months, £15 a month", None),
        ("we got two ducklings, 3 weeks, so fluffy", None),
        ("the sofa is interest free over 24 months", None),
        ("the bank spreads the fee across 12 months", None),
        ("the paint dries overnight, then 3 days to cure it", None),
        ("we're on a 3 year deal with the broadband", None),
        # guards: the perfect and the past keep the stretch behind, a time one has to do a thing in runs ahead
        ("I've lived here over 3 months", "3 months"),
        ("I lost 6 kg over 5 months", "5 months"),
        ("I have two weeks to finish the essay", "two weeks"),
        # a range after "in" that is a rate, or how long a habit takes: no time ahead (each had been one)
        ("my cleaner comes in 1-2 days a week", None),
        ("I normally read a whole novel in 3-4 days", None),
        ("the scab usually falls off in a week", None),
        # guards: a range ahead with no habit, a habit said before another clause's time ahead
        ("the sofa arrives in 3-4 days", "3-4 days"),
        ("I usually cycle but in 2 weeks I'm getting a car", "in 2 weeks"),
        # guards: time off taken, a stretch up to now, "ago", the past month, a month's first weeks
        ("I've been learning Greek for two years", "two years"),
        ("we moved here three weeks ago", "three weeks ago"),
        ("it's been hectic for the past month", "the past month"),
        ("the first two weeks of March were hard", "the first two weeks of March"),
        # digits beside another group are one number, not a year; a year alone still is
        ("my membership number is 2047 551 902", None),
        ("the door code is 2018 7730", None),
        ("the card expires 2031", "2031"),
        ("back in 2019 we lived in Leeds", "in 2019"),
        ("in 2019 20 of us went to Lisbon", "in 2019 20"),
    ],
)
def test_lengths_and_numbers_that_date_nothing(parser, resolver, text, dated):
    mentions = resolver.ground(parser.parse(text), datetime(2026, 4, 30, 12))
    assert [m.text for m in mentions if m.resolved] == ([dated] if dated else [])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "first", "end"),
    [
        # a part of a month in lower case, as "late March" (said on 20 November 2025)
        (date(2025, 11, 20), "late march suits us", date(2026, 3, 21), date(2026, 4, 1)),
        (date(2025, 11, 20), "mid april then?", date(2026, 4, 11), date(2026, 4, 21)),
        # a month aimed for or started in, with no other preposition ("for", "starting"), and a run of months:
        # from the first to the end of the last, a run told as over wholly behind
        (date(2025, 11, 20), "we're hoping for may", date(2026, 5, 1), date(2026, 6, 1)),
        (date(2025, 11, 20), "the price goes up starting march", date(2026, 3, 1), date(2026, 4, 1)),
        # a month that is a name too: the month where it is aimed or paid for, a thing starts in it, or a year follows
        (date(2025, 11, 20), "we're saving for june", date(2026, 6, 1), date(2026, 7, 1)),
        (date(2025, 11, 20), "the council tax for may", date(2026, 5, 1), date(2026, 6, 1)),
        (date(2025, 11, 20), "a new phone contract starting may", date(2026, 5, 1), date(2026, 6, 1)),
        (date(2025, 11, 20), "the flights are for may 2026", date(2026, 5, 1), date(2026, 6, 1)),
        (date(2025, 11, 20), "they're crediting £40 for october to december", date(2025, 10, 1), date(2026, 1, 1)),
        (date(2025, 11, 20), "we'll be in Crete june to august", date(2026, 6, 1), date(2026, 9, 1)),
        (date(2025, 11, 20), "the season is november to february", date(2025, 11, 1), date(2026, 3, 1)),
        (date(2026, 1, 20), "from jan to mar I was signed off", date(2025, 1, 1), date(2025, 4, 1)),
        (date(2025, 11, 20), "we rented it from june to july last year", date(2024, 6, 1), date(2024, 8, 1)),
        # two days as ordinals with no "from": the first as a bare day reads, the last in its month or the next; a
        # month without the last day is not meant
        (date(2026, 3, 2), "so the 12th to the 15th?", date(2026, 3, 12), date(2026, 3, 16)),
        (date(2025, 11, 20), "we're off 21st to 31st", date(2025, 12, 21), date(2026, 1, 1)),
        (date(2026, 7, 10), "they can do the 4th and 5th", date(2026, 8, 4), date(2026, 8, 6)),
        # ... and after a month said before in the turn, of that month
        (date(2026, 5, 10), "in July I'm in Rome for a course, the 6th to the 9th", date(2026, 7, 6), date(2026, 7, 10)),
        # a stay of nights from a day: that day to the morning after the last night
        (date(2026, 6, 20), "can you find me a room, three nights from Thursday", date(2026, 6, 25), date(2026, 6, 29)),
        # a stay or a pass booked or bought in the past tense lies ahead of the booking
        (date(2026, 5, 3), "I reserved a flat in Porto, 5 nights from the 21st", date(2026, 5, 21), date(2026, 5, 27)),
        (date(2026, 7, 10), "I paid for the rail card, activated from the 2nd", date(2026, 8, 2), date(2026, 8, 3)),
        # guards: a stay told in the past, a day booked for, a day gone
        (date(2026, 4, 30), "we stayed 4 nights from the 5th", date(2026, 4, 5), date(2026, 4, 10)),
        (date(2026, 5, 3), "we booked flights to Oslo for the 3rd", date(2026, 5, 3), date(2026, 5, 4)),
        (date(2026, 5, 3), "I went to the dentist on the 26th", date(2026, 4, 26), date(2026, 4, 27)),
    ],
)
def test_ranges_stays_and_parts_of_a_month_in_trip_talk(parser, resolver, said, text, first, end):
    mentions = [m for m in resolver.ground(parser.parse(text), datetime.combine(said, datetime.min.time()).replace(hour=12))
                if m.resolved]
    assert _days(mentions[-1]) == (first, end)


@pytest.mark.slow
@pytest.mark.parametrize("text", ["I live on the 1st and 2nd floors", "she came 2nd and 3rd in the races",
                                  "leaving early may be better", "pay 5 to 10 pounds", "I took two days off",
                                  # a name after "for", not a month: a person's, in full or not
                                  "got a present for jan", "thanks for may's help", "this is for may to read",
                                  "I'm saving for my dog",
                                  # a lower-case name that is a month too, after "for" or "starting" with no sign of the month
                                  "i'm voting for may", "we got some chocolates for may", "apologies for may, she was tired",
                                  "I'll be around for may, she's having a hard time", "we're starting may on the tills"])
def test_ranks_counts_and_the_modal_are_no_range_nor_month(parser, resolver, text):
    mentions = resolver.ground(parser.parse(text), datetime(2026, 4, 30, 12))
    assert [m.text for m in mentions if m.resolved] in ([], ["two days"])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # work chat's deadlines, said on a Tuesday
        ("need the slides done by EOW", [("EOW", date(2025, 6, 13), date(2025, 6, 16))]),
        ("can you send it over by eod", [("eod", date(2025, 6, 10), date(2025, 6, 11))]),
        # a date a thing slipped to lies either side of the slipping, here ahead; a fall keeps its past
        ("the migration slipped to march", [("march", date(2026, 3, 1), date(2026, 4, 1))]),
        ("I slipped on the stairs in march", [("march", date(2025, 3, 1), date(2025, 4, 1))]),
        # "from" a month ahead, in talk of what is to come, starts there; in talk of what was, it runs up to now
        ("we'll need to find someone for Thursdays from January", [("from January", date(2026, 1, 1), date(2026, 2, 1))]),
        ("the course runs from September", [("September", date(2025, 9, 1), date(2025, 10, 1))]),
        ("I've been vegetarian from March", [("March", date(2025, 3, 1), date(2025, 4, 1))]),
        # a run of weekdays, in full or short, is one stretch
        ("I've got my nephews Wednesday to Friday", [("Wednesday to Friday", date(2025, 6, 11), date(2025, 6, 14))]),
        ("the conference is thurs-sat", [("thurs-sat", date(2025, 6, 12), date(2025, 6, 15))]),
        # an evening or a night named by a noun is an event's name, no time of the day it is said
        ("parents evening is on thursday", [("on thursday", date(2025, 6, 12), date(2025, 6, 13))]),
        ("not friday, I've got parents evening", [("friday", date(2025, 6, 13), date(2025, 6, 14))]),
        ("quiz night was a laugh", []),
        ("friday night was a laugh", [("friday night", date(2025, 6, 6), date(2025, 6, 7))]),
        # "'s been" is "has been": the stretch up to now
        ("she's been on the transplant list for 8 months", [("8 months", date(2024, 10, 10), date(2025, 6, 11))]),
        # a span of counts is a length as a single count is: taken by a thing, or ahead of the one away
        ("the new passport takes 4-6 weeks", []),
        # a length guessed or quoted is no stretch of the calendar; a time ago said is
        ("the plumber quoted 3 days for the bathroom", []),
        ("I told my boss 2 weeks", []),
        ("she said 2 weeks ago that she'd ring", [("2 weeks ago", date(2025, 5, 26), date(2025, 6, 2))]),
        ("I'll be in Lagos for 2-3 weeks", [("2-3 weeks", date(2025, 6, 10), date(2025, 7, 1))]),
        # a day a thing was promised by, and the date as it stands "now", whatever the past around them
        ("the printers promised the proofs by friday", [("friday", date(2025, 6, 13), date(2025, 6, 14))]),
        ("he promised me on friday that he'd ring", [("on friday", date(2025, 6, 6), date(2025, 6, 7))]),
        ("the supplier was late again, so now its march 27", [("march 27", date(2026, 3, 27), date(2026, 3, 28))]),
    ],
)
def test_chat_deadlines_moved_months_runs_of_weekdays_and_named_evenings(parser, resolver, text, expected):
    said = datetime(2025, 6, 10, 11)  # a Tuesday
    assert [(m.text, *_days(m)) for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        # "on the way to work": the parse's "to work" is a place, no infinitive with a tense of its own
        ("I came off my scooter on the way to work on Friday", date(2025, 6, 6)),
        ("I'll drop it in on my way to work on Friday", date(2025, 6, 13)),
        # chat's bare "not allowed" is a state now, whose "for four weeks" lies ahead
        ("not allowed to drive for 2 weeks", date(2025, 6, 10)),
        ("not seen her since Friday", date(2025, 6, 6)),
    ],
)
def test_a_way_to_somewhere_or_a_bare_not_takes_the_tense_it_means(parser, resolver, text, day):
    said = datetime(2025, 6, 10, 11)  # a Tuesday
    assert [m.start.date() for m in resolver.ground(parser.parse(text), said) if m.resolved] == [day]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # guards a review of this session's rules found broken, said on Wed 15 May 2024
        # a state that starts "from" a day is no date moved from
        ("I'm switching to 3 days a week from July, told my manager on Monday",
         [("July", date(2024, 7, 1)), ("on Monday", date(2024, 5, 13))]),
        # EOD beside the day it closes is that day's
        ("can you get it to me EOD Thursday", [("Thursday", date(2024, 5, 16))]),
        ("by EOD tomorrow please", [("tomorrow", date(2024, 5, 16))]),
        # what slipped "until" a date fell till then; a car that sat is no Saturday
        ("my running slipped until Christmas", [("Christmas", date(2023, 12, 25))]),
        ("the bike sat until Friday in the shed", [("Friday", date(2024, 5, 10))]),
        # "not <participle>" with no infinitive after it keeps its past
        ("not impressed with the food on Friday", [("on Friday", date(2024, 5, 10))]),
        # a promise whose outcome is told after, and a booking followed by what happened, stay in the past
        ("he promised it by Monday but it came Wednesday", [("Monday", date(2024, 5, 13)), ("Wednesday", date(2024, 5, 8))]),
        ("booked my exam, on Monday I passed it", [("on Monday", date(2024, 5, 13))]),
        # a rank after "it's" is no day
        ("it's the 3rd biggest city in the country", []),
        # a way to do a thing is a means, whose infinitive looks ahead
        ("I found a way to work from home on Friday", [("on Friday", date(2024, 5, 17))]),
    ],
)
def test_this_sessions_date_rules_keep_to_what_they_read(parser, resolver, text, expected):
    said = datetime(2024, 5, 15, 10)
    assert [(m.text, m.start.date()) for m in resolver.ground(parser.parse(text), said) if m.resolved] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "day"),
    [
        # the time of a thing set out ahead of it (leave, a trip, a rota, an appointment) after a past or perfect
        # verb that asks for it, grants or refuses it, books or cancels it: the asking and the answer come first,
        # so said in June, August is this August, not last year's
        (date(2025, 6, 2), "my leave for august got approved", date(2025, 8, 1)),
        (date(2025, 4, 14), "My leave for June has been approved.", date(2025, 6, 1)),
        (date(2025, 6, 2), "got my leave for august approved", date(2025, 8, 1)),
        (date(2025, 6, 2), "my boss turned down my leave for august", date(2025, 8, 1)),
        (date(2025, 6, 2), "HR rejected my request for leave in september", date(2025, 9, 1)),
        (date(2025, 7, 10), "they approved my leave for the first week of september", date(2025, 9, 1)),
        (date(2025, 4, 4), "I have booked a week off from the 9th to the 16th of June.", date(2025, 6, 9)),
        (date(2025, 3, 24), "I have booked a coach holiday on the 12th of May.", date(2025, 5, 12)),
        (date(2026, 1, 12), "SunBreak cancelled my March trip", date(2026, 3, 1)),
        (date(2026, 1, 12), "they cancelled my holiday in June", date(2026, 6, 1)),
        # a plan of work is seen or comes out before the time it is for
        (date(2025, 6, 2), "have you seen the rota for july?", date(2025, 7, 1)),
        (date(2025, 3, 10), "the rota for april came out", date(2025, 4, 1)),
        # "in" or "on" after the object of a simple past may be the deed's own time: the nearer reading
        (date(2025, 11, 20), "they approved my leave in august", date(2025, 8, 1)),
        # ...and the month one booked in keeps the tense, as a booking without a place does
        (date(2025, 11, 20), "I booked my holiday in january", date(2025, 1, 1)),
        # a deed done to the thing then, how it went, a charge for a month gone, or no thing set out: the past stands
        (date(2025, 11, 20), "I took my leave in august", date(2025, 8, 1)),
        (date(2025, 11, 20), "my holiday in august was a washout", date(2025, 8, 1)),
        (date(2025, 11, 20), "the rota for july was a nightmare", date(2025, 7, 1)),
        (date(2025, 11, 20), "they approved my leave for august and we went to cornwall", date(2025, 8, 1)),
        (date(2025, 11, 20), "I asked for a refund for march", date(2025, 3, 1)),
        (date(2025, 11, 20), "I saw the match on the 3rd of september", date(2025, 9, 3)),
    ],
)
def test_the_time_of_a_thing_set_out_is_not_dated_by_the_asking_or_the_answer(parser, resolver, said, text, day):
    session = datetime(said.year, said.month, said.day, 12)
    dates = [m for m in resolver.ground(parser.parse(text), session) if m.resolved and m.kind != "duration"]
    assert dates[0].start.date() == day


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "first", "end"),
    [
        # "within" a length in talk that is not past is a window from now: an obligation, an expectation, a
        # condition, a request, or what one said one would do (each had been the stretch up to the session)
        (date(2025, 3, 4), "he has to return the deposit within 14 days", date(2025, 3, 4), date(2025, 3, 18)),
        (date(2025, 3, 4), "they must respond within 2 weeks", date(2025, 3, 4), date(2025, 3, 18)),
        (date(2025, 5, 13), "money should be in my account within 10 days apparently", date(2025, 5, 13), date(2025, 5, 23)),
        (date(2025, 11, 3), "If it isn't resolved within 8 weeks I can go to the Energy Ombudsman.", date(2025, 11, 3), date(2025, 12, 29)),
        (date(2025, 7, 21), "they said they'd reply within 8 weeks", date(2025, 7, 21), date(2025, 9, 15)),
        (date(2025, 3, 4), "can you draft an email asking him to return the full amount within 14 days?", date(2025, 3, 4), date(2025, 3, 18)),
        # "a week" is seven days from now, not the calendar week; "within" may stand before the length
        (date(2025, 3, 4), "they have to reply within a week", date(2025, 3, 4), date(2025, 3, 11)),
        (date(2025, 3, 4), "we should hear within a fortnight", date(2025, 3, 4), date(2025, 3, 18)),
        # told in the past, or said to be missed, the window is behind
        (date(2025, 3, 4), "the refund came within 14 days", date(2025, 2, 18), date(2025, 3, 5)),
        (date(2025, 3, 4), "I had to pay within 14 days", date(2025, 2, 18), date(2025, 3, 5)),
        (date(2025, 3, 4), "they said they'd reply within 8 weeks but it took 4 months", date(2025, 1, 7), date(2025, 3, 5)),
    ],
)
def test_within_a_length_in_talk_not_past_is_a_window_from_now(parser, resolver, said, text, first, end):
    session = datetime(said.year, said.month, said.day, 12)
    assert [_days(m) for m in resolver.ground(parser.parse(text), session) if m.resolved] == [(first, end)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        # a participle after a noun tells what was done to it, also where the expression takes in its "on" (said
        # on Wednesday 16 April: the Tuesday gone, where it had been the coming one)
        ("carrots sown on tuesday", date(2025, 4, 15)),
        ("beans planted on monday", date(2025, 4, 14)),
        ("car washed on saturday", date(2025, 4, 12)),
        ("the cake made on sunday was lovely", date(2025, 4, 13)),
        # ...not what one needs or gets done, a participle of arranging, nor a clause that looks ahead
        ("I need the car washed on saturday", date(2025, 4, 19)),
        ("get the beans planted on saturday", date(2025, 4, 19)),
        ("the concert scheduled on saturday", date(2025, 4, 19)),
        ("the photos taken on saturday will go in the album", date(2025, 4, 19)),
    ],
)
def test_a_participle_of_a_thing_done_dates_the_deed_with_its_preposition(parser, resolver, text, day):
    said = datetime(2025, 4, 16, 12)  # a Wednesday
    assert [m.start.date() for m in resolver.ground(parser.parse(text), said) if m.resolved] == [day]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "day"),
    [
        # a date a verb of announcing or setting gave out, after a colon or "for", is the event's (said in April:
        # this July, where the past had put it in the last one, a Tuesday for a "Wednesday 9 July")
        (date(2025, 4, 6), "The judging date has been announced: Wednesday 9 July, from ten in the morning.", date(2025, 7, 9)),
        (date(2025, 4, 6), "The date's been set: 9 July.", date(2025, 7, 9)),
        (date(2025, 4, 6), "They've announced the date: 9 July.", date(2025, 7, 9)),
        (date(2025, 4, 6), "The judging has been announced for Wednesday 9 July.", date(2025, 7, 9)),
        # what one volunteered to do lies ahead of the volunteering, as what one agreed to do does
        (date(2025, 2, 28), "I've volunteered to water the planters in June.", date(2025, 6, 1)),
        (date(2025, 2, 28), "I've volunteered to look after the planters from April to September.", date(2025, 4, 1)),
        # the day of the announcing, a date not right after the colon, and a deed in the past keep the past
        (date(2025, 5, 20), "the results were announced on 9 March", date(2025, 3, 9)),
        (date(2025, 5, 20), "the winner was announced: it was Bob, on 9 March", date(2025, 3, 9)),
        (date(2025, 11, 28), "I volunteered at the fete in June", date(2025, 6, 1)),
    ],
)
def test_a_date_given_out_or_volunteered_for_is_the_events(parser, resolver, said, text, day):
    session = datetime(said.year, said.month, said.day, 12)
    dates = [m for m in resolver.ground(parser.parse(text), session) if m.resolved and m.kind != "duration"]
    assert dates[0].start.date() == day


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        # a clause after a comma says its own tense where the parse gives the date no verb (lower-case "may" read as
        # the modal) or hangs it, as if punctuation, on the verb before the comma (said on 14 April 2026)
        ("the litter pick got rained off btw, we're doing it may 9 instead", date(2026, 5, 9)),
        ("it got rained off, we're doing it may 9 instead", date(2026, 5, 9)),
        # ...whose own past stands, and a comma with no verb after it leaves the sentence's tense
        ("it got moved, we did it may 9 instead", date(2025, 5, 9)),
        ("went to paris, may 9", date(2025, 5, 9)),
        # a weekday the parse hangs as punctuation with no comma between keeps its verb
        ("im going out sat night", date(2026, 4, 18)),
    ],
)
def test_a_clause_after_a_comma_says_its_own_tense(parser, resolver, text, day):
    said = datetime(2026, 4, 14, 12)  # a Tuesday
    assert [m.start.date() for m in resolver.ground(parser.parse(text), said) if m.resolved][0] == day


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        # the time a sum is owed for lies either side of the session, the nearer (said on 20 June 2025): mostly a
        # month gone, where the present had read the coming one
        ("the council says I owe £212 in council tax for Elm Grove for march", date(2025, 3, 1)),
        ("they still owe me £300 for april", date(2025, 4, 1)),
        # ...the month to come where it is nearer (the rent), and what is paid ahead or told in the past as it was
        ("I owe £650 for july", date(2025, 7, 1)),
        ("I'll pay £212 for march", date(2026, 3, 1)),
        ("they billed me £212 for march", date(2025, 3, 1)),
    ],
)
def test_a_time_owed_for_is_the_nearer(parser, resolver, text, day):
    said = datetime(2025, 6, 20, 12)
    assert [m.start.date() for m in resolver.ground(parser.parse(text), said) if m.resolved][0] == day


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "day"),
    [
        # what was "put back" or "put off" to a date was moved there, ahead, as what was pushed back was (said on 20
        # May: this June, where the past had put it last June)
        ("My cataract operation has been put back to the 10th of June.", date(2025, 6, 10)),
        ("They've put the operation back to the 10th of June.", date(2025, 6, 10)),
        ("they've put the wedding off to the 10th of June", date(2025, 6, 10)),
        # ...not where the turn says it was gone to, nor "put" with no date moved
        ("they put it back to the 3rd and it went fine", date(2025, 5, 3)),
        ("I put the kids to bed on the 3rd", date(2025, 5, 3)),
    ],
)
def test_a_date_put_back_to_is_the_new_one(parser, resolver, text, day):
    said = datetime(2025, 5, 20, 12)
    assert [m.start.date() for m in resolver.ground(parser.parse(text), said) if m.resolved][0] == day
