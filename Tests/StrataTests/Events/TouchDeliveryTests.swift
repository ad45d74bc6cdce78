import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// A view that logs the touches it handles; with `handles == false` it passes them up the chain.
class TouchLogView: UIView {
    var log: [String] = []
    var handles = true
    var name = ""
    var lastLocation: CGPoint?

    private func note(_ what: String, _ touches: Set<UITouch>) {
        log.append("\(name).\(what)(\(touches.count))")
        lastLocation = touches.first?.location(in: self)
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if handles { note("began", touches) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if handles { note("moved", touches) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if handles { note("ended", touches) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if handles { note("cancelled", touches) } else { super.touchesCancelled(touches, with: event) }
    }
}

/// Shorthands for scripted input.
extension UIWindow {
    func down(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws { try send(TouchInput(id: id, phase: .down, location: CGPoint(x: x, y: y), timestamp: t)) }
    func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws { try send(TouchInput(id: id, phase: .move, location: CGPoint(x: x, y: y), timestamp: t)) }
    func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws { try send(TouchInput(id: id, phase: .up, location: CGPoint(x: x, y: y), timestamp: t)) }
    func tap(_ x: Double, _ y: Double, at t: Double, id: Int = 1) throws {
        try down(id, x, y, at: t)
        try up(id, x, y, at: t + 0.05)
    }
}

/// Touches reaching views: hit testing, the responder chain, multiple and exclusive touch,
/// animations, and bad input. Window coordinates; timestamps in seconds.
@MainActor
@Suite struct TouchDeliveryTests {
    @Test func touchesGoToTheHitViewAndUpTheChainWhenNotHandled() async throws {
        let f = try ScreenFixture()
        let outer = TouchLogView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        let inner = TouchLogView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        outer.name = "outer"; inner.name = "inner"
        outer.addSubview(inner)
        f.window.addSubview(outer)
        try f.window.down(1, 30, 30, at: 1)
        try f.window.move(1, 35, 32, at: 1.1)
        try f.window.up(1, 35, 32, at: 1.2)
        #expect(inner.log == ["inner.began(1)", "inner.moved(1)", "inner.ended(1)"])
        #expect(outer.log.isEmpty)
        #expect(inner.lastLocation == CGPoint(x: 15, y: 12), "location in the inner view's coordinates")
        inner.handles = false
        inner.log = []
        try f.window.down(2, 30, 30, at: 2)
        try f.window.up(2, 30, 30, at: 2.1)
        #expect(inner.log.isEmpty)
        #expect(outer.log == ["outer.began(1)", "outer.ended(1)"], "passed to the superview")
        await f.finish()
    }

    @Test func aTouchKnowsItsViewPhaseTapCountAndPreviousLocation() async throws {
        let f = try ScreenFixture()
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        f.window.addSubview(view)
        try f.window.down(1, 10, 10, at: 1)
        let touch = try #require(f.window.activeTouches.first)
        #expect(touch.view === view && touch.window === f.window && touch.phase == .began && touch.tapCount == 1)
        try f.window.move(1, 14, 13, at: 1.05)
        #expect(touch.phase == .moved && touch.previousLocation(in: nil) == CGPoint(x: 10, y: 10) && touch.location(in: nil) == CGPoint(x: 14, y: 13))
        try f.window.up(1, 14, 13, at: 1.1)
        #expect(touch.phase == .ended && f.window.activeTouches.isEmpty)
        try f.window.down(2, 22, 15, at: 1.3)
        #expect(f.window.activeTouches.first?.tapCount == 2, "a second tap soon after, nearby")
        try f.window.move(2, 60, 15, at: 1.32)
        try f.window.up(2, 60, 15, at: 1.35)
        try f.window.down(3, 60, 15, at: 1.4)
        #expect(f.window.activeTouches.first?.tapCount == 1, "after a drag, not a tap: counting starts again")
        try f.window.up(3, 60, 15, at: 1.45)
        try f.window.down(4, 60, 15, at: 2)
        #expect(f.window.activeTouches.first?.tapCount == 1, "too late to count")
        await f.finish()
    }

    @Test func aViewWithoutMultipleTouchGetsOnlyItsFirstTouch() async throws {
        let f = try ScreenFixture()
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        f.window.addSubview(view)
        try f.window.down(1, 10, 10, at: 1)
        try f.window.down(2, 50, 50, at: 1.1)
        try f.window.up(2, 50, 50, at: 1.2)
        try f.window.up(1, 10, 10, at: 1.3)
        #expect(view.log == ["began(1)", "ended(1)"].map { ".\($0)" })
        view.log = []
        view.isMultipleTouchEnabled = true
        try f.window.send([
            TouchInput(id: 1, phase: .down, location: CGPoint(x: 10, y: 10), timestamp: 2),
            TouchInput(id: 2, phase: .down, location: CGPoint(x: 50, y: 50), timestamp: 2),
        ])
        try f.window.send([
            TouchInput(id: 1, phase: .up, location: CGPoint(x: 10, y: 10), timestamp: 2.1),
            TouchInput(id: 2, phase: .up, location: CGPoint(x: 50, y: 50), timestamp: 2.1),
        ])
        #expect(view.log == [".began(2)", ".ended(2)"], "both touches, delivered together")
        await f.finish()
    }

    @Test func anExclusiveTouchViewTakesTouchesOnlyAlone() async throws {
        let f = try ScreenFixture()
        let a = TouchLogView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let b = TouchLogView(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        a.name = "a"; b.name = "b"
        a.isExclusiveTouch = true
        f.window.addSubview(a)
        f.window.addSubview(b)
        try f.window.down(1, 10, 10, at: 1)
        try f.window.down(2, 60, 10, at: 1.1)  // b while a is touched: not delivered
        try f.window.up(2, 60, 10, at: 1.2)
        try f.window.up(1, 10, 10, at: 1.3)
        #expect(a.log == ["a.began(1)", "a.ended(1)"])
        #expect(b.log.isEmpty)
        try f.window.down(3, 60, 10, at: 2)
        try f.window.down(4, 10, 10, at: 2.1)  // a while b is touched: a takes touches only alone
        #expect(b.log == ["b.began(1)"])
        #expect(a.log == ["a.began(1)", "a.ended(1)"])
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func animatedViewsTakeTouchesAsTheirAnimationAllows() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        _ = try await f.render()
        // UIView.animate without .allowUserInteraction: no touches until it ends.
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center = CGPoint(x: 70, y: 10) }
        _ = try await f.render()
        #expect(f.window.hitTest(CGPoint(x: 70, y: 10), with: nil) === f.window, "animating: not hit at the model")
        #expect(f.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === f.window, "nor where it is shown")
        view.layer.removeAllAnimations()
        _ = try await f.render()
        // With .allowUserInteraction: hit where the model is.
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .allowUserInteraction]) { view.center = CGPoint(x: 10, y: 10) }
        _ = try await f.render()
        #expect(f.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view, "allowUserInteraction: hit at the model")
        view.layer.removeAllAnimations()
        _ = try await f.render()
        // An animator hit-tests where the view is shown, unless the app does it.
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 90, y: 10) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5  // shown at x 40...60
        _ = try await f.render()
        #expect(f.window.hitTest(CGPoint(x: 50, y: 10), with: nil) === view, "animator: hit where shown")
        #expect(f.window.hitTest(CGPoint(x: 90, y: 10), with: nil) === f.window, "not at the model")
        animator.isManualHitTestingEnabled = true
        #expect(f.window.hitTest(CGPoint(x: 90, y: 10), with: nil) === view, "manual hit testing: the model geometry")
        animator.stopAnimation(true)
        let quiet = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 10, y: 10) }
        quiet.isUserInteractionEnabled = false
        quiet.startAnimation()
        _ = try await f.render()
        #expect(
            f.window.hitTest(CGPoint(x: 85, y: 10), with: nil) === f.window && f.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === f.window,
            "an animator without user interaction: its views take no touches")
        await f.finish()
    }

    @Test func badInputIsRefusedWholeAndChangesNothing() async throws {
        let f = try ScreenFixture()
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        f.window.addSubview(view)
        let tap = UITapGestureRecognizer()
        view.addGestureRecognizer(tap)
        #expect(throws: InputError.unknownTouch(id: 7, phase: .move)) { try f.window.move(7, 1, 1, at: 0) }
        try f.window.down(1, 10, 10, at: 1)
        #expect(throws: InputError.touchAlreadyDown(id: 1)) { try f.window.down(1, 10, 10, at: 1.1) }
        #expect(throws: InputError.nonFiniteLocation(id: 1, x: .infinity, y: 10)) { try f.window.move(1, .infinity, 10, at: 1.1) }
        #expect(throws: InputError.timeWentBackwards(previous: 1, now: 0.5)) { try f.window.move(1, 11, 10, at: 0.5) }
        #expect(throws: InputError.duplicateTouch(id: 1)) {
            try f.window.send([
                TouchInput(id: 1, phase: .move, location: CGPoint(x: 11, y: 10), timestamp: 1.1),
                TouchInput(id: 1, phase: .up, location: CGPoint(x: 11, y: 10), timestamp: 1.1),
            ])
        }
        let nanError = #expect(throws: InputError.self) { try f.window.up(1, 10, 10, at: .nan) }
        #expect(nanError.map { "\($0)".contains("timestamp nan is not finite") } == true)
        #expect(throws: InputError.emptyEvent) { try f.window.send([]) }
        let error = InputError.timeWentBackwards(previous: 1, now: 0.5)
        #expect("\(error)".contains("0.5") && "\(error)".contains("dropped"))
        // None of that reached the view or disturbed the tap in progress.
        #expect(view.log == [".began(1)"] && tap.state == .possible)
        try f.window.up(1, 10, 10, at: 1.2)
        #expect(tap.state == .possible, "recognised and reset for the next gesture")
        #expect(view.log == [".began(1)", ".cancelled(1)"], "the tap took the touch")
        f.window.isHidden = true
        #expect(throws: InputError.windowNotShown) { try f.window.down(2, 10, 10, at: 2) }
        await f.finish()
    }
}

