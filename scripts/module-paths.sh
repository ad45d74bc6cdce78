# Sourced, not run: `source scripts/module-paths.sh MODULES` sets `module_paths`, the search paths
# a Swift tool outside SwiftPM needs to import Strata's modules from a build: the build's Modules
# folder MODULES, the C modules' maps in Sources/, and Cairo's and Pango's headers. The README,
# compile-fail and documentation checks use it.
module_paths=(-I "$1" -I Sources/CCairo -I Sources/CPango -I Sources/CEGL -I Sources/CGLES3 -I Sources/CGBM
    -I Sources/CImageCodecs/include -I Sources/CSwiftRuntime/include)
for path in $(pkg-config --cflags-only-I cairo pangocairo); do module_paths+=(-Xcc "$path"); done
