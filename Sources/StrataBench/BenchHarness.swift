import Foundation
import Strata
import StrataCompositor
import StrataCore
import StrataGL

/// Five numbers that describe a set of samples.
public struct Summary: Codable, Sendable, Hashable {
    public var median: Double, p90: Double, p99: Double, max: Double, mean: Double

    /// The summary of `samples` (all zero when empty).
    public init(_ samples: [Double]) {
        guard !samples.isEmpty else { (median, p90, p99, max, mean) = (0, 0, 0, 0, 0); return }
        let s = samples.sorted()
        func at(_ q: Double) -> Double { s[Swift.min(s.count - 1, Int((Double(s.count - 1) * q).rounded(.up)))] }
        (median, p90, p99, max, mean) = (at(0.5), at(0.9), at(0.99), s[s.count - 1], s.reduce(0, +) / Double(s.count))
    }

    /// The spread of the slow end: p99 minus the median (a frame time's jitter).
    public var jitter: Double { p99 - median }
}

/// What one scene measured, per frame (times in milliseconds).
public struct SceneResult: Codable, Sendable {
    public var scene: String
    public var summary: String
    public var layers: Int
    public var frames: Int
    /// Wall time from the main thread's change to the frame rendered and finished on the GPU.
    public var frameMilliseconds: Summary
    /// Frame pacing: the frame time's p99 minus its median, on the monotonic clock (0: every
    /// frame took the same time).
    public var frameJitterMilliseconds: Double
    /// Main-thread CPU: the scene's change, layout, drawing and building the commit.
    public var mainThreadMilliseconds: Summary
    /// Render-thread wall time (animations, drawing, waiting for the GPU).
    public var renderMilliseconds: Summary
    /// Render-thread CPU spent walking the tree and issuing GL commands.
    public var issueMilliseconds: Summary
    public var animationMilliseconds: Summary
    /// Layers the render walk visited per frame (mean): resting hidden, off-target and covered layers are not.
    public var layersVisitedPerFrame: Double
    public var drawCallsPerFrame: Double
    public var textureBindsPerFrame: Double
    public var offscreenPassesPerFrame: Double
    /// Frames the compositor actually drew (the others showed what was there).
    public var framesRedrawn: Int
    /// GPU time from timer queries; nil where the driver has none.
    public var gpuMilliseconds: Summary?
    /// The raw-GL floor's frame time (same pixels, one draw call).
    public var floorMilliseconds: Summary?
    /// Median frame time over the floor's.
    public var ratioToFloor: Double?
    /// Render-thread issue CPU per layer, in microseconds.
    public var issueMicrosecondsPerLayer: Double
    /// The floor's CPU per layer to issue the same pixels (its GL calls, the driver's share
    /// included), in microseconds: what issuing costs on this driver before any compositor work.
    public var floorIssueMicrosecondsPerLayer: Double?
    /// The same pixels drawn by raw GL with one draw call per quad (a view's background and its
    /// contents are two), its corners and colour as uniforms, its texture bound when it changes.
    public var drawPerLayerMilliseconds: Summary?
    /// How many times faster Strata's median frame is than one draw call per quad's; nil unless
    /// every measured frame redrew the whole target (otherwise it would measure damage tracking).
    public var speedupOverDrawPerLayer: Double?
    /// For scenes that upload: a plain memcpy of the bytes a frame uploads, in milliseconds (median
    /// of one copy after each frame, into alternating destinations, so it meets the same machine).
    public var memcpyMilliseconds: Double?
    /// Contents bytes uploaded per frame (mean).
    public var uploadedBytesPerFrame: Double
    /// Render-thread time uploading contents (`FrameStatistics.uploadMilliseconds`), per frame.
    public var uploadMilliseconds: Summary
    /// For scenes that upload: the median upload time over the memcpy of the same bytes.
    public var uploadRatioToMemcpy: Double?
}

/// The whole run, as `--json` writes it.
public struct BenchReport: Codable, Sendable {
    /// The layout of this JSON: raised when a field changes meaning or goes away.
    public var schemaVersion = 1
    /// The Strata release measured.
    public var strataVersion = StrataVersion.current
    public var renderer: String
    public var glVersion: String
    public var size: String
    public var framesPerScene: Int
    public var date: String
    public var scenes: [SceneResult]
}

