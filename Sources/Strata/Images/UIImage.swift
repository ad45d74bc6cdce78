import Foundation
import StrataCompositor
import StrataCore

/// An image with a scale and an orientation, drawn upright in UIKit's y-down contexts: UIKit's
/// `UIImage`.
///
/// `cgImage` holds the pixels as stored (a JPEG's as its file has them); `imageOrientation` says
/// how to show them, and `size`, drawing, image views and the image's PNG and JPEG data all use
/// the picture as it is meant to be seen. Immutable, so safe to share between threads.
public final class UIImage: Sendable {
    /// How stored pixels are turned to be shown (UIKit's `UIImage.Orientation`, with its raw
    /// values). `.right` is a photo taken with the phone held upright: stored turned 90°
    /// anticlockwise, shown turned back clockwise.
    public enum Orientation: Int, Sendable, CaseIterable {
        /// As stored (the default).
        case up = 0
        /// Turned 180°.
        case down = 1
        /// Stored turned 90° clockwise; shown turned back 90° anticlockwise.
        case left = 2
        /// Stored turned 90° anticlockwise; shown turned back 90° clockwise.
        case right = 3
        /// Mirrored left to right.
        case upMirrored = 4
        /// Mirrored top to bottom.
        case downMirrored = 5
        /// Mirrored, and stored turned 90° clockwise.
        case leftMirrored = 6
        /// Mirrored, and stored turned 90° anticlockwise.
        case rightMirrored = 7

        /// The orientation an EXIF orientation tag (1…8) names; `.up` for any other number.
        init(exif: Int) {
            self =
                switch exif {
                case 2: .upMirrored
                case 3: .down
                case 4: .downMirrored
                case 5: .leftMirrored
                case 6: .right
                case 7: .rightMirrored
                case 8: .left
                default: .up
                }
        }

        /// The EXIF orientation tag (1…8) for this orientation.
        var exif: Int {
            switch self {
            case .up: 1
            case .upMirrored: 2
            case .down: 3
            case .downMirrored: 4
            case .leftMirrored: 5
            case .right: 6
            case .rightMirrored: 7
            case .left: 8
            }
        }

        /// Whether the picture shown is the stored one turned a quarter (width and height swap).
        var swapsSides: Bool { [.left, .right, .leftMirrored, .rightMirrored].contains(self) }
    }

    /// How a resizable image fills the part between its caps (UIKit's `UIImage.ResizingMode`).
    public enum ResizingMode: Int, Sendable {
        /// The interior is repeated at its own size, from its top-left corner.
        case tile = 0
        /// The interior is stretched.
        case stretch = 1
    }

