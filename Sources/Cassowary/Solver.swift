// Overall design: an incremental Cassowary solver (Badros, Borning and Stuckey, 2001), in the
// shape of kiwi's: a tableau of rows, each a basic symbol expressed as a constant plus other
// symbols, kept in solved form with all restricted (slack, error) basic symbols non-negative.
// Adding a constraint substitutes the basic symbols into its row and picks a subject to make
// basic (or, failing that, adds an artificial variable and minimises it); non-required
// constraints put their error symbols into the objective at their strength, and the primal
// simplex minimises it. Edit variables are non-required equalities whose constant changes move
// the tableau's constants; the dual simplex then restores feasibility. Ties are broken by the
// symbols' creation order, so the same sequence of calls always gives the same solution.

/// Why the solver refused a call. Nothing changed when it threw.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// The constraint was already added.
    case duplicateConstraint(String)
    /// The constraint was never added (or already removed).
    case unknownConstraint(String)
    /// A required constraint conflicts with the required constraints already added.
    case unsatisfiableConstraint(String)
    /// The variable is already an edit variable.
    case duplicateEditVariable(String)
    /// The variable is not an edit variable.
    case unknownEditVariable(String)
    /// Edit variables cannot be required.
    case badRequiredStrength

    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "the constraint \(c) was already added"
        case .unknownConstraint(let c): "the constraint \(c) is not in the solver"
        case .unsatisfiableConstraint(let c): "the required constraint \(c) conflicts with the required constraints already added"
        case .duplicateEditVariable(let v): "\(v) is already an edit variable"
        case .unknownEditVariable(let v): "\(v) is not an edit variable: add it with addEditVariable first"
        case .badRequiredStrength: "an edit variable cannot be required: give it a strength below .required"
        }
    }
}

/// A symbol of the tableau: a variable of the user's, or one the solver adds.
struct Symbol: Hashable, Comparable {
    enum Kind { case invalid, external, slack, error, dummy }
    let id: UInt32
    let kind: Kind

    static let invalid = Symbol(id: 0, kind: .invalid)
    var isRestricted: Bool { kind == .slack || kind == .error }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// A row of the tableau: `constant + Σ coefficient × symbol`.
struct Row {
    var constant: Double
    var cells: [Symbol: Double] = [:]

    init(constant: Double = 0) { self.constant = constant }

    static func nearZero(_ v: Double) -> Bool { abs(v) < 1e-8 }

    /// Adds `coefficient × symbol`.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let c = (cells[symbol] ?? 0) + coefficient
        if Row.nearZero(c) { cells[symbol] = nil } else { cells[symbol] = c }
    }

    /// Adds `coefficient × row`.
    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (s, c) in row.cells { insert(s, c * coefficient) }
    }

    /// Adds `value` to the constant and returns the new constant.
    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    mutating func reverseSign() {
        constant = -constant
        var i = cells.startIndex
        while i != cells.endIndex {
            cells.values[i] = -cells.values[i]
            i = cells.index(after: i)
        }
    }

    /// Solves `0 = row` for `symbol`: the row becomes `symbol`'s value.
    mutating func solve(for symbol: Symbol) {
        let k = -1 / cells.removeValue(forKey: symbol)!
        constant *= k
        var i = cells.startIndex
        while i != cells.endIndex {
            cells.values[i] *= k
            i = cells.index(after: i)
        }
    }

    /// Solves `lhs = row` for `rhs`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// Replaces `symbol` by `row`'s value.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        if let c = cells.removeValue(forKey: symbol) { insert(row, c) }
    }
}

