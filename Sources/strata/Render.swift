import ArgumentParser
import Foundation
import Strata
import StrataCore
import StrataGL

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a program written against Strata (its main runs RenderProgram.main()) for a range of frames: PNG files, or an MP4 or WebM video through ffmpeg.",
        discussion: """
            Frames are numbered from 0 on the program's virtual 60 Hz clock, and frame k is the same \
            whether rendered in a range or in a run from frame 0 (the frames before a range are played \
            without drawing). PNGs are named frame-NNNNN.png by their frame number, so the folders of \
            several ranges merge.
            """)

    @OptionGroup var common: CommonOptions

    @Argument(help: "The program: an executable whose main runs RenderProgram.main().")
    var program: String

    @Option(help: "The frames to render, A..B with both ends included (default: all the program's).")
    var frames: String?

    @Option(help: "Where to write: a folder for frame-NNNNN.png files (created if missing), or a file ending in .mp4 or .webm.")
    var out: String

    @Option(help: "Force an EGL platform for the program: device, surfaceless or gbm.")
    var platform: EGLPlatform?

    @Flag(help: "No progress bar (there is none when standard error is not a terminal).")
    var quiet = false

    func validate() throws {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw ValidationError("\(program) is not an executable file: give the path of a program built with swift build (for example .build/release/Tour)")
        }
        if let frames, RenderProgram.frameRange(frames) == nil {
            throw ValidationError("--frames wants A..B, two whole numbers with 0 <= A <= B (for example 30..59), got \"\(frames)\"")
        }
    }

    func run() async throws {
        try common.bootstrap()
        try await runReadably("render") {
            var job = try RenderJob(program: program, frames: frames.flatMap(RenderProgram.frameRange), out: out, platform: platform)
            try job.run(progress: !quiet && isatty(STDERR_FILENO) == 1)
        }
    }
}

/// Where a render's frames go.
enum RenderOutput {
    /// `frame-NNNNN.png` files in a folder.
    case pngs(folder: String)
    /// A video file, encoded by the ffmpeg command.
    case video(file: String, codec: VideoCodec)

    enum VideoCodec: String {
        case mp4, webm

        /// ffmpeg's encoder arguments: H.264 in MP4 (streamable), VP9 in WebM; both 4:2:0.
        var arguments: [String] {
            switch self {
            case .mp4: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
            case .webm: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p"]
            }
        }
    }

    /// The output `path` names: a video by its extension, else a folder.
    init(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "mp4": self = .video(file: path, codec: .mp4)
        case "webm": self = .video(file: path, codec: .webm)
        default: self = .pngs(folder: path)
        }
    }

    /// The folder written into.
    var folder: String {
        switch self {
        case .pngs(let folder): folder
        case .video(let file, _):
            (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
        }
    }

    /// The file frame `index` is written to, in a folder of PNGs.
    static func pngName(_ index: Int) -> String { String(format: "frame-%05d.png", index) }
}

/// Why a render failed, in words that say what to do.
struct RenderFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One `strata render`: the program described, its output checked, then run with its frames
/// streamed back and written as they come.
struct RenderJob {
    let program: String
    let name: String
    let range: ClosedRange<Int>
    let output: RenderOutput
    let environment: [String: String]
    /// What the program says it has.
    let description: ProgramDescription

    struct ProgramDescription: Decodable {
        let frames: Int
        let width: Int
        let height: Int
        let scale: Double
        let framesPerSecond: Int
    }

