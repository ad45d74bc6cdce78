// One mechanism for every Strata benchmark: Strata's work measured by package-benchmark (wall
// clock, CPU, mallocs), and in the same iteration the reference's work (raw GL, raw Pango, the
// codecs' own decode, kiwi), timed beside it and reported as two custom metrics, so a baseline
// comparison shows the ratio's change as well as the times'.
@preconcurrency import Benchmark
import Foundation
import StrataGL

/// The metrics Strata's benchmarks report beside the library's own.
public enum StrataMetric {
    /// The reference's wall time for the same work, in the same iteration, in microseconds.
    public static let reference = BenchmarkMetric.custom("reference (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    /// Strata's wall time as a percentage of the reference's in the same iteration (100: as fast
    /// as the reference; 50: twice as fast).
    public static let percentOfReference = BenchmarkMetric.custom("% of reference", polarity: .prefersSmaller, useScalingFactor: false)
    /// What every comparison records: the library's time, CPU and allocation metrics, and the two above.
    public static let comparison: [BenchmarkMetric] = [
        .wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, reference, percentOfReference,
    ]
    /// Shown as plain counts (the library would scale them to K or M).
    public static let units: [BenchmarkMetric: BenchmarkUnits] = [reference: .count, percentOfReference: .count]
}

/// Whether the suites run as the test job's smoke run (`STRATA_BENCHMARK_SMOKE=1`): one
/// iteration of each benchmark, none for warm-up, to show that every one still runs.
public let isSmokeRun = ProcessInfo.processInfo.environment["STRATA_BENCHMARK_SMOKE"] == "1"

/// `full` in a benchmark run, `smoke` in a smoke run: a workload's size (its name says which).
public func sized(_ full: Int, smoke: Int) -> Int { isSmokeRun ? smoke : full }

/// `n` with its thousands grouped by commas ("10,000"), for benchmark names.
public func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return out
}

/// The configuration of a comparison: `StrataMetric.comparison`, at most `iterations`
/// iterations or `seconds` of measured time, one warm-up iteration; a smoke run has one
/// iteration and no warm-up.
public func comparisonConfiguration(iterations: Int = 25, seconds: Int = 2) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: StrataMetric.comparison, units: StrataMetric.units, warmupIterations: isSmokeRun ? 0 : 1,
        maxDuration: .seconds(isSmokeRun ? 1 : seconds), maxIterations: isSmokeRun ? 1 : iterations)
}

/// Registers a benchmark of Strata against its reference. `setup` makes the state once, on the
/// main actor, before the iterations; each iteration runs `strata` (measured by the library)
/// and then `reference` (timed here), both on the main actor with `iteration`'s index, and
/// records the reference's time and Strata's as a percentage of it; then `settle`, untimed (a
/// frame rendered so the render thread has drained, the state put back). `reference` nil:
/// Strata alone (a benchmark with nothing to compare against). A thrown error fails the
/// benchmark with its description. Call it from a suite's `benchmarks` closure.
public func compare<State>(
    _ name: String, configuration: Benchmark.Configuration = comparisonConfiguration(),
    setup: @escaping @MainActor () async throws -> State,
    strata: @escaping @MainActor (State, _ iteration: Int) async throws -> Void,
    reference: (@MainActor (State, _ iteration: Int) async throws -> Void)?,
    settle: (@MainActor (State, _ iteration: Int) async throws -> Void)? = nil,
    teardown: (@MainActor (State) async throws -> Void)? = nil
) {
    register(name, configuration, Comparison(setup: setup, strata: strata, reference: reference, timedReference: nil, settle: settle, teardown: teardown))
}

/// `compare(_:configuration:setup:strata:reference:settle:teardown:)` for a reference that times
/// itself (one in another process, which measures only the step Strata's side measures):
/// `timedReference` returns the reference's time (nil: none this iteration).
public func compare<State>(
    _ name: String, configuration: Benchmark.Configuration = comparisonConfiguration(),
    setup: @escaping @MainActor () async throws -> State,
    strata: @escaping @MainActor (State, _ iteration: Int) async throws -> Void,
    timedReference: (@MainActor (State, _ iteration: Int) async throws -> Duration?)?,
    settle: (@MainActor (State, _ iteration: Int) async throws -> Void)? = nil,
    teardown: (@MainActor (State) async throws -> Void)? = nil
) {
    register(name, configuration, Comparison(setup: setup, strata: strata, reference: nil, timedReference: timedReference, settle: settle, teardown: teardown))
}

/// `compare(_:configuration:setup:strata:reference:settle:teardown:)` with figures of its own:
/// after `settle`, `report` returns values for custom metrics of the iteration (jitter, counts:
/// what a timed run showed beside its time), recorded as they are. Each metric `report` returns
/// must be in `configuration`'s metrics to be shown.
public func compare<State>(
    _ name: String, configuration: Benchmark.Configuration,
    setup: @escaping @MainActor () async throws -> State,
    strata: @escaping @MainActor (State, _ iteration: Int) async throws -> Void,
    reference: (@MainActor (State, _ iteration: Int) async throws -> Void)?,
    settle: (@MainActor (State, _ iteration: Int) async throws -> Void)? = nil,
    report: @escaping @MainActor (State, _ iteration: Int) async throws -> [(BenchmarkMetric, Int)],
    teardown: (@MainActor (State) async throws -> Void)? = nil
) {
    register(
        name, configuration,
        Comparison(setup: setup, strata: strata, reference: reference, timedReference: nil, settle: settle, report: report, teardown: teardown))
}

