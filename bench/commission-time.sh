#!/usr/bin/env bash
# How long a real controller takes to commission mhubd end to end, in the peer tests' network (scripts/netns-pair.sh):
# mhubd (and avahi-daemon) in mh-hub, the controller in mh-ctl, each run from a fresh state on both sides.
#
#   chip  connectedhomeip's Python controller (home-assistant-chip-core 2025.7.0, scripts/peers-venv.sh chip):
#         CommissionOnNetwork, timed around the call inside the controller's process (discovery of _matterc._udp,
#         PASE, every stage, operational discovery, CASE, CommissioningComplete; not the SDK's start-up)
#   ohf   python-matter-server 7.0.1's server (scripts/ohf-server.sh): commission_on_network as its own client waits
#         for it (the same stages with chip-core 2024.11.4, then its interview and its subscription attempt)
#   chip-devices
#         the same CHIP controller, but commissioning mhubd's simulated devices on the network (issue 35), not the
#         hub: one fresh mhubd given --devices N (default 10) On/Off lights with `mhubctl sim add --on-network`
#         (ethernet; discriminators 3101 on, passcodes 34567801 on), the controller trusting only the devices' PAA
#         (`mhubctl hub attestation --device-paa-der`); then each device in turn, CommissionOnNetwork with its
#         discriminator and passcode under node ID 100 + its number, timed in the controller as for chip. One
#         controller process per device (chip_commission.py runs one scenario per process), all of them on the same
#         fabric (one sandbox and storage), so each timing starts after the SDK's start-up. One line per device,
#         "run" being the device's number; --runs does not apply (one round of N devices).
#
# Prints one JSON object per run on stdout ({"controller", "run", "ok", "seconds", "error"}), progress on stderr;
# each run's logs (mhubd's, the controller's or the server's and its client's) stay in DIR/<controller>-<run>/.
# Usage: bench/commission-time.sh --mhubd PATH --mhubctl PATH --work DIR [--runs N] [--devices N]
#            [--controllers "chip ohf chip-devices"]   (default "chip ohf")
# Needs root. Runs the whole measurement inside `scripts/netns-pair.sh session`, which holds the machine-wide
# avahi-daemon lock, so it waits for peer tests that hold it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() {
    echo "usage: $0 --mhubd PATH --mhubctl PATH --work DIR [--runs N] [--devices N]" \
        "[--controllers \"chip ohf chip-devices\"]" >&2
    exit 64
}
mhubd="" mhubctl="" work="" runs=5 devices=10 controllers="chip ohf"
while [ $# -gt 0 ]; do
    case "$1" in
    --mhubd) mhubd=${2:-}; shift 2 || usage ;;
    --mhubctl) mhubctl=${2:-}; shift 2 || usage ;;
    --work) work=${2:-}; shift 2 || usage ;;
    --runs) runs=${2:-}; shift 2 || usage ;;
    --devices) devices=${2:-}; shift 2 || usage ;;
    --controllers) controllers=${2:-}; shift 2 || usage ;;
    --in-pair) in_pair=1; shift ;;
    *) usage ;;
    esac
done
[ -n "$mhubd" ] && [ -n "$mhubctl" ] && [ -n "$work" ] && [[ "$runs" =~ ^[0-9]+$ ]] &&
    [[ "$devices" =~ ^[0-9]+$ ]] && [ "$devices" -le 99 ] || usage
[ "$(id -u)" -eq 0 ] || { echo "commission-time: needs root (network and mount namespaces)" >&2; exit 1; }

if [ -z "${in_pair:-}" ]; then
    # The environments first (outside the lock), then everything else with the pair up.
    for controller in $controllers; do
        case "$controller" in
        chip | chip-devices) "$here/scripts/peers-venv.sh" chip >/dev/null ;;
        ohf) "$here/scripts/ohf-server-venv.sh" >/dev/null ;;
        *) usage ;;
        esac
    done
    exec "$here/scripts/netns-pair.sh" session "$0" --in-pair --mhubd "$mhubd" --mhubctl "$mhubctl" --work "$work" \
        --runs "$runs" --devices "$devices" --controllers "$controllers"
fi

peers=$here/Tests/IntegrationTests/Peers
passcode=20202021
hub_pid=""
stop_hub() {
    if [ -n "$hub_pid" ]; then
        kill "$hub_pid" 2>/dev/null || true
        wait "$hub_pid" 2>/dev/null || true
        hub_pid=""
    fi
}
trap stop_hub EXIT

# A fresh mhubd in mh-hub with its window open; its PAA in $1/paa/mhub-paa.der.
start_hub() {
    local directory=$1
    mkdir -p "$directory/state" "$directory/paa"
    cat > "$directory/mhubd.json" <<EOF
{"log_level": "notice", "state_directory": "$directory/state",
 "control": {"unix_socket": "$directory/mhubd.sock", "tcp_port": 0}, "udc": {"port": 0},
 "dns_sd": {"enabled": true, "interfaces": ["mh0"]}, "matter": {"port": 5540},
 "hub": {"name": "Bench hub", "discriminator": 3079, "passcode": $passcode}}
EOF
    ip netns exec mh-hub "$mhubd" --config "$directory/mhubd.json" 2> "$directory/mhubd.log" &
    hub_pid=$!
    local i=0
    until [ -S "$directory/mhubd.sock" ] && "$mhubctl" --socket "$directory/mhubd.sock" hub window open --timeout 300 \
        >/dev/null 2>&1; do
        i=$((i + 1))
        [ $i -lt 300 ] || { echo "commission-time: mhubd did not start:" >&2; tail -5 "$directory/mhubd.log" >&2; return 1; }
        sleep 0.05
    done
    "$mhubctl" --socket "$directory/mhubd.sock" hub attestation --paa-der "$directory/paa/mhub-paa.der" >/dev/null
}

