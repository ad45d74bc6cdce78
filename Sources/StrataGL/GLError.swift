import CEGL
import CGLES3

/// What the GL platform can fail with: the machine's fault or the driver's, never a programmer error.
///
/// Each case names the call that failed and the native error, and says what to do.
public enum GLError: Error, Sendable, CustomStringConvertible {
    /// No EGL platform gave a GLES 3 context; one entry per platform tried, with its reason.
    case noPlatform(attempts: [PlatformAttempt])
    /// An EGL call failed with an EGL error code.
    case eglCallFailed(function: String, code: Int32)
    /// A GL call left an error flag set.
    case glCallFailed(function: String, code: UInt32)
    /// A shader did not compile; `log` is the driver's info log.
    case shaderCompile(file: String, stage: String, log: String)
    /// A program did not link; `log` is the driver's info log.
    case programLink(files: [String], log: String)
    /// A framebuffer is incomplete.
    case framebufferIncomplete(status: UInt32, size: String)
    /// The GPU reset and the context's objects are gone.
    case contextLost(status: UInt32)
    /// A render target or texture size the GPU cannot hold.
    case sizeOutOfRange(what: String, width: Int, height: Int, limit: Int)
    /// Strata was asked to use the host's context, but no EGL context is current on this thread.
    case noCurrentContext(caller: String)
    /// The host's context is not the one Strata was embedded in (another context, or none, is current).
    case hostContextNotCurrent(caller: String)
    /// The host's context cannot run Strata's shaders (OpenGL ES 3.0, or desktop OpenGL 3.3 with
    /// `GL_ARB_ES3_compatibility`, is needed).
    case unsupportedHostContext(version: String)
    /// No DRM render node exists, so GBM cannot open a device.
    case noRenderNode(reason: String)

    /// One platform that was tried, and why it failed.
    public struct PlatformAttempt: Sendable, CustomStringConvertible {
        /// The platform tried.
        public let platform: EGLPlatform
        /// Why it gave no context, e.g. "eglInitialize failed: EGL_NOT_INITIALIZED".
        public let reason: String

        /// Creates an attempt record.
        public init(platform: EGLPlatform, reason: String) {
            self.platform = platform
            self.reason = reason
        }

        public var description: String { "\(platform.rawValue): \(reason)" }
    }

    public var description: String {
        switch self {
        case .noPlatform(let attempts):
            let lines = attempts.map { "  - \($0)" }.joined(separator: "\n")
            return """
                no EGL platform gave an OpenGL ES 3 context; tried:
                \(lines)
                Install Mesa's EGL and GLES drivers (apt-get install libegl-mesa0 libgl1-mesa-dri) \
                or a GPU driver, or force a platform with STRATA_EGL_PLATFORM=device|surfaceless|gbm.
                """
        case .eglCallFailed(let function, let code):
            return "\(function) failed: \(eglErrorName(code))"
        case .glCallFailed(let function, let code):
            return "\(function) failed: \(glErrorName(code))"
        case .shaderCompile(let file, let stage, let log):
            return "the \(stage) shader \(file) did not compile:\n\(log)"
        case .programLink(let files, let log):
            return "the program of \(files.joined(separator: " + ")) did not link:\n\(log)"
        case .framebufferIncomplete(let status, let size):
            return "a \(size) framebuffer is incomplete: \(glErrorName(status)); the driver cannot render to this format or size"
        case .contextLost(let status):
            return "the GL context was lost (\(glErrorName(status))): the GPU reset; create a new compositor and commit the tree again"
        case .sizeOutOfRange(let what, let width, let height, let limit):
            return "\(what) of \(width)×\(height) pixels is out of range: each side must be 1...\(limit) on this GPU"
        case .noCurrentContext(let caller):
            return "\(caller): no EGL context is current on this thread; make the host's OpenGL (ES) context current (eglMakeCurrent) on the thread that embeds Strata first"
        case .hostContextNotCurrent(let caller):
            return "\(caller): the host context Strata was embedded in is not current on this thread; call Strata on the thread that created it, with that context current"
        case .unsupportedHostContext(let version):
            return "the host's context (\(version)) cannot run Strata: it needs OpenGL ES 3.0 or later, or desktop OpenGL 3.3 or later with GL_ARB_ES3_compatibility"
        case .noRenderNode(let reason):
            return
                "GBM output needs a DRM render node: \(reason); on a machine with a GPU, load its kernel driver (the node is /dev/dri/renderD128 and up) and give this user access to it (the 'render' group)"
        }
    }
}

/// The name of an EGL error code, such as `EGL_BAD_DISPLAY`.
public func eglErrorName(_ code: Int32) -> String {
    switch code {
    case EGL_SUCCESS: "EGL_SUCCESS"
    case EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED"
    case EGL_BAD_ACCESS: "EGL_BAD_ACCESS"
    case EGL_BAD_ALLOC: "EGL_BAD_ALLOC"
    case EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE"
    case EGL_BAD_CONFIG: "EGL_BAD_CONFIG"
    case EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT"
    case EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE"
    case EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY"
    case EGL_BAD_MATCH: "EGL_BAD_MATCH"
    case EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP"
    case EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW"
    case EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
    case EGL_BAD_SURFACE: "EGL_BAD_SURFACE"
    case EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST"
    default: "EGL error 0x\(String(code, radix: 16))"
    }
}

/// The name of a GL error or status code, such as `GL_INVALID_OPERATION`.
public func glErrorName(_ code: UInt32) -> String {
    switch Int32(bitPattern: code) {
    case GL_NO_ERROR: "GL_NO_ERROR"
    case GL_INVALID_ENUM: "GL_INVALID_ENUM"
    case GL_INVALID_VALUE: "GL_INVALID_VALUE"
    case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
    case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
    case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
    case GL_CONTEXT_LOST: "GL_CONTEXT_LOST"
    case GL_GUILTY_CONTEXT_RESET: "GL_GUILTY_CONTEXT_RESET"
    case GL_INNOCENT_CONTEXT_RESET: "GL_INNOCENT_CONTEXT_RESET"
    case GL_UNKNOWN_CONTEXT_RESET: "GL_UNKNOWN_CONTEXT_RESET"
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
    case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS"
    case GL_FRAMEBUFFER_UNSUPPORTED: "GL_FRAMEBUFFER_UNSUPPORTED"
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
    default: "GL error 0x\(String(code, radix: 16))"
    }
}
