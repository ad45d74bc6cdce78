import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import Testing

/// Records a recognizer's action calls.
@MainActor
final class ActionLog {
    var states: [UIGestureRecognizer.State] = []
    func handle(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
}

/// Allows any two recognizers to recognise together.
@MainActor
final class Simultaneous: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
}

/// A 300×300 window filled by one logging view.
@MainActor
func gestureScene(multipleTouch: Bool) throws -> (ScreenFixture, TouchLogView) {
    let f = try ScreenFixture(size: CGSize(width: 300, height: 300))
    let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    view.isMultipleTouchEnabled = multipleTouch
    f.window.addSubview(view)
    return (f, view)
}

/// Gesture recognizers on scripted input, window coordinates, timestamps in seconds.
@MainActor
@Suite struct GestureRecognizerTests {
    private func scene() throws -> (ScreenFixture, TouchLogView) { try gestureScene(multipleTouch: true) }

    @Test func aTapIsRecognisedAndCallsItsTargetMethod() async throws {
        let (f, view) = try scene()
        let log = ActionLog()
        let tap = UITapGestureRecognizer(target: log, action: ActionLog.handle)
        view.addGestureRecognizer(tap)
        try f.window.tap(50, 50, at: 1)
        #expect(log.states == [.ended])
        #expect(tap.state == .possible, "reset for the next tap")
        try f.window.down(1, 50, 50, at: 2)
        try f.window.move(1, 80, 50, at: 2.05)  // moved 30 points: not a tap
        try f.window.up(1, 80, 50, at: 2.1)
        #expect(log.states == [.ended])
        await f.finish()
    }

    @Test func aDoubleTapWinsOverASingleTapThatRequiresItToFail() async throws {
        let (f, view) = try scene()
        let singles = ActionLog(), doubles = ActionLog()
        let single = UITapGestureRecognizer(target: singles, action: ActionLog.handle)
        let double = UITapGestureRecognizer(target: doubles, action: ActionLog.handle)
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        // Two taps 0.2 s apart: the double tap, and no single tap.
        try f.window.tap(50, 50, at: 1, id: 1)
        #expect(singles.states.isEmpty, "the single tap waits for the double tap to fail")
        try f.window.tap(52, 51, at: 1.2, id: 2)
        #expect(doubles.states == [.ended])
        try f.window.advanceInput(to: 3)
        #expect(singles.states.isEmpty, "the double tap recognised, so the single tap failed")
        // One tap: the single tap once the double tap gives up (0.35 s after the tap).
        try f.window.tap(50, 50, at: 5, id: 3)
        try f.window.advanceInput(to: 5.3)
        #expect(singles.states.isEmpty)
        try f.window.advanceInput(to: 5.5)
        #expect(singles.states == [.ended] && doubles.states == [.ended])
        await f.finish()
    }

    @Test func aPanReportsTranslationAndVelocityFromTimedMoves() async throws {
        let (f, view) = try scene()
        var translations: [CGPoint] = []
        var velocity = CGPoint.zero
        var states: [UIGestureRecognizer.State] = []
        let pan = UIPanGestureRecognizer { g in
            let pan = g as! UIPanGestureRecognizer
            states.append(pan.state)
            translations.append(pan.translation(in: view))
            velocity = pan.velocity(in: view)
        }
        view.addGestureRecognizer(pan)
        try f.window.down(1, 100, 100, at: 1)
        try f.window.move(1, 105, 100, at: 1.01)  // 5 points: not yet
        #expect(states.isEmpty)
        // Then 10 points every 10 ms: 1,000 points per second.
        for i in 1...10 { try f.window.move(1, 105 + Double(i) * 10, 100, at: 1.01 + Double(i) * 0.01) }
        try f.window.up(1, 205, 100, at: 1.11)
        #expect(states.first == .began && states.last == .ended && states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(translations.first == CGPoint(x: 15, y: 0), "began counting the first moves")
        #expect(translations.last == CGPoint(x: 105, y: 0))
        #expect(abs(velocity.x - 1000) < 1e-6 && velocity.y == 0, "velocity \(velocity)")
        #expect(view.log == [".began(1)", ".moved(1)", ".cancelled(1)"], "the pan cancelled the view's touch when it began")
        await f.finish()
    }

