#!/usr/bin/env bash
# Records the gallery's pictures again, from the programs themselves: the examples' and the
# demo's references (Tests/StrataIntegrationTests/__Snapshots__), then the DocC gallery's copies
# of those the README shows. Run after a change that alters what a program draws, look at the
# pictures git shows changed, and commit them with the change.
#   bash scripts/refresh-pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
# The references that no longer match (and any missing) written anew; the others are left as they
# are. (The tests that record fail, as recording does; their pixel checks still say what they see.)
SNAPSHOT_TESTING_RECORD=failed swift test --skip-build --disable-xctest --filter "ExamplesTests|GalleryTests/theDemosFramesMatchTheirReferences|RenderCommandTests/aRangeIsByteIdentical" >/dev/null 2>&1 || true
# The DocC catalog's copies of the pictures the README shows (GalleryTests checks they match).
grep -oE 'Tests/StrataIntegrationTests/__Snapshots__/[^)"]+\.png' README.md | sort -u | while read -r path; do
    name="gallery-$(basename "$path" .png | tr . -)"
    cp "$path" "Sources/Strata/Strata.docc/Resources/$name.png"
done
git status --short -- Tests/StrataIntegrationTests/__Snapshots__ Sources/Strata/Strata.docc/Resources
