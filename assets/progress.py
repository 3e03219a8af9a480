"""A terse console logger for CLI runs: one line per step start/finish and per asset log message."""

from __future__ import annotations

import logging
import sys

import dagster as dg

_SHOWN_EVENTS = {"STEP_START": "started", "STEP_SUCCESS": "done", "STEP_FAILURE": "FAILED"}


class _ProgressHandler(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        meta = getattr(record, "dagster_meta", None) or {}
        event = meta.get("dagster_event")
        step = meta.get("step_key") or ""
        if event is None:
            if step and record.levelno >= logging.INFO:  # a message logged by an asset
                self._write(f"  {step}: {meta.get('orig_message', record.getMessage())}")
            return
        label = _SHOWN_EVENTS.get(event.event_type_value)
        if label:
            detail = ""
            if event.event_type_value == "STEP_FAILURE" and event.step_failure_data is not None:
                error = event.step_failure_data.error
                detail = f": {error.message.strip().splitlines()[-1]}" if error else ""
            self._write(f"  {step} {label}{detail}")

    def _write(self, line: str) -> None:
        stamp = self.formatter.formatTime(logging.makeLogRecord({}), "%H:%M:%S") if self.formatter else ""
        sys.stdout.write(f"{stamp} {line}\n")
        sys.stdout.flush()


@dg.logger(description="One line per step and per asset message; used by `memory-pipeline run`.")
def progress_logger(init_context: dg.InitLoggerContext) -> logging.Logger:
    # Step events are logged at DEBUG; the handler picks the few worth a line.
    logger = logging.Logger("memory_pipeline.run", level=logging.DEBUG)
    handler = _ProgressHandler()
    handler.setFormatter(logging.Formatter())
    logger.addHandler(handler)
    return logger
