import Foundation

/// What a menu shows and performs: a menu (`UIMenu`), an action (`UIAction`) or a command
/// (`UICommand`): UIKit's `UIMenuElement`. Main actor.
///
/// You do not make `UIMenuElement`s directly; make one of its subclasses. Every element has a
/// title, an optional subtitle and an optional image; actions and commands add `attributes`
/// (disabled, destructive, hidden) and a `state` (a checkmark).
@MainActor
open class UIMenuElement: NSObject {
    /// How a menu shows an action or command, and whether it can be chosen: UIKit's
    /// `UIMenuElement.Attributes`, with its raw values.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The attributes as bits.
        public let rawValue: UInt
        /// Attributes from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown dimmed; choosing it does nothing.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in red, for an action that destroys data.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown at all.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open (iOS 16).
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether an action or command is on (a checkmark), off or mixed: UIKit's
    /// `UIMenuElement.State`, with its raw values.
    public enum State: Int, Sendable, CaseIterable {
        /// Off: no checkmark.
        case off = 0
        /// On: a checkmark.
        case on = 1
        /// Partly on (a dash), for an element standing for several values.
        case mixed = 2
    }

    /// The title, whatever the subclass lets you change.
    var storedTitle: String
    /// The image, whatever the subclass lets you change.
    var storedImage: UIImage?

    /// The element's title ("" when it has none).
    open var title: String { storedTitle }

    /// The element's image, shown at the trailing end of its row (nil).
    open var image: UIImage? { storedImage }

    /// A second line shown under the title in menus (nil).
    open var subtitle: String?

    /// An element with a title, a subtitle and an image. Subclasses call this one.
    init(title: String, subtitle: String?, image: UIImage?) {
        storedTitle = title
        storedImage = image
        self.subtitle = subtitle
        super.init()
    }

    /// Creates an element from an archive: Strata reads none, so this returns nil.
    public init?(coder: NSCoder) { nil }

    /// The element's attributes where it has them (actions and commands); `[]` for menus.
    var menuAttributes: Attributes { [] }

    /// The element's state where it has one (actions and commands); `.off` for menus.
    var menuState: State {
        get { .off }
        set {}
    }
}
