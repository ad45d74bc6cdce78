import Foundation
import Strata
import Testing

/// First-responder status as UIResponder and UIView document it: one first responder per
/// window, only responders that can become one and are in an active hierarchy, the current one
/// asked to resign (and able to refuse), `endEditing(_:)` asking or forcing, and a first
/// responder that leaves its window resigning.
@MainActor
@Suite struct FirstResponderTests {
    /// A view that takes focus when `accepts`, counts the times it is asked to resign, and
    /// refuses when told to.
    final class Field: UIView {
        var accepts = true
        var refuses = false
        var willingToResign = true
        var resignCalls = 0
        override var canBecomeFirstResponder: Bool { accepts }
        override var canResignFirstResponder: Bool { willingToResign }
        override func resignFirstResponder() -> Bool {
            resignCalls += 1
            return refuses ? false : super.resignFirstResponder()
        }
    }

    /// A 100 × 100 window (held by the suite: nothing else keeps a window without a screen)
    /// holding a container with two fields, and a field beside the container.
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let a = Field(), b = Field(), outside = Field()

    init() {
        window.addSubview(container)
        container.addSubview(a)
        container.addSubview(b)
        window.addSubview(outside)
    }

    func scene() -> (window: UIWindow, container: UIView, a: Field, b: Field, outside: Field) {
        (window, container, a, b, outside)
    }

    @Test func aPlainViewOrAViewOutsideAWindowCannotBecomeFirstResponder() {
        let (window, _, _, _, _) = scene()
        let plain = UIView()
        window.addSubview(plain)
        #expect(!plain.canBecomeFirstResponder && plain.canResignFirstResponder, "UIKit's defaults")
        #expect(!plain.becomeFirstResponder() && !plain.isFirstResponder)
        let alone = Field()
        #expect(!alone.becomeFirstResponder() && !alone.isFirstResponder, "no window: not an active hierarchy")
        #expect(!UIResponder().becomeFirstResponder())
    }

    @Test func becomingFirstResponderAsksTheCurrentOneToResign() {
        let (_, _, a, b, _) = scene()
        #expect(a.becomeFirstResponder() && a.isFirstResponder)
        #expect(a.becomeFirstResponder() && a.resignCalls == 0, "already first: true, nothing asked")
        #expect(b.becomeFirstResponder())
        #expect(b.isFirstResponder && !a.isFirstResponder && a.resignCalls == 1, "a was asked once and gave way")
    }

    @Test func theCurrentFirstResponderCanRefuseToResign() {
        let (_, _, a, b, outside) = scene()
        a.becomeFirstResponder()
        a.refuses = true
        #expect(!b.becomeFirstResponder() && a.isFirstResponder && !b.isFirstResponder, "resignFirstResponder() said false")
        a.refuses = false
        a.willingToResign = false
        let calls = a.resignCalls
        #expect(!outside.becomeFirstResponder() && a.isFirstResponder, "canResignFirstResponder said false")
        #expect(a.resignCalls == calls, "not asked to resign when it is not willing")
        b.accepts = false
        a.willingToResign = true
        #expect(!b.becomeFirstResponder() && a.isFirstResponder && a.resignCalls == calls, "b cannot become one: a is not disturbed")
    }

    @Test func resigningDirectlyGivesUpTheStatus() {
        let (_, _, a, _, _) = scene()
        a.becomeFirstResponder()
        #expect(a.resignFirstResponder() && !a.isFirstResponder)
        #expect(UIView().resignFirstResponder(), "the default answer is true")
    }

    @Test func endEditingAsksOrForcesTheFirstResponderInTheSubtree() {
        let (window, container, a, _, outside) = scene()
        a.becomeFirstResponder()
        #expect(outside.endEditing(false) && a.isFirstResponder, "a is not in outside's subtree: untouched")
        a.refuses = true
        #expect(!container.endEditing(false) && a.isFirstResponder && a.resignCalls == 1, "asked, refused")
        #expect(container.endEditing(true) && !a.isFirstResponder && a.resignCalls == 1, "forced: never asked")
        a.refuses = false
        a.becomeFirstResponder()
        #expect(window.endEditing(false) && !a.isFirstResponder && a.resignCalls == 2, "asked from the window, gave way")
        #expect(window.endEditing(false), "no first responder left: nothing to end")
    }

    @Test func aFirstResponderLeavingItsWindowResigns() {
        let (window, container, a, b, _) = scene()
        a.becomeFirstResponder()
        container.removeFromSuperview()
        #expect(!a.isFirstResponder && a.resignCalls == 1, "its superview left the window")
        window.addSubview(container)
        #expect(!a.isFirstResponder, "coming back does not restore it")
        b.becomeFirstResponder()
        let other = UIWindow(frame: window.bounds)
        other.addSubview(b)
        #expect(!b.isFirstResponder && b.resignCalls == 1, "moved to another window")
        #expect(b.becomeFirstResponder() && a.becomeFirstResponder() && a.isFirstResponder && b.isFirstResponder, "each window has its own")
    }

    @Test func aViewControllerIsFirstResponderThroughItsViewsWindow() {
        final class Controller: UIViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let (window, _, a, _, _) = scene()
        let controller = Controller()
        #expect(!controller.becomeFirstResponder(), "its view is not loaded, so not in a window")
        window.addSubview(controller.view)
        a.becomeFirstResponder()
        #expect(controller.becomeFirstResponder() && controller.isFirstResponder && !a.isFirstResponder)
        #expect(window.endEditing(false) && !controller.isFirstResponder, "its view is in the window's subtree")
    }
}
