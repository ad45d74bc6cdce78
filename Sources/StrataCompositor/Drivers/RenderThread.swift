import Foundation
import StrataCore
import StrataGL

// Overall design: Strata's own render thread. `Compositor.init` starts a thread that creates the
// GL context and a `RenderThread` on it; the thread sleeps on the inbox, hands commits to the
// render server in the order they were sent, and draws a frame into an offscreen framebuffer of
// the requested size when one is asked for, reading it back if asked. Frames are drawn only when
// asked: the clock advances one frame per request (plus the frames the compositor answered itself
// while nothing changed). A shutdown is answered only once the thread has let go of EGL.

/// The render thread's loop and offscreen target around a `RenderServer`. Render thread only.
final class RenderThread {
    let server: RenderServer
    private var target: GLFramebuffer?

    /// Creates the GL context on the calling thread (the render thread) and the server in it.
    init(configuration: CompositorConfiguration) throws {
        let connection = try EGLConnection.open(forced: configuration.platform)
        server = try RenderServer(context: GLContext(connection: connection), clock: configuration.clock, debug: configuration.debug)
    }

    /// A loop over a context of the caller's (a recording one in tests).
    init(server: RenderServer) {
        self.server = server
    }

    /// Handles queued work until a shutdown, then refuses whatever is still queued. Returns the
    /// shutdown's continuation and the GL objects left, for the caller to answer once it has
    /// released the thread's EGL state.
    func run(inbox: RenderInbox) -> (CheckedContinuation<GLObjectCounts, Never>?, GLObjectCounts) {
        while true {
            var pieces: [RenderWork?] = inbox.takeAll().map { $0 }
            for index in pieces.indices {
                let work = pieces[index]!
                // Let go of each piece as soon as it is handled: a commit's pixels may be shared
                // with the sender's backing store, which copies them on its next paint while
                // anyone else still holds them.
                pieces[index] = nil
                switch server.handle(work) {
                case .handled:
                    break
                case .frame(let request, let continuation):
                    server.skipFrames(request.skippedBefore)
                    if let error = server.takePendingError() {
                        continuation.resume(throwing: error)
                    } else if !request.draws {
                        continuation.resume(returning: RenderedFrame(image: nil, statistics: server.advance()))
                    } else {
                        continuation.resume(with: Result { try renderFrame(request) })
                    }
                case .shutdown(let continuation):
                    target = nil
                    let counts = server.tearDown()
                    for rest in pieces[(index + 1)...] { if let rest { RenderServer.refuse(rest) } }
                    for rest in inbox.close() { RenderServer.refuse(rest) }
                    return (continuation, counts)
                }
            }
        }
    }

    /// Draws the next frame into the offscreen target of the request's size (made anew when the
    /// size changes) and reads it back when asked.
    func renderFrame(_ request: FrameRequest) throws -> RenderedFrame {
        let start = MonotonicTime.now()
        let size = request.size
        var newTarget = false
        if target?.width != size.width || target?.height != size.height {
            target = nil
            target = try GLFramebuffer(context: server.context, width: size.width, height: size.height)
            target?.label("strata frame target \(size.width)×\(size.height)")
            newTarget = true
        }
        guard let target else { fatalError("unreachable: the target was just created") }
        var statistics = try server.draw(into: DrawTarget(target), clearColor: request.clearColor, time: nil, whole: newTarget, timed: true)
        var image: RGBAImage?
        if request.readBack {
            let readStart = MonotonicTime.now()
            image = RGBAImage(size: size, pixels: try target.readPixels())
            statistics.readbackMilliseconds = (MonotonicTime.now() - readStart) * 1000
        } else if statistics.redrawn {
            server.context.finish()
        }
        server.readTimer(&statistics)
        try server.context.checkReset()
        statistics.renderMilliseconds = (MonotonicTime.now() - start) * 1000 - statistics.readbackMilliseconds
        return RenderedFrame(image: image, statistics: statistics)
    }
}
