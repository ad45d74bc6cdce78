import Foundation
import Logging
import StrataCore
import StrataGL

// Overall design: the render server is the part of the render side both drivers share. It is born
// on the GL thread and never leaves it: it owns the render tree and the renderer over one GL
// context, applies commits in the order they were sent, and draws a frame into whatever target a
// driver hands it. It does not know who asks for frames: Strata's own render thread
// (`RenderThread`, frames drawn when the main thread asks, offscreen) and a host application's
// thread (`HostRenderer`, frames drawn when the host renders) each drive it with their own story.
// A commit the tree refuses changes nothing; its error waits in `pendingError` until the driver
// reports it with the next frame, so the sender learns of it.

/// The render side's owner of the tree and renderer over one GL context. GL thread only.
final class RenderServer {
    let context: GLContext
    private let tree: RenderTree
    private var renderer: Renderer?
    let clock: FrameClock
    /// The next frame's number.
    private(set) var frameIndex = 0
    /// Commits received so far (applied or refused), reported with each frame.
    private var commitsReceived = 0
    /// The error of the first commit refused since the driver last took it.
    private(set) var pendingError: (any Error)?
    /// Whether `pendingError` came from a commit that otherwise applied (a layer's contents the
    /// GPU refused): the tree is as its sender believes, frames are drawn, the error is reported.
    private(set) var pendingIsDeferred = false
    /// Whether the target must be drawn again: something changed since the last frame drawn
    /// (a commit, a running animation, a new size or clear colour).
    private var needsRedraw = true
    /// Whether the whole target must be drawn (new target, new clear colour).
    private var fullRedraw = true
    private var lastClearColor: Color??
    /// The timer query measuring each frame's GPU time, where the driver has them.
    private var timerQuery: UInt32 = 0
    /// The last frame time a host gave, if it gives its own.
    private var lastGivenTime: Double?
    static let logger = Logger(label: "strata.render")

    /// When the next frame will be, as far as can be known: the clock's time of the next frame,
    /// or the last time the host gave (a host keeping its own time says the next one itself).
    var nextFrameTime: Double { lastGivenTime ?? clock.time(ofFrame: frameIndex) }

    /// A server on `context`, current on the calling thread; destroys the context if it fails.
    init(context: GLContext, clock: FrameClock, debug: DebugOptions = .fromEnvironment()) throws {
        self.context = context
        do {
            tree = RenderTree(context: context)
            renderer = try Renderer(context: context, debug: debug)
        } catch {
            context.destroy()
            throw error
        }
        self.clock = clock
    }

    /// What handling one piece of work asks of the driver.
    enum Handled {
        /// Go on with the next piece.
        case handled
        /// A frame is asked for: the driver draws it (now, or when its host renders) and answers.
        case frame(FrameRequest, CheckedContinuation<RenderedFrame, any Error>)
        /// Shut down: the driver lets go of its own GL objects, calls `tearDown()`, answers the
        /// continuation (if any) with the counts it returns and refuses whatever is queued after.
        case shutdown(CheckedContinuation<GLObjectCounts, Never>?)
    }

    /// Handles one piece of work that needs no driver, and says what the driver must do for the rest.
    func handle(_ work: RenderWork) -> Handled {
        switch work {
        case .commit(let commit):
            apply(commit)
            return .handled
        case .frame(let request, let continuation):
            return .frame(request, continuation)
        case .liveObjects(let continuation):
            continuation.resume(returning: context.liveObjects)
            return .handled
        case .shutdown(let continuation):
            return .shutdown(continuation)
        }
    }

    /// Answers work that arrived after a shutdown: frames fail with `CompositorError.shutDown`.
    static func refuse(_ work: RenderWork) {
        switch work {
        case .commit: break
        case .frame(_, let continuation): continuation.resume(throwing: CompositorError.shutDown)
        case .liveObjects(let continuation): continuation.resume(returning: GLObjectCounts())
        case .shutdown(let continuation): continuation?.resume(returning: GLObjectCounts())
        }
    }

    /// Applies `commit` to the tree, keeping the first error: after a refused commit later ones
    /// are dropped (they may depend on it) until the driver takes the error.
    func apply(_ commit: Commit) {
        commitsReceived += 1
        guard pendingError == nil || pendingIsDeferred else { return }
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
    }

    /// Returns the pending commit error (nil if none) and forgets it.
    func takePendingError() -> (any Error)? {
        defer { pendingError = nil }
        return pendingError
    }

    /// Counts `count` frames answered without drawing (nothing could have changed in them): the
    /// next frame's number is that much further on.
    func skipFrames(_ count: Int) { frameIndex += count }

    /// The target's pixels are unknown (a new target, or a frame that failed part way): the next
    /// frame draws everything.
    func invalidate() {
        needsRedraw = true
        fullRedraw = true
        tree.invalidate()
    }

