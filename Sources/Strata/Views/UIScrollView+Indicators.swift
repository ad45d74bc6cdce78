import Foundation
import StrataCore

// The scroll indicators: one bar per axis, subviews of the scroll view as in UIKit (made when
// first shown, kept above the content), placed in the scroll view's bounds so that they stay
// where they are on screen while the content moves under them.
//
// They show while the content moves for any reason but code setting the offset at once: a drag,
// the deceleration or bounce after it, `setContentOffset(_:animated:)`, a pinch's zoom; for a
// moment after `flashScrollIndicators()`; and, for the axes they moved, after offset changes made
// inside `withScrollIndicatorsShown(forContentOffsetChanges:)` (at once: shown, then faded). Only an axis whose content is longer than the visible
// length shows one, and only when its `shows…ScrollIndicator` is on. Once nothing moves the
// content and no finger is down, they fade out: `hideDelay` seconds later, over `fadeDuration`
// (a UIView animation of their alpha, so the fade runs on the render thread with the frames).
//
// A bar is `thickness` points thick with round ends, `edgeInset` points in from the scroll view's
// edge and from the ends of its track, both measured inside the indicator insets. Its length is
// the track's share the visible length is of the content's (never shorter than `minimumLength`)
// and it travels the track as the offset travels its range; past an edge (a rubber band) it is
// shortened by the overshoot, down to `squeezedLength`, and stays at that end. With both bars
// shown the vertical one's track stops short of the horizontal one. UIKit publishes none of these
// numbers; these are Strata's, drawn after iOS's look.

extension UIScrollView {
    /// The indicators' size and timing (Strata's: UIKit publishes none).
    enum IndicatorMetrics {
        /// A bar's thickness, in points.
        static let thickness: CGFloat = 3
        /// The room between a bar and the edge it runs along, and at each end of its track.
        static let edgeInset: CGFloat = 3
        /// The shortest a bar gets from a long content.
        static let minimumLength: CGFloat = 36
        /// The shortest a bar gets past an edge.
        static let squeezedLength: CGFloat = 7
        /// How long the bars stay once the content stops (and after a flash), in seconds.
        static let hideDelay: TimeInterval = 0.5
        /// How long their fade takes, in seconds.
        static let fadeDuration: TimeInterval = 0.25
        /// The bars' opacity in their colour.
        static let alpha: CGFloat = 0.35
    }

    /// Where the indicators are in their life.
    enum IndicatorPhase {
        /// Not shown (alpha 0, or never made).
        case hidden
        /// Shown, and kept while the content moves.
        case shown
        /// Fading out (the fade's delay included); its number, to tell a stale completion.
        case fading(Int)
    }

    /// Whether the bars show (fading ones included).
    var indicatorsShow: Bool {
        if case .hidden = indicatorPhase { return false }
        return true
    }

    /// The indicator insets in force for the vertical or horizontal bar: its own
    /// (`verticalScrollIndicatorInsets`, `horizontalScrollIndicatorInsets`), plus, with
    /// `automaticallyAdjustsScrollIndicatorInsets`, what the safe area adds to the content insets.
    func indicatorInsets(vertical: Bool) -> UIEdgeInsets {
        var insets = vertical ? verticalScrollIndicatorInsets : horizontalScrollIndicatorInsets
        guard automaticallyAdjustsScrollIndicatorInsets else { return insets }
        let adjusted = adjustedContentInset, own = contentInset
        insets.top += adjusted.top - own.top
        insets.left += adjusted.left - own.left
        insets.bottom += adjusted.bottom - own.bottom
        insets.right += adjusted.right - own.right
        return insets
    }

    /// Whether the bar of an axis shows when the indicators do: switched on, the content with its
    /// insets longer than the bounds on that axis, and, while `withScrollIndicatorsShown` limits
    /// them, an axis its changes moved.
    func indicatorApplies(vertical: Bool) -> Bool {
        if let axes = indicatorAxes, !(vertical ? axes.vertical : axes.horizontal) { return false }
        let insets = adjustedContentInset
        if vertical { return showsVerticalScrollIndicator && contentSize.height + insets.top + insets.bottom > bounds.height }
        return showsHorizontalScrollIndicator && contentSize.width + insets.left + insets.right > bounds.width
    }

