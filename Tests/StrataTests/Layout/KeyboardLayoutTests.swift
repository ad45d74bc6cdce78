import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import Testing

/// What the keyboard notifications said, in order, read as UIKit code reads them.
private final class NotificationLog: @unchecked Sendable {
    var lines: [String] = []
    var tokens: [NSObjectProtocol] = []

    init(object: AnyObject) {
        let names: [(Notification.Name, String)] = [
            (UIResponder.keyboardWillChangeFrameNotification, "willChangeFrame"), (UIResponder.keyboardWillShowNotification, "willShow"),
            (UIResponder.keyboardWillHideNotification, "willHide"), (UIResponder.keyboardDidChangeFrameNotification, "didChangeFrame"),
            (UIResponder.keyboardDidShowNotification, "didShow"), (UIResponder.keyboardDidHideNotification, "didHide"),
        ]
        for (name, short) in names {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) { [unowned self] note in
                    let info = note.userInfo ?? [:]
                    let begin = (info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue ?? .null
                    let end = (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .null
                    let duration = info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? -1
                    let curve = (info[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue ?? -1
                    let local = info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool ?? false
                    func r(_ f: CGRect) -> String { "(\(Int(f.minX)) \(Int(f.minY)) \(Int(f.width)) \(Int(f.height)))" }
                    lines.append("\(short) \(r(begin))→\(r(end)) \(duration) s curve \(curve) local \(local)")
                })
        }
    }

    deinit { for token in tokens { NotificationCenter.default.removeObserver(token) } }
}

/// The host's on-screen keyboard: UIKit's notifications with their userInfo and timing on the
/// frame clock, and `UIView.keyboardLayoutGuide` moving constrained views above the keyboard.
@MainActor
@Suite struct KeyboardLayoutTests {
    @Test func showingHidingAndMovingPostUIKitsNotificationsWithTheirFrames() async throws {
        let f = try ScreenFixture(size: CGSize(width: 390, height: 844))
        let log = NotificationLog(object: f.screen)
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 544, width: 390, height: 300), animationDuration: 0.25)
        #expect(f.screen.keyboardFrame == CGRect(x: 0, y: 544, width: 390, height: 300))
        // Hidden, the keyboard was just below the screen (y 844).
        let shown = "(0 844 390 300)→(0 544 390 300) 0.25 s curve 0 local true"
        #expect(log.lines == ["willChangeFrame \(shown)", "willShow \(shown)"])
        // The "did" ones wait for the frame at 0.25 s on the 60 Hz clock: frame 15.
        var frame = 0
        _ = try await f.screen.renderFrame(readBack: false)
        while frame < 14 {
            _ = try await f.screen.renderFrame(readBack: false)
            frame += 1
        }
        #expect(log.lines.count == 2, "frame 14 (0.233 s) is before the animation's end")
        _ = try await f.screen.renderFrame(readBack: false)
        #expect(log.lines.suffix(2) == ["didChangeFrame \(shown)", "didShow \(shown)"])

        // Moved up by 100 points at once (duration 0): only the frame notifications, all now.
        log.lines = []
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 444, width: 390, height: 400), animationDuration: 0)
        let moved = "(0 544 390 300)→(0 444 390 400) 0.0 s curve 0 local true"
        #expect(log.lines == ["willChangeFrame \(moved)", "didChangeFrame \(moved)"])

        // The same frame again: nothing.
        log.lines = []
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 444, width: 390, height: 400), animationDuration: 0.3)
        #expect(log.lines.isEmpty)

        // Hidden over 0.3 s, then shown again before that ended: the hide's "did" ones come first.
        f.screen.setKeyboardFrame(nil, animationDuration: 0.3)
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 600, width: 390, height: 244), animationDuration: 0)
        let hidden = "(0 444 390 400)→(0 844 390 400) 0.3 s curve 0 local true"
        let again = "(0 844 390 244)→(0 600 390 244) 0.0 s curve 0 local true"
        #expect(
            log.lines == [
                "willChangeFrame \(hidden)", "willHide \(hidden)", "didChangeFrame \(hidden)", "didHide \(hidden)",
                "willChangeFrame \(again)", "willShow \(again)", "didChangeFrame \(again)", "didShow \(again)",
            ])
        #expect(f.screen.keyboardFrame == CGRect(x: 0, y: 600, width: 390, height: 244))
    }

    /// A 100 × 40 field pinned above the keyboard guide of a controller's view with a 34-point
    /// bottom safe area, on a 390 × 844 screen.
    private func form() throws -> (ScreenFixture, UIView, UIView) {
        let f = try ScreenFixture(size: CGSize(width: 390, height: 844))
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0)
        f.window.rootViewController = controller
        let view = controller.view!
        let field = UIView()
        field.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(field)
        NSLayoutConstraint.activate([
            field.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            field.widthAnchor.constraint(equalToConstant: 100), field.heightAnchor.constraint(equalToConstant: 40),
            field.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
        ])
        f.window.layoutIfNeeded()
        return (f, view, field)
    }

    @Test func theGuideSitsOnTheSafeAreaWhileTheKeyboardIsHidden() throws {
        let (f, view, field) = try form()
        #expect(view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 810, width: 390, height: 34), "844 - 34")
        #expect(field.frame == CGRect(x: 20, y: 770, width: 100, height: 40))
        view.keyboardLayoutGuide.usesBottomSafeArea = false
        f.window.layoutIfNeeded()
        #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 844, width: 390, height: 0), "the view's bottom")
        #expect(field.frame.maxY == 844)
    }

    @Test func theGuideFollowsTheKeyboardsTopSoTheFieldStaysAboveIt() throws {
        let (f, view, field) = try form()
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 508, width: 390, height: 336), animationDuration: 0)
        #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 508, width: 390, height: 336))
        #expect(field.frame == CGRect(x: 20, y: 468, width: 100, height: 40))
        // A taller keyboard lifts it further; hiding brings it back to the safe area.
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 400, width: 390, height: 444), animationDuration: 0)
        #expect(field.frame.maxY == 400)
        f.screen.setKeyboardFrame(nil, animationDuration: 0)
        #expect(field.frame.maxY == 810)
    }

    @Test func anUndockedKeyboardIsIgnoredUnlessTheGuideFollowsIt() throws {
        let (f, view, field) = try form()
        // Floating in the middle: its bottom (500) is above the screen's (844).
        f.screen.setKeyboardFrame(CGRect(x: 40, y: 300, width: 300, height: 200), animationDuration: 0)
        #expect(field.frame.maxY == 810, "ignored: the guide stays on the safe area")
        view.keyboardLayoutGuide.followsUndockedKeyboard = true
        f.window.layoutIfNeeded()
        #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 300, width: 390, height: 544))
        #expect(field.frame.maxY == 300)
    }

    @Test func theGuideOfAViewAboveTheKeyboardKeepsItsRestingPlace() throws {
        let (f, view, _) = try form()
        let card = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 200))  // 100...300: above a keyboard at 508
        view.addSubview(card)
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 508, width: 390, height: 336), animationDuration: 0)
        #expect(card.keyboardLayoutGuide._height(in: card) == 0, "the keyboard does not reach into it; it has no safe area")
        // A view the keyboard half covers: 400...600, the keyboard from 508: 92 points.
        card.frame = CGRect(x: 0, y: 400, width: 390, height: 200)
        #expect(card.keyboardLayoutGuide._height(in: card) == 92)
    }

    @Test func anAnimatedChangeMovesTheFieldWithAnAnimation() async throws {
        let (f, _, field) = try form()
        f.screen.setKeyboardFrame(CGRect(x: 0, y: 508, width: 390, height: 336), animationDuration: 0.25)
        #expect(field.frame.maxY == 508, "the model jumps to the end")
        #expect(field.layer.animationKeys()?.isEmpty == false, "the frame change is animated with the keyboard")
    }

    @Test func aNonFiniteKeyboardFrameTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: RecordingCommitSink())
                screen.setKeyboardFrame(CGRect(x: 0, y: CGFloat.nan, width: 100, height: 40))
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: RecordingCommitSink())
                screen.setKeyboardFrame(CGRect(x: 0, y: 60, width: 100, height: 40), animationDuration: -1)
            }
        }
    }
}
