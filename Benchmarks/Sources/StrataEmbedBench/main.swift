import Foundation
import StrataCompositor
import StrataCore
import StrataGL

// What embedding costs: the same 1,000-layer scene drawn by a HostRenderer into a host's
// framebuffer (GL state recorded and restored around every frame, the whole tree redrawn) and by
// Strata's own render thread into its offscreen target (redrawn whole too: the root's colour
// changes every frame), in the same run; the host's frames again with nothing changing (each the
// last frame's draw calls issued again, no walk); and the state snapshot alone.
//
//   swift run -c release StrataEmbedBench [--frames N] [--size WxH]

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let frames = Int(option("--frames") ?? "") ?? 40
let sizeParts = (option("--size") ?? "1920x1080").split(separator: "x").compactMap { Int($0) }
let size = PixelSize(width: sizeParts.first ?? 1920, height: sizeParts.last ?? 1080)

/// 1,000 rotated translucent 64×64 squares in 16 colours at seeded positions, under a full-size root.
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

func background(_ frame: Int) -> Commit {
    Commit([.set(rootID, .backgroundColor(frame % 2 == 0 ? .white : Color(red: 0.99, green: 0.99, blue: 0.99)))])
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let rootID = LayerID.make()

/// Runs `body` on a thread of its own (a host's GL thread) and waits for it.
func onThread<T>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    nonisolated(unsafe) var result: Result<T, any Error>?
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result = Result { try body() }
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    done.wait()
    return try result!.get()
}

// Host side: a context Strata's GL layer makes (standing in for the host's), a framebuffer, and
// HostRenderer adopting that context.
let host = try onThread { () -> (embedded: [Double], snapshot: Double, hostClear: [Double], unchanged: [Double], issue: [Double], unchangedIssue: [Double]) in
    let context = try GLContext(connection: EGLConnection.open())
    let fbo = try GLFramebuffer(context: context, width: size.width, height: size.height)
    let strata = try HostRenderer()
    let root = rootID
    _ = root
    try strata.compositor.submit(scene(root: rootID))
    let target = HostFramebuffer(framebuffer: fbo.rawValue, viewport: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    var embedded: [Double] = [], unchanged: [Double] = []
    var issue: [Double] = [], unchangedIssue: [Double] = []
    var hostClear: [Double] = []
    // Rounds of ten frames alternate: the root's colour changing, then nothing changing.
    for frame in 0..<(2 * frames + 6) {
        let changing = frame / 10 % 2 == 0
        // The host's own frame: a clear of its framebuffer.
        let clearStart = MonotonicTime.now()
        fbo.clear(red: 0, green: 0, blue: 0.3, alpha: 1)
        context.finish()
        let clearTime = (MonotonicTime.now() - clearStart) * 1000
        if changing { try strata.compositor.submit(background(frame)) }
        let start = MonotonicTime.now()
        let statistics = try strata.render(into: target)
        context.finish()
        if frame % 10 >= 2 {  // the first two of a round settle
            if changing {
                embedded.append((MonotonicTime.now() - start) * 1000)
                issue.append(statistics.issueMilliseconds)
                hostClear.append(clearTime)
            } else {
                unchanged.append((MonotonicTime.now() - start) * 1000)
                unchangedIssue.append(statistics.issueMilliseconds)
            }
        }
    }
    // The state snapshot alone: capture, prepare, restore.
    let iterations = 20_000
    let snapStart = MonotonicTime.now()
    for _ in 0..<iterations {
        let s = GLStateSnapshot.capture()
        s.prepareForStrata()
        s.restore()
    }
    let snapshot = (MonotonicTime.now() - snapStart) / Double(iterations) * 1e6
    strata.release()
    _ = fbo
    return (embedded, snapshot, hostClear, unchanged, issue, unchangedIssue)
}

// Strata's own render thread, offscreen, the same scene and changes.
let compositor = try Compositor()
try compositor.submit(scene(root: LayerID(rawValue: rootID.rawValue)))
var offscreen: [Double] = []
for frame in 0..<(frames + 3) {
    try compositor.submit(background(frame))
    let start = MonotonicTime.now()
    _ = try await compositor.renderFrame(size: size, readBack: false)
    if frame >= 3 { offscreen.append((MonotonicTime.now() - start) * 1000) }
}
await compositor.shutdown()

let e = median(host.embedded), o = median(offscreen)
print("1,000 layers at \(size), \(frames) frames, medians:")
print(String(format: "  embedded (HostRenderer into the host's framebuffer): %.2f ms", e))
print(String(format: "  offscreen (Strata's render thread):                 %.2f ms   embedded / offscreen %.2f×", o, e / o))
print(
    String(
        format: "  embedded, nothing changing (last frame replayed):   %.2f ms   over changing %.2f×",
        median(host.unchanged), median(host.unchanged) / e))
print(
    String(
        format: "  issue CPU (render thread, tree walk and GL calls): changing %.3f ms, unchanged %.3f ms (%.3f×)",
        median(host.issue), median(host.unchangedIssue), median(host.unchangedIssue) / median(host.issue)))
print(String(format: "  the host's own clear of its framebuffer:            %.2f ms", median(host.hostClear)))
print(
    String(
        format: "  GL state snapshot (capture + prepare + restore):    %.1f µs per frame (%.2f %% of the embedded frame)",
        host.snapshot, host.snapshot / 10 / e))
