"""Type checks on raw JSON values that readers share, so a wrongly shaped file fails with ``wrong_shape`` and a
message naming the field, instead of a KeyError or AttributeError deep inside a reader."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from memory_pipeline.ingest.errors import ErrorCode, IngestError


def wrong_shape(detail: str, **where: str | None) -> IngestError:
    return IngestError(ErrorCode.WRONG_SHAPE, detail, **where)


def _kind(value: Any) -> str:
    """What a value is, in the file's terms: a field left out reads as null, not as Python's NoneType."""
    return "nothing (the field is missing or null)" if value is None else type(value).__name__


def require_dict(value: Any, what: str, **where: str | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise wrong_shape(f"{what} must be a JSON object, got {_kind(value)}", **where)
    return value


def require_list(value: Any, what: str, **where: str | None) -> list[Any]:
    if not isinstance(value, list):
        raise wrong_shape(f"{what} must be a JSON list, got {_kind(value)}", **where)
    return value


def require_str(value: Any, what: str, **where: str | None) -> str:
    if not isinstance(value, str):
        raise wrong_shape(f"{what} must be a string, got {_kind(value)}", **where)
    return value


def optional_str(value: Any, what: str, **where: str | None) -> str | None:
    return None if value is None else require_str(value, what, **where)


def reject_unknown_keys(obj: dict[str, Any], allowed: Iterable[str], what: str, **where: str | None) -> None:
    """Our own format refuses keys it does not know: a misspelt field would otherwise vanish silently."""
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise wrong_shape(f"{what} has unknown keys {unknown}", **where)
