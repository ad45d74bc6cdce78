import Foundation
import StrataCore
import StrataGraphics

// Overall design: an animation block (UIKit's UIView.animate, or an animator's) pushes an
// `AnimationContext` on the transaction stack. While one is
// open, every change of an animatable layer property records a `LayerAnimation`: additive
// (old − new, fading to nothing over the new model value) for everything but transforms, which go
// from the value shown now to the new one. Model values jump to their targets at once. At the
// commit each animation gets its begin time on its context's frame clock and goes to the render
// thread, which evaluates it every frame; the main thread keeps a copy to answer
// `CALayer.presentation()` with the same pure function. A block's completion runs after the first
// frame at or past the end of its last animation.

/// A property animator as the ledger sees it (UIKit's `UIViewPropertyAnimator`): its blocks'
/// changes are timed by the animator itself, its animations form one group, and it hears of the
/// frames that show them. Main actor.
@MainActor
package protocol LedgerAnimator: AnyObject {
    /// The animation group of the animator's animations.
    var group: UInt64 { get }
    /// Records a change of `layer` from `old` to `new` made in one of the animator's blocks, whose
    /// animations start `delayFactor` (0...1) into the animator's duration.
    func record(layer: CALayer, old: LayerProperty, new: LayerProperty, delayFactor: Double)
    /// A frame reported the render side's begin time of the current run, `shift` seconds after
    /// the model's guess.
    func confirmRun(shift: Double)
    /// A frame at `time` was presented in `context`.
    func framePresented(at time: Double, on context: CAContext)
}

/// The animation a delegate answers inside an animation block (a view's `action(for:forKey:)`
/// in `UIView.animate`): running it records the innermost open block's animation (its curve,
/// delay, repeats and completion) instead of a basic animation of its own.
package final class CABlockAnimation: CABasicAnimation {}

/// The settings of the innermost open animation block.
package struct AnimationContext {
    package var duration: Double
    package var delay: Double
    package var curve: TimingCurve
    package var repeatCount: Double
    package var autoreverses: Bool
    package var group: UInt64
    /// The property animator the block belongs to: it times the changes itself.
    package var animator: (any LedgerAnimator)?
    /// For an animator's blocks: where in its duration this block's animations start (0...1).
    package var delayFactor: Double = 0
    /// Whether the animated views take touches meanwhile.
    package var allowsUserInteraction = true

    /// A block's settings (UIKit's `UIView.animate` and animators' blocks make them).
    package init(
        duration: Double, delay: Double, curve: TimingCurve, repeatCount: Double, autoreverses: Bool, group: UInt64,
        animator: (any LedgerAnimator)? = nil, delayFactor: Double = 0, allowsUserInteraction: Bool = true
    ) {
        (self.duration, self.delay, self.curve, self.repeatCount, self.autoreverses, self.group) =
            (duration, delay, curve, repeatCount, autoreverses, group)
        (self.animator, self.delayFactor, self.allowsUserInteraction) = (animator, delayFactor, allowsUserInteraction)
    }
}

/// A block's completion, waiting for the frame that shows its last animation ended.
package struct AnimationGroup {
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
    package var allowsUserInteraction = true
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
        guard !stack.disablesActions, old != new else { return }
        let context: AnimationContext
        if let action, !(action is CABlockAnimation) {
            return action is NSNull ? () : layer.run(action, old: old, new: new)
        } else if action != nil {
            guard let block = stack.animationContexts.last else { return }
            context = block
        } else if stack.animationDuration > 0 {
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

    /// Runs `animations` as one animation block with `context`'s settings; `completion` runs
    /// after the frame that shows the end (or after the commit when nothing animated).
    package func animate(_ context: AnimationContext, animations: () -> Void, completion: (@MainActor (Bool) -> Void)?) {
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
    package func startAnimationGroup(_ completion: @escaping @MainActor (UInt64, Bool) -> Void) -> UInt64 {
        let group = makeGroup()
        groups[group] = AnimationGroup(completion: { finished in completion(group, finished) })
        return group
    }

    /// A new group number for an animation block.
    package func makeGroup() -> UInt64 {
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
    package func watch(_ animator: any LedgerAnimator) { animators[ObjectIdentifier(animator)] = animator }

    /// The active animator whose animations form `group`, if any.
    package func animator(of group: UInt64) -> (any LedgerAnimator)? {
        animators.values.first { $0.group == group }
    }

    /// Forgets an animator that became inactive.
    package func unwatch(_ animator: any LedgerAnimator) { animators[ObjectIdentifier(animator)] = nil }

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
