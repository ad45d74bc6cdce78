/// The value of one layer property, by its type: what is defined once per type (finiteness,
/// adding, interpolation) is written here, not per property. A plain value.
public enum LayerValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case float(Float)
    case point(Point)
    case rect(Rect)
    /// A colour, or none.
    case color(Color?)
    case gravity(ContentsGravity)
    /// Boxed: sixteen doubles would make every value (and every commit operation) 129 bytes.
    indirect case transform(Transform3D)

    /// Whether every number in the value is finite.
    public var isFinite: Bool {
        switch self {
        case .bool, .gravity: true
        case .number(let v): v.isFinite
        case .float(let v): v.isFinite
        case .point(let p): p.isFinite
        case .rect(let r): r.isFinite
        case .color(let c): c.map { [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite) } ?? true
        case .transform(let t): t.isFinite
        }
    }

    /// The value's type.
    public enum Kind: UInt8, Sendable {
        case bool, number, float, point, rect, color, gravity, transform
    }

    /// The value's type (its case).
    public var kind: Kind {
        switch self {
        case .bool: .bool
        case .number: .number
        case .float: .float
        case .point: .point
        case .rect: .rect
        case .color: .color
        case .gravity: .gravity
        case .transform: .transform
        }
    }

    /// Whether both values are of the same type (case).
    public func hasSameType(as other: LayerValue) -> Bool { kind == other.kind }

    /// Why the value cannot be shown under `rule`, or nil (its type's `problem(of:rule:)`).
    public func problem(under rule: LayerValueRule) -> String? {
        switch self {
        case .bool(let v): Bool.problem(of: v, rule: rule)
        case .number(let v): Double.problem(of: v, rule: rule)
        case .float(let v): Float.problem(of: v, rule: rule)
        case .point(let v): Point.problem(of: v, rule: rule)
        case .rect(let v): Rect.problem(of: v, rule: rule)
        case .color(let v): Optional<Color>.problem(of: v, rule: rule)
        case .gravity(let v): ContentsGravity.problem(of: v, rule: rule)
        case .transform(let v): Transform3D.problem(of: v, rule: rule)
        }
    }

    /// `self + other × k` for values that add (numbers, points, rectangles, colours; a missing
    /// colour counts as clear), or nil.
    public func adding(_ other: LayerValue, scaledBy k: Double) -> LayerValue? {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return .number(a + b * k)
        case (.float(let a), .float(let b)):
            return .float(a + b * Float(k))
        case (.point(let a), .point(let b)):
            return .point(Point(x: a.x + b.x * k, y: a.y + b.y * k))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: a.minX + b.minX * k, y: a.minY + b.minY * k, width: a.width + b.width * k, height: a.height + b.height * k))
        case (.color(let a), .color(let b)):
            let x = a ?? .clear, y = b ?? .clear, f = Float(k)
            return .color(Color(red: x.red + y.red * f, green: x.green + y.green * f, blue: x.blue + y.blue * f, alpha: x.alpha + y.alpha * f))
        default:
            return nil
        }
    }

    /// The value `p` of the way from `a` to `b` (same type): transforms by decomposition (a turn
    /// stays a turn), values that add linearly; nil for values that do neither.
    public static func interpolate(_ a: LayerValue, _ b: LayerValue, _ p: Double) -> LayerValue? {
        if case .transform(let x) = a, case .transform(let y) = b {
            return .transform(Transform3D.interpolate(x, y, p))
        }
        guard let delta = b.adding(a, scaledBy: -1) else { return nil }
        return a.adding(delta, scaledBy: p)
    }

    public var description: String {
        switch self {
        case .bool(let v): "\(v)"
        case .number(let v): "\(v)"
        case .float(let v): "\(v)"
        case .point(let v): "\(v)"
        case .rect(let v): "\(v)"
        case .color(let v): v.map { "\($0)" } ?? "nil"
        case .gravity(let v): "\(v)"
        case .transform(let v): "\(v.entries)"
        }
    }
}

/// A Swift type that a layer property can have, with its `LayerValue` case.
public protocol LayerValueRepresentable: Equatable, Sendable {
    /// The value as a `LayerValue`.
    var layerValue: LayerValue { get }
    /// Why `value` cannot be shown under `rule`, or nil when it can (a message that names the value).
    static func problem(of value: Self, rule: LayerValueRule) -> String?
}

extension LayerValueRepresentable {
    /// Any value is acceptable (flags and gravities).
    public static func problem(of value: Self, rule: LayerValueRule) -> String? { nil }
}

extension Bool: LayerValueRepresentable {
    public var layerValue: LayerValue { .bool(self) }
}

extension Double: LayerValueRepresentable {
    public static func problem(of v: Double, rule: LayerValueRule) -> String? {
        switch rule {
        case .positive: return v.isFinite && v > 0 ? nil : "is \(v); it must be a finite number above 0"
        case .nonNegative where v.isFinite && v < 0: return "is negative (\(v))"
        default: return v.isFinite ? nil : "has a non-finite value \(v)"
        }
    }
    public var layerValue: LayerValue { .number(self) }
}

extension Float: LayerValueRepresentable {
    public static func problem(of v: Float, rule: LayerValueRule) -> String? {
        if rule == .unitInterval { return v.isFinite && (0...1).contains(v) ? nil : "is \(v), outside 0...1" }
        return v.isFinite ? nil : "has a non-finite value \(v)"
    }
    public var layerValue: LayerValue { .float(self) }
}

extension Point: LayerValueRepresentable {
    public static func problem(of p: Point, rule: LayerValueRule) -> String? {
        p.isFinite ? nil : "has a non-finite value \(p)"
    }
    public var layerValue: LayerValue { .point(self) }
}

extension Rect: LayerValueRepresentable {
    public static func problem(of r: Rect, rule: LayerValueRule) -> String? {
        if !r.isFinite { return "has a non-finite value \(r)" }
        if rule == .nonNegativeSize, r.size.width < 0 || r.size.height < 0 { return "has a negative size \(r.size)" }
        return nil
    }
    public var layerValue: LayerValue { .rect(self) }
}

extension Optional: LayerValueRepresentable where Wrapped == Color {
    public static func problem(of c: Color?, rule: LayerValueRule) -> String? {
        guard let c, !c.isValid else { return nil }
        return "has components outside 0...1: \(c)"
    }
    public var layerValue: LayerValue { .color(self) }
}

extension ContentsGravity: LayerValueRepresentable {
    public var layerValue: LayerValue { .gravity(self) }
}

extension Transform3D: LayerValueRepresentable {
    public static func problem(of t: Transform3D, rule: LayerValueRule) -> String? {
        t.isFinite ? nil : "has a non-finite entry: \(t.entries)"
    }
    public var layerValue: LayerValue { .transform(self) }
}
