"""Whom a "he" or "she" means across turns: the one person the turns just before talked about, carried into a
turn that does not name them, and never where the talk has moved to someone else. Written from hand-made probe
conversations ("Marcus from accounts?" - "Yes him. He's moving to Glasgow") and LoCoMo answers ("A few times.
He's real chill." after a question about LeBron)."""

from __future__ import annotations

import json

import polars as pl
import pytest

from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction import extract_memories
from memory_pipeline.extraction.referents import (
    FOCUS_TURNS, NO_NAMES, acting_names, asked_after, carried_referents, conversation_names, pet_names, with_pets,
)
from memory_pipeline.ingest import read_source
from memory_pipeline.ingest.frames import conversation_frames

PAIR = ("Lena", "Ines")


def carried(sessions: list[list[tuple[str, str]]], names: tuple[str, ...] = (), known_from: int = 1) -> dict[str, str]:
    """``{"S<session>:<turn>": referent}`` for a conversation between Lena and Ines, whose ``names`` are known from
    session ``known_from`` on."""
    rows = [
        {"conversation_id": "c", "session_index": s, "session_id": f"S{s}", "turn_index": t, "turn_id": f"S{s}:{t}",
         "speaker": who, "text": text}
        for s, turns in enumerate(sessions, 1) for t, (who, text) in enumerate(turns, 1)
    ]
    found = _with_their_pets(conversation_names(names, [r["text"] for r in rows], PAIR), rows)
    addressees = {r["turn_id"]: PAIR[1 - PAIR.index(r["speaker"])] for r in rows}
    known = {("c", s): found if s >= known_from else NO_NAMES for s in range(1, len(sessions) + 1)}
    return {turn: carry.referent for turn, carry in carried_referents(rows, known, addressees).items()}


def _with_their_pets(names, rows):
    return with_pets(names, {name for row in rows for name in pet_names(row["text"])})


def test_a_person_named_in_the_question_is_whom_the_answer_means():
    assert carried([[("Ines", "And Marcus? Is he coming up too?"), ("Lena", "He's staying in London for now.")]],
                   ("Marcus",)) == {"S1:2": "Marcus"}


def test_a_relative_is_whose_relative_it_is_and_stays_the_focus_while_the_talk_goes_on():
    assert carried([[("Lena", "My sister is visiting next week."), ("Ines", "Oh nice, is she staying long?"),
                     ("Lena", "She flies home on Sunday.")]]) == {"S1:2": "Lena's sister", "S1:3": "Lena's sister"}
    assert carried([[("Ines", "How is your dad doing?"), ("Lena", "He's much better, thanks.")]]) == {"S1:2": "Lena's dad"}


def test_a_relative_called_by_name_is_one_person_of_the_relatives_gender():
    # "my sister Anjali" had been two people (a relative and a name), so no one was carried
    assert carried([[("Lena", "btw my sister Anjali is visiting next week"), ("Ines", "Does she still live in York?"),
                     ("Lena", "No, she moved to Bristol.")]], ("Anjali",)) == {"S1:2": "Anjali", "S1:3": "Anjali"}
    assert carried([[("Lena", "My sister Anjali is visiting."), ("Lena", "He loves the city.")]], ("Anjali",)) == {}


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the relative's word holds after a bare mention of the name that tells no gender
        ([("Lena", "my uncle Ravi is taking the Monday shift now"), ("Ines", "Ravi on Mondays, got it. And Tuesdays?"),
          ("Lena", "Tuesdays she has her bridge club with Maureen")], {}),
        ([("Lena", "My son Theo has started doing the school run."), ("Ines", "Does Theo drive?"),
          ("Lena", "her car is in the garage this week")], {}),
        # ... and still carries the name to a pronoun of its gender
        ([("Lena", "my uncle Ravi is taking the Monday shift now"), ("Ines", "Ravi on Mondays, got it. And Tuesdays?"),
          ("Lena", "he can't do Tuesdays, he has his choir")], {"S1:3": "Ravi"}),
        ([("Lena", "My sister Ama is coming on Friday."), ("Ines", "Is Ama staying over?"), ("Lena", "she's got a hotel")],
         {"S1:3": "Ama"}),
        ([("Lena", "Joss is my sister, she lives in Hull"), ("Ines", "Does Joss visit much?"), ("Lena", "he never comes")], {}),
        # a relative's word that owns ("my sister's husband") gives the name no gender of its own: the word it owns does
        ([("Lena", "Omar is my sister's husband."), ("Ines", "Does Omar live nearby?"), ("Lena", "he sorted our boiler")],
         {"S1:3": "Omar"}),
        ([("Lena", "Joss is my brother's new girlfriend"), ("Ines", "Have you met Joss yet?"),
          ("Lena", "she's coming for lunch")], {"S1:3": "Joss"}),
        ([("Lena", "Omar is my sister's husband."), ("Ines", "Does Omar live nearby?"), ("Lena", "she's pregnant")], {}),
    ],
)
def test_the_gender_a_relatives_word_gives_a_name_holds_after_a_bare_mention(turns, expected):
    assert carried([turns], ("Ravi", "Maureen", "Theo", "Ama", "Omar", "Joss")) == expected


