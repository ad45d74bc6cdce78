import Foundation

// The text field's border, clear button and overlay views.
extension UITextField {
    func applyBorderStyle() {
        let hairline = 1 / max(layer.contentsScale, 1)
        border.layer.cornerRadius = 0
        border.layer.borderWidth = 0
        border.backgroundColor = nil
        switch borderStyle {
        case .none: break
        case .line:
            border.layer.borderWidth = 1
            border.layer.borderColor = UIColor.black.cgColor
        case .bezel:
            border.layer.borderWidth = 1
            border.layer.borderColor = UIColor(white: 0.5, alpha: 1).cgColor
            border.backgroundColor = .white
        case .roundedRect:
            border.layer.cornerRadius = 5
            border.layer.borderWidth = max(hairline, 0.5)
            border.layer.borderColor = UIColor(white: 0, alpha: 0.2).cgColor
            border.backgroundColor = .systemBackground
        }
        border.setNeedsDisplay()
    }

    func makeClearButton() -> UIButton {
        let button = ClearButton(frame: CGRect(x: 0, y: 0, width: 19, height: 19))
        button.addAction(UIAction { [weak self] _ in self?.clearTapped() }, for: .touchUpInside)
        addSubview(button)
        return button
    }

    func clearTapped() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { becomeFirstResponder() }
        // The delegate was asked by textFieldShouldClear, not shouldChangeCharactersIn.
        replaceText(in: NSRange(location: 0, length: storage.length), with: "", asking: false)
    }

    /// How far the text sits in from the sides for the border style.
    var horizontalInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line: 2
        case .bezel, .roundedRect: 7
        }
    }

    func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        case .always: true
        }
    }

    var showsClearButton: Bool {
        clearButtonMode != .never && shows(clearButtonMode) && !storage.string.isEmpty && !(rightView != nil && shows(rightViewMode))
    }

    func overlaySize(_ view: UIView?) -> CGSize {
        guard let view else { return .zero }
        if view.frame.size != .zero { return view.frame.size }
        let intrinsic = view.intrinsicContentSize
        return CGSize(width: max(intrinsic.width, 0), height: max(intrinsic.height, 0))
    }
}

/// The clear button: a grey circle with a white cross, 19 points square.
final class ClearButton: UIButton {
    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let circle = bounds.insetBy(dx: 2.5, dy: 2.5)
        context.setFillColor(UIColor.systemGray3.cgColor)
        context.fillEllipse(in: circle)
        context.setStrokeColor(UIColor.white.cgColor)
        context.setLineWidth(1.5)
        let inset = circle.width * 0.32
        let cross = circle.insetBy(dx: inset, dy: inset)
        context.move(to: CGPoint(x: cross.minX, y: cross.minY))
        context.addLine(to: CGPoint(x: cross.maxX, y: cross.maxY))
        context.move(to: CGPoint(x: cross.maxX, y: cross.minY))
        context.addLine(to: CGPoint(x: cross.minX, y: cross.maxY))
        context.strokePath()
    }
}
