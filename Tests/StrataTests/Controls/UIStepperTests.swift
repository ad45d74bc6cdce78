import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// UIStepper: its documented defaults and range rules, steps by touch, wrapping, autorepeat on the
/// frame clock, and its drawing. The stepper sits at (100, 100): its "−" half spans x 100…146.5,
/// its "+" half x 147.5…194, y 100…132.
@MainActor
@Suite struct UIStepperTests {
    func scene(_ stepper: UIStepper) throws -> (ScreenFixture, () -> [String]) {
        let f = try controlScene(stepper)
        let values = ValueLog()
        stepper.addAction(UIAction { _ in values.log.append("\(stepper.value)") }, for: .valueChanged)
        let read = {
            defer { values.log = [] }
            return values.log
        }
        return (f, read)
    }

    final class ValueLog { var log: [String] = [] }

    @Test func defaultsAreUIKitsAndTheSizeIsAlways94By32() {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(!stepper.wraps && stepper.autorepeat && stepper.isContinuous)
        #expect(stepper.frame == CGRect(x: 10, y: 20, width: 94, height: 32), "the origin kept, the size replaced")
        stepper.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
        #expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
        #expect(stepper.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 94, height: 32))
    }

    /// "This property is clamped at its lower extreme to minimumValue and … upper extreme to
    /// maximumValue"; setting it sends nothing.
    @Test func valueIsClampedAndSettingItSendsNothing() {
        let stepper = UIStepper()
        let events = recordEvents(of: stepper)
        stepper.value = 150
        #expect(stepper.value == 100)
        stepper.value = -5
        #expect(stepper.value == 0)
        stepper.value = 42.5
        #expect(stepper.value == 42.5)
        stepper.maximumValue = 40
        #expect(stepper.value == 40, "lowering the maximum below the value lowers the value")
        stepper.minimumValue = 20
        stepper.value = 25
        stepper.minimumValue = 30
        #expect(stepper.value == 30, "raising the minimum above the value raises the value")
        #expect(events().isEmpty)
    }

    /// "If you set a maximum or minimum value that would break this invariant, both values are set
    /// to the new value" (two different new values, 100 and 500, so a swapped bound shows).
    @Test func aBoundSetPastTheOtherSetsBothToTheNewValue() {
        let stepper = UIStepper()
        stepper.minimumValue = 200
        #expect(stepper.minimumValue == 200 && stepper.maximumValue == 200 && stepper.value == 200)
        stepper.maximumValue = 100
        #expect(stepper.minimumValue == 100 && stepper.maximumValue == 100 && stepper.value == 100)
        stepper.maximumValue = 500
        stepper.minimumValue = 500
        #expect(stepper.minimumValue == 500 && stepper.maximumValue == 500)
    }

