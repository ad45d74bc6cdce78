import Foundation
import StrataCompositor

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
    public static let maximumDuration: TimeInterval = 600
    /// The most samples (lines or JSON objects) a script may have.
    public static let maximumSamples = 1_000_000
    /// The largest touch id, either sign.
    public static let maximumTouchID = 999_999_999
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
        var samples: [(line: Int, sample: Sample)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let tokens = try ScriptLine.tokens(of: raw, line: line)
            let fields = tokens.map(\.text)
            guard !fields.isEmpty else { continue }
            func number(_ i: Int, _ name: String) throws -> Double {
                guard i < fields.count else { throw EventScriptError.syntax(line: line, "missing \(name)") }
                guard !tokens[i].isQuoted, let value = Self.decimal(fields[i]), value.isFinite else {
                    throw EventScriptError.syntax(line: line, "\(name) \"\(Self.printable(fields[i]))\" is not a finite number")
                }
                return value
            }
            let t = try number(0, "time")
            guard fields.count > 1 else { throw EventScriptError.syntax(line: line, "missing what happens after the time") }
            let what = fields[1]
            let sample: Sample
            switch what {
            case "down", "move", "up", "cancel":
                sample = Sample(t: t, phase: what, id: try number(2, "touch id"), x: try number(3, "x"), y: try number(4, "y"))
            case "wheel", "scroll-began", "scroll-changed", "scroll-ended":
                sample = Sample(
                    t: t, phase: "end", x: try number(2, "x"), y: try number(3, "y"),
                    scroll: what == "wheel" ? "wheel" : String(what.dropFirst("scroll-".count)),
                    dx: try number(4, "dx"), dy: try number(5, "dy"))
            case "end":
                sample = Sample(t: t, phase: "end")
            case "key-down", "key-repeat", "key-up", "text-commit", "text-compose", "text-cancel":
                sample = try ScriptLine.keyOrTextSample(tokens, time: t, line: line, number: number)
            default:
                throw EventScriptError.syntax(
                    line: line,
                    "\"\(what)\" is not down, move, up, cancel, wheel, scroll-began, scroll-changed, scroll-ended, key-down, key-repeat, key-up, text-commit, text-compose, text-cancel or end"
                )
            }
            samples.append((line, sample))
            if samples.count > Self.maximumSamples {
                throw EventScriptError.limit(line: line, "more than \(Self.maximumSamples) samples")
            }
        }
        try self.init(samples: samples)
    }

    /// A number written in decimal (digits, sign, point, exponent), or nil. Foundation's reader
    /// alone would stop at a NUL byte (`1<NUL>0` read as 1) and take hexadecimal and `inf`.
    static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy(isDecimalByte) else { return nil }
        return Double(text)
    }

    /// Whether `byte` can be part of a decimal number: a digit, `+`, `-`, `.`, `e` or `E`.
    static func isDecimalByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x45 || byte == 0x65
    }

    /// `text` with control characters shown as `\u{…}`, for messages.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.flatMap { $0.properties.generalCategory == .control ? Array("\\u{\(String($0.value, radix: 16))}".unicodeScalars) : [$0] }.map(Character.init))
    }

    /// Parses the JSON form.
    /// - Throws: `EventScriptError` naming the line of the object (or number) and the field
    ///   that is wrong; `.syntax(line: 0, …)` with the decoder's reason for text that is not JSON.
    public init(json: Data) throws {
        let objectLines = try JSONNumbers.check(json)
        func line(_ index: Int) -> Int { objectLines.indices.contains(index) ? objectLines[index] : index + 1 }
        let decoded: [Sample]
        do {
            decoded = try JSONDecoder().decode([Sample].self, from: json)
        } catch let error as DecodingError {
            throw EventScriptError.decoding(error, line: line)
        }
        if decoded.count > Self.maximumSamples {
            throw EventScriptError.limit(line: line(Self.maximumSamples), "more than \(Self.maximumSamples) samples")
        }
        try self.init(samples: decoded.enumerated().map { (line($0.offset), $0.element) })
    }

    /// One line (or JSON object) of a script. The id is read as a number and checked to be whole
    /// and within the limit afterwards, so that the message can say which.
    struct Sample: Codable {
        var t: Double
        var phase: String
        var id: Double?
        var x: Double?
        var y: Double?
        var scroll: String?
        var dx: Double?
        var dy: Double?
        /// A key's HID usage, modifier bits and characters.
        var key: Double?
        var modifiers: Double?
        var characters: String?
        var charactersIgnoringModifiers: String?
        /// Input-method text and its selected range (UTF-16 units).
        var text: String?
        var location: Double?
        var length: Double?
    }

    private init(samples: [(line: Int, sample: Sample)]) throws {
        var steps: [Step] = []
        var end = 0.0
        var last = -Double.infinity
        var keysDown: Set<Int> = []
        for (line, s) in samples {
            guard s.t.isFinite, s.t >= 0 else { throw EventScriptError.syntax(line: line, "time \(s.t) must be finite and at least 0") }
            guard s.t <= Self.maximumDuration else {
                throw EventScriptError.limit(line: line, "time \(s.t) is past the longest script, \(Self.maximumDuration) s")
            }
            for (name, value) in [("x", s.x), ("y", s.y), ("dx", s.dx), ("dy", s.dy)] {
                if let value, !value.isFinite { throw EventScriptError.syntax(line: line, "\(name) \(value) is not a finite number") }
            }
            guard s.t >= last else { throw EventScriptError.outOfOrder(line: line, time: s.t, previous: last) }
            last = s.t
            if s.phase.hasPrefix("key-") || s.phase.hasPrefix("text-") {
                steps.append(try ScriptLine.keyOrTextStep(s, line: line, keysDown: &keysDown))
            } else if let scroll = s.scroll {
                guard let phase = ScrollInput.Phase(rawValue: scroll) else {
                    throw EventScriptError.syntax(line: line, "scroll phase \"\(scroll)\" is not began, changed, ended or wheel")
                }
                guard let x = s.x, let y = s.y else { throw EventScriptError.syntax(line: line, "a scroll needs x and y") }
                steps.append(.scroll(ScrollInput(location: CGPoint(x: x, y: y), delta: CGVector(dx: s.dx ?? 0, dy: s.dy ?? 0), phase: phase, timestamp: s.t)))
            } else if s.phase == "end" {
                end = max(end, s.t)
            } else {
                guard let phase = TouchInput.Phase(rawValue: s.phase) else {
                    throw EventScriptError.syntax(line: line, "phase \"\(s.phase)\" is not down, move, up, cancel or end")
                }
                guard let rawID = s.id, let x = s.x, let y = s.y else { throw EventScriptError.syntax(line: line, "a touch needs id, x and y") }
                guard rawID == rawID.rounded(), abs(rawID) <= Double(Self.maximumTouchID) else {
                    throw EventScriptError.limit(line: line, "touch id \(rawID) is not a whole number within ±\(Self.maximumTouchID)")
                }
                let id = Int(rawID)
                let input = TouchInput(id: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: s.t)
                if case .touches(var inputs)? = steps.last, inputs.first?.timestamp == s.t, !inputs.contains(where: { $0.id == id }) {
                    inputs.append(input)
                    steps[steps.count - 1] = .touches(inputs)
                } else {
                    steps.append(.touches([input]))
                }
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
        guard let screen = window.screen else { throw InputError.windowNotShown }
        let start = screen.mediaTime
        var next = 0
        var index = 0
        while true {
            let frameTime = screen.mediaTime
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
            guard index < Self.maximumFrames else { throw EventScriptError.tooManyFrames(limit: Self.maximumFrames, duration: duration) }
            let rendered = try await screen.renderFrame(readBack: readBack)
            try await frame(index, rendered)
            index += 1
            if next >= steps.count, rendered.statistics.time >= start + duration - 1e-9 { return index }
        }
    }
}

/// Why an event script could not be read.
public enum EventScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line (or JSON object, counted from 1) that does not say what it should.
    case syntax(line: Int, String)
    /// A step earlier than the one before it.
    case outOfOrder(line: Int?, time: Double, previous: Double)
    /// A value past one of `EventScript`'s limits (nil line: a step given as a value).
    case limit(line: Int?, String)
    /// A replay that reached `EventScript.maximumFrames` before the script's duration.
    case tooManyFrames(limit: Int, duration: Double)

    /// The decoder's error as a line and field of the script.
    static func decoding(_ error: DecodingError, line: (Int) -> Int) -> EventScriptError {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c): context = c
        @unknown default: return .syntax(line: 0, "\(error)")
        }
        var place = ""
        if let index = context.codingPath.first?.intValue {
            place = context.codingPath.dropFirst().map { "field \"\($0.stringValue)\": " }.joined()
            if case .keyNotFound(let key, _) = error { place = "field \"\(key.stringValue)\": " }
            return .syntax(line: line(index), place + context.debugDescription)
        }
        return .syntax(line: 0, "not a JSON array of samples: \(context.debugDescription)")
    }

    public var description: String {
        switch self {
        case .syntax(let line, let message): "event script, line \(line): \(message)"
        case .limit(let line, let message): "event script\(line.map { ", line \($0)" } ?? ""): \(message) (see EventScript's limits)"
        case .tooManyFrames(let limit, let duration):
            "event script: the replay reached \(limit) frames before the script's \(duration) s ended; use a frame clock with a longer step or a shorter script"
        case .outOfOrder(let line, let time, let previous):
            "event script\(line.map { ", line \($0)" } ?? ""): time \(time) is before the previous step's \(previous); steps must be in time order"
        }
    }
}

