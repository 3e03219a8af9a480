#!/usr/bin/env bash
# One command for the tests: set up (with the test extra) and run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "[test]"
exec .venv/bin/python -m pytest -q "$@"
