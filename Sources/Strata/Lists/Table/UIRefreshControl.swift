import Foundation

/// A control that starts a refresh of a scroll view's content when the user pulls it down past
/// its top (UIKit's `UIRefreshControl`). Main actor.
///
/// Set it as a scroll view's `refreshControl`: it sits above the content, and a drag released
/// more than about 100 points past the top (scaled to the view's height as UIKit scales it)
/// begins refreshing — `isRefreshing` becomes true, the control sends `.valueChanged`, and the
/// content rests 60 points lower, under the spinning control, until `endRefreshing()`.
@MainActor
open class UIRefreshControl: UIControl {
    /// The control's height while shown (60 points without a title).
    static let height: CGFloat = 60

    /// Whether a refresh is under way.
    public private(set) var isRefreshing = false

    /// A title shown under the spinner (kept; drawn with the spinner's tint).
    open var attributedTitle: NSAttributedString? {
        didSet { setNeedsLayout() }
    }

    /// The scroll view the control refreshes.
    weak var scrollView: UIScrollView?
    private let spinner = RefreshSpinnerView()

    /// A control of UIKit's size (the scroll view's width, 60 points high).
    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.height))
        addSubview(spinner)
        spinner.alpha = 0
    }

    /// A control with the given frame (its scroll view places it).
    public override convenience init(frame: CGRect) {
        self.init()
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The spinner takes the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.setNeedsDisplay()
    }

    /// Shows the control refreshing (by code: no `.valueChanged` is sent), and lowers the
    /// content under it.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.alpha = 1
        spinner.spin(true)
        if let scrollView {
            scrollView.contentInset.top += Self.height
            if scrollView.contentOffset.y > -scrollView.adjustedContentInset.top, scrollView.contentOffset.y <= 0 {
                scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: -scrollView.adjustedContentInset.top), animated: true)
            }
        }
    }

    /// Ends the refresh: the spinner stops and the content slides back up.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.spin(false)
        UIView.animate(withDuration: 0.25) { self.spinner.alpha = 0 }
        guard let scrollView else { return }
        scrollView.contentInset.top -= Self.height
        let top = -scrollView.adjustedContentInset.top
        if scrollView.contentOffset.y < top, !scrollView.isDragging {
            scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
        }
    }

    /// How far past the top a drag must go to begin refreshing: 100 points × 1.125, scaled by
    /// the view's height over 568 (0.655 below 372 points), as UIKit measures it.
    func triggerDistance(in scrollView: UIScrollView) -> CGFloat {
        let h = scrollView.bounds.height
        let scale = h < 372 ? 0.655 : h / 568
        return 100 * 1.125 * scale
    }

    /// The pull so far, in points past the top (0 when not pulled).
    func pull(in scrollView: UIScrollView) -> CGFloat {
        max(0, -(scrollView.contentOffset.y + scrollView.adjustedContentInset.top - (isRefreshing ? Self.height : 0)))
    }

    /// The scroll view moved: the control follows its top edge and the spinner fades in with the pull.
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let base = scrollView.adjustedContentInset.top - (isRefreshing ? Self.height : 0)
        frame = CGRect(x: 0, y: -base - Self.height, width: scrollView.bounds.width, height: Self.height)
        if !isRefreshing { spinner.alpha = min(1, pull(in: scrollView) / triggerDistance(in: scrollView)) }
    }

    /// The fingers lifted: past the trigger distance the refresh begins and `.valueChanged` is sent.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView) {
        guard !isRefreshing, isEnabled, pull(in: scrollView) >= triggerDistance(in: scrollView) else { return }
        isRefreshing = true
        spinner.alpha = 1
        spinner.spin(true)
        scrollView.contentInset.top += Self.height
        sendActions(for: .valueChanged)
    }

    /// Centres the spinner.
    open override func layoutSubviews() {
        super.layoutSubviews()
        spinner.frame = CGRect(x: (bounds.width - 28) / 2, y: (bounds.height - 28) / 2, width: 28, height: 28)
    }
}

/// Eight rays fading around a circle, turning while refreshing.
final class RefreshSpinnerView: UIView {
    init() {
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }

    func spin(_ on: Bool) {
        if on {
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 2 * Double.pi
            turn.duration = 1
            turn.repeatCount = .infinity
            layer.add(turn, forKey: "spin")
        } else {
            layer.removeAnimation(forKey: "spin")
        }
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setLineWidth(3)
        ctx.setLineCap(.round)
        for i in 0..<8 {
            let angle = CGFloat(i) * .pi / 4
            ctx.setStrokeColor(UIColor.secondaryLabel.withAlphaComponent(0.25 + 0.75 * CGFloat(i) / 7).cgColor)
            ctx.move(to: CGPoint(x: c.x + cos(angle) * 6, y: c.y + sin(angle) * 6))
            ctx.addLine(to: CGPoint(x: c.x + cos(angle) * 12, y: c.y + sin(angle) * 12))
            ctx.strokePath()
        }
    }
}
