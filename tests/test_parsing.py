"""Parser layer: the spaCy backend's role mapping, the registry, and HanLP's mapping from a recorded output."""

from __future__ import annotations

import importlib.util
import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from memory_pipeline.config import ExtractorConfig, ParserConfig
from memory_pipeline.extraction import TemporalResolver, extract_turn
from memory_pipeline.parsing import Role, backends, load_parser
from memory_pipeline.parsing.hanlp_backend import HanLPParser, hanlp_to_parsed_doc
from memory_pipeline.parsing.roles import map_semantic_label

FIXTURES = Path(__file__).parent / "fixtures"


def _roles_of(doc, head_text: str) -> dict[str, Role]:
    head = next(t.i for t in doc.tokens if t.text == head_text)
    return {doc.tokens[a.dep].text: a.role for a in doc.children(head)}


@pytest.mark.slow
def test_spacy_arcs_map_to_role_groups(parser):
    doc = parser.parse("I went to a support group in Boston yesterday because my friend asked me.")
    roles = _roles_of(doc, "went")
    assert roles["I"] is Role.ACTOR
    assert roles["yesterday"] is Role.TIME
    assert roles["to"] is Role.LOCATION
    assert roles["asked"] is Role.PURPOSE  # a because-clause is a reason
    assert _roles_of(doc, "asked")["me"] is Role.PATIENT
    assert any(e.label == "DATE" and e.text == "yesterday" for e in doc.entities)


@pytest.mark.slow
def test_spacy_relative_clause_is_an_embedding(parser):
    doc = parser.parse("The book that I bought was great.")
    bought = next(t.i for t in doc.tokens if t.text == "bought")
    assert [a.role for a in doc.parents(bought)] == [Role.EMBED]


@pytest.mark.slow
def test_batch_parse_matches_single_parse(parser):
    texts = ["I love hiking.", "We moved to Denver last spring. It is cold."]
    batch = parser.parse_batch(texts)
    assert [d.text for d in batch] == texts
    assert len(batch[1].sentences) == 2
    single = parser.parse(texts[1])
    assert [(a.head, a.dep, a.role) for a in single.arcs] == [(a.head, a.dep, a.role) for a in batch[1].arcs]


@pytest.mark.slow
def test_a_shouted_turn_is_tagged_in_sentence_case_and_keeps_its_words(parser):
    from memory_pipeline.parsing.base import calmed, shouted

    text = "OMG I GOT THE JOB!!! START MONDAY"
    assert shouted(text) and calmed(text) == "Omg I got the job!!! Start monday"
    assert not shouted("I love NYC and the USA") and calmed("UCLA for psych") == "UCLA for psych"
    # shouted words side by side in a text in normal case are tagged in lower case; a short form stays
    assert calmed("BENCHED 80KG today!! next up squats") == "Benched 80kg today!! next up squats"
    assert calmed("so I PASSED. the NHS GP said ok") == "so I passed. the NHS GP said ok"
    for doc in (parser.parse(text), parser.parse_batch([text])[0]):
        assert doc.text == text and [t.text for t in doc.tokens][:5] == ["OMG", "I", "GOT", "THE", "JOB"]
        got = next(t for t in doc.tokens if t.text == "GOT")
        assert got.tag == "VBD" and got.lemma == "get"  # read as written, "GOT" is a present verb or a name


def _sentences_holding(doc, text: str, words: str) -> set[int]:
    """The sentences of ``doc`` that the tokens of ``words`` (as found in ``text``) fall in."""
    first = text.index(words)
    return {token.sent for token in doc.tokens if first <= token.idx < first + len(words)}


@pytest.mark.slow
def test_a_date_is_never_cut_by_a_sentence_end(parser):
    # after "Yes!" the model ended a sentence between "14" and "October"
    for text, date_words in (("Yes! 14 October, three weeks to go.", "14 October"),
                             ("Yes! October 14th, three weeks to go.", "October 14th")):
        doc = parser.parse(text)
        assert len(_sentences_holding(doc, text, date_words)) == 1, [doc.span_text(*span) for span in doc.sentences]


