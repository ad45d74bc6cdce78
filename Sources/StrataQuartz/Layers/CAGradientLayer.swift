import Foundation
import Logging
import StrataCore
import StrataGraphics

/// How a gradient layer lays its colours out (Core Animation's `CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A type from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint`, the end colours continuing past them (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Out from `startPoint` to the ellipse through `endPoint`, the last colour continuing past it.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, clockwise from the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds with a gradient over its background colour (Core Animation's
/// `CAGradientLayer`).
///
/// `startPoint` and `endPoint` are in the unit coordinates of the bounds (0, 0 the top-left,
/// 1, 1 the bottom-right). The gradient is drawn on the CPU into the layer's contents at its
/// `contentsScale` (through the same Core Graphics drawing as `draw(in:)`) whenever a property
/// or the bounds' size changes, and composited on the GPU like any contents. Changes show at the
/// next commit. `colors` (lists of the same length, colour by colour), `locations`, `startPoint`
/// and `endPoint` animate (explicit animations, and a standalone layer's implicit ones): the
/// gradient is drawn again for every frame while they run. Main actor.
open class CAGradientLayer: CALayer {
    private static let logger = Logger(label: "strata.model")

    /// The gradient's properties, with Core Animation's defaults (one value: copied whole).
    struct Style {
        var colors: [Any]?
        var locations: [NSNumber]?
        var startPoint = CGPoint(x: 0.5, y: 0)
        var endPoint = CGPoint(x: 0.5, y: 1)
        var type = CAGradientLayerType.axial
    }

    var gradientStyle = Style()

    /// The colours, as `CGColor`s (nil, the default: no gradient). Anything else in the array
    /// (a `UIColor`, say) makes the layer draw no gradient, as on iOS.
    public var colors: [Any]? {
        get { gradientStyle.colors }
        set {
            let old = drawnValue(forKey: "colors")
            gradientStyle.colors = newValue
            drawnPropertyChanged("colors", from: old)
        }
    }

    /// Where each colour sits, 0...1 along the gradient, one per colour in increasing order (nil,
    /// the default: spread evenly). A list of another length is ignored (spread evenly).
    public var locations: [NSNumber]? {
        get { gradientStyle.locations }
        set {
            let old = drawnValue(forKey: "locations")
            gradientStyle.locations = newValue
            drawnPropertyChanged("locations", from: old)
        }
    }

    /// Where the gradient starts, in unit coordinates of the bounds ((0.5, 0) by default: the
    /// top edge's middle); the centre of a radial or conic gradient.
    public var startPoint: CGPoint {
        get { gradientStyle.startPoint }
        set {
            let old = drawnValue(forKey: "startPoint")
            gradientStyle.startPoint = newValue
            drawnPropertyChanged("startPoint", from: old)
        }
    }

    /// Where the gradient ends, in unit coordinates of the bounds ((0.5, 1) by default: the
    /// bottom edge's middle); for a radial gradient a point of the ellipse's edge, for a conic
    /// one the direction of its first colour.
    public var endPoint: CGPoint {
        get { gradientStyle.endPoint }
        set {
            let old = drawnValue(forKey: "endPoint")
            gradientStyle.endPoint = newValue
            drawnPropertyChanged("endPoint", from: old)
        }
    }

    /// How the colours are laid out (`.axial` by default).
    public var type: CAGradientLayerType {
        get { gradientStyle.type }
        set {
            gradientStyle.type = newValue
            setNeedsDisplay()
        }
    }

    /// A gradient layer with no colours, redrawn when its size changes.
    public required init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    /// A copy of `layer`'s properties, gradient included (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { gradientStyle = other.gradientStyle }
    }

    override func copyOwnProperties(to copy: CALayer) {
        (copy as? CAGradientLayer)?.gradientStyle = shownStyle(at: shownLocalTime)
    }

    override func drawnValue(forKey key: String) -> DrawnValue? { gradientStyle.value(forKey: key) }

    /// The gradient as shown at the layer's time `time` (nil: the model): its animations applied.
    func shownStyle(at time: Double?) -> Style { shown(gradientStyle, at: time) }

    /// Decodes nothing (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { nil }

    /// The gradient the colours and locations make, or nil when there is none to draw.
    static func gradient(of style: Style) -> CGGradient? {
        guard let colors = style.colors, !colors.isEmpty else { return nil }
        var list: [Color] = []
        for item in colors {
            guard let color = item as? CGColor else {
                Self.logger.warning("CAGradientLayer.colors holds \(Swift.type(of: item)), not CGColor (pass .cgColor): no gradient is drawn")
                return nil
            }
            list.append(color.value)
        }
        let spots = style.locations.map { $0.map { CGFloat($0.doubleValue) } }
        return CGGradient(colors: list, locations: spots)
    }

    /// Draws the gradient over the bounds.
    open override func draw(in ctx: CGContext) {
        let style = shownStyle(at: drawnAnimationTime)
        guard let gradient = Self.gradient(of: style) else { return }
        let (startPoint, endPoint, type) = (style.startPoint, style.endPoint, style.type)
        let b = bounds
        func point(_ unit: CGPoint) -> CGPoint { CGPoint(x: b.minX + unit.x * b.width, y: b.minY + unit.y * b.height) }
        let start = point(startPoint), end = point(endPoint)
        switch type {
        case .radial:
            // An ellipse about the start whose radii reach the end point along each axis (a
            // circle when one of them is 0).
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0 else { return }
            ctx.saveGState()
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: rx, y: ry)
            ctx.drawRadialGradient(
                gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            ctx.restoreGState()
        case .conic:
            ctx.drawConicGradient(gradient, center: start, angle: atan2(end.y - start.y, end.x - start.x), covering: b)
        default:
            ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }
}

extension CAGradientLayer.Style: DrawnProperties {
    /// An animatable property's value by name, or nil for a name that is none (or colours that
    /// are not all `CGColor`s).
    func value(forKey key: String) -> DrawnValue? {
        switch key {
        case "colors":
            guard let colors else { return .colors([]) }
            let list = colors.compactMap { $0 as? CGColor }
            return list.count == colors.count ? .colors(list) : nil
        case "locations": return .numbers((locations ?? []).map { CGFloat($0.doubleValue) })
        case "startPoint": return .point(startPoint)
        case "endPoint": return .point(endPoint)
        default: return nil
        }
    }

    /// Sets an animatable property by name (a value of another type changes nothing).
    mutating func set(_ value: DrawnValue, forKey key: String) {
        switch (key, value) {
        case ("colors", .colors(let v)): colors = v
        case ("locations", .numbers(let v)): locations = v.isEmpty ? nil : v.map { NSNumber(value: Double($0)) }
        case ("startPoint", .point(let v)): startPoint = v
        case ("endPoint", .point(let v)): endPoint = v
        default: break
        }
    }
}
