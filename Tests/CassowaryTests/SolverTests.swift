import Cassowary
import Testing

/// The solver on its own: required and preferred constraints, strengths, edit variables,
/// removal, conflicts and degenerate systems. Every figure is worked by hand in the comment.
@Suite struct SolverTests {
    @Test func requiredEqualitiesAndInequalitiesHold() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x + y == 100)
        try solver.addConstraint(x - y == 20)
        solver.updateVariables()
        #expect(x.value == 60 && y.value == 40)
        let z = Variable("z")
        try solver.addConstraint(z >= 10)
        try solver.addConstraint(z <= x)
        try solver.addConstraint((z == 100) | .weak)  // pulled up to the 60 x allows
        solver.updateVariables()
        #expect(z.value == 60)
    }

    @Test func aStrongerPreferenceWinsOverAnyNumberOfWeakerOnes() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 10) | .strong)
        for _ in 0..<50 { try solver.addConstraint((x == 20) | .medium) }
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(Strength.required > Strength.strong && Strength.strong > Strength.medium && Strength.medium > Strength.weak)
    }

    /// A 300-point-wide row of two boxes with a 10-point gap between 0 and 300: left.width is
    /// preferred at 100 (strong), right's at 250 (weak): left 100, right 190.
    @Test func preferencesSettleBetweenRequiredEdges() throws {
        let solver = Solver()
        let l0 = Variable("l0"), l1 = Variable("l1"), r0 = Variable("r0"), r1 = Variable("r1")
        for c in [l0 == 0, r1 == 300, r0 == l1 + 10, l1 >= l0, r1 >= r0] { try solver.addConstraint(c) }
        try solver.addConstraint((l1 - l0 == 100) | .strong)
        try solver.addConstraint((r1 - r0 == 250) | .weak)
        solver.updateVariables()
        #expect(l1.value == 100 && r0.value == 110 && r1.value - r0.value == 190)
    }

    @Test func aConflictingRequiredConstraintIsRefusedAndChangesNothing() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(x >= 10)
        let conflict = x <= 5
        #expect(throws: SolverError.self) { try solver.addConstraint(conflict) }
        #expect(!solver.hasConstraint(conflict))
        let equal = x == 3
        #expect(throws: SolverError.self) { try solver.addConstraint(equal) }
        try solver.addConstraint((x == 12) | .medium)
        solver.updateVariables()
        #expect(x.value == 12, "the solver still works after refusing")
        let y = Variable("y")
        try solver.addConstraint(y == 2)
        #expect(throws: SolverError.self) { try solver.addConstraint(y == 3) }
        solver.updateVariables()
        #expect(y.value == 2)
    }

    @Test func removingAConstraintReleasesItsVariables() throws {
        let solver = Solver()
        let x = Variable("x")
        let pin = x == 50
        try solver.addConstraint((x == 10) | .weak)
        try solver.addConstraint(pin)
        solver.updateVariables()
        #expect(x.value == 50)
        try solver.removeConstraint(pin)
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(throws: SolverError.unknownConstraint("\(pin)")) { try solver.removeConstraint(pin) }
        let twice = x >= 0
        try solver.addConstraint(twice)
        #expect(throws: SolverError.self) { try solver.addConstraint(twice) }
    }

    /// x is edited; y = x + 20 and y <= 100: suggesting 50 gives y 70; suggesting 200 is held
    /// at 80 by the required bound.
    @Test func editVariablesMoveIncrementallyWithinRequiredBounds() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(y == x + 20)
        try solver.addConstraint(y <= 100)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 50)
        solver.updateVariables()
        #expect(x.value == 50 && y.value == 70)
        try solver.suggestValue(x, 200)
        solver.updateVariables()
        #expect(x.value == 80 && y.value == 100)
        try solver.suggestValue(x, -5)
        solver.updateVariables()
        #expect(x.value == -5 && y.value == 15)
        #expect(throws: SolverError.badRequiredStrength) { try solver.addEditVariable(y, strength: .required) }
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: .weak) }
        #expect(throws: SolverError.self) { try solver.suggestValue(y, 1) }
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
    }

    /// Degenerate systems: a variable in no constraint reads 0; redundant required equalities
    /// are accepted; a constraint of constants that holds is accepted, one that fails refused.
    @Test func degenerateSystems() throws {
        let solver = Solver()
        let x = Variable("x"), free = Variable("free")
        try solver.addConstraint(x == 5)
        try solver.addConstraint(x * 2 == 10)  // redundant
        try solver.addConstraint(x + free - free == 5)  // the free variable cancels out
        #expect(throws: SolverError.self) { try solver.addConstraint(Constraint(Expression(constant: 1), .equal, Expression(constant: 2))) }
        try solver.addConstraint(Constraint(Expression(constant: 2), .equal, Expression(constant: 2)))
        solver.updateVariables()
        #expect(x.value == 5 && free.value == 0)
    }

    /// A chain of 1,000 boxes, each 10 wide after the previous with a 1-point gap: the last
    /// ends at 1,000 × 11 − 1 = 10,999; moving the first by an edit moves the whole chain.
    @Test func aLongChainSolvesAndFollowsAnEdit() throws {
        let solver = Solver()
        let starts = (0..<1000).map { Variable("s\($0)") }
        try solver.addConstraint((starts[0] == 0) | .weak)
        for (a, b) in zip(starts, starts.dropFirst()) { try solver.addConstraint(b == a + 11) }
        solver.updateVariables()
        #expect(starts[999].value + 10 == 10_999)
        try solver.addEditVariable(starts[0], strength: .strong)
        try solver.suggestValue(starts[0], 100)
        solver.updateVariables()
        #expect(starts[999].value == 100 + 999 * 11)
    }
}
