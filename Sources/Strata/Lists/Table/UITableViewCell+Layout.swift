import Foundation

// The cell's layout: backgrounds fill it, the accessory sits 16 points in from the trailing edge,
// centred, the content view fills the rest (shifted over by the editing control and
// indentation) and stops one pixel above the separator, and the classic styles place their
// labels and image inside the content view's margins (UIKit's measures: a 16-point leading
// margin, 16 points between image and text, 11 above and below, body text at 17 points).

extension UITableViewCell {
    /// The width of the editing control's column while editing.
    static let editingIndent: CGFloat = 38
    /// The gap from the accessory to the trailing edge.
    static let accessoryMargin: CGFloat = 16

    func makeLabel(detail: Bool) -> UILabel {
        let label = UILabel()
        switch (style, detail) {
        case (.value2, false):
            label.font = .preferredFont(forTextStyle: .footnote)
            label.textColor = tintColor
            label.textAlignment = .right
        case (.value2, true): label.font = .preferredFont(forTextStyle: .footnote)
        case (.subtitle, true): label.font = .preferredFont(forTextStyle: .caption1)
        case (.value1, true):
            label.font = .preferredFont(forTextStyle: .body)
            label.textColor = .secondaryLabel
            label.textAlignment = .right
        default: label.font = .preferredFont(forTextStyle: .body)
        }
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The height of the separator: one pixel of the screen, or none when hidden.
    var separatorHeight: CGFloat { separatorShown ? 1 / max(1, window?.screen?.scale ?? contentScaleFactor) : 0 }

    /// The frame the content view gets in `bounds`.
    func contentFrame(in bounds: CGRect) -> CGRect {
        var x: CGFloat = CGFloat(indentationLevel) * indentationWidth
        if _isEditing, shouldIndentWhileEditing, editingStyle != .none { x += Self.editingIndent }
        var right = bounds.width
        if let accessory = shownAccessory { right -= accessory.bounds.width + Self.accessoryMargin }
        if _isEditing, showsReorderControl { right -= Self.editingIndent }
        return CGRect(x: x, y: 0, width: max(0, right - x), height: max(0, bounds.height - separatorHeight))
    }

    /// Places the backgrounds, accessory, editing controls, content view, separator and content.
    func layoutCell() {
        if configurationUpdateScheduled { runConfigurationUpdate() }
        let b = bounds
        backgroundView?.frame = b
        shownSelectedBackground?.frame = b
        if let accessory = shownAccessory {
            let size = accessory.bounds.size
            var x = b.width - Self.accessoryMargin - size.width
            if _isEditing, showsReorderControl { x -= Self.editingIndent }
            accessory.frame = CGRect(x: x, y: ((b.height - separatorHeight) - size.height) / 2, width: size.width, height: size.height)
        }
        contentView.frame = contentFrame(in: b)
        contentView.layoutMargins.right = shownAccessory == nil ? 16 : 0
        contentView.layoutMargins.left = 16
        if let control = editingControl {
            control.frame = CGRect(x: 0, y: 0, width: Self.editingIndent, height: b.height - separatorHeight)
            control.isHidden = !_isEditing || editingStyle == .none
        }
        if let grip = reorderControl {
            grip.frame = CGRect(x: b.width - Self.editingIndent, y: 0, width: Self.editingIndent, height: b.height - separatorHeight)
            grip.isHidden = !(_isEditing && showsReorderControl)
        }
        if let contentConfigurationView {
            contentConfigurationView.frame = contentView.bounds
            contentConfigurationView.layoutIfNeeded()
        } else {
            layoutClassicStyle()
        }
        // The separator starts where the text does when the table's inset is its automatic one
        // (UIKit aligns it with the text, past an image), else at the inset set.
        var inset = separatorInset
        if ownSeparatorInset == nil, separatorFollowsText, let text = textLeading, text > inset.left { inset.left = text }
        separatorView.isHidden = !separatorShown
        separatorView.frame = CGRect(x: inset.left, y: b.height - separatorHeight, width: max(0, b.width - inset.left - inset.right), height: separatorHeight)
        bringSubviewToFront(separatorView)
    }

    /// Where the primary text starts, in the cell's coordinates (nil without text).
    var textLeading: CGFloat? {
        if let list = contentConfigurationView as? UIListContentView {
            guard !list.textLabel.isHidden else { return nil }
            return contentView.frame.minX + list.frame.minX + list.textLabel.frame.minX
        }
        guard contentConfigurationView == nil, let label = _textLabel, !label.isHidden, label.text?.isEmpty == false else { return nil }
        return contentView.frame.minX + label.frame.minX
    }

    /// Places the classic style's image and labels in the content view.
    func layoutClassicStyle() {
        let area = contentView.bounds, m = contentView.layoutMargins
        var x = m.left
        if let image = _imageView, let picture = image.image {
            let size = picture.size
            image.isHidden = false
            image.frame = CGRect(x: x, y: ((area.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            x = image.frame.maxX + 16
        } else {
            _imageView?.isHidden = true
        }
        let right = area.width - m.right
        let width = max(0, right - x)
        func fit(_ label: UILabel?) -> CGSize {
            guard let label, label.text?.isEmpty == false || label.attributedText != nil else { return .zero }
            let s = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
            return CGSize(width: min(s.width, width), height: s.height)
        }
        let text = fit(_textLabel), detail = fit(_detailTextLabel)
        func centred(_ h: CGFloat) -> CGFloat { ((area.height - h) / 2) }
        switch style {
        case .default:
            _textLabel?.frame = CGRect(x: x, y: centred(text.height), width: width, height: text.height)
        case .subtitle:
            let total = text.height + detail.height
            let top = centred(total)
            _textLabel?.frame = CGRect(x: x, y: top, width: width, height: text.height)
            _detailTextLabel?.frame = CGRect(x: x, y: top + text.height, width: width, height: detail.height)
        case .value1:
            let detailWidth = min(detail.width, max(0, width - text.width - 8))
            _textLabel?.frame = CGRect(x: x, y: centred(text.height), width: min(text.width, width), height: text.height)
            _detailTextLabel?.frame = CGRect(x: right - detailWidth, y: centred(detail.height), width: detailWidth, height: detail.height)
        case .value2:
            // A right-aligned column of about a quarter of the width, then the detail 6 points after.
            let column = (area.width * 0.25).rounded()
            _textLabel?.frame = CGRect(x: x, y: centred(text.height), width: max(0, column - x), height: text.height)
            let dx = column + 6
            _detailTextLabel?.frame = CGRect(x: dx, y: centred(detail.height), width: max(0, right - dx), height: detail.height)
        }
    }

    /// The height the cell needs at `width`, with its separator.
    func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        var b = bounds
        b.size.width = width
        let content = contentFrame(in: CGRect(origin: .zero, size: CGSize(width: width, height: 100)))
        let contentHeight: CGFloat
        if let contentConfigurationView {
            contentConfigurationView.frame.size.width = content.width
            contentHeight = max(UITableView.defaultRowHeight - separatorHeight, contentConfigurationView.sizeThatFits(CGSize(width: content.width, height: 0)).height)
        } else if !contentView.constraints.isEmpty || contentView.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) {
            contentView.frame.size.width = content.width
            let fitted = contentView.systemLayoutSizeFitting(
                CGSize(width: content.width, height: UIView.layoutFittingCompressedSize.height), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            contentHeight = fitted.height
        } else {
            contentView.frame.size.width = content.width
            let m = contentView.layoutMargins
            var x = m.left
            if let picture = _imageView?.image { x += picture.size.width + 16 }
            let available = max(0, content.width - x - m.right)
            func h(_ label: UILabel?) -> CGFloat {
                guard let label, label.text?.isEmpty == false || label.attributedText != nil else { return 0 }
                return label.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude)).height
            }
            let labels = style == .subtitle ? h(_textLabel) + h(_detailTextLabel) : max(h(_textLabel), h(_detailTextLabel))
            let image = _imageView?.image?.size.height ?? 0
            contentHeight = max(UITableView.defaultRowHeight - separatorHeight, max(labels, image) + m.top + m.bottom)
        }
        return contentHeight + separatorHeight
    }

    // MARK: Accessory

    func updateAccessory() {
        let type = _isEditing ? editingAccessoryType : accessoryType
        let given = _isEditing ? editingAccessoryView : accessoryView
        let wanted: UIView?
        if let given {
            wanted = given
        } else if type != .none {
            let glyph = standardAccessory ?? AccessoryGlyphView()
            glyph.type = type
            standardAccessory = glyph
            wanted = glyph
        } else {
            wanted = nil
        }
        if shownAccessory !== wanted { shownAccessory?.removeFromSuperview() }
        shownAccessory = wanted
        if let wanted, wanted.superview !== self { addSubview(wanted) }
        if _isEditing, editingStyle != .none, editingControl == nil {
            let control = EditingControlView()
            editingControl = control
            addSubview(control)
        }
        editingControl?.style = editingStyle
        if _isEditing, showsReorderControl, reorderControl == nil {
            let grip = ReorderControlView()
            reorderControl = grip
            addSubview(grip)
        }
        setNeedsLayout()
    }

    // MARK: Selection

    var shownSelectedBackground: UIView? { multipleSelectionBackgroundView ?? selectedBackgroundView }

    func placeSelectedBackground() {
        guard let view = shownSelectedBackground else { return }
        if view.superview !== self {
            let index = backgroundView.map { subviews.firstIndex(of: $0).map { $0 + 1 } ?? 0 } ?? 0
            insertSubview(view, at: index)
        }
        view.isHidden = !showsSelection
        updateSelectionAppearance()
        setNeedsLayout()
    }

    func updateSelectionAppearance() {
        let shows = showsSelection
        shownSelectedBackground?.alpha = shows ? 1 : 0
        for label in [_textLabel, _detailTextLabel].compactMap({ $0 }) { label.isHighlighted = shows }
        _imageView?.isHighlighted = shows
    }
}

/// The standard accessory glyphs: a chevron (tertiary label grey), a checkmark (the tint), an
/// info disc (the tint), or an info disc and a chevron.
final class AccessoryGlyphView: UIView {
    var type = UITableViewCell.AccessoryType.none {
        didSet {
            guard oldValue != type else { return }
            bounds.size = Self.size(of: type)
            setNeedsDisplay()
        }
    }

