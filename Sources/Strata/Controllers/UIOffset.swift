import Foundation

/// A distance to move something by, in points (UIKit's `UIOffset`): positive `horizontal`
/// moves right, positive `vertical` moves down.
public struct UIOffset: Hashable, Sendable {
    /// Points to move right.
    public var horizontal: CGFloat
    /// Points to move down.
    public var vertical: CGFloat

    /// An offset of `horizontal` and `vertical` points.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset (UIKit's `UIOffsetZero`).
    public init() { self.init(horizontal: 0, vertical: 0) }

    /// No offset.
    public static let zero = UIOffset()
}
