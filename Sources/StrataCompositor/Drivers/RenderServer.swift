import CGLES3
import Foundation
import Logging
import StrataCore
import StrataGL

// Overall design: the render server is born on the render thread and never leaves it. It owns the
// GL context, the render tree and the renderer. It sleeps on the inbox, applies commits in the
// order they were sent, and renders a frame when one is asked for. A commit the tree refuses
// changes nothing; its error is thrown from the next frame request, so the sender learns of it.

/// The render thread's owner of the context, tree and renderer. Render thread only.
final class RenderServer {
    let context: GLContext
    private let tree: RenderTree
    private var renderer: Renderer?
    private let clock: FrameClock
    private var target: GLFramebuffer?
    private var frameIndex = 0
    /// Commits received so far (applied or refused), reported with each frame.
    private var commitsReceived = 0
    private var pendingError: (any Error)?
    /// Whether `pendingError` came from a commit that otherwise applied (a layer's contents the
    /// GPU refused): the tree is as its sender believes, frames are drawn, the error is reported.
    private var pendingIsDeferred = false
    /// Whether a host frame failed because a commit was refused: the tree lacks it (and the
    /// commits queued after it), so a sender's own model no longer matches the tree.
    private(set) var refusedChanges = false
    /// Whether the target must be drawn again: something changed since the last frame drawn
    /// (a commit, a running animation, a new size or clear colour).
    private var needsRedraw = true
    /// Whether the whole target must be drawn (new target, new clear colour).
    private var fullRedraw = true
    private var lastClearColor: Color?
    /// The timer query measuring each frame's GPU time, where the driver has them.
    private var timerQuery: GLuint = 0
    private static let timeElapsed = GLenum(0x88BF)  // GL_TIME_ELAPSED_EXT
    private static let gpuDisjoint = GLenum(0x8FBB)  // GL_GPU_DISJOINT_EXT
    private static let logger = Logger(label: "strata.render")

    /// Frame requests waiting for the host's next frame (host-driven servers only).
    private var waitingFrames: [(FrameRequest, CheckedContinuation<RenderedFrame, any Error>)] = []
    /// Whether the host application drives frames (`HostRenderer`) rather than the render loop.
    let hostDriven: Bool
    /// The last frame time a host gave, if it gives its own.
    private var lastGivenTime: Double?

    /// When the next frame will be, as far as can be known: the clock's time of the next frame,
    /// or the last time the host gave (a host keeping its own time says the next one itself).
    var nextFrameTime: Double { lastGivenTime ?? clock.time(ofFrame: frameIndex) }

    convenience init(configuration: CompositorConfiguration) throws {
        let connection = try EGLConnection.open(forced: configuration.platform)
        try self.init(context: GLContext(connection: connection), clock: configuration.clock, hostDriven: false, debug: configuration.debug)
    }

    /// A server on `context`, current on the calling thread; destroys the context if it fails.
    init(context: GLContext, clock: FrameClock, hostDriven: Bool, debug: DebugOptions = .fromEnvironment()) throws {
        self.context = context
        do {
            tree = RenderTree(context: context)
            renderer = try Renderer(context: context, debug: debug)
        } catch {
            context.destroy()
            throw error
        }
        self.clock = clock
        self.hostDriven = hostDriven
    }

    /// Handles queued work until shutdown. Returns when the server has released everything.
    func run(inbox: RenderInbox) {
        while handleAll(inbox.takeAll()) {}
        // Shut down: everything still queued is answered.
        for rest in inbox.close() { refuse(rest) }
    }

    /// Handles `batch` in order, letting go of each piece as soon as it is handled (a commit's
    /// pixels may be shared with the sender's backing store, which copies them on its next paint
    /// while anyone else still holds them). Returns false at a shutdown, after answering the rest.
    func handleAll(_ batch: consuming [RenderWork]) -> Bool {
        var pieces: [RenderWork?] = batch.map { $0 }
        _ = consume batch
        for index in pieces.indices {
            let work = pieces[index]!
            pieces[index] = nil
            if !handle(work) {
                for rest in pieces[(index + 1)...] { if let rest { refuse(rest) } }
                return false
            }
        }
        return true
    }

