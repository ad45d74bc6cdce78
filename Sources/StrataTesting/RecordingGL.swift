import CGLES3
import Foundation
import StrataGL

// Overall design: RecordingGL stands in for the driver behind StrataGL's function table, so the
// compositor's GL code runs with no EGL display and no GPU. Every call is kept as a `GLCall`
// (the function's C name and its numeric arguments); what the code asks back is answered as a
// conforming OpenGL ES 3.2 implementation would answer a careful program: names counted up from
// 1, shaders that compile, programs that link, complete framebuffers, no errors (unless a test
// queues some), the limits in `limits`. There are no pixels: read-backs give zeros. Tests assert
// the calls: how many draws a frame issued, what it cleared and to which colour, which scissor
// bounded it, that a resting frame issued nothing.

/// One GL call as RecordingGL kept it.
public struct GLCall: Equatable, Sendable, CustomStringConvertible {
    /// The C function's name, such as `glDrawArraysInstanced`.
    public var function: String
    /// The numeric arguments in order (enums, names, sizes, floats; a vertex attribute's offset
    /// pointer as its address). Pointers to data are left out.
    public var arguments: [Double]
    /// The text the call passed, where it passed one (a debug label, a uniform's name).
    public var text: String?

    /// A call record.
    public init(_ function: String, _ arguments: [Double] = [], text: String? = nil) {
        self.function = function
        self.arguments = arguments
        self.text = text
    }

    public var description: String {
        let numbers = arguments.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : String($0) }
        return "\(function)(\((numbers + (text.map { ["\"\($0)\""] } ?? [])).joined(separator: ", ")))"
    }
}

/// A `GLFunctions` table that records every call instead of drawing, for tests of GL code with no
/// GPU (see the file's overall design). Put it under a context with `GLContext(functions:)`.
///
/// GL thread only, as the table it stands in for: the thread that owns the context.
public final class RecordingGL: GLFunctions {
    /// Every call so far, in order (while `isRecording`).
    public private(set) var calls: [GLCall] = []
    /// Whether calls are kept (answers are given either way).
    public var isRecording = true
    /// What `glGetIntegerv` answers for the implementation's limits and version; unknown names
    /// answer 0. The defaults are an OpenGL ES 3.2 implementation with 8,192-pixel textures.
    public var limits: [GLenum: [GLint]] = [
        GLenum(GL_MAX_TEXTURE_SIZE): [8192], GLenum(GL_MAX_RENDERBUFFER_SIZE): [8192], GLenum(GL_MAX_VIEWPORT_DIMS): [8192, 8192],
        GLenum(GL_MAJOR_VERSION): [3], GLenum(GL_MINOR_VERSION): [2], GLenum(GL_NUM_EXTENSIONS): [0], GLenum(GL_MAX_DRAW_BUFFERS): [4],
        GLenum(GL_RESET_NOTIFICATION_STRATEGY): [GL_NO_RESET_NOTIFICATION],
    ]
    /// Errors `glGetError` reports next, first first (a test's way to make a call fail).
    public var pendingErrors: [GLenum] = []
    /// Names made and not deleted, per kind (buffers, textures, framebuffers and the rest).
    public private(set) var liveNames: [String: Set<GLuint>] = [:]
    private var nextName: GLuint = 1
    private var enabled: Set<GLenum> = []
    private var strings: [GLenum: UnsafeMutablePointer<CChar>] = [:]
    /// Uniform locations handed out, by name (the same name has the same location in every program).
    private var uniforms: [String: GLint] = [:]

    /// A recording table with nothing recorded.
    public init() {}

    deinit { for pointer in strings.values { free(pointer) } }

    /// Keeps `function`'s call (while recording). The arguments are made only then: a table
    /// that does not record allocates nothing per call (tests count a frame's allocations).
    public func record(_ function: String, _ arguments: @autoclosure () -> [Double] = [], text: @autoclosure () -> String? = nil) {
        if isRecording { calls.append(GLCall(function, arguments(), text: text())) }
    }

    /// Returns the calls recorded since the last `takeCalls()` (or the start) and forgets them.
    public func takeCalls() -> [GLCall] {
        defer { calls.removeAll(keepingCapacity: true) }
        return calls
    }

    /// The calls to `function` among `calls`.
    public func calls(to function: String) -> [GLCall] { calls.filter { $0.function == function } }

    /// Every entry point is there.
    public func hasEntryPoint(_ function: String) -> Bool { true }

    // MARK: - Names

    private func make(_ kind: String, _ count: GLsizei, _ names: UnsafeMutablePointer<GLuint>?, _ function: String) {
        for i in 0..<Int(max(count, 0)) {
            let name = nextName
            nextName += 1
            names?[i] = name
            liveNames[kind, default: []].insert(name)
            record(function, [Double(name)])
        }
    }

