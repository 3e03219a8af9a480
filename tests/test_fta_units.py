"""The ``fta_units`` stage on crafted conversations: unit fields, evidence, carryover and fusion across segment
boundaries, determinism, grounding, and the LLM builder against a fake client."""

from __future__ import annotations

from datetime import date, datetime

import polars as pl
import pytest

from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction import extract_memories
from memory_pipeline.grounding import YOU
from memory_pipeline.lake import stable_id
from memory_pipeline.quality import memories_have_sources, sources_exist
from memory_pipeline.schemas import FTA_UNITS, TABLES
from memory_pipeline.units import (
    UNIT_BUILDERS,
    UNIT_KIND,
    AffectAnalyser,
    BuilderResources,
    UnitsConfig,
    build_fta_units,
)
from memory_pipeline.units.cues import intention
from memory_pipeline.units.llm import FAILED_RULES_LABEL, UnitAnswer, UnitsAnswer
from tests.fake_llm import FakeClient, FakeRequest, in_order

MAY_8 = datetime(2023, 5, 8, 13, 56)
AUG_14 = datetime(2023, 8, 14, 10, 0)
CID = "conv-t"


def conversation(*sessions: tuple[datetime, list[tuple[str, str]]]) -> pl.DataFrame:
    """A ``turns`` frame: one session per ``(time, [(speaker, text), ...])``."""
    rows = []
    for s, (when, turns) in enumerate(sessions, start=1):
        for n, (speaker, text) in enumerate(turns, start=1):
            rows.append(
                {
                    "turn_id": f"{CID}:D{s}:{n}",
                    "conversation_id": CID,
                    "session_id": f"session_{s}",
                    "session_index": s,
                    "session_time": when,
                    "turn_index": n - 1,
                    "seq": len(rows),
                    "speaker": speaker,
                    "role": "user",
                    "text": text,
                    "timestamp": None,
                }
            )
    return pl.DataFrame(rows)


def segments_of(turns: pl.DataFrame, cuts: dict[str, list[int]] | None = None) -> pl.DataFrame:
    """Segments written by hand: each session cut before the given 0-based turn positions (none: one segment)."""
    rows = []
    for frame in turns.partition_by("session_id", maintain_order=True):
        session = frame["session_id"][0]
        ids = frame["turn_id"].to_list()
        bounds = [0, *(cuts or {}).get(session, []), len(ids)]
        for start, end in zip(bounds, bounds[1:]):
            rows.append(
                {
                    "segment_id": stable_id(CID, session, *ids[start:end]),
                    "conversation_id": CID,
                    "session_id": session,
                    "start_turn_index": start,
                    "end_turn_index": end - 1,
                    "turn_ids": ids[start:end],
                    "boundary_trigger": "topic_change",
                    "detector": "hand",
                }
            )
    return pl.DataFrame(rows)


@pytest.fixture(scope="module")
def affect():
    return AffectAnalyser.load()


@pytest.fixture(scope="module")
def build(parser, resolver, affect):
    """turns (+ cuts) -> UnitsResult, every turn admitted, entries from the real extractor."""

    def run(turns: pl.DataFrame, cuts=None, config: UnitsConfig | None = None, resources: BuilderResources | None = None,
            refused: tuple[int, ...] = ()):
        # refused: 0-based rows of ``turns`` the gate did not admit
        gate = turns.select("turn_id", ~pl.int_range(pl.len()).is_in(list(refused)).alias("admitted"))
        extracted = extract_memories(turns, gate, parser, ExtractorConfig(), resolver)
        resources = resources or BuilderResources(affect, resolver)
        return build_fta_units(turns, segments_of(turns, cuts), extracted.entries, extracted.sources, resources, config)

    return run


def only(units: pl.DataFrame, **where) -> dict:
    frame = units.filter(*[pl.col(k) == v for k, v in where.items()])
    assert frame.height == 1, frame
    return frame.row(0, named=True)


def containing(units: pl.DataFrame, words: str) -> dict:
    frame = units.filter(pl.col("content_text").str.contains(words, literal=True))
    assert frame.height == 1, units["content_text"].to_list()
    return frame.row(0, named=True)


# -- fields ---------------------------------------------------------------------------------------------------
def test_a_plan_is_a_pending_future_homework_or_plan_unit(build):
    turns = conversation((MAY_8, [("Jon", "I'm planning to open my own dance studio next month."), ("Gina", "Wow, good luck!")]))
    unit = containing(build(turns).units, "dance studio")
    assert unit["content_type"] == "homework_or_plan"
    assert (unit["status"], unit["lifecycle_status"], unit["time_orientation"]) == ("pending", "pending", "future")
    assert "open Jon's own dance studio" in unit["intention_or_plan"]
    assert unit["event_time_text"] == "next month"
    assert (unit["event_start"], unit["event_end"]) == (datetime(2023, 6, 1), datetime(2023, 7, 1))
    assert unit["speaker"] == "Jon" and unit["participants"][0] == "Jon"


def test_a_dated_sentence_is_a_plan_only_of_its_speaker(build):
    turns = conversation(
        (MAY_8, [("Jon", "I'm hosting a dance competition next month."), ("Gina", "Cool!"),
                 ("Mom", "Dad starts his new job at the hospital next Monday."), ("Gina", "Nice!")])
    )
    units = build(turns).units
    assert containing(units, "competition")["content_type"] == "homework_or_plan"
    news = containing(units, "hospital")
    assert news["content_type"] != "homework_or_plan" and news["lifecycle_status"] != "pending"  # Dad's news


def test_a_title_before_a_name_stays_in_its_sentence(build):
    # "Dr." had been read as a sentence end: the unit said "... with Dr." and "Patel moved the vaccines ..."
    turns = conversation((MAY_8, [("Nina", "The vaccines are with Dr. Patel on the 28th."), ("Omar", "Good luck!"),
                                  ("Nina", "Dr. Patel said he weighs 9 pounds now.")]))
    texts = " | ".join(build(turns).units["content_text"].to_list())
    assert "with Dr. Patel" in texts and "Dr. Patel said" in texts, texts


