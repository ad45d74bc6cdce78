import CGLES3
import Foundation
import StrataCore
import StrataGL

// Overall design: the floor is what the GPU needs anyway for a scene's pixels, drawn by the
// simplest efficient raw GL code: every quad of the frame pre-transformed into one vertex buffer
// once, every texture in one 2D texture array, and each frame a clear and one draw call per run
// of quads that are all textured or all plain (two programs, so plain quads never sample; plus
// the texture upload a drawing scene makes). It runs on a thread and GL context of its own, in the
// same process, so its time is comparable with the compositor's on the same GPU and machine.
// The same picture drawn the simplest immediate way, one draw call per quad with its corners and
// colour as uniforms and its own texture bound (`FloorStyle.drawPerQuad`), is the reference
// batching is measured against.

/// How the floor issues a picture's quads.
public enum FloorStyle: Sendable {
    /// One draw call per run of quads sharing a program (the floor).
    case batched
    /// One draw call per quad: its corners and colour set as uniforms, its texture (one 2D
    /// texture per picture texture) bound when it differs from the last quad's.
    case drawPerQuad
}

/// One frame of the floor, in milliseconds.
public struct FloorFrame: Sendable {
    /// Wall time: clear, upload, draw, and the wait for the GPU.
    public var milliseconds: Double
    /// CPU the floor's thread spent issuing the clear and the draws (the texture upload left out,
    /// as Strata's `issueMilliseconds` leaves out the uploads its commits make).
    public var issueMilliseconds: Double
}

/// One quad of a floor picture: four corners in target pixels (y down; top-left, top-right,
/// bottom-right, bottom-left), a premultiplied colour, and a texture (an index into the
/// picture's textures, multiplied by the colour's alpha) or none (the colour itself).
public struct FloorQuad: Sendable {
    public var corners: [Point]
    public var color: SIMD4<Float>
    public var texture: Int?

    /// A quad with its corners, premultiplied colour and optional texture index.
    public init(corners: [Point], color: SIMD4<Float>, texture: Int? = nil) {
        precondition(corners.count == 4, "FloorQuad needs 4 corners, got \(corners.count)")
        (self.corners, self.color, self.texture) = (corners, color, texture)
    }
}

/// What the floor draws each frame: quads in order, the textures they use (all of one size), and
/// whether texture 0 is uploaded again every frame (a scene redrawing its content).
public struct FloorPicture: Sendable {
    public var size: PixelSize
    public var clearColor: SIMD4<Float>
    public var quads: [FloorQuad]
    public var textures: [RGBAImage]
    public var uploadsEveryFrame: Bool

    public init(size: PixelSize, clearColor: SIMD4<Float>, quads: [FloorQuad], textures: [RGBAImage] = [], uploadsEveryFrame: Bool = false) {
        precondition(Set(textures.map(\.size)).count <= 1, "a floor picture's textures must share one size")
        (self.size, self.clearColor, self.quads, self.textures, self.uploadsEveryFrame) = (size, clearColor, quads, textures, uploadsEveryFrame)
    }
}

/// Draws a floor picture on its own thread and GL context and times its frames.
public final class FloorRenderer: @unchecked Sendable {
    // Guarded by `condition`: the request and the answer.
    private let condition = NSCondition()
    private var job: Job?
    private var result: Result<[FloorFrame], any Error>?
    private typealias Job = (picture: FloorPicture, frames: Int, style: FloorStyle)
    private var thread: Thread?
    private var stopping = false
    /// Set by the thread once its context is gone: `stop()` waits for it, so the process never
    /// exits (running the GL driver's exit handlers) while the floor is still tearing down.
    private var finished = false

    /// Starts the floor's thread and context (on the default EGL platform, or `platform`).
    public init(platform: EGLPlatform? = nil) {
        let thread = Thread { [self] in
            ThreadOwner.nameCurrentThread("strata.floor")  // as profilers show it
            run(platform: platform)
        }
        thread.name = "strata.bench.floor"
        self.thread = thread
        thread.start()
    }

