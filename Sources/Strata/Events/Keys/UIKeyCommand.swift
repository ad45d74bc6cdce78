import Foundation

/// A key press (an input and modifier keys) that runs a command: UIKit's `UIKeyCommand`.
/// Main actor.
///
/// Responders offer key commands through `keyCommands`. When a key goes down, the window looks
/// for a matching command from the first responder up the responder chain; the first found
/// runs by sending its action up the chain from the first responder (see `UICommand`), and the
/// press goes no further. A text input that is first responder keeps the keys it edits with
/// (arrows, Delete, Return, typing) unless the command sets `wantsPriorityOverSystemBehavior`.
///
///     UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))          // UIKit
///     UIKeyCommand(input: "s", modifierFlags: .command, action: EditorViewController.save) // Strata
@MainActor
open class UIKeyCommand: UICommand {
    /// The characters that match (compared with a key's `charactersIgnoringModifiers`,
    /// ignoring case), or one of the `input…` constants for keys that type nothing.
    public let input: String?
    /// The modifier keys that must be held, exactly (Caps Lock and the keypad flag aside).
    public let modifierFlags: UIKeyModifierFlags
    /// Whether the command runs even when the first responder is a text input that would edit
    /// with the key (false).
    open var wantsPriorityOverSystemBehavior = false
    /// Whether the system may remap the shortcut for the keyboard's layout (true; Strata matches
    /// the characters the host reports, so layouts are the host's).
    open var allowsAutomaticLocalization = true
    /// Whether the system may swap arrow inputs in right-to-left interfaces (true).
    open var allowsAutomaticMirroring = true

