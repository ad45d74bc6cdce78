import Foundation
@_spi(Testing) import Strata
import Testing

/// UIScrollView's iOS 17.4 controls against Apple's reference: bouncing per axis
/// (`bouncesHorizontally`, `bouncesVertically`, `bounces` setting both), what moves on its own
/// (`isScrollAnimating`, `isZoomAnimating`) and stopping it (`stopScrollingAndZooming()`: the
/// offset stays, a bounce ends at the edge, paging at a page), and scroll events handed to the
/// containing scroll view at an end (`transfersVerticalScrollingToParent`,
/// `transfersHorizontalScrollingToParent`), and small content anchored (`contentAlignmentPoint`).
/// Over a recording sink, read through the public API.
@MainActor
@Suite struct UIScrollViewStoppingTests {
    private func tall(_ f: ScreenFixture, _ log: ScrollLog? = nil) -> UIScrollView { f.tallScrollView(log) }

    private func frames(_ f: ScreenFixture, _ count: Int) async throws {
        for _ in 0..<count { _ = try await f.screen.renderFrame(readBack: false) }
    }

    @Test(
        "Defaults: bounces on both axes, transfers scrolling to the parent on both, index display automatic, nothing animating; bounces = false sets both axes false, and with only bouncesVertically false bounces still reads true (the horizontal axis bounces)"
    )
    func defaults() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(scroll.bounces && scroll.bouncesHorizontally && scroll.bouncesVertically)
        #expect(scroll.transfersHorizontalScrollingToParent && scroll.transfersVerticalScrollingToParent)
        #expect(scroll.indexDisplayMode == .automatic && !scroll.isScrollAnimating && !scroll.isZoomAnimating)
        scroll.bounces = false
        #expect(!scroll.bouncesHorizontally && !scroll.bouncesVertically && !scroll.bounces)
        scroll.bounces = true
        scroll.bouncesVertically = false
        #expect(scroll.bounces && scroll.bouncesHorizontally && !scroll.bouncesVertically)
    }

    @Test(
        "Bouncing per axis: content 1,000 × 1,000 in a 100 × 100 view with bouncesVertically false, dragged 90 points right and down past its top-left corner, shows x −33.11 (the rubber band, 100·(1 − 1/(0.55·0.9 + 1))) and y 0 (held at the edge); with bouncesHorizontally false instead, x 0 and y −33.11"
    )
    func bouncingIsPerAxis() throws {
        for vertical in [false, true] {
            let f = try ScreenFixture()
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            scroll.contentSize = CGSize(width: 1000, height: 1000)
            if vertical { scroll.bouncesHorizontally = false } else { scroll.bouncesVertically = false }
            f.window.addSubview(scroll)
            let t = f.screen.mediaTime
            try f.window.down(1, 5, 5, at: t)
            try f.window.move(1, 15, 15, at: t + 0.1)  // the pan begins here
            try f.window.move(1, 105, 105, at: t + 0.2)
            let banded = -33.11, o = scroll.contentOffset
            if vertical {
                #expect(o.x == 0 && abs(o.y - banded) < 0.01, "\(o)")
            } else {
                #expect(abs(o.x - banded) < 0.01 && o.y == 0, "\(o)")
            }
            try f.window.up(1, 105, 105, at: t + 0.5)
        }
    }

    @Test(
        "setContentOffset(y 300, animated:) is a scroll animation until it ends: isScrollAnimating from the call (not decelerating); stopScrollingAndZooming() half way leaves the offset where it is (about y 150), ends it (didEndScrollingAnimation, once) and later frames move nothing"
    )
    func stoppingAnAnimatedScrollLeavesTheOffset() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = tall(f, log)
        _ = try await f.screen.renderFrame()
        scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        #expect(scroll.isScrollAnimating && !scroll.isDecelerating && !scroll.isZoomAnimating)
        try await frames(f, 9)
        let halfWay = scroll.contentOffset
        #expect(abs(halfWay.y - 150) < 1, "\(halfWay)")
        scroll.stopScrollingAndZooming()
        #expect(!scroll.isScrollAnimating && scroll.contentOffset == halfWay)
        #expect(log.events == ["didEndScrollingAnimation"])
        try await frames(f, 20)
        #expect(scroll.contentOffset == halfWay && log.events == ["didEndScrollingAnimation"])
        scroll.stopScrollingAndZooming()
        #expect(log.events == ["didEndScrollingAnimation"], "nothing moves: nothing to stop, nothing told")
    }

    @Test(
        "A flick's deceleration stopped after three frames stays where it is: not decelerating, didEndDecelerating told (as at its own end), not a scroll animation, and later frames move nothing"
    )
    func stoppingADecelerationLeavesTheOffset() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = tall(f, log)
        _ = try await f.screen.renderFrame()
        try f.window.flickUp(at: f.screen.mediaTime)
        #expect(scroll.isDecelerating && !scroll.isScrollAnimating)
        try await frames(f, 3)
        let there = scroll.contentOffset
        let target = try #require(log.proposedTarget)
        #expect(there.y > 12 && there.y < target.y - 10, "moving, not there yet: \(there) of \(target)")
        scroll.stopScrollingAndZooming()
        #expect(!scroll.isDecelerating && scroll.contentOffset == there && log.events.last == "didEndDecelerating")
        try await frames(f, 30)
        #expect(scroll.contentOffset == there)
    }

    @Test(
        "A bounce back stopped part way ends at the content's edge: dragged 90 points past the top (y −33.11) and released, two frames later still above the edge, stopped: y 0, didEndDecelerating"
    )
    func stoppingABounceEndsAtTheEdge() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = tall(f, log)
        _ = try await f.screen.renderFrame()
        try f.window.pullDownSlowly(to: 105, at: f.screen.mediaTime)
        #expect(scroll.isDecelerating)
        try await frames(f, 2)
        #expect(scroll.contentOffset.y < -1, "still bouncing back: \(scroll.contentOffset)")
        scroll.stopScrollingAndZooming()
        #expect(scroll.contentOffset == .zero && !scroll.isDecelerating && log.events.last == "didEndDecelerating")
    }

    @Test(
        "Paging: a 100-point-wide view of 500 points dragged 70 points left and released slowly heads for page 1; stopped after two frames (x between 70 and 100), it ends on the nearest page boundary, x 100"
    )
    func stoppingWhilePagingEndsOnAPage() async throws {
        let f = try ScreenFixture()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 500, height: 100)
        scroll.isPagingEnabled = true
        f.window.addSubview(scroll)
        _ = try await f.screen.renderFrame()
        try f.window.dragLeftSlowly(at: f.screen.mediaTime)
        try await frames(f, 2)
        #expect(scroll.isDecelerating && scroll.contentOffset.x > 70 && scroll.contentOffset.x < 100, "\(scroll.contentOffset)")
        scroll.stopScrollingAndZooming()
        #expect(scroll.contentOffset == CGPoint(x: 100, y: 0) && !scroll.isDecelerating)
    }

    /// A 100 × 100 vertical scroll view of 1,000 points scrolled to y 100, holding at y 100 of its
    /// content a 100 × 50 vertical scroll view of 500 points (so it fills y 0…50 of the screen).
    private func nested(_ f: ScreenFixture) -> (outer: UIScrollView, inner: UIScrollView) {
        let outer = tall(f)
        outer.contentOffset = CGPoint(x: 0, y: 100)
        let inner = UIScrollView(frame: CGRect(x: 0, y: 100, width: 100, height: 50))
        inner.contentSize = CGSize(width: 100, height: 500)
        outer.addSubview(inner)
        return (outer, inner)
    }

    /// A wheel step of `dy` over the inner view, `t` seconds after the screen's time now.
    private func wheel(_ f: ScreenFixture, dy: Double, at t: Double) throws -> Bool {
        try f.window.send(
            ScrollInput(location: CGPoint(x: 50, y: 25), delta: CGVector(dx: 0, dy: dy), phase: .wheel, timestamp: f.screen.mediaTime + t))
    }

    @Test(
        "Scroll events at an end go to the containing scroll view: a wheel step of 20 points down over an inner vertical scroll view at its top moves the outer one (y 100 → 80) and not the inner one (0); a step up moves the inner one (y 20), the outer one staying; at the inner one's bottom (y 450) a step up goes to the outer one again (y 100)"
    )
    func scrollEventsAtAnEndGoToTheParent() throws {
        let f = try ScreenFixture()
        let (outer, inner) = nested(f)
        #expect(try wheel(f, dy: 20, at: 1))
        #expect(outer.contentOffset.y == 80 && inner.contentOffset.y == 0, "outer \(outer.contentOffset), inner \(inner.contentOffset)")
        outer.contentOffset = CGPoint(x: 0, y: 100)
        #expect(try wheel(f, dy: -20, at: 2))
        #expect(inner.contentOffset.y == 20 && outer.contentOffset.y == 100, "inner \(inner.contentOffset), outer \(outer.contentOffset)")
        inner.contentOffset = CGPoint(x: 0, y: 450)
        #expect(try wheel(f, dy: -20, at: 3))
        #expect(outer.contentOffset.y == 120 && inner.contentOffset.y == 450, "outer \(outer.contentOffset), inner \(inner.contentOffset)")
    }

    @Test(
        "transfersVerticalScrollingToParent false keeps a scroll event past the inner view's top with it: a 20-point step down pulls it past its edge (a rubber band, y below 0) and the outer one stays at y 100; an inner view whose content fits (and does not always bounce) gives every scroll event to the outer one"
    )
    func notTransferringKeepsTheEventInside() throws {
        let f = try ScreenFixture()
        let (outer, inner) = nested(f)
        inner.transfersVerticalScrollingToParent = false
        #expect(try wheel(f, dy: 20, at: 1))
        #expect(inner.contentOffset.y < 0 && outer.contentOffset.y == 100, "inner \(inner.contentOffset), outer \(outer.contentOffset)")
        inner.stopScrollingAndZooming()
        #expect(inner.contentOffset.y == 0, "the bounce back stopped at the edge")
        inner.contentSize = CGSize(width: 100, height: 50)
        #expect(try wheel(f, dy: -20, at: 2))
        #expect(outer.contentOffset.y == 120 && inner.contentOffset.y == 0, "outer \(outer.contentOffset), inner \(inner.contentOffset)")
    }

    @Test(
        "A scroll event across a one-axis scroll view's axis goes to the one around it: a sideways wheel step of 30 points over a vertical scroll view inside a horizontal one moves the outer one (x 100 → 70), the inner one staying at 0"
    )
    func scrollEventsAcrossAnAxisGoToTheParent() throws {
        let f = try ScreenFixture()
        let outer = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        outer.contentSize = CGSize(width: 1000, height: 100)
        outer.contentOffset = CGPoint(x: 100, y: 0)
        f.window.addSubview(outer)
        let inner = UIScrollView(frame: CGRect(x: 100, y: 0, width: 100, height: 50))
        inner.contentSize = CGSize(width: 100, height: 500)
        outer.addSubview(inner)
        let step = ScrollInput(location: CGPoint(x: 50, y: 25), delta: CGVector(dx: 30, dy: 0), phase: .wheel, timestamp: f.screen.mediaTime + 1)
        #expect(try f.window.send(step))
        #expect(outer.contentOffset == CGPoint(x: 70, y: 0) && inner.contentOffset == .zero, "outer \(outer.contentOffset), inner \(inner.contentOffset)")
    }

    @Test(
        "contentAlignmentPoint anchors content smaller than the view: 50 × 50 in 100 × 100 rests at offset (−25, −25) at (0.5, 0.5), (−50, −50) at (1, 1) and (0, 0) back at the default; with a 10-point top inset the room is 40, so y −30 centred; an axis whose content is larger keeps its offset (x 30 of 200 wide)"
    )
    func contentAlignmentAnchorsSmallContent() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 50, height: 50)
        #expect(scroll.contentAlignmentPoint == .zero && scroll.contentOffset == .zero)
        scroll.contentAlignmentPoint = CGPoint(x: 0.5, y: 0.5)
        #expect(scroll.contentOffset == CGPoint(x: -25, y: -25))
        scroll.contentAlignmentPoint = CGPoint(x: 1, y: 1)
        #expect(scroll.contentOffset == CGPoint(x: -50, y: -50))
        scroll.contentAlignmentPoint = .zero
        #expect(scroll.contentOffset == .zero)
        scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        scroll.contentAlignmentPoint = CGPoint(x: 0.5, y: 0.5)
        #expect(scroll.contentOffset == CGPoint(x: -25, y: -30))
        scroll.contentSize = CGSize(width: 200, height: 50)
        scroll.contentOffset = CGPoint(x: 30, y: -30)
        scroll.contentAlignmentPoint = CGPoint(x: 0.5, y: 0)
        #expect(scroll.contentOffset == CGPoint(x: 30, y: -10), "x scrolls (larger content), y anchored at the top of its room")
    }

    @Test(
        "Centred small content stays centred: a drag past it (always bouncing) springs back to the anchored offset y −25, not 0; a zoomed view made smaller than the frame by code (100 × 100 at zoom 0.5) is centred at (−25, −25)"
    )
    func anchoredContentIsWhereMotionsRest() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 50)
        scroll.alwaysBounceVertical = true
        scroll.contentAlignmentPoint = CGPoint(x: 0.5, y: 0.5)
        scroll.delegate = log
        f.window.addSubview(scroll)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -25))
        _ = try await f.screen.renderFrame()
        try f.window.pullDownSlowly(to: 45, at: f.screen.mediaTime)
        #expect(scroll.contentOffset.y < -25 && log.proposedTarget == CGPoint(x: 0, y: -25), "\(scroll.contentOffset), \(String(describing: log.proposedTarget))")
        try await frames(f, 120)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -25) && !scroll.isDecelerating)

        let zoomed = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        zoomed.addSubview(image)
        let zoomLog = ScrollLog()
        zoomLog.zoomingView = image
        zoomed.delegate = zoomLog
        zoomed.minimumZoomScale = 0.5
        zoomed.contentAlignmentPoint = CGPoint(x: 0.5, y: 0.5)
        zoomed.setZoomScale(0.5, animated: false)
        #expect(zoomed.contentSize == CGSize(width: 50, height: 50) && zoomed.contentOffset == CGPoint(x: -25, y: -25))
    }

    @Test(
        "The state properties are open, as UIKit declares them: a subclass overriding isTracking, isDragging, isDecelerating, isZooming, isZoomBouncing, isScrollAnimating and isZoomAnimating is read through its overrides"
    )
    func statePropertiesAreOpen() {
        final class Pinned: UIScrollView {
            override var isTracking: Bool { true }
            override var isDragging: Bool { true }
            override var isDecelerating: Bool { true }
            override var isZooming: Bool { true }
            override var isZoomBouncing: Bool { true }
            override var isScrollAnimating: Bool { true }
            override var isZoomAnimating: Bool { true }
        }
        let view: UIScrollView = Pinned(frame: .zero)
        #expect(view.isTracking && view.isDragging && view.isDecelerating && view.isZooming && view.isZoomBouncing)
        #expect(view.isScrollAnimating && view.isZoomAnimating)
    }

    @Test(
        "Anchored content follows the view's size and insets: 50 × 50 centred in 100 × 100 (−25, −25) is at (−75, −75) once the view is 200 × 200, and at y −80 with a 10-point top inset (room 140)"
    )
    func anchoredContentFollowsSizeAndInsets() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 50, height: 50)
        scroll.contentAlignmentPoint = CGPoint(x: 0.5, y: 0.5)
        #expect(scroll.contentOffset == CGPoint(x: -25, y: -25))
        scroll.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        #expect(scroll.contentOffset == CGPoint(x: -75, y: -75))
        scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(scroll.contentOffset == CGPoint(x: -75, y: -80))
    }
}