    private func delete(_ kind: String, _ count: GLsizei, _ names: UnsafePointer<GLuint>?, _ function: String) {
        for i in 0..<Int(max(count, 0)) {
            guard let name = names?[i] else { continue }
            liveNames[kind]?.remove(name)
            record(function, [Double(name)])
        }
    }

    private func isLive(_ kind: String, _ name: GLuint) -> GLboolean {
        GLboolean(liveNames[kind]?.contains(name) == true ? GL_TRUE : GL_FALSE)
    }

    public func genBuffers(_ n: GLsizei, _ buffers: UnsafeMutablePointer<GLuint>?) { make("buffer", n, buffers, "glGenBuffers") }
    public func genFramebuffers(_ n: GLsizei, _ framebuffers: UnsafeMutablePointer<GLuint>?) { make("framebuffer", n, framebuffers, "glGenFramebuffers") }
    public func genQueries(_ n: GLsizei, _ ids: UnsafeMutablePointer<GLuint>?) { make("query", n, ids, "glGenQueries") }
    public func genRenderbuffers(_ n: GLsizei, _ renderbuffers: UnsafeMutablePointer<GLuint>?) { make("renderbuffer", n, renderbuffers, "glGenRenderbuffers") }
    public func genSamplers(_ count: GLsizei, _ samplers: UnsafeMutablePointer<GLuint>?) { make("sampler", count, samplers, "glGenSamplers") }
    public func genTextures(_ n: GLsizei, _ textures: UnsafeMutablePointer<GLuint>?) { make("texture", n, textures, "glGenTextures") }
    public func genVertexArrays(_ n: GLsizei, _ arrays: UnsafeMutablePointer<GLuint>?) { make("vertex array", n, arrays, "glGenVertexArrays") }
    public func deleteBuffers(_ n: GLsizei, _ buffers: UnsafePointer<GLuint>?) { delete("buffer", n, buffers, "glDeleteBuffers") }
    public func deleteFramebuffers(_ n: GLsizei, _ framebuffers: UnsafePointer<GLuint>?) { delete("framebuffer", n, framebuffers, "glDeleteFramebuffers") }
    public func deleteQueries(_ n: GLsizei, _ ids: UnsafePointer<GLuint>?) { delete("query", n, ids, "glDeleteQueries") }
    public func deleteRenderbuffers(_ n: GLsizei, _ renderbuffers: UnsafePointer<GLuint>?) { delete("renderbuffer", n, renderbuffers, "glDeleteRenderbuffers") }
    public func deleteSamplers(_ count: GLsizei, _ samplers: UnsafePointer<GLuint>?) { delete("sampler", count, samplers, "glDeleteSamplers") }
    public func deleteTextures(_ n: GLsizei, _ textures: UnsafePointer<GLuint>?) { delete("texture", n, textures, "glDeleteTextures") }
    public func deleteVertexArrays(_ n: GLsizei, _ arrays: UnsafePointer<GLuint>?) { delete("vertex array", n, arrays, "glDeleteVertexArrays") }

    public func createProgram() -> GLuint {
        var name: GLuint = 0
        make("program", 1, &name, "glCreateProgram")
        return name
    }

    public func createShader(_ type: GLenum) -> GLuint {
        var name: GLuint = 0
        make("shader", 1, &name, "glCreateShader")
        return name
    }

    public func deleteProgram(_ program: GLuint) {
        var name = program
        delete("program", 1, &name, "glDeleteProgram")
    }

    public func deleteShader(_ shader: GLuint) {
        var name = shader
        delete("shader", 1, &name, "glDeleteShader")
    }

    public func isFramebuffer(_ framebuffer: GLuint) -> GLboolean { isLive("framebuffer", framebuffer) }
    public func isRenderbuffer(_ renderbuffer: GLuint) -> GLboolean { isLive("renderbuffer", renderbuffer) }
    public func isTexture(_ texture: GLuint) -> GLboolean { isLive("texture", texture) }

    public func fenceSync(_ condition: GLenum, _ flags: GLbitfield) -> GLsync? {
        record("glFenceSync", [Double(condition), Double(flags)])
        defer { nextName += 1 }
        return OpaquePointer(bitPattern: UInt(nextName))
    }

    // MARK: - Capabilities

    public func enable(_ cap: GLenum) {
        enabled.insert(cap)
        record("glEnable", [Double(cap)])
    }

    public func disable(_ cap: GLenum) {
        enabled.remove(cap)
        record("glDisable", [Double(cap)])
    }