def test_a_feeling_foreseen_is_no_plan(build):
    turns = conversation((MAY_8, [("Kim", "ugh im gonna miss you so much. I will always love this city."), ("Jess", "Aww!")]))
    unit = containing(build(turns).units, "miss")
    assert unit["intention_or_plan"] == "unknown" and unit["content_type"] != "homework_or_plan"


def test_a_supposition_or_a_wish_is_no_event_nor_a_plan(build):
    # "won" and "had" are no past of a supposition; "will never" is no plan
    turns = conversation((MAY_8, [
        ("Chris", "if I won the lottery I'd just buy a boat and live on it tbh"), ("Kim", "Ha!"),
        ("Chris", "I wish I had a dog too."), ("Kim", "Aw."),
        ("Chris", "still no mushrooms, i will never eat mushrooms lol"), ("Kim", "Fair."),
    ]))
    units = build(turns).units
    for words in ("lottery", "dog"):
        unit = containing(units, words)
        assert unit["time_orientation"] != "past" and unit["content_type"] != "event", unit
    unit = containing(units, "mushrooms")
    assert unit["content_type"] != "homework_or_plan" and unit["lifecycle_status"] != "pending", unit


def test_what_is_owned_is_not_the_owners_plan_nor_an_intention_overtaken(build):
    turns = conversation((MAY_8, [
        ("Tomas", "Good news on the job front. My new manager will be Rui Almeida."), ("Kim", "Nice!"),
        ("Tomas", "I was going to move to Lisbon, but the team is fully remote."), ("Kim", "Oh ok."),
    ]))
    units = build(turns).units
    for words in ("Rui", "Lisbon"):
        unit = containing(units, words)
        assert unit["intention_or_plan"] == "unknown" and unit["content_type"] != "homework_or_plan", unit


def test_an_intention_overtaken_is_no_plan_though_its_date_lies_ahead(build):
    # the concert is still ahead, but the plan to go was given up in the same breath
    turns = conversation((MAY_8, [
        ("Tomas", "I was going to go to the Phoebe Bridgers concert on May 20, but I sold my ticket."), ("Kim", "Oh no."),
    ]))
    unit = containing(build(turns).units, "concert")
    assert unit["content_type"] != "homework_or_plan" and unit["lifecycle_status"] != "pending", unit
    # what replaced the intention, after its "but", is a plan of its own
    turns = conversation((MAY_8, [
        ("Tomas", "I was gonna fly to Denver, but I'm driving there on Friday."), ("Kim", "Oh nice."),
    ]))
    unit = containing(build(turns).units, "Denver")
    assert (unit["content_type"], unit["lifecycle_status"]) == ("homework_or_plan", "pending"), unit


def test_each_event_of_a_turn_keeps_its_own_date(build):
    """A turn that tells of two times is two units, each dated by its own ("March" had dated the trip to Berlin too)."""
    turns = conversation((MAY_8, [
        ("Nora", "We went to Paris in March. In June we're going to Berlin for my cousin's wedding. It's a big one."),
        ("Ben", "Fun!"),
        ("Nora", "I moved to Leeds in January. The flat is tiny though."),
    ]))
    units = build(turns).units
    paris, berlin = containing(units, "Paris"), containing(units, "Berlin")
    assert (paris["event_time_text"], paris["event_start"]) == ("March", datetime(2023, 3, 1))
    assert (berlin["event_time_text"], berlin["event_start"]) == ("June", datetime(2023, 6, 1))
    assert paris["entry_ids"] == berlin["entry_ids"]  # both from the one memory of the turn
    assert "big one" in berlin["content_text"]  # a sentence with no date goes with the one before
    # a plan whose sentence opens with its date is the speaker's all the same
    assert (berlin["content_type"], berlin["lifecycle_status"]) == ("homework_or_plan", "pending")
    assert paris["lifecycle_status"] != "pending"
    # one date in a turn cuts nothing
    assert "tiny" in containing(units, "Leeds")["content_text"]


def test_two_reminders_asked_for_are_two_units(build):
    """Asking to be reminded is the glue of assistant talk, not a subject: the piano lessons and the passport, each
    with "remind me", had been one unit once the lessons' hour no longer dated them apart."""
    turns = conversation((MAY_8, [
        ("Marcus", "Mia has piano lessons saturdays 10am, can you remind me on friday nights?"),
        ("Assistant", "Sure, I'll remind you."),
        ("Marcus", "Also remind me to renew my passport sometime in June, it runs out in August."),
        ("Assistant", "Noted."),
    ]))
    units = build(turns).units
    assert containing(units, "piano")["memory_id"] != containing(units, "passport")["memory_id"]


def test_a_sign_up_dated_by_the_next_sentence_is_a_plan(build):
    """"It's on October 13" dates what the sentence before it named; a short lead-in ("Guess what,") is no subject."""
    turns = conversation(
        (MAY_8, [("Nora", "Guess what, I signed up for the Chicago marathon. It's on October 13."), ("Ben", "Wow!"),
                 ("Nora", "My cousin got a puppy. It's so cute."), ("Ben", "Aww!")])
    )
    units = build(turns, cuts={"session_1": [2]}).units
    marathon = containing(units, "marathon")
    assert (marathon["content_type"], marathon["lifecycle_status"]) == ("homework_or_plan", "pending")
    assert marathon["intention_or_plan"] == "Nora signed up for the Chicago marathon: It's on October 13"
    assert containing(units, "puppy")["lifecycle_status"] != "pending"  # no date ahead, and the cousin's news


def test_a_feeling_is_the_units_emotion(build):
    turns = conversation(
        (MAY_8, [("Caroline", "I feel so anxious and stressed about my adoption interview."), ("Melanie", "Oh no!")])
    )
    unit = containing(build(turns).units, "adoption interview")
    assert unit["emotion_or_state"].startswith("fear:")
    assert "anxious" in unit["emotion_or_state"]
    assert unit["content_type"] == "current_state"
    assert unit["valence"] < 0


