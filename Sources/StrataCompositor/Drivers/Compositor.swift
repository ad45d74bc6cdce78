import Foundation
import StrataCore
import StrataGL

/// How a compositor opens the GPU and keeps time.
public struct CompositorConfiguration: Sendable {
    /// The EGL platform to use; nil tries `STRATA_EGL_PLATFORM`, then device, surfaceless and GBM.
    public var platform: EGLPlatform?
    /// Where frame times come from: virtual (fixed steps, the default) or monotonic.
    public var clock: FrameClock
    /// What the renderer shows to help debugging (by default what `STRATA_DEBUG` names).
    public var debug: DebugOptions

    /// Creates a configuration; the defaults pick the platform automatically, use a 60 Hz virtual
    /// clock and take the debug switches from `STRATA_DEBUG`.
    public init(platform: EGLPlatform? = nil, clock: FrameClock = .virtual60, debug: DebugOptions = .fromEnvironment()) {
        self.platform = platform
        self.clock = clock
        self.debug = debug
    }
}

/// One rendered frame: its pixels (when read back) and what it cost.
public struct RenderedFrame: Sendable {
    /// The target's pixels: RGBA8, premultiplied alpha, top row first; nil when not read back.
    public var image: RGBAImage?
    /// The frame's number, time and costs.
    public var statistics: FrameStatistics

    /// A frame of `statistics`, with its pixels when read back (a sink of one's own answers so).
    public init(image: RGBAImage?, statistics: FrameStatistics) {
        self.image = image
        self.statistics = statistics
    }
}

/// Errors of the compositor itself (the GL platform's are `GLError`, a commit's `CommitError`).
public enum CompositorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The compositor was shut down; create a new one.
    case shutDown
    /// A render target size outside 1...limit on a side.
    case targetSizeOutOfRange(PixelSize, limit: Int)

    public var description: String {
        switch self {
        case .shutDown:
            "the compositor has been shut down; create a new Compositor to render again"
        case .targetSizeOutOfRange(let size, let limit):
            "a render target of \(size) pixels is out of range: each side must be 1...\(limit) on this GPU (GL_MAX_TEXTURE_SIZE / GL_MAX_RENDERBUFFER_SIZE / GL_MAX_VIEWPORT_DIMS)"
        }
    }
}

/// A GPU compositor with its own render thread, turning a tree of layers into pixels offscreen.
///
/// Overall design: the compositor starts a thread that creates an OpenGL ES 3 context and owns
/// it, and every GL object, for its whole life (`RenderThread`). The layer tree reaches that
/// thread only as `Commit` values through one queue; frames are rendered and read back there and
/// handed back to `await`ing callers. Any thread may call any method: `submit` never waits for the
/// render thread, and `renderFrame` suspends its caller rather than blocking a thread. (A host
/// application's thread drives a `HostCompositor` instead: see `HostRenderer`.)
public final class Compositor: Sendable {
    /// The GPU and EGL platform in use, with their limits.
    public let gpu: GLInfo
    /// Where frame times come from: animations' begin times are on this clock.
    public let clock: FrameClock
    let inbox: RenderInbox
    private let quiet = Locked(QuietState())

    /// Starts the render thread and creates the GL context there.
    ///
    /// Blocks the caller until the context exists (tens of milliseconds), so that a machine
    /// with no usable GPU or a shader that fails to compile is an error here.
    /// - Throws: `GLError.noPlatform` listing every EGL platform tried and why it failed,
    ///   `GLError.shaderCompile` / `.programLink` with the driver's log, or another `GLError`.
    public init(configuration: CompositorConfiguration = CompositorConfiguration()) throws {
        let started = StartupResult()
        let inbox = RenderInbox()
        self.inbox = inbox
        clock = configuration.clock
        let thread = Thread {
            ThreadOwner.nameCurrentThread("strata.render")  // as profilers and debuggers show it
            let loop: RenderThread
            do {
                loop = try RenderThread(configuration: configuration)
            } catch {
                EGLConnection.releaseThread()
                started.finish(.failure(error))
                return
            }
            // Registered once EGL is initialised, so the process's exit stops this thread and
            // waits for it before EGL's own exit handler runs (see GLThreads).
            let registration = GLThreads.started { _ = inbox.push(.shutdown(nil)) }
            started.finish(.success(loop.server.context.info))
            let (reply, counts) = loop.run(inbox: inbox)
            // Answered once the thread has let go of EGL, so a caller that exits the process
            // after `shutdown()` never races the thread's teardown.
            EGLConnection.releaseThread()
            reply?.resume(returning: counts)
            GLThreads.finished(registration)
        }
        thread.name = "strata.render"
        thread.stackSize = 16 << 20  // deep layer trees recurse
        thread.start()
        gpu = try started.wait()
    }

    deinit {
        inbox.push(.shutdown(nil))
    }

    /// Frames of this compositor are drawn only when asked for (`renderFrame`), and answered
    /// there: the handler is kept for `CommitSink`'s sake and never called.
    public func setFramePresentedHandler(_ handler: (@Sendable (Result<FrameStatistics, any Error>) -> Void)?) {}

    /// How many non-empty commits were submitted (and accepted) so far.
    public var commitsSubmitted: Int { inbox.commitsSubmitted }

    /// Sends one transaction's changes to the render thread, after checking every value in it.
    ///
    /// Any thread; never waits for the render thread. Commits apply in the order they are
    /// submitted. A commit the render tree refuses (an unknown layer, a cycle) changes nothing,
    /// and its error is thrown by the next `renderFrame`.
    /// - Throws: `CommitError` for a value that cannot be shown (nothing is sent), or
    ///   `CompositorError.shutDown`.
    public func submit(_ commit: Commit) throws {
        guard !commit.isEmpty else { return }
        try commit.validate(maxTextureSize: gpu.maxTextureSize)
        // The quiet state learns of the commit as it is queued, so a frame asked for after
        // `submit` returns is never answered from a rest that predates it.
        try quiet.withLock { state in state.disturb(submits: try inbox.submit(commit, checkingAgainst: nil)) }
    }

