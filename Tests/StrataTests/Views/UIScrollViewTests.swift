import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// Records what a scroll view tells its delegate.
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var events: [String] = []
    var offsets: [CGPoint] = []
    var velocity: CGPoint?
    var proposedTarget: CGPoint?
    /// When set, `scrollViewWillEndDragging` moves the target here.
    var replaceTarget: CGPoint?
    var zoomingView: UIView?

    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset) }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        events.append("willEndDragging")
        self.velocity = velocity
        proposedTarget = targetContentOffset.pointee
        if let replaceTarget { targetContentOffset.pointee = replaceTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { events.append("didEndDragging(\(decelerate))") }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { events.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { events.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomingView }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { events.append("didZoom(\(scrollView.zoomScale))") }
}

extension UIWindow {
    /// Finger 1 flicks up at x 50 from y 90 to y 58 over 60 ms starting at `t` and lifts: the
    /// pan begins 12 points in, and the release is 32 points in the last 60 ms (0.533 points per ms).
    func flickUp(at t: Double) throws {
        try down(1, 50, 90, at: t)
        try move(1, 50, 78, at: t + 0.02)
        try move(1, 50, 68, at: t + 0.04)
        try move(1, 50, 58, at: t + 0.06)
        try up(1, 50, 58, at: t + 0.06)
    }

    /// Finger 1 pulls down at x 50 from y 5 to `y` starting at `t`, rests 0.3 s and lifts: the
    /// pan begins 10 points in, so the content moves `y − 15` points, released with no speed.
    func pullDownSlowly(to y: Double, at t: Double) throws {
        try down(1, 50, 5, at: t)
        try move(1, 50, 15, at: t + 0.1)
        try move(1, 50, y, at: t + 0.2)
        try move(1, 50, y, at: t + 0.5)
        try up(1, 50, y, at: t + 0.55)
    }

    /// Finger `finger` drags left at y 50 from x 90 to x 8 starting at `t`, rests 0.3 s and lifts:
    /// the pan begins 12 points in, so the content moves 70 points, released with no speed.
    func dragLeftSlowly(_ finger: Int = 1, at t: Double) throws {
        try down(finger, 90, 50, at: t)
        try move(finger, 78, 50, at: t + 0.1)
        try move(finger, 8, 50, at: t + 0.3)
        try move(finger, 8, 50, at: t + 0.6)
        try up(finger, 8, 50, at: t + 0.6)
    }
}

extension ScreenFixture {
    /// A 100×100 scroll view over 100×1,000 points of content in the window, telling `log`.
    func tallScrollView(_ log: ScrollLog? = nil) -> UIScrollView {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 1000)
        scroll.delegate = log
        window.addSubview(scroll)
        return scroll
    }
}

/// UIScrollView against Apple's reference: the offset is the bounds origin, the insets and
/// content size bound it, dragging follows the fingers with a rubber band, releases decelerate
/// or page, animated offsets ease, and the delegate hears each step. Over a recording sink: the
/// frames advance the clock and the offsets are read through the public API.
@MainActor
@Suite struct UIScrollViewTests {
    private func tall(_ f: ScreenFixture, _ log: ScrollLog? = nil) -> UIScrollView { f.tallScrollView(log) }

