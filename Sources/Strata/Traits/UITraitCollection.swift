import Foundation

/// The traits of an interface's environment — appearance, size classes, display scale, text
/// size, idiom and any custom traits: UIKit's `UITraitCollection`.
///
/// Immutable, so any thread. A collection specifies some traits; reading one it does not specify
/// gives the trait's `defaultValue` (`.unspecified` for the system traits). Screens, windows,
/// view controllers and views each have one (`traitCollection`), inherited down the hierarchy
/// with the overrides set along the way (see `UITraitEnvironment`).
public final class UITraitCollection: NSObject, @unchecked Sendable {
    /// The specified traits, by their definition type.
    let storage: TraitStorage

    init(storage: TraitStorage) { self.storage = storage }

    /// A trait collection that specifies nothing.
    public override init() { storage = TraitStorage() }

    /// A collection that specifies only `trait`, as `value`.
    public convenience init<T: UITraitDefinition>(_ trait: T.Type, value: T.Value) {
        var storage = TraitStorage()
        storage[trait] = value
        self.init(storage: storage)
    }

    /// A collection that specifies only the interface idiom.
    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) { self.init(UITraitUserInterfaceIdiom.self, value: idiom) }
    /// A collection that specifies only the light or dark appearance.
    public convenience init(userInterfaceStyle style: UIUserInterfaceStyle) { self.init(UITraitUserInterfaceStyle.self, value: style) }
    /// A collection that specifies only the horizontal size class.
    public convenience init(horizontalSizeClass sizeClass: UIUserInterfaceSizeClass) {
        self.init(UITraitHorizontalSizeClass.self, value: sizeClass)
    }
    /// A collection that specifies only the vertical size class.
    public convenience init(verticalSizeClass sizeClass: UIUserInterfaceSizeClass) {
        self.init(UITraitVerticalSizeClass.self, value: sizeClass)
    }
    /// A collection that specifies only the display scale.
    public convenience init(displayScale scale: CGFloat) { self.init(UITraitDisplayScale.self, value: scale) }
    /// A collection that specifies only the display gamut.
    public convenience init(displayGamut gamut: UIDisplayGamut) { self.init(UITraitDisplayGamut.self, value: gamut) }
    /// A collection that specifies only the layout direction.
    public convenience init(layoutDirection direction: UITraitEnvironmentLayoutDirection) {
        self.init(UITraitLayoutDirection.self, value: direction)
    }
    /// A collection that specifies only the preferred text size.
    public convenience init(preferredContentSizeCategory category: UIContentSizeCategory) {
        self.init(UITraitPreferredContentSizeCategory.self, value: category)
    }
    /// A collection that specifies only the interface level.
    public convenience init(userInterfaceLevel level: UIUserInterfaceLevel) { self.init(UITraitUserInterfaceLevel.self, value: level) }
    /// A collection that specifies only the contrast.
    public convenience init(accessibilityContrast contrast: UIAccessibilityContrast) {
        self.init(UITraitAccessibilityContrast.self, value: contrast)
    }
    /// A collection that specifies only the text weight.
    public convenience init(legibilityWeight weight: UILegibilityWeight) { self.init(UITraitLegibilityWeight.self, value: weight) }
    /// A collection that specifies only the 3D Touch capability.
    public convenience init(forceTouchCapability capability: UIForceTouchCapability) {
        self.init(UITraitForceTouchCapability.self, value: capability)
    }
    /// A collection that specifies only the active appearance.
    public convenience init(activeAppearance appearance: UIUserInterfaceActiveAppearance) {
        self.init(UITraitActiveAppearance.self, value: appearance)
    }

    /// The traits of `collections` merged: where several specify a trait, the last one's value.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        var storage = TraitStorage()
        for collection in collections { storage.merge(collection.storage) }
        self.init(storage: storage)
    }

    /// A collection made by `mutations` from one that specifies nothing.
    public convenience init(mutations: (inout any UIMutableTraits) -> Void) {
        var traits: any UIMutableTraits = UITraitOverrides()
        mutations(&traits)
        self.init(storage: (traits as? UITraitOverrides)?.traitStorage ?? TraitStorage())
    }

    /// A copy of this collection changed by `mutations`.
    public func modifyingTraits(_ mutations: (inout any UIMutableTraits) -> Void) -> UITraitCollection {
        var traits: any UIMutableTraits = UITraitOverrides(storage: storage)
        mutations(&traits)
        return UITraitCollection(storage: (traits as? UITraitOverrides)?.traitStorage ?? storage)
    }

    /// A copy of this collection with `trait` set to `value`.
    public func replacing<T: UITraitDefinition>(_ trait: T.Type, value: T.Value) -> UITraitCollection {
        var copy = storage
        copy[trait] = value
        return UITraitCollection(storage: copy)
    }

    /// The value of `trait`: the specified one, else the trait's default.
    public subscript<T: UITraitDefinition>(_ trait: T.Type) -> T.Value { storage[trait] }

    // MARK: The system traits

    /// The interface idiom (`.unspecified` unless specified).
    public var userInterfaceIdiom: UIUserInterfaceIdiom { self[UITraitUserInterfaceIdiom.self] }
    /// The light or dark appearance.
    public var userInterfaceStyle: UIUserInterfaceStyle { self[UITraitUserInterfaceStyle.self] }
    /// The horizontal size class.
    public var horizontalSizeClass: UIUserInterfaceSizeClass { self[UITraitHorizontalSizeClass.self] }
    /// The vertical size class.
    public var verticalSizeClass: UIUserInterfaceSizeClass { self[UITraitVerticalSizeClass.self] }
    /// Pixels per point of the display (0: unspecified).
    public var displayScale: CGFloat { self[UITraitDisplayScale.self] }
    /// The display's gamut.
    public var displayGamut: UIDisplayGamut { self[UITraitDisplayGamut.self] }
    /// The layout direction.
    public var layoutDirection: UITraitEnvironmentLayoutDirection { self[UITraitLayoutDirection.self] }
    /// The text size the user prefers; fonts for text styles follow it.
    public var preferredContentSizeCategory: UIContentSizeCategory { self[UITraitPreferredContentSizeCategory.self] }
    /// The base or elevated level.
    public var userInterfaceLevel: UIUserInterfaceLevel { self[UITraitUserInterfaceLevel.self] }
    /// The contrast.
    public var accessibilityContrast: UIAccessibilityContrast { self[UITraitAccessibilityContrast.self] }
    /// The text weight.
    public var legibilityWeight: UILegibilityWeight { self[UITraitLegibilityWeight.self] }
    /// Whether 3D Touch is available.
    public var forceTouchCapability: UIForceTouchCapability { self[UITraitForceTouchCapability.self] }
    /// Whether the interface is in the active window.
    public var activeAppearance: UIUserInterfaceActiveAppearance { self[UITraitActiveAppearance.self] }

    /// The system traits dynamic colours depend on: style, level, contrast, gamut and active appearance.
    public static var systemTraitsAffectingColorAppearance: [UITrait] {
        [
            UITraitUserInterfaceStyle.self, UITraitUserInterfaceLevel.self, UITraitAccessibilityContrast.self,
            UITraitDisplayGamut.self, UITraitActiveAppearance.self,
        ]
    }

    /// The system traits image lookup depends on.
    public static var systemTraitsAffectingImageLookup: [UITrait] {
        [
            UITraitUserInterfaceIdiom.self, UITraitDisplayScale.self, UITraitUserInterfaceStyle.self, UITraitLayoutDirection.self,
            UITraitDisplayGamut.self, UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self,
            UITraitUserInterfaceLevel.self, UITraitAccessibilityContrast.self, UITraitLegibilityWeight.self,
        ]
    }

    // MARK: Comparing

    /// Whether every trait `other` specifies is specified here with the same value (true for nil).
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return other.storage.entries.allSatisfy { key, entry in
            storage.entries[key].map { $0.equals(entry) } ?? false
        }
    }

    /// Whether going from `other` to this collection would change how dynamic colours resolve:
    /// a trait that affects colour appearance has another value (nil: compared with an empty
    /// collection).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        storage.changedTraits(from: other?.storage ?? TraitStorage()).contains { $0.affectsColorAppearance }
    }

    /// The traits whose values differ from `other`'s (nil: from an empty collection).
    public func changedTraits(from other: UITraitCollection?) -> [UITrait] {
        storage.changedTraits(from: other?.storage ?? TraitStorage())
    }

    /// Whether `object` is a trait collection specifying the same traits with the same values.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return other === self || storage == other.storage
    }

    public override var hash: Int { storage.entries.count }

    /// `<UITraitCollection: 0x…; UserInterfaceStyle = Dark, DisplayScale = 2, …>`, the traits in a fixed order.
    public override var description: String {
        let traits = storage.entries.values.map { "\($0.trait.name) = \($0.value)" }.sorted()
        return "<UITraitCollection: \(objectAddress(self)); \(traits.joined(separator: ", "))>"
    }

    // MARK: The current traits

    /// The traits of the code running now on this thread: UIKit makes them the view's or view
    /// controller's while it lays out, draws, or hears of a trait change, and dynamic colours
    /// resolve with them (`UIColor.cgColor`). Per thread; an empty collection where nothing set it.
    public class var current: UITraitCollection {
        get { CurrentTraits.value ?? empty }
        set { CurrentTraits.value = newValue }
    }

    /// Runs `actions` with this collection as `UITraitCollection.current`, then restores it.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let saved = CurrentTraits.value
        CurrentTraits.value = self
        defer { CurrentTraits.value = saved }
        try actions()
    }

    /// The collection that specifies nothing, shared.
    static let empty = UITraitCollection()
}

