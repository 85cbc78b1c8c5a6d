#!/bin/sh
# Starts the system D-Bus and avahi-daemon when they are not already running, for machines without
# systemd as PID 1 (containers, CI). On a machine where systemd runs them it only checks they answer.
# Usage: start-avahi.sh [start|stop|restart|status|dbus]   (dbus: start only the system bus)
set -eu

# A process that exists and is not a zombie: `kill -0` succeeds on zombies, and where PID 1 reaps
# orphans lazily a killed daemon can linger in state Z.
alive() {
    [ -n "$1" ] && [ -r "/proc/$1/stat" ] || return 1
    state=$(sed 's/^.*) //' "/proc/$1/stat" | cut -c1)
    [ "$state" != "Z" ]
}

dbus_running() {
    [ -S /run/dbus/system_bus_socket ] && dbus-send --system --print-reply --dest=org.freedesktop.DBus / \
        org.freedesktop.DBus.GetId >/dev/null 2>&1
}

avahi_answers() {
    dbus-send --system --print-reply --dest=org.freedesktop.Avahi / \
        org.freedesktop.Avahi.Server.GetVersionString >/dev/null 2>&1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Runs a daemon with no descriptor but 0-2 of ours: it keeps what it inherits for as long as it runs, so a
# lock's descriptor (scripts/netns-pair.sh session holds one on fd 9), a caller's pipe, or the socket through which
# Foundation's Process learns that its child has exited would stay open for ever. dash cannot name a descriptor
# above 9, so bash (Essential on Debian) closes them.
daemon() {
    as_root bash -c 'for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@"' \
        daemon "$@"
}

wait_for() {
    i=0
    while [ $i -lt 50 ]; do
        if "$@"; then return 0; fi
        sleep 0.1; i=$((i + 1))
    done
    return 1
}

start_dbus() {
    dbus_running && return 0
    as_root mkdir -p /run/dbus
    if ! { [ -f /run/dbus/pid ] && alive "$(cat /run/dbus/pid)"; }; then
        as_root rm -f /run/dbus/pid /run/dbus/system_bus_socket   # leftovers of a dead bus
        daemon dbus-daemon --system --fork
    fi
    wait_for dbus_running || { echo "start-avahi: the system D-Bus did not come up" >&2; return 1; }
}

start_avahi() {
    avahi_answers && return 0
    if ! { [ -f /run/avahi-daemon/pid ] && alive "$(cat /run/avahi-daemon/pid)"; }; then
        as_root rm -f /run/avahi-daemon/pid
        daemon avahi-daemon -D   # drops to the avahi user by itself
    fi
    # Clients get AVAHI_ERR_NO_DAEMON until it answers on the bus.
    wait_for avahi_answers || { echo "start-avahi: avahi-daemon did not come up" >&2; return 1; }
}

# The PID of the process that owns avahi's bus name, for a daemon whose pid file is gone (a `stop` that
# overlapped a `start` can remove the new daemon's file).
avahi_bus_pid() {
    dbus-send --system --print-reply --dest=org.freedesktop.DBus / \
        org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.Avahi 2>/dev/null |
        sed -n 's/^ *uint32 //p'
}

stop_avahi() {
    pid=$(cat /run/avahi-daemon/pid 2>/dev/null || true)
    alive "$pid" || pid=$(avahi_bus_pid)
    [ -n "$pid" ] || return 0
    if alive "$pid"; then as_root kill "$pid" 2>/dev/null || true; fi
    i=0; while alive "$pid" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    as_root rm -f /run/avahi-daemon/pid
}

case "${1:-start}" in
    start) start_dbus; start_avahi; echo "avahi-daemon running" ;;
    dbus) start_dbus ;;
    stop) stop_avahi ;;
    restart) stop_avahi; start_dbus; start_avahi; echo "avahi-daemon running" ;;
    status)
        if dbus_running; then echo "dbus running"; else echo "dbus stopped"; fi
        if avahi_answers; then echo "avahi-daemon running"; else echo "avahi-daemon stopped"; fi ;;
    *) echo "usage: $0 [start|stop|restart|status|dbus]" >&2; exit 64 ;;
esac
