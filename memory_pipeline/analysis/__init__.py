"""One parse-based reading of each memory, shared by the link and consolidation rules.

A :class:`Reading` says what state slots the memory sets, what event it is about (content lemmas), and which
cues it carries: a plan, a report of something done, a cancellation, a denial, a correction, a negation.
Readings are computed once per memory frame (:func:`read_memories`): from the parse a memory carries where it
has one (:func:`stored_docs`: the turn's words it keeps, as extraction parsed them), else by parsing its text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import polars as pl

from memory_pipeline.analysis.cues import (
    Cue,
    Event,
    came_about,
    headline_passives,
    cancel_cues,
    cue_event,
    clause_count,
    clause_words,
    late_clauses,
    content_lemmas,
    correction_cue,
    correction_event,
    denial_cue,
    event_of,
    given_names,
    judged_afterwards,
    judged_owners,
    places_gone_to,
    present_subjects,
    is_future,
    is_report,
    negated_heads,
    named_kinds,
    negated_lemmas,
    planned_clause,
    arrangement_event,
    offers_made,
    rejections,
    report_events,
    says_here,
    started_events,
    Replacement,
    replacement,
)
from memory_pipeline.analysis.clauses import parent, subject_of, subject_token, subtree
from memory_pipeline.analysis.slots import (
    MEASURE_ALIASES, MEASURE_NOUNS, SELF, UNRESOLVED_SUBJECTS, SlotValue, read_slots, speaker_names,
)
from memory_pipeline.extraction.temporal import TemporalMention, TemporalResolver, replaced_dates
from memory_pipeline.parsing import ParsedDoc, Parser
from memory_pipeline.parsing.words import concat_docs, doc_from_record, slice_doc

FUTURE_SLOTS = frozenset({"appointment", "schedule"})
# Finds the date expressions of a memory (finding needs no model; the links resolve them at the memory's session).
_TIMES = TemporalResolver()

@dataclass(frozen=True)
class Reading:
    """What the rules know about one memory's text."""

    memory_id: str
    slots: tuple[SlotValue, ...]
    clauses: int
    words: frozenset[str]  # content lemmas: what the memory is about
    nouns: frozenset[str]  # the noun and name lemmas among them
    future: bool
    report: bool
    negated: bool
    negated_words: frozenset[str] = frozenset()  # lemmas of what is negated (a copula's complement for "be")
    cancel: Cue | None = None
    denial: Cue | None = None
    correction: Cue | None = None
    plan: Event = Event()  # the event of the speaker's own plan, empty when the memory states none
    plans_to_call_off: bool = False  # the plan is to call something off: cancel a membership, give up coffee
    plans_to_start: bool = False  # the plan is to start something that goes on: "I start hydrotherapy next week"
    arranged: Event = Event()  # a sign-up or a present progressive of the speaker: a plan when its date lies ahead
    reports: tuple[Event, ...] = ()  # events reported as done
    # the things told as come about, each with the word that tells it ("my passport arrived": (passport, arrive))
    came_about: frozenset[tuple[str, str]] = frozenset()
    # chat's passives without their "be" ("train tickets booked!"), each (thing, verb, the words naming the thing)
    headlines: frozenset[tuple[str, str, frozenset[str]]] = frozenset()
    offers: tuple[Event, ...] = ()  # offers made to the speaker ("Lumen offered me the job"), with who made them
    rejections: tuple[Event, ...] = ()  # the speaker turned down ("they went with someone else"), with who said no
    cancelled: Event = Event()  # the clauses its cancellation cues are in
    # the person named as the subject of the first cancellation cue ("Alex can't come to Tokyo anymore"), lower case
    cancelled_by: str = ""
    # the people named as going along ("I'm going to Tokyo with Alex"), lower case
    companions: frozenset[str] = frozenset()
    denied: Event = Event()  # the clause a denial governs
    corrected: Event = Event()  # the clause a correction cue is in ("the hike got postponed to next weekend")
    replaced_times: tuple[str, ...] = ()  # the dates it names as no longer holding ("not the 8th"), unresolved
    dated: Event = Event()  # the clauses its date expressions are in: what its dates are the dates of
    # the date expressions said in the correction's sentence or after it: the dates a correction can give
    correction_times: tuple[str, ...] = ()
    question: bool = False  # every sentence of it asks ("And the cake?"): it asserts nothing
    kinds: frozenset[tuple[str, str]] = frozenset()  # the kinds it sets before arranged events' nouns (("blood", "test"))
    here: bool = False  # it says "here" of where its speaker is ("I've been here three weeks")
    named: frozenset[str] = frozenset()  # the names it gives what it introduces ("a greyhound called Pip": pip)
    judged: frozenset[str] = frozenset()  # what it says was good or bad, in the past ("Lisbon was amazing": lisbon)
    judged_owners: frozenset[str] = frozenset()  # the names owning what it judged ("Rachel's wedding was lovely": rachel)
    gone_to: frozenset[str] = frozenset()  # the places it says someone goes to ("going to Lisbon in May": lisbon)
    present: frozenset[str] = frozenset()  # the subjects of its verbs in the present ("Pip is settling in": pip)
    swapped: Replacement = Replacement()  # what it says was swapped for what ("Lisbon instead of Porto")
    # the content lemmas of each clause that states a fact ("windows replaced, fitters coming on 16 March")
    clause_words: tuple[frozenset[str], ...] = ()
    # for each of those clauses, whether it only says a plan is late ("the part is delayed")
    late_clauses: tuple[bool, ...] = ()

    @property
    def single_fact(self) -> bool:
        """One clause, and no list of medicines in it: hiding this memory loses nothing but the fact it states.
        "I take metformin 500mg and ramipril 5mg" is one clause, but a later metformin dose is no news of ramipril.
        (A list: one medicine's span reaches over another's name; "can I take ibuprofen with it?" beside "I'm on
        sertraline" is a question, which the clause count leaves out.) So is a list of sums said with no verb
        ("mortgage £1,320, childcare £980, council tax £186"): a new council tax is no news of the mortgage."""
        medicines = [s for s in self.slots if s.slot == "medication"]
        listed = any(
            other.scope != s.scope and re.search(rf"\b{re.escape(other.scope)}\b", s.anchor.lower())
            for s in medicines for other in medicines
        )
        measures = {s.scope for s in self.slots if s.slot == "quantity"}
        return self.clauses <= 1 and not listed and len(measures) <= 1

    @property
    def state_slots(self) -> tuple[SlotValue, ...]:
        """The slots that state what is so now: a plan to move is not a residence (a slot whose own clause looks
        ahead), but an appointment or a schedule is about the future by nature."""
        return tuple(s for s in self.slots if not s.future or s.slot in FUTURE_SLOTS)

    def slot(self, key: tuple[str, str, str, str]) -> SlotValue | None:
        """The state slot with ``key``; a key with no scope, as a recovery from something unnamed has ("my mum is
        fully recovered"), finds the subject's slot of any scope. A slot of a bare pronoun matches none
        (:attr:`SlotValue.matchable`)."""
        if key[1] in UNRESOLVED_SUBJECTS:
            return None
        found = next((s for s in self.state_slots if s.key == key), None)
        # a class teacher is no piano teacher: "Ollie's teacher is Mrs Patel" leaves "his piano teacher" alone
        if found is None and not key[3] and key[2] not in SCOPES_APART:
            found = next((s for s in self.state_slots if s.key[:3] == key[:3]), None)
        return found


