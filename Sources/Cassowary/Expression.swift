// The values a constraint system is written in: variables, linear expressions, strengths and
// constraints, with operators so that `x + 10 <= y * 2` reads as it does on paper.

/// An unknown the solver finds a value for. A reference type: a variable is itself, whatever its name.
public final class Variable: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// A name for messages.
    public let name: String
    /// The value the solver last wrote (`Solver.updateVariables()`); 0 before.
    public internal(set) var value: Double = 0

    /// A variable named `name`.
    public init(_ name: String = "") { self.name = name }

    public static func == (a: Variable, b: Variable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 10000)" : name }
}

/// A variable times a coefficient.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public let variable: Variable
    /// Its coefficient.
    public let coefficient: Double

    /// `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String { coefficient == 1 ? "\(variable)" : "\(coefficient) * \(variable)" }
}

/// A sum of terms and a constant.
public struct Expression: Sendable, CustomStringConvertible, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The terms (a variable may appear more than once; the solver adds them up).
    public var terms: [Term]
    /// The constant.
    public var constant: Double

    /// `terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression that is just `variable`.
    public init(_ variable: Variable) { self.init([Term(variable)]) }

    /// The constant expression `value`.
    public init(floatLiteral value: Double) { self.init(constant: value) }

    /// The constant expression `value`.
    public init(integerLiteral value: Int) { self.init(constant: Double(value)) }

    /// The expression's value with the variables' current values.
    public var value: Double { terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value } }

    public var description: String {
        (terms.map(\.description) + (constant != 0 || terms.isEmpty ? ["\(constant)"] : [])).joined(separator: " + ")
    }
}

/// How much a constraint matters: `required` ones must hold; the others are met as far as they
/// can be, a stronger one before any number of weaker ones (as Cassowary's symbolic weights,
/// packed into one number the way kiwi packs them).
public struct Strength: Hashable, Comparable, Sendable {
    /// The packed value.
    public let value: Double

    /// A strength from its packed value, clipped to 0 … `required`.
    public init(_ value: Double) { self.value = min(max(value, 0), 1_001_001_000) }

    /// A strength from strong, medium and weak parts (each 0 … 1000), times `weight`.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Strength {
        func clip(_ v: Double) -> Double { min(max(v * weight, 0), 1000) }
        return Strength(clip(strong) * 1_000_000 + clip(medium) * 1000 + clip(weak))
    }

    /// Must hold.
    public static let required = create(1000, 1000, 1000)
    /// Strong.
    public static let strong = create(1, 0, 0)
    /// Medium.
    public static let medium = create(0, 1, 0)
    /// Weak.
    public static let weak = create(0, 0, 1)

    public static func < (a: Strength, b: Strength) -> Bool { a.value < b.value }
}

/// How the two sides of a constraint compare.
public enum Relation: Sendable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation the solver keeps: `expression relation 0` at a strength. A reference type,
/// added to and removed from a solver by identity.
public final class Constraint: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The left side minus the right side.
    public let expression: Expression
    /// How it compares with 0.
    public let relation: Relation
    /// How much it matters.
    public let strength: Strength

    /// `lhs relation rhs` at `strength`.
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression = 0, strength: Strength = .required) {
        expression = Expression(lhs.terms + rhs.terms.map { Term($0.variable, -$0.coefficient) }, constant: lhs.constant - rhs.constant)
        self.relation = relation
        self.strength = strength
    }

    /// The same relation at another strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, 0, strength: strength)
    }

    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "\(expression) \(relation) 0 (strength \(strength.value))" }
}

// MARK: Operators

/// Something that is, or becomes, an expression: a variable, an expression or a number.
public protocol ExpressionConvertible {
    /// The expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    public var expression: Expression { Expression(self) }
}
extension Expression: ExpressionConvertible {
    public var expression: Expression { self }
}
extension Double: ExpressionConvertible {
    public var expression: Expression { Expression(constant: self) }
}
extension Int: ExpressionConvertible {
    public var expression: Expression { Expression(constant: Double(self)) }
}

public func + (a: some ExpressionConvertible, b: some ExpressionConvertible) -> Expression {
    let a = a.expression, b = b.expression
    return Expression(a.terms + b.terms, constant: a.constant + b.constant)
}

public func - (a: some ExpressionConvertible, b: some ExpressionConvertible) -> Expression {
    a + b.expression * -1
}

public func * (a: some ExpressionConvertible, k: Double) -> Expression {
    let a = a.expression
    return Expression(a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
}

public func * (k: Double, a: some ExpressionConvertible) -> Expression { a * k }

public func / (a: some ExpressionConvertible, k: Double) -> Expression { a * (1 / k) }

public prefix func - (a: some ExpressionConvertible) -> Expression { a * -1 }

public func == (a: some ExpressionConvertible, b: some ExpressionConvertible) -> Constraint {
    Constraint(a.expression, .equal, b.expression)
}

public func <= (a: some ExpressionConvertible, b: some ExpressionConvertible) -> Constraint {
    Constraint(a.expression, .lessThanOrEqual, b.expression)
}

public func >= (a: some ExpressionConvertible, b: some ExpressionConvertible) -> Constraint {
    Constraint(a.expression, .greaterThanOrEqual, b.expression)
}

/// The constraint at another strength: `(x == 10) | .strong` (the parentheses are needed: `|`
/// binds more tightly than `==`).
public func | (constraint: Constraint, strength: Strength) -> Constraint {
    constraint.withStrength(strength)
}
