import Foundation
import StrataCore

extension AnimationLedger {
    /// The settings of a `UIView.animate` block: a duration of 0 or less animates nothing (the
    /// changes jump, the completion still runs), a negative delay counts as none, and a block
    /// nested in another inherits its duration, curve and repeat options unless `options`
    /// override them, as UIKit documents.
    func blockContext(duration: Double, delay: Double, curve: TimingCurve, options: UIView.AnimationOptions) -> AnimationContext {
        var context = AnimationContext(
            duration: max(duration, 0), delay: max(delay, 0), curve: curve,
            repeatCount: options.contains(.repeat) ? .infinity : 1,
            autoreverses: options.contains(.autoreverse), group: makeGroup(),
            allowsUserInteraction: options.contains(.allowUserInteraction))
        if let outer = TransactionStack.shared.animationContexts.last, outer.animator == nil {
            if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { context.curve = outer.curve }
            if !options.contains(.overrideInheritedOptions) { (context.repeatCount, context.autoreverses) = (outer.repeatCount, outer.autoreverses) }
        }
        return context
    }
}

extension UIView {
    /// The timing curve of a UIKit animation.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        var timing: TimingCurve {
            switch self {
            case .easeInOut: .easeInOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }

    /// Options of `UIView.animate(withDuration:delay:options:animations:completion:)`.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        /// Options from their bits (UIKit's values).
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lay out subviews as part of the animation (accepted; layout runs at the commit).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let the animated views take touches meanwhile (hit-tested at their model geometry);
        /// without it they take none until the animation ends.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is shown (always the case: animations add onto what is running).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run each pass forwards then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Ease in and out (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// Inside another animation block: use this block's duration, not the outer block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Inside another animation block: use this block's curve, not the outer block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Inside another animation block: use this block's repeat and autoreverse, not the outer block's.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        /// Redraw content during a transition (accepted; Strata's transitions animate views, not snapshots).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// In `transition(from:to:…)`: hide the from-view and show the to-view instead of
        /// removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A transition with no animation (the default).
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// A transition turning about the vertical axis, left edge coming forward.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// A transition turning about the vertical axis, right edge coming forward.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A page curl upwards (Strata shows it as a cross-dissolve).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// A page curl downwards (Strata shows it as a cross-dissolve).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// A transition fading the old view out as the new one fades in.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// A transition turning about the horizontal axis, top edge coming forward.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// A transition turning about the horizontal axis, bottom edge coming forward.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        /// The screen's frame rate for the animation (Strata draws at the compositor's rate).
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// 60 frames a second (accepted; Strata draws at the compositor's rate).
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// 30 frames a second (accepted; Strata draws at the compositor's rate).
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 3)) ?? .easeInOut }
        /// The transition bits (`transitionNone` … `transitionFlipFromBottom`), 0…7.
        var transition: UInt { (rawValue >> 20) & 7 }
        /// Whether the transition is one of the four flips.
        var flips: Bool { [1, 2, 6, 7].contains(transition) }
        /// The curve bits alone (the options a transition's animation takes).
        var curveOnly: AnimationOptions { AnimationOptions(rawValue: rawValue & (3 << 16)) }
    }

    /// Animates the changes `animations` makes, over `duration` seconds after `delay`, with
    /// `options`; `completion` runs on the main actor after the frame that shows the end.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(duration.isFinite && delay.isFinite, "UIView.animate: duration \(duration) and delay \(delay) must be finite")
        let t = AnimationLedger.shared
        t.animate(
            t.blockContext(duration: duration, delay: delay, curve: options.curve.timing, options: options),
            animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds, easing in and out.
    public static func animate(
        withDuration duration: TimeInterval, animations: @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates with a spring of damping ratio `dampingRatio` that settles in `duration` seconds;
    /// `velocity` is the initial speed in distances per second.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(
            duration.isFinite && delay.isFinite && dampingRatio.isFinite && dampingRatio > 0 && velocity.isFinite,
            "UIView.animate(usingSpringWithDamping:): duration \(duration), delay \(delay), damping \(dampingRatio) and velocity \(velocity) must be finite, the damping above 0")
        let t = AnimationLedger.shared
        let spring = Spring(dampingRatio: dampingRatio, settlingIn: max(duration, 0), initialVelocity: velocity)
        t.animate(
            t.blockContext(duration: duration, delay: delay, curve: .spring(spring), options: options.union(.overrideInheritedCurve)),
            animations: animations, completion: completion)
    }

    /// Animates with a spring that takes about `duration` seconds and bounces by `bounce` (0: no
    /// overshoot, towards 1: more; negative: overdamped), as iOS 17's; `initialSpringVelocity`
    /// is in distances per second. The animation lasts until the spring settles (its completion
    /// runs then).
    /// - Precondition: finite values, a duration above 0.
    public static func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(
            duration.isFinite && duration > 0 && bounce.isFinite && velocity.isFinite && delay.isFinite,
            "UIView.animate(springDuration:): duration \(duration) must be above 0, bounce \(bounce), velocity \(velocity) and delay \(delay) finite")
        let t = AnimationLedger.shared
        let spring = Spring(perceptualDuration: duration, bounce: bounce, initialVelocity: velocity)
        t.animate(
            t.blockContext(
                duration: spring.settlingDuration, delay: delay, curve: .spring(spring),
                options: options.union([.overrideInheritedCurve, .overrideInheritedDuration])),
            animations: animations, completion: completion)
    }

    /// Options of `animateKeyframes(withDuration:delay:options:animations:completion:)` (UIKit's
    /// values). Strata interpolates each keyframe linearly (`calculationModeLinear`, the default);
    /// the other calculation modes are accepted and animate the same way.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        /// Options from their bits (UIKit's values).
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lay out subviews as part of the animation (accepted; layout runs at the commit).
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// The animated views take touches meanwhile.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Start from what is shown (Strata's animations always add onto what is shown).
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Run each pass forwards then backwards.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Use this block's duration, not an enclosing block's.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// Use this block's options, not an enclosing block's.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 7)
        /// Linear interpolation between keyframes (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Accepted; animates as `calculationModeLinear`.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Accepted; animates as `calculationModeLinear`.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Accepted; animates as `calculationModeLinear`.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Accepted; animates as `calculationModeLinear`.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// Animates the keyframes `animations` adds with `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// over `duration` seconds after `delay`, each keyframe linearly over its share of the duration,
    /// and changes made outside any keyframe over the whole duration; `completion` runs once, after
    /// the frame that shows the last keyframe's end. Keyframes of one property follow each other
    /// (each adds its own difference onto the model, as UIKit's additive animations do); a
    /// transform's keyframes overlap instead, as a transform animates from what is shown.
    /// `.repeat` and `.autoreverse` are not supported yet for keyframe sequences: they are ignored.
    public static func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(duration.isFinite && delay.isFinite, "UIView.animateKeyframes: duration \(duration) and delay \(delay) must be finite")
        var blockOptions: AnimationOptions = [.curveLinear, .overrideInheritedCurve]
        if options.contains(.allowUserInteraction) { blockOptions.insert(.allowUserInteraction) }
        if options.contains(.overrideInheritedDuration) { blockOptions.insert(.overrideInheritedDuration) }
        if options.contains(.overrideInheritedOptions) { blockOptions.insert(.overrideInheritedOptions) }
        let t = AnimationLedger.shared
        t.animate(t.blockContext(duration: duration, delay: delay, curve: .linear, options: blockOptions), animations: animations, completion: completion)
    }

    /// Adds a keyframe to the enclosing `animateKeyframes` block: `animations`' changes animate
    /// linearly from `frameStartTime` for `frameDuration`, both as fractions (0...1) of that
    /// block's duration. Outside such a block the changes take effect at once.
    /// - Precondition: both fractions are finite.
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: @MainActor () -> Void
    ) {
        precondition(
            frameStartTime.isFinite && frameDuration.isFinite,
            "UIView.addKeyframe: relative start \(frameStartTime) and duration \(frameDuration) must be finite")
        let t = TransactionStack.shared
        guard let block = t.animationContexts.last, block.animator == nil, t.withoutAnimation == 0 else {
            performWithoutAnimation(animations)
            return
        }
        var keyframe = block
        let start = min(max(frameStartTime, 0), 1), length = min(max(frameDuration, 0), 1 - start)
        keyframe.delay = block.delay + block.duration * start
        keyframe.duration = block.duration * length
        keyframe.curve = .linear
        t.animationContexts.append(keyframe)
        animations()
        t.animationContexts.removeLast()
    }

    /// Whether animation blocks animate (true by default). While false, changes made in
    /// subsequent animation blocks take effect at once (their completions still run); animations
    /// already running go on, and Core Animation's implicit animations of standalone layers are
    /// not affected, as UIKit documents. Main actor.
    public static var areAnimationsEnabled: Bool { TransactionStack.shared.animationsEnabled }

    /// Turns animation blocks' animations on or off (see `areAnimationsEnabled`).
    public static func setAnimationsEnabled(_ enabled: Bool) { TransactionStack.shared.animationsEnabled = enabled }

    /// The duration of the innermost animation block being run, in seconds; 0 outside one.
    public static var inheritedAnimationDuration: TimeInterval {
        let t = TransactionStack.shared
        guard t.withoutAnimation == 0, let block = t.animationContexts.last else { return 0 }
        return block.duration
    }

    /// Runs `actionsWithoutAnimation` with animations off, even inside an animation block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: @MainActor () -> Void) {
        TransactionStack.shared.withoutAnimation += 1
        actionsWithoutAnimation()
        TransactionStack.shared.withoutAnimation -= 1
    }
}
