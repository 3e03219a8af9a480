"""The non-generative unit builder (the default): a segment's memory entries grouped into units.

Walking the segment turn by turn, what one speaker says about one subject becomes one unit: a statement opens a
unit of its speaker, and the speaker's next statement continues it when it answers a follow-up question about it,
when it shares a content word with it, or, when the other side only reacted in between, when it adds a few words
at most or leans on what came before ("It was ..."); a unit stops growing at
``max_unit_words``, at a statement about another participant after the speaker's own matters (or back), and at a
statement dated at a time that does not overlap the unit's dated events (one time anchor per unit). A question becomes evidence of the unit that answers it (its words are kept when the answer
alone would say nothing, "Yes, two of them"). Greetings, thanks, fillers and bare reactions ("Caroline is so brave")
make no unit. A question left unanswered at the end of the segment makes the unit it asks about partial, or is
itself carried as a partial unit, so that the next segment can complete it (seed 002, carryover).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from memory_pipeline.units import cues
from memory_pipeline.units.builders import BuilderResources, BuildOutcome
from memory_pipeline.config import UnitsConfig
from memory_pipeline.units.affect import OPENERS
from memory_pipeline.units.describe import Describer, disjoint, expression_interval
from memory_pipeline.units.records import EntrySpan, EntryView, OpenQuestion, Piece, SegmentView, TurnView, UnitDraft

COURTESY_WORDS = frozenset(
    {"support", "help", "words", "kindness", "encouragement", "backing", "ton", "mean", "means", "meant", "work", "luck",
     "deserved", "earned", "played", "said"}
)

# "He"/"she"/"they" doing something, the way news of another person opens ("he dumped her", "she got fired"); with
# "is", "looks" or a verb whose object is "it" or "you" it is as often a compliment ("she's so sweet", "he looks
# great", "he killed it", "they love you"), which stays a reaction
# A feeling about what the other side said or did ("so happy for you", "that's so brave", "it sounds amazing")
REACTING_TO_WHAT_WAS_SAID = re.compile(r"\b(?:you|your|yours|u|ur)\b|^(?:that|this|it|what|how)\b", re.IGNORECASE)
# and, said with no subject, a feeling for someone else's news ("Isla noted: proud of him", "sad to hear", "good
# luck!", "love that")
REACTING_WITH_NO_SUBJECT = re.compile(r"\b(?:luck|to hear|(?:for|of|about) (?:him|her|them)|love (?:that|it))\b", re.IGNORECASE)
# Who may open a sentence of someone else's feeling ("Priya noted: he is gutted")
OTHER_SUBJECTS = frozenset({"he", "she", "they", "we", "i", "there", "everyone", "everybody"})

THIRD_PERSON_OPENING = re.compile(
    r"^(?:he|she|they)\s+(?!(?:is|was|are|were|looks?|seems?|sounds?)\b)(?!\w+\s+(?:it|you|this|that)\b)\w", re.I
)


@dataclass
class RulesBuilder:
    """Builds unit drafts from entries; ``label`` is what the rows' ``builder`` column says."""

    config: UnitsConfig
    describer: Describer
    label: str
    sentiment_lexicon: frozenset[str] = frozenset()  # VADER's words: a sentence of only these is a reaction
    name: str = "rules"

    def build(self, segments: Sequence[SegmentView]) -> BuildOutcome:
        return BuildOutcome({s.segment_id: self.build_segment(s) for s in segments})

    def build_segment(self, segment: SegmentView, label: str | None = None) -> list[UnitDraft]:
        walk = SegmentWalk(segment, self, label or self.label)
        for turn in segment.turns:
            walk.step(turn)
        drafts = walk.finish()
        for draft in drafts:
            draft.fields = self.describer.describe(draft, segment.participants)
        return drafts

    # -- what a sentence is ---------------------------------------------------------------------------------
    def is_filler(self, sentence: str, names: Sequence[str], speaker: str | None = None,
                  participants: Sequence[str] = ()) -> bool:
        """Greetings, thanks and fillers: nothing but conversational glue, names and gratitude. A number is content
        even alone: a race time, a score or a price ("1:57:32!!", "3-1") has no word of three letters. The
        speaker's own feeling is no glue, though its word is ("Isla is so happy for them"); a reaction known by its
        form is, whatever its words ("happy eid!", "the cheek", "deal", "that's decent": :func:`cues.reaction_formula`)."""
        body, verb = cues.strip_attribution(sentence)
        if cues.reaction_formula(body):
            return True
        if self.says_own_feeling(body, verb, speaker, participants):
            return False
        words = cues.content_words(body, names, stemmed=False)
        if not words:
            return not re.search(r"\d", body)
        return bool(cues.COURTESY.search(body)) and words <= (self.sentiment_lexicon | COURTESY_WORDS)

    def is_reaction(self, sentence: str, speaker: str | None, names: Sequence[str], participants: Sequence[str] = ()) -> bool:
        """An evaluation of what someone else said ("Caroline is so brave"): only affective words, and not about
        the speaker themself, nor news of someone outside the talk ("Tom dumped Maya", "Ben got fired", "he cheated on
        me"), which is a fact of that person's life."""
        body, verb = cues.strip_attribution(sentence)
        if speaker and body.startswith(speaker) or self.says_own_feeling(body, verb, speaker, participants):
            return False
        if THIRD_PERSON_OPENING.match(body) or any(
            re.match(rf"{re.escape(name)}\b", body, re.IGNORECASE) for name in names if name and name not in participants
        ):
            return False  # chat writes the name in lower case as often ("tom was so ashamed")
        words = cues.content_words(body, names, stemmed=False)
        return bool(words) and words <= self.sentiment_lexicon and not re.search(r"\d", body)

    def says_own_feeling(self, body: str, verb: str | None, speaker: str | None, participants: Sequence[str]) -> bool:
        """How the speaker feels, told of no one else in the talk: "Honestly Tom is dreading it", "Isla is so happy
        for them", or a feeling said with no subject at all ("Priya noted: excited but terrified", "Jo noted: sad").
        "Melanie is so proud of Caroline", "Caroline noted: that's so brave" and "so happy for you" react to the
        other side."""
        if not speaker:
            return False
        body = OPENERS.sub("", body)
        others = [p for p in participants if p and p != speaker]
        if any(re.search(rf"\b{re.escape(p)}\b", body, re.IGNORECASE) for p in others) or REACTING_TO_WHAT_WAS_SAID.search(body):
            return False
        words = cues.words(body)
        if not words or not any(w.lower() in self.sentiment_lexicon for w in words):
            return False
        if body.startswith(speaker):
            return True
        # with no subject, a word of feeling that is not also one of glue ("Jo noted: sad", not "Jo noted: great!")
        first = words[0].lower()
        return (verb == "noted" and first not in OTHER_SUBJECTS and (first in self.sentiment_lexicon or not words[0][0].isupper())
                and bool(cues.content_words(body, stemmed=False) & self.sentiment_lexicon)
                and not REACTING_WITH_NO_SUBJECT.search(body))


