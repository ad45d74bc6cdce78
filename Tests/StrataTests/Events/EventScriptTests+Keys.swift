import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import Testing

/// A first responder that logs the presses it hears and the text typed into it.
@MainActor
private final class KeyLog: UIView, UIKeyInput {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for p in presses { log.append("began \(p.key!.keyCode.rawValue) \(p.key!.modifierFlags.rawValue) \(p.key!.characters.debugDescription) at \(p.timestamp)") }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for p in presses { log.append("ended \(p.key!.keyCode.rawValue) at \(p.timestamp)") }
    }
    var hasText: Bool { !log.isEmpty }
    func insertText(_ text: String) { log.append("insert \(text.debugDescription)") }
    func deleteBackward() { log.append("delete") }
}

/// Key and text steps of event scripts: both forms, their escaping, their refusals with the
/// line, writing a script back as text, and replay to the first responder at the steps' times.
@MainActor
@Suite struct EventScriptKeyTests {
    nonisolated static let text = """
        # keys and input-method text
        0.10  key-down    4   shift          "A"  "a"   # Shift-A
        0.15  key-repeat  4   shift          "A"  "a"
        0.20  key-up      4   131072         "A"  "a"
        0.25  key-down    40                            # Return, no modifiers or characters
        0.30  key-up      40  none
        0.40  text-compose "に\\u307b # not a comment" 2 1
        0.45  text-cancel
        0.50  text-commit "日本 \\"quoted\\" 😀"
        0.60  key-down    6   control+command "c"
        1.00  end
        """
    nonisolated static let json = """
        [{"t": 0.1, "phase": "key-down", "key": 4, "modifiers": 131072, "characters": "A", "charactersIgnoringModifiers": "a"},
         {"t": 0.15, "phase": "key-repeat", "key": 4, "modifiers": 131072, "characters": "A", "charactersIgnoringModifiers": "a"},
         {"t": 0.2, "phase": "key-up", "key": 4, "modifiers": 131072, "characters": "A", "charactersIgnoringModifiers": "a"},
         {"t": 0.25, "phase": "key-down", "key": 40}, {"t": 0.3, "phase": "key-up", "key": 40, "modifiers": 0},
         {"t": 0.4, "phase": "text-compose", "text": "にほ # not a comment", "location": 2, "length": 1},
         {"t": 0.45, "phase": "text-cancel"},
         {"t": 0.5, "phase": "text-commit", "text": "日本 \\"quoted\\" 😀"},
         {"t": 0.6, "phase": "key-down", "key": 6, "modifiers": 1310720, "characters": "c"},
         {"t": 1, "phase": "end"}]
        """

