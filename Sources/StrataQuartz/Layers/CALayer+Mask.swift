import StrataCore
import StrataGraphics

// Overall design: a mask is a layer outside every tree (no superlayer) that a layer holds; it is
// placed in that layer's bounds space, and its alpha — whatever it draws: background, contents,
// sublayers — decides how much of the layer (its background, contents, border, shadow and
// sublayers) shows. The model sends it to the render tree with its owner (`.setMask`); the
// planner draws the masked layer into an offscreen group, the mask into another over the same
// pixels, and keeps the first times the second's alpha.

extension CALayer {
    /// A layer whose alpha decides how much of this layer and its sublayers shows (Core
    /// Animation's `mask`; nil by default: none). It is placed in this layer's bounds space, has
    /// no superlayer (one it had is removed from it), and masks only this layer (taken from a
    /// layer it masked). Where it draws nothing, nothing shows; hidden, it hides the layer.
    /// Main actor.
    /// - Precondition: not this layer or one of its superlayers (or a layer they mask), which
    ///   would make a cycle; this traps naming the layer.
    public var mask: CALayer? {
        get { maskLayer }
        set {
            guard newValue !== maskLayer else { return }
            if let new = newValue {
                var ancestor: CALayer? = self
                while let layer = ancestor {
                    precondition(layer !== new, "CALayer.mask: \(new.debugName) is this layer or one of its superlayers (or masks one); a mask stands outside the layer's tree")
                    ancestor = layer._superlayer ?? layer.maskOwner
                }
                new.removeFromSuperlayer()
                new.maskOwner?.mask = nil
            }
            if let old = maskLayer {
                old.maskOwner = nil
                old.markChanged(.superlayer)
            }
            maskLayer = newValue
            newValue?.maskOwner = self
            newValue?.markChanged(.superlayer)
            markChanged(.mask)
        }
    }

    /// The layer above this one on the way to its screen: its superlayer, or the layer it masks.
    var treeParent: CALayer? { _superlayer ?? maskOwner }
}
