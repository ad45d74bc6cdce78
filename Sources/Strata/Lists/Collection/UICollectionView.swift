import Foundation

// Overall design: a collection view is a scroll view whose content a layout object places
// (UICollectionViewLayout: flow, compositional or the program's own). At each layout pass it
// asks the layout for the elements meeting the visible rectangle, gives each a reusable view
// (a cell from the data source, a supplementary view by kind) placed by its attributes, and
// hides and keeps for reuse the views whose elements left, the same reuse pools the table view
// uses. Batches of item and section changes are checked against the data source's counts as a
// table's are, and animate over 0.3 s (UICollectionView+Updates.swift).

/// A scrolling collection of items in sections, placed by a layout object (UIKit's
/// `UICollectionView`). Main actor.
@MainActor
open class UICollectionView: UIScrollView {
    /// The axis a layout scrolls on (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// The kind of a section header (UIKit's `UICollectionView.elementKindSectionHeader`).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}
