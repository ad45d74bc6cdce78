import CEGL

/// What EGL has current on the calling thread (display, draw and read surfaces, context): saved
/// before Strata makes its own context current in a host's thread, and made current again after,
/// as GL state snapshots do for the host's GL state. A plain value; the thread that saved it
/// restores it.
public struct EGLCurrentContext {
    /// The current display, or nil when nothing is current.
    public let display: EGLDisplay?
    let draw: EGLSurface?, read: EGLSurface?
    /// The current context, or nil when nothing is current.
    public let context: EGLContext?

    /// What is current now (`eglGetCurrentDisplay`, `eglGetCurrentSurface`, `eglGetCurrentContext`).
    public static func save() -> EGLCurrentContext {
        EGLCurrentContext(
            display: eglGetCurrentDisplay(), draw: eglGetCurrentSurface(EGL_DRAW), read: eglGetCurrentSurface(EGL_READ),
            context: eglGetCurrentContext())
    }

    /// Whether a context was current when saved.
    public var hadContext: Bool { display != nil && context != nil }

    /// Whether `other` saved the same context (both none counts as the same).
    public func hasSameContext(as other: EGLCurrentContext) -> Bool { context == other.context }

    /// Makes the saved display, surfaces and context current again; when none was, releases
    /// `fallback`'s current context, if given. Returns whether EGL accepted it.
    @discardableResult
    public func restore(releasingOn fallback: EGLConnection? = nil) -> Bool {
        if let display, let context { return eglMakeCurrent(display, draw, read, context) == EGLBoolean(EGL_TRUE) }
        if let fallback { return eglMakeCurrent(fallback.display, nil, nil, nil) == EGLBoolean(EGL_TRUE) }
        return true
    }
}
