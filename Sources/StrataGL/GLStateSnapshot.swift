import CEGL
import CGLES3

// Overall design: an embedded compositor draws with the host application's context, whose state
// the host set up for its own drawing. Before Strata touches GL it records every piece of state it
// may change (`capture`), sets the few values its code assumes (`prepareForStrata`: no pixel
// buffers bound, default pixel-store offsets, additive blending), and puts everything back
// afterwards (`restore`), whether the frame succeeded or threw. The list is what Strata's code
// touches, and the neighbouring state that changes what its calls do; see `GLStateSnapshot.restored`.

/// The GL state a host context had before Strata drew in it; restoring it puts the context back.
///
/// GL thread only (the thread where the context is current). Values are read with `glGet*`, so
/// capturing costs some 70 queries and no GPU synchronisation on the drivers Strata supports.
public struct GLStateSnapshot {
    /// The table the state was read through and is restored through.
    var gl: any GLFunctions = SystemGL.shared
    // Programs, vertex arrays, buffers.
    var program: GLint = 0
    var vertexArray: GLint = 0
    var buffers: [(target: Int32, binding: Int32, name: GLint)] = [
        (GL_ARRAY_BUFFER, GL_ARRAY_BUFFER_BINDING, 0),
        (GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER_BINDING, 0),
        (GL_COPY_WRITE_BUFFER, GL_COPY_WRITE_BUFFER_BINDING, 0),
        (GL_PIXEL_PACK_BUFFER, GL_PIXEL_PACK_BUFFER_BINDING, 0),
        (GL_PIXEL_UNPACK_BUFFER, GL_PIXEL_UNPACK_BUFFER_BINDING, 0),
        (GL_UNIFORM_BUFFER, GL_UNIFORM_BUFFER_BINDING, 0),
        (GL_TRANSFORM_FEEDBACK_BUFFER, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0),
    ]
    // Textures: the active unit, and unit 0's bindings (the only unit Strata uses).
    var activeTexture: GLint = 0
    var texture2D: GLint = 0
    var texture2DArray: GLint = 0
    var texture3D: GLint = 0
    var textureCube: GLint = 0
    var sampler: GLint = 0
    // Framebuffers and the rectangle drawn in.
    var drawFramebuffer: GLint = 0
    var readFramebuffer: GLint = 0
    var renderbuffer: GLint = 0
    var viewport: [GLint] = [0, 0, 0, 0]
    var scissorBox: [GLint] = [0, 0, 0, 0]
    // Capabilities (enabled or not).
    var capabilities: [(cap: Int32, on: Bool)] = [
        (GL_BLEND, false), (GL_CULL_FACE, false), (GL_DEPTH_TEST, false), (GL_DITHER, false),
        (GL_POLYGON_OFFSET_FILL, false), (GL_PRIMITIVE_RESTART_FIXED_INDEX, false), (GL_RASTERIZER_DISCARD, false),
        (GL_SAMPLE_ALPHA_TO_COVERAGE, false), (GL_SAMPLE_COVERAGE, false), (GL_SCISSOR_TEST, false), (GL_STENCIL_TEST, false),
    ]
    // Blending.
    var blendFunc: [GLint] = [0, 0, 0, 0]  // src RGB, dst RGB, src alpha, dst alpha
    var blendEquation: [GLint] = [0, 0]  // RGB, alpha
    var blendColor: [GLfloat] = [0, 0, 0, 0]
    // Masks and clear values.
    var colorMask: [GLboolean] = [0, 0, 0, 0]
    var depthMask: GLboolean = 0
    var clearColor: [GLfloat] = [0, 0, 0, 0]
    var clearDepth: GLfloat = 0
    var clearStencil: GLint = 0
    // Depth, stencil (front and back), faces.
    var depthFunc: GLint = 0
    var depthRange: [GLfloat] = [0, 0]
    var stencilFront: [GLint] = [0, 0, 0, 0, 0, 0, 0]  // func, ref, value mask, fail, depth fail, pass, write mask
    var stencilBack: [GLint] = [0, 0, 0, 0, 0, 0, 0]
    var cullFaceMode: GLint = 0
    var frontFace: GLint = 0
    var polygonOffset: [GLfloat] = [0, 0]  // factor, units
    var sampleCoverage: (value: GLfloat, invert: GLboolean) = (0, 0)
    var lineWidth: GLfloat = 0
    // Pixel store.
    var pixelStore: [(name: Int32, value: GLint)] = [
        (GL_PACK_ALIGNMENT, 0), (GL_PACK_ROW_LENGTH, 0), (GL_PACK_SKIP_ROWS, 0), (GL_PACK_SKIP_PIXELS, 0),
        (GL_UNPACK_ALIGNMENT, 0), (GL_UNPACK_ROW_LENGTH, 0), (GL_UNPACK_IMAGE_HEIGHT, 0),
        (GL_UNPACK_SKIP_ROWS, 0), (GL_UNPACK_SKIP_PIXELS, 0), (GL_UNPACK_SKIP_IMAGES, 0),
    ]
    // Desktop OpenGL (and ES 3.1) state that changes how Strata's triangles are drawn.
    var extraCapabilities: [(cap: Int32, on: Bool)] = []
    /// Per draw buffer (ES 3.2, desktop 4.0): blend enable, functions, equations and colour mask,
    /// which `glEnable`/`glBlendFunc`/`glColorMask` set for every draw buffer at once.
    var drawBuffers: [(blend: Bool, funcs: [GLint], equations: [GLint], mask: [GLboolean])] = []
    var polygonMode: GLint?
    private static let polygonModeName: Int32 = 0x0B40  // GL_POLYGON_MODE
    private static let desktopCapabilities: [Int32] = [
        0x8DB9,  // GL_FRAMEBUFFER_SRGB
        0x0BF2,  // GL_COLOR_LOGIC_OP
        0x0B41,  // GL_POLYGON_SMOOTH
        0x3000, 0x3001, 0x3002, 0x3003, 0x3004, 0x3005, 0x3006, 0x3007,  // GL_CLIP_DISTANCE0...7
    ]
    private static let sampleMask: Int32 = 0x8E51  // GL_SAMPLE_MASK (desktop 3.2, ES 3.1)