def test_someone_a_copula_brings_in_is_someone_else():
    # "There was a man on the train": a new person, not what Tom is
    assert carried([[("Lena", "My brother Tom is visiting this week."), ("Ines", "Is he still in Leeds?"),
                     ("Lena", "Yes. There was a man on the train shouting at me today."), ("Ines", "Did he hurt you?")]],
                   ("Tom",)) == {"S1:2": "Tom"}


def test_what_someone_is_is_no_one_else():
    # "the one who's a vet" says what she is: the talk is still about her
    assert carried([[("Lena", "So Anjali is visiting next week."), ("Ines", "Is she the one who's a vet?"),
                     ("Lena", "Yes, she just moved to Bristol.")]], ("Anjali",)) == {"S1:2": "Anjali", "S1:3": "Anjali"}
    assert carried([[("Lena", "Anjali is visiting."), ("Lena", "She works as a nurse now.")]], ("Anjali",)) == {"S1:2": "Anjali"}


@pytest.mark.parametrize(
    "turns",
    [
        # the gender a relative word gives
        [("Lena", "My sister is visiting next week."), ("Lena", "He loves the city.")],
        # someone the turn brings in before its pronoun
        [("Lena", "So Marcus quit."), ("Lena", "I met a guy at the gym, he's a trainer.")],
        # two people at once
        [("Lena", "Marcus and Priya came over."), ("Lena", "He brought wine."), ("Lena", "I told Marcus and Priya.")],
        # one of them a name the turns only use at a sentence's start
        [("Lena", "Marcus and Priya came over."), ("Lena", "He brought wine."), ("Lena", "I told Priya.")],
        # a pronoun before the name a turn brings in: someone else is in the talk too
        [("Lena", "I booked him in with Priya on Thursday."), ("Lena", "He hates the bus.")],
        # too long ago
        [("Lena", "So Marcus quit."), *[("Ines" if k % 2 == 0 else "Lena", "Wow.") for k in range(FOCUS_TURNS)],
         ("Lena", "He starts in May.")],
    ],
)
def test_no_one_is_carried_where_the_talk_has_moved(turns):
    assert carried([turns], ("Marcus", "Priya")) == {}


def test_a_name_said_only_at_a_sentence_start_is_someone_when_the_next_turn_goes_on_with_he():
    assert carried([[("Lena", "Jonah quit."), ("Lena", "He hated the commute.")]], ("Jonah",)) == {"S1:2": "Jonah"}


def test_someone_named_by_their_role_or_reported_by_the_name_is_someone_else():
    assert carried([[("Ines", "How's your dad?"), ("Lena", "Better. The plumber came round, he fixed the boiler.")]]) == {}
    assert carried([[("Lena", "So Jonah told me she's pregnant!"), ("Ines", "When is she due?")]], ("Jonah",)) == {}


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # one's landlord, builder or solicitor is one person, as one's boss is ("he" had been left as said)
        ([("Lena", "my landlord is keeping my deposit"), ("Ines", "ugh"), ("Lena", "he says the carpet was dirty")],
         {"S1:3": "Lena's landlord"}),
        ([("Lena", "my landlady wants the flat back"), ("Ines", "oh no"), ("Lena", "she says we have two months")],
         {"S1:3": "Lena's landlady"}),
        ([("Lena", "my builder has gone bust"), ("Ines", "no way"), ("Lena", "he's not answering his phone")],
         {"S1:3": "Lena's builder"}),
        # ... not a landlady's "he", "the landlord", "a landlord", landlords, someone else's, or a clinician
        ([("Lena", "my landlady wants the flat back"), ("Ines", "oh no"), ("Lena", "he says we have two months")], {}),
        ([("Lena", "the landlord is keeping my deposit"), ("Ines", "ugh"), ("Lena", "he says the carpet was dirty")], {}),
        ([("Lena", "a landlord I know is selling up"), ("Ines", "oh"), ("Lena", "he wants out")], {}),
        ([("Lena", "my landlords are selling up"), ("Ines", "oh"), ("Lena", "he wants out")], {}),
        ([("Lena", "my sister's landlord is awful"), ("Ines", "why?"), ("Lena", "he never fixes anything")], {}),
        ([("Lena", "my GP referred me"), ("Ines", "good"), ("Lena", "she said it's nothing serious")], {}),
    ],
)
def test_ones_own_landlord_or_builder_is_one_person(turns, expected):
    assert carried([turns]) == expected


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a grandchild or a step-parent is a relative: a "his" after "my grandson" is the grandson's, not the
        # person of the turn before ("It is Dennis' birthday" had been written)
        ([("Lena", "Dennis has moved into a home, he can't manage the stairs."), ("Ines", "Sorry."),
          ("Lena", "I want to send my grandson a card. It is his birthday on Friday.")], {}),
        ([("Lena", "my grandson is starting uni"), ("Ines", "how exciting"), ("Lena", "he's doing maths")],
         {"S1:3": "Lena's grandson"}),
        ([("Lena", "my stepdad is in hospital"), ("Ines", "oh no"), ("Lena", "he had a fall")], {"S1:3": "Lena's stepdad"}),
        ([("Lena", "my stepmum is in hospital"), ("Ines", "oh no"), ("Lena", "he had a fall")], {}),
        # "It is my granddaughter's birthday" brings her in: "it" is no one the relative's word says who they are
        ([("Lena", "Brenda came to clean today, she was late."), ("Ines", "Oh."),
          ("Lena", "It is my granddaughter's birthday and I should like to send her £50")], {}),
    ],
)
def test_a_grandchild_or_a_step_parent_is_a_relative(turns, expected):
    assert carried([turns], ("Dennis", "Brenda")) == expected


