"""Parsing the time notations of the sources into naive datetimes in the conversation's own clock."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

# A time with a UTC offset keeps its wall-clock reading as the conversation's clock (the clock the speakers
# lived in: "tomorrow" means their tomorrow) and the offset beside it, so the instant is never lost and sessions
# recorded in different zones still order correctly. Most sources give no zone at all: the offset is then None.
_DATE_ONLY = re.compile(r"^\d{4}-\d{2}-\d{2}$")

_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}

_LOCOMO_TIME = re.compile(
    r"^\s*(?P<hour>\d{1,2}):(?P<minute>\d{2})\s*(?P<ampm>[ap])\.?m\.?\s+on\s+"
    r"(?P<day>\d{1,2})\s+(?P<month>[A-Za-z]+)\.?,?\s+(?P<year>\d{4})\s*$",
    re.IGNORECASE,
)

_AGO_PART = re.compile(r"(\d+)\s*(minute|hour|day|week)s?", re.IGNORECASE)
_AGO = re.compile(r"^\s*(?:\d+\s*(?:minute|hour|day|week)s?\s*)+ago\s*$", re.IGNORECASE)


_DATE_TIME_HEAD = re.compile(r"^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,6})?)?)(.+)$")
# Real-world UTC offsets run from -12:00 to +14:00.
MAX_OFFSET_MINUTES = 14 * 60


class BadTimeZone(ValueError):
    """The date-time is fine but its zone designator is not a valid UTC offset."""


@dataclass(frozen=True, slots=True)
class LocalTime:
    """A wall-clock reading in the conversation's own clock and, when the source gave one, its UTC offset."""

    local: datetime  # naive
    utc_offset_minutes: int | None = None

    @property
    def utc(self) -> datetime | None:
        """The naive UTC instant, or None when the source gave no zone."""
        if self.utc_offset_minutes is None:
            return None
        return self.local - timedelta(minutes=self.utc_offset_minutes)

    def isoformat(self) -> str:
        """ISO 8601 with the offset when there is one (what the canonical inbox file keeps)."""
        if self.utc_offset_minutes is None:
            return self.local.isoformat()
        sign = "+" if self.utc_offset_minutes >= 0 else "-"
        hours, minutes = divmod(abs(self.utc_offset_minutes), 60)
        return f"{self.local.isoformat()}{sign}{hours:02d}:{minutes:02d}"


def parse_iso_zoned(value: str, default_hour: int) -> LocalTime:
    """ISO 8601 date or date-time with an optional zone (``Z``, ``+05:00``, ``-0330``); a bare date gets
    ``default_hour``. Raises :class:`BadTimeZone` for a malformed or impossible zone, ValueError otherwise."""
    text = value.strip()
    if _DATE_ONLY.match(text):
        return LocalTime(datetime.fromisoformat(text).replace(hour=default_hour))
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        head = _DATE_TIME_HEAD.match(text)
        if head is not None and _parses(head.group(1)):
            raise BadTimeZone(f"{head.group(2).strip()!r} is not a UTC offset such as Z, +05:00 or -0330") from None
        raise
    offset = parsed.utcoffset()
    if offset is None:
        return LocalTime(parsed)
    minutes = offset.total_seconds() / 60
    if minutes != int(minutes) or abs(minutes) > MAX_OFFSET_MINUTES:
        raise BadTimeZone(f"UTC offset {offset} is outside -12:00..+14:00 or not whole minutes")
    return LocalTime(parsed.replace(tzinfo=None), int(minutes))


def _parses(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def parse_iso(value: str, default_hour: int) -> datetime:
    """The wall-clock reading of :func:`parse_iso_zoned` (for settings that are dates, not session times)."""
    return parse_iso_zoned(value, default_hour).local


def parse_locomo_time(value: str) -> datetime:
    """LoCoMo's ``1:56 pm on 8 May, 2023``. Parsed by hand so the result never depends on the process locale."""
    match = _LOCOMO_TIME.match(value)
    if not match:
        raise ValueError(f"not of the form '1:56 pm on 8 May, 2023': {value!r}")
    month = _MONTHS.get(match["month"].lower())
    if month is None:
        raise ValueError(f"unknown month {match['month']!r} in {value!r}")
    hour = int(match["hour"])
    if not 1 <= hour <= 12:
        raise ValueError(f"hour {hour} is not a 12-hour clock hour in {value!r}")
    hour = hour % 12 + (12 if match["ampm"].lower() == "p" else 0)
    return datetime(int(match["year"]), month, int(match["day"]), hour, int(match["minute"]))


def parse_time_ago(value: str) -> timedelta:
    """MSC's ``5 days 1 hour ago`` (also minutes and weeks) as a duration. Raises ValueError otherwise."""
    if not _AGO.match(value):
        raise ValueError(f"not of the form '5 days 1 hour ago': {value!r}")
    total = timedelta()
    for amount, unit in _AGO_PART.findall(value):
        total += timedelta(**{unit.lower() + "s": int(amount)})
    return total
