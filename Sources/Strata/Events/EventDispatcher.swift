import Foundation
import HeapModule
import OrderedCollections
import Logging

// Overall design: each window has one dispatcher. An event from the host is validated whole
// first (so a bad one changes nothing), then: gesture deadlines due before it fire; new touches
// are hit-tested and given the recognizers of their view and the views above it; the event goes
// to those recognizers; recognizers that asked to begin are arbitrated (delegate and view
// consent, failure requirements, recognizers that exclude each other, `cancelsTouchesInView`);
// then the views get the touches no recognizer delays or took, up the responder chain; last,
// recognizers that finished and whose touches lifted are reset. Deadlines (a long press, a tap
// waiting for a second one) are times on the frame clock, fired by later input, by
// `UIWindow.advanceInput(to:)` and by rendered frames, so scripted input replays exactly.

/// A window's touches, gesture recognizers and their arbitration. Main actor.
@MainActor
final class EventDispatcher {
    private static let logger = Logger(label: "strata.events")
    static func log(_ message: String) { logger.notice("\(message)") }

    weak var window: UIWindow?
    /// The time of the input being handled (or the last one), in frame-clock seconds.
    private(set) var time: TimeInterval = -.infinity

    /// A touch and how it reaches its view.
    private final class Tracked {
        let touch: UITouch
        /// False when the view does not get it (exclusive touch, one touch per view).
        var toView = true
        /// A recognizer took it: the view gets nothing more.
        var viewCancelled = false
        var beganDelivered = false
        var endDelivered = false
        /// Phases held back by recognizers that delay them, oldest first.
        var held: [UITouch.Phase] = []
        init(touch: UITouch) { self.touch = touch }
    }
    /// Touches down, by host id.
    private var down: [Int: Tracked] = [:]
    /// Touches that lifted with phases still held back.
    private var lifted: [Tracked] = []
    /// Recognizers following touches (or waiting between taps), in the order they got them.
    private var participants: OrderedSet<UIGestureRecognizer> = []
    /// Recognizers that asked to begin, waiting for arbitration, in the order they asked.
    private var pendingBegins: OrderedSet<UIGestureRecognizer> = []
    /// A recognizer's deadline (a long press's duration, a tap's wait for the next tap); deadlines
    /// at the same time fire in the order they were set (`sequence`).
    private struct Timer: Comparable {
        var time: TimeInterval
        var sequence: Int
        var owner: Weak<UIGestureRecognizer>
        var body: @MainActor () -> Void
        static func < (a: Timer, b: Timer) -> Bool { (a.time, a.sequence) < (b.time, b.sequence) }
        static func == (a: Timer, b: Timer) -> Bool { (a.time, a.sequence) == (b.time, b.sequence) }
    }
    /// Deadlines not yet due, earliest first.
    private var timers = Heap<Timer>()
    private var timersSet = 0
    /// The last tap (a touch that lifted): for tap counts.
    private var lastTap: (time: TimeInterval, location: CGPoint, count: Int)?
    /// Whether an event is being dispatched (arbitration then waits for its end).
    private var dispatching = false
    /// Whether a touch event is being delivered (a view leaving then cancels its touches after it).
    private var sending = false
    private var deferredCancels: [Int] = []

    /// How soon and how near a touch must follow a tap to count as the next tap of a series.
    static let multiTapInterval: TimeInterval = 0.35
    static let multiTapDistance: Double = 45

    init(window: UIWindow) { self.window = window }

    var activeTouches: Set<UITouch> { Set(down.values.map(\.touch)) }

    // MARK: Input

    /// Whether touch `id` is down in this window.
    func isDown(_ id: Int) -> Bool { down[id] != nil }

