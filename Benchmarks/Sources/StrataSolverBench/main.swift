// Strata's Cassowary solver on the systems Benchmarks/kiwi/kiwi_bench.py gives kiwisolver (run
// both with Benchmarks/solver-vs-kiwi.sh, which prints the ratios): a grid of N boxes in rows of
// 20, each 40 × 40, 8 points after the previous one in its row, rows 50 points apart; the first
// box's left edge weakly at 0. Measured: adding every constraint and solving; changing one
// constant in the middle (remove and re-add a constraint, solve); and moving the first box by an
// edit variable, 100 suggestions each followed by reading the solution. Medians of 5 rounds, in
// milliseconds, one line per measurement: "name N milliseconds".
import Cassowary
import Foundation

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

struct Grid {
    let left: [Variable], top: [Variable], width: [Variable], height: [Variable]
    var constraints: [Constraint] = []
    var middle = 0

    init(_ n: Int) {
        left = (0..<n).map { Variable("l\($0)") }
        top = (0..<n).map { Variable("t\($0)") }
        width = (0..<n).map { Variable("w\($0)") }
        height = (0..<n).map { Variable("h\($0)") }
        for i in 0..<n {
            constraints.append(width[i] == 40)
            constraints.append(height[i] == 40)
            constraints.append(top[i] == Double(i / 20) * 50)
            if i % 20 == 0 {
                if i == 0 { constraints.append((left[0] == 0) | .weak) } else { constraints.append(left[i] == left[i - 20]) }
            } else {
                if i == n / 2 + 1 { middle = constraints.count }
                constraints.append(left[i] == left[i - 1] + width[i - 1] + 8)
            }
        }
    }
}

for n in [1000, 10_000] {
    var add: [Double] = [], change: [Double] = [], edit: [Double] = []
    for round in 0..<5 {
        let grid = Grid(n)
        let solver = Solver()
        add.append(
            try milliseconds {
                for c in grid.constraints { try solver.addConstraint(c) }
                solver.updateVariables()
            })
        let i = grid.middle
        let old = grid.constraints[i]
        change.append(
            try milliseconds {
                try solver.removeConstraint(old)
                let m = n / 2 + 1
                try solver.addConstraint(grid.left[m] == grid.left[m - 1] + grid.width[m - 1] + Double(9 + round))
                solver.updateVariables()
            })
        try solver.addEditVariable(grid.left[0], strength: .strong)
        edit.append(
            try milliseconds {
                for step in 0..<100 {
                    try solver.suggestValue(grid.left[0], Double(step))
                    solver.updateVariables()
                }
            })
        precondition(grid.left[1].value == 99 + 48, "the edit did not move the row")
    }
    print("add \(n) \(median(add))")
    print("change \(n) \(median(change))")
    print("edit \(n) \(median(edit))")
}
