import Foundation
import Logging
import StrataCore
import StrataGraphics

// Overall design: Core Animation's explicit animations are descriptions. `CALayer.add(_:forKey:)`
// copies one and turns the copy into `LayerAnimation`s — keyframes over the model value (a basic
// animation is two keyframes), with the animation's timing, fill mode and removal — in an
// animation group of their own, so they travel in the next commit, run on the render thread and
// answer `presentation()` exactly as UIKit's block animations do. The group's completion tells the
// delegate and drops the key. The model value never changes: when an animation is removed the
// layer shows its model again.

/// The timing an animation (or anything with its own time) follows: Core Animation's
/// `CAMediaTiming`. Main actor.
@MainActor
public protocol CAMediaTiming: AnyObject {
    /// When it starts, in seconds on the media clock (`CACurrentMediaTime()`); 0 is when it is added.
    var beginTime: CFTimeInterval { get set }
    /// The length of one pass, in seconds.
    var duration: CFTimeInterval { get set }
    /// How fast its time runs (1 normal, 2 twice as fast, 0 paused, negative backwards).
    var speed: Float { get set }
    /// Where in its own time it is when it begins, in seconds.
    var timeOffset: CFTimeInterval { get set }
    /// How many passes (0 means 1; fractions allowed; `.infinity` for ever).
    var repeatCount: Float { get set }
    /// How long to repeat for, in seconds (0: use `repeatCount`).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each pass runs forwards then backwards.
    var autoreverses: Bool { get set }
    /// What shows outside its active time (`.removed` by default).
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What an animation shows outside its active time: Core Animation's fill modes.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A fill mode from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default): the model shows before and after.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The end value stays after the end (while the animation is kept: `isRemovedOnCompletion` false).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The start value shows before a later `beginTime`.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// How a keyframe animation moves between its values (`CAKeyframeAnimation.calculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A mode from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight between values, at the key times (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next key time; `keyTimes` has one more entry than `values`.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant speed along the values (key times and timing functions ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// Core Animation's smooth spline through the values; Strata moves straight between them.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// `cubic` at constant speed; Strata moves straight between them at constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Hears when an animation added to a layer begins and ends (`CAAnimationDelegate`). Both
/// methods have empty defaults. Main actor.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began its active time (after the frame that shows its start).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran to the end of its active time, false when
    /// it was removed before (`removeAnimation(forKey:)`, `removeAllAnimations()`, replaced by
    /// another animation of the same key).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of Core Animation's explicit animations: timing, a timing function, a delegate.
/// Added to a layer with `CALayer.add(_:forKey:)`, which copies it. Main actor.
@MainActor
open class CAAnimation: CAMediaTiming {
    static let logger = Logger(label: "strata.model")

