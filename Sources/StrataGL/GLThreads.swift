import Foundation

/// The GL threads Strata runs itself (compositor render threads, benchmark floors), so the
/// process's exit waits for them.
///
/// The EGL driver tears its displays down in an exit handler; a thread still inside EGL or GL at
/// that moment (drawing, destroying its context, releasing its thread state) races that teardown
/// and can corrupt the heap. So an `atexit` handler, registered when the first such thread starts
/// (after EGL registered its own, and handlers run in reverse order, so before EGL's), asks every
/// running thread to stop and waits up to ten seconds for each to say it has finished with EGL
/// (a frame in flight on llvmpipe on a loaded 2-core machine took more than two: the teardown
/// then raced it). Any thread.
public enum GLThreads {
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var running: [UInt64: @Sendable () -> Void] = [:]
        var next: UInt64 = 0
        var exitHandlerRegistered = false
    }
    private static let state = State()

    /// Registers the calling thread as one of Strata's GL threads; `stop` asks it to finish (at
    /// process exit, from the exiting thread). Returns the number `finished(_:)` takes.
    public static func started(stop: @escaping @Sendable () -> Void) -> UInt64 {
        let s = state
        s.condition.lock()
        defer { s.condition.unlock() }
        s.next += 1
        s.running[s.next] = stop
        if !s.exitHandlerRegistered {
            s.exitHandlerRegistered = true
            atexit { GLThreads.stopAllAndWait() }
        }
        return s.next
    }

    /// Says thread `id` has finished with EGL (its contexts destroyed, its thread state released):
    /// the last thing it does.
    public static func finished(_ id: UInt64) {
        let s = state
        s.condition.lock()
        s.running[id] = nil
        s.condition.broadcast()
        s.condition.unlock()
    }

    /// Asks every running GL thread to stop and waits up to `timeout` seconds for all to finish.
    static func stopAllAndWait(timeout: Double = 10) {
        let s = state
        s.condition.lock()
        let stops = Array(s.running.values)
        s.condition.unlock()
        stops.forEach { $0() }
        s.condition.lock()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !s.running.isEmpty, s.condition.wait(until: deadline) {}
        s.condition.unlock()
    }
}
