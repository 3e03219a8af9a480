"""The inbox: canonical files with a source block, quarantine, idempotency, file names for every id the id
rule allows, fingerprints, and the frames built from inbox files."""

from __future__ import annotations

import io
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

import pytest

from memory_pipeline import warehouse
from memory_pipeline.ingest import (
    conversation_frames,
    conversation_id_of,
    describe_report,
    inbox_file,
    inbox_fingerprints,
    inbox_frames,
    ingest_files,
    load_inbox_conversation,
    read_source,
)
from memory_pipeline.lake import CONVERSATION_ID_PATTERN, Lake, sha256_file
from memory_pipeline.schemas import CONVERSATIONS, TURNS


def conversation(cid: str, text: str = "I adopted a cat last week.") -> dict[str, Any]:
    return {
        "conversation_id": cid,
        "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bot", "role": "assistant"}],
        "sessions": [
            {
                "session_id": "S1",
                "start_time": "2024-01-05T10:00:00",
                "turns": [
                    {"speaker": "Ana", "text": text},
                    {"speaker": "Bot", "text": "What is its name?", "timestamp": "2024-01-05T10:00:20"},
                ],
            },
            {
                "session_id": "S2",
                "start_time": "2024-02-01T09:30:00",
                "turns": [{"speaker": "Ana", "text": "Miso. He sleeps all day."}],
            },
        ],
    }


def write_json(path: Path, payload: Any) -> Path:
    path.write_text(json.dumps(payload), encoding="utf-8")
    return path


def frame_bytes(frame: pl.DataFrame) -> bytes:
    buffer = io.BytesIO()
    frame.write_ipc(buffer)
    return buffer.getvalue()


def test_inbox_file_is_canonical_with_a_source_block(lake, tmp_path):
    path = write_json(tmp_path / "tiny.json", conversation("tiny"))
    report = ingest_files(lake, [path])
    assert report.new == ["tiny"] and not report.quarantined
    stored = json.loads(inbox_file(lake, "tiny").read_text(encoding="utf-8"))
    source = stored["source"]
    assert (source["file"], source["path"], source["format"]) == ("tiny.json", str(path), "canonical")
    assert source["sha256"] == sha256_file(path)
    assert datetime.fromisoformat(source["ingested_at"]).tzinfo is None
    assert [t["id"] for t in stored["sessions"][0]["turns"]] == ["S1:1", "S1:2"]


def test_bad_file_is_quarantined_and_the_batch_goes_on(lake, tmp_path):
    good = write_json(tmp_path / "good.json", conversation("good"))
    bad = write_json(tmp_path / "bad.json", conversation("bad", text="   "))
    other = write_json(tmp_path / "other.json", conversation("other"))
    report = ingest_files(lake, [good, bad, other])
    assert report.new == ["good", "other"]
    (item,) = report.quarantined
    assert (item.path, item.code, item.format) == (str(bad), "empty_text", "canonical")
    reason = json.loads((lake.quarantine_dir / f"{item.quarantined_as}.reason.json").read_text())
    assert reason["code"] == "empty_text" and reason["format"] == "canonical" and "bad.json" in reason["error"]
    assert reason["conversation_id"] == "bad" and reason["turn_ref"] == "S1:1"
    assert (lake.quarantine_dir / item.quarantined_as).read_bytes() == bad.read_bytes()
    assert not inbox_file(lake, "bad").exists()


def test_a_file_is_refused_whole(lake, tmp_path):
    lines = tmp_path / "two.jsonl"
    lines.write_text(json.dumps(conversation("fine")) + "\n" + json.dumps(conversation("broken", "a\x00b")) + "\n")
    report = ingest_files(lake, [lines])
    assert report.accepted == [] and report.quarantined[0].code == "control_characters"
    assert lake.inbox_files() == []


def sessions_only(payload: dict[str, Any], *indices: int) -> dict[str, Any]:
    """``payload`` with only the sessions at ``indices`` (0-based), their ids and turn refs left to the defaults,
    as a file of only this week's sessions numbers them."""
    out = json.loads(json.dumps(payload))
    out["sessions"] = [{k: v for k, v in out["sessions"][i].items() if k != "session_id"} for i in indices]
    return out


