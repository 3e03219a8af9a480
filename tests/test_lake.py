"""Lake atomicity, partition replacement, schema enforcement and the DuckDB views."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import polars as pl
import pyarrow.parquet as pq
import pytest

from memory_pipeline import warehouse
from memory_pipeline.lake import Lake, SchemaMismatch, stable_id, temporary_owner, temporary_path
from memory_pipeline.schemas import TABLES, column_descriptions, table_description


def _scores(conversation_id: str, n: int) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "turn_id": [f"{conversation_id}:{i}" for i in range(n)],
            "conversation_id": [conversation_id] * n,
            "p_admit": [0.5] * n,
            "admitted": [True] * n,
            "threshold": [0.3] * n,
            "context_k": [1] * n,
            "gate_model_id": ["m"] * n,
        }
    )


def test_rewrite_replaces_exactly_one_partition(lake: Lake):
    lake.write_partition("gate_scores", "a", _scores("a", 3))
    lake.write_partition("gate_scores", "b", _scores("b", 2))
    lake.write_partition("gate_scores", "a", _scores("a", 1))
    assert lake.read_partition("gate_scores", "a").height == 1
    assert lake.read_partition("gate_scores", "b").height == 2
    assert lake.partitions("gate_scores") == ["a", "b"]


def test_same_frame_gives_identical_bytes(lake: Lake):
    first = lake.write_partition("gate_scores", "a", _scores("a", 3)).read_bytes()
    second = lake.write_partition("gate_scores", "a", _scores("a", 3)).read_bytes()
    assert first == second


def test_written_files_take_the_umask_like_any_other_file(lake: Lake, tmp_path):
    """Atomic writes once left every Parquet and reason file at 0600, unreadable to a reader under another account."""
    previous = os.umask(0o022)
    try:
        parquet = lake.write_partition("gate_scores", "a", _scores("a", 3))
        bad = tmp_path / "bad.json"
        bad.write_text("{")
        copy = lake.quarantine(bad, {"code": "not_json", "error": "line 1"})
    finally:
        os.umask(previous)
    for path in (parquet, copy.with_name(copy.name + ".reason.json")):
        assert path.stat().st_mode & 0o777 == 0o644, path


def test_failed_write_leaves_previous_version(lake: Lake, monkeypatch):
    lake.write_partition("gate_scores", "a", _scores("a", 3))

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("pyarrow.parquet.write_table", crash)
    with pytest.raises(OSError):
        lake.write_partition("gate_scores", "a", _scores("a", 1))
    assert lake.read_partition("gate_scores", "a").height == 3
    leftovers = [p for p in lake.partition_path("gate_scores", "a").parent.iterdir() if p.name != "part-0.parquet"]
    assert leftovers == []


def test_missing_contract_column_is_refused(lake: Lake):
    with pytest.raises(SchemaMismatch, match="gate_model_id"):
        lake.write_partition("gate_scores", "a", _scores("a", 1).drop("gate_model_id"))


def test_rows_of_another_conversation_are_refused(lake: Lake):
    with pytest.raises(ValueError, match="written into partition"):
        lake.write_partition("gate_scores", "a", _scores("b", 1))


def test_unsafe_conversation_id_is_refused(lake: Lake):
    with pytest.raises(ValueError, match="must match"):
        lake.partition_path("turns", "../escape")


def test_stable_id_is_deterministic_and_input_sensitive():
    assert stable_id("c", "t1", "text") == stable_id("c", "t1", "text")
    assert stable_id("c", "t1", "text") != stable_id("c", "t1", "text ")
    assert stable_id("a", "bc") != stable_id("ab", "c")


def test_views_see_new_partitions_without_refresh(lake: Lake):
    lake.write_partition("gate_scores", "a", _scores("a", 2))
    warehouse.refresh_views(lake)
    lake.write_partition("gate_scores", "b", _scores("b", 3))
    with warehouse.connect(lake) as con:
        assert con.execute("SELECT count(*) FROM gate_scores").fetchone()[0] == 5
        # tables without partitions still have typed, empty views, so SQL never breaks on a fresh lake
        assert con.execute("SELECT count(*) FROM memory_entries").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM memory_lineage").fetchone()[0] == 0


def test_refresh_swaps_file_under_open_reader(lake: Lake):
    lake.write_partition("gate_scores", "a", _scores("a", 2))
    warehouse.refresh_views(lake)
    reader = warehouse.connect(lake)
    old_inode = os.stat(lake.warehouse_path).st_ino
    warehouse.refresh_views(lake)  # must not block on, or break, the open reader
    assert os.stat(lake.warehouse_path).st_ino != old_inode
    assert reader.execute("SELECT count(*) FROM gate_scores").fetchone()[0] == 2
    reader.close()


def _comments(lake: Lake) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    with warehouse.connect(lake) as con:
        views = dict(con.execute("SELECT view_name, comment FROM duckdb_views() WHERE NOT internal").fetchall())
        rows = con.execute("SELECT table_name, column_name, comment FROM duckdb_columns() WHERE NOT internal")
        return views, {(view, column): comment for view, column, comment in rows.fetchall()}


def test_every_view_and_column_carries_its_description(lake: Lake):
    warehouse.refresh_views(lake)  # every table view is still a typed empty one
    empty_views, empty_columns = _comments(lake)
    lake.write_partition("gate_scores", "a", _scores("a", 2))
    warehouse.refresh_views(lake)  # rebuilt in a temporary file and renamed: the comments come along
    views, columns = _comments(lake)
    for table in TABLES:
        assert empty_views[table] == views[table] == table_description(table)
        for column, text in column_descriptions(table).items():
            assert empty_columns[(table, column)] == columns[(table, column)] == text, f"{table}.{column}"
    for view in warehouse.DERIVED_VIEWS:
        assert views[view.name] == view.description
        view_columns = [column for name, column in columns if name == view.name]
        assert view_columns and all(columns[(view.name, column)] for column in view_columns), view.name
    assert columns[("memory_lineage", "turn_text")] == f"turns.text: {column_descriptions('turns')['text']}"


def test_a_partition_without_a_newer_contract_column_does_not_break_the_refresh(lake: Lake):
    path = lake.write_partition("gate_scores", "a", _scores("a", 2))
    pq.write_table(pq.read_table(path).drop_columns(["gate_model_id"]), path)  # as written before the column joined
    warehouse.refresh_views(lake)
    _, columns = _comments(lake)
    assert ("gate_scores", "gate_model_id") not in columns
    assert columns[("gate_scores", "p_admit")] == column_descriptions("gate_scores")["p_admit"]


def test_warehouse_is_read_only(lake: Lake):
    warehouse.refresh_views(lake)
    with warehouse.connect(lake) as con, pytest.raises(Exception, match="read-only"):
        con.execute("CREATE TABLE x AS SELECT 1")


def test_quarantine_keeps_file_and_reason(lake: Lake, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    copy = lake.quarantine(bad, {"code": "not_json", "error": "line 1"})
    assert copy.read_text() == "{not json"
    reason = copy.with_name(copy.name + ".reason.json").read_text()
    assert "not_json" in reason
    assert bad.exists()


def test_orphan_temporaries_are_removed_and_live_ones_kept(lake: Lake):
    target = lake.partition_path("gate_scores", "a")
    live = temporary_path(target)  # this process: alive
    host, pid = temporary_owner(live)
    assert pid == os.getpid()
    dead_child = subprocess.Popen([sys.executable, "-c", "pass"])
    dead_child.wait()
    orphan = live.with_name(live.name.replace(f"-{os.getpid()}.", f"-{dead_child.pid}."))
    orphan.write_bytes(b"half a parquet file")
    elsewhere = live.with_name(live.name.replace(f".{host}-{pid}.", ".another_host-1."))
    elsewhere.write_bytes(b"a writer on another host sharing the volume")
    inbox_orphan = lake.inbox / orphan.name.replace(".part-0.parquet.", ".c.json.")
    inbox_orphan.write_bytes(b"{")
    assert sorted(lake.remove_orphan_temporaries()) == sorted([orphan, inbox_orphan])
    assert live.exists() and elsewhere.exists() and not orphan.exists() and not inbox_orphan.exists()


def test_warehouse_refresh_uses_owned_temporaries(lake: Lake, monkeypatch):
    """A killed refresh leaves a name :meth:`Lake.remove_orphan_temporaries` recognises, WAL included."""
    seen = []
    real_connect = duckdb.connect

    def spy(database=":memory:", *args, **kwargs):
        if str(database).startswith(str(lake.root)):
            seen.append(Path(database))
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(duckdb, "connect", spy)
    warehouse.refresh_views(lake)
    assert seen and all(temporary_owner(p) and temporary_owner(Path(p.name + ".wal")) for p in seen)


def test_run_lock_makes_a_second_holder_wait_and_say_for_whom(lake: Lake):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from memory_pipeline.lake import Lake\n"
         f"with Lake({str(lake.root)!r}).run_lock():\n    print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        waits: list[str] = []
        acquired = threading.Event()

        def second() -> None:
            with lake.run_lock(on_wait=waits.append):
                acquired.set()

        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.5)
        assert not acquired.is_set()
        assert waits == [f"pid {holder.pid} on {socket.gethostname()}"]
        holder.stdin.close()  # the holder ends; the kernel releases its lock
        thread.join(timeout=30)
        assert acquired.is_set() and len(waits) == 1
    finally:
        holder.kill()
        holder.wait()
