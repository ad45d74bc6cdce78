// swift-tools-version: 6.1
// Strata's benchmarks: a package of their own, so the library carries no benchmark dependency.
import PackageDescription

let package = Package(
    name: "StrataBenchmarks",
    dependencies: [.package(name: "Strata", path: "..")],
    targets: [
        .systemLibrary(name: "CPangoReference", pkgConfig: "pangocairo"),
        .systemLibrary(name: "CImageReference", pkgConfig: "libpng"),
        .executableTarget(
            name: "StrataImageBench",
            dependencies: [
                "CImageReference", .product(name: "Strata", package: "Strata"), .product(name: "StrataCompositor", package: "Strata"),
                .product(name: "StrataCore", package: "Strata"), .product(name: "StrataGL", package: "Strata"),
            ]
        ),
        .executableTarget(
            name: "StrataListBench",
            dependencies: [.product(name: "Strata", package: "Strata"), .product(name: "StrataCompositor", package: "Strata")]
        ),
        .executableTarget(name: "StrataSolverBench", dependencies: [.product(name: "Cassowary", package: "Strata")]),
        .executableTarget(
            name: "StrataTextBench",
            dependencies: [
                "CPangoReference", .product(name: "Strata", package: "Strata"), .product(name: "StrataCompositor", package: "Strata"),
            ]
        ),
        .executableTarget(
            name: "StrataScenes",
            dependencies: [
                .product(name: "StrataBench", package: "Strata"),
                .product(name: "StrataCore", package: "Strata"),
            ]
        ),
        .executableTarget(
            name: "StrataAnimationBench",
            dependencies: [
                .product(name: "Strata", package: "Strata"),
                .product(name: "StrataCompositor", package: "Strata"),
                .product(name: "StrataCore", package: "Strata"),
            ]
        ),
        .executableTarget(
            name: "StrataEmbedBench",
            dependencies: [
                .product(name: "StrataCompositor", package: "Strata"),
                .product(name: "StrataCore", package: "Strata"),
                .product(name: "StrataGL", package: "Strata"),
            ]
        ),
        .executableTarget(
            name: "StrataModelBench",
            dependencies: [
                .product(name: "Strata", package: "Strata"),
                .product(name: "StrataCompositor", package: "Strata"),
                .product(name: "StrataCore", package: "Strata"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
