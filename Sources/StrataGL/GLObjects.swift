import CGLES3
import CEGL

// Overall design: each GL object is a final class that owns one GL name. It is created and
// deleted on the GL thread of its context (checked in every build), counts itself in the
// context's `liveObjects`, and deletes its name in `deinit`. Caching and policy live in the
// compositor, not here.

/// A shader program linked from one vertex and one fragment shader.
///
/// GL thread only. The corresponding GL calls are `glCreateProgram`, `glLinkProgram`, `glDeleteProgram`.
public final class GLProgram {
    /// The program's GL name.
    public let rawValue: GLuint
    let context: GLContext

    /// Compiles both shaders and links them.
    /// - Throws: `GLError.shaderCompile` with the file name and the driver's log, or
    ///   `GLError.programLink` with both file names and the log.
    public init(context: GLContext, vertex: (name: String, text: String), fragment: (name: String, text: String)) throws {
        context.owner.preconditionCurrent("GLProgram.init")
        self.context = context
        let vs = try GLProgram.compile(context: context, stage: GLenum(GL_VERTEX_SHADER), name: vertex.name, text: vertex.text)
        defer { context.gl.deleteShader(vs); context.liveObjects.shaders -= 1 }
        let fs = try GLProgram.compile(context: context, stage: GLenum(GL_FRAGMENT_SHADER), name: fragment.name, text: fragment.text)
        defer { context.gl.deleteShader(fs); context.liveObjects.shaders -= 1 }
        let program = context.gl.createProgram()
        context.gl.attachShader(program, vs)
        context.gl.attachShader(program, fs)
        context.gl.linkProgram(program)
        var ok: GLint = 0
        context.gl.getProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = GLProgram.infoLog(program, getLength: context.gl.getProgramiv, getLog: context.gl.getProgramInfoLog)
            context.gl.deleteProgram(program)
            throw GLError.programLink(files: [vertex.name, fragment.name], log: log)
        }
        rawValue = program
        context.liveObjects.programs += 1
    }

    /// Names the program for GL debuggers, where the driver has labels.
    public func label(_ text: String) { context.label(GL_PROGRAM, rawValue, text) }

    private static func compile(context: GLContext, stage: GLenum, name: String, text: String) throws -> GLuint {
        let shader = context.gl.createShader(stage)
        context.liveObjects.shaders += 1
        text.withCString { source in
            var pointer: UnsafePointer<GLchar>? = source
            context.gl.shaderSource(shader, 1, &pointer, nil)
        }
        context.gl.compileShader(shader)
        var ok: GLint = 0
        context.gl.getShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, getLength: context.gl.getShaderiv, getLog: context.gl.getShaderInfoLog)
            context.gl.deleteShader(shader)
            context.liveObjects.shaders -= 1
            throw GLError.shaderCompile(file: name, stage: stage == GLenum(GL_VERTEX_SHADER) ? "vertex" : "fragment", log: log)
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint,
        getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        getLog(object, length, nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingTrailingWhitespace()
    }

    /// The location of a uniform, or -1 when the linker removed it. The corresponding GL call is
    /// `glGetUniformLocation`.
    public func uniformLocation(_ name: String) -> GLint {
        context.owner.preconditionCurrent()
        return context.gl.getUniformLocation(rawValue, name)
    }

    /// Makes this the current program. The corresponding GL call is `glUseProgram`.
    public func use() {
        context.owner.preconditionCurrent()
        context.gl.useProgram(rawValue)
    }

    deinit {
        // An abandoned context (its owner gone, or another context current) deletes nothing: no GL call here.
        if context.isAlive { context.owner.preconditionCurrent("GLProgram deinit") }
        if context.isAlive { context.gl.deleteProgram(rawValue) }
        context.liveObjects.programs -= 1
    }
}

/// A buffer object holding vertex data.
///
/// GL thread only. The corresponding GL calls are `glGenBuffers`, `glBufferData`, `glBufferSubData`, `glDeleteBuffers`.
public final class GLBuffer {
    /// The buffer's GL name.
    public let rawValue: GLuint
    let context: GLContext

