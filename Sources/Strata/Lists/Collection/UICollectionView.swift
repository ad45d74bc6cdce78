import Foundation

// Overall design: a collection view is a scroll view whose content a layout object places
// (UICollectionViewLayout: flow, compositional or the program's own). At each layout pass it
// asks the layout for the elements meeting the visible rectangle, gives each a reusable view
// (a cell from the data source, a supplementary view by kind, a decoration view from the
// layout's registration) placed by its attributes, and hides and keeps for reuse the views whose
// elements left, in the same reuse pools the table view uses (UICollectionView+Layout.swift).
// The data source's counts are read once per reload or batch and cached; layouts read them
// through `numberOfSections` and `numberOfItems(inSection:)`. Batches of item and section
// changes are checked against the data source's counts as a table's are, and animate over 0.3 s
// (UICollectionView+Updates.swift); selection follows items across batches
// (UICollectionView+Selection.swift). Compositional sections that scroll across the layout's axis
// get a scroll view of their own holding their elements' views (UICollectionView+Orthogonal.swift);
// an item can be moved interactively, the others making room (UICollectionView+Movement.swift).

/// A scrolling collection of items in sections, placed by a layout object (UIKit's
/// `UICollectionView`). Main actor.
///
/// Give it a layout, a data source (`UICollectionViewDataSource`) for the items and cells and a
/// delegate (`UICollectionViewDelegate`, set through `delegate`) for selection and display.
/// Only the elements meeting the visible rectangle have views: scrolling 10,000 items makes no
/// more cells than fit.
@MainActor
open class UICollectionView: UIScrollView {
    /// The axis a layout scrolls on (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// Where `scrollToItem(at:at:animated:)` puts the item (UIKit's `UICollectionView.ScrollPosition`):
    /// at most one vertical and one horizontal option. An axis with none scrolls as little as
    /// shows the item whole on that axis.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// A position from its raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top at the visible top.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item's centre at the visible centre, vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the visible bottom.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the visible left edge.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item's centre at the visible centre, horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the visible right edge.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of a section header (UIKit's `UICollectionView.elementKindSectionHeader`).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
    /// The kind the collection view files cells under in its messages.
    static let elementKindCell = "UICollectionElementKindCell"