    /// A key command with a title, an image, its action, its input and modifiers, a property
    /// list, a discoverability title, attributes and a state.
    public init(
        title: String = "", image: UIImage? = nil, action: Action, input: String, modifierFlags: UIKeyModifierFlags = [],
        propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(
            title: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
            discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    /// A key command for `input` with `modifierFlags`, calling `action`, a method of `Target`
    /// taking nothing.
    public convenience init<Target: AnyObject>(
        input: String, modifierFlags: UIKeyModifierFlags, action: @escaping @MainActor (Target) -> () -> Void
    ) {
        self.init(action: Action(action), input: input, modifierFlags: modifierFlags)
    }

    /// A key command for `input` with `modifierFlags`, calling `action`, a method of `Target`
    /// taking the sender (`Any?` in UIKit code).
    public convenience init<Target: AnyObject, Sender>(
        input: String, modifierFlags: UIKeyModifierFlags, action: @escaping @MainActor (Target) -> (Sender?) -> Void
    ) {
        self.init(action: Action(action), input: input, modifierFlags: modifierFlags)
    }

    /// A key command for `input` with `modifierFlags`, calling `action`, a method of `Target`
    /// taking the key command.
    public convenience init<Target: AnyObject, Sender: UICommand>(
        input: String, modifierFlags: UIKeyModifierFlags, action: @escaping @MainActor (Target) -> (Sender) -> Void
    ) {
        self.init(action: Action(action), input: input, modifierFlags: modifierFlags)
    }

    /// A key command with a title and image, calling `action` (a method of `Target` taking
    /// nothing) for `input` with `modifierFlags`: UIKit's menu-element form.
    public convenience init<Target: AnyObject>(
        title: String, image: UIImage? = nil, action: @escaping @MainActor (Target) -> () -> Void, input: String,
        modifierFlags: UIKeyModifierFlags = [], propertyList: Any? = nil, alternates: [UICommandAlternate] = [],
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.init(
            title: title, image: image, action: Action(action), input: input, modifierFlags: modifierFlags, propertyList: propertyList,
            alternates: alternates, discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    // MARK: Input strings for special keys (UIKit's values)

    /// The up arrow.
    nonisolated public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The down arrow.
    nonisolated public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The left arrow.
    nonisolated public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The right arrow.
    nonisolated public static let inputRightArrow = "UIKeyInputRightArrow"
    /// Escape.
    nonisolated public static let inputEscape = "UIKeyInputEscape"
    /// Page Up.
    nonisolated public static let inputPageUp = "UIKeyInputPageUp"
    /// Page Down.
    nonisolated public static let inputPageDown = "UIKeyInputPageDown"
    /// Home.
    nonisolated public static let inputHome = "UIKeyInputHome"
    /// End.
    nonisolated public static let inputEnd = "UIKeyInputEnd"
    /// Forward Delete.
    nonisolated public static let inputDelete = "UIKeyInputDelete"
    /// F1.
    nonisolated public static let f1 = "UIKeyInputF1"
    /// F2.
    nonisolated public static let f2 = "UIKeyInputF2"
    /// F3.
    nonisolated public static let f3 = "UIKeyInputF3"
    /// F4.
    nonisolated public static let f4 = "UIKeyInputF4"
    /// F5.
    nonisolated public static let f5 = "UIKeyInputF5"
    /// F6.
    nonisolated public static let f6 = "UIKeyInputF6"
    /// F7.
    nonisolated public static let f7 = "UIKeyInputF7"
    /// F8.
    nonisolated public static let f8 = "UIKeyInputF8"
    /// F9.
    nonisolated public static let f9 = "UIKeyInputF9"
    /// F10.
    nonisolated public static let f10 = "UIKeyInputF10"
    /// F11.
    nonisolated public static let f11 = "UIKeyInputF11"
    /// F12.
    nonisolated public static let f12 = "UIKeyInputF12"

    /// The input string UIKit reports for keys that type nothing (arrows, Escape, Home…), by key.
    nonisolated static let specialInputs: [UIKeyboardHIDUsage: String] = {
        var inputs: [UIKeyboardHIDUsage: String] = [
            .keyboardUpArrow: inputUpArrow, .keyboardDownArrow: inputDownArrow, .keyboardLeftArrow: inputLeftArrow,
            .keyboardRightArrow: inputRightArrow, .keyboardEscape: inputEscape, .keyboardPageUp: inputPageUp,
            .keyboardPageDown: inputPageDown, .keyboardHome: inputHome, .keyboardEnd: inputEnd, .keyboardDeleteForward: inputDelete,
        ]
        let functionKeys: [UIKeyboardHIDUsage] = [
            .keyboardF1, .keyboardF2, .keyboardF3, .keyboardF4, .keyboardF5, .keyboardF6, .keyboardF7, .keyboardF8, .keyboardF9,
            .keyboardF10, .keyboardF11, .keyboardF12,
        ]
        for (i, key) in functionKeys.enumerated() { inputs[key] = "UIKeyInputF\(i + 1)" }
        return inputs
    }()

    /// Whether `key` matches: its characters ignoring modifiers (or its special input) equal
    /// `input` ignoring case, and the modifier keys held are exactly `modifierFlags` (Caps Lock
    /// and the keypad flag aside).
    func matches(_ key: UIKey) -> Bool {
        guard let input, !input.isEmpty else { return false }
        let ignored: UIKeyModifierFlags = [.alphaShift, .numericPad]
        guard key.modifierFlags.subtracting(ignored) == modifierFlags.subtracting(ignored) else { return false }
        let pressed = Self.specialInputs[key.keyCode] ?? key.charactersIgnoringModifiers
        return pressed.lowercased() == input.lowercased()
    }

    /// The first enabled key command matching `key`, looking through `keyCommands` from
    /// `responder` up the chain.
    static func matching(_ key: UIKey, from responder: UIResponder) -> UIKeyCommand? {
        var current: UIResponder? = responder
        while let candidate = current {
            if let command = candidate.keyCommands?.first(where: { $0.matches(key) && !$0.attributes.contains(.disabled) }) {
                return command
            }
            current = candidate.next
        }
        return nil
    }

    /// Whether the command runs for `key` with `firstResponder` as first responder: always,
    /// unless it is a text input that edits with the key and the command does not want
    /// priority over that.
    func runs(over firstResponder: UIResponder, for key: UIKey) -> Bool {
        if wantsPriorityOverSystemBehavior { return true }
        guard let editor = firstResponder as? KeyEditing else { return true }
        return !editor.handlesAsSystemBehavior(key)
    }

    /// Sends the action up the chain from `responder`; whether some responder took it.
    func perform(from responder: UIResponder) -> Bool {
        perform(startingAt: responder)
    }
}