    /// Draws `picture` `frames` times in `style`; returns each frame's times (clear, upload, draw, glFinish).
    public func measure(_ picture: FloorPicture, frames: Int, style: FloorStyle = .batched) throws -> [FloorFrame] {
        condition.lock()
        defer { condition.unlock() }
        job = (picture, frames, style)
        result = nil
        condition.broadcast()
        while result == nil { condition.wait() }
        return try result!.get()
    }

    /// Stops the thread and returns once it has released its context.
    public func stop() {
        requestStop()
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }

    /// Asks the thread to stop, without waiting.
    private func requestStop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Says the thread has finished with GL.
    private func markFinished() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func run(platform: EGLPlatform?) {
        let context: GLContext
        defer { markFinished() }
        do {
            context = try GLContext(connection: EGLConnection.open(forced: platform))
        } catch {
            serve { _ in throw error }
            return
        }
        let registration = GLThreads.started { [self] in requestStop() }
        serve { job in
            let state = try Prepared(picture: job.picture, context: context)
            return try (0..<job.frames).map { _ in try state.drawFrame(job.style) }
        }
        context.destroy()
        EGLConnection.releaseThread()
        GLThreads.finished(registration)
    }

    /// Answers jobs with `body` until stopped.
    private func serve(_ body: (Job) throws -> [FloorFrame]) {
        while true {
            condition.lock()
            while job == nil && !stopping { condition.wait() }
            if stopping { condition.unlock(); return }
            let current = job!
            job = nil
            condition.unlock()
            let answer = Result { try body(current) }
            condition.lock()
            result = answer
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The GL objects for one picture.
    private final class Prepared {
        let context: GLContext
        let picture: FloorPicture
        let textured: GLProgram
        let plain: GLProgram
        /// Consecutive quads drawn by one program: (textured, first vertex, vertex count).
        let runs: [(textured: Bool, first: Int, count: Int)]
        let target: GLFramebuffer
        let vertexArray: GLVertexArray
        var buffer: GLuint = 0
        var textureArray: GLuint = 0
        let vertexCount: Int
        let upload: [UInt8]
        /// The one-draw-per-quad renderer: programs taking a quad as uniforms, a texture per picture texture.
        let perQuadTextured: GLProgram
        let perQuadPlain: GLProgram
        var separateTextures: [GLuint] = []
        let emptyVertexArray: GLVertexArray

        init(picture: FloorPicture, context: GLContext) throws {
            self.context = context
            self.picture = picture
            let vertex = (
                "floor.vert",
                """
                #version 300 es
                layout(location = 0) in vec2 a_position;
                layout(location = 1) in vec3 a_uvLayer;
                layout(location = 2) in vec4 a_color;
                out vec3 v_uvLayer;
                out vec4 v_color;
                void main() { v_uvLayer = a_uvLayer; v_color = a_color; gl_Position = vec4(a_position, 0.0, 1.0); }
                """
            )
            textured = try GLProgram(
                context: context, vertex: vertex,
                fragment: (
                    "floor-textured.frag",
                    """
                    #version 300 es
                    precision mediump float;
                    precision mediump sampler2DArray;
                    uniform sampler2DArray u_textures;
                    in vec3 v_uvLayer;
                    in vec4 v_color;
                    out vec4 o_color;
                    void main() { o_color = texture(u_textures, v_uvLayer) * v_color.a; }
                    """
                ))
            plain = try GLProgram(
                context: context, vertex: vertex,
                fragment: (
                    "floor-plain.frag",
                    """
                    #version 300 es
                    precision mediump float;
                    in vec4 v_color;
                    out vec4 o_color;
                    void main() { o_color = v_color; }
                    """
                ))
            let perQuadVertex = (
                "floor-per-quad.vert",
                """
                #version 300 es
                uniform vec2 u_corners[4];   // clip space: top-left, top-right, bottom-right, bottom-left
                uniform vec4 u_color;
                out vec2 v_uv;
                out vec4 v_color;
                void main() {
                    int i = gl_VertexID == 2 ? 3 : (gl_VertexID == 3 ? 2 : gl_VertexID);   // strip order
                    v_uv = vec2(i == 1 || i == 2 ? 1.0 : 0.0, i >= 2 ? 1.0 : 0.0);
                    v_color = u_color;
                    gl_Position = vec4(u_corners[i], 0.0, 1.0);
                }
                """
            )
            perQuadTextured = try GLProgram(
                context: context, vertex: perQuadVertex,
                fragment: (
                    "floor-per-quad-textured.frag",
                    """
                    #version 300 es
                    precision mediump float;
                    uniform sampler2D u_texture;
                    in vec2 v_uv;
                    in vec4 v_color;
                    out vec4 o_color;
                    void main() { o_color = texture(u_texture, v_uv) * v_color.a; }
                    """
                ))
            perQuadPlain = try GLProgram(
                context: context, vertex: perQuadVertex,
                fragment: (
                    "floor-per-quad-plain.frag",
                    """
                    #version 300 es
                    precision mediump float;
                    in vec2 v_uv;
                    in vec4 v_color;
                    out vec4 o_color;
                    void main() { o_color = v_color; }
                    """
                ))
            emptyVertexArray = GLVertexArray(context: context)
            var runs: [(textured: Bool, first: Int, count: Int)] = []
            for (i, quad) in picture.quads.enumerated() {
                let isTextured = quad.texture != nil
                if let last = runs.last, last.textured == isTextured {
                    runs[runs.count - 1].count += 6
                } else {
                    runs.append((isTextured, i * 6, 6))
                }
            }
            self.runs = runs
            target = try GLFramebuffer(context: context, width: picture.size.width, height: picture.size.height)
            vertexArray = GLVertexArray(context: context)
            // Corners to clip space (pixel row y lands in framebuffer row y, as the compositor draws).
            let w = Double(picture.size.width), h = Double(picture.size.height)
            var floats: [Float] = []
            floats.reserveCapacity(picture.quads.count * 6 * 9)
            let uvs: [(Float, Float)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
            for quad in picture.quads {
                for i in [0, 1, 2, 0, 2, 3] {
                    let p = quad.corners[i]
                    floats += [
                        Float(p.x / w * 2 - 1), Float(p.y / h * 2 - 1), uvs[i].0, uvs[i].1, Float(quad.texture ?? -1),
                        quad.color.x, quad.color.y, quad.color.z, quad.color.w,
                    ]
                }
            }
            vertexCount = picture.quads.count * 6
            vertexArray.bind()
            glGenBuffers(1, &buffer)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            floats.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
            let stride = GLsizei(9 * MemoryLayout<Float>.size)
            glEnableVertexAttribArray(0)
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
            glEnableVertexAttribArray(1)
            glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 2 * 4))
            glEnableVertexAttribArray(2)
            glVertexAttribPointer(2, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 5 * 4))
            if let first = picture.textures.first {
                glGenTextures(1, &textureArray)
                glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), textureArray)
                glTexImage3D(
                    GLenum(GL_TEXTURE_2D_ARRAY), 0, GL_RGBA8, GLsizei(first.size.width), GLsizei(first.size.height),
                    GLsizei(picture.textures.count), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
                for (i, image) in picture.textures.enumerated() {
                    image.pixels.withUnsafeBytes {
                        glTexSubImage3D(
                            GLenum(GL_TEXTURE_2D_ARRAY), 0, 0, 0, GLint(i), GLsizei(image.size.width), GLsizei(image.size.height), 1,
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                    }
                }
                for (name, value) in [
                    (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                    (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
                ] {
                    glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(name), value)
                }
            }
            separateTextures = [GLuint](repeating: 0, count: picture.textures.count)
            glGenTextures(GLsizei(picture.textures.count), &separateTextures)
            for (name, image) in zip(separateTextures, picture.textures) {
                glBindTexture(GLenum(GL_TEXTURE_2D), name)
                image.pixels.withUnsafeBytes {
                    glTexImage2D(
                        GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.size.width), GLsizei(image.size.height), 0,
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                }
                for (name, value) in [
                    (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                    (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
                ] {
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
                }
            }
            upload = picture.uploadsEveryFrame ? picture.textures.first?.pixels ?? [] : []
            try context.checkError("floor set-up")
        }

        deinit {
            if buffer != 0 { glDeleteBuffers(1, &buffer) }
            if textureArray != 0 { glDeleteTextures(1, &textureArray) }
            if !separateTextures.isEmpty { glDeleteTextures(GLsizei(separateTextures.count), separateTextures) }
        }

        /// One frame: clear, upload if the scene does, draw (one call per run, or per quad), and
        /// wait for the GPU.
        func drawFrame(_ style: FloorStyle) throws -> FloorFrame {
            let start = MonotonicTime.now()
            let cpuStart = ThreadCPUTime.now()
            var uploadCPU = 0.0
            target.bind()
            glViewport(0, 0, GLsizei(picture.size.width), GLsizei(picture.size.height))
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            let c = picture.clearColor
            glClearColor(c.x, c.y, c.z, c.w)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            switch style {
            case .batched:
                vertexArray.bind()
                if textureArray != 0 {
                    glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), textureArray)
                    if !upload.isEmpty, let first = picture.textures.first {
                        let uploadStart = ThreadCPUTime.now()
                        defer { uploadCPU += ThreadCPUTime.now() - uploadStart }
                        upload.withUnsafeBytes {
                            glTexSubImage3D(
                                GLenum(GL_TEXTURE_2D_ARRAY), 0, 0, 0, 0, GLsizei(first.size.width), GLsizei(first.size.height), 1,
                                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                        }
                    }
                }
                for run in runs {
                    (run.textured ? textured : plain).use()
                    glDrawArrays(GLenum(GL_TRIANGLES), GLint(run.first), GLsizei(run.count))
                }
            case .drawPerQuad:
                emptyVertexArray.bind()
                if !upload.isEmpty, let first = picture.textures.first {
                    let uploadStart = ThreadCPUTime.now()
                    defer { uploadCPU += ThreadCPUTime.now() - uploadStart }
                    glBindTexture(GLenum(GL_TEXTURE_2D), separateTextures[0])
                    upload.withUnsafeBytes {
                        glTexSubImage2D(
                            GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(first.size.width), GLsizei(first.size.height),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                    }
                }
                try drawEachQuad()
            }
            let issued = ThreadCPUTime.now()
            glFinish()
            try context.checkError("floor frame")
            return FloorFrame(milliseconds: (MonotonicTime.now() - start) * 1000, issueMilliseconds: (issued - cpuStart - uploadCPU) * 1000)
        }

        /// The one-draw-per-quad renderer: per quad, its program when it changes, its texture when
        /// it changes, its corners and colour, and a four-vertex strip.
        private func drawEachQuad() throws {
            let w = Float(picture.size.width), h = Float(picture.size.height)
            let locations = [perQuadTextured, perQuadPlain].map { ($0.uniformLocation("u_corners"), $0.uniformLocation("u_color")) }
            var lastProgram = -1, lastTexture = -1
            var corners = [Float](repeating: 0, count: 8)
            for quad in picture.quads {
                let program = quad.texture == nil ? 1 : 0
                if program != lastProgram {
                    (program == 0 ? perQuadTextured : perQuadPlain).use()
                    lastProgram = program
                }
                if let texture = quad.texture, texture != lastTexture {
                    glBindTexture(GLenum(GL_TEXTURE_2D), separateTextures[texture])
                    lastTexture = texture
                }
                for (i, p) in quad.corners.enumerated() {
                    corners[2 * i] = Float(p.x) / w * 2 - 1
                    corners[2 * i + 1] = Float(p.y) / h * 2 - 1
                }
                glUniform2fv(locations[program].0, 4, corners)
                glUniform4f(locations[program].1, quad.color.x, quad.color.y, quad.color.z, quad.color.w)
                glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
            }
        }
    }
}
