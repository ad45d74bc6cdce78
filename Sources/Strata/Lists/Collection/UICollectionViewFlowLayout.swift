import Foundation

// Overall design: a flow layout places a section's items in lines across the scroll axis
// (rows when scrolling vertically, columns horizontally), wrapping when the next item would not
// fit with the minimum inter-item spacing. UIKit's rules, with the scroll axis vertical:
// - every line but a section's last is justified: its first item starts at the section's left
//   inset, its last ends at the right one, the left-over space shared equally between items;
//   a line holding a single item centres it;
// - a section's last line keeps the minimum spacing, from the left inset;
// - a line is as tall as its tallest item; shorter items are centred in it;
// - lines are `minimumLineSpacing` apart; a header spans the width above the section's top
//   inset, a footer below its bottom inset, and neither gets line spacing.
// `prepare()` works out every frame (O(items)); a query for a rectangle finds the lines meeting
// it by binary search, so showing 10,000 items costs what showing 20 does.

/// A layout that places items in lines that wrap, with optional section headers and footers
/// (UIKit's `UICollectionViewFlowLayout`). Main actor.
///
/// Sizes and spacing come from the properties, or per section and item from the collection
/// view's delegate when it is a `UICollectionViewDelegateFlowLayout`.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The estimate meaning "size each cell from its content, starting from `itemSize`"
    /// (UIKit's `UICollectionViewFlowLayout.automaticSize`: the largest finite size).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// The axis the layout scrolls on (`.vertical`: lines are rows).
    open var scrollDirection = UICollectionView.ScrollDirection.vertical {
        didSet { if oldValue != scrollDirection { invalidateLayout() } }
    }
    /// Each item's size, in points, unless the delegate says otherwise (50 × 50).
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { if oldValue != itemSize { invalidateLayout() } }
    }
    /// An estimate of each item's size; non-zero turns on self-sizing: each cell's size comes
    /// from its content when it first shows (`.zero`: off).
    open var estimatedItemSize = CGSize.zero {
        didSet { if oldValue != estimatedItemSize { invalidateLayout() } }
    }
    /// The least space between lines, in points (10).
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { if oldValue != minimumLineSpacing { invalidateLayout() } }
    }
    /// The least space between items of a line, in points (10); full lines spread wider.
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { if oldValue != minimumInteritemSpacing { invalidateLayout() } }
    }
    /// The space around each section's items, inside its header and footer (zero).
    open var sectionInset = UIEdgeInsets.zero {
        didSet { if oldValue != sectionInset { invalidateLayout() } }
    }
    /// Each header's size: its height counts when scrolling vertically, its width horizontally
    /// (zero: no headers).
    open var headerReferenceSize = CGSize.zero {
        didSet { if oldValue != headerReferenceSize { invalidateLayout() } }
    }
    /// Each footer's size, as `headerReferenceSize` (zero: no footers).
    open var footerReferenceSize = CGSize.zero {
        didSet { if oldValue != footerReferenceSize { invalidateLayout() } }
    }
    /// What `sectionInset` is measured from (UIKit's `UICollectionViewFlowLayout.SectionInsetReference`).
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// What `sectionInset` is measured from (`.fromContentInset`; kept: Strata always measures
    /// from the adjusted content inset).
    open var sectionInsetReference = SectionInsetReference.fromContentInset

    /// Whether headers stay at the visible top while their section shows (false).
    open var sectionHeadersPinToVisibleBounds = false {
        didSet { if oldValue != sectionHeadersPinToVisibleBounds { invalidateLayout() } }
    }
    /// Whether footers stay at the visible bottom while their section shows (false).
    open var sectionFootersPinToVisibleBounds = false {
        didSet { if oldValue != sectionFootersPinToVisibleBounds { invalidateLayout() } }
    }

    /// One line of items and where it lies on the scroll axis.
    struct Line {
        var items: Range<Int>
        var mainStart: CGFloat
        var mainEnd: CGFloat
    }

    /// One section's geometry.
    struct Section {
        var frame = CGRect.zero
        var header = CGRect.zero
        var footer = CGRect.zero
        var items: [CGRect] = []
        var lines: [Line] = []
    }

    /// The geometry `prepare()` worked out.
    var sections: [Section] = []
    var contentSize = CGSize.zero
    /// Sizes cells measured for themselves (self-sizing), by index path.
    var measuredSizes: [IndexPath: CGSize] = [:]

    /// The size of all the sections, in points.
    open override var collectionViewContentSize: CGSize { contentSize }

    /// Works out every section's header, lines of items and footer.
    open override func prepare() {
        super.prepare()
        sections = []
        contentSize = .zero
        guard let collectionView else { return }
        let axes = LayoutAxes(vertical: scrollDirection == .vertical)
        let insets = collectionView.adjustedContentInset
        let visibleSize = CGSize(width: collectionView.bounds.width - insets.left - insets.right, height: collectionView.bounds.height - insets.top - insets.bottom)
        let crossLength = max(0, axes.cross(visibleSize))
        let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        var cursor: CGFloat = 0
        for s in 0..<collectionView.numberOfSections {
            var section = Section()
            let start = cursor
            let header = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize
            if axes.main(header) > 0 {
                section.header = axes.rect(main: cursor, cross: 0, size: axes.size(main: axes.main(header), cross: crossLength))
                cursor += axes.main(header)
            }
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: s) ?? sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
            let crossBefore = axes.vertical ? inset.left : inset.top
            let available = crossLength - crossBefore - (axes.vertical ? inset.right : inset.bottom)
            cursor += axes.vertical ? inset.top : inset.left
            let count = collectionView.numberOfItems(inSection: s)
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for item in 0..<count { sizes.append(size(at: IndexPath(item: item, section: s), delegate: delegate, in: collectionView)) }
            section.items = Array(repeating: .zero, count: count)
            var first = 0
            while first < count {
                // Fill the line: the first item always, then each that fits with the minimum spacing.
                var end = first + 1
                var used = axes.cross(sizes[first])
                while end < count, used + itemSpacing + axes.cross(sizes[end]) <= available + 0.0001 {
                    used += itemSpacing + axes.cross(sizes[end])
                    end += 1
                }
                if first > 0 { cursor += lineSpacing }
                let lineMain = sizes[first..<end].map { axes.main($0) }.max() ?? 0
                let isLast = end == count
                let n = end - first
                var spacing = itemSpacing
                var across = crossBefore
                if !isLast && n > 1 {
                    spacing = (available - (used - CGFloat(n - 1) * itemSpacing)) / CGFloat(n - 1)
                } else if !isLast {
                    across += (available - used) / 2
                }
                for i in first..<end {
                    let size = sizes[i]
                    section.items[i] = axes.rect(main: cursor + (lineMain - axes.main(size)) / 2, cross: across, size: size)
                    across += axes.cross(size) + spacing
                }
                section.lines.append(Line(items: first..<end, mainStart: cursor, mainEnd: cursor + lineMain))
                cursor += lineMain
                first = end
            }
            cursor += axes.vertical ? inset.bottom : inset.right
            let footer = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize
            if axes.main(footer) > 0 {
                section.footer = axes.rect(main: cursor, cross: 0, size: axes.size(main: axes.main(footer), cross: crossLength))
                cursor += axes.main(footer)
            }
            section.frame = axes.rect(main: start, cross: 0, size: axes.size(main: cursor - start, cross: crossLength))
            sections.append(section)
        }
        contentSize = axes.size(main: cursor, cross: crossLength)
    }

    /// The size of the item at `path`: measured (self-sizing), estimated, or the delegate's or `itemSize`.
    private func size(at path: IndexPath, delegate: (any UICollectionViewDelegateFlowLayout)?, in collectionView: UICollectionView) -> CGSize {
        if estimatedItemSize != .zero {
            if let measured = measuredSizes[path] { return measured }
            return estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
        }
        return delegate?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize
    }

    /// The attributes of the headers, cells and footers meeting `rect`; pinned headers and
    /// footers where they are pinned now.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let axes = LayoutAxes(vertical: scrollDirection == .vertical)
        let low = axes.vertical ? rect.minY : rect.minX, high = axes.vertical ? rect.maxY : rect.maxX
        var result: [UICollectionViewLayoutAttributes] = []
        for (s, section) in sections.enumerated() {
            let sectionLow = axes.vertical ? section.frame.minY : section.frame.minX
            let sectionHigh = axes.vertical ? section.frame.maxY : section.frame.maxX
            guard sectionHigh >= low, sectionLow <= high else { continue }
            if let header = headerAttributes(s), header.frame.sharesArea(with: rect) { result.append(header) }
            // The first line reaching the rectangle, by binary search.
            var lo = 0, hi = section.lines.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if section.lines[mid].mainEnd < low { lo = mid + 1 } else { hi = mid }
            }
            var l = lo
            while l < section.lines.count, section.lines[l].mainStart <= high {
                for i in section.lines[l].items where section.items[i].sharesArea(with: rect) {
                    let attributes = makeAttributes(forCellWith: IndexPath(item: i, section: s))
                    attributes.frame = section.items[i]
                    result.append(attributes)
                }
                l += 1
            }
            if let footer = footerAttributes(s), footer.frame.sharesArea(with: rect) { result.append(footer) }
        }
        return result
    }

    /// The attributes of the cell of the item at `indexPath`, or nil when there is no such item.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
            indexPath.item < sections[indexPath.section].items.count
        else { return nil }
        let attributes = makeAttributes(forCellWith: indexPath)
        attributes.frame = sections[indexPath.section].items[indexPath.item]
        return attributes
    }

    /// The attributes of a section's header or footer (kind `UICollectionView.elementKindSectionHeader`
    /// or `…Footer`, index path [section, 0]), or nil when it has none.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return headerAttributes(indexPath.section)
        case UICollectionView.elementKindSectionFooter: return footerAttributes(indexPath.section)
        default: return nil
        }
    }

    /// Whether a bounds change needs a new layout: a new size (pinned headers and footers are
    /// placed at every query, so scrolling needs none).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    /// Inserted items fade in at their places.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        Self.faded(layoutAttributesForItem(at: itemIndexPath))
    }

    /// Deleted items fade out where they were.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        Self.faded(layoutAttributesForItem(at: itemIndexPath))
    }

    // MARK: Private

    override func sizesItemFromCell(at indexPath: IndexPath) -> Bool { estimatedItemSize != .zero && measuredSizes[indexPath] == nil }

    override func cellDidMeasure(_ size: CGSize, at indexPath: IndexPath) -> Bool {
        guard estimatedItemSize != .zero else { return false }
        let previous = measuredSizes[indexPath] ?? (estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize)
        measuredSizes[indexPath] = size
        return previous != size
    }

    override func collectionViewDidReloadData() { measuredSizes = [:] }

    override func collectionViewDidUpdate(_ mapping: ListUpdates.Index) {
        var moved: [IndexPath: CGSize] = [:]
        for (path, size) in measuredSizes { if let new = mapping.newPosition(of: path) { moved[new] = size } }
        measuredSizes = moved
    }

    private func makeAttributes(forCellWith path: IndexPath) -> UICollectionViewLayoutAttributes {
        let type = (Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
        return type.init(category: .cell, kind: nil, indexPath: path)
    }

    private func supplementary(_ kind: String, _ section: Int, frame: CGRect) -> UICollectionViewLayoutAttributes {
        let type = (Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
        let attributes = type.init(category: .supplementaryView, kind: kind, indexPath: IndexPath(item: 0, section: section))
        attributes.frame = frame
        attributes.zIndex = 10
        return attributes
    }

    private func headerAttributes(_ s: Int) -> UICollectionViewLayoutAttributes? {
        guard s >= 0, s < sections.count, !sections[s].header.isEmpty else { return nil }
        var frame = sections[s].header
        if sectionHeadersPinToVisibleBounds, let collectionView {
            let vertical = scrollDirection == .vertical
            let insets = collectionView.adjustedContentInset
            let top = vertical ? collectionView.bounds.minY + insets.top : collectionView.bounds.minX + insets.left
            let sectionEnd = (vertical ? sections[s].frame.maxY : sections[s].frame.maxX) - (vertical ? frame.height : frame.width)
            let pinned = max(vertical ? frame.minY : frame.minX, min(top, sectionEnd))
            if vertical { frame.origin.y = pinned } else { frame.origin.x = pinned }
        }
        return supplementary(UICollectionView.elementKindSectionHeader, s, frame: frame)
    }

    private func footerAttributes(_ s: Int) -> UICollectionViewLayoutAttributes? {
        guard s >= 0, s < sections.count, !sections[s].footer.isEmpty else { return nil }
        var frame = sections[s].footer
        if sectionFootersPinToVisibleBounds, let collectionView {
            let vertical = scrollDirection == .vertical
            let insets = collectionView.adjustedContentInset
            let bottom = vertical ? collectionView.bounds.maxY - insets.bottom : collectionView.bounds.maxX - insets.right
            let length = vertical ? frame.height : frame.width
            let sectionStart = vertical ? sections[s].frame.minY : sections[s].frame.minX
            let pinned = min(vertical ? frame.minY : frame.minX, max(bottom - length, sectionStart))
            if vertical { frame.origin.y = pinned } else { frame.origin.x = pinned }
        }
        return supplementary(UICollectionView.elementKindSectionFooter, s, frame: frame)
    }
}