    /// Handles one piece of work; false after shutdown.
    func handle(_ work: RenderWork) -> Bool {
        switch work {
        case .commit(let commit):
            commitsReceived += 1
            guard pendingError == nil || pendingIsDeferred else { return true }  // keep the first error; later commits may depend on the refused one
            do {
                needsRedraw = true
                try tree.apply(commit)
            } catch let error as RenderTree.AppliedWithError {
                // Everything applied but one layer's contents: later commits still fit the tree.
                Self.logger.error("[render] \(error.underlying)")
                if pendingError == nil { (pendingError, pendingIsDeferred) = (error.underlying, true) }
            } catch {
                Self.logger.error("[render] commit refused: \(error)")
                (pendingError, pendingIsDeferred) = (error, false)
            }
        case .frame(let request, let continuation) where hostDriven:
            waitingFrames.append((request, continuation))
        case .frame(let request, let continuation):
            frameIndex += request.skippedBefore
            if let error = pendingError {
                pendingError = nil
                continuation.resume(throwing: error)
            } else {
                continuation.resume(with: Result { try renderFrame(request) })
            }
        case .liveObjects(let continuation):
            continuation.resume(returning: context.liveObjects)
        case .shutdown(let continuation):
            let counts = tearDown()
            if answersShutdownAfterThreadRelease {
                shutdownReply = (continuation, counts)
            } else {
                continuation?.resume(returning: counts)
            }
            return false
        }
        return true
    }

    func refuse(_ work: RenderWork) {
        switch work {
        case .commit: break
        case .frame(_, let continuation): continuation.resume(throwing: CompositorError.shutDown)
        case .liveObjects(let continuation): continuation.resume(returning: GLObjectCounts())
        case .shutdown(let continuation): continuation?.resume(returning: GLObjectCounts())
        }
    }

    private func renderFrame(_ request: FrameRequest) throws -> RenderedFrame {
        let start = MonotonicTime.now()
        let size = request.size
        if target?.width != size.width || target?.height != size.height {
            target = nil
            target = try GLFramebuffer(context: context, width: size.width, height: size.height)
            target?.label("strata frame target \(size.width)×\(size.height)")
            needsRedraw = true
            fullRedraw = true
        }
        if lastClearColor != request.clearColor {
            lastClearColor = request.clearColor
            needsRedraw = true
            fullRedraw = true
        }
        guard let target else { fatalError("unreachable: the target was just created") }
        var statistics = try draw(into: DrawTarget(target), clearColor: request.clearColor, time: nil)
        var image: RGBAImage?
        if request.readBack {
            let readStart = MonotonicTime.now()
            image = RGBAImage(size: size, pixels: try target.readPixels())
            statistics.readbackMilliseconds = (MonotonicTime.now() - readStart) * 1000
        } else if statistics.redrawn {
            glFinish()
        }
        readTimer(&statistics)
        try context.checkReset()
        statistics.renderMilliseconds = (MonotonicTime.now() - start) * 1000 - statistics.readbackMilliseconds
        return RenderedFrame(image: image, statistics: statistics)
    }

    /// Draws the next frame into `target` (at `time`, or the clock's time of the frame), redrawing
    /// only what changed unless the target's pixels are unknown. Does not wait for the GPU.
    func draw(into target: DrawTarget, clearColor: Color?, time: Double?) throws -> FrameStatistics {
        let index = frameIndex
        frameIndex += 1
        guard let renderer else { throw CompositorError.shutDown }
        lastGivenTime = time
        let time = time ?? clock.time(ofFrame: index)
        let animationStart = ThreadCPUTime.now()
        let animatedLayers = tree.animatedLayerCount
        if animatedLayers > 0 || tree.hasLiveContents { needsRedraw = true }
        tree.advanceAnimations(to: time)
        let animationMilliseconds = (ThreadCPUTime.now() - animationStart) * 1000
        var statistics = FrameStatistics(index: index, time: time)
        statistics.commitsReceived = commitsReceived
        (statistics.uploadedBytes, statistics.uploadMilliseconds) = tree.takeUploads()
        if needsRedraw {
            let damage = tree.takeDamage()
            let timed = context.info.hasTimerQuery && !hostDriven  // a host's own query may be running
            if timed {
                if timerQuery == 0 { glGenQueries(1, &timerQuery) }
                glBeginQuery(Self.timeElapsed, timerQuery)
            }
            // The time to issue the frame, without the timer query that measures the GPU's part.
            let cpuStart = ThreadCPUTime.now()
            var cpuEnd = cpuStart
            do {
                defer {
                    cpuEnd = ThreadCPUTime.now()
                    if timed { glEndQuery(Self.timeElapsed) }
                }
                statistics = try renderer.render(
                    root: tree.root, into: target, clearColor: clearColor, statistics: statistics,
                    fullRedraw: damage.full || fullRedraw, damage: damage.region, treeVersion: tree.version)
            } catch {
                // A frame that fails part way leaves the target unknown: the next one draws it all.
                tree.invalidate()
                throw error
            }
            statistics.issueMilliseconds = (cpuEnd - cpuStart) * 1000
            needsRedraw = false
            fullRedraw = false
        } else {
            statistics.redrawn = false  // nothing changed: the target already shows this frame
        }
        statistics.animatedLayers = animatedLayers
        statistics.animationMilliseconds = animationMilliseconds
        return statistics
    }