    @Test(
        "Defaults: frame kept, offset, size and insets zero, both indicators shown, bounces, scrolls, no paging, 0.998 deceleration, zoom 1...1, clips to bounds, its pan recognizer attached"
    )
    func defaults() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 800, height: 450))
        #expect(scroll.frame == CGRect(x: 0, y: 0, width: 800, height: 450))
        #expect(scroll.contentOffset == .zero && scroll.contentSize == .zero && scroll.contentInset == .zero)
        #expect(scroll.adjustedContentInset == .zero)
        #expect(scroll.showsHorizontalScrollIndicator && scroll.showsVerticalScrollIndicator)
        #expect(scroll.bounces && scroll.isScrollEnabled && !scroll.isPagingEnabled && !scroll.alwaysBounceVertical && !scroll.alwaysBounceHorizontal)
        #expect(scroll.decelerationRate == .normal && UIScrollView.DecelerationRate.normal.rawValue == 0.998 && UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        #expect(scroll.minimumZoomScale == 1 && scroll.maximumZoomScale == 1 && scroll.zoomScale == 1)
        #expect(scroll.clipsToBounds && scroll.contentInsetAdjustmentBehavior == .automatic)
        #expect(!scroll.isTracking && !scroll.isDragging && !scroll.isDecelerating)
        #expect(scroll.gestureRecognizers?.contains { $0 === scroll.panGestureRecognizer } == true)
    }

    @Test("The content offset is the bounds origin both ways; each change tells the delegate once; a subview at y 300 shows at y 250 of the superview after scrolling to 50")
    func theOffsetIsTheBoundsOrigin() throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = tall(f, log)
        let child = UIView(frame: CGRect(x: 0, y: 300, width: 10, height: 10))
        scroll.addSubview(child)
        scroll.contentOffset = CGPoint(x: 10, y: 20)
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: 20))
        scroll.bounds = CGRect(x: 0, y: 50, width: 100, height: 100)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 50))
        scroll.contentOffset = CGPoint(x: 0, y: 50)  // the same: no news
        #expect(log.offsets == [CGPoint(x: 10, y: 20), CGPoint(x: 0, y: 50)])
        #expect(child.convert(CGPoint.zero, to: f.window) == CGPoint(x: 0, y: 250))
        scroll.contentInset = UIEdgeInsets(top: 12, left: 0, bottom: 2, right: 4)
        #expect(scroll.contentInset == UIEdgeInsets(top: 12, left: 0, bottom: 2, right: 4))
        #expect(scroll.adjustedContentInset == scroll.contentInset, "no safe area")
    }

    @Test(
        "scrollRectToVisible in a 100×100 view of 100×1000 content: a rect at y 500…550 scrolls to 450 (its bottom at the bottom edge), one already shown does nothing, one above scrolls its top to the top, and the offset stays within the content (a rect at y 990 gives 900)"
    )
    func scrollRectToVisibleScrollsAsLittleAsNeeded() throws {
        let f = try ScreenFixture()
        let scroll = tall(f)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 500, width: 100, height: 50), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 450))
        scroll.scrollRectToVisible(CGRect(x: 0, y: 460, width: 50, height: 50), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 450), "already shown")
        scroll.scrollRectToVisible(CGRect(x: 0, y: 200, width: 100, height: 20), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 200))
        scroll.scrollRectToVisible(CGRect(x: 0, y: 990, width: 100, height: 50), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 900), "the content's end")
    }

    @Test(
        "setContentOffset(y 300, animated:) eases over 0.3 s frame by frame: half way at 0.15 s (y 150), exact at the end, the delegate hearing each frame and then didEndScrollingAnimation once"
    )
    func animatedOffsetsEaseFrameByFrame() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = tall(f, log)
        _ = try await f.screen.renderFrame()
        scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        #expect(scroll.contentOffset == .zero, "nothing moves before a frame")
        for _ in 0..<9 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(abs(scroll.contentOffset.y - 150) < 0.01, "ease in-out is half way at half time: \(scroll.contentOffset.y)")
        for _ in 0..<12 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 300))
        #expect(log.events == ["didEndScrollingAnimation"])
        #expect(log.offsets.count >= 18 && log.offsets.last == CGPoint(x: 0, y: 300))
    }

    @Test(
        "A drag follows the finger on the axis the content scrolls on (from where the pan began: the 10-point start is not applied), and a slow release stops at once without deceleration"
    )
    func dragFollowsTheFinger() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = tall(f, log)
        let t = f.screen.mediaTime
        try f.window.down(1, 50, 80, at: t)
        #expect(scroll.isTracking)
        try f.window.move(1, 55, 68, at: t + 0.1)  // 12 points: the pan begins here
        #expect(scroll.isDragging && log.events == ["willBeginDragging"])
        try f.window.move(1, 58, 38, at: t + 0.2)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 30), "30 points up from where the pan began; no horizontal scroll")
        try f.window.move(1, 58, 38, at: t + 0.5)
        try f.window.up(1, 58, 38, at: t + 0.6)
        #expect(log.velocity == .zero && log.events == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(!scroll.isDragging && !scroll.isTracking && !scroll.isDecelerating)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 30))
    }

    @Test(
        "A flick decelerates: the delegate hears the velocity in points per millisecond (32 points in the last 60 ms: 0.533) and the target v·0.998/0.002 further, the content moves there frame by frame and comes to rest with didEndDecelerating; a delegate's own target is where it stops"
    )
    func flicksDecelerateToTheProjectedTarget() async throws {
        for replace in [nil, CGPoint(x: 0, y: 200)] {
            let f = try ScreenFixture()
            let log = ScrollLog()
            log.replaceTarget = replace
            let scroll = tall(f, log)
            _ = try await f.screen.renderFrame()
            let t = f.screen.mediaTime
            try f.window.flickUp(at: t)
            let velocity = try #require(log.velocity)
            #expect(abs(velocity.y - 32.0 / 60) < 0.001 && velocity.x == 0, "32 points up in the last 60 ms: 0.533 points per ms, \(velocity)")
            let start = scroll.contentOffset.y
            let projected = try #require(log.proposedTarget)
            #expect(abs(projected.y - (start + 32.0 / 60 * 499)) < 0.01, "\(projected) from \(start)")
            #expect(scroll.isDecelerating)
            #expect(log.events == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
            _ = try await f.screen.renderFrame()
            let first = scroll.contentOffset.y
            #expect(first > start, "moving on after one frame")
            for _ in 0..<600 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
            #expect(!scroll.isDecelerating && log.events.last == "didEndDecelerating")
            #expect(scroll.contentOffset.y == (replace ?? projected).y)
        }
    }

    @Test(
        "Past the edges the drag is a rubber band: 90 points down on content that fits but always bounces shows y −33.1 (100·(1 − 1/(0.55·0.9 + 1))); released, it springs back to 0 and says so"
    )
    func rubberBandAndBounceBack() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 100)
        scroll.alwaysBounceVertical = true
        scroll.delegate = log
        f.window.addSubview(scroll)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.down(1, 50, 5, at: t)
        try f.window.move(1, 50, 15, at: t + 0.1)
        try f.window.move(1, 50, 105, at: t + 0.2)
        #expect(abs(scroll.contentOffset.y - -33.11) < 0.01, "\(scroll.contentOffset.y)")
        try f.window.move(1, 50, 105, at: t + 0.5)
        try f.window.up(1, 50, 105, at: t + 0.55)
        #expect(log.proposedTarget == .zero && scroll.isDecelerating)
        for _ in 0..<120 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == .zero && log.events.last == "didEndDecelerating")
        scroll.bounces = false
        let u = t + 1
        try f.window.down(2, 50, 5, at: u)
        try f.window.move(2, 50, 15, at: u + 0.1)
        try f.window.move(2, 50, 105, at: u + 0.2)
        #expect(scroll.contentOffset == .zero, "without bounces the edge holds")
        try f.window.up(2, 50, 105, at: u + 0.3)
    }

    @Test("Content that fits and does not always bounce does not scroll: the pan never begins and the content's views keep the touches")
    func contentThatFitsDoesNotScroll() throws {
        let f = try ScreenFixture()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 100)
        f.window.addSubview(scroll)
        let content = TouchLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        content.name = "c"
        scroll.addSubview(content)
        let t = f.screen.mediaTime
        try f.window.down(1, 50, 80, at: t)
        try f.window.move(1, 50, 40, at: t + 0.1)
        try f.window.up(1, 50, 40, at: t + 0.2)
        #expect(scroll.contentOffset == .zero && !scroll.isDragging)
        #expect(content.log == ["c.began(1)", "c.moved(1)", "c.ended(1)"])
    }

    @Test("Paging: a 100-point-wide view of 500 points of content dragged 70 points left slowly comes to rest on page 1 (x 100); a quick flick from page 1 goes to page 2 (x 200)")
    func pagingStopsOnPages() async throws {
        let f = try ScreenFixture()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 500, height: 100)
        scroll.isPagingEnabled = true
        f.window.addSubview(scroll)
        _ = try await f.screen.renderFrame()
        var t = f.screen.mediaTime
        try f.window.dragLeftSlowly(at: t)
        for _ in 0..<200 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == CGPoint(x: 100, y: 0))
        t += 1
        try f.window.down(2, 90, 50, at: t)
        try f.window.move(2, 75, 50, at: t + 0.02)
        try f.window.move(2, 60, 50, at: t + 0.04)
        try f.window.up(2, 60, 50, at: t + 0.04)
        for _ in 0..<200 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == CGPoint(x: 200, y: 0))
    }

    @Test(
        "Zooming by code: the delegate's 100×100 view zoomed to 2 is 200×200 at the content's origin and the content size follows; 10 is kept to the maximum 4; without a view to zoom nothing changes"
    )
    func zoomingScalesTheDelegatesView() throws {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let log = ScrollLog()
        scroll.delegate = log
        scroll.maximumZoomScale = 4
        scroll.zoomScale = 2
        #expect(scroll.zoomScale == 1, "no view to zoom")
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.addSubview(image)
        log.zoomingView = image
        scroll.setZoomScale(2, animated: false)
        #expect(scroll.zoomScale == 2 && image.frame == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(scroll.contentSize == CGSize(width: 200, height: 200))
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 4 && scroll.contentSize == CGSize(width: 400, height: 400))
        #expect(log.events == ["didZoom(2.0)", "didZoom(4.0)"])
    }

    @Test(
        "The safe area adds to the insets by the adjustment behaviour: a controller's view with 20 points of extra top safe area, content taller than the view: always +20, scrollable axes +20, never 0, automatic +20 (as scrollable axes: UIKit's header calls automatic similar to scrollable axes, plus the top and bottom inside a navigation controller)"
    )
    func adjustedInsetsFollowTheBehaviour() throws {
        let f = try ScreenFixture()
        let controller = UIViewController()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        controller.view = scroll
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        f.window.rootViewController = controller
        scroll.contentSize = CGSize(width: 100, height: 500)
        scroll.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        var tops: [CGFloat] = []
        for behaviour in [UIScrollView.ContentInsetAdjustmentBehavior.always, .scrollableAxes, .never, .automatic] {
            scroll.contentInsetAdjustmentBehavior = behaviour
            tops.append(scroll.adjustedContentInset.top)
        }
        #expect(tops == [25, 25, 5, 25])
    }

    @Test(
        "Nested across axes: a horizontal scroll view (500 points wide) inside a vertical one (1,000 tall) takes a drag that starts sideways (30 points: inner x 30, outer y 0) and leaves one that starts upright to the outer one (30 points: outer y 30, inner x 0), even when the drag then turns; at the inner one's end a sideways drag is still its own (a rubber band), the outer one never moving"
    )
    func nestedScrollViewsTakeTheirOwnAxis() throws {
        let f = try ScreenFixture()
        let outer = tall(f)
        let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        inner.contentSize = CGSize(width: 500, height: 50)
        outer.addSubview(inner)
        var t = f.screen.mediaTime
        // Sideways first: the inner view scrolls, by the finger from where its pan began.
        try f.window.down(1, 80, 25, at: t)
        try f.window.move(1, 68, 26, at: t + 0.05)
        try f.window.move(1, 38, 26, at: t + 0.1)
        #expect(inner.isDragging && !outer.isDragging)
        #expect(inner.contentOffset == CGPoint(x: 30, y: 0) && outer.contentOffset == .zero)
        try f.window.move(1, 38, 26, at: t + 0.5)
        try f.window.up(1, 38, 26, at: t + 0.6)
        // Upright first: the outer view scrolls, and keeps the drag when it turns sideways.
        t += 1
        try f.window.down(2, 50, 40, at: t)
        try f.window.move(2, 51, 28, at: t + 0.05)
        try f.window.move(2, 51, -2, at: t + 0.1)
        #expect(outer.isDragging && !inner.isDragging)
        #expect(outer.contentOffset == CGPoint(x: 0, y: 30) && inner.contentOffset == CGPoint(x: 30, y: 0))
        try f.window.move(2, 11, -2, at: t + 0.15)
        #expect(outer.contentOffset == CGPoint(x: 0, y: 30) && inner.contentOffset == CGPoint(x: 30, y: 0), "the outer view scrolls only upright")
        try f.window.move(2, 11, -2, at: t + 0.5)
        try f.window.up(2, 11, -2, at: t + 0.6)
        // At the inner view's right end a further sideways drag is its rubber band, not the outer's.
        outer.contentOffset = .zero
        inner.contentOffset = CGPoint(x: 400, y: 0)
        t += 1
        try f.window.down(3, 80, 25, at: t)
        try f.window.move(3, 68, 25, at: t + 0.05)
        try f.window.move(3, 58, 25, at: t + 0.1)
        #expect(inner.isDragging && !outer.isDragging && outer.contentOffset == .zero)
        // 10 points past the end: 100·(1 − 1/(0.55·0.1 + 1)) = 5.21 in a 100-point-wide view.
        #expect(abs(inner.contentOffset.x - 405.21) < 0.01, "\(inner.contentOffset)")
        try f.window.up(3, 58, 25, at: t + 0.15)
    }
}
