import Foundation

/// A supplementary view's place in a compositional layout: a section's header or footer, a view
/// attached to an item or group, or a header or footer of the whole layout.
@_spi(Testing) public struct CompositionalSupplementaryFrame: Equatable, Sendable {
    /// The element kind.
    public var kind: String
    /// The item index it belongs to: 0 for a boundary item, the item's (or group's first item's)
    /// index for one attached to an item or group.
    public var index: Int
    /// The frame, in points: in the collection view's content, or in an orthogonal section's strip
    /// content when `isInOrthogonalContent`.
    public var frame: CGRect
    /// The stacking order.
    public var zIndex: Int
    /// Whether the collection view keeps it in view while its section is visible.
    public var pinsToVisibleBounds: Bool
    /// Whether `frame` is in the section's orthogonal strip's content coordinates.
    public var isInOrthogonalContent: Bool

    /// A supplementary view's place, from its parts.
    public init(kind: String, index: Int, frame: CGRect, zIndex: Int, pinsToVisibleBounds: Bool, isInOrthogonalContent: Bool) {
        self.kind = kind
        self.index = index
        self.frame = frame
        self.zIndex = zIndex
        self.pinsToVisibleBounds = pinsToVisibleBounds
        self.isInOrthogonalContent = isInOrthogonalContent
    }
}

/// A decoration view's place in a compositional layout, such as a section background.
@_spi(Testing) public struct CompositionalDecorationFrame: Equatable, Sendable {
    /// The element kind.
    public var kind: String
    /// The frame in the collection view's content, in points.
    public var frame: CGRect
    /// The stacking order (0 is still below the section's cells).
    public var zIndex: Int

