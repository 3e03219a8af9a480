"""Retrieval that knows what is current, on the consolidated state-changes conversation: status and validity
filters, history expansion, FTA scoring, context packets, the views, and the CLI (search, context)."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from memory_pipeline.cli import main
from memory_pipeline.cli.common import EXIT_FAILED, EXIT_OK
from memory_pipeline.retrieval import MemoryStore, build_packet, context_packet, question_cues, retrieve
from memory_pipeline.retrieval.cues import cue_score, memory_anchors
from memory_pipeline.search import format_hits, search
from memory_pipeline.warehouse import connect, refresh_views
from tests.state_changes import CONVERSATION, FIXTURES, build

WHERE = "Where does Nora live?"


@pytest.fixture(scope="module")
def built(parser, resolver, embedder):
    return build(parser, resolver, embedder)


@pytest.fixture(scope="module")
def store(built):
    return MemoryStore.build(built.frame, built.vectors, built.consolidation.status, built.links.links, built.turns)


@pytest.fixture(scope="module")
def lake(built, tmp_path_factory):
    from memory_pipeline.lake import Lake

    lake = Lake(tmp_path_factory.mktemp("lake"))
    lake.ensure_layout()
    built.write(lake)
    refresh_views(lake)
    return lake


def refs(built, hits) -> list[str]:
    return [built.ref_of(hit.memory_id) for hit in hits]


def ask(store, embedder, question, k=10, **options):
    return retrieve(store, question, embedder.encode([question])[0], k, **options)


# --- what a question may see ----------------------------------------------------------------------------------
def test_by_default_only_active_memories(built, store, embedder):
    hits = ask(store, embedder, WHERE)
    assert all(hit.row["status"] == "active" for hit in hits)
    found = refs(built, hits)
    assert "S5:2" in found and not {"S1:2", "S2:3", "S3:2"} & set(found)


@pytest.mark.parametrize(
    ("as_of", "current", "not_current"),
    [
        (datetime(2024, 1, 12), "S1:2", {"S3:2", "S5:2", "S2:3"}),  # Lisbon, before the repeat and the move
        (datetime(2024, 3, 1), "S3:2", {"S1:2", "S5:2"}),  # Berlin: said in March, valid since February
        (datetime(2024, 7, 1), "S5:2", {"S1:2", "S3:2"}),  # back in Lisbon
    ],
)
def test_as_of_reads_the_validity_intervals(built, store, embedder, as_of, current, not_current):
    found = refs(built, ask(store, embedder, WHERE, k=40, as_of=as_of))
    assert current in found and not (not_current & set(found))


def test_include_superseded_marks_the_outdated(built, store, embedder):
    hits = ask(store, embedder, WHERE, k=40, include_superseded=True)
    outdated = {built.ref_of(h.memory_id) for h in hits if h.outdated}
    assert {"S1:2", "S3:2"} <= outdated and "S2:3" not in refs(built, hits)  # the dropped copy never shows


def test_history_questions_follow_one_replacement_link(built, store, embedder):
    assert question_cues("Where did Nora live before she moved?").history
    assert not question_cues(WHERE).history
    hits = ask(store, embedder, "What diet did Nora follow before?", k=1)
    assert len(hits) == 2 and [h.via for h in hits] == ["hit", "history"]  # one hit, one hop
    assert {built.ref_of(h.memory_id) for h in hits} == {"S1:5", "S3:5"}  # vegetarian, replaced by vegan
    assert {built.ref_of(h.memory_id): h.outdated for h in hits} == {"S1:5": True, "S3:5": False}
    assert hits[1].relation in ("replaced_by", "replaces")


def test_a_question_about_now_gets_what_is_current_before_what_it_replaced(built, store, embedder):
    assert question_cues("Where does Nora live now?").present and not question_cues("Where did Nora live before?").present
    hits = [h for h in ask(store, embedder, "Where does Nora live now?", k=4) if h.via == "hit"]
    assert any(h.outdated for h in hits), "the question sees history, so some primary hit is a replaced memory"
    first_outdated = next(n for n, h in enumerate(hits) if h.outdated)
    assert not any(h.outdated for h in hits[:first_outdated]) and all(h.outdated for h in hits[first_outdated:])
    found = refs(built, hits)
    assert "S5:2" in found  # back in Lisbon: the current answer, before the homes it replaced
    assert all(found.index("S5:2") < found.index(old) for old in ("S1:2", "S3:2") if old in found)


# --- FTA scoring ------------------------------------------------------------------------------------------------
def test_question_cues_and_cue_score():
    cues = question_cues("How did Nora feel when she moved to Berlin in May 2023?")
    assert cues.asks_time and cues.months == {5} and cues.years == {2023} and cues.affect == {"feel"}
    assert {"nora", "berlin"} <= cues.people
    anchors = memory_anchors({"text": "Nora was excited about Berlin.", "speaker": "Nora", "event_start": datetime(2023, 5, 2),
                              "event_time_basis": "expression"})
    assert cue_score(cues, anchors) == pytest.approx(1.0)
    plain = memory_anchors({"text": "Ivo likes tea.", "speaker": "Ivo", "event_start": None})
    assert cue_score(cues, plain) == 0.0 and cue_score(question_cues("what is it"), anchors) == 0.0


def test_a_feeling_asked_of_by_its_kind_is_answered_by_that_kind():
    resentful = memory_anchors({"text": "Kevin is really resentful that Priya got the role.", "emotion_or_state": "anger: resentful"})
    furious = memory_anchors({"text": "The landlord kept the deposit.", "emotion_or_state": "anger: furious"})
    happy = memory_anchors({"text": "Tom loves the new flat.", "emotion_or_state": "joy: loves"})
    assert question_cues("Who is devastated?").affect == {"devastated"}  # words the cue had not known
    assert cue_score(question_cues("Who is resentful?"), resentful) == 1.0
    assert cue_score(question_cues("Who is resentful?"), furious) == 1.0  # anger answers resentment
    assert cue_score(question_cues("Who is resentful?"), happy) == 0.0  # joy does not
    assert cue_score(question_cues("How does Tom feel about it?"), happy) == 1.0  # any feeling answers "feel"
    # an everyday word of feeling bad is answered by any bad feeling, or a memory only "negative"
    rough = memory_anchors({"text": "Priya has had a rough week at work.", "emotion_or_state": "negative"})
    assert cue_score(question_cues("Is Priya worried?"), resentful) == 1.0
    assert cue_score(question_cues("Who is upset?"), rough) == 1.0
    assert cue_score(question_cues("Who is upset?"), happy) == 0.0


def test_fta_score_mixes_cosine_and_cues_and_keeps_what_passes_tau(built, store, embedder):
    question = "When did Nora run the Porto half marathon?"
    hits = ask(store, embedder, question, k=3, scoring="fta")
    top = hits[0]
    assert built.ref_of(top.memory_id) == "S3:4"
    assert top.score == pytest.approx(0.8 * top.cosine + 0.2 * top.cue) and top.cue == 1.0
    assert all(hit.score >= 0.35 for hit in hits if hit.via == "hit")


# --- context packets --------------------------------------------------------------------------------------------
def test_packet_parts_budget_and_rendering(built, store, embedder):
    question = "Did Nora go camping in Geres?"
    packet = build_packet(store, question, embedder.encode([question])[0], CONVERSATION, budget_words=120)
    assert 0 < packet.words <= 120
    primary = [built.ref_of(m.memory_id) for m in packet.primary]
    assert "S4:2" in primary or "S1:9" in primary
    plan = next((m for m in packet.primary + packet.neighbours if built.ref_of(m.memory_id) == "S1:9"), None)
    assert plan is not None and plan.lifecycle == "cancelled"
    assert packet.turns and all(turn.text for turn in packet.turns)
    text = packet.to_text()
    assert "## Memories" in text and "plan cancelled" in text and "## Source turns" in text
    data = json.loads(packet.to_json())
    assert data["words"] == packet.words and data["primary"][0]["memory_id"] == packet.primary[0].memory_id
    small = build_packet(store, question, embedder.encode([question])[0], CONVERSATION, budget_words=10)
    assert small.words <= 10


def test_packet_as_of_and_outdated_marking(built, store, embedder):
    packet = build_packet(store, WHERE, embedder.encode([WHERE])[0], CONVERSATION, as_of=datetime(2024, 3, 1))
    memories = {built.ref_of(m.memory_id): m for m in packet.primary}
    assert "S3:2" in memories and "S5:2" not in memories
    # Berlin was current then and is not now: the packet says both, and does not call it outdated as of then
    assert not memories["S3:2"].outdated
    assert "[valid then; superseded later" in packet.to_text() and "[OUTDATED" not in packet.to_text()


# --- from the lake: search, context, views, CLI ---------------------------------------------------------------
def test_search_from_the_lake(built, lake, embedder):
    now = search(lake, embedder, WHERE, conversation_id=CONVERSATION, k=5)
    assert all(not hit.outdated for hit in now) and "S5:2" in [built.ref_of(h.memory_id) for h in now]
    then = search(lake, embedder, WHERE, conversation_id=CONVERSATION, k=40, as_of=datetime(2024, 3, 1))
    berlin = next(hit for hit in then if built.ref_of(hit.memory_id) == "S3:2")
    assert berlin.status == "superseded" and berlin.valid_from == datetime(2024, 2, 1)
    assert berlin.sources[0].text == "I moved to Berlin last month."
    assert not berlin.outdated and "[valid then; superseded later" in format_hits([berlin])
    assert "valid 2024-02-01 .." in format_hits([berlin])
    anytime = search(lake, embedder, WHERE, conversation_id=CONVERSATION, k=40, include_superseded=True)
    assert "[OUTDATED; superseded" in format_hits([h for h in anytime if built.ref_of(h.memory_id) == "S3:2"])


def test_context_packet_from_the_lake(built, lake, embedder):
    packet = context_packet(lake, embedder, "What is Nora's diet?", CONVERSATION, budget_words=200)
    assert "S3:5" in [built.ref_of(m.memory_id) for m in packet.primary]
    assert all(m.status == "active" for m in packet.primary)


def test_views(built, lake):
    with connect(lake) as con:
        counts = dict(con.sql("SELECT status, count(*) FROM memories GROUP BY status").fetchall())
        assert counts == {"active": 19, "superseded": 9, "dropped": 1}
        assert con.execute("SELECT count(*) FROM current_memories").fetchall()[0][0] == 19
        lisbon = built.id_of("S1:2")
        chain = con.sql(f"SELECT version_id, action, basis FROM memory_history WHERE memory_id = '{lisbon}' ORDER BY step").fetchall()
        assert [built.ref_of(v) for v, _, _ in chain] == ["S1:2", "S3:2", "S5:2"]
        assert chain[0][1:] == ("supersede", "state_change") and chain[-1][1:] == (None, None)
        plan = built.id_of("S1:9")
        assert con.execute(f"SELECT lifecycle FROM memories WHERE memory_id = '{plan}'").fetchall()[0][0] == "cancelled"
        row = con.execute(f"SELECT valid_from, valid_to FROM memories WHERE memory_id = '{lisbon}'").fetchall()[0]
        assert row == (datetime(2024, 1, 10, 19), datetime(2024, 2, 1))


@pytest.fixture(scope="module")
def partly_updated(parser, resolver, embedder, tmp_path_factory):
    """tests/fixtures/partial_updates.json, built and written to a lake of its own: memories of two clauses whose
    one clause a later memory changes (a pastime dropped, a brother named in apposition moving)."""
    from memory_pipeline.lake import Lake

    built = build(parser, resolver, embedder, FIXTURES / "partial_updates.json")
    lake = Lake(tmp_path_factory.mktemp("partial"))
    lake.ensure_layout()
    built.write(lake)
    refresh_views(lake)
    return built, lake


def test_partial_updates_view_names_what_consolidation_refused_to_hide(partly_updated):
    """A memory of several clauses stays active when a later one changes one of them; SQL users find the update in
    memory_partial_updates, as search marks it [PARTLY UPDATED by ...]."""
    built, lake = partly_updated
    with connect(lake) as con:
        rows = con.execute(
            "SELECT p.memory_id, p.updated_by, p.scope, m.status FROM memory_partial_updates p JOIN memories m USING (memory_id)"
        ).fetchall()
    found = {(built.ref_of(memory_id), built.ref_of(by), scope, status) for memory_id, by, scope, status in rows}
    assert found == {("S1:1", "S2:1", "Nora activity: swim", "active"), ("S1:1", "S2:3", "tom residence", "active")}


def test_a_lake_from_an_older_version_gets_new_views_on_its_first_query(partly_updated):
    from memory_pipeline.warehouse import query

    _, lake = partly_updated
    with connect(lake, read_only=False) as con:
        con.execute("DROP VIEW memory_partial_updates")  # as a warehouse written before the view existed
    assert query(lake, "SELECT count(*) AS n FROM memory_partial_updates")["n"][0] == 2


def test_cli_search_and_context(built, lake, capsys):
    base = ["--lake", str(lake.root)]
    assert main([*base, "search", WHERE, "--conversation", CONVERSATION, "-k", "5"]) == EXIT_OK
    assert "moved back to Lisbon" in capsys.readouterr().out
    assert main([*base, "search", WHERE, "--conversation", CONVERSATION, "-k", "40", "--include-superseded"]) == EXIT_OK
    assert "[OUTDATED; superseded" in capsys.readouterr().out
    assert main([*base, "search", WHERE, "--conversation", CONVERSATION, "-k", "40", "--as-of", "2024-03-01"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "moved to Berlin last month" in out and "moved back to Lisbon" not in out
    assert main([*base, "context", "What is Nora's diet?", "--conversation", CONVERSATION, "--budget-words", "150"]) == EXIT_OK
    assert "## Memories" in capsys.readouterr().out
    assert main([*base, "context", "What is Nora's diet?", "--conversation", CONVERSATION, "--format", "json"]) == EXIT_OK
    packet = json.loads(capsys.readouterr().out)
    assert packet["words"] <= 400 and packet["primary"]
    assert main([*base, "context", "anything", "--conversation", "nope"]) == EXIT_FAILED
    with pytest.raises(SystemExit):
        main([*base, "search", WHERE, "--as-of", "soon"])


# --- the recall measurement -------------------------------------------------------------------------------------
def test_store_outcomes_and_recall_table(built, store, embedder):
    from memory_pipeline.evaluation.consolidation import recall_table, store_outcomes
    from memory_pipeline.evaluation.questions import Question
    from memory_pipeline.retrieval import RetrievalConfig

    asked = [
        Question("q1", CONVERSATION, 2, "When did Nora run the Porto half marathon?", "", ("S3:4",), False),
        Question("q2", CONVERSATION, 4, "What is Nora's favourite colour?", "", ("S1:1",), False),  # Ivo's turn: never stored
    ]
    evidence = {"q1": (f"{CONVERSATION}:S3:4",), "q2": (f"{CONVERSATION}:S1:1",)}
    vectors = embedder.encode([q.question for q in asked])
    outcomes = store_outcomes(store, asked, evidence, vectors, RetrievalConfig(k=25))
    assert set(outcomes) == {"cosine", "fta", "packet@200", "packet@400"}
    assert outcomes["fta"][0].first_hit_rank == 0 and outcomes["cosine"][1].first_hit_rank is None
    table = recall_table(outcomes)
    assert table == {"cosine@200w": 0.5, "cosine@400w": 0.5, "fta@200w": 0.5, "fta@400w": 0.5,
                     "packet@200w": 0.5, "packet@400w": 0.5}


# --- an entry and the unit that repeats it ----------------------------------------------------------------------
def _twin_store(status=None) -> MemoryStore:
    """Nora's move in March as an entry and as the unit of that one entry (same words, same turn), her old home
    as an entry the move replaced, and an unrelated entry; vectors by hand so the ranking is known."""
    import numpy as np
    import polars as pl

    from memory_pipeline.memory_frame import memory_frame

    said = datetime(2024, 3, 1, 9)
    entries = pl.DataFrame({
        "memory_id": ["old", "move", "cat"],
        "conversation_id": ["c"] * 3,
        "text": ["Nora lives in Lisbon.", "Nora moved to Berlin in March.", "Nora adopted a cat."],
        "session_time": [datetime(2024, 1, 5), said, said],
        "source_turn_id": ["S1:1", "S2:1", "S2:3"],
    })
    units = pl.DataFrame({
        "memory_id": ["move-unit"], "conversation_id": ["c"], "content_text": ["Nora moved to Berlin  in March."],
        "dialogue_time": [said], "source_turn_ids": [["S2:1"]], "event_start": [None], "event_time_basis": [None],
    })
    frame = memory_frame(entries, units)
    by_id = {"old": [0.8, 0.6, 0.0], "move": [1.0, 0.0, 0.0], "move-unit": [1.0, 0.0, 0.0], "cat": [0.6, 0.8, 0.0]}
    vectors = np.array([by_id[m] for m in frame["memory_id"]], dtype=np.float32)
    return MemoryStore.build(frame, vectors, status)


def test_an_entry_a_unit_repeats_word_for_word_is_shown_once_as_the_unit():
    import numpy as np

    store = _twin_store()
    assert store.stands_for == {"move": "move-unit"}
    question = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    hits = retrieve(store, "Where does Nora live?", question, k=2)
    assert [hit.memory_id for hit in hits] == ["move-unit", "old"]  # not the same sentence twice
    packet = build_packet(store, "Where does Nora live?", question, "c", budget_words=200, k=3)
    ids = [item.memory_id for item in packet.primary + packet.neighbours + packet.supporting]
    assert "move" not in ids and ids.count("move-unit") == 1


def test_a_replacement_by_the_entry_leads_to_its_unit():
    import numpy as np
    import polars as pl

    status = pl.DataFrame({
        "memory_id": ["old", "move", "move-unit", "cat"],
        "status": ["superseded", "active", "active", "active"],
        "replaced_by": ["move", None, None, None],
        "valid_from": [datetime(2024, 1, 5), datetime(2024, 3, 1), datetime(2024, 3, 1), datetime(2024, 3, 1)],
        "valid_to": [datetime(2024, 3, 1), None, None, None],
    })
    store = _twin_store(status)
    hits = retrieve(store, "Where did Nora live before?", np.array([1.0, 0.0, 0.0], dtype=np.float32), k=1)
    assert [(hit.memory_id, hit.via) for hit in hits] == [("move-unit", "hit"), ("old", "history")]
    hits = retrieve(store, "Where did Nora live before?", np.array([0.8, 0.6, 0.0], dtype=np.float32), k=1)
    assert [(hit.memory_id, hit.via) for hit in hits][:2] == [("old", "hit"), ("move-unit", "history")]


def test_an_entry_and_a_unit_with_different_statuses_are_both_kept():
    import polars as pl

    status = pl.DataFrame({"memory_id": ["move"], "status": ["superseded"], "replaced_by": ["cat"],
                           "valid_from": [datetime(2024, 3, 1)], "valid_to": [datetime(2024, 4, 1)]})
    assert _twin_store(status).stands_for == {}


def test_only_a_known_plan_outcome_is_printed():
    from memory_pipeline.retrieval.rank import plan_note

    assert plan_note("cancelled") == "plan cancelled" and plan_note("pending") == "plan pending"
    assert plan_note("unknown") is None and plan_note(None) is None
    # a plan still pending once its date is over says nothing told how it went, as of the time read or now
    dentist = datetime(2025, 4, 17)
    assert plan_note("pending", dentist, datetime(2025, 12, 31)) == "plan pending, its date passed untold"
    assert plan_note("pending", dentist, datetime(2025, 4, 16)) == "plan pending"
    assert plan_note("pending", dentist) == "plan pending, its date passed untold"
    assert plan_note("completed", dentist, datetime(2025, 12, 31)) == "plan completed"


# --- a later memory that changes part of an earlier one ------------------------------------------------------
def _partly_updated_store() -> MemoryStore:
    """Rosa's job in a memory of two clauses (never hidden: its other fact would go too), the unit formed from it
    and a later turn, and her quitting months later; vectors by hand so the old job ranks first."""
    import numpy as np
    import polars as pl

    from memory_pipeline.memory_frame import memory_frame

    jan, apr = datetime(2024, 1, 10), datetime(2024, 4, 22)
    entries = pl.DataFrame({
        "memory_id": ["job", "quit"], "conversation_id": ["c"] * 2,
        "text": ["Rosa works at Lumen Labs, the office is downtown.", "Rosa doesn't work at Lumen anymore."],
        "session_time": [jan, apr], "source_turn_id": ["S1:1", "S2:1"],
    })
    units = pl.DataFrame({
        "memory_id": ["job-unit"], "conversation_id": ["c"],
        "content_text": ["Rosa works at Lumen Labs, the office is downtown. Rosa's manager is intense."],
        "dialogue_time": [jan], "source_turn_ids": [["S1:1", "S1:3"]], "event_start": [None], "event_time_basis": [None],
    })
    frame = memory_frame(entries, units)
    by_id = {"job": [1.0, 0.0], "job-unit": [0.98, 0.2], "quit": [0.9, 0.44]}
    vectors = np.array([by_id[m] for m in frame["memory_id"]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    decisions = pl.DataFrame({
        "target_id": ["quit"], "candidate_id": ["job"], "action": ["supersede"], "accepted": [False],
        "reject_reason": ["would_hide_other_facts"],
    })
    return MemoryStore.build(frame, vectors, decisions=decisions)


def test_an_entry_a_unit_says_among_its_words_is_shown_once_unless_their_states_differ():
    import numpy as np
    import polars as pl

    from memory_pipeline.memory_frame import memory_frame

    jan = datetime(2024, 1, 10)
    entries = pl.DataFrame({
        "memory_id": ["job", "trip"], "conversation_id": ["c"] * 2,
        "text": ["Rosa noted: Rosa works at Lumen Labs.", "Rosa is flying to Rome on Friday."],
        "session_time": [jan, jan], "source_turn_id": ["S1:1", "S1:4"],
    })
    units = pl.DataFrame({
        "memory_id": ["job-unit", "trip-unit"], "conversation_id": ["c"] * 2,
        "content_text": ["Rosa works at Lumen Labs. Rosa's manager is intense.",
                         "Rosa is flying to Rome on Friday. Rosa can't wait."],
        "dialogue_time": [jan, jan], "source_turn_ids": [["S1:1", "S1:3"], ["S1:4", "S1:5"]],
        "event_start": [None, None], "event_time_basis": [None, None],
    })
    frame = memory_frame(entries, units)
    vectors = np.ones((frame.height, 2), dtype=np.float32) / np.sqrt(2)
    # the entry's plan was found pending, its unit's was not: the two say different things, both are shown
    status = pl.DataFrame({"memory_id": ["trip"], "status": ["active"], "replaced_by": [None], "valid_from": [jan],
                           "valid_to": [None], "lifecycle_status": ["pending"]})
    store = MemoryStore.build(frame, vectors, status=status)
    assert store.shown_as("job") == "job-unit"  # its words, from its turn, the attribution aside
    assert store.shown_as("trip") == "trip"


def test_a_memory_of_several_clauses_that_a_later_one_changes_is_marked_and_read_after_it():
    import numpy as np

    from memory_pipeline.retrieval.rank import status_marker

    store = _partly_updated_store()
    updated = {row["memory_id"]: row["updated_by"] for row in store.rows}
    # the entry by the refused supersede; the unit because the entry it holds was changed from outside it
    assert updated == {"job": "quit", "job-unit": "quit", "quit": None}
    question = np.array([1.0, 0.0], dtype=np.float32)
    # the unit says the entry's words from the entry's turn: the pair is shown once, as the unit
    assert store.shown_as("job") == "job-unit"
    now = retrieve(store, "Where does Rosa work now?", question, k=3)
    assert [hit.memory_id for hit in now] == ["quit", "job-unit"]  # what is current first
    plain = retrieve(store, "Where does Rosa work?", question, k=3)
    assert [hit.memory_id for hit in plain] == ["job-unit", "quit"]  # no history cue: by score, all shown
    assert status_marker("active", None, False, "quit") == "[PARTLY UPDATED by quit] "
    packet = build_packet(store, "Where does Rosa work?", question, "c", budget_words=200, k=3)
    assert "[PARTLY UPDATED by quit] Rosa works at Lumen Labs" in packet.to_text()


def test_a_memory_that_only_asks_comes_after_the_one_that_answers():
    """The agent's question matches the user's own earlier question almost word for word; the answer goes first."""
    import numpy as np
    import polars as pl

    from memory_pipeline.memory_frame import memory_frame

    when = datetime(2024, 4, 22)
    entries = pl.DataFrame({
        "memory_id": ["asked", "told", "other"], "conversation_id": ["c"] * 3,
        "text": ["Ellie asks: What is Ellie's salary now, by the way?", "Ellie's salary is £41,000.", "Ellie likes tea."],
        "session_time": [when] * 3, "source_turn_id": ["S1:1", "S1:2", "S1:3"],
    })
    frame = memory_frame(entries)
    by_id = {"asked": [1.0, 0.0], "told": [0.8, 0.6], "other": [0.1, 0.99]}
    vectors = np.array([by_id[m] for m in frame["memory_id"]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    store = MemoryStore.build(frame, vectors)
    question = np.array([1.0, 0.0], dtype=np.float32)
    assert [hit.memory_id for hit in retrieve(store, "What is Ellie's salary?", question, k=2)] == ["told", "asked"]
    assert [hit.memory_id for hit in retrieve(store, "What is Ellie's salary now?", question, k=2)] == ["told", "asked"]
    # only among the hits kept: a question is not dropped for an answer further down
    assert [hit.memory_id for hit in retrieve(store, "What is Ellie's salary?", question, k=1)] == ["asked"]


def test_as_of_a_day_a_memory_is_partly_updated_only_by_what_had_changed_by_then():
    import numpy as np

    store = _partly_updated_store()  # Rosa quit on 22 April 2024
    question = np.array([1.0, 0.0], dtype=np.float32)
    after = build_packet(store, "Where does Rosa work?", question, "c", budget_words=200, k=3, as_of=datetime(2024, 6, 1))
    assert "[PARTLY UPDATED by quit] Rosa works at Lumen Labs" in after.to_text()
    before = build_packet(store, "Where does Rosa work?", question, "c", budget_words=200, k=3, as_of=datetime(2024, 3, 1))
    assert "PARTLY UPDATED" not in before.to_text() and "Rosa works at Lumen Labs" in before.to_text()


def test_as_of_a_day_a_plan_shows_the_lifecycle_it_had_then():
    import numpy as np
    import polars as pl

    from memory_pipeline.memory_frame import memory_frame
    from memory_pipeline.retrieval.store import empty_links

    entries = pl.DataFrame({
        "memory_id": ["plan", "off", "sept"], "conversation_id": ["c"] * 3,
        "text": ["Nadia is getting married on June 13th.", "Nadia called off the wedding.", "The wedding is pushed to September."],
        "session_time": [datetime(2026, 1, 10), datetime(2026, 7, 2), datetime(2026, 3, 1)],
        "source_turn_id": ["S1:1", "S3:1", "S2:1"],
    })
    frame = memory_frame(entries)
    # the June plan was replaced by the September one, which consolidation told of the call-off linked to June
    status = pl.DataFrame({
        "memory_id": ["plan", "off", "sept"], "status": ["superseded", "active", "active"], "replaced_by": ["sept", None, None],
        "valid_from": [None] * 3, "valid_to": [None] * 3, "lifecycle_status": ["cancelled", None, "cancelled"],
    }, schema_overrides={"replaced_by": pl.String, "valid_from": pl.Datetime("us"), "valid_to": pl.Datetime("us")})
    link = pl.DataFrame([{
        "link_id": "l", "src_memory_id": "off", "dst_memory_id": "plan", "conversation_id": "c", "memory_kind": "entry",
        "relation": "followup_of", "confidence": 0.8, "method": "rules", "detail": "called off", "lifecycle_change": "cancelled",
        "changed_at": datetime(2026, 7, 2),
    }], schema=empty_links().schema)
    vectors = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]], dtype=np.float32)
    store = MemoryStore.build(frame, vectors, status, link)
    lifecycle = lambda s, m="plan": dict(s.frame.select("memory_id", "lifecycle").iter_rows())[m]  # noqa: E731
    assert lifecycle(store) == lifecycle(store.at(None)) == "cancelled"
    assert lifecycle(store.at(datetime(2026, 4, 1))) == "pending"  # not called off yet: no leak of what came later
    assert lifecycle(store.at(datetime(2026, 8, 1))) == "cancelled"
    # the September plan's move is the June one's: as of April it too was still on
    assert lifecycle(store.at(datetime(2026, 4, 1)), "sept") == "pending"
    assert lifecycle(store.at(datetime(2026, 8, 1)), "sept") == "cancelled"


@pytest.mark.parametrize(
    ("question", "speakers", "asked"),
    [
        ("what is the user's diet?", ["Tom"], "what is Tom's diet?"),
        ("where does the user live now?", ["Tom"], "where does Tom live now?"),
        ("does the User have pets?", ["Tom"], "does Tom have pets?"),
        # two friends: "the user" is neither in particular
        ("where does the user live now?", ["Tom", "Ana"], "where does the user live now?"),
        ("is the user interface in Spanish?", ["Tom"], "is the user interface in Spanish?"),
        ("where is a user's guide for the app?", ["Tom"], "where is a user's guide for the app?"),
    ],
)
def test_the_user_an_agent_asks_about_is_the_stores_one_speaker(question, speakers, asked):
    from memory_pipeline.retrieval.cues import naming_the_user

    assert naming_the_user(question, speakers) == asked


def test_the_name_every_memory_shares_is_no_cue():
    from memory_pipeline.retrieval.cues import question_cues, without_shared_names

    cues = question_cues("Where does Tom live now, and did Ana visit?")
    assert without_shared_names(cues, {"Tom"}).people == {"ana"}
    assert without_shared_names(cues, {"Tom", "Ana"}).people == {"tom", "ana"}


def test_an_entry_the_units_split_in_parts_is_shown_as_its_parts():
    import numpy as np
    import polars as pl

    from memory_pipeline.memory_frame import memory_frame

    said = datetime(2026, 1, 5, 8, 50)
    entries = pl.DataFrame({
        "memory_id": ["dog", "flat"], "conversation_id": ["c"] * 2,
        "text": ["Raj asks: Raj's dog Biscuit keeps chewing the sofa, any tips? He's a 2 year old beagle.",
                 "Raj moved to Partick. The flat is great."],
        "session_time": [said, said], "source_turn_id": ["S1:1", "S1:3"],
    })
    units = pl.DataFrame({
        "memory_id": ["tips", "beagle", "partick"], "conversation_id": ["c"] * 3,
        "content_text": ["Raj asks: Raj's dog Biscuit keeps chewing the sofa, any tips?", "He's a 2 year old beagle.",
                         "Raj moved to Partick."],
        "dialogue_time": [said] * 3, "source_turn_ids": [["S1:1"], ["S1:1"], ["S1:3"]],
        "event_start": [None] * 3, "event_time_basis": [None] * 3,
    })
    frame = memory_frame(entries, units)
    store = MemoryStore.build(frame, np.eye(len(frame), 3, dtype=np.float32))
    # two units say all of the first entry between them: it is shown as them; the second entry says more
    assert store.stands_for == {"dog": "tips"}
