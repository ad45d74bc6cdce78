import Foundation

// Overall design: a table or collection view changes its rows in batches, as UIKit's
// `performBatchUpdates(_:completion:)` does: deletions and reloads name positions before the
// batch, insertions positions after it, moves one of each. `ListUpdates` gathers one batch,
// checks it against the data source's counts before and after (UIKit's consistency rule, with
// UIKit's message), and maps each surviving row from its old position to its new one and back,
// so visible cells, selection and measured heights follow their rows. Sections first: a row goes
// with its section. Lookups cost O(changes), never O(rows).

/// One batch of changes to a list's sections and rows (items), in UIKit's terms. Main actor
/// values only in the sense that the views using it are; the value itself is plain data.
struct ListUpdates {
    /// A move of a section or a row: from its position before the batch to its position after.
    struct Move<Position: Hashable>: Hashable {
        var from: Position
        var to: Position
    }

    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [Move<Int>] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [Move<IndexPath>] = []

    /// Whether the batch changes nothing.
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }

    /// Adds `other`'s changes to this batch (nested `performBatchUpdates` calls make one batch).
    mutating func merge(_ other: ListUpdates) {
        deletedSections.formUnion(other.deletedSections)
        insertedSections.formUnion(other.insertedSections)
        reloadedSections.formUnion(other.reloadedSections)
        movedSections += other.movedSections
        deletedItems += other.deletedItems
        insertedItems += other.insertedItems
        reloadedItems += other.reloadedItems
        movedItems += other.movedItems
    }

    // MARK: Mapping positions across the batch

    /// The lookups the mappings need, built once per batch.
    struct Index {
        /// Old section → new section (nil: deleted).
        var sectionForward: [Int?] = []
        /// New section → old section (nil: inserted).
        var sectionBackward: [Int?] = []
        /// Per old section: the sorted rows that leave it (deleted or moved away).
        var leaving: [Int: [Int]] = [:]
        /// Per new section: the sorted rows that arrive in it (inserted or moved in).
        var arriving: [Int: [Int]] = [:]
        var deleted: Set<IndexPath> = []
        var inserted: Set<IndexPath> = []
        var movedForward: [IndexPath: IndexPath] = [:]
        var movedBackward: [IndexPath: IndexPath] = [:]
        /// Old sections reloaded, and the new sections they became: their rows are all new.
        var reloadedOld = IndexSet()
        var reloadedNew = IndexSet()
    }

    /// The lookups for old and new section counts.
    func index(oldSectionCount: Int, newSectionCount: Int) -> Index {
        var index = Index()
        let sectionMovesFrom = Dictionary(movedSections.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
        let takenNew = insertedSections.union(IndexSet(movedSections.map(\.to)))
        index.sectionForward = Array(repeating: nil, count: oldSectionCount)
        index.sectionBackward = Array(repeating: nil, count: newSectionCount)
        var nextNew = 0
        for old in 0..<oldSectionCount {
            if deletedSections.contains(old) { continue }
            if let to = sectionMovesFrom[old] {
                index.sectionForward[old] = to
                continue
            }
            while takenNew.contains(nextNew) { nextNew += 1 }
            index.sectionForward[old] = nextNew
            nextNew += 1
        }
        for (old, new) in index.sectionForward.enumerated() {
            if let new, new < newSectionCount { index.sectionBackward[new] = old }
        }
        index.reloadedOld = reloadedSections
        for s in reloadedSections where s < oldSectionCount {
            if let new = index.sectionForward[s] { index.reloadedNew.insert(new) }
        }
        for path in deletedItems where !deletedSections.contains(path.section) {
            index.deleted.insert(path)
            index.leaving[path.section, default: []].append(path.item)
        }
        for path in insertedItems where !insertedSections.contains(path.section) {
            index.inserted.insert(path)
            index.arriving[path.section, default: []].append(path.item)
        }
        for move in movedItems {
            index.movedForward[move.from] = move.to
            index.movedBackward[move.to] = move.from
            index.leaving[move.from.section, default: []].append(move.from.item)
            index.arriving[move.to.section, default: []].append(move.to.item)
        }
        for key in index.leaving.keys { index.leaving[key]!.sort() }
        for key in index.arriving.keys { index.arriving[key]!.sort() }
        return index
    }
}

extension ListUpdates.Index {
    /// Where the row at `old` (before the batch) is after it; nil when it was deleted or its section was.
    func newPosition(of old: IndexPath) -> IndexPath? {
        guard old.section < sectionForward.count, let section = sectionForward[old.section] else { return nil }
        if deleted.contains(old) || reloadedOld.contains(old.section) { return nil }
        if let to = movedForward[old] { return to }
        var rank = old.item
        for row in leaving[old.section] ?? [] where row < old.item { rank -= 1 }
        var item = rank
        for row in arriving[section] ?? [] where row <= item { item += 1 }
        return IndexPath(item: item, section: section)
    }

    /// Where the row at `new` (after the batch) was before it; nil when it was inserted or its section was.
    func oldPosition(of new: IndexPath) -> IndexPath? {
        guard new.section < sectionBackward.count, let section = sectionBackward[new.section] else { return nil }
        if inserted.contains(new) || reloadedNew.contains(new.section) { return nil }
        if let from = movedBackward[new] { return from }
        var rank = new.item
        for row in arriving[new.section] ?? [] where row < new.item { rank -= 1 }
        var item = rank
        for row in leaving[section] ?? [] where row <= item { item += 1 }
        return IndexPath(item: item, section: section)
    }
}

