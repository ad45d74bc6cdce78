import Foundation

/// One event of an event script, read and checked, in the plain values of the script's lines:
/// what `EventScriptReader` gives and Strata's `EventScript` turns into touches, scrolls, keys and
/// text. Times are seconds from the start of the script. A plain value.
public enum EventScriptEvent: Sendable, Hashable {
    /// What a touch line says happened.
    public enum TouchPhase: String, Sendable, Hashable, CaseIterable { case down, move, up, cancel }
    /// A scroll line's phase (`wheel` for a mouse wheel's step).
    public enum ScrollPhase: String, Sendable, Hashable, CaseIterable { case began, changed, ended, wheel }
    /// A key line's phase: `key-down`, `key-repeat` or `key-up`.
    public enum KeyPhase: String, Sendable, Hashable, CaseIterable {
        case down = "key-down"
        case `repeat` = "key-repeat"
        case up = "key-up"
    }
    /// An input-method line's phase: `text-commit`, `text-compose` or `text-cancel`.
    public enum TextPhase: String, Sendable, Hashable, CaseIterable {
        case commit = "text-commit"
        case compose = "text-compose"
        case cancel = "text-cancel"
    }

    /// A touch sample: its id (a whole number within ±`maximumTouchID`) and location in points.
    case touch(id: Int, TouchPhase, x: Double, y: Double, time: Double)
    /// A scroll at a location, by a delta in points.
    case scroll(ScrollPhase, x: Double, y: Double, dx: Double, dy: Double, time: Double)
    /// A key by USB HID usage with modifier bits (both as `KeyEventRules` allow), the characters
    /// it types and, when given, those without modifiers.
    case key(KeyPhase, code: Int, modifiers: Int, characters: String, charactersIgnoringModifiers: String?, time: Double)
    /// Input-method text; for `compose`, the selected range in UTF-16 units (for the others, the
    /// end of the text).
    case text(TextPhase, String, location: Int, length: Int, time: Double)
    /// The script runs at least until `time`.
    case end(time: Double)

    /// When the event happens.
    public var time: Double {
        switch self {
        case .touch(_, _, _, _, let time), .scroll(_, _, _, _, _, let time), .key(_, _, _, _, _, let time), .text(_, _, _, _, let time),
            .end(let time):
            time
        }
    }
}

/// Reads event scripts, the text form and the JSON form that Strata's `EventScript` documents,
/// into checked events. Below the UIKit model so that what reads bytes is fuzzed on its own (see
/// Fuzz/). Any thread.
public enum EventScriptReader {
    /// The latest time an event may have, in seconds (ten minutes).
    public static let maximumDuration: Double = 600
    /// The most samples (lines or JSON objects) a script may have.
    public static let maximumSamples = 1_000_000
    /// The largest touch id, either sign.
    public static let maximumTouchID = 999_999_999

    /// Reads the text form.
    /// - Throws: `EventScriptError` naming the line and what is wrong with it.
    public static func events(text: String) throws -> [EventScriptEvent] {
        var samples: [(line: Int, sample: Sample)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let tokens = try ScriptLine.tokens(of: raw, line: line)
            let fields = tokens.map(\.text)
            guard !fields.isEmpty else { continue }
            func number(_ i: Int, _ name: String) throws -> Double {
                guard i < fields.count else { throw EventScriptError.syntax(line: line, "missing \(name)") }
                guard !tokens[i].isQuoted, let value = decimal(fields[i]), value.isFinite else {
                    throw EventScriptError.syntax(line: line, "\(name) \"\(printable(fields[i]))\" is not a finite number")
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
            if samples.count > maximumSamples {
                throw EventScriptError.limit(line: line, "more than \(maximumSamples) samples")
            }
        }
        return try events(samples: samples)
    }

    /// A number written in decimal (digits, sign, point, exponent), or nil. Foundation's reader
    /// alone would stop at a NUL byte (`1<NUL>0` read as 1) and take hexadecimal and `inf`.
    package static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy(isDecimalByte) else { return nil }
        return Double(text)
    }

    /// Whether `byte` can be part of a decimal number: a digit, `+`, `-`, `.`, `e` or `E`.
    package static func isDecimalByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x45 || byte == 0x65
    }

    /// `text` with control characters shown as `\u{…}`, for messages.
    package static func printable(_ text: String) -> String {
        String(text.unicodeScalars.flatMap { $0.properties.generalCategory == .control ? Array("\\u{\(String($0.value, radix: 16))}".unicodeScalars) : [$0] }.map(Character.init))
    }

