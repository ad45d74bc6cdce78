// swift-tools-version: 6.1
// `strata port`: rewrites UIKit sources for Strata with swift-syntax's parser. A package of its
// own, so the library and the `strata` command do not compile swift-syntax; `strata port` runs
// the `strata-port` program this package builds (installed beside `strata`).
import PackageDescription

let package = Package(
    name: "StrataPort",
    products: [
        .executable(name: "strata-port", targets: ["strata-port"]),
        .library(name: "StrataPort", targets: ["StrataPort"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "StrataPort",
            dependencies: [.product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax")]
        ),
        .executableTarget(
            name: "strata-port",
            dependencies: ["StrataPort", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "StrataPortTests", dependencies: ["StrataPort"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
