"""Time zones: a session time's offset is kept beside the conversation's wall clock, never dropped silently."""

from __future__ import annotations

import json
from datetime import datetime

import polars as pl
import pytest

from memory_pipeline.ingest import ErrorCode, IngestError, inbox_file, inbox_frames, ingest_files
from memory_pipeline.ingest.times import BadTimeZone, LocalTime, parse_iso_zoned
from memory_pipeline.lake import Lake
from memory_pipeline.quality import sessions_ordered


@pytest.mark.parametrize(
    ("text", "local", "offset"),
    [
        ("2024-03-02T18:30:00+05:00", datetime(2024, 3, 2, 18, 30), 300),
        ("2024-03-02T18:30:00-03:30", datetime(2024, 3, 2, 18, 30), -210),
        ("2024-03-02T18:30:00Z", datetime(2024, 3, 2, 18, 30), 0),
        ("2024-03-02 18:30+0100", datetime(2024, 3, 2, 18, 30), 60),
        ("2024-03-02T18:30:00", datetime(2024, 3, 2, 18, 30), None),
        ("2024-03-02", datetime(2024, 3, 2, 12, 0), None),
    ],
)
def test_offsets_are_parsed_and_the_wall_clock_kept(text, local, offset):
    parsed = parse_iso_zoned(text, default_hour=12)
    assert (parsed.local, parsed.utc_offset_minutes) == (local, offset)
    assert parse_iso_zoned(parsed.isoformat(), 12) == parsed  # the canonical file round-trips it


@pytest.mark.parametrize("text", ["2024-03-02T18:30:00+25:00", "2024-03-02T18:30:00+15:00", "2024-03-02T18:30:00 EST",
                                  "2024-03-02T18:30:00+5", "2024-03-02T18:30:00+05:00:30"])
def test_malformed_zones_are_their_own_error(text):
    with pytest.raises(BadTimeZone):
        parse_iso_zoned(text, 12)


def test_a_bad_date_is_not_called_a_bad_zone():
    with pytest.raises(ValueError) as caught:
        parse_iso_zoned("2024-13-02T18:30:00+05:00", 12)
    assert not isinstance(caught.value, BadTimeZone)


def _conversation(*starts: str, timestamp: str | None = None) -> dict:
    turn = {"speaker": "Ana", "text": "We land tomorrow morning."}
    if timestamp:
        turn["timestamp"] = timestamp
    return {
        "conversation_id": "zones",
        "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bo", "role": "assistant"}],
        "sessions": [
            {"session_id": f"S{n}", "start_time": start, "turns": [dict(turn)]} for n, start in enumerate(starts, 1)
        ],
    }


def _ingest(tmp_path, document: dict) -> tuple[Lake, object]:
    source = tmp_path / "zones.json"
    source.write_text(json.dumps(document))
    lake = Lake(tmp_path / "lake")
    return lake, ingest_files(lake, [source])


def test_offsets_reach_the_turns_table_and_mixed_zones_order_by_instant(tmp_path):
    # 09:00 in Lisbon (+00:00) comes after 16:00 in Tokyo (+09:00) the same day: 07:00 UTC < 09:00 UTC.
    lake, report = _ingest(
        tmp_path, _conversation("2024-03-02T16:00:00+09:00", "2024-03-02T09:00:00+00:00", timestamp="2024-03-02T16:01:00+09:00")
    )
    assert report.accepted == ["zones"] and not report.quarantined
    _, turns = inbox_frames(inbox_file(lake, "zones"))
    assert turns["session_time"].to_list() == [datetime(2024, 3, 2, 16), datetime(2024, 3, 2, 9)]
    assert turns["session_utc_offset_minutes"].to_list() == [540, 0]
    assert turns["session_time_utc"].to_list() == [datetime(2024, 3, 2, 7), datetime(2024, 3, 2, 9)]
    assert turns["timestamp_utc_offset_minutes"].to_list() == [540, 540]
    assert sessions_ordered(turns).passed


def test_a_session_earlier_in_utc_is_refused_even_if_its_wall_clock_is_later(tmp_path):
    # 18:00 at +09:00 is 09:00 UTC, before 10:00 UTC of the first session.
    _, report = _ingest(tmp_path, _conversation("2024-03-02T10:00:00+00:00", "2024-03-02T18:00:00+09:00"))
    assert [item.code for item in report.quarantined] == [ErrorCode.BACKWARDS_SESSION_TIME]
    assert "+09:00" in report.quarantined[0].error


def test_a_malformed_zone_is_quarantined_with_its_code(tmp_path):
    _, report = _ingest(tmp_path, _conversation("2024-03-02T18:30:00+25:00"))
    assert [item.code for item in report.quarantined] == [ErrorCode.BAD_TIME_ZONE]
    assert "+25:00" in report.quarantined[0].error


def test_sources_without_zones_keep_null_offsets(tmp_path):
    lake, _ = _ingest(tmp_path, _conversation("2024-03-02T18:30:00"))
    _, turns = inbox_frames(inbox_file(lake, "zones"))
    assert turns.select(pl.col("session_utc_offset_minutes", "session_time_utc").null_count()).row(0) == (1, 1)


def test_error_code_is_exported():
    assert issubclass(IngestError, ValueError) and ErrorCode("bad_time_zone") is ErrorCode.BAD_TIME_ZONE
    assert LocalTime(datetime(2024, 1, 1), -60).utc == datetime(2024, 1, 1, 1)
