"""Parsing the time notations of the sources into naive datetimes in the conversation's own clock."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

# Sources give no time zone; a timestamp that carries an offset keeps its wall-clock reading (the clock the
# speakers lived in) and loses the offset, so all times of a conversation compare on one naive clock.
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


def parse_iso(value: str, default_hour: int) -> datetime:
    """ISO 8601 date or date-time; a bare date gets ``default_hour``. Raises ValueError when unparseable."""
    text = value.strip()
    if _DATE_ONLY.match(text):
        return datetime.fromisoformat(text).replace(hour=default_hour)
    return datetime.fromisoformat(text).replace(tzinfo=None)


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