    /// Renders the current tree into an offscreen target of `size` and reads the pixels back.
    ///
    /// Any thread or task. Commits submitted before the call are in the frame.
    /// - Throws: `CompositorError.targetSizeOutOfRange` naming the size and the GPU's limit, the
    ///   error of a refused commit, `GLError.contextLost` after a GPU reset, or `CompositorError.shutDown`.
    nonisolated(nonsending) public func renderFrame(size: PixelSize, clearColor: Color = .clear, readBack: Bool = true) async throws -> RenderedFrame {
        try checkTargetSize(size)
        var request = FrameRequest(size: size, clearColor: clearColor, readBack: readBack)
        // Nothing submitted and nothing animating since a frame that drew nothing: this frame
        // would be the same, so it is answered here, without a trip to the render thread (which
        // counts it when the next request tells it how many it missed).
        if let frame = quiet.withLock({ $0.skip(request, clock: clock) }) { return frame }
        let epoch = quiet.withLock { state in
            request.skippedBefore = state.takeSkippedFrames()
            return state.submits
        }
        let frame = try await inbox.frame(request)
        quiet.withLock { $0.rendered(frame, for: request, epoch: epoch) }
        return frame
    }

    /// Takes the next frame without drawing it (see `CommitSink.advanceFrame(size:)`): commits
    /// submitted before the call are applied and animations move to the frame's time, at the cost
    /// of the tree's bookkeeping alone. The next `renderFrame` draws the whole target.
    ///
    /// Any thread or task.
    /// - Throws: `CompositorError.targetSizeOutOfRange`, the error of a refused commit, or
    ///   `CompositorError.shutDown`.
    nonisolated(nonsending) public func advanceFrame(size: PixelSize) async throws -> FrameStatistics {
        try checkTargetSize(size)
        var request = FrameRequest(size: size, clearColor: .clear, readBack: false)
        request.draws = false
        // The target will not show this frame: no later frame may be answered from the rest.
        request.skippedBefore = quiet.withLock { state in
            state.forgetRest()
            return state.takeSkippedFrames()
        }
        let frame = try await inbox.frame(request)
        quiet.withLock { $0.forgetRest() }
        return frame.statistics
    }

    /// Releases the tree and every GL object, destroys the context and ends the render thread.
    ///
    /// Returns the GL objects still alive just before the context went: all zero unless
    /// something leaked. Later calls to the compositor throw `CompositorError.shutDown`.
    @discardableResult
    public func shutdown() async -> GLObjectCounts { await inbox.shutdown() }

    /// The GL objects alive now in the compositor's context, by kind.
    public func liveGLObjects() async -> GLObjectCounts { await inbox.liveObjects() }
}

/// Whether the render tree is at rest: the last frame drew nothing, no animation runs, and
/// nothing was submitted since. A plain value, shared as `Locked<QuietState>`.
private struct QuietState {
    /// The last frame's request, pixels (if read back) and number, while the tree is at rest.
    private var rest: (request: FrameRequest, image: RGBAImage?, index: Int)?
    /// Counts submits: a frame asked for before the latest one says nothing about rest.
    private(set) var submits = 0
    /// Frames answered here in a row; every `checkEvery`th goes to the render thread anyway, so a
    /// lost GPU context is still reported while nothing changes.
    private var skipped = 0
    static let checkEvery = 60
    /// Frames answered here since the last request went to the render thread.
    private var unreported = 0

    /// The frames answered here since the last call (the render thread's frame count catches up).
    mutating func takeSkippedFrames() -> Int {
        defer { unreported = 0 }
        return unreported
    }

    /// Something was submitted (`submits` accepted so far): the next frame goes to the render thread.
    mutating func disturb(submits: Int) {
        self.submits = submits
        rest = nil
    }

    /// A frame was taken without drawing: the target no longer shows the tree.
    mutating func forgetRest() { rest = nil }

    /// Remembers a frame from the render thread asked for at `epoch` (`submits` then); the tree
    /// is at rest after it when it drew nothing, nothing animates, and nothing was submitted since.
    mutating func rendered(_ frame: RenderedFrame, for request: FrameRequest, epoch: Int) {
        let s = frame.statistics
        rest = !s.redrawn && s.animatedLayers == 0 && epoch == submits ? (request, frame.image, s.index) : nil
    }

    /// The next frame, when the tree is at rest and `request` asks for what the last one showed
    /// (same size and clear colour; pixels only if the last one read them back); nil otherwise.
    mutating func skip(_ request: FrameRequest, clock: FrameClock) -> RenderedFrame? {
        guard let r = rest, r.request.size == request.size, r.request.clearColor == request.clearColor,
            !request.readBack || r.image != nil, skipped < Self.checkEvery - 1
        else {
            skipped = 0
            return nil
        }
        skipped += 1
        unreported += 1
        let index = r.index + 1
        rest?.index = index
        var statistics = FrameStatistics(index: index, time: clock.time(ofFrame: index))
        statistics.redrawn = false
        statistics.commitsReceived = submits
        return RenderedFrame(image: request.readBack ? r.image : nil, statistics: statistics)
    }
}

/// The render thread's start-up result, handed to the thread that created the compositor.
private final class StartupResult: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<GLInfo, any Error>?

    func finish(_ value: Result<GLInfo, any Error>) {
        condition.lock()
        result = value
        condition.signal()
        condition.unlock()
    }

    func wait() throws -> GLInfo {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return try result!.get()
    }
}
