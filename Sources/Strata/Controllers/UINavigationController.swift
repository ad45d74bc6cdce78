import Foundation

// Overall design: a navigation controller is a container over a stack of child controllers. Its
// view holds the top child's view (filling it) and a navigation bar over it, at the top of its
// safe area; the top child's safe area gains the bar's height, so its content lays out below the
// bar while drawing under it. Pushing adds a child and slides its view in from the right over
// the old top's (which slides a third of the way left); popping slides it back out. Both run
// through the containment transition (`transition(from:to:...)`), so the children hear UIKit's
// appearance callbacks, and the bar shows the new top's navigation item.

/// A container that shows one child at a time, from a stack pushed and popped as the user goes
/// deeper into content and back (UIKit's `UINavigationController`). Main actor.
@MainActor
open class UINavigationController: UIViewController {
    /// The bar over the content, showing the top controller's `navigationItem`.
    public private(set) lazy var navigationBar: UINavigationBar = makeBar()

    /// Told when a controller is about to show and when it shows (held weakly).
    open weak var delegate: (any UINavigationControllerDelegate)?

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
            newTop.viewIfLoaded?.frame = container.bounds
            done()
            self.delegate?.navigationController(self, didShow: newTop, animated: animated)
        }
        newTop.containerSafeAreaInsets = barInsets
        guard let oldTop, oldTop.viewIfLoaded?.superview === container else {
            let view = newTop.view!
            view.frame = container.bounds
            container.insertSubview(view, belowSubview: navigationBar)
            finish(true)
            return
        }
        let width = container.bounds.width
        let incoming = newTop.view!
        incoming.frame = container.bounds.offsetBy(dx: pushing ? width : -width / 3, dy: 0)
        let duration = animated ? Self.transitionDuration : 0
        transition(
            from: oldTop, to: newTop, duration: duration, options: [.curveEaseInOut],
            animations: {
                incoming.frame = container.bounds
                oldTop.viewIfLoaded?.frame = container.bounds.offsetBy(dx: pushing ? -width / 3 : width, dy: 0)
            },
            completion: { finished in
                oldTop.viewIfLoaded?.frame = container.bounds
                finish(finished)
            })
        // A pop slides the old top out over the one it uncovers.
        if !pushing, let outgoing = oldTop.viewIfLoaded, outgoing.superview === container { container.insertSubview(outgoing, aboveSubview: incoming) }
        container.bringSubviewToFront(navigationBar)
    }

    /// Shows the stack's navigation items in the bar.
    private func showNavigationItems() {
        navigationBar.setItems(children.map(\.navigationItem), animated: false)
    }

    // MARK: The view and the bar

    private func makeBar() -> UINavigationBar {
        let bar = UINavigationBar()
        bar.backAction = { [weak self] in self?.popViewController(animated: true) }
        bar.fallbackTitle = { [weak self] item in self?.children.first { $0.navigationItem === item }?.title }
        return bar
    }

    /// A view holding the navigation bar; the top controller's view goes under it.
    open override func loadView() {
        let container = UIView(frame: UIScreen.mainBoundsWithoutMaking)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(navigationBar)
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showNavigationItems()
        if let top = topViewController {
            top.containerSafeAreaInsets = barInsets
            let view = top.view!
            view.frame = self.view.bounds
            self.view.insertSubview(view, belowSubview: navigationBar)
        }
    }

    /// Places the bar at the top of the safe area and the top controller's view over the whole
    /// view (its safe area inset by the bar).
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let view = viewIfLoaded else { return }
        let top = view.safeAreaInsets.top - (containerSafeAreaInsets.top + additionalSafeAreaInsets.top)
        navigationBar.frame = CGRect(x: 0, y: max(top, 0), width: view.bounds.width, height: UINavigationBar.height)
        navigationBar.isHidden = isNavigationBarHidden
        if let topView = topViewController?.viewIfLoaded, topView.superview === view, !isTransitioning {
            topView.frame = view.bounds
        }
        topViewController?.containerSafeAreaInsets = barInsets
    }

    /// Whether a push or pop is sliding (its views are placed by the animation).
    private var isTransitioning: Bool { children.contains { $0.viewIfLoaded?.superview === viewIfLoaded && $0 !== topViewController } }

    /// What the bar adds to the top controller's safe area: its height (nothing while hidden).
    private var barInsets: UIEdgeInsets {
        isNavigationBarHidden ? .zero : UIEdgeInsets(top: UINavigationBar.height, left: 0, bottom: 0, right: 0)
    }

    /// Whether the bar is hidden (false).
    open var isNavigationBarHidden = false {
        didSet {
            guard oldValue != isNavigationBarHidden else { return }
            viewIfLoaded?.setNeedsLayout()
            topViewController?.containerSafeAreaInsets = barInsets
        }
    }

    /// Hides or shows the bar (Strata does so at once).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }

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
