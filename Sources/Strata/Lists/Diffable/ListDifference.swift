import Foundation

// Overall design: the difference between two snapshots, in the terms of UIKit's
// `performBatchUpdates(_:completion:)`, so that the batch turns the old data into the new.
// Deletions and reloads name positions in the old snapshot, insertions and reconfigurations
// positions in the new one, moves one of each.
//
// Sections first. A section in both snapshots survives; the survivors that keep their relative
// order are the longest increasing subsequence of their old positions taken in new order, and
// the others move. A reloaded section that also moves, or whose items change, becomes a delete
// and an insert, so that its items go with it.
//
// Items then. An item of a deleted, inserted or replaced section goes with its section and is not
// named. An item in both snapshots whose old and new sections both survive moves when it changes
// section; within one surviving section, again, the longest increasing subsequence stays and the
// rest move. A reloaded item that moves becomes a delete and an insert (a batch cannot reload what
// it moves). O(n log n) in the number of items, with a few hash lookups per item.

/// The changes that turn one snapshot into another, as one batch of a table or collection view's
/// `performBatchUpdates(_:completion:)`.
///
/// Not tied to the main actor: a value type.
@_spi(Testing) public struct ListDifference: Equatable, Sendable {
    /// A section or item that moves: from its position in the old snapshot to its position in the new one.
    @_spi(Testing) public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
        @_spi(Testing) public var from: Position
        @_spi(Testing) public var to: Position

