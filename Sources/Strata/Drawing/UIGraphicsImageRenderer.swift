import Foundation
import StrataCore

/// How an image renderer's images are made: UIKit's `UIGraphicsImageRendererFormat`.
///
/// Any thread: its settings are read and changed under a lock, so one format may be shared
/// between threads (and with the renderers made with it, which read it each time they draw).
public final class UIGraphicsImageRendererFormat: @unchecked Sendable {
    private struct Settings {
        var scale: CGFloat
        var opaque = false
    }
    private let settings: Locked<Settings>

    /// Pixels per point (the main screen's scale by default).
    public var scale: CGFloat {
        get { settings.withLock { $0.scale } }
        set { settings.withLock { $0.scale = newValue } }
    }
    /// Whether the image has no alpha channel to speak of: it starts opaque black (false).
    public var opaque: Bool {
        get { settings.withLock { $0.opaque } }
        set { settings.withLock { $0.opaque = newValue } }
    }

    /// The default format: the main screen's scale, not opaque.
    ///
    /// The main screen's scale is the one the first screen made publishes for any thread to read
    /// (`UIImage.mainScreenScale`); before any screen is made it is 3, the scale of the screen
    /// `UIScreen.main` makes when there is none.
    public init() {
        settings = Locked(Settings(scale: UIImage.mainScreenScale))
    }

    /// The default format.
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format that best suits the main screen: its scale, not opaque (the default's).
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// A drawing context of an image renderer: UIKit's `UIGraphicsImageRendererContext`.
///
/// The thread running the renderer's actions only, while they run: it is not `Sendable`.
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

/// Draws into new images: UIKit's `UIGraphicsImageRenderer`.
///
/// Each call runs `actions` with a fresh bitmap of the renderer's size times its format's scale
/// (cleared, or opaque black for an opaque format) as the current context, so UIKit drawing —
/// `UIBezierPath`, `UIColor.setFill()`, `UIImage.draw`, string drawing — lands in it.
///
/// Any thread, as in UIKit: the bitmap is the calling thread's current context while `actions`
/// runs (the current context is per thread), so several threads may render at once, with one
/// renderer or many.
public final class UIGraphicsImageRenderer: Sendable {
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
        let stack = ThreadGraphicsStack.current
        stack.contexts.append(canvas.context)
        actions(UIGraphicsImageRendererContext(canvas: canvas, format: format))
        // Pops the bitmap even if `actions` left contexts of its own pushed above it.
        if let index = stack.contexts.lastIndex(where: { $0 === canvas.context }) { stack.contexts.removeSubrange(index...) }
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

extension ImageCanvas {
    /// What is drawn now, as an image of the canvas's scale.
    func image() -> UIImage { UIImage(cgImage: cgImage(), scale: scale) }
}

/// Begins drawing into a new image of `size` points at scale 1, not opaque, as the current context.
///
/// Any thread; the image context and the current context are per thread, as in UIKit.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Begins drawing into a new image of `size` points, `opaque` or not, at `scale` (0: the main
/// screen's scale, as `UIGraphicsImageRendererFormat` reads it), as the current context; end it
/// with `UIGraphicsEndImageContext()` on the same thread.
///
/// Any thread; the image context and the current context are per thread, as in UIKit.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 ? scale : UIImage.mainScreenScale
    let canvas = ImageCanvas(bounds: CGRect(origin: .zero, size: size), scale: scale, opaque: opaque)
    let stack = ThreadGraphicsStack.current
    stack.imageCanvases.append(canvas)
    stack.contexts.append(canvas.context)
}

/// What this thread's innermost image context holds, as an image; nil when none is begun here.
///
/// Any thread; the image context is per thread, as in UIKit.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    ThreadGraphicsStack.currentIfMade?.imageCanvases.last?.image()
}

/// Ends this thread's innermost image context and takes its context off the current-context
/// stack; does nothing when no image context is begun on this thread.
///
/// Any thread; the image context and the current context are per thread, as in UIKit.
public func UIGraphicsEndImageContext() {
    guard let stack = ThreadGraphicsStack.currentIfMade, let canvas = stack.imageCanvases.popLast() else { return }
    if let index = stack.contexts.lastIndex(where: { $0 === canvas.context }) { stack.contexts.remove(at: index) }
}
