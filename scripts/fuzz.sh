#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (docs/fuzzing.md) and runs each for SECONDS, one after the other.
# Exits non-zero if any target crashed, broke a property, timed out on an input or ran out of memory.
#
# Usage: fuzz.sh [--update-corpus] [SECONDS_PER_TARGET] [TARGET...]
#   SECONDS_PER_TARGET  default 300; CI (scripts/test.sh) runs 20.
#   TARGET              default all: onboarding control-request websocket-frames http-head matter-message tlv
#                       pase-responder case-responder read-request write-request invoke-request
#                       subscribe-request udc-declaration line-splitter certificate hap-tlv8 hap-http
#   --update-corpus     afterwards, merge the inputs that add coverage into fuzz/corpus/TARGET (to commit).
# Environment: FUZZ_BUILD_JOBS (swift build -j), FUZZ_TIMEOUT (seconds per input, default 10),
# FUZZ_RSS_LIMIT_MB (default 2048).
#
# New corpus entries go to .build/fuzz/corpus/TARGET, crash inputs to .build/fuzz/artifacts/TARGET/, each run's
# output to .build/fuzz/logs/TARGET.log. Replay an input with .build/fuzz/release/fuzz-TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(onboarding control-request websocket-frames http-head matter-message tlv pase-responder case-responder
    read-request write-request invoke-request subscribe-request udc-declaration line-splitter certificate hap-tlv8
    hap-http)
update_corpus=no
seconds=300
targets=()
for argument in "$@"; do
    case "$argument" in
        --update-corpus) update_corpus=yes ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $argument" >&2; exit 64 ;;
        *[!0-9]*)
            [ -d "fuzz/Sources/fuzz-$argument" ] || { echo "fuzz.sh: no fuzz target $argument" >&2; exit 64; }
            targets+=("$argument")
            ;;
        *) seconds=$argument ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

scratch=.build/fuzz
jobs=()
[ -z "${FUZZ_BUILD_JOBS:-}" ] || jobs=(-j "$FUZZ_BUILD_JOBS")
echo "== fuzz: building the fuzz targets (release, -sanitize=fuzzer,address)" >&2
build_start=$SECONDS
# -parse-as-library: the targets have no entry point; libFuzzer's main calls LLVMFuzzerTestOneInput.
# The filter drops thousands of harmless gold warnings about ASan's local symbols.
swift build --package-path fuzz --scratch-path "$scratch" -c release "${jobs[@]}" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
    | { grep -v -e "Cannot export local symbol" -e "prohibited flag(s): -D_REENTRANT" || true; } >&2
echo "== fuzz: built in $((SECONDS - build_start)) s; ${seconds} s per target" >&2

# The Swift runtime's backtracer would add seconds to every crash; libFuzzer and ASan report it themselves.
export SWIFT_BACKTRACE=enable=no
failed=()
summary=()
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    artifacts="$scratch/artifacts/$target"
    log="$scratch/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    options=(
        "-max_total_time=$seconds" "-timeout=${FUZZ_TIMEOUT:-10}" "-rss_limit_mb=${FUZZ_RSS_LIMIT_MB:-2048}"
        "-artifact_prefix=$artifacts/" -print_final_stats=1
    )
    [ ! -f "fuzz/dictionaries/$target.dict" ] || options+=("-dict=fuzz/dictionaries/$target.dict")
    echo "== fuzz: $target" >&2
    status=0
    # New inputs go to the first directory; the committed seeds are only read.
    "$scratch/release/fuzz-$target" "${options[@]}" "$corpus" "fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
    if [ "$status" -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit $status)"
        failed+=("$target")
        echo "-- $log (end):" >&2
        tail -40 "$log" >&2
        echo "-- inputs saved in $artifacts:" >&2
        ls -1 "$artifacts" >&2 || true
    fi
    summary+=("$(printf '%-17s %-18s runs %-9s %-22s exec/s %s' "$target" "$result" "${runs:-?}" \
        "${coverage:-cov: ?}" "${speed:-?}")")
    if [ "$update_corpus" = yes ] && [ "$status" -eq 0 ]; then
        "$scratch/release/fuzz-$target" -merge=1 "fuzz/corpus/$target" "$corpus" >>"$log" 2>&1
        echo "   merged into fuzz/corpus/$target: $(find "fuzz/corpus/$target" -type f | wc -l) inputs" >&2
    fi
done

echo "== fuzz: summary (${seconds} s per target)" >&2
printf '%s\n' "${summary[@]}" >&2
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: ${failed[*]} failed; see docs/fuzzing.md for turning the saved input into a regression test" >&2
    exit 1
fi
