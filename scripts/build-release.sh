#!/usr/bin/env bash
# Builds mhubd and mhubctl for installing or packaging: release mode, the Swift runtime linked in
# statically and no $ORIGIN run path, so the binaries need only Debian's own shared libraries
# (`ldd` lists libc, libstdc++, libgcc_s and the C libraries mhub uses). A scratch directory of its
# own keeps these flags from forcing rebuilds of `swift build -c release`.
# Prints the directory holding the two binaries.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/package
swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$scratch" >&2
echo "$PWD/$scratch/release"
