import Foundation

// Building the table's geometry from the data source and delegate, and the layout pass that
// gives the rows in view their cells: cells of rows that left the view are hidden and kept for
// reuse (didEndDisplaying), rows that came into view get a cell from the data source
// (willDisplay), measured first when their height is still an estimate. Only the visible rows
// are asked for; a 100,000-row table costs the same per frame as a 10-row one.

extension UITableView {
    /// The table's geometry, built from the data source when missing.
    var layout: TableLayout {
        if let storedLayout, storedLayout.width == bounds.width { return storedLayout }
        let built = buildLayout(previous: storedLayout.flatMap { $0.width == bounds.width ? $0 : nil }, mapping: nil)
        storedLayout = built
        return built
    }

    /// Forgets every height (the rows are measured again as they show).
    func invalidateHeights() {
        storedLayout = nil
        setNeedsLayout()
    }

    /// The side inset of rows in an inset grouped table (the table's 16 or 20-point margin).
    var insetGroupedSideInset: CGFloat { style == .insetGrouped ? (bounds.width > 400 ? 20 : 16) : 0 }

    /// The geometry for the data source's counts now. With `previous` and `mapping` (after a batch
    /// of updates), rows that survived keep their measured heights.
    func buildLayout(previous: TableLayout?, mapping: ListUpdates.Index?) -> TableLayout {
        setAsidePreparedCells()  // a new geometry may move or change every row
        var l = TableLayout()
        l.width = bounds.width
        l.sideInset = insetGroupedSideInset
        l.top = tableHeaderView?.frame.height ?? 0
        l.bottom = tableFooterView?.frame.height ?? 0
        guard let dataSource else { return l }
        let sections = max(0, dataSource.numberOfSections(in: self))
        l.counts.reserveCapacity(sections)
        var sizes: [CGFloat] = []
        var measured: [Bool] = []
        let delegate = tableDelegate
        for section in 0..<sections {
            let rows = dataSource.tableView(self, numberOfRowsInSection: section)
            precondition(rows >= 0, "UITableView: the data source gave \(rows) rows for section \(section); a count cannot be negative")
            l.counts.append(rows)
            l.sectionStart.append(sizes.count)
            let padding = headerTopPadding(section)
            let header = headerHeight(section)
            l.headerPadding.append(header > 0 ? padding : 0)
            sizes.append(header > 0 ? header + padding : 0)
            measured.append(true)
            for row in 0..<rows {
                let path = IndexPath(row: row, section: section)
                let height = delegate?.tableView(self, heightForRowAt: path) ?? rowHeight
                // After a batch a surviving self-sizing row keeps its height as the estimate; it is
                // measured again when it shows (the beginUpdates/endUpdates idiom re-sizes rows).
                if height < 0, let previous, let mapping, let old = mapping.oldPosition(of: path), previous.contains(old) {
                    sizes.append(previous.heights[previous.element(of: old)])
                    measured.append(false)
                    continue
                }
                if height >= 0 {
                    sizes.append(height)
                    measured.append(true)
                } else {
                    sizes.append(estimatedHeight(for: path, delegate: delegate))
                    measured.append(false)
                }
            }
            sizes.append(footerHeight(section))
            measured.append(true)
        }
        l.heights = HeightTree(sizes)
        l.measured = measured
        return l
    }

    private func estimatedHeight(for path: IndexPath, delegate: (any UITableViewDelegate)?) -> CGFloat {
        let estimate = delegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
        if estimate > 0 { return estimate }
        return rowHeight >= 0 ? rowHeight : UITableView.defaultRowHeight
    }

    /// Space above `section`'s header: `sectionHeaderTopPadding`, or 22 points in plain tables.
    private func headerTopPadding(_ section: Int) -> CGFloat {
        if sectionHeaderTopPadding >= 0 { return sectionHeaderTopPadding }
        return style == .plain ? 22 : 0
    }

    /// The line height of UIKit's grouped header and footer text (footnote).
    private var footnoteLineHeight: CGFloat { ceil(UIFont.preferredFont(forTextStyle: .footnote).lineHeight) }

