"""Each reader on small inline files, and on the real data sets where they are available."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest import ErrorCode, IngestError, conversation_frames, detect_format, read_source
from memory_pipeline.ingest.source import load_document
from memory_pipeline.ingest.times import parse_locomo_time, parse_time_ago
from memory_pipeline.lake import CONVERSATION_ID_PATTERN

BASE_DATE = datetime.fromisoformat(IngestConfig().msc_base_date)


def write_json(path: Path, payload: Any) -> Path:
    path.write_text(json.dumps(payload), encoding="utf-8")
    return path


def write_lines(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


# -- canonical ------------------------------------------------------------------------------------------------
CANONICAL = {
    "conversation_id": "sample-ana-bo",
    "speakers": [{"name": "Ana", "role": "user"}, {"name": "Helper", "role": "assistant"}],
    "sessions": [
        {
            "start_time": "2024-03-02",
            "turns": [
                {"speaker": "Ana", "text": "Can you remind me to call the dentist on Friday?"},
                {"speaker": "Helper", "text": "Sure, Friday it is.", "timestamp": "2024-03-02T12:01:30"},
            ],
        },
        {
            "session_id": "later",
            "start_time": "2024-04-10T18:30:00+02:00",
            "turns": [{"id": "x-1", "speaker": "Ana", "text": "I called them, all done."}],
        },
    ],
    "metadata": {"topic": "errands"},
}


def test_canonical_defaults_and_times(tmp_path):
    (conv,) = read_source(write_json(tmp_path / "c.json", CANONICAL))
    assert conv.source_format == "canonical" and conv.metadata == {"topic": "errands"} and conv.source is None
    first, second = conv.sessions
    assert (first.session_id, first.session_index, second.session_id, second.session_index) == ("S1", 1, "later", 2)
    assert first.start_time == datetime(2024, 3, 2, IngestConfig().default_session_hour)
    # The offset is dropped and the wall-clock reading kept: all times of a conversation share one naive clock.
    assert second.start_time == datetime(2024, 4, 10, 18, 30)
    assert [turn.ref for turn in first.turns] == ["S1:1", "S1:2"] and second.turns[0].ref == "x-1"
    assert first.turns[0].timestamp is None and first.turns[1].timestamp == datetime(2024, 3, 2, 12, 1, 30)
    assert conv.role_of("Helper") == "assistant"


def test_canonical_source_block_is_preserved(tmp_path):
    source = {
        "file": "orig.json",
        "path": "in/orig.json",
        "format": "locomo",
        "sha256": "ab" * 32,
        "ingested_at": "2024-05-01T00:00:00",
    }
    (conv,) = read_source(write_json(tmp_path / "c.json", {**CANONICAL, "source": source}))
    assert conv.source == source


def test_canonical_json_lines_and_list_hold_many(tmp_path):
    other = {**CANONICAL, "conversation_id": "sample-two"}
    from_lines = read_source(write_lines(tmp_path / "many.jsonl", [CANONICAL, other]))
    from_list = read_source(write_json(tmp_path / "many.json", [CANONICAL, other]))
    expected = ["sample-ana-bo", "sample-two"]
    assert [c.conversation_id for c in from_lines] == [c.conversation_id for c in from_list] == expected


def test_canonical_jsonl_error_names_the_line(tmp_path):
    broken = {**CANONICAL, "conversation_id": "sample-two", "speakers": "Ana"}
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(CANONICAL) + "\n\n" + json.dumps(broken) + "\n", encoding="utf-8")
    with pytest.raises(IngestError) as caught:
        read_source(path)
    assert caught.value.code == ErrorCode.WRONG_SHAPE and caught.value.record == "line 3"


# -- LoCoMo ---------------------------------------------------------------------------------------------------
def locomo_sample() -> dict[str, Any]:
    return {
        "sample_id": "conv-99",
        "qa": [{"question": "What did Ana adopt?", "answer": "a cat", "evidence": ["D1:1"], "category": 4}],
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a cat!"},
                {
                    "speaker": "Bo",
                    "dia_id": "D1:2",
                    "text": "Look at mine.",
                    "img_url": ["http://example.invalid/cat.jpg"],
                    "blip_caption": "a photo of a cat on a sofa",
                },
            ],
            "session_2_date_time": "9:05 am on 20 May, 2023",
            "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "How is the cat?"}],
            "session_10_date_time": "12:06 am on 1 June, 2023",
            "session_10": [{"speaker": "Ana", "dia_id": "D10:1", "text": "Still great."}],
            "session_11_date_time": "1:00 pm on 2 June, 2023",  # a date with no session: not a session
        },
    }


def test_locomo_sessions_refs_roles_and_captions(tmp_path):
    (conv,) = read_source(write_json(tmp_path / "locomo.json", [locomo_sample()]))
    assert conv.conversation_id == "conv-99" and conv.source_format == "locomo"
    assert [s.session_id for s in conv.sessions] == ["session_1", "session_2", "session_10"]
    assert [s.session_index for s in conv.sessions] == [1, 2, 3]
    assert conv.sessions[2].start_time == datetime(2023, 6, 1, 0, 6)
    assert {(s.name, s.role) for s in conv.speakers} == {("Ana", "user"), ("Bo", "user")}
    _, turns = conversation_frames(conv, {"file": "locomo.json", "sha256": "0", "format": "locomo"})
    assert turns["turn_id"].to_list() == ["conv-99:D1:1", "conv-99:D1:2", "conv-99:D2:1", "conv-99:D10:1"]
    assert turns["image_caption"].to_list() == [None, "a photo of a cat on a sofa", None, None]
    assert turns["text"][1] == "Look at mine."
    assert "qa" not in json.dumps(conv.metadata)


def test_locomo_turn_from_undeclared_speaker_is_refused(tmp_path):
    sample = locomo_sample()
    sample["conversation"]["session_2"][0]["speaker"] = "Cy"
    with pytest.raises(IngestError) as caught:
        read_source(write_json(tmp_path / "locomo.json", [sample]))
    assert caught.value.code == ErrorCode.UNKNOWN_SPEAKER and caught.value.turn_ref == "D2:1"


@pytest.mark.parametrize(
    ("key", "value", "code"),
    [
        ("session_2_date_time", "May 20th", ErrorCode.BAD_SESSION_TIME),
        ("session_2_date_time", None, ErrorCode.MISSING_SESSION_TIME),
    ],
)
def test_locomo_session_time_problems(tmp_path, key, value, code):
    sample = locomo_sample()
    sample["conversation"][key] = value
    if value is None:
        del sample["conversation"][key]
    with pytest.raises(IngestError) as caught:
        read_source(write_json(tmp_path / "locomo.json", [sample]))
    assert caught.value.code == code and caught.value.session_id == "session_2"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56)),
        ("12:06 am on 11 November, 2022", datetime(2022, 11, 11, 0, 6)),
        ("12:30 pm on 3 Jan, 2024", datetime(2024, 1, 3, 12, 30)),
    ],
)
def test_locomo_time_notation(text, expected):
    assert parse_locomo_time(text) == expected


def test_locomo_real_dev_file(locomo_dev):
    conversations = read_source(locomo_dev)
    assert [c.conversation_id for c in conversations] == ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"]
    assert sum(c.n_turns for c in conversations) == 2760
    conv26 = conversations[0]
    assert conv26.sessions[0].start_time == datetime(2023, 5, 8, 13, 56)
    # conv-26 has 35 date keys but 19 sessions.
    assert len(conv26.sessions) == 19 and conv26.sessions[-1].session_id == "session_19"
    _, turns = conversation_frames(conv26, {"file": locomo_dev.name, "sha256": "0", "format": "locomo"})
    assert turns["turn_id"][:3].to_list() == ["conv-26:D1:1", "conv-26:D1:2", "conv-26:D1:3"]
    assert turns.filter(turns["turn_id"] == "conv-26:D1:5")["image_caption"][0].startswith("a photo of")
    assert turns["image_caption"].is_not_null().sum() > 0
    assert set(turns["role"]) == {"user"}


# -- MSC --------------------------------------------------------------------------------------------------------
def msc_episode(initial_id: str = "test_7") -> dict[str, Any]:
    return {
        "personas": [["I like tea."], ["I run."]],
        "dialog": [
            {"text": "Did you try the new tea shop?", "id": "51234", "convai2_id": initial_id},
            {"text": "Yes, twice already.", "id": "Speaker 2", "convai2_id": initial_id},
            {"text": "Which blend did you get?", "id": "Speaker 1", "convai2_id": initial_id},
        ],
        "metadata": {"initial_data_id": initial_id, "session_id": 2},
        "previous_dialogs": [
            {
                "dialog": [{"text": "Hi, I love tea."}, {"text": "I prefer running."}],
                "time_num": 1,
                "time_unit": "hour",
                "time_back": "5 days 1 hour ago",
            },
            {
                "dialog": [{"text": "Back from a run?"}, {"text": "Yes, 10 km."}],
                "time_num": 5,
                "time_unit": "days",
                "time_back": "5 days ago",
            },
        ],
    }


def test_msc_dates_count_back_from_the_base_date(tmp_path):
    path = write_lines(tmp_path / "test.txt", [msc_episode("test_7"), msc_episode("test 8/b")])
    first, second = read_source(path)
    assert first.conversation_id == "msc-test-s3-test_7"
    assert second.conversation_id == "msc-test-s3-test-8-b"
    times = [s.start_time for s in first.sessions]
    assert times == [BASE_DATE - timedelta(days=5, hours=1), BASE_DATE - timedelta(days=5), BASE_DATE]
    assert [s.session_id for s in first.sessions] == ["session_1", "session_2", "session_3"]
    assert first.metadata == {
        "split": "test",
        "initial_data_id": "test_7",
        "time_back": ["5 days 1 hour ago", "5 days ago"],
    }


def test_msc_base_date_is_configurable(tmp_path):
    path = write_lines(tmp_path / "valid.txt", [msc_episode()])
    (conv,) = read_source(path, config=IngestConfig(msc_base_date="2020-06-01T08:00:00"))
    assert conv.sessions[-1].start_time == datetime(2020, 6, 1, 8, 0)


def test_msc_speakers_alternate_and_worker_ids_are_positional(tmp_path):
    (conv,) = read_source(write_lines(tmp_path / "test.txt", [msc_episode()]))
    assert {(s.name, s.role) for s in conv.speakers} == {("Speaker 1", "user"), ("Speaker 2", "user")}
    assert [t.speaker for t in conv.sessions[0].turns] == ["Speaker 1", "Speaker 2"]
    assert [t.speaker for t in conv.sessions[2].turns] == ["Speaker 1", "Speaker 2", "Speaker 1"]
    assert [t.ref for t in conv.sessions[2].turns] == ["S3:1", "S3:2", "S3:3"]


def test_msc_unreadable_time_back(tmp_path):
    episode = msc_episode()
    episode["previous_dialogs"][0]["time_back"] = "a while ago"
    with pytest.raises(IngestError) as caught:
        read_source(write_lines(tmp_path / "test.txt", [episode]))
    assert caught.value.code == ErrorCode.BAD_SESSION_TIME and caught.value.record == "line 1"


def test_msc_time_back_notation():
    assert parse_time_ago(" 4 hours ago") == timedelta(hours=4)
    assert parse_time_ago("2 days 1 hour ago") == timedelta(days=2, hours=1)
    with pytest.raises(ValueError):
        parse_time_ago("yesterday")


def test_msc_real_files_and_the_time_back_rule(shared_data):
    folder = shared_data / "msc" / "msc_dialogue"
    three = {c.metadata["initial_data_id"]: c for c in read_source(folder / "session_3" / "test.txt")}
    two = {c.metadata["initial_data_id"]: c for c in read_source(folder / "session_2" / "test.txt")}
    assert len(three) == 501 and all(CONVERSATION_ID_PATTERN.match(c.conversation_id) for c in three.values())
    assert three["test_0"].conversation_id == "msc-test-s3-test_0"
    # time_back counts from the last session: the gap session 1 -> 2 laid out from a session_3 file equals the
    # gap the session_2 file gives for the same episode.
    for initial_id, conv in three.items():
        gap_in_three = conv.sessions[1].start_time - conv.sessions[0].start_time
        gap_in_two = two[initial_id].sessions[1].start_time - two[initial_id].sessions[0].start_time
        assert gap_in_three == gap_in_two, initial_id


# -- MemoryBank -------------------------------------------------------------------------------------------------
MEMORYBANK = {
    " Mei Lin ": {
        "name": " Mei Lin ",
        "summary": {},
        "history": {
            "2023-05-02": [{"query": "I started pottery today.", "response": "How fun! What did you make?"}],
            "2023-05-01": [
                {"query": "Hi, I'm Mei.", "response": "Hello Mei, I'm your AI companion."},
                {"query": "I feel tired.", "response": "Rest well tonight."},
            ],
            "2023-05-03": [],
        },
    }
}


def test_memorybank_names_beyond_ascii_each_get_their_own_id(tmp_path):
    """The Chinese release names users in Chinese; two names that transliterate alike stay apart."""
    users = {
        key: {"name": name, "history": {"2023-05-01": [{"query": "I like tea.", "response": "Nice!"}]}}
        for key, name in (("u1", "张伟"), ("u2", "Zoë"), ("u3", "Zoé"), ("u4", "Emily"))
    }
    conversations = read_source(write_json(tmp_path / "bank.json", users))
    ids = [conv.conversation_id for conv in conversations]
    assert len(set(ids)) == 4 and ids[3] == "memorybank-emily"
    assert ids[1].startswith("memorybank-zoe-") and ids[2].startswith("memorybank-zoe-")
    assert [conv.speakers[0].name for conv in conversations] == ["张伟", "Zoë", "Zoé", "Emily"]
    assert read_source(write_json(tmp_path / "again.json", users))[0].conversation_id == ids[0]  # stable


def test_memorybank_roles_sessions_and_empty_dates(tmp_path):
    (conv,) = read_source(write_json(tmp_path / "bank.json", MEMORYBANK))
    assert conv.conversation_id == "memorybank-mei-lin"
    assert [(s.name, s.role) for s in conv.speakers] == [("Mei Lin", "user"), ("AI", "assistant")]
    assert [s.session_id for s in conv.sessions] == ["2023-05-01", "2023-05-02"]
    assert conv.sessions[0].start_time == datetime(2023, 5, 1, IngestConfig().default_session_hour)
    assert [(t.ref, t.speaker) for t in conv.sessions[0].turns] == [
        ("S1:1", "Mei Lin"),
        ("S1:2", "AI"),
        ("S1:3", "Mei Lin"),
        ("S1:4", "AI"),
    ]
    assert conv.metadata == {"user_key": " Mei Lin ", "dates_without_turns": ["2023-05-03"]}


def test_memorybank_bad_date_key(tmp_path):
    bank = {"Kai": {"name": "Kai", "history": {"May 1": [{"query": "hi", "response": "hello"}]}}}
    with pytest.raises(IngestError) as caught:
        read_source(write_json(tmp_path / "bank.json", bank))
    assert caught.value.code == ErrorCode.BAD_SESSION_TIME and caught.value.record == "user 'Kai'"


def test_memorybank_real_file(shared_data):
    conversations = read_source(shared_data / "memorybank" / "memory_bank_en.json")
    assert len(conversations) == 15
    by_id = {c.conversation_id: c for c in conversations}
    assert "memorybank-john-zhang" in by_id and "memorybank-jason" in by_id
    assert by_id["memorybank-john-zhang"].metadata["dates_without_turns"] == ["2023-05-05"]
    for conv in conversations:
        _, turns = conversation_frames(conv, {"file": "memory_bank_en.json", "sha256": "0", "format": "memorybank"})
        assert set(turns["role"]) == {"user", "assistant"}
        assert turns.filter(turns["role"] == "assistant")["speaker"].unique().to_list() == ["AI"]


# -- detection --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "payload", "expected"),
    [
        ("c.json", CANONICAL, "canonical"),
        ("locomo.json", [locomo_sample()], "locomo"),
        ("test.txt", [msc_episode()], "msc"),
        ("bank.json", MEMORYBANK, "memorybank"),
    ],
)
def test_detect_format_by_content(tmp_path, name, payload, expected):
    path = write_lines(tmp_path / name, payload) if name.endswith(".txt") else write_json(tmp_path / name, payload)
    doc = load_document(path, IngestConfig())
    assert detect_format(path, doc.payload) == expected


def test_single_line_jsonl_and_pretty_txt_both_load(tmp_path):
    one_line = write_lines(tmp_path / "one.jsonl", [CANONICAL])
    pretty = tmp_path / "pretty.txt"
    pretty.write_text(json.dumps(CANONICAL, indent=2), encoding="utf-8")
    assert read_source(one_line)[0].conversation_id == read_source(pretty)[0].conversation_id == "sample-ana-bo"
