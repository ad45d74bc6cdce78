import Foundation
import StrataCore
import StrataGraphics
import Testing

/// Bitmap contexts (`CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`)
/// as Core Graphics documents them ("CGBitmapContextCreate", "Supported Pixel Formats" in the
/// Quartz 2D Programming Guide): user space from the bottom-left corner with y up, one unit a
/// pixel; the memory's first row the picture's top; the pixel layouts that bitmapInfo names.
@Suite struct CGBitmapContextTests {
    static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue
    static let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    /// `count` bytes of memory, each `value` (0 unless given), freed with the buffer: what a caller
    /// hands a bitmap context.
    final class Buffer {
        let bytes: UnsafeMutableRawPointer
        let count: Int
        init(_ count: Int, filledWith value: UInt8 = 0) {
            self.count = count
            bytes = .allocate(byteCount: count, alignment: 16)
            bytes.initializeMemory(as: UInt8.self, repeating: value, count: count)
        }
        deinit { bytes.deallocate() }
        /// The four bytes of the pixel at column `x` of row `row` (counted from the top).
        func pixel(_ x: Int, row: Int, bytesPerRow: Int) -> [UInt8] {
            (0..<4).map { bytes.load(fromByteOffset: row * bytesPerRow + x * 4 + $0, as: UInt8.self) }
        }
    }

    @Test(
        "An RGBA context (premultipliedLast) 4 × 2 with rows computed: 16 bytes a row, 32 bits a pixel; red filled at (0, 0, 2, 1) lands in the bottom row, memory row 1, as R G B A = 255 0 0 255"
    )
    func rgbaFillsFromTheBottomLeft() throws {
        let buffer = Buffer(32)
        let context = try #require(
            CGContext(data: buffer.bytes, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        #expect(context.width == 4 && context.height == 2 && context.bytesPerRow == 16)
        #expect(context.bitsPerComponent == 8 && context.bitsPerPixel == 32 && context.alphaInfo == .premultipliedLast)
        #expect(context.data == buffer.bytes)
        #expect(context.ctm == .identity, "a new bitmap context's transform is the identity")
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(buffer.pixel(0, row: 1, bytesPerRow: 16) == [255, 0, 0, 255])
        #expect(buffer.pixel(1, row: 1, bytesPerRow: 16) == [255, 0, 0, 255])
        #expect(buffer.pixel(2, row: 1, bytesPerRow: 16) == [0, 0, 0, 0], "right of the fill")
        #expect(buffer.pixel(0, row: 0, bytesPerRow: 16) == [0, 0, 0, 0], "the top row, above the fill")
    }

    @Test("A BGRA context (premultipliedFirst | byteOrder32Little) keeps blue first: a half-transparent blue fill is B G R A = 128 0 0 128, premultiplied")
    func bgraIsPremultipliedBlueFirst() throws {
        let buffer = Buffer(4)
        let context = try #require(
            CGContext(data: buffer.bytes, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.bgra))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let pixel = buffer.pixel(0, row: 0, bytesPerRow: 4)
        #expect(abs(Int(pixel[0]) - 128) <= 1 && pixel[1] == 0 && pixel[2] == 0 && abs(Int(pixel[3]) - 128) <= 1, "\(pixel)")
    }

    @Test("ARGB (premultipliedFirst, big-endian) and XRGB (noneSkipFirst) put alpha, or an opaque skipped byte, first: green is 255 0 255 0")
    func alphaFirstLayouts() throws {
        for (info, name) in [(CGImageAlphaInfo.premultipliedFirst.rawValue, "ARGB"), (CGImageAlphaInfo.noneSkipFirst.rawValue, "XRGB")] {
            let buffer = Buffer(4)
            let context = try #require(
                CGContext(data: buffer.bytes, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(buffer.pixel(0, row: 0, bytesPerRow: 4) == [255, 0, 255, 0], "\(name)")
        }
    }

    @Test("Rows 64 bytes apart for a 4-pixel width: the second row starts 64 bytes in, and the bytes between rows are left alone")
    func rowsAsFarApartAsAsked() throws {
        let buffer = Buffer(128, filledWith: 7)
        let context = try #require(
            CGContext(data: buffer.bytes, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 64, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        context.clear(CGRect(x: 0, y: 0, width: 4, height: 2))
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 1, width: 4, height: 1))  // the top row
        #expect(buffer.pixel(3, row: 0, bytesPerRow: 64) == [255, 255, 255, 255])
        #expect(buffer.pixel(0, row: 1, bytesPerRow: 64) == [0, 0, 0, 0])
        #expect(buffer.bytes.load(fromByteOffset: 20, as: UInt8.self) == 7, "past the first row's 16 bytes of pixels")
    }

