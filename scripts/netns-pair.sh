#!/bin/sh
# The peer tests' private network: two network namespaces joined by a veth pair, so that multicast DNS and
# Matter between a real controller and mhubd never touch the machine's own interfaces.
#
#   mh-hub  mh0  fe80::1/64  169.254.77.1/30   avahi-daemon and mhubd run here
#   mh-ctl  mh1  fe80::2/64  169.254.77.2/30   the controller runs here
#
# Fixed link-local addresses (no address generated from the MAC, no duplicate address detection, so they
# are usable at once) and a link-local IPv4 /30 for IPv4-only mDNS peers (python-zeroconf's default). Only
# the namespaces have these addresses; each namespace has only `lo` and its end of the pair.
#
# One avahi-daemon owns org.freedesktop.Avahi on the system bus, which is shared through its socket path:
# `up` stops the host's daemon and starts one inside mh-hub, `down` puts the host's daemon back if it ran
# before `up` (recorded in $state_dir, so a `down` after a crash still knows). Callers hold the machine-wide
# avahi-daemon lock for as long as the pair exists (Tests/DNSSDPeerSupport/AvahiDaemonLock.swift; the
# `session` command takes it).
#
# Usage: netns-pair.sh up          make the pair (a partial or stale pair is removed first); idempotent
#        netns-pair.sh down        stop what runs in the namespaces, remove them; idempotent, safe after a crash
#        netns-pair.sh status      one line per side; exit 0 when the whole pair is up, 1 otherwise
#        netns-pair.sh session COMMAND [ARGUMENT...]
#                                  with the avahi-daemon lock held: up, COMMAND, down (also when COMMAND
#                                  fails or is interrupted); exits with COMMAND's status
# Run programs in a side with `ip netns exec mh-hub …` / `ip netns exec mh-ctl …`. Needs root and iproute2.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
hub_ns=mh-hub hub_if=mh0 hub_ip6=fe80::1 hub_ip4=169.254.77.1
ctl_ns=mh-ctl ctl_if=mh1 ctl_ip6=fe80::2 ctl_ip4=169.254.77.2
state_dir=/run/mhub-netns-pair
# The same file AvahiDaemonLock (Tests/DNSSDPeerSupport/AvahiDaemonLock.swift) locks with flock.
lock_file=/tmp/mhub-avahi-peer-tests.lock

die() { echo "netns-pair: $*" >&2; exit 1; }

# A process that exists and is not a zombie (kill -0 succeeds on zombies; scripts/start-avahi.sh).
alive() {
    [ -n "$1" ] && [ -r "/proc/$1/stat" ] || return 1
    state=$(sed 's/^.*) //' "/proc/$1/stat" | cut -c1)
    [ "$state" != "Z" ]
}

has_ns() { ip netns list 2>/dev/null | cut -d' ' -f1 | grep -qx "$1"; }

# "dbus" or "avahi-daemon" answers on the system bus (scripts/start-avahi.sh status).
answers() { sh "$here/start-avahi.sh" status | grep -qx "$1 running"; }

# The address of one family on a side's interface, or nothing.
side_address() { # namespace interface -4|-6
    ip -n "$1" -o "$3" addr show dev "$2" 2>/dev/null | awk '{ split($4, a, "/"); print a[1]; exit }'
}

# Which namespace the process that owns org.freedesktop.Avahi is in: mh-hub, host or none.
avahi_place() {
    pid=$(dbus-send --system --print-reply --dest=org.freedesktop.DBus / \
        org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.Avahi 2>/dev/null |
        sed -n 's/^ *uint32 //p')
    if [ -z "$pid" ]; then
        echo none
    elif has_ns "$hub_ns" && ip netns pids "$hub_ns" 2>/dev/null | grep -qx "$pid"; then
        echo "$hub_ns $pid"
    else
        echo "host $pid"
    fi
}

pair_is_up() {
    has_ns "$hub_ns" && has_ns "$ctl_ns" &&
        [ "$(side_address "$hub_ns" "$hub_if" -6)" = "$hub_ip6" ] &&
        [ "$(side_address "$ctl_ns" "$ctl_if" -6)" = "$ctl_ip6" ] &&
        avahi_place | grep -q "^$hub_ns "
}

