#!/usr/bin/env bash
# Strata's constraint solver against kiwi, the C++ solver behind kiwisolver, solver against
# solver: kiwi's C++ core is built (kiwi/build.sh), then the SolverBenchmarks suite runs in
# release, timing kiwi in the same iteration as Strata (its "% of reference" column is Strata's
# time over kiwi's; below 100, Strata is faster). Arguments go to `swift package benchmark`.
set -euo pipefail
cd "$(dirname "$0")"
bash kiwi/build.sh >/dev/null
swift package --disable-sandbox benchmark --target SolverBenchmarks "$@"
