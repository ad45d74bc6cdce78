import Foundation

// The on-screen keyboard, as the host reports it. Strata draws no keyboard: a host that shows one
// (a touch screen's input method, a kiosk's own keyboard) says where with
// `UIScreen.setKeyboardFrame(_:animationDuration:)`, and UIKit code hears it as on iOS: the
// keyboard notifications with their userInfo, and `UIView.keyboardLayoutGuide`.

extension UIResponder {
    /// Posted before the keyboard appears (after `keyboardWillChangeFrameNotification`).
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted after the keyboard appeared: at the end of its animation.
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard disappears (after `keyboardWillChangeFrameNotification`).
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted after the keyboard disappeared: at the end of its animation.
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before every change of the keyboard's frame (showing and hiding included).
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after every change of the keyboard's frame, at the end of its animation.
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")

    /// userInfo: the keyboard's frame before the change, an `NSValue` of a `CGRect` in screen
    /// coordinates (read it with `.cgRectValue`); below the screen's bottom when it was hidden.
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// userInfo: the keyboard's frame after the change, as the begin frame; below the screen's
    /// bottom when it hides.
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// userInfo: the change's animation duration in seconds, an `NSNumber` (a `Double`).
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// userInfo: the change's animation curve, an `NSNumber` of a `UIView.AnimationCurve` raw
    /// value (`.easeInOut`, 0; UIKit's own keyboard uses an undocumented 7).
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// userInfo: whether the keyboard belongs to this app, an `NSNumber` of a `Bool` (always true).
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

/// A screen's keyboard: its frame, and the "did" notifications still due. Main actor.
@MainActor
final class ScreenKeyboard {
    var frame: CGRect?
    /// The notifications to post when the running change's animation ends, and when.
    var pending: (due: Double, names: [Notification.Name], userInfo: [AnyHashable: Any])?
}

extension UIScreen {
    /// The frame of the on-screen keyboard the host reported, in screen points; nil while hidden.
    public var keyboardFrame: CGRect? { keyboard.frame }

    /// Tells UIKit code that the host's on-screen keyboard now covers `frame` (screen points),
    /// or is hidden (nil). Strata draws no keyboard; the host shows its own. Main actor.
    ///
    /// What happens, as in UIKit (nothing when the frame is unchanged):
    /// - Inside an animation of `animationDuration` seconds (ease in and out) the "will"
    ///   notifications are posted through `NotificationCenter.default`, the screen's object:
    ///   `keyboardWillChangeFrameNotification`, then `keyboardWillShowNotification` (hidden →
    ///   shown) or `keyboardWillHideNotification` (shown → hidden). Layout that observers do
    ///   there with `layoutIfNeeded()` animates with the keyboard; so do the frames of views
    ///   constrained to a `keyboardLayoutGuide`, laid out in the same animation.
    /// - Once a frame at or after the end of that animation is presented (on the frame clock),
    ///   `keyboardDidChangeFrameNotification`, then `keyboardDidShowNotification` or
    ///   `keyboardDidHideNotification`; at once when the duration is 0. A new change before then
    ///   posts the earlier change's "did" notifications first.
    /// - Each notification's userInfo has `UIResponder.keyboardFrameBeginUserInfoKey` and
    ///   `keyboardFrameEndUserInfoKey` (`NSValue`s of `CGRect`s in screen coordinates; a hidden
    ///   keyboard's frame is the shown one moved just below the screen's bottom),
    ///   `keyboardAnimationDurationUserInfoKey`, `keyboardAnimationCurveUserInfoKey` and
    ///   `keyboardIsLocalUserInfoKey`.
    ///
    /// - Precondition: `frame` is finite with a size of at least zero, and `animationDuration`
    ///   is finite and at least zero. Breaking this is a programmer error and traps.
    public func setKeyboardFrame(_ frame: CGRect?, animationDuration: TimeInterval = 0.25) {
        if let f = frame {
            precondition(
                [f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) && f.width >= 0 && f.height >= 0,
                "UIScreen.setKeyboardFrame: the frame \(f) must be finite with a size of at least 0")
        }
        precondition(
            animationDuration.isFinite && animationDuration >= 0,
            "UIScreen.setKeyboardFrame: animationDuration \(animationDuration) must be finite and at least 0")
        let old = keyboard.frame
        guard frame != old else { return }
        postPendingKeyboardNotifications()
        // A hidden keyboard sits just below the screen, as the shown one would.
        func below(_ shown: CGRect) -> CGRect { CGRect(x: shown.minX, y: bounds.maxY, width: shown.width, height: shown.height) }
        let begin = old ?? below(frame!)
        let end = frame ?? below(old!)
        let userInfo: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: animationDuration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: UIView.AnimationCurve.easeInOut.rawValue),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let shows = old == nil, hides = frame == nil
        keyboard.frame = frame
        let center = NotificationCenter.default
        UIView.animate(withDuration: animationDuration, delay: 0, options: [.curveEaseInOut]) {
            center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: self, userInfo: userInfo)
            if shows { center.post(name: UIResponder.keyboardWillShowNotification, object: self, userInfo: userInfo) }
            if hides { center.post(name: UIResponder.keyboardWillHideNotification, object: self, userInfo: userInfo) }
            self.layOutKeyboardGuides()
        }
        var did = [UIResponder.keyboardDidChangeFrameNotification]
        if shows { did.append(UIResponder.keyboardDidShowNotification) }
        if hides { did.append(UIResponder.keyboardDidHideNotification) }
        keyboard.pending = (mediaTime + animationDuration, did, userInfo)
        guard animationDuration > 0 else { return postPendingKeyboardNotifications() }
        addFrameTicker(of: keyboard) { [weak self] time in
            guard let self, let pending = self.keyboard.pending else { return false }
            guard time >= pending.due - 1e-9 else { return true }
            self.postPendingKeyboardNotifications()
            return false
        }
    }

    /// Posts the "did" notifications of the last change now, if they are still due.
    private func postPendingKeyboardNotifications() {
        guard let pending = keyboard.pending else { return }
        keyboard.pending = nil
        removeFrameTicker(of: keyboard)
        for name in pending.names { NotificationCenter.default.post(name: name, object: self, userInfo: pending.userInfo) }
    }

    /// Lays out again, now, every view of the screen's windows that has a keyboard layout guide.
    private func layOutKeyboardGuides() {
        for window in allWindows {
            var pending: [UIView] = [window]
            var found = false
            while let view = pending.popLast() {
                if view.hasKeyboardLayoutGuide {
                    view.setNeedsLayout()
                    found = true
                }
                pending.append(contentsOf: view.subviews)
            }
            if found { window.layoutIfNeeded() }
        }
    }
}
