import Foundation

/// Where a table's sections, headers, rows and footers lie: one element per header, row and
/// footer, in order, their heights in a Fenwick tree (so a place or a lookup costs O(log n)).
/// Built from the data source's counts and the heights the table works out; rows whose height
/// is still an estimate are marked and measured when they first show. A value; no views.
struct TableLayout {
    /// What an element is.
    enum Element: Equatable {
        case header(Int)
        case row(IndexPath)
        case footer(Int)
    }

    /// Rows per section.
    var counts: [Int] = []
    /// The element index of each section's header (its rows follow, then its footer).
    var sectionStart: [Int] = []
    /// Every element's height (headers include their top padding).
    var heights = HeightTree()
    /// Whether each element's height is final (false: an estimate, measured when it shows).
    var measured: [Bool] = []
    /// The space above each section's header view inside its header element.
    var headerPadding: [CGFloat] = []
    /// The table header view's height, above the first section.
    var top: CGFloat = 0
    /// The table footer view's height, below the last section.
    var bottom: CGFloat = 0
    /// The width the heights were worked out for.
    var width: CGFloat = 0
    /// How far rows, headers and footers stay from the sides (inset grouped tables).
    var sideInset: CGFloat = 0

    /// The height of the whole content.
    var contentHeight: CGFloat { top + heights.total + bottom }

    /// The element index of the row at `indexPath`.
    func element(of indexPath: IndexPath) -> Int { sectionStart[indexPath.section] + 1 + indexPath.row }

    /// Whether `indexPath` names a row that exists.
    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < counts.count && indexPath.row >= 0 && indexPath.row < counts[indexPath.section]
    }

    /// What element `index` is.
    func describe(_ index: Int) -> Element {
        // The last section whose header is at or before `index`.
        var low = 0, high = sectionStart.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStart[mid] <= index { low = mid } else { high = mid - 1 }
        }
        let offset = index - sectionStart[low]
        if offset == 0 { return .header(low) }
        if offset <= counts[low] { return .row(IndexPath(row: offset - 1, section: low)) }
        return .footer(low)
    }

    /// The y where element `index` starts.
    func start(of index: Int) -> CGFloat { top + heights.offset(of: index) }

    /// The rectangle of the row at `indexPath` (zero when it does not exist).
    func rectForRow(at indexPath: IndexPath) -> CGRect {
        guard contains(indexPath) else { return .zero }
        let e = element(of: indexPath)
        return CGRect(x: sideInset, y: start(of: e), width: max(0, width - 2 * sideInset), height: heights[e])
    }

    /// The rectangle of `section`'s header view (below its top padding).
    func rectForHeader(_ section: Int) -> CGRect {
        guard section >= 0, section < counts.count else { return .zero }
        let e = sectionStart[section]
        return CGRect(x: sideInset, y: start(of: e) + headerPadding[section], width: max(0, width - 2 * sideInset), height: heights[e] - headerPadding[section])
    }

    /// The rectangle of `section`'s footer.
    func rectForFooter(_ section: Int) -> CGRect {
        guard section >= 0, section < counts.count else { return .zero }
        let e = sectionStart[section] + counts[section] + 1
        return CGRect(x: sideInset, y: start(of: e), width: max(0, width - 2 * sideInset), height: heights[e])
    }

    /// The rectangle of `section`'s rows alone.
    func rectForRows(_ section: Int) -> CGRect {
        guard section >= 0, section < counts.count else { return .zero }
        let first = sectionStart[section] + 1
        let y = start(of: first)
        return CGRect(x: sideInset, y: y, width: max(0, width - 2 * sideInset), height: start(of: first + counts[section]) - y)
    }

    /// The rectangle of the whole section.
    func rect(forSection section: Int) -> CGRect {
        guard section >= 0, section < counts.count else { return .zero }
        let e = sectionStart[section]
        let y = start(of: e)
        return CGRect(x: 0, y: y, width: width, height: start(of: e + counts[section] + 2) - y)
    }

    /// The row covering `y`, or nil where a header, a footer or nothing is.
    func row(at y: CGFloat) -> IndexPath? {
        guard y >= top, y < top + heights.total, let e = heights.index(at: y - top) else { return nil }
        if case .row(let path) = describe(e) { return path }
        return nil
    }

    /// The elements meeting `minY ..< maxY`, in order.
    func elements(from minY: CGFloat, to maxY: CGFloat) -> Range<Int> {
        guard heights.count > 0, maxY > top, minY < top + heights.total, let first = heights.index(at: minY - top) else { return 0..<0 }
        var last = heights.index(at: maxY - top) ?? first
        if last > first, start(of: last) >= maxY { last -= 1 }
        return first..<(last + 1)
    }

    /// The rows meeting `minY ..< maxY`, in order.
    func rows(in minY: CGFloat, _ maxY: CGFloat) -> [IndexPath] {
        elements(from: minY, to: maxY).compactMap {
            if case .row(let path) = describe($0), heights[$0] > 0 || start(of: $0) >= minY { return path }
            return nil
        }
    }
}
