// Main-thread cost of lists, against references measured in the same process:
//   1. reloadData of a 10,000-row table shown in a 390×844 window, laid out again: the table
//      (counts, heights, reuse, the visible rows' cells) against the least the screen needs —
//      the same visible cells configured and placed by hand.
//   2. A diffable apply of 10,000 items with 100 changes (40 deleted, 40 inserted, 20 moved) to
//      a shown table: the snapshot diff, the batch and the relayout, against Swift's own
//      CollectionDifference of the same two arrays (which finds inserts and removals only).
//   3. Scrolling a 100,000-row table of self-sizing cells (a label and an image each) at 390×844
//      @3, flicked 60 points a frame for 300 frames: main-thread milliseconds per frame (scroll,
//      layout, reuse, measuring new rows, commit), and the cells alive against those in view.
// Rounds interleave model and reference so machine noise hits both. Times are reported, never gated.
import Foundation
@_spi(Testing) import Strata
import StrataCompositor

let rounds = 9

@MainActor func milliseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

func report(_ name: String, model: [Double], floor: [Double], floorName: String) {
    let m = median(model), f = median(floor)
    print(String(format: "%@: model %.3f ms, %@ %.3f ms, ratio %.2f (medians of %d rounds)", name, m, floorName, f, m / f, rounds))
}

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

let compositor = try Compositor()
let screen = UIScreen(size: CGSize(width: 390, height: 844), scale: 3, compositor: compositor)
let window = UIWindow(frame: screen.bounds)
window.screen = screen
window.makeKeyAndVisible()

@MainActor func makeTable(_ source: any UITableViewDataSource) -> UITableView {
    let table = UITableView(frame: window.bounds, style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = source
    window.addSubview(table)
    table.layoutIfNeeded()
    return table
}

// MARK: 1. reloadData of 10,000 rows

do {
    let source = Rows(count: 10_000)
    let table = makeTable(source)
    let handCells = table.visibleCells
    var model: [Double] = [], floor: [Double] = []
    for _ in 0..<rounds {
        model.append(
            milliseconds {
                table.reloadData()
                table.layoutIfNeeded()
            })
        floor.append(
            milliseconds {
                for (i, cell) in handCells.enumerated() {
                    cell.textLabel?.text = "Row \(i)"
                    cell.imageView?.image = source.image
                    cell.frame = CGRect(x: 0, y: CGFloat(i) * 44, width: 390, height: 44)
                    cell.layoutIfNeeded()
                }
            })
    }
    report("reloadData, 10,000 rows, \(table.visibleCells.count) in view", model: model, floor: floor, floorName: "the visible cells set by hand")
    table.removeFromSuperview()
}

// MARK: 2. A diffable apply of 10,000 items with 100 changes

do {
    let table = UITableView(frame: window.bounds, style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    let source = UITableViewDiffableDataSource<Int, Int>(tableView: table) { table, path, item in
        let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
        cell.textLabel?.text = "Item \(item)"
        return cell
    }
    window.addSubview(table)
    let base = Array(0..<10_000)
    var changed = base
    for i in stride(from: 40, through: 0, by: -1) { changed.remove(at: i * 240) }  // 41 removed
    changed.removeLast()
    for i in 0..<40 { changed.insert(100_000 + i, at: i * 230 + 5) }  // 40 inserted
    for i in 0..<20 { changed.swapAt(i * 400 + 17, i * 400 + 311) }  // moves
    func snapshot(_ items: [Int]) -> NSDiffableDataSourceSnapshot<Int, Int> {
        var s = NSDiffableDataSourceSnapshot<Int, Int>()
        s.appendSections([0])
        s.appendItems(items)
        return s
    }
    let old = snapshot(base), new = snapshot(changed)
    source.apply(old, animatingDifferences: false)
    table.layoutIfNeeded()
    var model: [Double] = [], floor: [Double] = []
    for _ in 0..<rounds {
        model.append(
            milliseconds {
                UIView.performWithoutAnimation {
                    source.apply(new, animatingDifferences: true)
                    table.layoutIfNeeded()
                }
            })
        UIView.performWithoutAnimation { source.apply(old, animatingDifferences: false) }
        table.layoutIfNeeded()
        floor.append(milliseconds { _ = changed.difference(from: base) })
    }
    report("diffable apply, 10,000 items, 100 changes", model: model, floor: floor, floorName: "Swift's CollectionDifference")
    table.removeFromSuperview()
}

// MARK: 3. Flicking 100,000 self-sizing rows

do {
    let source = Rows(count: 100_000)
    let table = makeTable(source)
    _ = try await screen.renderFrame(readBack: false)
    var perFrame: [Double] = []
    for _ in 0..<300 {
        perFrame.append(
            milliseconds {
                table.contentOffset.y += 60
                CATransaction.flush()
            })
        _ = try await screen.renderFrame(readBack: false)
    }
    let sorted = perFrame.sorted()
    print(
        String(
            format: "scrolling 100,000 self-sizing rows at 390×844 @3, 60 points a frame: main thread %.3f ms per frame (p50), %.3f ms (p99); cells made %d for %d in view",
            sorted[sorted.count / 2], sorted[sorted.count * 99 / 100], table._cellsMade, table.visibleCells.count))
}
await compositor.shutdown()
