import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIScrollView's scroll indicators: subviews on top of the content (as UIKit's
/// `_UIScrollViewScrollIndicator`), shown while the content moves visibly and by
/// `flashScrollIndicators()`, only on axes whose content is longer than the bounds, placed inside
/// the indicator insets, sized by the visible share, squeezed past an edge, faded 0.5 s after the
/// content stops. Over a recording sink (frames advance the virtual clock), and once through the
/// GPU for the pixels.
@MainActor
@Suite struct UIScrollViewIndicatorTests {
    /// A 100×100 scroll view at the window's origin over content `size` (100×1000 by default).
    private func scrollView(_ f: ScreenFixture, content size: CGSize = CGSize(width: 100, height: 1000)) -> UIScrollView {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = size
        f.window.addSubview(scroll)
        return scroll
    }

    /// The scroll view's indicator bars, as a UIKit test finds them: subviews of UIKit's class.
    private func bars(_ scroll: UIScrollView) -> [UIView] {
        scroll.subviews.filter { String(describing: type(of: $0)) == "_UIScrollViewScrollIndicator" }
    }

    /// Drags a finger from y 90 up to y 90 − `distance` (past the 10-point pan threshold first)
    /// at `t`, slowly, and keeps it down.
    private func drag(_ f: ScreenFixture, by distance: CGFloat, at t: Double) throws {
        try f.window.down(1, 50, 90, at: t)
        try f.window.move(1, 50, 78, at: t + 0.1)
        try f.window.move(1, 50, 78 - distance, at: t + 0.2)
        try f.window.move(1, 50, 78 - distance, at: t + 0.5)
    }

    private func expectClose(_ a: CGRect, _ b: CGRect, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let close = abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
        #expect(close, "\(a) is not \(b). \(comment?.description ?? "")", sourceLocation: sourceLocation)
    }

