#!/usr/bin/env bash
# Runs fuzz targets one after the other: run.sh BUILD_DIR LIBFUZZER_OPTIONS... -- TARGET...
# Each target mutates its corpus (BUILD_DIR/corpus/TARGET, kept between runs) starting from
# its seeds; an input that crashes, hangs (10 s) or breaks an oracle is written to
# BUILD_DIR/crashes/ and makes the run fail. A line per target says what was run.
set -uo pipefail
build=$1; shift
options=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do options+=("$1"); shift; done
shift
root=$(cd "$(dirname "$0")/.." && pwd)
failed=0
passed=0
mkdir -p "$build/crashes"
for target in "$@"; do
    mkdir -p "$build/corpus/$target"
    case $target in FuzzCheck|FuzzParted|FuzzGzip) max_len=16384 ;; *) max_len=4096 ;; esac
    log="$build/$target.log"
    "$build/release/$target" -dict="$root/Fuzz/tracecheck.dict" -max_len=$max_len -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$build/crashes/$target-" "${options[@]}" \
        "$build/corpus/$target" "$build/seeds/$target" > "$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    seconds=$(sed -n 's/^stat::.*//; s/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
    corpus=$(ls "$build/corpus/$target" | wc -l)
    if [ $status -eq 0 ]; then
        echo "fuzz $target: ${runs:-?} executions in ${seconds:-?} s, corpus $corpus inputs, no crash"
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "fuzz $target: FAILED (exit $status) after ${runs:-?} executions; input in $build/crashes/, log in $log"
        grep -E "fuzz oracle|ERROR: |SUMMARY|Fatal error|panic" "$log" | head -n 12 | sed 's/^/    /'
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