@pytest.mark.slow
@pytest.mark.parametrize("text, word", [("i said id do it", "id do"), ("she asked if id help", "id help")])
def test_a_sentence_never_starts_inside_a_written_word(parser, text, word):
    # the tokenizer splits chat's "id" into "i" and "d", and the parser had begun a sentence at the "d"
    doc = parser.parse(text)
    assert len(_sentences_holding(doc, text, word)) == 1, [doc.span_text(*span) for span in doc.sentences]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, name",
    [("ask Auntie Sue if she minds", "Auntie Sue"),  # "Sue" the verb had begun a sentence
     ("I'll ask Nana Sue if she can do Thursdays", "Nana Sue"),
     ("I'll ring Uncle Declan if he can do Fridays", "Uncle Declan"),
     ("I rang my aunt. Sue picked up", None),
     # a pronoun or a small word after a title starts the next sentence of run-on chat
     ("went round to see grandad He's a lot better", None),
     ("thanks nana I owe you one", None),
     ("I'll ask Auntie May if she can do Fridays", "Auntie May"),
     # nor between the two halves of "X and I"
     ("We are booking respite so Anil and I can go to the wedding", "Anil and I"),
     ("I rang Anil. And I told him everything", None)],
)
def test_a_name_is_never_cut_from_its_kinship_title_or_its_partner_by_a_sentence_end(parser, text, name):
    doc = parser.parse(text)
    if name is None:  # a title closing its sentence leaves the next one its own
        assert len(doc.sentences) == 2
        return
    assert len(_sentences_holding(doc, text, name)) == 1, [doc.span_text(*span) for span in doc.sentences]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, split",
    [("ill ring the garage tomorrow", True), ("ok ill probably pop in after work", True),
     ("the cat's ill, ill take her to the vet", True), ("Ill be late tonight", True),
     # "ill" the adjective stays whole
     ("i was ill all weekend", False), ("ill health runs in the family", False), ("he got ill on the trip", False),
     ("too ill to go in", False), ("ill people shouldn't go to the gym", False),
     # nor after a conjunction, which joins the adjective as often
     ("I was so ill still can't eat properly", False), ("he's old and ill also deaf", False)],
)
def test_chats_ill_before_what_one_will_do_is_i_will(parser, text, split):
    doc = parser.parse(text)
    words = [token.text.lower() for token in doc.tokens]
    assert (words.count("ll") == 1) == split, words
    if split:
        k = words.index("ll")
        assert words[k - 1] == "i" and doc.tokens[k].lemma == "will" and not doc.tokens[k - 1].space


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, consequence",
    [("they said if my iron's still low it'll be an infusion", "it'll"),  # "it'll ..." had begun a sentence
     ("the vet said if his weight's still low it'll be a special diet", "it'll"),
     ("they said if my iron's still low i'll need an infusion", "i'll"),
     # the sentence after the consequence is still the parser's to begin
     ("so if she calls tell her i'm at work i'll ring back later", None),
     ("ask him if he's free. he said no", None),
     ("if you see mum say happy birthday she's 70 today", None)],
)
def test_a_condition_said_first_is_never_cut_from_what_it_conditions(parser, text, consequence):
    doc = parser.parse(text)
    if consequence is None:
        assert len(doc.sentences) == 2, [doc.span_text(*span) for span in doc.sentences]
        return
    condition, then = text.index("if "), text.index(consequence)
    sentences = {token.sent for token in doc.tokens if token.idx in (condition, then)}
    assert len(sentences) == 1, [doc.span_text(*span) for span in doc.sentences]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, pos",
    [("Wish I could come.", "VERB"), ("Hope the kids had fun!", "VERB"),
     ("Hope said she would come.", "PROPN"), ("Hope, you are right.", "NOUN")],
)
def test_a_verb_of_the_mind_opening_a_sentence_is_no_name(parser, text, pos):
    """The tagger reads a capitalised "Wish" or "Hope" before a clause as a name; a real name keeps its tag."""
    assert parser.parse(text).tokens[0].pos == pos


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, word, person",
    [("we said 120 max", "max", False), ("budget is 2k max. and I want photos from her life", "max", False),
     ("30 mins max then bed", "max", False),
     # a name written with a capital, or not after a number, is still one
     ("I spent 2 weeks with Max", "Max", True), ("we had 3 kids over, Max and Ella", "Max", True),
     # only a limit's word: a name after a number is still one ("at 6 jack picks up the kids")
     ("at 6 jack picks up the kids", "jack", True)],
)
def test_a_limit_after_a_number_is_no_person(parser, text, word, person):
    doc = parser.parse(text)
    token = next(t for t in doc.tokens if t.text == word)
    named = any(e.label == "PERSON" and e.start <= token.i < e.end for e in doc.entities)
    assert (token.ent == "PERSON", named) == (person, person)


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, wednesday",
    [("we'd need to do mon wed fri deliveries", True), ("see you on wed", True), ("wed night works for me", True),
     ("tues/wed are fine", True), ("I'll ring the garage next wed", True),
     # chat's "we'd" without its apostrophe stays two words
     ("wed like to come", False), ("I think wed be better off", False), ("wed love that", False),
     # nor after a weekday before a word said after "we'd"
     ("fri wed be done by then", False)],
)
def test_wed_beside_a_weekday_or_a_word_of_when_is_wednesday(parser, text, wednesday):
    doc = parser.parse(text)
    words = [t.text for t in doc.tokens]
    assert ("wed" in words) == wednesday, words
    assert len(doc.sentences) == 1
    if wednesday:
        assert next(t for t in doc.tokens if t.text == "wed").pos == "NOUN"


