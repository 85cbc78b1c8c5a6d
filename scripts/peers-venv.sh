#!/usr/bin/env bash
# Creates (once) a Python virtual environment of the peer tests: the real clients mhub is tested against,
# from PyPI. Idempotent; prints the environment's python.
# Usage: peers-venv.sh          .build/peers-venv: python-matter-server's client, zeroconf, selenium, pytest
#                               (MHUB_PEERS_PYTHON), and ./python, mhub_testing, reinstalled when its files
#                               change; test.sh runs python/tests with it
#        peers-venv.sh chip     .build/chip-venv: the CHIP Python controller (MHUB_CHIP_PYTHON)
#        peers-venv.sh ha       .build/ha-venv: Home Assistant 2025.4.4 with its `matter` integration's requirement
#                               (MHUB_HA_PYTHON), on a Python >= 3.13 (Debian 12's is 3.11: one from pyenv,
#                               ~/.pyenv/versions/3.13.*, or python3.13 on PATH); without one it says so on stderr
#                               and exits 69. MHUB_HA_BASE_PYTHON names the interpreter to build it from.
#        peers-venv.sh mpc      .build/mpc-venv: matter-python-client 1.6.1, the OHF client Home Assistant uses since
#                               2026-02 (MHUB_MPC_PYTHON)
#        peers-venv.sh pms8     .build/pms8-venv: python-matter-server 8.1.2's client (MHUB_PMS8_PYTHON)
#                               Both need Python >= 3.12 (the newest found, as for ha; MHUB_OHF_CLIENT_BASE_PYTHON
#                               names one); without one each says so on stderr and exits 69. Both install a
#                               `matter_server` package, hence one environment each.
#        peers-venv.sh hap      .build/hap-venv: aiohomekit 4.0.1, Home Assistant's HomeKit controller library, with
#                               its dependencies pinned (MHUB_HAP_PYTHON); Debian's Python 3.11
# Separate environments because python-matter-server 7.0.1 pins home-assistant-chip-clusters 2024.11.4, while the
# controller needs the clusters package of its own version, and Home Assistant needs a newer Python.
set -euo pipefail
cd "$(dirname "$0")/.."

base_python=python3
min_minor=13     # a venv made from base_python is made again when its Python is older than 3.<min_minor>
constrained=()   # requirements installed after the others, under the constraints file the first ones carry

# The Python Home Assistant's environment is made from: MHUB_HA_BASE_PYTHON if set, else a 3.13 (what 2025.4.4 is
# pinned for; the newest patch), else the newest Python >= 3.13, among python3.N on PATH and pyenv's versions. Each
# candidate is run, since pyenv's shims exist for versions that are not selected and then fail.
find_ha_python() {
    local candidate version candidates=()
    if [ -n "${MHUB_HA_BASE_PYTHON:-}" ]; then
        candidates=("$MHUB_HA_BASE_PYTHON")
    else
        for candidate in python3.13 python3.14 python3.15; do
            command -v "$candidate" >/dev/null 2>&1 && candidates+=("$(command -v "$candidate")")
        done
        for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3 /usr/local/bin/python3.1[3-9] \
            /usr/bin/python3.1[3-9]; do
            [ -x "$candidate" ] && candidates+=("$candidate")
        done
    fi
    for candidate in ${candidates[@]+"${candidates[@]}"}; do
        # "<1 if 3.13> <minor> <patch> <path>", so that `sort` puts the one to use first.
        version=$("$candidate" -c 'import sys; v = sys.version_info; print(int(v[:2] == (3, 13)), v[1], v[2]) if v >= (3, 13) else None' 2>/dev/null) || continue
        [ "$version" != None ] && echo "$version $candidate"
    done | sort -k1,1nr -k2,2nr -k3,3nr | head -n 1 | cut -d' ' -f4-
}

