import Foundation

/// A button of an alert or action sheet, with the closure run when it is tapped: UIKit's
/// `UIAlertAction`. Main actor.
///
/// Add it to a `UIAlertController` with `addAction(_:)`. A tap dismisses the alert and then runs
/// the handler. A disabled action (`isEnabled` false) shows grey and ignores taps.
@MainActor
open class UIAlertAction: NSObject {
    /// How an action's button looks and where it goes: UIKit's `UIAlertAction.Style`, with its
    /// raw values.
    public enum Style: Int, Sendable, CaseIterable {
        /// A plain button in the tint colour.
        case `default` = 0
        /// The button that cancels: bold, last in a stacked alert, left of two side by side, in
        /// its own group at the bottom of an action sheet. At most one per alert.
        case cancel = 1
        /// A red button, for an action that destroys data.
        case destructive = 2
    }

    /// The button's title (nil shows an empty button).
    public let title: String?

    /// How the button looks and where it goes.
    public let style: Style

    /// Whether the button takes taps (true); a disabled one shows grey. Changing it redraws the
    /// alert showing the action.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { onChange?() } }
    }

    /// The closure run after the alert is dismissed by a tap on this action; it receives the action.
    let handler: (@MainActor (UIAlertAction) -> Void)?

    /// Called when `isEnabled` changes: the alert showing the action redraws it.
    var onChange: (@MainActor () -> Void)?

    /// An action with a title, a style and the closure run when it is tapped (after the alert is
    /// dismissed).
    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}
