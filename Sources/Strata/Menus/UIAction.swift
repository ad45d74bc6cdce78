import Foundation

/// The closure an action runs: UIKit's `UIActionHandler`. It receives the action.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// An action a control or a menu performs, as a closure: UIKit's `UIAction`. Main actor.
///
/// A control runs an action added with `addAction(_:for:)` for its events; a button made with
/// `primaryAction:` runs it when tapped and shows its title and image; a menu shows it as a row
/// and runs it when it is chosen. While the handler runs, `sender` is the control (or the
/// button whose menu showed the action).
@MainActor
open class UIAction: UIMenuElement {
    /// A name for an action, unique among a control's actions: UIKit's `UIAction.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The name.
        public let rawValue: String
        /// An identifier from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from its name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (menus and buttons built from the action show it).
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }

    /// The action's image.
    open override var image: UIImage? {
        get { storedImage }
        set { storedImage = newValue }
    }

    /// The action's identifier; two actions with one identifier are the same action to a control.
    public let identifier: Identifier

    /// A longer title for places that explain the action, such as a key-command overlay (nil).
    open var discoverabilityTitle: String?

    /// How menus show the action and whether it can be chosen (`[]`).
    open var attributes: UIMenuElement.Attributes = []

    /// Whether the action shows a checkmark (`.off`).
    open var state: UIMenuElement.State = .off

    /// The closure run when the action is performed; it receives the action.
    public let handler: UIActionHandler

    /// The control that is sending the action, while its handler runs (nil otherwise).
    public internal(set) var sender: Any?

    /// An action with a title, a subtitle, an image, an identifier (a new unique one by default),
    /// a discoverability title, attributes, a state and its handler.
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
        handler: @escaping UIActionHandler
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    override var menuAttributes: UIMenuElement.Attributes { attributes }

    override var menuState: UIMenuElement.State {
        get { state }
        set { state = newValue }
    }

    /// Runs the handler with `sender` set to `sender` while it runs.
    func perform(sender: Any?) {
        let previous = self.sender
        self.sender = sender
        handler(self)
        self.sender = previous
    }
}
