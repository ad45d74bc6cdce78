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

/// A symbol of the tableau: a variable of the user's, or one the solver adds. Numbered densely
/// in creation order (0 is invalid); its kind is kept by the solver, indexed by the number.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 { case invalid, external, slack, error, dummy }
    let id: UInt32

    static let invalid = Symbol(id: 0)
    var isValid: Bool { id != 0 }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// A row of the tableau: `constant + Σ coefficient × symbol`, the symbols sorted by number in
/// two parallel arrays (as kiwi's sorted vectors: no hashing, and rows merge in one pass).
struct Row {
    var constant: Double
    private(set) var ids: [UInt32] = []
    private(set) var coefficients: [Double] = []

    init(constant: Double = 0) { self.constant = constant }

    static func nearZero(_ v: Double) -> Bool { abs(v) < 1e-8 }

    var isEmpty: Bool { ids.isEmpty }

    /// Where `id` is, or where it would go.
    private func find(_ id: UInt32) -> (found: Bool, at: Int) {
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return (lo < ids.count && ids[lo] == id, lo)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (found, at) = find(symbol.id)
        return found ? coefficients[at] : 0
    }

    func contains(_ symbol: Symbol) -> Bool { find(symbol.id).found }

    /// The symbols with their coefficients, in number order.
    var cells: Zip2Sequence<[UInt32], [Double]> { zip(ids, coefficients) }