    public var beginTime: CFTimeInterval = 0
    /// 0 (the default) takes the transaction's animation duration (0.25 s unless set) when added.
    public var duration: CFTimeInterval = 0
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed
    /// How progress follows time; nil is linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Whether the layer drops the animation when it ends (true): its model shows again.
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops. Held strongly, as Core Animation holds it (an
    /// animation must not be its own delegate).
    public var delegate: (any CAAnimationDelegate)?
    /// Values stored on the animation by key (`setValue(_:forKey:)`), copied with it.
    private var values: [String: Any] = [:]

    /// An animation with Core Animation's defaults.
    public required init() {}

    /// A new animation (UIKit's `CAAnimation()` factory method).
    public class func animation() -> Self { Self() }

    /// The default of a property (nil: Core Animation's zero values apply).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Stores `value` under `key` on the animation (its key-value coding, as programs use to tag
    /// animations); nil removes it.
    public func setValue(_ value: Any?, forKey key: String) { values[key] = value }

    /// The value stored under `key`, or nil.
    public func value(forKey key: String) -> Any? { values[key] }

    /// A copy of the animation, every property copied (the delegate shared).
    open func copy() -> Any {
        let copy = Self()
        copyProperties(into: copy)
        return copy
    }

    /// Copies the properties into `other`; subclasses add theirs and call `super`.
    open func copyProperties(into other: CAAnimation) {
        other.beginTime = beginTime
        other.duration = duration
        other.speed = speed
        other.timeOffset = timeOffset
        other.repeatCount = repeatCount
        other.repeatDuration = repeatDuration
        other.autoreverses = autoreverses
        other.fillMode = fillMode
        other.timingFunction = timingFunction
        other.isRemovedOnCompletion = isRemovedOnCompletion
        other.delegate = delegate
        other.values = values
    }

    /// The animation as layer animations on `layer` (none for an animation Strata cannot show),
    /// timed by `timing`.
    func layerAnimations(on layer: CALayer, timing: Timing) -> [LayerAnimation] { [] }

    /// Starts the animation on `layer` where it animates a property the layer draws itself
    /// (see DrawnAnimation.swift), timed by `timing`; returns how many it started (0: none).
    func addDrawnAnimations(on layer: CALayer, timing: Timing) -> Int { 0 }

    /// Whether this is a property animation of a property `layer` draws itself.
    func animatesDrawnProperty(of layer: CALayer) -> Bool {
        guard let keyPath = (self as? CAPropertyAnimation)?.keyPath else { return false }
        return layer.drawnValue(forKey: keyPath) != nil
    }

    /// The timing of an added animation, resolved.
    struct Timing {
        /// The begin time relative to the commit that sends it.
        var begin: Double
        var duration: Double
        var repeatCount: Double
        var autoreverses: Bool
        var speed: Double
        var timeOffset: Double
        var isRemovedOnCompletion: Bool
        var fillsBackwards: Bool
        var fillsForwards: Bool
        var group: UInt64

        /// A layer animation of `kind` with this timing and `curve`.
        func animation(_ kind: LayerAnimation.Kind, curve: TimingCurve) -> LayerAnimation {
            LayerAnimation(
                kind: kind, curve: curve, beginTime: begin, duration: duration, repeatCount: repeatCount,
                autoreverses: autoreverses, group: group, speed: speed, timeOffset: timeOffset,
                isRemovedOnCompletion: isRemovedOnCompletion, fillsBackwards: fillsBackwards, fillsForwards: fillsForwards)
        }
    }

    /// This animation's timing as added at media time `now` (begin 0 is `now`).
    func timing(now: Double, group: UInt64) -> Timing {
        let pass = duration * (autoreverses ? 2 : 1)
        let passes: Double =
            if repeatDuration > 0, pass > 0 {
                repeatDuration / pass
            } else if repeatCount == .greatestFiniteMagnitude || repeatCount.isInfinite {
                .infinity
            } else {
                repeatCount > 0 ? Double(repeatCount) : 1
            }
        return Timing(
            begin: beginTime == 0 ? 0 : beginTime - now, duration: duration, repeatCount: passes,
            autoreverses: autoreverses, speed: Double(speed), timeOffset: timeOffset,
            isRemovedOnCompletion: isRemovedOnCompletion, fillsBackwards: fillMode.fillsBackwards,
            fillsForwards: fillMode.fillsForwards, group: group)
    }
}

/// An animation of one layer property, named by a key path (`CAPropertyAnimation`).
@MainActor
open class CAPropertyAnimation: CAAnimation {
    /// The animated property's key path: a `CALayer` property name (`opacity`, `position`,
    /// `bounds`, `transform`, `backgroundColor`, `cornerRadius`, …) or a field of one
    /// (`position.x`, `bounds.size.width`, `transform.scale`, `transform.rotation.z`,
    /// `transform.translation.x`, …).
    public var keyPath: String?
    /// Whether the values add onto the model value (transforms: applied before it) instead of
    /// replacing it.
    public var isAdditive = false
    /// Whether each repeat starts from where the last ended (accepted; Strata starts each pass
    /// from the first value).
    public var isCumulative = false

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyProperties(into other: CAAnimation) {
        super.copyProperties(into: other)
        guard let other = other as? CAPropertyAnimation else { return }
        other.keyPath = keyPath
        other.isAdditive = isAdditive
        other.isCumulative = isCumulative
    }

    /// The layer property and part the key path names, or nil (logged) when Strata has none.
    func target() -> (key: LayerKey, part: LayerValuePart)? {
        guard let keyPath, !keyPath.isEmpty else {
            Self.logger.warning("\(type(of: self)) has no keyPath: it animates nothing")
            return nil
        }
        let head = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
        let tail = keyPath.count > head.count ? String(keyPath.dropFirst(head.count + 1)) : ""
        guard let key = LayerKey.named(head), key.isAnimatable,
            let part = LayerValuePart.named(tail, of: key.spec.defaultValue.kind)
        else {
            Self.logger.warning("\(type(of: self)): Strata cannot animate the key path \"\(keyPath)\"; the animation shows nothing")
            return nil
        }
        return (key, part)
    }