    /// The state names a snapshot restores, for documentation and messages.
    public static let restored: [String] = [
        "GL_CURRENT_PROGRAM", "GL_VERTEX_ARRAY_BINDING", "GL_ARRAY_BUFFER_BINDING", "GL_COPY_READ_BUFFER_BINDING",
        "GL_COPY_WRITE_BUFFER_BINDING", "GL_PIXEL_PACK_BUFFER_BINDING", "GL_PIXEL_UNPACK_BUFFER_BINDING",
        "GL_UNIFORM_BUFFER_BINDING", "GL_TRANSFORM_FEEDBACK_BUFFER_BINDING", "GL_ACTIVE_TEXTURE",
        "GL_TEXTURE_BINDING_2D (unit 0)", "GL_TEXTURE_BINDING_2D_ARRAY (unit 0)", "GL_TEXTURE_BINDING_3D (unit 0)",
        "GL_TEXTURE_BINDING_CUBE_MAP (unit 0)", "GL_SAMPLER_BINDING (unit 0)", "GL_DRAW_FRAMEBUFFER_BINDING",
        "GL_READ_FRAMEBUFFER_BINDING", "GL_RENDERBUFFER_BINDING", "GL_VIEWPORT", "GL_SCISSOR_BOX", "GL_BLEND",
        "GL_CULL_FACE", "GL_DEPTH_TEST", "GL_DITHER", "GL_POLYGON_OFFSET_FILL", "GL_PRIMITIVE_RESTART_FIXED_INDEX",
        "GL_RASTERIZER_DISCARD", "GL_SAMPLE_ALPHA_TO_COVERAGE", "GL_SAMPLE_COVERAGE", "GL_SCISSOR_TEST",
        "GL_STENCIL_TEST", "GL_BLEND_SRC_RGB", "GL_BLEND_DST_RGB", "GL_BLEND_SRC_ALPHA", "GL_BLEND_DST_ALPHA",
        "GL_BLEND_EQUATION_RGB", "GL_BLEND_EQUATION_ALPHA", "GL_BLEND_COLOR", "GL_COLOR_WRITEMASK",
        "GL_DEPTH_WRITEMASK", "GL_COLOR_CLEAR_VALUE", "GL_DEPTH_CLEAR_VALUE", "GL_STENCIL_CLEAR_VALUE",
        "GL_DEPTH_FUNC", "GL_DEPTH_RANGE", "GL_STENCIL_FUNC", "GL_STENCIL_REF", "GL_STENCIL_VALUE_MASK",
        "GL_STENCIL_FAIL", "GL_STENCIL_PASS_DEPTH_FAIL", "GL_STENCIL_PASS_DEPTH_PASS", "GL_STENCIL_WRITEMASK",
        "GL_STENCIL_BACK_* (the same seven)", "GL_CULL_FACE_MODE", "GL_FRONT_FACE", "GL_POLYGON_OFFSET_FACTOR",
        "GL_POLYGON_OFFSET_UNITS", "GL_SAMPLE_COVERAGE_VALUE", "GL_SAMPLE_COVERAGE_INVERT", "GL_LINE_WIDTH",
        "GL_PACK_ALIGNMENT", "GL_PACK_ROW_LENGTH", "GL_PACK_SKIP_ROWS", "GL_PACK_SKIP_PIXELS",
        "GL_UNPACK_ALIGNMENT", "GL_UNPACK_ROW_LENGTH", "GL_UNPACK_IMAGE_HEIGHT", "GL_UNPACK_SKIP_ROWS",
        "GL_UNPACK_SKIP_PIXELS", "GL_UNPACK_SKIP_IMAGES", "GL_SAMPLE_MASK (ES 3.1 and desktop)",
        "per draw buffer (ES 3.2 and desktop 4.0): GL_BLEND, the blend functions and equations, GL_COLOR_WRITEMASK",
        "desktop OpenGL only: GL_POLYGON_MODE, GL_FRAMEBUFFER_SRGB, GL_COLOR_LOGIC_OP, GL_POLYGON_SMOOTH, GL_CLIP_DISTANCE0...7",
    ]

