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

# Every base table always has a view (an empty, typed one until its first partition lands), so these compile
# on a fresh lake too. Kept as plain SQL so users can read them with `SELECT sql FROM duckdb_views()` and copy them.
DERIVED_VIEWS: list[DerivedView] = [
    DerivedView(
        "memories",
        "Every memory with its time and source turn, in one place: memory_entries as users query it.",
        """
        SELECT e.memory_id, e.conversation_id, 'entry' AS memory_kind, e.speaker, e.text,
               e.session_time, e.event_time_text, e.event_start, e.event_end, e.event_time_basis,
               e.provenance, e.scope, e.source_turn_id, e.coverage, e.fallback, e.extractor,
               'active' AS status
        FROM memory_entries e
        """,
        sources={
            **{column: f"memory_entries.{column}" for column in MEMORY_ENTRY_COLUMNS},
            "memory_kind": "memory_sources.memory_kind",
        },
        computed={"status": "active for every memory: nothing retires or supersedes a memory yet."},
    ),
    DerivedView(
        "memory_lineage",
        "Each memory beside every turn it came from: memory_sources joined to memory_entries and turns.",
        """
        SELECT s.memory_id, m.conversation_id, s.memory_kind, m.text AS memory_text, s.role AS source_role,
               t.turn_id, t.session_id, t.session_time, t.speaker, t.text AS turn_text
        FROM memory_sources s
        JOIN memory_entries m USING (memory_id)
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


def view_statements(lake: Lake) -> list[str]:
    """The ``CREATE VIEW`` statements for the lake as it is now."""
    present = set(lake.tables())
    statements: list[str] = []
    for table in sorted(present | set(TABLES)):
        if table in present:
            glob = str(lake.tables_dir / table / "*" / PART_FILE)
            # The folder names look like Hive partitions (conversation_id=<id>); DuckDB would read the id from the
            # folder name and cast it (2024-01-05 becomes a DATE, 007 an integer), so the files' own column wins.
            body = f"SELECT * FROM read_parquet({_sql_literal(glob)}, union_by_name = true, hive_partitioning = false)"
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
    if not lake.warehouse_path.exists():
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


def check_read_only(con: duckdb.DuckDBPyConnection, sql: str) -> None:
    """Raise :class:`ReadOnlyViolation` unless every statement of ``sql`` is a query."""
    statements = con.extract_statements(sql)
    refused = sorted({str(s.type).rsplit(".", 1)[-1] for s in statements if s.type not in READER_STATEMENTS})
    if refused:
        raise ReadOnlyViolation(
            f"read-only: only queries (SELECT, WITH, DESCRIBE, SHOW, EXPLAIN) may run here, not {', '.join(refused)}"
        )


def query(lake: Lake, sql: str, params: dict | None = None) -> pl.DataFrame:
    """The result of a read-only query over the views, through the guard (the Python equivalent of ``sql``)."""
    with connect(lake, read_only=True) as con:
        check_read_only(con, sql)
        relation = con.sql(sql, params=params)
        return relation.pl() if relation is not None else pl.DataFrame()
