import Foundation
import Strata
import StrataTesting
import Testing

/// The layout cycle: coalescing, order, autoresizing and sizing.
@MainActor
@Suite struct UIViewLayoutTests {
    @Test func setNeedsLayoutCoalescesIntoOneLayoutBeforeTheCommit() async throws {
        let f = try ScreenFixture()
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        CATransaction.flush()
        let before = view.layoutCount
        for _ in 0..<5 { view.setNeedsLayout() }
        #expect(view.layoutCount == before, "layout waits for the commit")
        await nextTurn()
        #expect(view.layoutCount == before + 1)
        await f.finish()
    }

    @Test func layoutIfNeededRunsNowSuperviewsFirst() {
        var log: [String] = []
        let top = RecordingView(), middle = RecordingView(), bottom = RecordingView()
        for (v, n) in [(top, "top"), (middle, "middle"), (bottom, "bottom")] { v.name = n; v.log = { log.append($0) } }
        top.addSubview(middle); middle.addSubview(bottom)
        top.layoutIfNeeded()
        log = []
        bottom.setNeedsLayout()
        top.setNeedsLayout()
        middle.layoutIfNeeded()  // climbs to `top`, which needs layout, then goes down
        #expect(log == ["top.layoutSubviews", "bottom.layoutSubviews"])
        log = []
        middle.layoutIfNeeded()
        #expect(log.isEmpty, "nothing needs layout any more")
    }

    @Test func changingTheBoundsSizeLaysOutAgain() {
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        let before = view.layoutCount
        view.center = CGPoint(x: 50, y: 50)
        view.layoutIfNeeded()
        #expect(view.layoutCount == before, "moving does not need layout")
        view.frame.size = CGSize(width: 20, height: 10)
        #expect(view.needsLayoutFlagForTest)
        view.layoutIfNeeded()
        #expect(view.layoutCount == before + 1)
    }

    /// Superview 100×100 → 200×150; subview frame (10, 20, 30, 40): right margin 60, bottom margin 40.
    @Test(arguments: [
        (UIView.AutoresizingMask([]), CGRect(x: 10, y: 20, width: 30, height: 40)),
        (.flexibleLeftMargin, CGRect(x: 110, y: 20, width: 30, height: 40)),
        (.flexibleWidth, CGRect(x: 10, y: 20, width: 130, height: 40)),
        (.flexibleRightMargin, CGRect(x: 10, y: 20, width: 30, height: 40)),
        (.flexibleTopMargin, CGRect(x: 10, y: 70, width: 30, height: 40)),
        (.flexibleHeight, CGRect(x: 10, y: 20, width: 30, height: 90)),
        (.flexibleBottomMargin, CGRect(x: 10, y: 20, width: 30, height: 40)),
        // Shared in proportion: left 10 and width 30 share +100 as 25 and 75.
        (UIView.AutoresizingMask([.flexibleLeftMargin, .flexibleWidth]), CGRect(x: 35, y: 20, width: 105, height: 40)),
        // Top 20, height 40, bottom 40 share +50 as 10, 20, 20.
        (UIView.AutoresizingMask([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]), CGRect(x: 10, y: 30, width: 30, height: 60)),
    ])
    func autoresizingMask(_ mask: UIView.AutoresizingMask, _ expected: CGRect) {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame.size = CGSize(width: 200, height: 150)
        let f = child.frame
        #expect(
            abs(f.minX - expected.minX) < 1e-9 && abs(f.minY - expected.minY) < 1e-9
                && abs(f.width - expected.width) < 1e-9 && abs(f.height - expected.height) < 1e-9, "got \(f)")
    }

    @Test func autoresizesSubviewsOffLeavesSubviewsAlone() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.autoresizesSubviews = false
        parent.addSubview(child)
        parent.bounds.size = CGSize(width: 300, height: 300)
        #expect(child.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    private final class LabelLike: UIView {
        override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 64, height: 18) }
    }

    @Test func sizeToFitUsesSizeThatFitsAndKeepsTheOrigin() {
        let plain = UIView(frame: CGRect(x: 5, y: 6, width: 7, height: 8))
        #expect(plain.sizeThatFits(CGSize(width: 100, height: 100)) == CGSize(width: 7, height: 8), "the default is the current size")
        let label = LabelLike(frame: CGRect(x: 5, y: 6, width: 7, height: 8))
        label.sizeToFit()
        #expect(label.frame == CGRect(x: 5, y: 6, width: 64, height: 18))
    }
}

extension UIView {
    var needsLayoutFlagForTest: Bool { layer.needsLayout() }
}
