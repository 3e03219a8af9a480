"""``warehouse.duckdb``: views over the lake's Parquet files, and nothing else.

The views read ``tables/<table>/*/part-0.parquet`` by glob, so a new or re-written partition is visible to the
next query without touching the database file; only a new table (or a new derived view) needs a refresh.
A refresh builds the whole catalogue in a temporary database and renames it over the old one, so a user who
holds ``duckdb data_lake/warehouse.duckdb`` open keeps querying the old file and never blocks the pipeline.
Every view and column carries the contract's description as a DuckDB comment (``duckdb_views()``,
``duckdb_columns()``), written into the same temporary database before the rename.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import polars as pl

from memory_pipeline.lake import PART_FILE, Lake, temporary_path
from memory_pipeline.redaction import MASK, PII_SCOPE
from memory_pipeline.schemas import TABLES, column_descriptions, table_description


@dataclass(frozen=True)
class DerivedView:
    """A view over the base tables, with the comments DuckDB shows for it."""

    name: str
    description: str
    sql: str
    # view column -> "table.column" of the contract column it shows: its comment is that column's description.
    sources: dict[str, str]
    # columns the view computes itself, with their own description
    computed: dict[str, str] = field(default_factory=dict)

    def column_comments(self) -> dict[str, str]:
        """Every column's comment: a contract column's description, after the ``table.column`` it comes from."""
        comments = dict(self.computed)
        for column, source in self.sources.items():
            table, source_column = source.split(".")
            comments[column] = f"{source}: {column_descriptions(table)[source_column]}"
        return comments


# The columns `memories` shows from memory_entries unchanged.
MEMORY_ENTRY_COLUMNS = (
    "memory_id", "conversation_id", "speaker", "text", "session_time", "event_time_text", "event_start", "event_end",
    "event_time_basis", "provenance", "scope", "source_turn_id", "coverage", "fallback", "extractor",
)

_MEMORIES = DerivedView(
    "memories",
    "Every memory in one place, with its kind, time, source turn, status after consolidation (active when "
    "consolidation has not run), replacement, validity interval and plan lifecycle.",
    """
    WITH every_memory AS (
        SELECT memory_id, conversation_id, 'entry' AS memory_kind, speaker, text, session_time, event_time_text,
               event_start, event_end, event_time_basis, provenance, scope, source_turn_id, coverage, fallback,
               extractor, NULL::VARCHAR AS content_type, NULL::VARCHAR AS own_lifecycle
        FROM memory_entries
        UNION ALL BY NAME
        SELECT memory_id, conversation_id, 'fta_unit' AS memory_kind, speaker, text, session_time, event_time_text,
               event_start, event_end, event_time_basis, provenance, scope, source_turn_id, NULL::FLOAT AS coverage,
               NULL::BOOLEAN AS fallback, builder AS extractor, content_type, lifecycle_status AS own_lifecycle
        FROM fta_units
    )
    SELECT e.memory_id, e.conversation_id, e.memory_kind, e.speaker, e.text,
           e.session_time, e.event_time_text, e.event_start, e.event_end, e.event_time_basis,
           e.provenance, e.scope, e.source_turn_id, e.coverage, e.fallback, e.extractor, e.content_type,
           coalesce(s.status, 'active') AS status, s.replaced_by,
           coalesce(s.valid_from, e.session_time) AS valid_from, s.valid_to, s.decided_by,
           coalesce(s.lifecycle_status, l.lifecycle, e.own_lifecycle) AS lifecycle
    FROM every_memory e
    LEFT JOIN memory_status s ON s.memory_id = e.memory_id
    LEFT JOIN (
        SELECT dst_memory_id AS memory_id, arg_max(lifecycle_change, changed_at) AS lifecycle
        FROM links WHERE lifecycle_change IS NOT NULL GROUP BY dst_memory_id
    ) l ON l.memory_id = e.memory_id
    """,
    sources={
        **{column: f"memory_entries.{column}" for column in MEMORY_ENTRY_COLUMNS},
        "memory_kind": "memory_embeddings.memory_kind",
        "content_type": "fta_units.content_type",
        "status": "memory_status.status",
        "replaced_by": "memory_status.replaced_by",
        "valid_from": "memory_status.valid_from",
        "valid_to": "memory_status.valid_to",
        "decided_by": "memory_status.decided_by",
        "lifecycle": "memory_status.lifecycle_status",
    },
)

# Every base table always has a view (an empty, typed one until its first partition lands), so these compile
# on a fresh lake too. Kept as plain SQL so users can read them with `SELECT sql FROM duckdb_views()` and copy them.
DERIVED_VIEWS: list[DerivedView] = [
    _MEMORIES,
    DerivedView(
        "memory_lineage",
        "Each memory, entry or FTA unit, beside every turn it came from: memory_sources joined to memories and turns.",
        """
        SELECT s.memory_id, m.conversation_id, s.memory_kind, m.text AS memory_text, s.role AS source_role,
               t.turn_id, t.session_id, t.session_time, t.speaker, t.text AS turn_text
        FROM memory_sources s
        JOIN memories m USING (memory_id)
        JOIN turns t ON t.turn_id = s.turn_id
        """,
        sources={
            "memory_id": "memory_sources.memory_id",
            "conversation_id": "memory_entries.conversation_id",
            "memory_kind": "memory_sources.memory_kind",
            "memory_text": "memory_entries.text",
            "source_role": "memory_sources.role",
            "turn_id": "turns.turn_id",
            "session_id": "turns.session_id",
            "session_time": "turns.session_time",
            "speaker": "turns.speaker",
            "turn_text": "turns.text",
        },
    ),
    DerivedView(
        "memories_redacted",
        "memories with the text of USER_PII-scoped memories masked: what may be shown to someone who may see "
        "what is remembered, but not the sensitive details.",
        f"SELECT * REPLACE (CASE WHEN scope = '{PII_SCOPE}' THEN '{MASK}' ELSE text END AS text) FROM memories",
        sources={},
        computed={**_MEMORIES.column_comments(),
                  "text": f"The memory's text, or {MASK} when its scope is {PII_SCOPE}."},
    ),
    DerivedView(
        "current_memories",
        "The memories that are true now: memories with status active.",
        "SELECT * FROM memories WHERE status = 'active'",
        sources={},
        computed=_MEMORIES.column_comments(),
    ),
    DerivedView(
        "memory_partial_updates",
        "Active memories a later memory changed in part: consolidation never hides a memory of several clauses "
        "(its other facts would go too), so the supersede it refused names the update here. Search marks these "
        "[PARTLY UPDATED by <id>].",
        """
        SELECT d.candidate_id AS memory_id, m.conversation_id, m.memory_kind, m.speaker, m.text,
               d.target_id AS updated_by, u.text AS update_text, u.session_time AS updated_at,
               d.basis, d.scope, d.anchor
        FROM consolidation_decisions d
        JOIN memories m ON m.memory_id = d.candidate_id
        JOIN memories u ON u.memory_id = d.target_id
        WHERE d.action = 'supersede' AND NOT d.accepted AND d.reject_reason = 'would_hide_other_facts'
          AND m.status = 'active'
        """,
        sources={
            "memory_id": "consolidation_decisions.candidate_id",
            "updated_by": "consolidation_decisions.target_id",
            **{column: f"consolidation_decisions.{column}" for column in ("basis", "scope", "anchor")},
        },
        computed={
            **{column: _MEMORIES.column_comments()[column] for column in ("conversation_id", "memory_kind", "speaker", "text")},
            "update_text": "The text of the later memory that changed part of this one.",
            "updated_at": "When the later memory was said.",
        },
    ),
    DerivedView(
        "memory_history",
        "Each memory that was replaced or replaces another, followed forward: step 0 is the memory itself, step n "
        "its n-th replacement; the decision columns say why that version was replaced.",
        """
        WITH RECURSIVE chain(memory_id, step, version_id, path) AS (
            SELECT memory_id, 0, memory_id, [memory_id] FROM memory_status
            WHERE replaced_by IS NOT NULL
               OR memory_id IN (SELECT replaced_by FROM memory_status WHERE replaced_by IS NOT NULL)
            UNION ALL
            SELECT c.memory_id, c.step + 1, s.replaced_by, list_append(c.path, s.replaced_by)
            FROM chain c JOIN memory_status s ON s.memory_id = c.version_id
            WHERE s.replaced_by IS NOT NULL AND NOT list_contains(c.path, s.replaced_by)
        )
        SELECT c.memory_id, c.step, c.version_id, m.conversation_id, m.memory_kind, m.speaker, m.text,
               m.status, m.replaced_by, m.valid_from, m.valid_to, m.lifecycle,
               d.action, d.basis, d.scope, d.anchor, d.method
        FROM chain c
        JOIN memories m ON m.memory_id = c.version_id
        LEFT JOIN consolidation_decisions d ON d.decision_id = m.decided_by
        """,
        sources={
            "memory_id": "memory_status.memory_id",
            **{column: f"consolidation_decisions.{column}" for column in ("action", "basis", "scope", "anchor", "method")},
        },
        computed={
            "step": "0 for the memory itself, n for its n-th replacement.",
            "version_id": "The memory at this step of the chain (its columns follow, from memories).",
            **{column: _MEMORIES.column_comments()[source] for column, source in (
                ("conversation_id", "conversation_id"), ("memory_kind", "memory_kind"), ("speaker", "speaker"),
                ("text", "text"), ("status", "status"), ("replaced_by", "replaced_by"), ("valid_from", "valid_from"),
                ("valid_to", "valid_to"), ("lifecycle", "lifecycle"))},
        },
    ),
]


def _sql_literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _empty_view_sql(table: str) -> str:
    schema = TABLES[table]
    with duckdb.connect() as con:
        con.register("empty_src", schema.empty_table())
        types = dict(con.execute("SELECT column_name, column_type FROM (DESCRIBE empty_src)").fetchall())
    columns = ", ".join(f"CAST(NULL AS {types[name]}) AS {name}" for name in schema.names)
    return f"SELECT {columns} WHERE false"


# A table whose rows are written by more than one step, one physical table per step: the view shows them all
# (the FTA units' lineage lands in unit_sources, so memory_sources in SQL covers both kinds of memory).
SHOWN_WITH: dict[str, tuple[str, ...]] = {"memory_sources": ("unit_sources",)}


def view_statements(lake: Lake) -> list[str]:
    """The ``CREATE VIEW`` statements for the lake as it is now."""
    present = set(lake.tables())
    statements: list[str] = []
    for table in sorted(present | set(TABLES)):
        if table in present or any(extra in present for extra in SHOWN_WITH.get(table, ())):
            globs = [str(lake.tables_dir / name / "*" / PART_FILE) for name in (table, *SHOWN_WITH.get(table, ()))
                     if name in present]
            glob = globs[0] if len(globs) == 1 else globs
            # The folder names look like Hive partitions (conversation_id=<id>); DuckDB would read the id from the
            # folder name and cast it (2024-01-05 becomes a DATE, 007 an integer), so the files' own column wins.
            files = _sql_literal(glob) if isinstance(glob, str) else "[" + ", ".join(map(_sql_literal, glob)) + "]"
            body = f"SELECT * FROM read_parquet({files}, union_by_name = true, hive_partitioning = false)"
        else:
            body = _empty_view_sql(table)
        statements.append(f"CREATE OR REPLACE VIEW {table} AS {body}")
    for view in DERIVED_VIEWS:
        statements.append(f"CREATE OR REPLACE VIEW {view.name} AS {view.sql.strip()}")
    return statements


def view_comments() -> dict[str, tuple[str, dict[str, str]]]:
    """``{view: (view comment, {column: comment})}`` for every contract table and derived view."""
    comments = {table: (table_description(table), column_descriptions(table)) for table in TABLES}
    comments.update({view.name: (view.description, view.column_comments()) for view in DERIVED_VIEWS})
    return comments


def comment_statements(con: duckdb.DuckDBPyConnection) -> list[str]:
    """``COMMENT ON`` statements for the views ``con`` holds, for the columns each view really has.

    A view over Parquet written before a column joined the contract lacks that column, and commenting it
    would fail the whole refresh.
    """
    present: dict[str, set[str]] = {}
    rows = con.execute("SELECT table_name, column_name FROM duckdb_columns() WHERE NOT internal").fetchall()
    for view, column in rows:
        present.setdefault(view, set()).add(column)
    statements: list[str] = []
    for view, (description, columns) in view_comments().items():
        if view not in present:
            continue
        statements.append(f"COMMENT ON VIEW {_identifier(view)} IS {_sql_literal(description)}")
        statements.extend(
            f"COMMENT ON COLUMN {_identifier(view)}.{_identifier(column)} IS {_sql_literal(text)}"
            for column, text in columns.items()
            if column in present[view]
        )
    return statements


def refresh_views(lake: Lake) -> Path:
    """Rebuild ``warehouse.duckdb`` and swap it in atomically."""
    tmp_name = str(temporary_path(lake.warehouse_path))
    os.unlink(tmp_name)  # DuckDB wants to create the file itself
    try:
        with duckdb.connect(tmp_name) as con:
            for statement in view_statements(lake):
                con.execute(statement)
            for statement in comment_statements(con):
                con.execute(statement)
            con.execute("CHECKPOINT")
        os.replace(tmp_name, lake.warehouse_path)
    finally:
        for leftover in (Path(tmp_name), Path(tmp_name + ".wal")):
            leftover.unlink(missing_ok=True)
    return lake.warehouse_path


class ReadOnlyViolation(duckdb.PermissionException):
    """A statement other than a query was sent through the read-only guard."""


# What a reader may run: queries (SELECT, WITH, FROM-first, DESCRIBE, SHOW, SUMMARIZE parse as SELECT) and
# EXPLAIN. Everything else (COPY, EXPORT, ATTACH, INSTALL, LOAD, SET, PRAGMA, CALL, CREATE ...) is refused
# before DuckDB sees it; the connection settings below are the second wall, in case a query finds a way around.
READER_STATEMENTS = frozenset({duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN})


def connect(lake: Lake, read_only: bool = True) -> duckdb.DuckDBPyConnection:
    """A connection to the warehouse, refreshing it first if it does not exist yet.

    ``read_only`` (the default, and what every user-facing reader gets) is locked down with DuckDB's own settings:
    the database file opened read-only, file access limited to the lake's ``tables/`` folder (which the views read),
    extensions neither installed nor loaded, and the configuration locked so a query cannot switch any of it back.
    """
    if not lake.warehouse_path.exists() or not _has_every_derived_view(lake):
        refresh_views(lake)
    if not read_only:
        return duckdb.connect(str(lake.warehouse_path))
    con = duckdb.connect(
        str(lake.warehouse_path),
        read_only=True,
        config={"autoinstall_known_extensions": False, "autoload_known_extensions": False},
    )
    # The order matters: allowed directories can only be set while external access is still on.
    con.execute("SET allowed_directories = $dirs", {"dirs": [str(lake.tables_dir) + os.sep]})
    con.execute("SET enable_external_access = false")
    con.execute("SET lock_configuration = true")
    return con


def _has_every_derived_view(lake: Lake) -> bool:
    """Whether the warehouse holds every view this version defines: a lake written by an older version gets the
    new ones on its first query, not only after its next run."""
    with duckdb.connect(str(lake.warehouse_path), read_only=True) as con:
        present = {name for (name,) in con.execute("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()}
    return {view.name for view in DERIVED_VIEWS} <= present


def check_read_only(con: duckdb.DuckDBPyConnection, sql: str) -> list:
    """The statements of ``sql``; raise :class:`ReadOnlyViolation` unless every one is a query."""
    statements = con.extract_statements(sql)
    refused = sorted({str(s.type).rsplit(".", 1)[-1] for s in statements if s.type not in READER_STATEMENTS})
    if refused:
        raise ReadOnlyViolation(
            f"read-only: only queries (SELECT, WITH, DESCRIBE, SHOW, EXPLAIN) may run here, not {', '.join(refused)}"
        )
    return statements


def query(lake: Lake, sql: str, params: dict | None = None) -> pl.DataFrame:
    """The result of a read-only query over the views, through the guard (the Python equivalent of ``sql``). One
    statement at a time: of several, only the last one's rows would come back, the others' silently lost."""
    with connect(lake, read_only=True) as con:
        if (count := len(check_read_only(con, sql))) > 1:
            raise duckdb.InvalidInputException(f"one statement at a time: this text holds {count}")
        relation = con.sql(sql, params=params)
        return relation.pl() if relation is not None else pl.DataFrame()
