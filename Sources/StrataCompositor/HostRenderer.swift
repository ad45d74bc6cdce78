import CEGL
import CGLES3
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

/// Where a host asks Strata to draw: its framebuffer, the rectangle of it, and the scale.
public struct HostFramebuffer: Sendable, Hashable {
    /// The GL framebuffer name in the host's context; 0 is the default framebuffer (a window's).
    public var framebuffer: UInt32
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
        }
    }
}

/// Strata embedded in a host application's OpenGL (ES) context: the host calls `render(into:)` on
/// its own thread, with its context current and its framebuffer ready, and Strata draws its layer
/// tree there and returns, leaving every piece of GL state as it found it.
///
/// Thread rule: create it, render with it and release it on the host's GL thread, with the same
/// context current each time (checked: other threads and contexts get
/// `GLError.hostContextNotCurrent`). The `compositor` it hands out is `Sendable`: commits reach it
/// from any thread (a `UIScreen` on the main actor, for one) and apply at the next `render`.
///
/// GL state: every value in `GLStateSnapshot.restored` is put back before `render` returns,
/// also when it throws. Strata's objects (programs, buffers, a vertex array, textures,
/// framebuffers for group opacity) live in the host's context until `release()`. Where layers
/// clip with rotated or rounded masks, the stencil buffer's contents inside the viewport are
/// used and left undefined (a framebuffer without stencil makes Strata draw through an offscreen
/// framebuffer of its own instead).
public final class HostRenderer {
    /// The compositor fed by this renderer: submit commits to it, or give it to a `UIScreen`.
    public let compositor: Compositor
    /// The host's GPU as Strata sees it (platform `.host`).
    public var gpu: GLInfo { context.info }
    private let context: GLContext
    private var server: RenderServer?
    private let inbox = RenderInbox()
    private static let logger = Logger(label: "strata.host")

    /// Embeds Strata in the EGL context current on the calling thread. Creates Strata's programs
    /// and buffers there (the host's bindings are restored before this returns).
    /// - Parameter clock: where frame times come from when `render` is not given one; the
    ///   virtual clock (the default) advances 1/60 s a frame, the monotonic one follows real time.
    /// - Throws: `GLError.noCurrentContext` when no EGL context is current,
    ///   `GLError.unsupportedHostContext` when it cannot run OpenGL ES 3.0 shaders, or the
    ///   error of a shader that does not compile.
    public init(clock: FrameClock = .virtual60) throws {
        context = try GLContext(adoptingCurrentContext: "HostRenderer.init")
        let snapshot = GLStateSnapshot.capture()
        snapshot.prepareForStrata()
        defer { snapshot.restore() }
        server = try RenderServer(context: context, clock: clock, hostDriven: true)
        compositor = Compositor(hostInbox: inbox, gpu: context.info, clock: clock)
    }

    deinit {
        if server != nil {
            if context.owner.isCurrent, (try? context.checkCurrent("HostRenderer deinit")) != nil {
                release()
            } else {
                // Wrong thread or context: GL cannot be called safely, so the objects stay.
                Self.logger.warning("HostRenderer released off its GL thread (or with another context current): its GL objects leak; call release() on the host's GL thread first")
            }
        }
    }

