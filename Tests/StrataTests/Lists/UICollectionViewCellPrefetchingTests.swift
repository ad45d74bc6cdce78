import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// UICollectionView's cell prefetching (`isPrefetchingEnabled`: "the collection view requests
/// cells in advance of when they will be displayed"): while a motion the render side shows
/// moves the content, the elements up to a screen ahead get their views early, undisplayed.
/// Over a recording sink: the frames advance the clock, the views and calls are read through
/// the public API.
@MainActor
@Suite struct UICollectionViewCellPrefetchingTests {
    /// Sections of 3 items, 100 × 44 each, under a 30-point header; logs the calls by index path.
    final class Items: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
        var asked: [IndexPath] = [], displayed: [IndexPath] = [], headersDisplayed: [Int] = [], ended: [IndexPath] = []
        func numberOfSections(in collectionView: UICollectionView) -> Int { 200 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            asked.append(indexPath)
            return collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) { displayed.append(indexPath) }
        func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) { ended.append(indexPath) }
        func collectionView(
            _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String, at indexPath: IndexPath
        ) {
            headersDisplayed.append(indexPath.section)
        }
    }

    /// A 100 × 100 collection view of `items` (a flow layout: no spacing, 30-point headers),
    /// shown in `f`'s window and rendered once.
    private func shown(_ f: ScreenFixture, _ items: Items) async throws -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 44)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.headerReferenceSize = CGSize(width: 100, height: 30)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.dataSource = items
        view.delegate = items
        f.window.addSubview(view)
        _ = try await f.screen.renderFrame(readBack: false)
        return view
    }

    /// The views placed and not hidden that are not displayed: cells not in `visibleCells`,
    /// headers not among the visible supplementary views.
    private func undisplayed(_ view: UICollectionView) -> [UICollectionReusableView] {
        let shown = view.visibleCells.map(ObjectIdentifier.init) + view.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).map(ObjectIdentifier.init)
        return view.subviews.compactMap { $0 as? UICollectionReusableView }.filter { !$0.isHidden && !shown.contains(ObjectIdentifier($0)) }
    }

    @Test(
        "A flick gives the items and headers a screen below the view their views at once, placed by the layout and not displayed (no willDisplay, nil from cellForItem(at:) and supplementaryView(forElementKind:at:)); the render side hears the bounds and that screen laid out; at rest they are set aside without didEndDisplaying"
    )
    func aFlickPreparesAScreenAhead() async throws {
        let f = try ScreenFixture()
        let items = Items()
        let view = try await shown(f, items)
        #expect(view.isPrefetchingEnabled)
        #expect(undisplayed(view).isEmpty && items.asked.count == view.visibleCells.count, "at rest only what shows: \(items.asked)")
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        let y = view.contentOffset.y
        // Each section: a header at 162·s, items at 162·s + 30 + 44·i.
        func frames(in range: Range<CGFloat>) -> [CGRect] {
            var out: [CGRect] = []
            for s in 0..<200 {
                let top = CGFloat(s) * 162
                out.append(CGRect(x: 0, y: top, width: 100, height: 30))
                for i in 0..<3 { out.append(CGRect(x: 0, y: top + 30 + 44 * CGFloat(i), width: 100, height: 44)) }
            }
            return out.filter { $0.maxY > range.lowerBound && $0.minY < range.upperBound }
        }
        let ahead = frames(in: (y + 100)..<(y + 200)).filter { $0.minY >= y + 100 }
        #expect(!ahead.isEmpty)
        #expect(undisplayed(view).map(\.frame).sorted { $0.minY < $1.minY } == ahead, "\(undisplayed(view).map(\.frame)) for \(y)")
        #expect(items.displayed == view.indexPathsForVisibleItems, "willDisplay only for what shows: \(items.displayed)")
        for cell in undisplayed(view).compactMap({ $0 as? UICollectionViewCell }) { #expect(!view.visibleCells.contains(cell)) }
        let headerPaths = (0..<200).map { IndexPath(item: 0, section: $0) }.filter { path in ahead.contains { $0.minY == CGFloat(path.section) * 162 } }
        for path in headerPaths { #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: path) == nil) }
        #expect(view.layer.preparedContentRect == CGRect(x: 0, y: y, width: 100, height: 200), "\(view.layer.preparedContentRect)")
        for _ in 0..<600 where view.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        CATransaction.flush()
        #expect(undisplayed(view).isEmpty && view.layer.preparedContentRect == view.bounds)
        #expect(Set(items.ended).isSubset(of: Set(items.displayed)), "didEndDisplaying only for what showed")
        #expect(items.displayed.count == Set(items.displayed).count && Set(items.headersDisplayed).count == items.headersDisplayed.count)
    }

    @Test("The items and headers coming into view take the views prepared for them: the data source is not asked again, and willDisplay comes then")
    func preparedViewsAreTheOnesDisplayed() async throws {
        let f = try ScreenFixture()
        let items = Items()
        let view = try await shown(f, items)
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        var early: [CGFloat: UICollectionReusableView] = [:]
        for prepared in undisplayed(view) { early[prepared.frame.minY] = prepared }
        let count = early.count
        #expect(count >= 2, "a header and an item at least: \(early.keys.sorted())")
        items.asked = []
        items.displayed = []
        items.headersDisplayed = []
        for _ in 0..<30 {  // 168 points on: past the screen prepared at the release
            _ = try await f.screen.renderFrame(readBack: false)
            CATransaction.flush()
            for cell in view.visibleCells {
                guard let prepared = early.removeValue(forKey: cell.frame.minY) else { continue }
                let path = view.indexPath(for: cell)!
                #expect(prepared === cell && !items.asked.contains(path) && items.displayed.contains(path), "\(path)")
            }
            let kind = UICollectionView.elementKindSectionHeader
            for path in view.indexPathsForVisibleSupplementaryElements(ofKind: kind) {
                let header = view.supplementaryView(forElementKind: kind, at: path)!
                guard let prepared = early.removeValue(forKey: header.frame.minY) else { continue }
                #expect(prepared === header && items.headersDisplayed.contains(path.section), "header \(path.section)")
            }
        }
        #expect(early.isEmpty, "every prepared view came into view as itself: \(early.keys.sorted()) left of \(count)")
    }

    @Test("Off: a flick asks for views only as elements come into view")
    func offAsksAsTheyComeIntoView() async throws {
        let f = try ScreenFixture()
        let items = Items()
        let view = try await shown(f, items)
        view.isPrefetchingEnabled = false
        try f.window.flickUp(at: f.screen.mediaTime)
        for _ in 0..<20 {
            _ = try await f.screen.renderFrame(readBack: false)
            CATransaction.flush()
            #expect(undisplayed(view).isEmpty && view.layer.preparedContentRect == view.bounds)
        }
    }

    @Test("reloadData in the middle of a flick sets the early views aside; the next layout asks again for what shows and what is ahead")
    func reloadSetsThemAside() async throws {
        let f = try ScreenFixture()
        let items = Items()
        let view = try await shown(f, items)
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        let before = undisplayed(view).count
        #expect(before > 0)
        items.asked = []
        view.reloadData()
        view.layoutIfNeeded()
        let aheadCells = undisplayed(view).compactMap { $0 as? UICollectionViewCell }.count
        #expect(items.asked.count == view.visibleCells.count + aheadCells, "\(items.asked)")
        #expect(aheadCells > 0)
    }

    @Test("reconfigureItems reconfigures an early cell in place and keeps the others; selecting an item ahead selects its early cell")
    func earlyCellsFollowTheCollection() async throws {
        let f = try ScreenFixture()
        let items = Items()
        let view = try await shown(f, items)
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        let early = undisplayed(view).compactMap { $0 as? UICollectionViewCell }
        let cell = try #require(early.first)
        let others = Set(undisplayed(view).map(ObjectIdentifier.init))
        // Section s's items sit at 162·s + 30 + 44·i.
        let section = Int(cell.frame.minY / 162), item = Int((cell.frame.minY - CGFloat(section) * 162 - 30) / 44)
        let path = IndexPath(item: item, section: section)
        items.asked = []
        view.reconfigureItems(at: [path])
        view.layoutIfNeeded()
        #expect(items.asked == [path], "only the reconfigured item asked again: \(items.asked)")
        #expect(Set(undisplayed(view).map(ObjectIdentifier.init)) == others, "the same early views, the reconfigured one among them")
        view.selectItem(at: path, animated: false, scrollPosition: [])
        #expect(cell.isSelected && view.cellForItem(at: path) == nil)
        view.deselectItem(at: path, animated: false)
        #expect(!cell.isSelected)
    }

    @Test(
        "Through the GPU: frames drawn without the model during a flick count no checkerboard while the render side stays within the screen laid out ahead (bounds and 100 points below at the release), and count 100 points wide times the overshoot past it after",
        .tags(.gpu), .requiresGPU
    )
    func framesShowWhatWasPreparedAhead() async throws {
        let f = try ScreenFixture(gpu: true)
        let items = Items()
        let view = try await shown(f, items)
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        let reach = Double(view.contentOffset.y) + 200
        #expect(view.layer.preparedContentRect?.maxY == CGFloat(reach))
        let sink = f.screen.context.commitSink, size = f.screen.context.pixelSize
        var within = 0, beyond = 0
        for _ in 0..<30 {
            let statistics = try await sink.renderFrame(size: size, clearColor: .white, readBack: false).statistics
            guard case .rect(let bounds)? = statistics.shownValues.first(where: { $0.layer == view.layer._id })?.property.value else { break }
            let past = max(0, bounds.maxY - reach)
            #expect(abs(statistics.checkerboardArea - 100 * min(100, past)) < 1e-6, "\(statistics.checkerboardArea) at \(bounds.minY), laid out to \(reach)")
            if past > 0 { beyond += 1 } else { within += 1 }
        }
        #expect(within > 5 && beyond > 0, "\(within) frames within the screen ahead, \(beyond) past it")
        await f.finish()
    }
}
