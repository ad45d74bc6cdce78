import Foundation
import Strata
import StrataCore
import Testing

/// Image renderers, image contexts and PNG data: pixels read back from the images made. No GPU.
@MainActor
@Suite struct ImageRendererTests {
    /// A 10 × 10-point renderer at scale 2: a 20 × 20-pixel image whose left half (0…5 points)
    /// is red and whose right half is clear.
    @Test func aRendererDrawsUIKitDrawingIntoAnImageOfItsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format)
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        }
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(image.scale == 2)
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels.size == PixelSize(width: 20, height: 20))
        #expect(pixels[4, 10] == RGBA8(255, 0, 0), "left half, red")
        #expect(pixels[15, 10] == RGBA8(0, 0, 0, 0), "right half, clear")
    }

    @Test func anOpaqueFormatStartsBlack() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in }
        #expect(try #require(image.cgImage?.image)[2, 2] == RGBA8(0, 0, 0, 255))
    }

    @Test func pngDataRoundTripsThroughUIImageData() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 6), format: format)
        let data = renderer.pngData { _ in
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 8, height: 3)).fill()  // black by default
            UIColor.blue.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 3, width: 8, height: 3)).fill()
        }
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG signature")
        let image = try #require(UIImage(data: data))
        #expect(image.size == CGSize(width: 8, height: 6))
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels[4, 1] == RGBA8(0, 0, 0) && pixels[4, 4] == RGBA8(0, 0, 255))
        #expect(try #require(image.pngData()) == data, "encoding the decoded image gives the same bytes")
    }

    /// A 16 × 16 renderer at scale 2 filling its top half red and its bottom half translucent
    /// green: JPEG bytes of 32 × 32 pixels, red at the top, green over black below (no alpha).
    @Test func jpegDataGivesAJPEGOfTheFormatsPixels() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16), format: format)
        let data = renderer.jpegData(withCompressionQuality: 0.9) { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 8))
            UIColor.green.withAlphaComponent(0.5).setFill()
            context.fill(CGRect(x: 0, y: 8, width: 16, height: 8))
        }
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG start of image")
        let pixels = try #require(UIImage(data: data)?.cgImage?.image)
        #expect(pixels.size == PixelSize(width: 32, height: 32))
        let top = pixels[16, 4], bottom = pixels[16, 28]
        #expect(top.r > 240 && top.g < 15 && top.b < 15 && top.a == 255, "top: red, \(top)")
        #expect(bottom.r < 15 && abs(Int(bottom.g) - 128) < 8 && bottom.b < 15 && bottom.a == 255, "bottom: half green over black, \(bottom)")
    }

    @Test func badImageDataGivesNilAndNoCrash() {
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        let format = UIGraphicsImageRendererFormat()
        let png = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).pngData { _ in }
        #expect(UIImage(data: png.prefix(png.count / 2)) == nil, "a truncated PNG")
        #expect(UIImage(data: Data()) == nil)
    }

    @Test func imageContextsBeginGetAndEndAroundTheCurrentContext() throws {
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 3), false, 1)
        #expect(UIGraphicsGetCurrentContext() != nil)
        UIColor.green.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 3, height: 3))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        #expect(try #require(image.cgImage?.image)[1, 1] == RGBA8(0, 255, 0))
    }

    /// A red full block drawn at 20 points from (0, 0) in a 40 × 40 image: its middle is red.
    @Test func stringsDrawIntoTheCurrentContext() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
            "\u{2588}".draw(at: .zero, withAttributes: [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.red])
        }
        let size = "\u{2588}".size(withAttributes: [.font: UIFont.systemFont(ofSize: 20)])
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels[Int(size.width / 2), Int(size.height / 2)] == RGBA8(255, 0, 0))
        #expect(pixels[38, 38] == RGBA8(0, 0, 0, 0))
    }
    /// UIKit's image contexts are bitmap contexts: "UIGraphicsImageRendererContext … cgContext:
    /// The underlying Core Graphics context", B, G, R, A premultiplied, whose transform reads
    /// flipped against the bitmap's y-up pixels.
    @Test(
        "A renderer's context is a bitmap context: 20 × 10 points at scale 2 read 40 × 20 pixels, 160 bytes a row, 32 bits a pixel, premultipliedFirst little-endian; its ctm is (2, 0, 0, −2, 0, 20); makeImage() during the drawing shows what is drawn so far"
    )
    func aRenderersContextIsABitmapContext() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        var made: CGImage?
        _ = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { context in
            let cg = context.cgContext
            #expect(cg.width == 40 && cg.height == 20 && cg.bytesPerRow == 160 && cg.bitsPerPixel == 32 && cg.bitsPerComponent == 8)
            #expect(cg.alphaInfo == .premultipliedFirst && cg.bitmapInfo.contains(.byteOrder32Little))
            #expect(cg.data != nil)
            #expect(cg.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 20), "\(cg.ctm)")
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 5))  // the top-left quarter
            made = cg.makeImage()
            UIColor.red.setFill()
            context.fill(CGRect(x: 10, y: 5, width: 10, height: 5))
        }
        let pixels = try #require(made?.image)
        #expect(pixels.size == PixelSize(width: 40, height: 20))
        #expect(pixels[5, 5] == RGBA8(0, 0, 255), "top left: blue")
        #expect(pixels[30, 15] == RGBA8(0, 0, 0, 0), "bottom right: drawn red only after the image was made")
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 2), false, 1)
        let current = try #require(UIGraphicsGetCurrentContext())
        #expect(current.width == 3 && current.height == 2 && current.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2))
        UIGraphicsEndImageContext()
    }
}
