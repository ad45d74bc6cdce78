// Strata's Cassowary solver against kiwi's C++ core (built by kiwi/build.sh; run with
// solver-vs-kiwi.sh), timed in the same iteration: kiwi runs beside the suite as a process
// answering one measurement per request (kiwi_bench --serve), on the same system, built the same
// way. The system: a grid of N boxes in rows of 20, each 40 × 40, 8 points after the previous
// one in its row, rows 50 points apart; the first box's left edge weakly at 0. Measured: adding
// every constraint and solving; changing one constant in the middle (remove and re-add a
// constraint, solve); and moving the first box by an edit variable, 100 suggestions each
// followed by reading the solution.
//   cd Benchmarks && bash solver-vs-kiwi.sh
import Benchmark
import Cassowary
import Foundation
import StrataBenchmarkSupport

let benchmarks: @Sendable () -> Void = {
    for n in isSmokeRun ? [1000] : [1000, 10_000] {
        let configuration = comparisonConfiguration(iterations: n > 1000 ? 3 : 25, seconds: 4)
        // Each iteration's grid (and for the change and the edits, its constraints added and
        // solved) is made before it, untimed, as kiwi makes its own.
        compare(
            "solver: add \(n) boxes' constraints and solve (reference: kiwi)", configuration: configuration,
            setup: { @MainActor in try Systems(n, .fresh) },
            strata: { s, _ in try s.grid.add(to: s.solver) },
            timedReference: { s, round in try s.kiwi.measure("add", n, round) },
            settle: { s, _ in try s.next() },
            teardown: { s in s.kiwi.stop() })
        compare(
            "solver: change one constant among \(n) boxes (reference: kiwi)", configuration: configuration,
            setup: { @MainActor in try Systems(n, .added) },
            strata: { s, round in
                let (grid, solver) = (s.grid, s.solver)
                try solver.removeConstraint(grid.constraints[grid.middle])
                let m = n / 2 + 1
                try solver.addConstraint(grid.left[m] == grid.left[m - 1] + grid.width[m - 1] + Double(9 + round))
                solver.updateVariables()
                try check(grid.left[m].value == grid.left[m - 1].value + 49 + Double(round), "the changed constant did not move box \(m)")
            },
            timedReference: { s, round in try s.kiwi.measure("change", n, round) },
            settle: { s, _ in try s.next() },
            teardown: { s in s.kiwi.stop() })
        compare(
            "solver: 100 edits moving the first of \(n) boxes (reference: kiwi)", configuration: configuration,
            setup: { @MainActor in try Systems(n, .editing) },
            strata: { s, _ in
                let (grid, solver) = (s.grid, s.solver)
                for step in 0..<100 {
                    try solver.suggestValue(grid.left[0], Double(step))
                    solver.updateVariables()
                }
                try check(grid.left[1].value == 99 + 48, "the edit did not move the row")
            },
            timedReference: { s, round in try s.kiwi.measure("edit", n, round) },
            settle: { s, _ in try s.next() },
            teardown: { s in s.kiwi.stop() })
    }
}

/// The next iteration's system of `n` boxes, made as far as the measured step needs, and kiwi.
final class Systems {
    /// How far a system is made before its iteration: nothing added; its constraints added and
    /// solved; and with an edit variable on the first box's left edge too.
    enum Stage { case fresh, added, editing }
    let n: Int
    let stage: Stage
    let kiwi: Kiwi
    var grid: Grid
    var solver = Solver()

    init(_ n: Int, _ stage: Stage) throws {
        (self.n, self.stage) = (n, stage)
        kiwi = try Kiwi()
        grid = Grid(n)
        try make()
    }

    /// Makes a fresh system for the next iteration.
    func next() throws {
        grid = Grid(n)
        solver = Solver()
        try make()
    }

    private func make() throws {
        if stage != .fresh { try grid.add(to: solver) }
        if stage == .editing { try solver.addEditVariable(grid.left[0], strength: .strong) }
    }
}

/// The grid of `n` boxes: four variables each, and its constraints in order.
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

    /// Adds every constraint to `solver` and solves.
    func add(to solver: Solver) throws {
        for c in constraints { try solver.addConstraint(c) }
        solver.updateVariables()
    }
}

/// kiwi's C++ core in a process of its own (`kiwi-bench --serve`), measuring one step per request.
final class Kiwi {
    private let process = Process()
    private let requests = Pipe(), answers = Pipe()
    private var buffer = Data()

    /// Starts `Benchmarks/.build/kiwi-bench` (or `STRATA_KIWI_BENCH`).
    /// - Throws: `BenchmarkCheckFailed` when the program is not built, naming the script that builds it.
    init() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = ProcessInfo.processInfo.environment["STRATA_KIWI_BENCH"] ?? package.appendingPathComponent(".build/kiwi-bench").path
        try check(
            FileManager.default.isExecutableFile(atPath: path),
            "kiwi's C++ core is not built at \(path): run 'bash Benchmarks/kiwi/build.sh' (it takes kiwi from kiwisolver's source distribution on PyPI), or run the suite with 'bash Benchmarks/solver-vs-kiwi.sh'"
        )
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--serve"]
        process.standardInput = requests
        process.standardOutput = answers
        try process.run()
    }

    /// Has kiwi build the same system and time `step` (add, change or edit) of round `round`;
    /// returns kiwi's time for the step alone.
    func measure(_ step: String, _ n: Int, _ round: Int) throws -> Duration {
        requests.fileHandleForWriting.write(Data("\(step) \(n) \(round)\n".utf8))
        while !buffer.contains(UInt8(ascii: "\n")) {
            let more = answers.fileHandleForReading.availableData
            try check(!more.isEmpty, "kiwi-bench stopped answering (exit status \(process.isRunning ? "none yet" : "\(process.terminationStatus)"))")
            buffer += more
        }
        let line = buffer.prefix { $0 != UInt8(ascii: "\n") }
        buffer.removeSubrange(...buffer.firstIndex(of: UInt8(ascii: "\n"))!)
        let text = String(decoding: line, as: UTF8.self)
        guard let milliseconds = Double(text) else { throw BenchmarkCheckFailed(description: "kiwi-bench answered '\(text)', not milliseconds") }
        return .nanoseconds(Int64(milliseconds * 1e6))
    }

    /// Ends the process.
    func stop() {
        try? requests.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
