#!/usr/bin/env bash
# Creates (once) a Python virtual environment of the peer tests: the real clients mhub is tested against,
# from PyPI. Idempotent; prints the environment's python.
# Usage: peers-venv.sh          .build/peers-venv: python-matter-server's client, zeroconf, selenium, pytest
#                               (MHUB_PEERS_PYTHON), and ./python, mhub_testing, reinstalled when its files
#                               change; test.sh runs python/tests with it
#        peers-venv.sh chip     .build/chip-venv: the CHIP Python controller (MHUB_CHIP_PYTHON)
# Two environments because python-matter-server 7.0.1 pins home-assistant-chip-clusters 2024.11.4, while the
# controller needs the clusters package of its own version.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
"")
    venv=.build/peers-venv
    requirements=(
        "python-matter-server==7.0.1"   # the OHF Matter Server's own client (7.0.1 is the newest for Python 3.11)
        "zeroconf"                      # python-zeroconf: the DNS-SD tests' second mDNS peer, beside avahi-browse
        "selenium==4.51.0"              # drives Debian's chromium (chromium-driver) in the dashboard's browser tests
        "pytest==9.2.0"                 # runs python/tests, the Python test helper's own tests
    )
    local_package=python                # mhub_testing, the Python test helper (pip install ./python)
    ;;
chip)
    venv=.build/chip-venv
    local_package=""
    requirements=(
        "home-assistant-chip-core==2025.7.0"       # connectedhomeip's Python controller (chip.ChipDeviceCtrl)
        "home-assistant-chip-clusters==2025.7.0"   # its cluster objects (chip.clusters)
    )
    ;;
*)
    echo "usage: $0 [chip]" >&2
    exit 64
    ;;
esac
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
if [ -n "$local_package" ]; then
    # Installed as a user installs it (not editable), so its tests see what `pip install ./python` gives.
    files=$(cd "$local_package" && find pyproject.toml README.md src -type f ! -path '*.egg-info/*' ! -path '*__pycache__*' | sort)
    digest=$(cd "$local_package" && sha256sum $files | sha256sum)
    if [ "$(cat "$venv/.mhub-$local_package" 2>/dev/null)" != "$digest" ]; then
        echo "peers: installing ./$local_package" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall "./$local_package"
        printf '%s' "$digest" > "$venv/.mhub-$local_package"
    fi
fi
echo "$PWD/$venv/bin/python"
