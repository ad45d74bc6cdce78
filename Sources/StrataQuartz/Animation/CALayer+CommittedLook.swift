import Foundation
import StrataCore
import StrataGraphics

// Overall design: a `CATransition` animates from the look the screen last had (the last commit's)
// to the new one, whether the transaction's changes were made before or after it was added. So
// a layer its screen shows keeps what of its committed look it changes, in a box it reuses: the
// old value of each property at its first change since the commit, and its sublayer list and
// image contents at its first change of any kind. Layers that never changed in the transaction
// need no box; a change costs the old value of one property, not a copy of the whole state. The
// ledger lets go of what the boxes hold when the transaction commits. The transition's picture
// is drawn with these looks put back for a moment.

/// What of a layer's look the last commit left it has changed since. Main actor.
@MainActor
final class CommittedLook {
    /// Whether the look was kept in the current transaction (false once it committed).
    var isKept = true
    /// The committed value of each property changed since the commit, in the order first changed.
    var properties: [LayerProperty] = []
    var sublayers: [CALayer]
    var contents: LayerContentsSource

    init(of layer: CALayer) { (sublayers, contents) = (layer._sublayers, layer.contentsSource) }
}

extension CALayer {
    /// Keeps the layer's committed sublayers and contents before a change of its properties,
    /// sublayers or image contents, when a screen shows it and it is the first change since the
    /// last commit. Call it before writing.
    @inline(__always) package func willChangeLook() {
        guard committedTree != 0, committedLook?.isKept != true else { return }
        keepCommittedLook()
    }

    /// `willChangeLook()` for a change of property `key`: also keeps the property's committed
    /// value at its first change since the commit. Call it before writing.
    @inline(__always) func willChangeLook(of key: LayerKey) {
        guard committedTree != 0 else { return }
        if committedLook?.isKept != true { keepCommittedLook() }
        keepCommittedValue(of: key)
    }

    @inline(never) private func keepCommittedLook() {
        if let look = committedLook {
            (look.sublayers, look.contents, look.isKept) = (_sublayers, contentsSource, true)
        } else {
            committedLook = CommittedLook(of: self)
        }
        AnimationLedger.shared.lookKept(by: self)
    }

    private func keepCommittedValue(of key: LayerKey) {
        guard let look = committedLook, !look.properties.contains(where: { $0.key == key }) else { return }
        look.properties.append(property(key))
    }

    /// Runs `body` with the layer and the layers below it (as the last commit had them) showing
    /// their committed looks, then puts the current ones back. Drawn contents (`draw(in:)`) are
    /// brought up to date first, so nothing is drawn while the old looks are in place.
    func withCommittedLook<R>(_ body: () -> R) -> R {
        displayTreeIfNeeded()
        var swapped: [(CALayer, LayerState, [CALayer], LayerContentsSource)] = []  // the current looks
        var pending: [CALayer] = [self]
        var seen: Set<ObjectIdentifier> = []
        while let layer = pending.popLast() {
            guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
            if let look = layer.committedLook, look.isKept {
                swapped.append((layer, layer.state, layer._sublayers, layer.contentsSource))
                for property in look.properties { layer.state.apply(property) }
                (layer._sublayers, layer.contentsSource) = (look.sublayers, look.contents)
            }
            pending.append(contentsOf: layer._sublayers)
            if let mask = layer.maskLayer { pending.append(mask) }
        }
        defer {
            for (layer, state, sublayers, contents) in swapped.reversed() {
                (layer.state, layer._sublayers, layer.contentsSource) = (state, sublayers, contents)
            }
        }
        return body()
    }

    /// Displays the layer and its sublayers that need it.
    private func displayTreeIfNeeded() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            layer.displayIfNeeded()
            pending.append(contentsOf: layer._sublayers)
            if let mask = layer.maskLayer { pending.append(mask) }
        }
    }
}

extension AnimationLedger {
    /// `layer` kept its committed look in this transaction: let go of it at the commit.
    func lookKept(by layer: CALayer) {
        keptLooks.append(layer)
    }

    /// The transaction committed: the kept looks are the committed ones now (their boxes stay
    /// for the layers' next changes, holding nothing).
    func releaseKeptLooks() {
        guard !keptLooks.isEmpty else { return }
        let layers = keptLooks
        keptLooks = []
        for layer in layers {
            guard let look = layer.committedLook else { continue }
            (look.isKept, look.sublayers, look.contents) = (false, [], .none)
            look.properties.removeAll(keepingCapacity: true)
        }
    }
}
