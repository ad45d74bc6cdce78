import CGLES3
import Foundation
import StrataGL
import StrataShaders
import StrataTesting
import Testing

/// The EGL platform choice and the GL wrappers' errors, on the calling thread.
@Suite struct GLPlatformTests {
    @Test(.tags(.gpu), .requiresGPU) func automaticChoiceGivesAGLES3Context() throws {
        let connection = try EGLConnection.open()
        let context = try GLContext(connection: connection)
        defer { context.destroy() }
        #expect(context.info.version.contains("OpenGL ES 3"), "\(context.info.version)")
        #expect(context.info.maxTextureSize >= 2048)
    }

    @Test(arguments: [EGLPlatform.device, .surfaceless])
    func forcedPlatformIsTheOnlyOneTried(platform: EGLPlatform) throws {
        do {
            let connection = try EGLConnection.open(forced: platform)
            #expect(connection.platform == platform)
            let context = try GLContext(connection: connection)
            defer { context.destroy() }
            #expect(context.info.platform == platform)
        } catch GLError.noPlatform(let attempts) {
            // A machine without this platform: the error names it alone, with a reason.
            #expect(attempts.map(\.platform) == [platform])
            #expect(!attempts[0].reason.isEmpty)
        }
    }

    @Test(.enabled(if: !EGLConnection.hasRenderNode, "this machine has a DRM render node"))
    func gbmWithoutARenderNodeSaysSo() throws {
        let error = #expect(throws: GLError.self) { try EGLConnection.open(forced: .gbm) }
        guard case .noPlatform(let attempts)? = error else {
            Issue.record("expected noPlatform, got \(String(describing: error))")
            return
        }
        #expect(attempts.count == 1 && attempts[0].platform == .gbm)
        #expect(attempts[0].reason == "no DRM render node under /dev/dri")
        #expect(error!.description.contains("gbm: no DRM render node under /dev/dri"))
    }

    @Test(.enabled(if: EGLConnection.hasRenderNode, "no DRM render node under /dev/dri"))
    func gbmOnARenderNodeGivesAContext() throws {
        let context = try GLContext(connection: EGLConnection.open(forced: .gbm))
        defer { context.destroy() }
        #expect(context.info.platform == .gbm)
    }

    /// EGL's answer to "is this an image of the display?": 0 never is; with
    /// EGL_MESA_image_dma_buf_export a made-up handle is refused and a real one is known; without
    /// it (llvmpipe here) EGL cannot tell, and says nil rather than guess.
    @Test(.tags(.gpu), .requiresGPU) func anEGLImageHandleIsCheckedWhereEGLCanTell() throws {
        let connection = try EGLConnection.open()
        #expect(connection.knowsImage(0) == false)
        let madeUp = connection.knowsImage(0x1234)
        if connection.extensions.contains("EGL_MESA_image_dma_buf_export") {
            #expect(madeUp == false, "a handle the display never made")
        } else {
            #expect(madeUp == nil, "EGL has no query here: the caller's to get right, as strata.h says")
        }
    }

