import Foundation

/// Inset distances for the four edges of a rectangle, in points (UIKit's `UIEdgeInsets`):
/// positive values shrink a rectangle, negative ones grow it. A plain value.
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset of the top edge.
    public var top: CGFloat
    /// The inset of the left edge.
    public var left: CGFloat
    /// The inset of the bottom edge.
    public var bottom: CGFloat
    /// The inset of the right edge.
    public var right: CGFloat

    /// Insets for each edge.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// No insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// No insets.
    public static let zero = UIEdgeInsets()

    public var description: String { "UIEdgeInsets(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}

/// Inset distances for the four edges named by reading direction (UIKit's
/// `NSDirectionalEdgeInsets`): `leading` is the left edge and `trailing` the right in
/// left-to-right layouts. A plain value.
public struct NSDirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset of the top edge.
    public var top: CGFloat
    /// The inset of the leading edge.
    public var leading: CGFloat
    /// The inset of the bottom edge.
    public var bottom: CGFloat
    /// The inset of the trailing edge.
    public var trailing: CGFloat

    /// Insets for each edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }

    /// No insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    /// No insets.
    public static let zero = NSDirectionalEdgeInsets()

    public var description: String {
        "NSDirectionalEdgeInsets(top: \(top), leading: \(leading), bottom: \(bottom), trailing: \(trailing))"
    }
}

extension CGRect {
    /// The rectangle with each edge moved inwards by `insets` (outwards for negative insets), as
    /// UIKit's `UIEdgeInsetsInsetRect` does: the size is not standardized.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
