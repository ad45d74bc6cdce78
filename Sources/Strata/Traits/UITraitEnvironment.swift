import Foundation

/// An object with traits inherited through the interface's hierarchy: UIKit's
/// `UITraitEnvironment`. Screens, windows, view controllers and views adopt it. Main actor.
@MainActor
public protocol UITraitEnvironment: AnyObject {
    /// The traits in force here.
    var traitCollection: UITraitCollection { get }
    /// Called after `traitCollection` changed, with the collection before.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

/// What `registerForTraitChanges(_:handler:)` returns, to hand to
/// `unregisterForTraitChanges(_:)`: UIKit's `UITraitChangeRegistration`.
public protocol UITraitChangeRegistration: Sendable {}

/// An object that calls handlers when some of its traits change: UIKit's
/// `UITraitChangeObservable` (views and view controllers). Main actor.
@MainActor
public protocol UITraitChangeObservable: AnyObject {
    /// Stops calling the handler `registration` stands for.
    func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

/// A handler registered for some traits: called with the environment and its traits before
/// the change when any of them changed.
final class TraitChangeHandler: UITraitChangeRegistration, @unchecked Sendable {
    let traits: Set<ObjectIdentifier>
    /// Main actor only (held by a main-actor object, called there).
    let call: (AnyObject, UITraitCollection) -> Void

    /// A handler of `traits` calling `handler` with the environment as the type it asked for.
    init<Environment: UITraitEnvironment>(traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void) {
        self.traits = Set(traits.map { ObjectIdentifier($0) })
        self.call = { environment, previous in
            if let environment = environment as? Environment { handler(environment, previous) }
        }
    }
}

extension UITraitOverrides {
    /// The overridden appearance, `.unspecified` when not overridden; setting `.unspecified`
    /// stops overriding it (what `overrideUserInterfaceStyle` reads and writes).
    var styleOverride: UIUserInterfaceStyle {
        get { contains(UITraitUserInterfaceStyle.self) ? userInterfaceStyle : .unspecified }
        set {
            if newValue == .unspecified {
                remove(UITraitUserInterfaceStyle.self)
            } else {
                userInterfaceStyle = newValue
            }
        }
    }
}

/// The traits of views and controllers kept in step with the hierarchy: when a view moves, an
/// override is set, a window's size or screen changes, or the system's appearance or text size
/// changes, the traits of the subtree below are worked out again (an explicit stack; a subtree
/// whose inherited traits did not change is left alone), then every view and controller whose
/// traits changed hears it, superviews first: `traitCollectionDidChange(_:)` and the handlers
/// registered for the traits that changed, with `UITraitCollection.current` its new traits; a
/// change of colour appearance re-resolves the view's dynamic background colour and redraws
/// what it drew; a change of text size refits fonts that follow it. Main actor.
@MainActor
enum TraitSystem {
    /// The traits of a view in no window and of a controller in no hierarchy: the main screen's
    /// (without size classes), or a phone at the default main screen scale before any screen is made.
    static var detached: UITraitCollection {
        if let cached = detachedCache { return cached }
        let traits =
            UIScreen.existingMain.map { $0.systemTraits(sizeClassesFor: nil) }
            ?? UIScreen.systemTraits(idiom: .phone, scale: UIImage.mainScreenScale, style: .light, size: nil)
        detachedCache = traits
        return traits
    }
    private static var detachedCache: UITraitCollection?

    /// The main screen was made: detached views take its traits, and the user's text size is
    /// followed from now on.
    static func mainScreenMade() {
        detachedCache = nil
        guard !followsTextSize else { return }
        followsTextSize = true
        _ = NotificationCenter.default.addObserver(forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { systemTraitsChanged() }
        }
    }
    /// Whether the text size observer is installed (once per process).
    private static var followsTextSize = false

    /// The system's traits changed (appearance, text size): every window of every screen is refreshed.
    static func systemTraitsChanged() {
        detachedCache = nil
        for screen in UIScreen.screens { screen.systemTraitsChanged() }
    }

    /// `inherited` with `overrides` applied on top (the same object when there are none).
    static func compose(_ inherited: UITraitCollection, _ overrides: TraitStorage?) -> UITraitCollection {
        guard let overrides, !overrides.isEmpty else { return inherited }
        var storage = inherited.storage
        storage.merge(overrides)
        return UITraitCollection(storage: storage)
    }

