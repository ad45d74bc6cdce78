import Foundation

// Keeping each view's tint in step with its own and its superviews' (see `UIView.tintColor` and
// `tintAdjustmentMode`).

extension UIView {
    /// Brings the tint of this view, and of the subviews that inherit it, in step with its own
    /// and its superview's; returns the views whose shown tint changed, superviews before
    /// subviews and siblings in order. Called when its own tint or adjustment or its superview
    /// changes. An explicit stack: a deep hierarchy must not run out of stack.
    func updateTint() -> [UIView] {
        let above = _superview?.inheritedTint ?? (.systemBlue, false)
        var changed: [UIView] = []
        var pending: [(view: UIView, above: (color: UIColor, dimmed: Bool))] = [(self, above)]
        while let (view, above) = pending.popLast() {
            let mode = view.ownTintAdjustmentMode
            let tint = (color: view.ownTintColor ?? above.color, dimmed: mode == .automatic ? above.dimmed : mode == .dimmed)
            // A subview whose tint and adjustment stay as they were keeps its subtree's too.
            guard view === self || tint != view.inheritedTint else { continue }
            view.inheritedTint = tint
            let shown = tint.dimmed ? Self.dimmed(tint.color) : tint.color
            if shown != view.effectiveTint {
                view.effectiveTint = shown
                changed.append(view)
            }
            pending.append(contentsOf: view._subviews.reversed().lazy.map { ($0, tint) })
        }
        return changed
    }

    /// Tells each of `views` (from `updateTint()`) that its tint changed.
    func tellTintChanged(_ views: [UIView]) {
        for view in views { view.tintColorDidChange() }
    }

    /// `color` made grey for a dimmed tint: its luminance (Rec. 601 weights), its alpha.
    static func dimmed(_ color: UIColor) -> UIColor {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return color }
        return UIColor(white: 0.299 * r + 0.587 * g + 0.114 * b, alpha: a)
    }
}
