import StrataCore
import StrataGraphics

/// The name of one of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A name from its string (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Progress equals elapsed time.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly: (0.42, 0), (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slowly: (0, 0), (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slowly: (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system default, used by implicit animations: (0.25, 0.1), (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier from (0, 0) to (1, 1) that maps an animation's elapsed fraction of time to its
/// fraction of progress (Core Animation's `CAMediaTimingFunction`). Immutable, so any thread.
public final class CAMediaTimingFunction: Sendable, CustomStringConvertible {
    // Kept as the Doubles the curve came from: a block's or animator's curve (UIKit takes
    // `CGPoint`s) may have a y beyond `Float`'s range, which Core Animation evaluates.
    private let points: (Double, Double, Double, Double)

    /// A curve with control points (c1x, c1y) and (c2x, c2y). The y values are unbounded (the
    /// curve may overshoot or undershoot), as in Core Animation.
    /// - Precondition: finite control points with x in 0...1; breaking it traps with the values.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        precondition(
            [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) && (0...1).contains(c1x) && (0...1).contains(c2x),
            "CAMediaTimingFunction: control points (\(c1x), \(c1y)), (\(c2x), \(c2y)) must be finite with x in 0...1")
        self.init(bezier: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }

    /// The function of a cubic curve a UIKit API already accepted (x in 0...1, any finite y):
    /// no check here, so a curve the user's call accepted never traps later. A non-finite or
    /// out-of-range x is clamped into 0...1, a non-finite y read as 0 or 1 (its end).
    package init(bezier x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func unit(_ x: Double, _ fallback: Double) -> Double { x.isNaN ? fallback : min(max(x, 0), 1) }
        points = (unit(x1, 0), y1.isFinite ? y1 : 0, unit(x2, 1), y2.isFinite ? y2 : 1)
    }

    /// One of the predefined curves; an unknown name traps with the name.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: preconditionFailure("CAMediaTimingFunction: no timing function is named \"\(name.rawValue)\"; use .linear, .easeIn, .easeOut, .easeInEaseOut or .default")
        }
    }

    /// Writes control point `index` (0 = start (0, 0), 1, 2, 3 = end (1, 1)) into `values[0]` and `values[1]`.
    /// A y beyond `Float`'s range reads as ±`Float.infinity`.
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        precondition((0...3).contains(index), "CAMediaTimingFunction.getControlPoint: index \(index) is not in 0...3")
        let (x, y): (Double, Double) =
            switch index {
            case 0: (0, 0)
            case 1: (points.0, points.1)
            case 2: (points.2, points.3)
            default: (1, 1)
            }
        values[0] = Float(x)
        values[1] = Float(y)
    }

    /// The curve as the compositor evaluates it.
    var curve: TimingCurve {
        points == (0, 0, 1, 1)
            ? .linear
            : .cubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
    }

    public var description: String { "CAMediaTimingFunction(\(points.0), \(points.1), \(points.2), \(points.3))" }
}
