import Foundation
import StrataCore
import StrataGraphics

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
    package func addAnimation(_ animation: LayerAnimation) {
        pendingAnimations.append(animation)
        AnimationLedger.shared.groups[animation.group, default: AnimationGroup()].pending += 1
        markChanged(.animations)
    }

    /// Removes the layer's animations of `group`: the group completes with `finished == false`
    /// when nothing of it is left. Main actor.
    package func removeAnimations(group: UInt64) {
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
        if !activeAnimations.isEmpty, let screen = renderedContext {
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
    /// The copy belongs to the presentation tree, as Core Animation's does: its `superlayer` and
    /// `sublayers` are the presentation layers of the model's superlayer and sublayers (one tree
    /// per frame shown and commit, kept until the next is made; a presentation layer kept longer
    /// loses its superlayer then).
    public func presentation() -> Self? {
        guard let screen = renderedContext else { return nil }
        let time = screen.shownTime
        var root: CALayer = self
        while let up = root._superlayer { root = up }
        let tree = PresentationTree.current(root: root, time: time)
        if let node = tree.nodes[ObjectIdentifier(self)], node.model.object === self, let copy = node.copy as? Self,
            copy._sublayers.count == _sublayers.count
        {
            // The tree may be older than a change made since; the layer asked for is always current.
            fillPresentation(copy, at: time)
            return copy
        }
        let copy = Self()
        fillPresentation(copy, at: time)
        return copy
    }

    /// The model layer of a presentation layer; the layer itself for a model layer (Core
    /// Animation's `model()`). A presentation layer answers while its tree is the latest one
    /// built (until the next frame or commit); after that, as a detached copy, itself. Main actor.
    public func model() -> Self {
        PresentationTree.model(of: self) as? Self ?? self
    }

    /// Gives `copy` the layer's state with its animations at media time `time` applied.
    fileprivate func fillPresentation(_ copy: CALayer, at time: Double) {
        if !activeAnimations.isEmpty {
            let local = localTime(fromMedia: time)
            activeAnimations.removeAll { $0.isFinished(at: local) }
        }
        copy.state = state
        copy.name = name
        copyOwnProperties(to: copy)
        for key in LayerKey.animatable {
            copy.state[key] = presentationValue(of: property(key), at: time).value
        }
    }

    /// The keys of the layer's animations (running, and added since the last commit), each once,
    /// in the order they were added; nil when none, as Core Animation's: an explicit animation's
    /// key from `add(_:forKey:)` (one added with no key is not listed), an animation block's or
    /// implicit animation's property name (as UIKit keys them; a view's bounds animate as two,
    /// `bounds.origin` and `bounds.size`, as UIKit adds them).
    public func animationKeys() -> [String]? {
        dropFinishedAnimations()
        var keys: [String] = []
        for animation in activeAnimations + pendingAnimations where !unlistedAnimationGroups.contains(animation.group) {
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

/// The presentation tree of one model tree at one frame time and commit: a presentation layer per
/// model layer, linked as the model is. The latest is kept (strongly, from its root) until another
/// is built, so the superlayers of the layers `presentation()` returned stay valid. Main actor.
@MainActor
private final class PresentationTree {
    struct Node {
        var model: Weak<CALayer>
        var copy: CALayer
    }
    let root: Weak<CALayer>
    let time: Double
    let commit: Int
    /// The root's presentation layer, which holds the tree.
    private(set) var rootCopy: CALayer?
    private(set) var nodes: [ObjectIdentifier: Node] = [:]

    private static var latest: PresentationTree?
    /// The model layer of each presentation layer of the tree, by the presentation layer (alive
    /// while the tree is, so no identifier is reused meanwhile).
    private var models: [ObjectIdentifier: Weak<CALayer>] = [:]

    /// The model layer of `copy` when it belongs to the latest tree.
    static func model(of copy: CALayer) -> CALayer? { latest?.models[ObjectIdentifier(copy)]?.object }

    private init(root: CALayer, time: Double, commit: Int) {
        (self.root, self.time, self.commit) = (Weak(root), time, commit)
    }

    /// The tree of `root` at `time` since the last commit, built when the latest is another.
    static func current(root: CALayer, time: Double) -> PresentationTree {
        let commit = CommitScheduler.shared.commitCount
        if let latest, latest.root.object === root, latest.time == time, latest.commit == commit { return latest }
        let tree = PresentationTree(root: root, time: time, commit: commit)
        tree.build(from: root)
        latest = tree
        return tree
    }

    /// Copies every layer of the model tree under `root`, breadth first (no recursion: trees may
    /// be deep), and links the copies as the model layers are linked.
    private func build(from root: CALayer) {
        func copy(of layer: CALayer) -> CALayer {
            let copy = type(of: layer).init()
            layer.fillPresentation(copy, at: time)
            nodes[ObjectIdentifier(layer)] = Node(model: Weak(layer), copy: copy)
            models[ObjectIdentifier(copy)] = Weak(layer)
            return copy
        }
        rootCopy = copy(of: root)
        var queue: [(model: CALayer, copy: CALayer)] = [(root, rootCopy!)]
        var next = 0
        while next < queue.count {
            let (model, parent) = queue[next]
            next += 1
            var children: [CALayer] = []
            children.reserveCapacity(model._sublayers.count)
            for sublayer in model._sublayers {
                let child = copy(of: sublayer)
                child._superlayer = parent
                children.append(child)
                queue.append((sublayer, child))
            }
            parent._sublayers = children
        }
    }
}
