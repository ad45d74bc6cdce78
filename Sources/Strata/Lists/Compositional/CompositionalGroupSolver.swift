import Foundation

/// Lays out instances of a compositional group and its nested groups, collecting the frames of a
/// section's items and of the supplementary views attached to them.
///
/// Main actor only: it reads the layout descriptions and calls custom groups' item providers. A
/// value made per section layout. Work is proportional to the items laid out: each group instance
/// measures its subitems and places them (nested groups measure their own subitems again, once
/// per level).
///
/// Rules, in UIKit's terms:
/// - A subitem's fractional dimensions are fractions of its group's size less the group's content
///   insets; a group lays out its subitems in order, repeating them while the next one fits on
///   its axis (a count-based group lays its one subitem `count` times).
/// - An estimated dimension is its estimate unless `measuredSizes` has the item's measured size;
///   a group with an estimated dimension takes that length from its subitems (their total along
///   the group's axis, the largest across it).
/// - `edgeSpacing` adds room outside a subitem's box; flexible spacings (edge and inter-item) grow
///   evenly to share the room left on the group's axis, and flexible cross-axis edges centre it.
/// - `contentInsets` shrink an item's cell (or a group's subitem area) inside its box, except on
///   an axis whose dimension is estimated.
@MainActor
struct CompositionalGroupSolver {
    /// A measured size: points, and how many items it holds.
    struct Extent {
        var size: CGSize
        var items: Int
    }

    /// Measured sizes of the section's items, by item index, replacing estimates.
    let measuredSizes: [Int: CGSize]
    /// The traits handed to custom groups' item providers.
    let traitCollection: UITraitCollection
    /// The number of items in the section: slots past it are left empty.
    let itemLimit: Int
    /// Whether frames are in an orthogonal strip's content coordinates (recorded on supplementaries).
    var inOrthogonalContent = false
    /// One frame per item, in the coordinates the groups are placed in.
    var itemFrames: [CGRect]
    /// Supplementary views attached to items and groups, in the same coordinates.
    var supplementaries: [CompositionalSupplementaryFrame] = []

    init(itemCount: Int, measuredSizes: [Int: CGSize], traitCollection: UITraitCollection) {
        self.measuredSizes = measuredSizes
        self.traitCollection = traitCollection
        itemLimit = itemCount
        itemFrames = Array(repeating: .zero, count: itemCount)
    }

    // MARK: Measuring

    /// The size of `item` in a container of `container`, its first item being `first`, and the
    /// number of items it holds (up to the section's last item).
    func measure(_ item: NSCollectionLayoutItem, in container: CGSize, first: Int) -> Extent {
        guard let group = item as? NSCollectionLayoutGroup else {
            return Extent(size: itemSize(item, in: container, index: first), items: 1)
        }
        var size = group.layoutSize.resolved(in: container)
        let estimatedWidth = group.layoutSize.widthDimension.isEstimated, estimatedHeight = group.layoutSize.heightDimension.isEstimated
        if case .custom(let provider) = group.arrangement {
            let frames = provider(environment(size))
            if estimatedWidth || estimatedHeight {
                let union = frames.reduce(CGRect.null) { $0.union($1.frame) }
                if estimatedWidth { size.width = union.isNull ? 0 : union.maxX }
                if estimatedHeight { size.height = union.isNull ? 0 : union.maxY }
            }
            return Extent(size: size, items: min(frames.count, itemLimit - first))
        }
        let inner = innerRect(group, CGRect(origin: .zero, size: size)).size
        let content = contentExtent(group, inner: inner, first: first)
        if estimatedWidth { size.width = content.size.width }
        if estimatedHeight { size.height = content.size.height }
        return Extent(size: size, items: content.items)
    }

    /// The size of a leaf item: its layout size in `container`, with measured lengths for estimates.
    func itemSize(_ item: NSCollectionLayoutItem, in container: CGSize, index: Int) -> CGSize {
        var size = item.layoutSize.resolved(in: container)
        if let measured = measuredSizes[index] {
            if item.layoutSize.widthDimension.isEstimated { size.width = measured.width }
            if item.layoutSize.heightDimension.isEstimated { size.height = measured.height }
        }
        return size
    }

    /// The extent of a linear group's subitems laid out in `inner`: their total along the group's
    /// axis (with spacing at its minimum) and the largest across it.
    func contentExtent(_ group: NSCollectionLayoutGroup, inner: CGSize, first: Int) -> Extent {
        let horizontal = group.isHorizontal
        var along: CGFloat = 0, across: CGFloat = 0, items = 0
        let children = arrangement(group, inner: inner, first: first)
        for (child, extent) in children {
            let (lead, trail) = Self.edges(child.edgeSpacing, along: horizontal)
            let (crossLead, crossTrail) = Self.edges(child.edgeSpacing, along: !horizontal)
            along += (horizontal ? extent.size.width : extent.size.height) + (lead?.spacing ?? 0) + (trail?.spacing ?? 0)
            across = max(across, (horizontal ? extent.size.height : extent.size.width) + (crossLead?.spacing ?? 0) + (crossTrail?.spacing ?? 0))
            items += extent.items
        }
        along += CGFloat(max(0, children.count - 1)) * (group.interItemSpacing?.spacing ?? 0)
        return Extent(size: horizontal ? CGSize(width: along, height: across) : CGSize(width: across, height: along), items: items)
    }

