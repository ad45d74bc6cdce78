import Foundation
import StrataCore

extension EventScript {
    /// The script in the text form (`init(text:)` reads it back as the same script): one line
    /// per touch sample, scroll, key and text step, then the duration's `end`. Numbers are
    /// written as Swift prints them (shortest exact decimal); text as JSON string literals.
    public var textForm: String {
        var lines = ["# time  what  …  (Strata event script)"]
        func n(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)" }
        for step in steps {
            switch step {
            case .touches(let inputs):
                for i in inputs { lines.append("\(n(i.timestamp)) \(i.phase.rawValue) \(i.id) \(n(i.location.x)) \(n(i.location.y))") }
            case .scroll(let s):
                let what = s.phase == .wheel ? "wheel" : "scroll-\(s.phase.rawValue)"
                lines.append("\(n(s.timestamp)) \(what) \(n(s.location.x)) \(n(s.location.y)) \(n(s.delta.dx)) \(n(s.delta.dy))")
            case .key(let k):
                let what = ["down": "key-down", "repeat": "key-repeat", "up": "key-up"][k.phase.rawValue]!
                lines.append(
                    "\(n(k.timestamp)) \(what) \(k.keyCode.rawValue) \(k.modifierFlags.rawValue) \(ScriptLine.quoted(k.characters)) \(ScriptLine.quoted(k.charactersIgnoringModifiers))"
                )
            case .text(let t):
                switch t.phase {
                case .commit: lines.append("\(n(t.timestamp)) text-commit \(ScriptLine.quoted(t.text))")
                case .compose:
                    lines.append("\(n(t.timestamp)) text-compose \(ScriptLine.quoted(t.text)) \(t.selectedRange.location) \(t.selectedRange.length)")
                case .cancel: lines.append("\(n(t.timestamp)) text-cancel")
                }
            }
        }
        lines.append("\(n(duration)) end")
        return lines.joined(separator: "\n") + "\n"
    }
}
