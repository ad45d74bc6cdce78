/// What is wrong with a key or text event from a host. A plain value; `description` says what
/// and what to do, without naming the caller (the UIKit model, an event script and the C
/// interface each put their own place in front of it).
package enum KeyEventProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key code that is not a USB HID keyboard usage UIKit names (`UIKeyboardHIDUsage`).
    case unknownKeyCode(Int)
    /// Modifier bits outside UIKit's `UIKeyModifierFlags`.
    case unknownModifierFlags(Int)
    /// Text holding a NUL character; `field` names which text.
    case textContainsNUL(field: String)
    /// Bytes that are not UTF-8; `field` names which text.
    case invalidUTF8(field: String)
    /// A marked text's selected range outside the marked text (UTF-16 units).
    case markedRangeOutOfBounds(location: Int, length: Int, textLength: Int)

    package var description: String {
        switch self {
        case .unknownKeyCode(let code):
            "key code \(code) is not a UIKeyboardHIDUsage (a USB HID keyboard page usage: 4...164, 224...231 or 65535, e.g. 4 for A, 40 for Return)"
        case .unknownModifierFlags(let bits):
            "modifier flags 0x\(String(bits, radix: 16)) have bits UIKeyModifierFlags does not define (alphaShift 1<<16, shift 1<<17, control 1<<18, alternate 1<<19, command 1<<20, numericPad 1<<21)"
        case .textContainsNUL(let field):
            "the \(field) contains a NUL character, which text cannot hold"
        case .invalidUTF8(let field):
            "the \(field) holds bytes that are not UTF-8"
        case .markedRangeOutOfBounds(let location, let length, let textLength):
            "the marked text's selected range {\(location), \(length)} is outside the marked text of \(textLength) UTF-16 units"
        }
    }
}

/// The rules every key and text event from a host keeps, written once for the UIKit model
/// (`KeyInput`, `TextInput`), event scripts and the C interface. Pure functions; any thread.
package enum KeyEventRules {
    /// The key codes `UIKeyboardHIDUsage` names: the keyboard page's usages 0x01...0xA4 and
    /// 0xE0...0xE7 (the modifier keys), and 0xFFFF (reserved).
    package static let knownKeyCodes: [ClosedRange<Int>] = [0x01...0xA4, 0xE0...0xE7, 0xFFFF...0xFFFF]

    /// The bits `UIKeyModifierFlags` defines: alphaShift, shift, control, alternate, command,
    /// numericPad (1 << 16 ... 1 << 21).
    package static let modifierMask = 0x3F_0000

    /// Whether `code` is a key code `UIKeyboardHIDUsage` names.
    package static func isKnownKeyCode(_ code: Int) -> Bool {
        knownKeyCodes.contains { $0.contains(code) }
    }

    /// What is wrong with a key's code and modifier bits, or nil.
    package static func problem(keyCode: Int, modifierFlags: Int) -> KeyEventProblem? {
        guard isKnownKeyCode(keyCode) else { return .unknownKeyCode(keyCode) }
        guard modifierFlags & ~modifierMask == 0 else { return .unknownModifierFlags(modifierFlags) }
        return nil
    }

    /// What is wrong with `text` (a NUL character), or nil; `field` names it in the message.
    package static func problem(text: String, field: String) -> KeyEventProblem? {
        text.utf8.contains(0) ? .textContainsNUL(field: field) : nil
    }

    /// What is wrong with a marked text's selected range (UTF-16 units of `text`), or nil: it
    /// must start and end inside the text.
    package static func problem(markedRange location: Int, length: Int, in text: String) -> KeyEventProblem? {
        let count = text.utf16.count
        guard location >= 0, length >= 0, location <= count, length <= count - location else {
            return .markedRangeOutOfBounds(location: location, length: length, textLength: count)
        }
        return nil
    }

    /// The text `bytes` (UTF-8, without a terminating NUL) hold, or `.invalidUTF8` naming
    /// `field`: no byte is replaced, so what a host sent is what arrives or nothing does.
    package static func string(utf8 bytes: some Collection<UInt8>, field: String) -> Result<String, KeyEventProblem> {
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return .success(String(scalars))
            case .error: return .failure(.invalidUTF8(field: field))
            }
        }
    }
}
