import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// Typing into text fields and text views with key presses and input-method text from the
/// host, as UIKit's text system behaves on a hardware keyboard: the delegate sees every change
/// first with UTF-16 ranges, arrows and Shift select, the standard shortcuts copy and paste,
/// Tab moves between fields, key commands come first unless a text input needs the key.
@MainActor
@Suite struct TextInputTests {
    /// A delegate that records what it is asked and refuses digits when told to.
    final class Recorder: UITextFieldDelegate, UITextViewDelegate {
        var changes: [String] = []
        var refusesDigits = false
        var returns = 0
        var clears = 0
        var selections = 0
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            changes.append("{\(range.location), \(range.length)} \(string.debugDescription)")
            return !(refusesDigits && string.contains(where: \.isNumber))
        }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            changes.append("{\(range.location), \(range.length)} \(text.debugDescription)")
            return true
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            returns += 1
            return true
        }
        func textFieldShouldClear(_ textField: UITextField) -> Bool {
            clears += 1
            return true
        }
        func textFieldDidChangeSelection(_ textField: UITextField) { selections += 1 }
    }

    let fixture: ScreenFixture
    let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
    let recorder = Recorder()
    var time = Clock()

    /// Keeps the host's timestamps rising.
    final class Clock {
        var now: TimeInterval = 0
        func next() -> TimeInterval {
            now += 0.01
            return now
        }
    }

    init() throws {
        fixture = try ScreenFixture(size: CGSize(width: 320, height: 240))
        field.delegate = recorder
        fixture.window.addSubview(field)
    }

    /// Presses and releases `code` with `flags`, typing `characters`.
    @discardableResult
    func press(_ code: UIKeyboardHIDUsage, _ flags: UIKeyModifierFlags = [], _ characters: String = "") throws -> Bool {
        let taken = try fixture.window.send(KeyInput(phase: .down, keyCode: code, modifierFlags: flags, characters: characters, timestamp: time.next()))
        try fixture.window.send(KeyInput(phase: .up, keyCode: code, modifierFlags: flags, characters: characters, timestamp: time.next()))
        return taken
    }

    /// Types `text` one key per character (letters on their keys, everything else on the space bar's code).
    func type(_ text: String) throws {
        for character in text {
            let letter = character.lowercased().unicodeScalars.first.map { Int($0.value) - 97 } ?? -1
            let code = (0..<26).contains(letter) ? UIKeyboardHIDUsage(rawValue: 4 + letter)! : .keyboardSpacebar
            try press(code, character.isUppercase ? .shift : [], String(character))
        }
    }

    @Test func typedKeysEditTheFirstResponderAndSendEditingEvents() throws {
        var changed = 0
        field.addAction(UIAction { _ in changed += 1 }, for: .editingChanged)
        final class Count: @unchecked Sendable { var value = 0 }
        let notified = Count()
        let token = NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: field, queue: nil) { _ in
            notified.value += 1
        }
        defer { NotificationCenter.default.removeObserver(token) }
        #expect(field.becomeFirstResponder())
        #expect(field.isEditing)
        try type("Hi there")
        #expect(field.text == "Hi there")
        #expect(changed == 8)
        #expect(notified.value == 8)
        #expect(recorder.changes.prefix(3) == ["{0, 0} \"H\"", "{1, 0} \"i\"", "{2, 0} \" \""])
        try press(.keyboardDeleteOrBackspace)
        #expect(field.text == "Hi ther")
        #expect(recorder.changes.last == "{7, 1} \"\"")
    }

    @Test func aRefusingDelegateKeepsTheTextUnchanged() throws {
        recorder.refusesDigits = true
        field.becomeFirstResponder()
        try fixture.window.send(TextInput.commit("a1b22c", timestamp: time.next()))
        #expect(field.text == "")
        try press(.keyboardA, [], "a")
        try press(.keyboard1, [], "1")
        try press(.keyboardB, [], "b")
        #expect(field.text == "ab")
        #expect(recorder.changes == ["{0, 0} \"a1b22c\"", "{0, 0} \"a\"", "{1, 0} \"1\"", "{1, 0} \"b\""])
    }

    @Test func deletionCrossesWholeCharactersInUTF16Units() throws {
        // "e" + combining acute (2 units), then thumbs up with a skin tone (4 units).
        field.text = "e\u{301}\u{1F44D}\u{1F3FD}"
        field.becomeFirstResponder()
        try press(.keyboardDeleteOrBackspace)
        #expect(recorder.changes == ["{2, 4} \"\""])
        #expect(field.text == "e\u{301}")
        try press(.keyboardDeleteOrBackspace)
        #expect(recorder.changes.last == "{0, 2} \"\"")
        #expect(field.text == "")
        try press(.keyboardDeleteOrBackspace)
        #expect(recorder.changes.count == 2, "nothing left to delete asks nothing")
    }

    @Test func modifiersDeleteWordsAndLines() throws {
        field.text = "alpha beta gamma"
        field.becomeFirstResponder()
        try press(.keyboardDeleteOrBackspace, .alternate)
        #expect(field.text == "alpha beta ", "Option-Delete: the word before the caret")
        try press(.keyboardLeftArrow, .command)
        try press(.keyboardDeleteForward, .alternate)
        #expect(field.text == " beta ", "Option-Forward-Delete: the word after the caret")
        try press(.keyboardRightArrow, .command)
        try press(.keyboardDeleteOrBackspace, .command)
        #expect(field.text == "", "Command-Delete: to the start of the line")
        #expect(recorder.changes == ["{11, 5} \"\"", "{0, 5} \"\"", "{0, 6} \"\""])
    }

    @Test func aTapPlacesTheCaretWhereItLands() throws {
        field.font = .systemFont(ofSize: 17)
        field.text = "tap here"
        field.layoutIfNeeded()
        let origin = field.textRect(forBounds: field.bounds).minX
        let x = origin + NSAttributedString(string: "tap", attributes: [.font: UIFont.systemFont(ofSize: 17)]).size().width + 1
        let point = field.convert(CGPoint(x: x, y: 17), to: fixture.window)
        try fixture.window.send(TouchInput(id: 1, phase: .down, location: point, timestamp: time.next()))
        try fixture.window.send(TouchInput(id: 1, phase: .up, location: point, timestamp: time.next()))
        #expect(field.isEditing)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 3)
        #expect(field.selectedTextRange!.isEmpty)
    }

    @Test func markedTextIsReplacedOnCommit() throws {
        field.text = "A"
        field.becomeFirstResponder()
        try fixture.window.send(TextInput.compose("n", timestamp: time.next()))
        try fixture.window.send(TextInput.compose("ni", selectedRange: NSRange(location: 1, length: 1), timestamp: time.next()))
        #expect(field.text == "Ani")
        #expect(field.markedTextRange.map { field.offset(from: field.beginningOfDocument, to: $0.start) } == 1)
        #expect(field.selectedTextRange.map { field.offset(from: field.beginningOfDocument, to: $0.start) } == 2)
        try fixture.window.send(TextInput.commit("你", timestamp: time.next()))
        #expect(field.text == "A你")
        #expect(field.markedTextRange == nil)
        #expect(recorder.changes == ["{1, 0} \"n\"", "{1, 1} \"ni\"", "{1, 2} \"你\""])
        try fixture.window.send(TextInput.compose("x", timestamp: time.next()))
        try fixture.window.send(TextInput.cancelComposition(timestamp: time.next()))
        #expect(field.text == "A你")
    }

    @Test func shiftArrowsSelectAndArrowsCollapse() throws {
        field.text = "hello world"
        field.becomeFirstResponder()
        for _ in 0..<5 { try press(.keyboardLeftArrow, .shift) }
        #expect(field.text(in: field.selectedTextRange!) == "world")
        try press(.keyboardLeftArrow, [.shift, .alternate])
        #expect(field.text(in: field.selectedTextRange!) == "hello world", "Option-Shift-Left extends to the previous word's start")
        try press(.keyboardRightArrow)
        let caret = field.selectedTextRange!
        #expect(caret.isEmpty)
        #expect(field.offset(from: field.beginningOfDocument, to: caret.start) == 11)
        try press(.keyboardLeftArrow, .command)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 0)
        try press(.keyboardRightArrow, .alternate)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 5)
        #expect(recorder.selections >= 4)
    }

    @Test func copyAndPasteRoundTripThroughTheGeneralPasteboard() throws {
        field.text = "hello world"
        field.becomeFirstResponder()
        field.selectedTextRange = field.textRange(from: field.position(from: field.beginningOfDocument, offset: 6)!, to: field.endOfDocument)
        try press(.keyboardC, .command, "c")
        #expect(UIPasteboard.general.string == "world")
        try press(.keyboardRightArrow)
        try press(.keyboardV, .command, "v")
        #expect(field.text == "hello worldworld")
        try press(.keyboardA, .command, "a")
        try press(.keyboardX, .command, "x")
        #expect(field.text == "")
        #expect(UIPasteboard.general.string == "hello worldworld")
        UIPasteboard.general.image = UIImage()
        #expect(UIPasteboard.general.hasImages)
        #expect(!UIPasteboard.general.hasStrings)
    }

    @Test func namedPasteboardsShareTheirContentsAndItemsCarryTypes() throws {
        let name = UIPasteboard.Name(rawValue: "strata.tests.\(UUID().uuidString)")
        #expect(UIPasteboard(name: name, create: false) == nil)
        let a = try #require(UIPasteboard(name: name, create: true))
        let b = try #require(UIPasteboard(name: name, create: false))
        let before = a.changeCount
        a.string = "shared"
        #expect(b.string == "shared")
        #expect(b.types == ["public.utf8-plain-text"])
        #expect(b.data(forPasteboardType: "public.utf8-plain-text") == Data("shared".utf8))
        a.addItems([["public.url": URL(string: "https://example.com")!]])
        #expect(b.numberOfItems == 2)
        #expect(b.url?.host == "example.com")
        #expect(a.changeCount == before + 2)
        a.color = .red
        #expect(b.hasColors && !b.hasStrings)
        UIPasteboard.remove(withName: name)
        #expect(UIPasteboard(name: name, create: false) == nil)
    }

    @Test func secureEntryDrawsBulletsAndRefusesToCopy() throws {
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        try type("pw")
        #expect(field.text == "pw")
        #expect(field._displayedText == "\u{2022}\u{2022}")
        UIPasteboard.general.string = "before"
        try press(.keyboardA, .command, "a")
        try press(.keyboardC, .command, "c")
        #expect(UIPasteboard.general.string == "before")
    }

    @Test func theClearButtonAsksTheDelegateAndEmptiesTheField() throws {
        field.text = "abc"
        field.clearButtonMode = .always
        field.layoutIfNeeded()
        let button = field.clearButtonRect(forBounds: field.bounds)
        #expect(button == CGRect(x: 175, y: 7.5, width: 19, height: 19))
        #expect(field.textRect(forBounds: field.bounds).maxX <= 175)
        let point = field.convert(CGPoint(x: button.midX, y: button.midY), to: fixture.window)
        try fixture.window.send(TouchInput(id: 1, phase: .down, location: point, timestamp: time.next()))
        try fixture.window.send(TouchInput(id: 1, phase: .up, location: point, timestamp: time.next()))
        #expect(recorder.clears == 1)
        #expect(field.text == "")
    }

    @Test func tabMovesThroughTheFieldsInReadingOrder() throws {
        let below = UITextField(frame: CGRect(x: 10, y: 100, width: 100, height: 30))
        let right = UITextField(frame: CGRect(x: 150, y: 100, width: 100, height: 30))
        fixture.window.addSubview(right)
        fixture.window.addSubview(below)
        field.becomeFirstResponder()
        try press(.keyboardTab, [], "\t")
        #expect(below.isFirstResponder)
        try press(.keyboardTab, [], "\t")
        #expect(right.isFirstResponder)
        try press(.keyboardTab, [], "\t")
        #expect(field.isFirstResponder)
        try press(.keyboardTab, .shift, "\t")
        #expect(right.isFirstResponder)
        #expect(field.text == "", "Tab types nothing into a field")
    }

    /// A controller offering Command-S and a left-arrow command.
    final class Editor: UIViewController {
        var saves = 0
        var lefts = 0
        var priority = false
        override var keyCommands: [UIKeyCommand]? {
            let left = UIKeyCommand(input: UIKeyCommand.inputLeftArrow, modifierFlags: [], action: Editor.goLeft)
            left.wantsPriorityOverSystemBehavior = priority
            return [UIKeyCommand(input: "s", modifierFlags: .command, action: Editor.save), left]
        }
        func save() { saves += 1 }
        func goLeft() { lefts += 1 }
    }

    @Test func keyCommandsAreFoundUpTheChainAndYieldToTextEditing() throws {
        let editor = Editor()
        fixture.window.rootViewController = editor
        editor.view.addSubview(field)
        field.text = "ab"
        field.becomeFirstResponder()
        #expect(try press(.keyboardS, .command, "s"))
        #expect(editor.saves == 1)
        #expect(field.text == "ab", "the command took the key")
        try press(.keyboardLeftArrow)
        #expect(editor.lefts == 0, "the field edits with the arrow first")
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 1)
        editor.priority = true
        try press(.keyboardLeftArrow)
        #expect(editor.lefts == 1)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 1)
    }

    @Test func returnAsksTheDelegateAndEndsEditingWhenAnActionListens() throws {
        field.becomeFirstResponder()
        try press(.keyboardReturnOrEnter, [], "\r")
        #expect(recorder.returns == 1)
        #expect(field.isFirstResponder, "no action for .editingDidEndOnExit: editing goes on")
        var exits = 0
        field.addAction(UIAction { _ in exits += 1 }, for: .editingDidEndOnExit)
        try press(.keyboardReturnOrEnter, [], "\r")
        #expect(exits == 1)
        #expect(!field.isFirstResponder)
        #expect(!field.isEditing)
    }

    @Test func pressesReachOverriddenResponders() throws {
        final class Keys: UIView {
            var began: [UIKeyboardHIDUsage] = []
            var ended: [UIKeyboardHIDUsage] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                began += presses.compactMap { $0.key?.keyCode }
            }
            override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                ended += presses.compactMap { $0.key?.keyCode }
            }
        }
        let keys = Keys()
        fixture.window.addSubview(keys)
        keys.becomeFirstResponder()
        #expect(try press(.keyboardUpArrow))
        #expect(keys.began == [.keyboardUpArrow])
        #expect(keys.ended == [.keyboardUpArrow])
        keys.resignFirstResponder()
        #expect(try !press(.keyboardUpArrow), "nobody took it")
    }

    @Test func badInputIsRefusedWholeAndChangesNothing() throws {
        field.text = "ok"
        field.becomeFirstResponder()
        #expect(throws: InputError.unknownKeyCode(0x300)) {
            try KeyInput(phase: .down, rawKeyCode: 0x300, rawModifierFlags: 0, characters: "", timestamp: 1)
        }
        #expect(throws: InputError.unknownModifierFlags(1)) {
            try KeyInput(phase: .down, rawKeyCode: 4, rawModifierFlags: 1, characters: "", timestamp: 1)
        }
        #expect(throws: InputError.keyNotDown(.keyboardA, phase: .up)) {
            try fixture.window.send(KeyInput(phase: .up, keyCode: .keyboardA, timestamp: time.next()))
        }
        #expect(throws: InputError.textContainsNUL(field: "committed text")) {
            try fixture.window.send(TextInput.commit("a\0b", timestamp: time.next()))
        }
        #expect(throws: InputError.markedRangeOutOfBounds(location: 2, length: 1, textLength: 2)) {
            try fixture.window.send(TextInput.compose("ab", selectedRange: NSRange(location: 2, length: 1), timestamp: time.next()))
        }
        let down = KeyInput(phase: .down, keyCode: .keyboardB, characters: "b", timestamp: time.next())
        try fixture.window.send(down)
        #expect(throws: InputError.keyAlreadyDown(.keyboardB)) { try fixture.window.send(down) }
        #expect(throws: InputError.timeWentBackwards(previous: time.now, now: 0)) {
            try fixture.window.send(KeyInput(phase: .up, keyCode: .keyboardB, timestamp: 0))
        }
        #expect(field.text == "okb")
        #expect(fixture.window.keysDown == [.keyboardB])
        #expect("\(InputError.unknownKeyCode(0x300))".contains("768 is not a UIKeyboardHIDUsage"))
    }

    @Test func caretRectanglesStandWhereTheLabelLayoutPutsTheCharacters() throws {
        field.font = .systemFont(ofSize: 17)
        field.text = "Hello"
        field.becomeFirstResponder()
        field.layoutIfNeeded()
        let origin = field.textRect(forBounds: field.bounds).minX
        for (offset, prefix) in [(0, ""), (2, "He"), (5, "Hello")] {
            let caret = field.caretRect(for: field.position(from: field.beginningOfDocument, offset: offset)!)
            let width = NSAttributedString(string: prefix, attributes: [.font: UIFont.systemFont(ofSize: 17)]).size().width
            #expect(abs(caret.midX - (origin + width)) < 1, "offset \(offset): caret at \(caret.midX), label width \(width)")
            #expect(caret.width == 2)
            #expect(caret.height >= 17)
        }
        let point = CGPoint(x: origin + NSAttributedString(string: "Hel", attributes: [.font: UIFont.systemFont(ofSize: 17)]).size().width + 1, y: 17)
        #expect(field.offset(from: field.beginningOfDocument, to: field.closestPosition(to: point)!) == 3)
    }

    @Test func aTextFieldIsOneLineTallForItsBorder() {
        let rounded = UITextField()
        rounded.borderStyle = .roundedRect
        rounded.font = .systemFont(ofSize: 17)
        #expect(rounded.intrinsicContentSize.height == 34 || abs(rounded.intrinsicContentSize.height - 34) <= 1)
        #expect(rounded.textRect(forBounds: CGRect(x: 0, y: 0, width: 100, height: 34)) == CGRect(x: 7, y: 0, width: 86, height: 34))
        #expect(UITextField().text == "")
        #expect(UITextField().font == UIFont.preferredFont(forTextStyle: .body))
    }

    @Test func overlayViewsShowByTheirModesAndNarrowTheText() {
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        let right = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        field.leftView = left
        field.rightView = right
        field.leftViewMode = .always
        field.rightViewMode = .whileEditing
        field.layoutIfNeeded()
        #expect(left.superview === field)
        #expect(left.frame == CGRect(x: 0, y: 7, width: 30, height: 20))
        #expect(right.superview == nil, "the right view waits for editing")
        #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 30, y: 0, width: 170, height: 34))
        field.becomeFirstResponder()
        field.layoutIfNeeded()
        #expect(right.frame == CGRect(x: 176, y: 5, width: 24, height: 24))
        #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 30, y: 0, width: 146, height: 34))
    }

    @Test func aDoubleTapSelectsTheWordUnderIt() throws {
        field.font = .systemFont(ofSize: 17)
        field.text = "alpha beta gamma"
        field.layoutIfNeeded()
        let origin = field.textRect(forBounds: field.bounds).minX
        let x = origin + NSAttributedString(string: "alpha be", attributes: [.font: UIFont.systemFont(ofSize: 17)]).size().width
        let point = field.convert(CGPoint(x: x, y: 17), to: fixture.window)
        for _ in 0..<2 {
            try fixture.window.send(TouchInput(id: 1, phase: .down, location: point, timestamp: time.next()))
            try fixture.window.send(TouchInput(id: 1, phase: .up, location: point, timestamp: time.next()))
        }
        #expect(field.isFirstResponder)
        #expect(field.text(in: field.selectedTextRange!) == "beta")
    }

    @Test func typingAttributesStyleWhatIsTyped() throws {
        field.text = "a"
        field.becomeFirstResponder()
        field.typingAttributes = [.font: UIFont.systemFont(ofSize: 30), .foregroundColor: UIColor.red]
        try press(.keyboardB, [], "b")
        let typed = try #require(field.attributedText)
        #expect((typed.attribute(.font, at: 1, effectiveRange: nil) as? UIFont)?.pointSize == 30)
        #expect((typed.attribute(.font, at: 0, effectiveRange: nil) as? UIFont) == UIFont.preferredFont(forTextStyle: .body))
        #expect(field.typingAttributes != nil)
        field.resignFirstResponder()
        #expect(field.typingAttributes == nil, "UIKit has typing attributes only while editing")
    }

    @Test func theTextScrollsSidewaysToKeepTheCaretInView() throws {
        field.becomeFirstResponder()
        try type("the quick brown fox jumps over the lazy dog again and again")
        let text = field.textRect(forBounds: field.bounds)
        let end = field.caretRect(for: field.endOfDocument)
        #expect(end.maxX <= text.maxX + 1 && end.minX >= text.maxX - 4, "the caret at the end sits at the right edge: \(end)")
        let start = field.caretRect(for: field.beginningOfDocument)
        #expect(start.midX < text.minX - 100, "the start scrolled out of view: \(start)")
        try press(.keyboardLeftArrow, .command)
        let home = field.caretRect(for: field.beginningOfDocument)
        #expect(abs(home.midX - text.minX) < 1, "Command-Left brings the start back: \(home)")
        #expect(field.caretRect(for: field.endOfDocument).minX > text.maxX, "and the end out of view")
    }

    @Test func theFontShrinksToFitWhenAsked() throws {
        field.font = .systemFont(ofSize: 17)
        field.text = String(repeating: "wide ", count: 12)
        field.layoutIfNeeded()
        let end = field.caretRect(for: field.endOfDocument).midX
        #expect(end > 200, "unshrunk, the text runs past the field: \(end)")
        field.adjustsFontSizeToFitWidth = true
        field.minimumFontSize = 4
        field.layoutIfNeeded()
        let shrunk = field.caretRect(for: field.endOfDocument).midX
        #expect(shrunk <= 201 && shrunk > 150, "shrunk to the width: \(shrunk)")
    }

    @Test func aReadOnlyTextViewSelectsButDoesNotChange() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        textView.text = "fixed"
        textView.isEditable = false
        fixture.window.addSubview(textView)
        #expect(textView.becomeFirstResponder(), "selectable: it takes focus")
        try press(.keyboardX, [], "x")
        try press(.keyboardDeleteOrBackspace)
        #expect(textView.text == "fixed")
        try press(.keyboardA, .command, "a")
        try press(.keyboardC, .command, "c")
        #expect(UIPasteboard.general.string == "fixed")
    }

    @Test func scrollingARangeIntoViewMovesTheContent() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        textView.font = .systemFont(ofSize: 17)
        textView.text = (1...20).map { "line \($0)" }.joined(separator: "\n")
        fixture.window.addSubview(textView)
        textView.layoutIfNeeded()
        #expect(textView.contentSize.height > 400)
        #expect(textView.contentOffset.y == 0)
        textView.scrollRangeToVisible(NSRange(location: textView.text.utf16.count - 2, length: 1))
        #expect(textView.contentOffset.y >= textView.contentSize.height - 60 - 1)
    }

    /// A delegate that refuses to end editing and counts the ends.
    final class Stubborn: UITextFieldDelegate {
        var ends = 0
        var clearAnswer = true
        var clears = 0
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { false }
        func textFieldDidEndEditing(_ textField: UITextField) { ends += 1 }
        func textFieldShouldClear(_ textField: UITextField) -> Bool {
            clears += 1
            return clearAnswer
        }
    }

    @Test func aForcedEndOfEditingEndsItWhateverTheDelegateSays() throws {
        let stubborn = Stubborn()
        field.delegate = stubborn
        var ended = 0
        field.addAction(UIAction { _ in ended += 1 }, for: .editingDidEnd)
        field.becomeFirstResponder()
        #expect(!field.resignFirstResponder(), "asked, the delegate refuses")
        #expect(field.isEditing)
        #expect(fixture.window.endEditing(true))
        #expect(!field.isEditing)
        #expect(!field.isFirstResponder)
        #expect(stubborn.ends == 1)
        #expect(ended == 1)
        field.becomeFirstResponder()
        field.removeFromSuperview()
        #expect(!field.isEditing, "leaving the window ends editing too")
        #expect(stubborn.ends == 2)
    }

    @Test func clearingOnBeginAsksTheDelegateAndTheClearButtonDoesNotAskForChanges() throws {
        let stubborn = Stubborn()
        stubborn.clearAnswer = false
        field.delegate = stubborn
        field.text = "keep"
        field.clearsOnBeginEditing = true
        field.becomeFirstResponder()
        #expect(stubborn.clears == 1)
        #expect(field.text == "keep")
        fixture.window.endEditing(true)
        stubborn.clearAnswer = true
        field.becomeFirstResponder()
        #expect(field.text == "")
        fixture.window.endEditing(true)
        field.delegate = recorder
        field.clearsOnBeginEditing = false
        field.text = "abc"
        field.clearButtonMode = .always
        field.layoutIfNeeded()
        let button = field.clearButtonRect(forBounds: field.bounds)
        let point = field.convert(CGPoint(x: button.midX, y: button.midY), to: fixture.window)
        try fixture.window.send(TouchInput(id: 1, phase: .down, location: point, timestamp: time.next()))
        try fixture.window.send(TouchInput(id: 1, phase: .up, location: point, timestamp: time.next()))
        #expect(field.text == "")
        #expect(recorder.clears == 1)
        #expect(recorder.changes.isEmpty, "textFieldShouldClear decides, not shouldChangeCharactersIn")
    }

    /// A one-time-code field as UIKit apps write it: Delete counted, the caret hidden, paste filtered.
    final class CodeField: UITextField {
        var deletes = 0
        var pastes = 0
        override func deleteBackward() {
            deletes += 1
            super.deleteBackward()
        }
        override func caretRect(for position: UITextPosition) -> CGRect { .zero }
        override func paste(_ sender: Any?) { pastes += 1 }
    }

    @Test func keysGoThroughTheMethodsSubclassesOverride() throws {
        let code = CodeField(frame: CGRect(x: 10, y: 60, width: 100, height: 30))
        fixture.window.addSubview(code)
        code.becomeFirstResponder()
        try type("12")
        try press(.keyboardDeleteOrBackspace)
        #expect(code.deletes == 1)
        #expect(code.text == "1")
        UIPasteboard.general.string = "999"
        try press(.keyboardV, .command, "v")
        #expect(code.pastes == 1)
        #expect(code.text == "1", "the override pasted nothing")
        #expect(code.caretRect(for: code.endOfDocument) == .zero)
    }

    @Test func returnTriggersThePrimaryActionAndTypingAttributesClearWhenTheCaretMoves() throws {
        var primary = 0
        let go = UITextField(frame: CGRect(x: 10, y: 60, width: 100, height: 30), primaryAction: UIAction { _ in primary += 1 })
        fixture.window.addSubview(go)
        go.becomeFirstResponder()
        try press(.keyboardReturnOrEnter)
        #expect(primary == 1)
        go.text = "ab"
        go.typingAttributes = [.font: UIFont.systemFont(ofSize: 30)]
        try press(.keyboardLeftArrow)
        #expect((go.typingAttributes?[.font] as? UIFont) == go.font, "the selection moved: back to the defaults")
        var changes = 0
        go.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
        try press(.keyboardRightArrow, .command)
        try press(.keyboardK, .control, "k")
        #expect(changes == 0, "Control-K at the end deletes nothing and says nothing")
    }

    @Test func theTokenizerFindsWordsSentencesAndLines() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        textView.text = "Hello there. Next one!\nLine two"
        let tokenizer = textView.tokenizer
        let at = { (offset: Int) in textView.position(from: textView.beginningOfDocument, offset: offset)! }
        let word = try #require(tokenizer.rangeEnclosingPosition(at(7), with: .word, inDirection: .storage(.forward)))
        #expect(textView.text(in: word) == "there")
        let sentence = try #require(tokenizer.rangeEnclosingPosition(at(15), with: .sentence, inDirection: .storage(.forward)))
        #expect(textView.text(in: sentence) == "Next one!")
        let next = try #require(tokenizer.position(from: at(0), toBoundary: .paragraph, inDirection: .storage(.forward)))
        #expect(textView.offset(from: textView.beginningOfDocument, to: next) == 22)
        #expect(tokenizer.isPosition(at(5), atBoundary: .word, inDirection: .storage(.forward)))
        #expect(!tokenizer.isPosition(at(3), atBoundary: .word, inDirection: .storage(.forward)))
        let rects = textView.selectionRects(for: textView.textRange(from: at(6), to: at(30))!)
        #expect(rects.count == 2, "two lines")
        #expect(rects.first?.containsStart == true && rects.last?.containsEnd == true)
        field.placeholder = "Name"
        field.font = .systemFont(ofSize: 11)
        #expect((field.attributedPlaceholder?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 11)
    }

    /// A table cell holding a text view pinned to its content view, scrolling off.
    final class NoteCell: UITableViewCell {
        let note = UITextView()
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            note.isScrollEnabled = false
            note.font = .systemFont(ofSize: 17)
            note.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(note)
            NSLayoutConstraint.activate([
                note.topAnchor.constraint(equalTo: contentView.topAnchor),
                note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            ])
        }
        required init?(coder: NSCoder) { nil }
    }

    @Test func aTextViewThatDoesNotScrollSizesItsSelfSizingCell() throws {
        final class Notes: UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath) as! NoteCell
                cell.note.text = indexPath.row == 0 ? "one line" : "one\ntwo\nthree\nfour"
                return cell
            }
        }
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        table.register(NoteCell.self, forCellReuseIdentifier: "note")
        let notes = Notes()
        table.dataSource = notes
        fixture.window.addSubview(table)
        table.layoutIfNeeded()
        let one = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        let four = table.rectForRow(at: IndexPath(row: 1, section: 0)).height
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        #expect(abs(four - one - 3 * line) <= 3, "one line \(one), four lines \(four), line \(line)")
        #expect(abs(one - (line + 16 + 1)) <= 2, "a line, the insets and the separator: \(one)")
    }

    /// A text view subclass written as UIKit code writes it.
    final class NotesView: UITextView {
        override init(frame: CGRect, textContainer: NSTextContainer?) {
            super.init(frame: frame, textContainer: textContainer)
            font = .systemFont(ofSize: 15)
        }
        required init?(coder: NSCoder) { nil }
    }

    @Test func aTextViewSubclassOverridesTheDesignatedInitializer() {
        let container = NSTextContainer()
        container.lineFragmentPadding = 0
        let notes = NotesView(frame: CGRect(x: 0, y: 0, width: 100, height: 50), textContainer: container)
        #expect(notes.textContainer === container)
        #expect(notes.font?.pointSize == 15)
    }

    @Test func aTextViewGrowsWithItsLinesAndTypesLineBreaks() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 200, height: 40))
        textView.isScrollEnabled = false
        textView.font = .systemFont(ofSize: 17)
        textView.delegate = recorder
        fixture.window.addSubview(textView)
        textView.text = "one"
        let one = textView.intrinsicContentSize.height
        textView.text = "one\ntwo\nthree"
        let three = textView.intrinsicContentSize.height
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        #expect(abs(three - one - 2 * line) <= 2, "one line \(one), three lines \(three), line height \(line)")
        #expect(abs(one - (line + 16)) <= 2, "one line plus 8 points above and below")
        #expect(textView.sizeThatFits(CGSize(width: 200, height: 0)).height == three)
        #expect(textView.becomeFirstResponder())
        try press(.keyboardReturnOrEnter, [], "\r")
        try press(.keyboardTab, [], "\t")
        #expect(textView.text == "one\ntwo\nthree\n\t")
        #expect(recorder.changes == ["{13, 0} \"\\n\"", "{14, 0} \"\\t\""])
        textView.selectedRange = NSRange(location: 4, length: 0)
        try press(.keyboardDownArrow)
        #expect(textView.selectedRange == NSRange(location: 8, length: 0), "down keeps to the column of the next line")
        try press(.keyboardRightArrow, .command)
        #expect(textView.selectedRange == NSRange(location: 13, length: 0), "Command-Right goes to the line's end")
    }
}

