#!/bin/sh
# Runs PROGRAM with the CHIP SDK's hard-coded storage paths pointed into SCRATCH, in a private mount namespace.
#
# The CHIP Python controller (home-assistant-chip-core) writes /data/chip_*.ini and /tmp/chip_kvs, and
# replaces them by rename. Inside a new mount namespace (unshare -m, private propagation) this binds
# SCRATCH/data onto /data and SCRATCH/tmp onto /tmp, whole directories so the renames work, and nothing
# of one run is seen by the host or by another run. /data is created empty on the host if missing: a
# bind mount needs a mount point. Needs root (or CAP_SYS_ADMIN). Paths in PROGRAM's arguments must not
# point into the host's /tmp, which the namespace hides.
#
# Usage: chip_sandbox.sh SCRATCH PROGRAM [ARGUMENT...]
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 SCRATCH PROGRAM [ARGUMENT...]" >&2
    exit 64
fi
scratch=$1
shift
mkdir -p "$scratch/data" "$scratch/tmp"
chmod 1777 "$scratch/tmp"
[ -d /data ] || mkdir -p /data
exec unshare --mount --propagation private sh -c '
    mount --bind "$1/data" /data
    mount --bind "$1/tmp" /tmp
    shift
    exec "$@"' chip_sandbox "$scratch" "$@"
