import Foundation

/// A pasteboard for copy and paste within the process: UIKit's `UIPasteboard`. `general` is the
/// one text views copy to and paste from. Strata has no system pasteboard; a host that wants to
/// share with its desktop reads and writes `general`. Any thread (guarded by a lock).
public final class UIPasteboard: NSObject, @unchecked Sendable {
    /// The kinds of value an item holds.
    private enum Value {
        case string(String)
        case image(UIImage)
        case url(URL)
    }

    private let lock = NSLock()
    private var values: [Value] = []
    private var count = 0

    /// The process's general pasteboard.
    public static let general = UIPasteboard(name: .general)

    /// A pasteboard's name: UIKit's `UIPasteboard.Name`.
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// The name.
        public let rawValue: String
        /// A name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The general pasteboard's name.
        public static let general = Name(rawValue: "com.apple.UIKit.pboard.general")
    }

    /// This pasteboard's name.
    public let name: Name

    private init(name: Name) {
        self.name = name
        super.init()
    }

    /// A new pasteboard with a unique name, for the app's own use.
    public static func withUniqueName() -> UIPasteboard { UIPasteboard(name: Name(rawValue: UUID().uuidString)) }

    private func read<T>(_ body: ([Value]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(values)
    }

    private func write(_ new: [Value]) {
        lock.lock()
        values = new
        count += 1
        lock.unlock()
    }

    /// How many times the contents changed since the process started.
    public var changeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// How many items it holds.
    public var numberOfItems: Int { read { $0.count } }

    /// The first item's string (nil when no item is a string); setting replaces the contents
    /// with one string (nil empties it).
    public var string: String? {
        get { strings?.first }
        set { write(newValue.map { [.string($0)] } ?? []) }
    }

    /// Every string item; setting replaces the contents.
    public var strings: [String]? {
        get {
            let found = read { $0.compactMap { if case .string(let s) = $0 { s } else { nil } } }
            return found.isEmpty ? nil : found
        }
        set { write((newValue ?? []).map(Value.string)) }
    }

    /// The first image item; setting replaces the contents with one image.
    public var image: UIImage? {
        get { images?.first }
        set { write(newValue.map { [.image($0)] } ?? []) }
    }

    /// Every image item; setting replaces the contents.
    public var images: [UIImage]? {
        get {
            let found = read { $0.compactMap { if case .image(let i) = $0 { i } else { nil } } }
            return found.isEmpty ? nil : found
        }
        set { write((newValue ?? []).map(Value.image)) }
    }

    /// The first URL item; setting replaces the contents with one URL.
    public var url: URL? {
        get { urls?.first }
        set { write(newValue.map { [.url($0)] } ?? []) }
    }

    /// Every URL item; setting replaces the contents.
    public var urls: [URL]? {
        get {
            let found = read { $0.compactMap { if case .url(let u) = $0 { u } else { nil } } }
            return found.isEmpty ? nil : found
        }
        set { write((newValue ?? []).map(Value.url)) }
    }

    /// Whether an item is a string.
    public var hasStrings: Bool { strings != nil }
    /// Whether an item is an image.
    public var hasImages: Bool { images != nil }
    /// Whether an item is a URL.
    public var hasURLs: Bool { urls != nil }
}
