"""The table contract (DESIGN §3) as Arrow schemas.

The lake refuses to write a partition whose frame does not carry every column of its table's schema, so
a stage cannot silently drop a column that SQL users or a later stage rely on. Extra columns are allowed
and kept. Times are naive timestamps in the conversation's own clock: the sources give no time zone, and
relative dates are resolved against that clock, never against the machine's.
"""

from __future__ import annotations

import pyarrow as pa

TS = pa.timestamp("us")

CONVERSATIONS = pa.schema(
    [
        ("conversation_id", pa.string()),
        ("source_file", pa.string()),
        ("source_sha256", pa.string()),
        ("format", pa.string()),
        ("n_sessions", pa.int32()),
        ("n_turns", pa.int32()),
        ("speakers", pa.list_(pa.string())),
        ("speaker_roles", pa.list_(pa.string())),
        ("ingested_at", TS),
        ("first_session_time", TS),
        ("last_session_time", TS),
    ]
)

TURNS = pa.schema(
    [
        ("turn_id", pa.string()),
        ("conversation_id", pa.string()),
        ("session_id", pa.string()),
        ("session_index", pa.int32()),
        ("session_time", TS),
        ("turn_index", pa.int32()),
        ("seq", pa.int32()),
        ("speaker", pa.string()),
        ("role", pa.string()),
        ("text", pa.string()),
        ("timestamp", TS),
        ("source_ref", pa.string()),
        ("image_caption", pa.string()),
    ]
)

GATE_SCORES = pa.schema(
    [
        ("turn_id", pa.string()),
        ("conversation_id", pa.string()),
        ("p_admit", pa.float32()),
        ("admitted", pa.bool_()),
        ("threshold", pa.float32()),
        ("context_k", pa.int32()),
        ("gate_model_id", pa.string()),
    ]
)

MEMORY_ENTRIES = pa.schema(
    [
        ("memory_id", pa.string()),
        ("conversation_id", pa.string()),
        ("source_turn_id", pa.string()),
        ("speaker", pa.string()),
        ("text", pa.string()),
        ("units", pa.list_(pa.string())),
        ("coverage", pa.float32()),
        ("fallback", pa.bool_()),
        ("session_time", TS),
        ("event_time_text", pa.string()),
        ("event_start", TS),
        ("event_end", TS),
        ("provenance", pa.string()),
        ("scope", pa.string()),
        ("extractor", pa.string()),
        # "expression": event_* resolved from a temporal expression of the turn; "session": no resolvable
        # expression, so the event interval is the day of the session the turn was said in.
        ("event_time_basis", pa.string()),
        # Deictic words the text still uses without naming whom they mean ("you", "we"); empty when every "you"
        # and "we" was grounded to names (seed 004).
        ("unresolved_deixis", pa.list_(pa.string())),
        # Named people (PERSON entities) of the source ranges the text was realised from.
        ("people", pa.list_(pa.string())),
    ]
)

MEMORY_SOURCES = pa.schema(
    [
        ("memory_id", pa.string()),
        ("turn_id", pa.string()),
        ("conversation_id", pa.string()),
        ("memory_kind", pa.string()),
        ("role", pa.string()),
    ]
)

MEMORY_EMBEDDINGS = pa.schema(
    [
        ("memory_id", pa.string()),
        ("conversation_id", pa.string()),
        ("model", pa.string()),
        ("vector", pa.list_(pa.float32())),
    ]
)

EXTRACTION_DIAGNOSTICS = pa.schema(
    [
        ("conversation_id", pa.string()),
        ("extractor", pa.string()),
        ("parser", pa.string()),
        ("admitted_turns", pa.int64()),
        ("entries", pa.int64()),
        ("empty_outputs", pa.int64()),
        ("empty_rate", pa.float64()),
        ("fallback_turns", pa.int64()),
        ("fallback_rate", pa.float64()),
        ("fragment_turns", pa.int64()),
        ("fragment_rate", pa.float64()),
        ("content_tokens", pa.int64()),
        ("retained_tokens", pa.int64()),
        ("content_token_retention", pa.float64()),
        ("temporal_expressions", pa.int64()),
        ("temporal_preserved", pa.int64()),
        ("temporal_preservation", pa.float64()),
        ("units_per_turn", pa.float64()),
    ]
)

TABLES: dict[str, pa.Schema] = {
    "conversations": CONVERSATIONS,
    "turns": TURNS,
    "gate_scores": GATE_SCORES,
    "memory_entries": MEMORY_ENTRIES,
    "memory_sources": MEMORY_SOURCES,
    "memory_embeddings": MEMORY_EMBEDDINGS,
    "extraction_diagnostics": EXTRACTION_DIAGNOSTICS,
}

# fta_units (seed 002, Fact-Time-Affect units): kept apart from the block above so the stage's contract can be
# reviewed on its own. ``text`` is the retrievable text (= content_text) under the name every memory reader uses
# (search, embeddings, evaluation); ``source_turn_id`` is the first turn that states the unit, as for entries.
FTA_UNITS = pa.schema(
    [
        ("memory_id", pa.string()),
        ("conversation_id", pa.string()),
        ("session_id", pa.string()),
        ("segment_id", pa.string()),  # the segment the unit was started in
        ("segment_ids", pa.list_(pa.string())),  # every segment it was fused across
        ("speaker", pa.string()),  # whose statements the unit keeps
        ("summary", pa.string()),
        ("content_text", pa.string()),
        ("text", pa.string()),
        ("participants", pa.list_(pa.string())),
        ("emotion_or_state", pa.string()),
        ("valence", pa.float32()),  # VADER compound of the speaker's words, -1..1
        ("intention_or_plan", pa.string()),
        ("time_orientation", pa.string()),  # past / present / future / mixed / unknown
        ("content_type", pa.string()),
        ("dialogue_time", TS),
        ("session_time", TS),
        ("event_time_text", pa.string()),
        ("event_start", TS),
        ("event_end", TS),
        ("event_time_basis", pa.string()),  # expression / session, as for memory_entries
        ("status", pa.string()),  # complete / partial / pending / unknown
        ("completeness", pa.string()),  # complete / partial / unknown
        ("lifecycle_status", pa.string()),  # pending / completed / cancelled / contradicted / archived / unknown
        ("provenance", pa.string()),
        ("scope", pa.string()),
        ("builder", pa.string()),
        ("source_turn_id", pa.string()),
        ("source_turn_ids", pa.list_(pa.string())),  # turns whose words the content keeps (role "source")
        ("evidence_turn_ids", pa.list_(pa.string())),  # the whole evidence span, sources included
        ("entry_ids", pa.list_(pa.string())),  # the memory_entries the unit was built from
        ("unresolved_deixis", pa.list_(pa.string())),  # "you"/"we" the text uses without naming whom (seed 004)
    ]
)
TABLES["fta_units"] = FTA_UNITS