@dataclass
class PendingQuestion:
    question: OpenQuestion
    follows: UnitDraft | None  # the unit it asks about (a follow-up), when it asks about one


@dataclass
class SegmentWalk:
    """The state of one pass over a segment's turns."""

    segment: SegmentView
    builder: RulesBuilder
    label: str
    units: list[UnitDraft] = field(default_factory=list)
    open: dict[str | None, UnitDraft] = field(default_factory=dict)  # speaker -> their current unit
    last_opened: UnitDraft | None = None
    pending: PendingQuestion | None = None
    last_at: dict[int, int] = field(default_factory=dict)  # id(unit) -> position of its last source turn
    names: tuple[str, ...] = ()  # participants and the people the entries name: not content words
    about: dict[int, bool] = field(default_factory=dict)  # id(unit) -> it is about another participant
    moved_on: bool = False  # a question changed the subject ("What about the pool?"): its answer opens a unit

    def __post_init__(self) -> None:
        people = [p for t in self.segment.turns if t.entry is not None for p in t.entry.people]
        self.names = tuple(dict.fromkeys([*self.segment.participants, *people]))

    @property
    def rules(self):
        return self.builder.config.rules

    def step(self, turn: TurnView) -> None:
        if turn.entry is None:
            self.hear(turn)
            return
        names = self.names
        said = [(s, span, cues.is_question(s, turn.speaker)) for s, span in turn.entry.sentences()]
        questions = [(s, span) for s, span, asked in said if asked]
        statements = [
            (s, span)
            for s, span, asked in said
            if not asked
            and not self.builder.is_filler(s, names, turn.speaker, self.segment.participants)
            and not self.builder.is_reaction(s, turn.speaker, names, self.segment.participants)
        ]
        for about_other, run in runs_by_subject(statements, turn.speaker, self.segment.participants):
            for entry, dated_run in runs_by_date(run, turn.entry):
                self.state(turn, dated_run, about_other, entry)
        if questions:
            self.ask(turn, questions, also_stated=bool(statements))

    def hear(self, turn: TurnView) -> None:
        """A turn without an entry makes no unit, but a question asked there (the gate admits few bare questions)
        still moved the talk on: the other side did not only react, so a short answer ("50:58! New PB." to "How did
        the race go?") no longer carries on the speaker's last unit by itself, and a question that changes the
        subject ("What about the pool?") is answered about something else."""
        if self.last_opened is None or self.last_opened.speaker == turn.speaker:
            return
        if any(cues.is_question(s, turn.speaker) for s in cues.sentences(turn.text)):
            self.last_opened = None
            self.moved_on = self.moved_on or bool(cues.TOPIC_CHANGE.search(turn.text))

    def ask(self, turn: TurnView, questions: list[tuple[str, EntrySpan]], also_stated: bool) -> None:
        text = " ".join(s for s, _ in questions)
        self.moved_on = self.moved_on or bool(cues.TOPIC_CHANGE.search(text))
        addressee = self.segment.addressee_of.get(turn.speaker or "")
        follows = self.last_opened
        if also_stated or follows is None or follows.speaker == turn.speaker or cues.TOPIC_CHANGE.search(text):
            follows = None
        question = OpenQuestion(
            turn.turn_id, turn.speaker, addressee, text, tuple(span for _, span in questions),
            None if also_stated else turn.entry,
        )
        self.pending = PendingQuestion(question, follows)

    def state(self, turn: TurnView, statements: list[tuple[str, EntrySpan]], about_other: bool = False,
              entry: EntryView | None = None) -> None:
        speaker = turn.speaker
        piece = Piece(turn.turn_id, speaker, tuple(s for s, _ in statements), entry or turn.entry, turn.session_time,
                      turn.dialogue_time, tuple(span for _, span in statements))
        pending = self.pending if self.pending and self.pending.question.asker != speaker else None
        unit = self.open.get(speaker)
        moved_on, self.moved_on = self.moved_on, False
        if unit is None or moved_on or self.about.get(id(unit)) != about_other or not self.continues(unit, turn, piece, pending):
            unit = UnitDraft(self.segment.conversation_id, self.segment.session_id, [self.segment.segment_id], speaker, self.label)
            self.units.append(unit)
            self.open[speaker] = unit
            self.last_opened = unit
            self.about[id(unit)] = about_other
        if pending is not None and pending.question.addressee in (None, speaker):
            self.answer(unit, pending.question, piece)
            self.pending = None
        unit.add_piece(piece)
        self.last_at[id(unit)] = turn.position

    def answer(self, unit: UnitDraft, question: OpenQuestion, piece: Piece) -> None:
        """The question becomes evidence of the unit that answers it; its words too when the answer is bare."""
        unit.add_evidence(question.turn_id)
        if len(cues.content_words(" ".join(piece.texts), self.names)) <= self.rules.short_answer_words:
            unit.add_piece(Piece(question.turn_id, question.asker, (question.text,), question.entry, piece.session_time,
                                 piece.dialogue_time, question.spans))

    def continues(self, unit: UnitDraft, turn: TurnView, piece: Piece, pending: PendingQuestion | None) -> bool:
        """Does the speaker's statement carry on their current unit (one subject or event)?"""
        if unit.words + sum(len(t.split()) for t in piece.texts) > self.rules.max_unit_words:
            return False
        if turn.position - self.last_at.get(id(unit), turn.position) > self.rules.max_gap_turns:
            return False
        if dated_apart(unit, piece):
            return False  # a second event at another time is another unit: a unit has one time anchor
        if pending is not None and pending.follows is unit:
            return True
        quiet_since = self.last_opened is unit
        # the people and things a statement names are what it is about, so here only the participants' own names
        # are no content words ("Mochi won't eat" goes on about Mochi; "I started reading Dune" is news)
        participants = tuple(self.segment.participants)
        if quiet_since and pending is None and len(cues.content_words(" ".join(piece.texts), participants)) <= self.rules.short_answer_words:
            return True  # the others only reacted, and this adds little of its own ("So excited!")
        # after a reaction too, a statement about something else is another unit: a sick cat, a failed car
        # inspection and a book, told to an assistant that answered each, are three situations
        shared = shares_subject(unit, piece, participants)
        return shared or (quiet_since and cues.opens_continuation(piece.texts[0]))

    def finish(self) -> list[UnitDraft]:
        """The segment's drafts, with the partial ones marked (an unanswered question, a cut-off statement)."""
        if self.pending is not None:
            question, follows = self.pending.question, self.pending.follows
            if follows is not None:
                follows.open_question, follows.partial_reason = question, "open_question"
            else:
                self.units.append(self.question_unit(question))
        for unit in self.units:
            last = unit.pieces[-1].texts[-1] if unit.pieces else ""
            if unit.partial_reason is None and cues.CUT_ENDING.search(last):
                unit.partial_reason = "cut"
        return self.units

    def question_unit(self, question: OpenQuestion) -> UnitDraft:
        """An unanswered question, carried so that an answer in the next segment can complete it."""
        turn = next(t for t in self.segment.turns if t.turn_id == question.turn_id)
        unit = UnitDraft(self.segment.conversation_id, self.segment.session_id, [self.segment.segment_id], question.asker, self.label)
        unit.add_piece(Piece(turn.turn_id, question.asker, (question.text,), turn.entry, turn.session_time,
                             turn.dialogue_time, question.spans))
        unit.open_question, unit.partial_reason = question, "open_question"
        return unit


