import Foundation

/// One finger (or pointer) on a window, from the moment it goes down until it lifts: UIKit's
/// `UITouch`. Main actor. Strata creates touches from a host's input (`UIWindow.send(_:)`); the
/// same object stands for the finger through its whole sequence of phases.
@MainActor
public final class UITouch: Hashable {
    /// Where a touch is in its sequence.
    public enum Phase: Int, Sendable, CustomStringConvertible {
        /// It went down in this event.
        case began
        /// It moved in this event.
        case moved
        /// It is down and did not move in this event.
        case stationary
        /// It lifted in this event.
        case ended
        /// The system or the host cancelled it.
        case cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// What produced a touch.
    public enum TouchType: Int, Sendable {
        /// A finger on a touch screen.
        case direct
        /// A mouse or trackpad pointer.
        case indirectPointer
    }

    /// The host's identifier of the finger or pointer.
    public let identifier: Int
    /// The phase of the touch in the event being delivered.
    public internal(set) var phase: Phase
    /// When the touch last changed, in seconds on the screen's frame clock.
    public internal(set) var timestamp: TimeInterval
    /// How many taps in quick succession at about the same place this touch is (1 for the first).
    public internal(set) var tapCount: Int
    /// The kind of input device.
    public let type: TouchType
    /// The view the touch began in (the hit-test result); it keeps it until it ends.
    public internal(set) var view: UIView?
    /// The window the touch belongs to.
    public internal(set) weak var window: UIWindow?
    /// The gesture recognizers receiving this touch.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer] = []

    /// Where the touch is, in window coordinates.
    var windowLocation: CGPoint
    /// Where it was at the event before, in window coordinates.
    var previousWindowLocation: CGPoint
    /// Where it went down, in window coordinates.
    let startWindowLocation: CGPoint
    /// When it went down.
    let startTimestamp: TimeInterval

    /// A touch belonging to nothing (UIKit's `UITouch()`): phase `.began`, at (0, 0) in no view
    /// or window, timestamp 0, tap count 0. For code that hands touches to a responder or a
    /// gesture recognizer itself; Strata's own input makes its touches from a host's events.
    public convenience init() {
        self.init(identifier: 0, location: .zero, timestamp: 0, tapCount: 0, type: .direct, window: nil)
    }

    init(identifier: Int, location: CGPoint, timestamp: TimeInterval, tapCount: Int, type: TouchType, window: UIWindow?) {
        self.identifier = identifier
        phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.type = type
        self.window = window
        windowLocation = location
        previousWindowLocation = location
        startWindowLocation = location
        startTimestamp = timestamp
    }

    /// The touch's location in `view`'s bounds coordinates (nil: the window's coordinates).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil).saturatedToFinite
    }

    /// The touch's location at the previous event, in `view`'s coordinates (nil: the window's).
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: nil).saturatedToFinite
    }

    public nonisolated static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One delivery of input to a window: the touches that changed, with every touch down at the
/// time (UIKit's `UIEvent`). Main actor.
@MainActor
open class UIEvent {
    /// What kind of input an event carries (UIKit's raw values).
    public enum EventType: Int, Sendable {
        /// Touches.
        case touches = 0
        /// Motion (shaking); Strata's hosts send none.
        case motion = 1
        /// Remote-control events; Strata's hosts send none.
        case remoteControl = 2
        /// Presses of physical buttons or keys (`UIPressesEvent`).
        case presses = 3
        /// Scrolling (a wheel or trackpad), delivered to pan gesture recognizers that allow it.
        case scroll = 10
    }

    /// The kind of input.
    public let type: EventType
    /// When the event happened, in seconds on the screen's frame clock.
    public let timestamp: TimeInterval
    private let touches: Set<UITouch>

    /// An event with no touches (UIKit's `UIEvent()`): type `.touches`, timestamp 0, `allTouches`
    /// empty. For code that calls `touchesBegan(_:with:)` and its kin itself.
    public convenience init() {
        self.init(type: .touches, timestamp: 0, touches: [])
    }

    init(type: EventType, timestamp: TimeInterval, touches: Set<UITouch>, modifierFlags: UIKeyModifierFlags = []) {
        self.type = type
        self.timestamp = timestamp
        self.touches = touches
        self.modifierFlags = modifierFlags
    }

    /// The modifier keys held when the event happened (empty when the host sent no key state).
    public let modifierFlags: UIKeyModifierFlags

    /// Every touch down (or ending) at the time of the event.
    /// Empty for an event with none (`UIEvent()`, the event `UIControl.sendActions(for:)` passes);
    /// nil for scroll events.
    public var allTouches: Set<UITouch>? { type == .touches ? touches : nil }

    /// The event's touches that began in `view`.
    public func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }

    /// The event's touches in `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? { touches.filter { $0.window === window } }

    /// The event's touches that `gesture` receives.
    public func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        touches.filter { touch in touch.gestureRecognizers.contains { $0 === gesture } }
    }
}
