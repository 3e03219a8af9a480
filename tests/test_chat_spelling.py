"""Chat's spellings written out for the gate: only forms with one reading, in the writer's case."""

import pytest

from memory_pipeline.chat_spelling import written_out
from memory_pipeline.gate.packing import AS_TYPED, WRITTEN_OUT, Message


@pytest.mark.parametrize(
    "chat, spelled",
    [
        ("im scared of heights tho", "I'm scared of heights though"),
        ("ok gtg ttyl", "ok got to go talk to you later"),
        ("Dont worry, i cant make it tmrw", "Don't worry, I can't make it tomorrow"),
        ("u coming to my bday?", "you coming to my birthday?"),
        ("U there?", "You there?"),
    ],
)
def test_unambiguous_chat_forms_are_written_out(chat, spelled):
    assert written_out(chat) == spelled


@pytest.mark.parametrize(
    "text",
    [
        "ill bring the speaker, were moving",  # I'll or sick, we're or past: either reading changes what was said
        "its fine, well see",
        "I'm sure it's 5 o'clock",  # apostrophes already there
        "300 BC, IM me",  # capitals are an abbreviation of their own
        "a U-turn in the I-5",  # parts of hyphenated words
    ],
)
def test_ambiguous_words_capitals_and_spelled_text_stay(text):
    assert written_out(text) == text


def test_a_gate_in_the_written_out_layout_reads_a_message_written_out_and_its_caption_as_given():
    message = Message("Zoe", "im  off   2 wks", image_caption="a pic of u")
    assert message.rendered_text(WRITTEN_OUT) == "I'm off 2 weeks [image: a pic of u]"
    assert message.rendered_text(AS_TYPED) == "im off 2 wks [image: a pic of u]"
