import Foundation

/// A horizontal row of segments, each a button with a title or an image, one of which is
/// selected: UIKit's `UISegmentedControl`. Main actor.
///
/// Drawn as iOS 13 and later draw it: a rounded (9-point) grey track (`.tertiarySystemFill`), a
/// white "thumb" with a soft shadow under the selected segment (inset 2 points;
/// `selectedSegmentTintColor`), 13-point titles (semibold on the selected segment), and thin
/// separators between segments where neither side is selected. 32 points high when it sizes
/// itself; every segment as wide as the widest content plus 12 points each side, or each as wide
/// as its own (`apportionsSegmentWidthsByContent`), unless given a width (`setWidth`).
///
/// A tap on another enabled segment selects it when the finger lifts and sends `.valueChanged`
/// (and, for a segment made from a `UIAction`, runs the action and sends
/// `.primaryActionTriggered`); a touch that goes down on the selected segment drags the thumb to
/// the segment under the finger. `isMomentary` controls show the touched segment only while the
/// finger is down. Setting `selectedSegmentIndex` sends nothing, as in UIKit.
@MainActor
open class UISegmentedControl: UIControl {
    /// The index meaning "no segment is selected" (−1).
    public static let noSegment = -1
    /// The height when the control sizes itself (32 points).
    public static let preferredHeight: CGFloat = 32
    /// Space left and right of a segment's content when its width is worked out (12 points).
    public static let contentPadding: CGFloat = 12
    static let cornerRadius: CGFloat = 9
    static let thumbInset: CGFloat = 2
    static let thumbCornerRadius: CGFloat = 7
    static let separatorHeight: CGFloat = 16
    static let fontSize: CGFloat = 13

    /// One segment's content and settings.
    private struct Segment {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var width: CGFloat = 0
        var isEnabled = true
        var contentOffset = CGSize.zero
    }

    private var segments: [Segment] = []
    private let thumb = UIView()
    private var labels: [UILabel] = []
    private var imageViews: [UIImageView] = []
    private var separators: [UIView] = []
    /// The segment the finger is on (highlighted), and whether it is dragging the thumb.
    private var touchedSegment: Int?
    private var isDraggingThumb = false