    @Test func theTextAndJSONFormsReadTheSameKeyAndTextSteps() throws {
        let a = try EventScript(text: Self.text), b = try EventScript(json: Data(Self.json.utf8))
        #expect(a == b)
        #expect(a.steps.count == 9 && a.duration == 1)
        #expect(
            a.steps[0]
                == .key(KeyInput(phase: .down, keyCode: .keyboardA, modifierFlags: .shift, characters: "A", charactersIgnoringModifiers: "a", timestamp: 0.1)))
        #expect(a.steps[1] == .key(KeyInput(phase: .repeat, keyCode: .keyboardA, modifierFlags: .shift, characters: "A", timestamp: 0.15)))
        #expect(a.steps[3] == .key(KeyInput(phase: .down, keyCode: .keyboardReturnOrEnter, characters: "", timestamp: 0.25)))
        #expect(a.steps[5] == .text(.compose("にほ # not a comment", selectedRange: NSRange(location: 2, length: 1), timestamp: 0.4)))
        #expect(a.steps[6] == .text(.cancelComposition(timestamp: 0.45)))
        #expect(a.steps[7] == .text(.commit("日本 \"quoted\" 😀", timestamp: 0.5)))
        // control (1 << 18) + command (1 << 20) = 1310720; the characters ignoring modifiers default to the characters lowercased.
        #expect(a.steps[8] == .key(KeyInput(phase: .down, keyCode: .keyboardC, modifierFlags: [.control, .command], characters: "c", timestamp: 0.6)))
    }

    @Test func aScriptWrittenAsTextReadsBackTheSame() throws {
        let script = try EventScript(text: Self.text + "\n")
        let touches = try EventScript(text: "0 down 1 10.5 20\n0 down 2 30 20\n0.1 up 1 10.5 20\n0.1 up 2 30 20\n0.2 wheel 5 6 0 -3\n0.3 scroll-began 5 6 1 2")
        #expect(try EventScript(text: script.textForm) == script)
        #expect(try EventScript(text: touches.textForm) == touches)
        let control = try EventScript(steps: [.text(.commit("tab\there\u{1}\\", timestamp: 0))])
        #expect(control.textForm.contains("text-commit \"tab\\there\\u0001\\\\\""))
        #expect(try EventScript(text: control.textForm) == control)
    }

    /// Each bad key or text line and the message: the line, and what is wrong.
    nonisolated static let refusals: [(script: String, message: String)] = [
        (
            "0 key-down 4\n0.1 key-down 999",
            "event script, line 2: key code 999 is not a UIKeyboardHIDUsage (a USB HID keyboard page usage: 4...164, 224...231 or 65535, e.g. 4 for A, 40 for Return)"
        ),
        ("0 key-down 0", "event script, line 1: key code 0 is not a UIKeyboardHIDUsage"),
        ("0 key-down 4 0x20000", "event script, line 1: modifier \"0x20000\" is not a number or one of alphaShift, shift, control, alternate, command, numericPad (joined by +)"),
        ("0 key-down 4 shift+hyper", "event script, line 1: modifier \"hyper\" is not a number or one of"),
        ("0 key-down 4 4194304", "event script, line 1: modifier flags 0x400000 have bits UIKeyModifierFlags does not define"),
        ("0 key-down 4 0 \"a\\u0000b\"", "event script, line 1: the key's characters contains a NUL character, which text cannot hold"),
        ("0 text-commit \"x\\u0000\"", "event script, line 1: the committed text contains a NUL character, which text cannot hold"),
        ("0 text-compose \"ab\" 1 2", "event script, line 1: the marked text's selected range {1, 2} is outside the marked text of 2 UTF-16 units"),
        ("0 text-compose \"😀\" 3 0", "event script, line 1: the marked text's selected range {3, 0} is outside the marked text of 2 UTF-16 units"),
        ("0 text-compose \"ab\" -1 1", "event script, line 1: the marked text's selected range {-1, 1} is outside the marked text of 2 UTF-16 units"),
        ("0 text-compose \"ab\" 1", "event script, line 1: missing selected length"),
        ("0 text-compose \"ab\" 0.5 0", "event script, line 1: selected location 0.5 is not a whole number"),
        ("0 key-up 4", "event script, line 1: key-up of key 4, which is not down; send its key-down first"),
        ("0 key-down 4\n0.1 key-up 4\n0.2 key-repeat 4", "event script, line 3: key-repeat of key 4, which is not down"),
        ("0 key-down 4\n0.1 key-down 4", "event script, line 2: key 4 goes down again while it is down"),
        ("0 text-commit \"open", "event script, line 1: a quoted string is not closed with \""),
        ("0 text-commit \"\\x\"", "event script, line 1: a quoted string has an unknown escape \\x"),
        ("0 text-commit \"\\ud83d\"", "event script, line 1: a quoted string has a high surrogate \\ud83d without its low one"),
        ("0 text-commit \"a\tb\"", "event script, line 1: a quoted string holds control character \\u{9}; write it as a \\u escape"),
        ("0 text-commit plain", "event script, line 1: the committed text plain must be a string in double quotes"),
        ("0 text-commit \"a\" \"b\"", "event script, line 1: unexpected \"b\" after the text-commit line's fields"),
        ("0 key-down \"4\"", "event script, line 1: key code \"4\" is not a finite number"),
        ("0 key-down 4 \"a\"", "event script, line 1: modifiers come before the characters"),
        ("0 text-cancel now", "event script, line 1: unexpected \"now\" after the text-cancel line's fields"),
    ]

    nonisolated static let jsonRefusals: [(script: String, message: String)] = [
        ("[{\"t\": 0, \"phase\": \"key-down\", \"key\": 300}]", "event script, line 1: key code 300 is not a UIKeyboardHIDUsage"),
        ("[{\"t\": 0, \"phase\": \"key-down\"}]", "event script, line 1: a key needs its key code (\"key\")"),
        ("[\n{\"t\": 0, \"phase\": \"text-commit\", \"text\": \"a\\u0000\"}]", "event script, line 2: the committed text contains a NUL character"),
        ("[{\"t\": 0, \"phase\": \"text-compose\", \"text\": \"ab\", \"location\": 3}]", "event script, line 1: the marked text's selected range {3, 0} is outside"),
        ("[{\"t\": 0, \"phase\": \"text-commit\"}]", "event script, line 1: text-commit needs its text (\"text\")"),
        ("[{\"t\": 0, \"phase\": \"key-press\", \"key\": 4}]", "event script, line 1: phase \"key-press\" is not key-down, key-repeat, key-up"),
        ("[{\"t\": 0, \"phase\": \"key-down\", \"key\": 4, \"modifiers\": 1.5}]", "event script, line 1: modifiers 1.5 is not a whole number"),
    ]

    @Test("A bad key or text line is refused with its line and what is wrong", arguments: refusals.indices)
    func badKeyLinesAreRefused(_ index: Int) {
        let (script, message) = Self.refusals[index]
        #expect {
            try EventScript(text: script)
        } throws: { error in
            "\(error)".hasPrefix(message)
                || {
                    Issue.record("\(script.debugDescription): \(error)"); return false
                }()
        }
    }

    @Test("A bad key or text object is refused with its line and what is wrong", arguments: jsonRefusals.indices)
    func badKeyObjectsAreRefused(_ index: Int) {
        let (script, message) = Self.jsonRefusals[index]
        #expect {
            try EventScript(json: Data(script.utf8))
        } throws: { error in
            "\(error)".hasPrefix(message)
                || {
                    Issue.record("\(script.debugDescription): \(error)"); return false
                }()
        }
    }

    @Test func theLimitsOfKeysAreUIKitsOwn() throws {
        // The last usage of each range, and every modifier at once (0x3F0000 = 4128768).
        let script = try EventScript(text: "0 key-down 164 4128768\n0 key-down 231\n0 key-down 65535\n0 key-down 1")
        #expect(script.steps.count == 4)
        for code in [165, 223, 232, 65534, 65536, -1] {
            #expect(throws: EventScriptError.self) { try EventScript(text: "0 key-down \(code)") }
        }
    }

    @Test func aReplayDeliversKeysAndTextToTheFirstResponderAtTheirTimes() async throws {
        let f = try ScreenFixture()
        let field = KeyLog(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
        f.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        let start = f.screen.mediaTime
        let script = try EventScript(
            text: """
                0.05 key-down 4 shift "A" "a"
                0.10 key-up 4 shift "A" "a"
                0.20 text-commit "é😀"
                0.25 key-down 42
                0.30 key-up 42
                0.35 end
                """)
        let frames = try await script.replay(on: f.window, readBack: false)
        #expect(frames == 22, "0.35 s at 60 frames per second: frames 0...21")
        // Shift-A: the press goes to pressesBegan, whose default at a text input types "A"; the
        // KeyLog overrides it, so nothing is typed by the key. Backspace likewise; sent without
        // characters, it reports UIKit's backspace character.
        #expect(
            field.log == [
                "began 4 131072 \"A\" at \(start + 0.05)", "ended 4 at \(start + 0.1)", "insert \"é😀\"",
                "began 42 0 \"\\u{08}\" at \(start + 0.25)", "ended 42 at \(start + 0.3)",
            ])
        #expect(f.window.keysDown.isEmpty)
    }

    @Test func aKeyTheWindowRefusesStopsTheReplayWithItsError() async throws {
        let f = try ScreenFixture()
        // Read as a value, the key state is not checked: the window refuses the up at replay.
        let script = try EventScript(steps: [.key(KeyInput(phase: .up, keyCode: .keyboardB, timestamp: 0.1))], duration: 0.2)
        await #expect(throws: InputError.keyNotDown(.keyboardB, phase: .up)) { try await script.replay(on: f.window, readBack: false) }
    }

    @Test func theSharedRulesAcceptExactlyUIKeyboardHIDUsage() {
        for code in -2...0x1_0001 {
            let known = KeyEventRules.isKnownKeyCode(code)
            if known != (UIKeyboardHIDUsage(rawValue: code) != nil) { Issue.record("code \(code): rules say \(known)") }
        }
        #expect(KeyEventRules.modifierMask == UIKeyModifierFlags.all.rawValue)
        #expect(throws: InputError.unknownKeyCode(0)) { try KeyInput(phase: .down, rawKeyCode: 0, rawModifierFlags: 0, characters: "", timestamp: 0) }
        #expect(throws: InputError.unknownModifierFlags(1)) { try KeyInput(phase: .down, rawKeyCode: 4, rawModifierFlags: 1, characters: "", timestamp: 0) }
        #expect(KeyEventRules.string(utf8: [0x61, 0xC3, 0xA9], field: "t") == .success("aé"))
        #expect(KeyEventRules.string(utf8: [0x61, 0xC3], field: "t") == .failure(.invalidUTF8(field: "t")))
        #expect(KeyEventRules.string(utf8: [0xED, 0xA0, 0x80], field: "t") == .failure(.invalidUTF8(field: "t")), "an encoded surrogate is not UTF-8")
    }
}