HE_SENDS = "he's sending his payslips at the weekend"


@pytest.mark.parametrize(
    ("said", "later", "expected"),
    [
        # a "he" or "she" a name reports, of the gender its relative's word gave it, is what they said of themself
        # ("my brother Karim said he'd ..." had ended the focus, and the later "he" was no one's)
        ("my brother Karim said he'd be my guarantor", HE_SENDS, {"S1:3": "Karim"}),
        ("my sister Anjali says she'll be my guarantor", "she's sending her payslips", {"S1:3": "Anjali"}),
        # ... as "is going to" says it; of another gender, or of a name whose gender is not known, it is someone else
        ("my brother Karim is going to be my guarantor", HE_SENDS, {"S1:3": "Karim"}),
        ("my brother Karim told me she'd be my guarantor", "she's sending her payslips", {}),
        ("Karim said he'd be my guarantor", HE_SENDS, {}),
    ],
)
def test_a_pronoun_a_relative_reports_of_their_own_gender_is_themself(said, later, expected):
    assert carried([[("Lena", said), ("Ines", "That's kind of them."), ("Lena", later)]], ("Karim", "Anjali")) == expected


def test_a_pronoun_that_no_longer_fits_ends_the_focus():
    # "she" cannot be Marcus once he was "he"; and the "he" after her is not carried either
    assert carried([[("Lena", "So Marcus quit, he walked out on Thursday."), ("Lena", "She was furious."),
                     ("Lena", "He starts in May.")]], ("Marcus",)) == {}


def test_the_gender_a_name_was_given_holds_in_later_sessions():
    first = [("Lena", "We hired Rosa, she starts in March."), ("Ines", "Great.")]
    assert carried([first, [("Ines", "Rosa starts Monday, right?"), ("Lena", "Yes. I'm nervous about leaving him.")]],
                   ("Rosa",)) == {}
    assert carried([first, [("Ines", "Rosa starts Monday, right?"), ("Lena", "Yes. I hope she likes it.")]],
                   ("Rosa",)) == {"S2:2": "Rosa"}


DOCTOR_LATER = [("Lena", "Dr Mensah has changed the dose again."), ("Ines", "OK."), ("Lena", "I hope her legs settle now.")]
ROOFER_LATER = [("Lena", "So Gareth has started on the roof."), ("Ines", "Great."), ("Lena", "her cat keeps sitting on the ladder.")]
DOCTOR_HIS = [("Lena", "Dr Mensah has changed the dose again."), ("Ines", "OK."), ("Lena", "his nurse is ringing tomorrow.")]
ROOFER_HIS = [("Lena", "So Gareth has started on the roof."), ("Ines", "Great."), ("Lena", "his van is blocking the drive.")]


@pytest.mark.parametrize(
    ("first", "later", "expected"),
    [
        # a "he" after the name in a session before it was known as one tells its gender
        ([("Lena", "her check-up with Dr Mensah was booked for today but he's put it back a week")], DOCTOR_LATER, {}),
        ([("Lena", "Gareth came to price the roof. He reckons two days' work.")], ROOFER_LATER, {}),
        # ... a "she" that may be someone it did something to, or one a saying verb reports, tells nothing
        ([("Lena", "Dr Mensah saw her on Monday. she was tired after")], DOCTOR_LATER, {"S2:3": "Dr Mensah"}),
        ([("Lena", "Gareth told me she'd be late")], ROOFER_LATER, {"S2:3": "Gareth"}),
        ([("Lena", "Gareth and Priya came round, she brought wine")], ROOFER_LATER, {"S2:3": "Gareth"}),
        # ... nor a "she" or "he" someone else of that gender may be: the one the session talks of, one before the
        # name, a name owned (their house), or after a call or a word with the name
        ([("Lena", "my aunt has been unwell"), ("Lena", "Dr Mensah came by in the morning. she has an infection")],
         DOCTOR_HIS, {"S1:2": "Lena's aunt", "S2:3": "Dr Mensah"}),
        ([("Lena", "my aunt and Dr Mensah don't agree, she wants a scan")], DOCTOR_HIS, {"S2:3": "Dr Mensah"}),
        ([("Lena", "had a text from Dr Mensah. she has to stay in another night")], DOCTOR_HIS, {"S2:3": "Dr Mensah"}),
        ([("Lena", "went round to Gareth's. she let me in")], ROOFER_HIS, {"S2:3": "Gareth"}),
    ],
)
def test_the_gender_a_pronoun_gave_a_name_before_it_was_known_holds(first, later, expected):
    # the names are known from session 2 on; the "her" of S2:3 comes before anyone it mentions
    assert carried([first, later], ("Dr Mensah", "Gareth", "Priya"), known_from=2) == expected


