import Foundation

/// What a gesture recognizer's delegate may decide (UIKit's `UIGestureRecognizerDelegate`).
/// Every method has a default: begin, receive every touch, recognise alone, require nothing.
@MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `.possible` for `.began` or `.recognized`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` and `other` may both recognise the same touches.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` waits for `other` to fail before it recognises.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool
    /// Whether `other` waits for `gestureRecognizer` to fail before it recognises.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` receives `touch` (asked when the touch begins).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

/// Turns a sequence of touches into a gesture and tells its targets: UIKit's
/// `UIGestureRecognizer`. Main actor.
///
/// Attach it to a view with `UIView.addGestureRecognizer(_:)`; it then sees the touches that
/// begin in that view or its subviews, before the views do. Its `state` starts at `.possible`;
/// a discrete gesture goes to `.recognized` (= `.ended`) or `.failed`, a continuous one to
/// `.began`, `.changed`…, then `.ended` or `.cancelled`. Targets are called at every state
/// except `.possible` and `.failed`. Subclasses set `state` from the `touches…` methods, as with
/// UIKit's `UIGestureRecognizerSubclass`; the window arbitrates between recognizers (failure
/// requirements, simultaneous recognition, `cancelsTouchesInView`) when one wants to begin.
@MainActor
open class UIGestureRecognizer {
    /// The states of a recognizer.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// Not recognised yet (the state between gestures).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (a discrete one was recognised).
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed
        /// A discrete gesture was recognised (the same as `.ended`).
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: ".possible"
            case .began: ".began"
            case .changed: ".changed"
            case .ended: ".ended"
            case .cancelled: ".cancelled"
            case .failed: ".failed"
            }
        }

        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    private struct Action {
        weak var target: AnyObject?
        let hasTarget: Bool
        let perform: @MainActor (AnyObject?, UIGestureRecognizer) -> Void
    }
    private var actions: [Action] = []

    /// A recognizer with no targets yet.
    public init() {}

    /// A recognizer calling `action` on `target` (held weakly) at each state change, as UIKit's
    /// `init(target:action:)`; pass a method, e.g. `MyView.handlePan`.
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target, action: @escaping @MainActor (Target) -> (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling `action`, a method that takes no argument (e.g. `MyView.tapped`
    /// for `func tapped()`), on `target` (held weakly) at each state change.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling `handler` at each state change.
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        addHandler(handler)
    }

    /// Adds a target (held weakly) and the method to call on it at each state change.
    public func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Recognizer) -> Void
    ) {
        actions.append(
            Action(target: target, hasTarget: true) { target, recognizer in
                guard let target = target as? Target, let recognizer = recognizer as? Recognizer else { return }
                action(target)(recognizer)
            })
    }

    /// Adds a target (held weakly) and a method taking no argument to call on it at each state change.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        actions.append(
            Action(target: target, hasTarget: true) { target, _ in
                guard let target = target as? Target else { return }
                action(target)()
            })
    }

    /// Adds a closure called at each state change.
    public func addHandler(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        actions.append(Action(target: nil, hasTarget: false) { _, recognizer in handler(recognizer) })
    }

    /// Removes the actions of `target`; nil removes every target and handler.
    public func removeTarget(_ target: AnyObject?) {
        guard let target else { actions = []; return }
        actions.removeAll { $0.hasTarget && ($0.target === target || $0.target == nil) }
    }

    // MARK: State

    private var _state = State.possible
    /// A begin (`.began`/`.recognized`) waiting for the window's arbitration.
    var requestedBegin: State?

    /// The recognizer's state. Subclasses set it as the touches reveal the gesture; a change
    /// that a recognizer may not make (say `.possible` → `.changed`) is ignored with a logged
    /// reason. A begin is decided by the window: it may wait for other recognizers to fail, or
    /// fail itself.
    public var state: State {
        get { _state }
        set { requestTransition(to: newValue) }
    }

    private func requestTransition(to new: State) {
        let allowed: Bool =
            switch (_state, new) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed): true
            case (.began, .changed), (.began, .ended), (.began, .cancelled): true
            case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
            case (_, .possible): true  // reset
            default: false
            }
        guard allowed else {
            log("\(typeName): state \(_state) → \(new) is not a transition a gesture recognizer can make; ignored")
            return
        }
        if _state == .possible, new == .began || new == .ended, let environment {
            requestedBegin = new
            environment.beginRequested(self)
            return
        }
        if new == .possible || new.isFinal, requestedBegin != nil {
            // It gave up (or finished) while waiting to begin: the wait is over.
            requestedBegin = nil
            environment?.withdrawBegin(self)
        }
        _state = new
        if new != .failed, new != .possible { fireActions() }
        if new.isFinal { environment?.recognizerFinished(self) }
    }

    /// Applies a state decided by the window, calling the targets.
    func apply(_ new: State) {
        requestedBegin = nil
        _state = new
        if new != .failed, new != .possible { fireActions() }
    }

    private func fireActions() {
        for action in actions where !action.hasTarget || action.target != nil {
            action.perform(action.target, self)
        }
    }

    // MARK: Settings

    /// The view it is attached to.
    public internal(set) weak var view: UIView?
    /// Whether it receives touches; turning it off cancels a gesture in progress.
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            if _state == .began || _state == .changed { state = .cancelled }
            environment?.drop(self)
        }
    }
    /// The object consulted about beginning, simultaneous recognition, failure requirements and touches.
    public weak var delegate: (any UIGestureRecognizerDelegate)?
    /// Whether the view's touches are cancelled (`touchesCancelled`) when the gesture is recognised.
    public var cancelsTouchesInView = true
    /// Whether `touchesBegan` reaches the view only once this recognizer has failed.
    public var delaysTouchesBegan = false
    /// Whether `touchesEnded` reaches the view only once this recognizer has failed (true by default).
    public var delaysTouchesEnded = true
    /// A name for debugging.
    public var name: String?

    /// Recognizers that must fail before this one may recognise.
    var failureRequirements: [Weak<UIGestureRecognizer>] = []

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it recognises
    /// (a single tap waiting for a double tap).
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.append(Weak(otherGestureRecognizer))
    }

    // MARK: Touches

    /// The window whose touches it is following, while it has any.
    weak var environment: EventDispatcher?
    /// The touches it is following (down, or ended in the current sequence).
    var trackedTouches: [UITouch] = []
    /// Where its touches were last, in window coordinates (for `location(in:)` after they end).
    var lastCentroid = CGPoint.zero

    /// The number of touches it is following that are down (in a discrete gesture's action,
    /// after they lifted, the touches of the gesture).
    public var numberOfTouches: Int { touchesForLocation.count }

    /// The touches down, or once all lifted, the last gesture's.
    private var touchesForLocation: [UITouch] {
        let down = activeTouches
        return down.isEmpty ? trackedTouches : down
    }

    /// Its touches that are down.
    var activeTouches: [UITouch] { trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled } }

    /// The centroid of its touches, in `view`'s coordinates (nil: the window's); after they
    /// lifted, where they were last.
    public func location(in view: UIView?) -> CGPoint {
        let touches = activeTouches
        if !touches.isEmpty { lastCentroid = Self.centroid(of: touches) }
        guard let view else { return lastCentroid }
        return view.convert(lastCentroid, from: nil).saturatedToFinite
    }

    /// The location of its `touchIndex`th touch (see `numberOfTouches`), in `view`'s coordinates.
    public func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = touchesForLocation
        precondition(touches.indices.contains(touchIndex), "UIGestureRecognizer.location(ofTouch: \(touchIndex)): it has \(touches.count) touches")
        return touches[touchIndex].location(in: view)
    }

    /// The mean of the touches' window locations (each divided before adding, so that finite
    /// locations never sum past the largest finite number).
    static func centroid(of touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        let n = Double(touches.count)
        var x = 0.0, y = 0.0
        for touch in touches { x += touch.windowLocation.x / n; y += touch.windowLocation.y / n }
        return CGPoint(x: x, y: y)
    }

    /// The time of the input being handled, in seconds on the screen's frame clock.
    var now: TimeInterval { environment?.time ?? 0 }

    /// Calls `body` at `time` (frame-clock seconds) unless the recognizer resets first; time
    /// advances with input and frames (see `UIWindow.advanceInput(to:)`).
    func schedule(at time: TimeInterval, _ body: @escaping @MainActor () -> Void) {
        environment?.schedule(at: time, for: self, body)
    }

    // MARK: Override points (UIKit's UIGestureRecognizerSubclass)

    /// Touches began that this recognizer receives.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Its touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Its touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Its touches were cancelled; the default fails (or cancels) the gesture.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if _state == .began || _state == .changed { state = .cancelled } else if _state == .possible { state = .failed }
    }
    /// A scroll (wheel or trackpad) over its view; only pan recognizers use it. A wheel step
    /// arrives as `.wheel` (begin), then `.changed` by its delta, then `.ended`. Returns whether
    /// it takes the scroll.
    open func scrolled(by delta: CGVector, phase: ScrollInput.Phase, at location: CGPoint, time: TimeInterval) -> Bool { false }

    /// Returns to `.possible` after a gesture; subclasses clear what they tracked (call super).
    open func reset() {}

    /// Whether this recognizer, recognising, may make `preventedGestureRecognizer` fail.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognising, may make this one fail.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (besides `require(toFail:)`).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Internals

    /// Back to `.possible` with nothing tracked.
    func resetForNextGesture() {
        trackedTouches = []
        requestedBegin = nil
        _state = .possible
        reset()
    }

    /// Detached from its view: a gesture in progress is cancelled.
    func detached() {
        if _state == .began || _state == .changed { state = .cancelled }
        environment?.drop(self)
    }

    var typeName: String { name.map { "\(type(of: self)) \"\($0)\"" } ?? "\(type(of: self))" }

    func log(_ message: String) { EventDispatcher.log(message) }
}

// An `NSObject` in UIKit: equal only to itself, hashed by identity.
extension UIGestureRecognizer: Hashable {
    /// Whether `a` and `b` are the same recognizer.
    nonisolated public static func == (a: UIGestureRecognizer, b: UIGestureRecognizer) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension BinaryFloatingPoint {
    /// The value as a finite number, for what recognizers and touches report: a result that
    /// overflowed saturates at ±`greatestFiniteMagnitude`, a NaN (from a non-invertible
    /// transform) is 0. Finite input then never gives the application ±∞ or NaN.
    var saturatedToFinite: Self {
        if isFinite { return self }
        return isNaN ? 0 : (self < 0 ? -Self.greatestFiniteMagnitude : Self.greatestFiniteMagnitude)
    }
}

extension CGPoint {
    /// Both coordinates saturated to finite numbers (see `BinaryFloatingPoint.saturatedToFinite`).
    var saturatedToFinite: CGPoint { CGPoint(x: x.saturatedToFinite, y: y.saturatedToFinite) }
}
