import Foundation
import StrataCompositor
import StrataCore

/// An image with a scale, drawn upright in UIKit's y-down contexts: UIKit's `UIImage`.
///
/// Immutable, so safe to share between threads.
public final class UIImage: Sendable {
    /// The bitmap.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat

    /// Wraps a bitmap; `scale` pixels make one point.
    public init(cgImage: CGImage, scale: CGFloat = 1) {
        precondition(scale.isFinite && scale > 0, "UIImage: scale must be a finite number above 0, got \(scale)")
        self.cgImage = cgImage
        self.scale = scale
    }

    /// Reads a PNG, JPEG or WebP file; nil when it is missing or none of these. A name ending in
    /// `@2x` or `@3x` before its extension gives the scale, as UIKit reads it.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(data: data, scale: scale)
    }

    /// Decodes PNG, JPEG or WebP file bytes at scale 1; nil when they are none of these, or
    /// damaged, as UIKit answers nil for data it cannot decode. A JPEG's EXIF orientation is
    /// applied to the pixels, so it draws upright.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes PNG, JPEG or WebP file bytes; `scale` pixels make one point. Nil when they are
    /// none of these, or damaged.
    public convenience init?(data: Data, scale: CGFloat) {
        guard scale.isFinite, scale > 0, let image = try? RGBAImage(imageData: [UInt8](data)) else { return nil }
        self.init(cgImage: CGImage(image: image), scale: scale)
    }

    /// The image as PNG file bytes (RGBA, straight alpha); nil for an image without a bitmap.
    public func pngData() -> Data? {
        guard let cgImage, let bytes = try? cgImage.image.pngData() else { return nil }
        return Data(bytes)
    }

    /// The image as JPEG file bytes at `compressionQuality` (0 most compressed … 1 best, clamped),
    /// over black where it is not opaque (JPEG has no alpha); nil for an image without a bitmap.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let cgImage, let bytes = try? cgImage.image.jpegData(quality: Double(compressionQuality)) else { return nil }
        return Data(bytes)
    }

    /// The size in points.
    public var size: CGSize {
        CGSize(width: CGFloat(cgImage?.width ?? 0) / scale, height: CGFloat(cgImage?.height ?? 0) / scale)
    }

    /// Draws the image upright, scaled into `rect`, in the current context. Main actor.
    @MainActor public func draw(in rect: CGRect) {
        guard let cgImage, let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.paint(cgImage, in: rect, upright: true)
    }

    /// Draws the image upright at its size in points with its top-left corner at `point`. Main actor.
    @MainActor public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}
