import Foundation
import StrataCore
import StrataGraphics

/// An explicit animation on a layer: the copy `add(_:forKey:)` made, its key, and the animation
/// group its layer animations form.
struct ExplicitAnimation {
    var key: String?
    var animation: CAAnimation
    var group: UInt64
    /// How many layer animations it made (0: nothing Strata can show; it ends at the next commit).
    var animations: Int
}

extension CALayer {
    /// Adds a copy of `anim` to the layer under `key` (replacing an animation of the same key,
    /// whose delegate hears it stopped unfinished): it begins with the next frame (or at its
    /// `beginTime` in the layer's time, see `convertTime`), shows its values over the model value, which it never
    /// changes, and, when `isRemovedOnCompletion`, goes away at its end. A duration of 0 takes
    /// the transaction's animation duration (0.25 s unless set). Changing `anim` afterwards
    /// changes nothing. A property animation without a key path animates the property `key`
    /// names. A key path Strata cannot animate, or values of the wrong type, animate
    /// nothing (logged); the animation still ends and tells its delegate. Main actor.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        // A transition always goes under `kCATransition` when given no key (Core Animation's rule).
        let key = key ?? (anim is CATransition ? kCATransition : nil)
        let copy = anim.copy() as! CAAnimation
        if !(copy.duration > 0) { copy.duration = CATransaction.animationDuration() }
        // A property animation with no key path animates the property its key names (how an
        // action's animation, run for an event, animates that property).
        if let property = copy as? CAPropertyAnimation, property.keyPath == nil { property.keyPath = key }
        if let key { removeAnimation(forKey: key) }
        let ledger = AnimationLedger.shared
        let group = ledger.startAnimationGroup { [weak self] group, finished in
            // A group's children held by their own fill mode go with the group at its end.
            if finished, copy.isRemovedOnCompletion, copy is CAAnimationGroup, let self,
                self.activeAnimations.contains(where: { $0.group == group && !$0.isRemovedOnCompletion })
            {
                self.removeAnimations(group: group)
            }
            self?.explicitAnimationEnded(group: group, finished: finished, removed: !finished || copy.isRemovedOnCompletion)
            copy.delegate?.animationDidStop(copy, finished: finished)
        }
        if let delegate = copy.delegate { ledger.groups[group]?.start = { delegate.animationDidStart(copy) } }
        let now = localTime(fromMedia: renderedContext?.mediaTime ?? CACurrentMediaTime())
        let timing = copy.timing(now: now, group: group)
        // A property the layer draws itself animates on the main thread; the others on the render thread.
        let drawn = copy.addDrawnAnimations(on: self, timing: timing)
        let made = copy.layerAnimations(on: self, timing: timing)
        for animation in made { addAnimation(animation) }
        explicitAnimations.append(ExplicitAnimation(key: key, animation: copy, group: group, animations: made.count + drawn))
        TransactionStack.shared.transactionAdded(group: group)
        CommitScheduler.shared.scheduleImplicitCommitForAnimations()
    }

    /// The animation added under `key`, or nil (Core Animation's: changing it is undefined; Strata
    /// ignores the change). Main actor.
    /// An animation block's or implicit animation is found by its property's name, as UIKit keys
    /// it, and answered as Core Animation would show it: a `CABasicAnimation` (a
    /// `CASpringAnimation` for a spring, a `CAKeyframeAnimation` for keyframes) with its duration,
    /// timing, repeats and values; UIKit's additive moves read `isAdditive` with `fromValue` the
    /// old value less the new and `toValue` zero.
    public func animation(forKey key: String) -> CAAnimation? {
        dropFinishedAnimations()
        if let explicit = explicitAnimations.first(where: { $0.key == key && isStillAttached($0) }) { return explicit.animation }
        let running = (activeAnimations + pendingAnimations).last { animation in
            animation.uikitKeys.contains(key) && !explicitAnimations.contains { $0.group == animation.group }
                && !unlistedAnimationGroups.contains(animation.group)
        }
        return running.map { CAAnimation.describing($0, as: key) }
    }

    /// Removes the animation added under `key`: the layer shows its model value from the next
    /// frame, and the animation's delegate hears it stopped (unfinished, when it had not ended).
    /// Nothing when there is none. Main actor.
    public func removeAnimation(forKey key: String) {
        guard let index = explicitAnimations.firstIndex(where: { $0.key == key }) else { return }
        let removed = explicitAnimations.remove(at: index)
        removeAnimations(group: removed.group)
    }

    /// Whether an explicit animation still has layer animations (or never had any).
    private func isStillAttached(_ explicit: ExplicitAnimation) -> Bool {
        explicit.animations == 0 || (activeAnimations + pendingAnimations).contains { $0.group == explicit.group }
            || (drawnAnimations + pendingDrawnAnimations).contains { $0.group == explicit.group }
    }

    /// An explicit animation's group ended: the entry goes when the animation was removed or is
    /// removed on completion.
    private func explicitAnimationEnded(group: UInt64, finished: Bool, removed: Bool) {
        if removed { explicitAnimations.removeAll { $0.group == group } }
    }
}

