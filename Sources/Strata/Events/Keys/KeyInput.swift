import Foundation
import StrataCore

/// One key of a physical keyboard going down, repeating or up, from a host: UIKit's presses
/// enter Strata this way. A plain value; timestamps are seconds on the window's screen's frame
/// clock, on the same timeline as touches.
///
/// A key's `characters` are typed into a text input that is first responder when no responder
/// takes the press (UIKit's behaviour). A host whose window system delivers text separately
/// (GLFW's character callback, an input method) sends its keys with empty `characters` and the
/// text as a `TextInput`, so it is typed once.
public struct KeyInput: Sendable, Hashable {
    /// What happened to the key.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// It went down (`pressesBegan`).
        case down
        /// It is held and the host's key repeat fired: text editing and key commands act again;
        /// responders hear no new press (UIKit's presses have no repeat phase).
        case `repeat`
        /// It was released (`pressesEnded`).
        case up
    }

    /// What happened.
    public var phase: Phase
    /// Which key.
    public var keyCode: UIKeyboardHIDUsage
    /// The modifier keys held.
    public var modifierFlags: UIKeyModifierFlags
    /// What the key types with its modifiers ("A" for Shift-A; empty for arrows, or when the
    /// host sends text separately).
    public var characters: String
    /// What the key types without modifiers ("a" for Shift-A).
    public var charactersIgnoringModifiers: String
    /// When, in seconds on the screen's frame clock.
    public var timestamp: TimeInterval

    /// A key event. `charactersIgnoringModifiers` defaults to `characters` lowercased.
    public init(
        phase: Phase, keyCode: UIKeyboardHIDUsage, modifierFlags: UIKeyModifierFlags = [], characters: String = "",
        charactersIgnoringModifiers: String? = nil, timestamp: TimeInterval
    ) {
        self.phase = phase
        self.keyCode = keyCode
        self.modifierFlags = modifierFlags
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters.lowercased()
        self.timestamp = timestamp
    }

    /// A key event from a host's raw numbers (the C interface, the Python package, scripts).
    /// - Throws: `InputError.unknownKeyCode` for a code that is not a `UIKeyboardHIDUsage`,
    ///   `.unknownModifierFlags` for bits `UIKeyModifierFlags` does not define.
    public init(
        phase: Phase, rawKeyCode: Int, rawModifierFlags: Int, characters: String, charactersIgnoringModifiers: String? = nil,
        timestamp: TimeInterval
    ) throws {
        // The rules are StrataCore's (`KeyEventRules`), shared with event scripts and the C interface.
        if let problem = KeyEventRules.problem(keyCode: rawKeyCode, modifierFlags: rawModifierFlags) { throw InputError(problem) }
        guard let code = UIKeyboardHIDUsage(rawValue: rawKeyCode) else { throw InputError.unknownKeyCode(rawKeyCode) }
        self.init(
            phase: phase, keyCode: code, modifierFlags: UIKeyModifierFlags(rawValue: rawModifierFlags), characters: characters,
            charactersIgnoringModifiers: charactersIgnoringModifiers, timestamp: timestamp)
    }

    /// Refuses what no key can carry: NUL in its characters, a non-finite time.
    func validate() throws {
        guard timestamp.isFinite else { throw InputError.nonFiniteTimestamp(timestamp) }
        let problem =
            KeyEventRules.problem(text: characters, field: "key's characters")
            ?? KeyEventRules.problem(text: charactersIgnoringModifiers, field: "key's characters ignoring modifiers")
            ?? KeyEventRules.problem(keyCode: keyCode.rawValue, modifierFlags: modifierFlags.rawValue)
        if let problem { throw InputError(problem) }
    }
}