    /// `section`'s header height: the delegate's or `sectionHeaderHeight`, or the standard one.
    func headerHeight(_ section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        if asked >= 0 { return asked }
        let title = dataSource?.tableView(self, titleForHeaderInSection: section)
        switch style {
        case .plain:
            if title != nil { return 28 }
            return customHeaderFooterHeight(header: true, section: section) ?? 0
        case .grouped, .insetGrouped:
            if title != nil { return (section == 0 ? 32 : 17) + footnoteLineHeight + 6 }
            if let custom = customHeaderFooterHeight(header: true, section: section) { return custom }
            return section == 0 ? 35 : 17.5
        }
    }

    /// `section`'s footer height: the delegate's or `sectionFooterHeight`, or the standard one.
    func footerHeight(_ section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if asked >= 0 { return asked }
        let title = dataSource?.tableView(self, titleForFooterInSection: section)
        switch style {
        case .plain:
            if title != nil { return 28 }
            return customHeaderFooterHeight(header: false, section: section) ?? 0
        case .grouped, .insetGrouped:
            if title != nil { return 6 + footnoteLineHeight + 12 }
            return customHeaderFooterHeight(header: false, section: section) ?? 17.5
        }
    }

    /// The height of the delegate's own header or footer view for `section`, when it gives one:
    /// its constraints' fitting height, else its frame's height. Kept to be shown.
    private func customHeaderFooterHeight(header: Bool, section: Int) -> CGFloat? {
        guard let delegate = tableDelegate else { return nil }
        let view = header ? delegate.tableView(self, viewForHeaderInSection: section) : delegate.tableView(self, viewForFooterInSection: section)
        guard let view else { return nil }
        let previous = header ? measuredHeaderViews[section] : measuredFooterViews[section]
        if let previous, previous !== view { retireHeaderFooter(previous) }
        if header { measuredHeaderViews[section] = view } else { measuredFooterViews[section] = view }
        if !view.constraints.isEmpty {
            return view.systemLayoutSizeFitting(
                CGSize(width: bounds.width, height: UIView.layoutFittingCompressedSize.height), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
        return view.frame.height > 0 ? view.frame.height : (style == .plain ? 28 : 17.5)
    }

    // MARK: The layout pass

    /// The table's part of the layout pass: the header and footer views, then the rows in view.
    func layoutTable() {
        let l = layout
        if let header = tableHeaderView {
            header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
        }
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: l.top + l.heights.total, width: bounds.width, height: footer.frame.height)
        }
        backgroundView?.frame = bounds
        layoutVisibleElements()
    }

