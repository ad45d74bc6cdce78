import CCairo
import Foundation
import StrataCore
import StrataGraphics

/// How a shape layer decides the inside of a path that crosses itself (`CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A rule from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the path winds a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where a ray crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The shape at the ends of a shape layer's stroked lines (`CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A cap from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Square, ending at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Square, half the line width past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The shape where a shape layer's stroked lines meet (`CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A join from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner, bevelled past `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A cut corner.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path, filled and stroked, over its background (Core Animation's
/// `CAShapeLayer`).
///
/// The path is in the layer's bounds space and may reach past the bounds (a shape layer with
/// zero bounds drawing around its position is the common case): it is drawn wherever it lies,
/// clipped only by `masksToBounds`. The shape is drawn on the CPU (Cairo) at the screen's
/// resolution into the layer's contents whenever a property changes, and composited on the GPU.
/// `path`, `fillColor`, `strokeColor`, `lineWidth`, `miterLimit`, `lineDashPhase`,
/// `strokeStart` and `strokeEnd` animate (explicit animations, and a standalone layer's implicit
/// ones): the shape is drawn again for every frame while they run (a path animates point by
/// point between paths made of the same elements, and otherwise switches at the end). Main actor.
open class CAShapeLayer: CALayer {
    /// The shape's properties, with Core Animation's defaults (one value: copied whole).
    struct Shape {
        var path: CGPath?
        var fillColor: CGColor? = CGColor.black
        var fillRule = CAShapeLayerFillRule.nonZero
        var strokeColor: CGColor?
        var lineWidth: CGFloat = 1
        var lineCap = CAShapeLayerLineCap.butt
        var lineJoin = CAShapeLayerLineJoin.miter
        var miterLimit: CGFloat = 10
        var lineDashPattern: [NSNumber]?
        var lineDashPhase: CGFloat = 0
        var strokeStart: CGFloat = 0
        var strokeEnd: CGFloat = 1
    }

    var shape = Shape()

    /// The shape (nil, the default: nothing drawn). Kept by reference; replace it to change the
    /// shape.
    public var path: CGPath? {
        get { shape.path }
        set {
            let old = drawnValue(forKey: "path")
            shape.path = newValue
            drawnPropertyChanged("path", from: old)
        }
    }

    /// The colour inside the path (opaque black by default; nil fills nothing).
    public var fillColor: CGColor? {
        get { shape.fillColor }
        set {
            let old = drawnValue(forKey: "fillColor")
            shape.fillColor = newValue
            drawnPropertyChanged("fillColor", from: old)
        }
    }

