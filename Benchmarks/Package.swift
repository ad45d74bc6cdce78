// swift-tools-version: 6.1
// Strata's benchmarks, on ordo-one's package-benchmark: a package of their own, so the library
// carries no benchmark dependency. Each suite is a target in Benchmarks/ (the plugin's layout);
// every benchmark measures Strata with the library's metrics (wall clock, CPU, mallocs) and, in
// the same iteration, its reference (raw GL, raw Pango, the codecs' own decode, kiwi), reported
// as custom metrics beside it (see StrataBenchmarkSupport).
//   swift package benchmark                          run every suite
//   swift package benchmark baseline update main      record a baseline
//   swift package benchmark baseline compare main     a change's effect, metric by metric
import PackageDescription

let suite: [Target.Dependency] = [
    "StrataBenchmarkSupport", .product(name: "Benchmark", package: "benchmark"),
    .product(name: "Strata", package: "Strata"), .product(name: "StrataCompositor", package: "Strata"),
    .product(name: "StrataCore", package: "Strata"),
]
let plugin: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
    name: "StrataBenchmarks",
    dependencies: [
        .package(name: "Strata", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .systemLibrary(name: "CPangoReference", pkgConfig: "pangocairo"),
        .systemLibrary(name: "CImageReference", pkgConfig: "libpng"),
        .target(
            name: "StrataBenchmarkSupport",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"), .product(name: "StrataCore", package: "Strata"),
                .product(name: "StrataGL", package: "Strata"),
            ]
        ),
        .executableTarget(name: "ModelBenchmarks", dependencies: suite, path: "Benchmarks/ModelBenchmarks", plugins: plugin),
        .executableTarget(name: "AnimationBenchmarks", dependencies: suite, path: "Benchmarks/AnimationBenchmarks", plugins: plugin),
        .executableTarget(name: "ListBenchmarks", dependencies: suite, path: "Benchmarks/ListBenchmarks", plugins: plugin),
        .executableTarget(
            name: "TextBenchmarks", dependencies: suite + ["CPangoReference"], path: "Benchmarks/TextBenchmarks", plugins: plugin),
        .executableTarget(
            name: "ImageBenchmarks", dependencies: suite + ["CImageReference", .product(name: "StrataGL", package: "Strata")],
            path: "Benchmarks/ImageBenchmarks", plugins: plugin),
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: ["StrataBenchmarkSupport", .product(name: "Benchmark", package: "benchmark"), .product(name: "Cassowary", package: "Strata")],
            path: "Benchmarks/SolverBenchmarks", plugins: plugin),
        .executableTarget(
            name: "SceneBenchmarks", dependencies: suite + [.product(name: "StrataBench", package: "Strata")],
            path: "Benchmarks/SceneBenchmarks", plugins: plugin),
        .executableTarget(
            name: "EmbedBenchmarks", dependencies: suite + [.product(name: "StrataGL", package: "Strata")],
            path: "Benchmarks/EmbedBenchmarks", plugins: plugin),
    ],
    swiftLanguageModes: [.v6]
)
