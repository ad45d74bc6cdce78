import Foundation

/// A button for a navigation bar (UIKit's `UIBarButtonItem`): a title, an image, a system item or
/// a custom view, and the action it performs when tapped. Main actor.
///
/// Swift on Linux has no `#selector`: give the action as a method of the target's type
/// (`UIBarButtonItem(title: "Edit", style: .plain, target: self, action: NotesViewController.edit)`,
/// taking nothing or the item), or as a `UIAction` (`primaryAction:`). The target is not retained.
@MainActor
open class UIBarButtonItem: UIBarItem {
    /// How the item looks (UIKit's `UIBarButtonItem.Style`).
    public enum Style: Int, Sendable {
        /// A plain title.
        case plain
        /// A bold title, for the action that ends a task.
        case done
    }

    /// The buttons UIKit provides (UIKit's `UIBarButtonItem.SystemItem`), shown by their titles.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh,
            stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close

        /// The text Strata shows for the item (SF Symbols, UIKit's pictures, are Apple's).
        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .flexibleSpace, .fixedSpace: ""
            case .compose: "Compose"
            case .reply: "Reply"
            case .action: "Share"
            case .organize: "Organize"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .refresh: "Refresh"
            case .stop: "Stop"
            case .camera: "Camera"
            case .trash: "Delete"
            case .play: "Play"
            case .pause: "Pause"
            case .rewind: "Rewind"
            case .fastForward: "Forward"
            case .undo: "Undo"
            case .redo: "Redo"
            case .close: "Close"
            }
        }
    }

    /// How the title looks (`.plain`).
    open var style: Style { didSet { changed() } }
    /// The item's colour; nil takes the bar's tint.
    open var tintColor: UIColor? { didSet { changed() } }
    /// A view shown in place of a button.
    open var customView: UIView? { didSet { changed() } }
    /// The width of a fixed space, or of the item (0: its content's).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?
    /// The action performed when tapped, when made with one (`primaryAction:`).
    open var primaryAction: UIAction? { didSet { changed() } }
    /// Whether the item is hidden (false): a bar leaves it out, as if it were not among its items.
    open var isHidden = false { didSet { if isHidden != oldValue { changed() } } }
    /// Whether the item is selected (false).
    open var isSelected = false { didSet { if isSelected != oldValue { changed() } } }
    /// Whether a tap toggles `isSelected` before the action runs (false).
    open var changesSelectionAsPrimaryAction = false
    /// Titles the item may show, so a bar can leave room for the widest (nil; kept).
    open var possibleTitles: Set<String>?
    /// The menu the item shows when tapped (with no primary action) or long-pressed (nil; kept:
    /// Strata shows no bar item menus yet).
    open var menu: UIMenu? { didSet { changed() } }
    /// The target of a method action (held weakly), and whether one was given.
    public private(set) weak var target: AnyObject?
    private var perform: (@MainActor (AnyObject?, UIBarButtonItem) -> Void)?

    private func changed() { barItemDidChange() }

    /// An item with nothing to show and no action.
    public override init() {
        style = .plain
        systemItem = nil
        super.init()
    }

    /// An item showing `title` (or `image`), performing `primaryAction` when tapped, with `menu`.
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        style = .plain
        systemItem = nil
        self.primaryAction = primaryAction
        self.menu = menu
        super.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
    }

    /// A system item performing `primaryAction` when tapped, with `menu`.
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        style = systemItem == .done ? .done : .plain
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        self.menu = menu
        super.init()
        title = systemItem.title
    }

    /// An item showing `customView`.
    public init(customView: UIView) {
        style = .plain
        systemItem = nil
        self.customView = customView
        super.init()
    }

    /// An item showing `title` that calls `action` (nil: nothing) when tapped. This is the
    /// spelling of UIKit's `init(title:style:target:action:)` with `target: nil, action: nil`
    /// (an item set up later, or whose action is given by `primaryAction` or `menu`); `target`
    /// is kept weakly in `target`.
    public convenience init(title: String?, style: Style, target: AnyObject?, action: (@MainActor () -> Void)?) {
        self.init(title: title)
        self.style = style
        self.target = target
        if let action { perform = { _, _ in action() } }
    }

    /// An item showing `image` that calls `action` (nil: nothing) when tapped; see
    /// `init(title:style:target:action:)`.
    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: (@MainActor () -> Void)?) {
        self.init(image: image)
        self.style = style
        self.target = target
        if let action { perform = { _, _ in action() } }
    }

    /// A system item that calls `action` (nil: nothing) when tapped; see `init(title:style:target:action:)`.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: (@MainActor () -> Void)?) {
        self.init(systemItem: systemItem)
        self.target = target
        if let action { perform = { _, _ in action() } }
    }

    /// An item showing `title`, calling `action` (a method of `target` taking nothing) when tapped.
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        self.init(title: title)
        self.style = style
        setAction(target) { target, _ in action(target)() }
    }

    /// An item showing `title`, calling `action` (a method of `target` taking the item) when tapped.
    public convenience init<Target: AnyObject>(
        title: String?, style: Style, target: Target, action: @escaping @MainActor (Target) -> (UIBarButtonItem) -> Void
    ) {
        self.init(title: title)
        self.style = style
        setAction(target) { target, item in action(target)(item) }
    }

    /// An item showing `image`, calling `action` (a method of `target` taking nothing) when tapped.
    public convenience init<Target: AnyObject>(image: UIImage?, style: Style, target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        self.init(image: image)
        self.style = style
        setAction(target) { target, _ in action(target)() }
    }

    /// A system item calling `action` (a method of `target` taking nothing) when tapped.
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        self.init(systemItem: systemItem)
        setAction(target) { target, _ in action(target)() }
    }

    /// A system item calling `action` (a method of `target` taking the item) when tapped.
    public convenience init<Target: AnyObject>(
        barButtonSystemItem systemItem: SystemItem, target: Target, action: @escaping @MainActor (Target) -> (UIBarButtonItem) -> Void
    ) {
        self.init(systemItem: systemItem)
        setAction(target) { target, item in action(target)(item) }
    }

    private func setAction<Target: AnyObject>(_ target: Target, _ body: @escaping @MainActor (Target, UIBarButtonItem) -> Void) {
        self.target = target
        perform = { target, item in
            guard let target = target as? Target else { return }
            body(target, item)
        }
    }

    /// A flexible space between items.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }

    /// A space `width` points wide.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// Performs the item's action, as a tap does: its `primaryAction`, or its target's method
    /// (nothing when the target is gone or the item is disabled).
    func performAction() {
        guard isEnabled else { return }
        if changesSelectionAsPrimaryAction { isSelected.toggle() }
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.handler(primaryAction)
            primaryAction.sender = nil
        } else if let perform {
            perform(target, self)
        }
    }
}

