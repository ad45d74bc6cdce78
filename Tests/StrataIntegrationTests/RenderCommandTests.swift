import Foundation
import StrataCore
import StrataGraphics
import Strata
import StrataTesting
import Testing

/// `strata render` over Examples/Walkthrough (a list flicked, then a push with a spring; 120
/// frames of 640×960), run as processes as a user runs them.
@Suite(.tags(.gpu), .requiresGPU) final class RenderCommandTests {
    static let walkthrough = buildProducts.appendingPathComponent("Walkthrough").path
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A new empty folder, removed when the test ends.
    private func folder(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-render-\(name)-\(UUID().uuidString)").path
        folders.append(path)
        return path
    }

    private func render(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try CommandLineTests.strata(["render"] + arguments)
    }

    private func frames(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test("Frames 30..59 rendered alone are the same PNG bytes as frames 30..59 of a 0..59 run; files are named by frame number")
    func aRangeIsByteIdentical() throws {
        let whole = folder("whole"), range = folder("range")
        let first = try render([Self.walkthrough, "--frames", "0..59", "--out", whole])
        #expect(first.status == 0 && first.output.contains("strata render: frames 0..59 (60, 640×960) of Walkthrough written to"), "\(first.output)")
        let second = try render([Self.walkthrough, "--frames", "30..59", "--out", range])
        #expect(second.status == 0, "\(second.output)")
        let names = try frames(in: range)
        #expect(names.count == 30 && names.first == "frame-00030.png" && names.last == "frame-00059.png")
        #expect(try frames(in: whole).count == 60)
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: "\(whole)/\(name)")), b = try Data(contentsOf: URL(fileURLWithPath: "\(range)/\(name)"))
            #expect(a == b, "\(name)")
        }
        // The frames are not all alike: the flick moved the list between frame 30 and 59.
        let f30 = try RGBAImage(pngFile: "\(range)/frame-00030.png"), f59 = try RGBAImage(pngFile: "\(range)/frame-00059.png")
        #expect(f30.size == PixelSize(width: 640, height: 960) && f30 != f59)
        // Frame 59 is the gallery's picture of the program, compared as the examples' are.
        let picture = try #require(UIImage(contentsOfFile: "\(range)/frame-00059.png"))
        let failure = PictureReferences.failure(of: picture, named: "walkthrough-59", in: "Examples/Walkthrough", testName: "Walkthrough")
        #expect(failure == nil, "Walkthrough's frame 59: \(failure ?? "")")
    }

    @Test("An MP4 and a WebM of frames 0..29: ffprobe counts 30 frames of 640×960 at 60 per second")
    func videos() throws {
        let out = folder("video")
        for file in ["walk.mp4", "walk.webm"] {
            let result = try render([Self.walkthrough, "--frames", "0..29", "--out", "\(out)/\(file)"])
            #expect(result.status == 0, "\(result.output)")
            let probe = try runProgram(
                "/usr/bin/ffprobe",
                ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames,width,height,r_frame_rate", "-of", "csv=p=0", "\(out)/\(file)"])
            #expect(probe.status == 0 && probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "640,960,60/1,30", "\(file): \(probe.output)")
        }
    }

    @Test("A range outside the program's frames is refused before anything renders, naming both")
    func rangeOutside() throws {
        let out = folder("outside")
        let result = try render([Self.walkthrough, "--frames", "100..130", "--out", out])
        #expect(result.status == 1)
        #expect(
            result.output
                == "strata render: --frames 100..130 is outside Walkthrough's frames 0..119 (120 frames at 60 per second); ask for a range within them\n",
            "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("An output folder that cannot be made or written is refused before the program runs, naming it")
    func unwritableOutput() throws {
        let made = try render([Self.walkthrough, "--frames", "0..1", "--out", "/proc/strata-render-no"])
        #expect(made.status == 1 && made.output.hasPrefix("strata render: cannot make the output folder /proc/strata-render-no: "), "\(made.output)")
        #expect(made.output.hasSuffix("; choose an --out you can write to\n"))
        let readOnly = folder("read-only")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: readOnly)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: readOnly) }
        if getuid() != 0 {  // root writes anywhere
            let result = try render([Self.walkthrough, "--frames", "0..1", "--out", readOnly])
            #expect(result.output == "strata render: cannot write into \(readOnly): Permission denied; choose an --out you can write to\n", "\(result.output)")
        }
        let video = try render([Self.walkthrough, "--out", "/proc/strata-no/walk.mp4"])
        #expect(video.status == 1 && video.output.contains("cannot make the output folder /proc/strata-no"), "\(video.output)")
    }

    @Test("A program that crashes part way is named with its signal and the frame it was on; the frames before it are kept")
    func aCrashingProgram() throws {
        // A wrapper that passes Walkthrough's first five frames of 40..49 through, then dies of SIGSEGV.
        let dir = folder("crash")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let wrapper = "\(dir)/crashing"
        let bytes = 20 + 5 * (8 + 640 * 960 * 4)
        try """
        #!/bin/sh
        [ "$1" = --describe ] && exec '\(Self.walkthrough)' --describe
        '\(Self.walkthrough)' "$@" | head -c \(bytes)
        kill -SEGV $$
        """.write(toFile: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
        let out = "\(dir)/frames"
        let result = try render([wrapper, "--frames", "40..49", "--out", out])
        #expect(result.status == 1)
        // The message ends with what the program printed last (here Walkthrough, writing into the
        // closed pipe), then where the frames are.
        #expect(result.output.hasPrefix("strata render: crashing crashed (signal 11, Segmentation fault) while rendering frame 45: "), "\(result.output)")
        #expect(result.output.hasSuffix("; frames 40..44 are in \(out)\n"), "\(result.output)")
        #expect(try frames(in: out) == (40...44).map { String(format: "frame-%05d.png", $0) })
    }

    @Test("A program that is not a RenderProgram (true exits at once) is named, with what to do")
    func notARenderProgram() throws {
        let result = try render(["/bin/true", "--out", folder("true")])
        #expect(result.status == 1)
        #expect(
            result.output == "strata render: true --describe did not describe a program (exited with status 0); is its main RenderProgram(…).main()?\n",
            "\(result.output)")
        let missing = try render(["/nonexistent/program", "--out", folder("missing")])
        #expect(missing.status == 64 && missing.output.contains("/nonexistent/program is not an executable file"), "\(missing.output)")
        let badRange = try render([Self.walkthrough, "--frames", "9..3", "--out", folder("bad")])
        #expect(badRange.status == 64 && badRange.output.contains("--frames wants A..B, two whole numbers with 0 <= A <= B (for example 30..59), got \"9..3\""))
    }

    @Test(
        "On a local Ray cluster of 2 CPUs (python/tests/test_render.py): 120 frames in 4 shards are the single process's bytes, again with a worker killed mid-shard (retried), a crash on frame 75 names shard 2 and keeps the others, an MP4 of 3 shards has 60 frames, python -m strata.render joins the cluster and writes a WebM of 120"
    )
    func shardedOnRay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".build/hosts-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw CommandLineError("\(python) is missing: bash scripts/setup.sh test makes it (with ray and the strata package)")
        }
        let result = try runProgram(
            "/usr/bin/env",
            [
                "STRATA_COMMAND=\(CommandLineTests.program.path)", "STRATA_WALKTHROUGH=\(Self.walkthrough)", python, "-m", "unittest", "-v",
                "python/tests/test_render.py",
            ], in: root, timeout: 600)
        #expect(result.status == 0 && result.output.contains("Ran 7 tests") && !result.output.contains("skipped"), "\(result.output)")
    }

    @Test("The program run by hand says how to render it; --describe prints its frames and size")
    func theProgramAlone() throws {
        let describe = try runProgram(Self.walkthrough, ["--describe"])
        #expect(describe.status == 0 && describe.output == #"{"frames":120,"width":640,"height":960,"scale":2.0,"framesPerSecond":60}"# + "\n", "\(describe.output)")
        let alone = try runProgram(Self.walkthrough, ["--wat"])
        #expect(alone.status == 64 && alone.output.contains("unknown arguments --wat") && alone.output.contains("strata render"), "\(alone.output)")
    }
}
