import CImageCodecs
import Foundation
import StrataCore

/// Why an image could not be written or read as PNG.
public struct PNGError: Error, Sendable, CustomStringConvertible {
    /// The file involved.
    public let path: String
    /// What went wrong.
    public let reason: String

    public var description: String { "PNG file \(path): \(reason)" }
}

extension RGBAImage {
    /// The zlib level PNGs are written at: zlib's default, 6. With the Up filter alone a 3840×2160
    /// demo frame takes 142 ms and 245 KB, where Cairo's writer (adaptive filters) took 436 ms and
    /// 221 KB: frames of a video and snapshots are written by the thousand.
    public static let pngCompressionLevel = 6

    /// Writes the image as an 8-bit RGBA PNG (straight alpha, as PNG stores it; libpng). Any thread.
    /// - Throws: `PNGError` with the reason when the image cannot be encoded or the file written.
    public func writePNG(to path: String) throws {
        let bytes = try encodedPNG(path: path)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            let folder = (path as NSString).deletingLastPathComponent
            throw PNGError(path: path, reason: "cannot write the file (does \(folder.isEmpty ? "." : folder) exist, and may it be written?)")
        }
    }

    /// The image as PNG file bytes (8-bit RGBA, straight alpha; libpng). Any thread.
    /// - Throws: `PNGError` when libpng cannot encode it.
    public func pngData() throws -> [UInt8] { try encodedPNG(path: "(memory)") }

    /// The PNG encoding of the pixels (CImageCodecs' `strata_png_encode`).
    private func encodedPNG(path: String) throws -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeBufferPointer { rgba in
            strata_png_encode(
                rgba.baseAddress, Int32(size.width), Int32(size.height), Int32(Self.pngCompressionLevel), &bytes, &count, &message,
                Int32(message.count))
        }
        guard status == 0, let bytes else {
            throw PNGError(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { strata_codec_free(bytes) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Reads a PNG file into premultiplied RGBA8 (libpng, as `init(pngData:)`). Any thread.
    /// - Throws: `PNGError` when the file is missing or not a PNG.
    public init(pngFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw PNGError(path: path, reason: "cannot read the file") }
        do {
            try self.init(pngData: [UInt8](data))
        } catch {
            throw PNGError(path: path, reason: "\(error)")
        }
    }
}
