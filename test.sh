#!/usr/bin/env bash
# Sets up everything on a fresh machine and runs all tests: engine and build
# unit tests, then end-to-end tests in a real (Debian) Chromium.
#
#   ./test.sh [pytest args]            the locked versions (build/requirements.lock,
#                                      build/package-lock.json): what CI and the site use
#   ./test.sh --latest [pytest args]   the newest versions instead of the lock, in their own
#                                      venv and site (.venv-latest/, dist-latest/): shows what
#                                      an upgrade would change before a user meets it
set -euo pipefail
cd "$(dirname "$0")"

latest=0
if [ "${1:-}" = "--latest" ]; then latest=1; shift; fi

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v npm >/dev/null 2>&1 || need_apt+=(nodejs npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ $latest -eq 0 ]; then
  venv=.venv
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --require-hashes -r build/requirements.lock
  "$venv/bin/python" -m pip install -q --no-deps --no-build-isolation -e .
else
  venv=.venv-latest
  export CAIRN_LATEST=1        # build/site.py: the newest pydantic for Pyodide, into dist-latest/
  python3 -m venv --clear "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
  "$venv/bin/python" -m pip install -q --upgrade -e ".[test]"
fi
"$venv/bin/python" build/site.py
if [ $latest -eq 1 ]; then "$venv/bin/python" build/lock.py --diff "$venv" || true; fi
# two processes (pytest-xdist; CI has 2 cores), each taking the next test when it is free, the
# longest first (tests/conftest.py); a group of tests that share a costly fixture stays in one
# (xdist_group); -n 0 in the arguments runs them in this one
"$venv/bin/python" -m pytest tests e2e -q -n 2 --dist loadgroup "$@"