    @Test("A new scroll view has no indicator subviews, and code setting the offset at once shows none")
    func noIndicatorsUntilScrolled() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        #expect(scroll.subviews.isEmpty)
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        scroll.layoutIfNeeded()
        #expect(bars(scroll).isEmpty, "setting contentOffset does not show the indicators")
    }

    @Test(
        "A drag shows the vertical bar only (the content is as wide as the view): 3 points thick, 3 in from the right edge and the track's ends, 36 long (9.4 by the visible share, at least 36), moved along the 94-point track as the offset goes through 0...900"
    )
    func aDragShowsTheVerticalBar() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        let t = f.screen.mediaTime
        try drag(f, by: 30, at: t)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 30))
        let shown = bars(scroll)
        #expect(shown.count == 1, "only the vertical bar: the content is not wider than the view")
        let bar = try #require(shown.first)
        #expect(scroll.subviews.last === bar && bar.alpha == 1 && !bar.isUserInteractionEnabled)
        #expect(bar.layer.cornerRadius == 1.5)
        // In the bounds: x 100 − 3 − 3, y the offset + 3 + (30/900) of (94 − 36).
        expectClose(bar.frame, CGRect(x: 94, y: 30 + 3 + 30.0 / 900 * 58, width: 3, height: 36))
        try f.window.move(1, 50, 78 - 30 - 60, at: t + 0.6)
        #expect(scroll.contentOffset.y == 90)
        expectClose(bar.frame, CGRect(x: 94, y: 90 + 3 + 90.0 / 900 * 58, width: 3, height: 36), "it follows the offset in the same turn")
        try f.window.up(1, 50, 78 - 90, at: t + 0.9)
    }

    @Test(
        "In a right-to-left layout the vertical bar runs along the left edge: 3 in from it and from the left indicator inset (x 3, then 13 with a 10-point left inset), the same length and travel"
    )
    func rightToLeftPutsTheBarOnTheLeft() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        scroll.semanticContentAttribute = .forceRightToLeft
        #expect(scroll.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        let t = f.screen.mediaTime
        try drag(f, by: 30, at: t)
        let bar = try #require(bars(scroll).first)
        expectClose(bar.frame, CGRect(x: 3, y: 30 + 3 + 30.0 / 900 * 58, width: 3, height: 36))
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        scroll.layoutIfNeeded()
        expectClose(bar.frame, CGRect(x: 13, y: 30 + 3 + 30.0 / 900 * 58, width: 3, height: 36))
        try f.window.up(1, 50, 48, at: t + 0.9)
    }

    @Test("The bar's length is the visible share of the track when that is over 36 points: 100 of 250 points of content shows a 37.6-point bar on a 94-point track")
    func theLengthIsTheVisibleShare() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f, content: CGSize(width: 100, height: 250))
        scroll.flashScrollIndicators()
        let bar = try #require(bars(scroll).first)
        expectClose(bar.frame, CGRect(x: 94, y: 3, width: 3, height: 37.6))
    }

    @Test(
        "Past an edge the bar is shortened by the overshoot and stays at that end: 33.1 points of rubber band at the top leave it 7 points long at y −33.1 + 3; at the bottom it ends 3 points above the bounds' bottom"
    )
    func pastAnEdgeTheBarSqueezes() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        let t = f.screen.mediaTime
        try f.window.down(1, 50, 5, at: t)
        try f.window.move(1, 50, 15, at: t + 0.1)
        try f.window.move(1, 50, 105, at: t + 0.2)
        let y = scroll.contentOffset.y
        #expect(abs(y - -33.11) < 0.01)
        let bar = try #require(bars(scroll).first)
        expectClose(bar.frame, CGRect(x: 94, y: y + 3, width: 3, height: 7), "36 − 33.1 is under the 7-point least")
        try f.window.up(1, 50, 105, at: t + 0.3)
        // 10 points past the bottom edge (offset 910 of 0...900): 36 − 10 = 26 long, at the track's end.
        scroll.contentOffset = CGPoint(x: 0, y: 910)
        expectClose(bar.frame, CGRect(x: 94, y: 910 + 97 - 26, width: 3, height: 26))
    }

    @Test(
        "Content larger both ways shows both bars when flashed: the vertical track stops short of the horizontal bar (3 + 3 points), the horizontal bar runs along the bottom, 3 points in"
    )
    func bothBars() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f, content: CGSize(width: 400, height: 1000))
        scroll.flashScrollIndicators()
        let shown = bars(scroll)
        #expect(shown.count == 2)
        let vertical = try #require(shown.first { $0.frame.width == 3 })
        let horizontal = try #require(shown.first { $0.frame.height == 3 })
        expectClose(vertical.frame, CGRect(x: 94, y: 3, width: 3, height: 36), "track 3...88: max(36, 85 × 100/1000)")
        expectClose(horizontal.frame, CGRect(x: 3, y: 94, width: 36, height: 3), "max(36, 94 × 100/400)")
        _ = try await f.screen.renderFrame()
        #expect(vertical.layer.presentation()?.opacity == 1 && horizontal.layer.presentation()?.opacity == 1, "shown in the next frame")
        let added = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        scroll.addSubview(added)
        #expect(Array(scroll.subviews.suffix(3)) == [added, vertical, horizontal], "both bars stay the top two")
    }

    @Test("A switched-off axis and content that fits show no bar: flashing a view whose content fits, or with showsVerticalScrollIndicator false, adds nothing")
    func switchedOffOrFittingShowsNothing() throws {
        let f = try ScreenFixture()
        let fits = scrollView(f, content: CGSize(width: 100, height: 100))
        fits.alwaysBounceVertical = true
        fits.flashScrollIndicators()
        #expect(bars(fits).isEmpty)
        let off = scrollView(f)
        off.showsVerticalScrollIndicator = false
        off.flashScrollIndicators()
        #expect(bars(off).isEmpty)
    }

    @Test(
        "The indicator insets move the bar in: verticalScrollIndicatorInsets (top 10, bottom 20, right 5) put it at x 89 on the track 13...77; contentInset does not move it but adds to the content's length"
    )
    func insetsMoveTheBar() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f, content: CGSize(width: 100, height: 150))
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 5)
        scroll.flashScrollIndicators()
        let bar = try #require(bars(scroll).first)
        expectClose(bar.frame, CGRect(x: 89, y: 13, width: 3, height: 64.0 * 100 / 150))
        scroll.contentInset = UIEdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        // Resting at the top, the content follows the inset to −50 (its range now −50...50); the
        // content with its inset is 200 long; the bar stays 13 points below the bounds' top.
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -50))
        scroll.layoutIfNeeded()
        expectClose(bar.frame, CGRect(x: 89, y: -50 + 13, width: 3, height: 36), "64 × 100/200 = 32, so 36")
        scroll.contentOffset = .zero
        expectClose(bar.frame, CGRect(x: 89, y: 13 + 0.5 * (64 - 36), width: 3, height: 36), "half way through −50...50")
        scroll.scrollIndicatorInsets = .zero
        #expect(scroll.verticalScrollIndicatorInsets == .zero && scroll.horizontalScrollIndicatorInsets == .zero)
        expectClose(bar.frame, CGRect(x: 94, y: 3 + 0.5 * (94 - 47), width: 3, height: 47), "94 × 100/200")
    }

    @Test(
        "After a drag ends with no deceleration the bar stays half a second, then fades over a quarter of one: fully opaque 0.4 s after the lift, gone 0.8 s after; a drag during the fade brings it back at once"
    )
    func theBarFadesAfterTheContentStops() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try drag(f, by: 30, at: t)
        try f.window.up(1, 50, 48, at: t + 0.6)
        #expect(!scroll.isDecelerating && !scroll.isTracking)
        let bar = try #require(bars(scroll).first)
        #expect(bar.alpha == 0, "the model is faded: an animation with a delay shows the way there")
        var frame = Int((f.screen.mediaTime * 60).rounded())
        let lifted = f.screen.mediaTime
        while f.screen.mediaTime < lifted + 0.4 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(try #require(bar.layer.presentation()).opacity == 1, "still shown 0.4 s after the lift")
        while f.screen.mediaTime < lifted + 0.6 { _ = try await f.screen.renderFrame(readBack: false) }
        let mid = try #require(bar.layer.presentation()).opacity
        #expect(mid > 0 && mid < 1, "fading 0.6 s after: \(mid)")
        // A new drag during the fade brings it back, fully opaque, at once.
        let u = f.screen.mediaTime
        try drag(f, by: 10, at: u)
        #expect(bar.alpha == 1 && bar.layer.animationKeys()?.isEmpty != false)
        try f.window.up(1, 50, 68, at: u + 0.6)
        frame = Int((f.screen.mediaTime * 60).rounded())
        try await f.screen.present(through: frame + 60)
        #expect(try #require(bar.layer.presentation()).opacity == 0, "gone 1 s after the second lift")
        #expect(bars(scroll).count == 1, "the bar is kept for next time, transparent")
    }

    @Test("While the content decelerates the bar stays; it fades only after didEndDecelerating")
    func theBarStaysWhileDecelerating() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = scrollView(f)
        scroll.delegate = log
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.flickUp(at: t)
        #expect(scroll.isDecelerating)
        let bar = try #require(bars(scroll).first)
        for _ in 0..<600 where scroll.isDecelerating {
            _ = try await f.screen.renderFrame(readBack: false)
            if scroll.isDecelerating { #expect(bar.alpha == 1) }
        }
        #expect(!scroll.isDecelerating && log.events.last == "didEndDecelerating")
        #expect(bar.alpha == 0, "the fade starts once the content rests")
        let y = scroll.contentOffset.y
        expectClose(bar.frame, CGRect(x: 94, y: y + 3 + y / 900 * 58, width: 3, height: 36), "placed at the resting offset")
    }

    @Test("setContentOffset(_:animated:) shows the bar while the animation runs, and it fades after")
    func anAnimatedOffsetShowsTheBar() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        _ = try await f.screen.renderFrame()
        scroll.setContentOffset(CGPoint(x: 0, y: 450), animated: true)
        _ = try await f.screen.renderFrame()
        _ = try await f.screen.renderFrame()
        let bar = try #require(bars(scroll).first)
        #expect(bar.alpha == 1)
        for _ in 0..<40 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset.y == 450 && bar.alpha == 0)
        expectClose(bar.frame, CGRect(x: 94, y: 450 + 3 + 29, width: 3, height: 36), "half way along the track")
    }

    @Test("The bars stay above the content: a subview added while they show goes under them, and one added after they faded goes on top")
    func theBarsStayOnTop() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        scroll.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50)))
        scroll.flashScrollIndicators()
        let bar = try #require(bars(scroll).first)
        #expect(scroll.subviews.last === bar)
        let added = UIView(frame: CGRect(x: 0, y: 50, width: 100, height: 50))
        scroll.addSubview(added)
        #expect(scroll.subviews.last === bar && scroll.subviews[scroll.subviews.count - 2] === added)
        try await f.screen.present(through: Int((f.screen.mediaTime * 60).rounded()) + 60)
        let later = UIView()
        scroll.addSubview(later)
        #expect(scroll.subviews.last === later, "hidden bars are left where they are")
    }

    @Test("indicatorStyle colours the bars: black or white at 35 %; the default is black on a light interface and white on a dark one, following a change of style while shown")
    func indicatorStyleColours() throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f)
        scroll.flashScrollIndicators()
        let bar = try #require(bars(scroll).first)
        func color(_ style: UIUserInterfaceStyle) -> UIColor? {
            bar.backgroundColor?.resolvedColor(with: UITraitCollection(userInterfaceStyle: style))
        }
        #expect(color(.light) == UIColor(white: 0, alpha: 0.35) && color(.dark) == UIColor(white: 1, alpha: 0.35))
        #expect(bar.layer.backgroundColor == UIColor(white: 0, alpha: 0.35).cgColor, "drawn black in the light window")
        f.window.overrideUserInterfaceStyle = .dark
        #expect(bar.layer.backgroundColor == UIColor(white: 1, alpha: 0.35).cgColor, "and white once the window turns dark")
        scroll.indicatorStyle = .white
        #expect(color(.light) == UIColor(white: 1, alpha: 0.35))
        scroll.indicatorStyle = .black
        #expect(color(.dark) == UIColor(white: 0, alpha: 0.35))
    }

    @Test("A UITableViewController flashes its table's indicators when it first appears (a table taller than its view), not again when it appears later")
    func aTableViewControllerFlashesOnFirstAppearance() async throws {
        final class Rows: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let f = try ScreenFixture(size: CGSize(width: 200, height: 300))
        let controller = Rows(style: .plain)
        f.window.rootViewController = controller
        _ = try await f.screen.renderFrame()
        _ = try await f.screen.renderFrame()
        let table = controller.tableView!
        let bar = try #require(bars(table).first, "flashed at the first viewDidAppear")
        #expect(table.subviews.last === bar)
        try await f.screen.present(through: Int((f.screen.mediaTime * 60).rounded()) + 60)
        #expect(try #require(bar.layer.presentation()).opacity == 0)
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        #expect(bar.alpha == 0, "not flashed on a later appearance")
    }

    @Test("The bar's pixels: after a flash, 35 % black over the white content at x 94...97 of a 100×100 scroll view, and nothing at x 90", .tags(.gpu), .requiresGPU)
    func theBarIsDrawn() async throws {
        let f = try ScreenFixture(gpu: true)
        let scroll = scrollView(f)
        scroll.backgroundColor = .white
        scroll.flashScrollIndicators()
        let image = try await f.render()
        let on = image[95, 20], off = image[90, 20]
        #expect(on.isClose(to: RGBA8(166, 166, 166), tolerance: 2), "255 × 0.65: \(on)")
        #expect(off == RGBA8(255, 255, 255))
        await f.finish()
    }

    /// The bar along an axis among `bars`: the vertical one is 3 points wide, the horizontal one 3 tall.
    private func bar(_ scroll: UIScrollView, vertical: Bool) -> UIView? {
        bars(scroll).first { vertical ? $0.frame.width == 3 && $0.frame.height > 3 : $0.frame.height == 3 && $0.frame.width > 3 }
    }

    @Test(
        "withScrollIndicatorsShown(forContentOffsetChanges:) shows the bar of the axis its changes moved: content 1,000 × 1,000, the offset set to y 300 inside it shows the vertical bar where y 300 puts it (x 94, y 300 + 3 + 300/900 · 58, 36 long: the whole track, the horizontal bar not showing), opaque at the next frame and gone 0.8 s later; the horizontal bar does not show; the same change outside it shows none"
    )
    func changesInsideTheBlockShowTheirAxis() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f, content: CGSize(width: 1000, height: 1000))
        _ = try await f.screen.renderFrame()
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        #expect(bars(scroll).isEmpty, "set outside the block: no bar")
        scroll.withScrollIndicatorsShown { scroll.contentOffset = CGPoint(x: 0, y: 300) }
        let vertical = try #require(bar(scroll, vertical: true))
        expectClose(vertical.frame, CGRect(x: 94, y: 300 + 3 + 300.0 / 900 * 58, width: 3, height: 36))
        #expect((bar(scroll, vertical: false)?.alpha ?? 0) == 0, "the horizontal offset did not change")
        let shown = f.screen.mediaTime
        _ = try await f.screen.renderFrame(readBack: false)
        #expect(try #require(vertical.layer.presentation()).opacity == 1)
        while f.screen.mediaTime < shown + 0.8 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(try #require(vertical.layer.presentation()).opacity == 0, "faded as after a flash")
    }

    @Test(
        "An animated change inside withScrollIndicatorsShown shows the bar of its axis while it runs: setContentOffset(x 450, animated:) shows the horizontal bar (opaque two frames in) and not the vertical one; a drag afterwards shows both"
    )
    func anAnimatedChangeInsideTheBlockShowsItsAxis() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f, content: CGSize(width: 1000, height: 1000))
        _ = try await f.screen.renderFrame()
        scroll.withScrollIndicatorsShown { scroll.setContentOffset(CGPoint(x: 450, y: 0), animated: true) }
        _ = try await f.screen.renderFrame()
        _ = try await f.screen.renderFrame()
        #expect(scroll.isScrollAnimating)
        #expect(try #require(bar(scroll, vertical: false)).alpha == 1)
        #expect((bar(scroll, vertical: true)?.alpha ?? 0) == 0)
        for _ in 0..<40 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == CGPoint(x: 450, y: 0) && !scroll.isScrollAnimating)
        try drag(f, by: 30, at: f.screen.mediaTime)
        #expect(try #require(bar(scroll, vertical: true)).alpha == 1 && bar(scroll, vertical: false)?.alpha == 1, "a drag shows every axis")
    }

    @Test(
        "withScrollIndicatorsShown limits nothing when no bar of its axes applies (a change on x with the horizontal bar switched off): a later animated scroll on y shows the vertical bar; and a change on x while an animated change on y shows its bar adds the horizontal bar at once"
    )
    func theBlockLimitsOnlyWhatItShows() async throws {
        let f = try ScreenFixture()
        let scroll = scrollView(f, content: CGSize(width: 1000, height: 1000))
        _ = try await f.screen.renderFrame()
        scroll.showsHorizontalScrollIndicator = false
        scroll.withScrollIndicatorsShown { scroll.contentOffset = CGPoint(x: 100, y: 0) }
        #expect(bars(scroll).isEmpty)
        scroll.setContentOffset(CGPoint(x: 100, y: 300), animated: true)
        _ = try await f.screen.renderFrame()
        _ = try await f.screen.renderFrame()
        #expect(try #require(bar(scroll, vertical: true)).alpha == 1, "the vertical bar shows: nothing limits it")
        for _ in 0..<40 { _ = try await f.screen.renderFrame(readBack: false) }

        scroll.showsHorizontalScrollIndicator = true
        for _ in 0..<60 { _ = try await f.screen.renderFrame(readBack: false) }
        scroll.withScrollIndicatorsShown { scroll.setContentOffset(CGPoint(x: 100, y: 600), animated: true) }
        _ = try await f.screen.renderFrame()
        #expect(try #require(bar(scroll, vertical: true)).alpha == 1 && (bar(scroll, vertical: false)?.alpha ?? 0) == 0)
        scroll.withScrollIndicatorsShown { scroll.contentOffset.x = 200 }
        #expect(try #require(bar(scroll, vertical: false)).alpha == 1, "the horizontal bar joins at once")
    }
}