def test_names_are_capitalised_words_used_inside_sentences_and_not_the_participants():
    names = conversation_names(["Fingers", "Ines", "Mel", "Marcus", "zara"],
                               ["Fingers crossed!", "I met Marcus today", "Thanks, Mel", "ask zara"], ["Melanie", "Ines"])
    assert names.people == {"Marcus"}
    # a name seen only at a sentence's start is looked for all the same: it is someone else in the talk
    assert [m.group() for m in names.pattern.finditer("Fingers crossed, Mel, Ines and zara met Marcus")] == [
        "Fingers", "Marcus"]
    assert carried([[("Lena", "So Marcus quit."), ("Lena", "Fingers crossed. He starts in May.")]],
                   ("Marcus", "Fingers")) == {}


def test_titles_places_and_capitals_are_no_one():
    texts = ["I finally read the Hobbit", "We stayed in Seattle", "the GP called", "Hobbit is great, he said",
             "Seattle was amazing. She loved it", "So Marcus quit"]
    names = conversation_names(["Hobbit", "Seattle", "GP", "Marcus"], texts, PAIR)
    assert names.people == {"Marcus"}
    trip = [("Ines", "How was your week in Seattle?"), ("Lena", "So good. Seattle is lovely."), ("Lena", "She was great.")]
    assert carried([trip], ("Seattle",)) == {}
    # a place named after a saint, as written whole or as the saint's name alone, is no one either
    texts = ["my uncle found one called St Oswald's near us", "St Oswald's rang, she got a room", "Oswald's staff were kind",
             "we met Stella there, she's lovely"]
    assert conversation_names(["St Oswald", "Oswald", "Stella"], texts, PAIR).people == {"Stella"}
    # ... but the place is that mention's: the saint's name said of someone else, a surname after a title, a pet
    texts = ["dad's at St Agnes's hospice now", "my friend Agnes is going to see him", "Dr St Clement is my new dentist",
             "she's gentle", "Saint is our cat's name, he's grey"]
    assert conversation_names(["Agnes", "St Clement", "Saint"], texts, PAIR).people == {"Agnes", "St Clement", "Saint"}
    assert carried([[("Lena", "dad's at St Agnes's hospice now"), ("Lena", "my friend Agnes is going to see him"),
                     ("Lena", "she's so kind")]], ("Agnes",)) == {"S1:3": "Agnes"}


def test_a_name_is_one_that_does_something_whatever_the_tagger_calls_it(parser):
    # the small tagger has called Marcus a place and Glasgow a person; the subject is what counts
    assert "Marcus" in acting_names(parser.parse("Also, Marcus texted me. He hates Glasgow."))
    assert acting_names(parser.parse("Saturday was fun. I went to Glasgow.")) == set()


def _entries(parser, resolver, tmp_path, turns: list[tuple[str, str, bool]]) -> dict[int, tuple[str, list[str]]]:
    """``{turn: (text, people)}`` of one session between Priya and Tom; each turn admitted or not as given."""
    conversation = {
        "conversation_id": "gossip", "speakers": [{"name": "Priya", "role": "user"}, {"name": "Tom", "role": "user"}],
        "sessions": [{"session_id": "S1", "start_time": "2025-07-14T19:00:00",
                      "turns": [{"speaker": who, "text": text} for who, text, _ in turns]}],
    }
    path = tmp_path / "gossip.json"
    path.write_text(json.dumps(conversation))
    _, frame = conversation_frames(read_source(path)[0], {"file": path.name, "path": path.name, "format": "canonical", "sha256": ""})
    gate = frame.select("turn_id", pl.Series("admitted", [admitted for _, _, admitted in turns]))
    entries = extract_memories(frame, gate, parser, ExtractorConfig(), resolver).entries
    return {int(turn.rsplit(":", 1)[1]): (text, people)
            for turn, text, people in entries.select("source_turn_id", "text", "people").iter_rows()}


@pytest.mark.slow
def test_an_answer_names_the_person_the_question_the_gate_left_out_asked_about(parser, resolver, tmp_path):
    entries = _entries(parser, resolver, tmp_path, [
        ("Priya", "Marcus quit. He walked into Helen's office on Thursday and handed in his notice.", True),
        ("Tom", "Marcus from accounts? The one with the vintage Vespa?", False),
        ("Priya", "Yes him. He's moving to Glasgow to work at his girlfriend's startup.", True),
        ("Tom", "How is your sister doing?", False),
        ("Priya", "She's fine, she started at the bakery last week.", True),
    ])
    text, people = entries[3]
    assert "Marcus is moving to Glasgow" in text and "Marcus" in people
    text, people = entries[5]
    # a relative is written out but is no named person of the memory
    assert text.startswith("Priya's sister is fine, Priya's sister started at the bakery") and people == []


