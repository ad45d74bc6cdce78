import Foundation
import Logging
import StrataCore
import StrataGL

// Overall design: an embedding application owns the GL context and the framebuffer. Strata then
// has no render thread: the host's GL thread is the render thread, for as long as the host calls
// `render`. Everything else is the same as with Strata's own thread — commits are values queued in
// the same inbox (from the main thread or any other), the same render tree applies them and runs
// the animations, the same renderer draws. Each `render` records the GL state the host left,
// draws, and puts that state back, so the host cannot tell Strata was there except by its pixels.

/// Where a host asks Strata to draw: its framebuffer (or a colour buffer of its own), the
/// rectangle of it, and the scale.
public struct HostFramebuffer: Sendable, Hashable {
    /// The GL framebuffer name in the host's context; 0 is the default framebuffer (a window's).
    /// Ignored when `color` is set.
    public var framebuffer: UInt32
    /// A colour buffer of the host's to draw into through a framebuffer of Strata's own (with
    /// its own stencil): required in `.shared` context mode, where framebuffer objects, being
    /// per-context, cannot be used across contexts but textures and renderbuffers can.
    public var color: GLAttachedFramebuffer.Color?
    /// The rectangle drawn in, in GL window coordinates of the framebuffer: `x`, `y` is its
    /// lower-left corner (GL's `glViewport` convention), in pixels.
    public var viewport: PixelRect
    /// Pixels per point: the layer tree's root space is scaled by it. A `UIScreen` already maps
    /// its points to pixels with its own `scale`: with one, leave this at 1.
    public var scale: Double
    /// Whether the framebuffer's row 0 is the picture's top (an offscreen framebuffer the host
    /// reads back as an image, top row first). False (GL's convention, the default): row 0 is the
    /// bottom, as for a window's framebuffer.
    public var topRowFirst: Bool

    /// A target of `viewport` pixels in `framebuffer`, at `scale` pixels per point.
    public init(framebuffer: UInt32 = 0, viewport: PixelRect, scale: Double = 1, topRowFirst: Bool = false) {
        self.framebuffer = framebuffer
        self.viewport = viewport
        self.scale = scale
        self.topRowFirst = topRowFirst
    }

    /// A target of `viewport` pixels in a colour buffer of the host's (a texture or renderbuffer),
    /// at `scale` pixels per point.
    public init(color: GLAttachedFramebuffer.Color, viewport: PixelRect, scale: Double = 1, topRowFirst: Bool = false) {
        self.init(framebuffer: 0, viewport: viewport, scale: scale, topRowFirst: topRowFirst)
        self.color = color
    }
}

/// Errors of embedding: the host's calls, checked before Strata touches GL.
public enum HostRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A viewport with a side outside 1...limit, or a corner outside ±limit.
    case viewportOutOfRange(PixelRect, limit: Int)
    /// A scale that is not a finite number above 0.
    case invalidScale(Double)
    /// A time that is not finite.
    case invalidTime(Double)
    /// The framebuffer name is not a framebuffer of the current context.
    case notAFramebuffer(UInt32)
    /// The host's framebuffer is incomplete, so nothing can be drawn into it.
    case framebufferIncomplete(UInt32, status: UInt32)
    /// A framebuffer object named in `.shared` context mode, where only colour buffers carry over.
    case framebufferInSharedMode(UInt32)
    /// A colour target that is not a texture (or renderbuffer) of the context: 0, a name never
    /// made, or a deleted one. Nothing could be drawn into it.
    case notAColorBuffer(GLAttachedFramebuffer.Color)

    public var description: String {
        switch self {
        case .viewportOutOfRange(let r, let limit):
            "viewport \(r) is out of range: each side must be 1...\(limit) pixels on this GPU and the corner within ±\(limit)"
        case .invalidScale(let s):
            "scale \(s) is not a finite number above 0; pass the framebuffer's pixels per point (1 when they are equal)"
        case .invalidTime(let t):
            "frame time \(t) is not finite; pass seconds on the compositor's clock, or nil to let the clock choose"
        case .notAFramebuffer(let name):
            "\(name) is not a framebuffer object of the current context; pass 0 for the window's framebuffer or a name from glGenFramebuffers"
        case .framebufferIncomplete(let name, let status):
            "framebuffer \(name) is incomplete (\(glErrorName(status))); attach a colour buffer before asking Strata to draw into it"
        case .notAColorBuffer(.texture(let name)):
            "texture \(name) is not a texture of the current context (0, never made, or deleted); pass a GL_TEXTURE_2D name from glGenTextures that you have bound and given storage"
        case .notAColorBuffer(.renderbuffer(let name)):
            "renderbuffer \(name) is not a renderbuffer of the current context (0, never made, or deleted); pass a name from glGenRenderbuffers that you have bound and given storage"
        case .framebufferInSharedMode(let name):
            "framebuffer \(name) belongs to the host's context and cannot be used from Strata's shared context; pass its colour texture or renderbuffer (HostFramebuffer(color:viewport:))"
        }
    }
}

