import Foundation

/// A menu element that sends a method up the responder chain when chosen: UIKit's `UICommand`.
/// Main actor.
///
/// Swift on Linux has no selectors, so a command's action is an unapplied method reference of
/// the type that handles it, taking nothing or the sender (the command):
///
///     UICommand(title: "Copy", action: #selector(copyText))               // UIKit
///     UICommand(title: "Copy", action: EditorViewController.copyText)     // Strata
///
/// Chosen from a menu, the command goes up the responder chain from the first responder (or,
/// when there is none, from the view that showed the menu) and calls the method on the first
/// responder that is of the method's type. `UIKeyCommand` subclasses it.
@MainActor
open class UICommand: UIMenuElement {
    /// A method a command calls on a responder of its type: Strata's stand-in for a selector.
    public struct Action {
        /// The method's type, as `"(EditorViewController) -> () -> ()"`: what names the action.
        public let name: String
        /// Whether `responder` is of the method's type (and so takes the action).
        let accepts: @MainActor (UIResponder) -> Bool
        /// Calls the method on `responder` (which `accepts` said yes to), with the command.
        let invoke: @MainActor (UIResponder, UICommand) -> Void

        /// The action calling `method`, a method of `Target` taking nothing.
        public init<Target: AnyObject>(_ method: @escaping @MainActor (Target) -> () -> Void) {
            name = "\(type(of: method))"
            accepts = { $0 is Target }
            invoke = { responder, _ in
                guard let target = responder as? Target else { return }
                method(target)()
            }
        }

        /// The action calling `method`, a method of `Target` taking the sender: the command,
        /// or nil when the command is not a `Sender` (an `Any?` parameter always gets it).
        public init<Target: AnyObject, Sender>(_ method: @escaping @MainActor (Target) -> (Sender?) -> Void) {
            name = "\(type(of: method))"
            accepts = { $0 is Target }
            invoke = { responder, command in
                guard let target = responder as? Target else { return }
                method(target)(command as? Sender)
            }
        }

        /// The action calling `method`, a method of `Target` taking the command (or a subclass
        /// of it, such as `UIKeyCommand`). A command of another class calls nothing.
        public init<Target: AnyObject, Sender: UICommand>(_ method: @escaping @MainActor (Target) -> (Sender) -> Void) {
            name = "\(type(of: method))"
            accepts = { $0 is Target }
            invoke = { responder, command in
                guard let target = responder as? Target, let sender = command as? Sender else { return }
                method(target)(sender)
            }
        }
    }

    /// The command's title.
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }

    /// The command's image.
    open override var image: UIImage? {
        get { storedImage }
        set { storedImage = newValue }
    }

    /// The method the command calls on the first responder of its type.
    public let action: Action

    /// A value the handling method can read to tell commands with one action apart (nil).
    public let propertyList: Any?

    /// Other actions the command performs while modifier keys are held (`[]`).
    public let alternates: [UICommandAlternate]

    /// A longer title for places that explain the command, such as a key-command overlay (nil).
    open var discoverabilityTitle: String?

    /// How menus show the command and whether it can be chosen (`[]`).
    open var attributes: UIMenuElement.Attributes = []

    /// Whether the command shows a checkmark (`.off`).
    open var state: UIMenuElement.State = .off

    /// A command with a title, a subtitle, an image, its action, a property list, a
    /// list of alternates, a discoverability title, attributes and a state. Subclasses call this one.
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, action: Action, propertyList: Any? = nil,
        alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off
    ) {
        self.action = action
        self.propertyList = propertyList
        self.alternates = alternates
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// A command calling `action`, a method of `Target` taking nothing.
    public convenience init<Target: AnyObject>(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, action: @escaping @MainActor (Target) -> () -> Void,
        propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.init(
            title: title, subtitle: subtitle, image: image, action: Action(action), propertyList: propertyList, alternates: alternates,
            discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    /// A command calling `action`, a method of `Target` taking the sender (`Any?` in UIKit code).
    public convenience init<Target: AnyObject, Sender>(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, action: @escaping @MainActor (Target) -> (Sender?) -> Void,
        propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.init(
            title: title, subtitle: subtitle, image: image, action: Action(action), propertyList: propertyList, alternates: alternates,
            discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    /// A command calling `action`, a method of `Target` taking the command itself.
    public convenience init<Target: AnyObject, Sender: UICommand>(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, action: @escaping @MainActor (Target) -> (Sender) -> Void,
        propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.init(
            title: title, subtitle: subtitle, image: image, action: Action(action), propertyList: propertyList, alternates: alternates,
            discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    override var menuAttributes: UIMenuElement.Attributes { attributes }

    override var menuState: UIMenuElement.State {
        get { state }
        set { state = newValue }
    }

    /// The responder that would take the command: the first in the chain from `responder`
    /// (itself, then its `next`, and so on) that is of the action's type; nil when none is.
    func target(startingAt responder: UIResponder?) -> UIResponder? {
        var current = responder
        while let candidate = current {
            if action.accepts(candidate) { return candidate }
            current = candidate.next
        }
        return nil
    }

    /// Performs the command on the responder chain starting at `responder`: calls the action on
    /// the first responder from there up (`responder`, its `next`, …) that is of the action's
    /// type, and returns whether one took it. A disabled command (`.disabled` in `attributes`)
    /// performs nothing and returns false. Menus and key commands (`UIKeyCommand`) send
    /// commands through this, starting at the window's first responder. Main actor.
    @discardableResult
    func perform(startingAt responder: UIResponder?) -> Bool {
        guard !attributes.contains(.disabled), let target = target(startingAt: responder) else { return false }
        action.invoke(target, self)
        return true
    }
}

extension UICommand {
    /// Test hook: `perform(startingAt:)`.
    @_spi(Testing) @discardableResult
    public func _perform(startingAt responder: UIResponder?) -> Bool { perform(startingAt: responder) }
}
