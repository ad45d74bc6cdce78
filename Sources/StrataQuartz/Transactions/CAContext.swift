import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics

// Overall design: a context is what a screen is to Core Animation: one layer tree (its root
// layer), the commit sink its commits go to and its frames come from, the render tree those
// commits build, the frame clock's time as its frames report it, and the work done on the main
// actor after each frame it presents (the ledger's completions, drawn animations, display links
// and other frame tickers). `CommitScheduler` sends each context one commit per transaction. A
// UIKit screen owns one; Core Animation's files name contexts, never screens.

/// Core Animation's context: a tree of layers under one root, whose commits go to one commit
/// sink (a `Compositor`, a host's `HostCompositor`, or a `RecordingCommitSink`) and whose frames
/// come back from it.
///
/// Main actor. On Apple's platforms this is QuartzCore's own (unpublished) object behind each
/// window; in Strata a `UIScreen` makes one, and code that shows layers without UIKit makes its
/// own and adds layers under ``rootLayer``.
@MainActor
public final class CAContext {
    /// What the commits go to and the frames come from.
    public let commitSink: any CommitSink
    /// The root of the context's layer tree: its space is the target's in points, scaled to pixels.
    public let rootLayer = CALayer()
    /// Pixels per point.
    public let scale: CGFloat
    /// The size of a frame, in pixels.
    public let pixelSize: PixelSize
    /// Called on the main actor after each frame the context presents, with its time, before the
    /// frame tickers (a screen hands its windows' input deadlines the frame).
    package var framePresentedObserver: (@MainActor (Double) -> Void)?
    /// Sees every commit this context sends (tests use it to count commits and check regions).
    package var commitObserver: ((Commit) -> Void)?
    private var pendingErrors: [StrataError] = []
    /// The render tree this context's commits build, as a number no other context's tree ever
    /// has: a reset (after a refused commit) starts a new one, and layers created in older ones
    /// count as not sent. Layers compare it with theirs instead of loading a weak reference.
    package private(set) var renderTree = CAContext.newRenderTree()
    private static var renderTreesMade: UInt64 = 0
    private static func newRenderTree() -> UInt64 {
        renderTreesMade += 1
        return renderTreesMade
    }
    /// Commit sinks already backing a context: each has one root, so one context.
    private static var sinksInUse: Set<ObjectIdentifier> = []
    /// The first context made that still exists: its clock is `CACurrentMediaTime()`'s, and
    /// display links made with no screen follow its frames.
    package private(set) static weak var first: CAContext?

    /// A context of `size` points at `scale` pixels per point whose commits go to `commitSink`.
    /// - Precondition: `size` and `scale` are finite and positive, the size in pixels is within
    ///   the sink's limits, and no other context uses the sink; otherwise this traps naming the value.
    public convenience init(size: CGSize, scale: CGFloat = 1, commitSink: any CommitSink) {
        self.init(size: size, scale: scale, commitSink: commitSink, caller: "CAContext")
    }

    /// As `init(size:scale:commitSink:)`, with `caller` (the type the program made, "UIScreen")
    /// naming what was refused in the messages.
    package init(size: CGSize, scale: CGFloat, commitSink: any CommitSink, caller: String) {
        let noun = caller == "CAContext" ? "context" : "screen"
        precondition(scale.isFinite && scale > 0, "\(caller): scale must be a finite number above 0, got \(scale)")
        precondition(
            size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0,
            "\(caller): size must be finite and positive, got \(size)")
        let limit = commitSink.maxTargetSize
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        precondition(
            w >= 1 && h >= 1 && w <= CGFloat(limit) && h <= CGFloat(limit),
            "\(caller): \(size) points at scale \(scale) is \(w)×\(h) pixels; each side must be 1...\(limit) for its \(type(of: commitSink))")
        precondition(
            !Self.sinksInUse.contains(ObjectIdentifier(commitSink)),
            "\(caller): this \(type(of: commitSink)) already backs another \(noun); give each \(noun) its own")
        Self.sinksInUse.insert(ObjectIdentifier(commitSink))
        self.commitSink = commitSink
        self.scale = scale
        pixelSize = PixelSize(width: Int(w), height: Int(h))
        rootLayer.name = "\(noun) root"
        rootLayer.contextIfRoot = self
        rootLayer.anchorPoint = .zero
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        if scale != 1 { rootLayer.transform = CATransform3DMakeScale(scale, scale, 1) }
        if Self.first == nil { Self.first = self }
        // Frames presented without being asked for (a host's thread draws them): hear of each, to
        // finish animations and fire input deadlines on the main actor as `renderFrame` does.
        commitSink.setFramePresentedHandler { [weak self] result in
            Task { @MainActor in self?.hostFrameFinished(result) }
        }
        CADisplayLink.contextMade(self)
    }

