import CEGL
import CGLES3
import Foundation
import StrataCore

// A host application in miniature, shared by the embedding tests: its own EGL context on its own
// thread, its own framebuffer and its own drawing. Everything GL here is the host's raw code.

/// Runs `body` on a new thread (a host's GL thread) and returns its result. The thread releases
/// its EGL state (`eglReleaseThread`, which unbinds a context `body` left current without
/// destroying it) before it ends, as a well-behaved host thread does: a context still bound to
/// a thread that has ended can be made current nowhere else, so it could never be destroyed.
public func onHostThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Result { try body() }
        _ = eglReleaseThread()
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    done.wait()
    return try box.result!.get()
}

/// The host's own EGL context (surfaceless, OpenGL ES 3), current on the calling thread.
public struct HostContext {
    public let display: EGLDisplay
    public let context: EGLContext

    /// Creates the context and makes it current.
    public init() throws {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil),
            eglInitialize(display, nil, nil) == EGL_TRUE
        else { throw HostTestError("no surfaceless EGL display") }
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = eglCreateContext(display, nil, nil, attributes),
            eglMakeCurrent(display, nil, nil, context) == EGL_TRUE
        else { throw HostTestError("no GLES 3 context") }
        (self.display, self.context) = (display, context)
    }

    /// Releases the context (current on the calling thread).
    public func destroy() {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }
}

/// A host test's own failure, with its message.
public struct HostTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}

/// A host framebuffer object: an RGBA8 colour renderbuffer and, optionally, depth and stencil.
public struct HostFramebufferObject {
    public var name: GLuint = 0
    public var color: GLuint = 0
    public var depthStencil: GLuint = 0
    public let width: Int, height: Int

    /// Creates the framebuffer and leaves it bound.
    public init(width: Int, height: Int, stencil: Bool = true) {
        (self.width, self.height) = (width, height)
        glGenFramebuffers(1, &name)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        glGenRenderbuffers(1, &color)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        if stencil {
            glGenRenderbuffers(1, &depthStencil)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
        }
    }

    /// The whole framebuffer, read back top row first (GL stores the bottom row first).
    public func read() -> RGBAImage {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), name)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        return RGBAImage(size: PixelSize(width: width, height: height), bottomRowFirst: pixels)
    }

    /// Deletes the framebuffer and its renderbuffers.
    public func delete() {
        var n = name, c = color, d = depthStencil
        glDeleteFramebuffers(1, &n)
        glDeleteRenderbuffers(1, &c)
        if d != 0 { glDeleteRenderbuffers(1, &d) }
    }
}

/// The host's own drawing: the framebuffer cleared to blue, then a yellow band over its bottom
/// eighth (scissored clears: the host's pixels, not Strata's).
public func drawHostScene(_ fbo: HostFramebufferObject) {
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo.name)
    glDisable(GLenum(GL_SCISSOR_TEST))
    glClearColor(0, 0, 1, 1)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    glEnable(GLenum(GL_SCISSOR_TEST))
    glScissor(0, 0, GLsizei(fbo.width), GLsizei(fbo.height / 8))
    glClearColor(1, 1, 0, 1)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    glDisable(GLenum(GL_SCISSOR_TEST))
}

/// A thread's result, handed to the thread waiting for it.
final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// A host application's render loop on its own thread: each turn it draws its own scene (blue,
/// with a yellow bottom band) into a framebuffer of its own, then calls `frame` (which embeds
/// Strata), until stopped. `setUp` runs once on that thread, with the context current, and returns
/// what `frame` needs (a `HostRenderer`, for one).
public final class HostLoop<State>: @unchecked Sendable {
    /// Whether the loop was asked to stop, and the frames drawn, shared with the loop's thread.
    private let shared = Locked((stopped: false, count: 0))
    private let finished = DispatchSemaphore(value: 0)
    private let started = DispatchSemaphore(value: 0)
    private var setUpResult: Result<Void, any Error> = .success(())
    /// The framebuffer the host draws into.
    public private(set) var framebuffer: GLuint = 0
    /// What `setUp` returned (for the thread that started the loop to read Sendable parts of).
    public private(set) var state: State?
    /// Frames drawn so far.
    public var frames: Int { shared.withLock { $0.count } }

    /// Starts the loop; returns once `setUp` has run (rethrowing its error).
    public init(
        width: Int, height: Int, setUp: @escaping @Sendable () throws -> State,
        frame: @escaping @Sendable (State, HostFramebufferObject) -> Void,
        tearDown: @escaping @Sendable (State) -> Void
    ) throws {
        let thread = Thread { [self] in
            let state: State
            let host: HostContext
            let fbo: HostFramebufferObject
            do {
                host = try HostContext()
                fbo = HostFramebufferObject(width: width, height: height)
                framebuffer = fbo.name
                state = try setUp()
                self.state = state
            } catch {
                setUpResult = .failure(error)
                started.signal()
                finished.signal()
                return
            }
            started.signal()
            while !shared.withLock({ $0.stopped }) {
                drawHostScene(fbo)
                frame(state, fbo)
                shared.withLock { $0.count += 1 }
                usleep(1000)
            }
            tearDown(state)
            fbo.delete()
            host.destroy()
            finished.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        started.wait()
        try setUpResult.get()
    }

    /// Stops the loop and waits until the thread has torn down.
    public func stop() {
        shared.withLock { $0.stopped = true }
        finished.wait()
    }
}
