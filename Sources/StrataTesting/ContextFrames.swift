import StrataCompositor
import StrataCore
import StrataQuartz
import Testing

// Frames of a layer context on the virtual 60 Hz clock (frame n at n/60 s), as the model's tests
// drive them: through a `CAContext` directly or through a screen's. Main actor.

extension CAContext {
    /// Presents frames up to and including frame `n` of the virtual 60 Hz clock (the media time
    /// is the next frame's, so frames 0 ..< media time × 60 were presented), reading none back.
    public func present(through n: Int) async throws {
        while Int((mediaTime * 60).rounded()) <= n { _ = try await renderFrame(clearColor: .black, readBack: false) }
    }

    /// Renders frames `start`, `start + 1`, … through frame `index` (advancing `start` past it)
    /// and returns the last one, the only one read back.
    public func renderUntil(frame index: Int, from start: inout Int) async throws -> RGBAImage {
        var image: RGBAImage?
        while start <= index {
            image = try await renderFrame(clearColor: .black, readBack: start == index).image
            start += 1
        }
        return try #require(image)
    }

    /// Shuts the context's compositor down (if its commits go to one) and expects no GL object
    /// to outlive it.
    public func finishCompositor() async {
        guard let compositor = commitSink as? Compositor else { return }
        let leaked = await compositor.shutdown()
        #expect(leaked.total == 0, "GL objects outlived the compositor: \(leaked)")
    }
}
