import StrataCore

/// What a model's commits go to and frames come from: the one face of the render side the
/// UIKit-shaped model talks to (`UIScreen`).
///
/// Three drivers conform: `Compositor` (Strata's own render thread, frames drawn when asked), a
/// host-driven `Compositor` (`HostRenderer.compositor`: frames drawn when the host's thread
/// renders, each reported through the frame handler), and `RecordingCommitSink` (no GPU: commits
/// are checked and kept, frames advance the clock and draw nothing), on which model tests run.
/// Any thread may call any requirement.
public protocol CommitSink: AnyObject, Sendable {
    /// The largest texture side the sink accepts, in pixels: contents beyond it are refused.
    var maxTextureSize: Int { get }
    /// The largest render-target side the sink accepts, in pixels.
    var maxTargetSize: Int { get }
    /// Where frame times come from: animations' begin times are on this clock.
    var clock: FrameClock { get }
    /// How many non-empty commits the sink has accepted so far (an empty commit is ignored and not
    /// counted). Each frame reports how many it had received (`FrameStatistics.commitsReceived`),
    /// counted the same way, so the model knows which of its commits a frame showed.
    var commitsSubmitted: Int { get }

    /// Sends one transaction's changes, after checking every value in it; never waits for a frame.
    /// Commits apply in the order they are submitted.
    /// - Throws: `CommitError` for a value that cannot be shown (nothing is sent), or
    ///   `CompositorError.shutDown`.
    func submit(_ commit: Commit) throws

    /// Asks for a frame of `size` pixels showing every commit submitted before the call, and
    /// returns it when it is presented (on a host-driven sink: the host's next frame).
    ///
    /// Runs on the caller's actor until it waits (`nonisolated(nonsending)`), so the request is
    /// queued before the caller's actor can run anything else: a commit the main actor makes
    /// while the frame is drawn always goes to the next frame, however fast the frame is drawn.
    /// - Throws: `CompositorError.targetSizeOutOfRange` naming the size and the limit, the error of
    ///   a refused commit, or the sink's own errors.
    nonisolated(nonsending) func renderFrame(size: PixelSize, clearColor: Color, readBack: Bool) async throws -> RenderedFrame

    /// Takes the next frame without drawing it: the commits submitted before the call are
    /// applied, animations move to the frame's time, and its statistics come back as a drawn
    /// frame's would (`redrawn` false). The frame after it draws everything. For reaching a
    /// late frame of a long run without drawing the ones before it (`strata render --frames`).
    /// A sink that cannot skip drawing renders the frame without reading it back (the default).
    /// - Throws: as `renderFrame(size:clearColor:readBack:)`.
    nonisolated(nonsending) func advanceFrame(size: PixelSize) async throws -> FrameStatistics

    /// Sets the function told of every frame the sink presents without being asked (a host's
    /// frames: their statistics, or the error a frame met); nil removes it. Called on the thread
    /// that drew the frame, right after it: keep it short and hop to the main actor for model work.
    /// Frames asked for with `renderFrame` are answered there instead.
    func setFramePresentedHandler(_ handler: (@Sendable (Result<FrameStatistics, any Error>) -> Void)?)
}

extension CommitSink {
    /// Renders the frame without reading it back: a sink that cannot skip drawing advances so.
    nonisolated(nonsending) public func advanceFrame(size: PixelSize) async throws -> FrameStatistics {
        try await renderFrame(size: size, clearColor: .clear, readBack: false).statistics
    }

    /// Throws `CompositorError.targetSizeOutOfRange` unless each side of `size` is within
    /// 1...`maxTargetSize`.
    public func checkTargetSize(_ size: PixelSize) throws {
        let limit = maxTargetSize
        guard (1...limit).contains(size.width), (1...limit).contains(size.height) else {
            throw CompositorError.targetSizeOutOfRange(size, limit: limit)
        }
    }
}

extension Compositor: CommitSink {
    /// The GPU's largest texture side (`gpu.maxTextureSize`).
    public var maxTextureSize: Int { gpu.maxTextureSize }
    /// The GPU's largest render-target side (`gpu.maxTargetSize`).
    public var maxTargetSize: Int { gpu.maxTargetSize }
}
