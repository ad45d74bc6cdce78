import ArgumentParser
import Foundation
import StrataBench
import StrataDemos
import Strata
import StrataCompositor
import StrataCore
import StrataGL

@main
struct StrataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Strata, a GPU layer compositor: GPU information and demo renders.",
        version: StrataVersion.current,
        subcommands: [Info.self, Demo.self, Interactive.self, Render.self, Bench.self, Soak.self, Port.self])
}

/// `--size WxH`, parsed: two whole numbers of at least 1 pixel.
struct SizeArgument: ExpressibleByArgument {
    let size: PixelSize
    init?(argument: String) { try? self.init(parsing: argument) }

    /// As help shows a default: `1280x720`.
    var defaultValueDescription: String { "\(size.width)x\(size.height)" }

    /// Reads `WIDTHxHEIGHT`; a value of another shape, or a side below 1, throws an error that
    /// names the value and what is wanted.
    init(parsing argument: String) throws {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ValidationError("--size wants WIDTHxHEIGHT in pixels (for example 1280x720), got \"\(argument)\"")
        }
        guard w >= 1, h >= 1 else {
            throw ValidationError("--size wants both sides at least 1 pixel, got \(w)x\(h)")
        }
        size = PixelSize(width: w, height: h)
    }
}

/// The platforms the command line can open (`host` is only for embedding, never opened here).
extension EGLPlatform: ExpressibleByArgument {
    public init?(argument: String) {
        guard let platform = EGLPlatform(rawValue: argument), EGLPlatform.openable.contains(platform) else { return nil }
        self = platform
    }

    public static var allValueStrings: [String] { openable.map(\.rawValue) }
}

struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the EGL platform, GL renderer, limits and the extensions Strata uses.")

    @OptionGroup var common: CommonOptions

    @Option(help: "Force an EGL platform: device, surfaceless or gbm (default: try each in turn).")
    var platform: EGLPlatform?

    func run() async throws {
        try common.bootstrap()
        try await runReadably("info") { try await printInfo() }
    }

    private func printInfo() async throws {
        let compositor = try Compositor(configuration: CompositorConfiguration(platform: platform))
        let gpu = compositor.gpu
        print(
            """
            Strata:           \(StrataVersion.current)
            EGL platform:     \(gpu.platform) (\(gpu.device)), EGL \(gpu.eglVersion)
            GL vendor:        \(gpu.vendor)
            GL renderer:      \(gpu.renderer)
            GL version:       \(gpu.version)
            GLSL version:     \(gpu.shadingLanguageVersion)
            max texture size: \(gpu.maxTextureSize)
            max target size:  \(gpu.maxTargetSize)
            extensions used:
            """)
        for (name, present) in gpu.extensionsUsed {
            print("  \(present ? "yes" : "no ") \(name)")
        }
        await compositor.shutdown()
    }
}

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the demo to numbered PNG frames: an app screen (a settings list flicked, then a photo grid pushed) or the layers scene.")

    @OptionGroup var common: CommonOptions

    @Option(help: "The folder to write frame-NNN.png files into (created if missing).")
    var out: String

    @Option(parsing: .unconditional, help: "The frame size in pixels, WIDTHxHEIGHT (default: 1280x720).", transform: SizeArgument.init(parsing:))
    var size: SizeArgument = SizeArgument(argument: "1280x720")!

    @Option(parsing: .unconditional, help: "How many frames to render: over two seconds of virtual time for the app screen, one for the layers scene.")
    var frames: Int = 60

    @Option(help: "Which demo: app (a navigation controller over a settings list, flicked, then a pushed photo grid) or layers (animated layers in 3D).")
    var scene: DemoKind = .app

    @Option(help: "Force an EGL platform: device, surfaceless or gbm.")
    var platform: EGLPlatform?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
    }

    func run() async throws {
        try common.bootstrap()
        try await runReadably("demo") { try await render(out: out, size: size.size, frames: frames, scene: scene, platform: platform) }
    }
}

