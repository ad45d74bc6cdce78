import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// Child containment and modal presentation, as UIKit documents them. No GPU, except the test
/// that reads the animated transition's pixels.
@MainActor
@Suite struct UIViewControllerPresentationTests {
    /// A shown window with a root controller that has appeared, and the log (emptied).
    func rootOnScreen(_ log: CallbackLog) async -> (UIWindow, RecordingController) {
        let window = shownWindow()
        let root = RecordingController("root", log: log)
        window.rootViewController = root
        await nextTurn()
        _ = log.take()
        return (window, root)
    }

    // MARK: Children

    @Test func addChildCallsWillMoveFirstAndRemoveFromParentCallsDidMoveLast() {
        let log = CallbackLog()
        let parent = RecordingController("parent", log: log)
        let child = RecordingController("child", log: log)
        parent.addChild(child)
        #expect(log.take() == ["child.willMove(toParent: parent)"], "didMove is the container's to call")
        #expect(child.parent === parent)
        #expect(parent.children == [child])
        #expect(child.isMovingToParent)
        child.didMove(toParent: parent)
        #expect(!child.isMovingToParent)
        _ = log.take()
        child.willMove(toParent: nil)
        #expect(child.isMovingFromParent)
        child.removeFromParent()
        #expect(log.take() == ["child.willMove(toParent: nil)", "child.didMove(toParent: nil)"])
        #expect(child.parent == nil && parent.children.isEmpty)
        #expect(!child.isMovingFromParent)
        child.removeFromParent()
        #expect(log.take().isEmpty, "nothing to remove")
    }

    @Test func addingAChildOfAnotherParentMovesIt() {
        let a = UIViewController(), b = UIViewController(), child = UIViewController()
        a.addChild(child)
        b.addChild(child)
        #expect(a.children.isEmpty)
        #expect(b.children == [child] && child.parent === b)
    }