    isolated deinit {
        Self.sinksInUse.remove(ObjectIdentifier(commitSink))
    }

    // MARK: Frames

    /// Frames this context has rendered.
    private var framesRendered = 0
    /// The frame-clock time of the last frame rendered (what is on screen), in seconds.
    private var lastFrameTime: Double?

    /// The frame clock's time now, in seconds: the time of the next frame (new animations begin
    /// then) on the virtual clock, the monotonic time on the real one.
    public var mediaTime: Double {
        switch commitSink.clock {
        case .virtual: commitSink.clock.time(ofFrame: framesRendered)
        case .monotonic: MonotonicTime.now()
        }
    }

    /// The frame-clock time of what is shown: the last frame's time (or the next one's before any).
    package var shownTime: Double {
        switch commitSink.clock {
        case .virtual: lastFrameTime ?? mediaTime
        case .monotonic: MonotonicTime.now()
        }
    }

    /// Commits this turn's changes and renders a frame of the context, read back to memory
    /// unless `readBack` is false. After a refused commit (or a GPU error while applying one) the
    /// context sends its whole tree again, so a later frame is right.
    /// - Throws: the first `StrataError` recorded since the last frame, then the sink's errors
    ///   (`CompositorError`, `GLError`).
    public func renderFrame(clearColor: CGColor, readBack: Bool = true) async throws -> RenderedFrame {
        try startFrame()
        let result = await Self.frame(of: commitSink, size: pixelSize, clearColor: clearColor.value, readBack: readBack)
        await Self.mainQueueTurn()
        return try finishFrame(result)
    }

    /// Lets the main queue run what it holds before the frame is finished here: the blocks queued
    /// while it was drawn (a completion, a commit's flush) run before the frame is presented to the
    /// model however fast it came back, as they do while a slow frame is drawn; and a sink that
    /// answers at once (`RecordingCommitSink`) still gives them their turn.
    private static func mainQueueTurn() async { await Task.yield() }

    /// `renderFrame(clearColor:readBack:)`, blocking the main thread until the frame is drawn: for
    /// callers that cannot await (a snapshot strategy answering a synchronous assertion). Only for
    /// a sink that draws on a thread of its own (a `Compositor`): one drawn by a host's thread, or
    /// one that needs the main actor to answer, would never answer here.
    package func renderFrameWaiting(clearColor: CGColor, readBack: Bool = true) throws -> RenderedFrame {
        try startFrame()
        let sink = commitSink, size = pixelSize, clear = clearColor.value
        let answer = Locked<Result<RenderedFrame, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await Self.frame(of: sink, size: size, clearColor: clear, readBack: readBack)
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = answer.withLock({ $0 }) else { preconditionFailure("CAContext: a waited-for frame signalled without an answer") }
        return try finishFrame(result)
    }

    /// Takes the next frame without drawing it: this turn's changes are committed and the frame's
    /// time passes for the model as for a drawn frame (animations finish, frame tickers run), at
    /// the cost of the bookkeeping alone; the next frame drawn is whole. For reaching a late frame
    /// of a long run on the virtual clock, byte-identical to drawing every frame before it.
    /// - Throws: as `renderFrame(clearColor:readBack:)`.
    package func advanceFrame() async throws -> FrameStatistics {
        try startFrame()
        let sink = commitSink, size = pixelSize
        let result: Result<RenderedFrame, any Error>
        do {
            result = .success(RenderedFrame(image: nil, statistics: try await sink.advanceFrame(size: size)))
        } catch {
            result = .failure(error)
        }
        await Self.mainQueueTurn()
        return try finishFrame(result).statistics
    }