def grown(cid: str) -> dict[str, Any]:
    """Three sessions: the two of :func:`conversation` and one in March."""
    payload = conversation(cid)
    payload["sessions"].append(
        {"session_id": "S3", "start_time": "2024-03-10T18:00:00", "turns": [{"speaker": "Ana", "text": "Miso is at the vet."}]}
    )
    return payload


def stored_sessions(lake, cid: str) -> list[tuple[str, list[str]]]:
    conv = load_inbox_conversation(inbox_file(lake, cid))
    return [(s.session_id, [t.ref for t in s.turns]) for s in conv.sessions]


def test_a_file_of_only_new_sessions_is_appended_not_swapped_in(lake, tmp_path):
    """Sending this week's sessions had replaced the conversation: every earlier session and its memories were
    gone, with "changed" and exit 0. The new sessions follow the stored ones, numbered on."""
    payload = grown("raj")
    ingest_files(lake, [write_json(tmp_path / "raj-1.json", sessions_only(payload, 0))])
    report = ingest_files(lake, [write_json(tmp_path / "raj-2.json", sessions_only(payload, 1, 2))])
    assert report.changed == ["raj"] and not report.quarantined
    assert "2 session(s) appended" in report.notes["raj"] and "appended" in describe_report(report)
    assert stored_sessions(lake, "raj") == [("S1", ["S1:1", "S1:2"]), ("S2", ["S2:1"]), ("S3", ["S3:1"])]
    assert "S2 (2024-02-01), S3 (2024-03-10)" in report.notes["raj"]  # named as the conversation numbers them
    # the same, fed at once, is the same conversation
    whole = load_inbox_conversation(inbox_file(lake, "raj"))
    assert [t.text for s in whole.sessions for t in s.turns] == [t["text"] for s in payload["sessions"] for t in s["turns"]]
    # sending the new sessions again changes nothing
    again = ingest_files(lake, [tmp_path / "raj-2.json"])
    assert again.unchanged == ["raj"] and stored_sessions(lake, "raj")[2] == ("S3", ["S3:1"])


def test_an_older_export_changes_nothing_and_a_longer_one_replaces(lake, tmp_path):
    payload = grown("raj")
    ingest_files(lake, [write_json(tmp_path / "raj-all.json", payload)])
    report = ingest_files(lake, [write_json(tmp_path / "raj-old.json", sessions_only(payload, 0, 1))])
    assert report.unchanged == ["raj"] and "nothing new" in report.notes["raj"]
    assert len(stored_sessions(lake, "raj")) == 3  # the March session was kept
    # a folder of monthly full exports: the longest is what the inbox holds, whatever the order of the names
    exports = tmp_path / "exports"
    exports.mkdir()
    write_json(exports / "b-2024-01.json", sessions_only(grown("bea"), 0))
    write_json(exports / "a-2024-03.json", grown("bea"))
    write_json(exports / "c-2024-02.json", sessions_only(grown("bea"), 0, 1))
    report = ingest_files(lake, [exports])
    assert not report.quarantined, describe_report(report)
    assert len(stored_sessions(lake, "bea")) == 3


def test_a_file_that_drops_stored_sessions_is_refused_unless_replacing(lake, tmp_path):
    payload = grown("raj")
    ingest_files(lake, [write_json(tmp_path / "raj-all.json", payload)])
    # session 2 edited and session 3 left out: neither a copy, a continuation nor an edit in place
    edited = sessions_only(payload, 0, 1)
    edited["sessions"][1]["start_time"] = "2024-02-02T09:30:00"
    report = ingest_files(lake, [write_json(tmp_path / "raj-edit.json", edited)])
    (item,) = report.quarantined
    assert item.code == "sessions_removed" and "S3 (2024-03-10)" in item.error and "--replace" in item.error
    assert len(stored_sessions(lake, "raj")) == 3  # nothing was lost
    report = ingest_files(lake, [tmp_path / "raj-edit.json"], replace=True)
    assert report.changed == ["raj"] and "dropped" in report.notes["raj"]
    assert len(stored_sessions(lake, "raj")) == 2
    # with --replace, an older copy is the whole conversation too
    report = ingest_files(lake, [write_json(tmp_path / "raj-first.json", sessions_only(payload, 0))], replace=True)
    assert report.changed == ["raj"] and "dropped" in report.notes["raj"] and len(stored_sessions(lake, "raj")) == 1


