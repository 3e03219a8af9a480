"""The rule classifier of links (the default): relations from slots, event words, cues and times.

For a new memory and an older candidate, the first rule that fires decides:

1. same subject and slot: another value -> ``updates``; the same value -> ``supports``;
2. the old memory is a plan about the same event: called off -> ``followup_of`` (plan cancelled); denied ->
   ``contradicts`` (plan contradicted); reported as done with a fitting time -> ``followup_of`` (completed);
3. same event, with a negation, denial or correction the old one lacks -> ``contradicts``;
4. same event and overlapping event times -> ``same_episode_as``;
5. similar (cosine) and sharing a noun -> ``supports`` (an elaboration);
6. otherwise no link.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import lru_cache

from memory_pipeline.analysis import Event, Reading
from memory_pipeline.analysis.slots import EVENT_SLOTS, NONE_VALUE, SlotValue
from memory_pipeline.analysis.clauses import SELF
from memory_pipeline.analysis.cues import (
    AHEAD_DATE_WORDS, BOOKING_LEMMAS, CAME_ABOUT_STATES, CAME_ABOUT_VERBS, CANCEL_LEMMAS, RESCHEDULE_LEMMAS, CARERS,
    GETTING_IN_TOUCH_VERBS, HIRING_NOUNS, INTERVIEW_ROUND_ORDINALS, LIGHT_VERBS, MONTHS, OTHER_CANDIDATES, REFUSING_LEMMAS,
    RELATIVES, UNNAMED_ARRANGEMENTS, event_stems,
)
from memory_pipeline.analysis.places import known_places
from memory_pipeline.extraction.lexicon import ARRANGED_EVENT_NOUNS, OCCASION_NOUNS
from memory_pipeline.links.base import (
    CANCELLED,
    COMPLETED,
    CONTRADICTED,
    CONTRADICTS,
    FOLLOWUP,
    NONE,
    SAME_EPISODE,
    SUPPORTS,
    UPDATES,
    ClassifierResources,
    JobResult,
    LinkContext,
    LinkProposal,
)
from memory_pipeline.links.candidates import CandidateJob, with_candidates
from memory_pipeline.config import LinksConfig
from memory_pipeline.extraction.temporal import TemporalResolver
from memory_pipeline.memory_frame import Memory

NAME = "rules"
NEGATION_OVERLAP = 0.67
TRANSITION_STATES = {"yes": "have", "has": "have", NONE_VALUE: "gone", "recovered": "gone", "like": "like", "dislike": "dislike",
                     "broken": "broken", "working": "working"}
RESOLVER = TemporalResolver()
# Slots whose values follow one another, so that denying one changes the one before it: "we're not getting married
# anymore" ends an engagement.
CHAINED_SLOTS = frozenset({"relationship"})
CANCEL_STEMS = event_stems(CANCEL_LEMMAS)
# The words that tell, of any thing, that it came about ("arrived", "is done", "'s up")
CAME_ABOUT_WORDS = CAME_ABOUT_VERBS | CAME_ABOUT_STATES
# Plans to bring a thing about, whose outcome is the thing come about in any of those words: "renew my passport"
# (it arrived), "build a shed" (it's up), "plant the potatoes" (they're in). A plan to do something else to a thing
# ("sell the car", "paint the shed") is told done only in its own verb ("the shed's painted"): "the car is fixed"
# sells no car.
BRINGING_ABOUT_VERBS = frozenset({"renew", "build", "order", "apply", "get", "buy", "make", "do", "put", "plant",
                                  "install", "fit", "finish", "sort", "fix", "replace", "transfer", "send", "write",
                                  "organise", "organize", "set", "register", "claim", "request", "sow", "lay"})
# What an interview or application is for, and the news that it worked: "I got the job", "they made me an offer".
INTERVIEW_STEMS = event_stems(frozenset({"interview", "application", "apply", "audition"}))
HIRED_STEMS = event_stems(HIRING_NOUNS | {"place"})
# Whom an employer picked instead, and what was sent: "an internal candidate", "my application"
CANDIDATE_STEMS = event_stems(OTHER_CANDIDATES | {"application"})
# Tests one sits, and the words that tell how one did in one: "I passed!", "failed the resit", "the results are in"
# A probation is passed or failed like a test, at its review ("passed probation").
EXAM_STEMS = event_stems(frozenset({"exam", "test", "resit", "retake", "retest", "sitting", "viva", "defence",
                                    "defense", "assessment", "finals", "certification", "grade", "probation", "review"}))
# Words that name another sitting of the same test, not another test: "passed AWS on the retake".
RESIT_STEMS = event_stems(frozenset({"resit", "retake", "retest"}))
RESULT_STEMS = event_stems(frozenset({"pass", "fail", "result", "ace", "flunk"}))
# Chat's words for how a test went, which count only where the memory names a test: "I bombed the exam", "nailed
# my driving test" ("built the wardrobe, nailed it" is no test's result)
CHAT_RESULT_STEMS = event_stems(frozenset({"bomb", "nail", "smash"}))
# How long after a test its result may come and still be news of it (a language exam's results take two months).
RESULT_WAIT = timedelta(days=120)


def state_changes(old: SlotValue, new: SlotValue) -> bool:
    """Whether ``new`` changes the state ``old`` recorded: any other value of an exclusive slot, though a denied
    value ("no longer lives in X") only the state it denies, unless the values follow one another
    (:data:`CHAINED_SLOTS`); for ownership and health, only a move between having and not having."""
    if new.state == old.state or _still_taken(old, new):
        return False
    if old.negated and new.value == NONE_VALUE and new.exclusive:
        return False  # "lost my job at Door Dash", later "since I lost my job": none after one denied, no news
    if new.negated and not old.negated and new.exclusive and new.slot not in CHAINED_SLOTS:
        # "not moving to London" after "lives in Cardiff": a value denied changes only the state that held it,
        # a firm named in full or in brief ("quit Harcourt" ends "works at Harcourt & Co"), a place only in full
        # ("not moving to York" leaves "lives in New York")
        return _names_the_same_firm(old.value, new.value) if new.slot == "employer" else old.value == new.value
    if new.slot == "quantity" and new.scope == "salary" and _pay_by_another_period(old.value, new.value):
        return False
    if new.exclusive:
        return True
    return TRANSITION_STATES.get(new.state) != TRANSITION_STATES.get(old.state)


# How many times apart two sums of one's pay are, at least, to be one pay by two periods (a year is 12 months)
PERIODS_APART = 8
SUM_DIGITS = re.compile(r"[\d.]+")


def _pay_by_another_period(value: str, other: str) -> bool:
    """Two sums of pay so far apart that they are one pay told by the year and by the month, not a rise: "I earn
    £40,000 a year" and "I take home £2,400 a month" hold at once (the gross by the year, the take-home by the
    month), where "£1,850" and "£2,050 net" are one pay that rose."""
    sums = [SUM_DIGITS.search(v.replace(",", "")) for v in (value, other)]
    if not all(sums):
        return False
    try:
        low, high = sorted(float(found.group()) for found in sums)
    except ValueError:
        return False
    return low > 0 and high / low >= PERIODS_APART


def _names_the_same_firm(value: str, other: str) -> bool:
    """One firm's name is the other's first words, less its tail ("harcourt" and "harcourt & co", "lidl" and "lidl
    uk"), or its initials ("aws" and "amazon web services"). Never its last words: "york" is no "new york"."""
    short, long = sorted((value.split(), other.split()), key=len)
    if not short:
        return False
    initials = len(short) == 1 and len(long) > 1 and short[0] == "".join(word[0] for word in long)
    return long[: len(short)] == short or initials


def dated_slot(memory: Memory, slot: SlotValue) -> SlotValue:
    """``slot`` with an appointment's value led by the day its memory resolved it to: said as words ("the 8th",
    "next Tuesday"), "the 8th of June" and "the 8th of October now" had been one value, and two dentist appointments
    months apart both said as "next Tuesday" one appointment. The words stay beside the day: "at 4pm on Friday,
    not 3" is another value than "at 3pm on Friday" of the same day."""
    if slot.slot not in EVENT_SLOTS or slot.negated or not memory.explicit_time:
        return slot
    return replace(slot, value=f"{memory.event_start.date().isoformat()} {slot.value}")


def shared_slots(new: Memory, old: Memory, new_reading: Reading, old_reading: Reading,
                 said_before: Sequence[SlotValue] | None = None) -> list[tuple[SlotValue, SlotValue]]:
    """(old value, new value) of every slot both memories set, appointments by their day (:func:`dated_slot`); a
    schedule said with no owner is the one third person's the old memory gave (:func:`named_for_whom`), judged on
    ``said_before``, the slots of the whole conversation before ``new`` (:func:`slots_said_before`), where given."""
    pairs = []
    for slot in new_reading.state_slots:
        before = old_reading.slot(slot.key)
        if before is None and (before := named_for_whom(slot, old_reading.state_slots, said_before)) is not None:
            slot = replace(slot, subject=before.subject)
        if before is not None:
            pairs.append((dated_slot(old, before), dated_slot(new, slot)))
    return pairs


# What an activity is called by after its name, which may go unsaid: "football club", "swimming lessons"
SESSION_NOUNS = frozenset({"club", "class", "lesson", "practice", "training", "session"})


def same_activity(scope: str, other: str) -> bool:
    """One activity's two names: the same, or one is the other and a word of its sessions ("football club" and
    "football"); never two sports ("football" and "football camp" are kept apart, as "swimming" and "swimming gala")."""
    short, long = sorted((scope.split(), other.split()), key=len)
    return short == long or bool(short) and long[:-1] == short and long[-1] in SESSION_NOUNS


# What a parent says of a child's with the child unsaid: "football moved to thursdays", "the new teacher is Miss Shah";
# and a carer of a parent's medicine: "the consultant increased memantine to 20mg" (after "Mum takes memantine 10mg")
SAID_WITHOUT_THE_CHILD = frozenset({"schedule", "teacher", "medication"})


def named_for_whom(slot: SlotValue, known: Sequence[SlotValue],
                   said_before: Sequence[SlotValue] | None = None) -> SlotValue | None:
    """The one slot among ``known`` that a schedule, a teacher or a medicine said with no owner is about, when it is a third
    person's: a parent says "dev has football club on wednesdays" and later "football moved to thursdays", the
    child's club, unsaid; "tomek has Mrs Lewis", later "the new teacher is Miss Shah". Only where exactly one other
    person's slot of that activity is known in all that was said before (``said_before``, in order; ``known`` when
    not given), none is the speaker's own and that person has not given it up since (:func:`_other_holders`): a
    pair alone would hand "football moved" to Dev and to Mia both."""
    if not slot.unowned or slot.slot not in SAID_WITHOUT_THE_CHILD:
        return None
    holders = _other_holders(slot, known if said_before is None else said_before)
    if len(holders) != 1:
        return None
    return next((before for before in known if before.subject in holders and _of_the_same(before, slot)), None)


def _of_the_same(before: SlotValue, slot: SlotValue) -> bool:
    return (before.slot == slot.slot and before.owner == slot.owner and before.matchable
            and same_activity(before.scope, slot.scope))


def _other_holders(slot: SlotValue, said: Sequence[SlotValue]) -> frozenset[str]:
    """Who else holds the activity of the unowned ``slot`` after all ``said``, in order: nobody where the speaker
    said one of their own ("I have football on mondays" then "football moved to thursdays" is theirs), and not one
    who quit it since ("Dev quit football club": a later "football is on thursdays now" is no longer his)."""
    holders: set[str] = set()
    for before in said:
        if _of_the_same(before, slot):
            if before.subject == SELF and not before.unowned:
                return frozenset()
            if before.subject != SELF:
                holders.add(before.subject)
        elif (before.slot == "activity" and before.state == NONE_VALUE and before.owner == slot.owner
              and same_activity(before.scope, slot.scope)):
            holders.discard(before.subject)
    return frozenset(holders)


def slots_said_before(memories: Mapping[str, Memory], readings: Mapping[str, Reading], new: Memory) -> list[SlotValue]:
    """The slots of every memory of ``new``'s conversation (and kind) before it, in order, where ``new`` says a slot
    with no owner (:func:`named_for_whom` looks at them all); none otherwise, since nothing asks."""
    if not any(slot.unowned for slot in readings[new.memory_id].state_slots):
        return []
    before = sorted((old for old in memories.values()
                     if (old.conversation_id, old.memory_kind) == (new.conversation_id, new.memory_kind)
                     and old.position < new.position), key=lambda old: old.position)
    return [slot for old in before for slot in readings[old.memory_id].state_slots]


# What one is to one partner at a time: "Sam is my boyfriend now" ends "Tom is my boyfriend"
PARTNER_STATES = frozenset({"dating", "engaged", "married"})


def another_partner(new: Reading, old: Reading) -> tuple[SlotValue, SlotValue] | None:
    """(the old partner's slot, the new one's) when ``new`` names another partner of the same person than ``old``
    did, both partners now ("Sam is my boyfriend now" after "Tom is my boyfriend now"): the relationship's value is
    the same, "dating" again, but the partner is not, so it is news that ends the old partner's, not a repeat."""
    for slot in new.state_slots:
        if slot.slot != "relationship" or not slot.scope or slot.state not in PARTNER_STATES or not slot.matchable:
            continue
        for before in old.state_slots:
            if (before.slot == "relationship" and before.scope and before.scope != slot.scope
                    and before.state in PARTNER_STATES and (before.owner, before.subject) == (slot.owner, slot.subject)):
                return before, slot
    return None


def _still_taken(old: SlotValue, new: SlotValue) -> bool:
    """A medicine said to be taken with no dose ("the plan is to stay on sertraline") after its dose was said ("50
    mg"): still that dose, no change."""
    return (new.slot == old.slot == "medication" and new.value == "yes" and old.value not in ("yes", NONE_VALUE)
            and not (new.negated or old.negated))


def event_overlap(new: Reading, old: Reading) -> float:
    """Share of the smaller memory's content words the two share, as :meth:`Event.overlap` counts them: 0 unless a
    thing one names is among the other's words, with a noun or the verb of its event ("the move got pushed back",
    "we move into the new flat")."""
    return Event(new.words, new.nouns).overlap(Event(old.words, old.nouns))


def intervals_overlap(a: Memory, b: Memory, grace: timedelta = timedelta(0)) -> bool:
    if a.event_start is None or b.event_start is None:
        return False
    a_end = a.event_end or a.event_start
    b_end = b.event_end or b.event_start
    return a.event_start < b_end + grace and b.event_start < a_end + grace


def report_fits_plan(plan: Memory, report: Memory, grace: timedelta) -> bool:
    """A report can be the plan's outcome: its event falls in the planned window (give or take ``grace``), or,
    when the report gives no time, it was said no earlier than the window's start. A report whose date still lies
    ahead when it is said (:func:`dated_ahead_of_saying`) is dated by what is to come, not by the deed it tells
    ("SPL approved! I'm off from 1st June", said in May, of "I'll take SPL from June"; "finished the report,
    sending it to Tom on Friday"), so it is judged as undated: done only when said since the window opened."""
    if report.explicit_time and plan.explicit_time and not dated_ahead_of_saying(report):
        return intervals_overlap(plan, report, grace)
    return said_since(plan, report, grace)


def dated_ahead_of_saying(memory: Memory) -> bool:
    """The memory's event, from a time expression, starts after the day it was said: "I'm off from 1st June", said
    on 20 May. Its date is of what is to come, never of a deed already done."""
    return (memory.explicit_time and memory.event_start is not None and memory.session_time is not None
            and memory.event_start.date() > memory.session_time.date())


def said_since(plan: Memory, report: Memory, grace: timedelta) -> bool:
    """The report was said no earlier than the planned window's start (give or take ``grace``): a report that
    gives no time of its own may be of the planned event."""
    if not plan.explicit_time:
        return True
    return report.session_time is None or report.session_time >= plan.event_start - grace


def _dated_elsewhere(event: Event, reading: Reading) -> bool:
    """The memory's dates are those of other words than the reported ``event``'s ("the Monzo interview went really
    well, they made me an offer last week": last week is the offer's), so the report itself is undated."""
    return bool(reading.dated.words) and not event.words & reading.dated.words


def replaced_days(new: Memory, reading: Reading) -> frozenset[date]:
    """The days the dates ``new`` names as no longer holding ("not the 8th") may be, read at ``new``'s own session
    (extraction dates each turn at its own). Read both ways from it: a replaced date may have passed ("it's now 7
    March instead of the 21st", said on the 24th) or lie ahead ("back on the 15th of April now, not the 8th")."""
    if new.session_time is None:
        return frozenset()
    days = _days_named(reading.replaced_times, new.session_time)
    said = new.session_time.date()
    if new.explicit_time and new.event_start is not None and new.event_start.date() < said:
        # what is told as over ("it came on the 19th in the end, not the 12th", said on 21 June) was over on the day
        # it replaced too: 12 June, not 12 July
        return frozenset(day for day in days if day <= said) or days
    return days


@lru_cache(maxsize=1024)  # asked again for every earlier memory a rescheduling memory is compared with
def _days_named(texts: tuple[str, ...], session_time: datetime) -> frozenset[date]:
    days = set()
    for text in texts:
        for tense in ("past", "future"):
            resolved = RESOLVER.resolve(text, session_time, tense)
            if resolved is not None and resolved[1] - resolved[0] <= timedelta(days=1):
                days.add(resolved[0].date())
    return frozenset(days)


def moved_from_its_date(new: Memory, old: Memory, reading: Reading, old_reading: Reading) -> bool:
    """``new`` names ``old``'s date as the one that no longer holds: the same speaker's arrangement (an explicit
    date that lay ahead when it was said), said before, on a day ``new`` names as replaced. The date says which
    arrangement moved, however few words the two share, where ``new`` names no thing of its own ("it came on the
    19th in the end, not the 12th"); one that names a thing must share one with ``old`` ("the parcel came on the
    19th, not the 12th" moves no birthday on the 12th). Another's arrangement, a past event told of, or the same day
    of another month is not it."""
    if not reading.replaced_times or not old.explicit_time or old.speaker is None or old.speaker != new.speaker:
        return False
    if reading.nouns and not event_overlap(reading, old_reading):
        return False
    if old.session_time is None or new.session_time is None or old.session_time > new.session_time:
        return False
    if dated_by_a_length(old):
        return False  # "the retest is free within 10 working days": a day counted from a length, no arrangement's
    said = datetime(old.session_time.year, old.session_time.month, old.session_time.day)
    return old.event_start >= said and old.event_start.date() in replaced_days(new, reading)


# A length said alone, which the dates read as the day that far ahead: "the retest is free within 10 working days",
# "the quote is valid for 30 days". Not "in two weeks" or "a week from Friday", which say when a thing is.
A_LENGTH_ALONE = re.compile(
    r"(?:within|for|up to)?\s*(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+"
    r"(?:working\s+|business\s+|calendar\s+)?(?:days?|weeks?|months?|years?)", re.IGNORECASE)


def dated_by_a_length(memory: Memory) -> bool:
    """The memory's date was counted from a length alone ("10 working days"): the day is where a window ends, not a
    day something was arranged for, so a later "on Saturday not Friday" does not name it as the day that moved."""
    return bool(memory.event_time_text) and A_LENGTH_ALONE.fullmatch(memory.event_time_text.strip()) is not None


def moved_from_another_day(new: Memory, old: Memory, reading: Reading) -> bool:
    """``new`` names the day the thing it moves was on ("moved the exam from April 22 to April 24", "not the 8th")
    and ``old`` is dated on none of the days that may be: it is another event of the same words (a practice exam
    on the 21st), which the move neither corrects nor moves."""
    if not reading.replaced_times or not old.explicit_time:
        return False
    days = replaced_days(new, reading)
    if not days:
        return False
    first = old.event_start.date()
    last = old.event_end.date() if old.event_end is not None else first + timedelta(days=1)
    return not any(first <= day < max(last, first + timedelta(days=1)) for day in days)


def rescheduled_by_date(context: LinkContext, memory_id: str) -> list[Memory]:
    """The earlier memories of a memory's conversation (and kind) whose date it names as replaced
    (:func:`moved_from_its_date`), whether or not its embedding is near theirs."""
    return moved_from_the_date_named(context.memories, context.readings, memory_id)


def moved_from_the_date_named(memories: Mapping[str, Memory], readings: Mapping[str, Reading],
                              memory_id: str) -> list[Memory]:
    """:func:`rescheduled_by_date` from the memories and their readings alone, as consolidation has them: "it came
    on the 19th in the end, not the 12th" shares few words with "the fridge is delayed to 12 June" and its embedding
    may be far from it, so only the date brings the pair to be compared."""
    new, reading = memories.get(memory_id), readings.get(memory_id)
    if new is None or reading is None or not reading.replaced_times:
        return []
    return [old for old in memories.values()
            if (old.conversation_id, old.memory_kind) == (new.conversation_id, new.memory_kind)
            and old.position < new.position and moved_from_its_date(new, old, reading, readings[old.memory_id])]


def dated_events_corrected(memories: Mapping[str, Memory], readings: Mapping[str, Reading], memory_id: str,
                           event_overlap: float) -> list[Memory]:
    """The earlier memories, of earlier sessions of a memory's conversation (and kind), that its correction's event
    names and that were dated: a deadline or appointment said as a fact, not a plan ("the app is due to ship on
    December 5"), moved in few words later ("we're moving the ship date to January 14"), whether or not its
    embedding is near theirs."""
    new, reading = memories.get(memory_id), readings.get(memory_id)
    if new is None or reading is None or reading.correction is None or not new.explicit_time or new.session_time is None:
        return []
    return [old for old in memories.values()
            if (old.conversation_id, old.memory_kind) == (new.conversation_id, new.memory_kind)
            and set_ahead(old) and old.session_time < new.session_time
            and corrects_its_event(reading, readings[old.memory_id], event_overlap)]


def set_ahead(memory: Memory) -> bool:
    """The memory dates a thing on or after the day it was said: a deadline, an appointment, a launch to come, which
    a later correction may move. A thing told as done ("Nate won a tournament last week") is moved by none: "the
    tournament got pushed back" is about another."""
    return (memory.explicit_time and memory.event_start is not None and memory.session_time is not None
            and memory.event_start.date() >= memory.session_time.date())


def corrects_its_event(reading: Reading, old_reading: Reading, event_overlap: float) -> bool:
    """The correction's own clause is about ``old``'s event; where it says which appointment ("the derm appointment
    got moved"), by more than the bare "appointment": that is not "the dentist moved my appointment"."""
    corrected, generic = reading.corrected, event_stems(UNNAMED_ARRANGEMENTS)
    if corrected.overlap(Event(old_reading.words, old_reading.nouns)) < event_overlap:
        return False
    named = event_stems(corrected.words) - generic
    return not named or bool(named & event_stems(old_reading.words))


def report_after_start(plan: Memory, report: Memory) -> bool:
    """A report of a plan to start something is its outcome when it falls on or after the start, however long after
    ("hydro finished at the end of May" for "I start hydrotherapy the week after next"): the thing goes on past the
    start's window. A report dated before the start, or with no time said before it, is not."""
    if not plan.explicit_time:
        return False
    when = report.event_start if report.explicit_time else report.session_time
    return when is not None and when >= plan.event_start


def planned_event(reading: Reading) -> Event:
    """The event a plan memory is about: its plan clause or what it arranged, or all its words when the plan
    has no clause of its own."""
    for event in (reading.plan, reading.arranged):
        if event.words:
            return event
    return Event(reading.words, reading.nouns)


def plans_named_by(context: LinkContext, new: Memory, event: Event) -> list[Memory]:
    """The plans of ``new``'s conversation (and kind), made in an earlier session, whose planned event ``event``
    names. Every plan is looked at, not only the similar ones: a postponement or a cancellation says little besides
    the event's name ("the move got pushed back", "there isn't going to be a wedding")."""
    if new.session_time is None or not event.words:
        return []
    out = []
    for plan in context.plans_in_order:
        if plan.session_time is None or (plan.conversation_id, plan.memory_kind) != (new.conversation_id, new.memory_kind):
            continue
        if new.session_time <= plan.session_time:
            continue
        if event.overlap(planned_event(context.readings[plan.memory_id])) >= context.config.event_overlap:
            out.append(plan)
    return out


def moved_plans(context: LinkContext) -> dict[str, Memory]:
    """Plan -> the latest later memory that moved it to a new date ("the hike got postponed to next weekend"):
    the plan's outcome is then looked for around the new date, not the old one."""
    moved: dict[str, Memory] = {}
    for memory_id, reading in context.readings.items():
        new = context.memories.get(memory_id)
        if new is None or reading.correction is None or not new.explicit_time:
            continue
        for plan in plans_named_by(context, new, reading.corrected):
            if moved_from_another_day(new, plan, reading):
                continue
            if plan.memory_id not in moved or moved[plan.memory_id].session_time < new.session_time:
                moved[plan.memory_id] = new
    return moved


def followed_up_plans(context: LinkContext, memory_id: str) -> list[Memory]:
    """The plans a memory calls off, moves to a new date, reports done on their own day, or tells came about in
    other words (:func:`told_in_other_words`), whether or not its embedding is near theirs."""
    new, reading = context.memories.get(memory_id), context.readings.get(memory_id)
    if new is None or reading is None:
        return []
    plans = plans_named_by(context, new, reading.cancelled) if reading.cancel is not None else []
    if reading.correction is not None and new.explicit_time:
        plans += [plan for plan in plans_named_by(context, new, reading.corrected)
                  if plan not in plans and not moved_from_another_day(new, plan, reading)]
    if not reading.future and reading.cancel is None and new.explicit_time:
        # a report dated on the planner's own planned day tells of the plan in few words ("The op went fine on the
        # 11th", against "My operation is on the 11th of March"); an undated one, another's, or one of another day
        # is left to the embedding's neighbours, as every report had been (compared with every plan it named, the
        # rules had completed plans with reports of other things: 12 on the LoCoMo dev conversations, 10 wrong)
        for event in reading.reports:
            plans += [plan for plan in plans_named_by(context, new, event) if plan not in plans
                      and plan.speaker == new.speaker and plan.explicit_time and intervals_overlap(plan, new)]
    if reading.state_slots and not reading.future:
        plans += [plan for plan in context.plans_in_order if plan not in plans
                  and (plan.conversation_id, plan.memory_kind) == (new.conversation_id, new.memory_kind)
                  and planned_state_held(new, plan, reading, context.readings[plan.memory_id]) is not None]
    # "I got the job!" is far in embedding from "I have an interview at Rowan Clinic next Tuesday" (every plan is
    # looked at, so what no plan's outcome can be, a question or a plan itself, is turned away once, here)
    if _asserted(reading) or _a_rejection(reading):
        plans += [plan for plan in context.plans_in_order if plan not in plans
                  and (plan.conversation_id, plan.memory_kind) == (new.conversation_id, new.memory_kind)
                  and told_in_other_words(new, plan, reading, context.readings[plan.memory_id]) is not None]
    # "train tickets booked!" says the plan's thing in a word or two, too few for the embedding to put it near "I'll
    # book the train tickets to Leeds on Monday"; only a plan the headline names in all its words is looked at
    if reading.headlines:
        plans += [plan for plan in context.plans_in_order if plan not in plans
                  and (plan.conversation_id, plan.memory_kind) == (new.conversation_id, new.memory_kind)
                  and _its_thing_in_a_headline(new, plan, reading, context.readings[plan.memory_id]) is not None]
    return plans


def classify_pair(
    new: Memory, old: Memory, new_reading: Reading, old_reading: Reading, similarity: float,
    old_is_plan: bool, config: LinksConfig, moved_to: Memory | None = None,
    said_before: Sequence[SlotValue] | None = None,
) -> LinkProposal:
    """The relation from ``new`` to the older ``old`` (relation ``none`` when no rule fires); ``moved_to`` is the
    memory that moved the plan ``old`` to a new date, if one did; ``said_before`` the slots of the conversation
    before ``new`` (:func:`slots_said_before`)."""
    shared = shared_slots(new, old, new_reading, old_reading, said_before)
    changed = [(before, slot) for before, slot in shared if state_changes(before, slot)]
    if changed:
        before, slot = changed[0]
        return LinkProposal(old.memory_id, UPDATES, 0.9, detail=f"{before.describe()} -> {slot.state}")
    owned = owned_by_others(new, old, new_reading, old_reading)
    if owned:
        # "Ben's wedding went great" and "I said no to Rachel's wedding": two weddings, whatever else they share
        return LinkProposal(old.memory_id, NONE, 0.0, detail=f"another's {owned}")
    overlap = event_overlap(new_reading, old_reading)
    same_event = overlap >= config.event_overlap
    if old_is_plan:
        # before the slot's repeat: "I started at Rowan Clinic two weeks ago" says the employer of "I start at
        # Rowan Clinic on 2 April" again, and that it came about
        outcome = _plan_outcome(new, old, new_reading, old_reading, config, moved_to, same_event)
        if outcome is not None:
            return LinkProposal(old.memory_id, *outcome)
    replaced = another_partner(new_reading, old_reading)
    if replaced is not None:
        before, partner = replaced
        return LinkProposal(old.memory_id, UPDATES, 0.85, detail=f"{before.describe()} -> {partner.describe()}")
    repeated = [slot for before, slot in shared if slot.state == before.state]
    if repeated:
        return LinkProposal(old.memory_id, SUPPORTS, 0.8, detail=f"{repeated[0].describe()} again")
    if new_reading.correction is not None and moved_from_its_date(new, old, new_reading, old_reading):
        # "I'm back on the 15th of April now, not the 8th": the old date names the arrangement that moved
        return LinkProposal(old.memory_id, CONTRADICTS, 0.8, detail=f"moved from its date: {new_reading.correction.span}")
    swapped = _swapped_out(new, old, new_reading, old_reading)
    if swapped:
        # "we're doing Lisbon instead of Porto": the plan or state that named Porto holds no more
        return LinkProposal(old.memory_id, CONTRADICTS, 0.8, detail=f"replaced: {', '.join(sorted(swapped))}")
    # a correction is about its own clause's event, however many other words the memory has ("Orion slipped, the
    # new date is November 4" for "the Orion release is supposed to go live on 30 September")
    corrected = set_ahead(old) and corrects_its_event(new_reading, old_reading, config.event_overlap)
    if (same_event or corrected) and _contradiction(new, old, new_reading, old_reading, overlap, config):
        cue = new_reading.denial or new_reading.correction
        return LinkProposal(old.memory_id, CONTRADICTS, 0.7, detail=f"{cue.kind}: {cue.span}" if cue else "negation")
    if same_event and intervals_overlap(new, old):
        return LinkProposal(old.memory_id, SAME_EPISODE, round(0.5 + overlap / 2, 3), detail=f"event words {overlap:.2f}")
    if similarity >= config.supports_min_similarity and new_reading.nouns & old_reading.nouns:
        return LinkProposal(old.memory_id, SUPPORTS, round(similarity, 3), detail="elaboration")
    return LinkProposal(old.memory_id, NONE, 0.0)


# A noun after a possessive: "Ben's wedding", "mum's birthday", "Rachel’s hen do"; joint owners before it are
# owners too ("Tom and Sarah's wedding" is Tom's wedding as much as Sarah's)
POSSESSIVE = re.compile(r"\b(?:([A-Za-z]+)\s+(?:and|&)\s+)?([A-Za-z]+)['’]s\s+([a-z]+)")
# One relative's several names, by the one they go by here: "Mum's birthday" is "Mother's birthday", "Nan's party"
# is "Grandma's party"
RELATIVE_NAMES = {
    **dict.fromkeys(("mum", "mom", "mam", "mummy", "mommy", "mother", "ma"), "mother"),
    **dict.fromkeys(("dad", "daddy", "father", "pa", "papa"), "father"),
    **dict.fromkeys(("nan", "nana", "nanna", "nanny", "gran", "granny", "grandma", "grandmother"), "grandmother"),
    **dict.fromkeys(("grandad", "granddad", "grandpa", "grandfather", "gramps"), "grandfather"),
    **dict.fromkeys(("bro", "brother"), "brother"), **dict.fromkeys(("sis", "sister"), "sister"),
}
# Words before "'s" that own nothing: contractions ("it's", "that's", "let's") and days ("Friday's dinner", which a
# correction may move to Thursday)
NO_OWNERS = frozenset({"it", "that", "there", "here", "he", "she", "what", "who", "where", "how", "when", "why", "let",
                       "everyone", "everything", "someone", "somebody", "nobody", "nothing", "one", "yesterday"}
                      ) | AHEAD_DATE_WORDS | MONTHS


def owners(memory: Memory, reading: Reading) -> dict[str, frozenset[str]]:
    """Noun -> whose it is, for the nouns a name or a relative owns ("Ben's wedding": wedding -> ben; "mum's
    birthday": birthday -> mum). A lower-case word owns only as a relative: "the car's MOT" names no owner."""
    out: dict[str, set[str]] = {}
    for joint, owner, noun in POSSESSIVE.findall(memory.text):
        lemma = noun if noun in reading.nouns else noun[:-1] if noun[:-1] in reading.nouns else None
        if lemma is None:
            continue
        for named in (joint, owner):
            said = named.lower()
            if named and said not in NO_OWNERS and (named[0].isupper() or said in RELATIVES):
                out.setdefault(lemma, set()).add(said)
    return {noun: frozenset(names) for noun, names in out.items()}


def owned_by_others(new: Memory, old: Memory, new_reading: Reading, old_reading: Reading) -> str:
    """A noun both memories give an owner, and no owner in common: "Ben's wedding" and "Rachel's wedding", "mum's
    birthday" and "dad's birthday" are two things, which a shared noun, weekday or cue ("instead", "done") does not
    make one. A noun one of them leaves unowned ("the wedding") may be either's. "" when there is none."""
    theirs = owners(old, old_reading)
    return next((noun for noun, names in sorted(owners(new, new_reading).items())
                 if noun in theirs and not _as_one_relative(names) & _as_one_relative(theirs[noun])), "")


def _as_one_relative(names: frozenset[str]) -> frozenset[str]:
    """The owners with each relative by one of their names (:data:`RELATIVE_NAMES`): "mum" and "mother" are one."""
    return frozenset(RELATIVE_NAMES.get(name, name) for name in names)


def _plan_outcome(
    new: Memory, plan: Memory, reading: Reading, plan_reading: Reading, config: LinksConfig, moved_to: Memory | None,
    same_event: bool,
) -> tuple[str, float, str, str] | None:
    """What a later memory says became of a plan: the clause of its cancellation, denial or report must be
    about the plan's event (its own words, not the rest of either memory); a report must fall in the plan's
    window, or in the new one where a later memory moved the plan. ``same_event``: the two memories' words, not
    only the clauses', are about one event."""
    if new.session_time is None or plan.session_time is None or new.session_time <= plan.session_time:
        return None  # a plan is followed up later, not in the session that made it
    planned = planned_event(plan_reading)
    about = lambda event: event.overlap(planned) >= config.event_overlap or same_words_and_no_thing(event, planned)  # noqa: E731
    grace = timedelta(days=config.plan_grace_days)
    if reading.cancelled_by and reading.cancelled_by in plan_reading.companions:
        return None  # "Alex can't come to Tokyo anymore": one going along drops out, the trip stands
    if (reading.cancel is not None and about(reading.cancelled) and names_its_kind(reading.cancelled, plan_reading)
            and not told_as_past(plan_reading)):
        if plan_reading.plans_to_call_off and not reading.future:
            # calling off what the plan was to call off never cancels the plan: done in its window by the planner
            # it completes it; outside it (a date misread, another membership), or by another ("I cancelled my gym
            # membership too", said by the friend) it says nothing of it, as a report would not
            by_planner = all(_done_by_planner(event, new, plan, plan_reading) for event in reading.reports if about(event))
            if report_fits_plan(plan, new, grace) and by_planner:
                return FOLLOWUP, 0.8, COMPLETED, f"called off as planned: {reading.cancel.span}"
            return None
        return FOLLOWUP, 0.8, CANCELLED, f"called off: {reading.cancel.span}"
    if reading.denial is not None and about(reading.denied):
        return CONTRADICTS, 0.8, CONTRADICTED, f"denied: {reading.denial.span}"
    done = [event for event in deeds_done(reading, plan_reading)
            if about(event) and deed_of_the_plan(event, planned) and _done_by_planner(event, new, plan, plan_reading)]
    if _a_plan_itself(new, reading):
        done = []  # "I've got a job interview on Tuesday", said on Sunday, is one more plan, not the news of one
    if done and reading.judged_owners - plan_reading.words:
        done = []  # "Rachel's wedding went really well" tells nothing of Ben's
    if done:
        if report_fits_plan(plan, new, grace) or any(_dated_elsewhere(event, reading) and said_since(plan, new, grace)
                                                       for event in done):
            return FOLLOWUP, 0.8, COMPLETED, "reported done"
        if plan_reading.plans_to_start and report_after_start(plan, new):
            return FOLLOWUP, 0.8, COMPLETED, "reported under way after its start"
        if moved_to is not None and moved_to.memory_id != new.memory_id and report_fits_plan(moved_to, new, grace):
            return FOLLOWUP, 0.8, COMPLETED, "reported done on the new date"
    thing = _its_thing_came_about(new, plan, reading, plan_reading)
    if thing is not None:
        return FOLLOWUP, 0.7, COMPLETED, f"what it planned is told as come about: {thing}"
    thing = _its_thing_in_a_headline(new, plan, reading, plan_reading)
    if thing is not None:
        return FOLLOWUP, 0.7, COMPLETED, f"{TOLD_IN_A_HEADLINE}: {thing}"
    if same_event and _the_planner_tells_it_happened(new, plan, reading, plan_reading, grace):
        return FOLLOWUP, 0.7, COMPLETED, "the planner's report of the same event in its window"
    held = planned_state_held(new, plan, reading, plan_reading)
    if held is not None:
        return FOLLOWUP, 0.7, COMPLETED, f"the state it planned holds: {held.describe()}"
    told = told_in_other_words(new, plan, reading, plan_reading)
    return (FOLLOWUP, 0.7, COMPLETED, told) if told is not None else None


# Verbs that say only that something was done, whatever the plan's verb: "did the fence", "went ahead with it",
# "made the payment", "managed it in the end", "finished the decking".
DOING_VERBS = frozenset({"do", "go", "make", "happen", "manage", "finish", "complete", "attend", "accomplish", "achieve",
                         "sort", "start", "begin", "carry", "undertake"})
# Verbs of one deed, any of which tells a plan of another done: "call the plumber" / "rang the plumber", "buy a
# laptop" / "got a laptop", "clean the car" / "washed the car", "post the form" / "sent the form off". Compared as
# lemmas: two verbs of one stem may be two deeds ("fill" and "file").
VERBS_OF_ONE_DEED = (
    GETTING_IN_TOUCH_VERBS | {"contact", "speak", "talk", "reach"},
    frozenset({"buy", "purchase", "order", "get", "pick", "grab", "book"}),
    frozenset({"fix", "repair", "mend", "patch", "service", "sort"}),
    frozenset({"pay", "settle", "clear", "transfer"}),
    frozenset({"clean", "wash", "tidy", "hoover", "vacuum", "scrub", "wipe", "valet"}),
    frozenset({"visit", "see", "meet"}),
    frozenset({"quit", "leave", "resign"}),
    frozenset({"complain", "report", "raise", "escalate"}),
    frozenset({"submit", "send", "post", "file", "lodge", "hand", "apply"}),
    frozenset({"plant", "sow", "put"}),
    frozenset({"install", "fit", "put", "mount", "hang"}),
    frozenset({"cook", "bake", "make", "prepare"}),
    frozenset({"tell", "inform", "notify", "warn"}),
    frozenset({"move", "relocate"}),
)
# Deeds that follow another, so that telling them tells it done, not the other way: what one gives one has got
# ("buy her a thank-you card", then "gave her the card"; not "give Tom the bike", then "bought a bike"), what one
# sends one has written ("write the report", then "emailed the report"; not "email Tom the report", then "wrote it").
DEEDS_THAT_FOLLOW = (
    (VERBS_OF_ONE_DEED[1], frozenset({"give", "hand", "wrap", "send"})),
    (frozenset({"write", "draft", "finish", "prepare"}), frozenset({"send", "email", "e-mail", "post", "submit", "hand"})),
)
VERBS_OF_ONE_KIND = tuple((kind, kind) for kind in VERBS_OF_ONE_DEED) + DEEDS_THAT_FOLLOW


def deed_of_the_plan(deed: Event, planned: Event) -> bool:
    """A reported deed on the plan's thing is the deed the plan was to do: a plan that says what it will do to a thing
    ("sell the car", "reject their offer", "appeal the fine") is done by that verb, its noun ("made the payment",
    "lodged the appeal"), a verb of the same deed ("rang" for "call", "got" for "buy"), one that follows it ("gave
    her the card" for "buy her a card") or one that says only that it was done ("did", "went ahead", "finished").
    Another deed on the same thing is another story, the opposite included: "washed the car", "accepted their
    offer", "paid the fine", "kept the washing machine", "the machine broke again", "came second in the chilli
    class". A plan that names no deed of its own ("going to the concert", "my eye test on Thursday", "take the
    voucher"), or only its booking ("my scan is booked for the 13th"), is done by any deed on its thing but the
    planner's refusal of it."""
    said, planned_verbs = deed.verbs, planned.verbs - LIGHT_VERBS - BOOKING_LEMMAS
    if said & REFUSING_LEMMAS and deed.doer == SELF and not planned.verbs & REFUSING_LEMMAS:
        return False
    if not planned_verbs:
        return True
    if event_stems(said) & event_stems(planned_verbs) or event_stems(planned_verbs) & event_stems(deed.words):
        return True
    if said and said <= DOING_VERBS:
        return True
    return any(planned_verbs & planned_kind and said & told_kind for planned_kind, told_kind in VERBS_OF_ONE_KIND)


def _a_plan_itself(memory: Memory, reading: Reading) -> bool:
    """The memory states a plan of its own, or an arrangement whose date lies ahead of the day it was said ("I've
    got a job interview on Tuesday", said on the Sunday): what it has "got" is to come, and no plan's outcome."""
    if reading.plan.words:
        return True
    if not reading.arranged.words or not memory.explicit_time or memory.event_start is None or memory.session_time is None:
        return False
    return memory.event_start.date() > memory.session_time.date()


def _its_thing_came_about(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> str | None:
    """The thing a plan was about, told by the planner in a later session, once its day has come, in the words
    people use for a thing that came about rather than the plan's verb: "I'll renew my passport tonight", then "my
    passport arrived"; "going to build a shed", then "the shed's up"; "I'm going to paint the shed", then "the
    shed's painted now". The word must be the plan's own verb ("painted"), or say it came about
    (:data:`CAME_ABOUT_WORDS`) where the plan was to bring it about (:data:`BRINGING_ABOUT_VERBS`); a thing of someone else's ("Dan's passport came") is no news of the
    speaker's plan, and neither is a plan, a question or a calling off."""
    if not _may_tell_the_plan_done(new, plan, reading):
        return None
    planned = planned_event(plan_reading)
    # a plan that names only its thing ("a greenhouse in April", its light verb not kept) is to bring it about
    brings_about = bool(planned.words & BRINGING_ABOUT_VERBS) or planned.words <= planned.nouns
    told = sorted(thing for thing, word in reading.came_about
                  if thing in planned.nouns and (word in planned.words or brings_about and word in CAME_ABOUT_WORDS))
    return told[0] if told else None


def _may_tell_the_plan_done(new: Memory, plan: Memory, reading: Reading) -> bool:
    """``new`` may tell that ``plan`` was done: the planner's own later word, once the plan's day has come (what is not
    yet due is not yet done), and neither a plan, a question, a calling off nor a denial."""
    if plan.speaker is None or new.speaker != plan.speaker or new.session_time is None:
        return False
    if plan.explicit_time and plan.event_start is not None and new.session_time < plan.event_start:
        return False
    return not (reading.future or reading.question or reading.cancel is not None or reading.denial is not None)


# The detail of a completion told in a headline: one headline completes one plan (:func:`one_plan_per_headline`)
TOLD_IN_A_HEADLINE = "its thing told done in a headline"


def _its_thing_in_a_headline(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> str | None:
    """The plan's thing told done in chat's passive without its "be" (:func:`~memory_pipeline.analysis.cues.
    headline_passives`): "I'll book the train tickets to Leeds", then "train tickets booked!". The verb must be the
    plan's own, and every word naming the thing the plan's too: "concert tickets booked", "hotel in Paris booked"
    (the plan's hotel is in Rome) or "haircut booked for Lily" are other things, or another's."""
    if not reading.headlines or not _may_tell_the_plan_done(new, plan, reading):
        return None
    planned = planned_event(plan_reading)
    told = sorted(thing for thing, verb, naming in reading.headlines
                  if thing in planned.nouns and verb in planned.words
                  and event_stems(naming) <= event_stems(planned.words))
    return told[0] if told else None


def one_plan_per_headline(proposals: tuple[LinkProposal, ...]) -> tuple[LinkProposal, ...]:
    """``proposals`` with no completion told in a headline where it completed more than one plan: a bare "tickets
    booked!" after "book the train tickets" and "book the concert tickets" does not say which."""
    told = [p for p in proposals if p.detail.startswith(TOLD_IN_A_HEADLINE)]
    if len(told) < 2:
        return proposals
    return tuple(LinkProposal(p.candidate_id, NONE, 0.0) if p in told else p for p in proposals)


def told_as_past(reading: Reading) -> bool:
    """The memory only tells of what happened ("I broke down on the M6 tonight, waited two hours for the RAC"): deeds
    done, nothing ahead, no plan or arrangement of its own. Whatever took it for a plan, there is nothing in it to call
    off: "I cancelled my RAC" ends the cover, not the breakdown."""
    return bool(reading.reports) and not (reading.future or reading.plan.words or reading.arranged.words)


def told_in_other_words(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> str | None:
    """How the planner tells, in words that are not the plan's, that it came about: the job an interview was for,
    the place a move was to, the thing a plan named by its name, a verdict in the past on what it planned ("Lisbon
    was amazing!"); None when ``new`` tells none of these."""
    if not _said_by_the_planner_since(new, plan):
        return None
    if _a_rejection(reading) and _turned_down_after_interview(reading, plan_reading):
        return "turned down after the interview"
    if not _asserted(reading):
        return None
    if _hired_after_interview(new, plan, reading, plan_reading):
        return "hired after the interview"
    if _result_of_the_exam(new, plan, reading, plan_reading):
        return "the result of the test"
    carer = _the_one_it_was_with(new, plan, reading, plan_reading)
    if carer is not None:
        return f"the one it was with is told of as seen: {carer}"
    place = _planned_place_reached(reading, plan_reading)
    if place is not None:
        return f"the planner is in the place it planned: {place}"
    # by its name as there now ("Pip is settling in well"), not as someone else's ("Someone else adopted Pip")
    named = plan_reading.named & planned_event(plan_reading).words & reading.present
    if named:
        return f"what it named is there: {sorted(named)[0]}"
    # "I'm going to Lisbon in May", then "Lisbon was amazing!": a verdict in the past on the place it planned to go
    # to, or the event, tells it happened; not one on a person of it ("Jordan was lovely about it")
    # and not one on someone else's ("Rachel's wedding was lovely" is no news of Ben's)
    if reading.judged_owners - plan_reading.words:
        return None
    judged = {word for word in reading.judged & planned_event(plan_reading).words
              if word in plan_reading.gone_to or word in ARRANGED_EVENT_NOUNS | OCCASION_NOUNS}
    return f"told of as over: {sorted(judged)[0]}" if judged else None


def _the_one_it_was_with(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> str | None:
    """"The GP went fine", "I saw the neurologist yesterday", "the dentist was fine": the one who sees people for
    their health (:data:`CARERS`) whom the plan was to see, in its words or its practice's ("my neurology
    appointment"), told of in a deed or a verdict since its day: the appointment took place."""
    planned = planned_event(plan_reading).words
    # the planner's deed or the carer's ("I saw the neurologist", "the GP went fine"), not another's ("Mum saw the
    # dentist"; "I went to the dentist" when the plan was the husband's), and none that says the carer was not there
    # ("the neurologist was on holiday")
    if reading.words & CARER_AWAY:
        return None
    told = reading.judged.union(*(event.words for event in deeds_done(reading, plan_reading) if _done_by_planner(event, new, plan, plan_reading)))
    return next((word for word in sorted(told) if (word in CARERS or word.endswith("ologist"))
                 and (word in planned or _practice_of(word) in planned)), None)


# Words that tell the one an appointment was with was not there: "the neurologist was on holiday", "off sick"
CARER_AWAY = frozenset({"holiday", "sick", "ill", "away", "closed", "off", "leave", "strike"})


def _practice_of(carer: str) -> str:
    """The practice a carer works in: a neurologist's is neurology."""
    return carer[: -len("ist")] + "y" if carer.endswith("ologist") else carer


def _said_by_the_planner_since(new: Memory, plan: Memory) -> bool:
    """``new`` can tell a plan's outcome in its own words: the planner's, said on or after the planned day (give or
    take no grace: what is not yet due is not yet done). What it tells must then be asserted (:func:`_asserted`:
    "I might go to Berlin again" is not), or a rejection (:func:`_a_rejection`)."""
    if plan.speaker is None or new.speaker != plan.speaker or not plan.explicit_time or new.session_time is None:
        return False
    return new.session_time >= plan.event_start


def _a_rejection(reading: Reading) -> bool:
    """The memory tells the speaker was turned down ("they went with someone else", "I didn't get the job"), as news,
    not a plan or a question: negated as it may be, it tells that what was applied for was tried."""
    return bool(reading.rejections) and not (reading.future or reading.question)


def _asserted(reading: Reading) -> bool:
    """Not a plan, a question, negated, calling off or denying: what can tell that something came about."""
    return not (reading.future or reading.question or reading.negated or reading.cancel is not None
                or reading.denial is not None)


def _hired_after_interview(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> bool:
    """An interview or application is done when the planner tells they got the job or an offer ("I have an
    interview at Rowan Clinic next Tuesday", then "I got the job at Rowan Clinic!"), though the news comes after
    the interview's window and is dated by the start it announces ("I start on 2 April"). The job must be the one
    applied for: a thing it names besides the job is among the plan's words ("got the job at Google" is no news of
    the Spotify interview)."""
    if not _an_interview(planned_event(plan_reading)):
        return False
    # an offer someone made the planner ("Lumen offered me the job", "they made me an offer") counts as one got,
    # when whoever made it is no other employer than the plan's
    return any(
        event_stems(event.words) & HIRED_STEMS and _no_other_employer(event, plan_reading)
        and (_done_by_planner(event, new, plan, plan_reading) or "offer" in event_stems(event.words))  # "they offered me the job"
        for event in reading.reports + reading.offers
    )


def _no_other_employer(event: Event, plan_reading: Reading) -> bool:
    """The things ``event`` names besides the job are among the plan memory's words ("got the job at Google" is no
    news of the Spotify interview). Where the plan names no one it is with ("I've got the second round on
    Thursday", the firm told of in an earlier session), the one who made the offer or said no (the event's doer)
    is no other employer, but anything else it names still is ("they turned me down for the loan", "they offered
    me a place at the nursery")."""
    named = event_stems(event.nouns) - HIRED_STEMS - CANDIDATE_STEMS
    if not event_stems(planned_event(plan_reading).nouns) - INTERVIEW_STEMS - {"round"}:
        named -= event_stems(frozenset(event.doer.split()))
    return named <= event_stems(plan_reading.words)


def _an_interview(event: Event) -> bool:
    """``event`` is an interview or an application ("an interview at Rowan Clinic", "applying to Kestrel"), or a
    round of one, which chat names by its ordinal alone ("I've got the second round on Thursday")."""
    a_round = "round" in event.words and bool(event.words & INTERVIEW_ROUND_ORDINALS)
    return bool(event_stems(event.words) & INTERVIEW_STEMS) or a_round


def _turned_down_after_interview(reading: Reading, plan_reading: Reading) -> bool:
    """An interview or application is done when the planner tells, after its day, that they were turned down ("I have
    an interview at Rowan Clinic next Tuesday", then "they went with someone else", "I didn't get the job"): the
    interview took place, and what came of it is the rejection's own memory. It stays done, not denied: the plan was
    the interview, not the job. As for an offer, whoever said no is no other employer than the plan names
    ("Kestrel rejected me" is no news of the Lumen interview)."""
    return _an_interview(planned_event(plan_reading)) and any(
        _no_other_employer(event, plan_reading) for event in reading.rejections)


def _result_of_the_exam(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> bool:
    """A test planned was taken when the planner tells how it went ("My driving test is on 14 March", then "I
    passed!" or "failed my driving test, two serious faults"), though results come weeks after the day and share
    no word with it. The plan names a test as a thing (not "test the new recipe"); the result names none ("I
    passed!") or the plan's ("passed my piano exam" is no news of the driving test; "passed the salt", "failed to
    get tickets" and "passed the interview" are no results of a test), of the plan's kind ("the theory test" is not
    "the practical test"), and comes within :data:`RESULT_WAIT` of the day."""
    if not _a_test(planned_event(plan_reading)) or new.session_time > plan.event_start + RESULT_WAIT:
        return False
    # a resit or a retake is another sitting of the plan's test, whatever the plan called it
    sat_for = event_stems(plan_reading.words) | RESIT_STEMS
    if not event_stems(reading.nouns) & EXAM_STEMS <= sat_for or PASSING_BY.search(new.text):
        return False  # "got my A-level results, passed everything!", "my mock results", "I passed out": not this test
    if any(event_stems(frozenset({word.lower()})) - sat_for for word in _results_of(new.text)):
        return False  # "my uni results came out and I passed", "A-level results": results of another thing

    def of_the_test(event: Event) -> bool:
        # no thing, or only the plan's: "I passed!", "passed my driving test", "passed AWS on the retake" (its name
        # beside another sitting of it)
        said = event_stems(event.words)
        result = said & RESULT_STEMS or said & CHAT_RESULT_STEMS and event_stems(reading.nouns) & EXAM_STEMS
        return bool(result) and event_stems(event.nouns) <= sat_for

    return not another_kind(reading.kinds, plan_reading) and any(
        of_the_test(event) and _done_by_planner(event, new, plan, plan_reading) for event in reading.reports
    )


def _a_test(event: Event) -> bool:
    """``event`` is a test one sits: it names one as a thing ("my driving test", "the review"; not "test the new
    recipe")."""
    return bool(event_stems(event.nouns) & EXAM_STEMS)


def _results_of(text: str) -> list[str]:
    """The words that say what results are of ("my uni results", "the JLPT N4 result"); none for "the results"."""
    return [m.group(1) for m in RESULTS_OF.finditer(text) if m.group(1).lower() not in RESULTS_OPENERS]


RESULTS_OF = re.compile(r"\b([\w-]+)\s+results?\b", re.IGNORECASE)
RESULTS_OPENERS = frozenset({"the", "my", "our", "his", "her", "their", "your", "its", "a", "exam", "test", "got", "and"})
# "Pass" with a particle of another sense: "I passed out", "she passed away", "we passed by the shop", "passed on the
# message"; not "passed on the retake" (on my second attempt), which tells how a test went.
PASSING_BY = re.compile(r"\bpass(?:ed|es|ing)?\s+(?:out|away|by|over|on(?!\s+(?:the|my|a)\s+(?:\w+\s+)?"
                        r"(?:retake|resit|retest|attempt|try|go)\b))\b", re.IGNORECASE)


def _planned_place_reached(reading: Reading, plan_reading: Reading) -> str | None:
    """The place a plan was to move the planner to ("I'm moving to Berlin in January": residence = berlin), when a
    later memory of theirs names it as where they are: "here" beside the place's name and no other place ("Greetings
    from Berlin! I've been here three weeks"). A place named without "here" ("I might go to Berlin again") or beside
    another ("Berlin was fun, I'm back here in Leeds") says nothing of the planner being there."""
    if not reading.here:
        return None
    places = {s.value for s in plan_reading.slots if s.slot == "residence" and s.future and not s.negated and s.asserted}
    if not places:
        return None
    named = reading.words & known_places()
    return next((place for place in sorted(places) if set(place.split()) <= reading.words
                 and not named - set(place.split())), None)  # "back here in Leeds" is not in Berlin


def same_words_and_no_thing(event: Event, planned: Event) -> bool:
    """Two clauses that name no thing are one event when they say the same words: "we're moving in together in
    July" and "we moved in together!"; "we're moving to solihull next month" and "we moved to solihull on the 14th"
    (the town, in lower case, read as a verb). :meth:`Event.overlap` wants a shared thing, so that two clauses that
    share a verb and little else are not taken for one event; a clause that says all the plan's words and no other
    is the plan's event, however few they are."""
    return (not (event.nouns or planned.nouns) and bool(planned.words) and event_stems(event.words) == event_stems(planned.words)
            and not event.goes_the_other_way(planned))  # "we moved in!" is not "moving out on the 31st"


def deeds_done(reading: Reading, plan_reading: Reading | None = None) -> list[Event]:
    """The events a memory reports as done that may be a plan's outcome: none in a memory that looks ahead. In one
    that calls something off, neither the calling off nor a deed about what it calls off is one ("the conference
    went online, so I cancelled it" did not hold the conference), but a deed about something else still is: "we
    moved in together! I gave up my place in Brixton" tells the move in done. In one that moves something to
    another day, the moving is no deed of the plan (:func:`_only_moved`)."""
    if reading.future:
        return []
    reports = [event for event in reading.reports if not _only_moved(event, reading, plan_reading)]
    if reading.cancel is None:
        return reports
    called_off = event_stems(reading.cancelled.words) | CANCEL_STEMS
    return [event for event in reports if not event_stems(event.words) & called_off]


# Verbs that move an event to another day, in a memory that says so (its correction): "the clinic moved my scan,
# it's now the 13th", "I've pushed the dentist back to Friday", "rescheduled the MOT for the 20th".
MOVING_DAY_LEMMAS = frozenset({"move", "change", "shift", "push", "delay", "defer"}) | RESCHEDULE_LEMMAS


def _only_moved(event: Event, reading: Reading, plan_reading: Reading | None) -> bool:
    """The reported deed moves the plan to another day, in a memory that corrects a date: moving an appointment is
    not having it ("the hospital moved my 20 week scan, it's now the 13th instead of the 6th" had marked the scan
    done). Not where the plan is itself to move or change something ("we're moving into the flat on the 1st", then
    "we moved in on the 3rd instead"), whose verb is the plan's own."""
    if reading.correction is None:
        return False
    moving = event_stems(event.words) & event_stems(MOVING_DAY_LEMMAS)
    planned = event_stems(planned_event(plan_reading).words) if plan_reading is not None else frozenset()
    return bool(moving) and not moving & planned


def planned_state_held(new: Memory, plan: Memory, reading: Reading, plan_reading: Reading) -> SlotValue | None:
    """A state the plan was to bring about ("I'm moving to Leeds in June": residence = leeds; "I'm going to join
    Google in June": employer = google) that a memory of a later session tells as holding, once the planned day
    has come ("I love living in Leeds"): the plan came about, in whatever words it is told. Not a negated or
    reported state, nor another plan."""
    if new.session_time is None or plan.session_time is None or new.session_time <= plan.session_time:
        return None
    if plan.explicit_time and plan.event_start is not None and new.session_time < plan.event_start:
        return None
    planned = {(s.key, s.value) for s in plan_reading.slots if s.future and not s.negated and s.asserted}
    if not planned or reading.future or reading.question:
        return None
    return next(
        (s for s in reading.state_slots if not s.future and not s.negated and s.asserted and (s.key, s.value) in planned),
        None,
    )


def _the_planner_tells_it_happened(
    report: Memory, plan: Memory, reading: Reading, plan_reading: Reading, grace: timedelta
) -> bool:
    """A report in other words than the plan's ("I'm leaving Berlin for Lisbon at the end of October", then "I
    moved on 28 October"; "need to book a van", then "booked a van for the 15th") is its outcome when the planner
    tells it, of a day inside the planned window, in a later session, as done by them and not denied: whole
    memories about one event, one person's, one time. Not a question, a plan or anything negated ("the July review didn't go
    anywhere"), and not what is still ahead when told ("we fly to Tokyo on October 3rd", said in July)."""
    if not reading.report or reading.future or reading.question or reading.negated:
        return False
    if reading.cancel is not None or reading.denial is not None or reading.correction is not None:
        return False
    if plan.speaker is None or report.speaker != plan.speaker:
        return False
    if not all(_done_by_planner(event, report, plan, plan_reading) for event in reading.reports):
        return False  # "my dad retired last month" is the dad's deed, whoever tells it
    if _another_deed_on_its_thing(reading, planned_event(plan_reading)):
        return False  # "washed the car on Saturday" is no other words for "sell the car on Saturday"
    if not (plan.explicit_time and report.explicit_time) or report.event_start is None:
        return False
    told_after = report.session_time is not None and report.event_start <= report.session_time
    return told_after and intervals_overlap(plan, report, grace)


def _another_deed_on_its_thing(reading: Reading, planned: Event) -> bool:
    """A deed the memory reports names a thing of the plan, done in a verb that is not the plan's deed
    (:func:`deed_of_the_plan`): the same thing, another story ("paid the fine" after "appeal the fine")."""
    return any(event.overlap(planned) > 0 and not deed_of_the_plan(event, planned) for event in reading.reports)


def names_its_kind(event: Event, plan_reading: Reading) -> bool:
    """The names ``event`` sets before a noun to say which one it is ("the Focus viewing") are among the plan
    memory's words: a viewing of the Golf shares the event's noun, not the thing called off. A common noun that
    says which kind ("the eye test") differs from none the plan sets before the same noun: an eye test is not the
    blood test, but may be "a test on Friday", and a phone call "a call with the bank". An event that names none
    fits any plan of its words."""
    if event.specifiers and not event.specifiers & event_stems(plan_reading.words):
        return False
    return not another_kind(event.kinds, plan_reading)


def another_kind(kinds: frozenset[tuple[str, str]], plan_reading: Reading) -> bool:
    """One of ``kinds`` says another kind of a noun the plan says the kind of ("the eye test", "the blood test")."""
    return any(noun == planned_noun and kind != planned_kind for kind, noun in kinds for planned_kind, planned_noun in plan_reading.kinds)


def _done_by_planner(event: Event, report: Memory, plan: Memory, plan_reading: Reading) -> bool:
    """A reported deed completes a plan only when the planner did it: what someone else reports doing is their own
    deed ("I started going to your gym", said by the friend, does not complete "my climbing course starts next
    Wednesday"), though they may tell of the planner's ("Jess started the course, Kai says"). The planner of
    another's arrangement is the one it is for ("Tom is going to the doctor on Friday": Tom), so the speaker's news
    of their own ("I went to the doctor today") is no news of it, while "Tom went", "she had it" or Tom's own "I
    went" is. A thing reported ("the course was great") may complete it, whoever says so."""
    if not event.doer or plan.speaker is None:
        return True
    planner = planned_event(plan_reading).doer
    if planner in ("", SELF):
        if event.doer == SELF:
            return report.speaker is None or report.speaker == plan.speaker
        return event.doer in {part.lower() for part in plan.speaker.split()}
    if event.doer == SELF:
        return report.speaker is not None and (
            _one_person(planner, report.speaker.lower()) or _went_along(event, report, planner))
    return _one_person(planner, event.doer)


# The speaker with others, as the one who went along: "we saw the cardiologist yesterday"
FIRST_PERSON_PLURAL = frozenset({"we", "we've", "we're", "we'd", "we'll"})


def _went_along(event: Event, report: Memory, planner: str) -> bool:
    """The speaker's deed took the one the arrangement is for along: named as its object or companion ("I took dad
    to the cardiologist", "went to the clinic with mum"), or done by "we" ("we saw the cardiologist, his heart is
    fine"): the carer's usual news that the arrangement ("Dad is seeing the cardiologist on the 20th") took place."""
    named = planner.split()[-1]
    if any(RELATIVE_NAMES.get(word, word) == RELATIVE_NAMES.get(named, named) for word in event.words):
        return True
    return bool(FIRST_PERSON_PLURAL & set(re.findall(r"[a-z']+", report.text.lower())))


# Who a deed or an arrangement may be said to be of, unnamed: "she had it on Monday" is of "her clinic appointment"
# or of "Mum's op"; the memories do not tell whose.
ANAPHORIC_DOERS = frozenset({"he", "she", "her", "him", "his", "they", "them", "their"})


def _one_person(said: str, other: str) -> bool:
    """Two doers may be one person: the same name or relative, whoever's relative the speaker calls them ("mum",
    "self's mum", "mother"), or either a he or she."""
    said, other = said.split()[-1], other.split()[-1]
    return said in ANAPHORIC_DOERS or other in ANAPHORIC_DOERS or RELATIVE_NAMES.get(said, said) == RELATIVE_NAMES.get(other, other)


def _contradiction(
    new: Memory, old: Memory, new_reading: Reading, old_reading: Reading, overlap: float, config: LinksConfig
) -> bool:
    """A denial of the same event; a correction that gives it another date; or a negation the old memory
    lacks of what the two both say (a stray "no" elsewhere in a long memory is not a contradiction).
    Discourse words like "actually" alone correct nothing, and a correction corrects the event of its own clause:
    "they're taking me out for lunch on Friday actually" moves no other plan the memory shares words with. It gives
    the date said in its own sentence or after it, to a memory whose date is that event's; a question asserts
    nothing, so nothing contradicts it."""
    if old_reading.question:
        return False  # "And the cake?" asks: there is nothing in it to deny, correct or negate
    if new_reading.denial is not None:
        return True
    corrects_old = corrects_its_event(new_reading, old_reading, config.event_overlap)
    if corrects_old and old_reading.dated.words:
        # the old date must be the corrected event's: a memory that shares the event's words in a clause its date
        # is not in ("Priya asked for next Saturday off, her sister's getting married") keeps its date
        corrects_old = (new_reading.corrected.overlap(old_reading.dated) >= config.event_overlap
                        or _its_arrival_dated(new_reading, old_reading))
    if (new_reading.correction is not None and corrects_old and new.explicit_time and old.explicit_time
            and new.event_start != old.event_start and _dated_by_the_correction(new, new_reading)
            and not moved_from_another_day(new, old, new_reading)):
        return True
    return bool(new_reading.negated_words & old_reading.words) and not old_reading.negated and overlap >= NEGATION_OVERLAP


# Nouns of a thing's coming, which a memory dates instead of the thing: "ordered the sofa ... delivery is 14 march"
ARRIVAL_NOUNS = frozenset({"delivery", "arrival", "dispatch", "eta"})


def _its_arrival_dated(new_reading: Reading, old_reading: Reading) -> bool:
    """The old memory dates only the coming of a thing ("ordered the sofa from DFS, delivery is 14 march") and the
    correction moves that thing, named by the old memory alone ("the sofa is delayed to 4 april"): a thing is
    delayed or moved by its delivery. Another event of the thing ("the sofa viewing got moved") is not its arrival."""
    dated, corrected = old_reading.dated.words, new_reading.corrected
    return (bool(dated) and dated <= ARRIVAL_NOUNS and bool(corrected.nouns)
            and event_stems(corrected.words) <= event_stems(old_reading.words))


def _swapped_out(new: Memory, old: Memory, new_reading: Reading, old_reading: Reading) -> frozenset[str]:
    """What ``new`` says was swapped out ("Lisbon instead of Porto", "York instead, not Leeds") that ``old``, the same
    speaker's, names without what replaced it, where ``old`` is a plan or a state still ahead or holding (a date
    ahead of the swap, or said of the future): a trip to Porto last year is no plan the swap changes."""
    gone = new_reading.swapped.old & old_reading.nouns
    if not gone or new_reading.swapped.new & old_reading.nouns or old.speaker != new.speaker or old_reading.question:
        return frozenset()
    doer = new_reading.swapped.doer
    if doer not in (SELF, "we") and not set(doer.replace("self's ", "").split()) & old_reading.words:
        return frozenset()  # "my friend picked Glastonbury instead of Wembley": no change of the speaker's plan
    said = new.session_time
    ahead = old.explicit_time and said is not None and old.event_end is not None and old.event_end > said
    return gone if ahead or old_reading.future else frozenset()


def _dated_by_the_correction(memory: Memory, reading: Reading) -> bool:
    """The date that dates ``memory`` is said in its correction's sentence or after it
    (:attr:`Reading.correction_times`): a correction moves its event to a date it gives, not to one an earlier
    sentence told of something else ("She did for two years, she's back in Leeds now. She might come to Lisbon
    with me, actually" had moved a trip to Lisbon two years back)."""
    said = (memory.event_time_text or "").lower()
    return any(said in time.lower() or time.lower() in said for time in reading.correction_times if time)


def with_followed_up_plans(jobs: Sequence[CandidateJob], context: LinkContext) -> list[CandidateJob]:
    """``jobs`` with every plan a memory calls off or moves, and every dated memory it corrects, among its candidates
    (:func:`~memory_pipeline.links.candidates.with_candidates`)."""
    return with_candidates(jobs, {
        memory_id: [old.memory_id for old in followed_up_plans(context, memory_id) + rescheduled_by_date(context, memory_id)
                    + dated_events_corrected(context.memories, context.readings, memory_id, context.config.event_overlap)]
        for memory_id in context.memories
    })


class RuleLinkClassifier:
    """Classifies every candidate pair with :func:`classify_pair`; never fails."""

    name = NAME

    def classify(self, jobs: Sequence[CandidateJob], context: LinkContext) -> list[JobResult]:
        moved = moved_plans(context)
        results = []
        for job in jobs:
            proposals = tuple(
                classify_pair(
                    context.memories[job.target_id],
                    context.memories[candidate.memory_id],
                    context.readings[job.target_id],
                    context.readings[candidate.memory_id],
                    candidate.similarity,
                    candidate.memory_id in context.plans,
                    context.config,
                    moved.get(candidate.memory_id),
                    slots_said_before(context.memories, context.readings, context.memories[job.target_id]),
                )
                for candidate in job.candidates
            )
            results.append(JobResult(job.target_id, one_plan_per_headline(proposals), NAME))
        return results


def rule_classifier(config: LinksConfig, resources: ClassifierResources) -> RuleLinkClassifier:
    """Registry factory; the rules need nothing beyond the readings in the context."""
    return RuleLinkClassifier()
