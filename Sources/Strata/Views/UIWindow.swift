import Foundation

/// The root of a view tree, shown on a `UIScreen`: UIKit's `UIWindow`.
///
/// Main actor. A window is hidden until `makeKeyAndVisible()` or `isHidden = false`; visible
/// windows of one screen stack by `windowLevel`. A window's frame is in its screen's points.
@MainActor
open class UIWindow: UIView {
    /// A window's stacking level; higher levels show above lower ones.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The level as a number; higher is nearer the viewer.
        public let rawValue: CGFloat
        /// A level from its number.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A level from its number.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// Ordinary windows (0).
        public static let normal = Level(0)
        /// Above ordinary windows (1000).
        public static let statusBar = Level(1000)
        /// Above the status bar (2000).
        public static let alert = Level(2000)
        /// Whether `a` stacks below `b`.
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        /// A level `b` above `a`.
        public static func + (a: Level, b: CGFloat) -> Level { Level(a.rawValue + b) }
    }

    /// The responder that has first-responder status in this window (see
    /// `UIResponder.becomeFirstResponder()`), held weakly.
    weak var firstResponder: UIResponder? {
        didSet {
            // A text input that loses the status without resigning (a forced end) stops editing.
            if oldValue !== firstResponder, let editor = oldValue as? TextEditingHost { editor.lostFirstResponderStatus() }
        }
    }

    /// The first responder when it is `view` or lies inside it (a controller by its view).
    func firstResponder(within view: UIView) -> UIResponder? {
        guard let responder = firstResponder, let shown = responder.firstResponderView, shown.isDescendant(of: view) else { return nil }
        return responder
    }

    /// Asks the first responder to resign (its `canResignFirstResponder`, then
    /// `resignFirstResponder()`) and clears it when it agrees; true when none is left.
    func askFirstResponderToResign() -> Bool {
        guard let current = firstResponder else { return true }
        guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        firstResponder = nil
        return true
    }

    /// Creates a hidden window with the given frame, in screen points.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        _window = self  // a window is its own (see `UIView.window`)
        layer.isHidden = true
    }

    /// Creates a window from an archive: Strata reads none, so this returns nil (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The screen the window shows on; nil shows it nowhere. Not retained: the screen keeps its
    /// windows (as UIKit's application does), and the program keeps the screen.
    public weak var screen: UIScreen? {
        didSet {
            guard oldValue !== screen else { return }
            oldValue?.detach(self)
            screen?.attach(self)
            screenDidChange()
            TraitSystem.refresh(from: self)
        }
    }

    /// The window's frame; a new size re-works its size classes.
    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            sizeMayHaveChanged()
        }
    }

    /// The window's bounds; a new size re-works its size classes.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            super.bounds = newValue
            sizeMayHaveChanged()
        }
    }

    /// The window's traits follow a new size (only its size classes can change).
    private func sizeMayHaveChanged() {
        guard let screen else { return }
        let classes = UIScreen.sizeClasses(for: bounds.size, idiom: screen.userInterfaceIdiom)
        guard classes.horizontal != _traits.horizontalSizeClass || classes.vertical != _traits.verticalSizeClass else { return }
        TraitSystem.refresh(from: self)
    }

    /// Where the window stacks among its screen's visible windows.
    public var windowLevel: Level = .normal {
        didSet { if oldValue != windowLevel { screen?.restack() } }
    }

    /// Whether the window is left off its screen (true until shown). A window shown goes above
    /// the others of its level.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            let wasHidden = super.isHidden
            super.isHidden = newValue
            if wasHidden && !newValue { screen?.bringToFront(self) }
            if wasHidden != newValue { visibilityDidChange() }
        }
    }

    /// The view controller whose view fills the window (nil by default). Setting it installs
    /// that controller's view as the window's content, sized to the window's bounds and resized
    /// with it (flexible width and height); the old root's view leaves first. While the window is
    /// visible the old root disappears and the new one appears, with UIKit's callbacks; a hidden
    /// window's root appears when the window is shown, and disappears when it is hidden.
    /// - Precondition: the controller is not presented and has no parent (UIKit raises there).
    public var rootViewController: UIViewController? {
        willSet { newValue.map(checkRootViewController) }
        didSet {
            guard oldValue !== rootViewController else { return }
            rootViewControllerDidChange(from: oldValue)
        }
    }

    /// Whether this is its screen's key window.
    public private(set) var isKeyWindow = false

    /// The window's touches and gesture recognizers (created with the first input).
    private(set) var _events: EventDispatcher?
    var events: EventDispatcher {
        if let _events { return _events }
        let dispatcher = EventDispatcher(window: self)
        _events = dispatcher
        return dispatcher
    }

    /// The window's key presses and input-method text (created with the first key).
    private(set) var _keys: KeyDispatcher?
    var keys: KeyDispatcher {
        if let _keys { return _keys }
        let dispatcher = KeyDispatcher(window: self)
        _keys = dispatcher
        return dispatcher
    }

    /// The next responder: the application (`UIApplication.shared`), as UIKit documents.
    open override var next: UIResponder? { UIApplication.shared }

    /// Dispatches an event to the views and gesture recognizers of its touches (UIKit's
    /// `sendEvent(_:)`): every touch event delivered to the window passes through here. Override
    /// it to watch events (call `super` to deliver them; not calling it holds the event back).
    /// An event not made by the window's own input has nothing to deliver here. Main actor.
    open func sendEvent(_ event: UIEvent) {
        _events?.dispatch(event)
    }

    /// Stops being the key window (another window of the screen became key).
    func resignKey() { isKeyWindow = false }

    /// Shows the window and makes it the key window of its screen.
    public func makeKeyAndVisible() {
        screen?.windowBecameKey(self)
        isKeyWindow = true
        if isHidden { isHidden = false } else { screen?.bringToFront(self) }
    }
}