    /// `value` (what a program sets: a number, `CGPoint`, `CGSize`, `CGRect`, `CGColor`,
    /// `CATransform3D`, or geometry in an `NSValue`) as a value of `kind`, or nil when it is not one.
    static func layerValue(_ value: Any?, as kind: LayerValue.Kind) -> LayerValue? {
        guard var value else { return nil }
        // Geometry boxed the UIKit way (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`, …).
        if !(value is NSNumber), let box = value as? NSValue, let geometry = box.boxedGeometry {
            switch geometry {
            case .point(let p): value = p
            case .size(let s): value = s
            case .rect(let r): value = r
            case .transform(let t): value = t
            }
        }
        switch kind {
        case .number, .float:
            let number: Double? =
                switch value {
                case let v as Double: v
                case let v as CGFloat: Double(v)
                case let v as Float: Double(v)
                case let v as Int: Double(v)
                case let v as NSNumber: v.doubleValue
                default: nil
                }
            guard let number else { return nil }
            return kind == .float ? .float(Float(number)) : .number(number)
        case .point:
            switch value {
            case let p as CGPoint: return .point(p.core)
            case let s as CGSize: return .point(Point(x: s.width, y: s.height))
            default: return nil
            }
        case .rect:
            guard let r = value as? CGRect else { return nil }
            return .rect(r.core)
        case .color:
            guard let c = value as? CGColor else { return nil }
            return .color(c.value)
        case .transform:
            guard let t = value as? CATransform3D else { return nil }
            return .transform(t.core)
        case .bool:
            guard let b = value as? Bool else { return nil }
            return .bool(b)
        case .gravity:
            return nil
        }
    }

    /// The value the layer shows now for `key`'s `part` (what a missing from- or to-value means).
    static func shownValue(of layer: CALayer, _ key: LayerKey, _ part: LayerValuePart) -> LayerValue? {
        let shown = layer.presentationValue(of: layer.property(key), at: layer.currentContext?.shownTime)
        return part.read(from: shown.value)
    }

    /// Layer animations of `keyframes` with this animation's timing and timing function, or none
    /// (logged) when the keyframes cannot run.
    func layerAnimations(_ keyframes: Keyframes, timing: Timing, curve: TimingCurve) -> [LayerAnimation] {
        let animation = timing.animation(.keyframes(keyframes), curve: curve)
        if let problem = animation.problem {
            Self.logger.warning("\(type(of: self)) of \"\(keyPath ?? "")\" shows nothing: \(problem)")
            return []
        }
        return [animation]
    }
}

/// An animation between two values of a layer property (`CABasicAnimation`).
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    /// The value to start from (nil: see the class's rules).
    public var fromValue: Any?
    /// The value to end at.
    public var toValue: Any?
    /// The change to make, relative to `fromValue` or the value shown.
    public var byValue: Any?

    open override func copyProperties(into other: CAAnimation) {
        super.copyProperties(into: other)
        guard let other = other as? CABasicAnimation else { return }
        other.fromValue = fromValue
        other.toValue = toValue
        other.byValue = byValue
    }

    /// The two values, as Core Animation's table has it: from and to; from and from + by; to − by
    /// and to; from and the value shown; the value shown and to; the value shown and that + by;
    /// with none, the value shown to itself (Strata keeps no earlier value).
    func endpoints(on layer: CALayer, _ key: LayerKey, _ part: LayerValuePart) -> (LayerValue, LayerValue)? {
        let kind = part.valueKind(in: key.spec.defaultValue.kind)
        let from = Self.layerValue(fromValue, as: kind), to = Self.layerValue(toValue, as: kind), by = Self.layerValue(byValue, as: kind)
        for (name, given, read) in [("fromValue", fromValue, from), ("toValue", toValue, to), ("byValue", byValue, by)] where given != nil && read == nil {
            Self.logger.warning("\(type(of: self)) of \"\(keyPath ?? "")\": \(name) \(given!) is not a value of \(kind); the animation shows nothing")
            return nil
        }
        return Self.endpoints(from: from, to: to, by: by, shown: { Self.shownValue(of: layer, key, part) }, plus: { $0.adding($1, scaledBy: $2) })
    }