    /// How the inside of the path is decided (`.nonZero` by default).
    public var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule }
        set {
            shape.fillRule = newValue
            setNeedsDisplay()
        }
    }

    /// The colour of the path's outline (nil, the default: no outline).
    public var strokeColor: CGColor? {
        get { shape.strokeColor }
        set {
            let old = drawnValue(forKey: "strokeColor")
            shape.strokeColor = newValue
            drawnPropertyChanged("strokeColor", from: old)
        }
    }

    /// The outline's width in points (1 by default), centred on the path.
    public var lineWidth: CGFloat {
        get { shape.lineWidth }
        set {
            let old = drawnValue(forKey: "lineWidth")
            shape.lineWidth = newValue
            drawnPropertyChanged("lineWidth", from: old)
        }
    }

    /// The outline's ends (`.butt` by default).
    public var lineCap: CAShapeLayerLineCap {
        get { shape.lineCap }
        set {
            shape.lineCap = newValue
            setNeedsDisplay()
        }
    }

    /// The outline's corners (`.miter` by default).
    public var lineJoin: CAShapeLayerLineJoin {
        get { shape.lineJoin }
        set {
            shape.lineJoin = newValue
            setNeedsDisplay()
        }
    }

    /// How far a mitred corner may reach, in line widths, before it is bevelled (10 by default).
    public var miterLimit: CGFloat {
        get { shape.miterLimit }
        set {
            let old = drawnValue(forKey: "miterLimit")
            shape.miterLimit = newValue
            drawnPropertyChanged("miterLimit", from: old)
        }
    }

    /// The outline's dashes: painted and unpainted lengths in points, alternating (nil, the
    /// default: a solid line).
    public var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern }
        set {
            shape.lineDashPattern = newValue
            setNeedsDisplay()
        }
    }

    /// How far into the dash pattern the outline starts, in points (0 by default).
    public var lineDashPhase: CGFloat {
        get { shape.lineDashPhase }
        set {
            let old = drawnValue(forKey: "lineDashPhase")
            shape.lineDashPhase = newValue
            drawnPropertyChanged("lineDashPhase", from: old)
        }
    }

    /// Where along the path the outline starts, as a fraction 0...1 of its length (0 by default).
    /// Values outside 0...1 are clamped; the fill is not affected.
    public var strokeStart: CGFloat {
        get { shape.strokeStart }
        set {
            let old = drawnValue(forKey: "strokeStart")
            shape.strokeStart = newValue
            drawnPropertyChanged("strokeStart", from: old)
        }
    }

    /// Where along the path the outline ends, as a fraction 0...1 of its length (1 by default).
    /// Nothing is stroked when it is not after `strokeStart`.
    public var strokeEnd: CGFloat {
        get { shape.strokeEnd }
        set {
            let old = drawnValue(forKey: "strokeEnd")
            shape.strokeEnd = newValue
            drawnPropertyChanged("strokeEnd", from: old)
        }
    }

    /// A shape layer with no path.
    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, shape included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { shape = other.shape }
    }

    /// Decodes nothing (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { nil }

    override func drawnValue(forKey key: String) -> DrawnValue? { shape.value(forKey: key) }

    /// The shape as shown at the layer's time `time` (nil: the model): its animations applied.
    func shownShape(at time: Double?) -> Shape { shown(shape, at: time) }

    override func copyOwnProperties(to copy: CALayer) {
        (copy as? CAShapeLayer)?.shape = shownShape(at: shownLocalTime)
    }

    /// What the shape paints, in bounds space: the path's fill and outline extents, a point wider
    /// for antialiased edges, on whole points; empty when nothing is painted.
    override var backingStoreBox: CGRect {
        let s = shownShape(at: drawnAnimationTime)
        guard let path = s.path, !path.isEmpty, s.fills || s.strokes else { return .zero }
        let extents = ShapeGeometry(path: path).extents(
            lineWidth: s.strokes ? s.lineWidth : 0, cap: s.lineCap, join: s.lineJoin, miterLimit: s.miterLimit)
        guard let extents, !extents.isEmpty else { return .zero }
        let box = extents.insetBy(dx: -1, dy: -1)
        return CGRect(x: box.minX.rounded(.down), y: box.minY.rounded(.down), width: 0, height: 0)
            .union(CGRect(x: box.maxX.rounded(.up), y: box.maxY.rounded(.up), width: 0, height: 0))
    }

    /// The screen's resolution (a vector shape is drawn sharp at any `contentsScale`).
    override var backingStoreScale: CGFloat { max(contentsScale, currentContext?.scale ?? 1) }

    override var placesContentsItself: Bool { true }

    /// Fills, then strokes, the path (as shown at the next frame while animations run).
    open override func draw(in ctx: CGContext) {
        let s = shownShape(at: drawnAnimationTime)
        guard let path = s.path else { return }
        if s.fills, let fillColor = s.fillColor {
            ctx.saveGState()
            ctx.setFillColor(fillColor)
            ctx.beginPath()
            ctx.addPath(path)
            ctx.fillPath(using: s.fillRule == .evenOdd ? .evenOdd : .winding)
            ctx.restoreGState()
        }
        guard s.strokes, let strokeColor = s.strokeColor else { return }
        ctx.saveGState()
        ctx.setStrokeColor(strokeColor)
        ctx.setLineWidth(s.lineWidth)
        ctx.setLineCap(s.lineCap == .round ? .round : s.lineCap == .square ? .square : .butt)
        ctx.setLineJoin(s.lineJoin == .round ? .round : s.lineJoin == .bevel ? .bevel : .miter)
        ctx.setMiterLimit(s.miterLimit)
        if let dashes = s.lineDashPattern?.map({ CGFloat($0.doubleValue) }), !dashes.isEmpty,
            dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashes.contains(where: { $0 > 0 })
        {
            ctx.setLineDash(phase: s.lineDashPhase.isFinite ? s.lineDashPhase : 0, lengths: dashes)
        }
        ctx.beginPath()
        let (start, end) = s.strokeRange
        ctx.addPath(start == 0 && end == 1 ? path : ShapeGeometry(path: path).trimmed(from: start, to: end))
        ctx.strokePath()
        ctx.restoreGState()
    }
}

