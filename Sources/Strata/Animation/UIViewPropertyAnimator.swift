import Foundation
import StrataCore

/// Animates view changes with full control: start, pause, scrub, reverse, stop and finish —
/// UIKit's `UIViewPropertyAnimator`. Main actor.
///
/// The animation blocks run when the animator first starts (or pauses, or is scrubbed), inside an
/// animation context that records each changed property (old and new model value). The model
/// jumps to the new values; the animator turns its records into `LayerAnimation`s, additive over
/// the model and timed on the frame clock, and re-sends them whenever its timing changes (pause:
/// speed 0 at the current fraction; resume; reverse: speed −1). Its animations never remove
/// themselves: the animator finishes them, so the model is right before they go. A call UIKit
/// forbids in the current state traps with the call and the state named, as UIKit raises.
@MainActor
public final class UIViewPropertyAnimator: LedgerAnimator {
    /// The length of the animation in seconds (a spring from physical constants sets its own).
    public private(set) var duration: TimeInterval
    /// The timing the animator was created with.
    public let timingParameters: any UITimingCurveProvider
    /// The delay before a `runningPropertyAnimator` started, in seconds.
    public private(set) var delay: TimeInterval = 0
    /// The state: inactive, active (running or paused) or stopped.
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animator may be paused or stopped while active (only settable while inactive).
    public var isInterruptible = true {
        willSet { require(state == .inactive, "isInterruptible = \(newValue)", allowed: ".inactive") }
    }
    /// Whether the animated views take touches while its animations run (true, the default) or
    /// ignore them until it is inactive again. Settable only while inactive, as in UIKit.
    public var isUserInteractionEnabled = true {
        willSet { require(state == .inactive, "isUserInteractionEnabled = \(newValue)", allowed: ".inactive") }
    }
    /// Whether the app hit-tests the animated views itself (true: `hitTest` sees their model
    /// geometry) or the animator does it where they are shown (false, the default).
    public var isManualHitTestingEnabled = false
    /// Whether a paused animator's fraction maps linearly to its animations (true) or through the
    /// curve (springs always show their curve).
    public var scrubsLinearly = true {
        didSet { if state == .active, run == nil, oldValue != scrubsLinearly { retime() } }
    }
    /// Whether the animator stays active and paused at its end instead of finishing.
    public var pausesOnCompletion = false

    private var curve: TimingCurve
    private var blocks: [(delayFactor: Double, body: @MainActor () -> Void)] = []
    private var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []
    /// One animated property: its layer (kept alive while the animator runs), old and new model values.
    private struct Record {
        let layer: CALayer; var old: LayerProperty; var new: LayerProperty; var delayFactor: Double
        /// After `continueAnimation`: the value shown then, animated from at fraction `segmentStart`.
        var from: LayerProperty? = nil
        var segmentStart = 0.0
    }
    private var records: [Record] = []
    package let group: UInt64
    /// Seconds per whole fraction while running: `duration`, or as `continueAnimation` rescaled it.
    private var runDuration: Double
    /// A spring given by damping ratio settles within each animation's own length.
    private var ratioSpring: (ratio: Double, velocity: CGVector)?
    /// The initial velocity of a spring from physical constants or a duration (nil otherwise):
    /// its curve has `dx`; a move's y takes `dy`.
    private var physicalVelocity: CGVector?
    /// The fraction of the duration shown while not running.
    private var pausedFraction = 0.0
    /// While running: the frame-clock time and fraction the current run started from.
    private var run: (time: Double, fraction: Double)?
    private var reversed = false
    /// Whether the blocks added before the start are being run (changes merge then).
    private var runningPendingBlocks = false
    /// The screen whose frames time the animator (the first animated layer's).
    private weak var screen: CAContext?

    // MARK: Creating