    /// Gives the rows, headers and footers in view their views, placed, and takes the others back.
    func layoutVisibleElements() {
        guard dataSource != nil else { return }
        var l = layout
        let minY = bounds.minY, maxY = bounds.maxY
        var shown: [IndexPath: UITableViewCell] = [:]
        var sections = IndexSet()
        // Rows that left the view give their cells back first, so the rows coming in reuse them.
        for (path, cell) in visibleCellsByIndexPath {
            let rect = l.contains(path) ? l.rectForRow(at: path) : .null
            if rect.isNull || rect.maxY <= minY || rect.minY >= maxY {
                retire(cell, at: path)
                visibleCellsByIndexPath[path] = nil
            }
        }
        let range = l.elements(from: minY, to: maxY)
        // Nothing of the content in view (scrolled past it): no rows.
        var index = range.isEmpty ? l.heights.count : range.lowerBound
        var compensation: CGFloat = 0
        while index < l.heights.count, l.start(of: index) < maxY + compensation {
            switch l.describe(index) {
            case .header(let s), .footer(let s): sections.insert(s)
            case .row(let path):
                sections.insert(path.section)
                let cell = visibleCellsByIndexPath[path] ?? preparedCells.removeValue(forKey: path) ?? cellFromDataSource(for: path)
                shown[path] = cell
                if !l.measured[index] {
                    let height = cell.fittingHeight(forWidth: l.width - 2 * l.sideInset)
                    let delta = height - l.heights[index]
                    l.heights.set(index, to: height)
                    l.measured[index] = true
                    // A row above the top edge changed size: keep what shows where it was.
                    if l.start(of: index) < minY, delta != 0 { compensation += delta }
                }
            }
            index += 1
        }
        updatePrefetching(in: l, shown: Set(shown.keys))
        var newlyPrepared = Set<IndexPath>()
        UIView.performWithoutAnimation { newlyPrepared = prepareRowsAhead(in: &l, shown: shown) }
        storedLayout = l
        contentSize = CGSize(width: bounds.width, height: l.contentHeight)
        if compensation != 0 {
            contentOffset.y += compensation
        }
        // After a reload or a batch the content may have shrunk under the offset: UIKit adjusts it.
        if clampsOffsetAfterLayout {
            clampsOffsetAfterLayout = false
            let range = offsetRange
            if !isDragging, !isDecelerating, contentOffset.y > range.maxY { contentOffset.y = range.maxY }
        }
        // Rows that left the view.
        for (path, cell) in visibleCellsByIndexPath where shown[path] !== cell {
            retire(cell, at: path)
        }
        let appearing = shown.filter { visibleCellsByIndexPath[$0.key] !== $0.value }
        visibleCellsByIndexPath = shown
        if let start = appearanceStart {
            UIView.performWithoutAnimation {
                for (path, cell) in appearing { start(path, cell) }
            }
        }
        let fadingIn = appearanceStart == nil ? [] : Set(appearing.keys)
        let configuresAll = cellsNeedConfiguration
        cellsNeedConfiguration = false
        for (path, cell) in shown {
            if configuresAll || appearing[path] != nil { configure(cell, at: path, in: l) }
            if cell === reorder?.cell { continue }
            if fadingIn.contains(path) { cell.alpha = 1 }
            var rect = l.rectForRow(at: path)
            if let swipe, swipe.row == path { rect.origin.x += swipe.offset }
            cell.frame = rect
        }
        // Undisplayed cells go to their rows at once, even inside an animated batch.
        UIView.performWithoutAnimation {
            for (path, cell) in preparedCells {
                if configuresAll || newlyPrepared.contains(path) { configure(cell, at: path, in: l) }
                cell.frame = l.rectForRow(at: path)
            }
        }
        for (path, cell) in appearing.sorted(by: { $0.key < $1.key }) {
            prefetchedRows.remove(path)
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        }
        layoutHeadersAndFooters(sections, in: l)
    }

    /// Asks the data source for the row's cell and puts it in the table.
    func cellFromDataSource(for path: IndexPath) -> UITableViewCell {
        guard let dataSource else { preconditionFailure("UITableView: no data source") }
        let cell = dataSource.tableView(self, cellForRowAt: path)
        if cell.superview !== self {
            insertSubview(cell, at: cellInsertionIndex)
        }
        cell.isHidden = false
        return cell
    }

    /// Where new cells go among the subviews: above the background and section backdrops,
    /// below headers, footers and the table's own header and footer views.
    private var cellInsertionIndex: Int {
        var index = 0
        for view in subviews {
            if view === backgroundView || view is SectionBackdropView { index += 1 } else { break }
        }
        return index
    }

    /// Hides `cell` and keeps it for reuse; tells the delegate it left.
    func retire(_ cell: UITableViewCell, at path: IndexPath) {
        if cell.isSelected { cell.setSelected(false, animated: false) }
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        setAside(cell)
    }

