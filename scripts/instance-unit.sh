#!/usr/bin/env bash
# Prints systemd/mhubd@.service, the template for several named hubs on one host, made from
# systemd/mhubd.service so that the two never drift apart: the same hardening, watchdog and user, with
# per-instance configuration, state and runtime directories and no socket units (each instance's
# /etc/mhubd/NAME.json chooses its own ports). SystemdUnitTests checks the checked-in file is this output.
# Usage: scripts/instance-unit.sh > systemd/mhubd@.service
set -euo pipefail
cd "$(dirname "$0")/.."
awk '
    NR == 1 {
        print "# mhubd@NAME, one of several mhub hubs on one host (see systemd/README.md, \"Several hubs\")."
        print "# Made by scripts/instance-unit.sh from mhubd.service: edit that, then run the script."
        print "# Each instance reads /etc/mhubd/NAME.json (its ports, name, devices), keeps its state in"
        print "# /var/lib/mhubd/NAME and its socket and ready file in /run/mhubd/NAME. No socket units."
        next
    }
    /^# Its control sockets come from/ || /^# the ones its configuration names/ { next }
    /^# The control socket lives in/ { next }
    /^RuntimeDirectoryPreserve=/ || /^Also=/ { next }
    /^Description=/ { print "Description=mhub mock Matter hub %i"; next }
    /^Wants=/ { print "Wants=avahi-daemon.service"; next }
    /^After=/ { print "After=network.target avahi-daemon.service"; next }
    /^ExecStart=/ {
        print "ExecStart=/usr/bin/mhubd --config /etc/mhubd/%i.json --ready-file /run/mhubd/%i/ready.json"
        next
    }
    /^RuntimeDirectory=/ { print "RuntimeDirectory=mhubd/%i"; next }
    /^StateDirectory=/ { print "StateDirectory=mhubd/%i"; next }
    { print }
' systemd/mhubd.service
