# Sourced, not run: `source scripts/setup-port.sh` defines port_build (setup.sh and check-port.sh use it).
# strata-port (Tools/Port: `strata port`'s rewriter, a package of its own so that only it builds
# swift-syntax). In release, as install_build builds the products: Swift's runtime linked in, so
# the installed program runs without the toolchain. In debug (the test job's install check), with
# the toolchain's runtime and an index store (test discovery reads it), as its tests must be
# built (Swift Testing has no static library), so the tests and the program share one build of
# swift-syntax. Sets port_products, the folder the program is in.
#   port_build CONFIGURATION [swift build options: --build-tests, --product strata-port]
port_build() {
    local configuration="$1"
    shift
    if [ "$configuration" = debug ]; then
        swift build --package-path Tools/Port "$@"
        port_products="$PWD/Tools/Port/.build/debug"
        return
    fi
    local static_libs
    static_libs="$(dirname "$(realpath "$(command -v swift)")")/../lib/swift_static/linux"
    swift build --package-path Tools/Port -c "$configuration" --scratch-path Tools/Port/.build/install --disable-index-store \
        -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
        --static-swift-stdlib -Xswiftc -static-stdlib -Xlinker -L -Xlinker "$static_libs" "$@"
    port_products="$PWD/Tools/Port/.build/install/$configuration"
}