def test_parallel_parse_returns_exactly_the_in_process_parses(parser):
    """Two forked workers over a batch large enough to split: the same parses, in the same order, and the same as
    the halves parsed apart (a conversation's parses must not depend on which others shared its chunk)."""
    from memory_pipeline.parsing.spacy_backend import SpacyParser

    texts = [
        f"Turn {n}: I went to {place} on {day} with my sister, and we loved it." if n % 3 else f"Ok {n}."
        for n, (place, day) in enumerate(
            [("Boston", "Monday"), ("the lake", "Friday"), ("a support group", "last week")] * 50
        )
    ]
    in_process = SpacyParser(parser.model, processes=1, nlp=parser.nlp).parse_batch(texts)
    two_workers = SpacyParser(parser.model, processes=2, nlp=parser.nlp).parse_batch(texts)
    assert [d.text for d in two_workers] == texts
    assert two_workers == in_process
    apart = SpacyParser(parser.model, nlp=parser.nlp)
    assert apart.parse_batch(texts[:61]) + apart.parse_batch(texts[61:]) == in_process


def test_three_processes_deal_the_texts_in_turn_and_put_them_back_in_order(parser):
    from memory_pipeline.parsing.spacy_backend import SpacyParser

    texts = [f"Message {n}: " + " ".join(["we met my aunt in Leeds on Friday"] * (n % 5 + 1)) for n in range(20)]
    three = SpacyParser(parser.model, processes=3, nlp=parser.nlp).parse_batch(texts)
    assert [doc.text for doc in three] == texts
    assert three == SpacyParser(parser.model, processes=1, nlp=parser.nlp).parse_batch(texts)


def test_a_parser_reaches_a_spawned_process_as_its_recipe(parser):
    """Where processes start by spawn (macOS, Windows) a configured split pickles the parser: it travels as its
    model's name and loads there, instead of failing on the pipeline's own components."""
    import multiprocessing
    import pickle

    from memory_pipeline.parsing.spacy_backend import SpacyParser, split_over_processes

    configured = SpacyParser(parser.model, processes=2, nlp=parser.nlp)
    assert pickle.loads(pickle.dumps(configured)).processes == 1  # in the other process it parses where it is
    texts = [f"We moved to Leeds on the {n}th of May, and my sister came too." for n in range(1, 9)]
    spawned = split_over_processes(configured.parse_here, texts, 2, multiprocessing.get_context("spawn"))
    assert spawned == configured.parse_here(texts)


