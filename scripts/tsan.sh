#!/usr/bin/env bash
# The test suite under the thread sanitizer: bash scripts/tsan.sh [swift test options]
# This is the test job's one run of the suite (scripts/setup.sh test): the test executable is
# built once, with --sanitize=thread, into .build/tsan, and every test runs there. The
# process-level tests (StrataIntegrationTests: the example programs, the command line, and the C
# and Python hosts that load libStrataC.so) run products built without the sanitizer, from
# STRATA_PRODUCTS: the test job passes the ones it built as `install` builds them; run alone,
# this script brings the plain build's up to date (`swift build`) and uses those. A TSan build of
# libStrataC.so would need the TSan runtime in each host.
# Any race report, failed test or crash fails the run (a race report exits 66); the run's output
# is also kept in .build/tsan/last-run.log.
#
# This script used to run the suite a second time when TSan's runtime died with a SEGV of its own
# ("ThreadSanitizer:DEADLYSIGNAL … nested bug"). That crash was Strata's: the embedded
# compositor's frame handler grew a chain of reabstraction thunks at every host frame (see
# HostCompositor.presented), and after the embedding tests' thousands of frames calling it nested
# 65,536 calls deep, past TSan's shadow call stack. No crash is retried any more.
set -euo pipefail
cd "$(dirname "$0")/.."
# The products the process-level tests run.
products="${STRATA_PRODUCTS:-}"
if [ -z "$products" ]; then
    swift build
    products="$(swift build --show-bin-path)"
fi
# The test executable alone (the example programs and the command line are not built again
# under the sanitizer; the tests run STRATA_PRODUCTS'). (The index store stays: SwiftPM finds
# the tests through it.)
# (The toolchain's lld links the 96 MB test executable in half gold's time.)
swift build --product StrataPackageTests --sanitize=thread --build-path .build/tsan -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
# (`--build-only`: the build alone, so the test job can start other work beside the run.)
[ "${1:-}" = --build-only ] && exit 0
log=.build/tsan/last-run.log
status=0
STRATA_PRODUCTS="$products" TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1 fast_unwind_on_fatal=1" \
    swift test --disable-xctest --skip-build --sanitize=thread --build-path .build/tsan "$@" 2>&1 | tee "$log" ||
    status=${PIPESTATUS[0]}
if [[ $status == 0 ]]; then
    echo "tsan: the suite ran under the thread sanitizer with no report"
    exit 0
fi
echo "tsan: the run failed (exit $status); see the report above (and $log)" >&2
exit "$status"
