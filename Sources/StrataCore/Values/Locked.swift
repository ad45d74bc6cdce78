import Foundation

/// A value shared between threads, read and changed only while its lock is held: Strata's one
/// lock box (the compositor's drivers, the EGL display cache, the test host's loop). Any thread.
/// (An `NSLock`: `Synchronization.Mutex` gives false "Swift access race" reports under the thread
/// sanitizer on Linux today.)
///
/// Keep a closure inside a struct (`Locked<Handler>` with a `var call: (...) -> Void` field), not as
/// the value itself: a closure stored as a generic value is re-wrapped in reabstraction thunks by
/// every `inout` access from concrete code, reads included, so `withLock { $0 }?(x)` called once a
/// frame builds a chain of thunks that grows until calling it overflows the stack.
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
