import CEGL
import CGBM
import CGLES3
import Foundation
import StrataCore
import StrataGL

// Overall design: GBM output is embedding with Strata as its own host. The output opens the DRM
// render node's EGL display, makes a GBM surface of the frame size with a window surface on it,
// creates a GLES 3 context current on the calling thread, and embeds a `HostRenderer` in that
// context. Each frame is drawn into the surface's default framebuffer, swapped, and the front
// buffer object is locked and handed out as a dma-buf (file descriptor, format, modifier, stride,
// offset) for KMS scan-out or another process. The buffer goes back to the surface when released.

/// One frame rendered into a GBM buffer object, exported as a dma-buf.
///
/// Thread rule: release it on the output's thread. The surface has a few buffers: release each
/// frame once its consumer is done with it, or rendering stops with `GBMError.noFreeBuffer`.
public final class GBMFrame {
    /// The dma-buf file descriptor (owned by the frame: closed on release; `dup` it to keep it).
    public let fd: Int32
    /// The size in pixels.
    public let width: Int, height: Int
    /// Bytes between rows of plane 0, and where plane 0 starts in the buffer.
    public let stride: Int, offset: Int
    /// Every plane's stride and offset (one plane for the formats Strata renders; more with some modifiers).
    public let planes: [(stride: Int, offset: Int)]
    /// The DRM fourcc format, such as `DRM_FORMAT_ARGB8888` ('AR24').
    public let format: UInt32
    /// The DRM format modifier (`DRM_FORMAT_MOD_LINEAR` is 0; `DRM_FORMAT_MOD_INVALID` when the driver does not say).
    public let modifier: UInt64
    /// The number of planes (1 for the formats Strata renders).
    public let planeCount: Int
    /// The frame's statistics.
    public let statistics: FrameStatistics
    private let surface: OpaquePointer
    private var bo: OpaquePointer?

    /// The format as its four characters, such as "AR24".
    public var formatName: String {
        String((0..<4).map { Character(Unicode.Scalar(UInt8((format >> ($0 * 8)) & 0xFF))) })
    }

    init(bo: OpaquePointer, surface: OpaquePointer, width: Int, height: Int, statistics: FrameStatistics) throws {
        let fd = gbm_bo_get_fd(bo)
        guard fd >= 0 else {
            gbm_surface_release_buffer(surface, bo)
            throw GBMError.exportFailed("gbm_bo_get_fd returned \(fd)")
        }
        self.fd = fd
        self.bo = bo
        self.surface = surface
        self.width = width
        self.height = height
        stride = Int(gbm_bo_get_stride(bo))
        offset = Int(gbm_bo_get_offset(bo, 0))
        format = gbm_bo_get_format(bo)
        modifier = gbm_bo_get_modifier(bo)
        planeCount = Int(gbm_bo_get_plane_count(bo))
        planes = (0..<max(1, planeCount)).map { (Int(gbm_bo_get_stride_for_plane(bo, Int32($0))), Int(gbm_bo_get_offset(bo, Int32($0)))) }
        self.statistics = statistics
    }

    private var released = false

    /// Gives the buffer back to the surface (unless the output was closed first) and closes the
    /// descriptor. Idempotent.
    public func release() {
        guard !released else { return }
        released = true
        close(fd)
        if let bo { gbm_surface_release_buffer(surface, bo) }
        bo = nil
    }

    /// The output is closing: its surface is going, so the buffer is no longer given back to it.
    /// The descriptor stays valid (the dma-buf lives while it is open) until `release()`.
    func detach() {
        bo = nil
    }

    deinit { release() }
}

/// What GBM output can fail with (EGL's and GL's own failures are `GLError`).
public enum GBMError: Error, Sendable, CustomStringConvertible {
    /// A GBM call returned nothing.
    case callFailed(String)
    /// Every buffer of the surface is still held by a frame that was not released.
    case noFreeBuffer
    /// The buffer could not be exported as a dma-buf.
    case exportFailed(String)