    @Test(.tags(.gpu), .requiresGPU) func shaderCompileErrorCarriesTheFileNameAndDriverLog() throws {
        let context = try GLContext(connection: EGLConnection.open())
        defer { context.destroy() }
        let broken = ShaderSource.Source(
            name: "broken.frag",
            text: """
                #version 300 es
                precision mediump float;
                out vec4 o_color;
                void main() { o_color = undefined_thing; }
                """)
        let vertex = ShaderSource.layerVertex
        let error = #expect(throws: GLError.self) {
            try GLProgram(context: context, vertex: (vertex.name, vertex.text), fragment: (broken.name, broken.text))
        }
        guard case .shaderCompile(let file, let stage, let log)? = error else {
            Issue.record("expected shaderCompile, got \(String(describing: error))")
            return
        }
        #expect(file == "broken.frag" && stage == "fragment")
        #expect(log.contains("undefined_thing"), "the driver's log names the problem: \(log)")
        #expect(context.liveObjects == GLObjectCounts(), "a failed compile leaks nothing: \(context.liveObjects)")
    }

    @Test(.tags(.gpu), .requiresGPU) func embeddedShadersCompileAndLink() throws {
        let context = try GLContext(connection: EGLConnection.open())
        defer { context.destroy() }
        let vs = ShaderSource.layerVertex, fs = ShaderSource.layerFragment
        #expect(vs.text.hasPrefix("#version 300 es") && fs.text.hasPrefix("#version 300 es"))
        do {
            let program = try GLProgram(context: context, vertex: (vs.name, vs.text), fragment: (fs.name, fs.text))
            // Linked: everything a quad needs comes as instance attributes, so without HAS_TEXTURE
            // the program has no active uniform at all.
            #expect(program.uniformLocation("u_texture") == -1)
            #expect(context.liveObjects.programs == 1)
        }
        #expect(context.liveObjects == GLObjectCounts(), "the program is deleted with its owner")
    }

    @Test(.tags(.gpu), .requiresGPU) func streamWritesEachBatchAfterTheLastAndOrphansWhenFull() throws {
        let context = try GLContext(connection: EGLConnection.open())
        defer { context.destroy() }
        do {
            let buffer = GLBuffer(context: context, bytes: [0, 0, 0, 0], usage: GLenum(GL_STREAM_DRAW))
            #expect(buffer.capacity == 16)
            /// The buffer's bytes from `offset`, as floats, read back through a mapping.
            func floats(at offset: Int, count: Int) -> [Float] {
                guard let p = glMapBufferRange(GLenum(GL_ARRAY_BUFFER), offset, count * 4, GLbitfield(GL_MAP_READ_BIT)) else { return [] }
                defer { glUnmapBuffer(GLenum(GL_ARRAY_BUFFER)) }
                return Array(UnsafeBufferPointer(start: p.assumingMemoryBound(to: Float.self), count: count))
            }
            let a: [Float] = Array(repeating: 1, count: 10), b: [Float] = Array(repeating: 2, count: 10)
            let first = a.withUnsafeBufferPointer { buffer.stream($0.baseAddress!, count: $0.count) }
            #expect(first == 0 && buffer.capacity == 65_536, "16 bytes do not hold 40: new storage of at least 64 KiB")
            let second = b.withUnsafeBufferPointer { buffer.stream($0.baseAddress!, count: $0.count) }
            #expect(second == 256, "the next batch on the next 256-byte boundary")
            let big = Array(repeating: Float(3), count: 16_300)  // 65,200 bytes: past the end from 512
            let third = big.withUnsafeBufferPointer { buffer.stream($0.baseAddress!, count: $0.count) }
            #expect(third == 0 && buffer.capacity == 4 * 65_280, "orphaned: new storage four times the batch, back to 0")
            let c: [Float] = Array(repeating: 4, count: 8)
            let fourth = c.withUnsafeBufferPointer { buffer.stream($0.baseAddress!, count: $0.count) }
            #expect(fourth == 65_280, "after 65,200 bytes, the next 256-byte boundary")
            #expect(floats(at: 0, count: 16_300) == big && floats(at: 65_280, count: 8) == c, "each batch where its offset says")
            #expect(glGetError() == GLenum(GL_NO_ERROR))
        }
        #expect(context.liveObjects == GLObjectCounts())
    }

    @Test(.tags(.gpu), .requiresGPU) func textureBeyondTheLimitIsAnError() throws {
        let context = try GLContext(connection: EGLConnection.open())
        defer { context.destroy() }
        let limit = context.info.maxTextureSize
        #expect(throws: GLError.self) { try GLTexture(context: context, width: limit + 1, height: 1) }
        #expect(throws: GLError.self) { try GLFramebuffer(context: context, width: 0, height: 1) }
        #expect(context.liveObjects == GLObjectCounts())
    }

    @Test func unknownPlatformNameInTheEnvironmentIsNamed() async {
        await #expect(processExitsWith: .success) {
            setenv("STRATA_EGL_PLATFORM", "wayland", 1)
            do {
                _ = try EGLConnection.open()
                exit(1)
            } catch {
                exit("\(error)".contains("STRATA_EGL_PLATFORM=wayland names no platform") ? 0 : 1)
            }
        }
    }

    @Test func glCallOffTheOwningThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            // The compiler refuses to send a GLContext to another thread; smuggle it to prove the runtime check.
            struct Smuggled: @unchecked Sendable { let context: GLContext }
            let smuggled = Smuggled(context: try! GLContext(connection: EGLConnection.open()))
            let thread = Thread { try? smuggled.context.checkError("from the wrong thread") }
            thread.start()
            sleep(10)
        }
    }
}
