import Foundation
import StrataCore

// Overall design: an animation block (UIView.animate) pushes an `AnimationContext`. While one is
// open, every change of an animatable layer property records a `LayerAnimation`: additive
// (old − new, fading to nothing over the new model value) for everything but transforms, which go
// from the value shown now to the new one. Model values jump to their targets at once. At the
// commit each animation gets its begin time on the screen's frame clock and goes to the render
// thread, which evaluates it every frame; the main thread keeps a copy to answer
// `CALayer.presentation()` with the same pure function. A block's completion runs after the first
// frame at or past the end of its last animation.

/// The settings of the innermost open animation block.
struct AnimationContext {
    var duration: Double
    var delay: Double
    var curve: TimingCurve
    var repeatCount: Double
    var autoreverses: Bool
    var group: UInt64
    /// The property animator the block belongs to: it times the changes itself.
    var animator: UIViewPropertyAnimator?
    /// For an animator's blocks: where in its duration this block's animations start (0...1).
    var delayFactor: Double = 0
    /// Whether the animated views take touches meanwhile.
    var allowsUserInteraction = true
}

/// A block's completion, waiting for the frame that shows its last animation ended.
struct AnimationGroup {
    var completion: (@MainActor (Bool) -> Void)?
    /// The latest end time of the group's animations, once sent; nil until then.
    var endTime: Double?
    /// The screen whose frames show the group.
    weak var screen: CAContext?
    /// Animations recorded but not yet sent.
    var pending = 0
    /// When the group's sent animations on each layer begin and end, on that layer's time.
    var spans: [ObjectIdentifier: AnimationSpan] = [:]
    /// False once any of its animations was removed before its end.
    var finished = true
    /// Whether the views it animates take touches meanwhile (`.allowUserInteraction`).
    var allowsUserInteraction = true
    /// Runs after the first frame at or past the group's begin (an explicit animation's delegate's
    /// `animationDidStart`), then is dropped.
    var start: (@MainActor () -> Void)?
    /// The earliest begin time of the group's sent animations; nil until one is sent.
    var beginTime: Double?
    /// Whether its times are the model's guess, waiting for a frame to report the render side's.
    var awaitsBeginTime = false

    /// Whether a frame at media time `time` shows the group begun: its earliest begin reached
    /// (on its layer's time once layers have times of their own, see CALayer+Timing.swift).
    @MainActor func hasBegun(at time: Double) -> Bool {
        guard let beginTime else { return false }
        guard CALayer.layerTimesUsed else { return time >= beginTime - 1e-9 }
        return spans.values.contains { span in
            span.layer.object.map { $0.localTime(fromMedia: time) >= span.begin - 1e-9 } ?? true
        }
    }

    /// Whether a frame at media time `time` shows every animation of the group ended (each on
    /// its layer's time once layers have times of their own: a paused layer's never end).
    @MainActor func hasEnded(at time: Double) -> Bool {
        guard let endTime else { return false }
        guard CALayer.layerTimesUsed else { return time >= endTime - 1e-9 }
        return spans.values.allSatisfy { span in
            span.layer.object.map { $0.localTime(fromMedia: time) >= span.end - 1e-9 } ?? true
        }
    }
}

/// When a group's animations on one layer begin and end, on the layer's time.
struct AnimationSpan {
    var layer: Weak<CALayer>
    var begin: Double
    var end: Double
}

extension AnimationLedger {
    /// The transaction stack the blocks and levels are read from.
    private var stack: TransactionStack { .shared }

    /// The settings of an implicit animation in the stack.current transaction level, starting the
    /// level's animation group if it has none yet.
    private func implicitContext() -> AnimationContext {
        let group: UInt64
        if let id = stack.current.group, groups[id] != nil {
            group = id
        } else {
            group = makeGroup()
            groups[group] = AnimationGroup()
            stack.current.group = group
        }
        let level = stack.current
        return AnimationContext(
            duration: level.animationDuration, delay: 0, curve: level.timingFunction?.curve ?? .caDefault,
            repeatCount: 1, autoreverses: false, group: group)
    }

