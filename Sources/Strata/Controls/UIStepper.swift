import Foundation

/// A control for incrementing or decrementing a value: UIKit's `UIStepper`. Main actor.
///
/// Always 94 × 32 points, as in iOS 13 and later (a size given to `init(frame:)` or `frame` is
/// replaced; the origin is kept): a rounded grey track split in two halves by a thin divider, a
/// "−" on the left half and a "+" on the right. A tap on a half steps `value` by `stepValue`
/// when the finger lifts; holding a half steps again after 0.5 s and then repeatedly, faster the
/// longer it is held (`autorepeat`), on the window's frame clock, so scripted input replays
/// exactly. A half whose step could not change the value (the value at that end, without
/// `wraps`) is dimmed and does nothing. A change by the user sends `.valueChanged` at each step
/// (`isContinuous`) or once when the finger lifts; setting `value` sends nothing.
///
/// The range follows UIKit's rule: `maximumValue` is at least `minimumValue`; setting one past
/// the other sets both to the new value (minimum 200, maximum set to 100: both become 100 —
/// UIKit's implementation moves the other bound to the new value). `stepValue` must be above 0:
/// anything else traps, as UIKit raises `NSInvalidArgumentException`.
@MainActor
open class UIStepper: UIControl {
    /// The stepper's size (94 × 32 points).
    public static let stepperSize = CGSize(width: 94, height: 32)
    /// When holding a half first steps again, and the gap between the next three repeats (s).
    public static let autorepeatDelay: TimeInterval = 0.5
    /// The gap between repeats from the fifth to the nineteenth (s).
    public static let autorepeatInterval: TimeInterval = 0.1
    /// The gap between repeats after the nineteenth (s).
    public static let fastAutorepeatInterval: TimeInterval = 0.05
    static let dividerWidth: CGFloat = 1
    static let cornerRadius: CGFloat = 9
    static let highlightColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.24)

    private let leftHighlight = UIView(), rightHighlight = UIView(), divider = UIView()
    private let leftBackground = UIImageView(), rightBackground = UIImageView()
    private let minusGlyph = StepperGlyphView(plus: false), plusGlyph = StepperGlyphView(plus: true)
    private let minusImageView = UIImageView(), plusImageView = UIImageView()
    /// Fires the autorepeat deadlines on the window's input clock; it never recognises.
    private let repeater = StepperAutorepeatRecognizer()

    /// Which half the tracked touch is on (nil: neither, or no touch).
    private enum Half { case minus, plus }
    private var pressedHalf: Half?
    private var repeatCount = 0

    /// A stepper at `frame`'s origin: value 0 in 0…100, step 1.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.stepperSize))
        layer.cornerRadius = Self.cornerRadius
        clipsToBounds = true
        backgroundColor = .tertiarySystemFill
        for part in [leftBackground, rightBackground, leftHighlight, rightHighlight, divider, minusGlyph, plusGlyph, minusImageView, plusImageView] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        leftHighlight.backgroundColor = Self.highlightColor
        rightHighlight.backgroundColor = Self.highlightColor
        divider.backgroundColor = .separator
        repeater.stepper = self
        addGestureRecognizer(repeater)
        placeParts()
        updateLooks()
    }

    /// A stepper at the origin.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a stepper from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The stepper's frame; its size is always 94 × 32 points (a size set is replaced, the
    /// origin kept).
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.stepperSize) }
    }

    // MARK: Value

    /// The value (0), always within `minimumValue…maximumValue`: a value set outside is clamped.
    /// Setting it sends no event.
    open var value: Double {
        get { _value }
        set {
            let clamped = min(max(newValue, minimumValue), maximumValue)
            guard clamped != _value else { return }
            _value = clamped
            updateLooks()
        }
    }
    private var _value: Double = 0

    /// The lowest value (0). Set above `maximumValue`, the maximum becomes it too; `value` is
    /// raised to it when below.
    open var minimumValue: Double {
        get { _minimumValue }
        set {
            guard newValue != _minimumValue else { return }
            if newValue > _maximumValue { _maximumValue = newValue }
            _minimumValue = newValue
            value = _value
            updateLooks()
        }
    }
    private var _minimumValue: Double = 0

    /// The highest value (100). Set below `minimumValue`, the minimum becomes it too; `value` is
    /// lowered to it when above.
    open var maximumValue: Double {
        get { _maximumValue }
        set {
            guard newValue != _maximumValue else { return }
            if newValue < _minimumValue { _minimumValue = newValue }
            _maximumValue = newValue
            value = _value
            updateLooks()
        }
    }
    private var _maximumValue: Double = 100

    /// How much one step changes the value (1).
    /// - Precondition: above 0. UIKit raises `NSInvalidArgumentException` ("stepValue must be
    ///   greater than 0"); Strata traps with that message.
    open var stepValue: Double {
        get { _stepValue }
        set {
            precondition(newValue > 0, "UIStepper: stepValue must be greater than 0 (NSInvalidArgumentException), got \(newValue)")
            _stepValue = newValue
        }
    }
    private var _stepValue: Double = 1

    /// Whether a step past an end goes round to the other end (false). Without it the value
    /// holds at the ends.
    open var wraps = false {
        didSet { updateLooks() }
    }

    /// Whether holding a half steps repeatedly (true).
    open var autorepeat = true

    /// Whether `.valueChanged` is sent at each step while the finger is down (true) or once
    /// when it lifts.
    open var isContinuous = true

    // MARK: Images

    private var backgroundImages: [UInt: UIImage] = [:]
    private var incrementImages: [UInt: UIImage] = [:]
    private var decrementImages: [UInt: UIImage] = [:]

    /// Sets the picture stretched over the whole stepper in `state` (each half shows its own
    /// state's, falling back to `.normal`'s); nil removes it.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state.rawValue] = image
        updateLooks()
    }

    /// The background picture set for `state`, if any.
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages[state.rawValue] }

    /// Sets the picture shown on the "+" half in `state` instead of the "+" (falling back to
    /// `.normal`'s); nil goes back to the "+".
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
        incrementImages[state.rawValue] = image
        updateLooks()
    }

    /// The "+" half's picture set for `state`, if any.
    open func incrementImage(for state: UIControl.State) -> UIImage? { incrementImages[state.rawValue] }

    /// Sets the picture shown on the "−" half in `state` instead of the "−" (falling back to
    /// `.normal`'s); nil goes back to the "−".
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
        decrementImages[state.rawValue] = image
        updateLooks()
    }

    /// The "−" half's picture set for `state`, if any.
    open func decrementImage(for state: UIControl.State) -> UIImage? { decrementImages[state.rawValue] }

    // MARK: Looks

    /// Whether the "+" half can step now: enabled, and below the maximum or wrapping.
    var canIncrement: Bool { isEnabled && (wraps || _value < _maximumValue) }
    /// Whether the "−" half can step now: enabled, and above the minimum or wrapping.
    var canDecrement: Bool { isEnabled && (wraps || _value > _minimumValue) }

    /// 94 × 32 points.
    open override var intrinsicContentSize: CGSize { Self.stepperSize }

    /// 94 × 32 points, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.stepperSize }

    /// The halves' rectangles: (94 − 1) / 2 = 46.5 points each, either side of the divider.
    private var halves: (minus: CGRect, plus: CGRect) {
        let half = (Self.stepperSize.width - Self.dividerWidth) / 2, h = Self.stepperSize.height
        return (CGRect(x: 0, y: 0, width: half, height: h), CGRect(x: half + Self.dividerWidth, y: 0, width: half, height: h))
    }

    private func placeParts() {
        let (minus, plus) = halves
        UIView.performWithoutAnimation {
            leftBackground.frame = minus
            rightBackground.frame = plus
            leftHighlight.frame = minus
            rightHighlight.frame = plus
            divider.frame = CGRect(x: minus.maxX, y: 7, width: Self.dividerWidth, height: Self.stepperSize.height - 14)
            let glyph = CGSize(width: 14, height: 14)
            minusGlyph.frame = CGRect(origin: CGPoint(x: minus.midX - 7, y: minus.midY - 7), size: glyph)
            plusGlyph.frame = CGRect(origin: CGPoint(x: plus.midX - 7, y: plus.midY - 7), size: glyph)
        }
    }

    private func image(_ images: [UInt: UIImage], _ state: UIControl.State) -> UIImage? {
        images[state.rawValue] ?? images[UIControl.State.normal.rawValue]
    }

    private func updateLooks() {
        let minusState: UIControl.State = !canDecrement ? .disabled : (pressedHalf == .minus && isTouchInside ? .highlighted : .normal)
        let plusState: UIControl.State = !canIncrement ? .disabled : (pressedHalf == .plus && isTouchInside ? .highlighted : .normal)
        UIView.performWithoutAnimation {
            leftHighlight.isHidden = minusState != .highlighted
            rightHighlight.isHidden = plusState != .highlighted
            leftBackground.image = image(backgroundImages, minusState)
            rightBackground.image = image(backgroundImages, plusState)
            leftBackground.isHidden = leftBackground.image == nil
            rightBackground.isHidden = rightBackground.image == nil
            backgroundColor = backgroundImages.isEmpty ? .tertiarySystemFill : .clear
            divider.isHidden = !backgroundImages.isEmpty
            for (glyph, imageView, images, state, rect) in [
                (minusGlyph, minusImageView, decrementImages, minusState, halves.minus),
                (plusGlyph, plusImageView, incrementImages, plusState, halves.plus),
            ] {
                let picture = image(images, state)
                imageView.image = picture
                imageView.isHidden = picture == nil
                glyph.isHidden = picture != nil
                glyph.color = state == .disabled ? .tertiaryLabel : tintColor == .systemBlue ? .label : tintColor
                if let picture {
                    imageView.frame = CGRect(
                        x: rect.midX - picture.size.width / 2, y: rect.midY - picture.size.height / 2, width: picture.size.width,
                        height: picture.size.height)
                }
            }
        }
    }

    override func stateDidChange() { updateLooks() }

    /// A tint set on the stepper colours its "−" and "+" (the default tint shows them in the
    /// label colour, as iOS 13 does).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateLooks()
    }

    // MARK: Tracking

    /// The half under `touch` while it is inside (with the slop), else nil.
    private func half(under touch: UITouch) -> Half? {
        guard isTouchInside else { return nil }
        return touch.location(in: self).x < halves.minus.maxX + Self.dividerWidth / 2 ? .minus : .plus
    }

    /// Whether the pressed half can step now.
    private var pressedCanStep: Bool {
        switch pressedHalf {
        case .minus: canDecrement
        case .plus: canIncrement
        case nil: false
        }
    }

    /// Presses the half under the touch and, with `autorepeat`, sets the first repeat 0.5 s on.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        repeatCount = 0
        pressedHalf = half(under: touch)
        if autorepeat { repeater.scheduleRepeat(after: Self.autorepeatDelay) }
        updateLooks()
        return true
    }

    /// Follows the finger from half to half (neither, once it is outside).
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedHalf = half(under: touch)
        updateLooks()
        return true
    }

    /// The finger lifted: a tap on a half that can step steps once; after repeats, nothing more
    /// steps. Not continuous, `.valueChanged` is sent once here when the finger lifted on a half.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { pressedHalf = half(under: touch) }
        if pressedCanStep {
            if repeatCount == 0 { step(with: event) }
            if !isContinuous { sendActions(for: .valueChanged, with: event) }
        }
        finishTracking()
    }

    /// Tracking was cancelled: nothing more steps.
    open override func cancelTracking(with event: UIEvent?) { finishTracking() }

    private func finishTracking() {
        pressedHalf = nil
        repeatCount = 0
        repeater.stop()
        updateLooks()
    }

    /// An autorepeat deadline: steps the pressed half (if it can), then sets the next one —
    /// 0.5 s on after each of the first four repeats, 0.1 s after the next fifteen, 0.05 s after
    /// that. With no half pressed the count drops back to one and the next check is 0.5 s on.
    func autorepeatFired() {
        guard isTracking else { return }
        if pressedCanStep {
            step(with: nil)
            let done = repeatCount
            repeatCount += 1
            repeater.scheduleRepeat(after: done <= 3 ? Self.autorepeatDelay : done > 18 ? Self.fastAutorepeatInterval : Self.autorepeatInterval)
        } else {
            repeatCount = min(repeatCount, 1)
            repeater.scheduleRepeat(after: Self.autorepeatDelay)
        }
    }

    /// One step of the pressed half: `value ± stepValue`, going round past an end when `wraps`
    /// (past the maximum to the minimum, below the minimum to the maximum), then clamped; sends
    /// `.valueChanged` when continuous.
    private func step(with event: UIEvent?) {
        var next = _value + (pressedHalf == .plus ? _stepValue : -_stepValue)
        if wraps {
            if next > _maximumValue {
                next = _minimumValue
            } else if next < _minimumValue {
                next = _maximumValue
            }
        }
        value = next
        if isContinuous { sendActions(for: .valueChanged, with: event) }
    }
}

