import Foundation
import Testing

// Real hosts: programs written in C and Python that own their EGL contexts and framebuffers and
// embed Strata through strata.h / libStrataC.so. Each checks its own pixels and Strata's and exits
// non-zero naming the check that failed. `scripts/setup.sh test` builds the library and the
// Python environment (moderngl, glfw, Pillow) before the tests run.

/// Where the package's files and build products are.
private enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The folder of the test executable: the build products folder, where libStrataC.so is built.
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    static let library = products.appendingPathComponent("libStrataC.so")
    static let python = root.appendingPathComponent(".build/hosts-venv/bin/python")
    static let hosts = root.appendingPathComponent("Tests/Hosts")
}

/// Runs a program and returns its exit status and output (stdout, then stderr).
private func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = Paths.root
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    // Read while it runs, so a full pipe cannot stall it.
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

/// Fails with what to do when the library or the Python environment is missing.
private func requireLibrary() throws {
    guard FileManager.default.fileExists(atPath: Paths.library.path) else {
        throw HostProgramError("\(Paths.library.path) is missing: build it with `swift build --product StrataC` (bash scripts/setup.sh test does)")
    }
}

private func requirePython() throws {
    guard FileManager.default.isExecutableFile(atPath: Paths.python.path) else {
        throw HostProgramError("\(Paths.python.path) is missing: bash scripts/setup.sh test makes it (python3 -m venv .build/hosts-venv; pip install moderngl glfw pillow)")
    }
}

/// Compiles a C host against strata.h and libStrataC.so (warnings are errors) and runs it.
private func buildAndRunCHost(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try requireLibrary()
    let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
    let binary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: binary) }
    let libraryFolder = Paths.products.path
    let build = try run(
        "/usr/bin/env",
        [
            "cc", "-std=c11", "-O1", "-Wall", "-Werror", "-I", "Sources/StrataC/include", source,
            "-L", libraryFolder, "-lStrataC", "-Wl,-rpath,\(libraryFolder)", "-lEGL", "-lGLESv2", "-lm", "-o", binary,
        ])
    #expect(build.status == 0, "\(source) did not compile:\n\(build.output)", sourceLocation: sourceLocation)
    guard build.status == 0 else { return }
    let result = try run(binary, [])
    #expect(result.status == 0, "\(source) failed:\n\(result.output)", sourceLocation: sourceLocation)
}

struct HostProgramError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

@Suite("Host programs embedding Strata through strata.h", .serialized)
struct HostProgramTests {
    @Test("A C program with its own EGL context and drawing, built against strata.h, embeds Strata and checks both its pixels and Strata's")
    func cHost() throws {
        try buildAndRunCHost("Tests/Hosts/c_host.c")
    }

    @Test("A C host with Strata in a shared context of its own draws into the host's texture; the host's state is untouched")
    func cSharedHost() throws {
        try buildAndRunCHost("Tests/Hosts/c_shared_host.c")
    }

    @Test("The README's C example compiles against strata.h and runs: the card's centre is its colour")
    func readmeCExample() throws {
        try requireLibrary()
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let marker = readme.range(of: "<!-- embed-c-example -->\n```c\n"),
            let end = readme.range(of: "\n```", range: marker.upperBound..<readme.endIndex)
        else {
            throw HostProgramError("README.md has no C example after <!-- embed-c-example -->")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-readme-c-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("example.c")
        try String(readme[marker.upperBound..<end.lowerBound]).write(to: source, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("example").path
        let libraryFolder = Paths.products.path
        let build = try run(
            "/usr/bin/env",
            [
                "cc", "-I", "Sources/StrataC/include", source.path, "-L", libraryFolder, "-lStrataC",
                "-Wl,-rpath,\(libraryFolder)", "-lEGL", "-lGLESv2", "-o", binary,
            ])
        #expect(build.status == 0, "the README's C example did not compile:\n\(build.output)")
        guard build.status == 0 else { return }
        let result = try run(binary, [])
        #expect(result.status == 0, "the README's C example failed:\n\(result.output)")
        #expect(result.output.contains("the card's centre: 230 76 51"), "\(result.output)")
    }

    @Test("A Python program with moderngl's own standalone EGL context loads libStrataC.so with ctypes; its own rendering is unaffected")
    func modernglHost() throws {
        try requireLibrary()
        try requirePython()
        let result = try run(Paths.python.path, [Paths.hosts.appendingPathComponent("moderngl_host.py").path, Paths.library.path])
        #expect(result.status == 0, "the moderngl host failed:\n\(result.output)")
    }

    @Test("A windowed GLFW host under Xvfb shows Strata's layers over its own content; checked by a screenshot of the X display")
    func windowedHost() throws {
        try requireLibrary()
        try requirePython()
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("strata-window-host-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: screenshot) }
        let result = try run(
            "/usr/bin/env",
            [
                "xvfb-run", "-a", "-s", "-screen 0 320x240x24", Paths.python.path,
                Paths.hosts.appendingPathComponent("window_host.py").path, Paths.library.path, screenshot,
            ])
        #expect(result.status == 0, "the windowed host failed:\n\(result.output)")
        #expect(FileManager.default.fileExists(atPath: screenshot), "no screenshot was written")
    }
}
