#!/usr/bin/env bash
# Runs the benchmark's reference, python-matter-server 7.0.1 (the OHF Matter Server), in the foreground: exec, so
# the caller's child PID is the server's. It listens on 127.0.0.1:PORT with its WebSocket API at /ws and keeps
# its data in DIR.
# Usage: bench/reference-server.sh --port PORT --storage DIR [--nodes N [--prepare]]
#   --nodes N   first (re)writes DIR so that the server loads N commissioned On/Off lights at start
#               (bench/reference-nodes.py); DIR gets the CHIP stack's chip.json first if it has none.
#   --prepare   with --nodes: write DIR and exit without starting the server. Time a start by preparing
#               first and starting without --nodes: DIR keeps its nodes, and the start then does nothing more.
# Needs root (a private mount namespace, as bench's CHIP controller runs do) and bench/reference-venv.sh's
# environment (made if missing; MHUB_REF_PYTHON names another python that has it).
#
# How it is started, beside the server's own defaults:
# - The CHIP SDK writes the fixed paths /data/chip_*.ini and /tmp/chip_kvs: a private mount namespace puts
#   DIR/.sandbox files there, so runs don't share them and the host's /data stays untouched.
# - No network: at start the server fetches PAA root certificates (DCL and GitHub) unless its certificate
#   directory holds a .version file younger than a day, and always fetches vendor names from the DCL.
#   --paa-root-cert-dir points at DIR/paa-root-certs with a fresh .version (the fetch is skipped), and in
#   the namespace /etc/hosts sends the DCL and GitHub names to 127.0.0.1, so the vendor fetch is refused at
#   once (one log line at error level) instead of waiting on name resolution or a connection.
# - --log-level warning (the SDK's stays at its default, error); --listen-address 127.0.0.1.
# - Left as the server does them: its mDNS browser (python-zeroconf on UDP 5353, all interfaces) for Matter
#   nodes, and the CHIP controller's own ephemeral UDP ports and TCP listener (on [::]). Two references can
#   run at once (different PORT and DIR).
# - Open files: the caller's limit is kept. The server needs about 30 descriptors plus one per client; when
#   it runs out, aiohttp logs "Too many open files" for every accept attempt, in a loop (hundreds of MB of
#   log a minute) and the clients wait: give both servers of a comparison the same, sufficient `ulimit -n`.
# - A stored node is set up (CASE session, subscription) only when it appears on mDNS as
#   <compressed fabric id>-<node id>._matter._tcp: generated nodes stay unavailable and cost no CPU.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() { echo "usage: $0 --port PORT --storage DIR [--nodes N [--prepare]]" >&2; exit 64; }
port="" storage="" nodes="" prepare=0
while [ $# -gt 0 ]; do
    case "$1" in
    --port) port=${2:-}; shift 2 || usage ;;
    --storage) storage=${2:-}; shift 2 || usage ;;
    --nodes) nodes=${2:-}; shift 2 || usage ;;
    --prepare) prepare=1; shift ;;
    *) usage ;;
    esac
done
[[ "$port" =~ ^[0-9]+$ ]] && [ -n "$storage" ] || usage
[ -z "$nodes" ] || [[ "$nodes" =~ ^[0-9]+$ ]] || usage
[ "$prepare" -eq 0 ] || [ -n "$nodes" ] || usage
if [ "$(id -u)" -ne 0 ]; then
    echo "reference: needs root (a private mount namespace for the CHIP SDK's fixed paths)" >&2
    exit 1
fi

venv="$here/.build/bench-ref-venv"
if [ -n "${MHUB_REF_PYTHON:-}" ]; then
    python=$MHUB_REF_PYTHON
elif [ -x "$venv/bin/python" ] && [ -f "$venv/.mhub-requirements" ]; then
    python=$venv/bin/python
else
    python=$("$here/bench/reference-venv.sh")
fi

mkdir -p "$storage"
storage=$(cd "$storage" && pwd)
sandbox="$storage/.sandbox"
mkdir -p "$sandbox/data" "$storage/paa-root-certs" /data
[ -e "$sandbox/chip_kvs" ] || : > "$sandbox/chip_kvs"
[ -e /tmp/chip_kvs ] || : > /tmp/chip_kvs
{
    grep -v -e 'dcl.csa-iot.org' -e 'github' /etc/hosts || true
    echo "127.0.0.1 on.dcl.csa-iot.org on.test-net.dcl.csa-iot.org api.github.com raw.githubusercontent.com"
} > "$sandbox/hosts"
# The certificate fetch is skipped while this is younger than a day.
printf '1' > "$storage/paa-root-certs/.version"

# Runs "$@" in the sandbox: its own mount namespace with /data, /tmp/chip_kvs and /etc/hosts replaced.
sandboxed() {
    exec unshare -m --propagation private /bin/sh -c '
        sandbox=$1; shift
        mount --bind "$sandbox/data" /data &&
        mount --bind "$sandbox/chip_kvs" /tmp/chip_kvs &&
        mount --bind "$sandbox/hosts" /etc/hosts || exit 1
        exec "$@"' sh "$sandbox" "$@"
}

if [ -n "$nodes" ]; then
    if [ ! -s "$storage/chip.json" ]; then
        # The CHIP stack's storage with the fabric's root CA, made as the server makes it at its first start.
        echo "reference: creating $storage/chip.json" >&2
        (sandboxed "$python" -c '
import logging, os, sys
logging.disable(logging.CRITICAL)
from matter_server.server.stack import MatterStack
class Server:
    storage_path, vendor_id, fabric_id = sys.argv[1], 0xFFF1, 1
MatterStack(Server())
os._exit(0)  # a normal exit after the stack started aborts' "$storage") >/dev/null
    fi
    echo "reference: writing $nodes nodes into $storage" >&2
    "$python" "$here/bench/reference-nodes.py" --storage "$storage" --nodes "$nodes" >/dev/null
    [ "$prepare" -eq 0 ] || exit 0
fi

# The server does not exit when it cannot listen (it logs the bind error and idles): refuse a taken port here.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "reference: 127.0.0.1:$port is already in use" >&2
    exit 1
fi
cd "$storage"
sandboxed "$python" -m matter_server.server \
    --storage-path "$storage" \
    --port "$port" \
    --listen-address 127.0.0.1 \
    --paa-root-cert-dir "$storage/paa-root-certs" \
    --ota-provider-dir "$storage/ota-updates" \
    --log-level warning