    /// Creates a buffer bound to `target` holding `bytes`.
    public init(context: GLContext, target: GLenum = GLenum(GL_ARRAY_BUFFER), bytes: [Float], usage: GLenum = GLenum(GL_STATIC_DRAW)) {
        context.owner.preconditionCurrent("GLBuffer.init")
        self.context = context
        var name: GLuint = 0
        context.gl.genBuffers(1, &name)
        rawValue = name
        context.gl.bindBuffer(target, name)
        bytes.withUnsafeBytes { context.gl.bufferData(target, GLsizeiptr($0.count), $0.baseAddress, usage) }
        capacity = bytes.count * MemoryLayout<Float>.size
        context.liveObjects.buffers += 1
    }

    /// Writes `count` floats from `floats` after what the previous calls wrote, binding the buffer
    /// to `GL_ARRAY_BUFFER`, and returns the byte offset they start at (for the vertex attribute
    /// pointers). When they do not fit, the storage is orphaned (`glBufferData` with no data:
    /// draws still queued keep reading the old storage, so the GPU is never waited for) and
    /// writing starts again at 0 of new storage at least four times their size (and 64 KiB, so
    /// small batches share one storage by the hundred; each starts on a 256-byte boundary). A
    /// region is never written twice between orphanings, and storage is replaced only every few
    /// frames, not for every draw (Mesa's llvmpipe faults in fresh pages for each new storage).
    /// The corresponding GL calls are `glBindBuffer`, `glBufferData` (orphaning), `glBufferSubData`.
    public func stream(_ floats: UnsafePointer<Float>, count: Int) -> Int {
        context.owner.preconditionCurrent()
        let target = GLenum(GL_ARRAY_BUFFER)
        context.gl.bindBuffer(target, rawValue)
        let bytes = count * MemoryLayout<Float>.size
        let aligned = (bytes + 255) & ~255
        if streamOffset + bytes > capacity {
            capacity = Swift.max(capacity, 4 * aligned, 65_536)
            context.gl.bufferData(target, GLsizeiptr(capacity), nil, GLenum(GL_STREAM_DRAW))
            streamOffset = 0
            storageGeneration += 1
        }
        let offset = streamOffset
        context.gl.bufferSubData(target, offset, GLsizeiptr(bytes), floats)
        streamOffset += aligned  // the next write starts on a 256-byte boundary
        return offset
    }

    /// The bytes of storage the buffer has.
    public private(set) var capacity: Int
    /// Counts the storages `stream` has orphaned: what it wrote stays readable at the offsets it
    /// returned while this is unchanged.
    public private(set) var storageGeneration = 0
    /// Where `stream` writes next.
    private var streamOffset = 0

    /// Names the object for GL debuggers, where the driver has labels.
    public func label(_ text: String) { context.label(GL_BUFFER, rawValue, text) }

    deinit {
        // An abandoned context (its owner gone, or another context current) deletes nothing: no GL call here.
        if context.isAlive { context.owner.preconditionCurrent("GLBuffer deinit") }
        var name = rawValue
        if context.isAlive { context.gl.deleteBuffers(1, &name) }
        context.liveObjects.buffers -= 1
    }
}

/// A vertex array object recording attribute bindings.
///
/// GL thread only. The corresponding GL calls are `glGenVertexArrays`, `glBindVertexArray`, `glDeleteVertexArrays`.
public final class GLVertexArray {
    /// The vertex array's GL name.
    public let rawValue: GLuint
    let context: GLContext

    /// Creates a vertex array and binds it.
    public init(context: GLContext) {
        context.owner.preconditionCurrent("GLVertexArray.init")
        self.context = context
        var name: GLuint = 0
        context.gl.genVertexArrays(1, &name)
        rawValue = name
        context.gl.bindVertexArray(name)
        context.liveObjects.vertexArrays += 1
    }

    /// Binds the vertex array. The corresponding GL call is `glBindVertexArray`.
    public func bind() {
        context.owner.preconditionCurrent()
        context.gl.bindVertexArray(rawValue)
    }

    /// Names the object for GL debuggers, where the driver has labels.
    public func label(_ text: String) { context.label(GL_VERTEX_ARRAY, rawValue, text) }

    deinit {
        // An abandoned context (its owner gone, or another context current) deletes nothing: no GL call here.
        if context.isAlive { context.owner.preconditionCurrent("GLVertexArray deinit") }
        var name = rawValue
        if context.isAlive { context.gl.deleteVertexArrays(1, &name) }
        context.liveObjects.vertexArrays -= 1
    }
}

