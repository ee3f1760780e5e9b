#!/usr/bin/env bash
# Builds and runs Reel's fuzzers (Fuzz/README.md).
#
#   Fuzz/run.sh build                   the six libFuzzer targets (instrumented, with AddressSanitizer) and
#                                       reel-mutate (release, no sanitizers)
#   Fuzz/run.sh seeds                   the seed corpora from Traces/, Reports/baselines/ and the tests' fixtures
#                                       and golden files, in .build-fuzz/seeds and .build-fuzz/json-seeds
#   Fuzz/run.sh fuzz TARGET [SECONDS] [LIBFUZZER FLAGS…]
#                                       runs TARGET (default 60 s) on its corpus; exit status non-zero on a
#                                       crash, a timeout (20 s per input) or 2 GB of memory
#   Fuzz/run.sh ci [SECONDS]            build, seeds, then every target for SECONDS (default 60) each;
#                                       fails if any target fails — what .ci/run runs
set -euo pipefail
fuzz="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$fuzz")"
scratch="$fuzz/.build-fuzz"
targets=(fuzz-trace-reader fuzz-batch fuzz-replay fuzz-output-paths fuzz-record fuzz-json-readers)
# Coverage for every module of the main package, not only for the targets; DEBUG and assert-config Debug
# keep the engine's invariant checks (UpdatePlan's, the collection view's after every layout pass) on in an
# optimised build.
fuzz_flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -DDEBUG -Xswiftc -assert-config -Xswiftc Debug)

build() {
    for target in "${targets[@]}"; do
        echo "fuzz: building $target" >&2
        # ld.gold warns about ASan's local symbols on every link; nothing to act on.
        swift build --package-path "$fuzz" -c release --scratch-path "$scratch" --product "$target" "${fuzz_flags[@]}" \
            2>&1 | { grep -v "ld.gold: warning: Cannot export local symbol" || true; }
        [ -x "$scratch/release/$target" ] || { echo "fuzz: $target did not build" >&2; return 1; }
    done
    echo "fuzz: building reel-mutate" >&2
    swift build --package-path "$fuzz" -c release --product reel-mutate
}

# The header and the first 40 events of every shipped trace (a few KB each: libFuzzer mutates small inputs
# faster), and every fixture trace whole.
seeds() {
    rm -rf "$scratch/seeds"
    mkdir -p "$scratch/seeds"
    for trace in "$repo"/Traces/*.xml; do
        awk -v limit=40 '
            !events { print; if ($0 ~ /<events>/) events = 1; next }
            /^[[:space:]]*<\/events>/ { exit }
            {
                print
                if ($0 ~ /^[[:space:]]*<\/[a-z-]+>/) depth--
                else if ($0 ~ /\/>[[:space:]]*$/) { }
                else if ($0 ~ /^[[:space:]]*<[a-z]/) depth++
                if (depth == 0 && ++count >= limit) exit
            }
            END { print "  </events>"; print "</trace>" }
        ' "$trace" > "$scratch/seeds/$(basename "$trace")"
    done
    find "$repo/Tests" -path '*/Fixtures/*' -name '*.xml' -size -32k | while read -r fixture; do
        cp "$fixture" "$scratch/seeds/fixture-$(basename "$(dirname "$fixture")")-$(basename "$fixture")"
    done
    echo "fuzz: $(ls "$scratch/seeds" | wc -l) seeds in $scratch/seeds" >&2
    # The JSON readers' seeds: every baseline, and the JSON golden files and fixtures of the tests (reports,
    # comparisons, judgements, shards).
    rm -rf "$scratch/json-seeds"
    mkdir -p "$scratch/json-seeds"
    cp "$repo"/Reports/baselines/*.json "$scratch/json-seeds/"
    find "$repo/Tests" \( -path '*/Golden/*' -o -path '*/Fixtures/*' \) -name '*.json' -size -64k | while read -r file; do
        cp "$file" "$scratch/json-seeds/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    echo "fuzz: $(ls "$scratch/json-seeds" | wc -l) seeds in $scratch/json-seeds" >&2
}

# Runs one target. The corpus it grows is .build-fuzz/corpus/TARGET (kept between runs); the committed seeds
# of Corpus/TARGET and, for the trace targets, .build-fuzz/seeds are read too. A crashing input is written to
# .build-fuzz/artifacts/TARGET/.
fuzz_target() {
    local target="$1" seconds="${2:-60}"
    shift 2 || shift $#
    local binary="$scratch/release/$target"
    [ -x "$binary" ] || { echo "fuzz: $binary is not built; run $0 build" >&2; return 1; }
    local corpus=("$scratch/corpus/$target" "$fuzz/Corpus/$target")
    local flags=(-max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1)
    case "$target" in
        fuzz-trace-reader|fuzz-replay)
            [ -d "$scratch/seeds" ] || seeds
            corpus+=("$scratch/seeds")
            flags+=(-dict="$fuzz/trace.dict" -max_len=32768) ;;
        # A command line is a scenario, a layout and at most 12 options of two bytes (RecordArguments).
        fuzz-record) flags+=(-max_len=64) ;;
        fuzz-json-readers)
            [ -d "$scratch/json-seeds" ] || seeds
            corpus+=("$scratch/json-seeds")
            flags+=(-dict="$fuzz/json.dict" -max_len=65536 -malloc_limit_mb=1024) ;;
    esac
    mkdir -p "${corpus[@]}" "$scratch/artifacts/$target"
    echo "fuzz: $target for $seconds s" >&2
    # Swift's own crash backtracer would race libFuzzer's handler for the same signal, and can outlive the
    # run; AddressSanitizer's report carries the stack. Leak checking is off: the Swift runtime's caches and
    # libxml2's global state look like leaks at exit, and a leak is not what these targets look for.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
        "$binary" "${flags[@]}" -artifact_prefix="$scratch/artifacts/$target/" "$@" "${corpus[@]}"
}

ci() {
    local seconds="${1:-60}" failed=()
    build
    seeds
    for target in "${targets[@]}"; do
        local log="$scratch/$target.log"
        if fuzz_target "$target" "$seconds" > "$log" 2>&1; then
            echo "fuzz: $target: no crash; $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') executions" >&2
        else
            echo "fuzz: $target FAILED; the end of its log ($log):" >&2
            tail -n 60 "$log" >&2
            failed+=("$target")
        fi
    done
    if [ "${#failed[@]}" -ne 0 ]; then
        echo "fuzz: failed: ${failed[*]}; the inputs are in $scratch/artifacts (reproduce: Fuzz/README.md)" >&2
        return 1
    fi
}

case "${1:-}" in
    build) build ;;
    seeds) seeds ;;
    fuzz) shift; [ $# -ge 1 ] || { echo "usage: $0 fuzz TARGET [SECONDS] [FLAGS…]" >&2; exit 64; }; fuzz_target "$@" ;;
    ci) shift; ci "$@" ;;
    *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64 ;;
esac
