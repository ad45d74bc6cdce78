import CCairo
import Foundation
import StrataCore

/// Core Foundation's array, as Core Graphics' C-shaped initialisers take one: on Linux an
/// `NSArray`, so `colors as CFArray` compiles as it does on Apple's platforms.
public typealias CFArray = NSArray

/// A colour space: RGB ones (every one drawn as sRGB) and gray ones (a gray level, drawn as the
/// same level in sRGB), kept for code that names one.
public final class CGColorSpace: Sendable {
    /// The space's name (`CGColorSpace.sRGB` unless made with another).
    public let name: String?

    /// The space `name` names: gray for the gray spaces' names, otherwise RGB (drawn as sRGB).
    public init?(name: String) { self.name = name }

    /// Its colour model: `.monochrome` for the gray spaces, `.cmyk` for the generic CMYK space
    /// (which Strata does not draw in), `.rgb` for the rest.
    public var model: CGColorSpaceModel {
        guard let name else { return .rgb }
        return Self.grayNames.contains(name) ? .monochrome : name == Self.genericCMYK ? .cmyk : .rgb
    }
    /// The number of colour components, alpha not counted: 1 for gray, 3 for RGB, 4 for CMYK.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: 1
        case .cmyk: 4
        default: 3
        }
    }

    /// sRGB's name.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// Extended-range sRGB's name (drawn as sRGB, components clamped).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// Display P3's name (drawn as sRGB).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// The generic RGB space's name (drawn as sRGB).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// The generic gray space's name (gamma 2.2).
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The linear gray space's name (drawn as the generic gray).
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// The extended-range gray space's name (drawn as the generic gray, components clamped).
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// The generic CMYK space's name: colours and gradients in it are nil (Strata draws no CMYK).
    public static let genericCMYK = "kCGColorSpaceGenericCMYK"

    private static let grayNames: Set<String> = [genericGrayGamma2_2, linearGray, extendedGray]
}

/// A colour space's model (Core Graphics' `CGColorSpaceModel`); Strata's spaces are
/// `.monochrome` or `.rgb`.
public enum CGColorSpaceModel: Int32, Sendable {
    /// Not known.
    case unknown = -1
    /// Gray levels.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// DeviceN.
    case deviceN = 4
    /// An indexed table of another space's colours.
    case indexed = 5
    /// A pattern.
    case pattern = 6
    /// XYZ.
    case XYZ = 7
}

/// The device's RGB space: sRGB in Strata.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB)! }

/// The device's gray space: the generic gray in Strata.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }

/// Whether a gradient's end colours continue past its start and end (`CGContext`'s gradient
/// drawing): Core Graphics' `CGGradientDrawingOptions`.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    /// Options from their bits (Core Graphics' values).
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The start colour fills what lies before the start (before the start point, or inside
    /// the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// The end colour fills what lies past the end (past the end point, or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// A smooth change between colours at locations 0...1 (Core Graphics' `CGGradient`): drawn by
/// `CGContext.drawLinearGradient` and `drawRadialGradient`, and by `CAGradientLayer`.
///
/// Immutable, so safe to share between threads.
public final class CGGradient: Sendable {
    /// The colour stops, by location in 0...1, in order.
    let stops: [(location: Double, color: Color)]

    /// A gradient through `colors` (an array of `CGColor`) at `locations` (one per colour, 0...1;
    /// nil: spread evenly, the first at 0 and the last at 1). Nil when `colors` holds no colour
    /// or something other than `CGColor`s.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var list: [Color] = []
        for item in colors {
            guard let color = item as? CGColor else { return nil }
            list.append(color.value)
        }
        guard !list.isEmpty else { return nil }
        let spots = locations.map { Array(UnsafeBufferPointer(start: $0, count: list.count)) }
        self.init(colors: list, locations: spots)
    }

    /// A gradient from `count` colours given by their components in `space` followed by alpha
    /// (red, green, blue, alpha, 4 × count numbers; in a gray space gray and alpha, 2 × count) at
    /// `locations` (nil: spread evenly). Nil for no colour, non-finite numbers, or a space that is
    /// neither RGB nor gray.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>, locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        let stride = space.numberOfComponents + 1
        guard UnsafeBufferPointer(start: components, count: count * stride).allSatisfy(\.isFinite) else { return nil }
        var colors: [Color] = []
        for i in 0..<count {
            // Each colour as `CGColor(colorSpace:components:)` reads it (nil for a space it does not draw).
            guard let color = CGColor(colorSpace: space, components: components + stride * i) else { return nil }
            colors.append(color.value)
        }
        self.init(colors: colors, locations: locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) })
    }

    /// A gradient through `colors` at `locations` (nil, or not one per colour: spread evenly).
    /// Locations are clamped into 0...1 and kept in the order given, as Core Graphics draws them.
    package init(colors: [Color], locations: [CGFloat]?) {
        let n = colors.count
        let spots: [Double] =
            if let locations, locations.count == n, locations.allSatisfy(\.isFinite) {
                locations.map { min(max(Double($0), 0), 1) }
            } else {
                (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            }
        stops = zip(spots, colors).map { ($0, $1) }
    }

    /// The colour at `t` (0...1) along the gradient: the stops' colours interpolated, the end
    /// colours past the ends.
    func color(at t: Double) -> Color {
        guard let first = stops.first else { return .clear }
        guard t > first.location else { return first.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let span = b.location - a.location
            let k = Float(span > 0 ? (t - a.location) / span : 1)
            let (p, q) = (a.color, b.color)
            return Color(red: p.red + (q.red - p.red) * k, green: p.green + (q.green - p.green) * k, blue: p.blue + (q.blue - p.blue) * k, alpha: p.alpha + (q.alpha - p.alpha) * k)
        }
        return stops[stops.count - 1].color
    }

    /// A Cairo pattern made from `make` with the stops, extended (padded) or not past its ends.
    func pattern(extended: Bool, _ make: () -> OpaquePointer?) -> OpaquePointer? {
        guard let pattern = make() else { return nil }
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
        }
        cairo_pattern_set_extend(pattern, extended ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        return pattern
    }
}

extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` (user space) over the whole clip:
    /// each line across it takes the colour of where it crosses the axis. Past the ends only
    /// what `options` asks for is painted. A zero-length axis paints nothing.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite, start.x.isFinite, start.y.isFinite else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        paintGradient { c in
            if before != after {
                // One side only: the gradient padded, clipped to that side of the line through the
                // start (or end) across the axis.
                let far = 1e6  // within Cairo's fixed-point range (about ±8 million)
                var m = cairo_matrix_t()
                cairo_get_matrix(c, &m)
                cairo_translate(c, start.x, start.y)
                cairo_rotate(c, atan2(dy, dx))
                cairo_rectangle(c, before ? -far : 0, -far, before ? far + length : far, 2 * far)
                cairo_set_matrix(c, &m)
                cairo_clip(c)
            }
            return gradient.pattern(extended: before || after) { cairo_pattern_create_linear(start.x, start.y, end.x, end.y) }
        }
    }

    /// Paints `gradient` between the circle at `startCenter` of `startRadius` and the one at
    /// `endCenter` of `endRadius` (user space), as circles swept from one to the other; inside
    /// the start circle and outside the end circle only what `options` asks for is painted.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        let numbers = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard numbers.allSatisfy(\.isFinite), startRadius >= 0, endRadius >= 0, startRadius != endRadius || startCenter != endCenter else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        paintGradient { c in
            if before != after {
                // One side only: padded, clipped to the end circle (no after) or to outside the
                // start circle (no before).
                let circle = before ? (endCenter, endRadius) : (startCenter, startRadius)
                cairo_new_path(c)
                if !before {
                    cairo_set_fill_rule(c, CAIRO_FILL_RULE_EVEN_ODD)
                    cairo_rectangle(c, -1e6, -1e6, 2e6, 2e6)  // within Cairo's fixed-point range
                }
                cairo_new_sub_path(c)
                cairo_arc(c, circle.0.x, circle.0.y, circle.1, 0, 2 * .pi)
                cairo_clip(c)
            }
            return gradient.pattern(extended: before || after) {
                cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius)
            }
        }
    }
}

extension CGContext {
    /// Paints `gradient` around `center` (user space) over `rect`: the colour at each point is the
    /// gradient's at its angle, turning clockwise (y down) from `angle` (radians, 0 along +x)
    /// through one full turn. Drawn as a mesh of thin sectors, one per degree.
    package func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat, covering rect: CGRect) {
        guard center.x.isFinite, center.y.isFinite, angle.isFinite, rect.isFinite else { return }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
        let reach = corners.map { hypot($0.x - center.x, $0.y - center.y) }.max()! * 1.5 + 1
        let sectors = 360
        paintGradient { _ in
            guard let mesh = cairo_pattern_create_mesh() else { return nil }
            func corner(_ i: UInt32, _ c: Color) {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, i, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
            }
            for s in 0..<sectors {
                let t0 = Double(s) / Double(sectors), t1 = Double(s + 1) / Double(sectors)
                let a0 = angle + 2 * .pi * t0, a1 = angle + 2 * .pi * t1
                let c0 = gradient.color(at: t0), c1 = gradient.color(at: t1)
                cairo_mesh_pattern_begin_patch(mesh)
                cairo_mesh_pattern_move_to(mesh, center.x, center.y)
                cairo_mesh_pattern_line_to(mesh, center.x + reach * cos(a0), center.y + reach * sin(a0))
                cairo_mesh_pattern_line_to(mesh, center.x + reach * cos(a1), center.y + reach * sin(a1))
                cairo_mesh_pattern_line_to(mesh, center.x, center.y)
                corner(0, c0)
                corner(1, c0)
                corner(2, c1)
                corner(3, c1)
                cairo_mesh_pattern_end_patch(mesh)
            }
            return mesh
        }
    }
}