/// Runs benchmark scenes through the public API and measures them against their raw-GL floors.
/// Main actor (the view model lives there).
@MainActor
public enum BenchHarness {
    /// Runs the scenes called `names` (when empty, `BenchScene.defaultNames`: all but the scale
    /// scenes) for `frames` measured frames each at
    /// `size`, reporting progress through `progress`.
    /// - Throws: for an unknown scene name, a size the GPU cannot render, or a GL error.
    public static func run(
        scenes names: [String], frames: Int, size: PixelSize, platform: EGLPlatform? = nil,
        progress: (String) -> Void = { _ in }
    ) async throws -> BenchReport {
        let chosen = names.isEmpty ? BenchScene.defaultNames : names
        for name in chosen where BenchScene.named(name) == nil {
            throw BenchError.unknownScene(name, known: BenchScene.allNames)
        }
        let floor = FloorRenderer(platform: platform)
        defer { floor.stop() }
        var results: [SceneResult] = []
        var renderer = "", version = ""
        for name in chosen {
            let scene = BenchScene.named(name)!
            let compositor = try Compositor(configuration: CompositorConfiguration(platform: platform, clock: .virtual60))
            (renderer, version) = (compositor.gpu.renderer, compositor.gpu.version)
            let limit = compositor.gpu.maxTargetSize
            guard (1...limit).contains(size.width), (1...limit).contains(size.height) else {
                await compositor.shutdown()
                throw CompositorError.targetSizeOutOfRange(size, limit: limit)
            }
            let result = try await measure(scene, compositor: compositor, floor: floor, frames: frames, size: size, progress: progress)
            results.append(result)
            await compositor.shutdown()
        }
        progress("")
        return BenchReport(
            renderer: renderer, glVersion: version, size: "\(size.width)x\(size.height)", framesPerScene: frames,
            date: ISO8601DateFormatter().string(from: Date()), scenes: results)
    }

    private static func measure(
        _ scene: BenchScene, compositor: Compositor, floor: FloorRenderer, frames: Int, size: PixelSize,
        progress: (String) -> Void
    ) async throws -> SceneResult {
        progress("\(scene.name): building \(scene.summary)")
        let session = try await BenchSceneSession(scene, compositor: compositor, floor: floor, size: size)
        let (screen, picture) = (session.screen, session.picture)
        var frameMs: [Double] = [], mainMs: [Double] = [], renderMs: [Double] = [], issueMs: [Double] = [], animationMs: [Double] = []
        var draws = 0, binds = 0, passes = 0, redrawn = 0, visited = 0
        var gpuMs: [Double] = [], uploadMs: [Double] = [], uploadedBytes = 0, memcpyMs: [Double] = []
        var copier: MemcpyReference?
        var wholeRedraws = 0
        var floorFrames: [FloorFrame] = [], perQuadFrames: [FloorFrame] = []
        // Rounds alternate the compositor and the floor, so machine noise falls on both.
        let roundLength = max(1, min(10, frames))
        var done = 0
        while done < frames {
            let n = min(roundLength, frames - done)
            for i in done..<(done + n) {
                progress("\(scene.name): frame \(i + 1)/\(frames)")
                let wallStart = MonotonicTime.now()
                let cpuStart = ThreadCPUTime.now()
                session.step(i)
                mainMs.append((ThreadCPUTime.now() - cpuStart) * 1000)
                let frame = try await screen.renderFrame(readBack: false)
                frameMs.append((MonotonicTime.now() - wallStart) * 1000)
                let s = frame.statistics
                renderMs.append(s.renderMilliseconds)
                issueMs.append(s.issueMilliseconds)
                animationMs.append(s.animationMilliseconds)
                draws += s.drawCalls
                visited += s.layersVisited
                binds += s.textureBinds
                passes += s.offscreenPasses
                if s.redrawn { redrawn += 1 }
                if let gpu = s.gpuMilliseconds { gpuMs.append(gpu) }
                uploadMs.append(s.uploadMilliseconds)
                uploadedBytes += s.uploadedBytes
                if s.redrawnPixels == size.width * size.height { wholeRedraws += 1 }
                if scene.uploadBytes != nil, s.uploadedBytes > 0 {
                    // The reference copies the bytes this frame uploaded, whatever the scene expected.
                    if copier?.bytes != s.uploadedBytes { copier = MemcpyReference(bytes: s.uploadedBytes) }
                    memcpyMs.append(copier!.copyOnce())
                }
            }
            if scene.hasFloor {
                floorFrames += try floor.measure(picture, frames: n)
                perQuadFrames += try floor.measure(picture, frames: n, style: .drawPerQuad)
            }
            done += n
        }
        let count = Double(frames), layers = Double(max(scene.layerCount, 1))
        let frameSummary = Summary(frameMs)
        let floorSummary: Summary? = floorFrames.isEmpty ? nil : Summary(floorFrames.map(\.milliseconds))
        let perQuadSummary: Summary? = perQuadFrames.isEmpty ? nil : Summary(perQuadFrames.map(\.milliseconds))
        let memcpy = memcpyMs.isEmpty ? nil : Summary(memcpyMs).median, uploadSummary = Summary(uploadMs)
        return SceneResult(
            scene: scene.name, summary: scene.summary, layers: scene.layerCount, frames: frames,
            frameMilliseconds: frameSummary, frameJitterMilliseconds: frameSummary.jitter, mainThreadMilliseconds: Summary(mainMs),
            renderMilliseconds: Summary(renderMs),
            issueMilliseconds: Summary(issueMs), animationMilliseconds: Summary(animationMs),
            layersVisitedPerFrame: Double(visited) / count, drawCallsPerFrame: Double(draws) / count, textureBindsPerFrame: Double(binds) / count,
            offscreenPassesPerFrame: Double(passes) / count, framesRedrawn: redrawn, gpuMilliseconds: gpuMs.isEmpty ? nil : Summary(gpuMs),
            floorMilliseconds: floorSummary, ratioToFloor: floorSummary.flatMap { $0.median > 0 ? frameSummary.median / $0.median : nil },
            issueMicrosecondsPerLayer: Summary(issueMs).median * 1000 / layers,
            floorIssueMicrosecondsPerLayer: floorFrames.isEmpty ? nil : Summary(floorFrames.map(\.issueMilliseconds)).median * 1000 / layers,
            drawPerLayerMilliseconds: perQuadSummary,
            speedupOverDrawPerLayer: perQuadSummary.flatMap {
                frameSummary.median > 0 && wholeRedraws == frames ? $0.median / frameSummary.median : nil
            },
            memcpyMilliseconds: memcpy, uploadedBytesPerFrame: Double(uploadedBytes) / count, uploadMilliseconds: uploadSummary,
            uploadRatioToMemcpy: memcpy.flatMap { $0 > 0 ? uploadSummary.median / $0 : nil })
    }

