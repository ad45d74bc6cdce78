import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIAlertController and UIAlertAction as UIKit documents them, with iOS's metrics: a 400 × 600
/// window; an alert is 270 wide, centred (x 65); two buttons 135 × 44 side by side, cancel on
/// the left; stacked 44-point buttons otherwise, cancel last; a sheet 8 from the edges (width
/// 384), 57-point buttons, the cancel group 8 above the bottom and 8 under the others.
@MainActor
@Suite struct UIAlertControllerTests {
    final class Log { var entries: [String] = [] }

    /// A window on a screen with no GPU, its root controller shown.
    func scene(gpu: Bool = false) async throws -> (ScreenFixture, UIViewController) {
        let f = try ScreenFixture(size: CGSize(width: 400, height: 600), gpu: gpu)
        let root = UIViewController()
        f.window.rootViewController = root
        await nextTurn()
        return (f, root)
    }

    /// Presents `alert` without animation and waits for the presentation to finish.
    func show(_ alert: UIAlertController, over root: UIViewController) async {
        root.present(alert, animated: false)
        await nextTurn()
    }

    /// Runs the frames of an animated dismissal (0.3 s) and the turn after it.
    func finishAnimations(_ f: ScreenFixture) async throws {
        for _ in 0..<30 { _ = try await f.screen.renderFrame(readBack: false) }
        await nextTurn()
    }

    @Test func anAlertKeepsItsTitleMessageStyleAndActionsInOrder() {
        #expect(UIAlertController.Style.actionSheet.rawValue == 0 && UIAlertController.Style.alert.rawValue == 1)
        #expect(UIAlertAction.Style.default.rawValue == 0 && UIAlertAction.Style.cancel.rawValue == 1)
        #expect(UIAlertAction.Style.destructive.rawValue == 2)
        let alert = UIAlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        #expect(alert.title == "Delete?" && alert.message == "It cannot be undone." && alert.preferredStyle == .alert)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel), delete = UIAlertAction(title: "Delete", style: .destructive)
        alert.addAction(cancel)
        alert.addAction(delete)
        #expect(alert.actions == [cancel, delete])
        #expect(alert.preferredAction == nil)
        alert.preferredAction = delete
        #expect(alert.preferredAction === delete)
        #expect(delete.isEnabled && delete.title == "Delete" && delete.style == .destructive)
        #expect((alert as UIViewController).modalPresentationStyle == .custom, "the presenter stays under it")
    }