    /// Adds `coefficient × symbol`.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (found, at) = find(symbol.id)
        if found {
            let c = coefficients[at] + coefficient
            if Row.nearZero(c) {
                ids.remove(at: at)
                coefficients.remove(at: at)
            } else {
                coefficients[at] = c
            }
        } else if !Row.nearZero(coefficient) {
            ids.insert(symbol.id, at: at)
            coefficients.insert(coefficient, at: at)
        }
    }

    /// Adds `k × row`, merging the two sorted rows in one pass.
    mutating func insert(_ row: Row, _ k: Double = 1) {
        constant += row.constant * k
        if row.ids.isEmpty { return }
        var newIds: [UInt32] = [], newCoefficients: [Double] = []
        newIds.reserveCapacity(ids.count + row.ids.count)
        newCoefficients.reserveCapacity(ids.count + row.ids.count)
        var i = 0, j = 0
        while i < ids.count || j < row.ids.count {
            if j == row.ids.count || (i < ids.count && ids[i] < row.ids[j]) {
                newIds.append(ids[i])
                newCoefficients.append(coefficients[i])
                i += 1
            } else if i == ids.count || row.ids[j] < ids[i] {
                let c = row.coefficients[j] * k
                if !Row.nearZero(c) {
                    newIds.append(row.ids[j])
                    newCoefficients.append(c)
                }
                j += 1
            } else {
                let c = coefficients[i] + row.coefficients[j] * k
                if !Row.nearZero(c) {
                    newIds.append(ids[i])
                    newCoefficients.append(c)
                }
                i += 1
                j += 1
            }
        }
        ids = newIds
        coefficients = newCoefficients
    }

    /// Removes `symbol`, returning its coefficient.
    @discardableResult mutating func remove(_ symbol: Symbol) -> Double? {
        let (found, at) = find(symbol.id)
        guard found else { return nil }
        ids.remove(at: at)
        return coefficients.remove(at: at)
    }

    /// Adds `value` to the constant and returns the new constant.
    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    mutating func reverseSign() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Solves `0 = row` for `symbol`: the row becomes `symbol`'s value.
    mutating func solve(for symbol: Symbol) {
        let k = -1 / remove(symbol)!
        constant *= k
        for i in coefficients.indices { coefficients[i] *= k }
    }

    /// Solves `lhs = row` for `rhs`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`'s value.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        if let c = remove(symbol) { insert(row, c) }
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
    private var variables: [Variable: Symbol] = [:]
    /// The variables with their symbols' numbers, for writing the solution out quickly.
    private var externals: [(Variable, Int)] = []
    private var edits: [Variable: EditInfo] = [:]
    // The tableau's arrays are read and written only by this solver's own methods, one call at a
    // time and never lent out across a call, so their accesses cannot overlap: they skip the
    // dynamic exclusivity checks, which cost about a tenth of a re-solve.
    /// Each symbol's kind, by number.
    @exclusivity(unchecked) private var kinds: [Symbol.Kind] = [.invalid]
    /// Each basic symbol's row, by number (nil: not basic).
    @exclusivity(unchecked) private var rows: [Row?] = [nil]
    /// The basic symbols, in no order, and where each is in that list (-1: not basic).
    @exclusivity(unchecked) private var basics: [Symbol] = []
    @exclusivity(unchecked) private var basicPosition: [Int32] = [-1]
    /// For each symbol, the basic symbols whose rows may hold it (a superset: entries are
    /// checked and pruned when read), so a substitution touches only the rows that hold the
    /// symbol instead of scanning the whole tableau.
    @exclusivity(unchecked) private var columns: [[UInt32]] = [[]]
    /// Marks for visiting each basic symbol once in `rowsContaining`.
    @exclusivity(unchecked) private var visited: [UInt32] = [0]
    private var stamp: UInt32 = 0
    private var infeasibleRows: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?

    /// An empty solver.
    public init() {}

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let s = Symbol(id: UInt32(kinds.count))
        kinds.append(kind)
        rows.append(nil)
        basicPosition.append(-1)
        columns.append([])
        visited.append(0)
        return s
    }

    /// Records that `basic`'s row holds every symbol of `row`.
    private func noteCells(of row: Row, in basic: Symbol) {
        for id in row.ids { columns[Int(id)].append(basic.id) }
    }

    /// The basic symbols whose rows hold `symbol`, each once; prunes the column's stale entries.
    private func rowsContaining(_ symbol: Symbol) -> [Symbol] {
        stamp &+= 1
        var found: [Symbol] = []
        var kept: [UInt32] = []
        for id in columns[Int(symbol.id)] {
            let i = Int(id)
            guard visited[i] != stamp else { continue }
            visited[i] = stamp
            guard rows[i]?.contains(symbol) == true else { continue }
            found.append(Symbol(id: id))
            kept.append(id)
        }
        columns[Int(symbol.id)] = kept
        return found
    }

    private func kind(_ s: Symbol) -> Symbol.Kind { kinds[Int(s.id)] }
    private func kind(_ id: UInt32) -> Symbol.Kind { kinds[Int(id)] }
    private func isRestricted(_ s: Symbol) -> Bool { kind(s) == .slack || kind(s) == .error }

    private func setRow(_ s: Symbol, _ row: Row) {
        let i = Int(s.id)
        if rows[i] == nil {
            basicPosition[i] = Int32(basics.count)
            basics.append(s)
        }
        rows[i] = row
        noteCells(of: row, in: s)
    }

    private func takeRow(_ s: Symbol) -> Row? {
        let i = Int(s.id)
        guard s.isValid, let row = rows[i] else { return nil }
        rows[i] = nil
        let at = Int(basicPosition[i])
        let last = basics.removeLast()
        if at < basics.count {
            basics[at] = last
            basicPosition[Int(last.id)] = Int32(at)
        }
        basicPosition[i] = -1
        return row
    }

    // MARK: Constraints

    /// Adds `constraint`.
    /// - Throws: `.duplicateConstraint`, or `.unsatisfiableConstraint` for a required constraint
    ///   that conflicts with the required ones already added (the solver is then unchanged).
    public func addConstraint(_ constraint: Constraint) throws {
        guard constraints[constraint] == nil else { throw SolverError.duplicateConstraint("\(constraint)") }
        var (row, tag) = makeRow(for: constraint)
        var subject = chooseSubject(row, tag)
        if !subject.isValid, row.cells.allSatisfy({ kind($0.0) == .dummy }) {
            guard Row.nearZero(row.constant) else {
                undoObjective(constraint, tag)
                throw SolverError.unsatisfiableConstraint("\(constraint)")
            }
            subject = tag.marker
        }
        if !subject.isValid {
            guard addWithArtificialVariable(row) else {
                // Take the constraint's symbols back out, as if it was never added.
                constraints[constraint] = tag
                try? removeConstraint(constraint)
                throw SolverError.unsatisfiableConstraint("\(constraint)")
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        }
        constraints[constraint] = tag
        optimize(objective: true)
    }

    /// Removes `constraint`.
    /// - Throws: `.unknownConstraint` when it was not added.
    public func removeConstraint(_ constraint: Constraint) throws {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw SolverError.unknownConstraint("\(constraint)") }
        removeEffects(of: constraint, tag)
        // The marker leaves the tableau: dropped with its row when basic, else pivoted in first.
        // (A marker found nowhere was already dropped with an empty row.)
        if takeRow(tag.marker) == nil, let leaving = markerLeavingSymbol(tag.marker), var row = takeRow(leaving) {
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        optimize(objective: true)
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
        let marker = info.tag.marker, other = info.tag.other
        if rows[Int(marker.id)] != nil {
            if rows[Int(marker.id)]!.add(-delta) < 0 { infeasibleRows.append(marker) }
        } else if rows[Int(other.id)] != nil {
            if rows[Int(other.id)]!.add(delta) < 0 { infeasibleRows.append(other) }
        } else {
            var infeasible: [Symbol] = []
            stamp &+= 1
            let stamp = stamp
            // The column is taken out while it is pruned, so writing it copies nothing.
            let column = Int(marker.id)
            var ids = columns[column]
            columns[column] = []
            var kept = 0
            rows.withUnsafeMutableBufferPointer { rows in
                visited.withUnsafeMutableBufferPointer { visited in
                    for k in ids.indices {
                        let id = ids[k], i = Int(id)
                        guard visited[i] != stamp else { continue }
                        visited[i] = stamp
                        let c = rows[i]?.coefficient(for: marker) ?? 0
                        guard c != 0 else { continue }
                        ids[kept] = id
                        kept += 1
                        if rows[i]!.add(delta * c) < 0, kinds[i] != .external { infeasible.append(Symbol(id: id)) }
                    }
                }
            }
            ids.removeLast(ids.count - kept)
            columns[column] = ids
            if !infeasible.isEmpty { infeasibleRows.append(contentsOf: infeasible.sorted()) }
        }
        dualOptimize()
    }

    /// Writes the solution into the variables' `value`s.
    public func updateVariables() {
        rows.withUnsafeBufferPointer { rows in
            for (variable, i) in externals { variable.value = rows[i]?.constant ?? 0 }
        }
    }

    /// Forgets every constraint and edit variable.
    public func reset() {
        constraints = [:]
        variables = [:]
        externals = []
        edits = [:]
        kinds = [.invalid]
        rows = [nil]
        basics = []
        basicPosition = [-1]
        columns = [[]]
        visited = [0]
        infeasibleRows = []
        objective = Row()
        artificial = nil
    }

    // MARK: Building rows

    private func symbol(for variable: Variable) -> Symbol {
        if let s = variables[variable] { return s }
        let s = newSymbol(.external)
        variables[variable] = s
        externals.append((variable, Int(s.id)))
        return s
    }

    /// The constraint's row with the basic symbols substituted, its slack, error or dummy
    /// symbols added (the errors into the objective), and a non-negative constant.
    private func makeRow(for constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !Row.nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if let basic = rows[Int(s.id)] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
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
        for s in [tag.marker, tag.other] where s.isValid && kind(s) == .error {
            objective.insert(s, -constraint.strength.value)
        }
    }

    /// The symbol to make basic: an external one, else a marker that can enter with a
    /// negative coefficient; invalid when none.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for (id, _) in row.cells where kind(id) == .external { return Symbol(id: id) }  // the lowest
        for s in [tag.marker, tag.other] where s.isValid && isRestricted(s) && row.coefficient(for: s) < 0 { return s }
        return .invalid
    }

    /// Adds `row` with an artificial variable, minimised to 0; false when it cannot be (the
    /// constraint is unsatisfiable).
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = newSymbol(.slack)
        setRow(art, row)
        artificial = row
        optimize(objective: false)
        let success = Row.nearZero(artificial!.constant)
        artificial = nil
        if var basic = takeRow(art) {
            if basic.isEmpty { return success }
            guard let entering = basic.cells.first(where: { kind($0.0) == .slack || kind($0.0) == .error }).map({ Symbol(id: $0.0) }) else {
                return false
            }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            setRow(entering, basic)
        }
        for s in rowsContaining(art) { rows[Int(s.id)]!.remove(art) }
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` everywhere, noting rows that became infeasible.
    private func substitute(_ symbol: Symbol, _ row: Row) {
        var infeasible: [Symbol] = []
        for s in rowsContaining(symbol) {
            let i = Int(s.id)
            rows[i]!.substitute(symbol, row)
            noteCells(of: row, in: s)
            if kind(s) != .external, rows[i]!.constant < 0 { infeasible.append(s) }
        }
        columns[Int(symbol.id)] = []  // no row holds it any more
        if !infeasible.isEmpty { infeasibleRows.append(contentsOf: infeasible.sorted()) }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    // MARK: Simplex

    /// Minimises the objective (or, with `objective == false`, the artificial row) by the primal simplex.
    private func optimize(objective useObjective: Bool) {
        while true {
            var entering = Symbol.invalid
            for (id, c) in (useObjective ? objective : artificial!).cells where c < 0 && kind(id) != .dummy {
                entering = Symbol(id: id)  // the lowest-numbered
                break
            }
            guard entering.isValid else { return }
            var leaving = Symbol.invalid
            var ratio = Double.infinity
            for s in rowsContaining(entering) where kind(s) != .external {
                let row = rows[Int(s.id)]!
                let c = row.coefficient(for: entering)
                guard c < 0 else { continue }
                let r = -row.constant / c
                if r < ratio || (r == ratio && s < leaving) {
                    ratio = r
                    leaving = s
                }
            }
            guard leaving.isValid, var row = takeRow(leaving) else {
                preconditionFailure("Cassowary: the objective is unbounded")
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// Restores feasibility after edits by the dual simplex.
    private func dualOptimize() {
        while let leaving = infeasibleRows.popLast() {
            guard let current = rows[Int(leaving.id)], current.constant < 0 else { continue }
            var entering = Symbol.invalid
            var ratio = Double.infinity
            for (id, c) in current.cells where c > 0 && kind(id) != .dummy {
                let r = objective.coefficient(for: Symbol(id: id)) / c
                if r < ratio {
                    ratio = r
                    entering = Symbol(id: id)
                }
            }
            guard entering.isValid, var row = takeRow(leaving) else {
                preconditionFailure("Cassowary: the dual simplex found no entering symbol")
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    // MARK: Removing

    /// Takes a removed constraint's error symbols out of the objective.
    private func removeEffects(of constraint: Constraint, _ tag: Tag) {
        for marker in [tag.marker, tag.other] where marker.isValid && kind(marker) == .error {
            if let row = rows[Int(marker.id)] {
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
        for s in rowsContaining(marker) {
            let row = rows[Int(s.id)]!
            let c = row.coefficient(for: marker)
            guard c != 0 else { continue }
            if kind(s) == .external {
                if third == nil || s < third! { third = s }
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 || (r == r1 && s < first!) {
                    r1 = r
                    first = s
                }
            } else {
                let r = row.constant / c
                if r < r2 || (r == r2 && s < second!) {
                    r2 = r
                    second = s
                }
            }
        }
        return first ?? second ?? third
    }
}