# Slots whose scope names another one of its own, never a part of the unscoped: a child's class teacher beside
# their piano teacher
SCOPES_APART = frozenset({"teacher"})


def measured_words(slots: tuple[SlotValue, ...]) -> frozenset[str]:
    """The words for what the memory's quantity measures, with the words that name the same measure ("salary":
    also pay, wage; "rent": also the verb "rent"); none when there are two measures or two people's ("Kim's salary
    is £32,000. Her husband's salary is £48,000", "my resting heart rate is 58 and my max is 190" are two facts)."""
    quantities = [s for s in slots if s.slot == "quantity"]
    if len({(s.subject, s.scope) for s in quantities}) > 1:
        return frozenset()  # two measures ("my rent is £900 and my salary is £30k") are two facts
    scopes = {word for s in quantities for word in s.scope.split() if word in MEASURE_NOUNS}
    return frozenset(scopes | {alias for alias, measure in MEASURE_ALIASES.items() if measure in scopes})


def _asked(doc: ParsedDoc, i: int) -> bool:
    """Token ``i`` is in a clause that asks: its sentence ends in a question mark with no comma or semicolon
    between ("so the flat's off?"); "we've called off the wedding, can you believe it?" tells and then asks."""
    _, end = doc.sentences[doc.tokens[i].sent]
    mark = next((t.i for t in doc.tokens[i:end] if t.text == "?"), None)
    return mark is not None and not any(t.text in (",", ";", ":") for t in doc.tokens[i:mark])


