import Foundation
import StrataCore
import StrataGraphics

extension CALayer {
    /// The layer this one is a sublayer of; nil for a root.
    public var superlayer: CALayer? { _superlayer }

    /// The sublayers, back to front; nil when there are none. Setting it replaces them all.
    public var sublayers: [CALayer]? {
        get { _sublayers.isEmpty ? nil : _sublayers }
        set {
            for layer in _sublayers { layer.removeFromSuperlayer() }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// Puts `layer` on top of the sublayers, moving it out of any old superlayer.
    /// - Precondition: `layer` is not this layer or one of its ancestors (that would make a cycle);
    ///   breaking this traps with both layers named and changes nothing.
    public func addSublayer(_ layer: CALayer) {
        insert(layer, at: _sublayers.count, caller: "addSublayer")
    }

    /// Inserts `layer` at `index` of the sublayers (clamped to the end), moving it out of any old superlayer.
    /// - Precondition: no cycle, as for `addSublayer(_:)`; `index` is not negative.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        insert(layer, at: Int(index), caller: "insertSublayer(_:at:)")
    }

    /// Inserts `layer` just above `sibling`, or on top when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap(indexOfSublayer).map { $0 + 1 } ?? _sublayers.count
        insert(layer, at: index, caller: "insertSublayer(_:above:)")
    }

    /// Inserts `layer` just below `sibling`, or at the bottom when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap(indexOfSublayer) ?? 0
        insert(layer, at: index, caller: "insertSublayer(_:below:)")
    }

    /// Puts `newLayer` where `oldLayer` is and removes `oldLayer`; nothing happens when
    /// `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = indexOfSublayer(oldLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index, caller: "replaceSublayer(_:with:)")
    }

    /// Detaches the layer from its superlayer. Its render-tree copy is released at the next commit
    /// unless it is added back into a shown tree in the same transaction.
    public func removeFromSuperlayer() {
        guard let parent = _superlayer else { return }
        parent.willChangeLook()
        if let index = parent.indexOfSublayer(self) { parent._sublayers.remove(at: index) }
        _superlayer = nil
        parent.markChanged(.sublayers)
        parent.setNeedsLayout()  // sublayers changed: the superlayer lays out again
        markChanged(.superlayer)
    }

    /// Where `layer` is among the sublayers. Searches from the top, where layers are usually added
    /// and reordered; a plain loop, as a closure here costs an executor check per element.
    package func indexOfSublayer(_ layer: CALayer) -> Int? {
        var i = _sublayers.count - 1
        while i >= 0 {
            if _sublayers[i] === layer { return i }
            i -= 1
        }
        return nil
    }

    /// Whether `self` is `layer` or one of its descendants (a mask counting as below the layer
    /// it masks).
    func isSelfOrDescendant(of layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let c = current {
            if c === layer { return true }
            current = c.treeParent
        }
        return false
    }

    /// The one place sublayers are inserted: refuses cycles, detaches, inserts, records the change
    /// (nothing at all when the layer already is where it would go).
    package func insert(_ layer: CALayer, at index: Int, caller: String) {
        precondition(index >= 0, "CALayer.\(caller): index \(index) is negative")
        // Only a layer with sublayers can be an ancestor: a leaf needs no walk up the tree (which
        // would make building a deep tree from the top quadratic).
        precondition(
            self !== layer && ((layer._sublayers.isEmpty && layer.maskLayer == nil) || !isSelfOrDescendant(of: layer)),
            "CALayer.\(caller): cannot add \(layer.debugName) into its own subtree (it is \(self === layer ? "the same layer" : "an ancestor of \(debugName)")); the tree is unchanged"
        )
        var at = index
        let isNewSublayer = layer._superlayer !== self
        if !isNewSublayer, let old = indexOfSublayer(layer) {
            // Already where it would go (bringing the top layer to the front): nothing changes,
            // and nothing is sent to the compositor.
            if min(old < at ? at - 1 : at, _sublayers.count - 1) == old { return }
            willChangeLook()
            _sublayers.remove(at: old)
            if old < at { at -= 1 }
        } else {
            layer.removeFromSuperlayer()
            layer.maskOwner?.mask = nil  // a mask put into a tree stops masking
            willChangeLook()
        }
        _sublayers.insert(layer, at: min(max(at, 0), _sublayers.count))
        layer._superlayer = self
        markChanged(.sublayers)
        layer.markChanged(.superlayer)
        // A sublayer was added: this layer lays out again, and layout the new sublayer still owes
        // is reachable from its new ancestors. (Reordering is not a change of sublayers here.)
        if isNewSublayer {
            setNeedsLayout()
            if layer.needsLayoutFlag || layer.descendantNeedsLayout { markAncestorsNeedLayout(from: layer) }
        }
    }

    /// A name for messages: the layer's `name`, its delegate's type, or its class.
    var debugName: String {
        if let name { return "layer '\(name)'" }
        if let delegate { return "the layer of a \(type(of: delegate))" }
        return "a \(type(of: self))"
    }

    /// The top of its superlayers (itself when it has none).
    var topLayer: CALayer {
        var top = self
        while let parent = top.treeParent { top = parent }
        return top
    }

    /// The screen this layer shows on now: the screen whose root is at the top of its superlayers.
    package var currentContext: CAContext? { topLayer.contextIfRoot }

    // MARK: Coordinates

    /// How this layer's bounds space maps into its superlayer's bounds space (after the
    /// superlayer's sublayer transform and flattening).
    package var planeTransformToSuperlayer: PlaneTransform {
        state.planeTransform(superlayerSublayerTransform: _superlayer?.state.sublayerTransformAboutAnchor)
    }

    /// This layer's bounds space to the bounds space of its topmost superlayer.
    var planeTransformToRoot: PlaneTransform {
        var t = PlaneTransform.identity
        var layer = self
        while let parent = layer._superlayer {
            t = t.concatenating(layer.planeTransformToSuperlayer)
            layer = parent
        }
        return t
    }

    /// Maps `point` from this layer's bounds space to `layer`'s (nil: the topmost superlayer's),
    /// through every transform, bounds origin and perspective in between.
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let toRoot = planeTransformToRoot
        guard let layer else { return toRoot.apply(point) }
        return (layer.planeTransformToRoot.inverted.map { toRoot.concatenating($0) } ?? toRoot).apply(point)
    }

    /// Maps `point` from `layer`'s bounds space (nil: the topmost superlayer's) to this layer's.
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        let fromRoot = planeTransformToRoot.inverted ?? .identity
        guard let layer else { return fromRoot.apply(point) }
        return layer.planeTransformToRoot.concatenating(fromRoot).apply(point)
    }

    /// Maps `rect` to `layer`'s bounds space: the bounding box of its mapped corners.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        let toRoot = planeTransformToRoot
        guard let layer else { return toRoot.apply(rect) }
        return (layer.planeTransformToRoot.inverted.map { toRoot.concatenating($0) } ?? toRoot).apply(rect)
    }

    /// Maps `rect` from `layer`'s bounds space: the bounding box of its mapped corners.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        let fromRoot = planeTransformToRoot.inverted ?? .identity
        guard let layer else { return fromRoot.apply(rect) }
        return layer.planeTransformToRoot.concatenating(fromRoot).apply(rect)
    }

    // MARK: Recording changes

    /// Records a change in the current transaction, opening an implicit one if none is open.
    package func markChanged(_ change: LayerChanges) {
        changes.insert(change)
        if !isQueued {
            isQueued = true
            CommitScheduler.shared.layerChanged(self)
        }
    }
}