/// Registers `run` with the library as the benchmark `name`.
private func register<State>(_ name: String, _ configuration: Benchmark.Configuration, _ run: Comparison<State>) {
    Benchmark(name, configuration: configuration) { benchmark async in
        do {
            try await run.iterate(benchmark)
        } catch {
            benchmark.error(failed(name, error))
        }
    } setup: {
        do {
            try await run.setUp()
        } catch {
            // The library reports a set-up that throws and runs no iteration of it.
            _ = failed(name, error)
            throw error
        }
    } teardown: {
        try await run.tearDown()
    }
}

/// Says that benchmark `name` failed with `error`, on standard error (the library drops a
/// failure when a suite runs on its own, without the plugin), and returns the message for the
/// library; a smoke run exits with status 1 at once, so the job fails on it.
func failed(_ name: String, _ error: any Error) -> String {
    let message = "benchmark '\(name)' failed: \(error)"
    FileHandle.standardError.write(Data((message + "\n").utf8))
    if isSmokeRun { exit(1) }
    return message
}

/// One registered comparison: its closures and, between set-up and tear-down, its state. Main actor.
@MainActor
final class Comparison<State> {
    private let setup: @MainActor () async throws -> State
    private let strata: @MainActor (State, Int) async throws -> Void
    private let reference: (@MainActor (State, Int) async throws -> Void)?
    private let timedReference: (@MainActor (State, Int) async throws -> Duration?)?
    private let settle: (@MainActor (State, Int) async throws -> Void)?
    private let report: (@MainActor (State, Int) async throws -> [(BenchmarkMetric, Int)])?
    private let teardown: (@MainActor (State) async throws -> Void)?
    private var state: State?
    private var iteration = 0

    nonisolated init(
        setup: @escaping @MainActor () async throws -> State, strata: @escaping @MainActor (State, Int) async throws -> Void,
        reference: (@MainActor (State, Int) async throws -> Void)?,
        timedReference: (@MainActor (State, Int) async throws -> Duration?)?, settle: (@MainActor (State, Int) async throws -> Void)?,
        report: (@MainActor (State, Int) async throws -> [(BenchmarkMetric, Int)])? = nil, teardown: (@MainActor (State) async throws -> Void)?
    ) {
        (self.setup, self.strata, self.reference, self.timedReference) = (setup, strata, reference, timedReference)
        (self.settle, self.report, self.teardown) = (settle, report, teardown)
    }

    func setUp() async throws {
        state = try await setup()
        iteration = 0
    }

    func tearDown() async throws {
        if let state, let teardown { try await teardown(state) }
        state = nil
    }

    func iterate(_ benchmark: Benchmark) async throws {
        guard let state else { preconditionFailure("a comparison iterated before its set-up") }
        let index = iteration
        iteration += 1
        benchmark.startMeasurement()
        let start = ContinuousClock.now
        try await strata(state, index)
        let strataTime = ContinuousClock.now - start
        benchmark.stopMeasurement()
        var referenceTime: Duration?
        if let reference {
            let start = ContinuousClock.now
            try await reference(state, index)
            referenceTime = ContinuousClock.now - start
        } else if let timedReference {
            referenceTime = try await timedReference(state, index)
        }
        if let referenceTime {
            benchmark.measurement(StrataMetric.reference, Int((referenceTime.seconds * 1e6).rounded()))
            if referenceTime > .zero {
                benchmark.measurement(StrataMetric.percentOfReference, Int((strataTime.seconds / referenceTime.seconds * 100).rounded()))
            }
        }
        try await settle?(state, index)
        for (metric, value) in try await report?(state, index) ?? [] { benchmark.measurement(metric, value) }
    }
}

extension Duration {
    /// The duration in seconds.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// A thread of its own that runs closures one at a time and waits for each: for GL work, which
/// must stay on the thread that made its context (the benchmark library calls its closures from
/// whichever thread its task runs on).
public final class OwnThread: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var job: (() -> Void)?
    private var busy = false

    /// Starts the thread with a 16 MiB stack; it names itself `name` as the system sees it
    /// (`perf`, `top -H`; at most 15 bytes are kept, see `ThreadOwner.nameCurrentThread`).
    public init(name: String) {
        let thread = Thread { [self] in
            ThreadOwner.nameCurrentThread(name)
            loop()
        }
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// Runs `body` on the thread and returns its result (or throws its error). Any thread but this one.
    public func run<T>(_ body: @escaping () throws -> T) throws -> T {
        nonisolated(unsafe) var result: Result<T, any Error>?
        condition.lock()
        while busy { condition.wait() }
        busy = true
        job = { result = Result { try body() } }
        condition.broadcast()
        while result == nil { condition.wait() }
        busy = false
        condition.broadcast()
        condition.unlock()
        return try result!.get()
    }

    private func loop() {
        condition.lock()
        while true {
            while job == nil { condition.wait() }
            let work = job!
            job = nil
            condition.unlock()
            work()
            condition.lock()
            condition.broadcast()
        }
    }
}

/// A benchmark whose work did not do what it measures (a layout that did not run, a decode that
/// failed): it fails the benchmark with this message rather than report a time for nothing.
public struct BenchmarkCheckFailed: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String

    /// A failure saying `description`.
    public init(description: String) { self.description = description }
}

/// Throws `BenchmarkCheckFailed(message)` unless `condition` holds.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    guard condition else { throw BenchmarkCheckFailed(description: message()) }
}