/// Strata embedded in a host application's OpenGL (ES) context: the host calls `render(into:)` on
/// its own thread, with its context current and its framebuffer ready, and Strata draws its layer
/// tree there and returns, leaving every piece of GL state as it found it.
///
/// Two context modes, the host's choice: `.host` (the default) creates Strata's GL objects in the
/// host's own context and records and restores every state value it changes around each call;
/// `.shared` gives Strata a context of its own that shares objects with the host's, made current
/// only inside Strata's calls, so the host's context state is never touched (targets are then the
/// host's textures or renderbuffers, and Strata's drawing is fenced before the host's next commands).
///
/// Thread rule: create it, render with it and release it on the host's GL thread, with the same
/// context current each time (checked: other threads and contexts get
/// `GLError.hostContextNotCurrent`). The `compositor` it hands out is `Sendable`: commits reach it
/// from any thread (a `UIScreen` on the main actor, for one) and apply at the next `render`.
///
/// GL state (`.host` mode): every value in `GLStateSnapshot.restored` is put back before `render`
/// returns, also when it throws. Strata's objects (programs, buffers, a vertex array, textures,
/// framebuffers for group opacity) live in the host's context until `release()`. Where layers
/// clip with rotated or rounded masks, the stencil buffer's contents inside the viewport are
/// used and left undefined (a framebuffer without an 8-bit stencil makes Strata draw through an
/// offscreen framebuffer of its own instead).
public final class HostRenderer {
    /// Where Strata's GL objects live.
    public enum ContextMode: Sendable, Hashable {
        /// In the host's context, with its state recorded and restored around every call.
        case host
        /// In a context of Strata's own sharing objects with the host's (same EGL display and API).
        case shared
    }

    /// The compositor fed by this renderer: submit commits to it, or give it to a `UIScreen`.
    public let compositor: HostCompositor
    /// The host's GPU as Strata sees it (platform `.host`).
    public var gpu: GLInfo { context.info }

    /// Whether `image` is an EGLImage of the display Strata renders on, where EGL can tell
    /// (see `EGLConnection.knowsImage`); nil where it cannot, and the handle is the caller's
    /// to get right. Any thread.
    public func knowsEGLImage(_ image: UInt) -> Bool? { context.connection.flatMap { $0.knowsImage(image) } }
    /// Where Strata's GL objects live.
    public let contextMode: ContextMode
    private let context: GLContext
    /// The host's context (shared mode), to check it is the one current and to give it back.
    private let hostContext: EGLCurrentContext?
    private var server: RenderServer?
    private let inbox = RenderInbox()
    /// Frame requests waiting for the host's next frame.
    private var waitingFrames: [(FrameRequest, CheckedContinuation<RenderedFrame, any Error>)] = []
    /// Whether a frame failed because a commit was refused (see `refusedChanges`).
    private var refused = false
    /// The framebuffer of Strata's own around the host's colour buffer last drawn into.
    private var attached: GLAttachedFramebuffer?
    private static let logger = Logger(label: "strata.host")