    /// A host-driven frame: applies `work` (queued commits and requests), then draws the whole
    /// tree over what `target` holds (the host's pixels, so nothing of the last frame is reused)
    /// and answers the frames the main thread is waiting for. Returns false in `alive` when
    /// `work` held a shutdown: everything is released and nothing is drawn.
    func hostFrame(into target: DrawTarget, time: Double?, work: consuming [RenderWork]) throws -> (statistics: FrameStatistics?, alive: Bool) {
        guard handleAll(work) else { return (nil, false) }
        if let error = pendingError, !pendingIsDeferred {
            pendingError = nil
            refusedChanges = true
            tree.invalidate()
            for (_, continuation) in waitingFrames { continuation.resume(throwing: error) }
            waitingFrames = []
            throw error
        }
        let start = MonotonicTime.now()
        needsRedraw = true
        fullRedraw = true
        var statistics: FrameStatistics
        do {
            // No reset poll: the host's context reports its reset once, to the host.
            statistics = try draw(into: target, clearColor: nil, time: time)
        } catch {
            for (_, continuation) in waitingFrames { continuation.resume(throwing: error) }
            waitingFrames = []
            throw error
        }
        statistics.renderMilliseconds = (MonotonicTime.now() - start) * 1000
        let waiting = waitingFrames
        waitingFrames = []
        var image: RGBAImage?
        let deferred = pendingError
        pendingError = nil
        for (request, continuation) in waiting {
            if let deferred {
                continuation.resume(throwing: deferred)
                continue
            }
            if request.readBack, image == nil {
                let readStart = MonotonicTime.now()
                image = Self.readViewport(of: target)
                statistics.readbackMilliseconds = (MonotonicTime.now() - readStart) * 1000
            }
            continuation.resume(returning: RenderedFrame(image: request.readBack ? image : nil, statistics: statistics))
        }
        // Drawn, with every change applied but a layer's contents the GPU refused: say so now.
        if let deferred { throw deferred }
        return (statistics, true)
    }

    /// The drawn area of a host's framebuffer, top row first (premultiplied RGBA8 as drawn).
    static func readViewport(of target: DrawTarget) -> RGBAImage {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        let w = target.width, h = target.height
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        pixels.withUnsafeMutableBytes {
            glReadPixels(GLint(target.origin.x), GLint(target.origin.y), GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        while glGetError() != GLenum(GL_NO_ERROR) {}  // a framebuffer that cannot be read (multisampled): zeros, no error left behind
        let size = PixelSize(width: w, height: h)
        return target.yUp ? RGBAImage(size: size, bottomRowFirst: pixels) : RGBAImage(size: size, pixels: pixels)
    }

    /// Reads the finished frame's GPU time into `statistics`, where the driver measured it.
    func readTimer(_ statistics: inout FrameStatistics) {
        if statistics.redrawn, context.info.hasTimerQuery, timerQuery != 0 {
            // The frame has finished (read back or glFinish): the result is there to read.
            var disjoint: GLint = 0
            glGetIntegerv(Self.gpuDisjoint, &disjoint)
            var nanoseconds: GLuint = 0
            glGetQueryObjectuiv(timerQuery, GLenum(GL_QUERY_RESULT), &nanoseconds)
            if disjoint == 0 { statistics.gpuMilliseconds = Double(nanoseconds) / 1e6 }
        }
    }

    /// Releases every GL object, reports what is still alive, and destroys the context.
    /// Gives up on the context without a GL call (it cannot be reached safely): frames waiting
    /// fail with `shutDown`, and the objects are left to the context's owner.
    func abandon() {
        for (_, continuation) in waitingFrames { continuation.resume(throwing: CompositorError.shutDown) }
        waitingFrames = []
        context.abandon()
    }

    /// Set by a render thread of Strata's own: the shutdown is answered by `answerShutdown()`
    /// once the thread has released its EGL state, not as soon as the context is gone, so a
    /// caller that exits the process after `shutdown()` never races the thread's teardown.
    var answersShutdownAfterThreadRelease = false
    private var shutdownReply: (CheckedContinuation<GLObjectCounts, Never>?, GLObjectCounts)?

    /// Answers a shutdown kept by `answersShutdownAfterThreadRelease`.
    func answerShutdown() {
        guard let (continuation, counts) = shutdownReply else { return }
        shutdownReply = nil
        continuation?.resume(returning: counts)
    }

    func tearDown() -> GLObjectCounts {
        for (_, continuation) in waitingFrames { continuation.resume(throwing: CompositorError.shutDown) }
        waitingFrames = []
        guard context.isAlive else { return context.liveObjects }  // already torn down
        if timerQuery != 0 { glDeleteQueries(1, &timerQuery); timerQuery = 0 }
        tree.removeAll()
        target = nil
        renderer = nil
        let counts = context.liveObjects
        context.destroy()
        return counts
    }
}
