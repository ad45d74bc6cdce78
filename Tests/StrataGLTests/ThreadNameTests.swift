import Foundation
import StrataGL
import Testing

/// Threads named as the system shows them (profilers, debuggers, `/proc`).
@Suite struct ThreadNameTests {
    /// What a thread of the test's returns, handed back once it has finished.
    private final class Box<T>: @unchecked Sendable { var value: T? }

    /// Runs `body` on a thread of its own, started from this one, and returns what it returned.
    private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)  // the thread's writes happen before the wait returns
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }

    @Test("A thread named \"strata.render\" reads back \"strata.render\", as /proc's comm shows it; a name past 15 bytes keeps its first 15")
    func aThreadNamesItself() throws {
        let (read, comm) = onOwnThread { () -> (String, String) in
            ThreadOwner.nameCurrentThread("strata.render")
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            return (ThreadOwner.currentThreadName, comm.trimmingCharacters(in: .newlines))
        }
        #expect(read == "strata.render")
        #expect(comm == "strata.render")
        let long = onOwnThread { () -> String in
            ThreadOwner.nameCurrentThread("strata.bench.floor")
            return ThreadOwner.currentThreadName
        }
        #expect(long == "strata.bench.fl", "15 bytes of 18")
    }

    @Test("Foundation's Thread.name given before start() leaves the started thread's system name as it was (why Strata's threads name themselves)")
    func foundationsNameBeforeStartDoesNotReachTheSystem() {
        let box = Box<String>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = ThreadOwner.currentThreadName
            done.signal()
        }
        thread.name = "before.start"
        thread.start()
        done.wait()
        #expect(box.value != nil && box.value != "before.start", "\(box.value ?? "nil")")
    }
}
