"""A throwaway PostgreSQL server for tests and benchmarks, and a lake's Dagster instance pointed at it.

Debian's ``postgresql-15`` (``initdb``, ``pg_ctl``) runs it in a temporary folder, listening on 127.0.0.1 and a
free port only. PostgreSQL refuses to run as root, so as root it runs as the ``postgres`` account the package
creates (or, where that is missing, an account made with ``useradd``). Fsync stays on: the benchmarks compare
it with SQLite on equal terms.
"""

from __future__ import annotations

import getpass
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.pipeline_runs import free_port

SERVER_ACCOUNT = "postgres"
FALLBACK_ACCOUNT = "memory-pipeline-pg"


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    # Debian keeps the server's programs out of PATH, one folder per major version.
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    return candidates[-1] if candidates else None


def unavailable_reason() -> str | None:
    """Why no throwaway server can run here (None when it can)."""
    missing = [name for name in ("initdb", "pg_ctl") if _binary(name) is None]
    if missing:
        return f"PostgreSQL server programs not found ({', '.join(missing)}); apt-get install postgresql-15"
    try:
        import dagster_postgres  # noqa: F401
        import psycopg2  # noqa: F401
    except ImportError as error:
        return f"Postgres instance storage needs the `deploy` extra (dagster-postgres): {error}"
    if os.geteuid() == 0 and _account() is None and shutil.which("useradd") is None:
        return "running as root with no non-root account for the server and no useradd to make one"
    return None


def _account() -> str | None:
    for name in (SERVER_ACCOUNT, FALLBACK_ACCOUNT):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


class PostgresServer:
    """``with PostgresServer() as server:`` a running server; ``server.create_database(name)`` gives its URL.
    The server is stopped and its folder removed on exit, whatever happened inside."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder: Path | None = None
        self.account = getpass.getuser()

    @property
    def data(self) -> Path:
        assert self.folder is not None
        return self.folder / "data"

    def _as_server(self, *command: str) -> subprocess.CompletedProcess:
        if os.geteuid() == 0:
            command = ("runuser", "-u", self.account, "--", *command)
        return subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)

    def start(self) -> PostgresServer:
        if os.geteuid() == 0:
            account = _account()
            if account is None:
                subprocess.run(["useradd", "--system", "--no-create-home", FALLBACK_ACCOUNT], check=True)
                account = FALLBACK_ACCOUNT
            self.account = account
        self.folder = Path(tempfile.mkdtemp(prefix="memory-pipeline-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, user=self.account)
        self._as_server(_binary("initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                        "--no-sync")
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
        self._as_server(_binary("pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
                        "-w", "-t", "60", "start")
        return self

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            if (self.data / "postmaster.pid").exists():
                self._as_server(_binary("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> PostgresServer:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()

    def url(self, database: str = "postgres", scheme: str = "postgresql+psycopg2") -> str:
        """Where ``database`` is, for SQLAlchemy (Dagster) by default, or with ``scheme="postgresql"`` for libpq."""
        return f"{scheme}://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg2

        connection = psycopg2.connect(self.url(scheme="postgresql"))
        connection.autocommit = True  # CREATE DATABASE cannot run in a transaction
        try:
            with connection.cursor() as cursor:
                cursor.execute(f'CREATE DATABASE "{name}"')
        finally:
            connection.close()
        return self.url(name)


def use_postgres_instance(lake: Path, url: str) -> Path:
    """Point the lake's Dagster instance at Postgres: write ``<lake>/.dagster/dagster.yaml`` (what the CLI and
    ``DAGSTER_HOME=<lake>/.dagster dagster dev`` read)."""
    home = lake / ".dagster"
    home.mkdir(parents=True, exist_ok=True)
    settings = home / "dagster.yaml"
    settings.write_text(f"storage:\n  postgres:\n    postgres_url: {url}\ntelemetry:\n  enabled: false\n")
    return settings