    /// The floor's picture of `window`: every visible view's background and contents as quads
    /// in drawing order, with their corners mapped to the window through every transform.
    static func floorPicture(of window: UIWindow, size: PixelSize, uploadsEveryFrame: Bool) -> FloorPicture {
        var quads: [FloorQuad] = []
        var textures: [RGBAImage] = []
        var textureIndex: [ObjectIdentifier: Int] = [:]
        func premultiplied(_ color: UIColor?, alpha: Double) -> SIMD4<Float>? {
            guard let color else { return nil }
            var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
            _ = color.getRed(&r, green: &g, blue: &b, alpha: &a)
            let k = Float(a * alpha)
            return SIMD4(Float(r) * k, Float(g) * k, Float(b) * k, k)
        }
        func visit(_ view: UIView, alpha: Double) {
            guard !view.isHidden, view.alpha > 0 else { return }
            let alpha = alpha * view.alpha
            let b = view.bounds
            let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
                .map { view.convert($0, to: nil) }.map { Point(x: $0.x, y: $0.y) }
            if let color = premultiplied(view.backgroundColor, alpha: alpha) { quads.append(FloorQuad(corners: corners, color: color)) }
            if let image = view.layer.contents as? CGImage {
                let index =
                    textureIndex[ObjectIdentifier(image)]
                    ?? {
                        textures.append(image.image)
                        textureIndex[ObjectIdentifier(image)] = textures.count - 1
                        return textures.count - 1
                    }()
                quads.append(FloorQuad(corners: corners, color: SIMD4(repeating: Float(alpha)), texture: index))
            } else if uploadsEveryFrame, view !== window {
                // A drawing view: its backing store, as a texture uploaded every frame.
                let side = PixelSize(width: Int(b.width), height: Int(b.height))
                textures = [RGBAImage(size: side, filledWith: Color(red: 0.5, green: 0.5, blue: 1))]
                quads.append(FloorQuad(corners: corners, color: SIMD4(repeating: Float(alpha)), texture: 0))
            }
            for subview in view.subviews { visit(subview, alpha: alpha) }
        }
        let clear = SIMD4<Float>(0, 0, 0, 1)
        visit(window, alpha: 1)
        return FloorPicture(size: size, clearColor: clear, quads: quads, textures: textures, uploadsEveryFrame: uploadsEveryFrame)
    }

