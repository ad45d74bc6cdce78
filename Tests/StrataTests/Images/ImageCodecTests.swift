import Foundation
import StrataCompositor
import StrataCore
import Testing

@testable import Strata
@testable import StrataQuartz

/// JPEG and WebP through `UIImage`: decoded by libjpeg-turbo and libwebp, encoded by
/// `jpegData(compressionQuality:)`, bad data nil (EXIF orientation: `UIImageOrientationTests`).
@MainActor
@Suite struct ImageCodecTests {
    /// A 32×16 picture: the left half red, the right half blue, as JPEG bytes at quality 0.9.
    static func redBlueJPEG() throws -> Data {
        let image = UIGraphicsImageRenderer(
            size: CGSize(width: 32, height: 16),
            format: {
                let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
            }()
        ).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 16, height: 16))
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 16, y: 0, width: 16, height: 16))
        }
        return try #require(image.jpegData(compressionQuality: 0.9))
    }

    /// `jpeg` with an EXIF block (APP1) saying `orientation`, right after the start marker.
    static func withOrientation(_ jpeg: Data, _ orientation: UInt8) -> Data {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // big-endian TIFF, first IFD at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00,  // Orientation, SHORT, 1
            0x00, 0x00, 0x00, 0x00,  // no next IFD
        ]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
        return jpeg.prefix(2) + Data(app1) + jpeg.dropFirst(2)
    }

    /// Whether `pixel` is within `tolerance` of `expected` in each channel (JPEG is lossy).
    func near(_ pixel: RGBA8, _ expected: RGBA8, _ tolerance: Int = 24) -> Bool {
        abs(Int(pixel.r) - Int(expected.r)) <= tolerance && abs(Int(pixel.g) - Int(expected.g)) <= tolerance
            && abs(Int(pixel.b) - Int(expected.b)) <= tolerance && pixel.a == expected.a
    }

    @Test("jpegData makes a JPEG that UIImage(data:) reads back: 32×16, red at (8, 8), blue at (24, 8)")
    func aJPEGRoundTrips() throws {
        let data = try Self.redBlueJPEG()
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG start marker")
        let image = try #require(UIImage(data: data))
        #expect(image.size == CGSize(width: 32, height: 16) && image.scale == 1)
        let pixels = try #require(image.cgImage?.image)
        #expect(near(pixels[8, 8], RGBA8(255, 0, 0)), "\(pixels[8, 8])")
        #expect(near(pixels[24, 8], RGBA8(0, 0, 255)), "\(pixels[24, 8])")
        let small = try #require(UIImage(data: data)?.jpegData(compressionQuality: 0.1))
        #expect(small.count < data.count, "quality 0.1 makes fewer bytes than 0.9: \(small.count) vs \(data.count)")
    }

    @Test("A lossless WebP with a translucent half decodes premultiplied: red, and blue at alpha 128 as (0, 0, 128, 128)")
    func aWebPDecodes() throws {
        // 8×4: the left half opaque red, the right half blue at alpha 128 (made with Pillow).
        let webp = try #require(Data(base64Encoded: "UklGRiAAAABXRUJQVlA4TBMAAAAvB8AAEA8Q+z//D/yPCoWP6H8AAA=="))
        let image = try #require(UIImage(data: webp))
        #expect(image.size == CGSize(width: 8, height: 4))
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels[1, 1] == RGBA8(255, 0, 0))
        #expect(pixels[6, 2] == RGBA8(0, 0, 128, 128), "\(pixels[6, 2])")
    }

    @Test("Damaged JPEG and WebP bytes give nil, not a crash or an exit")
    func damagedDataGivesNil() throws {
        let jpeg = try Self.redBlueJPEG()
        #expect(UIImage(data: jpeg.prefix(3) + Data(repeating: 0x55, count: 64)) == nil, "a JPEG start marker, then noise")
        #expect(UIImage(data: jpeg.prefix(12)) == nil, "a JPEG cut off inside its header")
        let webp = try #require(Data(base64Encoded: "UklGRiAAAABXRUJQVlA4TBMAAAAvB8AAEA8Q+z//D/yPCoWP6H8AAA=="))
        #expect(UIImage(data: webp.prefix(20)) == nil, "a WebP cut short")
        #expect(throws: ImageDecodingError.self) { try RGBAImage(jpegData: [0xFF, 0xD8, 0xFF, 0x00]) }
    }

    @Test("UIImage(contentsOfFile:) reads JPEG, and @2x in the name gives scale 2")
    func aFileNamedAt2xHasScale2() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-codec-\(getpid())@2x.jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.redBlueJPEG().write(to: URL(fileURLWithPath: path))
        let image = try #require(UIImage(contentsOfFile: path))
        #expect(image.scale == 2 && image.size == CGSize(width: 16, height: 8))
    }

    @Test(
        "PNG through libpng: RGBA red at alpha 128 premultiplied to (128, 0, 0, 128); 16-bit grey and alpha to 8 bits; a palette with a transparent entry",
        arguments: [
            ("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DQwMDw/z8ADX4DfuoeFyEAAAAASUVORK5CYII=", RGBA8(128, 0, 0, 128), RGBA8(0, 0, 255, 255)),
            ("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABEAQAAAAOu2tCAAAAEElEQVR4nGP4DwQNDP//AwAe7AZ7O6hMXQAAAABJRU5ErkJggg==", RGBA8(255, 255, 255, 255), RGBA8(128, 128, 128, 255)),
            (
                "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAMAAADD/I+4AAAABlBMVEUA/wD/AADRm0quAAAAAnRSTlP/AOW3MEoAAAALSURBVHicY2BgBAAABAACv3o/SgAAAABJRU5ErkJggg==",
                RGBA8(0, 255, 0, 255), RGBA8(0, 0, 0, 0)
            ),
        ])
    func pngKinds(base64: String, first: RGBA8, second: RGBA8) throws {
        let bytes = try #require(Data(base64Encoded: base64))
        let image = try #require(UIImage(data: bytes))
        #expect(image.size == CGSize(width: 2, height: 1))
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels[0, 0].isClose(to: first, tolerance: 1), "\(pixels[0, 0])")
        #expect(pixels[1, 0].isClose(to: second, tolerance: 1), "\(pixels[1, 0])")
    }

    @Test("A PNG cut short or with a damaged chunk gives nil; pngData round-trips a translucent image exactly")
    func damagedPNGAndRoundTrip() throws {
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DQwMDw/z8ADX4DfuoeFyEAAAAASUVORK5CYII="))
        #expect(UIImage(data: png.prefix(40)) == nil, "cut inside the image data")
        var damaged = png
        damaged[20] ^= 0xFF  // inside IHDR: its CRC no longer matches
        #expect(UIImage(data: damaged) == nil)
        #expect(throws: ImageDecodingError.self) { try RGBAImage(pngData: [0x89, 0x50, 0x4E, 0x47]) }
        let image = try #require(UIImage(data: png))
        let encoded = try #require(image.pngData())
        let again = try #require(UIImage(data: encoded))
        #expect(again.cgImage?.image == image.cgImage?.image, "decode, encode, decode: the same pixels")
    }
}
