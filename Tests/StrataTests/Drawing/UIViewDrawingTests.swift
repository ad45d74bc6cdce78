import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// The display cycle: draw(_:) into a Cairo bitmap, partial redraw and upload, contentMode.
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct UIViewDrawingTests {
    @Test func aViewIsDrawnOnceAndItsTextureReused() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        f.window.addSubview(view)
        var image = try await f.render()
        expectPixel(image, 20, 20, .red, "inside the drawn view")
        view.center = CGPoint(x: 60, y: 60)
        view.alpha = 1
        image = try await f.render()
        expectPixel(image, 60, 60, .red, "the moved view shows its cached drawing")
        expectPixel(image, 20, 20, .white, "where it was")
        #expect(view.drawnRects == [CGRect(x: 0, y: 0, width: 20, height: 20)], "drawn once, whole")
        #expect(f.commits.contentsUpdates(for: view.layer).count == 1, "uploaded once")
        await f.finish()
    }

    @Test func setNeedsDisplayInRectRedrawsAndUploadsOnlyThatRect() async throws {
        let f = try ScreenFixture(scale: 2, gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        f.window.addSubview(view)
        _ = try await f.render()
        view.color = .blue
        view.setNeedsDisplay(CGRect(x: 10, y: 5, width: 8, height: 6))
        let image = try await f.render()
        #expect(view.drawnRects.last == CGRect(x: 10, y: 5, width: 8, height: 6))
        let updates = f.commits.contentsUpdates(for: view.layer)
        #expect(updates.count == 2)
        #expect(updates.last?.size == PixelSize(width: 80, height: 80), "bitmap follows contentScaleFactor 2")
        #expect(updates.last?.region == PixelRect(x: 20, y: 10, width: 16, height: 12), "only the dirty rect, in pixels")
        #expect(updates.last?.pixels.count == 16 * 12 * 4)
        // Screen pixels are points × 2.
        expectPixel(image, 28, 16, .blue, "inside the redrawn rect")
        expectPixel(image, 10, 10, .red, "outside the redrawn rect keeps the first drawing")
        expectPixel(image, 40, 16, .red, "just right of the redrawn rect")
        await f.finish()
    }

    @Test func dirtyRectsOfOneTurnAreDrawnAsTheirUnion() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        f.window.addSubview(view)
        _ = try await f.render()
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        view.setNeedsDisplay(CGRect(x: 20, y: 30, width: 5, height: 5))
        _ = try await f.render()
        #expect(view.drawnRects.count == 2)
        #expect(view.drawnRects.last == CGRect(x: 0, y: 0, width: 25, height: 35))
        await f.finish()
    }

    /// Scene: a white window, a red view filling it, a green 10×10 view at (30, 30), and over them
    /// a 60×60 view at (20, 20) that paints a blue disc of radius 20 and leaves its corners clear.
    @Test func anOpaqueLayersBackingStoreHasNoAlphaAndHidesWhatIsUnderIt() async throws {
        let f = try ScreenFixture(gpu: true)
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        red.backgroundColor = .red
        let green = UIView(frame: CGRect(x: 30, y: 30, width: 10, height: 10))
        green.backgroundColor = .green
        let disc = DiscView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        disc.layer.isOpaque = true
        [red, green, disc].forEach(f.window.addSubview)
        var frame = try await f.screen.renderFrame()
        var image = try #require(frame.image)
        expectPixel(image, 50, 50, .blue, "the disc's centre")
        expectPixel(image, 22, 22, .black, "the disc view's clear corner: no alpha channel, so black")
        expectPixel(image, 32, 32, .black, "over the green view, well outside the disc: black, the green hidden")
        expectPixel(image, 10, 10, .red, "outside the disc view")
        #expect(frame.statistics.layersDrawn == 2, "red and disc: the green view under the opaque layer is not drawn (nor the window, under the red view)")
        #expect(f.commits.contentsUpdates(for: disc.layer).last?.isOpaque == true)

        disc.layer.isOpaque = false
        frame = try await f.screen.renderFrame()
        image = try #require(frame.image)
        expectPixel(image, 50, 50, .blue, "the disc's centre")
        expectPixel(image, 22, 22, .red, "the clear corner shows the red view")
        expectPixel(image, 32, 32, .green, "the green view shows outside the disc")
        #expect(frame.statistics.layersDrawn == 3, "red, green and disc")
        #expect(disc.drawCount == 1, "changing isOpaque sends the backing store again without redrawing it")
        let updates = f.commits.contentsUpdates(for: disc.layer)
        #expect(updates.count == 2 && updates.last?.isOpaque == false && updates.last?.region == PixelRect(x: 0, y: 0, width: 60, height: 60))
        await f.finish()
    }

    /// Scene: a white window, a red view, and over it a 40×40 view whose contents image is green
    /// with a clear left half, its layer marked opaque.
    @Test func anImageKeepsItsAlphaOnAnOpaqueLayer() async throws {
        let f = try ScreenFixture(gpu: true)
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        red.backgroundColor = .red
        let pictured = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        var pixels: [UInt8] = []
        for _ in 0..<40 { for x in 0..<40 { pixels += x < 20 ? [0, 0, 0, 0] : [0, 255, 0, 255] } }
        pictured.layer.contents = CGImage(image: RGBAImage(size: PixelSize(width: 40, height: 40), pixels: pixels))
        pictured.layer.isOpaque = true
        [red, pictured].forEach(f.window.addSubview)
        let image = try await f.render()
        expectPixel(image, 25, 40, .red, "the image's clear half shows the red view (isOpaque concerns drawn backing stores)")
        expectPixel(image, 50, 40, .green, "the image's green half")
        await f.finish()
    }

    @Test func viewsThatDoNotDrawGetNoBackingStore() async throws {
        let f = try ScreenFixture(gpu: true)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        plain.backgroundColor = .green
        f.window.addSubview(plain)
        plain.setNeedsDisplay()
        let image = try await f.render()
        expectPixel(image, 15, 15, .green, "background drawn by the GPU")
        #expect(f.commits.contentsUpdates(for: plain.layer).isEmpty)
        #expect(plain.layer.contents == nil)
        await f.finish()
    }

    @Test func geometryChangesDoNotRedrawButRedrawModeDoes() async throws {
        let f = try ScreenFixture(gpu: true)
        let cached = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let redrawn = SolidDrawingView(frame: CGRect(x: 50, y: 0, width: 20, height: 20))
        redrawn.contentMode = .redraw
        [cached, redrawn].forEach(f.window.addSubview)
        _ = try await f.render()
        cached.bounds.size = CGSize(width: 30, height: 30)
        redrawn.bounds.size = CGSize(width: 30, height: 30)
        _ = try await f.render()
        #expect(cached.drawnRects.count == 1)
        #expect(redrawn.drawnRects.count == 2)
        #expect(redrawn.drawnRects.last == CGRect(x: 0, y: 0, width: 30, height: 30))
        await f.finish()
    }

    /// A 20×20 red drawing in a view then grown to 60×60 at (20, 20)–(80, 80), without redrawing.
    @Test(arguments: [
        // mode, a point that must be red, a point that must not be
        (UIView.ContentMode.scaleToFill, (25, 25), nil as (Int, Int)?),
        (.center, (50, 50), (25, 25)),
        (.topLeft, (25, 25), (50, 50)),
        (.topRight, (75, 25), (25, 25)),
        (.bottomLeft, (25, 75), (75, 75)),
        (.bottomRight, (75, 75), (25, 25)),
        (.top, (50, 25), (50, 75)),
        (.bottom, (50, 75), (50, 25)),
        (.left, (25, 50), (75, 50)),
        (.right, (75, 50), (25, 50)),
        (.scaleAspectFit, (25, 25), nil),
        (.scaleAspectFill, (75, 75), nil),
    ])
    func contentModePlacesTheCachedDrawing(_ mode: UIView.ContentMode, _ red: (Int, Int), _ notRed: (Int, Int)?) async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        view.contentMode = mode
        view.backgroundColor = .green
        f.window.addSubview(view)
        _ = try await f.render()
        view.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        let image = try await f.render()
        #expect(view.drawnRects.count == 1, "\(mode) does not redraw")
        expectPixel(image, red.0, red.1, .red, "\(mode): the cached drawing")
        if let notRed { expectPixel(image, notRed.0, notRed.1, .green, "\(mode): background outside the drawing") }
        await f.finish()
    }

    @Test func contentsOverflowingTheBoundsShowUnlessClipped() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        view.contentMode = .center
        f.window.addSubview(view)
        _ = try await f.render()
        view.bounds.size = CGSize(width: 10, height: 10)  // the 20×20 drawing now overflows by 5 on each side
        var image = try await f.render()
        expectPixel(image, 42, 50, .red, "overflowing contents show outside the 10×10 bounds")
        view.clipsToBounds = true
        image = try await f.render()
        expectPixel(image, 42, 50, .white, "clipped to the bounds")
        expectPixel(image, 50, 50, .red, "inside the bounds")
        await f.finish()
    }

    private final class FramedView: UIView {
        override func draw(_ rect: CGRect) {
            let ctx = UIGraphicsGetCurrentContext()!
            ctx.setFillColor(UIColor.black.cgColor)
            ctx.fill(bounds)
            ctx.setFillColor(UIColor.white.cgColor)
            ctx.fill(bounds.insetBy(dx: 5, dy: 5))
        }
    }

    @Test func contentStretchKeepsTheEdgesAtTheirSize() async throws {
        let f = try ScreenFixture(background: .blue, gpu: true)
        // A 20×20 drawing: 5-point black frame, white middle; stretched to 80×80.
        let stretched = FramedView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        stretched.contentStretch = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        f.window.addSubview(stretched)
        _ = try await f.render()
        stretched.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        let image = try await f.render()
        expectPixel(image, 12, 50, .black, "left edge: 5 points of black")
        expectPixel(image, 20, 50, .white, "10 points in: white (a plain 4× stretch is black for 20 points)")
        expectPixel(image, 87, 50, .black, "right edge")
        expectPixel(image, 50, 50, .white, "the stretched middle")
        await f.finish()
    }

    @Test func aBackingStoreBeyondTheGPULimitIsAClearError() async throws {
        let f = try ScreenFixture(gpu: true)
        let limit = f.screen.commitSink.maxTextureSize
        let huge = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: CGFloat(limit + 1), height: 10))
        let fine = SolidDrawingView(frame: CGRect(x: 0, y: 50, width: 10, height: 10))
        [huge, fine].forEach(f.window.addSubview)
        await #expect {
            _ = try await f.screen.renderFrame()
        } throws: { error in
            guard case StrataError.backingStoreTooLarge(_, let size, let l) = error else { return false }
            return size.width == CGFloat(limit + 1) && l == limit && "\(error)".contains("texture limit")
        }
        #expect(huge.drawnRects.count == 1, "draw(_:) is called once, to learn that it paints")
        let image = try await f.render()
        expectPixel(image, 5, 55, .red, "the rest of the commit arrived")
        await f.finish()
    }

    /// A plain view wider than the texture limit with only a background colour needs no backing
    /// store: the first frame renders it like any colour fill (it used to throw
    /// backingStoreTooLarge), and so does one with a frame of ±1e300.
    @Test("A plain 20,000 × 10 view and a ±1e300 one with background colours render on the first frame")
    func aPlainViewBeyondTheTextureLimitIsAColourFill() async throws {
        let f = try ScreenFixture(gpu: true)
        let limit = f.screen.commitSink.maxTextureSize
        let wide = UIView(frame: CGRect(x: -100, y: 10, width: CGFloat(max(20_000, limit + 1)), height: 10))
        wide.backgroundColor = .red
        let endless = UIView(frame: CGRect(x: -1e300, y: 40, width: 2e300, height: 10))
        endless.backgroundColor = .blue
        [wide, endless].forEach(f.window.addSubview)
        _ = try await f.render()
        let image = try await f.render()
        expectPixel(image, 50, 15, .red, "(50, 15): inside the 20,000-point-wide red strip")
        expectPixel(image, 50, 45, .blue, "(50, 45): inside the ±1e300 blue strip")
        expectPixel(image, 50, 30, .white, "(50, 30): between them, the window's white")
        #expect(wide.layer.contents == nil && endless.layer.contents == nil, "no backing store for either")
        await f.finish()
    }

    @Test func contentsImageIsShownWithGravity() async throws {
        let f = try ScreenFixture(gpu: true)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.contents = CGImage(image: RGBAImage(size: PixelSize(width: 10, height: 10), filledWith: .blue))
        layer.contentsGravity = .bottomRight
        f.window.layer.addSublayer(layer)
        let image = try await f.render()
        expectPixel(image, 95, 95, .blue, "the 10×10 image in the bottom-right corner")
        expectPixel(image, 85, 95, .white, "left of it")
        await f.finish()
    }

    @Test func cgContextPathsAndClipping() async throws {
        final class Drawing: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.saveGState()
                ctx.clip(to: CGRect(x: 0, y: 0, width: 50, height: 100))
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.fillEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))  // clipped to the left half
                ctx.restoreGState()
                ctx.setStrokeColor(UIColor.blue.cgColor)
                ctx.setLineWidth(4)
                ctx.move(to: CGPoint(x: 0, y: 95))
                ctx.addLine(to: CGPoint(x: 100, y: 95))
                ctx.strokePath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Drawing(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        let image = try await f.render()
        expectPixel(image, 30, 50, .red, "inside the circle, left of the clip edge")
        expectPixel(image, 70, 50, .white, "inside the circle but clipped away")
        expectPixel(image, 12, 12, .white, "the circle's bounding-box corner is outside the circle")
        expectPixel(image, 50, 95, .blue, "the stroked line")
        await f.finish()
    }
}