def test_a_feeling_told_of_another_is_theirs_not_the_speakers(build):
    turns = conversation(
        (MAY_8, [
            ("Nadia", "My brother Karim got engaged on Saturday and he's over the moon."),
            ("Omar", "Wonderful news!"),
            ("Nadia", "Leo has the dentist on Friday. He's terrified of the dentist so I'm dreading it a bit."),
            ("Omar", "Good luck."),
            ("Nadia", "My sister flies in from Toronto on the 25th, she's nervous about the flight."),
            ("Omar", "Safe travels to her."),
        ])
    )
    units = build(turns, cuts={"session_1": [2, 4]}).units
    assert containing(units, "Toronto")["affect_holder"] == "Nadia's sister"  # a relative with no name, as told
    engaged = containing(units, "engaged")
    # the joy is Karim's: it had been Nadia's current state
    assert engaged["emotion_or_state"].startswith("joy:") and engaged["affect_holder"] == "Karim"
    assert engaged["content_type"] != "current_state"
    dentist = containing(units, "dentist")
    # both feel something: the unit keeps its speaker's own feeling
    assert dentist["emotion_or_state"] == "fear: dreading" and dentist["affect_holder"] == "Nadia"


@pytest.mark.parametrize(
    ("text", "own", "holder"),
    [
        ("Priya noted: Sam's party was amazing.", True, "Priya"),  # a judgement of Sam's party
        ("Priya and Sam are over the moon.", True, "Priya"),  # both, the speaker among them
        ("Sam's mum is devastated, she cried all night.", False, "Sam's mum"),
        ("Raj's sister flies in on the 25th, she's nervous.", False, "Raj's sister"),
        # what the speaker thinks of another is the other's feeling; a relative is called as the speaker calls them
        ("Mum rang. Priya thinks she's been terrified for weeks.", False, "Mum"),
        ("Sam said he was thrilled.", False, "Sam"),
        # someone told of by what they are to the speaker, not by name, is not the speaker
        ("Priya's boss is furious about the delay.", False, "Priya's boss"),
        ("The kids are so excited about half term.", False, "the kids"),
        ("Everyone at work is so stressed right now.", False, None),
        ("A friend of Priya's is devastated.", False, None),
        # an appositive name cut off by commas is the subject of the verb after it
        ("One of Priya's reports, Sam, is really resentful that Priya got the role.", False, "Sam"),
        # guards: the speaker's own thing, and a thing no one is
        ("Priya's dog is terrified of fireworks.", False, "Priya's dog"),  # a pet feels too
        ("Priya's in-laws are upset.", False, "Priya's in-laws"),
        ("Priya's flat is lovely.", True, "Priya"),
        ("The flat is amazing.", True, "Priya"),
    ],
)
def test_whose_feeling_a_clause_tells(text, own, holder):
    from memory_pipeline.units.affect import feelings_by_holder

    speaker = "Raj" if text.startswith("Raj") else "Priya"
    held = feelings_by_holder(text, speaker, [speaker, "Sam"])
    assert (held[-1].own, held[-1].holder) == (own, holder)


@pytest.mark.parametrize("feeling", ["upset", "annoyed", "stressed"])
def test_pretty_before_a_bad_feeling_makes_it_no_better(affect, feeling):
    # VADER scores "pretty" as praise: "pretty upset" had a positive valence
    assert affect.analyse(f"Gabi is pretty {feeling} about the whole thing.", ["Gabi"]).valence < 0
    assert affect.analyse("Gabi bought a pretty dress.", ["Gabi"]).valence > 0


@pytest.mark.parametrize(
    ("text", "emotion"),
    [
        ("Priya couldn't be more proud of Bea.", "joy"),  # had been negated: -0.42
        ("Jack hasn't stopped crying since.", "sadness"),  # a feeling that will not stop is strong, not denied
        ("My son couldn't stop smiling.", "joy"),
        ("Isla misses Finn so much.", "sadness"),  # missing someone by name, as the memory writes "you"
        ("Honestly Priya regrets it.", "sadness"),
        ("Priya missed Leo's call.", "unknown"),  # a call missed is no feeling
        ("Miss Patel is leaving the school.", "unknown"),  # a title
        ("Priya missed Dan by five minutes.", "unknown"),
    ],
)
def test_feelings_said_in_a_turn_of_phrase(affect, text, emotion):
    found = affect.analyse(text, ["Priya", "Isla", "Finn"])
    assert found.emotion_or_state.split(":")[0] == emotion
    assert emotion == "unknown" or (found.valence > 0) == (emotion == "joy")


def test_greetings_thanks_and_filler_make_no_unit(build):
    turns = conversation(
        (MAY_8, [("Caroline", "Hey Mel! Good to see you!"), ("Melanie", "Hi Caroline! Great to see you too!"),
                 ("Caroline", "Thanks so much!"), ("Melanie", "Bye! Talk soon!")])
    )
    assert build(turns).units.height == 0


def test_dates_resolve_against_their_own_session_never_today(build):
    turns = conversation(
        (MAY_8, [("Caroline", "I went to a pottery class yesterday."), ("Melanie", "Nice!")]),
        (AUG_14, [("Caroline", "I went to a pride parade yesterday."), ("Melanie", "Cool!")]),
    )
    units = build(turns).units
    may, august = containing(units, "pottery"), containing(units, "parade")
    assert (may["event_start"], may["dialogue_time"]) == (datetime(2023, 5, 7), MAY_8)
    assert (august["event_start"], august["dialogue_time"]) == (datetime(2023, 8, 13), AUG_14)
    assert all(start.date() != date.today() for start in units["event_start"].to_list())