def test_a_session_sent_again_with_its_start_corrected_is_an_edit_not_a_session_more(lake, tmp_path):
    payload = grown("raj")
    ingest_files(lake, [write_json(tmp_path / "raj-all.json", payload)])
    corrected = json.loads(json.dumps(payload))
    corrected["sessions"][2]["start_time"] = "2024-03-11T18:00:00"
    report = ingest_files(lake, [write_json(tmp_path / "raj-fixed.json", corrected)])
    assert report.changed == ["raj"] and not report.quarantined
    assert report.notes["raj"] == "edited S3 (2024-03-11)"  # the report says what the edit changed
    stored = load_inbox_conversation(inbox_file(lake, "raj"))
    assert [s.start_time.day for s in stored.sessions] == [5, 1, 11]


def test_a_file_with_its_speakers_renamed_says_so(lake, tmp_path):
    payload = conversation("chat")
    ingest_files(lake, [write_json(tmp_path / "chat.json", payload)])
    renamed = json.loads(json.dumps(payload).replace('"Ana"', '"Anabel"'))
    report = ingest_files(lake, [write_json(tmp_path / "chat.json", renamed)])
    assert report.changed == ["chat"] and "speakers were Ana, Bot" in report.notes["chat"]
    assert "edited S1 (2024-01-05), S2 (2024-02-01)" in report.notes["chat"]
    # new sessions appended with a speaker of another name say so too
    later = grown("chat")
    later["speakers"].append({"name": "Cem", "role": "user"})
    later["sessions"][2]["turns"][0]["speaker"] = "Cem"
    later = json.loads(json.dumps(later).replace('"Ana"', '"Anabel"'))
    report = ingest_files(lake, [write_json(tmp_path / "chat-3.json", sessions_only(later, 2))])
    assert "1 session(s) appended" in report.notes["chat"] and "speakers were Anabel, Bot" in report.notes["chat"]


def test_appended_sessions_are_checked_with_the_stored_ones(lake, tmp_path):
    payload = grown("raj")
    ingest_files(lake, [write_json(tmp_path / "raj-1.json", sessions_only(payload, 0, 1))])
    # the new session's own turn id (not its default "S1:1", which is numbered on) collides with a stored one
    late = sessions_only(payload, 2)
    late["sessions"][0]["turns"][0]["id"] = "S2:1"
    report = ingest_files(lake, [write_json(tmp_path / "raj-late.json", late)])
    assert report.quarantined[0].code == "duplicate_turn_id" and "raj-late.json" in report.quarantined[0].error
    assert len(stored_sessions(lake, "raj")) == 2


def test_two_files_of_a_batch_cannot_supply_one_conversation(lake, tmp_path):
    first = write_json(tmp_path / "a.json", conversation("same"))
    second = write_json(tmp_path / "b.json", conversation("same", text="A different first turn."))
    report = ingest_files(lake, [first, second])
    assert report.new == ["same"] and report.quarantined[0].code == "duplicate_conversation_id"
    assert load_inbox_conversation(inbox_file(lake, "same")).sessions[0].turns[0].text == "I adopted a cat last week."


def test_a_byte_identical_copy_in_a_batch_is_read_once(lake, tmp_path):
    first = write_json(tmp_path / "a.json", conversation("same"))
    (tmp_path / "copy").mkdir()
    copy = write_json(tmp_path / "copy" / "a-copy.json", conversation("same"))
    report = ingest_files(lake, [first, copy])
    assert report.new == ["same"] and report.quarantined == []


