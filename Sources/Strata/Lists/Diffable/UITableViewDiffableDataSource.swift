import Foundation

/// A table's data source that shows a snapshot of identifiers and animates from one snapshot to
/// the next (UIKit's `UITableViewDiffableDataSource`). Main actor.
///
/// `apply(_:animatingDifferences:completion:)` works out the inserts, deletes, moves and reloads
/// between the snapshot shown and the new one (a minimal set: items that keep their order do not
/// move) and gives them to the table as one batch. Subclass it to give titles or editing answers:
/// the data source methods are `open`.
@MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: NSObject,
    UITableViewDataSource
{
    /// Makes the cell for an item (UIKit's `CellProvider`); nil traps, as a nil cell does in UIKit.
    public typealias CellProvider = @MainActor (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var store = DiffableStore<SectionIdentifierType, ItemIdentifierType>()

    /// How rows animate when a snapshot is applied (`.automatic`).
    open var defaultRowAnimation = UITableView.RowAnimation.automatic

    /// A data source for `tableView` (it becomes the table's data source) making cells with `cellProvider`.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// A copy of the snapshot shown (change it and apply it).
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { store.snapshot }

    /// Shows `snapshot`: the table gets the differences from the snapshot shown as one batch,
    /// animated when `animatingDifferences` (and the table is on screen), and `completion` runs
    /// when it is done.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        let difference = store.show(snapshot)
        guard let tableView else {
            completion?()
            return
        }
        guard tableView.storedLayout != nil else {
            tableView.reloadData()
            if let completion { DispatchQueue.main.async { MainActor.assumeIsolated { completion() } } }
            return
        }
        let batch: @MainActor () -> Void = {
            let animation = animatingDifferences ? self.defaultRowAnimation : .none
            tableView.performBatchUpdates(
                {
                    tableView.deleteSections(difference.deletedSections, with: animation)
                    tableView.insertSections(difference.insertedSections, with: animation)
                    tableView.reloadSections(difference.reloadedSections, with: animation)
                    for move in difference.movedSections { tableView.moveSection(move.from, toSection: move.to) }
                    tableView.deleteRows(at: difference.deletedItems, with: animation)
                    tableView.insertRows(at: difference.insertedItems, with: animation)
                    tableView.reloadRows(at: difference.reloadedItems, with: animation)
                    for move in difference.movedItems { tableView.moveRow(at: move.from, to: move.to) }
                },
                completion: { _ in completion?() })
            if !difference.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: difference.reconfiguredItems) }
        }
        if animatingDifferences { batch() } else { UIView.performWithoutAnimation { batch() } }
    }

    /// Shows `snapshot` by reloading the table (no differences worked out, nothing animated).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (@MainActor () -> Void)? = nil
    ) {
        store.replace(with: snapshot)
        tableView?.reloadData()
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

    // MARK: UITableViewDataSource (open: override to add titles and editing)

    /// The snapshot's number of sections.
    open func numberOfSections(in tableView: UITableView) -> Int { store.shown.numberOfSections }

    /// The snapshot's number of items in the section.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        store.numberOfItems(inSection: section)
    }

    /// The cell provider's cell for the item.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("UITableView dataSource returned a nil cell for row at index path: \(indexPath). Table view: \(tableView)")
        }
        return cell
    }

    /// No header titles (override to give some).
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer titles (override to give some).
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Rows are not editable unless overridden.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// Rows are not movable unless overridden.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing: override to delete the item from a snapshot and apply it.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// Moves the item in the snapshot shown, as UIKit's does.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath), sourceIndexPath != destinationIndexPath else { return }
        var next = store.snapshot
        if let target = itemIdentifier(for: destinationIndexPath) {
            if destinationIndexPath.section == sourceIndexPath.section, destinationIndexPath.row > sourceIndexPath.row {
                next.moveItem(item, afterItem: target)
            } else {
                next.moveItem(item, beforeItem: target)
            }
        } else if let section = sectionIdentifier(for: destinationIndexPath.section) {
            next.deleteItems([item])
            next.appendItems([item], toSection: section)
        }
        store.replace(with: next)
    }
}
