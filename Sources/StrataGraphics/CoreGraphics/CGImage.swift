import CCairo
import Foundation
import Synchronization

/// Numbers CGImages, so the compositor can tell two images apart however memory is reused.
private let imageCounter = Atomic<UInt64>(0)
import StrataCore

/// A bitmap image: premultiplied RGBA8 pixels, top row first. What `CALayer.contents` shows and
/// what `CGContext.draw(_:in:)` paints.
///
/// Immutable, so safe to share between threads.
public final class CGImage: Sendable {
    /// The pixels.
    public let image: RGBAImage
    /// A number no other image has: layers showing this image share one GPU texture.
    package let id: UInt64

    /// Wraps an image's pixels.
    public init(image: RGBAImage) {
        self.image = image
        id = imageCounter.add(1, ordering: .relaxed).newValue
    }

    /// Reads a PNG file.
    /// - Throws: `PNGError` when the file is missing or not a PNG.
    public convenience init(pngFile path: String) throws {
        self.init(image: try RGBAImage(pngFile: path))
    }

    /// Width in pixels.
    public var width: Int { image.size.width }
    /// Height in pixels.
    public var height: Int { image.size.height }
}

/// A bitmap in Cairo's ARGB32 format (premultiplied, native-endian 32-bit words: B, G, R, A bytes
/// on little-endian machines), held in a Swift array.
///
/// The array is copy-on-write: sending the whole bitmap to the compositor shares it (no copy), and
/// the next paint copies it only if the render thread still holds what was sent (it drops each
/// commit once applied). Cairo paints through a surface made over the array for each operation.
/// Main actor in practice (owned by one layer's backing store or one drawing call); not shared.
package final class CairoBitmap {
    package let size: PixelSize
    /// Bytes between rows (Cairo's stride for the width: the width × 4).
    package let stride: Int
    private var bytes: [UInt8]

    /// A cleared bitmap of `size` pixels, or nil when the size cannot be held.
    package init?(size: PixelSize) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: size.width)))
        guard size.width > 0, size.height > 0, stride >= size.width * 4,
            size.height <= Int(Int32.max) / stride
        else { return nil }
        self.size = size
        self.stride = stride
        bytes = [UInt8](repeating: 0, count: stride * size.height)
    }

    /// A bitmap holding `image`'s pixels.
    package convenience init?(image: RGBAImage) {
        self.init(size: image.size)
        let width = size.width, stride = self.stride
        bytes.withUnsafeMutableBytes { data in
            image.pixels.withUnsafeBytes { source in
                for y in 0..<size.height {
                    swapRedAndBlue(source.baseAddress! + y * width * 4, into: data.baseAddress! + y * stride, pixels: width)
                }
            }
        }
    }

    /// Runs `body` with a Cairo image surface over the pixels, valid only inside it. What is
    /// painted through it lands in the pixels (copied first if a sent commit still shares them).
    package func withSurface<T>(_ body: (OpaquePointer) -> T) -> T {
        let (w, h, stride) = (Int32(size.width), Int32(size.height), Int32(self.stride))
        return bytes.withUnsafeMutableBytes { data in
            let surface = cairo_image_surface_create_for_data(data.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, w, h, stride)!
            defer {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            return body(surface)
        }
    }

    /// The pixels of `region` as premultiplied RGBA8, top row first (Cairo stores B, G, R, A on
    /// little-endian machines; this converts them).
    package func rgbaPixels(_ region: PixelRect) -> [UInt8] {
        bytes.withUnsafeBytes { data in
            [UInt8](unsafeUninitializedCapacity: region.width * region.height * 4) { buffer, count in
                var d = 0
                for y in region.y..<(region.y + region.height) {
                    swapRedAndBlue(data.baseAddress! + y * stride + region.x * 4, into: buffer.baseAddress! + d * 4, pixels: region.width)
                    d += region.width
                }
                count = d * 4
            }
        }
    }

    /// The pixels of `region` as Cairo holds them, B, G, R, A (premultiplied), top row first, with
    /// no conversion (the compositor's texture swaps red and blue when sampled). The whole bitmap
    /// is shared, not copied; a part is copied a row at a time.
    package func bgraPixels(_ region: PixelRect) -> [UInt8] {
        let rowBytes = region.width * 4
        if region == PixelRect(x: 0, y: 0, width: size.width, height: size.height), rowBytes == stride {
            return bytes
        }
        return bytes.withUnsafeBytes { data in
            [UInt8](unsafeUninitializedCapacity: rowBytes * region.height) { buffer, count in
                let out = UnsafeMutableRawPointer(buffer.baseAddress!)
                if region.x == 0, rowBytes == stride {
                    memcpy(out, data.baseAddress! + region.y * stride, rowBytes * region.height)
                } else {
                    for row in 0..<region.height {
                        memcpy(out + row * rowBytes, data.baseAddress! + (region.y + row) * stride + region.x * 4, rowBytes)
                    }
                }
                count = rowBytes * region.height
            }
        }
    }

    /// Replaces `region` with the same pixels of `recording`, or clears it when nil.
    package func replace(_ region: PixelRect, with recording: CairoRecording?) {
        withSurface { surface in
            guard let cr = cairo_create(surface) else { return }
            defer { cairo_destroy(cr) }
            cairo_rectangle(cr, Double(region.x), Double(region.y), Double(region.width), Double(region.height))
            cairo_clip(cr)
            if let recording {
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(cr, recording.surface, 0, 0)
            } else {
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            }
            cairo_paint(cr)
        }
    }

    /// The whole bitmap as an image.
    package var image: RGBAImage {
        RGBAImage(size: size, pixels: rgbaPixels(PixelRect(x: 0, y: 0, width: size.width, height: size.height)))
    }
}

/// A Cairo recording surface of a bitmap's extent: it keeps drawing operations, not pixels.
package final class CairoRecording {
    package let surface: OpaquePointer

    /// A recording bounded to `size`, or nil when Cairo cannot create one.
    package init?(size: PixelSize) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }
}
