import Foundation
import StrataCore

// Dragging, and what moves the offset between frames once nothing drags it.
//
// Dragging: the offset follows the fingers (`dragStart - translation`) on the axes the content
// scrolls on; past an edge the excess x is shown as `d·(1 − 1/(0.55·x/d + 1))` (d: the bounds'
// size on that axis), UIKit's rubber band, or held at the edge where the view does not bounce on
// that axis (`bouncesHorizontally`, `bouncesVertically`).
//
// A release: the velocity (points per millisecond, the offset's direction) projects where the
// content would stop, decelerating at `decelerationRate` per millisecond: `v·r/(1 − r)` further
// on. Paging snaps that to a page (the next one in the velocity's direction when the fingers
// moved fast, else the nearest). The target is kept to the content's range (Strata bounces back
// from a release past an edge, but does not overshoot one while decelerating). The delegate may
// move it. The content then moves to it as velocity decays, `start + D·(1 − r^(1000·t))`, until
// less than half a point is left; released past an edge, it springs back (critically damped,
// ω = 2π/0.4 s). `setContentOffset(_:animated:)` eases in and out over 0.3 s. Each step runs after
// a presented frame of the view's screen, at that frame's time.
//
// The render side shows the same motion by itself: when it starts, the scroll view's layer gets an
// animation of its bounds from the motion's start to its end on the same curve, for as long as the
// motion lasts (an absolute one, so the offsets the model steps through under it do not add), from
// the first frame of the commit that carries it: the frame after the one the model's motion starts
// from, so each frame shows what the model's step after the frame before it set, as before, and goes
// on moving while the main actor is busy. The model's steps go on as ever (its `contentOffset`, the
// delegate's `scrollViewDidScroll(_:)`, layout of what comes into view) and catch up with the frames
// presented while it was busy. Anything else that moves or resizes the bounds, and the end or stop of
// the motion, takes the animation off: the model's value shows from the next frame. A zoom bouncing
// back stays the model's alone (it changes a transform and the content size too).

extension UIScrollView {
    /// A move of the offset that runs frame by frame.
    struct Motion {
        enum Kind {
            /// Decaying velocity: `(1 − r^(1000·t))` of the way, at rate `r`.
            case deceleration(rate: CGFloat)
            /// A critically damped spring back to an edge.
            case bounce
            /// `setContentOffset(_:animated:)`: ease in and out over `duration` seconds.
            case animation(duration: TimeInterval)
        }
        var kind: Kind
        var from: CGPoint
        var to: CGPoint
        /// A zoom scale that changes along with the offset (a zoom bouncing back after a pinch).
        var zoom: ZoomChange?
        /// The frame-clock time it starts from (the frame shown when it began).
        var start: TimeInterval = 0
        /// How long it lasts, in seconds (set when it starts to run: see `length`).
        var duration: TimeInterval = 0
        /// The group of the render side's animation showing it, while the render side does.
        var renderGroup: UInt64?

        /// The spring of a bounce back to an edge: critically damped, ω = 2π/0.4 s.
        static let bounceSpring: Spring = {
            var spring = Spring(mass: 1, stiffness: 1, damping: 2)
            (spring.naturalFrequency, spring.dampingRatio, spring.initialVelocity) = (2 * .pi / 0.4, 1, 0)
            return spring
        }()

        /// How the share of the way done follows time.
        var curve: TimingCurve {
            switch kind {
            case .animation: .easeInOut
            case .deceleration(let rate): .decay(rate: Double(rate))
            case .bounce: .spring(Self.bounceSpring)
            }
        }

        /// The distance it moves, in points: the offset's larger change, or the zooming view's far
        /// edge when that moves further.
        private var distance: Double {
            Double(max(abs(to.x - from.x), abs(to.y - from.y), zoom.map { abs($0.to - $0.from) * $0.extent } ?? 0))
        }