    /// Records the current context's state; `desktop` for a desktop OpenGL context (polygon
    /// mode, sRGB framebuffers, logic op, clip distances, polygon smoothing and the sample mask
    /// too), `sampleMask` for an ES 3.1+ one, read through `gl` (the driver's table unless a
    /// context says otherwise). GL thread only.
    public static func capture(
        _ gl: any GLFunctions = SystemGL.shared, desktop: Bool = false, sampleMask hasSampleMask: Bool = false, indexedBlend: Bool = false
    ) -> GLStateSnapshot {
        var s = GLStateSnapshot()
        s.gl = gl
        // GL errors the host left pending are cleared, so they are not taken for Strata's.
        while gl.getError() != GLenum(GL_NO_ERROR) {}
        func int(_ name: Int32) -> GLint {
            var v: GLint = 0
            gl.getIntegerv(GLenum(name), &v)
            return v
        }
        func ints(_ name: Int32, _ count: Int) -> [GLint] {
            var v = [GLint](repeating: 0, count: count)
            gl.getIntegerv(GLenum(name), &v)
            return v
        }
        func floats(_ name: Int32, _ count: Int) -> [GLfloat] {
            var v = [GLfloat](repeating: 0, count: count)
            gl.getFloatv(GLenum(name), &v)
            return v
        }
        s.program = int(GL_CURRENT_PROGRAM)
        s.vertexArray = int(GL_VERTEX_ARRAY_BINDING)
        for i in s.buffers.indices { s.buffers[i].name = int(s.buffers[i].binding) }
        s.activeTexture = int(GL_ACTIVE_TEXTURE)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        s.texture2D = int(GL_TEXTURE_BINDING_2D)
        s.texture2DArray = int(GL_TEXTURE_BINDING_2D_ARRAY)
        s.texture3D = int(GL_TEXTURE_BINDING_3D)
        s.textureCube = int(GL_TEXTURE_BINDING_CUBE_MAP)
        s.sampler = int(GL_SAMPLER_BINDING)
        s.drawFramebuffer = int(GL_DRAW_FRAMEBUFFER_BINDING)
        s.readFramebuffer = int(GL_READ_FRAMEBUFFER_BINDING)
        s.renderbuffer = int(GL_RENDERBUFFER_BINDING)
        s.viewport = ints(GL_VIEWPORT, 4)
        s.scissorBox = ints(GL_SCISSOR_BOX, 4)
        for i in s.capabilities.indices { s.capabilities[i].on = gl.isEnabled(GLenum(s.capabilities[i].cap)) != 0 }
        s.blendFunc = [int(GL_BLEND_SRC_RGB), int(GL_BLEND_DST_RGB), int(GL_BLEND_SRC_ALPHA), int(GL_BLEND_DST_ALPHA)]
        s.blendEquation = [int(GL_BLEND_EQUATION_RGB), int(GL_BLEND_EQUATION_ALPHA)]
        s.blendColor = floats(GL_BLEND_COLOR, 4)
        gl.getBooleanv(GLenum(GL_COLOR_WRITEMASK), &s.colorMask)
        gl.getBooleanv(GLenum(GL_DEPTH_WRITEMASK), &s.depthMask)
        s.clearColor = floats(GL_COLOR_CLEAR_VALUE, 4)
        s.clearDepth = floats(GL_DEPTH_CLEAR_VALUE, 1)[0]
        s.clearStencil = int(GL_STENCIL_CLEAR_VALUE)
        s.depthFunc = int(GL_DEPTH_FUNC)
        s.depthRange = floats(GL_DEPTH_RANGE, 2)
        s.stencilFront = [
            GL_STENCIL_FUNC, GL_STENCIL_REF, GL_STENCIL_VALUE_MASK, GL_STENCIL_FAIL,
            GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS, GL_STENCIL_WRITEMASK,
        ].map(int)
        s.stencilBack = [
            GL_STENCIL_BACK_FUNC, GL_STENCIL_BACK_REF, GL_STENCIL_BACK_VALUE_MASK, GL_STENCIL_BACK_FAIL,
            GL_STENCIL_BACK_PASS_DEPTH_FAIL, GL_STENCIL_BACK_PASS_DEPTH_PASS, GL_STENCIL_BACK_WRITEMASK,
        ].map(int)
        s.cullFaceMode = int(GL_CULL_FACE_MODE)
        s.frontFace = int(GL_FRONT_FACE)
        s.polygonOffset = [floats(GL_POLYGON_OFFSET_FACTOR, 1)[0], floats(GL_POLYGON_OFFSET_UNITS, 1)[0]]
        var invert: GLboolean = 0
        gl.getBooleanv(GLenum(GL_SAMPLE_COVERAGE_INVERT), &invert)
        s.sampleCoverage = (floats(GL_SAMPLE_COVERAGE_VALUE, 1)[0], invert)
        s.lineWidth = floats(GL_LINE_WIDTH, 1)[0]
        for i in s.pixelStore.indices { s.pixelStore[i].value = int(s.pixelStore[i].name) }
        if indexedBlend {
            let count = max(1, min(Int(int(GL_MAX_DRAW_BUFFERS)), 16))
            s.drawBuffers = (0..<count).map { i in
                let index = GLuint(i)
                func indexed(_ name: Int32) -> GLint {
                    var v: GLint = 0
                    gl.getIntegeri_v(GLenum(name), index, &v)
                    return v
                }
                var mask = [GLboolean](repeating: 0, count: 4)
                gl.getBooleani_v(GLenum(GL_COLOR_WRITEMASK), index, &mask)
                return (
                    gl.isEnabledi(GLenum(GL_BLEND), index) != 0,
                    [indexed(GL_BLEND_SRC_RGB), indexed(GL_BLEND_DST_RGB), indexed(GL_BLEND_SRC_ALPHA), indexed(GL_BLEND_DST_ALPHA)],
                    [indexed(GL_BLEND_EQUATION_RGB), indexed(GL_BLEND_EQUATION_ALPHA)], mask
                )
            }
        }
        var extras = desktop ? desktopCapabilities : []
        if desktop || hasSampleMask { extras.append(sampleMask) }
        s.extraCapabilities = extras.map { ($0, gl.isEnabled(GLenum($0)) != 0) }
        if desktop, gl.hasEntryPoint("glPolygonMode") {
            var modes: [GLint] = [0, 0]
            gl.getIntegerv(GLenum(polygonModeName), &modes)
            s.polygonMode = modes[0]
        }
        while gl.getError() != GLenum(GL_NO_ERROR) {}  // a name the driver does not know: nothing to restore
        return s
    }