    static func size(of type: UITableViewCell.AccessoryType) -> CGSize {
        switch type {
        case .none: .zero
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 13)
        case .detailButton: CGSize(width: 22, height: 22)
        case .detailDisclosureButton: CGSize(width: 22 + 8 + 8, height: 22)
        }
    }

    init() {
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }

    override func tintColorDidChange() { setNeedsDisplay() }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setLineWidth(2)
        ctx.setLineCap(.round)
        let b = bounds
        func chevron(at x: CGFloat) {
            ctx.setStrokeColor(UIColor.tertiaryLabel.cgColor)
            ctx.move(to: CGPoint(x: x + 1.5, y: b.midY - 5.5))
            ctx.addLine(to: CGPoint(x: x + 6.5, y: b.midY))
            ctx.addLine(to: CGPoint(x: x + 1.5, y: b.midY + 5.5))
            ctx.strokePath()
        }
        func info() {
            ctx.setStrokeColor(tintColor.cgColor)
            ctx.setLineWidth(1.5)
            ctx.strokeEllipse(in: CGRect(x: 1, y: b.midY - 10, width: 20, height: 20))
            ctx.setFillColor(tintColor.cgColor)
            ctx.fill(CGRect(x: 10, y: b.midY - 2, width: 2, height: 7))
            ctx.fillEllipse(in: CGRect(x: 9.75, y: b.midY - 6, width: 2.5, height: 2.5))
        }
        switch type {
        case .none: break
        case .disclosureIndicator: chevron(at: 0)
        case .checkmark:
            ctx.setStrokeColor(tintColor.cgColor)
            ctx.move(to: CGPoint(x: 1.5, y: b.midY))
            ctx.addLine(to: CGPoint(x: 5.5, y: b.midY + 4.5))
            ctx.addLine(to: CGPoint(x: 12.5, y: b.midY - 5))
            ctx.strokePath()
        case .detailButton: info()
        case .detailDisclosureButton:
            info()
            chevron(at: 30)
        }
    }
}

