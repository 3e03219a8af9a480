"""Terminal output: frames as a table, CSV or JSON, and the progress lines of ``run``."""

from __future__ import annotations

import json
import logging
import sys
from decimal import Decimal

import polars as pl

OUTPUT_FORMATS = ("table", "csv", "json")


def print_frame(frame: pl.DataFrame, fmt: str) -> None:
    """Write ``frame`` to stdout as ``table`` (for people), ``csv`` or ``json`` (for programs)."""
    if fmt == "csv":
        # CSV has no lists or structs: such a cell is written as its JSON text, the way the json format writes it
        printable = frame.with_columns(
            pl.Series(name, [None if v is None else json.dumps(v, default=json_value, ensure_ascii=False) for v in frame[name].to_list()], pl.String)
            for name, dtype in frame.schema.items()
            if dtype.is_nested()
        )
        sys.stdout.write(printable.write_csv())
    elif fmt == "json":
        sys.stdout.write(json.dumps(frame.to_dicts(), default=json_value, indent=2, ensure_ascii=False) + "\n")
    else:
        with pl.Config(tbl_rows=200, tbl_cols=-1, fmt_str_lengths=80, tbl_width_chars=200):
            print(frame)


def json_value(value: object) -> object:
    """SUM() of integers comes back as a DECIMAL; keep numbers numbers, and times as ISO-like strings."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return str(value)


class _CurrentStdoutHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stdout`` is at the time of the line, not the one current when the logger was first
    built: the CLI runs many times in one process (tests, notebooks) and stdout may be swapped between runs."""

    @property
    def stream(self):  # type: ignore[override]
        return sys.stdout

    @stream.setter
    def stream(self, _value) -> None:
        pass


def progress_logger() -> logging.Logger:
    """Timestamped lines on stdout, shared with the Dagster logger that ``run`` attaches to its runs."""
    logger = logging.getLogger("memory_pipeline.progress")
    if not logger.handlers:
        handler = _CurrentStdoutHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger
