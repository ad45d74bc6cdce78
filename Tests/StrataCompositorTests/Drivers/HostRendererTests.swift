import CEGL
import CGLES3
import Foundation
import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

// A host application in miniature: its own EGL context on its own thread, its own framebuffer and
// its own drawing, with Strata embedded in between. Everything GL here is the host's raw code.

/// Strata's scene for the host tests, in points: a 32×32 root with no background, a red 32×16
/// bar across its lower half, a green 16×16 square at its top-left, and a white square at 50 %
/// opacity at its top-right.
func embeddedScene() -> Commit {
    var scene = TestScene()
    let root = scene.add(size: Size(width: 32, height: 32), position: Point(x: 16, y: 16))
    scene.add(parent: root, size: Size(width: 32, height: 16), position: Point(x: 16, y: 24), color: .red)
    scene.add(parent: root, size: Size(width: 16, height: 16), position: Point(x: 8, y: 8), color: .green)
    scene.add(parent: root, size: Size(width: 16, height: 16), position: Point(x: 24, y: 8), color: .white, .opacity(0.5))
    return scene.commit
}

/// A 96-point root with no background, a red 40-point square turned 45° about the centre that
/// clips its sublayers (a stencil mask), and in it a green 80-point square centred on it: green
/// shows only inside the diamond.
func rotatedClipScene() -> Commit {
    var scene = TestScene()
    let root = scene.add(size: Size(width: 96, height: 96), position: Point(x: 48, y: 48))
    let clip = scene.add(
        parent: root, size: Size(width: 40, height: 40), position: Point(x: 48, y: 48), color: .red,
        .transform(rotation(45)), .masksToBounds(true))
    scene.add(parent: clip, size: Size(width: 80, height: 80), position: Point(x: 20, y: 20), color: .green)
    return scene.commit
}

