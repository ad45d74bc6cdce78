import Foundation

// Overall design: a navigation controller is a container over a stack of child controllers. Its
// view holds the top child's view (filling it) and a navigation bar over it, at the top of its
// safe area; the top child's safe area gains the bar's height, so its content lays out below the
// bar while drawing under it. Pushing adds a child and slides its view in from the right over
// the old top's (which slides a third of the way left); popping slides it back out. Both run
// through the containment transition (`transition(from:to:...)`), so the children hear UIKit's
// appearance callbacks, and the bar shows the new top's navigation item. A bar showing a large
// title is 96 points high; the top child's content scroll view collapses it as it scrolls up and
// picks the bar's scroll-edge look at its top (UINavigationController+LargeTitle.swift).

/// A container that shows one child at a time, from a stack pushed and popped as the user goes
/// deeper into content and back (UIKit's `UINavigationController`). Main actor.
@MainActor
open class UINavigationController: UIViewController {
    /// The bar over the content, showing the top controller's `navigationItem`.
    public private(set) lazy var navigationBar: UINavigationBar = makeBar()

    /// Told when a controller is about to show and when it shows (held weakly).
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The content scroll view last found for the controller `contentScrollOwner` names (looked
    /// for again at each layout; UINavigationController+LargeTitle.swift).
    weak var cachedContentScroll: UIScrollView?
    var contentScrollOwner: ObjectIdentifier?

    /// How long a push or pop slides.
    static let transitionDuration: TimeInterval = 0.35

    /// A navigation controller whose stack is `rootViewController` alone.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// A navigation controller with an empty stack.
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Creates a navigation controller from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: The stack

    /// The controllers on the stack, bottom (the root) to top (shown). Setting it replaces the
    /// stack at once (`setViewControllers(_:animated:)`).
    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { children.last }

    /// The controller shown now: one presented over the navigation controller, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    /// Replaces the stack with `viewControllers`: controllers no longer in it leave, new ones are
    /// added as children, and the last is shown — sliding in from the right when `animated` and
    /// the old top stays on the stack (a push), sliding the old top out to the right when it
    /// leaves (a pop).
    /// - Precondition: no controller is in the list twice, and none is another container's child.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let oldTop = topViewController
        let (leaving, finish) = replaceChildren(with: viewControllers, caller: "UINavigationController.setViewControllers")
        let pushing = !leaving.contains { $0 === oldTop }
        show(viewControllers.last, replacing: oldTop, animated: animated, pushing: pushing, done: finish)
    }