    @Test func aChildAddedToAShownParentAppearsWhenItsViewEntersTheWindow() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        defer { withExtendedLifetime(window) {} }
        let child = RecordingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(
            log.take() == [
                "child.willMove(toParent: root)", "child.viewDidLoad", "child.viewWillAppear(false)",
                "child.viewIsAppearing(false)", "child.viewDidAppear(false)", "child.didMove(toParent: root)",
            ])
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(
            log.take() == [
                "child.willMove(toParent: nil)", "child.viewWillDisappear(false)", "child.viewDidDisappear(false)",
                "child.didMove(toParent: nil)",
            ])
    }

    @Test func aParentForwardsItsAppearanceToChildrenInItsView() async {
        let log = CallbackLog()
        let window = shownWindow()
        let root = RecordingController("root", log: log)
        let child = RecordingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        _ = log.take()
        window.rootViewController = root
        #expect(
            log.take() == [
                "root.viewWillAppear(false)", "child.viewWillAppear(false)", "root.viewIsAppearing(false)",
                "child.viewIsAppearing(false)",
            ])
        await nextTurn()
        let after = log.take().filter { $0.contains("Appear") }
        #expect(after == ["root.viewDidAppear(false)", "child.viewDidAppear(false)"])
    }

    @Test func aContainerThatDoesNotForwardLeavesItsChildrenAlone() async {
        final class ManualContainer: RecordingController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let log = CallbackLog()
        let window = shownWindow()
        let root = ManualContainer("root", log: log)
        let child = RecordingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        _ = log.take()
        window.rootViewController = root
        await nextTurn()
        #expect(!log.take().contains { $0.hasPrefix("child.") && $0.contains("ppear") })
    }

    @Test func transitionSwapsTwoChildrensViewsWithTheirCallbacks() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        defer { withExtendedLifetime(window) {} }
        let a = RecordingController("a", log: log), b = RecordingController("b", log: log)
        root.addChild(a)
        root.view.addSubview(a.view)
        a.didMove(toParent: root)
        root.addChild(b)
        _ = log.take()
        var finished: Bool?
        let completion: @MainActor (Bool) -> Void = { done in
            a.willMove(toParent: nil)
            a.removeFromParent()
            b.didMove(toParent: root)
            finished = done
        }
        root.transition(from: a, to: b, duration: 0, animations: { b.view.alpha = 1 }, completion: completion)
        #expect(b.view.superview === root.view, "the new view goes in at once")
        await nextTurn()
        await nextTurn()
        #expect(finished == true)
        #expect(a.view.superview == nil && root.children == [b])
        let appearance = log.take().filter { $0.contains("ppear") }
        #expect(
            appearance == [
                "a.viewWillDisappear(false)", "b.viewWillAppear(false)", "b.viewIsAppearing(false)", "a.viewDidDisappear(false)",
                "b.viewDidAppear(false)",
            ])
    }

    @Test func addingAControllerAsItsOwnChildTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let vc = UIViewController()
                vc.addChild(vc)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("cannot be its own child"), "\(message)")
    }

    @Test func addingAnAncestorAsAChildTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = UIViewController(), b = UIViewController()
                a.addChild(b)
                b.addChild(a)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("is an ancestor of"), "\(message)")
    }

    // MARK: Presenting

    @Test func presentingFullScreenCoversThePresenterInUIKitsOrder() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        let modal = RecordingController("modal", log: log)
        modal.modalPresentationStyle = .fullScreen
        var completed = false
        root.present(modal, animated: false) {
            log.entries.append("completion")
            completed = true
        }
        #expect(root.presentedViewController === modal)
        #expect(modal.presentingViewController === root)
        #expect(modal.isBeingPresented)
        #expect(modal.view.superview === window)
        #expect(modal.view.frame == window.bounds)
        #expect(
            log.take() == [
                "modal.viewDidLoad", "root.viewWillDisappear(false)", "modal.viewWillAppear(false)",
                "modal.viewIsAppearing(false)",
            ])
        #expect(!completed)
        await nextTurn()
        let after = log.take().filter { !$0.contains("Layout") }
        #expect(after == ["root.viewDidDisappear(false)", "modal.viewDidAppear(false)", "completion"])
        #expect(root.view.superview == nil, "a full-screen presentation removes the presenter's views when it finishes")
        #expect(!modal.isBeingPresented)
        #expect(modal.next === root, "a presented controller's next responder is its presenter")
    }

    @Test func presentingOverFullScreenKeepsThePresenterShown() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        let modal = RecordingController("modal", log: log)
        modal.modalPresentationStyle = .overFullScreen
        root.present(modal, animated: false)
        await nextTurn()
        #expect(!log.take().contains { $0.hasPrefix("root.") })
        #expect(root.view.superview === window)
        #expect(window.subviews == [root.view, modal.view], "the presented view above the presenter's")
        #expect(UIViewController().modalPresentationStyle == .automatic, "UIKit's default")
        #expect(UIViewController().modalTransitionStyle == .coverVertical, "UIKit's default")
    }

    @Test func aChildPresentsFromItsFarthestAncestor() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        defer { withExtendedLifetime(window) {} }
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let modal = UIViewController()
        child.present(modal, animated: false)
        #expect(modal.presentingViewController === root)
        #expect(root.presentedViewController === modal)
        #expect(child.presentedViewController === modal, "presented by an ancestor counts")
        #expect(modal.children.isEmpty && modal.presentedViewController == nil)
        await nextTurn()
        child.dismiss(animated: false)
        await nextTurn()
        #expect(root.presentedViewController == nil && modal.presentingViewController == nil)
    }

    @Test func dismissingFromThePresentedControllerAsksItsPresenter() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        let modal = RecordingController("modal", log: log)
        modal.modalPresentationStyle = .fullScreen
        root.present(modal, animated: false)
        await nextTurn()
        _ = log.take()
        modal.dismiss(animated: false) { log.entries.append("completion") }
        #expect(modal.isBeingDismissed)
        #expect(root.view.superview === window, "the presenter's view is back under the presented one")
        #expect(window.subviews == [root.view, modal.view])
        #expect(log.take() == ["modal.viewWillDisappear(false)", "root.viewWillAppear(false)", "root.viewIsAppearing(false)"])
        await nextTurn()
        let after = log.take().filter { !$0.contains("Layout") }
        #expect(after == ["modal.viewDidDisappear(false)", "root.viewDidAppear(false)", "completion"])
        #expect(modal.view.superview == nil)
        #expect(root.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(!modal.isBeingDismissed)
        // It can be presented again.
        root.present(modal, animated: false)
        #expect(root.presentedViewController === modal)
    }

    @Test func dismissingFromTheRootDismissesTheWholeStack() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        let a = RecordingController("a", log: log), b = RecordingController("b", log: log)
        a.modalPresentationStyle = .fullScreen
        b.modalPresentationStyle = .overFullScreen
        root.present(a, animated: false)
        await nextTurn()
        a.present(b, animated: false)
        await nextTurn()
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        _ = log.take()
        var done = false
        root.dismiss(animated: false) { done = true }
        await nextTurn()
        #expect(done)
        #expect(window.subviews == [root.view])
        #expect(root.presentedViewController == nil && a.presentedViewController == nil)
        let appearance = log.take().filter { $0.contains("ppear") }
        #expect(
            appearance == [
                "a.viewWillDisappear(false)", "b.viewWillDisappear(false)", "root.viewWillAppear(false)",
                "root.viewIsAppearing(false)", "b.viewDidDisappear(false)", "a.viewDidDisappear(false)",
                "root.viewDidAppear(false)",
            ])
    }

    @Test func presentingWhileAlreadyPresentingPresentsNothing() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        let first = UIViewController(), second = UIViewController()
        root.present(first, animated: false)
        var called = false
        root.present(second, animated: false) { called = true }
        await nextTurn()
        #expect(root.presentedViewController === first)
        #expect(second.presentingViewController == nil && !second.isViewLoaded)
        #expect(window.subviews == [root.view, first.view])
        #expect(!called, "as UIKit, the refused presentation's completion is not called")
    }

    @Test func presentingFromAControllerOutsideAnyWindowPresentsNothing() async {
        let detached = UIViewController()
        let modal = UIViewController()
        var called = false
        detached.present(modal, animated: false) { called = true }
        await nextTurn()
        #expect(detached.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(!called)
    }

    @Test func dismissingWithNothingPresentedDoesNothing() async {
        let log = CallbackLog()
        let (window, root) = await rootOnScreen(log)
        defer { withExtendedLifetime(window) {} }
        var called = false
        root.dismiss(animated: false) { called = true }
        await nextTurn()
        #expect(!called && log.take().isEmpty)
    }

    @Test func presentingAControllerThatIsAlreadyPresentedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let window = shownWindow()
                let root = UIViewController(), other = UIViewController()
                window.rootViewController = root
                let modal = UIViewController()
                root.present(modal, animated: false)
                other.present(modal, animated: false)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("is already being presented by"), "\(message)")
    }

    @Test func presentingAControllerWhoseViewIsInAnotherWindowTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = shownWindow(), b = shownWindow()
                let rootA = UIViewController(), rootB = UIViewController()
                a.rootViewController = rootA
                b.rootViewController = rootB
                rootA.present(rootB, animated: false)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("is already in"), "\(message)")
    }

    @Test func presentingAChildTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let window = shownWindow()
                let root = UIViewController(), child = UIViewController()
                window.rootViewController = root
                root.addChild(child)
                root.present(child, animated: false)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("has a parent view controller"), "\(message)")
    }

    // MARK: Animated transitions, drawn

    /// Root view blue, presented view red, on a 100 × 100 screen; cover vertical over 0.3 s
    /// (18 frames at 60 Hz, ease in-out). At frame 9, half way in time and distance, the top
    /// half shows blue and the bottom half red; at the end red everywhere and the completion ran.
    @Test(.tags(.gpu), .requiresGPU) func anAnimatedCoverVerticalSlidesTheViewUpOnTheRenderThread() async throws {
        let f = try ScreenFixture(gpu: true)
        let log = CallbackLog()
        let root = RecordingController("root", log: log)
        f.window.rootViewController = root
        root.view.backgroundColor = .blue
        _ = try await f.render()
        let modal = RecordingController("modal", log: log)
        modal.modalPresentationStyle = .fullScreen
        modal.view.backgroundColor = .red
        var completed = false
        root.present(modal, animated: true) { completed = true }
        #expect(modal.view.frame == CGRect(x: 0, y: 0, width: 100, height: 100), "the model holds the end at once")
        _ = log.take()
        let half = try await f.renderFrames(9)
        expectPixel(half, 50, 20, .blue, "top, half way: the root still shows")
        expectPixel(half, 50, 80, .red, "bottom, half way: the presented view has come up")
        #expect(!completed)
        #expect(!log.entries.contains("modal.viewDidAppear(true)"))
        let end = try await f.renderFrames(12)
        expectPixel(end, 50, 5, .red, "top, at the end")
        await nextTurn()
        #expect(completed)
        let did = log.take().filter { $0.contains("did") || $0.contains("Did") }
        #expect(did.contains("root.viewDidDisappear(true)") && did.contains("modal.viewDidAppear(true)"))
        // Dismiss with a fade: half way the two mix, at the end the root shows alone.
        modal.modalTransitionStyle = .crossDissolve
        var dismissed = false
        modal.dismiss(animated: true) { dismissed = true }
        let back = try await f.renderFrames(24)
        await nextTurn()
        expectPixel(back, 50, 50, .blue, "the root is back")
        #expect(dismissed)
        #expect(modal.view.alpha == 1, "the presented view's alpha is restored after the fade")
        await f.finish()
    }
}
