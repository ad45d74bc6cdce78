import Foundation

/// Recognises taps: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers, each lifted
/// near where it went down (UIKit's `UITapGestureRecognizer`). Discrete. Main actor.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps make the gesture (1 by default).
    public var numberOfTapsRequired = 1
    /// How many fingers each tap uses (1 by default).
    public var numberOfTouchesRequired = 1
    /// How far a finger may move, in points, and still tap.
    public static let allowableMovement = 10.0

    private var taps = 0
    private var mostTouchesInTap = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var firstTapLocation: CGPoint?
    private var generation = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        generation += 1  // the next tap came: the deadline for it no longer applies
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.windowLocation }
        let down = activeTouches
        if down.count > numberOfTouchesRequired { state = .failed; return }
        if let first = firstTapLocation, let touch = touches.first,
            hypot(touch.windowLocation.x - first.x, touch.windowLocation.y - first.y) > EventDispatcher.multiTapDistance
        {
            state = .failed  // the next tap is elsewhere
            return
        }
        mostTouchesInTap = max(mostTouchesInTap, down.count)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            if hypot(touch.windowLocation.x - start.x, touch.windowLocation.y - start.y) > Self.allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard activeTouches.isEmpty else { return }
        guard mostTouchesInTap == numberOfTouchesRequired else { state = .failed; return }
        taps += 1
        mostTouchesInTap = 0
        if firstTapLocation == nil { firstTapLocation = lastCentroid }
        if taps >= numberOfTapsRequired {
            state = .recognized
        } else {
            // The next tap must begin soon.
            let expected = generation
            schedule(at: now + EventDispatcher.multiTapInterval) { [weak self] in
                guard let self, self.generation == expected, self.state == .possible else { return }
                self.state = .failed
            }
        }
    }

    open override func reset() {
        super.reset()
        taps = 0
        mostTouchesInTap = 0
        starts = [:]
        firstTapLocation = nil
        generation += 1
    }
}

/// Recognises fingers held still for `minimumPressDuration` (UIKit's
/// `UILongPressGestureRecognizer`). Continuous: began when the time is up, changed as the
/// fingers move, ended when they lift. Main actor.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must be held, in seconds (0.5 by default).
    public var minimumPressDuration: TimeInterval = 0.5
    /// How many fingers (1 by default).
    public var numberOfTouchesRequired = 1
    /// How many quick taps come before the press (0 by default).
    public var numberOfTapsRequired = 0
    /// How far the fingers may move before it began, in points (10 by default).
    public var allowableMovement: CGFloat = 10

    private var taps = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var generation = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        generation += 1
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.windowLocation }
        guard state == .possible else { return }
        let down = activeTouches.count
        if down > numberOfTouchesRequired { state = .failed; return }
        guard down == numberOfTouchesRequired else { return }
        let expected = generation
        schedule(at: now + minimumPressDuration) { [weak self] in
            guard let self, self.generation == expected, self.state == .possible, self.taps >= self.numberOfTapsRequired,
                self.activeTouches.count == self.numberOfTouchesRequired
            else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            state = .changed
            return
        }
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            if hypot(touch.windowLocation.x - start.x, touch.windowLocation.y - start.y) > allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            state = .ended
            return
        }
        guard activeTouches.isEmpty else { return }
        if taps < numberOfTapsRequired {
            // A quick tap before the press: the press must follow soon.
            taps += 1
            generation += 1
            let expected = generation
            schedule(at: now + EventDispatcher.multiTapInterval) { [weak self] in
                guard let self, self.generation == expected, self.state == .possible else { return }
                self.state = .failed
            }
        } else {
            state = .failed  // lifted too soon
        }
    }

    open override func reset() {
        super.reset()
        taps = 0
        starts = [:]
        generation += 1
    }
}

