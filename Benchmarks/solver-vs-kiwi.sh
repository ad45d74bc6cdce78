#!/usr/bin/env bash
# Strata's constraint solver against kiwi, the C++ solver behind kiwisolver, on the same systems
# in the same session, solver against solver: kiwi's header-only C++ core is taken from
# kiwisolver's source distribution on PyPI (into .build/kiwi-src) and built with the Swift
# toolchain's clang++ at -O2; StrataSolverBench is built in release. Each measurement is printed
# with both times and the ratio Strata ÷ kiwi (below 1: Strata is faster). kiwisolver from
# Python (.build/kiwi-venv) is printed beside them: its figures add Python's cost of one call per
# constraint or suggestion.
set -euo pipefail
cd "$(dirname "$0")"
version=1.4.7
src=.build/kiwi-src/kiwisolver-$version
if [ ! -f "$src/kiwi/kiwi.h" ]; then
    mkdir -p .build/kiwi-src
    python3 -m pip download -q --disable-pip-version-check --no-binary :all: --no-deps "kiwisolver==$version" -d .build/kiwi-src
    tar -xzf ".build/kiwi-src/kiwisolver-$version.tar.gz" -C .build/kiwi-src
fi
cxx="$(dirname "$(realpath "$(command -v swift)")")/clang++"
[ -x "$cxx" ] || cxx=c++
"$cxx" -std=c++17 -O2 -DNDEBUG -I "$src" kiwi/kiwi_bench.cpp -o .build/kiwi-bench
venv=.build/kiwi-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import kiwisolver" 2>/dev/null || "$venv/bin/pip" install -q --disable-pip-version-check "kiwisolver==$version"
swift build -c release --product StrataSolverBench >/dev/null
strata=$(.build/release/StrataSolverBench)
kiwi=$(.build/kiwi-bench)
python=$("$venv/bin/python" kiwi/kiwi_bench.py)
table() { awk '{print $1"-"$2, $3}' | sort; }
join <(table <<<"$strata") <(table <<<"$kiwi") | join - <(table <<<"$python") |
    awk '{ printf "%-14s Strata %9.3f ms   kiwi (C++) %9.3f ms   ratio %5.2f   kiwisolver from Python %9.3f ms\n", $1, $2, $3, $2 / $3, $4 }'
