import CImageCodecs
import StrataCore

// PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp), decoded by their reference libraries straight into the
// premultiplied RGBA layout the compositor uploads (libjpeg-turbo's JCS_EXT_RGBA, libwebp's
// MODE_rgbA); the C side (CImageCodecs) catches libjpeg's errors, which arrive by longjmp.

/// Why image bytes could not be decoded.
public struct ImageDecodingError: Error, CustomStringConvertible, Sendable {
    /// The format tried ("JPEG", "WebP") and the library's message.
    public let format: String
    public let problem: String
    public var description: String { "\(format): \(problem)" }
}

/// The kind of image file bytes hold, by their first bytes.
public enum ImageFileKind: Sendable {
    case png, jpeg, webp

    /// The kind `bytes` start like; nil for anything else.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}

extension RGBAImage {
    /// The most pixels a decoded image may have (16,384 × 16,384, 1 GiB of RGBA): a header
    /// claiming more is refused before anything is allocated.
    public static let maximumDecodedPixels = 16_384 * 16_384

    /// Decodes a JPEG file's bytes (libjpeg-turbo), straight into the image's storage, and turns
    /// the picture upright as its EXIF orientation says (orientations 2…8 mirror or turn the
    /// pixels; UIKit draws such an image upright too).
    /// - Throws: `ImageDecodingError` with libjpeg's message for data that is not a JPEG, is cut
    ///   off in its header, or is larger than `maximumDecodedPixels`.
    public init(jpegData bytes: [UInt8]) throws {
        let stored = try Self.storedJPEG(bytes)
        self = stored.image.upright(exifOrientation: stored.exifOrientation)
    }

    /// Decodes a JPEG file's bytes (libjpeg-turbo) as stored, with the EXIF orientation (1…8; 1
    /// when there is none) that says how to show them: for callers that keep the orientation
    /// beside the pixels, as `UIImage` does.
    /// - Throws: as `init(jpegData:)`.
    public static func storedJPEG(_ bytes: [UInt8]) throws -> (image: RGBAImage, exifOrientation: Int) {
        var message = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0, orientation: Int32 = 1
        let header = bytes.withUnsafeBufferPointer {
            strata_jpeg_header($0.baseAddress, $0.count, &width, &height, &orientation, &message, Int32(message.count))
        }
        guard header == 0 else { throw ImageDecodingError(format: "JPEG", problem: Self.text(message)) }
        let pixels = try Self.decode("JPEG", width: Int(width), height: Int(height), message: &message) { out, message in
            bytes.withUnsafeBufferPointer {
                strata_jpeg_decode_into($0.baseAddress, $0.count, out, width, height, message, Int32(256))
            }
        }
        let tag = (1...8).contains(Int(orientation)) ? Int(orientation) : 1
        return (RGBAImage(size: PixelSize(width: Int(width), height: Int(height)), pixels: pixels), tag)
    }

    /// Decodes a PNG file's bytes (libpng; any bit depth, palette, grey or colour), straight into
    /// the image's storage, premultiplied (a pass only for files that can hold translucency).
    /// - Throws: `ImageDecodingError` with libpng's message for data that is not a PNG, is
    ///   damaged or cut short, or is larger than `maximumDecodedPixels`.
    public init(pngData bytes: [UInt8]) throws {
        self = try Self.decodeStill("PNG", bytes, header: strata_png_header, decodeInto: strata_png_decode_into)
    }

    /// Decodes a WebP file's bytes (libwebp; still images), straight into the image's storage.
    /// - Throws: `ImageDecodingError` for data that is not a WebP image, is cut short or
    ///   animated, or is larger than `maximumDecodedPixels`.
    public init(webpData bytes: [UInt8]) throws {
        self = try Self.decodeStill("WebP", bytes, header: strata_webp_header, decodeInto: strata_webp_decode_into)
    }

    /// A C codec's header read (bytes, count, width, height, message, its size → status).
    private typealias HeaderReader = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    /// A C codec's decode into given storage (bytes, count, pixels, width, height, message, its size → status).
    private typealias Decoder = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int32, Int32, UnsafeMutablePointer<CChar>?, Int32) -> Int32

    /// Reads the header with `header`, then decodes the pixels into the image's storage with
    /// `decodeInto`; each failure is an `ImageDecodingError` with the codec's message.
    private static func decodeStill(_ format: String, _ bytes: [UInt8], header: HeaderReader, decodeInto: Decoder) throws -> RGBAImage {
        var message = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { header($0.baseAddress, $0.count, &width, &height, &message, Int32(message.count)) }
        guard status == 0 else { throw ImageDecodingError(format: format, problem: Self.text(message)) }
        let pixels = try Self.decode(format, width: Int(width), height: Int(height), message: &message) { out, message in
            bytes.withUnsafeBufferPointer { decodeInto($0.baseAddress, $0.count, out, width, height, message, Int32(256)) }
        }
        return RGBAImage(size: PixelSize(width: Int(width), height: Int(height)), pixels: pixels)
    }