    /// Describes the program and checks the range and the output before anything renders.
    /// - Throws: `RenderFailure` naming the program, the range or the folder, and what to do.
    init(program: String, frames: ClosedRange<Int>?, out: String, platform: EGLPlatform?) throws {
        self.program = program
        name = (program as NSString).lastPathComponent
        var environment = ProcessInfo.processInfo.environment
        if let platform { environment[EGLPlatform.environmentVariable] = platform.rawValue }
        self.environment = environment
        description = try Self.describe(program, name: name, environment: environment)
        let all = 0...(description.frames - 1)
        range = frames ?? all
        guard all.contains(range.lowerBound), all.contains(range.upperBound) else {
            throw RenderFailure(
                "--frames \(range.lowerBound)..\(range.upperBound) is outside \(name)'s frames \(all.lowerBound)..\(all.upperBound) (\(description.frames) frames at \(description.framesPerSecond) per second); ask for a range within them"
            )
        }
        output = RenderOutput(path: out)
        try Self.prepare(output)
    }

    /// `program --describe`, read.
    private static func describe(_ program: String, name: String, environment: [String: String]) throws -> ProgramDescription {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--describe"]
        process.environment = environment
        // Both outputs to files: a pipe left unread could fill and stall the program.
        let out = try TemporaryLog("describe-out"), err = try TemporaryLog("describe-err")
        defer {
            out.remove()
            err.remove()
        }
        process.standardOutput = try out.handle()
        process.standardError = try err.handle()
        try process.run()
        guard waitForExit(process, seconds: Self.describeSeconds) else {
            throw RenderFailure(
                "\(name) --describe did not answer within \(Int(Self.describeSeconds)) s (it was stopped); is its main RenderProgram(…).main()?")
        }
        let said = err.text
        let line = out.text.split(separator: "\n").last.map(String.init) ?? ""
        guard process.terminationStatus == 0, process.terminationReason == .exit,
            let description = try? JSONDecoder().decode(ProgramDescription.self, from: Data(line.utf8)), description.frames >= 1
        else {
            throw RenderFailure(
                "\(name) --describe did not describe a program (\(Self.ending(process))\(said.isEmpty ? "" : ": " + Self.tail(said))); is its main RenderProgram(…).main()?"
            )
        }
        return description
    }

    /// How long `--describe` may take (it answers before the program makes anything).
    static let describeSeconds: TimeInterval = 30
    /// How long a program may take to exit after its last frame, or after it was asked to stop.
    static let exitSeconds: TimeInterval = 10

