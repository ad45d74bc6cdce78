// swift-tools-version: 6.1
// Strata's fuzz targets (libFuzzer): a package of their own, built with the fuzzer and address
// sanitizers by scripts/fuzz.sh, so the library and its tests carry no sanitizer flags.
import PackageDescription

let package = Package(
    name: "StrataFuzz",
    dependencies: [.package(name: "Strata", path: "..")],
    targets: [
        .systemLibrary(name: "CEGLFuzz", pkgConfig: "egl"),
        // What the targets share: reading bytes as values, and libFuzzer's driver.
        .target(name: "FuzzSupport"),
        // Event scripts, text and JSON, from arbitrary bytes (their reader is StrataCore's, so this
        // builds none of the UIKit model).
        .executableTarget(name: "FuzzEventScript", dependencies: ["FuzzSupport", .product(name: "StrataCore", package: "Strata")]),
        // Commit sequences through the Swift API, applied and drawn by a compositor.
        .executableTarget(
            name: "FuzzCommits",
            dependencies: ["FuzzSupport", .product(name: "StrataCompositor", package: "Strata"), .product(name: "StrataCore", package: "Strata")]
        ),
        // Call sequences through strata.h's functions, on a compositor embedded in an EGL context.
        .executableTarget(name: "FuzzCInterface", dependencies: ["CEGLFuzz", "FuzzSupport", .product(name: "StrataC", package: "Strata")]),
    ],
    swiftLanguageModes: [.v6]
)
