import Foundation

/// A container that shows one of several child controllers, chosen with a tab bar along the
/// bottom (UIKit's `UITabBarController`). Main actor.
///
/// Each child's `tabBarItem` is a tab. The selected child's view fills the controller's view,
/// with the bar over its bottom (the bar's 49 points are added to the child's safe area);
/// choosing another tab, by a tap or by `selectedIndex`/`selectedViewController`, swaps the views
/// with UIKit's appearance callbacks. The delegate may refuse a tab and hears each choice.
@MainActor
open class UITabBarController: UIViewController {
    /// The bar of tabs.
    public private(set) lazy var tabBar: UITabBar = makeBar()

    /// Told when the user chooses a tab, and asked first (held weakly).
    open weak var delegate: (any UITabBarControllerDelegate)?

    /// A tab bar controller with no tabs.
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Creates a tab bar controller from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The controllers, one per tab, left to right (nil: none). Setting it replaces them at once
    /// and selects the first (or the one selected before, when it is still among them).
    open var viewControllers: [UIViewController]? {
        get { children.isEmpty ? nil : children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs' controllers: controllers no longer among them leave, new ones are added
    /// as children; the selected one stays selected when it is still there, else the first is.
    /// - Precondition: no controller is in the list twice, and none is another container's child.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let list = viewControllers ?? []
        let old = selected
        let (_, finish) = replaceChildren(with: list, caller: "UITabBarController.setViewControllers")
        let next = old.flatMap { o in list.contains { $0 === o } ? o : nil } ?? list.first
        select(next, from: old, done: finish)
        tabBarItemsChanged()
    }

    /// Shows the children's tab bar items, the selected one's selected.
    func tabBarItemsChanged() {
        tabBar.setItems(children.map(\.tabBarItem), animated: false)
        tabBar.selectedItem = selected?.tabBarItem
    }

    /// The selected tab's controller.
    private var selected: UIViewController?

    /// The selected tab's controller. Setting it to one of `viewControllers` shows it (without
    /// asking the delegate); to another controller, nothing changes.
    open var selectedViewController: UIViewController? {
        get { selected }
        set {
            guard let newValue, children.contains(where: { $0 === newValue }), newValue !== selected else { return }
            select(newValue, from: selected) {}
            tabBar.selectedItem = newValue.tabBarItem
        }
    }

    /// The selected tab's index (`Int.max`, UIKit's `NSNotFound`, when there are no tabs).
    /// Setting it selects that tab; an index beyond the tabs changes nothing.
    open var selectedIndex: Int {
        get { selected.flatMap { s in children.firstIndex { $0 === s } } ?? Int.max }
        set {
            guard children.indices.contains(newValue) else { return }
            selectedViewController = children[newValue]
        }
    }

    /// The user tapped `item`'s tab: the delegate may refuse it; else it is selected and the
    /// delegate hears so (tapping the selected tab again tells it too, as UIKit does).
    private func userSelected(_ item: UITabBarItem) {
        guard let controller = children.first(where: { $0.tabBarItem === item }) else { return }
        if delegate?.tabBarController(self, shouldSelect: controller) == false { return }
        selectedViewController = controller
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// Shows `controller`'s view in place of `old`'s, with appearance callbacks while shown, then runs `done`.
    private func select(_ controller: UIViewController?, from old: UIViewController?, done: @escaping @MainActor () -> Void) {
        selected = controller
        guard isViewLoaded, controller !== old else {
            done()
            return
        }
        let container = view!
        guard let controller else {
            old?.viewIfLoaded?.removeFromSuperview()
            done()
            return
        }
        controller.containerSafeAreaInsets = barInsets
        bottomBarVisibilityMayHaveChanged()
        guard let old, old.viewIfLoaded?.superview === container, old.parent === self else {
            old?.viewIfLoaded?.removeFromSuperview()
            place(controller.view!, in: container)
            done()
            return
        }
        let incoming = controller.view!
        incoming.frame = container.bounds
        transition(from: old, to: controller, duration: 0, animations: nil) { _ in done() }
        container.bringSubviewToFront(tabBar)
    }

    private func place(_ content: UIView, in container: UIView) {
        content.frame = container.bounds
        container.insertSubview(content, belowSubview: tabBar)
    }

    private func makeBar() -> UITabBar {
        let bar = UITabBar()
        bar.selectAction = { [weak self] item in self?.userSelected(item) }
        return bar
    }

    /// What the bar adds to the selected controller's safe area: its height (nothing while a
    /// pushed controller hides it).
    private var barInsets: UIEdgeInsets {
        hidesTabBar ? .zero : UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.height, right: 0)
    }

    /// Whether the bar is hidden because the selected tab is a navigation controller with a
    /// controller on its stack whose `hidesBottomBarWhenPushed` is true.
    private var hidesTabBar: Bool {
        (selected as? UINavigationController)?.viewControllers.contains { $0.hidesBottomBarWhenPushed } ?? false
    }

    /// The selected navigation stack changed: hide or show the bar, and give the selected
    /// controller's safe area what the bar now adds.
    func bottomBarVisibilityMayHaveChanged() {
        guard let selected else { return }
        let insets = barInsets
        if selected.containerSafeAreaInsets != insets { selected.containerSafeAreaInsets = insets }
        if isViewLoaded, tabBar.isHidden != hidesTabBar {
            tabBar.isHidden = hidesTabBar
            view.setNeedsLayout()
        }
    }

    /// A view holding the tab bar; the selected controller's view goes under it.
    open override func loadView() {
        let container = UILayoutContainerView(frame: UIScreen.mainBoundsWithoutMaking)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(tabBar)
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        tabBar.isHidden = hidesTabBar
        if let selected {
            selected.containerSafeAreaInsets = barInsets
            place(selected.view!, in: view)
        }
    }

    /// Places the bar along the bottom (49 points over the bottom of the safe area, reaching the
    /// view's bottom edge) and the selected controller's view over the whole view.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let view = viewIfLoaded else { return }
        let bottom = view.safeAreaInsets.bottom - (containerSafeAreaInsets.bottom + additionalSafeAreaInsets.bottom)
        let height = UITabBar.height + max(bottom, 0)
        tabBar.frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
        if let content = selected?.viewIfLoaded, content.superview === view { content.frame = view.bounds }
    }
}

/// What a tab bar controller asks and tells its delegate (UIKit's `UITabBarControllerDelegate`).
/// By default every tab may be chosen and nothing is done. Main actor.
@MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether the user may choose `viewController`'s tab (true).
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// The user chose `viewController`'s tab.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

extension UIViewController {
    /// The nearest tab bar controller among this controller's ancestors (its `parent`s), nil when
    /// there is none.
    public var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }
}

/// The view navigation and tab bar controllers make for themselves, as UIKit names it (a plain
/// view; the name shows in descriptions and controller hierarchies).
final class UILayoutContainerView: UIView {}