    @Test func aStepValueOfZeroTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIStepper().stepValue = 0 }
        }
    }

    @Test func aNegativeStepValueTrapsNamingUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { UIStepper().stepValue = -1 }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("stepValue must be greater than 0"))
    }

    /// A tap steps once when the finger lifts; each half steps its own way; a step is value ±
    /// stepValue then clamped (min 2, max 5, step 2, value 3: "−" gives 2, not 1).
    @Test func aTapOnAHalfStepsOnceWhenTheFingerLifts() async throws {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let (f, values) = try scene(stepper)
        let window = f.window
        try window.down(1, 170, 116, at: 1)
        #expect(stepper.value == 0, "nothing steps on touch down")
        try window.up(1, 170, 116, at: 1.1)
        #expect(stepper.value == 1)
        #expect(values() == ["1.0"])
        try window.tap(120, 116, at: 2)
        #expect(stepper.value == 0)
        #expect(values() == ["0.0"])
        try window.tap(120, 116, at: 3)
        #expect(stepper.value == 0 && values().isEmpty, "at the minimum the \"−\" half does nothing")
        stepper.minimumValue = 2
        stepper.maximumValue = 5
        stepper.stepValue = 2
        stepper.value = 3
        try window.tap(120, 116, at: 4)
        #expect(stepper.value == 2)
        try window.tap(170, 116, at: 5)
        try window.tap(170, 116, at: 6)
        #expect(stepper.value == 5, "4 + 2 is clamped to the maximum")
        #expect(values() == ["2.0", "4.0", "5.0"])
        await f.finish()
    }

    /// "Incrementing beyond maximumValue sets value to minimumValue; … decrementing below
    /// minimumValue sets value to maximumValue."
    @Test func wrapsGoesRoundPastEitherEnd() async throws {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let (f, values) = try scene(stepper)
        stepper.maximumValue = 3
        stepper.wraps = true
        stepper.value = 3
        try f.window.tap(170, 116, at: 1)
        #expect(stepper.value == 0)
        try f.window.tap(120, 116, at: 2)
        #expect(stepper.value == 3)
        #expect(values() == ["0.0", "3.0"])
        await f.finish()
    }

    /// UIKit's timing: held, a half steps at 0.5 s, then every 0.5 s for three more steps, then
    /// every 0.1 s; each step sends `.valueChanged`; the lift adds no step. Time advances with
    /// `advanceInput(to:)` alone, no touch moving.
    @Test func holdingAHalfRepeatsOnTheFrameClock() async throws {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let (f, values) = try scene(stepper)
        let window = f.window
        try window.down(1, 170, 116, at: 1)
        try window.advanceInput(to: 1.45)
        #expect(stepper.value == 0)
        try window.advanceInput(to: 1.55)
        #expect(stepper.value == 1, "the first repeat at 0.5 s")
        try window.advanceInput(to: 3.45)
        #expect(stepper.value == 4, "then at 2.0, 2.5 and 3.0 s")
        try window.advanceInput(to: 3.55)
        #expect(stepper.value == 5)
        try window.advanceInput(to: 3.75)
        #expect(stepper.value == 7, "then every 0.1 s: 3.6 and 3.7 s")
        try window.up(1, 170, 116, at: 3.75)
        #expect(stepper.value == 7, "a lift after repeats adds no step")
        #expect(values() == ["1.0", "2.0", "3.0", "4.0", "5.0", "6.0", "7.0"])
        try window.advanceInput(to: 10)
        #expect(stepper.value == 7, "no repeat after the lift")
        await f.finish()
    }

    @Test func withoutAutorepeatHoldingStepsOnceOnTheLift() async throws {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let (f, values) = try scene(stepper)
        stepper.autorepeat = false
        try f.window.down(1, 170, 116, at: 1)
        try f.window.advanceInput(to: 4)
        #expect(stepper.value == 0)
        try f.window.up(1, 170, 116, at: 4)
        #expect(stepper.value == 1)
        #expect(values() == ["1.0"])
        await f.finish()
    }

    /// Not continuous: repeats change the value with no event; one `.valueChanged` when the finger
    /// lifts.
    @Test func notContinuousSendsOneEventWhenTheFingerLifts() async throws {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let (f, values) = try scene(stepper)
        stepper.isContinuous = false
        try f.window.down(1, 170, 116, at: 1)
        try f.window.advanceInput(to: 2.25)
        #expect(stepper.value == 2)
        #expect(values().isEmpty)
        try f.window.up(1, 170, 116, at: 2.3)
        #expect(values() == ["2.0"])
        try f.window.tap(170, 116, at: 3)
        #expect(values() == ["3.0"], "a tap: one step, one event")
        await f.finish()
    }

    /// Sliding off the pressed half (beyond the 70-point slop) stops the repeats; back on it, they
    /// go on.
    @Test func repeatsStopWhileTheFingerIsOffTheControl() async throws {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let (f, _) = try scene(stepper)
        try f.window.down(1, 170, 116, at: 1)
        try f.window.move(1, 170, 280, at: 1.2)
        try f.window.advanceInput(to: 2.6)
        #expect(stepper.value == 0)
        try f.window.move(1, 170, 116, at: 2.6)
        try f.window.advanceInput(to: 3.05)
        #expect(stepper.value == 1, "the next 0.5-s check steps again")
        try f.window.up(1, 170, 116, at: 3.1)
        await f.finish()
    }

    @Test func imagesAreKeptPerState() {
        let stepper = UIStepper()
        let image = UIImage()
        stepper.setIncrementImage(image, for: .normal)
        stepper.setDecrementImage(image, for: .highlighted)
        stepper.setBackgroundImage(image, for: .disabled)
        #expect(stepper.incrementImage(for: .normal) === image && stepper.incrementImage(for: .highlighted) == nil)
        #expect(stepper.decrementImage(for: .highlighted) === image)
        #expect(stepper.backgroundImage(for: .disabled) === image && stepper.backgroundImage(for: .normal) == nil)
    }

    /// A stepper at (10, 10) on white: the track is 12 % grey (239, 239, 240); the "+" bars are
    /// black; at the minimum (0) the "−" bar (y 25…27) is dimmed to tertiary grey, at the maximum
    /// the "+" is, and the "−" is black.
    @Test(.tags(.gpu), .requiresGPU) func aStepperDrawsItsTrackDividerAndSigns() async throws {
        let f = try ScreenFixture(size: CGSize(width: 120, height: 60), gpu: true)
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        f.window.addSubview(stepper)
        let image = try await f.render()
        expectPixel(image, 16, 16, RGBA8(239, 239, 240), tolerance: 3, "the track")
        #expect(image[33, 25].r > 150, "the \"−\" bar is dimmed at the minimum: \(image[33, 25])")
        expectPixel(image, 80, 25, .black, tolerance: 40, "the \"+\" across bar")
        expectPixel(image, 80, 20, .black, tolerance: 40, "the \"+\" down bar")
        expectPixel(image, 80, 20 - 4, RGBA8(239, 239, 240), tolerance: 3, "above the \"+\"")
        stepper.value = 100
        let atMaximum = try await f.render()
        #expect(atMaximum[80, 20].r > 150, "the \"+\" is dimmed at the maximum: \(atMaximum[80, 20])")
        expectPixel(atMaximum, 33, 25, .black, tolerance: 40, "the \"−\" bar")
        await f.finish()
    }
}
