import Foundation

// Pinching to zoom.
//
// The scroll view owns a pinch recognizer (`pinchGestureRecognizer`), attached to it while
// zooming is possible: the delegate names a view to zoom and `maximumZoomScale` is above
// `minimumZoomScale`. It recognises together with the scroll view's pan.
//
// When the pinch begins, the scale then (s₀) and the content point under the fingers' midpoint,
// in the zooming view's unscaled points (a = (m + offset − origin)/s₀, m the midpoint in the
// scroll view's frame, origin the view's frame origin), are kept. At each change the scale is
// s₀ times the pinch's scale; past a limit L with `bouncesZoom` it is shown as
// `L ± L·(1 − 1/(0.55·x/L + 1))` (x the excess, the drag's rubber band with the limit as its
// length), without `bouncesZoom` as L. The offset puts a back under the midpoint,
// `origin + a·s − m`, so moving the midpoint moves the content with it; it is not kept to the
// content's range while the fingers are down. When they lift, a scale past a limit returns to it
// about the last midpoint, and an offset out of range returns into it, together, on the
// scroll view's critically damped bounce spring (isZoomBouncing while the scale returns);
// `scrollViewDidEndZooming(_:with:atScale:)` comes once all is at rest.

extension UIScrollView {
    /// A pinch zooming the content: its view, the scale it began at, and the content point it
    /// holds under the fingers' midpoint.
    struct PinchZoom {
        let view: UIView
        let startScale: CGFloat
        /// The point of the zooming view under the midpoint, in its unscaled points.
        let anchor: CGPoint
        /// The midpoint last seen, in the scroll view's frame (its bounds less the offset).
        var midpoint: CGPoint
    }

    /// The recognizer that zooms the content with two fingers: nil unless zooming is possible
    /// (the delegate's `viewForZooming(in:)` names a view and `maximumZoomScale` is above
    /// `minimumZoomScale`). It is the view's own and is attached to it while zooming is possible;
    /// add it to no other view.
    public var pinchGestureRecognizer: UIPinchGestureRecognizer? {
        updatePinchGesture()
        return canZoom ? zoomPinch : nil
    }

    /// Whether a pinch may zoom: the limits leave room and the delegate names a view to zoom.
    var canZoom: Bool {
        maximumZoomScale > minimumZoomScale && delegate?.viewForZooming(in: self) != nil
    }

    /// Attaches the pinch recognizer while zooming is possible and takes it off when not (after
    /// a change of delegate or limits, at layout, and as touches arrive).
    func updatePinchGesture() {
        let attached = zoomPinch.view === self
        let wanted = canZoom
        guard attached != wanted else { return }
        if wanted { addGestureRecognizer(zoomPinch) } else { removeGestureRecognizer(zoomPinch) }
    }

    /// Whether a pinch's zoom decides the offset now (pinching, or bouncing back after one).
    var zoomOwnsOffset: Bool { isZooming || motion?.zoom != nil }

    /// The scale a pinch that asks for `raw` shows: within the limits as it is; past one, with
    /// `bouncesZoom`, past it by the rubber band, else at it.
    func pinchedScale(_ raw: CGFloat) -> CGFloat {
        let low = minimumZoomScale, high = max(minimumZoomScale, maximumZoomScale)
        func band(_ excess: CGFloat, _ limit: CGFloat) -> CGFloat {
            guard limit > 0, excess.isFinite else { return limit }
            return limit * (1 - 1 / (0.55 * excess / limit + 1))
        }
        if raw > high { return bouncesZoom ? high + band(raw - high, high) : high }
        if raw < low { return bouncesZoom ? low - band(low - raw, low) : low }
        return raw
    }

