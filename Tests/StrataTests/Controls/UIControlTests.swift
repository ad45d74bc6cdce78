import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// A target that records the actions it receives.
@MainActor
final class ActionRecorder {
    var log: [String] = []
    var senders: [UIControl] = []
    var events: [UIEvent] = []

    func tapped() { log.append("tapped") }
    func changed(_ sender: UISwitch) { log.append("changed(\(sender.isOn))") }
    func slid(_ sender: UISlider) { log.append("slid(\(sender.value))") }
    func touched(_ sender: UIControl, forEvent event: UIEvent) {
        senders.append(sender)
        events.append(event)
        log.append("touched")
    }
}

/// A control that logs every event it sends, by name.
@MainActor
func recordEvents(of control: UIControl) -> () -> [String] {
    let names: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
    ]
    final class Box { var log: [String] = [] }
    let box = Box()
    for (event, name) in names {
        control.addAction(UIAction { _ in box.log.append(name) }, for: event)
    }
    return {
        defer { box.log = [] }
        return box.log
    }
}

/// A 300 × 300 screen whose window holds `control` (input needs a window on a screen).
@MainActor
func controlScene(_ control: UIControl) throws -> ScreenFixture {
    let f = try ScreenFixture(size: CGSize(width: 300, height: 300))
    f.window.addSubview(control)
    return f
}

