import Foundation

/// The object a text view asks before changing its text and tells after: UIKit's
/// `UITextViewDelegate` (a scroll view delegate too; set it as the text view's `delegate`).
/// Every method is optional. Main actor.
@MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Whether editing may begin (true).
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Editing began.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Whether editing may end (true).
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// Editing ended.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether the text in `range` (UTF-16 units) may become `text` (true).
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The text changed by editing.
    func textViewDidChange(_ textView: UITextView)
    /// Whether a tap on the link `URL` in `characterRange` opens it (true).
    func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool
    /// The selection changed.
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    /// true.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    /// Nothing.
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    /// true.
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    /// Nothing.
    public func textViewDidEndEditing(_ textView: UITextView) {}
    /// true.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Nothing.
    public func textViewDidChange(_ textView: UITextView) {}
    /// true.
    public func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool {
        true
    }
    /// Nothing.
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}

/// How a link in a text view was touched: UIKit's `UITextItemInteraction`.
public enum UITextItemInteraction: Int, Sendable {
    case invokeDefaultAction = 0, presentActions, preview
}

/// The kinds of data a text view turns into links: UIKit's `UIDataDetectorTypes`.
public struct UIDataDetectorTypes: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Types from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Telephone numbers.
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    /// URLs.
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    /// Addresses.
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    /// Calendar events.
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    /// Shipment tracking numbers.
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    /// Flight numbers.
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    /// Look-up suggestions.
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    /// Money amounts.
    public static let money = UIDataDetectorTypes(rawValue: 1 << 7)
    /// Physical values.
    public static let physicalValue = UIDataDetectorTypes(rawValue: 1 << 8)
    /// Every type.
    public static let all = UIDataDetectorTypes(rawValue: .max)
}

/// The region text is laid out in: UIKit's `NSTextContainer`, as a text view exposes it.
@MainActor
open class NSTextContainer: NSObject {
    /// The space left and right of each line, inside the container (5 points in a text view).
    open var lineFragmentPadding: CGFloat = 5 { didSet { changed?() } }
    /// The most lines laid out (0: any).
    open var maximumNumberOfLines = 0 { didSet { changed?() } }
    /// How the last line breaks when lines are limited.
    open var lineBreakMode = NSLineBreakMode.byWordWrapping { didSet { changed?() } }
    /// Whether the container's width follows the text view's (true).
    open var widthTracksTextView = true
    var changed: (@MainActor () -> Void)?

    /// A container with UIKit's defaults.
    public override init() { super.init() }
}

/// A scrollable, wrapping view of attributed text that can be edited and selected: UIKit's
/// `UITextView`. Main actor.
///
/// With `isScrollEnabled` false it grows with its text: `intrinsicContentSize` is the height of
/// its lines at its width (plus `textContainerInset`), so a text view in a self-sizing table
/// cell or a stack view takes as many lines as it holds.
@MainActor
open class UITextView: UIScrollView, UITextInput, TextEditingHost {
    /// Posted when editing begins; the object is the text view.
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted when the text changes by editing.
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted when editing ends.
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    var storage = TextStorage()
    let textContent = TextViewContentView()
    let caret = UIView()

    /// The container the text is laid out in (its `lineFragmentPadding`, line limit and line break mode).
    public let textContainer: NSTextContainer

    /// A text view in `frame`.
    public override init(frame: CGRect) {
        textContainer = NSTextContainer()
        super.init(frame: frame)
        setUpTextView()
    }

