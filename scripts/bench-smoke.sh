#!/usr/bin/env bash
# The Benchmarks package's smoke run: every suite once, tiny (STRATA_BENCHMARK_SMOKE=1: one
# iteration, no warm-up, small sizes), run as the suites' own executables, to show each
# benchmark still runs and does the work it measures (a benchmark whose check fails exits 1,
# and so does this); no time is ever judged. Built in debug into the install's scratch folder
# with its options (scripts/install-build-options.sh), after install_build: Strata's modules are
# found compiled, and only package-benchmark and the suites compile. kiwi's C++ core, the
# solver suite's reference, is built by Benchmarks/kiwi/build.sh.
#   bash scripts/bench-smoke.sh [--build-only | --run-only]
# (--run-only: the suites are built already, as the test job builds them beside its tests.)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install-build-options.sh
[ "${1:-}" = --run-only ] || swift build --package-path Benchmarks "${install_build_options[@]}"
kiwi="$(bash Benchmarks/kiwi/build.sh)"
[ "${1:-}" = --build-only ] && exit 0
products=.build/install/debug
for suite in Model Animation List Text Image Solver Scene Embed; do
    start=$SECONDS
    log=".build/bench-smoke-$suite.log"
    if ! STRATA_BENCHMARK_SMOKE=1 STRATA_KIWI_BENCH="$kiwi" "$products/${suite}Benchmarks" >"$log" 2>&1; then
        tail -20 "$log" >&2
        echo "bench-smoke: ${suite}Benchmarks failed; its output is in $log" >&2
        exit 1
    fi
    ran=$(grep -c '^Debug results for ' "$log" || true)
    [ "$ran" -gt 0 ] || { echo "bench-smoke: ${suite}Benchmarks ran no benchmark; see $log" >&2; exit 1; }
    echo "bench-smoke: ${suite}Benchmarks, $ran benchmarks ran once, $((SECONDS - start)) s"
    grep '^smoke: ' "$log" | sed "s/^smoke: /bench-smoke: ${suite}Benchmarks: /" || true
done