def read_doc(memory_id: str, doc: ParsedDoc, speaker: str | None) -> Reading:
    names = speaker_names(speaker)
    words, nouns = content_lemmas(doc, names)
    planned, plan = planned_clause(doc, names)
    # a cue inside the plan's own clause is what the speaker plans to do ("I'm going to cancel my membership")
    cues = list(cancel_cues(doc))
    own = [cue for cue in cues if cue.at in planned]
    # the first said is the news, what follows its reason: "we're not moving after all, the flat fell through"
    # and a cue in a question calls nothing off ("so the flat's off?")
    cancels = sorted((cue for cue in cues if cue.at not in planned and not _asked(doc, cue.at)), key=lambda cue: cue.at)
    cancel, denial, correction = (cancels[0] if cancels else None), denial_cue(doc), correction_cue(doc)
    # the date expressions, found once: what is replaced, what each dates, what a correction says
    times = _TIMES.find(doc)
    replaced = replaced_times(doc, times)
    if correction is None and replaced:
        # naming the date a thing no longer holds on corrects it ("I'm back on the 15th of April now, not the 8th")
        at, span, _ = replaced[0]
        correction = Cue("correction", span, at)
    arranged = arrangement_event(doc, names)
    # the plan's own clause (or, without one, what it arranged) is that of a verb of starting
    planned_words = plan.words or arranged.words
    starts = bool(planned_words) and any(event.words == planned_words for event in started_events(doc, names))
    slots = read_slots(doc, speaker)
    return Reading(
        memory_id=memory_id,
        slots=slots,
        clauses=clause_count(doc, measured_words(slots), names),
        words=words,
        nouns=nouns,
        future=is_future(doc),
        report=is_report(doc),
        negated=bool(negated_heads(doc)),
        negated_words=negated_lemmas(doc),
        cancel=cancel,
        denial=denial,
        correction=correction,
        plan=plan,
        plans_to_call_off=bool(own),
        plans_to_start=starts,
        arranged=arranged,
        reports=report_events(doc, names, moved=correction),
        came_about=came_about(doc),
        headlines=headline_passives(doc),
        offers=offers_made(doc, names),
        rejections=rejections(doc, names),
        cancelled=called_off_event(doc, cancels, names),
        cancelled_by=_named_subject(doc, cancels[0].at, names) if cancels else "",
        companions=companions(doc),
        denied=cue_event(doc, denial.at, names) if denial else Event(),
        corrected=correction_event(doc, correction.at, names) if correction else Event(),
        replaced_times=tuple(text for _, _, text in replaced),
        dated=dated_event(doc, names, times),
        correction_times=times_from_sentence_of(doc, correction.at, times) if correction else (),
        question=only_questions(doc),
        kinds=named_kinds(doc, range(len(doc.tokens)), names),
        here=says_here(doc),
        named=given_names(doc),
        judged=judged_afterwards(doc),
        judged_owners=judged_owners(doc),
        gone_to=places_gone_to(doc),
        present=present_subjects(doc),
        swapped=replacement(doc, names),
        clause_words=clause_words(doc, names),
        late_clauses=late_clauses(doc),
    )


