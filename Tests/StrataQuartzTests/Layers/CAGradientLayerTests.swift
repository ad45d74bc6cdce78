import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// `CAGradientLayer`: its defaults, and its axial, radial and conic gradients drawn by
/// `render(in:)` (pixels at named points, no GPU).
@MainActor
@Suite struct CAGradientLayerTests {
    let red = CGColor.red, blue = CGColor.blue

    func gradientLayer(_ colors: [Any]) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = colors
        return layer
    }

    @Test("CAGradientLayer's defaults: no colours or locations, start (0.5, 0), end (0.5, 1), axial, redrawn on resize")
    func gradientLayerDefaults() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0) && layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial && layer.needsDisplayOnBoundsChange)
    }

    @Test(
        "Scene: a 100×100 gradient layer red→blue, top to bottom (the default): red at (50, 0), half way at (50, 50), blue at (50, 99); left to right with start (0, 0.5), end (1, 0.5)"
    )
    func axialGradientLayer() throws {
        let layer = gradientLayer([red, blue])
        var image = try rendered(layer)
        expectPixel(image, 50, 0, RGBA8(254, 0, 1), tolerance: 3, "(50, 0): red")
        expectPixel(image, 50, 50, RGBA8(127, 0, 128), tolerance: 3, "(50, 50): half way")
        expectPixel(image, 50, 99, RGBA8(1, 0, 254), tolerance: 3, "(50, 99): blue")
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        image = try rendered(layer)
        expectPixel(image, 0, 50, RGBA8(254, 0, 1), tolerance: 3, "(0, 50): red")
        expectPixel(image, 99, 50, RGBA8(1, 0, 254), tolerance: 3, "(99, 50): blue")
        #expect(layer.presentation() == nil, "not on a screen")
    }

    @Test("Scene: locations [0, 0.2] red→blue: blue from y 20 on (the last colour continues); [0.5, 0.5] a hard edge at y 50")
    func gradientLayerLocations() throws {
        let layer = gradientLayer([red, blue])
        layer.locations = [0, 0.2]
        var image = try rendered(layer)
        expectPixel(image, 50, 10, RGBA8(121, 0, 134), tolerance: 3, "(50, 10): the pixel centre 10.5 is 0.525 of the way to 0.2")
        expectPixel(image, 50, 60, RGBA8(0, 0, 255), "(50, 60): past the last location")
        layer.locations = [0.5, 0.5]
        image = try rendered(layer)
        expectPixel(image, 50, 45, RGBA8(255, 0, 0), "(50, 45): above the edge")
        expectPixel(image, 50, 55, RGBA8(0, 0, 255), "(50, 55): below it")
    }

    @Test("Scene: radial red→blue from the centre (0.5, 0.5) to (1, 1): red at the centre, half way 25 points out, blue at (99, 50) and in the corner (98, 98)")
    func radialGradientLayer() throws {
        let layer = gradientLayer([red, blue])
        layer.type = .radial
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let image = try rendered(layer)
        expectPixel(image, 50, 50, RGBA8(255, 0, 0), tolerance: 6, "(50, 50): the centre")
        expectPixel(image, 75, 50, RGBA8(127, 0, 128), tolerance: 6, "(75, 50): half the radius")
        expectPixel(image, 99, 50, RGBA8(0, 0, 255), tolerance: 8, "(99, 50): the edge")
        expectPixel(image, 98, 98, RGBA8(0, 0, 255), "(98, 98): past the edge")
    }

    @Test("Scene: conic red→blue about the centre, starting towards (1, 0.5): red just below the +x axis, a quarter of the way (75 % red) straight down, half way straight left")
    func conicGradientLayer() throws {
        let layer = gradientLayer([red, blue])
        layer.type = .conic
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        let image = try rendered(layer)
        expectPixel(image, 90, 51, RGBA8(255, 0, 0), tolerance: 6, "(90, 51): just clockwise of the start")
        expectPixel(image, 50, 90, RGBA8(191, 0, 64), tolerance: 6, "(50, 90): a quarter turn")
        expectPixel(image, 10, 50, RGBA8(127, 0, 128), tolerance: 6, "(10, 50): half a turn")
    }
}
