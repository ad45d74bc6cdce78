import CCairo
import Foundation

/// What one element of a path does, as `CGPath.applyWithBlock(_:)` reports it: Core Graphics'
/// `CGPathElementType`.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a subpath at one point.
    case moveToPoint = 0
    /// A line to one point.
    case addLineToPoint = 1
    /// A quadratic curve: its control point, then its end.
    case addQuadCurveToPoint = 2
    /// A cubic curve: its two control points, then its end.
    case addCurveToPoint = 3
    /// Closes the subpath; no points.
    case closeSubpath = 4
}

/// One element of a path as Core Graphics reports it: its kind and its points (valid only
/// during the call that hands it over).
public struct CGPathElement {
    /// What the element does.
    public var type: CGPathElementType
    /// Its points: as many as `type` says, control points before the end point.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` over `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The function `CGPath.apply(info:function:)` calls for each element. Core Graphics' is a C
/// function pointer; here a Swift function type, which accepts the same closure literals
/// (`CGPathElement` holds a Swift `CGPoint`, which C cannot name).
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// The closure `CGPath.applyWithBlock(_:)` calls for each element.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void

extension CGPath {
    /// The path in Core Graphics' five kinds of element, as `applyWithBlock` reports them: arcs
    /// become a line (a move when the path has no current point) and cubic curves of at most 90°.
    package var coreGraphicsElements: [(type: CGPathElementType, points: [CGPoint])] {
        var result: [(type: CGPathElementType, points: [CGPoint])] = []
        for element in elements {
            for piece in element.applying(.identity) {
                switch piece {
                case .move(let p): result.append((.moveToPoint, [p]))
                case .line(let p): result.append((result.isEmpty ? .moveToPoint : .addLineToPoint, [p]))
                case .quadCurve(let p, let c): result.append((.addQuadCurveToPoint, [c, p]))
                case .curve(let p, let c1, let c2): result.append((.addCurveToPoint, [c1, c2, p]))
                case .close: result.append((.closeSubpath, []))
                case .arc: preconditionFailure("applying(_:) turns arcs into curves")
                }
            }
        }
        return result
    }

    /// Calls `block` with each element in order, its points in a buffer valid only during the call.
    public func applyWithBlock(_ block: CGPathApplyBlock) {
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        for (type, points) in coreGraphicsElements {
            for (i, p) in points.enumerated() { buffer[i] = p }
            var element = CGPathElement(type: type, points: buffer)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Calls `function` with `info` and each element in order (Core Graphics' C-style walk).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Where the next segment starts: the end of the last element, the start of the subpath
    /// just closed, or `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for (type, points) in coreGraphicsElements {
            switch type {
            case .moveToPoint:
                current = points[0]
                subpathStart = current
            case .closeSubpath: current = subpathStart
            default: current = points[points.count - 1]
            }
        }
        return current
    }

    /// The smallest rectangle containing every point the path passes through, control points
    /// left out (curves measured at their extremes); `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for (type, p) in coreGraphicsElements {
            switch type {
            case .moveToPoint:
                subpathStart = p[0]
                points.append(p[0])
            case .addLineToPoint: points.append(p[0])
            case .addQuadCurveToPoint:
                // The quadratic as the cubic it equals, so one extremum finder serves both.
                let c1 = CGPoint(x: current.x + 2 / 3 * (p[0].x - current.x), y: current.y + 2 / 3 * (p[0].y - current.y))
                let c2 = CGPoint(x: p[1].x + 2 / 3 * (p[0].x - p[1].x), y: p[1].y + 2 / 3 * (p[0].y - p[1].y))
                points += Self.cubicExtremes(current, c1, c2, p[1])
            case .addCurveToPoint: points += Self.cubicExtremes(current, p[0], p[1], p[2])
            case .closeSubpath: points.append(subpathStart)
            }
            current = type == .closeSubpath ? subpathStart : p.last ?? current
        }
        return points.isEmpty ? .null : CGRect.boundingBox(of: points)
    }