# The newest Python >= 3.$1 among python3.N on PATH and pyenv's versions, or MHUB_OHF_CLIENT_BASE_PYTHON if set
# (and new enough); empty when there is none. Each candidate is run, as in find_ha_python.
find_python_at_least() {
    local minimum=$1 candidate version candidates=()
    if [ -n "${MHUB_OHF_CLIENT_BASE_PYTHON:-}" ]; then
        candidates=("$MHUB_OHF_CLIENT_BASE_PYTHON")
    else
        for candidate in python3.12 python3.13 python3.14 python3.15; do
            command -v "$candidate" >/dev/null 2>&1 && candidates+=("$(command -v "$candidate")")
        done
        for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3 /usr/local/bin/python3.1[2-9] \
            /usr/bin/python3.1[2-9]; do
            [ -x "$candidate" ] && candidates+=("$candidate")
        done
    fi
    for candidate in ${candidates[@]+"${candidates[@]}"}; do
        version=$("$candidate" -c 'import sys; v = sys.version_info; print(v[1], v[2]) if v >= (3, int(sys.argv[1])) else None' "$minimum" 2>/dev/null) || continue
        [ "$version" != None ] && echo "$version $candidate"
    done | sort -k1,1nr -k2,2nr | head -n 1 | cut -d' ' -f3-
}

# For mpc and pms8: the base Python (>= 3.12), or a loud error and exit 69.
use_ohf_client_python() {
    min_minor=12
    base_python=$(find_python_at_least "$min_minor") || true
    if [ -z "$base_python" ]; then
        {
            if [ -n "${MHUB_OHF_CLIENT_BASE_PYTHON:-}" ]; then
                echo "peers-venv.sh $1: ERROR: MHUB_OHF_CLIENT_BASE_PYTHON=$MHUB_OHF_CLIENT_BASE_PYTHON is not a Python >= 3.12."
            else
                echo "peers-venv.sh $1: ERROR: no Python >= 3.12 on this machine (Debian 12's python3 is 3.11; looked"
                echo "peers-venv.sh $1: for python3.12+ on PATH and in ${PYENV_ROOT:-$HOME/.pyenv}/versions)."
            fi
            echo "peers-venv.sh $1: $2 needs 3.12: install one (pyenv install 3.12.1) or point"
            echo "peers-venv.sh $1: MHUB_OHF_CLIENT_BASE_PYTHON at one. Its peer test cannot run without it."
        } >&2
        exit 69
    fi
}

case "${1:-}" in
"")
    venv=.build/peers-venv
    requirements=(
        "python-matter-server==7.0.1"   # the OHF Matter Server's own client (7.0.1 is the newest for Python 3.11)
        "zeroconf"                      # python-zeroconf: the DNS-SD tests' second mDNS peer, beside avahi-browse
        "selenium==4.51.0"              # drives Debian's chromium (chromium-driver) in the dashboard's browser tests
        "pytest==9.2.0"                 # runs python/tests, the Python test helper's own tests
    )
    local_package=python                # mhub_testing, the Python test helper (pip install ./python)
    ;;
chip)
    venv=.build/chip-venv
    local_package=""
    requirements=(
        "home-assistant-chip-core==2025.7.0"       # connectedhomeip's Python controller (chip.ChipDeviceCtrl)
        "home-assistant-chip-clusters==2025.7.0"   # its cluster objects (chip.clusters)
    )
    ;;
ha)
    venv=.build/ha-venv
    local_package=""
    requirements=(
        "homeassistant==2025.4.4"   # the newest Home Assistant that installs on Python 3.13.0
    )
    # What the matter integration's manifest requires (python-matter-server==7.0.0 in 2025.4.4), installed as Home
    # Assistant installs an integration's requirements: under its own homeassistant/package_constraints.txt.
    constrained=(matter)
    base_python=$(find_ha_python) || true
    if [ -z "$base_python" ]; then
        {
            if [ -n "${MHUB_HA_BASE_PYTHON:-}" ]; then
                echo "peers-venv.sh ha: ERROR: MHUB_HA_BASE_PYTHON=$MHUB_HA_BASE_PYTHON is not a Python >= 3.13."
            else
                echo "peers-venv.sh ha: ERROR: no Python >= 3.13 on this machine (Debian 12's python3 is 3.11; looked"
                echo "peers-venv.sh ha: for python3.13+ on PATH and in ${PYENV_ROOT:-$HOME/.pyenv}/versions)."
            fi
            echo "peers-venv.sh ha: Home Assistant 2025.4.4 needs 3.13: install one (pyenv install 3.13.0) or point"
            echo "peers-venv.sh ha: MHUB_HA_BASE_PYTHON at one. The Home Assistant peer test cannot run without it."
        } >&2
        exit 69
    fi
    ;;