    /// Core Animation's from/to/by table (see `endpoints(on:_:_:)`) over any kind of value:
    /// `shown` gives the value shown now, `plus(a, b, k)` is a + b × k (nil where it has none).
    static func endpoints<V>(from: V?, to: V?, by: V?, shown: () -> V?, plus: (V, V, Double) -> V?) -> (V, V)? {
        switch (from, to, by) {
        case (let f?, let t?, _): (f, t)
        case (let f?, nil, let b?): plus(f, b, 1).map { (f, $0) }
        case (nil, let t?, let b?): plus(t, b, -1).map { ($0, t) }
        case (let f?, nil, nil): shown().map { (f, $0) }
        case (nil, let t?, nil): shown().map { ($0, t) }
        case (nil, nil, let b?): shown().flatMap { s in plus(s, b, 1).map { (s, $0) } }
        case (nil, nil, nil): shown().map { ($0, $0) }
        }
    }

    /// The curve the two values are joined by: the timing function's.
    func curve() -> TimingCurve { timingFunction?.curve ?? .linear }

    override func addDrawnAnimations(on layer: CALayer, timing: Timing) -> Int {
        guard let keyPath, let model = layer.drawnValue(forKey: keyPath) else { return 0 }
        func read(_ name: String, _ value: Any?) -> DrawnValue?? {
            guard let value else { return .some(nil) }
            guard let read = DrawnValue.reading(value, like: model) else {
                Self.logger.warning("\(type(of: self)) of \"\(keyPath)\": \(name) \(value) is not a value of the property; the animation shows nothing")
                return nil
            }
            return read
        }
        guard let from = read("fromValue", fromValue), let to = read("toValue", toValue), let by = read("byValue", byValue) else { return 0 }
        let shown = { layer.shownDrawnValue(model, forKey: keyPath, at: layer.localTime(fromMedia: layer.currentContext?.shownTime ?? 0)) }
        guard let (start, end) = Self.endpoints(from: from, to: to, by: by, shown: shown, plus: { $0.adding($1, scaledBy: CGFloat($2)) }) else { return 0 }
        layer.addDrawnAnimation(key: keyPath, from: start, to: end, timing: timing, curve: curve())
        return 1
    }

    override func layerAnimations(on layer: CALayer, timing: Timing) -> [LayerAnimation] {
        guard !animatesDrawnProperty(of: layer), let (key, part) = target(), let (from, to) = endpoints(on: layer, key, part) else { return [] }
        return layerAnimations(Keyframes(key: key, part: part, values: [from, to], isAdditive: isAdditive), timing: timing, curve: curve())
    }
}

/// A basic animation that moves like a mass on a spring (`CASpringAnimation`): `settlingDuration`
/// says how long it takes to come to rest; set `duration` to it to see the whole motion.
@MainActor
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (1 by default). A value that is not above 0 is refused as Core
    /// Animation refuses it: logged, and the mass is 1.
    public var mass: CGFloat = 1 {
        didSet {
            if !(mass > 0) {
                Self.refuse("mass", mass, "above 0", 1)
                mass = 1
            }
        }
    }
    /// The spring's stiffness (100 by default). A value that is not above 0 is refused as Core
    /// Animation refuses it: logged, and the stiffness is 100.
    public var stiffness: CGFloat = 100 {
        didSet {
            if !(stiffness > 0) {
                Self.refuse("stiffness", stiffness, "above 0", 100)
                stiffness = 100
            }
        }
    }
    /// The friction (10 by default). A value below 0 (or NaN) is refused as Core Animation
    /// refuses it: logged, and the damping is 10.
    public var damping: CGFloat = 10 {
        didSet {
            if !(damping >= 0) {
                Self.refuse("damping", damping, "at least 0", 10)
                damping = 10
            }
        }
    }

    /// Logs a refused value (the caller puts the default back).
    private static func refuse(_ name: String, _ value: CGFloat, _ rule: String, _ replacement: CGFloat) {
        logger.error("CASpringAnimation \(name) must be \(rule), got \(value); using \(replacement)")
    }
    /// The starting speed, in distances per second: positive toward the end value.
    public var initialVelocity: CGFloat = 0
    /// Whether a damping beyond critical slows the motion (false: treated as critically damped).
    public var allowsOverdamping = false