    @Test func setTranslationMeasuresFromNow() async throws {
        let (f, view) = try scene()
        var seen: [CGPoint] = []
        let pan = UIPanGestureRecognizer { g in
            let pan = g as! UIPanGestureRecognizer
            seen.append(pan.translation(in: view))
            pan.setTranslation(.zero, in: view)
        }
        view.addGestureRecognizer(pan)
        try f.window.down(1, 0, 0, at: 1)
        try f.window.move(1, 20, 0, at: 1.1)
        try f.window.move(1, 25, 3, at: 1.2)
        try f.window.move(1, 35, 3, at: 1.3)
        #expect(seen == [CGPoint(x: 20, y: 0), CGPoint(x: 5, y: 3), CGPoint(x: 10, y: 0)])
        await f.finish()
    }

    @Test func aPanAndAPinchRecogniseTogetherOnlyWhenTheDelegateAllows() async throws {
        for allowed in [false, true] {
            let (f, view) = try scene()
            let pans = ActionLog(), pinches = ActionLog()
            let pan = UIPanGestureRecognizer(target: pans, action: ActionLog.handle)
            let pinch = UIPinchGestureRecognizer(target: pinches, action: ActionLog.handle)
            let delegate = Simultaneous()
            if allowed { pinch.delegate = delegate }
            view.addGestureRecognizer(pan)
            view.addGestureRecognizer(pinch)
            // Two fingers 100 apart move right together, then apart to 200.
            try f.window.send([
                TouchInput(id: 1, phase: .down, location: CGPoint(x: 100, y: 100), timestamp: 1),
                TouchInput(id: 2, phase: .down, location: CGPoint(x: 200, y: 100), timestamp: 1),
            ])
            try f.window.send([
                TouchInput(id: 1, phase: .move, location: CGPoint(x: 110, y: 100), timestamp: 1.1),
                TouchInput(id: 2, phase: .move, location: CGPoint(x: 220, y: 100), timestamp: 1.1),
            ])
            try f.window.send([
                TouchInput(id: 1, phase: .move, location: CGPoint(x: 60, y: 100), timestamp: 1.2),
                TouchInput(id: 2, phase: .move, location: CGPoint(x: 260, y: 100), timestamp: 1.2),
            ])
            #expect(pans.states.first == .began, "allowed \(allowed): the pan began first (the centroid moved 15 points)")
            if allowed {
                #expect(pinches.states == [.began, .changed], "the pinch began too (the distance grew 10 points, then 90 more)")
                #expect(abs(pinch.scale - 2) < 1e-9, "scale \(pinch.scale)")
            } else {
                #expect(pinches.states.isEmpty, "the running pan kept the pinch from beginning")
                #expect(pinch.state == .failed)
            }
            await f.finish()
        }
    }

    @Test func aLongPressBeginsAfterItsDurationAndFailsIfMoved() async throws {
        let (f, view) = try scene()
        let log = ActionLog()
        let press = UILongPressGestureRecognizer(target: log, action: ActionLog.handle)
        view.addGestureRecognizer(press)
        try f.window.down(1, 50, 50, at: 1)
        try f.window.advanceInput(to: 1.4)
        #expect(log.states.isEmpty)
        try f.window.advanceInput(to: 1.5)
        #expect(log.states == [.began])
        try f.window.move(1, 90, 50, at: 1.6)
        try f.window.up(1, 90, 50, at: 1.7)
        #expect(log.states == [.began, .changed, .ended])
        // Moved beyond 10 points before the time is up: no press.
        try f.window.down(2, 50, 50, at: 3)
        try f.window.move(2, 65, 50, at: 3.1)
        try f.window.advanceInput(to: 4)
        #expect(log.states == [.began, .changed, .ended])
        await f.finish()
    }

    @Test func aLongPressBeginsOnTheFramesOfTheVirtualClock() async throws {
        let (f, view) = try scene()
        let log = ActionLog()
        view.addGestureRecognizer(UILongPressGestureRecognizer(target: log, action: ActionLog.handle))
        let t0 = f.screen.mediaTime
        try f.window.down(1, 50, 50, at: t0)
        for _ in 0..<29 { _ = try await f.screen.renderFrame(readBack: false) }  // t0 ... t0 + 28/60
        #expect(log.states.isEmpty)
        for _ in 0..<2 { _ = try await f.screen.renderFrame(readBack: false) }  // t0 + 30/60
        #expect(log.states == [.began], "began at the frame half a second after the touch")
        await f.finish()
    }