/// Renders the demo frames on the main actor, where the view tree lives.
@MainActor
private func render(out: String, size: PixelSize, frames: Int, scene kind: DemoKind, platform: EGLPlatform?) async throws {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let duration = kind == .app ? AppScreenDemo.duration : 1
    let step = frames > 1 ? duration / Double(frames - 1) : 1
    let clock = FrameClock.virtual(start: 0, step: step)
    let compositor = try Compositor(configuration: CompositorConfiguration(platform: platform, clock: clock))
    let limit = compositor.gpu.maxTargetSize
    guard (1...limit).contains(size.width), (1...limit).contains(size.height) else {
        throw CompositorError.targetSizeOutOfRange(size, limit: limit)
    }
    let pixels = CGSize(width: size.width, height: size.height)
    let screen: UIScreen
    let update: (Double) throws -> Void
    var report: () -> [String] = { [] }
    switch kind {
    case .app:
        screen = AppScreenDemo.screen(pixels: pixels, compositor: compositor)
        let demo = AppScreenDemo(screen: screen)
        update = { try demo.update(at: $0) }
        report = { demo.log }
    case .layers:
        screen = UIScreen(size: pixels, compositor: compositor)
        let demo = DemoScene(screen: screen)
        update = { demo.update(at: $0) }
    }
    var renderMs = 0.0, readMs = 0.0, pngMs = 0.0
    let start = MonotonicTime.now()
    for index in 0..<frames {
        try update(clock.time(ofFrame: index))
        let frame = try await screen.renderFrame()
        renderMs += frame.statistics.renderMilliseconds
        readMs += frame.statistics.readbackMilliseconds
        let pngStart = MonotonicTime.now()
        let path = (out as NSString).appendingPathComponent(String(format: "frame-%03d.png", index))
        try frame.image!.writePNG(to: path)
        pngMs += (MonotonicTime.now() - pngStart) * 1000
    }
    let total = (MonotonicTime.now() - start) * 1000
    let n = Double(frames)
    print(
        String(
            format: "strata demo: %d frames of %@ written to %@ in %.0f ms: %.2f ms per frame to render, %.2f ms to read back, %.2f ms to write PNG (%@)",
            frames, "\(size)", out, total, renderMs / n, readMs / n, pngMs / n, compositor.gpu.renderer))
    for line in report() { print("strata demo: \(line)") }
    await compositor.shutdown()
}

struct Interactive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Replay a recorded drag on an interactive demo (card: a pan scrubbing an animator, then a spring; list: a flick over 10,000 rows) and write its frames.",
        discussion:
            "--busy START+COUNT leaves the model out of COUNT frames from frame START (as a main thread busy for COUNT/60 s would be): the render side draws them alone, and the events due in them arrive after. The list demo prints the offsets its frames showed, step by step, as the render side reports them."
    )

    /// The demos to replay.
    enum Demo: String, ExpressibleByArgument, CaseIterable {
        case card, list
    }

    @Option(help: "The demo: card (the default) or list.")
    var demo: Demo = .card

    @Option(
        help: "Frames the main thread is busy for, START+COUNT (frame numbers from 0): the render side draws them without the model.",
        transform: BusyFrames.init(parsing:))
    var busy: BusyFrames?

    @OptionGroup var common: CommonOptions

    @Option(help: "The folder to write frame-NNN.png files and the script into (created if missing).")
    var out: String

    @Option(
        help:
            "An event script to replay (text, or JSON when the name ends in .json); - reads a text script from standard input. The default drags the card a quarter of the way and lets go."
    )
    var script: String?

    @Option(parsing: .unconditional, help: "The frame size in pixels, WIDTHxHEIGHT (default: 1280x720).", transform: SizeArgument.init(parsing:))
    var size: SizeArgument = SizeArgument(argument: "1280x720")!

    @Option(parsing: .unconditional, help: "Write every Nth frame (60 frames per second of virtual time are rendered).")
    var every: Int = 1

    @Option(help: "Force an EGL platform: device, surfaceless or gbm.")
    var platform: EGLPlatform?

    func validate() throws {
        guard every >= 1 else { throw ValidationError("--every must be at least 1, got \(every)") }
        if let script, script != "-", !FileManager.default.isReadableFile(atPath: script) {
            throw ValidationError("--script names no readable file: \(script)")
        }
    }

    func run() async throws {
        try common.bootstrap()
        try await runReadably("interactive") {
            try await renderInteractive(demo: demo, out: out, script: script, size: size.size, every: every, busy: busy?.frames, platform: platform)
        }
    }
}

