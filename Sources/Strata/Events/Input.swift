import Foundation

/// One sample of a finger or pointer from a host: UIKit's touches enter Strata this way.
/// A plain value. Locations are in the window's coordinates (points); timestamps are seconds
/// on the window's screen's frame clock (`UIScreen.mediaTime`), never going backwards.
public struct TouchInput: Sendable, Hashable, Codable {
    /// What happened to the finger or pointer.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// It went down (a new touch with this `id`).
        case down
        /// It moved while down.
        case move
        /// It lifted.
        case up
        /// The host lost it (the touch is cancelled).
        case cancel
    }

    /// The host's identifier of the finger or pointer, unique among those down.
    public var id: Int
    /// What happened.
    public var phase: Phase
    /// Where, in the window's coordinates.
    public var location: CGPoint
    /// When, in seconds on the screen's frame clock.
    public var timestamp: TimeInterval
    /// Whether a finger or a pointer.
    public var isPointer: Bool

    /// A sample of finger (or, with `isPointer`, pointer) `id`.
    public init(id: Int, phase: Phase, location: CGPoint, timestamp: TimeInterval, isPointer: Bool = false) {
        (self.id, self.phase, self.location, self.timestamp, self.isPointer) = (id, phase, location, timestamp, isPointer)
    }
}

/// A scroll from a wheel or trackpad over a window, delivered to the pan gesture recognizers
/// that allow scrolling (`UIPanGestureRecognizer.allowedScrollTypesMask`). A plain value.
public struct ScrollInput: Sendable, Hashable, Codable {
    /// Where a scroll is in its sequence.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// A trackpad scroll began (continuous).
        case began
        /// A trackpad scroll moved on.
        case changed
        /// A trackpad scroll ended.
        case ended
        /// One step of a mouse wheel (discrete): a whole gesture on its own.
        case wheel
    }

    /// Where the pointer is, in the window's coordinates.
    public var location: CGPoint
    /// How far the content is moved, in points (positive x right, positive y down).
    public var delta: CGVector
    /// Where in its sequence.
    public var phase: Phase
    /// When, in seconds on the screen's frame clock.
    public var timestamp: TimeInterval

    /// A scroll of `delta` at `location`.
    public init(location: CGPoint, delta: CGVector, phase: Phase, timestamp: TimeInterval) {
        (self.location, self.delta, self.phase, self.timestamp) = (location, delta, phase, timestamp)
    }
}

/// Why a window refused input. Nothing of the refused event was delivered, and no touch or
/// gesture recognizer changed.
public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A move, up or cancel for a touch id that is not down.
    case unknownTouch(id: Int, phase: TouchInput.Phase)
    /// A down for a touch id that is already down.
    case touchAlreadyDown(id: Int)
    /// The same touch id twice in one event.
    case duplicateTouch(id: Int)
    /// A location with a NaN or infinite coordinate.
    case nonFiniteLocation(id: Int?, x: Double, y: Double)
    /// A scroll with a NaN or infinite delta.
    case nonFiniteDelta(dx: Double, dy: Double)
    /// A NaN or infinite timestamp.
    case nonFiniteTimestamp(Double)
    /// A timestamp before the window's last input.
    case timeWentBackwards(previous: Double, now: Double)
    /// An event with no input in it.
    case emptyEvent
    /// A down on a window that is hidden or on no screen.
    case windowNotShown
    /// A key press naming a code that is not a `UIKeyboardHIDUsage`.
    case unknownKeyCode(Int)
    /// Modifier bits that `UIKeyModifierFlags` does not define.
    case unknownModifierFlags(Int)
    /// A key up or repeat for a key that is not down.
    case keyNotDown(UIKeyboardHIDUsage, phase: KeyInput.Phase)
    /// A key down for a key that is already down.
    case keyAlreadyDown(UIKeyboardHIDUsage)
    /// Text (a key's characters, committed or marked text) containing a NUL character; `field`
    /// names which.
    case textContainsNUL(field: String)
    /// A marked text's selected range (UTF-16 units) outside the marked text.
    case markedRangeOutOfBounds(location: Int, length: Int, textLength: Int)

    /// Refuses a location with a NaN or infinite coordinate (`id`: the touch's, nil for a scroll).
    static func check(_ location: CGPoint, id: Int?) throws {
        guard location.x.isFinite, location.y.isFinite else { throw InputError.nonFiniteLocation(id: id, x: location.x, y: location.y) }
    }

    public var description: String {
        switch self {
        case .unknownTouch(let id, let phase):
            "input: \(phase == .up ? "an" : "a") \(phase.rawValue) for touch \(id), which is not down; send a down for it first (the event was dropped)"
        case .touchAlreadyDown(let id):
            "input: a down for touch \(id), which is already down; send its up or cancel first, or use a new id (the event was dropped)"
        case .duplicateTouch(let id):
            "input: touch \(id) appears twice in one event; send one sample per touch per event (the event was dropped)"
        case .nonFiniteLocation(let id, let x, let y):
            "input: touch \(id.map(String.init) ?? "scroll") has a non-finite location (\(x), \(y)); send finite window coordinates (the event was dropped)"
        case .nonFiniteDelta(let dx, let dy):
            "input: a scroll has a non-finite delta (\(dx), \(dy)) (the event was dropped)"
        case .nonFiniteTimestamp(let t):
            "input: timestamp \(t) is not finite; use seconds on the screen's frame clock (the event was dropped)"
        case .timeWentBackwards(let previous, let now):
            "input: timestamp \(now) is before the window's last input at \(previous); timestamps must not go backwards (the event was dropped)"
        case .emptyEvent:
            "input: an event with no touches (nothing was delivered)"
        case .windowNotShown:
            "input: the window is hidden or on no screen, so nothing can be touched in it; show it first (the event was dropped)"
        case .unknownKeyCode(let code):
            "input: key code \(code) is not a UIKeyboardHIDUsage (USB HID keyboard page usage, e.g. 4 for A, 40 for Return); map the host's key to one (the event was dropped)"
        case .unknownModifierFlags(let bits):
            "input: modifier flags 0x\(String(bits, radix: 16)) have bits UIKeyModifierFlags does not define (shift 1<<17, control 1<<18, alternate 1<<19, command 1<<20, alphaShift 1<<16, numericPad 1<<21) (the event was dropped)"
        case .keyNotDown(let key, let phase):
            "input: a key \(phase.rawValue) for \(key) (\(key.rawValue)), which is not down; send its down first (the event was dropped)"
        case .keyAlreadyDown(let key):
            "input: a key down for \(key) (\(key.rawValue)), which is already down; send its up first, or a repeat for a held key (the event was dropped)"
        case .textContainsNUL(let field):
            "input: the \(field) contains a NUL character, which text cannot hold; remove it (the event was dropped)"
        case .markedRangeOutOfBounds(let location, let length, let textLength):
            "input: the marked text's selected range {\(location), \(length)} is outside the marked text of \(textLength) UTF-16 units (the event was dropped)"
        }
    }
}