    /// Sets what Strata's GL code takes for granted and a host may have changed: texture unit 0
    /// active, no pixel buffers bound (uploads and read-backs use client memory), default
    /// pixel-store offsets, additive blend equations, no rasterizer discard, coverage or polygon
    /// offset. Call after `capture()`. GL thread only.
    public func prepareForStrata() {
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.bindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        gl.bindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        gl.bindSampler(0, 0)
        for name in [
            GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS, GL_PACK_SKIP_PIXELS, GL_UNPACK_ROW_LENGTH, GL_UNPACK_IMAGE_HEIGHT,
            GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_IMAGES,
        ] {
            gl.pixelStorei(GLenum(name), 0)
        }
        gl.pixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        gl.blendEquation(GLenum(GL_FUNC_ADD))
        for cap in [GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_COVERAGE, GL_POLYGON_OFFSET_FILL, GL_DEPTH_TEST, GL_CULL_FACE] {
            gl.disable(GLenum(cap))
        }
        for extra in extraCapabilities where extra.on { gl.disable(GLenum(extra.cap)) }
        if polygonMode != nil { gl.polygonMode(GLenum(GL_FRONT_AND_BACK), 0x1B02) }  // GL_FILL
    }

    /// Puts every recorded value back. GL thread only; the same context must be current.
    public func restore() {
        gl.bindVertexArray(GLuint(vertexArray))
        for b in buffers { gl.bindBuffer(GLenum(b.target), GLuint(b.name)) }
        gl.useProgram(GLuint(program))
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture2D))
        gl.bindTexture(GLenum(GL_TEXTURE_2D_ARRAY), GLuint(texture2DArray))
        gl.bindTexture(GLenum(GL_TEXTURE_3D), GLuint(texture3D))
        gl.bindTexture(GLenum(GL_TEXTURE_CUBE_MAP), GLuint(textureCube))
        gl.bindSampler(0, GLuint(sampler))
        gl.activeTexture(GLenum(activeTexture))
        gl.bindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(drawFramebuffer))
        gl.bindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(readFramebuffer))
        gl.bindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(renderbuffer))
        gl.viewport(viewport[0], viewport[1], viewport[2], viewport[3])
        gl.scissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3])
        for c in capabilities {
            if c.on { gl.enable(GLenum(c.cap)) } else { gl.disable(GLenum(c.cap)) }
        }
        gl.blendFuncSeparate(GLenum(blendFunc[0]), GLenum(blendFunc[1]), GLenum(blendFunc[2]), GLenum(blendFunc[3]))
        gl.blendEquationSeparate(GLenum(blendEquation[0]), GLenum(blendEquation[1]))
        gl.blendColor(blendColor[0], blendColor[1], blendColor[2], blendColor[3])
        gl.colorMask(colorMask[0], colorMask[1], colorMask[2], colorMask[3])
        gl.depthMask(depthMask)
        gl.clearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        gl.clearDepthf(clearDepth)
        gl.clearStencil(clearStencil)
        gl.depthFunc(GLenum(depthFunc))
        gl.depthRangef(depthRange[0], depthRange[1])
        for (face, s) in [(GL_FRONT, stencilFront), (GL_BACK, stencilBack)] {
            gl.stencilFuncSeparate(GLenum(face), GLenum(s[0]), s[1], GLuint(bitPattern: s[2]))
            gl.stencilOpSeparate(GLenum(face), GLenum(s[3]), GLenum(s[4]), GLenum(s[5]))
            gl.stencilMaskSeparate(GLenum(face), GLuint(bitPattern: s[6]))
        }
        gl.cullFace(GLenum(cullFaceMode))
        gl.frontFace(GLenum(frontFace))
        gl.polygonOffset(polygonOffset[0], polygonOffset[1])
        gl.sampleCoverage(sampleCoverage.value, sampleCoverage.invert)
        gl.lineWidth(lineWidth)
        for p in pixelStore { gl.pixelStorei(GLenum(p.name), p.value) }
        for extra in extraCapabilities where extra.on { gl.enable(GLenum(extra.cap)) }
        if let polygonMode { gl.polygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(polygonMode)) }
        // After the non-indexed calls above (which set every draw buffer): each buffer's own values.
        for (i, b) in drawBuffers.enumerated() {
            let index = GLuint(i)
            if b.blend { gl.enablei(GLenum(GL_BLEND), index) } else { gl.disablei(GLenum(GL_BLEND), index) }
            gl.blendFuncSeparatei(index, GLenum(b.funcs[0]), GLenum(b.funcs[1]), GLenum(b.funcs[2]), GLenum(b.funcs[3]))
            gl.blendEquationSeparatei(index, GLenum(b.equations[0]), GLenum(b.equations[1]))
            gl.colorMaski(index, b.mask[0], b.mask[1], b.mask[2], b.mask[3])
        }
    }
}