/// The debug labels of the GL objects of `identifier`'s kind among names 1...`upTo` that `exists`
/// says are objects of that kind (labels where the driver has them).
func objectLabels(_ identifier: Int32, upTo: GLuint = 256, exists: (GLuint) -> GLboolean) -> [String] {
    (1...upTo).compactMap { name in
        guard exists(name) == GLboolean(GL_TRUE) else { return nil }
        var buffer = [GLchar](repeating: 0, count: 256)
        var length: GLsizei = 0
        glGetObjectLabel(GLenum(identifier), name, 256, &length, &buffer)
        return length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}

@Suite("Embedding in a host's GL context", .tags(.gpu), .requiresGPU, .serialized)
struct HostRendererTests {
    @Test(
        "Strata's GL objects carry debug labels on an OpenGL ES 3.2 driver: its programs \"strata layer program […]\", its instance buffer, and a contents texture after an image",
        .requiresGPUDebugLabels)
    func glObjectsAreLabelled() throws {
        let (info, programs, buffers, textures) = try onHostThread {
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 32, height: 32)
            defer { fbo.delete() }
            let strata = try HostRenderer()
            var scene = TestScene()
            let root = scene.add(size: Size(width: 16, height: 16), position: Point(x: 8, y: 8))
            scene.commit.append(
                .setContents(
                    root, ContentsUpdate(size: PixelSize(width: 4, height: 4), pixels: [UInt8](repeating: 255, count: 64))))
            try strata.compositor.submit(scene.commit)
            _ = try strata.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 32, height: 32)))
            let labels = (
                strata.gpu, objectLabels(GL_PROGRAM, exists: glIsProgram), objectLabels(GL_BUFFER, exists: glIsBuffer),
                objectLabels(GL_TEXTURE, exists: glIsTexture)
            )
            _ = strata.release()
            return labels
        }
        try #require(info.hasDebugLabels, "the probe's context had labels (OpenGL ES 3.2), the host's \(info.version) has none")
        #expect(programs.contains("strata layer program [fill]"), "\(programs)")
        #expect(programs.contains("strata layer program [HAS_TEXTURE+ROUNDED]"), "\(programs)")
        #expect(buffers.contains("strata quad instances"), "\(buffers)")
        #expect(textures.contains { $0.hasPrefix("strata contents ") }, "\(textures)")
    }

    @Test("Scene: host framebuffer 128×128 (blue, yellow bottom band) with Strata's 32-point scene at scale 2 in viewport (32, 16, 64, 64)")
    func drawsIntoTheHostsViewport() throws {
        let (image, drawn, leaked) = try onHostThread {
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 128, height: 128)
            defer { fbo.delete() }
            let strata = try HostRenderer()
            try strata.compositor.submit(embeddedScene())
            drawHostScene(fbo)
            let stats = try strata.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 32, y: 16, width: 64, height: 64), scale: 2))
            let image = fbo.read()
            return (image, stats.layersDrawn, strata.release().total)
        }
        #expect(drawn == 3)
        #expect(leaked == 0, "GL objects left in the host's context after release")
        // Viewport in image rows (top row first): x 32..<96, y (128 - 16 - 64) = 48..<112.
        expectPixel(image, 5, 5, .blue, "host content outside the viewport (top-left)")
        expectPixel(image, 120, 124, RGBA8(255, 255, 0), "host's yellow band outside the viewport")
        expectPixel(image, 40, 56, .green, "Strata's green square at the viewport's top-left")
        expectPixel(image, 80, 56, RGBA8(128, 128, 255), tolerance: 2, "half-white over the host's blue at the viewport's top-right")
        expectPixel(image, 64, 100, .red, "Strata's red bar in the viewport's lower half")
        expectPixel(image, 64, 108, .red, "red bar in the viewport's bottom rows")
        expectPixel(image, 64, 114, RGBA8(255, 255, 0), "yellow band just below the viewport")
        expectPixel(image, 100, 80, .blue, "host content right of the viewport")
    }

    @Test(
        "Scene: host framebuffer 64×64, Strata's white 64-point root with 30 hidden red layers and a green one, the root's colour changed every frame: a host redraws every frame whole, and still the hidden layers rest after the first frame"
    )
    func hiddenLayersRestInAHostsFramesToo() throws {
        let visited = try onHostThread {
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 64, height: 64)
            defer { fbo.delete() }
            let strata = try HostRenderer()
            var scene = TestScene()
            let root = scene.add(size: Size(width: 64, height: 64), position: Point(x: 32, y: 32), color: .white)
            for _ in 0..<30 { scene.add(parent: root, size: Size(width: 8, height: 8), position: Point(x: 20, y: 20), color: .red, .isHidden(true)) }
            scene.add(parent: root, size: Size(width: 8, height: 8), position: Point(x: 40, y: 40), color: .green)
            try strata.compositor.submit(scene.commit)
            var visited: [Int] = []
            for frame in 0..<3 {
                // A change every frame, so each is walked (an unchanged one would be replayed).
                try strata.compositor.submit(Commit([.set(root, .backgroundColor(frame % 2 == 0 ? .white : Color(red: 0.98, green: 0.98, blue: 0.98)))]))
                visited.append(try strata.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 64, height: 64))).layersVisited)
            }
            _ = strata.release()
            return visited
        }
        #expect(visited == [32, 2, 2], "every layer at first; then the root and the green layer")
    }

    @Test(
        "Scene: host framebuffer 128×128 (blue, yellow bottom band, drawn again before each frame) with a 32-point scene at scale 2 in viewport (32, 16, 64, 64): a red bar, a green square, a white one at 50 %, a square clip with an overflowing black layer and a 300×8 picture; unchanged frames issue the last frame's draw calls again without a walk and give the same pixels; a moved square is drawn normally once, then replayed"
    )
    func unchangedHostFramesReplayTheLastFrame() throws {
        let (stats, images) = try onHostThread {
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 128, height: 128)
            defer { fbo.delete() }
            let strata = try HostRenderer()
            var scene = TestScene()
            let root = scene.add(size: Size(width: 32, height: 32), position: Point(x: 16, y: 16))
            scene.add(parent: root, size: Size(width: 32, height: 16), position: Point(x: 16, y: 24), color: .red)
            let green = scene.add(parent: root, size: Size(width: 16, height: 16), position: Point(x: 8, y: 8), color: .green)
            scene.add(parent: root, size: Size(width: 16, height: 16), position: Point(x: 24, y: 8), color: .white, .opacity(0.5))
            // A square clip (the scissor) at points 12...20 × 8...16 with a black 16×16 layer overflowing it by 4 points.
            let clip = scene.add(parent: root, size: Size(width: 8, height: 8), position: Point(x: 16, y: 12), .masksToBounds(true))
            scene.add(parent: clip, size: Size(width: 16, height: 16), position: Point(x: 4, y: 4), color: .black)
            let picture = scene.add(parent: root, size: Size(width: 30, height: 4), position: Point(x: 16, y: 30))
            scene.commit.append(.setContents(picture, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 300, height: 8), filledWith: .blue))))
            try strata.compositor.submit(scene.commit)
            let target = HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 32, y: 16, width: 64, height: 64), scale: 2)
            var stats: [FrameStatistics] = [], images: [RGBAImage] = []
            for frame in 0..<4 {
                if frame == 2 { try strata.compositor.submit(Commit([.set(green, .position(Point(x: 8, y: 12)))])) }
                drawHostScene(fbo)
                stats.append(try strata.render(into: target))
                images.append(fbo.read())
            }
            _ = strata.release()
            return (stats, images)
        }
        #expect(stats.map(\.replayed) == [false, true, false, true], "frames 1 and 3 repeat frames 0 and 2")
        #expect(stats[1].layersVisited == 0 && stats[1].drawCalls == stats[0].drawCalls && stats[1].layersDrawn == stats[0].layersDrawn)
        #expect(images[1] == images[0], "the replayed frame has the drawn frame's pixels")
        #expect(images[3] == images[2], "and after the change too")
        expectPixel(images[0], 40, 50, .green, "(40, 50): the green square's top rows")
        for (i, image) in images.enumerated() {
            expectPixel(image, 64, 72, .black, "frame \(i), (64, 72): the black layer inside its clip")
            expectPixel(image, 52, 72, .green, "frame \(i), (52, 72): the green square, where the black layer overflows its clip")
        }
        expectPixel(images[2], 40, 50, .blue, "(40, 50): the host's blue where the green square was, moved 4 points down")
        expectPixel(images[3], 40, 84, .green, "(40, 84): the moved green square over the red bar, replayed")
    }

    @Test("Scene: the same with a framebuffer without stencil and a rotated clipping layer: drawn through Strata's own framebuffer")
    func framebufferWithoutStencil() throws {
        let (withStencil, without, problems) = try onHostThread {
            let host = try HostContext()
            defer { host.destroy() }
            var images: [RGBAImage] = []
            var problems: [String] = []
            for stencil in [true, false] {
                let fbo = HostFramebufferObject(width: 96, height: 96, stencil: stencil)
                defer { fbo.delete() }
                let strata = try HostRenderer()
                try strata.compositor.submit(rotatedClipScene())
                drawHostScene(fbo)
                let stats = try strata.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 96, height: 96)))
                if stats.offscreenPasses != (stencil ? 0 : 1) { problems.append("stencil \(stencil): \(stats.offscreenPasses) offscreen passes") }
                images.append(fbo.read())
                if strata.release().total != 0 { problems.append("GL objects leaked") }
            }
            return (images[0], images[1], problems)
        }
        #expect(problems.isEmpty, "\(problems)")
        for (image, name) in [(withStencil, "with stencil"), (without, "without stencil")] {
            expectPixel(image, 48, 48, .green, "\(name): the clipped green square at the centre")
            expectPixel(image, 48, 25, .green, "\(name): near the diamond's top corner, green")
            expectPixel(image, 30, 30, .blue, "\(name): outside the diamond but inside the unclipped 80-point square, the host's blue")
        }
        #expect(withStencil == without, "the offscreen route gives the same pixels as the stencil route")
    }

    @Test("GL state: forty-odd values a host set are the same after Strata drew (clips, group opacity, uploads)")
    func restoresTheHostsState() throws {
        let (changed, problems) = try onHostThread {
            var problems: [String] = []
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 64, height: 64)
            defer { fbo.delete() }
            let strata = try HostRenderer()
            // A scene that makes Strata use everything: contents uploads, a stencil clip, an offscreen group.
            var scene = TestScene()
            let root = scene.add(size: Size(width: 64, height: 64), position: Point(x: 32, y: 32), color: .white)
            let group = scene.add(
                parent: root, size: Size(width: 40, height: 40), position: Point(x: 32, y: 32), color: .red,
                .opacity(0.5), .transform(rotation(30)), .masksToBounds(true), .cornerRadius(6))
            let child = scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 20, y: 20), color: .green)
            scene.commit.append(.setContents(child, ContentsUpdate(size: PixelSize(width: 2, height: 2), pixels: [UInt8](repeating: 200, count: 16))))
            try strata.compositor.submit(scene.commit)

            // The host's state: unusual values everywhere, so a reset to defaults would show.
            var hostObjects = (
                program: GLuint(0), vao: GLuint(0), buffers: [GLuint](repeating: 0, count: 4), textures: [GLuint](repeating: 0, count: 3),
                sampler: GLuint(0), readFBO: GLuint(0)
            )
            hostObjects.program = glCreateProgram()
            let vs = glCreateShader(GLenum(GL_VERTEX_SHADER)), fs = glCreateShader(GLenum(GL_FRAGMENT_SHADER))
            var vsrc = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }"
            var fsrc = "#version 300 es\nprecision mediump float; out vec4 c; void main() { c = vec4(1.0); }"
            for (shader, source) in [(vs, vsrc), (fs, fsrc)] {
                source.withCString { p in
                    var ptr: UnsafePointer<GLchar>? = p; glShaderSource(shader, 1, &ptr, nil)
                }
                glCompileShader(shader)
                glAttachShader(hostObjects.program, shader)
            }
            (vsrc, fsrc) = ("", "")
            glLinkProgram(hostObjects.program)
            glUseProgram(hostObjects.program)
            glGenVertexArrays(1, &hostObjects.vao)
            glBindVertexArray(hostObjects.vao)
            glGenBuffers(4, &hostObjects.buffers)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), hostObjects.buffers[0])
            glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), hostObjects.buffers[1])
            glBindBuffer(GLenum(GL_UNIFORM_BUFFER), hostObjects.buffers[2])
            glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), hostObjects.buffers[3])
            glGenTextures(3, &hostObjects.textures)
            glActiveTexture(GLenum(GL_TEXTURE3))
            glBindTexture(GLenum(GL_TEXTURE_2D), hostObjects.textures[0])
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), hostObjects.textures[1])
            glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), hostObjects.textures[2])
            glGenSamplers(1, &hostObjects.sampler)
            glBindSampler(0, hostObjects.sampler)
            glActiveTexture(GLenum(GL_TEXTURE5))
            glGenFramebuffers(1, &hostObjects.readFBO)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), fbo.name)
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), hostObjects.readFBO)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), fbo.color)
            glViewport(3, 5, 17, 19)
            glScissor(2, 4, 6, 8)
            glEnable(GLenum(GL_SCISSOR_TEST))
            glEnable(GLenum(GL_DEPTH_TEST))
            glEnable(GLenum(GL_CULL_FACE))
            glEnable(GLenum(GL_STENCIL_TEST))
            glDisable(GLenum(GL_BLEND))
            glDisable(GLenum(GL_DITHER))
            glEnable(GLenum(GL_POLYGON_OFFSET_FILL))
            glBlendFuncSeparate(GLenum(GL_SRC_COLOR), GLenum(GL_DST_COLOR), GLenum(GL_ONE), GLenum(GL_ZERO))
            glBlendEquationSeparate(GLenum(GL_FUNC_SUBTRACT), GLenum(GL_MAX))
            glBlendColor(0.1, 0.2, 0.3, 0.4)
            glColorMask(GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE))
            glDepthMask(GLboolean(GL_FALSE))
            glDepthFunc(GLenum(GL_GEQUAL))
            glDepthRangef(0.25, 0.75)
            glClearColor(0.5, 0.25, 0.125, 0.75)
            glClearDepthf(0.5)
            glClearStencil(7)
            glStencilFuncSeparate(GLenum(GL_FRONT), GLenum(GL_LESS), 3, 0x0F)
            glStencilFuncSeparate(GLenum(GL_BACK), GLenum(GL_GREATER), 5, 0xF0)
            glStencilOpSeparate(GLenum(GL_FRONT), GLenum(GL_INVERT), GLenum(GL_REPLACE), GLenum(GL_INCR_WRAP))
            glStencilOpSeparate(GLenum(GL_BACK), GLenum(GL_ZERO), GLenum(GL_DECR), GLenum(GL_INCR))
            glStencilMaskSeparate(GLenum(GL_FRONT), 0x3C)
            glStencilMaskSeparate(GLenum(GL_BACK), 0xC3)
            glCullFace(GLenum(GL_FRONT))
            glFrontFace(GLenum(GL_CW))
            glPolygonOffset(1.5, 2.5)
            glSampleCoverage(0.5, GLboolean(GL_TRUE))
            glLineWidth(1)
            // Draw buffer 1 blends differently from buffer 0 (ES 3.2 indexed state).
            glEnablei(GLenum(GL_BLEND), 1)
            glBlendFuncSeparatei(1, GLenum(GL_ONE), GLenum(GL_ONE), GLenum(GL_ZERO), GLenum(GL_ONE))
            glBlendEquationSeparatei(1, GLenum(GL_MIN), GLenum(GL_FUNC_REVERSE_SUBTRACT))
            glColorMaski(1, GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE))
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 13)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 2)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 3)
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 2)
            glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 11)

            let integers: [(String, Int32, Int)] = [
                ("GL_CURRENT_PROGRAM", GL_CURRENT_PROGRAM, 1), ("GL_VERTEX_ARRAY_BINDING", GL_VERTEX_ARRAY_BINDING, 1),
                ("GL_ARRAY_BUFFER_BINDING", GL_ARRAY_BUFFER_BINDING, 1), ("GL_ELEMENT_ARRAY_BUFFER_BINDING", GL_ELEMENT_ARRAY_BUFFER_BINDING, 1),
                ("GL_UNIFORM_BUFFER_BINDING", GL_UNIFORM_BUFFER_BINDING, 1), ("GL_PIXEL_UNPACK_BUFFER_BINDING", GL_PIXEL_UNPACK_BUFFER_BINDING, 1),
                ("GL_PIXEL_PACK_BUFFER_BINDING", GL_PIXEL_PACK_BUFFER_BINDING, 1), ("GL_ACTIVE_TEXTURE", GL_ACTIVE_TEXTURE, 1),
                ("GL_DRAW_FRAMEBUFFER_BINDING", GL_DRAW_FRAMEBUFFER_BINDING, 1), ("GL_READ_FRAMEBUFFER_BINDING", GL_READ_FRAMEBUFFER_BINDING, 1),
                ("GL_RENDERBUFFER_BINDING", GL_RENDERBUFFER_BINDING, 1), ("GL_VIEWPORT", GL_VIEWPORT, 4), ("GL_SCISSOR_BOX", GL_SCISSOR_BOX, 4),
                ("GL_BLEND_SRC_RGB", GL_BLEND_SRC_RGB, 1), ("GL_BLEND_DST_RGB", GL_BLEND_DST_RGB, 1),
                ("GL_BLEND_SRC_ALPHA", GL_BLEND_SRC_ALPHA, 1), ("GL_BLEND_DST_ALPHA", GL_BLEND_DST_ALPHA, 1),
                ("GL_BLEND_EQUATION_RGB", GL_BLEND_EQUATION_RGB, 1), ("GL_BLEND_EQUATION_ALPHA", GL_BLEND_EQUATION_ALPHA, 1),
                ("GL_DEPTH_FUNC", GL_DEPTH_FUNC, 1), ("GL_STENCIL_CLEAR_VALUE", GL_STENCIL_CLEAR_VALUE, 1),
                ("GL_STENCIL_FUNC", GL_STENCIL_FUNC, 1), ("GL_STENCIL_REF", GL_STENCIL_REF, 1), ("GL_STENCIL_VALUE_MASK", GL_STENCIL_VALUE_MASK, 1),
                ("GL_STENCIL_FAIL", GL_STENCIL_FAIL, 1), ("GL_STENCIL_PASS_DEPTH_FAIL", GL_STENCIL_PASS_DEPTH_FAIL, 1),
                ("GL_STENCIL_PASS_DEPTH_PASS", GL_STENCIL_PASS_DEPTH_PASS, 1), ("GL_STENCIL_WRITEMASK", GL_STENCIL_WRITEMASK, 1),
                ("GL_STENCIL_BACK_FUNC", GL_STENCIL_BACK_FUNC, 1), ("GL_STENCIL_BACK_REF", GL_STENCIL_BACK_REF, 1),
                ("GL_STENCIL_BACK_VALUE_MASK", GL_STENCIL_BACK_VALUE_MASK, 1), ("GL_STENCIL_BACK_FAIL", GL_STENCIL_BACK_FAIL, 1),
                ("GL_STENCIL_BACK_PASS_DEPTH_FAIL", GL_STENCIL_BACK_PASS_DEPTH_FAIL, 1), ("GL_STENCIL_BACK_PASS_DEPTH_PASS", GL_STENCIL_BACK_PASS_DEPTH_PASS, 1),
                ("GL_STENCIL_BACK_WRITEMASK", GL_STENCIL_BACK_WRITEMASK, 1), ("GL_CULL_FACE_MODE", GL_CULL_FACE_MODE, 1),
                ("GL_FRONT_FACE", GL_FRONT_FACE, 1), ("GL_UNPACK_ALIGNMENT", GL_UNPACK_ALIGNMENT, 1),
                ("GL_UNPACK_ROW_LENGTH", GL_UNPACK_ROW_LENGTH, 1), ("GL_UNPACK_SKIP_ROWS", GL_UNPACK_SKIP_ROWS, 1),
                ("GL_UNPACK_SKIP_PIXELS", GL_UNPACK_SKIP_PIXELS, 1), ("GL_PACK_ALIGNMENT", GL_PACK_ALIGNMENT, 1),
                ("GL_PACK_ROW_LENGTH", GL_PACK_ROW_LENGTH, 1),
            ]
            let floats: [(String, Int32, Int)] = [
                ("GL_BLEND_COLOR", GL_BLEND_COLOR, 4), ("GL_COLOR_CLEAR_VALUE", GL_COLOR_CLEAR_VALUE, 4),
                ("GL_DEPTH_CLEAR_VALUE", GL_DEPTH_CLEAR_VALUE, 1), ("GL_DEPTH_RANGE", GL_DEPTH_RANGE, 2),
                ("GL_POLYGON_OFFSET_FACTOR", GL_POLYGON_OFFSET_FACTOR, 1), ("GL_POLYGON_OFFSET_UNITS", GL_POLYGON_OFFSET_UNITS, 1),
                ("GL_SAMPLE_COVERAGE_VALUE", GL_SAMPLE_COVERAGE_VALUE, 1), ("GL_LINE_WIDTH", GL_LINE_WIDTH, 1),
            ]
            let capabilities: [(String, Int32)] = [
                ("GL_BLEND", GL_BLEND), ("GL_CULL_FACE", GL_CULL_FACE), ("GL_DEPTH_TEST", GL_DEPTH_TEST), ("GL_DITHER", GL_DITHER),
                ("GL_POLYGON_OFFSET_FILL", GL_POLYGON_OFFSET_FILL), ("GL_SCISSOR_TEST", GL_SCISSOR_TEST), ("GL_STENCIL_TEST", GL_STENCIL_TEST),
                ("GL_RASTERIZER_DISCARD", GL_RASTERIZER_DISCARD), ("GL_SAMPLE_COVERAGE", GL_SAMPLE_COVERAGE),
            ]
            func record() -> [String: String] {
                var state: [String: String] = [:]
                for (name, e, n) in integers {
                    var v = [GLint](repeating: 0, count: n); glGetIntegerv(GLenum(e), &v); state[name] = "\(v)"
                }
                for (name, e, n) in floats {
                    var v = [GLfloat](repeating: 0, count: n); glGetFloatv(GLenum(e), &v); state[name] = "\(v)"
                }
                for (name, e) in capabilities { state[name] = "\(glIsEnabled(GLenum(e)))" }
                var mask = [GLboolean](repeating: 0, count: 4); glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &mask); state["GL_COLOR_WRITEMASK"] = "\(mask)"
                var depthMask: GLboolean = 0; glGetBooleanv(GLenum(GL_DEPTH_WRITEMASK), &depthMask); state["GL_DEPTH_WRITEMASK"] = "\(depthMask)"
                var invert: GLboolean = 0; glGetBooleanv(GLenum(GL_SAMPLE_COVERAGE_INVERT), &invert); state["GL_SAMPLE_COVERAGE_INVERT"] = "\(invert)"
                // Texture bindings per unit: unit 0 (Strata's) and 3 (the host's).
                let active = {
                    var a: GLint = 0; glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &a); return a
                }()
                for unit in [0, 3] {
                    glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
                    for (name, e) in [
                        ("GL_TEXTURE_BINDING_2D", GL_TEXTURE_BINDING_2D), ("GL_TEXTURE_BINDING_CUBE_MAP", GL_TEXTURE_BINDING_CUBE_MAP), ("GL_SAMPLER_BINDING", GL_SAMPLER_BINDING),
                    ] {
                        var v: GLint = 0; glGetIntegerv(GLenum(e), &v); state["\(name) unit \(unit)"] = "\(v)"
                    }
                }
                glActiveTexture(GLenum(active))
                for index in [GLuint(0), 1] {
                    var v = [GLint](repeating: 0, count: 1)
                    for (name, e) in [
                        ("GL_BLEND_SRC_RGB", GL_BLEND_SRC_RGB), ("GL_BLEND_DST_ALPHA", GL_BLEND_DST_ALPHA), ("GL_BLEND_EQUATION_RGB", GL_BLEND_EQUATION_RGB),
                        ("GL_BLEND_EQUATION_ALPHA", GL_BLEND_EQUATION_ALPHA),
                    ] {
                        glGetIntegeri_v(GLenum(e), index, &v); state["\(name) draw buffer \(index)"] = "\(v)"
                    }
                    state["GL_BLEND draw buffer \(index)"] = "\(glIsEnabledi(GLenum(GL_BLEND), index))"
                    var m = [GLboolean](repeating: 0, count: 4); glGetBooleani_v(GLenum(GL_COLOR_WRITEMASK), index, &m)
                    state["GL_COLOR_WRITEMASK draw buffer \(index)"] = "\(m)"
                }
                var attrib: GLint = 0
                glGetVertexAttribiv(0, GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &attrib)
                state["attribute 0 enabled (host VAO)"] = "\(attrib)"
                return state
            }
            let before = record()
            // Strata draws twice: the first frame creates and uploads, the second reuses.
            for _ in 0..<2 {
                try strata.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 64, height: 64)))
            }
            let after = record()
            if before.count < 40 { problems.append("the test records at least forty values (\(before.count))") }
            let error = glGetError()
            if error != GLenum(GL_NO_ERROR) { problems.append("GL error left behind: \(error)") }
            if strata.release().total != 0 { problems.append("GL objects leaked") }
            if record() != before { problems.append("releasing Strata's objects changed host state") }
            glDeleteProgram(hostObjects.program)
            glDeleteShader(vs); glDeleteShader(fs)
            let changed = before.keys.sorted().filter { before[$0] != after[$0] }.map { "\($0): \(before[$0]!) → \(after[$0] ?? "nil")" }
            return (changed, problems)
        }
        #expect(changed.isEmpty, "host GL state Strata changed: \(changed)")
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("Errors: no current context, another thread, a bad viewport, scale or framebuffer, after release")
    func errors() throws {
        // No context current on this new thread.
        let noContext = try onHostThread { () -> String in
            do { _ = try HostRenderer(); return "no error" } catch { return "\(error)" }
        }
        #expect(noContext.contains("no EGL context is current"), "\(noContext)")

        final class Shared: @unchecked Sendable { var problems: [String] = [] }
        let shared = Shared()
        /// Runs `call` and records a problem unless it throws an error whose text contains `text`.
        @Sendable func expectError(_ text: String, _ what: String, _ call: () throws -> Void) {
            do {
                try call()
                shared.problems.append("\(what): no error")
            } catch {
                if !"\(error)".contains(text) { shared.problems.append("\(what): \(error)") }
            }
        }
        try onHostThread {
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 32, height: 32)
            defer { fbo.delete() }
            let r = try HostRenderer()
            let target = HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 32, height: 32))
            expectError("viewport", "a zero-width viewport") {
                try r.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 0, height: 32)))
            }
            expectError("scale nan", "a NaN scale") { try r.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: target.viewport, scale: .nan)) }
            expectError("frame time inf", "an infinite time") { try r.render(into: target, time: .infinity) }
            expectError("4242 is not a framebuffer", "a framebuffer name the host never made") {
                try r.render(into: HostFramebuffer(framebuffer: 4242, viewport: target.viewport))
            }
            try r.render(into: target)
            eglMakeCurrent(host.display, nil, nil, nil)
            expectError("not current", "render with no context current") { try r.render(into: target) }
            eglMakeCurrent(host.display, nil, nil, host.context)
            // From another thread, while this one still owns the renderer: refused before any GL call.
            final class Unchecked: @unchecked Sendable { let r: HostRenderer; init(_ r: HostRenderer) { self.r = r } }
            let handle = Unchecked(r)
            try onHostThread {
                expectError("not current on this thread", "render from another thread") { try handle.r.render(into: target) }
            }
            // A commit the tree refuses: thrown by the next render, the one after draws again.
            try r.compositor.submit(Commit([.insertSublayer(LayerID.make(), parent: LayerID.make(), index: nil)]))
            expectError("does not exist in the render tree", "a refused commit") { try r.render(into: target) }
            let layer = LayerID.make()
            try r.compositor.submit(Commit([.createLayer(layer), .setExternalContents(layer, ExternalContents(source: .texture(999_999), size: PixelSize(width: 4, height: 4)))]))
            expectError("texture 999999 is not a texture", "a texture name the host's context does not have") { try r.render(into: target) }
            try r.render(into: target)
            if r.release().total != 0 { shared.problems.append("GL objects leaked") }
            expectError("shut down", "render after release") { try r.render(into: target) }
            let compositor = r.compositor
            expectError("shut down", "submit after release") { try compositor.submit(embeddedScene()) }
        }
        #expect(shared.problems.isEmpty, "\(shared.problems)")
    }

    @Test(
        "Scene: external contents — a host texture (straight alpha, bottom row first) and an EGLImage of another host texture, updated by the host between frames without a commit")
    func externalContents() throws {
        let (first, second, problems) = try onHostThread { () -> (RGBAImage, RGBAImage, [String]) in
            var problems: [String] = []
            let host = try HostContext()
            defer { host.destroy() }
            let fbo = HostFramebufferObject(width: 64, height: 32)
            defer { fbo.delete() }
            // Texture A, 2×2, straight alpha, GL's row order (row 0 = bottom): bottom row green at
            // alpha 0.5, top row blue. Its parameters ask for mipmaps it lacks: sampled as is, it would
            // be incomplete (black); Strata's own sampler must be used instead.
            var textures = [GLuint](repeating: 0, count: 2)
            glGenTextures(2, &textures)
            glBindTexture(GLenum(GL_TEXTURE_2D), textures[0])
            let a: [UInt8] = [0, 255, 0, 128, 0, 255, 0, 128, 0, 0, 255, 255, 0, 0, 255, 255]
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 2, 2, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), a)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
            // Texture B, 1×1 red, made into an EGLImage (EGL_KHR_gl_texture_2D_image).
            glBindTexture(GLenum(GL_TEXTURE_2D), textures[1])
            let b: [UInt8] = [255, 0, 0, 255]
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 1, 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), b)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            typealias CreateImage = @convention(c) (EGLDisplay?, EGLContext?, EGLenum, EGLClientBuffer?, UnsafePointer<EGLint>?) -> UnsafeMutableRawPointer?
            typealias DestroyImage = @convention(c) (EGLDisplay?, UnsafeMutableRawPointer?) -> EGLBoolean
            let createImage = unsafeBitCast(eglGetProcAddress("eglCreateImageKHR")!, to: CreateImage.self)
            let destroyImage = unsafeBitCast(eglGetProcAddress("eglDestroyImageKHR")!, to: DestroyImage.self)
            let imageAttributes: [EGLint] = [EGL_NONE]
            guard
                let image = createImage(
                    host.display, host.context, EGLenum(EGL_GL_TEXTURE_2D_KHR),
                    EGLClientBuffer(bitPattern: UInt(textures[1])), imageAttributes)
            else {
                throw HostTestError("eglCreateImageKHR failed: \(eglGetError())")
            }
            defer { _ = destroyImage(host.display, image) }

            let strata = try HostRenderer()
            var scene = TestScene()
            let root = scene.add(size: Size(width: 64, height: 32), position: Point(x: 32, y: 16))
            let left = scene.add(parent: root, size: Size(width: 32, height: 32), position: Point(x: 16, y: 16))
            let right = scene.add(parent: root, size: Size(width: 32, height: 32), position: Point(x: 48, y: 16))
            scene.commit.append(
                .setExternalContents(
                    left,
                    ExternalContents(
                        source: .texture(textures[0]), size: PixelSize(width: 2, height: 2),
                        isPremultiplied: false, isTopRowFirst: false)))
            scene.commit.append(.setExternalContents(right, ExternalContents(source: .eglImage(UInt(bitPattern: image)), size: PixelSize(width: 1, height: 1))))
            try strata.compositor.submit(scene.commit)
            let target = HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 0, y: 0, width: 64, height: 32))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo.name)
            glClearColor(0, 0, 0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try strata.render(into: target)
            let first = fbo.read()
            // The host draws new pixels into texture B (through the image): no commit, the next frame shows them.
            glBindTexture(GLenum(GL_TEXTURE_2D), textures[1])
            let white: [UInt8] = [255, 255, 255, 255]
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), white)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo.name)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try strata.render(into: target)
            let second = fbo.read()
            var minFilter: GLint = 0
            glBindTexture(GLenum(GL_TEXTURE_2D), textures[0])
            glGetTexParameteriv(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), &minFilter)
            if minFilter != GL_LINEAR_MIPMAP_LINEAR { problems.append("Strata changed the host texture's min filter to \(minFilter)") }
            if strata.release().total != 0 { problems.append("GL objects leaked") }
            glDeleteTextures(2, textures)
            return (first, second, problems)
        }
        #expect(problems.isEmpty, "\(problems)")
        expectPixel(first, 16, 2, .blue, "left layer's top rows: the texture's top row (GL row 1), blue")
        expectPixel(first, 16, 30, RGBA8(0, 128, 0), tolerance: 2, "left layer's bottom rows: straight-alpha green at 0.5 premultiplied over black")
        expectPixel(first, 48, 16, .red, "right layer: the EGLImage's red")
        expectPixel(second, 48, 16, .white, "right layer next frame: the host's new white, with no commit")
        expectPixel(second, 16, 2, .blue, "left layer unchanged")
    }

    @Test(
        "Scene: shared-context mode — Strata's own context draws the rotated clip scene into the host's texture, whose host framebuffer then shows it; the host's state is untouched"
    )
    func sharedContextMode() throws {
        let (image, problems) = try onHostThread { () -> (RGBAImage, [String]) in
            var problems: [String] = []
            let host = try HostContext()
            defer { host.destroy() }
            // The host renders into a texture through its own framebuffer (no stencil).
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), 96, 96)
            var fbo: GLuint = 0
            glGenFramebuffers(1, &fbo)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            glClearColor(0, 0, 1, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            glViewport(1, 2, 3, 4)
            glEnable(GLenum(GL_DEPTH_TEST))
            glBlendFunc(GLenum(GL_SRC_COLOR), GLenum(GL_DST_COLOR))
            func state() -> [GLint] {
                var v = [GLint](repeating: 0, count: 4); glGetIntegerv(GLenum(GL_VIEWPORT), &v)
                var f: GLint = 0; glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &f)
                var b: GLint = 0; glGetIntegerv(GLenum(GL_BLEND_SRC_RGB), &b)
                var t: GLint = 0; glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &t)
                return v + [f, b, t, GLint(glIsEnabled(GLenum(GL_DEPTH_TEST)))]
            }
            let before = state()
            let strata = try HostRenderer(contextMode: .shared)
            try strata.compositor.submit(rotatedClipScene())
            do {
                try strata.render(into: HostFramebuffer(framebuffer: fbo, viewport: PixelRect(x: 0, y: 0, width: 96, height: 96)))
                problems.append("a framebuffer object was accepted in shared mode")
            } catch let error as HostRenderError {
                if case .framebufferInSharedMode = error {} else { problems.append("\(error)") }
            }
            let stats = try strata.render(into: HostFramebuffer(color: .texture(texture), viewport: PixelRect(x: 0, y: 0, width: 96, height: 96)))
            if stats.offscreenPasses != 0 { problems.append("\(stats.offscreenPasses) offscreen passes: Strata's own framebuffer has a stencil") }
            if state() != before { problems.append("host state changed: \(before) → \(state())") }
            if eglGetCurrentContext() != host.context { problems.append("the host's context is no longer current") }
            if strata.release().total != 0 { problems.append("GL objects leaked") }
            if eglGetCurrentContext() != host.context { problems.append("the host's context is not current after release") }
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fbo)
            var pixels = [UInt8](repeating: 0, count: 96 * 96 * 4)
            glReadPixels(0, 0, 96, 96, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
            glDeleteFramebuffers(1, &fbo)
            glDeleteTextures(1, &texture)
            return (RGBAImage(size: PixelSize(width: 96, height: 96), bottomRowFirst: pixels), problems)  // GL row order
        }
        #expect(problems.isEmpty, "\(problems)")
        expectPixel(image, 48, 48, .green, "the clipped green square at the centre")
        expectPixel(image, 48, 25, .green, "near the diamond's top corner, green")
        expectPixel(image, 30, 30, .blue, "outside the diamond: the host's blue")
    }

    @Test("A HostRenderer dropped off its GL thread makes no GL call, and the frames waiting for it fail with shutDown")
    func droppedOffItsThread() async throws {
        final class Holder: @unchecked Sendable {
            var renderer: HostRenderer?
            var host: HostContext?
        }
        let holder = Holder()
        try onHostThread {
            holder.host = try HostContext()  // released from the thread when it ends, not destroyed
            holder.renderer = try HostRenderer()
        }
        let compositor = try #require(holder.renderer?.compositor)
        try compositor.submit(embeddedScene())
        holder.renderer = nil  // released here, on the test's thread: nothing may be deleted from here
        await #expect(throws: CompositorError.shutDown) {
            _ = try await compositor.renderFrame(size: PixelSize(width: 8, height: 8))
        }
        #expect(throws: CompositorError.shutDown) { try compositor.submit(embeddedScene()) }
        // The host ends its context on a GL thread of its own; Strata's objects in it go with it.
        let destroyed = try onHostThread { () -> Bool in
            guard let host = holder.host, eglMakeCurrent(host.display, nil, nil, host.context) == EGL_TRUE else { return false }
            host.destroy()
            return true
        }
        #expect(destroyed, "the host's context, left alive and released by its first thread, can be made current on another and destroyed")
    }

    @Test("The compositor half: a frame request from another thread waits for the host's frame and gets its pixels")
    func frameRequestsWaitForTheHost() async throws {
        final class Shared: @unchecked Sendable {
            var compositor: HostCompositor?
            let ready = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            private let lock = NSLock()
            private var _stopped = false
            var stopped: Bool {
                get { lock.withLock { _stopped } }
                set { lock.withLock { _stopped = newValue } }
            }
        }
        let shared = Shared()
        let hostThread = Thread {
            do {
                let host = try HostContext()
                let fbo = HostFramebufferObject(width: 48, height: 48)
                let strata = try HostRenderer()
                shared.compositor = strata.compositor
                shared.ready.signal()
                while true {
                    if shared.stopped { break }
                    drawHostScene(fbo)
                    _ = try? strata.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 8, y: 8, width: 32, height: 32)))
                    usleep(2000)
                }
                strata.release()
                fbo.delete()
                host.destroy()
            } catch {
                shared.ready.signal()
            }
            shared.finished.signal()
        }
        hostThread.start()
        shared.ready.wait()
        let compositor = try #require(shared.compositor)
        try compositor.submit(embeddedScene())
        let frame = try await compositor.renderFrame(size: PixelSize(width: 32, height: 32))
        shared.stopped = true
        shared.finished.wait()  // the host's thread has torn down: nothing of this test outlives it
        let image = try #require(frame.image)
        #expect(image.size == PixelSize(width: 32, height: 32), "the host's viewport, read back")
        expectPixel(image, 4, 4, .green, "green square at the viewport's top-left")
        expectPixel(image, 28, 4, RGBA8(128, 128, 255), tolerance: 2, "half-white over the host's blue")
        expectPixel(image, 16, 28, .red, "red bar at the bottom")
    }
}

