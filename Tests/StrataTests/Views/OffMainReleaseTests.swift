import Foundation
import Strata
import Testing

/// Views let go of off the main actor, as a test runner does with a suite's stored views: their
/// `isolated deinit` runs later on the main actor, and until then the layers and subviews that
/// point back at them must read nil, not trap (the way back was `unowned` and trapped in the
/// next layout pass).
@MainActor
@Suite struct OffMainReleaseTests {
    /// Carries views to another thread and drops them there.
    final class Carrier: @unchecked Sendable {
        var views: [UIView] = []
    }

    @Test("A window and its subtree released on another thread: the next layout and commit pass, the deinit cleans up after")
    func aTreeReleasedOffTheMainActor() async throws {
        let carrier = Carrier()
        weak var gone: UIWindow?
        /// A window holding a child holding the returned grandchild, all marked for layout; the
        /// window is held by the carrier only.
        func build() -> UIView {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            let grandchild = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
            window.addSubview(child)
            child.addSubview(grandchild)
            child.setNeedsLayout()
            window.setNeedsLayout()
            gone = window
            carrier.views = [window]
            return grandchild
        }
        let survivor = build()  // held here: it outlives its superviews
        #expect(survivor.window === gone)
        // build() scheduled the implicit commit on the main queue. The window goes on another
        // thread while the main actor waits, so its deferred deinit queues behind that commit,
        // whose layout pass then meets the dying window.
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            carrier.views = []
            released.signal()
        }
        released.wait()
        try await Task.sleep(for: .milliseconds(50))  // the commit, then the deinit, run
        #expect(survivor.layer.delegate === survivor)
        #expect(gone == nil, "the window's deinit ran")
        #expect(survivor.superview == nil, "orphaned when its superview went")
    }
}
