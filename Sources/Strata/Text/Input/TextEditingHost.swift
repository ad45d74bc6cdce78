import Foundation

/// What the text field and the text view share: the editing every key, input method and
/// `UITextInput` call makes, written once. Each edit is proposed first (`shouldReplace`, the
/// delegate's `shouldChangeCharactersIn` / `shouldChangeTextIn` with UTF-16 ranges); a refused
/// one changes nothing. The view supplies its layout (line starts and ends, the offsets above
/// and below) and what Return and Tab mean to it. Main actor.
@MainActor
protocol TextEditingHost: UIResponder, KeyEditing {
    /// The text, selection and marked text.
    var storage: TextStorage { get set }
    /// The attributes new text gets.
    var editingAttributes: [NSAttributedString.Key: Any] { get }
    /// Whether the text can change (a text view with `isEditable` false only selects).
    var allowsEditing: Bool { get }
    /// Whether copy and cut are allowed (not for secure entry).
    var allowsCopying: Bool { get }
    /// Asks the delegate whether `range` may become `replacement`.
    func shouldReplace(_ range: NSRange, with replacement: String) -> Bool
    /// The text or the selection changed: tell the delegate, post notifications, redraw.
    func storageChanged(text: Bool, selection: Bool)
    /// Where the line holding `offset` starts and ends (the whole text for one line).
    func lineBounds(of offset: Int) -> (start: Int, end: Int)
    /// The offset one line above (`up`) or below `offset` at the same x, or nil for none.
    func verticalNeighbor(of offset: Int, up: Bool) -> Int?
    /// Return was pressed: whether the host used it (a text field ends editing; a text view
    /// types a line break).
    func returnPressed() -> Bool
    /// Tab (Shift-Tab: `backwards`) was pressed: whether the host used it.
    func tabPressed(backwards: Bool) -> Bool
    /// The marked range changed without the text changing (committed or cancelled): redraw.
    func markedChanged()
    /// The window took first-responder status away without asking (`endEditing(true)`, the
    /// view leaving its window): editing ends, as UIKit's forced end does.
    func lostFirstResponderStatus()

    // The overridable methods keys are routed through, as UIKit routes them: typing and Delete
    // through `UIKeyInput`, the shortcuts through the standard edit actions.
    func insertText(_ text: String)
    func deleteBackward()
    func copy(_ sender: Any?)
    func cut(_ sender: Any?)
    func paste(_ sender: Any?)
    func selectAll(_ sender: Any?)
}

extension TextEditingHost {
    // MARK: Edits

    /// Replaces `range` with `text` if the delegate agrees (`asking`); whether it changed.
    /// Replacing nothing with nothing changes nothing and asks nobody.
    @discardableResult
    func replaceText(in range: NSRange, with text: String, asking: Bool = true) -> Bool {
        guard allowsEditing else { return false }
        let range = storage.clamp(range)
        guard range.length > 0 || !text.isEmpty else { return false }
        guard !asking || shouldReplace(range, with: text) else { return false }
        storage.replace(range, with: text, attributes: editingAttributes)
        storageChanged(text: true, selection: true)
        return true
    }

    /// Types `text` over the marked text, else over the selection.
    func typeText(_ text: String) {
        replaceText(in: storage.marked ?? storage.selection, with: text)
    }

    /// Deletes the selection, else from the caret to `offset` (either side).
    func deleteSelection(orTo offset: Int) {
        let caret = storage.selection.location
        let range =
            storage.selection.length > 0
            ? storage.selection : NSRange(location: min(caret, offset), length: abs(caret - offset))
        guard range.length > 0 else { return }
        replaceText(in: range, with: "")
    }

    /// Moves the caret (or extends the selection) to `offset`; tells the host when it moved.
    func moveCaret(to offset: Int, extending: Bool) {
        let before = storage.selection
        storage.move(to: offset, extending: extending)
        if storage.selection != before { storageChanged(text: false, selection: true) }
    }

    /// Selects `range`; tells the host when it changed.
    func selectRange(_ range: NSRange) {
        let before = storage.selection
        storage.select(range)
        if storage.selection != before { storageChanged(text: false, selection: true) }
    }

    // MARK: Marked text (input methods)

