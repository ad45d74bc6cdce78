import Foundation
import StrataGraphics

/// A timer that calls its action once for every frame a layer context (a screen) presents (Core Animation's
/// `CADisplayLink`), for drawing or moving things in step with the frames. Main actor.
///
/// Made with a target and one of its methods (`CADisplayLink(target: self, action: Self.step)`,
/// Strata's form of UIKit's `#selector`), or with a closure; it runs once added to a run loop
/// (`add(to: .main, forMode: .common)`) until `invalidate()`. As in UIKit, the run loop keeps the
/// link, and the link keeps its target, until it is invalidated. Its frames are those of the
/// context it was made for (a screen's, `UIScreen.displayLink(withTarget:action:)`), else the
/// first context's (the main screen's: the first made that still exists, when it is added; added
/// before any exists, it follows the first one made). Each call comes after the frame is
/// presented, with `timestamp` its time on the context's frame clock.
@MainActor
public final class CADisplayLink {
    private let action: @MainActor (CADisplayLink) -> Void
    /// The context whose frames it follows (nil: the first context's, found when added).
    private weak var chosenContext: CAContext?
    private var attached: CAContext?
    private var isAdded = false
    private var isValid = true
    /// When it last called its action.
    private var lastCall: CFTimeInterval?
    /// Links added before any context existed, waiting for the first.
    private static var waiting: [CADisplayLink] = []

    /// The time of the frame the latest call came after, in seconds on the frame clock (0 before any).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the frame of the next call: `timestamp + duration` at the display's rate, a
    /// whole number of durations later at a slower preferred rate (so `1 / (targetTimestamp −
    /// timestamp)` is the rate the link is called at, as Apple's ProMotion guide computes it).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames, in seconds (1/60 on Strata's clocks).
    public private(set) var duration: CFTimeInterval = 1.0 / 60
    /// Whether calls are suspended (frames still pass; none is called).
    public var isPaused = false
    /// How many times a second to call (0, the default: the display's fastest, every frame).
    /// Setting it sets `preferredFrameRateRange` to that one rate (0: `.default`), so whichever
    /// of the two was set last decides. Deprecated in UIKit for `preferredFrameRateRange`.
    public var preferredFramesPerSecond = 0 {
        didSet {
            let rate = Float(max(preferredFramesPerSecond, 0))
            preferredFrameRateRange = rate > 0 ? CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate) : .default
        }
    }
    /// The frame rates the link may be called at (`.default`: the display's fastest). It is
    /// called at a rate that divides the display's (60, 30, 20, 15, …): the one in the range
    /// nearest `preferred` (else `maximum`), as Core Animation picks a consistent rate.
    /// - Precondition: the rates are finite and at least 0, `minimum ≤ maximum` and a
    ///   `preferred` other than 0 lies between them (a `maximum` of 0 means the display's
    ///   fastest); breaking it traps, as Core Animation raises.
    public var preferredFrameRateRange = CAFrameRateRange.default {
        willSet {
            if let problem = newValue.problem {
                preconditionFailure("CADisplayLink.preferredFrameRateRange: invalid range \(newValue): \(problem)")
            }
        }
    }

    /// A link calling `action` on `target` (kept strongly, as UIKit's link keeps its target).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> (CADisplayLink) -> Void) {
        self.init { link in action(target)(link) }
    }

    /// A link calling `handler` at each frame.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.action = handler
    }

    /// A link calling `handler` at each frame `context` presents.
    package init(context: CAContext, handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.action = handler
        chosenContext = context
    }

    /// Starts calling the action at each frame (the run loop and mode are accepted for UIKit's
    /// sake: frames come from the screen, not from a run loop). Adding twice changes nothing.
    /// - Precondition: not invalidated.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        precondition(isValid, "CADisplayLink.add(to:forMode:): the link was invalidated; make a new one")
        guard !isAdded else { return }
        isAdded = true
        if let context = chosenContext ?? CAContext.first {
            attach(to: context)
        } else {
            Self.waiting.append(self)
        }
    }

    /// Stops calling the action until added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isAdded else { return }
        isAdded = false
        detach()
    }

    /// Stops the link for good and lets go of its target.
    public func invalidate() {
        isValid = false
        isAdded = false
        detach()
    }

    /// A context was made: links waiting for one follow it.
    static func contextMade(_ context: CAContext) {
        let links = waiting
        waiting = []
        for link in links where link.isAdded { link.attach(to: context) }
    }

    private func attach(to context: CAContext) {
        attached = context
        context.addFrameTicker(of: self) { time in self.frame(at: time) }
    }

    private func detach() {
        attached?.removeFrameTicker(of: self)
        attached = nil
        Self.waiting.removeAll { $0 === self }
    }

    /// A frame was presented at `time`: calls the action unless paused or too soon. Returns
    /// whether the link goes on.
    private func frame(at time: CFTimeInterval) -> Bool {
        guard isValid, isAdded else { return false }
        guard !isPaused else { return true }
        let stride = preferredFrameRateRange.frameStride(displayRate: Int((1 / duration).rounded()))
        if stride > 1, let lastCall, time - lastCall < Double(stride) * duration - duration / 2 { return true }
        lastCall = time
        timestamp = time
        // The next call's frame: 1 / (targetTimestamp − timestamp) is the rate it is called at.
        targetTimestamp = time + Double(stride) * duration
        action(self)
        return isValid && isAdded
    }
}