def times_from_sentence_of(doc: ParsedDoc, at: int, times: Sequence[tuple[int, int]]) -> tuple[str, ...]:
    """The date expressions of ``doc`` (``times``, character spans) from the start of token ``at``'s sentence on. A correction gives its event
    the dates it says, or goes on to say, never one told in a sentence before it ("She lived there for two years.
    She might come with me, actually")."""
    sentence = doc.tokens[at].sent
    start = min(t.idx for t in doc.tokens if t.sent == sentence)
    return tuple(doc.text[lo:hi] for lo, hi in times if lo >= start)


def only_questions(doc: ParsedDoc) -> bool:
    """Every sentence of ``doc`` ends in a question mark: the memory asks and states nothing. The parse an entry
    carries has its words only, so the mark is looked for in the text after each sentence's last token too."""
    if not doc.sentences:
        return False
    starts = [doc.tokens[start].idx for start, _ in doc.sentences[1:]] + [len(doc.text)]
    for (start, end), following in zip(doc.sentences, starts, strict=True):
        words = [t for t in doc.tokens[start:end] if t.text.strip()]
        if not words or ("?" not in words[-1].text and "?" not in doc.text[words[-1].end : following]):
            return False
    return True


def replaced_times(doc: ParsedDoc, times: Sequence[tuple[int, int]]) -> list[tuple[int, str, str]]:
    """The date expressions (``times``, character spans) ``doc`` names as replaced (:func:`~memory_pipeline.extraction.temporal.replaced_dates`),
    each as the index of the word before it, the text from that word on ("not the 8th") and its own ("the 8th")."""
    mentions = [TemporalMention(doc.text[start:end], start, end) for start, end in times]
    out = []
    for mention in replaced_dates(doc, mentions):
        at = next((t.i for t in doc.tokens if t.idx >= mention.char_start), 0)
        if at > 0:
            before = doc.tokens[at - 1]
            out.append((at - 1, doc.text[before.idx : mention.char_end], mention.text))
    return out


# Dependents that open a clause of their own: a date in the main clause is not the date of what they say.
OWN_CLAUSE_LABELS = ("ccomp", "advcl", "conj", "parataxis", "relcl")


def dated_event(doc: ParsedDoc, names: frozenset[str], times: Sequence[tuple[int, int]]) -> Event:
    """What the memory's dates are the dates of: for each date expression (``times``), the clause of the predicate above it,
    its subject included ("the wedding is on the 14th" -> wedding) and clauses of their own left out ("Priya asked
    for next Saturday off, her sister's getting married": the Saturday is the day off, not the wedding's)."""
    events = []
    for start, _ in times:
        k = next((t.i for t in doc.tokens if t.idx >= start), None)
        if k is None:
            continue
        head, seen = k, {k}
        while doc.tokens[head].pos not in ("VERB", "AUX") and (up := parent(doc, head)) is not None and up[0] not in seen:
            head = up[0]
            seen.add(head)
        events.append(event_of(doc, subtree(doc, head, skip=OWN_CLAUSE_LABELS), names))
    return Event.joined(events)


def _named_subject(doc: ParsedDoc, predicate: int, names: frozenset[str]) -> str:
    """The person named as the subject of ``predicate`` ("Alex can't come"), lower case; "" for the speaker, a
    pronoun or a thing."""
    subject = subject_token(doc, predicate)
    if subject is None or doc.tokens[subject].pos != "PROPN" or subject_of(doc, predicate, names) == SELF:
        return ""
    return doc.tokens[subject].lower