    /// A text view in `frame` laying its text out in `textContainer` (a new one when nil):
    /// UIKit's designated initializer, which subclasses override.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        self.textContainer = textContainer ?? NSTextContainer()
        super.init(frame: frame)
        setUpTextView()
    }

    /// Not supported: Strata has no archives.
    public required init?(coder: NSCoder) {
        textContainer = NSTextContainer()
        super.init(coder: coder)
        setUpTextView()
    }

    private func setUpTextView() {
        backgroundColor = .systemBackground
        textContent.textView = self
        caret.isHidden = true
        caret.isUserInteractionEnabled = false
        addSubview(textContent)
        addSubview(caret)
        textContainer.changed = { [weak self] in self?.textLayoutChanged() }
        let tap = UITapGestureRecognizer(target: self, action: UITextView.handleTap)
        addGestureRecognizer(tap)
    }

    // MARK: Text

    /// The text ("" when empty). Setting it moves the caret to the end.
    open var text: String! {
        get { storage.string }
        set { setStoredText(NSAttributedString(string: newValue ?? "", attributes: baseAttributes)) }
    }

    /// The text with its attributes.
    open var attributedText: NSAttributedString! {
        get { storage.attributed }
        set { setStoredText(newValue ?? NSAttributedString(string: "")) }
    }

    private func setStoredText(_ new: NSAttributedString) {
        storage.setText(new)
        textLayoutChanged()
    }

    /// The font of the whole text (nil by default, drawn in the 12-point system font, as UIKit's).
    open var font: UIFont? { didSet { restyle(.font, drawingFont) } }
    /// The text colour (nil: the label colour).
    open var textColor: UIColor? { didSet { restyle(.foregroundColor, textColor ?? .label) } }
    /// How lines line up (`.natural`).
    open var textAlignment = NSTextAlignment.natural { didSet { textLayoutChanged() } }

    var drawingFont: UIFont { font ?? .systemFont(ofSize: 12) }
    private var baseAttributes: [NSAttributedString.Key: Any] { [.font: drawingFont, .foregroundColor: textColor ?? .label] }

    /// The attributes typed text gets (the font and colour, or what was set).
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { storedTypingAttributes ?? baseAttributes }
        set { storedTypingAttributes = newValue }
    }
    var storedTypingAttributes: [NSAttributedString.Key: Any]?
    var editingAttributes: [NSAttributedString.Key: Any] { typingAttributes }

    private func restyle(_ key: NSAttributedString.Key, _ value: Any) {
        let copy = NSMutableAttributedString(attributedString: storage.attributed)
        copy.addAttribute(key, value: value, range: NSRange(location: 0, length: copy.length))
        let selection = storage.selection
        storage.setText(copy)
        storage.select(selection)
        textLayoutChanged()
    }

    /// The space between the view's edges and the text container (8 points above and below).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textLayoutChanged() } }

    /// Whether the text can be edited (true).
    open var isEditable = true {
        didSet { if !isEditable, isFirstResponder { resignFirstResponder() } }
    }
    /// Whether the text can be selected (true).
    open var isSelectable = true

    /// The selection in UTF-16 units; setting it selects (clamped to the text).
    open var selectedRange: NSRange {
        get { storage.selection }
        set {
            selectRange(newValue)
            layoutCaretAndSelection()
        }
    }

    /// Whether editing is on (first responder with `isEditable`).
    public private(set) var isEditingText = false

    // MARK: Traits

    /// The keyboard asked for (kept as a trait).
    open var keyboardType = UIKeyboardType.default
    /// The return key's title (kept as a trait).
    open var returnKeyType = UIReturnKeyType.default
    /// Automatic capitalization (kept as a trait).
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    /// Automatic correction (kept as a trait).
    open var autocorrectionType = UITextAutocorrectionType.default
    /// Whether typed text is hidden (kept as a trait; a text view shows its text).
    open var isSecureTextEntry = false
    /// Spell checking (kept as a trait).
    open var spellCheckingType = UITextSpellCheckingType.default
    /// The keyboard's look (kept as a trait).
    open var keyboardAppearance = UIKeyboardAppearance.default
    /// Whether the return key is disabled while the text is empty (kept as a trait).
    open var enablesReturnKeyAutomatically = false
    /// What the text holds, for autofill (kept as a trait).
    open var textContentType: UITextContentType?
    /// The kinds of data turned into links (kept; Strata detects none).
    open var dataDetectorTypes: UIDataDetectorTypes = []
    /// The attributes links are drawn with (kept).
    open var linkTextAttributes: [NSAttributedString.Key: Any] = [:]

    // MARK: Layout

    /// The width lines wrap at: the bounds less the insets and the padding.
    private func wrapWidth(for width: CGFloat) -> CGFloat {
        max(width - textContainerInset.left - textContainerInset.right - textContainer.lineFragmentPadding * 2, 1)
    }

    /// The text laid out at `width` (the view's width by default).
    func textLayout(width: CGFloat? = nil) -> TextLayout {
        let options = TextLayout.Options(
            font: drawingFont, alignment: textAlignment, lineBreakMode: textContainer.lineBreakMode, numberOfLines: textContainer.maximumNumberOfLines,
            width: wrapWidth(for: width ?? bounds.width))
        var shown = storage.attributed
        if let marked = storage.marked {
            let copy = NSMutableAttributedString(attributedString: shown)
            copy.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: storage.clamp(marked))
            shown = copy
        }
        // An empty text still has one line, for the caret and the height.
        return TextLayout(attributed: shown.length > 0 ? shown : NSAttributedString(string: " ", attributes: baseAttributes), options: options)
    }

    /// Where the text's layout starts in the view's content.
    var textOrigin: CGPoint { CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top) }

    private var cachedLayout: (width: CGFloat, layout: TextLayout)?
    /// The tokenizer, made on first use.
    private(set) lazy var stringTokenizer = UITextInputStringTokenizer(textInput: self)
    /// The selection the content view last drew.
    var drawnSelection: DrawnSelection?
    /// Whether the caret's blink runs from its current place.
    var caretBlinking = false
    var currentLayout: TextLayout {
        if let cachedLayout, cachedLayout.width == bounds.width { return cachedLayout.layout }
        let layout = textLayout()
        cachedLayout = (bounds.width, layout)
        return layout
    }

    func textLayoutChanged() {
        cachedLayout = nil
        drawnSelection = nil
        caretBlinking = false
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        textContent.setNeedsDisplay()
    }

    /// The height the text needs at `width`, with the insets.
    private func fittingHeight(width: CGFloat) -> CGFloat {
        let layout = textLayout(width: width)
        return (layout.size.height + textContainerInset.top + textContainerInset.bottom).rounded(.up)
    }

    /// The size that fits: `size.width` wide, as tall as the text at that width.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return CGSize(width: width, height: fittingHeight(width: width))
    }

    /// With scrolling off: the text's height at the view's width (no intrinsic width); with
    /// scrolling on, no intrinsic size.
    open override var intrinsicContentSize: CGSize {
        let width = automaticWrapWidth > 0 ? automaticWrapWidth : bounds.width
        guard !isScrollEnabled, width > 0 else { return super.intrinsicContentSize }
        return CGSize(width: UIView.noIntrinsicMetric, height: fittingHeight(width: width))
    }

    /// The width Auto Layout last gave the view (set between its solves): with scrolling off,
    /// the intrinsic height is the text's at that width.
    var automaticWrapWidth: CGFloat = 0 {
        didSet { if automaticWrapWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Lays out the text, its content size, the caret and the selection.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let layout = currentLayout
        let height = layout.size.height + textContainerInset.top + textContainerInset.bottom
        let size = CGSize(width: bounds.width, height: height.rounded(.up))
        if contentSize != size { contentSize = size }
        let frame = CGRect(origin: .zero, size: CGSize(width: bounds.width, height: max(size.height, bounds.height)))
        if textContent.frame != frame {
            textContent.frame = frame
            textContent.setNeedsDisplay()
        }
        if !isScrollEnabled, lastSizedWidth != bounds.width {
            lastSizedWidth = bounds.width
            invalidateIntrinsicContentSize()
        }
        layoutCaretAndSelection()
    }
    private var lastSizedWidth: CGFloat = -1

    /// Shows the caret (restarting its blink when it moved) and redraws the selection when it
    /// or the focus changed: scrolling moves neither, so it draws nothing.
    func layoutCaretAndSelection() {
        let state = DrawnSelection(range: storage.selection, focused: isFirstResponder)
        if state != drawnSelection {
            drawnSelection = state
            textContent.setNeedsDisplay()
        }
        let visible = isEditingText && storage.selection.length == 0
        caret.isHidden = !visible
        guard visible else { return }
        let frame = caretRect(atOffset: storage.selection.location)
        guard frame != caret.frame || !caretBlinking else { return }
        caret.frame = frame
        caret.backgroundColor = tintColor
        caret.restartCaretBlink()
        caretBlinking = true
    }

    struct DrawnSelection: Equatable {
        var range: NSRange
        var focused: Bool
    }

    /// The caret's rectangle at `offset`, in the view's (content) coordinates.
    func caretRect(atOffset offset: Int) -> CGRect {
        let rect = currentLayout.caretRect(at: offset)
        return CGRect(x: textOrigin.x + rect.minX - 1, y: textOrigin.y + rect.minY, width: 2, height: rect.height)
    }

    /// The offset nearest `point` in the view's (content) coordinates.
    func closestOffset(to point: CGPoint) -> Int {
        guard storage.length > 0 else { return 0 }
        let local = CGPoint(x: point.x - textOrigin.x, y: point.y - textOrigin.y)
        return storage.snapped(min(currentLayout.offset(nearest: local), storage.length))
    }

    /// Scrolls so the text in `range` is visible.
    open func scrollRangeToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let start = caretRect(atOffset: storage.clamp(range).location)
        let end = caretRect(atOffset: storage.clamp(range).location + storage.clamp(range).length)
        scrollRectToVisible(start.union(end).insetBy(dx: 0, dy: -textContainerInset.bottom), animated: false)
    }

    private func handleTap(_ recognizer: UITapGestureRecognizer) {
        guard isSelectable || isEditable else { return }
        if !isFirstResponder { guard becomeFirstResponder() else { return } }
        moveCaret(to: closestOffset(to: recognizer.location(in: self)), extending: false)
        layoutCaretAndSelection()
    }

    // MARK: First responder

    /// A text view can become first responder when editable or selectable.
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Asks the delegate, then begins editing (when editable): the caret shows,
    /// `textViewDidBeginEditing` and `textDidBeginEditingNotification` follow.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, responderWindow != nil else { return false }
        if isEditable, !(textDelegate?.textViewShouldBeginEditing(self) ?? true) { return false }
        guard super.becomeFirstResponder() else { return false }
        if isEditable {
            isEditingText = true
            textDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        }
        layoutCaretAndSelection()
        return true
    }

    /// Asks the delegate, then ends editing: `textViewDidEndEditing` and
    /// `textDidEndEditingNotification` follow.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if isEditingText, !(textDelegate?.textViewShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        finishEditing()
        return true
    }

    /// Ends editing once: asked (`resignFirstResponder`) or forced (the window took the status away).
    func finishEditing() {
        let hadMarked = storage.marked != nil
        storage.marked = nil
        storedTypingAttributes = nil
        if hadMarked { textLayoutChanged() }
        let wasEditing = isEditingText
        isEditingText = false
        layoutCaretAndSelection()
        if wasEditing {
            textDelegate?.textViewDidEndEditing(self)
            NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        }
    }

    /// The caret follows tint changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caret.backgroundColor = tintColor
        textContent.setNeedsDisplay()
    }

    var textDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: UIKeyInput

    /// Whether there is text.
    open var hasText: Bool { storage.length > 0 }
    /// Types `text` over the selection (or marked text), through the delegate.
    open func insertText(_ text: String) { typeText(text) }
    /// Deletes the selection or the character before the caret, through the delegate.
    open func deleteBackward() { deleteSelection(orTo: storage.characterBoundary(before: storage.selection.location)) }

    // MARK: UITextInput

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

    /// The selection (the caret as an empty range); setting it selects.
    open var selectedTextRange: UITextRange? {
        get { TextOffsetRange(storage.selection) }
        set {
            guard let range = newValue.flatMap(offsets) else { return }
            selectedRange = range
        }
    }

    /// The marked text's range while an input method composes.
    open var markedTextRange: UITextRange? { storage.marked.map(TextOffsetRange.init) }

    /// The text in `range`.
    open func text(in range: UITextRange) -> String? { offsets(range).map(storage.substring) }

    /// Replaces the text in `range` (through the delegate).
    open func replace(_ range: UITextRange, withText text: String) {
        guard let range = offsets(range) else { return }
        replaceText(in: range, with: text)
    }

    /// Replaces the marked text (else the selection) with `markedText`, selecting `selectedRange` in it.
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) { setMarked(markedText, selectedRange: selectedRange) }

    /// Keeps the marked text as typed.
    open func unmarkText() { commitMarked() }

    /// The range between two positions.
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        textOffsetRange(from: fromPosition, to: toPosition)
    }

    /// The position `offset` UTF-16 units from `position`.
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { textPosition(from: position, offset: offset) }

    /// The position `offset` characters left or right, or lines up or down, from `position`.
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        textPosition(from: position, in: direction, offset: offset)
    }

    /// How `position` orders against `other`.
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { compareTextPositions(position, other) }

    /// The distance in UTF-16 units.
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { textOffset(from: from, to: toPosition) }

    /// The rectangle of `range`'s first line, in the view's coordinates.
    open func firstRect(for range: UITextRange) -> CGRect {
        guard let range = offsets(range) else { return .null }
        let rects = currentLayout.selectionRects(for: range)
        guard let first = rects.first else { return caretRect(atOffset: range.location) }
        return first.offsetBy(dx: textOrigin.x, dy: textOrigin.y)
    }

    /// The caret's rectangle at `position` (2 points wide, a line tall).
    open func caretRect(for position: UITextPosition) -> CGRect {
        guard let offset = offsetOf(position) else { return .null }
        return caretRect(atOffset: offset)
    }

    /// The position nearest `point`.
    open func closestPosition(to point: CGPoint) -> UITextPosition? { TextOffsetPosition(closestOffset(to: point)) }

    /// The position nearest `point` within `range`.
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let range = offsets(range) else { return nil }
        return TextOffsetPosition(min(max(closestOffset(to: point), range.location), range.location + range.length))
    }

    /// The character's range at `point`.
    open func characterRange(at point: CGPoint) -> UITextRange? { characterRange(atOffset: closestOffset(to: point)) }

    /// Selects the whole text.
    open func selectAll(_ sender: Any?) { selectedRange = NSRange(location: 0, length: storage.length) }
    /// Copies the selection to the general pasteboard.
    open func copy(_ sender: Any?) { copySelection() }
    /// Copies the selection, then deletes it.
    open func cut(_ sender: Any?) { cutSelection() }
    /// Types the general pasteboard's string over the selection.
    open func paste(_ sender: Any?) { pasteString() }
}

/// Draws a text view's selection and text.
final class TextViewContentView: TextDrawingView {
    weak var textView: UITextView?

    override func draw(_ rect: CGRect) {
        guard let textView, let context = UIGraphicsGetCurrentContext() else { return }
        let layout = textView.currentLayout
        let origin = textView.textOrigin
        let selection = textView.storage.selection
        if textView.isFirstResponder, selection.length > 0 {
            context.setFillColor(textView.tintColor.withAlphaComponent(0.2).cgColor)
            context.fill(layout.selectionRects(for: selection).map { $0.offsetBy(dx: origin.x, dy: origin.y) })
        }
        guard textView.storage.length > 0 else { return }
        layout.draw(in: context, at: origin, color: (textView.textColor ?? .label).cgColor.value)
    }
}

extension UITextView: WrapsAtLayoutWidth {
    var wrapsAtLayoutWidth: Bool { !isScrollEnabled }
}