    /// Embeds Strata in the EGL context current on the calling thread. Creates Strata's programs
    /// and buffers there (`.host`, the host's bindings are restored before this returns) or in a
    /// context of its own sharing the host's objects (`.shared`).
    /// - Parameter clock: where frame times come from when `render` is not given one; the
    ///   virtual clock (the default) advances 1/60 s a frame, the monotonic one follows real time.
    /// - Throws: `GLError.noCurrentContext` when no EGL context is current,
    ///   `GLError.unsupportedHostContext` when it cannot run OpenGL ES 3.0 shaders, the EGL call
    ///   that failed making a shared context, or the error of a shader that does not compile.
    public init(clock: FrameClock = .virtual60, contextMode: ContextMode = .host) throws {
        self.contextMode = contextMode
        switch contextMode {
        case .host:
            context = try GLContext(adoptingCurrentContext: "HostRenderer.init")
            hostContext = nil
        case .shared:
            context = try GLContext(sharingCurrentContext: "HostRenderer.init")
            hostContext = EGLCurrentContext.save()
        }
        let context = self.context
        do {
            server = try Self.inStrataContext(context, mode: contextMode) {
                try RenderServer(context: context, clock: clock)
            }
        } catch {
            if contextMode == .shared { Self.destroySharedContext(context) }
            throw error
        }
        compositor = HostCompositor(inbox: inbox, gpu: context.info, clock: clock)
    }

    deinit {
        if server != nil {
            if context.owner.isCurrent, isContextCurrent {
                release()
            } else {
                // Wrong thread or context: GL cannot be called safely, so the objects stay with
                // the host's context (a shared context of Strata's stays too); nothing is deleted.
                Self.logger.warning("HostRenderer released off its GL thread (or with another context current): its GL objects leak; call release() on the host's GL thread first")
                for work in inbox.close() { RenderServer.refuse(work) }
                failWaitingFrames(CompositorError.shutDown)
                server?.abandon()
                attached = nil
                server = nil
            }
        }
    }

    /// Runs `body` with Strata's GL context ready: in `.host` mode the host's state is recorded
    /// first and restored after; in `.shared` mode Strata's own context is made current and the
    /// host's made current again after, with Strata's commands fenced before the host's next.
    private static func inStrataContext<T>(_ context: GLContext, mode: ContextMode, _ body: () throws -> T) throws -> T {
        switch mode {
        case .host:
            let info = context.info!
            let snapshot = GLStateSnapshot.capture(context.gl, desktop: info.isDesktop, sampleMask: info.hasSampleMask, indexedBlend: info.hasIndexedBlend)
            snapshot.prepareForStrata()
            defer { snapshot.restore() }
            return try body()
        case .shared:
            let host = EGLCurrentContext.save()
            try context.makeCurrent()
            let gl = context.gl
            var fence: OpaquePointer?
            defer {
                if context.isAlive {
                    fence = gl.fenceSync(GL.syncGPUCommandsComplete, 0)
                    gl.flush()
                }
                if host.hadContext {
                    host.restore()
                    // The host's next commands wait (on the GPU) for Strata's drawing to finish.
                    if let fence {
                        gl.waitSync(fence, 0, GL.timeoutIgnored)
                        gl.deleteSync(fence)
                    }
                } else {
                    if let fence { gl.deleteSync(fence) }
                    host.restore(releasingOn: context.connection)
                }
            }
            return try body()
        }
    }

    private static func destroySharedContext(_ context: GLContext) {
        let host = EGLCurrentContext.save()
        try? context.makeCurrent()
        context.destroy()
        host.restore()
    }