/// An immutable-format RGBA8 2D texture with linear filtering and clamped edges.
///
/// GL thread only. The corresponding GL calls are `glGenTextures`, `glTexStorage2D`,
/// `glTexSubImage2D`, `glDeleteTextures`.
public final class GLTexture {
    /// The texture's GL name.
    public let rawValue: GLuint
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// Whether the texture holds B, G, R, A bytes and swaps them back when sampled.
    public private(set) var isBGRA = false
    /// Whether the texture has no alpha channel: alpha reads as 1 whatever the bytes hold.
    public private(set) var isOpaque = false
    let context: GLContext

    /// Allocates a `width × height` RGBA8 texture with undefined contents. With `bgra`, the texture
    /// holds B, G, R, A bytes as uploaded and swaps red and blue when sampled (`GL_TEXTURE_SWIZZLE_R/B`),
    /// so BGRA pixels need no conversion. With `opaque`, alpha is sampled as 1 (`GL_TEXTURE_SWIZZLE_A`
    /// = `GL_ONE`): premultiplied pixels then show as drawn over black, as in a picture without alpha.
    /// - Throws: `GLError.sizeOutOfRange` when a side is below 1 or above the GPU's maximum.
    public init(context: GLContext, width: Int, height: Int, bgra: Bool = false, opaque: Bool = false) throws {
        context.owner.preconditionCurrent("GLTexture.init")
        let limit = context.info.maxTextureSize
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw GLError.sizeOutOfRange(what: "a texture", width: width, height: height, limit: limit)
        }
        if let left = context.textureAllocationsLeft {
            guard left > 0 else {
                throw GLError.glCallFailed(function: "glTexStorage2D(RGBA8, \(width)×\(height)) (a failure made by a test)", code: GLenum(GL_OUT_OF_MEMORY))
            }
            context.textureAllocationsLeft = left - 1
        }
        self.context = context
        self.width = width
        self.height = height
        rawValue = Self.makeBound(in: context)
        context.gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        Self.setLinearClamped(context.gl)
        if bgra {
            context.gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
            context.gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
        }
        if opaque { context.gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_A), GL_ONE) }
        self.isBGRA = bgra
        self.isOpaque = opaque
        try context.checkError("glTexStorage2D(RGBA8, \(width)×\(height))")
    }

    /// A texture whose storage is an EGLImage (`eglImage`: an `EGLImageKHR`'s bit pattern) of
    /// `width × height` pixels, bound with `glEGLImageTargetTexture2DOES`: what the image holds is
    /// what is sampled, with no copy. Linear filtering, clamped edges.
    /// - Throws: `GLError.glCallFailed` when the driver lacks `GL_OES_EGL_image` or refuses the image.
    public init(context: GLContext, eglImage: UInt, width: Int, height: Int) throws {
        context.owner.preconditionCurrent("GLTexture.init(eglImage:)")
        guard context.gl.hasEntryPoint("glEGLImageTargetTexture2DOES") else {
            throw GLError.glCallFailed(function: "glEGLImageTargetTexture2DOES (GL_OES_EGL_image is missing)", code: GLenum(GL_INVALID_OPERATION))
        }
        self.context = context
        self.width = width
        self.height = height
        rawValue = Self.makeBound(in: context)
        context.gl.eglImageTargetTexture2DOES(GLenum(GL_TEXTURE_2D), UnsafeMutableRawPointer(bitPattern: eglImage))
        Self.setLinearClamped(context.gl)
        try context.checkError("glEGLImageTargetTexture2DOES(image 0x\(String(eglImage, radix: 16)), \(width)×\(height))")
    }

    /// A new texture name, counted in `context`, bound to the active unit's 2D target.
    private static func makeBound(in context: GLContext) -> GLuint {
        var name: GLuint = 0
        context.gl.genTextures(1, &name)
        context.liveObjects.textures += 1
        context.gl.bindTexture(GLenum(GL_TEXTURE_2D), name)
        return name
    }

    /// Linear filtering and clamped edges for the 2D texture bound to the active unit.
    private static func setLinearClamped(_ gl: any GLFunctions) {
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// Replaces the pixels of a region with tightly packed RGBA8 rows, top row first (row 0 of the
    /// texture is the top of the image). The corresponding GL call is `glTexSubImage2D`.
    /// - Precondition: the region lies inside the texture and `pixels` holds exactly its bytes.
    public func upload(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8]) {
        context.owner.preconditionCurrent()
        precondition(
            x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height,
            "region (\(x), \(y), \(width), \(height)) is outside a \(self.width)×\(self.height) texture")
        precondition(pixels.count == width * height * 4, "region needs \(width * height * 4) bytes, got \(pixels.count)")
        context.gl.bindTexture(GLenum(GL_TEXTURE_2D), rawValue)
        context.gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        context.gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        pixels.withUnsafeBytes {
            context.gl.texSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(width), GLsizei(height),
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
    }

    /// Names the object for GL debuggers, where the driver has labels.
    public func label(_ text: String) { context.label(GL_TEXTURE, rawValue, text) }

    deinit {
        // An abandoned context (its owner gone, or another context current) deletes nothing: no GL call here.
        if context.isAlive { context.owner.preconditionCurrent("GLTexture deinit") }
        var name = rawValue
        if context.isAlive { context.gl.deleteTextures(1, &name) }
        context.liveObjects.textures -= 1
    }
}