extension UIWindow {
    /// Delivers touch samples that happened together as one event: each new touch goes to the
    /// view `hitTest(_:with:)` finds (and its gesture recognizers, and those of the views above
    /// it), moves and lifts go where their touch began. Gesture recognizers see the touches
    /// first; views get them up the responder chain unless a recognizer delays or cancels them.
    /// Main actor.
    /// - Throws: `InputError` for input that cannot be delivered (unknown or repeated ids,
    ///   non-finite values, time going backwards); nothing of that event is delivered.
    public func send(_ inputs: [TouchInput]) throws {
        try events.send(inputs)
    }

    /// Delivers one touch sample as an event (see `send(_:)` for several).
    public func send(_ input: TouchInput) throws {
        try events.send([input])
    }

    /// Delivers a scroll to the pan gesture recognizers of the view under it (and of the views
    /// above it) that allow scrolling. Returns whether one took it.
    @discardableResult
    public func send(_ scroll: ScrollInput) throws -> Bool {
        try events.send(scroll)
    }

    /// Lets input time pass without input (frame-clock seconds): gesture deadlines due by then
    /// fire (a long press begins, a tap waiting for a second one gives up). Rendering a frame of
    /// the window's screen does this too.
    /// - Throws: `InputError.timeWentBackwards` or `.nonFiniteTimestamp`.
    public func advanceInput(to time: TimeInterval) throws {
        try events.advance(to: time)
    }

    /// The touches down in the window now.
    public var activeTouches: Set<UITouch> { events.activeTouches }
}

extension UIScreen {
    /// Delivers touch samples in screen coordinates (points): a new touch goes to the topmost
    /// visible window under it (windows by level, then by the order they were shown), and every
    /// later sample of that id to the same window, in its coordinates. The whole event is
    /// checked before any of it is delivered: a refused event changes no window. Main actor.
    /// - Throws: `InputError` as `UIWindow.send(_:)` does; `.windowNotShown` when no window is
    ///   under a new touch, `.unknownTouch` for a sample of an id that is not down,
    ///   `.duplicateTouch` for an id twice in the event, `.touchAlreadyDown` for a down of an id
    ///   that is down in any window.
    public func send(_ inputs: [TouchInput]) throws {
        guard !inputs.isEmpty else { throw InputError.emptyEvent }
        var byWindow: [(window: UIWindow, inputs: [TouchInput])] = []
        var ids: Set<Int> = []
        var claimed: [Int: UIWindow] = [:]
        for input in inputs {
            try InputError.check(input.location, id: input.id)
            guard ids.insert(input.id).inserted else { throw InputError.duplicateTouch(id: input.id) }
            // The window the touch went down in, while it is still down there.
            let owner = touchWindows[input.id]?.object.flatMap { $0.events.isDown(input.id) ? $0 : nil }
            let window: UIWindow
            if input.phase == .down {
                if owner != nil { throw InputError.touchAlreadyDown(id: input.id) }
                guard let hit = windows.reversed().first(where: { $0.point(inside: $0.convert(input.location, fromScreen: self), with: nil) && $0.isUserInteractionEnabled })
                else { throw InputError.windowNotShown }
                window = hit
                claimed[input.id] = hit
            } else if let owner = owner ?? claimed[input.id] {
                window = owner
            } else {
                throw InputError.unknownTouch(id: input.id, phase: input.phase)
            }
            var local = input
            local.location = window.convert(input.location, fromScreen: self)
            if let i = byWindow.firstIndex(where: { $0.window === window }) {
                byWindow[i].inputs.append(local)
            } else {
                byWindow.append((window, [local]))
            }
        }
        // Every window's part first; only then is any of it delivered.
        for (window, inputs) in byWindow { try window.events.check(inputs) }
        for (window, inputs) in byWindow {
            try window.send(inputs)
            for input in inputs {
                if input.phase == .down { touchWindows[input.id] = Weak(window) }
                if input.phase == .up || input.phase == .cancel { touchWindows[input.id] = nil }
            }
        }
    }

    /// Delivers one touch sample in screen coordinates (see `send(_:)` for several).
    public func send(_ input: TouchInput) throws { try send([input]) }
}

extension UIWindow {
    /// A point in `screen`'s coordinates (points) in this window's coordinates.
    func convert(_ point: CGPoint, fromScreen screen: UIScreen) -> CGPoint {
        layer.convert(point, from: screen.rootLayer)
    }
}
