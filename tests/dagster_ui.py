"""The Dagster UI as the README starts it, for tests: ``dagster-webserver -w workspace.yaml`` on 127.0.0.1 with
``DAGSTER_HOME`` inside a lake, so it shares the CLI's instance."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

from tests.conftest import REPO_ROOT
from tests.pipeline_runs import free_port


@contextmanager
def serve_ui(lake: Path, timeout: float = 180) -> Iterator[str]:
    """The webserver's base URL once it answers; it is stopped on exit. Fails with its stderr if it dies."""
    import pytest

    port = free_port()
    env = {**os.environ, "DAGSTER_HOME": str(lake / ".dagster"), "MEMORY_PIPELINE_LAKE": str(lake)}
    process = subprocess.Popen(
        [sys.executable, "-m", "dagster_webserver", "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"dagster-webserver exited: {process.stderr.read().decode()[-2000:]}")
            try:
                if requests.get(f"{url}/server_info", timeout=2).ok:
                    break
            except requests.ConnectionError:
                time.sleep(1)
        else:
            pytest.fail(f"dagster-webserver did not answer within {timeout:.0f} s")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
