import Foundation

/// An object that can handle touches: UIKit's `UIResponder`. Main actor.
///
/// Touches go to the view they began in (found by `UIView.hitTest(_:with:)`); a responder that
/// does not handle them passes them up the responder chain through `next`: a view's superview,
/// up to its window, then the application (`UIApplication.shared`) and its delegate. Override
/// the `touches…` methods to handle them, and call `super` to pass on what you do not handle.
@MainActor
open class UIResponder {
    /// A responder with nothing to handle.
    public init() {}

    /// Whether `object` is this very responder (`NSObject`'s `isEqual(_:)`: identity, as UIKit's
    /// responders do not override it).
    open func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }

    /// A description in UIKit's shape: `<ClassName: 0x…>` (views add their frame and layer).
    open var description: String { "<\(type(of: self)): \(objectAddress(self))>" }

    /// The next responder in the chain (nil here): a view's is its controller or superview, a
    /// window's the application, the application's its delegate.
    open var next: UIResponder? { nil }

    /// Touches began in this responder (or a responder below it that passed them on). The default passes them to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved. The default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches ended (lifted). The default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled (a gesture recognizer took them, the host cancelled them, or the
    /// view left its window). The default passes them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses

    /// Presses of physical keys began, delivered to the first responder (the window when there
    /// is none). The default types into this responder when it is the first responder and a
    /// text input (`UIKeyInput`) and the key edits text; otherwise it passes the presses to
    /// `next`. Override it to handle keys, and call `super` for those you do not handle (a
    /// text input whose override does not call `super` types nothing). Main actor.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if KeyDispatcher.edit(with: presses, in: self) { return }
        if let next { next.pressesBegan(presses, with: event) } else { KeyDispatcher.noResponderTook(presses) }
    }

    /// Presses changed (pressure-sensitive buttons; keys never do). The default passes them to `next`.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Presses ended (keys released). The default passes them to `next`.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// Presses were cancelled (the window lost them). The default passes them to `next`.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    /// The key commands this responder offers (none by default): a key press that matches one
    /// (input and modifier flags) while this responder is in the first responder's chain runs
    /// it instead of reaching `pressesBegan(_:with:)`. Main actor.
    open var keyCommands: [UIKeyCommand]? { nil }

    /// A custom view to show in place of the system keyboard while this responder is first
    /// responder (nil: the keyboard). Strata shows no keyboard; a host reads it.
    open var inputView: UIView? { nil }

    /// A view to show above the keyboard while this responder is first responder (nil).
    open var inputAccessoryView: UIView? { nil }

    /// Asks for the input views to be shown again (they changed). Nothing to do without a keyboard.
    open func reloadInputViews() {}

    // MARK: First responder

    /// Whether this responder can become the first responder (false by default; override it to
    /// return true in a responder that takes focus).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder is willing to give up first-responder status (true by default).
    open var canResignFirstResponder: Bool { true }

    /// Whether this responder is the first responder of its window.
    open var isFirstResponder: Bool { responderWindow.map { $0.firstResponder === self } ?? false }

    /// Asks to make this responder the first responder of its window; returns whether it is now.
    ///
    /// It must be in an active hierarchy (a view in a window, a controller whose view is in
    /// one): otherwise, or when `canBecomeFirstResponder` is false, nothing changes and the
    /// answer is false. The current first responder is asked to resign first (its
    /// `canResignFirstResponder`, then `resignFirstResponder()`); if it refuses, it stays and the
    /// answer is false. Main actor.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        guard canBecomeFirstResponder, window.askFirstResponderToResign() else { return false }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status in its window and returns true (UIKit's default).
    /// Override it to update state, or to return false and refuse; call `super` when you give it
    /// up. Main actor.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = responderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }

    /// The window whose first responder this responder would be: a view's window, a loaded
    /// controller view's window; nil for other responders.
    var responderWindow: UIWindow? { nil }

    /// The view that stands for this responder in its window's hierarchy: a view itself, a
    /// controller's loaded view.
    var firstResponderView: UIView? { nil }
}

// Views, windows and other responders are `NSObject`s in UIKit: equal only to themselves, hashed
// by identity, so `==`, `Set<UIView>`, dictionaries keyed by views and `firstIndex(of:)` work as
// in UIKit code.
extension UIResponder: Hashable {
    /// Whether `a` and `b` are the same object (UIKit's `isEqual:` for responders).
    nonisolated public static func == (a: UIResponder, b: UIResponder) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// Printed and interpolated on the main actor, as UIKit objects are read there.
extension UIResponder: @MainActor CustomStringConvertible {}
