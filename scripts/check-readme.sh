#!/usr/bin/env bash
# Type-checks every Swift block of README.md exactly as written, against a build's modules:
#   bash scripts/check-readme.sh [MODULES folder, default .build/debug/Modules]
# A block that starts with `import` is a whole file; any other block is a fragment, checked inside
# a main-actor function that supplies the names README fragments use (card, window, screen, strata).
# Run after `swift build` (bash scripts/setup.sh test runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/module-paths.sh "${1:-.build/debug/Modules}"
out=.build/readme-check
rm -rf "$out" && mkdir -p "$out"
awk -v out="$out" '
    /^```swift$/ { n++; file = sprintf("%s/block%02d.swift", out, n); inside = 1; next }
    /^```$/ { inside = 0; next }
    inside { print > file }
' README.md
count=0
for block in "$out"/block*.swift; do
    count=$((count + 1))
    if head -1 "$block" | grep -q '^import '; then
        file="$block"
    else
        file="${block%.swift}-wrapped.swift"
        {
            echo "import Strata"
            echo "import StrataCompositor"
            echo "@MainActor func readmeFragment(card: UIView, window: UIWindow, screen: UIScreen, strata: HostRenderer) async throws {"
            cat "$block"
            echo "}"
        } > "$file"
    fi
    if ! swiftc -typecheck -swift-version 6 "${module_paths[@]}" "$file" > "$out/errors.log" 2>&1; then
        echo "README.md's Swift block $count does not compile as written ($block):" >&2
        cat "$out/errors.log" >&2
        exit 1
    fi
done
echo "README check passed: $count Swift blocks compile as written"
