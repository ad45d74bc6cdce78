import CCairo
import Foundation
import StrataCore

/// A bitmap with a context drawing into it, for image renderers and image contexts. The context
/// is a bitmap context, as UIKit's are: B, G, R, A premultiplied (`premultipliedFirst` with
/// `byteOrder32Little`), so its `width`, `height`, `bytesPerRow`, `data` and `makeImage()` read
/// the bitmap, and its `ctm` reads as Core Graphics' does in UIKit (y flipped: (s, 0, 0, −s, 0,
/// height in pixels) before any change).
///
/// One thread at a time, as its context: made, drawn into and read by the thread that draws.
package final class ImageCanvas {
    package let context: CGContext
    private let memory: BitmapMemory
    /// Pixels per point.
    package let scale: CGFloat

    /// A cleared bitmap of `bounds` (its origin the drawing's top-left) at `requestedScale`
    /// pixels a point (1 when not finite and positive), opaque black first when `opaque`.
    /// - Precondition: the bitmap's pixels can be held (fewer than 2³¹ bytes a row and rows).
    package init(bounds: CGRect, scale requestedScale: CGFloat, opaque: Bool) {
        scale = requestedScale.isFinite && requestedScale > 0 ? requestedScale : 1
        let width = max(Int((bounds.width * scale).rounded(.up)), 1), height = max(Int((bounds.height * scale).rounded(.up)), 1)
        guard
            let memory = BitmapMemory(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                info: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        else {
            preconditionFailure("an image of \(bounds.size) points at scale \(scale) (\(width) × \(height) pixels) is too large to draw into")
        }
        self.memory = memory
        context = CGContext(surface: memory.surface)
        context.bitmap = memory
        if opaque {
            context.setFillColor(CGColor.black)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        context.startDrawing(dirtyRect: bounds)
    }

    /// What is drawn now, as an image (premultiplied RGBA, `scale` pixels a point).
    package func cgImage() -> CGImage {
        CGImage(image: memory.image())
    }
}