@pytest.mark.slow
def test_a_pronoun_done_to_the_carried_person_is_someone_else(parser, resolver, tmp_path):
    entries = _entries(parser, resolver, tmp_path, [
        ("Tom", "How's your dad?", False),
        # "he" is the dad; "him", whom he thanked, is not ("himself" would be)
        ("Priya", "He's better, he thanked him for the flowers.", True),
    ])
    assert entries[2][0] == "Priya's dad is better, Priya's dad thanked him for the flowers."
    # a guard: an owner of the carried person's gender stays theirs
    entries = _entries(parser, resolver, tmp_path, [
        ("Priya", "My sister Anjali is coming for the weekend.", True),
        ("Tom", "Got it. Is anyone else coming?", False),
        ("Priya", "Her husband Vikram might join on Sunday.", True),
    ])
    assert "Anjali's husband Vikram might join on Sunday" in entries[3][0]


def test_a_name_typed_in_lower_case_is_carried_written_with_a_capital():
    # texting drops capitals; the tagger still reads "tom" as a name, and "him" after it says it is a person
    assert carried([[("Lena", "tom asked me to move in with him!!"), ("Ines", "omg!! are u gonna say yes"),
                     ("Lena", "i think so?? tbh im scared bc his flat is tiny and he has 2 cats")]],
                   ("tom", "bc")) == {"S1:3": "Tom"}
    # chat's own words are no names, whatever the tagger calls them
    assert conversation_names(("bc", "omg", "tbh", "ill"), ["bc he said so", "omg he did", "tbh he is",
                                                            "ill make her one when she visits"], PAIR).people == set()
    # a lower-case word no pronoun or "and I" marks as someone stays no one
    assert conversation_names(("rome",), ["rome was amazing", "we loved rome"], PAIR).people == set()


@pytest.mark.slow
def test_a_later_session_does_not_rewrite_the_memories_of_an_earlier_one(parser, resolver, tmp_path):
    """A conversation fed a session at a time gets the memories (and memory ids) it gets fed at once: "Mum ...
    she" in March had made "Mum" a person in February's turns, so "I'll drive her there" was rewritten (a new id,
    the old one gone from lineage) when March arrived."""
    february = {"session_id": "S1", "start_time": "2024-02-10T18:00:00", "turns": [
        {"speaker": "Ellie", "text": "Ben, Mum's hip surgery is booked for 12 March at the Royal Infirmary."},
        {"speaker": "Ben", "text": "Oh good, finally. Do you need me to take her?"},
        {"speaker": "Ellie", "text": "No, I'll drive her there. Are you still at the warehouse?"},
    ]}
    march = {"session_id": "S2", "start_time": "2024-03-30T18:00:00", "turns": [
        {"speaker": "Ellie", "text": "Mum's surgery went well on Tuesday, she's home now."},
        {"speaker": "Ben", "text": "Great news. Tell Mum I'll visit on Sunday."},
    ]}

    def entries(sessions) -> dict[str, tuple[str, str]]:
        conversation = {"conversation_id": "siblings", "sessions": sessions,
                        "speakers": [{"name": "Ellie", "role": "user"}, {"name": "Ben", "role": "user"}]}
        path = tmp_path / "siblings.json"
        path.write_text(json.dumps(conversation))
        _, frame = conversation_frames(read_source(path)[0], {"file": path.name, "path": path.name, "format": "canonical", "sha256": ""})
        gate = frame.select("turn_id", pl.lit(True).alias("admitted"))
        found = extract_memories(frame, gate, parser, ExtractorConfig(), resolver).entries
        return {turn: (memory_id, text) for turn, memory_id, text in found.select("source_turn_id", "memory_id", "text").iter_rows()}

    before, after = entries([february]), entries([february, march])
    assert before and all(after[turn] == said for turn, said in before.items())


@pytest.mark.parametrize(
    ("sessions", "names", "expected"),
    [
        # who the one just named is to the speaker is no second person
        ([[("Lena", "So Ravi got the job. So now he's my boss. Weird."), ("Ines", "Is he being weird about it?"),
           ("Lena", "No, he's actually been really supportive.")]], ("Ravi",), {"S1:2": "Ravi", "S1:3": "Ravi"}),
        # "her name is ..." names the someone or the relative before it
        ([[("Lena", "So... I've been seeing someone. Her name is Jess, we met at climbing."), ("Ines", "Tell me about her."),
           ("Lena", "She's a nurse at St Thomas', she's funny.")]], ("Jess",), {"S1:2": "Jess", "S1:3": "Jess"}),
        ([[("Lena", "My neighbour came round. His name is Dev."), ("Ines", "What did he want?"),
           ("Lena", "He wants to borrow the ladder.")]], ("Dev",), {"S1:2": "Dev", "S1:3": "Dev"}),
        # a question about the listener's relative still brings the relative in
        ([[("Ines", "How is your dad doing?"), ("Lena", "He's much better, thanks.")]], (), {"S1:2": "Lena's dad"}),
    ],
)
def test_a_person_said_to_be_a_relative_or_given_a_name_stays_one_person(sessions, names, expected):
    assert carried(sessions, names) == expected


