#!/usr/bin/env bash
# Creates (once) the Python virtual environment of the peer tests in .build/peers-venv: the real
# clients mhub is tested against, from PyPI. Idempotent; prints the environment's python.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/peers-venv
requirements=(
    "python-matter-server==7.0.1"   # the OHF Matter Server's own client (7.0.1 is the newest for Python 3.11)
    "zeroconf"                      # python-zeroconf: the DNS-SD tests' second mDNS peer, beside avahi-browse
)
stamp="$venv/.mhub-requirements"
wanted=$(printf '%s\n' "${requirements[@]}")

if [ ! -x "$venv/bin/python" ]; then
    mkdir -p .build
    if ! python3 -m venv "$venv" 2>/dev/null; then
        # Debian's python3 needs python3-venv for this.
        if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq python3-venv >/dev/null; else sudo apt-get install -y -qq python3-venv >/dev/null; fi
        rm -rf "$venv"
        python3 -m venv "$venv"
    fi
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "peers: installing ${requirements[*]}" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${requirements[@]}"
    printf '%s' "$wanted" > "$stamp"
fi
echo "$PWD/$venv/bin/python"
