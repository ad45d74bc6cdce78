import Synchronization

/// The identity of one layer, shared by the main-thread model and the render tree.
///
/// Ids are never reused within a process. A plain value: safe to share between threads.
public struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The raw number; unique within the process.
    public let rawValue: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A new id, different from every id handed out before in this process. Any thread.
    public static func make() -> LayerID {
        LayerID(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    /// Wraps a raw value, for tests and for ids read back from a recording.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "layer \(rawValue)" }
}
