import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// UIPageControl: pinning, sizes, taps that step one page, scrubbing, hiding for a single page, and
/// its dots. The control spans x 0…300, y 100…126; with five pages the dots' centres are at
/// x 118, 134, 150, 166 and 182 (16 points apart, centred on 150).
@MainActor
@Suite struct UIPageControlTests {
    func fivePages() throws -> (UIPageControl, ScreenFixture) {
        let control = UIPageControl(frame: CGRect(x: 0, y: 100, width: 300, height: 26))
        control.numberOfPages = 5
        return (control, try controlScene(control))
    }

    @Test func defaultsAreUIKits() {
        let control = UIPageControl()
        #expect(control.numberOfPages == 0 && control.currentPage == 0)
        #expect(!control.hidesForSinglePage && control.allowsContinuousInteraction)
        #expect(control.backgroundStyle == .automatic && control.interactionState == .none)
        #expect(control.pageIndicatorTintColor == nil && control.currentPageIndicatorTintColor == nil)
        #expect(control.preferredIndicatorImage == nil)
    }

    /// "Value is pinned to 0..numberOfPages-1"; setting it sends nothing.
    @Test func currentPageIsPinnedToThePages() {
        let control = UIPageControl()
        let events = recordEvents(of: control)
        control.currentPage = 3
        #expect(control.currentPage == 0, "no pages: 0")
        control.numberOfPages = 5
        control.currentPage = 7
        #expect(control.currentPage == 4)
        control.currentPage = -2
        #expect(control.currentPage == 0)
        control.currentPage = 4
        control.numberOfPages = 3
        #expect(control.currentPage == 2, "fewer pages pin the current one")
        control.numberOfPages = -1
        #expect(control.numberOfPages == 0 && control.currentPage == 0)
        #expect(events().isEmpty)
    }

    /// 16 points a page less the 9-point gap after the last dot, plus 12 points each side, by 26.
    @Test func sizeForNumberOfPagesGrowsSixteenPointsAPage() {
        let control = UIPageControl()
        #expect(control.size(forNumberOfPages: 0) == CGSize(width: 0, height: 26))
        #expect(control.size(forNumberOfPages: 1) == CGSize(width: 31, height: 26))
        #expect(control.size(forNumberOfPages: 3) == CGSize(width: 63, height: 26))
        control.numberOfPages = 10
        #expect(control.intrinsicContentSize == CGSize(width: 175, height: 26))
    }

    /// "The page control advances only one page in either direction": right of the current dot
    /// forward one, left of it back one, wherever the tap lands; none past the ends.
    @Test func aTapMovesOnePageTowardsItAndSendsValueChanged() async throws {
        let (control, f) = try fivePages()
        let events = recordEvents(of: control)
        control.currentPage = 2
        try f.window.tap(290, 113, at: 1)
        #expect(control.currentPage == 3)
        #expect(events() == ["down", "valueChanged", "upInside"])
        try f.window.tap(5, 113, at: 2)
        #expect(control.currentPage == 2, "far left: still only one page back")
        control.currentPage = 4
        _ = events()
        try f.window.tap(200, 113, at: 3)
        #expect(control.currentPage == 4)
        #expect(events() == ["down", "upInside"], "no page past the last, no value change")
        await f.finish()
    }

    /// Dragging along the control scrubs: the page follows the nearest dot, one event per change,
    /// and the lift adds no tap step.
    @Test func draggingScrubsToThePageUnderTheFinger() async throws {
        let (control, f) = try fivePages()
        var pages: [Int] = []
        control.addAction(UIAction { _ in pages.append(control.currentPage) }, for: .valueChanged)
        try f.window.down(1, 118, 113, at: 1)
        try f.window.move(1, 124, 113, at: 1.1)
        #expect(control.currentPage == 0 && control.interactionState == .none, "within 10 points: not yet scrubbing")
        try f.window.move(1, 140, 113, at: 1.2)
        #expect(control.currentPage == 1 && control.interactionState == .continuous)
        try f.window.move(1, 170, 113, at: 1.3)
        try f.window.move(1, 290, 113, at: 1.4)
        try f.window.move(1, 295, 113, at: 1.5)
        try f.window.up(1, 295, 113, at: 1.6)
        #expect(control.currentPage == 4)
        #expect(pages == [1, 3, 4])
        #expect(control.interactionState == .none)
        await f.finish()
    }

    @Test func withoutContinuousInteractionADragIsATap() async throws {
        let (control, f) = try fivePages()
        control.allowsContinuousInteraction = false
        try f.window.down(1, 118, 113, at: 1)
        try f.window.move(1, 170, 113, at: 1.1)
        try f.window.move(1, 250, 113, at: 1.2)
        try f.window.up(1, 250, 113, at: 1.3)
        #expect(control.currentPage == 1)
        await f.finish()
    }

    /// "Hide the page control when there is only one page": nothing shown, nothing touched.
    @Test func hidesForSinglePageShowsNothingAndTakesNoTouch() async throws {
        let control = UIPageControl(frame: CGRect(x: 0, y: 100, width: 300, height: 26))
        control.numberOfPages = 1
        let f = try controlScene(control)
        #expect(f.window.hitTest(CGPoint(x: 150, y: 113), with: nil) === control)
        control.hidesForSinglePage = true
        #expect(f.window.hitTest(CGPoint(x: 150, y: 113), with: nil) !== control)
        control.numberOfPages = 2
        #expect(f.window.hitTest(CGPoint(x: 150, y: 113), with: nil) === control)
        await f.finish()
    }

    @Test func indicatorImagesAreKeptForExistingPagesOnly() {
        let control = UIPageControl()
        control.numberOfPages = 3
        let image = UIImage()
        control.setIndicatorImage(image, forPage: 1)
        control.setIndicatorImage(image, forPage: 7)
        #expect(control.indicatorImage(forPage: 1) === image)
        #expect(control.indicatorImage(forPage: 7) == nil && control.indicatorImage(forPage: 0) == nil)
        control.preferredIndicatorImage = image
        #expect(control.preferredIndicatorImage === image)
    }

    /// Three pages on white, current 1, the current dot red and the others blue: the dots' centres
    /// are at x 34, 50, 66 (y 20) in a 100-wide control.
    @Test(.tags(.gpu), .requiresGPU) func theDotsAreDrawnInTheirTints() async throws {
        let f = try ScreenFixture(size: CGSize(width: 100, height: 40), gpu: true)
        let control = UIPageControl(frame: CGRect(x: 0, y: 7, width: 100, height: 26))
        control.numberOfPages = 3
        control.currentPage = 1
        control.pageIndicatorTintColor = .blue
        control.currentPageIndicatorTintColor = .red
        f.window.addSubview(control)
        let image = try await f.render()
        expectPixel(image, 33, 19, .blue, tolerance: 8, "page 0")
        expectPixel(image, 49, 19, .red, tolerance: 8, "page 1, the current page")
        expectPixel(image, 65, 19, .blue, tolerance: 8, "page 2")
        expectPixel(image, 41, 19, .white, tolerance: 2, "between dots")
        expectPixel(image, 49, 12, .white, tolerance: 2, "above the current dot")
        control.currentPage = 2
        let moved = try await f.render()
        expectPixel(moved, 49, 19, .blue, tolerance: 8, "page 1 after moving on")
        expectPixel(moved, 65, 19, .red, tolerance: 8, "page 2, now current")
        await f.finish()
    }
}
