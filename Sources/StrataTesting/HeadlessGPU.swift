import Foundation
import StrataGL
import Testing

// Whether this machine can render: tests that need EGL carry the `gpu` tag and the `requiresGPU`
// condition, so `swift test` on a machine without Mesa (or any EGL driver) passes with them
// skipped and says why.

/// The answer to one question, asked once per process: does a headless EGL display open here,
/// and does it give an OpenGL ES 3 context?
///
/// Any thread. The probe opens the display Strata itself would open (`EGLConnection.open()`, so
/// `STRATA_EGL_PLATFORM` is honoured), creates a GLES 3 context on a thread of its own, reads the
/// driver's information and destroys the context. The display stays open, as Strata's always do.
public enum HeadlessGPU {
    /// The context's driver information, or why no context opened.
    public static let probe: Result<GLInfo, ProbeFailure> = {
        do {
            return .success(
                try onHostThread {
                    let context = try GLContext(connection: EGLConnection.open())
                    defer { context.destroy() }
                    return context.info
                })
        } catch {
            return .failure(ProbeFailure(description: "no headless EGL + OpenGL ES 3 context opens on this machine: \(error)"))
        }
    }()

    /// Why the probe failed, as the skip comment of every test that needs the GPU.
    public struct ProbeFailure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Whether a headless EGL + OpenGL ES 3 context opens on this machine.
    public static var isAvailable: Bool { info != nil }

    /// The driver's information, when a context opened.
    public static var info: GLInfo? { try? probe.get() }

    /// Why tests that need the GPU are skipped, or nil when they run.
    public static var unavailableReason: String? {
        if case .failure(let failure) = probe { return failure.description }
        return nil
    }
}

extension Tag {
    /// Tests that need EGL: a real GLES 3 context, a compositor, or programs that render.
    /// Pair it with the `requiresGPU` condition (`.tags(.gpu), .requiresGPU`).
    @Tag public static var gpu: Self
}

extension Trait where Self == ConditionTrait {
    /// Enables a test or suite only where a headless EGL + OpenGL ES 3 context opens
    /// (`HeadlessGPU.isAvailable`); elsewhere it is skipped with the probe's failure as the reason.
    public static var requiresGPU: Self {
        .enabled(if: HeadlessGPU.isAvailable, Comment(rawValue: HeadlessGPU.unavailableReason ?? "a headless EGL + OpenGL ES 3 context opens"))
    }

    /// Enables a test only where the probe's context is OpenGL ES 3.2 or later, which has debug
    /// labels (`glObjectLabel`); elsewhere it is skipped, saying so (or why no context opened).
    public static var requiresGPUDebugLabels: Self {
        let reason: String
        if let info = HeadlessGPU.info {
            reason = "the driver (\(info.renderer), \(info.version)) is older than OpenGL ES 3.2 and has no debug labels"
        } else {
            reason = HeadlessGPU.unavailableReason ?? "no GPU"
        }
        return .enabled(if: HeadlessGPU.info?.hasDebugLabels == true, Comment(rawValue: reason))
    }
}