def runs_by_subject(
    statements: list[tuple[str, EntrySpan]], speaker: str | None, participants: Sequence[str]
) -> list[tuple[bool, list[tuple[str, EntrySpan]]]]:
    """Consecutive statements split where they turn from another participant ("Caroline's song is gorgeous") to the
    speaker's own matters ("Melanie plays clarinet"), or back: two subjects, two units."""
    others = [p for p in participants if p and p != speaker]
    runs: list[tuple[bool, list[tuple[str, EntrySpan]]]] = []
    for statement in statements:
        flag = about_other(statement[0], speaker, others)
        if runs and runs[-1][0] == flag:
            runs[-1][1].append(statement)
        else:
            runs.append((flag, [statement]))
    return runs


def runs_by_date(statements: list[tuple[str, EntrySpan]], entry: EntryView) -> list[tuple[EntryView, list[tuple[str, EntrySpan]]]]:
    """Consecutive statements of one turn split where one says a date apart from the dates said before it ("We went
    to Paris in March. In June we're going to Berlin."): two events, two units, each seeing the entry with its own
    date as the event. A statement with no date of its own goes with the one before ("It's my cousin's wedding")."""
    runs: list[tuple[tuple[str, datetime, datetime] | None, list[tuple[str, EntrySpan]]]] = []
    for statement in statements:
        date = entry.date_of(statement[0]) if len(entry.dates) > 1 else None
        if runs and (date is None or runs[-1][0] is None or not disjoint(date[1:], runs[-1][0][1:])):
            runs[-1] = (runs[-1][0] or date, [*runs[-1][1], statement])
        else:
            runs.append((date, [statement]))
    if len(runs) <= 1:
        return [(entry, statements)]
    return [(entry.dated(date) if date is not None else entry, run) for date, run in runs]


