#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Synchronization

/// Records the thread that owns a GL context and checks calls against it.
///
/// GL runs only on the thread that owns it: every wrapper checks this before touching GL, so a
/// call from another thread traps with a message instead of corrupting the driver's state.
/// Threads are told apart by a number each gets on first use and no later thread ever gets (a
/// `pthread_t` can be reused once its thread has ended, so it would not do).
public struct ThreadOwner: Sendable {
    private let owner: UInt

    /// Records the calling thread as the owner.
    public init() {
        owner = Self.currentThreadNumber
    }

    /// Whether the calling thread is the owner.
    public var isCurrent: Bool { owner == Self.currentThreadNumber }

    /// Traps unless called on the owning thread, in every build.
    public func preconditionCurrent(
        _ what: @autoclosure () -> String = "GL call",
        file: StaticString = #fileID, line: UInt = #line
    ) {
        precondition(isCurrent, "\(what()) made off the GL thread that owns the context", file: file, line: line)
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed: no thread-specific keys left")
        return key
    }()
    private static let lastNumber = Atomic<UInt>(0)

    /// The calling thread's number, given on first use.
    private static var currentThreadNumber: UInt {
        if let stored = pthread_getspecific(key) { return UInt(bitPattern: stored) }
        let number = lastNumber.add(1, ordering: .relaxed).newValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number))
        return number
    }
}
