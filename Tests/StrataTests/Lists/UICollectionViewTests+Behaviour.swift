import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// The collection view over time and touch: pinned headers, scrolling and reuse, batches,
/// selection, registrations, orthogonal sections and interactive movement.
extension UICollectionViewTests {
    /// Pinned headers stay at the visible top while their section shows, then leave with it:
    /// section 0 is 30 + 4 lines (430) = 460 high.
    @Test func pinnedHeadersFollowTheVisibleTop() throws {
        let source = CollectionSource([12, 12])
        let layout = flow(CGSize(width: 100, height: 100))
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.sectionHeadersPinToVisibleBounds = true
        let view = source.collection(layout)
        let header = UICollectionView.elementKindSectionHeader
        view.contentOffset = CGPoint(x: 0, y: 200)
        view.layoutIfNeeded()
        #expect(view.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?.frame.minY == 200)
        view.contentOffset = CGPoint(x: 0, y: 440)
        view.layoutIfNeeded()
        #expect(view.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?.frame.minY == 430, "pushed up by the section's end")
        #expect(view.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))?.frame.minY == 460)
    }

    /// Self-sizing: cells that want 70 points replace the estimate, in a flow layout (estimated
    /// 100 × 50) and in a list (estimated 44).
    @Test func selfSizingCellsReplaceTheEstimate() {
        final class TallCell: UICollectionViewCell {
            override func preferredLayoutAttributesFitting(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
                attributes.size.height = 70
                return attributes
            }
        }
        let source = CollectionSource([6])
        let layout = flow(CGSize(width: 100, height: 100))
        layout.estimatedItemSize = CGSize(width: 100, height: 50)
        let view = source.collection(layout, cellClass: TallCell.self)
        #expect(frames(view, 2..<4) == [CGRect(x: 220, y: 0, width: 100, height: 70), CGRect(x: 0, y: 80, width: 100, height: 70)])
        #expect(view.contentSize.height == 150)

        let list = CollectionSource([10])
        let listView = list.collection(
            UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)), cellClass: TallCell.self)
        #expect(listView.visibleCells.map(\.frame) == (0..<7).map { CGRect(x: 0, y: CGFloat($0) * 70, width: 320, height: 70) })
    }

    /// A section background registered with the layout gets a view behind the section's cells.
    @Test func decorationViewsSitBehindTheCells() throws {
        final class Backdrop: UICollectionReusableView {}
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
        let section = NSCollectionLayoutSection(
            group: .vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item]))
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.decorationItems = [.background(elementKind: "backdrop")]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(Backdrop.self, forDecorationViewOfKind: "backdrop")
        let source = CollectionSource([2])
        let view = source.collection(layout)
        let backdrop = try #require(view.subviews.first { $0 is Backdrop })
        #expect(backdrop.frame == CGRect(x: 0, y: 0, width: 320, height: 120))
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(cell.frame == CGRect(x: 10, y: 10, width: 300, height: 50))
        #expect(view.subviews.firstIndex(of: backdrop)! < view.subviews.firstIndex(of: cell)!)
    }

    /// In a window, a batch animates: the deleted item's cell fades out (alpha 0, still shown)
    /// and is taken back for reuse when the 0.3 s animation ends; survivors move at once in the
    /// model, and an inserted item's cell ends opaque.
    @Test func animatedBatchFadesDeletedCellsOutThenReusesThem() async throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let source = CollectionSource([5])
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        f.window.addSubview(view)
        try await f.screen.present(through: 1)
        let doomed = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        let moving = try #require(view.cellForItem(at: IndexPath(item: 2, section: 0)))
        var finished: Bool?
        view.performBatchUpdates(
            {
                view.deleteItems(at: [IndexPath(item: 1, section: 0)])
                view.insertItems(at: [IndexPath(item: 4, section: 0)])
            }, completion: { finished = $0 })
        #expect(doomed.alpha == 0 && !doomed.isHidden, "fading out")
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === moving)
        #expect(moving.frame == CGRect(x: 110, y: 0, width: 100, height: 100))
        #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.alpha == 1)
        #expect(view.visibleCells.count == 5 && finished == nil)
        try await f.screen.present(through: 40)
        #expect(finished == true)
        #expect(doomed.isHidden && view._cellsWaiting == 1, "taken back for reuse")
    }

    /// Items within a screen of the visible rectangle are announced before they show: at offset
    /// 0 lines 5–9 (the screen below); scrolled to 1,100, lines 10–14 show, so lines 5–9 and
    /// 15–19 are near and 10–14 were announced then shown, never cancelled.
    @Test func prefetchingAnnouncesItemsAScreenAhead() {
        final class Prefetcher: UICollectionViewDataSourcePrefetching {
            var asked: [[Int]] = []
            var cancelled: [[Int]] = []
            func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) { asked.append(indexPaths.map(\.item)) }
            func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
                cancelled.append(indexPaths.map(\.item))
            }
        }
        let prefetcher = Prefetcher()
        let source = CollectionSource([300])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flow(CGSize(width: 100, height: 100)))
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.prefetchDataSource = prefetcher
        view.dataSource = source
        view.layoutIfNeeded()
        // The band is y −480 … 960: lines 5–8 (550–880) beyond the 15 items shown.
        #expect(prefetcher.asked == [Array(15..<27)])
        view.contentOffset = CGPoint(x: 0, y: 1100)
        view.layoutIfNeeded()
        // Shown: lines 10–14 (1,100–1,580); band 620 … 2,060: lines 5–9 and 15–18.
        #expect(prefetcher.asked.last == Array(27..<30) + Array(45..<57))
        #expect(prefetcher.cancelled.isEmpty, "announced items that showed are not cancelled")
        view.contentOffset = CGPoint(x: 0, y: 0)
        view.layoutIfNeeded()
        #expect(prefetcher.cancelled.last == Array(27..<30) + Array(45..<57), "back at 0 the band ends at line 8")
    }

    /// reconfigureItems runs cellForItemAt again for the cell in view and gets the same cell back,
    /// without prepareForReuse.
    @Test func reconfiguringKeepsTheCell() {
        final class CountingCell: UICollectionViewCell {
            var resets = 0
            override func prepareForReuse() {
                super.prepareForReuse()
                resets += 1
            }
        }
        let source = CollectionSource([3])
        let view = source.collection(flow(CGSize(width: 100, height: 100)), cellClass: CountingCell.self)
        let cell = view.cellForItem(at: IndexPath(item: 1, section: 0)) as? CountingCell
        view.reconfigureItems(at: [IndexPath(item: 1, section: 0)])
        view.layoutIfNeeded()
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === cell && cell?.resets == 0 && view._cellsWaiting == 0)
    }

    /// An orthogonal section scrolls in a strip of its own: 100-point groups 10 apart in a
    /// 320-point strip show items 0–2; scrolled to show item 6 (660–760) the strip's offset is
    /// 440 and items 4–6 have cells, in the strip, reused from those that left.
    @Test func orthogonalSectionsScrollInTheirOwnStrip() throws {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.orthogonalScrollingBehavior = .continuous
        let source = CollectionSource([10])
        let view = source.collection(UICollectionViewCompositionalLayout(section: section))
        #expect(view.indexPathsForVisibleItems.map(\.item) == [0, 1, 2])
        #expect(view.contentSize.height == 100)
        let strip = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0))?.superview as? UIScrollView)
        #expect(strip !== view && strip.frame == CGRect(x: 0, y: 0, width: 320, height: 100) && strip.contentSize.width == 1090)
        view.scrollToItem(at: IndexPath(item: 6, section: 0), at: [], animated: false)
        view.layoutIfNeeded()
        #expect(strip.contentOffset.x == 440)
        #expect(view.indexPathsForVisibleItems.map(\.item) == [4, 5, 6])
        #expect(view.cellForItem(at: IndexPath(item: 5, section: 0))?.frame == CGRect(x: 550, y: 0, width: 100, height: 100), "in the strip's content")
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame == CGRect(x: 110, y: 0, width: 100, height: 100))
        #expect(view._cellsMade == 3, "the cells of items 0–2 were reused")
        #expect(view.indexPathForItem(at: CGPoint(x: 160, y: 50)) == IndexPath(item: 5, section: 0))
    }

    /// A section of 100-point items 10 apart scrolling sideways in a strip of its own.
    private func stripSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)))
        let section = NSCollectionLayoutSection(
            group: .horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)), subitems: [item]))
        section.interGroupSpacing = 10
        section.orthogonalScrollingBehavior = .continuous
        return section
    }

    /// A finger dragging across an orthogonal strip scrolls the strip, not the collection view:
    /// 200 points left from where the pan began shows items 1–4 (strip x 200–520), and the drag
    /// selects nothing.
    @Test func draggingAStripScrollsIt() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let section = stripSection()
        let source = CollectionSource([10])
        let view = source.collection(UICollectionViewCompositionalLayout(section: section))
        f.window.addSubview(view)
        let t = f.screen.mediaTime
        try f.window.down(1, 300, 50, at: t)
        try f.window.move(1, 288, 50, at: t + 0.1)  // 12 points: the strip's pan begins
        try f.window.move(1, 88, 50, at: t + 0.2)
        try f.window.move(1, 88, 50, at: t + 0.5)
        try f.window.up(1, 88, 50, at: t + 0.6)
        view.layoutIfNeeded()
        #expect(view.contentOffset == .zero)
        #expect(view.indexPathsForVisibleItems.map(\.item) == [1, 2, 3, 4])
        #expect(view.indexPathsForSelectedItems == [] && source.log.isEmpty)
    }

    /// Across axes the drag picks its scroller by how it starts: upright on a strip of a
    /// vertically scrolling collection view (8 strips of 100 points), 60 points up moves the
    /// collection view (y 60) and leaves the strip where it was, even when the finger then goes
    /// sideways; a drag that starts sideways on the same strip is the strip's (x 100).
    @Test func anUprightDragOnAStripScrollsTheCollectionView() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let section = stripSection()
        let source = CollectionSource(Array(repeating: 10, count: 8))
        let view = source.collection(UICollectionViewCompositionalLayout(section: section))
        f.window.addSubview(view)
        view.layoutIfNeeded()
        let strip = try #require(view.cellForItem(at: IndexPath(item: 0, section: 2))?.superview as? UIScrollView)
        #expect(view.contentSize.height == 800 && strip.frame.minY == 200)
        var t = f.screen.mediaTime
        try f.window.down(1, 150, 250, at: t)
        try f.window.move(1, 151, 238, at: t + 0.1)  // 12 points up: the collection view's pan begins
        try f.window.move(1, 151, 178, at: t + 0.2)
        try f.window.move(1, 91, 178, at: t + 0.3)
        #expect(view.isDragging && !strip.isDragging)
        #expect(view.contentOffset == CGPoint(x: 0, y: 60) && strip.contentOffset == .zero, "\(view.contentOffset), \(strip.contentOffset)")
        try f.window.move(1, 91, 178, at: t + 0.6)
        try f.window.up(1, 91, 178, at: t + 0.7)
        t += 1
        // The strip is at y 200 − 60 = 140 on screen now.
        try f.window.down(2, 250, 190, at: t)
        try f.window.move(2, 238, 191, at: t + 0.1)
        try f.window.move(2, 138, 191, at: t + 0.2)
        #expect(strip.isDragging && !view.isDragging)
        #expect(strip.contentOffset == CGPoint(x: 100, y: 0) && view.contentOffset == CGPoint(x: 0, y: 60))
        try f.window.move(2, 138, 191, at: t + 0.6)
        try f.window.up(2, 138, 191, at: t + 0.7)
    }

    /// When the strips go away (a new layout without orthogonal sections), their cells come back
    /// above the collection view's background view, so the cells the new layout shows are seen.
    @Test func cellsOfStripsThatGoComeBackAboveTheBackground() throws {
        let source = CollectionSource([10])
        let view = source.collection(UICollectionViewCompositionalLayout(section: stripSection()))
        let background = UIView()
        view.backgroundView = background
        view.layoutIfNeeded()
        #expect(view.visibleCells.allSatisfy { $0.superview is UIScrollView && $0.superview !== view })
        view.setCollectionViewLayout(flow(CGSize(width: 100, height: 100)), animated: false)
        view.layoutIfNeeded()
        let index = { (v: UIView) in view.subviews.firstIndex { $0 === v } ?? -1 }
        #expect(!view.visibleCells.isEmpty)
        for cell in view.visibleCells {
            #expect(cell.superview === view && index(cell) > index(background), "cell at \(index(cell)), background at \(index(background))")
        }
    }

    /// A registered class is made with its element's frame, as UIKit makes it, so its
    /// `init(frame:)` can lay out subviews from its size.
    @Test func registeredClassesAreMadeWithTheirElementsFrame() {
        final class SizedCell: UICollectionViewCell {
            var madeWith = CGSize.zero
            override init(frame: CGRect) {
                madeWith = frame.size
                super.init(frame: frame)
            }
            required init?(coder: NSCoder) { nil }
        }
        let source = CollectionSource([1])
        let view = source.collection(flow(CGSize(width: 90, height: 50)), cellClass: SizedCell.self)
        #expect((view.visibleCells.first as? SizedCell)?.madeWith == CGSize(width: 90, height: 50))
    }

    /// List cells dress for their list: an inset-grouped section's rows (inset 20 from each side)
    /// sit clear over one rounded backdrop spanning them, with separators under every row but
    /// the last; a plain list's rows take the system background, grey 4 while selected.
    @Test func listCellsTakeTheirListsLook() throws {
        func separatorShows(_ cell: UICollectionViewCell?) -> Bool {
            cell?.subviews.contains { $0.backgroundColor == .separator && !$0.isHidden && $0.frame.height > 0 } ?? false
        }
        let grouped = CollectionSource([3])
        let view = grouped.collection(
            UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)),
            cellClass: UICollectionViewListCell.self)
        #expect(view.visibleCells.map(\.frame) == (0..<3).map { CGRect(x: 20, y: CGFloat($0) * 44, width: 280, height: 44) })
        let backdrop = try #require(view.subviews.first { $0.layer.cornerRadius == 10 && !($0 is UICollectionViewCell) && !$0.isHidden })
        #expect(backdrop.frame == CGRect(x: 20, y: 0, width: 280, height: 132))
        #expect(view.visibleCells.allSatisfy { $0.backgroundColor == .clear })
        #expect((0..<3).map { separatorShows(view.cellForItem(at: IndexPath(item: $0, section: 0))) } == [true, true, false])

        let plain = CollectionSource([2])
        let list = plain.collection(
            UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)), cellClass: UICollectionViewListCell.self)
        let cell = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(cell.backgroundColor == .systemBackground)
        list.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        #expect(cell.backgroundColor == .systemGray4)
        #expect(separatorShows(list.cellForItem(at: IndexPath(item: 1, section: 0))), "plain lists separate the last row too")
    }

    /// List rows size to their content configuration: a long text wraps to several lines and
    /// makes its row taller; a short one keeps the least row height, 44 points.
    @Test func listRowsFitTheirText() {
        final class Source: UICollectionViewDataSource {
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
                var content = cell.defaultContentConfiguration()
                content.text = text
                cell.contentConfiguration = content
            }
            let texts = [String(repeating: "A long line of words that wraps. ", count: 8), "Short"]
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: texts[indexPath.item])
            }
        }
        let source = Source()
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480),
            collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)))
        view.dataSource = source
        view.layoutIfNeeded()
        let frames = view.visibleCells.map(\.frame)
        #expect(frames.count == 2)
        #expect(frames[0].height > 88, "several lines: \(frames[0])")
        #expect(frames[1] == CGRect(x: 0, y: frames[0].height, width: 320, height: 44))
    }

    /// A program's own layout: items on a diagonal, 60 points apart. The collection view prepares
    /// it once per invalidation, asks it for the visible rectangle's elements, and asks about
    /// bounds changes before they happen (true here: each scroll prepares again).
    @Test func aCustomLayoutPlacesTheCells() {
        final class Diagonal: UICollectionViewLayout {
            var prepared = 0
            var count = 0
            var boundsAsked: [CGRect] = []
            override func prepare() {
                super.prepare()
                prepared += 1
                count = collectionView?.numberOfItems(inSection: 0) ?? 0
            }
            override var collectionViewContentSize: CGSize { CGSize(width: 60 * CGFloat(count), height: 60 * CGFloat(count)) }
            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: 60 * CGFloat(indexPath.item), y: 60 * CGFloat(indexPath.item), width: 50, height: 40)
                attributes.zIndex = indexPath.item
                return attributes
            }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
            }
            override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
                boundsAsked.append(newBounds)
                return collectionView?.bounds.origin != newBounds.origin
            }
        }
        let layout = Diagonal()
        let source = CollectionSource([20])
        let view = source.collection(layout, size: CGSize(width: 200, height: 200))
        #expect(layout.prepared == 1)
        #expect(view.contentSize == CGSize(width: 1200, height: 1200))
        #expect(view.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 120, y: 120, width: 50, height: 40))
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.layer.zPosition == 2)
        view.contentOffset = CGPoint(x: 300, y: 300)
        view.layoutIfNeeded()
        #expect(layout.boundsAsked.last == CGRect(x: 300, y: 300, width: 200, height: 200) && layout.prepared == 2)
        #expect(view.indexPathsForVisibleItems.map(\.item) == [5, 6, 7, 8])
        layout.invalidateLayout()
        view.layoutIfNeeded()
        #expect(layout.prepared == 3)
    }

    /// A 10,000-row list scrolled 1,000 points at a time makes no more cells than fit plus a few:
    /// at 99,000 rows 2,250–2,260 show (the row ending exactly at the top edge gets no cell).
    @Test func scrollingALongListReusesCells() {
        let source = CollectionSource([10_000])
        let view = source.collection(
            UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)), cellClass: UICollectionViewListCell.self)
        var y: CGFloat = 0
        while y < 100_000 {
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
            y += 1000
        }
        #expect(view.indexPathsForVisibleItems.map(\.item) == Array(2250...2260))
        #expect(view._cellsMade <= 11 + 11)
    }

    /// A list header estimated at 28 points (plain) that wants 60 gets 60: the rows start below it.
    @Test func selfSizingHeadersReplaceTheEstimate() throws {
        final class TallHeader: UICollectionReusableView {
            override func preferredLayoutAttributesFitting(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
                attributes.size.height = 60
                return attributes
            }
        }
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let source = CollectionSource([2])
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(TallHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.dataSource = source
        view.layoutIfNeeded()
        let header = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 60))
        #expect(view.visibleCells.map(\.frame.minY) == [60, 104])
    }

    /// Group behaviours bring a drag to rest on a group (groups 100 wide, 10 apart, resting at
    /// 0, 110, 220 …): released at 200 without a flick, `.continuousGroupLeadingBoundary` rests
    /// at the nearest, 220; `.groupPaging` moves one group the way the finger went, to 110.
    @Test(arguments: [(UICollectionLayoutSectionOrthogonalScrollingBehavior.continuousGroupLeadingBoundary, CGFloat(220)), (.groupPaging, 110)])
    func stripsComeToRestOnAGroup(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, _ rest: CGFloat) async throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)))
        let section = NSCollectionLayoutSection(
            group: .horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)), subitems: [item]))
        section.interGroupSpacing = 10
        section.orthogonalScrollingBehavior = behavior
        let source = CollectionSource([10])
        let view = source.collection(UICollectionViewCompositionalLayout(section: section))
        f.window.addSubview(view)
        _ = try await f.screen.renderFrame()
        let strip = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0))?.superview as? UIScrollView)
        let t = f.screen.mediaTime
        try f.window.down(1, 300, 50, at: t)
        try f.window.move(1, 288, 50, at: t + 0.1)
        try f.window.move(1, 88, 50, at: t + 0.2)
        try f.window.move(1, 88, 50, at: t + 0.5)
        try f.window.up(1, 88, 50, at: t + 0.6)
        for _ in 0..<600 where strip.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(!strip.isDecelerating)
        #expect(strip.contentOffset.x == rest)
    }

    /// A section's visible items invalidation handler sees the strip's items in view and its
    /// offset, and what it changes shows: items fade by their distance from the strip's centre.
    @Test func visibleItemsHandlerChangesWhatShows() throws {
        let section = stripSection()
        var seen: [(items: [Int], offset: CGPoint)] = []
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            seen.append((items.map(\.indexPath.item), offset))
            for item in items { item.alpha = item.indexPath.item == 5 ? 1 : 0.5 }
        }
        let source = CollectionSource([10])
        let view = source.collection(UICollectionViewCompositionalLayout(section: section))
        #expect(seen.last?.items == [0, 1, 2] && seen.last?.offset == .zero)
        #expect(view.visibleCells.map(\.alpha) == [0.5, 0.5, 0.5])
        let strip = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0))?.superview as? UIScrollView)
        strip.contentOffset = CGPoint(x: 440, y: 0)
        view.layoutIfNeeded()
        #expect(seen.last?.items == [4, 5, 6] && seen.last?.offset == CGPoint(x: 440, y: 0))
        #expect(view.visibleCells.map(\.alpha) == [0.5, 1, 0.5])
    }

    /// Moving item 0 over item 2's cell: items 1 and 2 slide to places 0 and 1 while the moving
    /// cell follows the point; ending tells the data source and the cells keep those places.
    @Test func interactiveMovementPreviewsThenMovesTheItem() throws {
        let source = CollectionSource([6])
        source.movable = true
        let view = source.collection(flow(CGSize(width: 100, height: 100)))
        let cells = (0..<3).map { view.cellForItem(at: IndexPath(item: $0, section: 0)) }
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 260, y: 40))
        view.layoutIfNeeded()
        #expect(cells[0]?.center == CGPoint(x: 260, y: 40), "following the point, through layout passes")
        #expect(cells[1]?.frame.origin == CGPoint(x: 0, y: 0) && cells[2]?.frame.origin == CGPoint(x: 110, y: 0))
        view.endInteractiveMovement()
        #expect(source.log == ["move 0 2"])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0)) === cells[0] && view.cellForItem(at: IndexPath(item: 0, section: 0)) === cells[1])
        #expect(cells[0]?.frame == CGRect(x: 220, y: 0, width: 100, height: 100))
        source.movable = false
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)), "the data source says no")
    }

    /// A collection view controller's standard long press moves an item: held half a second on
    /// item 0, dragged over item 2, lifted.
    @Test func controllersLongPressMovesItems() throws {
        final class Board: UICollectionViewController {
            var moves: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            }
            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
            override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
            override func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                moves.append("\(sourceIndexPath.item)→\(destinationIndexPath.item)")
            }
        }
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let board = Board(collectionViewLayout: flow(CGSize(width: 100, height: 100)))
        let view = try #require(board.collectionView)
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        f.window.addSubview(view)
        view.layoutIfNeeded()
        let first = view.cellForItem(at: IndexPath(item: 0, section: 0))
        try f.window.down(1, 50, 50, at: 1)
        try f.window.advanceInput(to: 1.5)
        try f.window.move(1, 260, 50, at: 1.6)
        try f.window.up(1, 260, 50, at: 1.7)
        #expect(board.moves == ["0→2"])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0)) === first)
        #expect(view.indexPathsForSelectedItems == [], "the press took the touch from selection")
    }
}
