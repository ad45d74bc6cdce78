import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// A cell laid out by Auto Layout: a multi-line label pinned 20 points inside the content view.
final class ConstrainedCell: UITableViewCell {
    let label = UILabel()
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 20),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -20),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }
    required init?(coder: NSCoder) { nil }
}

/// A header view class registered with the table.
final class BannerHeader: UITableViewHeaderFooterView {
    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.backgroundColor = .systemYellow
    }
    required init?(coder: NSCoder) { nil }
}

/// Rows with editing, moving, display logging and registered headers.
@MainActor
final class EditableRows: UITableViewDataSource, UITableViewDelegate {
    var rows: [String]
    var log: [String] = []
    var trailing: UISwipeActionsConfiguration?
    var headerHeight: CGFloat?

    init(_ count: Int) { rows = (0..<count).map { "Item \($0)" } }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        log.append("commit \(editingStyle == .delete ? "delete" : "insert") \(indexPath.row)")
        rows.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.append("move \(sourceIndexPath.row) to \(destinationIndexPath.row)")
        rows.insert(rows.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) { log.append("willDisplay \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        log.append("didEndDisplaying \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { trailing }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        headerHeight == nil ? nil : tableView.dequeueReusableHeaderFooterView(withIdentifier: "banner")
    }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { headerHeight ?? tableView.sectionHeaderHeight }
}

/// UITableView's behaviour over time and touch: animations on the virtual clock, display
/// callbacks, swipe actions, editing and reordering, registered views, self-sizing through Auto
/// Layout, refresh control, the table view controller.
@MainActor
@Suite struct UITableViewBehaviourTests {
    func table(_ source: EditableRows, rowHeight: CGFloat = 50) throws -> (ScreenFixture, UITableView) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.register(BannerHeader.self, forHeaderFooterViewReuseIdentifier: "banner")
        table.rowHeight = rowHeight
        table.dataSource = source
        table.delegate = source
        f.window.addSubview(table)
        table.layoutIfNeeded()
        return (f, table)
    }

    @Test("willDisplay for each row as it comes into view, didEndDisplaying as it leaves: scrolling 100 points shows rows 10 and 11 and ends rows 0 and 1")
    func displayCallbacks() throws {
        let source = EditableRows(40)
        let (_, table) = try table(source)
        #expect(source.log == (0...9).map { "willDisplay \($0)" })
        source.log = []
        table.contentOffset.y = 100
        table.layoutIfNeeded()
        #expect(Set(source.log) == ["didEndDisplaying 0", "didEndDisplaying 1", "willDisplay 10", "willDisplay 11"])
        #expect(source.log.firstIndex(of: "didEndDisplaying 0")! < source.log.firstIndex(of: "willDisplay 10")!, "cells leave before new ones come")
    }

