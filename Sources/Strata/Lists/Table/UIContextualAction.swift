import Foundation

/// An action shown when a row is swiped (UIKit's `UIContextualAction`). Main actor.
@MainActor
open class UIContextualAction {
    /// How the action looks and behaves (UIKit's `UIContextualAction.Style`).
    public enum Style: Int, Sendable {
        /// A grey button.
        case normal
        /// A red button: the action removes the row.
        case destructive
    }

    /// What runs when the action is chosen: the action, the view showing it, and a closure to
    /// call with whether it was done (UIKit's `UIContextualAction.Handler`).
    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    /// The style the action was made with.
    public let style: Style
    /// The button's title.
    open var title: String?
    /// The button's colour (red for destructive actions, grey otherwise, unless set).
    open var backgroundColor: UIColor!
    /// The button's image.
    open var image: UIImage?
    /// What runs when the action is chosen.
    public let handler: Handler

    /// An action of `style` titled `title`, running `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a swiped row shows, first nearest the edge it is swiped from (UIKit's
/// `UISwipeActionsConfiguration`). Main actor.
@MainActor
open class UISwipeActionsConfiguration {
    /// The actions, in order from the swiped edge inwards.
    public let actions: [UIContextualAction]
    /// Whether swiping all the way performs the first action (true).
    open var performsFirstActionWithFullSwipe = true

    /// A configuration showing `actions`.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }
}
