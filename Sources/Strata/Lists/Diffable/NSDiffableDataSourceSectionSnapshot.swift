import Foundation

// Overall design: the tree is kept twice. Each item's node records its parent, its children in
// order and its level; beside it, `flat` lists every item depth first (a parent, then its
// subtree, then its next sibling), with each item's position in it. A subtree is therefore one
// run of `flat`: from the item to the first later item whose level is not deeper. Appending at
// the end costs O(items added); inserting elsewhere or deleting re-indexes `flat` from the first
// position that changed. Expansion is a set of items.

/// The items of one section as a tree (an outline): root items, each with child items, which may
/// have children of their own, and the items that are expanded to show their children.
///
/// Not tied to the main actor: a value type. Items are collapsed until `expand(_:)` names them, as
/// in UIKit; an item is visible when every item above it is expanded.
///
/// - Precondition: Misuse traps, with UIKit's words: an item appended or inserted that is already in
///   the section snapshot or repeated in the call, a parent or destination that is not in it, deleting
///   an item that is not in it, and asking `isExpanded(_:)`, `isVisible(_:)`, `level(of:)` or
///   `parent(of:)` about an item that is not in it.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// One item's place in the tree.
    struct Node: Sendable {
        var parent: ItemIdentifierType?
        var children: [ItemIdentifierType] = []
        /// 0 for a root item, one more for each parent above.
        var level: Int
    }

    var roots: [ItemIdentifierType] = []
    var nodes: [ItemIdentifierType: Node] = [:]
    /// Every item, depth first.
    var flat: [ItemIdentifierType] = []
    /// Each item's position in `flat`.
    var flatPositions: [ItemIdentifierType: Int] = [:]
    var expandedSet: Set<ItemIdentifierType> = []

    /// Creates an empty section snapshot.
    public init() {}

    // MARK: Reading

    /// Every item, depth first: each root item, then its children (and theirs) before the next root item.
    public var items: [ItemIdentifierType] { flat }

    /// The items at the top level (level 0), in order.
    public var rootItems: [ItemIdentifierType] { roots }

    /// The items whose ancestors are all expanded, depth first: what a list shows.
    public var visibleItems: [ItemIdentifierType] {
        var visible: [ItemIdentifierType] = []
        var position = 0
        while position < flat.count {
            let item = flat[position]
            visible.append(item)
            position = expandedSet.contains(item) ? position + 1 : subtreeEnd(ofItemAt: position)
        }
        return visible
    }

    /// Whether `item` is in the section snapshot.
    public func contains(_ item: ItemIdentifierType) -> Bool { nodes[item] != nil }

    /// The position of `item` in `items` (depth first), or nil when it is not in the section snapshot.
    public func index(of item: ItemIdentifierType) -> Int? { flatPositions[item] }

    /// Whether `item` is expanded (shows its children when it is visible itself).
    /// - Precondition: `item` is in the section snapshot; otherwise this traps.
    public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        requireNode(item)
        return expandedSet.contains(item)
    }

    /// Whether every item above `item` is expanded, so that a list shows it. A root item is always visible.
    /// - Precondition: `item` is in the section snapshot; otherwise this traps.
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        var parent = requireNode(item).parent
        while let above = parent {
            guard expandedSet.contains(above) else { return false }
            parent = nodes[above]!.parent
        }
        return true
    }

    /// The depth of `item`: 0 for a root item, 1 for its children, and so on.
    /// - Precondition: `item` is in the section snapshot; otherwise this traps.
    public func level(of item: ItemIdentifierType) -> Int { requireNode(item).level }

    /// The parent of `child`, or nil for a root item.
    /// - Precondition: `child` is in the section snapshot; otherwise this traps.
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
        guard let node = nodes[child] else {
            preconditionFailure("Child item identifier does not exist in section snapshot: \(child)")
        }
        return node.parent
    }

    /// A section snapshot of the items below `parent` (and `parent` itself, at the top, when
    /// `includingParent` is true), with their expanded state; the children of `parent` become root items.
    /// - Precondition: `parent` is in the section snapshot; otherwise this traps.
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        guard let node = nodes[parent], let start = flatPositions[parent] else {
            preconditionFailure("Parent item identifier does not exist in section snapshot: \(parent)")
        }
        let end = subtreeEnd(ofItemAt: start)
        var copy = NSDiffableDataSourceSectionSnapshot()
        let first = includingParent ? start : start + 1
        let topLevel = includingParent ? node.level : node.level + 1
        copy.flat = Array(flat[first..<end])
        copy.roots = includingParent ? [parent] : node.children
        for (offset, item) in copy.flat.enumerated() {
            var itemNode = nodes[item]!
            itemNode.level -= topLevel
            if itemNode.level == 0 { itemNode.parent = nil }
            copy.nodes[item] = itemNode
            copy.flatPositions[item] = offset
            if expandedSet.contains(item) { copy.expandedSet.insert(item) }
        }
        return copy
    }

    /// The tree as text, one item a line, indented two spaces a level: `+` for an expanded item and
    /// `-` for a collapsed one, then `*` for a visible one and a space for a hidden one, then the
    /// item. UIKit's layout, without the object address.
    public func visualDescription() -> String {
        var text = "<NSDiffableDataSourceSectionSnapshot:\n"
        var hiddenBelowLevel = Int.max  // items deeper than this are hidden
        for item in flat {
            let level = nodes[item]!.level
            if level <= hiddenBelowLevel { hiddenBelowLevel = Int.max }
            let visible = level <= hiddenBelowLevel
            let expanded = expandedSet.contains(item)
            text += String(repeating: " ", count: level * 2) + (expanded ? "+" : "-") + (visible ? "*" : " ") + "\(item)\n"
            if visible && !expanded { hiddenBelowLevel = level }
        }
        return text + ">"
    }

    // MARK: Changing

    /// Adds `items` after the last child of `parent` (after the last root item when nil), collapsed.
    /// - Precondition: `parent` is in the section snapshot, and the items are distinct and not in it
    ///   yet; otherwise this traps.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        append(NSDiffableDataSourceSectionSnapshot(rootItems: items), to: parent)
    }

    /// Inserts `items` just before `item`, as its siblings.
    /// - Precondition: `item` is in the section snapshot, and the items are distinct and not in it
    ///   yet; otherwise this traps.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insert(NSDiffableDataSourceSectionSnapshot(rootItems: items), before: item)
    }

    /// Inserts `items` just after `item` and its children, as its siblings.
    /// - Precondition: `item` is in the section snapshot, and the items are distinct and not in it
    ///   yet; otherwise this traps.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insert(NSDiffableDataSourceSectionSnapshot(rootItems: items), after: item)
    }

    /// Deletes `items` and all their children.
    /// - Precondition: every item is in the section snapshot (naming one twice is allowed);
    ///   otherwise this traps before deleting anything.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where nodes[item] == nil {
            preconditionFailure("Failed to find index of item \(item)")
        }
        removeSubtrees(of: items)
    }

    /// Deletes every item.
    public mutating func deleteAll() {
        self = NSDiffableDataSourceSectionSnapshot()
    }

    /// Expands `items`, so that their children show when they do. Items not in the section
    /// snapshot are ignored; an item needs no children to be expanded.
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items where nodes[item] != nil { expandedSet.insert(item) }
    }

    /// Collapses `items`, hiding their children. Items not in the section snapshot are ignored.
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items { expandedSet.remove(item) }
    }

    /// Replaces the children of `parent` (and theirs) with the items of `snapshot`: its root items
    /// become the children of `parent`, with their children and expanded state.
    /// - Precondition: `parent` is in the section snapshot, and none of `snapshot`'s items is in it
    ///   once the old children are gone; otherwise this traps.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        guard let node = nodes[parent] else {
            preconditionFailure("Parent item identifier does not exist in section snapshot: \(parent)")
        }
        removeSubtrees(of: node.children)
        guard !snapshot.flat.isEmpty else { return }
        requireAbsent(snapshot.flat)
        graft(snapshot, parent: parent, childIndex: 0, flatIndex: flatPositions[parent]! + 1)
    }

    /// Inserts the items of `snapshot` just before `item`: its root items become siblings of `item`,
    /// with their children and expanded state.
    /// - Precondition: `item` is in the section snapshot, and none of `snapshot`'s items is; otherwise this traps.
    public mutating func insert(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType) {
        guard !snapshot.flat.isEmpty else { return }
        guard let node = nodes[item] else {
            preconditionFailure("Item identifier to insert before does not exist in section snapshot: \(item)")
        }
        requireAbsent(snapshot.flat)
        graft(snapshot, parent: node.parent, childIndex: siblingIndex(of: item, parent: node.parent), flatIndex: flatPositions[item]!)
    }

    /// Inserts the items of `snapshot` just after `item` and its children: its root items become
    /// siblings of `item`, with their children and expanded state.
    /// - Precondition: `item` is in the section snapshot, and none of `snapshot`'s items is; otherwise this traps.
    public mutating func insert(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType) {
        guard !snapshot.flat.isEmpty else { return }
        guard let node = nodes[item] else {
            preconditionFailure("Item identifier to insert after does not exist in section snapshot: \(item)")
        }
        requireAbsent(snapshot.flat)
        let end = subtreeEnd(ofItemAt: flatPositions[item]!)
        graft(snapshot, parent: node.parent, childIndex: siblingIndex(of: item, parent: node.parent) + 1, flatIndex: end)
    }

    /// Adds the items of `snapshot` after the last child of `parent` (after the last root item when
    /// nil): its root items become children of `parent`, with their children and expanded state.
    /// - Precondition: `parent` is in the section snapshot, and none of `snapshot`'s items is; otherwise this traps.
    public mutating func append(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to parent: ItemIdentifierType? = nil) {
        guard !snapshot.flat.isEmpty else { return }
        guard let parent else {
            requireAbsent(snapshot.flat)
            graft(snapshot, parent: nil, childIndex: roots.count, flatIndex: flat.count)
            return
        }
        guard let node = nodes[parent] else {
            preconditionFailure("Parent item identifier does not exist in section snapshot: \(parent)")
        }
        requireAbsent(snapshot.flat)
        graft(snapshot, parent: parent, childIndex: node.children.count, flatIndex: subtreeEnd(ofItemAt: flatPositions[parent]!))
    }

    /// Traps when `flat`, the positions, levels or parents disagree with the tree. A test hook; O(n).
    @_spi(Testing) public func _checkInvariants() {
        var walk: [ItemIdentifierType] = []
        func visit(_ items: [ItemIdentifierType], parent: ItemIdentifierType?, level: Int) {
            for item in items {
                let node = nodes[item]!
                precondition(node.parent == parent && node.level == level, "item \(item) has the wrong parent or level")
                walk.append(item)
                visit(node.children, parent: item, level: level + 1)
            }
        }
        visit(roots, parent: nil, level: 0)
        precondition(walk == flat && nodes.count == flat.count && flatPositions.count == flat.count, "flat is not the tree, depth first")
        for (position, item) in flat.enumerated() { precondition(flatPositions[item] == position, "item \(item) is indexed wrongly") }
        precondition(expandedSet.allSatisfy { nodes[$0] != nil }, "an expanded item is not in the tree")
    }

    // MARK: Bookkeeping

    /// A section snapshot of `rootItems` alone, none with children. The items may repeat: `requireAbsent` says so later.
    private init(rootItems: [ItemIdentifierType]) {
        roots = rootItems
        flat = rootItems
        for item in rootItems { nodes[item] = Node(parent: nil, level: 0) }
    }

    @discardableResult
    private func requireNode(_ item: ItemIdentifierType) -> Node {
        guard let node = nodes[item] else {
            preconditionFailure("Item identifier does not exist in section snapshot: \(item)")
        }
        return node
    }

    /// Traps when `items` repeats an item or names one already here, with UIKit's message.
    private func requireAbsent(_ items: [ItemIdentifierType]) {
        var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
        var repeated: [ItemIdentifierType] = []
        var reported = Set<ItemIdentifierType>()
        for item in items where (!seen.insert(item).inserted || nodes[item] != nil) && reported.insert(item).inserted {
            repeated.append(item)
        }
        guard !repeated.isEmpty else { return }
        preconditionFailure("Identifiers in a section snapshot must be unique. Duplicate item identifiers: {\(DiffableChecks.list(repeated))}")
    }

    /// The position in `flat` just past the subtree of the item at `position`.
    private func subtreeEnd(ofItemAt position: Int) -> Int {
        let level = nodes[flat[position]]!.level
        var end = position + 1
        while end < flat.count && nodes[flat[end]]!.level > level { end += 1 }
        return end
    }

    private func siblingIndex(of item: ItemIdentifierType, parent: ItemIdentifierType?) -> Int {
        let siblings = parent.map { nodes[$0]!.children } ?? roots
        return siblings.firstIndex(of: item)!
    }

    /// Puts the tree of `snapshot` (whose items are not here) under `parent` (nil: the top), its root
    /// items at `childIndex` among the children and its depth-first run at `flatIndex` in `flat`.
    private mutating func graft(_ snapshot: NSDiffableDataSourceSectionSnapshot, parent: ItemIdentifierType?, childIndex: Int, flatIndex: Int) {
        let levelOffset = parent.map { nodes[$0]!.level + 1 } ?? 0
        if let parent {
            nodes[parent]!.children.insert(contentsOf: snapshot.roots, at: childIndex)
        } else {
            roots.insert(contentsOf: snapshot.roots, at: childIndex)
        }
        for item in snapshot.flat {
            var node = snapshot.nodes[item]!
            if node.level == 0 { node.parent = parent }
            node.level += levelOffset
            nodes[item] = node
        }
        expandedSet.formUnion(snapshot.expandedSet)
        flat.insert(contentsOf: snapshot.flat, at: flatIndex)
        for position in flatIndex..<flat.count { flatPositions[flat[position]] = position }
    }

    /// Removes `items` (all here) with their subtrees; naming an item twice, or one inside another's subtree, is fine.
    private mutating func removeSubtrees(of items: [ItemIdentifierType]) {
        guard !items.isEmpty else { return }
        var doomed = Set<ItemIdentifierType>()
        var first = flat.count
        for item in items where !doomed.contains(item) {
            guard let start = flatPositions[item] else { continue }
            first = min(first, start)
            for position in start..<subtreeEnd(ofItemAt: start) { doomed.insert(flat[position]) }
        }
        // The top items of the removed subtrees leave their parents' lists, one pass per list.
        var leavingRoots = Set<ItemIdentifierType>()
        var leavingParents: [ItemIdentifierType: Set<ItemIdentifierType>] = [:]
        for item in doomed {
            if let parent = nodes[item]!.parent {
                if !doomed.contains(parent) { leavingParents[parent, default: []].insert(item) }
            } else {
                leavingRoots.insert(item)
            }
        }
        if !leavingRoots.isEmpty { roots.removeAll { leavingRoots.contains($0) } }
        for (parent, leaving) in leavingParents { nodes[parent]!.children.removeAll { leaving.contains($0) } }
        for item in doomed {
            nodes[item] = nil
            flatPositions[item] = nil
            expandedSet.remove(item)
        }
        flat.removeAll { doomed.contains($0) }
        for position in first..<flat.count { flatPositions[flat[position]] = position }
    }
}
