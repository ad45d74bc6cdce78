import Foundation

extension NSLayoutConstraint {
    /// Options of the visual format language: UIKit's `NSLayoutConstraint.FormatOptions`, with
    /// its raw values. The alignment options tie every view of the format on the other axis.
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions(rawValue: 0 << 16)
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    }

    /// The constraints a visual-format string describes (inactive), as UIKit's: `H:|-[a(>=50)]-8-[b(==a)]-|`.
    ///
    /// `|` is the superview; `-` alone is the standard spacing (8 points between views; the
    /// superview's layout margin at an edge); `-n-` a spacing; `[name(predicates)]` a view with
    /// size predicates; predicates are `(relation)?(number | metric | view)(@priority)?`.
    /// - Precondition: the format parses and names only views and metrics given; UIKit raises
    ///   "Unable to parse constraint format" otherwise, Strata traps with the same words and the place.
    public static func constraints(
        withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?, views: [String: Any]
    ) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        return parser.parse(options: opts)
    }
}

/// Reads one visual-format string into constraints. Main actor (it makes constraints).
@MainActor
struct VisualFormatParser {
    private let text: [Character]
    private let format: String
    private let metrics: [String: Any]
    private let views: [String: Any]
    private var i = 0

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        self.format = format
        text = Array(format.filter { !$0.isWhitespace })
        self.metrics = metrics
        self.views = views
    }

    /// A predicate: `relation constant-or-view @priority`.
    private struct Predicate {
        var relation = NSLayoutConstraint.Relation.equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority = UILayoutPriority.required
    }

    private func fail(_ what: String) -> Never {
        preconditionFailure(
            "Unable to parse constraint format: \(what)\n\(format)\n\(String(repeating: " ", count: i))^")
    }

    private var atEnd: Bool { i >= text.count }
    private func peek(_ c: Character) -> Bool { !atEnd && text[i] == c }

    private mutating func expect(_ c: Character) {
        guard peek(c) else { fail("expected '\(c)'") }
        i += 1
    }

    private mutating func name() -> String {
        let start = i
        while !atEnd, text[i].isLetter || text[i].isNumber || text[i] == "_" { i += 1 }
        guard i > start else { fail("expected a view or metric name") }
        return String(text[start..<i])
    }

    private mutating func number() -> CGFloat? {
        let start = i
        while !atEnd, text[i].isNumber || text[i] == "." || (i == start && (text[i] == "-" || text[i] == "+")) { i += 1 }
        guard i > start, let value = Double(String(text[start..<i])) else {
            i = start
            return nil
        }
        return CGFloat(value)
    }

    private mutating func constantOrMetric() -> CGFloat {
        if let n = number() { return n }
        let key = name()
        guard let value = metrics[key] else { fail("metric '\(key)' is not in the metrics dictionary") }
        switch value {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: fail("metric '\(key)' is not a number")
        }
    }

    private mutating func predicate(allowViews: Bool) -> Predicate {
        var p = Predicate()
        if peek("=") || peek("<") || peek(">") {
            let c = text[i]
            i += 1
            expect("=")
            p.relation = c == "=" ? .equal : c == "<" ? .lessThanOrEqual : .greaterThanOrEqual
        }
        if allowViews, !atEnd, text[i].isLetter, let view = views[String(peekName())] as? UIView {
            _ = name()
            p.view = view
        } else {
            p.constant = constantOrMetric()
        }
        if peek("@") {
            i += 1
            p.priority = UILayoutPriority(Float(constantOrMetric()))
        }
        return p
    }

    private func peekName() -> String {
        var j = i
        while j < text.count, text[j].isLetter || text[j].isNumber || text[j] == "_" { j += 1 }
        return String(text[i..<j])
    }

    /// `(p, p, …)` or a single simple predicate.
    private mutating func predicates(allowViews: Bool) -> [Predicate] {
        if peek("(") {
            i += 1
            var list = [predicate(allowViews: allowViews)]
            while peek(",") {
                i += 1
                list.append(predicate(allowViews: allowViews))
            }
            expect(")")
            return list
        }
        return [predicate(allowViews: false)]
    }

    /// A connection: nil for none (views touching), else its predicates (the standard space when empty).
    private mutating func connection() -> [Predicate]? {
        guard peek("-") else { return nil }
        i += 1
        if peek("[") || peek("|") { return [] }  // "-" alone: the standard space
        let list = predicates(allowViews: false)
        expect("-")
        return list
    }

    mutating func parse(options: NSLayoutConstraint.FormatOptions) -> [NSLayoutConstraint] {
        var vertical = false
        if text.count >= 2, text[1] == ":" {
            guard text[0] == "H" || text[0] == "V" else { fail("the orientation is H or V") }
            vertical = text[0] == "V"
            i = 2
        }
        let (lead, trail, size): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
        let (leadMargin, trailMargin): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            vertical ? (.topMargin, .bottomMargin) : (.leadingMargin, .trailingMargin)
        var result: [NSLayoutConstraint] = []
        func make(_ a: UIView, _ aa: NSLayoutConstraint.Attribute, _ p: Predicate, _ b: UIView?, _ ba: NSLayoutConstraint.Attribute) {
            let c = NSLayoutConstraint(
                item: a, attribute: aa, relatedBy: p.relation, toItem: b, attribute: b == nil ? .notAnAttribute : ba, multiplier: 1,
                constant: p.constant)
            c.priority = p.priority
            result.append(c)
        }
        var leadingSuperview = false
        var pending: [Predicate]?
        if peek("|") {
            i += 1
            leadingSuperview = true
            pending = connection()
        }
        var previous: UIView?
        var all: [UIView] = []
        while peek("[") {
            i += 1
            let key = name()
            guard let view = views[key] as? UIView else { fail("'\(key)' is not a key in the views dictionary") }
            if peek("(") {
                for p in predicates(allowViews: true) {
                    if let other = p.view { make(view, size, p, other, size) } else { make(view, size, p, nil, .notAnAttribute) }
                }
            }
            expect("]")
            if let previous {
                switch pending {
                case nil: make(view, lead, Predicate(), previous, trail)  // touching
                case let list? where list.isEmpty: make(view, lead, Predicate(constant: UIView.systemSpacing), previous, trail)
                case let list?: for p in list { make(view, lead, p, previous, trail) }
                }
            } else if leadingSuperview {
                guard let superview = view.superview else { fail("'\(key)' has no superview for '|'") }
                if let pending, pending.isEmpty {
                    make(view, lead, Predicate(), superview, leadMargin)
                } else {
                    for p in pending ?? [Predicate()] { make(view, lead, p, superview, lead) }
                }
            }
            all.append(view)
            previous = view
            pending = connection()
        }
        guard let last = previous else { fail("expected a view in brackets") }
        if peek("|") {
            i += 1
            guard let superview = last.superview else { fail("the last view has no superview for '|'") }
            if let pending, pending.isEmpty {
                make(superview, trailMargin, Predicate(), last, trail)
            } else {
                for p in pending ?? [Predicate()] { make(superview, trail, p, last, trail) }
            }
        } else if pending != nil {
            fail("a connection must end at a view or '|'")
        }
        guard atEnd else { fail("unexpected '\(text[i])'") }
        // Alignment options: every view lines up with the first on the other axis.
        let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX), (.alignAllCenterY, .centerY),
            (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in alignments where options.contains(option) {
            for view in all.dropFirst() { make(view, attribute, Predicate(), all[0], attribute) }
        }
        return result
    }
}
