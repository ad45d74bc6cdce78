import Foundation

/// A view that turns touches into actions: UIKit's `UIControl`. Main actor.
///
/// A control tracks the first touch that goes down in it and sends control events to the
/// targets and actions registered for them (`addTarget(_:action:for:)`, `addAction(_:for:)`):
/// `.touchDown` (and `.touchDownRepeat` for a repeated tap), `.touchDragInside`/`Outside` as the
/// touch moves, `.touchDragExit`/`Enter` when it crosses the edge, `.touchUpInside`/`Outside`
/// when it lifts, `.touchCancel` when it is cancelled. "Inside" reaches 70 points beyond the
/// bounds on every side, as in UIKit, so a finger that slips a little off a button still taps
/// it; while tracking, `isHighlighted` follows `isTouchInside`. A disabled control is still hit
/// (it keeps touches from the views under it) but tracks nothing and sends no events.
///
/// A tap recognizer of a superview does not take a single tap from a control: the control's
/// own action wins, as UIKit's controls do for the gestures that match their default action.
@MainActor
open class UIControl: UIView {
    /// A control's state: UIKit's `UIControl.State`, with its raw values.
    public struct State: OptionSet, Hashable, Sendable {
        /// The state as bits.
        public let rawValue: UInt
        /// A state from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not selected, not highlighted (no bits).
        public static let normal = State([])
        /// A touch is down in the control (inside it, with the slop).
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has the focus (never, in Strata).
        public static let focused = State(rawValue: 1 << 3)
        /// Bits for the application's own states.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for the framework.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events a control sends: UIKit's `UIControl.Event`, with its raw values.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The events as bits.
        public let rawValue: UInt
        /// Events from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch went down again (its `tapCount` is above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The touch moved, inside.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The touch moved, outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The touch came back inside after leaving.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The touch went outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The touch lifted inside: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The touch lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed through the user.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action was triggered.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Text editing began (text fields).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// Text changed (text fields).
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Text editing ended (text fields).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Text editing ended with the return key (text fields).
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits for the application's own events.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved for the framework.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How content sits across a control: UIKit's `UIControl.ContentHorizontalAlignment`.
    public enum ContentHorizontalAlignment: Int, Sendable, CaseIterable {
        case center = 0, left, right, fill, leading, trailing
    }

    /// How content sits down a control: UIKit's `UIControl.ContentVerticalAlignment`.
    public enum ContentVerticalAlignment: Int, Sendable, CaseIterable {
        case center = 0, top, bottom, fill
    }

    /// How far beyond the bounds a tracked touch still counts as inside (70 points, as UIKit).
    public static let touchSlop: CGFloat = 70

    /// The registered targets and actions, in the order they were added.
    var dispatchTable: [ControlAction] = []
    /// The touch being tracked (the first that went down in the control).
    private var trackedTouch: UITouch?

    /// Creates a control with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a control from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: State

