import Foundation

// Overall design: a table view is a scroll view whose content is a column of sections, each a
// header, rows and a footer. Its geometry (TableLayout) keeps every element's height in a
// Fenwick tree, so finding the rows in view and a row's place cost O(log n) however long the
// table; heights are estimates until a row first shows, then the cell's own. Layout makes
// cells only for the rows in view: a cell scrolled out is hidden and kept for reuse, and the
// data source's `dequeueReusableCell` hands it out again (UITableView+Layout.swift). Changes
// to rows come in batches checked against the data source's counts and animated over 0.3 s
// (UITableView+Updates.swift); selection and editing follow rows across batches
// (UITableView+Selection.swift, UITableView+Editing.swift).

/// A scrolling list of rows in sections (UIKit's `UITableView`). Main actor.
///
/// Give it a data source (`UITableViewDataSource`) for the rows and cells and a delegate
/// (`UITableViewDelegate`, set through `delegate`) for heights, headers, selection and editing.
/// Only the rows on screen have cells: scrolling a 100,000-row table makes no more cells than fit.
@MainActor
open class UITableView: UIScrollView {
    /// The table's look (UIKit's `UITableView.Style`).
    public enum Style: Int, Sendable {
        /// Rows edge to edge, section headers pinned to the top while their section shows.
        case plain
        /// Sections apart on a grouped background, headers scrolling with the rows.
        case grouped
        /// Grouped, with each section's rows inset from the sides and rounded.
        case insetGrouped
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row (UIKit's `UITableView.ScrollPosition`).
    public enum ScrollPosition: Int, Sendable {
        /// As little scrolling as shows the row whole (none when it shows already).
        case none
        case top, middle, bottom
    }

    /// How inserted and deleted rows move (UIKit's `UITableView.RowAnimation`).
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        /// The table's choice: a fade.
        case automatic = 100
    }

    /// How separators are drawn (UIKit's `UITableViewCell.SeparatorStyle`).
    public typealias SeparatorStyle = UITableViewCell.SeparatorStyle

    /// The value of a height that the table works out for itself (from the cell's content, or a
    /// standard header): -1, as UIKit's `UITableView.automaticDimension`.
    public static let automaticDimension: CGFloat = -1

    /// The height of a row with nothing to size it (44 points).
    static let defaultRowHeight: CGFloat = 44

    /// The style the table was made with.
    public let style: Style

    /// The object that supplies rows and cells (held weakly).
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { reloadData() }
    }

    /// The object told ahead of the scroll which rows will be needed (held weakly).
    open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?