    @Test("Drawing starts from the caller's pixels: a buffer of opaque white keeps its white around a black 1 × 1 fill, and makeImage shows both, top row first")
    func theCallersPixelsAreTheStart() throws {
        let buffer = Buffer(2 * 2 * 4, filledWith: 255)
        let context = try #require(
            CGContext(data: buffer.bytes, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        context.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 1, y: 1, width: 1, height: 1))  // top right
        #expect(buffer.pixel(1, row: 0, bytesPerRow: 8) == [0, 0, 0, 255])
        #expect(buffer.pixel(0, row: 1, bytesPerRow: 8) == [255, 255, 255, 255])
        let image = try #require(context.makeImage())
        #expect(image.width == 2 && image.height == 2)
        #expect(image.image[1, 0] == RGBA8(0, 0, 0, 255) && image.image[0, 0] == RGBA8(255, 255, 255, 255))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(image.image[0, 1] == RGBA8(255, 255, 255, 255), "an image made earlier does not change")
    }

    @Test(
        "A context with no data keeps memory of its own, cleared: makeImage of an untouched 3 × 1 one is transparent; a CGImage drawn into a bitmap context is upright (its top row at the top)"
    )
    func ownMemoryAndUprightImages() throws {
        let context = try #require(
            CGContext(data: nil, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        #expect(context.data != nil && context.bytesPerRow == 4)
        #expect(try #require(context.makeImage()).image[0, 1] == RGBA8(0, 0, 0, 0))
        // Top row red, bottom row blue.
        let picture = CGImage(image: RGBAImage(size: PixelSize(width: 1, height: 2), pixels: [255, 0, 0, 255, 0, 0, 255, 255]))
        context.draw(picture, in: CGRect(x: 0, y: 0, width: 1, height: 2))
        let drawn = try #require(context.makeImage())
        #expect(drawn.image[0, 0] == RGBA8(255, 0, 0, 255), "the top: red, as in the picture")
        #expect(drawn.image[0, 1] == RGBA8(0, 0, 255, 255), "the bottom: blue")
    }

    @Test("A colour read back through a 1 × 1 context (the common way to sample an image): a green 4 × 4 picture drawn into it gives 0 255 0 255")
    func samplingAnImagesColour() throws {
        var pixel: [UInt8] = [0, 0, 0, 0]
        let green = CGImage(image: RGBAImage(size: PixelSize(width: 4, height: 4), filledWith: Color(red: 0, green: 1, blue: 0, alpha: 1)))
        try pixel.withUnsafeMutableBytes { bytes in
            let context = try #require(
                CGContext(data: bytes.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
            context.draw(green, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(pixel == [0, 255, 0, 255])
    }

    @Test("An alpha-only context keeps coverage alone, one byte a pixel: a fill at alpha 1 is 255, and its image is black at that alpha")
    func alphaOnly() throws {
        let buffer = Buffer(8)
        let context = try #require(
            CGContext(
                data: buffer.bytes, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)
        )
        #expect(context.bitsPerPixel == 8)
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(buffer.bytes.load(fromByteOffset: 0, as: UInt8.self) == 0 && buffer.bytes.load(fromByteOffset: 1, as: UInt8.self) == 255)
        #expect(try #require(context.makeImage()).image[1, 0] == RGBA8(0, 0, 0, 255))
    }

    @Test(
        "Unsupported combinations give nil, as Core Graphics does: 16 bits a component, non-premultiplied alpha (last, first), no alpha at 8 bits, float components, rows shorter than their pixels, no pixels",
        arguments: [
            (16, 0, CGImageAlphaInfo.premultipliedLast.rawValue, 2),
            (8, 0, CGImageAlphaInfo.last.rawValue, 2),
            (8, 0, CGImageAlphaInfo.first.rawValue, 2),
            (8, 0, CGImageAlphaInfo.none.rawValue, 2),
            (8, 0, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue, 2),
            (8, 4, CGImageAlphaInfo.premultipliedLast.rawValue, 2),
            (8, 0, CGImageAlphaInfo.premultipliedLast.rawValue, 0),
        ])
    func unsupportedCombinations(bitsPerComponent: Int, bytesPerRow: Int, bitmapInfo: UInt32, width: Int) {
        #expect(
            CGContext(
                data: nil, width: width, height: 2, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)
                == nil)
    }

    @Test(
        "Transforms compose in the bitmap's y-up space: after translateBy(x: 10, y: 5) the transform moves (0, 0) to (10, 5), and a fill there lands at pixel (10, 5) from the bottom"
    )
    func transformsAndOtherContexts() throws {
        let context = try #require(
            CGContext(data: nil, width: 20, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        context.translateBy(x: 10, y: 5)
        #expect(CGPoint.zero.applying(context.ctm) == CGPoint(x: 10, y: 5))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(try #require(context.makeImage()).image[10, 4] == RGBA8(255, 0, 0, 255), "pixel (10, 5) from the bottom: row 4 from the top of 10")
    }
}
