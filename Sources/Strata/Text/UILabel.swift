import Foundation
import StrataCore

/// A view that shows one or more lines of read-only text: UIKit's `UILabel`. Main actor.
///
/// The text is shaped and laid out by Pango and HarfBuzz and drawn into the label's backing
/// store like any `draw(_:)` content, so it composites, animates and is damage-tracked like
/// other views. Lines are centred down the bounds, as UIKit does; `numberOfLines` (1 by default,
/// 0 for any number) and `lineBreakMode` (`.byTruncatingTail`) decide what does not fit. The
/// label sizes itself to its text (`sizeThatFits(_:)`, `intrinsicContentSize`), rounded up to
/// whole pixels. Labels take no touches by default (`isUserInteractionEnabled` is false).
@MainActor
open class UILabel: UIView {
    /// A label with the given frame and no text.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// A label's backing layer is UIKit's `_UILabelLayer` (a plain layer; the name shows in
    /// descriptions, as `layer = <_UILabelLayer: 0x…>`).
    open override class var layerClass: CALayer.Type { _UILabelLayer.self }

    /// `text = '…'` when the label has text: its first 25 characters and `...` when longer.
    override var descriptionFieldsAfterFrame: [String] {
        guard let text else { return [] }
        return ["text = '\(text.count > 25 ? text.prefix(25) + "..." : text)'"]
    }

    /// Creates a label from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The text shown (nil by default). Setting it drops `attributedText`'s styling.
    open var text: String? {
        get { _attributedText?.string ?? _text }
        set {
            guard newValue != text || _attributedText != nil else { return }
            _attributedText = nil
            _text = newValue
            textDidChange()
        }
    }
    private var _text: String?
    private var _attributedText: NSAttributedString?

    /// The text with its styling (nil by default). Runs without a font or colour use the
    /// label's; the first paragraph style's alignment becomes `textAlignment`. Reading it after
    /// `text` was set answers the text with the label's font, colour and alignment, as UIKit.
    open var attributedText: NSAttributedString? {
        get {
            if let _attributedText { return _attributedText }
            guard let _text else { return nil }
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = textAlignment
            paragraph.lineBreakMode = lineBreakMode
            return NSAttributedString(string: _text, attributes: [.font: _font, .foregroundColor: _textColor, .paragraphStyle: paragraph])
        }
        set {
            _attributedText = newValue.map { NSAttributedString(attributedString: $0) }
            _text = newValue?.string
            if let newValue, newValue.length > 0, let paragraph = newValue.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle {
                textAlignment = paragraph.alignment
            }
            textDidChange()
        }
    }

    /// The font (the system font at 17 points by default); setting nil restores that default.
    open var font: UIFont! {
        get { _font }
        set {
            let font = newValue ?? UILabel.defaultFont
            // An equal font is still kept (it may carry a text style the old one lacks).
            let changed = font != _font
            _font = font
            if changed { textDidChange() }
        }
    }
    private var _font = UILabel.defaultFont
    static var defaultFont: UIFont { .systemFont(ofSize: UIFont.labelFontSize) }

    /// The text's colour (`.label`, black, by default); setting nil restores that default.
    open var textColor: UIColor! {
        get { _textColor }
        set {
            _textColor = newValue ?? .label
            setNeedsDisplay()
        }
    }
    private var _textColor: UIColor = .label

