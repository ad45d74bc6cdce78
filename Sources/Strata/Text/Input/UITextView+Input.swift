import Foundation

// The text view's side of the shared editing (`TextEditingHost`) and its `UITextInput`.
extension UITextView {
    // MARK: TextEditingHost

    var allowsEditing: Bool { isEditingText }
    var allowsCopying: Bool { true }

    func shouldReplace(_ range: NSRange, with replacement: String) -> Bool {
        textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    func storageChanged(text: Bool, selection: Bool) {
        if text {
            textLayoutChanged()
            layoutIfNeeded()
            textDelegate?.textViewDidChange(self)
            NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        }
        layoutCaretAndSelection()
        if selection {
            textDelegate?.textViewDidChangeSelection(self)
            scrollRangeToVisible(NSRange(location: storage.movingEnd, length: 0))
        }
    }

    func lineBounds(of offset: Int) -> (start: Int, end: Int) {
        let lines = currentLayout.lines
        let line = lines[min(currentLayout.lineIndex(of: offset), lines.count - 1)].range
        var end = line.location + line.length
        // A wrapped line ends before its trailing space or line break.
        let text = storage.substring(NSRange(location: line.location, length: line.length))
        if let last = text.last, last.isNewline || (last == " " && end < storage.length) { end -= last.utf16.count }
        return (min(line.location, storage.length), min(max(end, line.location), storage.length))
    }

    func verticalNeighbor(of offset: Int, up: Bool) -> Int? {
        let layout = currentLayout
        let lines = layout.lines
        let index = layout.lineIndex(of: offset) + (up ? -1 : 1)
        guard lines.indices.contains(index) else { return nil }
        let x = layout.caretRect(at: offset).minX
        return storage.snapped(min(layout.offset(nearest: CGPoint(x: x, y: lines[index].rect.midY)), storage.length))
    }

    /// Return types a line break.
    func returnPressed() -> Bool {
        guard isEditingText else { return false }
        typeText("\n")
        return true
    }

    /// Tab types a tab character.
    func tabPressed(backwards: Bool) -> Bool {
        guard isEditingText, !backwards else { return false }
        typeText("\t")
        return true
    }

    // MARK: UITextInput

    /// The beginning of the text.
    public var beginningOfDocument: UITextPosition { TextOffsetPosition(0) }
    /// The end of the text.
    public var endOfDocument: UITextPosition { TextOffsetPosition(storage.length) }

    /// The selection (the caret as an empty range); setting it selects.
    public var selectedTextRange: UITextRange? {
        get { TextOffsetRange(storage.selection) }
        set {
            guard let range = newValue.flatMap(offsets) else { return }
            selectedRange = range
        }
    }

    /// The marked text's range while an input method composes.
    public var markedTextRange: UITextRange? { storage.marked.map(TextOffsetRange.init) }

    /// The text in `range`.
    public func text(in range: UITextRange) -> String? { offsets(range).map(storage.substring) }

    /// Replaces the text in `range` (through the delegate).
    public func replace(_ range: UITextRange, withText text: String) {
        guard let range = offsets(range) else { return }
        replaceText(in: range, with: text)
    }

    /// Replaces the marked text (else the selection) with `markedText`, selecting `selectedRange` in it.
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) { setMarked(markedText, selectedRange: selectedRange) }

    /// Keeps the marked text as typed.
    public func unmarkText() { commitMarked() }

    /// The range between two positions.
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        textOffsetRange(from: fromPosition, to: toPosition)
    }

    /// The position `offset` UTF-16 units from `position`.
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? { textPosition(from: position, offset: offset) }

    /// The position `offset` characters left or right, or lines up or down, from `position`.
    public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        textPosition(from: position, in: direction, offset: offset)
    }

    /// How `position` orders against `other`.
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { compareTextPositions(position, other) }

    /// The distance in UTF-16 units.
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { textOffset(from: from, to: toPosition) }

    /// The rectangle of `range`'s first line, in the view's coordinates.
    public func firstRect(for range: UITextRange) -> CGRect {
        guard let range = offsets(range) else { return .null }
        let rects = currentLayout.selectionRects(for: range)
        guard let first = rects.first else { return caretRect(atOffset: range.location) }
        return first.offsetBy(dx: textOrigin.x, dy: textOrigin.y)
    }

    /// The caret's rectangle at `position` (2 points wide, a line tall).
    public func caretRect(for position: UITextPosition) -> CGRect {
        guard let offset = offsetOf(position) else { return .null }
        return caretRect(atOffset: offset)
    }

    /// The position nearest `point`.
    public func closestPosition(to point: CGPoint) -> UITextPosition? { TextOffsetPosition(closestOffset(to: point)) }

    /// The position nearest `point` within `range`.
    public func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let range = offsets(range) else { return nil }
        return TextOffsetPosition(min(max(closestOffset(to: point), range.location), range.location + range.length))
    }

    /// The character's range at `point`.
    public func characterRange(at point: CGPoint) -> UITextRange? { characterRange(atOffset: closestOffset(to: point)) }

    /// Selects the whole text.
    public func selectAll(_ sender: Any?) { selectedRange = NSRange(location: 0, length: storage.length) }
    /// Copies the selection to the general pasteboard.
    public func copy(_ sender: Any?) { copySelection() }
    /// Copies the selection, then deletes it.
    public func cut(_ sender: Any?) { cutSelection() }
    /// Types the general pasteboard's string over the selection.
    public func paste(_ sender: Any?) { pasteString() }
}