    /// Whether two collections hold the same traits.
    static func same(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a === b || difference(a, from: b).changed.isEmpty }

    /// How `new` differs from `old`: the traits changed, and whether colour appearance and text size are among them.
    struct Difference {
        let changed: Set<ObjectIdentifier>
        let colorAppearance: Bool
        let contentSize: Bool
    }

    /// The last pair compared and how they differ: views added one by one under the same
    /// superview compare the same two collections (the superview's, and the one they had), so
    /// the comparison (a walk of both collections' traits) is made once. Held strongly, so the
    /// identities cannot be reused while remembered.
    private static var lastDifference: (new: UITraitCollection, old: UITraitCollection, difference: Difference)?

    /// How `new` differs from `old` (remembered for the last pair).
    static func difference(_ new: UITraitCollection, from old: UITraitCollection) -> Difference {
        if let last = lastDifference, last.new === new, last.old === old { return last.difference }
        let changed = new.storage.changedTraits(from: old.storage)
        let difference = Difference(
            changed: Set(changed.map { ObjectIdentifier($0) }), colorAppearance: changed.contains { $0.affectsColorAppearance },
            contentSize: changed.contains { $0 == UITraitPreferredContentSizeCategory.self })
        lastDifference = (new, old, difference)
        return difference
    }

    /// One view or controller whose traits changed.
    private struct Change {
        let view: UIView?
        let controller: UIViewController?
        let previous: UITraitCollection
    }

    /// Works out the traits of `root` and its subtree again and tells those whose traits changed.
    static func refresh(from root: UIView) {
        var changes: [Change] = []
        var pending: [(view: UIView, inherited: UITraitCollection)] = [(root, root.inheritedTraits())]
        while let (view, inherited) = pending.popLast() {
            var above = inherited
            if let controller = view._viewController {
                let traits = controller.composeTraits(inherited: inherited)
                if !same(traits, controller._traits) {
                    changes.append(Change(view: nil, controller: controller, previous: controller._traits))
                    controller._traits = traits
                }
                above = controller._traits
            }
            let traits = compose(above, view._traitOverrides.traitStorage)
            // Unchanged traits here mean unchanged traits below: the subtree is left alone.
            guard !same(traits, view._traits) else { continue }
            changes.append(Change(view: view, controller: nil, previous: view._traits))
            view._traits = traits
            for subview in view._subviews.reversed() where !(subview is UIWindow) { pending.append((subview, traits)) }
        }
        for change in changes {
            if let view = change.view {
                view.traitsDidChange(from: change.previous)
            } else if let controller = change.controller {
                controller.traitsDidChange(from: change.previous)
            }
        }
    }

    /// Calls the handlers of `handlers` registered for a trait that differs between `previous`
    /// and `current`.
    static func callHandlers(_ handlers: [TraitChangeHandler], of environment: AnyObject, current: UITraitCollection, previous: UITraitCollection) {
        guard !handlers.isEmpty else { return }
        let changed = difference(current, from: previous).changed
        for handler in handlers where !handler.traits.isDisjoint(with: changed) {
            handler.call(environment, previous)
        }
    }
}

// MARK: Screens

extension UIScreen: UITraitEnvironment {
    /// The screen's traits: its idiom, scale, size classes for its whole bounds, the system's
    /// appearance (`setUserInterfaceStyle(_:)`) and text size, left-to-right, sRGB, the base
    /// level, normal contrast, regular text weight, no 3D Touch.
    public var traitCollection: UITraitCollection { systemTraits(sizeClassesFor: bounds.size) }

    /// Does nothing: a screen's traits change only with the system's.
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The screen's traits, with size classes for `size` (nil: none specified).
    func systemTraits(sizeClassesFor size: CGSize?) -> UITraitCollection {
        Self.systemTraits(idiom: userInterfaceIdiom, scale: scale, style: systemUserInterfaceStyle, size: size)
    }

    /// The traits of a screen of `idiom` and `scale` in `style`, with size classes for `size`.
    static func systemTraits(idiom: UIUserInterfaceIdiom, scale: CGFloat, style: UIUserInterfaceStyle, size: CGSize?) -> UITraitCollection {
        UITraitCollection { traits in
            traits.userInterfaceIdiom = idiom
            traits.displayScale = scale
            traits.userInterfaceStyle = style
            traits.preferredContentSizeCategory = UIContentSizeCategory.current.withLock { $0 }
            traits.layoutDirection = .leftToRight
            traits.displayGamut = .SRGB
            traits.userInterfaceLevel = .base
            traits.accessibilityContrast = .normal
            traits.legibilityWeight = .regular
            traits.forceTouchCapability = .unavailable
            if let size {
                let classes = sizeClasses(for: size, idiom: idiom)
                traits.horizontalSizeClass = classes.horizontal
                traits.verticalSizeClass = classes.vertical
            }
        }
    }