    /// Reads the JSON form.
    /// - Throws: `EventScriptError` naming the line of the object (or number) and the field
    ///   that is wrong; `.syntax(line: 0, …)` with the decoder's reason for text that is not JSON.
    public static func events(json: Data) throws -> [EventScriptEvent] {
        let objectLines = try JSONNumbers.check(json)
        func line(_ index: Int) -> Int { objectLines.indices.contains(index) ? objectLines[index] : index + 1 }
        let decoded: [Sample]
        do {
            decoded = try JSONDecoder().decode([Sample].self, from: json)
        } catch let error as DecodingError {
            throw EventScriptError.decoding(error, line: line)
        }
        if decoded.count > maximumSamples {
            throw EventScriptError.limit(line: line(maximumSamples), "more than \(maximumSamples) samples")
        }
        return try events(samples: decoded.enumerated().map { (line($0.offset), $0.element) })
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

    /// The samples checked in order and made events: times within the limits and in order,
    /// every number finite, phases known, touch ids whole, keys and text by `KeyEventRules`.
    private static func events(samples: [(line: Int, sample: Sample)]) throws -> [EventScriptEvent] {
        var events: [EventScriptEvent] = []
        var last = -Double.infinity
        var keysDown: Set<Int> = []
        for (line, s) in samples {
            guard s.t.isFinite, s.t >= 0 else { throw EventScriptError.syntax(line: line, "time \(s.t) must be finite and at least 0") }
            guard s.t <= maximumDuration else {
                throw EventScriptError.limit(line: line, "time \(s.t) is past the longest script, \(maximumDuration) s")
            }
            for (name, value) in [("x", s.x), ("y", s.y), ("dx", s.dx), ("dy", s.dy)] {
                if let value, !value.isFinite { throw EventScriptError.syntax(line: line, "\(name) \(value) is not a finite number") }
            }
            guard s.t >= last else { throw EventScriptError.outOfOrder(line: line, time: s.t, previous: last) }
            last = s.t
            if s.phase.hasPrefix("key-") || s.phase.hasPrefix("text-") {
                events.append(try ScriptLine.keyOrTextEvent(s, line: line, keysDown: &keysDown))
            } else if let scroll = s.scroll {
                guard let phase = EventScriptEvent.ScrollPhase(rawValue: scroll) else {
                    throw EventScriptError.syntax(line: line, "scroll phase \"\(scroll)\" is not began, changed, ended or wheel")
                }
                guard let x = s.x, let y = s.y else { throw EventScriptError.syntax(line: line, "a scroll needs x and y") }
                events.append(.scroll(phase, x: x, y: y, dx: s.dx ?? 0, dy: s.dy ?? 0, time: s.t))
            } else if s.phase == "end" {
                events.append(.end(time: s.t))
            } else {
                guard let phase = EventScriptEvent.TouchPhase(rawValue: s.phase) else {
                    throw EventScriptError.syntax(line: line, "phase \"\(s.phase)\" is not down, move, up, cancel or end")
                }
                guard let rawID = s.id, let x = s.x, let y = s.y else { throw EventScriptError.syntax(line: line, "a touch needs id, x and y") }
                guard rawID == rawID.rounded(), abs(rawID) <= Double(maximumTouchID) else {
                    throw EventScriptError.limit(line: line, "touch id \(rawID) is not a whole number within ±\(maximumTouchID)")
                }
                events.append(.touch(id: Int(rawID), phase, x: x, y: y, time: s.t))
            }
        }
        return events
    }

}

/// Why an event script could not be read.
public enum EventScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line (or JSON object, counted from 1) that does not say what it should.
    case syntax(line: Int, String)
    /// A step earlier than the one before it.
    case outOfOrder(line: Int?, time: Double, previous: Double)
    /// A value past one of the script limits (`EventScriptReader`'s, `EventScript.maximumFrames`; nil
    /// line: a step given as a value).
    case limit(line: Int?, String)
    /// A replay that reached `EventScript.maximumFrames` before the script's duration.
    case tooManyFrames(limit: Int, duration: Double)

    /// The decoder's error as a line and field of the script.
    package static func decoding(_ error: DecodingError, line: (Int) -> Int) -> EventScriptError {
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
                    if EventScriptReader.isDecimalByte(next) { token.append(next) } else { pending = next; break }
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