    /// A control at `frame` with no segments.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = Self.cornerRadius
        thumb.isUserInteractionEnabled = false
        thumb.isHidden = true
        thumb.layer.cornerRadius = Self.thumbCornerRadius
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.12
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        thumb.layer.shadowRadius = 4
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
        addSubview(thumb)
    }

    /// A control whose segments show `items`, in order: each a `String` (a title) or a `UIImage`
    /// (anything else makes an empty segment). Sized to fit them.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            segments.append(Segment(title: item as? String, image: item as? UIImage))
        }
        rebuild()
        frame.size = intrinsicContentSize
    }

    /// A control at `frame` whose segments perform `actions`, in order: each shows the action's
    /// image, or its title when it has none.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        for action in actions { segments.append(Self.segment(for: action)) }
        rebuild()
    }

    /// Creates a control from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private static func segment(for action: UIAction) -> Segment {
        action.image != nil ? Segment(image: action.image, action: action) : Segment(title: action.title, action: action)
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// `index` pinned to an existing segment (nil when there is none), as UIKit pins indexes
    /// past the last segment.
    private func existing(_ index: Int) -> Int? {
        segments.isEmpty ? nil : min(max(index, 0), segments.count - 1)
    }

    private func insert(_ segment: Segment, at index: Int) {
        let at = min(max(index, 0), segments.count)
        segments.insert(segment, at: at)
        if _selectedSegmentIndex >= at { _selectedSegmentIndex += 1 }
        rebuild()
    }

    /// Inserts a segment titled `title` before segment `segment` (an index past the last appends).
    /// `animated` is accepted; the change is shown at once.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    /// Inserts a segment showing `image` before segment `segment` (an index past the last appends).
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    /// Inserts a segment that performs `action` (showing its image, else its title) before
    /// segment `segment` (an index past the last appends).
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Self.segment(for: action), at: segment)
    }

    /// Removes segment `segment` (an index past the last removes the last). Removing the
    /// selected segment leaves none selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard let index = existing(segment) else { return }
        segments.remove(at: index)
        if _selectedSegmentIndex == index {
            _selectedSegmentIndex = Self.noSegment
        } else if _selectedSegmentIndex > index {
            _selectedSegmentIndex -= 1
        }
        rebuild()
    }

    /// Removes every segment; none is selected.
    open func removeAllSegments() {
        segments.removeAll()
        _selectedSegmentIndex = Self.noSegment
        rebuild()
    }

    /// Sets segment `segment`'s title (an index past the last names the last). A segment shows a
    /// title or an image, never both: this removes its image.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard let index = existing(segment) else { return }
        segments[index].title = title
        segments[index].image = nil
        rebuild()
    }

    /// Segment `segment`'s title, or nil (no title, or no such segment).
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets segment `segment`'s image (an index past the last names the last); this removes its
    /// title.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard let index = existing(segment) else { return }
        segments[index].image = image
        segments[index].title = nil
        rebuild()
    }

    /// Segment `segment`'s image, or nil.
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Sets the action of segment `segment` (an index past the last names the last) and shows
    /// its image or title.
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard let index = existing(segment) else { return }
        let rebuilt = Self.segment(for: action)
        segments[index].title = rebuilt.title
        segments[index].image = rebuilt.image
        segments[index].action = action
        rebuild()
    }

    /// Segment `segment`'s action, or nil.
    open func actionForSegment(at segment: Int) -> UIAction? {
        segments.indices.contains(segment) ? segments[segment].action : nil
    }

    /// The index of the segment whose action has `identifier`, or `noSegment`.
    open func segmentIndex(identifiedBy identifier: UIAction.Identifier) -> Int {
        segments.firstIndex { $0.action?.identifier == identifier } ?? Self.noSegment
    }

    /// Gives segment `segment` a fixed width in points (an index past the last names the last);
    /// 0 (the default) lets the control work it out.
    /// - Precondition: `width` is 0 or more.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        precondition(width >= 0, "UISegmentedControl.setWidth: width must be 0 or more, got \(width)")
        guard let index = existing(segment) else { return }
        segments[index].width = width
        layoutNow()
    }

    /// Segment `segment`'s fixed width (0: worked out by the control, or no such segment).
    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// Moves segment `segment`'s content by `offset` points from its centre.
    open func setContentOffset(_ offset: CGSize, forSegmentAt segment: Int) {
        guard let index = existing(segment) else { return }
        segments[index].contentOffset = offset
        layoutNow()
    }

    /// Segment `segment`'s content offset.
    open func contentOffsetForSegment(at segment: Int) -> CGSize {
        segments.indices.contains(segment) ? segments[segment].contentOffset : .zero
    }

    /// Enables or disables segment `segment` (an index past the last names the last). A
    /// disabled segment is dimmed and cannot be selected by touch.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard let index = existing(segment) else { return }
        segments[index].isEnabled = enabled
        updateLooks()
    }

    /// Whether segment `segment` is enabled (true for a new segment; false for no such segment).
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    // MARK: Selection

    /// The selected segment's index, or `noSegment` (−1, the default) when none is. Setting it
    /// moves the thumb at once and sends no event.
    /// - Precondition: −1 ≤ the index < `numberOfSegments`; traps naming it (UIKit raises).
    open var selectedSegmentIndex: Int {
        get { _selectedSegmentIndex }
        set {
            precondition(
                newValue >= Self.noSegment && newValue < segments.count,
                "UISegmentedControl.selectedSegmentIndex: \(newValue) is out of bounds (noSegment, or 0..<\(segments.count))")
            guard newValue != _selectedSegmentIndex else { return }
            _selectedSegmentIndex = newValue
            updateLooks()
        }
    }
    private var _selectedSegmentIndex = UISegmentedControl.noSegment

    /// Whether segments show their selection only while touched (false): then the control shows
    /// no selected segment after the finger lifts, though `selectedSegmentIndex` names the
    /// segment last tapped.
    open var isMomentary = false {
        didSet { updateLooks() }
    }

    /// Whether a segment with no fixed width is as wide as its own content (true) or as wide as
    /// every other such segment (false, the default).
    open var apportionsSegmentWidthsByContent = false {
        didSet {
            invalidateIntrinsicContentSize()
            layoutNow()
        }
    }

    /// The thumb's colour; nil shows white.
    open var selectedSegmentTintColor: UIColor? {
        didSet { updateLooks() }
    }

    private var textAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Sets the titles' attributes for `state` (`.font` and `.foregroundColor` are used):
    /// `.selected`, `.highlighted` and `.disabled` attributes are laid over `.normal`'s.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        textAttributes[state.rawValue] = attributes
        rebuild()
    }

    /// The title attributes set for `state`, if any.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        textAttributes[state.rawValue]
    }

    /// The font and colour of a title in `state`.
    private func titleStyle(_ state: UIControl.State) -> (font: UIFont, color: UIColor) {
        var attributes = textAttributes[UIControl.State.normal.rawValue] ?? [:]
        for part in [UIControl.State.selected, .highlighted, .disabled] where state.contains(part) {
            attributes.merge(textAttributes[part.rawValue] ?? [:]) { $1 }
        }
        let weight: UIFont.Weight = state.contains(.selected) ? .semibold : .regular
        let font = attributes[.font] as? UIFont ?? .systemFont(ofSize: Self.fontSize, weight: weight)
        let color = attributes[.foregroundColor] as? UIColor ?? (state.contains(.disabled) ? .tertiaryLabel : .label)
        return (font, color)
    }

    // MARK: Geometry

    /// The width segment `index`'s content needs: its image's, or its title's in the selected
    /// segment's font (the wider), so a segment fits its title selected or not.
    private func contentWidth(_ index: Int) -> CGFloat {
        if let image = segments[index].image { return image.size.width }
        guard let title = segments[index].title else { return 0 }
        return ceil(title.size(withAttributes: [.font: titleStyle(.selected).font]).width)
    }

    /// Each segment's width when the control sizes itself.
    private var naturalWidths: [CGFloat] {
        let widest = segments.indices.map(contentWidth).max() ?? 0
        return segments.indices.map { i in
            if segments[i].width > 0 { return segments[i].width }
            return (apportionsSegmentWidthsByContent ? contentWidth(i) : widest) + 2 * Self.contentPadding
        }
    }

    /// Each segment's width in `width` points: fixed widths kept, the rest shared by the other
    /// segments equally, or in proportion to their natural widths when apportioned by content.
    private func widths(in width: CGFloat) -> [CGFloat] {
        let natural = naturalWidths
        let fixed = segments.indices.filter { segments[$0].width > 0 }.reduce(0) { $0 + segments[$1].width }
        let free = segments.indices.filter { segments[$0].width <= 0 }
        let remaining = max(width - fixed, 0)
        let naturalFree = free.reduce(0) { $0 + natural[$1] }
        return segments.indices.map { i in
            if segments[i].width > 0 { return segments[i].width }
            if apportionsSegmentWidthsByContent, naturalFree > 0 { return remaining * natural[i] / naturalFree }
            return remaining / CGFloat(free.count)
        }
    }

    /// Segment rectangles in bounds coordinates, left to right.
    private var segmentFrames: [CGRect] {
        var x = bounds.minX
        return widths(in: bounds.width).map { w in
            defer { x += w }
            return CGRect(x: x, y: bounds.minY, width: w, height: bounds.height)
        }
    }

    /// The index of the segment under `x` (bounds coordinates), pinned to the first and last.
    private func segment(atX x: CGFloat) -> Int? {
        let frames = segmentFrames
        guard !frames.isEmpty else { return nil }
        return frames.firstIndex { x < $0.maxX } ?? frames.count - 1
    }

    /// The natural widths' sum by 32 points.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: naturalWidths.reduce(0, +), height: Self.preferredHeight)
    }

    /// The natural size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Views

    /// Makes one label or image view per segment and the separators between them.
    private func rebuild() {
        for view in labels + imageViews + separators { view.removeFromSuperview() }
        labels = segments.map { segment in
            let label = UILabel()
            label.text = segment.title
            label.textAlignment = .center
            label.isHidden = segment.image != nil
            return label
        }
        imageViews = segments.map { UIImageView(image: $0.image) }
        separators = segments.dropLast().map { _ in
            let separator = UIView()
            separator.backgroundColor = .separator
            return separator
        }
        for view in separators + labels + imageViews {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        invalidateIntrinsicContentSize()
        layoutNow()
    }

    private func layoutNow() {
        updateLooks()
    }

    /// Places the thumb, the contents and the separators for the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutNow()
    }

    private func placeParts() {
        let frames = segmentFrames
        for (i, frame) in frames.enumerated() {
            let offset = segments[i].contentOffset
            let center = CGPoint(x: frame.midX + offset.width, y: frame.midY + offset.height)
            let labelSize = labels[i].intrinsicContentSize
            let labelWidth = min(ceil(labelSize.width), max(frame.width - 2 * 4, 0))
            labels[i].frame = CGRect(x: center.x - labelWidth / 2, y: center.y - labelSize.height / 2, width: labelWidth, height: labelSize.height)
            let imageSize = segments[i].image?.size ?? .zero
            imageViews[i].frame = CGRect(x: center.x - imageSize.width / 2, y: center.y - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
            if i < separators.count {
                separators[i].frame = CGRect(x: frame.maxX - 0.5, y: frame.midY - Self.separatorHeight / 2, width: 1, height: Self.separatorHeight)
            }
        }
    }

    /// The segment the thumb sits under now: the touched one while dragging it or while a
    /// momentary control is touched, else the selected one (none when momentary).
    private var thumbSegment: Int? {
        if isDraggingThumb || isMomentary { return touchedSegment }
        return _selectedSegmentIndex >= 0 ? _selectedSegmentIndex : nil
    }

    private func updateLooks() {
        let frames = segmentFrames
        let shown = thumbSegment
        UIView.performWithoutAnimation {
            thumb.backgroundColor = selectedSegmentTintColor ?? .white
            if let shown, frames.indices.contains(shown) {
                thumb.isHidden = false
                thumb.frame = frames[shown].insetBy(dx: Self.thumbInset, dy: Self.thumbInset)
            } else {
                thumb.isHidden = true
            }
            for i in segments.indices {
                var state = UIControl.State.normal
                if i == shown { state.insert(.selected) }
                if i == touchedSegment, !isDraggingThumb, i != shown { state.insert(.highlighted) }
                if !isEnabled || !segments[i].isEnabled { state.insert(.disabled) }
                let style = titleStyle(state)
                labels[i].font = style.font
                labels[i].textColor = style.color
                let dim: CGFloat = state.contains(.disabled) ? 0.5 : state.contains(.highlighted) ? 0.6 : 1
                labels[i].alpha = state.contains(.disabled) ? 1 : dim
                imageViews[i].alpha = dim
            }
            for (i, separator) in separators.enumerated() {
                separator.isHidden = shown == i || shown == i + 1
            }
            // Placed after the fonts are set: a selected title is semibold, and wider.
            placeParts()
        }
    }

    override func stateDidChange() { updateLooks() }

    // MARK: Tracking

    /// Highlights the touched segment; a touch on the selected segment grabs the thumb.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let index = segment(atX: touch.location(in: self).x) else { return false }
        touchedSegment = segments[index].isEnabled ? index : nil
        isDraggingThumb = !isMomentary && index == _selectedSegmentIndex && segments[index].isEnabled
        updateLooks()
        return true
    }

    /// The highlight, or the grabbed thumb, follows the finger to the enabled segment under it
    /// (outside the control, with its slop: no highlight; the thumb stays where it is).
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if let index = segment(atX: touch.location(in: self).x), segments[index].isEnabled, isTouchInside || isDraggingThumb {
            touchedSegment = index
        } else if !isDraggingThumb {
            touchedSegment = nil
        }
        updateLooks()
        return true
    }

    /// The finger lifted on an enabled segment: it becomes the selected one; when that changed
    /// the selection (or the control is momentary), `.valueChanged` is sent, and for an action
    /// segment the action runs and `.primaryActionTriggered` is sent.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { _ = continueTracking(touch, with: event) }
        let chosen = (isTouchInside || isDraggingThumb) ? touchedSegment : nil
        touchedSegment = nil
        isDraggingThumb = false
        guard let chosen, isMomentary || chosen != _selectedSegmentIndex else {
            updateLooks()
            return
        }
        _selectedSegmentIndex = chosen
        updateLooks()
        sendActions(for: .valueChanged, with: event)
        if let action = segments[chosen].action {
            sendAction(action)
            sendActions(for: .primaryActionTriggered, with: event)
        }
    }

    /// Tracking was cancelled: the selection stays as it was.
    open override func cancelTracking(with event: UIEvent?) {
        touchedSegment = nil
        isDraggingThumb = false
        updateLooks()
    }

    /// Keeps a superview's pan recognizer from taking a drag of the thumb.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isDraggingThumb, gestureRecognizer.view !== self, gestureRecognizer is UIPanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
