"""One exception type with a machine-readable code, so callers (CLI, quarantine, tests) branch on the code
and show people the message."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path


LOCATION_FIELDS = ("file", "record", "conversation_id", "session_id", "turn_ref")


class ErrorCode(StrEnum):
    IO_ERROR = "io_error"
    FILE_TOO_LARGE = "file_too_large"
    NOT_UTF8 = "not_utf8"
    NOT_JSON = "not_json"
    UNKNOWN_FORMAT = "unknown_format"
    WRONG_SHAPE = "wrong_shape"
    MISSING_CONVERSATION_ID = "missing_conversation_id"
    UNSAFE_CONVERSATION_ID = "unsafe_conversation_id"
    DUPLICATE_CONVERSATION_ID = "duplicate_conversation_id"
    SESSIONS_REMOVED = "sessions_removed"
    BAD_SPEAKER = "bad_speaker"
    UNKNOWN_SPEAKER = "unknown_speaker"
    NO_TURNS = "no_turns"
    EMPTY_SESSION = "empty_session"
    DUPLICATE_SESSION_ID = "duplicate_session_id"
    REPEATED_SESSION = "repeated_session"
    MISSING_SESSION_TIME = "missing_session_time"
    BAD_SESSION_TIME = "bad_session_time"
    BAD_TIME_ZONE = "bad_time_zone"
    BACKWARDS_SESSION_TIME = "backwards_session_time"
    BAD_TURN_TIMESTAMP = "bad_turn_timestamp"
    BAD_TURN_ID = "bad_turn_id"
    DUPLICATE_TURN_ID = "duplicate_turn_id"
    EMPTY_TEXT = "empty_text"
    CONTROL_CHARACTERS = "control_characters"
    TURN_TOO_LONG = "turn_too_long"


class IngestError(ValueError):
    """A source file (or one conversation in it) that cannot be ingested as it is.

    ``code`` is stable and machine-readable; ``str(error)`` names the file and, where known, the conversation,
    session and turn, so a person can find the offending spot without a debugger.
    """

    def __init__(
        self,
        code: ErrorCode,
        detail: str,
        *,
        file: str | Path | None = None,
        record: str | None = None,
        conversation_id: str | None = None,
        session_id: str | None = None,
        turn_ref: str | None = None,
    ) -> None:
        self.code = ErrorCode(code)
        self.detail = detail
        self.file = str(file) if file is not None else None
        self.record = record  # "line 7" of a JSON Lines file, "item 2" of a JSON list
        self.conversation_id = conversation_id
        self.session_id = session_id
        self.turn_ref = turn_ref
        super().__init__(self._render())

    def _render(self) -> str:
        where = [
            label
            for label in (
                self.file,
                self.record,
                f"conversation {self.conversation_id}" if self.conversation_id else None,
                f"session {self.session_id}" if self.session_id else None,
                f"turn {self.turn_ref}" if self.turn_ref else None,
            )
            if label
        ]
        prefix = ", ".join(where)
        return f"{prefix}: {self.detail} [{self.code.value}]" if prefix else f"{self.detail} [{self.code.value}]"

    def located(self, **where: str | Path | None) -> IngestError:
        """The same error with location filled in by an outer layer that knows more (file, record,
        conversation_id, session_id, turn_ref); what the error already knows wins."""
        known = {key: getattr(self, key) for key in LOCATION_FIELDS}
        if set(where) - set(known):
            raise TypeError(f"unknown location fields {sorted(set(where) - set(known))}")
        merged = {key: known[key] or (str(where[key]) if where.get(key) is not None else None) for key in known}
        return IngestError(self.code, self.detail, **merged)

    def as_reason(self) -> dict[str, str]:
        """The quarantine reason record: code, message and whatever location is known."""
        reason = {"code": self.code.value, "error": str(self)}
        for key in LOCATION_FIELDS[1:]:
            value = getattr(self, key)
            if value:
                reason[key] = value
        return reason
