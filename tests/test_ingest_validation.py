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


def case(code: ErrorCode, content: Any, expect: str, *, name: str = "c.json", fmt: str | None = None, **config: int):
    """One broken input: the code it must raise and a piece of text its message must contain."""
    return pytest.param(code, content, name, config, fmt, expect, id=code.value)


def change(session: int, turn: int | None = None, **values: Any) -> dict[str, Any]:
    """BASE with ``values`` set on one session, or on one turn of it."""

    def apply(doc: dict[str, Any]) -> None:
        target = doc["sessions"][session] if turn is None else doc["sessions"][session]["turns"][turn]
        target.update(values)

    return edited(apply)


TWICE = json.dumps(BASE) + "\n" + json.dumps(BASE) + "\n"
CASES = [
    case(ErrorCode.FILE_TOO_LARGE, BASE, "over the limit", max_file_bytes=10),
    case(ErrorCode.NOT_UTF8, b'{"conversation_id": "caf\xe9"}', "line 1"),
    case(ErrorCode.NOT_JSON, '{\n  "conversation_id": "x",\n  oops\n}', "line 3"),
    case(ErrorCode.NOT_JSON, TWICE + "{broken\n", "line 3", name="c.jsonl"),
    case(ErrorCode.NOT_JSON, json.dumps(BASE)[:-1] + ', "metadata": {"score": NaN}}', "NaN is not a JSON value"),
    case(ErrorCode.UNKNOWN_FORMAT, {"hello": "world"}, "cannot tell the format"),
    case(ErrorCode.UNKNOWN_FORMAT, BASE, "unsupported format 'xml'", fmt="xml"),
    case(ErrorCode.WRONG_SHAPE, edited(lambda d: d.update(sessions={"S1": []})), "'sessions'"),
    case(ErrorCode.WRONG_SHAPE, edited(lambda d: d.update(sesions=[])), "unknown keys ['sesions']"),
    case(ErrorCode.WRONG_SHAPE, BASE, "LoCoMo", fmt="locomo"),
    case(ErrorCode.WRONG_SHAPE, edited(lambda d: d["sessions"][0]["turns"][0].pop("speaker")), "'speaker' must be a string, got nothing (the field is missing or null)"),
    case(ErrorCode.MISSING_CONVERSATION_ID, edited(lambda d: d.pop("conversation_id")), "missing"),
    case(ErrorCode.MISSING_CONVERSATION_ID, edited(lambda d: d.update(conversation_id="  ")), "missing"),
    case(ErrorCode.UNSAFE_CONVERSATION_ID, edited(lambda d: d.update(conversation_id="../etc")), "../etc"),
    case(ErrorCode.DUPLICATE_CONVERSATION_ID, TWICE, "more than once", name="c.jsonl"),
    case(ErrorCode.BAD_SPEAKER, edited(lambda d: d["speakers"][1].update(role="robot")), "'robot'"),
    case(ErrorCode.BAD_SPEAKER, edited(lambda d: d["speakers"][1].pop("role")), "no role"),
    case(ErrorCode.UNKNOWN_SPEAKER, change(0, 0, speaker="Zed"), "turn S1:1"),
    case(ErrorCode.NO_TURNS, edited(lambda d: d.update(sessions=[])), "no turns"),
    case(ErrorCode.EMPTY_SESSION, change(1, turns=[]), "session S2"),
    case(ErrorCode.DUPLICATE_SESSION_ID, change(1, session_id="S1"), "twice"),
    case(ErrorCode.REPEATED_SESSION, edited(lambda d: d["sessions"].insert(1, {
        **copy.deepcopy(d["sessions"][0]), "session_id": "S1b",
        "turns": [{**t, "id": f"S1b:{n}"} for n, t in enumerate(d["sessions"][0]["turns"], 1)],
    })), "repeats session S1 word for word"),
    case(ErrorCode.MISSING_SESSION_TIME, edited(lambda d: d["sessions"][0].pop("start_time")), "session S1"),
    case(ErrorCode.BAD_SESSION_TIME, change(0, start_time="last Tuesday"), "last Tuesday"),
    case(ErrorCode.BAD_SESSION_TIME, change(0, start_time="0001-01-01T10:00:00"), "0001-01-03..9999-12-29"),
    case(ErrorCode.BAD_TIME_ZONE, change(0, start_time="2024-01-01T09:00:00+25:00"), "'+25:00'"),
    case(ErrorCode.BAD_TIME_ZONE, change(0, 0, timestamp="2024-01-01T09:00:00 CET"), "'CET'"),
    case(ErrorCode.BACKWARDS_SESSION_TIME, change(1, start_time="2023-12-31T08:00:00"), "before the previous session"),
    case(ErrorCode.BAD_TURN_TIMESTAMP, change(0, 0, timestamp="noonish"), "noonish"),
    # a placeholder at the calendar's end leaves no day after it to count "tomorrow" into
    case(ErrorCode.BAD_TURN_TIMESTAMP, change(0, 0, timestamp="9999-12-31T10:00:00"), "count days from"),
    case(ErrorCode.BAD_TURN_ID, change(0, 0, id="turn one"), "'turn one'"),
    case(ErrorCode.DUPLICATE_TURN_ID, change(1, 0, id="S1:1"), "session S2, turn S1:1"),
    case(ErrorCode.EMPTY_TEXT, change(0, 0, text=" \n\t "), "turn S1:1"),
    case(ErrorCode.CONTROL_CHARACTERS, change(0, 0, text="bell\x07here"), "U+0007"),
    case(ErrorCode.TURN_TOO_LONG, BASE, "over the limit of 20", max_turn_chars=20),
]


