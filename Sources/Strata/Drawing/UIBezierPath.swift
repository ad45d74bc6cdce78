import Foundation

/// A path with its own line style that fills and strokes itself in the current graphics
/// context: UIKit's `UIBezierPath`. Angles are in radians and `clockwise` means clockwise on
/// screen, as UIKit documents.
///
/// Any thread, one at a time (it is not `Sendable`): it draws into the calling thread's current
/// context (`UIGraphicsGetCurrentContext()`, which is per thread, as in UIKit).
public final class UIBezierPath {
    private let path = CGMutablePath()
    /// The stroke width in points (1 by default).
    public var lineWidth: CGFloat = 1
    /// How stroked line ends look.
    public var lineCapStyle = CGLineCap.butt
    /// How stroked lines join.
    public var lineJoinStyle = CGLineJoin.miter
    /// Whether filling and clipping use the even-odd rule instead of non-zero winding.
    public var usesEvenOddFillRule = false

    /// An empty path.
    public init() {}
    /// A closed rectangle.
    public convenience init(rect: CGRect) { self.init(); path.addRect(rect) }
    /// An ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) { self.init(); path.addEllipse(in: rect) }
    /// A rectangle with rounded corners of `cornerRadius` points.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        // Circular corners, at most half the shorter side (Core Graphics' own corners are
        // elliptical when a radius is clamped on one axis only).
        let radius = min(cornerRadius, abs(rect.width) / 2, abs(rect.height) / 2)
        path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
    }
    /// An arc of a circle.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// A copy of `cgPath`.
    public convenience init(cgPath: CGPath) { self.init(); path.addPath(cgPath) }

    /// The path's shape as a `CGPath` (a copy).
    public var cgPath: CGPath { path.mutableCopy()! }
    /// The rectangle containing every point, control points included.
    public var bounds: CGRect { path.boundingBox }
    /// Whether the path is empty.
    public var isEmpty: Bool { path.isEmpty }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }
    /// Adds a straight line to `point`.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// Adds a cubic Bézier curve.
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: end, control: controlPoint) }
    /// Adds an arc; `clockwise` as seen on screen.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    /// Closes the current subpath.
    public func close() { path.closeSubpath() }
    /// Appends another path.
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }
    /// Removes every element.
    public func removeAllPoints() { path.removeAllElements() }

    /// Fills the path with the current context's fill colour.
    public func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath()
        ctx.addPath(path)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the current context's stroke colour and this path's line style.
    public func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.beginPath()
        ctx.addPath(path)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    public func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath()
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
