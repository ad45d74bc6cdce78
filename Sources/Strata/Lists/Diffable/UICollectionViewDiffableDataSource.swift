import Foundation

/// A collection view's data source that shows a snapshot of identifiers and animates from one
/// snapshot to the next (UIKit's `UICollectionViewDiffableDataSource`). Main actor.
///
/// `apply(_:animatingDifferences:completion:)` works out the inserts, deletes, moves and reloads
/// between the snapshot shown and the new one and gives them to the collection view as one
/// batch. A section can be shown as an outline with `apply(_:to:animatingDifferences:completion:)`
/// and a section snapshot: its visible items (those whose parents are expanded) are the section's items.
@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: NSObject,
    UICollectionViewDataSource
{
    /// Makes the cell for an item (UIKit's `CellProvider`); nil traps, as a nil cell does in UIKit.
    public typealias CellProvider = @MainActor (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view of a kind for an index path (UIKit's `SupplementaryViewProvider`).
    public typealias SupplementaryViewProvider = @MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var store = DiffableStore<SectionIdentifierType, ItemIdentifierType>()
    private var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

    /// Makes the supplementary views (nil: the collection view asks for none it can show).
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// A data source for `collectionView` (it becomes the collection view's data source) making
    /// cells with `cellProvider`.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the snapshot shown (change it and apply it).
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { store.snapshot }

    /// The outline shown in `section`: the section snapshot applied to it, or its items as roots.
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let outline = sectionSnapshots[section] { return outline }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if store.shown.indexOfSection(section) != nil { flat.append(store.shown.itemIdentifiers(inSection: section)) }
        return flat
    }

    /// Shows `snapshot`: the collection view gets the differences from the snapshot shown as one
    /// batch, animated when `animatingDifferences`, and `completion` runs when it is done.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        let difference = store.show(snapshot)
        sectionSnapshots = sectionSnapshots.filter { snapshot.indexOfSection($0.key) != nil }
        guard let collectionView else {
            completion?()
            return
        }
        guard collectionView.cachedCounts != nil else {
            collectionView.reloadData()
            if let completion { DispatchQueue.main.async { MainActor.assumeIsolated { completion() } } }
            return
        }
        let batch: @MainActor () -> Void = {
            collectionView.performBatchUpdates(
                {
                    collectionView.deleteSections(difference.deletedSections)
                    collectionView.insertSections(difference.insertedSections)
                    collectionView.reloadSections(difference.reloadedSections)
                    for move in difference.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                    collectionView.deleteItems(at: difference.deletedItems)
                    collectionView.insertItems(at: difference.insertedItems)
                    collectionView.reloadItems(at: difference.reloadedItems)
                    for move in difference.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
                },
                completion: { _ in completion?() })
            if !difference.reconfiguredItems.isEmpty { collectionView.reconfigureItems(at: difference.reconfiguredItems) }
        }
        if animatingDifferences { batch() } else { UIView.performWithoutAnimation { batch() } }
    }

    /// Shows `snapshot` as `section`'s items (an outline: its visible items, in order); the
    /// section is appended when the snapshot shown does not have it.
    open func apply(
        _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        var next = self.snapshot()
        if next.indexOfSection(section) == nil {
            next.appendSections([section])
        } else {
            next.deleteItems(next.itemIdentifiers(inSection: section))
        }
        next.appendItems(snapshot.visibleItems, toSection: section)
        apply(next, animatingDifferences: animatingDifferences, completion: completion)
        sectionSnapshots[section] = snapshot
    }

    /// Shows `snapshot` by reloading the collection view (nothing worked out, nothing animated).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (@MainActor () -> Void)? = nil
    ) {
        store.replace(with: snapshot)
        sectionSnapshots = [:]
        collectionView?.reloadData()
        completion?()
    }

    /// The item at `indexPath`, or nil when there is none.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.item(at: indexPath) }

    /// Where `itemIdentifier` is, or nil when it is not shown.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.indexPath(of: itemIdentifier) }

    /// The section at `index`, or nil.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.section(at: index) }

    /// The index of `sectionIdentifier`, or nil.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { store.index(of: sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    /// The snapshot's number of sections.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { store.shown.numberOfSections }

    /// The snapshot's number of items in the section.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        store.numberOfItems(inSection: section)
    }

    /// The cell provider's cell for the item.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            preconditionFailure("UICollectionView dataSource returned a nil cell for item at index path: \(indexPath). Collection view: \(collectionView)")
        }
        // In an outline, a list cell is indented by its item's level, as UIKit does.
        if let listCell = cell as? UICollectionViewListCell, let section = sectionIdentifier(for: indexPath.section),
            let outline = sectionSnapshots[section], outline.contains(item)
        {
            listCell.indentationLevel = outline.level(of: item)
        }
        return cell
    }

    /// The supplementary view provider's view.
    /// - Precondition: there is a provider and it gives a view (UIKit raises otherwise).
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
        -> UICollectionReusableView
    {
        guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
            preconditionFailure(
                "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind), \(indexPath)) was nil: set the diffable data source's supplementaryViewProvider"
            )
        }
        return view
    }
}

extension UICollectionViewDiffableDataSource: OutlineDataSource {
    /// Whether the item at `indexPath` has children in its section snapshot, and is expanded.
    func outlineState(at indexPath: IndexPath) -> (expandable: Bool, expanded: Bool)? {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
            let outline = sectionSnapshots[section], outline.contains(item)
        else { return nil }
        return (!outline.snapshot(of: item, includingParent: false).items.isEmpty, outline.isExpanded(item))
    }

    /// Expands or collapses the item at `indexPath` in its section snapshot, animated.
    func toggleOutline(at indexPath: IndexPath) {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
            var outline = sectionSnapshots[section], outline.contains(item)
        else { return }
        if outline.isExpanded(item) { outline.collapse([item]) } else { outline.expand([item]) }
        apply(outline, to: section, animatingDifferences: true)
    }
}
