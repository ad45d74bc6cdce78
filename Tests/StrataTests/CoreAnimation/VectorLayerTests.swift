import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Core Graphics' gradients (`CGGradient`, `drawLinearGradient`, `drawRadialGradient`) and the
/// layers drawn from vectors (`CAGradientLayer`, `CAShapeLayer`): pixels of CPU drawings at named
/// points (no GPU), then one scene composited on the GPU.
@MainActor
@Suite struct VectorLayerTests {
    /// Draws `body` into a `size` image at scale 1 and returns its pixels.
    func draw(_ size: CGSize = CGSize(width: 100, height: 100), _ body: (CGContext) -> Void) throws -> RGBAImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: size, format: format).image { body($0.cgContext) }
        return try #require(image.cgImage?.image)
    }

    /// `layer` drawn by `render(in:)` into a 100×100 image.
    func render(_ layer: CALayer) throws -> RGBAImage { try draw { layer.render(in: $0) } }

    let red = UIColor.red.cgColor, blue = UIColor.blue.cgColor
    let clear = RGBA8(0, 0, 0, 0)

    func redToBlue(_ locations: [CGFloat]? = nil) throws -> CGGradient {
        try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue] as CFArray, locations: locations))
    }

    // MARK: CGGradient

    @Test("Scene: 100×10, linear red→blue from x 0 to 100: red at x 0, half and half at x 50, blue at x 99")
    func linearGradientAcross() throws {
        let gradient = try redToBlue()
        let image = try draw(CGSize(width: 100, height: 10)) { $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: []) }
        expectPixel(image, 0, 5, RGBA8(254, 0, 1), tolerance: 3, "(0, 5): red")
        expectPixel(image, 50, 5, RGBA8(127, 0, 128), tolerance: 3, "(50, 5): half way")
        expectPixel(image, 99, 5, RGBA8(1, 0, 254), tolerance: 3, "(99, 5): blue")
    }

    @Test(
        "Scene: 100×10, linear red→blue from x 20 to 80: x 10 and 90 clear without options, red and blue with both; only drawsAfterEndLocation paints x 90 blue and leaves x 10 clear"
    )
    func linearGradientEnds() throws {
        let gradient = try redToBlue()
        func image(_ options: CGGradientDrawingOptions) throws -> RGBAImage {
            try draw(CGSize(width: 100, height: 10)) { $0.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: options) }
        }
        let none = try image([]), both = try image([.drawsBeforeStartLocation, .drawsAfterEndLocation]), after = try image(.drawsAfterEndLocation)
        expectPixel(none, 10, 5, clear, "no options, (10, 5): before the start")
        expectPixel(none, 90, 5, clear, "no options, (90, 5): past the end")
        expectPixel(both, 10, 5, RGBA8(255, 0, 0), "both, (10, 5): red")
        expectPixel(both, 90, 5, RGBA8(0, 0, 255), "both, (90, 5): blue")
        expectPixel(after, 10, 5, clear, "after only, (10, 5)")
        expectPixel(after, 90, 5, RGBA8(0, 0, 255), "after only, (90, 5)")
        expectPixel(after, 50, 5, RGBA8(127, 0, 128), tolerance: 3, "after only, (50, 5): half way")
    }

    @Test(
        "Scene: 100×100, radial white→black from the centre (radius 0) to radius 40: white at the centre, mid grey 20 points out, clear 45 out without options, black with drawsAfterEndLocation"
    )
    func radialGradient() throws {
        let gradient = try #require(
            CGGradient(colorsSpace: nil, colors: [UIColor.white.cgColor, UIColor.black.cgColor] as CFArray, locations: [0, 1]))
        let centre = CGPoint(x: 50, y: 50)
        let none = try draw { $0.drawRadialGradient(gradient, startCenter: centre, startRadius: 0, endCenter: centre, endRadius: 40, options: []) }
        let after = try draw {
            $0.drawRadialGradient(gradient, startCenter: centre, startRadius: 0, endCenter: centre, endRadius: 40, options: .drawsAfterEndLocation)
        }
        expectPixel(none, 50, 50, RGBA8(255, 255, 255), tolerance: 5, "(50, 50): the centre")
        expectPixel(none, 70, 50, RGBA8(127, 127, 127), tolerance: 5, "(70, 50): half way out")
        expectPixel(none, 95, 50, clear, "(95, 50): outside, no options")
        expectPixel(after, 95, 50, RGBA8(0, 0, 0), "(95, 50): outside, drawsAfterEndLocation")
    }

    @Test("A gradient of no colours or of something other than CGColor is nil; component colours make one")
    func gradientInputs() {
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [UIColor.red] as CFArray, locations: nil) == nil)
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 2) != nil)
    }

    // MARK: CAGradientLayer

    @Test("CAGradientLayer's defaults: no colours or locations, start (0.5, 0), end (0.5, 1), axial, redrawn on resize")
    func gradientLayerDefaults() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0) && layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial && layer.needsDisplayOnBoundsChange)
    }

    func gradientLayer(_ colors: [Any]) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = colors
        return layer
    }

    @Test(
        "Scene: a 100×100 gradient layer red→blue, top to bottom (the default): red at (50, 0), half way at (50, 50), blue at (50, 99); left to right with start (0, 0.5), end (1, 0.5)"
    )
    func axialGradientLayer() throws {
        let layer = gradientLayer([red, blue])
        var image = try render(layer)
        expectPixel(image, 50, 0, RGBA8(254, 0, 1), tolerance: 3, "(50, 0): red")
        expectPixel(image, 50, 50, RGBA8(127, 0, 128), tolerance: 3, "(50, 50): half way")
        expectPixel(image, 50, 99, RGBA8(1, 0, 254), tolerance: 3, "(50, 99): blue")
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        image = try render(layer)
        expectPixel(image, 0, 50, RGBA8(254, 0, 1), tolerance: 3, "(0, 50): red")
        expectPixel(image, 99, 50, RGBA8(1, 0, 254), tolerance: 3, "(99, 50): blue")
        #expect(layer.presentation() == nil, "not on a screen")
    }

    @Test("Scene: locations [0, 0.2] red→blue: blue from y 20 on (the last colour continues); [0.5, 0.5] a hard edge at y 50")
    func gradientLayerLocations() throws {
        let layer = gradientLayer([red, blue])
        layer.locations = [0, 0.2]
        var image = try render(layer)
        expectPixel(image, 50, 10, RGBA8(121, 0, 134), tolerance: 3, "(50, 10): the pixel centre 10.5 is 0.525 of the way to 0.2")
        expectPixel(image, 50, 60, RGBA8(0, 0, 255), "(50, 60): past the last location")
        layer.locations = [0.5, 0.5]
        image = try render(layer)
        expectPixel(image, 50, 45, RGBA8(255, 0, 0), "(50, 45): above the edge")
        expectPixel(image, 50, 55, RGBA8(0, 0, 255), "(50, 55): below it")
    }

    @Test("Scene: radial red→blue from the centre (0.5, 0.5) to (1, 1): red at the centre, half way 25 points out, blue at (99, 50) and in the corner (98, 98)")
    func radialGradientLayer() throws {
        let layer = gradientLayer([red, blue])
        layer.type = .radial
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let image = try render(layer)
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
        let image = try render(layer)
        expectPixel(image, 90, 51, RGBA8(255, 0, 0), tolerance: 6, "(90, 51): just clockwise of the start")
        expectPixel(image, 50, 90, RGBA8(191, 0, 64), tolerance: 6, "(50, 90): a quarter turn")
        expectPixel(image, 10, 50, RGBA8(127, 0, 128), tolerance: 6, "(10, 50): half a turn")
    }

    @Test("UIColors instead of CGColors in colors draw no gradient (as on iOS); the background still shows")
    func gradientLayerOfUIColorsDrawsNothing() throws {
        let layer = gradientLayer([UIColor.red, UIColor.blue])
        layer.backgroundColor = UIColor.green.cgColor
        let image = try render(layer)
        expectPixel(image, 50, 50, RGBA8(0, 255, 0), "(50, 50): the background")
    }

    // MARK: CAShapeLayer

    @Test("CAShapeLayer's defaults: no path, black fill, no stroke, line width 1, butt caps, miter joins, miter limit 10, non-zero rule, stroke 0...1, no dashes")
    func shapeLayerDefaults() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil && layer.fillColor == UIColor.black.cgColor && layer.strokeColor == nil)
        #expect(layer.lineWidth == 1 && layer.lineCap == .butt && layer.lineJoin == .miter && layer.miterLimit == 10)
        #expect(layer.fillRule == .nonZero && layer.strokeStart == 0 && layer.strokeEnd == 1)
        #expect(layer.lineDashPattern == nil && layer.lineDashPhase == 0)
    }

    /// A 100×100 host layer holding a shape layer of zero bounds at the origin (drawing around
    /// its position, as UIKit programs usually place them).
    func hostedShape(_ configure: (CAShapeLayer) -> Void) -> (host: CALayer, shape: CAShapeLayer) {
        let host = CALayer()
        host.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let shape = CAShapeLayer()
        host.addSublayer(shape)
        configure(shape)
        return (host, shape)
    }

    @Test("Scene: a zero-bounds shape layer at (0, 0) filling the rectangle (20, 20, 60, 60) red: red at (50, 50) and (21, 21), clear at (10, 10) and (85, 50)")
    func aShapeDrawsPastItsZeroBounds() throws {
        let (host, _) = hostedShape {
            $0.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60))
            $0.fillColor = self.red
        }
        let image = try render(host)
        expectPixel(image, 50, 50, RGBA8(255, 0, 0), "(50, 50): inside")
        expectPixel(image, 21, 21, RGBA8(255, 0, 0), "(21, 21): inside, by the corner")
        expectPixel(image, 10, 10, clear, "(10, 10): outside")
        expectPixel(image, 85, 50, clear, "(85, 50): outside")
    }

    @Test("Scene: a circle of radius 30 about (50, 50) stroked blue 10 wide, no fill: blue on the ring at (80, 50) and (50, 20), clear at the centre and at (90, 50)")
    func aStrokedRing() throws {
        let (host, _) = hostedShape {
            $0.path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: 2 * .pi, clockwise: true).cgPath
            $0.fillColor = nil
            $0.strokeColor = self.blue
            $0.lineWidth = 10
        }
        let image = try render(host)
        expectPixel(image, 80, 50, RGBA8(0, 0, 255), "(80, 50): on the ring")
        expectPixel(image, 50, 20, RGBA8(0, 0, 255), "(50, 20): on the ring")
        expectPixel(image, 50, 50, clear, "(50, 50): the centre")
        expectPixel(image, 90, 50, clear, "(90, 50): outside")
    }

    @Test(
        "Scene: a line (10, 50)→(90, 50) stroked blue 10 wide: strokeEnd 0.5 draws x 10...50 only; strokeStart 0.25 and strokeEnd 0.75 draw x 30...70; strokeEnd ≤ strokeStart draws nothing"
    )
    func strokeStartAndEndTrimTheOutline() throws {
        let (host, shape) = hostedShape {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 50))
            path.addLine(to: CGPoint(x: 90, y: 50))
            $0.path = path
            $0.strokeColor = self.blue
            $0.lineWidth = 10
            $0.strokeEnd = 0.5
        }
        var image = try render(host)
        expectPixel(image, 30, 50, RGBA8(0, 0, 255), "end 0.5, (30, 50)")
        expectPixel(image, 70, 50, clear, "end 0.5, (70, 50)")
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.75
        image = try render(host)
        expectPixel(image, 20, 50, clear, "0.25...0.75, (20, 50)")
        expectPixel(image, 50, 50, RGBA8(0, 0, 255), "0.25...0.75, (50, 50)")
        expectPixel(image, 80, 50, clear, "0.25...0.75, (80, 50)")
        shape.strokeEnd = 0.25
        image = try render(host)
        expectPixel(image, 50, 50, clear, "end = start: nothing")
    }

    @Test("Scene: a 80×80 square with a 40×40 square inside it, drawn the same way round, filled red: the non-zero rule fills the middle, even-odd leaves a hole")
    func fillRules() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
        path.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
        let (host, shape) = hostedShape {
            $0.path = path
            $0.fillColor = self.red
        }
        var image = try render(host)
        expectPixel(image, 50, 50, RGBA8(255, 0, 0), "non-zero, (50, 50)")
        shape.fillRule = .evenOdd
        image = try render(host)
        expectPixel(image, 50, 50, clear, "even-odd, (50, 50): the hole")
        expectPixel(image, 20, 50, RGBA8(255, 0, 0), "even-odd, (20, 50): the ring")
    }

    @Test("Scene: a line (0, 50)→(100, 50) stroked blue 6 wide with dashes [10, 10]: painted at x 5 and 25, clear at x 15 and 35; phase 10 swaps them")
    func dashes() throws {
        let (host, shape) = hostedShape {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 50))
            path.addLine(to: CGPoint(x: 100, y: 50))
            $0.path = path
            $0.strokeColor = self.blue
            $0.lineWidth = 6
            $0.lineDashPattern = [10, 10]
        }
        var image = try render(host)
        expectPixel(image, 5, 50, RGBA8(0, 0, 255), "(5, 50): a dash")
        expectPixel(image, 25, 50, RGBA8(0, 0, 255), "(25, 50): a dash")
        expectPixel(image, 15, 50, clear, "(15, 50): a gap")
        expectPixel(image, 35, 50, clear, "(35, 50): a gap")
        shape.lineDashPhase = 10
        image = try render(host)
        expectPixel(image, 5, 50, clear, "phase 10, (5, 50)")
        expectPixel(image, 15, 50, RGBA8(0, 0, 255), "phase 10, (15, 50)")
    }

    @Test("Clearing the path removes what was drawn")
    func clearingThePath() throws {
        let (host, shape) = hostedShape {
            $0.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60))
        }
        expectPixel(try render(host), 50, 50, RGBA8(0, 0, 0), "(50, 50): black fill")
        shape.path = nil
        expectPixel(try render(host), 50, 50, clear, "(50, 50): nothing")
    }

    @Test("presentation() of a shape and a gradient layer on a screen carries their own properties")
    func presentationCopiesTheirProperties() async throws {
        let f = try ScreenFixture()
        let shape = CAShapeLayer(), gradient = CAGradientLayer()
        shape.strokeEnd = 0.4
        shape.lineWidth = 7
        gradient.colors = [red, blue]
        gradient.type = .radial
        f.window.layer.addSublayer(shape)
        f.window.layer.addSublayer(gradient)
        _ = try await f.screen.renderFrame()
        let shown = try #require(shape.presentation())
        #expect(shown.strokeEnd == 0.4 && shown.lineWidth == 7)
        let shownGradient = try #require(gradient.presentation())
        #expect(shownGradient.type == .radial && shownGradient.colors?.count == 2)
    }

    @Test(
        "Scene on the GPU: white 100×100 window at scale 2; a zero-bounds shape layer at (0, 0) filling a circle of radius 20 about (30, 30) red; a 40×40 gradient layer at (50, 50) black→white left to right: red at (30, 30), white at (5, 5), dark at (52, 70), light at (88, 70)",
        .tags(.gpu), .requiresGPU
    )
    func vectorLayersOnTheGPU() async throws {
        let f = try ScreenFixture(scale: 2, gpu: true)
        let shape = CAShapeLayer()
        shape.path = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 40, height: 40)).cgPath
        shape.fillColor = red
        f.window.layer.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 50, y: 50, width: 40, height: 40)
        gradient.colors = [UIColor.black.cgColor, UIColor.white.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        f.window.layer.addSublayer(gradient)
        let image = try await f.render()
        expectPixel(image, 60, 60, RGBA8(255, 0, 0), "(30, 30) pt: the circle's centre")
        expectPixel(image, 10, 10, .white, "(5, 5) pt: outside it")
        expectPixel(image, 104, 140, RGBA8(10, 10, 10), tolerance: 12, "(52, 70) pt: the gradient's dark end")
        expectPixel(image, 176, 140, RGBA8(245, 245, 245), tolerance: 12, "(88, 70) pt: its light end")
        await f.finish()
    }
}
