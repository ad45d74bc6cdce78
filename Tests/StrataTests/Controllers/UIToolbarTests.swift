import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// Toolbars, extended layout and hidden bottom bars against Apple's reference: a navigation
/// controller's toolbar showing the top controller's `toolbarItems` 49 points high over the
/// bottom of the safe area, `edgesForExtendedLayout` and `extendedLayoutIncludesOpaqueBars`
/// placing the content, `hidesBottomBarWhenPushed` hiding a tab bar. Over a recording sink.
@MainActor
@Suite struct UIToolbarTests {
    /// A navigation controller over `root`, the root of a 320×480 window, shown.
    private func navigation(_ root: UIViewController) async throws -> (ScreenFixture, UINavigationController) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let nav = UINavigationController(rootViewController: root)
        f.window.rootViewController = nav
        try await f.screen.present(through: 0)
        return (f, nav)
    }

    @Test("Defaults: the toolbar is hidden, edgesForExtendedLayout is .all, extendedLayoutIncludesOpaqueBars and hidesBottomBarWhenPushed are false, toolbarItems nil")
    func defaults() {
        let vc = UIViewController()
        #expect(vc.edgesForExtendedLayout == .all && !vc.extendedLayoutIncludesOpaqueBars && !vc.hidesBottomBarWhenPushed && vc.toolbarItems == nil)
        let nav = UINavigationController(rootViewController: vc)
        #expect(nav.isToolbarHidden)
        #expect(UIToolbar().items == nil && UIToolbar().isTranslucent)
        #expect(UIRectEdge.all.rawValue == 15 && UIRectEdge.bottom.rawValue == 4)
    }

    @Test(
        "Shown, the toolbar is 49 points over the bottom (y 431 of 480), shows the top controller's items (\"A\" at x 8, \"B\" ending at 312 across a flexible space) and adds 49 to its safe area bottom; a pushed controller's items replace them"
    )
    func theToolbarShowsTheTopControllersItems() async throws {
        let root = UIViewController()
        let a = UIBarButtonItem(title: "A"), b = UIBarButtonItem(title: "B")
        root.setToolbarItems([a, .flexibleSpace(), b], animated: false)
        let (f, nav) = try await navigation(root)
        nav.setToolbarHidden(false, animated: false)
        f.window.layoutIfNeeded()
        #expect(!nav.isToolbarHidden && nav.toolbar.superview === nav.view && !nav.toolbar.isHidden)
        #expect(nav.toolbar.frame == CGRect(x: 0, y: 431, width: 320, height: 49))
        #expect(nav.toolbar.items?.count == 3 && nav.toolbar.items?.first === a)
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 49, right: 0))
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480), "the content reaches under both bars")
        let buttons = nav.toolbar.subviews.compactMap { $0 as? UIButton }.filter { !$0.isHidden }
        #expect(buttons.map(\.currentTitle) == ["A", "B"])
        #expect(buttons.first?.frame.minX == 8 && buttons.last?.frame.maxX == 312)
        let detail = UIViewController()
        let c = UIBarButtonItem(title: "C")
        detail.toolbarItems = [c]
        nav.pushViewController(detail, animated: false)
        f.window.layoutIfNeeded()
        #expect(nav.toolbar.items?.first === c && nav.toolbar.items?.count == 1)
        #expect(detail.view.safeAreaInsets.bottom == 49)
        nav.setToolbarHidden(true, animated: false)
        f.window.layoutIfNeeded()
        #expect(nav.toolbar.isHidden && detail.view.safeAreaInsets.bottom == 0)
    }

    @Test("edgesForExtendedLayout without .top puts the view below the bar (y 44, 436 high) with no bar in its safe area; without .bottom it stops at the toolbar (387 high)")
    func edgesForExtendedLayoutPlaceTheView() async throws {
        let root = UIViewController()
        root.edgesForExtendedLayout = [.left, .right, .bottom]
        let (f, nav) = try await navigation(root)
        f.window.layoutIfNeeded()
        #expect(root.view.frame == CGRect(x: 0, y: 44, width: 320, height: 436))
        #expect(root.view.safeAreaInsets.top == 0)
        root.edgesForExtendedLayout = []
        nav.isToolbarHidden = false
        f.window.layoutIfNeeded()
        #expect(root.view.frame == CGRect(x: 0, y: 44, width: 320, height: 387))
        #expect(root.view.safeAreaInsets == .zero)
    }

    @Test("An opaque navigation bar keeps a pushed view below it (y 44) unless extendedLayoutIncludesOpaqueBars is true (y 0, 44 in its safe area)")
    func opaqueBarsKeepTheViewOutUnlessIncluded() async throws {
        let (f, nav) = try await navigation(UIViewController())
        nav.navigationBar.isTranslucent = false
        let detail = UIViewController()
        nav.pushViewController(detail, animated: false)
        try await f.screen.present(through: 1)
        f.window.layoutIfNeeded()
        #expect(detail.view.frame == CGRect(x: 0, y: 44, width: 320, height: 436))
        detail.extendedLayoutIncludesOpaqueBars = true
        f.window.layoutIfNeeded()
        #expect(detail.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(detail.view.safeAreaInsets.top == 44)
    }

    @Test("hidesBottomBarWhenPushed: pushing such a controller in a tab's navigation controller hides the tab bar (its safe area bottom 0, not 49); popping shows it again")
    func hidesBottomBarWhenPushedHidesTheTabBar() async throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, UIViewController()]
        f.window.rootViewController = tabs
        try await f.screen.present(through: 0)
        f.window.layoutIfNeeded()
        #expect(!tabs.tabBar.isHidden && root.view.safeAreaInsets.bottom == 49)
        let detail = UIViewController()
        detail.hidesBottomBarWhenPushed = true
        nav.pushViewController(detail, animated: false)
        f.window.layoutIfNeeded()
        #expect(tabs.tabBar.isHidden)
        #expect(detail.view.safeAreaInsets.bottom == 0)
        nav.popViewController(animated: false)
        f.window.layoutIfNeeded()
        #expect(!tabs.tabBar.isHidden && root.view.safeAreaInsets.bottom == 49)
    }

    @Test(
        "backButtonDisplayMode of the item below: .default shows \"‹ Inbox\", .generic \"‹ Back\", .minimal \"‹\"; a backBarButtonItem's title wins; the hide-bars options default to false"
    )
    func backButtonDisplayModes() async throws {
        let root = UIViewController()
        root.title = "Inbox"
        let (_, nav) = try await navigation(root)
        #expect(!nav.hidesBarsOnTap && !nav.hidesBarsOnSwipe && !nav.hidesBarsWhenKeyboardAppears && !nav.hidesBarsWhenVerticallyCompact)
        nav.pushViewController(UIViewController(), animated: false)
        func backTitle() -> String? {
            nav.navigationBar.subviews.compactMap { ($0 as? UIButton)?.currentTitle }.first { $0.hasPrefix("‹") }
        }
        #expect(root.navigationItem.backButtonDisplayMode == .default && backTitle() == "‹ Inbox")
        root.navigationItem.backButtonDisplayMode = .generic
        #expect(backTitle() == "‹ Back")
        root.navigationItem.backButtonDisplayMode = .minimal
        #expect(backTitle() == "‹")
        root.navigationItem.backBarButtonItem = UIBarButtonItem(title: "Mail")
        #expect(backTitle() == "‹ Mail")
    }

    @Test("Title text attributes reach the bar's button: a 20-point font and a red normal, grey disabled title colour")
    func titleTextAttributesReachTheButtons() {
        let item = UIBarButtonItem(title: "Send")
        let font = UIFont.systemFont(ofSize: 20)
        item.setTitleTextAttributes([.font: font, .foregroundColor: UIColor.red], for: .normal)
        item.setTitleTextAttributes([.foregroundColor: UIColor.gray], for: .disabled)
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        bar.items = [item]
        let button = bar.subviews.compactMap { $0 as? UIButton }.first
        #expect(button?.titleLabel?.font == font)
        #expect(button?.titleColor(for: .normal) == .red && button?.titleColor(for: .disabled) == .gray)
    }

    @Test(
        "In a tab bar controller the toolbar sits on the tab bar (y 382, 49 high) and the content's safe area bottom is both bars (98); a scroll view in it with 320×10 content gets a bottom inset of 98 (.automatic)"
    )
    func theToolbarSitsOnTheTabBar() async throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let root = UIViewController()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 10)
        root.view.addSubview(scroll)
        let nav = UINavigationController(rootViewController: root)
        nav.isToolbarHidden = false
        let tabs = UITabBarController()
        tabs.viewControllers = [nav]
        f.window.rootViewController = tabs
        try await f.screen.present(through: 0)
        f.window.layoutIfNeeded()
        #expect(nav.toolbar.frame == CGRect(x: 0, y: 382, width: 320, height: 49))
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 431, width: 320, height: 49))
        #expect(root.view.safeAreaInsets.bottom == 98)
        #expect(scroll.adjustedContentInset.bottom == 98 && scroll.adjustedContentInset.top == 44)
    }

    @Test("A toolbar alone: a fixed space of 30 and a flexible space between \"A\" and \"B\" in a 320-wide bar put B's right edge at 312 and A at x 46")
    func aToolbarLaysOutSpaces() {
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        bar.items = [.fixedSpace(30), UIBarButtonItem(title: "A"), .flexibleSpace(), UIBarButtonItem(title: "B")]
        bar.layoutIfNeeded()
        let buttons = bar.subviews.compactMap { $0 as? UIButton }.filter { !$0.isHidden }
        #expect(buttons.first?.frame.minX == 46 && buttons.last?.frame.maxX == 312)
        #expect(bar.sizeThatFits(CGSize(width: 100, height: 100)) == CGSize(width: 100, height: 44))
    }

    @Test("A hidden bar button item takes no room: with \"A\" hidden, \"B\" starts at x 8; shown again, B follows A; changesSelectionAsPrimaryAction toggles isSelected on a tap")
    func hiddenItemsTakeNoRoom() {
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let a = UIBarButtonItem(title: "A"), b = UIBarButtonItem(title: "B")
        #expect(!a.isHidden && !a.isSelected && !a.changesSelectionAsPrimaryAction && a.possibleTitles == nil)
        a.isHidden = true
        bar.items = [a, b]
        bar.layoutIfNeeded()
        var buttons = bar.subviews.compactMap { $0 as? UIButton }
        #expect(buttons.map(\.currentTitle) == ["B"] && buttons.first?.frame.minX == 8)
        a.isHidden = false
        bar.layoutIfNeeded()
        buttons = bar.subviews.compactMap { $0 as? UIButton }
        #expect(buttons.map(\.currentTitle) == ["A", "B"])
        #expect((buttons.last?.frame.minX ?? 0) > 8)
        b.changesSelectionAsPrimaryAction = true
        buttons.last?.sendActions(for: .touchUpInside)
        #expect(b.isSelected)
    }
}
