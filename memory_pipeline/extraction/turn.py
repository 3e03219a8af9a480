"""Extraction of one admitted turn into one memory entry (seed 000, §3.2 and A.3).

Only the target turn supplies content. The steps: strip the discourse prefix; split clauses; score and select
predicates per clause; realise units as contiguous source spans; merge and limit them; protect temporal
expressions; attribute first person to the speaker; check coverage and fall back to the whole normalised surface
when too little of it survived. The result also carries what the diagnostics need.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from memory_pipeline.chat_spelling import CHAT_INTERJECTIONS
from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction.clauses import (
    Clause, before_a_closing_hedge, discourse_prefix_end, is_content, is_discourse_only, opens_a_header, split_clauses,
)
from memory_pipeline.extraction.lexicon import (
    MONEY_SIGNS, NEGATIVE_SUBJECTS, OCCASION_NOUNS, PLACE_ENTITIES, PRAISING, THANKING, a_feeling_word, is_a_code,
)
from memory_pipeline.extraction.normalise import (
    NOT_IMPERATIVE,
    NOT_IMPERATIVE_BEFORE_A_CLAUSE,
    PAST_BEFORE_BASE,
    Speaker,
    attribute,
    back_to,
    before_a_clause_of_its_own,
    done_by,
    dropped_subject_verb,
    is_question,
    name_words,
    offer_start,
    opens_with_a_dropped_it,
    a_proposal,
    request_negation,
    request_start,
    rewrite_range,
)
from memory_pipeline.extraction.provenance import HEDGES, UnitMood, provenance
from memory_pipeline.extraction.realise import Unit, a_headline, coverage, is_fact_token, merge_units, select_units, suppress_near_duplicates, trim
from memory_pipeline.extraction.referents import PERSON_NOUNS, Carried
from memory_pipeline.extraction.scoring import MIND_VERBS, candidates_for, is_predicate
from memory_pipeline.extraction.scope import USER_PII, classify_scope
from memory_pipeline.extraction.temporal import (
    CALL_LEMMAS, CHAT_ASIDES, HOLIDAY, TIME_OF_DAY, a_holiday_naming_a_person, WEEKDAYS, TemporalMention, TemporalResolver, dates_a_thing, dates_the_news, names_one_month,
    narrowed, replaced_dates, routine_times, runs_up_to_the_session, since_we_last_talked, tense_at,
)
from memory_pipeline.grounding import (
    ADDRESSEE, ASSISTANT, CLAUSE_CLOSERS, OBJECT_PRONOUNS, PRONOUN_GENDER, SUBJECTS, THIRD_PERSON, Perspective,
    a_saints_place, bare_name, called_participant, noun_phrase, third_person_referent, unresolved_deixis, we_partner,
)
from memory_pipeline.extraction.phrase import Phrase
from memory_pipeline.parsing import ParsedDoc, Token
from memory_pipeline.parsing.words import Word, sentence_spans

FRAGMENT_MAX_WORDS = 3


@dataclass
class TurnExtraction:
    """One turn's entry (``text`` empty when the turn yields none) and the facts the diagnostics count."""

    text: str = ""
    units: list[str] = field(default_factory=list)
    coverage: float = 0.0
    fallback: bool = False
    fragment: bool = False
    mentions: list[TemporalMention] = field(default_factory=list)
    event: TemporalMention | None = None
    dates: list[TemporalMention] = field(default_factory=list)  # the date of each sentence that has one
    provenance: str = "inferred"
    scope: str = "GENERIC"
    content_tokens: int = 0
    retained_tokens: int = 0
    unresolved_deixis: list[str] = field(default_factory=list)  # "you"/"we" left as said (seed 004)
    people: list[str] = field(default_factory=list)  # PERSON entities of the realised source ranges
    words: tuple[Word, ...] = ()  # the words of text that came from the turn, each with its token

    def set_text(self, phrase: Phrase) -> None:
        self.text, self.words = phrase.text, phrase.words

    @property
    def empty(self) -> bool:
        return not self.text

    @property
    def temporal_preserved(self) -> int:
        """Temporal expressions of the turn that are both in the entry text and resolved."""
        lowered = self.text.lower()
        return sum(1 for m in self.mentions if m.resolved and m.kept_in(lowered))


def _the_date_of(lowered: str, ranked: list[TemporalMention], session_time: datetime | None,
                 names: frozenset[int] = frozenset()) -> TemporalMention | None:
    """The first of ``ranked`` that ``lowered`` (a memory or one of its sentences) keeps: a point or a period before
    a length. A narrower date inside it says when more exactly ("next month, on the 15th"); not inside a stretch
    that runs up to the session ("off sugar since the start of December, which made Christmas hard" is not of
    Christmas Day), nor one that only names a kind of thing (``names``, the ids of such mentions: "Easter holidays
    are 30 March to 10 April" is the whole stretch, not Easter Sunday)."""
    event = next((m for m in ranked if m.resolved and m.kind != "duration" and m.kept_in(lowered)), None) or next(
        (m for m in ranked if m.resolved and m.kept_in(lowered)), None
    )
    if event is not None and not runs_up_to_the_session(event, session_time):
        event = narrowed(event, [m for m in ranked if m.kept_in(lowered) and id(m) not in names])
    return event


def _dates_of_sentences(text: str, ranked: list[TemporalMention], session_time: datetime | None,
                        names: frozenset[int] = frozenset()) -> list[TemporalMention]:
    """The date of each sentence of ``text`` that has one (a point or a period, not a length), in order and once
    each: "We went to Paris in March. In June we're going to Berlin." is of March and of June, where the memory's
    one event is March. What units cut at, so that each event keeps its own time."""
    dates: list[TemporalMention] = []
    for start, end in sentence_spans(text):
        lowered = text[start:end].lower()
        date = _the_date_of(lowered, ranked, session_time, names)
        if date is None or date.kind == "duration":
            continue
        for said in [date, *_further_dates_of_the_sentence(lowered, date, ranked, session_time, names)]:
            if said not in dates:
                dates.append(said)
    return _each_read_after_the_one_before(dates, text.lower(), session_time)


# What sets a sentence's clauses apart, so that a date in each is the date of a thing of its own ("her first exam is
# 13th may, last one is 20th june"); "or" offers one day of two, "to"/"until" close a stretch the first opened.
CLAUSE_BREAK = re.compile(r"[,;]|\b(?:and|but|then|so|while|plus)\b")


def _further_dates_of_the_sentence(lowered: str, date: TemporalMention, ranked: list[TemporalMention],
                                   session_time: datetime | None, names: frozenset[int]) -> list[TemporalMention]:
    """The other days and periods of one sentence (``lowered``) whose date is ``date``, each in a clause of its own:
    "the photos are next thursday, and the harvest festival is on 16th october" is of both days, "first exam is
    13th may, last one is 20th june" of both exams, where only the first had been kept. Not one inside or around a
    date kept ("next month, on the 15th"), an hour of the day ("on friday at 9"), a stretch up to the session
    ("since march"), a name of a kind of thing ("the christmas party"), nor one of the same clause ("from monday to
    friday", "friday or saturday")."""
    kept = [(date, _said_at(date, lowered))]
    for mention in sorted(ranked, key=lambda m: _said_at(m, lowered)):
        at = _said_at(mention, lowered)
        if at < 0 or not mention.resolved or mention.kind == "duration" or id(mention) in names:
            continue
        if TIME_OF_DAY.fullmatch(mention.text.strip()) or runs_up_to_the_session(mention, session_time):
            continue
        if any(k == mention or k.start < mention.end and mention.start < k.end for k, _ in kept):
            continue  # the same time, one inside the other, or overlapping: one date said more exactly
        nearest = min((k for k in kept if k[1] >= 0), key=lambda k: abs(k[1] - at), default=None)
        if nearest is None:
            continue
        lo, hi = sorted((nearest[1], at))
        between = lowered[lo + len((nearest[0] if nearest[1] == lo else mention).text) : hi]
        if CLAUSE_BREAK.search(between):
            kept.append((mention, at))
    return [k for k, _ in kept[1:]]


def _each_read_after_the_one_before(said: list[TemporalMention], lowered: str,
                                    session_time: datetime | None) -> list[TemporalMention]:
    """The dates of a memory's sentences and clauses (``said``, in the order they rank), each bare day read in the
    date said before it in ``lowered`` (:func:`_read_in_the_date_before`), those with no plain day left out."""
    read: dict[int, TemporalMention] = {}
    before, before_ends = None, 0
    for n in sorted(range(len(said)), key=lambda n: _said_at(said[n], lowered)):
        at = _said_at(said[n], lowered)
        if at < 0:
            read[n] = said[n]  # not said in these words ("since we last talked"): no day to read others in
            continue
        follows = bool(FOLLOWING_ON.search(lowered[before_ends : at + len(said[n].text)]))
        mention = said[n] if before is None else _read_in_the_date_before(said[n], before, follows)
        if mention is not None and session_time is not None and said[n].start.date() < session_time.date() < mention.start.date():
            mention = said[n]  # its tense put it behind: "the move is 20th october, I booked the van on the 10th"
        if mention is not None:
            read[n] = before = mention
            before_ends = max(before_ends, at + len(mention.text))
    return [read[n] for n in range(len(said)) if n in read]


# A day said with no month or week of its own: "on the 15th", "from the 18th", "back thursday night"
BARE_DAY_OF_A_MONTH = re.compile(r"(?:(?:on|from|by|until|till) )?the (\d{1,2})(?:st|nd|rd|th)")
BARE_WEEKDAY = re.compile(
    rf"(?:(?:on|from|by|until|till) )?(?:the )?({'|'.join(WEEKDAYS)})(?: (?:morning|afternoon|evening|night))?")


# Words that say a day comes on after the one before it ("out from tuesday, back thursday", "then home monday")
FOLLOWING_ON = re.compile(r"\b(?:back|home|then|after|afterwards|return\w*)\b")