/// Custom layer classes and image drawing.
@MainActor
@Suite struct CustomLayerTests {
    final class StripedLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
        }
    }

    final class StripedView: UIView {
        override class var layerClass: CALayer.Type { StripedLayer.self }
    }

    @Test(.tags(.gpu), .requiresGPU) func layerClassDecidesTheBackingLayer() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = StripedView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(view.layer is StripedLayer)
        #expect(view.layer.delegate === view)
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 10, 20, .blue, "left half drawn by the layer subclass's draw(in:)")
        expectPixel(image, 30, 20, .white, "right half left clear")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aStandaloneLayerDrawsOnlyAfterSetNeedsDisplay() async throws {
        let f = try ScreenFixture(gpu: true)
        let layer = StripedLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        f.window.layer.addSublayer(layer)
        var image = try await f.render()
        expectPixel(image, 10, 20, .white, "Core Animation layers do not draw until asked")
        layer.setNeedsDisplay()
        image = try await f.render()
        expectPixel(image, 10, 20, .blue, "after setNeedsDisplay()")
        await f.finish()
    }

    /// A 2×2 image: red, green on the top row; blue, white below.
    static let quadrants = CGImage(
        image: RGBAImage(
            size: PixelSize(width: 2, height: 2),
            pixels: [
                255, 0, 0, 255, 0, 255, 0, 255,
                0, 0, 255, 255, 255, 255, 255, 255,
            ]))

    @Test(.tags(.gpu), .requiresGPU) func uiImageDrawsUprightAndCGContextUpsideDown() async throws {
        final class ImageView: UIView {
            override func draw(_ rect: CGRect) {
                UIImage(cgImage: CustomLayerTests.quadrants).draw(in: CGRect(x: 0, y: 0, width: 40, height: 40))
                UIGraphicsGetCurrentContext()!.draw(CustomLayerTests.quadrants, in: CGRect(x: 50, y: 0, width: 40, height: 40))
            }
        }
        let f = try ScreenFixture(background: .black, gpu: true)
        f.window.addSubview(ImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 40)))
        let image = try await f.render()
        expectPixel(image, 5, 5, .red, tolerance: 3, "UIImage: the image's top row at the top")
        expectPixel(image, 35, 5, .green, tolerance: 3, "UIImage: top-right")
        expectPixel(image, 5, 35, .blue, tolerance: 3, "UIImage: bottom-left")
        expectPixel(image, 35, 35, .white, tolerance: 3, "UIImage: bottom-right")
        expectPixel(image, 55, 5, .blue, tolerance: 3, "CGContext.draw in a flipped context: upside down, bottom row on top")
        expectPixel(image, 55, 35, .red, tolerance: 3, "CGContext.draw: the top row at the bottom")
        await f.finish()
    }

    @Test func colorsConvertAsUIKitDoes() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r) < 1e-6 && abs(g - 1) < 1e-6 && abs(b) < 1e-6 && a == 0.5, "hue 1/3 is green")
        UIColor.red.withAlphaComponent(0.25).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 1 && g == 0 && a == 0.25)
        #expect(UIColor(white: 0.5, alpha: 1).cgColor.components == [0.5, 1], "a gray: two components, as UIKit's")
    }
}