    /// The pinch recognizer's action: begin, follow and end the zoom.
    func pinchChanged(_ pinch: UIPinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            guard let view = delegate?.viewForZooming(in: self) else { return }
            stopScrolling()
            indicatorAxes = nil  // a pinch shows the bars of every axis that scrolls
            let location = pinch.location(in: self)
            let origin = view.frame.origin, scale = _zoomScale > 0 ? _zoomScale : 1
            pinchZoom = PinchZoom(
                view: view, startScale: _zoomScale,
                anchor: CGPoint(x: (location.x - origin.x) / scale, y: (location.y - origin.y) / scale),
                midpoint: CGPoint(x: location.x - contentOffset.x, y: location.y - contentOffset.y))
            delegate?.scrollViewWillBeginZooming(self, with: view)
            followPinch(pinch)
        case .changed:
            followPinch(pinch)
        case .ended, .cancelled:
            endPinch()
        default:
            break
        }
    }

    /// Shows the pinch's scale with the anchor under the fingers' midpoint.
    private func followPinch(_ pinch: UIPinchGestureRecognizer) {
        guard var zoom = pinchZoom else { return }
        let location = pinch.location(in: self)
        zoom.midpoint = CGPoint(x: location.x - contentOffset.x, y: location.y - contentOffset.y)
        pinchZoom = zoom
        let scale = pinchedScale(zoom.startScale * pinch.scale)
        let zoomed = showZoom(scale, of: zoom.view)
        let origin = zoom.view.frame.origin
        let offset = CGPoint(x: origin.x + zoom.anchor.x * scale - zoom.midpoint.x, y: origin.y + zoom.anchor.y * scale - zoom.midpoint.y)
        if offset.x.isFinite, offset.y.isFinite { contentOffset = offset }
        (panGestureRecognizer as? ScrollPanGestureRecognizer)?.rebase()
        if zoomed { delegate?.scrollViewDidZoom(self) }
    }

    /// The fingers lifted: the scale returns within the limits (about the last midpoint) and the
    /// offset into the content's range, on the bounce spring; then the delegate hears the end.
    private func endPinch() {
        guard let zoom = pinchZoom else { return }
        pinchZoom = nil
        (panGestureRecognizer as? ScrollPanGestureRecognizer)?.rebase()
        let scale = _zoomScale, target = clampedZoomScale(scale)
        // Where the view's origin and the content's size will be at the target scale.
        let size = zoom.view.bounds.size
        let origin = target == scale ? zoom.view.frame.origin : .zero
        let content = target == scale ? contentSize : CGSize(width: size.width * target, height: size.height * target)
        let range = offsetRange(forContentSize: content)
        var offset = CGPoint(x: origin.x + zoom.anchor.x * target - zoom.midpoint.x, y: origin.y + zoom.anchor.y * target - zoom.midpoint.y)
        if target == scale || !offset.x.isFinite || !offset.y.isFinite { offset = contentOffset }
        offset = kept(offset, within: range)
        let moves = target != scale || max(abs(offset.x - contentOffset.x), abs(offset.y - contentOffset.y)) >= 0.5
        guard moves, let screen = window?.screen else {
            contentOffset = offset
            delegate?.scrollViewDidEndZooming(self, with: zoom.view, atScale: _zoomScale)
            scrollMayHaveStopped()
            return
        }
        _isZoomBouncing = target != scale
        let change = Motion.ZoomChange(view: zoom.view, from: scale, to: target, extent: max(size.width, size.height))
        run(Motion(kind: .bounce, from: contentOffset, to: offset, zoom: change), on: screen)
    }

}

/// The pinch recognizer of a scroll view: it zooms the content, and recognises together with the
/// scroll view's own pan (each may begin while the other runs).
final class ScrollPinchGestureRecognizer: UIPinchGestureRecognizer {
    weak var scrollView: UIScrollView?

    override init() {
        super.init()
        addTarget(self, action: ScrollPinchGestureRecognizer.pinched)
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventedGestureRecognizer !== scrollView?.panGestureRecognizer && super.canPrevent(preventedGestureRecognizer)
    }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventingGestureRecognizer !== scrollView?.panGestureRecognizer && super.canBePrevented(by: preventingGestureRecognizer)
    }

    private func pinched(_ recognizer: UIPinchGestureRecognizer) {
        scrollView?.pinchChanged(recognizer)
    }
}
