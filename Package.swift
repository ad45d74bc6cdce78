// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataGraphics", targets: ["StrataGraphics"]),
        .library(name: "StrataQuartz", targets: ["StrataQuartz"]),
        .library(name: "StrataCompositor", targets: ["StrataCompositor"]),
        .library(name: "StrataCore", targets: ["StrataCore"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "StrataGL", targets: ["StrataGL"]),
        .library(name: "StrataBench", targets: ["StrataBench"]),
        // swift-snapshot-testing's strategies for UIView, UIViewController, CALayer and UIImage.
        .library(name: "StrataSnapshotTesting", targets: ["StrataSnapshotTesting"]),
        .executable(name: "strata", targets: ["strata"]),
        // The C interface (include/strata.h) as a shared library, libStrataC.so, for hosts in any language.
        .library(name: "StrataC", type: .dynamic, targets: ["StrataC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // `swift package generate-documentation --target Strata` builds the DocC catalog (Sources/Strata/Strata.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Snapshot tests of views on Linux (StrataSnapshotTesting); only its SnapshotTesting module is built.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // System libraries: shims only, found through pkg-config.
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),

        // JPEG (libjpeg-turbo) and WebP (libwebp) in C: libjpeg reports errors by longjmp.
        .target(name: "CImageCodecs", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),

        // Swift's runtime's swift_isDeallocating, for the model's ways back (see DeinitGap.swift).
        .target(name: "CSwiftRuntime"),

        // GLSL ES 3.00 sources, embedded into the binary at build time.
        .target(name: "StrataShaders", path: "Shaders", resources: [.embedInCode("glsl")]),

        .target(name: "StrataCore"),
        .target(name: "Cassowary"),
        .target(
            name: "StrataGL",
            dependencies: ["StrataCore", "CEGL", "CGLES3", "CGBM", .product(name: "Logging", package: "swift-log")]
        ),
        // Core Graphics and ImageIO: contexts over Cairo, paths, images, colours, gradients, the
        // shadow blur, and the PNG, JPEG and WebP codecs.
        .target(name: "StrataGraphics", dependencies: ["StrataCore", "CCairo", "CImageCodecs"]),
        .target(
            name: "StrataCompositor",
            dependencies: ["StrataCore", "StrataGL", "StrataShaders", .product(name: "Logging", package: "swift-log")]
        ),
        // Core Animation: layers, animations, timing, transactions, display links, commit building
        // and scheduling, and a layer context per screen. Names no UIKit type.
        .target(
            name: "StrataQuartz",
            dependencies: [
                "StrataCore", "StrataGraphics", "StrataCompositor", "CCairo", "CSwiftRuntime",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Strata",
            dependencies: [
                "StrataCore", "StrataGraphics", "StrataQuartz", "StrataCompositor", "Cassowary", "CCairo", "CPango", "CSwiftRuntime",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // strata.h's functions over HostRenderer, for hosts written in C or any language with a C FFI.
        .target(name: "StrataC", dependencies: ["StrataCompositor", "StrataCore", "StrataGL"], exclude: ["include", "strata.map"]),
        // Snapshot strategies: views, controllers and layers drawn by the GPU, compared by pixels.
        .target(
            name: "StrataSnapshotTesting",
            dependencies: ["Strata", "StrataCore", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        // Demo scenes built with the UIKit API, shared by the command line and the tests.
        .target(name: "StrataDemos", dependencies: ["Strata"]),
        // Benchmark scenes, their raw-GL floors and the harness behind `strata bench`.
        .target(name: "StrataBench", dependencies: ["Strata", "StrataCompositor", "StrataCore", "StrataGL", "CGLES3"]),
        .executableTarget(
            name: "strata",
            dependencies: [
                "Strata", "StrataDemos", "StrataBench", "StrataCompositor", "StrataCore", "StrataGL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Small UIKit programs, each written as for iOS but for its import and its screen set-up;
        // the tests run each and check the pictures it writes.
        .executableTarget(name: "BarChart", dependencies: ["Strata"], path: "Examples/BarChart"),
        .executableTarget(name: "TileGrid", dependencies: ["Strata"], path: "Examples/TileGrid"),
        .executableTarget(name: "SpringCard", dependencies: ["Strata"], path: "Examples/SpringCard"),
        .executableTarget(name: "FlipCard", dependencies: ["Strata"], path: "Examples/FlipCard"),
        .executableTarget(name: "PassThrough", dependencies: ["Strata"], path: "Examples/PassThrough"),
        .executableTarget(name: "Autoresizing", dependencies: ["Strata"], path: "Examples/Autoresizing"),
        .executableTarget(name: "Drawer", dependencies: ["Strata"], path: "Examples/Drawer"),
        .executableTarget(name: "ScrubbedAnimator", dependencies: ["Strata"], path: "Examples/ScrubbedAnimator"),
        .executableTarget(name: "Settings", dependencies: ["Strata"], path: "Examples/Settings"),
        .executableTarget(name: "Contacts", dependencies: ["Strata"], path: "Examples/Contacts"),
        .executableTarget(name: "PhotoGrid", dependencies: ["Strata"], path: "Examples/PhotoGrid"),
        .executableTarget(name: "SignUp", dependencies: ["Strata"], path: "Examples/SignUp"),
        .executableTarget(name: "Walkthrough", dependencies: ["Strata"], path: "Examples/Walkthrough"),

        // Test helpers shared by the test targets; no library target depends on it.
        .target(name: "StrataTesting", dependencies: ["StrataCore", "StrataGL", "StrataQuartz", "CEGL", "CGLES3"]),

        .testTarget(name: "StrataCoreTests", dependencies: ["StrataCore"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        .testTarget(name: "StrataGraphicsTests", dependencies: ["StrataGraphics", "StrataCore"]),
        .testTarget(name: "StrataQuartzTests", dependencies: ["StrataQuartz", "StrataGraphics", "StrataCompositor", "StrataCore", "StrataTesting"]),
        .testTarget(name: "StrataGLTests", dependencies: ["StrataGL", "StrataShaders", "StrataTesting", "CGLES3"]),
        // Counts the test process's heap allocations per thread (it defines malloc: tests only).
        .target(name: "CAllocationCount", path: "Tests/Support/CAllocationCount"),
        .testTarget(
            name: "StrataCompositorTests", dependencies: ["StrataCompositor", "StrataCore", "StrataGL", "StrataTesting", "CEGL", "CGLES3", "CAllocationCount"]),
        .testTarget(
            name: "StrataTests",
            dependencies: [
                "Strata", "StrataQuartz", "StrataGraphics", "StrataDemos", "StrataBench", "StrataCompositor", "StrataCore", "StrataTesting", "CGLES3",
                "CPango",
            ],
            resources: [.process("Resources")]),
        .testTarget(name: "StrataSnapshotTestingTests", dependencies: ["StrataSnapshotTesting", "Strata", "StrataTesting"]),
        // Process-level tests: the example programs, the command line and the host programs, each
        // run as a separate process, running products built without the sanitizer (STRATA_PRODUCTS).
        .testTarget(
            name: "StrataIntegrationTests", dependencies: ["StrataTesting", "StrataSnapshotTesting", "Strata", "StrataGraphics", "StrataCore"],
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
