import Foundation

// Orthogonal sections (compositional sections that scroll across the layout's axis): each gets
// a scroll view of its own at its strip's frame, holding the views of the strip's elements. When
// it scrolls it tells the layout its offset and marks the collection view for layout, so the
// strip's items that came into view get cells and those that left go back for reuse, as in the
// main content. The layout reports strip elements in the collection view's content coordinates
// (moved by the strip's offset); the views sit in the strip's scroll view, converted.

/// The scroll view carrying one orthogonal section's elements; its own delegate, to bring a
/// drag to rest on a group as the section's behaviour says. Main actor.
final class OrthogonalScrollView: UIScrollView, UIScrollViewDelegate {
    /// Called with the new offset whenever the strip scrolls.
    var onScroll: ((CGPoint) -> Void)?
    /// How the strip comes to rest.
    var behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.continuous
    /// Where the groups lie in the strip's content.
    var groupFrames: [CGRect] = []
    /// Whether the strip scrolls horizontally (the layout scrolls vertically).
    var horizontal = true
    /// The offset along the strip when the drag began.
    private var dragStart: CGFloat = 0

    /// The bounds; a new origin (a scroll) is reported through `onScroll`.
    override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds.origin
            super.bounds = newValue
            if super.bounds.origin != old { onScroll?(super.bounds.origin) }
        }
    }

    init() {
        super.init(frame: .zero)
        backgroundColor = nil
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        delegate = self
    }

    required init?(coder: NSCoder) { nil }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        dragStart = horizontal ? contentOffset.x : contentOffset.y
    }

    /// Brings the drag to rest on a group: the nearest to where it would stop
    /// (`.continuousGroupLeadingBoundary`), or the next one the way it moved (`.groupPaging`,
    /// `.groupPagingCentered`: one group per drag), leading edges resting where the first
    /// group's does (centred: group centres at the strip's centre).
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let rests = restingOffsets()
        guard !rests.isEmpty else { return }
        let proposed = horizontal ? targetContentOffset.pointee.x : targetContentOffset.pointee.y
        let nearest = { (x: CGFloat) in rests.indices.min { abs(rests[$0] - x) < abs(rests[$1] - x) } ?? 0 }
        var chosen: CGFloat
        switch behavior {
        case .continuousGroupLeadingBoundary:
            chosen = rests[nearest(proposed)]
        case .groupPaging, .groupPagingCentered:
            let now = horizontal ? contentOffset.x : contentOffset.y
            let speed = horizontal ? velocity.x : velocity.y
            let moved = now - dragStart
            let step = speed > 0 || (speed == 0 && moved > 0) ? 1 : speed < 0 || (speed == 0 && moved < 0) ? -1 : 0
            chosen = rests[min(max(nearest(dragStart) + step, 0), rests.count - 1)]
        case .none, .continuous, .paging:
            return
        }
        let length = horizontal ? bounds.width : bounds.height
        let content = horizontal ? contentSize.width : contentSize.height
        chosen = min(max(chosen, 0), max(0, content - length))
        if horizontal { targetContentOffset.pointee.x = chosen } else { targetContentOffset.pointee.y = chosen }
    }

    /// The offsets the strip may rest at, one per group, in order.
    private func restingOffsets() -> [CGFloat] {
        let length = horizontal ? bounds.width : bounds.height
        var starts: [CGFloat] = []
        var seen = Set<CGFloat>()
        for frame in groupFrames where !frame.isEmpty {
            let lead = horizontal ? frame.minX : frame.minY
            guard seen.insert(lead).inserted else { continue }
            starts.append(lead)
        }
        guard let first = starts.min() else { return [] }
        if behavior == .groupPagingCentered {
            var centres: [CGFloat] = []
            var done = Set<CGFloat>()
            for frame in groupFrames where !frame.isEmpty && done.insert(horizontal ? frame.minX : frame.minY).inserted {
                centres.append((horizontal ? frame.midX : frame.midY) - length / 2)
            }
            return centres.sorted()
        }
        return starts.sorted().map { $0 - first }
    }
}