    @Test func swipesRecogniseInTheirDirectionsOnly() async throws {
        let (f, view) = try scene()
        let rights = ActionLog(), ups = ActionLog()
        let right = UISwipeGestureRecognizer(target: rights, action: ActionLog.handle)
        let up = UISwipeGestureRecognizer(target: ups, action: ActionLog.handle)
        up.direction = .up
        let delegate = Simultaneous()
        right.delegate = delegate
        view.addGestureRecognizer(right)
        view.addGestureRecognizer(up)
        try f.window.down(1, 50, 150, at: 1)
        try f.window.move(1, 80, 152, at: 1.05)
        try f.window.move(1, 120, 150, at: 1.1)
        try f.window.up(1, 120, 150, at: 1.12)
        #expect(rights.states == [.ended] && ups.states.isEmpty)
        try f.window.down(2, 50, 150, at: 2)
        try f.window.move(2, 50, 60, at: 2.1)
        try f.window.up(2, 50, 60, at: 2.12)
        #expect(rights.states == [.ended] && ups.states == [.ended])
        // Too slow: 60 points over a second.
        try f.window.down(3, 50, 150, at: 3)
        try f.window.move(3, 80, 150, at: 3.4)
        try f.window.move(3, 110, 150, at: 4)
        #expect(rights.states == [.ended])
        await f.finish()
    }

    @Test func aRotationMeasuresTheTurnOfTwoFingers() async throws {
        let (f, view) = try scene()
        var rotation: CGFloat = 0
        let rotate = UIRotationGestureRecognizer { rotation = ($0 as! UIRotationGestureRecognizer).rotation }
        view.addGestureRecognizer(rotate)
        try f.window.send([
            TouchInput(id: 1, phase: .down, location: CGPoint(x: 100, y: 150), timestamp: 1),
            TouchInput(id: 2, phase: .down, location: CGPoint(x: 200, y: 150), timestamp: 1),
        ])
        // Turn the pair a quarter turn about (150, 150), in steps.
        for step in 1...9 {
            let a = Double(step) * .pi / 18
            try f.window.send([
                TouchInput(id: 1, phase: .move, location: CGPoint(x: 150 - 50 * cos(a), y: 150 - 50 * sin(a)), timestamp: 1 + Double(step) * 0.02),
                TouchInput(id: 2, phase: .move, location: CGPoint(x: 150 + 50 * cos(a), y: 150 + 50 * sin(a)), timestamp: 1 + Double(step) * 0.02),
            ])
        }
        #expect(rotate.state == .changed)
        #expect(abs(rotation - .pi / 2) < 1e-9, "rotation \(rotation)")
        await f.finish()
    }

    @Test func delaysTouchesBeganHoldsTheViewsTouchesUntilTheRecognizerFails() async throws {
        let (f, view) = try scene()
        let swipe = UISwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        view.addGestureRecognizer(swipe)
        try f.window.down(1, 50, 50, at: 1)
        try f.window.move(1, 55, 50, at: 1.1)
        #expect(view.log.isEmpty, "held while the swipe may still happen")
        try f.window.up(1, 55, 50, at: 1.2)  // the swipe fails: the view gets everything, in order
        #expect(view.log == [".began(1)", ".moved(1)", ".ended(1)"])
        await f.finish()
    }

    @Test func aViewCanRefuseASuperviewsRecognizer() async throws {
        final class Slider: TouchLogView {
            override func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { !(g is UIPanGestureRecognizer) }
        }
        let (f, view) = try scene()
        let slider = Slider(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        view.addSubview(slider)
        let log = ActionLog()
        view.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: ActionLog.handle))
        try f.window.down(1, 10, 10, at: 1)
        try f.window.move(1, 60, 10, at: 1.1)
        try f.window.up(1, 60, 10, at: 1.2)
        #expect(log.states.isEmpty, "the slider kept its superview's pan from beginning")
        #expect(slider.log == [".began(1)", ".moved(1)", ".ended(1)"])
        await f.finish()
    }

    @Test func aWheelScrollsAPanThatAllowsIt() async throws {
        let (f, view) = try scene()
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { translations.append(($0 as! UIPanGestureRecognizer).translation(in: nil)) }
        view.addGestureRecognizer(pan)
        #expect(
            try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: CGVector(dx: 0, dy: 30), phase: .wheel, timestamp: 1)) == false,
            "no scroll types allowed: not taken")
        pan.allowedScrollTypesMask = .all
        #expect(try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: CGVector(dx: 0, dy: 30), phase: .wheel, timestamp: 2)))
        #expect(translations == [.zero, CGPoint(x: 0, y: 30), CGPoint(x: 0, y: 30)], "began, changed by the step, ended")
        #expect(pan.state == .possible)
        await f.finish()
    }

    @Test func transitionsARecognizerCannotMakeAreIgnored() async throws {
        let (f, view) = try scene()
        final class Odd: UIGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .changed }  // not from .possible
        }
        let odd = Odd()
        view.addGestureRecognizer(odd)
        try f.window.down(1, 10, 10, at: 1)
        #expect(odd.state == .possible, "the impossible transition was ignored")
        try f.window.up(1, 10, 10, at: 1.1)
        await f.finish()
    }
}