    /// The layout placing the elements; setting it is `setCollectionViewLayout(_:animated: false)`.
    open var collectionViewLayout: UICollectionViewLayout {
        get { storedLayout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    private var storedLayout: UICollectionViewLayout

    /// The object that supplies items and views (held weakly). Setting it reloads.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// The object told of scrolling, selection and display, and asked for a flow layout's sizes
    /// (held weakly): a `UICollectionViewDelegate` (and `UICollectionViewDelegateFlowLayout`).
    /// Setting it invalidates the layout, whose sizes may come from it.
    open override weak var delegate: (any UIScrollViewDelegate)? {
        didSet { if oldValue !== delegate { layoutWasInvalidated() } }
    }

    /// The object told ahead of the scroll which items will be needed (held weakly).
    open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
    /// Whether the collection view may ask for cells before it displays them, and
    /// `prefetchDataSource` hears of items about to show (true by default): while the content
    /// moves on by itself (a deceleration, an animated offset), the elements up to a screen ahead
    /// in its direction get their views early, placed but not displayed (not in `visibleCells`;
    /// `willDisplay` when they come into view), so that frames the render side draws while the
    /// main thread is busy show them. False: views are asked for as elements come into view, and
    /// the prefetching data source is not told either, as in UIKit.
    open var isPrefetchingEnabled = true {
        didSet {
            guard isPrefetchingEnabled != oldValue else { return }
            if !isPrefetchingEnabled {
                setAsidePreparedViews()
                if !prefetchedItems.isEmpty { prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: prefetchedItems.sorted()) }
                prefetchedItems = []
            }
            setNeedsLayout()
        }
    }
    /// Items announced to the prefetching data source and not yet shown or cancelled.
    var prefetchedItems: Set<IndexPath> = []

    /// The delegate as a collection delegate (the scroll view's `delegate`, when it is one).
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    /// A view behind the content, sized to the collection view and not scrolling (nil).
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    // MARK: Selection (UICollectionView+Selection.swift)

    /// Whether items can be selected (true). Turning it off deselects every item.
    open var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll() } }
    }
    /// Whether more than one item can be selected at once (false). Changing it deselects every item.
    open var allowsMultipleSelection = false {
        didSet { if oldValue != allowsMultipleSelection { deselectAll() } }
    }
    /// The selected items, in the order selected.
    var selectedItems: [IndexPath] = []
    /// The item a finger is down on (highlighted).
    var touchedItem: IndexPath?
    /// The item being moved interactively (UICollectionView+Movement.swift).
    var movement: InteractiveMovement?

    // MARK: Machinery

    /// Items per section, as the data source last said (nil: ask again).
    var cachedCounts: [Int]?
    /// Whether the layout must be prepared again before the next query.
    var layoutNeedsPrepare = true
    /// The bounds at the last layout pass (to notice size changes and ask the layout about others).
    var lastLayoutBounds = CGRect.null
    /// The views of the elements in view, by element.
    var visibleViews: [CollectionElementKey: UICollectionReusableView] = [:]
    /// Views given early to elements ahead of a motion, not displayed yet, by element (see
    /// `prepareElementsAhead`), and the rectangle of the content they cover (nil: none).
    var preparedViews: [CollectionElementKey: UICollectionReusableView] = [:]
    var preparedReach: CGRect?
    /// The attributes each view in view was last placed with.
    var visibleAttributes: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
    /// Registered cell classes and cells waiting for reuse.
    let cellPool = ReusePool<UICollectionReusableView>()
    /// Registered supplementary classes and views waiting for reuse, by kind.
    var supplementaryPools: [String: ReusePool<UICollectionReusableView>] = [:]
    /// Decoration views waiting for reuse, by kind (made from the layout's registrations).
    var decorationPools: [String: ReusePool<UICollectionReusableView>] = [:]
    /// The batch being gathered by `performBatchUpdates` (nil: none).
    var pendingUpdates: PendingCollectionUpdates?
    /// During an animated batch: where an element coming into view starts.
    var appearanceStart: ((CollectionElementKey, UICollectionReusableView) -> Void)?
    /// The scroll views of orthogonal sections' strips, by section (UICollectionView+Orthogonal.swift).
    var orthogonalScrollers: [Int: OrthogonalScrollView] = [:]
    /// The decoration views the collection view made (they stay below the cells).
    var decorationViewIDs: Set<ObjectIdentifier> = []
    /// Identifiers of cell and supplementary registrations already registered with this view.
    var registeredRegistrations: Set<String> = []
    /// The frame a view made for a registration now gets in `init(frame:)`: its element's.
    var creationFrame = CGRect.zero
    /// The cell `reconfigureItems(at:)` hands back to the data source (not prepared for reuse).
    var reconfiguringCell: UICollectionReusableView?

    /// A collection view with the given frame, placed by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        storedLayout = layout
        super.init(frame: frame)
        backgroundColor = .systemBackground
        layout.collectionView = self
        layout.invalidateLayout()
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Replaces the layout; the elements move to their new places at the next layout pass
    /// (`animated`: over 0.3 s). `completion` runs afterwards (true: finished).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard layout !== storedLayout else {
            finishLater(completion)
            return
        }
        setAsidePreparedViews()  // placed by the old layout
        storedLayout.collectionView = nil
        storedLayout = layout
        layout.collectionView = self
        layoutWasInvalidated()
        if animated, window != nil {
            UIView.animate(withDuration: Self.updateAnimationDuration, animations: { self.layoutIfNeeded() }, completion: { completion?($0) })
        } else {
            finishLater(completion)
        }
    }

    /// Replaces the layout without animation (the `animated: false` case).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    // MARK: Overrides (their work is in the extensions)

    /// The bounds. A change asks the layout `shouldInvalidateLayout(forBoundsChange:)` (before
    /// the bounds change, as UIKit does; true: `invalidateLayout(with:)` its context for the
    /// change) and marks the collection view for layout, so scrolling brings new elements into view.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            guard newValue != old else { return }
            if storedLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                storedLayout.invalidateLayout(with: storedLayout.invalidationContext(forBoundsChange: newValue))
            }
            super.bounds = newValue
            setNeedsLayout()
        }
    }

    /// Prepares the layout when it is out of date and gives the elements in view their views.
    /// A collection view lays out only the items its bounds show.
    override var laysOutContentLazily: Bool { true }
    override var laidOutContentRect: CGRect { preparedReach.map { bounds.union($0) } ?? bounds }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutCollection()
    }

    /// A finger down on an item highlights it (when the delegate allows).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { collectionTouchesBegan(touches) }
    /// Moving fingers do nothing to selection (a drag that scrolls cancels the touch).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// Lifted on the item it went down on, the finger selects it (or deselects it, in a
    /// multiple-selection collection view).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { collectionTouchesEnded(touches) }
    /// A drag or the host took the touch: the item is unhighlighted.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { collectionTouchesCancelled() }

    // MARK: Registering and dequeuing

    /// Registers `cellClass` (a `UICollectionViewCell` subclass) for `identifier`: dequeuing the
    /// identifier with no cell waiting makes one with `init(frame:)`. nil forgets the identifier.
    /// - Precondition: `cellClass` is a `UICollectionViewCell` subclass; this traps otherwise.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellPool.register(identifier, make: nil)
            return
        }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("UICollectionView.register: \(cellClass) is not a UICollectionViewCell subclass (identifier \(identifier))")
        }
        cellPool.register(identifier) { [unowned self] in type.init(_collectionViewReuseIdentifier: identifier, frame: creationFrame) }
    }

    /// Registers `viewClass` (a `UICollectionReusableView` subclass) for supplementary views of
    /// `elementKind` under `identifier`. nil forgets the identifier.
    /// - Precondition: `viewClass` is a `UICollectionReusableView` subclass; this traps otherwise.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let pool = supplementaryPool(elementKind)
        guard let viewClass else {
            pool.register(identifier, make: nil)
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("UICollectionView.register: \(viewClass) is not a UICollectionReusableView subclass (kind \(elementKind), identifier \(identifier))")
        }
        pool.register(identifier) { [unowned self] in type.init(_collectionViewReuseIdentifier: identifier, frame: creationFrame) }
    }

    /// A cell for `identifier`, reused or new, with the layout's attributes for the item at
    /// `indexPath` applied. Call it from the data source's `collectionView(_:cellForItemAt:)`.
    /// - Precondition: `identifier` is registered; otherwise this traps with UIKit's message
    ///   ("could not dequeue a view of kind: UICollectionElementKindCell with identifier …").
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath)
        creationFrame = attributes?.frame ?? .zero
        guard let view = cellPool.dequeue(identifier) else {
            preconditionFailure(Self.unregisteredMessage(kind: Self.elementKindCell, identifier: identifier))
        }
        guard let cell = view as? UICollectionViewCell else {
            preconditionFailure("UICollectionView: the view registered for cell identifier \(identifier) is not a UICollectionViewCell")
        }
        prepareDequeued(cell)
        if let attributes { UIView.performWithoutAnimation { place(cell, with: attributes) } }
        return cell
    }

    /// A supplementary view of `elementKind` for `identifier`, reused or new, with the layout's
    /// attributes applied. Call it from the data source's `viewForSupplementaryElementOfKind`.
    /// - Precondition: `identifier` is registered for `elementKind`; otherwise this traps with
    ///   UIKit's message.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionReusableView
    {
        let attributes = collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
        creationFrame = attributes?.frame ?? .zero
        guard let view = supplementaryPools[elementKind]?.dequeue(identifier) else {
            preconditionFailure(Self.unregisteredMessage(kind: elementKind, identifier: identifier))
        }
        prepareDequeued(view)
        if let attributes { UIView.performWithoutAnimation { place(view, with: attributes) } }
        return view
    }

    /// UIKit's NSInternalInconsistencyException message for an unregistered identifier.
    static func unregisteredMessage(kind: String, identifier: String) -> String {
        "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    }

    func supplementaryPool(_ kind: String) -> ReusePool<UICollectionReusableView> {
        if let pool = supplementaryPools[kind] { return pool }
        let pool = ReusePool<UICollectionReusableView>()
        supplementaryPools[kind] = pool
        return pool
    }

    /// A view back from a pool: reset when it was shown before.
    private func prepareDequeued(_ view: UICollectionReusableView) {
        if holds(view), view !== reconfiguringCell {
            view.prepareForReuse()
            view.isHidden = false
        }
    }

    // MARK: Counts

    /// Items per section, from the data source (asked once per reload or batch).
    var counts: [Int] {
        if let cachedCounts { return cachedCounts }
        var counts: [Int] = []
        if let dataSource {
            let sections = dataSource.numberOfSections(in: self)
            precondition(sections >= 0, "UICollectionView: the data source gave \(sections) sections; a count cannot be negative")
            counts.reserveCapacity(sections)
            for s in 0..<sections {
                let items = dataSource.collectionView(self, numberOfItemsInSection: s)
                precondition(items >= 0, "UICollectionView: the data source gave \(items) items for section \(s); a count cannot be negative")
                counts.append(items)
            }
        }
        cachedCounts = counts
        return counts
    }

    /// The number of sections, as the data source last said (0 without a data source).
    open var numberOfSections: Int { counts.count }

    /// The number of items in `section`, as the data source last said.
    /// - Precondition: `section` exists; this traps naming it otherwise.
    open func numberOfItems(inSection section: Int) -> Int {
        let counts = counts
        precondition(section >= 0 && section < counts.count, "UICollectionView.numberOfItems(inSection:): section \(section) is out of bounds (\(counts.count) sections)")
        return counts[section]
    }

    /// Whether `path` names an existing item.
    func containsItem(_ path: IndexPath) -> Bool {
        let counts = counts
        return path.count == 2 && path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
    }

    // MARK: Reloading

    /// Asks the data source for everything again: the counts now, and views for the elements in
    /// view at the next layout (the views shown go back for reuse). Selection is cleared, as in UIKit.
    open func reloadData() {
        setAsidePreparedViews()
        for (key, view) in visibleViews { retire(view, key: key) }
        visibleViews = [:]
        visibleAttributes = [:]
        selectedItems = []
        touchedItem = nil
        movement = nil
        prefetchedItems = []
        cachedCounts = nil
        collectionViewLayout.collectionViewDidReloadData()
        layoutWasInvalidated()
    }

    /// The layout changed: prepare it again at the next layout pass.
    func layoutWasInvalidated() {
        layoutNeedsPrepare = true
        setNeedsLayout()
    }

    /// Runs `completion(true)` on the next turn of the main queue.
    func finishLater(_ completion: ((Bool) -> Void)?) {
        guard let completion else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { completion(true) } }
    }

    /// The number of cells the collection view has made (for measuring reuse).
    @_spi(Testing) public var _cellsMade: Int { cellPool.made }
    /// The number of cells waiting for reuse.
    @_spi(Testing) public var _cellsWaiting: Int { cellPool.waitingCount }
}
