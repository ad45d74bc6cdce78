import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// Core Animation without UIKit: a `CAContext` over a recording sink (no GPU), layers added
/// under its root, committed by `CATransaction` as on Apple's platforms.
@MainActor
@Suite struct CAContextTests {
    @Test("A layer added under a 200×100 context's root at scale 2 arrives in one commit: created, set as a sublayer of the root, with its 40×30 bounds and red background")
    func aLayerUnderTheRootIsCommitted() async throws {
        let sink = RecordingCommitSink()
        let context = CAContext(size: CGSize(width: 200, height: 100), scale: 2, commitSink: sink)
        #expect(context.pixelSize == PixelSize(width: 400, height: 200))
        #expect(context.rootLayer.bounds == CGRect(x: 0, y: 0, width: 200, height: 100))
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.rootLayer.addSublayer(layer)
        CATransaction.flush()
        let operations = sink.commits.flatMap(\.operations)
        #expect(operations.contains(.createLayer(layer._id)))
        #expect(operations.contains(.setRoot(context.rootLayer._id)))
        #expect(
            operations.contains {
                if case .insertSublayer(layer._id, parent: context.rootLayer._id, _) = $0 { return true }
                return false
            })
        #expect(operations.contains(.set(layer._id, LayerProperty(.bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 30))))))
        #expect(operations.contains(.set(layer._id, LayerProperty(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0))))))
    }

    @Test("Frames advance the context's virtual 60 Hz clock: mediaTime is the next frame's time, 0, then 1/60 and 2/60 after two frames")
    func framesAdvanceTheClock() async throws {
        let context = CAContext(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())
        #expect(context.mediaTime == 0)
        _ = try await context.renderFrame(clearColor: .black, readBack: false)
        #expect(abs(context.mediaTime - 1.0 / 60) < 1e-12)
        _ = try await context.renderFrame(clearColor: .black, readBack: false)
        #expect(abs(context.mediaTime - 2.0 / 60) < 1e-12)
    }

    @Test(
        "A 0.5 s basic animation of opacity from 1 to 0, added to a layer in the context, begins at the first frame that shows it (1/60 s) and reads 0.5 in its presentation 15 frames (0.25 s) later"
    )
    func anAnimationRunsOnTheContextsClock() async throws {
        let context = CAContext(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())
        let layer = CALayer()
        context.rootLayer.addSublayer(layer)
        _ = try await context.renderFrame(clearColor: .black, readBack: false)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 0.5
        layer.add(fade, forKey: "fade")
        for _ in 0..<16 { _ = try await context.renderFrame(clearColor: .black, readBack: false) }
        let shown = try #require(layer.presentation()).opacity
        #expect(abs(shown - 0.5) < 0.001, "opacity \(shown) half way through (linear: the default timing)")
    }
}