/// Regressions from the review of the event code.
@MainActor
@Suite struct GestureArbitrationTests {
    private func scene() throws -> (ScreenFixture, TouchLogView) { try gestureScene(multipleTouch: false) }

    @Test func ofTwoNestedTapsOnlyTheInnerOneFires() async throws {
        let (f, outer) = try scene()
        let inner = TouchLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        outer.addSubview(inner)
        let inners = ActionLog(), outers = ActionLog()
        let innerTap = UITapGestureRecognizer(target: inners, action: ActionLog.handle)
        let outerTap = UITapGestureRecognizer(target: outers, action: ActionLog.handle)
        inner.addGestureRecognizer(innerTap)
        outer.addGestureRecognizer(outerTap)
        try f.window.tap(50, 50, at: 1)
        #expect(inners.states == [.ended])
        #expect(outers.states.isEmpty, "the inner tap recognised first and excluded the outer one")
        #expect(innerTap.state == .possible && outerTap.state == .possible, "both reset")
        try f.window.tap(200, 200, at: 2)
        #expect(outers.states == [.ended], "the outer one still works on its own")
        await f.finish()
    }

    @Test func aRecognizerThatFailsWhileWaitingStaysFailed() async throws {
        let (f, view) = try scene()
        let pans = ActionLog()
        let pan = UIPanGestureRecognizer(target: pans, action: ActionLog.handle)
        let swipe = UISwipeGestureRecognizer()
        pan.require(toFail: swipe)
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(swipe)
        try f.window.down(1, 100, 100, at: 1)
        try f.window.move(1, 100, 120, at: 1.05)  // the pan wants to begin; the (rightward) swipe may still happen
        #expect(pans.states.isEmpty)
        try f.window.up(1, 100, 120, at: 1.1)  // both end
        try f.window.advanceInput(to: 2)
        #expect(pans.states.isEmpty || pans.states == [.began, .ended], "never left in .began: \(pans.states)")
        #expect(pan.state == .possible && swipe.state == .possible)
        await f.finish()
    }

    @Test func disablingARecognizerInItsActionStillCancelsTheViewsTouches() async throws {
        let (f, view) = try scene()
        let tap = UITapGestureRecognizer { recognizer in recognizer.isEnabled = false }
        view.addGestureRecognizer(tap)
        try f.window.tap(50, 50, at: 1)
        #expect(view.log == [".began(1)", ".cancelled(1)"])
        try f.window.tap(50, 50, at: 2, id: 2)
        #expect(view.log == [".began(1)", ".cancelled(1)", ".began(1)", ".ended(1)"], "disabled: the view gets the next tap")
        await f.finish()
    }

