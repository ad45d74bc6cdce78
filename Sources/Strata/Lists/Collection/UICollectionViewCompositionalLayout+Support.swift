import Foundation

// Small views and values the compositional layout hands out: the rounded backdrop behind an
// inset-grouped list section's rows (a decoration the layout registers itself), and the visible
// items a section's invalidation handler changes (wrappers of the attributes being placed).

/// The rounded backdrop of an inset-grouped list section: the grouped cell colour, 10-point corners.
final class ListSectionBackdropView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        reuseIdentifier = UICollectionViewCompositionalLayout.listBackdropKind
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = UICollectionLayoutListConfiguration.insetGroupedCornerRadius
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }
}

/// An element's attributes as a section's visible items invalidation handler sees and changes
/// them (UIKit's `NSCollectionLayoutVisibleItem`). Main actor.
final class CompositionalVisibleItem: NSObject, NSCollectionLayoutVisibleItem {
    let attributes: UICollectionViewLayoutAttributes

    init(_ attributes: UICollectionViewLayoutAttributes) {
        self.attributes = attributes
        super.init()
    }

    var frame: CGRect { attributes.frame }
    var bounds: CGRect { attributes.bounds }
    var center: CGPoint {
        get { attributes.center }
        set { attributes.center = newValue }
    }
    var alpha: CGFloat {
        get { attributes.alpha }
        set { attributes.alpha = newValue }
    }
    var zIndex: Int {
        get { attributes.zIndex }
        set { attributes.zIndex = newValue }
    }
    var isHidden: Bool {
        get { attributes.isHidden }
        set { attributes.isHidden = newValue }
    }
    var transform: CGAffineTransform {
        get { attributes.transform }
        set { attributes.transform = newValue }
    }
    var indexPath: IndexPath { attributes.indexPath }
    var representedElementKind: String? { attributes.representedElementKind }
}