def test_another_conversation_under_an_existing_id_is_refused_not_swapped_in(lake, tmp_path):
    ingest_files(lake, [write_json(tmp_path / "ana.json", conversation("chat"))])
    other = conversation("chat", text="I'm vegan since January.")
    other["speakers"] = [{"name": "Bea", "role": "user"}, {"name": "Helper", "role": "assistant"}]
    for session in other["sessions"]:
        for turn in session["turns"]:
            turn["speaker"] = {"Ana": "Bea", "Bot": "Helper"}[turn["speaker"]]
    report = ingest_files(lake, [write_json(tmp_path / "bea.json", other)])
    assert report.changed == [] and report.quarantined[0].code == "duplicate_conversation_id"
    assert "ana.json" in report.quarantined[0].error
    assert load_inbox_conversation(inbox_file(lake, "chat")).speakers[0].name == "Ana"  # nothing was lost
    # an edit of the same conversation, from a file of another name, still replaces it
    moved = write_json(tmp_path / "ana-edited.json", conversation("chat", text="I adopted two cats."))
    report = ingest_files(lake, [moved])
    assert report.changed == ["chat"]
    assert "changed: chat" in describe_report(report)  # the report names what changed


def test_a_shared_assistant_name_does_not_make_two_peoples_chats_one(lake, tmp_path):
    # every chat with an assistant has one called "Bot" here: only the people say whose conversation it is
    ingest_files(lake, [write_json(tmp_path / "ana.json", conversation("chat-1"))])
    other = conversation("chat-1", text="I just got a puppy called Nugget.")
    other["speakers"][0]["name"] = "Petra"
    for session in other["sessions"]:
        for turn in session["turns"]:
            turn["speaker"] = "Petra" if turn["speaker"] == "Ana" else turn["speaker"]
    report = ingest_files(lake, [write_json(tmp_path / "petra.json", other)])
    assert report.changed == [] and report.quarantined[0].code == "duplicate_conversation_id"
    assert load_inbox_conversation(inbox_file(lake, "chat-1")).speakers[0].name == "Ana"


def test_windows_line_breaks_and_decomposed_names_are_read_not_refused(lake, tmp_path):
    payload = conversation("crlf", text="Shopping list for Saturday:\r\n- flour\r\n- eggs")
    payload["speakers"][0]["name"] = "Jos\u00e9"  # composed, as declared
    for session in payload["sessions"]:
        for turn in session["turns"]:
            if turn["speaker"] == "Ana":
                turn["speaker"] = "Jose\u0301"  # decomposed, as macOS exports write it
    report = ingest_files(lake, [write_json(tmp_path / "crlf.json", payload)])
    assert report.new == ["crlf"], describe_report(report)
    stored = load_inbox_conversation(inbox_file(lake, "crlf"))
    assert stored.sessions[0].turns[0].text == "Shopping list for Saturday:\n- flour\n- eggs"
    assert stored.sessions[0].turns[0].speaker == "Jos\u00e9"


def test_windows_1252_punctuation_read_as_latin_1_is_written_back_not_refused(lake, tmp_path):
    # an export that decoded Windows-1252 as Latin-1 turns "…" and "’" into C1 control characters
    payload = conversation("cp1252", text="my new job starts\u0085on Monday, it\u0092s at the bank")
    payload["sessions"][0]["turns"][0]["image_caption"] = "Ana\u0092s new desk"
    payload["speakers"][0]["name"] = "Ana O\u0092Brien"
    for session in payload["sessions"]:
        for turn in session["turns"]:
            turn["speaker"] = "Ana O\u0092Brien" if turn["speaker"] == "Ana" else turn["speaker"]
    report = ingest_files(lake, [write_json(tmp_path / "cp1252.json", payload)])
    assert report.new == ["cp1252"], describe_report(report)
    turn = load_inbox_conversation(inbox_file(lake, "cp1252")).sessions[0].turns[0]
    assert turn.text == "my new job starts\u2026on Monday, it\u2019s at the bank"
    assert (turn.image_caption, turn.speaker) == ("Ana\u2019s new desk", "Ana O\u2019Brien")
    # a code Windows-1252 leaves unused is still a control character, and still refused
    payload = conversation("c1", text="my new job starts\u0081on Monday")
    report = ingest_files(lake, [write_json(tmp_path / "c1.json", payload)])
    assert report.quarantined and "control" in report.quarantined[0].error


