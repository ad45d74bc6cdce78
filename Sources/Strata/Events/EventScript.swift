import Foundation
import StrataCompositor
import StrataCore

/// A recorded sequence of input to replay on a window, frame by frame: for tests, benchmarks
/// and the command line. A plain value. Times are seconds from the start of the replay.
///
/// The text form has one sample per line (`#` starts a comment); samples at the same time on
/// consecutive lines form one event:
///
///     # time  what   id   x     y
///     0.00    down   1    40    100
///     0.10    move   1    80    100
///     0.40    up     1    200   100
///     0.50    wheel       50    50    0  30     # x y dx dy (also: scroll-began, scroll-changed, scroll-ended)
///     0.60    key-down    4  shift  "A"  "a"    # HID usage, modifiers, characters, without modifiers
///     0.65    key-repeat  4  shift  "A"  "a"
///     0.70    key-up      4  shift  "A"  "a"
///     0.80    text-compose "にほ" 2 0            # marked text, selected range (UTF-16 location, length)
///     0.90    text-commit  "日本"
///     0.95    text-cancel
///     1.50    end                               # keep rendering until 1.5 s
///
/// A key line names its key by USB HID usage (`UIKeyboardHIDUsage.rawValue`: 4 for A, 40 for
/// Return); the modifiers (`UIKeyModifierFlags`) are a decimal number or names joined by `+`
/// (`shift+command`; `alphaShift`, `shift`, `control`, `alternate`, `command`, `numericPad`;
/// `0` or `none` for none); the characters are JSON string literals in double quotes (escapes
/// `\"`, `\\`, `\n`, `\t`, `\u00e9`, surrogate pairs; `#` inside quotes is text). Modifiers
/// and characters may be left off (none and ""; the characters without modifiers default to
/// the characters lowercased, as `KeyInput` does). `text-compose` may leave off its range (the
/// caret at the end). Keys go to the window's first responder by `UIWindow.send(_:)` as a host's
/// do; a key going up or repeating that is not down, or going down again, is refused with its line.
///
/// The JSON form is an array of objects with the same fields:
/// `{"t": 0.1, "phase": "move", "id": 1, "x": 80, "y": 100}`, scrolls with `"scroll"` set to
/// a `ScrollInput.Phase` name and `"dx"`, `"dy"`, keys as
/// `{"t": 0.6, "phase": "key-down", "key": 4, "modifiers": 131072, "characters": "A",
/// "charactersIgnoringModifiers": "a"}`, text as `{"t": 0.8, "phase": "text-compose", "text":
/// "にほ", "location": 2, "length": 0}` (`text-commit` with `"text"`, `text-cancel` alone), and
/// `{"t": 1.5, "phase": "end"}`. `textForm` writes a script back in the text form.
///
/// Limits, so that a script always ends and every number means what it says: times from 0 to
/// `maximumDuration` (600 s), at most `maximumSamples` (1,000,000) samples, touch ids whole
/// numbers within ±`maximumTouchID` (999,999,999), every number finite (written in decimal:
/// digits, sign, point and exponent only), key codes, modifiers and marked ranges as
/// `KeyInput` and `TextInput` allow them (whole numbers; no NUL in text), and a replay of at most `maximumFrames` (100,000)
/// frames. What exceeds them is refused with its line (for JSON, the line of the object or
/// number) and the limit.
public struct EventScript: Sendable, Hashable {
    /// The latest time a step or `end` may have, in seconds (ten minutes).
    public static let maximumDuration: TimeInterval = EventScriptReader.maximumDuration
    /// The most samples (lines or JSON objects) a script may have.
    public static let maximumSamples = EventScriptReader.maximumSamples
    /// The largest touch id, either sign.
    public static let maximumTouchID = EventScriptReader.maximumTouchID
    /// The most frames a replay renders before it stops with `EventScriptError.tooManyFrames`
    /// (a frame clock with a tiny step would otherwise take ages to reach the duration).
    public static let maximumFrames = 100_000

