import Foundation

/// An editable line of text: UIKit's `UITextField`. Main actor.
///
/// Tapping it (or `becomeFirstResponder()`) starts editing: the delegate is asked, a caret
/// blinks on the render thread's clock, and key presses and input-method text from the host
/// edit the text through the delegate's `textField(_:shouldChangeCharactersIn:replacementString:)`
/// (UTF-16 ranges). The text scrolls sideways to keep the caret in view. Editing sends the
/// `editing…` control events and posts `UITextField.text…Notification`s, as UIKit does.
@MainActor
open class UITextField: UIControl, UITextInput, TextEditingHost {
    /// The border drawn around the field: UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable {
        /// No border.
        case none = 0
        /// A thin dark rectangle.
        case line = 1
        /// A bezelled rectangle (a grey frame, darker along the top).
        case bezel = 2
        /// A rounded rectangle with a light grey hairline on white: the default look of iOS forms.
        case roundedRect = 3
    }

    /// When an overlay (the clear button, the left or right view) shows: UIKit's `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable {
        /// Never.
        case never = 0
        /// Only while editing, with text for the clear button.
        case whileEditing = 1
        /// Only while not editing.
        case unlessEditing = 2
        /// Always (the clear button: whenever there is text).
        case always = 3
    }

    /// Why editing ended: UIKit's `UITextField.DidEndEditingReason`.
    public enum DidEndEditingReason: Int, Sendable {
        /// The field resigned first responder.
        case committed = 0
        /// Editing was cancelled (not sent by Strata's hosts).
        case cancelled = 1
    }

    /// Posted when editing begins; the object is the field.
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted when the text changes by editing; the object is the field.
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted when editing ends; the object is the field.
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    var storage = TextStorage()
    /// The view the text, placeholder and selection are drawn in, scrolled within `clip`.
    let content = TextFieldContentView()
    /// Clips the scrolled text to the text rectangle.
    let clip = UIView()
    /// The caret: a 2-point bar in the tint colour, blinking while editing.
    let caret = UIView()
    /// The border and background for `borderStyle`.
    let border = UIView()
    /// The clear button (shown per `clearButtonMode`).
    private(set) lazy var clearButton: UIButton = makeClearButton()
    /// Where the shown text's layout starts in the clip (aligned and scrolled).
    var textOrigin = CGPoint.zero
    /// How far the text is scrolled left to keep the caret in view, in points.
    var scrollOffset: CGFloat = 0
    /// The layout of what is shown, kept until the text, its look or the clip's width change.
    var shownLayoutCache: (width: CGFloat, editing: Bool, marked: NSRange?, shown: (layout: TextLayout, isPlaceholder: Bool)?)?
    /// The tokenizer, made on first use.
    private(set) lazy var stringTokenizer = UITextInputStringTokenizer(textInput: self)
    /// Secure entry replaces what is there with the first character typed after editing begins again.
    var replacesOnNextInsert = false

    /// A field in `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpField()
    }

    /// A field in `frame` that runs `primaryAction` when Return is pressed (`.primaryActionTriggered`).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Not supported: Strata has no archives.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpField()
    }

    private func setUpField() {
        border.isUserInteractionEnabled = false
        clip.isUserInteractionEnabled = false
        clip.clipsToBounds = true
        caret.isHidden = true
        addSubview(border)
        addSubview(clip)
        clip.addSubview(content)
        clip.addSubview(caret)
        content.field = self
        contentVerticalAlignment = .center
        applyBorderStyle()
    }

    // MARK: Text and its attributes

    /// The text; nil reads as "" (UIKit returns "" for a field with no text). Setting it moves
    /// the caret to the end and sends no editing events.
    open var text: String? {
        get { storage.string }
        set { setStoredText(NSAttributedString(string: newValue ?? "", attributes: defaultTextAttributes)) }
    }

    /// The text with its attributes; setting it keeps the attributes given.
    open var attributedText: NSAttributedString? {
        get { storage.attributed }
        set { setStoredText(newValue ?? NSAttributedString(string: "")) }
    }

    private func setStoredText(_ new: NSAttributedString) {
        storage.setText(new)
        textLayoutChanged()
    }

    /// The font of the whole text and the placeholder (body text, 17 points, by default).
    /// Setting it applies it to all of `attributedText` and `attributedPlaceholder`.
    open var font: UIFont? {
        get { _font }
        set {
            _font = newValue ?? .preferredFont(forTextStyle: .body)
            if let placeholder = attributedPlaceholder, placeholder.length > 0 {
                let styled = NSMutableAttributedString(attributedString: placeholder)
                styled.addAttribute(.font, value: _font, range: NSRange(location: 0, length: styled.length))
                attributedPlaceholder = styled
            }
            restyle(.font, _font)
        }
    }
    private var _font = UIFont.preferredFont(forTextStyle: .body)

    /// The text's colour (label colour, black, by default); applies to the whole text.
    open var textColor: UIColor? {
        get { _textColor }
        set {
            _textColor = newValue ?? .label
            restyle(.foregroundColor, _textColor)
        }
    }
    private var _textColor: UIColor = .label

    /// How the text lines up across the field (`.natural`).
    open var textAlignment: NSTextAlignment = .natural { didSet { textLayoutChanged() } }

    /// The attributes the text gets by default: the font and colour.
    open var defaultTextAttributes: [NSAttributedString.Key: Any] {
        get { [.font: _font, .foregroundColor: _textColor] }
        set {
            if let font = newValue[.font] as? UIFont { _font = font }
            if let color = newValue[.foregroundColor] as? UIColor { _textColor = color }
            setStoredText(NSAttributedString(string: storage.string, attributes: newValue))
        }
    }

    /// The attributes typed text gets while editing (nil when not editing: the defaults).
    /// Only while editing can it be set; a change of selection clears it (UIKit's rules).
    open var typingAttributes: [NSAttributedString.Key: Any]? {
        get { isEditing ? (storedTypingAttributes ?? defaultTextAttributes) : nil }
        set {
            guard isEditing else { return }
            storedTypingAttributes = newValue
        }
    }
    var storedTypingAttributes: [NSAttributedString.Key: Any]?

    var editingAttributes: [NSAttributedString.Key: Any] { storedTypingAttributes ?? defaultTextAttributes }

    private func restyle(_ key: NSAttributedString.Key, _ value: Any) {
        let copy = NSMutableAttributedString(attributedString: storage.attributed)
        copy.addAttribute(key, value: value, range: NSRange(location: 0, length: copy.length))
        let selection = storage.selection
        storage.setText(copy)
        storage.select(selection)
        textLayoutChanged()
    }

    /// The text shown in grey while the field is empty.
    open var placeholder: String? {
        get { attributedPlaceholder?.string }
        set { attributedPlaceholder = newValue.map { NSAttributedString(string: $0) } }
    }

    /// The placeholder with its attributes (the font and the placeholder colour where it has none).
    open var attributedPlaceholder: NSAttributedString? { didSet { textLayoutChanged() } }

    /// Whether the text is hidden as bullets (•), one per character, and copy and cut are off.
    open var isSecureTextEntry = false { didSet { textLayoutChanged() } }

    /// Whether editing begins with the text cleared (false).
    open var clearsOnBeginEditing = false

    /// Whether the font shrinks (down to `minimumFontSize`) so the text fits the width (false).
    open var adjustsFontSizeToFitWidth = false { didSet { textLayoutChanged() } }

    /// The smallest font size `adjustsFontSizeToFitWidth` shrinks to (0: UIKit's floor of 14 points
    /// applies... Strata uses the value as given, at least 1 point).
    open var minimumFontSize: CGFloat = 0 { didSet { textLayoutChanged() } }

    // MARK: Traits

    /// The keyboard asked for (kept as a trait).
    open var keyboardType = UIKeyboardType.default
    /// The return key's title (kept as a trait).
    open var returnKeyType = UIReturnKeyType.default
    /// Automatic capitalization (kept as a trait; `.sentences`).
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    /// Automatic correction (kept as a trait).
    open var autocorrectionType = UITextAutocorrectionType.default
    /// Spell checking (kept as a trait).
    open var spellCheckingType = UITextSpellCheckingType.default
    /// The keyboard's look (kept as a trait).
    open var keyboardAppearance = UIKeyboardAppearance.default
    /// Whether the return key is disabled while the text is empty (kept as a trait).
    open var enablesReturnKeyAutomatically = false
    /// What the text holds, for autofill (kept as a trait).
    open var textContentType: UITextContentType?

    // MARK: Delegate and state

    /// The delegate, asked before editing and told after (not retained).
    open weak var delegate: UITextFieldDelegate?

    /// Whether the field is editing (first responder).
    open internal(set) var isEditing = false

    // MARK: Border and overlays

    /// The border (`.none`).
    open var borderStyle = BorderStyle.none {
        didSet {
            applyBorderStyle()
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
    }

    /// An image drawn behind the text when enabled (stretched to the bounds; replaces the border style's look).
    open var background: UIImage? { didSet { applyBorderStyle() } }
    /// An image drawn behind the text when disabled.
    open var disabledBackground: UIImage? { didSet { applyBorderStyle() } }

    /// When the clear button shows (`.never`).
    open var clearButtonMode = ViewMode.never { didSet { setNeedsLayout() } }

    /// A view at the field's left edge (an icon, a label), shown per `leftViewMode`.
    open var leftView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            setNeedsLayout()
        }
    }
    /// When `leftView` shows (`.never`).
    open var leftViewMode = ViewMode.never { didSet { setNeedsLayout() } }

    /// A view at the field's right edge, shown per `rightViewMode` (it takes the clear button's place).
    open var rightView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            setNeedsLayout()
        }
    }
    /// When `rightView` shows (`.never`).
    open var rightViewMode = ViewMode.never { didSet { setNeedsLayout() } }

    // MARK: Geometry (UIKit's overridable rectangles)

    /// The border's rectangle: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The text's rectangle: the bounds less the border inset, the left view and the right view
    /// or clear button.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: horizontalInset, dy: 0)
        if leftView != nil, shows(leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            rect.size.width -= max(left.maxX - rect.minX, 0)
            rect.origin.x = max(rect.minX, left.maxX)
        }
        if rightView != nil, shows(rightViewMode) {
            rect.size.width = min(rect.width, rightViewRect(forBounds: bounds).minX - rect.minX)
        } else if showsClearButton {
            rect.size.width = min(rect.width, clearButtonRect(forBounds: bounds).minX - rect.minX)
        }
        rect.size.width = max(rect.width, 0)
        return rect
    }

    /// The placeholder's rectangle: the text's.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The text's rectangle while editing: the text's.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The clear button's rectangle: 19 points square, 6 points in from the right edge, centred down.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.maxX - 25, y: bounds.minY + (bounds.height - 19) / 2, width: 19, height: 19)
    }

    /// The left view's rectangle: its own size at the left edge, centred down.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = overlaySize(leftView)
        return CGRect(x: bounds.minX, y: bounds.minY + (bounds.height - size.height) / 2, width: size.width, height: size.height)
    }

    /// The right view's rectangle: its own size at the right edge, centred down.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = overlaySize(rightView)
        return CGRect(x: bounds.maxX - size.width, y: bounds.minY + (bounds.height - size.height) / 2, width: size.width, height: size.height)
    }

    /// Lays out the border, the overlays and the text.
    open override func layoutSubviews() {
        super.layoutSubviews()
        border.frame = borderRect(forBounds: bounds)
        sendSubviewToBack(border)
        for (view, mode, rect) in [(leftView, leftViewMode, leftViewRect), (rightView, rightViewMode, rightViewRect)] {
            guard let view else { continue }
            if shows(mode) {
                if view.superview !== self { addSubview(view) }
                view.frame = rect(bounds)
            } else {
                view.removeFromSuperview()
            }
        }
        if showsClearButton {
            clearButton.isHidden = false
            clearButton.frame = clearButtonRect(forBounds: bounds)
        } else if clearButtonMode != .never || _clearButtonMade {
            clearButton.isHidden = true
        }
        clip.frame = isEditing ? editingRect(forBounds: bounds) : (storage.length == 0 ? placeholderRect(forBounds: bounds) : textRect(forBounds: bounds))
        layoutText()
    }
    private var _clearButtonMade: Bool { subviews.contains { $0 is ClearButton } }

    /// The size the field wants: its text's (or placeholder's) width and one line's height,
    /// plus the border's insets (a rounded field with 17-point text is 34 points tall).
    open override var intrinsicContentSize: CGSize {
        let shown = storage.length > 0 ? displayedAttributedText : placeholderText
        let width = shown.map { TextLayout(attributed: $0, options: layoutOptions(font: _font)).size.width } ?? 0
        let lineHeight = (_font.lineHeight * 2).rounded(.up) / 2
        let vertical: CGFloat = borderStyle == .roundedRect ? 14 : borderStyle == .none ? 0 : 8
        var extra = horizontalInset * 2
        if leftView != nil, shows(leftViewMode) { extra += overlaySize(leftView).width }
        if rightView != nil, shows(rightViewMode) { extra += overlaySize(rightView).width }
        return CGSize(width: (width + extra).rounded(.up), height: lineHeight + vertical)
    }

    /// The intrinsic size (a field keeps its single line).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: First responder and touches

    /// A field can become first responder while enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Asks the delegate (`textFieldShouldBeginEditing`), then begins editing: `clearsOnBeginEditing`
    /// clears the text, the caret shows at the end, and `textFieldDidBeginEditing`,
    /// `.editingDidBegin` and `textDidBeginEditingNotification` follow. Main actor.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        beginEditing { super.becomeFirstResponder() }
    }

    /// Asks the delegate (`textFieldShouldEndEditing`), then ends editing: marked text is kept,
    /// the caret hides, and `textFieldDidEndEditing(_:reason:)`, `.editingDidEnd` and
    /// `textDidEndEditingNotification` follow. Main actor.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        endEditing { super.resignFirstResponder() }
    }

    /// A tap begins editing with the caret where it landed; a double tap selects the word there.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        tapped(touch)
    }

    /// The caret follows tint changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caret.backgroundColor = tintColor
        content.setNeedsDisplay()
    }

    // MARK: UIKeyInput

    /// Whether the field has text.
    open var hasText: Bool { storage.length > 0 }

    /// Types `text` over the selection (or the marked text), through the delegate. Secure
    /// entry's first insertion after editing begins again replaces the whole text, as UIKit's.
    open func insertText(_ text: String) {
        if replacesOnNextInsert {
            replacesOnNextInsert = false
            let selection = storage.selection
            storage.select(NSRange(location: 0, length: storage.length))
            if !replaceText(in: storage.selection, with: text) { storage.select(selection) }
            return
        }
        typeText(text)
    }

    /// Deletes the selection, or the character before the caret, through the delegate.
    open func deleteBackward() {
        replacesOnNextInsert = false
        deleteSelection(orTo: storage.characterBoundary(before: storage.selection.location))
    }

    // MARK: Drawing

    /// Draws the text (or its bullets) in `rect`, the visible text rectangle in the coordinates
    /// it is drawn in. Override it to draw the text differently; call `super` for the default.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let (layout, isPlaceholder) = shownLayout, !isPlaceholder else { return }
        var color = (textColor ?? .label).cgColor.value
        if !isEnabled { color.alpha *= 0.5 }
        layout.draw(in: context, at: CGPoint(x: rect.minX + textOrigin.x, y: rect.minY + textOrigin.y), color: color)
    }

    /// Draws the placeholder in `rect` (shown while the field is empty). Override it to draw
    /// the placeholder differently.
    open func drawPlaceholder(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let (layout, isPlaceholder) = shownLayout, isPlaceholder else { return }
        layout.draw(in: context, at: CGPoint(x: rect.minX + textOrigin.x, y: rect.minY + textOrigin.y), color: UIColor.placeholderText.cgColor.value)
    }

    // MARK: UITextInput (positions are UTF-16 offsets)

    /// The rectangles `range` covers, one per line, in the view's coordinates.
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard let r = offsets(range) else { return [] }
        let rects = lineRects(for: r)
        return rects.enumerated().map { i, rect in UITextSelectionRect(rect: rect, containsStart: i == 0, containsEnd: i == rects.count - 1) }
    }

    /// The start (left, up) or end (right, down) of `range`.
    open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        farthestPosition(within: range, in: direction)
    }

    /// The range from `position` one character left or right, or to its line's start or end.
    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        extendedCharacterRange(from: position, in: direction)
    }

    /// `.natural`: Strata lays out bidirectional text by its characters.
    open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection { .natural }

    /// Does nothing: the writing direction follows the text.
    open func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {}

    /// A `UITextInputStringTokenizer` of the text.
    open var tokenizer: UITextInputTokenizer { stringTokenizer }

    /// The input method's delegate (not retained).
    open weak var inputDelegate: UITextInputDelegate?

    /// How marked text is drawn (kept; Strata underlines marked text).
    open var markedTextStyle: [NSAttributedString.Key: Any]?

    /// A custom input view shown instead of the system keyboard (kept for the host).
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    private var storedInputView: UIView?

    /// A view shown above the keyboard (kept for the host).
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputAccessoryView: UIView?

    /// Whether the font follows the preferred text size (false): when the view's
    /// `preferredContentSizeCategory` trait changes, a font made for a text style
    /// (`UIFont.preferredFont(forTextStyle:)`) is made again for the new size.
    open var adjustsFontForContentSizeCategory = false

    override func contentSizeCategoryDidChange() {
        guard adjustsFontForContentSizeCategory, let style = font?.textStyle else { return }
        font = UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection)
    }
    /// Whether typing replaces the whole text (false).
    open var clearsOnInsertion = false
    /// Whether the user may change text attributes while editing (false; kept).
    open var allowsEditingTextAttributes = false
    /// Smart quotes (kept as a trait).
    open var smartQuotesType = UITextSmartQuotesType.default
    /// Smart dashes (kept as a trait).
    open var smartDashesType = UITextSmartDashesType.default
    /// Smart insertion and deletion of spaces (kept as a trait).
    open var smartInsertDeleteType = UITextSmartInsertDeleteType.default

    /// The beginning of the text.
    open var beginningOfDocument: UITextPosition { TextOffsetPosition(0) }
    /// The end of the text.
    open var endOfDocument: UITextPosition { TextOffsetPosition(storage.length) }

    /// The selection (the caret as an empty range); nil while not editing. Setting it selects
    /// (clamped to the text).
    open var selectedTextRange: UITextRange? {
        get { isEditing ? TextOffsetRange(storage.selection) : nil }
        set {
            guard let range = newValue.flatMap(offsets) else { return }
            selectRange(range)
            layoutText()
        }
    }

    /// The marked text's range while an input method composes.
    open var markedTextRange: UITextRange? { storage.marked.map(TextOffsetRange.init) }

    /// The text in `range`, or nil for a range outside the text.
    open func text(in range: UITextRange) -> String? { offsets(range).map(storage.substring) }

    /// Replaces the text in `range` with `text` (through the delegate).
    open func replace(_ range: UITextRange, withText text: String) {
        guard let range = offsets(range) else { return }
        replaceText(in: range, with: text)
    }

    /// Replaces the marked text (else the selection) with `markedText`, selecting `selectedRange` in it.
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        setMarked(markedText, selectedRange: selectedRange)
    }

    /// Keeps the marked text as typed.
    open func unmarkText() { commitMarked() }

    /// The range between two positions (either order).
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        textOffsetRange(from: fromPosition, to: toPosition)
    }

    /// The position `offset` UTF-16 units from `position`; nil outside the text.
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        textPosition(from: position, offset: offset)
    }

    /// The position `offset` steps from `position`: characters left and right, the start or
    /// end of the line up and down.
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        textPosition(from: position, in: direction, offset: offset)
    }

    /// How `position` orders against `other`.
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        compareTextPositions(position, other)
    }

    /// The distance in UTF-16 units.
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        textOffset(from: from, to: toPosition)
    }

    /// The rectangle `range` covers on its line, in the field's coordinates.
    open func firstRect(for range: UITextRange) -> CGRect {
        guard let range = offsets(range) else { return .null }
        let start = caretRect(atOffset: range.location, in: self)
        let end = caretRect(atOffset: range.location + range.length, in: self)
        return CGRect(x: start.midX, y: start.minY, width: max(end.midX - start.midX, 0), height: start.height)
    }

    /// The caret's rectangle at `position`, in the field's coordinates (2 points wide, a line tall).
    open func caretRect(for position: UITextPosition) -> CGRect {
        guard let offset = offsetOf(position) else { return .null }
        return caretRect(atOffset: offset, in: self)
    }

    /// The position nearest `point` (in the field's coordinates).
    open func closestPosition(to point: CGPoint) -> UITextPosition? { TextOffsetPosition(closestOffset(to: point)) }

    /// The position nearest `point` within `range`.
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let range = offsets(range) else { return nil }
        return TextOffsetPosition(min(max(closestOffset(to: point), range.location), range.location + range.length))
    }

    /// The character's range at `point`.
    open func characterRange(at point: CGPoint) -> UITextRange? {
        characterRange(atOffset: closestOffset(to: point))
    }

    /// Selects the whole text (`UIResponderStandardEditActions`).
    open func selectAll(_ sender: Any?) {
        selectRange(NSRange(location: 0, length: storage.length))
        layoutText()
    }

    /// Copies the selection to the general pasteboard (not for secure entry).
    open func copy(_ sender: Any?) { copySelection() }
    /// Copies the selection, then deletes it (not for secure entry).
    open func cut(_ sender: Any?) { cutSelection() }
    /// Types the general pasteboard's string over the selection.
    open func paste(_ sender: Any?) { pasteString() }
}
