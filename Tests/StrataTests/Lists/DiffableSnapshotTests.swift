import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

private typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>

/// A snapshot with `sections`, each given with its items.
private func snapshot(_ sections: [(String, [String])]) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// What a trapped child process wrote to standard error.
func diffableTrapMessage(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// NSDiffableDataSourceSnapshot: sections and items, lookups, reload marks, and UIKit's traps.
@Suite struct DiffableSnapshotTests {
    @Test func anEmptySnapshotHasNoSectionsAndNoItems() {
        let s = Snapshot()
        #expect(s.numberOfSections == 0 && s.numberOfItems == 0)
        #expect(s.sectionIdentifiers.isEmpty && s.itemIdentifiers.isEmpty)
        #expect(s.indexOfItem("a") == nil && s.indexOfSection("S") == nil && s.sectionIdentifier(containingItem: "a") == nil)
    }

    /// Items go to the last section unless a section is named; indexes count across sections.
    @Test func appendItemsGoesToTheLastSectionUnlessOneIsNamed() {
        var s = Snapshot()
        s.appendSections(["A", "B"])
        s.appendItems(["1", "2", "3"])
        s.appendItems(["4"], toSection: "A")
        #expect(s.numberOfItems == 4 && s.numberOfSections == 2)
        #expect(s.numberOfItems(inSection: "A") == 1 && s.numberOfItems(inSection: "B") == 3)
        #expect(s.itemIdentifiers == ["4", "1", "2", "3"])
        #expect(s.itemIdentifiers(inSection: "B") == ["1", "2", "3"])
        #expect(s.indexOfItem("4") == 0 && s.indexOfItem("1") == 1 && s.indexOfItem("3") == 3)
        #expect(s.sectionIdentifier(containingItem: "4") == "A" && s.sectionIdentifier(containingItem: "2") == "B")
    }

    @Test func insertItemsGoesBeforeOrAfterTheDestinationInItsSection() {
        var s = snapshot([("A", ["a"]), ("B", ["b", "c"])])
        s.insertItems(["x", "y"], beforeItem: "b")
        s.insertItems(["z"], afterItem: "c")
        s.insertItems(["w"], afterItem: "a")
        #expect(s.itemIdentifiers(inSection: "A") == ["a", "w"])
        #expect(s.itemIdentifiers(inSection: "B") == ["x", "y", "b", "c", "z"])
        #expect(s.indexOfItem("x") == 2 && s.indexOfItem("z") == 6 && s.sectionIdentifier(containingItem: "x") == "B")
    }

    /// Unknown identifiers are ignored; a section left empty stays.
    @Test func deleteItemsIgnoresUnknownIdentifiersAndKeepsEmptiedSections() {
        var s = snapshot([("A", ["a", "b"]), ("B", ["c", "d", "e"])])
        s.deleteItems(["a", "b", "d", "nope"])
        #expect(s.sectionIdentifiers == ["A", "B"] && s.numberOfItems(inSection: "A") == 0)
        #expect(s.itemIdentifiers == ["c", "e"] && s.indexOfItem("e") == 1 && s.indexOfItem("a") == nil)
    }

    @Test func deleteAllItemsRemovesTheSectionsToo() {
        var s = snapshot([("A", ["a"]), ("B", ["b"])])
        s.deleteAllItems()
        #expect(s.numberOfSections == 0 && s.numberOfItems == 0 && s.indexOfSection("A") == nil)
    }

    /// A moved item lands next to its destination, in the destination's section.
    @Test func moveItemGoesNextToTheDestinationAcrossSections() {
        var s = snapshot([("A", ["a", "b", "c"]), ("B", ["d", "e"])])
        s.moveItem("a", afterItem: "c")
        #expect(s.itemIdentifiers(inSection: "A") == ["b", "c", "a"])
        s.moveItem("b", beforeItem: "e")
        #expect(s.itemIdentifiers(inSection: "A") == ["c", "a"] && s.itemIdentifiers(inSection: "B") == ["d", "b", "e"])
        #expect(s.sectionIdentifier(containingItem: "b") == "B" && s.indexOfItem("b") == 3 && s.indexOfItem("e") == 4)
    }

    @Test func sectionsInsertMoveAndDeleteWithTheirItems() {
        var s = snapshot([("A", ["a"]), ("B", ["b"]), ("C", ["c"])])
        s.insertSections(["X"], beforeSection: "B")
        s.insertSections(["Y"], afterSection: "C")
        #expect(s.sectionIdentifiers == ["A", "X", "B", "C", "Y"])
        s.moveSection("A", afterSection: "C")
        #expect(s.sectionIdentifiers == ["X", "B", "C", "A", "Y"] && s.indexOfSection("A") == 3)
        #expect(s.itemIdentifiers == ["b", "c", "a"] && s.indexOfItem("a") == 2)
        s.moveSection("Y", beforeSection: "X")
        #expect(s.sectionIdentifiers == ["Y", "X", "B", "C", "A"])
        s.deleteSections(["B", "nope"])
        #expect(s.sectionIdentifiers == ["Y", "X", "C", "A"] && s.itemIdentifiers == ["c", "a"])
        #expect(s.indexOfItem("b") == nil && s.indexOfItem("a") == 1 && s.indexOfSection("A") == 3)
    }

    /// UIKit moves an item that is appended or inserted again, and logs; it does not trap.
    @Test func anItemAppendedAgainIsMovedIntoPlace() {
        var s = snapshot([("A", ["a", "b"]), ("B", ["c"])])
        s.appendItems(["a"], toSection: "B")
        #expect(s.itemIdentifiers(inSection: "A") == ["b"] && s.itemIdentifiers(inSection: "B") == ["c", "a"])
        s.insertItems(["a", "x"], beforeItem: "b")
        #expect(s.itemIdentifiers == ["a", "x", "b", "c"] && s.numberOfItems == 4)
    }

    /// Marks keep the order asked, each once, and stay when the item is deleted (as UIKit's do).
    @Test func reloadAndReconfigureMarksKeepTheirOrderOnce() {
        var s = snapshot([("A", ["a", "b", "c"])])
        s.reloadItems(["c", "a"])
        s.reloadItems(["a"])
        s.reconfigureItems(["b"])
        s.reloadSections(["A"])
        #expect(s.reloadedItemIdentifiers == ["c", "a"] && s.reconfiguredItemIdentifiers == ["b"] && s.reloadedSectionIdentifiers == ["A"])
        s.deleteItems(["c"])
        #expect(s.reloadedItemIdentifiers == ["c", "a"])
    }

    /// 10,000 items appended one call each, into 10 sections, then looked up.
    @Test func tenThousandItemsAppendedOneByOneAreAllFound() {
        var s = NSDiffableDataSourceSnapshot<Int, Int>()
        s.appendSections(Array(0..<10))
        for item in 0..<10_000 { s.appendItems([item], toSection: item / 1000) }
        #expect(s.numberOfItems == 10_000 && s.numberOfItems(inSection: 7) == 1000)
        #expect(s.indexOfItem(0) == 0 && s.indexOfItem(4321) == 4321 && s.indexOfItem(9999) == 9999)
        #expect(s.sectionIdentifier(containingItem: 4321) == 4)
        s.deleteItems(Array(0..<500))
        #expect(s.indexOfItem(4321) == 3821 && s.numberOfItems(inSection: 0) == 500)
    }

    /// Random edits, checked against plain arrays after each: sections, items, and every lookup.
    @Test(arguments: [UInt64(11), 12, 13])
    func randomEditsKeepEveryLookupRight(seed: UInt64) {
        var random = DiffableRandom(state: seed)
        var s = NSDiffableDataSourceSnapshot<Int, Int>()
        var model: [(section: Int, items: [Int])] = []
        var next = 0
        func fresh(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<next + count)
        }
        for _ in 0..<600 {
            let items = model.flatMap(\.items), sections = model.map(\.section)
            let after = Bool.random(using: &random)
            switch Int.random(in: 0...7, using: &random) {
            case 0:
                let new = fresh(1)[0]
                s.appendSections([new])
                model.append((new, []))
            case 1 where !sections.isEmpty:
                let new = fresh(2), target = Int.random(in: 0..<model.count, using: &random)
                if after { s.insertSections(new, afterSection: sections[target]) } else { s.insertSections(new, beforeSection: sections[target]) }
                model.insert(contentsOf: new.map { ($0, []) }, at: target + (after ? 1 : 0))
            case 2 where model.count > 2:
                let doomed = sections.randomElement(using: &random)!
                s.deleteSections([doomed])
                model.removeAll { $0.section == doomed }
            case 3 where model.count > 1:
                let a = sections.randomElement(using: &random)!, b = sections.randomElement(using: &random)!
                guard a != b else { continue }
                if after { s.moveSection(a, afterSection: b) } else { s.moveSection(a, beforeSection: b) }
                let moving = model.remove(at: model.firstIndex { $0.section == a }!)
                model.insert(moving, at: model.firstIndex { $0.section == b }! + (after ? 1 : 0))
            case 4 where !sections.isEmpty:
                let target = Int.random(in: 0..<model.count, using: &random), new = fresh(Int.random(in: 1...30, using: &random))
                s.appendItems(new, toSection: sections[target])
                model[target].items += new
            case 5 where !items.isEmpty:
                let anchor = items.randomElement(using: &random)!, new = fresh(Int.random(in: 1...5, using: &random))
                if after { s.insertItems(new, afterItem: anchor) } else { s.insertItems(new, beforeItem: anchor) }
                let m = model.firstIndex { $0.items.contains(anchor) }!
                model[m].items.insert(contentsOf: new, at: model[m].items.firstIndex(of: anchor)! + (after ? 1 : 0))
            case 6 where !items.isEmpty:
                let doomed = Array(Set((0..<Int.random(in: 1...6, using: &random)).map { _ in items.randomElement(using: &random)! }))
                s.deleteItems(doomed)
                for m in model.indices { model[m].items.removeAll { doomed.contains($0) } }
            case 7 where items.count > 1:
                let a = items.randomElement(using: &random)!, b = items.randomElement(using: &random)!
                guard a != b else { continue }
                if after { s.moveItem(a, afterItem: b) } else { s.moveItem(a, beforeItem: b) }
                for m in model.indices { model[m].items.removeAll { $0 == a } }
                let m = model.firstIndex { $0.items.contains(b) }!
                model[m].items.insert(a, at: model[m].items.firstIndex(of: b)! + (after ? 1 : 0))
            default: continue
            }
            s._checkInvariants()
            #expect(s.sectionIdentifiers == model.map(\.section) && s.itemIdentifiers == model.flatMap(\.items))
        }
        for (index, item) in model.flatMap(\.items).enumerated() { #expect(s.indexOfItem(item) == index) }
    }

    // MARK: Traps

    @Test func appendingItemsWithNoSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendItems(["a"])
        }
        #expect(diffableTrapMessage(result).contains("There are currently no sections in the data source. Please add a section first."))
    }

    @Test func aRepeatedItemInOneCallTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a", "twice", "b", "twice"])
        }
        let message = diffableTrapMessage(result)
        #expect(message.contains("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(") && message.contains("twice"), "\(message)")
    }

    @Test func aRepeatedSectionInOneCallTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["S", "S"])
        }
        #expect(diffableTrapMessage(result).contains("Fatal: supplied section identifiers are not unique"))
    }

    @Test func appendingASectionAlreadyThereTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A", "B"])
            s.appendSections(["B"])
        }
        #expect(
            diffableTrapMessage(result).contains(
                "1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: B"))
    }

    @Test func appendingItemsToAnUnknownSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a"], toSection: "Nowhere")
        }
        #expect(diffableTrapMessage(result).contains("section != NSNotFound (section identifier Nowhere"))
    }

    @Test func insertingBeforeAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a"])
            s.insertItems(["b"], beforeItem: "ghost")
        }
        #expect(diffableTrapMessage(result).contains("item identifier ghost is not in the snapshot"))
    }

    @Test func insertingRelativeToOneOfTheInsertedItemsTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a"])
            s.insertItems(["b", "a"], afterItem: "a")
        }
        #expect(diffableTrapMessage(result).contains("Invalid update: destination for insertion operation [a] is in the insertion identifier list"))
    }

    @Test func movingAnItemRelativeToItselfTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a", "b"])
            s.moveItem("a", beforeItem: "a")
        }
        #expect(diffableTrapMessage(result).contains("Invalid update: destination for item move is the same as the source [a]"))
    }

    @Test func movingAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a"])
            s.moveItem("ghost", afterItem: "a")
        }
        #expect(diffableTrapMessage(result).contains("fromIndex != NSNotFound (item identifier ghost"))
    }

    @Test func movingASectionAfterAnUnknownSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A", "B"])
            s.moveSection("A", afterSection: "Ghost")
        }
        #expect(diffableTrapMessage(result).contains("toIndex != NSNotFound (section identifier Ghost"))
    }

    @Test func insertingSectionsBeforeAnUnknownSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.insertSections(["B"], beforeSection: "Ghost")
        }
        #expect(diffableTrapMessage(result).contains("insertIndex != NSNotFound (section identifier Ghost"))
    }

    @Test func reloadingAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.appendItems(["a"])
            s.reloadItems(["a", "ghost"])
        }
        #expect(diffableTrapMessage(result).contains("Attempted to reload item identifier that does not exist in the snapshot: ghost"))
    }

    @Test func reconfiguringAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.reconfigureItems(["ghost"])
        }
        #expect(diffableTrapMessage(result).contains("Attempted to reconfigure item identifier that does not exist in the snapshot: ghost"))
    }

    @Test func reloadingAnUnknownSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["A"])
            s.reloadSections(["Ghost"])
        }
        #expect(diffableTrapMessage(result).contains("Attempted to reload section identifier that does not exist in the snapshot: Ghost"))
    }

    @Test func askingForTheItemsOfAnUnknownSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let s = NSDiffableDataSourceSnapshot<String, String>()
            _ = s.numberOfItems(inSection: "Ghost")
        }
        #expect(diffableTrapMessage(result).contains("Section identifier was not found"))
    }
}
