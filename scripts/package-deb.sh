#!/usr/bin/env bash
# Builds dist/mhub_VERSION_ARCH.deb with dpkg-deb: the release binaries (Swift runtime linked in, see
# build-release.sh), the systemd units, /etc/mhubd/mhubd.json as a conffile, the docs, and maintainer
# scripts that create the mhub system user and enable and start the units where systemd runs.
# Depends: is what dpkg-shlibdeps finds the binaries need, plus adduser for the maintainer scripts.
# Usage: package-deb.sh [--no-build]   Prints the path of the .deb.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--no-build" ]; then
    bin=$PWD/.build/package/release
else
    scripts/setup.sh --packaging
    bin=$(scripts/build-release.sh)
fi
for tool in dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "package-deb: $tool is missing (apt-get install dpkg-dev)" >&2; exit 1; }
done

version=$("$bin/mhubd" --version | cut -d' ' -f2)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/mhub_${version}_$arch

install -d "$root/usr/bin" "$root/lib/systemd/system" "$root/etc/mhubd" "$root/usr/share/doc/mhub" "$root/DEBIAN"
install -m 0755 --strip "$bin/mhubd" "$bin/mhubctl" "$root/usr/bin/"
install -m 0644 systemd/mhubd.service systemd/mhubd.socket systemd/mhubd-websocket.socket "systemd/mhubd@.service" \
    "$root/lib/systemd/system/"
install -m 0644 config/mhubd.json "$root/etc/mhubd/mhubd.json"
install -m 0644 README.md docs/configuration.md "$root/usr/share/doc/mhub/"
echo /etc/mhubd/mhubd.json >"$root/DEBIAN/conffiles"

# The shared libraries the binaries link, as Debian package names with minimum versions.
mkdir -p "$work/shlibs/debian"
printf 'Source: mhub\n\nPackage: mhub\nArchitecture: any\n' >"$work/shlibs/debian/control"
libraries=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/mhubd" "$root/usr/bin/mhubctl" 2>/dev/null \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "package-deb: dpkg-shlibdeps found no libraries" >&2; exit 1; }

cat >"$root/DEBIAN/control" <<CONTROL
Package: mhub
Version: $version
Architecture: $arch
Maintainer: mhub developers <mhub@invalid>
Section: net
Priority: optional
Depends: $libraries, adduser
Recommends: avahi-daemon
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Description: mock Matter hub for Linux
 mhubd stands in for a smart-home hub (a Google Nest hub, an Apple home hub, a
 Home Assistant Matter server) so that apps and CI pipelines can commission,
 control and break simulated Matter devices without hardware; mhubctl is its
 command-line client. Runs as the systemd service mhubd with socket activation.
CONTROL

units="mhubd.socket mhubd-websocket.socket mhubd.service"

cat >"$root/DEBIAN/postinst" <<POSTINST
#!/bin/sh
set -e
if [ "\$1" = configure ]; then
    if ! getent group mhub >/dev/null; then
        addgroup --system --quiet mhub
    fi
    if ! getent passwd mhub >/dev/null; then
        adduser --system --ingroup mhub --no-create-home --home /var/lib/mhubd --shell /usr/sbin/nologin \\
            --gecos "mhub mock Matter hub" --quiet mhub
    fi
    # The configuration may hold tokens: readable by root and the service's group only.
    chown root:mhub /etc/mhubd/mhubd.json
    chmod 0640 /etc/mhubd/mhubd.json
    install -d -m 0750 -o mhub -g mhub /var/lib/mhubd
fi
if [ "\$1" = configure ] || [ "\$1" = abort-upgrade ]; then
    for unit in $units; do
        deb-systemd-helper unmask "\$unit" >/dev/null || true
        if deb-systemd-helper --quiet was-enabled "\$unit"; then
            deb-systemd-helper enable "\$unit" >/dev/null || true
        else
            deb-systemd-helper update-state "\$unit" >/dev/null || true
        fi
    done
    if [ -d /run/systemd/system ]; then
        systemctl --system daemon-reload >/dev/null || true
        if [ -n "\$2" ]; then
            deb-systemd-invoke restart $units >/dev/null || true
        else
            deb-systemd-invoke start $units >/dev/null || true
        fi
    fi
fi
exit 0
POSTINST

cat >"$root/DEBIAN/prerm" <<PRERM
#!/bin/sh
set -e
if [ -d /run/systemd/system ] && [ "\$1" = remove ]; then
    deb-systemd-invoke stop mhubd.service mhubd.socket mhubd-websocket.socket >/dev/null || true
fi
exit 0
PRERM

cat >"$root/DEBIAN/postrm" <<POSTRM
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
fi
if [ "\$1" = remove ]; then
    for unit in $units; do
        deb-systemd-helper mask "\$unit" >/dev/null || true
    done
fi
if [ "\$1" = purge ]; then
    for unit in $units; do
        deb-systemd-helper purge "\$unit" >/dev/null || true
        deb-systemd-helper unmask "\$unit" >/dev/null || true
    done
    # The state, and the user that owned it: nothing of mhub is left.
    rm -rf /var/lib/mhubd /run/mhubd /etc/mhubd
    if getent passwd mhub >/dev/null; then
        deluser --system --quiet mhub 2>/dev/null || true
    fi
    if getent group mhub >/dev/null; then
        delgroup --system --quiet mhub 2>/dev/null || true
    fi
fi
exit 0
POSTRM
chmod 0755 "$root/DEBIAN/postinst" "$root/DEBIAN/prerm" "$root/DEBIAN/postrm"

mkdir -p dist
deb=$PWD/dist/mhub_${version}_$arch.deb
dpkg-deb --build --root-owner-group "$root" "$deb" >&2
echo "$deb"
