#!/usr/bin/env bash
# Strata's constraint solver against kiwisolver (the C++ solver behind the Python package) on the
# same systems in the same session: installs kiwisolver into .build/kiwi-venv, builds
# StrataSolverBench in release, runs both and prints each measurement with the ratio
# Strata ÷ kiwi (below 1: Strata is faster). Note that kiwi's figures include calling it from
# Python, one call per constraint or suggestion.
set -euo pipefail
cd "$(dirname "$0")"
venv=.build/kiwi-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import kiwisolver" 2>/dev/null || "$venv/bin/pip" install -q --disable-pip-version-check kiwisolver==1.4.7
swift build -c release --product StrataSolverBench >/dev/null
strata=$(.build/release/StrataSolverBench)
kiwi=$("$venv/bin/python" kiwi/kiwi_bench.py)
join <(echo "$strata" | awk '{print $1"-"$2, $3}' | sort) <(echo "$kiwi" | awk '{print $1"-"$2, $3}' | sort) |
    awk '{ printf "%-14s Strata %9.3f ms   kiwi %9.3f ms   ratio %.2f\n", $1, $2, $3, $2 / $3 }'
