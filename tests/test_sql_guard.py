"""``sql`` (and ``warehouse.query``) reads the lake's views and nothing else: every escape is refused clearly."""

from __future__ import annotations

import csv
import json

import duckdb
import pytest

from memory_pipeline import warehouse
from memory_pipeline.cli import EXIT_FAILED, EXIT_OK, main
from memory_pipeline.ingest import inbox_file, inbox_frames, ingest_files
from memory_pipeline.lake import Lake


@pytest.fixture
def lake_with_turns(tmp_path) -> Lake:
    lake = Lake(tmp_path / "lake")
    source = tmp_path / "c.json"
    source.write_text(json.dumps({
        "conversation_id": "c",
        "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bo", "role": "assistant"}],
        "sessions": [{"session_id": "S1", "start_time": "2024-01-05T10:00:00",
                      "turns": [{"speaker": "Ana", "text": "secret-canary"}]}],
    }))
    ingest_files(lake, [source])
    _, turns = inbox_frames(inbox_file(lake, "c"))
    lake.write_partition("turns", "c", turns)
    warehouse.refresh_views(lake)
    return lake


def test_views_can_be_read(lake_with_turns: Lake):
    assert warehouse.query(lake_with_turns, "SELECT text FROM turns")["text"].to_list() == ["secret-canary"]
    assert warehouse.query(lake_with_turns, "DESCRIBE turns").height > 5
    assert warehouse.query(lake_with_turns, "SELECT count(*) AS n FROM memories")["n"][0] == 0


ESCAPES = {
    "another file": "SELECT * FROM read_csv('/etc/passwd')",
    "another file of the lake": "SELECT * FROM read_json_auto('{lake}/inbox/c.json')",
    "climbing out of tables/": "SELECT * FROM read_text('{lake}/tables/../inbox/c.json')",
    "listing files": "SELECT * FROM glob('/etc/*')",
    "writing a file": "COPY (SELECT 1) TO '{tmp}/out.csv'",
    "writing into the lake": "COPY (SELECT 1) TO '{lake}/tables/out.csv'",
    "exporting": "EXPORT DATABASE '{tmp}/export'",
    "attaching": "ATTACH '{tmp}/other.duckdb' AS other",
    "installing an extension": "INSTALL httpfs",
    "loading an extension": "LOAD httpfs",
    "turning access back on": "SET enable_external_access = true",
    "unlocking": "RESET lock_configuration",
    "a pragma": "PRAGMA enable_profiling",
    "creating": "CREATE TABLE t AS SELECT 1",
    "a statement after a query": "SELECT 1; COPY (SELECT 1) TO '{tmp}/out2.csv'",
}


@pytest.mark.parametrize("name", sorted(ESCAPES))
def test_every_escape_is_refused(lake_with_turns: Lake, tmp_path, name):
    sql = ESCAPES[name].format(lake=lake_with_turns.root, tmp=tmp_path)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    with pytest.raises(duckdb.Error):
        warehouse.query(lake_with_turns, sql)
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before  # nothing written


def test_one_query_at_a_time(lake_with_turns: Lake):
    # of "SELECT 1; SELECT 2" only the last rows had come back, the first's silently lost
    with pytest.raises(duckdb.Error, match="one statement at a time"):
        warehouse.query(lake_with_turns, "SELECT 1 AS a; SELECT 2 AS b")
    assert warehouse.query(lake_with_turns, "SELECT 1 AS a;")["a"].to_list() == [1]


def test_the_connection_itself_is_locked_even_without_the_statement_check(lake_with_turns: Lake, tmp_path):
    """The settings are a second wall: a caller that skips check_read_only still cannot read or write files."""
    with warehouse.connect(lake_with_turns) as con:
        assert con.sql("SELECT count(*) FROM turns").fetchall() == [(1,)]
        for sql in ("SELECT * FROM read_csv('/etc/passwd')", f"COPY (SELECT 1) TO '{tmp_path}/x.csv'",
                    "SET enable_external_access = true", "LOAD httpfs"):
            with pytest.raises(duckdb.Error):
                con.execute(sql)
    assert not (tmp_path / "x.csv").exists()


def test_csv_writes_lists_and_structs_as_json_text(lake_with_turns: Lake, capsys):
    query = "SELECT [1, 2] AS ids, {'a': 'x', 'b': [3]} AS rec, CAST(NULL AS INTEGER[]) AS missing, 'plain' AS s"
    assert main(["--lake", str(lake_with_turns.root), "sql", query, "--format", "csv"]) == EXIT_OK
    header, row = csv.reader(capsys.readouterr().out.splitlines())
    assert header == ["ids", "rec", "missing", "s"]
    assert json.loads(row[0]) == [1, 2] and json.loads(row[1]) == {"a": "x", "b": [3]}
    assert row[2:] == ["", "plain"]


def test_cli_refuses_with_a_clear_message(lake_with_turns: Lake, capsys):
    lake = str(lake_with_turns.root)
    assert main(["--lake", lake, "sql", "SELECT count(*) AS n FROM turns", "--format", "csv"]) == EXIT_OK
    assert capsys.readouterr().out.splitlines() == ["n", "1"]
    assert main(["--lake", lake, "sql", "COPY (SELECT 1) TO 'x.csv'"]) == EXIT_FAILED
    assert "read-only: only queries" in capsys.readouterr().err
    assert main(["--lake", lake, "sql", "SELECT * FROM read_csv('/etc/passwd')"]) == EXIT_FAILED
    assert "disabled by configuration" in capsys.readouterr().err