    public func isEnabled(_ cap: GLenum) -> GLboolean { GLboolean(enabled.contains(cap) ? GL_TRUE : GL_FALSE) }
    public func isEnabledi(_ target: GLenum, _ index: GLuint) -> GLboolean { isEnabled(target) }

    // MARK: - Queries

    public func getError() -> GLenum { pendingErrors.isEmpty ? GLenum(GL_NO_ERROR) : pendingErrors.removeFirst() }
    public func getGraphicsResetStatus() -> GLenum { GLenum(GL_NO_ERROR) }
    public func checkFramebufferStatus(_ target: GLenum) -> GLenum { GLenum(GL_FRAMEBUFFER_COMPLETE) }

    public func getIntegerv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLint>?) {
        let values = limits[pname] ?? [0]
        for (i, value) in values.enumerated() { data?[i] = value }
    }

    public func getIntegeri_v(_ target: GLenum, _ index: GLuint, _ data: UnsafeMutablePointer<GLint>?) { getIntegerv(target, data) }
    public func getFloatv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLfloat>?) { data?[0] = 0 }
    public func getBooleanv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLboolean>?) { data?[0] = 0 }
    public func getBooleani_v(_ target: GLenum, _ index: GLuint, _ data: UnsafeMutablePointer<GLboolean>?) { data?[0] = 0 }
    public func getQueryObjectuiv(_ id: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLuint>?) { params?[0] = 0 }

    public func getFramebufferAttachmentParameteriv(_ target: GLenum, _ attachment: GLenum, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>?) {
        switch GLint(pname) {
        case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: params?[0] = attachment == GLenum(GL_COLOR_ATTACHMENT0) ? GL_TEXTURE : GL_RENDERBUFFER
        case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: params?[0] = 8
        default: params?[0] = 0
        }
    }

    public func getShaderiv(_ shader: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>?) {
        params?[0] = GLint(pname) == GL_COMPILE_STATUS ? GL_TRUE : 0
    }

    public func getProgramiv(_ program: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>?) {
        params?[0] = GLint(pname) == GL_LINK_STATUS ? GL_TRUE : 0
    }

    public func getShaderInfoLog(_ shader: GLuint, _ bufSize: GLsizei, _ length: UnsafeMutablePointer<GLsizei>?, _ infoLog: UnsafeMutablePointer<GLchar>?) {
        length?.pointee = 0
        if bufSize > 0 { infoLog?[0] = 0 }
    }

    public func getProgramInfoLog(_ program: GLuint, _ bufSize: GLsizei, _ length: UnsafeMutablePointer<GLsizei>?, _ infoLog: UnsafeMutablePointer<GLchar>?) {
        getShaderInfoLog(program, bufSize, length, infoLog)
    }

    public func getUniformLocation(_ program: GLuint, _ name: UnsafePointer<GLchar>?) -> GLint {
        let text = name.map { String(cString: $0) } ?? ""
        record("glGetUniformLocation", [Double(program)], text: text)
        if let location = uniforms[text] { return location }
        uniforms[text] = GLint(uniforms.count)
        return GLint(uniforms.count - 1)
    }

    public func getString(_ name: GLenum) -> UnsafePointer<GLubyte>? {
        if strings[name] == nil {
            let text =
                switch GLint(name) {
                case GL_VENDOR: "Strata"
                case GL_RENDERER: "RecordingGL (no GPU)"
                case GL_VERSION: "OpenGL ES 3.2 RecordingGL"
                case GL_SHADING_LANGUAGE_VERSION: "OpenGL ES GLSL ES 3.20"
                default: ""
                }
            strings[name] = strdup(text)
        }
        return strings[name].map { UnsafeRawPointer($0).assumingMemoryBound(to: GLubyte.self) }
    }

    public func getStringi(_ name: GLenum, _ index: GLuint) -> UnsafePointer<GLubyte>? { nil }

    // MARK: - Calls with text or data

    public func objectLabel(_ identifier: GLenum, _ name: GLuint, _ length: GLsizei, _ label: UnsafePointer<GLchar>?) {
        record("glObjectLabel", [Double(identifier), Double(name)], text: label.map { String(cString: $0) })
    }

    public func shaderSource(_ shader: GLuint, _ count: GLsizei, _ string: UnsafePointer<UnsafePointer<GLchar>?>?, _ length: UnsafePointer<GLint>?) {
        record("glShaderSource", [Double(shader), Double(count)])
    }

    /// Records the call and writes zeros: RecordingGL has no pixels.
    public func readPixels(
        _ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeMutableRawPointer?
    ) {
        record("glReadPixels", [Double(x), Double(y), Double(width), Double(height), Double(format), Double(type)])
        pixels?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(max(width, 0)) * Int(max(height, 0)) * 4)
    }
}
