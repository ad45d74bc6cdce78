import CEGL
import CGBM
import Glibc

// Overall design: GBM output needs three EGL/GBM objects that live and die together on one
// thread: a GBM surface of buffer objects on a DRM render node, an EGL window surface on it, and
// an OpenGL ES 3 context of its own current there. `GBMSurface` owns the three; each frame drawn
// into the window surface is swapped, and the front buffer is locked and exported as a dma-buf
// (`GBMBuffer`) until its consumer gives it back.

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

/// A GBM surface of `DRM_FORMAT_ARGB8888` buffer objects on a DRM render node, with an EGL window
/// surface on it and an OpenGL ES 3 context (with an 8-bit stencil) current there.
///
/// Thread rule: create it, draw, swap, lock buffers and `destroy()` it on one thread; the context
/// is current on that thread from creation.
/// - Note: The corresponding calls are `gbm_surface_create`, `eglCreatePlatformWindowSurface`,
///   `eglCreateContext`, `eglSwapBuffers`, `gbm_surface_lock_front_buffer`.
public final class GBMSurface {
    /// The size in pixels.
    public let width: Int, height: Int
    /// The render node in use, such as `/dev/dri/renderD128`.
    public let node: String
    /// The display the surface and context belong to (the render node's).
    public let connection: EGLConnection
    private let surface: OpaquePointer
    private let eglSurface: EGLSurface
    private let context: EGLContext
    private var destroyed = false
    private let owner = ThreadOwner()

    /// Opens the first DRM render node and a `width × height` surface, and makes a GLES 3 context
    /// current on it.
    /// - Parameters:
    ///   - modifiers: the DRM format modifiers the buffers' consumer accepts; empty lets the driver choose.
    ///   - scanout: whether the buffers must be displayable by KMS (`GBM_BO_USE_SCANOUT`).
    /// - Throws: `GLError.noRenderNode` when `/dev/dri/renderD*` does not exist (saying so),
    ///   `GLError.sizeOutOfRange`, `GBMError.callFailed`, or the EGL call that failed.
    public init(width: Int, height: Int, modifiers: [UInt64] = [], scanout: Bool = false) throws {
        if let problem = EGLConnection.renderNodeProblem { throw GLError.noRenderNode(reason: problem) }
        let connection = try EGLConnection.open(forced: .gbm)
        guard let device = connection.gbmDevice else { throw GBMError.callFailed("gbm_create_device") }
        let node = connection.deviceDescription
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw GLError.sizeOutOfRange(what: "a GBM surface", width: width, height: height, limit: 16384)
        }
        let format = CGBM_FORMAT_ARGB8888
        let flags = UInt32(GBM_BO_USE_RENDERING.rawValue) | (scanout ? UInt32(GBM_BO_USE_SCANOUT.rawValue) : 0)
        let created =
            modifiers.isEmpty
            ? gbm_surface_create(device, UInt32(width), UInt32(height), format, flags)
            : gbm_surface_create_with_modifiers2(device, UInt32(width), UInt32(height), format, modifiers, UInt32(modifiers.count), flags)
        guard let surface = created else {
            throw GBMError.callFailed(
                "gbm_surface_create\(modifiers.isEmpty ? "" : "_with_modifiers2")(\(width)×\(height), ARGB8888, \(scanout ? "rendering + scanout" : "rendering")\(modifiers.isEmpty ? "" : ", modifiers \(modifiers.map { "0x" + String($0, radix: 16) })"))"
            )
        }
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
            throw GLError.eglCallFailed(function: "eglCreatePlatformWindowSurface(GBM surface \(width)×\(height))", code: code)
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            let code = eglGetError()
            eglDestroySurface(display, eglSurface)
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglCreateContext(OpenGL ES 3) on \(node)", code: code)
        }
        guard eglMakeCurrent(display, eglSurface, eglSurface, context) == EGL_TRUE else {
            let code = eglGetError()
            eglDestroyContext(display, context)
            eglDestroySurface(display, eglSurface)
            gbm_surface_destroy(surface)
            throw GLError.eglCallFailed(function: "eglMakeCurrent(GBM surface)", code: code)
        }
        (self.width, self.height, self.node, self.connection) = (width, height, node, connection)
        (self.surface, self.eglSurface, self.context) = (surface, eglSurface, context)
    }

    /// Whether a buffer is free to draw the next frame into (`gbm_surface_has_free_buffers`).
    public var hasFreeBuffers: Bool { gbm_surface_has_free_buffers(surface) != 0 }

    /// Makes the surface's context and window surface current (another surface may have been used since).
    /// - Throws: `GLError.eglCallFailed`.
    public func makeCurrent() throws {
        owner.preconditionCurrent("GBMSurface.makeCurrent")
        guard eglMakeCurrent(connection.display, eglSurface, eglSurface, context) == EGL_TRUE else {
            throw GLError.eglCallFailed(function: "eglMakeCurrent(GBM surface of \(node))", code: eglGetError())
        }
    }

    /// Ends the frame drawn into the window surface's default framebuffer and locks the buffer it
    /// went to, exported as a dma-buf.
    /// - Throws: `GLError.eglCallFailed` (`eglSwapBuffers`), `GBMError.callFailed` when no buffer
    ///   could be locked, `GBMError.exportFailed` when it cannot be exported.
    public func swapAndLockFrontBuffer() throws -> GBMBuffer {
        owner.preconditionCurrent("GBMSurface.swapAndLockFrontBuffer")
        guard eglSwapBuffers(connection.display, eglSurface) == EGL_TRUE else {
            throw GLError.eglCallFailed(function: "eglSwapBuffers(GBM surface)", code: eglGetError())
        }
        guard let bo = gbm_surface_lock_front_buffer(surface) else { throw GBMError.callFailed("gbm_surface_lock_front_buffer") }
        return try GBMBuffer(bo: bo, surface: surface, width: width, height: height)
    }

    /// Releases the context (no longer current) and both surfaces. Buffers still locked must have
    /// been detached first (`GBMBuffer.detach()`). Surface thread only; idempotent.
    public func destroy() {
        owner.preconditionCurrent("GBMSurface.destroy")
        guard !destroyed else { return }
        destroyed = true
        let display = connection.display
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        eglDestroySurface(display, eglSurface)
        gbm_surface_destroy(surface)
    }

    deinit {
        // EGL calls belong to the surface's thread; elsewhere the objects are left.
        if owner.isCurrent { destroy() }
    }
}

