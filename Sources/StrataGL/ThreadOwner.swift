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

extension ThreadOwner {
    /// The longest thread name the system keeps, in bytes (Linux: 16 with the terminating zero).
    public static let maximumThreadNameLength = 15

    /// Names the calling thread as the system sees it (`top -H`, `perf`, debuggers, `/proc`): the
    /// first `maximumThreadNameLength` bytes of `name`, written to `/proc/thread-self/comm` (glibc's
    /// `pthread_setname_np` does the same; Swift's Glibc module does not declare it). Foundation's
    /// `Thread.name` given before `start()` does not reach the started thread's system name, so a
    /// thread started from a dispatch worker showed that worker's (`-qos.overcommit`). Any thread;
    /// it names only itself, and does nothing where `/proc` cannot be written.
    public static func nameCurrentThread(_ name: String) {
        let bytes = Array(name.utf8.prefix(maximumThreadNameLength))
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        defer { close(file) }
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }

    /// The calling thread's name as the system keeps it (see `nameCurrentThread(_:)`); empty where
    /// `/proc` cannot be read.
    public static var currentThreadName: String {
        let file = open("/proc/thread-self/comm", O_RDONLY)
        guard file >= 0 else { return "" }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: maximumThreadNameLength + 2)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(count).prefix { $0 != 10 && $0 != 0 }, as: UTF8.self)
    }
}
