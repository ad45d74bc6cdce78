#!/usr/bin/env bash
# `strata port` checked as a user runs it: strata-port (Tools/Port) built as the test job's
# install builds it, and its tests run; then the UIKit files in its fixtures ported through the `strata` command
# into a fresh folder, and every file it ports whole type-checked against Strata's modules, so a
# rewrite that Strata's API no longer accepts fails here.
#   bash scripts/check-port.sh [PRODUCTS folder, default .build/install/debug]
set -euo pipefail
cd "$(dirname "$0")/.."
products="${1:-.build/install/debug}"
source scripts/setup-port.sh
port_build debug --build-tests
swift test --package-path Tools/Port --skip-build --disable-xctest > /tmp/strata-port-tests.log 2>&1 || { cat /tmp/strata-port-tests.log >&2; echo "check-port: strata-port's tests failed" >&2; exit 1; }
tail -1 /tmp/strata-port-tests.log
built="$port_products"
fixtures=Tools/Port/Tests/StrataPortTests/Fixtures/UIKit
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-port: $*" >&2; exit 1; }

# The folder at once through `strata port` (strata-port found on PATH): some fixtures leave
# things to port by hand, so it exits with 1 and says how many.
status=0
PATH="$built:$PATH" "$products/strata" port "$fixtures" --out "$work/all" > "$work/all.log" || status=$?
[ "$status" = 1 ] || { cat "$work/all.log" >&2; fail "strata port over $fixtures exited with $status, not 1"; }
grep -q '^strata port: 5 files, 4 changed, 3 things to port by hand$' "$work/all.log" || { cat "$work/all.log" >&2; fail "unexpected summary"; }

# Each file alone: one ported whole (exit 0) must type-check against Strata as it came out.
source scripts/module-paths.sh "$products/Modules"
checked=()
for file in "$fixtures"/*.swift; do
    name="$(basename "$file")"
    if "$built/strata-port" "$file" --out "$work/one" > /dev/null; then
        swiftc -typecheck -parse-as-library -swift-version 6 "${module_paths[@]}" "$work/one/$name" || fail "$name, ported, does not compile against Strata"
        checked+=("$name")
    fi
done
[ "${#checked[@]}" -ge 4 ] || fail "only ${#checked[@]} fixtures ported whole: ${checked[*]}"
echo "port check passed: strata port rewrote $fixtures; ${checked[*]} compile against Strata as ported"