/// Reads JSON text for what the decoder cannot say with a place: every number outside strings
/// must be a finite `Double` (`1e400` is not, and the decoder only says "not valid JSON"), and
/// where each object of the top-level array begins.
enum JSONNumbers {
    /// The line of each top-level array element, in order.
    /// - Throws: `EventScriptError.syntax` with the line and field of a number that overflows.
    static func check(_ data: Data) throws -> [Int] {
        var line = 1, depth = 0, inString = false, escaped = false
        var lastString: [UInt8] = [], key = "", objectLines: [Int] = []
        var bytes = data.makeIterator()
        var pending: UInt8? = nil
        while let byte = pending ?? bytes.next() {
            pending = nil
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false } else { lastString.append(byte) }
                continue
            }
            // An element of the top-level array starts here.
            if depth == 1, ![0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D].contains(byte) { objectLines.append(line) }
            switch byte {
            case 0x22: inString = true; lastString = []
            case 0x3A: key = String(decoding: lastString, as: UTF8.self)
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D: depth -= 1
            case 0x2D, 0x30...0x39:
                var token = [byte]
                while let next = bytes.next() {
                    if EventScript.isDecimalByte(next) { token.append(next) } else { pending = next; break }
                }
                let text = String(decoding: token, as: UTF8.self)
                if let value = Double(text), !value.isFinite {
                    throw EventScriptError.syntax(line: line, "field \"\(key)\": \(text) is beyond the largest number a script can hold (about 1.8e308)")
                }
            default: break
            }
        }
        return objectLines
    }
}