    /// The end point and the points where the cubic from `p0` turns in x or y.
    private static func cubicExtremes(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGPoint] {
        func roots(_ a0: CGFloat, _ a1: CGFloat, _ a2: CGFloat, _ a3: CGFloat) -> [CGFloat] {
            // The derivative's coefficients, divided by 3: a t² + b t + c.
            let a = -a0 + 3 * a1 - 3 * a2 + a3, b = 2 * (a0 - 2 * a1 + a2), c = a1 - a0
            if abs(a) < 1e-12 { return abs(b) < 1e-12 ? [] : [-c / b] }
            let d = b * b - 4 * a * c
            guard d >= 0 else { return [] }
            return [(-b + d.squareRoot()) / (2 * a), (-b - d.squareRoot()) / (2 * a)]
        }
        func at(_ t: CGFloat) -> CGPoint {
            let u = 1 - t
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return CGPoint(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        }
        let ts = (roots(p0.x, p1.x, p2.x, p3.x) + roots(p0.y, p1.y, p2.y, p3.y)).filter { $0 > 0 && $0 < 1 }
        return ts.map(at) + [p3]
    }

    /// Whether `point`, mapped through `transform` first, lies inside the path as `rule` fills
    /// it (Cairo's fill test, which counts points on the edge as inside).
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        guard p.x.isFinite, p.y.isFinite, !isEmpty else { return false }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let cairo = cairo_create(surface)
        defer {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
        guard let cairo else { return false }
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        replay(into: cairo)
        return cairo_in_fill(cairo, p.x, p.y) != 0
    }

    /// Whether the path is exactly one rectangle (a move, three lines and a close, or four lines
    /// back to the start, with edges along the axes); the rectangle goes to `rect`.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        let pieces = coreGraphicsElements
        let types = pieces.map(\.type)
        let ok =
            types == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath]
            || types == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath]
                && pieces[4].points[0] == pieces[0].points[0]
        guard ok else { return false }
        let c = pieces.prefix(4).map { $0.points[0] }
        let axisAligned =
            (c[0].y == c[1].y && c[1].x == c[2].x && c[2].y == c[3].y && c[3].x == c[0].x)
            || (c[0].x == c[1].x && c[1].y == c[2].y && c[2].x == c[3].x && c[3].y == c[0].y)
        guard axisAligned else { return false }
        rect?.pointee = CGRect.boundingBox(of: c)
        return true
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements, transform: nil) }

    /// An immutable copy with every point mapped through `transform` (arcs as curves).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: elements, transform: transform?.pointee)
    }

    /// A mutable copy with every point mapped through `transform` (arcs as curves).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.addPath(self, transform: transform?.pointee ?? .identity)
        return copy
    }
}

extension CGPath: Equatable {
    /// Whether two paths have the same elements with the same points.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs === rhs || lhs.elements == rhs.elements }
}

extension CGMutablePath {
    /// Adds an arc of `radius` starting at `startAngle` and turning by `delta` radians (positive:
    /// increasing angle, clockwise on a y-down screen), with a line from the current point to its
    /// start.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity) {
        let arc = CGPath.Element.arc(center: center, radius: radius, start: startAngle, end: startAngle + delta, positive: delta >= 0)
        elements += transform.isIdentity ? [arc] : arc.applying(transform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`, with a line from the current point to where
    /// the arc starts; a straight line to `tangent1End` when the three points are in line or the
    /// radius is 0.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let p0 = currentPoint
        let v1 = CGPoint(x: p0.x - tangent1End.x, y: p0.y - tangent1End.y)
        let v2 = CGPoint(x: tangent2End.x - tangent1End.x, y: tangent2End.y - tangent1End.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let angle = acos(min(max(u1.x * u2.x + u1.y * u2.y, -1), 1))
        let along = radius / tan(angle / 2)
        let start = CGPoint(x: tangent1End.x + u1.x * along, y: tangent1End.y + u1.y * along)
        let end = CGPoint(x: tangent1End.x + u2.x * along, y: tangent1End.y + u2.y * along)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let lb = hypot(bisector.x, bisector.y), toCenter = radius / sin(angle / 2)
        let center = CGPoint(x: tangent1End.x + bisector.x / lb * toCenter, y: tangent1End.y + bisector.y / lb * toCenter)
        let a0 = atan2(start.y - center.y, start.x - center.x), a1 = atan2(end.y - center.y, end.x - center.x)
        var sweep = a1 - a0
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep <= -.pi { sweep += 2 * .pi }
        addRelativeArc(center: center, radius: radius, startAngle: a0, delta: sweep, transform: transform)
    }
}
