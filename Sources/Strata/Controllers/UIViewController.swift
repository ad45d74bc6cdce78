import Foundation
import Logging

/// An object that manages a view hierarchy: UIKit's `UIViewController`. Main actor.
///
/// The controller's `view` is made the first time it is read (`loadView()`, then
/// `viewDidLoad()`). It is shown by making the controller a window's `rootViewController`, by
/// presenting it (`present(_:animated:completion:)`), or by a container that adds it as a child
/// (`addChild(_:)`) and puts its view in its own. While its view comes and goes the controller
/// hears UIKit's appearance callbacks in UIKit's order — `viewWillAppear(_:)`,
/// `viewIsAppearing(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`, `viewDidDisappear(_:)` —
/// and around each layout of its view `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`.
/// The `did` callbacks of a transition without animation run right after the commit that shows
/// it (the end of the main-queue turn, or `CATransaction.flush()`); with animation, after the
/// frame that shows its end.
///
/// The controller is in the responder chain: its view's `next` is the controller, and the
/// controller's `next` is the view's superview (for a presented controller, the presenting one).
/// Strata has no nibs or storyboards: build the view in `loadView()` or `viewDidLoad()`.
@MainActor
open class UIViewController: UIResponder {
    /// The model's log (swift-log) for what UIKit reports as console warnings and ignores.
    static let logger = Logger(label: "strata.controllers")

    /// The nib name given to `init(nibName:bundle:)`. Strata has no nibs: a controller with one
    /// traps when it loads its view, as UIKit does for a nib that cannot be found.
    public let nibName: String?
    /// The bundle given to `init(nibName:bundle:)`.
    public let nibBundle: Bundle?

    private var _view: UIView?
    private var isLoadingView = false
    weak var _parent: UIViewController?
    var _children: [UIViewController] = []
    /// The controller this one presents (held here, on the controller that presents).
    var _presented: UIViewController?
    /// The controller that presents this one.
    weak var _presenting: UIViewController?

    /// Where the controller's view is in a transition of appearance.
    enum Appearance { case disappeared, appearing, appeared, disappearing }
    var appearance = Appearance.disappeared
    private var appearanceAnimated = false
    private var isAppearingSent = false
    /// Set while a window (as its root) or a presentation places this controller's view; such a
    /// controller's appearance is driven by them, not by its view moving between windows.
    var isPlaced = false
    /// Set on the controller that presents while one of its presentations or dismissals runs.
    var transitionInFlight = false
    /// The traits last worked out for the controller (see UITraitEnvironment.swift).
    var _traits = TraitSystem.detached
    /// The traits the controller overrides (`traitOverrides`).
    var _traitOverrides = UITraitOverrides()
    /// The handlers registered with `registerForTraitChanges(_:handler:)`.
    var _traitHandlers: [TraitChangeHandler] = []
    /// What `setOverrideTraitCollection(_:forChild:)` set, by child.
    var _childTraitOverrides: [ObjectIdentifier: UITraitCollection] = [:]

    /// A controller with no nib (the view is made by `loadView()`).
    /// - Parameters:
    ///   - nibName: kept in `nibName`; Strata cannot load nibs, so a non-nil name traps when the view loads.
    ///   - bundle: kept in `nibBundle`.
    public init(nibName: String?, bundle: Bundle?) {
        self.nibName = nibName
        self.nibBundle = bundle
        super.init()
    }

    /// A controller with no nib: `init(nibName: nil, bundle: nil)`.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// Creates a controller from an archive: Strata reads none, so this returns nil. It exists so
    /// that subclasses written for UIKit, which declare `required init?(coder:)`, compile unchanged.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: The view