    /// Gives a cell the table's separator, editing and selection state for its row.
    func configure(_ cell: UITableViewCell, at path: IndexPath, in l: TableLayout) {
        let lastInSection = path.row == l.counts[path.section] - 1
        cell.separatorShown = separatorStyle != .none && !(style != .plain && lastInSection)
        cell.separatorView.backgroundColor = separatorColor
        cell.tableSeparatorInset = separatorInset
        cell.separatorFollowsText = !separatorInsetIsSet
        if style == .insetGrouped {
            cell.backgroundColor = .clear
        }
        let delegate = tableDelegate
        cell.indentationLevel = delegate?.tableView(self, indentationLevelForRowAt: path) ?? 0
        if _isEditing || cell.isEditing {
            cell.editingStyle = delegate?.tableView(self, editingStyleForRowAt: path) ?? .delete
            if dataSource?.tableView(self, canEditRowAt: path) == false { cell.editingStyle = .none }
            cell.shouldIndentWhileEditing = delegate?.tableView(self, shouldIndentWhileEditingRowAt: path) ?? true
            cell.showsReorderControl = dataSource?.tableView(self, canMoveRowAt: path) ?? false
            cell.setEditing(_isEditing, animated: false)
        }
        let selected = selectedRows.contains(path)
        if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
    }