def test_every_unit_resolves_to_existing_turns(build):
    turns = conversation(
        (MAY_8, [("Caroline", "I adopted a puppy last week."), ("Melanie", "Aww! What's its name?"),
                 ("Caroline", "Her name is Bella and she loves running on the beach every morning."),
                 ("Melanie", "I took my kids to the museum on Saturday.")])
    )
    result = build(turns)
    units, sources = result.units, result.sources
    assert memories_have_sources(units, sources).passed
    assert sources_exist(sources, turns).passed
    assert set(sources["memory_kind"]) == {UNIT_KIND}
    assert set(sources["role"]) <= {"source", "evidence"}
    puppy = containing(units, "puppy")
    roles = dict(sources.filter(pl.col("memory_id") == puppy["memory_id"]).select("turn_id", "role").rows())
    # the question is the exchange around the unit; the statements are its sources
    assert roles == {f"{CID}:D1:1": "source", f"{CID}:D1:2": "evidence", f"{CID}:D1:3": "source"}
    assert puppy["evidence_turn_ids"] == [f"{CID}:D1:1", f"{CID}:D1:2", f"{CID}:D1:3"]
    assert set(puppy["entry_ids"]) <= set(extracted_ids(turns, build))


def extracted_ids(turns, build) -> list[str]:
    return [i for ids in build(turns).units["entry_ids"].to_list() for i in ids]


def test_the_frame_follows_the_table_contract(build, lake):
    turns = conversation((MAY_8, [("Jon", "I lost my job at the bank last week."), ("Gina", "Sorry to hear that.")]))
    units = build(turns).units
    assert pl.Schema(pl.from_arrow(FTA_UNITS.empty_table()).schema) == units.schema
    assert TABLES["fta_units"] is FTA_UNITS
    lake.write_partition("fta_units", CID, units)
    assert lake.read_partition("fta_units", CID).height == units.height


def test_two_events_at_different_times_are_two_units(build):
    turns = conversation(
        (MAY_8, [("Caroline", "I went camping with my family last weekend."), ("Melanie", "Fun!"),
                 ("Caroline", "And I'm starting a pottery class with my family next month.")])
    )
    units = build(turns).units
    camping, pottery = containing(units, "camping"), containing(units, "pottery")
    assert camping["memory_id"] != pottery["memory_id"]
    assert camping["event_time_text"] == "last weekend" and pottery["event_time_text"] == "next month"


def test_unrelated_statements_between_reactions_are_separate_units(build):
    """The other side only reacting in between used to join whatever the speaker said next, whatever about."""
    turns = conversation(
        (MAY_8, [("Ivy", "My cat Mochi has been throwing up all week."), ("Bot", "Oh no, poor Mochi!"),
                 ("Ivy", "Also my car failed its inspection, the brakes need replacing."), ("Bot", "Ugh, that's annoying."),
                 ("Ivy", "I started reading Dune and I love it.")])
    )
    units = build(turns).units
    cat, car, book = containing(units, "throwing up"), containing(units, "inspection"), containing(units, "Dune")
    assert len({cat["memory_id"], car["memory_id"], book["memory_id"]}) == 3
    same = conversation(
        (MAY_8, [("Ivy", "My cat Mochi has been throwing up all week."), ("Bot", "Oh no, poor Mochi!"),
                 ("Ivy", "Mochi won't eat her food either.")])
    )
    assert "won't eat" in containing(build(same).units, "throwing up")["content_text"]  # the same subject carries on


def test_a_statement_without_its_subject_is_not_a_question(build):
    turns = conversation((MAY_8, [("Joanna", "Was so nervous last week when I shared my book with my writing group!"),
                                   ("Nate", "Wow!")]))
    unit = containing(build(turns).units, "nervous")
    assert unit["event_time_text"] == "last week"


# -- carryover and fusion -------------------------------------------------------------------------------------
STORY = [
    ("Caroline", "I went to a pottery workshop last Friday."),
    ("Melanie", "Oh cool! What did you make?"),
    # --- segment boundary ---
    ("Caroline", "I made a black and white bowl with my friend Sam, it took all afternoon."),
    ("Melanie", "I'm starting a new job at the library on Monday."),
    ("Caroline", "Congrats, that's awesome!"),
]


def test_a_story_cut_by_a_segment_boundary_fuses_into_one_unit(build):
    turns = conversation((MAY_8, STORY))
    result = build(turns, cuts={"session_1": [2]})
    unit = containing(result.units, "pottery")
    assert "black and white bowl" in unit["content_text"]
    assert unit["source_turn_ids"] == [f"{CID}:D1:1", f"{CID}:D1:3"]
    assert len(unit["segment_ids"]) == 2
    assert (unit["completeness"], unit["status"]) == ("complete", "complete")
    assert unit["event_time_text"] == "last Friday" and unit["event_start"] == datetime(2023, 5, 5)
    assert "Sam" in unit["participants"]
    assert result.metrics["fused_units"] >= 1
    # the same story without a boundary gives the same unit
    whole = containing(build(turns).units, "pottery")
    assert whole["content_text"] == unit["content_text"] and whole["memory_id"] == unit["memory_id"]


def test_a_plan_cut_by_a_segment_boundary_fuses_into_one_pending_unit(build):
    turns = conversation(
        (MAY_8, [("John", "I'm planning a big trip this summer."), ("Tim", "Where are you going?"),
                 ("John", "To Japan with my brother, we fly out in July."), ("Tim", "Amazing!")])
    )
    result = build(turns, cuts={"session_1": [2]})
    unit = containing(result.units, "trip")
    assert "Japan" in unit["content_text"]
    assert len(unit["segment_ids"]) == 2
    assert unit["content_type"] == "homework_or_plan" and unit["status"] == "pending"
    assert unit["lifecycle_status"] == "pending"


def test_a_question_answered_at_length_after_a_boundary_keeps_only_the_answer_words(build):
    turns = conversation(
        (MAY_8, [("Caroline", "Hi Mel!"), ("Caroline", "How was the camping trip with the kids last weekend?"),
                 ("Melanie", "It was amazing, we hiked up to the lake and roasted marshmallows by the fire."),
                 ("Caroline", "Sounds lovely.")])
    )
    result = build(turns, cuts={"session_1": [2]})
    unit = containing(result.units, "marshmallows")
    assert "camping trip" not in unit["content_text"] and "asks" not in unit["content_text"]
    assert f"{CID}:D1:2" in unit["evidence_turn_ids"]  # the question stays evidence
    assert unit["entry_spans"]  # the text is the answer's entry sentences, so links read it from their parse