def test_reingest_is_a_no_op(lake, tmp_path):
    path = write_json(tmp_path / "tiny.json", conversation("tiny"))
    ingest_files(lake, [path])
    stored = inbox_file(lake, "tiny")
    before = stored.read_bytes()
    first_frames = inbox_frames(stored)
    report = ingest_files(lake, [path])
    assert report.unchanged == ["tiny"] and report.new == report.changed == []
    assert stored.read_bytes() == before
    second_frames = inbox_frames(stored)
    for first, second in zip(first_frames, second_frames, strict=True):
        assert frame_bytes(first) == frame_bytes(second)


def test_changed_source_rewrites_the_inbox_file(lake, tmp_path):
    path = write_json(tmp_path / "tiny.json", conversation("tiny"))
    ingest_files(lake, [path])
    write_json(path, conversation("tiny", text="I adopted two cats last week."))
    report = ingest_files(lake, [path])
    assert report.changed == ["tiny"]
    stored = load_inbox_conversation(inbox_file(lake, "tiny"))
    assert stored.sessions[0].turns[0].text == "I adopted two cats last week."
    assert stored.source["sha256"] == sha256_file(path)


def test_inbox_file_carried_to_another_lake_keeps_its_source(lake, tmp_path):
    original = write_json(tmp_path / "tiny.json", conversation("tiny"))
    ingest_files(lake, [original])
    copied = tmp_path / "copied" / "tiny.json"
    copied.parent.mkdir()
    copied.write_bytes(inbox_file(lake, "tiny").read_bytes())
    other = Lake(tmp_path / "other-lake")
    assert ingest_files(other, [copied]).new == ["tiny"]
    assert inbox_file(other, "tiny").read_bytes() == inbox_file(lake, "tiny").read_bytes()


def test_directories_are_walked_for_source_files(lake, tmp_path):
    folder = tmp_path / "drop"
    (folder / "nested").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    write_json(folder / "a.json", conversation("conv-a"))
    (folder / "nested" / "b.jsonl").write_text(json.dumps(conversation("conv-b")) + "\n")
    write_json(folder / ".hidden" / "c.json", conversation("conv-c"))
    write_json(folder / "old.json.reason.json", {"code": "not_json"})
    (folder / "notes.md").write_text("not a source")
    report = ingest_files(lake, [folder])
    assert report.new == ["conv-a", "conv-b"] and not report.quarantined


def test_inbox_round_trip_is_exact(lake, tmp_path):
    path = write_json(tmp_path / "tiny.json", conversation("tiny"))
    (direct,) = read_source(path)
    ingest_files(lake, [path])
    loaded = load_inbox_conversation(inbox_file(lake, "tiny"))
    assert (loaded.speakers, loaded.sessions, loaded.metadata) == (direct.speakers, direct.sessions, direct.metadata)


def test_frames_follow_the_contract(lake, tmp_path):
    path = write_json(tmp_path / "tiny.json", conversation("tiny"))
    ingest_files(lake, [path])
    conv = load_inbox_conversation(inbox_file(lake, "tiny"))
    conversations, turns = conversation_frames(conv, conv.source)
    assert conversations.schema == pl.from_arrow(CONVERSATIONS.empty_table()).schema
    assert turns.schema == pl.from_arrow(TURNS.empty_table()).schema
    row = conversations.row(0, named=True)
    assert (row["n_sessions"], row["n_turns"]) == (2, 3)
    assert (row["speakers"], row["speaker_roles"]) == (["Ana", "Bot"], ["user", "assistant"])
    assert row["ingested_at"] == datetime.fromisoformat(conv.source["ingested_at"])
    assert row["last_session_time"] == datetime(2024, 2, 1, 9, 30)
    assert turns["turn_id"].to_list() == ["tiny:S1:1", "tiny:S1:2", "tiny:S2:1"]
    assert turns["seq"].to_list() == [0, 1, 2] and turns["turn_index"].to_list() == [0, 1, 0]
    assert turns["role"].to_list() == ["user", "assistant", "user"]
    assert turns["timestamp"].to_list() == [None, datetime(2024, 1, 5, 10, 0, 20), None]
    lake.write_partition("conversations", "tiny", conversations)
    lake.write_partition("turns", "tiny", turns)
    assert lake.read_partition("turns", "tiny").equals(turns)