/// UIControl's tracking, events and target–action; UISwitch and UISlider. Touches are scripted
/// in window coordinates; the control spans x 100…200, y 100…140 unless told otherwise.
@MainActor
@Suite struct UIControlTests {
    @Test func aTapSendsTouchDownThenTouchUpInside() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        let events = recordEvents(of: control)
        try window.down(1, 150, 120, at: 1)
        #expect(control.isHighlighted && control.isTracking && control.isTouchInside)
        #expect(control.state == .highlighted)
        try window.up(1, 150, 120, at: 1.1)
        #expect(events() == ["down", "upInside"])
        #expect(!control.isHighlighted && !control.isTracking && !control.isTouchInside)
        #expect(control.state == .normal)
        await f.finish()
    }

    /// Out 50 points (within the 70-point slop), out 100 points, and back: the slop counts as
    /// inside, the crossing sends exit and enter, and the lift inside is a tap.
    @Test func draggingPastTheSlopAndBackSendsExitOutsideEnterInside() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        let events = recordEvents(of: control)
        try window.down(1, 150, 120, at: 1)
        try window.move(1, 160, 120, at: 1.1)
        try window.move(1, 250, 120, at: 1.2)  // 50 points right of the bounds
        #expect(control.isTouchInside && control.isHighlighted, "within the 70-point slop")
        try window.move(1, 275, 120, at: 1.3)  // 75 points right: outside
        #expect(!control.isTouchInside && !control.isHighlighted)
        try window.move(1, 290, 120, at: 1.4)
        try window.move(1, 180, 120, at: 1.5)
        try window.up(1, 180, 120, at: 1.6)
        #expect(events() == ["down", "dragInside", "dragInside", "dragExit", "dragOutside", "dragEnter", "upInside"])
        await f.finish()
    }

    @Test func liftingOutsideSendsTouchUpOutsideAndCancellingSendsTouchCancel() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        let events = recordEvents(of: control)
        try window.down(1, 150, 120, at: 1)
        try window.move(1, 150, 280, at: 1.1)  // 140 points below
        try window.up(1, 150, 280, at: 1.2)
        #expect(events() == ["down", "dragExit", "upOutside"])
        try window.down(2, 150, 120, at: 2)
        try window.send(TouchInput(id: 2, phase: .cancel, location: CGPoint(x: 150, y: 120), timestamp: 2.1))
        #expect(events() == ["down", "cancel"])
        #expect(!control.isHighlighted && !control.isTracking)
        await f.finish()
    }

    @Test func aSecondQuickTapSendsTouchDownRepeat() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        let events = recordEvents(of: control)
        try window.tap(150, 120, at: 1)
        try window.tap(150, 120, at: 1.2)
        #expect(events() == ["down", "upInside", "down", "downRepeat", "upInside"])
        await f.finish()
    }

    @Test func aDisabledControlSendsNothingAndSaysSoInItsState() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        let events = recordEvents(of: control)
        control.isEnabled = false
        control.isSelected = true
        #expect(control.state == [.disabled, .selected])
        try window.tap(150, 120, at: 1)
        #expect(events().isEmpty)
        #expect(window.hitTest(CGPoint(x: 150, y: 120), with: nil) === control, "still hit: it keeps the touch from what is under it")
        await f.finish()
    }

    // MARK: Target–action

    @Test func targetsAndActionsRunInTheOrderAddedAndCanBeRemoved() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        let a = ActionRecorder(), b = ActionRecorder()
        var order: [String] = []
        control.addTarget(a, action: ActionRecorder.tapped, for: .touchUpInside)
        control.addAction(UIAction(identifier: .init("log")) { action in order.append("action from \(action.sender is UIControl)") }, for: .touchUpInside)
        control.addTarget(b, action: ActionRecorder.touched, for: [.touchDown, .touchUpInside])
        try window.tap(150, 120, at: 1)
        #expect(a.log == ["tapped"])
        #expect(order == ["action from true"])
        #expect(b.log == ["touched", "touched"], "one target for two events: once per event")
        #expect(b.senders.allSatisfy { $0 === control })
        #expect(b.events.first?.allTouches?.count == 1, "the action gets the touch event")
        #expect(control.allTargets == [AnyHashable(ObjectIdentifier(a)), AnyHashable(ObjectIdentifier(b))])
        #expect(control.allControlEvents == [.touchDown, .touchUpInside])
        #expect(control.actions(forTarget: a, forControlEvent: .touchUpInside)?.count == 1)
        #expect(control.actions(forTarget: a, forControlEvent: .touchDown) == nil)

        control.removeTarget(b, action: nil, for: .touchUpInside)
        control.removeAction(identifiedBy: .init("log"), for: .touchUpInside)
        a.log = []; b.log = []; order = []
        try window.tap(150, 120, at: 2)
        #expect(a.log == ["tapped"])
        #expect(b.log == ["touched"], "still registered for touchDown")
        #expect(order.isEmpty)
        control.removeTarget(nil, action: nil, for: .allEvents)
        #expect(control.allTargets.isEmpty)
        await f.finish()
    }

    @Test func targetsAreNotRetainedAndAGoneTargetGetsNothing() async throws {
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        let f = try controlScene(control)
        let window = f.window
        weak var gone: ActionRecorder?
        do {
            let target = ActionRecorder()
            gone = target
            control.addTarget(target, action: ActionRecorder.tapped, for: .touchUpInside)
        }
        #expect(gone == nil, "the control does not keep its target")
        try window.tap(150, 120, at: 1)  // nothing to call, nothing crashes
        #expect(control.allTargets.isEmpty)
        await f.finish()
    }

    @Test func sendActionsRunsTheActionsWithAnEmptyEvent() {
        let control = UISwitch()
        let target = ActionRecorder()
        control.addTarget(target, action: ActionRecorder.changed, for: .valueChanged)
        control.addTarget(target, action: ActionRecorder.touched, for: .valueChanged)
        control.isOn = true
        control.sendActions(for: .valueChanged)
        #expect(target.log == ["changed(true)", "touched"])
        #expect(target.events.first?.allTouches?.isEmpty == true)
    }

    @Test func anActionTakingTheWrongSenderTypeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let slider = UISlider()
                slider.addTarget(ActionRecorder(), action: ActionRecorder.changed, for: .valueChanged)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("takes a UISwitch, but UISlider is not one"), "\(message)")
    }

    // MARK: Gesture recognizers

    @Test func aSuperviewsTapRecognizerDoesNotTakeAControlsTap() async throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        container.addSubview(control)
        let f = try controlScene(UIControl())
        let window = f.window
        window.addSubview(container)
        var recognized = 0
        let tap = UITapGestureRecognizer { _ in recognized += 1 }
        container.addGestureRecognizer(tap)
        let events = recordEvents(of: control)
        try window.tap(150, 120, at: 1)
        #expect(events() == ["down", "upInside"])
        #expect(recognized == 0)
        try window.tap(20, 250, at: 2)
        #expect(recognized == 1, "a tap beside the control is the recognizer's")
        await f.finish()
    }

    // MARK: UISwitch

    @Test func aSwitchIs51By31AndToggledByATap() async throws {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        #expect(toggle.frame == CGRect(x: 100, y: 100, width: 51, height: 31))
        #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        toggle.frame = CGRect(x: 10, y: 10, width: 5, height: 5)
        #expect(toggle.frame == CGRect(x: 10, y: 10, width: 51, height: 31))
        toggle.frame.origin = CGPoint(x: 100, y: 100)
        let f = try controlScene(toggle)
        let window = f.window
        let target = ActionRecorder()
        toggle.addTarget(target, action: ActionRecorder.changed, for: .valueChanged)
        #expect(!toggle.isOn)
        try window.tap(125, 115, at: 1)
        #expect(toggle.isOn)
        try window.tap(125, 115, at: 2)
        #expect(!toggle.isOn)
        #expect(target.log == ["changed(true)", "changed(false)"])
        toggle.isOn = true
        toggle.setOn(false, animated: true)
        #expect(target.log.count == 2, "setting the value sends nothing")
        await f.finish()
    }

    @Test func draggingTheThumbAcrossTurnsTheSwitchOnAndADragBackLeavesItOff() async throws {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let f = try controlScene(toggle)
        let window = f.window
        let events = recordEvents(of: toggle)
        try window.down(1, 110, 115, at: 1)
        try window.move(1, 130, 115, at: 1.1)
        try window.move(1, 150, 115, at: 1.2)
        try window.up(1, 150, 115, at: 1.3)
        #expect(toggle.isOn)
        #expect(events() == ["down", "dragInside", "dragInside", "valueChanged", "upInside"])
        // Dragged right when already on: stays on, no value change.
        try window.down(1, 140, 115, at: 2)
        try window.move(1, 145, 115, at: 2.1)
        try window.move(1, 150, 115, at: 2.2)
        try window.up(1, 150, 115, at: 2.3)
        #expect(toggle.isOn)
        #expect(!events().contains("valueChanged"))
        await f.finish()
    }

    /// A switch on a 100 × 60 white window at (20, 10): on, its track is green at its left end
    /// (25, 25) and the thumb white at its right (58, 25); off, the track's left is the white
    /// thumb and its right end (66, 25) light grey over white.
    @Test(.tags(.gpu), .requiresGPU) func aSwitchDrawsItsTrackAndThumb() async throws {
        let f = try ScreenFixture(size: CGSize(width: 100, height: 60), gpu: true)
        let toggle = UISwitch(frame: CGRect(x: 20, y: 10, width: 0, height: 0))
        f.window.addSubview(toggle)
        toggle.isOn = true
        let on = try await f.render()
        expectPixel(on, 25, 25, RGBA8(52, 199, 89), tolerance: 2, "on: the green track's left end")
        expectPixel(on, 58, 25, .white, tolerance: 2, "on: the thumb at the right")
        toggle.isOn = false
        let off = try await f.render()
        expectPixel(off, 30, 25, .white, tolerance: 2, "off: the thumb at the left")
        // 16% of (120, 120, 128) over white.
        expectPixel(off, 66, 25, RGBA8(233, 233, 235), tolerance: 3, "off: the grey track's right end")
        await f.finish()
    }

    // MARK: UISlider

    @Test func aSlidersValueIsClampedToItsRangeAndSettingItSendsNothing() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 34))
        let events = recordEvents(of: slider)
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
        slider.value = 2
        #expect(slider.value == 1)
        slider.setValue(-3, animated: true)
        #expect(slider.value == 0)
        slider.maximumValue = 100
        slider.value = 80
        slider.maximumValue = 50
        #expect(slider.value == 50, "lowering the maximum below the value lowers the value")
        slider.minimumValue = 10
        slider.value = 5
        #expect(slider.value == 10, "a value below the minimum is the minimum")
        #expect(events().isEmpty)
        #expect(slider.intrinsicContentSize.height == 34)
        #expect(slider.intrinsicContentSize.width == UIView.noIntrinsicMetric)
    }

    /// A 228-point slider at (0, 100): the thumb's centre travels from x 14 (value 0) to 214
    /// (value 1), 200 points. Grabbed at its centre and dragged 100 points right: 0.5.
    @Test func draggingTheThumbMovesTheValueByTheDistanceDragged() async throws {
        let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 228, height: 34))
        let f = try controlScene(slider)
        let window = f.window
        let target = ActionRecorder()
        slider.addTarget(target, action: ActionRecorder.slid, for: .valueChanged)
        try window.down(1, 16, 117, at: 1)  // 2 points right of the thumb's centre
        try window.move(1, 66, 117, at: 1.1)
        try window.move(1, 116, 117, at: 1.2)
        try window.up(1, 116, 117, at: 1.3)
        #expect(slider.value == 0.5)
        #expect(target.log == ["slid(0.25)", "slid(0.5)"], "continuous: one event per change")
        // Not continuous: one event when the finger lifts.
        slider.isContinuous = false
        target.log = []
        try window.down(1, 114, 117, at: 2)
        try window.move(1, 134, 117, at: 2.1)
        try window.move(1, 164, 117, at: 2.2)
        try window.up(1, 164, 117, at: 2.3)
        #expect(slider.value == 0.75)
        #expect(target.log == ["slid(0.75)"])
        await f.finish()
    }

    @Test func aTouchOnTheTrackAwayFromTheThumbChangesNothing() async throws {
        let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 228, height: 34))
        let f = try controlScene(slider)
        let window = f.window
        let events = recordEvents(of: slider)
        try window.down(1, 180, 117, at: 1)
        try window.move(1, 200, 117, at: 1.1)
        try window.up(1, 200, 117, at: 1.2)
        #expect(slider.value == 0)
        #expect(events() == ["down", "upInside"], "not tracking: no drag events, no value change")
        await f.finish()
    }
}