    /// Makes the pixel storage for a `width`×`height` image and lets `decode` fill it (it returns
    /// the C status and writes its message into the buffer it is given).
    private static func decode(
        _ format: String, width: Int, height: Int, message: inout [CChar],
        _ decode: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> [UInt8] {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= maximumDecodedPixels else {
            throw ImageDecodingError(
                format: format, problem: "\(width)×\(height) pixels is more than the \(maximumDecodedPixels) an image may have; scale it down first")
        }
        let count = width * height * 4
        var status: Int32 = 0
        let pixels = message.withUnsafeMutableBufferPointer { text in
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                status = decode(buffer.baseAddress!, text.baseAddress!)
                initialized = count  // bytes: every value is valid; on failure the array is dropped
            }
        }
        guard status == 0 else { throw ImageDecodingError(format: format, problem: text(message)) }
        return pixels
    }

    /// Decodes PNG, JPEG or WebP bytes, whichever they are.
    /// - Throws: `ImageDecodingError` (or the PNG reader's error) when they are none of these, or damaged.
    public init(imageData bytes: [UInt8]) throws {
        let stored = try Self.stored(imageData: bytes)
        self = stored.image.upright(exifOrientation: stored.exifOrientation)
    }

    /// Decodes PNG, JPEG or WebP bytes as stored, with the EXIF orientation (1…8) that says how
    /// to show them (1 for PNG and WebP, and for a JPEG without one).
    /// - Throws: as `init(imageData:)`.
    public static func stored(imageData bytes: [UInt8]) throws -> (image: RGBAImage, exifOrientation: Int) {
        switch ImageFileKind(sniffing: bytes) {
        case .png: (try RGBAImage(pngData: bytes), 1)
        case .jpeg: try storedJPEG(bytes)
        case .webp: (try RGBAImage(webpData: bytes), 1)
        case nil: throw ImageDecodingError(format: "image", problem: "the bytes are not PNG, JPEG or WebP (they start \(bytes.prefix(4).map { String($0, radix: 16) }))")
        }
    }

    /// The image as JPEG file bytes (libjpeg-turbo) at `quality` 0…1 (clamped), composited over
    /// black where it is not opaque, as JPEG has no alpha.
    public func jpegData(quality: Double) throws -> [UInt8] {
        let q = Int32((min(max(quality.isNaN ? 0 : quality, 0), 1) * 100).rounded())
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        // Premultiplied over black is the colour channels as they are.
        let status = pixels.withUnsafeBufferPointer { rgba in
            strata_jpeg_encode(rgba.baseAddress, Int32(size.width), Int32(size.height), q, &bytes, &count, &message, Int32(message.count))
        }
        guard status == 0, let bytes else { throw ImageDecodingError(format: "JPEG", problem: Self.text(message)) }
        defer { strata_codec_free(bytes) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: count))
    }

    /// A C message buffer's text (up to its NUL).
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The picture as it is meant to be seen under an EXIF orientation (1: as stored; 2…8: mirrored
    /// and/or turned; 5…8 swap width and height). Any other number gives the image as it is.
    public func upright(exifOrientation orientation: Int) -> RGBAImage {
        guard (2...8).contains(orientation) else { return self }
        let w = size.width, h = size.height
        let swaps = orientation >= 5
        let outW = swaps ? h : w, outH = swaps ? w : h
        var out = [UInt8](repeating: 0, count: outW * outH * 4)
        pixels.withUnsafeBytes { source in
            let src = source.bindMemory(to: UInt32.self)
            out.withUnsafeMutableBytes { target in
                let dst = target.bindMemory(to: UInt32.self)
                for y in 0..<outH {
                    for x in 0..<outW {
                        // The stored pixel shown at (x, y).
                        let (sx, sy): (Int, Int) =
                            switch orientation {
                            case 2: (w - 1 - x, y)
                            case 3: (w - 1 - x, h - 1 - y)
                            case 4: (x, h - 1 - y)
                            case 5: (y, x)
                            case 6: (y, h - 1 - x)
                            case 7: (w - 1 - y, h - 1 - x)
                            default: (w - 1 - y, x)  // 8
                            }
                        dst[y * outW + x] = src[sy * w + sx]
                    }
                }
            }
        }
        return RGBAImage(size: PixelSize(width: outW, height: outH), pixels: out)
    }
}