extension CAShapeLayer.Shape: DrawnProperties {
    /// The part of the outline drawn: `strokeStart` and `strokeEnd` clamped to 0...1.
    var strokeRange: (start: CGFloat, end: CGFloat) {
        func unit(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, 0), 1) : 0 }
        return (unit(strokeStart), unit(strokeEnd))
    }

    /// Whether the outline is drawn.
    var strokes: Bool {
        guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0, lineWidth.isFinite else { return false }
        return strokeRange.end > strokeRange.start
    }

    /// Whether the inside is filled.
    var fills: Bool { (fillColor?.alpha ?? 0) > 0 }

    /// An animatable property's value by name, or nil for a name that is none.
    func value(forKey key: String) -> DrawnValue? {
        switch key {
        case "path": .path(path)
        case "fillColor": .color(fillColor)
        case "strokeColor": .color(strokeColor)
        case "lineWidth": .number(lineWidth)
        case "miterLimit": .number(miterLimit)
        case "lineDashPhase": .number(lineDashPhase)
        case "strokeStart": .number(strokeStart)
        case "strokeEnd": .number(strokeEnd)
        default: nil
        }
    }

    /// Sets an animatable property by name (a value of another type changes nothing).
    mutating func set(_ value: DrawnValue, forKey key: String) {
        switch (key, value) {
        case ("path", .path(let v)): path = v
        case ("fillColor", .color(let v)): fillColor = v
        case ("strokeColor", .color(let v)): strokeColor = v
        case ("lineWidth", .number(let v)): lineWidth = v
        case ("miterLimit", .number(let v)): miterLimit = v
        case ("lineDashPhase", .number(let v)): lineDashPhase = v
        case ("strokeStart", .number(let v)): strokeStart = v
        case ("strokeEnd", .number(let v)): strokeEnd = v
        default: break
        }
    }
}

/// Measurements of a path through Cairo: its painted extents and its trimmed outline.
struct ShapeGeometry {
    let path: CGPath

    /// A scratch Cairo context (on a 1×1 surface) holding the path, for `body`.
    private func withPath<T>(_ body: (OpaquePointer) -> T) -> T? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cairo) }
        cairo_set_tolerance(cairo, 0.01)
        path.replay(into: cairo)
        return body(cairo)
    }

    /// The fill's extents and, for a line width above 0, the outline's, in the path's space.
    func extents(lineWidth: CGFloat, cap: CAShapeLayerLineCap, join: CAShapeLayerLineJoin, miterLimit: CGFloat) -> CGRect? {
        withPath { cairo -> CGRect in
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
            var box = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            if lineWidth > 0 {
                cairo_set_line_width(cairo, lineWidth)
                cairo_set_line_cap(cairo, cap == .round ? CAIRO_LINE_CAP_ROUND : cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
                cairo_set_line_join(cairo, join == .round ? CAIRO_LINE_JOIN_ROUND : join == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
                cairo_set_miter_limit(cairo, miterLimit.isFinite ? miterLimit : 10)
                cairo_stroke_extents(cairo, &x0, &y0, &x1, &y1)
                // Square caps reach diagonally past a subpath's end; a line-width margin covers them.
                let margin = cap == .butt ? 0 : lineWidth / 2
                box = box.union(CGRect(x: x0 - margin, y: y0 - margin, width: x1 - x0 + 2 * margin, height: y1 - y0 + 2 * margin))
            }
            return box
        }
    }

    /// The part of the path from fraction `start` to `end` (0...1) of its length, measured over
    /// all its subpaths in order (curves flattened to within 0.01 point).
    func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        let result = CGMutablePath()
        _ = withPath { cairo in
            guard let flat = cairo_copy_path_flat(cairo) else { return }
            defer { cairo_path_destroy(flat) }
            // The flattened path as segments (from, to), with where each subpath starts.
            var segments: [(from: CGPoint, to: CGPoint, startsSubpath: Bool)] = []
            var current = CGPoint.zero, subpathStart = CGPoint.zero, fresh = true
            var i = 0
            let data = flat.pointee.data!
            while i < Int(flat.pointee.num_data) {
                let header = data[i].header
                switch header.type {
                case CAIRO_PATH_MOVE_TO:
                    current = CGPoint(x: data[i + 1].point.x, y: data[i + 1].point.y)
                    subpathStart = current
                    fresh = true
                case CAIRO_PATH_LINE_TO:
                    let p = CGPoint(x: data[i + 1].point.x, y: data[i + 1].point.y)
                    segments.append((current, p, fresh))
                    fresh = false
                    current = p
                case CAIRO_PATH_CLOSE_PATH:
                    segments.append((current, subpathStart, fresh))
                    fresh = true
                    current = subpathStart
                default: break
                }
                i += Int(header.length)
            }
            let total = segments.reduce(0) { $0 + hypot($1.to.x - $1.from.x, $1.to.y - $1.from.y) }
            guard total > 0 else { return }
            let from = start * total, to = end * total
            var walked: CGFloat = 0
            var open = false
            for s in segments {
                let length = hypot(s.to.x - s.from.x, s.to.y - s.from.y)
                defer { walked += length }
                if s.startsSubpath { open = false }
                guard walked + length > from, walked < to, length > 0 else { continue }
                func at(_ d: CGFloat) -> CGPoint {
                    let k = min(max((d - walked) / length, 0), 1)
                    return CGPoint(x: s.from.x + (s.to.x - s.from.x) * k, y: s.from.y + (s.to.y - s.from.y) * k)
                }
                if !open {
                    result.move(to: at(max(from, walked)))
                    open = true
                }
                result.addLine(to: at(min(to, walked + length)))
            }
        }
        return result
    }
}