/// Recognises dragging (UIKit's `UIPanGestureRecognizer`): began once the fingers' centroid
/// moved 10 points, changed as it moves, ended when the fingers lift. Also takes scrolls when
/// `allowedScrollTypesMask` allows them. Continuous. Main actor.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The kinds of scroll input a pan takes.
    public struct ScrollTypeMask: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Mouse wheel steps.
        public static let discrete = ScrollTypeMask(rawValue: 1 << 0)
        /// Trackpad scrolls.
        public static let continuous = ScrollTypeMask(rawValue: 1 << 1)
        /// Both.
        public static let all: ScrollTypeMask = [.discrete, .continuous]
    }

    /// The fewest fingers that pan (1 by default).
    public var minimumNumberOfTouches = 1
    /// The most fingers that pan (no limit by default).
    public var maximumNumberOfTouches = Int.max
    /// Which scrolls it takes (none by default).
    public var allowedScrollTypesMask: ScrollTypeMask = []
    /// How far the centroid must move before the pan begins, in points.
    public static let hysteresis = 10.0

    /// The window point the translation is measured from.
    private var origin = CGPoint.zero
    /// The centroid now, in window coordinates.
    private var current = CGPoint.zero
    /// Recent centroids, for the velocity.
    private var samples: [(time: TimeInterval, point: CGPoint)] = []
    private var touchCount = 0
    /// The step of the scroll event (a wheel's, a trackpad's) that began the pan, until it resets
    /// (nil when touches began it): what its view is asked to begin for.
    var beginningScrollDelta: CGVector?

    /// How far the fingers moved since the pan began (counting the 10-point start), in
    /// `view`'s coordinates (nil: the window's).
    public func translation(in view: UIView?) -> CGPoint {
        guard let view else { return CGPoint(x: current.x - origin.x, y: current.y - origin.y).saturatedToFinite }
        let a = view.convert(origin, from: nil), b = view.convert(current, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y).saturatedToFinite
    }

    /// Makes the translation, in `view`'s coordinates, `translation` (usually zero, to get changes).
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        precondition(translation.x.isFinite && translation.y.isFinite, "UIPanGestureRecognizer.setTranslation: \(translation) must be finite")
        guard let view else { origin = CGPoint(x: current.x - translation.x, y: current.y - translation.y); return }
        let b = view.convert(current, from: nil)
        origin = view.convert(CGPoint(x: b.x - translation.x, y: b.y - translation.y), to: nil)
    }

    /// How fast the fingers move, in points per second of `view`'s coordinates, over the last
    /// tenth of a second.
    public func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last, let first = samples.first(where: { $0.time >= last.time - 0.1 }), last.time > first.time else {
            return .zero
        }
        let dt = last.time - first.time
        let a = view.map { $0.convert(first.point, from: nil) } ?? first.point
        let b = view.map { $0.convert(last.point, from: nil) } ?? last.point
        return CGPoint(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt).saturatedToFinite
    }

    private func record(_ point: CGPoint) {
        current = point
        lastCentroid = point
        samples.append((now, point))
        samples.removeAll { $0.time < now - 0.2 }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = activeTouches
        let centroid = Self.centroid(of: down)
        if state == .possible && touchCount == 0 {
            origin = centroid
            current = centroid
            samples = [(now, centroid)]
        } else {
            // Another finger: the centroid jumps, the translation must not.
            origin.x += centroid.x - current.x
            origin.y += centroid.y - current.y
            current = centroid
            samples = [(now, centroid)]
        }
        touchCount = down.count
        if state == .possible, down.count > maximumNumberOfTouches { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = activeTouches
        record(Self.centroid(of: down))
        switch state {
        case .possible:
            guard (minimumNumberOfTouches...max(minimumNumberOfTouches, maximumNumberOfTouches)).contains(down.count) else { return }
            if hypot(current.x - origin.x, current.y - origin.y) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = activeTouches
        touchCount = down.count
        if state == .began || state == .changed {
            if down.count < minimumNumberOfTouches {
                record(Self.centroid(of: Array(touches) + down))  // where the fingers lifted
                state = .ended
            } else {
                let centroid = Self.centroid(of: down)
                origin.x += centroid.x - current.x
                origin.y += centroid.y - current.y
                current = centroid
            }
        } else if state == .possible, down.isEmpty {
            state = .failed
        }
    }

    open override func scrolled(by delta: CGVector, phase: ScrollInput.Phase, at location: CGPoint, time: TimeInterval) -> Bool {
        switch phase {
        case .began, .wheel:
            guard allowedScrollTypesMask.contains(phase == .wheel ? .discrete : .continuous), state == .possible else { return false }
            origin = location
            current = location
            samples = [(time, location)]
            lastCentroid = location
            beginningScrollDelta = delta
            state = .began
        case .changed:
            if state == .possible {
                guard allowedScrollTypesMask.contains(.continuous) else { return false }
                origin = location
                current = location
                samples = [(time, location)]
                beginningScrollDelta = delta
                state = .began
            }
            guard state == .began || state == .changed else { return state == .possible }
            record(CGPoint(x: current.x + delta.dx, y: current.y + delta.dy))
            state = .changed
        case .ended:
            guard state == .began || state == .changed else { return false }
            state = .ended
        }
        return true
    }

    open override func reset() {
        super.reset()
        samples = []
        touchCount = 0
        beginningScrollDelta = nil
    }
}

/// Recognises two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`):
/// `scale` is their distance over the distance when they went down. Continuous. Main actor.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance change, in points, before a pinch begins.
    public static let hysteresis = 8.0

    private var reference = 0.0, base = 1.0, distance = 0.0
    private var last: (time: TimeInterval, scale: Double)?
    /// The fingers' distance over their distance at the start; set it (often to 1) to measure from now on.
    public var scale: CGFloat {
        get { (reference > 0 ? base * distance / reference : base).saturatedToFinite }
        set {
            precondition(newValue.isFinite, "UIPinchGestureRecognizer.scale must be finite, got \(newValue)")
            base = newValue
            reference = distance
        }
    }
    /// How fast the scale changes, per second.
    public private(set) var velocity: CGFloat = 0

    private func fingerDistance() -> Double? {
        let down = activeTouches
        guard down.count >= 2 else { return nil }
        return hypot(down[1].windowLocation.x - down[0].windowLocation.x, down[1].windowLocation.y - down[0].windowLocation.y)
            .saturatedToFinite
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if activeTouches.count > 2, state == .possible { state = .failed; return }
        if let d = fingerDistance(), state == .possible, reference == 0 {
            reference = d
            distance = d
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let d = fingerDistance() else { return }
        if reference == 0 {
            // Fingers that went down on one point: measure from where they first part.
            if d > 0 { reference = d; distance = d }
            return
        }
        distance = d
        let s = scale
        if let last, now > last.time { velocity = ((s - last.scale) / (now - last.time)).saturatedToFinite }
        last = (now, Double(s))
        switch state {
        case .possible: if abs(d - reference) >= Self.hysteresis { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            if activeTouches.count < 2 { state = .ended }
        } else if state == .possible, activeTouches.isEmpty || reference == 0 && activeTouches.count < 2 && activeTouches.isEmpty {
            state = .failed
        } else if state == .possible, activeTouches.count < 2, reference > 0 {
            state = .failed
        }
    }

    open override func reset() {
        super.reset()
        reference = 0; base = 1; distance = 0; velocity = 0; last = nil
    }
}

/// Recognises two fingers turning (UIKit's `UIRotationGestureRecognizer`): `rotation` is the
/// angle, in radians, the line between them turned since they went down (clockwise positive on
/// screen). Continuous. Main actor.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The turn, in radians, before a rotation begins.
    public static let hysteresis = 0.07

    private var referenceAngle: Double?, base = 0.0, turned = 0.0, lastAngle = 0.0
    private var last: (time: TimeInterval, rotation: Double)?
    /// The angle turned since the start, in radians; set it (often to 0) to measure from now on.
    public var rotation: CGFloat {
        get { (base + turned).saturatedToFinite }
        set {
            precondition(newValue.isFinite, "UIRotationGestureRecognizer.rotation must be finite, got \(newValue)")
            base = newValue
            turned = 0
        }
    }
    /// How fast the angle changes, in radians per second.
    public private(set) var velocity: CGFloat = 0

    private func fingerAngle() -> Double? {
        let down = activeTouches
        guard down.count >= 2 else { return nil }
        return atan2(down[1].windowLocation.y - down[0].windowLocation.y, down[1].windowLocation.x - down[0].windowLocation.x)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if activeTouches.count > 2, state == .possible { state = .failed; return }
        if let a = fingerAngle(), referenceAngle == nil {
            referenceAngle = a
            lastAngle = a
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let a = fingerAngle(), referenceAngle != nil else { return }
        var step = a - lastAngle
        if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
        lastAngle = a
        turned += step
        let r = rotation
        if let last, now > last.time { velocity = ((r - last.rotation) / (now - last.time)).saturatedToFinite }
        last = (now, Double(r))
        switch state {
        case .possible: if abs(turned) >= Self.hysteresis { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            if activeTouches.count < 2 { state = .ended }
        } else if state == .possible, activeTouches.count < 2, referenceAngle != nil || activeTouches.isEmpty {
            state = .failed
        }
    }

    open override func reset() {
        super.reset()
        referenceAngle = nil; base = 0; turned = 0; lastAngle = 0; velocity = 0; last = nil
    }
}

/// Recognises a quick stroke in one of `direction`'s directions (UIKit's
/// `UISwipeGestureRecognizer`): at least 50 points within half a second, mostly along the
/// direction. Discrete. Main actor.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Directions of a swipe.
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (right by default).
    public var direction: Direction = .right
    /// How many fingers (1 by default).
    public var numberOfTouchesRequired = 1
    /// The distance a swipe covers, in points.
    public static let minimumDistance = 50.0
    /// The time a swipe may take, in seconds.
    public static let maximumDuration = 0.5

    private var start: CGPoint?
    private var generation = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = activeTouches
        if down.count > numberOfTouchesRequired { state = .failed; return }
        start = Self.centroid(of: down)
        generation += 1
        let expected = generation
        schedule(at: now + Self.maximumDuration) { [weak self] in
            guard let self, self.generation == expected, self.state == .possible else { return }
            self.state = .failed  // too slow
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start, activeTouches.count == numberOfTouchesRequired else { return }
        let c = Self.centroid(of: activeTouches)
        let dx = c.x - start.x, dy = c.y - start.y
        let candidates: [(Direction, Double, Double)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (d, along, across) in candidates where direction.contains(d) {
            if along >= Self.minimumDistance && abs(across) <= along * 0.5 {
                state = .recognized
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, activeTouches.isEmpty { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
        generation += 1
    }
}