    @Test func wheelsNeedDiscreteAndTrackpadsContinuous() async throws {
        let (f, view) = try scene()
        let pan = UIPanGestureRecognizer()
        view.addGestureRecognizer(pan)
        pan.allowedScrollTypesMask = .continuous
        #expect(try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: CGVector(dx: 0, dy: 10), phase: .wheel, timestamp: 1)) == false)
        #expect(try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: .init(dx: 0, dy: 0), phase: .began, timestamp: 1.1)))
        #expect(try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: CGVector(dx: 0, dy: 10), phase: .changed, timestamp: 1.2)))
        #expect(pan.translation(in: nil) == CGPoint(x: 0, y: 10))
        // The host lost the end: a new scroll cancels the old one and starts afresh.
        #expect(try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: .init(dx: 0, dy: 0), phase: .began, timestamp: 2)))
        #expect(pan.state == .began && pan.translation(in: nil) == .zero)
        pan.allowedScrollTypesMask = .discrete
        _ = try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: .init(dx: 0, dy: 0), phase: .ended, timestamp: 2.1))
        #expect(try f.window.send(ScrollInput(location: CGPoint(x: 50, y: 50), delta: CGVector(dx: 0, dy: 10), phase: .wheel, timestamp: 3)))
        await f.finish()
    }

    @Test func aTapsLocationIsReadableInItsAction() async throws {
        let (f, view) = try scene()
        var location: CGPoint?
        var count = 0
        let tap = UITapGestureRecognizer { g in
            count = g.numberOfTouches
            location = g.location(ofTouch: 0, in: view)
        }
        view.addGestureRecognizer(tap)
        try f.window.tap(40, 60, at: 1)
        #expect(count == 1 && location == CGPoint(x: 40, y: 60))
        await f.finish()
    }

    @Test func aViewLeavingTheWindowHasItsTouchesCancelled() async throws {
        let (f, view) = try scene()
        let pans = ActionLog()
        view.addGestureRecognizer(UIPanGestureRecognizer(target: pans, action: ActionLog.handle))
        let child = TouchLogView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.addSubview(child)
        try f.window.down(1, 10, 10, at: 1)
        try f.window.move(1, 30, 10, at: 1.1)
        #expect(pans.states == [.began])
        child.removeFromSuperview()
        #expect(pans.states == [.began, .cancelled], "the pan's touch began in the view that left")
        #expect(f.window.activeTouches.isEmpty)
        #expect(throws: InputError.unknownTouch(id: 1, phase: .up)) { try f.window.up(1, 30, 10, at: 1.2) }
        await f.finish()
    }
}

/// Each continuous recognizer failing, and taps needing several fingers, on scripted input.
@MainActor
@Suite struct GestureFailureTests {
    private func scene() throws -> (ScreenFixture, TouchLogView) { try gestureScene(multipleTouch: true) }

    private func two(_ phase: TouchInput.Phase, _ a: CGPoint, _ b: CGPoint, at t: Double) -> [TouchInput] {
        [TouchInput(id: 1, phase: phase, location: a, timestamp: t), TouchInput(id: 2, phase: phase, location: b, timestamp: t)]
    }

    @Test func aPanFailsWhenTheFingerLiftsBeforeMovingTenPoints() async throws {
        let (f, view) = try scene()
        let pan = UIPanGestureRecognizer()
        view.addGestureRecognizer(pan)
        try f.window.down(1, 100, 100, at: 1)
        try f.window.move(1, 106, 100, at: 1.1)
        #expect(pan.state == .possible)
        try f.window.up(1, 106, 100, at: 1.2)
        #expect(view.log == [".began(1)", ".moved(1)", ".ended(1)"], "no pan: the view got the whole touch")
        #expect(pan.state == .possible, "failed, then reset")
        await f.finish()
    }

    @Test func aPinchAndARotationFailWhenTwoFingersDoNothing() async throws {
        let (f, view) = try scene()
        let pinches = ActionLog(), rotations = ActionLog()
        view.addGestureRecognizer(UIPinchGestureRecognizer(target: pinches, action: ActionLog.handle))
        let rotation = UIRotationGestureRecognizer(target: rotations, action: ActionLog.handle)
        view.addGestureRecognizer(rotation)
        try f.window.send(two(.down, CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100), at: 1))
        try f.window.send(two(.move, CGPoint(x: 103, y: 100), CGPoint(x: 203, y: 101), at: 1.1))  // slid 3 points, turned 0.6°
        try f.window.send(two(.up, CGPoint(x: 103, y: 100), CGPoint(x: 203, y: 101), at: 1.2))
        #expect(pinches.states.isEmpty && rotations.states.isEmpty)
        #expect(view.log == [".began(2)", ".moved(2)", ".ended(2)"], "the view got every touch: \(view.log)")
        await f.finish()
    }

    @Test func aTwoFingerTapNeedsTwoFingers() async throws {
        let (f, view) = try scene()
        let log = ActionLog()
        let tap = UITapGestureRecognizer(target: log, action: ActionLog.handle)
        tap.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)
        try f.window.tap(50, 50, at: 1)
        #expect(log.states.isEmpty, "one finger is not enough")
        try f.window.send(two(.down, CGPoint(x: 50, y: 50), CGPoint(x: 80, y: 50), at: 2))
        try f.window.send(two(.up, CGPoint(x: 50, y: 50), CGPoint(x: 80, y: 50), at: 2.05))
        #expect(log.states == [.ended])
        #expect(tap.location(in: view) == CGPoint(x: 65, y: 50), "the centroid of the two fingers")
        await f.finish()
    }
}