    public var description: String {
        switch self {
        case .callFailed(let what): "\(what) failed"
        case .noFreeBuffer: "every buffer of the GBM surface is held by an unreleased GBMFrame; release frames once they are shown"
        case .exportFailed(let what): "the frame could not be exported as a dma-buf: \(what)"
        }
    }
}

/// Renders a layer tree into buffer objects of a GBM surface on a DRM render node and hands each
/// frame out as a dma-buf.
///
/// Thread rule: create it, render and release frames on one thread; its GL context is current
/// there from creation until `close()`. Commits reach its `compositor` from any thread.
public final class GBMOutput {
    /// The frame size in pixels.
    public let size: PixelSize
    /// The render node in use, such as `/dev/dri/renderD128`.
    public let node: String
    /// Submit commits here (or give it to a `UIScreen`).
    public var compositor: Compositor { renderer.compositor }
    private let connection: EGLConnection
    private let surface: OpaquePointer
    private let eglSurface: EGLSurface
    private let context: EGLContext
    private let renderer: HostRenderer
    private var closed = false
    private let owner = ThreadOwner()
    /// Frames handed out and perhaps not released, detached when the output closes.
    private var frames: [WeakFrame] = []
    private struct WeakFrame { weak var frame: GBMFrame? }

    /// Opens the first DRM render node and a `size` GBM surface of `DRM_FORMAT_ARGB8888` buffers.
    /// - Parameters:
    ///   - modifiers: the DRM format modifiers the frames' consumer accepts (a KMS plane's, or
    ///     another device's importer's); empty lets the driver choose (the frame says which).
    ///   - scanout: whether the buffers must be displayable by KMS (`GBM_BO_USE_SCANOUT`; a
    ///     render-only device may refuse).
    /// - Throws: `GLError.noRenderNode` when `/dev/dri/renderD*` does not exist (saying so),
    ///   `GLError.sizeOutOfRange`, `GBMError.callFailed`, or the EGL call that failed.
    public init(size: PixelSize, modifiers: [UInt64] = [], scanout: Bool = false, clock: FrameClock = .virtual60) throws {
        if let problem = EGLConnection.renderNodeProblem { throw GLError.noRenderNode(reason: problem) }
        connection = try EGLConnection.open(forced: .gbm)
        guard let device = connection.gbmDevice else { throw GBMError.callFailed("gbm_create_device") }
        node = connection.deviceDescription
        guard (1...16384).contains(size.width), (1...16384).contains(size.height) else {
            throw GLError.sizeOutOfRange(what: "a GBM surface", width: size.width, height: size.height, limit: 16384)
        }
        self.size = size
        let format = CGBM_FORMAT_ARGB8888
        let flags = UInt32(GBM_BO_USE_RENDERING.rawValue) | (scanout ? UInt32(GBM_BO_USE_SCANOUT.rawValue) : 0)
        let created =
            modifiers.isEmpty
            ? gbm_surface_create(device, UInt32(size.width), UInt32(size.height), format, flags)
            : gbm_surface_create_with_modifiers2(device, UInt32(size.width), UInt32(size.height), format, modifiers, UInt32(modifiers.count), flags)
        guard let surface = created else {
            throw GBMError.callFailed(
                "gbm_surface_create\(modifiers.isEmpty ? "" : "_with_modifiers2")(\(size), ARGB8888, \(scanout ? "rendering + scanout" : "rendering")\(modifiers.isEmpty ? "" : ", modifiers \(modifiers.map { "0x" + String($0, radix: 16) })"))"
            )
        }
        self.surface = surface
        let display = connection.display
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglBindAPI(EGL_OPENGL_ES_API)", code: eglGetError())
        }
        // A config whose native visual is the surface's format, with stencil for clip masks.
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_STENCIL_SIZE, 8, EGL_NONE,
        ]
        var count: EGLint = 0
        eglChooseConfig(display, attributes, nil, 0, &count)
        var configs = [EGLConfig?](repeating: nil, count: Int(max(count, 0)))
        eglChooseConfig(display, attributes, &configs, count, &count)
        let config =
            configs.prefix(Int(count)).first { config in
                var visual: EGLint = 0
                return eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visual) == EGL_TRUE && UInt32(bitPattern: visual) == format
            } ?? nil
        guard let config else {
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglChooseConfig(GLES 3, window, ARGB8888 visual, stencil 8) on \(node)", code: eglGetError())
        }
        guard let eglSurface = eglCreatePlatformWindowSurface(display, config, UnsafeMutableRawPointer(surface), nil) else {
            let code = eglGetError()
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglCreatePlatformWindowSurface(GBM surface \(size))", code: code)
        }
        self.eglSurface = eglSurface
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            let code = eglGetError()
            eglDestroySurface(display, eglSurface)
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglCreateContext(OpenGL ES 3) on \(node)", code: code)
        }
        self.context = context
        guard eglMakeCurrent(display, eglSurface, eglSurface, context) == EGL_TRUE else {
            let code = eglGetError()
            eglDestroyContext(display, context)
            eglDestroySurface(display, eglSurface)
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglMakeCurrent(GBM surface)", code: code)
        }
        do {
            renderer = try HostRenderer(clock: clock)
        } catch {
            eglMakeCurrent(display, nil, nil, nil)
            eglDestroyContext(display, context)
            eglDestroySurface(display, eglSurface)
            gbm_surface_destroy(surface)
            throw error
        }
    }

    /// Draws the tree into the surface's next buffer, cleared to `clearColor` first, and returns
    /// it as a dma-buf. Output thread only.
    /// - Throws: `GBMError.noFreeBuffer` when every buffer is held by an unreleased frame, the
    ///   render's errors, or the EGL call that failed.
    public func render(clearColor: Color = .clear, time: Double? = nil) throws -> GBMFrame {
        owner.preconditionCurrent("GBMOutput.render")
        precondition(!closed, "GBMOutput.render after close()")
        guard gbm_surface_has_free_buffers(surface) != 0 else { throw GBMError.noFreeBuffer }
        try makeCurrent()
        let c = clearColor.premultiplied
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(c.x, c.y, c.z, c.w)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
        let statistics = try renderer.render(
            into: HostFramebuffer(framebuffer: 0, viewport: PixelRect(x: 0, y: 0, width: size.width, height: size.height)), time: time)
        guard eglSwapBuffers(connection.display, eglSurface) == EGL_TRUE else {
            throw GLError.eglCallFailed(function: "eglSwapBuffers(GBM surface)", code: eglGetError())
        }
        guard let bo = gbm_surface_lock_front_buffer(surface) else { throw GBMError.callFailed("gbm_surface_lock_front_buffer") }
        let frame = try GBMFrame(bo: bo, surface: surface, width: size.width, height: size.height, statistics: statistics)
        frames.removeAll { $0.frame == nil }
        frames.append(WeakFrame(frame: frame))
        return frame
    }

    /// Makes the output's context and surface current (another output may have been used since).
    private func makeCurrent() throws {
        guard eglMakeCurrent(connection.display, eglSurface, eglSurface, context) == EGL_TRUE else {
            throw GLError.eglCallFailed(function: "eglMakeCurrent(GBM surface of \(node))", code: eglGetError())
        }
    }

    /// Frees Strata's GL objects, the context and the surfaces. Release every frame first.
    /// Output thread only; idempotent.
    public func close() {
        owner.preconditionCurrent("GBMOutput.close")
        guard !closed else { return }
        closed = true
        for entry in frames { entry.frame?.detach() }
        frames = []
        try? makeCurrent()
        renderer.release()
        let display = connection.display
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        eglDestroySurface(display, eglSurface)
        gbm_surface_destroy(surface)
    }

    deinit {
        // GL and EGL calls belong to the output's thread; elsewhere the objects are left (logged by HostRenderer).
        if owner.isCurrent { close() }
    }
}