    /// A spring that takes about `perceptualDuration` seconds and bounces by `bounce` (0: none,
    /// up to 1: more; negative: overdamped), as iOS 17's initializer; overdamping is allowed, and
    /// `duration` is the `settlingDuration`, as Core Animation sets it.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let spring = Spring(perceptualDuration: perceptualDuration, bounce: bounce)
        mass = 1
        stiffness = pow(spring.naturalFrequency, 2)
        damping = 2 * spring.dampingRatio * spring.naturalFrequency
        allowsOverdamping = true
        // Core Animation's initializer sets the duration to the settling time.
        duration = settlingDuration
    }

    /// The spring's perceptual duration: 2π / √(stiffness / mass) seconds.
    public var perceptualDuration: TimeInterval { 2 * .pi / (stiffness / mass).squareRoot() }

    /// How bouncy the spring is (0: critically damped, positive: bouncier, negative: overdamped).
    public var bounce: CGFloat {
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// How long the spring takes to come to rest, in seconds, as Core Animation estimates it (at
    /// the animation's `speed`; `Float.greatestFiniteMagnitude` when it never settles or `speed`
    /// is 0). The criterion is Core Animation's: an underdamped spring x(t) = e^(−ζω₀t)(A cos ω_d t
    /// + B sin ω_d t) has settled once its envelope (|A| + |B|) e^(−ζω₀t) is within 0.001 of the
    /// distance; a critically damped or overdamped one, sampled every 0.1 s, at the first sample
    /// within 0.001 that the motion stays within for more than a second. Apple's example (mass 1,
    /// stiffness 100, damping 5) settles in 2.855 s; damping 15 in 1.022 s.
    public var settlingDuration: CFTimeInterval {
        let seconds = Self.settlingTime(of: spring, epsilon: 0.001)
        guard speed != 0 else { return CFTimeInterval(Float.greatestFiniteMagnitude) }
        return min(abs(seconds / Double(speed)), CFTimeInterval(Float.greatestFiniteMagnitude))
    }

    /// Core Animation's settling estimate for `spring` (see `settlingDuration`), in seconds. Any
    /// thread (a pure function; UIKit's spring timing parameters use it too).
    package nonisolated static func settlingTime(of spring: Spring, epsilon: Double) -> Double {
        let zeta = spring.dampingRatio, w0 = spring.naturalFrequency, v0 = spring.initialVelocity
        let e = max(epsilon, 1e-6)
        guard zeta * w0 > 0 else { return .infinity }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = 1 + abs((zeta * w0 - v0) / wd)
            return max(-log(e / amplitude) / (zeta * w0), 0)
        }
        var best = Double.infinity, bestTime = -1.0
        var t = 0.0
        while t < 1e6 {
            let d = abs(spring.displacement(at: t))
            guard d.isFinite else { break }
            if best >= e {
                if d < best { (best, bestTime) = (d, t) }
            } else if d >= e {
                best = .infinity
            } else if t - bestTime > 1 {
                return bestTime
            }
            t += 0.1
        }
        return 0
    }

    /// The motion as Strata's spring.
    var spring: Spring {
        var spring = Spring(mass: Double(max(mass, 1e-9)), stiffness: Double(max(stiffness, 1e-9)), damping: Double(max(damping, 0)), initialVelocity: Double(initialVelocity))
        if !allowsOverdamping { spring.dampingRatio = min(spring.dampingRatio, 1) }
        return spring
    }

    open override func copyProperties(into other: CAAnimation) {
        super.copyProperties(into: other)
        guard let other = other as? CASpringAnimation else { return }
        other.mass = mass
        other.stiffness = stiffness
        other.damping = damping
        other.initialVelocity = initialVelocity
        other.allowsOverdamping = allowsOverdamping
    }

    override func curve() -> TimingCurve { .spring(spring) }
}