    /// Applies every commit submitted so far, advances the animations to the frame's time, and
    /// draws the layer tree over what `target` holds. Returns the frame's statistics.
    ///
    /// Host GL thread only, with the context Strata was embedded in current. Every GL state value
    /// Strata changes is restored before it returns (also when it throws).
    /// - Parameter time: the frame's time on the compositor's clock (seconds), or nil for the
    ///   clock's own (frame number × 1/60 s on the virtual clock).
    /// - Throws: `GLError.hostContextNotCurrent`, a `HostRenderError` for a bad target (a viewport,
    ///   scale or time out of range, a name that is not a framebuffer, texture or renderbuffer of
    ///   the context: nothing drawn), the `CommitError` of a refused commit, `GLError.contextLost` after a GPU reset,
    ///   `CompositorError.shutDown` after `release()` (or a compositor `shutdown()`).
    @discardableResult
    public func render(into target: HostFramebuffer, time: Double? = nil) throws -> FrameStatistics {
        try render(into: target, clearingTo: nil, time: time)
    }

    /// `render(into:time:)`, with the viewport cleared to `clearColor` first (nil: drawn over what
    /// it holds): for a target whose pixels are Strata's alone, such as a GBM buffer.
    @discardableResult
    public func render(into target: HostFramebuffer, clearingTo clearColor: Color?, time: Double? = nil) throws -> FrameStatistics {
        guard let server else { throw CompositorError.shutDown }
        guard isContextCurrent else { throw GLError.hostContextNotCurrent(caller: "HostRenderer.render") }
        let limit = context.info.maxTargetSize
        let v = target.viewport
        guard (1...limit).contains(v.width), (1...limit).contains(v.height), abs(v.x) <= limit, abs(v.y) <= limit else {
            throw HostRenderError.viewportOutOfRange(v, limit: limit)
        }
        guard target.scale.isFinite, target.scale > 0 else { throw HostRenderError.invalidScale(target.scale) }
        if let time, !time.isFinite { throw HostRenderError.invalidTime(time) }
        if contextMode == .shared, target.color == nil { throw HostRenderError.framebufferInSharedMode(target.framebuffer) }
        // A name that is not a colour buffer would leave a framebuffer with only Strata's
        // depth-stencil attached: complete, and drawn into for nothing. (Texture and renderbuffer
        // names are shared with Strata's context in `.shared` mode, so the host's context answers.)
        switch target.color {
        case .texture(let name)?: if name == 0 || !GLTextureName.isTexture(name, gl: context.gl) { throw HostRenderError.notAColorBuffer(.texture(name)) }
        case .renderbuffer(let name)?: if name == 0 || context.gl.isRenderbuffer(name) == 0 { throw HostRenderError.notAColorBuffer(.renderbuffer(name)) }
        case nil: break
        }
        return try renderAndTell {
            try Self.inStrataContext(context, mode: contextMode) {
                var draw = DrawTarget(framebuffer: target.framebuffer, width: v.width, height: v.height)
                draw.origin = (v.x, v.y)
                draw.yUp = !target.topRowFirst
                draw.scale = target.scale
                if let color = target.color {
                    let (w, h) = (max(1, v.x + v.width), max(1, v.y + v.height))
                    if attached.map({ $0.color != color || $0.width != w || $0.height != h }) ?? true {
                        attached = nil
                        attached = try GLAttachedFramebuffer(context: context, color: color, width: w, height: h)
                    }
                    draw.framebuffer = attached!.rawValue
                    draw.hasStencil = true
                } else {
                    draw.hasStencil = try Self.checkFramebuffer(target.framebuffer, gl: context.gl)
                }
                let (statistics, alive) = try hostFrame(server, into: draw, clearColor: clearColor, time: time)
                guard alive, let statistics else {
                    let counts = releaseNow()
                    if counts.total != 0 { Self.logger.warning("GL objects left after shutdown: \(counts)") }
                    throw CompositorError.shutDown
                }
                return statistics
            }
        }
    }