    /// Records an animation from `old` to `new` (model values) on `layer`, running `action` (what
    /// `CALayer.explicitAction(forKey:)` answered before the change), as Core Animation does: an
    /// action runs (`NSNull` does nothing); the action `UIView` answers inside an animation block
    /// records the innermost block's animation; no action at all gives Core Animation's implicit
    /// animation with the transaction's duration and timing function. A view's layer gets here
    /// only where its view may animate and a standalone one only on screen (see
    /// `CALayer.valueBeforeChange`). Nothing when actions are disabled.
    func recordAnimation(of layer: CALayer, old: LayerProperty, new: LayerProperty, action: (any CAAction)?) {
        guard !stack.current.disableActions, old != new else { return }
        let context: AnimationContext
        if let action, !(action is UIView.BlockAnimation) {
            return action is NSNull ? () : layer.run(action, old: old, new: new)
        } else if action != nil {
            guard let block = stack.animationContexts.last else { return }
            context = block
        } else if stack.current.animationDuration > 0 {
            context = implicitContext()
        } else {
            return
        }
        if let animator = context.animator {
            animator.record(layer: layer, old: old, new: new, delayFactor: context.delayFactor)
            return
        }
        let kind: LayerAnimation.Kind
        if new.key.animationStyle == .interpolated {
            kind = .absolute(from: layer.presentationValue(of: old, at: layer.currentContext?.shownTime), to: new)
        } else if let delta = old.subtracting(new) {
            kind = .additive(delta: delta)
        } else {
            return
        }
        layer.addAnimation(
            LayerAnimation(
                kind: kind, curve: context.curve, beginTime: context.delay, duration: context.duration,
                repeatCount: context.repeatCount, autoreverses: context.autoreverses, group: context.group))
    }

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
        if let outer = stack.animationContexts.last, outer.animator == nil {
            if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { context.curve = outer.curve }
            if !options.contains(.overrideInheritedOptions) { (context.repeatCount, context.autoreverses) = (outer.repeatCount, outer.autoreverses) }
        }
        return context
    }

    /// Runs `animations` as one animation block with `context`'s settings; `completion` runs
    /// after the frame that shows the end (or after the commit when nothing animated).
    func animate(_ context: AnimationContext, animations: () -> Void, completion: (@MainActor (Bool) -> Void)?) {
        groups[context.group] = AnimationGroup(completion: completion, allowsUserInteraction: context.allowsUserInteraction)
        if context.duration > 0 {
            stack.animationContexts.append(context)
            animations()
            stack.animationContexts.removeLast()
        } else {
            stack.withoutAnimation += 1
            animations()
            stack.withoutAnimation -= 1
        }
        CommitScheduler.shared.scheduleImplicitCommitForAnimations()
    }

    /// Starts a group for animations added directly to layers (`CALayer.addAnimation`);
    /// `completion` hears the group and whether its animations ran to their end.
    func startAnimationGroup(_ completion: @escaping @MainActor (UInt64, Bool) -> Void) -> UInt64 {
        let group = makeGroup()
        groups[group] = AnimationGroup(completion: { finished in completion(group, finished) })
        return group
    }

    /// A new group number for an animation block.
    func makeGroup() -> UInt64 {
        nextGroup += 1
        return nextGroup
    }

    /// Notes that an animation of `group` on `layer` was sent, beginning at `beginTime` and ending
    /// at `endTime`, to `screen`.
    func animationSent(group: UInt64, beginTime: Double, endTime: Double, layer: CALayer, screen: CAContext) {
        if let i = groups.index(forKey: group) { groups.values[i].pending -= 1 }
        recordSpan(group: group, beginTime: beginTime, endTime: endTime, layer: layer, screen: screen)
    }

    /// Notes that `group` runs an animation on `layer` from `beginTime` to `endTime` (the layer's
    /// time) on `screen`: the group ends when every such span has.
    func recordSpan(group: UInt64, beginTime: Double, endTime: Double, layer: CALayer, screen: CAContext) {
        // In place: a copy of the group would copy its `spans` table for every animation sent.
        guard let i = groups.index(forKey: group) else { return }
        let key = ObjectIdentifier(layer)
        groups.values[i].beginTime = min(groups.values[i].beginTime ?? beginTime, beginTime)
        groups.values[i].awaitsBeginTime = true
        groups.values[i].endTime = max(groups.values[i].endTime ?? endTime, endTime)
        if let span = groups.values[i].spans[key] {
            groups.values[i].spans[key] = AnimationSpan(layer: span.layer, begin: min(span.begin, beginTime), end: max(span.end, endTime))
        } else {
            groups.values[i].spans[key] = AnimationSpan(layer: Weak(layer), begin: beginTime, end: endTime)
        }
        groups.values[i].screen = screen
    }

    /// Notes that `layer`'s animations `active` (sent) and `pending` (not yet sent) were removed
    /// before their end: their groups will report `finished == false`, and a group with nothing
    /// left running completes now.
    func animationsRemoved(active: [LayerAnimation], pending: [LayerAnimation], from layer: CALayer) {
        var touched: [UInt64] = []
        for animation in pending where groups[animation.group] != nil {
            groups[animation.group]?.pending -= 1
            if !touched.contains(animation.group) { touched.append(animation.group) }
        }
        for animation in active where groups[animation.group] != nil && !touched.contains(animation.group) {
            touched.append(animation.group)
        }
        for id in touched {
            guard var g = groups[id] else { continue }
            g.finished = false
            g.spans[ObjectIdentifier(layer)] = nil
            g.endTime = g.spans.values.map(\.end).max()
            if g.pending == 0 && g.spans.isEmpty {
                groups[id] = nil
                complete(g, soon: true)
            } else {
                groups[id] = g
            }
        }
    }

    /// Runs a group's completion with whether all its animations ran to their end: now, or at
    /// the next main-queue turn (`soon`, for completions decided inside a commit or a setter).
    private func complete(_ group: AnimationGroup, soon: Bool) {
        guard let completion = group.completion else { return }
        let finished = group.finished
        if soon {
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(finished) } }
        } else {
            completion(finished)
        }
    }

    /// Drops animations recorded on a layer that is on no screen at the commit: nothing will show
    /// them, and they must not start later when it joins one (UIKit completes such blocks at once).
    func discardUnsentAnimations(of layer: CALayer) {
        for animation in layer.pendingAnimations { groups[animation.group]?.pending -= 1 }
        for animation in layer.pendingDrawnAnimations { groups[animation.group]?.pending -= 1 }
        layer.pendingAnimations = []
        layer.pendingDrawnAnimations = []
    }

    /// Completes the groups that sent nothing (no property changed, or every layer off screen).
    func completeIdleGroups() {
        for (id, g) in groups where g.endTime == nil && g.pending == 0 {
            groups[id] = nil
            complete(g, soon: true)
        }
    }

    /// Keeps an active animator alive and told about frames, as UIKit keeps running animators.
    func watch(_ animator: UIViewPropertyAnimator) { animators[ObjectIdentifier(animator)] = animator }

    /// The active animator whose animations form `group`, if any.
    func animator(of group: UInt64) -> UIViewPropertyAnimator? {
        animators.values.first { $0.group == group }
    }

    /// Forgets an animator that became inactive.
    func unwatch(_ animator: UIViewPropertyAnimator) { animators[ObjectIdentifier(animator)] = nil }

    /// A frame at `time` was shown on `screen`: completes the groups it showed the end of.
    func framePresented(on screen: CAContext, at time: Double) {
        if !drawnLayers.isEmpty { advanceDrawnAnimations(on: screen, at: time) }
        for animator in animators.values { animator.framePresented(at: time, on: screen) }
        for (id, g) in groups where g.start != nil && g.screen === screen {
            guard g.hasBegun(at: time) else { continue }
            groups[id]?.start = nil
            g.start?()
        }
        for (id, g) in groups where g.screen === screen && g.pending == 0 {
            guard g.hasEnded(at: time) else { continue }
            groups[id] = nil
            complete(g, soon: false)
        }
    }
}

extension CALayer {
    /// `property`'s value as shown at `mediaTime` (the media clock's): the model value with the running animations
    /// applied, then those recorded since the last commit (an animation block's, or an animator's
    /// just paused, scrubbed or reversed) as they will show when they begin, so that what is read
    /// right after such a change is what the screen shows, not the model's target.
    func presentationValue(of property: LayerProperty, at mediaTime: Double?) -> LayerProperty {
        guard let mediaTime, !activeAnimations.isEmpty || !pendingAnimations.isEmpty else { return property }
        let time = localTime(fromMedia: mediaTime)  // animations run on the layer's time
        var value = property
        for animation in activeAnimations where animation.key == property.key {
            value = animation.value(over: value, at: time)
        }
        // Pending begin times are relative to the commit that sends them: at its own begin time an
        // animation shows its time offset's progress (0 for a block's, the fraction for an animator's).
        for animation in pendingAnimations where animation.key == property.key {
            // One that fills nothing backwards shows nothing before a later begin.
            if !animation.fillsBackwards, animation.beginTime > 0 { continue }
            value = animation.value(over: value, at: animation.beginTime)
        }
        return value.clampedForDisplay
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