/// The caret blinking on the render thread's clock: shown and hidden on the frames its
/// half-second phases give while the main thread does nothing.
@MainActor
@Suite(.tags(.gpu), .requiresGPU)
struct CaretBlinkPixelTests {
    @Test func theCaretBlinksOnTheVirtualClockWithoutTheMainThread() async throws {
        let fixture = try ScreenFixture(size: CGSize(width: 60, height: 40), gpu: true)
        let field = UITextField(frame: CGRect(x: 10, y: 5, width: 40, height: 30))
        field.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        fixture.window.addSubview(field)
        field.becomeFirstResponder()
        field.layoutIfNeeded()
        let caret = field.caretRect(for: field.beginningOfDocument)
        let point = field.convert(CGPoint(x: caret.midX, y: caret.midY), to: fixture.window)
        var frame = 0
        func isRed(_ image: RGBAImage) -> Bool {
            let pixel = image[Int(point.x), Int(point.y)]
            return pixel.r > 200 && pixel.g < 60
        }
        #expect(isRed(try await fixture.renderUntil(frame: 10, from: &frame)), "shown in the first half second")
        #expect(!isRed(try await fixture.renderUntil(frame: 45, from: &frame)), "hidden in the second")
        #expect(isRed(try await fixture.renderUntil(frame: 70, from: &frame)), "shown again after a second")
        await fixture.finish()
    }

    @Test func secureEntryDrawsTheSamePixelsAsBulletsTyped() async throws {
        let fixture = try ScreenFixture(size: CGSize(width: 120, height: 80), gpu: true)
        let secure = UITextField(frame: CGRect(x: 10, y: 5, width: 100, height: 30))
        let plain = UITextField(frame: CGRect(x: 10, y: 45, width: 100, height: 30))
        secure.isSecureTextEntry = true
        secure.text = "pw1"
        plain.text = "\u{2022}\u{2022}\u{2022}"
        fixture.window.addSubview(secure)
        fixture.window.addSubview(plain)
        let image = try await fixture.render()
        var inked = 0
        for y in 0..<30 {
            for x in 10..<110 {
                let a = image[x, 5 + y], b = image[x, 45 + y]
                #expect(a == b, "(\(x), \(5 + y)): \(a) against the plain field's \(b)")
                if a.r < 128 { inked += 1 }
                if a != b { return }
            }
        }
        #expect(inked > 20, "the bullets are drawn: \(inked) dark pixels")
        await fixture.finish()
    }
}
