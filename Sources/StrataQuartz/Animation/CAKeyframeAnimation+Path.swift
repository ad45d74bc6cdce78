import Foundation
import StrataCore
import StrataGraphics

/// Whether a layer animated along a path turns to follow the path's tangent
/// (`CAKeyframeAnimation.rotationMode`). A plain value.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name (Core Animation's constant values).
    public let rawValue: String
    /// A mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer turns to face along the path's tangent (its x axis along the direction of travel).
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// As `rotateAuto`, turned a further half turn (its x axis against the direction of travel).
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

extension CAKeyframeAnimation {
    /// The animations a `path` gives a point property (Core Animation's rule): the path's first
    /// point and the end of each line-to or curve-to segment (a quadratic curve as its cubic, an
    /// arc as its cubic pieces, a `closeSubpath()` that goes somewhere as a line back to the
    /// subpath's start) are the keyframe values; between them the property follows the line or
    /// curve. `keyTimes`, `timingFunctions` and `calculationMode` apply to those keyframes as to
    /// `values`; paced modes move at constant speed along the curves (each curve measured as 16
    /// pieces). A later move-to defines no keyframe. With a `rotationMode`, a second, additive
    /// `transform.rotation.z` animation turns the layer to the path's tangent. Main actor.
    func pathAnimations(_ path: CGPath, key: LayerKey, part: LayerValuePart, timing: Timing) -> [LayerAnimation] {
        guard part.valueKind(in: key.spec.defaultValue.kind) == .point else {
            Self.logger.warning("CAKeyframeAnimation of \"\(keyPath ?? "")\": a path animates only a point property; the animation shows nothing")
            return []
        }
        let discrete = calculationMode == .discrete
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        var (points, controls) = Self.keyframes(of: path)
        guard !points.isEmpty else {
            Self.logger.warning("CAKeyframeAnimation of \"\(keyPath ?? "")\" has an empty path: it shows nothing")
            return []
        }
        if paced { (points, controls) = Self.subdivided(points, controls, pieces: 16) }
        let values = points.map { LayerValue.point($0) }
        var times: [Double]
        if paced {
            times = Self.pacedKeyTimes(values)
        } else if let given = keyTimes?.map(\.doubleValue), Self.areValid(given, count: values.count + (discrete ? 1 : 0)) {
            times = discrete ? Array(given.dropLast()) : given
        } else {
            let n = values.count
            times = discrete ? (0..<n).map { Double($0) / Double(n) } : Keyframes.evenKeyTimes(count: n)
        }
        if times.count != values.count { times = Keyframes.evenKeyTimes(count: values.count) }
        var curves: [TimingCurve] = []
        if !paced, let functions = timingFunctions, functions.count == values.count - 1 { curves = functions.map(\.curve) }
        let curve = timingFunction?.curve ?? .linear
        var moving = Keyframes(key: key, part: part, values: values, keyTimes: times, curves: curves, isDiscrete: discrete, isAdditive: isAdditive)
        moving.controlPoints = controls.contains { !$0.isEmpty } ? controls : []
        var result = layerAnimations(moving, timing: timing, curve: curve)
        if let rotationMode, !result.isEmpty {
            var turning = moving
            turning.key = .transform
            turning.part = .rotationZ
            turning.isAdditive = true
            turning.tangentAngleOffset = rotationMode == .rotateAutoReverse ? .pi : 0
            result += layerAnimations(turning, timing: timing, curve: curve)
        }
        return result
    }

    /// The keyframe points of `path` and, per segment, its cubic control points (empty: a line).
    static func keyframes(of path: CGPath) -> (points: [Point], controls: [[Point]]) {
        var points: [Point] = [], controls: [[Point]] = []
        var subpathStart: Point?
        func segment(to end: Point, _ c: [Point]) {
            if points.isEmpty { points.append(subpathStart ?? end) }
            points.append(end)
            controls.append(c)
        }
        for element in path.elements.flatMap({ $0.applying(.identity) }) {
            switch element {
            case .move(let p):
                subpathStart = p.core
                if points.isEmpty { points.append(p.core) }
            case .line(let p): segment(to: p.core, [])
            case .quadCurve(let p, let c):
                guard let a = points.last ?? subpathStart else { points.append(p.core); continue }
                let (e, k) = (p.core, c.core)
                segment(to: e, [Point(x: a.x + 2 / 3 * (k.x - a.x), y: a.y + 2 / 3 * (k.y - a.y)), Point(x: e.x + 2 / 3 * (k.x - e.x), y: e.y + 2 / 3 * (k.y - e.y))])
            case .curve(let p, let c1, let c2): segment(to: p.core, [c1.core, c2.core])
            case .close:
                if let start = subpathStart, let last = points.last, start != last { segment(to: start, []) }
            case .arc: break  // `applying(_:)` has made arcs curves
            }
        }
        return (points, controls)
    }

    /// The same path with each curve split into `pieces` curves of equal parameter spans (exact:
    /// each piece's control points from the curve's derivative), so that chord lengths measure it.
    static func subdivided(_ points: [Point], _ controls: [[Point]], pieces: Int) -> ([Point], [[Point]]) {
        guard let first = points.first else { return (points, controls) }
        var outPoints = [first], outControls: [[Point]] = []
        for (i, c) in controls.enumerated() {
            let a = points[i], b = points[i + 1]
            guard c.count == 2 else {
                outPoints.append(b)
                outControls.append([])
                continue
            }
            func derivative(_ t: Double) -> Point {
                let u = 1 - t
                return Point(
                    x: 3 * u * u * (c[0].x - a.x) + 6 * u * t * (c[1].x - c[0].x) + 3 * t * t * (b.x - c[1].x),
                    y: 3 * u * u * (c[0].y - a.y) + 6 * u * t * (c[1].y - c[0].y) + 3 * t * t * (b.y - c[1].y))
            }
            let h = 1 / Double(pieces)
            for k in 0..<pieces {
                let t0 = Double(k) * h, t1 = Double(k + 1) * h
                let p0 = Keyframes.bezier(a, c[0], c[1], b, t0), p1 = k == pieces - 1 ? b : Keyframes.bezier(a, c[0], c[1], b, t1)
                let d0 = derivative(t0), d1 = derivative(t1)
                outPoints.append(p1)
                outControls.append([Point(x: p0.x + d0.x * h / 3, y: p0.y + d0.y * h / 3), Point(x: p1.x - d1.x * h / 3, y: p1.y - d1.y * h / 3)])
            }
        }
        return (outPoints, outControls)
    }
}