    /// The frame `sink` draws, or the error it throws.
    private nonisolated(nonsending) static func frame(
        of sink: any CommitSink, size: PixelSize, clearColor: Color, readBack: Bool
    ) async -> Result<RenderedFrame, any Error> {
        do {
            return .success(try await sink.renderFrame(size: size, clearColor: clearColor, readBack: readBack))
        } catch {
            return .failure(error)
        }
    }

    /// Before a frame: this turn's changes are committed, and an error recorded since the last
    /// frame is thrown.
    private func startFrame() throws {
        CATransaction.flush()
        if !pendingErrors.isEmpty { throw pendingErrors.removeFirst() }
        framesRendered += 1
    }

    /// After a frame: a presented one finishes animations and runs the tickers; a refused commit
    /// (or a GPU error while applying one) makes the context send its whole tree again.
    private func finishFrame(_ result: Result<RenderedFrame, any Error>) throws -> RenderedFrame {
        do {
            let frame = try result.get()
            presented(frame.statistics)
            return frame
        } catch let error as CommitError {
            resynchronize()
            throw StrataError.commitFailed("\(error)")
        } catch let error as CompositorError {
            throw error  // shut down, or a size the GPU cannot render: nothing to resend
        } catch {
            resynchronize()  // a GPU error may have left a commit half applied
            throw error
        }
    }

    /// A frame the sink presented unasked (a host drew it), or the error drawing it met.
    private func hostFrameFinished(_ result: Result<FrameStatistics, any Error>) {
        switch result {
        case .success(let statistics):
            presented(statistics)
        case .failure(let error):
            // The host was told; what matters here is that a refused or half-applied commit
            // makes the context send its whole tree again.
            if !(error is CompositorError) { resynchronize() }
        }
    }

    /// A frame is on screen: the begin times it stamped are confirmed, animations that ended
    /// complete, the presented-frame observer hears of it, and the frame tickers run.
    private func presented(_ statistics: FrameStatistics) {
        // The sink may have drawn frames the context did not ask for (a host's, or frames asked
        // of the sink directly): the next frame's time follows the sink's count.
        framesRendered = max(framesRendered, statistics.index + 1)
        let time = statistics.time
        confirmBeginTimes(received: statistics.commitsReceived, at: time)
        lastFrameTime = time
        AnimationLedger.shared.framePresented(on: self, at: time)
        framePresentedObserver?(time)
        tickFrame(at: time)
    }

    // MARK: Frame tickers

    /// Work done on the main actor after each frame this context presents (a scroll view's
    /// deceleration, a display link), in the order added; each says whether it wants more frames.
    private var frameTickers: [(owner: ObjectIdentifier, serial: Int, tick: @MainActor (Double) -> Bool)] = []
    private var tickersAdded = 0

    /// Calls `tick` with each presented frame's time (seconds on the frame clock) until it returns
    /// false or `removeFrameTicker(of:)` is called; one ticker per `owner` (a new one replaces it).
    package func addFrameTicker(of owner: AnyObject, _ tick: @escaping @MainActor (Double) -> Bool) {
        removeFrameTicker(of: owner)
        tickersAdded += 1
        frameTickers.append((ObjectIdentifier(owner), tickersAdded, tick))
    }

    /// Stops calling `owner`'s ticker.
    package func removeFrameTicker(of owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        frameTickers.removeAll { $0.owner == id }
    }

    /// Whether `owner` has a ticker here.
    package func hasFrameTicker(of owner: AnyObject) -> Bool { frameTickers.contains { $0.owner == ObjectIdentifier(owner) } }

    private func tickFrame(at time: Double) {
        guard !frameTickers.isEmpty else { return }
        for ticker in frameTickers where !ticker.tick(time) {
            frameTickers.removeAll { $0.serial == ticker.serial }
        }
    }

