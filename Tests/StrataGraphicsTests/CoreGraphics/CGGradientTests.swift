import Foundation
import StrataCore
import StrataGraphics
import Testing

/// Core Graphics' gradients (`CGGradient`, `drawLinearGradient`, `drawRadialGradient`): pixels of
/// drawings into a bitmap context, at named points, in UIKit's top-left coordinates.
@Suite struct CGGradientTests {
    /// Draws `body` into a `width` × `height` RGBA bitmap context flipped to a top-left origin (as
    /// UIKit's image renderers are) and returns its pixels.
    func draw(width: Int = 100, height: Int = 100, _ body: (CGContext) -> Void) throws -> RGBAImage {
        let context = try #require(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        body(context)
        return try #require(context.makeImage()).image
    }

    /// Expects the pixel at (`x`, `y`) to be `expected` within `tolerance` a component.
    func expectPixel(
        _ image: RGBAImage, _ x: Int, _ y: Int, _ expected: RGBA8, tolerance: Int = 1, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(image[x, y].isClose(to: expected, tolerance: tolerance), "\(what): got \(image[x, y])", sourceLocation: sourceLocation)
    }

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let clear = RGBA8(0, 0, 0, 0)

    func redToBlue(_ locations: [CGFloat]? = nil) throws -> CGGradient {
        try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue] as CFArray, locations: locations))
    }

    @Test("Scene: 100×10, linear red→blue from x 0 to 100: red at x 0, half and half at x 50, blue at x 99")
    func linearGradientAcross() throws {
        let gradient = try redToBlue()
        let image = try draw(width: 100, height: 10) { $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: []) }
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
            try draw(width: 100, height: 10) { $0.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: options) }
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
            CGGradient(colorsSpace: nil, colors: [CGColor.white, CGColor.black] as CFArray, locations: [0, 1]))
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

    @Test("A gradient of no colours or of something other than CGColor (a string here) is nil; component colours make one")
    func gradientInputs() {
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: ["red"] as CFArray, locations: nil) == nil)
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 2) != nil)
    }

    @Test("A gradient from gray components reads gray and alpha a colour (2 × count numbers): black → white from x 0 to 100 is mid grey at x 50; a CMYK space gives nil")
    func grayComponentGradient() throws {
        let components: [CGFloat] = [0, 1, 1, 1]
        let gradient = try #require(
            components.withUnsafeBufferPointer { CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: $0.baseAddress!, locations: nil, count: 2) })
        let image = try draw(width: 100, height: 10) { $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: []) }
        expectPixel(image, 0, 5, RGBA8(1, 1, 1), tolerance: 3, "(0, 5): black")
        expectPixel(image, 50, 5, RGBA8(128, 128, 128), tolerance: 3, "(50, 5): half way")
        expectPixel(image, 99, 5, RGBA8(254, 254, 254), tolerance: 3, "(99, 5): white")
        let cmyk = try #require(CGColorSpace(name: CGColorSpace.genericCMYK))
        #expect(cmyk.model == .cmyk && cmyk.numberOfComponents == 4)
        let five: [CGFloat] = [0, 0, 0, 1, 1, 0, 0, 0, 0, 1]
        #expect(five.withUnsafeBufferPointer { CGGradient(colorSpace: cmyk, colorComponents: $0.baseAddress!, locations: nil, count: 2) } == nil)
    }
}