    /// Whether the table may ask for cells before it displays them (true by default): while the
    /// content moves on by itself (a deceleration, an animated offset), rows up to a screen ahead
    /// in its direction get their cells from the data source early, placed but not displayed
    /// (not in `visibleCells`; `willDisplay` when they come into view), so that frames the render
    /// side draws while the main thread is busy show them. False: cells are asked for as rows
    /// come into view, and the prefetching data source is not told either, as in UIKit.
    open var isPrefetchingEnabled = true {
        didSet {
            guard isPrefetchingEnabled != oldValue else { return }
            if !isPrefetchingEnabled {
                setAsidePreparedCells()
                if !prefetchedRows.isEmpty { prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: prefetchedRows.sorted()) }
                prefetchedRows = []
            }
            setNeedsLayout()
        }
    }

    /// The delegate as a table delegate (the scroll view's `delegate`, when it is one).
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    // MARK: Heights

    /// Every row's height, unless the delegate says otherwise (`automaticDimension` by default:
    /// each row as tall as its cell's content, at least 44 points).
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if oldValue != rowHeight { invalidateHeights() } }
    }
    /// Section headers' height (`automaticDimension`: 28 points in plain tables for sections
    /// with a title or view, 17.5 in grouped ones, more for a title).
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension {
        didSet { if oldValue != sectionHeaderHeight { invalidateHeights() } }
    }
    /// Section footers' height (`automaticDimension`).
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
        didSet { if oldValue != sectionFooterHeight { invalidateHeights() } }
    }
    /// The height rows are assumed to have until they show (`automaticDimension`: the row
    /// height when fixed, else 44; 0 turns estimating off: every row's height is asked up front).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if oldValue != estimatedRowHeight { invalidateHeights() } }
    }
    /// The estimate for section headers (kept; headers are sized up front).
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// The estimate for section footers (kept; footers are sized up front).
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Space above each section header (`automaticDimension`: 22 points in plain tables, none in grouped ones).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension {
        didSet { if oldValue != sectionHeaderTopPadding { invalidateHeights() } }
    }
    /// Whether cells that change size re-size their rows (`.enabled`; kept).
    open var selfSizingInvalidation = SelfSizingInvalidation.enabled

    /// How cells may ask to be re-sized (UIKit's `UITableView.SelfSizingInvalidation`).
    public enum SelfSizingInvalidation: Int, Sendable { case disabled, enabled, enabledIncludingConstraints }

    // MARK: Separators and look

    /// How rows are separated (`.singleLine`).
    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine {
        didSet { restyleCells() }
    }
    /// The separators' colour (the system separator grey).
    open var separatorColor: UIColor? = .separator {
        didSet { restyleCells() }
    }
    /// The default inset of each cell's separator (16 points on the left, and automatic: a cell's
    /// separator starts where its text does, past an image, until this is set).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet {
            separatorInsetIsSet = true
            restyleCells()
        }
    }
    /// Whether the program set `separatorInset` (cells then use it as it is).
    var separatorInsetIsSet = false

    /// The visible cells take the table's look again at the next layout.
    func restyleCells() {
        cellsNeedConfiguration = true
        setNeedsLayout()
    }
    /// How `separatorInset` is measured (from the cell's edges; kept).
    open var separatorInsetReference = SeparatorInsetReference.fromCellEdges

    /// What `separatorInset` is measured from (UIKit's `UITableView.SeparatorInsetReference`).
    public enum SeparatorInsetReference: Int, Sendable { case fromCellEdges, fromAutomaticInsets }

    /// A view behind the rows, sized to the table (nil).
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// Whether cells' margins follow the readable width (false).
    open var cellLayoutMarginsFollowReadableWidth = false
    /// Whether the content sits inside the safe area (true; kept).
    open var insetsContentViewsToSafeArea = true
    /// A view above the first section, scrolling with the rows (its frame's height is used).
    open var tableHeaderView: UIView? {
        didSet {
            if oldValue !== tableHeaderView { oldValue?.removeFromSuperview() }
            if let tableHeaderView { addSubview(tableHeaderView) }
            invalidateHeights()
        }
    }
    /// A view below the last section (its frame's height is used).
    open var tableFooterView: UIView? {
        didSet {
            if oldValue !== tableFooterView { oldValue?.removeFromSuperview() }
            if let tableFooterView { addSubview(tableFooterView) }
            invalidateHeights()
        }
    }
    /// The number of rows at which the section index shows (kept; no index is drawn).
    open var sectionIndexMinimumDisplayRowCount = 0
    /// The section index's text colour (kept).
    open var sectionIndexColor: UIColor?
    /// The section index's background colour (kept).
    open var sectionIndexBackgroundColor: UIColor?
    /// Whether the table remembers the focused row (kept).
    open var remembersLastFocusedIndexPath = false
    /// Whether rows can be dragged (kept; false).
    open var dragInteractionEnabled = false
    /// Whether the table fills empty space below the rows with separators (plain style; kept).
    open var fillerRowHeight: CGFloat = UITableView.automaticDimension

    // MARK: Selection

    /// Whether rows can be selected (true).
    open var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll() } }
    }
    /// Whether more than one row can be selected at once (false).
    open var allowsMultipleSelection = false {
        didSet { if oldValue != allowsMultipleSelection { deselectAll() } }
    }
    /// Whether rows can be selected while editing (false).
    open var allowsSelectionDuringEditing = false
    /// Whether several rows can be selected while editing (false).
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether a selected row moves keyboard focus (kept).
    open var selectionFollowsFocus = false

    /// The selected rows, in the order selected.
    var selectedRows: [IndexPath] = []
    /// The row a finger is down on (highlighted).
    var touchedRow: IndexPath?
    /// The row whose editing control or detail button a finger is down on.
    var touchedControl: IndexPath?

    // MARK: Editing

    /// Whether the rows show their editing controls; setting it is `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { _isEditing }
        set { setEditing(newValue, animated: false) }
    }
    var _isEditing = false

    // MARK: Machinery

    /// The geometry of the sections and rows, rebuilt from the data source when invalid.
    var storedLayout: TableLayout?
    /// Cells for the rows in view, by index path.
    var visibleCellsByIndexPath: [IndexPath: UITableViewCell] = [:]
    /// Cells given early to rows ahead of a motion, not displayed yet, by index path (see
    /// `prepareRowsAhead`); set aside whenever the geometry is built again.
    var preparedCells: [IndexPath: UITableViewCell] = [:]
    /// What the last layout pass prepared ahead of the view, in content coordinates (nil: nothing).
    var preparedReach: CGRect?
    /// Header and footer views in view, by section.
    var visibleHeaders: [Int: UIView] = [:]
    var visibleFooters: [Int: UIView] = [:]
    /// Registered cell classes and cells waiting for reuse.
    let cellPool = ReusePool<UITableViewCell>()
    /// Registered header and footer classes and views waiting for reuse.
    let headerFooterPool = ReusePool<UITableViewHeaderFooterView>()
    /// Rows announced to the prefetching data source and not yet shown or cancelled.
    var prefetchedRows: Set<IndexPath> = []
    /// The batch being gathered by `performBatchUpdates` / `beginUpdates` (nil: none).
    var pendingUpdates: PendingTableUpdates?
    /// Cells leaving in an animation (deleted or reloaded rows), taken back for reuse when it ends.
    var departingCells: [UITableViewCell] = []
    /// Header and footer views the delegate gave while the heights were worked out, kept to be shown.
    var measuredHeaderViews: [Int: UIView] = [:]
    var measuredFooterViews: [Int: UIView] = [:]
    /// The rounded backdrops of inset grouped sections in view, and spare ones.
    var sectionBackdrops: [Int: SectionBackdropView] = [:]
    var spareBackdrops: [SectionBackdropView] = []
    /// Whether the next layout clamps the offset to the content (after a reload or a batch).
    var clampsOffsetAfterLayout = false
    /// Whether the next layout gives every visible cell the table's state again (else only new ones).
    var cellsNeedConfiguration = false
    /// The cell whose row `reconfigureRows` is asking for again: dequeuing its identifier returns it.
    var reconfiguringCell: UITableViewCell?
    /// During an animated batch: where a cell coming into view starts (its old place, or beside
    /// its new one as its row animation says).
    var appearanceStart: ((IndexPath, UITableViewCell) -> Void)?
    /// The row being dragged to a new place in editing mode (UITableView+Reorder.swift).
    var reorder: ReorderState?
    /// The row swiped open (UITableView+Editing.swift).
    var swipe: SwipeState?
    /// The pan that swipes rows open, and the offset a swipe started from.
    var swipeRecognizer: UIPanGestureRecognizer?
    var swipeStartOffset: CGFloat = 0

    /// A table of `style` with the given frame.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        installSwipeRecognizer()
    }

    /// A plain table with the given frame.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Overrides (their work is in the extensions)

    /// Lays out the header and footer views and gives the rows in view their cells.
    /// A table lays out only the rows its bounds show.
    override var laysOutContentLazily: Bool { true }
    override var laidOutContentRect: CGRect { preparedReach.map { bounds.union($0) } ?? bounds }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTable()
    }

    /// Asks the data source for everything again: the counts now, and cells for the rows in view
    /// at the next layout (the cells shown go back for reuse). Selection is cleared, as in UIKit.
    open func reloadData() { reloadAll() }

    /// A finger down on a row highlights it (when the delegate allows).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesBegan(touches) }
    /// A lifted row (editing, on its reorder grip) follows the finger.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesMoved(touches) }
    /// Lifted on the row it went down on, the finger selects it (or taps its control or accessory).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesEnded(touches) }
    /// A drag or the host took the touch: the row is unhighlighted.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesCancelled() }

    /// The table's own swipe pan begins only across a row that has swipe actions.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if reorder != nil { return false }
        return swipeShouldBegin(gestureRecognizer) ?? super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Batches, selection and editing (open: subclasses may override them, as in UIKit)

    /// Runs `updates` (calls that insert, delete, reload and move rows and sections) as one
    /// batch, animated, then calls `completion` when the animation ends (true: it finished).
    /// Deletions and reloads name rows as they were before the batch, insertions as they are
    /// after it. The data source must already answer the new counts when `updates` returns.
    /// - Precondition: the counts add up (UIKit raises "Invalid update: invalid number of rows
    ///   in section …" otherwise, and so does Strata, with the numbers).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates(completion: completion)
    }

    /// Starts a batch that `endUpdates()` applies (pairs nest).
    open func beginUpdates() {
        if pendingUpdates == nil { pendingUpdates = PendingTableUpdates() }
        pendingUpdates!.depth += 1
    }

    /// Applies the batch that `beginUpdates()` started, animated.
    open func endUpdates() { endUpdates(completion: nil) }

    /// Inserts rows at `indexPaths` (positions after the change), animated as `animation` says.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { p in
            p.updates.insertedItems += indexPaths
            for path in indexPaths { p.insertAnimations[path] = animation }
            p.animated = p.animated || animation != .none
        }
    }

    /// Deletes the rows at `indexPaths` (positions before the change).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { p in
            p.updates.deletedItems += indexPaths
            for path in indexPaths { p.deleteAnimations[path] = animation }
            p.animated = p.animated || animation != .none
        }
    }

    /// Asks the data source for new cells for the rows at `indexPaths` (their heights measured again).
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { p in
            p.updates.reloadedItems += indexPaths
            for path in indexPaths {
                p.deleteAnimations[path] = animation
                p.insertAnimations[path] = animation
            }
            p.animated = p.animated || animation != .none
        }
    }

    /// Updates the cells of the rows at `indexPaths` in place: the data source's
    /// `cellForRowAt` runs again and gets the same cell back from `dequeueReusableCell`.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        for path in indexPaths {
            let prepared = preparedCells[path]
            guard let cell = visibleCellsByIndexPath[path] ?? prepared else { continue }
            reconfiguringCell = cell
            let again = dataSource.tableView(self, cellForRowAt: path)
            reconfiguringCell = nil
            guard again !== cell else { continue }
            if prepared != nil {
                // Never displayed: set aside quietly, the new cell placed at the next layout.
                setAside(cell)
                if again.superview !== self { addSubview(again) }
                again.isHidden = false
                preparedCells[path] = again
                continue
            }
            // The data source gave another cell: the old one goes back for reuse.
            retire(cell, at: path)
            if again.superview !== self { addSubview(again) }
            again.isHidden = false
            visibleCellsByIndexPath[path] = again
        }
        cellsNeedConfiguration = true
        setNeedsLayout()
    }

    /// Moves the row at `indexPath` to `newIndexPath` (the data source has moved it already).
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { p in
            p.updates.movedItems.append(.init(from: indexPath, to: newIndexPath))
            p.animated = true
        }
    }

    /// Inserts `sections` (indexes after the change).
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { p in
            p.updates.insertedSections.formUnion(sections)
            for s in sections { p.sectionInsertAnimations[s] = animation }
            p.animated = p.animated || animation != .none
        }
    }

    /// Deletes `sections` (indexes before the change) and their rows.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { p in
            p.updates.deletedSections.formUnion(sections)
            for s in sections { p.sectionDeleteAnimations[s] = animation }
            p.animated = p.animated || animation != .none
        }
    }

    /// Asks the data source again for `sections`' rows.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { p in
            p.updates.reloadedSections.formUnion(sections)
            for s in sections {
                p.sectionDeleteAnimations[s] = animation
                p.sectionInsertAnimations[s] = animation
            }
            p.animated = p.animated || animation != .none
        }
    }

    /// Moves a section and its rows.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        record { p in
            p.updates.movedSections.append(.init(from: section, to: newSection))
            p.animated = true
        }
    }

    /// Reloads the section index titles (kept: no index is drawn).
    open func reloadSectionIndexTitles() {}

    /// Selects the row at `indexPath` (nil: deselects every row), scrolling it to `scrollPosition`.
    /// The delegate is not told. In a single-selection table the row selected before is deselected.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            deselectAll()
            return
        }
        guard allowsSelection || (_isEditing && allowsSelectionDuringEditing) else { return }
        precondition(layout.contains(indexPath), "UITableView.selectRow: row \(indexPath) does not exist (\(layout.counts) rows per section)")
        if !allowsMultipleSelectionNow {
            for other in selectedRows where other != indexPath { setSelection(false, at: other, animated: animated) }
        }
        setSelection(true, at: indexPath, animated: animated)
        if scrollPosition != .none { scroll(to: rectForRow(at: indexPath), position: scrollPosition, animated: animated) }
    }

    /// Deselects the row at `indexPath`, fading its cell's selection when `animated`. The
    /// delegate is not told.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        setSelection(false, at: indexPath, animated: animated)
    }

    /// Turns editing mode on or off: cells show or hide their editing controls.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != _isEditing else { return }
        closeSwipe(animated: false)
        _isEditing = editing
        setAsidePreparedCells()
        if editing { selectedRows.forEach { visibleCellsByIndexPath[$0]?.setSelected(false, animated: false) }; selectedRows = [] }
        let l = layout
        for (path, cell) in visibleCellsByIndexPath {
            configure(cell, at: path, in: l)
            cell.setEditing(editing, animated: animated && window != nil)
        }
        setNeedsLayout()
    }

    // MARK: Registering and dequeuing

    /// Registers `cellClass` for `identifier`: dequeuing the identifier with no cell waiting
    /// makes one with `init(style: .default, reuseIdentifier:)`. nil forgets the identifier.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellPool.register(identifier, make: nil)
            return
        }
        guard let type = cellClass as? UITableViewCell.Type else {
            preconditionFailure("UITableView.register: \(cellClass) is not a UITableViewCell subclass (identifier \(identifier))")
        }
        cellPool.register(identifier) { type.init(_tableViewReuseIdentifier: identifier) }
    }

    /// Registers `aClass` for header and footer views under `identifier`.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else {
            headerFooterPool.register(identifier, make: nil)
            return
        }
        guard let type = aClass as? UITableViewHeaderFooterView.Type else {
            preconditionFailure("UITableView.register: \(aClass) is not a UITableViewHeaderFooterView subclass (identifier \(identifier))")
        }
        headerFooterPool.register(identifier) { type.init(_tableViewReuseIdentifier: identifier) }
    }

    /// A cell for `identifier`, reused or new, sized for the row at `indexPath`.
    /// - Precondition: `identifier` is registered (UIKit raises "unable to dequeue a cell with
    ///   identifier … - must register a nib or a class for the identifier").
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure(
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            )
        }
        let rect = layout.rectForRow(at: indexPath)
        if rect.width > 0 { cell.frame = rect }
        return cell
    }

    /// A waiting cell for `identifier`, or a new one when it is registered, or nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = reconfiguringCell, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            return cell
        }
        guard let cell = cellPool.dequeue(identifier) else { return nil }
        // A cell shown before is reset; it shows again when the table places it for a row.
        if cell.superview === self { cell.prepareForReuse() }
        return cell
    }

    /// A header or footer view for `identifier`, reused or new, or nil when it is not registered.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        guard let view = headerFooterPool.dequeue(identifier) else { return nil }
        if view.superview === self { view.prepareForReuse() }
        return view
    }

    func scroll(to rect: CGRect, position: ScrollPosition, animated: Bool) {
        let insets = adjustedContentInset
        let visibleHeight = bounds.height - insets.top - insets.bottom
        var y: CGFloat
        switch position {
        case .top: y = rect.minY - insets.top
        case .middle: y = rect.midY - insets.top - visibleHeight / 2
        case .bottom: y = rect.maxY - insets.top - visibleHeight
        case .none:
            let top = contentOffset.y + insets.top
            if rect.minY < top {
                y = rect.minY - insets.top
            } else if rect.maxY > top + visibleHeight {
                y = rect.maxY - insets.top - visibleHeight
            } else {
                return
            }
        }
        let range = offsetRange
        y = min(max(y, range.minY), range.maxY)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }
}

extension UITableViewCell {
    /// How a table separates rows (UIKit's `UITableViewCell.SeparatorStyle`).
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine, singleLineEtched
    }
}
