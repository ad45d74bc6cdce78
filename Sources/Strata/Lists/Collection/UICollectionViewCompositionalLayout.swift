import Foundation

// Overall design: the compositional layout is the collection view's face of the compositional
// layout engine (Lists/Compositional). `prepare()` asks the section provider for each section's
// description (or repeats the one section), lays every section out with the engine for the
// collection view's size less its adjusted content insets, and keeps the frames; queries turn the
// frames meeting a rectangle into attributes. Items with estimated sizes are measured from their
// cells when they first show, and the engine runs again with the measured sizes.
//
// An orthogonal section's strip scrolls by itself: the collection view gives it a scroll view
// at the strip's frame, tells the layout its offset, and the layout reports the strip's items
// moved by that offset and only where they show through the strip. `.paging` pages by the
// strip's width; the group behaviours come to rest on a group (item frames stand in for groups).

/// A closure that describes section `index` for `environment` (UIKit's
/// `UICollectionViewCompositionalLayoutSectionProvider`). Main actor.
public typealias UICollectionViewCompositionalLayoutSectionProvider = @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout built from sections of groups of items (UIKit's `UICollectionViewCompositionalLayout`).
/// Main actor.
///
/// Give it one section description for every section, or a provider asked per section at each
/// prepare. `list(using:)` makes a table-like list.
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The layout's scroll direction, spacing between sections and own boundary items; setting it
    /// invalidates the layout.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider

    /// The engine's last result and the measured sizes of estimated items and supplementaries.
    private var result = CompositionalLayoutResult(sections: [], supplementaries: [], contentSize: .zero)
    private var measuredItems: [Int: [Int: CGSize]] = [:]
    /// Measured sizes of boundary supplementary items with an estimated dimension, by section and kind.
    private var measuredSupplementaries: [Int: [String: CGSize]] = [:]
    /// Per section: the kinds of its boundary items with an estimated dimension.
    private var estimatedKinds: [Set<String>] = []
    /// Per section: whether its items have an estimated dimension.
    private var estimatedSections: [Bool] = []
    /// Per section: how it scrolls across the layout's axis.
    private var behaviors: [UICollectionLayoutSectionOrthogonalScrollingBehavior] = []
    /// Per section: its visible items invalidation handler; and the environment last laid out for.
    private var handlers: [NSCollectionLayoutSectionVisibleItemsInvalidationHandler?] = []
    private var environment: (any NSCollectionLayoutEnvironment)?
    /// Orthogonal strips' scroll offsets, by section.
    private var orthogonalOffsets: [Int: CGPoint] = [:]
    /// Per section: its list configuration (list sections only) and its rows' corner radius.
    private var lists: [UICollectionLayoutListConfiguration?] = []
    private var listCornerRadii: [CGFloat] = []
    /// The kind of the rounded backdrop behind an inset-grouped list section's rows.
    static let listBackdropKind = "StrataListSectionBackdrop"

    /// A layout repeating `section`'s description for every section.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout repeating `section`'s description for every section, configured by `configuration`.
    public convenience init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// A layout whose sections `sectionProvider` describes, asked at each prepare.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout whose sections `sectionProvider` describes, configured by `configuration`.
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// Strata reads no archives: returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A list layout: every section a list section for `configuration` (UIKit's
    /// `UICollectionViewCompositionalLayout.list(using:)`).
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in .list(using: configuration, layoutEnvironment: environment) }
    }

    /// The extent of every section, in points.
    open override var collectionViewContentSize: CGSize { result.contentSize }

    /// Asks for each section's description and lays the sections out with the engine.
    /// - Precondition: the section provider gives a section for every index; this traps naming it.
    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            result = CompositionalLayoutResult(sections: [], supplementaries: [], contentSize: .zero)
            return
        }
        let insets = collectionView.adjustedContentInset
        let container = CGSize(
            width: max(0, collectionView.bounds.width - insets.left - insets.right), height: max(0, collectionView.bounds.height - insets.top - insets.bottom))
        let environment = CompositionalLayoutEnvironment(
            container: CompositionalLayoutContainer(contentSize: container), traitCollection: collectionView.traitCollection)
        let count = collectionView.numberOfSections
        var sections: [NSCollectionLayoutSection] = []
        var counts: [Int] = []
        for s in 0..<count {
            guard let section = sectionProvider(s, environment) else {
                preconditionFailure("UICollectionViewCompositionalLayout: the section provider returned nil for section \(s)")
            }
            sections.append(section)
            counts.append(collectionView.numberOfItems(inSection: s))
        }
        estimatedSections = sections.map { Self.hasEstimatedItems($0.group) }
        estimatedKinds = sections.map { section in
            Set(
                section.boundarySupplementaryItems.filter { $0.layoutSize.widthDimension.isEstimated || $0.layoutSize.heightDimension.isEstimated }.map(
                    \.elementKind))
        }
        behaviors = sections.map(\.orthogonalScrollingBehavior)
        handlers = sections.map(\.visibleItemsInvalidationHandler)
        self.environment = environment
        lists = sections.map { $0._listConfiguration }
        listCornerRadii = sections.map(\._listGroupCornerRadius)
        if listCornerRadii.contains(where: { $0 > 0 }), decorationMakers[Self.listBackdropKind] == nil {
            decorationMakers[Self.listBackdropKind] = { frame in ListSectionBackdropView(frame: frame) }
        }
        if measuredItems.keys.contains(where: { $0 >= count }) { measuredItems = measuredItems.filter { $0.key < count } }
        result = CompositionalLayoutEngine.layout(
            sections: sections, itemCounts: counts, configuration: configuration, container: container, estimatedSizes: measuredItems,
            supplementarySizes: measuredSupplementaries, traitCollection: collectionView.traitCollection)
    }

    /// Whether `item` or any of its subitems has an estimated dimension.
    private static func hasEstimatedItems(_ item: NSCollectionLayoutItem) -> Bool {
        if let group = item as? NSCollectionLayoutGroup { return group.subitems.contains { hasEstimatedItems($0) } }
        return item.layoutSize.widthDimension.isEstimated || item.layoutSize.heightDimension.isEstimated
    }

    /// The attributes of the items, supplementary and decoration views meeting `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var found: [UICollectionViewLayoutAttributes] = []
        for supplementary in result.supplementaries {
            let attributes = supplementaryAttributes(supplementary, section: 0, in: nil)
            if attributes.frame.sharesArea(with: rect) { found.append(attributes) }
        }
        for section in result.sections where section.frame.intersects(rect) || section.orthogonalFrame?.intersects(rect) == true {
            let s = section.sectionIndex
            let start = found.count
            defer { callVisibleItemsHandler(section, Array(found[start...]), rect: rect) }
            if let backdrop = listBackdrop(s), backdrop.frame.sharesArea(with: rect) { found.append(backdrop) }
            for (i, decoration) in section.decorations.enumerated() where decoration.frame.sharesArea(with: rect) {
                let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: decoration.kind, with: IndexPath(item: i, section: s))
                attributes.frame = decoration.frame
                attributes.zIndex = decoration.zIndex
                found.append(attributes)
            }
            let shift = stripShift(section)
            let visible = section.orthogonalFrame.map { $0.intersection(rect) } ?? rect
            for (i, frame) in section.itemFrames.enumerated() {
                let placed = frame.offsetBy(dx: shift.x, dy: shift.y)
                guard placed.sharesArea(with: visible) else { continue }
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: s))
                attributes.frame = placed
                if section.orthogonalFrame != nil { attributes.orthogonalSection = s }
                attributes.listPlacement = listPlacement(IndexPath(item: i, section: s), count: section.itemFrames.count)
                found.append(attributes)
            }
            for supplementary in section.supplementaries {
                let attributes = supplementaryAttributes(supplementary, section: s, in: section)
                if attributes.frame.sharesArea(with: rect) { found.append(attributes) }
            }
        }
        return found
    }

    /// The attributes of the item at `indexPath`, or nil when there is no such item.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < result.sections.count else { return nil }
        let section = result.sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemFrames.count else { return nil }
        let shift = stripShift(section)
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = section.itemFrames[indexPath.item].offsetBy(dx: shift.x, dy: shift.y)
        if section.orthogonalFrame != nil { attributes.orthogonalSection = indexPath.section }
        attributes.listPlacement = listPlacement(indexPath, count: section.itemFrames.count)
        return attributes
    }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`: a boundary item
    /// at item 0, or one attached to the item (or group starting) at `indexPath.item`.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        if indexPath.section >= 0, indexPath.section < result.sections.count {
            let section = result.sections[indexPath.section]
            if let match = section.supplementaries.first(where: { $0.kind == elementKind && $0.index == indexPath.item }) {
                return supplementaryAttributes(match, section: indexPath.section, in: section)
            }
        }
        guard let global = result.supplementaries.first(where: { $0.kind == elementKind }) else { return nil }
        return supplementaryAttributes(global, section: 0, in: nil)
    }

    /// The attributes of the decoration view of `elementKind` at `indexPath` (item: its order in the section).
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < result.sections.count else { return nil }
        if elementKind == Self.listBackdropKind { return listBackdrop(indexPath.section) }
        let decorations = result.sections[indexPath.section].decorations
        guard indexPath.item >= 0, indexPath.item < decorations.count, decorations[indexPath.item].kind == elementKind else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        attributes.frame = decorations[indexPath.item].frame
        attributes.zIndex = decorations[indexPath.item].zIndex
        return attributes
    }

    /// A new size needs a new layout; scrolling does not.
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

    override func sizesItemFromCell(at indexPath: IndexPath) -> Bool {
        indexPath.section < estimatedSections.count && estimatedSections[indexPath.section] && measuredItems[indexPath.section]?[indexPath.item] == nil
    }

    override func cellDidMeasure(_ size: CGSize, at indexPath: IndexPath) -> Bool {
        guard indexPath.section < estimatedSections.count, estimatedSections[indexPath.section] else { return false }
        guard measuredItems[indexPath.section]?[indexPath.item] != size else { return false }
        measuredItems[indexPath.section, default: [:]][indexPath.item] = size
        let shown = layoutAttributesForItem(at: indexPath)?.size
        return shown != size
    }

    override func collectionViewDidReloadData() {
        measuredItems = [:]
        measuredSupplementaries = [:]
    }

    override func sizesSupplementaryFromView(ofKind kind: String, at indexPath: IndexPath) -> Bool {
        indexPath.item == 0 && indexPath.section < estimatedKinds.count && estimatedKinds[indexPath.section].contains(kind)
            && measuredSupplementaries[indexPath.section]?[kind] == nil
    }

    override func supplementaryDidMeasure(_ size: CGSize, ofKind kind: String, at indexPath: IndexPath) -> Bool {
        guard indexPath.section < estimatedKinds.count, estimatedKinds[indexPath.section].contains(kind) else { return false }
        guard measuredSupplementaries[indexPath.section]?[kind] != size else { return false }
        measuredSupplementaries[indexPath.section, default: [:]][kind] = size
        return layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)?.size != size
    }

    override func collectionViewDidUpdate(_ mapping: ListUpdates.Index) {
        var moved: [Int: [Int: CGSize]] = [:]
        for (section, sizes) in measuredItems {
            for (item, size) in sizes {
                if let new = mapping.newPosition(of: IndexPath(item: item, section: section)) { moved[new.section, default: [:]][new.item] = size }
            }
        }
        measuredItems = moved
    }

    /// Attributes for a supplementary frame: moved into the content for an orthogonal strip,
    /// pinned to the visible edge while its section shows when it pins.
    private func supplementaryAttributes(_ s: CompositionalSupplementaryFrame, section index: Int, in section: CompositionalSectionLayout?) -> UICollectionViewLayoutAttributes {
        var frame = s.frame
        var strip: Int?
        if s.isInOrthogonalContent, let section {
            let shift = stripShift(section)
            frame = frame.offsetBy(dx: shift.x, dy: shift.y)
            strip = index
        }
        if s.pinsToVisibleBounds, let section, let collectionView {
            let vertical = configuration.scrollDirection == .vertical
            let insets = collectionView.adjustedContentInset
            let top = vertical ? collectionView.bounds.minY + insets.top : collectionView.bounds.minX + insets.left
            let isHeader = vertical ? frame.minY <= section.frame.midY : frame.minX <= section.frame.midX
            if isHeader {
                let limit = (vertical ? section.frame.maxY - frame.height : section.frame.maxX - frame.width)
                let pinned = max(vertical ? frame.minY : frame.minX, min(top, limit))
                if vertical { frame.origin.y = pinned } else { frame.origin.x = pinned }
            }
        }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: s.kind, with: IndexPath(item: s.index, section: index))
        attributes.frame = frame
        attributes.zIndex = s.zIndex
        attributes.orthogonalSection = strip
        return attributes
    }

    /// Hands the section's visible items (for the collection view's visible rectangle only) to its
    /// invalidation handler, with the section's scroll offset (its strip's, or the collection
    /// view's); what the handler changes (alpha, transform, centre…) is what shows.
    private func callVisibleItemsHandler(_ section: CompositionalSectionLayout, _ attributes: [UICollectionViewLayoutAttributes], rect: CGRect) {
        let s = section.sectionIndex
        guard s < handlers.count, let handler = handlers[s], let environment, let collectionView, rect == collectionView.bounds else { return }
        let items = attributes.filter { $0.representedElementCategory != .decorationView }.map(CompositionalVisibleItem.init)
        let offset = section.orthogonalFrame != nil ? orthogonalOffsets[s] ?? .zero : collectionView.contentOffset
        handler(items, offset, environment)
    }

    /// A list cell's placement: the list's appearance, and a separator below every row of a plain
    /// list and every row but the last of a grouped one (none when the list hides separators).
    private func listPlacement(_ path: IndexPath, count: Int) -> ListCellPlacement? {
        guard path.section < lists.count, let list = lists[path.section] else { return nil }
        let isLast = path.item == count - 1
        let plain = list.appearance == .plain || list.appearance == .sidebarPlain
        return ListCellPlacement(appearance: list.appearance, showsSeparator: list.showsSeparators && (plain || !isLast))
    }

    /// The rounded backdrop behind an inset-grouped list section's rows (item -1), or nil.
    private func listBackdrop(_ s: Int) -> UICollectionViewLayoutAttributes? {
        guard s < listCornerRadii.count, listCornerRadii[s] > 0, let first = result.sections[s].itemFrames.first else { return nil }
        let rows = result.sections[s].itemFrames.reduce(first) { $0.union($1) }
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: Self.listBackdropKind, with: IndexPath(item: -1, section: s))
        attributes.frame = rows
        attributes.zIndex = -1
        return attributes
    }

    /// How far a section's strip content is moved in the collection view's content: the strip's
    /// origin less its scroll offset (zero for a section that is not orthogonal).
    private func stripShift(_ section: CompositionalSectionLayout) -> CGPoint {
        guard let origin = section.orthogonalFrame?.origin else { return .zero }
        let offset = orthogonalOffsets[section.sectionIndex] ?? .zero
        return CGPoint(x: origin.x - offset.x, y: origin.y - offset.y)
    }

    override func orthogonalStrips() -> [OrthogonalStrip] {
        result.sections.compactMap { section in
            guard let frame = section.orthogonalFrame, let size = section.orthogonalContentSize else { return nil }
            let s = section.sectionIndex
            let behavior = s < behaviors.count ? behaviors[s] : .continuous
            return OrthogonalStrip(
                section: s, frame: frame, contentSize: size, horizontal: configuration.scrollDirection == .vertical, behavior: behavior,
                groupFrames: section.itemFrames)
        }
    }

    override func setOrthogonalOffset(_ offset: CGPoint, section: Int) {
        orthogonalOffsets[section] = offset
    }
}