/// `--busy START+COUNT`: the frames START ..< START + COUNT.
struct BusyFrames {
    let frames: Range<Int>

    init(parsing argument: String) throws {
        let parts = argument.split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let count = Int(parts[1]), start >= 0, count >= 1 else {
            throw ValidationError("--busy takes START+COUNT, a frame number from 0 and at least 1 frame (60 a second), got \(argument)")
        }
        frames = start..<(start + count)
    }
}

/// Replays the script on the interactive demo, on the main actor; frames in `busy` are drawn by
/// the compositor alone (the model is told of none, and the events due in them come after).
@MainActor
private func renderInteractive(
    demo kind: Interactive.Demo, out: String, script path: String?, size: PixelSize, every: Int, busy: Range<Int>?, platform: EGLPlatform?
) async throws {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let compositor = try Compositor(configuration: CompositorConfiguration(platform: platform, clock: .virtual(start: 0, step: 1.0 / 60)))
    let limit = compositor.gpu.maxTargetSize
    guard (1...limit).contains(size.width), (1...limit).contains(size.height) else {
        throw CompositorError.targetSizeOutOfRange(size, limit: limit)
    }
    let screen = UIScreen(size: CGSize(width: size.width, height: size.height), compositor: compositor)
    let card = kind == .card ? InteractiveCardDemo(screen: screen) : nil
    let list = kind == .list ? InteractiveListDemo(screen: screen) : nil
    guard let window = card?.window ?? list?.window else { preconditionFailure("strata interactive: no demo for \(kind)") }
    let script: EventScript
    if let path {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        script = path.hasSuffix(".json") ? try EventScript(json: data) : try EventScript(text: String(decoding: data, as: UTF8.self))
    } else {
        let text = card != nil ? InteractiveCardDemo.defaultScript(for: screen) : InteractiveListDemo.defaultScript(for: screen)
        try text.write(toFile: (out as NSString).appendingPathComponent("script.txt"), atomically: true, encoding: .utf8)
        script = try EventScript(text: text)
    }
    var written = 0
    var shown: [(frame: Int, y: Double)] = []  // the bounds origin the render side reported, by frame
    var checkerboarded: [Int] = []  // frames that showed content not laid out yet
    var playback = EventScriptPlayback(script, on: window, start: screen.mediaTime)
    var frames = 0
    while true {
        let isBusy = busy?.contains(frames) ?? false
        if !isBusy { try playback.deliverSteps(dueBy: screen.mediaTime) }
        guard frames < EventScript.maximumFrames else { throw EventScriptError.tooManyFrames(limit: EventScript.maximumFrames, duration: script.duration) }
        let frame: RenderedFrame
        if isBusy {
            // What the last turn changed is committed, as at the end of any main-queue turn; then
            // the main thread is busy: the compositor draws the frame without the model.
            if frames == busy?.lowerBound { CATransaction.flush() }
            frame = try await compositor.renderFrame(size: size, clearColor: Color(red: 0, green: 0, blue: 0), readBack: true)
        } else {
            frame = try await screen.renderFrame()
        }
        if case .rect(let bounds)? = frame.statistics.shownValues.first(where: { $0.property.key == .bounds })?.property.value {
            shown.append((frames, bounds.minY))
        }
        if frame.statistics.checkerboardArea > 0 { checkerboarded.append(frames) }
        if frames % every == 0, let image = frame.image {
            try image.writePNG(to: (out as NSString).appendingPathComponent(String(format: "frame-%03d.png", frames)))
            written += 1
        }
        frames += 1
        if !isBusy, playback.isOver(afterFrameAt: frame.statistics.time) { break }
    }
    for line in card?.log ?? list?.log ?? [] { print("strata interactive: \(line)") }
    if list != nil {
        print("strata interactive: \(offsetSteps(shown, busy: busy))")
        let where_ = checkerboarded.isEmpty ? "" : ": frames \(checkerboarded[0])...\(checkerboarded[checkerboarded.count - 1])"
        print("strata interactive: \(checkerboarded.count) frames showed rows not laid out yet (the list's background)\(where_)")
    }
    print("strata interactive: \(frames) frames replayed over \(script.duration) s, \(written) written to \(out) (\(compositor.gpu.renderer))")
    await compositor.shutdown()
}

