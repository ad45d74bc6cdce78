import Foundation
import StrataCore
import StrataGL

/// One piece of work for the render thread. Everything in it is `Sendable`.
enum RenderWork: Sendable {
    case commit(Commit)
    case frame(FrameRequest, CheckedContinuation<RenderedFrame, any Error>)
    case liveObjects(CheckedContinuation<GLObjectCounts, Never>)
    case shutdown(CheckedContinuation<GLObjectCounts, Never>?)
}

/// What a frame request asks for.
struct FrameRequest: Sendable, Equatable {
    var size: PixelSize
    var clearColor: Color
    var readBack: Bool
    /// False for a frame taken without drawing (`Compositor.advanceFrame`): the tree moves to its
    /// time and the target is left as it was.
    var draws = true
    /// Frames the compositor answered itself since the last request (nothing could have changed
    /// in them): this frame's number is that many further on.
    var skippedBefore = 0
}

/// The one object both threads touch: a FIFO of work guarded by a condition variable.
///
/// The main side pushes and returns at once; the render thread takes everything queued when it
/// wakes and handles it in order, so commits apply before the frames requested after them.
/// (`NSCondition` rather than `Synchronization.Mutex`: see PLATFORM-NOTES on TSan.)
final class RenderInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [RenderWork] = []
    private var closed = false

    /// Queues work; returns false (and queues nothing) once the render thread has shut down.
    @discardableResult
    func push(_ work: RenderWork) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return false }
        queue.append(work)
        condition.signal()
        return true
    }

    /// Blocks until work is queued, then takes all of it. Render thread only.
    func takeAll() -> [RenderWork] {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty { condition.wait() }
        let work = queue
        queue = []
        return work
    }

    /// Takes everything queued now, without waiting (a host-driven frame).
    func takeAvailable() -> [RenderWork] {
        condition.lock()
        defer { condition.unlock() }
        let work = queue
        queue = []
        return work
    }

    /// Refuses further work and returns whatever was still queued. Render thread only.
    func close() -> [RenderWork] {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        let rest = queue
        queue = []
        return rest
    }

    /// Whether the render thread has shut down.
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Non-empty commits accepted so far.
    private var submitted = 0

    /// How many non-empty commits `submit` has accepted.
    var commitsSubmitted: Int {
        condition.lock()
        defer { condition.unlock() }
        return submitted
    }

    /// Checks `commit`'s values against the GPU's texture limit (unless `maxTextureSize` is nil:
    /// checked already) and queues it (an empty commit is ignored); returns how many commits have
    /// been accepted, this one included. Any thread.
    /// - Throws: `CommitError` for a value that cannot be shown (nothing is queued), or
    ///   `CompositorError.shutDown` once the render side has shut down.
    @discardableResult
    func submit(_ commit: Commit, checkingAgainst maxTextureSize: Int?) throws -> Int {
        guard !commit.isEmpty else { return commitsSubmitted }
        if let maxTextureSize { try commit.validate(maxTextureSize: maxTextureSize) }
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw CompositorError.shutDown }
        submitted += 1
        queue.append(.commit(commit))
        condition.signal()
        return submitted
    }

    /// Asks the render side to release everything and waits for the GL objects it left.
    func shutdown() async -> GLObjectCounts {
        await withCheckedContinuation { continuation in
            if !push(.shutdown(continuation)) { continuation.resume(returning: GLObjectCounts()) }
        }
    }

    /// Asks the render side for the GL objects alive in its context.
    func liveObjects() async -> GLObjectCounts {
        await withCheckedContinuation { continuation in
            if !push(.liveObjects(continuation)) { continuation.resume(returning: GLObjectCounts()) }
        }
    }

    /// Asks the render side for a frame and waits for it.
    nonisolated(nonsending) func frame(_ request: FrameRequest) async throws -> RenderedFrame {
        try await withCheckedThrowingContinuation { continuation in
            if !push(.frame(request, continuation)) { continuation.resume(throwing: CompositorError.shutDown) }
        }
    }
}
