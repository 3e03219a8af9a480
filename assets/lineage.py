"""Column lineage of the tables the pipeline computes: which upstream columns each column is computed from.

The one place it is declared. The metadata helpers of ``assets/partitions.py`` attach it as
``dagster/column_lineage`` to each table's asset definition and to every materialisation, so the Dagster UI
shows, column by column, where a memory's text, time and scope come from. It is lineage of the schema; the
lineage of one memory (the exact turns it came from) is data: the ``memory_sources`` table, the
``memory_lineage`` view and ``memory-pipeline lineage MEMORY_ID``.

Dagster's open-source UI (1.13) keeps ``dagster/column_lineage`` for its API and draws no column graph from it
(that view is Dagster+'s), so the same mapping also tags each column of the column schema with one ``from
<asset>.<column>`` tag per upstream column, which the UI's Columns table shows as chips under the column's name.

Columns set from configuration or constants alone (``threshold``, ``extractor``, ``model``...) have no entry.
"""

from __future__ import annotations

import dagster as dg

UPSTREAM_TAG_PREFIX = "from "

_TURN_WORDS = ("turns.text",)
_GATE_INPUT = ("turns.text", "turns.image_caption", "turns.speaker", "turns.role", "turns.session_index", "turns.seq")
_MEMORY_ID = ("turns.conversation_id", "turns.turn_id", "turns.text")
_ADMITTED_TURN = ("turns.turn_id", "gate_scores.admitted")
_EVENT_TIME = ("turns.text", "turns.session_time")
_EXTRACTOR_RATES = ("turns.text", "gate_scores.admitted")

COLUMN_SOURCES: dict[str, dict[str, tuple[str, ...]]] = {
    "gate_scores": {
        "turn_id": ("turns.turn_id", "turns.role"),
        "conversation_id": ("turns.conversation_id",),
        "p_admit": _GATE_INPUT,
        "admitted": _GATE_INPUT,
    },
    "memory_entries": {
        "memory_id": _MEMORY_ID,
        "conversation_id": ("turns.conversation_id",),
        "source_turn_id": _ADMITTED_TURN,
        "speaker": ("turns.speaker",),
        "text": ("turns.text", "turns.speaker"),  # first person rewritten to the speaker's name
        "units": _TURN_WORDS,
        "coverage": _TURN_WORDS,
        "fallback": _TURN_WORDS,
        "session_time": ("turns.session_time",),
        "event_time_text": _TURN_WORDS,
        "event_start": _EVENT_TIME,
        "event_end": _EVENT_TIME,
        "event_time_basis": _EVENT_TIME,
        "provenance": _TURN_WORDS,
        "scope": _TURN_WORDS,
        "parse": ("turns.text", "turns.speaker"),  # the turn's parse, cut to the words text keeps
    },
    "memory_sources": {
        "memory_id": _MEMORY_ID,
        "turn_id": _ADMITTED_TURN,
        "conversation_id": ("turns.conversation_id",),
    },
    "extraction_diagnostics": {
        "conversation_id": ("turns.conversation_id",),
        "admitted_turns": ("gate_scores.admitted",),
        **{
            column: _EXTRACTOR_RATES
            for column in (
                "entries", "empty_outputs", "empty_rate", "fallback_turns", "fallback_rate", "fragment_turns",
                "fragment_rate", "content_tokens", "retained_tokens", "content_token_retention",
                "temporal_expressions", "temporal_preserved", "temporal_preservation", "units_per_turn",
            )
        },
    },
    "memory_embeddings": {
        "memory_id": ("memory_entries.memory_id",),
        "conversation_id": ("memory_entries.conversation_id",),
        "vector": ("memory_entries.text",),
    },
}


def column_lineage(table: str) -> dg.TableColumnLineage | None:
    """``table``'s column lineage for Dagster, or None for a table computed from no upstream asset."""
    sources = COLUMN_SOURCES.get(table)
    if not sources:
        return None
    return dg.TableColumnLineage(
        deps_by_column={
            column: [dg.TableColumnDep(asset_key=dg.AssetKey(asset), column_name=name)
                     for asset, name in (source.split(".", 1) for source in upstream)]
            for column, upstream in sources.items()
        }
    )


def column_tags(table: str, column: str) -> dict[str, str] | None:
    """Tags of one column for its column schema, ``{"from turns.text": ""}`` for each upstream column (a tag
    without a value shows as its key alone), or None when it has none."""
    upstream = COLUMN_SOURCES.get(table, {}).get(column)
    return {f"{UPSTREAM_TAG_PREFIX}{source}": "" for source in upstream} if upstream else None