    /// Makes the output's folder and proves it can be written, before any frame is made.
    private static func prepare(_ output: RenderOutput) throws {
        let folder = output.folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RenderFailure("cannot make the output folder \(folder): \(readable(error)); choose an --out you can write to")
        }
        guard access(folder, W_OK) == 0 else {
            throw RenderFailure("cannot write into \(folder): \(String(cString: strerror(errno))); choose an --out you can write to")
        }
        if case .video = output, findExecutable("ffmpeg") == nil {
            throw RenderFailure("writing a video needs the ffmpeg command, which is not on PATH: install it (apt-get install ffmpeg), or write PNGs with an --out folder")
        }
    }

    /// Runs the program for the range and writes what it streams; prints a summary.
    /// - Throws: `RenderFailure` naming the frame at which the program failed or died (the frames
    ///   before it are written), or the encoder's failure.
    mutating func run(progress showsProgress: Bool) throws {
        // A reader or encoder that goes away is an error to report, not a signal that kills us.
        signal(SIGPIPE, SIG_IGN)
        let started = MonotonicTime.now()
        let log = try TemporaryLog("render")
        defer { log.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--frames", "\(range.lowerBound)..\(range.upperBound)"]
        process.environment = environment
        let stream = Pipe()
        process.standardOutput = stream
        process.standardError = try log.handle()
        try process.run()
        var reader = RenderStreamReader(descriptor: stream.fileHandleForReading.fileDescriptor)
        var writer: FrameWriter?
        var progress = TerminalProgress(total: range.count, enabled: showsProgress)
        var expected = range.lowerBound
        var failure: RenderFailure?
        do {
            if let size = try reader.readHeader() {
                writer = try FrameWriter(output, size: size, framesPerSecond: description.framesPerSecond)
                let records = ReadAhead(reader)
                defer { records.stop() }
                reading: while let record = try records.next() {
                    switch record {
                    case .frame(let index, let image):
                        guard index == expected else {
                            throw RenderFailure("\(name) sent frame \(index) where frame \(expected) was due")
                        }
                        try writer!.write(image, index: index)
                        expected += 1
                        progress.advance(to: expected - range.lowerBound)
                    case .error(let frame, let message):
                        failure = RenderFailure("\(name) failed \(frame.map { "at frame \($0)" } ?? "before its first frame"): \(message)")
                        break reading
                    case .end:
                        break reading
                    }
                }
            }
        } catch let error as RenderFailure {
            failure = error
        } catch let error as RenderStreamError {
            failure = RenderFailure("\(name) at frame \(expected): \(error)")
        } catch {
            failure = RenderFailure("writing frame \(expected): \(readable(error))")
        }
        progress.finish()
        if failure != nil { process.terminate() }
        if !waitForExit(process, seconds: Self.exitSeconds), failure == nil {
            failure = RenderFailure("\(name) did not exit within \(Int(Self.exitSeconds)) s of its last frame (it was killed)")
        }
        let said = log.text
        let videoFailure = writer.flatMap { $0.finish() }
        if failure == nil, expected <= range.upperBound {
            failure = RenderFailure(
                "\(name) \(Self.ending(process)) while rendering frame \(expected)\(said.isEmpty ? "" : ": " + Self.tail(said))")
        }
        let kept =
            expected == range.lowerBound
            ? "no frame was written" : videoFailure == nil ? "frames \(range.lowerBound)..\(expected - 1) are in \(out)" : "and \(videoFailure!)"
        if let failure { throw RenderFailure("\(failure); \(kept)") }
        if let videoFailure { throw RenderFailure(videoFailure) }
        let seconds = MonotonicTime.now() - started
        print(
            String(
                format: "strata render: frames %d..%d (%d, %d×%d) of %@ written to %@ in %.2f s: %.1f frames per second",
                range.lowerBound, range.upperBound, range.count, description.width, description.height, name, out, seconds,
                Double(range.count) / seconds))
        if !said.isEmpty { FileHandle.standardError.write(Data(said.utf8)) }
    }

    private var out: String {
        switch output {
        case .pngs(let folder): folder
        case .video(let file, _): file
        }
    }

    /// How a process ended, in words.
    static func ending(_ process: Process) -> String {
        switch process.terminationReason {
        case .exit: "exited with status \(process.terminationStatus)"
        case .uncaughtSignal: "crashed (signal \(process.terminationStatus), \(String(cString: strsignal(process.terminationStatus))))"
        @unknown default: "ended (\(process.terminationStatus))"
        }
    }

    /// The last lines a program printed, on one line.
    static func tail(_ text: String) -> String {
        text.split(separator: "\n").suffix(4).joined(separator: " / ")
    }
}

/// The stream's records read on a thread of their own, a few frames ahead, so that the program
/// draws its next frames while this one is written (the pipe itself holds less than a frame).
final class ReadAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Result<RenderStream.Record?, any Error>] = []
    private var stopped = false
    /// How many records may wait to be written.
    static let depth = 3

    /// Starts reading `reader`'s records (its header already read) until the stream ends.
    init(_ reader: RenderStreamReader) {
        nonisolated(unsafe) var reader = reader
        Thread { [self] in
            while true {
                let item = Result { try reader.next() }
                condition.lock()
                while items.count >= Self.depth && !stopped { condition.wait() }
                guard !stopped else { return condition.unlock() }
                items.append(item)
                condition.broadcast()
                condition.unlock()
                switch item {
                case .success(.frame?): continue
                default: return  // the end, an error record, a failure, or the stream cut off
                }
            }
        }.start()
    }

    /// The next record, waiting for it; nil when the stream ended without an end record.
    func next() throws -> RenderStream.Record? {
        condition.lock()
        while items.isEmpty { condition.wait() }
        let item = items.removeFirst()
        condition.broadcast()
        condition.unlock()
        return try item.get()
    }

    /// No more records are wanted: the reading thread ends once its read returns.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}