    /// Refuses an event this window cannot take, changing nothing: empty, a non-finite or
    /// backward time or location, an id twice, a down for an id that is down, another sample
    /// for one that is not, a down while the window is not shown.
    func check(_ inputs: [TouchInput]) throws {
        guard !inputs.isEmpty else { throw InputError.emptyEvent }
        var ids: Set<Int> = []
        for input in inputs {
            try checkTime(input.timestamp)
            try InputError.check(input.location, id: input.id)
            guard ids.insert(input.id).inserted else { throw InputError.duplicateTouch(id: input.id) }
            switch input.phase {
            case .down: if down[input.id] != nil { throw InputError.touchAlreadyDown(id: input.id) }
            case .move, .up, .cancel: if down[input.id] == nil { throw InputError.unknownTouch(id: input.id, phase: input.phase) }
            }
        }
        if inputs.contains(where: { $0.phase == .down }) { try checkShown() }
    }

    /// Checks the event whole (`check(_:)`), then delivers it.
    func send(_ inputs: [TouchInput]) throws {
        try check(inputs)
        deliver(inputs)
    }

    /// Delivers an event that `check(_:)` accepted.
    private func deliver(_ inputs: [TouchInput]) {
        let timestamp = inputs.map(\.timestamp).max() ?? time
        fireTimers(upTo: timestamp)
        time = timestamp

        sending = true
        defer {
            sending = false
            if !deferredCancels.isEmpty { sendDeferredCancels() }
        }
        dispatching = true
        var changed: [Tracked] = []
        for tracked in down.values { tracked.touch.phase = .stationary }
        for input in inputs {
            switch input.phase {
            case .down:
                let tracked = touchDown(input)
                down[input.id] = tracked
                changed.append(tracked)
            case .move, .up, .cancel:
                guard let tracked = down[input.id] else { continue }
                let touch = tracked.touch
                touch.previousWindowLocation = touch.windowLocation
                touch.windowLocation = input.location
                touch.timestamp = input.timestamp
                touch.phase = input.phase == .move ? .moved : input.phase == .up ? .ended : .cancelled
                changed.append(tracked)
            }
        }
        let event = UIEvent(type: .touches, timestamp: timestamp, touches: Set(down.values.map(\.touch)))
        // Through the window's `sendEvent(_:)`, which a subclass may override to watch or hold
        // back events; its default hands the event back here (`dispatch(_:)`).
        current = (event, changed)
        if let window { window.sendEvent(event) } else { dispatch(event) }
        current = nil
        dispatching = false
        for tracked in changed where tracked.touch.phase == .ended || tracked.touch.phase == .cancelled {
            down[tracked.touch.identifier] = nil
            let touch = tracked.touch
            // A tap: short, and lifted near where it went down.
            if touch.phase == .ended, timestamp - touch.startTimestamp <= 0.5,
                hypot(touch.windowLocation.x - touch.startWindowLocation.x, touch.windowLocation.y - touch.startWindowLocation.y) <= UITapGestureRecognizer.allowableMovement
            {
                lastTap = (timestamp, touch.startWindowLocation, touch.tapCount)
            }
            if !tracked.held.isEmpty { lifted.append(tracked) }
        }
        finishDispatch()
    }

    /// The event being sent through the window, with the touches that changed in it.
    private var current: (event: UIEvent, changed: [Tracked])?

    /// Delivers `event` if it is the one being sent through the window (`UIWindow.sendEvent(_:)`'s
    /// default): to the touches' gesture recognizers, then to their views. Once per event; an
    /// event made elsewhere has no touches of this window to deliver and is ignored.
    func dispatch(_ event: UIEvent) {
        guard let (sent, changed) = current, sent === event else { return }
        current = nil
        deliverToRecognizers(changed, event)
        dispatching = false
        settle()
        deliverToViews(changed, event)
    }

