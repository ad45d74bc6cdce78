import CCairo
import Foundation
import StrataCore

/// Why an image could not be written or read as PNG.
public struct PNGError: Error, Sendable, CustomStringConvertible {
    /// The file involved.
    public let path: String
    /// Cairo's status text.
    public let reason: String

    public var description: String { "PNG file \(path): \(reason)" }
}

extension RGBAImage {
    /// Writes the image as an 8-bit RGBA PNG (straight alpha, as PNG stores it). Any thread.
    /// - Throws: `PNGError` with Cairo's reason when the file cannot be written.
    public func writePNG(to path: String) throws {
        try withCairoSurface(path: path) { surface in cairo_surface_write_to_png(surface, path) }
    }

    /// The image as PNG file bytes (8-bit RGBA, straight alpha). Any thread.
    /// - Throws: `PNGError` when Cairo cannot encode it.
    public func pngData() throws -> [UInt8] {
        let sink = ByteSink()
        try withCairoSurface(path: "(memory)") { surface in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, bytes, length in
                    let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return sink.bytes
    }

    /// Runs `write` with a Cairo surface holding the image; throws when it reports a failure.
    private func withCairoSurface(path: String, _ write: (OpaquePointer) -> cairo_status_t) throws {
        let width = size.width, height = size.height
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw PNGError(path: path, reason: "cannot allocate a \(size) image")
        }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        // Cairo's ARGB32 is premultiplied, native-endian: bytes B, G, R, A on little-endian machines.
        pixels.withUnsafeBytes { source in
            for y in 0..<height { swapRedAndBlue(source.baseAddress! + y * width * 4, into: data + y * stride, pixels: width) }
        }
        cairo_surface_mark_dirty(surface)
        let status = write(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
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

/// Bytes Cairo writes a PNG into.
private final class ByteSink {
    var bytes: [UInt8] = []
}
