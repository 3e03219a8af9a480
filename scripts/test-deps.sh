#!/usr/bin/env bash
# System packages some tests need: Debian's Chromium (the UI test drives it) and PostgreSQL (the Postgres instance
# tests start a throwaway server). Installed with apt-get when missing; without root or apt-get, or when the
# install fails, those tests skip and say what is missing, and everything else still runs.
set -uo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
{ command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; } || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "test-deps: cannot install ${missing[*]} (needs root and apt-get); their tests will skip" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -q >/dev/null && apt-get install -y -q "${missing[@]}" >/dev/null; }; then
    echo "test-deps: apt-get install ${missing[*]} failed; their tests will skip" >&2
fi
exit 0
