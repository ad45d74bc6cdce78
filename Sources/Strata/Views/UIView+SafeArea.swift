import Foundation

extension UIView {
    /// The insets from the view's edges to its safe area, in points: the part of its superview's
    /// safe area the view does not reach (Strata's screens have no notch or bars, so a window's
    /// are zero), plus its view controller's `additionalSafeAreaInsets` for a controller's root
    /// view. Each inset is at most the view's size on its axis.
    public var safeAreaInsets: UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let superview = _superview, !(self is UIWindow) {
            let parent = superview.safeAreaInsets
            if parent != .zero {
                let safe = superview.convert(superview.bounds.inset(by: parent), to: self)
                let b = bounds
                func clamp(_ v: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(v, 0), limit) }
                insets = UIEdgeInsets(
                    top: clamp(safe.minY - b.minY, b.height), left: clamp(safe.minX - b.minX, b.width),
                    bottom: clamp(b.maxY - safe.maxY, b.height), right: clamp(b.maxX - safe.maxX, b.width))
            }
        }
        if let extra = _viewController?.additionalSafeAreaInsets {
            insets.top += extra.top
            insets.left += extra.left
            insets.bottom += extra.bottom
            insets.right += extra.right
        }
        return insets
    }

    /// The safe area of this view changed: tells it and its subviews (`safeAreaInsetsDidChange()`)
    /// and lays it out again.
    func safeAreaInsetsChanged() {
        setNeedsLayout()
        tellSafeAreaChanged()
    }

    private func tellSafeAreaChanged() {
        safeAreaInsetsDidChange()
        for subview in _subviews { subview.tellSafeAreaChanged() }
    }
}