    /// Whether the image is drawn with its own colours or as a shape in the tint colour (UIKit's
    /// `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable {
        /// The context decides; an image view draws the image's own colours.
        case automatic = 0
        /// Always the image's own colours.
        case alwaysOriginal = 1
        /// Always a template: the image's alpha filled with the tint colour.
        case alwaysTemplate = 2
    }

    /// The bitmap as stored; nil for an image made with `init()`.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How the stored pixels are turned to be shown (`.up` by default; a JPEG's EXIF tag).
    public let imageOrientation: Orientation
    /// The caps a resizable image keeps at their size, in points (zero for an ordinary image).
    public let capInsets: UIEdgeInsets
    /// How a resizable image fills its interior (`.tile` unless made with `.stretch`).
    public let resizingMode: ResizingMode
    /// Whether the image is drawn as a template (`.automatic` by default).
    public let renderingMode: RenderingMode
    /// The frames of an animated image, in order; nil for a still image.
    public let images: [UIImage]?
    /// How long an animated image's frames take together, in seconds (0 for a still image).
    public let duration: TimeInterval
    /// The picture as it is shown: `cgImage` turned by the orientation (the same object when
    /// `.up`), what layers show and contexts paint.
    let uprightImage: CGImage?

    /// An image of every attribute (the pixels turned by the orientation already in `uprightImage`).
    init(
        cgImage: CGImage?, uprightImage: CGImage?, scale: CGFloat, orientation: Orientation,
        capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .tile, renderingMode: RenderingMode = .automatic,
        images: [UIImage]? = nil, duration: TimeInterval = 0
    ) {
        self.cgImage = cgImage
        self.uprightImage = uprightImage
        self.scale = scale
        self.imageOrientation = orientation
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.renderingMode = renderingMode
        self.images = images
        self.duration = duration
    }

    /// A copy with some attributes changed; the pixels (and so their GPU upload) are shared.
    private func with(
        capInsets: UIEdgeInsets? = nil, resizingMode: ResizingMode? = nil, renderingMode: RenderingMode? = nil
    ) -> UIImage {
        UIImage(
            cgImage: cgImage, uprightImage: uprightImage, scale: scale, orientation: imageOrientation,
            capInsets: capInsets ?? self.capInsets, resizingMode: resizingMode ?? self.resizingMode,
            renderingMode: renderingMode ?? self.renderingMode, images: images, duration: duration)
    }

    /// An empty image: no bitmap, size zero, scale 1 (UIKit's `UIImage()`).
    public convenience init() {
        self.init(cgImage: nil, uprightImage: nil, scale: 1, orientation: .up)
    }

    /// Wraps a bitmap; `scale` pixels make one point, and `orientation` says how the pixels are
    /// turned to be shown.
    /// - Precondition: `scale` is finite and above 0.
    public convenience init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        precondition(scale.isFinite && scale > 0, "UIImage: scale must be a finite number above 0, got \(scale)")
        let upright = orientation == .up ? cgImage : CGImage(image: cgImage.image.upright(exifOrientation: orientation.exif))
        self.init(cgImage: cgImage, uprightImage: upright, scale: scale, orientation: orientation)
    }

    /// Reads a PNG, JPEG or WebP file; nil when it is missing or none of these. A name ending in
    /// `@2x` or `@3x` before its extension gives the scale, as UIKit reads it.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(ofFileNamed: path))
    }

    /// Decodes PNG, JPEG or WebP file bytes at scale 1; nil when they are none of these, or
    /// damaged, as UIKit answers nil for data it cannot decode. A JPEG's EXIF orientation becomes
    /// `imageOrientation` (the pixels stay as stored; the image is shown upright).
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes PNG, JPEG or WebP file bytes; `scale` pixels make one point. Nil when they are
    /// none of these, or damaged.
    public convenience init?(data: Data, scale: CGFloat) {
        guard scale.isFinite, scale > 0, let stored = try? RGBAImage.stored(imageData: [UInt8](data)) else { return nil }
        self.init(cgImage: CGImage(image: stored.image), scale: scale, orientation: Orientation(exif: stored.exifOrientation))
    }

    /// An animated image of `images` shown in turn over `duration` seconds (UIKit's
    /// `animatedImage(with:duration:)`): its size and scale are the first frame's, and an image
    /// view showing it plays it. Nil for an empty list.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        return UIImage(
            cgImage: first.cgImage, uprightImage: first.uprightImage, scale: first.scale, orientation: first.imageOrientation,
            images: images, duration: duration.isFinite ? max(duration, 0) : 0)
    }

    /// The scale a file name gives: 3 for `name@3x.ext`, 2 for `name@2x.ext`, else 1.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
    }

    /// The image as PNG file bytes (RGBA, straight alpha) of the picture as shown (turned by its
    /// orientation, since PNG has no orientation tag); nil for an image without a bitmap.
    public func pngData() -> Data? {
        guard let uprightImage, let bytes = try? uprightImage.image.pngData() else { return nil }
        return Data(bytes)
    }

    /// The image as JPEG file bytes at `compressionQuality` (0 most compressed … 1 best, clamped),
    /// of the picture as shown, over black where it is not opaque (JPEG has no alpha); nil for an
    /// image without a bitmap.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let uprightImage, let bytes = try? uprightImage.image.jpegData(quality: Double(compressionQuality)) else { return nil }
        return Data(bytes)
    }

    /// The size in points of the picture as shown: the bitmap's pixels over `scale`, width and
    /// height swapped for the quarter-turned orientations.
    public var size: CGSize {
        let w = CGFloat(cgImage?.width ?? 0) / scale, h = CGFloat(cgImage?.height ?? 0) / scale
        return imageOrientation.swapsSides ? CGSize(width: h, height: w) : CGSize(width: w, height: h)
    }

    // MARK: Variants

    /// The same image, resizable: `capInsets` (points) keep their size, the interior is tiled
    /// (UIKit's default for this method). Drawn nine-part by `draw(in:)` and image views.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The same image, resizable: `capInsets` (points) keep their size, the interior is tiled or
    /// stretched as `resizingMode` says.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        with(capInsets: capInsets, resizingMode: resizingMode)
    }

    /// The same image with another rendering mode.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        with(renderingMode: renderingMode)
    }

    /// A new image: `color` where this image has ink, with this image's alpha (UIKit draws the
    /// colour, then the image in destination-in mode), in the same rendering mode.
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: renderingMode)
    }

    /// A new image: `color` where this image has ink, with this image's alpha, in `renderingMode`.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        guard let uprightImage else { return with(renderingMode: renderingMode) }
        let tinted = CGImage(image: uprightImage.image.filled(with: color.cgColor.value))
        return UIImage(
            cgImage: tinted, uprightImage: tinted, scale: scale, orientation: .up, capInsets: capInsets,
            resizingMode: resizingMode, renderingMode: renderingMode, images: images, duration: duration)
    }

    /// Whether `draw(in:)` and image views draw it nine-part.
    var isResizable: Bool { capInsets != .zero }

    // MARK: Drawing

    /// Draws the image upright in `rect` in the current context: scaled to fill it, or, for a
    /// resizable image, nine-part (caps at their size, the interior tiled or stretched). Nothing
    /// without a current context.
    ///
    /// Any thread; the current context is per thread, as in UIKit.
    public func draw(in rect: CGRect) {
        guard let uprightImage, let ctx = UIGraphicsGetCurrentContext() else { return }
        if isResizable {
            ctx.paintNinePart(
                uprightImage, scale: scale, caps: (capInsets.top, capInsets.left, capInsets.bottom, capInsets.right), tiled: resizingMode == .tile, in: rect)
        } else {
            ctx.paint(uprightImage, in: rect, upright: true)
        }
    }

    /// Draws the image upright at its size in points with its top-left corner at `point`.
    ///
    /// Any thread; the current context is per thread, as in UIKit.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}

extension RGBAImage {
    /// The image's alpha filled with `color` (premultiplied): a template drawn in a colour.
    func filled(with color: Color) -> RGBAImage {
        let a = Double(color.alpha)
        let r = Double(color.red) * a, g = Double(color.green) * a, b = Double(color.blue) * a
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let coverage = Double(p[i + 3]) / 255
                p[i] = UInt8((r * coverage * 255).rounded())
                p[i + 1] = UInt8((g * coverage * 255).rounded())
                p[i + 2] = UInt8((b * coverage * 255).rounded())
                p[i + 3] = UInt8((a * coverage * 255).rounded())
                i += 4
            }
        }
        return RGBAImage(size: size, pixels: out)
    }
}
