import Foundation

/// A value shared between threads, read and changed only while its lock is held: Strata's one
/// lock box (the compositor's drivers, the EGL display cache, the test host's loop). Any thread.
/// (An `NSLock`: `Synchronization.Mutex` gives false "Swift access race" reports under the thread
/// sanitizer on Linux today.)
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock, and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
