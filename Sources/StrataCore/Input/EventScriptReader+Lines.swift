import Foundation

/// The text form's lines: tokens (with JSON-style quoted strings), the key and text samples, and
/// writing a script back as text. The rules for key codes, modifiers, NUL and marked ranges are
/// StrataCore's `KeyEventRules`, the ones `KeyInput` and the C interface keep.
package enum ScriptLine {
    /// One field of a line: its text (a quoted string already unescaped) and whether it was quoted.
    struct Token {
        var text: String
        var isQuoted: Bool
    }

    /// The fields of `raw`: separated by spaces, tabs or carriage returns; `#` outside quotes
    /// starts a comment; a field in double quotes is a JSON string literal.
    /// - Throws: `EventScriptError.syntax` for an unclosed string, a bad escape or a control
    ///   character inside quotes.
    static func tokens(of raw: Substring, line: Int) throws -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var scalars = String(raw).unicodeScalars.makeIterator()
        func flush() {
            if !current.isEmpty { tokens.append(Token(text: current, isQuoted: false)) }
            current = ""
        }
        while let c = scalars.next() {
            switch c {
            case " ", "\t", "\r": flush()
            case "#":
                flush()
                return tokens
            case "\"":
                flush()
                tokens.append(Token(text: try string(&scalars, line: line), isQuoted: true))
            default: current.unicodeScalars.append(c)
            }
        }
        flush()
        return tokens
    }

    /// The rest of a JSON string literal whose opening quote was read, unescaped.
    private static func string(_ scalars: inout String.UnicodeScalarView.Iterator, line: Int) throws -> String {
        var out = String.UnicodeScalarView()
        func fail(_ what: String) -> EventScriptError { .syntax(line: line, "a quoted string \(what)") }
        func hex4() throws -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let h = scalars.next(), h.isASCII, let digit = UInt32(String(h), radix: 16) else { throw fail("has a \\u escape without four hexadecimal digits") }
                value = value * 16 + digit
            }
            return value
        }
        while let c = scalars.next() {
            switch c {
            case "\"": return String(out)
            case "\\":
                guard let e = scalars.next() else { throw fail("ends inside an escape") }
                switch e {
                case "\"", "\\", "/": out.append(e)
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    var value = try hex4()
                    if (0xD800...0xDBFF).contains(value) {
                        guard scalars.next() == "\\", scalars.next() == "u" else { throw fail("has a high surrogate \\u\(String(value, radix: 16)) without its low one") }
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("has a high surrogate followed by \\u\(String(low, radix: 16)), not a low one") }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else { throw fail("has \\u\(String(value, radix: 16)), a lone surrogate") }
                    out.append(scalar)
                default: throw fail("has an unknown escape \\\(EventScriptReader.printable(String(e)))")
                }
            default:
                guard c.value >= 0x20 else { throw fail("holds control character \(EventScriptReader.printable(String(c))); write it as a \\u escape") }
                out.append(c)
            }
        }
        throw fail("is not closed with \"")
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    out += "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16)
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }

    /// The modifier names of the text form, with their bits.
    static let modifierNames: [(name: String, bits: Int)] = [
        ("alphaShift", 1 << 16), ("shift", 1 << 17), ("control", 1 << 18), ("alternate", 1 << 19), ("command", 1 << 20), ("numericPad", 1 << 21),
    ]

    /// A `key-…` or `text-…` line's sample (time and phase at fields 0 and 1).
    static func keyOrTextSample(_ tokens: [Token], time t: Double, line: Int, number: (Int, String) throws -> Double) throws -> EventScriptReader.Sample {
        let what = tokens[1].text
        func string(_ i: Int, _ name: String) throws -> String? {
            guard i < tokens.count else { return nil }
            guard tokens[i].isQuoted else {
                throw EventScriptError.syntax(line: line, "\(name) \(EventScriptReader.printable(tokens[i].text)) must be a string in double quotes, such as \"a\"")
            }
            return tokens[i].text
        }
        func noMore(than count: Int) throws {
            if tokens.count > count {
                throw EventScriptError.syntax(line: line, "unexpected \"\(EventScriptReader.printable(tokens[count].text))\" after the \(what) line's fields")
            }
        }
        var sample = EventScriptReader.Sample(t: t, phase: what)
        switch what {
        case "text-commit":
            guard let text = try string(2, "the committed text") else { throw EventScriptError.syntax(line: line, "missing the committed text") }
            sample.text = text
            try noMore(than: 3)
        case "text-compose":
            guard let text = try string(2, "the marked text") else { throw EventScriptError.syntax(line: line, "missing the marked text") }
            sample.text = text
            if tokens.count > 3 {
                sample.location = try number(3, "selected location")
                sample.length = try number(4, "selected length")
            }
            try noMore(than: 5)
        case "text-cancel":
            try noMore(than: 2)
        default:
            sample.key = try number(2, "key code")
            if tokens.count > 3 {
                let field = tokens[3]
                if field.isQuoted {
                    throw EventScriptError.syntax(line: line, "modifiers come before the characters: write 0 (none) or names such as shift+command")
                } else if let bits = EventScriptReader.decimal(field.text) {
                    sample.modifiers = bits
                } else if field.text == "none" {
                    sample.modifiers = 0
                } else {
                    var bits = 0
                    for name in field.text.split(separator: "+", omittingEmptySubsequences: false) {
                        guard let known = modifierNames.first(where: { $0.name == name }) else {
                            throw EventScriptError.syntax(
                                line: line,
                                "modifier \"\(EventScriptReader.printable(String(name)))\" is not a number or one of \(modifierNames.map(\.name).joined(separator: ", ")) (joined by +)"
                            )
                        }
                        bits |= known.bits
                    }
                    sample.modifiers = Double(bits)
                }
            }
            sample.characters = try string(4, "the characters")
            sample.charactersIgnoringModifiers = try string(5, "the characters ignoring modifiers")
            try noMore(than: 6)
        }
        return sample
    }

    /// The event of a key or text sample, checked by `KeyEventRules` and against the keys down
    /// so far (updated).
    static func keyOrTextEvent(_ s: EventScriptReader.Sample, line: Int, keysDown: inout Set<Int>) throws -> EventScriptEvent {
        func whole(_ value: Double?, _ name: String, default fallback: Int) throws -> Int {
            guard let value else { return fallback }
            guard value == value.rounded(), abs(value) <= 1e9 else {
                throw EventScriptError.syntax(line: line, "\(name) \(value) is not a whole number within ±1000000000")
            }
            return Int(value)
        }
        func check(_ problem: KeyEventProblem?) throws {
            if let problem { throw EventScriptError.syntax(line: line, problem.description) }
        }
        if let phase = EventScriptEvent.KeyPhase(rawValue: s.phase) {
            guard s.key != nil else { throw EventScriptError.syntax(line: line, "a key needs its key code (\"key\")") }
            let code = try whole(s.key, "key code", default: 0)
            let bits = try whole(s.modifiers, "modifiers", default: 0)
            let characters = s.characters ?? ""
            try check(KeyEventRules.problem(keyCode: code, modifierFlags: bits))
            try check(KeyEventRules.problem(text: characters, field: "key's characters"))
            try check(s.charactersIgnoringModifiers.flatMap { KeyEventRules.problem(text: $0, field: "key's characters ignoring modifiers") })
            switch phase {
            case .down:
                guard keysDown.insert(code).inserted else {
                    throw EventScriptError.syntax(line: line, "key \(code) goes down again while it is down; send its key-up first, or a key-repeat")
                }
            case .repeat, .up:
                guard keysDown.contains(code) else {
                    throw EventScriptError.syntax(line: line, "\(s.phase) of key \(code), which is not down; send its key-down first")
                }
                if phase == .up { keysDown.remove(code) }
            }
            return .key(phase, code: code, modifiers: bits, characters: characters, charactersIgnoringModifiers: s.charactersIgnoringModifiers, time: s.t)
        }
        switch EventScriptEvent.TextPhase(rawValue: s.phase) {
        case .commit?, .compose?:
            guard let text = s.text else { throw EventScriptError.syntax(line: line, "\(s.phase) needs its text (\"text\")") }
            let commit = s.phase == EventScriptEvent.TextPhase.commit.rawValue
            try check(KeyEventRules.problem(text: text, field: commit ? "committed text" : "marked text"))
            let count = text.utf16.count
            if commit { return .text(.commit, text, location: count, length: 0, time: s.t) }
            let location = try whole(s.location, "selected location", default: count)
            let length = try whole(s.length, "selected length", default: 0)
            try check(KeyEventRules.problem(markedRange: location, length: length, in: text))
            return .text(.compose, text, location: location, length: length, time: s.t)
        case .cancel?:
            return .text(.cancel, "", location: 0, length: 0, time: s.t)
        case nil:
            throw EventScriptError.syntax(
                line: line, "phase \"\(EventScriptReader.printable(s.phase))\" is not key-down, key-repeat, key-up, text-commit, text-compose or text-cancel")
        }
    }
}
