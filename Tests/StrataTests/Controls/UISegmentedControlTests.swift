import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// UISegmentedControl: segments and their content, widths, selection by code and by touch,
/// momentary controls, action segments, traps and drawing. Unless told otherwise the control spans
/// x 0…300, y 100…132 with three 100-point segments.
@MainActor
@Suite struct UISegmentedControlTests {
    func threeSegments() throws -> (UISegmentedControl, ScreenFixture) {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.frame = CGRect(x: 0, y: 100, width: 300, height: 32)
        return (control, try controlScene(control))
    }

    /// The natural width of a segment whose content is `title`: the title in 13-point semibold
    /// plus 12 points each side.
    func natural(_ title: String) -> CGFloat {
        ceil(title.size(withAttributes: [.font: UIFont.systemFont(ofSize: 13, weight: .semibold)]).width) + 24
    }

    @Test func itemsMakeTitleAndImageSegmentsWithNoneSelected() {
        let image = UIImage()
        let control = UISegmentedControl(items: ["A", image, "C"])
        #expect(control.numberOfSegments == 3)
        #expect(control.titleForSegment(at: 0) == "A" && control.imageForSegment(at: 0) == nil)
        #expect(control.imageForSegment(at: 1) === image && control.titleForSegment(at: 1) == nil)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(UISegmentedControl.noSegment == -1)
        #expect(!control.isMomentary && !control.apportionsSegmentWidthsByContent)
        #expect(control.frame.size == control.intrinsicContentSize, "sized to fit its items")
        #expect(control.intrinsicContentSize.height == 32)
        #expect(UISegmentedControl(frame: .zero).numberOfSegments == 0)
        #expect(UISegmentedControl(items: nil).numberOfSegments == 0)
    }

    /// Equal widths by default (each as wide as the widest content); by content when apportioned;
    /// a fixed width kept either way.
    @Test func widthsAreEqualOrByContentOrFixed() {
        let control = UISegmentedControl(items: ["A", "Longer title"])
        let a = natural("A"), long = natural("Longer title")
        #expect(control.intrinsicContentSize.width == 2 * long)
        control.apportionsSegmentWidthsByContent = true
        #expect(control.intrinsicContentSize.width == a + long)
        control.setWidth(100, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 100 && control.widthForSegment(at: 1) == 0)
        #expect(control.intrinsicContentSize.width == 100 + long)
    }

