import Foundation

/// How a cell's background looks: a colour, corners, a stroke, insets or a custom view (UIKit's
/// `UIBackgroundConfiguration`). A value: make one with a list style, change it, and set it as a
/// cell's `backgroundConfiguration`.
public struct UIBackgroundConfiguration: Hashable, Sendable {
    /// The fill colour (nil: the view's tint colour, as UIKit documents; `.clear` for none).
    public var backgroundColor: UIColor?
    /// A transformer applied to the fill colour.
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    /// The corner radius, in points.
    public var cornerRadius: CGFloat = 0
    /// The stroke colour (nil: none).
    public var strokeColor: UIColor?
    /// The stroke width, in points.
    public var strokeWidth: CGFloat = 0
    /// How far in from the cell's edges the background sits.
    public var backgroundInsets = NSDirectionalEdgeInsets.zero
    /// Which edges of the background keep to the cell's layout margins (none).
    public var edgesAddingLayoutMarginsToBackgroundInsets: NSDirectionalRectEdge = []

    init(color: UIColor?) { backgroundColor = color }

    /// No background.
    public static func clear() -> Self { Self(color: .clear) }
    /// A plain list cell's background (the system background; grey 4 when selected).
    public static func listPlainCell() -> Self { Self(color: .systemBackground) }
    /// A grouped list cell's background.
    public static func listGroupedCell() -> Self { Self(color: .secondarySystemGroupedBackground) }
    /// A sidebar cell's background (clear; rounded when selected).
    public static func listSidebarCell() -> Self {
        var c = Self(color: .clear)
        c.cornerRadius = 10
        return c
    }
    /// A plain list header or footer's background.
    public static func listPlainHeaderFooter() -> Self { Self(color: .systemBackground) }
    /// A grouped list header or footer's background (clear).
    public static func listGroupedHeaderFooter() -> Self { Self(color: .clear) }

    /// This background as a cell in `state` shows it: system grey 4 when selected or highlighted
    /// (sidebars too), else unchanged.
    public func updated(for state: any UIConfigurationState) -> Self {
        var c = self
        if let cell = state as? UICellConfigurationState, cell.isSelected || cell.isHighlighted { c.backgroundColor = .systemGray4 }
        return c
    }

    /// Draws this background on `view`: its fill (for the view's tint), corner radius and stroke.
    @MainActor func draw(on view: UIView) {
        view.backgroundColor = resolvedBackgroundColor(for: view.tintColor)
        view.layer.cornerRadius = cornerRadius
        view.layer.borderWidth = strokeWidth
        view.layer.borderColor = strokeColor?.cgColor
    }

    /// The fill drawn for a view whose tint is `tintColor`.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let base = backgroundColor ?? tintColor
        return backgroundColorTransformer?.transform(base) ?? base
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.backgroundColor == b.backgroundColor && a.cornerRadius == b.cornerRadius && a.strokeColor == b.strokeColor && a.strokeWidth == b.strokeWidth
            && a.backgroundInsets == b.backgroundInsets
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(backgroundColor)
        hasher.combine(cornerRadius)
    }
}
