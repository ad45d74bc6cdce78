import Foundation

// Changes to rows and sections, in batches: each call outside `performBatchUpdates` (or
// `beginUpdates`/`endUpdates`) is a batch of its own. A batch is checked against the data
// source's counts before and after (a mismatch traps with UIKit's NSInternalInconsistencyException
// message), then the geometry is rebuilt keeping the heights of rows that survive, visible cells
// follow their rows, and the table animates over 0.3 s: survivors slide to their new places,
// inserted rows come in and deleted rows go out as their `RowAnimation` says.

/// The batch being gathered and how each inserted or deleted row animates.
struct PendingTableUpdates {
    var updates = ListUpdates()
    var insertAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    var deleteAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    var sectionInsertAnimations: [Int: UITableView.RowAnimation] = [:]
    var sectionDeleteAnimations: [Int: UITableView.RowAnimation] = [:]
    var animated = false
    var depth = 0
    /// Completions of nested `performBatchUpdates` calls, run when the outermost batch ends.
    var completions: [(Bool) -> Void] = []
}

extension UITableView {
    /// How long inserted, deleted and moved rows take to reach their places (UIKit's 0.3 s).
    static let updateAnimationDuration: TimeInterval = 0.3

    func endUpdates(completion: ((Bool) -> Void)?) {
        guard var pending = pendingUpdates else {
            preconditionFailure("UITableView.endUpdates: called without a matching beginUpdates")
        }
        pending.depth -= 1
        guard pending.depth == 0 else {
            if let completion { pending.completions.append(completion) }
            pendingUpdates = pending
            return
        }
        pendingUpdates = nil
        apply(pending, completion: completion)
    }

    /// Adds to the open batch, or applies a batch of this one change.
    func record(_ change: (inout PendingTableUpdates) -> Void) {
        if pendingUpdates != nil {
            change(&pendingUpdates!)
        } else {
            var pending = PendingTableUpdates()
            change(&pending)
            apply(pending, completion: nil)
        }
    }

    /// Applies one batch: checks it, rebuilds the geometry, moves cells and selection, animates.
    func apply(_ pending: PendingTableUpdates, completion: ((Bool) -> Void)?) {
        guard let old = storedLayout, let dataSource else {
            // Nothing was shown or counted yet: there is nothing to change from.
            reloadData()
            for done in pending.completions { finish(done) }
            finish(completion)
            return
        }
        let u = pending.updates
        // Only the counts first: a batch that does not add up traps before anything changes.
        let sections = max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<sections).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
        if let problem = u.inconsistency(oldCounts: old.counts, newCounts: newCounts, nouns: .table) {
            preconditionFailure("\(problem) Table view: \(self)")
        }
        let mapping = u.index(oldSectionCount: old.counts.count, newSectionCount: newCounts.count)
        // Headers and footers are made again for their sections (sections may have moved).
        for view in visibleHeaders.values { retireHeaderFooter(view) }
        for view in visibleFooters.values { retireHeaderFooter(view) }
        for view in measuredHeaderViews.values { retireHeaderFooter(view) }
        for view in measuredFooterViews.values { retireHeaderFooter(view) }
        (visibleHeaders, visibleFooters, measuredHeaderViews, measuredFooterViews) = ([:], [:], [:], [:])
        // Fixed heights are asked again and self-sizing rows measured again when they show
        // (buildLayout), reloaded rows included.
        let layout = buildLayout(previous: old, mapping: mapping)
        let reloaded = Set(u.reloadedItems)
        storedLayout = layout
        contentSize = CGSize(width: bounds.width, height: layout.contentHeight)
        clampsOffsetAfterLayout = true
        cellsNeedConfiguration = true
        followSwipe(through: mapping)
        touchedRow = nil
        touchedControl = nil

        let animate = pending.animated && window != nil && UIView.areAnimationsEnabled
        var moved: [IndexPath: UITableViewCell] = [:]
        var leaving: [(cell: UITableViewCell, animation: RowAnimation)] = []
        for (path, cell) in visibleCellsByIndexPath {
            if !reloaded.contains(path), let new = mapping.newPosition(of: path), moved[new] == nil {
                moved[new] = cell
            } else {
                let animation = pending.deleteAnimations[path] ?? pending.sectionDeleteAnimations[path.section] ?? .automatic
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
                leaving.append((cell, animation))
            }
        }
        visibleCellsByIndexPath = moved
        selectedRows = selectedRows.compactMap { mapping.newPosition(of: $0) }
        prefetchedRows = []
        for (cell, _) in leaving { departingCells.append(cell) }
        let completions = pending.completions + (completion.map { [$0] } ?? [])

        guard animate else {
            for (cell, _) in leaving { recycleDeparted(cell) }
            layoutVisibleElements()
            for done in completions { finish(done) }
            return
        }
        appearanceStart = { path, cell in
            let final = layout.rectForRow(at: path)
            if let oldPath = mapping.oldPosition(of: path), !reloaded.contains(oldPath), old.contains(oldPath) {
                cell.frame = old.rectForRow(at: oldPath)
                return
            }
            let animation = pending.insertAnimations[path] ?? pending.sectionInsertAnimations[path.section] ?? .automatic
            cell.frame = Self.displaced(final, by: animation)
            cell.alpha = animation == .none ? 1 : 0
        }
        UIView.animate(
            withDuration: Self.updateAnimationDuration,
            animations: {
                self.layoutVisibleElements()
                for (cell, animation) in leaving {
                    cell.frame = Self.displaced(cell.frame, by: animation)
                    cell.alpha = 0
                }
            },
            completion: { finished in
                for (cell, _) in leaving { self.recycleDeparted(cell) }
                for done in completions { done(finished) }
            })
        appearanceStart = nil
    }

    /// A row swiped open follows its row across a batch, or closes when the row is gone (the
    /// delegate hears `didEndEditingRowAt` with nil).
    private func followSwipe(through mapping: ListUpdates.Index) {
        guard let state = swipe else { return }
        if let new = mapping.newPosition(of: state.row) {
            swipe?.row = new
            closeSwipe(animated: false)
        } else {
            swipe = nil
            state.buttons.removeFromSuperview()
            tableDelegate?.tableView(self, didEndEditingRowAt: nil)
        }
    }

    /// Where a row starts (inserted) or ends (deleted) for `animation`: beside, above or below
    /// its place, or on it (fade, automatic, none).
    static func displaced(_ rect: CGRect, by animation: RowAnimation) -> CGRect {
        switch animation {
        case .left: rect.offsetBy(dx: -rect.width, dy: 0)
        case .right: rect.offsetBy(dx: rect.width, dy: 0)
        case .top: rect.offsetBy(dx: 0, dy: -rect.height)
        case .bottom: rect.offsetBy(dx: 0, dy: rect.height)
        case .middle: CGRect(x: rect.minX, y: rect.midY, width: rect.width, height: 0)
        case .fade, .automatic, .none: rect
        }
    }

    /// A cell that left in an animation, hidden and kept for reuse.
    private func recycleDeparted(_ cell: UITableViewCell) {
        guard let i = departingCells.firstIndex(where: { $0 === cell }) else { return }
        departingCells.remove(at: i)
        UIView.performWithoutAnimation { cell.alpha = 1 }
        cell.isHidden = true
        if let identifier = cell.reuseIdentifier {
            cellPool.enqueue(cell, identifier: identifier)
        } else {
            cell.removeFromSuperview()
        }
    }

    private func finish(_ completion: ((Bool) -> Void)?) {
        guard let completion else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { completion(true) } }
    }
}
