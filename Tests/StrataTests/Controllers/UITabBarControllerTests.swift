import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// UITabBarController against Apple's reference: tabs from the children's `tabBarItem`s, the
/// selection by index, by controller and by a tap (which the delegate may refuse), the selected
/// view filling the controller's view with the bar in its safe area, UIKit's appearance callbacks.
/// Over a recording sink (no GPU).
@MainActor
@Suite struct UITabBarControllerTests {
    private func shown(_ log: CallbackLog) async throws -> (ScreenFixture, UITabBarController, RecordingController, RecordingController) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let a = RecordingController("a", log: log), b = RecordingController("b", log: log)
        a.title = "Home"
        b.title = "Settings"
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b]
        f.window.rootViewController = tabs
        try await f.screen.present(through: 0)
        return (f, tabs, a, b)
    }

    @Test(
        "Tabs: each child's tabBarItem (titled after the controller), the first selected (index 0), no tabs selecting Int.max; the children know their tabBarController; a's view fills the view with the 49-point bar at the bottom (y 431) in its safe area"
    )
    func tabsAndTheFirstSelection() async throws {
        let log = CallbackLog()
        let (_, tabs, a, b) = try await shown(log)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a)
        #expect(tabs.tabBar.items?.map(\.title) == ["Home", "Settings"] && tabs.tabBar.selectedItem === a.tabBarItem)
        #expect(a.tabBarController === tabs && b.tabBarController === tabs && tabs.tabBarController == nil)
        #expect(a.view.frame == tabs.view.bounds && b.viewIfLoaded?.superview == nil)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 431, width: 320, height: 49))
        #expect(a.view.safeAreaInsets.bottom == 49)
        #expect(UITabBarController().selectedIndex == Int.max)
    }

    @Test("selectedIndex = 1 shows b in place of a with UIKit's callbacks (a disappears as b appears, the did ones after the commit); an index beyond the tabs changes nothing")
    func selectingByIndex() async throws {
        let log = CallbackLog()
        let (f, tabs, a, b) = try await shown(log)
        _ = log.take()
        tabs.selectedIndex = 1
        #expect(tabs.selectedViewController === b && tabs.tabBar.selectedItem === b.tabBarItem)
        try await f.screen.present(through: 1)
        let callbacks = log.take().filter { $0.contains("ppear") }
        #expect(
            callbacks == [
                "a.viewWillDisappear(false)", "b.viewWillAppear(false)", "b.viewIsAppearing(false)", "a.viewDidDisappear(false)", "b.viewDidAppear(false)",
            ], "\(callbacks)")
        #expect(b.view.superview === tabs.view && a.viewIfLoaded?.superview == nil)
        tabs.selectedIndex = 5
        #expect(tabs.selectedIndex == 1)
    }

    @Test("A tap on a tab asks the delegate, which may refuse it; an allowed one is selected and the delegate hears it")
    func tappingATab() async throws {
        final class Delegate: UITabBarControllerDelegate {
            var refuse = true
            var chosen: [String] = []
            func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { !refuse }
            func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
                chosen.append(viewController.title ?? "?")
            }
        }
        let log = CallbackLog()
        let (f, tabs, _, b) = try await shown(log)
        let delegate = Delegate()
        tabs.delegate = delegate
        // The second tab: the right half of the bar, at its middle.
        try f.window.tap(240, 455, at: f.screen.mediaTime)
        #expect(tabs.selectedIndex == 0 && delegate.chosen.isEmpty, "refused")
        delegate.refuse = false
        try f.window.tap(240, 455, at: f.screen.mediaTime + 1)
        #expect(tabs.selectedViewController === b && delegate.chosen == ["Settings"])
    }

    @Test("A badge shows on its tab; setting a controller's title renames its default tab item; replacing the controllers keeps the selected one when it stays")
    func badgesTitlesAndReplacing() async throws {
        let log = CallbackLog()
        let (f, tabs, a, b) = try await shown(log)
        b.tabBarItem.badgeValue = "3"
        a.title = "Start"
        try await f.screen.present(through: 1)
        #expect(tabs.tabBar.items?.first?.title == "Start")
        let badges = tabs.tabBar.subviews.flatMap(\.subviews).compactMap { $0 as? UILabel }.filter { $0.text == "3" }
        #expect(badges.count == 1 && badges.first?.backgroundColor == .systemRed)
        tabs.selectedIndex = 1
        let c = UIViewController()
        tabs.viewControllers = [c, b]
        #expect(tabs.selectedViewController === b && tabs.selectedIndex == 1 && a.parent == nil)
    }
}