    /// `render`, then the frame-presented handler, told after the host's state is back.
    @discardableResult
    private func renderAndTell(_ body: () throws -> FrameStatistics) throws -> FrameStatistics {
        do {
            let statistics = try body()
            compositor.framePresented(.success(statistics))
            return statistics
        } catch CompositorError.shutDown {
            throw CompositorError.shutDown
        } catch {
            compositor.framePresented(.failure(error))
            throw error
        }
    }

    /// Whether `name` is a complete framebuffer, and whether it has a stencil buffer of 8 bits or more.
    private static func checkFramebuffer(_ name: UInt32, gl: any GLFunctions) throws -> Bool {
        if name != 0, gl.isFramebuffer(name) == 0 { throw HostRenderError.notAFramebuffer(name) }
        gl.bindFramebuffer(GL.framebuffer, name)
        let status = gl.checkFramebufferStatus(GL.framebuffer)
        guard status == GL.framebufferComplete else { throw HostRenderError.framebufferIncomplete(name, status: status) }
        let attachment = name == 0 ? GL.stencil : GL.stencilAttachment
        var type: Int32 = 0
        gl.getFramebufferAttachmentParameteriv(GL.framebuffer, attachment, GL.framebufferAttachmentObjectType, &type)
        guard type != GL.none else {
            while gl.getError() != GL.noError {}
            return false
        }
        var bits: Int32 = 0
        gl.getFramebufferAttachmentParameteriv(GL.framebuffer, attachment, GL.framebufferAttachmentStencilSize, &bits)
        while gl.getError() != GL.noError {}
        return bits >= 8  // the clip masks nest up to 255 deep (`FramePlanner.maximumStencilMasks`)
    }

    /// Whether a `render` has thrown because submitted changes were refused (a `CommitError`, or
    /// a GPU failure while applying them): the render tree lacks that commit and those queued
    /// with it. A sender keeping its own model must send its whole tree again
    /// (`CommitOperation.removeAllLayers`, then every layer), as `UIScreen` does. Host GL thread only.
    public var refusedChanges: Bool {
        context.owner.preconditionCurrent("HostRenderer.refusedChanges")
        return refused
    }

    /// The time the next frame will have, for animations that begin with it: the clock's time of
    /// the next frame, or, when the host passes its own times, the last one it gave (the next is
    /// the host's to say). Host GL thread only.
    public var nextFrameTime: Double {
        context.owner.preconditionCurrent("HostRenderer.nextFrameTime")
        return server?.nextFrameTime ?? 0
    }

    /// Whether the calling thread is the host's GL thread with the context Strata was embedded in
    /// (`.host`) or shares with (`.shared`) current.
    public var isContextCurrent: Bool {
        switch contextMode {
        case .host: (try? context.checkCurrent("")) != nil
        case .shared: context.owner.isCurrent && hostContext.map { EGLCurrentContext.save().hasSameContext(as: $0) } == true
        }
    }

    /// The GL objects Strata has alive in the host's context now, by kind. Host GL thread only.
    public var liveGLObjects: GLObjectCounts {
        context.owner.preconditionCurrent("HostRenderer.liveGLObjects")
        return context.liveObjects
    }

    /// Frees every GL object Strata created in the host's context (the context itself stays the
    /// host's) and returns what was still alive afterwards: all zero unless something leaked.
    /// Later `render` calls, and frames the compositor waits for, fail with
    /// `CompositorError.shutDown`. Host GL thread only, with the context current; idempotent.
    @discardableResult
    public func release() -> GLObjectCounts {
        context.owner.preconditionCurrent("HostRenderer.release")
        guard server != nil else { return context.liveObjects }
        precondition(isContextCurrent, "HostRenderer.release: the host's context is not current; make it current first, or GL objects of another context would be deleted")
        return (try? Self.inStrataContext(context, mode: contextMode) { releaseNow() }) ?? context.liveObjects
    }

