import Foundation

/// The compositional layout engine's two axes: the main (scroll) axis sections and groups stack
/// along, and the cross axis. Vertical scrolling: main is y and cross is x; horizontal, the reverse.
/// Leading is left (Strata lays compositional layouts out left to right). A plain value.
struct LayoutAxes {
    /// A side of a section or layout, by axis.
    enum Edge { case mainBefore, mainAfter, crossBefore, crossAfter }

    /// Whether the main axis is vertical.
    let vertical: Bool

    func main(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func cross(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
    func main(_ point: CGPoint) -> CGFloat { vertical ? point.y : point.x }
    func cross(_ point: CGPoint) -> CGFloat { vertical ? point.x : point.y }
    func size(main: CGFloat, cross: CGFloat) -> CGSize { vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross) }
    func point(main: CGFloat, cross: CGFloat) -> CGPoint { vertical ? CGPoint(x: cross, y: main) : CGPoint(x: main, y: cross) }
    func rect(main: CGFloat, cross: CGFloat, size: CGSize) -> CGRect { CGRect(origin: point(main: main, cross: cross), size: size) }

    /// The inset before the content on the main axis (top when vertical).
    func mainBefore(_ insets: NSDirectionalEdgeInsets) -> CGFloat { vertical ? insets.top : insets.leading }
    /// The inset after the content on the main axis (bottom when vertical).
    func mainAfter(_ insets: NSDirectionalEdgeInsets) -> CGFloat { vertical ? insets.bottom : insets.trailing }
    /// The inset before the content on the cross axis (leading when vertical).
    func crossBefore(_ insets: NSDirectionalEdgeInsets) -> CGFloat { vertical ? insets.leading : insets.top }
    /// The inset after the content on the cross axis (trailing when vertical).
    func crossAfter(_ insets: NSDirectionalEdgeInsets) -> CGFloat { vertical ? insets.trailing : insets.bottom }

    /// The side a boundary item with `alignment` sits on: a corner counts as its main-axis edge
    /// (`.topLeading` is a top item when scrolling vertically, a leading one horizontally). Nil for `.none`.
    func edge(of alignment: NSRectAlignment) -> Edge? {
        let edges = alignment.directionalEdges
        let before: NSDirectionalRectEdge = vertical ? .top : .leading, after: NSDirectionalRectEdge = vertical ? .bottom : .trailing
        let crossBefore: NSDirectionalRectEdge = vertical ? .leading : .top, crossAfter: NSDirectionalRectEdge = vertical ? .trailing : .bottom
        if edges.contains(before) { return .mainBefore }
        if edges.contains(after) { return .mainAfter }
        if edges.contains(crossBefore) { return .crossBefore }
        if edges.contains(crossAfter) { return .crossAfter }
        return nil
    }

    /// Where along its edge a boundary item sits, as a fraction of the room it leaves: 0 at the
    /// start (a leading or top corner), 1 at the end, 0.5 (centred) when the alignment names only
    /// the edge. `mainEdge`: the item is on a main-axis edge, so it moves along the cross axis.
    func alongFraction(_ alignment: NSRectAlignment, mainEdge: Bool) -> CGFloat {
        let edges = alignment.directionalEdges
        let x: CGFloat = edges.contains(.leading) ? 0 : edges.contains(.trailing) ? 1 : 0.5
        let y: CGFloat = edges.contains(.top) ? 0 : edges.contains(.bottom) ? 1 : 0.5
        return vertical == mainEdge ? x : y
    }
}
