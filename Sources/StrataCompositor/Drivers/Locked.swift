import Foundation

/// A value shared between threads, read and changed only while its lock is held: the one lock box
/// of the compositor's drivers. Any thread. (An `NSLock`: `Synchronization.Mutex` gives false
/// "Swift access race" reports under the thread sanitizer on Linux today.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock, and returns what it returns.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