extension CAAnimation {
    /// A Core Animation object describing `animation` (an animation block's or implicit one) under
    /// `key` (one of its `uikitKeys`: a view's bounds as `bounds.origin` or `bounds.size`), for
    /// `CALayer.animation(forKey:)`.
    static func describing(_ animation: LayerAnimation, as key: String) -> CAAnimation {
        let described: CAPropertyAnimation
        switch animation.curve {
        case .spring(let spring):
            let s = CASpringAnimation(keyPath: key)
            (s.mass, s.stiffness) = (1, spring.naturalFrequency * spring.naturalFrequency)
            s.damping = 2 * spring.dampingRatio * spring.naturalFrequency
            s.initialVelocity = spring.initialVelocity
            described = s
        case .cubicBezier(let x1, let y1, let x2, let y2):
            described = CABasicAnimation(keyPath: key)
            described.timingFunction = CAMediaTimingFunction(bezier: x1, y1, x2, y2)
        case .linear, .steps, .decay:
            described = CABasicAnimation(keyPath: key)
            described.timingFunction = CAMediaTimingFunction(name: .linear)
        }
        if case .keyframes = animation.kind {
            let keyframes = CAKeyframeAnimation(keyPath: key)
            keyframes.timingFunction = described.timingFunction
            return keyframes.timed(like: animation)
        }
        let basic = described as! CABasicAnimation
        switch animation.kind {
        case .absolute(let from, let to):
            (basic.fromValue, basic.toValue) = (from.value.anyValue, to.value.anyValue)
        case .additive(let delta):
            basic.isAdditive = true
            if case .rect(let r) = delta.value, key == "bounds.origin" || key == "bounds.size" {
                // One half of a view's bounds, as UIKit adds it: the origin's or the size's change.
                (basic.fromValue, basic.toValue) =
                    key == "bounds.origin"
                    ? (NSValue(cgPoint: CGPoint(x: r.minX, y: r.minY)), NSValue(cgPoint: .zero))
                    : (NSValue(cgSize: CGSize(width: r.width, height: r.height)), NSValue(cgSize: .zero))
            } else {
                (basic.fromValue, basic.toValue) = (delta.value.anyValue, delta.subtracting(delta)?.value.anyValue)
            }
        case .keyframes:
            break
        }
        return basic.timed(like: animation)
    }

    /// The animation with `animation`'s duration, begin time, repeats and fill.
    private func timed(like animation: LayerAnimation) -> Self {
        duration = animation.duration
        beginTime = animation.beginTime
        repeatCount = Float(animation.repeatCount)
        autoreverses = animation.autoreverses
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        fillMode =
            switch (animation.fillsBackwards, animation.fillsForwards) {
            case (true, true): .both
            case (true, false): .backwards
            case (false, true): .forwards
            case (false, false): .removed
            }
        return self
    }
}
