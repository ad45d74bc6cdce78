# Sourced, not run: defines install_build_options, the `swift build` options of the install's
# build into .build/install (setup.sh's install_build adds the C library's SONAME and export list
# to them). The Benchmarks package's smoke build (scripts/bench-smoke.sh) uses the same options
# and scratch folder, so that it finds Strata's modules compiled with the same commands and
# compiles only what is its own.
install_build_static_libs="$(dirname "$(realpath "$(command -v swift)")")/../lib/swift_static/linux"
install_build_options=(--scratch-path "$PWD/.build/install" --disable-index-store
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
    --static-swift-stdlib -Xswiftc -static-stdlib -Xlinker -L -Xlinker "$install_build_static_libs")
