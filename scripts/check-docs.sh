#!/usr/bin/env bash
# Builds the DocC documentation of the Strata module from an existing build's modules, with every
# warning counted as an error: bash scripts/check-docs.sh [MODULES folder, default .build/debug/Modules]
# It is what swift-docc-plugin's `swift package generate-documentation --target Strata` does
# (the symbol graph of Strata and of its extensions to other modules, then `docc convert` of
# Sources/Strata/Strata.docc), without the plugin's own build: the test job runs it over the
# products it has built. The archive is .build/docs/Strata.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
modules="${1:-.build/debug/Modules}"
graphs=.build/docs/symbol-graphs
archive=.build/docs/Strata.doccarchive
rm -rf "$graphs" "$archive" && mkdir -p "$graphs"
source scripts/module-paths.sh "$modules"
swift-symbolgraph-extract -module-name Strata -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    "${module_paths[@]}" -output-dir "$graphs"
log=.build/docs/docc.log
if ! docc convert Sources/Strata/Strata.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name Strata --fallback-bundle-identifier Strata \
    --output-path "$archive" --warnings-as-errors >"$log" 2>&1; then
    grep -E -A3 "warning|error" "$log" >&2 || cat "$log" >&2
    echo "check-docs: the documentation has warnings or errors (above; all of it in $log)" >&2
    exit 1
fi
echo "documentation built: $archive ($(find "$archive/data/documentation" -name '*.json' | wc -l) pages, no warnings)"
