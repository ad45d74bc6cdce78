#!/usr/bin/env bash
# Strata's one set-up script for Debian 12: installs whatever is missing, then runs a job.
#   bash scripts/setup.sh demo [strata demo options]   renders the demo scene to ./demo-frames
#   bash scripts/setup.sh test [swift test options]    runs the test suite
#   bash scripts/setup.sh install [--prefix DIR] [--debug]
#       builds and installs the `strata` command (PREFIX/bin, with its man page and bash, zsh
#       and fish completions under PREFIX/share) and the C library: libstrata.so
#       (PREFIX/lib, SONAME libstrata.so.0), strata.h (PREFIX/include) and strata.pc
#       (PREFIX/lib/pkgconfig). PREFIX is /usr/local for root, else ~/.local. Both are linked
#       with Swift's runtime inside, so they run without the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

job="${1:-}"

# The test job's phases, timed: `phase NAME` ends the phase running (printing its seconds and the
# job's so far, counted from the script's start) and starts NAME; `phase` alone ends the last.
phase_name="" phase_start=$SECONDS
phase() {
    if [ -n "$phase_name" ]; then
        printf 'phase %-22s %4d s (job so far %d s)\n' "$phase_name" $((SECONDS - phase_start)) "$SECONDS"
    fi
    phase_name="${1:-}" phase_start=$SECONDS
}
# Checks that use one core and run beside the phases after them, so that the job's two cores stay
# busy: `beside NAME COMMAND...` starts one (its output kept in .build/beside-NAME.log);
# `joined NAME` waits for it, prints its output and fails the job if it failed.
# Each runs in a process group of its own, so that a job that fails stops all of what runs beside
# it (the group is killed on exit).
declare -A beside_pids=()
trap 'for pid in "${beside_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done' EXIT
beside() {
    local name="$1"
    shift
    mkdir -p .build
    set -m
    "$@" >".build/beside-$name.log" 2>&1 &
    beside_pids[$name]=$!
    set +m
}
joined() {
    local name="$1" status=0
    wait "${beside_pids[$name]}" || status=$?
    unset "beside_pids[$name]"
    cat ".build/beside-$name.log"
    if [ "$status" -ne 0 ]; then
        echo "$name failed (exit $status); its output is above and in .build/beside-$name.log" >&2
        exit "$status"
    fi
}

case "$job" in
    demo | test | install | packages) shift ;;
    *) echo "usage: bash scripts/setup.sh demo|test|install [options]" >&2; exit 2 ;;
esac

# System packages: EGL/GLES headers and Mesa's drivers (llvmpipe runs where there is no GPU),
# GBM, Cairo and Pango (with HarfBuzz and fontconfig) headers, libjpeg-turbo, libwebp and libpng (JPEG,
# WebP and PNG images), pkg-config; Inter as the system
# font and DejaVu Sans Mono as the monospaced one; glslang-tools validates the shaders during tests; the host
# programs that embed Strata in the tests need a C compiler, Python with venv, and Xvfb; `strata
# render` writes videos with the ffmpeg command (its tests read them back with ffprobe).
# First what the Swift toolchain needs and a bare Debian lacks: its driver and package manager
# load ncurses and curl, the package manager fetches dependencies with git, and linking Swift's
# runtime in (the install's build, which the test job uses too) needs the C++ library's
# development files (libstdc++-12-dev).
packages=(libncurses6 libcurl4 git libstdc++-12-dev pkg-config libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri libgbm-dev libcairo2-dev libpango1.0-dev libjpeg62-turbo-dev libwebp-dev libpng-dev fonts-inter fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
# (fonts-dejavu-extra: the font tests open DejaVu Sans's condensed and oblique faces.)
test_packages=(fonts-dejavu-extra glslang-tools gcc libc6-dev python3 python3-venv xvfb xauth libopengl0 ffmpeg)
[ "$job" = test ] && packages+=("${test_packages[@]}")
# `setup.sh packages demo|test` prints a job's list (scripts/check-packages.sh reads it).
if [ "$job" = packages ]; then
    [ "${1:-}" = test ] && packages+=("${test_packages[@]}")
    echo "${packages[*]}"
    exit 0
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "installing ${missing[*]} needs root or sudo" >&2; exit 1; }
        sudo=sudo
    fi
    echo "installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Swift toolchain: on PATH, or where swift.org's tarball is usually unpacked.
