import Foundation

/// The snapshot a diffable data source shows and the lookups both kinds (table and collection)
/// answer from it: the item at an index path, the index path of an item, sections by index.
/// Applying a new snapshot gives the difference to animate. A value; the data sources hold one.
struct DiffableStore<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The snapshot shown.
    private(set) var shown = Snapshot()

    /// A copy of the snapshot shown without its reload and reconfigure marks (they were applied).
    var snapshot: Snapshot {
        var copy = shown
        copy.reloadedItemMarks = DiffableMarks()
        copy.reconfiguredItemMarks = DiffableMarks()
        copy.reloadedSectionMarks = DiffableMarks()
        return copy
    }

    /// Shows `next` and returns the changes from the snapshot shown before.
    mutating func show(_ next: Snapshot) -> ListDifference {
        let difference = next.difference(from: shown)
        shown = next
        return difference
    }

    /// Shows `next` with no difference worked out (a reload).
    mutating func replace(with next: Snapshot) { shown = next }

    /// The number of items in the section at `index`.
    func numberOfItems(inSection index: Int) -> Int { shown.numberOfItems(inSection: shown.sectionIdentifiers[index]) }

    /// The item at `indexPath` (section, then row or item), or nil when there is none.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < shown.numberOfSections else { return nil }
        let items = shown.itemIdentifiers(inSection: shown.sectionIdentifiers[indexPath.section])
        return indexPath.item >= 0 && indexPath.item < items.count ? items[indexPath.item] : nil
    }

    /// Where `item` is, or nil when it is not shown. O(1).
    func indexPath(of item: ItemIdentifierType) -> IndexPath? {
        guard let (section, index) = shown.position(ofItem: item) else { return nil }
        return IndexPath(item: index, section: section)
    }

    /// The section at `index`, or nil.
    func section(at index: Int) -> SectionIdentifierType? {
        index >= 0 && index < shown.numberOfSections ? shown.sectionIdentifiers[index] : nil
    }

    /// The index of `section`, or nil.
    func index(of section: SectionIdentifierType) -> Int? { shown.indexOfSection(section) }
}
