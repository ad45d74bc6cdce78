import Foundation

// The layout pass: prepare the layout when it is out of date, ask it for the elements meeting
// the visible rectangle, take back the views of elements that left (hidden, kept for reuse,
// didEndDisplaying), then give each new element a view (cells from the data source,
// supplementary views by kind, decoration views from the layout's registrations; willDisplay)
// and place every view by its attributes. Views leave before new ones are made, so a scroll
// reuses the cells it just retired. Cells of self-sizing items (and self-sizing supplementary
// views) are measured when they first show; a changed size prepares the layout again (at most a
// few rounds per pass).

extension UICollectionView {
    /// How long batch updates and animated layout changes take (UIKit's 0.3 s).
    static let updateAnimationDuration: TimeInterval = 0.3

    /// The collection view's part of the layout pass.
    func layoutCollection() {
        backgroundView?.frame = bounds
        if bounds.size != lastLayoutBounds.size { layoutNeedsPrepare = true }
        lastLayoutBounds = bounds
        // The prefetching data source hears of what is ahead before views are asked for it (its
        // band reaches a screen beyond what is prepared ahead of a motion).
        updatePrefetching()
        for _ in 0..<4 {
            if layoutNeedsPrepare { prepareLayout() }
            let measured = placeVisibleElements()
            guard measured else { break }
            layoutNeedsPrepare = true
        }
        updatePrefetching()
    }

    /// Tells the prefetching data source of items within a screen of the visible rectangle that
    /// are not in view, and cancels those that left that band without showing.
    func updatePrefetching() {
        guard isPrefetchingEnabled, let prefetcher = prefetchDataSource else { return }
        var band = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
        // A screen beyond what is prepared ahead of a motion.
        if let ahead = preparationRect { band = band.union(ahead.insetBy(dx: -bounds.width, dy: -bounds.height)) }
        var near = Set<IndexPath>()
        for attributes in collectionViewLayout.layoutAttributesForElements(in: band) ?? []
        where attributes.representedElementCategory == .cell && !attributes.isHidden && attributes.frame.sharesArea(with: band)
            && !attributes.frame.sharesArea(with: bounds)
        {
            near.insert(attributes.indexPath)
        }
        for key in visibleViews.keys where key.category == .cell { near.remove(key.indexPath) }
        let new = near.subtracting(prefetchedItems)
        let gone = prefetchedItems.subtracting(near)
        prefetchedItems = near
        if !gone.isEmpty { prefetcher.collectionView(self, cancelPrefetchingForItemsAt: gone.sorted()) }
        if !new.isEmpty { prefetcher.collectionView(self, prefetchItemsAt: new.sorted()) }
    }

    /// Prepares the layout and takes its content size.
    func prepareLayout() {
        layoutNeedsPrepare = false
        let layout = collectionViewLayout
        layout.prepare()
        let size = layout.collectionViewContentSize
        if contentSize != size { contentSize = size }
        syncOrthogonalScrollers()
    }