/// What a view controller shows in a navigation bar when it is on top of a navigation stack
/// (UIKit's `UINavigationItem`): its title (or title view) and its bar button items. Main actor.
@MainActor
open class UINavigationItem {
    /// The title; nil shows the controller's `title`.
    open var title: String? { didSet { changed() } }
    /// A view shown in place of the title.
    open var titleView: UIView? { didSet { changed() } }
    /// The bar's look while this item is on top (nil: the bar's own); a copy is kept.
    open var standardAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = standardAppearance, appearance !== oldValue { standardAppearance = appearance.copy() }
            changed()
        }
    }
    /// The bar's look in a vertically compact environment while this item is on top (nil: the
    /// bar's `compactAppearance`); a copy is kept.
    open var compactAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = compactAppearance, appearance !== oldValue { compactAppearance = appearance.copy() }
            changed()
        }
    }
    /// The bar's look while the content is at its scroll edge and this item is on top (nil: the
    /// bar's `scrollEdgeAppearance`); a copy is kept.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = scrollEdgeAppearance, appearance !== oldValue { scrollEdgeAppearance = appearance.copy() }
            changed()
        }
    }
    /// The bar's look at the scroll edge in a vertically compact environment while this item is
    /// on top (nil: the bar's `compactScrollEdgeAppearance`); a copy is kept.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = compactScrollEdgeAppearance, appearance !== oldValue { compactScrollEdgeAppearance = appearance.copy() }
            changed()
        }
    }
    /// A line of text above the title (kept).
    open var prompt: String?
    /// The item shown as the back button by the item above this one.
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// The back button's title the item above this one shows (nil: this item's title).
    open var backButtonTitle: String? { didSet { changed() } }
    /// How the item above this one shows its back button to it (`.default`): with this item's
    /// back title, with the generic "Back" (`.generic`), or the chevron alone (`.minimal`). A
    /// `backBarButtonItem` shows its own title whatever the mode.
    open var backButtonDisplayMode = BackButtonDisplayMode.default { didSet { changed() } }

    /// UIKit's `UINavigationItem.BackButtonDisplayMode`.
    public enum BackButtonDisplayMode: Int, Sendable { case `default`, generic, minimal }
    /// Whether the back button is hidden while this item is on top (false).
    open var hidesBackButton = false { didSet { changed() } }
    /// Whether left items show beside the back button (false: they replace it).
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// The items at the left, left to right.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// The items at the right, right to left (the first is rightmost).
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// Whether the bar shows this item's title large while it is on top, when the bar
    /// `prefersLargeTitles` (`.automatic`: as the item below it does; the bottom item as the bar).
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic { didSet { changed() } }

    /// UIKit's `UINavigationItem.LargeTitleDisplayMode`: `.automatic` keeps the previous item's
    /// setting, `.always` shows the title large, `.never` small.
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never }

    /// Called when what the item shows changes (the bar shows it again).
    var onChange: (@MainActor () -> Void)?

    private func changed() {
        for item in (leftBarButtonItems ?? []) + (rightBarButtonItems ?? []) + [backBarButtonItem].compactMap({ $0 }) {
            item.onChange = { [weak self] in self?.onChange?() }
        }
        onChange?()
    }

    /// An item titled `title`.
    public init(title: String) { self.title = title }

    /// An item with no title (the controller's shows).
    public init() {}

    /// The leftmost item: the first of `leftBarButtonItems`; setting it replaces them all.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The rightmost item: the first of `rightBarButtonItems`; setting it replaces them all.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// Sets `leftBarButtonItem` (Strata shows it at once).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets `rightBarButtonItem` (Strata shows it at once).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Sets `leftBarButtonItems` (Strata shows them at once).
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets `rightBarButtonItems` (Strata shows them at once).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Sets `hidesBackButton` (Strata shows it at once).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
}
