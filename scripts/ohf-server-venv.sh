#!/usr/bin/env bash
# Creates (once) .build/ohf-server-venv: python-matter-server 7.0.1 (the OHF Matter Server) with its server extra,
# which pins home-assistant-chip-core (and -clusters) 2024.11.4. One environment for both users of the real server:
# the benchmark's reference (scripts/ohf-server.sh) and the peer test in which it commissions mhub
# (Tests/IntegrationTests/OHFServerPeerTests.swift, through Peers/ohf_server.sh; scripts/test.sh exports its python
# as MHUB_OHF_SERVER_PYTHON). Installs the Debian libraries the CHIP core loads (libnl-route-3-200, libnl-3-200,
# libglib2.0-0) when they are missing.
# Idempotent; non-interactive (CI=true, no stdin). Prints the environment's python on stdout, progress on stderr.
# Usage: scripts/ohf-server-venv.sh
# 7.0.1 is the newest python-matter-server that runs on Debian 12's Python 3.11 (8.x needs 3.12). Its chip-core
# wheel is x86_64 (manylinux_2_31) only here.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/ohf-server-venv
requirements=(
    "python-matter-server[server]==7.0.1"   # the OHF Matter Server, server side
    "home-assistant-chip-core==2024.11.4"    # what 7.0.1's server extra pins (same version as its clusters pin)
)
debian_packages=(libnl-route-3-200 libnl-3-200 libglib2.0-0)
stamp="$venv/.mhub-requirements"
wanted=$(printf '%s\n' "${requirements[@]}")

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
    # A fresh machine may have no package lists yet: update once, then try again.
    if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" </dev/null >&2; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null >&2
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" </dev/null >&2
    fi
}

missing=()
for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "ohf-server-venv: installing Debian packages ${missing[*]}" >&2
    apt_install "${missing[@]}"
fi

if [ ! -x "$venv/bin/python" ]; then
    mkdir -p .build
    if ! python3 -m venv "$venv" >&2 2>/dev/null; then
        # Debian's python3 needs python3-venv for this.
        echo "ohf-server-venv: installing python3-venv" >&2
        apt_install python3-venv
        rm -rf "$venv"
        python3 -m venv "$venv" >&2
    fi
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "ohf-server-venv: installing ${requirements[*]}" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input "${requirements[@]}" </dev/null >&2
    printf '%s' "$wanted" > "$stamp"
fi
echo "$PWD/$venv/bin/python"