    // MARK: Commits

    /// Keeps `error` for the next `renderFrame()` to throw.
    package func record(_ error: StrataError) { pendingErrors.append(error) }

    /// Sends one transaction's commit to the sink; a refused one is recorded and makes the
    /// context send its whole tree again.
    package func send(_ commit: Commit) {
        commitObserver?(commit)
        let awaited = awaiting
        awaiting = AwaitedBeginTimes()
        do {
            try commitSink.submit(commit)
            if !commit.isEmpty, !awaited.isEmpty { unconfirmedBeginTimes.append((commitSink.commitsSubmitted, awaited)) }
        } catch CompositorError.shutDown {
            record(.commitFailed("the compositor has been shut down"))
        } catch {
            record(.commitFailed("\(error)"))
            resynchronize()
        }
    }

    /// Forgets what the render tree holds: the next commit empties it and sends every layer of
    /// this context again, whole. Schedules nothing itself: the next change or frame commits.
    package func resynchronize() {
        renderTree = Self.newRenderTree()
        // The whole tree goes again with the model's begin times (`CommitBuilder.sendAnimations`).
        awaiting = AwaitedBeginTimes()
        unconfirmedBeginTimes = []
        CommitScheduler.shared.reset(self)
    }

    // MARK: The render side's clock

    /// The animations of the commit being built whose begin time the render side stamps: the
    /// model's guess of their first frame's time, how many each layer got, and their groups.
    private var awaiting = AwaitedBeginTimes()
    /// Sent commits whose animations' begin times no frame has reported yet, by the sink's count
    /// of commits once each was accepted.
    private var unconfirmedBeginTimes: [(commit: Int, animations: AwaitedBeginTimes)] = []

    /// Animations of one commit waiting for the frame that stamps their begin times.
    private struct AwaitedBeginTimes {
        var guess: Double?
        var layers: [ObjectIdentifier: (layer: Weak<CALayer>, count: Int)] = [:]
        var groups: Set<UInt64> = []
        var isEmpty: Bool { guess == nil }
    }

    /// Notes that one of `layer`'s animations of `group` goes in the commit being built, its model
    /// copy timed from `guess` (the model's guess of the first frame's time) and flagged
    /// `beginsAtFirstFrame` until a frame reports the render side's time.
    package func awaitBeginTime(of layer: CALayer, group: UInt64, guess: Double) {
        if awaiting.guess == nil { awaiting.guess = guess }
        awaiting.layers[ObjectIdentifier(layer), default: (Weak(layer), 0)].count += 1
        awaiting.groups.insert(group)
    }

    /// A frame at `time` had received the first `received` commits: animations those commits
    /// carried began at `time` (or before, at an earlier frame that reported them). Where the
    /// model guessed another time (a host giving its own frame times, the monotonic clock), the
    /// copies of each commit (the first still flagged on each layer, commits being confirmed in
    /// order), their groups' ends and their animators' runs move to the render side's time.
    private func confirmBeginTimes(received: Int, at time: Double) {
        while let first = unconfirmedBeginTimes.first, first.commit <= received {
            unconfirmedBeginTimes.removeFirst()
            let guess = first.animations.guess ?? time
            let moves = abs(time - guess) > 1e-9
            for (layer, count) in first.animations.layers.values {
                guard let layer = layer.object else { continue }
                // The copies run on the layer's time: the shift is measured there.
                let shift = moves ? layer.localTime(fromMedia: time) - layer.localTime(fromMedia: guess) : 0
                var left = count
                for i in layer.activeAnimations.indices where left > 0 && layer.activeAnimations[i].beginsAtFirstFrame {
                    layer.activeAnimations[i].beginsAtFirstFrame = false
                    if shift != 0 { layer.activeAnimations[i].beginTime += shift }
                    left -= 1
                }
            }
            for group in first.animations.groups { AnimationLedger.shared.confirmBeginTime(group: group, guess: guess, time: moves ? time : guess) }
        }
    }
}
