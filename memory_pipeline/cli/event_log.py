"""The lake's Dagster event log: Dagster's own SQLite storage, with each database's connection kept open.

Dagster's ``SqliteEventLogStorage`` builds a new SQLAlchemy engine, opens a connection and disposes of it for
every event it stores, twice for an asset event (the run's database and the cross-run index). A chunked run
writes about 26 asset events per conversation (a materialisation and a "planned" event for each of 13 assets),
so on small conversations that connect-compile-dispose cycle, not the pipeline, was most of the run (profiled:
``benchmarks/bench_dagster_overhead.py``). This subclass keeps one engine per database for the life of the
storage, so connections are pooled and SQLAlchemy's compiled-statement cache survives from event to event.

It also writes Dagster's event batches (a run's planned events, a chunked step's materialisations: one per
partition) in two transactions, one per database, where the base class stores them one by one. Each event is
stored exactly as :meth:`store_event` would store it, in the same order; only the transactions are shared.
Dagster hands storage batches only while ``DAGSTER_EVENT_BATCH_SIZE`` is set (:func:`event_batches`).

Everything else is Dagster's: the same files in the same places (``<home>/history/runs/<run id>.db`` and
``index.db``), the same schema, migrations and WAL journal, the same lock around every connection. A process that
opens the lake with plain Dagster (``dagster dev`` for the UI) reads and writes the very same databases; SQLite
takes its locks per transaction, not per open connection, so an idle kept connection blocks nobody.

Engines of older runs' databases are disposed as new runs come (at most ``KEPT_ENGINES`` are open), so a process
that carries many runs does not pile up file handles.
"""

from __future__ import annotations

import itertools
import os
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from dagster._core.errors import DagsterInvariantViolationError
from dagster._core.events import ASSET_EVENTS
from dagster._core.events.log import EventLogEntry
from dagster._core.storage.event_log.sqlite.sqlite_event_log import INDEX_SHARD_NAME, SqliteEventLogStorage
from dagster._core.storage.sqlalchemy_compat import db_result
from dagster._core.storage.sqlite import SQLITE_BUSY_TIMEOUT_SECONDS
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection, Engine

# The index and the current run's database are the two in use at any time; a few more cover a run's retries.
KEPT_ENGINES = 4
# Dagster's switch for handing event batches to the storage, and the most events it buffers before a write (a
# chunk of 25 conversations plans 13 assets x 25 partitions at once).
EVENT_BATCH_SIZE_VARIABLE = "DAGSTER_EVENT_BATCH_SIZE"
EVENT_BATCH_SIZE = 1000


class SqliteKeptConnectionEventLogStorage(SqliteEventLogStorage):
    """:class:`SqliteEventLogStorage` with one long-lived engine (and so a pooled connection) per database."""

    def __init__(self, base_dir: str, inst_data=None):
        self._engines: OrderedDict[str, Engine] = OrderedDict()
        super().__init__(base_dir, inst_data=inst_data)

    @classmethod
    def from_config_value(cls, inst_data, config_value) -> SqliteKeptConnectionEventLogStorage:
        return cls(inst_data=inst_data, **config_value)

    @contextmanager
    def _connect(self, shard: str) -> Iterator[Connection]:
        with self._db_lock:
            with self._engine(shard).connect() as conn:
                with conn.begin():
                    yield conn

    def _engine(self, shard: str) -> Engine:
        """The shard's engine, created (and its database initialised) on first use; the oldest beyond the limit
        disposed, never the index's."""
        engine = self._engines.get(shard)
        if engine is not None:
            self._engines.move_to_end(shard)
            return engine
        engine = create_engine(
            self.conn_string_for_shard(shard), connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS}
        )
        if shard not in self._initialized_dbs:
            self._initdb(engine)
            self._initialized_dbs.add(shard)
        self._engines[shard] = engine
        while len(self._engines) > KEPT_ENGINES:
            oldest = next(name for name in self._engines if name != INDEX_SHARD_NAME)
            self._engines.pop(oldest).dispose()
        return engine

    def store_event_batch(self, events: Sequence[EventLogEntry]) -> None:
        """Consecutive asset events of one run in one transaction per database; any other event as
        :meth:`store_event` stores it, in its place in the order."""
        for run_id, group in itertools.groupby(events, key=_asset_event_run):
            if run_id is None:
                for event in group:
                    self.store_event(event)
            else:
                self._store_asset_events(list(group))

    def _store_asset_events(self, events: Sequence[EventLogEntry]) -> None:
        """What :meth:`store_event` does for each asset event (the run's row, the index's mirror row, its tags and
        the asset's entry), with each database's writes in one transaction."""
        statements = [self.prepare_insert_event(event) for event in events]
        with self.run_connection(events[0].run_id) as conn:
            for statement in statements:
                conn.execute(statement)
        with self.index_transaction() as conn:
            for event, statement in zip(events, statements, strict=True):
                with db_result(conn, statement) as result:
                    event_id = result.inserted_primary_key[0]
                if event_id is None:
                    raise DagsterInvariantViolationError("Cannot store asset event tags for null event id.")
                self._store_asset_event_tags(conn, [event], [event_id])
                self._store_asset_event(conn, event, event_id)

    def _dispose_engines(self) -> None:
        while self._engines:
            self._engines.popitem()[1].dispose()

    def wipe(self) -> None:
        """Dagster's wipe deletes the run databases' files: no connection may outlive them."""
        with self._db_lock:
            self._dispose_engines()
        super().wipe()

    def dispose(self) -> None:
        super().dispose()
        with self._db_lock:
            self._dispose_engines()


def _asset_event_run(event: EventLogEntry) -> str | None:
    """The run of an asset event (the events a batch write groups by); None for any other event."""
    return event.run_id if event.is_dagster_event and event.dagster_event_type in ASSET_EVENTS else None


@contextmanager
def event_batches() -> Iterator[None]:
    """Let Dagster hand the event log batches while the block runs (unless the environment already says how)."""
    if EVENT_BATCH_SIZE_VARIABLE in os.environ:
        yield
        return
    os.environ[EVENT_BATCH_SIZE_VARIABLE] = str(EVENT_BATCH_SIZE)
    try:
        yield
    finally:
        os.environ.pop(EVENT_BATCH_SIZE_VARIABLE, None)


def event_log_override(home: str) -> dict:
    """Instance overrides that store the event log with :class:`SqliteKeptConnectionEventLogStorage` in the
    folder Dagster's default SQLite storage uses under ``home``."""
    return {
        "event_log_storage": {
            "module": __name__,
            "class": SqliteKeptConnectionEventLogStorage.__name__,
            "config": {"base_dir": os.path.join(os.path.abspath(home), "history", "runs", "")},
        }
    }
