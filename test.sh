#!/usr/bin/env bash
# Sets up everything on a fresh machine and runs all tests: engine and build
# unit tests, then end-to-end tests in a real (Debian) Chromium.
set -euo pipefail
cd "$(dirname "$0")"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v npm >/dev/null 2>&1 || need_apt+=(nodejs npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
.venv/bin/python build/site.py
.venv/bin/python -m pytest tests e2e -q "$@"
