#!/usr/bin/env bash
# Installs what mhub needs on a Debian 12 machine, idempotently: apt-get runs only when a package
# is missing. Used by run-mhubd.sh, (with --test-tools) test.sh and (with --packaging) install.sh and
# package-deb.sh; safe to run by hand.
# Usage: setup.sh [--test-tools] [--packaging]
set -euo pipefail

packages=(
    pkg-config        # SwiftPM finds the C libraries through it
    libqrencode-dev   # QR codes in the terminal (mhubctl)
    dbus              # the system bus avahi-daemon talks over
    avahi-daemon      # DNS-SD: mhubd advertises through it
    avahi-utils       # avahi-browse, to see what mhubd advertises
    libavahi-client-dev
    libsqlite3-dev    # durable state
    libssl-dev        # libcrypto: SPAKE2+, AES-CCM and HKDF for Matter PASE and secure sessions
)
for option in "$@"; do
    case "$option" in
        --test-tools)
            packages+=(
                zbar-tools    # zbarimg: tests scan the QR codes mhubctl draws with a real decoder
                systemd       # systemd-analyze (verify, security) and systemd-socket-activate
                strace        # the hardening test traces mhubd's system calls
                sqlite3       # a second opinion on the database after kill -9 (PRAGMA integrity_check)
                libnl-route-3-200   # the CHIP Python controller's native library links it (Matter port peer tests)
                iproute2      # ip netns: the peer tests' two-namespace network (scripts/netns-pair.sh)
                util-linux    # unshare (the CHIP controller's sandbox) and flock (netns-pair.sh session)
                chromium      # the dashboard's browser tests run the page in headless Chromium ...
                chromium-driver   # ... driven through chromedriver by Selenium (peers-venv.sh)
                nodejs        # the dashboard's model reads the protocol's golden messages in Node
            )
            ;;
        --packaging)
            packages+=(
                dpkg-dev      # dpkg-shlibdeps: the .deb's Depends
            )
            ;;
        *) echo "usage: $0 [--test-tools] [--packaging]" >&2; exit 64 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && { echo "setup: add $candidate to PATH" >&2; break; }
    done
    echo "setup: the Swift 6 toolchain is not on PATH; install it from swift.org (Debian 12 build)" >&2
    exit 1
fi