def _read_in_the_date_before(mention: TemporalMention, before: TemporalMention,
                             follows: bool = False) -> TemporalMention | None:
    """A bare day of a later clause (``mention``) read in the month or stretch of the date said before it
    (``before``), as talk means it: "away 12th to 19th july, and my sister has the dog on the 15th" is 15 July,
    "off 26th may to 6th june, back on the 9th" 9 June, "the move is 20th october, the packers come on the 18th"
    18 October, "in Leeds monday to friday, then home on saturday" and "out from tuesday, back thursday" the days
    after; read alone they had been the 15th or the Saturday of the session's own weeks. None where no one day is plain ("the wedding is 4th october,
    the hen do is on the 12th": before or after it?, "the move is 20th october, the packers come friday"): a date
    not kept is safer than a wrong one. After one weekday, another is the next such day only where it ``follows``
    on from it ("back", "home", "then"): "the match is on saturday, and training is on thursday" may be before. A
    day already read in a month of its own (``month_from``) stays."""
    words = mention.text.lower().strip(" ,.")
    day, weekday = BARE_DAY_OF_A_MONTH.fullmatch(words), BARE_WEEKDAY.fullmatch(words)
    if not (day or weekday) or mention.month_from or not before.resolved or before.kind == "duration":
        return mention
    span = (before.end - before.start).days
    after_a_weekday = bool(weekday and follows and span == 1 and BARE_WEEKDAY.fullmatch(before.text.lower().strip(" ,.")))
    if not (span > 1 or names_one_month(before) or after_a_weekday) or mention.start >= before.start:
        return mention  # read alone inside or after it: "off 1st-5th may, the check-up is on the 20th"
    if weekday:
        if not after_a_weekday and (span <= 1 or span > 14):
            return None  # after one day of a month, or within a season: which week is not plain
        # the weekday next after the one said or on from the stretch's start: "out from tuesday, back thursday"
        ahead = (WEEKDAYS.index(weekday.group(1)) - before.start.weekday()) % 7 or (7 if after_a_weekday else 0)
        return _a_day_read(mention, before.start.date() + timedelta(days=ahead), None)
    if span > 31:
        return None  # which month of a season is not plain
    n = int(day.group(1))
    candidates = [found for month in range(-1, 3) if (found := _the_day_in(before.start, month, n)) is not None]
    inside = [c for c in candidates if before.start.date() <= c < before.end.date()]
    if inside:
        return _a_day_read(mention, inside[0], before.text)
    if span > 1:  # the nearest to the stretch: "off 26th may to 6th june, back on the 9th"
        nearest = min(candidates, key=lambda c: min(abs((c - before.start.date()).days), abs((c - before.end.date()).days)))
        return _a_day_read(mention, nearest, before.text)
    if n < before.start.day:  # a day leading up to the one named: "the packers come on the 18th" of October
        return _a_day_read(mention, before.start.date().replace(day=n), before.text)
    return None


def _the_day_in(start: datetime, months_on: int, n: int) -> date | None:
    """The ``n``-th of the month ``months_on`` after ``start``'s, None where that month has none."""
    year, month = divmod(start.month - 1 + months_on, 12)
    try:
        return date(start.year + year, month + 1, n)
    except ValueError:
        return None


def _a_day_read(mention: TemporalMention, day: date, month_from: str | None) -> TemporalMention:
    start = datetime(day.year, day.month, day.day)
    return TemporalMention(mention.text, mention.char_start, mention.char_end, start, start + timedelta(days=1),
                           "point", month_from=month_from or mention.month_from)


def _said_at(mention: TemporalMention, lowered: str) -> int:
    """Where the mention's words begin in ``lowered`` as whole words, -1 when they are not there."""
    found = re.search(rf"(?<!\w){re.escape(mention.text.lower())}(?!\w)", lowered)
    return found.start() if found else -1


def _token_range(doc: ParsedDoc, mention: TemporalMention) -> tuple[int, int]:
    inside = [t.i for t in doc.tokens if t.idx < mention.char_end and t.end > mention.char_start]
    return (inside[0], inside[-1] + 1) if inside else (0, 0)


def _perspective(
    doc: ParsedDoc,
    speaker: Speaker,
    addressee: str | None,
    addressee_role: str | None,
    carried: Carried | None,
    calls: tuple[tuple[int, str], ...] = (),
) -> Perspective:
    """Who "you", "we" and "she/he" are in this turn: "you" the addressee, or the one a sentence calls from there
    on (``calls``); "we" only when the turn names the speaker's partner in it, "she/he" after the one other
    person the turn names besides those it calls or, where it names none, before anyone it mentions the person
    the turns just before were about (``carried``). An assistant is never one of "we": "230 euros for both of
    us", said to one, is the speaker and someone the turn does not name."""
    partner = we_partner(doc)
    if partner == ADDRESSEE:
        we = f"{speaker.name} and {addressee}" if addressee and addressee_role != ASSISTANT else None
    elif isinstance(partner, tuple):
        we = f"{speaker.name} and {rewrite_range(doc, *partner, speaker, Perspective(addressee)).text}"
    else:
        we = None
    referent = third_person_referent(doc, (speaker.name, addressee, *(whom for _, whom in calls)))
    if carried:
        until = None if carried.until_char is None else next((t.i for t in doc.tokens if t.idx >= carried.until_char), None)
        if referent:  # "Yes him. He's moving to Glasgow": the one before the name the turn gives
            until = referent[1] if until is None else min(until, referent[1])
        if any(t.lower in THIRD_PERSON and t.pos == "PRON" for t in doc.tokens[:until]):
            gender = _referent_gender(doc, carried.referent, 0, len(doc) if until is None else until)
            return Perspective(addressee, we, carried.referent, 0, until, carried.named, gender, calls=calls)
    if referent:
        name, _, start, until = referent
        gender = _referent_gender(doc, name, start, until)
        until = _another_of_its_gender(doc, name, gender, start, until)
        return Perspective(addressee, we, name, start, until, third_gender=gender, calls=calls)
    return Perspective(addressee=addressee, we=we, calls=calls)


def _referent_gender(doc: ParsedDoc, referent: str, start: int, until: int) -> str | None:
    """The gender of the first "he/she/him/her/his" from ``start`` that may mean ``referent``: not an object of a
    clause it is the subject of ("Tom's great, he told her he loves her": he)."""
    for k in range(start, until):
        token = doc.tokens[k]
        if token.lower in THIRD_PERSON and token.pos == "PRON" and not _done_by_the_name(doc, k, referent):
            return PRONOUN_GENDER[token.lower]
    return None


def _another_of_its_gender(doc: ParsedDoc, referent: str, gender: str | None, start: int, until: int) -> int:
    """Where the turn brings in someone else of the referent's gender, whom the name does something to ("Steve
    took him fishing and they bonded. He's even giving a speech."): a pronoun from there may mean either, and
    stays as said. ``until`` when it brings in no one."""
    return next(
        (k for k in range(start, until) if PRONOUN_GENDER.get(doc.tokens[k].lower) == gender
         and _done_by_the_name(doc, k, referent)),
        until,
    )


def _done_by_the_name(doc: ParsedDoc, k: int, referent: str) -> bool:
    words = name_words(referent)
    return done_by(doc, k, lambda subject: doc.tokens[subject].lower in words)


def _looking_back(doc: ParsedDoc, mentions: list[TemporalMention], session_time: datetime | None) -> frozenset[int]:
    """The sentences of the turn holding a date that ended before the turn was said."""
    if session_time is None:
        return frozenset()
    return frozenset(
        doc.tokens[_token_range(doc, m)[0]].sent for m in mentions if m.resolved and m.end <= session_time
    )


def _unit_perspective(doc: ParsedDoc, unit: Unit, perspective: Perspective) -> Perspective:
    """The turn's perspective for one unit: "she" stays as said in a sentence of the unit that names her, since
    the memory then reads right as it is ("Ana got a job, she starts in March"), and since there "she" may as well
    be someone the sentence names without a name ("Her teacher Miss Hughes said she's reading above her level":
    the child). A later sentence gets the name: the units stage may keep it apart from the one that named her
    ("Ana got the job! She starts at Spotify on 2 June" had left a unit "She starts at Spotify on 2 June"). The
    name counts where it is a person to the tagger or is the very name the referent was taken from, which the
    tagger may have typed otherwise ("Hughes" as an organisation)."""
    if perspective.third is None:
        return perspective
    named = {t.i for t in doc.tokens if t.text in perspective.third.split() and t.ent == "PERSON"}
    named.add(perspective.third_from - 1)
    inside = [i for i in named if any(lo <= i < hi for lo, hi in unit.ranges)]
    if not inside:
        return perspective
    start, end = doc.sentences[doc.tokens[max(inside)].sent]
    if _names_another(doc, start, end, perspective.third):
        return replace(perspective, third=None)  # "Tom and Ana came over. She brought cake.": either of them
    # up to a person named by a noun ("a trans girl and her family"), whom a pronoun after it may as well mean
    someone = next((t.i for t in doc.tokens[end:] if t.pos == "NOUN" and t.lemma.lower() in PERSON_NOUNS), None)
    until = min(k for k in (perspective.third_until, someone, len(doc)) if k is not None)
    if until <= end:
        return replace(perspective, third=None)
    return replace(perspective, third_from=max(perspective.third_from, end), third_until=until)


def _names_another(doc: ParsedDoc, start: int, end: int, name: str) -> bool:
    """The sentence ``start..end`` names a person besides ``name``: a person to the tagger, or a proper noun it
    gives no other entity ("Tom and Ana": it leaves a name joined to another untagged); not a place, a firm or
    chat's "FYI"."""
    own = {part.lower() for part in name.split()}
    return any(
        t.lower not in own and t.text[:1].isupper() and t.lower not in CHAT_INTERJECTIONS
        and (t.ent == "PERSON" or (t.pos == "PROPN" and not t.ent))
        for t in doc.tokens[start:end]
    )


