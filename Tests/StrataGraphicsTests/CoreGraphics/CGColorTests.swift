import Foundation
import StrataGraphics
import Testing

/// `CGColor` as Core Graphics documents it: its colour spaces (RGB and gray), components, and
/// components checked where the colour is made.
@Suite struct CGColorTests {
    @Test("A colour with a NaN red component traps where it is made")
    func nonFiniteColourComponentsTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = CGColor(red: .nan, green: 0, blue: 0, alpha: 1)
        }
    }

    @Test("CGColor(gray: 0.25, alpha: 0.5) is a gray: 2 components [0.25, 0.5], a monochrome space of 1 component; copy(alpha: 1) stays gray; it draws as sRGB (0.25, 0.25, 0.25)")
    func grayColours() throws {
        let gray = CGColor(gray: 0.25, alpha: 0.5)
        #expect(gray.numberOfComponents == 2 && gray.components == [0.25, 0.5] && gray.alpha == 0.5)
        let space = try #require(gray.colorSpace)
        #expect(space.model == .monochrome && space.numberOfComponents == 1 && space.name == CGColorSpace.genericGrayGamma2_2)
        let opaque = try #require(gray.copy(alpha: 1))
        #expect(opaque.components == [0.25, 1])
        #expect(CGColor(genericGrayGamma2_2Gray: 0.25, alpha: 0.5).components == [0.25, 0.5])
        #expect(gray == CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.5), "the same sRGB value")
    }

    @Test("CGColor.black, .white and .clear are grays (2 components: [0, 1], [1, 1], [0, 0]), as Core Graphics' constants are")
    func theConstantsAreGrays() {
        #expect(CGColor.black.components == [0, 1] && CGColor.white.components == [1, 1] && CGColor.clear.components == [0, 0])
        #expect(CGColor.white.numberOfComponents == 2 && CGColor.white.colorSpace?.model == .monochrome)
    }

    @Test("CGColor(srgbRed:green:blue:alpha:) is an RGB colour of 4 components in sRGB; values past 0...1 are clamped")
    func srgbColours() {
        let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(orange.numberOfComponents == 4 && orange.components == [1, 0.5, 0, 1])
        #expect(orange.colorSpace?.model == .rgb && orange.colorSpace?.name == CGColorSpace.sRGB)
        #expect(CGColor(srgbRed: 2, green: -1, blue: 0.5, alpha: 1).components == [1, 0, 0.5, 1])
    }

    @Test("CGColor(colorSpace:components:) reads the space's components and alpha: gray [0.5, 1] from DeviceGray, [0, 0, 1, 1] from DeviceRGB")
    func coloursFromAComponentList() throws {
        let gray = try #require([0.5, 1].withUnsafeBufferPointer { CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: $0.baseAddress!) })
        #expect(gray.numberOfComponents == 2 && gray.components == [0.5, 1])
        let blue = try #require([0, 0, 1, 1].withUnsafeBufferPointer { CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: $0.baseAddress!) })
        #expect(blue.components == [0, 0, 1, 1])
        #expect(CGColorSpaceCreateDeviceGray().model == .monochrome && CGColorSpaceCreateDeviceRGB().model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.linearGray)?.model == .monochrome && CGColorSpace(name: CGColorSpace.displayP3)?.model == .rgb)
    }

    @Test("A 32-bit RGBA bitmap context in a gray space is an unsupported combination: nil, as Core Graphics gives")
    func aGraySpaceTakesNoRGBABitmap() {
        #expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }
}
