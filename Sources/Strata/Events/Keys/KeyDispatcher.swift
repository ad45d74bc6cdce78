import Foundation

// Overall design: each window has one key dispatcher, beside its touch dispatcher and on the
// same clock (a key's timestamp advances the window's input time, firing gesture deadlines
// due before it). A key event is checked whole first, so a bad one changes nothing. A key down
// then looks for a `UIKeyCommand` up the responder chain from the first responder; a command
// that matches runs (sent up the chain to the first responder of its action's type) unless the
// first responder is a text input that edits with that key and the command does not ask for
// priority. Otherwise the press goes to the first responder's `pressesBegan`, up the chain;
// `UIResponder`'s default, at the first responder, types into it when it is a text input. The
// key's up goes where its down went. Input-method text goes straight to a first responder that
// is a `UIKeyInput` / `UITextInput`.

/// A window's keys held down, key commands and text from the host. Main actor.
@MainActor
final class KeyDispatcher {
    weak var window: UIWindow?

    /// A key held down, and where its press went.
    private struct Held {
        let press: UIPress
        /// False when a key command took the down: the up goes nowhere.
        let toResponders: Bool
    }
    private var held: [UIKeyboardHIDUsage: Held] = [:]
    /// The modifier flags of the last key event.
    private(set) var modifierFlags: UIKeyModifierFlags = []

    /// Set while a press travels the chain: whether it reached its end untaken.
    private static var untaken: Set<ObjectIdentifier> = []

    init(window: UIWindow) { self.window = window }

    var keysDown: Set<UIKeyboardHIDUsage> { Set(held.keys) }

    /// Checks `key` whole: its values, the clock, and the keys held.
    func check(_ key: KeyInput) throws {
        try key.validate()
        guard let window else { throw InputError.windowNotShown }
        try window.events.checkTime(key.timestamp)
        switch key.phase {
        case .down: if held[key.keyCode] != nil { throw InputError.keyAlreadyDown(key.keyCode) }
        case .repeat, .up: if held[key.keyCode] == nil { throw InputError.keyNotDown(key.keyCode, phase: key.phase) }
        }
    }

    func send(_ input: KeyInput) throws -> Bool {
        try check(input)
        guard let window else { return false }
        try window.events.advance(to: input.timestamp)
        modifierFlags = input.modifierFlags
        // Keys that type nothing report UIKit's input strings ("UIKeyInputUpArrow", …), and
        // Return, Tab and Delete their control characters, when the host sent none.
        let special = UIKeyCommand.specialInputs[input.keyCode] ?? Self.controlCharacters[input.keyCode]
        let key = UIKey(
            characters: input.characters.isEmpty ? special ?? "" : input.characters,
            charactersIgnoringModifiers: input.charactersIgnoringModifiers.isEmpty ? special ?? "" : input.charactersIgnoringModifiers,
            modifierFlags: input.modifierFlags, keyCode: input.keyCode)
        // Without a first responder, keys start at the topmost presented controller (an alert
        // takes Return and Escape), else the window.
        let target: UIResponder = window.firstResponder ?? window.topViewController ?? window
        switch input.phase {
        case .down:
            if let command = UIKeyCommand.matching(key, from: target), command.runs(over: target, for: key) {
                held[input.keyCode] = Held(press: UIPress(key: key, phase: .began, timestamp: input.timestamp, window: window, responder: target), toResponders: false)
                return command.perform(from: target)
            }
            let press = UIPress(key: key, phase: .began, timestamp: input.timestamp, window: window, responder: target)
            held[input.keyCode] = Held(press: press, toResponders: true)
            return deliverBegan(press, to: target, flags: input.modifierFlags)
        case .repeat:
            guard let entry = held[input.keyCode] else { return false }
            if let command = UIKeyCommand.matching(key, from: target), command.runs(over: target, for: key) {
                return command.perform(from: target)
            }
            guard entry.toResponders, let responder = entry.press.responder else { return false }
            return Self.edit(with: key, in: responder)
        case .up:
            guard let entry = held.removeValue(forKey: input.keyCode) else { return false }
            entry.press.phase = .ended
            entry.press.timestamp = input.timestamp
            guard entry.toResponders, let responder = entry.press.responder else { return false }
            let event = UIPressesEvent(timestamp: input.timestamp, presses: allPresses(with: entry.press), modifierFlags: input.modifierFlags)
            responder.pressesEnded([entry.press], with: event)
            return true
        }
    }