    /// The colour of the text while `isHighlighted` (nil: `textColor`).
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }

    /// Whether the label shows `highlightedTextColor` (false).
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// Whether the label is drawn enabled (true); a disabled label's text is drawn at half opacity.
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }

    /// How lines line up across the bounds (`.natural`: left for left-to-right text).
    open var textAlignment = NSTextAlignment.natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }

    /// The most lines shown (1); 0 shows as many as the text needs and the bounds hold.
    open var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { textDidChange() } }
    }

    /// How a line that does not fit is wrapped or cut (`.byTruncatingTail`).
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textDidChange() } }
    }

    /// The width a multi-line label wraps at when it sizes itself (0: its own width).
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Whether a single line that does not fit is drawn with a smaller font, down to
    /// `minimumScaleFactor` of the font's size (false).
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }

    /// Whether the label's font follows the preferred text size (false): when the label's
    /// `preferredContentSizeCategory` trait changes, a font made for a text style
    /// (`UIFont.preferredFont(forTextStyle:)`) is made again for the new size, and the label
    /// measures and draws anew.
    open var adjustsFontForContentSizeCategory = false

    override func contentSizeCategoryDidChange() {
        guard adjustsFontForContentSizeCategory, let style = font.textStyle else { return }
        font = UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection)
    }

    /// Where shrunk text sits (`.alignBaselines`: on the baseline the full-size text would have).
    open var baselineAdjustment = UIBaselineAdjustment.alignBaselines { didSet { setNeedsDisplay() } }

    /// The colour of a shadow drawn under the text (nil: none).
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }

    /// How far the shadow is moved, in points ((0, −1) by default, as UIKit's).
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    /// The smallest fraction of the font's size `adjustsFontSizeToFitWidth` may use (0: any).
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }

    private func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    // MARK: Measuring

    /// The text laid out for `width` (nil: unbounded) and `height` (nil: unbounded), with the
    /// label's options, `lines` lines at most (0: any).
    func layout(width: CGFloat?, height: CGFloat?, lines: Int, font: UIFont? = nil) -> TextLayout? {
        guard let text, !text.isEmpty else { return nil }
        let options = TextLayout.Options(
            font: font ?? _font, alignment: textAlignment, lineBreakMode: lineBreakMode, numberOfLines: lines,
            width: width, height: height)
        if let _attributedText { return TextLayout(attributed: _attributedText, options: options) }
        return TextLayout(text: text, options: options)
    }

    /// Rounds a size up to whole pixels of the label's scale.
    private func ceilToPixels(_ size: CGSize) -> CGSize {
        let scale = max(layer.contentsScale, 1)
        return CGSize(width: (size.width * scale).rounded(.up) / scale, height: (size.height * scale).rounded(.up) / scale)
    }

    /// The rectangle the text takes in `bounds` with at most `numberOfLines` lines (0: any):
    /// at the bounds' origin, as wide as the widest line (at most the bounds' width) and as
    /// tall as the lines that fit. Override it to move the text; `drawText(in:)` centres it.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let width: CGFloat? = bounds.width > 0 && bounds.width.isFinite ? bounds.width : nil
        let height: CGFloat? = bounds.height > 0 && bounds.height.isFinite ? bounds.height : nil
        guard let layout = layout(width: width, height: height, lines: numberOfLines) else {
            return CGRect(origin: bounds.origin, size: .zero)
        }
        let size = ceilToPixels(layout.size)
        return CGRect(origin: bounds.origin, size: CGSize(width: min(size.width, width ?? size.width), height: size.height))
    }

    /// The size the text needs within `size`: for one line its natural width; for several, the
    /// lines wrapped at `size.width` (unbounded when it is 0 or less). Zero for no text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines == 1 || size.width <= 0 || !size.width.isFinite ? nil : size.width
        guard let layout = layout(width: width, height: nil, lines: numberOfLines) else { return .zero }
        return ceilToPixels(layout.size)
    }

    /// The text's size on one line, or wrapped at `preferredMaxLayoutWidth` for several lines
    /// when it is set. Zero for no text.
    /// Kept until the text or its settings change (Auto Layout reads it at every layout pass),
    /// for the scale it was rounded at.
    open override var intrinsicContentSize: CGSize {
        let scale = layer.contentsScale
        if let cached = intrinsicSize, cached.scale == scale { return cached.size }
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : automaticWrapWidth
        let width: CGFloat? = numberOfLines != 1 && wrap > 0 ? wrap : nil
        let size = layout(width: width, height: nil, lines: numberOfLines).map { ceilToPixels($0.size) } ?? .zero
        intrinsicSize = (scale, size)
        return size
    }
    private var intrinsicSize: (scale: CGFloat, size: CGSize)?

    /// The width Auto Layout last gave a multi-line label without a `preferredMaxLayoutWidth`:
    /// its intrinsic size wraps there (UIKit's automatic preferred maximum layout width). Set by
    /// the layout engine between its passes; changing it forgets the measured size only.
    var automaticWrapWidth: CGFloat = 0 {
        didSet {
            guard automaticWrapWidth != oldValue else { return }
            intrinsicSize = nil
            baselineOffsets = nil
        }
    }

    /// Forgets the measured intrinsic size (the text, font, line settings or wrap width changed).
    open override func invalidateIntrinsicContentSize() {
        intrinsicSize = nil
        baselineOffsets = nil
        super.invalidateIntrinsicContentSize()
    }

    /// Where the first and last baselines lie relative to the label's vertical centre, as
    /// `drawText(in:)` centres the text: for the lines the text takes at the label's width
    /// (`preferredMaxLayoutWidth` when set; unbounded for a label without a width). Kept until
    /// the text, its settings or the width change. Auto Layout's baseline attributes use it.
    func baselinesFromCentre() -> (first: CGFloat, last: CGFloat) {
        let width = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        if let cached = baselineOffsets, cached.width == width { return cached.offsets }
        let offsets: (CGFloat, CGFloat)
        if let layout = layout(width: width > 0 && numberOfLines != 1 ? width : nil, height: nil, lines: numberOfLines) {
            let top = -layout.size.height / 2
            offsets = (top + layout.firstBaseline, top + layout.lastBaseline)
        } else {
            let font = _font
            offsets = (font.ascender - font.lineHeight / 2, font.ascender - font.lineHeight / 2)
        }
        baselineOffsets = (width, offsets)
        return offsets
    }
    private var baselineOffsets: (width: CGFloat, offsets: (first: CGFloat, last: CGFloat))?

    // MARK: Drawing

    /// Draws the text.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// Draws the text in `rect`: the lines that fit, at most `numberOfLines`, centred down it
    /// and aligned across it, in the text colour (the highlighted one while highlighted).
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        var font = _font
        var fullSize: TextLayout?
        if adjustsFontSizeToFitWidth, numberOfLines == 1, let natural = layout(width: nil, height: nil, lines: 1),
            natural.size.width > rect.width, natural.size.width > 0
        {
            let scale = max(rect.width / natural.size.width, minimumScaleFactor)
            font = _font.withSize(_font.pointSize * scale)
            fullSize = natural
        }
        guard let layout = layout(width: rect.width, height: rect.height, lines: numberOfLines, font: font) else { return }
        let color = (isHighlighted ? highlightedTextColor : nil) ?? _textColor
        var value = color.cgColor.value
        if !isEnabled { value.alpha *= 0.5 }
        var y = rect.minY + (rect.height - layout.size.height) / 2
        if let fullSize {
            switch baselineAdjustment {
            case .alignBaselines:
                y = rect.minY + (rect.height - fullSize.size.height) / 2 + fullSize.firstBaseline - layout.firstBaseline
            case .alignCenters: break
            case .none: y = rect.minY
            }
        }
        let shadow = shadowColor.map { ($0.cgColor.value, shadowOffset) }
        layout.draw(in: context, at: CGPoint(x: rect.minX, y: y), color: value, shadow: shadow)
    }
}

/// Where text shrunk to fit sits: UIKit's `UIBaselineAdjustment`, with its raw values.
public enum UIBaselineAdjustment: Int, Sendable, CaseIterable {
    /// On the baseline the full-size text would have.
    case alignBaselines = 0
    /// Centred where the full-size text would be.
    case alignCenters = 1
    /// At the top of the bounds.
    case none = 2
}

extension UILabel: WrapsAtLayoutWidth {
    var wrapsAtLayoutWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == 0 }
}

/// The layer behind every label, as UIKit names it; it draws as any layer does.
final class _UILabelLayer: CALayer {}
