"""Consolidation with the rule-based default on the state-changes conversation: exact statuses, replacement
links, lifecycles and validity intervals; the validator and the status checks; the LLM classifier's answers
through a fake client."""

from __future__ import annotations

from datetime import datetime, timedelta

import polars as pl
import pytest

from memory_pipeline.analysis import read_doc
from memory_pipeline.consolidation import (
    ConsolidationConfig,
    consolidate,
    consolidate_memories,
    load_consolidation_classifier,
    status_checks,
)
from memory_pipeline.consolidation.alignment import exact_duplicates
from memory_pipeline.consolidation.base import ALIGNMENT, DEDUP, RELATION, SUPERSEDE, Proposal
from memory_pipeline.consolidation.status import StatusBook
from memory_pipeline.consolidation.validator import normalise_text, reject_reason
from memory_pipeline.embeddings import embed_memories
from memory_pipeline.links import ClassifierResources
from memory_pipeline.memory_frame import Memory, memories_by_id, memory_frame, memory_vectors
from memory_pipeline.schemas import MEMORY_ENTRIES
from tests.fake_llm import FakeClient, FakeRequest, candidate_number
from tests.state_changes import FIXTURES, build


@pytest.fixture(scope="module")
def built(parser, resolver, embedder):
    return build(parser, resolver, embedder)


S1, S2, S3 = datetime(2024, 1, 10, 19), datetime(2024, 1, 14, 10), datetime(2024, 3, 20, 18)
S4, S5 = datetime(2024, 4, 25, 20), datetime(2024, 6, 10, 12)

# turn -> (status, replaced by, valid from, valid to, lifecycle)
EXPECTED = {
    "S1:2": ("superseded", "S3:2", S1, datetime(2024, 2, 1), None),  # Lisbon, until the move to Berlin (February)
    "S1:4": ("superseded", "S3:3", S1, S3, None),  # nurse at the hospital, until she quit
    "S1:5": ("superseded", "S3:5", S1, S3, None),  # vegetarian -> vegan
    # dentist on Tuesday, corrected to Friday: an appointment ahead is an arrangement, pending when it was moved
    "S1:6": ("superseded", "S2:2", S1, S2, "pending"),
    "S1:8": ("active", None, S1, None, "completed"),  # half marathon: run
    "S1:9": ("active", None, S1, None, "cancelled"),  # camping trip: called off
    "S1:10": ("superseded", "S4:3", S1, datetime(2024, 4, 15), None),  # with Tom, until the breakup last week
    "S1:11": ("active", None, S1, None, None),  # allergic to peanuts: stays current
    "S1:12": ("active", None, S1, None, None),  # her sister's residence is not hers
    "S1:13": ("superseded", "S3:6", S1, S3, None),  # yoga on Mondays -> Thursdays
    "S1:14": ("active", None, S1, None, None),  # a run by the river
    "S2:2": ("active", None, S2, None, None),  # dentist on Friday
    "S2:3": ("dropped", "S1:2", S2, S2, None),  # "still lives in Lisbon": a repeat of the current value
    "S2:4": ("superseded", "S5:3", S2, datetime(2024, 5, 1), None),  # two kids, until the baby in May
    "S2:5": ("active", None, S2, None, "pending"),  # learning Italian: still a plan
    "S2:6": ("active", None, S2, None, "contradicted"),  # moving to Madrid: denied
    "S2:7": ("active", None, S2, None, None),  # another run by the river, in the same words: a separate event
    "S3:2": ("superseded", "S5:2", datetime(2024, 2, 1), datetime(2024, 5, 1), None),  # Berlin, until back in Lisbon
    "S3:3": ("superseded", "S4:4", S3, S4, None),  # no job, until the bakery
    "S3:4": ("active", None, S3, None, None),
    "S3:5": ("active", None, S3, None, None),
    "S3:6": ("active", None, S3, None, None),
    "S3:7": ("active", None, S3, None, None),
    "S4:2": ("active", None, S4, None, None),
    "S4:3": ("active", None, datetime(2024, 4, 15), None, None),
    "S4:4": ("active", None, S4, None, None),
    "S5:2": ("active", None, datetime(2024, 5, 1), None, None),  # a return to Lisbon is a new transition
    "S5:3": ("active", None, datetime(2024, 5, 1), None, None),
    "S5:4": ("active", None, S5, None, None),
}


def test_statuses_replacements_validity_and_lifecycles(built):
    actual = {}
    for ref in EXPECTED:
        row = built.status_of(ref)
        actual[ref] = (row["status"], built.ref_of(row["replaced_by"]), row["valid_from"], row["valid_to"], row["lifecycle_status"])
    assert actual == EXPECTED
    assert built.consolidation.status.height == len(EXPECTED) == built.frame.height


def test_every_hiding_decision_is_recorded_with_its_evidence(built):
    decisions = built.consolidation.decisions
    applied = decisions.filter(pl.col("accepted") & pl.col("action").is_in([DEDUP, SUPERSEDE]))
    texts = dict(zip(built.frame["memory_id"], built.frame["text"], strict=True))
    for row in applied.iter_rows(named=True):
        assert row["basis"] and row["scope"] and row["anchor"]
        assert normalise_text(row["anchor"]) in normalise_text(texts[row["target_id"]])
    hidden = built.consolidation.status.filter(pl.col("status") != "active")
    assert set(hidden["decided_by"].to_list()) <= set(applied["decision_id"].to_list())
    by_pair = {(built.ref_of(r["target_id"]), built.ref_of(r["candidate_id"])): r for r in applied.iter_rows(named=True)}
    assert by_pair[("S2:2", "S1:6")]["basis"] == "event_correction"
    assert by_pair[("S3:2", "S1:2")]["basis"] == "state_change" and by_pair[("S3:2", "S1:2")]["scope"] == "Nora residence"
    assert by_pair[("S2:3", "S1:2")]["action"] == DEDUP and by_pair[("S2:3", "S1:2")]["basis"] == "same_fact"
    assert set(applied["stage"].to_list()) == {ALIGNMENT}  # the rules' relation stage hides nothing here
    assert decisions["decision_id"].n_unique() == decisions.height


def test_decisions_have_the_same_columns_whether_any_were_made(built):
    from memory_pipeline.consolidation.stage import DecisionLog

    # a chunk that decided nothing had written its partitions without the note column: a forget or a re-run in
    # another chunk changed the bytes of partitions it had not touched
    memories = memories_by_id(built.frame)
    none = DecisionLog(memories, built.readings, StatusBook(memories), ConsolidationConfig()).frame()
    assert none.height == 0 and none.schema == built.consolidation.decisions.schema


def test_status_passes_the_checks(built):
    assert status_checks(built.consolidation.status) == {"no_status_cycles": [], "replacements_resolve": []}
    assert built.consolidation.errors == []


def test_a_fresh_parse_of_the_texts_gives_the_statuses_the_stored_parses_give(built, parser):
    """``built`` reads the memories from the parses extraction stored, as the pipeline does; a fresh parse of
    their texts decides the same on the state-changes conversation."""
    again = consolidate_memories(built.frame, built.vectors, parser, lifecycles=built.lifecycles)
    assert again.status.equals(built.consolidation.status)


# --- small stores ---------------------------------------------------------------------------------------------
def tiny(parser, embedder, said: list[tuple]):
    """A memory frame of Ana's statements (turn ref, text, session time, and the day its time expression resolved
    to where one is given), its vectors and readings."""
    rows = [
        {"memory_id": f"m{n}", "conversation_id": "c", "source_turn_id": f"c:{ref}", "speaker": "Ana", "text": text,
         "session_time": when, "event_start": day[0] if day else None, "event_end": day[0] + timedelta(days=1) if day else None,
         "event_time_basis": "expression" if day else "session"}
        for n, (ref, text, when, *day) in enumerate(said)
    ]
    entries = pl.DataFrame(rows).with_columns(
        [pl.lit(None).alias(name) for name in MEMORY_ENTRIES.names if name not in rows[0]]
    )
    entries = pl.from_arrow(entries.select(MEMORY_ENTRIES.names).to_arrow().cast(MEMORY_ENTRIES))
    frame = memory_frame(entries)
    vectors = memory_vectors(frame, embed_memories(entries, embedder))
    return frame, vectors