    /// Places the headers and footers of `sections` (pinned to the top in plain tables), and
    /// the rounded backdrops of inset grouped sections.
    func layoutHeadersAndFooters(_ sections: IndexSet, in l: TableLayout) {
        var headers: [Int: UIView] = [:], footers: [Int: UIView] = [:]
        let pinTop = bounds.minY + adjustedContentInset.top
        for s in sections {
            let headerRect = l.rectForHeader(s)
            if headerRect.height > 0, let view = visibleHeaders[s] ?? headerFooterView(header: true, section: s) {
                var frame = headerRect
                if style == .plain {
                    let sectionEnd = l.rectForFooter(s).minY
                    frame.origin.y = max(headerRect.minY, min(pinTop, sectionEnd - headerRect.height))
                }
                view.frame = frame
                headers[s] = view
            }
            let footerRect = l.rectForFooter(s)
            if footerRect.height > 0, let view = visibleFooters[s] ?? headerFooterView(header: false, section: s) {
                view.frame = footerRect
                footers[s] = view
            }
        }
        for (s, view) in visibleHeaders where headers[s] !== view { retireHeaderFooter(view) }
        for (s, view) in visibleFooters where footers[s] !== view { retireHeaderFooter(view) }
        for (s, view) in headers where visibleHeaders[s] !== view {
            bringSubviewToFront(view)
            tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: s)
        }
        for (s, view) in footers where visibleFooters[s] !== view { tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: s) }
        if style == .plain { for view in headers.values { bringSubviewToFront(view) } }
        visibleHeaders = headers
        visibleFooters = footers
        layoutBackdrops(sections, in: l)
    }

    /// The view for a header or footer: the delegate's, else a standard one with the data
    /// source's title, else none.
    private func headerFooterView(header: Bool, section: Int) -> UIView? {
        let view: UIView?
        if let kept = header ? measuredHeaderViews.removeValue(forKey: section) : measuredFooterViews.removeValue(forKey: section) {
            view = kept
        } else if let delegate = tableDelegate,
            let given = header ? delegate.tableView(self, viewForHeaderInSection: section) : delegate.tableView(self, viewForFooterInSection: section)
        {
            view = given
        } else if let title = header ? dataSource?.tableView(self, titleForHeaderInSection: section) : dataSource?.tableView(self, titleForFooterInSection: section) {
            let standard =
                headerFooterPool.dequeue(UITableViewHeaderFooterView.standardIdentifier)
                ?? UITableViewHeaderFooterView(reuseIdentifier: UITableViewHeaderFooterView.standardIdentifier)
            standard.prepareForReuse()
            standard.isHidden = false
            standard.configureStandard(title: title, header: header, tableStyle: style)
            view = standard
        } else {
            view = nil
        }
        if let view, view.superview !== self { addSubview(view) }
        view?.isHidden = false
        if let reusable = view as? UITableViewHeaderFooterView {
            reusable.isGroupedStyle = style != .plain
            reusable.isHeader = header
        }
        return view
    }

    func retireHeaderFooter(_ view: UIView) {
        view.isHidden = true
        if let reusable = view as? UITableViewHeaderFooterView, let identifier = reusable.reuseIdentifier {
            headerFooterPool.enqueue(reusable, identifier: identifier)
        } else {
            view.removeFromSuperview()
        }
    }

    /// Inset grouped sections sit on a rounded backdrop of the cell colour (10-point corners).
    private func layoutBackdrops(_ sections: IndexSet, in l: TableLayout) {
        guard style == .insetGrouped else { return }
        var kept: [Int: SectionBackdropView] = [:]
        for (s, view) in sectionBackdrops where !(sections.contains(s) && l.counts[s] > 0) {
            view.isHidden = true
            spareBackdrops.append(view)
        }
        for s in sections where l.counts[s] > 0 {
            let view =
                sectionBackdrops[s] ?? spareBackdrops.popLast()
                ?? {
                    let v = SectionBackdropView()
                    insertSubview(v, at: backgroundView == nil ? 0 : 1)
                    return v
                }()
            view.isHidden = false
            view.frame = l.rectForRows(s)
            kept[s] = view
        }
        sectionBackdrops = kept
    }

    // MARK: Prefetching

    /// Where rows get their cells ahead of the view: the part of `renderMotionReach` below or
    /// above the bounds (nil with prefetching off, or when the motion does not move vertically).
    var preparationBand: ClosedRange<CGFloat>? {
        guard isPrefetchingEnabled, let reach = renderMotionReach else { return nil }
        if reach.maxY > bounds.maxY { return bounds.maxY...reach.maxY }
        if reach.minY < bounds.minY { return reach.minY...bounds.minY }
        return nil
    }

    /// Gives cells to the rows of the band ahead of the view (`preparationBand`) that have none
    /// in view, placed but not displayed: they are not among `visibleCells`, and the delegate's
    /// `willDisplay` comes when they come into view (UIKit's cell prefetching). Rows below the
    /// view are measured as rows coming into view are; the band stops at a header or footer
    /// with a height, and going up at a row still estimated (measuring it would move the rows
    /// in view). Cells of rows that left the band go back for reuse without `didEndDisplaying`
    /// (they never showed). Records the part of the content laid out this way
    /// (`preparedReach`) and returns the rows whose cells are new.
    func prepareRowsAhead(in l: inout TableLayout, shown: [IndexPath: UITableViewCell]) -> Set<IndexPath> {
        var kept: [IndexPath: UITableViewCell] = [:]
        var new = Set<IndexPath>()
        func cell(for path: IndexPath) -> UITableViewCell {
            if let cell = kept[path] ?? preparedCells.removeValue(forKey: path) {
                kept[path] = cell
                return cell
            }
            let cell = cellFromDataSource(for: path)
            new.insert(path)
            kept[path] = cell
            return cell
        }
        preparedReach = nil
        if let band = preparationBand, l.heights.count > 0 {
            // Early cells of rows outside the band go back first, so the rows new to it reuse them.
            let candidates = Set(l.rows(in: band.lowerBound, band.upperBound))
            for (path, cell) in preparedCells where !candidates.contains(path) {
                setAside(cell)
                preparedCells[path] = nil
            }
            let down = band.lowerBound >= bounds.maxY
            var reach = down ? bounds.maxY : bounds.minY
            var complete: Bool  // the band ran to the content's end
            if down {
                var index = l.elements(from: bounds.maxY, to: band.upperBound).first ?? l.heights.count
                complete = index == l.heights.count
                while index < l.heights.count, l.start(of: index) < band.upperBound {
                    if case .row(let path) = l.describe(index) {
                        if shown[path] == nil {
                            let cell = cell(for: path)
                            if !l.measured[index] {
                                l.heights.set(index, to: cell.fittingHeight(forWidth: l.width - 2 * l.sideInset))
                                l.measured[index] = true
                            }
                        }
                    } else if l.heights[index] > 0 {
                        break
                    }
                    reach = l.start(of: index) + l.heights[index]
                    index += 1
                    complete = index == l.heights.count
                }
            } else {
                var index = l.elements(from: band.lowerBound, to: bounds.minY).last ?? -1
                complete = index < 0
                while index >= 0, l.start(of: index) + l.heights[index] > band.lowerBound {
                    if case .row(let path) = l.describe(index) {
                        guard l.measured[index] else { break }
                        if shown[path] == nil { _ = cell(for: path) }
                    } else if l.heights[index] > 0 {
                        break
                    }
                    reach = l.start(of: index)
                    index -= 1
                    complete = index < 0
                }
            }
            if complete { reach = down ? band.upperBound : band.lowerBound }
            if down, reach > bounds.maxY {
                preparedReach = CGRect(x: bounds.minX, y: bounds.maxY, width: bounds.width, height: reach - bounds.maxY)
            } else if !down, reach < bounds.minY {
                preparedReach = CGRect(x: bounds.minX, y: reach, width: bounds.width, height: bounds.minY - reach)
            }
        }
        for cell in preparedCells.values { setAside(cell) }
        preparedCells = kept
        return new
    }

    /// Hides a cell and keeps it for reuse (no delegate call: `retire` tells the delegate of a
    /// displayed one first; a cell prepared ahead and never displayed goes back quietly).
    func setAside(_ cell: UITableViewCell) {
        cell.isHidden = true
        if let identifier = cell.reuseIdentifier {
            cellPool.enqueue(cell, identifier: identifier)
        } else {
            cell.removeFromSuperview()
        }
    }

    /// Sets every prepared cell aside (their rows, data or state changed).
    func setAsidePreparedCells() {
        for cell in preparedCells.values { setAside(cell) }
        preparedCells = [:]
        preparedReach = nil
    }

    /// Tells the prefetching data source of rows within a screen below and above the view that
    /// are not in view (`shown`), and a screen beyond the rows prepared ahead of a motion, and
    /// cancels those that left that band without showing. Called before the rows ahead get their
    /// cells, so the data source hears of a row before it is asked for its cell.
    func updatePrefetching(in l: TableLayout, shown: Set<IndexPath>) {
        guard isPrefetchingEnabled, let prefetcher = prefetchDataSource else { return }
        let h = bounds.height
        var minY = bounds.minY - h, maxY = bounds.maxY + h
        if let band = preparationBand {
            minY = min(minY, band.lowerBound - h)
            maxY = max(maxY, band.upperBound + h)
        }
        let band = Set(l.rows(in: minY, maxY)).subtracting(shown)
        let new = band.subtracting(prefetchedRows)
        let gone = prefetchedRows.subtracting(band)
        prefetchedRows = band
        if !gone.isEmpty { prefetcher.tableView(self, cancelPrefetchingForRowsAt: gone.sorted()) }
        if !new.isEmpty { prefetcher.tableView(self, prefetchRowsAt: new.sorted()) }
    }

    // MARK: Reloading

    /// Asks the data source for everything again: the counts now, and cells for the rows in view
    /// at the next layout (the cells shown go back for reuse). Selection is cleared, as in UIKit.
    func reloadAll() {
        setAsidePreparedCells()
        for (path, cell) in visibleCellsByIndexPath { retire(cell, at: path) }
        visibleCellsByIndexPath = [:]
        for view in visibleHeaders.values { retireHeaderFooter(view) }
        for view in visibleFooters.values { retireHeaderFooter(view) }
        visibleHeaders = [:]
        visibleFooters = [:]
        measuredHeaderViews = [:]
        measuredFooterViews = [:]
        selectedRows = []
        storedLayout = nil
        clampsOffsetAfterLayout = true
        cellsNeedConfiguration = true
        setNeedsLayout()
    }

    /// The number of cells the table has made (for measuring reuse).
    @_spi(Testing) public var _cellsMade: Int { cellPool.made }
    /// The number of cells waiting for reuse.
    @_spi(Testing) public var _cellsWaiting: Int { cellPool.waitingCount }
}

/// The rounded backdrop behind an inset grouped section's rows.
final class SectionBackdropView: UIView {
    init() {
        super.init(frame: .zero)
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 10
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }
}
