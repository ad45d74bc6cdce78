import Foundation
import StrataCore
import StrataGL

/// The commit sink of a compositor embedded in a host application (`HostRenderer.compositor`):
/// commits queue until the host's GL thread draws its next frame, which applies them.
///
/// Overall design: there is no render thread of Strata's. Commits and frame requests go into the
/// same kind of queue a `Compositor` uses; the host's thread takes everything queued each time it
/// calls `HostRenderer.render`, applies it and draws, then answers the frames asked for here and
/// tells the frame-presented handler. Any thread may call any method; none waits for the host
/// except `renderFrame`, `shutdown` and `liveGLObjects`, which suspend until its next frame.
public final class HostCompositor: CommitSink, Sendable {
    /// The host's GPU as Strata sees it (platform `.host`), with its limits.
    public let gpu: GLInfo
    /// Where frame times come from when the host gives none: animations' begin times are on this clock.
    public let clock: FrameClock
    let inbox: RenderInbox
    /// The host-frame observer, set from any thread. The closure lives in a struct of its own: a
    /// closure stored as a generic box's value itself is wrapped in two more reabstraction thunks
    /// by every `inout` read of it (`withLock { $0 }`), so each host frame deepened the call (by
    /// 48 bytes of stack in a release build, 384 in a debug one) until a long-running host
    /// overflowed its thread's stack.
    private let presented = Locked(PresentedHandler())

    private struct PresentedHandler {
        var call: (@Sendable (Result<FrameStatistics, any Error>) -> Void)?
    }

    init(inbox: RenderInbox, gpu: GLInfo, clock: FrameClock) {
        self.inbox = inbox
        self.gpu = gpu
        self.clock = clock
    }

    /// The host GPU's largest texture side (`gpu.maxTextureSize`).
    public var maxTextureSize: Int { gpu.maxTextureSize }
    /// The host GPU's largest render-target side (`gpu.maxTargetSize`).
    public var maxTargetSize: Int { gpu.maxTargetSize }
    /// How many non-empty commits were submitted (and accepted) so far.
    public var commitsSubmitted: Int { inbox.commitsSubmitted }

    /// Sets the function told of every frame the host draws (its statistics) or fails to draw (its
    /// error); nil removes it. Called on the host's GL thread, right after the frame, with the
    /// host's GL state back: keep it short and hop to the main actor for model work.
    public func setFramePresentedHandler(_ handler: (@Sendable (Result<FrameStatistics, any Error>) -> Void)?) {
        presented.withLock { $0.call = handler }
    }

    func framePresented(_ result: Result<FrameStatistics, any Error>) {
        presented.withLock { $0.call }?(result)
    }

    /// Queues one transaction's changes for the host's next frame, after checking every value in it.
    ///
    /// Any thread; never waits for the host. Commits apply in the order they are submitted. A
    /// commit the render tree refuses changes nothing, and its error is thrown by the host's
    /// `render` and by the frames waiting for it.
    /// - Throws: `CommitError` for a value that cannot be shown (nothing is queued), or
    ///   `CompositorError.shutDown` after the renderer was released.
    public func submit(_ commit: Commit) throws {
        try inbox.submit(commit, checkingAgainst: gpu.maxTextureSize)
    }

    /// Waits for the host's next `HostRenderer.render` and returns what it drew: the drawn area of
    /// the host's framebuffer (host content included), read back when `readBack`. `size` is
    /// checked against the GPU's limits; the size drawn and the clear colour are the host's to choose.
    /// - Throws: `CompositorError.targetSizeOutOfRange`, the error of a refused commit or of the
    ///   host's frame, or `CompositorError.shutDown`.
    nonisolated(nonsending) public func renderFrame(size: PixelSize, clearColor: Color = .clear, readBack: Bool = true) async throws -> RenderedFrame {
        try checkTargetSize(size)
        return try await inbox.frame(FrameRequest(size: size, clearColor: clearColor, readBack: readBack))
    }

    /// Releases the tree and every GL object at the host's next `render` (which then throws
    /// `CompositorError.shutDown`) and returns the GL objects still alive then: all zero unless
    /// something leaked. `HostRenderer.release()` on the host's thread releases at once.
    @discardableResult
    public func shutdown() async -> GLObjectCounts { await inbox.shutdown() }

    /// The GL objects alive in the host's context at its next frame, by kind.
    public func liveGLObjects() async -> GLObjectCounts { await inbox.liveObjects() }
}