def test_hand_placed_inbox_file_gets_a_source_from_itself(lake):
    lake.inbox.mkdir(parents=True, exist_ok=True)
    path = write_json(inbox_file(lake, "handmade"), conversation("handmade"))
    conversations, _ = inbox_frames(path)
    row = conversations.row(0, named=True)
    assert (row["source_file"], row["format"], row["ingested_at"]) == ("handmade.json", "canonical", None)
    assert row["source_sha256"] == sha256_file(path)


def test_locomo_ingest_keeps_only_the_conversation(lake, locomo_dev):
    report = ingest_files(lake, [locomo_dev])
    assert sorted(report.new) == ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"]
    total = 0
    for path in lake.inbox_files():
        stored = json.loads(path.read_text(encoding="utf-8"))
        assert set(stored) == {"conversation_id", "speakers", "sessions", "metadata", "source"}
        assert stored["source"]["format"] == "locomo" and stored["source"]["file"] == locomo_dev.name
        total += inbox_frames(path)[1].height
    assert total == 2760
    assert ingest_files(lake, [locomo_dev]).unchanged == report.new


def test_same_bytes_from_another_folder_are_unchanged(lake, tmp_path):
    first = write_json(tmp_path / "tiny.json", conversation("tiny"))
    ingest_files(lake, [first])
    before = inbox_file(lake, "tiny").read_bytes()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = elsewhere / "renamed.json"
    moved.write_bytes(first.read_bytes())
    assert ingest_files(lake, [moved]).unchanged == ["tiny"]
    assert inbox_file(lake, "tiny").read_bytes() == before


def test_a_file_named_twice_is_read_once(lake, tmp_path):
    folder = tmp_path / "drop"
    folder.mkdir()
    path = write_json(folder / "tiny.json", conversation("tiny"))
    report = ingest_files(lake, [folder, path])
    assert report.to_dict() == {"new": ["tiny"], "changed": [], "unchanged": [], "quarantined": [], "notes": {}}


# Every character class the id rule allows, where a dot sits (inside, twice, doubled, before a "json" that is
# part of the id), digits first, and the longest id: each must come back as itself from its inbox file.
IDS_THE_RULE_ALLOWS = [
    "team.alpha",
    "v1.2.3",
    "a..b",
    "notes.json",
    "dash-and_underscore",
    "2024-01-05",
    "007",
    "1e5",
    "Z",
    "x" * 128,
]


@pytest.mark.parametrize("cid", IDS_THE_RULE_ALLOWS)
def test_every_id_the_rule_allows_round_trips_through_the_inbox(lake, tmp_path, cid):
    assert CONVERSATION_ID_PATTERN.match(cid)
    report = ingest_files(lake, [write_json(tmp_path / "source.json", conversation(cid))])
    assert report.new == [cid] and not report.quarantined
    path = inbox_file(lake, cid)
    assert lake.inbox_files() == [path]
    assert conversation_id_of(path) == cid
    assert inbox_fingerprints(lake) == {cid: sha256_file(path)}
    conversations, turns = inbox_frames(path)
    assert conversations["conversation_id"].to_list() == [cid] and set(turns["conversation_id"]) == {cid}
    lake.write_partition("turns", cid, turns)
    assert lake.partitions("turns") == [cid]
    assert lake.read_partition("turns", cid).equals(turns)
    warehouse.refresh_views(lake)
    with warehouse.connect(lake) as con:
        assert con.execute("SELECT DISTINCT conversation_id FROM turns").fetchall() == [(cid,)]