    /// One step of a script.
    public enum Step: Sendable, Hashable {
        /// Touch samples that happen together, timestamps relative to the start.
        case touches([TouchInput])
        /// A scroll, timestamp relative to the start.
        case scroll(ScrollInput)
        /// A key going down, repeating or up, timestamp relative to the start.
        case key(KeyInput)
        /// Input-method text, timestamp relative to the start.
        case text(TextInput)

        /// When the step happens, relative to the start.
        public var time: TimeInterval {
            switch self {
            case .touches(let inputs): inputs.first?.timestamp ?? 0
            case .scroll(let scroll): scroll.timestamp
            case .key(let key): key.timestamp
            case .text(let text): text.timestamp
            }
        }
    }

    /// The steps, in time order.
    public var steps: [Step]
    /// How long a replay runs: at least until the last step.
    public var duration: TimeInterval

    /// A script of `steps` (sorted by time is required) running for `duration` (at least the last step's time).
    /// - Throws: `EventScriptError` for steps out of order or a time outside 0...`maximumDuration`.
    public init(steps: [Step], duration: TimeInterval? = nil) throws {
        for (a, b) in zip(steps, steps.dropFirst()) where b.time < a.time {
            throw EventScriptError.outOfOrder(line: nil, time: b.time, previous: a.time)
        }
        for time in steps.map(\.time) + [duration ?? 0] where !(0...Self.maximumDuration).contains(time) {
            throw EventScriptError.limit(line: nil, "time \(time) is outside 0...\(Self.maximumDuration) s")
        }
        self.steps = steps
        self.duration = max(duration ?? 0, steps.last?.time ?? 0)
    }

    /// Parses the text form.
    /// - Throws: `EventScriptError` naming the line and what is wrong with it.
    public init(text: String) throws {
        try self.init(events: EventScriptReader.events(text: text))
    }

    /// Parses the JSON form.
    /// - Throws: `EventScriptError` naming the line of the object (or number) and the field
    ///   that is wrong; `.syntax(line: 0, …)` with the decoder's reason for text that is not JSON.
    public init(json: Data) throws {
        try self.init(events: EventScriptReader.events(json: json))
    }

    /// The script of events `EventScriptReader` read and checked: touch samples at the same
    /// time (each id once) form one step; the last `end` (or step) is the duration.
    private init(events: [EventScriptEvent]) throws {
        var steps: [Step] = []
        var end = 0.0
        for event in events {
            switch event {
            case .touch(let id, let phase, let x, let y, let time):
                let input = TouchInput(id: id, phase: TouchInput.Phase(phase), location: CGPoint(x: x, y: y), timestamp: time)
                if case .touches(var inputs)? = steps.last, inputs.first?.timestamp == time, !inputs.contains(where: { $0.id == id }) {
                    inputs.append(input)
                    steps[steps.count - 1] = .touches(inputs)
                } else {
                    steps.append(.touches([input]))
                }
            case .scroll(let phase, let x, let y, let dx, let dy, let time):
                steps.append(.scroll(ScrollInput(location: CGPoint(x: x, y: y), delta: CGVector(dx: dx, dy: dy), phase: ScrollInput.Phase(phase), timestamp: time)))
            case .key(let phase, let code, let modifiers, let characters, let withoutModifiers, let time):
                // The reader checked the code and modifiers by `KeyEventRules`, which accepts
                // exactly what `UIKeyboardHIDUsage` and `UIKeyModifierFlags` hold (a test pins
                // that), so this does not throw; were they to part, the error still surfaces.
                let key = try KeyInput(
                    phase: KeyInput.Phase(phase), rawKeyCode: code, rawModifierFlags: modifiers, characters: characters,
                    charactersIgnoringModifiers: withoutModifiers, timestamp: time)
                steps.append(.key(key))
            case .text(let phase, let text, let location, let length, let time):
                steps.append(.text(TextInput(phase: TextInput.Phase(phase), text: text, selectedRange: NSRange(location: location, length: length), timestamp: time)))
            case .end(let time):
                end = max(end, time)
            }
        }
        try self.init(steps: steps, duration: end)
    }