    /// UIKit's size classes for an area of `size` on a screen of `idiom`, from the sizes Apple
    /// lists for its devices: on a phone the width is regular from 896 points (the landscape
    /// width of the Plus and Max phones; 874 and under stays compact) and the height compact
    /// under 500 (every phone in landscape); on any other idiom the width is regular from 678
    /// points (half of a 12.9-inch iPad in landscape; 590 and under, as half an 11-inch one, is
    /// compact) and the height always regular.
    static func sizeClasses(for size: CGSize, idiom: UIUserInterfaceIdiom) -> (horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass) {
        if idiom == .phone {
            return (size.width >= 896 ? .regular : .compact, size.height < 500 ? .compact : .regular)
        }
        return (size.width >= 678 ? .regular : .compact, .regular)
    }

    /// The idiom a screen of `size` takes unless told: a phone when its shorter side is under
    /// 600 points (every iPhone's is 440 or less), else a pad (every iPad's is 744 or more).
    static func defaultIdiom(for size: CGSize) -> UIUserInterfaceIdiom {
        min(size.width, size.height) < 600 ? .phone : .pad
    }

    /// The system's appearance changed: the windows' traits follow.
    func systemTraitsChanged() {
        for window in allWindows { TraitSystem.refresh(from: window) }
    }

    /// Sets the system's light or dark appearance for this screen, as the user does in Settings
    /// (Strata's host API; `.light` until set): every window's traits follow, and views with
    /// dynamic colours redraw. Main actor.
    public func setUserInterfaceStyle(_ style: UIUserInterfaceStyle) {
        guard style != systemUserInterfaceStyle else { return }
        systemUserInterfaceStyle = style
        if self === UIScreen.existingMain { TraitSystem.systemTraitsChanged() } else { systemTraitsChanged() }
    }

    /// Sets the kind of device the screen stands for (Strata's host API; by default a phone when
    /// the shorter side is under 600 points, else a pad). Size classes follow it. Main actor.
    public func setUserInterfaceIdiom(_ idiom: UIUserInterfaceIdiom) {
        guard idiom != userInterfaceIdiom else { return }
        userInterfaceIdiom = idiom
        if self === UIScreen.existingMain { TraitSystem.systemTraitsChanged() } else { systemTraitsChanged() }
    }
}

// MARK: Views

extension UIView: UITraitEnvironment, UITraitChangeObservable {
    /// The view's traits: its superview's (a controller's root view: its controller's; a window:
    /// its screen's, with size classes for the window's bounds) with `traitOverrides` on top.
    /// A view in no hierarchy has the main screen's traits without size classes. Main actor.
    public var traitCollection: UITraitCollection { _traits }

    /// The traits this view overrides for itself and its subviews (iOS 17's `traitOverrides`):
    /// setting one re-works the traits of the subtree and tells those whose traits changed.
    public var traitOverrides: UITraitOverrides {
        get { _traitOverrides }
        set {
            _traitOverrides = newValue
            TraitSystem.refresh(from: self)
        }
    }

    /// The appearance this view and its subviews take whatever they inherit (`.unspecified`:
    /// inherit): the `userInterfaceStyle` of `traitOverrides`.
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { _traitOverrides.styleOverride }
        set { traitOverrides.styleOverride = newValue }
    }

    /// Calls `handler` with the view and its traits before the change whenever one of `traits`
    /// changes, after `traitCollectionDidChange(_:)`. The registration lasts as long as the view,
    /// or until `unregisterForTraitChanges(_:)`. Main actor.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let registration = TraitChangeHandler(traits: traits, handler: handler)
        _traitHandlers.append(registration)
        return registration
    }