def _carries_a_fact(doc: ParsedDoc, k: int, anchors: set[int]) -> bool:
    """Token ``k`` is a number, an amount or a name, not part of a temporal expression (which is kept anyway).

    A name is a named entity: the tagger also calls a misspelt verb at a sentence's start a proper noun
    ("Remenber the festival I told you about?"), and such a sentence has a predicate the tagger missed."""
    return is_fact_token(doc.tokens[k]) and k not in anchors


# A number of thousands or millions as chat writes it: "280k max", "45k plus a contingency", "1.2m".
SHORT_AMOUNT = re.compile(r"^\d[\d,.]*(?:k|m|bn)$", re.IGNORECASE)


def _an_amount(token: Token) -> bool:
    """A sum, a share or a quantity ("£24k", "about £3,100", "10%", "280k"), said before the sentence it answers
    for: a verbless sentence of one, right before a kept sentence, is kept too ("£24k, so just over 10%. mortgage in
    principle was fine" had lost the deposit; after a kept sentence any number or name is kept anyway)."""
    return token.text in MONEY_SIGNS or token.ent in ("MONEY", "PERCENT", "QUANTITY") or bool(SHORT_AMOUNT.match(token.text))


# Words a topic turn may open on before its "anyway" or "btw": "so anyway, ...", "oh btw ..."
TOPIC_TURN_LEADS = frozenset({"so", "oh", "and", "but", "ok", "okay", "well"})


def _opens_on_a_topic_turn(doc: ParsedDoc, sentence: int) -> bool:
    """Sentence ``sentence`` opens on a word that turns the talk elsewhere (:data:`TOPIC_TURNS`: "anyway, we went
    to the beach", "so anyway ...", "btw ..."): a verbless sum before it answers for something else, not for it."""
    if sentence >= len(doc.sentences):
        return False
    start, end = doc.sentences[sentence]
    words = [t for t in doc.tokens[start:end] if t.pos != "PUNCT"]
    while words and words[0].lower in TOPIC_TURN_LEADS:
        words = words[1:]
    return bool(words) and (words[0].lower in TOPIC_TURNS or [t.lower for t in words[:3]] == ["by", "the", "way"])


def _a_dated_thing(doc: ParsedDoc, lo: int, hi: int, ahead: set[int]) -> bool:
    """Tokens ``lo..hi`` name a thing and when it is, ahead (``ahead``: the tokens of dates after the session): "We
    won! Cup final next week.", "I passed. Now the practical in three weeks.", or hedge when ("Maybe in a couple of
    years."): the next event, or how sure the one before is, whose date had been hung on the sentence before without
    it. A date gone by ("2 weeks no cigs", "no heartburn since April") stays hung on what it dates."""
    words = range(lo, hi)
    return any(k in ahead for k in words) and any(
        k not in ahead and (_a_thing(doc, k) or doc.tokens[k].lower in HEDGES) for k in words
    )


def _a_thing(doc: ParsedDoc, k: int) -> bool:
    """A noun, or an adjective standing for one after its article ("the practical")."""
    token = doc.tokens[k]
    return token.pos in ("NOUN", "PROPN") or (token.pos == "ADJ" and any(a.label == "det" for a in doc.children(k)))


def _dated_clauses_kept_in_their_sentence(doc: ParsedDoc, clauses: list[Clause], units: list[Unit],
                                          anchors: set[int]) -> None:
    """A verbless clause right after a kept clause of the same sentence that names a thing and its own date joins
    the kept unit ("I've got the dentist on Tuesday at 4, and parents evening for the kids on Wednesday"): it is one
    more item of the same list, told in the same sentence. Its date alone had pulled it in up to the date; a name
    or a time it also carries ("parents evening", once an event's name and no time) had made it a fragment said
    apart ("Leo noted: parents evening ..."). A clause with no date of its own is left to :func:`_carried_fragments`
    ("..., so back to three runs a week")."""
    for before, clause in zip(clauses, clauses[1:]):
        host = next((u for u in units if u.overlaps(before.start, before.end)), None)
        if host is None or before.sentence != clause.sentence or host.overlaps(clause.start, clause.end):
            continue
        lo, hi = trim(doc, clause.start, clause.end)
        words = range(lo, hi)
        if lo >= hi or is_discourse_only(doc, lo, hi) or any(doc.tokens[k].pos in ("VERB", "AUX") for k in words):
            continue
        if any(k in anchors for k in words) and any(k not in anchors and _a_thing(doc, k) for k in words):
            host.absorb(doc, lo, hi)


def _denied_outcomes_after_but(doc: ParsedDoc, units: list[Unit]) -> None:
    """A clause after "but" right after a kept one that says the deed or the hoped-for outcome did not come about
    (:func:`_denies_an_outcome`: "the interview went well but I didn't get it", "the meeting was good but nothing
    changed") joins the kept unit, up to the next comma or the end of its sentence: its words are glue ("I didn't get
    it") or it has no argument ("nothing changed"), so it had been dropped, and the memory told the opposite of what
    happened ("the interview went well")."""
    for but, token in enumerate(doc.tokens):
        if token.lower != "but" or any(u.overlaps(but, but + 1) for u in units):
            continue
        host = next((u for u in units if _ends_right_before(doc, u.ranges[-1][1], but)), None)
        if host is None:
            continue
        end = doc.sentences[token.sent][1]
        end = next((k for k in range(but + 1, end) if doc.tokens[k].text in (",", ";")), end)
        while end > but + 1 and doc.tokens[end - 1].pos == "PUNCT":
            end -= 1
        if end < len(doc.tokens) and doc.tokens[end].text == "?" or any(u.overlaps(but, end) for u in units):
            continue  # "... but did you get it?" asks
        predicate = next((k for k in range(but + 1, end) if is_predicate(doc, k)), None)
        if predicate is not None and _denies_an_outcome(doc, predicate):
            host.absorb(doc, but, end)


def _ends_right_before(doc: ParsedDoc, hi: int, k: int) -> bool:
    """A range that ends at ``hi`` is followed by token ``k`` with only punctuation between."""
    return hi <= k and all(t.pos == "PUNCT" for t in doc.tokens[hi:k])


def _denies_an_outcome(doc: ParsedDoc, predicate: int) -> bool:
    """The predicate has a subject and says its deed was not done, by it or by anyone ("I didn't get it", "they
    never replied", "nothing changed", "no one came"); a mood or a mind in the present ("I don't know", "I don't
    care", "I don't get it") is no outcome."""
    children = doc.children(predicate)
    helpers = [arc.dep for arc in children if arc.label in ("aux", "auxpass")]
    subjects = [arc.dep for arc in children if arc.label in ("nsubj", "nsubjpass")]
    if not subjects:
        return False
    past = doc.tokens[predicate].tag == "VBD" or any(doc.tokens[k].lower in ("did", "had", "was", "were") for k in helpers)
    if doc.tokens[predicate].lemma in MIND_VERBS and not past:
        return False
    denied = any(arc.label == "neg" or doc.tokens[arc.dep].lower == "never" for arc in children)
    nobody = any(
        doc.tokens[k].lower in NEGATIVE_SUBJECTS
        or any(a.label == "det" and doc.tokens[a.dep].lower == "no" for a in doc.children(k))
        for k in subjects
    )
    return denied or nobody


SECOND_PERSON = frozenset({"you", "your", "yours", "u", "ur"})
THIRD_PERSON_OBJECTS = frozenset({"him", "her", "them", "himself", "herself", "themselves", "his", "their"})


def _carried_fragments(doc: ParsedDoc, clauses: list[Clause], units: list[Unit], anchors: set[int], ahead: set[int],
                       turn_limit: int) -> tuple[list[Unit], list[Unit]]:
    """Verbless sentences right after a sentence the memory keeps that carry a number, an amount or a name ("I
    bought the car! A Yaris hybrid for 8,400 euros."), and verbless clauses right after a kept clause of the same
    sentence ("... but dropped the Saturday shakeout, so back to three runs a week"): with no predicate they are
    no candidate, yet they say what the words before left out, and a turn of those alone keeps them through the
    fallback; so are verbless sentences beside a kept one that name a thing ahead and its date (:func:`_a_dated_thing`;
    ``ahead``: the tokens of the turn's dates from the session's day on), before it too ("Maybe the Chester Marathon
    on 6 October. I'll swim and cycle while I'm injured": the date had been hung on the swimming). A feeling beside a kept
    sentence is kept only while the turn has room for it (``turn_limit``):
    beyond, every unit of the turn would be merged into one and lose how each was said (a question, a request).
    Returns the fragments of facts and those of feelings."""
    ranges = [r for unit in units for r in unit.ranges]
    kept = {doc.tokens[lo].sent for lo, _ in ranges}
    fragments, feelings = [], []
    for before, clause in zip([None, *clauses], clauses):
        after_kept_clause = (
            before is not None and before.sentence == clause.sentence
            and any(lo < before.end and before.start < hi for lo, hi in ranges)
            and not any(lo < clause.end and clause.start < hi for lo, hi in ranges)
        )
        beside_kept = clause.sentence not in kept and (clause.sentence - 1 in kept or clause.sentence + 1 in kept)
        if not after_kept_clause and not _where_here_is(doc, clause, kept) and not beside_kept:
            continue
        lo, hi = trim(doc, clause.start, clause.end)
        verbs = [t for t in doc.tokens[lo:hi] if t.pos in ("VERB", "AUX")]
        if lo >= hi or is_discourse_only(doc, lo, hi) or verbs and not (beside_kept and all(map(a_feeling_word, verbs))):
            continue
        after_kept = after_kept_clause or clause.sentence - 1 in kept or _where_here_is(doc, clause, kept)
        dated_next = not after_kept_clause and _a_dated_thing(doc, lo, hi, ahead) and (
            after_kept or _before_talk_ahead(doc, units, clause.sentence + 1, lo, hi))
        # so is a code said before what it is of ("E18. Water's still in the drum": the error code one is asked for)
        amount_first = beside_kept and clause.sentence + 1 in kept and any(
            _an_amount(doc.tokens[k]) or is_a_code(doc.tokens[k]) for k in range(lo, hi)
        ) and not _opens_on_a_topic_turn(doc, clause.sentence + 1)
        # so is where the speaker is back from, "I'm" dropped ("back from Portugal! everything survived")
        back = beside_kept and back_to(doc, lo)
        if (after_kept and any(_carries_a_fact(doc, k, anchors) for k in range(lo, hi))) or dated_next or (
                beside_kept and _a_state_after_s(doc, lo, hi)) or amount_first or back:
            asked = hi < clause.end and doc.tokens[hi].text == "?"  # "Any plans for the weekend?" stays a question
            fragments.append(Unit([(lo, hi + asked)], lo, 0.0, None, True))
        elif beside_kept and _tells_a_feeling(doc, lo, clause.end) and not _beside_news_of_another(doc, clause.sentence, kept):
            feelings.append(Unit([(lo, hi)], lo, 0.0, None, True))
    return fragments, feelings[: max(0, turn_limit - len(units) - len(fragments))]