        /// How long it lasts: an animation its duration; a deceleration or a bounce until less
        /// than half a point of the way is left.
        func length() -> TimeInterval {
            let left = 0.5 / distance  // the share of the way left when it ends
            guard left < 1 else { return 0 }
            switch kind {
            case .animation(let duration):
                return duration
            case .deceleration(let rate):
                return Double(rate) < 1 ? log(left) / (1000 * log(Double(rate))) : 0
            case .bounce:
                // (1 + ωt)·e^(−ωt) falls from 1 to 0: where it reaches `left`, by bisection.
                let spring = Self.bounceSpring
                var lo = 0.0, hi = 1.0
                while spring.displacement(at: hi) > left { hi *= 2 }
                for _ in 0..<100 {
                    let mid = (lo + hi) / 2
                    if spring.displacement(at: mid) > left { lo = mid } else { hi = mid }
                }
                return hi
            }
        }

        /// A zoom scale moving from `from` to `to`; `extent` is the zooming view's larger side
        /// unscaled, in points, so that a change of scale counts as the distance it moves the
        /// view's far edge.
        struct ZoomChange {
            let view: UIView
            let from: CGFloat
            let to: CGFloat
            let extent: CGFloat
            func scale(at share: CGFloat) -> CGFloat { from + (to - from) * share }
        }

        static func animation(from: CGPoint, to: CGPoint, duration: TimeInterval) -> Motion {
            Motion(kind: .animation(duration: duration), from: from, to: to)
        }

        /// The share of the way done `t` seconds in, and whether it is done (the render side's
        /// animation of it shows the same curve over the same duration).
        func progress(after t: TimeInterval) -> (share: CGFloat, done: Bool) {
            (curve.progress(elapsed: t, duration: duration), t >= duration)
        }
    }

    /// Starts `motion` from the frame shown now, stepping after each frame `screen` presents, and
    /// hands it to the render side (see the top of this file).
    func run(_ motion: Motion, on screen: UIScreen) {
        var motion = motion
        motion.start = screen.shownTime
        motion.duration = motion.length()
        if !_motionStaysOnMainThread { motion.renderGroup = showOnRenderSide(motion) }
        self.motion = motion
        indicatorsFollowRenderMotion()
        screen.addFrameTicker(of: self) { [weak self] time in self?.step(at: time) ?? false }
    }

