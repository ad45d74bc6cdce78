#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Records the thread that owns a GL context and checks calls against it.
///
/// GL runs only on the thread that owns it: every wrapper checks this before touching GL, so a
/// call from another thread traps with a message instead of corrupting the driver's state.
public struct ThreadOwner: Sendable {
    private let owner: pthread_t

    /// Records the calling thread as the owner.
    public init() {
        owner = pthread_self()
    }

    /// Whether the calling thread is the owner.
    public var isCurrent: Bool { pthread_equal(owner, pthread_self()) != 0 }

    /// Traps unless called on the owning thread, in every build.
    public func preconditionCurrent(_ what: @autoclosure () -> String = "GL call",
                                    file: StaticString = #fileID, line: UInt = #line) {
        precondition(isCurrent, "\(what()) made off the GL thread that owns the context", file: file, line: line)
    }
}
