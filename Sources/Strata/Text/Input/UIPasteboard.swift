import Foundation

/// A pasteboard for copy and paste within the process: UIKit's `UIPasteboard`. `general` is the
/// one text views copy to and paste from; named ones are made with `init?(name:create:)`.
/// Strata has no system pasteboard: a host that shares with its desktop reads and writes
/// `general`. Items are dictionaries from type identifiers (`"public.utf8-plain-text"`,
/// `"public.png"`, `"public.url"`, …) to values, as in UIKit. Any thread (guarded by a lock).
public final class UIPasteboard: NSObject, @unchecked Sendable {
    /// A pasteboard's name: UIKit's `UIPasteboard.Name`.
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// The name.
        public let rawValue: String
        /// A name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The general pasteboard's name.
        public static let general = Name(rawValue: "com.apple.UIKit.pboard.general")
    }

    /// Posted (with the pasteboard as object) when its contents change.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
    /// Posted when a named pasteboard is removed.
    public static let removedNotification = Notification.Name("UIPasteboardRemovedNotification")

    /// The type identifiers Strata's typed properties use (UIKit's uniform type identifiers).
    static let stringType = "public.utf8-plain-text"
    static let imageType = "public.png"
    static let urlType = "public.url"
    static let colorType = "com.apple.uikit.color"

    /// The contents behind a name: every `UIPasteboard` of one name shares them.
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var contents: [[String: Any]] = []
        var count = 0
    }
    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var stores: [Name: Store] = [:]

    /// The store for `name`: the existing one, or (with `create`) a new one.
    private static func store(_ name: Name, create: Bool) -> Store? {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let store = stores[name] { return store }
        guard create else { return nil }
        let store = Store()
        stores[name] = store
        return store
    }

    /// The process's general pasteboard.
    public static let general = UIPasteboard(name: .general, store: store(.general, create: true)!)

    /// This pasteboard's name.
    public let name: Name
    private let store: Store

    private init(name: Name, store: Store) {
        self.name = name
        self.store = store
        super.init()
    }

    /// The pasteboard named `pasteboardName`, sharing its contents with every other of that
    /// name; a new one with `create`. Nil when none exists and `create` is false.
    public convenience init?(name pasteboardName: Name, create: Bool) {
        guard let store = Self.store(pasteboardName, create: create) else { return nil }
        self.init(name: pasteboardName, store: store)
    }

    /// A new pasteboard with a unique name, for the app's own use.
    public static func withUniqueName() -> UIPasteboard {
        let name = Name(rawValue: UUID().uuidString)
        return UIPasteboard(name: name, store: store(name, create: true)!)
    }

    /// Forgets the pasteboard named `pasteboardName` (its contents go with it).
    public static func remove(withName pasteboardName: Name) {
        registryLock.lock()
        let removed = pasteboardName == .general ? nil : stores.removeValue(forKey: pasteboardName)
        registryLock.unlock()
        if removed != nil { NotificationCenter.default.post(name: removedNotification, object: nil) }
    }

    // MARK: Items

    /// How many times the contents changed since the process started.
    public var changeCount: Int {
        store.lock.lock()
        defer { store.lock.unlock() }
        return store.count
    }

    /// The items, each a dictionary from type identifiers to values.
    public var items: [[String: Any]] {
        get {
            store.lock.lock()
            defer { store.lock.unlock() }
            return store.contents
        }
        set { setItems(newValue) }
    }

    /// Replaces the items (UIKit's options, expiry and local-only, are accepted and ignored).
    public func setItems(_ items: [[String: Any]], options: [String: Any] = [:]) {
        store.lock.lock()
        store.contents = items
        store.count += 1
        store.lock.unlock()
        NotificationCenter.default.post(name: Self.changedNotification, object: self)
    }

    /// Adds items after the current ones.
    public func addItems(_ items: [[String: Any]]) { setItems(self.items + items) }

    /// How many items it holds.
    public var numberOfItems: Int { items.count }

    /// The type identifiers of the first item.
    public var types: [String] { items.first.map { Array($0.keys).sorted() } ?? [] }

    /// Whether the first item has any of `pasteboardTypes`.
    public func contains(pasteboardTypes: [String]) -> Bool { !Set(types).isDisjoint(with: pasteboardTypes) }

    /// The first item's value for `pasteboardType`.
    public func value(forPasteboardType pasteboardType: String) -> Any? { items.first?[pasteboardType] }

    /// Replaces the contents with one item holding `value` for `pasteboardType`.
    public func setValue(_ value: Any, forPasteboardType pasteboardType: String) { setItems([[pasteboardType: value]]) }

    /// The first item's data for `pasteboardType` (PNG bytes for an image, UTF-8 for a string).
    public func data(forPasteboardType pasteboardType: String) -> Data? {
        switch value(forPasteboardType: pasteboardType) {
        case let data as Data: data
        case let string as String: Data(string.utf8)
        case let image as UIImage: image.pngData()
        case let url as URL: Data(url.absoluteString.utf8)
        default: nil
        }
    }

    /// Replaces the contents with one item holding `data` for `pasteboardType`.
    public func setData(_ data: Data, forPasteboardType pasteboardType: String) { setValue(data, forPasteboardType: pasteboardType) }

    private func all<T>(_ type: String, _ cast: (Any) -> T?) -> [T]? {
        let found = items.compactMap { $0[type].flatMap(cast) }
        return found.isEmpty ? nil : found
    }

    // MARK: Typed values

    /// The first string item (nil when none); setting replaces the contents with it.
    public var string: String? {
        get { strings?.first }
        set { setItems(newValue.map { [[Self.stringType: $0]] } ?? []) }
    }

    /// Every string item; setting replaces the contents.
    public var strings: [String]? {
        get { all(Self.stringType) { $0 as? String } }
        set { setItems((newValue ?? []).map { [Self.stringType: $0] }) }
    }

    /// The first image item; setting replaces the contents with it.
    public var image: UIImage? {
        get { images?.first }
        set { setItems(newValue.map { [[Self.imageType: $0]] } ?? []) }
    }

    /// Every image item; setting replaces the contents.
    public var images: [UIImage]? {
        get { all(Self.imageType) { ($0 as? UIImage) ?? ($0 as? Data).flatMap { UIImage(data: $0) } } }
        set { setItems((newValue ?? []).map { [Self.imageType: $0] }) }
    }

    /// The first URL item; setting replaces the contents with it.
    public var url: URL? {
        get { urls?.first }
        set { setItems(newValue.map { [[Self.urlType: $0]] } ?? []) }
    }

    /// Every URL item; setting replaces the contents.
    public var urls: [URL]? {
        get { all(Self.urlType) { $0 as? URL } }
        set { setItems((newValue ?? []).map { [Self.urlType: $0] }) }
    }

    /// The first colour item; setting replaces the contents with it.
    public var color: UIColor? {
        get { colors?.first }
        set { setItems(newValue.map { [[Self.colorType: $0]] } ?? []) }
    }

    /// Every colour item; setting replaces the contents.
    public var colors: [UIColor]? {
        get { all(Self.colorType) { $0 as? UIColor } }
        set { setItems((newValue ?? []).map { [Self.colorType: $0] }) }
    }

    /// Whether an item is a string.
    public var hasStrings: Bool { strings != nil }
    /// Whether an item is an image.
    public var hasImages: Bool { images != nil }
    /// Whether an item is a URL.
    public var hasURLs: Bool { urls != nil }
    /// Whether an item is a colour.
    public var hasColors: Bool { colors != nil }
}