    @Test func aSecondCancelActionTrapsWithUIKitsMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
                alert.addAction(UIAlertAction(title: "Close", style: .cancel))
            }
        }
    }

    @Test func aPreferredActionNotAddedTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                alert.preferredAction = UIAlertAction(title: "OK", style: .default)
            }
        }
    }

    @Test func anAlertIs270WideCentredOverADimmedWindowWithTwoButtonsSideBySideCancelLeft() async throws {
        let (f, root) = try await scene()
        let alert = UIAlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        await show(alert, over: root)
        #expect(alert.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(alert.view.backgroundColor == UIColor(white: 0, alpha: 0.2), "black at 20% dims the window")
        #expect(root.view.window === f.window, "the presenting controller stays shown")
        let group = try #require(alert._groupFrames.first)
        #expect(group.minX == 65 && group.width == 270)
        #expect(group.minY == ((600 - group.height) / 2).rounded(.down), "centred down the window")
        let buttons = alert._buttons
        #expect(buttons.map(\.title) == ["Cancel", "Delete"], "cancel on the left of two")
        #expect(buttons[0].frame == CGRect(x: 65, y: group.maxY - 44, width: 135, height: 44))
        #expect(buttons[1].frame == CGRect(x: 200, y: group.maxY - 44, width: 135, height: 44))
        #expect(buttons[0].isBold && !buttons[1].isBold, "in an alert with no preferred action the cancel action is bold")
        #expect(buttons[1].color == .systemRed && buttons[0].color == .systemBlue)
    }

    @Test func threeActionsStackWithTheCancelActionLastAndThePreferredOneBold() async throws {
        let (f, root) = try await scene()
        defer { withExtendedLifetime(f) {} }
        let alert = UIAlertController(title: "Save?", message: nil, preferredStyle: .alert)
        let save = UIAlertAction(title: "Save", style: .default)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(save)
        alert.addAction(UIAlertAction(title: "Discard", style: .destructive))
        alert.preferredAction = save
        await show(alert, over: root)
        let group = try #require(alert._groupFrames.first)
        let buttons = alert._buttons
        #expect(buttons.map(\.title) == ["Save", "Discard", "Cancel"])
        #expect(
            buttons.map(\.frame) == [
                CGRect(x: 65, y: group.maxY - 132, width: 270, height: 44), CGRect(x: 65, y: group.maxY - 88, width: 270, height: 44),
                CGRect(x: 65, y: group.maxY - 44, width: 270, height: 44),
            ])
        #expect(buttons.map(\.isBold) == [true, false, false], "the preferred action takes the emphasis from cancel")
    }

    @Test func anActionSheetSitsAtTheBottomWithTheCancelActionInItsOwnGroup() async throws {
        let (f, root) = try await scene()
        defer { withExtendedLifetime(f) {} }
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        sheet.addAction(UIAlertAction(title: "Copy", style: .default))
        sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
        sheet.preferredAction = sheet.actions[1]
        await show(sheet, over: root)
        #expect(sheet._groupFrames == [CGRect(x: 8, y: 413, width: 384, height: 114), CGRect(x: 8, y: 535, width: 384, height: 57)])
        let buttons = sheet._buttons
        #expect(buttons.map(\.title) == ["Copy", "Delete", "Cancel"])
        #expect(
            buttons.map(\.frame) == [
                CGRect(x: 8, y: 413, width: 384, height: 57), CGRect(x: 8, y: 470, width: 384, height: 57),
                CGRect(x: 8, y: 535, width: 384, height: 57),
            ])
        #expect(buttons.map(\.isBold) == [false, false, true], "sheets ignore the preferred action; cancel is bold")
    }

    @Test func aTapDismissesTheAlertAndThenRunsTheHandler() async throws {
        let (f, root) = try await scene()
        let log = Log()
        let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            UIAlertAction(title: "Delete", style: .destructive) { action in
                log.entries.append("\(action.title ?? "") presented: \(root.presentedViewController != nil), in window: \(alert.viewIfLoaded?.window != nil)")
            })
        await show(alert, over: root)
        let delete = alert._buttons[1].frame
        try f.window.tap(delete.midX, delete.midY, at: 1)
        #expect(log.entries.isEmpty, "not before the dismissal has finished")
        try await finishAnimations(f)
        #expect(log.entries == ["Delete presented: false, in window: false"])
        #expect(root.presentedViewController == nil)
    }

    @Test func aDisabledActionIgnoresTaps() async throws {
        let (f, root) = try await scene()
        let log = Log()
        let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
        let ok = UIAlertAction(title: "OK", style: .default) { _ in log.entries.append("OK") }
        ok.isEnabled = false
        alert.addAction(ok)
        await show(alert, over: root)
        #expect(alert._buttons[0].color == .tertiaryLabel, "a disabled action is grey")
        let frame = alert._buttons[0].frame
        try f.window.tap(frame.midX, frame.midY, at: 1)
        try await finishAnimations(f)
        #expect(log.entries.isEmpty && root.presentedViewController === alert)
        ok.isEnabled = true
        #expect(alert._buttons[0].color == .systemBlue)
        try f.window.tap(frame.midX, frame.midY, at: 2)
        try await finishAnimations(f)
        #expect(log.entries == ["OK"] && root.presentedViewController == nil)
    }

    @Test func aTapOutsideAnActionSheetIsItsCancelActionButOutsideAnAlertNothing() async throws {
        let (f, root) = try await scene()
        let log = Log()
        let alert = UIAlertController(title: "Alert", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.entries.append("alert cancel") })
        await show(alert, over: root)
        try f.window.tap(20, 20, at: 1)
        try await finishAnimations(f)
        #expect(log.entries.isEmpty && root.presentedViewController === alert)
        alert.dismiss(animated: false)
        await nextTurn()
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.entries.append("sheet cancel") })
        await show(sheet, over: root)
        try f.window.tap(20, 20, at: 2)
        try await finishAnimations(f)
        #expect(log.entries == ["sheet cancel"] && root.presentedViewController == nil)
    }

    @Test func textFieldsSitUnderTheMessageAndTheFirstBecomesFirstResponder() async throws {
        let (f, root) = try await scene()
        defer { withExtendedLifetime(f) {} }
        let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
        #expect(alert.textFields == nil)
        var configured: [UITextField] = []
        alert.addTextField { field in
            field.placeholder = "Name"
            configured.append(field)
        }
        alert.addTextField()
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        let fields = try #require(alert.textFields)
        #expect(fields.count == 2 && configured == [fields[0]] && fields[0].placeholder == "Name")
        await show(alert, over: root)
        let group = try #require(alert._groupFrames.first)
        let first = fields[0].convert(fields[0].bounds, to: nil), second = fields[1].convert(fields[1].bounds, to: nil)
        #expect(first.minX == 87 && first.width == 226 && first.height == 24, "16 + 6 in from the alert's edge")
        #expect(second.minY == first.minY + 30, "one 30-point row each")
        #expect(alert._buttons[0].frame == CGRect(x: 65, y: group.maxY - 44, width: 270, height: 44))
        #expect(second.maxY + 3 + 16 == group.maxY - 44, "16 points between the fields' box and the buttons")
        #expect(fields[0].isFirstResponder, "the first field takes the keyboard once the alert appears")
    }

    @Test func aTextFieldInAnActionSheetTrapsWithUIKitsMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet).addTextField()
            }
        }
    }

    /// Over a white window the dimming is black at 20%: 255 × 0.8 = 204; the alert's platter
    /// is 0.95 white (242) between its title and buttons.
    @Test(.tags(.gpu), .requiresGPU) func theAlertDimsTheWindowAndDrawsALightPlatter() async throws {
        let (f, root) = try await scene(gpu: true)
        root.view.backgroundColor = .white
        let alert = UIAlertController(title: "Title", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        await show(alert, over: root)
        let group = try #require(alert._groupFrames.first)
        let image = try await f.render()
        expectPixel(image, 10, 10, RGBA8(204, 204, 204), tolerance: 2, "the dimmed window")
        expectPixel(image, Int(group.minX) + 6, Int(group.minY) + 30, RGBA8(242, 242, 242), tolerance: 2, "the platter beside the title")
        expectPixel(image, Int(group.minX) + 1, Int(group.minY) + 1, RGBA8(204, 204, 204), tolerance: 12, "outside the rounded corner")
        await f.finish()
    }
}
