import Foundation
import StrataCore

// A layer's animations as the model keeps them: added, removed, forgotten when they end or the
// layer leaves its screen, listed by key, and evaluated for `presentation()`.

extension CALayer {
    /// Removes every animation running on the layer (Core Animation's `removeAllAnimations()`,
    /// what `UIView.animate`, implicit animations and animators added): from the next frame it
    /// shows its model values, and the animation blocks they belonged to complete with
    /// `finished == false`. Main actor.
    public func removeAllAnimations() {
        explicitAnimations = []
        removeDrawnAnimations(group: nil)
        guard !activeAnimations.isEmpty || !pendingAnimations.isEmpty else { return }
        for animation in activeAnimations where !pendingAnimationRemovals.contains(animation.group) {
            pendingAnimationRemovals.append(animation.group)
        }
        let (active, pending) = (activeAnimations, pendingAnimations)
        activeAnimations = []
        pendingAnimations = []
        markChanged(.animations)
        AnimationLedger.shared.animationsRemoved(active: active, pending: pending, from: self)
    }

    /// Adds `animation` (its begin time relative to the next commit) to the layer, in its
    /// group (made with `AnimationLedger.startAnimationGroup`). Main actor.
    func addAnimation(_ animation: LayerAnimation) {
        pendingAnimations.append(animation)
        AnimationLedger.shared.groups[animation.group, default: AnimationGroup()].pending += 1
        markChanged(.animations)
    }

    /// Removes the layer's animations of `group`: the group completes with `finished == false`
    /// when nothing of it is left. Main actor.
    func removeAnimations(group: UInt64) {
        removeDrawnAnimations(group: group)
        let active = activeAnimations.filter { $0.group == group }, pending = pendingAnimations.filter { $0.group == group }
        guard !active.isEmpty || !pending.isEmpty else { return }
        if !active.isEmpty, !pendingAnimationRemovals.contains(group) { pendingAnimationRemovals.append(group) }
        activeAnimations.removeAll { $0.group == group }
        pendingAnimations.removeAll { $0.group == group }
        markChanged(.animations)
        AnimationLedger.shared.animationsRemoved(active: active, pending: pending, from: self)
    }

    /// Forgets the animations that ended by what its screen shows now.
    func dropFinishedAnimations() {
        if !activeAnimations.isEmpty, let screen = renderedScreen {
            let time = localTime(fromMedia: screen.shownTime)
            activeAnimations.removeAll { $0.isFinished(at: time) }
        }
    }

    /// Forgets the animations its screen was running (the layer left that screen's tree).
    func dropActiveAnimations() {
        if !drawnAnimations.isEmpty { removeDrawnAnimations(group: nil) }
        guard !activeAnimations.isEmpty else { return }
        let active = activeAnimations
        activeAnimations = []
        pendingAnimationRemovals = []
        AnimationLedger.shared.animationsRemoved(active: active, pending: [], from: self)
    }

    /// A copy of the layer as it is shown now: its animated properties at the time of the last
    /// frame its screen drew (Core Animation's presentation layer); nil before it is on a screen.
    public func presentation() -> Self? {
        guard let screen = renderedScreen else { return nil }
        let time = screen.shownTime
        if !activeAnimations.isEmpty {
            let local = localTime(fromMedia: time)
            activeAnimations.removeAll { $0.isFinished(at: local) }
        }
        let copy = Self()
        copy.state = state
        copy.name = name
        copyOwnProperties(to: copy)
        for key in LayerKey.animatable {
            copy.state[key] = presentationValue(of: property(key), at: time).value
        }
        return copy
    }

    /// The keys of the layer's animations (running, and added since the last commit), each once,
    /// in the order they were added; nil when none, as Core Animation's: an explicit animation's
    /// key from `add(_:forKey:)` (one added with no key is not listed), an animation block's or
    /// implicit animation's property name (as UIKit keys them; a view's bounds animate as two,
    /// `bounds.origin` and `bounds.size`, as UIKit adds them).
    public func animationKeys() -> [String]? {
        dropFinishedAnimations()
        var keys: [String] = []
        for animation in activeAnimations + pendingAnimations {
            // An explicit animation by the key it was added with (none: unlisted), others by property.
            if let explicit = explicitAnimations.first(where: { $0.group == animation.group }) {
                if let key = explicit.key, !keys.contains(key) { keys.append(key) }
            } else {
                for key in animation.uikitKeys where !keys.contains(key) { keys.append(key) }
            }
        }
        for animation in drawnAnimations + pendingDrawnAnimations {
            let key = explicitAnimations.first(where: { $0.group == animation.group })?.key ?? animation.key
            if !keys.contains(key) { keys.append(key) }
        }
        for explicit in explicitAnimations where explicit.animations == 0 {
            if let key = explicit.key, !keys.contains(key) { keys.append(key) }
        }
        return keys.isEmpty ? nil : keys
    }
}

extension LayerAnimation {
    /// The keys UIKit and Core Animation list this animation block's or implicit animation under:
    /// its property's name, except that UIKit animates a view's bounds (additively) as two
    /// animations, `bounds.origin` and `bounds.size`.
    var uikitKeys: [String] {
        if key == .bounds, case .additive = kind { return ["bounds.origin", "bounds.size"] }
        return [propertyName]
    }
}
