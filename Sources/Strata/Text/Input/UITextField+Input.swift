import Foundation

// UITextInput for the text field: positions are UTF-16 offsets (`TextOffsetPosition`).
extension UITextField {
    /// The beginning of the text.
    public var beginningOfDocument: UITextPosition { TextOffsetPosition(0) }
    /// The end of the text.
    public var endOfDocument: UITextPosition { TextOffsetPosition(storage.length) }

    /// The selection (the caret as an empty range); nil while not editing. Setting it selects
    /// (clamped to the text).
    public var selectedTextRange: UITextRange? {
        get { isEditing ? TextOffsetRange(storage.selection) : nil }
        set {
            guard let range = newValue.flatMap(offsets) else { return }
            selectRange(range)
            layoutText()
        }
    }

    /// The marked text's range while an input method composes.
    public var markedTextRange: UITextRange? { storage.marked.map(TextOffsetRange.init) }

    /// The text in `range`, or nil for a range outside the text.
    public func text(in range: UITextRange) -> String? { offsets(range).map(storage.substring) }

    /// Replaces the text in `range` with `text` (through the delegate).
    public func replace(_ range: UITextRange, withText text: String) {
        guard let range = offsets(range) else { return }
        replaceText(in: range, with: text)
    }

    /// Replaces the marked text (else the selection) with `markedText`, selecting `selectedRange` in it.
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        setMarked(markedText, selectedRange: selectedRange)
    }

    /// Keeps the marked text as typed.
    public func unmarkText() { commitMarked() }

    /// The range between two positions (either order).
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        textOffsetRange(from: fromPosition, to: toPosition)
    }

    /// The position `offset` UTF-16 units from `position`; nil outside the text.
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        textPosition(from: position, offset: offset)
    }

    /// The position `offset` steps from `position`: characters left and right, the start or
    /// end of the line up and down.
    public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        textPosition(from: position, in: direction, offset: offset)
    }

    /// How `position` orders against `other`.
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        compareTextPositions(position, other)
    }

    /// The distance in UTF-16 units.
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        textOffset(from: from, to: toPosition)
    }

    /// The rectangle `range` covers on its line, in the field's coordinates.
    public func firstRect(for range: UITextRange) -> CGRect {
        guard let range = offsets(range) else { return .null }
        let start = caretRect(atOffset: range.location, in: self)
        let end = caretRect(atOffset: range.location + range.length, in: self)
        return CGRect(x: start.midX, y: start.minY, width: max(end.midX - start.midX, 0), height: start.height)
    }

    /// The caret's rectangle at `position`, in the field's coordinates (2 points wide, a line tall).
    public func caretRect(for position: UITextPosition) -> CGRect {
        guard let offset = offsetOf(position) else { return .null }
        return caretRect(atOffset: offset, in: self)
    }

    /// The position nearest `point` (in the field's coordinates).
    public func closestPosition(to point: CGPoint) -> UITextPosition? { TextOffsetPosition(closestOffset(to: point)) }

    /// The position nearest `point` within `range`.
    public func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let range = offsets(range) else { return nil }
        return TextOffsetPosition(min(max(closestOffset(to: point), range.location), range.location + range.length))
    }

    /// The character's range at `point`.
    public func characterRange(at point: CGPoint) -> UITextRange? {
        characterRange(atOffset: closestOffset(to: point))
    }

    /// Selects the whole text (`UIResponderStandardEditActions`).
    public func selectAll(_ sender: Any?) {
        selectRange(NSRange(location: 0, length: storage.length))
        layoutText()
    }

    /// Copies the selection to the general pasteboard (not for secure entry).
    public func copy(_ sender: Any?) { copySelection() }
    /// Copies the selection, then deletes it (not for secure entry).
    public func cut(_ sender: Any?) { cutSelection() }
    /// Types the general pasteboard's string over the selection.
    public func paste(_ sender: Any?) { pasteString() }
}

/// Draws a text field's selection, then its text or placeholder, at the field's text origin
/// (the part of the line the clip shows).
final class TextFieldContentView: UIView {
    weak var field: UITextField?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        backgroundColor = nil
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let field, let context = UIGraphicsGetCurrentContext(), let (layout, isPlaceholder) = field.shownLayout else { return }
        if field.isEditing, field.storage.selection.length > 0, !isPlaceholder {
            let selection = field.storage.selection
            let start = field.displayOffset(selection.location)
            let end = field.displayOffset(selection.location + selection.length)
            context.setFillColor(field.tintColor.withAlphaComponent(0.2).cgColor)
            let origin = field.textOrigin
            context.fill(layout.selectionRects(for: NSRange(location: start, length: end - start)).map { $0.offsetBy(dx: origin.x, dy: origin.y) })
        }
        var color = (field.textColor ?? .label).cgColor.value
        if !field.isEnabled { color.alpha *= 0.5 }
        layout.draw(in: context, at: field.textOrigin, color: isPlaceholder ? UIColor.placeholderText.cgColor.value : color)
    }
}