def test_a_change_without_a_strict_time_order_is_refused(parser, embedder):
    day = datetime(2024, 2, 1, 12)
    frame, vectors = tiny(parser, embedder, [("S1:1", "Ana lives in Lisbon.", day), ("S1:2", "Ana lives in Porto.", day)])
    result = consolidate_memories(frame, vectors, parser)
    assert set(result.status["status"].to_list()) == {"active"}
    refused = result.decisions.filter(~pl.col("accepted"))
    assert refused["reject_reason"].to_list() == ["state_change_without_strict_time_order"]


def test_hiding_a_memory_with_other_facts_is_refused(parser, embedder):
    frame, vectors = tiny(parser, embedder, [
        ("S1:1", "Ana lives in Lisbon and works at the bakery.", datetime(2024, 1, 1)),
        ("S2:1", "Ana moved to Porto.", datetime(2024, 3, 1)),
    ])
    result = consolidate_memories(frame, vectors, parser)
    assert set(result.status["status"].to_list()) == {"active"}
    assert "would_hide_other_facts" in result.decisions["reject_reason"].to_list()


@pytest.mark.parametrize(
    ("old", "hidden"),
    [
        # every clause tells of the plan the correction moves: no other fact to lose
        ("We're having the boiler replaced, a combi boiler, the engineer is coming on 9 March.", True),
        ("The boiler swap has slipped, the part is delayed, the engineer comes on 9 March.", True),
        # guards: a clause of another thing is another fact
        ("We're having the boiler replaced, the engineer is coming on 9 March, and my mum is staying that week.", False),
        ("The engineer is coming on 9 March and Ana starts her new job at the bank.", False),
        # a lateness verb counts only in its sense: a plan said to be late, "pushed back" with its "back"
        ("The boiler swap got pushed back, the engineer is coming on 9 March.", True),
        # guards: moving, pushing or slipping of a person is another fact
        ("The engineer is coming on 9 March and we're moving flat in the summer.", False),
        ("The engineer is coming on 9 March and my brother keeps pushing me to sell the car.", False),
        ("The engineer is coming on 9 March and I slipped on the stairs at work.", False),
    ],
)
def test_a_correction_hides_a_memory_whose_clauses_all_tell_of_the_moved_plan(parser, embedder, old, hidden):
    frame, vectors = tiny(parser, embedder, [
        ("S1:1", old, datetime(2025, 2, 10), datetime(2025, 3, 9)),
        ("S2:1", "The boiler engineer got postponed to 23 March, the part isn't in.", datetime(2025, 3, 2), datetime(2025, 3, 23)),
    ])
    result = consolidate_memories(frame, vectors, parser)
    status = dict(result.status.select("memory_id", "status").iter_rows())
    assert (status["m0"] == "superseded") is hidden, result.decisions.select("action", "reject_reason").rows()


def test_a_verdict_beside_the_changed_fact_does_not_keep_it_current(parser, embedder):
    """"Nights are brutal" beside the sleep it judges is no other fact: the later value replaces the memory. A
    state of a person, or a verdict that names a place, is one, and the memory stays."""
    feb, mar = datetime(2025, 2, 2), datetime(2025, 3, 9)
    assert statuses(parser, embedder, [
        ("S1:1", "Nights are brutal. Ana is sleeping about 5 hours.", feb),
        ("S2:1", "Ana is sleeping about 8 hours now.", mar),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Ana is vegan. Ana is sleeping about 5 hours.", feb),
        ("S2:1", "Ana is sleeping about 8 hours now.", mar),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Berlin is expensive. Ana lives in Kreuzberg.", feb),
        ("S2:1", "Ana moved to Leipzig.", mar),
    ]) == {"m0": "active", "m1": "active"}


def test_a_feeling_or_the_time_so_far_beside_the_changed_fact_does_not_keep_it_current(parser, embedder):
    """Chat tells a state with how it feels or how long it has lasted ("been there about a year", "I love it");
    neither is another fact, so the later state replaces the memory. A feeling about someone named, or a second
    fact the parse hangs on the first ("my sister just had a baby"), keeps it."""
    jan, jun = datetime(2024, 1, 10), datetime(2024, 6, 2)
    assert statuses(parser, embedder, [
        ("S1:1", "I'm a junior developer at Brightline, been there about a year.", jan),
        ("S2:1", "I'm a senior developer at Brightline now.", jun),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I live in Leeds now and I love it.", jan),
        ("S2:1", "I moved to York last week.", jun),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I live in Leeds and I'm worried about my mum.", jan),
        ("S2:1", "I moved to York last week.", jun),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I live in Leeds and my sister just had a baby.", jan),
        ("S2:1", "I moved to York last week.", jun),
    ]) == {"m0": "active", "m1": "active"}


def test_a_reaction_beside_the_changed_value_does_not_keep_it_current(parser, embedder):
    """"Our rent is £1,100 a month and it's killing us": the reaction goes with the old rent, and the later rent
    replaces the memory whole; "which worries my doctor" tells of someone else and keeps it."""
    jan, may = datetime(2024, 1, 9), datetime(2024, 5, 14)
    assert statuses(parser, embedder, [
        ("S1:1", "Our rent is £1,100 a month and it's killing us.", jan),
        ("S2:1", "Our rent is £1,175 a month now.", may),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I weigh 92kg, which worries my doctor.", jan),
        ("S2:1", "I weigh 88kg now.", may),
    ]) == {"m0": "active", "m1": "active"}


def test_a_new_weight_in_stones_and_pounds_replaces_the_old_not_the_other_way(parser, embedder):
    """"13 stone 6" then "13 stone 1": read as 13 both times, the newer weight was dropped as a repeat."""
    jan, mar = datetime(2024, 1, 10), datetime(2024, 3, 12)
    assert statuses(parser, embedder, [
        ("S1:1", "I weigh 13 stone 6.", jan),
        ("S2:1", "I weigh 13 stone 1 now.", mar),
    ]) == {"m0": "superseded", "m1": "active"}


def test_a_new_favourite_replaces_the_old_one_of_its_kind_only(parser, embedder):
    """A new favourite book replaces the old; a favourite band said again, or a favourite of another kind, does not."""
    mar, jun = datetime(2024, 3, 12), datetime(2024, 6, 30)
    assert statuses(parser, embedder, [
        ("S1:1", "My favourite book is The Name of the Wind.", mar),
        ("S2:1", "Lies of Locke Lamora is my favourite book now.", jun),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "My favourite band is Radiohead.", mar),
        ("S2:1", "My favourite show is The Bear.", jun),
    ]) == {"m0": "active", "m1": "active"}


def test_a_pastime_one_does_is_ended_by_stopping_doing_it(parser, embedder):
    """"I do yoga three times a week" had set no pastime ("do" is no activity of its own): stopping it ended nothing."""
    feb, may = datetime(2024, 2, 4), datetime(2024, 5, 19)
    assert statuses(parser, embedder, [
        ("S1:1", "Nia does yoga three times a week.", feb),
        ("S2:1", "Nia stopped doing yoga.", may),
    ]) == {"m0": "superseded", "m1": "active"}


def test_stopping_a_pastime_ends_how_often_it_was_kept_up(parser, embedder):
    """"I quit smoking" is no other value of "I smoke about 10 cigarettes a day", but it ends it; stopping another
    pastime, or someone else stopping this one, does not."""
    jan, feb = datetime(2024, 1, 5), datetime(2024, 2, 20)
    assert statuses(parser, embedder, [
        ("S1:1", "I smoke about 10 cigarettes a day.", jan),
        ("S2:1", "I quit smoking!", feb),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I smoke about 10 cigarettes a day.", jan),
        ("S2:1", "I quit drinking!", feb),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I smoke about 10 cigarettes a day.", jan),
        ("S2:1", "My boyfriend quit smoking!", feb),
    ]) == {"m0": "active", "m1": "active"}
    # drinking stopped is alcohol, not coffee; a stop for a stretch is a pause
    assert statuses(parser, embedder, [
        ("S1:1", "I drink about 4 coffees a day.", jan),
        ("S2:1", "I quit drinking!", feb),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I run 30 miles a week.", jan),
        ("S2:1", "I stopped running for two weeks because of my knee.", feb),
    ]) == {"m0": "active", "m1": "active"}