def shout(texts: list[str]) -> list[str]:
    """A stand-in parse for the process plumbing: fails on "boom", dies on "die"."""
    if "die" in texts:
        os._exit(3)
    if "boom" in texts:
        raise ValueError("cannot parse boom")
    return [text.upper() for text in texts]


def test_a_worker_process_that_fails_or_dies_is_an_error_not_a_hang():
    import multiprocessing

    from memory_pipeline.parsing.spacy_backend import split_over_processes

    assert split_over_processes(shout, ["a", "b", "c", "d", "e"], 2) == ["A", "B", "C", "D", "E"]
    with pytest.raises(RuntimeError, match="worker process failed(.|\\n)*cannot parse boom"):
        split_over_processes(shout, ["a", "boom", "c"], 2)  # "boom" is dealt to the second process
    with pytest.raises(RuntimeError, match="ended without its parses \\(exit code 3\\)"):
        split_over_processes(shout, ["a", "die", "c"], 2)
    with pytest.raises(ValueError, match="cannot parse boom"):
        split_over_processes(shout, ["boom", "b", "c", "d"], 3)  # this process's own share fails first
    assert multiprocessing.active_children() == []  # every worker was reaped


def test_worker_processes_split_only_large_batches_where_fork_is_cheap(monkeypatch):
    import multiprocessing

    from memory_pipeline.parsing import spacy_backend
    from memory_pipeline.parsing.spacy_backend import MIN_TEXTS_PER_PROCESS, worker_processes

    monkeypatch.setattr(spacy_backend, "available_cores", lambda: 4)
    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "fork")
    assert worker_processes(MIN_TEXTS_PER_PROCESS - 1, None) == 1  # too small to be worth a worker
    assert worker_processes(2 * MIN_TEXTS_PER_PROCESS, None) == 2  # one worker per share of texts
    assert worker_processes(100 * MIN_TEXTS_PER_PROCESS, None) == 4  # never more than the cores
    assert worker_processes(10, 3) == 3  # a configured count is honoured, small batch or not
    assert worker_processes(2, 8) == 2  # but never more workers than texts
    assert worker_processes(1, 8) == 1

    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "spawn")
    assert worker_processes(100 * MIN_TEXTS_PER_PROCESS, None) == 1  # each call would re-import spaCy in workers
    assert worker_processes(100 * MIN_TEXTS_PER_PROCESS, 2) == 2

    class Daemon:
        daemon = True

    monkeypatch.setattr(multiprocessing, "current_process", lambda: Daemon())
    assert worker_processes(100 * MIN_TEXTS_PER_PROCESS, 2) == 1  # a daemonic process may not start any


