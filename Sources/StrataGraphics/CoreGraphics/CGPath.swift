import CCairo
import Foundation

/// An immutable shape made of lines, curves and arcs, in the y-down user space of the context
/// it is drawn into: Core Graphics' `CGPath`. Not `Sendable`: a `CGMutablePath` is one.
public class CGPath {
    /// One piece of a path.
    package enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case quadCurve(CGPoint, control: CGPoint)
        case curve(CGPoint, control1: CGPoint, control2: CGPoint)
        /// `positive`: increasing angle (clockwise on a y-down screen).
        case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, positive: Bool)
        case close
    }

    /// Only `CGMutablePath` changes it (here and in CGPath+Elements.swift), before it is shared.
    package internal(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A closed rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRect(rect)
        self.init(elements: path.elements, transform: transform?.pointee)
    }

    /// A closed rectangle with rounded corners, each a quarter ellipse `cornerWidth` wide and
    /// `cornerHeight` tall (see `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)`).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        self.init(elements: path.elements, transform: transform?.pointee)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        self.init(elements: path.elements, transform: transform?.pointee)
    }

    package init(elements: [Element], transform: CGAffineTransform?) {
        self.elements = transform.map { t in elements.flatMap { $0.applying(t) } } ?? elements
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle containing every point of the path, control points included (arcs
    /// measured by the Bézier curves that draw them); `CGRect.null` for an empty path.
    public var boundingBox: CGRect { CGRect.boundingBox(of: coreGraphicsElements.flatMap(\.points)) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.elements = elements
        return copy
    }

    /// Replays the path into a Cairo context.
    package func replay(into cairo: OpaquePointer) {
        for e in elements {
            switch e {
            case .move(let p): cairo_move_to(cairo, p.x, p.y)
            case .line(let p): cairo_line_to(cairo, p.x, p.y)
            case .quadCurve(let p, let c):
                var x = 0.0, y = 0.0
                cairo_get_current_point(cairo, &x, &y)
                cairo_curve_to(
                    cairo, x + 2 / 3 * (c.x - x), y + 2 / 3 * (c.y - y),
                    p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let c, let r, let a0, let a1, let positive):
                // As curves: the same shape Cairo's arc gives, with non-finite input drawing nothing.
                CGPath(elements: CGPath.Element.bezierArc(center: c, radius: r, start: a0, end: a1, positive: positive), transform: nil)
                    .replay(into: cairo)
            case .close: cairo_close_path(cairo)
            }
        }
    }
}

/// A path being built: Core Graphics' `CGMutablePath`. Not safe to change from two threads.
public final class CGMutablePath: CGPath {
    /// An empty path.
    public override init() { super.init() }

    /// Starts a new subpath at `point` (mapped through `transform`).
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { elements.append(.move(point.applying(transform))) }
    /// Adds a straight line from the current point to `point` (mapped through `transform`).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { elements.append(.line(point.applying(transform))) }
    /// Adds a quadratic Bézier curve from the current point to `end`, bent toward `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.quadCurve(end.applying(transform), control: control.applying(transform)))
    }
    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.curve(end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform)))
    }
    /// Adds a closed rectangle as a subpath of its own: a move to its minimum corner, three
    /// lines in increasing-x then increasing-y order, and a close.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
        ].map { $0.applying(transform) }
        elements += [.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close]
    }
    /// Adds closed rectangles, each a subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) { rects.forEach { addRect($0, transform: transform) } }
    /// Adds an open polyline through `points`: a move to the first, lines to the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        points.dropFirst().forEach { addLine(to: $0, transform: transform) }
    }
    /// Adds a closed ellipse inscribed in `rect`, as a move to its rightmost point and four
    /// Bézier curves (increasing angle, clockwise on a y-down screen) then a close.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let k = 0.5522847498, rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
        let t = transform
        move(to: CGPoint(x: cx + rx, y: cy), transform: t)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry), transform: t)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry), transform: t)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry), transform: t)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry), transform: t)
        closeSubpath()
    }
    /// Adds a closed rectangle with rounded corners, transformed by `transform`: each corner is a
    /// quarter ellipse `cornerWidth` wide and `cornerHeight` tall (a quarter circle when they are
    /// equal), at most half the rectangle's width and height; with either 0 it is a plain
    /// rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(cornerWidth, r.width / 2), ry = min(cornerHeight, r.height / 2)
        let shape = CGMutablePath()
        if !(rx > 0 && ry > 0) {
            shape.addRect(r)
        } else if rx == ry {
            shape.move(to: CGPoint(x: r.minX + rx, y: r.minY))
            shape.elements.append(.arc(center: CGPoint(x: r.maxX - rx, y: r.minY + rx), radius: rx, start: -.pi / 2, end: 0, positive: true))
            shape.elements.append(.arc(center: CGPoint(x: r.maxX - rx, y: r.maxY - rx), radius: rx, start: 0, end: .pi / 2, positive: true))
            shape.elements.append(.arc(center: CGPoint(x: r.minX + rx, y: r.maxY - rx), radius: rx, start: .pi / 2, end: .pi, positive: true))
            shape.elements.append(.arc(center: CGPoint(x: r.minX + rx, y: r.minY + rx), radius: rx, start: .pi, end: 3 * .pi / 2, positive: true))
            shape.closeSubpath()
        } else {
            // Quarter ellipses as cubic Béziers: each control point `k` of the radius along the
            // tangent, the standard approximation (radial error under 0.03 %).
            let k: CGFloat = 0.552_284_749_8
            let (kx, ky) = (k * rx, k * ry)
            shape.move(to: CGPoint(x: r.minX + rx, y: r.minY))
            shape.addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
            shape.addCurve(
                to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + kx, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + ry - ky))
            shape.addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
            shape.addCurve(
                to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ky), control2: CGPoint(x: r.maxX - rx + kx, y: r.maxY))
            shape.addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
            shape.addCurve(
                to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - kx, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - ry + ky))
            shape.addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
            shape.addCurve(
                to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ky), control2: CGPoint(x: r.minX + rx - kx, y: r.minY))
            shape.closeSubpath()
        }
        addPath(shape, transform: transform)
    }
    /// Adds an arc; as for `CGContext.addArc`, `clockwise` is Core Graphics' y-up sense.
    /// With a `transform` the arc is added as Bézier curves mapped through it.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        let arc = CGPath.Element.arc(center: center, radius: radius, start: startAngle, end: endAngle, positive: !clockwise)
        elements += transform.isIdentity ? [arc] : arc.applying(transform)
    }
    /// Adds another path's elements.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += transform.isIdentity ? path.elements : path.elements.flatMap { $0.applying(transform) }
    }
    /// Closes the current subpath.
    public func closeSubpath() { elements.append(.close) }
    /// Empties the path.
    package func removeAllElements() { elements = [] }
}