# Ends every process left in a namespace of ours (the namespace's avahi-daemon, an mhubd or controller of a
# run that crashed): SIGTERM, then SIGKILL after 3 s. Nothing outside these namespaces is signalled.
end_processes_in() {
    has_ns "$1" || return 0
    pids=$(ip netns pids "$1" 2>/dev/null || true)
    [ -n "$pids" ] || return 0
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    i=0
    while [ $i -lt 30 ]; do
        left=""
        for pid in $pids; do alive "$pid" && left="$left $pid"; done
        [ -n "$left" ] || return 0
        sleep 0.1; i=$((i + 1))
    done
    for pid in $left; do kill -9 "$pid" 2>/dev/null || true; done
}

make_side() { # namespace interface ipv6 ipv4
    ip -n "$1" link set lo up
    ip netns exec "$1" sysctl -q -w "net.ipv6.conf.$2.disable_ipv6=0" "net.ipv6.conf.$2.accept_dad=0"
    # No address derived from the MAC: the fixed one below is the only link-local address.
    ip -n "$1" link set "$2" addrgenmode none
    ip -n "$1" addr add "$3/64" dev "$2" nodad
    ip -n "$1" addr add "$4/30" dev "$2"
    ip -n "$1" link set "$2" multicast on up
}

up() {
    [ "$(id -u)" -eq 0 ] || die "needs root"
    command -v ip >/dev/null 2>&1 || die "no ip (Debian package iproute2)"
    if pair_is_up; then
        status
        return 0
    fi
    # Whatever a crashed run left (namespaces, the daemon inside) goes first; the host daemon's record stays.
    remove_pair
    mkdir -p "$state_dir"
    if [ ! -f "$state_dir/host-avahi" ]; then
        if answers avahi-daemon; then echo running; else echo stopped; fi > "$state_dir/host-avahi"
    fi
    sh "$here/start-avahi.sh" stop

    ip netns add "$hub_ns"
    ip netns add "$ctl_ns"
    # Created inside mh-hub with its peer moved straight into mh-ctl: no end of the pair is ever in the
    # host's namespace.
    ip -n "$hub_ns" link add "$hub_if" type veth peer name "$ctl_if" netns "$ctl_ns"
    make_side "$hub_ns" "$hub_if" "$hub_ip6" "$hub_ip4"
    make_side "$ctl_ns" "$ctl_if" "$ctl_ip6" "$ctl_ip4"

    # The system bus runs in the host's namespace (a bus started from inside mh-hub would be ended by
    # `down`); start-avahi.sh run inside mh-hub then starts only avahi-daemon, there.
    sh "$here/start-avahi.sh" dbus
    ip netns exec "$hub_ns" sh "$here/start-avahi.sh" start >/dev/null
    avahi_place | grep -q "^$hub_ns " || die "avahi-daemon did not start in $hub_ns ($(avahi_place))"
    status
}

remove_pair() {
    end_processes_in "$ctl_ns"
    end_processes_in "$hub_ns"
    pid=$(cat /run/avahi-daemon/pid 2>/dev/null || true)
    [ -z "$pid" ] || alive "$pid" || rm -f /run/avahi-daemon/pid
    # Deleting a namespace deletes its end of the pair, and with it the other end.
    if has_ns "$ctl_ns"; then ip netns del "$ctl_ns"; fi
    if has_ns "$hub_ns"; then ip netns del "$hub_ns"; fi
}

down() {
    [ "$(id -u)" -eq 0 ] || die "needs root"
    remove_pair
    if [ "$(cat "$state_dir/host-avahi" 2>/dev/null || true)" = running ]; then
        sh "$here/start-avahi.sh" start >/dev/null
    fi
    rm -rf "$state_dir"
}

status() {
    for side in "$hub_ns $hub_if" "$ctl_ns $ctl_if"; do
        set -- $side
        if has_ns "$1"; then
            echo "$1 $2 $(side_address "$1" "$2" -6 || true) $(side_address "$1" "$2" -4 || true)"
        else
            echo "$1 absent"
        fi
    done
    echo "avahi-daemon $(avahi_place)"
    if pair_is_up; then echo "pair up"; else echo "pair down"; return 1; fi
}

session() {
    [ $# -gt 0 ] || usage
    exec 9>>"$lock_file"
    flock 9
    trap 'down >/dev/null 2>&1 || true' EXIT
    trap 'exit 130' INT TERM
    up >/dev/null
    command_status=0
    "$@" || command_status=$?
    exit $command_status
}

usage() {
    echo "usage: $0 up | down | status | session COMMAND [ARGUMENT...]" >&2
    exit 64
}

case "${1:-}" in
up) up ;;
down) down ;;
status) status ;;
session) shift; session "$@" ;;
*) usage ;;
esac
