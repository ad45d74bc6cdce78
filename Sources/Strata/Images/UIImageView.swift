import Foundation

/// A view that shows an image: UIKit's `UIImageView`. Main actor.
///
/// The image is the layer's `contents` (uploaded once as a texture, not redrawn), placed by
/// `contentMode` (`.scaleToFill` by default) at the image's own scale. The view sizes itself to
/// the image (`sizeThatFits(_:)`, `intrinsicContentSize`, and `init(image:)`'s frame), and takes
/// no touches by default.
@MainActor
open class UIImageView: UIView {
    /// An image view with the given frame and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view the size of `image`, at the origin, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// An image view the size of `image`, showing `highlightedImage` while highlighted.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    /// Creates an image view from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The image shown (nil by default).
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

    private func showCurrentImage() {
        let shown = (isHighlighted ? highlightedImage : nil) ?? image
        layer.contents = shown?.cgImage
        if let shown {
            contentScaleFactorIsExplicit = true
            layer.contentsScale = shown.scale
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
