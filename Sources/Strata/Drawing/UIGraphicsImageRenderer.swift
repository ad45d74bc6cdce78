import CCairo
import Foundation
import StrataCore

/// How an image renderer's images are made: UIKit's `UIGraphicsImageRendererFormat`. Main actor.
@MainActor
public final class UIGraphicsImageRendererFormat {
    /// Pixels per point (the main screen's scale by default: the first screen made, or 1).
    public var scale: CGFloat
    /// Whether the image has no alpha channel to speak of: it starts opaque black (false).
    public var opaque = false

    /// The default format: the main screen's scale, not opaque.
    public init() {
        scale = UIScreen.existingMain?.scale ?? 1
    }

    /// The default format.
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format that draws at one pixel per point.
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// A drawing context of an image renderer: UIKit's `UIGraphicsImageRendererContext`. Main actor.
@MainActor
public final class UIGraphicsImageRendererContext {
    /// The Core Graphics context to draw with (points, y down, origin top-left).
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat
    private let canvas: ImageCanvas

    init(canvas: ImageCanvas, format: UIGraphicsImageRendererFormat) {
        self.canvas = canvas
        self.cgContext = canvas.context
        self.format = format
    }

    /// What has been drawn so far, as an image.
    public var currentImage: UIImage { canvas.image() }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the current fill colour in `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes `rect` with the current stroke colour.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Limits later drawing to `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws into new images: UIKit's `UIGraphicsImageRenderer`. Main actor.
///
/// Each call runs `actions` with a fresh bitmap of the renderer's size times its format's scale
/// (cleared, or opaque black for an opaque format) as the current context, so UIKit drawing —
/// `UIBezierPath`, `UIColor.setFill()`, `UIImage.draw`, string drawing — lands in it.
@MainActor
public final class UIGraphicsImageRenderer {
    /// The area drawn, in points.
    public let bounds: CGRect
    /// How the images are made.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of `size` points in the default format.
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    /// A renderer of `size` points in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of `bounds` (its origin is the drawing's top-left) in `format`.
    /// - Precondition: the size is finite and not negative.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        precondition(
            bounds.isFinite && bounds.width >= 0 && bounds.height >= 0,
            "UIGraphicsImageRenderer: bounds \(bounds) must be finite with a size of 0 or more")
        self.bounds = bounds
        self.format = format
    }

    /// Runs `actions` into a new bitmap and returns it as an image of the format's scale.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let canvas = ImageCanvas(bounds: bounds, scale: format.scale, opaque: format.opaque)
        UIGraphicsPushContext(canvas.context)
        actions(UIGraphicsImageRendererContext(canvas: canvas, format: format))
        UIGraphicsPopContext()
        return canvas.image()
    }

    /// Runs `actions` into a new bitmap and returns it as PNG file bytes.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// Runs `actions` into a new bitmap and returns it as JPEG file bytes at
    /// `compressionQuality` (0 most compressed … 1 best, clamped), over black where it is not
    /// opaque (JPEG has no alpha).
    public func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}

/// A bitmap with a context drawing into it, for image renderers and image contexts. Main actor.
@MainActor
final class ImageCanvas {
    let context: CGContext
    private let surface: OpaquePointer
    private let pixelSize: PixelSize
    private let scale: CGFloat

    init(bounds: CGRect, scale requestedScale: CGFloat, opaque: Bool) {
        scale = requestedScale.isFinite && requestedScale > 0 ? requestedScale : 1
        pixelSize = PixelSize(
            width: max(Int((bounds.width * scale).rounded(.up)), 1), height: max(Int((bounds.height * scale).rounded(.up)), 1))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelSize.width), Int32(pixelSize.height))
        context = CGContext(surface: surface)
        if opaque {
            context.setFillColor(UIColor.black.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height))
        }
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        context.startDrawing(dirtyRect: bounds)
    }

    isolated deinit { cairo_surface_destroy(surface) }

    /// What is drawn now, as an image (premultiplied RGBA, the canvas's scale).
    func image() -> UIImage {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let (w, h) = (pixelSize.width, pixelSize.height)
        // Cairo stores B, G, R, A on little-endian machines, premultiplied as RGBAImage is.
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<h { swapRedAndBlue(data + y * stride, into: out.baseAddress! + y * w * 4, pixels: w) }
        }
        return UIImage(cgImage: CGImage(image: RGBAImage(size: pixelSize, pixels: pixels)), scale: scale)
    }
}

/// Image contexts begun and not yet ended, innermost last. Main actor.
@MainActor private var imageContexts: [ImageCanvas] = []

/// Begins drawing into a new image of `size` points at scale 1, not opaque, as the current context.
@MainActor public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Begins drawing into a new image of `size` points, `opaque` or not, at `scale` (0: the main
/// screen's scale), as the current context; end it with `UIGraphicsEndImageContext()`.
@MainActor public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 ? scale : (UIScreen.existingMain?.scale ?? 1)
    let canvas = ImageCanvas(bounds: CGRect(origin: .zero, size: size), scale: scale, opaque: opaque)
    imageContexts.append(canvas)
    UIGraphicsPushContext(canvas.context)
}

/// What the innermost image context holds, as an image; nil when none is begun.
@MainActor public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    imageContexts.last?.image()
}

/// Ends the innermost image context (and stops it being the current context).
@MainActor public func UIGraphicsEndImageContext() {
    guard let canvas = imageContexts.popLast() else { return }
    if UIGraphicsGetCurrentContext() === canvas.context { UIGraphicsPopContext() }
}
