"""A bare name or a bare "my <relative>" answering who someone is is remembered with what the question asked.
Before, "What's your brother's name?" - "Tomasz. He's a chef." became "Nina's brother is a chef" (the name gone),
"Who is Priya?" - "My boss. She just had surgery." became "Nina noted: she just had surgery."."""

from __future__ import annotations

import polars as pl
import pytest

from memory_pipeline.extraction.identity import Asked, asked_who, name_given, relative_given
from tests.test_confirmation import _extracted


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Congratulations to her! What's her name, so I can keep notes?", Asked("is", whose="her")),
        ("Nice! What's your brother's name?", Asked("is", whose="your brother's")),
        ("OMG!!! Congratulations! What's his name??", Asked("is", whose="his")),
        # asked to be reminded: of someone who is, not who was; asked without "again": as asked
        ("What was his name again?", Asked("is", whose="his")),
        ("What was your dad's name?", Asked("was", whose="your dad's")),
        ("Who is your boss?", Asked("is", whose="your boss")),
        ("Who is Hana?", Asked("is", name="Hana")),
        ("And who's Marek?", Asked("is", name="Marek")),
        # no identity asked, or the answerer's own name, or not the last thing said
        ("Who is coming?", None), ("Who is it?", None), ("What's the plan?", None), ("What's your name?", None),
        ("Who is Hana? I'll note it.", None),
        ("Who is your daughter dating?", None),  # asks of someone else, not who the daughter is
        ("Aww! What did they call her?", Asked("is", whose="her")), ("What's he called?", Asked("is", whose="his")),
        ("What did you call it?", None),
    ],
)
def test_an_identity_question_closing_a_turn_is_found(question, asked):
    assert asked_who(question) == asked


@pytest.mark.parametrize(
    ("answer", "given"),
    [
        ("Anjali. She's two years older than me.", "Anjali"),
        ("Yusuf. Yusuf Karim Haddad.", "Yusuf Karim Haddad"),
        ("Zofia", "Zofia"),
        ("Dunno.", None), ("Yes!", None), ("Anjali, I think.", None), ("Tuesday.", None), ("no idea", None),
        ("Wait.", None), ("Pass.", None),
    ],
)
def test_a_bare_name_is_told_from_an_answer_with_words_of_its_own(answer, given):
    found = name_given(answer)
    assert (found and found[0]) == given


@pytest.mark.parametrize(
    ("answer", "given"),
    [
        ("My ex-wife. We have twins.", "my ex-wife"), ("My boss.", "my boss"), ("my old boss from Siemens", "my old boss from Siemens"),
        ("Our neighbour!", "our neighbour"),
        ("My god. I forgot.", None), ("My bad, she's my boss.", None), ("My boss, she's great.", None),
    ],
)
def test_a_bare_relative_is_told_from_other_words(answer, given):
    found = relative_given(answer)
    assert (found and found[0]) == given


def _texts(result) -> dict[str, str]:
    return {row["source_turn_id"].rsplit(":", 1)[1]: row["text"] for row in result.entries.iter_rows(named=True)}


def test_a_name_answer_says_whose_name_it_is_and_names_the_she_after_it(parser, resolver, tmp_path):
    result = _extracted(parser, resolver, tmp_path, [
        ("Lena", "My sister is coming to stay with me next weekend."),
        ("Assistant", "Congratulations to her! What's her name, so I can keep notes?"),
        ("Lena", "Anjali. She's two years older than me, she's 33."),
        ("Assistant", "Nice! What's your brother's name?"),
        ("Lena", "Tomasz. He's a chef, so he's picky."),
    ])
    texts = _texts(result)
    assert texts["3"] == "Anjali is Lena's sister. Anjali is two years older than Lena, Anjali is 33."
    assert texts["5"] == "Tomasz is Lena's brother. Tomasz is a chef, so Tomasz is picky."
    roles = {(turn.rsplit(":", 1)[1], role) for turn, role in result.sources.select("turn_id", "role").rows()}
    assert {("2", "restated"), ("4", "restated")} <= roles


def test_a_relative_answer_says_who_the_named_person_is(parser, resolver, tmp_path):
    result = _extracted(parser, resolver, tmp_path, [
        ("Lena", "Hana called me tonight."),
        ("Assistant", "Who is Hana?"),
        ("Lena", "My ex-wife. We have twins, Kai and Emi, they're 9."),
    ])
    assert _texts(result)["3"].startswith("Hana is Lena's ex-wife. ")


def test_a_his_no_one_was_named_for_stays_as_said(parser, resolver, tmp_path):
    result = _extracted(parser, resolver, tmp_path, [
        ("Lena", "He's here!! We had a baby boy on Thursday."),
        ("Assistant", "Congratulations! What's his name??"),
        ("Lena", "Yusuf. Yusuf Karim Haddad."),
    ])
    assert _texts(result)["3"] == "Lena noted: his name is Yusuf Karim Haddad."


@pytest.mark.parametrize(
    "turns",
    [
        # no identity asked
        [("Assistant", "Who is coming?"), ("Lena", "My brother.")],
        [("Assistant", "What's the plan for Sunday?"), ("Lena", "Tomasz.")],
        # a fragment that is no name or no relative
        [("Assistant", "What's her name?"), ("Lena", "Dunno.")],
        [("Assistant", "Who is Sam?"), ("Lena", "My god. I forgot.")],
        # the question is not the last thing its turn said, or the answerer's own
        [("Assistant", "What's her name? I'll add her."), ("Lena", "Anjali.")],
        [("Lena", "Who is Hana?"), ("Lena", "My ex-wife.")],
    ],
)
def test_an_answer_to_no_identity_question_is_extracted_as_said(parser, resolver, tmp_path, turns):
    result = _extracted(parser, resolver, tmp_path, turns)
    assert "restated" not in result.sources["role"].to_list()
    said = result.entries.filter(pl.col("source_turn_id").str.ends_with(":2"))["text"].to_list()
    assert not any(" is " in text for text in said)


def test_a_name_for_someone_asked_of_another_is_not_the_answerers(parser, resolver, tmp_path):
    result = _extracted(parser, resolver, tmp_path, [
        ("Sam", "hi all"), ("Tom", "Sam, good to see you. Who is your boss?"), ("Lena", "Karen."),
    ], others=("Sam", "Tom"))
    assert "restated" not in result.sources["role"].to_list()
