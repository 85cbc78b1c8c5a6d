#!/usr/bin/env bash
# Checks the .deb on this machine, as root: builds it, installs it with dpkg -i, runs the installed
# mhubd and mhubctl, checks that they need only libraries Debian packages provide and that systemd
# accepts the installed units, then removes (dpkg -r: configuration and state stay) and purges it
# (dpkg -P: nothing stays). It changes the machine while it runs, so it is not part of test.sh.
# Usage: check-deb.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root"
if dpkg-query -W -f='${Status}' mhub 2>/dev/null | grep -q installed; then
    fail "the mhub package is already installed here"
fi

deb=$(scripts/package-deb.sh "$@")
echo "check-deb: $deb" >&2
dpkg -i "$deb" >&2

[ "$(mhubd --version)" = "mhubd $(dpkg-query -W -f='${Version}' mhub)" ] || fail "mhubd --version"
mhubctl --version | grep -q '^mhubctl ' || fail "mhubctl --version"
for program in /usr/bin/mhubd /usr/bin/mhubctl; do
    for library in $(ldd "$program" | awk '$2 == "=>" { print $3 }'); do
        # With the merged /usr, dpkg knows a library by its /lib or its /usr/lib path.
        resolved=$(readlink -f "$library")
        dpkg -S "$library" >/dev/null 2>&1 || dpkg -S "$resolved" >/dev/null 2>&1 \
            || dpkg -S "${resolved#/usr}" >/dev/null 2>&1 || fail "$program needs $library, which no package provides"
    done
done
systemd-analyze verify /lib/systemd/system/mhubd.service /lib/systemd/system/mhubd.socket \
    /lib/systemd/system/mhubd-websocket.socket "/lib/systemd/system/mhubd@.service" || fail "systemd-analyze verify"
getent passwd mhub >/dev/null || fail "no mhub user"
[ "$(stat -c '%U:%G %a' /etc/mhubd/mhubd.json)" = "root:mhub 640" ] || fail "/etc/mhubd/mhubd.json permissions"
mhubd --check-config --config /etc/mhubd/mhubd.json >/dev/null || fail "the installed configuration"

dpkg -r mhub >&2
[ ! -e /usr/bin/mhubd ] || fail "dpkg -r left /usr/bin/mhubd"
[ -e /etc/mhubd/mhubd.json ] || fail "dpkg -r removed the configuration"
[ -d /var/lib/mhubd ] || fail "dpkg -r removed the state"

dpkg -P mhub >&2
for path in /etc/mhubd /var/lib/mhubd /lib/systemd/system/mhubd.service; do
    [ ! -e "$path" ] || fail "dpkg -P left $path"
done
! getent passwd mhub >/dev/null || fail "dpkg -P left the mhub user"
echo "check-deb: ok" >&2