mpc)
    venv=.build/mpc-venv
    local_package=""
    requirements=(
        "matter-python-client==1.6.1"   # the OHF Matter Server's client from matterjs-server (python_client/)
    )
    use_ohf_client_python mpc "matter-python-client 1.6.1"
    ;;
pms8)
    venv=.build/pms8-venv
    local_package=""
    requirements=(
        "python-matter-server==8.1.2"   # python-matter-server's last client line (needs Python >= 3.12)
    )
    use_ohf_client_python pms8 "python-matter-server 8.1.2"
    ;;
hap)
    venv=.build/hap-venv
    local_package=""
    # aiohomekit's own requirements are lower bounds (zeroconf, cryptography, orjson, aiocoap, bleak, ...): each is
    # pinned here at what 4.0.1 resolved to on Python 3.11, so the environment installs the same way every time.
    requirements=(
        "aiohomekit==4.0.1"   # the HomeKit controller Home Assistant's homekit_controller uses (HAP over IP)
        "aiocoap==0.4.17"
        "aiohappyeyeballs==2.7.1"
        "aiooui==0.1.11"
        "async_interrupt==1.2.2"
        "bleak==3.1.0"
        "bleak-retry-connector==4.7.1"
        "bluetooth-adapters==2.4.0"
        "cffi==2.1.1"
        "chacha20poly1305==0.0.3"
        "chacha20poly1305-reuseable==0.13.2"
        "cryptography==51.0.1"
        "dbus-fast==5.2.0"
        "ifaddr==0.2.0"
        "orjson==3.13.0"
        "pycparser==3.12"
        "typing_extensions==4.16.0"
        "uart-devices==0.1.1"
        "usb-devices==0.5.1"
        "zeroconf==0.154.0"
    )
    ;;
*)
    echo "usage: $0 [chip|ha|mpc|pms8|hap]" >&2
    exit 64
    ;;
esac
stamp="$venv/.mhub-requirements"
wanted=$(printf '%s\n' "${requirements[@]}" ${constrained[@]+"${constrained[@]/#/integration:}"})

if [ -x "$venv/bin/python" ] && [ "$base_python" != python3 ] \
    && ! "$venv/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, int(sys.argv[1])))' "$min_minor" 2>/dev/null; then
    rm -rf "$venv"   # made from an interpreter that is gone or too old
fi
if [ ! -x "$venv/bin/python" ]; then
    mkdir -p .build
    if [ "$base_python" != python3 ]; then
        echo "peers: making $venv from $base_python ($("$base_python" --version 2>&1))" >&2
        "$base_python" -m venv "$venv" >&2
    elif ! python3 -m venv "$venv" 2>/dev/null; then
        # Debian's python3 needs python3-venv for this.
        if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq python3-venv >/dev/null; else sudo apt-get install -y -qq python3-venv >/dev/null; fi
        rm -rf "$venv"
        python3 -m venv "$venv"
    fi
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "peers: installing ${requirements[*]}" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input "${requirements[@]}" </dev/null >&2
    for integration in ${constrained[@]+"${constrained[@]}"}; do
        # The integration's requirements as its manifest lists them, under Home Assistant's constraints file.
        package_dir=$("$venv/bin/python" -c 'import homeassistant, os; print(os.path.dirname(homeassistant.__file__))')
        mapfile -t integration_requirements < <("$venv/bin/python" -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["requirements"]))' "$package_dir/components/$integration/manifest.json")
        echo "peers: installing $integration's ${integration_requirements[*]} (-c homeassistant/package_constraints.txt)" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -c "$package_dir/package_constraints.txt" \
            "${integration_requirements[@]}" </dev/null >&2
    done
    printf '%s' "$wanted" > "$stamp"
fi
if [ -n "$local_package" ]; then
    # Installed as a user installs it (not editable), so its tests see what `pip install ./python` gives.
    files=$(cd "$local_package" && find pyproject.toml README.md src -type f ! -path '*.egg-info/*' ! -path '*__pycache__*' | sort)
    digest=$(cd "$local_package" && sha256sum $files | sha256sum)
    if [ "$(cat "$venv/.mhub-$local_package" 2>/dev/null)" != "$digest" ]; then
        echo "peers: installing ./$local_package" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall "./$local_package"
        printf '%s' "$digest" > "$venv/.mhub-$local_package"
    fi
fi
echo "$PWD/$venv/bin/python"
