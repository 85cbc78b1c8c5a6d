#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds mhub (release) and runs mhubd in the foreground with the
# repository's configuration. Extra arguments go to mhubd (e.g. --config PATH, --check-config).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/start-avahi.sh start >/dev/null
swift build -c release --product mhubd >&2
swift build -c release --product mhubctl >&2
if [ $# -eq 0 ]; then
    set -- --config config/mhubd.json
fi
exec .build/release/mhubd "$@"
