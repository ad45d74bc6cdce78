import Foundation

/// Draws a text field's selection, then its text or placeholder, at the field's text origin
/// (the part of the line the clip shows).
final class TextFieldContentView: TextDrawingView {
    weak var field: UITextField?

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
        if isPlaceholder { field.drawPlaceholder(in: bounds) } else { field.drawText(in: bounds) }
    }
}

/// A transparent view that takes no touches, drawing a text input's text and selection.
class TextDrawingView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        backgroundColor = nil
    }

    required init?(coder: NSCoder) { nil }
}
