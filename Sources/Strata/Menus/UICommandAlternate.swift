import Foundation

/// Another action a command performs while modifier keys are held: UIKit's
/// `UICommandAlternate`. Main actor.
///
/// Mac menus show an alternate in place of its command while its modifiers are down; Strata
/// keeps alternates on their commands but draws no menu bar, so it never shows them.
@MainActor
open class UICommandAlternate: NSObject {
    /// The title shown while the modifiers are held.
    public let title: String
    /// The method called on the first responder of its type.
    public let action: UICommand.Action
    /// The modifier keys that select this alternate.
    public let modifierFlags: UIKeyModifierFlags

    /// An alternate with a title, an action and the modifiers that select it.
    public init(title: String, action: UICommand.Action, modifierFlags: UIKeyModifierFlags) {
        self.title = title
        self.action = action
        self.modifierFlags = modifierFlags
        super.init()
    }

    /// An alternate calling `action`, a method of `Target` taking nothing.
    public convenience init<Target: AnyObject>(
        title: String, action: @escaping @MainActor (Target) -> () -> Void, modifierFlags: UIKeyModifierFlags
    ) {
        self.init(title: title, action: UICommand.Action(action), modifierFlags: modifierFlags)
    }

    /// An alternate calling `action`, a method of `Target` taking the sender.
    public convenience init<Target: AnyObject, Sender>(
        title: String, action: @escaping @MainActor (Target) -> (Sender?) -> Void, modifierFlags: UIKeyModifierFlags
    ) {
        self.init(title: title, action: UICommand.Action(action), modifierFlags: modifierFlags)
    }
}
