import Foundation

extension UIView {
    /// How a view's drawn contents map onto its bounds when the bounds change without a redraw.
    public enum ContentMode: Int, Sendable, CaseIterable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
            topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity that places the cached contents this way.
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }

    /// Which of a view's margins and sizes stretch when its superview's bounds size changes.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The flags as bits.
        public let rawValue: UInt
        /// A mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The distance to the superview's left edge stretches.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The distance to the superview's right edge stretches.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The distance to the superview's top edge stretches.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The distance to the superview's bottom edge stretches.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    // MARK: Autoresizing

    /// Moves and resizes the view for its superview's change of bounds size from `oldSize` to
    /// `newSize`: along each axis the difference is shared among the flexible parts (left
    /// margin, width, right margin) in proportion to their current lengths, or equally when
    /// those lengths are all zero.
    func resize(withOldSuperviewSize oldSize: CGSize, newSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        var f = frame
        (f.origin.x, f.size.width) = Self.distribute(
            newSize.width - oldSize.width, start: f.minX, length: f.width, end: oldSize.width - f.maxX,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        (f.origin.y, f.size.height) = Self.distribute(
            newSize.height - oldSize.height, start: f.minY, length: f.height, end: oldSize.height - f.maxY,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        frame = CGRect(x: f.minX, y: f.minY, width: max(f.width, 0), height: max(f.height, 0))
    }

    /// One axis of autoresizing: the new start and length.
    private static func distribute(
        _ delta: CGFloat, start: CGFloat, length: CGFloat, end: CGFloat,
        flexible: (Bool, Bool, Bool)
    ) -> (CGFloat, CGFloat) {
        let parts = [(flexible.0, start), (flexible.1, length), (flexible.2, end)].filter(\.0)
        guard !parts.isEmpty, delta != 0 else { return (start, length) }
        let total = parts.reduce(0) { $0 + max($1.1, 0) }
        func share(_ isFlexible: Bool, _ value: CGFloat) -> CGFloat {
            guard isFlexible else { return 0 }
            return total > 0 ? delta * max(value, 0) / total : delta / CGFloat(parts.count)
        }
        return (start + share(flexible.0, start), length + share(flexible.1, length))
    }
}
