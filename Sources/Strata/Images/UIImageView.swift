import Foundation
import StrataCore

/// A view that shows an image: UIKit's `UIImageView`. Main actor.
///
/// The image is the layer's `contents` (uploaded once as a texture, not redrawn), placed by
/// `contentMode` (`.scaleToFill` by default) at the image's own scale and turned upright by its
/// orientation. A resizable image is drawn nine-part: stretched by the compositor (the layer's
/// `contentsCenter`), or, for a tiled interior larger than a pixel, drawn tiled for the view's
/// size when it changes. A template image (`.alwaysTemplate`) shows the image's alpha in
/// `tintColor`. The view sizes itself to the image (`sizeThatFits(_:)`, `intrinsicContentSize`,
/// and `init(image:)`'s frame), and takes no touches by default.
///
/// Frame animations (`animationImages` with `startAnimating()`, or an animated `UIImage`) are
/// played by the render thread: the frames are put one above the other in one texture and the
/// layer's `contentsRect` steps through them, so no main-thread work happens per frame.
@MainActor
open class UIImageView: UIView {
    /// An image view with the given frame and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
    }

    /// An image view the size of `image`, at the origin, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showCurrentImage()  // an initializer's own assignment runs no observer
    }

    /// An image view the size of `image`, showing `highlightedImage` while highlighted.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
        showCurrentImage()
    }

    /// Creates an image view from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The image shown (nil by default). An animated image (`UIImage.animatedImage`) plays,
    /// repeating, while it is shown.
    open var image: UIImage? {
        didSet {
            guard image !== oldValue else { return }
            showCurrentImage()
            invalidateIntrinsicContentSize()
        }
    }

    /// The image shown while `isHighlighted` (nil: `image`).
    open var highlightedImage: UIImage? {
        didSet { if highlightedImage !== oldValue { showCurrentImage() } }
    }

    /// Whether the view shows `highlightedImage` (false).
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { showCurrentImage() } }
    }

    // MARK: Frame animations

    /// The frames `startAnimating()` plays, in order (nil by default). Setting it stops a
    /// running animation, as UIKit does.
    open var animationImages: [UIImage]? {
        didSet { if isAnimating { stopAnimating() } }
    }

    /// The frames played while `isHighlighted` (nil: `animationImages`).
    open var highlightedAnimationImages: [UIImage]?

    /// How long one pass through the frames takes, in seconds; 0 (the default) means a thirtieth
    /// of a second per frame.
    open var animationDuration: TimeInterval = 0

    /// How many passes the animation makes; 0 (the default) repeats until `stopAnimating()`.
    open var animationRepeatCount = 0

    /// Whether a frame animation started by `startAnimating()` is running: false again after
    /// `stopAnimating()` and once a limited number of passes has been shown.
    open private(set) var isAnimating = false

    /// Starts playing `animationImages` (nothing when there are none): the frames step on the
    /// render thread from the next frame, whatever the main thread does.
    open func startAnimating() {
        guard let frames = animationFrames, !frames.isEmpty else { return }
        isAnimating = true
        showCurrentImage()
    }

    /// Stops the frame animation; the view shows `image` again.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        showCurrentImage()
    }

    /// The image shown now: `highlightedImage` while highlighted (when there is one), else `image`.
    private var shownImage: UIImage? { (isHighlighted ? highlightedImage : nil) ?? image }

    /// The whole of the contents, in unit coordinates (`contentsRect` and `contentsCenter` of
    /// an image shown plainly).
    private static let whole = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// The frames `startAnimating()` plays now.
    private var animationFrames: [UIImage]? {
        (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages
    }

    /// The running frame animation's group (its completion tells that it ended).
    private var playingGroup: UInt64?
    /// The frames the strip was made of, their tint, and the strip with its scale.
    private var strip: (frames: [ObjectIdentifier], tint: UIColor?, image: CGImage, scale: CGFloat)?

    // MARK: Showing

    /// The last template image tinted: its bitmap, the tint, and the result.
    private var tinted: (source: ObjectIdentifier, tint: UIColor, image: CGImage)?

    /// Shows the current image (or frame animation) in the layer.
    private func showCurrentImage() {
        stopPlaying()
        if isAnimating, let frames = animationFrames, !frames.isEmpty {
            let duration = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
            return play(frames, duration: duration, repeatCount: animationRepeatCount)
        }
        let shown = shownImage
        if let shown, let frames = shown.images, frames.count > 1 {
            let duration = shown.duration > 0 ? shown.duration : Double(frames.count) / 30
            return play(frames, duration: duration, repeatCount: 0)
        }
        guard let shown, let bitmap = shown.uprightImage else {
            layer.contents = nil
            layer.contentsCenter = Self.whole
            return
        }
        show(bitmap: shown.renderingMode == .alwaysTemplate ? tint(bitmap) : bitmap, of: shown)
    }

    /// Puts `bitmap` (the shown image's, tinted when a template) in the layer.
    private func show(bitmap: CGImage, of shown: UIImage) {
        contentScaleFactorIsExplicit = true
        layer.contentsRect = Self.whole
        if shown.isResizable, shown.resizingMode == .tile, interiorIsLargerThanAPixel(shown) {
            // Tiles need drawing at the view's size: done at layout, when the size is known.
            layer.contentsCenter = Self.whole
            drawTiled(shown, bitmap: bitmap)
            return
        }
        layer.contents = bitmap
        layer.contentsScale = shown.scale
        layer.contentsCenter = shown.isResizable ? Self.unitCenter(of: shown) : Self.whole
    }

    /// The stretchable part of a resizable image, in unit coordinates of its bitmap.
    private static func unitCenter(of image: UIImage) -> CGRect {
        let size = image.size
        guard size.width > 0, size.height > 0 else { return Self.whole }
        let c = image.capInsets
        let left = min(max(c.left, 0), size.width), top = min(max(c.top, 0), size.height)
        let width = max(size.width - left - max(c.right, 0), 0), height = max(size.height - top - max(c.bottom, 0), 0)
        return CGRect(x: left / size.width, y: top / size.height, width: width / size.width, height: height / size.height)
    }

    /// Whether tiling the image's interior differs from stretching it (more than one pixel
    /// across or down).
    private func interiorIsLargerThanAPixel(_ image: UIImage) -> Bool {
        let c = image.capInsets, size = image.size
        return (size.width - c.left - c.right) * image.scale > 1 || (size.height - c.top - c.bottom) * image.scale > 1
    }

    /// Draws a tiled resizable image at the view's size into the layer's contents.
    private func drawTiled(_ image: UIImage, bitmap: CGImage) {
        guard bounds.width > 0, bounds.height > 0 else {
            layer.contents = nil
            return
        }
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        let source = UIImage(
            cgImage: bitmap, uprightImage: bitmap, scale: image.scale, orientation: .up, capInsets: image.capInsets, resizingMode: .tile)
        let drawn = UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            source.draw(in: CGRect(origin: .zero, size: bounds.size))
        }
        layer.contents = drawn.cgImage
        layer.contentsScale = image.scale
    }

    /// `bitmap` as a template in the current tint colour (kept for the next call with the same two).
    private func tint(_ bitmap: CGImage) -> CGImage {
        let color: UIColor = tintColor
        if let tinted, tinted.source == ObjectIdentifier(bitmap), tinted.tint == color { return tinted.image }
        let image = CGImage(image: bitmap.image.filled(with: color.cgColor.value))
        tinted = (ObjectIdentifier(bitmap), color, image)
        return image
    }

    /// Plays `frames` on the render thread: a strip of them as the contents, `contentsRect`
    /// stepping through it.
    private func play(_ frames: [UIImage], duration: TimeInterval, repeatCount: Int) {
        let template = frames[0].renderingMode == .alwaysTemplate
        let strip = makeStrip(of: frames, tint: template ? tintColor : nil)
        let n = CGFloat(frames.count)
        contentScaleFactorIsExplicit = true
        layer.contents = strip.image
        layer.contentsScale = strip.scale
        layer.contentsCenter = Self.whole
        // The model shows the last frame: what a finished, limited animation leaves until the
        // main thread hears of its end.
        let first = CGRect(x: 0, y: 0, width: 1, height: 1 / n), last = CGRect(x: 0, y: (n - 1) / n, width: 1, height: 1 / n)
        layer.contentsRect = last
        let group = AnimationLedger.shared.startAnimationGroup { [weak self] group, finished in
            self?.playingEnded(group: group, finished: finished)
        }
        playingGroup = group
        let animation = LayerAnimation(
            kind: .absolute(from: .contentsRect(first.core), to: .contentsRect(last.core)), curve: .steps(frames.count),
            beginTime: 0, duration: duration, repeatCount: repeatCount > 0 ? Double(repeatCount) : .infinity, group: group)
        layer.addAnimation(animation)
    }

    /// Stops the frame animation shown (if any) without changing `isAnimating`.
    private func stopPlaying() {
        guard let group = playingGroup else { return }
        playingGroup = nil
        layer.removeAnimations(group: group)
    }

    /// A frame animation ended: run to its end (a limited one), or removed (stopped, or its
    /// layer left the screen).
    private func playingEnded(group: UInt64, finished: Bool) {
        guard group == playingGroup else { return }
        playingGroup = nil
        // A view on no screen at the commit had its animation dropped: it plays when it gets one.
        if finished, window != nil {
            isAnimating = false
            showCurrentImage()
        }
    }

    /// Restarts a frame animation that was dropped when the view left its window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, playingGroup == nil, isAnimating || (image?.images?.count ?? 0) > 1 { showCurrentImage() }
    }

    /// The frames one above the other in one image (made again only when the frames or the
    /// tint change), each at the first frame's size; shrunk together when the strip would be
    /// taller than every GPU's texture limit allows (16,384 pixels).
    private func makeStrip(of frames: [UIImage], tint: UIColor?) -> (image: CGImage, scale: CGFloat) {
        let ids = frames.map { ObjectIdentifier($0) }
        if let strip, strip.frames == ids, strip.tint == tint { return (strip.image, strip.scale) }
        let size = frames[0].size
        let tallest: CGFloat = 16_384
        var scale = frames[0].scale
        if size.height * scale * CGFloat(frames.count) > tallest { scale = tallest / (max(size.height, 1) * CGFloat(frames.count)) }
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: size.width, height: size.height * CGFloat(frames.count)), format: format).image { _ in
            for (k, frame) in frames.enumerated() {
                frame.draw(in: CGRect(x: 0, y: size.height * CGFloat(k), width: size.width, height: size.height))
            }
        }
        var image = drawn.cgImage ?? CGImage(image: RGBAImage(size: PixelSize(width: 1, height: 1), pixels: [0, 0, 0, 0]))
        if let tint { image = CGImage(image: image.image.filled(with: tint.cgColor.value)) }
        strip = (ids, tint, image, scale)
        return (image, scale)
    }

    // MARK: Layout and tint

    /// Draws a tiled resizable image again for a new size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard playingGroup == nil, let shown = shownImage, shown.isResizable,
            shown.resizingMode == .tile, interiorIsLargerThanAPixel(shown), let bitmap = shown.uprightImage
        else { return }
        drawTiled(shown, bitmap: shown.renderingMode == .alwaysTemplate ? tint(bitmap) : bitmap)
    }

    /// Tints template images again in the new colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        let shown = shownImage
        if shown?.renderingMode == .alwaysTemplate || (isAnimating && animationFrames?.first?.renderingMode == .alwaysTemplate) {
            showCurrentImage()
        }
    }

    /// The image's size in points; `noIntrinsicMetric` on both axes without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size in points (the current size without an image).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? bounds.size
    }
}
