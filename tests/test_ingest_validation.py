"""One test per validation error code: each broken rule is refused with its own code and a message that
points at the file and, where it applies, the conversation, session and turn."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest import ErrorCode, IngestError, read_source

BASE: dict[str, Any] = {
    "conversation_id": "val-check",
    "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bot", "role": "assistant"}],
    "sessions": [
        {
            "session_id": "S1",
            "start_time": "2024-01-05T10:00:00",
            "turns": [
                {"id": "S1:1", "speaker": "Ana", "text": "I adopted a cat last week."},
                {"id": "S1:2", "speaker": "Bot", "text": "Congratulations! What is its name?"},
            ],
        },
        {
            "session_id": "S2",
            "start_time": "2024-02-01T09:30:00",
            "turns": [{"id": "S2:1", "speaker": "Ana", "text": "The cat is called Miso."}],
        },
    ],
}


def edited(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


def write(tmp_path: Path, content: Any, name: str = "conv.json") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return path


def first_turn(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["sessions"][0]["turns"][0]


# (code, file content, file name, config overrides, forced format, text the message must contain)
CASES: list[tuple[ErrorCode, Any, str, dict[str, Any], str | None, str]] = [
    (ErrorCode.FILE_TOO_LARGE, BASE, "conv.json", {"max_file_bytes": 10}, None, "over the limit"),
    (ErrorCode.NOT_UTF8, b'{"conversation_id": "caf\xe9"}', "conv.json", {}, None, "line 1"),
    (ErrorCode.NOT_JSON, '{\n  "conversation_id": "x",\n  oops\n}', "conv.json", {}, None, "line 3"),
    (ErrorCode.NOT_JSON, json.dumps(BASE) + "\n" + json.dumps(BASE) + "\n{broken\n", "c.jsonl", {}, None, "line 3"),
    (ErrorCode.UNKNOWN_FORMAT, {"hello": "world"}, "conv.json", {}, None, "cannot tell the format"),
    (ErrorCode.UNKNOWN_FORMAT, BASE, "conv.json", {}, "xml", "unsupported format 'xml'"),
    (ErrorCode.WRONG_SHAPE, edited(lambda d: d.update(sessions={"S1": []})), "conv.json", {}, None, "'sessions'"),
    (ErrorCode.WRONG_SHAPE, edited(lambda d: d.update(sesions=[])), "conv.json", {}, None, "unknown keys ['sesions']"),
    (ErrorCode.WRONG_SHAPE, BASE, "conv.json", {}, "locomo", "LoCoMo"),
    (ErrorCode.MISSING_CONVERSATION_ID, edited(lambda d: d.pop("conversation_id")), "c.json", {}, "canonical", "missing"),
    (ErrorCode.MISSING_CONVERSATION_ID, edited(lambda d: d.update(conversation_id="  ")), "c.json", {}, None, "missing"),
    (ErrorCode.UNSAFE_CONVERSATION_ID, edited(lambda d: d.update(conversation_id="../etc")), "c.json", {}, None, "../etc"),
    (ErrorCode.DUPLICATE_CONVERSATION_ID, json.dumps(BASE) + "\n" + json.dumps(BASE) + "\n", "c.jsonl", {}, None, "more than once"),
    (ErrorCode.BAD_SPEAKER, edited(lambda d: d["speakers"][1].update(role="robot")), "c.json", {}, None, "'robot'"),
    (ErrorCode.BAD_SPEAKER, edited(lambda d: d["speakers"][1].pop("role")), "c.json", {}, None, "no role"),
    (ErrorCode.UNKNOWN_SPEAKER, edited(lambda d: first_turn(d).update(speaker="Zed")), "c.json", {}, None, "turn S1:1"),
    (ErrorCode.NO_TURNS, edited(lambda d: d.update(sessions=[])), "c.json", {}, None, "no turns"),
    (ErrorCode.EMPTY_SESSION, edited(lambda d: d["sessions"][1].update(turns=[])), "c.json", {}, None, "session S2"),
    (ErrorCode.DUPLICATE_SESSION_ID, edited(lambda d: d["sessions"][1].update(session_id="S1")), "c.json", {}, None, "twice"),
    (ErrorCode.MISSING_SESSION_TIME, edited(lambda d: d["sessions"][0].pop("start_time")), "c.json", {}, None, "session S1"),
    (ErrorCode.BAD_SESSION_TIME, edited(lambda d: d["sessions"][0].update(start_time="last Tuesday")), "c.json", {}, None, "last Tuesday"),
    (ErrorCode.BACKWARDS_SESSION_TIME, edited(lambda d: d["sessions"][1].update(start_time="2023-12-31T08:00:00")), "c.json", {}, None, "before the previous session S1"),
    (ErrorCode.BAD_TURN_TIMESTAMP, edited(lambda d: first_turn(d).update(timestamp="noonish")), "c.json", {}, None, "noonish"),
    (ErrorCode.BAD_TURN_ID, edited(lambda d: first_turn(d).update(id="turn one")), "c.json", {}, None, "'turn one'"),
    (ErrorCode.DUPLICATE_TURN_ID, edited(lambda d: d["sessions"][1]["turns"][0].update(id="S1:1")), "c.json", {}, None, "session S2, turn S1:1"),
    (ErrorCode.EMPTY_TEXT, edited(lambda d: first_turn(d).update(text=" \n\t ")), "c.json", {}, None, "turn S1:1"),
    (ErrorCode.CONTROL_CHARACTERS, edited(lambda d: first_turn(d).update(text="bell\x07here")), "c.json", {}, None, "U+0007"),
    (ErrorCode.TURN_TOO_LONG, BASE, "c.json", {"max_turn_chars": 20}, None, "over the limit of 20"),
]


@pytest.mark.parametrize(
    ("code", "content", "name", "overrides", "fmt", "expected"),
    CASES,
    ids=[f"{case[0].value}-{index}" for index, case in enumerate(CASES)],
)
def test_each_broken_rule_has_its_own_code(tmp_path, code, content, name, overrides, fmt, expected):
    path = write(tmp_path, content, name)
    with pytest.raises(IngestError) as caught:
        read_source(path, fmt=fmt, config=IngestConfig(**overrides))
    assert caught.value.code == code, str(caught.value)
    message = str(caught.value)
    assert name in message and expected in message


def test_missing_file_is_an_io_error(tmp_path):
    with pytest.raises(IngestError) as caught:
        read_source(tmp_path / "absent.json")
    assert caught.value.code == ErrorCode.IO_ERROR


def test_every_error_code_has_a_test():
    covered = {case[0] for case in CASES} | {ErrorCode.IO_ERROR}
    assert covered == set(ErrorCode)


def test_error_names_conversation_session_and_turn(tmp_path):
    path = write(tmp_path, edited(lambda d: d["sessions"][1]["turns"][0].update(text="")))
    with pytest.raises(IngestError) as caught:
        read_source(path)
    error = caught.value
    assert (error.conversation_id, error.session_id, error.turn_ref) == ("val-check", "S2", "S2:1")
    assert error.as_reason()["code"] == "empty_text"


def test_base_conversation_is_valid(tmp_path):
    (conv,) = read_source(write(tmp_path, BASE))
    assert conv.n_turns == 3


def test_image_turn_with_caption_may_have_empty_text(tmp_path):
    doc = edited(lambda d: first_turn(d).update(text="", image_caption="a photo of a grey kitten"))
    (conv,) = read_source(write(tmp_path, doc))
    assert conv.sessions[0].turns[0].image_caption == "a photo of a grey kitten"


def test_newline_and_tab_are_ordinary_text(tmp_path):
    (conv,) = read_source(write(tmp_path, edited(lambda d: first_turn(d).update(text="line one\n\tline two"))))
    assert conv.sessions[0].turns[0].text == "line one\n\tline two"


def test_equal_session_times_are_not_backwards(tmp_path):
    (conv,) = read_source(write(tmp_path, edited(lambda d: d["sessions"][1].update(start_time="2024-01-05T10:00:00"))))
    assert conv.sessions[0].start_time == conv.sessions[1].start_time


def test_turn_at_the_length_limit_is_kept_whole(tmp_path):
    text = "x" * 50
    (conv,) = read_source(write(tmp_path, edited(lambda d: first_turn(d).update(text=text))), config=IngestConfig(max_turn_chars=50))
    assert conv.sessions[0].turns[0].text == text
