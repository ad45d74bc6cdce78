import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// A scroll view's automatic insets under a navigation bar, its layout guides and the zooming
/// delegate calls, as Apple's reference pages give them. Over a recording sink.
extension UIScrollViewTests {
    /// A navigation controller over `root`, the root of a 320×480 window, shown.
    fileprivate func navigation(_ root: UIViewController) async throws -> (ScreenFixture, UINavigationController) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let nav = UINavigationController(rootViewController: root)
        f.window.rootViewController = nav
        try await f.screen.present(through: 0)
        return (f, nav)
    }

    @Test(
        ".automatic in a navigation controller adds the 44-point bar to the top inset of a scroll view in the controller's view whose 320×100 content does not scroll; .scrollableAxes adds nothing there"
    )
    func automaticAdjustsTheTopForAnyContentSize() async throws {
        let root = UIViewController()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 100)
        root.view.addSubview(scroll)
        let (f, _) = try await navigation(root)
        try await f.screen.present(through: 1)
        #expect(scroll.safeAreaInsets.top == 44)
        #expect(scroll.adjustedContentInset.top == 44)
        #expect(scroll.contentOffset.y == -44, "content resting at its top stays under the bar")
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(scroll.adjustedContentInset.top == 0)
        scroll.contentInsetAdjustmentBehavior = .automatic
        scroll.contentSize = CGSize(width: 320, height: 10)
        #expect(scroll.adjustedContentInset.top == 44)
    }

    @Test(
        "A controller's view loaded 20 points tall (the bar's inset then gives its scroll view a top inset of 20, resting at -20) and then sized to 480 by the navigation controller tells the scroll view its safe area changed: the top inset becomes 44 and the content resting at its top follows to -44"
    )
    func aScrollViewFollowsItsControllersViewGrowing() async throws {
        let root = UIViewController()
        root.view.frame = CGRect(x: 0, y: 0, width: 320, height: 20)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 100)
        root.view.addSubview(scroll)
        let (f, _) = try await navigation(root)
        try await f.screen.present(through: 1)
        #expect(root.view.bounds.height == 480)
        #expect(scroll.adjustedContentInset.top == 44)
        #expect(scroll.contentOffset.y == -44, "content resting at its top stays there as the insets grow from 20 to 44")
    }

    @Test(
        "A 320×1000 view pinned to the contentLayoutGuide of a 320×480 scroll view sets contentSize to 320×1000 and sits at the content origin; the frameLayoutGuide is the bounds, and a badge 10 below its top stays 10 below the visible top when scrolled 100"
    )
    func layoutGuidesSizeAndPinTheContent() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        f.window.addSubview(scroll)
        let content = UIView(), badge = UIView()
        for view in [content, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            scroll.addSubview(view)
        }
        let guide = scroll.contentLayoutGuide, frame = scroll.frameLayoutGuide
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: guide.leadingAnchor), content.topAnchor.constraint(equalTo: guide.topAnchor),
            content.trailingAnchor.constraint(equalTo: guide.trailingAnchor), content.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: frame.widthAnchor), content.heightAnchor.constraint(equalToConstant: 1000),
            badge.topAnchor.constraint(equalTo: frame.topAnchor, constant: 10), badge.trailingAnchor.constraint(equalTo: frame.trailingAnchor),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        f.window.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 320, height: 1000))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 320, height: 1000))
        #expect(guide.layoutFrame == CGRect(x: 0, y: 0, width: 320, height: 1000))
        #expect(frame.layoutFrame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(badge.frame == CGRect(x: 300, y: 10, width: 20, height: 20))
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        f.window.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 320, height: 1000), "the content stays at the content origin")
        #expect(badge.frame == CGRect(x: 300, y: 110, width: 20, height: 20), "pinned to the frame: 10 below the visible top")
        #expect(frame.layoutFrame == CGRect(x: 0, y: 100, width: 320, height: 480))
    }

    @Test("With nothing sizing the contentLayoutGuide, a contentSize of 200×300 set by hand stays and is the guide's layoutFrame")
    func anUnconstrainedContentGuideKeepsTheContentSize() throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        f.window.addSubview(scroll)
        let guide = scroll.contentLayoutGuide
        scroll.contentSize = CGSize(width: 200, height: 300)
        f.window.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 200, height: 300))
        #expect(guide.layoutFrame == CGRect(x: 0, y: 0, width: 200, height: 300))
    }

    fileprivate final class ZoomLog: UIScrollViewDelegate {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        var calls: [String] = []
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { content }
        func scrollViewDidZoom(_ scrollView: UIScrollView) { calls.append("didZoom") }
        func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
            calls.append("willBegin \(view === content)")
        }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
            calls.append("didEnd \(view === content) \(scale)")
        }
    }

    @Test(
        "An animated zoom to 2 is bracketed by scrollViewWillBeginZooming(_:with:) and scrollViewDidEndZooming(_:with:atScale: 2); a zoom to 3 beyond the maximum 2.5 ends at 2.5; one without animation sends neither"
    )
    func animatedZoomsTellTheDelegateTheyBeginAndEnd() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let log = ZoomLog()
        scroll.delegate = log
        scroll.addSubview(log.content)
        scroll.maximumZoomScale = 2.5
        scroll.setZoomScale(2, animated: true)
        #expect(log.calls == ["willBegin true", "didZoom", "didEnd true 2.0"])
        log.calls = []
        scroll.setZoomScale(3, animated: true)
        #expect(log.calls == ["willBegin true", "didZoom", "didEnd true 2.5"])
        log.calls = []
        scroll.setZoomScale(1, animated: false)
        #expect(log.calls == ["didZoom"])
        log.calls = []
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 50, height: 25), animated: true)
        #expect(log.calls == ["willBegin true", "didZoom", "didEnd true 2.0"])
    }
}
