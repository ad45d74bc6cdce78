import Foundation

/// The corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`:
/// UIKit's `UIRectCorner`.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    /// The corner's bit.
    public let rawValue: UInt
    /// A set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at minimum x and y (top left on screen).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at maximum x, minimum y.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at minimum x, maximum y.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at maximum x and y.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// A path with its own line style that fills and strokes itself in the current graphics
/// context: UIKit's `UIBezierPath`. Angles are in radians and `clockwise` means clockwise on
/// screen, as UIKit documents.
///
/// Any thread, one at a time (it is not `Sendable`): it draws into the calling thread's current
/// context (`UIGraphicsGetCurrentContext()`, which is per thread, as in UIKit).
open class UIBezierPath: NSObject, NSCopying {
    private var path = CGMutablePath()
    private var dash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

    /// The stroke width in points (1 by default).
    open var lineWidth: CGFloat = 1
    /// How stroked line ends look (`.butt` by default).
    open var lineCapStyle = CGLineCap.butt
    /// How stroked lines join (`.miter` by default).
    open var lineJoinStyle = CGLineJoin.miter
    /// The longest a mitered join may be, as a multiple of the line width, before it is bevelled
    /// (10 by default, as UIKit documents).
    open var miterLimit: CGFloat = 10
    /// How closely curves are followed, in pixels (0.6 by default). UIKit treats it as a hint;
    /// Strata's rasterizer always follows curves to a tenth of a pixel.
    open var flatness: CGFloat = 0.6
    /// Whether filling, clipping and `contains(_:)` use the even-odd rule instead of non-zero
    /// winding (false by default).
    open var usesEvenOddFillRule = false

    /// An empty path.
    public override init() { super.init() }

    /// A closed rectangle: a move to its minimum corner, lines round it and a close.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with circular corners of `cornerRadius` points, at most half its shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle whose chosen `corners` are rounded. The corners are circular with the radius
    /// `cornerRadii.width` (UIKit uses the width alone), at most half the rectangle's shorter
    /// side; the path runs clockwise on screen from the top edge.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = max(0, min(cornerRadii.width, r.width / 2, r.height / 2))
        // Circular corners (Core Graphics' own rounded rectangle has elliptical ones when a
        // radius is clamped on one axis only).
        func corner(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let (tl, tr, br, bl) = (corner(.topLeft), corner(.topRight), corner(.bottomRight), corner(.bottomLeft))
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 { path.addArc(center: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: false) }
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 { path.addArc(center: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: false) }
        path.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 { path.addArc(center: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: false) }
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 { path.addArc(center: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false) }
        path.closeSubpath()
    }

    /// An open arc of a circle, starting with a move to its first point.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with a copy of `cgPath`'s elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path's shape as a Core Graphics path: reading gives an immutable copy, setting
    /// replaces the shape with a copy of the one given.
    open var cgPath: CGPath {
        get { path.copy()! }
        set { path = newValue.mutableCopy()! }
    }

    /// The rectangle containing every point, control points included; `CGRect.null` when empty.
    open var bounds: CGRect { path.boundingBox }
    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }
    /// Where the next segment starts: the last point added, the start of a subpath just
    /// closed, or `.zero` for an empty path.
    open var currentPoint: CGPoint { path.currentPoint }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }
    /// Adds a straight line to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// Adds a cubic Bézier curve.
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds a quadratic Bézier curve.
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: end, control: controlPoint) }
    /// Adds an arc, `clockwise` as seen on screen, with a line from the current point to its
    /// start (a move when the path is empty).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    /// Closes the current subpath with a line back to its start.
    open func close() { path.closeSubpath() }
    /// Appends another path's elements.
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }
    /// Removes every element.
    open func removeAllPoints() { path.removeAllElements() }
    /// Maps every point of the path through `transform`, permanently.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }

    /// A new path with the same shape drawn the other way: each subpath starts where it ended
    /// and runs through its points in reverse (a closed one stays closed). The line style is
    /// copied.
    open func reversing() -> UIBezierPath {
        let reversed = copy() as! UIBezierPath
        reversed.path = CGMutablePath()
        var subpath: [(type: CGPathElementType, points: [CGPoint])] = []
        func flush(closed: Bool) {
            guard let first = subpath.first else { return }
            var start = first.points[0]
            // Each segment with the point it starts from.
            var segments: [(from: CGPoint, type: CGPathElementType, points: [CGPoint])] = []
            for element in subpath.dropFirst() {
                segments.append((start, element.type, element.points))
                start = element.points.last!
            }
            reversed.path.move(to: start)
            for s in segments.reversed() {
                switch s.type {
                case .addLineToPoint: reversed.path.addLine(to: s.from)
                case .addQuadCurveToPoint: reversed.path.addQuadCurve(to: s.from, control: s.points[0])
                case .addCurveToPoint: reversed.path.addCurve(to: s.from, control1: s.points[1], control2: s.points[0])
                default: break
                }
            }
            if closed { reversed.path.closeSubpath() }
            subpath = []
        }
        for element in path.coreGraphicsElements {
            switch element.type {
            case .moveToPoint:
                flush(closed: false)
                subpath = [element]
            case .closeSubpath: flush(closed: true)
            default: subpath.append(element)
            }
        }
        flush(closed: false)
        return reversed
    }

    /// Whether `point` lies inside the area the path encloses, by the path's fill rule (open
    /// subpaths closed implicitly).
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding) }

    /// Sets the stroke's dash pattern: `count` lengths (on, off, on…) from `pattern`, starting
    /// `phase` points into it; a nil pattern or a count of 0 makes lines solid.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dash = ([], 0)
            return
        }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    /// Reads the dash pattern back: the lengths into `pattern` (which must hold `count`'s old
    /// value or more), their number into `count`, the phase into `phase`; any pointer may be nil.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?, phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (i, length) in dash.pattern.enumerated() { pattern[i] = length } }
        count?.pointee = dash.pattern.count
        phase?.pointee = dash.phase
    }

    /// Fills the enclosed area with the current context's fill colour.
    open func fill() { fill(with: .normal, alpha: 1) }

    /// Fills the enclosed area with the current context's fill colour, combined by `blendMode`
    /// at `alpha` opacity; the context's state is left as it was.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw(blendMode: blendMode, alpha: alpha) { ctx in ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding) }
    }

    /// Strokes the path with the current context's stroke colour and this path's line style.
    open func stroke() { stroke(with: .normal, alpha: 1) }

    /// Strokes the path with the current context's stroke colour and this path's line style,
    /// combined by `blendMode` at `alpha` opacity; the context's state is left as it was.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw(blendMode: blendMode, alpha: alpha) { ctx in
            ctx.setLineWidth(lineWidth)
            ctx.setLineCap(lineCapStyle)
            ctx.setLineJoin(lineJoinStyle)
            ctx.setMiterLimit(miterLimit)
            ctx.setLineDash(phase: dash.phase, lengths: dash.pattern)
            ctx.strokePath()
        }
    }

    /// Intersects the current context's clip with the enclosed area.
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath()
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// A new path with the same elements and line style.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.path = path.mutableCopy()!
        copy.dash = dash
        copy.lineWidth = lineWidth
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit
        copy.flatness = flatness
        copy.usesEvenOddFillRule = usesEvenOddFillRule
        return copy
    }

    /// Paints the path in the current context inside a saved graphics state.
    private func draw(blendMode: CGBlendMode, alpha: CGFloat, _ paint: (CGContext) -> Void) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        ctx.beginPath()
        ctx.addPath(path)
        paint(ctx)
        ctx.restoreGState()
    }
}
