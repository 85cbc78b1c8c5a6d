#!/usr/bin/env bash
# Sets up a Debian 12 machine and runs every check: formatting (swift format lint) and the whole
# test suite (unit, I/O and integration tests that start the real binaries). Exits non-zero on any
# failure. Extra arguments go to `swift test` (e.g. --filter Onboarding).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --test-tools
scripts/start-avahi.sh start >/dev/null
# The real clients the peer tests drive mhubd with (python-matter-server's client, from PyPI).
MHUB_PEERS_PYTHON=$(scripts/peers-venv.sh)
export MHUB_PEERS_PYTHON
# The CHIP Python controller (connectedhomeip's, from PyPI) in an environment of its own: its clusters package
# conflicts with python-matter-server's pin. The Matter port's peer tests drive mhubd with it.
MHUB_CHIP_PYTHON=$(scripts/peers-venv.sh chip)
export MHUB_CHIP_PYTHON

# python-zeroconf from PyPI: the Avahi peer tests browse with it as well as with avahi-browse. Installed
# only when missing; Debian's own Python refuses plain `pip install` (PEP 668), hence the second try.
if ! python3 -c 'import zeroconf' 2>/dev/null; then
    echo "== pip install zeroconf" >&2
    python3 -m pip install --quiet zeroconf 2>/dev/null ||
        python3 -m pip install --quiet --break-system-packages zeroconf
fi

echo "== swift format lint" >&2
swift format lint --strict --recursive Package.swift Sources Tests

echo "== swift test" >&2
swift build --build-tests >&2
swift test --skip-build "$@"
