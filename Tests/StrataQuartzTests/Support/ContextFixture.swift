import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// A layer context with no UIKit: a `CAContext` of `size` points whose root layer is white, over
/// a `RecordingCommitSink` (frames advance its virtual 60 Hz clock, frame n at n/60 s, and draw
/// nothing) or, with `gpu`, a compositor of its own (pixels read back). Every commit it sends is
/// kept in order. Main actor.
@MainActor
final class ContextFixture {
    let context: CAContext
    /// Every commit the context sent, in order.
    private(set) var commits: [Commit] = []

    init(size: CGSize = CGSize(width: 100, height: 100), scale: CGFloat = 1, gpu: Bool = false) throws {
        context = CAContext(size: size, scale: scale, commitSink: gpu ? try Compositor() : RecordingCommitSink())
        context.rootLayer.backgroundColor = CGColor.white
        context.commitObserver = { [weak self] in self?.commits.append($0) }
    }

    /// The root layer, which layers are added under to be shown.
    var root: CALayer { context.rootLayer }

    /// A layer of `size` points at the origin, under `parent` (the root when nil).
    func layer(_ size: Double = 10, under parent: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        (parent ?? root).addSublayer(layer)
        return layer
    }

    /// Commits this turn's changes, renders a frame and reads it back.
    func render() async throws -> RGBAImage {
        try #require(try await context.renderFrame(clearColor: .black).image)
    }

    /// Renders frames `start`, `start + 1`, … through frame `index` (advancing `start` past it)
    /// and returns the last one, read back.
    func renderUntil(frame index: Int, from start: inout Int) async throws -> RGBAImage {
        try await context.renderUntil(frame: index, from: &start)
    }

    /// Shuts the compositor down (if the context has one) and expects no GL object to outlive it.
    func finish() async { await context.finishCompositor() }
}

extension CGColor {
    /// Opaque red, green and blue, as the tests name them (Core Graphics names only black, white
    /// and clear).
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
}

/// A suite of tests over one layer in a context: `layer`, 40×40 red at position (50, 50) under
/// the white root of a 100×100 context over a recording sink (see `ContextFixture.redSquare()`).
@MainActor
protocol RedSquareSuite {
    var fixture: ContextFixture { get }
    /// The layer under test.
    var layer: CALayer { get }
}

extension RedSquareSuite {
    /// The context the layer is shown in.
    var context: CAContext { fixture.context }
    /// The context's root layer.
    var root: CALayer { fixture.root }
    /// Presents frames up to and including frame `n` (at n/60 s).
    func present(through n: Int) async throws { try await context.present(through: n) }

    /// The layer's presentation (it has one once a frame is presented).
    func shown() throws -> CALayer { try #require(layer.presentation()) }

    /// A basic animation of `keyPath` from `from` to `to` over `duration` seconds (linear, Core
    /// Animation's default).
    func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return animation
    }
}

extension ContextFixture {
    /// A fixture over a recording sink (no GPU) and a 40×40 red layer at position (50, 50) under
    /// its root.
    static func redSquare() throws -> (ContextFixture, CALayer) {
        let fixture = try ContextFixture()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 50, y: 50)
        layer.backgroundColor = CGColor.red
        fixture.root.addSublayer(layer)
        return (fixture, layer)
    }
}