/// Text from a host's input method or character callback: committed text, or the marked
/// (composing) text of an input method with its selected range, or the end of a composition.
/// A plain value; timestamps as for `KeyInput`.
///
/// It goes to the window's first responder when that is a `UIKeyInput` (committed text through
/// `insertText(_:)`) or a `UITextInput` (marked text through `setMarkedText(_:selectedRange:)`,
/// `unmarkText()`).
public struct TextInput: Sendable, Hashable {
    /// What the host's input method did.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Text was committed: it is typed, replacing any marked text.
        case commit
        /// The input method is composing: `text` is the marked text now (replacing the last),
        /// `selectedRange` the part of it the method selects.
        case compose
        /// The composition was abandoned: the marked text is removed.
        case cancel
    }

    /// What happened.
    public var phase: Phase
    /// The committed or marked text (empty for `cancel`).
    public var text: String
    /// For `compose`: the selection within `text`, in UTF-16 units as UIKit's ranges are.
    public var selectedRange: NSRange
    /// When, in seconds on the screen's frame clock.
    public var timestamp: TimeInterval

    /// Text committed at `timestamp`.
    public static func commit(_ text: String, timestamp: TimeInterval) -> TextInput {
        TextInput(phase: .commit, text: text, selectedRange: NSRange(location: text.utf16.count, length: 0), timestamp: timestamp)
    }

    /// Marked text being composed, with its selection (the caret at its end by default).
    public static func compose(_ text: String, selectedRange: NSRange? = nil, timestamp: TimeInterval) -> TextInput {
        TextInput(phase: .compose, text: text, selectedRange: selectedRange ?? NSRange(location: text.utf16.count, length: 0), timestamp: timestamp)
    }

    /// The composition abandoned at `timestamp`.
    public static func cancelComposition(timestamp: TimeInterval) -> TextInput {
        TextInput(phase: .cancel, text: "", selectedRange: NSRange(location: 0, length: 0), timestamp: timestamp)
    }

    /// A text event.
    public init(phase: Phase, text: String, selectedRange: NSRange, timestamp: TimeInterval) {
        (self.phase, self.text, self.selectedRange, self.timestamp) = (phase, text, selectedRange, timestamp)
    }

    /// Refuses NUL in the text, a selected range outside it, a non-finite time.
    func validate() throws {
        guard timestamp.isFinite else { throw InputError.nonFiniteTimestamp(timestamp) }
        if let problem = KeyEventRules.problem(text: text, field: phase == .compose ? "marked text" : "committed text") { throw InputError(problem) }
        if phase == .compose, let problem = KeyEventRules.problem(markedRange: selectedRange.location, length: selectedRange.length, in: text) {
            throw InputError(problem)
        }
    }
}

extension InputError {
    /// The input error for a problem `KeyEventRules` found.
    init(_ problem: KeyEventProblem) {
        switch problem {
        case .unknownKeyCode(let code): self = .unknownKeyCode(code)
        case .unknownModifierFlags(let bits): self = .unknownModifierFlags(bits)
        case .textContainsNUL(let field), .invalidUTF8(let field): self = .textContainsNUL(field: field)
        case .markedRangeOutOfBounds(let location, let length, let textLength):
            self = .markedRangeOutOfBounds(location: location, length: length, textLength: textLength)
        }
    }
}

extension UIWindow {
    /// Delivers a key press to the window's first responder (the window itself when it has
    /// none): a matching `UIKeyCommand` found through `keyCommands` up the responder chain
    /// runs first (unless a text input edits with that key and the command does not ask for
    /// priority); otherwise the press goes through `pressesBegan(_:with:)` up the chain, and
    /// a text input that is first responder types or edits with the key when the press reaches
    /// it (UIKit's text behaviour). Returns whether something took the key. Main actor.
    /// - Throws: `InputError` for a key that cannot be delivered (an up or repeat of a key not
    ///   down, a down of a key already down, NUL characters, time going backwards); nothing
    ///   of that event is delivered.
    @discardableResult
    public func send(_ key: KeyInput) throws -> Bool {
        try keys.send(key)
    }

    /// Delivers text from the host's input method to the window's first responder (see
    /// `TextInput`). Returns whether a text input took it. Main actor.
    /// - Throws: `InputError` for NUL in the text, a marked range outside the marked text, or
    ///   time going backwards; nothing changes.
    @discardableResult
    public func send(_ text: TextInput) throws -> Bool {
        try keys.send(text)
    }

    /// The keys held down in the window now (by the host's key presses).
    public var keysDown: Set<UIKeyboardHIDUsage> { _keys?.keysDown ?? [] }
}

extension UIScreen {
    /// Delivers a key press to the screen's key window (see `UIWindow.send(_:)`).
    /// - Throws: `InputError.windowNotShown` when no window is key, or as the window does.
    @discardableResult
    public func send(_ key: KeyInput) throws -> Bool {
        guard let window = keyWindow else { throw InputError.windowNotShown }
        return try window.send(key)
    }

    /// Delivers input-method text to the screen's key window (see `UIWindow.send(_:)`).
    /// - Throws: `InputError.windowNotShown` when no window is key, or as the window does.
    @discardableResult
    public func send(_ text: TextInput) throws -> Bool {
        guard let window = keyWindow else { throw InputError.windowNotShown }
        return try window.send(text)
    }
}