/// `UITraitCollection.current`, per thread: a pthread key holding a retained collection.
enum CurrentTraits {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<UITraitCollection>.fromOpaque(pointer).release()
        }
        return key
    }()

    static var value: UITraitCollection? {
        get { pthread_getspecific(key).map { Unmanaged<UITraitCollection>.fromOpaque($0).takeUnretainedValue() } }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<UITraitCollection>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }

    /// Runs `body` with `traits` as the current ones (nothing changes for nil).
    static func with<T>(_ traits: UITraitCollection?, _ body: () throws -> T) rethrows -> T {
        guard let traits else { return try body() }
        let saved = value
        value = traits
        defer { value = saved }
        return try body()
    }
}

// MARK: Storage

/// The traits a collection or an override set specifies, keyed by their definition type.
struct TraitStorage: @unchecked Sendable, Equatable {
    /// One specified trait: its definition and its value (of the definition's `Value`).
    struct Entry {
        let trait: any UITraitDefinition.Type
        let value: Any

        /// Whether `other` holds the same value of the same trait.
        func equals(_ other: Entry) -> Bool {
            func same<T: UITraitDefinition>(_: T.Type) -> Bool {
                (value as? T.Value) == (other.value as? T.Value)
            }
            return same(trait)
        }

        /// Whether the value is the trait's default.
        var isDefault: Bool {
            func check<T: UITraitDefinition>(_: T.Type) -> Bool { (value as? T.Value) == T.defaultValue }
            return check(trait)
        }
    }