@pytest.mark.parametrize(("code", "content", "name", "overrides", "fmt", "expected"), CASES)
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


def test_a_utf16_file_is_named_as_such(tmp_path):
    # what PowerShell writes by default: had been "byte 0 is not valid UTF-8: invalid start byte"
    path = tmp_path / "conv.json"
    path.write_bytes(json.dumps(edited(lambda c: None)).encode("utf-16"))
    with pytest.raises(IngestError) as err:
        read_source(path)
    assert err.value.code == ErrorCode.NOT_UTF8 and "UTF-16" in str(err.value) and "save it as UTF-8" in str(err.value)


def test_every_error_code_has_a_test():
    # sessions_removed compares a file with the inbox, not a file alone: test_ingest_inbox tests it
    covered = {param.values[0] for param in CASES} | {ErrorCode.IO_ERROR, ErrorCode.SESSIONS_REMOVED}
    assert covered == set(ErrorCode)


def test_error_names_conversation_session_and_turn(tmp_path):
    path = write(tmp_path, change(1, 0, text=""))
    with pytest.raises(IngestError) as caught:
        read_source(path)
    error = caught.value
    assert (error.conversation_id, error.session_id, error.turn_ref) == ("val-check", "S2", "S2:1")
    assert error.as_reason()["code"] == "empty_text"


def test_base_conversation_is_valid(tmp_path):
    (conv,) = read_source(write(tmp_path, BASE))
    assert conv.n_turns == 3


def test_image_turn_with_caption_may_have_empty_text(tmp_path):
    doc = change(0, 0, text="", image_caption="a photo of a grey kitten")
    (conv,) = read_source(write(tmp_path, doc))
    assert conv.sessions[0].turns[0].image_caption == "a photo of a grey kitten"


def test_newline_and_tab_are_ordinary_text(tmp_path):
    (conv,) = read_source(write(tmp_path, change(0, 0, text="line one\n\tline two")))
    assert conv.sessions[0].turns[0].text == "line one\n\tline two"


def test_equal_session_times_are_not_backwards(tmp_path):
    (conv,) = read_source(write(tmp_path, change(1, start_time="2024-01-05T10:00:00")))
    assert conv.sessions[0].start_time == conv.sessions[1].start_time


def test_turn_at_the_length_limit_is_kept_whole(tmp_path):
    text = "x" * 50
    path = write(tmp_path, change(0, 0, text=text))
    (conv,) = read_source(path, config=IngestConfig(max_turn_chars=50))
    assert conv.sessions[0].turns[0].text == text


def test_repeated_key_is_refused_not_overwritten(tmp_path):
    text = json.dumps(BASE).replace('"text": "I adopted', '"text": "first", "text": "I adopted', 1)
    with pytest.raises(IngestError) as caught:
        read_source(write(tmp_path, text, "c.jsonl"))
    assert caught.value.code == ErrorCode.WRONG_SHAPE and "'text' appears twice" in str(caught.value)
    assert caught.value.record == "line 1"


def test_runaway_nesting_is_not_json(tmp_path):
    with pytest.raises(IngestError) as caught:
        read_source(write(tmp_path, "[" * 100_000 + "]" * 100_000))
    assert caught.value.code == ErrorCode.NOT_JSON
