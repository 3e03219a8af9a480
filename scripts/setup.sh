#!/usr/bin/env bash
# Creates ./.venv (if needed) and installs memory-pipeline into it. Safe to re-run.
# torch is installed first and pinned: an unpinned torch would pull a multi-GB CUDA build.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q "torch==2.13.0"
.venv/bin/python -m pip install -q -e ".${1:-}"