    /// Adds the render side's animation of `motion` to the layer (unlisted: UIKit's scroll views
    /// move without Core Animation animations) and returns its group; nil when it does not move.
    /// A zoom bouncing back moves the zooming view too: its scale transform and its centre (half
    /// its size at the scale), each linear in the scale as the offset is in the share of the way,
    /// so the same curve carries all three.
    private func showOnRenderSide(_ motion: Motion) -> UInt64? {
        guard motion.duration > 0 else { return nil }
        let size = bounds.size
        func rect(_ origin: CGPoint) -> LayerProperty {
            LayerProperty(.bounds, .rect(Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))))
        }
        let group = AnimationLedger.shared.makeGroup()
        func add(_ from: LayerProperty, _ to: LayerProperty, to layer: CALayer) {
            var animation = LayerAnimation(kind: .absolute(from: from, to: to), curve: motion.curve, beginTime: 0, duration: motion.duration, group: group)
            animation.reportsShownValue = true  // each frame's value comes back in its statistics
            if !layer.unlistedAnimationGroups.contains(group) { layer.unlistedAnimationGroups.append(group) }
            layer.addAnimation(animation)
        }
        add(rect(motion.from), rect(motion.to), to: layer)
        if let zoom = motion.zoom {
            let viewSize = zoom.view.bounds.size
            func scale(_ s: CGFloat) -> LayerProperty { .transform(Transform3D(scaleX: Double(s), y: Double(s))) }
            func center(_ s: CGFloat) -> LayerProperty { .position(Point(x: Double(viewSize.width * s / 2), y: Double(viewSize.height * s / 2))) }
            add(scale(zoom.from), scale(zoom.to), to: zoom.view.layer)
            add(center(zoom.from), center(zoom.to), to: zoom.view.layer)
        }
        return group
    }

    /// The render side shows a bouncing zoom's view where the bounce puts it (its scale, and its
    /// centre from the scale); once the program has put it elsewhere (centring it in
    /// `scrollViewDidZoom(_:)` or a layout, as apps do), the render side lets go, so frames show
    /// the model's place.
    func zoomingViewMayHaveMoved() {
        guard let motion, let zoom = motion.zoom, motion.renderGroup != nil else { return }
        let s = _zoomScale, size = zoom.view.bounds.size
        if zoom.view.center != CGPoint(x: size.width * s / 2, y: size.height * s / 2) || zoom.view.transform != CGAffineTransform(scaleX: s, y: s) {
            renderSideLetsGo()
        }
    }

    /// Where the render side may take the bounds before the model hears of it: while it shows a
    /// motion of the offset (which moves the bounds on even while the main thread is busy), the
    /// bounds grown by up to a screen on each axis in the motion's direction, no further than
    /// where it ends; nil otherwise. Lists lay out this much (see their `isPrefetchingEnabled`).
    var renderMotionReach: CGRect? {
        guard let motion, motion.renderGroup != nil else { return nil }
        var rect = bounds
        let dx = motion.to.x - bounds.minX, dy = motion.to.y - bounds.minY
        let grownX = min(bounds.width, abs(dx)), grownY = min(bounds.height, abs(dy))
        rect.size.width += grownX
        rect.size.height += grownY
        if dx < 0 { rect.origin.x -= grownX }
        if dy < 0 { rect.origin.y -= grownY }
        return rect == bounds ? nil : rect
    }

    /// Takes the render side's animation of the motion off (the model's bounds show from the
    /// next frame); the model's motion goes on.
    func renderSideLetsGo() {
        guard let motion, motion.renderGroup != nil else { return }
        self.motion?.renderGroup = nil
        endRenderMotion(motion)
    }

    private func endRenderMotion(_ motion: Motion) {
        guard let group = motion.renderGroup else { return }
        for layer in [layer, motion.zoom?.view.layer].compactMap({ $0 }) {
            layer.removeAnimations(group: group)
            layer.unlistedAnimationGroups.removeAll { $0 == group }
        }
        indicatorsLeaveRenderMotion(group)
    }

    /// Moves the offset to where the motion is at `time`; returns whether it goes on.
    private func step(at time: TimeInterval) -> Bool {
        guard let motion else { return false }
        let (share, done) = motion.progress(after: time - motion.start)
        if done {
            finish(motion)
            return false
        }
        let offset = CGPoint(x: motion.from.x + (motion.to.x - motion.from.x) * share, y: motion.from.y + (motion.to.y - motion.from.y) * share)
        isSteppingMotion = true
        defer { isSteppingMotion = false }
        if let zoom = motion.zoom {
            let zoomed = showZoom(zoom.scale(at: share), of: zoom.view)
            contentOffset = offset
            if zoomed { delegate?.scrollViewDidZoom(self) }
            zoomingViewMayHaveMoved()
        } else {
            contentOffset = offset
        }
        return self.motion != nil
    }

    /// Puts the offset (and zoom) at the motion's end and tells the delegate it ended.
    private func finish(_ motion: Motion) {
        self.motion = nil
        endRenderMotion(motion)
        defer { scrollMayHaveStopped() }  // the indicators fade once nothing moves the content
        if let zoom = motion.zoom {
            let zoomed = showZoom(zoom.to, of: zoom.view)
            contentOffset = motion.to
            if zoomed { delegate?.scrollViewDidZoom(self) }
            _isZoomBouncing = false
            delegate?.scrollViewDidEndZooming(self, with: zoom.view, atScale: _zoomScale)
            return
        }
        contentOffset = motion.to
        switch motion.kind {
        case .animation:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .deceleration, .bounce:
            _isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        }
    }

    /// Stops whatever moves the offset between frames where it is now (a touch down, a new drag,
    /// code setting the offset with `setContentOffset(_:animated:)`). A zoom bouncing back ends
    /// at once at its limit instead (a zoom is never left past one), and says so.
    func stopScrolling() {
        guard let motion else { return }
        if motion.zoom != nil {
            window?.screen?.removeFrameTicker(of: self)
            finish(motion)
            return
        }
        endRenderMotion(motion)
        self.motion = nil
        _isDecelerating = false
        window?.screen?.removeFrameTicker(of: self)
        scrollMayHaveStopped()
        if laysOutContentLazily { setNeedsLayout() }  // what a list prepared ahead of the motion goes
    }

    /// `stopScrollingAndZooming()`: the motion ends now, where it is (a bounce at the content's
    /// edge, a paging view at the nearest page, a zoom at its limit), telling the delegate as its
    /// own end does.
    func stopMotionWhereItIs() {
        guard var motion else { return }
        window?.screen?.removeFrameTicker(of: self)
        if motion.zoom == nil {
            let bouncing = if case .bounce = motion.kind { true } else { false }
            motion.to = isPagingEnabled ? restingOffset(after: .zero) : bouncing ? kept(contentOffset, within: offsetRange) : contentOffset
        }
        finish(motion)
        if laysOutContentLazily { setNeedsLayout() }  // what a list prepared ahead of the motion goes
    }

    // MARK: Dragging

    /// The offset a drag of `translation` (points, in the scroll view's superview space) from
    /// `start` shows, with the rubber band past the edges.
    func draggedOffset(from start: CGPoint, by translation: CGPoint, lockedTo axis: DragAxis?) -> CGPoint {
        let range = offsetRange
        var offset = start
        if scrollsHorizontally(), axis != .vertical {
            offset.x = banded(start.x - translation.x, range.minX, range.maxX, bounds.width, bounces: bouncesHorizontally)
        }
        if scrollsVertically(), axis != .horizontal {
            offset.y = banded(start.y - translation.y, range.minY, range.maxY, bounds.height, bounces: bouncesVertically)
        }
        return offset
    }

    /// `value` kept to `low...high`, or past it by the rubber band when the view `bounces` on that axis.
    private func banded(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat, bounces: Bool) -> CGFloat {
        func band(_ excess: CGFloat) -> CGFloat {
            guard bounces, dimension > 0 else { return 0 }
            return dimension * (1 - 1 / (0.55 * excess / dimension + 1))
        }
        if value < low { return low - band(low - value) }
        if value > high { return high + band(value - high) }
        return value
    }

    /// The axis a directional lock keeps a drag to.
    enum DragAxis { case horizontal, vertical }

    /// Where a release at `velocity` (points per millisecond, the offset's direction) would bring
    /// the content to rest: decelerated, paged, kept to the content's range.
    func restingOffset(after velocity: CGPoint) -> CGPoint {
        let range = offsetRange
        let offset = contentOffset
        if isPagingEnabled {
            func page(_ value: CGFloat, _ v: CGFloat, _ size: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
                guard size > 0 else { return value }
                let current = (value / size).rounded(.down)
                let index = abs(v) > 0.3 ? (v > 0 ? current + 1 : current) : (value / size).rounded()
                return min(max(index * size, low), high)
            }
            return CGPoint(
                x: page(offset.x, velocity.x, bounds.width, range.minX, range.maxX),
                y: page(offset.y, velocity.y, bounds.height, range.minY, range.maxY))
        }
        let r = decelerationRate.rawValue
        let reach = r < 1 ? r / (1 - r) : 0
        return CGPoint(
            x: min(max(offset.x + velocity.x * reach, range.minX), range.maxX),
            y: min(max(offset.y + velocity.y * reach, range.minY), range.maxY))
    }

    /// `offset` moved onto the nearest point of `range` (an `offsetRange`).
    func kept(_ offset: CGPoint, within range: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat)) -> CGPoint {
        CGPoint(x: min(max(offset.x, range.minX), range.maxX), y: min(max(offset.y, range.minY), range.maxY))
    }

    /// Whether the offset lies within the content's range (to half a point).
    var isWithinRange: Bool {
        let range = offsetRange, o = contentOffset
        return o.x >= range.minX - 0.5 && o.x <= range.maxX + 0.5 && o.y >= range.minY - 0.5 && o.y <= range.maxY + 0.5
    }

    /// The fingers lifted (or the drag was cancelled, `velocity` zero): the delegate hears where
    /// the content will stop (and may move it), then the content decelerates, springs back or stops.
    /// While a pinch zooms (or its zoom bounces back) the zoom owns the offset: the drag ends
    /// where the content is, without moving on.
    func endDrag(velocity: CGPoint) {
        _isDragging = false
        refreshControl?.scrollViewWillEndDragging(self)
        if zoomOwnsOffset {
            var target = contentOffset
            delegate?.scrollViewWillEndDragging(self, withVelocity: .zero, targetContentOffset: &target)
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
            return
        }
        let outside = !isWithinRange
        var target = outside ? kept(contentOffset, within: offsetRange) : restingOffset(after: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        let moves = max(abs(target.x - contentOffset.x), abs(target.y - contentOffset.y)) >= 0.5
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        guard moves, let screen = window?.screen else {
            if moves { contentOffset = target }
            scrollMayHaveStopped()
            return
        }
        _isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        let kind: Motion.Kind = outside ? .bounce : .deceleration(rate: isPagingEnabled ? DecelerationRate.fast.rawValue : decelerationRate.rawValue)
        run(Motion(kind: kind, from: contentOffset, to: target), on: screen)
    }
}

