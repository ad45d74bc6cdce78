import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// `UIBarItem`, the base `UIBarButtonItem` and `UITabBarItem` share, and what each adds, as
/// Apple's reference pages give them.
@MainActor
@Suite struct UIBarItemTests {
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
}
