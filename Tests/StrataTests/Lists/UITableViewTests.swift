import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// A data source of numbered rows in sections, answering what it is told and logging the
/// delegate calls it hears.
@MainActor
final class NumberedRows: UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var log: [String] = []
    var titles: [Int: String] = [:]
    var height: CGFloat?
    var texts: [IndexPath: String] = [:]
    var cellsAsked = 0

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellsAsked += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.numberOfLines = 0
        cell.textLabel?.text = texts[indexPath] ?? "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles[section] }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { height ?? tableView.rowHeight }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willSelect \(indexPath.row)")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.row)") }
}

/// UITableView against Apple's reference: geometry from heights, cells only for the rows in
/// view and reused while scrolling, self-sizing rows, batches checked and applied, selection by
/// touch. Over a recording sink (no GPU); values read through the public API.
@MainActor
@Suite struct UITableViewTests {
    /// A 320×480 table in a window, rows registered as UITableViewCell.
    func table(_ source: NumberedRows, style: UITableView.Style = .plain, rowHeight: CGFloat? = 50) throws -> (ScreenFixture, UITableView) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: style)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        if let rowHeight { table.rowHeight = rowHeight }
        table.dataSource = source
        table.delegate = source
        f.window.addSubview(table)
        table.layoutIfNeeded()
        return (f, table)
    }

    @Test(
        "Defaults: automaticDimension is -1 and every height defaults to it; plain style on the system background, single-line separators inset 16 on the left, selection allowed, single"
    )
    func defaults() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(UITableView.automaticDimension == -1)
        #expect(table.style == .plain)
        #expect(table.rowHeight == -1 && table.estimatedRowHeight == -1 && table.sectionHeaderHeight == -1 && table.sectionFooterHeight == -1)
        #expect(table.separatorStyle == .singleLine && table.separatorInset == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0))
        #expect(table.allowsSelection && !table.allowsMultipleSelection && !table.isEditing)
        #expect(table.backgroundColor == .systemBackground)
        #expect(UITableView(frame: .zero, style: .insetGrouped).backgroundColor == .systemGroupedBackground)
        #expect(table.numberOfSections == 0, "no data source, no sections")
    }

    @Test(
        "1,000 rows of 50 points in a 480-point table: rows 0…9 in view with 10 cells, row 7 at y 350, content 50,000 high; at offset 1,000 rows 20…29 show and no new cell is made"
    )
    func visibleRowsAndPlaces() throws {
        let source = NumberedRows([1000])
        let (_, table) = try table(source)
        #expect(table.indexPathsForVisibleRows == (0...9).map { IndexPath(row: $0, section: 0) })
        #expect(table.visibleCells.count == 10)
        #expect(table.rectForRow(at: IndexPath(row: 7, section: 0)) == CGRect(x: 0, y: 350, width: 320, height: 50))
        #expect(table.contentSize == CGSize(width: 320, height: 50_000))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 1_234)) == IndexPath(row: 24, section: 0))
        table.contentOffset = CGPoint(x: 0, y: 1000)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 20, section: 0))
        #expect(table.indexPathsForVisibleRows?.last == IndexPath(row: 29, section: 0))
        #expect(table._cellsMade == 10, "all ten cells were reused")
        #expect(table.cellForRow(at: IndexPath(row: 25, section: 0))?.textLabel?.text == "Row 0.25")
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0)) == nil)
    }

    @Test("Scrolling 100,000 rows 7 points a frame for 600 frames makes no more cells than are in view plus one, and asks for only the rows shown")
    func reuseKeepsCellsFew() throws {
        let source = NumberedRows([100_000])
        let (_, table) = try table(source)
        for step in 1...600 {
            table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 7)
            table.layoutIfNeeded()
        }
        #expect(table._cellsMade <= 11, "made \(table._cellsMade)")
        #expect(table.visibleCells.count <= 11)
        // 600 × 7 = 4,200 points = 84 rows passed, each asked for once, plus the first screen.
        #expect(source.cellsAsked <= 84 + 11, "asked \(source.cellsAsked)")
        #expect(table.numberOfRows(inSection: 0) == 100_000)
    }

    @Test("Self-sizing: with automatic heights a one-line row is 44 points and a row of five lines grows to fit; rows not yet shown keep the 44-point estimate")
    func selfSizingRows() throws {
        let source = NumberedRows([30])
        source.texts[IndexPath(row: 1, section: 0)] = Array(repeating: "A long line of text that wraps", count: 5).joined(separator: " ")
        let (_, table) = try table(source, rowHeight: nil)
        let one = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let five = table.rectForRow(at: IndexPath(row: 1, section: 0))
        #expect(one.height == 44)
        #expect(five.height > 88, "wrapped text makes the row taller: \(five.height)")
        #expect(five.minY == 44)
        #expect(table.rectForRow(at: IndexPath(row: 29, section: 0)).height == 44, "an estimate until shown")
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(abs(cell.contentView.frame.height - (44 - 1)) < 0.001, "the content view stops one pixel (1 point at scale 1) above the separator")
    }

    @Test("Headers: a plain table's titled section header is 28 points below 22 of padding; grouped sections are 35 apart with no titles")
    func headerHeights() throws {
        let source = NumberedRows([3, 3])
        source.titles = [0: "First", 1: "Second"]
        let (_, table) = try table(source)
        #expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 22, width: 320, height: 28))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 50)
        #expect(table.rectForHeader(inSection: 1).minY == 222, "50 + 150 + 22")
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "First")

        let grouped = NumberedRows([2, 2])
        let (_, g) = try self.table(grouped, style: .grouped)
        #expect(g.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 35)
        #expect(g.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 170, "35 + 100 + 17.5 + 17.5")
    }

    @Test("Inserting a row at the top keeps each cell on its row: the cell of row 0 shows row 1 after, the inserted row gets a new cell, selection follows its row")
    func insertKeepsCellsOnTheirRows() throws {
        let source = NumberedRows([20])
        let (_, table) = try table(source)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        source.counts = [21]
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        table.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === first)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) !== first)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
        #expect(first.frame.minY == 50)
        #expect(table.numberOfRows(inSection: 0) == 21)
    }

    @Test("A batch that deletes and inserts: deletions name old rows, insertions new ones; counts that add up apply, and the completion runs when the 0.3 s animation ends")
    func batchUpdates() async throws {
        let source = NumberedRows([5, 5])
        let (f, table) = try table(source)
        _ = try await f.screen.renderFrame()
        let moved = try #require(table.cellForRow(at: IndexPath(row: 0, section: 1)))
        source.counts = [4, 6]
        var done = false
        table.performBatchUpdates(
            {
                table.deleteRows(at: [IndexPath(row: 4, section: 0)], with: .fade)
                table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .fade)
            },
            completion: { _ in done = true })
        #expect(table.numberOfRows(inSection: 0) == 4 && table.numberOfRows(inSection: 1) == 6)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 200)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1)) === moved, "the old first row of section 1 is its second now")
        #expect(moved.frame.minY == 250)
        for _ in 0..<10 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(!done, "not before the animation ends")
        for _ in 0..<20 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(done)
    }

    @Test("Counts that do not add up trap with UIKit's message")
    func inconsistentBatchTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = NumberedRows([5])
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                table.dataSource = source
                window.addSubview(table)
                table.layoutIfNeeded()
                source.counts = [7]
                table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Invalid update: invalid number of rows in section 0"), "\(message)")
    }

    @Test("UIKit's message names the section and the numbers")
    func inconsistencyMessage() {
        let message = _tableUpdateInconsistency(inserted: [IndexPath(row: 0, section: 0)], deleted: [], oldCounts: [5], newCounts: [7])
        #expect(
            message
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (7) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        )
    }

    @Test("Dequeuing an unregistered identifier traps")
    func unregisteredIdentifierTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                _ = table.dequeueReusableCell(withIdentifier: "nothing", for: IndexPath(row: 0, section: 0))
            }
        }
    }

    @Test("A tap selects the row under it through the delegate (willSelect, didSelect), a tap on another moves the single selection (didDeselect first), and the cell shows it")
    func tapsSelect() throws {
        let source = NumberedRows([20])
        let (f, table) = try table(source)
        try f.window.tap(100, 125, at: 1)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        try f.window.tap(100, 275, at: 2)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
        #expect(source.log == ["willSelect 2", "didSelect 2", "willSelect 5", "didDeselect 2", "didSelect 5"])
        table.deselectRow(at: IndexPath(row: 5, section: 0), animated: false)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test("Multiple selection: taps add rows and a tap on a selected row deselects it")
    func multipleSelection() throws {
        let source = NumberedRows([20])
        let (f, table) = try table(source)
        table.allowsMultipleSelection = true
        try f.window.tap(100, 25, at: 1)
        try f.window.tap(100, 75, at: 2)
        try f.window.tap(100, 25, at: 3)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    }

    @Test("scrollToRow: .top puts row 30 at the top (offset 1,500), .bottom puts its bottom at the bottom (1,070), .none scrolls as little as shows it")
    func scrollToRow() throws {
        let source = NumberedRows([100])
        let (_, table) = try table(source)
        table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 1500)
        table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == 1070)
        table.scrollToRow(at: IndexPath(row: 31, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == 1120)
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 4520, "kept within the content: 5,000 − 480")
    }

    @Test("Cell styles at 320 points: text 16 in from the leading edge; value1's detail ends 16 from the trailing edge; a disclosure indicator narrows the content view")
    func cellStyles() {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel?.text = "Wi-Fi"
        cell.detailTextLabel?.text = "Home"
        cell.layoutIfNeeded()
        #expect(cell.textLabel?.frame.minX == 16)
        #expect(cell.detailTextLabel.map { abs($0.frame.maxX - 304) < 0.001 } == true)
        #expect(cell.contentView.frame.width == 320)
        cell.accessoryType = .disclosureIndicator
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.width == 296, "320 less the 8-point chevron and its 16-point margin")
        let subtitle = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        #expect(subtitle.detailTextLabel?.font.pointSize == 12)
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
    }

    @Test("A list content configuration replaces the classic labels: text at the 16-point margin, and a value cell's secondary text trailing")
    func contentConfiguration() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        var content = UIListContentConfiguration.valueCell()
        content.text = "Name"
        content.secondaryText = "Value"
        cell.contentConfiguration = content
        cell.layoutIfNeeded()
        let view = cell.contentView.subviews.compactMap { $0 as? UIListContentView }.first
        #expect(view != nil)
        #expect(view?.frame == cell.contentView.bounds)
        #expect(cell.defaultContentConfiguration().textProperties.font.pointSize == 17)
    }

    @Test("Prefetching: rows within a screen below the view are announced before they show")
    func prefetching() throws {
        final class Prefetcher: UITableViewDataSourcePrefetching {
            var asked: [IndexPath] = []
            func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) { asked += indexPaths }
        }
        let source = NumberedRows([100])
        let prefetcher = Prefetcher()
        let (_, table) = try table(source)
        table.prefetchDataSource = prefetcher
        table.setNeedsLayout()
        table.layoutIfNeeded()
        #expect(prefetcher.asked.first == IndexPath(row: 10, section: 0))
        #expect(prefetcher.asked.contains(IndexPath(row: 19, section: 0)))
        #expect(!prefetcher.asked.contains(IndexPath(row: 5, section: 0)), "shown rows are not prefetched")
    }

    @Test("A diffable data source shows its snapshot and applies the differences: 10 items, then 3 deleted and 2 inserted")
    func diffableDataSource() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
            cell.textLabel?.text = item
            return cell
        }
        f.window.addSubview(table)
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<10).map { "item \($0)" })
        source.apply(snapshot, animatingDifferences: false)
        table.layoutIfNeeded()
        #expect(table.numberOfRows(inSection: 0) == 10)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "item 3")
        var next = source.snapshot()
        next.deleteItems(["item 0", "item 1", "item 2"])
        next.insertItems(["new A", "new B"], beforeItem: "item 5")
        source.apply(next, animatingDifferences: true)
        table.layoutIfNeeded()
        #expect(table.numberOfRows(inSection: 0) == 9)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "new A")
        #expect(source.itemIdentifier(for: IndexPath(row: 0, section: 0)) == "item 3")
        #expect(source.indexPath(for: "item 9") == IndexPath(row: 8, section: 0))
    }

    @Test("Separators start where the text does: past a 29-point image at 16 + 29 + 16 = 61; a separator inset set on the table is used as it is")
    func separatorsFollowTheText() throws {
        final class Icons: UITableViewDataSource {
            let icon = UIGraphicsImageRenderer(size: CGSize(width: 29, height: 29)).image { context in
                UIColor.systemBlue.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 29, height: 29))
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = "Row"
                content.image = icon
                cell.contentConfiguration = content
                return cell
            }
        }
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let table = UITableView(frame: f.window.bounds)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = Icons()
        table.dataSource = source
        f.window.addSubview(table)
        table.layoutIfNeeded()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(cell._separatorFrame.minX == 61 && cell._separatorFrame.maxX == 320)
        table.separatorInset = UIEdgeInsets(top: 0, left: 30, bottom: 0, right: 10)
        table.layoutIfNeeded()
        cell.layoutIfNeeded()
        #expect(cell._separatorFrame.minX == 30 && cell._separatorFrame.maxX == 310)
    }

    @Test("Reloading a row of a fixed-height table keeps its height (50), and a self-sizing row is measured again")
    func reloadKeepsFixedHeights() throws {
        let source = NumberedRows([10])
        let (_, table) = try table(source)
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 100, width: 320, height: 50))
        let sizing = NumberedRows([10])
        let (_, selfSizing) = try self.table(sizing, rowHeight: nil)
        sizing.texts[IndexPath(row: 2, section: 0)] = Array(repeating: "A long line of text that wraps", count: 5).joined(separator: " ")
        selfSizing.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        selfSizing.layoutIfNeeded()
        #expect(selfSizing.rectForRow(at: IndexPath(row: 2, section: 0)).height > 88, "measured again for its new text")
        #expect(selfSizing.rectForRow(at: IndexPath(row: 1, section: 0)).height == 44)
    }
}