/// Touches in screen coordinates find the window under them.
@MainActor
@Suite struct ScreenInputTests {
    @Test func aTouchGoesToTheTopmostWindowUnderItAndStaysThere() async throws {
        let (f, back, popup, front) = try twoWindows()
        let t = f.screen.mediaTime
        try f.screen.send(TouchInput(id: 1, phase: .down, location: CGPoint(x: 110, y: 120), timestamp: t))
        #expect(front.log == ["front.began(1)"] && front.lastLocation == CGPoint(x: 10, y: 20), "in the popup's coordinates")
        try f.screen.send(TouchInput(id: 1, phase: .move, location: CGPoint(x: 50, y: 50), timestamp: t + 0.1))
        #expect(front.log.last == "front.moved(1)" && front.lastLocation == CGPoint(x: -50, y: -50), "moves follow the touch's window")
        try f.screen.send(TouchInput(id: 1, phase: .up, location: CGPoint(x: 50, y: 50), timestamp: t + 0.2))
        try f.screen.send(TouchInput(id: 2, phase: .down, location: CGPoint(x: 50, y: 50), timestamp: t + 0.3))
        #expect(back.log == ["back.began(1)"], "outside the popup: the window below")
        #expect(throws: InputError.unknownTouch(id: 9, phase: .move)) {
            try f.screen.send(TouchInput(id: 9, phase: .move, location: CGPoint(x: 5, y: 5), timestamp: t + 0.4))
        }
        withExtendedLifetime(popup) {}
        await f.finish()
    }

    /// The 200×200 main window with a logging view, and an 80×80 popup at (100, 100) above it.
    private func twoWindows() throws -> (ScreenFixture, back: TouchLogView, popup: UIWindow, front: TouchLogView) {
        let f = try ScreenFixture(size: CGSize(width: 200, height: 200))
        let back = TouchLogView(frame: f.window.bounds)
        back.name = "back"
        f.window.addSubview(back)
        let popup = UIWindow(frame: CGRect(x: 100, y: 100, width: 80, height: 80))
        popup.windowLevel = .alert
        popup.screen = f.screen
        popup.makeKeyAndVisible()
        let front = TouchLogView(frame: popup.bounds)
        front.name = "front"
        popup.addSubview(front)
        return (f, back, popup, front)
    }

    @Test("An event over two windows whose popup part is refused delivers nothing to either")
    func aRefusedPartRefusesTheWholeEvent() async throws {
        let (f, back, popup, front) = try twoWindows()
        let t = f.screen.mediaTime
        try f.screen.send(TouchInput(id: 5, phase: .down, location: CGPoint(x: 150, y: 150), timestamp: t))
        #expect(front.log == ["front.began(1)"])
        // Touch 1 down at (20, 20) in the main window, and a second down for touch 5, which is
        // already down in the popup: refused, and touch 1 never went down.
        #expect(throws: InputError.touchAlreadyDown(id: 5)) {
            try f.screen.send([
                TouchInput(id: 1, phase: .down, location: CGPoint(x: 20, y: 20), timestamp: t + 0.1),
                TouchInput(id: 5, phase: .down, location: CGPoint(x: 160, y: 160), timestamp: t + 0.1),
            ])
        }
        #expect(back.log.isEmpty && f.window.activeTouches.isEmpty, "the main window's part was not delivered")
        #expect(front.log == ["front.began(1)"] && popup.activeTouches.count == 1)
        // The popup's part refused by the popup itself (time going backwards there only).
        #expect(throws: InputError.self) {
            try f.screen.send([
                TouchInput(id: 2, phase: .down, location: CGPoint(x: 20, y: 20), timestamp: t + 0.2),
                TouchInput(id: 5, phase: .move, location: CGPoint(x: 160, y: 160), timestamp: t - 1),
            ])
        }
        #expect(back.log.isEmpty && f.window.activeTouches.isEmpty, "refused by the popup: nothing for the main window either")
        // A touch down in the popup can be moved with a touch in the main window, together.
        try f.screen.send([
            TouchInput(id: 3, phase: .down, location: CGPoint(x: 20, y: 20), timestamp: t + 0.3),
            TouchInput(id: 5, phase: .move, location: CGPoint(x: 160, y: 160), timestamp: t + 0.3),
        ])
        #expect(back.log == ["back.began(1)"] && front.log == ["front.began(1)", "front.moved(1)"])
        withExtendedLifetime(popup) {}
        await f.finish()
    }

    @Test("The same touch id going down twice in one event is refused even when the downs land in two windows")
    func oneIdDownTwiceInTwoWindowsIsRefused() async throws {
        let (f, back, popup, front) = try twoWindows()
        let t = f.screen.mediaTime
        #expect(throws: InputError.duplicateTouch(id: 7)) {
            try f.screen.send([
                TouchInput(id: 7, phase: .down, location: CGPoint(x: 20, y: 20), timestamp: t),
                TouchInput(id: 7, phase: .down, location: CGPoint(x: 150, y: 150), timestamp: t),
            ])
        }
        #expect(back.log.isEmpty && front.log.isEmpty && f.window.activeTouches.isEmpty && popup.activeTouches.isEmpty)
        #expect(throws: InputError.emptyEvent) { try f.screen.send([]) }
        await f.finish()
    }
}