        /// A move from `from` (old position) to `to` (new position).
        @_spi(Testing) public init(from: Position, to: Position) {
            self.from = from
            self.to = to
        }
    }

    /// Sections deleted, by their positions in the old snapshot; their items go with them.
    @_spi(Testing) public var deletedSections = IndexSet()
    /// Sections inserted, by their positions in the new snapshot; their items come with them.
    @_spi(Testing) public var insertedSections = IndexSet()
    /// Sections that move, with their items: old position to new position.
    @_spi(Testing) public var movedSections: [Move<Int>] = []
    /// Sections reloaded, by their positions in the old snapshot.
    @_spi(Testing) public var reloadedSections = IndexSet()
    /// Items deleted, by their index paths (section, item) in the old snapshot, in ascending order.
    @_spi(Testing) public var deletedItems: [IndexPath] = []
    /// Items inserted, by their index paths in the new snapshot, in ascending order.
    @_spi(Testing) public var insertedItems: [IndexPath] = []
    /// Items that move: old index path to new index path, in ascending order of the new one.
    @_spi(Testing) public var movedItems: [Move<IndexPath>] = []
    /// Items reloaded, by their index paths in the old snapshot, in ascending order.
    @_spi(Testing) public var reloadedItems: [IndexPath] = []
    /// Items reconfigured, by their index paths in the new snapshot, in ascending order.
    @_spi(Testing) public var reconfiguredItems: [IndexPath] = []

    /// An empty difference: nothing changes.
    @_spi(Testing) public init() {}

    /// Whether the batch changes nothing.
    @_spi(Testing) public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && reloadedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The batch of changes that turns `old` into this snapshot. This snapshot's reload and
    /// reconfigure marks become reloads and reconfigurations of the items and sections that are in
    /// both snapshots; marks of anything else are ignored.
    @_spi(Testing) public func difference(from old: Self) -> ListDifference {
        var result = ListDifference()

        // Sections. "Carried" sections take their items with them (deleted, inserted, or replaced
        // by a reload); items are diffed only between surviving sections.
        var oldCarried = [Bool](repeating: false, count: old.sectionList.count)
        var newCarried = [Bool](repeating: false, count: sectionList.count)
        var oldPositionOfNew = [Int](repeating: -1, count: sectionList.count)
        var survivors: [(old: Int, new: Int)] = []
        for (newPosition, section) in sectionList.enumerated() {
            if let oldPosition = old.sectionPositions[section] {
                survivors.append((oldPosition, newPosition))
            } else {
                result.insertedSections.insert(newPosition)
                newCarried[newPosition] = true
            }
        }
        for (oldPosition, section) in old.sectionList.enumerated() where sectionPositions[section] == nil {
            result.deletedSections.insert(oldPosition)
            oldCarried[oldPosition] = true
        }
        let sectionStays = longestIncreasingRun(survivors.map(\.old))
        for (rank, survivor) in survivors.enumerated() {
            if reloadedSectionMarks.contains(sectionList[survivor.new]) {
                if sectionStays[rank] && old.sectionItems[survivor.old] == sectionItems[survivor.new] {
                    result.reloadedSections.insert(survivor.old)
                } else {
                    result.deletedSections.insert(survivor.old)
                    result.insertedSections.insert(survivor.new)
                }
                oldCarried[survivor.old] = true
                newCarried[survivor.new] = true
                continue
            }
            oldPositionOfNew[survivor.new] = survivor.old
            if !sectionStays[rank] { result.movedSections.append(.init(from: survivor.old, to: survivor.new)) }
        }

        // Items, section by surviving section of the new snapshot. `matched` marks (by old global
        // index) the old items that have a place there, so that the others are the deletions.
        var matched = [Bool](repeating: false, count: old.numberOfItems)
        // Consecutive items mostly come from one old section: remember its position rather than hash it again.
        var lastSection: (identifier: SectionIdentifierType, position: Int)?
        let anyMarks = !reloadedItemMarks.values.isEmpty || !reconfiguredItemMarks.values.isEmpty
        for newSection in sectionList.indices where !newCarried[newSection] {
            let oldSection = oldPositionOfNew[newSection]
            var stayCandidates: [(old: Int, new: Int)] = []
            for (newIndex, item) in sectionItems[newSection].enumerated() {
                guard let location = old.itemLocations[item] else {
                    result.insertedItems.append(IndexPath(indexes: [newSection, newIndex]))
                    continue
                }
                let from: Int
                if let lastSection, lastSection.identifier == location.section {
                    from = lastSection.position
                } else {
                    from = old.sectionPositions[location.section]!
                    lastSection = (location.section, from)
                }
                guard !oldCarried[from] else {
                    result.insertedItems.append(IndexPath(indexes: [newSection, newIndex]))
                    continue
                }
                let oldIndex = location.key - old.sectionOrigins[from]
                matched[old.sectionStarts[from] + oldIndex] = true
                if from == oldSection {
                    stayCandidates.append((oldIndex, newIndex))
                } else {
                    addMove(of: item, from: IndexPath(indexes: [from, oldIndex]), to: IndexPath(indexes: [newSection, newIndex]), into: &result)
                }
            }
            let itemStays = longestIncreasingRun(stayCandidates.map(\.old))
            for (rank, candidate) in stayCandidates.enumerated() where !itemStays[rank] || anyMarks {
                let from = IndexPath(indexes: [oldSection, candidate.old]), to = IndexPath(indexes: [newSection, candidate.new])
                let item = sectionItems[newSection][candidate.new]
                if !itemStays[rank] {
                    addMove(of: item, from: from, to: to, into: &result)
                } else if reloadedItemMarks.contains(item) {
                    result.reloadedItems.append(from)
                } else if reconfiguredItemMarks.contains(item) {
                    result.reconfiguredItems.append(to)
                }
            }
        }
        // Items of surviving old sections that have no surviving place in the new snapshot.
        for oldSection in old.sectionList.indices where !oldCarried[oldSection] {
            let start = old.sectionStarts[oldSection]
            for oldIndex in old.sectionItems[oldSection].indices where !matched[start + oldIndex] {
                result.deletedItems.append(IndexPath(indexes: [oldSection, oldIndex]))
            }
        }

        result.deletedItems.sort()
        result.insertedItems.sort()
        result.reloadedItems.sort()
        result.reconfiguredItems.sort()
        result.movedItems.sort { $0.to < $1.to }
        return result
    }

    /// Records that `item` moves; a reloaded item is deleted and inserted instead.
    private func addMove(of item: ItemIdentifierType, from: IndexPath, to: IndexPath, into result: inout ListDifference) {
        if reloadedItemMarks.contains(item) {
            result.deletedItems.append(from)
            result.insertedItems.append(to)
            return
        }
        result.movedItems.append(.init(from: from, to: to))
        if reconfiguredItemMarks.contains(item) { result.reconfiguredItems.append(to) }
    }
}

/// Which elements of `values` (distinct integers) form a longest strictly increasing subsequence:
/// those that keep their relative order and need not move. Patience sorting, O(n log n).
private func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var stays = [Bool](repeating: false, count: values.count)
    guard !values.isEmpty else { return stays }
    // tails[k]: the position in `values` of the smallest last element of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var position = tails[tails.count - 1]
    while position >= 0 {
        stays[position] = true
        position = previous[position]
    }
    return stays
}