def _headlines(doc: ParsedDoc, clauses: list[Clause], units: list[Unit]) -> list[Unit]:
    """The sentences of a thing and its state said as a headline (:func:`a_headline`: "application submitted!! did it
    last night", "they cancelled it, out of stock. refund pending"), beside the clauses the memory keeps: two words
    are too short for a unit, and the news had been dropped for the detail after it. A turn with nothing else kept
    keeps all its words through the fallback ("Rent paid. council tax next")."""
    if not units:
        return []
    found = []
    for clause in clauses:
        lo, hi = trim(doc, clause.start, clause.end)
        if lo < hi and not any(u.overlaps(lo, hi) for u in units) and a_headline(doc, lo, hi):
            found.append(Unit([(lo, hi)], hi - 1, 0.0, None, True))
    return found


# Words of a state that "X's" says with its "'s" for "is" or "has" ("Sam's home!", "the tumour's shrunk!!", "dad's
# out"), which the parse takes for a thing X owns; besides these, a word the tagger calls a participle. Not words that
# judge ("Luna's hilarious"), which are chat about a thing, not news of it, nor a noun in -ed ("the farmer's shed!").
STATES_AFTER_S = frozenset("home back out in off up away over better worse fine ok okay done gone shrunk grown broken "
                           "born healed pregnant engaged married single retired ill sick poorly ready free closed open "
                           "late cancelled".split())


def _a_state_after_s(doc: ParsedDoc, lo: int, hi: int) -> bool:
    """The verbless sentence (tokens ``lo..hi``) is "X's <state>" ("Sam's home!", "the tumour's shrunk!!", "back's
    basically fine"): the "'s" is "is" or "has" and the sentence is news, the parse's possessive notwithstanding;
    "Sam's car!" owns a thing and is none, and "Priya's thrilled" is another's feeling (:func:`_tells_a_feeling`)."""
    words = [t for t in doc.tokens[lo:hi] if t.pos not in ("PUNCT", "INTJ", "SYM") and t.lower not in CHAT_ASIDES]
    s = next((n for n, t in enumerate(words) if t.tag == "POS" and t.lower in ("'s", "’s")), None)
    if s is None or s == 0:
        return False
    rest = [t for t in words[s + 1 :] if t.pos != "ADV" or t is words[-1]]
    if len(rest) != 1:
        return False
    state = rest[0]
    if a_feeling_word(state):
        return False
    return state.lower in STATES_AFTER_S or state.tag in ("VBN", "VBD")


def _before_talk_ahead(doc: ParsedDoc, units: list[Unit], sentence: int, lo: int, hi: int) -> bool:
    """A verbless dated sentence (tokens ``lo..hi``) names a thing of its own, not only a hedge, and the kept
    ``sentence`` after it does not tell of the past: "Maybe the Chester Marathon on 6 October. I'll swim and cycle
    while I'm injured" keeps the marathon; "Maybe in September. Aisling moved in" leaves the month to the move,
    which it does not date."""
    if not any(_a_thing(doc, k) and doc.tokens[k].ent not in ("DATE", "TIME") for k in range(lo, hi)):
        return False
    hosts = [unit for unit in units if doc.tokens[unit.predicate].sent == sentence]
    return bool(hosts) and tense_at(doc, doc.tokens[hosts[0].predicate].idx) != "past"


def _tells_a_feeling(doc: ParsedDoc, lo: int, hi: int) -> bool:
    """A verbless sentence of the speaker's feeling beside a sentence the memory keeps ("mum's surgery went well!!
    such a relief", "gutted. didn't get the job"): the affect of what the memory tells. Words of glue ("amazing",
    "so happy") and a feeling for the other side ("so excited for you") are no such feeling."""
    tokens = doc.tokens[lo:hi]
    if any(t.lower in SECOND_PERSON | THIRD_PERSON_OBJECTS or t.text == "?" or _another_person(t) or t.pos == "PROPN"
           for t in tokens):
        return False  # "so excited for you", "furious with himself", "Priya's thrilled", "Confident?": another's, or asked
    return any(map(a_feeling_word, tokens))


def _beside_news_of_another(doc: ParsedDoc, sentence: int, kept: set[int]) -> bool:
    """A kept sentence next to the feeling is about someone else ("Tom failed his driving test again. furious",
    "the kids are off school next week. bored already"): the feeling, with no subject, may well be theirs."""
    for n in (sentence - 1, sentence + 1):
        if n not in kept:
            continue
        start, end = doc.sentences[n]
        for k in range(start, end):
            if any(a.label in ("nsubj", "nsubjpass") for a in doc.parents(k)) and _another_person(doc.tokens[k]):
                return True
    return False


def _another_person(token) -> bool:
    return token.lower in ("he", "she", "they") or token.ent == "PERSON" or (
        token.pos == "NOUN" and token.lemma.lower() in PERSON_NOUNS)


def _where_here_is(doc: ParsedDoc, clause: Clause, kept: set[int]) -> bool:
    """A verbless sentence that names a place right before a kept one that says "here" tells where "here" is
    ("Greetings from Lisbon! I moved here on the 8th of January"): without it the memory loses the place."""
    if clause.sentence in kept or clause.sentence + 1 not in kept:
        return False
    start, end = doc.sentences[clause.sentence + 1]
    return any(t.ent in PLACE_ENTITIES for t in doc.tokens[clause.start : clause.end]) and any(
        t.lower == "here" for t in doc.tokens[start:end]
    )


def _against_the_tense(doc: ParsedDoc, host: Unit, mention: TemporalMention, session_time: datetime | None) -> bool:
    """A date only appended to ``host`` lies on the other side of the session day from where the host's own tense
    puts it: it is kept in the text (no anchor is dropped) but does not date the memory ("Maybe in September.
    Aisling moved in and she's great." is not a move in September)."""
    if session_time is None or not mention.resolved:
        return False
    tense = tense_at(doc, doc.tokens[host.predicate].idx)
    day = session_time.replace(hour=0, minute=0, second=0, microsecond=0)
    if tense == "past":
        return mention.start > day
    return tense == "future" and mention.end <= day


# The most words a sentence said apart may have: a date said as an aside, not a story of its own.
APART_MAX_WORDS = 8


def _dates_said_apart(doc: ParsedDoc, host: Unit, appended: list[TemporalMention], mentions: list[TemporalMention]
                      ) -> tuple[list[TemporalMention], list[Unit]]:
    """Of the dates of sentences the memory left out that are hung on ``host`` (``appended``), those that stay hung
    on it as "( … )", and the short sentences said apart whose date the host, dated by its own (``mentions``), would
    seem to take: "yeah 14th august. sam has his options evening next wednesday" had read "... next wednesday (14th
    august)", "ugh what a few weeks. Maisie was off school the week before half term" "... half term (a few weeks)".
    Such a sentence is kept as said, beside its host; a host with no date of its own still takes the date given
    before it as its answer ("Last Tuesday. I finally finished the report")."""
    if not appended or not any(host.overlaps(*_token_range(doc, m)) for m in mentions):
        return appended, []
    kept_hung: list[TemporalMention] = []
    apart: dict[tuple[int, int], Unit] = {}
    for mention in appended:
        lo, hi = _token_range(doc, mention)
        a, b = trim(doc, *doc.sentences[doc.tokens[lo].sent])
        words = sum(t.pos not in ("PUNCT", "SYM") for t in doc.tokens[a:b])
        if a <= lo and hi <= b and words <= APART_MAX_WORDS:
            apart.setdefault((a, b), Unit([(a, b)], a, 0.0, None, True))
        else:
            kept_hung.append(mention)
    return kept_hung, list(apart.values())


def _people(doc: ParsedDoc, ranges: list[tuple[int, int]]) -> list[str]:
    """Named people (PERSON entities) inside the realised ranges, once each, in source order; not the name a
    holiday is called after ("Valentine" of "Valentine's Day", "Diwali"), which the parser may read as a person,
    unless it names one (:func:`a_holiday_naming_a_person`: "Ramadan Abdullah", "my colleague Ramadan"); nor a span
    holding a verb or an article, which no name does ("Finished the Riverside": a capitalised verb opening a
    sentence, read with what follows it as a PERSON); nor a saint's name, which is a place's ("St Brigid's have
    offered her a place")."""
    names = [bare_name(e.text) for e in doc.entities
             if e.label == "PERSON" and any(lo < e.end and e.start < hi for lo, hi in ranges)
             and not _a_holiday_no_person(doc, e)
             and not any(t.pos in ("VERB", "AUX", "DET") for t in doc.tokens[e.start:e.end])
             and not a_saints_place([t.text for t in doc.tokens], e.start, e.end)]
    return list(dict.fromkeys(n for n in names if n))