    /// A new touch: its view, tap count and recognizers.
    private func touchDown(_ input: TouchInput) -> Tracked {
        var tapCount = 1
        if let last = lastTap, input.timestamp - last.time <= Self.multiTapInterval,
            hypot(input.location.x - last.location.x, input.location.y - last.location.y) <= Self.multiTapDistance
        {
            tapCount = last.count + 1
        }
        let touch = UITouch(
            identifier: input.id, location: input.location, timestamp: input.timestamp, tapCount: tapCount,
            type: input.isPointer ? .indirectPointer : .direct, window: window!)
        let tracked = Tracked(touch: touch)
        let view = window?.hitTest(input.location, with: nil)
        touch.view = view
        guard let view else { tracked.toView = false; return tracked }
        // Exclusive touch: a view that has it takes touches only alone.
        let others = down.values.filter { $0.toView && $0.touch.view != nil }
        if others.contains(where: { $0.touch.view !== view && ($0.touch.view!.isExclusiveTouch || view.isExclusiveTouch) }) {
            tracked.toView = false
            Self.log("touch \(input.id) at \(input.location) ignored: an exclusive-touch view is being touched")
            return tracked
        }
        if !view.isMultipleTouchEnabled, others.contains(where: { $0.touch.view === view }) { tracked.toView = false }
        // Recognizers of the view and every view above it, deepest first.
        var current: UIView? = view
        while let v = current {
            for recognizer in v._gestureRecognizers
            where recognizer.isEnabled && recognizer.requestedBegin == nil
                && (recognizer.state == .possible || recognizer.state == .began || recognizer.state == .changed)
            {
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { continue }
                touch.gestureRecognizers.append(recognizer)
                recognizer.trackedTouches.append(touch)
                recognizer.environment = self
                participants.append(recognizer)
            }
            current = v._superview
        }
        return tracked
    }

    func send(_ scroll: ScrollInput) throws -> Bool {
        try checkTime(scroll.timestamp)
        try InputError.check(scroll.location, id: nil)
        guard scroll.delta.dx.isFinite, scroll.delta.dy.isFinite else { throw InputError.nonFiniteDelta(dx: scroll.delta.dx, dy: scroll.delta.dy) }
        let window = try checkShown()
        fireTimers(upTo: scroll.timestamp)
        time = scroll.timestamp
        // A scroll in progress stays with the recognizer that took it; a new one (a lost end)
        // cancels it first.
        let scrolling = participants.elements.filter { $0 is UIPanGestureRecognizer && $0.trackedTouches.isEmpty && ($0.state == .began || $0.state == .changed) }
        var candidates = scrolling
        if scroll.phase == .began || scroll.phase == .wheel {
            for recognizer in scrolling { recognizer.state = .cancelled }
            finishDispatch()
            candidates = []
        }
        if candidates.isEmpty {
            var current = window.hitTest(scroll.location, with: nil)
            while let v = current {
                candidates += v._gestureRecognizers.filter {
                    $0.isEnabled && $0.state == .possible && !(($0 as? UIPanGestureRecognizer)?.allowedScrollTypesMask.isEmpty ?? true)
                }
                current = v._superview
            }
        }
        // A wheel step is a whole pan: began (as .wheel), changed by the step, ended.
        let phases: [ScrollInput.Phase] = scroll.phase == .wheel ? [.wheel, .changed, .ended] : [scroll.phase]
        var taker: UIGestureRecognizer?
        for recognizer in candidates {
            recognizer.environment = self
            participants.append(recognizer)
            dispatching = true
            let took = recognizer.scrolled(by: scroll.delta, phase: phases[0], at: scroll.location, time: scroll.timestamp)
            dispatching = false
            settle()
            // Taken only if it is now scrolling (its begin was not refused or left waiting).
            if took, recognizer.state == .began || recognizer.state == .changed || recognizer.state == .ended {
                taker = recognizer
                break
            }
        }
        if let taker {
            for phase in phases.dropFirst() where taker.state == .began || taker.state == .changed {
                dispatching = true
                _ = taker.scrolled(by: phase == .changed ? scroll.delta : CGVector(dx: 0, dy: 0), phase: phase, at: scroll.location, time: scroll.timestamp)
                dispatching = false
                settle()
            }
        }
        finishDispatch()
        return taker != nil
    }

    /// Refuses a timestamp that is not finite or comes before the last input's.
    func checkTime(_ timestamp: TimeInterval) throws {
        guard timestamp.isFinite else { throw InputError.nonFiniteTimestamp(timestamp) }
        guard timestamp >= time else { throw InputError.timeWentBackwards(previous: time, now: timestamp) }
    }

