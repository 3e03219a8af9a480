"""A memory's own parse: cut by extraction from the parse of its turn, stored with the entry, composed for the
units from the entry sentences they keep, and read by links and consolidation instead of parsing text again."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pyarrow as pa
import pytest

from memory_pipeline.analysis import read_doc, read_frame, stored_docs
from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction import extract_memories
from memory_pipeline.memory_frame import memory_frame
from memory_pipeline.parsing.hanlp_backend import hanlp_to_parsed_doc
from memory_pipeline.parsing.words import (
    Word,
    concat_docs,
    doc_from_record,
    doc_record,
    sentence_spans,
    slice_doc,
    words_doc,
)
from memory_pipeline.schemas import MEMORY_ENTRIES, PARSE_TYPE
from memory_pipeline.units import BuilderResources, UnitsConfig, build_fta_units
from memory_pipeline.units.affect import AffectAnalyser
from tests.test_fta_units import MAY_8, conversation, segments_of

FIXTURES = Path(__file__).with_name("fixtures")


def test_sentence_spans_split_where_the_extractor_joins_sentences():
    text = " Ana went home. She slept!  3 cats came (two black). e.g. nothing else"
    # a break needs an upper-case letter, a digit, a quote or a bracket after it: "e.g." does not end one
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Ana went home.", "She slept!", "3 cats came (two black). e.g. nothing else"]
    assert sentence_spans("   ") == []


def test_sentence_spans_do_not_split_after_a_title_before_a_name():
    # "Dr." had ended a sentence, so a unit or a memory's parse cut "Dr. Patel" into "... with Dr." and "Patel ..."
    text = "Nina noted: it's on February 28th with Dr. Patel. Mrs. Okafor and Mr. Lee came too. She was fine."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Nina noted: it's on February 28th with Dr. Patel.", "Mrs. Okafor and Mr. Lee came too.", "She was fine."]


def entries_of(parser, resolver, turns: list[tuple[str, str]], speakers_admitted: set[str] | None = None):
    frame = conversation((MAY_8, turns))
    gate = frame.select("turn_id", (pl.col("speaker").is_in(speakers_admitted) if speakers_admitted else pl.lit(True)).alias("admitted"))
    return frame, extract_memories(frame, gate, parser, ExtractorConfig(), resolver)


def spelled(doc) -> bool:
    return all(doc.text[t.idx : t.idx + len(t.text)] == t.text for t in doc.tokens)


@pytest.mark.slow
def test_an_entry_carries_the_parse_of_the_turn_words_it_keeps(parser, resolver):
    _, extracted = entries_of(parser, resolver, [("Ana", "Yeah, I moved to Berlin last month with my sister.")])
    entry = extracted.entries.row(0, named=True)
    assert entry["text"] == "Ana moved to Berlin last month with Ana's sister."
    doc = stored_docs(extracted.entries)[entry["memory_id"]]
    assert doc.text == entry["text"] and spelled(doc)
    words = {t.text: t for t in doc.tokens}
    assert "Yeah" not in words  # the discourse prefix the entry dropped is not in its parse
    # "I" and "my" read as the name they were written as; the rest keeps the turn's own analysis
    assert (words["Ana"].lemma, words["Ana"].pos, words["Ana"].ent) == ("ana", "PROPN", "PERSON")
    assert (words["Ana's"].lemma, words["Ana's"].ent) == ("ana", "PERSON")
    assert words["Berlin"].ent == "GPE" and words["moved"].lemma == "move"
    moved = words["moved"].i
    assert doc.roots == (moved,)
    assert {(doc.tokens[a.dep].text, a.label) for a in doc.children(moved)} >= {("Ana", "nsubj"), ("to", "prep")}
    slots = {s.describe() for s in read_doc(entry["memory_id"], doc, "Ana").state_slots}
    assert "self.residence = berlin" in slots


@pytest.mark.slow
def test_the_frame_words_of_an_entry_are_not_read_as_what_was_said(parser, resolver):
    """"<name> noted:" is ours: read from the re-parsed text it is a past-tense report (it was a second clause too,
    until `clause_count` learnt to skip it)."""
    _, extracted = entries_of(parser, resolver, [("Caroline", "The colors really blend nicely.")])
    entry = extracted.entries.row(0, named=True)
    assert entry["text"] == "Caroline noted: the colors really blend nicely."
    stored = read_doc("m", stored_docs(extracted.entries)[entry["memory_id"]], "Caroline")
    reparsed = read_doc("m", parser.parse(entry["text"]), "Caroline")
    assert "note" not in stored.words and not stored.report and stored.single_fact
    assert "note" in reparsed.words and reparsed.report


@pytest.mark.slow
def test_an_instruction_is_read_from_the_stored_parse_with_its_request_frame(parser, resolver):
    """The stored parse keeps the turn's words only ("use emojis, they drive Sam mad"), not the frame "Sam asks ...
    not to" that says it is asked and asked against: the frame in the memory's text is read for both."""
    _, extracted = entries_of(parser, resolver, [("Sam", "please dont use emojis, they drive me mad"), ("Sam", "keep answers short btw")])
    docs = stored_docs(extracted.entries)
    slots = {s.describe() for row in extracted.entries.iter_rows(named=True)
             for s in read_doc(row["memory_id"], docs[row["memory_id"]], "Sam").state_slots if s.slot == "instruction"}
    assert slots == {"self.instruction[emoji] = none", "self.instruction[length] = short"}


