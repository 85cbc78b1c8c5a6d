#!/usr/bin/env bash
# Creates (once) .build/hap-python-venv: HAP-python 5.0.0, the HomeKit accessory the benchmark's HomeKit figures
# compare mhubd's HomeKit face with (bench/hap-reference.py; `mhub-bench run --only homekit --hap-python PYTHON`).
# Idempotent; non-interactive. Prints the environment's python on stdout, progress on stderr.
# Usage: scripts/hap-python-venv.sh
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/hap-python-venv
requirement="HAP-python==5.0.0"
stamp="$venv/.mhub-requirements"

if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$requirement" ]; then
    echo "== $venv: $requirement" >&2
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
    CI=true "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input "$requirement" </dev/null >&2
    echo "$requirement" >"$stamp"
fi
echo "$PWD/$venv/bin/python"