def test_a_partial_unit_never_completed_is_finalised_as_partial(build):
    turns = conversation(
        (MAY_8, [("Caroline", "I went to a pottery workshop last Friday."), ("Melanie", "Oh cool! What did you make?"),
                 ("Caroline", "Hey, how are your kids doing?"), ("Melanie", "They're great, they love the new school.")])
    )
    result = build(turns, cuts={"session_1": [2]})
    unit = containing(result.units, "pottery")
    assert (unit["completeness"], unit["status"]) == ("partial", "partial")
    assert unit["segment_ids"] == [result.units.filter(pl.col("memory_id") == unit["memory_id"])["segment_id"][0]]
    assert result.metrics["partial_units"] >= 1


def test_units_are_deterministic(build):
    turns = conversation((MAY_8, STORY), (AUG_14, [("Melanie", "We went camping at the lake last weekend."), ("Caroline", "Fun!")]))
    first, second = build(turns, cuts={"session_1": [2]}), build(turns, cuts={"session_1": [2]})
    assert first.units.equals(second.units)
    assert first.sources.equals(second.sources)
    assert first.units["memory_id"].n_unique() == first.units.height


# -- grounding in units ---------------------------------------------------------------------------------------
def test_two_named_participants_ground_you_in_units(build):
    turns = conversation((MAY_8, [("Melanie", "Your painting of the sunset is stunning, you should sell it at the fair."),
                                   ("Caroline", "Thanks!")]))
    unit = containing(build(turns).units, "painting")
    assert "Caroline's painting" in unit["content_text"]
    assert unit["unresolved_deixis"] == []
    assert unit["content_type"] == "support_interaction"


def test_a_group_session_keeps_you_and_says_it_is_unresolved(build):
    turns = conversation((MAY_8, [("Melanie", "Your painting of the sunset is stunning, you should sell it at the fair."),
                                   ("Caroline", "Thanks!"), ("Jon", "I agree, I bought a painting there last year.")]))
    unit = containing(build(turns).units, "sunset")
    assert "your painting" in unit["content_text"].lower()
    assert unit["unresolved_deixis"] == [YOU]
    assert build(turns).metrics["unresolved_you_rate"] > 0


# -- builders -------------------------------------------------------------------------------------------------
def test_builders_are_registered_by_name():
    assert UNIT_BUILDERS.names() == ["llm", "rules"]
    assert UnitsConfig().builder == "rules"
    with pytest.raises(ValueError, match="unknown unit builder"):
        UNIT_BUILDERS.get("nope")


def units_client(answers: list[UnitsAnswer | None]) -> FakeClient:
    """A :class:`FakeClient` answering ``answers`` by segment order, ``None`` meaning a failed call."""
    return FakeClient(in_order(answers), error="timeout", model_id="fake-model")


def pottery_answer(event_time_text: str | None = "last Friday") -> UnitsAnswer:
    return UnitsAnswer(
        units=[
            UnitAnswer(
                speaker="Caroline",
                summary="pottery workshop",
                content_text="Caroline went to a pottery workshop last Friday and made a bowl.",
                participants=["Caroline", "Melanie", "Zed"],
                emotion_or_state="proud",
                intention_or_plan="unknown",
                time_orientation="past",
                content_type="event",
                event_time_text=event_time_text,
                evidence_turns=[1, 2],
                source_turns=[1],
                status="complete",
            )
        ]
    )


def llm_build(build, affect, resolver, client, config: UnitsConfig | None = None):
    turns = conversation((MAY_8, STORY))
    resources = BuilderResources(affect, resolver, client=client, make_request=FakeRequest)
    return build(turns, cuts={"session_1": [2]}, config=config or UnitsConfig(builder="llm"), resources=resources)


def test_llm_builder_sends_one_request_per_segment_in_one_batch(build, affect, resolver):
    client = units_client([pottery_answer(), UnitsAnswer(units=[])])
    result = llm_build(build, affect, resolver, client)
    assert len(client.batches) == 1 and len(client.batches[0]) == 2
    request = client.batches[0][0]
    assert (request.stage, request.prompt, request.prompt_version) == ("fta_units", "fta_units", "fta_units@1")
    assert request.response_model is UnitsAnswer
    assert "1. Caroline: I went to a pottery workshop last Friday." in request.messages[1]["content"]
    unit = only(result.units, speaker="Caroline")
    assert unit["builder"] == "llm:fake-model+fta_units@1"
    # the model copies the expression; the project's resolver grounds it against the turn's session time
    assert (unit["event_time_text"], unit["event_start"], unit["event_end"]) == (
        "last Friday", datetime(2023, 5, 5), datetime(2023, 5, 6))
    assert unit["participants"] == ["Caroline", "Melanie"]  # "Zed" is nowhere in the segment
    assert unit["source_turn_ids"] == [f"{CID}:D1:1"] and unit["evidence_turn_ids"] == [f"{CID}:D1:1", f"{CID}:D1:2"]
    assert sources_exist(result.sources, conversation((MAY_8, STORY))).passed


def test_llm_time_the_segment_does_not_say_is_dropped(build, affect, resolver):
    result = llm_build(build, affect, resolver, units_client([pottery_answer("next Tuesday"), UnitsAnswer(units=[])]))
    unit = only(result.units, speaker="Caroline")
    assert unit["event_time_text"] is None and unit["event_time_basis"] == "session"
    assert unit["event_start"] == datetime(2023, 5, 8)