    /// Writes `report` as pretty-printed JSON with sorted keys to `path`.
    /// Writes the report as JSON to `path`, or to standard output for `-`.
    public static func writeJSON(_ report: BenchReport, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(report)
        if path == "-" {
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            try data.write(to: URL(fileURLWithPath: path))
        }
    }

    /// The progress line for a terminal: written over itself on standard error.
    public static func printProgress(_ line: String) {
        // Only to a person watching: logs and pipes get no escape codes.
        guard isatty(STDERR_FILENO) != 0 else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    /// What the table's columns mean, printed under it (`strata bench`); the JSON's fields say
    /// the same in `SceneResult`'s documentation.
    public static let legend = """
        columns:
          layers       layers in the scene's tree
          walked       layers the frame planner visited per frame (resting layers are left out)
          frame ms     wall time from the main thread's change to the frame finished on the GPU: median, then p90, p99, max
          jitter       frame pacing: the frame time's p99 minus its median (monotonic clock), in milliseconds
          main ms      main-thread CPU per frame: the change, layout, drawing, building the commit (median)
          render ms    render-thread wall time per frame: animations, planning, drawing, waiting for the GPU (median)
          issue µs/L   render-thread CPU walking the tree and issuing GL, per layer, in microseconds
          draws        draw calls per frame;  binds: texture binds per frame
          drawn        frames actually drawn (the others showed what was there: nothing changed)
          ×floor       Strata's median frame over the raw-GL floor's (the same quads, one draw per run): 1.00 is the floor
          floor µs/L   the floor's CPU per layer to issue the same pixels, in microseconds
          ÷1-draw      raw GL with one draw call per quad, its frame time over Strata's (only where every frame redrew whole)
          GPU ms       GPU time from timer queries (median); - where the driver has none
        """

    /// The report as a table, one scene per line.
    public static func table(_ report: BenchReport) -> String {
        func row(_ cells: [String]) -> String {
            zip(cells, [-15, 8, 7, 9, 8, 8, 8, 7, 9, 9, 10, 7, 7, 6, 8, 8, 8, 8]).map { cell, width in
                let pad = String(repeating: " ", count: max(0, abs(width) - cell.count))
                return width < 0 ? cell + pad : pad + cell
            }.joined(separator: " ")
        }
        var lines = [
            "Strata bench: \(report.size), \(report.framesPerScene) frames per scene, \(report.renderer)",
            row([
                "scene", "layers", "walked", "frame ms", "p90", "p99", "max", "jitter", "main ms", "render ms", "issue µs/L", "draws", "binds", "drawn", "×floor", "floor µs/L",
                "÷1-draw",
                "GPU ms",
            ]),
        ]
        func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }
        for r in report.scenes {
            lines.append(
                row([
                    r.scene, "\(r.layers)", f(r.layersVisitedPerFrame, 0), f(r.frameMilliseconds.median), f(r.frameMilliseconds.p90), f(r.frameMilliseconds.p99),
                    f(r.frameMilliseconds.max), f(r.frameJitterMilliseconds), f(r.mainThreadMilliseconds.median), f(r.renderMilliseconds.median),
                    f(r.issueMicrosecondsPerLayer, 3), f(r.drawCallsPerFrame, 0), f(r.textureBindsPerFrame, 0), "\(r.framesRedrawn)",
                    r.ratioToFloor.map { f($0) } ?? "-", r.floorIssueMicrosecondsPerLayer.map { f($0, 3) } ?? "-",
                    r.speedupOverDrawPerLayer.map { f($0) } ?? "-", r.gpuMilliseconds.map { f($0.median) } ?? "-",
                ]))
        }
        lines.append(
            "floor (raw GL, same quads, one draw per run of textured or plain quads), median ms: "
                + report.scenes.map { "\($0.scene) \($0.floorMilliseconds.map { f($0.median) } ?? "-")" }.joined(separator: ", "))
        lines.append(
            "one draw call per quad (raw GL, same quads; ÷1-draw is its frame time over Strata's, where Strata redrew every frame whole), median ms: "
                + report.scenes.map { "\($0.scene) \($0.drawPerLayerMilliseconds.map { f($0.median) } ?? "-")" }.joined(separator: ", "))
        for r in report.scenes {
            if let copy = r.memcpyMilliseconds {
                lines.append(
                    "\(r.scene): \(f(r.uploadedBytesPerFrame / 1_048_576)) MiB uploaded a frame in \(f(r.uploadMilliseconds.median)) ms "
                        + "(render thread) against \(f(copy)) ms for a memcpy of the same bytes (×\(r.uploadRatioToMemcpy.map { f($0) } ?? "-")); "
                        + "main thread (draw, copy out) \(f(r.mainThreadMilliseconds.median)) ms")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The reference for uploads: a memcpy of the bytes a frame uploads, from one buffer into two
/// destinations in turn, as a texture rewritten every frame is (for small uploads all three may
/// stay in the cache, as the texture may).
final class MemcpyReference {
    private let source: UnsafeMutableRawBufferPointer
    private let destinations: [UnsafeMutableRawBufferPointer]
    private var next = 0

    /// The bytes each copy moves.
    var bytes: Int { source.count }

    init(bytes: Int) {
        source = .allocate(byteCount: bytes, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 0x5A)
        destinations = (0..<2).map { _ in
            let d = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64)
            d.initializeMemory(as: UInt8.self, repeating: 0)  // pages touched: no first-use faults in the timing
            return d
        }
    }

    deinit {
        source.deallocate()
        destinations.forEach { $0.deallocate() }
    }

    /// Copies once and returns the milliseconds it took.
    func copyOnce() -> Double {
        let destination = destinations[next]
        next = (next + 1) % destinations.count
        let start = MonotonicTime.now()
        memcpy(destination.baseAddress!, source.baseAddress!, source.count)
        return (MonotonicTime.now() - start) * 1000
    }
}

/// Why a benchmark run could not start.
public enum BenchError: Error, CustomStringConvertible {
    case unknownScene(String, known: [String])

    public var description: String {
        switch self {
        case .unknownScene(let name, let known): "no benchmark scene is called \"\(name)\"; the scenes are \(known.joined(separator: ", "))"
        }
    }
}

/// One benchmark scene shown on a screen of its own, built and warmed up, stepped a frame at a
/// time, with its raw-GL floor beside it: what `strata bench` and the Benchmarks package's scene
/// suite both measure. Main actor.
@MainActor
public final class BenchSceneSession {
    /// The scene.
    public let scene: BenchScene
    /// The screen it is shown on (its compositor's offscreen target, `size` pixels).
    public let screen: UIScreen
    /// The window filling the screen, which the scene is built in.
    public let window: UIWindow
    /// What the floor draws for it: every visible view's quad, as the scene stands after its build.
    public let picture: FloorPicture
    private let floor: FloorRenderer
    private var index = 0

    /// Builds `scene` at `size` on `compositor`, renders three warm-up frames (uploads, shader
    /// variants, pools) and draws two floor frames.
    /// - Throws: a GL error from a frame or from the floor.
    public init(_ scene: BenchScene, compositor: Compositor, floor: FloorRenderer, size: PixelSize) async throws {
        self.scene = scene
        self.floor = floor
        screen = UIScreen(size: CGSize(width: size.width, height: size.height), compositor: compositor)
        window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()
        scene.build(in: window)
        picture = BenchHarness.floorPicture(of: window, size: size, uploadsEveryFrame: scene.uploadsEveryFrame)
        for i in 0..<3 {
            scene.step(-1 - i, window: window)
            _ = try await screen.renderFrame(readBack: false)
        }
        if scene.hasFloor { _ = try floor.measure(picture, frames: 2) }
    }

    /// Makes the scene's change for frame `index` and commits it (main-thread work only).
    public func step(_ index: Int) {
        scene.step(index, window: window)
        CATransaction.flush()
    }

    /// One whole frame: the next change, its commit, and the frame rendered (no read-back).
    /// - Returns: the frame's statistics.
    public func frame() async throws -> FrameStatistics {
        step(index)
        index += 1
        return try await screen.renderFrame(readBack: false).statistics
    }

    /// One frame of the floor: the same quads with raw GL, in milliseconds of wall time; nil for
    /// a scene without a floor.
    public func floorFrame() throws -> Double? {
        guard scene.hasFloor else { return nil }
        return try floor.measure(picture, frames: 1)[0].milliseconds
    }
}
