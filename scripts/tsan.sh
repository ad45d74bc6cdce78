#!/usr/bin/env bash
# The test suite under the thread sanitizer: bash scripts/tsan.sh [swift test options]
# Builds into .build/tsan and runs every test there, except the host programs (C and Python
# processes that load libStrataC.so; a TSan build of it would need the TSan runtime in each host),
# which the plain build runs. Any race report fails the run (TSan exits 66).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --sanitize=thread --build-path .build/tsan
STRATA_TSAN=1 TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1" \
    swift test --disable-xctest --skip-build --sanitize=thread --build-path .build/tsan "$@"
echo "tsan: the suite ran under the thread sanitizer with no report"