def test_a_taste_turned_replaces_the_old_one_and_a_taste_said_again_does_not(parser, embedder):
    mar, nov = datetime(2024, 3, 12), datetime(2024, 11, 5)
    assert statuses(parser, embedder, [
        ("S1:1", "I hate mushrooms.", mar),
        ("S2:1", "I actually like mushrooms now.", nov),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I love sushi.", mar),
        ("S2:1", "I love sushi so much.", nov),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I love sushi.", mar),
        ("S2:1", "I hate olives.", nov),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I don't like spicy food.", mar),
        ("S2:1", "I love Italian food.", nov),
    ]) == {"m0": "active", "m1": "active"}


def test_a_new_value_of_one_measure_keeps_a_memory_of_two_measures_current(parser, embedder):
    """"My resting heart rate is 58 and my max heart rate is 190": a new resting rate is no news of the max."""
    jan, mar = datetime(2024, 1, 10), datetime(2024, 3, 12)
    assert statuses(parser, embedder, [
        ("S1:1", "My resting heart rate is 58 and my max heart rate is 190.", jan),
        ("S2:1", "My resting heart rate is 52 now.", mar),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "My rent is £900 and my salary is £30k.", jan),
        ("S2:1", "My rent is £950 now.", mar),
    ]) == {"m0": "active", "m1": "active"}
    # a list of sums with no verb is as many facts as it has measures
    assert statuses(parser, embedder, [
        ("S1:1", "mortgage £1,240 on the 1st, nursery £860, council tax £171", jan),
        ("S2:1", "council tax went up this month, now £179", mar),
    ]) == {"m0": "active", "m1": "active"}


@pytest.mark.parametrize(
    "text, count",
    [
        ("Rafa is a junior developer at Brightline, been there about a year.", 1),
        ("I'm a nurse at St James, I've been there six years.", 1),
        ("The gp put Rafa on sertraline last week. Rafa is feeling a bit weird.", 1),
        ("I live in Bristol and I'm so happy here.", 1),
        ("I moved to Leeds in May, it's been great so far.", 1),
        ("Doc upped my sertraline to 100mg so thats something", 1),  # "thats" without its apostrophe
        ("I'm vegetarian, so please keep that in mind if you suggest recipes", 1),  # a request and a supposition
        ("No, days now thank god. Oh and Chris proposed, we got engaged", 1),
        # a feeling that names whom or what it is about, an amount, a plan: facts of their own
        ("I live in Bristol and I'm worried about my mum.", 2),
        ("I'm vegan now and I'm excited to start at Google.", 2),
        ("The gp upped Rafa's sertraline to 100mg, the 50 wasn't doing much.", 2),
        ("I'm a teacher, I have two kids.", 2),
        ("I'm a nurse and my knee is hurt.", 2),
        # the state said again of someone else
        ("I'm a nurse and so is my mum.", 2),
        ("I work at Aldi and my sister does too.", 2),
        ("I'm a nurse and my mum is so proud.", 1),
        # the parse makes "my sister" a second workplace; the tense of "had" still tells a second clause
        ("I work at Brightline and my sister just had a baby.", 2),
        # how the thing just told weighs on the speaker is no other fact; what it does, or to whom, is
        ("Jay weighs 92kg which isnt helping.", 1),
        ("My rent is £900 and it's driving me mad.", 1),
        ("My rent is £900 and that sucks.", 1),
        ("I weigh 92kg, which worries my doctor.", 2),
        ("My rent is £900 and it pays for the heating too.", 2),
        ("My salary is £30k and it helps with the mortgage.", 2),
        ("My rent is £900 and my sister helps.", 2),
        ("I weigh 95kg and it hurts to walk.", 2),  # a symptom
        ("My rent is £900 and it drives me to work weekends.", 2),
        # who brought the news beside it is its channel, no fact of its own ("X called/texted (me), ...")
        ("The vet phoned, Biscuit can come home tomorrow.", 1),
        ("Tom texted me, he got the job.", 1),
        ("Mum texted to say the party is on Friday.", 1),
        ("the garage rang back, the car is ready.", 1),
        # a call that says when, about what or to whom, or one never made, keeps its fact
        ("Mum called on Sunday, she is moving to Leeds.", 2),
        ("I called the GP, my bloods are fine.", 2),
        ("They never called, the sofa is late.", 2),
        ("The bank called about fraud, my card is blocked.", 2),
        ("I texted Sam, we're meeting on Friday.", 2),
    ],
)
def test_the_clauses_that_tell_a_fact_of_their_own(parser, text, count):
    from memory_pipeline.analysis.cues import clause_count

    assert clause_count(parser.parse(text)) == count


def test_a_state_of_someone_left_a_bare_pronoun_replaces_nothing(parser, embedder):
    """The extractor leaves "she" where it cannot tell who: the sister's "she's 33" and, weeks later, the
    grandmother's "she's 89" are no change of one woman's age. Named, the later age replaces the earlier."""
    jan, feb = datetime(2025, 1, 12), datetime(2025, 2, 20)
    assert statuses(parser, embedder, [("S1:1", "She's 33.", jan), ("S2:1", "She's 89.", feb)]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [("S1:1", "Maya is 33.", jan), ("S2:1", "Maya is 34 now.", feb)]) == {
        "m0": "superseded", "m1": "active"}


def test_a_new_dose_of_one_medicine_of_a_list_keeps_the_list_current(parser, embedder):
    """"I take metformin 500mg and ramipril 5mg" is one clause; a later metformin dose replacing the memory had
    dropped ramipril from what is current."""
    assert statuses(parser, embedder, [
        ("S1:1", "I take metformin 500mg and ramipril 5mg.", datetime(2025, 1, 6)),
        ("S2:1", "The doctor increased my metformin to 1000mg.", datetime(2025, 3, 3)),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I take metformin 500mg.", datetime(2025, 1, 6)),
        ("S2:1", "The doctor increased my metformin to 1000mg.", datetime(2025, 3, 3)),
    ]) == {"m0": "superseded", "m1": "active"}


def test_the_report_that_a_plan_happened_is_no_copy_of_the_plan(parser, embedder):
    """"Got the prescription on 2 December, that's sorted" after "an appointment on 2 December for the
    prescription" is one episode, but the report is the news: it stays, the plan's lifecycle records it."""
    result = statuses(parser, embedder, [
        ("S3:5", "Lena has an appointment at the health centre on 2 December for the prescription.", datetime(2025, 11, 20)),
        ("S4:1", "Quick update on the health centre: Lena got the prescription on 2 December. That's sorted.", datetime(2025, 12, 3)),
    ])
    assert result == {"m0": "active", "m1": "active"}


def test_a_new_date_for_a_wedding_replaces_the_old_one(parser, embedder):
    assert statuses(parser, embedder, [
        ("S1:1", "Our wedding is on August 23rd in Porto.", datetime(2025, 3, 2)),
        ("S2:1", "Our wedding is now on July 12th.", datetime(2025, 4, 6)),
    ]) == {"m0": "superseded", "m1": "active"}


def test_an_appointment_moved_to_the_same_day_of_another_month_is_moved_not_repeated(parser, embedder):
    """The slot's value is the day its memory resolved to: "the 8th of June" and "the 8th of October" were one
    value ("8th"), and the move had been proposed as a copy of the plan."""
    assert statuses(parser, embedder, [
        ("S1:1", "The wedding is on the 8th of June.", datetime(2024, 2, 20), datetime(2024, 6, 8)),
        ("S2:1", "The wedding is on the 8th of October now.", datetime(2024, 3, 9), datetime(2024, 10, 8)),
    ]) == {"m0": "superseded", "m1": "active"}
    # the same day said again is a repeat
    assert statuses(parser, embedder, [
        ("S1:1", "The wedding is on the 8th of June.", datetime(2024, 2, 20), datetime(2024, 6, 8)),
        ("S2:1", "The wedding is on the 8th of June.", datetime(2024, 3, 9), datetime(2024, 6, 8)),
    ])["m1"] != "active"


def test_another_hour_of_the_same_day_is_a_change_not_a_repeat(parser, embedder):
    # the day alone had made "4pm on Friday, not 3" a repeat of "3pm on Friday", and dropped it
    result = statuses(parser, embedder, [
        ("S1:1", "My dentist appointment is at 3pm on Friday.", datetime(2024, 4, 1, 9), datetime(2024, 4, 5)),
        ("S1:3", "Sorry, the dentist appointment is at 4pm on Friday, not 3.", datetime(2024, 4, 1, 10), datetime(2024, 4, 5)),
    ])
    assert result["m1"] == "active"


