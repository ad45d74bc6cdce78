import Foundation

/// How a section scrolls across the layout's main axis (UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`, same raw values).
///
/// Any value but `.none` lays the section's groups side by side across the main axis, in one strip
/// of its own that the collection view scrolls; the values differ in where scrolling comes to rest.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Hashable, Sendable {
    /// The section lays out along the layout's main axis (the default).
    case none = 0
    /// Scrolls freely.
    case continuous = 1
    /// Scrolls freely, coming to rest at a group's leading edge.
    case continuousGroupLeadingBoundary = 2
    /// Pages by the collection view's width.
    case paging = 3
    /// Pages one group at a time.
    case groupPaging = 4
    /// Pages one group at a time, with the current group centred.
    case groupPagingCentered = 5
}

/// Called as an orthogonal section scrolls, with its visible items, its content offset and the
/// environment (UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`).
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// A visible cell or supplementary view as a section's invalidation handler sees it, its geometry
/// settable (UIKit's `NSCollectionLayoutVisibleItem`). Main actor only.
@MainActor
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
    /// The item's frame in the collection view's content.
    var frame: CGRect { get }
    /// The item's bounds.
    var bounds: CGRect { get }
    /// The item's centre.
    var center: CGPoint { get set }
    /// The item's opacity.
    var alpha: CGFloat { get set }
    /// The item's stacking order.
    var zIndex: Int { get set }
    /// Whether the item is hidden.
    var isHidden: Bool { get set }
    /// The item's affine transform.
    var transform: CGAffineTransform { get set }
    /// The item's index path.
    var indexPath: IndexPath { get }
    /// The element kind of a supplementary view, nil for a cell.
    var representedElementKind: String? { get }
}

/// The collection view's content area as a section provider sees it (UIKit's
/// `NSCollectionLayoutContainer`). Sizes are in points. Main actor only.
@MainActor
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    /// The container's size before its content insets.
    var contentSize: CGSize { get }
    /// The container's size less its content insets.
    var effectiveContentSize: CGSize { get }
    /// The container's content insets.
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// The insets applied to find the effective content size.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider or custom group is laid out for: a container and its traits (UIKit's
/// `NSCollectionLayoutEnvironment`). Main actor only.
@MainActor
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    /// The container's size and insets.
    var container: any NSCollectionLayoutContainer { get }
    /// The container's traits.
    var traitCollection: UITraitCollection { get }
}

/// Strata's layout container: a size and insets, as the compositional layout passes to section
/// providers and custom groups. Main actor only.
@MainActor
@_spi(Testing) public final class CompositionalLayoutContainer: NSObject, NSCollectionLayoutContainer {
    /// The size before insets, in points.
    public let contentSize: CGSize
    /// The insets, in points.
    public let contentInsets: NSDirectionalEdgeInsets
    /// The size less the insets (never negative).
    public var effectiveContentSize: CGSize {
        CGSize(
            width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
            height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
    /// The same as `contentInsets`: Strata has no safe area or margins to add here.
    public var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }

    /// A container of `contentSize` with `contentInsets`.
    public init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        super.init()
    }
}

/// Strata's layout environment: a container and a trait collection. Main actor only.
@MainActor
@_spi(Testing) public final class CompositionalLayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
    /// The container.
    public let container: any NSCollectionLayoutContainer
    /// The traits.
    public let traitCollection: UITraitCollection

    /// An environment for `container` with `traitCollection`.
    public init(container: any NSCollectionLayoutContainer, traitCollection: UITraitCollection = UITraitCollection()) {
        self.container = container
        self.traitCollection = traitCollection
        super.init()
    }
}

/// One section of a compositional layout: a group repeated until the section's items run out,
/// with insets, spacing, headers, footers and backgrounds (UIKit's `NSCollectionLayoutSection`).
/// Main actor only.
///
/// The section's content area is its container less `contentInsets`; its boundary supplementary
/// items sit outside the insets on their edge (a header above the top inset), within the leading
/// and trailing insets while `supplementariesFollowContentInsets` is true.
@MainActor
open class NSCollectionLayoutSection: NSObject {
    /// The group the section repeats.
    let group: NSCollectionLayoutGroup

    /// Space between the section's content and its boundaries, in points (`.zero`).
    public var contentInsets = NSDirectionalEdgeInsets.zero
    /// Space between neighbouring groups, in points (0).
    public var interGroupSpacing: CGFloat = 0
    /// Whether and how the section scrolls across the layout's main axis (`.none`).
    public var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    /// Headers and footers on the section's edges.
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Views behind the section, such as its background.
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether boundary supplementary items keep within the section's leading and trailing content
    /// insets (`true`); else they span the section's full width.
    @available(iOS, deprecated: 16.0, message: "Use supplementaryContentInsetsReference")
    public var supplementariesFollowContentInsets: Bool {
        get { boundaryItemsFollowInsets }
        set { boundaryItemsFollowInsets = newValue }
    }
    /// The boundary `contentInsets` are measured from (`.automatic`; Strata measures from the container).
    public var contentInsetsReference = UIContentInsetsReference.automatic
    /// The boundary the boundary supplementary items' insets are measured from (`.automatic`).
    public var supplementaryContentInsetsReference = UIContentInsetsReference.automatic
    /// Called with the visible items as an orthogonal section scrolls (nil). Kept for the
    /// collection view to call.
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    /// The storage of `supplementariesFollowContentInsets`.
    var boundaryItemsFollowInsets = true
    /// Extra space above a list section's header (`headerTopPadding`), in points.
    var listHeaderTopPadding: CGFloat = 0

    /// The list configuration a `list(using:layoutEnvironment:)` section was made from, nil for
    /// other sections; the collection view reads its appearance, separators and colours.
    @_spi(Testing) public internal(set) var _listConfiguration: UICollectionLayoutListConfiguration?
    /// The corner radius of the rounded block an inset-grouped list's cells are drawn in (0: square).
    @_spi(Testing) public internal(set) var _listGroupCornerRadius: CGFloat = 0

    /// A section that repeats `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }
}

/// The layout-wide settings of a compositional layout: its scroll direction, the space between
/// sections and its own headers and footers (UIKit's `UICollectionViewCompositionalLayoutConfiguration`).
/// Main actor only.
@MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject {
    /// The axis the layout scrolls along (`.vertical`); sections stack along it.
    public var scrollDirection = UICollectionView.ScrollDirection.vertical
    /// Space between neighbouring sections, in points (0).
    public var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout.
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// The boundary the sections' content insets are measured from (`.automatic`).
    public var contentInsetsReference = UIContentInsetsReference.automatic

    /// The default configuration.
    public override init() { super.init() }
}