    /// Gives the elements meeting the visible rectangle their views, placed; takes the others
    /// back. Returns whether a self-sizing cell measured a new size (the layout must be prepared again).
    @discardableResult
    func placeVisibleElements() -> Bool {
        let layout = collectionViewLayout
        let rect = bounds
        var wanted: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
        var order: [CollectionElementKey] = []
        for attributes in layout.layoutAttributesForElements(in: rect) ?? [] where !attributes.isHidden && attributes.frame.sharesArea(with: rect) {
            let key = attributes.elementKey
            guard wanted[key] == nil else { continue }
            if dataSource == nil, key.category != .decorationView { continue }
            wanted[key] = attributes
            order.append(key)
        }
        // Elements that left give their views back first, so new elements reuse them.
        for (key, view) in visibleViews where wanted[key] == nil && view !== movement?.cell {
            retire(view, key: key)
            visibleViews[key] = nil
        }
        var appearing: [CollectionElementKey] = []
        for key in order where visibleViews[key] == nil {
            guard let view = preparedViews.removeValue(forKey: key) ?? makeView(for: key, wantedFrame: wanted[key]?.frame) else { continue }
            visibleViews[key] = view
            appearing.append(key)
            if key.category == .cell { prefetchedItems.remove(key.indexPath) }
        }
        visibleAttributes = wanted.filter { visibleViews[$0.key] != nil }
        if let start = appearanceStart {
            UIView.performWithoutAnimation {
                for key in appearing { if let view = visibleViews[key] { start(key, view) } }
            }
        }
        let selected = Set(selectedItems)
        var measuredNewSize = false
        for (key, view) in visibleViews {
            guard let attributes = visibleAttributes[key] else { continue }
            if settle(view, key, attributes, selected: selected, measures: true) { measuredNewSize = true }
        }
        // Undisplayed views go to their places at once, even inside an animated batch; not from
        // attributes that a measured size has just made stale (the next round prepares them).
        if !measuredNewSize {
            UIView.performWithoutAnimation { if prepareElementsAhead(of: wanted) { measuredNewSize = true } }
        }
        let delegate = collectionDelegate
        for key in appearing.sorted(by: { ($0.category.rawValue, $0.indexPath) < ($1.category.rawValue, $1.indexPath) }) {
            guard let view = visibleViews[key] else { continue }
            switch key.category {
            case .cell:
                if let cell = view as? UICollectionViewCell { delegate?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath) }
            case .supplementaryView:
                delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
            case .decorationView: break
            }
        }
        return measuredNewSize
    }

    // MARK: Views ahead of a motion

    /// Where elements get their views ahead of the view: `renderMotionReach` (nil with
    /// prefetching off).
    var preparationRect: CGRect? { isPrefetchingEnabled ? renderMotionReach : nil }

    /// Gives views to the elements in the band ahead of the view (`preparationRect`) that have
    /// none in view, placed by their attributes but not displayed: cells are not among
    /// `visibleCells` and supplementary views not among the visible ones, and the delegate's
    /// `willDisplay` calls come when they come into view (UIKit's cell prefetching). Self-sizing
    /// elements past the view's far edges are measured as elements coming into view are
    /// (behind the view they are placed at their estimates: measuring them would move what shows).
    /// Views of elements that left the band go back for reuse without `didEndDisplaying` (they
    /// never showed). Records the band as laid out (`preparedReach`); returns whether a
    /// measured size changed (the layout must be prepared again).
    func prepareElementsAhead(of wanted: [CollectionElementKey: UICollectionViewLayoutAttributes]) -> Bool {
        var kept: [CollectionElementKey: UICollectionReusableView] = [:]
        var measuredNewSize = false
        preparedReach = nil
        var ahead: [(key: CollectionElementKey, attributes: UICollectionViewLayoutAttributes)] = []
        if let rect = preparationRect, dataSource != nil {
            var seen = Set<CollectionElementKey>()
            for attributes in collectionViewLayout.layoutAttributesForElements(in: rect) ?? []
            where !attributes.isHidden && attributes.frame.sharesArea(with: rect) {
                let key = attributes.elementKey
                guard wanted[key] == nil, visibleViews[key] == nil, seen.insert(key).inserted else { continue }
                ahead.append((key, attributes))
            }
            preparedReach = rect
        }
        // Views of elements that left the band go back first, so the new ones reuse them.
        let staying = Set(ahead.map(\.key))
        for (key, view) in preparedViews where !staying.contains(key) { recycle(view, key: key) }
        preparedViews = preparedViews.filter { staying.contains($0.key) }
        let selected = Set(selectedItems)
        for (key, attributes) in ahead {
            guard let view = preparedViews.removeValue(forKey: key) ?? makeView(for: key, wantedFrame: attributes.frame) else { continue }
            kept[key] = view
            let pastFarEdge = attributes.frame.minY >= bounds.maxY || attributes.frame.minX >= bounds.maxX
            if settle(view, key, attributes, selected: selected, measures: pastFarEdge) { measuredNewSize = true }
        }
        preparedViews = kept
        return measuredNewSize
    }

    /// Puts an element's view in its container (the collection view, or its section's strip),
    /// gives a cell its selection, measures a self-sizing element when `measures`, and places
    /// the view by its attributes (during an interactive movement a cell at its preview place;
    /// the moving cell follows the finger). Returns whether a measured size changed (the layout
    /// must be prepared again).
    private func settle(
        _ view: UICollectionReusableView, _ key: CollectionElementKey, _ attributes: UICollectionViewLayoutAttributes, selected: Set<IndexPath>,
        measures: Bool
    ) -> Bool {
        let layout = collectionViewLayout
        let container = container(for: attributes)
        if view.superview !== container {
            if container === self { insertSubview(view, at: cellInsertionIndex) } else { container.addSubview(view) }
        }
        var measuredNewSize = false
        if key.category == .cell, let cell = view as? UICollectionViewCell {
            let isSelected = selected.contains(key.indexPath)
            if cell.isSelected != isSelected { cell.isSelected = isSelected }
            if measures, layout.sizesItemFromCell(at: key.indexPath) {
                let preferred = cell.preferredLayoutAttributesFitting(attributes.copy() as! UICollectionViewLayoutAttributes)
                measuredNewSize = layout.cellDidMeasure(preferred.size, at: key.indexPath)
            }
        } else if key.category == .supplementaryView, measures, layout.sizesSupplementaryFromView(ofKind: key.kind, at: key.indexPath) {
            let preferred = view.preferredLayoutAttributesFitting(attributes.copy() as! UICollectionViewLayoutAttributes)
            measuredNewSize = layout.supplementaryDidMeasure(preferred.size, ofKind: key.kind, at: key.indexPath)
        }
        if let shown = attributesDuringMovement(key, attributes, view: view) { place(view, with: shown) }
        return measuredNewSize
    }

    /// Puts every prepared view back for reuse (the items changed or moved).
    func setAsidePreparedViews() {
        for (key, view) in preparedViews { recycle(view, key: key) }
        preparedViews = [:]
        preparedReach = nil
    }

    /// A view for a new element: the data source's cell or supplementary view, or a decoration
    /// view from the layout's registration (made with `wantedFrame`); put in the collection view.
    /// - Precondition: a decoration kind the layout shows is registered with the layout.
    func makeView(for key: CollectionElementKey, wantedFrame: CGRect? = nil) -> UICollectionReusableView? {
        let view: UICollectionReusableView
        switch key.category {
        case .cell:
            guard let dataSource else { return nil }
            view = dataSource.collectionView(self, cellForItemAt: key.indexPath)
            if !holds(view) { insertSubview(view, at: cellInsertionIndex) }
        case .supplementaryView:
            guard let dataSource else { return nil }
            view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            if !holds(view) { addSubview(view) }
        case .decorationView:
            let pool = decorationPools[key.kind] ?? ReusePool<UICollectionReusableView>()
            decorationPools[key.kind] = pool
            if !pool.isRegistered(key.kind), let make = collectionViewLayout.decorationMakers[key.kind] {
                pool.register(key.kind) { [unowned self] in make(creationFrame) }
            }
            creationFrame = wantedFrame ?? .zero
            guard let made = pool.dequeue(key.kind) else {
                preconditionFailure(Self.unregisteredMessage(kind: key.kind, identifier: key.kind))
            }
            if made.superview === self {
                made.prepareForReuse()
            } else {
                insertSubview(made, at: backgroundView == nil ? 0 : 1)
                decorationViewIDs.insert(ObjectIdentifier(made))
            }
            view = made
        }
        view.isHidden = false
        return view
    }

    /// Where new cells go among the subviews: above the background view and decoration views,
    /// below supplementary views.
    var cellInsertionIndex: Int {
        var index = 0
        for view in subviews {
            if view === backgroundView || decorationViewIDs.contains(ObjectIdentifier(view)) { index += 1 } else { break }
        }
        return index
    }

    /// Places `view` by `attributes`: size, centre, transform, alpha, stacking order, hidden;
    /// then `apply(_:)`.
    func place(_ view: UICollectionReusableView, with attributes: UICollectionViewLayoutAttributes) {
        if view.bounds.size != attributes.size { view.bounds = CGRect(origin: view.bounds.origin, size: attributes.size) }
        var center = attributes.center
        if let strip = view.superview as? OrthogonalScrollView, strip.superview === self {
            // From the collection view's content into the strip's: the layout moved the element by the strip's offset.
            center.x += strip.bounds.minX - strip.frame.minX
            center.y += strip.bounds.minY - strip.frame.minY
        }
        if view.center != center { view.center = center }
        let transform = attributes.transform3D
        if view.transform3D != transform { view.transform3D = transform }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        let z = CGFloat(attributes.zIndex)
        if view.layer.zPosition != z { view.layer.zPosition = z }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
        view.apply(attributes)
    }

    /// Tells the delegate the element's view left, then hides it and keeps it for reuse.
    func retire(_ view: UICollectionReusableView, key: CollectionElementKey) {
        switch key.category {
        case .cell:
            if let cell = view as? UICollectionViewCell { collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath) }
        case .supplementaryView:
            collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        case .decorationView: break
        }
        recycle(view, key: key)
    }

    /// Hides `view` and puts it in its pool (a view with no identifier leaves the collection view).
    func recycle(_ view: UICollectionReusableView, key: CollectionElementKey) {
        view.isHidden = true
        guard let identifier = view.reuseIdentifier else {
            view.removeFromSuperview()
            return
        }
        switch key.category {
        case .cell: cellPool.enqueue(view, identifier: identifier)
        case .supplementaryView: supplementaryPool(key.kind).enqueue(view, identifier: identifier)
        case .decorationView: decorationPools[key.kind]?.enqueue(view, identifier: identifier)
        }
    }

    // MARK: Elements in view

    /// The cells in view, in index path order.
    public var visibleCells: [UICollectionViewCell] {
        visibleViews.filter { $0.key.category == .cell }.sorted { $0.key.indexPath < $1.key.indexPath }.compactMap { $0.value as? UICollectionViewCell }
    }

    /// The items whose cells are in view, in index path order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The cell showing the item at `indexPath`, or nil when the item is not in view.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        visibleViews[CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)] as? UICollectionViewCell
    }

    /// The item `cell` shows, or nil when it shows none.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleViews.first { $0.key.category == .cell && $0.value === cell }?.key.indexPath
    }

    /// The item whose cell's frame contains `point` (content coordinates), or nil.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        for (key, attributes) in visibleAttributes where key.category == .cell && attributes.frame.contains(point) { return key.indexPath }
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hit = collectionViewLayout.layoutAttributesForElements(in: probe)?.first {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        return hit?.indexPath
    }

    /// The layout's attributes for the item at `indexPath`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if layoutNeedsPrepare { prepareLayout() }
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes for the supplementary view of `kind` at `indexPath`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if layoutNeedsPrepare { prepareLayout() }
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The supplementary view of `elementKind` at `indexPath` in view, or nil.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        visibleViews[CollectionElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)]
    }

    /// The supplementary views of `elementKind` in view, in index path order.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleViews.filter { $0.key.category == .supplementaryView && $0.key.kind == elementKind }.sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
    }

    /// The index paths of the supplementary views of `elementKind` in view, in order.
    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleViews.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    // MARK: Scrolling to an item

    /// Scrolls so that the item at `indexPath` shows at `scrollPosition` (as far as the content
    /// allows): one vertical and one horizontal option; an axis with none scrolls as little as
    /// shows the item on it.
    /// - Precondition: the item exists; this traps naming it otherwise (UIKit raises).
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        precondition(containsItem(indexPath), "UICollectionView.scrollToItem: attempt to scroll to invalid index path: \(indexPath) (\(counts) items per section)")
        scrollStrip(toShow: indexPath, animated: animated)
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        scroll(to: frame, position: scrollPosition, animated: animated)
    }

    /// Scrolls so that `rect` (content coordinates) shows at `position`.
    func scroll(to rect: CGRect, position: ScrollPosition, animated: Bool) {
        let insets = adjustedContentInset
        let visible = bounds.inset(by: insets)
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ vlo: CGFloat, _ vhi: CGFloat, start: Bool, centre: Bool, end: Bool, offset: CGFloat) -> CGFloat {
            if start { return offset + lo - vlo }
            if centre { return offset + (lo + hi) / 2 - (vlo + vhi) / 2 }
            if end { return offset + hi - vhi }
            if lo < vlo || hi - lo > vhi - vlo { return offset + lo - vlo }
            if hi > vhi { return offset + hi - vhi }
            return offset
        }
        var target = contentOffset
        target.y = axis(
            rect.minY, rect.maxY, visible.minY, visible.maxY, start: position.contains(.top), centre: position.contains(.centeredVertically),
            end: position.contains(.bottom), offset: target.y)
        target.x = axis(
            rect.minX, rect.maxX, visible.minX, visible.maxX, start: position.contains(.left), centre: position.contains(.centeredHorizontally),
            end: position.contains(.right), offset: target.x)
        let range = offsetRange
        target.x = min(max(target.x, range.minX), range.maxX)
        target.y = min(max(target.y, range.minY), range.maxY)
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }
}