    /// The root view of the controller's hierarchy, made by `loadView()` (then `viewDidLoad()`)
    /// the first time it is read. Setting it replaces the view without calling `viewDidLoad()`;
    /// setting nil unloads it (the next read loads a new one).
    /// - Precondition: the view is not another controller's view; UIKit raises
    ///   `UIViewControllerHierarchyInconsistency` there, Strata traps naming both controllers.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return _view
        }
        set {
            guard newValue !== _view else { return }
            if let newValue, let owner = newValue._viewController, owner !== self {
                preconditionFailure(
                    "UIViewController.view: \(newValue) is already the view of \(owner); a view belongs to at most one view controller — set that controller's view to nil first, or make a new view for \(self)"
                )
            }
            _view?._viewController = nil
            _view = newValue
            newValue?._viewController = self
        }
    }

    /// The view when it has been loaded; nil otherwise (reading this never loads it).
    public var viewIfLoaded: UIView? { _view }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { _view != nil }

    /// Loads the view now when it has not been loaded: `loadView()`, then `viewDidLoad()`.
    /// - Precondition: `loadView()` sets `view` and does not read it before; otherwise this traps
    ///   naming the controller (UIKit would recurse or crash).
    open func loadViewIfNeeded() {
        guard _view == nil else { return }
        precondition(
            !isLoadingView,
            "\(type(of: self)).loadView() read self.view before setting it; make the view, then assign it to self.view (or call super.loadView() first)")
        isLoadingView = true
        loadView()
        isLoadingView = false
        precondition(
            _view != nil,
            "\(type(of: self)).loadView() did not set view; assign the view you make to self.view (or call super.loadView() for a plain one)")
        viewDidLoad()
    }

    /// Makes the controller's view. The default makes a plain `UIView` the size of the main
    /// screen (the first screen made, or 390 × 844 points when there is none yet — reading it
    /// makes no screen), with a flexible width and height and no background colour. Override it
    /// to make your own and assign it to `view`, without calling `super`. Never call it yourself.
    /// - Precondition: no `nibName`; Strata has no nibs, and traps as UIKit does for a missing one.
    open func loadView() {
        if let nibName {
            preconditionFailure(
                "\(type(of: self)): could not load NIB \"\(nibName)\": Strata has no nibs or storyboards; create the controller with init() and build its view in loadView() or viewDidLoad()"
            )
        }
        let plain = UIView(frame: UIScreen.mainBoundsWithoutMaking)
        plain.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = plain
    }

    /// Called once the view has been loaded (after `loadView()`). Override it to finish building the view.
    open func viewDidLoad() {}

    // MARK: Traits (see UITraitEnvironment.swift)

    /// Called after the controller's traits changed, before its view's, with
    /// `UITraitCollection.current` the new traits. The default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Makes `collection`'s traits override what the child controller `childViewController`
    /// inherits (nil: no override); the child's traits and its view's follow. Main actor.
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        _childTraitOverrides[ObjectIdentifier(childViewController)] = collection
        childViewController.refreshTraits()
    }

    /// The traits set with `setOverrideTraitCollection(_:forChild:)` for `childViewController`.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        _childTraitOverrides[ObjectIdentifier(childViewController)]
    }

    // MARK: Appearance callbacks

    /// The view is about to be added to a visible view hierarchy (`animated`: with an animation).
    open func viewWillAppear(_ animated: Bool) {}

    /// The view has been added to the hierarchy and placed by its superview, before it is laid
    /// out and before `viewDidAppear(_:)`.
    open func viewIsAppearing(_ animated: Bool) {}

    /// The view was added to a visible hierarchy and shown (after the commit, or the animation).
    open func viewDidAppear(_ animated: Bool) {}

    /// The view is about to be removed from the visible hierarchy or covered.
    open func viewWillDisappear(_ animated: Bool) {}

    /// The view was removed from the visible hierarchy or covered.
    open func viewDidDisappear(_ animated: Bool) {}

    /// The view is about to lay out its subviews (called just before its `layoutSubviews()`).
    open func viewWillLayoutSubviews() {}

    /// The view has laid out its subviews (called just after its `layoutSubviews()`).
    open func viewDidLayoutSubviews() {}

    /// Called when the program is short of memory; Strata never sends it. Kept for UIKit code.
    open func didReceiveMemoryWarning() {}

    // MARK: Appearance transitions

    /// Starts an appearance (`isAppearing` true) or a disappearance of the view, calling
    /// `viewWillAppear(_:)` or `viewWillDisappear(_:)`, and forwarding it to the children whose
    /// views are in this view when `shouldAutomaticallyForwardAppearanceMethods`. Containers
    /// that forward by hand call it with `endAppearanceTransition()`. A call that repeats the
    /// transition already under way (or done) does nothing.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            isAppearingSent = false
            appearanceAnimated = animated
            loadViewIfNeeded()
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        }
        for child in forwardedChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the transition `beginAppearanceTransition(_:animated:)` started: `viewIsAppearing(_:)`
    /// (when not sent yet) and `viewDidAppear(_:)`, or `viewDidDisappear(_:)`; then the same for
    /// the children it forwarded to. Does nothing when no transition is under way.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            sendIsAppearing()
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
        case .appeared, .disappeared:
            return
        }
        for child in forwardedChildren { child.endAppearanceTransition() }
    }

    /// Whether this controller passes its appearance callbacks on to its children (true). A
    /// container that returns false calls `beginAppearanceTransition(_:animated:)` and
    /// `endAppearanceTransition()` on its children itself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The children an appearance transition reaches: those whose views are in this view.
    private var forwardedChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = _view else { return [] }
        return _children.filter { $0._view?.isDescendant(of: view) == true }
    }

    /// Sends `viewIsAppearing(_:)` once per appearance, then to the children appearing with it.
    func sendIsAppearing() {
        guard appearance == .appearing, !isAppearingSent else { return }
        isAppearingSent = true
        viewIsAppearing(appearanceAnimated)
        for child in forwardedChildren { child.sendIsAppearing() }
    }

    /// Whether the view is shown: appeared, or appearing.
    var isVisibleOrAppearing: Bool { appearance == .appeared || appearance == .appearing }

    /// The view is about to move to `window` (nil: leaving its window). For a controller no
    /// window or presentation places (a child, or a view added by hand), this is where its
    /// appearance starts: entering a visible window while its parent is shown, or leaving one.
    func viewWillMove(toWindow window: UIWindow?) {
        guard !isPlaced else { return }
        if let window, !window.isHidden {
            if let parent = _parent, !(parent.shouldAutomaticallyForwardAppearanceMethods && parent.isVisibleOrAppearing) { return }
            beginAppearanceTransition(true, animated: false)
        } else {
            beginAppearanceTransition(false, animated: false)
        }
    }

    /// The view moved to another window (or out of its window): ends what `viewWillMove(toWindow:)`
    /// started, unless the parent is in a transition of its own, which ends it with its own.
    func viewDidMoveToWindow() {
        guard !isPlaced else { return }
        switch appearance {
        case .appearing where _view?.window != nil && (_parent.map { $0.appearance == .appeared } ?? true):
            endAppearanceTransition()
        case .disappearing where _view?.window == nil && _parent?.appearance != .disappearing:
            endAppearanceTransition()
        default:
            break
        }
    }

    // MARK: Children (see UIViewController+Containment.swift)

    /// Makes `childController` a child of this controller, calling its `willMove(toParent:)`
    /// with this controller first (a controller that had another parent leaves it). Add its view
    /// to this view yourself, then call its `didMove(toParent:)`.
    /// - Precondition: `childController` is not this controller or one of its ancestors, and is
    ///   not presented; UIKit raises an exception there, Strata traps before anything changes.
    open func addChild(_ childController: UIViewController) { addChildController(childController) }

    /// Removes the controller from its parent, then calls its `didMove(toParent: nil)`. Call
    /// `willMove(toParent: nil)` before and remove its view yourself. Nothing happens without a parent.
    open func removeFromParent() { removeFromParentController() }

    /// Called before the controller is added to (`parent`) or removed from (nil) a container.
    /// Call `super` when you override it.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, _parent != nil { isMovingFromParent = true }
    }

    /// Called after the controller was added to (`parent`) or removed from (nil) a container.
    /// Call `super` when you override it.
    open func didMove(toParent parent: UIViewController?) {
        if parent != nil { isMovingToParent = false }
    }

    /// Replaces child `fromViewController`'s view with child `toViewController`'s in the same
    /// superview: the new view goes in above the old one, `animations` run as a
    /// `UIView.animate` block of `duration` with `options` (their curve), and when it ends the
    /// old view leaves and `completion` runs. While this controller is shown, the children
    /// disappear and appear with UIKit's callbacks (the `did` ones at the end). Add the new
    /// child with `addChild(_:)` first; remove the old one yourself in `completion`.
    /// - Precondition: both are children of this controller and the old one's view is in a
    ///   superview, as UIKit requires.
    open func transition(
        from fromViewController: UIViewController, to toViewController: UIViewController, duration: TimeInterval,
        options: UIView.AnimationOptions = [], animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(
            fromViewController._parent === self && toViewController._parent === self,
            "UIViewController.transition: children view controllers \(fromViewController) and \(toViewController) must have a common parent view controller (\(self)) when calling transition(from:to:duration:options:animations:completion:)"
        )
        guard let container = fromViewController.viewIfLoaded?.superview else {
            preconditionFailure(
                "UIViewController.transition: the view of \(fromViewController) is in no superview; add it to \(self)'s view before transitioning from it")
        }
        let shown = isVisibleOrAppearing && shouldAutomaticallyForwardAppearanceMethods
        let animated = duration > 0
        if shown {
            fromViewController.beginAppearanceTransition(false, animated: animated)
            toViewController.beginAppearanceTransition(true, animated: animated)
        }
        // The views move under this call's control: their window changes do not drive appearance.
        fromViewController.isPlaced = true
        toViewController.isPlaced = true
        let toView = toViewController.view!
        container.insertSubview(toView, aboveSubview: fromViewController.view)
        if shown { toViewController.sendIsAppearing() }
        let finish: @MainActor (Bool) -> Void = { finished in
            fromViewController.viewIfLoaded?.removeFromSuperview()
            fromViewController.isPlaced = false
            toViewController.isPlaced = false
            if shown {
                fromViewController.endAppearanceTransition()
                toViewController.endAppearanceTransition()
            }
            completion?(finished)
        }
        UIView.animate(withDuration: duration, delay: 0, options: options, animations: { animations?() }, completion: finish)
    }

    // MARK: Presentation (see UIViewController+Presentation.swift)

    /// How the controller is shown when presented (`.automatic` by default). See
    /// `UIModalPresentationStyle` for what each style does in Strata.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic

    /// How the controller's view comes and goes when presented with animation
    /// (`.coverVertical` by default). Set it before presenting.
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical

    /// The controller presented by this controller or by one of its ancestors; nil when none.
    open var presentedViewController: UIViewController? { presentationContext._presented }

    /// The controller that presented this controller or its farthest ancestor; nil when neither
    /// was presented.
    open var presentingViewController: UIViewController? { presentationContext._presenting }

    /// Presents `viewControllerToPresent` over this controller's content, modally: its view
    /// fills the window, arriving as its `modalTransitionStyle` says when `flag` is true.
    /// The controller that presents is the farthest ancestor of this one (its `parent`s), which
    /// becomes `presentingViewController`. `completion` runs after the presented controller's
    /// `viewDidAppear(_:)`. As UIKit, a controller already presenting another, or whose view is
    /// in no window, presents nothing and logs why (the completion is not called).
    /// - Precondition: `viewControllerToPresent` is not this controller, not already presented,
    ///   has no parent, and its view is in no window; UIKit raises an exception there, Strata
    ///   traps before anything changes.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        performPresentation(of: viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one (or an ancestor) presented, with every controller
    /// presented above it; called on a presented controller, its presenting controller dismisses
    /// it. Only the top view animates away when `flag` is true. `completion` runs after the
    /// controllers' `viewDidDisappear(_:)` and the uncovered controller's `viewDidAppear(_:)`.
    /// Nothing happens (and `completion` is not called) when there is nothing to dismiss, or,
    /// logged, while a presentation or dismissal of the same controllers is running.
    open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    /// Shows `vc` in the primary context: pushed on the navigation controller this controller is
    /// in; with no container to push it, presented modally with animation, as UIKit does.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigationController {
            navigationController.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    // MARK: The responder chain

    /// The next responder: for a presented controller the controller that presented it,
    /// otherwise the view's superview (the window, for a window's root view controller).
    /// A controller is first responder of the window its loaded view is in.
    override var responderWindow: UIWindow? { _view?.window }
    override var firstResponderView: UIView? { _view }

    open override var next: UIResponder? {
        if let _presenting { return _presenting }
        return _view?._superview
    }

    // MARK: Other properties

    /// A title for the controller. As UIKit documents, setting it sets the title of its
    /// `navigationItem` and of its `tabBarItem` (when it has one), so a navigation bar and a tab
    /// bar show it.
    open var title: String? {
        didSet { if title != oldValue { navigationItemChanged() } }
    }

    /// What the controller shows in a navigation bar when it is on top of a navigation stack
    /// (made on first use, titled with the controller's `title`).
    public var navigationItem: UINavigationItem {
        if let item = _navigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        _navigationItem = item
        return item
    }
    private var _navigationItem: UINavigationItem?

    /// The title changed: it becomes the navigation item's and the tab bar item's.
    private func navigationItemChanged() {
        if let item = _navigationItem { item.title = title }
        if let item = _tabBarItem { item.title = title }
    }

    /// What a tab bar shows for the controller in a tab bar controller: made on first use with the
    /// controller's `title` (which it follows until another item is set).
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = _tabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            (_tabBarItem, tabBarItemIsDefault) = (item, true)
            return item
        }
        set {
            (_tabBarItem, tabBarItemIsDefault) = (newValue, false)
            tabBarController?.tabBarItemsChanged()
        }
    }
    private var _tabBarItem: UITabBarItem?
    private var tabBarItemIsDefault = false

    /// What a container (a navigation controller's bar) adds to the view's safe area, besides
    /// `additionalSafeAreaInsets`.
    package var containerSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard containerSafeAreaInsets != oldValue, let view = _view else { return }
            view.safeAreaInsetsChanged()
            viewSafeAreaInsetsDidChange()
        }
    }

    /// The size the controller would like its view to have in a container (zero by default).
    /// Setting it tells the parent through `preferredContentSizeDidChange(forChildContentContainer:)`.
    open var preferredContentSize: CGSize = .zero {
        didSet {
            if preferredContentSize != oldValue { _parent?.preferredContentSizeDidChange(forChildContentContainer: self) }
        }
    }

    /// A child's `preferredContentSize` changed. The default does nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIViewController) {}

    /// Insets added to the view's safe area (zero by default): the view's `safeAreaInsets` are
    /// these plus what its superview's safe area gives it, and so are its subviews'.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue, let view = _view else { return }
            view.safeAreaInsetsChanged()
            viewSafeAreaInsetsDidChange()
        }
    }

    /// The view's safe area changed. The default does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    /// The view's layout margins changed (UIKit calls it after `layoutMargins` or
    /// `directionalLayoutMargins` of the controller's view change). Override it to react; the
    /// default does nothing. Main actor.
    open func viewLayoutMarginsDidChange() {}

    /// The edges of the view that reach under its container's bars (`.all` by default): a
    /// navigation controller places a view without `.top` below its navigation bar, and one
    /// without `.bottom` above its toolbar, and adds those bars to its safe area only where the
    /// view reaches under them.
    open var edgesForExtendedLayout = UIRectEdge.all {
        didSet { if edgesForExtendedLayout != oldValue { barLayoutMayHaveChanged() } }
    }

    /// Whether the view reaches under opaque bars too (false by default: an opaque bar —
    /// `isTranslucent` false — keeps the view out from under it whatever `edgesForExtendedLayout` says).
    open var extendedLayoutIncludesOpaqueBars = false {
        didSet { if extendedLayoutIncludesOpaqueBars != oldValue { barLayoutMayHaveChanged() } }
    }

    /// Whether the bar at the bottom of the screen — the tab bar of the tab bar controller the
    /// navigation controller is in, and the navigation controller's toolbar — is hidden while
    /// this controller is on the navigation stack (false by default).
    open var hidesBottomBarWhenPushed = false {
        didSet { if hidesBottomBarWhenPushed != oldValue { barLayoutMayHaveChanged() } }
    }

    /// The items a navigation controller's toolbar shows while this controller is on top of its
    /// stack (nil by default).
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { barLayoutMayHaveChanged() }
    }

    /// Sets `toolbarItems` (Strata shows them at once).
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        self.toolbarItems = toolbarItems
    }

    /// Whether the controller's view is in editing mode (false by default).
    open var isEditing = false

    /// Sets `isEditing`, and turns `editButtonItem` into "Done" (`.done`) while editing, "Edit"
    /// otherwise. Override it to update the view; call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        if let item = _editButtonItem { Self.show(editing, on: item) }
    }

    /// A bar button item that toggles between "Edit" and "Done" and the controller's editing
    /// state with them: a tap calls `setEditing(!isEditing, animated: true)`. Made on first use.
    public var editButtonItem: UIBarButtonItem {
        if let item = _editButtonItem { return item }
        let item = UIBarButtonItem(
            primaryAction: UIAction { [weak self] _ in
                guard let self else { return }
                self.setEditing(!self.isEditing, animated: true)
            })
        Self.show(isEditing, on: item)
        _editButtonItem = item
        return item
    }
    private var _editButtonItem: UIBarButtonItem?

    private static func show(_ editing: Bool, on item: UIBarButtonItem) {
        item.title = editing ? "Done" : "Edit"
        item.style = editing ? .done : .plain
    }

    // MARK: Status bar and presentation context (kept: Strata draws no status bar)

    /// The status bar style the controller prefers (`.default`; kept).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the controller prefers the status bar hidden (false; kept).
    open var prefersStatusBarHidden: Bool { false }
    /// Tells UIKit the status bar preferences changed (Strata draws no status bar: does nothing).
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// Whether a presented controller refuses interactive dismissal (false; kept: Strata has no
    /// interactive dismissal).
    open var isModalInPresentation = false
    /// Whether this controller's view is covered by a `.currentContext` presentation from a
    /// controller inside it (false; kept).
    open var definesPresentationContext = false
    /// Whether a presentation's status bar appearance comes from the presented controller
    /// (false; kept).
    open var modalPresentationCapturesStatusBarAppearance = false

    /// Whether the controller is being presented, from `present(_:animated:completion:)` until
    /// its presentation finishes.
    public internal(set) var isBeingPresented = false
    /// Whether the controller is being dismissed, from `dismiss(animated:completion:)` until it finishes.
    public internal(set) var isBeingDismissed = false
    /// Whether the controller is being added to a parent: from `addChild(_:)` until `didMove(toParent:)`.
    public internal(set) var isMovingToParent = false
    /// Whether the controller is being removed from its parent: from `willMove(toParent: nil)`
    /// until `removeFromParent()` finishes.
    public internal(set) var isMovingFromParent = false
}

extension UIScreen {
    /// The bounds `UIScreen.main` has, without making a screen when none exists (390 × 844).
    static var mainBoundsWithoutMaking: CGRect {
        existingMain?.bounds ?? CGRect(x: 0, y: 0, width: 390, height: 844)
    }
}
