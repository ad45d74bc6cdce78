import Foundation

// Reordering rows in editing mode: a finger down on a row's reorder grip lifts the row; it
// follows the finger while the rows between its place and the place proposed slide over to
// make room; lifted, the delegate may redirect the drop (`targetIndexPathForMoveFromRowAt`), the
// data source is told (`moveRowAt`) and the row settles in its new place. The scroll view does
// not scroll while a row is lifted.

/// A row being dragged to a new place.
struct ReorderState {
    var from: IndexPath
    var proposed: IndexPath
    let cell: UITableViewCell
    /// The finger's distance below the cell's top when it was lifted.
    let grip: CGFloat
}

extension UITableView {
    /// Lifts the row under `point` when it is on the row's reorder grip; returns whether it did.
    func beginReorder(at point: CGPoint) -> Bool {
        guard _isEditing, let path = indexPathForRow(at: point), let cell = visibleCellsByIndexPath[path], cell.showsReorderControl,
            let grip = cell.reorderControl, !grip.isHidden, grip.frame.contains(convert(point, to: cell))
        else { return false }
        reorder = ReorderState(from: path, proposed: path, cell: cell, grip: point.y - cell.frame.minY)
        bringSubviewToFront(cell)
        UIView.animate(withDuration: 0.2) { cell.alpha = 0.9 }
        return true
    }

    /// The lifted row follows the finger at `y`; the others make room at the proposed place.
    func moveReorder(to y: CGFloat) {
        guard var state = reorder else { return }
        let l = layout
        var frame = state.cell.frame
        frame.origin.y = min(max(y - state.grip, l.top), max(l.top, l.contentHeight - frame.height))
        state.cell.frame = frame
        if let over = layout.row(at: frame.midY) {
            state.proposed = over
        }
        reorder = state
        let height = l.rectForRow(at: state.from).height
        UIView.animate(withDuration: 0.2) {
            for (path, cell) in self.visibleCellsByIndexPath where path != state.from {
                var rect = l.rectForRow(at: path)
                if state.from < state.proposed, path > state.from, path <= state.proposed { rect.origin.y -= height }
                if state.proposed < state.from, path >= state.proposed, path < state.from { rect.origin.y += height }
                cell.frame = rect
            }
        }
    }

    /// Drops the lifted row: the delegate may redirect it, the data source moves it, and the table
    /// moves the row there (cancelled: it goes back).
    func endReorder(cancelled: Bool) {
        guard let state = reorder else { return }
        reorder = nil
        var destination = state.proposed
        if !cancelled, destination != state.from {
            destination = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: state.from, toProposedIndexPath: destination) ?? destination
        }
        UIView.animate(withDuration: 0.2) { state.cell.alpha = 1 }
        guard !cancelled, destination != state.from, layout.contains(destination) else {
            UIView.animate(withDuration: Self.updateAnimationDuration) { self.layoutVisibleElements() }
            return
        }
        dataSource?.tableView(self, moveRowAt: state.from, to: destination)
        moveRow(at: state.from, to: destination)
    }
}
