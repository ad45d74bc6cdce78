import Foundation

// Selection: by code (`selectRow`, `deselectRow`: the delegate is not told, as in UIKit) and by
// touch (a finger down highlights the row under it; lifted on the same row it selects the row
// through the delegate's willSelect/didSelect, or deselects a selected one in a multiple-selection
// table; a drag that scrolls cancels the highlight). Selected rows are index paths; their cells
// show it while they are in view.

extension UITableView {
    /// The selected row (the first selected), or nil.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.first }

    /// The selected rows, or nil when none is selected.
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows }

    /// Whether several rows may be selected now (editing has its own switch).
    var allowsMultipleSelectionNow: Bool { _isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }

    func setSelection(_ selected: Bool, at path: IndexPath, animated: Bool) {
        if selected {
            if !selectedRows.contains(path) { selectedRows.append(path) }
        } else {
            selectedRows.removeAll { $0 == path }
        }
        visibleCellsByIndexPath[path]?.setSelected(selected, animated: animated)
        preparedCells[path]?.setSelected(selected, animated: false)
    }

    func deselectAll() {
        for path in selectedRows {
            visibleCellsByIndexPath[path]?.setSelected(false, animated: false)
            preparedCells[path]?.setSelected(false, animated: false)
        }
        selectedRows = []
    }

    /// Selects (or, selected in a multiple-selection table, deselects) the row as a tap does,
    /// asking and telling the delegate.
    func tapRow(_ path: IndexPath) {
        let delegate = tableDelegate
        if allowsMultipleSelectionNow, selectedRows.contains(path) {
            guard let target = delegate.map({ $0.tableView(self, willDeselectRowAt: path) }) ?? path else { return }
            setSelection(false, at: target, animated: false)
            delegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        guard let target = delegate.map({ $0.tableView(self, willSelectRowAt: path) }) ?? path else { return }
        if !allowsMultipleSelectionNow {
            for other in selectedRows where other != target {
                if let confirmed = delegate.map({ $0.tableView(self, willDeselectRowAt: other) }) ?? other {
                    setSelection(false, at: confirmed, animated: false)
                    delegate?.tableView(self, didDeselectRowAt: confirmed)
                }
            }
        }
        if !selectedRows.contains(target) {
            setSelection(true, at: target, animated: false)
        }
        delegate?.tableView(self, didSelectRowAt: target)
    }

    /// Whether a touch may select rows now.
    var touchSelects: Bool { _isEditing ? allowsSelectionDuringEditing : allowsSelection }

    // MARK: Touches

    /// The row whose editing control (or detail button) `point` is on, if any.
    private func controlRow(at point: CGPoint) -> (path: IndexPath, editing: Bool)? {
        guard let path = indexPathForRow(at: point), let cell = visibleCellsByIndexPath[path] else { return nil }
        if _isEditing, let control = cell.editingControl, !control.isHidden, control.frame.contains(convert(point, to: cell)) { return (path, true) }
        if let glyph = cell.standardAccessory, cell.shownAccessory === glyph, glyph.type == .detailButton || glyph.type == .detailDisclosureButton,
            glyph.frame.insetBy(dx: -8, dy: -8).contains(convert(point, to: cell))
        {
            return (path, false)
        }
        return nil
    }

    func tableTouchesBegan(_ touches: Set<UITouch>) {
        if let touch = touches.first, beginReorder(at: touch.location(in: self)) { return }
        if swipe == nil, let touch = touches.first, let hit = controlRow(at: touch.location(in: self)) {
            touchedControl = hit.path
            return
        }
        guard swipe == nil, touchSelects, let touch = touches.first, let path = indexPathForRow(at: touch.location(in: self)),
            tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true
        else {
            if swipe != nil { closeSwipe(animated: true) }
            return
        }
        touchedRow = path
        visibleCellsByIndexPath[path]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: path)
    }

    func tableTouchesMoved(_ touches: Set<UITouch>) {
        if reorder != nil, let touch = touches.first { moveReorder(to: touch.location(in: self).y) }
    }

    func tableTouchesEnded(_ touches: Set<UITouch>) {
        if reorder != nil {
            endReorder(cancelled: false)
            return
        }
        if let path = touchedControl {
            touchedControl = nil
            guard let touch = touches.first, let hit = controlRow(at: touch.location(in: self)), hit.path == path else { return }
            if hit.editing, let cell = visibleCellsByIndexPath[path] {
                // Delete asks for confirmation (the row's Delete button); insert commits at once.
                if cell.editingStyle == .delete {
                    revealDeleteConfirmation(at: path)
                } else {
                    dataSource?.tableView(self, commit: cell.editingStyle, forRowAt: path)
                }
            } else if !hit.editing {
                tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: path)
            }
            return
        }
        guard let path = touchedRow else { return }
        touchedRow = nil
        visibleCellsByIndexPath[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
        guard let touch = touches.first, indexPathForRow(at: touch.location(in: self)) == path else { return }
        tapRow(path)
    }

    func tableTouchesCancelled() {
        if reorder != nil { endReorder(cancelled: true) }
        touchedControl = nil
        guard let path = touchedRow else { return }
        touchedRow = nil
        visibleCellsByIndexPath[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
    }
}
