import Foundation

// The text field's editing: first responder, touches, the shared editing (`TextEditingHost`),
// `UITextInput`, and laying out the text, caret and selection.
extension UITextField {
    // MARK: What is shown

    /// The bullet secure entry shows for each character.
    static let bullet = "\u{2022}"

    /// The text as drawn: bullets for secure entry, marked text underlined.
    var displayedAttributedText: NSAttributedString? {
        guard storage.length > 0 else { return nil }
        if isSecureTextEntry {
            let count = storage.string.count
            return NSAttributedString(string: String(repeating: Self.bullet, count: count), attributes: defaultTextAttributes)
        }
        guard let marked = storage.marked else { return storage.attributed }
        let copy = NSMutableAttributedString(attributedString: storage.attributed)
        copy.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: storage.clamp(marked))
        return copy
    }

    /// The text as drawn, for tests.
    @_spi(Testing) public var _displayedText: String? { displayedAttributedText?.string }

    /// The placeholder as drawn: its own attributes over the field's font and the placeholder colour.
    var placeholderText: NSAttributedString? {
        guard let placeholder = attributedPlaceholder, placeholder.length > 0 else { return nil }
        let styled = NSMutableAttributedString(string: placeholder.string, attributes: [.font: font as Any, .foregroundColor: UIColor.placeholderText])
        placeholder.enumerateAttributes(in: NSRange(location: 0, length: placeholder.length)) { attributes, range, _ in
            styled.addAttributes(attributes, range: range)
        }
        return styled
    }

    /// A text offset as an offset into what is drawn (secure entry draws one bullet per character).
    func displayOffset(_ offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        return storage.substring(NSRange(location: 0, length: offset)).count
    }

    /// An offset into what is drawn as a text offset.
    func textOffset(fromDisplay offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        let boundaries = storage.characterBoundaries
        return boundaries[min(max(offset, 0), boundaries.count - 1)]
    }

    func layoutOptions(font: UIFont) -> TextLayout.Options {
        TextLayout.Options(font: font, alignment: textAlignment, lineBreakMode: .byClipping, numberOfLines: 1, width: nil)
    }

    /// The font the text is drawn in: the field's, shrunk to fit when `adjustsFontSizeToFitWidth`.
    private var displayFont: UIFont {
        let base = font ?? .preferredFont(forTextStyle: .body)
        guard adjustsFontSizeToFitWidth, let text = displayedAttributedText, clip.bounds.width > 0 else { return base }
        let natural = TextLayout(attributed: text, options: layoutOptions(font: base)).size.width
        guard natural > clip.bounds.width else { return base }
        let size = max(base.pointSize * clip.bounds.width / natural, max(minimumFontSize, 1))
        return base.withSize(min(size, base.pointSize))
    }

    /// The layout of what is drawn (the text, else the placeholder), or nil for neither.
    var shownLayout: (layout: TextLayout, isPlaceholder: Bool)? {
        if let cache = shownLayoutCache, cache.width == clip.bounds.width, cache.editing == isEditing, cache.marked == storage.marked {
            return cache.shown
        }
        let shown = makeShownLayout()
        shownLayoutCache = (clip.bounds.width, isEditing, storage.marked, shown)
        return shown
    }

    private func makeShownLayout() -> (layout: TextLayout, isPlaceholder: Bool)? {
        if let text = displayedAttributedText {
            let font = displayFont
            let attributed: NSAttributedString
            if font.pointSize != (self.font ?? font).pointSize {
                let copy = NSMutableAttributedString(attributedString: text)
                copy.addAttribute(.font, value: font, range: NSRange(location: 0, length: copy.length))
                attributed = copy
            } else {
                attributed = text
            }
            return (TextLayout(attributed: attributed, options: layoutOptions(font: font)), false)
        }
        if let placeholder = placeholderText { return (TextLayout(attributed: placeholder, options: layoutOptions(font: displayFont)), true) }
        return nil
    }

    /// The text changed: measure, lay out and draw again.
    func textLayoutChanged() {
        shownLayoutCache = nil
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        content.setNeedsDisplay()
    }

    /// Places the drawn text in the clip (aligned, scrolled to keep the caret in view), and the
    /// caret. The content view covers the clip only, so a key press draws what is seen, not
    /// the whole line.
    func layoutText() {
        let width = clip.bounds.width
        let lineHeight = (font ?? .preferredFont(forTextStyle: .body)).lineHeight
        let shown = shownLayout
        let textWidth = shown?.layout.size.width ?? 0
        let height = shown?.layout.size.height ?? lineHeight
        var x: CGFloat = 0
        if textWidth <= width {
            scrollOffset = 0
            switch textAlignment {
            case .center: x = (width - textWidth) / 2
            case .right: x = width - textWidth
            default: x = 0
            }
        } else if isEditing, let layout = shown?.layout, shown?.isPlaceholder == false {
            let caretX = layout.caretRect(at: displayOffset(storage.movingEnd)).minX
            if caretX - scrollOffset > width - 2 { scrollOffset = caretX - width + 2 }
            if caretX - scrollOffset < 0 { scrollOffset = caretX }
            scrollOffset = min(max(scrollOffset, 0), textWidth - width + 2)
            x = -scrollOffset
        } else {
            scrollOffset = 0
        }
        textOrigin = CGPoint(x: x, y: ((clip.bounds.height - height) / 2).rounded())
        if content.frame != clip.bounds { content.frame = clip.bounds }
        content.setNeedsDisplay()
        layoutCaret()
    }

    /// Puts the caret at the selection (shown while editing with nothing selected).
    func layoutCaret() {
        let visible = isEditing && storage.selection.length == 0
        caret.isHidden = !visible
        guard visible else { return }
        let rect = caretRect(atOffset: storage.selection.location, in: clip)
        caret.frame = rect
        caret.backgroundColor = tintColor
        caret.restartCaretBlink()
    }

    /// The caret's rectangle at text `offset`, in `view`'s coordinates (2 points wide).
    func caretRect(atOffset offset: Int, in view: UIView) -> CGRect {
        let lineHeight = (font ?? .preferredFont(forTextStyle: .body)).lineHeight
        var rect: CGRect
        if let (layout, isPlaceholder) = shownLayout, !isPlaceholder {
            rect = layout.caretRect(at: displayOffset(offset))
        } else {
            // No text: the caret stands where the alignment starts a line.
            let x: CGFloat =
                switch textAlignment {
                case .center: clip.bounds.width / 2 - textOrigin.x
                case .right: clip.bounds.width - textOrigin.x
                default: 0
                }
            rect = CGRect(x: x, y: 0, width: 0, height: lineHeight)
        }
        let inClip = CGRect(x: textOrigin.x + rect.minX - 1, y: textOrigin.y + rect.minY, width: 2, height: rect.height)
        return clip.convert(inClip, to: view)
    }

    // MARK: First responder

    /// Asks the delegate, then begins editing: `clearsOnBeginEditing` clears the text, the
    /// caret shows, `textFieldDidBeginEditing`, `.editingDidBegin`, and
    /// `textDidBeginEditingNotification` follow.
    func beginEditing(_ become: () -> Bool) -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, responderWindow != nil, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard become() else { return false }
        isEditing = true
        if clearsOnBeginEditing, storage.length > 0, delegate?.textFieldShouldClear(self) ?? true {
            storage.setText(NSAttributedString(string: "", attributes: defaultTextAttributes))
        }
        replacesOnNextInsert = isSecureTextEntry && storage.length > 0
        storage.move(to: storage.length, extending: false)
        textLayoutChanged()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin, with: nil)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Asks the delegate (`textFieldShouldEndEditing`), then ends editing: marked text is kept,
    /// the caret hides, `textFieldDidEndEditing(_:reason:)`, `.editingDidEnd` and
    /// `textDidEndEditingNotification` follow.
    func endEditing(_ resign: () -> Bool) -> Bool {
        guard isFirstResponder else { return resign() }
        guard delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        guard resign() else { return false }
        finishEditing()
        return true
    }

    /// Ends editing once: asked (`endEditing`) or forced (the window took the status away).
    func finishEditing() {
        guard isEditing else { return }
        isEditing = false
        storage.marked = nil
        storedTypingAttributes = nil
        textLayoutChanged()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd, with: nil)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    func lostFirstResponderStatus() { finishEditing() }

    func markedChanged() {
        textLayoutChanged()
        layoutIfNeeded()
    }

    // MARK: Touches

    /// A tap begins editing with the caret where it landed; a double tap selects the word there.
    func tapped(_ touch: UITouch?) {
        guard let touch, isTouchInside else { return }
        let point = touch.location(in: self)
        if !isEditing {
            guard becomeFirstResponder() else { return }
        }
        let offset = closestOffset(to: point)
        if touch.tapCount >= 2 {
            selectRange(storage.wordRange(at: offset))
        } else {
            moveCaret(to: offset, extending: false)
        }
        layoutText()
    }

    /// The text offset nearest `point` (in the field's coordinates).
    func closestOffset(to point: CGPoint) -> Int {
        guard let (layout, isPlaceholder) = shownLayout, !isPlaceholder else { return 0 }
        let inClip = convert(point, to: clip)
        let local = CGPoint(x: inClip.x - textOrigin.x, y: inClip.y - textOrigin.y)
        return storage.snapped(textOffset(fromDisplay: layout.offset(nearest: local)))
    }

    /// The rectangle `range` covers on the field's one line, in the field's coordinates.
    func lineRects(for range: NSRange) -> [CGRect] {
        let start = caretRect(atOffset: range.location, in: self)
        let end = caretRect(atOffset: range.location + range.length, in: self)
        return [CGRect(x: start.midX, y: start.minY, width: max(end.midX - start.midX, 0), height: start.height)]
    }

    // MARK: TextEditingHost

    var allowsEditing: Bool { isEditing }
    var allowsCopying: Bool { !isSecureTextEntry }

    func shouldReplace(_ range: NSRange, with replacement: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
    }

    func storageChanged(text: Bool, selection: Bool) {
        if text {
            textLayoutChanged()
            layoutIfNeeded()
            sendActions(for: .editingChanged, with: nil)
            NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        } else {
            // The selection moved: UIKit clears the typing attributes.
            storedTypingAttributes = nil
            layoutText()
        }
        if selection { delegate?.textFieldDidChangeSelection(self) }
    }

    func lineBounds(of offset: Int) -> (start: Int, end: Int) { (0, storage.length) }

    func verticalNeighbor(of offset: Int, up: Bool) -> Int? { nil }

    /// Return: asks `textFieldShouldReturn`, then sends `.editingDidEndOnExit`, which ends
    /// editing when an action is registered for it.
    func returnPressed() -> Bool {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return true }
        let ends = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit, with: nil)
        sendActions(for: .primaryActionTriggered, with: nil)
        if ends { resignFirstResponder() }
        return true
    }

    /// Tab moves to the next text field of the window in reading order (Shift-Tab: the previous).
    func tabPressed(backwards: Bool) -> Bool {
        guard let window else { return false }
        let fields = UITextField.keyViewLoop(in: window)
        guard let i = fields.firstIndex(where: { $0 === self }), fields.count > 1 else { return true }
        let next = fields[(i + (backwards ? fields.count - 1 : 1)) % fields.count]
        next.becomeFirstResponder()
        return true
    }

    /// The window's enabled, visible text fields in reading order: top to bottom, then left to right.
    static func keyViewLoop(in window: UIWindow) -> [UITextField] {
        var fields: [(UITextField, CGRect)] = []
        func visit(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if let field = view as? UITextField, field.isEnabled, field.isUserInteractionEnabled {
                fields.append((field, field.convert(field.bounds, to: window)))
            }
            view.subviews.forEach(visit)
        }
        visit(window)
        return fields.sorted { a, b in
            abs(a.1.minY - b.1.minY) > 1 ? a.1.minY < b.1.minY : a.1.minX < b.1.minX
        }.map(\.0)
    }
}