if ! command -v swift >/dev/null; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    else
        echo "Swift 6.1 or later is needed: unpack the toolchain from swift.org into /opt/swift or put swift on PATH" >&2
        exit 1
    fi
fi

version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/StrataCore/Version.swift)"
major="${version%%.*}"

# The install's build, into .build/install/CONFIGURATION, of its own (flags differ from the
# development build's): the Swift runtime linked in, and the C library exporting strata.h's
# functions only, under its SONAME (a link of that name beside it, as in an installed lib/).
# The test job builds every product it runs this way, once: its process-level tests, benchmark
# smoke run and soak run what `install` installs, and the install check finds them built.
# (The static Foundation libraries' folder is named for the shared library's link, which SwiftPM
# leaves out. No index store: nothing here is edited. The toolchain's lld links: these are 100 MB
# binaries, which it links in 2 s where gold took 5.)
#   install_build CONFIGURATION PRODUCT...
install_build() {
    local configuration="$1" product
    shift
    local build=(swift build -c "$configuration" "${install_build_options[@]}"
        -Xlinker "-soname=libstrata.so.$major" -Xlinker "--version-script=$PWD/Sources/StrataC/strata.map")
    for product in "$@"; do
        "${build[@]}" --product "$product"
    done
    if [ -e ".build/install/$configuration/libStrataC.so" ]; then
        ln -sf libStrataC.so ".build/install/$configuration/libstrata.so.$major"
    fi
}

source scripts/install-build-options.sh
source scripts/setup-port.sh

# The toolchain must start: a library it needs and cannot find is named here, not mistaken later
# for a failure of the job's own.
if ! toolchain_error="$(swift --version 2>&1)"; then
    echo "the Swift toolchain at $(command -v swift) does not start: $toolchain_error" >&2
    echo "install the libraries it names (on Debian 12 its needs are listed at swift.org's install page), then run this again" >&2
    exit 1
fi

case "$job" in
install)
    if [ "$(id -u)" -eq 0 ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
    configuration=release
    while (($#)); do
        case "$1" in
            --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
            --debug) configuration=debug; shift ;;
            *) echo "setup.sh install: unknown option $1 (use --prefix DIR, --debug)" >&2; exit 2 ;;
        esac
    done
    mkdir -p "$prefix" && prefix="$(cd "$prefix" && pwd)"
    # generate-manual: swift-argument-parser's man page writer.
    install_build "$configuration" StrataC strata generate-manual
    port_build "$configuration" --product strata-port
    out=".build/install/$configuration"
    install -d "$prefix/bin" "$prefix/lib/pkgconfig" "$prefix/include" "$prefix/share/man/man1" \
        "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
    install -m 755 "$out/strata" "$prefix/bin/strata"
    install -m 755 "$port_products/strata-port" "$prefix/bin/strata-port"
    # The man page and shell completions, from the command's own description (swift-argument-parser).
    "$out/generate-manual" "$prefix/bin/strata" --output-directory "$prefix/share/man/man1"
    "$prefix/bin/strata" --generate-completion-script bash > "$prefix/share/bash-completion/completions/strata"
    "$prefix/bin/strata" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_strata"
    "$prefix/bin/strata" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/strata.fish"
    install -m 755 "$out/libStrataC.so" "$prefix/lib/libstrata.so.$version"
    ln -sf "libstrata.so.$version" "$prefix/lib/libstrata.so.$major"
    ln -sf "libstrata.so.$major" "$prefix/lib/libstrata.so"
    install -m 644 Sources/StrataC/include/strata.h "$prefix/include/strata.h"
    cat > "$prefix/lib/pkgconfig/strata.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: strata
Description: Strata's C interface: a GPU layer compositor drawing into the caller's OpenGL ES context
Version: $version
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lstrata
Cflags: -I\${includedir}
PC
    if [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi
    echo "installed strata $version under $prefix: bin/strata, bin/strata-port, lib/libstrata.so.$version, include/strata.h, lib/pkgconfig/strata.pc, share/man/man1/strata.1, bash, zsh and fish completions"
    case ":$PATH:" in
        *":$prefix/bin:"*) ;;
        *) echo "$prefix/bin is not on PATH: add it (export PATH=\"$prefix/bin:\$PATH\"), or run $prefix/bin/strata" ;;
    esac
    case ":${PKG_CONFIG_PATH:-}:" in
        *":$prefix/lib/pkgconfig:"*) ;;
        *) [ "$prefix" = /usr/local ] || echo "for pkg-config: export PKG_CONFIG_PATH=\"$prefix/lib/pkgconfig:\${PKG_CONFIG_PATH:-}\"" ;;
    esac
    ;;