    /// Stops calling the handler `registration` stands for.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        _traitHandlers.removeAll { $0 === registration as? TraitChangeHandler }
    }

    /// Forces the traits of this view's subtree up to date now (they already are: Strata works
    /// them out when the hierarchy or an override changes).
    public func updateTraitsIfNeeded() {}

    /// The traits this view inherits before its own overrides.
    func inheritedTraits() -> UITraitCollection {
        if let window = self as? UIWindow { return window.windowTraits() }
        if let superview = _superview { return superview._traits }
        if let controller = _viewController { return controller.inheritedTraitsWithoutView() }
        return TraitSystem.detached
    }

    /// The traits changed: the view hears it, its handlers run, and what depends on them follows.
    func traitsDidChange(from previous: UITraitCollection) {
        let current = _traits
        CurrentTraits.with(current) {
            traitCollectionDidChange(previous)
            TraitSystem.callHandlers(_traitHandlers, of: self, current: current, previous: previous)
            let difference = TraitSystem.difference(current, from: previous)
            if difference.colorAppearance { colorAppearanceDidChange() }
            if difference.contentSize { contentSizeCategoryDidChange() }
        }
    }

    /// Dynamic colours resolve anew: the background colour, and a redraw of what the view drew.
    func colorAppearanceDidChange() {
        if let color = _backgroundColor, color.isDynamic { layer.backgroundColor = color.resolvedColor(with: _traits).cgColor }
        if case .backingStore = layer.contentsSource { setNeedsDisplay() }
    }
}

extension UIWindow {
    /// A window's traits before its overrides: its screen's (or a detached view's), with size
    /// classes for the window's bounds.
    func windowTraits() -> UITraitCollection {
        guard let screen else { return TraitSystem.detached }
        return screen.systemTraits(sizeClassesFor: bounds.size)
    }
}

// MARK: View controllers

extension UIViewController: UITraitEnvironment, UITraitChangeObservable {
    /// The controller's traits: those of its view's superview (before its view is in a
    /// hierarchy: its parent's, or its presenter's), with what its parent overrides for it
    /// (`setOverrideTraitCollection(_:forChild:)`) and its own `traitOverrides` on top. Its view
    /// inherits them. Main actor.
    public var traitCollection: UITraitCollection {
        if let view = viewIfLoaded, view._superview != nil || view is UIWindow { return _traits }
        return composeTraits(inherited: inheritedTraitsWithoutView())
    }

    /// The traits this controller overrides for itself and its view's hierarchy (iOS 17's
    /// `traitOverrides`).
    public var traitOverrides: UITraitOverrides {
        get { _traitOverrides }
        set {
            _traitOverrides = newValue
            refreshTraits()
        }
    }

    /// The appearance this controller and its views take whatever they inherit (`.unspecified`:
    /// inherit).
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { _traitOverrides.styleOverride }
        set { traitOverrides.styleOverride = newValue }
    }

    /// Calls `handler` with the controller and its traits before the change whenever one of
    /// `traits` changes, after `traitCollectionDidChange(_:)`. Main actor.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let registration = TraitChangeHandler(traits: traits, handler: handler)
        _traitHandlers.append(registration)
        return registration
    }

    /// Stops calling the handler `registration` stands for.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        _traitHandlers.removeAll { $0 === registration as? TraitChangeHandler }
    }

    /// Forces traits up to date now (they already are in Strata).
    public func updateTraitsIfNeeded() {}

    /// `inherited` with the parent's override for this controller and its own overrides on top.
    func composeTraits(inherited: UITraitCollection) -> UITraitCollection {
        let fromParent = _parent?.overrideTraitCollection(forChild: self)
        guard fromParent != nil || !_traitOverrides.traitStorage.isEmpty else { return inherited }
        var storage = inherited.storage
        if let fromParent { storage.merge(fromParent.storage) }
        storage.merge(_traitOverrides.traitStorage)
        return UITraitCollection(storage: storage)
    }

    /// What the controller inherits while its view is in no hierarchy: its parent's traits, its
    /// presenter's, or a detached view's.
    func inheritedTraitsWithoutView() -> UITraitCollection {
        if let parent = _parent { return parent.traitCollection }
        if let presenting = _presenting { return presenting.traitCollection }
        return TraitSystem.detached
    }

    /// Works the traits out again for this controller and its view's subtree.
    func refreshTraits() {
        if let view = viewIfLoaded {
            TraitSystem.refresh(from: view)
        } else {
            _traits = traitCollection
        }
    }

    /// The traits changed: the controller hears it and its handlers run.
    func traitsDidChange(from previous: UITraitCollection) {
        let current = _traits
        CurrentTraits.with(current) {
            traitCollectionDidChange(previous)
            TraitSystem.callHandlers(_traitHandlers, of: self, current: current, previous: previous)
        }
    }
}
