import Foundation

/// A group of menu elements — actions, commands and submenus — shown as a menu: UIKit's
/// `UIMenu`. Main actor.
///
/// A button shows its `menu` over the window as a list of rows, one per visible child; a child
/// menu with `.displayInline` shows its children in place, set apart by a thick separator, and
/// any other child menu shows as a row that opens it. In a menu with `.singleSelection`,
/// choosing an action turns it on and the other actions of that menu (and of its inline
/// submenus) off.
@MainActor
open class UIMenu: UIMenuElement {
    /// A menu's name: UIKit's `UIMenu.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The name.
        public let rawValue: String
        /// An identifier from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from its name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The application menu.
        public static let application = Identifier("com.apple.menu.application")
        /// The File menu.
        public static let file = Identifier("com.apple.menu.file")
        /// The Edit menu.
        public static let edit = Identifier("com.apple.menu.edit")
        /// The View menu.
        public static let view = Identifier("com.apple.menu.view")
        /// The Window menu.
        public static let window = Identifier("com.apple.menu.window")
        /// The Help menu.
        public static let help = Identifier("com.apple.menu.help")
        /// The root of the main menu.
        public static let root = Identifier("com.apple.menu.root")
    }

    /// How a menu shows its children: UIKit's `UIMenu.Options`, with its raw values.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// As a child, the menu's children show in its parent, between separators.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The menu's title and its row in its parent show in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one action of the menu is on; choosing one turns the others off.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// The children show as a row of small images (shown as rows in Strata).
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// How large a menu's children show: UIKit's `UIMenu.ElementSize`, with its raw values.
    public enum ElementSize: Int, Sendable, CaseIterable {
        /// Small: images only, side by side (shown as rows in Strata).
        case small = 0
        /// Medium: image over title, side by side (shown as rows in Strata).
        case medium = 1
        /// Large: one row each, title leading and image trailing.
        case large = 2
        /// The system's choice: large rows.
        case automatic = -1
    }

    /// The menu's identifier (a new unique one when made without one).
    public let identifier: Identifier

    /// How the menu shows its children.
    public let options: Options

    /// How large the menu's children show (`.automatic`).
    open var preferredElementSize: ElementSize = .automatic

    /// The menu's children, in order.
    public let children: [UIMenuElement]

    /// A menu with a title, a subtitle, an image, an identifier (a new unique one by default),
    /// options, the size of its children and its children. (UIKit defaults the size to
    /// `.automatic`; here it is required, so that a call without it picks the initializer below.)
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
        options: Options = [], preferredElementSize: ElementSize, children: [UIMenuElement] = []
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.preferredElementSize = preferredElementSize
        self.children = children
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// A menu with a title, a subtitle, an image, an identifier (a new unique one by default),
    /// options and its children.
    public convenience init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
        options: Options = [], children: [UIMenuElement] = []
    ) {
        self.init(
            title: title, subtitle: subtitle, image: image, identifier: identifier, options: options, preferredElementSize: .automatic,
            children: children)
    }

    /// A new menu with this one's title, subtitle, image, identifier, options and element size,
    /// and `newChildren` as its children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(
            title: title, subtitle: subtitle, image: image, identifier: identifier, options: options, preferredElementSize: preferredElementSize,
            children: newChildren)
    }

    /// The actions and commands of this menu and its submenus that are on (`state == .on`), in
    /// menu order.
    public var selectedElements: [UIMenuElement] {
        children.flatMap { child -> [UIMenuElement] in
            if let menu = child as? UIMenu { return menu.selectedElements }
            return child.menuState == .on ? [child] : []
        }
    }

    /// Every action and command of this menu and its submenus, in menu order.
    var leaves: [UIMenuElement] {
        children.flatMap { child in (child as? UIMenu)?.leaves ?? [child] }
    }

    /// The actions and commands that share a single selection with `element`: those of the
    /// nearest enclosing `.singleSelection` menu (through inline submenus); empty when none.
    func singleSelectionGroup(of element: UIMenuElement) -> [UIMenuElement]? {
        for child in children {
            if child === element { return options.contains(.singleSelection) ? leaves : nil }
            if let menu = child as? UIMenu, let group = menu.singleSelectionGroup(of: element) {
                return group
            }
            if let menu = child as? UIMenu, menu.leaves.contains(where: { $0 === element }) {
                return options.contains(.singleSelection) ? leaves : nil
            }
        }
        return nil
    }

    /// Turns `element` on and, when it is in a `.singleSelection` menu, the rest of that menu off.
    func select(_ element: UIMenuElement) {
        if let group = singleSelectionGroup(of: element) {
            for other in group where other !== element { other.menuState = .off }
            element.menuState = .on
        }
    }
}