    /// An animator of `duration` seconds with `parameters`' timing.
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        precondition(duration.isFinite && duration >= 0, "UIViewPropertyAnimator: duration must be finite and at least 0, got \(duration)")
        timingParameters = parameters
        if let spring = parameters.springTimingParameters {
            (curve, self.duration) = spring.timing(duration: duration)
            ratioSpring = spring.ratio.map { ($0, spring.initialVelocity) }
            physicalVelocity = spring.ratio == nil ? spring.initialVelocity : nil
        } else {
            curve = (parameters.cubicTimingParameters ?? UICubicTimingParameters()).curve
            self.duration = duration
        }
        runDuration = self.duration
        group = AnimationLedger.shared.makeGroup()
    }

    /// An animator of no duration with UIKit's default timing (ease in, ease out), as UIKit's
    /// `init()`; give it blocks and start it, or set its fraction.
    public convenience init() {
        self.init(duration: 0, timingParameters: UICubicTimingParameters())
    }

    /// An animator with one of UIKit's curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a cubic Bézier through two control points.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of `ratio` damping settling within `duration`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates an animator and starts it at once (after `delay`), as UIKit's class method does.
    @discardableResult
    public static func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: UIView.AnimationOptions = [], animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Blocks and completions

    /// Adds an animation block. Inactive: it runs when the animator starts. Active: it runs now,
    /// animating from the current fraction to the end.
    public func addAnimations(_ animation: @escaping @MainActor () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds an animation block that starts `delayFactor` (0...1) of the way through the duration.
    public func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat) {
        require(state != .stopped, "addAnimations(_:)", allowed: ".inactive or .active")
        precondition(delayFactor.isFinite && (0...1).contains(delayFactor), "UIViewPropertyAnimator.addAnimations: delayFactor must be in 0...1, got \(delayFactor)")
        if state == .inactive {
            blocks.append((delayFactor, animation))
        } else {
            // UIKit: the delay is that share of the time left.
            let fraction = currentFraction
            perform(animation, delayFactor: fraction + delayFactor * (1 - fraction))
            if run != nil { startRun(at: fraction, delay: remainingDelay) } else { retime() }
        }
    }

    /// Adds a block run on the main actor when the animator finishes, with where it ended. Allowed
    /// in every state: added while stopped, it runs at `finishAnimation(at:)`.
    public func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    /// Whether the animations are running (active and not paused).
    public var isRunning: Bool { state == .active && run != nil }

    /// Whether the animations run backwards, to their start.
    public var isReversed: Bool {
        get { reversed }
        set {
            // Once stopped, changes are ignored, as UIKit documents.
            guard state != .stopped, newValue != reversed else { return }
            let fraction = currentFraction
            reversed = newValue
            if run != nil { startRun(at: fraction, delay: remainingDelay) }
        }
    }

    /// How far through the animation it is, 0...1. Settable while inactive or paused (an
    /// inactive animator becomes active and paused); ignored while running, as in UIKit.
    public var fractionComplete: CGFloat {
        get { currentFraction }
        set {
            require(state != .stopped, "fractionComplete = \(newValue)", allowed: ".inactive or .active (paused)")
            precondition(newValue.isFinite, "UIViewPropertyAnimator.fractionComplete must be finite, got \(newValue)")
            guard run == nil else { return }
            activate()
            pausedFraction = min(max(newValue, 0), 1)
            retime()
        }
    }

    /// Starts (or resumes) the animations from the current fraction.
    public func startAnimation() {
        require(state != .stopped, "startAnimation()", allowed: ".inactive or .active")
        activate()
        guard run == nil else { return }
        startRun(at: resumeFraction(from: pausedFraction))
    }

    /// Starts the animations after `delay` seconds (on the frame clock).
    public func startAnimation(afterDelay delay: TimeInterval) {
        require(state == .inactive, "startAnimation(afterDelay:)", allowed: ".inactive")
        precondition(delay.isFinite && delay >= 0, "UIViewPropertyAnimator.startAnimation(afterDelay:): delay must be finite and at least 0, got \(delay)")
        self.delay = delay
        activate()
        startRun(at: 0, delay: delay)
    }

    /// Pauses the animations where they are shown; `startAnimation()` resumes.
    public func pauseAnimation() {
        require(state != .stopped, "pauseAnimation()", allowed: ".inactive or .active")
        require(isInterruptible || state == .inactive, "pauseAnimation() on a non-interruptible animator", allowed: ".inactive")
        activate()
        if run != nil {
            // Shown linearly while paused: the fraction becomes the curve's progress, so nothing moves.
            let time = currentFraction
            pausedFraction = scrubsOnCurve ? min(max(curve.progress(elapsed: time, duration: 1), 0), 1) : time
            run = nil
        }
        retime()
    }

    /// Resumes a paused animator with new timing (nil keeps the current one): every
    /// animation continues from the value shown now to its target on the new curve. What is left
    /// takes `durationFactor` times the original duration, as UIKit documents ("multiplied by the
    /// original duration value to obtain the new duration"): from half way, a factor of 1 takes
    /// the whole `duration` for the second half and `1 - fractionComplete` keeps the original
    /// pace; 0 means the time left at the original pace. `duration` keeps its value.
    /// - Precondition: the animator is active and paused, and `isInterruptible`: calling it while
    ///   inactive, running or not interruptible is a programmer error (UIKit's words) and traps.
    public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        // Apple: "the animator must be active and currently paused. It's a programmer error to
        // call this method when the animator is inactive, running, or its isInterruptible
        // property is set to false."
        precondition(
            state == .active && !isRunning && isInterruptible,
            "UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:): the animator must be active and paused; "
                + "it is a programmer error to call it when the animator is inactive, running, or its isInterruptible property is false "
                + "(state \(state), isRunning \(isRunning), isInterruptible \(isInterruptible))")
        precondition(
            durationFactor.isFinite && durationFactor >= 0, "UIViewPropertyAnimator.continueAnimation: durationFactor must be finite and at least 0, got \(durationFactor)")
        let fraction = currentFraction
        let linear = run == nil && scrubsOnCurve
        if !reversed, fraction < 1 {
            // Start each running animation again from what is shown, so the new curve begins there.
            for i in records.indices where max(records[i].delayFactor, records[i].segmentStart) < fraction {
                records[i].from = value(of: records[i], at: fraction, linear: linear)
                records[i].segmentStart = fraction
            }
        }
        // The run's pace: what is left (towards the end, or back to the start when reversed) in
        // the new time.
        let left = reversed ? fraction : 1 - fraction
        runDuration = durationFactor == 0 || left <= 0 ? duration : duration * Double(durationFactor) / left
        if let spring = parameters?.springTimingParameters {
            let (springCurve, settling) = spring.timing(duration: runDuration * (1 - fraction))
            curve = springCurve
            ratioSpring = spring.ratio.map { ($0, spring.initialVelocity) }
            physicalVelocity = spring.ratio == nil ? spring.initialVelocity : nil
            // A spring from physical constants takes its own settling time for what is left.
            if spring.ratio == nil, fraction < 1 { runDuration = settling / (1 - fraction) }
        } else if let cubic = parameters?.cubicTimingParameters {
            curve = cubic.curve
            ratioSpring = nil
            physicalVelocity = nil
        }
        startRun(at: fraction)
    }

    /// Stops the animations where they are shown: the model takes the shown values. With
    /// `withoutFinishing` the animator becomes inactive and no completion runs; otherwise it is
    /// stopped until `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        require(state == .active, "stopAnimation(_:)", allowed: ".active")
        require(isInterruptible, "stopAnimation(_:) on a non-interruptible animator", allowed: "an interruptible animator")
        let fraction = currentFraction
        let linear = run == nil && scrubsOnCurve
        setModelToShown(at: fraction, linear: linear)
        removeAnimations()
        run = nil
        pausedFraction = fraction
        if withoutFinishing {
            state = .inactive
            reset()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator at `position` (the model takes the start, end or current
    /// values) and runs the completions.
    public func finishAnimation(at position: UIViewAnimatingPosition) {
        require(state == .stopped, "finishAnimation(at:)", allowed: ".stopped (after stopAnimation(false))")
        switch position {
        case .end: setModel { $0.new }
        case .start: setModelToStart()
        case .current: break  // stopAnimation already left the shown values in the model
        }
        complete(at: position)
    }

    // MARK: Internals

    /// Whether the current run's start is the model's guess, waiting for a frame to report it.
    private var runAwaitsBeginTime = false

    /// A frame reported the render side's begin time of the current run's animations, `shift`
    /// seconds after the guess: the run's start moves by it (once).
    package func confirmRun(shift: Double) {
        guard runAwaitsBeginTime else { return }
        runAwaitsBeginTime = false
        if let r = run { run = (r.time + shift, r.fraction) }
    }

    /// The fraction shown now.
    private var currentFraction: Double {
        guard let run else { return pausedFraction }
        guard runDuration > 0 else { return reversed ? 0 : 1 }
        let time = max(screen?.shownTime ?? run.time, run.time)
        let f = run.fraction + (time - run.time) / runDuration * (reversed ? -1 : 1)
        return min(max(f, 0), 1)
    }

    /// The part of a `startAnimation(afterDelay:)` delay not yet over, in seconds.
    private var remainingDelay: Double {
        guard let run, let now = screen?.mediaTime else { return 0 }
        return max(run.time - now, 0)
    }

    /// Whether paused values are shown linearly: `scrubsLinearly` on a cubic (not spring) curve.
    private var scrubsOnCurve: Bool {
        if case .spring = curve { return false }
        return scrubsLinearly
    }

    /// The screen of the first animated layer that is on one (looked up again until found, so a
    /// view that joins a window after its animation block still times the animator).
    private func findScreen() -> CAContext? {
        if screen == nil { screen = records.lazy.compactMap(\.layer.currentContext).first }
        return screen
    }

    /// Moves an inactive animator to active, running its blocks.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let pending = blocks
        blocks = []
        runningPendingBlocks = true
        for block in pending { perform(block.body, delayFactor: block.delayFactor) }
        runningPendingBlocks = false
        AnimationLedger.shared.watch(self)
    }

    /// Runs `body` in this animator's context, recording what it changes.
    private func perform(_ body: @MainActor () -> Void, delayFactor: Double) {
        let t = TransactionStack.shared
        t.animationContexts.append(
            AnimationContext(
                duration: runDuration, delay: 0, curve: curve, repeatCount: 1,
                autoreverses: false, group: group, animator: self, delayFactor: delayFactor))
        body()
        t.animationContexts.removeLast()
    }

    /// Called by the transaction for each change in this animator's blocks.
    package func record(layer: CALayer, old: LayerProperty, new: LayerProperty, delayFactor: Double) {
        if let i = records.lastIndex(where: { $0.layer === layer && $0.new.key == new.key }),
            runningPendingBlocks || new.key.animationStyle == .interpolated
        {
            // Changed twice before the start (or a transform, which does not add): animate from
            // the first old value to the last.
            records[i].new = new
        } else {
            // A block added while running changes it again: a further animation, from the value
            // the last one was heading to, adds onto it (so nothing jumps).
            records.append(Record(layer: layer, old: old, new: new, delayFactor: delayFactor))
        }
        CommitScheduler.shared.scheduleImplicitCommitForAnimations()
    }

    /// Starts running from `fraction`, after `delay` seconds.
    private func startRun(at fraction: Double, delay: Double = 0) {
        let now = findScreen()?.mediaTime ?? 0
        run = (now + delay, fraction)
        runAwaitsBeginTime = true
        retime(delay: delay)
        if screen == nil {
            // Nothing it animates is on a screen yet. If still none after this turn's commit, no
            // frame will show the end: it ends then, as UIKit's animations of views outside a window do.
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard self.state == .active, self.run != nil, self.findScreen() == nil else { return }
                    if self.reversed { self.setModelToStart() }
                    self.complete(at: self.reversed ? .start : .end)
                }
            }
        }
    }

    /// With `scrubsLinearly`, a paused fraction is a linear position; resuming continues the curve
    /// from the time at which it shows that position.
    private func resumeFraction(from fraction: Double) -> Double {
        guard scrubsLinearly, fraction > 0, fraction < 1, case .cubicBezier = curve else { return fraction }
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if curve.progress(elapsed: mid, duration: 1) < fraction { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The value a record shows at animator fraction `fraction` (through the curve, or linearly).
    private func value(of record: Record, at fraction: Double, linear: Bool) -> LayerProperty {
        animations(for: record, fraction: fraction, speed: 0, delay: 0, linear: linear).reduce(record.new) { $1.value(over: $0, at: 0) }
    }

    /// The animations for one record, shown at `fraction` of the animator at its begin time and
    /// moving at `speed` (1 forwards, −1 backwards, 0 paused); `linear` while scrubbing. One,
    /// except for a move under a spring whose initial velocity differs by axis:
    /// UIKit normalises each component to that axis's distance, so x and y move as two additive
    /// springs, x with `dx` and y with `dy` (other properties take `dx`, as UIKit documents).
    private func animations(for record: Record, fraction: Double, speed: Double, delay: Double, linear: Bool) -> [LayerAnimation] {
        let start = max(record.delayFactor, record.segmentStart) * runDuration, length = max(runDuration - start, 0)
        let from = record.from ?? record.old
        let kind: LayerAnimation.Kind =
            if record.new.key.animationStyle == .interpolated {
                .absolute(from: from, to: record.new)
            } else {
                .additive(delta: from.subtracting(record.new) ?? record.new)
            }
        // A damping-ratio spring settles within this animation's own length, however late it starts.
        let timing: TimingCurve =
            if linear {
                .linear
            } else if let (ratio, velocity) = ratioSpring {
                .spring(Spring(dampingRatio: ratio, settlingIn: length, initialVelocity: velocity.dx))
            } else {
                curve
            }
        func make(_ kind: LayerAnimation.Kind, _ curve: TimingCurve) -> LayerAnimation {
            LayerAnimation(
                kind: kind, curve: curve, beginTime: delay, duration: length,
                group: group, speed: speed, timeOffset: fraction * runDuration - start,
                isRemovedOnCompletion: false)
        }
        if !linear, let (ratio, velocity) = ratioSpring, velocity.dx != velocity.dy, record.new.key == .position,
            case .additive(let delta) = kind, case .point(let d) = delta.value
        {
            return [(Point(x: d.x, y: 0), velocity.dx), (Point(x: 0, y: d.y), velocity.dy)].map { part, axisVelocity in
                make(.additive(delta: LayerProperty(.position, .point(part))), .spring(Spring(dampingRatio: ratio, settlingIn: length, initialVelocity: axisVelocity)))
            }
        }
        if !linear, let velocity = physicalVelocity, velocity.dx != velocity.dy, record.new.key == .position,
            case .spring(let base) = timing, case .additive(let delta) = kind, case .point(let d) = delta.value
        {
            return [(Point(x: d.x, y: 0), velocity.dx), (Point(x: 0, y: d.y), velocity.dy)].map { part, axisVelocity in
                var spring = base
                spring.initialVelocity = axisVelocity
                return make(.additive(delta: LayerProperty(.position, .point(part))), .spring(spring))
            }
        }
        return [make(kind, timing)]
    }

    /// Sends every record's animation with the current timing.
    private func retime(delay: Double = 0) {
        let fraction = run?.fraction ?? pausedFraction
        let speed = run == nil ? 0.0 : (reversed ? -1.0 : 1.0)
        var byLayer: [ObjectIdentifier: (CALayer, [LayerAnimation])] = [:]
        for record in records {
            let key = ObjectIdentifier(record.layer)
            byLayer[key, default: (record.layer, [])].1.append(
                contentsOf: animations(for: record, fraction: fraction, speed: speed, delay: delay, linear: speed == 0 && scrubsOnCurve))
        }
        for (layer, animations) in byLayer.values { layer.replaceAnimations(group: group, with: animations) }
    }

    /// Removes this animator's animations from its layers.
    private func removeAnimations() {
        var seen: Set<ObjectIdentifier> = []
        for record in records where seen.insert(ObjectIdentifier(record.layer)).inserted {
            record.layer.replaceAnimations(group: group, with: [])
        }
    }

    /// Sets every record's model value, without animating.
    private func setModel(_ value: (Record) -> LayerProperty) {
        for record in records { record.layer.setModelWithoutAnimation(value(record)) }
    }

    /// Puts each animated property back to where the animator found it (the earliest record's
    /// old value wins, so walk them last to first).
    private func setModelToStart() {
        for record in records.reversed() { record.layer.setModelWithoutAnimation(record.old) }
    }

    /// Leaves each animated property where this animator shows it at `fraction`: the current
    /// model with every record's animation of it added on, in order. Starting from the current
    /// model (not this animator's target) keeps later changes by others, whose own animations keep
    /// running over the new model, so nothing jumps.
    private func setModelToShown(at fraction: Double, linear: Bool) {
        struct Key: Hashable { let layer: ObjectIdentifier; let property: LayerKey }
        var shown: [Key: (layer: CALayer, value: LayerProperty)] = [:]
        for record in records {
            shown[Key(layer: ObjectIdentifier(record.layer), property: record.new.key)] =
                (record.layer, record.layer.property(record.new.key))
        }
        for record in records {
            let key = Key(layer: ObjectIdentifier(record.layer), property: record.new.key)
            guard let current = shown[key] else { continue }
            shown[key]?.value = animations(for: record, fraction: fraction, speed: 0, delay: 0, linear: linear).reduce(current.value) { $1.value(over: $0, at: 0) }
        }
        for (_, entry) in shown { entry.layer.setModelWithoutAnimation(entry.value.clampedForDisplay) }
    }

    /// Ends the animator at `position`: animations go, completions run, the animator is inactive.
    private func complete(at position: UIViewAnimatingPosition) {
        removeAnimations()
        run = nil
        state = .inactive
        let handlers = completions
        reset()
        for handler in handlers { handler(position) }
    }

    /// Back to a fresh inactive animator (blocks already ran; completions are spent).
    private func reset() {
        records = []
        completions = []
        pausedFraction = 0
        reversed = false
        runDuration = duration
        AnimationLedger.shared.unwatch(self)
    }

    /// A frame at `time` was shown: a running animator that reached its end finishes (or pauses
    /// there with `pausesOnCompletion`).
    package func framePresented(at time: Double, on shown: CAContext) {
        guard let run, findScreen() === shown || screen == nil else { return }
        let f = run.fraction + (time - run.time) / max(runDuration, 1e-9) * (reversed ? -1 : 1)
        // Within a nanosecond's worth: frame times are sums of steps and land on the end by arithmetic.
        let epsilon = 1e-9 / max(runDuration, 1e-9)
        guard time >= run.time, reversed ? f <= epsilon : f >= 1 - epsilon else { return }
        if pausesOnCompletion {
            pausedFraction = reversed ? 0 : 1
            self.run = nil
            retime()
            return
        }
        if reversed { setModelToStart() }
        complete(at: reversed ? .start : .end)
    }

    /// Traps with UIKit's message when a call is not allowed in the current state.
    private func require(_ condition: Bool, _ call: String, allowed: String) {
        precondition(condition, "UIViewPropertyAnimator.\(call) is not allowed in state \(state); it is allowed in \(allowed)")
    }
}
