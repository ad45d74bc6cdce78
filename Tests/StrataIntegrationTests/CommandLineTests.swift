import Foundation
import StrataTesting
import Testing

/// The `strata` command run as a user runs it, with bad arguments: each is refused before
/// anything is rendered, with a message that names the option and the value.
@Suite struct CommandLineTests {
    /// The `strata` program `swift build` put in the build products folder (see `buildProducts`).
    static let program = buildProducts.appendingPathComponent("strata")

    /// Runs `strata` with `arguments`; returns its exit status and everything it printed.
    static func strata(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw CommandLineError("\(program.path) is missing: build it with `swift build` (bash scripts/setup.sh test does)")
        }
        return try runProgram(program.path, arguments)
    }

    private func strata(_ arguments: [String]) throws -> (status: Int32, output: String) { try Self.strata(arguments) }

    /// Each bad command line and the words its error message must contain.
    static let catalogue: [(arguments: [String], message: String)] = [
        (["demo", "--out", "/tmp/strata-cli-never", "--size", "-5x10"], "--size wants both sides at least 1 pixel, got -5x10"),
        (["demo", "--out", "/tmp/strata-cli-never", "--size", "0x10"], "--size wants both sides at least 1 pixel, got 0x10"),
        (["demo", "--out", "/tmp/strata-cli-never", "--size", "wide"], "--size wants WIDTHxHEIGHT in pixels (for example 1280x720), got \"wide\""),
        (["demo", "--out", "/tmp/strata-cli-never", "--size", "10x10x10"], "got \"10x10x10\""),
        (["demo", "--out", "/tmp/strata-cli-never", "--frames", "-1"], "--frames must be at least 1, got -1"),
        (["demo", "--out", "/tmp/strata-cli-never", "--frames", "0"], "--frames must be at least 1, got 0"),
        (["demo", "--out", "/tmp/strata-cli-never", "--frames", "many"], "The value 'many' is invalid for '--frames <frames>'"),
        (["demo"], "Missing expected argument '--out <out>'"),
        (["interactive", "--out", "/tmp/strata-cli-never", "--every", "-3"], "--every must be at least 1, got -3"),
        (["interactive", "--out", "/tmp/strata-cli-never", "--script", "/nonexistent/script.txt"], "--script names no readable file: /nonexistent/script.txt"),
        (["interactive", "--out", "/tmp/strata-cli-never", "--busy", "20"], "--busy takes START+COUNT, a frame number from 0 and at least 1 frame (60 a second), got 20"),
        (["interactive", "--out", "/tmp/strata-cli-never", "--busy", "20+0"], "got 20+0"),
        (["interactive", "--out", "/tmp/strata-cli-never", "--demo", "grid"], "The value 'grid' is invalid for '--demo <demo>'"),
        (["bench", "--frames", "-2"], "--frames must be at least 1, got -2"),
        (["bench", "--size", "-1x-1"], "--size wants both sides at least 1 pixel, got -1x-1"),
        (["bench", "no-such-scene"], "no scene is called \"no-such-scene\"; the scenes are fill-1"),
        (["info", "--platform", "bogus"], "The value 'bogus' is invalid for '--platform <platform>'"),
        (["info", "--log-level", "loud"], "The value 'loud' is invalid for '--log-level <log-level>'"),
        (["info", "--platform", "host"], "Please provide one of 'device', 'surfaceless' or 'gbm'"),
        (["bench", "--json", "/nonexistent/bench.json"], "--json /nonexistent/bench.json: the folder /nonexistent does not exist or cannot be written"),
    ]

    /// Runs a shell command line with `$STRATA` set to the program (for pipes and redirections).
    private func shell(_ line: String) throws -> (status: Int32, output: String) {
        try runProgram("/bin/sh", ["-c", "STRATA='\(Self.program.path)'; \(line)"])
    }

    @Test("bench --json - writes the JSON alone to standard output; the table and the legend of its columns go to standard error", .tags(.gpu), .requiresGPU)
    func benchJSONToStandardOutput() throws {
        let json = try shell("\"$STRATA\" bench fill-1 --frames 1 --size 32x32 --json - 2>/dev/null")
        #expect(json.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(report?["schemaVersion"] as? Int == 1 && report?["strataVersion"] as? String == "0.8.0", "\(json.output.prefix(300))")
        #expect((report?["scenes"] as? [[String: Any]])?.first?["scene"] as? String == "fill-1")
        let text = try shell("\"$STRATA\" bench fill-1 --frames 1 --size 32x32 --json - >/dev/null")
        #expect(text.output.contains("fill-1 ") && text.output.contains("columns:") && text.output.contains("×floor       Strata's median frame"), "\(text.output)")
        let plain = try strata(["bench", "fill-1", "--frames", "1", "--size", "32x32"])
        #expect(plain.output.contains("columns:\n  layers       layers in the scene's tree"), "the legend follows the table: \(plain.output)")
    }

    @Test("interactive --script - reads a text script from standard input", .tags(.gpu), .requiresGPU)
    func aScriptFromStandardInput() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-stdin-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try shell("printf '0 down 1 10 10\\n0.1 up 1 10 10\\n' | \"$STRATA\" interactive --out '\(out)' --script -")
        #expect(result.status == 0 && result.output.contains("7 frames replayed over 0.1 s"), "\(result.output)")
        let bad = try shell("printf '0 sideways 1 10 10\\n' | \"$STRATA\" interactive --out '\(out)' --script -")
        #expect(bad.status == 1 && bad.output.contains("line 1"), "a bad script from standard input names its line: \(bad.output)")
    }

    @Test(
        "interactive --demo list --busy 20+18: a flick over 10,000 rows keeps moving through 18 frames (300 ms) drawn without the model, every one a step on, showing rows the table laid out a screen ahead (none checkerboarded), and the list comes to rest where the model says",
        .tags(.gpu), .requiresGPU
    )
    func aFlickKeepsMovingWhileTheMainThreadIsBusy() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-list-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try strata(["interactive", "--demo", "list", "--size", "160x240", "--every", "30", "--busy", "20+18", "--out", out])
        #expect(result.status == 0, "\(result.output)")
        let summary = try #require(result.output.split(separator: "\n").first { $0.contains("render-side offsets") }, "\(result.output)")
        #expect(summary.contains("busy frames 20..<38: 18 steps of ") && summary.hasSuffix(", 0 still"), "\(summary)")
        #expect(result.output.contains("came to rest at offset"), "the model's deceleration ends: \(result.output)")
        #expect(
            result.output.contains("0 frames showed rows not laid out yet (the list's background)"),
            "the busy frames show the rows laid out a screen ahead: \(result.output)")
        #expect(FileManager.default.fileExists(atPath: out + "/frame-030.png") && FileManager.default.fileExists(atPath: out + "/script.txt"))
    }

    @Test("strata --version prints the one version (StrataVersion), which strata info shows too")
    func theVersionIsOneNumber() throws {
        let (status, output) = try strata(["--version"])
        #expect(status == 0 && output == "0.8.0\n", "\(output)")
    }

    @Test("A failure while working is one line a person reads, naming the path and the system's reason, with exit status 1")
    func aRuntimeFailureIsOneReadableLine() throws {
        let (status, output) = try strata(["demo", "--out", "/proc/strata-no-such-folder", "--frames", "1"])
        #expect(status == 1)
        #expect(output == "strata demo: /proc/strata-no-such-folder: No such file or directory\n", "\(output)")
    }

    @Test("--log-level debug shows the library's debug messages through swift-log; the default shows none", .tags(.gpu), .requiresGPU)
    func theLogLevelIsChosenOnTheCommandLine() throws {
        let (_, debug) = try strata(["info", "--log-level", "debug"])
        #expect(debug.contains("debug strata.gl") && debug.contains("EGL display opened"), "\(debug)")
        let (_, quiet) = try strata(["info"])
        #expect(!quiet.contains(" debug ") && quiet.contains("Strata:           0.8.0"), "\(quiet)")
    }

    @Test("Help shows readable defaults and offers only the platforms the command line can open")
    func helpShowsDefaultsAndValidPlatforms() throws {
        let (_, raw) = try strata(["demo", "--help"])
        let output = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // help wraps its lines
        #expect(output.contains("(default: 1280x720)") && output.contains("(values: device, surfaceless, gbm)"), "\(output)")
        #expect(!output.contains("host"), "\(output)")
    }

    @Test("A bad command line exits with a usage error naming the option and the value", arguments: catalogue.indices)
    func aBadCommandLineIsRefusedWithItsValue(_ index: Int) throws {
        let (arguments, message) = Self.catalogue[index]
        let (status, output) = try strata(arguments)
        #expect(status == 64, "strata \(arguments.joined(separator: " ")) exited with \(status):\n\(output)")
        #expect(output.contains(message), "strata \(arguments.joined(separator: " ")) printed:\n\(output)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/strata-cli-never"), "nothing is written for a refused command")
    }
}

/// `strata soak`, short: the churn stays flat, and a deliberate leak is caught.
@Suite(.tags(.gpu), .requiresGPU) struct SoakCommandTests {
    private func soak(_ extra: [String]) throws -> (status: Int32, output: String) {
        try CommandLineTests.strata(["soak", "--frames", "600", "--every", "120", "--warmup", "120"] + extra)
    }

    @Test("600 frames of churn: views, animations, images, texts, pans and taps all happened, and nothing grew")
    func theChurnStaysFlat() throws {
        let (status, output) = try soak([])
        #expect(status == 0, "\(output)")
        #expect(output.contains("600 views added (12 left)") && output.contains("60 images") && output.contains("30 pans and 10 taps recognised"), "\(output)")
        #expect(output.contains("strata soak: flat"), "\(output)")
    }

    @Test("Keeping every image (a deliberate leak) fails the soak with the growth named")
    func aLeakIsCaught() throws {
        let (status, output) = try soak(["--keep-every-image"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("grew") && output.contains("strata soak: FAILED"), "\(output)")
    }
}

struct CommandLineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