def about_other(sentence: str, speaker: str | None, others: Sequence[str]) -> bool:
    """The sentence names another participant and not its speaker."""
    body, _ = cues.strip_attribution(sentence)
    names = lambda who: any(re.search(rf"\b{re.escape(n)}\b", body) for n in who)  # noqa: E731
    return names(others) and not (speaker and names([speaker]))


def dated_apart(unit: UnitDraft, piece: Piece) -> bool:
    """The piece states an event at a time that does not overlap any dated event of the unit's speaker."""
    new = expression_interval(piece.entry)
    dated = [expression_interval(p.entry) for p in unit.pieces if p.speaker == unit.speaker]
    dated = [d for d in dated if d is not None]
    return bool(dated) and all(disjoint(new, d) for d in dated)


def shares_subject(unit: UnitDraft, piece: Piece, names: Sequence[str]) -> bool:
    """At least one content word (stem) in common, not a time word nor a light one (:data:`cues.LIGHT_WORDS`): the
    statement is about what the unit is about ("four runs a week now" and "sleeping 7 hours most nights now" share
    only when they are said)."""
    seen = cues.subject_words(" ".join(t for p in unit.pieces if p.speaker == unit.speaker for t in p.texts), names)
    return bool(seen & cues.subject_words(" ".join(piece.texts), names))


def rules_builder(config: UnitsConfig, resources: BuilderResources) -> RulesBuilder:
    """Registry factory of the ``rules`` builder."""
    return RulesBuilder(config, resources.describer(config), resources.rules_label, resources.sentiment_words)
