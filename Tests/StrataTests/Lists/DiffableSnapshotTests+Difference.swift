import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

private typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>
private typealias Move = ListDifference.Move

private func snapshot(_ sections: [(String, [String])]) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

private func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

/// Sections and their items, in order: what a list shows.
struct DiffableListShape<Section: Hashable & Sendable, Item: Hashable & Sendable>: Equatable {
    var sections: [Section] = []
    var items: [[Item]] = []

    init(_ snapshot: NSDiffableDataSourceSnapshot<Section, Item>) {
        sections = snapshot.sectionIdentifiers
        items = sections.map { snapshot.itemIdentifiers(inSection: $0) }
    }

    init() {}
}

/// Applies `difference` to `old` as UIKit's `performBatchUpdates` does: deletions and reloads at old
/// positions, insertions at new ones, moves from one to the other, everything else keeping its
/// relative order and filling the free places. What is inserted or reloaded is read from `new`, as a
/// data source answers. Nil when UIKit would refuse the batch (a position out of range, named twice,
/// or counts that do not add up).
func applyDiffableBatch<S, I>(_ difference: ListDifference, from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) -> DiffableListShape<S, I>? {
    let before = DiffableListShape(old), after = DiffableListShape(new)
    let d = difference
    let movedFrom = Dictionary(d.movedSections.map { ($0.from, $0.to) }, uniquingKeysWith: { _, _ in -1 })
    let movedTo = Dictionary(d.movedSections.map { ($0.to, $0.from) }, uniquingKeysWith: { _, _ in -1 })
    guard movedFrom.count == d.movedSections.count, movedTo.count == d.movedSections.count else { return nil }
    let oldCount = before.sections.count, newCount = after.sections.count
    guard (d.deletedSections.union(d.reloadedSections)).allSatisfy({ $0 < oldCount }), d.insertedSections.allSatisfy({ $0 < newCount }),
        d.deletedSections.isDisjoint(with: d.reloadedSections), movedFrom.keys.allSatisfy({ $0 < oldCount && !d.deletedSections.contains($0) && !d.reloadedSections.contains($0) }),
        movedTo.keys.allSatisfy({ $0 < newCount && !d.insertedSections.contains($0) })
    else { return nil }
    let stationary = (0..<oldCount).filter { !d.deletedSections.contains($0) && movedFrom[$0] == nil }
    guard stationary.count + d.insertedSections.count + movedTo.count == newCount else { return nil }
    var source = [Int?](repeating: nil, count: newCount)  // old section of each new one; nil: inserted
    var next = stationary.makeIterator()
    for n in 0..<newCount where !d.insertedSections.contains(n) { source[n] = movedTo[n] ?? next.next()! }
    var newOfOld = [Int?](repeating: nil, count: oldCount)
    for (n, o) in source.enumerated() { if let o { newOfOld[o] = n } }
    func survivesOld(_ o: Int) -> Bool { newOfOld[o] != nil && !d.reloadedSections.contains(o) }
    func survivesNew(_ n: Int) -> Bool { source[n].map { !d.reloadedSections.contains($0) } ?? false }

    // Items leaving each old section and arriving in each new one.
    var leaving = [Set<Int>](repeating: [], count: oldCount)
    var arriving = [[Int: I]](repeating: [:], count: newCount)
    for p in d.deletedItems + d.movedItems.map(\.from) {
        guard p[0] < oldCount, survivesOld(p[0]), p[1] < before.items[p[0]].count, leaving[p[0]].insert(p[1]).inserted else { return nil }
    }
    for p in d.insertedItems {
        guard p[0] < newCount, survivesNew(p[0]), p[1] < after.items[p[0]].count, arriving[p[0]].updateValue(after.items[p[0]][p[1]], forKey: p[1]) == nil else { return nil }
    }
    for m in d.movedItems {
        let p = m.to
        guard p[0] < newCount, survivesNew(p[0]), p[1] < after.items[p[0]].count,
            arriving[p[0]].updateValue(before.items[m.from[0]][m.from[1]], forKey: p[1]) == nil
        else { return nil }
    }
    for p in d.reloadedItems {
        guard p[0] < oldCount, survivesOld(p[0]), p[1] < before.items[p[0]].count, !leaving[p[0]].contains(p[1]) else { return nil }
    }
    for p in d.reconfiguredItems {
        guard p[0] < newCount, survivesNew(p[0]), p[1] < after.items[p[0]].count, !d.insertedItems.contains(p) else { return nil }
    }

    var result = DiffableListShape<S, I>()
    for n in 0..<newCount {
        guard let o = source[n] else {
            result.sections.append(after.sections[n])
            result.items.append(after.items[n])
            continue
        }
        result.sections.append(before.sections[o])
        if d.reloadedSections.contains(o) {
            result.items.append(after.items[n])
            continue
        }
        let staying = before.items[o].enumerated().filter { !leaving[o].contains($0.offset) }.map(\.element)
        let count = after.items[n].count
        guard staying.count + arriving[n].count == count else { return nil }
        var rest = staying.makeIterator()
        result.items.append((0..<count).map { arriving[n][$0] ?? rest.next()! })
    }
    return result
}