def test_an_appointment_named_briefly_is_the_one_known_appointment(parser, embedder):
    """"The dentist moved my appointment" changes "a dentist appointment on Thursday" (the only appointment);
    with two appointments known, "my appointment" is neither."""
    said = [("S1:1", "Ana has a dentist appointment on Thursday.", datetime(2024, 6, 3, 9)),
            ("S2:1", "The dentist moved Ana's appointment to Monday.", datetime(2024, 6, 5, 9))]
    frame, vectors = tiny(parser, embedder, said)
    status = dict(consolidate_memories(frame, vectors, parser).status.select("memory_id", "status").iter_rows())
    assert status == {"m0": "superseded", "m1": "active"}
    frame, vectors = tiny(parser, embedder, [said[0], ("S1:2", "Ana has a doctor appointment on Friday.", datetime(2024, 6, 3, 10)), said[1]])
    status = dict(consolidate_memories(frame, vectors, parser).status.select("memory_id", "status").iter_rows())
    assert status == {"m0": "active", "m1": "active", "m2": "active"}


def statuses(parser, embedder, said) -> dict[str, str]:
    frame, vectors = tiny(parser, embedder, said)
    return dict(consolidate_memories(frame, vectors, parser).status.select("memory_id", "status").iter_rows())


def test_a_quantity_said_again_later_replaces_the_earlier_value(parser, embedder):
    """How often, how long or how much of one measured thing, said with another value in a later session: the
    later value is current, a return to the first value too; a new record replaces the one before."""
    assert statuses(parser, embedder, [
        ("S1:1", "Ana runs three times a week.", datetime(2025, 2, 2)),
        ("S2:1", "It's four runs a week now.", datetime(2025, 3, 9)),
        ("S3:1", "Ana is running three times a week again.", datetime(2025, 5, 25)),
    ]) == {"m0": "superseded", "m1": "superseded", "m2": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Ana is sleeping about 6 hours.", datetime(2025, 2, 2)),
        ("S2:1", "Ana is sleeping about 7 and a half hours most nights now.", datetime(2025, 3, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Ana's 10k PB is 52:40.", datetime(2025, 2, 2)),
        ("S2:1", "New 10k PB!", datetime(2025, 4, 13)),
        ("S3:1", "New 10k PB!", datetime(2025, 6, 1)),
    ]) == {"m0": "superseded", "m1": "superseded", "m2": "active"}
    # a record said with its event as an adverb's head, and one set "at" the event: one record; a lift too
    assert statuses(parser, embedder, [
        ("S1:1", "My parkrun best is 27:10.", datetime(2025, 2, 2)),
        ("S2:1", "26:48 at parkrun, new PB!", datetime(2025, 4, 13)),
        ("S2:2", "My 10k best is 55:20.", datetime(2025, 4, 13)),
    ]) == {"m0": "superseded", "m1": "active", "m2": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "My squat is 80kg.", datetime(2025, 2, 2)),
        ("S1:2", "My deadlift is 110kg.", datetime(2025, 2, 2)),
        ("S2:1", "My squat is up to 105 now.", datetime(2025, 4, 13)),
    ]) == {"m0": "superseded", "m1": "active", "m2": "active"}
    # a dog's weight is its own: the owner's stays current beside it
    assert statuses(parser, embedder, [
        ("S1:1", "Bruno is 27kg.", datetime(2025, 2, 2)),
        ("S1:2", "Ana is 64kg.", datetime(2025, 2, 2)),
        ("S2:1", "Bruno is down to 25.5 kg now.", datetime(2025, 4, 13)),
    ]) == {"m0": "superseded", "m1": "active", "m2": "active"}
    # the new sum said of "it", after the thing it is of
    assert statuses(parser, embedder, [
        ("S1:1", "The rent is £1,350 a month.", datetime(2025, 1, 13)),
        ("S2:1", "The landlord knocked £50 off the rent, so it's £1,300 a month now.", datetime(2025, 2, 20)),
    ]) == {"m0": "superseded", "m1": "active"}
    # a bill listed with its sum and no verb, then said to have changed; pay said "take home", then "net"
    assert statuses(parser, embedder, [
        ("S1:1", "council tax £158 on the 1st", datetime(2025, 1, 13)),
        ("S2:1", "Council tax went up in April, now £171.", datetime(2025, 5, 2)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "My direct debit is £95.", datetime(2025, 1, 13)),
        ("S2:1", "Octopus put my direct debit up to £130.", datetime(2025, 5, 2)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I take home £1,850 a month.", datetime(2025, 1, 13)),
        ("S2:1", "I get £2,050 net now.", datetime(2025, 5, 2)),
    ]) == {"m0": "superseded", "m1": "active"}


def test_a_quantity_replaces_only_the_same_measure_of_the_same_subject_in_a_later_session(parser, embedder):
    """Another subject, another measured thing, an amount done once, or a second value in the same session: no
    supersession."""
    feb, mar = datetime(2025, 2, 2), datetime(2025, 3, 9)
    assert statuses(parser, embedder, [
        ("S1:1", "Ana runs three times a week.", feb),
        ("S2:1", "Ana's sister runs four times a week.", mar),  # another subject
        ("S2:2", "Ana swims twice a week.", mar),  # another activity
        ("S2:3", "Ana ran 10k on Sunday.", mar),  # an event, no rate
        ("S2:4", "Ana's 5k PB is 24:10.", mar),  # another record
    ]) == {"m0": "active", "m1": "active", "m2": "active", "m3": "active", "m4": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Ana's 10k PB is 52:40.", feb),
        ("S2:1", "Ana's 5k PB is 24:10.", mar),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "food about £600 a month", feb),
        ("S2:1", "Nursery is £480 now.", mar),  # another bill
        ("S2:2", "The broadband will be £41.50 from April.", mar),  # a sum to come
    ]) == {"m0": "active", "m1": "active", "m2": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Ana is sleeping about 6 hours.", feb),
        ("S1:2", "Ana is sleeping about 7 hours.", feb),  # the same session: no strict order
    ]) == {"m0": "active", "m1": "active"}


def test_a_diet_said_to_have_ended_ends_the_memory_of_keeping_it(parser, embedder):
    """"The vegetarian thing lasted till May" ends "I've gone mostly vegetarian"; another person's spell, or a
    dish that lasted, does not."""
    feb, jul = datetime(2025, 3, 9), datetime(2025, 7, 6)
    vegetarian = ("S2:9", "Also I've gone mostly vegetarian since mid-February, my flatmate got me into it.", feb)
    assert statuses(parser, embedder, [vegetarian, ("S5:13", "The vegetarian thing lasted till May.", jul)]) == {
        "m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        vegetarian,
        ("S5:1", "My sister's vegetarian phase ended in May.", jul),
        ("S5:2", "The vegetarian lasagna lasted till Monday.", jul),
    ]) == {"m0": "active", "m1": "active", "m2": "active"}


def test_a_course_finished_or_dropped_ends_the_course_under_way(parser, embedder):
    """"I graduated" shares no word with "a PhD in chemistry", yet ends it; a sister's graduation and a masters
    begun beside a graduation do not."""
    phd = ("S1:1", "I'm doing a PhD in chemistry at Leeds.", datetime(2024, 2, 4))
    assert statuses(parser, embedder, [phd, ("S2:1", "I graduated in July!", datetime(2025, 8, 3))]) == {
        "m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I started my nursing degree in September.", datetime(2024, 10, 6)),
        ("S2:1", "Honestly I dropped out of uni, it wasn't for me.", datetime(2025, 3, 2)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        phd,
        ("S2:1", "My sister graduated yesterday.", datetime(2025, 8, 3)),
        ("S2:2", "I did my masters at York years ago.", datetime(2025, 8, 3)),
    ]) == {"m0": "active", "m1": "active", "m2": "active"}