/// A renderbuffer, used here for depth and stencil.
///
/// GL thread only. The corresponding GL calls are `glGenRenderbuffers`, `glRenderbufferStorage`,
/// `glDeleteRenderbuffers`.
public final class GLRenderbuffer {
    /// The renderbuffer's GL name.
    public let rawValue: GLuint
    let context: GLContext

    /// Allocates a renderbuffer of `format` (such as `GL_DEPTH24_STENCIL8`).
    public init(context: GLContext, format: GLenum, width: Int, height: Int) throws {
        context.owner.preconditionCurrent("GLRenderbuffer.init")
        self.context = context
        var name: GLuint = 0
        context.gl.genRenderbuffers(1, &name)
        rawValue = name
        context.liveObjects.renderbuffers += 1
        context.gl.bindRenderbuffer(GLenum(GL_RENDERBUFFER), name)
        context.gl.renderbufferStorage(GLenum(GL_RENDERBUFFER), format, GLsizei(width), GLsizei(height))
        try context.checkError("glRenderbufferStorage(\(width)×\(height))")
    }

    /// Names the object for GL debuggers, where the driver has labels.
    public func label(_ text: String) { context.label(GL_RENDERBUFFER, rawValue, text) }

    deinit {
        // An abandoned context (its owner gone, or another context current) deletes nothing: no GL call here.
        if context.isAlive { context.owner.preconditionCurrent("GLRenderbuffer deinit") }
        var name = rawValue
        if context.isAlive { context.gl.deleteRenderbuffers(1, &name) }
        context.liveObjects.renderbuffers -= 1
    }
}

/// A framebuffer object with an RGBA8 colour texture and a depth-stencil renderbuffer.
///
/// GL thread only. The corresponding GL calls are `glGenFramebuffers`, `glFramebufferTexture2D`,
/// `glFramebufferRenderbuffer`, `glCheckFramebufferStatus`, `glDeleteFramebuffers`.
public final class GLFramebuffer {
    /// The framebuffer's GL name.
    public var rawValue: GLuint { attachments.rawValue }
    /// The colour attachment; sampled when the framebuffer holds an offscreen group.
    public let color: GLTexture
    /// The framebuffer object around `color`, with the depth-stencil buffer whose stencil holds clip masks.
    private let attachments: GLAttachedFramebuffer
    let context: GLContext

    /// Width and height in pixels.
    public var width: Int { color.width }
    public var height: Int { color.height }

    /// Creates a complete framebuffer of `width × height` and leaves it bound.
    /// - Throws: `GLError.sizeOutOfRange` beyond the GPU's target limit, or
    ///   `GLError.framebufferIncomplete` when the driver refuses the combination.
    public init(context: GLContext, width: Int, height: Int) throws {
        context.owner.preconditionCurrent("GLFramebuffer.init")
        try GLAttachedFramebuffer.checkSize(width, height, in: context)
        self.context = context
        color = try GLTexture(context: context, width: width, height: height)
        attachments = try GLAttachedFramebuffer(context: context, color: .texture(color.rawValue), width: width, height: height)
    }

    /// Names the framebuffer and its colour texture for GL debuggers, where the driver has labels.
    public func label(_ text: String) {
        attachments.label(text)
        color.label("\(text) (colour)")
    }

