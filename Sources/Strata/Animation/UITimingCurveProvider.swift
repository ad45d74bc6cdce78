import Foundation
import StrataCore

/// The state of an animator (`UIViewAnimatingState`).
public enum UIViewAnimatingState: Int, Sendable, CustomStringConvertible {
    /// Not started, or finished: its animation blocks may still be added.
    case inactive
    /// Started: running, or paused.
    case active
    /// Stopped by `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped

    public var description: String { ".\(self == .inactive ? "inactive" : self == .active ? "active" : "stopped")" }
}

/// Where an animation ended (`UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end
    /// Back at the start values.
    case start
    /// Wherever it was when stopped.
    case current
}

/// Cubic Bézier timing for an animator (`UICubicTimingParameters`): a class, as UIKit's, so
/// extensions may add convenience initializers. Immutable, so any thread.
open class UICubicTimingParameters: NSObject, @unchecked Sendable {
    /// The first control point of a curve made from control points; `.zero` for one made from a
    /// UIKit curve, as UIKit documents.
    public let controlPoint1: CGPoint
    /// The second control point of a curve made from control points; `.zero` for one made from a
    /// UIKit curve, as UIKit documents.
    public let controlPoint2: CGPoint
    /// The UIKit curve it was made from (`.easeInOut` for one made from control points, where
    /// UIKit leaves it undefined).
    public let animationCurve: UIView.AnimationCurve
    /// Whether it was made from a UIKit curve (else from control points).
    private let isNamedCurve: Bool

    /// Timing with one of UIKit's curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        (controlPoint1, controlPoint2, animationCurve, isNamedCurve) = (.zero, .zero, curve, true)
        super.init()
    }

    /// UIKit's default timing: ease in, ease out.
    public convenience override init() { self.init(animationCurve: .easeInOut) }

    /// A curve through two control points (x within 0...1).
    /// - Precondition: finite control points with x in 0...1.
    public init(controlPoint1: CGPoint, controlPoint2: CGPoint) {
        precondition(
            [controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y].allSatisfy(\.isFinite)
                && (0...1).contains(controlPoint1.x) && (0...1).contains(controlPoint2.x),
            "UICubicTimingParameters: control points \(controlPoint1), \(controlPoint2) must be finite with x in 0...1")
        self.controlPoint1 = controlPoint1
        self.controlPoint2 = controlPoint2
        (animationCurve, isNamedCurve) = (.easeInOut, false)
        super.init()
    }

    var curve: TimingCurve {
        isNamedCurve ? animationCurve.timing : .cubicBezier(x1: controlPoint1.x, y1: controlPoint1.y, x2: controlPoint2.x, y2: controlPoint2.y)
    }
}

/// Spring timing for an animator (`UISpringTimingParameters`): a class, as UIKit's, so
/// extensions may add convenience initializers. Immutable, so any thread.
open class UISpringTimingParameters: NSObject, @unchecked Sendable {
    enum Form: Sendable { case ratio(CGFloat), physical(Spring) }
    let form: Form
    /// The initial velocity, per axis in distances of that axis per second: `dx` for x, `dy` for
    /// y (a move of a view's center or a layer's position); other properties take `dx`, as UIKit
    /// documents.
    public let initialVelocity: CGVector

    /// UIKit's default spring: damping ratio 4.56 (heavily overdamped, so no overshoot) and no
    /// initial velocity, as UIKit documents.
    public convenience override init() { self.init(dampingRatio: 4.56) }

    /// A spring of `ratio` damping that settles within the animator's duration.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        precondition(
            ratio.isFinite && ratio > 0 && velocity.dx.isFinite && velocity.dy.isFinite,
            "UISpringTimingParameters: damping ratio \(ratio) must be above 0 and the velocity \(velocity) finite")
        form = .ratio(ratio)
        initialVelocity = velocity
        super.init()
    }

    /// A spring from physical constants; its settling time replaces the animator's duration, as in
    /// UIKit: `CASpringAnimation.settlingDuration` of a spring animation with the same mass,
    /// stiffness, damping and initial velocity (`dx`).
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        precondition(
            [mass, stiffness, damping, velocity.dx, velocity.dy].allSatisfy(\.isFinite) && mass > 0 && stiffness > 0 && damping >= 0,
            "UISpringTimingParameters: mass \(mass) and stiffness \(stiffness) must be above 0, damping \(damping) at least 0")
        form = .physical(Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity.dx))
        initialVelocity = velocity
        super.init()
    }

    /// A spring that takes about `duration` seconds and bounces by `bounce` (0: none, towards 1:
    /// more, negative: overdamped), as iOS 17's; its settling time replaces the animator's
    /// duration, as for physical constants.
    /// - Precondition: a finite duration above 0 and a finite bounce and velocity.
    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        precondition(
            duration.isFinite && duration > 0 && bounce.isFinite && velocity.dx.isFinite && velocity.dy.isFinite,
            "UISpringTimingParameters: duration \(duration) must be above 0, the bounce \(bounce) and velocity finite")
        form = .physical(Spring(perceptualDuration: duration, bounce: bounce, initialVelocity: velocity.dx))
        initialVelocity = velocity
        super.init()
    }

    /// The damping ratio of a spring given by one (nil for physical constants).
    var ratio: Double? {
        if case .ratio(let r) = form { return r }
        return nil
    }

    /// The curve and the duration it runs for, given the animator's duration.
    func timing(duration: Double) -> (TimingCurve, Double) {
        switch form {
        case .ratio(let ratio): (.spring(Spring(dampingRatio: ratio, settlingIn: duration, initialVelocity: initialVelocity.dx)), duration)
        // The animator's duration is ignored: the spring's own settling time, as Core Animation
        // estimates it (`CASpringAnimation.settlingDuration` of the same spring), replaces it.
        case .physical(let spring): (.spring(spring), CASpringAnimation.settlingTime(of: spring, epsilon: 0.001))
        }
    }
}

/// A 2D vector (Foundation on Linux has none).
public struct CGVector: Hashable, Sendable, Codable {
    public var dx: CGFloat
    public var dy: CGFloat
    /// A vector from its components.
    public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
}

/// What times an animator: cubic or spring parameters (`UITimingCurveProvider`).
public protocol UITimingCurveProvider: Sendable {
    /// The cubic timing, when this provider is one.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring timing, when this provider is one.
    var springTimingParameters: UISpringTimingParameters? { get }
}

extension UICubicTimingParameters: UITimingCurveProvider {
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

extension UISpringTimingParameters: UITimingCurveProvider {
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}
