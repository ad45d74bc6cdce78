import Foundation
import Strata

/// The scrolling demo: a table of 10,000 rows filling the screen, flicked by a recorded drag. Once
/// the finger lifts, the deceleration is shown by the render side as well as stepped by the model,
/// so frames keep moving while the main actor is busy (`strata interactive --demo list --busy`).
/// Built only with Strata's UIKit API. Main actor.
@MainActor
public final class InteractiveListDemo: NSObject, UITableViewDataSource, UITableViewDelegate {
    /// The window the demo shows in; send it input or replay a script on it.
    public let window: UIWindow
    /// The flicked table.
    public let table: UITableView
    /// How many rows it has.
    public static let rows = 10_000
    /// What the demo did, for the command line's report.
    public private(set) var log: [String] = []

    /// The demo on `screen`, filling it.
    public init(screen: UIScreen) {
        window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        table = UITableView(frame: screen.bounds, style: .plain)
        table.rowHeight = 44
        super.init()
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.delegate = self
        window.addSubview(table)
        window.makeKeyAndVisible()
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.rows }

    /// Row n: its number, on a band of colour that changes every ten rows (so a frame shows how far it moved).
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.row + 1)"
        cell.contentConfiguration = content
        let band = (indexPath.row / 10) % 6
        cell.backgroundColor = UIColor(hue: CGFloat(band) / 6, saturation: 0.18, brightness: 1, alpha: 1)
        return cell
    }

    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        log.append(String(format: "released at offset %.1f, %.2f points/ms, coming to rest at %.1f", scrollView.contentOffset.y, velocity.y, targetContentOffset.pointee.y))
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        log.append(String(format: "came to rest at offset %.1f", scrollView.contentOffset.y))
    }

    /// A recorded flick: down low on the list, a quick drag up over a tenth of a second, release.
    public static func defaultScript(for screen: UIScreen) -> String {
        let x = screen.bounds.width / 2, h = screen.bounds.height
        var lines = [
            "# The scrolling demo's flick: a finger drags the list up quickly and lets go; it decelerates.",
            "# time  what  id  x  y",
        ]
        lines.append(String(format: "0.10  down  1  %.1f  %.1f", x, h * 0.8))
        for i in 1...6 {
            lines.append(String(format: "%.3f  move  1  %.1f  %.1f", 0.10 + Double(i) / 60, x, h * 0.8 - h * 0.06 * Double(i)))
        }
        lines.append(String(format: "%.3f  up    1  %.1f  %.1f", 0.10 + 6.0 / 60, x, h * 0.8 - h * 0.36))
        lines.append("4.00  end")
        return lines.joined(separator: "\n") + "\n"
    }
}
