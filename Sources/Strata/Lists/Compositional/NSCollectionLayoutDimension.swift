import Foundation

// The measures a compositional layout is described in: one dimension, a width-and-height size,
// a spacing, and the spacing around an item's four edges. Like all of UIKit's compositional layout
// descriptions they are main-actor classes; the layout engine (CompositionalLayoutEngine) reads them.

/// One length of a compositional-layout item: absolute, estimated or a fraction of its container
/// (UIKit's `NSCollectionLayoutDimension`).
///
/// Main actor only. A fractional dimension is a fraction of the containing group's size; for a
/// section's top-level group, of the section's content area (the container less the section's
/// content insets). An estimated dimension is laid out at its estimate until the collection view
/// measures the view and reports the real length.
///
/// - Precondition: the value is finite and not negative; the factories trap naming it otherwise.
@MainActor
open class NSCollectionLayoutDimension: NSObject {
    enum Kind: Hashable, Sendable { case fractionalWidth, fractionalHeight, absolute, estimated }

    /// What the value means; set once by the factory that made the dimension.
    private(set) var kind = Kind.absolute

    /// The value: a fraction for fractional dimensions, a length in points otherwise.
    public private(set) var dimension: CGFloat

    /// Creates an absolute dimension of `_dimension` points; the factories then set its kind.
    ///
    /// Not UIKit API: `Self`-returning factories need a `required` initializer, which an open class
    /// must make public. Use the factories.
    @_spi(Testing) public required init(_dimension: CGFloat) {
        dimension = _dimension
        super.init()
    }

    private class func make(_ kind: Kind, _ value: CGFloat, _ name: String) -> Self {
        precondition(value.isFinite && value >= 0, "NSCollectionLayoutDimension.\(name)(\(value)): the value must be finite and not negative")
        let made = self.init(_dimension: value)
        made.kind = kind
        return made
    }

    /// A dimension that is `fractionalWidth` times the width of the containing group.
    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { make(.fractionalWidth, fractionalWidth, "fractionalWidth") }
    /// A dimension that is `fractionalHeight` times the height of the containing group.
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { make(.fractionalHeight, fractionalHeight, "fractionalHeight") }
    /// A dimension of exactly `absoluteDimension` points.
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { make(.absolute, absoluteDimension, "absolute") }
    /// A dimension laid out at `estimatedDimension` points until the view is measured.
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { make(.estimated, estimatedDimension, "estimated") }

    /// Whether the dimension is a fraction of its container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of its container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is a fixed length in points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the dimension is an estimate the measured view replaces.
    public var isEstimated: Bool { kind == .estimated }

    /// The length in points in a container of `size` (an estimate stays its estimate).
    func length(in size: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: size.width * dimension
        case .fractionalHeight: size.height * dimension
        case .absolute, .estimated: dimension
        }
    }
}

/// The width and height of a compositional-layout item (UIKit's `NSCollectionLayoutSize`).
/// Main actor only.
@MainActor
open class NSCollectionLayoutSize: NSObject {
    /// The width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The height.
    public let heightDimension: NSCollectionLayoutDimension

    /// A size of the given width and height.
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
        super.init()
    }

    /// The size in points in a container of `size`, with estimates at their estimate.
    func resolved(in size: CGSize) -> CGSize {
        CGSize(width: widthDimension.length(in: size), height: heightDimension.length(in: size))
    }
}

/// A space between or around items: fixed, or flexible with a minimum that grows to share the
/// room left over (UIKit's `NSCollectionLayoutSpacing`). Main actor only.
///
/// - Precondition: the spacing is finite; the factories trap naming it otherwise.
@MainActor
open class NSCollectionLayoutSpacing: NSObject {
    /// The space in points: exact when fixed, the minimum when flexible.
    public private(set) var spacing: CGFloat
    /// Whether the space grows to share the room left in its group.
    public private(set) var isFlexible = false

    /// Creates a fixed spacing of `_spacing` points; the factories then set its kind.
    ///
    /// Not UIKit API: `Self`-returning factories need a `required` initializer, which an open class
    /// must make public. Use the factories.
    @_spi(Testing) public required init(_spacing: CGFloat) {
        spacing = _spacing
        super.init()
    }

    private class func make(_ value: CGFloat, flexible: Bool) -> Self {
        precondition(value.isFinite, "NSCollectionLayoutSpacing.\(flexible ? "flexible" : "fixed")(\(value)): the spacing must be finite")
        let made = self.init(_spacing: value)
        made.isFlexible = flexible
        return made
    }

    /// Exactly `fixedSpacing` points.
    public class func fixed(_ fixedSpacing: CGFloat) -> Self { make(fixedSpacing, flexible: false) }
    /// At least `flexibleSpacing` points, more when the group has room to spare.
    public class func flexible(_ flexibleSpacing: CGFloat) -> Self { make(flexibleSpacing, flexible: true) }

    /// Whether the space is exactly `spacing`.
    public var isFixed: Bool { !isFlexible }
}

/// The spacing added outside an item's four edges, between it and its neighbours or its group
/// (UIKit's `NSCollectionLayoutEdgeSpacing`). Applied before the item's content insets. Main actor only.
@MainActor
open class NSCollectionLayoutEdgeSpacing: NSObject {
    /// The space before the leading edge (nil: none).
    public let leading: NSCollectionLayoutSpacing?
    /// The space above the top edge (nil: none).
    public let top: NSCollectionLayoutSpacing?
    /// The space after the trailing edge (nil: none).
    public let trailing: NSCollectionLayoutSpacing?
    /// The space below the bottom edge (nil: none).
    public let bottom: NSCollectionLayoutSpacing?

    /// Spacing for each edge; nil adds none on that edge.
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
        super.init()
    }
}

/// Where a boundary supplementary item sits on its section or layout: an edge or a corner, with
/// leading and trailing following the layout direction (UIKit's `NSRectAlignment`, same raw values).
public enum NSRectAlignment: Int, Hashable, Sendable {
    /// No alignment.
    case none = 0
    /// The top edge.
    case top = 1
    /// The top-leading corner.
    case topLeading = 2
    /// The leading edge.
    case leading = 3
    /// The bottom-leading corner.
    case bottomLeading = 4
    /// The bottom edge.
    case bottom = 5
    /// The bottom-trailing corner.
    case bottomTrailing = 6
    /// The trailing edge.
    case trailing = 7
    /// The top-trailing corner.
    case topTrailing = 8
}

/// The boundary a section's or layout's content insets are measured from (UIKit's
/// `UIContentInsetsReference`). Strata lays out from the container's edges for every value.
public enum UIContentInsetsReference: Int, Hashable, Sendable {
    /// The system's choice for the layout.
    case automatic = 0
    /// The container's edges.
    case none = 1
    /// The safe area.
    case safeArea = 2
    /// The layout margins.
    case layoutMargins = 3
    /// The readable content guide.
    case readableContent = 4
}