/// The bad-input catalogue for touch input: each event a host could get wrong, the message it
/// sees, and nothing delivered (touch 1, down before, stays the only touch).
@MainActor
@Suite struct BadInputCatalogueTests {
    /// The bad events for a window: samples at times relative to touch 1's down at t.
    nonisolated static let windowCatalogue: [(what: String, event: [TouchInput], message: String)] = [
        (
            "a move for a touch that is not down", [TouchInput(id: 2, phase: .move, location: CGPoint(x: 1, y: 1), timestamp: 1)],
            "input: a move for touch 2, which is not down; send a down for it first (the event was dropped)"
        ),
        (
            "an up for a touch that is not down", [TouchInput(id: 3, phase: .up, location: CGPoint(x: 1, y: 1), timestamp: 1)],
            "input: an up for touch 3, which is not down; send a down for it first (the event was dropped)"
        ),
        (
            "a down for a touch that is down", [TouchInput(id: 1, phase: .down, location: CGPoint(x: 1, y: 1), timestamp: 1)],
            "input: a down for touch 1, which is already down; send its up or cancel first, or use a new id (the event was dropped)"
        ),
        (
            "one touch twice in an event",
            [TouchInput(id: 4, phase: .down, location: CGPoint(x: 1, y: 1), timestamp: 1), TouchInput(id: 4, phase: .move, location: CGPoint(x: 2, y: 1), timestamp: 1)],
            "input: touch 4 appears twice in one event; send one sample per touch per event (the event was dropped)"
        ),
        (
            "a NaN location", [TouchInput(id: 5, phase: .down, location: CGPoint(x: CGFloat.nan, y: 1), timestamp: 1)],
            "input: touch 5 has a non-finite location (nan, 1.0); send finite window coordinates (the event was dropped)"
        ),
        (
            "an infinite timestamp", [TouchInput(id: 5, phase: .down, location: CGPoint(x: 1, y: 1), timestamp: .infinity)],
            "input: timestamp inf is not finite; use seconds on the screen's frame clock (the event was dropped)"
        ),
        (
            "time going backwards", [TouchInput(id: 1, phase: .move, location: CGPoint(x: 1, y: 1), timestamp: -5)],
            "input: timestamp -5.0 is before the window's last input at 0.0; timestamps must not go backwards (the event was dropped)"
        ),
        ("an empty event", [], "input: an event with no touches (nothing was delivered)"),
    ]