    /// The frame of an axis's bar (in the scroll view's bounds space) for the offset now, or for
    /// `contentOffset`; `besideOther`: the other axis's bar shows too, and the vertical track
    /// leaves it the corner. The vertical bar runs along the trailing edge.
    func indicatorFrame(vertical: Bool, besideOther: Bool, at contentOffset: CGPoint? = nil) -> CGRect {
        typealias M = IndicatorMetrics
        let b = CGRect(origin: contentOffset ?? bounds.origin, size: bounds.size)
        let insets = indicatorInsets(vertical: vertical), adjusted = adjustedContentInset
        let range = offsetRange
        // Along the bar's axis: the track, the visible and whole lengths, the offset and its range.
        let (trackStart, trackEnd, visible, whole, offset, low, high) =
            vertical
            ? (
                b.minY + insets.top + M.edgeInset, b.maxY - insets.bottom - M.edgeInset - (besideOther ? M.thickness + M.edgeInset : 0),
                b.height, contentSize.height + adjusted.top + adjusted.bottom, b.minY, range.minY, range.maxY
            )
            : (
                b.minX + insets.left + M.edgeInset, b.maxX - insets.right - M.edgeInset, b.width,
                contentSize.width + adjusted.left + adjusted.right, b.minX, range.minX, range.maxX
            )
        let track = max(0, trackEnd - trackStart)
        var length = min(track, max(M.minimumLength, whole > 0 ? track * visible / whole : track))
        let start: CGFloat
        if offset < low {
            length = min(length, max(M.squeezedLength, length - (low - offset)))
            start = trackStart
        } else if offset > high {
            length = min(length, max(M.squeezedLength, length - (offset - high)))
            start = trackEnd - length
        } else {
            start = trackStart + (high > low ? (offset - low) / (high - low) : 0) * (track - length)
        }
        if vertical {
            // At the trailing edge: the left one in a right-to-left layout (as Apple's platforms
            // put it for right-to-left languages).
            let x =
                effectiveUserInterfaceLayoutDirection == .rightToLeft
                ? b.minX + insets.left + M.edgeInset : b.maxX - insets.right - M.edgeInset - M.thickness
            return CGRect(x: x, y: start, width: M.thickness, height: length)
        }
        return CGRect(x: start, y: b.maxY - insets.bottom - M.edgeInset - M.thickness, width: length, height: M.thickness)
    }

    /// The bars' colour for `indicatorStyle`: black or white at 35 %, the default one black on
    /// light interfaces and white on dark ones.
    var indicatorColor: UIColor {
        let black = UIColor(white: 0, alpha: IndicatorMetrics.alpha), white = UIColor(white: 1, alpha: IndicatorMetrics.alpha)
        switch indicatorStyle {
        case .black: return black
        case .white: return white
        case .default: return UIColor { $0.userInterfaceStyle == .dark ? white : black }
        }
    }

    /// Whether the content is moving other than by code setting the offset at once: dragged,
    /// decelerating, bouncing, animated, or zoomed.
    var isScrollingVisibly: Bool { isDragging || isDecelerating || motion != nil || isZooming }

    /// Shows the bars of the axes that scroll (see `indicatorApplies`) at full opacity, placed
    /// for the offset now, on top of the subviews, calling off a fade under way.
    func showScrollIndicators() {
        let vertical = indicatorApplies(vertical: true), horizontal = indicatorApplies(vertical: false)
        guard vertical || horizontal else { return }
        if case .shown = indicatorPhase {
            placeScrollIndicators()
            return
        }
        indicatorPhase = .shown
        UIView.performWithoutAnimation {
            for (isVertical, applies) in [(true, vertical), (false, horizontal)] {
                guard applies || indicator(vertical: isVertical) != nil else { continue }
                let bar = indicator(vertical: isVertical) ?? makeIndicator(vertical: isVertical)
                bar.layer.removeAllAnimations()
                bar.backgroundColor = indicatorColor
                bar.alpha = applies ? 1 : 0
            }
            keepIndicatorsOnTop()
        }
        placeScrollIndicators()
        indicatorsFollowRenderMotion()
    }

    /// While the render side shows the motion, the bars that show move with it: an absolute
    /// animation of each bar's position from its place at the motion's start to its place at the
    /// end, on the motion's curve, timed with the scroll layer's own animation (a bar's place is
    /// an affine function of the offset while the offset stays within its range, so the curve
    /// carries it exactly; a motion that starts or ends past an edge, where the bar shortens,
    /// leaves the bars to the model's steps).
    func indicatorsFollowRenderMotion() {
        // (A zoom changes the content's size too: its bars stay the model's.)
        guard case .shown = indicatorPhase, let motion, motion.zoom == nil, let group = motion.renderGroup else { return }
        let range = offsetRange
        func within(_ p: CGPoint) -> Bool {
            p.x >= range.minX - 0.5 && p.x <= range.maxX + 0.5 && p.y >= range.minY - 0.5 && p.y <= range.maxY + 0.5
        }
        guard within(motion.from), within(motion.to) else { return }
        // Sent with the scroll layer's animation (not committed yet: not among the sent ones), the
        // bars' begin at the same frame; sent after, they begin where it began (on the media
        // clock, as the model's copy has it).
        var begin = 0.0
        if let running = layer.activeAnimations.first(where: { $0.group == group }), let screen = window?.screen {
            begin = running.beginTime - screen.mediaTime
        }
        let vertical = indicatorApplies(vertical: true), horizontal = indicatorApplies(vertical: false)
        for (bar, isVertical, other) in [(verticalIndicator, true, horizontal), (horizontalIndicator, false, vertical)] {
            guard let bar, bar.alpha > 0, !bar.layer.unlistedAnimationGroups.contains(group) else { continue }
            func center(_ offset: CGPoint) -> LayerProperty {
                let frame = indicatorFrame(vertical: isVertical, besideOther: other, at: offset)
                return LayerProperty(.position, .point(Point(x: Double(frame.midX), y: Double(frame.midY))))
            }
            var animation = LayerAnimation(
                kind: .absolute(from: center(motion.from), to: center(motion.to)), curve: motion.curve, beginTime: begin,
                duration: motion.duration, group: group)
            animation.fillsBackwards = true
            bar.layer.unlistedAnimationGroups.append(group)
            bar.layer.addAnimation(animation)
        }
    }