def test_llm_failure_gives_no_units_for_that_segment_by_default(build, affect, resolver):
    result = llm_build(build, affect, resolver, units_client([pottery_answer(), None]))
    assert result.metrics["failed_segments"] == 1
    assert [f.handled_as for f in result.failures] == ["skipped"]
    assert result.failures_frame().height == 1
    assert set(result.units["builder"]) == {"llm:fake-model+fta_units@1"}


def test_llm_failure_falls_back_to_rules_when_configured(build, affect, resolver):
    config = UnitsConfig(builder="llm", on_failure="rules")
    result = llm_build(build, affect, resolver, units_client([None, None]), config)
    assert result.metrics["failed_segments"] == 2
    assert set(result.units["builder"]) == {FAILED_RULES_LABEL}
    assert containing(result.units, "pottery")["content_type"] == "event"


def test_llm_answer_outside_its_segment_is_rejected(build, affect, resolver):
    bad = pottery_answer()
    bad.units[0].evidence_turns = [1, 9]
    result = llm_build(build, affect, resolver, units_client([bad, UnitsAnswer(units=[])]))
    assert result.metrics["failed_segments"] == 1
    assert "outside" in result.failures[0].error


# -- affect ---------------------------------------------------------------------------------------------------
def test_affect_from_the_small_table_without_nrclex():
    analyser = AffectAnalyser.load(use_nrclex=False)
    assert analyser.lexicon == "nrc-style"
    assert analyser.analyse("Caroline feels anxious and worried.").emotion_or_state == "fear: anxious, worried"
    assert analyser.analyse("Jon is not happy with the studio.").emotion_or_state != "joy: happy"  # negated
    assert analyser.analyse("Caroline went to the museum.").emotion_or_state == "unknown"  # no affective word


def test_a_mixed_feeling_stays_mixed_and_idioms_count():
    analyser = AffectAnalyser.load(use_nrclex=False)
    # each word under the emotion it carries: nervous is no joy, excited no fear
    assert analyser.analyse("I'm excited but also nervous about the move").emotion_or_state == "joy: excited; also fear: nervous"
    assert analyser.analyse("Sad to leave Berlin but happy about Lisbon").emotion_or_state == "joy: happy; also sadness: sad"
    assert analyser.analyse("I'm so excited!").emotion_or_state == "joy: excited"  # joy, and anticipation too
    assert analyser.analyse("Rae is over the moon").emotion_or_state == "joy: over the moon"


@pytest.mark.parametrize("use_nrclex", [False, True])
def test_feeling_words_of_british_english_and_chat_count(use_nrclex):
    if use_nrclex:
        pytest.importorskip("nrclex")
    analyser = AffectAnalyser.load(use_nrclex=use_nrclex)
    # VADER knows neither word: "pretty gutted" had been positive from "pretty", "rubbish" no feeling at all
    gutted = analyser.analyse("Maya is pretty gutted about the race.")
    assert gutted.emotion_or_state == "sadness: gutted" and gutted.valence < 0
    assert analyser.analyse("Sleep is rubbish, like 6 hours on work nights.").emotion_or_state == "disgust: rubbish"
    assert analyser.analyse("So chuffed with that time!").emotion_or_state == "joy: chuffed"
    # the analyser's own lexicon: another VADER in the process does not learn the words
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

    assert "gutted" not in SentimentIntensityAnalyzer().lexicon


@pytest.mark.parametrize(
    ("text", "label", "sign"),
    [
        # idioms carry their valence, not only their label
        ("Zoe is over the moon", "joy: over the moon", 1),
        ("Rae couldn't be happier", "joy: couldn't be happier", 1),
        ("Greta is actually looking forward to it", "joy: looking forward", 1),
        ("Ellie is so fed up with the landlord", "anger: fed up", -1),
        # happy tears and the two-way crying emoji are no sadness
        ("Maya passed 😭😭 Maya has been crying happy tears all morning", "joy: crying happy tears", 1),
        # a hedge is no praise: "honest" had made fear positive
        ("Raj is scared, to be honest.", "fear: scared", -1),
        ("Honestly Tom has been so anxious", "fear: anxious", -1),
        # irony marked by its frame or its emoji
        ("Oh great, another flat tyre this morning.", "anger: great (ironic)", -1),
        ("yep. love Southern Rail 🙃", "anger: love (ironic)", -1),
        # missing a person, not a bus
        ("Zoe misses her dad", "sadness: misses", -1),
        # emphasis, not negation; sincere praise with "more", not irony
        ("Priya has never felt so happy.", "joy: happy", 1),
        ("Great, more time with the family this weekend!", "joy: great", 1),
        # feeling words of chat the table had lacked
        ("Ellie is absolutely fuming about it", "anger: fuming", -1),
        ("Nadia adores her", "joy: adores", 1),
        ("Greta is cautiously optimistic", "anticipation: optimistic", 1),
    ],
)
def test_idioms_irony_hedges_and_chat_feelings(text, label, sign):
    result = AffectAnalyser.load(use_nrclex=False).analyse(text)
    assert result.emotion_or_state == label
    assert result.valence * sign > 0


@pytest.mark.parametrize(
    "text",
    [
        "Sam is not really that happy",  # a negation reaches over "really that"
        "Nadia is not looking forward to it",  # a negated idiom
        "Tom noted: Didn't want to worry you",
        "I missed the bus",
        "Her keys are missing",
        "Oh brilliant, see you then!",  # praise with no mark of irony stays praise, so no anger
        "Maya has stopped crying at the supermarket",  # a feeling that ended
        "Jo quit worrying about the exam",
        "Ana used to love her job, now it's just a job",  # a feeling no longer felt
        "Ben used to really hate the commute",
    ],
)
def test_negated_or_literal_words_give_no_such_feeling(text):
    label = AffectAnalyser.load(use_nrclex=False).analyse(text).emotion_or_state
    assert not label.startswith(("joy", "sadness", "fear", "anger"))


def test_a_feeling_one_got_used_to_is_still_felt():
    # "got used to" is accustomed, no feeling of the past
    assert AffectAnalyser.load(use_nrclex=False).analyse("I got used to hating Mondays").emotion_or_state.startswith("anger")


