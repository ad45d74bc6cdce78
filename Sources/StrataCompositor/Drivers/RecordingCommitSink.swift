import StrataCore

/// A commit sink with no GPU: it checks each commit's values as a compositor does, keeps every
/// commit in order, and answers frames on its clock without drawing, so model code (views,
/// layout, animations, transactions, events) runs and is tested on a machine with no EGL.
///
/// Frames count on the clock as a compositor's do (on `.virtual60`, frame n is at n/60 s), so
/// animations begin, advance and complete as they would on screen; `RenderedFrame.image` is always
/// nil, and the statistics carry the frame's number and time only (`redrawn` false: nothing is
/// drawn). It does not check a commit against a layer tree (unknown layers, cycles): a compositor
/// does that when the commit applies. Any thread.
public final class RecordingCommitSink: CommitSink {
    /// The largest texture side accepted, in pixels.
    public let maxTextureSize: Int
    /// The largest frame side accepted, in pixels.
    public let maxTargetSize: Int
    /// Where frame times come from.
    public let clock: FrameClock
    private let state = Locked(Recording())

    private struct Recording {
        var commits: [Commit] = []
        /// Commits handed out by `takeCommits()`.
        var taken = 0
        var framesPresented = 0
        var handler: (@Sendable (Result<FrameStatistics, any Error>) -> Void)?
    }

    /// A sink with the given limits (by default 16,384 pixels a side, as llvmpipe's and most
    /// desktop GPUs') and clock (by default 60 virtual frames a second, from 0).
    /// - Precondition: both limits are at least 1.
    public init(maxTextureSize: Int = 16384, maxTargetSize: Int = 16384, clock: FrameClock = .virtual60) {
        precondition(maxTextureSize >= 1 && maxTargetSize >= 1, "RecordingCommitSink: limits must be at least 1 pixel, got texture \(maxTextureSize), target \(maxTargetSize)")
        self.maxTextureSize = maxTextureSize
        self.maxTargetSize = maxTargetSize
        self.clock = clock
    }

    /// The non-empty commits submitted and accepted since the last `takeCommits()` (or since the
    /// sink was made), in order.
    public var commits: [Commit] { state.withLock { $0.commits } }

    /// Every non-empty commit accepted so far, taken or not.
    public var commitsSubmitted: Int { state.withLock { $0.commits.count + $0.taken } }

    /// Frames answered so far.
    public var framesPresented: Int { state.withLock { $0.framesPresented } }

    /// Returns the commits submitted since the last call (or since the sink was made), and
    /// forgets them.
    public func takeCommits() -> [Commit] {
        state.withLock { recording in
            defer {
                recording.taken += recording.commits.count
                recording.commits = []
            }
            return recording.commits
        }
    }

    /// Checks `commit`'s values against the limits and keeps it; an empty commit is ignored.
    /// - Throws: `CommitError` for a value that cannot be shown (nothing is kept).
    public func submit(_ commit: Commit) throws {
        guard !commit.isEmpty else { return }
        try commit.validate(maxTextureSize: maxTextureSize)
        state.withLock { $0.commits.append(commit) }
    }

    /// Answers the next frame: its number and its time on the clock, no pixels.
    /// - Throws: `CompositorError.targetSizeOutOfRange` for a size outside 1...`maxTargetSize`.
    nonisolated(nonsending) public func renderFrame(size: PixelSize, clearColor: Color = .clear, readBack: Bool = true) async throws -> RenderedFrame {
        try checkTargetSize(size)
        return RenderedFrame(image: nil, statistics: nextFrame())
    }

    /// Presents a frame nobody asked for, as a host's thread does, at `time` (a host's own frame
    /// time; nil: the clock's time of the frame), and tells the frame handler (tests of
    /// host-driven models use it). Returns the frame's statistics.
    @discardableResult
    public func presentFrame(at time: Double? = nil) -> FrameStatistics {
        var statistics = nextFrame()
        if let time { statistics.time = time }
        state.withLock { $0.handler }?(.success(statistics))
        return statistics
    }

    /// Sets the function told of each frame `presentFrame()` presents; nil removes it.
    public func setFramePresentedHandler(_ handler: (@Sendable (Result<FrameStatistics, any Error>) -> Void)?) {
        state.withLock { $0.handler = handler }
    }

    private func nextFrame() -> FrameStatistics {
        let (index, received) = state.withLock { recording in
            defer { recording.framesPresented += 1 }
            return (recording.framesPresented, recording.commits.count + recording.taken)
        }
        var statistics = FrameStatistics(index: index, time: clock.time(ofFrame: index))
        statistics.redrawn = false
        statistics.commitsReceived = received
        return statistics
    }
}
