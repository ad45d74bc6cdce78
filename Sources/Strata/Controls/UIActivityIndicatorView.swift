import Foundation

/// A view that shows that a task is in progress: UIKit's `UIActivityIndicatorView`. Main actor.
///
/// Eight rounded spokes around a centre, the leading one in `color` and each one after it fainter,
/// drawn at the style's size (20 points for `.medium`, 37 for `.large`) in the middle of the
/// bounds. `startAnimating()` turns the spokes one step (an eighth of a turn) every 1/8 s with a
/// repeating Core Animation keyframe animation, so the render thread keeps it turning while the
/// main thread is busy or asleep; `stopAnimating()` removes it. With `hidesWhenStopped` (true) the
/// view is hidden whenever it is not animating, as in UIKit.
@MainActor
open class UIActivityIndicatorView: UIView {
    /// The indicator's look: UIKit's `UIActivityIndicatorView.Style`, with its raw values.
    public enum Style: Int, Sendable {
        /// Deprecated: a large (37-point) white indicator; use `.large` and `color`.
        case whiteLarge = 0
        /// Deprecated: a medium (20-point) white indicator; use `.medium` and `color`.
        case white = 1
        /// Deprecated: a medium (20-point) grey indicator; use `.medium`.
        case gray = 2
        /// A 20-point indicator (the default).
        case medium = 100
        /// A 37-point indicator.
        case large = 101

        /// The side of the square the spokes fill, in points.
        var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }
    }

    /// How long a whole turn takes, in seconds (one step of 1/8 turn every 0.125 s).
    public static let turnDuration: CFTimeInterval = 1
    /// The key of the turning animation on the spokes' layer.
    static let spinKey = "strata.activityIndicator.spin"

    private let spokes = SpokesView()

    /// A medium indicator at `frame` (the spokes are drawn at 20 points in its middle), stopped
    /// and so hidden.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(spokes)
        isHidden = true
        placeSpokes()
        updateColor()
    }

    /// An indicator of `style`, sized for it (20 or 37 points square), stopped and so hidden.
    public convenience init(style: Style) {
        self.init(frame: CGRect(origin: .zero, size: CGSize(width: style.side, height: style.side)))
        self.style = style
    }

    /// A medium indicator, 20 points square.
    public convenience init() { self.init(style: .medium) }

    /// Creates an indicator from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The look (`.medium`). Changing it resizes the spokes (not the frame) and, unless `color`
    /// was set, takes the style's colour.
    open var style = Style.medium {
        didSet {
            guard style != oldValue else { return }
            placeSpokes()
            updateColor()
            invalidateIntrinsicContentSize()
        }
    }

    /// The spokes' colour. Set, it overrides the style's (grey for `.medium`, `.large` and
    /// `.gray`; white for `.white` and `.whiteLarge`); setting nil goes back to the style's.
    open var color: UIColor! {
        get { customColor ?? styleColor }
        set {
            customColor = newValue
            updateColor()
        }
    }
    private var customColor: UIColor?

    private var styleColor: UIColor {
        switch style {
        case .white, .whiteLarge: .white
        case .gray: .gray
        case .medium, .large: .secondaryLabel
        }
    }

    /// Whether the view hides itself when it is not animating (true). Setting it while stopped
    /// hides or shows the view at once.
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }

    /// Whether the spokes are turning.
    public private(set) var isAnimating = false

    /// Starts turning the spokes (and shows the view); the render thread turns them from then
    /// on, with no work on the main thread. Does nothing when already animating.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        addSpin()
    }

    /// Stops the spokes (and hides the view when `hidesWhenStopped`). Does nothing when stopped.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokes.layer.removeAnimation(forKey: Self.spinKey)
        if hidesWhenStopped { isHidden = true }
    }

    /// The repeating discrete turn: eight key values, 0 to 7/8 of a turn, each held for 1/8 of
    /// `turnDuration`, forever.
    private func addSpin() {
        guard spokes.layer.animation(forKey: Self.spinKey) == nil else { return }
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<SpokesView.count).map { Double($0) * 2 * Double.pi / Double(SpokesView.count) }
        spin.calculationMode = .discrete
        spin.duration = Self.turnDuration
        spin.repeatCount = .infinity
        spokes.layer.add(spin, forKey: Self.spinKey)
    }

    /// Back in a window while animating: the turn goes on.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if isAnimating, window != nil { addSpin() }
    }

    /// The style's square: 20 × 20 points (`.medium`, `.white`, `.gray`) or 37 × 37 (`.large`,
    /// `.whiteLarge`).
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

    /// The style's square, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Keeps the spokes in the middle of the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        placeSpokes()
    }

    private func placeSpokes() {
        let side = style.side
        UIView.performWithoutAnimation {
            spokes.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            spokes.center = CGPoint(x: bounds.midX, y: bounds.midY)
        }
        spokes.setNeedsDisplay()
    }

    private func updateColor() {
        spokes.color = color
        spokes.setNeedsDisplay()
    }
}

/// The eight spokes, drawn once; the indicator turns this view's layer.
final class SpokesView: UIView {
    /// How many spokes there are.
    static let count = 8
    var color = UIColor.secondaryLabel

    init() {
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { nil }

    /// Spoke i points at angle i/8 of a turn clockwise from straight up; spoke 0 is the leading
    /// one (full colour) and the others fade behind it (alpha 1 − 0.1·i, down to 0.3). A spoke is
    /// a round-capped line from 45 % to 100 % of the radius, 9 % of the side wide (1.8 points at
    /// 20, 3.3 at 37).
    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let side = min(bounds.width, bounds.height)
        let width = side * 0.09
        let outer = side / 2 - width / 2, inner = side * 0.225
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setLineWidth(width)
        ctx.setLineCap(.round)
        let alpha = CGFloat(color.cgColor.value.alpha)
        for i in 0..<Self.count {
            // Spoke i trails the leading one by i steps (anticlockwise), as the turn is clockwise.
            let angle = -CGFloat.pi / 2 - CGFloat(i) * 2 * .pi / CGFloat(Self.count)
            ctx.setStrokeColor(color.withAlphaComponent(alpha * max(1 - 0.1 * CGFloat(i), 0.3)).cgColor)
            ctx.move(to: CGPoint(x: c.x + cos(angle) * inner, y: c.y + sin(angle) * inner))
            ctx.addLine(to: CGPoint(x: c.x + cos(angle) * outer, y: c.y + sin(angle) * outer))
            ctx.strokePath()
        }
    }
}