extension CGPath.Element {
    /// The element mapped through `t`. Arcs become Bézier curves first, so any affine transform
    /// (a reflection, a non-uniform scale) maps them exactly as it maps their curve.
    package func applying(_ t: CGAffineTransform) -> [CGPath.Element] {
        switch self {
        case .move(let p): [.move(p.applying(t))]
        case .line(let p): [.line(p.applying(t))]
        case .quadCurve(let p, let c): [.quadCurve(p.applying(t), control: c.applying(t))]
        case .curve(let p, let c1, let c2): [.curve(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))]
        case .arc(let c, let r, let a0, let a1, let positive):
            Self.bezierArc(center: c, radius: r, start: a0, end: a1, positive: positive).flatMap { $0.applying(t) }
        case .close: [.close]
        }
    }

    /// An arc as Cairo draws it (a line from the current point to its start, then the arc), in
    /// cubic Bézier segments of at most 90°.
    static func bezierArc(center c: CGPoint, radius r: CGFloat, start: CGFloat, end: CGFloat, positive: Bool) -> [CGPath.Element] {
        guard c.x.isFinite, c.y.isFinite, r.isFinite, start.isFinite, end.isFinite else { return [] }
        let a0 = start
        // Cairo's rule: the arc runs in its direction from start until it reaches end; a sweep
        // against the direction wraps by whole turns. At most 64 turns are kept (more draw nothing new).
        var sweep = end - start
        if positive, sweep < 0 { sweep = fmod(sweep, 2 * .pi) + 2 * .pi }
        if !positive, sweep > 0 { sweep = fmod(sweep, 2 * .pi) - 2 * .pi }
        sweep = min(max(sweep, -128 * .pi), 128 * .pi)
        // Cosine and sine, exact at quarter turns (cos(π) is 1.2e-16 off), so a rounded
        // rectangle's corners end on its edges.
        func cosSin(_ a: CGFloat) -> (CGFloat, CGFloat) {
            let quarters = (a / (.pi / 2)).rounded()
            guard abs(a - quarters * .pi / 2) < 1e-12, abs(quarters) < 1e6 else { return (cos(a), sin(a)) }
            return [(1, 0), (0, 1), (-1, 0), (0, -1)][((Int(quarters) % 4) + 4) % 4]
        }
        let (cos0, sin0) = cosSin(a0)
        var result: [CGPath.Element] = [.line(CGPoint(x: c.x + r * cos0, y: c.y + r * sin0))]
        // A quarter turn is one segment even when rounding leaves it a hair over 90°.
        let segments = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(segments)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        for i in 0..<segments {
            let s = a0 + CGFloat(i) * step, e = s + step
            let (cosS, sinS) = cosSin(s), (cosE, sinE) = cosSin(e)
            let p0 = CGPoint(x: c.x + r * cosS, y: c.y + r * sinS), p3 = CGPoint(x: c.x + r * cosE, y: c.y + r * sinE)
            result.append(
                .curve(
                    p3, control1: CGPoint(x: p0.x - k * sinS, y: p0.y + k * cosS),
                    control2: CGPoint(x: p3.x + k * sinE, y: p3.y - k * cosE)))
        }
        return result
    }
}
