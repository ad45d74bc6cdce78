import Foundation
import StrataCore

/// How an animation running on a view lets it take touches.
enum AnimationInteraction {
    /// Hit-tested where the model puts it (no animation, `.allowUserInteraction`, or an
    /// animator with manual hit testing).
    case model
    /// Hit-tested where it is shown (an animator that hit-tests its views itself).
    case presentation
    /// Takes no touches (`UIView.animate` without `.allowUserInteraction`, or an animator with
    /// `isUserInteractionEnabled == false`).
    case ignoresTouches
}

extension CAContext {
    /// How the animations `layer` shows in this context (its screen) now let it take touches: the
    /// one question hit testing asks about animations (what the screen shows, and how each running
    /// animation's block or animator treats touches).
    func animationInteraction(of layer: CALayer) -> AnimationInteraction {
        let time = layer.localTime(fromMedia: shownTime)  // animations run on the layer's time
        let ledger = AnimationLedger.shared
        var result = AnimationInteraction.model
        for animation in layer.activeAnimations where !animation.isFinished(at: time) {
            if let animator = ledger.animator(of: animation.group) as? UIViewPropertyAnimator {
                if !animator.isUserInteractionEnabled { return .ignoresTouches }
                if !animator.isManualHitTestingEnabled { result = .presentation }
            } else if let group = ledger.groups[animation.group], !group.allowsUserInteraction {
                return .ignoresTouches
            }
        }
        return result
    }
}

extension UIView {
    /// How the animations running on this view's layer now let it take touches (its screen's answer).
    var animationInteraction: AnimationInteraction {
        guard !layer.activeAnimations.isEmpty, let screen = layer.renderedContext else { return .model }
        return screen.animationInteraction(of: layer)
    }

    /// `point` in the superview's bounds coordinates mapped into this view's (through what is
    /// shown while an animator hit-tests at presentation values); nil when the view is seen
    /// edge-on and no point of it lies there.
    func pointFromSuperview(_ point: CGPoint) -> CGPoint? {
        if !layer.activeAnimations.isEmpty, animationInteraction == .presentation, let shown = layer.presentation() {
            return layer.planeTransformToSuperlayer(shownAs: shown).inverted?.apply(point)
        }
        let superlayerTransforms = !(layer._superlayer?.state.sublayerTransform.isIdentity ?? true)
        if let local = layer.state.pointFromSuperlayerWithoutTransforms(point.core, superlayerHasSublayerTransform: superlayerTransforms) {
            return CGPoint(local)
        }
        return layer.planeTransformToSuperlayer.inverted?.apply(point)
    }

    /// The gesture recognizers attached to the view; setting replaces them all.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { _gestureRecognizers.isEmpty ? nil : _gestureRecognizers }
        set {
            for recognizer in _gestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer` (taking it from any view it was attached to): it receives
    /// the touches that begin in this view or its subviews.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.view === self { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        _gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`; one in the middle of a gesture is cancelled.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let i = _gestureRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        _gestureRecognizers.remove(at: i)
        gestureRecognizer.detached()
        gestureRecognizer.view = nil
    }
}

extension CALayer {
    /// How this layer's bounds space maps into its superlayer's when its geometry is `shown`'s
    /// (a presentation copy).
    func planeTransformToSuperlayer(shownAs shown: CALayer) -> PlaneTransform {
        shown.state.planeTransform(superlayerSublayerTransform: _superlayer?.state.sublayerTransformAboutAnchor)
    }
}