@pytest.mark.parametrize(
    ("sessions", "expected"),
    [
        # "in law" after the kin word, spaced or hyphenated, is another person than the kin word alone: the
        # in-law had been carried as "Lena's father"
        ([[("Lena", "my father in law is up for the weekend"), ("Ines", "Is he staying with you?"),
           ("Lena", "yeah he's in the spare room")]], {"S1:2": "Lena's father in law", "S1:3": "Lena's father in law"}),
        ([[("Ines", "Is your sister-in-law still in Cork?"), ("Lena", "No, she moved back to Galway.")]],
         {"S1:2": "Lena's sister-in-law"}),
        ([[("Lena", "My brother in law Callum is painting the hall."), ("Lena", "He's done the ceiling already.")]],
         {"S1:2": "Callum"}),
        # someone else's in-law brings someone in: the focus before is no longer whom the next "she" means
        ([[("Lena", "My sister is visiting."), ("Ines", "Her mother-in-law rang me."), ("Lena", "She wants the recipe.")]],
         {"S1:2": "Lena's sister"}),
        # "law" as a field: the son is the one the talk goes on about
        ([[("Lena", "my son in law school is struggling"), ("Ines", "Is he sleeping ok?")]], {"S1:2": "Lena's son"}),
        ([[("Lena", "My daughter in law enforcement loves it"), ("Ines", "Does she work nights?")]],
         {"S1:2": "Lena's daughter"}),
        # the kin word alone is as before
        ([[("Lena", "My mother is staying a week."), ("Ines", "Is she well?")]], {"S1:2": "Lena's mother"}),
    ],
)
def test_an_in_law_is_one_person_not_the_kin_word_alone(sessions, expected):
    assert carried(sessions, ("Callum",)) == expected


def test_a_doctor_with_no_name_moves_the_talk_to_no_one_else():
    # "The surgeon wants to ..." had ended the mother's focus, so her pills and her age went to no one
    assert carried([[("Lena", "I need some advice about my mum."), ("Ines", "Of course. What's going on?"),
                     ("Lena", "She has been diagnosed with arthritis in her hip. The surgeon wants to replace it."),
                     ("Ines", "Is she on a waiting list?"), ("Lena", "Yes. She's 72 and lives on her own.")]]) == {
        "S1:3": "Lena's mum", "S1:4": "Lena's mum", "S1:5": "Lena's mum"}
    # a friend the turn brings in may be the one the talk moved to: the next "she" is no one's
    assert "S1:4" not in carried([[("Lena", "My sister is struggling."), ("Ines", "Oh no, what happened?"),
                                   ("Lena", "She lost her job. A friend from church has been bringing her food."),
                                   ("Lena", "She also drives her to the jobcentre.")]])
    # a man the turn brings in is someone the talk may have moved to, as before
    assert "S1:4" not in carried([[("Lena", "My mum is in hospital."), ("Ines", "Oh no, what happened?"),
                                   ("Lena", "She fell. A man from the hospital rang."), ("Ines", "Is she ok?")]])


def test_a_parent_called_by_the_word_alone_is_the_speakers():
    assert carried([[("Lena", "Mum had her hip replaced last Monday."), ("Ines", "How is her recovery going?"),
                     ("Lena", "She's been home since Friday.")]]) == {"S1:2": "Lena's mum", "S1:3": "Lena's mum"}
    # "her mum" is someone else's
    assert carried([[("Lena", "Ana said her Mum had a fall."), ("Lena", "She's fine now.")]]) == {}


def asked(turns: list[tuple[str, str]], names: tuple[str, ...] = ()) -> dict[str, str]:
    """``{"S1:<turn>": referent}`` of :func:`asked_after` for one session between Lena and Ines."""
    rows = [{"conversation_id": "c", "session_index": 1, "session_id": "S1", "turn_index": t, "turn_id": f"S1:{t}",
             "speaker": who, "text": text} for t, (who, text) in enumerate(turns, 1)]
    known = {("c", 1): _with_their_pets(conversation_names(names, [r["text"] for r in rows], PAIR), rows)}
    addressees = {r["turn_id"]: PAIR[1 - PAIR.index(r["speaker"])] for r in rows}
    return asked_after(rows, known, addressees, carried_referents(rows, known, addressees))


def test_a_question_after_someone_is_whom_the_answers_dropped_subject_means():
    assert asked([("Ines", "How's your brother doing?"), ("Lena", "Staying with my parents for now.")]) == {
        "S1:2": "Lena's brother"}
    assert asked([("Lena", "Gerald is my tortoise, he is forty."), ("Ines", "Haha. How's Gerald?"),
                  ("Lena", "Hibernating again.")], ("Gerald",)) == {"S1:3": "Gerald"}
    assert asked([("Lena", "My dad had his op on Monday."), ("Ines", "Oh no. How is he?"),
                  ("Lena", "Recovering at home.")]) == {"S1:3": "Lena's dad"}
    assert asked([("Ines", "And your mum?"), ("Lena", "Back at work already.")]) == {"S1:2": "Lena's mum"}
    assert asked([("Ines", "How's your hamster Nibbles?"), ("Lena", "Sleeping all day.")], ("Nibbles",)) == {
        "S1:2": "Nibbles"}
    # what someone is doing is asked after them too
    assert asked([("Ines", "And what's your sister up to these days?"), ("Lena", "Still job hunting.")]) == {
        "S1:2": "Lena's sister"}
    assert asked([("Ines", "What is your dad doing now?"), ("Lena", "Gardening mostly.")]) == {"S1:2": "Lena's dad"}