/// An animation through a list of values (`CAKeyframeAnimation`).
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values, in order.
    public var values: [Any]?
    /// When each value is reached, as fractions 0...1 of the duration, rising; as many as
    /// `values` (one more in `.discrete` mode). Invalid lists are ignored: the values are spread
    /// evenly.
    public var keyTimes: [NSNumber]?
    /// Each segment's timing function (one fewer than `values`), after the animation's own.
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How the values follow each other (`.linear` by default).
    public var calculationMode = CAAnimationCalculationMode.linear
    /// The path a point property follows (nil by default); when set, `values` is ignored. See
    /// `pathAnimations` in CAKeyframeAnimation+Path.swift for how it is followed.
    public var path: CGPath?
    /// Whether the layer turns to follow the path's tangent (nil, the default: it does not).
    public var rotationMode: CAAnimationRotationMode?

    open override func copyProperties(into other: CAAnimation) {
        super.copyProperties(into: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        other.values = values
        other.keyTimes = keyTimes
        other.timingFunctions = timingFunctions
        other.calculationMode = calculationMode
        other.path = path
        other.rotationMode = rotationMode
    }

    override func addDrawnAnimations(on layer: CALayer, timing: Timing) -> Int {
        guard let keyPath, layer.drawnValue(forKey: keyPath) != nil else { return 0 }
        let times = keyTimes?.map(\.doubleValue)
        let curve = timingFunction?.curve ?? .linear
        return layer.addDrawnKeyframes(key: keyPath, values: values ?? [], keyTimes: times, discrete: calculationMode == .discrete, timing: timing, curve: curve) ? 1 : 0
    }

    override func layerAnimations(on layer: CALayer, timing: Timing) -> [LayerAnimation] {
        guard !animatesDrawnProperty(of: layer), let (key, part) = target() else { return [] }
        if let path { return pathAnimations(path, key: key, part: part, timing: timing) }
        let kind = part.valueKind(in: key.spec.defaultValue.kind)
        guard let given = values, !given.isEmpty else {
            Self.logger.warning("CAKeyframeAnimation of \"\(keyPath ?? "")\" has no values: it shows nothing")
            return []
        }
        var converted: [LayerValue] = []
        for value in given {
            guard let v = Self.layerValue(value, as: kind) else {
                Self.logger.warning("CAKeyframeAnimation of \"\(keyPath ?? "")\": \(value) is not a value of \(kind); the animation shows nothing")
                return []
            }
            converted.append(v)
        }
        let discrete = calculationMode == .discrete
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        var times: [Double]
        if paced {
            times = Self.pacedKeyTimes(converted)
        } else if let given = keyTimes?.map(\.doubleValue), Self.areValid(given, count: converted.count + (discrete ? 1 : 0)) {
            times = discrete ? Array(given.dropLast()) : given
        } else {
            let n = converted.count
            times = discrete ? (0..<n).map { Double($0) / Double(n) } : Keyframes.evenKeyTimes(count: n)
        }
        if times.count != converted.count { times = Keyframes.evenKeyTimes(count: converted.count) }
        var curves: [TimingCurve] = []
        if !paced, let functions = timingFunctions, functions.count == converted.count - 1 { curves = functions.map(\.curve) }
        let keyframes = Keyframes(key: key, part: part, values: converted, keyTimes: times, curves: curves, isDiscrete: discrete, isAdditive: isAdditive)
        return layerAnimations(keyframes, timing: timing, curve: timingFunction?.curve ?? .linear)
    }

    /// Whether `times` are `count` fractions rising from 0 to 1.
    static func areValid(_ times: [Double], count: Int) -> Bool {
        times.count == count && times.first == 0 && times.last == 1 && times.allSatisfy { (0...1).contains($0) }
            && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Key times at which a constant speed through `values` reaches each (by the distance between
    /// numbers and points; evenly for values with no distance).
    static func pacedKeyTimes(_ values: [LayerValue]) -> [Double] {
        var distances: [Double] = [0]
        for (a, b) in zip(values, values.dropFirst()) {
            let d: Double? =
                switch (a, b) {
                case (.number(let x), .number(let y)): abs(y - x)
                case (.float(let x), .float(let y)): Double(abs(y - x))
                case (.point(let p), .point(let q)): ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
                default: nil
                }
            guard let d else { return Keyframes.evenKeyTimes(count: values.count) }
            distances.append(distances.last! + d)
        }
        guard let total = distances.last, total > 0 else { return Keyframes.evenKeyTimes(count: values.count) }
        return distances.map { $0 / total }
    }
}

/// The media clock's time now, in seconds: the time of the next frame of the main screen (the
/// frame new animations begin with), or the monotonic clock when no screen exists. Main actor.
@MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    CAContext.first?.mediaTime ?? MonotonicTime.now()
}
