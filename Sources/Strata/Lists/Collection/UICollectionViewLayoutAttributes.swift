import Foundation

extension UICollectionView {
    /// What an element of a collection view is (UIKit's `UICollectionView.ElementCategory`).
    public enum ElementCategory: UInt, Sendable {
        /// An item's cell, from the data source.
        case cell
        /// A header, footer or other view the data source gives by kind.
        case supplementaryView
        /// A view the layout owns (a section background), made from the layout's registration.
        case decorationView
    }
}

/// Where and how one element of a collection view shows: its frame, transform, transparency
/// and stacking order (UIKit's `UICollectionViewLayoutAttributes`). Made by layouts; the
/// collection view applies them to the element's view. Plain data (not isolated), made and
/// read on the main actor.
///
/// `frame`, `center`, `size` and `bounds` are one geometry in the collection view's content
/// coordinates, in points: setting one updates the others (the frame ignores `transform`, as
/// a view's does while its transform is the identity).
open class UICollectionViewLayoutAttributes: NSObject {
    /// The element's centre, in the collection view's content coordinates.
    open var center = CGPoint.zero
    /// The element's size, in points.
    open var size = CGSize.zero
    /// The element's transform about its centre (identity); setting it replaces `transform3D`.
    open var transform = CGAffineTransform.identity {
        didSet { storedTransform3D = nil }
    }
    /// The element's 3D transform (identity); `transform` is its affine part.
    open var transform3D: CATransform3D {
        get { storedTransform3D ?? CATransform3DMakeAffineTransform(transform) }
        set {
            transform = CATransform3DGetAffineTransform(newValue)
            storedTransform3D = newValue
        }
    }
    private var storedTransform3D: CATransform3D?
    /// The element's opacity, 0 to 1 (1).
    open var alpha: CGFloat = 1
    /// The stacking order: higher is in front (0; cells in front of decorations at the same value).
    open var zIndex = 0
    /// Whether the element shows (false: the collection view hides its view or makes none).
    open var isHidden = false
    /// The element's index path: the item's, or the section's for a header (item 0).
    open var indexPath: IndexPath
    /// What the element is: a cell, a supplementary view or a decoration view.
    public let representedElementCategory: UICollectionView.ElementCategory
    /// The kind of a supplementary or decoration view; nil for a cell.
    public let representedElementKind: String?

    /// The element's frame, in the collection view's content coordinates.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The element's bounds: its size at the origin. Setting it sets `size`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// Attributes for the cell of the item at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// Attributes for a supplementary view of `elementKind` (a header, footer or the like) at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: decorationViewKind, indexPath: indexPath)
    }

    /// Attributes of a cell at index path [0, 0] (UIKit's plain `init()`).
    public override convenience init() {
        self.init(category: .cell, kind: nil, indexPath: IndexPath(item: 0, section: 0))
    }

    /// Attributes of `category` and `kind` at `indexPath`: the designated initializer the others call.
    public required init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        self.representedElementCategory = category
        self.representedElementKind = kind
        self.indexPath = indexPath
        super.init()
    }

    /// A copy of every value, of the same class (UIKit's `copy()`; subclasses with more values
    /// override it, call `super` and copy theirs).
    open override func copy() -> Any {
        let copy = type(of: self).init(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.storedTransform3D = storedTransform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.orthogonalSection = orthogonalSection
        copy.listPlacement = listPlacement
        return copy
    }

    /// Whether `object` is attributes of the same element with the same values.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        return other.representedElementCategory == representedElementCategory && other.representedElementKind == representedElementKind
            && other.indexPath == indexPath && other.center == center && other.size == size && other.transform == transform && other.alpha == alpha
            && other.zIndex == zIndex && other.isHidden == isHidden
    }

    /// A hash of the element's identity (category, kind, index path).
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(representedElementCategory)
        hasher.combine(representedElementKind)
        hasher.combine(indexPath)
        return hasher.finalize()
    }

    /// The attributes in words: category, kind, index path and frame.
    open override var description: String {
        "<\(type(of: self)) \(representedElementCategory) \(representedElementKind ?? "") \(indexPath) frame=\(frame) alpha=\(alpha) zIndex=\(zIndex)\(isHidden ? " hidden" : "")>"
    }

    /// The orthogonal section whose scrolling strip carries the element (nil: the collection
    /// view's own content). Set by the compositional layout.
    var orthogonalSection: Int?

    /// For a cell of a list section: the list's appearance and whether a separator follows it.
    /// Set by the compositional layout; read by `UICollectionViewListCell`.
    var listPlacement: ListCellPlacement?

    /// The key the collection view files the element's view under.
    var elementKey: CollectionElementKey {
        CollectionElementKey(category: representedElementCategory, kind: representedElementKind ?? "", indexPath: indexPath)
    }
}

/// One element of a collection view, as the collection view files its view: category, kind and
/// index path. A plain value.
struct CollectionElementKey: Hashable {
    var category: UICollectionView.ElementCategory
    var kind: String
    var indexPath: IndexPath
}

/// Where a cell sits in a list: the list's appearance and whether a separator follows the cell.
struct ListCellPlacement: Equatable {
    var appearance: UICollectionLayoutListConfiguration.Appearance
    var showsSeparator: Bool
}

extension CGRect {
    /// Whether the rectangles share some area: edges that only touch do not count (as with Core
    /// Graphics' `intersects`; Foundation on Linux counts them), so an element ending exactly at
    /// the visible rectangle's edge gets no view.
    func sharesArea(with other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