    /// The window, when it is shown on a screen (else nothing in it can be touched).
    @discardableResult
    private func checkShown() throws -> UIWindow {
        guard let window, !window.isHidden, window.screen != nil else { throw InputError.windowNotShown }
        return window
    }

    func advance(to newTime: TimeInterval) throws {
        try checkTime(newTime)
        fireTimers(upTo: newTime)
        time = newTime
    }

    /// A frame at `frameTime` was shown: deadlines due by then fire (frame times earlier than
    /// the last input are ignored).
    func framePresented(at frameTime: TimeInterval) {
        guard frameTime > time, !timers.isEmpty else { return }
        fireTimers(upTo: frameTime)
        time = frameTime
    }

    // MARK: Recognizers

    private func deliverToRecognizers(_ changed: [Tracked], _ event: UIEvent) {
        for recognizer in participants where recognizer.isEnabled {
            let mine = changed.map(\.touch).filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
            guard !mine.isEmpty else { continue }
            for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
                let touches = Set(mine.filter { $0.phase == phase })
                guard !touches.isEmpty, recognizer.state == .possible || recognizer.state == .began || recognizer.state == .changed else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                default: recognizer.touchesCancelled(touches, with: event)
                }
            }
            if !mine.isEmpty { recognizer.lastCentroid = UIGestureRecognizer.centroid(of: recognizer.activeTouches.isEmpty ? mine : recognizer.activeTouches) }
        }
    }

    /// A recognizer asked to begin.
    func beginRequested(_ recognizer: UIGestureRecognizer) {
        pendingBegins.append(recognizer)
        participants.append(recognizer)
        if !dispatching { settle(); finishDispatch() }
    }

    /// A recognizer reached a final state (failed, ended, cancelled) by itself.
    func recognizerFinished(_ recognizer: UIGestureRecognizer) {
        if !dispatching { settle(); finishDispatch() }
    }

    /// A recognizer waiting to begin gave up (it failed, or was reset) before it was decided.
    func withdrawBegin(_ recognizer: UIGestureRecognizer) {
        pendingBegins.remove(recognizer)
    }

    /// `view` is leaving the window: the touches that began in it or its subviews are cancelled,
    /// for their recognizers and their views, as if the host had cancelled them.
    func viewWillLeaveWindow(_ view: UIView) {
        let leaving = down.values.filter { $0.touch.view?.isDescendant(of: view) ?? false }.map(\.touch.identifier)
        guard !leaving.isEmpty else { return }
        deferredCancels += leaving
        if !sending { sendDeferredCancels() }
    }

    /// Cancels the touches whose views left the window (after the event that removed them).
    private func sendDeferredCancels() {
        let ids = deferredCancels.filter { down[$0] != nil }
        deferredCancels = []
        guard !ids.isEmpty else { return }
        try? send(ids.map { TouchInput(id: $0, phase: .cancel, location: down[$0]!.touch.windowLocation, timestamp: time) })
    }

    /// Forgets a recognizer that was disabled or detached.
    func drop(_ recognizer: UIGestureRecognizer) {
        pendingBegins.remove(recognizer)
        participants.remove(recognizer)
        timers = Heap(timers.unordered.filter { $0.owner.object !== recognizer && $0.owner.object != nil })
        for touch in recognizer.trackedTouches { touch.gestureRecognizers.removeAll { $0 === recognizer } }
        recognizer.resetForNextGesture()
        recognizer.environment = nil
        if !dispatching { settle(); finishDispatch() }
    }

    private enum Decision { case begin, wait, fail }

    /// Decides pending begins until nothing changes: a recognizer begins when its view and
    /// delegate agree, every recognizer it must wait for has failed, and no recognizer already
    /// running excludes it; beginning, it makes the recognizers it excludes fail (or cancel).
    private func settle() {
        // Actions run in here may disable or detach recognizers: they must not settle re-entrantly.
        let outer = dispatching
        dispatching = true
        defer { dispatching = outer }
        var progress = true
        while progress {
            progress = false
            for recognizer in pendingBegins where pendingBegins.contains(recognizer) {
                let decision = decide(recognizer)
                guard decision != .wait else { continue }
                pendingBegins.remove(recognizer)
                progress = true
                guard decision == .begin, let state = recognizer.requestedBegin else {
                    recognizer.apply(.failed)
                    continue
                }
                // The losers fail and the views lose the touches before any action runs.
                exclude(by: recognizer)
                if recognizer.cancelsTouchesInView || recognizer.delaysTouchesBegan { cancelViewTouches(of: recognizer) }
                recognizer.apply(state)
            }
        }
        releaseHeldTouches()
    }

    private func decide(_ r: UIGestureRecognizer) -> Decision {
        guard r.state == .possible, r.requestedBegin != nil, r.isEnabled else { return .fail }
        if r.delegate?.gestureRecognizerShouldBegin(r) == false { return .fail }
        // The touched views, from where each touch began up to the recognizer's view, may refuse;
        // for a scroll event (no touches), the recognizer's view.
        if r.trackedTouches.isEmpty, let v = r.view, !v.gestureRecognizerShouldBegin(r) { return .fail }
        for touch in r.trackedTouches {
            var view = touch.view
            while let v = view {
                if !v.gestureRecognizerShouldBegin(r) { return .fail }
                if v === r.view { break }
                view = v._superview
            }
        }
        // Two recognizers that each wait for the other would wait for ever: such a pair waits for neither.
        for q in participants where q !== r && requires(r, toFail: q) && !requires(q, toFail: r) {
            if q.state == .possible { return .wait }  // including one waiting to begin
            if q.state == .began || q.state == .changed || q.state == .ended { return .fail }
        }
        for q in participants
        where q !== r && (q.state == .began || q.state == .changed || q.state == .ended) && sharesTouches(q, r)
            && !simultaneous(q, r) && q.canPrevent(r) && r.canBePrevented(by: q)
        {
            return .fail
        }
        return .begin
    }

    private func requires(_ r: UIGestureRecognizer, toFail q: UIGestureRecognizer) -> Bool {
        r.failureRequirements.contains { $0.object === q }
            || r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: q) == true
            || q.delegate?.gestureRecognizer(q, shouldBeRequiredToFailBy: r) == true
            || r.shouldRequireFailure(of: q) || q.shouldBeRequiredToFail(by: r)
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    private func sharesTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.trackedTouches.contains { t in b.trackedTouches.contains { $0 === t } }
    }

    /// `winner` began: the recognizers it excludes fail, or are cancelled when running.
    private func exclude(by winner: UIGestureRecognizer) {
        for q in participants
        where q !== winner && sharesTouches(q, winner) && !simultaneous(winner, q)
            && winner.canPrevent(q) && q.canBePrevented(by: winner)
        {
            if q.state == .possible {
                pendingBegins.remove(q)
                q.apply(.failed)
            } else if q.state == .began || q.state == .changed {
                q.apply(.cancelled)
            }
        }
    }

    // MARK: Views

    private func delaysBegan(_ tracked: Tracked) -> Bool {
        tracked.touch.gestureRecognizers.contains { $0.delaysTouchesBegan && $0.state == .possible }
    }

    private func delaysEnded(_ tracked: Tracked) -> Bool {
        tracked.touch.gestureRecognizers.contains { ($0.delaysTouchesEnded || $0.delaysTouchesBegan) && $0.state == .possible }
    }

    /// Delivers each changed touch's phase to its view, unless a recognizer holds it back.
    private func deliverToViews(_ changed: [Tracked], _ event: UIEvent) {
        var batches: [(view: UIView, phase: UITouch.Phase, touches: Set<UITouch>)] = []
        for tracked in changed where tracked.toView && !tracked.viewCancelled {
            guard let view = tracked.touch.view else { continue }
            let phase = tracked.touch.phase
            let blocked = !tracked.held.isEmpty || (phase == .began && delaysBegan(tracked)) || (phase == .ended && delaysEnded(tracked))
            if blocked {
                tracked.held.append(phase == .stationary ? .moved : phase)
                continue
            }
            mark(tracked, delivered: phase)
            if let i = batches.firstIndex(where: { $0.view === view && $0.phase == phase }) {
                batches[i].touches.insert(tracked.touch)
            } else {
                batches.append((view, phase, [tracked.touch]))
            }
        }
        for batch in batches { deliver(batch.phase, batch.touches, to: batch.view, event) }
    }

    private func mark(_ tracked: Tracked, delivered phase: UITouch.Phase) {
        if phase == .began { tracked.beganDelivered = true }
        if phase == .ended || phase == .cancelled { tracked.endDelivered = true }
    }

    private func deliver(_ phase: UITouch.Phase, _ touches: Set<UITouch>, to view: UIView, _ event: UIEvent) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved, .stationary: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }

    /// Delivers one phase of a touch out of its turn (held back, or cancelled), showing that phase.
    private func deliverLate(_ phase: UITouch.Phase, of tracked: Tracked) {
        guard let view = tracked.touch.view else { return }
        let current = tracked.touch.phase
        tracked.touch.phase = phase
        mark(tracked, delivered: phase)
        deliver(phase, [tracked.touch], to: view, UIEvent(type: .touches, timestamp: time, touches: Set(down.values.map(\.touch)).union([tracked.touch])))
        tracked.touch.phase = current
    }

    /// A recognizer that cancels touches in its view began: its touches' views get
    /// `touchesCancelled` for what they had begun, and nothing more.
    private func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        for tracked in Array(down.values) + lifted
        where !tracked.viewCancelled
            && recognizer.trackedTouches.contains(where: { $0 === tracked.touch })
        {
            tracked.viewCancelled = true
            tracked.held = []
            if tracked.toView, tracked.beganDelivered, !tracked.endDelivered { deliverLate(.cancelled, of: tracked) }
        }
        lifted.removeAll { $0.held.isEmpty }
    }

    /// Delivers held phases whose recognizers no longer hold them (they failed).
    private func releaseHeldTouches() {
        for tracked in Array(down.values) + lifted where !tracked.held.isEmpty && !tracked.viewCancelled {
            while let phase = tracked.held.first {
                if phase == .began && delaysBegan(tracked) { break }
                if phase == .ended && delaysEnded(tracked) { break }
                tracked.held.removeFirst()
                deliverLate(phase, of: tracked)
            }
        }
        lifted.removeAll { $0.held.isEmpty || $0.viewCancelled }
    }

    // MARK: Ending gestures

    /// Resets recognizers that are done, then settles what that unblocks, until stable.
    private func finishDispatch() {
        var again = true
        while again {
            again = false
            let noTouchesDown = down.isEmpty
            for recognizer in participants {
                let done = recognizer.state.isFinal && recognizer.activeTouches.isEmpty && recognizer.requestedBegin == nil
                // Still possible with nothing down and no deadline: nothing can make it recognise any more.
                let stale =
                    noTouchesDown && recognizer.state == .possible && recognizer.requestedBegin == nil
                    && recognizer.activeTouches.isEmpty && !timers.unordered.contains { $0.owner.object === recognizer }
                    && !pendingBegins.contains(recognizer)
                guard done || stale else { continue }
                participants.remove(recognizer)
                timers = Heap(timers.unordered.filter { $0.owner.object !== recognizer })
                for touch in recognizer.trackedTouches { touch.gestureRecognizers.removeAll { $0 === recognizer } }
                recognizer.resetForNextGesture()
                recognizer.environment = nil
                again = true
            }
            if again { settle() }
        }
    }

    // MARK: Deadlines

    func schedule(at deadline: TimeInterval, for recognizer: UIGestureRecognizer, _ body: @escaping @MainActor () -> Void) {
        timersSet += 1
        timers.insert(Timer(time: deadline, sequence: timersSet, owner: Weak(recognizer), body: body))
    }

    /// Fires deadlines due by `limit` in time order, each at its own time.
    private func fireTimers(upTo limit: TimeInterval) {
        while let next = timers.min, next.time <= limit {
            let timer = timers.removeMin()
            guard let owner = timer.owner.object, participants.contains(owner) else { continue }
            time = max(time, timer.time)
            dispatching = true
            timer.body()
            dispatching = false
            settle()
            finishDispatch()
        }
    }
}
