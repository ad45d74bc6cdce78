import CEGL
import CGLES3
import Logging

/// Live GL objects of one context, by kind; tests use it to prove nothing leaks.
public struct GLObjectCounts: Hashable, Sendable, CustomStringConvertible {
    public var programs = 0
    public var shaders = 0
    public var buffers = 0
    public var vertexArrays = 0
    public var textures = 0
    public var framebuffers = 0
    public var renderbuffers = 0

    /// Creates counts, all zero.
    public init() {}

    /// The sum over every kind.
    public var total: Int { programs + shaders + buffers + vertexArrays + textures + framebuffers + renderbuffers }

    public var description: String {
        "programs \(programs), shaders \(shaders), buffers \(buffers), vertex arrays \(vertexArrays), "
            + "textures \(textures), framebuffers \(framebuffers), renderbuffers \(renderbuffers)"
    }
}

/// What the GL implementation is and what it allows.
public struct GLInfo: Sendable {
    /// The EGL platform the display was opened on.
    public var platform: EGLPlatform
    /// What the display runs on (a DRM node, "software device", "surfaceless").
    public var device: String
    /// The EGL version, such as "1.5".
    public var eglVersion: String
    /// `GL_VENDOR`, `GL_RENDERER` and `GL_VERSION`.
    public var vendor: String, renderer: String, version: String
    /// `GL_SHADING_LANGUAGE_VERSION`.
    public var shadingLanguageVersion: String
    /// `GL_MAX_TEXTURE_SIZE`: the largest texture side, in pixels.
    public var maxTextureSize: Int
    /// The largest render target side: the smallest of the texture, renderbuffer and viewport limits.
    public var maxTargetSize: Int
    /// The extensions Strata looks for, with whether each is present.
    public var extensionsUsed: [(name: String, present: Bool)]
    /// `GL_MAJOR_VERSION` and `GL_MINOR_VERSION` (0 where the context is too old to say).
    public var majorVersion: Int, minorVersion: Int

    /// Whether the context is desktop OpenGL (a host's), not OpenGL ES.
    public var isDesktop: Bool { !version.hasPrefix("OpenGL ES") }

    /// Whether `GL_SAMPLE_MASK` exists: desktop OpenGL, or OpenGL ES 3.1 and later.
    public var hasSampleMask: Bool { isDesktop || (majorVersion, minorVersion) >= (3, 1) }

    /// Whether blending and colour masks can differ per draw buffer: OpenGL ES 3.2, desktop 4.0.
    public var hasIndexedBlend: Bool { isDesktop ? majorVersion >= 4 : (majorVersion, minorVersion) >= (3, 2) }

    /// Whether `name` is among the extensions Strata looks for and present.
    public func hasExtension(_ name: String) -> Bool { extensionsUsed.contains { $0.name == name && $0.present } }

    /// Whether GPU timer queries (`GL_EXT_disjoint_timer_query`) are available.
    public var hasTimerQuery: Bool { hasExtension("GL_EXT_disjoint_timer_query") }
    /// Whether objects can carry debug labels (`glObjectLabel`, OpenGL ES 3.2), which GL
    /// debuggers and the driver's debug output show.
    public var hasDebugLabels: Bool { !isDesktop && (majorVersion, minorVersion) >= (3, 2) }
}

/// An OpenGL ES 3 context, current on the thread that created it, with nothing to draw on but
/// framebuffer objects.
///
/// GL thread only: create it on the thread that will issue every GL call, keep it there, and
/// call `destroy()` there. Every GL object wrapper holds its context and checks the thread.
public final class GLContext {
    /// The display this context belongs to; nil for a context over a table of GL functions alone
    /// (`init(functions:)`), which has no EGL display.
    public let connection: EGLConnection?
    /// The table every GL call on this context goes through: the driver's (`SystemGL`), or a
    /// recording one in tests.
    public let gl: any GLFunctions
    /// The thread that owns the context.
    public let owner: ThreadOwner
    /// The implementation's name and limits, read once at creation.
    public private(set) var info: GLInfo!
    /// Every GL, EGL display and EGL client extension name, read once at creation.
    public private(set) var allExtensions: Set<String> = []
    /// Live objects created through this context, by kind.
    public internal(set) var liveObjects = GLObjectCounts()
    /// For tests of what a failed allocation leaves: how many more textures may be made before
    /// each further one fails as the GPU's `GL_OUT_OF_MEMORY` would (nil: no limit). Owner thread only.
    @_spi(Testing) public var textureAllocationsLeft: Int?

