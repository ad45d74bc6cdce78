import Foundation

/// A damped spring, as UIKit's spring timing parameters describe one: how far from its target an
/// animated value still is, as a function of time. A plain value.
public struct Spring: Hashable, Sendable {
    /// ζ: below 1 the spring overshoots and oscillates, 1 settles fastest without overshoot, above 1 creeps.
    public var dampingRatio: Double
    /// ω₀ = √(stiffness / mass), in radians per second.
    public var naturalFrequency: Double
    /// The speed at the start, in units of the whole distance per second (UIKit's initial velocity).
    public var initialVelocity: Double

    /// A spring from its physical constants (UIKit's `init(mass:stiffness:damping:initialVelocity:)`).
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        naturalFrequency = (stiffness / mass).squareRoot()
        dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        self.initialVelocity = initialVelocity
    }

    /// A spring of unit mass that takes about `perceptualDuration` seconds and bounces by
    /// `bounce` (0: critically damped, towards 1: bouncier, negative: overdamped), as SwiftUI's
    /// and iOS 17's springs define them: stiffness (2π / d)², damping 4π(1 − bounce) / d, or
    /// 4π / (d(1 + bounce)) below 0.
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let d = max(perceptualDuration, 1e-3), b = min(max(bounce, -0.999), 0.999)
        let damping = b >= 0 ? 4 * .pi * (1 - b) / d : 4 * .pi / (d * (1 + b))
        self.init(mass: 1, stiffness: pow(2 * .pi / d, 2), damping: damping, initialVelocity: initialVelocity)
    }

    /// A spring of damping ratio `dampingRatio` that settles in about `duration` seconds
    /// (UIKit's `init(dampingRatio:initialVelocity:)` paired with an animator's duration).
    public init(dampingRatio: Double, settlingIn duration: Double, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        // The envelope e^(−ζω₀t) falls to the settling threshold at `duration`.
        let zeta = max(dampingRatio, 0.01)
        let length = max(duration, 1e-6)
        naturalFrequency = -log(Spring.threshold) / (min(zeta, 1) * length)
        // Find the frequency at which the spring is settled from `duration` on: below ζ = 1 its
        // oscillation's envelope A·e^(−ζω₀t) (A ≥ 1 grows with ζ and the velocity) must be within
        // the threshold; from ζ = 1 on, with no oscillation, the displacement itself.
        var lo = naturalFrequency / 100, hi = naturalFrequency * 100
        for _ in 0..<80 {
            let mid = (lo * hi).squareRoot()
            naturalFrequency = mid
            if remainingBound(at: length) > Spring.threshold { lo = mid } else { hi = mid }
        }
        naturalFrequency = hi
    }

    /// A bound on |displacement| from `t` on.
    private func remainingBound(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        guard zeta < 1 else { return abs(displacement(at: t)) }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let b = (zeta * w0 - initialVelocity) / wd
        return (1 + b * b).squareRoot() * exp(-zeta * w0 * t)
    }

    /// How close to the target counts as settled: a thousandth of the distance.
    public static let threshold = 0.001

    /// The remaining displacement at `t` seconds: 1 at the start, 0 at the target.
    public func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let a = (-v0 - r2) / (r1 - r2)
            return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
    }

    /// The time after which the spring stays within `threshold` of its target, in seconds: the
    /// duration UIKit gives a spring described by its physical constants.
    public var settlingDuration: Double {
        // Step through time; the last moment outside the threshold ends the animation.
        let step = 1.0 / 240
        var t = 0.0, last = 0.0
        let limit = 60.0
        while t < limit {
            if abs(displacement(at: t)) > Spring.threshold { last = t }
            // Once the envelope is inside the threshold nothing later can leave it.
            if t > last + 1, envelope(at: t) < Spring.threshold { break }
            t += step
        }
        return last + step
    }

    private func envelope(at t: Double) -> Double {
        let zeta = dampingRatio, w0 = naturalFrequency
        let decay = zeta < 1 ? zeta * w0 : w0 * (zeta - (max(zeta * zeta - 1, 0)).squareRoot())
        return (1 + abs(initialVelocity) / max(w0, 1e-9) + 1) * exp(-decay * t)
    }
}

/// How an animation's progress follows time: Core Animation's media timing functions and springs.
/// A plain value.
public enum TimingCurve: Hashable, Sendable {
    /// Progress equals elapsed time.
    case linear
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring; progress is 1 − displacement and may overshoot 1.
    case spring(Spring)
    /// Discrete steps: the animation's time in `count` equal parts, progress k / (count − 1)
    /// through the k-th (CSS's `steps(count, jump-none)`), so each of `count` values from the
    /// start to the end shows for the same time: frame-by-frame animation.
    case steps(Int)
    /// A decaying velocity, as a scroll view's content decelerates: `1 − rate^(1000·t)` of the way
    /// `t` seconds in (`rate`: the share of the velocity kept each millisecond, 0 < rate < 1), the
    /// rest at the end (an animation ends once what is left no longer shows).
    case decay(rate: Double)

    /// Core Animation's `easeIn`: (0.42, 0), (1, 1).
    public static let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// Core Animation's `easeOut`: (0, 0), (0.58, 1).
    public static let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's `easeInEaseOut`: (0.42, 0), (0.58, 1).
    public static let easeInOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's `default`: (0.25, 0.1), (0.25, 1).
    public static let caDefault = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The progress at `elapsed` seconds of an animation lasting `duration` seconds: 0 before the
    /// start, 1 at and after the end; in between the curve's value (a spring may pass 1).
    public func progress(elapsed: Double, duration: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration, duration > 0 else { return 1 }
        switch self {
        case .linear:
            return elapsed / duration
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return Self.bezier(x: elapsed / duration, x1: x1, y1: y1, x2: x2, y2: y2)
        case .spring(let spring):
            return 1 - spring.displacement(at: elapsed)
        case .steps(let count):
            guard count > 1 else { return 0 }
            return min((elapsed / duration * Double(count)).rounded(.down), Double(count - 1)) / Double(count - 1)
        case .decay(let rate):
            return 1 - pow(rate, 1000 * elapsed)
        }
    }

    /// y of the cubic Bézier at x: solve x(s) = x by Newton's method, falling back to bisection.
    static func bezier(x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func sample(_ s: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        func slope(_ s: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        }
        var s = x
        for _ in 0..<8 {
            let error = sample(s, x1, x2) - x
            if abs(error) < 1e-9 { return sample(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let value = sample(s, x1, x2)
            if abs(value - x) < 1e-9 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return sample(s, y1, y2)
    }
}