/// UIBezierPath and CGPath drawn in draw(_:).
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct BezierPathTests {
    final class PathView: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.red.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 15).fill()
            UIColor.blue.setStroke()
            let arc = UIBezierPath(arcCenter: CGPoint(x: 75, y: 75), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            arc.lineWidth = 6
            arc.stroke()
            let ring = UIBezierPath(ovalIn: CGRect(x: 55, y: 5, width: 40, height: 40))
            ring.append(UIBezierPath(ovalIn: CGRect(x: 65, y: 15, width: 20, height: 20)))
            ring.usesEvenOddFillRule = true
            UIColor.green.setFill()
            ring.fill()
        }
    }

    @Test func pathsFillStrokeAndUseTheirRules() async throws {
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(PathView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        let image = try await f.render()
        expectPixel(image, 25, 25, .red, "rounded rectangle's middle")
        expectPixel(image, 2, 2, .white, "its rounded-off corner")
        expectPixel(image, 48, 25, .red, "its straight right edge")
        // clockwise on screen from 0 (east) to π/2 (south): the arc passes south-east of the center.
        expectPixel(image, 89, 89, .blue, tolerance: 40, "the arc at 45°, clockwise on screen")
        expectPixel(image, 61, 61, .white, "no arc at 225°")
        expectPixel(image, 60, 25, .green, "the outer ring")
        expectPixel(image, 75, 25, .white, "the hole of the even-odd ring")
        #expect(UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
        await f.finish()
    }
}
