import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// List cells' accessories and outlines: where the accessories sit and how much room the content
/// keeps, editing accessories shown only while editing, and an outline expanded by its chevron.
@MainActor
@Suite struct UICollectionViewListCellTests {
    @Test("Trailing accessories: a chevron 16 points in from the trailing edge, a label 8 points before it, the content view ending 8 points before that")
    func trailingAccessories() throws {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        cell.accessories = [.disclosureIndicator(), .label(text: "12")]
        cell.layoutIfNeeded()
        let frames = cell._accessoryFrames
        try #require(frames.count == 2)
        #expect(frames[0].maxX == 304 && frames[0].width == 8, "the chevron: \(frames[0])")
        #expect(frames[1].maxX == frames[0].minX - 8, "the label: \(frames[1])")
        #expect(abs(frames[0].midY - 22) <= 0.5, "centred vertically")
        #expect(cell.contentView.frame.maxX == frames[1].minX - 8)
    }

    @Test("Editing accessories show only while editing: a delete control leading (38 points) moves the content over; a when-not-editing checkmark goes away")
    func editingAccessories() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        cell.accessories = [.delete(), .checkmark(displayed: .whenNotEditing)]
        cell.layoutIfNeeded()
        #expect(cell._accessoryFrames.count == 1 && cell._accessoryFrames[0].maxX == 304, "the checkmark alone")
        #expect(cell.contentView.frame.minX == 0)
        cell.isEditing = true
        cell.layoutIfNeeded()
        #expect(cell._accessoryFrames == [CGRect(x: 0, y: 0, width: 38, height: 44)], "the delete control alone")
        #expect(cell.contentView.frame.minX == 38 && cell.contentView.frame.maxX == 320)
    }

    @Test("An outline from a section snapshot: one collapsed parent shows alone; a tap on its chevron expands it, its three children indented one level")
    func outlineExpandsByItsChevron() async throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
        let collection = UICollectionView(frame: f.window.bounds, collectionViewLayout: layout)
        f.window.addSubview(collection)
        let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = item == "Fruit" ? [.outlineDisclosure()] : []
        }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: collection) { view, path, item in
            view.dequeueConfiguredReusableCell(using: cells, for: path, item: item)
        }
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Fruit"])
        outline.append(["Apple", "Pear", "Plum"], to: "Fruit")
        source.apply(outline, to: 0, animatingDifferences: false)
        collection.layoutIfNeeded()
        #expect(collection.numberOfItems(inSection: 0) == 1)
        let parent = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        let chevron = try #require(parent._accessoryFrames.first)
        let point = parent.convert(CGPoint(x: chevron.midX, y: chevron.midY), to: f.window)
        try f.window.tap(point.x, point.y, at: 1)
        for _ in 0..<30 { _ = try await f.screen.renderFrame(readBack: false) }
        collection.layoutIfNeeded()
        #expect(collection.numberOfItems(inSection: 0) == 4)
        #expect(source.snapshot(for: 0).isExpanded("Fruit"))
        let child = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? UICollectionViewListCell)
        #expect(child.indentationLevel == 1)
        #expect(source.itemIdentifier(for: IndexPath(item: 2, section: 0)) == "Pear")
    }
}