    @Test func insertingAndRemovingPinIndexesAndKeepTheSelectedSegment() {
        let control = UISegmentedControl(items: ["A", "B"])
        control.insertSegment(withTitle: "Z", at: 99, animated: false)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 2) == "Z", "an index past the end appends")
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "First", at: 0, animated: true)
        #expect(control.selectedSegmentIndex == 2, "the selected segment moved right")
        #expect(control.titleForSegment(at: 2) == "B")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1 && control.titleForSegment(at: 1) == "B")
        control.removeSegment(at: 1, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment, "removing the selected segment selects none")
        control.insertSegment(with: UIImage(), at: 0, animated: false)
        #expect(control.imageForSegment(at: 0) != nil)
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.selectedSegmentIndex == -1)
    }

    /// "A segment can only have an image or a title; it can't have both." An index past the last
    /// names the last.
    @Test func aTitleReplacesAnImageAndIndexesPastTheEndArePinned() {
        let control = UISegmentedControl(items: ["A", "B"])
        control.setImage(UIImage(), forSegmentAt: 1)
        #expect(control.titleForSegment(at: 1) == nil && control.imageForSegment(at: 1) != nil)
        control.setTitle("New", forSegmentAt: 5)
        #expect(control.titleForSegment(at: 1) == "New" && control.imageForSegment(at: 1) == nil)
        #expect(control.titleForSegment(at: 5) == nil)
        control.setEnabled(false, forSegmentAt: 0)
        #expect(!control.isEnabledForSegment(at: 0) && control.isEnabledForSegment(at: 1))
        control.setContentOffset(CGSize(width: 2, height: 3), forSegmentAt: 0)
        #expect(control.contentOffsetForSegment(at: 0) == CGSize(width: 2, height: 3))
        let bold: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 20)]
        control.setTitleTextAttributes(bold, for: .selected)
        #expect((control.titleTextAttributes(for: .selected)?[.font] as? UIFont)?.pointSize == 20)
        #expect(control.titleTextAttributes(for: .normal) == nil)
    }

    @Test func selectingPastTheLastSegmentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let control = UISegmentedControl(items: ["A", "B", "C"])
                control.selectedSegmentIndex = 3
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("selectedSegmentIndex: 3 is out of bounds"))
    }

    @Test func selectingBelowNoSegmentTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UISegmentedControl(items: ["A"]).selectedSegmentIndex = -2 }
        }
    }

    /// "When the user touches a segment to change the selection, the system generates the control
    /// event valueChanged" — on the lift; not when the selection is set in code, not for the
    /// selected segment, not for a disabled segment.
    @Test func aTapOnAnotherSegmentSelectsItAndSendsValueChanged() async throws {
        let (control, f) = try threeSegments()
        let events = recordEvents(of: control)
        try f.window.down(1, 150, 116, at: 1)
        #expect(control.selectedSegmentIndex == -1, "nothing selected until the finger lifts")
        try f.window.up(1, 150, 116, at: 1.05)
        #expect(control.selectedSegmentIndex == 1)
        #expect(events() == ["down", "valueChanged", "upInside"])
        try f.window.tap(150, 116, at: 2)
        #expect(events() == ["down", "upInside"], "the selected segment again: no value change")
        control.selectedSegmentIndex = 0
        #expect(events().isEmpty, "set in code: no event")
        control.setEnabled(false, forSegmentAt: 2)
        try f.window.tap(250, 116, at: 3)
        #expect(control.selectedSegmentIndex == 0 && !events().contains("valueChanged"))
        await f.finish()
    }

    /// A touch on the selected segment drags the thumb; the segment under the finger at the lift is
    /// selected, with one `.valueChanged`.
    @Test func draggingTheSelectedSegmentMovesTheSelection() async throws {
        let (control, f) = try threeSegments()
        control.selectedSegmentIndex = 0
        var selections: [Int] = []
        control.addAction(UIAction { _ in selections.append(control.selectedSegmentIndex) }, for: .valueChanged)
        try f.window.down(1, 50, 116, at: 1)
        try f.window.move(1, 150, 116, at: 1.1)
        try f.window.move(1, 260, 116, at: 1.2)
        try f.window.up(1, 260, 116, at: 1.3)
        #expect(control.selectedSegmentIndex == 2)
        #expect(selections == [2])
        await f.finish()
    }

    /// Lifting beyond the 70-point slop selects nothing.
    @Test func liftingFarOutsideSelectsNothing() async throws {
        let (control, f) = try threeSegments()
        let events = recordEvents(of: control)
        try f.window.down(1, 150, 116, at: 1)
        try f.window.move(1, 150, 290, at: 1.1)
        try f.window.up(1, 150, 290, at: 1.2)
        #expect(control.selectedSegmentIndex == -1)
        #expect(!events().contains("valueChanged"))
        await f.finish()
    }

    /// Momentary: each tap sends `.valueChanged` (the same segment twice too), and the action reads
    /// the tapped segment's index.
    @Test func aMomentaryControlReportsEveryTap() async throws {
        let (control, f) = try threeSegments()
        control.isMomentary = true
        var tapped: [Int] = []
        control.addAction(UIAction { _ in tapped.append(control.selectedSegmentIndex) }, for: .valueChanged)
        try f.window.tap(150, 116, at: 1)
        try f.window.tap(150, 116, at: 2)
        try f.window.tap(50, 116, at: 3)
        #expect(tapped == [1, 1, 0])
        await f.finish()
    }

    /// "Selecting a segment invokes the action's UIActionHandler, as well as handlers for the
    /// valueChanged and primaryActionTriggered events." Segments prefer the image to the title.
    @Test func actionSegmentsRunTheirActionWhenSelected() async throws {
        var log: [String] = []
        let first = UIAction(title: "First", identifier: .init("first")) { action in log.append("first from \(action.sender is UISegmentedControl)") }
        let second = UIAction(title: "Second", image: UIImage(), identifier: .init("second")) { _ in log.append("second") }
        let control = UISegmentedControl(frame: CGRect(x: 0, y: 100, width: 300, height: 32), actions: [first, second])
        let f = try controlScene(control)
        #expect(control.numberOfSegments == 2)
        #expect(control.titleForSegment(at: 0) == "First" && control.imageForSegment(at: 1) != nil && control.titleForSegment(at: 1) == nil)
        #expect(control.segmentIndex(identifiedBy: .init("second")) == 1)
        #expect(control.segmentIndex(identifiedBy: .init("none")) == UISegmentedControl.noSegment)
        #expect(control.actionForSegment(at: 0) === first)
        control.addAction(UIAction { _ in log.append("valueChanged") }, for: .valueChanged)
        control.addAction(UIAction { _ in log.append("primary") }, for: .primaryActionTriggered)
        try f.window.tap(75, 116, at: 1)
        #expect(control.selectedSegmentIndex == 0)
        #expect(log == ["valueChanged", "first from true", "primary"])
        await f.finish()
    }

    /// On white, segment 1 selected: the track is 12 % grey (239, 239, 240) above segment 0, the
    /// thumb white above segment 1; the separator between segments 1 and 2 is hidden (next to the
    /// thumb) and the one between 0 and 1 too; with segment 0 selected the one between 1 and 2
    /// shows. A red `selectedSegmentTintColor` paints the thumb; a momentary control shows none.
    @Test(.tags(.gpu), .requiresGPU) func theTrackThumbAndSeparatorsAreDrawnAsIOS13() async throws {
        let f = try ScreenFixture(size: CGSize(width: 300, height: 40), gpu: true)
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.frame = CGRect(x: 0, y: 4, width: 300, height: 32)
        control.selectedSegmentIndex = 1
        f.window.addSubview(control)
        let image = try await f.render()
        expectPixel(image, 50, 8, RGBA8(239, 239, 240), tolerance: 3, "the track over segment 0")
        expectPixel(image, 150, 8, .white, tolerance: 3, "the thumb over segment 1")
        expectPixel(image, 112, 8, .white, tolerance: 3, "the thumb, 10 points into segment 1")
        #expect(image[99, 20].r > 225, "no separator beside the thumb (only its faint shadow): \(image[99, 20])")
        control.selectedSegmentIndex = 0
        let moved = try await f.render()
        expectPixel(moved, 150, 8, RGBA8(239, 239, 240), tolerance: 3, "segment 1 now unselected")
        #expect(Int(moved[199, 20].r) < Int(moved[185, 20].r) - 8, "the separator between 1 and 2: \(moved[199, 20])")
        control.selectedSegmentTintColor = .red
        let tinted = try await f.render()
        expectPixel(tinted, 50, 8, .red, tolerance: 3, "a red thumb")
        control.isMomentary = true
        let momentary = try await f.render()
        expectPixel(momentary, 50, 8, RGBA8(239, 239, 240), tolerance: 3, "a momentary control shows no selection")
        #expect(control.selectedSegmentIndex == 0)
        await f.finish()
    }
}
