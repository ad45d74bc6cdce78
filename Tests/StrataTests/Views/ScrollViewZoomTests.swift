import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// Records the zooming and dragging a scroll view tells its delegate, in order.
@MainActor
private final class PinchLog: UIScrollViewDelegate {
    var events: [String] = []
    var zoomingView: UIView?
    /// `isZooming` when each `scrollViewDidZoom(_:)` came.
    var zoomingAtDidZoom: [Bool] = []

    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomingView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
        events.append(view === zoomingView ? "willBeginZooming" : "willBeginZooming(other view)")
    }
    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        events.append("didZoom(\(Self.rounded(scrollView.zoomScale)))")
        zoomingAtDidZoom.append(scrollView.isZooming)
    }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        events.append("didEndZooming(\(Self.rounded(scale)))")
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { events.append("didEndDragging(\(decelerate))") }

    /// To 4 decimals, so that the log reads the same whatever the last bit.
    static func rounded(_ value: CGFloat) -> Double { (value * 10000).rounded() / 10000 }
}

/// Pinching a UIScrollView: the zoom follows two fingers about their midpoint, goes past the
/// limits with resistance and bounces back (or stops at them), and the delegate hears each
/// phase. A 300×300 scroll view showing a 300×300 zooming view, zoom 1...4, over a recording sink.
@MainActor
@Suite struct ScrollViewZoomTests {
    private func scene(log: PinchLog) throws -> (ScreenFixture, UIScrollView, UIView) {
        let f = try ScreenFixture(size: CGSize(width: 300, height: 300))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        scroll.addSubview(content)
        scroll.contentSize = content.bounds.size
        log.zoomingView = content
        scroll.delegate = log
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 4
        f.window.addSubview(scroll)
        return (f, scroll, content)
    }

    private func two(_ phase: TouchInput.Phase, _ a: (Double, Double), _ b: (Double, Double), at t: Double) -> [TouchInput] {
        [
            TouchInput(id: 1, phase: phase, location: CGPoint(x: a.0, y: a.1), timestamp: t),
            TouchInput(id: 2, phase: phase, location: CGPoint(x: b.0, y: b.1), timestamp: t),
        ]
    }