def test_sums_said_in_other_words_are_one_measure_and_bills_of_two_kinds_two(parser, embedder):
    """"32 grand" and "£35,000" are two values of one salary; a gas bill is no new electric bill, and a weight in
    stones and pounds is no age."""
    jan, mar = datetime(2024, 1, 10), datetime(2024, 3, 12)
    assert statuses(parser, embedder, [
        ("S1:1", "My salary is 32 grand.", jan), ("S2:1", "I make £35,000 a year now.", mar),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "My electric bill is 140 quid a month.", jan),
        ("S1:2", "I'm 32.", jan),
        ("S2:1", "My gas bill is 50 quid a month.", mar),
        ("S2:2", "I'm 13st 10 now.", mar),
    ]) == {"m0": "active", "m1": "active", "m2": "active", "m3": "active"}


def test_clauses_of_the_same_measure_are_one_fact_a_later_value_replaces(parser, embedder):
    """"I got a pay rise! My salary is now £35,500" tells one fact, the new salary: a later salary replaces it whole.
    A clause of something else beside the measure ("the landlord is a nightmare") keeps the older memory current."""
    apr, jul = datetime(2024, 4, 22), datetime(2024, 7, 30)
    assert statuses(parser, embedder, [
        ("S2:1", "Good news: I got a pay rise! My salary is now £35,500.", apr),
        ("S3:1", "My salary is £41,000 now.", jul),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S2:1", "My rent is £900 and the landlord is a nightmare.", apr),
        ("S3:1", "My rent is £950 now.", jul),
    ]) == {"m0": "active", "m1": "active"}
    # another's salary is another fact
    assert statuses(parser, embedder, [
        ("S2:1", "My salary is £32,000. My husband Tom's salary is £48,000.", apr),
        ("S3:1", "My salary is £35,000 now.", jul),
    ]) == {"m0": "active", "m1": "active"}


def test_exact_duplicates_only_within_one_occurrence(parser):
    def memory(memory_id, turns, text="Ana went for a run.", when=datetime(2024, 1, 1)):
        return Memory(memory_id, "c", "fta_unit", "Ana", text, when, None, None, None, None, None, None, tuple(turns), 0)

    same_turn = [memory("a", ["c:S1:1"]), memory("b", ["c:S1:1", "c:S1:2"], "  ana went for a RUN!  ")]
    other_turn = [memory("a", ["c:S1:1"]), memory("b", ["c:S2:1"])]
    unsourced_event = [memory("c", []), memory("d", [])]
    unsourced_fact = [memory("e", [], "Ana likes tea."), memory("f", [], "Ana likes tea.")]
    everything = same_turn + unsourced_event + unsourced_fact
    readings = {m.memory_id: read_doc(m.memory_id, parser.parse(m.text), "Ana") for m in everything}
    config = ConsolidationConfig()
    (proposal,) = exact_duplicates(same_turn, readings, config)
    assert (proposal.target_id, proposal.candidate_id, proposal.action, proposal.basis) == ("b", "a", DEDUP, "same_event")
    assert exact_duplicates(other_turn, readings, config) == []
    assert exact_duplicates(unsourced_event, readings, config) == []  # separate runs told alike
    assert [p.target_id for p in exact_duplicates(unsourced_fact, readings, config)] == ["f"]


def test_normalised_text():
    assert normalise_text("  2024-05-01: Ｃafé   TIME!! ") == "café time"
    assert normalise_text("[2024-05-01 10:30] Ana moved.") == "ana moved"


# --- the validator and the status book ------------------------------------------------------------------------
def test_validator_reasons(parser):
    older = Memory("o", "c", "entry", "Ana", "Ana lives in Lisbon.", datetime(2024, 1, 1), None, None, None, None, None, None, ("c:1",), 0)
    newer = Memory("n", "c", "entry", "Ana", "Ana moved to Porto.", datetime(2024, 3, 1), None, None, None, None, None, None, ("c:2",), 1)
    same_time = Memory("s", "c", "entry", "Ana", "Ana moved to Porto.", datetime(2024, 1, 1), None, None, None, None, None, None, ("c:3",), 2)
    readings = {m.memory_id: read_doc(m.memory_id, parser.parse(m.text), "Ana") for m in (older, newer, same_time)}

    def reason(action="supersede", basis="state_change", scope="Ana residence", anchor="moved to Porto", target=newer, candidate=older):
        proposal = Proposal(target.memory_id, candidate.memory_id if candidate else None, action, RELATION, "llm", basis, scope, anchor)
        return reject_reason(proposal, target, candidate, readings, anchor_max_words=16)

    assert reason() is None
    assert reason(action="qualify", basis=None) is None
    assert reason(action="merge") == "unknown_action"
    assert reason(candidate=None) == "candidate_not_in_list"
    assert reason(basis=None) == "missing_basis"
    assert reason(basis="same_fact") == "basis_does_not_fit_action"
    assert reason(scope=" ") == "missing_scope"
    assert reason(anchor="") == "missing_anchor"
    assert reason(anchor="moved to Paris") == "anchor_not_in_target"
    assert reason(anchor="ANA  moved to porto!") is None  # case, spacing and boundary punctuation do not matter
    assert reason(anchor="moved to Porto", target=same_time) == "state_change_without_strict_time_order"
    assert reason(basis="event_correction") == "event_correction_without_correction_cue"
    assert reason(action="dedup", basis="same_event", anchor="Porto") == "same_event_without_shared_source_or_date"


def test_status_book_refuses_cycles_reactivation_and_inactive_replacements():
    memories = {
        m: Memory(m, "c", "entry", "Ana", m, datetime(2024, 1, n + 1), None, None, None, None, None, None, (), n)
        for n, m in enumerate("abcd")
    }
    memories["x"] = Memory("x", "other", "entry", "Ana", "x", None, None, None, None, None, None, None, (), 0)
    book = StatusBook(memories)

    def supersede(old, new):
        return Proposal(new, old, SUPERSEDE, RELATION, "test")

    book.apply(supersede("a", "b"), "d1")
    assert book.refusal(supersede("a", "c")) == "hidden_memory_already_inactive"  # no second hiding of a
    assert book.refusal(supersede("c", "a")) == "replacement_not_active"  # a is superseded: cannot replace
    assert book.refusal(supersede("b", "b")) == "would_create_cycle"
    assert book.refusal(supersede("c", "x")) == "replacement_in_another_conversation_or_kind"
    book.apply(supersede("b", "c"), "d2")
    assert book.chain("a") == ["b", "c"]
    with pytest.raises(ValueError, match="refused"):
        book.apply(Proposal("a", "d", DEDUP, RELATION, "test"), "d3")  # would touch superseded a again


# --- the LLM classifier through a fake client -------------------------------------------------------------------
def test_llm_answers_are_normalised_validated_and_failures_counted(built):
    run_again, first_run = built.id_of("S2:7"), built.id_of("S1:14")
    still_allergic, denial, called_off = built.id_of("S5:4"), built.id_of("S3:7"), built.id_of("S4:2")

    def answer(request):
        if request.item_id == run_again:  # same words, separate runs: a same_event dedup has no evidence
            n = candidate_number(request, "went for a run by the river")
            return {"decisions": [{"candidate": n, "action": "Duplicate", "basis": "same_event",
                                   "scope": "Nora river run", "anchor": "went for a run by the river"}]}
        if request.item_id == still_allergic:
            n = candidate_number(request, "Nora is allergic to peanuts")
            return {"decisions": [{"candidate": n, "action": "dedup", "basis": "same_fact",
                                   "scope": "Nora peanut allergy", "anchor": "allergic to peanuts"},
                                  {"candidate": 99, "action": "ignore"}]}
        if request.item_id == denial:
            n = candidate_number(request, "move to Madrid")
            return {"decisions": [{"candidate": n, "action": "supersede", "basis": "state_change",
                                   "scope": "Nora residence", "anchor": "Nora moved to Madrid"},
                                  {"candidate": n + 1, "action": "merge"}]}
        if request.item_id == called_off:
            return None  # the backend fails this one
        return {"decisions": []}

    client = FakeClient(answer)
    config = ConsolidationConfig(classifier="llm")
    classifier = load_consolidation_classifier(config, ClassifierResources(client, FakeRequest))
    result = consolidate(built.frame, built.vectors, built.readings, classifier, config, built.lifecycles)
    assert len(client.batches) == 1 and client.batches[0][0].prompt_version == "consolidation@1"
    relation = result.decisions.filter(pl.col("stage") == RELATION)
    reasons = {(built.ref_of(r["target_id"]), r["action"]): r["reject_reason"] for r in relation.iter_rows(named=True)}
    assert reasons[("S2:7", DEDUP)] == "same_event_without_shared_source_or_date"
    assert reasons[("S5:4", DEDUP)] is None  # supported: the later copy is dropped
    assert reasons[("S3:7", SUPERSEDE)] == "anchor_not_in_target"
    assert reasons[("S3:7", "merge")] == "unknown_action"
    assert relation.filter(pl.col("candidate_id").is_null())["reject_reason"].to_list() == ["candidate_not_in_list"]
    status = {built.ref_of(r["memory_id"]): (r["status"], built.ref_of(r["replaced_by"])) for r in result.status.iter_rows(named=True)}
    assert status["S5:4"] == ("dropped", "S1:11") and status["S2:7"] == ("active", None)
    assert [e.memory_id for e in result.errors] == [called_off]  # counted, and no rule stood in for it
    assert relation.filter(pl.col("target_id") == called_off).height == 0
    # the deterministic alignment does not depend on the classifier
    aligned = result.decisions.filter(pl.col("stage") == ALIGNMENT)
    assert aligned.drop("decision_id").equals(built.consolidation.decisions.filter(pl.col("stage") == ALIGNMENT).drop("decision_id"))