/// One line on the offsets the render side showed, frame to frame: how many frames moved, the
/// steps' range and median, and for the busy frames whether each moved although the model heard
/// of none.
func offsetSteps(_ shown: [(frame: Int, y: Double)], busy: Range<Int>?) -> String {
    let steps = zip(shown, shown.dropFirst()).filter { $1.frame == $0.frame + 1 }.map { (frame: $1.frame, step: $1.y - $0.y) }
    guard !steps.isEmpty else { return "the render side reported no scrolling" }
    func points(_ v: Double) -> String { String(format: "%.2f", v) }
    let sorted = steps.map(\.step).sorted()
    var line =
        "render-side offsets, frames \(shown[0].frame)...\(shown[shown.count - 1].frame): \(steps.count) steps of \(points(sorted[0]))...\(points(sorted[sorted.count - 1])) points, median \(points(sorted[sorted.count / 2]))"
    if let busy {
        let during = steps.filter { busy.contains($0.frame) }.map(\.step)
        let still = during.filter { abs($0) < 1e-9 }.count
        line +=
            during.isEmpty
            ? "; none in the busy frames \(busy.lowerBound)..<\(busy.upperBound)"
            : "; busy frames \(busy.lowerBound)..<\(busy.upperBound): \(during.count) steps of \(points(during.min()!))...\(points(during.max()!)) points, \(still) still"
    }
    return line
}

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure benchmark scenes against their raw-GL floors; print a table, optionally write JSON.",
        discussion:
            "Scenes: \(BenchScene.allNames.joined(separator: ", ")); the scale scenes (\(BenchScene.scaleNames.joined(separator: ", "))) run only when named. Times are medians over the frames; ×floor is the frame time over the time raw GL needs for the same pixels."
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: "Scenes to run (all but the scale scenes when none are given).")
    var scenes: [String] = []

    @Option(parsing: .unconditional, help: "Measured frames per scene.")
    var frames: Int = 30

    @Option(parsing: .unconditional, help: "The target size in pixels, WIDTHxHEIGHT (default: 1920x1080).", transform: SizeArgument.init(parsing:))
    var size: SizeArgument = SizeArgument(argument: "1920x1080")!

    @Option(help: "Write the full results as JSON to this file; - writes them to standard output (the table then goes to standard error).")
    var json: String?

    @Option(help: "Force an EGL platform: device, surfaceless or gbm.")
    var platform: EGLPlatform?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        if let json, json != "-" {
            // Checked before any frame is measured, not after the whole run.
            let folder = (json as NSString).deletingLastPathComponent
            guard FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
                throw ValidationError("--json \(json): the folder \(folder.isEmpty ? "." : folder) does not exist or cannot be written")
            }
        }
        for scene in scenes where !BenchScene.allNames.contains(scene) {
            throw ValidationError("no scene is called \"\(scene)\"; the scenes are \(BenchScene.allNames.joined(separator: ", "))")
        }
    }

    func run() async throws {
        try common.bootstrap()
        try await runReadably("bench") { try await runBench(scenes: scenes, frames: frames, size: size.size, json: json, platform: platform) }
    }
}

/// Runs the harness on the main actor, with a progress line on standard error.
@MainActor
private func runBench(scenes: [String], frames: Int, size: PixelSize, json: String?, platform: EGLPlatform?) async throws {
    let report = try await BenchHarness.run(
        scenes: scenes, frames: frames, size: size, platform: platform,
        progress: BenchHarness.printProgress)
    // With the JSON on standard output, what a person reads goes to standard error.
    let text = BenchHarness.table(report) + "\n" + BenchHarness.legend
    if json == "-" {
        FileHandle.standardError.write(Data((text + "\n").utf8))
        try BenchHarness.writeJSON(report, to: "-")
    } else {
        print(text)
        if let json {
            try BenchHarness.writeJSON(report, to: json)
            print("results written to \(json)")
        }
    }
}

/// The demos `strata demo` renders.
enum DemoKind: String, ExpressibleByArgument, CaseIterable {
    case app, layers
}