/// An incremental constraint solver. Not thread-safe: one owner at a time.
public final class Solver {
    /// What a constraint put into the tableau: its marker (and other) symbols.
    private struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
    }

    private struct EditInfo {
        let tag: Tag
        let constraint: Constraint
        var constant: Double
    }

    private var constraints: [Constraint: Tag] = [:]
    private var rows: [Symbol: Row] = [:]
    private var variables: [Variable: Symbol] = [:]
    private var edits: [Variable: EditInfo] = [:]
    private var infeasibleRows: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?
    private var nextID: UInt32 = 1

    /// An empty solver.
    public init() {}

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextID += 1 }
        return Symbol(id: nextID, kind: kind)
    }

    // MARK: Constraints

    /// Adds `constraint`.
    /// - Throws: `.duplicateConstraint`, or `.unsatisfiableConstraint` for a required constraint
    ///   that conflicts with the required ones already added (the solver is then unchanged).
    public func addConstraint(_ constraint: Constraint) throws {
        guard constraints[constraint] == nil else { throw SolverError.duplicateConstraint("\(constraint)") }
        let (row, tag) = makeRow(for: constraint)
        var row2 = row
        var subject = chooseSubject(row2, tag)
        if subject.kind == .invalid, row2.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard Row.nearZero(row2.constant) else {
                undoObjective(constraint, tag)
                throw SolverError.unsatisfiableConstraint("\(constraint)")
            }
            subject = tag.marker
        }
        if subject.kind == .invalid {
            guard try addWithArtificialVariable(row2) else {
                // Take the constraint's symbols back out, as if it was never added.
                constraints[constraint] = tag
                try? removeConstraint(constraint)
                throw SolverError.unsatisfiableConstraint("\(constraint)")
            }
        } else {
            row2.solve(for: subject)
            substitute(subject, row2)
            rows[subject] = row2
        }
        constraints[constraint] = tag
        try optimize(objective: true)
    }

    /// Removes `constraint`.
    /// - Throws: `.unknownConstraint` when it was not added.
    public func removeConstraint(_ constraint: Constraint) throws {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw SolverError.unknownConstraint("\(constraint)") }
        removeEffects(of: constraint, tag)
        // The marker leaves the tableau: dropped with its row when basic, else pivoted in first.
        // (A marker found nowhere was already dropped with an empty row.)
        if rows.removeValue(forKey: tag.marker) == nil, let leaving = markerLeavingSymbol(tag.marker),
            var row = rows.removeValue(forKey: leaving)
        {
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objective: true)
    }

    /// Whether `constraint` has been added.
    public func hasConstraint(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

    // MARK: Edit variables

    /// Makes `variable` editable at `strength` (below required): `suggestValue` then moves it.
    /// - Throws: `.duplicateEditVariable`, `.badRequiredStrength`.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        guard edits[variable] == nil else { throw SolverError.duplicateEditVariable("\(variable)") }
        guard strength < .required else { throw SolverError.badRequiredStrength }
        let constraint = Constraint(Expression(variable), .equal, 0, strength: strength)
        try addConstraint(constraint)
        edits[variable] = EditInfo(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    /// Stops `variable` being editable.
    /// - Throws: `.unknownEditVariable`.
    public func removeEditVariable(_ variable: Variable) throws {
        guard let info = edits.removeValue(forKey: variable) else { throw SolverError.unknownEditVariable("\(variable)") }
        try removeConstraint(info.constraint)
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Asks for `variable` to be `value`, as strongly as its edit strength; the solution moves
    /// incrementally (the dual simplex).
    /// - Throws: `.unknownEditVariable`.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        guard var info = edits[variable] else { throw SolverError.unknownEditVariable("\(variable)") }
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        if var row = rows[info.tag.marker] {
            if row.add(-delta) < 0 { infeasibleRows.append(info.tag.marker) }
            rows[info.tag.marker] = row
        } else if var row = rows[info.tag.other] {
            if row.add(delta) < 0 { infeasibleRows.append(info.tag.other) }
            rows[info.tag.other] = row
        } else {
            var infeasible: [Symbol] = []
            var i = rows.startIndex
            while i != rows.endIndex {
                let c = rows.values[i].coefficient(for: info.tag.marker)
                if c != 0, rows.values[i].add(delta * c) < 0, rows.keys[i].kind != .external { infeasible.append(rows.keys[i]) }
                i = rows.index(after: i)
            }
            infeasibleRows.append(contentsOf: infeasible.sorted())
        }
        try dualOptimize()
    }

    /// Writes the solution into the variables' `value`s.
    public func updateVariables() {
        for (variable, symbol) in variables {
            variable.value = rows[symbol]?.constant ?? 0
        }
    }

    /// Forgets every constraint and edit variable.
    public func reset() {
        constraints = [:]
        rows = [:]
        variables = [:]
        edits = [:]
        infeasibleRows = []
        objective = Row()
        artificial = nil
    }

    // MARK: Building rows

    private func symbol(for variable: Variable) -> Symbol {
        if let s = variables[variable] { return s }
        let s = newSymbol(.external)
        variables[variable] = s
        return s
    }

    /// The constraint's row with the basic symbols substituted, its slack, error or dummy
    /// symbols added (the errors into the objective), and a non-negative constant.
    private func makeRow(for constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !Row.nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if let basic = rows[s] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
        }
        var tag = Tag()
        let strength = constraint.strength.value
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, k)
            if constraint.strength < .required {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -k)
                objective.insert(error, strength)
            }
        case .equal:
            if constraint.strength < .required {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, strength)
                objective.insert(minus, strength)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// Takes back the objective terms `makeRow` added for a constraint that was refused.
    private func undoObjective(_ constraint: Constraint, _ tag: Tag) {
        for s in [tag.marker, tag.other] where s.kind == .error {
            objective.insert(s, -constraint.strength.value)
        }
    }

    /// The symbol to make basic: an external one, else a marker that can enter with a
    /// negative coefficient; invalid when none.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min() { return external }
        for s in [tag.marker, tag.other] where s.isRestricted && row.coefficient(for: s) < 0 { return s }
        return .invalid
    }

    /// Adds `row` with an artificial variable, minimised to 0; false when it cannot be (the
    /// constraint is unsatisfiable).
    private func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = newSymbol(.slack)
        rows[art] = row
        artificial = row
        try optimize(objective: false)
        let success = Row.nearZero(artificial!.constant)
        artificial = nil
        if var basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.filter({ $0.isRestricted }).min() else { return false }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            rows[entering] = basic
        }
        var i = rows.startIndex
        while i != rows.endIndex {
            rows.values[i].cells[art] = nil
            i = rows.index(after: i)
        }
        objective.cells[art] = nil
        return success
    }

    /// Replaces `symbol` by `row` everywhere, noting rows that became infeasible.
    private func substitute(_ symbol: Symbol, _ row: Row) {
        var infeasible: [Symbol] = []
        var i = rows.startIndex
        while i != rows.endIndex {
            if rows.values[i].cells[symbol] != nil {
                rows.values[i].substitute(symbol, row)
                if rows.keys[i].kind != .external, rows.values[i].constant < 0 { infeasible.append(rows.keys[i]) }
            }
            i = rows.index(after: i)
        }
        infeasibleRows.append(contentsOf: infeasible.sorted())
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    // MARK: Simplex

    /// Minimises the objective (or, with `objective == false`, the artificial row) by the primal simplex.
    private func optimize(objective useObjective: Bool) throws {
        while true {
            var entering: Symbol?
            for (symbol, c) in useObjective ? objective.cells : artificial!.cells
            where c < 0 && symbol.kind != .dummy && (entering == nil || symbol < entering!) {
                entering = symbol
            }
            guard let entering else { return }
            var leaving: Symbol?
            var ratio = Double.infinity
            for (symbol, row) in rows where symbol.kind != .external {
                let c = row.coefficient(for: entering)
                guard c < 0 else { continue }
                let r = -row.constant / c
                if r < ratio || (r == ratio && symbol < leaving!) {
                    ratio = r
                    leaving = symbol
                }
            }
            guard let leaving, var row = rows.removeValue(forKey: leaving) else {
                preconditionFailure("Cassowary: the objective is unbounded")
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// Restores feasibility after edits by the dual simplex.
    private func dualOptimize() throws {
        while let leaving = infeasibleRows.popLast() {
            guard var row = rows[leaving], row.constant < 0 else { continue }
            var entering: Symbol?
            var ratio = Double.infinity
            for (symbol, c) in row.cells where c > 0 && symbol.kind != .dummy {
                let r = objective.coefficient(for: symbol) / c
                if r < ratio || (r == ratio && symbol < entering!) {
                    ratio = r
                    entering = symbol
                }
            }
            guard let entering else { preconditionFailure("Cassowary: the dual simplex found no entering symbol") }
            rows[leaving] = nil
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    // MARK: Removing

    /// Takes a removed constraint's error symbols out of the objective.
    private func removeEffects(of constraint: Constraint, _ tag: Tag) {
        for marker in [tag.marker, tag.other] where marker.kind == .error {
            if let row = rows[marker] {
                objective.insert(row, -constraint.strength.value)
            } else {
                objective.insert(marker, -constraint.strength.value)
            }
        }
    }

    /// The row to pivot a non-basic marker in on: the restricted row that limits it most
    /// tightly, else any restricted row, else an external one.
    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: Symbol?, second: Symbol?, third: Symbol?
        var r1 = Double.infinity, r2 = Double.infinity
        for (symbol, row) in rows {
            let c = row.coefficient(for: marker)
            guard c != 0 else { continue }
            if symbol.kind == .external {
                if third == nil || symbol < third! { third = symbol }
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 || (r == r1 && symbol < first!) {
                    r1 = r
                    first = symbol
                }
            } else {
                let r = row.constant / c
                if r < r2 || (r == r2 && symbol < second!) {
                    r2 = r
                    second = symbol
                }
            }
        }
        return first ?? second ?? third
    }
}