/// The pan gesture recognizer of a scroll view: a touch down stops the content where it is, and
/// the view knows when fingers are on it (`isTracking`).
final class ScrollPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?
    /// Where the offset was when the drag began, and the axis a directional lock keeps it to.
    var dragStart = CGPoint.zero
    var axis: UIScrollView.DragAxis?

    override init() {
        super.init()
        addTarget(self, action: ScrollPanGestureRecognizer.moved)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        // Tracking first: the indicators of content stopped by the touch stay while it is down.
        scrollView?._isTracking = true
        scrollView?.stopScrolling()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if activeTouches.isEmpty { fingersLifted() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        if activeTouches.isEmpty { fingersLifted() }
    }

    /// No finger is down any more: the view stops tracking, and its indicators fade if nothing
    /// moves the content.
    private func fingersLifted() {
        scrollView?._isTracking = false
        scrollView?.anchorSmallContent()
        scrollView?.scrollMayHaveStopped()
    }

    /// The space translations are measured in: the scroll view's superview (which its own
    /// scrolling does not move), else the window.
    private var space: UIView? { scrollView?.superview }

    /// The drag goes on from the offset now, with the fingers where they are now (a pinch moved
    /// the offset under it).
    func rebase() {
        guard let view = scrollView, state == .began || state == .changed else { return }
        dragStart = view.contentOffset
        setTranslation(.zero, in: space)
    }

    private func moved(_ recognizer: UIPanGestureRecognizer) {
        guard let view = scrollView else { return }
        switch state {
        case .began:
            view.stopScrolling()
            // The content follows the fingers from here, without the distance the pan needed to begin.
            let moved = translation(in: space)
            setTranslation(.zero, in: space)
            dragStart = view.contentOffset
            view.indicatorAxes = nil  // a drag shows the bars of every axis that scrolls
            axis = view.isDirectionalLockEnabled ? (abs(moved.x) >= abs(moved.y) ? .horizontal : .vertical) : nil
            view._isDragging = true
            view.delegate?.scrollViewWillBeginDragging(view)
        case .changed:
            // A pinch moves the offset with its midpoint (and rebases the drag as it does); a
            // zoom bouncing back ends at its limit when the remaining finger moves on.
            if view.isZooming { return }
            if view.motion?.zoom != nil {
                view.stopScrolling()
                rebase()
                return
            }
            view.contentOffset = view.draggedOffset(from: dragStart, by: translation(in: space), lockedTo: axis)
        case .ended:
            let v = velocity(in: space)
            var velocity = CGPoint(x: view.scrollsHorizontally() && axis != .vertical ? -v.x / 1000 : 0, y: view.scrollsVertically() && axis != .horizontal ? -v.y / 1000 : 0)
            if !velocity.x.isFinite || !velocity.y.isFinite { velocity = .zero }
            view.endDrag(velocity: velocity)
        case .cancelled, .failed:
            if view.isDragging { view.endDrag(velocity: .zero) }
        default:
            break
        }
    }
}
