import CCairo
import Foundation
import StrataCore

/// A bitmap with a context drawing into it, for image renderers and image contexts.
///
/// One thread at a time, as its context: made, drawn into and read by the thread that draws.
package final class ImageCanvas {
    package let context: CGContext
    private let surface: OpaquePointer
    private let pixelSize: PixelSize
    /// Pixels per point.
    package let scale: CGFloat

    /// A cleared bitmap of `bounds` (its origin the drawing's top-left) at `requestedScale`
    /// pixels a point (1 when not finite and positive), opaque black first when `opaque`.
    package init(bounds: CGRect, scale requestedScale: CGFloat, opaque: Bool) {
        scale = requestedScale.isFinite && requestedScale > 0 ? requestedScale : 1
        pixelSize = PixelSize(
            width: max(Int((bounds.width * scale).rounded(.up)), 1), height: max(Int((bounds.height * scale).rounded(.up)), 1))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelSize.width), Int32(pixelSize.height))
        context = CGContext(surface: surface)
        if opaque {
            context.setFillColor(CGColor.black)
            context.fill(CGRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height))
        }
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        context.startDrawing(dirtyRect: bounds)
    }

    deinit { cairo_surface_destroy(surface) }

    /// What is drawn now, as an image (premultiplied RGBA, `scale` pixels a point).
    package func cgImage() -> CGImage {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let (w, h) = (pixelSize.width, pixelSize.height)
        // Cairo stores B, G, R, A on little-endian machines, premultiplied as RGBAImage is.
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<h { swapRedAndBlue(data + y * stride, into: out.baseAddress! + y * w * 4, pixels: w) }
        }
        return CGImage(image: RGBAImage(size: pixelSize, pixels: pixels))
    }
}