    /// Frees everything; Strata's context (or the host's, in `.host` mode) must be current.
    private func releaseNow() -> GLObjectCounts {
        guard let server else { return context.liveObjects }
        for work in inbox.close() { RenderServer.refuse(work) }
        failWaitingFrames(CompositorError.shutDown)
        attached = nil
        let counts = server.tearDown()  // destroys Strata's own context in `.shared` mode
        self.server = nil
        return counts
    }

    // MARK: - The host's frame

    /// Applies the queued work (commits and requests), then draws the whole tree over what
    /// `target` holds (the host's pixels, so nothing of the last frame is reused; cleared first to
    /// `clearColor` if given) and answers the frames the compositor is waiting for. Returns false
    /// in `alive` when the work held a shutdown: everything is released and nothing is drawn.
    private func hostFrame(
        _ server: RenderServer, into target: DrawTarget, clearColor: Color?, time: Double?
    ) throws -> (statistics: FrameStatistics?, alive: Bool) {
        var pieces: [RenderWork?] = inbox.takeAvailable().map { $0 }
        for index in pieces.indices {
            let work = pieces[index]!
            pieces[index] = nil  // let go of each commit's pixels as soon as it is applied
            switch server.handle(work) {
            case .handled: break
            case .frame(let request, let continuation): waitingFrames.append((request, continuation))
            case .shutdown(let continuation):
                failWaitingFrames(CompositorError.shutDown)
                attached = nil
                let counts = server.tearDown()
                for rest in pieces[(index + 1)...] { if let rest { RenderServer.refuse(rest) } }
                continuation?.resume(returning: counts)
                return (nil, false)
            }
        }
        if let error = server.pendingError, !server.pendingIsDeferred {
            _ = server.takePendingError()
            refused = true
            server.invalidate()
            failWaitingFrames(error)
            throw error
        }
        let start = MonotonicTime.now()
        var statistics: FrameStatistics
        do {
            // No reset poll and no timer query: the host's context reports its reset once, to the
            // host, and the host may have a query of its own running.
            statistics = try server.draw(into: target, clearColor: clearColor, time: time, whole: true)
        } catch {
            failWaitingFrames(error)
            throw error
        }
        statistics.renderMilliseconds = (MonotonicTime.now() - start) * 1000
        let waiting = waitingFrames
        waitingFrames = []
        var image: RGBAImage?
        let deferred = server.takePendingError()
        for (request, continuation) in waiting {
            if let deferred {
                continuation.resume(throwing: deferred)
                continue
            }
            if request.readBack, image == nil {
                let readStart = MonotonicTime.now()
                image = Self.readViewport(of: target, gl: context.gl)
                statistics.readbackMilliseconds = (MonotonicTime.now() - readStart) * 1000
            }
            continuation.resume(returning: RenderedFrame(image: request.readBack ? image : nil, statistics: statistics))
        }
        // Drawn, with every change applied but a layer's contents the GPU refused: say so now.
        if let deferred { throw deferred }
        return (statistics, true)
    }

    /// Fails every frame waiting for the host with `error`.
    private func failWaitingFrames(_ error: any Error) {
        for (_, continuation) in waitingFrames { continuation.resume(throwing: error) }
        waitingFrames = []
    }

    /// The drawn area of a host's framebuffer, top row first (premultiplied RGBA8 as drawn).
    private static func readViewport(of target: DrawTarget, gl: any GLFunctions) -> RGBAImage {
        gl.bindFramebuffer(GL.readFramebuffer, target.framebuffer)
        let w = target.width, h = target.height
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        gl.pixelStorei(GL.packAlignment, 4)
        pixels.withUnsafeMutableBytes {
            gl.readPixels(Int32(target.origin.x), Int32(target.origin.y), Int32(w), Int32(h), GL.rgba, GL.unsignedByte, $0.baseAddress)
        }
        while gl.getError() != GL.noError {}  // a framebuffer that cannot be read (multisampled): zeros, no error left behind
        let size = PixelSize(width: w, height: h)
        return target.yUp ? RGBAImage(size: size, bottomRowFirst: pixels) : RGBAImage(size: size, pixels: pixels)
    }
}