    /// Delivers a new press to `target` up the chain; whether some responder took it.
    private func deliverBegan(_ press: UIPress, to target: UIResponder, flags: UIKeyModifierFlags) -> Bool {
        let event = UIPressesEvent(timestamp: press.timestamp, presses: allPresses(with: press), modifierFlags: flags)
        let id = ObjectIdentifier(press)
        Self.untaken.remove(id)
        target.pressesBegan([press], with: event)
        return Self.untaken.remove(id) == nil
    }

    private func allPresses(with press: UIPress) -> Set<UIPress> {
        Set(held.values.filter(\.toResponders).map(\.press)).union([press])
    }

    /// Delivers input-method text to the first responder.
    func send(_ input: TextInput) throws -> Bool {
        try input.validate()
        guard let window else { throw InputError.windowNotShown }
        try window.events.checkTime(input.timestamp)
        try window.events.advance(to: input.timestamp)
        guard let responder = window.firstResponder else { return false }
        switch input.phase {
        case .commit:
            if let text = responder as? UITextInput, text.markedTextRange != nil {
                text.setMarkedText(input.text, selectedRange: NSRange(location: input.text.utf16.count, length: 0))
                text.unmarkText()
                return true
            }
            guard let keyInput = responder as? UIKeyInput else { return false }
            keyInput.insertText(input.text)
            return true
        case .compose:
            guard let text = responder as? UITextInput else { return false }
            text.setMarkedText(input.text, selectedRange: input.selectedRange)
            return true
        case .cancel:
            guard let text = responder as? UITextInput, text.markedTextRange != nil else { return false }
            text.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
            text.unmarkText()
            return true
        }
    }

    // MARK: Typing at the end of delivery

    /// `UIResponder.pressesBegan`'s default at the first responder: types or edits with the
    /// presses when `responder` is the text input they were sent to. Whether it used them.
    static func edit(with presses: Set<UIPress>, in responder: UIResponder) -> Bool {
        var used = false
        for press in presses where press.phase == .began && press.responder === responder {
            if let key = press.key, edit(with: key, in: responder) { used = true }
        }
        return used
    }

    /// Types or edits with `key` in `responder` (a text view's own editing, or a plain
    /// `UIKeyInput`'s insert and delete). Whether it did.
    static func edit(with key: UIKey, in responder: UIResponder) -> Bool {
        if let editor = responder as? KeyEditing { return editor.edit(with: key) }
        guard let input = responder as? UIKeyInput else { return false }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            input.deleteBackward()
            return true
        case .keyboardReturnOrEnter, .keypadEnter:
            input.insertText("\n")
            return true
        default:
            guard let text = key.typedText else { return false }
            input.insertText(text)
            return true
        }
    }

    /// The characters UIKit reports for keys that type control characters.
    static let controlCharacters: [UIKeyboardHIDUsage: String] = [
        .keyboardReturnOrEnter: "\r", .keypadEnter: "\r", .keyboardTab: "\t", .keyboardDeleteOrBackspace: "\u{8}",
    ]

    /// The end of the responder chain: nobody took the presses.
    static func noResponderTook(_ presses: Set<UIPress>) {
        for press in presses { untaken.insert(ObjectIdentifier(press)) }
    }
}

/// A responder that edits text with keys itself (Strata's text field and text view): arrows,
/// deletion, selection, shortcuts, typing. Main actor.
@MainActor
protocol KeyEditing: AnyObject {
    /// Edits with `key`; whether the key meant something to the editor.
    func edit(with key: UIKey) -> Bool
    /// Whether `key` means something to the editor (a key command for it waits unless it asks
    /// for priority).
    func handlesAsSystemBehavior(_ key: UIKey) -> Bool
}

extension UIWindow {
    /// The controller on top: the root view controller's deepest presented controller.
    var topViewController: UIViewController? {
        var top = rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}

extension UIKey {
    /// The text the key types: its characters, when they are printable and neither Command
    /// nor Control is held; nil otherwise.
    var typedText: String? {
        guard !characters.isEmpty, UIKeyCommand.specialInputs[keyCode] == nil, modifierFlags.isDisjoint(with: [.command, .control]) else {
            return nil
        }
        guard characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !(0xF700...0xF8FF).contains($0.value) }) else {
            return nil
        }
        return characters
    }
}
