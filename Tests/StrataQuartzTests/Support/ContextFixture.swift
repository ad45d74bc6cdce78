import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics

@_spi(Testing) import StrataQuartz

/// A layer context with no GPU and no UIKit: a `CAContext` of `size` points over a
/// `RecordingCommitSink` (frames advance its virtual 60 Hz clock, frame n at n/60 s, and draw
/// nothing), keeping every commit it sends. Main actor.
@MainActor
struct ContextFixture {
    let context: CAContext
    let sink = RecordingCommitSink()

    init(size: CGSize = CGSize(width: 100, height: 100), scale: CGFloat = 1) {
        context = CAContext(size: size, scale: scale, commitSink: sink)
    }

    /// The root layer, which layers are added under to be shown.
    var root: CALayer { context.rootLayer }
}

extension CAContext {
    /// Presents frames up to and including frame `n` of the virtual 60 Hz clock (frame n at
    /// n/60 s; the media time is the next frame's, so frames 0 ..< media time × 60 were presented).
    func present(through n: Int) async throws {
        while Int((mediaTime * 60).rounded()) <= n { _ = try await renderFrame(clearColor: .black, readBack: false) }
    }
}