def _a_holiday_no_person(doc: ParsedDoc, entity) -> bool:
    """The PERSON ``entity`` begins with a holiday's name ("Diwali", "Valentine" of "Valentine's Day", "ramadan
    mubarak") that names no person there ("Ramadan Abdullah" does)."""
    found = HOLIDAY.match(doc.text.replace("’", "'"), doc.tokens[entity.start].idx)
    return found is not None and not a_holiday_naming_a_person(doc, *found.span())


def _with_referent(people: list[str], doc: ParsedDoc, phrase: Phrase, referent: str | None) -> list[str]:
    """``people`` and, after them, the person a "he/she/his/her" of the memory was written as (``referent``, the
    turn's :attr:`Perspective.third`): "His quote came in at 18,500", after "Marco Rossi, the contractor ..." in a
    fragment the memory leaves out, names Marco Rossi as much as the name would. Only where a pronoun was so
    written; a name already among the people (or part of one) is not added twice."""
    if referent is None or any(referent in person or person in referent for person in people):
        return people
    if any(word.renamed and doc.tokens[word.source].lower in THIRD_PERSON for word in phrase.words):
        return [*people, referent]
    return people


def _realise_unit(
    doc: ParsedDoc, unit: Unit, speaker: Speaker, appendix: list[TemporalMention], perspective: Perspective
) -> tuple[Phrase, UnitMood]:
    """Source wording of the unit with the speaker attributed, and whether it was a question or request."""
    first_lo, first_hi = unit.ranges[0]
    # "refund pending" is a thing's state, though the tagger calls "refund" a verb: no order, nor the speaker's deed
    headline = a_headline(doc, first_lo, first_hi)
    action = None if headline else request_start(doc, first_lo, first_hi)
    question = action is None and is_question(doc, first_lo, first_hi)
    offered = None if question or headline else offer_start(doc, first_lo, first_hi)
    # "Sam you legend. Josh, can you do food?": the one asked or thanked is the one the unit's sentence calls
    addressee = perspective.addressee_at(doc.tokens[first_lo].idx)
    thanked = None if action is not None or question else _thanked_or_praised(doc, first_lo, addressee)
    said_for = action if action is not None else offered
    # subject dropped in chat ("Went to the park", "Just finished it"): the speaker's name goes before the verb
    verb = None if question or thanked or said_for is not None or headline else dropped_subject_verb(doc, first_lo, first_hi)
    if verb is not None and unit.actor is not None and not _the_doer_of_its_clause(doc, verb, unit.actor):
        verb = None
    if verb is not None and (_after_a_clause(doc, first_lo) or doc.tokens[verb].lower == "been") and _dropped_it(doc, verb):
        verb = None  # "Been ages since we spoke" dropped "it's", even opening the turn
    pieces: list[Phrase] = []
    for n, (lo, hi) in enumerate(unit.ranges):
        if n == 0 and said_for is not None:
            lo = said_for
        if n == 0 and thanked:
            lo = thanked.start
        if n == len(unit.ranges) - 1:
            hi = _without_vocative(doc, lo, hi, perspective.addressee_at(doc.tokens[hi - 1].idx))
        dropped = verb if n == 0 else _a_later_sentences_dropped_subject(doc, lo, hi)
        piece = rewrite_range(doc, lo, hi, speaker, perspective, dropped_subject_verb=dropped)
        if n > 0 and dropped is not None:
            piece = _dropped_doer(doc, lo, dropped, unit, speaker, perspective) + " " + piece.uncapitalised()
        pieces.append(piece)
    # each piece closes as its sentence did: "Did you send them yet? I already sent mine." stays two sentences; a
    # request asked as a question is told ("Sam asks to remind Sam ... next Sunday. It's her birthday.")
    closed = [
        (piece, _asked_at(doc, hi) and not (n == 0 and action is not None))
        for n, (piece, (_, hi)) in enumerate(zip(pieces, unit.ranges)) if piece
    ]
    sentences = [_sentence(p, asked) for p, asked in closed[:-1]] + [closed[-1][0]]
    # every piece after the first opens a sentence of its own ("Sam used to hate sushi. Now Sam loves it.")
    text = Phrase.join(" ", [p if n == 0 else p.capitalised() for n, p in enumerate(sentences)])
    if question and len(closed) > 1 and not closed[-1][1]:
        return f"{speaker.name} asks: " + _sentence(text), UnitMood()  # a question, then a statement
    if appendix:
        text = text + " (" + Phrase.join("; ", [_as_said(doc, m) for m in appendix]) + ")"
    if action is not None and addressee and not perspective.to_an_assistant and a_proposal(doc, first_lo, first_hi):
        # "let's meet at the station at 6": what both are to do, "Priya suggests Priya and Sam meet ..." (of an
        # assistant it is asked: "Kim asks Assistant to start with the budget")
        return f"{speaker.name} suggests {speaker.name} and {addressee} " + text.uncapitalised(), UnitMood(request=True)
    if action is not None:
        asked = f" {addressee}" if addressee else ""
        negation = request_negation(doc, first_lo, first_hi)
        asked += f" {negation}" if negation else ""
        return f"{speaker.name} asks{asked} to " + text.uncapitalised(), UnitMood(request=True)
    if offered is not None:
        return f"{speaker.name} offers to " + text.uncapitalised(), UnitMood()
    if thanked:
        said = text if doc.tokens[thanked.start].pos == "PROPN" else text.uncapitalised()  # "on Anna's new baby"
        return f"{speaker.name} {thanked.verb} {thanked.whom} {thanked.preposition} " + said, UnitMood()
    if not question and not unit.own_actor and unit.actor is not None and not any(lo <= unit.actor < hi for lo, hi in unit.ranges):
        # A coordinated or controlled predicate: give it back the subject it shares with its head.
        subject = rewrite_range(doc, *noun_phrase(doc, unit.actor), speaker, perspective)
        text = subject + " " + text
    elif verb is not None:
        text = _dropped_doer(doc, first_lo, verb, unit, speaker, perspective) + " " + text.uncapitalised()
    elif not question and doc.tokens[first_lo].lower in IT_COPULAS and opens_with_a_dropped_it(doc, first_lo, first_hi):
        # "is my birthday on friday": "It is Priya's birthday on friday" ("were the builders again" stays as said)
        text = "It " + text.uncapitalised()
    return attribute(text, speaker, question=question), UnitMood(question=question)


# The copulas that agree with an "it" put back before them ("was the plumber, he's fixed it": "It was the plumber")
IT_COPULAS = frozenset({"is", "was"})


def _a_later_sentences_dropped_subject(doc: ParsedDoc, lo: int, hi: int) -> int | None:
    """The verb whose subject a sentence after the unit's first dropped, as chat drops it all along a turn ("Went to
    Woodhaven. Got to see some lovely scenery. Checked out the library"), where it surely dropped "I" or goes on
    with someone's story (:func:`_dropped_i_before`, :func:`_dropped_doer`); none where the range does not open its
    sentence, or is asked, or is an order ("Read lots. Build a solid understanding of literature")."""
    if not _opens_its_sentence(doc, doc.tokens[lo]) or is_question(doc, lo, hi) or request_start(doc, lo, hi) is not None:
        return None
    verb = None if offer_start(doc, lo, hi) is not None else dropped_subject_verb(doc, lo, hi)
    return verb if verb is not None and _dropped_i_before(doc, verb) else None