    /// The subitems one instance of a row or column group lays out, with their extents. A
    /// count-based group lays its subitem `count` times. A group of `subitems` lays them out in
    /// order and, when its length on its axis is known (not estimated), goes on repeating them
    /// while the next one still fits, as UIKit fills a row of fractional-width items (a group of
    /// one item a fifth of its width holds five). At least one subitem is laid out.
    func arrangement(_ group: NSCollectionLayoutGroup, inner: CGSize, first: Int) -> [(NSCollectionLayoutItem, Extent)] {
        var result: [(NSCollectionLayoutItem, Extent)] = []
        var index = first
        let horizontal = group.isHorizontal
        let axisEstimated = horizontal ? group.layoutSize.widthDimension.isEstimated : group.layoutSize.heightDimension.isEstimated
        guard group.repeatCount == nil, !axisEstimated, !group.subitems.isEmpty else {
            for k in 0..<group.arrangedCount where index < itemLimit {
                let child = group.arrangedSubitem(k)
                let extent = childExtent(group, child, inner: inner, first: index)
                result.append((child, extent))
                index += extent.items
            }
            return result
        }
        let limit = horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        var used: CGFloat = 0
        var k = 0
        while index < itemLimit {
            let child = group.subitems[k % group.subitems.count]
            let extent = childExtent(group, child, inner: inner, first: index)
            let (lead, trail) = Self.edges(child.edgeSpacing, along: horizontal)
            let length = (horizontal ? extent.size.width : extent.size.height) + (lead?.spacing ?? 0) + (trail?.spacing ?? 0)
            let next = used + (result.isEmpty ? 0 : spacing) + length
            // Past the first cycle, stop where the next subitem would not fit (or adds nothing).
            if k >= group.subitems.count, next > limit + 0.01 || length <= 0 { break }
            result.append((child, extent))
            used = next
            index += extent.items
            k += 1
        }
        return result
    }

    /// A subitem's extent in its group: a repeated subitem of a filling count-based group is
    /// stretched to share the group's axis equally.
    func childExtent(_ group: NSCollectionLayoutGroup, _ child: NSCollectionLayoutItem, inner: CGSize, first: Int) -> Extent {
        var extent = measure(child, in: inner, first: first)
        if group.fillsWithRepeatedSubitem, let count = group.repeatCount {
            let gaps = CGFloat(count - 1) * (group.interItemSpacing?.spacing ?? 0)
            let length = max(0, ((group.isHorizontal ? inner.width : inner.height) - gaps) / CGFloat(count))
            if group.isHorizontal { extent.size.width = length } else { extent.size.height = length }
        }
        return extent
    }

    // MARK: Placing

    /// Lays out one instance of `group` in `frame` (its final frame), its first item being `first`.
    /// Returns the number of items placed.
    mutating func place(_ group: NSCollectionLayoutGroup, in frame: CGRect, first: Int) -> Int {
        let inner = innerRect(group, frame)
        let placed: Int
        if case .custom(let provider) = group.arrangement {
            let custom = provider(environment(inner.size))
            placed = max(0, min(custom.count, itemLimit - first))
            for k in 0..<placed {
                itemFrames[first + k] = custom[k].frame.offsetBy(dx: inner.minX, dy: inner.minY)
            }
        } else {
            placed = placeLinear(group, in: inner, first: first)
        }
        attach(group.attachedSupplementaryItems, to: frame, index: first)
        return placed
    }

