import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// The presentation tree: what `presentation()` and `model()` return, as Core Animation
/// documents them, in a context over a recording sink (no GPU).
@MainActor
@Suite struct CALayerPresentationTests: RedSquareSuite {
    let fixture: ContextFixture
    let layer: CALayer

    init() throws { (fixture, layer) = try ContextFixture.redSquare() }

    @Test("presentation() belongs to the presentation tree: its superlayer is the root layer's presentation, its sublayers presentations showing animated values")
    func presentationTree() async throws {
        let child = CALayer()
        child.position = CGPoint(x: 5, y: 5)
        layer.addSublayer(child)
        child.add(basic("position.x", from: 0.0, to: 100.0), forKey: "move")
        try await present(through: 30)
        let shown = try shown()
        let sublayers = try #require(shown.sublayers)
        #expect(sublayers.count == 1)
        #expect(sublayers[0] !== child, "a presentation layer, not the model")
        #expect(abs(sublayers[0].position.x - 50) < 1e-9, "the sublayer shows its animation at 0.5 s")
        #expect(sublayers[0].superlayer === shown)
        let superlayer = try #require(shown.superlayer)
        #expect(superlayer !== root && superlayer.bounds == root.bounds)
        #expect(superlayer.sublayers?.contains { $0 === shown } == true)
        #expect(child.presentation() === sublayers[0], "one tree per frame")
        #expect(sublayers[0].model() === child && shown.model() === layer, "model() of a presentation layer is its model")
        #expect(child.model() === child, "model() of a model layer is itself")
    }
}