demo)
    swift build -c release --product strata
    .build/release/strata info
    .build/release/strata demo --out demo-frames "$@"
    ;;
test)
    printf 'phase %-22s %4d s\n' "set-up" "$SECONDS"
    phase shaders
    if command -v glslangValidator >/dev/null; then
        # Every file as written, and each variant of layer.frag the renderer compiles.
        glslangValidator Shaders/glsl/*.vert Shaders/glsl/*.frag
        for defines in "-DHAS_TEXTURE" "-DROUNDED" "-DHAS_TEXTURE -DROUNDED" "-DHAS_TEXTURE -DNINE_SLICE" "-DHAS_TEXTURE -DNINE_SLICE -DROUNDED" "-DHAS_TEXTURE -DTEXEL_CENTRES" "-DHAS_TEXTURE -DTEXEL_CENTRES -DROUNDED" "-DHAS_TEXTURE -DPLAIN_CONTENTS" "-DMODE_BORDER -DROUNDED" "-DMODE_MASK" "-DMODE_MASK -DROUNDED"; do
            # shellcheck disable=SC2086
            glslangValidator -l $defines Shaders/glsl/layer.vert Shaders/glsl/layer.frag >/dev/null || { echo "layer.frag with $defines does not compile" >&2; exit 1; }
        done
    fi
    # The code's format, as .swift-format describes it (swift-format comes with the toolchain),
    # beside the build; its result is printed after it. (strata port's fixtures are UIKit files
    # as their authors wrote them, and stay so.)
    format_check() {
        local port_files
        port_files="$(find Tools/Port/Package.swift Tools/Port/Sources Tools/Port/Tests -name '*.swift' -not -path '*/Fixtures/*' | sort)"
        # shellcheck disable=SC2086
        swift format lint --strict --recursive Sources Tests Benchmarks/Sources Benchmarks/Benchmarks Examples Fuzz/Sources $port_files \
            || { echo "swift-format found code that is not formatted as .swift-format says: run 'swift format -i -r Sources Tests Benchmarks/Sources Benchmarks/Benchmarks Examples Fuzz/Sources Tools/Port/Sources Tools/Port/Tests/StrataPortTests/*.swift'" >&2; return 1; }
    }
    beside format format_check
    phase modules
    # The module graph points one way (Core <- GL <- Compositor, Core <- Graphics <- Strata), and
    # every import names a module its target depends on.
    python3 scripts/check-modules.py
    # The Python hosts' environment (moderngl: its own EGL context; glfw: a window; Pillow:
    # screenshots; Ray: strata.render_on_ray's shards; and Strata's own Python package, python/,
    # the bindings the hosts use), made beside the build.
    hosts_venv() {
        local venv=.build/hosts-venv
        if ! "$venv/bin/python" -c "import moderngl, glfw, PIL, ray" 2>/dev/null; then
            python3 -m venv "$venv"
            "$venv/bin/pip" install -q --disable-pip-version-check --retries 5 --timeout 60 moderngl==5.13.0 glfw==2.11.0 pillow==13.0.0 ray==2.60.0
        fi
        "$venv/bin/pip" install -q --disable-pip-version-check --retries 5 --timeout 60 ./python
    }
    beside hosts-venv hosts_venv
    phase build
    # Every product the tests run, built once as `install` builds them (see install_build): the
    # command line, the C interface's shared library (the host programs in Tests/Hosts load it),
    # the man page writer and the example programs. Everything below uses these products.
    examples=()
    for folder in Examples/*/; do examples+=("$(basename "$folder")"); done
    install_build debug strata StrataC generate-manual "${examples[@]}"
    products="$PWD/.build/install/debug"
    phase format-and-hosts-venv
    # (Waiting for the two checks beside the build.)
    joined format
    joined hosts-venv
    # The package list above against what these programs load (so a missing one fails here),
    # beside the tests (it reads files and the package database, a core's worth at most).
    beside package-check bash scripts/check-packages.sh "$products"
    phase tests
    # The suite, once, under the thread sanitizer: every test, the process-level ones running the
    # products built above (see scripts/tsan.sh). `swift test` runs the same suite without it.
    STRATA_PRODUCTS="$products" bash scripts/tsan.sh --build-only
    # strata port: strata-port built (it alone compiles swift-syntax: most of two minutes of both
    # cores) and tested, the fixtures ported and type-checked against the products' modules (see
    # scripts/check-port.sh), beside the suite's run, whose process-level tests leave cores idle
    # while they wait on the programs and hosts they start; the install check waits for it (it
    # installs the program).
    beside port bash scripts/check-port.sh "$products"
    # The Benchmarks package's suites, built beside it too (into the install's scratch folder:
    # only package-benchmark and the suites compile), run in bench-smoke.
    beside bench-build bash scripts/bench-smoke.sh --build-only
    STRATA_PRODUCTS="$products" bash scripts/tsan.sh "$@"
    # The fuzz targets (event scripts, commit sequences, C call sequences), built and run side by
    # side for 30 s beside the checks below, which use one core (the whole job stays within 15
    # minutes on 2 cores; STRATA_FUZZ_SECONDS runs them longer).
    beside fuzz bash scripts/fuzz.sh "${STRATA_FUZZ_SECONDS:-30}"
    phase package-check
    # (What is left of the package check started beside the tests.)
    joined package-check
    phase compile-fail
    # The thread rule is the compiler's: model code off the main actor must not type-check.
    source scripts/module-paths.sh "$products/Modules"
    if swiftc -typecheck -swift-version 6 "${module_paths[@]}" Tests/CompileFail/ModelOffTheMainActor.swift 2>/tmp/strata-compile-fail.log; then
        echo "Tests/CompileFail/ModelOffTheMainActor.swift compiled: the view model is reachable off the main actor" >&2
        exit 1
    fi
    grep -q "main actor-isolated" /tmp/strata-compile-fail.log || { cat /tmp/strata-compile-fail.log >&2; echo "ModelOffTheMainActor.swift failed for another reason than actor isolation" >&2; exit 1; }
    echo "compile-time check passed: the view model cannot be used off the main actor"
    phase readme
    # Every Swift block of the README compiles exactly as written.
    bash scripts/check-readme.sh "$products/Modules"
    phase docs
    # The documentation builds, its warnings counted as errors (DocC over the products' modules).
    bash scripts/check-docs.sh "$products/Modules"
    phase port
    # (What is left of strata port's build and check, started beside the suite's run.)
    joined port
    # A benchmark is not a test: every suite of the Benchmarks package (the scenes of `strata
    # bench` among them, through the harness's own scene sessions) runs once, tiny, to show each
    # still runs and does the work it measures; nothing here fails on a time. Built beside the
    # tests, run beside the install check and the soak, which use about a core each.
    joined bench-build
    beside bench-smoke bash scripts/bench-smoke.sh --run-only
    phase install-check
    # The install route: the command and the C library into a fresh prefix (the debug build above,
    # nothing left to build), used from a new shell, through pkg-config (the README's C example)
    # and from Python.
    bash scripts/check-install.sh
    phase soak
    # A short soak: memory and GL objects flat over 3,000 frames of churn.
    "$products/strata" soak --frames 3000 --every 600 --warmup 600
    phase bench-smoke
    # (What is left of the benchmark smoke run.)
    joined bench-smoke
    phase fuzz
    # (What is left of the fuzz run started beside the checks.)
    joined fuzz
    phase
    ;;
esac