    private(set) var entries: [ObjectIdentifier: Entry] = [:]

    /// The value of `trait`: the specified one, else its default. Setting stores it.
    subscript<T: UITraitDefinition>(_ trait: T.Type) -> T.Value {
        get { (entries[ObjectIdentifier(trait)]?.value as? T.Value) ?? T.defaultValue }
        set { entries[ObjectIdentifier(trait)] = Entry(trait: trait, value: newValue) }
    }

    /// Whether `trait` is specified.
    func contains(_ trait: UITrait) -> Bool { entries[ObjectIdentifier(trait)] != nil }

    /// Stops specifying `trait`.
    mutating func remove(_ trait: UITrait) { entries[ObjectIdentifier(trait)] = nil }

    /// Takes every trait `other` specifies (a system trait's unspecified value specifies nothing).
    mutating func merge(_ other: TraitStorage) {
        for (key, entry) in other.entries where !(entry.isDefault && Self.isSystem(entry.trait)) { entries[key] = entry }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The traits whose value differs between this and `other` (a missing trait reads its default).
    func changedTraits(from other: TraitStorage) -> [UITrait] {
        var changed: [UITrait] = []
        for (key, entry) in entries {
            if let theirs = other.entries[key] {
                if !entry.equals(theirs) { changed.append(entry.trait) }
            } else if !entry.isDefault {
                changed.append(entry.trait)
            }
        }
        for (key, entry) in other.entries where entries[key] == nil && !entry.isDefault { changed.append(entry.trait) }
        return changed
    }

    static func == (a: TraitStorage, b: TraitStorage) -> Bool { a.changedTraits(from: b).isEmpty }

    /// Whether `trait` is one of UIKit's own (whose default means "unspecified").
    static func isSystem(_ trait: UITrait) -> Bool { systemTraits.contains(ObjectIdentifier(trait)) }

    private static let systemTraits: Set<ObjectIdentifier> = Set(
        ([
            UITraitUserInterfaceIdiom.self, UITraitUserInterfaceStyle.self, UITraitHorizontalSizeClass.self,
            UITraitVerticalSizeClass.self, UITraitDisplayScale.self, UITraitDisplayGamut.self, UITraitLayoutDirection.self,
            UITraitPreferredContentSizeCategory.self, UITraitUserInterfaceLevel.self, UITraitAccessibilityContrast.self,
            UITraitLegibilityWeight.self, UITraitForceTouchCapability.self, UITraitActiveAppearance.self,
        ] as [UITrait]).map { ObjectIdentifier($0) })
}

// MARK: Mutable traits

/// A set of traits that can be changed: UIKit's `UIMutableTraits`, what
/// `UITraitCollection(mutations:)` and `modifyingTraits(_:)` hand their closures.
public protocol UIMutableTraits {
    /// The value of `trait`: the one set, else its default.
    subscript<T: UITraitDefinition>(_ trait: T.Type) -> T.Value { get set }
}

extension UIMutableTraits {
    /// The interface idiom.
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { self[UITraitUserInterfaceIdiom.self] }
        set { self[UITraitUserInterfaceIdiom.self] = newValue }
    }
    /// The light or dark appearance.
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { self[UITraitUserInterfaceStyle.self] }
        set { self[UITraitUserInterfaceStyle.self] = newValue }
    }
    /// The horizontal size class.
    public var horizontalSizeClass: UIUserInterfaceSizeClass {
        get { self[UITraitHorizontalSizeClass.self] }
        set { self[UITraitHorizontalSizeClass.self] = newValue }
    }
    /// The vertical size class.
    public var verticalSizeClass: UIUserInterfaceSizeClass {
        get { self[UITraitVerticalSizeClass.self] }
        set { self[UITraitVerticalSizeClass.self] = newValue }
    }
    /// Pixels per point.
    public var displayScale: CGFloat {
        get { self[UITraitDisplayScale.self] }
        set { self[UITraitDisplayScale.self] = newValue }
    }
    /// The display gamut.
    public var displayGamut: UIDisplayGamut {
        get { self[UITraitDisplayGamut.self] }
        set { self[UITraitDisplayGamut.self] = newValue }
    }
    /// The layout direction.
    public var layoutDirection: UITraitEnvironmentLayoutDirection {
        get { self[UITraitLayoutDirection.self] }
        set { self[UITraitLayoutDirection.self] = newValue }
    }
    /// The preferred text size.
    public var preferredContentSizeCategory: UIContentSizeCategory {
        get { self[UITraitPreferredContentSizeCategory.self] }
        set { self[UITraitPreferredContentSizeCategory.self] = newValue }
    }
    /// The base or elevated level.
    public var userInterfaceLevel: UIUserInterfaceLevel {
        get { self[UITraitUserInterfaceLevel.self] }
        set { self[UITraitUserInterfaceLevel.self] = newValue }
    }
    /// The contrast.
    public var accessibilityContrast: UIAccessibilityContrast {
        get { self[UITraitAccessibilityContrast.self] }
        set { self[UITraitAccessibilityContrast.self] = newValue }
    }
    /// The text weight.
    public var legibilityWeight: UILegibilityWeight {
        get { self[UITraitLegibilityWeight.self] }
        set { self[UITraitLegibilityWeight.self] = newValue }
    }
    /// The 3D Touch capability.
    public var forceTouchCapability: UIForceTouchCapability {
        get { self[UITraitForceTouchCapability.self] }
        set { self[UITraitForceTouchCapability.self] = newValue }
    }
    /// The active appearance.
    public var activeAppearance: UIUserInterfaceActiveAppearance {
        get { self[UITraitActiveAppearance.self] }
        set { self[UITraitActiveAppearance.self] = newValue }
    }
}

/// The traits set on a screen's window, view controller or view to override what it inherits:
/// UIKit's `traitOverrides`. Setting a trait specifies it; `remove(_:)` inherits again.
public struct UITraitOverrides: UIMutableTraits, Sendable {
    private(set) var traitStorage: TraitStorage

    init(storage: TraitStorage = TraitStorage()) { traitStorage = storage }

    public subscript<T: UITraitDefinition>(_ trait: T.Type) -> T.Value {
        get { traitStorage[trait] }
        set { traitStorage[trait] = newValue }
    }

    /// Whether `trait` is overridden.
    public func contains(_ trait: UITrait) -> Bool { traitStorage.contains(trait) }

    /// Stops overriding `trait`, so it is inherited again.
    public mutating func remove(_ trait: UITrait) { traitStorage.remove(trait) }
}
