#!/bin/sh
# Runs PROGRAM with the CHIP SDK's hard-coded storage paths pointed into SCRATCH, in a private mount namespace.
#
# The CHIP Python controller (home-assistant-chip-core) writes /data/chip_*.ini and /tmp/chip_kvs, and
# replaces them by rename. Inside a new mount namespace (unshare -m, private propagation) this binds
# SCRATCH/data onto /data and SCRATCH/tmp onto /tmp, whole directories so the renames work, and nothing
# of one run is seen by the host or by another run. /data is created empty on the host if missing: a
# bind mount needs a mount point. Needs root (or CAP_SYS_ADMIN).
#
# The host's /tmp stays reachable inside at a path of its own, and every argument under /tmp (the
# program itself, a repository cloned under /tmp) is rewritten to that path, so a checkout in /tmp works.
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
host_tmp=/run/mhub-chip-sandbox-$$
mkdir -p "$host_tmp"
status=0
unshare --mount --propagation private sh -c '
    host_tmp=$1
    scratch=$2
    shift 2
    mount --bind /tmp "$host_tmp"
    mount --bind "$scratch/data" /data
    mount --bind "$scratch/tmp" /tmp
    for argument in "$@"; do
        case "$argument" in
            /tmp/*) argument="$host_tmp/${argument#/tmp/}" ;;
        esac
        set -- "$@" "$argument"
        shift
    done
    exec "$@"' chip_sandbox "$host_tmp" "$scratch" "$@" || status=$?
rmdir "$host_tmp" 2>/dev/null || true
exit $status
