#!/usr/bin/env bash
# One command for the tests: set up (with the test extra), install the system packages some tests need, and run
# the suite: the default tier, or with --full the long tier as well (tests/conftest.py says which is which).
set -euo pipefail
cd "$(dirname "$0")/.."
# Playwright drives Debian's Chromium; it never downloads a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
bash scripts/setup.sh "[test]"
bash scripts/test-deps.sh
exec .venv/bin/python -m pytest -q "$@"