def test_consolidation_of_an_empty_frame(parser):
    frame = memory_frame()
    result = consolidate_memories(frame, memory_vectors(frame, pl.DataFrame({"memory_id": [], "vector": []})), parser)
    assert result.status.height == 0 and result.decisions.height == 0
    assert memories_by_id(frame) == {}


def _copied(frame: pl.DataFrame, new_conversation: str) -> pl.DataFrame:
    """``frame`` as if it came from another conversation: its ids and conversation renamed."""
    renamed = [
        pl.col(name).str.replace_all("state-changes", new_conversation, literal=True)
        for name, dtype in frame.schema.items() if dtype == pl.String
    ]
    frame = frame.with_columns(renamed)
    return frame.with_columns(pl.col("memory_id") + "-copy") if "memory_id" in frame.columns else frame


def test_a_chunk_of_conversations_gives_each_the_tables_it_gets_alone(built, parser):
    """The Dagster step links and consolidates a chunk of conversations at once (one LLM batch); what each
    conversation gets, ids included, must not depend on which conversations shared its run."""
    from memory_pipeline.consolidation.run import link_and_consolidate
    from memory_pipeline.links import LinksConfig

    def run(entries, sources, turns, embeddings):
        result = link_and_consolidate(entries, sources, turns, embeddings, parser, LinksConfig(), ConsolidationConfig())
        return {"links": result.links.links, "decisions": result.consolidation.decisions,
                "status": result.consolidation.status}

    first = (built.entries, built.sources, built.turns, built.embeddings)
    second = tuple(_copied(frame, "other-talk") for frame in first)
    together = run(*(pl.concat([a, b], how="diagonal_relaxed") for a, b in zip(first, second, strict=True)))
    for conversation, alone in (("state-changes", run(*first)), ("other-talk", run(*second))):
        assert alone["decisions"].height and alone["links"].height
        for table, frame in alone.items():
            assert together[table].filter(pl.col("conversation_id") == conversation).equals(frame), table


def test_a_dose_changed_or_a_medicine_stopped_replaces_what_was_taken(parser, resolver, embedder):
    """A medicine is one value at a time: a new dose supersedes the old one, stopping it supersedes the last dose,
    and someone else's medicine, or one still taken, stays as it was."""
    built = build(parser, resolver, embedder, FIXTURES / "medicines_and_habits.json")
    status = {ref: built.status_of(ref)["status"] for ref in ("S1:1", "S1:3", "S1:4", "S2:1", "S2:2", "S3:1", "S3:2")}
    assert status["S1:1"] == "superseded" and built.ref_of(built.status_of("S1:1")["replaced_by"]) == "S2:1"
    assert status["S2:1"] == "superseded" and built.ref_of(built.status_of("S2:1")["replaced_by"]) == "S3:1"
    assert status["S1:3"] == "superseded" and built.ref_of(built.status_of("S1:3")["replaced_by"]) == "S2:2"
    assert status["S3:1"] == status["S2:2"] == "active"
    # "my dad takes warfarin" and "my dad is still on warfarin": the same value again, a repeat, not a change
    assert status["S1:4"] == "active" and status["S3:2"] == "dropped"
    assert built.ref_of(built.status_of("S3:2")["replaced_by"]) == "S1:4"


def test_a_medicine_changed_with_no_owner_said_is_the_one_whose_medicine_was_told(parser, embedder):
    """A carer tells of a parent's medicine, then of the doctor changing it with no owner word ("the consultant
    increased memantine"): the change is the parent's, the one person whose medicine of that name the conversation
    told of, not the speaker's; the speaker's own medicine, or two people's, leave it the speaker's."""
    may, jun, jul = datetime(2025, 5, 12), datetime(2025, 6, 9), datetime(2025, 7, 21)
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: my dad takes donepezil 5mg at night.", may),
        ("S2:1", "Ana noted: the memory clinic upped the donepezil to 10mg.", jun),
        ("S3:1", "Ana noted: the GP has stopped the donepezil.", jul),
    ]) == {"m0": "superseded", "m1": "superseded", "m2": "active"}
    # the speaker's own medicine of that name is the one changed
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: my dad takes sertraline 50mg.", may),
        ("S1:2", "Ana noted: I'm on sertraline 100mg.", may),
        ("S2:1", "Ana noted: the GP reduced the sertraline to 50mg.", jun),
    ]) == {"m0": "active", "m1": "superseded", "m2": "active"}
    # two others take it: whose is not said, so neither is replaced
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: my dad takes warfarin 3mg.", may),
        ("S1:2", "Ana noted: my aunt takes warfarin 5mg.", may),
        ("S2:1", "Ana noted: the GP has stopped the warfarin.", jun),
    ]) == {"m0": "active", "m1": "active", "m2": "active"}


def test_a_job_or_a_weight_told_in_other_words_replaces_the_last(parser, resolver, embedder):
    """"Now that I'm at Monzo" ends the job at Halvorsen; a promotion at the same employer is news (a new job),
    not a repeat of the employer to drop; a weight said without "weigh" replaces the last one."""
    built = build(parser, resolver, embedder, FIXTURES / "jobs_and_weights.json")
    assert built.status_of("S1:1")["status"] == "superseded"
    assert built.status_of("S3:1")["status"] == "active"  # it had been dropped as "employer = monzo, repeated"
    assert built.status_of("S1:3")["status"] == "superseded"
    assert built.ref_of(built.status_of("S1:3")["replaced_by"]) == "S2:3"
    assert built.ref_of(built.status_of("S2:3")["replaced_by"]) == "S3:3"
    assert built.status_of("S3:3")["status"] == "active"


def test_a_pastime_ended_by_its_name_ends_the_habit(parser, resolver, embedder):
    """"I cancelled my gym membership" ends "I go to the gym three times a week"; swimming, not named, goes on."""
    built = build(parser, resolver, embedder, FIXTURES / "medicines_and_habits.json")
    assert built.status_of("S1:5")["status"] == "superseded"
    assert built.ref_of(built.status_of("S1:5")["replaced_by"]) == "S3:3"
    assert {s.describe() for s in built.readings[built.id_of("S1:6")].state_slots} == {
        "self.activity[swim] = yes", "self.schedule[swim] = every sunday morning"}  # the days it is kept up on, beside it
    assert built.status_of("S1:6")["status"] == "active"


@pytest.mark.parametrize(
    ("first", "later"),
    [
        ("Ana is vegan. Ana asks Assistant to suggest some easy lunches.", "Ana eats meat again now."),
        ("Ana asks: Ana's rent is £900 a month, is that a lot for Cardiff?", "Ana's rent is £1000 a month now."),
        ("Ana is on sertraline 50mg. Ana asks: can Ana take ibuprofen with it?", "Ana stopped the sertraline last month."),
    ],
)
def test_a_fact_told_with_a_request_to_the_assistant_is_still_replaced(parser, embedder, first, later):
    # what is asked of the assistant is no other fact the memory would hide
    assert statuses(parser, embedder, [("S1:1", first, datetime(2026, 2, 2)), ("S2:1", later, datetime(2026, 6, 2))]) == {
        "m0": "superseded", "m1": "active"
    }