def test_an_id_that_prefixes_another_keeps_its_own_file(lake, tmp_path):
    """``team`` and ``team.alpha`` are two conversations; neither is mistaken for the other's file."""
    ingest_files(lake, [write_json(tmp_path / "a.json", conversation("team.alpha"))])
    assert set(inbox_fingerprints(lake)) == {"team.alpha"}
    assert not inbox_file(lake, "team").exists()
    ingest_files(lake, [write_json(tmp_path / "b.json", conversation("team", text="Another first turn."))])
    alpha_before = inbox_file(lake, "team.alpha").read_bytes()
    assert set(inbox_fingerprints(lake)) == {"team", "team.alpha"}
    report = ingest_files(lake, [write_json(tmp_path / "b.json", conversation("team", text="Edited first turn."))])
    assert report.changed == ["team"]
    assert inbox_file(lake, "team.alpha").read_bytes() == alpha_before
    assert load_inbox_conversation(inbox_file(lake, "team")).sessions[0].turns[0].text == "Edited first turn."


@pytest.mark.parametrize("name", ["notes.txt", "tiny.jsonl", "tiny.json.tmp", ".tiny.json", "-tiny.json", ".json"])
def test_a_file_that_is_not_a_conversation_file_has_no_id(lake, name):
    lake.inbox.mkdir(parents=True, exist_ok=True)
    (lake.inbox / name).write_text("{}")
    assert conversation_id_of(lake.inbox / name) is None
    assert inbox_fingerprints(lake) == {}


def test_an_id_outside_the_rule_has_no_inbox_file(lake):
    with pytest.raises(ValueError, match="must match"):
        inbox_file(lake, "../escape")


def test_a_broken_unicode_escape_refuses_the_whole_file_and_the_batch_goes_on(lake, tmp_path):
    """``"\\ud83d"`` alone is valid JSON but no character: the file is quarantined before any of it is stored."""
    broken = tmp_path / "broken.json"
    fine, bad = json.dumps(conversation("sur-a")), json.dumps(conversation("sur-b", text="broken \ud83d emoji"))
    broken.write_text(f"[{fine}, {bad}]", encoding="utf-8")
    paired = write_json(tmp_path / "paired.json", conversation("paired", text="a paired escape \ud83d\ude00 is fine"))
    report = ingest_files(lake, [broken, paired])
    assert report.new == ["paired"] and [q.code for q in report.quarantined] == ["not_utf8"]
    assert "U+D83D" in report.quarantined[0].error
    assert not inbox_file(lake, "sur-a").exists()
    assert "\U0001f600" in load_inbox_conversation(inbox_file(lake, "paired")).sessions[0].turns[0].text
    line = describe_report(report).splitlines()[-1]
    assert line.count("[not_utf8]") == 1 and line.count(str(broken)) == 1


def test_json_lines_end_only_at_newlines(lake, tmp_path):
    """U+2028 and U+2029 may stand raw inside a JSON string; they do not end a JSON Lines record."""
    lines = tmp_path / "two.jsonl"
    records = [conversation("line-a", text="first\u2028second"), conversation("line-b", text="one\u2029two")]
    lines.write_text("\r\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n", encoding="utf-8")
    report = ingest_files(lake, [lines])
    assert report.new == ["line-a", "line-b"] and report.quarantined == []
    assert load_inbox_conversation(inbox_file(lake, "line-b")).sessions[0].turns[0].text == "one\u2029two"


def test_editing_one_conversation_of_a_file_changes_only_that_one(lake, tmp_path):
    path = write_json(tmp_path / "many.json", [conversation("keep-a"), conversation("edit-b"), conversation("keep-c")])
    ingest_files(lake, [path])
    kept = {cid: inbox_file(lake, cid).read_bytes() for cid in ("keep-a", "keep-c")}
    write_json(path, [conversation("keep-a"), conversation("edit-b", text="I adopted two cats."), conversation("keep-c")])
    report = ingest_files(lake, [path])
    assert report.changed == ["edit-b"] and sorted(report.unchanged) == ["keep-a", "keep-c"]
    assert {cid: inbox_file(lake, cid).read_bytes() for cid in kept} == kept  # so their partitions stay fresh
    edited = json.loads(inbox_file(lake, "edit-b").read_text())
    assert edited["source"]["sha256"] == sha256_file(path)