@pytest.mark.slow
def test_you_reads_as_the_person_it_was_written_as(parser, resolver):
    frame = conversation((MAY_8, [("Ana", "Your sister lives in Rome now."), ("Ben", "My sister lives in Oslo.")]))
    entries = extract_memories(frame, frame.select("turn_id", pl.lit(True).alias("admitted")), parser,
                               ExtractorConfig(), resolver).entries
    docs = stored_docs(entries)
    said = {row["speaker"]: (row["text"], docs[row["memory_id"]]) for row in entries.iter_rows(named=True)}
    assert "Ben's sister lives in Rome" in said["Ana"][0] and said["Ben"][0] == "Ben's sister lives in Oslo."
    subjects = {who: [s.subject for s in read_doc("m", doc, who).slots if s.slot == "residence"]
                for who, (_, doc) in said.items()}
    # Ana's "your sister" is not her own sister; Ben's "my sister" is his
    assert subjects == {"Ana": ["sister"], "Ben": ["self's sister"]}


@pytest.mark.slow
def test_a_parse_survives_the_lake_and_its_arrow_type(parser):
    doc = parser.parse("Ana moved to Berlin. Her sister stayed in Rome!")
    words = [Word(t.i, t.idx, len(t.text)) for t in doc.tokens]
    cut = words_doc(doc, doc.text, words)
    assert [t.lemma for t in cut.tokens] == [t.lemma for t in doc.tokens]
    assert {(a.head, a.dep, a.label, a.role) for a in cut.arcs} == {(a.head, a.dep, a.label, a.role) for a in doc.arcs}
    assert cut.roots == doc.roots and cut.sentences == doc.sentences
    table = pa.table({"parse": [doc_record(cut)]}, schema=pa.schema([("parse", PARSE_TYPE)]))
    record = pl.from_arrow(table)["parse"][0]  # through Arrow and Polars, as the lake reads it back
    back = doc_from_record(record, doc.text)
    assert back == cut


@pytest.mark.slow
def test_a_dependency_whose_head_is_cut_attaches_to_the_nearest_kept_ancestor(parser):
    doc = parser.parse("My brother who lives in Oslo bought a red car yesterday.")
    keep = [t for t in doc.tokens if t.text in ("brother", "bought", "red", "car")]
    text = " ".join(t.text for t in keep)
    at = 0
    words = []
    for t in keep:
        words.append(Word(t.i, at, len(t.text)))
        at += len(t.text) + 1
    cut = words_doc(doc, text, words)
    heads = {cut.tokens[a.dep].text: (cut.tokens[a.head].text, a.label) for a in cut.arcs}
    assert heads == {"brother": ("bought", "nsubj"), "red": ("car", "amod"), "car": ("bought", "dobj")}
    assert [cut.tokens[r].text for r in cut.roots] == ["bought"]


def test_a_semantic_dependency_parse_is_cut_the_same_way():
    recorded = json.loads((FIXTURES / "hanlp_en_psd.json").read_text())
    doc = hanlp_to_parsed_doc(recorded["text"], recorded["sentences"])
    start, end = doc.sentences[0]
    words = [Word(k, doc.tokens[k].idx, len(doc.tokens[k].text)) for k in range(start, end)]
    cut = words_doc(doc, doc.text, words)
    inside = {(a.head, a.dep, a.label) for a in doc.arcs if start <= a.head < end and start <= a.dep < end}
    assert {(a.head, a.dep, a.label) for a in cut.arcs} == inside
    assert [cut.tokens[r].text for r in cut.roots] == [doc.tokens[doc.roots[0]].text]


@pytest.mark.slow
def test_slices_and_concatenations_keep_their_words_in_place(parser):
    doc = parser.parse("Ana moved to Berlin. Her sister stayed in Rome!")
    second = slice_doc(doc, *sentence_spans(doc.text)[1])
    assert second.text == "Her sister stayed in Rome!" and spelled(second)
    assert [t.text for t in second.tokens][:2] == ["Her", "sister"] and second.roots == (2,)
    joined = concat_docs([second, slice_doc(doc, *sentence_spans(doc.text)[0])])
    assert joined.text == "Her sister stayed in Rome! Ana moved to Berlin." and spelled(joined)
    assert len(joined.sentences) == 2 and [joined.tokens[r].text for r in joined.roots] == ["stayed", "moved"]


STORY = [
    ("Caroline", "I went to a pottery workshop last Friday. I made a little bowl."),
    ("Melanie", "Wow, that sounds fun! Did you keep it?"),
    ("Caroline", "Yes, it sits on my desk now and I love it."),
]