@pytest.mark.parametrize(
    ("words", "asking"),
    [
        # a request memory's stored parse is of the turn's own words
        ("can you suggest some easy lunches?", [True]),
        ("remind me to ask about whitening", [True]),
        ("is that a lot for Cardiff?", [True]),
        ("can I take ibuprofen with it?", [True]),
        ("I'm vegan", [False]),
        ("my boss asked me to lead the project", [False]),
        ("Ana asks Ben to feed the cat", [True]),
        # a bare verb joined to a statement shares its subject; one joined to an order is asked too
        ("Ana will move to Leeds and start a new job in March.", [False, False]),
        ("can you book a table and send me the menu?", [True, True]),
        # a negative order asks too; a negated statement does not
        ("please don't suggest meat recipes any more", [True]),
        ("I don't eat meat any more", [False]),
        ("don't forget the cake", [True]),
        # chat's "don't" with a dropped "I" states a fact
        ("don't drink coffee tbh", [False]),
        ("Don't really like my job", [False]),
    ],
)
def test_what_only_asks_states_no_fact(parser, words, asking):
    from memory_pipeline.analysis.cues import clause_heads, only_asks

    doc = parser.parse(words)
    assert [only_asks(doc, head) for head in clause_heads(doc)] == asking


def test_one_lifecycle_per_plan_across_a_replacement_and_a_units_entries():
    from memory_pipeline.consolidation.status import StatusRow, one_lifecycle_per_plan

    def memory(memory_id, kind, turns, said=datetime(2026, 1, 10)):
        return Memory(memory_id, "c", kind, "Nadia", memory_id, said, None, None, None, None, None, None, tuple(turns), 0)

    memories = {
        "june": memory("june", "entry", ["S1:1"]), "sept": memory("sept", "entry", ["S2:1"], datetime(2026, 3, 1)),
        "off": memory("off", "entry", ["S3:1"], datetime(2026, 7, 2)),
        # called off in February, set again for May in March: the May plan is not the one called off
        "feb": memory("feb", "entry", ["S1:9"]), "may": memory("may", "entry", ["S2:9"], datetime(2026, 3, 1)),
        "move": memory("move", "entry", ["S1:2"]), "move-unit": memory("move-unit", "fta_unit", ["S1:2", "S1:3"]),
        "gym": memory("gym", "entry", ["S1:4"]), "gym-unit": memory("gym-unit", "fta_unit", ["S1:4", "S1:5"]),
        "run": memory("run", "entry", ["S1:5"]),
    }
    rows = {memory_id: StatusRow() for memory_id in memories}
    rows["june"], rows["feb"] = StatusRow("superseded", "sept"), StatusRow("superseded", "may")
    lifecycles = {"june": "cancelled", "sept": None, "move": "completed", "move-unit": "pending",
                  "gym": "completed", "run": "pending", "gym-unit": "pending", "feb": "cancelled", "may": "pending"}
    moved_at = {"june": datetime(2026, 7, 2), "feb": datetime(2026, 2, 3), "move": datetime(2026, 2, 1), "gym": datetime(2026, 2, 1)}
    out = one_lifecycle_per_plan(rows, memories, lifecycles, moved_at)
    # the wedding moved to September, then called off: the September plan is called off too
    assert out["sept"] == "cancelled" and out["june"] == "cancelled"
    assert out["may"] == "pending"  # the call-off came before the new date was said
    assert one_lifecycle_per_plan(rows, memories, lifecycles)["sept"] is None  # with no times, nothing is told
    # the unit says what its one plan entry says; one of two plans done leaves the unit as it was
    assert out["move-unit"] == "completed" and out["gym-unit"] == "pending"


def test_an_arrangement_moved_by_others_is_still_the_speakers(parser, embedder):
    # "they moved the review": the movers are not whose review it is
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: the design review is on thursday at 2pm.", datetime(2026, 1, 12, 9)),
        ("S2:1", "Ana noted: they moved the review to monday, so that's one less thing this week.", datetime(2026, 1, 14, 9)),
    ]) == {"m0": "superseded", "m1": "active"}


def test_a_club_moved_with_no_owner_said_replaces_the_one_childs_club(parser, embedder):
    # a parent names the child once, then the club alone: the child's club moved, not one of the parent's
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo has judo club on Tuesdays after school.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: judo moved to Wednesdays, the hall is booked on Tuesdays.", datetime(2025, 11, 3, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    # two children in judo: whose judo moved is not said
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo has judo on Tuesdays. Mia has judo on Thursdays.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: judo moved to Wednesdays, the hall is booked.", datetime(2025, 11, 3, 9)),
    ]) == {"m0": "active", "m1": "active"}


def test_a_club_moved_with_no_owner_said_looks_at_the_whole_conversation(parser, embedder):
    # two children's judo told apart: the move names neither, so neither is replaced
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo has judo club on Tuesdays.", datetime(2025, 9, 8, 9)),
        ("S1:2", "Ana noted: Ruby has judo on Thursdays.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: judo moved to Fridays.", datetime(2025, 11, 3, 9)),
    ]) == {"m0": "active", "m1": "active", "m2": "active"}
    # the speaker's own judo is the one moved, not the child's as well
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: I do judo on Mondays.", datetime(2025, 9, 8, 9)),
        ("S1:2", "Ana noted: Leo has judo club on Tuesdays.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: judo moved to Fridays.", datetime(2025, 11, 3, 9)),
    ]) == {"m0": "superseded", "m1": "active", "m2": "active"}
    # the child quit: a later day of judo is not his club's
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo has judo club on Tuesdays.", datetime(2025, 9, 8, 9)),
        ("S1:2", "Ana noted: Leo quit judo club.", datetime(2025, 10, 6, 9)),
        ("S2:1", "Ana noted: judo is on Fridays now.", datetime(2025, 11, 3, 9)),
    ])["m0"] != "superseded"


def test_a_childs_new_teacher_replaces_the_last(parser, embedder):
    # the child named or not: the one child whose teacher is known has a new one (an old memory of more facts
    # than the teacher is kept whole: would_hide_other_facts)
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo's teacher is Mrs Novak.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: Mrs Novak broke her leg, so Leo has Mr Quinn until Easter.", datetime(2025, 11, 3, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: leo has Mrs Novak this year.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: Mrs Novak is leaving, the new teacher is Mr Quinn.", datetime(2025, 11, 3, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    # the same teacher again is no change
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo's teacher is Mrs Novak.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: Leo has Mrs Novak until the summer.", datetime(2025, 11, 3, 9)),
    ])["m0"] == "active"
    # a subject's teacher and the class teacher are two, either way round; another child's is another's
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo's violin teacher is Mr Quinn.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: Leo's teacher is Mrs Hale.", datetime(2025, 11, 3, 9)),
    ])["m0"] == "active"
    assert statuses(parser, embedder, [
        ("S1:1", "Ana noted: Leo's teacher is Mrs Hale.", datetime(2025, 9, 8, 9)),
        ("S1:2", "Ana noted: Mia's teacher is Mr Quinn.", datetime(2025, 9, 8, 9)),
        ("S2:1", "Ana noted: the new teacher is Miss Rowe.", datetime(2025, 11, 3, 9)),
    ])["m0"] == "active"


