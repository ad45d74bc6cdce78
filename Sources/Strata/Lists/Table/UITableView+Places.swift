import Foundation

// Questions about the table's rows and places, answered from its geometry and the cells in view:
// counts, rectangles, the row at a point, the visible rows and cells, scrolling to a row.

extension UITableView {
    // MARK: Counts and places

    /// The number of sections, as the data source last said.
    public var numberOfSections: Int { layout.counts.count }

    /// The number of rows in `section`, as the data source last said.
    public func numberOfRows(inSection section: Int) -> Int {
        let counts = layout.counts
        precondition(section >= 0 && section < counts.count, "UITableView.numberOfRows(inSection:): section \(section) is out of bounds (\(counts.count) sections)")
        return counts[section]
    }

    /// The rectangle of the row at `indexPath`, in the table's content coordinates (zero for a row that does not exist).
    public func rectForRow(at indexPath: IndexPath) -> CGRect { layout.rectForRow(at: indexPath) }

    /// The rectangle of `section`'s header.
    public func rectForHeader(inSection section: Int) -> CGRect { layout.rectForHeader(section) }

    /// The rectangle of `section`'s footer.
    public func rectForFooter(inSection section: Int) -> CGRect { layout.rectForFooter(section) }

    /// The rectangle of the whole section: header, rows and footer.
    public func rect(forSection section: Int) -> CGRect { layout.rect(forSection: section) }

    /// The row at `point` (content coordinates), or nil where there is none.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        guard point.x >= 0, point.x < bounds.width else { return nil }
        return layout.row(at: point.y)
    }

    /// The rows whose rectangles meet `rect`.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        layout.rows(in: rect.minY, rect.maxY)
    }

    /// The row `cell` shows, or nil when it shows none.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    /// The cell showing the row at `indexPath`, or nil when the row is not in view.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visibleCellsByIndexPath[indexPath] }

    /// The cells in view, top to bottom.
    public var visibleCells: [UITableViewCell] {
        visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The rows in view, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        visibleCellsByIndexPath.keys.sorted()
    }

    /// The header view of `section` in view, or nil.
    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { visibleHeaders[section] as? UITableViewHeaderFooterView }

    /// The footer view of `section` in view, or nil.
    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { visibleFooters[section] as? UITableViewHeaderFooterView }

    /// Scrolls so that the row at `indexPath` shows at `scrollPosition` (as far as the content allows).
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let counts = layout.counts
        precondition(
            indexPath.section >= 0 && indexPath.section < counts.count && indexPath.row >= 0 && indexPath.row < counts[indexPath.section],
            "UITableView.scrollToRow: invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Got \(indexPath) with \(counts) rows per section"
        )
        scroll(to: rectForRow(at: indexPath), position: scrollPosition, animated: animated)
    }

    /// Scrolls the selected row (the first) into view at `scrollPosition`.
    public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard let row = selectedRows.min() else { return }
        scrollToRow(at: row, at: scrollPosition, animated: animated)
    }
}
