#!/usr/bin/env bash
# Builds Strata's fuzz targets (Fuzz/, libFuzzer with the address sanitizer) and runs them side
# by side for a while: bash scripts/fuzz.sh [SECONDS, default 60] [TARGET...]
# Targets: FuzzEventScript (event scripts, text and JSON), FuzzCommits (commit sequences through
# the Swift API, drawn by a compositor), FuzzCInterface (strata.h call sequences in an EGL
# context). Seed inputs are in Fuzz/Corpus/<target>; what libFuzzer finds new is kept in
# .build/fuzz-corpus/<target>; a crash leaves its input in .build/fuzz-crashes and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzEventScript FuzzCommits FuzzCInterface)
flags=(--package-path Fuzz -c debug --build-path .build/fuzz --disable-index-store
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
swift build "${flags[@]}"
bin=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p .build/fuzz-crashes
# The targets run side by side (each libFuzzer process is one thread), for SECONDS in all; each
# target's exit status is its own (a crash, a usage error, a process killed for memory), and the
# script stops them all if it is stopped.
echo "fuzz: ${targets[*]} side by side for ${seconds}s"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for target in "${targets[@]}"; do
    corpus=.build/fuzz-corpus/$target
    mkdir -p "$corpus"
    seeds=()
    [ -d "Fuzz/Corpus/$target" ] && seeds=("Fuzz/Corpus/$target")
    (
        set +e +o pipefail
        # Mesa keeps some allocations for the process's life: leak reports would be its, not ours.
        ASAN_OPTIONS=detect_leaks=0 "$bin/$target" "$corpus" "${seeds[@]}" \
            -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
            -artifact_prefix=.build/fuzz-crashes/"$target"- 2>&1 |
            grep -E "^(#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY|.*Test unit written)" |
            sed "s/^/$target: /"
        exit "${PIPESTATUS[0]}"
    ) &
    pids+=($!)
done
failed=0
for i in "${!targets[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    target=${targets[$i]}
    if ls .build/fuzz-crashes/"$target"-* >/dev/null 2>&1; then
        echo "fuzz: $target found a failure; its input is in .build/fuzz-crashes" >&2
        failed=1
    elif [ "$status" -ne 0 ]; then
        echo "fuzz: $target exited with status $status before its time was up (see its lines above)" >&2
        failed=1
    fi
done
[ "$failed" = 0 ] || exit 1
echo "fuzz: no failure found"
