import Foundation

/// Runs a program as a user would and returns its exit status and output (standard output, then
/// standard error), stopping it after `timeout` seconds. `directory` is where it runs (nil: this
/// process's). Both streams are read while it runs, so a full pipe cannot stall it.
public func runProgram(_ executable: String, _ arguments: [String], in directory: URL? = nil, timeout: TimeInterval = 120) throws
    -> (status: Int32, output: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    final class Collected: @unchecked Sendable { var out = Data(), err = Data() }
    let collected = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        collected.out = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        collected.err = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
    }
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    group.wait()
    return (process.terminationStatus, String(decoding: collected.out, as: UTF8.self) + String(decoding: collected.err, as: UTF8.self))
}

/// `STRATA_PRODUCTS`, when set and not empty: the folder of a plain build's products.
private let productsFolderFromEnvironment = ProcessInfo.processInfo.environment["STRATA_PRODUCTS"].flatMap { $0.isEmpty ? nil : $0 }

/// The folder of the package's build products (the `strata` command, the example programs,
/// libStrataC.so) that process-level tests run: `STRATA_PRODUCTS` when set (the test job runs
/// the suite under the thread sanitizer and points it at products built without it, as
/// `scripts/setup.sh install` builds them, whose library the C and Python hosts can load), otherwise the folder of the running test executable, where
/// `swift build` put them beside it.
public let buildProducts: URL =
    productsFolderFromEnvironment.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

/// Whether this process runs with the thread sanitizer's runtime (a `--sanitize=thread` build):
/// its entry point is then among the process's symbols.
public let isThreadSanitized: Bool = dlsym(nil, "__tsan_init") != nil

/// How many levels deep the deep-hierarchy tests build their chains of views and layers:
/// 100,000, or 25,000 under the thread sanitizer. Its instrumentation makes each level about five
/// times as slow (at 100,000 levels the deep view tests held the main actor for 150 s of the
/// test job), and its frames are larger: a walk that recursed would overflow the main thread's
/// 8 MiB stack at 25,000 levels with 336 bytes a level. The plain `swift test` builds 100,000.
public let deepTreeDepth: Int = isThreadSanitized ? 25_000 : 100_000

/// Whether `buildProducts` are a plain build's, which C and Python hosts can load: this test
/// executable is not thread-sanitized (its products are built as it is), or `STRATA_PRODUCTS`
/// names other products.
public let buildProductsArePlain: Bool = !isThreadSanitized || productsFolderFromEnvironment != nil
