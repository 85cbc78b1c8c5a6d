#!/usr/bin/env bash
# The benchmark in one command: builds mhubd, mhubctl and mhub-bench in release mode, makes the reference's
# environment (python-matter-server 7.0.1 from PyPI, scripts/ohf-server-venv.sh), then measures the floor, mhubd and
# the reference one after another in one run, and real controllers commissioning mhubd end to end
# (bench/commission-time.sh, in the peer tests' two-namespace network), and writes bench/results/latest.md and
# latest.json (see docs/benchmarks.md). Needs root for the reference and the commissioning (mount and network
# namespaces). Takes about 15 minutes on 2 cores; --quick makes every measurement smaller (a few minutes, noisier).
# Usage: bench/run.sh [--quick] [--no-reference] [--work DIR] [--output DIR] [--before MHUBD]
#        [--only burst|case|commissioning|instances|timeline|bridge|home|requests|sessions|fanout|devices|homekit]
set -euo pipefail
cd "$(dirname "$0")/.."

reference=(--reference "$PWD/scripts/ohf-server.sh" --commissioning "$PWD/bench/commission-time.sh"
    --mhubctl "$PWD/.build/release/mhubctl")
arguments=()
for option in "$@"; do
    case "$option" in
        --no-reference) reference=() ;;
        *) arguments+=("$option") ;;
    esac
done

if [ ${#reference[@]} -gt 0 ]; then scripts/setup.sh --test-tools; else scripts/setup.sh; fi
echo "== swift build -c release" >&2
swift build -c release --product mhubd >&2
swift build -c release --product mhubctl >&2
swift build -c release --product mhub-bench >&2
if [ ${#reference[@]} -gt 0 ]; then
    echo "== the reference's environment" >&2
    scripts/ohf-server-venv.sh >/dev/null
    # The HomeKit figures' reference: HAP-python 5.0.0.
    reference+=(--hap-python "$(scripts/hap-python-venv.sh)" --hap-reference "$PWD/bench/hap-reference.py")
fi
echo "== mhub-bench run" >&2
exec .build/release/mhub-bench run --mhubd "$PWD/.build/release/mhubd" --output "$PWD/bench/results" \
    "${reference[@]}" "${arguments[@]}"