    /// Replays the script on `window` from its screen's clock now: before each frame, the steps
    /// due by that frame's time are delivered (at their own times); then the frame is rendered
    /// and handed to `frame`. Runs until `duration` has been shown. On the virtual clock every
    /// replay of the same script draws the same frames. Main actor.
    /// - Returns: the number of frames rendered.
    /// - Throws: `InputError` for a step the window refuses, `EventScriptError.tooManyFrames`
    ///   past `maximumFrames`, or a rendering error; the steps and frames before it happened.
    @MainActor
    @discardableResult
    public func replay(
        on window: UIWindow, readBack: Bool = true,
        frame: (_ index: Int, _ rendered: RenderedFrame) async throws -> Void = { _, _ in }
    ) async throws -> Int {
        try await replay(on: window, readBack: readBack, frameLimit: Self.maximumFrames, frame: frame)
    }

    /// `replay(on:readBack:frame:)` stopping after `frameLimit` frames instead of
    /// `maximumFrames` (tests reach the limit without rendering 100,000 frames). Main actor.
    @MainActor
    @_spi(Testing)
    @discardableResult
    public func replay(
        on window: UIWindow, readBack: Bool = true, frameLimit: Int,
        frame: (_ index: Int, _ rendered: RenderedFrame) async throws -> Void = { _, _ in }
    ) async throws -> Int {
        guard let screen = window.screen else { throw InputError.windowNotShown }
        var playback = EventScriptPlayback(self, on: window, start: screen.mediaTime)
        var index = 0
        while true {
            try playback.deliverSteps(dueBy: screen.mediaTime)
            guard index < frameLimit else { throw EventScriptError.tooManyFrames(limit: frameLimit, duration: duration) }
            let rendered = try await screen.renderFrame(readBack: readBack)
            try await frame(index, rendered)
            index += 1
            if playback.isOver(afterFrameAt: rendered.statistics.time) { return index }
        }
    }
}

/// A script being played on a window: each frame, the steps due by its time are delivered (at
/// their own times, counted from `start`). `EventScript.replay` and `RenderProgram` play so.
@MainActor
package struct EventScriptPlayback {
    private let script: EventScript
    private let window: UIWindow
    /// The screen's time the script's time 0 is at.
    let start: Double
    /// The first step not yet delivered.
    private var next = 0

    package init(_ script: EventScript, on window: UIWindow, start: Double) {
        self.script = script
        self.window = window
        self.start = start
    }

    /// Delivers the steps due by `frameTime` (the next frame's time) that have not been.
    /// - Throws: `InputError` for a step the window refuses (the steps before it were delivered).
    package mutating func deliverSteps(dueBy frameTime: Double) throws {
        let steps = script.steps
        while next < steps.count, start + steps[next].time <= frameTime + 1e-9 {
            switch steps[next] {
            case .touches(let inputs):
                try window.send(
                    inputs.map {
                        var input = $0; input.timestamp += start; return input
                    })
            case .scroll(var scroll):
                scroll.timestamp += start
                try window.send(scroll)
            case .key(var key):
                key.timestamp += start
                try window.send(key)
            case .text(var text):
                text.timestamp += start
                try window.send(text)
            }
            next += 1
        }
    }

    /// Whether every step was delivered and a frame at `frameTime` shows the script's end.
    package func isOver(afterFrameAt frameTime: Double) -> Bool {
        next >= script.steps.count && frameTime >= start + script.duration - 1e-9
    }
}

extension TouchInput.Phase {
    /// A touch line's phase.
    init(_ phase: EventScriptEvent.TouchPhase) {
        switch phase {
        case .down: self = .down
        case .move: self = .move
        case .up: self = .up
        case .cancel: self = .cancel
        }
    }
}

extension ScrollInput.Phase {
    /// A scroll line's phase.
    init(_ phase: EventScriptEvent.ScrollPhase) {
        switch phase {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .wheel: self = .wheel
        }
    }
}

extension KeyInput.Phase {
    /// A key line's phase.
    init(_ phase: EventScriptEvent.KeyPhase) {
        switch phase {
        case .down: self = .down
        case .repeat: self = .repeat
        case .up: self = .up
        }
    }
}

extension TextInput.Phase {
    /// An input-method line's phase.
    init(_ phase: EventScriptEvent.TextPhase) {
        switch phase {
        case .commit: self = .commit
        case .compose: self = .compose
        case .cancel: self = .cancel
        }
    }
}