extension ListUpdates {
    /// UIKit's words for a list: "row" and "table view", or "item" and "collection view".
    struct Nouns {
        var element: String
        var container: String
        static let table = Nouns(element: "row", container: "table view")
        static let collection = Nouns(element: "item", container: "collection view")
    }

    /// A batch that names one row or section twice in ways that cannot both happen, in UIKit's
    /// words; nil when there is none.
    func conflict(nouns: Nouns) -> String? {
        let e = nouns.element
        func firstRepeat(_ paths: [IndexPath]) -> IndexPath? {
            var seen = Set<IndexPath>()
            return paths.first { !seen.insert($0).inserted }
        }
        if let twice = firstRepeat(deletedItems) { return "attempt to delete \(e) \(twice.item) from section \(twice.section) twice" }
        if let twice = firstRepeat(insertedItems) { return "attempt to insert \(e) \(twice.item) into section \(twice.section) twice" }
        if let twice = firstRepeat(movedItems.map(\.from)) { return "attempt to move \(e) \(twice.item) in section \(twice.section) twice" }
        if let twice = firstRepeat(movedItems.map(\.to)) { return "attempt to move two \(e)s to \(e) \(twice.item) in section \(twice.section)" }
        let deleted = Set(deletedItems), inserted = Set(insertedItems), reloaded = Set(reloadedItems)
        for move in movedItems {
            if deleted.contains(move.from) || reloaded.contains(move.from) {
                return "attempt to delete and move the same \(e) (\(e) \(move.from.item) in section \(move.from.section))"
            }
            if inserted.contains(move.to) { return "attempt to insert and move to the same \(e) (\(e) \(move.to.item) in section \(move.to.section))" }
            if deletedSections.contains(move.from.section) || reloadedSections.contains(move.from.section) {
                return "attempt to move \(e) \(move.from.item) out of section \(move.from.section), which is deleted or reloaded"
            }
            if insertedSections.contains(move.to.section) { return "attempt to move \(e) \(move.from.item) into section \(move.to.section), which is inserted" }
        }
        for path in deleted.intersection(reloaded) { return "attempt to delete and reload the same index path (\(e) \(path.item) in section \(path.section))" }
        for move in movedSections where deletedSections.contains(move.from) { return "attempt to delete and move the same section (\(move.from))" }
        return nil
    }

    /// Why the batch does not turn `oldCounts` (rows per section before) into `newCounts` (after,
    /// as the data source now answers), in UIKit's words; nil when it does.
    func inconsistency(oldCounts: [Int], newCounts: [Int], nouns: Nouns) -> String? {
        let e = nouns.element, c = nouns.container
        for s in deletedSections where s >= oldCounts.count {
            return "attempt to delete section \(s), but there are only \(oldCounts.count) sections before the update"
        }
        for s in insertedSections where s >= newCounts.count {
            return "attempt to insert section \(s) but there are only \(newCounts.count) sections after the update"
        }
        let expectedSections = oldCounts.count - deletedSections.count + insertedSections.count
        if expectedSections != newCounts.count {
            return
                "Invalid update: invalid number of sections. The number of sections contained in the \(c) after the update (\(newCounts.count)) must be equal to the number of sections contained in the \(c) before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
        }
        for path in deletedItems + reloadedItems where path.section < oldCounts.count && path.item >= oldCounts[path.section] {
            return "attempt to delete \(e) \(path.item) from section \(path.section) which only contains \(oldCounts[path.section]) \(e)s before the update"
        }
        for path in insertedItems where path.section < newCounts.count && path.item >= newCounts[path.section] {
            return
                "attempt to insert \(e) \(path.item) into section \(path.section), but there are only \(newCounts[path.section]) \(e)s in section \(path.section) after the update"
        }
        for path in deletedItems + reloadedItems where path.section >= oldCounts.count {
            return "attempt to delete \(e) \(path.item) from section \(path.section), but there are only \(oldCounts.count) sections before the update"
        }
        for path in insertedItems where path.section >= newCounts.count {
            return "attempt to insert \(e) \(path.item) into section \(path.section), but there are only \(newCounts.count) sections after the update"
        }
        if let problem = conflict(nouns: nouns) { return problem }
        let index = index(oldSectionCount: oldCounts.count, newSectionCount: newCounts.count)
        for (old, newSection) in index.sectionForward.enumerated() {
            // A reloaded section is deleted and inserted again: its count may change.
            guard let newSection, newSection < newCounts.count, !reloadedSections.contains(old) else { continue }
            let deleted = deletedItems.filter { $0.section == old }.count
            let inserted = insertedItems.filter { $0.section == newSection }.count
            let movedOut = movedItems.filter { $0.from.section == old && $0.to.section != newSection }.count
            let movedIn = movedItems.filter { $0.to.section == newSection && $0.from.section != old }.count
            let expected = oldCounts[old] - deleted + inserted - movedOut + movedIn
            if expected != newCounts[newSection] {
                return
                    "Invalid update: invalid number of \(e)s in section \(newSection). The number of \(e)s contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of \(e)s contained in that section before the update (\(oldCounts[old])), plus or minus the number of \(e)s inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(e)s moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
            }
        }
        return nil
    }
}

/// UIKit's message for a table batch inserting `inserted` and deleting `deleted` rows that does
/// not turn `oldCounts` into `newCounts` (nil when it does). For tests.
@_spi(Testing) public func _tableUpdateInconsistency(inserted: [IndexPath], deleted: [IndexPath], oldCounts: [Int], newCounts: [Int]) -> String? {
    var updates = ListUpdates()
    updates.insertedItems = inserted
    updates.deletedItems = deleted
    return updates.inconsistency(oldCounts: oldCounts, newCounts: newCounts, nouns: .table)
}