def companions(doc: ParsedDoc) -> frozenset[str]:
    """The people a plan names as going along: a name after "with" ("going to Tokyo in September with Alex")."""
    return frozenset(
        doc.tokens[arc.dep].lower for arc in doc.arcs
        if arc.label == "pobj" and doc.tokens[arc.head].lower == "with" and doc.tokens[arc.dep].pos == "PROPN"
    )


def called_off_event(doc: ParsedDoc, cancels: Sequence[Cue], names: frozenset[str]) -> Event:
    """What the memory calls off: the words of every cancel cue's clause ("Skye didn't happen, we cancelled it":
    the first names the trip, the second only "it")."""
    return Event.joined(cue_event(doc, cue.at, names, cue.word) for cue in cancels)


def read_frame(frame, parser: Parser, docs: Mapping[str, ParsedDoc] | None = None) -> dict[str, Reading]:
    """A reading of every memory of a memory frame (:mod:`memory_pipeline.memory_frame`); ``docs`` are parses
    the memories already carry (:func:`stored_docs`)."""
    return read_memories(
        frame["memory_id"].to_list(), frame["text"].to_list(), frame["speaker"].to_list(), parser, docs
    )


def read_memories(
    memory_ids: Sequence[str],
    texts: Sequence[str],
    speakers: Sequence[str | None],
    parser: Parser,
    docs: Mapping[str, ParsedDoc] | None = None,
) -> dict[str, Reading]:
    """A reading of every memory: from its parse in ``docs`` when it has one, else from one batched parse of the
    distinct texts of the others."""
    docs = docs or {}
    texts = [text or "" for text in texts]
    distinct = list(dict.fromkeys(text for memory_id, text in zip(memory_ids, texts, strict=True) if memory_id not in docs))
    parsed = dict(zip(distinct, parser.parse_batch(distinct), strict=True)) if distinct else {}
    return {
        memory_id: read_doc(memory_id, docs[memory_id] if memory_id in docs else parsed[text], speaker)
        for memory_id, text, speaker in zip(memory_ids, texts, speakers, strict=True)
    }


def stored_docs(entries: pl.DataFrame | None, units: pl.DataFrame | None = None) -> dict[str, ParsedDoc]:
    """The parse each memory carries: an entry's ``parse`` (cut from its turn's parse by extraction), a unit's
    made of the entry sentences its ``entry_spans`` name. A memory without one (a unit a model wrote, a lake
    written before parses were stored) is left out, and so is one whose parse does not spell its text."""
    docs: dict[str, ParsedDoc] = {}
    if entries is not None and "parse" in entries.columns:
        for memory_id, text, record in entries.select("memory_id", "text", "parse").iter_rows():
            if record is not None:
                _keep_if_spelled(docs, memory_id, doc_from_record(record, text or ""), text)
    if units is not None and "entry_spans" in units.columns:
        text_column = "content_text" if "content_text" in units.columns else "text"
        for memory_id, text, spans in units.select("memory_id", text_column, "entry_spans").iter_rows():
            if spans and all(span["memory_id"] in docs for span in spans):
                parts = [slice_doc(docs[span["memory_id"]], span["start"], span["end"]) for span in spans]
                _keep_if_spelled(docs, memory_id, concat_docs(parts), text)
    return docs


def _keep_if_spelled(docs: dict[str, ParsedDoc], memory_id: str, doc: ParsedDoc, text: str | None) -> None:
    """Keep ``doc`` for the memory when it has words and they occur in ``text`` in order (case aside). This
    catches a text replaced since its parse was stored, not every edit of it; no stage edits a memory's text."""
    if not doc.tokens:
        return
    lowered, cursor = (text or "").lower(), 0
    for token in doc.tokens:
        found = lowered.find(token.text.lower(), cursor)
        if found < 0:
            return
        cursor = found + len(token.text)
    docs[memory_id] = doc


__all__ = ["SELF", "Cue", "Event", "Reading", "SlotValue", "read_doc", "read_frame", "read_memories", "stored_docs"]