    /// Applies every commit submitted so far, advances the animations to the frame's time, and
    /// draws the layer tree over what `target` holds. Returns the frame's statistics.
    ///
    /// Host GL thread only, with the context Strata was embedded in current. Every GL state value
    /// Strata changes is restored before it returns (also when it throws).
    /// - Parameter time: the frame's time on the compositor's clock (seconds), or nil for the
    ///   clock's own (frame number × 1/60 s on the virtual clock).
    /// - Throws: `GLError.hostContextNotCurrent`, a `HostRenderError` for a bad target (nothing
    ///   drawn), the `CommitError` of a refused commit, `GLError.contextLost` after a GPU reset,
    ///   `CompositorError.shutDown` after `release()` (or a compositor `shutdown()`).
    @discardableResult
    public func render(into target: HostFramebuffer, time: Double? = nil) throws -> FrameStatistics {
        guard let server else { throw CompositorError.shutDown }
        try context.checkCurrent("HostRenderer.render")
        let limit = context.info.maxTargetSize
        let v = target.viewport
        guard (1...limit).contains(v.width), (1...limit).contains(v.height), abs(v.x) <= limit, abs(v.y) <= limit else {
            throw HostRenderError.viewportOutOfRange(v, limit: limit)
        }
        guard target.scale.isFinite, target.scale > 0 else { throw HostRenderError.invalidScale(target.scale) }
        if let time, !time.isFinite { throw HostRenderError.invalidTime(time) }
        let snapshot = GLStateSnapshot.capture()
        snapshot.prepareForStrata()
        defer { snapshot.restore() }
        var draw = DrawTarget(framebuffer: target.framebuffer, width: v.width, height: v.height)
        draw.origin = (v.x, v.y)
        draw.yUp = !target.topRowFirst
        draw.scale = target.scale
        draw.hasStencil = try Self.checkFramebuffer(target.framebuffer)
        do {
            let (statistics, alive) = try server.hostFrame(into: draw, time: time, work: inbox.takeAvailable())
            guard alive, let statistics else {
                let counts = releaseNow()
                if counts.total != 0 { Self.logger.warning("GL objects left after shutdown: \(counts)") }
                throw CompositorError.shutDown
            }
            compositor.framePresented(.success(statistics))
            return statistics
        } catch CompositorError.shutDown {
            throw CompositorError.shutDown
        } catch {
            compositor.framePresented(.failure(error))
            throw error
        }
    }

    /// Whether `name` is a complete framebuffer, and whether it has a stencil buffer.
    private static func checkFramebuffer(_ name: UInt32) throws -> Bool {
        if name != 0, glIsFramebuffer(name) == 0 { throw HostRenderError.notAFramebuffer(name) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw HostRenderError.framebufferIncomplete(name, status: status) }
        let attachment = GLenum(name == 0 ? GL_STENCIL : GL_STENCIL_ATTACHMENT)
        var type: GLint = 0
        glGetFramebufferAttachmentParameteriv(GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), &type)
        guard type != GL_NONE else {
            while glGetError() != GLenum(GL_NO_ERROR) {}
            return false
        }
        var bits: GLint = 0
        glGetFramebufferAttachmentParameteriv(GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), &bits)
        while glGetError() != GLenum(GL_NO_ERROR) {}
        return bits > 0
    }

    /// The time the next frame will have, for animations that begin with it: the clock's time of
    /// the next frame, or the last time given to `render` when the host passes its own.
    public var nextFrameTime: Double { server?.nextFrameTime ?? 0 }

    /// Whether the context Strata was embedded in is current on the calling thread, which must be the host's GL thread.
    public var isContextCurrent: Bool { (try? context.checkCurrent("")) != nil }

    /// The GL objects Strata has alive in the host's context now, by kind. Host GL thread only.
    public var liveGLObjects: GLObjectCounts { context.liveObjects }

    /// Frees every GL object Strata created in the host's context (the context itself stays the
    /// host's) and returns what was still alive afterwards: all zero unless something leaked.
    /// Later `render` calls, and frames the compositor waits for, fail with
    /// `CompositorError.shutDown`. Host GL thread only, with the context current; idempotent.
    @discardableResult
    public func release() -> GLObjectCounts {
        context.owner.preconditionCurrent("HostRenderer.release")
        guard server != nil else { return context.liveObjects }
        precondition(isContextCurrent, "HostRenderer.release: the host's context is not current; make it current first, or GL objects of another context would be deleted")
        let snapshot = GLStateSnapshot.capture()
        defer { snapshot.restore() }
        return releaseNow()
    }

    private func releaseNow() -> GLObjectCounts {
        guard let server else { return context.liveObjects }
        for work in inbox.close() { server.refuse(work) }
        let counts = server.tearDown()
        self.server = nil
        return counts
    }
}
