import Foundation

extension UIView {
    /// The insets from the view's edges to its safe area, in points: the part of its superview's
    /// safe area the view does not reach (Strata's screens have no notch or bars, so a window's
    /// are zero), plus its view controller's `additionalSafeAreaInsets` for a controller's root
    /// view. Each inset is at most the view's size on its axis.
    public var safeAreaInsets: UIEdgeInsets {
        // Each view's insets follow from its superview's: found from the top of the superviews (a
        // window, or the topmost view) down, in a loop, so a deep hierarchy cannot run out of stack.
        var chain: [UIView] = []
        var view: UIView? = self
        while let v = view {
            chain.append(v)
            if v is UIWindow { break }
            view = v._superview
        }
        var insets = UIEdgeInsets.zero
        var superview: UIView?
        for view in chain.reversed() {
            insets = view.safeAreaInsets(under: superview, whoseInsetsAre: insets)
            superview = view
        }
        return insets
    }

    /// The view's safe area insets when its superview (nil at the top) has `parent`.
    private func safeAreaInsets(under superview: UIView?, whoseInsetsAre parent: UIEdgeInsets) -> UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let superview, parent != .zero {
            let safe = superview.convert(superview.bounds.inset(by: parent), to: self)
            let b = bounds
            func clamp(_ v: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(v, 0), limit) }
            insets = UIEdgeInsets(
                top: clamp(safe.minY - b.minY, b.height), left: clamp(safe.minX - b.minX, b.width),
                bottom: clamp(b.maxY - safe.maxY, b.height), right: clamp(b.maxX - safe.maxX, b.width))
        }
        if let controller = _viewController {
            for extra in [controller.additionalSafeAreaInsets, controller.containerSafeAreaInsets] {
                insets.top += extra.top
                insets.left += extra.left
                insets.bottom += extra.bottom
                insets.right += extra.right
            }
        }
        return insets
    }

    /// The safe area of this view changed: tells it and its subviews (`safeAreaInsetsDidChange()`)
    /// and lays it out again.
    func safeAreaInsetsChanged() {
        setNeedsLayout()
        tellSafeAreaChanged()
    }

    /// Calls `safeAreaInsetsDidChange()` on the view and its subviews, superviews first (an
    /// explicit stack: a deep hierarchy must not run out of stack).
    private func tellSafeAreaChanged() {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            view.safeAreaInsetsDidChange()
            pending.append(contentsOf: view._subviews.reversed())
        }
    }
}