# The last line of a peer script's output as one run's JSON, with its duration at `path` (a Python expression on
# the report `r`).
report() { # controller run path
    "$python" -c '
import json, sys
controller, run, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = [line for line in sys.stdin.read().splitlines() if line.strip()]
try:
    r = json.loads(lines[-1])
    seconds = eval(path)
    print(json.dumps({"controller": controller, "run": run, "ok": seconds is not None, "seconds": seconds,
                      "error": None if seconds is not None else json.dumps(r)[-600:]}))
except Exception as error:
    print(json.dumps({"controller": controller, "run": run, "ok": False, "seconds": None,
                      "error": f"{error}: {lines[-3:] if lines else None}"}))' "$@"
}

# chip-devices: one fresh mhubd with $devices lights on the network, each commissioned in turn by the CHIP controller
# (its own process each, one fabric), one line per device.
commission_devices() {
    local directory="$work/chip-devices" device discriminator code added
    rm -rf "$directory"
    mkdir -p "$directory/devices-paa"
    echo "commission-time: chip-devices, $devices devices" >&2
    start_hub "$directory"
    python=$("$here/scripts/peers-venv.sh" chip)
    "$mhubctl" --socket "$directory/mhubd.sock" hub attestation \
        --device-paa-der "$directory/devices-paa/mhub-devices-paa.der" >/dev/null
    for device in $(seq 1 "$devices"); do
        discriminator=$((3100 + device)) code=$((34567800 + device))
        # `sim add --on-network` prints the device once its node listens with its window open (or after 3 s).
        added=$("$mhubctl" --socket "$directory/mhubd.sock" sim add on-off-light --on-network --network ethernet \
            --discriminator "$discriminator" --passcode "$code" --name "Bench light $device" --json)
        echo "$added" > "$directory/device-$device.json"
        "$python" -c 'import json, sys; node = json.load(sys.stdin)["matter_node"]
sys.exit(0 if node.get("port") and node.get("commissioning_window_open") else 1)' <<< "$added" ||
            { echo "commission-time: device $device's node does not listen: $added" >&2; return 1; }
    done
    # avahi-daemon probes and then announces each new service a few times, unasked. Without this pause, a first run's
    # controller, browsing for device 1's discriminator right after the last device was added, went to device 5's
    # port (device 5's records were still being announced) and PASE failed there on device 1's passcode: let the
    # announcements end before the first commissioning. mhubd's own view of its records: advertising.json.
    sleep 8
    "$mhubctl" --socket "$directory/mhubd.sock" hub advertising --json > "$directory/advertising.json" || true
    for device in $(seq 1 "$devices"); do
        discriminator=$((3100 + device)) code=$((34567800 + device))
        echo "commission-time: chip-devices, device $device (discriminator $discriminator)" >&2
        { ip netns exec mh-ctl timeout 200 sh "$peers/chip_sandbox.sh" "$directory/ctl" "$python" \
            "$peers/chip_commission.py" --paa-trust-store "$directory/devices-paa" --discriminator "$discriminator" \
            --timeout 150 commission-on-network $((100 + device)) "$code" 2>&1 || true; } |
            tee "$directory/controller-$device.log" |
            report chip-devices "$device" '(r.get("result") or {}).get("commission_seconds") if r.get("ok") else None'
    done
    stop_hub
}

for controller in $controllers; do
    if [ "$controller" = chip-devices ]; then
        commission_devices
        continue
    fi
    for run in $(seq 1 "$runs"); do
        directory="$work/$controller-$run"
        rm -rf "$directory"
        mkdir -p "$directory"
        echo "commission-time: $controller, run $run" >&2
        start_hub "$directory"
        case "$controller" in
        chip)
            python=$("$here/scripts/peers-venv.sh" chip)
            { ip netns exec mh-ctl timeout 200 sh "$peers/chip_sandbox.sh" "$directory/ctl" "$python" \
                "$peers/chip_commission.py" --paa-trust-store "$directory/paa" --discriminator 3079 --timeout 150 \
                commission-on-network 1 "$passcode" 2>&1 || true; } | tee "$directory/controller.log" |
                report chip "$run" '(r.get("result") or {}).get("commission_seconds") if r.get("ok") else None'
            ;;
        ohf)
            python=$("$here/scripts/ohf-server-venv.sh")
            MHUB_OHF_SERVER_PYTHON=$python ip netns exec mh-ctl "$here/scripts/ohf-server.sh" --port 5580 \
                --storage "$directory/server" --primary-interface mh1 --paa "$directory/paa/mhub-paa.der" \
                > "$directory/server.log" 2>&1 &
            server_pid=$!
            { ip netns exec mh-ctl timeout 300 "$python" "$peers/ohf_server_client.py" commission \
                ws://127.0.0.1:5580/ws "$passcode" 2>&1 || true; } | tee "$directory/client.log" |
                report ohf "$run" '(r.get("result") or {}).get("seconds") if r.get("ok") else None'
            kill "$server_pid" 2>/dev/null || true
            wait "$server_pid" 2>/dev/null || true
            ;;
        esac
        stop_hub
    done
done