extension UICollectionView {
    /// Gives every orthogonal strip the layout describes a scroll view at its frame, with its
    /// content size; takes away those of strips that are gone (their views move back to the
    /// collection view, hidden).
    func syncOrthogonalScrollers() {
        let strips = collectionViewLayout.orthogonalStrips()
        guard !strips.isEmpty || !orthogonalScrollers.isEmpty else { return }
        var next: [Int: OrthogonalScrollView] = [:]
        for strip in strips {
            let scroller = orthogonalScrollers[strip.section] ?? makeScroller(for: strip.section)
            if scroller.frame != strip.frame { scroller.frame = strip.frame }
            if scroller.contentSize != strip.contentSize { scroller.contentSize = strip.contentSize }
            scroller.isPagingEnabled = strip.behavior == .paging
            scroller.behavior = strip.behavior
            scroller.groupFrames = strip.groupFrames
            scroller.horizontal = strip.horizontal
            next[strip.section] = scroller
        }
        for (section, scroller) in orthogonalScrollers where next[section] !== scroller {
            for view in scroller.subviews where view is UICollectionReusableView { takeBack(view) }
            scroller.onScroll = nil
            scroller.removeFromSuperview()
            collectionViewLayout.setOrthogonalOffset(.zero, section: section)
        }
        orthogonalScrollers = next
    }

    /// Puts a view of a strip that goes away back in the collection view, hidden, at its kind's
    /// level: cells above the background and decoration views, decoration views just above the
    /// background, supplementary views on top (where a later layout pass, which moves a view only
    /// when its container changes, expects it).
    private func takeBack(_ view: UIView) {
        view.isHidden = true
        if decorationViewIDs.contains(ObjectIdentifier(view)) {
            insertSubview(view, at: backgroundView == nil ? 0 : 1)
        } else if view is UICollectionViewCell {
            insertSubview(view, at: cellInsertionIndex)
        } else {
            addSubview(view)
        }
    }

    /// Takes away every strip's scroll view (a batch renumbered the sections); the next layout
    /// pass makes new ones and puts the views back in them.
    func resetOrthogonalScrollers() {
        for (section, scroller) in orthogonalScrollers {
            for view in scroller.subviews where view is UICollectionReusableView { takeBack(view) }
            scroller.onScroll = nil
            scroller.removeFromSuperview()
            collectionViewLayout.setOrthogonalOffset(.zero, section: section)
        }
        orthogonalScrollers = [:]
    }

    private func makeScroller(for section: Int) -> OrthogonalScrollView {
        let scroller = OrthogonalScrollView()
        scroller.onScroll = { [unowned self] offset in
            collectionViewLayout.setOrthogonalOffset(offset, section: section)
            setNeedsLayout()
        }
        collectionViewLayout.setOrthogonalOffset(.zero, section: section)
        addSubview(scroller)
        return scroller
    }

    /// The view an element's view belongs in: its strip's scroll view, or the collection view.
    func container(for attributes: UICollectionViewLayoutAttributes) -> UIView {
        if let section = attributes.orthogonalSection, let scroller = orthogonalScrollers[section] { return scroller }
        return self
    }

    /// Whether `view` is in the collection view's content: directly, or in a strip's scroll view.
    func holds(_ view: UIView) -> Bool {
        view.superview === self || (view.superview is OrthogonalScrollView && view.superview?.superview === self)
    }

    /// Scrolls the strip holding the item at `indexPath`, if any, as little as shows the item.
    func scrollStrip(toShow indexPath: IndexPath, animated: Bool) {
        guard let scroller = orthogonalScrollers[indexPath.section], let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        let inStrip = frame.offsetBy(dx: scroller.bounds.minX - scroller.frame.minX, dy: scroller.bounds.minY - scroller.frame.minY)
        scroller.scrollRectToVisible(inStrip, animated: animated)
    }
}
