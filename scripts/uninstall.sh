#!/usr/bin/env bash
# Removes what scripts/install.sh installed, as root. The configuration (/etc/mhubd) and the state
# (/var/lib/mhubd) stay, as a removed Debian package leaves them, unless --purge is given: then they,
# the runtime directory and the mhub user and group go too.
# Usage: uninstall.sh [--purge]
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
    echo "uninstall: run as root (e.g. sudo $0)" >&2
    exit 1
fi
purge=false
case "${1:-}" in
    "") ;;
    --purge) purge=true ;;
    *) echo "usage: $0 [--purge]" >&2; exit 64 ;;
esac

units="mhubd.service mhubd.socket mhubd-websocket.socket"
if [ -d /run/systemd/system ]; then
    # shellcheck disable=SC2086
    systemctl disable --now $units 2>/dev/null || true
    # Every running instance of the template (mhubd@NAME.service).
    systemctl stop 'mhubd@*.service' 2>/dev/null || true
fi
for unit in $units mhubd@.service; do
    rm -f "/lib/systemd/system/$unit"
done
rm -f /usr/bin/mhubd /usr/bin/mhubctl
rm -rf /usr/share/doc/mhub
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
fi

if $purge; then
    rm -rf /etc/mhubd /var/lib/mhubd /run/mhubd
    if getent passwd mhub >/dev/null; then
        deluser --system --quiet mhub 2>/dev/null || userdel mhub
    fi
    if getent group mhub >/dev/null; then
        delgroup --system --quiet mhub 2>/dev/null || groupdel mhub
    fi
    echo "uninstall: removed mhub, its configuration, state and user" >&2
else
    echo "uninstall: removed mhub; kept /etc/mhubd and /var/lib/mhubd (--purge removes them)" >&2
fi
