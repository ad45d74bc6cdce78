#!/usr/bin/env bash
# Checks the install route as a user takes it: `scripts/setup.sh install` into a fresh prefix,
# then, from a new shell with nothing of the build on its paths, `strata --version`; the C
# library's SONAME and exports (strata_* only); the README's C example built exactly as the
# README says, through pkg-config, and run; and the Python package installed with pip into a
# fresh environment, finding the installed library, its tests passing.
#   bash scripts/check-install.sh [--release]   (debug by default: quicker, the same steps)
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=(--debug)
[ "${1:-}" = --release ] && configuration=()
prefix="$PWD/.build/install-check"
rm -rf "$prefix"
bash scripts/setup.sh install "${configuration[@]}" --prefix "$prefix"

fail() { echo "check-install: $*" >&2; exit 1; }
# A new shell: only the prefix's bin and the system's on PATH.
clean=(env -i HOME="$HOME" PATH="$prefix/bin:/usr/bin:/bin" PKG_CONFIG_PATH="$prefix/lib/pkgconfig")
version="$("${clean[@]}" bash -c 'strata --version')"
[ "$version" = "$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/StrataCore/Version.swift)" ] || fail "strata --version printed '$version'"
"${clean[@]}" bash -c 'strata info' >/dev/null || fail "strata info failed from a new shell"

library="$prefix/lib/libstrata.so.$version"
soname="$(readelf -d "$library" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')"
[ "$soname" = "libstrata.so.${version%%.*}" ] || fail "$library has SONAME '$soname'"
exported="$(nm -D --defined-only "$library" | awk '$2 ~ /[A-Z]/ && $3 != "STRATA_0" {print $3}')"
others="$(grep -v '^strata_' <<<"$exported" || true)"
[ -z "$others" ] || fail "$library exports symbols other than strata_*: $(head -5 <<<"$others")"
readelf -d "$library" | grep -q 'NEEDED.*libswiftCore' && fail "$library needs the Swift runtime's shared libraries"
[ "$("${clean[@]}" pkg-config --modversion strata)" = "$version" ] || fail "pkg-config --modversion strata is not $version"

# The README's C example, built with the README's command (a line starting `cc example.c`).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
awk '/<!-- embed-c-example -->/ {on = 1; next} on && /^```c$/ {inside = 1; next} inside && /^```$/ {exit} inside {print}' README.md > "$work/example.c"
[ -s "$work/example.c" ] || fail "README.md has no C example after <!-- embed-c-example -->"
command="$(grep -m1 '^    cc example.c' README.md | sed 's/^    //')"
[ -n "$command" ] || fail "README.md has no indented 'cc example.c …' build line"
(cd "$work" && "${clean[@]}" bash -c "$command") || fail "the README's C build line failed: $command"
(cd "$work" && "${clean[@]}" ./example) || fail "the README's C example, built through pkg-config, failed"

# The Python package, from the checkout, into a fresh environment; it finds the installed library
# through pkg-config.
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check --retries 5 --timeout 60 ./python
(cd "$work" && env -i HOME="$HOME" PATH="/usr/bin:/bin" PKG_CONFIG_PATH="$prefix/lib/pkgconfig" \
    "$work/venv/bin/python" -m unittest discover -s "$OLDPWD/python/tests" -t "$OLDPWD/python/tests") \
    || fail "the Python package's tests failed against the installed library"
echo "install check passed: strata $version in $prefix (command, libstrata.so.$version with ${soname}, $(wc -l <<<"$exported") exported strata_* functions, strata.pc, the README's C example, the Python package)"
