import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// Containers and controls against Apple's reference pages: a controller's title reaching its
/// items, the scroll view's automatic insets under a navigation bar, the zooming delegate calls,
/// bar items' shared base, the slider's bounds and the button's title. Over a recording sink.
@MainActor
@Suite struct ContainerFidelityTests {
    /// A navigation controller over `root`, the root of a 320×480 window, shown.
    private func navigation(_ root: UIViewController) async throws -> (ScreenFixture, UINavigationController) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let nav = UINavigationController(rootViewController: root)
        f.window.rootViewController = nav
        try await f.screen.present(through: 0)
        return (f, nav)
    }

    // MARK: UIViewController.title

    @Test("Setting title sets navigationItem.title (\"Inbox\") and the tab bar item's title, even one set by hand (\"Custom\" becomes \"Mail\")")
    func titleSetsTheItemsTitles() {
        let vc = UIViewController()
        _ = vc.navigationItem
        vc.title = "Inbox"
        #expect(vc.navigationItem.title == "Inbox")
        vc.tabBarItem = UITabBarItem(title: "Custom", image: nil, tag: 4)
        vc.title = "Mail"
        #expect(vc.navigationItem.title == "Mail" && vc.tabBarItem.title == "Mail" && vc.tabBarItem.tag == 4)
        let later = UIViewController()
        later.title = "Drafts"
        #expect(later.navigationItem.title == "Drafts", "an item made after the title takes it")
    }

    @Test("editButtonItem reads \"Edit\"; a tap turns editing on and it reads \"Done\" (.done); setEditing(false) turns it back to \"Edit\" (.plain)")
    func editButtonItemTogglesEditing() {
        let vc = UIViewController()
        let item = vc.editButtonItem
        #expect(item === vc.editButtonItem && item.title == "Edit" && item.style == .plain && !vc.isEditing)
        if let action = item.primaryAction { action.handler(action) }
        #expect(vc.isEditing && item.title == "Done" && item.style == .done)
        vc.setEditing(false, animated: false)
        #expect(!vc.isEditing && item.title == "Edit" && item.style == .plain)
    }

    @Test("Status bar and presentation defaults: .default style, not hidden, not modal in presentation, no presentation context")
    func statusBarAndPresentationDefaults() {
        let vc = UIViewController()
        #expect(vc.preferredStatusBarStyle == .default && !vc.prefersStatusBarHidden)
        #expect(!vc.isModalInPresentation && !vc.definesPresentationContext && !vc.modalPresentationCapturesStatusBarAppearance)
        vc.setNeedsStatusBarAppearanceUpdate()
    }

    // MARK: contentInsetAdjustmentBehavior

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

    // MARK: contentLayoutGuide and frameLayoutGuide

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

    // MARK: UIScrollViewDelegate zooming

    private final class ZoomLog: UIScrollViewDelegate {
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

    // MARK: UIBarItem and UIBarButtonItem

    @Test("UIBarButtonItem and UITabBarItem share UIBarItem: title, image, isEnabled (true), tag (0), imageInsets and per-state title attributes")
    func barItemsShareTheirBase() {
        let items: [UIBarItem] = [UIBarButtonItem(title: "Edit"), UITabBarItem(title: "Home", image: nil, tag: 3)]
        #expect(items.map(\.title) == ["Edit", "Home"])
        #expect(items.map(\.tag) == [0, 3])
        #expect(items.allSatisfy { $0.isEnabled && $0.image == nil && $0.imageInsets == .zero })
        let item = items[0]
        item.setTitleTextAttributes([.foregroundColor: UIColor.red], for: .normal)
        #expect(item.titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor == .red)
        #expect(item.titleTextAttributes(for: .highlighted) == nil)
        let object: NSObject = item
        #expect(object is UIBarButtonItem)
    }

    @Test(
        "UIBarButtonItem(title:style:target: nil, action: nil) is a .done item titled \"Later\" whose tap does nothing; (systemItem:primaryAction:menu:) keeps its menu and action")
    func barButtonItemsWithoutATargetAndWithAMenu() {
        let later = UIBarButtonItem(title: "Later", style: .done, target: nil, action: nil)
        #expect(later.title == "Later" && later.style == .done && later.target == nil && later.primaryAction == nil)
        let menu = UIMenu(title: "More", children: [])
        var taps = 0
        let add = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in taps += 1 }, menu: menu)
        #expect(add.menu === menu && add.systemItem == .add && add.title == "+")
        if let action = add.primaryAction { action.handler(action) }
        #expect(taps == 1)
        let plain = UIBarButtonItem(title: "Share", image: nil, primaryAction: nil, menu: menu)
        #expect(plain.menu === menu && plain.title == "Share")
    }

    @Test("UITabBarItem: titlePositionAdjustment (zero by default) moves the tab's title by (3, -2); badge text attributes set the badge's colour (black)")
    func tabBarItemTitleAdjustmentAndBadgeAttributes() {
        let item = UITabBarItem(title: "Home", image: nil, tag: 0)
        #expect(item.titlePositionAdjustment == .zero && item.badgeTextAttributes(for: .normal) == nil)
        item.titlePositionAdjustment = UIOffset(horizontal: 3, vertical: -2)
        item.badgeValue = "2"
        item.setBadgeTextAttributes([.foregroundColor: UIColor.black], for: .normal)
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 100, height: 49))
        bar.items = [item]
        let button = bar.subviews.compactMap { $0 as? UIButton }.first
        #expect(button?.titleEdgeInsets == UIEdgeInsets(top: -2, left: 3, bottom: 2, right: -3))
        let badge = button?.subviews.compactMap { $0 as? UILabel }.first { $0.text == "2" }
        #expect(badge?.textColor == .black)
    }

    // MARK: UISlider

    @Test("UISlider: a minimum of 5 above the maximum 1 raises the maximum and the value to 5; a maximum of -3 below the minimum lowers the minimum and the value to -3")
    func sliderBoundsMoveEachOther() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        slider.value = 0.5
        slider.minimumValue = 5
        #expect(slider.minimumValue == 5 && slider.maximumValue == 5 && slider.value == 5)
        slider.maximumValue = -3
        #expect(slider.minimumValue == -3 && slider.maximumValue == -3 && slider.value == -3)
        slider.maximumValue = 10
        slider.value = 4
        slider.minimumValue = 6
        #expect(slider.minimumValue == 6 && slider.maximumValue == 10 && slider.value == 6, "below the new minimum: raised to it")
        slider.maximumValue = 8
        #expect(slider.value == 6 && slider.minimumValue == 6 && slider.maximumValue == 8)
    }

    // MARK: UIButton

    @Test(
        "A custom button titled \"Hello\" (44 × 22) with insets 5/10/5/10, sized to fit (64 × 44): its title starts at x 10 for every horizontal alignment, and at y 5 for .top and .fill, 11 centred, 17 at the bottom",
        arguments: [UIControl.ContentHorizontalAlignment.left, .center, .right, .fill, .leading, .trailing])
    func aSizedToFitTitleSitsAtTheInsets(_ alignment: UIControl.ContentHorizontalAlignment) {
        let button = UIButton(type: .custom)
        button.setTitle("Hello", for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        button.contentHorizontalAlignment = alignment
        button.sizeToFit()
        #expect(button.bounds.size == CGSize(width: 64, height: 44))
        let system = UIButton(type: .system)
        system.setTitle("Hello", for: .normal)
        system.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        system.contentHorizontalAlignment = alignment
        system.sizeToFit()
        system.layoutIfNeeded()
        #expect(system.bounds.size == CGSize(width: 56, height: 41))
        #expect(system.titleLabel?.frame.origin == CGPoint(x: 10, y: 11), "\(alignment): \(String(describing: system.titleLabel?.frame))")
        var ys: [CGFloat] = []
        for vertical in [UIControl.ContentVerticalAlignment.top, .fill, .center, .bottom] {
            button.contentVerticalAlignment = vertical
            button.layoutIfNeeded()
            #expect(button.titleLabel?.frame.minX == 10, "\(alignment), \(vertical): \(String(describing: button.titleLabel?.frame))")
            #expect(button.titleLabel?.frame.width == 44)
            ys.append(button.titleLabel?.frame.minY ?? -1)
        }
        #expect(ys == [5, 5, 11, 17])
    }

    @Test("UISlider's per-state images fall back to the normal state's; the value images default to nil")
    func sliderImagesFallBackToNormal() {
        let slider = UISlider()
        let thumb = solidImage(width: 10, height: 10), track = solidImage(width: 4, height: 4)
        #expect(slider.minimumValueImage == nil && slider.maximumValueImage == nil && slider.currentThumbImage == nil)
        slider.setThumbImage(thumb, for: .normal)
        slider.setMinimumTrackImage(track, for: .normal)
        #expect(slider.thumbImage(for: .highlighted) === thumb && slider.minimumTrackImage(for: .disabled) === track)
        #expect(slider.maximumTrackImage(for: .normal) == nil && slider.currentThumbImage === thumb)
    }

    @Test("titleShadowColor(for:) falls back to the normal state's (red) for highlighted and reaches the title label; a highlighted colour (blue) shows while highlighted")
    func titleShadowColorFallsBackToNormal() {
        let button = UIButton(type: .custom)
        button.setTitle("Hello", for: .normal)
        #expect(button.titleShadowColor(for: .normal) == nil && !button.reversesTitleShadowWhenHighlighted)
        button.setTitleShadowColor(.red, for: .normal)
        #expect(button.titleShadowColor(for: .highlighted) == .red && button.titleShadowColor(for: .disabled) == .red)
        #expect(button.titleLabel?.shadowColor == .red)
        button.isHighlighted = true
        #expect(button.currentTitleShadowColor == .red && button.titleLabel?.shadowColor == .red)
        button.setTitleShadowColor(.blue, for: .highlighted)
        #expect(button.currentTitleShadowColor == .blue && button.titleLabel?.shadowColor == .blue)
        button.isHighlighted = false
        #expect(button.titleLabel?.shadowColor == .red)
    }
}
