import Foundation

/// Where a supplementary item attaches to the item it decorates: edges or a corner, moved by an
/// offset (UIKit's `NSCollectionLayoutAnchor`). Main actor only.
///
/// With no offset the supplementary item sits inside the item, against the given edges (a corner
/// for two adjacent edges, the middle of a side for one, the centre for none). A fractional
/// offset is a fraction of the supplementary item's own size: `(0.5, -0.5)` with `[.top, .trailing]`
/// centres a badge on the item's top-trailing corner.
@MainActor
open class NSCollectionLayoutAnchor: NSObject {
    /// The edges the anchor attaches to.
    public let edges: NSDirectionalRectEdge
    /// The offset from the anchored position: points, or fractions of the supplementary item's size.
    public let offset: CGPoint
    /// Whether `offset` is in points.
    public let isAbsoluteOffset: Bool
    /// Whether `offset` is a fraction of the supplementary item's size.
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    /// An anchor on `edges` with no offset.
    public convenience init(edges: NSDirectionalRectEdge) { self.init(edges: edges, absoluteOffset: .zero) }

    /// An anchor on `edges`, moved by `absoluteOffset` points.
    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(edges: edges, offset: absoluteOffset, absolute: true)
    }

    /// An anchor on `edges`, moved by `fractionalOffset` times the supplementary item's size.
    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(edges: edges, offset: fractionalOffset, absolute: false)
    }

    init(edges: NSDirectionalRectEdge, offset: CGPoint, absolute: Bool) {
        self.edges = edges
        self.offset = offset
        isAbsoluteOffset = absolute
        super.init()
    }

    /// The anchored point of `rect` (left to right): its edge or corner, or its middle on an axis
    /// with neither edge.
    func point(in rect: CGRect) -> CGPoint {
        let x = edges.contains(.leading) ? rect.minX : edges.contains(.trailing) ? rect.maxX : rect.midX
        let y = edges.contains(.top) ? rect.minY : edges.contains(.bottom) ? rect.maxY : rect.midY
        return CGPoint(x: x, y: y)
    }

    /// The offset in points for a supplementary item of `size`.
    func offset(for size: CGSize) -> CGPoint {
        isAbsoluteOffset ? offset : CGPoint(x: offset.x * size.width, y: offset.y * size.height)
    }
}

/// A view attached to an item or group, such as a badge, placed by anchors (UIKit's
/// `NSCollectionLayoutSupplementaryItem`). Main actor only.
///
/// Its fractional dimensions are fractions of the item it is attached to. It follows that item's
/// index: the layout reports it with the item's index and its `elementKind`.
@MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    /// The kind of supplementary view, as registered with the collection view.
    public let elementKind: String
    /// Where on the decorated item it attaches.
    public let containerAnchor: NSCollectionLayoutAnchor
    /// The point of the supplementary item placed on `containerAnchor` (nil: the same edges, so it
    /// sits inside the item).
    public let itemAnchor: NSCollectionLayoutAnchor?
    /// Its stacking order among the section's views (Strata's default 1, above cells at 0).
    public var zIndex = 1

    /// A supplementary item of the given size and kind on `containerAnchor`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, optionalItemAnchor: nil)
    }

    /// A supplementary item whose `itemAnchor` point is placed on the item's `containerAnchor` point.
    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor, itemAnchor: NSCollectionLayoutAnchor
    ) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, optionalItemAnchor: itemAnchor)
    }

    init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor, optionalItemAnchor: NSCollectionLayoutAnchor?) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        itemAnchor = optionalItemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// Its frame when attached to an item whose cell is `container`.
    func frame(attachedTo container: CGRect) -> CGRect {
        let size = layoutSize.resolved(in: container.size)
        let target = containerAnchor.point(in: container)
        let targetOffset = containerAnchor.offset(for: size)
        let own = itemAnchor ?? NSCollectionLayoutAnchor(edges: containerAnchor.edges)
        let local = own.point(in: CGRect(origin: .zero, size: size))
        let ownOffset = itemAnchor?.offset(for: size) ?? .zero
        return CGRect(
            x: target.x + targetOffset.x - local.x - ownOffset.x, y: target.y + targetOffset.y - local.y - ownOffset.y,
            width: size.width, height: size.height)
    }
}

/// A header or footer on a section's or the whole layout's boundary (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`). Main actor only.
///
/// Its fractional dimensions are fractions of the section's width (its content width while the
/// section's supplementaries follow its content insets) and of the container's height.
@MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    /// The edge or corner of the section or layout it sits on.
    public let alignment: NSRectAlignment
    /// Where it is moved from its aligned position, in points.
    public let offset: CGPoint
    /// Whether it adds to the section's extent, pushing the items away (`true`); else it overlays them.
    public var extendsBoundary = true
    /// Whether the collection view keeps it in view while any of its section is visible (`false`).
    public var pinToVisibleBounds = false

    /// A boundary item of the given size and kind on `alignment`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    /// A boundary item on `alignment`, moved by `absoluteOffset` points.
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(
            layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: alignment.directionalEdges),
            optionalItemAnchor: nil)
    }
}

/// A view behind a section, such as its background (UIKit's `NSCollectionLayoutDecorationItem`).
/// Main actor only.
///
/// A background spans the section's whole extent, boundary items included, less its
/// `contentInsets`.
@MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    /// The kind of decoration view, as registered with the layout.
    public let elementKind: String
    /// Its stacking order (0): at 0 it is drawn below the section's cells and supplementary views.
    public var zIndex = 0

    /// Creates a background of `_elementKind`.
    ///
    /// Not UIKit API: `Self`-returning factories need a `required` initializer, which an open class
    /// must make public. Use `background(elementKind:)`.
    @_spi(Testing) public required init(_elementKind: String) {
        elementKind = _elementKind
        super.init(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)), supplementaryItems: [])
    }

    /// A decoration item that fills its section's background.
    public class func background(elementKind: String) -> Self { self.init(_elementKind: elementKind) }
}

extension NSRectAlignment {
    /// The edges the alignment names.
    var directionalEdges: NSDirectionalRectEdge {
        switch self {
        case .none: []
        case .top: .top
        case .topLeading: [.top, .leading]
        case .leading: .leading
        case .bottomLeading: [.bottom, .leading]
        case .bottom: .bottom
        case .bottomTrailing: [.bottom, .trailing]
        case .trailing: .trailing
        case .topTrailing: [.top, .trailing]
        }
    }
}