/// A random number generator with a seed, so that a failure can be replayed (SplitMix64).
struct DiffableRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `NSDiffableDataSourceSnapshot.difference(from:)`: the batch that turns one snapshot into another.
@Suite struct DiffableSnapshotDifferenceTests {
    @Test func equalSnapshotsDifferByNothing() {
        let s = snapshot([("A", ["a", "b"]), ("B", ["c"])])
        #expect(s.difference(from: s).isEmpty)
        #expect(Snapshot().difference(from: Snapshot()).isEmpty)
    }

    /// [A, B, C, D] → [B, A, C, E, D]: one item moves (three keep their order) and E is inserted at 3.
    @Test func aSwapIsOneMoveAndANewItemOneInsert() {
        let old = snapshot([("S", ["A", "B", "C", "D"])]), new = snapshot([("S", ["B", "A", "C", "E", "D"])])
        let d = new.difference(from: old)
        #expect(d.movedItems.count == 1 && d.insertedItems == [path(0, 3)])
        #expect(d.deletedItems.isEmpty && d.deletedSections.isEmpty && d.insertedSections.isEmpty && d.movedSections.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    @Test func aRemovedItemIsDeletedAtItsOldIndexPath() {
        let old = snapshot([("A", ["a"]), ("B", ["b", "c", "d"])]), new = snapshot([("A", ["a"]), ("B", ["b", "d"])])
        let d = new.difference(from: old)
        #expect(d.deletedItems == [path(1, 1)] && d.insertedItems.isEmpty && d.movedItems.isEmpty)
    }