    private func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }
    private func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }

    @Test(
        "pinchGestureRecognizer is nil without a delegate, without a zooming view, or with maximumZoomScale not above minimumZoomScale; otherwise the scroll view's own recognizer, attached to it (and taken off again)"
    )
    func pinchRecognizerExistsOnlyWhenZoomingIsPossible() throws {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        #expect(scroll.pinchGestureRecognizer == nil, "no delegate, zoom 1...1")
        let log = PinchLog()
        scroll.delegate = log
        scroll.maximumZoomScale = 4
        #expect(scroll.pinchGestureRecognizer == nil, "the delegate names no view to zoom")
        #expect(scroll.gestureRecognizers?.contains { $0 is UIPinchGestureRecognizer } == false)
        log.zoomingView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let pinch = try #require(scroll.pinchGestureRecognizer)
        #expect(pinch.view === scroll)
        #expect(scroll.gestureRecognizers?.contains { $0 === pinch } == true)
        #expect(scroll.gestureRecognizers?.first === scroll.panGestureRecognizer, "the pan stays first")
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil, "max == min: no zooming")
        #expect(pinch.view == nil && scroll.gestureRecognizers?.contains { $0 === pinch } == false, "taken off the view")
        scroll.minimumZoomScale = 0.5
        #expect(scroll.pinchGestureRecognizer === pinch, "0.5...1 zooms again, with the same recognizer")
        scroll.delegate = nil
        #expect(scroll.pinchGestureRecognizer == nil && pinch.view == nil)
    }

    @Test(
        "Fingers 100 pt apart about (100, 100) spread to 200 apart: the zoom goes 1.1, 1.5, 2 (the pinch's scale times 1), the content 600×600, the offset (100, 100) so the content point (100, 100) stays under the midpoint; willBeginZooming once first, didZoom at each change while isZooming, didEndZooming(2) once when the fingers lift"
    )
    func aPinchZoomsAboutItsMidpoint() async throws {
        let log = PinchLog()
        let (f, scroll, content) = try scene(log: log)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.send(two(.down, (50, 100), (150, 100), at: t))
        try f.window.send(two(.move, (45, 100), (155, 100), at: t + 0.02))  // 110 apart: the pinch begins
        #expect(scroll.isZooming && close(scroll.zoomScale, 1.1))
        try f.window.send(two(.move, (25, 100), (175, 100), at: t + 0.04))
        try f.window.send(two(.move, (0, 100), (200, 100), at: t + 0.06))
        #expect(scroll.isZooming && !scroll.isZoomBouncing)
        #expect(close(scroll.zoomScale, 2), "\(scroll.zoomScale)")
        #expect(scroll.contentSize == CGSize(width: 600, height: 600))
        #expect(close(content.frame.origin, .zero) && close(content.frame.size.width, 600) && close(content.frame.size.height, 600))
        // The content point (100, 100) was under the midpoint (100, 100): 100·2 − 100 = 100.
        #expect(close(scroll.contentOffset, CGPoint(x: 100, y: 100)), "\(scroll.contentOffset)")
        #expect(close(content.convert(CGPoint(x: 100, y: 100), from: f.window), CGPoint(x: 100, y: 100), 1e-6))
        #expect(log.events == ["willBeginZooming", "didZoom(1.1)", "didZoom(1.5)", "didZoom(2.0)"])
        #expect(log.zoomingAtDidZoom == [true, true, true])
        try f.window.send(two(.up, (0, 100), (200, 100), at: t + 0.08))
        #expect(!scroll.isZooming && !scroll.isZoomBouncing)
        #expect(log.events == ["willBeginZooming", "didZoom(1.1)", "didZoom(1.5)", "didZoom(2.0)", "didEndZooming(2.0)"])
        #expect(close(scroll.zoomScale, 2) && close(scroll.contentOffset, CGPoint(x: 100, y: 100)))
        // Nothing moves on afterwards.
        for _ in 0..<5 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(close(scroll.zoomScale, 2) && close(scroll.contentOffset, CGPoint(x: 100, y: 100)))
        #expect(log.events.count == 5)
        // A second pinch starts from 2: 200 → 300 apart is 2 · 1.5 = 3, about the midpoint (110, 150) of the screen.
        let u = t + 0.5
        try f.window.send(two(.down, (10, 150), (210, 150), at: u))
        try f.window.send(two(.move, (-40, 150), (260, 150), at: u + 0.05))
        #expect(close(scroll.zoomScale, 3), "\(scroll.zoomScale)")
        // The content point under (110, 150) was ((110 + 100)/2, (150 + 100)/2) = (105, 125): at 3 it is at (315, 375), less the midpoint.
        #expect(close(scroll.contentOffset, CGPoint(x: 205, y: 225), 1e-9), "\(scroll.contentOffset)")
        try f.window.send(two(.up, (-40, 150), (260, 150), at: u + 0.1))
        #expect(log.events.suffix(3) == ["willBeginZooming", "didZoom(3.0)", "didEndZooming(3.0)"])
        await f.finish()
    }

    @Test(
        "Moving the pinch's midpoint pans the content with it: zoomed to 2 about (100, 100), the fingers moved to a midpoint of (120, 130) put the offset at (80, 70); the scroll view's pan begins alongside and ends without moving the content on"
    )
    func movingTheMidpointPansTheContent() async throws {
        let log = PinchLog()
        let (f, scroll, content) = try scene(log: log)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.send(two(.down, (50, 100), (150, 100), at: t))
        try f.window.send(two(.move, (0, 100), (200, 100), at: t + 0.05))
        #expect(close(scroll.zoomScale, 2) && close(scroll.contentOffset, CGPoint(x: 100, y: 100)))
        try f.window.send(two(.move, (20, 130), (220, 130), at: t + 0.1))
        #expect(close(scroll.zoomScale, 2) && scroll.isZooming && scroll.isDragging)
        // 100·2 − 120 = 80, 100·2 − 130 = 70.
        #expect(close(scroll.contentOffset, CGPoint(x: 80, y: 70)), "\(scroll.contentOffset)")
        #expect(close(content.convert(CGPoint(x: 120, y: 130), from: f.window), CGPoint(x: 100, y: 100), 1e-6))
        try f.window.send(two(.move, (10, 110), (210, 110), at: t + 0.15))
        #expect(close(scroll.contentOffset, CGPoint(x: 90, y: 90)), "\(scroll.contentOffset)")
        try f.window.send(two(.up, (10, 110), (210, 110), at: t + 0.2))
        #expect(!scroll.isZooming && !scroll.isDragging && !scroll.isDecelerating)
        #expect(log.events == ["willBeginZooming", "didZoom(2.0)", "willBeginDragging", "didEndDragging(false)", "didEndZooming(2.0)"])
        for _ in 0..<10 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(close(scroll.contentOffset, CGPoint(x: 90, y: 90)), "the content rests where the fingers left it")
        await f.finish()
    }

    @Test(
        "With bouncesZoom, a pinch to 5× past the maximum 4 shows 4 + 4·(1 − 1/(0.55·1/4 + 1)) = 4.4835; lifted, the zoom animates back to 4 about the midpoint (offset 150·4 − 150 = 450) with isZoomBouncing, then didEndZooming(4) once"
    )
    func pastTheMaximumItOvershootsAndBouncesBack() async throws {
        let log = PinchLog()
        let (f, scroll, _) = try scene(log: log)
        #expect(scroll.bouncesZoom)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.send(two(.down, (125, 150), (175, 150), at: t))
        try f.window.send(two(.move, (120, 150), (180, 150), at: t + 0.02))
        try f.window.send(two(.move, (25, 150), (275, 150), at: t + 0.04))  // 250 apart: 5×
        let band: CGFloat = 1 - 1 / (0.55 / 4 + 1)
        let overshoot: CGFloat = 4 + 4 * band
        #expect(close(scroll.zoomScale, overshoot), "\(scroll.zoomScale)")
        #expect(scroll.zoomScale > 4 && scroll.isZooming && !scroll.isZoomBouncing)
        #expect(close(scroll.contentOffset.x, 150 * overshoot - 150) && close(scroll.contentOffset.y, 150 * overshoot - 150))
        try f.window.send(two(.up, (25, 150), (275, 150), at: t + 0.06))
        #expect(!scroll.isZooming && scroll.isZoomBouncing)
        #expect(close(scroll.zoomScale, overshoot), "nothing moves before a frame")
        #expect(!log.events.contains { $0.hasPrefix("didEndZooming") }, "the end comes after the bounce")
        _ = try await f.screen.renderFrame(readBack: false)
        let first = scroll.zoomScale
        #expect(first < overshoot && first > 4, "on the way back after one frame: \(first)")
        var frames = 1
        while scroll.isZoomBouncing && frames < 120 {
            _ = try await f.screen.renderFrame(readBack: false)
            frames += 1
        }
        #expect(!scroll.isZoomBouncing && frames > 5 && frames < 60, "settled in \(frames) frames")
        #expect(scroll.zoomScale == 4 && scroll.contentSize == CGSize(width: 1200, height: 1200))
        #expect(close(scroll.contentOffset, CGPoint(x: 450, y: 450)), "\(scroll.contentOffset)")
        #expect(log.events.first == "willBeginZooming" && log.events.last == "didEndZooming(4.0)")
        #expect(log.events.filter { $0 == "willBeginZooming" }.count == 1 && log.events.filter { $0.hasPrefix("didEndZooming") }.count == 1)
        #expect(log.events.dropLast().last == "didZoom(4.0)", "the last change lands on 4")
        #expect(log.zoomingAtDidZoom.prefix(2) == [true, true] && log.zoomingAtDidZoom.dropFirst(2).allSatisfy { !$0 })
        await f.finish()
    }

    @Test(
        "With bouncesZoom, a pinch to half the minimum 1 shows 1/(0.55·0.5 + 1) = 0.7843; lifted, it bounces back to 1 with the content back at offset (0, 0)"
    )
    func pastTheMinimumItOvershootsAndBouncesBack() async throws {
        let log = PinchLog()
        let (f, scroll, _) = try scene(log: log)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.send(two(.down, (50, 150), (250, 150), at: t))
        try f.window.send(two(.move, (100, 150), (200, 150), at: t + 0.05))  // 200 → 100 apart: 0.5×
        #expect(close(scroll.zoomScale, 1 / 1.275), "\(scroll.zoomScale)")
        try f.window.send(two(.up, (100, 150), (200, 150), at: t + 0.1))
        #expect(scroll.isZoomBouncing)
        for _ in 0..<120 where scroll.isZoomBouncing { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.zoomScale == 1 && scroll.contentOffset == .zero && scroll.contentSize == CGSize(width: 300, height: 300))
        #expect(log.events.last == "didEndZooming(1.0)")
        await f.finish()
    }

    @Test(
        "Without bouncesZoom a pinch to 5× stops at the maximum 4 (offset 150·4 − 150 = 450) and ends there at once: no bounce, didEndZooming(4) as the fingers lift"
    )
    func withoutBouncesZoomItStopsAtTheLimit() async throws {
        let log = PinchLog()
        let (f, scroll, _) = try scene(log: log)
        scroll.bouncesZoom = false
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.send(two(.down, (125, 150), (175, 150), at: t))
        try f.window.send(two(.move, (120, 150), (180, 150), at: t + 0.02))
        try f.window.send(two(.move, (25, 150), (275, 150), at: t + 0.04))
        #expect(scroll.zoomScale == 4 && scroll.isZooming)
        #expect(close(scroll.contentOffset, CGPoint(x: 450, y: 450)), "\(scroll.contentOffset)")
        try f.window.send(two(.move, (5, 150), (295, 150), at: t + 0.06))
        #expect(scroll.zoomScale == 4, "held at the limit")
        try f.window.send(two(.up, (5, 150), (295, 150), at: t + 0.08))
        #expect(!scroll.isZooming && !scroll.isZoomBouncing)
        #expect(log.events == ["willBeginZooming", "didZoom(1.2)", "didZoom(4.0)", "didEndZooming(4.0)"])
        await f.finish()
    }

    @Test("Without a zooming view (or with maximum == minimum) two fingers spreading change nothing and the delegate hears no zooming")
    func withoutZoomingAPinchDoesNothing() async throws {
        for noView in [true, false] {
            let log = PinchLog()
            let (f, scroll, _) = try scene(log: log)
            if noView { log.zoomingView = nil } else { scroll.maximumZoomScale = 1 }
            _ = try await f.screen.renderFrame()
            let t = f.screen.mediaTime
            try f.window.send(two(.down, (50, 100), (150, 100), at: t))
            try f.window.send(two(.move, (0, 100), (200, 100), at: t + 0.05))
            try f.window.send(two(.up, (0, 100), (200, 100), at: t + 0.1))
            #expect(scroll.zoomScale == 1 && !scroll.isZooming && scroll.contentOffset == .zero)
            #expect(log.events.isEmpty, "\(log.events)")
            await f.finish()
        }
    }
}
