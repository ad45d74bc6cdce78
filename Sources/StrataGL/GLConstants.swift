import CGLES3

/// The OpenGL ES constants the compositor names, so that it calls `GLFunctions` without importing
/// the C headers. Each is the C constant of the same words (`GL.oneMinusSrcAlpha` is
/// `GL_ONE_MINUS_SRC_ALPHA`), typed as the GL parameter it is passed for: `GLenum` (`UInt32`)
/// unless it says otherwise.
public enum GL {
    // MARK: Booleans (GLboolean)

    /// `GL_TRUE` as a `GLboolean`.
    public static let booleanTrue = GLboolean(GL_TRUE)
    /// `GL_FALSE` as a `GLboolean`.
    public static let booleanFalse = GLboolean(GL_FALSE)

    // MARK: Errors and statuses

    public static let noError = GLenum(GL_NO_ERROR)
    public static let invalidValue = GLenum(GL_INVALID_VALUE)
    public static let invalidOperation = GLenum(GL_INVALID_OPERATION)
    public static let outOfMemory = GLenum(GL_OUT_OF_MEMORY)
    public static let framebufferComplete = GLenum(GL_FRAMEBUFFER_COMPLETE)

    // MARK: Capabilities

    public static let blend = GLenum(GL_BLEND)
    public static let cullFace = GLenum(GL_CULL_FACE)
    public static let depthTest = GLenum(GL_DEPTH_TEST)
    public static let scissorTest = GLenum(GL_SCISSOR_TEST)
    public static let stencilTest = GLenum(GL_STENCIL_TEST)

    // MARK: Clearing (GLbitfield)

    public static let colorBufferBit = GLbitfield(GL_COLOR_BUFFER_BIT)
    public static let stencilBufferBit = GLbitfield(GL_STENCIL_BUFFER_BIT)

    // MARK: Blending and stencil

    public static let zero = GLenum(GL_ZERO)
    public static let one = GLenum(GL_ONE)
    public static let srcAlpha = GLenum(GL_SRC_ALPHA)
    public static let oneMinusSrcAlpha = GLenum(GL_ONE_MINUS_SRC_ALPHA)
    public static let keep = GLenum(GL_KEEP)
    public static let incr = GLenum(GL_INCR)
    public static let decr = GLenum(GL_DECR)
    public static let equal = GLenum(GL_EQUAL)

    // MARK: Drawing, buffers and textures

    public static let triangleStrip = GLenum(GL_TRIANGLE_STRIP)
    public static let float = GLenum(GL_FLOAT)
    public static let unsignedByte = GLenum(GL_UNSIGNED_BYTE)
    public static let rgba = GLenum(GL_RGBA)
    public static let arrayBuffer = GLenum(GL_ARRAY_BUFFER)
    public static let streamDraw = GLenum(GL_STREAM_DRAW)
    public static let texture0 = GLenum(GL_TEXTURE0)
    public static let texture2D = GLenum(GL_TEXTURE_2D)
    public static let textureMinFilter = GLenum(GL_TEXTURE_MIN_FILTER)
    public static let textureMagFilter = GLenum(GL_TEXTURE_MAG_FILTER)
    public static let textureWrapS = GLenum(GL_TEXTURE_WRAP_S)
    public static let textureWrapT = GLenum(GL_TEXTURE_WRAP_T)
    /// `GL_LINEAR` as a texture or sampler parameter's value (`GLint`).
    public static let linear = GLint(GL_LINEAR)
    /// `GL_CLAMP_TO_EDGE` as a texture or sampler parameter's value (`GLint`).
    public static let clampToEdge = GLint(GL_CLAMP_TO_EDGE)
    public static let packAlignment = GLenum(GL_PACK_ALIGNMENT)

    // MARK: Framebuffers

    public static let framebuffer = GLenum(GL_FRAMEBUFFER)
    public static let readFramebuffer = GLenum(GL_READ_FRAMEBUFFER)
    public static let stencil = GLenum(GL_STENCIL)
    public static let stencilAttachment = GLenum(GL_STENCIL_ATTACHMENT)
    public static let framebufferAttachmentObjectType = GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE)
    public static let framebufferAttachmentStencilSize = GLenum(GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE)
    /// `GL_NONE` as a queried attachment type (`GLint`).
    public static let none = GLint(GL_NONE)

    // MARK: Queries and synchronisation

    /// `GL_TIME_ELAPSED_EXT` (`GL_EXT_disjoint_timer_query`).
    public static let timeElapsed = GLenum(0x88BF)
    /// `GL_GPU_DISJOINT_EXT` (`GL_EXT_disjoint_timer_query`).
    public static let gpuDisjoint = GLenum(0x8FBB)
    public static let queryResult = GLenum(GL_QUERY_RESULT)
    public static let syncGPUCommandsComplete = GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE)
    /// `GL_TIMEOUT_IGNORED` as a `GLuint64` timeout.
    public static let timeoutIgnored = GLuint64(GL_TIMEOUT_IGNORED)
}
