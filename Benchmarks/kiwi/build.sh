#!/usr/bin/env bash
# Builds kiwi's C++ core into Benchmarks/.build/kiwi-bench (SolverBenchmarks' reference): the
# header-only solver is taken from kiwisolver's source distribution on PyPI (into
# .build/kiwi-src) and kiwi_bench.cpp is built with the Swift toolchain's clang++ at -O2.
# Prints the program's path.
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.4.7
src=.build/kiwi-src/kiwisolver-$version
if [ ! -f "$src/kiwi/kiwi.h" ]; then
    mkdir -p .build/kiwi-src
    pip=(python3 -m pip)
    if ! python3 -m pip --version >/dev/null 2>&1; then
        # Debian's python3 has no pip of its own: a virtual environment brings one.
        [ -x .build/pip-venv/bin/pip ] || python3 -m venv .build/pip-venv
        pip=(.build/pip-venv/bin/pip)
    fi
    "${pip[@]}" download -q --disable-pip-version-check --no-binary :all: --no-deps "kiwisolver==$version" -d .build/kiwi-src
    tar -xzf ".build/kiwi-src/kiwisolver-$version.tar.gz" -C .build/kiwi-src
fi
if [ ! -x .build/kiwi-bench ] || [ kiwi/kiwi_bench.cpp -nt .build/kiwi-bench ]; then
    cxx="$(dirname "$(realpath "$(command -v swift)")")/clang++"
    [ -x "$cxx" ] || cxx=c++
    "$cxx" -std=c++17 -O2 -DNDEBUG -I "$src" kiwi/kiwi_bench.cpp -o .build/kiwi-bench
fi
echo "$PWD/.build/kiwi-bench"