def test_available_cores_are_capped_by_a_container_cpu_quota(tmp_path, monkeypatch):
    from memory_pipeline.parsing.spacy_backend import available_cores, cgroup_cpu_quota

    v2 = tmp_path / "v2"
    v2.mkdir()
    assert cgroup_cpu_quota(v2) is None  # nothing to read
    (v2 / "cpu.max").write_text("max 100000\n")
    assert cgroup_cpu_quota(v2) is None  # no quota
    (v2 / "cpu.max").write_text("150000 100000\n")
    assert cgroup_cpu_quota(v2) == 2  # 1.5 CPUs: a second worker still has half a CPU to run on
    (v2 / "cpu.max").write_text("garbage\n")
    assert cgroup_cpu_quota(v2) is None
    v1 = tmp_path / "v1"
    (v1 / "cpu").mkdir(parents=True)
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("-1\n")
    (v1 / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    assert cgroup_cpu_quota(v1) is None
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("50000\n")
    assert cgroup_cpu_quota(v1) == 1

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    (v2 / "cpu.max").write_text("200000 100000\n")
    assert available_cores(v2) == 2  # a pod limited to 2 CPUs on a 64-core node
    (v2 / "cpu.max").write_text("max 100000\n")
    assert available_cores(v2) == 64


@pytest.mark.slow
def test_parser_processes_come_from_the_config_and_must_be_positive():
    with pytest.raises(ValueError):
        ParserConfig(processes=0)
    assert load_parser(ParserConfig(processes=3)).processes == 3
    assert load_parser(ParserConfig()).processes is None


def test_registry_knows_both_backends_and_refuses_others():
    with pytest.raises(ValueError, match="unknown parser backend"):
        load_parser(ParserConfig.model_construct(backend="nope"))
    assert {"spacy", "hanlp"} <= set(backends())


def test_semantic_labels_map_to_the_papers_groups():
    assert map_semantic_label("ACT-arg") is Role.ACTOR  # PSD
    assert map_semantic_label("PAT-arg") is Role.PATIENT
    assert map_semantic_label("TWHEN") is Role.TIME
    assert map_semantic_label("LOC") is Role.LOCATION
    assert map_semantic_label("AIM") is Role.PURPOSE
    assert map_semantic_label("Agt") is Role.ACTOR  # SemEval-2016 (Chinese)
    assert map_semantic_label("Reas") is Role.PURPOSE
    assert map_semantic_label("rPat") is Role.EMBED
    assert map_semantic_label("mPunc") is Role.FUNCTION
    assert map_semantic_label("ARG2") is Role.PATIENT  # DM


def test_recorded_hanlp_output_becomes_the_shared_representation():
    recorded = json.loads((FIXTURES / "hanlp_en_psd.json").read_text())
    doc = hanlp_to_parsed_doc(recorded["text"], recorded["sentences"])
    assert [t.text for t in doc.tokens][:4] == ["I", "adopted", "a", "puppy"]
    assert doc.sentences == ((0, 9), (9, 18))
    assert doc.roots == (1, 11)
    assert doc.tokens[1].pos == "VERB" and doc.tokens[15].pos == "AUX"
    assert doc.span_text(0, 4) == "I adopted a puppy"  # offsets point into the source text
    roles = {doc.tokens[a.dep].text: a.role for a in doc.children(1)}
    assert roles == {"I": Role.ACTOR, "puppy": Role.PATIENT, "Boston": Role.LOCATION, "year": Role.TIME}
    assert {doc.tokens[a.dep].text: a.role for a in doc.children(11)}["quiet"] is Role.PURPOSE
    assert [(e.text, e.label) for e in doc.entities] == [("Boston", "GPE"), ("last year", "DATE")]
    assert doc.tokens[6].ent == "DATE"


@pytest.mark.skipif(importlib.util.find_spec("hanlp") is None, reason="the hanlp extra is not installed")
def test_hanlp_backend_calls_hanlp_load_on_the_configured_model(tmp_path):
    # No model can be downloaded here; an empty folder proves the configured id reaches hanlp.load itself.
    with pytest.raises(FileNotFoundError, match="config.json"):
        load_parser(ParserConfig(backend="hanlp", hanlp_model=str(tmp_path)))


def test_hanlp_parser_batches_sentences_through_the_model():
    recorded = json.loads((FIXTURES / "hanlp_en_psd.json").read_text())
    outputs = recorded["sentences"]

    class RecordedModel:
        def __call__(self, sentences):
            assert len(sentences) == 2
            return {key: [out[key] for out in outputs] for key in outputs[0]}

    parser = HanLPParser(model_id="recorded", model=RecordedModel())
    pytest.importorskip("hanlp")
    [doc] = parser.parse_batch([recorded["text"]])
    assert parser.name == "hanlp:recorded"
    assert len(doc.sentences) == 2 and doc.tokens[5].text == "Boston"


def test_extractor_runs_on_the_recorded_hanlp_parse():
    recorded = json.loads((FIXTURES / "hanlp_en_psd.json").read_text())
    doc = hanlp_to_parsed_doc(recorded["text"], recorded["sentences"])
    result = extract_turn(doc, "Caroline", datetime(2023, 5, 8, 13, 56), ExtractorConfig(), TemporalResolver())
    assert result.units == ["Caroline adopted a puppy in Boston last year.", "Caroline's sister loves it because it is quiet."]
    assert (result.event.text, result.event.start, result.event.end) == ("last year", datetime(2022, 1, 1), datetime(2023, 1, 1))
