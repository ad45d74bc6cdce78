import Foundation

/// A control for choosing a value from a continuous range: UIKit's `UISlider`. Main actor.
///
/// A 4-point track across the bounds, `minimumTrackTintColor` (the tint colour by default) left
/// of the thumb and `maximumTrackTintColor` (light grey) right of it, and a white 28-point thumb
/// (`thumbTintColor`). The thumb moves only when dragged: a touch must go down on it (or within
/// 8 points of it); a touch elsewhere on the track changes nothing, as in UIKit. Dragging moves
/// the value by the distance dragged, sending `.valueChanged` as it changes (`isContinuous`) or
/// once when the finger lifts. Setting `value` sends nothing.
@MainActor
open class UISlider: UIControl {
    /// The slider's height when it sizes itself (34 points).
    public static let preferredHeight: CGFloat = 34
    static let trackHeight: CGFloat = 4
    static let thumbSide: CGFloat = 28
    /// How far around the thumb a touch still grabs it.
    static let thumbGrabSlop: CGFloat = 8

    private let minimumTrack = UIView(), maximumTrack = UIView(), thumb = UIView()
    /// The distance from the touch to the thumb's centre when the drag began.
    private var grabOffset: CGFloat = 0
    private var valueAtTouchDown: Float = 0

    /// A slider at `frame`, at 0 in 0…1.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        for part in [minimumTrack, maximumTrack, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        minimumTrack.layer.cornerRadius = Self.trackHeight / 2
        maximumTrack.layer.cornerRadius = Self.trackHeight / 2
        thumb.layer.cornerRadius = Self.thumbSide / 2
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.12).cgColor
        updateColors()
        placeParts()
    }

    /// A slider with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a slider from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Value

    /// The value, within `minimumValue…maximumValue` (0). A value set outside is clamped.
    /// - Precondition: finite.
    open var value: Float {
        get { _value }
        set { setValue(newValue, animated: false) }
    }
    private var _value: Float = 0

    /// The lowest value (0). Raising it above `value` raises `value` to it; raising it above
    /// `maximumValue` raises the maximum to it too, as UIKit does.
    /// - Precondition: finite.
    open var minimumValue: Float = 0 {
        didSet {
            precondition(minimumValue.isFinite, "UISlider.minimumValue must be finite, got \(minimumValue)")
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(_value, animated: false)
        }
    }

    /// The highest value (1). Lowering it below `value` lowers `value` to it; lowering it below
    /// `minimumValue` lowers the minimum to it too, as UIKit does.
    /// - Precondition: finite.
    open var maximumValue: Float = 1 {
        didSet {
            precondition(maximumValue.isFinite, "UISlider.maximumValue must be finite, got \(maximumValue)")
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(_value, animated: false)
        }
    }

    /// Whether dragging sends `.valueChanged` at each change (true) or once when the finger lifts.
    open var isContinuous = true

    /// Sets the value (clamped to the range), moving the thumb over 0.25 s on the render thread
    /// when `animated`. Sends no event.
    /// - Precondition: `value` is finite; traps naming it.
    open func setValue(_ value: Float, animated: Bool) {
        precondition(value.isFinite, "UISlider.setValue: \(value) is not a finite number; pass a value in \(minimumValue)…\(maximumValue)")
        _value = min(max(value, minimumValue), maximumValue)
        if animated {
            UIView.animate(withDuration: 0.25) { self.placeParts() }
        } else {
            UIView.performWithoutAnimation { placeParts() }
        }
    }

    // MARK: Colours

    /// The track's colour left of the thumb; nil shows the tint colour.
    open var minimumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The track's colour right of the thumb; nil shows light grey.
    open var maximumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The thumb's colour; nil shows white.
    open var thumbTintColor: UIColor? { didSet { updateColors() } }

    // MARK: Images (kept: Strata draws the standard track and thumb)

    /// An image at the minimum value's end (nil; kept).
    open var minimumValueImage: UIImage?
    /// An image at the maximum value's end (nil; kept).
    open var maximumValueImage: UIImage?
    private var thumbImages: [UInt: UIImage] = [:], minimumTrackImages: [UInt: UIImage] = [:], maximumTrackImages: [UInt: UIImage] = [:]

    /// Sets the thumb's image for `state` (nil removes it).
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) { thumbImages[state.rawValue] = image }
    /// The thumb's image for `state`, or the normal state's (nil: the standard thumb).
    open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state.rawValue] ?? thumbImages[UIControl.State.normal.rawValue] }
    /// The thumb's image for the current state.
    public var currentThumbImage: UIImage? { thumbImage(for: state) }
    /// Sets the track's image left of the thumb for `state` (nil removes it).
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) { minimumTrackImages[state.rawValue] = image }
    /// The track's image left of the thumb for `state`, or the normal state's.
    open func minimumTrackImage(for state: UIControl.State) -> UIImage? {
        minimumTrackImages[state.rawValue] ?? minimumTrackImages[UIControl.State.normal.rawValue]
    }
    /// The track's image left of the thumb for the current state.
    public var currentMinimumTrackImage: UIImage? { minimumTrackImage(for: state) }
    /// Sets the track's image right of the thumb for `state` (nil removes it).
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) { maximumTrackImages[state.rawValue] = image }
    /// The track's image right of the thumb for `state`, or the normal state's.
    open func maximumTrackImage(for state: UIControl.State) -> UIImage? {
        maximumTrackImages[state.rawValue] ?? maximumTrackImages[UIControl.State.normal.rawValue]
    }
    /// The track's image right of the thumb for the current state.
    public var currentMaximumTrackImage: UIImage? { maximumTrackImage(for: state) }

    private func updateColors() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.backgroundColor = thumbTintColor ?? .white
        alpha = isEnabled ? 1 : 0.5
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    override func stateDidChange() { updateColors() }

    // MARK: Geometry

    /// The track's rectangle in `bounds`: 4 points high, across the whole width, centred down.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width, height: Self.trackHeight)
    }

    /// The thumb's rectangle for `value`: 28 points square, centred on the track, its centre
    /// moving from the track's left end plus half a thumb to its right end minus half a thumb.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let travel = max(rect.width - Self.thumbSide, 0)
        return CGRect(
            x: rect.minX + travel * fraction, y: rect.midY - Self.thumbSide / 2, width: Self.thumbSide, height: Self.thumbSide)
    }

    /// The track's rectangle now.
    private var currentTrackRect: CGRect { trackRect(forBounds: bounds) }

    private func placeParts() {
        let track = currentTrackRect
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: _value)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(thumbFrame.midX - track.minX, 0), height: track.height)
        maximumTrack.frame = CGRect(x: thumbFrame.midX, y: track.minY, width: max(track.maxX - thumbFrame.midX, 0), height: track.height)
        thumb.frame = thumbFrame
    }

    /// Places the track and the thumb for the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        UIView.performWithoutAnimation { placeParts() }
    }

    /// No intrinsic width; 34 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.preferredHeight) }

    /// The offered width (at least a thumb's), 34 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: max(size.width, Self.thumbSide), height: Self.preferredHeight)
    }

    // MARK: Tracking

    /// Grabs the thumb when the touch is on it (or within 8 points); otherwise does not track.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: currentTrackRect, value: _value)
        guard thumbFrame.insetBy(dx: -Self.thumbGrabSlop, dy: -Self.thumbGrabSlop).contains(point) else { return false }
        grabOffset = point.x - thumbFrame.midX
        valueAtTouchDown = _value
        return true
    }

    /// Moves the value with the finger; sends `.valueChanged` at each change when continuous.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let track = currentTrackRect
        let travel = track.width - Self.thumbSide
        guard travel > 0 else { return true }
        let center = touch.location(in: self).x - grabOffset
        let fraction = Float((center - track.minX - Self.thumbSide / 2) / travel)
        let old = _value
        setValue(minimumValue + fraction * (maximumValue - minimumValue), animated: false)
        if isContinuous, _value != old { sendActions(for: .valueChanged, with: event) }
        return true
    }

    /// Sends `.valueChanged` once when not continuous and the drag changed the value.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { _ = continueTracking(touch, with: event) }
        if !isContinuous, _value != valueAtTouchDown { sendActions(for: .valueChanged, with: event) }
    }

    /// Keeps a superview's pan recognizer from taking a drag of the thumb.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isTracking, gestureRecognizer.view !== self, gestureRecognizer is UIPanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
