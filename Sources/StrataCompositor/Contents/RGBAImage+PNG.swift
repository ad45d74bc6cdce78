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

    /// Reads a PNG file into premultiplied RGBA8. Any thread.
    /// - Throws: `PNGError` when the file is missing or not a PNG.
    public init(pngFile path: String) throws {
        try self.init(cairoSurface: cairo_image_surface_create_from_png(path), path: path)
    }

    /// Decodes PNG file bytes into premultiplied RGBA8. Any thread.
    /// - Throws: `PNGError` when the bytes are not a whole PNG.
    public init(pngData bytes: [UInt8]) throws {
        let source = ByteSource(bytes)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, buffer, length in
                let source = Unmanaged<ByteSource>.fromOpaque(closure!).takeUnretainedValue()
                let n = Int(length)
                guard source.offset + n <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                source.bytes.withUnsafeBufferPointer { _ = memcpy(buffer!, $0.baseAddress! + source.offset, n) }
                source.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        try self.init(cairoSurface: surface, path: "(memory)")
    }

    /// The pixels of a surface Cairo decoded, premultiplied RGBA8, top row first; destroys it.
    private init(cairoSurface surface: OpaquePointer?, path: String) throws {
        guard let surface else { throw PNGError(path: path, reason: "cannot read") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height { swapRedAndBlue(data + y * stride, into: out.baseAddress! + y * width * 4, pixels: width) }
        }
        // RGB24 leaves its fourth byte unused: those pixels are opaque.
        if format == CAIRO_FORMAT_RGB24 {
            for i in Swift.stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        }
        self.init(size: PixelSize(width: width, height: height), pixels: pixels)
    }
}

/// Bytes Cairo writes a PNG into.
private final class ByteSink {
    var bytes: [UInt8] = []
}

/// Bytes Cairo reads a PNG from, and how far it has read.
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