    @Test("An inserted row fades in over 0.3 s and the rows below slide down: half way (0.15 s) the new cell is half opaque and the old first row's center is 25 points lower")
    func insertAnimatesOnTheClock() async throws {
        let source = EditableRows(20)
        let (f, table) = try table(source)
        _ = try await f.screen.renderFrame()
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        source.rows.insert("New", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(first.frame.minY == 50, "the model is at the end at once")
        _ = try await f.screen.renderFrame()  // the commit that starts the animations
        for _ in 0..<9 { _ = try await f.screen.renderFrame(readBack: false) }
        let opacity = try #require(inserted.layer.presentation()).opacity
        let center = try #require(first.layer.presentation()).position.y
        #expect(abs(Double(opacity) - 0.5) < 0.12, "opacity half way: \(opacity)")
        #expect(abs(center - 50) < 6, "center half way from 25 to 75: \(center)")
        for _ in 0..<15 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(try #require(inserted.layer.presentation()).opacity == 1)
    }

    @Test("A pan to the left on a row with trailing actions reveals its button (74 points or the title's width plus 30) and a tap on it runs the handler, which can delete the row")
    func swipeRevealsActions() async throws {
        let source = EditableRows(10)
        var ran: [String] = []
        let (f, table) = try table(source)
        source.trailing = UISwipeActionsConfiguration(actions: [
            UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                ran.append("delete")
                source.rows.remove(at: 1)
                table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
                done(true)
            }
        ])
        #expect(source.trailing?.actions.first?.backgroundColor == .systemRed)
        try f.window.down(1, 280, 75, at: 1)
        try f.window.move(1, 240, 75, at: 1.05)
        try f.window.move(1, 190, 75, at: 1.1)
        try f.window.move(1, 170, 75, at: 1.15)
        try f.window.up(1, 170, 75, at: 1.2)
        for _ in 0..<30 { _ = try await f.screen.renderFrame(readBack: false) }
        let buttons = table._swipeButtons
        #expect(buttons.count == 1 && buttons.first?.title == "Delete")
        let frame = try #require(buttons.first?.frame)
        #expect(frame.maxX == 320 && frame.minY == 50 && frame.height == 50 && frame.width >= 74)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.minX == -frame.width, "the cell slid over by the buttons' width")
        #expect(table.indexPathForSelectedRow == nil, "a swipe does not select")
        try f.window.tap(frame.midX, frame.midY, at: 2)
        #expect(ran == ["delete"])
        #expect(table.numberOfRows(inSection: 0) == 9)
    }

    @Test(
        "Editing: cells show the delete control and move their content 38 points over; a tap on the control shows the row's Delete button, and a tap on it commits the delete through the data source"
    )
    func editingDeletes() throws {
        let source = EditableRows(10)
        let (f, table) = try table(source)
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(cell.isEditing && cell.editingStyle == .delete)
        #expect(cell.contentView.frame.minX == 38)
        try f.window.tap(19, 125, at: 1)
        #expect(!source.log.contains("commit delete 2"), "a delete control asks first")
        let button = try #require(table._swipeButtons.first)
        #expect(button.title == "Delete" && button.frame.maxX == 320 && button.frame.minY == 100)
        try f.window.tap(button.frame.midX, button.frame.midY, at: 2)
        #expect(source.log.contains("commit delete 2"))
        #expect(table.numberOfRows(inSection: 0) == 9)
        #expect(table._swipeButtons.isEmpty, "the row and its button are gone")
        #expect(table.indexPathForSelectedRow == nil, "selection is off while editing")
    }

    @Test("With no trailing configuration, a data source that lets rows edit gets UIKit's default Delete swipe, committing .delete; one that does not gets none")
    func defaultDeleteSwipe() async throws {
        let source = EditableRows(10)
        let (f, table) = try table(source)
        try f.window.down(1, 280, 75, at: 1)
        for (i, x) in [240.0, 190, 170].enumerated() { try f.window.move(1, x, 75, at: 1.05 + Double(i) * 0.05) }
        try f.window.up(1, 170, 75, at: 1.2)
        for _ in 0..<30 { _ = try await f.screen.renderFrame(readBack: false) }
        let button = try #require(table._swipeButtons.first)
        #expect(button.title == "Delete")
        try f.window.tap(button.frame.midX, button.frame.midY, at: 2)
        #expect(source.log.contains("commit delete 1") && table.numberOfRows(inSection: 0) == 9)

        final class ReadOnly: UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            }
            func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
        }
        let readOnly = ReadOnly()
        table.dataSource = readOnly
        table.layoutIfNeeded()
        try f.window.down(1, 280, 75, at: 3)
        for (i, x) in [240.0, 190, 170].enumerated() { try f.window.move(1, x, 75, at: 3.05 + Double(i) * 0.05) }
        try f.window.up(1, 170, 75, at: 3.2)
        #expect(table._swipeButtons.isEmpty)
    }

    @Test("A reloaded section may change its count (it is deleted and inserted again); nested batches run their completions after the outer one, inner first")
    func reloadSectionsAndNestedCompletions() async throws {
        let source = EditableRows(5)
        let (f, table) = try table(source)
        source.rows += ["Item 5", "Item 6"]
        table.reloadSections(IndexSet(integer: 0), with: .none)
        #expect(table.numberOfRows(inSection: 0) == 7)
        var order: [String] = []
        table.performBatchUpdates(
            {
                source.rows.append("Item 7")
                table.insertRows(at: [IndexPath(row: 7, section: 0)], with: .fade)
                table.performBatchUpdates(nil, completion: { _ in order.append("inner") })
            }, completion: { _ in order.append("outer") })
        #expect(order.isEmpty)
        for _ in 0..<30 { _ = try await f.screen.renderFrame(readBack: false) }
        await nextTurn()
        #expect(order == ["inner", "outer"])
    }

    @Test("A batch that deletes and moves the same row traps with UIKit's message")
    func deleteAndMoveTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = EditableRows(5)
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                let table = UITableView(frame: window.bounds)
                table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                table.dataSource = source
                window.addSubview(table)
                table.layoutIfNeeded()
                source.rows.removeLast()
                table.performBatchUpdates {
                    table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
                    table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0))
                }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("attempt to delete and move the same row"), "\(message)")
    }

    @Test("Reordering: in editing mode a drag on row 1's grip to row 4 tells the data source (moveRowAt 1 to 4) and the table shows the row there")
    func reorderMovesARow() throws {
        let source = EditableRows(10)
        let (f, table) = try table(source)
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        try f.window.down(1, 300, 75, at: 1)
        try f.window.move(1, 300, 150, at: 1.1)
        try f.window.move(1, 300, 225, at: 1.2)
        try f.window.move(1, 300, 230, at: 1.3)
        try f.window.up(1, 300, 230, at: 1.4)
        #expect(source.log.contains("move 1 to 4"), "\(source.log)")
        #expect(source.rows[4] == "Item 1")
        table.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.textLabel?.text == "Item 1")
        #expect(table.contentOffset.y == 0, "the table did not scroll")
    }

    @Test("A registered header class is dequeued by the delegate and placed at its height; a table header view pushes the sections down")
    func registeredHeaderAndTableHeader() throws {
        let source = EditableRows(5)
        source.headerHeight = 40
        let (_, table) = try table(source)
        table.reloadData()
        table.layoutIfNeeded()
        let header = try #require(table.headerView(forSection: 0))
        #expect(header is BannerHeader && header.reuseIdentifier == "banner")
        #expect(header.frame == CGRect(x: 0, y: 22, width: 320, height: 40))
        let banner = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 100))
        table.tableHeaderView = banner
        table.layoutIfNeeded()
        #expect(banner.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 162, "100 + 22 + 40")
    }

    @Test("A self-sizing cell laid out by Auto Layout is as tall as systemLayoutSizeFitting says for its content view, plus the separator")
    func autoLayoutSelfSizing() throws {
        final class Source: UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! ConstrainedCell
                cell.label.text = String(repeating: "Words that wrap across the cell. ", count: indexPath.row * 3 + 1)
                return cell
            }
        }
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(ConstrainedCell.self, forCellReuseIdentifier: "c")
        let source = Source()
        table.dataSource = source
        f.window.addSubview(table)
        table.layoutIfNeeded()
        let probe = ConstrainedCell(style: .default, reuseIdentifier: nil)
        probe.label.text = String(repeating: "Words that wrap across the cell. ", count: 7)
        let fitted = probe.contentView.systemLayoutSizeFitting(
            CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let row = table.rectForRow(at: IndexPath(row: 2, section: 0))
        #expect(abs(row.height - (fitted.height + 1)) < 0.01, "row \(row.height), fitted \(fitted.height)")
        #expect(row.height > table.rectForRow(at: IndexPath(row: 0, section: 0)).height)
    }

    @Test(
        "A refresh control pulled 100 points past the top of a 480-point table (trigger 95) sends valueChanged on release and holds the content 60 points down until endRefreshing")
    func refreshControl() async throws {
        let source = EditableRows(30)
        let (f, table) = try table(source)
        let refresh = UIRefreshControl()
        var refreshed = 0
        refresh.addAction(UIAction { _ in refreshed += 1 }, for: .valueChanged)
        table.refreshControl = refresh
        try f.window.down(1, 160, 100, at: 1)
        for i in 1...20 { try f.window.move(1, 160, 100 + Double(i) * 12, at: 1 + Double(i) * 0.02) }
        try f.window.up(1, 160, 340, at: 1.5)
        #expect(refreshed == 1 && refresh.isRefreshing)
        #expect(table.adjustedContentInset.top == 60)
        for _ in 0..<60 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(table.contentOffset.y == -60, "resting under the control")
        refresh.endRefreshing()
        for _ in 0..<30 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(!refresh.isRefreshing && table.contentOffset.y == 0 && table.adjustedContentInset.top == 0)
    }

    @Test(
        "UITableViewController: its view is its table, it is the data source and delegate, a subclass's overrides give the rows, and it clears the selection when the view appears")
    func tableViewController() throws {
        final class Numbers: UITableViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "n")
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 12 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "n", for: indexPath)
                cell.textLabel?.text = "\(indexPath.row * indexPath.row)"
                return cell
            }
        }
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let controller = Numbers(style: .insetGrouped)
        #expect(controller.clearsSelectionOnViewWillAppear)
        f.window.rootViewController = controller
        controller.view.layoutIfNeeded()
        #expect(controller.view === controller.tableView)
        #expect(controller.tableView.dataSource === controller && controller.tableView.style == .insetGrouped)
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "9")
        let row = controller.tableView.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(row.minX == 16 && row.width == 288, "inset grouped rows sit 16 points in at 320 points wide")
        controller.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        controller.viewWillAppear(false)
        #expect(controller.tableView.indexPathForSelectedRow == nil)
    }

    @Test("A plain table's section header stays pinned to the top while its section scrolls under it, and is pushed up by the next section")
    func plainHeadersPin() throws {
        final class Sections: UITableViewDataSource {
            func numberOfSections(in tableView: UITableView) -> Int { 3 }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            }
            func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
        }
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 50
        let source = Sections()
        table.dataSource = source
        f.window.addSubview(table)
        table.contentOffset.y = 200
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 0)?.frame.minY == 200, "pinned at the visible top")
        // Section 0 ends at 22 + 28 + 500 = 550; at offset 530 its header (28 high) is pushed up to 522.
        table.contentOffset.y = 530
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 0)?.frame.minY == 522)
        #expect(table.rectForHeader(inSection: 1).minY == 572)
    }

    @Test("A UITableView subclass overrides what UIKit lets it: reloadData, setEditing, selectRow and performBatchUpdates reach the subclass first")
    func subclassesOverride() throws {
        final class LoggingTable: UITableView {
            var log: [String] = []
            override func reloadData() {
                log.append("reloadData")
                super.reloadData()
            }
            override func setEditing(_ editing: Bool, animated: Bool) {
                log.append("setEditing \(editing)")
                super.setEditing(editing, animated: animated)
            }
            override func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition) {
                log.append("selectRow \(indexPath?.row ?? -1)")
                super.selectRow(at: indexPath, animated: animated, scrollPosition: scrollPosition)
            }
            override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
                log.append("performBatchUpdates")
                super.performBatchUpdates(updates, completion: completion)
            }
        }
        let source = EditableRows(5)
        let table = LoggingTable(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.layoutIfNeeded()
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        table.setEditing(true, animated: false)
        table.performBatchUpdates(nil)
        #expect(table.log == ["reloadData", "selectRow 1", "setEditing true", "performBatchUpdates"])
        #expect(table.indexPathForSelectedRow == nil, "editing cleared the selection")
    }
}
