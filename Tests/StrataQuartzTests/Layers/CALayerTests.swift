import Foundation
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// `CALayer`'s own documented rules, with no context and no GPU.
@MainActor
@Suite struct CALayerTests {
    @Test("opacity is clamped to 0...1 as Core Animation documents: 1.2 reads 1, -0.5 reads 0")
    func opacityIsClamped() {
        let layer = CALayer()
        layer.opacity = 1.2
        #expect(layer.opacity == 1)
        layer.opacity = -0.5
        #expect(layer.opacity == 0)
    }
}