    /// Pushes `viewController` on the stack and shows it, sliding in from the right when `animated`.
    /// - Precondition: it is not on the stack already, and not a child of another container.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        precondition(
            !children.contains { $0 === viewController },
            "UINavigationController.pushViewController: \(viewController) is on the stack already; pushing the same view controller instance more than once is not supported")
        setViewControllers(children + [viewController], animated: animated)
    }

    /// Takes the top controller off the stack and shows the one below, sliding back when
    /// `animated`; returns the controller taken off (nil when the root alone is left).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1 else { return nil }
        return popAbove(children.count - 2, animated: animated).first
    }

    /// Pops every controller above the root; returns them, bottom to top (nil when none).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard children.count > 1 else { return nil }
        return popAbove(0, animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them, bottom to top (nil when it is
    /// not on the stack or is on top).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = children.firstIndex(where: { $0 === viewController }), index < children.count - 1 else { return nil }
        return popAbove(index, animated: animated)
    }

    /// Pops the controllers above the one at `index`; returns them, bottom to top.
    private func popAbove(_ index: Int, animated: Bool) -> [UIViewController] {
        let popped = Array(children[(index + 1)...])
        setViewControllers(Array(children[...index]), animated: animated)
        return popped
    }

    // MARK: Showing the top

    /// Puts `newTop`'s view in place of `oldTop`'s (sliding when `animated`), shows its item in the
    /// bar, tells the delegate, and runs `done` when the change is over.
    private func show(_ newTop: UIViewController?, replacing oldTop: UIViewController?, animated: Bool, pushing: Bool, done: @escaping @MainActor () -> Void) {
        if let newTop { delegate?.navigationController(self, willShow: newTop, animated: animated) }
        showNavigationItems()
        guard isViewLoaded, newTop !== oldTop else {
            done()
            if let newTop { delegate?.navigationController(self, didShow: newTop, animated: false) }
            return
        }
        let container = view!
        guard let newTop else {
            oldTop?.viewIfLoaded?.removeFromSuperview()
            done()
            return
        }
        let finish: @MainActor (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            newTop.viewIfLoaded?.frame = self.contentFrame(for: newTop)
            done()
            self.delegate?.navigationController(self, didShow: newTop, animated: animated)
        }
        // Loaded first, so its view (a scroll view resting at its top) hears the bar's inset.
        _ = newTop.view
        newTop.containerSafeAreaInsets = barInsets(for: newTop)
        guard let oldTop, oldTop.viewIfLoaded?.superview === container else {
            let view = newTop.view!
            view.frame = contentFrame(for: newTop)
            container.insertSubview(view, belowSubview: navigationBar)
            finish(true)
            return
        }
        let width = container.bounds.width
        let incoming = newTop.view!
        let incomingFrame = contentFrame(for: newTop), outgoingFrame = contentFrame(for: oldTop)
        incoming.frame = incomingFrame.offsetBy(dx: pushing ? width : -width / 3, dy: 0)
        let duration = animated ? Self.transitionDuration : 0
        transition(
            from: oldTop, to: newTop, duration: duration, options: [.curveEaseInOut],
            animations: {
                incoming.frame = incomingFrame
                oldTop.viewIfLoaded?.frame = outgoingFrame.offsetBy(dx: pushing ? -width / 3 : width, dy: 0)
            },
            completion: { [weak self] finished in
                oldTop.viewIfLoaded?.frame = self?.contentFrame(for: oldTop) ?? outgoingFrame
                finish(finished)
            })
        // A pop slides the old top out over the one it uncovers.
        if !pushing, let outgoing = oldTop.viewIfLoaded, outgoing.superview === container { container.insertSubview(outgoing, aboveSubview: incoming) }
        container.bringSubviewToFront(navigationBar)
        if _toolbar != nil { container.bringSubviewToFront(toolbar) }
    }

    /// Shows the stack's navigation items in the bar, the top controller's toolbar items in the
    /// toolbar, and lets a tab bar controller above hide its bar for `hidesBottomBarWhenPushed`.
    private func showNavigationItems() {
        navigationBar.setItems(children.map(\.navigationItem), animated: false)
        if let toolbar = _toolbar { toolbar.setItems(topViewController?.toolbarItems, animated: false) }
        viewIfLoaded?.setNeedsLayout()
        tabBarController?.bottomBarVisibilityMayHaveChanged()
    }

    /// A child's toolbar items, extended edges or `hidesBottomBarWhenPushed` changed.
    func childBarLayoutChanged(_ child: UIViewController) {
        if child === topViewController, let toolbar = _toolbar { toolbar.setItems(child.toolbarItems, animated: false) }
        viewIfLoaded?.setNeedsLayout()
    }

    // MARK: The view and the bar

    private func makeBar() -> UINavigationBar {
        let bar = UINavigationBar()
        bar.backAction = { [weak self] in self?.popViewController(animated: true) }
        bar.fallbackTitle = { [weak self] item in self?.children.first { $0.navigationItem === item }?.title }
        bar.barHeightChanged = { [weak self] in self?.viewIfLoaded?.setNeedsLayout() }
        bar.isAtScrollEdge = true
        return bar
    }

    // MARK: The toolbar

    /// The toolbar the controller shows at the bottom while `isToolbarHidden` is false, with the
    /// top controller's `toolbarItems` (made on first use).
    public var toolbar: UIToolbar! {
        if let toolbar = _toolbar { return toolbar }
        let toolbar = UIToolbar()
        toolbar.isHidden = isToolbarHidden
        toolbar.translucencyChanged = { [weak self] in self?.viewIfLoaded?.setNeedsLayout() }
        toolbar.setItems(topViewController?.toolbarItems, animated: false)
        _toolbar = toolbar
        if let view = viewIfLoaded { view.addSubview(toolbar) }
        return toolbar
    }
    private var _toolbar: UIToolbar?

    /// Whether the toolbar is hidden (true by default, as in UIKit). Shown, it is 49 points high
    /// over the bottom of the safe area, reaching the view's bottom edge, and adds 49 points to
    /// the bottom of the top controller's safe area.
    open var isToolbarHidden = true {
        didSet {
            guard oldValue != isToolbarHidden else { return }
            if !isToolbarHidden { _ = toolbar }
            viewIfLoaded?.setNeedsLayout()
            if let top = topViewController { top.containerSafeAreaInsets = barInsets(for: top) }
        }
    }

    /// Hides or shows the toolbar (Strata does so at once).
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

    /// Whether the toolbar shows now: not hidden, and no controller on the stack hides the
    /// bottom bar (`hidesBottomBarWhenPushed`).
    private var showsToolbar: Bool { !isToolbarHidden && !children.contains { $0.hidesBottomBarWhenPushed } }

    /// A view holding the navigation bar; the top controller's view goes under it.
    open override func loadView() {
        let container = UILayoutContainerView(frame: UIScreen.mainBoundsWithoutMaking)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(navigationBar)
        if let toolbar = _toolbar { container.addSubview(toolbar) }
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showNavigationItems()
        if let top = topViewController {
            // Loaded first, so its view (a scroll view resting at its top) hears the bar's inset.
            let view = top.view!
            top.containerSafeAreaInsets = barInsets(for: top)
            view.frame = contentFrame(for: top)
            self.view.insertSubview(view, belowSubview: navigationBar)
        }
    }

    /// Places the bar at the top of the safe area, the toolbar over its bottom, and the top
    /// controller's view over the whole view (its safe area inset by the bars), or between the
    /// bars at the edges it does not extend (`edgesForExtendedLayout`).
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let view = viewIfLoaded else { return }
        followContentScroll(layingOut: true)
        let top = view.safeAreaInsets.top - (containerSafeAreaInsets.top + additionalSafeAreaInsets.top)
        navigationBar.frame = CGRect(x: 0, y: max(top, 0), width: view.bounds.width, height: navigationBar.barHeight)
        navigationBar.isHidden = isNavigationBarHidden
        if let toolbar = _toolbar {
            // Over a tab bar (a container's inset below) it stops at the tab bar; else it reaches
            // over the window's safe area to the bottom edge.
            let own = containerSafeAreaInsets.bottom + additionalSafeAreaInsets.bottom
            let outer = max(view.safeAreaInsets.bottom - own, 0)
            let height = UIToolbar.height + (own > 0 ? 0 : outer)
            toolbar.frame = CGRect(
                x: 0, y: view.bounds.height - view.safeAreaInsets.bottom - UIToolbar.height, width: view.bounds.width, height: height)
            toolbar.isHidden = !showsToolbar
            view.bringSubviewToFront(toolbar)
        }
        if let topController = topViewController, let topView = topController.viewIfLoaded, topView.superview === view, !isTransitioning {
            topView.frame = contentFrame(for: topController)
        }
        if let topController = topViewController { topController.containerSafeAreaInsets = barInsets(for: topController) }
    }

    /// Where `child`'s view goes: the whole view, less the bar's and toolbar's parts at the
    /// edges the child does not extend under them.
    private func contentFrame(for child: UIViewController) -> CGRect {
        guard let view = viewIfLoaded else { return .zero }
        var frame = view.bounds
        if !isNavigationBarHidden, !child.extendsUnderBar(at: .top, barIsTranslucent: navigationBar.isTranslucent) {
            let top = view.safeAreaInsets.top - (containerSafeAreaInsets.top + additionalSafeAreaInsets.top)
            let barBottom = max(top, 0) + navigationBar.barHeight
            frame.origin.y += barBottom
            frame.size.height -= barBottom
        }
        if showsToolbar, let toolbar = _toolbar, !child.extendsUnderBar(at: .bottom, barIsTranslucent: toolbar.isTranslucent) {
            frame.size.height -= view.safeAreaInsets.bottom + UIToolbar.height
        }
        frame.size.height = max(frame.size.height, 0)
        return frame
    }

    /// Whether a push or pop is sliding (its views are placed by the animation).
    private var isTransitioning: Bool { children.contains { $0.viewIfLoaded?.superview === viewIfLoaded && $0 !== topViewController } }

    /// What the bars add to `child`'s safe area: the navigation bar's height at the top (96
    /// points with a large title, however far it has collapsed: the content's offset collapses
    /// it) and the toolbar's at the bottom, where they show and the child's view reaches under them.
    func barInsets(for child: UIViewController) -> UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if !isNavigationBarHidden, child.extendsUnderBar(at: .top, barIsTranslucent: navigationBar.isTranslucent) {
            insets.top = navigationBar.expandedBarHeight
        }
        if showsToolbar, let toolbar = _toolbar, child.extendsUnderBar(at: .bottom, barIsTranslucent: toolbar.isTranslucent) {
            insets.bottom = UIToolbar.height
        }
        return insets
    }

    /// Whether the bar is hidden (false).
    open var isNavigationBarHidden = false {
        didSet {
            guard oldValue != isNavigationBarHidden else { return }
            viewIfLoaded?.setNeedsLayout()
            if let top = topViewController { top.containerSafeAreaInsets = barInsets(for: top) }
        }
    }

    /// Hides or shows the bar (Strata does so at once).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }

    /// Whether a tap hides and shows the bars (false; kept: Strata hides them only by code).
    open var hidesBarsOnTap = false
    /// Whether a swipe hides and shows the bars (false; kept).
    open var hidesBarsOnSwipe = false
    /// Whether the bars hide while the keyboard shows (false; kept).
    open var hidesBarsWhenKeyboardAppears = false
    /// Whether the bars hide in a vertically compact environment (false; kept).
    open var hidesBarsWhenVerticallyCompact = false

    /// The edge-swipe recognizer that pops (nil: Strata pops by the back button or by code).
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }

    /// A pushed controller is shown by pushing: `show(_:sender:)` on a controller in the stack pushes.
    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }
}

/// What a navigation controller tells its delegate (UIKit's `UINavigationControllerDelegate`).
/// Both methods do nothing by default. Main actor.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// `viewController` is about to be shown (pushed, popped to, or set on top).
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// `viewController` is shown.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

extension UIViewController {
    /// The nearest navigation controller among this controller's ancestors (its `parent`s), nil
    /// when there is none: the one whose stack holds it or a container it is in.
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
}
