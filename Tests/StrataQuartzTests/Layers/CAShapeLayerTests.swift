import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// `CAShapeLayer`: its defaults, and fills, strokes, trims, rules and dashes drawn by
/// `render(in:)` (pixels at named points, no GPU).
@MainActor
@Suite struct CAShapeLayerTests {
    let red = CGColor.red, blue = CGColor.blue
    let clear = RGBA8(0, 0, 0, 0)

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

    @Test("CAShapeLayer's defaults: no path, black fill, no stroke, line width 1, butt caps, miter joins, miter limit 10, non-zero rule, stroke 0...1, no dashes")
    func shapeLayerDefaults() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil && layer.fillColor == CGColor.black && layer.strokeColor == nil)
        #expect(layer.lineWidth == 1 && layer.lineCap == .butt && layer.lineJoin == .miter && layer.miterLimit == 10)
        #expect(layer.fillRule == .nonZero && layer.strokeStart == 0 && layer.strokeEnd == 1)
        #expect(layer.lineDashPattern == nil && layer.lineDashPhase == 0)
    }

    @Test("Scene: a zero-bounds shape layer at (0, 0) filling the rectangle (20, 20, 60, 60) red: red at (50, 50) and (21, 21), clear at (10, 10) and (85, 50)")
    func aShapeDrawsPastItsZeroBounds() throws {
        let (host, _) = hostedShape {
            $0.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60))
            $0.fillColor = self.red
        }
        let image = try rendered(host)
        expectPixel(image, 50, 50, RGBA8(255, 0, 0), "(50, 50): inside")
        expectPixel(image, 21, 21, RGBA8(255, 0, 0), "(21, 21): inside, by the corner")
        expectPixel(image, 10, 10, clear, "(10, 10): outside")
        expectPixel(image, 85, 50, clear, "(85, 50): outside")
    }

    @Test("Scene: a circle of radius 30 about (50, 50) stroked blue 10 wide, no fill: blue on the ring at (80, 50) and (50, 20), clear at the centre and at (90, 50)")
    func aStrokedRing() throws {
        let (host, _) = hostedShape {
            $0.path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
            $0.fillColor = nil
            $0.strokeColor = self.blue
            $0.lineWidth = 10
        }
        let image = try rendered(host)
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
        var image = try rendered(host)
        expectPixel(image, 30, 50, RGBA8(0, 0, 255), "end 0.5, (30, 50)")
        expectPixel(image, 70, 50, clear, "end 0.5, (70, 50)")
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.75
        image = try rendered(host)
        expectPixel(image, 20, 50, clear, "0.25...0.75, (20, 50)")
        expectPixel(image, 50, 50, RGBA8(0, 0, 255), "0.25...0.75, (50, 50)")
        expectPixel(image, 80, 50, clear, "0.25...0.75, (80, 50)")
        shape.strokeEnd = 0.25
        image = try rendered(host)
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
        var image = try rendered(host)
        expectPixel(image, 50, 50, RGBA8(255, 0, 0), "non-zero, (50, 50)")
        shape.fillRule = .evenOdd
        image = try rendered(host)
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
        var image = try rendered(host)
        expectPixel(image, 5, 50, RGBA8(0, 0, 255), "(5, 50): a dash")
        expectPixel(image, 25, 50, RGBA8(0, 0, 255), "(25, 50): a dash")
        expectPixel(image, 15, 50, clear, "(15, 50): a gap")
        expectPixel(image, 35, 50, clear, "(35, 50): a gap")
        shape.lineDashPhase = 10
        image = try rendered(host)
        expectPixel(image, 5, 50, clear, "phase 10, (5, 50)")
        expectPixel(image, 15, 50, RGBA8(0, 0, 255), "phase 10, (15, 50)")
    }

    @Test("Clearing the path removes what was drawn")
    func clearingThePath() throws {
        let (host, shape) = hostedShape {
            $0.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60))
        }
        expectPixel(try rendered(host), 50, 50, RGBA8(0, 0, 0), "(50, 50): black fill")
        shape.path = nil
        expectPixel(try rendered(host), 50, 50, clear, "(50, 50): nothing")
    }

    @Test("presentation() of a shape and a gradient layer in a context carries their own properties")
    func presentationCopiesTheirProperties() async throws {
        let f = try ContextFixture()
        let shape = CAShapeLayer(), gradient = CAGradientLayer()
        shape.strokeEnd = 0.4
        shape.lineWidth = 7
        gradient.colors = [red, blue]
        gradient.type = .radial
        f.root.addSublayer(shape)
        f.root.addSublayer(gradient)
        _ = try await f.context.renderFrame(clearColor: .black)
        let shown = try #require(shape.presentation())
        #expect(shown.strokeEnd == 0.4 && shown.lineWidth == 7)
        let shownGradient = try #require(gradient.presentation())
        #expect(shownGradient.type == .radial && shownGradient.colors?.count == 2)
    }

    @Test(
        "Scene on the GPU: white 100×100 context at scale 2; a zero-bounds shape layer at (0, 0) filling a circle of radius 20 about (30, 30) red; a 40×40 gradient layer at (50, 50) black→white left to right: red at (30, 30), white at (5, 5), dark at (52, 70), light at (88, 70)",
        .tags(.gpu), .requiresGPU
    )
    func vectorLayersOnTheGPU() async throws {
        let f = try ContextFixture(scale: 2, gpu: true)
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 40, height: 40), transform: nil)
        shape.fillColor = red
        f.root.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 50, y: 50, width: 40, height: 40)
        gradient.colors = [CGColor.black, CGColor.white]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        f.root.addSublayer(gradient)
        let image = try await f.render()
        expectPixel(image, 60, 60, RGBA8(255, 0, 0), "(30, 30) pt: the circle's centre")
        expectPixel(image, 10, 10, .white, "(5, 5) pt: outside it")
        expectPixel(image, 104, 140, RGBA8(10, 10, 10), tolerance: 12, "(52, 70) pt: the gradient's dark end")
        expectPixel(image, 176, 140, RGBA8(245, 245, 245), tolerance: 12, "(88, 70) pt: its light end")
        await f.finish()
    }
}