def test_a_negated_want_is_no_intention():
    assert intention("Tom noted: Didn't want to worry you.", "Tom") is None
    # a future denied after its cue is no plan either
    assert intention("Chris noted: still no mushrooms, i will never eat mushrooms lol", "Chris") is None
    assert intention("Chris will not go to the party.", "Chris") is None
    assert intention("Chris will move to Leeds in May.", "Chris") == "will move to Leeds in May"
    assert intention("Maya noted: I didn't want to jinx it by telling anyone.", "Maya") is None
    assert intention("Maya wants to tell everyone.", "Maya") == "wants to tell everyone"


def test_affect_reads_nrc_in_token_mode_when_installed():
    pytest.importorskip("nrclex")
    analyser = AffectAnalyser.load()
    assert analyser.lexicon == "nrc"
    assert analyser.analyse("Melanie is so happy and proud of the kids.").emotion_or_state.startswith("joy:")


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        # what others will do or how things will be is foretold, not planned
        ("Priya noted: Zara loved her swimming lessons, he'll have fun.", None),
        ("Claire noted: She'll be so cute in a tutu.", None),
        ("Priya noted: It'll be wonky but ok.", None),
        ("Priya noted: the weather will be awful tomorrow.", None),
        ("Priya noted: She's tough, she'll be alright. Priya should go and make dinner.", "should go and make dinner"),
        # where one will be, what one will be doing, and a cue whose subject chat left out are the speaker's
        ("Priya will be at the station at 5.", "will be at the station at 5"),
        ("Priya will be moving to Leeds.", "will be moving to Leeds"),
        ("Priya noted: will make sure.", "will make sure"),
        ("Priya thinks it will rain, so Priya will take an umbrella.", "will take an umbrella"),
    ],
)
def test_an_intention_is_the_speakers_action_not_a_prediction(text, plan):
    speaker = text.split()[0]
    assert intention(text, speaker, ["Priya", "Claire", "Zara"]) == plan


def test_a_bare_number_is_a_result_not_filler(build):
    """A race time or a score said alone ("1:57:32!!") has no word of three letters, and used to make no unit."""
    turns = conversation((MAY_8, [("Tom", "So, race report please!"), ("Maya", "1:57:32!!")]))
    assert "1:57:32" in containing(build(turns).units, "1:57:32")["content_text"]


def test_a_question_the_gate_refused_still_moves_the_talk_on(build):
    """Bare questions are seldom admitted; the walk used to see the answer as straight after the speaker's last
    unit, so a short result joined the pool habit and the pool joined the iron tablets."""
    turns = conversation(
        (MAY_8, [("Maya", "I've been going to the pool on Mondays and Wednesdays."), ("Tom", "How did the race go?"),
                 ("Maya", "50:58! New PB.")])
    )
    units = build(turns, refused=(1,)).units
    assert containing(units, "pool")["memory_id"] != containing(units, "50:58")["memory_id"]
    turns = conversation(
        (MAY_8, [("Maya", "I'm stopping the iron tablets next week."), ("Tom", "What about the pool, still going?"),
                 ("Maya", "Nope, stopped once I could run again.")])
    )
    units = build(turns, refused=(1,)).units
    assert containing(units, "iron")["memory_id"] != containing(units, "once Maya could run")["memory_id"]
    short = conversation(
        (MAY_8, [("Maya", "I've been going to the pool on Mondays and Wednesdays."), ("Tom", "lol"),
                 ("Maya", "Hate it!")])
    )
    assert "hates it" in containing(build(short, refused=(1,)).units, "pool")["content_text"]  # a reaction: goes on


def test_a_time_word_in_common_is_no_shared_subject(build):
    """"now" and "a week" used to count as a content word two statements share, joining a running habit and sleep."""
    turns = conversation(
        (MAY_8, [("Maya", "I added an easy Saturday shakeout, so it's four runs a week now."),
                 ("Maya", "The coffee thing worked btw. I'm sleeping about 7 and a half hours most nights now.")])
    )
    units = build(turns).units
    assert containing(units, "shakeout")["memory_id"] != containing(units, "sleeping")["memory_id"]


def test_a_plan_asked_as_a_question_keeps_its_date_in_the_unit_of_the_bare_answer(build):
    thursday = datetime(2025, 6, 12, 18, 0)
    turns = conversation((thursday, [("Priya", "My leaving drinks are next friday at the crown, you coming?"), ("Sam", "obviously")]))
    unit = containing(build(turns).units, "leaving drinks")
    assert unit["event_time_text"] == "next friday"
    assert unit["event_start"] == datetime(2025, 6, 20) and unit["event_time_basis"] == "expression"
    assert len(unit["entry_ids"]) == 2  # the question's entry is the unit's too: its words and date are


def test_what_happened_earlier_on_the_session_day_is_past(build):
    turns = conversation((MAY_8, [("Kofi", "This morning I had the job interview at the bank."), ("Ama", "How did it go?")]))
    unit = containing(build(turns).units, "interview")
    assert unit["event_time_text"] == "This morning" and unit["time_orientation"] == "past"


@pytest.mark.parametrize("news", ["Tom and I broke up.", "Tom dumped me.", "Ben got fired.", "Tom is engaged.", "he cheated on me."])
def test_news_of_someone_outside_the_talk_is_a_unit_not_a_reaction(build, news):
    # only affective words, like a reaction; but about a third person, so a fact of their life
    turns = conversation((MAY_8, [("Maya", "I have news."), ("Jo", "What happened?"), ("Maya", news), ("Jo", "Oh no, I'm so sorry.")]))
    units = build(turns).units
    assert units.filter(pl.col("speaker") == "Maya").height >= 1, units["content_text"].to_list()
    assert any(news.split()[1].rstrip(".") in text for text in units["content_text"].to_list()), units["content_text"].to_list()