    /// Binds the framebuffer for drawing and reading. The corresponding GL call is `glBindFramebuffer`.
    public func bind() {
        context.owner.preconditionCurrent()
        context.gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), rawValue)
    }

    /// Binds the framebuffer and fills all of it with one colour (components in 0...1, not
    /// premultiplied by GL: give premultiplied values for Strata's blending). The corresponding GL
    /// calls are `glBindFramebuffer`, `glClearColor` and `glClear`; the scissor test must be off.
    public func clear(red: Float, green: Float, blue: Float, alpha: Float) {
        bind()
        context.gl.clearColor(red, green, blue, alpha)
        context.gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Reads a region of the colour attachment as RGBA8, in GL's row order (row 0 is the
    /// framebuffer's row 0). The corresponding GL call is `glReadPixels`.
    public func readPixels(x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) throws -> [UInt8] {
        context.owner.preconditionCurrent()
        let w = width ?? self.width, h = height ?? self.height
        bind()
        context.gl.pixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        context.gl.pixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeMutableBytes {
            context.gl.readPixels(GLint(x), GLint(y), GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        try context.checkError("glReadPixels(\(w)×\(h))")
        return pixels
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// A framebuffer object of Strata's whose colour buffer is someone else's: a texture or a
/// renderbuffer the host owns (shared between contexts where framebuffer objects are not), with a
/// depth-stencil renderbuffer of its own for clip masks.
///
/// GL thread only. The colour buffer is never deleted here.
public final class GLAttachedFramebuffer {
    /// What the colour buffer is.
    public enum Color: Hashable, Sendable {
        /// A `GL_TEXTURE_2D` name (level 0).
        case texture(GLuint)
        /// A renderbuffer name.
        case renderbuffer(GLuint)
    }
    /// The framebuffer's GL name.
    public let rawValue: GLuint
    /// The colour buffer attached.
    public let color: Color
    /// The depth-stencil buffer's size, which covers the area drawn in.
    public let width: Int, height: Int
    private let depthStencil: GLRenderbuffer
    let context: GLContext

    /// Attaches `color` and a `width × height` depth-stencil buffer.
    /// - Throws: `GLError.sizeOutOfRange`, or `GLError.framebufferIncomplete` when the colour
    ///   buffer is not a colour-renderable image of this context (a wrong name, a format GL cannot draw to).
    public init(context: GLContext, color: Color, width: Int, height: Int) throws {
        context.owner.preconditionCurrent("GLAttachedFramebuffer.init")
        try Self.checkSize(width, height, in: context)
        self.context = context
        self.color = color
        self.width = width
        self.height = height
        depthStencil = try GLRenderbuffer(context: context, format: GLenum(GL_DEPTH24_STENCIL8), width: width, height: height)
        var name: GLuint = 0
        context.gl.genFramebuffers(1, &name)
        rawValue = name
        context.liveObjects.framebuffers += 1
        context.gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        switch color {
        case .texture(let texture):
            context.gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        case .renderbuffer(let renderbuffer):
            context.gl.framebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        }
        context.gl.framebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil.rawValue)
        while context.gl.getError() != GLenum(GL_NO_ERROR) {}  // a bad name shows as incompleteness below
        var attachedType: GLint = 0
        context.gl.getFramebufferAttachmentParameteriv(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), &attachedType)
        // With no colour buffer the framebuffer is still complete (depth-stencil only): refuse it.
        let status = attachedType == GL_NONE ? GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT) : context.gl.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebufferIncomplete(status: status, size: "\(color) with a \(width)×\(height) depth-stencil buffer")
        }
    }

    /// Throws `GLError.sizeOutOfRange` unless `width × height` is a render target size the GPU can draw.
    static func checkSize(_ width: Int, _ height: Int, in context: GLContext) throws {
        let limit = context.info.maxTargetSize
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw GLError.sizeOutOfRange(what: "a render target", width: width, height: height, limit: limit)
        }
    }

    /// Names the object for GL debuggers, where the driver has labels.
    public func label(_ text: String) { context.label(GL_FRAMEBUFFER, rawValue, text) }

    deinit {
        // An abandoned context (its owner gone, or another context current) deletes nothing: no GL call here.
        if context.isAlive { context.owner.preconditionCurrent("GLAttachedFramebuffer deinit") }
        var name = rawValue
        if context.isAlive { context.gl.deleteFramebuffers(1, &name) }
        context.liveObjects.framebuffers -= 1
    }
}

/// Texture names of the current context that Strata does not own (a host's).
public enum GLTextureName {
    /// Whether `name` names a texture object of the context current on this thread, asked
    /// through `gl` (the driver's table unless a context says otherwise).
    /// The corresponding GL call is `glIsTexture`.
    public static func isTexture(_ name: UInt32, gl: any GLFunctions = SystemGL.shared) -> Bool {
        gl.isTexture(name) != GLboolean(GL_FALSE)
    }
}