@pytest.mark.parametrize("question", [
    "How's the new job going?",  # a thing: "Loving it so far" is the answerer's
    "How are you?", "How was your weekend?", "How's your brother's new flat?",
    "How's your brother? Did you see him?",  # the question after him is not the last one asked
    "What are you doing tonight?", "What's the plan doing?",
])
def test_a_question_after_no_one_or_a_thing_sets_no_subject(question):
    assert asked([("Ines", question), ("Lena", "Loving it so far.")]) == {}


def test_only_the_other_speakers_question_just_before_sets_a_subject():
    assert asked([("Lena", "How's your brother doing?"), ("Lena", "Staying with my parents for now.")]) == {}
    assert asked([("Ines", "How's your brother doing?"), ("Lena", "Fine."), ("Lena", "Staying with us.")]) == {
        "S1:2": "Lena's brother"}


@pytest.mark.slow
def test_an_answer_about_the_one_asked_after_is_theirs(parser, resolver, tmp_path):
    entries = _entries(parser, resolver, tmp_path, [
        ("Tom", "How's your brother?", False),
        ("Priya", "Staying with my parents for now, looking for a flat.", True),
        ("Tom", "And how is your mum?", False),
        ("Priya", "Visited her yesterday.", True),
        ("Tom", "How's the new job going?", False),
        ("Priya", "Loving it so far.", True),
    ])
    assert entries[2][0].startswith("Priya's brother is staying with Priya's parents")
    assert entries[4][0].startswith("Priya visited")  # the answer points at her itself: the speaker did it
    assert entries[6][0] == "Priya is loving it so far."


@pytest.mark.slow
def test_an_answer_that_turns_to_the_speakers_news_is_the_speakers(parser, resolver, tmp_path):
    entries = _entries(parser, resolver, tmp_path, [
        ("Tom", "Hey you! How are you? How's Jake?", False),
        ("Priya", "I'm good! Started a new job on Monday.", True),
        ("Tom", "How's Luna?", False),
        ("Priya", "Better thanks. Anyway, got the promotion I told you about!!", True),
        ("Tom", "How's your brother?", False),
        ("Priya", "Haven't seen him in ages actually. Been so busy with work.", True),
        ("Tom", "how's your mum doing?", False),
        ("Priya", "Better thanks! Got my exam results today, passed!!", True),
        ("Tom", "And your mum?", False),
        ("Priya", "She's fine. Came over for dinner on Sunday.", True),
        ("Tom", "How's Jake?", False),
        ("Priya", "No idea, he hasn't texted me in weeks. Been swamped at work.", True),
        ("Tom", "How's your sister?", False),
        ("Priya", "She's fine. Oh and got the job!!", True),
    ])
    assert "Jake been swamped" not in entries[12][0] and "swamped" in entries[12][0]
    assert "Priya's sister got the job" not in entries[14][0]
    for turn in (2, 4, 6, 8):
        assert not any(f"{who} started" in entries[turn][0] or f"{who} got" in entries[turn][0] or f"{who} been" in
                       entries[turn][0] for who in ("Jake", "Luna", "Priya's brother", "Priya's mum")), entries[turn][0]
    assert "Priya's mum came over for dinner" in entries[10][0]  # still about her: "she" was the subject before


@pytest.mark.parametrize(
    ("text", "pets"),
    [
        ("we picked up a beagle called Pepper on sunday", {"Pepper"}),
        ("My old collie Rex is limping again", {"Rex"}),
        ("two hamsters, Salt and Pepper, for the kids", {"Salt", "Pepper"}),
        ("Bramble, she's our springer spaniel", {"Bramble"}),
        ("Toffee, 3 year old tabby, very shy", {"Toffee"}),
        ("We adopted a puppy last week. Her name is Poppy and she's tiny", {"Poppy"}),
        # people beside a pet word are still people
        ("my dog walker Dan is off sick", set()),
        ("Dan, he's my dog walker", set()),
        ("I met a woman with a dog yesterday, her name is Jo", set()),
        ("my friend Rex has a dog", set()),
        ("The dog I saw was huge", set()),
    ],
)
def test_a_name_given_with_a_pet_word_is_a_pets(text, pets):
    assert pet_names(text) == pets


