import Foundation
import StrataCore
import StrataGraphics
import Testing

/// The codecs below Core Animation (StrataGraphics' ImageIO part): PNG through Cairo and libpng,
/// JPEG through libjpeg-turbo, with no GPU and no UIKit.
@Suite struct RGBAImageCodecTests {
    /// A 20×20 picture: a translucent red square (alpha 128, premultiplied) on opaque white.
    static func translucentSquare() -> RGBAImage {
        var image = RGBAImage(size: PixelSize(width: 20, height: 20), filledWith: .white)
        for y in 5..<15 {
            for x in 5..<15 {
                let i = (y * 20 + x) * 4
                image.pixels.replaceSubrange(i..<(i + 4), with: [128, 0, 0, 128])
            }
        }
        return image
    }

    @Test("A PNG written to a file reads back with every byte the same; a folder that does not exist throws PNGError")
    func pngFileRoundTrip() throws {
        let image = Self.translucentSquare()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        #expect(try RGBAImage(pngFile: path) == image)
        #expect(try RGBAImage(pngData: image.pngData()) == image)
        #expect(throws: PNGError.self) { try image.writePNG(to: "/nonexistent-dir/x.png") }
    }

    @Test(
        "Every premultiplied value (each colour up to its alpha, alpha 0...255) survives a PNG written straight and read back premultiplied; the error of an unwritable path says what to check"
    )
    func pngKeepsEveryPremultipliedValue() throws {
        var pixels: [UInt8] = []
        for alpha in 0...255 {
            for colour in 0...255 {
                let c = UInt8(min(colour, alpha))
                pixels += [c, c / 2, UInt8(alpha) - c, UInt8(alpha)].map { alpha == 0 ? 0 : $0 }
            }
        }
        let image = RGBAImage(size: PixelSize(width: 256, height: 256), pixels: pixels)
        let back = try RGBAImage(pngData: image.pngData())
        let differing = (0..<(256 * 256)).filter { back.pixels[($0 * 4)..<($0 * 4 + 4)] != image.pixels[($0 * 4)..<($0 * 4 + 4)] }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, the first at \(differing.first.map { ($0 % 256, $0 / 256) } as Any)")
        let error = #expect(throws: PNGError.self) { try image.writePNG(to: "/nonexistent-dir/x.png") }
        #expect(error?.description == "PNG file /nonexistent-dir/x.png: cannot write the file (does /nonexistent-dir exist, and may it be written?)")
    }

    @Test("File kinds by their first bytes: PNG, JPEG and WebP signatures; anything else is nil")
    func sniffing() throws {
        #expect(ImageFileKind(sniffing: try Self.translucentSquare().pngData()) == .png)
        #expect(ImageFileKind(sniffing: try Self.translucentSquare().jpegData(quality: 0.5)) == .jpeg)
        #expect(ImageFileKind(sniffing: Array("RIFF\0\0\0\0WEBPVP8L".utf8)) == .webp)
        #expect(ImageFileKind(sniffing: Array("GIF89a".utf8)) == nil)
        #expect(ImageFileKind(sniffing: []) == nil)
    }

    @Test("JPEG at quality 0.9 keeps a 32×16 red and blue picture: (8, 8) red and (24, 8) blue within 8 of each channel")
    func jpegRoundTrip() throws {
        var image = RGBAImage(size: PixelSize(width: 32, height: 16), filledWith: .red)
        for y in 0..<16 {
            for x in 16..<32 { image.pixels.replaceSubrange((y * 32 + x) * 4..<(y * 32 + x) * 4 + 4, with: [0, 0, 255, 255]) }
        }
        let decoded = try RGBAImage(imageData: image.jpegData(quality: 0.9))
        #expect(decoded.size == PixelSize(width: 32, height: 16))
        func pixel(_ x: Int, _ y: Int) -> [Int] { decoded.pixels[(y * 32 + x) * 4..<(y * 32 + x) * 4 + 4].map(Int.init) }
        for (got, want) in zip(pixel(8, 8), [255, 0, 0, 255]) { #expect(abs(got - want) <= 8, "red: \(pixel(8, 8))") }
        for (got, want) in zip(pixel(24, 8), [0, 0, 255, 255]) { #expect(abs(got - want) <= 8, "blue: \(pixel(24, 8))") }
    }

    @Test("Bytes that are no image throw, naming the format tried: a JPEG cut after its start marker, a PNG signature alone")
    func damagedBytesThrow() throws {
        let jpeg = try Self.translucentSquare().jpegData(quality: 0.5)
        let error = #expect(throws: ImageDecodingError.self) { try RGBAImage(jpegData: Array(jpeg.prefix(4))) }
        #expect(error?.format == "JPEG")
        #expect(throws: (any Error).self) { try RGBAImage(pngData: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }
        #expect(throws: (any Error).self) { try RGBAImage(imageData: Array("not an image".utf8)) }
    }
}
