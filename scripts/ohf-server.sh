#!/usr/bin/env bash
# Runs python-matter-server 7.0.1 (the OHF Matter Server, unmodified, from scripts/ohf-server-venv.sh) in the
# foreground: exec, so the caller's child PID is the server's. It listens on ADDR:PORT (127.0.0.1 unless
# --listen-address) with its WebSocket API at /ws and keeps its data in DIR. Two callers: the benchmark's reference
# (bench/run.sh, mhub-bench) and the peer test in which it commissions mhubd across the test network
# (Tests/IntegrationTests/OHFServerPeerTests.swift: `ip netns exec mh-ctl scripts/ohf-server.sh … --primary-interface
# mh1 --paa mhub-paa.der`).
# Usage: scripts/ohf-server.sh --port PORT --storage DIR [--nodes N [--prepare]] [--listen-address ADDR]
#                              [--primary-interface IFACE] [--paa FILE] [--log-level LEVEL] [--log-level-sdk LEVEL]
#   --nodes N   first (re)writes DIR so that the server loads N commissioned On/Off lights at start
#               (bench/reference-nodes.py); DIR gets the CHIP stack's chip.json first if it has none.
#   --prepare   with --nodes: write DIR and exit without starting the server. Time a start by preparing
#               first and starting without --nodes: DIR keeps its nodes, and the start then does nothing more.
#   --primary-interface IFACE
#               the server's --primary-interface: the zone it gives IPv6 link-local addresses (mh1 in mh-ctl).
#   --paa FILE  a PAA certificate (DER) to trust, e.g. mhub's (`mhubctl hub attestation --paa-der FILE`): the
#               certificate directory then holds only this file and .version. Without it the directory is empty,
#               so no attestation passes (the benchmark commissions nothing).
#   --log-level LEVEL, --log-level-sdk LEVEL
#               the server's own and the CHIP SDK's (defaults warning and error).
# Needs root (a private mount namespace, as the CHIP controller's runs do) and scripts/ohf-server-venv.sh's
# environment (made if missing; MHUB_OHF_SERVER_PYTHON, or MHUB_REF_PYTHON, names another python that has it).
#
# How it is started, beside the server's own defaults:
# - The CHIP SDK writes the fixed paths /data/chip_*.ini and /tmp/chip_kvs: a private mount namespace puts
#   DIR/.sandbox files there, so runs don't share them and the host's /data stays untouched.
# - No network: at start the server fetches PAA root certificates (DCL and GitHub) unless its certificate
#   directory holds a .version file younger than a day, and always fetches vendor names from the DCL.
#   --paa-root-cert-dir points at DIR/paa-root-certs with a fresh .version (the fetch is skipped), and in
#   the namespace /etc/hosts sends the DCL and GitHub names to 127.0.0.1, so the vendor fetch is refused at
#   once (one log line at error level) instead of waiting on name resolution or a connection.
# - Left as the server does them: its mDNS browser (python-zeroconf on UDP 5353, all interfaces) for Matter
#   nodes, and the CHIP controller's own ephemeral UDP ports and TCP listener (on [::]). Two servers can
#   run at once (different PORT and DIR).
# - Open files: the caller's limit is kept. The server needs about 30 descriptors plus one per client; when
#   it runs out, aiohttp logs "Too many open files" for every accept attempt, in a loop (hundreds of MB of
#   log a minute) and the clients wait: give both servers of a comparison the same, sufficient `ulimit -n`.
# - A stored node is set up (CASE session, subscription) only when it appears on mDNS as
#   <compressed fabric id>-<node id>._matter._tcp: generated nodes stay unavailable and cost no CPU.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() {
    echo "usage: $0 --port PORT --storage DIR [--nodes N [--prepare]] [--listen-address ADDR]" \
        "[--primary-interface IFACE] [--paa FILE] [--log-level LEVEL] [--log-level-sdk LEVEL]" >&2
    exit 64
}
port="" storage="" nodes="" prepare=0 listen=127.0.0.1 interface="" paa="" log_level=warning sdk_log_level=error
while [ $# -gt 0 ]; do
    case "$1" in
    --port) port=${2:-}; shift 2 || usage ;;
    --storage) storage=${2:-}; shift 2 || usage ;;
    --nodes) nodes=${2:-}; shift 2 || usage ;;
    --prepare) prepare=1; shift ;;
    --listen-address) listen=${2:-}; shift 2 || usage ;;
    --primary-interface) interface=${2:-}; shift 2 || usage ;;
    --paa) paa=${2:-}; shift 2 || usage ;;
    --log-level) log_level=${2:-}; shift 2 || usage ;;
    --log-level-sdk) sdk_log_level=${2:-}; shift 2 || usage ;;
    *) usage ;;
    esac
done
[[ "$port" =~ ^[0-9]+$ ]] && [ -n "$storage" ] || usage
[ -z "$nodes" ] || [[ "$nodes" =~ ^[0-9]+$ ]] || usage
[ "$prepare" -eq 0 ] || [ -n "$nodes" ] || usage
if [ "$(id -u)" -ne 0 ]; then
    echo "ohf-server: needs root (a private mount namespace for the CHIP SDK's fixed paths)" >&2
    exit 1
fi

venv="$here/.build/ohf-server-venv"
if [ -n "${MHUB_OHF_SERVER_PYTHON:-${MHUB_REF_PYTHON:-}}" ]; then
    python=${MHUB_OHF_SERVER_PYTHON:-$MHUB_REF_PYTHON}
elif [ -x "$venv/bin/python" ] && [ -f "$venv/.mhub-requirements" ]; then
    python=$venv/bin/python
else
    python=$("$here/scripts/ohf-server-venv.sh")
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
# Only the trusted PAA (if any) and .version: the certificate fetch is skipped while .version is younger than a day.
find "$storage/paa-root-certs" -mindepth 1 -delete
[ -z "$paa" ] || cp "$paa" "$storage/paa-root-certs/trusted-paa.der"
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
        echo "ohf-server: creating $storage/chip.json" >&2
        (sandboxed "$python" -c '
import logging, os, sys
logging.disable(logging.CRITICAL)
from matter_server.server.stack import MatterStack
class Server:
    storage_path, vendor_id, fabric_id = sys.argv[1], 0xFFF1, 1
MatterStack(Server())
os._exit(0)  # a normal exit after the stack started aborts' "$storage") >/dev/null
    fi
    echo "ohf-server: writing $nodes nodes into $storage" >&2
    "$python" "$here/bench/reference-nodes.py" --storage "$storage" --nodes "$nodes" >/dev/null
    [ "$prepare" -eq 0 ] || exit 0
fi

# The server does not exit when it cannot listen (it logs the bind error and idles): refuse a taken port here.
if (exec 3<>"/dev/tcp/$listen/$port") 2>/dev/null; then
    echo "ohf-server: $listen:$port is already in use" >&2
    exit 1
fi
interface_option=()
[ -z "$interface" ] || interface_option=(--primary-interface "$interface")
cd "$storage"
sandboxed "$python" -m matter_server.server \
    --storage-path "$storage" \
    --port "$port" \
    --listen-address "$listen" \
    --paa-root-cert-dir "$storage/paa-root-certs" \
    --ota-provider-dir "$storage/ota-updates" \
    --log-level "$log_level" \
    --log-level-sdk "$sdk_log_level" \
    "${interface_option[@]}"