    /// A decoration view's place, from its parts.
    public init(kind: String, frame: CGRect, zIndex: Int) {
        self.kind = kind
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// One section laid out by the compositional layout engine.
@_spi(Testing) public struct CompositionalSectionLayout: Equatable, Sendable {
    /// The section's index in the layout.
    public var sectionIndex: Int
    /// One frame per item: in the collection view's content, or in the orthogonal strip's content
    /// for an orthogonal section. Items past a custom group's frames are `.zero`.
    public var itemFrames: [CGRect]
    /// Boundary items (index 0) and views attached to items and groups.
    public var supplementaries: [CompositionalSupplementaryFrame]
    /// Backgrounds and other decorations.
    public var decorations: [CompositionalDecorationFrame]
    /// The section's whole extent in the collection view's content: insets, items and boundary items.
    public var frame: CGRect
    /// An orthogonal section's scrolling strip, in the collection view's content; nil otherwise.
    public var orthogonalFrame: CGRect?
    /// The size of an orthogonal strip's content (its groups plus the section's insets across the
    /// layout's axis); nil otherwise.
    public var orthogonalContentSize: CGSize?
}

/// A whole compositional layout: its sections, its own boundary items and its content size.
@_spi(Testing) public struct CompositionalLayoutResult: Equatable, Sendable {
    /// The sections, in order.
    public var sections: [CompositionalSectionLayout]
    /// The layout's own headers and footers (index 0).
    public var supplementaries: [CompositionalSupplementaryFrame]
    /// The extent of everything, from the content's origin, in points.
    public var contentSize: CGSize
}

/// The compositional layout's geometry: sections laid out from their descriptions, as pure values.
///
/// Main actor only (it reads the layout descriptions). No views: the collection view places its
/// cells from the frames. Work is proportional to the number of items.
///
/// Rules, in UIKit's terms, with the layout scrolling vertically (horizontally, swap the axes):
/// - A section's top-level group repeats along the scroll axis, `interGroupSpacing` apart, until
///   the section's items run out; each instance starts at the content area's leading edge.
/// - The content area is the container less the section's content insets; the top-level group's
///   fractional dimensions are fractions of it.
/// - Boundary items on the scroll axis's edges (`.top`, `.bottom` and their corners) stack before
///   and after the content, outside the section's top and bottom insets; across, they keep within
///   the leading and trailing insets while `supplementariesFollowContentInsets` is true. Items with
///   `extendsBoundary` false overlay the content instead of adding to the section. Items on the
///   other edges reserve room beside the content when they extend the boundary.
/// - A background decoration spans the section's whole frame less its own content insets.
/// - An orthogonal section lays its groups side by side across the scroll axis in one strip as
///   tall as its tallest group and as wide as the container; the strip's content starts after the
///   section's leading inset (`.groupPagingCentered`: centres the first group) and ends with its
///   trailing inset.
/// - Sections stack along the scroll axis, `interSectionSpacing` apart, after the layout's own
///   leading boundary items and before its trailing ones.
@MainActor
@_spi(Testing) public enum CompositionalLayoutEngine {
    /// Lays out one section.
    ///
    /// - Parameters:
    ///   - section: the description.
    ///   - itemCount: how many items the section has.
    ///   - sectionIndex: its index, recorded in the result.
    ///   - origin: where the section starts in the collection view's content.
    ///   - container: the size the layout fills (the collection view's size less its content insets).
    ///   - scrollDirection: the layout's scroll direction.
    ///   - estimatedSizes: measured sizes of items with estimated dimensions, by item index.
    ///   - supplementarySizes: measured sizes of boundary items with estimated dimensions, by kind.
    ///   - traitCollection: the traits handed to custom groups.
    public static func layoutSection(
        _ section: NSCollectionLayoutSection, itemCount: Int, sectionIndex: Int, origin: CGPoint, container: CGSize,
        scrollDirection: UICollectionView.ScrollDirection, estimatedSizes: [Int: CGSize] = [:], supplementarySizes: [String: CGSize] = [:],
        traitCollection: UITraitCollection = UITraitCollection()
    ) -> CompositionalSectionLayout {
        precondition(itemCount >= 0, "layoutSection: itemCount must not be negative, got \(itemCount)")
        let axes = LayoutAxes(vertical: scrollDirection == .vertical)
        let insets = section.contentInsets
        let follows = section.boundaryItemsFollowInsets
        let sectionCross = axes.cross(container), containerMain = axes.main(container)
        let crossStart = axes.cross(origin)
        var supplementaries: [CompositionalSupplementaryFrame] = []
        func record(_ item: NSCollectionLayoutBoundarySupplementaryItem, _ frame: CGRect) {
            supplementaries.append(
                CompositionalSupplementaryFrame(
                    kind: item.elementKind, index: 0, frame: frame, zIndex: item.zIndex, pinsToVisibleBounds: item.pinToVisibleBounds,
                    isInOrthogonalContent: false))
        }
        func size(of item: NSCollectionLayoutBoundarySupplementaryItem, in box: CGSize) -> CGSize {
            measuredSize(item, in: box, measured: supplementarySizes[item.elementKind])
        }

        // Boundary items beside the content reserve room across the scroll axis.
        let boundary = section.boundarySupplementaryItems.map { (item: $0, edge: axes.edge(of: $0.alignment)) }
        var reservedBefore: CGFloat = 0, reservedAfter: CGFloat = 0
        for (item, edge) in boundary where item.extendsBoundary && (edge == .crossBefore || edge == .crossAfter) {
            let length = axes.cross(size(of: item, in: container))
            if edge == .crossBefore { reservedBefore += length } else { reservedAfter += length }
        }
        let contentCrossStart = crossStart + axes.crossBefore(insets) + reservedBefore
        let contentCross = max(0, sectionCross - axes.crossBefore(insets) - axes.crossAfter(insets) - reservedBefore - reservedAfter)
        let contentSize = axes.size(main: max(0, containerMain - axes.mainBefore(insets) - axes.mainAfter(insets)), cross: contentCross)
        let edgeBox = axes.size(main: containerMain, cross: follows ? contentCross : sectionCross)
        let edgeCrossStart = follows ? contentCrossStart : crossStart

        // Leading boundary items (headers), then the leading inset.
        var cursor = axes.main(origin)
        if boundary.contains(where: { $0.edge == .mainBefore }) { cursor += section.listHeaderTopPadding }
        for (item, edge) in boundary where edge == .mainBefore {
            let itemSize = size(of: item, in: edgeBox)
            let cross = edgeCrossStart + (axes.cross(edgeBox) - axes.cross(itemSize)) * axes.alongFraction(item.alignment, mainEdge: true)
            record(item, axes.rect(main: cursor, cross: cross, size: itemSize).offsetBy(dx: item.offset.x, dy: item.offset.y))
            if item.extendsBoundary { cursor += axes.main(itemSize) }
        }
        cursor += axes.mainBefore(insets)
        let contentStart = cursor

        // The groups: along the scroll axis, or side by side in an orthogonal strip.
        var solver = CompositionalGroupSolver(itemCount: itemCount, measuredSizes: estimatedSizes, traitCollection: traitCollection)
        var orthogonalFrame: CGRect?, orthogonalContentSize: CGSize?
        if section.orthogonalScrollingBehavior == .none {
            var index = 0
            while index < itemCount {
                let extent = solver.measure(section.group, in: contentSize, first: index)
                if index > 0 { cursor += section.interGroupSpacing }
                let placed = solver.place(section.group, in: axes.rect(main: cursor, cross: contentCrossStart, size: extent.size), first: index)
                guard placed > 0 else { break }  // a custom group with no frames: the remaining items stay .zero
                index += placed
                cursor += axes.main(extent.size)
            }
        } else {
            solver.inOrthogonalContent = true
            let centred = section.orthogonalScrollingBehavior == .groupPagingCentered
            var across: CGFloat = 0, stripMain: CGFloat = 0, lastCross: CGFloat = 0, index = 0
            while index < itemCount {
                let extent = solver.measure(section.group, in: contentSize, first: index)
                if index == 0 {
                    across = centred ? (sectionCross - axes.cross(extent.size)) / 2 : axes.crossBefore(insets)
                } else {
                    across += section.interGroupSpacing
                }
                let placed = solver.place(section.group, in: axes.rect(main: 0, cross: across, size: extent.size), first: index)
                guard placed > 0 else { break }
                index += placed
                across += axes.cross(extent.size)
                lastCross = axes.cross(extent.size)
                stripMain = max(stripMain, axes.main(extent.size))
            }
            let trailing = centred ? (sectionCross - lastCross) / 2 : axes.crossAfter(insets)
            orthogonalContentSize = axes.size(main: stripMain, cross: max(sectionCross, across + trailing))
            orthogonalFrame = axes.rect(main: cursor, cross: crossStart, size: axes.size(main: stripMain, cross: sectionCross))
            cursor += stripMain
        }
        let contentEnd = cursor

        // The trailing inset, then trailing boundary items (footers).
        cursor += axes.mainAfter(insets)
        for (item, edge) in boundary where edge == .mainAfter {
            let itemSize = size(of: item, in: edgeBox)
            let cross = edgeCrossStart + (axes.cross(edgeBox) - axes.cross(itemSize)) * axes.alongFraction(item.alignment, mainEdge: true)
            let main = item.extendsBoundary ? cursor : cursor - axes.main(itemSize)
            record(item, axes.rect(main: main, cross: cross, size: itemSize).offsetBy(dx: item.offset.x, dy: item.offset.y))
            if item.extendsBoundary { cursor += axes.main(itemSize) }
        }

        // Boundary items beside the content, along its length.
        let sideBox = axes.size(main: contentEnd - contentStart, cross: sectionCross)
        for (item, edge) in boundary where edge == .crossBefore || edge == .crossAfter {
            let itemSize = size(of: item, in: sideBox)
            let main = contentStart + (axes.main(sideBox) - axes.main(itemSize)) * axes.alongFraction(item.alignment, mainEdge: false)
            let cross =
                edge == .crossBefore
                ? crossStart + (follows ? axes.crossBefore(insets) : 0)
                : crossStart + sectionCross - (follows ? axes.crossAfter(insets) : 0) - axes.cross(itemSize)
            record(item, axes.rect(main: main, cross: cross, size: itemSize).offsetBy(dx: item.offset.x, dy: item.offset.y))
        }

        let frame = axes.rect(main: axes.main(origin), cross: crossStart, size: axes.size(main: cursor - axes.main(origin), cross: sectionCross))
        let decorations = section.decorationItems.map { item in
            CompositionalDecorationFrame(
                kind: item.elementKind, frame: CompositionalGroupSolver.inset(frame, by: item.contentInsets, size: item.layoutSize), zIndex: item.zIndex)
        }
        return CompositionalSectionLayout(
            sectionIndex: sectionIndex, itemFrames: solver.itemFrames, supplementaries: supplementaries + solver.supplementaries, decorations: decorations,
            frame: frame, orthogonalFrame: orthogonalFrame, orthogonalContentSize: orthogonalContentSize)
    }

    /// Lays out a whole layout: the configuration's leading boundary items, the sections
    /// `interSectionSpacing` apart along the scroll axis, then its trailing boundary items.
    ///
    /// - Precondition: `itemCounts` has one count per section; this traps otherwise.
    /// - Parameters:
    ///   - estimatedSizes: measured item sizes, by section then item index.
    ///   - supplementarySizes: measured boundary item sizes, by section then kind.
    ///   - layoutSupplementarySizes: measured sizes of the layout's own boundary items, by kind.
    public static func layout(
        sections: [NSCollectionLayoutSection], itemCounts: [Int], configuration: UICollectionViewCompositionalLayoutConfiguration, container: CGSize,
        estimatedSizes: [Int: [Int: CGSize]] = [:], supplementarySizes: [Int: [String: CGSize]] = [:], layoutSupplementarySizes: [String: CGSize] = [:],
        traitCollection: UITraitCollection = UITraitCollection()
    ) -> CompositionalLayoutResult {
        precondition(sections.count == itemCounts.count, "layout(sections:itemCounts:…): \(sections.count) sections but \(itemCounts.count) item counts")
        let axes = LayoutAxes(vertical: configuration.scrollDirection == .vertical)
        var supplementaries: [CompositionalSupplementaryFrame] = []
        var cursor: CGFloat = 0
        func place(_ edge: LayoutAxes.Edge) {
            for item in configuration.boundarySupplementaryItems where axes.edge(of: item.alignment) == edge {
                let size = measuredSize(item, in: container, measured: layoutSupplementarySizes[item.elementKind])
                let cross = (axes.cross(container) - axes.cross(size)) * axes.alongFraction(item.alignment, mainEdge: true)
                let main = edge == .mainAfter && !item.extendsBoundary ? cursor - axes.main(size) : cursor
                let frame = axes.rect(main: main, cross: cross, size: size).offsetBy(dx: item.offset.x, dy: item.offset.y)
                supplementaries.append(
                    CompositionalSupplementaryFrame(
                        kind: item.elementKind, index: 0, frame: frame, zIndex: item.zIndex, pinsToVisibleBounds: item.pinToVisibleBounds,
                        isInOrthogonalContent: false))
                if item.extendsBoundary { cursor += axes.main(size) }
            }
        }
        place(.mainBefore)
        var laidOut: [CompositionalSectionLayout] = []
        laidOut.reserveCapacity(sections.count)
        for (index, section) in sections.enumerated() {
            if index > 0 { cursor += configuration.interSectionSpacing }
            let result = layoutSection(
                section, itemCount: itemCounts[index], sectionIndex: index, origin: axes.point(main: cursor, cross: 0), container: container,
                scrollDirection: configuration.scrollDirection, estimatedSizes: estimatedSizes[index] ?? [:], supplementarySizes: supplementarySizes[index] ?? [:],
                traitCollection: traitCollection)
            cursor = axes.vertical ? result.frame.maxY : result.frame.maxX
            laidOut.append(result)
        }
        place(.mainAfter)
        return CompositionalLayoutResult(sections: laidOut, supplementaries: supplementaries, contentSize: axes.size(main: cursor, cross: axes.cross(container)))
    }

    /// A boundary item's size in `box`, with a measured length for an estimated dimension.
    static func measuredSize(_ item: NSCollectionLayoutItem, in box: CGSize, measured: CGSize?) -> CGSize {
        var size = item.layoutSize.resolved(in: box)
        if let measured {
            if item.layoutSize.widthDimension.isEstimated { size.width = measured.width }
            if item.layoutSize.heightDimension.isEstimated { size.height = measured.height }
        }
        return size
    }
}
