import Foundation

// Changes to items and sections, in batches: each call outside `performBatchUpdates` is a batch
// of its own. A batch is checked against the data source's counts before and after (a mismatch
// traps with UIKit's NSInternalInconsistencyException message), then the layout is prepared
// again, visible cells follow their items (supplementary views their sections), selection
// follows its items, and the change animates over 0.3 s: survivors move to their new places,
// inserted items start from the layout's `initialLayoutAttributesForAppearingItem(at:)` and
// deleted ones end at `finalLayoutAttributesForDisappearingItem(at:)` (nil: at once). Items
// that scroll into view because of the batch appear at their new places.

/// The batch being gathered by `performBatchUpdates`, and how deep the calls nest.
struct PendingCollectionUpdates {
    var updates = ListUpdates()
    var depth = 0
}

extension UICollectionView {
    /// Runs `updates` (calls that insert, delete, reload and move items and sections) as one
    /// animated batch, then calls `completion` when the animation ends (true: it finished).
    /// Deletions and reloads name items as they were before the batch, insertions as they are
    /// after it. The data source must already answer the new counts when `updates` returns.
    /// - Precondition: the counts add up (UIKit raises "Invalid update: invalid number of items
    ///   in section …" otherwise, and so does Strata, with the numbers).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if pendingUpdates == nil { pendingUpdates = PendingCollectionUpdates() }
        pendingUpdates!.depth += 1
        updates?()
        pendingUpdates!.depth -= 1
        guard pendingUpdates!.depth == 0 else {
            finishLater(completion)
            return
        }
        let batch = pendingUpdates!.updates
        pendingUpdates = nil
        apply(batch, completion: completion)
    }

    /// Adds to the open batch, or applies a batch of this one change.
    private func record(_ change: (inout ListUpdates) -> Void) {
        if pendingUpdates != nil {
            change(&pendingUpdates!.updates)
        } else {
            var batch = ListUpdates()
            change(&batch)
            apply(batch, completion: nil)
        }
    }

    /// Inserts items at `indexPaths` (positions after the change).
    public func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }

    /// Deletes the items at `indexPaths` (positions before the change).
    public func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }

    /// Asks the data source for new cells for the items at `indexPaths`.
    public func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }

    /// Moves the item at `indexPath` to `newIndexPath` (the data source has moved it already).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedItems.append(.init(from: indexPath, to: newIndexPath)) }
    }

    /// Inserts `sections` (indexes after the change).
    public func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }

    /// Deletes `sections` (indexes before the change) and their items.
    public func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }

    /// Asks the data source again for `sections`' items.
    public func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }

    /// Moves a section and its items.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append(.init(from: section, to: newSection)) }
    }

    /// Updates the cells of the items at `indexPaths` in place: the data source's `cellForItemAt`
    /// runs again and gets the same cell back from `dequeueReusableCell`, without
    /// `prepareForReuse()` (as UIKit's). Items not in view are skipped.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        for path in indexPaths {
            let key = CollectionElementKey(category: .cell, kind: "", indexPath: path)
            // An early cell (prepared ahead of a motion, not displayed) is reconfigured too.
            let isEarly = preparedViews[key] != nil
            guard let cell = visibleViews[key] ?? preparedViews[key], let identifier = cell.reuseIdentifier else { continue }
            cellPool.enqueue(cell, identifier: identifier)
            reconfiguringCell = cell
            let again = dataSource.collectionView(self, cellForItemAt: path)
            reconfiguringCell = nil
            guard again !== cell else { continue }
            // The data source used another identifier: the old cell stays in its pool, hidden
            // (a displayed one says it ended).
            if !isEarly, let old = cell as? UICollectionViewCell { collectionDelegate?.collectionView(self, didEndDisplaying: old, forItemAt: path) }
            cell.isHidden = true
            if again.superview !== self { insertSubview(again, aboveSubview: cell) }
            again.isHidden = false
            if isEarly { preparedViews[key] = again } else { visibleViews[key] = again }
        }
        setNeedsLayout()
    }

    /// Applies one batch: checks it, prepares the layout again, moves views and selection, animates.
    func apply(_ batch: ListUpdates, completion: ((Bool) -> Void)?) {
        guard let oldCounts = cachedCounts, dataSource != nil else {
            // Nothing was counted yet: there is nothing to change from.
            reloadData()
            finishLater(completion)
            return
        }
        var u = batch
        // A reloaded section is its items reloaded.
        for s in u.reloadedSections where s < oldCounts.count {
            for i in 0..<oldCounts[s] { u.reloadedItems.append(IndexPath(item: i, section: s)) }
        }
        cachedCounts = nil
        let newCounts = counts
        if let problem = u.inconsistency(oldCounts: oldCounts, newCounts: newCounts, nouns: .collection) {
            preconditionFailure("\(problem) Collection view: \(self)")
        }
        let mapping = u.index(oldSectionCount: oldCounts.count, newSectionCount: newCounts.count)
        let reloaded = Set(u.reloadedItems)
        let layout = collectionViewLayout

        // Where leaving cells end, asked while the layout still describes the old items.
        setAsidePreparedViews()  // their items may have moved or changed
        var leaving: [(key: CollectionElementKey, view: UICollectionReusableView, final: UICollectionViewLayoutAttributes?)] = []
        var kept: [CollectionElementKey: UICollectionReusableView] = [:]
        for (key, view) in visibleViews {
            if let new = newKey(for: key, mapping: mapping, reloaded: reloaded, reloadedSections: u.reloadedSections) {
                kept[new] = view
            } else {
                let final = key.category == .cell ? layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath) : nil
                leaving.append((key, view, final))
            }
        }
        for (key, view, _) in leaving where key.category == .cell {
            if let cell = view as? UICollectionViewCell { collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath) }
        }
        for (key, view, _) in leaving where key.category == .supplementaryView {
            collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        }
        visibleViews = kept
        visibleAttributes = [:]
        selectedItems = selectedItems.compactMap { mapping.newPosition(of: $0) }
        touchedItem = nil

        if !u.insertedSections.isEmpty || !u.deletedSections.isEmpty || !u.movedSections.isEmpty { resetOrthogonalScrollers() }
        layout.collectionViewDidUpdate(mapping)
        layout.prepare(forCollectionViewUpdates: Self.updateItems(u))
        prepareLayout()
        let animate = window != nil && UIView.areAnimationsEnabled
        guard animate else {
            for (key, view, _) in leaving { recycle(view, key: key) }
            placeVisibleElements()
            layout.finalizeCollectionViewUpdates()
            finishLater(completion)
            return
        }
        let animated = leaving.filter { $0.final != nil }
        for (key, view, final) in leaving where final == nil { recycle(view, key: key) }
        appearanceStart = { [unowned self] key, view in
            // Inserted and reloaded items start where the layout says; others that come into
            // view start at their new places (Strata does not keep their old ones).
            let appears = key.category == .cell && (mapping.oldPosition(of: key.indexPath) == nil || reloaded.contains(key.indexPath))
            if appears, let initial = layout.initialLayoutAttributesForAppearingItem(at: key.indexPath) {
                self.place(view, with: initial)
            } else if let final = self.visibleAttributes[key] {
                self.place(view, with: final)
            }
        }
        UIView.animate(
            withDuration: Self.updateAnimationDuration,
            animations: {
                self.placeVisibleElements()
                for (_, view, final) in animated { if let final { self.place(view, with: final) } }
            },
            completion: { finished in
                for (key, view, _) in animated { self.recycle(view, key: key) }
                completion?(finished)
            })
        appearanceStart = nil
        layout.finalizeCollectionViewUpdates()
    }

    /// Where an element in view before the batch is after it; nil when it leaves (deleted,
    /// reloaded, or its section deleted or reloaded).
    private func newKey(for key: CollectionElementKey, mapping: ListUpdates.Index, reloaded: Set<IndexPath>, reloadedSections: IndexSet) -> CollectionElementKey? {
        var new = key
        switch key.category {
        case .cell:
            guard !reloaded.contains(key.indexPath), let path = mapping.newPosition(of: key.indexPath) else { return nil }
            new.indexPath = path
        case .supplementaryView, .decorationView:
            let s = key.indexPath.section
            guard s < mapping.sectionForward.count, !reloadedSections.contains(s), let section = mapping.sectionForward[s] else { return nil }
            new.indexPath = IndexPath(item: key.indexPath.item, section: section)
        }
        return new
    }

    /// The batch as the layout hears of it: one update item per change.
    private static func updateItems(_ u: ListUpdates) -> [UICollectionViewUpdateItem] {
        var items: [UICollectionViewUpdateItem] = []
        for s in u.deletedSections { items.append(.init(before: IndexPath(item: NSNotFound, section: s), after: nil, action: .delete)) }
        for s in u.insertedSections { items.append(.init(before: nil, after: IndexPath(item: NSNotFound, section: s), action: .insert)) }
        for m in u.movedSections {
            items.append(.init(before: IndexPath(item: NSNotFound, section: m.from), after: IndexPath(item: NSNotFound, section: m.to), action: .move))
        }
        for p in u.deletedItems { items.append(.init(before: p, after: nil, action: .delete)) }
        for p in u.insertedItems { items.append(.init(before: nil, after: p, action: .insert)) }
        for p in u.reloadedItems { items.append(.init(before: p, after: p, action: .reload)) }
        for m in u.movedItems { items.append(.init(before: m.from, after: m.to, action: .move)) }
        return items
    }
}