/// The stepper's "−" or "+": 2-point bars, 14 points long, in `color`.
final class StepperGlyphView: UIView {
    private let across = UIView(), down = UIView()
    var color = UIColor.label {
        didSet {
            across.backgroundColor = color
            down.backgroundColor = color
        }
    }

    init(plus: Bool) {
        super.init(frame: CGRect(x: 0, y: 0, width: 14, height: 14))
        isUserInteractionEnabled = false
        across.frame = CGRect(x: 0, y: 6, width: 14, height: 2)
        down.frame = CGRect(x: 6, y: 0, width: 2, height: 14)
        across.layer.cornerRadius = 1
        down.layer.cornerRadius = 1
        addSubview(across)
        if plus { addSubview(down) }
        color = .label
    }

    required init?(coder: NSCoder) { nil }
}

/// Holds the stepper's autorepeat deadlines on the window's frame clock (a recognizer's
/// deadlines fire with later input, `UIWindow.advanceInput(to:)` and rendered frames). It never
/// recognises, delays nothing and prevents nothing; it fails when the touch ends, which drops
/// any deadline left.
final class StepperAutorepeatRecognizer: UIGestureRecognizer {
    weak var stepper: UIStepper?

    override init() {
        super.init()
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    /// Calls the stepper back `delay` seconds from now on the frame clock.
    func scheduleRepeat(after delay: TimeInterval) {
        guard state == .possible else { return }
        schedule(at: now + delay) { [weak self] in self?.stepper?.autorepeatFired() }
    }

    /// Lets the deadlines go.
    func stop() {
        if environment != nil, state == .possible { state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { stop() }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { stop() }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