    /// Whether the control takes touches and sends events (true). A disabled control shows it.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled, trackedTouch != nil { endTouch(sending: .touchCancel, with: nil, cancelled: true) }
            stateDidChange()
        }
    }

    /// Whether the control is selected (false); controls like segmented ones show it.
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// Whether a touch is down in the control (false); set while tracking, and settable.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// The control's state: `.highlighted`, `.disabled` and `.selected` as its flags say
    /// (`.normal` when none).
    open var state: State {
        var state = State.normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether the control is tracking a touch (`beginTracking(_:with:)` said yes).
    public private(set) var isTracking = false

    /// Whether the tracked touch is inside the control (with the 70-point slop).
    public private(set) var isTouchInside = false

    /// How the content sits across the control (`.center`).
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center {
        didSet { if contentHorizontalAlignment != oldValue { setNeedsLayout() } }
    }

    /// How the content sits down the control (`.center`).
    open var contentVerticalAlignment = ContentVerticalAlignment.center {
        didSet { if contentVerticalAlignment != oldValue { setNeedsLayout() } }
    }

    /// Whether the control shows its context menu (a button's `menu`) on a long press (false).
    /// Setting a button's `menu` turns it on, and setting it to nil turns it off, as in UIKit.
    open var isContextMenuInteractionEnabled = false {
        didSet { if isContextMenuInteractionEnabled != oldValue { contextMenuDidChange() } }
    }

    /// Whether the context menu is the control's primary action (false): then it shows on
    /// `.touchDown` instead of a long press.
    open var showsMenuAsPrimaryAction = false {
        didSet { if showsMenuAsPrimaryAction != oldValue { contextMenuDidChange() } }
    }

    /// The context-menu settings changed: buttons add or remove their long press (see
    /// UIButton+Menu.swift). Internal override point.
    func contextMenuDidChange() {}

    /// The horizontal alignment with `.leading` and `.trailing` resolved for the layout
    /// direction (left and right in left-to-right layouts).
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rightToLeft ? .right : .left
        case .trailing: return rightToLeft ? .left : .right
        default: return contentHorizontalAlignment
        }
    }

    /// The state changed: subclasses redraw. Internal override point.
    func stateDidChange() {}

    // MARK: Tracking

    /// A touch went down in the control: return whether to track it (true by default).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved: return whether to go on tracking it (true by default).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted (nil when the control stopped it).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// Tracking was cancelled (the touch was cancelled, or the control was disabled).
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `point` (bounds coordinates) counts as inside for a tracked touch: the bounds
    /// grown by `touchSlop` on every side.
    func isInsideWithSlop(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(point)
    }

    /// Tracks the first touch that goes down in an enabled control and sends `.touchDown`
    /// (then `.touchDownRepeat` when the touch is a repeated tap). Touches are not passed on.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first(where: { $0.view === self }) ?? touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: .touchDown, with: event)
        if touch.tapCount > 1 { sendActions(for: .touchDownRepeat, with: event) }
    }

    /// Follows the tracked touch: `isTouchInside` and `isHighlighted`, then, while tracking,
    /// `.touchDragExit` or `.touchDragEnter` on crossing the edge, else `.touchDragOutside` or
    /// `.touchDragInside`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideWithSlop(touch.location(in: self))
        isHighlighted = isTouchInside
        guard isTracking else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        switch (wasInside, isTouchInside) {
        case (true, true): sendActions(for: .touchDragInside, with: event)
        case (true, false): sendActions(for: .touchDragExit, with: event)
        case (false, true): sendActions(for: .touchDragEnter, with: event)
        case (false, false): sendActions(for: .touchDragOutside, with: event)
        }
    }

    /// The tracked touch lifted: `.touchUpInside` or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        isTouchInside = isInsideWithSlop(touch.location(in: self))
        endTouch(sending: isTouchInside ? .touchUpInside : .touchUpOutside, with: event, cancelled: false)
    }

    /// The tracked touch was cancelled: `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        endTouch(sending: .touchCancel, with: event, cancelled: true)
    }

    /// Stops tracking and sends `events`.
    private func endTouch(sending events: Event, with event: UIEvent?, cancelled: Bool) {
        let touch = trackedTouch
        isHighlighted = false
        if isTracking {
            if cancelled { cancelTracking(with: event) } else { endTracking(touch, with: event) }
        }
        isTracking = false
        trackedTouch = nil
        sendActions(for: events, with: event)
        if !cancelled, events == .touchUpInside { touchUpInsideDidSend(with: event) }
        isTouchInside = false
    }

    /// A tap finished inside (after `.touchUpInside` was sent): buttons send their primary
    /// action here. Internal override point.
    func touchUpInsideDidSend(with event: UIEvent?) {}

    // MARK: Gesture recognizers

    /// Keeps a single-tap recognizer of another view (a superview's) from taking the control's
    /// tap: the control's default action wins, as in UIKit. Disabled controls let it.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? UITapGestureRecognizer,
            tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