    /// The section's items are deleted with it, not one by one.
    @Test func aDeletedSectionCarriesItsItems() {
        let old = snapshot([("A", ["a", "b"]), ("B", ["c"])]), new = snapshot([("B", ["c"])])
        let d = new.difference(from: old)
        #expect(d.deletedSections == IndexSet([0]) && d.deletedItems.isEmpty && d.movedItems.isEmpty && d.movedSections.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    /// An item that goes into an inserted section comes with it: deleted from its old section, not moved.
    @Test func anItemMovingIntoAnInsertedSectionIsDeletedNotMoved() {
        let old = snapshot([("A", ["a", "b"])]), new = snapshot([("A", ["a"]), ("N", ["b"])])
        let d = new.difference(from: old)
        #expect(d.insertedSections == IndexSet([1]) && d.deletedItems == [path(0, 1)] && d.insertedItems.isEmpty && d.movedItems.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    /// b keeps its place in the whole list but changes section, so it must move.
    @Test func anItemChangingSectionMovesEvenInTheSameOverallOrder() {
        let old = snapshot([("A", ["a", "b"]), ("B", ["c"])]), new = snapshot([("A", ["a"]), ("B", ["b", "c"])])
        let d = new.difference(from: old)
        #expect(d.movedItems == [Move(from: path(0, 1), to: path(1, 0))] && d.insertedItems.isEmpty && d.deletedItems.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    /// Two sections swap: one section move, and their items need none.
    @Test func aMovedSectionCarriesItsItems() {
        let old = snapshot([("A", ["a", "b"]), ("B", ["c", "d"])]), new = snapshot([("B", ["c", "d"]), ("A", ["a", "b"])])
        let d = new.difference(from: old)
        #expect(d.movedSections.count == 1 && d.movedItems.isEmpty && d.insertedItems.isEmpty && d.deletedItems.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    /// 1,000 items reversed: only one keeps its place relative to the others.
    @Test func aReversalOfAThousandItemsIs999Moves() {
        let items = (0..<1000).map { "i\($0)" }
        let old = snapshot([("S", items)]), new = snapshot([("S", items.reversed())])
        let d = new.difference(from: old)
        #expect(d.movedItems.count == 999 && d.insertedItems.isEmpty && d.deletedItems.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    /// Reloads name old index paths, reconfigurations new ones; a reloaded item that moves is deleted and inserted.
    @Test func reloadsUseOldPathsReconfiguresNewPathsAndAMovedReloadIsReplaced() {
        let old = snapshot([("S", ["x", "a", "b", "c"])])
        var new = snapshot([("S", ["a", "b", "c"]), ("T", ["x"])])
        new.reloadItems(["b"])
        new.reconfigureItems(["c"])
        var d = new.difference(from: old)
        #expect(d.deletedItems == [path(0, 0)] && d.reloadedItems == [path(0, 2)] && d.reconfiguredItems == [path(0, 2)])
        #expect(d.insertedSections == IndexSet([1]))
        let moved = snapshot([("S", ["b", "x", "a", "c"])])
        var marked = moved
        marked.reloadItems(["b"])
        d = marked.difference(from: old)
        #expect(d.deletedItems == [path(0, 2)] && d.insertedItems == [path(0, 0)] && d.movedItems.isEmpty && d.reloadedItems.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: moved) == DiffableListShape(moved))
    }

    /// A reloaded section keeping its place and items is a reload (old index); one whose items change is replaced.
    @Test func aReloadedSectionIsReloadedOrReplaced() {
        let old = snapshot([("A", ["a"]), ("B", ["b"])])
        var same = old
        same.reloadSections(["B"])
        #expect(same.difference(from: old).reloadedSections == IndexSet([1]))
        var changed = snapshot([("A", ["a"]), ("B", ["b", "c"])])
        changed.reloadSections(["B"])
        let d = changed.difference(from: old)
        #expect(d.reloadedSections.isEmpty && d.deletedSections == IndexSet([1]) && d.insertedSections == IndexSet([1]) && d.insertedItems.isEmpty)
        #expect(applyDiffableBatch(d, from: old, to: changed) == DiffableListShape(changed))
    }

    /// 10,000 items in 10 sections; 100 changes: 40 deletions, 40 insertions, 20 moves five sections away.
    @Test func tenThousandItemsWithAHundredChanges() {
        var old = NSDiffableDataSourceSnapshot<Int, Int>()
        old.appendSections(Array(0..<10))
        for section in 0..<10 { old.appendItems(Array(section * 1000..<section * 1000 + 1000), toSection: section) }
        var new = old
        new.deleteItems((0..<40).map { $0 * 250 + 3 })
        for k in 0..<40 { new.insertItems([20_000 + k], afterItem: k * 250 + 100) }
        for k in 0..<20 { new.moveItem(k * 500 + 7, afterItem: (k + 10) % 20 * 500 + 57) }
        let d = new.difference(from: old)
        #expect(d.deletedItems.count == 40 && d.insertedItems.count == 40 && d.movedItems.count == 20)
        #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new))
    }

    /// Random edits of random snapshots; each difference, applied as UIKit applies a batch, gives the new snapshot.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomEditsApplyToTheNewSnapshot(seed: UInt64) {
        var random = DiffableRandom(state: seed)
        for _ in 0..<100 {
            var old = NSDiffableDataSourceSnapshot<Int, Int>()
            var nextItem = 0
            for section in 0..<Int.random(in: 0...5, using: &random) {
                old.appendSections([section])
                let count = Int.random(in: 0...8, using: &random)
                old.appendItems(Array(nextItem..<nextItem + count))
                nextItem += count
            }
            var new = old
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let items = new.itemIdentifiers, sections = new.sectionIdentifiers
                switch Int.random(in: 0...7, using: &random) {
                case 0 where !items.isEmpty: new.deleteItems([items.randomElement(using: &random)!])
                case 1 where !sections.isEmpty:
                    new.appendItems([nextItem], toSection: sections.randomElement(using: &random)!)
                    nextItem += 1
                case 2 where items.count > 1:
                    let a = items.randomElement(using: &random)!, b = items.randomElement(using: &random)!
                    if a != b { new.moveItem(a, beforeItem: b) }
                case 3 where sections.count > 1:
                    let a = sections.randomElement(using: &random)!, b = sections.randomElement(using: &random)!
                    if a != b { new.moveSection(a, afterSection: b) }
                case 4 where !sections.isEmpty: new.deleteSections([sections.randomElement(using: &random)!])
                case 5:
                    new.appendSections([100 + nextItem])
                    new.appendItems([nextItem, nextItem + 1])
                    nextItem += 2
                case 6 where !items.isEmpty: new.reloadItems([items.randomElement(using: &random)!])
                case 7 where !sections.isEmpty: new.reloadSections([sections.randomElement(using: &random)!])
                default: break
                }
            }
            let d = new.difference(from: old)
            #expect(applyDiffableBatch(d, from: old, to: new) == DiffableListShape(new), "\(DiffableListShape(old).items) → \(DiffableListShape(new).items): \(d)")
        }
    }
}