// The README's Swift embedding example, verbatim: it must keep compiling and working.
// swift-format-ignore
/// Draws a rounded card over the host's own drawing and returns the host's framebuffer pixels.
func embeddedCard() throws -> RGBAImage {
    // The host's side: its OpenGL ES context, current on this thread, and its framebuffer.
    let hostContext = try GLContext(connection: EGLConnection.open())
    defer { hostContext.destroy() }
    let framebuffer = try GLFramebuffer(context: hostContext, width: 200, height: 100)

    // Strata, embedded in that context, with one layer of 100×50 points.
    let strata = try HostRenderer()
    let card = LayerID.make()
    try strata.compositor.submit(Commit([
        .createLayer(card), .setRoot(card),
        .set(card, .bounds(Rect(x: 0, y: 0, width: 100, height: 50))),
        .set(card, .position(Point(x: 50, y: 25))),
        .set(card, .backgroundColor(Color(red: 0.9, green: 0.3, blue: 0.2))),
        .set(card, .cornerRadius(8)),
    ]))

    // A frame: the host draws, then Strata draws over it at 2 pixels per point.
    framebuffer.clear(red: 0, green: 0, blue: 0.5, alpha: 1)
    try strata.render(into: HostFramebuffer(framebuffer: framebuffer.rawValue,
                                            viewport: PixelRect(x: 0, y: 0, width: 200, height: 100), scale: 2))
    let pixels = RGBAImage(size: PixelSize(width: 200, height: 100), pixels: try framebuffer.readPixels())
    strata.release()   // Strata's GL objects go; the context stays the host's
    return pixels
}

@Suite("The README's Swift embedding example", .tags(.gpu), .requiresGPU)
struct ReadmeEmbeddingExampleTests {
    @Test("Scene: the README's 100×50-point card at scale 2 over the host's navy 200×100 framebuffer")
    func readmeSwiftExample() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        guard let start = readme.range(of: "<!-- embed-swift-example -->\n```swift\n"),
            let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex)
        else {
            Issue.record("README.md has no Swift example after <!-- embed-swift-example -->")
            return
        }
        let example = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("import ") }.joined(separator: "\n").trimmingCharacters(in: .newlines)
        #expect(source.contains(example), "the README's Swift example and the copy in this test differ")
        let image = try onHostThread { try embeddedCard() }
        // The framebuffer is read in GL's row order: row 0 is the bottom (the card covers the whole
        // 200×100 pixels but for its rounded corners).
        expectPixel(image, 100, 50, RGBA8(230, 76, 51), "the card's centre")
        expectPixel(image, 0, 0, RGBA8(0, 0, 128), tolerance: 2, "a rounded corner shows the host's navy")
    }
}