    @Test("Each bad event to a window is refused with its message and delivers nothing", arguments: windowCatalogue.indices)
    func aBadWindowEventIsRefused(_ index: Int) async throws {
        let (what, event, message) = Self.windowCatalogue[index]
        let (f, view) = try gestureScene(multipleTouch: true)
        try f.window.send(TouchInput(id: 1, phase: .down, location: CGPoint(x: 10, y: 10), timestamp: 0))
        var thrown: (any Error)?
        do { try f.window.send(event) } catch { thrown = error }
        #expect(thrown.map { "\($0)" } == message, "\(what)")
        #expect(view.log == [".began(1)"] && f.window.activeTouches.count == 1, "\(what): nothing delivered")
        await f.finish()
    }

    @Test("A down on a hidden window, a scroll with an infinite delta, and a screen touch on no window are refused")
    func theRestOfTheInputSurface() async throws {
        let f = try ScreenFixture(size: CGSize(width: 100, height: 100))
        f.window.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        var messages: [String] = []
        func refused(_ body: () throws -> Void) { do { try body() } catch { messages.append("\(error)") } }
        refused { try f.screen.send(TouchInput(id: 1, phase: .down, location: CGPoint(x: 80, y: 80), timestamp: 0)) }
        refused { try f.window.send(ScrollInput(location: CGPoint(x: 5, y: 5), delta: CGVector(dx: .infinity, dy: 0), phase: .wheel, timestamp: 0)) }
        f.window.isHidden = true
        refused { try f.window.send(TouchInput(id: 2, phase: .down, location: CGPoint(x: 5, y: 5), timestamp: 0)) }
        #expect(
            messages == [
                "input: the window is hidden or on no screen, so nothing can be touched in it; show it first (the event was dropped)",
                "input: a scroll has a non-finite delta (inf, 0.0) (the event was dropped)",
                "input: the window is hidden or on no screen, so nothing can be touched in it; show it first (the event was dropped)",
            ])
        await f.finish()
    }
}