@pytest.mark.slow
def test_a_rules_unit_is_read_from_the_entry_sentences_it_keeps(parser, resolver):
    turns = conversation((MAY_8, STORY))
    gate = turns.select("turn_id", pl.lit(True).alias("admitted"))
    extracted = extract_memories(turns, gate, parser, ExtractorConfig(), resolver)
    result = build_fta_units(turns, segments_of(turns), extracted.entries, extracted.sources,
                             BuilderResources(AffectAnalyser.load(), resolver))
    docs = stored_docs(extracted.entries, result.units)
    assert result.units.height and all(memory_id in docs for memory_id in result.units["memory_id"])
    entry_ids = set(extracted.entries["memory_id"])
    for unit in result.units.iter_rows(named=True):
        assert unit["entry_spans"] and {span["memory_id"] for span in unit["entry_spans"]} <= entry_ids
        words = " ".join(t.text.lower() for t in docs[unit["memory_id"]].tokens)
        assert "pottery" in words or "bowl" in words or "desk" in words


@pytest.mark.slow
def test_memories_without_a_stored_parse_and_only_those_are_parsed(parser, resolver):
    _, extracted = entries_of(parser, resolver, [("Ana", "I moved to Berlin last month."), ("Ana", "I adopted a cat.")])
    entries = extracted.entries
    tampered = entries.with_columns(
        pl.when(pl.col("text").str.contains("cat")).then(pl.lit("Ana adopted a dog.")).otherwise(pl.col("text")).alias("text")
    )
    docs = stored_docs(tampered)
    assert len(docs) == 1  # the tampered entry's parse no longer spells its text: it is not trusted

    class Counting:
        name = parser.name

        def __init__(self):
            self.texts = []

        def parse_batch(self, texts):
            self.texts.extend(texts)
            return parser.parse_batch(texts)

    counting = Counting()
    readings = read_frame(memory_frame(tampered), counting, docs)
    assert counting.texts == ["Ana adopted a dog."] and len(readings) == 2


def test_a_lake_written_before_parses_were_stored_is_read_by_parsing():
    entries = pl.from_arrow(MEMORY_ENTRIES.empty_table()).drop("parse")
    assert stored_docs(entries, pl.DataFrame({"memory_id": [], "text": []})) == {}


@pytest.mark.slow
def test_a_unit_a_model_wrote_carries_no_entry_spans(parser, resolver):
    from tests.test_fta_units import pottery_answer, units_client
    from tests.fake_llm import FakeRequest
    from memory_pipeline.units.llm import UnitsAnswer

    turns = conversation((MAY_8, STORY))
    gate = turns.select("turn_id", pl.lit(True).alias("admitted"))
    extracted = extract_memories(turns, gate, parser, ExtractorConfig(), resolver)
    client = units_client([pottery_answer(), UnitsAnswer(units=[])])
    resources = BuilderResources(AffectAnalyser.load(), resolver, client=client, make_request=FakeRequest)
    result = build_fta_units(turns, segments_of(turns, {"session_1": [2]}), extracted.entries, extracted.sources,
                             resources, UnitsConfig(builder="llm"))
    written = result.units.filter(pl.col("builder").str.starts_with("llm"))
    assert written.height and written["entry_spans"].list.len().max() == 0
    assert not set(written["memory_id"]) & set(stored_docs(extracted.entries, result.units))


@pytest.mark.slow
@pytest.mark.parametrize("speaker, text, subject", [
    ("James", "My sister lives in Oslo.", "self's sister"),  # a name that ends in s: "James'" is still James
    ("Ana", "My wife and I, we moved to Rome last year.", "self"),  # "we" written as names reads as the speaker
])
def test_stored_readings_key_slots_as_a_fresh_parse_of_the_turn_does(parser, resolver, speaker, text, subject):
    _, extracted = entries_of(parser, resolver, [(speaker, text)])
    entry = extracted.entries.row(0, named=True)
    reading = read_doc("m", stored_docs(extracted.entries)[entry["memory_id"]], speaker)
    assert [s.subject for s in reading.slots if s.slot == "residence"] == [subject], entry["text"]


def test_a_case_change_that_alters_a_length_keeps_the_words_in_place():
    from memory_pipeline.extraction.phrase import Phrase

    phrase = Phrase("ﬁnally Ana", (Word(0, 0, 6), Word(1, 7, 3, renamed=True)))
    upper = phrase.capitalised()
    assert upper.text == "FInally Ana"
    assert [upper.text[w.at : w.at + w.length] for w in upper.words] == ["FInally", "Ana"]


@pytest.mark.slow
def test_an_empty_stored_parse_is_not_trusted(parser):
    empty = words_doc(parser.parse("hi"), "Ana asks: ?", [])
    entries = pl.DataFrame({"memory_id": ["m"], "text": ["Ana asks: ?"], "parse": [doc_record(empty)]})
    assert stored_docs(entries) == {}