@pytest.mark.parametrize("reaction", ["Wow, you are so talented!", "you killed it!"])
def test_a_compliment_stays_a_reaction(build, reaction):
    turns = conversation((MAY_8, [("Maya", "I played my first recital today."), ("Jo", reaction)]))
    assert build(turns).units.filter(pl.col("speaker") == "Jo").height == 0


@pytest.mark.parametrize(("sentence", "reaction"), [("he killed it", True), ("they love you", True), ("he cheated on me", False)])
def test_he_or_she_doing_something_is_news_unless_it_is_a_compliment(affect, resolver, sentence, reaction):
    from memory_pipeline.units.rules import rules_builder

    builder = rules_builder(UnitsConfig(), BuilderResources(affect, resolver))
    assert builder.is_reaction(sentence, "Jo", ("Maya", "Jo"), ("Maya", "Jo")) == reaction


def test_news_of_someone_named_before_counts_in_lower_case_too(build):
    turns = conversation((MAY_8, [("Ella", "Did you hear what happened to Tom?"), ("Finn", "no what"),
                                  ("Ella", "tom got caught shoplifting. tom was so ashamed"), ("Finn", "oh no")]))
    assert "ashamed" in containing(build(turns).units, "shoplifting")["content_text"]


@pytest.mark.parametrize(
    ("said", "feeling"),
    [
        ("mixed honestly. excited but terrified. I'd be managing people who were my friends", "terrified"),
        ("end of feb. honestly I'm dreading it. I hate packing", "dreading"),
        ("sad tbh. but also kinda relieved, no more breakdowns", "sad"),
    ],
)
def test_the_speakers_own_feeling_stays_in_the_unit(build, said, feeling):
    # an opener before the name, or a feeling said with no subject, is still the speaker's own and no reaction
    turns = conversation((MAY_8, [("Jo", "How are you feeling about it?"), ("Maya", said)]))
    assert feeling in containing(build(turns).units, feeling)["content_text"]


@pytest.mark.parametrize("said", ["proud of him.", "sad to hear.", "good luck!", "lol love that."])
def test_a_feeling_with_no_subject_for_someone_elses_news_is_a_reaction(affect, resolver, said):
    from memory_pipeline.units.rules import rules_builder

    builder = rules_builder(UnitsConfig(), BuilderResources(affect, resolver))
    sentence = f"Isla noted: {said}"
    assert builder.is_reaction(sentence, "Isla", ("Isla", "Finn"), ("Isla", "Finn")) or builder.is_filler(
        sentence, ("Isla", "Finn"), "Isla", ("Isla", "Finn"))


@pytest.mark.parametrize(
    ("said", "glue"),
    [
        # a reaction known by its form, whatever its words: a feast's greeting, an exclamation with no verb, an
        # acceptance, a verdict on what was said, praise by a participle, chat's interjections (all had been units)
        ("Jo noted: happy eid!", True), ("Jo noted: merry christmas everyone.", True), ("Jo noted: eid mubarak.", True),
        ("Jo noted: happy new year everyone!", True), ("Jo noted: the cheek.", True), ("Jo noted: what a knob.", True),
        ("Jo noted: such a shame.", True), ("Jo noted: deal.", True), ("Jo noted: course.", True),
        ("Jo noted: fair enough.", True), ("Jo noted: that's decent.", True), ("Jo noted: sounds rough.", True),
        ("Jo noted: deserved.", True), ("Jo noted: well deserved.", True), ("Jo noted: ffs.", True),
        # ... but a birthday's greeting tells a day of a life; "happy" with a time or a complement is the speaker's
        # feeling; a verdict that is a participle, a time or a name tells a thing; a short outcome is news
        ("Jo noted: happy birthday Mum.", False), ("Jo noted: happy now.", False), ("Jo noted: happy to help.", False),
        ("Jo noted: that's sorted.", False), ("Jo noted: that's friday.", False), ("Jo noted: that's Tom.", False),
        ("Jo noted: that's £500.", False), ("Jo noted: the 22nd then.", False), ("Jo noted: engaged!", False),
        ("Jo won.", False), ("Jo passed.", False), ("Jo moved in.", False), ("Jo noted: deal with it later.", False),
        ("Jo noted: what a week we had in Lisbon.", False), ("Jo noted: well said, I told him the same.", False),
    ],
)
def test_a_reaction_known_by_its_form_makes_no_unit(affect, resolver, said, glue):
    from memory_pipeline.units.rules import rules_builder

    builder = rules_builder(UnitsConfig(), BuilderResources(affect, resolver))
    names = ("Jo", "Marcus")
    assert (builder.is_filler(said, names, "Jo", names) or builder.is_reaction(said, "Jo", names, names)) == glue


@pytest.mark.parametrize("reply", ["the cheek", "well deserved!", "happy eid!", "ffs", "that's decent", "deal"])
def test_a_bare_reaction_to_the_others_news_makes_no_unit(build, reply):
    turns = conversation((MAY_8, [("Marcus", "Craig's solicitor replied, they offered £6,000."), ("Jo", reply)]))
    assert build(turns).units.filter(pl.col("speaker") == "Jo").height == 0


def test_the_speakers_own_happiness_is_no_filler_but_happiness_for_the_other_is(build):
    turns = conversation((MAY_8, [("Finn", "Mia and Sam got engaged last night!"), ("Isla", "WHAT. I'm so happy for them")]))
    assert "happy" in containing(build(turns).units, "happy")["content_text"]
    turns = conversation((MAY_8, [("Finn", "I got the job at the museum!"), ("Isla", "so happy for you!! amazing")]))
    assert build(turns).units.filter(pl.col("speaker") == "Isla").height == 0


def test_no_worries_is_no_worry():
    from memory_pipeline.units.affect import feelings_by_holder

    # "no" opening an answer is cut; "no" before what it negates stays with it
    assert [h.text for h in feelings_by_holder("No worries, Priya will sort it.", "Priya")][0] == "No worries"
    assert [h.text for h in feelings_by_holder("No, Sam is fine.", "Priya")] == ["Sam is fine."]