def test_a_new_holder_of_an_office_replaces_the_last(parser, embedder):
    """Who runs a duty or holds an office of a group is one at a time, however far apart the two are in
    embedding ("Bilal has taken over the kitchen" is no near neighbour of "Yusuf runs the kitchen"); another
    group's office, or the same holder again, is no change."""
    assert statuses(parser, embedder, [
        ("S1:1", "Yusuf runs the kitchen.", datetime(2026, 2, 10, 9)),
        ("S2:1", "Bilal has taken over the kitchen for now.", datetime(2026, 2, 27, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I'm the treasurer of the temple committee.", datetime(2025, 9, 20, 9)),
        ("S2:1", "Mr Patel is the new treasurer of the temple committee.", datetime(2025, 10, 5, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Graham is the chair of the trustees.", datetime(2025, 1, 8, 9)),
        ("S2:1", "Lorraine is the chair of the book club.", datetime(2025, 1, 29, 9)),
    ])["m0"] == "active"


def test_a_move_to_days_replaces_the_nights_and_a_spell_of_the_rota_does_not(parser, embedder):
    """The shifts one works as a pattern are one at a time, however far apart the two are in embedding; a spell
    of the rota ("on nights next week") is no new pattern."""
    assert statuses(parser, embedder, [
        ("S1:1", "I work nights, 10pm till 6am.", datetime(2025, 9, 1, 9)),
        ("S2:1", "I'm on days now, 7 till 3.30.", datetime(2025, 10, 1, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I work days.", datetime(2025, 9, 1, 9)),
        ("S2:1", "I'm on nights next week.", datetime(2025, 10, 1, 9)),
    ]) == {"m0": "active", "m1": "active"}


def test_fewer_days_a_week_replace_the_last_count(parser, embedder):
    assert statuses(parser, embedder, [
        ("S1:1", "I work 4 days a week.", datetime(2025, 9, 1, 9)),
        ("S2:1", "I work 3 days a week now.", datetime(2025, 10, 1, 9)),
    ]) == {"m0": "superseded", "m1": "active"}


def test_a_routine_moved_to_other_days_replaces_the_old_days(parser, embedder):
    assert statuses(parser, embedder, [
        ("S1:1", "I coach the under 12s on Sunday mornings.", datetime(2026, 2, 10, 9)),
        ("S2:1", "I coach the under 12s on Saturday mornings now.", datetime(2026, 4, 14, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I coach the under 12s on Sunday mornings.", datetime(2026, 2, 10, 9)),
        ("S2:1", "Tom plays football on Saturday mornings.", datetime(2026, 4, 14, 9)),
    ]) == {"m0": "active", "m1": "active"}
    # another team or another partner is another routine beside it, whatever its days
    assert statuses(parser, embedder, [
        ("S1:1", "I coach the under 12s on Sunday mornings.", datetime(2025, 3, 31, 9)),
        ("S2:1", "I coach the under 14s on Saturday mornings.", datetime(2025, 4, 7, 9)),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I play tennis with Dan on Tuesdays.", datetime(2025, 3, 31, 9)),
        ("S2:1", "I play tennis with Amy on Fridays.", datetime(2025, 4, 7, 9)),
    ]) == {"m0": "active", "m1": "active"}
    # one who comes on other days now
    assert statuses(parser, embedder, [
        ("S1:1", "My cleaner comes on Tuesdays.", datetime(2025, 2, 3, 9)),
        ("S2:1", "My cleaner comes on Wednesdays now.", datetime(2025, 2, 17, 9)),
    ]) == {"m0": "superseded", "m1": "active"}


def test_a_running_total_replaces_the_last_total_of_the_same_cause(parser, embedder):
    assert statuses(parser, embedder, [
        ("S1:1", "I've raised £185 so far for the 10k.", datetime(2025, 1, 29, 9)),
        ("S2:1", "I've raised £640 for the 10k now.", datetime(2025, 3, 11, 9)),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "I've raised £185 for the hospice.", datetime(2025, 1, 29, 9)),
        ("S2:1", "I've raised £300 for the food bank.", datetime(2025, 3, 11, 9)),
    ]) == {"m0": "active", "m1": "active"}


def test_a_thing_mended_or_broken_again_replaces_its_last_working_state(parser, embedder):
    """"The boiler is fixed now" ends "the boiler is broken"; broken again after that ends the repair. Broken
    twice with no repair between is no change; another thing, or another's, is another state."""
    jan, mar, jun = datetime(2024, 1, 8), datetime(2024, 3, 11), datetime(2024, 6, 3)
    assert statuses(parser, embedder, [
        ("S1:1", "The boiler broke down last Tuesday.", jan),
        ("S2:1", "The boiler is fixed now.", mar),
        ("S3:1", "The boiler broke again on Wednesday.", jun),
    ]) == {"m0": "superseded", "m1": "superseded", "m2": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "The boiler is broken.", jan),
        ("S2:1", "The boiler broke again.", mar),
    ]) == {"m0": "active", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "The boiler is broken.", jan),
        ("S2:1", "The washing machine is working again.", mar),
        ("S2:2", "Mum's boiler was repaired.", mar),
    ]) == {"m0": "active", "m1": "active", "m2": "active"}


def test_a_cancelled_subscription_ends_that_service_and_no_other(parser, embedder):
    """"I cancelled Netflix" ends "I subscribe to Netflix" and not "I pay for Spotify Premium"; signing up again
    ends the cancellation."""
    feb, jun, sep = datetime(2024, 2, 5), datetime(2024, 6, 3), datetime(2024, 9, 2)
    assert statuses(parser, embedder, [
        ("S1:1", "I subscribe to Netflix.", feb),
        ("S1:2", "I pay for Spotify Premium.", feb),
        ("S2:1", "I cancelled Netflix.", jun),
        ("S3:1", "I signed up for Netflix again.", sep),
    ]) == {"m0": "superseded", "m1": "active", "m2": "superseded", "m3": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Raf joined PureGym.", feb),
        ("S2:1", "Raf cancelled his PureGym membership.", jun),
    ]) == {"m0": "superseded", "m1": "active"}


def test_a_life_event_ends_the_state_it_changes_and_no_other(parser, embedder):
    """A death ends the states of the one who died and no one else's; an ex-husband ends the marriage to him; a
    new boss replaces the last; moving out ends a stay. An ex talked of in passing, a supposed death and another's
    death change nothing."""
    jan, mar = datetime(2025, 1, 12), datetime(2025, 3, 9)
    assert statuses(parser, embedder, [
        ("S1:1", "Gran is in hospital.", jan),
        ("S1:2", "Mum is in hospital.", jan),
        ("S2:1", "Gran passed away on Tuesday.", mar),
    ]) == {"m0": "superseded", "m1": "active", "m2": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Phil is Ana's husband.", jan),
        ("S2:1", "Phil is Ana's ex-husband officially now.", mar),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Karen is Ana's manager.", jan),
        ("S2:1", "Miguel is officially Ana's manager now.", mar),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Mike is staying in Ana's spare room for a while.", jan),
        ("S2:1", "Mike moved out of Ana's spare room in October.", mar),
    ]) == {"m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [
        ("S1:1", "Tom is Ana's husband.", jan),
        ("S1:2", "Dad is in hospital.", jan),
        ("S2:1", "Phil is Ana's ex.", mar),
        ("S2:2", "If Dad passed away I don't know what I'd do.", mar),
        ("S2:3", "Her dad passed away.", mar),
    ]) == {"m0": "active", "m1": "active", "m2": "active", "m3": "active", "m4": "active"}


def test_leaving_a_named_firm_ends_that_employer_only(parser, embedder):
    """The notice handed in at the old firm is often told after the new job: it ends the old employer, never the new
    one, and the new one stays the current value that a later move replaces. A firm named in brief is the same firm;
    leaving with no firm named ends whatever job there was."""
    old = ("S1:1", "I'm an accountant at Pearson & Lowe.", datetime(2025, 1, 8))
    new = ("S2:1", "Got the job at Brightwave!! start in March", datetime(2025, 2, 2))
    assert statuses(parser, embedder, [
        old, new, ("S2:2", "Handed in my notice at Pearson today.", datetime(2025, 2, 3)),
        ("S3:1", "I work at Corvel now.", datetime(2025, 9, 1)),
    ]) == {"m0": "superseded", "m1": "superseded", "m2": "active", "m3": "active"}
    assert statuses(parser, embedder, [old, ("S2:1", "I quit Pearson & Lowe last week.", datetime(2025, 2, 3))]) == {
        "m0": "superseded", "m1": "active"}
    assert statuses(parser, embedder, [old, ("S2:1", "I quit my job last week.", datetime(2025, 2, 3))]) == {
        "m0": "superseded", "m1": "active"}
    # the job lost at a named firm, told again later with no firm, is no news that ends the first telling
    assert statuses(parser, embedder, [
        ("S1:1", "I lost my job at Door Dash this month.", datetime(2023, 1, 20)),
        ("S2:1", "Since I lost my job I've been selling clothes online.", datetime(2023, 6, 16)),
    ]) == {"m0": "active", "m1": "active"}