def test_a_pronoun_about_a_pets_care_is_the_pets_not_the_person_named_last():
    talk = [("Lena", "We brought home a beagle called Pepper yesterday, she's 10 weeks."),
            ("Ines", "Aw! How was the first night?"),
            ("Lena", "My wife Ana stayed up with her by the crate all night."),
            ("Ines", "Poor Ana!")]
    # "she had her jab at the vet": the puppy's, though Ana was named last
    assert carried([[*talk, ("Lena", "She has her second jab at the vet on Friday.")]], ("Ana",))["S1:5"] == "Pepper"
    # guards: a "she" in a sentence about no pet's care stays the person's; so does one with words people share
    # with animals (a jab, a booster), or in a sentence that names the pet
    assert carried([[*talk, ("Lena", "She is back at work on Friday.")]], ("Ana",))["S1:5"] == "Ana"
    assert carried([[*talk, ("Lena", "She had her flu jab at the GP this morning.")]], ("Ana",))["S1:5"] == "Ana"
    assert carried([[*talk, ("Lena", "She bought a new crate so Pepper can sleep downstairs.")]], ("Ana",))["S1:5"] == "Ana"
    assert carried([[*talk, ("Lena", "She always wanted to be a vet.")]], ("Ana",))["S1:5"] == "Ana"  # a trade
    # a guard: with no pet named in the session, the person's
    no_pet = [("Lena", "My wife Ana had her booster last week."), ("Ines", "Oh good."), ("Lena", "She had the jab at the GP.")]
    assert carried([no_pet], ("Ana",))["S1:3"] == "Ana"


def test_a_person_and_an_animal_named_together_leave_a_he_in_the_next_turn_as_said_but_for_the_animals_care():
    # "My husband Dev agreed! we're adopting a whippet, his name is Bolt": two named, so a "he" after may be either; in talk of
    # the animal's care it is the animal, and the dog never starts a job
    adopted = [("Lena", "My husband Dev agreed! we're adopting a whippet, his name is Bolt, he's 2"), ("Ines", "Exciting!")]
    assert carried([[*adopted, ("Lena", "He goes to the vet for his checks on Monday")]], ("Dev",)) == {"S1:3": "Bolt"}
    assert carried([[*adopted, ("Lena", "He starts his new job on Monday too")]], ("Dev",)) == {}
    # a guard: a breed with no name beside a person leaves the person the focus
    assert carried([[("Lena", "So Dev finally agreed to a whippet."), ("Ines", "Ha!"), ("Lena", "He's so happy")]],
                   ("Dev",)) == {"S1:3": "Dev"}
    # a pet named alone is the focus like anyone: "she's on gabapentin" is the dog's
    assert carried([[("Lena", "Our old lab Bella has a limp."), ("Ines", "Poor thing."),
                     ("Lena", "she's on painkillers now, seems more comfortable")]]) == {"S1:3": "Bella"}


def test_a_pets_dropped_subject_answers_the_question_after_it():
    assert asked([("Lena", "We got a kitten called Mochi!"), ("Ines", "Mochi is such a cute name. How's she settling in?"),
                  ("Lena", "Hid under the sofa all day.")]) == {"S1:3": "Mochi"}
    assert asked([("Lena", "My old lab Rex has a limp."), ("Ines", "Oh no. Is he sleeping ok?"),
                  ("Lena", "Sleeping loads actually.")]) == {"S1:3": "Rex"}
    # a guard: a question that names two leaves the answer the speaker's
    assert asked([("Lena", "We got a kitten called Mochi!"), ("Ines", "Did Mochi and Tom meet? How's she settling in?"),
                  ("Lena", "Hid all day.")], ("Tom",)) == {}


@pytest.mark.parametrize("text, named", [
    ("Chidi is 15, he's in year 11 now", {"Chidi"}),  # the tagger calls an unknown first name opening a turn a noun
    ("Zainab is 9, she's in year 4", {"Zainab"}),
    ("Saturday was fun.", set()),  # a date is no one, whatever its part of speech
    ("Biology is her best subject", set()),  # a common noun the recogniser did not call a name
    ("Gymnastics is on wednesdays, she loves it", set()),  # a plural the recogniser called a place is no name
    ("my physio is great", set()),  # a word in lower case is left to the proper-noun reading
])
def test_a_first_name_the_tagger_calls_a_noun_is_a_name_that_acts(parser, text, named):
    assert acting_names(parser.parse(text)) == named


@pytest.mark.parametrize("turns, expected", [
    # a person word right before a name is that person, no one else beside them
    ([("Lena", "my work friend Priti is moving in next month, haven't lived with her before"),
      ("Ines", "Is she bringing much stuff?"), ("Lena", "she's got a piano lol")], {"S1:2": "Priti", "S1:3": "Priti"}),
    ([("Lena", "our neighbour Dev fixed the fence"), ("Lena", "He wouldn't take any money.")], {"S1:2": "Dev"}),
    # guards: someone owned by the named one is still a second person
    ([("Lena", "Priti's friend Jo is moving in"), ("Lena", "she's got a piano")], {}),
    ([("Lena", "Priti and a friend are moving in"), ("Lena", "she's got a piano")], {}),
])
def test_a_person_word_before_a_name_is_the_one_named(turns, expected):
    assert carried([turns], ("Priti", "Dev", "Jo")) == expected
