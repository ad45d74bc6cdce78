import Foundation
import StrataCore
import StrataGL

// Overall design: GBM output is embedding with Strata as its own host. The output opens the DRM
// render node's EGL display, makes a GBM surface of the frame size with a window surface on it,
// creates a GLES 3 context current on the calling thread (StrataGL's `GBMSurface`), and embeds a
// `HostRenderer` in that context. Each frame is drawn into the surface's default framebuffer,
// swapped, and the front buffer object is locked and handed out as a dma-buf (file descriptor,
// format, modifier, stride, offset) for KMS scan-out or another process. The buffer goes back to
// the surface when released.

/// One frame rendered into a GBM buffer object, exported as a dma-buf.
///
/// Thread rule: release it on the output's thread. The surface has a few buffers: release each
/// frame once its consumer is done with it, or rendering stops with `GBMError.noFreeBuffer`.
public final class GBMFrame {
    /// The buffer object the frame was drawn into, as a dma-buf.
    public let buffer: GBMBuffer
    /// The frame's statistics.
    public let statistics: FrameStatistics

    /// The dma-buf file descriptor (owned by the frame: closed on release; `dup` it to keep it).
    public var fd: Int32 { buffer.fd }
    /// The size in pixels.
    public var width: Int { buffer.width }
    public var height: Int { buffer.height }
    /// Bytes between rows of plane 0.
    public var stride: Int { buffer.planes[0].stride }
    /// Where plane 0 starts in the buffer.
    public var offset: Int { buffer.planes[0].offset }
    /// Every plane's stride and offset (one plane for the formats Strata renders; more with some modifiers).
    public var planes: [(stride: Int, offset: Int)] { buffer.planes }
    /// The DRM fourcc format, such as `DRM_FORMAT_ARGB8888` ('AR24').
    public var format: UInt32 { buffer.format }
    /// The DRM format modifier (`DRM_FORMAT_MOD_LINEAR` is 0; `DRM_FORMAT_MOD_INVALID` when the driver does not say).
    public var modifier: UInt64 { buffer.modifier }
    /// The number of planes (1 for the formats Strata renders).
    public var planeCount: Int { buffer.planeCount }

    /// The format as its four characters, such as "AR24".
    public var formatName: String {
        String((0..<4).map { Character(Unicode.Scalar(UInt8((format >> ($0 * 8)) & 0xFF))) })
    }

    init(buffer: GBMBuffer, statistics: FrameStatistics) {
        self.buffer = buffer
        self.statistics = statistics
    }

    /// Gives the buffer back to the surface (unless the output was closed first) and closes the
    /// descriptor. Idempotent.
    public func release() { buffer.release() }
}

/// Renders a layer tree into buffer objects of a GBM surface on a DRM render node and hands each
/// frame out as a dma-buf.
///
/// Thread rule: create it, render and release frames on one thread; its GL context is current
/// there from creation until `close()`. Commits reach its `compositor` from any thread.
public final class GBMOutput {
    /// The frame size in pixels.
    public let size: PixelSize
    /// The render node in use, such as `/dev/dri/renderD128`.
    public var node: String { surface.node }
    /// Submit commits here (or give it to a `UIScreen`).
    public var compositor: HostCompositor { renderer.compositor }
    private let surface: GBMSurface
    private let renderer: HostRenderer
    private var closed = false
    private let owner = ThreadOwner()
    /// Frames handed out and perhaps not released, detached when the output closes.
    private var frames: [WeakFrame] = []
    private struct WeakFrame { weak var frame: GBMFrame? }

    /// Opens the first DRM render node and a `size` GBM surface of `DRM_FORMAT_ARGB8888` buffers.
    /// - Parameters:
    ///   - modifiers: the DRM format modifiers the frames' consumer accepts (a KMS plane's, or
    ///     another device's importer's); empty lets the driver choose (the frame says which).
    ///   - scanout: whether the buffers must be displayable by KMS (`GBM_BO_USE_SCANOUT`; a
    ///     render-only device may refuse).
    /// - Throws: `GLError.noRenderNode` when `/dev/dri/renderD*` does not exist (saying so),
    ///   `GLError.sizeOutOfRange`, `GBMError.callFailed`, or the EGL call that failed.
    public init(size: PixelSize, modifiers: [UInt64] = [], scanout: Bool = false, clock: FrameClock = .virtual60) throws {
        surface = try GBMSurface(width: size.width, height: size.height, modifiers: modifiers, scanout: scanout)
        self.size = size
        do {
            renderer = try HostRenderer(clock: clock)
        } catch {
            surface.destroy()
            throw error
        }
    }

    /// Draws the tree into the surface's next buffer, cleared to `clearColor` first, and returns
    /// it as a dma-buf. Output thread only.
    /// - Throws: `GBMError.noFreeBuffer` when every buffer is held by an unreleased frame, the
    ///   render's errors, or the EGL call that failed.
    public func render(clearColor: Color = .clear, time: Double? = nil) throws -> GBMFrame {
        owner.preconditionCurrent("GBMOutput.render")
        precondition(!closed, "GBMOutput.render after close()")
        guard surface.hasFreeBuffers else { throw GBMError.noFreeBuffer }
        try surface.makeCurrent()
        let statistics = try renderer.render(
            into: HostFramebuffer(framebuffer: 0, viewport: PixelRect(x: 0, y: 0, width: size.width, height: size.height)),
            clearingTo: clearColor, time: time)
        let frame = GBMFrame(buffer: try surface.swapAndLockFrontBuffer(), statistics: statistics)
        frames.removeAll { $0.frame == nil }
        frames.append(WeakFrame(frame: frame))
        return frame
    }

    /// Frees Strata's GL objects, the context and the surfaces. Release every frame first.
    /// Output thread only; idempotent.
    public func close() {
        owner.preconditionCurrent("GBMOutput.close")
        guard !closed else { return }
        closed = true
        for entry in frames { entry.frame?.buffer.detach() }
        frames = []
        try? surface.makeCurrent()
        renderer.release()
        surface.destroy()
    }

    deinit {
        // GL and EGL calls belong to the output's thread; elsewhere the objects are left (logged by HostRenderer).
        if owner.isCurrent { close() }
    }
}
