import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// A data source and flow delegate with counts per section, a registered "cell" class and
/// "header"/"footer" views, logging what the collection view tells it.
@MainActor
final class CollectionSource: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var log: [String] = []
    var displayLog: [String] = []
    var movable = false

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind == UICollectionView.elementKindSectionHeader ? "header" : "footer", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { movable }
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.append("move \(sourceIndexPath.item) \(destinationIndexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("deselect \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayLog.append("show \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayLog.append("hide \(indexPath.item)")
    }

    /// A collection view of `size` with this source, laid out once.
    func collection(_ layout: UICollectionViewLayout, size: CGSize = CGSize(width: 320, height: 480), cellClass: AnyClass = UICollectionViewCell.self)
        -> UICollectionView
    {
        let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.register(cellClass, forCellWithReuseIdentifier: "cell")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
        view.dataSource = self
        view.delegate = self
        view.layoutIfNeeded()
        return view
    }
}

/// A flow layout with the given item size and spacing.
@MainActor
func flow(_ item: CGSize, line: CGFloat = 10, interitem: CGFloat = 10) -> UICollectionViewFlowLayout {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = item
    layout.minimumLineSpacing = line
    layout.minimumInteritemSpacing = interitem
    return layout
}

/// The collection view against UIKit's documented rules, with frames worked by hand. Item
/// widths and heights differ (90 × 50) so a swapped axis shows.
@MainActor
@Suite struct UICollectionViewTests {
    func frames(_ view: UICollectionView, _ items: Range<Int>, section: Int = 0) -> [CGRect] {
        items.map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame ?? .null }
    }

    @Test func flowLayoutDefaultsAreUIKits() {
        let layout = UICollectionViewFlowLayout()
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
        #expect(layout.sectionInset == .zero && layout.scrollDirection == .vertical && layout.estimatedItemSize == .zero)
    }

    /// 320 wide, 90-point items 10 apart: three fit (290), a fourth would need 390. A full line's
    /// left-over 320 − 270 = 50 spreads into two gaps of 25; the last line keeps 10.
    @Test func flowLinesWrapFullLinesAreJustifiedAndTheLastKeepsMinimumSpacing() {
        let source = CollectionSource([8])
        let view = source.collection(flow(CGSize(width: 90, height: 50)))
        #expect(
            frames(view, 0..<8) == [
                CGRect(x: 0, y: 0, width: 90, height: 50), CGRect(x: 115, y: 0, width: 90, height: 50), CGRect(x: 230, y: 0, width: 90, height: 50),
                CGRect(x: 0, y: 60, width: 90, height: 50), CGRect(x: 115, y: 60, width: 90, height: 50), CGRect(x: 230, y: 60, width: 90, height: 50),
                CGRect(x: 0, y: 120, width: 90, height: 50), CGRect(x: 100, y: 120, width: 90, height: 50),
            ])
        #expect(view.contentSize == CGSize(width: 320, height: 170))
        #expect(view.visibleCells.map(\.frame) == frames(view, 0..<8), "the cells sit where the layout says")
    }

    /// 200-point items cannot share a 320-point line: a line of one is centred ((320 − 200) / 2 = 60),
    /// except the last, which starts at the inset.
    @Test func anItemAloneOnALineIsCentredExceptOnTheLastLine() {
        let source = CollectionSource([3])
        let view = source.collection(flow(CGSize(width: 200, height: 40)))
        #expect(frames(view, 0..<3).map(\.origin) == [CGPoint(x: 60, y: 0), CGPoint(x: 60, y: 50), CGPoint(x: 0, y: 100)])
    }

    /// Insets 5/7/11/13 (top, left, bottom, right) leave 300 points; items of 100 × 40 and 100 × 80
    /// make an 80-point line, the shorter centred 20 points down; the last line starts at the left inset.
    @Test func sectionInsetsAndTheTallestItemShapeALine() {
        let source = CollectionSource([3])
        source.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 100, height: 80)
        let layout = flow(CGSize(width: 100, height: 40))
        layout.sectionInset = UIEdgeInsets(top: 5, left: 7, bottom: 11, right: 13)
        let view = source.collection(layout)
        // 100 + 10 + 100 + 10 + 100 = 320 > 300: two on the first line, justified: gap 300 − 200 = 100.
        #expect(
            frames(view, 0..<3) == [
                CGRect(x: 7, y: 25, width: 100, height: 40), CGRect(x: 207, y: 5, width: 100, height: 80), CGRect(x: 7, y: 95, width: 100, height: 40),
            ])
        #expect(view.contentSize.height == CGFloat(5 + 80 + 10 + 40 + 11))
    }

    /// Headers 30 high and footers 20 high span the width outside the insets; the second section
    /// starts after the first's footer.
    @Test func headersAndFootersFrameEachSectionAcrossTheFullWidth() throws {
        let source = CollectionSource([2, 2])
        let layout = flow(CGSize(width: 100, height: 100))
        layout.headerReferenceSize = CGSize(width: 999, height: 30)
        layout.footerReferenceSize = CGSize(width: 999, height: 20)
        layout.sectionInset = UIEdgeInsets(top: 5, left: 7, bottom: 11, right: 13)
        let view = source.collection(layout)
        let header0 = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(header0.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        #expect(frames(view, 0..<2) == [CGRect(x: 7, y: 35, width: 100, height: 100), CGRect(x: 117, y: 35, width: 100, height: 100)])
        let footer0 = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0)))
        #expect(footer0.frame == CGRect(x: 0, y: 146, width: 320, height: 20))
        let header1 = view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header1?.frame == CGRect(x: 0, y: 166, width: 320, height: 30))
        #expect(frames(view, 0..<1, section: 1) == [CGRect(x: 7, y: 201, width: 100, height: 100)])
        #expect(view.contentSize.height == CGFloat(166 * 2))
    }

    /// Scrolling horizontally, lines are columns: in 250 points two 100-point items fit (210); a
    /// full column's left-over 50 goes between them, the last column keeps its one item at the top.
    @Test func horizontalFlowFillsColumns() {
        let source = CollectionSource([5])
        let layout = flow(CGSize(width: 100, height: 100))
        layout.scrollDirection = .horizontal
        let view = source.collection(layout, size: CGSize(width: 320, height: 250))
        #expect(
            frames(view, 0..<5).map(\.origin) == [
                CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 150), CGPoint(x: 110, y: 0), CGPoint(x: 110, y: 150), CGPoint(x: 220, y: 0),
            ])
        #expect(view.contentSize == CGSize(width: 320, height: 250))
    }

    /// 100-point items three to a 110-point line; the view 480 high at offset 1,000 meets lines 9
    /// (990–1,090) through 13 (1,430–1,530): items 27–41 have cells, no others.
    @Test func onlyItemsMeetingTheVisibleRectangleHaveCells() {
        let source = CollectionSource([100])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        #expect(view.indexPathsForVisibleItems == (0..<15).map { IndexPath(item: $0, section: 0) }, "lines 0–4 at offset 0")
        view.contentOffset = CGPoint(x: 0, y: 1000)
        view.layoutIfNeeded()
        #expect(view.indexPathsForVisibleItems == (27...41).map { IndexPath(item: $0, section: 0) })
        #expect(view.cellForItem(at: IndexPath(item: 26, section: 0)) == nil)
        #expect(view.indexPathForItem(at: CGPoint(x: 150, y: 1150)) == IndexPath(item: 31, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 105, y: 1150)) == nil, "the gap between items")
        #expect(view.indexPathForItem(at: CGPoint(x: 150, y: 50)) == IndexPath(item: 1, section: 0), "off screen, through the layout")
        let cell = view.cellForItem(at: IndexPath(item: 31, section: 0))
        #expect(cell.map { view.indexPath(for: $0) } == IndexPath(item: 31, section: 0))
    }

    /// Scrolling 10,000 items 37 points at a time makes no more cells than fit (6 lines of 3)
    /// plus a few; retired cells wait hidden.
    @Test func scrollingTenThousandItemsReusesCells() {
        let source = CollectionSource([10_000])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        var most = 0
        var y: CGFloat = 0
        while y < 30_000 {
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
            most = max(most, view.visibleCells.count)
            y += 37
        }
        #expect(view.contentSize.height == CGFloat(3334 * 110 - 10))
        #expect(most <= 18)
        #expect(view._cellsMade <= most + 6, "made \(view._cellsMade) cells for at most \(most) in view")
        #expect(view.visibleCells.allSatisfy { !$0.isHidden })
        let shown = view.indexPathsForVisibleItems.first?.item ?? -1
        #expect(shown == Int((y - 37) / 110) * 3)
    }

    /// Selecting by code does not tell the delegate; taps select through it, a single-selection
    /// view deselects the item before, and a multiple-selection view deselects on a second tap.
    @Test func selectionByCodeAndByTap() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let source = CollectionSource([9])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        f.window.addSubview(view)
        view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)] && source.log.isEmpty)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
        try f.window.tap(160, 160, at: 1)  // item 4: x 110–210, y 110–210
        #expect(source.log == ["deselect 2", "select 4"])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == false)
        #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
        view.allowsMultipleSelection = true
        source.log = []
        try f.window.tap(50, 50, at: 2)
        try f.window.tap(270, 50, at: 3)
        try f.window.tap(50, 50, at: 4)
        #expect(source.log == ["select 0", "select 2", "deselect 0"])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        view.deselectItem(at: IndexPath(item: 2, section: 0), animated: false)
        #expect(view.indexPathsForSelectedItems == [] && source.log.count == 3)
    }

    /// scrollToItem puts the item where the position says, as far as the content allows.
    @Test func scrollToItemPositions() {
        let source = CollectionSource([100])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        view.scrollToItem(at: IndexPath(item: 30, section: 0), at: .top, animated: false)
        #expect(view.contentOffset.y == 1100)
        view.scrollToItem(at: IndexPath(item: 30, section: 0), at: .centeredVertically, animated: false)
        #expect(view.contentOffset.y == CGFloat(1150 - 240))
        view.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        #expect(view.contentOffset.y == view.contentSize.height - 480, "clamped to the end of the content")
        view.scrollToItem(at: IndexPath(item: 0, section: 0), at: [], animated: false)
        #expect(view.contentOffset.y == 0, "as little as shows it")
    }

    /// Deleting item 1 of 5 moves the later cells and the selection down by one, keeping the cells.
    @Test func batchUpdatesMoveCellsAndSelectionWithTheirItems() {
        let source = CollectionSource([5])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        view.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
        let cell3 = view.cellForItem(at: IndexPath(item: 3, section: 0))
        source.counts = [4]
        view.performBatchUpdates { view.deleteItems(at: [IndexPath(item: 1, section: 0)]) }
        #expect(view.numberOfItems(inSection: 0) == 4)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0)) === cell3)
        #expect(cell3?.frame == CGRect(x: 220, y: 0, width: 100, height: 100))
        #expect(view.visibleCells.count == 4)
        source.counts = [4, 1]
        view.insertSections(IndexSet(integer: 1))
        #expect(view.numberOfSections == 2 && view.cellForItem(at: IndexPath(item: 0, section: 1)) != nil)
    }

    /// Counts that do not add up trap with UIKit's message: 3 items, one inserted, but 5 after.
    @Test func inconsistentBatchTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = CollectionSource([3])
                let view = source.collection(flow(CGSize(width: 100, height: 100)))
                source.counts = [5]
                view.performBatchUpdates { view.insertItems(at: [IndexPath(item: 0, section: 0)]) }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted)"
            ), "\(message.suffix(600))")
    }

    /// Dequeuing an identifier never registered traps with UIKit's message.
    @Test func dequeuingAnUnregisteredIdentifierTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
                _ = view.dequeueReusableCell(withReuseIdentifier: "nothing", for: IndexPath(item: 0, section: 0))
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "could not dequeue a view of kind: UICollectionElementKindCell with identifier nothing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            ), "\(message.suffix(600))")
    }

    /// A compositional grid through the real collection view: 330 wide less insets 10 and 20
    /// leaves 300 for a group repeating a 100-point item three times; groups 100 high repeat 8
    /// apart below a 4-point inset.
    @Test func compositionalGridPlacesCells() {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), repeatingSubitem: item, count: 3)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 10, bottom: 6, trailing: 20)
        section.interGroupSpacing = 8
        let source = CollectionSource([5])
        let view = source.collection(UICollectionViewCompositionalLayout(section: section), size: CGSize(width: 330, height: 480))
        let cells = view.visibleCells.map(\.frame)
        #expect(cells.count == 5)
        #expect(cells.map { ($0.origin.x * 1000).rounded() / 1000 } == [10, 110, 210, 10, 110])
        #expect(cells.map(\.origin.y) == [4, 4, 4, 112, 112])
        #expect(cells.allSatisfy { abs($0.width - 100) < 0.001 && $0.height == 100 })
        #expect(view.contentSize == CGSize(width: 330, height: 4 + 100 + 8 + 100 + 6))
    }

    /// A list layout: full-width rows of the estimated 44 points.
    @Test func compositionalListStacksFullWidthRows() {
        let source = CollectionSource([3])
        let view = source.collection(UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)))
        #expect(view.visibleCells.map(\.frame) == (0..<3).map { CGRect(x: 0, y: CGFloat($0) * 44, width: 320, height: 44) })
    }

    /// A cell registration registers its class on first use and configures each cell for its
    /// item; a supplementary registration does the same for a header.
    @Test func registrationsConfigureCellsAndSupplementaryViews() {
        final class Source: UICollectionViewDataSource {
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
                var content = cell.defaultContentConfiguration()
                content.text = item
                cell.contentConfiguration = content
            }
            let header = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(elementKind: UICollectionView.elementKindSectionHeader) {
                view, _, indexPath in
                view.tag = 100 + indexPath.section
            }
            let items = ["a", "b"]
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: items[indexPath.item])
            }
            func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
                collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
            }
        }
        let source = Source()
        let layout = flow(CGSize(width: 100, height: 100))
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = source
        view.layoutIfNeeded()
        let texts = view.visibleCells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
        #expect(texts == ["a", "b"])
        #expect(view.visibleCells.allSatisfy { $0 is UICollectionViewListCell })
        #expect(view.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).map(\.tag) == [100])
    }

    /// A collection view controller's view is its collection view, with the controller as data
    /// source and delegate; subclasses override the data source methods.
    @Test func controllerOwnsItsCollectionView() {
        final class Grid: UICollectionViewController {
            var selected: [Int] = []
            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            }
        }
        let controller = Grid(collectionViewLayout: flow(CGSize(width: 100, height: 100)))
        let view = controller.collectionView!
        #expect(controller.view === view && view.dataSource === controller && view.delegate === controller)
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        view.layoutIfNeeded()
        #expect(view.visibleCells.count == 4)
    }

    /// The delegate hears of cells coming into view and leaving it: 100-point items three to a
    /// line, a 480-point view shows lines 0–4; scrolling 330 points (three lines) shows lines 3–7.
    @Test func delegateHearsOfCellsShowingAndLeaving() {
        let source = CollectionSource([30])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        #expect(source.displayLog == (0..<15).map { "show \($0)" })
        source.displayLog = []
        view.contentOffset = CGPoint(x: 0, y: 330)
        view.layoutIfNeeded()
        #expect(Set(source.displayLog) == Set((0..<9).map { "hide \($0)" } + (15..<24).map { "show \($0)" }))
        #expect(view.visibleCells.count == 15 && view._cellsMade == 15, "the nine cells that left were reused")
    }

    /// A finger down on an item highlights its cell; lifted there, it unhighlights and selects.
    @Test func aTouchHighlightsThenSelects() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let source = CollectionSource([3])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        f.window.addSubview(view)
        try f.window.down(1, 50, 50, at: 1)
        let cell = view.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(cell?.isHighlighted == true && cell?.isSelected == false)
        try f.window.up(1, 50, 50, at: 1.05)
        #expect(cell?.isHighlighted == false && cell?.isSelected == true && source.log == ["select 0"])
    }

    /// A new width re-prepares the layout: 430 points fit four 100-point items (400 + 30).
    @Test func resizingReflowsTheItems() {
        let source = CollectionSource([8])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        #expect(frames(view, 3..<4).first?.origin == CGPoint(x: 0, y: 110))
        view.frame = CGRect(x: 0, y: 0, width: 430, height: 480)
        view.layoutIfNeeded()
        #expect(frames(view, 0..<5).map(\.origin) == [CGPoint(x: 0, y: 0), CGPoint(x: 110, y: 0), CGPoint(x: 220, y: 0), CGPoint(x: 330, y: 0), CGPoint(x: 0, y: 110)])
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 330, y: 0, width: 100, height: 100))
    }

    /// reloadData asks for the counts again and gives cells back for reuse.
    @Test func reloadDataReadsNewCounts() {
        let source = CollectionSource([3])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        source.counts = [6, 2]
        view.reloadData()
        view.layoutIfNeeded()
        #expect(view.numberOfSections == 2 && view.numberOfItems(inSection: 0) == 6 && view.numberOfItems(inSection: 1) == 2)
        #expect(view.visibleCells.count == 8 && view._cellsMade == 8, "the three cells shown before were reused")
        #expect(view.indexPathsForSelectedItems == [], "reloading clears the selection, as in UIKit")
    }
}
