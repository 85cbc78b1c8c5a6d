#!/usr/bin/env bash
# Installs mhub as a systemd service on this Debian 12 machine, as root:
#   /usr/bin/mhubd, /usr/bin/mhubctl            release binaries (scripts/build-release.sh)
#   /lib/systemd/system/mhubd{.service,.socket,-websocket.socket}
#   /etc/mhubd/mhubd.json                       the repository's configuration, only if absent (root:mhub 0640)
#   /usr/share/doc/mhub/                        README.md and configuration.md
#   the system user and group mhub              what the service runs as; its members may use the socket
# It enables and starts nothing: see README.md, "Install as a service". scripts/uninstall.sh undoes it.
# Usage: install.sh [--no-build]   (--no-build: use the binaries a previous build left)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -ne 0 ]; then
    echo "install: run as root (e.g. sudo $0)" >&2
    exit 1
fi

if [ "${1:-}" = "--no-build" ]; then
    bin=$PWD/.build/package/release
else
    scripts/setup.sh
    bin=$(scripts/build-release.sh)
fi
for program in mhubd mhubctl; do
    [ -x "$bin/$program" ] || { echo "install: $bin/$program is missing; build first" >&2; exit 1; }
done

# The user the service runs as: a system account without a login or a home of its own.
if ! getent group mhub >/dev/null; then
    addgroup --system --quiet mhub 2>/dev/null || groupadd --system mhub
fi
if ! getent passwd mhub >/dev/null; then
    adduser --system --ingroup mhub --no-create-home --home /var/lib/mhubd --shell /usr/sbin/nologin \
        --gecos "mhub mock Matter hub" --quiet mhub 2>/dev/null \
        || useradd --system --gid mhub --no-create-home --home-dir /var/lib/mhubd --shell /usr/sbin/nologin \
            --comment "mhub mock Matter hub" mhub
fi

install -m 0755 --strip "$bin/mhubd" "$bin/mhubctl" /usr/bin/
install -m 0644 systemd/mhubd.service systemd/mhubd.socket systemd/mhubd-websocket.socket "systemd/mhubd@.service" \
    /lib/systemd/system/
install -d -m 0755 /usr/share/doc/mhub
install -m 0644 README.md docs/configuration.md /usr/share/doc/mhub/
install -d -m 0755 /etc/mhubd
if [ -e /etc/mhubd/mhubd.json ]; then
    echo "install: keeping the existing /etc/mhubd/mhubd.json" >&2
else
    # Tokens are secrets: readable by root and the service's group only.
    install -m 0640 -o root -g mhub config/mhubd.json /etc/mhubd/mhubd.json
fi
install -d -m 0750 -o mhub -g mhub /var/lib/mhubd

if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
fi
echo "install: installed mhubd $(/usr/bin/mhubd --version | cut -d' ' -f2); start it with:" >&2
echo "    systemctl enable --now mhubd.socket mhubd.service" >&2