    /// Draws the next frame into `target` (at `time`, or the clock's time of the frame), redrawing
    /// only what changed unless the target's pixels are unknown (`whole`, or a new clear colour).
    /// `clearColor` nil leaves what the target holds under the layers (a host's pixels). With
    /// `timed`, the GPU time is measured by a timer query where the driver has them (read it with
    /// `readTimer` once the frame has finished). Does not wait for the GPU.
    func draw(into target: DrawTarget, clearColor: Color?, time: Double?, whole: Bool = false, timed: Bool = false) throws -> FrameStatistics {
        guard let renderer else {
            frameIndex += 1
            throw CompositorError.shutDown
        }
        if whole || lastClearColor != .some(clearColor) {
            lastClearColor = clearColor
            needsRedraw = true
            fullRedraw = true
        }
        var statistics = beginFrame(at: time)
        if statistics.animatedLayers > 0 || tree.hasLiveContents { needsRedraw = true }
        if needsRedraw {
            let damage = tree.takeDamage()
            let gl = context.gl
            let timed = timed && context.info.hasTimerQuery
            if timed {
                if timerQuery == 0 { gl.genQueries(1, &timerQuery) }
                gl.beginQuery(GL.timeElapsed, timerQuery)
            }
            // The time to issue the frame, without the timer query that measures the GPU's part.
            let cpuStart = ThreadCPUTime.now()
            var cpuEnd = cpuStart
            do {
                defer {
                    cpuEnd = ThreadCPUTime.now()
                    if timed { gl.endQuery(GL.timeElapsed) }
                }
                statistics = try renderer.render(
                    root: tree.root, into: target, clearColor: clearColor, statistics: statistics,
                    fullRedraw: damage.full || fullRedraw, damage: damage.region, treeVersion: tree.version)
            } catch {
                // A frame that fails part way leaves the target unknown: the next one draws it all.
                invalidate()
                throw error
            }
            statistics.issueMilliseconds = (cpuEnd - cpuStart) * 1000
            needsRedraw = false
            fullRedraw = false
        } else {
            statistics.redrawn = false  // nothing changed: the target already shows this frame
        }
        return statistics  // the renderer's statistics start from beginFrame's
    }

    /// Starts the next frame at `time` (nil: the clock's time of the frame), drawn or not: takes its
    /// number, moves the tree's animations to its time (finished ones forgotten), and returns its
    /// statistics so far: number, time, animated layers, the animations' CPU time, commits
    /// received, uploads.
    private func beginFrame(at time: Double?) -> FrameStatistics {
        let index = frameIndex
        frameIndex += 1
        lastGivenTime = time
        let time = time ?? clock.time(ofFrame: index)
        var statistics = FrameStatistics(index: index, time: time)
        let animationStart = ThreadCPUTime.now()
        statistics.animatedLayers = tree.animatedLayerCount
        tree.advanceAnimations(to: time)
        statistics.animationMilliseconds = (ThreadCPUTime.now() - animationStart) * 1000
        statistics.shownValues = tree.takeShownValues()
        statistics.checkerboardArea = tree.takeCheckerboardArea()
        statistics.commitsReceived = commitsReceived
        (statistics.uploadedBytes, statistics.uploadMilliseconds) = tree.takeUploads()
        return statistics
    }

    /// Takes the next frame without drawing it: its number and time, the tree's animations moved
    /// to that time (finished ones forgotten, as a drawn frame does), the uploads counted. The
    /// target is not touched, so its pixels are unknown after it: the next frame draws everything.
    func advance() -> FrameStatistics {
        var statistics = beginFrame(at: nil)
        statistics.redrawn = false
        invalidate()
        return statistics
    }

    /// Reads the finished frame's GPU time into `statistics`, where the driver measured it.
    func readTimer(_ statistics: inout FrameStatistics) {
        guard statistics.redrawn, context.info.hasTimerQuery, timerQuery != 0 else { return }
        // The frame has finished (read back or glFinish): the result is there to read.
        let gl = context.gl
        var disjoint: Int32 = 0
        gl.getIntegerv(GL.gpuDisjoint, &disjoint)
        var nanoseconds: UInt32 = 0
        gl.getQueryObjectuiv(timerQuery, GL.queryResult, &nanoseconds)
        if disjoint == 0 { statistics.gpuMilliseconds = Double(nanoseconds) / 1e6 }
    }

    /// Gives up on the context without a GL call (it cannot be reached safely): the objects are
    /// left to the context's owner.
    func abandon() {
        context.abandon()
    }

    /// Releases every GL object, reports what is still alive, and destroys the context. Idempotent.
    func tearDown() -> GLObjectCounts {
        guard context.isAlive else { return context.liveObjects }  // already torn down
        if timerQuery != 0 { context.gl.deleteQueries(1, &timerQuery); timerQuery = 0 }
        tree.removeAll()
        renderer = nil
        let counts = context.liveObjects
        context.destroy()
        return counts
    }
}