/// One locked buffer object of a `GBMSurface`, exported as a dma-buf: its descriptor, layout,
/// format and modifier. Released back to the surface (and its descriptor closed) by `release()`.
///
/// Thread rule: release it on the surface's thread.
public final class GBMBuffer {
    /// The dma-buf file descriptor (owned: closed on release; `dup` it to keep it).
    public let fd: Int32
    /// The size in pixels.
    public let width: Int, height: Int
    /// Every plane's stride and offset in bytes (plane 0 first).
    public let planes: [(stride: Int, offset: Int)]
    /// The DRM fourcc format, such as `DRM_FORMAT_ARGB8888` ('AR24').
    public let format: UInt32
    /// The DRM format modifier (`DRM_FORMAT_MOD_LINEAR` is 0; `DRM_FORMAT_MOD_INVALID` when the driver does not say).
    public let modifier: UInt64
    /// The number of planes the buffer object reports.
    public let planeCount: Int
    private let surface: OpaquePointer
    private var bo: OpaquePointer?
    private var released = false

    init(bo: OpaquePointer, surface: OpaquePointer, width: Int, height: Int) throws {
        let fd = gbm_bo_get_fd(bo)
        guard fd >= 0 else {
            gbm_surface_release_buffer(surface, bo)
            throw GBMError.exportFailed("gbm_bo_get_fd returned \(fd)")
        }
        (self.fd, self.bo, self.surface, self.width, self.height) = (fd, bo, surface, width, height)
        format = gbm_bo_get_format(bo)
        modifier = gbm_bo_get_modifier(bo)
        planeCount = Int(gbm_bo_get_plane_count(bo))
        planes = (0..<max(1, planeCount)).map { (Int(gbm_bo_get_stride_for_plane(bo, Int32($0))), Int(gbm_bo_get_offset(bo, Int32($0)))) }
    }

    /// Gives the buffer back to the surface (unless it was detached) and closes the descriptor.
    /// Idempotent.
    public func release() {
        guard !released else { return }
        released = true
        close(fd)
        if let bo { gbm_surface_release_buffer(surface, bo) }
        bo = nil
    }

    /// The surface is going: the buffer is no longer given back to it. The descriptor stays valid
    /// (the dma-buf lives while it is open) until `release()`.
    public func detach() { bo = nil }

    deinit { release() }
}