    /// Takes the bars' share of the render side's motion `group` off.
    func indicatorsLeaveRenderMotion(_ group: UInt64) {
        for bar in [verticalIndicator, horizontalIndicator].compactMap({ $0 }) where bar.layer.unlistedAnimationGroups.contains(group) {
            bar.layer.removeAnimations(group: group)
            bar.layer.unlistedAnimationGroups.removeAll { $0 == group }
        }
    }

    /// Puts the bars that show where the offset says (nothing when none shows).
    func placeScrollIndicators() {
        if case .hidden = indicatorPhase { return }
        let vertical = indicatorApplies(vertical: true), horizontal = indicatorApplies(vertical: false)
        UIView.performWithoutAnimation {
            if let bar = verticalIndicator {
                bar.frame = indicatorFrame(vertical: true, besideOther: horizontal)
                if !vertical { bar.alpha = 0 }
            }
            if let bar = horizontalIndicator {
                bar.frame = indicatorFrame(vertical: false, besideOther: vertical)
                if !horizontal { bar.alpha = 0 }
            }
        }
    }

    /// Starts the fade when the indicators show, nothing moves the content and no finger is down.
    func scrollMayHaveStopped() {
        guard case .shown = indicatorPhase, !isScrollingVisibly, !isTracking else { return }
        fadesStarted += 1
        let fade = fadesStarted
        indicatorPhase = .fading(fade)
        let bars = [verticalIndicator, horizontalIndicator].compactMap { $0 }
        UIView.animate(
            withDuration: IndicatorMetrics.fadeDuration, delay: IndicatorMetrics.hideDelay, options: [.allowUserInteraction],
            animations: { for bar in bars { bar.alpha = 0 } },
            completion: { [weak self] _ in
                guard let self, case .fading(let current) = self.indicatorPhase, current == fade else { return }
                self.indicatorPhase = .hidden
                self.indicatorAxes = nil
            })
    }

    /// The content offset moved: the bars show while the content moves visibly, else follow it
    /// where they show.
    func indicatorsFollowScroll() {
        if isScrollingVisibly {
            showScrollIndicators()
        } else {
            placeScrollIndicators()
        }
    }

    /// A switch, style or inset of the indicators changed: the bars that show are recoloured,
    /// shown or hidden by it and placed again.
    func indicatorSettingsChanged() {
        if case .hidden = indicatorPhase { return }
        UIView.performWithoutAnimation {
            for bar in [verticalIndicator, horizontalIndicator].compactMap({ $0 }) { bar.backgroundColor = indicatorColor }
            if case .shown = indicatorPhase {
                if let bar = verticalIndicator { bar.alpha = indicatorApplies(vertical: true) ? 1 : 0 }
                if let bar = horizontalIndicator { bar.alpha = indicatorApplies(vertical: false) ? 1 : 0 }
            }
        }
        placeScrollIndicators()
    }

    /// Moves the bars above every other subview (a cell or content added since goes under them).
    func keepIndicatorsOnTop() {
        let bars = [verticalIndicator, horizontalIndicator].compactMap { $0 }
        guard !zip(_subviews.suffix(bars.count), bars).allSatisfy({ $0 === $1 }) else { return }
        for bar in bars { bringSubviewToFront(bar) }
    }

    private func indicator(vertical: Bool) -> _UIScrollViewScrollIndicator? { vertical ? verticalIndicator : horizontalIndicator }

    private func makeIndicator(vertical: Bool) -> _UIScrollViewScrollIndicator {
        let bar = _UIScrollViewScrollIndicator(vertical: vertical)
        if vertical { verticalIndicator = bar } else { horizontalIndicator = bar }
        addSubview(bar)
        return bar
    }
}

/// One of a scroll view's two indicator bars, named as UIKit names its private class:
/// a rounded bar that takes no touches. Main actor.
final class _UIScrollViewScrollIndicator: UIView {
    /// Whether it runs along the vertical edge.
    let isVertical: Bool

    init(vertical: Bool) {
        isVertical = vertical
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        layer.cornerRadius = UIScrollView.IndicatorMetrics.thickness / 2
    }

    required init?(coder: NSCoder) { nil }
}
