"""``warehouse.duckdb``: views over the lake's Parquet files, and nothing else.

The views read ``tables/<table>/*/part-0.parquet`` by glob, so a new or re-written partition is visible to the
next query without touching the database file; only a new table (or a new derived view) needs a refresh.
A refresh builds the whole catalogue in a temporary database and renames it over the old one, so a user who
holds ``duckdb data_lake/warehouse.duckdb`` open keeps querying the old file and never blocks the pipeline.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import duckdb

from memory_pipeline.lake import PART_FILE, Lake
from memory_pipeline.schemas import TABLES

# Derived views over the base tables: (name, SQL). Every base table always has a view (an empty, typed one
# until its first partition lands), so these compile on a fresh lake too. Kept as plain SQL so users can read them
# with `SELECT sql FROM duckdb_views()` and copy them.
DERIVED_VIEWS: list[tuple[str, str]] = [
    (
        "memories",
        """
        SELECT e.memory_id, e.conversation_id, 'entry' AS memory_kind, e.speaker, e.text,
               e.session_time, e.event_time_text, e.event_start, e.event_end, e.event_time_basis,
               e.provenance, e.scope, e.source_turn_id, e.coverage, e.fallback, e.extractor,
               'active' AS status
        FROM memory_entries e
        """,
    ),
    (
        "memory_lineage",
        """
        SELECT s.memory_id, m.conversation_id, s.memory_kind, m.text AS memory_text, s.role AS source_role,
               t.turn_id, t.session_id, t.session_time, t.speaker, t.text AS turn_text
        FROM memory_sources s
        JOIN memory_entries m USING (memory_id)
        JOIN turns t ON t.turn_id = s.turn_id
        """,
    ),
]


# --- links and consolidation: status, validity, lifecycle ---------------------------------------------------
# One block, so it merges apart from the views above. `memories` here replaces the plain one: every memory with
# its status (active when consolidation has not run), replacement, validity interval and plan lifecycle (from
# memory_status, or the latest lifecycle move on links). FTA units join by a UNION ALL once fta_units is a table.
STATUS_VIEWS: list[tuple[str, str]] = [
    (
        "memories",
        """
        SELECT e.memory_id, e.conversation_id, 'entry' AS memory_kind, e.speaker, e.text,
               e.session_time, e.event_time_text, e.event_start, e.event_end, e.event_time_basis,
               e.provenance, e.scope, e.source_turn_id, e.coverage, e.fallback, e.extractor,
               coalesce(s.status, 'active') AS status, s.replaced_by,
               coalesce(s.valid_from, e.session_time) AS valid_from, s.valid_to, s.decided_by,
               coalesce(s.lifecycle_status, l.lifecycle) AS lifecycle
        FROM memory_entries e
        LEFT JOIN memory_status s ON s.memory_id = e.memory_id
        LEFT JOIN (
            SELECT dst_memory_id AS memory_id, arg_max(lifecycle_change, changed_at) AS lifecycle
            FROM links WHERE lifecycle_change IS NOT NULL GROUP BY dst_memory_id
        ) l ON l.memory_id = e.memory_id
        """,
    ),
    ("current_memories", "SELECT * FROM memories WHERE status = 'active'"),
    (
        # Each memory that was replaced or replaces another, followed forward: step 0 is the memory itself,
        # step n its n-th replacement; the decision columns say why that version was replaced.
        "memory_history",
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
    ),
]
DERIVED_VIEWS = [view for view in DERIVED_VIEWS if view[0] not in dict(STATUS_VIEWS)] + STATUS_VIEWS

def _sql_literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _empty_view_sql(table: str) -> str:
    schema = TABLES[table]
    with duckdb.connect() as con:
        con.register("empty_src", schema.empty_table())
        types = dict(con.execute("SELECT column_name, column_type FROM (DESCRIBE empty_src)").fetchall())
    columns = ", ".join(f"CAST(NULL AS {types[name]}) AS {name}" for name in schema.names)
    return f"SELECT {columns} WHERE false"


def view_statements(lake: Lake) -> list[str]:
    """The ``CREATE VIEW`` statements for the lake as it is now."""
    present = set(lake.tables())
    statements: list[str] = []
    for table in sorted(present | set(TABLES)):
        if table in present:
            glob = str(lake.tables_dir / table / "*" / PART_FILE)
            body = f"SELECT * FROM read_parquet({_sql_literal(glob)}, union_by_name = true)"
        else:
            body = _empty_view_sql(table)
        statements.append(f"CREATE OR REPLACE VIEW {table} AS {body}")
    for name, sql in DERIVED_VIEWS:
        statements.append(f"CREATE OR REPLACE VIEW {name} AS {sql.strip()}")
    return statements


def refresh_views(lake: Lake) -> Path:
    """Rebuild ``warehouse.duckdb`` and swap it in atomically."""
    lake.root.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".warehouse.", suffix=".duckdb", dir=lake.root)
    os.close(fd)
    os.unlink(tmp_name)  # DuckDB wants to create the file itself
    try:
        with duckdb.connect(tmp_name) as con:
            for statement in view_statements(lake):
                con.execute(statement)
            con.execute("CHECKPOINT")
        os.replace(tmp_name, lake.warehouse_path)
    finally:
        for leftover in (Path(tmp_name), Path(tmp_name + ".wal")):
            leftover.unlink(missing_ok=True)
    return lake.warehouse_path


def connect(lake: Lake, read_only: bool = True) -> duckdb.DuckDBPyConnection:
    """A connection to the warehouse, refreshing it first if it does not exist yet."""
    if not lake.warehouse_path.exists():
        refresh_views(lake)
    return duckdb.connect(str(lake.warehouse_path), read_only=read_only)


def query(lake: Lake, sql: str) -> duckdb.DuckDBPyRelation | None:
    """Run one read-only statement; DuckDB itself refuses writes on a read-only connection."""
    con = connect(lake, read_only=True)
    return con.sql(sql)
