import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// UITableView's cell prefetching (`isPrefetchingEnabled`, UIKit's since iOS 15: "the table view
/// may request cells in advance of displaying them"): while a motion the render side shows moves
/// the content, rows up to a screen ahead get their cells early, undisplayed. Over a recording
/// sink: the frames advance the clock, the cells and calls are read through the public API.
@MainActor
@Suite struct UITableViewCellPrefetchingTests {
    /// 1,000 rows of 44 points; logs the data source's and the delegate's calls by row.
    final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate, UITableViewDataSourcePrefetching {
        var asked: [Int] = [], displayed: [Int] = [], ended: [Int] = [], prefetched: [Int] = [], cancelled: [Int] = []
        /// The data source's calls in order: "cell N", "prefetch N".
        var calls: [String] = []
        var count = 1000
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked.append(indexPath.row)
            calls.append("cell \(indexPath.row)")
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "\(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) { displayed.append(indexPath.row) }
        func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) { ended.append(indexPath.row) }
        func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
            prefetched += indexPaths.map(\.row)
            calls += indexPaths.map { "prefetch \($0.row)" }
        }
        func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) { cancelled += indexPaths.map(\.row) }
    }

    /// A 100 × 100 table of `rows` shown in `f`'s window, rendered once.
    private func shown(_ f: ScreenFixture, _ rows: Rows) async throws -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        table.prefetchDataSource = rows
        f.window.addSubview(table)
        _ = try await f.screen.renderFrame(readBack: false)
        return table
    }

    /// The table's cells that are placed and not hidden but not displayed.
    private func undisplayed(_ table: UITableView) -> [UITableViewCell] {
        table.subviews.compactMap { $0 as? UITableViewCell }.filter { !$0.isHidden && !table.visibleCells.contains($0) }
    }

    @Test("Prefetching is on by default; at rest and while dragging no row out of view has a cell, so the data source is asked for the 3 rows in view only")
    func onByDefaultAndOnlyInMotion() async throws {
        let f = try ScreenFixture()
        let rows = Rows()
        let table = try await shown(f, rows)
        #expect(table.isPrefetchingEnabled)
        #expect(rows.asked == [0, 1, 2] && undisplayed(table).isEmpty)
        let t = f.screen.mediaTime
        try f.window.down(1, 50, 90, at: t)
        try f.window.move(1, 50, 78, at: t + 0.1)
        try f.window.move(1, 50, 48, at: t + 0.2)  // 30 points: rows 0...2 in view
        table.layoutIfNeeded()
        #expect(table.contentOffset.y == 30 && rows.asked == [0, 1, 2] && undisplayed(table).isEmpty, "\(rows.asked)")
        try f.window.move(1, 50, 48, at: t + 0.6)
        try f.window.up(1, 50, 48, at: t + 0.7)  // a slow release: no motion
        table.layoutIfNeeded()
        #expect(undisplayed(table).isEmpty)
    }

    @Test(
        "In a flick the rows a screen below the view get cells at once (asked, placed, not displayed, no didEndDisplaying when set aside); when the content comes to rest they are set aside, leaving only the rows in view placed"
    )
    func aFlickPreparesAScreenAhead() async throws {
        let f = try ScreenFixture()
        let rows = Rows()
        let table = try await shown(f, rows)
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        let y = table.contentOffset.y  // the release's offset
        let lastInView = Int(((y + 100) / 44).rounded(.up)) - 1, lastAhead = Int(((y + 200) / 44).rounded(.up)) - 1
        #expect(Set(rows.asked) == Set(0...lastAhead), "rows to \(y + 200) asked for: \(rows.asked)")
        #expect(undisplayed(table).map { Int($0.frame.minY / 44) }.sorted() == Array((lastInView + 1)...lastAhead))
        #expect(rows.displayed == table.indexPathsForVisibleRows!.map(\.row), "willDisplay only for the rows in view: \(rows.displayed)")
        for _ in 0..<600 where table.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        CATransaction.flush()
        #expect(!table.isDecelerating && undisplayed(table).isEmpty, "at rest: \(undisplayed(table).map(\.frame))")
        #expect(Set(rows.ended).isSubset(of: Set(rows.displayed)), "didEndDisplaying only for rows that were displayed: \(rows.ended)")
        #expect(rows.displayed.count == Set(rows.displayed).count, "each row displayed once")
    }

    @Test("Off: a flick asks only for rows as they come into view, and the prefetching data source is not told of any (UIKit: turning it off disables data prefetching too)")
    func offAsksAsRowsComeIntoView() async throws {
        let f = try ScreenFixture()
        let rows = Rows()
        let table = try await shown(f, rows)
        #expect(!rows.prefetched.isEmpty, "on: rows within a screen below the view are announced: \(rows.prefetched)")
        table.isPrefetchingEnabled = false
        rows.prefetched = []
        try f.window.flickUp(at: f.screen.mediaTime)
        for _ in 0..<20 {
            _ = try await f.screen.renderFrame(readBack: false)
            CATransaction.flush()
            #expect(undisplayed(table).isEmpty)
            #expect(Set(rows.asked) == Set(0...table.indexPathsForVisibleRows!.last!.row), "\(rows.asked)")
        }
        #expect(rows.prefetched.isEmpty, "\(rows.prefetched)")
    }

    @Test("reloadData in the middle of a flick sets the early cells aside: the next layout asks for the rows in view and ahead again, with the new data")
    func reloadSetsThemAside() async throws {
        let f = try ScreenFixture()
        let rows = Rows()
        let table = try await shown(f, rows)
        try f.window.flickUp(at: f.screen.mediaTime)
        CATransaction.flush()
        let early = Set(undisplayed(table).map { ObjectIdentifier($0) })
        #expect(!early.isEmpty)
        rows.asked = []
        rows.count = 500
        table.reloadData()
        table.layoutIfNeeded()
        let inView = table.indexPathsForVisibleRows!.map(\.row)
        let ahead = undisplayed(table).map { Int($0.frame.minY / 44) }.sorted()
        #expect(Set(rows.asked) == Set(inView + ahead), "asked again: \(rows.asked), in view \(inView), ahead \(ahead)")
        #expect(!ahead.isEmpty && ahead.first == inView.last! + 1)
        #expect(table.visibleCells.allSatisfy { $0.textLabel?.text == "\(table.indexPath(for: $0)!.row)" })
    }

    @Test(
        "Flicked down, a table of 44-point rows prepares the rows a screen above the view; self-sizing rows above that were never measured are not prepared (measuring them would move the rows in view)"
    )
    func upwardsWhereTheHeightsAreKnown() async throws {
        for fixed in [false, true] {
            let f = try ScreenFixture()
            let rows = Rows()
            let table = try await shown(f, rows)
            if fixed { table.rowHeight = 44 }
            table.contentOffset = CGPoint(x: 0, y: 2000)
            _ = try await f.screen.renderFrame(readBack: false)
            let t = f.screen.mediaTime
            try f.window.down(1, 50, 10, at: t)
            try f.window.move(1, 50, 22, at: t + 0.02)
            try f.window.move(1, 50, 32, at: t + 0.04)
            try f.window.move(1, 50, 42, at: t + 0.06)
            try f.window.up(1, 50, 42, at: t + 0.06)
            CATransaction.flush()
            let y = table.contentOffset.y
            #expect(table.isDecelerating && y < 2000)
            let above = undisplayed(table).map { Int($0.frame.minY / 44) }.sorted()
            guard fixed else {
                #expect(above.isEmpty && table.layer.preparedContentRect == table.bounds, "estimated heights above: \(above)")
                continue
            }
            #expect(above == Array(Int((y - 100) / 44)...(Int(y / 44) - 1)), "a screen above \(y): \(above)")
            #expect(table.layer.preparedContentRect == CGRect(x: 0, y: CGFloat(above.first!) * 44, width: 100, height: y + 100 - CGFloat(above.first!) * 44))
        }
    }

    @Test("The prefetching data source hears of each row ahead before the data source is asked for its cell")
    func dataPrefetchingComesFirst() async throws {
        let f = try ScreenFixture()
        let rows = Rows()
        let table = try await shown(f, rows)
        try f.window.flickUp(at: f.screen.mediaTime)
        for _ in 0..<30 {
            _ = try await f.screen.renderFrame(readBack: false)
            CATransaction.flush()
        }
        let ahead = Set(undisplayed(table).map { Int($0.frame.minY / 44) })
        #expect(!ahead.isEmpty)
        for (i, call) in rows.calls.enumerated() where call.hasPrefix("cell ") {
            let row = call.dropFirst(5)
            guard Int(row)! > 3 else { continue }  // rows 0...3 showed before the flick
            #expect(rows.calls[..<i].contains("prefetch \(row)"), "row \(row) asked for before it was announced: \(rows.calls.prefix(i + 1).suffix(8))")
        }
    }

    @Test(
        "The early cells follow the table: a selected row's early cell is selected, reconfigureRows reconfigures it in place, and they go when a touch stops the motion, when prefetching is turned off (which cancels the announced rows) and when the data source goes"
    )
    func earlyCellsFollowTheTable() async throws {
        for ending in ["touch", "off", "no data source"] {
            let f = try ScreenFixture()
            let rows = Rows()
            let table = try await shown(f, rows)
            try f.window.flickUp(at: f.screen.mediaTime)
            CATransaction.flush()
            let early = undisplayed(table)
            let first = try #require(early.min { $0.frame.minY < $1.frame.minY })
            let row = IndexPath(row: Int(first.frame.minY / 44), section: 0)
            table.selectRow(at: row, animated: false, scrollPosition: .none)
            #expect(first.isSelected && table.cellForRow(at: row) == nil)
            rows.asked = []
            table.reconfigureRows(at: [row])
            table.layoutIfNeeded()
            #expect(rows.asked == [row.row] && undisplayed(table).contains { $0 === first }, "reconfigured in place: \(rows.asked)")
            switch ending {
            case "touch":
                try f.window.down(9, 50, 50, at: f.screen.mediaTime + 0.1)
                #expect(!table.isDecelerating)
                table.layoutIfNeeded()
                try f.window.up(9, 50, 50, at: f.screen.mediaTime + 0.15)
            case "off":
                let announced = rows.prefetched.count
                table.isPrefetchingEnabled = false
                table.layoutIfNeeded()
                #expect(announced > 0 && !rows.cancelled.isEmpty, "announced rows cancelled: \(rows.cancelled)")
            default:
                table.dataSource = nil
                table.layoutIfNeeded()
            }
            #expect(undisplayed(table).isEmpty, "\(ending): \(undisplayed(table).map(\.frame))")
            #expect(table.layer.preparedContentRect == table.bounds || ending == "no data source")
        }
    }
}