    private var context: EGLContext?
    private var pbuffer: EGLSurface?
    private let hasResetStatus: Bool
    /// Whether the context is the host application's: Strata never makes it current, releases it
    /// or destroys it.
    public let isHostContext: Bool
    static let logger = Logger(label: "strata.gl")

    /// Creates a GLES 3 context on `connection` and makes it current on the calling thread.
    /// - Throws: `GLError.eglCallFailed` naming the call and EGL error.
    public init(connection: EGLConnection) throws {
        self.connection = connection
        gl = SystemGL.shared
        owner = ThreadOwner()
        let display = connection.display
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            throw GLError.eglCallFailed(function: "eglBindAPI(EGL_OPENGL_ES_API)", code: eglGetError())
        }
        let exts = connection.extensions
        var config: EGLConfig? = nil
        if !exts.contains("EGL_KHR_no_config_context") || !exts.contains("EGL_KHR_surfaceless_context") {
            let attributes: [EGLint] = [
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
            ]
            var count: EGLint = 0
            guard eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
                throw GLError.eglCallFailed(function: "eglChooseConfig(GLES 3, pbuffer)", code: eglGetError())
            }
        }
        let robust = exts.contains("EGL_EXT_create_context_robustness")
        var created: EGLContext? = nil
        var createdRobust = false
        for useRobustness in robust ? [true, false] : [false] {
            var attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0]
            if useRobustness {
                attributes += [EGLint(EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT), EGLint(EGL_LOSE_CONTEXT_ON_RESET_EXT)]
            }
            attributes.append(EGL_NONE)
            created = eglCreateContext(display, config, nil, attributes)
            if created != nil {
                createdRobust = useRobustness
                break
            }
        }
        guard let created else {
            throw GLError.eglCallFailed(function: "eglCreateContext(OpenGL ES 3.0)", code: eglGetError())
        }
        context = created
        if config != nil {
            let attributes: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            pbuffer = eglCreatePbufferSurface(display, config, attributes)
            if pbuffer == nil {
                let code = eglGetError()
                eglDestroyContext(display, created)
                throw GLError.eglCallFailed(function: "eglCreatePbufferSurface(1×1)", code: code)
            }
        }
        guard eglMakeCurrent(display, pbuffer, pbuffer, created) == EGL_TRUE else {
            let code = eglGetError()
            if let pbuffer { eglDestroySurface(display, pbuffer) }
            eglDestroyContext(display, created)
            throw GLError.eglCallFailed(function: "eglMakeCurrent", code: code)
        }
        hasResetStatus = createdRobust
        isHostContext = false
        info = readInfo()
    }

    /// Adopts the host application's context, current on the calling thread: Strata's objects are
    /// created in it and the calling thread becomes the GL thread. The host keeps owning the
    /// context; `destroy()` only forgets it.
    /// - Throws: `GLError.noCurrentContext` when no EGL context is current;
    ///   `GLError.unsupportedHostContext` when it is older than OpenGL ES 3.0 (or desktop 3.3
    ///   without `GL_ARB_ES3_compatibility`).
    public init(adoptingCurrentContext caller: String) throws {
        let connection = try EGLConnection.current()
        self.connection = connection
        gl = SystemGL.shared
        owner = ThreadOwner()
        context = eglGetCurrentContext()
        pbuffer = nil
        isHostContext = true
        var strategy: GLint = 0
        SystemGL.shared.getIntegerv(GLenum(GL_RESET_NOTIFICATION_STRATEGY), &strategy)
        while SystemGL.shared.getError() != GLenum(GL_NO_ERROR) {}  // older contexts do not know the query
        hasResetStatus = strategy == GL_LOSE_CONTEXT_ON_RESET
        info = readInfo()
        let supported =
            info.isDesktop
            ? (info.majorVersion, info.minorVersion) >= (3, 3) && allExtensions.contains("GL_ARB_ES3_compatibility")
            : info.majorVersion >= 3
        guard supported else { throw GLError.unsupportedHostContext(version: info.version) }
    }

    /// Creates a context of Strata's own that shares objects (textures, buffers, renderbuffers)
    /// with the context current on the calling thread — the host's — in the same client API
    /// (OpenGL ES, or desktop OpenGL with `GL_ARB_ES3_compatibility`). The host's context stays
    /// current when this returns: make this one current with `makeCurrent()` only around Strata's
    /// work (it needs no surface: `EGL_KHR_surfaceless_context`).
    /// - Throws: `GLError.noCurrentContext`, `GLError.eglCallFailed` naming the call, or
    ///   `GLError.unsupportedHostContext`.
    public init(sharingCurrentContext caller: String) throws {
        guard let host = eglGetCurrentContext(), let display = eglGetCurrentDisplay() else {
            throw GLError.noCurrentContext(caller: caller)
        }
        let connection = try EGLConnection.current()
        self.connection = connection
        gl = SystemGL.shared
        owner = ThreadOwner()
        isHostContext = false
        let draw = eglGetCurrentSurface(EGL_DRAW), read = eglGetCurrentSurface(EGL_READ)
        var clientType: EGLint = 0, configID: EGLint = 0
        eglQueryContext(display, host, EGL_CONTEXT_CLIENT_TYPE, &clientType)
        eglQueryContext(display, host, EGL_CONFIG_ID, &configID)
        var major: GLint = 0, minor: GLint = 0
        SystemGL.shared.getIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        SystemGL.shared.getIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        while SystemGL.shared.getError() != GLenum(GL_NO_ERROR) {}
        // Contexts share objects only within one client API and with compatible configs.
        var config: EGLConfig? = nil
        if configID != 0 {
            let attributes: [EGLint] = [EGL_CONFIG_ID, configID, EGL_NONE]
            var count: EGLint = 0
            eglChooseConfig(display, attributes, &config, 1, &count)
            if count == 0 { config = nil }
        }
        let api = EGLenum(clientType == 0 ? EGL_OPENGL_ES_API : clientType)
        let previousAPI = eglQueryAPI()
        defer { eglBindAPI(previousAPI) }
        guard eglBindAPI(api) == EGL_TRUE else { throw GLError.eglCallFailed(function: "eglBindAPI(\(api))", code: eglGetError()) }
        var attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, major >= 3 ? major : 3, EGL_CONTEXT_MINOR_VERSION, major >= 3 ? minor : 0]
        if api == EGLenum(EGL_OPENGL_API) {
            attributes += [EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT]
        }
        attributes.append(EGL_NONE)
        guard let created = eglCreateContext(display, config, host, attributes) else {
            throw GLError.eglCallFailed(function: "eglCreateContext(sharing the host's context)", code: eglGetError())
        }
        context = created
        hasResetStatus = false
        // Read the limits in the new context, then give the host its context back.
        guard eglMakeCurrent(display, nil, nil, created) == EGL_TRUE else {
            let code = eglGetError()
            eglDestroyContext(display, created)
            eglMakeCurrent(display, draw, read, host)
            throw GLError.eglCallFailed(function: "eglMakeCurrent(Strata's shared context, no surface)", code: code)
        }
        info = readInfo()
        let supported = !info.isDesktop || allExtensions.contains("GL_ARB_ES3_compatibility")
        eglMakeCurrent(display, draw, read, host)
        guard supported else {
            eglDestroyContext(display, created)
            context = nil
            throw GLError.unsupportedHostContext(version: info.version)
        }
    }

    /// A context with no EGL display whose GL calls all go to `functions` (a recording table in
    /// tests): it is "current" on the calling thread, which owns it, from creation to `destroy()`.
    /// Its `info` is what the table answers (platform `.noDisplay`).
    public init(functions: any GLFunctions) {
        connection = nil
        gl = functions
        owner = ThreadOwner()
        context = nil
        pbuffer = nil
        hasResetStatus = false
        isHostContext = false
        standsAlone = true
        info = readInfo()
    }

    /// Whether the context has no EGL context behind it (`init(functions:)`).
    private var standsAlone = false

    /// Makes this context current on the calling thread (the owner) with no surface.
    /// - Throws: `GLError.eglCallFailed`.
    public func makeCurrent() throws {
        owner.preconditionCurrent("GLContext.makeCurrent")
        guard let context, let connection else { return }
        guard eglMakeCurrent(connection.display, pbuffer, pbuffer, context) == EGL_TRUE else {
            throw GLError.eglCallFailed(function: "eglMakeCurrent(Strata's context)", code: eglGetError())
        }
    }

    /// Throws `GLError.hostContextNotCurrent` unless this context is current on the calling thread
    /// (and the calling thread owns it). Host contexts only need it: Strata's own are always current.
    public func checkCurrent(_ caller: @autoclosure () -> String) throws {
        guard owner.isCurrent, standsAlone || (context != nil && eglGetCurrentContext() == context) else {
            throw GLError.hostContextNotCurrent(caller: caller())
        }
    }

    private func readInfo() -> GLInfo {
        func string(_ name: Int32) -> String {
            gl.getString(GLenum(name)).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? "?"
        }
        func integer(_ name: Int32) -> Int {
            var value: GLint = 0
            gl.getIntegerv(GLenum(name), &value)
            return Int(value)
        }
        var viewport: [GLint] = [0, 0]
        gl.getIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        let maxTexture = integer(GL_MAX_TEXTURE_SIZE)
        let glExtensions = Set(
            (0..<integer(GL_NUM_EXTENSIONS)).compactMap { index in
                gl.getStringi(GLenum(GL_EXTENSIONS), GLuint(index)).map {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
            })
        let all = connection.map { glExtensions.union($0.extensions).union(EGLConnection.clientExtensions) } ?? glExtensions
        allExtensions = all
        let major = integer(GL_MAJOR_VERSION), minor = integer(GL_MINOR_VERSION)
        while gl.getError() != GLenum(GL_NO_ERROR) {}  // contexts older than 3.0 do not know the query
        // What Strata looks for: the three platforms, a context with no config and no surface
        // (else a 1×1 pbuffer), reset notification for lost contexts, and the GL reset query.
        let used = [
            "EGL_EXT_platform_device", "EGL_EXT_device_enumeration", "EGL_MESA_platform_surfaceless",
            "EGL_KHR_platform_gbm", "EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context",
            "EGL_EXT_create_context_robustness", "GL_EXT_disjoint_timer_query",
            "EGL_KHR_image_base", "GL_OES_EGL_image", "EGL_EXT_image_dma_buf_import",
        ].map { (name: $0, present: all.contains($0)) }
        return GLInfo(
            platform: connection?.platform ?? .noDisplay, device: connection?.deviceDescription ?? "no device (a table of GL functions)",
            eglVersion: connection?.version ?? "none",
            vendor: string(GL_VENDOR), renderer: string(GL_RENDERER), version: string(GL_VERSION),
            shadingLanguageVersion: string(GL_SHADING_LANGUAGE_VERSION),
            maxTextureSize: maxTexture,
            maxTargetSize: min(maxTexture, integer(GL_MAX_RENDERBUFFER_SIZE), Int(viewport[0]), Int(viewport[1])),
            extensionsUsed: used, majorVersion: major, minorVersion: minor)
    }

    /// Whether the context still exists (not yet destroyed).
    public var isAlive: Bool { context != nil || standsAlone }

    /// Waits until every GL command issued on this thread has finished on the GPU (for timing).
    /// The corresponding GL call is `glFinish`.
    public func finish() {
        owner.preconditionCurrent()
        gl.finish()
    }

    /// Names a GL object for debuggers (`glObjectLabel` with `identifier` such as `GL_PROGRAM`),
    /// where the driver has labels; nothing otherwise. GL thread only.
    public func label(_ identifier: Int32, _ name: GLuint, _ text: String) {
        owner.preconditionCurrent()
        guard info.hasDebugLabels, name != 0 else { return }
        text.withCString { gl.objectLabel(GLenum(identifier), name, -1, $0) }
    }

    /// Checks the GL error flag and throws the first error found, naming `function`.
    /// GL thread only.
    public func checkError(_ function: @autoclosure () -> String) throws {
        owner.preconditionCurrent()
        let code = gl.getError()
        guard code == GLenum(GL_NO_ERROR) else {
            while gl.getError() != GLenum(GL_NO_ERROR) {}  // drain the remaining flags
            throw GLError.glCallFailed(function: function(), code: code)
        }
    }

    /// Throws `GLError.contextLost` when the GPU has reset since the context was created.
    /// GL thread only; costs one query.
    public func checkReset() throws {
        owner.preconditionCurrent()
        guard hasResetStatus else { return }
        let status = gl.getGraphicsResetStatus()
        if status != GLenum(GL_NO_ERROR) {
            throw GLError.contextLost(status: status)
        }
    }

    /// Releases the context. Objects still alive keep their count, which tests read as a leak.
    /// GL thread only; idempotent.
    public func destroy() {
        owner.preconditionCurrent("GLContext.destroy")
        guard isAlive else { return }
        if liveObjects.total != 0 {
            Self.logger.warning("GL context destroyed with live objects", metadata: ["live": "\(liveObjects)"])
        }
        standsAlone = false
        if !isHostContext, let context, let connection {
            eglMakeCurrent(connection.display, nil, nil, nil)
            if let pbuffer { eglDestroySurface(connection.display, pbuffer) }
            eglDestroyContext(connection.display, context)
        }
        self.context = nil
        pbuffer = nil
    }

    /// Forgets the context without any EGL or GL call: for a context that cannot be reached
    /// safely (released off its thread, or with another context current). Its objects' wrappers
    /// then delete nothing; the GL names stay with the context until it goes. Any thread.
    public func abandon() {
        standsAlone = false
        context = nil
        pbuffer = nil
    }

    deinit {
        if isAlive, owner.isCurrent, !isHostContext { destroy() }
    }
}