    /// Replaces the marked text (else the selection) with `text`, marked, selecting
    /// `selectedRange` within it; an empty or nil text removes the marked text.
    func setMarked(_ text: String?, selectedRange: NSRange) {
        let text = text ?? ""
        let target = storage.marked ?? storage.selection
        guard allowsEditing, shouldReplace(target, with: text) else { return }
        let newMarked = text.isEmpty ? nil : NSRange(location: target.location, length: text.utf16.count)
        storage.replace(target, with: text, attributes: editingAttributes, keepMarked: newMarked)
        let inner = NSRange(location: min(max(selectedRange.location, 0), text.utf16.count), length: 0)
        let length = min(max(selectedRange.length, 0), text.utf16.count - inner.location)
        storage.select(NSRange(location: target.location + inner.location, length: length))
        storageChanged(text: true, selection: true)
    }

    /// Keeps the marked text as typed text.
    func commitMarked() {
        guard storage.marked != nil else { return }
        storage.marked = nil
        markedChanged()
    }

    // MARK: Standard edit actions

    /// Copies the selection to the general pasteboard.
    func copySelection() {
        guard allowsCopying, storage.selection.length > 0 else { return }
        UIPasteboard.general.string = storage.substring(storage.selection)
    }

    /// Copies the selection, then deletes it.
    func cutSelection() {
        guard allowsCopying, allowsEditing, storage.selection.length > 0 else { return }
        copySelection()
        replaceText(in: storage.selection, with: "")
    }

    /// Types the general pasteboard's string over the selection.
    func pasteString() {
        guard let text = UIPasteboard.general.string else { return }
        typeText(text)
    }

    // MARK: Keys

    /// Whether `key` edits or moves in this text (a key command for it waits unless it asks
    /// for priority): typing, Delete, arrows, Home/End, Return, Tab and the editing shortcuts.
    func handlesAsSystemBehavior(_ key: UIKey) -> Bool {
        if key.typedText != nil { return true }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace, .keyboardDeleteForward, .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow,
            .keyboardDownArrow, .keyboardHome, .keyboardEnd, .keyboardReturnOrEnter, .keypadEnter, .keyboardTab:
            return true
        default:
            return Self.shortcut(key) != nil
        }
    }

    private static func shortcut(_ key: UIKey) -> String? {
        let letter = key.charactersIgnoringModifiers.lowercased()
        if key.modifierFlags.contains(.command), ["a", "c", "x", "v"].contains(letter) { return "cmd-" + letter }
        if key.modifierFlags.contains(.control), !key.modifierFlags.contains(.command), ["a", "e", "b", "f", "d", "h", "k"].contains(letter) {
            return "ctrl-" + letter
        }
        return nil
    }

    /// Edits with `key` as UIKit's text views do on a hardware keyboard; whether it meant
    /// something here.
    func edit(with key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let shift = flags.contains(.shift)
        let option = flags.contains(.alternate)
        let command = flags.contains(.command)
        let selection = storage.selection
        let caret = storage.movingEnd
        let line = lineBounds(of: caret)
        if let shortcut = Self.shortcut(key) {
            switch shortcut {
            case "cmd-a": selectAll(nil)
            case "cmd-c": copy(nil)
            case "cmd-x": cut(nil)
            case "cmd-v": paste(nil)
            case "ctrl-a": moveCaret(to: line.start, extending: shift)
            case "ctrl-e": moveCaret(to: line.end, extending: shift)
            case "ctrl-b": moveCaret(to: storage.characterBoundary(before: caret), extending: shift)
            case "ctrl-f": moveCaret(to: storage.characterBoundary(after: caret), extending: shift)
            case "ctrl-h": deleteBackward()
            case "ctrl-d": deleteSelection(orTo: storage.characterBoundary(after: selection.location))
            default:  // ctrl-k: delete to the end of the line
                deleteSelection(orTo: selection.length > 0 ? selection.location : max(line.end, caret + (line.end == caret ? 1 : 0)))
            }
            return true
        }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace where !command && !option:
            deleteBackward()
        case .keyboardDeleteOrBackspace:
            let start = selection.location
            deleteSelection(orTo: command ? line.start : storage.wordStart(before: start))
        case .keyboardDeleteForward:
            let end = selection.location + selection.length
            deleteSelection(orTo: command ? line.end : option ? storage.wordEnd(after: end) : storage.characterBoundary(after: end))
        case .keyboardLeftArrow, .keyboardRightArrow:
            let left = key.keyCode == .keyboardLeftArrow
            let target: Int
            if command {
                target = left ? line.start : line.end
            } else if option {
                target = left ? storage.wordStart(before: caret) : storage.wordEnd(after: caret)
            } else if !shift, selection.length > 0 {
                target = left ? selection.location : selection.location + selection.length  // collapse
            } else {
                target = left ? storage.characterBoundary(before: caret) : storage.characterBoundary(after: caret)
            }
            moveCaret(to: target, extending: shift)
        case .keyboardUpArrow, .keyboardDownArrow:
            let up = key.keyCode == .keyboardUpArrow
            let target = command ? (up ? 0 : storage.length) : verticalNeighbor(of: caret, up: up) ?? (up ? 0 : storage.length)
            moveCaret(to: target, extending: shift)
        case .keyboardHome:
            moveCaret(to: 0, extending: shift)
        case .keyboardEnd:
            moveCaret(to: storage.length, extending: shift)
        case .keyboardReturnOrEnter, .keypadEnter:
            return returnPressed()
        case .keyboardTab:
            return tabPressed(backwards: shift)
        default:
            guard let text = key.typedText else { return false }
            insertText(text)
        }
        return true
    }
}

