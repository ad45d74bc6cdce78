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
///     1.50    end                               # keep rendering until 1.5 s
///
/// The JSON form is an array of objects with the same fields:
/// `{"t": 0.1, "phase": "move", "id": 1, "x": 80, "y": 100}`, scrolls with `"scroll"` set to
/// a `ScrollInput.Phase` name and `"dx"`, `"dy"`, and `{"t": 1.5, "phase": "end"}`.
public struct EventScript: Sendable, Hashable {
    /// One step of a script.
    public enum Step: Sendable, Hashable {
        /// Touch samples that happen together, timestamps relative to the start.
        case touches([TouchInput])
        /// A scroll, timestamp relative to the start.
        case scroll(ScrollInput)

        /// When the step happens, relative to the start.
        public var time: TimeInterval {
            switch self {
            case .touches(let inputs): inputs.first?.timestamp ?? 0
            case .scroll(let scroll): scroll.timestamp
            }
        }
    }

    /// The steps, in time order.
    public var steps: [Step]
    /// How long a replay runs: at least until the last step.
    public var duration: TimeInterval

    /// A script of `steps` (sorted by time is required) running for `duration` (at least the last step's time).
    public init(steps: [Step], duration: TimeInterval? = nil) throws {
        for (a, b) in zip(steps, steps.dropFirst()) where b.time < a.time {
            throw EventScriptError.outOfOrder(line: nil, time: b.time, previous: a.time)
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
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !fields.isEmpty else { continue }
            func number(_ i: Int, _ name: String) throws -> Double {
                guard i < fields.count else { throw EventScriptError.syntax(line: line, "missing \(name)") }
                guard let value = Double(fields[i]), value.isFinite else {
                    throw EventScriptError.syntax(line: line, "\(name) \"\(fields[i])\" is not a finite number")
                }
                return value
            }
            let t = try number(0, "time")
            guard fields.count > 1 else { throw EventScriptError.syntax(line: line, "missing what happens after the time") }
            let what = fields[1]
            let sample: Sample
            switch what {
            case "down", "move", "up", "cancel":
                let id = try number(2, "touch id")
                guard id == id.rounded(), abs(id) < 1e9 else { throw EventScriptError.syntax(line: line, "touch id \(fields[2]) is not a whole number") }
                sample = Sample(t: t, phase: what, id: Int(id), x: try number(3, "x"), y: try number(4, "y"))
            case "wheel", "scroll-began", "scroll-changed", "scroll-ended":
                sample = Sample(
                    t: t, phase: "end", x: try number(2, "x"), y: try number(3, "y"),
                    scroll: what == "wheel" ? "wheel" : String(what.dropFirst("scroll-".count)),
                    dx: try number(4, "dx"), dy: try number(5, "dy"))
            case "end":
                sample = Sample(t: t, phase: "end")
            default:
                throw EventScriptError.syntax(line: line, "\"\(what)\" is not down, move, up, cancel, wheel, scroll-began, scroll-changed, scroll-ended or end")
            }
            samples.append((line, sample))
        }
        try self.init(samples: samples)
    }

    /// Parses the JSON form.
    /// - Throws: `EventScriptError` (or the decoder's error for malformed JSON).
    public init(json: Data) throws {
        let decoded = try JSONDecoder().decode([Sample].self, from: json)
        try self.init(samples: decoded.enumerated().map { ($0.offset + 1, $0.element) })
    }

    /// One line (or JSON object) of a script.
    private struct Sample: Codable {
        var t: Double
        var phase: String
        var id: Int?
        var x: Double?
        var y: Double?
        var scroll: String?
        var dx: Double?
        var dy: Double?
    }

    private init(samples: [(line: Int, sample: Sample)]) throws {
        var steps: [Step] = []
        var end = 0.0
        var last = -Double.infinity
        for (line, s) in samples {
            guard s.t.isFinite, s.t >= 0 else { throw EventScriptError.syntax(line: line, "time \(s.t) must be finite and at least 0") }
            guard s.t >= last else { throw EventScriptError.outOfOrder(line: line, time: s.t, previous: last) }
            last = s.t
            if let scroll = s.scroll {
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
                guard let id = s.id, let x = s.x, let y = s.y else { throw EventScriptError.syntax(line: line, "a touch needs id, x and y") }
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
    /// - Throws: `InputError` for a step the window refuses, or a rendering error; the steps
    ///   before it were delivered.
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
                }
                next += 1
            }
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

    public var description: String {
        switch self {
        case .syntax(let line, let message): "event script, line \(line): \(message)"
        case .outOfOrder(let line, let time, let previous):
            "event script\(line.map { ", line \($0)" } ?? ""): time \(time) is before the previous step's \(previous); steps must be in time order"
        }
    }
}
