import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

private typealias Outline = NSDiffableDataSourceSectionSnapshot<String>

/// Food (Fruit (apple, pear), bread), Drinks (tea): two roots, three levels.
private func outline() -> Outline {
    var o = Outline()
    o.append(["Food", "Drinks"])
    o.append(["Fruit", "bread"], to: "Food")
    o.append(["apple", "pear"], to: "Fruit")
    o.append(["tea"], to: "Drinks")
    return o
}

/// NSDiffableDataSourceSectionSnapshot: an outline's tree, levels, expansion and visibility.
@Suite struct DiffableSectionSnapshotTests {
    @Test func itemsAreDepthFirstAndLevelsCountParents() {
        let o = outline()
        #expect(o.items == ["Food", "Fruit", "apple", "pear", "bread", "Drinks", "tea"])
        #expect(o.rootItems == ["Food", "Drinks"])
        #expect(o.level(of: "Food") == 0 && o.level(of: "bread") == 1 && o.level(of: "pear") == 2)
        #expect(o.parent(of: "pear") == "Fruit" && o.parent(of: "Fruit") == "Food" && o.parent(of: "Food") == nil)
        #expect(o.index(of: "bread") == 4 && o.index(of: "tea") == 6 && o.index(of: "nope") == nil)
        #expect(o.contains("apple") && !o.contains("nope"))
    }

    /// Collapsed by default: only root items show until their parents are expanded, all the way up.
    @Test func itemsAreCollapsedByDefaultAndShowWhenEveryAncestorIsExpanded() {
        var o = outline()
        #expect(o.visibleItems == ["Food", "Drinks"] && !o.isExpanded("Food") && o.isVisible("Food") && !o.isVisible("Fruit"))
        o.expand(["Fruit"])
        #expect(o.visibleItems == ["Food", "Drinks"] && !o.isVisible("apple"), "Fruit is expanded but Food is not")
        o.expand(["Food", "nope"])
        #expect(o.visibleItems == ["Food", "Fruit", "apple", "pear", "bread", "Drinks"] && o.isVisible("apple"))
        o.collapse(["Fruit"])
        #expect(o.visibleItems == ["Food", "Fruit", "bread", "Drinks"] && o.isExpanded("Food") && !o.isExpanded("Fruit"))
    }

    /// Inserting after an item puts the new ones after its children; before, just before it.
    @Test func insertAfterAnItemGoesPastItsChildren() {
        var o = outline()
        o.insert(["Snacks"], after: "Food")
        o.insert(["grape"], before: "pear")
        #expect(o.items == ["Food", "Fruit", "apple", "grape", "pear", "bread", "Snacks", "Drinks", "tea"])
        #expect(o.rootItems == ["Food", "Snacks", "Drinks"] && o.parent(of: "grape") == "Fruit" && o.level(of: "grape") == 2)
    }

    @Test func deleteRemovesChildrenToo() {
        var o = outline()
        o.expand(["Fruit"])
        o.delete(["Fruit", "apple"])
        #expect(o.items == ["Food", "bread", "Drinks", "tea"] && !o.contains("pear") && o.index(of: "tea") == 3)
        o.deleteAll()
        #expect(o.items.isEmpty && o.rootItems.isEmpty)
    }

    /// A subtree copied out keeps its expanded state; the parent's children become root items.
    @Test func snapshotOfAParentCopiesItsSubtree() {
        var o = outline()
        o.expand(["Fruit"])
        let children = o.snapshot(of: "Food")
        #expect(children.items == ["Fruit", "apple", "pear", "bread"] && children.rootItems == ["Fruit", "bread"])
        #expect(children.level(of: "apple") == 1 && children.parent(of: "Fruit") == nil && children.isExpanded("Fruit"))
        let withParent = o.snapshot(of: "Food", includingParent: true)
        #expect(withParent.rootItems == ["Food"] && withParent.level(of: "apple") == 2 && withParent.items.count == 5)
    }

    @Test func replaceChildrenGraftsAnotherTree() {
        var o = outline()
        var juices = Outline()
        juices.append(["Juice"])
        juices.append(["orange"], to: "Juice")
        juices.expand(["Juice"])
        o.replace(childrenOf: "Drinks", using: juices)
        #expect(o.items == ["Food", "Fruit", "apple", "pear", "bread", "Drinks", "Juice", "orange"] && !o.contains("tea"))
        #expect(o.level(of: "orange") == 2 && o.parent(of: "Juice") == "Drinks" && o.isExpanded("Juice"))
    }

