import Foundation

/// The heights (or widths) of a long run of list elements, with the offset of any element and
/// the element at any offset in O(log n): a Fenwick tree of sizes. A 100,000-row table keeps
/// one, so scrolling and measuring a row never walk the whole list. Not tied to a thread: a value.
struct HeightTree: Sendable {
    /// The sizes as given, element by element.
    private(set) var sizes: [CGFloat]
    /// Fenwick sums: tree[i] holds the sum of sizes in (i − lowbit(i), i], 1-based.
    private var tree: [CGFloat]

    /// A tree over `sizes`, built in O(n).
    init(_ sizes: [CGFloat] = []) {
        self.sizes = sizes
        var tree = [CGFloat](repeating: 0, count: sizes.count + 1)
        for i in 1...max(sizes.count, 1) where i <= sizes.count {
            tree[i] += sizes[i - 1]
            let parent = i + (i & -i)
            if parent <= sizes.count { tree[parent] += tree[i] }
        }
        self.tree = tree
    }

    /// The number of elements.
    var count: Int { sizes.count }

    /// The size of element `index`.
    subscript(index: Int) -> CGFloat { sizes[index] }

    /// Changes element `index`'s size, in O(log n).
    mutating func set(_ index: Int, to size: CGFloat) {
        let delta = size - sizes[index]
        guard delta != 0 else { return }
        sizes[index] = size
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of the sizes of the elements before `index` (0 ... count): where element `index` starts.
    func offset(of index: Int) -> CGFloat {
        var sum: CGFloat = 0
        var i = index
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The sum of every size.
    var total: CGFloat { offset(of: count) }

    /// The element that covers `offset` (the last element whose start is at or before it), or
    /// nil when there are no elements. Offsets past the end give the last element; before the
    /// start, the first.
    func index(at offset: CGFloat) -> Int? {
        guard count > 0 else { return nil }
        var position = 0
        var remaining = offset
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        // `position` elements end at or before `offset`: the one covering it is the next.
        return min(max(position, 0), count - 1)
    }
}
