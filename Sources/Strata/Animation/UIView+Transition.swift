import Foundation

extension UIView {
    /// Replaces `fromView` with `toView` in `fromView`'s superview, animated by the transition
    /// in `options`; `completion` runs on the main actor when it has ended. Main actor.
    ///
    /// By default `toView` is inserted just above `fromView` and `fromView` is removed; with
    /// `.showHideTransitionViews`, both stay in the hierarchy and `toView` is shown and
    /// `fromView` hidden. `.transitionCrossDissolve` fades `toView` in over `fromView`, which
    /// goes at the end: where `toView` is opaque this is Core Animation's cross-dissolve
    /// exactly (half way, half of each); where it is transparent the old view shows until the
    /// end. The flips turn the
    /// superview edge-on in perspective over the first half, swap the views, and turn it back
    /// over the second half, as UIKit flips the container. Strata has no page curls: the two
    /// curl options are shown as a cross-dissolve. With `.transitionNone` or a duration of 0 the
    /// views change at once and `completion` runs after the next frame (nothing animates, as
    /// for an animation block that changes nothing). The options' curve applies;
    /// a `fromView` without a superview is only hidden or left as it is.
    public static func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(duration.isFinite, "UIView.transition(from:to:duration:options:completion:): duration \(duration) must be finite")
        let showHide = options.contains(.showHideTransitionViews)
        let container = fromView.superview
        let timing = options.curveOnly

        /// Shows `toView`: unhidden, or inserted just above `fromView`.
        func bringIn() {
            if showHide {
                toView.isHidden = false
            } else if toView !== fromView, let container {
                container.insertSubview(toView, aboveSubview: fromView)
            }
        }
        /// Shows `toView` in `fromView`'s place and takes `fromView` away.
        func swap() {
            performWithoutAnimation {
                bringIn()
                if showHide {
                    fromView.isHidden = true
                } else if toView !== fromView {
                    fromView.removeFromSuperview()
                }
            }
        }

        let flips = options.flips
        if duration <= 0 || options.transition == 0 || (flips && container == nil) {
            swap()
            animate(withDuration: max(duration, 0), delay: 0, options: timing, animations: {}, completion: completion)
        } else if flips, let container {
            flip(container, kind: options.transition, duration: duration, swap: swap, completion: completion)
        } else {
            let toAlpha = toView.alpha
            performWithoutAnimation {
                toView.alpha = 0
                bringIn()
            }
            animate(
                withDuration: duration, delay: 0, options: timing, animations: { toView.alpha = toAlpha },
                completion: { finished in
                    swap()
                    completion?(finished)
                })
        }
    }

    /// Animates the changes `animations` makes to `view` (and its subviews) by the transition in
    /// `options`, over `duration` seconds; `completion` runs on the main actor when it has ended.
    /// Main actor.
    ///
    /// As UIKit does, a picture of the view as it was (`snapshotView(afterScreenUpdates:)`) is
    /// laid over it while the changes apply at once underneath: `.transitionCrossDissolve` fades
    /// the picture out (where the new content is opaque, exactly Core Animation's cross-dissolve),
    /// the flips turn the view edge-on with the picture and back with the new content. Page curls
    /// are shown as a cross-dissolve. With `.transitionNone` or a duration of 0 the changes apply
    /// at once and `completion` runs after the next frame.
    public static func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(duration.isFinite, "UIView.transition(with:duration:options:animations:completion:): duration \(duration) must be finite")
        let timing = options.curveOnly
        guard duration > 0, options.transition != 0, let picture = view.snapshotView(afterScreenUpdates: false, ownOpacity: false) else {
            performWithoutAnimation { animations?() }
            animate(withDuration: max(duration, 0), delay: 0, options: timing, animations: {}, completion: completion)
            return
        }
        performWithoutAnimation {
            animations?()
            picture.frame = view.bounds
            picture.isUserInteractionEnabled = false
            view.addSubview(picture)
        }
        if options.flips {
            flip(view, kind: options.transition, duration: duration, swap: { picture.removeFromSuperview() }, completion: completion)
        } else {
            animate(
                withDuration: duration, delay: 0, options: timing, animations: { picture.alpha = 0 },
                completion: { finished in
                    picture.removeFromSuperview()
                    completion?(finished)
                })
        }
    }

    /// Turns `container` edge-on about the flip's axis (ease in, half the duration), calls
    /// `swap`, and turns it back from the other side (ease out); its transform is restored.
    private static func flip(
        _ container: UIView, kind: UInt, duration: TimeInterval, swap: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        let layer = container.layer
        let original = layer.transform
        var perspective = original
        perspective.m34 = -1 / max(500, 2 * max(container.bounds.width, container.bounds.height))
        // Left/right turn about the vertical axis, top/bottom about the horizontal one; "from
        // left" brings the left edge forward (a positive turn about y in Core Animation's space).
        let (x, y): (CGFloat, CGFloat) = kind == 1 || kind == 2 ? (0, 1) : (1, 0)
        let sign: CGFloat = kind == 1 || kind == 7 ? 1 : -1
        let edgeOn = CATransform3DRotate(perspective, sign * .pi / 2, x, y, 0)
        let otherSide = CATransform3DRotate(perspective, -sign * .pi / 2, x, y, 0)
        performWithoutAnimation { layer.transform = perspective }
        animate(
            withDuration: duration / 2, delay: 0, options: .curveEaseIn,
            animations: { layer.transform = edgeOn },
            completion: { _ in
                swap()
                performWithoutAnimation { layer.transform = otherSide }
                animate(
                    withDuration: duration / 2, delay: 0, options: .curveEaseOut,
                    animations: { layer.transform = perspective },
                    completion: { finished in
                        performWithoutAnimation { layer.transform = original }
                        completion?(finished)
                    })
            })
    }
}