    @Test func snapshotsInsertAndAppendWithTheirChildren() {
        var o = outline()
        var extra = Outline()
        extra.append(["Dessert"])
        extra.append(["cake"], to: "Dessert")
        o.insert(extra, before: "Drinks")
        #expect(o.rootItems == ["Food", "Dessert", "Drinks"] && o.index(of: "cake") == 6)
        var more = Outline()
        more.append(["water"])
        o.append(more, to: "Drinks")
        o.insert(Outline(), after: "nope")  // an empty snapshot changes nothing, whatever the destination
        #expect(o.items.suffix(3) == ["Drinks", "tea", "water"] && o.level(of: "water") == 1)
        var last = Outline()
        last.append(["Other"])
        o.insert(last, after: "Food")
        #expect(o.rootItems == ["Food", "Other", "Dessert", "Drinks"] && o.index(of: "Other") == 5)
    }

    /// `+` expanded or `-` collapsed, `*` visible or a space hidden, two spaces a level.
    @Test func visualDescriptionDrawsTheTree() {
        var o = outline()
        o.expand(["Food"])
        let expected = """
            <NSDiffableDataSourceSectionSnapshot:
            +*Food
              -*Fruit
                - apple
                - pear
              -*bread
            -*Drinks
              - tea
            >
            """
        #expect(o.visualDescription() == expected)
    }

    /// Random appends, inserts, grafts and deletions; the tree's indexes stay right, and a deleted
    /// item takes its children with it.
    @Test(arguments: [UInt64(21), 22, 23])
    func randomEditsKeepTheTreeConsistent(seed: UInt64) {
        var random = DiffableRandom(state: seed)
        var o = NSDiffableDataSourceSectionSnapshot<Int>()
        var next = 0
        func fresh(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<next + count)
        }
        for _ in 0..<400 {
            let items = o.items
            let anchor = items.randomElement(using: &random)
            switch Int.random(in: 0...6, using: &random) {
            case 0: o.append(fresh(Int.random(in: 1...3, using: &random)), to: Bool.random(using: &random) ? anchor : nil)
            case 1 where anchor != nil: o.insert(fresh(2), before: anchor!)
            case 2 where anchor != nil: o.insert(fresh(2), after: anchor!)
            case 3 where anchor != nil:
                let count = o.items.count, below = o.snapshot(of: anchor!, includingParent: true).items.count
                o.delete([anchor!])
                #expect(o.items.count == count - below && !o.contains(anchor!))
            case 4 where anchor != nil:
                var graft = NSDiffableDataSourceSectionSnapshot<Int>()
                let top = fresh(1)
                graft.append(top)
                graft.append(fresh(2), to: top[0])
                graft.expand(top)
                switch Int.random(in: 0...3, using: &random) {
                case 0: o.insert(graft, before: anchor!)
                case 1: o.insert(graft, after: anchor!)
                case 2: o.append(graft, to: anchor!)
                default: o.replace(childrenOf: anchor!, using: graft)
                }
            case 5 where anchor != nil: o.expand([anchor!])
            case 6 where anchor != nil: o.collapse([anchor!])
            default: continue
            }
            o._checkInvariants()
            #expect(o.visibleItems == o.items.filter { o.isVisible($0) })
        }
    }

    // MARK: Traps

    @Test func appendingAnItemAlreadyThereTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var o = NSDiffableDataSourceSectionSnapshot<String>()
            o.append(["a", "b"])
            o.append(["c", "a"], to: "b")
        }
        #expect(diffableTrapMessage(result).contains("Identifiers in a section snapshot must be unique. Duplicate item identifiers: {("))
    }

    @Test func appendingToAnUnknownParentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var o = NSDiffableDataSourceSectionSnapshot<String>()
            o.append(["a"], to: "ghost")
        }
        #expect(diffableTrapMessage(result).contains("Parent item identifier does not exist in section snapshot: ghost"))
    }

    @Test func insertingBeforeAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var o = NSDiffableDataSourceSectionSnapshot<String>()
            o.append(["a"])
            o.insert(["b"], before: "ghost")
        }
        #expect(diffableTrapMessage(result).contains("Item identifier to insert before does not exist in section snapshot: ghost"))
    }

    @Test func deletingAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var o = NSDiffableDataSourceSectionSnapshot<String>()
            o.append(["a"])
            o.delete(["a", "ghost"])
        }
        #expect(diffableTrapMessage(result).contains("Failed to find index of item ghost"))
    }

    @Test func askingTheLevelOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let o = NSDiffableDataSourceSectionSnapshot<String>()
            _ = o.level(of: "ghost")
        }
        #expect(diffableTrapMessage(result).contains("Item identifier does not exist in section snapshot: ghost"))
    }

    @Test func askingTheParentOfAnUnknownItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let o = NSDiffableDataSourceSectionSnapshot<String>()
            _ = o.parent(of: "ghost")
        }
        #expect(diffableTrapMessage(result).contains("Child item identifier does not exist in section snapshot: ghost"))
    }
}
