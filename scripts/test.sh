#!/usr/bin/env bash
# One command for the tests: set up (with the test extra), install the system packages some tests need, and run
# the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Playwright drives Debian's Chromium; it never downloads a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
bash scripts/setup.sh "[test]"
bash scripts/test-deps.sh
exec .venv/bin/python -m pytest -q "$@"
