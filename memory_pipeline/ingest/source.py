"""Turning a file on disk into a parsed JSON payload, with the file-level errors (size, encoding, syntax).

The suffix gives the first guess (``.jsonl``/``.txt``: JSON Lines, anything else: one JSON value) and the
content settles it, so an MSC ``test.txt``, a ``.jsonl`` canonical export, a pretty-printed ``.txt`` and a
``.json`` holding several lines of values all load without the user naming a format.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_pipeline.config import IngestConfig
from memory_pipeline.ingest.errors import ErrorCode, IngestError

LINE_SUFFIXES = (".jsonl", ".txt")
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


@dataclass(frozen=True)
class SourceDocument:
    """A parsed source file. For JSON Lines, ``payload`` is the list of line values and ``line_numbers``
    gives the 1-based line of each, so a reader can point at the line of a bad record."""

    path: Path
    payload: Any
    line_numbers: tuple[int, ...] | None = None

    def where(self, record_index: int) -> str:
        """How to name one record of this file in a message: its line for JSON Lines, its position otherwise."""
        if self.line_numbers is not None:
            return f"line {self.line_numbers[record_index]}"
        return f"item {record_index}"


def read_text(path: Path, config: IngestConfig) -> str:
    """The file's text, refusing files over the size limit before reading them and bytes that are not UTF-8."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise IngestError(ErrorCode.IO_ERROR, f"cannot read file: {exc.strerror}", file=path) from exc
    if size > config.max_file_bytes:
        raise IngestError(
            ErrorCode.FILE_TOO_LARGE,
            f"file is {size} bytes, over the limit of {config.max_file_bytes} (IngestConfig.max_file_bytes)",
            file=path,
        )
    raw = path.read_bytes()
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        # what PowerShell and some Windows editors write by default
        raise IngestError(ErrorCode.NOT_UTF8, "the file is UTF-16 (it opens with a UTF-16 byte-order mark); save it as UTF-8", file=path)
    try:
        # utf-8-sig: a byte-order mark is an editor artefact, not content.
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise IngestError(
            ErrorCode.NOT_UTF8, f"byte {exc.start} (line {line}) is not valid UTF-8: {exc.reason}", file=path
        ) from exc


def parse_document(path: Path, text: str) -> SourceDocument:
    """JSON Lines first for ``.jsonl``/``.txt`` (so errors and records carry line numbers), one JSON value
    otherwise; each falls back to the other when the content says so (a pretty-printed ``.txt``, several
    values in a ``.json``)."""
    if not text.strip():
        raise IngestError(ErrorCode.NOT_JSON, "file is empty", file=path)
    if path.suffix.lower() in LINE_SUFFIXES:
        try:
            return parse_json_lines(path, text)
        except IngestError as lines_error:
            if lines_error.code != ErrorCode.NOT_JSON:
                raise
            try:
                return SourceDocument(path, strict_loads(text, path))
            except json.JSONDecodeError:
                raise lines_error from None
    try:
        return SourceDocument(path, strict_loads(text, path))
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise IngestError(
                ErrorCode.NOT_JSON, f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})", file=path
            ) from exc
    return parse_json_lines(path, text)


def parse_json_lines(path: Path, text: str) -> SourceDocument:
    values: list[Any] = []
    numbers: list[int] = []
    # Lines end at "\n" (or "\r\n") only: str.splitlines would also cut at U+2028, U+2029 and U+0085, which
    # JSON allows raw inside strings.
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        if not line.strip():
            continue
        try:
            values.append(strict_loads(line, path, record=f"line {number}"))
        except json.JSONDecodeError as exc:
            raise IngestError(
                ErrorCode.NOT_JSON,
                f"JSON Lines: line {number} is not JSON: {exc.msg} (column {exc.colno})",
                file=path,
            ) from exc
        numbers.append(number)
    return SourceDocument(path, values, tuple(numbers))


class _DuplicateKey(ValueError):
    pass


class _NotJsonConstant(ValueError):
    pass


def _no_constant(name: str) -> None:
    """Python's json accepts NaN and Infinity, which JSON does not; other readers of the inbox would choke."""
    raise _NotJsonConstant(name)


def _object_without_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKey(key)
        obj[key] = value
    return obj


def strict_loads(text: str, path: Path, record: str | None = None) -> Any:
    """``json.loads`` that refuses what it would otherwise swallow: a repeated key (JSON keeps only the last
    value, silently dropping the others), nesting deep enough to exhaust the stack, and a ``\\u`` escape of half
    a surrogate pair (valid JSON syntax, but no character: UTF-8 cannot store it, so the inbox could not
    either), and NaN or Infinity, which are not JSON. Syntax errors still raise ``json.JSONDecodeError`` for
    the caller to word."""
    try:
        value = json.loads(text, object_pairs_hook=_object_without_duplicate_keys, parse_constant=_no_constant)
        if SURROGATE_ESCAPE.search(text):
            json.dumps(value, ensure_ascii=False).encode("utf-8")  # paired halves were joined into one character
        return value
    except UnicodeEncodeError as exc:
        raise IngestError(
            ErrorCode.NOT_UTF8,
            f"a string holds U+{ord(exc.object[exc.start]):04X}, half of a surrogate pair (a broken \\u escape), "
            "which is not a character",
            file=path,
            record=record,
        ) from None
    except _NotJsonConstant as exc:
        raise IngestError(
            ErrorCode.NOT_JSON, f"{exc.args[0]} is not a JSON value (JSON has no NaN or Infinity)", file=path, record=record
        ) from None
    except _DuplicateKey as exc:
        raise IngestError(
            ErrorCode.WRONG_SHAPE, f"key {exc.args[0]!r} appears twice in one object", file=path, record=record
        ) from None
    except RecursionError:
        raise IngestError(ErrorCode.NOT_JSON, "JSON nested too deeply", file=path, record=record) from None


def load_document(path: Path, config: IngestConfig) -> SourceDocument:
    return parse_document(path, read_text(path, config))