/// Writes a render's frames: PNG files, or raw frames piped into ffmpeg.
struct FrameWriter {
    private let output: RenderOutput
    private var encoder: (process: Process, input: FileHandle, log: TemporaryLog)?

    init(_ output: RenderOutput, size: PixelSize, framesPerSecond: Int) throws {
        self.output = output
        guard case .video(let file, let codec) = output else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: findExecutable("ffmpeg")!)
        // 4:2:0 needs even sides: an odd one is padded by a pixel (black).
        process.arguments =
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                "-video_size", "\(size.width)x\(size.height)", "-framerate", "\(framesPerSecond)", "-i", "pipe:0",
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
            ] + codec.arguments + [file]
        let input = Pipe()
        let log = try TemporaryLog("ffmpeg")
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try log.handle()
        try process.run()
        encoder = (process, input.fileHandleForWriting, log)
    }

    /// Writes frame `index`.
    func write(_ image: RGBAImage, index: Int) throws {
        switch output {
        case .pngs(let folder):
            try image.writePNG(to: (folder as NSString).appendingPathComponent(RenderOutput.pngName(index)))
        case .video:
            guard let encoder else { return }
            do {
                try encoder.input.write(contentsOf: image.pixels)
            } catch {
                throw RenderFailure("ffmpeg stopped taking frames at frame \(index): \(Self.log(encoder.log))")
            }
        }
    }

    /// Ends the video (ffmpeg finishes the file with the frames it has); its failure in words, or nil.
    func finish() -> String? {
        guard let encoder else { return nil }
        defer { encoder.log.remove() }
        try? encoder.input.close()
        guard waitForExit(encoder.process, seconds: 120) else { return "ffmpeg did not finish the video within 120 s of its last frame (it was killed)" }
        guard encoder.process.terminationStatus == 0 else {
            return "ffmpeg \(RenderJob.ending(encoder.process)) encoding the video: \(Self.log(encoder.log))"
        }
        return nil
    }

    private static func log(_ file: TemporaryLog) -> String { RenderJob.tail(file.text) }
}

/// A progress bar on standard error, redrawn at most ten times a second.
struct TerminalProgress {
    let total: Int
    let enabled: Bool
    private let started = MonotonicTime.now()
    private var drawnAt = -1.0
    private var done = 0

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    mutating func advance(to done: Int) {
        self.done = done
        let now = MonotonicTime.now()
        guard enabled, now - drawnAt >= 0.1 || done == total else { return }
        drawnAt = now
        let width = 30, filled = total > 0 ? done * width / total : width
        let elapsed = now - started
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = String(format: "\r[%@] %3d%% %d/%d frames, %.1f fps, %.0f s left ", bar, done * 100 / max(total, 1), done, total, rate, left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Ends the bar's line.
    func finish() {
        if enabled, drawnAt >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// Waits for `process` to end, at most `seconds`; then kills it (SIGKILL) and reaps it. Whether it
/// ended by itself.
func waitForExit(_ process: Process, seconds: TimeInterval) -> Bool {
    let deadline = MonotonicTime.now() + seconds
    while process.isRunning, MonotonicTime.now() < deadline { usleep(10_000) }
    guard process.isRunning else { return true }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return false
}

/// A file in the temporary folder that a child process writes its output into.
struct TemporaryLog {
    let url: URL

    init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(getpid())-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw RenderFailure("cannot make \(url.path) for a program's output: check the temporary folder (TMPDIR)")
        }
    }

    /// A handle writing into the file, for a child's output.
    func handle() throws -> FileHandle { try FileHandle(forWritingTo: url) }

    /// What was written.
    var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The path of `name` on PATH, or nil.
func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
