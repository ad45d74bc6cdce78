// What embedding costs: a 1,000-layer scene (rotated translucent 64×64 squares in 16 colours at
// seeded positions) drawn by a HostRenderer into a host's framebuffer on the host's GL thread
// (GL state recorded and restored around every frame, the whole tree redrawn: the root's colour
// changes every frame), against Strata's own render thread drawing the same scene and change
// into its offscreen target; the host's frames with nothing changing (the last frame's draw
// calls issued again, no walk), against the host's own clear of its framebuffer; and the GL
// state snapshot alone. At 1920×1080 (320×180 in a smoke run).
//   cd Benchmarks && swift package benchmark --target EmbedBenchmarks
import Benchmark
import Foundation
import StrataBenchmarkSupport
import StrataCompositor
import StrataCore
import StrataGL

let size = isSmokeRun ? PixelSize(width: 320, height: 180) : PixelSize(width: 1920, height: 1080)

let benchmarks: @Sendable () -> Void = {
    compare(
        "embedded frame, 1,000 layers redrawn (reference: the same frame on Strata's own render thread, offscreen)",
        setup: { @MainActor () async throws -> (Host, Compositor) in
            let compositor = try Compositor()
            try compositor.submit(scene(root: rootID))
            return (try Host(), compositor)
        },
        strata: { s, round in try s.0.frame(changing: round) },
        reference: { s, round in
            try s.1.submit(background(round))
            _ = try await s.1.renderFrame(size: size, readBack: false)
        },
        teardown: { s in
            try s.0.release()
            await s.1.shutdown()
        })

    compare(
        "embedded frame, nothing changed: the last frame replayed (reference: the host's own clear of its framebuffer)",
        setup: { @MainActor () throws -> Host in
            let host = try Host()
            try host.frame(changing: 0)
            return host
        },
        strata: { host, _ in try host.frame(changing: nil) },
        reference: { host, _ in try host.clear() },
        teardown: { host in try host.release() })

    compare(
        "GL state snapshot around a host frame: capture + prepare + restore, 1,000 times",
        setup: { @MainActor () throws -> Host in try Host() },
        strata: { host, _ in try host.snapshots(1000) },
        reference: nil,
        teardown: { host in try host.release() })
}

let rootID = LayerID.make()

/// 1,000 rotated translucent 64×64 squares under a full-size root.
func scene(root: LayerID) -> Commit {
    var commit = Commit([.createLayer(root), .setRoot(root)])
    commit.set(root, .bounds(Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))))
    commit.set(root, .position(Point(x: Double(size.width) / 2, y: Double(size.height) / 2)))
    var seed: UInt64 = 42
    func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    for i in 0..<1000 {
        let id = LayerID.make()
        commit.append(.createLayer(id))
        commit.append(.insertSublayer(id, parent: root, index: nil))
        commit.set(id, .bounds(Rect(x: 0, y: 0, width: 64, height: 64)))
        commit.set(id, .position(Point(x: random() * Double(size.width), y: random() * Double(size.height))))
        commit.set(id, .transform(Transform3D(rotationAngle: random() * 2 * .pi, x: 0, y: 0, z: 1)))
        commit.set(id, .opacity(0.8))
        commit.set(id, .backgroundColor(Color(red: Float(i % 4) / 3, green: Float(i / 4 % 4) / 3, blue: 0.5)))
    }
    return commit
}

/// The root's colour for frame `index`: two whites in turn, so the whole tree redraws.
func background(_ index: Int) -> Commit {
    Commit([.set(rootID, .backgroundColor(index % 2 == 0 ? .white : Color(red: 0.99, green: 0.99, blue: 0.99)))])
}

/// The host: a GL thread of its own, a context Strata's GL layer makes (standing in for the
/// host's), a framebuffer, and a HostRenderer adopting that context with the scene submitted.
final class Host: @unchecked Sendable {
    let thread = OwnThread(name: "bench.host")
    // The thread's only: made, used and released there.
    private var context: GLContext?
    private var framebuffer: GLFramebuffer?
    private var renderer: HostRenderer?

    init() throws {
        try thread.run { [self] in
            let context = try GLContext(connection: EGLConnection.open())
            framebuffer = try GLFramebuffer(context: context, width: size.width, height: size.height)
            let renderer = try HostRenderer()
            try renderer.compositor.submit(scene(root: rootID))
            (self.context, self.renderer) = (context, renderer)
        }
    }

    /// One frame into the framebuffer, finished on the GPU: the root's colour for `changing`
    /// first, or nothing changed (nil).
    func frame(changing index: Int?) throws {
        try thread.run { [self] in
            if let index { try renderer!.compositor.submit(background(index)) }
            let target = HostFramebuffer(
                framebuffer: framebuffer!.rawValue, viewport: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
            _ = try renderer!.render(into: target)
            context!.finish()
        }
    }

    /// The host's own frame: a clear of its framebuffer, finished on the GPU.
    func clear() throws {
        try thread.run { [self] in
            framebuffer!.clear(red: 0, green: 0, blue: 0.3, alpha: 1)
            context!.finish()
        }
    }

    /// `count` state snapshots taken, prepared for Strata and restored.
    func snapshots(_ count: Int) throws {
        try thread.run {
            for _ in 0..<count {
                let snapshot = GLStateSnapshot.capture()
                snapshot.prepareForStrata()
                snapshot.restore()
            }
        }
    }

    /// Releases the renderer, the framebuffer and the context on their thread.
    func release() throws {
        try thread.run { [self] in
            renderer?.release()
            renderer = nil
            framebuffer = nil
            context?.destroy()
            context = nil
        }
    }
}
