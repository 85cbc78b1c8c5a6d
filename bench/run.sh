#!/usr/bin/env bash
# The benchmark in one command: builds mhubd and mhub-bench in release mode, makes the reference's environment
# (python-matter-server 7.0.1 from PyPI, scripts/ohf-server-venv.sh), then measures the floor, mhubd and the
# reference one after another in one run and writes bench/results/latest.md and latest.json (see
# docs/benchmarks.md). Needs root for the reference (it runs in a private mount namespace). Takes about
# 15 minutes on 2 cores; --quick makes every measurement smaller (a minute or two, noisier).
# Usage: bench/run.sh [--quick] [--no-reference] [--work DIR] [--output DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

reference=(--reference "$PWD/scripts/ohf-server.sh")
arguments=()
for option in "$@"; do
    case "$option" in
        --no-reference) reference=() ;;
        *) arguments+=("$option") ;;
    esac
done

scripts/setup.sh
echo "== swift build -c release" >&2
swift build -c release --product mhubd >&2
swift build -c release --product mhub-bench >&2
if [ ${#reference[@]} -gt 0 ]; then
    echo "== the reference's environment" >&2
    scripts/ohf-server-venv.sh >/dev/null
fi
echo "== mhub-bench run" >&2
exec .build/release/mhub-bench run --mhubd "$PWD/.build/release/mhubd" --output "$PWD/bench/results" \
    "${reference[@]}" "${arguments[@]}"
