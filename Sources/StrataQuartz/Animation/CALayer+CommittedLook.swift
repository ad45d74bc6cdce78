import Foundation
import StrataCore
import StrataGraphics

// Overall design: a `CATransition` animates from the look the screen last had (the last commit's)
// to the new one, whether the transaction's changes were made before or after it was added. So
// a layer its screen shows keeps its committed look (its properties, its sublayer list, its
// image contents) at the first change after a commit, in a box it reuses; the ledger lets go of
// what the boxes hold when the transaction commits. The transition's picture is drawn with these
// looks put back for a moment. Layers that never changed in the transaction need no box.

/// A layer's look as the last commit left it. Main actor.
@MainActor
final class CommittedLook {
    /// Whether the look was kept in the current transaction (false once it committed).
    var isKept = true
    var state: LayerState
    var sublayers: [CALayer]
    var contents: LayerContentsSource

    init(of layer: CALayer) { (state, sublayers, contents) = (layer.state, layer._sublayers, layer.contentsSource) }
}

extension CALayer {
    /// Keeps the layer's committed look before a change of its properties, sublayers or image
    /// contents, when a screen shows it and it is the first change since the last commit. Call
    /// it before writing.
    @inline(__always) package func willChangeLook() {
        guard committedTree != 0, committedLook?.isKept != true else { return }
        keepCommittedLook()
    }

    @inline(never) private func keepCommittedLook() {
        if let look = committedLook {
            (look.state, look.sublayers, look.contents, look.isKept) = (state, _sublayers, contentsSource, true)
        } else {
            committedLook = CommittedLook(of: self)
        }
        AnimationLedger.shared.lookKept(by: self)
    }

    /// Runs `body` with the layer and the layers below it (as the last commit had them) showing
    /// their committed looks, then puts the current ones back. Drawn contents (`draw(in:)`) are
    /// brought up to date first, so nothing is drawn while the old looks are in place.
    func withCommittedLook<R>(_ body: () -> R) -> R {
        displayTreeIfNeeded()
        var swapped: [(CALayer, LayerState, [CALayer], LayerContentsSource)] = []
        var pending: [CALayer] = [self]
        var seen: Set<ObjectIdentifier> = []
        while let layer = pending.popLast() {
            guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
            if let look = layer.committedLook, look.isKept {
                swapped.append((layer, layer.state, layer._sublayers, layer.contentsSource))
                (layer.state, layer._sublayers, layer.contentsSource) = (look.state, look.sublayers, look.contents)
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
        }
    }
}
