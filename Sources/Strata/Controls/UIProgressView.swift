import Foundation

/// A view showing how far a task has got (UIKit's `UIProgressView`). Main actor.
///
/// A track across the bounds, 4 points high and centred down (2.5 points for `.bar`), in
/// `trackTintColor` (light grey by default), filled from its left end to `progress` of its width in
/// `progressTintColor` (the tint colour by default). The default style's ends are rounded; the
/// bar style's are square. `progress` stays within 0…1.
@MainActor
open class UIProgressView: UIView {
    /// The progress view's looks (UIKit's `UIProgressView.Style`).
    public enum Style: Int, Sendable {
        /// A rounded 4-point track.
        case `default`
        /// A square 2.5-point track, as in a toolbar.
        case bar
    }

    private let track = UIView(), fill = UIView()

    /// A progress view at `frame`, of the default style, at 0.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        for part in [track, fill] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        updateLooks()
        placeParts()
    }

    /// A progress view of `style` with an empty frame, at 0.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
    }

    /// A progress view with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a progress view from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The share done, 0…1 (0 by default): values outside are clamped, a value that is not a
    /// number reads as 0. Setting it moves the fill at once.
    open var progress: Float {
        get { _progress }
        set { setProgress(newValue, animated: false) }
    }
    private var _progress: Float = 0

    /// Sets `progress` (clamped), moving the fill at once or, `animated`, over 0.25 s.
    open func setProgress(_ progress: Float, animated: Bool) {
        _progress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState]) { self.placeParts() }
        } else {
            UIView.performWithoutAnimation { placeParts() }
        }
    }

    /// The looks (`.default`).
    open var progressViewStyle = Style.default {
        didSet {
            updateLooks()
            UIView.performWithoutAnimation { placeParts() }
            invalidateIntrinsicContentSize()
        }
    }

    /// The filled part's colour; nil shows the tint colour.
    open var progressTintColor: UIColor? { didSet { updateLooks() } }
    /// The unfilled track's colour; nil shows light grey.
    open var trackTintColor: UIColor? { didSet { updateLooks() } }
    /// A picture for the filled part (kept; Strata fills with `progressTintColor`).
    open var progressImage: UIImage?
    /// A picture for the track (kept; Strata fills with `trackTintColor`).
    open var trackImage: UIImage?

    private func updateLooks() {
        fill.backgroundColor = progressTintColor ?? tintColor
        track.backgroundColor = trackTintColor ?? .systemFill
        let radius = progressViewStyle == .default ? trackHeight / 2 : 0
        track.layer.cornerRadius = radius
        fill.layer.cornerRadius = radius
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateLooks()
    }

    /// The track's height for the style.
    private var trackHeight: CGFloat { progressViewStyle == .default ? 4 : 2.5 }

    private func placeParts() {
        let height = min(trackHeight, bounds.height)
        let rect = CGRect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
        track.frame = rect
        fill.frame = CGRect(x: rect.minX, y: rect.minY, width: rect.width * CGFloat(_progress), height: height)
    }

    /// Places the track and the fill for the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        UIView.performWithoutAnimation { placeParts() }
    }

    /// No intrinsic width; the track's height (4 points, 2.5 for `.bar`).
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: trackHeight) }

    /// The offered width, the track's height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: trackHeight) }
}
