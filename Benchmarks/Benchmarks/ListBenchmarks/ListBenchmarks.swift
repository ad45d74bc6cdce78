// Main-thread cost of lists, each against a reference measured in the same iteration:
//   - reloadData of a 10,000-row table shown in a 390×844 window, laid out again: the table
//     (counts, heights, reuse, the visible rows' cells) against the least the screen needs, the
//     same visible cells configured and placed by hand;
//   - a diffable apply of 10,000 items with 100 changes (41 deleted, 40 inserted, 20 swapped) to
//     a shown table: the snapshot diff, the batch and the relayout, against Swift's own
//     CollectionDifference of the same two arrays (which finds inserts and removals only);
//   - scrolling a 100,000-row table of self-sizing cells (a label and an image each) at 390×844
//     @3, flicked 60 points a frame: the main thread's work per frame (scroll, layout, reuse,
//     measuring new rows, commit);
//   - the render side's scrolling (ScrollingBenchmarks.swift).
//   cd Benchmarks && swift package benchmark --target ListBenchmarks
import Benchmark
import Foundation
@_spi(Testing) import Strata
import StrataBenchmarkSupport
import StrataCompositor

let benchmarks: @Sendable () -> Void = {
    compare(
        "reloadData, 10,000 rows (reference: the visible cells set by hand)",
        setup: { @MainActor () async throws -> (Screen, UITableView, Rows, [UITableViewCell]) in
            let screen = try Screen()
            let source = Rows(count: 10_000)
            let table = screen.table(source)
            return (screen, table, source, table.visibleCells)
        },
        strata: { s, _ in
            s.1.reloadData()
            s.1.layoutIfNeeded()
            try check(s.1.visibleCells.count == s.3.count, "\(s.1.visibleCells.count) rows in view after the reload, \(s.3.count) before")
        },
        reference: { s, _ in
            for (i, cell) in s.3.enumerated() {
                cell.textLabel?.text = "Row \(i)"
                cell.imageView?.image = s.2.image
                cell.frame = CGRect(x: 0, y: CGFloat(i) * 44, width: 390, height: 44)
                cell.layoutIfNeeded()
            }
        },
        teardown: { s in await s.0.compositor.shutdown() })

    compare(
        "diffable apply, 10,000 items, 100 changes (reference: Swift's CollectionDifference)",
        setup: { @MainActor () async throws -> Diffable in try Diffable() },
        strata: { s, _ in
            UIView.performWithoutAnimation {
                s.source.apply(s.new, animatingDifferences: true)
                s.table.layoutIfNeeded()
            }
        },
        reference: { s, _ in _ = s.changed.difference(from: s.base) },
        settle: { s, _ in
            UIView.performWithoutAnimation { s.source.apply(s.old, animatingDifferences: false) }
            s.table.layoutIfNeeded()
        },
        teardown: { s in await s.screen.compositor.shutdown() })

    compare(
        "scrolling 100,000 self-sizing rows, 60 points a frame, main thread",
        configuration: comparisonConfiguration(iterations: 300),
        setup: { @MainActor () async throws -> (Screen, UITableView) in
            let screen = try Screen()
            let table = screen.table(Rows(count: 100_000))
            _ = try await screen.screen.renderFrame(readBack: false)
            return (screen, table)
        },
        strata: { s, _ in
            s.1.contentOffset.y += 60
            CATransaction.flush()
        },
        reference: nil,
        settle: { s, _ in
            _ = try await s.0.screen.renderFrame(readBack: false)
            try check(s.1._cellsMade <= 3 * s.1.visibleCells.count, "\(s.1._cellsMade) cells made for \(s.1.visibleCells.count) in view")
        },
        teardown: { s in await s.0.compositor.shutdown() })

    scrollingBenchmarks()
}

/// A 390×844 screen (at scale 3 unless told) with a key window.
@MainActor final class Screen {
    let compositor: Compositor
    let screen: UIScreen
    let window: UIWindow

    init(scale: CGFloat = 3) throws {
        compositor = try Compositor()
        screen = UIScreen(size: CGSize(width: 390, height: 844), scale: scale, compositor: compositor)
        window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
    }

    /// A plain table filling the window, its rows from `source`, laid out.
    func table(_ source: any UITableViewDataSource) -> UITableView {
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        window.addSubview(table)
        table.layoutIfNeeded()
        return table
    }
}

/// `count` rows, each a label and a 28-point image.
@MainActor final class Rows: UITableViewDataSource {
    var count: Int
    let image: UIImage
    init(count: Int) {
        self.count = count
        image = UIGraphicsImageRenderer(size: CGSize(width: 28, height: 28)).image { context in
            UIColor.systemTeal.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 28, height: 28))
        }
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        cell.imageView?.image = image
        return cell
    }
}

/// A shown table fed by a diffable data source, and two snapshots 100 changes apart.
@MainActor final class Diffable {
    let screen: Screen
    let table: UITableView
    let source: UITableViewDiffableDataSource<Int, Int>
    let base = Array(0..<10_000)
    let changed: [Int]
    let old: NSDiffableDataSourceSnapshot<Int, Int>
    let new: NSDiffableDataSourceSnapshot<Int, Int>

    init() throws {
        screen = try Screen()
        table = UITableView(frame: screen.window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        source = UITableViewDiffableDataSource<Int, Int>(tableView: table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
            cell.textLabel?.text = "Item \(item)"
            return cell
        }
        screen.window.addSubview(table)
        var changed = base
        for i in stride(from: 40, through: 0, by: -1) { changed.remove(at: i * 240) }  // 41 removed
        changed.removeLast()
        for i in 0..<40 { changed.insert(100_000 + i, at: i * 230 + 5) }  // 40 inserted
        for i in 0..<20 { changed.swapAt(i * 400 + 17, i * 400 + 311) }  // moves
        self.changed = changed
        func snapshot(_ items: [Int]) -> NSDiffableDataSourceSnapshot<Int, Int> {
            var s = NSDiffableDataSourceSnapshot<Int, Int>()
            s.appendSections([0])
            s.appendItems(items)
            return s
        }
        (old, new) = (snapshot(base), snapshot(changed))
        source.apply(old, animatingDifferences: false)
        table.layoutIfNeeded()
    }
}