// The offset arithmetic of `UITextInput`, shared by the text field and the text view.
extension TextEditingHost {
    /// The UTF-16 range of a Strata range inside the text; nil for another kind or outside.
    func offsets(_ range: UITextRange) -> NSRange? {
        guard let range = range as? TextOffsetRange, range.range.location >= 0, range.range.location + range.range.length <= storage.length
        else { return nil }
        return range.range
    }

    /// The offset of a Strata position inside the text; nil otherwise.
    func offsetOf(_ position: UITextPosition) -> Int? {
        guard let position = position as? TextOffsetPosition, (0...storage.length).contains(position.offset) else { return nil }
        return position.offset
    }

    func textOffsetRange(from a: UITextPosition, to b: UITextPosition) -> UITextRange? {
        guard let a = offsetOf(a), let b = offsetOf(b) else { return nil }
        return TextOffsetRange(NSRange(location: min(a, b), length: abs(a - b)))
    }

    func textPosition(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let start = offsetOf(position), (0...storage.length).contains(start + offset) else { return nil }
        return TextOffsetPosition(start + offset)
    }

    func textPosition(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        guard var current = offsetOf(position) else { return nil }
        for _ in 0..<max(offset, 0) {
            switch direction {
            case .left: current = storage.characterBoundary(before: current)
            case .right: current = storage.characterBoundary(after: current)
            case .up: current = verticalNeighbor(of: current, up: true) ?? 0
            case .down: current = verticalNeighbor(of: current, up: false) ?? storage.length
            }
        }
        return TextOffsetPosition(current)
    }

    func compareTextPositions(_ a: UITextPosition, _ b: UITextPosition) -> ComparisonResult {
        let x = offsetOf(a) ?? 0
        let y = offsetOf(b) ?? 0
        return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }

    func textOffset(from a: UITextPosition, to b: UITextPosition) -> Int { (offsetOf(b) ?? 0) - (offsetOf(a) ?? 0) }

    func farthestPosition(within range: UITextRange, in direction: UITextLayoutDirection) -> UITextPosition? {
        guard let r = offsets(range) else { return nil }
        return TextOffsetPosition(direction == .left || direction == .up ? r.location : r.location + r.length)
    }

    func extendedCharacterRange(from position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        guard let o = offsetOf(position) else { return nil }
        let other: Int =
            switch direction {
            case .left: storage.characterBoundary(before: o)
            case .right: storage.characterBoundary(after: o)
            case .up: lineBounds(of: o).start
            case .down: lineBounds(of: o).end
            }
        return TextOffsetRange(NSRange(location: min(o, other), length: abs(o - other)))
    }

    func characterRange(atOffset offset: Int) -> UITextRange? {
        guard storage.length > 0 else { return nil }
        let start = storage.snapped(min(offset, storage.length - 1))
        return TextOffsetRange(NSRange(location: start, length: storage.characterBoundary(after: start) - start))
    }
}

extension UIView {
    /// Starts a caret's blink again from fully shown: 0.5 s on, 0.5 s off, repeating on the
    /// render thread, so it blinks while the main thread is busy.
    func restartCaretBlink() {
        layer.removeAnimation(forKey: "blink")
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [Float(1), Float(0)]
        blink.keyTimes = [0, 0.5, 1]
        blink.calculationMode = .discrete
        blink.duration = 1
        blink.repeatCount = .infinity
        layer.add(blink, forKey: "blink")
    }
}
