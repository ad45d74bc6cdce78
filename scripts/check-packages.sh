#!/usr/bin/env bash
# Checks setup.sh's Debian package list against what the programs actually load: every shared
# library that `strata`, libStrataC.so, the C hosts' libraries and the Python hosts (moderngl,
# glcontext, glfw, Pillow, and what they open with dlopen) resolve to must come from a package
# the test job installs, from one of their dependencies, or from the base system (Priority
# required). So the next library a host needs is caught here, not by a user on a bare machine.
# Run after `bash scripts/setup.sh test` has built everything (it runs this itself, on the
# products it built): bash scripts/check-packages.sh [PRODUCTS folder, default .build/debug]
set -euo pipefail
cd "$(dirname "$0")/.."
products="$(realpath "${1:-.build/debug}")"
fail() { echo "check-packages: $*" >&2; exit 1; }

read -r -a listed <<<"$(bash scripts/setup.sh packages test)"
# The closure of the list: each package and, recursively, what it depends on (as installed here).
declare -A closure=()
queue=("${listed[@]}")
while ((${#queue[@]})); do
    p="${queue[-1]}"; unset 'queue[-1]'
    p="${p%%:*}"
    [ -n "$p" ] && [ -z "${closure[$p]:-}" ] || continue
    closure[$p]=1
    deps="$(dpkg-query -W -f='${Depends}, ${Pre-Depends}' "$p" 2>/dev/null || true)"
    # Every alternative counts (a | b): whichever is installed came through this package.
    while IFS= read -r d; do
        [ -n "$d" ] && queue+=("$d")
    done < <(tr ',|' '\n\n' <<<"$deps" | sed 's/(.*)//; s/^ *//; s/ *$//' | sed 's/:any$//')
done
# The base system: what debootstrap puts on every Debian.
while IFS= read -r p; do closure[$p]=1; done < <(dpkg-query -W -f='${Package} ${Priority} ${Essential}\n' | awk '$2 == "required" || $3 == "yes" {print $1}')

venv=.build/hosts-venv
[ -x "$venv/bin/python" ] || fail "$venv is missing: run bash scripts/setup.sh test first"
site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
objects=("$products/strata" "$products/libStrataC.so")
while IFS= read -r so; do objects+=("$so"); done < <(find "$site" -name '*.so*' -type f)
# Libraries the hosts open by name with dlopen (ctypes, glcontext), which ldd cannot see.
for name in libEGL.so.1 libGLESv2.so.2 libOpenGL.so.0 libGL.so.1 libX11.so.6; do
    path="$(ldconfig -p | awk -v n="$name" '$1 == n {print $NF; exit}')"
    [ -n "$path" ] || fail "$name (opened by the Python hosts) is not installed"
    objects+=("$path")
done
# The programs the tests run: the hosts' Python (the venv's: the system's on a bare machine, a
# development machine's own build elsewhere, whose files no package owns and are left out), Xvfb
# the C compiler, and ffmpeg and ffprobe (strata render's videos).
objects+=("$(readlink -f "$venv/bin/python")" "$(readlink -f "$(command -v Xvfb)")" "$(readlink -f "$(command -v cc)")")
for program in ffmpeg ffprobe; do
    command -v "$program" >/dev/null || fail "$program is not installed (setup.sh test installs ffmpeg)"
    objects+=("$(readlink -f "$(command -v "$program")")")
done

declare -A seen=()
missing=()
for object in "${objects[@]}"; do
    while IFS= read -r lib; do
        [ -n "$lib" ] && [ -z "${seen[$lib]:-}" ] || continue
        seen[$lib]=1
        case "$lib" in "$PWD"/* | /opt/swift/* | "$site"/* | "$HOME"/*) continue ;; esac
        owner="$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null | head -1 | cut -d: -f1 || true)"
        [ -n "$owner" ] || owner="$(dpkg -S "$lib" 2>/dev/null | head -1 | cut -d: -f1 || true)"
        [ -n "$owner" ] || { missing+=("$lib (loaded by $object) belongs to no package"); continue; }
        [ -n "${closure[$owner]:-}" ] || missing+=("$lib (loaded by $object) is from $owner, which setup.sh test does not install")
    done < <({ echo "$object"; ldd "$object" 2>/dev/null | awk '/=> \// {print $3} /^\t\// {print $1}'; } | sort -u)
done
((${#missing[@]} == 0)) || { printf 'check-packages: %s\n' "${missing[@]}" >&2; exit 1; }
echo "package check passed: ${#seen[@]} files loaded by the programs and hosts all come from setup.sh's ${#listed[@]} packages, their dependencies or the base system"
