import Foundation

/// An on/off switch: UIKit's `UISwitch`. Main actor.
///
/// Always 51 × 31 points, as in iOS (the size given to `init(frame:)` or `frame` is replaced; the
/// origin is kept): a capsule track, `onTintColor` (system green by default) when on and light
/// grey when off, with a white 27-point thumb (`thumbTintColor`) at the left when off and the right
/// when on. A tap toggles it; a drag moves the thumb with the finger and leaves the switch on the
/// side the thumb is on when the finger lifts. A change by the user sends `.valueChanged`;
/// setting `isOn` or calling `setOn(_:animated:)` sends nothing, as in UIKit.
@MainActor
open class UISwitch: UIControl {
    /// The switch's size (51 × 31 points).
    public static let switchSize = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2
    static let offTrackColor = UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
    /// How far a touch must move across before it drags the thumb instead of tapping.
    static let dragThreshold: CGFloat = 4

    private let thumb = UIView()
    /// Where the tracked touch went down, and whether it has dragged the thumb.
    private var trackingStart: CGFloat = 0
    private var isDragging = false
    private var isOnAtTouchDown = false

    /// A switch at `frame`'s origin, off.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.switchSize))
        thumb.isUserInteractionEnabled = false
        thumb.layer.cornerRadius = (Self.switchSize.height - 2 * Self.thumbInset) / 2
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.08).cgColor
        addSubview(thumb)
        layer.cornerRadius = Self.switchSize.height / 2
        updateAppearance()
    }

    /// A switch at the origin, off.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a switch from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The switch's frame; its size is always 51 × 31 points (a size set is replaced, the origin kept).
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.switchSize) }
    }

    /// Whether the switch is on (false). Setting it moves the thumb at once and sends no event.
    open var isOn: Bool {
        get { _isOn }
        set { setOn(newValue, animated: false) }
    }
    private var _isOn = false

    /// Turns the switch on or off, sliding the thumb and fading the track over 0.25 s on the
    /// render thread when `animated`. Sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        _isOn = on
        if animated {
            UIView.animate(withDuration: 0.25) { self.updateAppearance() }
        } else {
            UIView.performWithoutAnimation { updateAppearance() }
        }
    }

    /// The track's colour when on; nil shows system green.
    open var onTintColor: UIColor? {
        didSet { updateAppearance() }
    }

    /// The thumb's colour; nil shows white.
    open var thumbTintColor: UIColor? {
        didSet { updateAppearance() }
    }

    /// 51 × 31 points.
    open override var intrinsicContentSize: CGSize { Self.switchSize }

    /// 51 × 31 points, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.switchSize }

    /// The thumb's frame for `on` with nothing dragged.
    private func thumbFrame(on: Bool) -> CGRect {
        let side = Self.switchSize.height - 2 * Self.thumbInset
        let x = on ? Self.switchSize.width - Self.thumbInset - side : Self.thumbInset
        return CGRect(x: x, y: Self.thumbInset, width: side, height: side)
    }

    private func updateAppearance() {
        backgroundColor = _isOn ? (onTintColor ?? .systemGreen) : Self.offTrackColor
        thumb.backgroundColor = thumbTintColor ?? .white
        thumb.frame = thumbFrame(on: _isOn)
        alpha = isEnabled ? 1 : 0.5
    }

    override func stateDidChange() {
        alpha = isEnabled ? 1 : 0.5
    }

    // MARK: Tracking

    /// Starts a tap or a drag of the thumb.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackingStart = touch.location(in: self).x
        isDragging = false
        isOnAtTouchDown = _isOn
        return true
    }

    /// Moves the thumb with the finger once it has moved across more than 4 points.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        if !isDragging, abs(x - trackingStart) > Self.dragThreshold { isDragging = true }
        if isDragging {
            let off = thumbFrame(on: false).minX, on = thumbFrame(on: true).minX
            let start = isOnAtTouchDown ? on : off
            UIView.performWithoutAnimation { thumb.frame.origin.x = min(max(start + x - trackingStart, off), on) }
        }
        return true
    }

    /// A tap toggles; a drag leaves the switch on the side of the thumb. Sends `.valueChanged`
    /// when that changed the value. A touch lifted outside (beyond the slop) changes nothing.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let newValue: Bool
        if !isTouchInside {
            newValue = isOnAtTouchDown
        } else if isDragging {
            newValue = thumb.frame.midX > bounds.midX
        } else {
            newValue = !isOnAtTouchDown
        }
        setOn(newValue, animated: true)
        if newValue != isOnAtTouchDown { sendActions(for: .valueChanged, with: event) }
        isDragging = false
    }

    /// Puts the thumb back where the value says.
    open override func cancelTracking(with event: UIEvent?) {
        isDragging = false
        setOn(_isOn, animated: true)
    }

    /// Keeps a superview's tap or pan recognizer from taking the switch's tap or drag.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, gestureRecognizer is UIPanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
