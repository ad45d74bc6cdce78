import Foundation

// The text view's side of the shared editing (`TextEditingHost`) and its `UITextInput`.
extension UITextView {
    /// The rectangles `range` covers, one per line, in the view's coordinates.
    func lineRects(for range: NSRange) -> [CGRect] {
        let rects = currentLayout.selectionRects(for: range).map { $0.offsetBy(dx: textOrigin.x, dy: textOrigin.y) }
        return rects.isEmpty ? [caretRect(atOffset: range.location)] : rects
    }

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
        } else {
            storedTypingAttributes = nil  // the selection moved: UIKit clears the typing attributes
            caretBlinking = false
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

    func markedChanged() {
        textLayoutChanged()
        layoutIfNeeded()
    }

    func lostFirstResponderStatus() { finishEditing() }

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
}