def _after_a_clause(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` comes after a sentence with a verb of its own, not only after a greeting ("Hey! Heading out")."""
    sentence = doc.tokens[k].sent
    return any(t.pos in ("VERB", "AUX") for t in doc.tokens[: doc.sentences[sentence][0]])


def _dropped_i_before(doc: ParsedDoc, verb: int) -> bool:
    """The verb opening a later sentence of a unit, its subject dropped, dropped "I" for sure: a past deed ("Took a
    trip", "Landed Saturday night", "Felt really strong"), a feeling (:data:`NOT_IMPERATIVE`: "Love the energy
    there"), a thought before a clause ("Wish I was there"), "can't" ("Can't wait to visit") or "gotta". Not a bare
    verb, which as often gives advice ("Definitely add it to your list"), nor an "-ing", which is as often a subject
    ("Seeing their growth is so fulfilling"), nor what :func:`_dropped_it` tells."""
    token = doc.tokens[verb]
    if _dropped_it(doc, verb):
        return False
    if token.tag in ("VBN", "VBD") and {doc.tokens[a.dep].lower for a in doc.children(verb) if a.label == "advmod"} & (
            STATE_ADVERBS):
        return False  # "Fixed now", "Still annoyed about it": "it's" or "I'm" dropped, a state, not a deed
    if (token.tag in ("VBD", "VBN") and token.lemma != "be") or token.lower in PAST_BEFORE_BASE:
        return True
    if token.lemma in NOT_IMPERATIVE_BEFORE_A_CLAUSE and before_a_clause_of_its_own(doc, verb):
        return True
    after = doc.tokens[verb + 1].lower if verb + 1 < len(doc) else ""
    if token.lower == "got" and after == "ta":
        return True  # "Gotta check the size too", whatever the tagger calls it
    if token.lemma in NOT_IMPERATIVE and token.tag in ("VB", "VBP"):
        return True
    return token.lower in ("ca", "can") and after in ("n't", "not", "nt")


# What "been" dropped "it" before: a stretch of time ("Been a crazy few days", "Been ages"), not a role one has had
# ("Been a nurse for 12 years" dropped "I've").
STRETCHES = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years", "while", "ages", "time",
                       "forever", "minute", "hour", "hours", "night", "morning", "weekend", "summer", "winter"})
# Adverbs that make a past form a state (the tagger reads one as either): "Fixed now", "Still annoyed", "So tired".
STATE_ADVERBS = frozenset({"now", "still", "so", "very", "too"})
# What "it must" is before: "Must be great", "Must've been a dream", "Must feel so liberating".
LINKING_AFTER_MUST = frozenset({"be", "'ve", "have", "feel", "look", "seem", "sound"})


def _dropped_it(doc: ParsedDoc, verb: int) -> bool:
    """A verb opening a sentence after a clause dropped "it", not "I": "must be" ("Must be great", "Must've been a
    dream", "Must feel so liberating"; "Must remember to drink water" is the speaker's), "been" before a stretch of
    time (:data:`STRETCHES`), "turned out" ("Turned out she's a nurse"), or a deed done to the speaker ("Really made
    me proud")."""
    token = doc.tokens[verb]
    rest = [t.lower for t in doc.tokens[verb + 1 : verb + 5]]
    if token.lower == "must" and rest[:1] and rest[0] in LINKING_AFTER_MUST:
        return True
    if token.lower == "been" and _a_stretch_next(doc, verb):
        return True
    if token.lemma == "turn" and rest[:1] == ["out"]:
        return True
    return rest[:1] in (["me"], ["us"])  # right after it: "Made me proud" ("new year new me" ends no deed)


# Words that may come between "been" and the stretch it tells: "been a week", "been nearly 3 years", "been such a long day"
BEFORE_A_STRETCH = frozenset({"a", "an", "the", "over", "about", "nearly", "almost", "like", "such", "so", "too",
                              "really", "literally", "few", "couple", "of", "long", "whole", "good", "full"})


def _a_stretch_next(doc: ParsedDoc, been: int) -> bool:
    """"been" goes straight on to a stretch of time (:data:`STRETCHES`), maybe after an article, a number or a word
    of how long (:data:`BEFORE_A_STRETCH`, an adjective): "been ages", "been a crazy few days", "been nearly 3 years"
    dropped "it's". Not a stretch after a participle ("been married 10 years": "I've") nor one that only names a kind
    ("been a morning person")."""
    for t in doc.tokens[been + 1 : been + 6]:
        if t.lower in BEFORE_A_STRETCH or t.tag == "CD" or t.pos == "ADJ":
            continue
        return t.lower in STRETCHES and not any(a.label in ("compound", "amod") for a in doc.parents(t.i))
    return False


# Verbs of the weather, whose subject is always "it": "rained all day", "poured the whole weekend".
WEATHER_VERBS = frozenset({"rain", "snow", "pour", "drizzle", "hail", "sleet", "thunder"})
# What a weather verb takes only when someone does it: an object ("poured myself a glass", "hailed a cab"), a
# particle ("snowed under at work", "snowed in"), or "as" ("hailed as a hero")
DONE_BY_SOMEONE = frozenset({"dobj", "dative", "iobj", "prt", "attr", "oprd", "ccomp", "xcomp"})
NOT_THE_WEATHER_AFTER = frozenset({"in", "under", "as", "out", "off", "up", "over"})


def _the_weather(doc: ParsedDoc, verb: int) -> bool:
    """A verb of the weather said as the weather ("rained on the thursday", "poured all weekend"): one of
    :data:`WEATHER_VERBS` with nothing done to anything (:data:`DONE_BY_SOMEONE`) and no particle after it."""
    if doc.tokens[verb].lemma not in WEATHER_VERBS:
        return False
    after = doc.tokens[verb + 1].lower if verb + 1 < len(doc.tokens) else ""
    # "snowed the whole week": a stretch the parse made its object is when, not what
    return after not in NOT_THE_WEATHER_AFTER and not any(
        a.label in DONE_BY_SOMEONE and doc.tokens[a.dep].lower not in STRETCHES for a in doc.children(verb))


def _dropped_doer(
    doc: ParsedDoc, lo: int, verb: int, unit: Unit, speaker: Speaker, perspective: Perspective
) -> Phrase | str:
    """Who did what a sentence opening at ``lo`` on ``verb`` tells with its subject dropped: the one person the
    sentence before told of alone, whose story a deed goes on with ("My brother came over. Stayed for dinner": the
    brother, not the speaker), else :func:`_dropped_subject`. Not for a feeling or a thought, which are the
    speaker's ("Tom called. Miss him so much", "My sister got in. Think she'll love it"), nor a deed done to that
    person ("Sarah lost her job. Gave her a hug")."""
    if _the_weather(doc, verb):
        return "it"  # "rained on the thursday": the weather's "it" was dropped, no one rained
    sentence = doc.tokens[lo].sent
    opens = _opens_its_sentence(doc, doc.tokens[lo])
    doer = _someone_elses_subject(doc, sentence - 1) if opens and sentence > 0 and _a_deed(doc, verb) else None
    done_to = [a.dep for a in doc.children(verb) if a.label in ("dobj", "dative")]
    if doer is None or any(doc.tokens[k].lower in THIRD_PERSON for k in done_to):
        return _dropped_subject(doc, unit, speaker, perspective)
    return rewrite_range(doc, *noun_phrase(doc, doer), speaker, perspective)


def _a_deed(doc: ParsedDoc, verb: int) -> bool:
    """A past deed, not a feeling or a thought ("Loved it", "Wished I'd gone" are the speaker's all the same)."""
    token = doc.tokens[verb]
    return token.tag in ("VBD", "VBN") and token.lemma not in NOT_IMPERATIVE | NOT_IMPERATIVE_BEFORE_A_CLAUSE


def _someone_elses_subject(doc: ParsedDoc, sentence: int) -> int | None:
    """The subject of the sentence's head where it is one person other than the speaker and the sentence tells of
    them alone: a name, "he", "she" or a person's noun ("my brother"); not "we" or "they", nor a pet, nor one who
    did something to the speaker or with them ("Mike invited me to his wedding. Bought a suit", "My wife and I
    went to Paris"), whose dropped subject chat leaves to the speaker as often."""
    words = doc.tokens[slice(*doc.sentences[sentence])]
    for arc in doc.children(doc.roots[sentence]):
        token = doc.tokens[arc.dep]
        person = token.lower in ("he", "she") or token.ent == "PERSON" or (token.pos == "PROPN" and token.ent == "NORP") or (
            token.lemma in PERSON_NOUNS - PETS and token.tag == "NN")
        if arc.label in SUBJECTS and person:
            owners = {a.dep for a in doc.children(token.i) if a.label == "poss"}
            first_person = [t for t in words if (t.lower in SPEAKER_AS_SUBJECT or t.lower in ("my", "mine")) and t.i not in owners]
            return None if first_person else token.i
    return None


def _the_doer_of_its_clause(doc: ParsedDoc, verb: int, actor: int) -> bool:
    """The opening ``verb`` dropped its own subject although the unit has a doer, ``actor``: the doer's clause is
    one the verb governs ("Wish I could come", "Think I'll skip the gym") or one the parser hung the verb on
    ("Appreciate your help - it means a lot"); not the doer of a sentence the verb only opens ("Speaking of food,
    I tried ...": one subject for both), nor of what "Guess what" announces."""
    if (verb + 1 < len(doc) and doc.tokens[verb + 1].lower == "what") or opens_a_header(doc, verb):
        return False  # nor a header's ("Update on Montreal: I'm not going")
    if any(a.label == "ccomp" for a in doc.parents(verb)):
        return True
    if doc.tokens[verb].tag == "VBG":
        return False  # "Seeing your growth is amazing", parsed as "Seeing" with a clause: no one was dropped
    return any(a.label == "ccomp" and any(s.dep == actor and s.label in SUBJECTS for s in doc.children(a.dep))
               for a in doc.children(verb))


def _dropped_subject(doc: ParsedDoc, unit: Unit, speaker: Speaker, perspective: Perspective) -> str:
    """Who did what a unit tells with its subject dropped: the speaker ("Went to the park"), or in an answer to a
    question after someone ("How's Gerald?" - "Hibernating again", "She's fine. Came over for dinner on Sunday")
    that one, while the answer is still about them: not in a unit that points at them by a pronoun or says "my"
    itself ("Visited her yesterday", "got my exam results"), nor once the answer has turned to the speaker (an
    "I" or "me", a "him" or "her" done to by the speaker, "anyway": "Haven't seen him in ages. Been so busy")."""
    if perspective.asked_after is None:
        return speaker.name
    own = [doc.tokens[k] for lo, hi in unit.ranges for k in range(lo, hi)]
    if any(t.lower in THIRD_PERSON or (t.lower in SPEAKER_AS_SUBJECT and _a_subject_word(doc, t)) or _owns_the_object(doc, t)
           for t in own):
        return speaker.name  # "Staying with my parents" is still theirs, "got my exam results" the speaker's
    before = doc.tokens[: unit.ranges[0][0]]
    turned = any(
        t.lower in SPEAKER_AS_SUBJECT or (t.lower in OBJECT_PRONOUNS and t.pos == "PRON" and not _a_subject_word(doc, t))
        or ((t.lower in TOPIC_TURNS or t.lower == "and") and _opens_its_sentence(doc, t))
        for t in before
    )
    return speaker.name if turned else perspective.asked_after


# Animals a person's noun may be: a pet's sentence is no one's story the next one goes on with ("My cat knocked over
# my coffee. Had to clean it all up").
PETS = frozenset({"dog", "cat", "puppy", "kitten", "pet", "horse"})
# The words that turn an answer to the speaker's own news: "I'm good! Started a new job", "Better thanks. Anyway,
# got the promotion!"
SPEAKER_AS_SUBJECT = frozenset({"i", "im", "i'm", "i've", "i'd", "i'll", "ive", "me", "myself", "we", "us", "our",
                                "dunno", "idk"})
TOPIC_TURNS = frozenset({"anyway", "anyways", "btw", "also", "meanwhile", "otherwise", "clue", "idea"})


def _owns_the_object(doc: ParsedDoc, token: Token) -> bool:
    """``token`` is "my" on the object of a verb: "got my exam results" (a "my" in a preposition's phrase, "staying
    with my parents", may be of the one asked after too)."""
    return token.lower in ("my", "mine") and any(
        a.label == "poss" and any(up.label in ("dobj", "obj") for up in doc.parents(a.head)) for a in doc.parents(token.i))


def _a_subject_word(doc: ParsedDoc, token: Token) -> bool:
    return any(a.label in SUBJECTS for a in doc.parents(token.i))


def _opens_its_sentence(doc: ParsedDoc, token: Token) -> bool:
    """``token`` opens its sentence, or follows its "no" ("No clue", "no idea"), or is the "and" of an opening "oh
    and" ("Oh and got the job!!")."""
    start, _ = doc.sentences[token.sent]
    first = next((t for t in doc.tokens[start:] if t.pos != "PUNCT"), None)
    if first is None:
        return False
    if token.lower == "and":
        return first.lower == "oh" and first.i + 1 == token.i
    return first.i == token.i or (first.lower == "no" and first.i + 1 == token.i)


def _as_written(phrase: Phrase) -> str:
    """The phrase with the names it wrote for pronouns blanked: coverage counts the turn's words the memory kept,
    and "Oliver" written for "He" keeps no word of "Oliver's hilarious"."""
    chars = list(phrase.text)
    for word in phrase.words:
        if word.renamed:
            chars[word.at : word.at + word.length] = " " * word.length
    return "".join(chars)


def _without_vocative(doc: ParsedDoc, lo: int, hi: int, addressee: str | None) -> int:
    """The range's end without the listener's name it closes on after a comma ("see you Sunday, Wes!", "right,
    Tommy?") or after a word that ends the sentence whole ("You've got this Ana"): a call, not content."""
    if not addressee:
        return hi
    end = hi
    while end > lo and doc.tokens[end - 1].pos == "PUNCT":
        end -= 1
    called = addressee.split()
    whole = [t.text for t in doc.tokens[end - len(called) : end]] == called
    start = end - len(called) if whole else end - 1  # else a short or pet name of one word ("right, Tommy?")
    if start - 1 <= lo or not (whole or called_participant(doc.tokens[start].text, [addressee])):
        return hi
    before = doc.tokens[start - 1]
    if before.text == ",":
        return start - 1
    return start if before.lower in CLAUSE_CLOSERS else hi


GROUP_CALLS = frozenset({"guys", "all", "everyone", "everybody", "y'all", "folks", "team", "both", "lot"})
# Those that close a sentence as a call: "thanks for the birthday wishes, everyone!", "... you guys"
GROUP_VOCATIVES = frozenset({"guys", "all", "everyone", "everybody", "y'all", "folks"})


@dataclass(frozen=True)
class Thanks:
    """Thanks or praise a range opens with: who gives it how ("thanks", "congratulates"), to whom, with which
    preposition, and the token where what it is for starts."""

    verb: str
    whom: str
    preposition: str
    start: int


def _thanked_or_praised(doc: ParsedDoc, lo: int, addressee: str | None) -> Thanks | None:
    """Whom the speaker thanks or congratulates, and where what for starts, when the range opens with it ("thanks
    for coming last weekend", "thanks again Xia for helping me move", "congrats on following your dreams", "kudos
    for helping kids learn"): the doer is that one, not the speaker whose dropped subject the verb would otherwise
    get back ("Melanie is following Caroline's dreams" had been read). The name said between, else the listener;
    None when the range is no such thing."""
    sent = doc.tokens[lo].sent
    near = [t for t in doc.tokens[max(0, lo - 6) : lo + 4] if t.sent == sent]
    said = next((n for n, t in enumerate(near) if _thanks_or_praise(doc, t) and t.i <= lo), None)
    if said is None:
        return None
    prepositions = ("for",) if near[said].lower in THANKING else ("on", "for")
    after = next((n for n in range(said + 1, len(near)) if near[n].lower in prepositions), None)
    if after is None or near[after].i + 1 < lo or after + 1 >= len(near):
        return None
    if any(t.lower == "to" for t in near[said + 1 : after]) or _of_someone_named(doc, near[after + 1].i):
        return None  # "congrats to my sister on ...", "congrats on Jake's promotion": someone else's, kept as said
    named = [t.text for t in near[said + 1 : after] if t.pos == "PROPN"]
    whom = " ".join(named) or ("everyone" if _a_group_called(doc, near[said].i) else addressee or "the listener")
    verb = "thanks" if near[said].lower in THANKING else "congratulates"
    return Thanks(verb, whom, near[after].lower, near[after + 1].i)


def _thanks_or_praise(doc: ParsedDoc, token) -> bool:
    """A word of thanks or praise: "thanks", "congrats", "kudos", and the "done" of "well done"."""
    if token.lower in THANKING | PRAISING:
        return True
    return token.lower == "done" and token.i > 0 and doc.tokens[token.i - 1].lower == "well"


def _of_someone_named(doc: ParsedDoc, k: int) -> bool:
    """The phrase at token ``k``, right after the preposition, is owned by a name ("on Jake's promotion", "on Anna's
    new baby"); not a day's ("smashing Sunday's half marathon"), nor a name further on ("for coming to Jake's party"
    thanks the listener)."""
    token = doc.tokens[k]
    return token.pos == "PROPN" and token.ent not in ("DATE", "TIME") and any(a.label == "poss" for a in doc.parents(k))


def _a_group_called(doc: ParsedDoc, thanks: int) -> bool:
    """The thanks at token ``thanks`` go to a group called by a word of its own: right after the thanks ("thanks
    guys", "thank you all") or closing the sentence ("..., everyone!", "thanks for waiting for me guys"); not "all
    your help", "the team dinner"."""
    after = [t for t in doc.tokens[thanks + 1 :] if t.sent == doc.tokens[thanks].sent and t.pos != "PUNCT"]
    if after and after[0].lower == "you":
        after = after[1:]
    if after and after[0].lower in GROUP_CALLS and (len(after) == 1 or after[1].lower == "for"):
        return True
    sentence = [t for t in doc.tokens[thanks + 1 :] if t.sent == doc.tokens[thanks].sent]
    # "... for waiting for me guys", "thanks for yesterday everyone, the offsite was great", "..., everyone!"; "all"
    # only as a call ("thanks for coming, all", "you all"), never "all your help"
    return any(
        t.lower in GROUP_VOCATIVES and (n + 1 == len(sentence) or sentence[n + 1].pos == "PUNCT")
        and (t.lower != "all" or doc.tokens[t.i - 1].text in (",", "you"))
        for n, t in enumerate(sentence)
    )


def _as_said(doc: ParsedDoc, mention: TemporalMention) -> Phrase:
    """A temporal expression exactly as the turn wrote it, its words traced to their tokens."""
    lo, hi = _token_range(doc, mention)
    words = tuple(
        Word(k, doc.tokens[k].idx - mention.char_start, len(doc.tokens[k].text))
        for k in range(lo, hi)
        if doc.tokens[k].idx >= mention.char_start and doc.tokens[k].end <= mention.char_end
    )
    return Phrase(mention.text, words)


def _sentence(text: Phrase, asked: bool = False) -> Phrase:
    """Close a unit with a full stop (a question mark where it asked) so joined units read as separate
    sentences."""
    closed = text.text[-1:] in ".!?)\"" or (text.text[-1:] == "'" and re.search(r"(?:^|\s)'\w", text.text))
    return text if closed else text + ("?" if asked else ".")  # "at St Thomas'" is a possessive, not a quote


def _asked_at(doc: ParsedDoc, end: int) -> bool:
    """The punctuation right after token ``end - 1`` holds a question mark: the range closed a question."""
    k = end
    while k < len(doc.tokens) and doc.tokens[k].pos == "PUNCT":
        if "?" in doc.tokens[k].text:
            return True
        k += 1
    return False


def _fallback(
    doc: ParsedDoc, start: int, speaker: Speaker, perspective: Perspective
) -> tuple[Phrase, list[tuple[int, int]], list[UnitMood]]:
    """The whole discourse-stripped surface, normalised sentence by sentence."""
    ranges, pieces, moods = [], [], []
    for s_start, s_end in doc.sentences:
        # a hedge closing the sentence goes here too, though it holds the sentence's only content word ("Not so
        # well, I'm afraid." is "not so well")
        lo, hi = trim(doc, max(s_start, start), before_a_closing_hedge(doc, max(s_start, start), s_end))
        if lo >= hi or not any(is_content(t) for t in doc.tokens[lo:s_end]):
            continue
        text, mood = _realise_unit(doc, Unit([(lo, hi)], lo, 0.0, None, True), speaker, [], perspective)
        ranges.append((lo, hi))
        pieces.append(_sentence(text))
        moods.append(mood)
    return Phrase.join(" ", pieces), ranges, moods


def _whole_turn(doc: ParsedDoc, speaker: Speaker, perspective: Perspective, result: TurnExtraction) -> TurnExtraction:
    """Fallback for turns without content words: the whole turn, attributed, unless it has no word at all. A turn
    whose every sentence asks is asked ("how was it", "how are you": it had been "Kavya noted: how was it."), as
    a turn with content words is."""
    if not any(ch.isalnum() for ch in doc.text):
        return result
    ranges = [(s, e) for s, e in doc.sentences if any(ch.isalnum() for ch in doc.span_text(s, e))]
    asked = [is_question(doc, s, e) for s, e in ranges]
    text = Phrase.join(" ", [_sentence(rewrite_range(doc, s, e, speaker, perspective), question)
                             for (s, e), question in zip(ranges, asked)])
    result.set_text(attribute(text, speaker, question=all(asked)))
    result.unresolved_deixis = unresolved_deixis(result.text)
    result.people = _people(doc, ranges)
    result.units = [result.text]
    if classify_scope(doc, ranges) == USER_PII:
        result.scope = USER_PII  # a bare answer may be all contact ("kai.morgan88@gmail.com"); "Congrats!" is no ORG
    result.fallback = True
    result.coverage = 1.0
    result.provenance = "inferred"
    result.fragment = True
    result.event = next((m for m in result.mentions if m.resolved), None)
    return result


QUARTER = re.compile(r"[QH][1-4]", re.IGNORECASE)


def _kind_modifier(doc: ParsedDoc, mention: TemporalMention) -> bool:
    """``mention`` is a lone weekday name, a quarter or a holiday that the parse hangs as a compound on a noun after
    it ("Monday lesson", "Friday meeting", "Q1 OKRs", "the Christmas break", "our Christmas party"): it says which
    kind of lesson, meeting or goals, not necessarily when this one is ("home for the Christmas break on December
    16th", "write the Q1 OKRs by nov 21")."""
    inside = [t for t in doc.tokens if mention.char_start <= t.idx < mention.char_end and t.pos != "DET"]
    if not inside:
        return False
    if len(inside) == 1 and inside[0].lower in WEEKDAYS:
        nouns = ("NOUN",)
    elif len(inside) == 1 and QUARTER.fullmatch(inside[0].text):
        nouns = ("NOUN", "PROPN")
    elif HOLIDAY.fullmatch(doc.text[inside[0].idx : inside[-1].end].replace("’", "'")):
        nouns = ("NOUN", "PROPN")
    else:
        return False
    token = inside[-1]
    if nouns == ("NOUN", "PROPN") and _an_occasion_named_after(doc, token):
        return True
    return any(  # the parse may make a holiday an adjective of the noun ("Easter holidays are 30 March to 10 April")
        arc.label in ("compound", "amod") and arc.head > token.i and doc.tokens[arc.head].pos in nouns
        for arc in doc.parents(token.i)
    )


# Occasions a holiday names the season of, not the day: "the work christmas do is on 12th december", "our Christmas
# drinks are the Friday before". Parts of the day are left out: "Christmas morning" is Christmas Day.
SEASONAL_OCCASIONS = OCCASION_NOUNS - frozenset({"morning", "night", "eve", "weekend"})


def _an_occasion_named_after(doc: ParsedDoc, holiday: Token) -> bool:
    """The word right after the holiday's last token ``holiday`` is an occasion (:data:`SEASONAL_OCCASIONS`), whatever
    the parse made of it: in "the work christmas do is on 12th december" it read "do" as a verb, so the party's
    own date had lost to Christmas Day."""
    after = doc.tokens[holiday.i + 1] if holiday.i + 1 < len(doc.tokens) else None
    return after is not None and after.lower in SEASONAL_OCCASIONS


def extract_turn(
    doc: ParsedDoc,
    speaker_name: str | None,
    session_time: datetime | None,
    config: ExtractorConfig,
    resolver: TemporalResolver,
    addressee: str | None = None,
    addressee_role: str | None = None,
    said_before: Sequence[TemporalMention] = (),
    carried: Carried | None = None,
    calls: Sequence[tuple[int, str]] = (),
    last_talked: datetime | None = None,
    asked_after: str | None = None,
) -> TurnExtraction:
    """The memory entry of one admitted turn. ``addressee`` is whom "you" means in it (the other participant of
    a two-person session; None when that is not clear, and then "you" is kept and reported as unresolved);
    ``addressee_role`` their declared role (user, assistant or other), when known; ``said_before`` the dates of
    the turns just before it in its session (:meth:`TemporalResolver.ground`); ``carried`` the person its
    "he/she" mean when it does not name them (:mod:`memory_pipeline.extraction.referents`); ``calls`` where its
    sentences call someone else (:func:`memory_pipeline.grounding.sentence_calls`), whom "you" means from there;
    ``last_talked`` when the session before was, which "since we last talked" counts from; ``asked_after`` the
    one a question just before it asked after, whom a subject it drops means (:func:`.referents.asked_after`)."""
    speaker = Speaker.of(speaker_name)
    perspective = (
        replace(_perspective(doc, speaker, addressee, addressee_role, carried, tuple(calls)),
                to_an_assistant=addressee_role == ASSISTANT)
        if config.ground_deixis else Perspective()
    )
    result = TurnExtraction()
    start = discourse_prefix_end(doc)
    result.mentions = resolver.ground(doc, session_time, said_before, last_talked)
    perspective = replace(perspective, looking_back=_looking_back(doc, result.mentions, session_time), asked_after=asked_after)
    if start >= len(doc) or not any(is_content(t) for t in doc.tokens[start:]):
        # Discourse only ("Thanks! Bye!"). The gate admitted it, so its words are kept as said; only a turn with
        # no word at all yields no memory.
        return _whole_turn(doc, speaker, perspective, result)

    anchors = {k for m in result.mentions for k in range(*_token_range(doc, m))}
    units: list[Unit] = []
    clauses = split_clauses(doc, start, config.comma_split_min_words)
    for clause in clauses:
        candidates = candidates_for(doc, clause, config.clause_depth, config.noun_phrase_depth)
        units.extend(select_units(doc, clause, candidates, config, anchors))
    ahead = {k for m in result.mentions if m.resolved and session_time is not None and m.start.date() >= session_time.date()
             for k in range(*_token_range(doc, m))}
    ahead |= routine_times(doc)  # a routine's days and hours come round from now on
    _dated_clauses_kept_in_their_sentence(doc, clauses, units, anchors)
    _denied_outcomes_after_but(doc, units)
    facts, feelings = _carried_fragments(doc, clauses, units, anchors, ahead, config.turn_limit)
    units.extend(facts + feelings + _headlines(doc, clauses, units))
    units = suppress_near_duplicates(doc, sorted(units, key=lambda u: u.start), config.near_duplicate_overlap)
    units = merge_units(doc, units, config.turn_limit)

    appendices: dict[int, list[TemporalMention]] = {}
    for mention in result.mentions:  # a temporal anchor is never dropped (seed 003)
        lo, hi = _token_range(doc, mention)
        if not units or any(u.overlaps(lo, hi) for u in units) or since_we_last_talked(mention.text):
            continue  # "Anything new since we last talked?" dropped: the talk before dates nothing left
        same_sentence = [u for u in units if any(doc.tokens[a].sent == doc.tokens[lo].sent for a, _ in u.ranges)]
        if same_sentence:
            same_sentence[0].absorb(doc, lo, hi)
        else:
            host = min(range(len(units)), key=lambda n: abs(units[n].start - lo))
            appendices.setdefault(host, []).append(mention)

    told: list[Unit] = []  # each unit in order, with the dated sentences said apart beside their host
    hung: dict[int, list[TemporalMention]] = {}
    for n, unit in enumerate(units):
        kept_hung, apart = _dates_said_apart(doc, unit, appendices.get(n, []), result.mentions)
        told.extend(u for u in apart if u.start < unit.start)
        hung[len(told)] = kept_hung
        told.append(unit)
        told.extend(u for u in apart if u.start > unit.start)
    realised = [
        _realise_unit(doc, u, speaker, hung.get(n, []), _unit_perspective(doc, u, perspective))
        for n, u in enumerate(told)
    ]
    texts = [_sentence(t) for t, _ in realised]
    ranges = [r for u in told for r in u.ranges]
    moods = [m for _, m in realised]
    joined = Phrase.join(" ", texts)
    retained, total = coverage(doc, start, _as_written(joined))
    words = len(doc.text[doc.tokens[start].idx :].split())
    # a feeling kept beside the facts does not stand in for the facts left out: the fallback keeps them all
    felt = sum(is_content(t) for u in feelings for lo, hi in u.ranges for t in doc.tokens[lo:hi])
    if not texts or (total and (retained - felt) / total < config.coverage_rho and words >= config.coverage_min_words):
        joined, ranges, moods = _fallback(doc, start, speaker, perspective)
        texts = [joined] if joined else []
        result.fallback = True
        retained, total = coverage(doc, start, _as_written(joined))
    if not joined:
        return result

    result.set_text(joined.capitalised())
    result.units = [t.text for t in texts]
    result.content_tokens, result.retained_tokens = total, retained
    result.coverage = retained / total if total else 1.0
    lowered = result.text.lower()
    # a time inside the memory's own clauses dates it before one only appended to it ("september. gonna move to
    # LA in august": the move is in August); a date a thing was moved from or that is no longer, last of all ("moved
    # to May 6th", "not the 8th", "on friday. actually sorry, saturday"), or never
    appended = {id(m) for mentions in appendices.values() for m in mentions}
    replaced = {id(m) for m in replaced_dates(doc, result.mentions)}
    foreign = {id(m) for n, mentions in hung.items() for m in mentions if _against_the_tense(doc, told[n], m, session_time)}
    # a weekday or holiday that only names a kind of thing ("our first Monday lesson is May 5", "the Christmas party
    # on December 8th"), the time of a call ("the clinic rang this morning and moved it to the 2nd"), or the year a
    # thing is from ("the boiler is from 1998. It broke on Sunday") dates the entry only where no other date does;
    # what one was told of keeps its own ("wanted to tell her about the event last week")
    kinds = frozenset(id(m) for m in result.mentions if _kind_modifier(doc, m))
    ranked = sorted(
        (m for m in result.mentions if id(m) not in foreign),
        key=lambda m: (id(m) in replaced, id(m) in appended, dates_the_news(doc, m, CALL_LEMMAS), id(m) in kinds,
                       dates_a_thing(doc, m)),
    )
    # a date taken back dates nothing, even alone: "2026 I mean, not this year" is not of this year
    result.event = _the_date_of(lowered, [m for m in ranked if id(m) not in replaced], session_time, kinds)
    result.dates = _dates_of_sentences(result.text, [m for m in ranked if id(m) not in replaced], session_time, kinds)
    result.provenance = provenance(doc, ranges, moods)
    result.scope = classify_scope(doc, ranges)
    result.unresolved_deixis = unresolved_deixis(result.text)
    result.people = _with_referent(_people(doc, ranges), doc, joined, perspective.third if perspective.third_named else None)
    result.fragment = len(result.text.split()) <= FRAGMENT_MAX_WORDS or not any(
        doc.tokens[k].pos in ("VERB", "AUX") for lo, hi in ranges for k in range(lo, hi)
    )
    return result