    /// Lays out a row or column group's subitems in `inner`.
    private mutating func placeLinear(_ group: NSCollectionLayoutGroup, in inner: CGRect, first: Int) -> Int {
        let horizontal = group.isHorizontal
        let children = arrangement(group, inner: inner.size, first: first)
        let extents = children.map(\.1)
        var index = first
        // Room left on the group's axis goes evenly to the flexible spacings.
        let spacing = group.interItemSpacing
        let gaps = max(0, extents.count - 1)
        var used = CGFloat(gaps) * (spacing?.spacing ?? 0)
        var flexibleSlots = spacing?.isFlexible == true ? gaps : 0
        for k in extents.indices {
            let (lead, trail) = Self.edges(children[k].0.edgeSpacing, along: horizontal)
            used += (horizontal ? extents[k].size.width : extents[k].size.height) + (lead?.spacing ?? 0) + (trail?.spacing ?? 0)
            flexibleSlots += (lead?.isFlexible == true ? 1 : 0) + (trail?.isFlexible == true ? 1 : 0)
        }
        let room = (horizontal ? inner.width : inner.height) - used
        let extra = flexibleSlots > 0 && room > 0 ? room / CGFloat(flexibleSlots) : 0

        var cursor = horizontal ? inner.minX : inner.minY
        index = first
        for k in extents.indices {
            let child = children[k].0
            let size = extents[k].size
            let (lead, trail) = Self.edges(child.edgeSpacing, along: horizontal)
            cursor += Self.length(lead, extra: extra)
            let crossOffset = Self.crossOffset(child.edgeSpacing, horizontal: horizontal, room: horizontal ? inner.height - size.height : inner.width - size.width)
            let box =
                horizontal
                ? CGRect(x: cursor, y: inner.minY + crossOffset, width: size.width, height: size.height)
                : CGRect(x: inner.minX + crossOffset, y: cursor, width: size.width, height: size.height)
            if let sub = child as? NSCollectionLayoutGroup {
                _ = place(sub, in: box, first: index)
            } else {
                placeItem(child, in: box, index: index)
            }
            index += extents[k].items
            cursor += (horizontal ? size.width : size.height) + Self.length(trail, extra: extra)
            if k < extents.count - 1 { cursor += Self.length(spacing, extra: extra) }
        }
        return index - first
    }

    /// Places a leaf item's cell: its box less its content insets on non-estimated axes.
    private mutating func placeItem(_ item: NSCollectionLayoutItem, in box: CGRect, index: Int) {
        let frame = Self.inset(box, by: item.contentInsets, size: item.layoutSize)
        itemFrames[index] = frame
        if !item.attachedSupplementaryItems.isEmpty { attach(item.attachedSupplementaryItems, to: frame, index: index) }
    }

    /// Records supplementary views anchored to `frame`, under the item index `index`.
    private mutating func attach(_ items: [NSCollectionLayoutSupplementaryItem], to frame: CGRect, index: Int) {
        for item in items {
            supplementaries.append(
                CompositionalSupplementaryFrame(
                    kind: item.elementKind, index: index, frame: item.frame(attachedTo: frame), zIndex: item.zIndex, pinsToVisibleBounds: false,
                    isInOrthogonalContent: inOrthogonalContent))
        }
    }

    // MARK: Helpers

    /// The area a group lays its subitems out in: its frame less its content insets on
    /// non-estimated axes.
    func innerRect(_ group: NSCollectionLayoutGroup, _ frame: CGRect) -> CGRect {
        Self.inset(frame, by: group.contentInsets, size: group.layoutSize)
    }

    /// `rect` less `insets` (leading on the left), except on the axes `size` estimates.
    static func inset(_ rect: CGRect, by insets: NSDirectionalEdgeInsets, size: NSCollectionLayoutSize) -> CGRect {
        var rect = rect
        if !size.widthDimension.isEstimated {
            rect.origin.x += insets.leading
            rect.size.width = max(0, rect.size.width - insets.leading - insets.trailing)
        }
        if !size.heightDimension.isEstimated {
            rect.origin.y += insets.top
            rect.size.height = max(0, rect.size.height - insets.top - insets.bottom)
        }
        return rect
    }

    /// The edge spacings before and after an item along an axis (horizontal: leading, trailing).
    static func edges(_ spacing: NSCollectionLayoutEdgeSpacing?, along horizontal: Bool) -> (NSCollectionLayoutSpacing?, NSCollectionLayoutSpacing?) {
        guard let spacing else { return (nil, nil) }
        return horizontal ? (spacing.leading, spacing.trailing) : (spacing.top, spacing.bottom)
    }

    /// A spacing's length: its value, plus `extra` when flexible.
    static func length(_ spacing: NSCollectionLayoutSpacing?, extra: CGFloat) -> CGFloat {
        guard let spacing else { return 0 }
        return spacing.spacing + (spacing.isFlexible ? extra : 0)
    }

    /// An item's offset across its group's axis: its leading cross edge spacing, with flexible
    /// cross edges sharing the `room` the item leaves.
    static func crossOffset(_ spacing: NSCollectionLayoutEdgeSpacing?, horizontal: Bool, room: CGFloat) -> CGFloat {
        let (lead, trail) = edges(spacing, along: !horizontal)
        let fixed = (lead?.spacing ?? 0) + (trail?.spacing ?? 0)
        let flexible = (lead?.isFlexible == true ? 1 : 0) + (trail?.isFlexible == true ? 1 : 0)
        let extra = flexible > 0 && room - fixed > 0 ? (room - fixed) / CGFloat(flexible) : 0
        return length(lead, extra: extra)
    }

    /// The environment a custom group's provider gets: the group's size as the container.
    func environment(_ size: CGSize) -> CompositionalLayoutEnvironment {
        CompositionalLayoutEnvironment(container: CompositionalLayoutContainer(contentSize: size), traitCollection: traitCollection)
    }
}