/// The disc at a cell's leading edge while editing: red with a bar (delete) or green with a cross (insert).
final class EditingControlView: UIView {
    var style = UITableViewCell.EditingStyle.none {
        didSet { if oldValue != style { setNeedsDisplay() } }
    }

    init() {
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = nil
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), style != .none else { return }
        let disc = CGRect(x: bounds.midX - 11, y: bounds.midY - 11, width: 22, height: 22)
        ctx.setFillColor((style == .delete ? UIColor.systemRed : UIColor.systemGreen).cgColor)
        ctx.fillEllipse(in: disc)
        ctx.setFillColor(UIColor.white.cgColor)
        ctx.fill(CGRect(x: disc.midX - 6, y: disc.midY - 1, width: 12, height: 2))
        if style == .insert { ctx.fill(CGRect(x: disc.midX - 1, y: disc.midY - 6, width: 2, height: 12)) }
    }
}

/// The three-bar grip at a cell's trailing edge while a movable row is edited.
final class ReorderControlView: UIView {
    init() {
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = nil
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(UIColor.tertiaryLabel.cgColor)
        for i in -1...1 { ctx.fill(CGRect(x: bounds.midX - 9, y: bounds.midY + CGFloat(i) * 5 - 1, width: 18, height: 2)) }
    }
}

extension UITableViewCell {
    /// The separator's frame in the cell (for tests; zero while hidden).
    @_spi(Testing) public var _separatorFrame: CGRect { separatorView.isHidden ? .zero : separatorView.frame }
}
