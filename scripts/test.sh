#!/usr/bin/env bash
# Sets up a Debian 12 machine and runs every check: formatting (swift format lint), the whole
# test suite (unit, I/O and integration tests that start the real binaries), the Python test helper's
# own tests (python/tests, against the mhubd just built) and a short run of each
# fuzz target (docs/fuzzing.md; MHUB_FUZZ_SECONDS per target, default 20, 0 skips it). Exits non-zero
# on any failure. Extra arguments go to `swift test` (e.g. --filter Onboarding).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --test-tools
scripts/start-avahi.sh start >/dev/null
# The real peers the tests drive mhubd with, from PyPI: python-matter-server's client, python-zeroconf, and
# Selenium, which drives chromium through the dashboard in its browser tests; and pytest with ./python
# (mhub_testing) installed, for the Python test helper's own tests.
MHUB_PEERS_PYTHON=$(scripts/peers-venv.sh)
export MHUB_PEERS_PYTHON
# The CHIP Python controller (connectedhomeip's, from PyPI) in an environment of its own: its clusters package
# conflicts with python-matter-server's pin. The Matter port's peer tests drive mhubd with it.
MHUB_CHIP_PYTHON=$(scripts/peers-venv.sh chip)
export MHUB_CHIP_PYTHON
# Today's OHF clients, each in its own environment on a Python >= 3.12 (both install `matter_server`):
# matter-python-client 1.6.1 (Home Assistant's since 2026-02) and python-matter-server 8.1.2. Without such a Python
# the mode says why and the variable stays empty: CurrentOHFClientPeerTests and ProtocolModelsPeerTests then fail
# when CI is set, and are skipped, saying why, otherwise.
MHUB_MPC_PYTHON=$(scripts/peers-venv.sh mpc) || MHUB_MPC_PYTHON=""
export MHUB_MPC_PYTHON
MHUB_PMS8_PYTHON=$(scripts/peers-venv.sh pms8) || MHUB_PMS8_PYTHON=""
export MHUB_PMS8_PYTHON
# python-matter-server's own server (7.0.1 with the home-assistant-chip-core 2024.11.4 its server extra pins), which
# commissions mhubd in OHFServerPeerTests; the benchmark's reference runs from the same environment.
MHUB_OHF_SERVER_PYTHON=$(scripts/ohf-server-venv.sh)
export MHUB_OHF_SERVER_PYTHON
# Home Assistant 2025.4.4 with its matter integration (HomeAssistantPeerTests runs it in-process against mhubd). It
# needs a Python >= 3.13: without one peers-venv.sh says so and this stays empty, so the test fails in CI and is
# skipped, with the reason, elsewhere.
MHUB_HA_PYTHON=$(scripts/peers-venv.sh ha) || MHUB_HA_PYTHON=""
export MHUB_HA_PYTHON
# aiohomekit 4.0.1, Home Assistant's HomeKit controller library, in an environment of its own (its lower bounds on
# zeroconf, cryptography and orjson would move the other peers' pins). HomeKitPeerTests pairs with mhubd's HomeKit
# face with it (Peers/hap_controller.py) and runs its CLI against the pairing file.
MHUB_HAP_PYTHON=$(scripts/peers-venv.sh hap)
export MHUB_HAP_PYTHON

echo "== swift format lint" >&2
swift format lint --strict --recursive Package.swift Plugins Sources Tests fuzz bench/Sources Examples

echo "== swift test" >&2
swift build --build-tests >&2
swift test --skip-build "$@"

echo "== python/tests (mhub_testing)" >&2
MHUBD="$PWD/.build/debug/mhubd" "$MHUB_PEERS_PYTHON" -m pytest -q python/tests

fuzz_seconds=${MHUB_FUZZ_SECONDS:-20}
if [ "$fuzz_seconds" -gt 0 ]; then
    echo "== fuzz (${fuzz_seconds} s per target)" >&2
    scripts/fuzz.sh "$fuzz_seconds"
fi
